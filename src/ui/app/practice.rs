//! The app's side of the exercises: telling the player of those the session made and files after
//! each deal, opening and leaving the practice screen, and handing it its keys and the
//! exercises loaded ([`crate::ui::screens::practice`]).

use super::App;
use crate::exercises::Exercise;
use crate::session::commands::Availability;
use crate::session::effects::Effect;
use crate::text::T;
use crate::ui::component::{PracticeOut, Press};
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::screens::Screen;
use crate::ui::screens::practice::Practice;

impl App {
    /// Exercises made by the worker, which the session files: the player is told.
    pub(super) fn exercises_made(&mut self) {
        if self.status.is_none() && self.game().is_some() {
            let said = self.words().t(T::ExerciseMade).to_string();
            self.tell(said);
        }
    }

    /// The practice screen, from the start screen: the exercises are loaded for it.
    pub(super) fn open_practice(&mut self) {
        let resume = self.start_mut().and_then(|s| s.resume.take());
        self.popups.clear();
        self.over.clear();
        self.base = Screen::Practice(Box::new(Practice::new(resume)));
        self.session.push(Effect::LoadExercises);
    }

    /// The exercises loaded, for the practice screen if it is open.
    pub(super) fn practice_loaded(&mut self, exercises: Vec<Exercise>) {
        let prefs = self.session.prefs();
        if let Screen::Practice(p) = &mut self.base {
            p.loaded(exercises, prefs);
        }
    }

    /// Back from the practice screen to the start screen, the saved game offered again.
    pub(super) fn leave_practice(&mut self) {
        let Screen::Practice(p) = &mut self.base else { return };
        let resume = p.resume.take();
        self.back_to_start(resume);
    }

    /// Whether a screen that sets its own table is seen, the exercises or the course, with
    /// nothing over it: it takes the table's keys itself.
    fn practice_seen(&self) -> bool {
        matches!(self.base, Screen::Practice(_) | Screen::Course(_))
            && self.over.is_empty()
            && self.popups.is_empty()
    }

    /// A key on the practice screen, given to it when it applies now. False when the key is
    /// not the practice's: quitting, suspending, the help, the tricks played, or a popup over
    /// the screen.
    pub(super) fn practice_key(&mut self, mode: Mode, press: Press) -> bool {
        let app_s = matches!(press.cmd, Cmd::Quit | Cmd::Suspend | Cmd::Help | Cmd::LastTrick);
        if !self.practice_seen() || app_s {
            return false;
        }
        // Leaving is always open.
        if !matches!(press.cmd, Cmd::Close | Cmd::Menu) {
            match self.availability(mode, press.cmd) {
                Availability::Now => {}
                Availability::NotNow(Some(why)) => {
                    self.say(why);
                    return true;
                }
                Availability::NotNow(None) | Availability::Never => return true,
            }
        }
        self.route_press(press);
        true
    }

    /// What the exercise's table said of the choice: the exercise's review state is filed, and
    /// what the table tells is said.
    pub(super) fn practice_follow(&mut self, out: Vec<PracticeOut>) {
        for o in out {
            match o {
                PracticeOut::Reviewed(e) => self.session.push(Effect::ReviewExercise(e)),
                PracticeOut::Told(notice) => self.say(notice),
            }
        }
    }
}
