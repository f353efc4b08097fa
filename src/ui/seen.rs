//! What the screens and popups draw from: a read-only view of the app ([`Seen`]), which the app
//! gives them in the drawing context. They read the table seen, the game, the session and the
//! statistics through it, never the app's screens and popups, so that a component is drawn
//! knowing only what it shows.

use crate::bots::expert::DealAnalysis;
use crate::game::Game;
use crate::game::daily::Day;
use crate::rules::{ByTeam, DealRecord, Rules};
use crate::session::Session;
use crate::session::commands::{Availability, Cmd, Mode};
use crate::session::daily::Daily;
use crate::session::games::Resumable;
use crate::session::review::History;
use crate::session::settings::SettingItem;
use crate::stats::Stats;

use super::table_screen::TableScreen;

/// What is seen of the app while it is drawn.
pub trait Seen {
    /// The session at the table.
    fn session(&self) -> &Session<TableScreen>;
    /// The table seen, whether a screen is over it or not: the game's, or an exercise's.
    fn table(&self) -> Option<&TableScreen>;
    /// The game at the table seen.
    fn game(&self) -> Option<&Game>;
    /// Whether the game's table is the screen seen.
    fn at_table(&self) -> bool;
    /// Whether the screens seen were opened over the game's table.
    fn in_game(&self) -> bool;
    /// Whether a popup is open.
    fn popup_open(&self) -> bool;
    /// The mode of the keys.
    fn mode(&self) -> Mode;
    /// Whether `cmd` applies in `mode` now.
    fn availability(&self, mode: Mode, cmd: Cmd) -> Availability;
    /// The rules of the game at the table, else those of new games.
    fn shown_rules(&self) -> Rules;
    /// The statistics, once loaded.
    fn stats(&self) -> Option<&Stats>;
    /// The game a history shows: the one at the table, or a filed one.
    fn history_game(&self, h: &History) -> Option<&Game>;
    /// How many filed games the history may show.
    fn filed_games(&self) -> usize;
    /// The analysis of a finished deal, once made: `Some(None)` when it could not be.
    fn analysis(&self, record: &DealRecord) -> Option<Option<&DealAnalysis>>;
    /// Whether the deal at the table is a deal played again.
    fn playing_again(&self) -> bool;
    /// The score of the deal played again the first time it was played, if it was.
    fn first_result(&self) -> Option<ByTeam<u16>>;
    /// The deal of the day at the table, if it is one.
    fn daily(&self) -> Option<&Daily>;
    /// Today's date in UTC, whose deal of the day the start screen offers.
    fn today(&self) -> Day;
    /// The time zone dates are shown in.
    fn time_zone(&self) -> &jiff::tz::TimeZone;
    /// The saved game the start screen offers.
    fn resume(&self) -> Option<&Resumable>;
    /// The lines of the settings screen.
    fn setting_items(&self) -> Vec<SettingItem>;
}
