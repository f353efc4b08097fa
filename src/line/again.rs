//! A finished deal of the game played again in the line mode ("again 2", "rejouer 2"), as the
//! screen plays it: the same hands, dealer and computer players; its saves and records are not
//! carried out, so the disk keeps the game in progress as it was, and at its end (or at "quit")
//! the game sits down again where it was.

use super::LineMode;
use super::say::{self, NotNow};
use crate::game::{Game, Replay};
use crate::rules::{ByTeam, Team};
use crate::text::T;

impl LineMode {
    /// Plays finished deal `n` (from 1) of the game again.
    pub(super) fn play_again(&mut self, n: usize) {
        let w = self.words();
        let deal = self
            .game()
            .filter(|_| self.again.is_none())
            .and_then(|g| Replay::deal_of(g, n.wrapping_sub(1)));
        let (game, first) = match deal {
            Some((Ok(game), first)) => (game, first),
            // A deal the game played is one the rules allow: the rules' own words otherwise.
            Some((Err(e), _)) => return self.say(w.text(&format!("{e}.")).into_owned()),
            None => return self.say(say::not_now(w, NotNow::NoSuchDeal(n), "")),
        };
        let Some(from) = self.table.take().map(|t| self.games.stand(t)) else { return };
        self.again = Some(Box::new((from, first)));
        self.say(w.text(&format!("{}.", w.t(T::PlayingAgain))).into_owned());
        self.sit(game, false);
    }

    /// What a deal played again adds to its summary: its first result.
    pub(super) fn say_first_result(&mut self) {
        let w = self.words();
        let Some(first) = self.again.as_ref().map(|a| a.1) else { return };
        let line = format!(
            "{}{}{} {}, {} {}.",
            w.t(T::FirstTime),
            w.colon(),
            w.t(T::Us),
            first[Team::NS],
            w.t(T::Them),
            first[Team::EW]
        );
        self.say(w.text(&line).into_owned());
    }

    /// Ends the deal played again: the game sits down again where it was. False when no deal
    /// is played again.
    pub(super) fn end_again(&mut self) -> bool {
        let Some(again) = self.again.take() else { return false };
        let (game, _): (Game, ByTeam<u16>) = *again;
        let w = self.words();
        self.say(w.text(&format!("{}.", say::capital(w.t(T::ResumePlay)))).into_owned());
        self.sit(game, false);
        true
    }
}
