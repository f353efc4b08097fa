//! The computer players. A bot decides from a [`SeatView`] alone, so it cannot see hidden cards.
//!
//! Levels: `random` (passes, plays a uniformly random legal card: the baseline), and the levels
//! built on card memory and bidding conventions.

pub mod personas;

use std::fmt;

use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::game::{Action, SeatView};
use crate::rules::{Call, Card, legal_cards};

pub use personas::{Persona, Style};

/// How strong a bot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Always passes; plays a uniformly random legal card.
    Random,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 1] = [Level::Random];

    /// The strongest level, the default at the table.
    pub const STRONGEST: Level = Level::Random;

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the bot of `level` and `style` does in the situation `view`, for the seat to act.
/// `view` must be a situation where `view.seat` is to act; the answer is always legal.
pub fn decide(view: &SeatView, level: Level, _style: Style, rng: &mut impl rand::Rng) -> Action {
    match level {
        Level::Random => random_action(view, rng),
    }
}

/// The baseline: pass during the auction, a uniformly random legal card during the play.
fn random_action(view: &SeatView, rng: &mut impl rand::Rng) -> Action {
    let Some(trump) = view.trump() else {
        return Action::Bid(Call::Pass);
    };
    let trick =
        view.tricks().last().copied().unwrap_or(crate::rules::Trick::new(view.dealer.next()));
    let legal: Vec<Card> = legal_cards(view.hand, &trick, trump).iter().collect();
    match legal.len() {
        0 => Action::Bid(Call::Pass),
        n => Action::Play(legal[rng.random_range(0..n)]),
    }
}
