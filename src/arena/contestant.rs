//! The arena's contestants: each level of the table, the gambler who overbids, and the oracle
//! who sees every hand, named on the command line and deciding each of their calls and cards.

use std::fmt;

use crate::bots::bidding::PERSON;
use crate::bots::expert::Budget;
use crate::bots::{Decision, Level, gambler};
use crate::game::{Action, Game};
use crate::personas::BiddingStyle;
use crate::rules::{Card, CardPlay, Seat};
use crate::search::{Position, Solver};

/// A player of the arena: a level of the table, or a player the table never offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contestant {
    /// A level, playing as it does at the table.
    Level(Level),
    /// Bids 20 to 40 points above what its hand is worth and never contres; plays its cards as
    /// `normal` ([`gambler`]).
    Gambler,
    /// Sees every hand and plays the double-dummy solver's best card: the ceiling of card play.
    /// It bids as `normal`, from its own hand only.
    Oracle,
}

impl Contestant {
    /// Every contestant: the levels, weakest first, then the arena's own players.
    pub const ALL: [Contestant; Level::ALL.len() + 2] = {
        let mut all = [Contestant::Gambler; Level::ALL.len() + 2];
        let mut i = 0;
        while i < Level::ALL.len() {
            all[i] = Contestant::Level(Level::ALL[i]);
            i += 1;
        }
        all[i + 1] = Contestant::Oracle;
        all
    };

    /// The name used on the command line and in the reports.
    pub const fn name(self) -> &'static str {
        match self {
            Contestant::Level(level) => level.name(),
            Contestant::Gambler => "gambler",
            Contestant::Oracle => "oracle",
        }
    }

    /// The level the contestant's calls are read by: a level's own; the gambler's, a player's
    /// own way, as a person's ([`PERSON`]); the oracle's, `normal`'s, by which it bids.
    pub const fn reads_as(self) -> Level {
        match self {
            Contestant::Level(level) => level,
            Contestant::Gambler => PERSON,
            Contestant::Oracle => Level::Normal,
        }
    }

    /// What the contestant plays for `seat`, the seat to act in `game`, with its style, the
    /// seed of its stream and the expert's budget. The levels and the gambler are handed only
    /// the seat's view of the deal ([`Game::view`]), so they cannot see a hidden card; the
    /// oracle alone reads the whole deal, and only to play its cards.
    pub fn decide(
        self,
        game: &Game,
        seat: Seat,
        style: BiddingStyle,
        seed: u64,
        budget: Budget,
    ) -> Action {
        if self == Contestant::Oracle
            && let Some(card) = game.deal().play.as_ref().and_then(oracle_card)
        {
            return Action::Play(card);
        }
        let view = game.view(seat);
        let decision = Decision { view: &view, style, seed, budget, cancel: None };
        match self {
            Contestant::Level(level) => level.decide(&decision),
            Contestant::Gambler => gambler::decide(&decision),
            // The oracle bids as `normal`, and plays as it when the deal cannot be read.
            Contestant::Oracle => Level::Normal.decide(&decision),
        }
    }
}

thread_local! {
    /// The oracle's solver, one per worker thread.
    static ORACLE: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
}

/// The oracle's card: the solver's best with every hand in view (none once the play is over).
pub(super) fn oracle_card(play: &CardPlay) -> Option<Card> {
    let pos = Position::from_card_play(play).ok()?;
    ORACLE.with(|s| {
        let mut solver = s.borrow_mut();
        solver.set_node_limit(None);
        solver.best_card(&pos).ok().flatten().map(|(card, _)| card)
    })
}

impl From<Level> for Contestant {
    fn from(level: Level) -> Contestant {
        Contestant::Level(level)
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
