//! The screens, each a [`Component`] with its own state, keys and drawing: the start screen, the
//! table (whose state the session holds, [`crate::ui::table_screen::TableScreen`]), the exercises, the statistics
//! and the progress charts, the settings, the rules, and the end of a deal of the day. The
//! screens are a stack: the one on top is seen, and `Esc` goes back to the one under it; the
//! table, the start screen or the exercises are at the bottom.

pub mod course;
pub mod daily;
pub mod practice;
pub mod progress;
pub mod rules;
pub mod settings;
pub mod start;
pub mod statistics;
pub mod table;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::component::{Around, Component, Press, Reply};
use super::hits::Hit;
use super::keymap::Mode;
use super::widgets::Ctx;

/// A screen.
#[derive(Clone, Debug)]
pub enum Screen {
    /// The title and the choices of the start screen.
    Start(Box<start::StartScreen>),
    /// The card table: the session's.
    Table,
    /// The exercises made from South's mistakes, served on a table of their own.
    Practice(Box<practice::Practice>),
    /// The statistics.
    Statistics(statistics::StatisticsScreen),
    /// The progress, from the statistics: the figures of the last games as charts.
    Progress(progress::ProgressView),
    /// The settings.
    Settings(settings::SettingsScreen),
    /// The rules, scrollable.
    Rules(rules::RulesScreen),
    /// The end of a deal of the day.
    Daily(Box<daily::DailyScreen>),
    /// The course that teaches the game from zero: its map, or a level.
    Course(Box<course::CourseScreen>),
}

impl Component for Screen {
    fn mode(&self, at: &Around<'_>) -> Mode {
        match self {
            Screen::Start(s) => s.mode(at),
            Screen::Table => at.session.table().map_or(Mode::DealDone, |t| t.table_mode()),
            Screen::Practice(p) => p.mode(at),
            Screen::Statistics(s) => s.mode(at),
            Screen::Progress(v) => v.mode(at),
            Screen::Settings(s) => s.mode(at),
            Screen::Rules(r) => r.mode(at),
            Screen::Daily(d) => d.mode(at),
            Screen::Course(c) => c.mode(at),
        }
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        match self {
            Screen::Start(s) => s.command(press, at),
            // The table's state is the session's: the table answers what it takes, and the app
            // hands it over.
            Screen::Table => at.session.table().map_or(Reply::Pass, |t| t.reply(press)),
            Screen::Practice(p) => p.command(press, at),
            Screen::Statistics(s) => s.command(press, at),
            Screen::Progress(v) => v.command(press, at),
            Screen::Settings(s) => s.command(press, at),
            Screen::Rules(r) => r.command(press, at),
            Screen::Daily(d) => d.command(press, at),
            Screen::Course(c) => c.command(press, at),
        }
    }

    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        match self {
            Screen::Start(s) => s.click(hit, at),
            Screen::Table => at.session.table().map_or(Reply::Pass, |t| t.reply_click(hit)),
            Screen::Practice(p) => p.click(hit, at),
            Screen::Statistics(s) => s.click(hit, at),
            Screen::Progress(v) => v.click(hit, at),
            Screen::Settings(s) => s.click(hit, at),
            Screen::Rules(r) => r.click(hit, at),
            Screen::Daily(d) => d.click(hit, at),
            Screen::Course(c) => c.click(hit, at),
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        match self {
            Screen::Start(s) => s.draw(ctx, area, buf),
            Screen::Table => table::draw(ctx, area, buf),
            Screen::Practice(p) => p.draw(ctx, area, buf),
            Screen::Statistics(s) => s.draw(ctx, area, buf),
            Screen::Progress(v) => v.draw(ctx, area, buf),
            Screen::Settings(s) => s.draw(ctx, area, buf),
            Screen::Rules(r) => r.draw(ctx, area, buf),
            Screen::Daily(d) => d.draw(ctx, area, buf),
            Screen::Course(c) => c.draw(ctx, area, buf),
        }
    }

    fn pause(&self) -> Option<(u64, std::time::Duration)> {
        match self {
            Screen::Course(c) => c.pause(),
            _ => None,
        }
    }

    fn tick(&mut self) -> Reply {
        match self {
            Screen::Course(c) => c.tick(),
            _ => Reply::Pass,
        }
    }
}
