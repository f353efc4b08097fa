//! What the screens and popups see of the app while they are drawn ([`Seen`]): the table seen,
//! the game, the session, the statistics, never the screens and popups themselves.

use super::App;
use crate::bots::expert::DealAnalysis;
use crate::game::Game;
use crate::game::daily::Day;
use crate::rules::{ByTeam, DealRecord, Rules};
use crate::session::Session;
use crate::session::commands::Availability;
use crate::session::daily::Daily;
use crate::session::games::Resumable;
use crate::session::review::History;
use crate::session::settings::SettingItem;
use crate::stats::Stats;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::screens::Screen;
use crate::ui::seen::Seen;
use crate::ui::table_screen::TableScreen;

/// The screens and popups are drawn from what is seen of the app.
impl Seen for App {
    fn session(&self) -> &Session<TableScreen> {
        &self.session
    }

    fn table(&self) -> Option<&TableScreen> {
        App::table(self)
    }

    fn game(&self) -> Option<&Game> {
        App::game(self)
    }

    fn at_table(&self) -> bool {
        matches!(self.screen(), Screen::Table)
    }

    fn in_game(&self) -> bool {
        App::in_game(self)
    }

    fn popup_open(&self) -> bool {
        !self.popups.is_empty()
    }

    fn mode(&self) -> Mode {
        App::mode(self)
    }

    fn availability(&self, mode: Mode, cmd: Cmd) -> Availability {
        App::availability(self, mode, cmd)
    }

    fn shown_rules(&self) -> Rules {
        App::shown_rules(self)
    }

    fn stats(&self) -> Option<&Stats> {
        self.stats.as_ref()
    }

    fn history_game(&self, h: &History) -> Option<&Game> {
        App::history_game(self, h)
    }

    fn filed_games(&self) -> usize {
        App::filed_games(self)
    }

    fn analysis(&self, record: &DealRecord) -> Option<Option<&DealAnalysis>> {
        App::analysis(self, record)
    }

    fn playing_again(&self) -> bool {
        App::playing_again(self)
    }

    fn first_result(&self) -> Option<ByTeam<u16>> {
        App::first_result(self)
    }

    fn daily(&self) -> Option<&Daily> {
        App::daily(self)
    }

    fn today(&self) -> Day {
        self.today
    }

    fn time_zone(&self) -> &jiff::tz::TimeZone {
        &self.time_zone
    }

    fn resume(&self) -> Option<&Resumable> {
        App::resume(self)
    }

    fn setting_items(&self) -> Vec<SettingItem> {
        App::setting_items(self)
    }
}
