//! The terminal table: a ratatui front end in the Elm style. [`app::App`] routes every message
//! to what owns the state it changes, and changes only through [`app::App::update`]:
//! [`table::Table`], the deal being played, which knows nothing of ratatui or the terminal and
//! can be driven by any front end; [`table_screen::TableScreen`], the keys and clicks that drive
//! it; [`review`], the history and the analyses; [`screen`], the screens and popups with their
//! own cursors. [`view::render`] draws the app; [`run`] owns the terminal, the clock, the
//! computer players' threads and the disk.

pub mod app;
pub mod commands;
pub mod effects;
pub mod games;
pub mod keymap;
pub mod line;
pub mod messages;
pub mod practice;
pub mod report;
pub mod review;
pub mod run;
pub mod screen;
pub mod settings;
pub mod signals;
pub mod status;
pub mod table;
pub mod table_screen;
pub mod text;
pub mod theme;
pub mod view;
pub mod widgets;
pub mod work;

pub use app::App;
pub use effects::Effect;
pub use messages::{Config, Msg};
pub use settings::{Colours, Deck, Settings, Speed};
pub use text::{Lang, SuitStyle};
pub use theme::Theme;

#[cfg(test)]
mod tests {
    /// The deal being played and what it is made of (its settings, its commands, its games, its
    /// workers' requests, its effects on the disk, its signals, its analyses, its messages, its
    /// words) name neither ratatui nor the terminal, nor any part of the table that does: a front
    /// end of lines of text drives the same table as the screen.
    #[test]
    fn the_table_knows_no_terminal() {
        let pure = [
            ("table", include_str!("table.rs")),
            ("commands", include_str!("commands.rs")),
            ("games", include_str!("games.rs")),
            ("effects", include_str!("effects.rs")),
            ("signals", include_str!("signals.rs")),
            ("review", include_str!("review.rs")),
            ("report", include_str!("report.rs")),
            ("work", include_str!("work.rs")),
            ("settings", include_str!("settings.rs")),
            ("status", include_str!("status.rs")),
            ("text", include_str!("text.rs")),
        ];
        for (module, source) in pure {
            for terminal in ["ratatui", "crossterm"] {
                assert!(!source.contains(terminal), "{module} names {terminal}");
            }
            for prefix in ["super::", "crate::ui::"] {
                for (at, _) in source.match_indices(prefix) {
                    let rest = &source[at + prefix.len()..];
                    let name: String =
                        rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                    let known = pure.iter().any(|(m, _)| *m == name);
                    assert!(known || name.is_empty(), "{module} uses ui::{name}");
                }
            }
        }
    }
}
