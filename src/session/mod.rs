//! One table, whichever front end draws it: the [`Session`] ([`controller`]) that holds the
//! games, the [`table::Table`] (the deal being played, which knows nothing of a terminal), the
//! deal played [`again`] and the analyses, and routes the table's output once into the
//! [`effects`] on the disk and the [`work`] of the computer players' threads; how it starts
//! ([`boot`], [`config`]), its [`commands`], its [`report`]s and [`review`]s, its [`settings`],
//! the [`games`] it offers, its [`status`] line and the [`signals`] that end it. The terminal
//! table ([`crate::ui`]) and the line mode ([`crate::line`]) each hold a session, and only read
//! input and render.

pub mod again;
pub mod boot;
pub mod commands;
pub mod config;
pub mod controller;
pub mod daily;
pub mod effects;
pub mod friends;
pub mod games;
pub mod remote;
pub mod report;
pub mod review;
pub mod settings;
pub mod signals;
pub mod status;
pub mod table;
mod words;
pub mod work;

pub use controller::{AtTable, Session};
