//! Where the player may click: the clickable areas of the last frame, what each does (with the
//! items a click names: of the start screen, of the menu during play, the progress view's
//! charts), where its popups were drawn, and the smallest terminal the table is drawn in.

use ratatui::layout::{Position, Rect};

use super::auction::Selected;
use super::table_screen::BidButton;
use crate::rules::{Card, Seat};
use crate::session::settings::SettingItem;

/// The smallest terminal the table is drawn in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Whether a terminal of this size is too small for the table: it then shows only a message
/// saying so, and the app takes no key but the ones that quit or suspend it.
pub const fn too_small(width: u16, height: u16) -> bool {
    width < MIN_SIZE.0 || height < MIN_SIZE.1
}

/// An item of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartItem {
    /// The course that teaches the game from zero.
    Learn,
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

/// A chart of the progress view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chart {
    /// The balance a deal against the expert in South's seat.
    #[default]
    Balance,
    /// What the clear mistakes cost a deal, calls and cards apart.
    Mistakes,
    /// The exercises made of each game's mistakes, solved and missed.
    Exercises,
}

impl Chart {
    /// Every chart, in the order shown.
    pub const ALL: [Chart; 3] = [Chart::Balance, Chart::Mistakes, Chart::Exercises];
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
    /// An item of the course's map: a stage, or the first deal after them.
    CourseItem(usize),
    /// A chart of the progress view, by its name.
    Chart(Chart),
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
