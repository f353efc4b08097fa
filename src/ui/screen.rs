//! What the player looks at: the screens, each with its own state (the start screen's cursor and
//! the game it offers to resume, the settings' cursor, the rules' scroll, the table), the popups
//! over them with theirs, and the clickable areas of the last frame.

use ratatui::layout::{Position, Rect};

use super::auction::Selected;
use super::keymap::{Cmd, step};
use super::table_screen::BidButton;
use crate::rules::{Card, Seat};
pub use crate::session::games::Resumable;
use crate::session::review::{History, Tricks};
use crate::session::settings::SettingItem;

/// The smallest terminal the table is drawn in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Whether a terminal of this size is too small for the table: it then shows only a message
/// saying so, and the app takes no key but the ones that quit or suspend it.
pub const fn too_small(width: u16, height: u16) -> bool {
    width < MIN_SIZE.0 || height < MIN_SIZE.1
}

/// A screen. The screens are a stack: the one on top is seen, and `Esc` goes back to the one
/// under it; the table, or the start screen, is at the bottom.
#[derive(Clone, Debug)]
pub enum Screen {
    /// The title and the choices of the start screen.
    Start(Box<StartScreen>),
    /// The card table: the session's.
    Table,
    /// The exercises made from South's mistakes, served on a table of their own.
    Practice(Box<super::practice::Practice>),
    /// The statistics.
    Statistics,
    /// The progress, from the statistics: the figures of the last games as charts.
    Progress(super::progress::ProgressView),
    /// The settings; the cursor is the line selected.
    Settings {
        /// The line selected.
        cursor: usize,
    },
    /// The rules, scrollable.
    Rules {
        /// How far they are scrolled.
        scroll: u16,
    },
    /// The end of a deal of the day.
    Daily(Box<DailyScreen>),
}

/// The end of a deal of the day: its result, or that the expert is still at it, and where
/// leaving it goes.
#[derive(Clone, Debug, Default)]
pub struct DailyScreen {
    /// The start screen the deal was chosen on, back once it is left; none when the deal was
    /// asked on the command line, and leaving it quits.
    pub back: Option<Box<StartScreen>>,
}

/// The start screen: its cursor, and the saved game it offers to resume.
#[derive(Clone, Debug, Default)]
pub struct StartScreen {
    /// The item selected.
    pub cursor: usize,
    /// A saved game to offer.
    pub resume: Option<Resumable>,
}

impl StartScreen {
    /// The start screen's items.
    pub fn items(&self) -> Vec<StartItem> {
        let mut v = Vec::with_capacity(10);
        if self.resume.is_some() {
            v.push(StartItem::Resume);
        }
        v.extend([
            StartItem::Play,
            StartItem::Variant,
            StartItem::NtAt,
            StartItem::Target,
            StartItem::Daily,
            StartItem::Practice,
            StartItem::Statistics,
            StartItem::Settings,
            StartItem::Rules,
            StartItem::Quit,
        ]);
        v
    }
}

/// What a key on the start screen asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAction {
    /// Do what the item says.
    Open(StartItem),
    /// Move the item's value on (`true`) or back.
    Change(StartItem, bool),
}

impl StartScreen {
    /// A key on the start screen: the cursor moves round; left and right change the rules and the
    /// target of a new game; Enter opens the item selected.
    pub fn key(&mut self, cmd: Cmd) -> Option<StartAction> {
        let items = self.items();
        let item = items.get(self.cursor).copied();
        match cmd {
            Cmd::Up | Cmd::Down => step(&mut self.cursor, cmd, items.len()),
            Cmd::Left | Cmd::Right => {
                let changes =
                    matches!(item, Some(StartItem::Target | StartItem::Variant | StartItem::NtAt));
                return item.filter(|_| changes).map(|i| StartAction::Change(i, cmd == Cmd::Right));
            }
            Cmd::Act => return item.map(StartAction::Open),
            _ => {}
        }
        None
    }

    /// Selects `item`, if the menu has it.
    pub fn select(&mut self, item: StartItem) {
        self.cursor = self.items().iter().position(|x| *x == item).unwrap_or(0);
    }
}

/// A popup over the screen; `Esc` closes the top one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The summary of the deal just finished.
    DealEnd,
    /// The end of the game.
    GameOver,
    /// The history of the deals, or one deal under review.
    History(History),
    /// The tricks of the deal on the table, one at a time.
    Tricks(Tricks),
    /// The players at the table, as they sit down.
    Players,
    /// One computer player: name, portrait, tagline and style.
    Seat(Seat),
    /// The menu during play; `selected` is its cursor.
    Menu {
        /// The item selected.
        selected: usize,
    },
    /// Keys and a rules summary.
    Help {
        /// How far it is scrolled.
        scroll: u16,
    },
    /// Who holds what: the other seats' chances to hold each card South has not seen.
    Holds(super::holds::HoldsView),
    /// Over a deal's review, the expert's line from South's first clear card mistake, one
    /// trick at a time.
    ExpertLine(Box<super::expert_line::LineView>),
    /// On the start screen, the question before a new game replaces the saved one, which is then
    /// filed as abandoned.
    ReplaceSaved,
}

impl Popup {
    /// Whether two popups are the same popup, whatever their cursors.
    pub fn same(&self, other: &Popup) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
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

/// An item of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartItem {
    /// Resume the saved game.
    Resume,
    /// Start a new game.
    Play,
    /// Play the deal of the day.
    Daily,
    /// The exercises made from the player's mistakes.
    Practice,
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

/// What a screen area does when clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A card of South's hand.
    Card(Card),
    /// A bidding button.
    Bid(BidButton),
    /// A row of the auction panel, or the meaning read under it: the call's meaning is read,
    /// or closed when it already was.
    Call(Selected),
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
    /// Claims the rest of the tricks.
    Claim,
    /// Skips to the end of the claim being shown.
    SkipClaim,
    /// The popup on top shows its trick before.
    Earlier,
    /// The popup on top shows its trick after.
    Later,
    /// A chart of the progress view, by its name.
    Chart(super::progress::Chart),
}

/// The clickable areas of the last frame, the later drawn on top, how far its scrolled text
/// (the rules, the help, a deal's review) can scroll, and where its popups were drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    areas: Vec<(Rect, Hit)>,
    scroll_max: u16,
    popups: Vec<PopupArea>,
}

/// Where a popup of the last frame was drawn: the area it was given, all of which it covers,
/// and its frame, in the middle of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PopupArea {
    /// The area the popup covers: what lay there before is gone.
    pub area: Rect,
    /// The popup's frame.
    pub frame: Rect,
}

impl Hits {
    /// Records how many lines the scrolled text of the frame can scroll.
    pub fn set_scroll_max(&mut self, max: u16) {
        self.scroll_max = max;
    }

    /// How many lines the scrolled text of the last frame could scroll.
    pub fn scroll_max(&self) -> u16 {
        self.scroll_max
    }

    /// Records an area.
    pub fn push(&mut self, area: Rect, hit: Hit) {
        if area.width > 0 && area.height > 0 {
            self.areas.push((area, hit));
        }
    }

    /// Records a popup drawn.
    pub fn push_popup(&mut self, popup: PopupArea) {
        self.popups.push(popup);
    }

    /// The popups of the last frame, in the order they were drawn: the last on top.
    pub fn popups(&self) -> &[PopupArea] {
        &self.popups
    }

    /// What is at a cell, the topmost first.
    pub fn at(&self, column: u16, row: u16) -> Option<Hit> {
        let p = Position::new(column, row);
        self.areas.iter().rev().find(|(r, _)| r.contains(p)).map(|&(_, h)| h)
    }

    /// The area of a hit, for tests that click.
    pub fn area_of(&self, hit: Hit) -> Option<Rect> {
        self.areas.iter().rev().find(|(_, h)| *h == hit).map(|&(r, _)| r)
    }
}
