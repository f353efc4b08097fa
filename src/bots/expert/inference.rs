//! How well a world explains what the other seats said and did: the soft constraints, as a
//! likelihood of each world's dealt hands. The hard ones (voids, no trump, cards shown) are
//! already in the worlds drawn; these only weigh them.
//!
//! - **The auction**: each call of another seat, read backwards by the convention the bots use
//!   ([`Meaning::likelihood`]): an opening shows its count, a raise its sure tricks, a pass
//!   its limits, a contre its hold on the trump. The reading is wide on overbids, which are
//!   common, so that an overbid contract still looks like what it is.
//! - **The declarations** (`coinche`): a seat that has played its first card announced its best
//!   combination, as the bots do; a world where it holds a better one, or one where it announced
//!   nothing, is less likely.

use crate::bots::bidding::{Meaning, Reading, every_call};
use crate::game::SeatView;
use crate::rules::{BySeat, CardSet, Combination, Seat, Trump};

/// Of worlds where a seat holds a better declaration than it announced, how many are kept: a
/// player may choose to say less, the bots never do.
const DECLARATION_SLIP: f64 = 0.1;

/// The soft constraints of one decision.
#[derive(Clone, Debug)]
pub(crate) struct Inference {
    /// What each call of another seat shows, read from the auction before it.
    calls: Vec<Meaning>,
    /// `coinche`, once the contract is known: each other seat's announced declaration, once it
    /// has played its first card.
    declared: Vec<(Seat, Combination)>,
    trump: Option<Trump>,
    reading: Reading,
}

impl Inference {
    /// The soft constraints of `view`, for its seat.
    pub(crate) fn new(view: &SeatView, reading: Reading) -> Inference {
        let calls: Vec<Meaning> =
            every_call(view.auction()).into_iter().filter(|m| m.seat != view.seat()).collect();
        let contract = view.auction().contract();
        let declared = match contract {
            Some(_) if view.rules().set.has_declarations() => view
                .declared()
                .0
                .iter()
                .filter(|&(s, _)| s != view.seat())
                .filter_map(|(s, c)| c.map(|c| (s, c)))
                .collect(),
            _ => Vec::new(),
        };
        Inference { calls, declared, trump: contract.map(|c| c.trump()), reading }
    }

    /// The likelihood of the dealt hands `dealt` (up to a constant factor).
    pub(crate) fn weight(&self, dealt: &BySeat<CardSet>) -> f64 {
        let mut w = 1.0;
        for meaning in &self.calls {
            w *= meaning.likelihood(dealt[meaning.seat], &self.reading);
        }
        if let Some(trump) = self.trump {
            for &(seat, announced) in &self.declared {
                if Combination::best(dealt[seat], trump).announced() != announced {
                    w *= DECLARATION_SLIP;
                }
            }
        }
        w
    }
}
