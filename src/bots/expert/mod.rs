//! The `expert` level: card play, bidding and contres worked out in sampled worlds by the
//! double-dummy solver, and the advice and deal analysis the table shows.
//!
//! A decision draws the worlds the seat cannot tell apart (`worlds.rs`: every hard constraint of
//! the view kept, each world weighted by how well it explains the auction, the declarations and
//! the cards the other seats chose, `inference.rs`), then scores each option in the same worlds with the [`Solver`], on the deal's
//! score as the rules write it (`stakes.rs`, `probe.rs`): each legal card (`card.rs`), each call
//! worth weighing with the rest of the auction bid by the convention (`call.rs`). The advice
//! keeps every option's outcome in every world, so that its figures come with their standard
//! error and any option's cost against the advised one is paired world by world (`advice.rs`);
//! its reason states a fact checked before it is given (`reasons.rs`).
//!
//! **One computation.** The advice is a pure function of the seat's view (which carries the
//! rules and the game's context) and a [`Budget`] counted in worlds and solver nodes: its
//! generator is seeded from the view itself ([`crate::bots::view_hash`]) and a fixed constant,
//! never from a game's seed nor the clock, and its bidding styles are fixed, whatever the
//! persona at the table (its own call from the convention's bold count, the rest of the
//! auction by the cautious one). The expert level's decision is the
//! advice's action, so the computer player, the hint, `contree bot` and the deal's analysis
//! give the same answer to the same situation, on any machine and any thread. A cancellation
//! flag may stop it; a cancelled computation answers nothing ([`advise`] gives `None`).
//!
//! For the table: [`advise`] gives the action with its [`Reason`] and every option's
//! [`Estimate`]; [`advise_and_cost`] adds what another action costs against it (a call the
//! advice did not weigh is weighed in the same worlds afterwards, so the advice stays the
//! same); [`analysis::analyse`] reviews a finished deal's decisions for one seat.

mod advice;
pub mod analysis;
mod call;
mod card;
pub mod holds;
mod inference;
mod margins;
mod probe;
mod reasons;
mod stakes;
mod words;
#[cfg(test)]
pub(crate) use words::tests::every_reason;
mod worlds;

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

pub use advice::{Advice, Cost, Estimate, MISTAKE_ERRORS, MISTAKE_POINTS, Reason};
pub use analysis::{DealAnalysis, DoubleDummy, Review, analyse};
pub(crate) use call::failure_odds;
pub use holds::{Holds, HoldsBudget, holds, holds_within};

use super::Decision;
use super::bidding::Reading;
use crate::game::{Action, SeatView};
use crate::personas::BiddingStyle;
use crate::search::Solver;
use inference::Readings;

/// How the expert reads the calls while it calls: its partner's by the convention, the other
/// side's wider on overbids, so that an overbidder's failing contract looks what it is.
const CALLING: Readings = Readings { partner: Reading::EXPERT, opponents: Reading::OPPONENTS };
/// How it reads them in the play, where the cards chosen soon say more than the calls: every
/// seat's by the convention (the other side's read wider there placed the cards of bids made by
/// the convention less well; `docs/strength.md`).
const PLAYING: Readings = Readings::alike(Reading::EXPERT);

/// The reading of the calls for `view`: [`CALLING`] in the auction, [`PLAYING`] once the
/// contract is known.
fn reading(view: &SeatView) -> Readings {
    if view.contract().is_some() { PLAYING } else { CALLING }
}

/// Worlds drawn uniformly for each world weighed: the pool the inference's weights choose
/// from ([`worlds::Knowledge::draw`]). It grows with the worlds wanted, never capped, so that
/// more worlds are drawn from as many more: [`MAX_WORLDS`] draw 80,000 (320,000 in the
/// auction), a few megabytes and a fraction of a second beside the solver's time.
const POOL_PER_WORLD: usize = 8;

/// The worlds to draw for a decision that weighs at most `worlds`.
fn pool(worlds: u32) -> usize {
    worlds as usize * POOL_PER_WORLD
}

/// The steps each world drawn for a card or a call is walked ([`worlds::Knowledge::walk`]), so
/// that the copies the resampling makes of a likely world become as many distinct worlds.
const WALK: usize = 32;

/// The same in the auction, whose calls narrow the hands much more than the play's constraints:
/// a bid shows a few cards that few uniform draws hold.
const AUCTION_POOL_PER_WORLD: usize = 32;

/// The worlds to draw for an auction decision that weighs at most `worlds`.
fn auction_pool(worlds: u32) -> usize {
    worlds as usize * AUCTION_POOL_PER_WORLD
}

/// What one decision may spend: worlds and solver nodes, so that the answer depends only on the
/// view and the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most worlds weighed.
    pub worlds: u32,
    /// The most solver nodes in all.
    pub nodes: u64,
    /// The most solver nodes for one question about one world: a world that needs more is
    /// left out, so that no deal can take the whole budget.
    pub probe_nodes: u64,
}

/// The worlds each decision weighs at the table, in `contree bot` and in the arena, unless
/// told otherwise: 32 (a card takes milliseconds; a call, which follows each candidate with the
/// rest of the auction in every world, tens to hundreds of milliseconds on one core).
pub const DEFAULT_WORLDS: u32 = 32;

/// The most worlds a decision is asked to weigh from the command line (`contree bot`, `analyse`
/// and `arena`'s `--worlds`): every budget up to it is honoured, its pools in proportion.
pub const MAX_WORLDS: u32 = 10_000;

/// Nodes one probe may search: a few milliseconds on one core. Nearly every probe needs far
/// fewer (a few thousand at the opening lead); the few that would need more cost a world.
const PROBE_NODES: u64 = 50_000;

/// Nodes a decision may search for each world it may weigh: about 3 ms on one core, so that a
/// budget in worlds is also one in time (32 worlds, about 100 ms).
const NODES_PER_WORLD: u64 = 50_000;

impl Budget {
    /// The worlds a decision weighs: the budget's, at most [`MAX_WORLDS`], so that no budget
    /// asks for more memory than that many worlds' pools; its nodes still bound its time.
    pub const fn weighed(self) -> u32 {
        if self.worlds < MAX_WORLDS { self.worlds } else { MAX_WORLDS }
    }

    /// A budget of `worlds` worlds, and nodes in proportion.
    pub const fn worlds(worlds: u32) -> Budget {
        Budget { worlds, nodes: worlds as u64 * NODES_PER_WORLD, probe_nodes: PROBE_NODES }
    }

    /// The budget of the table, of `contree bot` and of the arena: [`DEFAULT_WORLDS`] worlds.
    pub const DEFAULT: Budget = Budget::worlds(DEFAULT_WORLDS);
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// The solver's table: 1.5 MiB (and its cache of endgames, 0.3 MiB), made afresh for each
/// decision in about a tenth of a millisecond.
const TABLE_BITS: u32 = 14;

/// Runs `f` with a fresh solver. Each decision starts from the same solver state, so that its
/// node counts, and with them what a node budget lets it see, do not depend on what was searched
/// before: the same view, seed and budget give the same answer on any thread.
fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    f(&mut Solver::with_table_bits(TABLE_BITS))
}

/// The style in which the expert sees the rest of an auction bid, whatever the persona: the
/// convention's plain count, which its partner and its reading of the other seats assume.
const STYLE: BiddingStyle = BiddingStyle::Cautious;

/// The style of the expert's own call before it is weighed, whatever the persona: the
/// convention's bold count, within what its partner reads (the reading spans both styles), and
/// made only where no call weighed beside it, the cautious one among them, pays the margin more
/// and one standard error ([`margins::pays_more`]).
const OWN_STYLE: BiddingStyle = BiddingStyle::Bold;

/// Mixed with the view's hash into the seed of a decision's generator.
const ADVICE_SEED: u64 = 0x6578_7065_7274_2031;

/// One decision to work out: the view, what it may spend, and the flag that cancels it.
#[derive(Clone, Copy)]
struct Ask<'a> {
    view: &'a SeatView,
    /// The seed of every random draw of the decision: from the view alone.
    seed: u64,
    budget: Budget,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Ask<'a> {
    fn new(view: &'a SeatView, budget: Budget, cancel: Option<&'a AtomicBool>) -> Ask<'a> {
        Ask { view, seed: ADVICE_SEED ^ super::view_hash(view), budget, cancel }
    }

    /// The decision's generator.
    fn rng(&self) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(self.seed)
    }

    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// What the expert does in `decision`'s situation, and why: the action (always legal) with its
/// [`Reason`] and every option's estimate; `None` when the decision's flag was raised before it
/// was done. Only the view, the budget and the flag are read: the expert's style and seed are
/// its own, so the same view and budget always give the same advice.
pub fn advise(decision: &Decision) -> Option<Advice> {
    work_out(decision, None).map(|(advice, _)| advice)
}

/// [`advise`], and what `played` costs against the advised action: `None` in the pair when
/// `played` could not be weighed (it is not legal, or no world it was weighed in was also one
/// of the advice's). A call the advice does not weigh is weighed afterwards in the same worlds,
/// with a node budget of its own, so the advice is the same as [`advise`]'s.
pub fn advise_and_cost(decision: &Decision, played: Action) -> Option<(Advice, Option<Cost>)> {
    work_out(decision, Some(played))
}

fn work_out(decision: &Decision, played: Option<Action>) -> Option<(Advice, Option<Cost>)> {
    let ask = Ask::new(decision.view, decision.budget, decision.cancel);
    let answer = with_solver(|solver| match ask.view.contract() {
        Some(contract) => {
            let advice = card::advise(&ask, contract, solver);
            let cost = played.and_then(|p| advice.cost(p));
            (advice, cost)
        }
        None => {
            let played = match played {
                Some(Action::Bid(call)) => Some(call),
                _ => None,
            };
            call::advise(&ask, solver, played)
        }
    });
    (!ask.cancelled()).then_some(answer)
}

#[cfg(test)]
mod tests;
