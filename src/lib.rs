//! contree: belote contrée by the French Belote Federation's rules, in the terminal.
//!
//! The crate is a library with a binary on top, in layers that each name only those under them
//! (ARCHITECTURE.md draws them): [`rules`], the pure rules engine; [`text`], the words of the
//! game in French and English; [`game`], a whole game; [`search`], the search over the card play
//! (positions, the double-dummy solver, the worlds a seat cannot tell apart); [`bots`], the
//! computer players; [`learn`], the course that teaches the game from zero on real deals;
//! [`exercises`] made of South's clear mistakes and the [`stats`]; [`store`],
//! the data directory; [`session`], one table whichever front end draws it; the two front ends,
//! [`ui`] (the terminal table) and [`line`](mod@line) (the line mode); the other commands, [`score`],
//! [`analyse`] and [`arena`]; and [`cli`], the command line, which only the binary names. Under
//! them sit three leaves: [`mix`], the mixing step of every seed and key, [`personas`], the
//! computer players' faces, and [`files`], reading a file safely.
//!
//! # Example
//!
//! A game dealt from its seed, one deal bid, played and scored:
//!
//! ```
//! use contree::game::{Action, Game, GameOptions, Phase};
//! use contree::rules::{Bid, BidLevel, BySeat, Call, Suit, Team};
//!
//! # fn main() -> Result<(), contree::game::GameError> {
//! // The same seed always deals the same hands.
//! let players = BySeat::from_fn(|seat| seat.to_string());
//! let mut game = Game::new(GameOptions::default(), 2026, players);
//!
//! // The first seat to speak takes 80 in hearts; the three others pass.
//! let opener = game.to_act().expect("a seat speaks first");
//! game.apply(opener, Action::Bid(Call::Bid(Bid::new(BidLevel::Points(80), Suit::Hearts))))?;
//! while game.phase() == Phase::Bidding {
//!     let seat = game.to_act().expect("a seat to speak");
//!     game.apply(seat, Action::Bid(Call::Pass))?;
//! }
//!
//! // Each seat plays the first of its legal cards, trick after trick.
//! while game.phase() == Phase::Playing {
//!     let seat = game.to_act().expect("a seat to play");
//!     let card = game.legal_cards().first().expect("a legal card");
//!     game.apply(seat, Action::Play(card))?;
//! }
//!
//! // The deal is written down as the rules score it.
//! assert_eq!(game.phase(), Phase::DealOver);
//! let deal = &game.history()[0];
//! let points = deal.card_points[Team::NS] + deal.card_points[Team::EW];
//! assert!(points == 162 || points == 252, "a capot takes 252");
//! let score = deal.score.expect("a contract was played");
//! for team in Team::ALL {
//!     assert_eq!(game.totals()[team], u32::from(score.score[team]));
//! }
//! # Ok(())
//! # }
//! ```

#![deny(missing_docs)]

pub mod analyse;
pub mod arena;
pub mod bots;
pub mod cli;
pub mod exercises;
pub mod files;
pub mod game;
pub mod learn;
pub mod line;
pub mod mix;
pub mod net;
pub mod personas;
pub mod progress;
pub mod rules;
pub mod score;
pub mod search;
pub mod session;
pub mod stats;
pub mod store;
pub mod text;
pub mod ui;
