//! Practice: the exercises made from South's clear mistakes, served one by one on the table
//! itself, set as it was at the decision (the hand, the trick, the auction, the cards played).
//! The player chooses with the table's own keys and clicks; the choice is not played on, but
//! judged against the expert's answer kept with the exercise ([`Exercise::judge`]), and the
//! exercise's review state written back ([`PracticeOut::Reviewed`], filed by the app as an effect). This screen owns its
//! state and its update; the app only routes keys, clicks and the exercises loaded to it.

use super::keymap::Cmd;
use super::table_screen::{BidButton, TableScreen};
use crate::exercises::{self, Exercise, Verdict};
use crate::game::Action;
use crate::rules::{Card, Seat};
use crate::session::games::Resumable;
use crate::session::settings::Prefs;
use crate::session::table::{Notice, Out, Table, TableMsg};

/// The practice screen.
#[derive(Clone, Debug, Default)]
pub struct Practice {
    /// The exercises, once loaded.
    exercises: Option<Vec<Exercise>>,
    /// The exercise served.
    served: Option<Served>,
    /// The saved game the start screen offered, offered again on the way back.
    pub resume: Option<Resumable>,
}

/// An exercise on the table.
#[derive(Clone, Debug)]
struct Served {
    /// Its index among the exercises.
    index: usize,
    /// The table set as it was, then as the choice left it.
    screen: TableScreen,
    /// The table as it was, shown again once the choice is judged: what the table did with
    /// the choice (the deal played on, a deal over) is no part of the exercise.
    at: TableScreen,
    /// The choice made, once made.
    attempt: Option<Attempt>,
}

/// A choice made in an exercise, and how it compares with the expert's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attempt {
    /// The choice.
    pub action: Action,
    /// How it compares.
    pub verdict: Verdict,
}

/// What the practice asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeOut {
    /// An exercise answered, its new review state to be written ([`crate::session::effects::Effect::ReviewExercise`]).
    Reviewed(Box<Exercise>),
    /// Something the table says of the choice (a card that may not be played).
    Told(Notice),
}

/// How many pauses the table set at an exercise may open on before South's turn.
const SETTLE: usize = 8;

impl Practice {
    /// The screen, waiting for the exercises; `resume` is given back on leaving.
    pub fn new(resume: Option<Resumable>) -> Practice {
        Practice { exercises: None, served: None, resume }
    }

    /// The exercises are loaded: the first due is served.
    pub fn loaded(&mut self, exercises: Vec<Exercise>, prefs: Prefs) {
        self.exercises = Some(exercises);
        self.serve(prefs);
    }

    /// Every exercise, once loaded.
    pub fn exercises(&self) -> Option<&[Exercise]> {
        self.exercises.as_deref()
    }

    /// The exercise served.
    pub fn exercise(&self) -> Option<&Exercise> {
        let s = self.served.as_ref()?;
        self.exercises.as_ref()?.get(s.index)
    }

    /// The table of the exercise served.
    pub fn table(&self) -> Option<&TableScreen> {
        self.served.as_ref().map(|s| &s.screen)
    }

    /// The choice made in the exercise served, once made.
    pub fn attempt(&self) -> Option<Attempt> {
        self.served.as_ref()?.attempt
    }

    /// Whether the player is choosing on the table.
    pub fn choosing(&self) -> bool {
        self.served.as_ref().is_some_and(|s| s.attempt.is_none())
    }

    /// The next exercise due, on a table of its own; nothing when there is none (or its deal
    /// could not be set, which a checked exercise never is).
    fn serve(&mut self, prefs: Prefs) {
        self.served = None;
        let Some(all) = self.exercises.as_ref() else { return };
        let Some(index) = exercises::next(all) else { return };
        let Ok(game) = all[index].game() else { return };
        let (mut table, _) = Table::new(game, prefs, 0);
        // The table opens on South's turn: its pause for a new deal has nothing to show.
        for _ in 0..SETTLE {
            if table.wait().is_none() {
                break;
            }
            let _ = table.update(TableMsg::Timer);
        }
        let mut screen = TableScreen::new(table);
        let _ = screen.update(TableMsg::Timer);
        let at = screen.clone();
        self.served = Some(Served { index, screen, attempt: None, at });
    }

    /// After an answer, the next exercise.
    pub fn next(&mut self, prefs: Prefs) {
        if self.attempt().is_some() {
            self.serve(prefs);
        }
    }

    /// A key of the table while choosing.
    pub fn key(&mut self, cmd: Cmd, digit: Option<u32>) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = match cmd {
            Cmd::Yes | Cmd::No => s.screen.update(TableMsg::Confirm(cmd == Cmd::Yes)),
            _ => s.screen.key(cmd, digit),
        };
        self.follow(out)
    }

    /// A click on a card of South's hand while choosing.
    pub fn click_card(&mut self, card: Card) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = s.screen.click_card(card);
        self.follow(out)
    }

    /// A click on a bidding button while choosing.
    pub fn click_bid(&mut self, b: BidButton) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = s.screen.click_bid(b);
        self.follow(out)
    }

    /// A click on a row of the auction panel: its meaning is read, or closed. An answered
    /// exercise's auction is read as well.
    pub fn click_call(&mut self, row: crate::ui::auction::Selected) {
        if let Some(s) = self.served.as_mut() {
            s.screen.click_call(row);
        }
    }

    /// Closes the meaning read on the exercise's table; false when none was.
    pub fn close_meaning(&mut self) -> bool {
        self.served.as_mut().is_some_and(|s| s.screen.close_meaning())
    }

    /// What the table did with the key: South's choice is judged, and nothing else the table
    /// asks (a computer player to think, a save) is carried out.
    fn follow(&mut self, out: Vec<Out>) -> Vec<PracticeOut> {
        let mut said = Vec::new();
        for o in out {
            match o {
                Out::Acted(Seat::South, action) => said.extend(self.answer(action)),
                Out::Told(notice) => said.push(PracticeOut::Told(notice)),
                _ => {}
            }
        }
        said
    }

    /// South chose `action`: judged, the table stopped where it is, and the exercise's new
    /// review state to be written.
    fn answer(&mut self, action: Action) -> Option<PracticeOut> {
        let s = self.served.as_mut()?;
        let all = self.exercises.as_mut()?;
        let answered = exercises::answered(all);
        let e = all.get_mut(s.index)?;
        let verdict = e.judge(action);
        e.review = e.review.after(verdict.solved(), answered);
        s.screen.table_mut().stop();
        s.screen = s.at.clone();
        s.attempt = Some(Attempt { action, verdict });
        Some(PracticeOut::Reviewed(Box::new(e.clone())))
    }
}
