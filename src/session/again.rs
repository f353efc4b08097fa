//! A deal played again: a finished deal of the game at the table (or of a filed game), or the
//! first deal of a deal-record file, dealt again with the same hands, dealer and computer
//! players ([`crate::game::Replay`]). It counts neither in the game nor in the statistics: the
//! session drops its saves and records ([`Session::send`]), so the disk keeps the game in
//! progress as it was (a crash meanwhile loses nothing of it), and its end sits that game down
//! again as it was. Every front end plays a deal again through here, the deal of the day too
//! ([`super::daily`]).

use super::controller::{Again, AtTable, Session};
use super::daily::Daily;
use super::table::Out;
use crate::game::Game;
use crate::rules::ByTeam;

/// How a deal played again ended.
#[derive(Clone, Debug, PartialEq)]
pub enum AgainOver {
    /// The game it came from sits down again: what its table opens on.
    Back(Vec<Out>),
    /// It came from a deal file: there is no game to go back to.
    Closed,
}

impl<T: AtTable> Session<T> {
    /// Whether the deal at the table is a deal played again.
    pub fn playing_again(&self) -> bool {
        self.again.is_some()
    }

    /// The score of the deal played again the first time it was played, if it was.
    pub fn first_result(&self) -> Option<ByTeam<u16>> {
        self.again.as_ref().and_then(|a| a.first)
    }

    /// Plays `game`'s deal as a deal played again, the game at the table (if any) set aside
    /// until it is over; `first` is its score the first time. `None`, with nothing done, while
    /// a deal is played again already.
    pub fn play_again(&mut self, game: Game, first: Option<ByTeam<u16>>) -> Option<Vec<Out>> {
        self.play_again_as(game, first, None, false)
    }

    /// Plays `game`'s deal as a deal played again, a deal of the day when `daily` says which,
    /// with the training wheels on when `wheels`.
    pub(super) fn play_again_as(
        &mut self,
        game: Game,
        first: Option<ByTeam<u16>>,
        daily: Option<Daily>,
        wheels: bool,
    ) -> Option<Vec<Out>> {
        if self.again.is_some() {
            return None;
        }
        let from = self.unseat();
        self.again = Some(Box::new(Again { from, first, daily, wheels }));
        Some(self.sit(game))
    }

    /// Plays `game`'s first deal as a first deal with the training wheels on: the expert's hint
    /// at each of South's turns. It counts nowhere, as a deal played again.
    pub fn play_first_deal(&mut self, game: Game) -> Option<Vec<Out>> {
        self.play_again_as(game, None, None, true)
    }

    /// Whether the deal at the table is a first deal with the training wheels on.
    pub fn first_deal(&self) -> bool {
        self.again.as_ref().is_some_and(|a| a.wheels)
    }

    /// Ends the deal played again: the game it came from sits down again as it was. `None`
    /// when no deal is played again.
    pub fn end_again(&mut self) -> Option<AgainOver> {
        let again = self.again.take()?;
        let _ = self.unseat();
        Some(match again.from {
            Some(game) => AgainOver::Back(self.sit(game)),
            None => AgainOver::Closed,
        })
    }
}
