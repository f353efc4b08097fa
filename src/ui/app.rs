//! The table's state and its one entry point, [`App::update`]: a message in (a key, a click, a
//! timer, a computer player's decision, the expert's hint or analysis), a new state out. Nothing
//! here touches the disk, the clock or the terminal: what must be done outside (save the game,
//! record a finished deal, ask a computer player or the expert, save the settings) is queued as
//! an [`Effect`] for the runner, so the whole table can be driven and checked in tests. What is
//! thought on a worker thread carries a cancel flag, raised when the table no longer wants the
//! answer.

use std::time::Duration;

use crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::keymap::{self, Cmd, Mode};
use super::settings::{Colours, Deck, Settings, Speed};
use super::text::{Lang, SuitStyle, T, Words};
use super::theme::Theme;
pub use super::work::{AnalysisRequest, BotRequest, Cancel, HintRequest};
use crate::bots::Level;
use crate::bots::expert::{Advice, Budget, DealAnalysis};
use crate::game::{Action, Game, GameOptions, Phase, Players, SeatView};
use crate::personas::{self, BiddingStyle};
use crate::rules::{
    BeloteCall, Bid, BySeat, Call, Card, CardPlay, CardSet, Combination, ContreScoring, DoneTrick,
    Rank, RuleSet, ScoringMethod, Seat, Suit, Trick, Trump, legal_cards,
};
use crate::stats::Stats;

/// A message to the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal's new size.
    Resize(u16, u16),
    /// The wait announced by [`App::wait`] is over.
    Timer,
    /// A computer player's answer to an [`Effect::Think`].
    Decided(BotRequest, Action),
    /// A computer player that could not answer (its thread failed).
    BotFailed(BotRequest),
    /// The expert's answer to an [`Effect::Advise`]; `None` when it could not answer.
    Advised(HintRequest, Option<Advice>),
    /// The analysis asked by an [`Effect::Analyse`]; `None` when it could not be made.
    Analysed(AnalysisRequest, Option<DealAnalysis>),
}

/// Something the runner must do outside the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Save the game as it is now.
    SaveGame,
    /// A deal has just finished: record it in the statistics.
    DealFinished,
    /// The game has just finished: record it in the statistics.
    GameFinished,
    /// A new game is at the table: file the game it replaces (the one given, else the saved
    /// one) and only then save the new one; when filing fails, answer with
    /// [`App::new_game_refused`].
    NewGame(Option<Box<Game>>),
    /// Save the settings.
    SaveSettings,
    /// Ask a computer player; answer with [`Msg::Decided`].
    Think(BotRequest),
    /// Ask the expert for South's hint; answer with [`Msg::Advised`].
    Advise(HintRequest),
    /// Analyse a finished deal from South's seat; answer with [`Msg::Analysed`].
    Analyse(AnalysisRequest),
    /// Load the statistics for the statistics screen.
    LoadStats,
    /// Give the terminal back and stop the process, as Ctrl-Z does to any full-screen program;
    /// when it is continued, the terminal is taken back and the table drawn again.
    Suspend,
}

/// The expert's hint for South's turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// Asked, and the expert is thinking.
    Thinking,
    /// What the expert would do, and why.
    Ready(Advice),
    /// The expert could not answer.
    Failed,
}

/// The main screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The title and the choices of the start screen.
    Start,
    /// The card table.
    Table,
    /// The statistics.
    Statistics,
    /// The settings.
    Settings,
    /// The rules, scrollable.
    Rules,
}

/// An item of the menu during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableItem {
    /// Back to the game.
    Resume,
    /// The settings that may change during a game.
    Settings,
    /// The rules.
    Rules,
    /// The keys and a summary of the rules.
    Help,
    /// Save and go back to the start screen.
    SaveAndLeave,
}

impl TableItem {
    /// Every item, in order.
    pub const ALL: [TableItem; 5] = [
        TableItem::Resume,
        TableItem::Settings,
        TableItem::Rules,
        TableItem::Help,
        TableItem::SaveAndLeave,
    ];
}

/// A popup over the screen; `Esc` closes the top one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The summary of the deal just finished.
    DealEnd,
    /// The end of the game.
    GameOver,
    /// The history of the deals; `review` is the deal whose tricks are shown.
    History { selected: usize, review: Option<usize> },
    /// The tricks of the deal on the table, one at a time: `index` is the trick shown.
    Tricks { index: usize },
    /// The players at the table, as they sit down.
    Players,
    /// One computer player: name, portrait, tagline and style.
    Seat(Seat),
    /// The menu during play; `selected` is its cursor.
    Menu { selected: usize },
    /// Keys and a rules summary.
    Help,
    /// On the start screen, the question before a new game replaces the saved one, which is then
    /// filed as abandoned.
    ReplaceSaved,
}

/// An item of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartItem {
    /// Resume the saved game.
    Resume,
    /// Start a new game.
    Play,
    /// Change the rule set of a new game.
    Variant,
    /// Allow sans atout and tout atout in a new game, or not.
    NtAt,
    /// Change the target of a new game.
    Target,
    /// Statistics.
    Statistics,
    /// Settings.
    Settings,
    /// Rules.
    Rules,
    /// Quit.
    Quit,
}

/// A line of the settings screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingItem {
    /// Language.
    Lang,
    /// Computer players' level.
    Level,
    /// Speed.
    Speed,
    /// The rule set of new games.
    Variant,
    /// Sans atout and tout atout in new games.
    NtAt,
    /// Scoring method (contrée).
    Scoring,
    /// Tournament contre.
    Contre,
    /// Deal style.
    DealStyle,
    /// Suit glyphs or letters.
    Suits,
    /// The two-colour or four-colour deck.
    Deck,
    /// Automatic play of a forced card.
    AutoPlay,
    /// Bidding hint.
    Hint,
    /// Colours, high contrast or monochrome.
    Colors,
    /// Whether South may take back its last call or card.
    Undo,
    /// Whether South chooses to declare in coinche.
    ChooseDeclarations,
}

impl SettingItem {
    /// Every line, in order.
    pub const ALL: [SettingItem; 15] = [
        SettingItem::Lang,
        SettingItem::Level,
        SettingItem::Speed,
        SettingItem::Variant,
        SettingItem::NtAt,
        SettingItem::Scoring,
        SettingItem::Contre,
        SettingItem::DealStyle,
        SettingItem::Suits,
        SettingItem::Deck,
        SettingItem::Colors,
        SettingItem::AutoPlay,
        SettingItem::Hint,
        SettingItem::Undo,
        SettingItem::ChooseDeclarations,
    ];

    /// Whether the setting may change during a game: the ones that change a game's rules wait
    /// for the next game, chosen on the start screen.
    pub const fn mid_game(self) -> bool {
        !matches!(
            self,
            SettingItem::Variant
                | SettingItem::NtAt
                | SettingItem::Scoring
                | SettingItem::Contre
                | SettingItem::DealStyle
        )
    }

    /// Whether the setting belongs to contrée alone (the other sets score one way only).
    pub const fn contree_only(self) -> bool {
        matches!(self, SettingItem::Scoring | SettingItem::Contre)
    }
}

/// A bidding button. South's turn opens on Pass; Tab goes on to the values, then the trump
/// modes (the suits, and sans atout and tout atout when the game allows them), and reaches
/// Contre and Surcontre last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidButton {
    /// A value, 80..160 or capot.
    Level(crate::rules::BidLevel),
    /// A trump mode, making a bid at the chosen value.
    Trump(Trump),
    /// Pass, contre or surcontre.
    Call(Call),
}

/// The most deal analyses the table keeps: about a game's deals.
const ANALYSES_KEPT: usize = 32;

/// `bid_focus` before South's turn places it on Pass.
const NO_FOCUS: usize = usize::MAX;

/// What a screen area does when clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A card of South's hand.
    Card(Card),
    /// A bidding button.
    Bid(BidButton),
    /// An item of the start screen.
    Start(StartItem),
    /// A settings line.
    Setting(SettingItem),
    /// The main button of the top popup (continue, play again).
    Continue,
    /// A line of the history.
    HistoryRow(usize),
    /// A computer player's portrait.
    Seat(Seat),
    /// An item of the menu during play.
    TableMenu(TableItem),
    /// Closes the top popup.
    Close,
    /// South's answer to the declaration prompt: declare, or keep quiet.
    Declare(bool),
    /// Answers no to the confirmation asked: a contre, surcontre or capot is forgotten, the saved
    /// game kept.
    Cancel,
    /// Asks the expert's hint.
    Hint,
}

/// The clickable areas of the last frame, the later drawn on top, and how far its scrolled text
/// (the rules, the help) can scroll.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits(Vec<(Rect, Hit)>, u16);

impl Hits {
    /// Records how many lines the scrolled text of the frame can scroll.
    pub fn set_scroll_max(&mut self, max: u16) {
        self.1 = max;
    }

    /// How many lines the scrolled text of the last frame could scroll.
    pub fn scroll_max(&self) -> u16 {
        self.1
    }

    /// Records an area.
    pub fn push(&mut self, area: Rect, hit: Hit) {
        if area.width > 0 && area.height > 0 {
            self.0.push((area, hit));
        }
    }

    /// What is at a cell, the topmost first.
    pub fn at(&self, column: u16, row: u16) -> Option<Hit> {
        let p = Position::new(column, row);
        self.0.iter().rev().find(|(r, _)| r.contains(p)).map(|&(_, h)| h)
    }

    /// The area of a hit, for tests that click.
    pub fn area_of(&self, hit: Hit) -> Option<Rect> {
        self.0.iter().rev().find(|(_, h)| *h == hit).map(|&(r, _)| r)
    }
}

/// A game found on disk, offered on the start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    /// The game as saved.
    pub game: Game,
    /// When it started (seconds since the epoch).
    pub started: Option<u64>,
    /// When it was saved (seconds since the epoch).
    pub saved: Option<u64>,
}

/// What a seat says, shown in a bubble by the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bubble {
    /// A call of the auction.
    Call(Call),
    /// "Belote" or "Rebelote".
    Belote(BeloteCall),
}

/// A pause before the table moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Before a computer player acts.
    Bot(Seat),
    /// A finished trick stays on the table.
    Gather,
    /// The trick, gathered, slides toward its winner.
    Sweep,
    /// Before South's only legal card plays itself.
    AutoPlay,
    /// A new deal on the table: keys wait until it has been seen, so that none meant for the
    /// screen before (the summary's Enter pressed twice) becomes a call.
    Deal,
    /// A finished trick that holds a card played for South stays until a key or a click.
    Held,
}

/// How the table starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// The preferences in force: the saved ones with this run's command-line choices on top.
    pub settings: Settings,
    /// The preferences as saved; a change made at the table goes to both, so the command
    /// line's choices for one run are never saved.
    pub saved: Settings,
    /// Colours or monochrome.
    pub theme: Theme,
    /// The target of a new game.
    pub target: u16,
    /// The seed of the next new game; later games derive theirs from it.
    pub seed: u64,
    /// A saved game to offer.
    pub resume: Option<Resumable>,
    /// A game to sit at at once, skipping the start screen.
    pub game: Option<Game>,
    /// The players of the last game played, whom the next new game seats elsewhere.
    pub previous: Option<Players>,
    /// The time zone dates are shown in.
    pub time_zone: jiff::tz::TimeZone,
    /// What the expert may spend on each decision, hint and analysis of a decision.
    pub budget: Budget,
}

/// The smallest terminal the table is drawn in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Whether a terminal of this size is too small for the table: the view then shows only a
/// message saying so, and the app takes no key but the ones that quit or suspend it.
pub const fn too_small(width: u16, height: u16) -> bool {
    width < MIN_SIZE.0 || height < MIN_SIZE.1
}

/// The whole state of the table.
#[derive(Clone, Debug)]
pub struct App {
    /// Preferences in force.
    pub settings: Settings,
    /// Preferences as saved, with the changes made at the table.
    pub saved: Settings,
    /// Styles.
    pub theme: Theme,
    /// The current screen.
    pub screen: Screen,
    /// Popups, the top one last.
    pub popups: Vec<Popup>,
    /// The game at the table.
    pub game: Option<Game>,
    /// The saved game offered on the start screen.
    pub resume: Option<Resumable>,
    /// The target of the next new game.
    pub target: u16,
    /// The start screen's cursor.
    pub start_cursor: usize,
    /// The settings screen's cursor.
    pub setting: usize,
    /// The rules screen's and help's scroll.
    pub scroll: u16,
    /// The selected card, as an index in South's sorted hand.
    pub cursor: usize,
    /// The focused bidding button.
    pub bid_focus: usize,
    /// The bid value chosen, waiting for a suit.
    pub bid_level: Option<crate::rules::BidLevel>,
    /// What each seat last said.
    pub bubbles: BySeat<Option<Bubble>>,
    /// A finished trick still on the table.
    pub shown_trick: Option<DoneTrick>,
    /// Whether the trick in progress holds a card the table played for South.
    auto_played: bool,
    /// A contre, surcontre or capot waiting for its confirmation.
    pub confirm: Option<Call>,
    /// Whether the settings screen was opened from the table, and goes back to it.
    pub in_game: bool,
    /// The pause in progress.
    pub wait: Option<Wait>,
    /// A computer player asked and not answered yet.
    pub thinking: Option<Seat>,
    /// The expert's hint for South's turn, once asked.
    pub hint: Option<Hint>,
    /// The analyses of finished deals made so far, the latest last (a few are kept).
    pub analyses: Vec<(crate::rules::DealRecord, Option<DealAnalysis>)>,
    /// The analysis being made for the deal under review.
    pub analysing: Option<AnalysisRequest>,
    /// The flags of the computer players and hints still thinking about the position.
    working: Vec<Cancel>,
    /// A one-line message: a refused action, a failed save.
    pub status: Option<String>,
    /// A one-line note that is no failure: what was just taken back.
    pub note: Option<String>,
    /// The statistics, once loaded.
    pub stats: Option<Stats>,
    /// The clickable areas of the last frame.
    pub hits: Hits,
    /// The terminal's size, once the runner has said it: too small, the table cannot be seen.
    size: Option<(u16, u16)>,
    /// Whether the player asked to quit.
    pub quit: bool,
    /// Whether colours are impossible (`NO_COLOR`): the colour setting cannot bring them.
    no_color: bool,
    /// A number that changes with every action, every take-back and every new deal or game.
    position: u64,
    wait_serial: u64,
    next_seed: u64,
    /// The players of the last game, not seated again in the next one.
    previous: Option<Players>,
    /// The time zone dates are shown in.
    pub time_zone: jiff::tz::TimeZone,
    /// What the expert may spend on each decision, hint and analysis of a decision.
    budget: Budget,
    effects: Vec<Effect>,
}

impl App {
    /// The table as it opens: the start screen, or a new game at once.
    pub fn new(config: Config) -> App {
        let mut app = App {
            settings: config.settings,
            saved: config.saved,
            theme: config.theme,
            screen: Screen::Start,
            popups: Vec::new(),
            game: None,
            resume: config.resume,
            target: if config.settings.set.targets().contains(&config.target) {
                config.target
            } else {
                config.settings.set.default_target()
            },
            start_cursor: 0,
            setting: 0,
            scroll: 0,
            cursor: 0,
            bid_focus: NO_FOCUS,
            bid_level: None,
            bubbles: BySeat::default(),
            shown_trick: None,
            auto_played: false,
            confirm: None,
            in_game: false,
            wait: None,
            thinking: None,
            hint: None,
            analyses: Vec::new(),
            analysing: None,
            working: Vec::new(),
            status: None,
            note: None,
            stats: None,
            hits: Hits::default(),
            size: None,
            quit: false,
            no_color: config.theme == Theme::monochrome(),
            position: 0,
            wait_serial: 0,
            // The seed is the first game's: a game given at start that took it leaves the next
            // new game a seed of its own, so it deals other cards.
            next_seed: match &config.game {
                Some(g) if g.seed() == config.seed => crate::mix::splitmix(config.seed),
                _ => config.seed,
            },
            previous: config.previous,
            time_zone: config.time_zone,
            budget: config.budget,
            effects: Vec::new(),
        };
        app.apply_theme();
        if let Some(game) = config.game {
            app.game = Some(game);
            app.effects.push(Effect::NewGame(None));
            app.enter_table();
            app.popups.push(Popup::Players);
            // The first move may be a computer player's: its wait starts now, not at a key.
            app.schedule();
        }
        app
    }

    /// The words of the table, in its language and suit style.
    pub fn words(&self) -> Words {
        Words { lang: self.settings.lang, suits: self.settings.suits }
    }

    /// The effects queued since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The pause the runner must time, with a number that changes each time a new pause starts.
    /// No pause runs while a popup is open: the table waits for the player.
    pub fn wait(&self) -> Option<(u64, Duration)> {
        if !self.popups.is_empty() || self.screen != Screen::Table {
            return None;
        }
        let speed = self.settings.speed;
        self.wait.and_then(|w| {
            let d = match w {
                Wait::Bot(_) => speed.bot_delay(),
                Wait::Gather => speed.trick_delay(),
                Wait::Sweep => (speed.trick_delay() / 4).min(Duration::from_millis(250)),
                // A forced card plays after a short pause, even at full speed, so it is seen.
                Wait::AutoPlay => speed.bot_delay().max(Duration::from_millis(250)),
                Wait::Deal => speed.deal_delay(),
                Wait::Held => return None,
            };
            Some((self.wait_serial, d))
        })
    }

    /// The mode for the keys.
    pub fn mode(&self) -> Mode {
        match self.popups.last() {
            Some(Popup::DealEnd) => return Mode::Summary,
            Some(Popup::GameOver) => return Mode::GameOver,
            Some(Popup::History { review: Some(_), .. }) => return Mode::Review,
            Some(Popup::History { review: None, .. }) => return Mode::History,
            Some(Popup::Tricks { .. }) => return Mode::Tricks,
            Some(Popup::Players | Popup::Seat(_)) => return Mode::Players,
            Some(Popup::Menu { .. }) => return Mode::Menu,
            Some(Popup::Help) => return Mode::Help,
            Some(Popup::ReplaceSaved) => return Mode::Confirm,
            None => {}
        }
        if self.confirm.is_some() {
            return Mode::Confirm;
        }
        if self.screen == Screen::Table && self.declaring().is_some() {
            return Mode::Declare;
        }
        match self.screen {
            Screen::Start => Mode::Start,
            Screen::Statistics => Mode::Statistics,
            Screen::Settings => Mode::Settings,
            Screen::Rules => Mode::Rules,
            Screen::Table => match self.game.as_ref().map(Game::phase) {
                Some(Phase::Bidding) => Mode::Bidding,
                Some(Phase::DealOver | Phase::GameOver) => Mode::DealDone,
                _ => Mode::Playing,
            },
        }
    }

    /// The start screen's items.
    pub fn start_items(&self) -> Vec<StartItem> {
        let mut v = Vec::with_capacity(7);
        if self.resume.is_some() {
            v.push(StartItem::Resume);
        }
        v.extend([
            StartItem::Play,
            StartItem::Variant,
            StartItem::NtAt,
            StartItem::Target,
            StartItem::Statistics,
            StartItem::Settings,
            StartItem::Rules,
            StartItem::Quit,
        ]);
        v
    }

    /// South's hand in table order.
    pub fn hand(&self) -> Vec<Card> {
        self.game
            .as_ref()
            .map(|g| {
                sorted_hand(g.deal().hands()[Seat::South], g.deal().contract().map(|c| c.trump()))
            })
            .unwrap_or_default()
    }

    /// The cards South may play now (none when it is not South's turn to play).
    pub fn playable(&self) -> CardSet {
        match &self.game {
            Some(g) if self.south_to_play() => g.legal_cards(),
            _ => CardSet::EMPTY,
        }
    }

    /// Whether South is to play a card and nothing else is pending.
    pub fn south_to_play(&self) -> bool {
        self.idle_turn(Phase::Playing)
    }

    /// Whether South is to bid and nothing else is pending.
    pub fn south_to_bid(&self) -> bool {
        self.idle_turn(Phase::Bidding)
    }

    /// Whether the first trick of a coinche deal is on the table (being played, or complete and
    /// not gathered yet): the time the seats' declarations are shown at the seats. Once it is
    /// gathered, the table learns which team scores its declarations.
    pub fn first_trick_on_table(&self) -> bool {
        let play = self.game.as_ref().and_then(|g| g.deal().play.as_ref());
        play.is_some_and(|p| match p.tricks().len() {
            0 => true,
            1 => self.shown_trick.is_some(),
            _ => false,
        })
    }

    /// What `seat` announced, shown at its seat during the first trick (`coinche`, a seat that
    /// declared something).
    pub fn announcement(&self, seat: Seat) -> Option<Combination> {
        let c = self.game.as_ref()?.deal().announced(seat)?;
        (self.first_trick_on_table() && !c.is_empty()).then_some(c)
    }

    /// What South may declare with the card it is to play, when the settings let it choose and
    /// it has not chosen yet: its first card of a coinche deal, holding a combination.
    pub fn declaring(&self) -> Option<Combination> {
        let g = self.game.as_ref()?;
        let d = g.deal();
        if !self.settings.choose_declarations
            || !g.rules().set.has_declarations()
            || !self.south_to_play()
            || d.declared[Seat::South].is_some()
            || d.has_played(Seat::South)
        {
            return None;
        }
        let best = g.best_combination(Seat::South, d.contract()?.trump());
        (!best.is_empty()).then_some(best)
    }

    fn idle_turn(&self, phase: Phase) -> bool {
        self.game.as_ref().is_some_and(|g| {
            g.phase() == phase
                && g.to_act() == Some(Seat::South)
                && self.wait.is_none()
                && self.thinking.is_none()
                && self.shown_trick.is_none()
        })
    }

    /// The bidding buttons South may press now, in order: the values, the suits, the calls.
    pub fn bid_buttons(&self) -> Vec<BidButton> {
        let Some(g) = self.game.as_ref().filter(|_| self.south_to_bid()) else {
            return Vec::new();
        };
        let legal = g.legal_calls();
        let mut v = Vec::with_capacity(19);
        v.push(BidButton::Call(Call::Pass));
        if let Some(min) = legal.min_level {
            v.extend(
                crate::rules::BidLevel::ALL.into_iter().filter(|l| *l >= min).map(BidButton::Level),
            );
            v.extend(legal.trumps().iter().map(|&t| BidButton::Trump(t)));
        }
        for c in [Call::Contre, Call::Surcontre] {
            if legal.allows(c) {
                v.push(BidButton::Call(c));
            }
        }
        v
    }

    /// The trick to draw in the middle of the table, with who played each card.
    pub fn table_trick(&self) -> Option<Trick> {
        if let Some(t) = &self.shown_trick {
            return Some(t.trick);
        }
        self.game.as_ref()?.deal().play.as_ref().map(|p| *p.current_trick())
    }

    /// Handles a message.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Key(key) if key.kind == KeyEventKind::Press => self.on_key(key),
            // A click is on what the player sees: nothing, while the table is too small.
            Msg::Mouse(m) if self.in_sight() => self.on_mouse(m),
            Msg::Key(_) | Msg::Mouse(_) => {}
            Msg::Resize(w, h) => self.size = Some((w, h)),
            Msg::Timer => self.on_timer(),
            Msg::Decided(request, action) => self.on_decided(&request, action),
            Msg::BotFailed(request) => self.on_bot_failed(&request),
            Msg::Advised(request, advice) => self.on_advised(&request, advice),
            Msg::Analysed(request, analysis) => self.on_analysed(request, analysis),
        }
        self.schedule();
        self.sync_analysis();
        if self.quit {
            // Nothing thought from here on is wanted.
            self.stop_thinking();
        }
    }

    /// Whether the table can be seen: not when the terminal is too small, and the view shows only
    /// a message saying so.
    pub fn in_sight(&self) -> bool {
        self.size.is_none_or(|(w, h)| !too_small(w, h))
    }

    fn on_key(&mut self, key: KeyEvent) {
        let mode = self.mode();
        let cmd = keymap::command(mode, key);
        // Keys blind to what they do are not taken: while the table cannot be seen, only
        // quitting and suspending do anything.
        if !self.in_sight() && !matches!(cmd, Some(Cmd::Quit | Cmd::Suspend)) {
            return;
        }
        // Keys that only look, quit, suspend or take back work at any time.
        let aside = matches!(
            cmd,
            Some(
                Cmd::Quit
                    | Cmd::Suspend
                    | Cmd::Help
                    | Cmd::History
                    | Cmd::LastTrick
                    | Cmd::Menu
                    | Cmd::Players
                    | Cmd::Undo
            )
        );
        if self.popups.is_empty() && !aside {
            match self.wait {
                // A new deal takes no key until it has been on screen a moment.
                Some(Wait::Deal) => return,
                // A held trick goes at the first key; any other pause is hurried along.
                Some(_) if self.screen == Screen::Table => {
                    self.on_timer();
                    return;
                }
                _ => {}
            }
        }
        let Some(cmd) = cmd else { return };
        self.status = None;
        self.note = None;
        match cmd {
            Cmd::Quit => self.quit = true,
            Cmd::Suspend => self.effects.push(Effect::Suspend),
            Cmd::Help => self.toggle_popup(Popup::Help),
            Cmd::History => {
                if !matches!(self.popups.last(), Some(Popup::History { .. })) {
                    // The deal in progress is the last line, and the one first selected.
                    let n = self.history_rows();
                    self.popups
                        .push(Popup::History { selected: n.saturating_sub(1), review: None });
                } else {
                    self.popups.pop();
                }
            }
            Cmd::LastTrick => {
                if matches!(self.popups.last(), Some(Popup::Tricks { .. })) {
                    self.popups.pop();
                } else {
                    let index = self.deal_tricks().len().saturating_sub(1);
                    self.popups.push(Popup::Tricks { index });
                }
            }
            Cmd::Players => self.toggle_popup(Popup::Players),
            Cmd::Menu => self.popups.push(Popup::Menu { selected: 0 }),
            Cmd::Undo => self.undo(),
            Cmd::Hint => self.ask_hint(),
            Cmd::Close => self.close(),
            Cmd::Yes => self.answer_confirm(true),
            Cmd::No => self.answer_confirm(false),
            _ => match mode {
                Mode::Start => self.start_key(cmd),
                Mode::Bidding => self.bid_key(cmd),
                Mode::Playing => self.play_key(cmd, key),
                Mode::Declare => match cmd {
                    Cmd::Declare => self.answer_declaration(true),
                    Cmd::KeepQuiet => self.answer_declaration(false),
                    _ => {}
                },
                Mode::Summary | Mode::GameOver => {
                    if cmd == Cmd::Act {
                        self.continue_popup();
                    }
                }
                Mode::DealDone => {
                    if cmd == Cmd::Act {
                        self.reopen_summary();
                    }
                }
                Mode::History => self.history_key(cmd),
                Mode::Settings => self.settings_key(cmd),
                Mode::Rules | Mode::Help | Mode::Review => self.scroll_key(cmd),
                Mode::Tricks => self.tricks_key(cmd),
                Mode::Menu => self.menu_key(cmd),
                Mode::Players => {
                    if cmd == Cmd::Act {
                        self.popups.pop();
                    }
                }
                Mode::Statistics | Mode::Confirm => {}
            },
        }
    }

    /// The lines of the history: the finished deals, and the deal in progress if there is one.
    pub fn history_rows(&self) -> usize {
        self.game.as_ref().map_or(0, |g| {
            g.history().len() + usize::from(!matches!(g.phase(), Phase::DealOver | Phase::GameOver))
        })
    }

    /// The tricks taken in the deal on the table.
    pub fn deal_tricks(&self) -> &[DoneTrick] {
        self.game.as_ref().and_then(|g| g.deal().play.as_ref()).map_or(&[], |p| p.tricks())
    }

    fn tricks_key(&mut self, cmd: Cmd) {
        let n = self.deal_tricks().len();
        if let Some(Popup::Tricks { index }) = self.popups.last_mut() {
            match cmd {
                Cmd::Left => *index = index.saturating_sub(1),
                Cmd::Right => *index = (*index + 1).min(n.saturating_sub(1)),
                _ => {}
            }
        }
    }

    fn menu_key(&mut self, cmd: Cmd) {
        let n = TableItem::ALL.len();
        let Some(Popup::Menu { selected }) = self.popups.last_mut() else { return };
        match cmd {
            Cmd::Up => *selected = (*selected + n - 1) % n,
            Cmd::Down => *selected = (*selected + 1) % n,
            Cmd::Act => {
                let item = TableItem::ALL[*selected % n];
                self.table_item(item);
            }
            _ => {}
        }
    }

    /// Does what an item of the menu during play says.
    pub fn table_item(&mut self, item: TableItem) {
        self.popups.retain(|p| !matches!(p, Popup::Menu { .. }));
        match item {
            TableItem::Resume => {}
            TableItem::Settings => {
                self.in_game = true;
                self.setting = 0;
                self.screen = Screen::Settings;
            }
            TableItem::Rules => {
                self.in_game = true;
                self.scroll = 0;
                self.screen = Screen::Rules;
            }
            TableItem::Help => self.toggle_popup(Popup::Help),
            TableItem::SaveAndLeave => self.leave_table(),
        }
    }

    /// Back to the start screen, the game offered there to resume. Every action was saved as it
    /// was made, so the save on disk is the game as it is.
    fn leave_table(&mut self) {
        self.popups.clear();
        self.reset_deal_state();
        if let Some(game) = self.game.take() {
            // The game as it is now; when the save was, the start screen says "now".
            self.resume = Some(Resumable { game, started: None, saved: None });
        }
        self.screen = Screen::Start;
        self.start_cursor = 0;
    }

    /// Opens the summary of the deal just finished again, from the table.
    fn reopen_summary(&mut self) {
        if self
            .game
            .as_ref()
            .is_some_and(|g| matches!(g.phase(), Phase::DealOver | Phase::GameOver))
        {
            self.popups.push(Popup::DealEnd);
        }
    }

    /// `u`: takes back South's last call or card, if nobody has acted since, and says why not
    /// otherwise.
    fn undo(&mut self) {
        if self.screen != Screen::Table || !self.popups.is_empty() {
            return;
        }
        let w = self.words();
        if !self.settings.undo {
            self.status = Some(w.t(T::UndoOff).to_string());
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        match g.undo(Seat::South) {
            Ok(action) => {
                self.effects.push(Effect::SaveGame);
                // What was pending is for a position that is gone, a bot's answer included.
                self.reset_deal_state();
                self.restore_bubbles();
                if let Action::Play(card) = action {
                    self.cursor = self.hand().iter().position(|&c| c == card).unwrap_or(0);
                }
                self.note = Some(format!("{}{}{}", w.t(T::TakenBack), w.colon(), w.action(action)));
            }
            Err(e) => self.status = Some(w.undo_refusal(&e)),
        }
    }

    /// The bubbles the position shows: every call of an auction in progress, or the belote said
    /// in the trick on the table.
    fn restore_bubbles(&mut self) {
        self.bubbles = BySeat::default();
        let Some(g) = &self.game else { return };
        let d = g.deal();
        match &d.play {
            None => {
                let a = &d.auction;
                for (i, &c) in a.calls().iter().enumerate() {
                    self.bubbles[a.seat_of(i)] = Some(Bubble::Call(c));
                }
            }
            Some(play) => {
                // A king or queen of a belote said, on the table: "Belote" when the other of
                // the pair is still in hand, else "Rebelote".
                for (seat, card) in play.current_trick().plays() {
                    let other = match card.rank() {
                        Rank::King => Card::new(card.suit(), Rank::Queen),
                        Rank::Queen => Card::new(card.suit(), Rank::King),
                        _ => continue,
                    };
                    if d.belotes_said.contains(seat, card.suit()) {
                        let left = play.hands()[seat].contains(other);
                        let call = if left { BeloteCall::Belote } else { BeloteCall::Rebelote };
                        self.bubbles[seat] = Some(Bubble::Belote(call));
                    }
                }
            }
        }
    }

    fn toggle_popup(&mut self, p: Popup) {
        if self.popups.last() == Some(&p) {
            self.popups.pop();
        } else {
            self.scroll = 0;
            self.popups.push(p);
        }
    }

    /// `Esc`: the top popup closes; a screen goes back to the start; the table stays.
    fn close(&mut self) {
        match self.popups.last().copied() {
            Some(Popup::History { selected, review: Some(_) }) => {
                self.popups.pop();
                self.popups.push(Popup::History { selected, review: None });
            }
            // The summary closes, and the finished deal stays on the table; Enter opens it again.
            Some(Popup::DealEnd) => {
                self.popups.pop();
            }
            // After the game, Esc leads back to the start screen rather than to a new game.
            Some(Popup::GameOver) => {
                self.popups.clear();
                if let Some(g) = self.game.take() {
                    self.previous = Some(g.players().clone());
                }
                self.screen = Screen::Start;
                self.start_cursor = 0;
            }
            Some(_) => {
                self.popups.pop();
            }
            None if self.screen != Screen::Table => {
                self.screen =
                    if self.in_game && self.game.is_some() { Screen::Table } else { Screen::Start };
                self.in_game = false;
                self.scroll = 0;
            }
            None => {}
        }
    }

    fn start_key(&mut self, cmd: Cmd) {
        let items = self.start_items();
        let n = items.len();
        match cmd {
            Cmd::Up => self.start_cursor = (self.start_cursor + n - 1) % n,
            Cmd::Down => self.start_cursor = (self.start_cursor + 1) % n,
            Cmd::Left | Cmd::Right => match items.get(self.start_cursor) {
                Some(&StartItem::Target) => self.cycle_target(cmd == Cmd::Right),
                Some(&StartItem::Variant) => {
                    self.change_setting(SettingItem::Variant, cmd == Cmd::Right)
                }
                Some(&StartItem::NtAt) => self.change_setting(SettingItem::NtAt, cmd == Cmd::Right),
                _ => {}
            },
            Cmd::Act => {
                if let Some(&item) = items.get(self.start_cursor) {
                    self.start_item(item);
                }
            }
            _ => {}
        }
    }

    fn cycle_target(&mut self, up: bool) {
        self.target = cycle(self.settings.set.targets(), self.target, up);
    }

    /// Does what an item of the start screen says.
    pub fn start_item(&mut self, item: StartItem) {
        match item {
            StartItem::Resume => {
                if let Some(r) = self.resume.take() {
                    self.previous = Some(r.game.players().clone());
                    self.game = Some(r.game);
                    self.enter_table();
                    self.start_cursor = 0;
                }
            }
            // A saved game is replaced only once the player says so.
            StartItem::Play if self.resume.is_some() => self.popups.push(Popup::ReplaceSaved),
            StartItem::Play => self.play_new_game(),
            StartItem::Target => self.cycle_target(true),
            StartItem::Variant => self.change_setting(SettingItem::Variant, true),
            StartItem::NtAt => self.change_setting(SettingItem::NtAt, true),
            StartItem::Statistics => {
                self.effects.push(Effect::LoadStats);
                self.screen = Screen::Statistics;
            }
            StartItem::Settings => self.screen = Screen::Settings,
            StartItem::Rules => {
                self.scroll = 0;
                self.screen = Screen::Rules;
            }
            StartItem::Quit => self.quit = true,
        }
    }

    /// A new game from the start screen, in place of the saved game if there is one: the saved
    /// game is filed by the new game's effect before anything replaces it.
    fn play_new_game(&mut self) {
        if let Some(r) = self.resume.take() {
            self.previous = Some(r.game.players().clone());
        }
        self.start_cursor = 0;
        self.new_game();
    }

    /// Starts a new game with new faces at the table.
    pub fn new_game(&mut self) {
        let seed = self.next_seed;
        self.next_seed = crate::mix::splitmix(seed);
        let options = GameOptions {
            target: self.target,
            rules: self.settings.rules(),
            deal_style: self.settings.deal_style,
        };
        let last = self.game.as_ref().map(|g| g.players().clone());
        if last.is_some() {
            self.previous = last;
        }
        let game = crate::game::new_game(options, seed, self.previous.as_ref());
        self.previous = Some(game.players().clone());
        let replaced = self.game.replace(game);
        self.effects.push(Effect::NewGame(replaced.map(Box::new)));
        self.enter_table();
        // The players sit down and say who they are; the deal waits for the popup to close.
        self.popups.push(Popup::Players);
    }

    /// The game a new game was to replace could not be filed: the new game goes, the table goes
    /// back to the game it replaced (`previous`, or on the start screen the saved game found
    /// again, `resume`), and the status says why.
    pub fn new_game_refused(
        &mut self,
        previous: Option<Game>,
        resume: Option<Resumable>,
        why: &str,
    ) {
        let w = self.words();
        let status = format!("{}{}{why}", w.t(T::NewGameRefused), w.colon());
        // The players who sit out the next new game are the ones of the game kept.
        self.previous = previous
            .as_ref()
            .map(|g| g.players().clone())
            .or_else(|| resume.as_ref().map(|r| r.game.players().clone()));
        match previous {
            Some(game) => {
                self.game = Some(game);
                self.enter_table();
            }
            None => {
                self.game = None;
                self.resume = resume;
                self.popups.clear();
                self.reset_deal_state();
                self.screen = Screen::Start;
                self.start_cursor = 0;
            }
        }
        self.status = Some(status);
    }

    fn enter_table(&mut self) {
        self.screen = Screen::Table;
        self.popups.clear();
        self.reset_deal_state();
        self.find_forced_card();
        if let Some(g) = &self.game {
            // A game saved right after its last card resumes on the deal's summary, after the
            // trick held for South's forced card if there is one.
            match g.phase() {
                Phase::GameOver => self.popups.push(Popup::GameOver),
                _ if self.shown_trick.is_some() => self.set_wait(Wait::Held),
                Phase::DealOver => self.popups.push(Popup::DealEnd),
                _ => self.set_wait(Wait::Deal),
            }
        }
        // The auction's calls of a resumed deal are shown again in the bubbles.
        self.restore_bubbles();
    }

    /// Finds again, from the cards alone (all a save holds), the card the table played for South
    /// in the trick on the table: in the trick in progress, it holds that trick once complete;
    /// in the last trick taken, with nothing played since, that trick is shown and held again,
    /// as right after the card (the save cannot tell whether it was seen before the game was
    /// left).
    fn find_forced_card(&mut self) {
        let play = self.game.as_ref().and_then(|g| g.deal().play.as_ref());
        let Some(play) = play.filter(|_| self.settings.auto_play) else { return };
        let current = play.current_trick();
        match play.tricks().last() {
            Some(&last) if current.is_empty() && south_forced(play, &last.trick) => {
                self.shown_trick = Some(last);
                self.auto_played = true;
            }
            _ => self.auto_played = south_forced(play, current),
        }
    }

    fn reset_deal_state(&mut self) {
        self.advance();
        self.bubbles = BySeat::default();
        self.shown_trick = None;
        self.auto_played = false;
        self.confirm = None;
        self.wait = None;
        self.thinking = None;
        self.bid_level = None;
        self.bid_focus = NO_FOCUS;
        self.cursor = 0;
    }

    fn bid_key(&mut self, cmd: Cmd) {
        if !self.south_to_bid() {
            return;
        }
        let buttons = self.bid_buttons();
        let n = buttons.len().max(1);
        match cmd {
            Cmd::Left | Cmd::PrevButton => self.bid_focus = (self.bid_focus + n - 1) % n,
            Cmd::Right | Cmd::NextButton => self.bid_focus = (self.bid_focus + 1) % n,
            Cmd::Act => {
                if let Some(&b) = buttons.get(self.bid_focus) {
                    self.press(b);
                }
            }
            Cmd::Pass => self.press(BidButton::Call(Call::Pass)),
            Cmd::NoTrump | Cmd::AllTrump => {
                let trump = if cmd == Cmd::NoTrump { Trump::NoTrump } else { Trump::AllTrump };
                let b = BidButton::Trump(trump);
                if let Some(i) = buttons.iter().position(|x| *x == b) {
                    self.bid_focus = i;
                    self.press(b);
                }
            }
            Cmd::Contre => {
                let legal = self.game.as_ref().map(Game::legal_calls);
                if legal.is_some_and(|l| l.surcontre) {
                    self.press(BidButton::Call(Call::Surcontre));
                } else if legal.is_some_and(|l| l.contre) {
                    self.press(BidButton::Call(Call::Contre));
                }
            }
            _ => {}
        }
    }

    /// Presses a bidding button.
    fn press(&mut self, b: BidButton) {
        match b {
            BidButton::Level(l) => {
                self.bid_level = Some(l);
                // The focus goes to the first suit, the natural next press.
                if let Some(i) =
                    self.bid_buttons().iter().position(|b| matches!(b, BidButton::Trump(_)))
                {
                    self.bid_focus = i;
                }
            }
            BidButton::Trump(trump) => {
                let Some(min) = self.game.as_ref().and_then(|g| g.legal_calls().min_level) else {
                    return;
                };
                let level = self.bid_level.filter(|l| *l >= min).unwrap_or(min);
                self.call(Call::Bid(Bid { level, trump }));
            }
            BidButton::Call(c) => self.call(c),
        }
    }

    /// Makes South's call, or, for one that cannot be made good by the cards (a contre, a
    /// surcontre, a capot), first asks for its confirmation.
    fn call(&mut self, call: Call) {
        let weighty = match call {
            Call::Contre | Call::Surcontre => true,
            Call::Bid(b) => b.level == crate::rules::BidLevel::Capot,
            Call::Pass => false,
        };
        if weighty && self.confirm != Some(call) {
            self.confirm = Some(call);
            return;
        }
        self.confirm = None;
        self.act(Seat::South, Action::Bid(call));
    }

    /// The answer to a confirmation: the new game replaces the saved one or the question goes;
    /// the call is made, or forgotten.
    fn answer_confirm(&mut self, yes: bool) {
        if self.popups.last() == Some(&Popup::ReplaceSaved) {
            if yes {
                self.continue_popup();
            } else {
                self.popups.pop();
            }
            return;
        }
        match self.confirm {
            Some(call) if yes && self.south_to_bid() => self.call(call),
            _ => self.confirm = None,
        }
    }

    fn play_key(&mut self, cmd: Cmd, key: KeyEvent) {
        let hand = self.hand();
        let n = hand.len();
        if n == 0 {
            return;
        }
        match cmd {
            Cmd::Left => self.cursor = (self.cursor.min(n - 1) + n - 1) % n,
            Cmd::Right => self.cursor = (self.cursor + 1) % n,
            Cmd::Act => self.play_selected(),
            Cmd::Pick => {
                if let crossterm::event::KeyCode::Char(c) = key.code {
                    let i = c.to_digit(10).map_or(0, |d| d as usize);
                    if (1..=n).contains(&i) {
                        self.cursor = i - 1;
                        self.play_selected();
                    }
                }
            }
            _ => {}
        }
    }

    fn play_selected(&mut self) {
        if let Some(&card) = self.hand().get(self.cursor) {
            self.try_play(card);
        }
    }

    /// Plays a card for South, or says why it may not be played. While South is asked whether
    /// to declare, no card goes before the answer.
    fn try_play(&mut self, card: Card) {
        if !self.south_to_play() || self.declaring().is_some() {
            return;
        }
        self.act(Seat::South, Action::Play(card));
    }

    /// South's answer to the declaration prompt: its best combination, or nothing. It is made
    /// with the card South plays next.
    fn answer_declaration(&mut self, declare: bool) {
        let Some(best) = self.declaring() else { return };
        let Some(g) = self.game.as_mut() else { return };
        let combination = if declare { best } else { Combination::NONE };
        match g.declare(Seat::South, combination) {
            Ok(()) => self.effects.push(Effect::SaveGame),
            Err(e) => self.status = Some(e.to_string()),
        }
    }

    fn history_key(&mut self, cmd: Cmd) {
        let n = self.history_rows();
        let Some(Popup::History { selected, review }) = self.popups.last_mut() else {
            return;
        };
        match cmd {
            Cmd::Up if n > 0 => *selected = (*selected + n - 1) % n,
            Cmd::Down if n > 0 => *selected = (*selected + 1) % n,
            Cmd::Act if *selected < n => {
                *review = Some(*selected);
                self.scroll = 0;
            }
            _ => {}
        }
    }

    /// The lines of the settings screen: every setting, or during a game the ones that may
    /// change then; contrée's scoring options only when new games are contrée.
    pub fn setting_items(&self) -> Vec<SettingItem> {
        let contree = self.settings.set == RuleSet::Contree;
        SettingItem::ALL
            .into_iter()
            .filter(|i| !self.in_game || i.mid_game())
            .filter(|i| contree || !i.contree_only())
            .collect()
    }

    fn settings_key(&mut self, cmd: Cmd) {
        let items = self.setting_items();
        let n = items.len();
        match cmd {
            Cmd::Up => self.setting = (self.setting + n - 1) % n,
            Cmd::Down => self.setting = (self.setting + 1) % n,
            Cmd::Left | Cmd::Right | Cmd::Act => {
                self.change_setting(items[self.setting % n], cmd != Cmd::Left);
            }
            _ => {}
        }
    }

    /// Moves a setting to its next (or previous) value, and saves the settings.
    pub fn change_setting(&mut self, item: SettingItem, forward: bool) {
        let s = &mut self.settings;
        match item {
            SettingItem::Lang => s.lang = cycle(&Lang::ALL, s.lang, forward),
            SettingItem::Level => s.level = cycle(&Level::ALL, s.level, forward),
            SettingItem::Speed => s.speed = cycle(&Speed::ALL, s.speed, forward),
            SettingItem::Variant => {
                s.set = cycle(&RuleSet::ALL, s.set, forward);
                // Another rule set is played to its own usual target.
                self.target = s.set.default_target();
            }
            SettingItem::NtAt => s.nt_at = !s.nt_at,
            SettingItem::ChooseDeclarations => s.choose_declarations = !s.choose_declarations,
            SettingItem::Scoring => {
                s.scoring =
                    cycle(&[ScoringMethod::MadePlusBid, ScoringMethod::Made], s.scoring, forward);
            }
            SettingItem::Contre => {
                s.contre =
                    cycle(&[ContreScoring::Standard, ContreScoring::Tournament], s.contre, forward);
            }
            SettingItem::DealStyle => {
                use crate::game::DealStyle;
                s.deal_style =
                    cycle(&[DealStyle::Shuffle, DealStyle::Tradition], s.deal_style, forward);
            }
            SettingItem::Suits => {
                s.suits = cycle(&[SuitStyle::Glyphs, SuitStyle::Letters], s.suits, forward);
            }
            SettingItem::Deck => s.deck = cycle(&Deck::ALL, s.deck, forward),
            SettingItem::AutoPlay => s.auto_play = !s.auto_play,
            SettingItem::Hint => s.hint = !s.hint,
            SettingItem::Colors => s.colors = cycle(&Colours::ALL, s.colors, forward),
            SettingItem::Undo => s.undo = !s.undo,
        }
        let (s, saved) = (&self.settings, &mut self.saved);
        match item {
            SettingItem::Lang => saved.lang = s.lang,
            SettingItem::Level => saved.level = s.level,
            SettingItem::Speed => saved.speed = s.speed,
            SettingItem::Variant => saved.set = s.set,
            SettingItem::NtAt => saved.nt_at = s.nt_at,
            SettingItem::ChooseDeclarations => saved.choose_declarations = s.choose_declarations,
            SettingItem::Scoring => saved.scoring = s.scoring,
            SettingItem::Contre => saved.contre = s.contre,
            SettingItem::DealStyle => saved.deal_style = s.deal_style,
            SettingItem::Suits => saved.suits = s.suits,
            SettingItem::Deck => saved.deck = s.deck,
            SettingItem::AutoPlay => saved.auto_play = s.auto_play,
            SettingItem::Hint => saved.hint = s.hint,
            SettingItem::Colors => saved.colors = s.colors,
            SettingItem::Undo => saved.undo = s.undo,
        }
        self.apply_theme();
        self.effects.push(Effect::SaveSettings);
    }

    fn scroll_key(&mut self, cmd: Cmd) {
        self.scroll = match cmd {
            Cmd::Up => self.scroll.saturating_sub(1),
            Cmd::Down => self.scroll.saturating_add(1).min(self.hits.scroll_max()),
            Cmd::PageUp => self.scroll.saturating_sub(10),
            Cmd::PageDown => self.scroll.saturating_add(10).min(self.hits.scroll_max()),
            _ => self.scroll,
        };
    }

    fn on_mouse(&mut self, m: MouseEvent) {
        if matches!(m.kind, MouseEventKind::ScrollUp | MouseEventKind::ScrollDown) {
            // The wheel scrolls the texts that scroll, three lines a notch.
            if matches!(self.mode(), Mode::Rules | Mode::Help | Mode::Review) {
                let cmd = if m.kind == MouseEventKind::ScrollUp { Cmd::Up } else { Cmd::Down };
                for _ in 0..3 {
                    self.scroll_key(cmd);
                }
            }
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        if self.popups.is_empty() && self.screen == Screen::Table {
            match self.wait {
                Some(Wait::Deal) => return,
                Some(_) => {
                    self.on_timer();
                    return;
                }
                None => {}
            }
        }
        let Some(hit) = self.hits.at(m.column, m.row) else { return };
        self.status = None;
        self.note = None;
        match hit {
            Hit::Card(card) => {
                if let Some(i) = self.hand().iter().position(|&c| c == card) {
                    self.cursor = i;
                }
                if self.playable().contains(card) {
                    self.try_play(card);
                }
            }
            Hit::Bid(b) => {
                if self.south_to_bid() {
                    // A click elsewhere than on the call to confirm forgets it.
                    if !matches!((b, self.confirm), (BidButton::Call(c), Some(x)) if c == x)
                        && !matches!(b, BidButton::Trump(_))
                    {
                        self.confirm = None;
                    }
                    if let Some(i) = self.bid_buttons().iter().position(|x| *x == b) {
                        self.bid_focus = i;
                    }
                    self.press(b);
                }
            }
            Hit::Seat(seat) => self.popups.push(Popup::Seat(seat)),
            Hit::TableMenu(item) => {
                if let Some(Popup::Menu { selected }) = self.popups.last_mut() {
                    *selected = TableItem::ALL.iter().position(|x| *x == item).unwrap_or(0);
                }
                self.table_item(item);
            }
            Hit::Start(item) => {
                if let Some(i) = self.start_items().iter().position(|x| *x == item) {
                    self.start_cursor = i;
                }
                self.start_item(item);
            }
            Hit::Setting(item) => {
                if let Some(i) = self.setting_items().iter().position(|x| *x == item) {
                    self.setting = i;
                }
                self.change_setting(item, true);
            }
            Hit::Continue => self.continue_popup(),
            Hit::HistoryRow(i) => {
                if let Some(Popup::History { selected, review }) = self.popups.last_mut() {
                    *selected = i;
                    *review = Some(i);
                    self.scroll = 0;
                }
            }
            Hit::Close => self.close(),
            Hit::Declare(yes) => self.answer_declaration(yes),
            Hit::Cancel => self.answer_confirm(false),
            Hit::Hint => self.ask_hint(),
        }
    }

    /// The theme the settings and the environment allow.
    fn apply_theme(&mut self) {
        self.theme = Theme::new(self.settings.colors, self.settings.deck, self.no_color);
    }

    /// The summary's button: next deal, or after the game, a new game.
    fn continue_popup(&mut self) {
        match self.popups.pop() {
            Some(Popup::DealEnd) => {
                let Some(g) = self.game.as_mut() else { return };
                if g.phase() == Phase::GameOver {
                    self.popups.push(Popup::GameOver);
                } else if g.next_deal().is_ok() {
                    self.effects.push(Effect::SaveGame);
                    self.reset_deal_state();
                    self.set_wait(Wait::Deal);
                }
            }
            Some(Popup::GameOver) => self.new_game(),
            Some(Popup::ReplaceSaved) => self.play_new_game(),
            Some(other) => self.popups.push(other),
            None => {}
        }
    }

    fn on_timer(&mut self) {
        if !self.popups.is_empty() {
            return;
        }
        match self.wait.take() {
            Some(Wait::Bot(seat)) => self.ask(seat),
            Some(Wait::Gather) if self.settings.speed != Speed::Instant => {
                self.set_wait(Wait::Sweep)
            }
            Some(Wait::Gather | Wait::Sweep | Wait::Held) => {
                self.shown_trick = None;
                self.auto_played = false;
                for b in &mut self.bubbles.0 {
                    if matches!(b, Some(Bubble::Belote(_))) {
                        *b = None;
                    }
                }
                if matches!(
                    self.game.as_ref().map(Game::phase),
                    Some(Phase::DealOver | Phase::GameOver)
                ) {
                    self.popups.push(Popup::DealEnd);
                }
            }
            Some(Wait::AutoPlay) => {
                if let Some(card) = self.game.as_ref().and_then(|g| g.legal_cards().first()) {
                    self.auto_played = true;
                    self.act(Seat::South, Action::Play(card));
                }
            }
            Some(Wait::Deal) | None => {}
        }
    }

    /// Asks the computer player at `seat` to act.
    fn ask(&mut self, seat: Seat) {
        let Some(g) = &self.game else { return };
        let style = personas::by_id(&g.players()[seat]).map_or(BiddingStyle::Cautious, |p| p.style);
        self.thinking = Some(seat);
        let cancel = Cancel::new();
        self.working.push(cancel.clone());
        self.effects.push(Effect::Think(BotRequest {
            position: self.position,
            view: g.view(seat),
            level: self.settings.level,
            style,
            seed: g.seed(),
            budget: self.budget,
            cancel,
        }));
    }

    /// What the expert advises South, once its hint is in.
    pub fn advice(&self) -> Option<&Advice> {
        match &self.hint {
            Some(Hint::Ready(a)) => Some(a),
            _ => None,
        }
    }

    /// Whether South may ask for a hint now: its turn to call or to play, nothing else pending.
    pub fn hint_allowed(&self) -> bool {
        self.screen == Screen::Table
            && self.popups.is_empty()
            && self.confirm.is_none()
            && (self.south_to_bid() || self.south_to_play())
    }

    /// `i`: asks what the expert would do in South's place, once per turn.
    fn ask_hint(&mut self) {
        if self.hint.is_some() || !self.hint_allowed() {
            return;
        }
        let Some(g) = &self.game else { return };
        let cancel = Cancel::new();
        self.working.push(cancel.clone());
        self.effects.push(Effect::Advise(HintRequest {
            position: self.position,
            view: g.view(Seat::South),
            seed: g.seed(),
            budget: self.budget,
            cancel,
        }));
        self.hint = Some(Hint::Thinking);
    }

    /// The expert's answer to South's hint: shown, and counted, if the turn is still the one
    /// asked about.
    fn on_advised(&mut self, request: &HintRequest, advice: Option<Advice>) {
        let wanted = self.still_wanted(request.position, &request.view, &request.cancel);
        if !wanted || self.hint != Some(Hint::Thinking) {
            return;
        }
        match advice {
            Some(advice) => {
                self.hint = Some(Hint::Ready(advice));
                if let Some(g) = self.game.as_mut() {
                    g.count_hint();
                    self.effects.push(Effect::SaveGame);
                }
            }
            None => self.hint = Some(Hint::Failed),
        }
    }

    /// The deal under review, if it is finished (a deal in progress is never analysed).
    fn reviewed_record(&self) -> Option<&crate::rules::DealRecord> {
        let i = self.popups.iter().rev().find_map(|p| match p {
            Popup::History { review: Some(i), .. } => Some(*i),
            _ => None,
        })?;
        self.game.as_ref()?.history().get(i).map(|d| &d.record)
    }

    /// The analysis of a finished deal, once made: `Some(None)` when it could not be.
    pub fn analysis(&self, record: &crate::rules::DealRecord) -> Option<Option<&DealAnalysis>> {
        self.analyses.iter().find(|(r, _)| r == record).map(|(_, a)| a.as_ref())
    }

    /// Starts the analysis of the deal under review when it is not made yet, and cancels the
    /// one under way when its review is closed.
    fn sync_analysis(&mut self) {
        let wanted = self.reviewed_record().filter(|r| self.analysis(r).is_none()).cloned();
        if self.analysing.as_ref().map(|a| &a.record) == wanted.as_ref() {
            // Nothing to start, or it is under way.
            return;
        }
        if let Some(old) = self.analysing.take() {
            old.cancel.raise();
        }
        if let Some(record) = wanted {
            let request = AnalysisRequest { record, budget: self.budget, cancel: Cancel::new() };
            self.analysing = Some(request.clone());
            self.effects.push(Effect::Analyse(request));
        }
    }

    /// A deal's analysis: kept for the review, unless it was cancelled since.
    fn on_analysed(&mut self, request: AnalysisRequest, analysis: Option<DealAnalysis>) {
        let asked = self.analysing.as_ref().is_some_and(|a| a.cancel == request.cancel);
        if !asked || request.cancel.is_raised() {
            return;
        }
        self.analysing = None;
        if self.analyses.len() >= ANALYSES_KEPT {
            self.analyses.remove(0);
        }
        self.analyses.push((request.record, analysis));
    }

    /// An answer thought on a worker is in: its flag is done with, and the answer is wanted only
    /// if it is about the table's position and seat view as they are now and was not cancelled.
    /// An answer about a position that is gone (taken back, a new game, a resumed one) is
    /// dropped, even when the same position came back since.
    fn still_wanted(&mut self, position: u64, view: &SeatView, cancel: &Cancel) -> bool {
        self.working.retain(|c| c != cancel);
        let current = self.game.as_ref().map(|g| g.view(view.seat));
        position == self.position && current.as_ref() == Some(view) && !cancel.is_raised()
    }

    /// Raises the flags of the computer players and hints thinking about the position.
    fn cancel_working(&mut self) {
        for c in self.working.drain(..) {
            c.raise();
        }
    }

    /// Raises the flag of everything still thinking, the analysis too: nothing is wanted.
    fn stop_thinking(&mut self) {
        self.cancel_working();
        if let Some(a) = self.analysing.take() {
            a.cancel.raise();
        }
    }

    /// The position changes: what was thought about the old one is not wanted any more.
    fn advance(&mut self) {
        self.position += 1;
        self.cancel_working();
        self.hint = None;
    }

    /// A computer player failed: the table says so and plays the plainest legal action in its
    /// place (pass, or the first legal card), so the game goes on.
    fn on_bot_failed(&mut self, request: &BotRequest) {
        let Some(g) = &self.game else { return };
        let fallback = match g.phase() {
            Phase::Bidding => Some(Action::Bid(Call::Pass)),
            Phase::Playing => g.legal_cards().first().map(Action::Play),
            _ => None,
        };
        let w = self.words();
        self.status =
            Some(format!("{}{}{}", w.seat(request.view.seat), w.colon(), w.t(T::BotFailed)));
        match fallback {
            Some(action) => self.on_decided(request, action),
            None => self.thinking = None,
        }
    }

    fn on_decided(&mut self, request: &BotRequest, action: Action) {
        if !self.still_wanted(request.position, &request.view, &request.cancel) {
            return;
        }
        if self.thinking == Some(request.view.seat) {
            self.thinking = None;
            self.act(request.view.seat, action);
        }
    }

    /// Applies an action at the table and queues what follows from it.
    fn act(&mut self, seat: Seat, action: Action) {
        let Some(g) = self.game.as_mut() else { return };
        let first_card = g.phase() == Phase::Bidding;
        let event = match g.apply(seat, action) {
            Ok(e) => e,
            Err(e) => {
                self.status = Some(self.words().refusal(action, &e));
                return;
            }
        };
        self.effects.push(Effect::SaveGame);
        self.advance();
        match action {
            Action::Bid(c) => {
                self.bubbles[seat] = Some(Bubble::Call(c));
                if seat == Seat::South {
                    self.bid_level = None;
                    self.bid_focus = NO_FOCUS;
                }
            }
            Action::Play(_) => {
                if first_card || self.bubbles.0.iter().any(|b| matches!(b, Some(Bubble::Call(_)))) {
                    self.bubbles = BySeat::default();
                }
                if let Some(b) = event.belote {
                    self.bubbles[seat] = Some(Bubble::Belote(b));
                }
            }
        }
        if event.auction_end.is_some() {
            // The auction's calls stay readable in the side panel; the bubbles make way for play.
            self.bubbles = BySeat::default();
        }
        if let Some(t) = event.trick {
            self.shown_trick = Some(t);
            // A trick with a card the table played for South waits to be seen.
            self.set_wait(if self.auto_played { Wait::Held } else { Wait::Gather });
        }
        if event.deal_end {
            self.effects.push(Effect::DealFinished);
            if self.game.as_ref().is_some_and(|g| g.phase() == Phase::GameOver) {
                // The game over screen shows the statistics as the game leaves them.
                self.effects.push(Effect::GameFinished);
                self.effects.push(Effect::LoadStats);
            }
            if event.trick.is_none() {
                self.popups.push(Popup::DealEnd);
            }
        }
    }

    fn set_wait(&mut self, w: Wait) {
        self.wait = Some(w);
        self.wait_serial += 1;
    }

    /// Decides what the table waits for next: a computer player, a forced card, or South.
    fn schedule(&mut self) {
        if self.screen != Screen::Table || self.wait.is_some() || self.thinking.is_some() {
            return;
        }
        let Some(g) = &self.game else { return };
        let Some(seat) = g.to_act() else { return };
        if seat != Seat::South {
            self.set_wait(Wait::Bot(seat));
            return;
        }
        match g.phase() {
            Phase::Playing => {
                let legal = g.legal_cards();
                let hand = self.hand();
                if !hand.get(self.cursor).is_some_and(|c| legal.contains(*c)) {
                    self.cursor = hand.iter().position(|c| legal.contains(*c)).unwrap_or(0);
                }
                // A forced card waits for South's answer to the declaration prompt.
                if self.settings.auto_play && legal.len() == 1 && self.declaring().is_none() {
                    self.set_wait(Wait::AutoPlay);
                } else if self.settings.hint {
                    self.ask_hint();
                }
            }
            Phase::Bidding => {
                if self.settings.hint {
                    self.ask_hint();
                }
                // South's turn starts on Pass, so that a stray Enter never bids.
                let buttons = self.bid_buttons();
                if self.bid_focus >= buttons.len() {
                    self.bid_focus =
                        buttons.iter().position(|b| *b == BidButton::Call(Call::Pass)).unwrap_or(0);
                }
            }
            _ => {}
        }
    }
}

/// Whether South's card in `trick`, the last trick of `play` South played to, was its only legal
/// card: the card the table plays by itself when forced cards do. False when South has not
/// played to the trick.
fn south_forced(play: &CardPlay, trick: &Trick) -> bool {
    let Some(i) = trick.plays().position(|(seat, _)| seat == Seat::South) else { return false };
    let cards = trick.cards();
    let mut before = Trick::new(trick.leader(), trick.direction());
    for &c in &cards[..i] {
        before.push(c);
    }
    // South's hand then: what it holds now, and the card it played to the trick.
    let mut hand = play.hands()[Seat::South];
    hand.insert(cards[i]);
    legal_cards(hand, &before, play.trump(), play.rules()).len() == 1
}

/// The value after (or before) `v` in `all`, going round; the first when `v` is not there.
fn cycle<T: Copy + PartialEq>(all: &[T], v: T, forward: bool) -> T {
    let n = all.len();
    let i = all.iter().position(|x| *x == v).unwrap_or(0);
    all[if forward { (i + 1) % n } else { (i + n - 1) % n }]
}

/// A hand in table order: suits alternating in colour, trumps first once known, each suit from
/// its strongest card down.
pub fn sorted_hand(hand: CardSet, trump: Option<Trump>) -> Vec<Card> {
    let base = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let order: Vec<Suit> = match trump.and_then(Trump::suit) {
        None => base.to_vec(),
        Some(t) => {
            let others = base.iter().copied().filter(|&s| s != t);
            let opposite: Vec<Suit> = others.clone().filter(|s| s.is_red() != t.is_red()).collect();
            let same: Vec<Suit> = others.filter(|s| s.is_red() == t.is_red()).collect();
            let mut v = vec![t];
            v.extend(opposite.first());
            v.extend(same.first());
            v.extend(opposite.get(1));
            v
        }
    };
    let mut cards = Vec::with_capacity(hand.len());
    for suit in order {
        let mut of: Vec<Card> = hand.of_suit(suit).iter().collect();
        // Each suit in the order of the contract (trump order for the trump suit, and every suit
        // in tout atout); before the contract, in the plain order.
        of.sort_by_key(|c| std::cmp::Reverse(c.strength(trump.unwrap_or(Trump::NoTrump))));
        cards.extend(of);
    }
    cards
}
