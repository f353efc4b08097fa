//! Search over the card play: a [`Position`] to search from, the double-dummy [`Solver`], and
//! exact sampling of the [`worlds`] a seat cannot tell apart.

mod order;
mod position;
mod solver;
mod table;
#[cfg(test)]
mod tests;

pub use position::{Position, PositionError};
pub use solver::{CardValues, DEFAULT_TABLE_BITS, OutOfBudget, Outcome, Solver};
