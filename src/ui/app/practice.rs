//! The app's side of the exercises: telling the player of those the session made and files after
//! each deal, and routing the practice screen's keys, clicks and loaded exercises to it
//! ([`crate::ui::practice`]).

use crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::exercises::Exercise;
use crate::session::commands::Availability;
use crate::session::effects::Effect;
use crate::text::T;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::practice::{Practice, PracticeOut};
use crate::ui::screen::{Hit, Screen};

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
    fn leave_practice(&mut self) {
        let Screen::Practice(p) = &mut self.base else { return };
        let resume = p.resume.take();
        self.back_to_start(resume);
    }

    fn practice_mut(&mut self) -> Option<&mut Practice> {
        match &mut self.base {
            Screen::Practice(p) if self.over.is_empty() && self.popups.is_empty() => Some(p),
            _ => None,
        }
    }

    /// A key on the practice screen: the table's own while choosing, then Enter for the next
    /// exercise; Esc (or the table's menu key) goes back. False when the key is not the
    /// practice's: quitting, suspending, the help, the tricks played, or a popup over the
    /// screen.
    pub(super) fn practice_key(&mut self, mode: Mode, cmd: Cmd, key: KeyEvent) -> bool {
        let app_s = matches!(cmd, Cmd::Quit | Cmd::Suspend | Cmd::Help | Cmd::LastTrick);
        if self.practice_mut().is_none() || app_s {
            return false;
        }
        if matches!(cmd, Cmd::Close | Cmd::Menu) {
            self.leave_practice();
            return true;
        }
        match self.availability(mode, cmd) {
            Availability::Now => {}
            Availability::NotNow(Some(why)) => {
                self.say(why);
                return true;
            }
            Availability::NotNow(None) | Availability::Never => return true,
        }
        let prefs = self.session.prefs();
        let Some(p) = self.practice_mut() else { return true };
        if p.choosing() {
            let digit = match key.code {
                KeyCode::Char(c) => c.to_digit(10),
                _ => None,
            };
            let out = p.key(cmd, digit);
            self.practice_follow(out);
        } else if cmd == Cmd::Act {
            p.next(prefs);
        }
        true
    }

    /// A click on the practice screen: a card or a bidding button of the exercise's table.
    pub(super) fn practice_click(&mut self, hit: Hit) -> bool {
        let Some(p) = self.practice_mut() else { return false };
        let out = match hit {
            Hit::Card(card) => p.click_card(card),
            Hit::Bid(b) => p.click_bid(b),
            Hit::Call(row) => {
                p.click_call(row);
                return true;
            }
            Hit::Continue => {
                let prefs = self.session.prefs();
                if let Some(p) = self.practice_mut() {
                    p.next(prefs);
                }
                return true;
            }
            _ => return false,
        };
        self.practice_follow(out);
        true
    }

    fn practice_follow(&mut self, out: Vec<PracticeOut>) {
        for o in out {
            match o {
                PracticeOut::Reviewed(e) => self.session.push(Effect::ReviewExercise(e)),
                PracticeOut::Told(notice) => self.say(notice),
            }
        }
    }
}
