//! Search over the card play: a [`Position`] to search from, the double-dummy [`Solver`] that
//! plays it perfectly with every hand known, and the [`Worlds`] a seat cannot tell apart.
//!
//! This module sits beside [`crate::bots`] and under it: it knows the rules (and, for its keys,
//! the crate's mixing step [`crate::mix`]) and nothing of seats'
//! views, levels or personas. Every rule it applies comes from [`crate::rules`] (the legal cards
//! of the game's [`Rules`](crate::rules::Rules), the order of play and the winner of a trick
//! through `legal_cards` and `Trick`, card points and rank order through `Card::points`,
//! `Card::strength` and `Card::power`, each trick taken with its dix de der and capot by
//! `TrickTaking::play`), called from two small places: `position.rs` for the play and
//! `order.rs` for the tables the search builds once per trump mode. Every trump mode (a suit,
//! sans atout, tout atout) and rule set (contrée, coinche, plain: clockwise, underruffing) goes
//! through them; a new one reaches the search the same way, with no search code to change. The
//! search's inner loop plays on `state.rs`, a working copy of the position that keeps the
//! trick's winner and points as the cards fall, takes its tricks (the last two tricks' endgame
//! included) and reads the legal cards off those tables; its tests check it against the rules'
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
//! # What is built on it
//!
//! - **The expert** (its cards, calls and contres, South's hints, the advice of the deal
//!   review): for each decision, [`Worlds`] from the seat's memory; a pool of worlds drawn with
//!   the decision's seeded generator (all of them when [`Worlds::count`] is no more than the
//!   pool), weighed by how well each explains the auction, and resampled; a [`Position`] per
//!   world with [`Position::from_parts`]; then, for each option in the *same* worlds, a few
//!   [`Solver::reaches`] probes per world, as many as the deal's score needs, each within a node
//!   limit ([`Solver::set_node_limit`]). A budget counted in worlds and nodes keeps the answer
//!   the same for the same seed on any machine, as the arena needs.
//! - **`normal`'s contre**: the same worlds before the play, a few of them, one probe each
//!   under a node limit.
//! - **The deal review's double-dummy result**: [`Solver::solve`] on the hands as dealt.
//! - **The `oracle`** (arena only) plays [`Solver::best_card`] on the true position.
//!
//! A [`Solver`]'s tables (1.8 MiB by default) are allocated when it is made and carry over
//! from call to call, between probes, cards and worlds (an entry holds for every position of
//! its shape, so worlds of one decision share what they have in common); [`Solver::new_deal`]
//! ages them between deals. The expert makes a fresh solver for each decision (in about a
//! tenth of a millisecond), so that what a node budget lets the decision see does not depend on
//! what was searched before; the oracle keeps one per worker thread. Calls allocate nothing;
//! [`Worlds::new`] allocates its count table once per decision, draws do not.
//!
//! # How the solver is checked
//!
//! Against a plain minimax (no pruning, no table, no merging) on every position of the last
//! four tricks of random deals in every trump suit, card by card; `cargo test --release --lib
//! search::tests::brute_force_sweep -- --ignored` runs the large sweep. `cargo bench --bench
//! solver` measures it; the repository's `docs/solver.md` lays out the solver file by file and
//! lists what was measured and left out.
//!
//! # Example
//!
//! A whole deal solved with every hand known, then one card at a time.
//!
//! ```
//! use contree::rules::{BySeat, CardSet, Rules, Seat, Suit, Team, Trump};
//! use contree::search::{Position, Solver};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let hand = |cards: &str| {
//!     cards.split_whitespace().map(str::parse).collect::<Result<CardSet, _>>()
//! };|cards: &str| cards.split_whitespace().map(str::parse).collect::<Result<CardSet, _>>();
//! let hands = BySeat([
//!     hand("JS 9S AS 10H KH 7D 8D 7C")?, // South
//!     hand("7S 8S AH 9H 9D 10D 8C 9C")?, // East
//!     hand("QS KS QH JH AD KD 10C JC")?, // North
//!     hand("10S 7H 8H JD QD AC KC QC")?, // West
//! ]);
//! // Spades are trumps and South leads, under contrée's rules.
//! let pos = Position::new(hands, Trump::Suit(Suit::Spades), Seat::South, Rules::default())?;
//!
//! let mut solver = Solver::new();
//! let value = solver.solve(&pos)?;
//! let ns = value.points(Team::NS);
//! assert_eq!(ns + value.points(Team::EW), if value.capot().is_some() { 252 } else { 162 });
//!
//! // Whether North-South reach 82 is one probe, and agrees with the exact value.
//! assert_eq!(solver.reaches(&pos, Team::NS, 82)?, ns >= 82);
//!
//! // Each of South's cards, valued; the best of them is the deal's value.
//! let values = solver.card_values(&pos)?;
//! assert_eq!(values.best(Team::NS), Some(value));
//! let (card, best) = solver.best_card(&pos)?.expect("South has a card to lead");
//! assert_eq!((values.get(card), best), (Some(value), value));
//! # Ok(())
//! # }
//! ```

mod alphabeta;
mod bounds;
mod endgames;
mod moves;
mod order;
mod position;
mod solver;
mod state;
#[cfg(test)]
mod tests;
mod transpositions;
mod worlds;

pub use position::{Position, PositionError};
pub use solver::{CardValues, DEFAULT_TABLE_BITS, DealValue, OutOfBudget, Solver};
pub use worlds::{Constraints, WorldError, Worlds};
