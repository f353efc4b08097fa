//! The app's side of the course: opening it from the start screen (or `contree learn`), its
//! progress read from the disk for it and written as it changes, leaving it, and its end, a
//! first deal with the expert's hints ([`crate::ui::screens::course`]).

use super::{App, Back};
use crate::game::{GameOptions, new_game};
use crate::learn::CourseProgress;
use crate::learn::course::Course;
use crate::session::effects::Effect;
use crate::session::review::History;
use crate::text::T;
use crate::ui::popups::Popup;
use crate::ui::screens::Screen;
use crate::ui::screens::course::CourseScreen;

impl App {
    /// The course, from the start screen or the command line: its progress is read for it.
    pub fn open_course(&mut self) {
        self.session.push(Effect::LoadCourse);
    }

    /// The course's progress is read: the course opens on its map, the saved game the start
    /// screen offered kept for the way back.
    pub(super) fn course_loaded(&mut self, progress: CourseProgress) {
        let resume = self.start_mut().and_then(|s| s.resume.take());
        if !matches!(self.base, Screen::Start(_)) {
            return;
        }
        let screen = CourseScreen::new(Course::new(progress), self.words(), resume);
        self.popups.clear();
        self.over.clear();
        self.base = Screen::Course(Box::new(screen));
    }

    /// The course's progress changed: it is written.
    pub(super) fn write_course(&mut self) {
        if let Screen::Course(c) = &self.base {
            let progress = c.course().progress().clone();
            self.session.push(Effect::WriteCourse(Box::new(progress)));
        }
    }

    /// Back from the course to the start screen, the saved game offered again.
    pub(super) fn leave_course(&mut self) {
        let Screen::Course(c) = &mut self.base else { return };
        let resume = c.resume.take();
        self.back_to_start(resume);
    }

    /// The course's end: a first deal, with the training wheels on (the expert's hint at each
    /// of South's turns, each call's meaning read as it is made), a deal of its own that
    /// counts in no game; the course waits for it.
    pub(super) fn first_deal(&mut self) {
        let Screen::Course(course) =
            std::mem::replace(&mut self.base, Screen::Start(Box::default()))
        else {
            return;
        };
        let seed = self.session.fresh_seed();
        let game = new_game(GameOptions::default(), seed, None);
        let Some(out) = self.session.play_first_deal(game) else {
            self.base = Screen::Course(course);
            return;
        };
        self.back = Some(Back::Course(course, false));
        self.seated(out);
        self.follow_auction();
        let said = self.words().t(T::FirstDealPlaying).to_string();
        self.tell(said);
    }

    /// During the first deal, the meaning read follows the auction.
    pub(super) fn follow_auction(&mut self) {
        if self.session.first_deal()
            && let Some(t) = self.session.table_mut()
        {
            t.follow_auction();
        }
    }

    /// The first deal's summary closed: its review first, then back to the course. False when
    /// the deal is no first deal.
    pub(super) fn first_deal_continued(&mut self) -> bool {
        let Some(Back::Course(_, reviewed)) = self.back.as_mut() else { return false };
        if *reviewed {
            return self.end_first_deal();
        }
        *reviewed = true;
        let Some(game) = self.game() else { return false };
        let mut history = History::of(game);
        history.open(0);
        self.popups.retain(|p| !matches!(p, Popup::DealEnd));
        self.popups.push(Popup::History(history));
        true
    }

    /// Ends the first deal: back to the course, the deal counted done once played to its end.
    /// False when the deal is no first deal.
    pub(super) fn end_first_deal(&mut self) -> bool {
        let Some(Back::Course(mut course, _)) = self.back.take() else { return false };
        let over = self.game().is_some_and(|g| !g.history().is_empty());
        let _ = self.session.end_again();
        self.popups.clear();
        self.over.clear();
        if over {
            course.course_mut().first_deal_played();
        }
        let changed = course.course_mut().take_changed();
        self.base = Screen::Course(course);
        if changed {
            self.write_course();
        }
        true
    }
}
