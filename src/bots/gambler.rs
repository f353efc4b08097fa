//! The gambler: a player of the arena only, never at the table. It bids 20 to 40 points above
//! what its hand is worth and never contres, like a human who overbids and dares the computer
//! players to punish it; it plays its cards as the `normal` level does.
//!
//! It follows the bidding convention of [`bidding`] on a hand counted too high:
//! each deal it draws an overbid in [`OVERBID`] and adds it to its count when it opens, competes
//! and raises its partner. It surcontres by the convention, on its true count.

use std::ops::RangeInclusive;

use rand::{RngExt, SeedableRng};

use super::bidding::{self, Bidding};
use super::{Decision, Level};
use crate::game::{Action, SeatView};
use crate::mix::splitmix;

/// The points the gambler adds to its hand's worth, drawn once per deal.
pub const OVERBID: RangeInclusive<i32> = 20..=40;

/// The gambler's overbid for the deal of `view`, drawn from `seed` and the hand dealt, so it
/// stays the same through the whole auction.
pub fn overbid(view: &SeatView, seed: u64) -> i32 {
    // The hand does not change during the auction; with the seat it tells the deals apart.
    let deal = u64::from(view.hand().0) | (view.seat().index() as u64) << 32;
    rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed ^ splitmix(deal)).random_range(OVERBID)
}

/// What the gambler does in `decision`'s situation, with the decision's generator as the
/// levels' ([`Level::decide`]); the answer is always legal.
pub fn decide(decision: &Decision) -> Action {
    let Decision { view, style, seed, .. } = *decision;
    let auction = view.auction();
    if auction.contract().is_some() {
        return Level::Normal.decide(decision);
    }
    let bidding = Bidding::gambler(overbid(view, seed));
    let mut rng = decision.rng();
    Action::Bid(bidding::decide_call(view.seat(), view.hand(), auction, style, bidding, &mut rng))
}
