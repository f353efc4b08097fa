//! The deal of the day on the terminal table: chosen on the start screen (its first result read
//! from the disk by an [`Effect::LoadDaily`]) or asked on the command line, played through the
//! session ([`crate::session::daily`]) as a deal played again; at its summary's button, the end
//! screen ([`DailyScreen`]) with its result and share line. Leaving it goes back to the start
//! screen it was chosen on, or, asked on the command line, quits.

use super::{App, Back};
use crate::game::daily::{Day, daily_game};
use crate::session::daily::Daily;
use crate::session::effects::Effect;
use crate::store::{DailyEntry, DailyFile};
use crate::text::T;
use crate::ui::screens::Screen;
use crate::ui::screens::daily::DailyScreen;
use crate::ui::screens::start::StartScreen;

impl App {
    /// The deal of the day at the table, if it is one.
    pub fn daily(&self) -> Option<&Daily> {
        self.session.daily()
    }

    /// The deal of the day asked on the start screen: its first result is read first.
    pub(super) fn ask_daily(&mut self) {
        self.session.push(Effect::LoadDaily);
    }

    /// The deals of the day played are read: today's is played, as practice when it was played
    /// already.
    pub fn daily_loaded(&mut self, file: DailyFile) {
        let Screen::Start(_) = &self.base else { return };
        let day = self.today;
        let first = file.of(day).cloned();
        let back = match &self.base {
            Screen::Start(s) => Some(s.clone()),
            _ => None,
        };
        self.play_daily_from(day, first, back);
    }

    /// Plays the deal of `day`, asked on the command line: leaving it quits. `first` is its
    /// result the first time, when it was played already (this play is then practice).
    pub fn play_daily(&mut self, day: Day, first: Option<DailyEntry>) {
        self.play_daily_from(day, first, None);
    }

    /// Plays the deal of `day`; leaving it goes back to the start screen `back`, or quits.
    fn play_daily_from(
        &mut self,
        day: Day,
        first: Option<DailyEntry>,
        back: Option<Box<StartScreen>>,
    ) {
        let practice = first.is_some();
        let Some(out) = self.session.play_daily(daily_game(day), day, first) else { return };
        self.back = Some(Back::Daily(DailyScreen { back }));
        self.seated(out);
        let said = self.words().t(if practice { T::DailyPractice } else { T::DailyPlaying });
        self.tell(said.to_string());
    }

    /// The deal of the day is over and its summary closed: its end screen.
    pub(super) fn open_daily_end(&mut self) {
        self.popups.clear();
        let screen = match self.back.take() {
            Some(Back::Daily(d)) => d,
            _ => DailyScreen::default(),
        };
        self.over.push(Screen::Daily(Box::new(screen)));
    }

    /// Leaves the deal of the day: back to the start screen it was chosen on, or the table
    /// closes. False when no deal of the day is at the table.
    pub(super) fn leave_daily(&mut self) -> bool {
        if self.session.daily().is_none() {
            return false;
        }
        let back = match self.over.pop() {
            Some(Screen::Daily(d)) => d.back,
            _ => match self.back.take() {
                Some(Back::Daily(d)) => d.back,
                _ => None,
            },
        };
        let _ = self.session.end_again();
        self.popups.clear();
        self.over.clear();
        match back {
            Some(start) => self.base = Screen::Start(start),
            None => {
                self.base = Screen::Start(Box::default());
                self.quit = true;
            }
        }
        true
    }
}
