//! The expert's hint and who holds what at a remote table whose creator allows them (the
//! table's `help` flag), worked out as the solo table works them out, from the seat's own
//! view alone: its hand, the calls and the cards played. No card the seat was not sent is in
//! it, and the seats the expert names are turned around the player as every other seat said.

use super::{JoinLine, Request};
use crate::bots::expert::{Advice, Budget, Reason, holds};
use crate::line::say::{self, NotNow};
use crate::session::work::{Cancel, HintRequest};

impl JoinLine {
    /// `hint`: the expert's advice for the player's turn is asked, or said again if it is in.
    pub(super) fn hint(&mut self) -> Option<Request> {
        let w = self.words;
        if !self.table.help_allowed() {
            self.say(w.no_help_here());
            return None;
        }
        let (Some(view), true) = (self.table.view.as_ref(), self.table.my_turn()) else {
            self.say(say::not_now(w, NotNow::NoHint, ""));
            return None;
        };
        if let Some((revision, advice)) = &self.advice
            && *revision == view.revision
        {
            let said = say::hint(w, advice.as_ref());
            self.say(said);
            return None;
        }
        Some(Request::Hint(HintRequest {
            revision: view.revision,
            view: view.view.clone(),
            // The expert's advice reads the view alone; the seed is not the game's, unknown here.
            seed: 0,
            budget: Budget::DEFAULT,
            cancel: Cancel::new(),
        }))
    }

    /// The expert's answer to the hint asked at `revision`: said, its seats turned, if the turn
    /// is still the one asked about.
    pub fn advised(&mut self, revision: u64, advice: Option<Advice>) {
        let current = self.table.view.as_ref().map(|v| v.revision);
        if current != Some(revision) || !self.table.my_turn() {
            return;
        }
        let advice = advice.map(|mut a| {
            if let Reason::Placed { seat, .. } = &mut a.reason {
                *seat = self.table.turned(*seat);
            }
            a
        });
        let said = say::hint(self.words, advice.as_ref());
        self.advice = Some((revision, advice));
        self.say(said);
    }

    /// `holds`: who holds what, as the seat can tell, while a deal is bid or played.
    pub(super) fn say_holds(&mut self) {
        let w = self.words;
        if !self.table.help_allowed() {
            return self.say(w.no_help_here());
        }
        match self.table.seat_view().and_then(holds) {
            Some(h) => {
                let table = &self.table;
                let lines = say::holds_as(w, &h, |s| table.turned(s));
                for l in lines {
                    self.say(l);
                }
            }
            None => self.say(say::not_now(w, NotNow::NoHolds, "")),
        }
    }
}
