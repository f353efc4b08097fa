//! The terminal table: a ratatui front end in the Elm style over the session
//! ([`crate::session`]). Each screen ([`screens`]) and popup ([`popups`]) is a component
//! ([`component::Component`]) owning its state, its keys and its drawing; [`app::App`] is a
//! router over them, and changes only through [`app::App::update`]: a key or a click goes to the
//! component on top, a worker's answer to the session, and what a component asks of the app
//! comes back as a [`component::Reply`]. The table's own state, South's controls beside the
//! game ([`table_screen::TableScreen`]), is held by the [`crate::session::Session`].
//! [`view::render`] lays the frame out (the screen, the popups over it, the footer of keys);
//! [`widgets`] are the pieces the components draw with, from what is seen of the app
//! ([`seen::Seen`]); [`run`] owns the terminal, the clock,
//! the computer players' threads and the disk.

pub mod app;
pub mod auction;
pub mod component;
pub mod hits;
pub mod keymap;
pub mod messages;
pub mod popups;
pub mod remote;
pub mod remote_run;
pub mod run;
pub mod screens;
pub mod seen;
pub mod table_screen;
pub mod theme;
pub mod view;
pub mod widgets;
mod words;

pub use app::App;
pub use messages::{Config, Msg};
pub use theme::Theme;
