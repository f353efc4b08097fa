//! The `expert` level: card play, bidding and contres worked out in sampled worlds by the
//! double-dummy solver, and the advice and deal analysis the table shows.
//!
//! A decision draws the worlds the seat cannot tell apart (`worlds.rs`: every hard constraint of
//! the view kept, each world weighted by how well it explains the auction and the declarations,
//! `inference.rs`), then scores each option in the same worlds with the [`Solver`], on the deal's
//! score as the rules write it (`stakes.rs`, `probe.rs`): each legal card (`card.rs`), each call
//! worth weighing (`call.rs`). The best on average is played.
//!
//! A decision is anytime: it weighs worlds one at a time until its [`Budget`] is spent (worlds,
//! solver nodes, time) or a cancellation flag is raised, and then answers with what it has; a
//! decision that could weigh nothing answers as the `normal` level. With a budget counted in
//! worlds and nodes only, the answer depends only on the view, the seed and the budget, as the
//! arena needs; with a time limit (at the table, `--think-ms`), on the machine too.
//!
//! For the table: [`advise`] gives the action with its [`Reason`] and every option's estimate;
//! [`analysis::analyse`] reviews a finished deal's decisions for one seat.

mod advice;
pub mod analysis;
mod call;
mod card;
mod inference;
mod probe;
mod stakes;
mod worlds;

use std::time::Duration;

pub use advice::{Advice, Estimate, Reason};
pub use analysis::{DealAnalysis, DoubleDummy, Review, analyse};
pub(crate) use call::failure_odds;

use super::Decision;
use super::bidding::Reading;
use crate::search::Solver;

/// How the expert reads the other seats' calls.
const READING: Reading = Reading::EXPERT;

/// Worlds drawn for each world weighed, the pool the inference's weights choose from, and the
/// most drawn for one decision.
const POOL_PER_WORLD: usize = 8;
const MAX_POOL: usize = 512;

/// The worlds to draw for a decision that weighs at most `worlds`.
fn pool(worlds: u32) -> usize {
    (worlds as usize * POOL_PER_WORLD).min(MAX_POOL)
}

/// The same in the auction, whose calls narrow the hands much more than the play's constraints:
/// a bid shows a few cards that few uniform draws hold.
const AUCTION_POOL_PER_WORLD: usize = 32;
const MAX_AUCTION_POOL: usize = 2048;

/// The worlds to draw for an auction decision that weighs at most `worlds`.
fn auction_pool(worlds: u32) -> usize {
    (worlds as usize * AUCTION_POOL_PER_WORLD).min(MAX_AUCTION_POOL)
}

/// What one decision may spend. Worlds and nodes make it reproducible; a time limit makes it
/// answer in time whatever the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most worlds weighed.
    pub worlds: u32,
    /// The most solver nodes in all.
    pub nodes: u64,
    /// The most solver nodes for one question about one world: a world that needs more is
    /// left out, so that no deal can take the whole budget.
    pub probe_nodes: u64,
    /// The most time, if any.
    pub think: Option<Duration>,
}

/// The time the expert thinks over each decision at the table and in `contree bot`, unless
/// `--think-ms` says otherwise.
pub const DEFAULT_THINK: Duration = Duration::from_millis(100);

/// The worlds a time-limited decision weighs at most: more than fit in the default time but
/// late in a deal, where a few more change little.
const THINK_WORLDS: u32 = 64;

/// Nodes one probe may search: a few milliseconds on one core. Nearly every probe needs far
/// fewer (a few thousand at the opening lead); the few that would need more cost a world.
const PROBE_NODES: u64 = 50_000;

/// Nodes a decision may search for each world it may weigh: about 3 ms on one core, so that a
/// budget in worlds is also one in time (32 worlds, about 100 ms).
const NODES_PER_WORLD: u64 = 50_000;

impl Budget {
    /// A reproducible budget of `worlds` worlds, and nodes in proportion.
    pub const fn worlds(worlds: u32) -> Budget {
        Budget {
            worlds,
            nodes: worlds as u64 * NODES_PER_WORLD,
            probe_nodes: PROBE_NODES,
            think: None,
        }
    }

    /// A budget of `think` time, with more worlds and nodes than it can spend.
    pub const fn think(think: Duration) -> Budget {
        Budget { think: Some(think), nodes: u64::MAX, ..Budget::worlds(THINK_WORLDS) }
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

/// What the expert does in `decision`'s situation, and why: the action (always legal) with its
/// [`Reason`] and every option's estimate. The style only shapes the convention's bids it
/// starts from; the same view, seed and budget in worlds give the same advice.
pub fn advise(decision: &Decision) -> Advice {
    let Decision { view, style, budget, cancel, .. } = *decision;
    let rng = &mut decision.rng();
    with_solver(|solver| match view.contract() {
        Some(contract) => card::advise(view, contract, rng, budget, cancel, solver),
        None => call::advise(view, style, rng, budget, cancel, solver),
    })
}

#[cfg(test)]
mod tests;
