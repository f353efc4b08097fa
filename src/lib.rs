//! contree: belote contrée by the French Belote Federation's rules, in the terminal.
//!
//! The crate is a library with a binary on top: [`rules`] is the pure rules engine; [`game`] a
//! whole game; [`bots`] the computer players and [`arena`] their duplicate matches; [`search`]
//! the search over the card play (positions, the double-dummy solver, the worlds a seat cannot
//! tell apart); [`store`] keeps the game, the [`stats`] and the history of games on disk; [`ui`]
//! is the terminal table; [`cli`] holds the command line outside the table; [`score`] checks deal
//! records.

pub mod arena;
pub mod bots;
pub mod cli;
pub mod files;
pub mod game;
pub mod mix;
pub mod personas;
pub mod rules;
pub mod score;
pub mod search;
pub mod stats;
pub mod store;
pub mod ui;
