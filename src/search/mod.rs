//! Search over the card play: a [`Position`] to search from, the double-dummy [`Solver`] that
//! plays it perfectly with every hand known, and the [`Worlds`] a seat cannot tell apart.
//!
//! This module sits beside [`crate::bots`] and under it: it knows the rules and nothing of seats'
//! views, levels or personas. Every rule it applies comes from [`crate::rules`] (the legal cards
//! of the game's [`Rules`](crate::rules::Rules), the order of play and the winner of a trick
//! through `legal_cards` and `Trick`, card points and rank order through `Card::points`,
//! `Card::strength` and `Card::power`, the dix de der and the capot through `trick_bonus`),
//! called from two small places: `position.rs` for the play and `order.rs` for the tables the
//! search builds once per trump mode. Every trump mode (a suit, sans atout, tout atout) and rule
//! set (contrée, coinche, plain: clockwise, underruffing) goes through them; a new one reaches
//! the search the same way, with no search code to change. The search's inner loop plays on
//! `state.rs`, a working copy of the position that keeps the trick's winner and points as the
//! cards fall and reads the legal cards off those tables; its tests check it against the rules'
//! `legal_cards`, `Trick::winner` and `Trick::points` on arbitrary tricks and whole deals.
//!
//! # The pieces
//!
//! - [`Position`] (`Copy`, 48 bytes): hands, trick, trump mode, rules, points and tricks taken.
//!   Copy-make play in a few nanoseconds; [`Position::key`] a hash of everything the rest of the
//!   deal depends on.
//! - [`Solver`]: exact card points with perfect play from any position, as a [`DealValue`] (the
//!   points of each team, 252 on a capot); [`Solver::reaches`] ("do the takers make 82?", one
//!   null-window probe); [`Solver::card_values`] (each legal card's value);
//!   [`Solver::cards_reaching`] (the cards that keep a target); [`Solver::solve_within`] (the
//!   points to a resolution, e.g. 10); [`Solver::best_card`] (the `oracle`'s move). A node
//!   budget ([`Solver::set_node_limit`]) bounds every call; a call that runs out says what it
//!   proved ([`OutOfBudget`]).
//! - [`Worlds`]: from [`Constraints`] (the unseen cards, what each seat may hold, how many it
//!   holds), the exact number of consistent deals and any of them by index, so a uniform draw
//!   costs one random number and no rejection.
//!
//! # For the levels built on it
//!
//! - **Expert card play** (sampled worlds): build [`Worlds`] once per decision from the seat's
//!   memory, draw a batch of worlds with the decision's seeded generator (or list them all when
//!   [`Worlds::count`] is small), make a [`Position`] per world with [`Position::from_parts`],
//!   and score every legal card on the *same* worlds with [`Solver::cards_reaching`] (made or
//!   failed) or [`Solver::card_values`] (points). Batches let the caller stop when one card is
//!   clearly ahead or the budget is spent; a budget counted in worlds (and nodes) keeps the
//!   answer the same for the same seed on any machine, as the arena needs.
//! - **Bidding and contre**: the same worlds before the play, one [`Solver::reaches`] per
//!   contract; `normal` can afford a few worlds and a node limit.
//! - **The `oracle`** (arena only) plays [`Solver::best_card`] on the true position.
//! - **Hints and the deal review**: [`Solver::card_values`] says what each card costs.
//!
//! One [`Solver`] per thread, kept from call to call: its tables (1.8 MiB by default) are
//! allocated once and carry over between probes, cards and worlds (an entry holds for every
//! position of its shape, so worlds of one decision share what they have in common); [`Solver::new_deal`] ages it between deals. Calls
//! allocate nothing; [`Worlds::new`] allocates its count table once per decision, draws do not.
//!
//! # How the solver is checked
//!
//! Against a plain minimax (no pruning, no table, no merging) on every position of the last
//! four tricks of random deals in every trump suit, card by card; `cargo test --release
//! search::tests::brute_force_sweep -- --ignored` runs the large sweep. `cargo bench --bench
//! solver` measures it.

mod alphabeta;
mod bounds;
mod endgames;
mod moves;
mod order;
mod position;
mod solver;
mod state;
mod table;
#[cfg(test)]
mod tests;
mod worlds;

pub use position::{Position, PositionError};
pub use solver::{CardValues, DEFAULT_TABLE_BITS, DealValue, OutOfBudget, Solver};
pub use worlds::{Constraints, WorldError, Worlds};
