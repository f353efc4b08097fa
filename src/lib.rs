//! contree: belote contrée by the French Belote Federation's rules, in the terminal.
//!
//! The crate is a library with a binary on top: [`rules`] is the pure rules engine; the
//! `score` command checks deal records against it.

pub mod arena;
pub mod bots;
pub mod game;
pub mod rules;
pub mod score;
