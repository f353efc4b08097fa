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
pub mod games;
pub mod report;
pub mod review;
pub mod settings;
pub mod signals;
pub mod status;
pub mod table;
mod words;
pub mod work;

pub use controller::{AtTable, Session};

#[cfg(test)]
mod tests {
    /// The session and the words it writes name neither ratatui nor the terminal, nor any
    /// front end: a front end of lines of text drives the same table as the screen.
    #[test]
    fn the_session_knows_no_terminal() {
        let pure = [
            ("table", include_str!("table.rs")),
            ("table/thinking", include_str!("table/thinking.rs")),
            ("table/ending", include_str!("table/ending.rs")),
            ("again", include_str!("again.rs")),
            ("boot", include_str!("boot.rs")),
            ("commands", include_str!("commands.rs")),
            ("controller", include_str!("controller.rs")),
            ("daily", include_str!("daily.rs")),
            ("config", include_str!("config.rs")),
            ("games", include_str!("games.rs")),
            ("effects", include_str!("effects.rs")),
            ("signals", include_str!("signals.rs")),
            ("review", include_str!("review.rs")),
            ("report", include_str!("report.rs")),
            ("work", include_str!("work.rs")),
            ("settings", include_str!("settings.rs")),
            ("status", include_str!("status.rs")),
            ("text", include_str!("../text/mod.rs")),
            ("words", include_str!("words.rs")),
        ];
        for (module, source) in pure {
            for name in ["ratatui", "crossterm", "crate::ui", "crate::line"] {
                assert!(!source.contains(name), "{module} names {name}");
            }
        }
    }
}
