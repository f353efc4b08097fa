//! A finished deal of the game played again in the line mode ("again 2", "rejouer 2"), through
//! the session as the screen plays it ([`crate::session::again`]): the same hands, dealer and
//! computer players; its saves and records are not carried out, so the disk keeps the game in
//! progress as it was, and at its end (or at "quit") the game sits down again where it was.

use super::LineMode;
use super::say;
use crate::game::Replay;
use crate::rules::Team;
use crate::session::again::AgainOver;
use crate::text::T;

impl LineMode {
    /// Plays finished deal `n` (from 1) of the game again.
    pub(super) fn play_again(&mut self, n: usize) {
        let w = self.words();
        let deal = self
            .game()
            .filter(|_| !self.session.playing_again())
            .and_then(|g| Replay::deal_of(g, n.wrapping_sub(1)));
        let (game, first) = match deal {
            Some((Ok(game), first)) => (game, first),
            // A deal the game played is one the rules allow: the rules' own words otherwise.
            Some((Err(e), _)) => return self.say(w.text(&format!("{e}.")).into_owned()),
            None => return self.say(say::not_now(w, self.no_such_deal(n), "")),
        };
        let Some(out) = self.session.play_again(game, Some(first)) else { return };
        self.say(w.text(&format!("{}.", w.t(T::PlayingAgain))).into_owned());
        self.sat(out, false);
    }

    /// What a deal played again adds to its summary: its first result.
    pub(super) fn say_first_result(&mut self) {
        let w = self.words();
        let Some(first) = self.session.first_result() else { return };
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

    /// Ends the deal played again: the game it came from sits down again where it was, and
    /// that is said. False when no deal is played again, or when it came from no game (the
    /// deal of the day): the table is then empty, for the line mode to close.
    pub(super) fn end_again(&mut self) -> bool {
        let Some(AgainOver::Back(out)) = self.session.end_again() else { return false };
        let w = self.words();
        self.say(w.text(&format!("{}.", say::capital(w.t(T::ResumePlay)))).into_owned());
        self.sat(out, false);
        true
    }
}
