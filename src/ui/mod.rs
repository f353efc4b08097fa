//! The terminal table: a ratatui front end in the Elm style. [`app::App`] holds the state and
//! changes only through [`app::App::update`]; [`view::render`] draws it; [`run`] owns the
//! terminal, the clock, the computer players' threads and the disk.

pub mod app;
pub mod keymap;
pub mod run;
pub mod settings;
pub mod text;
pub mod theme;
pub mod view;
pub mod widgets;
pub mod work;

pub use app::{App, Config, Effect, Msg};
pub use settings::{Colours, Deck, Settings, Speed};
pub use text::{Lang, SuitStyle};
pub use theme::Theme;
