//! The app: a router over the screens and popups the player moves between, each a component
//! owning its state, keys and drawing, and the one entry point that routes every message to what
//! owns it, [`App::update`]. A key or a click goes to the component on top (`app/route.rs`); a
//! computer player's decision or the expert's hint goes to the [`Table`] through the session; a
//! deal's analysis to the review. The app's own files hold the flows that cross screens and the
//! session: the start screen's items (`app/start.rs`), a deal played again (`app/again.rs`), the deal of
//! the day (`app/daily.rs`), the exercises (`app/practice.rs`), the history and its filed games
//! (`app/filed.rs`), the expert's line (`app/expert_line.rs`), who holds what (`app/holds.rs`), and what the
//! components see of the app (`app/seen.rs`). Nothing here touches the disk, the clock or the
//! terminal: what must be done outside (save the game, record a finished deal, ask a computer
//! player or the expert, save the settings) is queued as an [`Effect`] for the runner, so the
//! whole app can be driven and checked in tests.

use std::time::Duration;

use crossterm::event::KeyEventKind;

use super::component::{Component, Press};
use super::hits::Hits;
use super::hits::TableItem;
use super::keymap::{Cmd, Mode};
use super::messages::{Config, Msg};
use super::popups::Popup;
use super::popups::help::Help;
use super::screens::Screen;
use super::screens::course::CourseScreen;
use super::screens::daily::DailyScreen;
use super::screens::rules::RulesScreen;
use super::screens::settings::SettingsScreen;
use super::screens::start::StartScreen;
use super::table_screen::TableScreen;
use super::theme::Theme;
use crate::bots::expert::DealAnalysis;
use crate::game::{DealResult, Game};
use crate::rules::{DealRecord, Rules};
use crate::session::Session;
use crate::session::commands::{self, Availability, Context};
use crate::session::controller::Landed;
use crate::session::effects::{Effect, Front};
use crate::session::games::Resumable;
use crate::session::settings::{SettingItem, Settings};
use crate::session::status::Status;
use crate::session::table::{Notice, Out, Table, TableMsg, Wait};
use crate::session::work::Answer;
use crate::stats::Stats;
use crate::text::Words;

mod again;
mod course;
mod daily;
mod expert_line;
mod filed;
mod holds;
mod keys;
mod mouse;
mod practice;
mod route;
mod seen;
mod start;

/// The whole state of the app: the session, the screens and popups over it, and what the
/// runner tells it (the terminal's size, the date).
#[derive(Clone, Debug)]
pub struct App {
    /// The session at the table: its settings, its games, the table with South's controls.
    session: Session<TableScreen>,
    /// Styles.
    theme: Theme,
    /// The screen at the bottom: the start screen, or the table.
    base: Screen,
    /// The screens opened over it, the one seen last; `Esc` goes back down.
    over: Vec<Screen>,
    /// Popups, the top one last.
    popups: Vec<Popup>,
    /// The popups over the game a deal played again set aside, back with it.
    again_popups: Vec<Popup>,
    /// The message at the foot of the screen.
    status: Option<Status>,
    /// The statistics, once loaded.
    stats: Option<Stats>,
    /// The clickable areas of the last frame.
    hits: Hits,
    /// The terminal's size, once the runner has said it: too small, the table cannot be seen.
    size: Option<(u16, u16)>,
    /// Whether the player asked to quit.
    quit: bool,
    /// Whether colours are impossible (`NO_COLOR`): the colour setting cannot bring them.
    no_color: bool,
    /// Whether the terminal shows ASCII only.
    ascii: bool,
    /// The time zone dates are shown in.
    time_zone: jiff::tz::TimeZone,
    /// Today's date in UTC, whose deal of the day the start screen offers.
    today: crate::game::daily::Day,
    /// Where the deal played on its own leads once over: the end screen of the deal of the
    /// day, or the course whose first deal it is.
    back: Option<Back>,
}

/// Where a deal played on its own leads once over.
#[derive(Clone, Debug)]
enum Back {
    /// The end screen of the deal of the day, with where leaving it goes.
    Daily(DailyScreen),
    /// The course whose first deal it is, and whether the deal's review was opened.
    Course(Box<CourseScreen>, bool),
}

impl App {
    /// The app as it opens: the start screen, or a new game at once.
    pub fn new(config: Config) -> App {
        let mut app = App {
            session: Session::new(&config),
            theme: Theme::monochrome(),
            base: Screen::Start(Box::new(StartScreen {
                cursor: 0,
                resume: config.resume,
                newcomer: config.newcomer,
            })),
            over: Vec::new(),
            popups: Vec::new(),
            again_popups: Vec::new(),
            status: None,
            stats: None,
            hits: Hits::default(),
            size: None,
            quit: false,
            no_color: config.no_color,
            ascii: config.ascii,
            time_zone: config.time_zone,
            today: config.today,
            back: None,
        };
        app.apply_theme();
        if let Some(game) = config.game {
            let out = app.session.start(game);
            app.seated(out);
            app.popups.push(Popup::Players);
        }
        app
    }

    /// The session at the table.
    pub fn session(&self) -> &Session<TableScreen> {
        &self.session
    }

    /// The session, to change it as a test or a script does.
    pub fn session_mut(&mut self) -> &mut Session<TableScreen> {
        &mut self.session
    }

    /// Preferences in force.
    pub fn settings(&self) -> &Settings {
        &self.session.settings
    }

    /// Styles.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The popups, the top one last.
    pub fn popups(&self) -> &[Popup] {
        &self.popups
    }

    /// The statistics, once loaded.
    pub fn stats(&self) -> Option<&Stats> {
        self.stats.as_ref()
    }

    /// The clickable areas of the last frame.
    pub fn hits(&self) -> &Hits {
        &self.hits
    }

    /// The statistics are loaded: the screens that show them have them.
    pub fn stats_loaded(&mut self, stats: Stats) {
        self.stats = Some(stats);
    }

    /// Keeps the clickable areas of the frame just drawn.
    pub fn set_hits(&mut self, hits: Hits) {
        self.hits = hits;
    }

    /// Whether the player asked to quit.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// The time zone dates are shown in.
    pub fn time_zone(&self) -> &jiff::tz::TimeZone {
        &self.time_zone
    }

    /// Today's date in UTC, whose deal of the day the start screen offers.
    pub fn today(&self) -> crate::game::daily::Day {
        self.today
    }

    /// The words of the app, in its language and suit style, in ASCII alone if the terminal
    /// shows nothing else.
    pub fn words(&self) -> Words {
        self.session.settings.words(self.ascii)
    }

    /// The effects queued since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.session.take_effects()
    }

    /// The screen seen.
    pub fn screen(&self) -> &Screen {
        self.over.last().unwrap_or(&self.base)
    }

    /// The table, whether it is seen or a screen is over it: the game's, or the one an
    /// exercise is set on.
    pub fn table(&self) -> Option<&TableScreen> {
        match &self.base {
            Screen::Table => self.session.table(),
            Screen::Practice(p) => p.table(),
            Screen::Course(c) => c.table(),
            _ => None,
        }
    }

    /// The table, to change it.
    pub fn table_mut(&mut self) -> Option<&mut TableScreen> {
        match &mut self.base {
            Screen::Table => self.session.table_mut(),
            _ => None,
        }
    }

    /// The table if it is the screen seen.
    fn table_seen(&self) -> Option<&Table> {
        match self.screen() {
            Screen::Table => self.session.table().map(TableScreen::table),
            _ => None,
        }
    }

    /// The game at the table.
    pub fn game(&self) -> Option<&Game> {
        self.table().map(|t| t.table().game())
    }

    /// The start screen, when it is the one under the others.
    pub fn start(&self) -> Option<&StartScreen> {
        match &self.base {
            Screen::Start(s) => Some(s),
            _ => None,
        }
    }

    fn start_mut(&mut self) -> Option<&mut StartScreen> {
        match &mut self.base {
            Screen::Start(s) => Some(s),
            _ => None,
        }
    }

    /// The saved game the start screen offers.
    pub fn resume(&self) -> Option<&Resumable> {
        self.start().and_then(|s| s.resume.as_ref())
    }

    /// Whether the screen seen was opened over the table, and goes back to it.
    pub fn in_game(&self) -> bool {
        matches!(self.base, Screen::Table)
    }

    /// The rules of the game at the table, else those of new games.
    pub fn shown_rules(&self) -> Rules {
        self.game().map_or_else(|| self.session.settings.rules(), Game::rules)
    }

    /// Whether `cmd` applies in `mode` now: for the footer, the help and the keys alike.
    pub fn availability(&self, mode: Mode, cmd: Cmd) -> Availability {
        let at = Context {
            rules: self.shown_rules(),
            choose_declarations: self.session.settings.choose_declarations,
            table: self.table().map(TableScreen::table),
            may_play_again: self.may_play_again(),
            practice: matches!(self.base, Screen::Practice(_) | Screen::Course(_)),
            next_exercise: matches!(&self.base, Screen::Practice(p) if p.attempt().is_some()),
            other_games: self.filed_games() > 0,
            expert_line: mode == Mode::Review && self.expert_line_offered(),
            charts: self.stats.as_ref().is_some_and(|s| crate::progress::charted(&s.progress)),
        };
        commands::availability(&at, mode, cmd)
    }

    /// The pause the runner must time, with a number that changes each time a new pause starts.
    /// No pause runs while a popup is open or a screen is over the table: the table waits.
    pub fn wait(&self) -> Option<(u64, Duration)> {
        if !self.popups.is_empty() {
            return None;
        }
        match self.table_seen() {
            Some(table) => table.pause(),
            // A screen with a pause of its own: the course's drill, a card at a time.
            None => self.screen().pause(),
        }
    }

    /// The analysis of a finished deal, once made: `Some(None)` when it could not be.
    pub fn analysis(&self, record: &DealRecord) -> Option<Option<&DealAnalysis>> {
        self.session.analysis(record)
    }

    /// The mode for the keys: the popup's on top, else the screen's.
    pub fn mode(&self) -> Mode {
        let at = App::around(&self.session, self.stats.as_ref(), &self.hits, Some(&self.base));
        match self.popups.last() {
            Some(p) => p.mode(&at),
            None => self.screen().mode(&at),
        }
    }

    /// Handles a message.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Key(key) if key.kind == KeyEventKind::Press => self.on_key(key),
            // A click is on what the player sees: nothing, while the table is too small.
            Msg::Mouse(m) if self.in_sight() => self.on_mouse(m),
            Msg::Key(_) | Msg::Mouse(_) => {}
            Msg::Resize(w, h) => self.size = Some((w, h)),
            Msg::Timer if self.popups.is_empty() => {
                if self.table_seen().is_some() {
                    self.send(TableMsg::Timer);
                } else if self.screen().pause().is_some() {
                    self.tick_screen();
                }
            }
            Msg::Timer => {}
            Msg::Answer(answer) => self.answer(answer),
        }
        self.want_analysis();
        self.expire_status();
        if self.quit {
            // Nothing thought from here on is wanted.
            self.stop_thinking();
        }
    }

    /// Whether the table can be seen: not when the terminal is too small, and the view shows only
    /// a message saying so.
    pub fn in_sight(&self) -> bool {
        self.size.is_none_or(|(w, h)| !super::hits::too_small(w, h))
    }

    /// Sends a message to the table, and shows what it answers.
    fn send(&mut self, msg: TableMsg) {
        if matches!(self.base, Screen::Table) {
            let out = self.session.send(msg);
            self.show(out);
        }
    }

    /// A worker's answer, routed by the session: what the table answers is shown, and the
    /// player is told of the exercises made.
    fn answer(&mut self, answer: Answer) {
        match self.session.answer(answer) {
            Landed::Table(out) => self.show(out),
            Landed::Analysis => {}
            Landed::Exercises(made, out) => {
                self.show(out);
                if made > 0 {
                    self.exercises_made();
                }
            }
            Landed::Holds(request, holds) => self.holds_in(&request, holds.as_deref()),
        }
    }

    /// Shows what the table answered, the session having carried out the rest.
    fn show(&mut self, out: Vec<Out>) {
        self.follow_auction();
        for o in out {
            match o {
                // The game over screen shows the statistics as the game leaves them.
                Out::GameFinished => self.session.push(Effect::LoadStats),
                Out::Summary => self.popups.push(Popup::DealEnd),
                Out::GameOver => self.popups.push(Popup::GameOver),
                Out::Told(notice) => self.say(notice),
                // The summary and the score panel read the comparison from the game.
                Out::Save
                | Out::DealFinished
                | Out::Think(_)
                | Out::AskHint(_)
                | Out::Compare(_)
                | Out::Acted(..)
                | Out::NewDeal
                | Out::SouthToAct
                | Out::FollowHint(_)
                | Out::Compared(_) => {}
            }
        }
    }

    /// The message at the foot of the screen.
    pub fn status_line(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The message at the foot of the screen, in words.
    pub fn status(&self) -> Option<String> {
        self.status.as_ref().map(|s| s.words(self.words()))
    }

    /// Says `text` at the foot of the screen until the next key: a message about the disk or
    /// the start, which no position on the table makes true or false.
    pub fn tell(&mut self, text: String) {
        self.status = Some(Status::text(text));
    }

    /// Says what the table tells the player about the position on it.
    fn say(&mut self, notice: Notice) {
        let revision = self.table().map_or(0, |t| t.table().revision());
        self.status = Some(Status::table(notice, revision));
    }

    /// A message goes once what it speaks of is gone.
    fn expire_status(&mut self) {
        let revision = self.table().map(|t| t.table().revision());
        if self.status.as_ref().is_some_and(|s| !s.holds_at(revision)) {
            self.status = None;
        }
    }

    /// Does what an item of the menu during play says.
    pub fn table_item(&mut self, item: TableItem) {
        self.popups.retain(|p| !matches!(p, Popup::Menu(_)));
        match item {
            TableItem::Resume => {}
            TableItem::Settings => self.over.push(Screen::Settings(SettingsScreen::default())),
            TableItem::Rules => self.over.push(Screen::Rules(RulesScreen::default())),
            TableItem::Help => self.toggle_popup(Popup::Help(Help::default())),
            TableItem::SaveAndLeave => {
                if !self.end_again() {
                    self.leave_table();
                }
            }
        }
    }

    /// A game sat down at the session's table, which opened on `out`: the table is now the
    /// screen at the bottom.
    fn seated(&mut self, out: Vec<Out>) {
        self.base = Screen::Table;
        self.over.clear();
        self.popups.clear();
        self.show(out);
    }

    /// The game leaves the table, and whatever thinks about it stops.
    fn unseat(&mut self) -> Option<Game> {
        if !matches!(self.base, Screen::Table) {
            return None;
        }
        // The start screen stands in until the next one is set.
        self.base = Screen::Start(Box::default());
        self.over.clear();
        self.session.unseat()
    }

    /// The start screen alone, its menu at the top, offering `resume`.
    fn back_to_start(&mut self, resume: Option<Resumable>) {
        self.popups.clear();
        self.base = Screen::Start(Box::new(StartScreen { cursor: 0, resume, newcomer: false }));
        self.over.clear();
    }

    /// Back to the start screen, the game offered there to resume. Every action was saved as it
    /// was made, so the save on disk is the game as it is.
    fn leave_table(&mut self) {
        // The game as it is now; when the save was, the start screen says "now".
        let resume = self.unseat().map(|game| Resumable { game, started: None, saved: None });
        self.back_to_start(resume);
    }

    fn toggle_popup(&mut self, p: Popup) {
        if self.popups.last().is_some_and(|top| top.same(&p)) {
            self.popups.pop();
        } else {
            self.popups.push(p);
        }
    }

    /// `Esc`, or a click outside the popup on top: the component on top closes (a review goes
    /// back to its list, the end of the game back to the start screen), a screen goes back to
    /// the one under it; the table stays.
    fn close(&mut self) {
        self.route_press(Press::of(Cmd::Close));
    }

    /// The lines of the settings screen: every setting, or during a game the ones that may
    /// change then; contrée's scoring options only when new games are contrée.
    pub fn setting_items(&self) -> Vec<SettingItem> {
        SettingItem::shown(&self.session.settings, self.in_game())
    }

    /// Moves a setting to its next (or previous) value, and saves the settings.
    pub fn change_setting(&mut self, item: SettingItem, forward: bool) {
        let out = self.session.change_setting(item, forward);
        self.apply_theme();
        self.show(out);
    }

    /// Whether a key or a click goes to the table's pause, as the table is seen pausing: a new
    /// deal takes none until it has been on screen a moment, a held trick goes at the first, and
    /// any other pause is hurried along.
    fn paused(&mut self) -> bool {
        let wait = self.table_seen().filter(|_| self.popups.is_empty()).and_then(Table::wait);
        match wait {
            Some(Wait::Deal) => true,
            Some(_) => {
                self.send(TableMsg::Timer);
                true
            }
            None => false,
        }
    }

    /// The theme the settings and the environment allow.
    fn apply_theme(&mut self) {
        let s = &self.session.settings;
        self.theme = Theme::new(s.colors, s.deck, self.no_color);
    }

    /// The summary's button: next deal, or after the game, a new game.
    fn continue_popup(&mut self) {
        // The end of a deal of the day: its summary leads to its end screen, which leads out.
        if matches!(self.screen(), Screen::Daily(_)) {
            self.leave_daily();
            return;
        }
        if matches!(self.popups.last(), Some(Popup::DealEnd)) && self.session.daily().is_some() {
            self.open_daily_end();
            return;
        }
        if matches!(self.popups.last(), Some(Popup::DealEnd)) && self.first_deal_continued() {
            return;
        }
        // After a deal played again, back to the game.
        if matches!(self.popups.last(), Some(Popup::DealEnd | Popup::GameOver)) && self.end_again()
        {
            return;
        }
        match self.popups.pop() {
            Some(Popup::DealEnd) => self.send(TableMsg::NextDeal),
            Some(Popup::GameOver) => self.new_game(),
            Some(Popup::ReplaceSaved) => self.play_new_game(),
            Some(other) => self.popups.push(other),
            None => {}
        }
    }

    /// The deal under review, if it is finished (a deal in progress is never analysed).
    fn reviewed_result(&self) -> Option<&DealResult> {
        let (game, i) = self.reviewed_deal()?;
        game.history().get(i)
    }

    /// The record of the deal under review, if it is finished.
    fn reviewed_record(&self) -> Option<&DealRecord> {
        self.reviewed_result().map(|d| &d.record)
    }

    /// Starts the analysis of the deal under review when it is not made yet, and cancels the
    /// one under way when its review is closed.
    fn want_analysis(&mut self) {
        let reviewed = self.reviewed_result().cloned();
        self.session.want_analysis(reviewed.as_ref());
    }

    /// Raises the flag of everything still thinking, the analysis too: nothing is wanted.
    fn stop_thinking(&mut self) {
        self.session.stop();
    }
}

/// The runner carries out the app's effects on the disk as it does every front end's.
impl Front for App {
    fn take_effects(&mut self) -> Vec<Effect> {
        App::take_effects(self)
    }

    /// The game played, never an exercise's position: nothing of it is saved.
    fn game(&self) -> Option<&Game> {
        self.session.game()
    }

    fn exercises_loaded(&mut self, exercises: Vec<crate::exercises::Exercise>) {
        self.practice_loaded(exercises);
    }

    fn course_loaded(&mut self, progress: crate::learn::CourseProgress) {
        App::course_loaded(self, progress);
    }

    fn daily_loaded(&mut self, daily: crate::store::DailyFile) {
        App::daily_loaded(self, daily);
    }

    fn games_loaded(&mut self, games: Vec<Game>) {
        self.filed_loaded(games);
    }

    fn words(&self) -> Words {
        App::words(self)
    }

    fn status(&self) -> Option<String> {
        App::status(self)
    }

    fn tell(&mut self, text: String) {
        App::tell(self, text);
    }

    fn saved_settings(&self) -> &Settings {
        &self.session.saved
    }

    fn budget(&self) -> crate::bots::expert::Budget {
        self.session.budget()
    }

    fn stats_loaded(&mut self, stats: Stats) {
        App::stats_loaded(self, stats);
    }

    fn new_game_refused(&mut self, previous: Option<Game>, resume: Option<Resumable>, why: &str) {
        App::new_game_refused(self, previous, resume, why);
    }
}
