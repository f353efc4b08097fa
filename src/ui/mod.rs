//! The terminal table: a ratatui front end in the Elm style over the session
//! ([`crate::session`]). [`app::App`] routes every message to what owns the state it changes, and
//! changes only through [`app::App::update`]: the [`crate::session::Session`], which holds the
//! deal being played with [`table_screen::TableScreen`], the keys and clicks that drive it and
//! the call of the auction whose meaning is read ([`auction`]);
//! [`screen`], the screens and popups with their own cursors (the expert's line with its own
//! state, [`expert_line`]; the progress view's, [`progress`]). [`view::render`] draws the app;
//! [`run`] owns the terminal, the clock, the computer players' threads and the disk.

pub mod app;
pub mod auction;
pub mod expert_line;
pub mod holds;
pub mod keymap;
pub mod messages;
pub mod practice;
pub mod progress;
pub mod run;
pub mod screen;
pub mod table_screen;
pub mod theme;
pub mod view;
pub mod widgets;
mod words;

pub use app::App;
pub use messages::{Config, Msg};
pub use theme::Theme;
