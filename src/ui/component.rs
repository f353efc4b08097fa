//! What every screen and popup of the table is: a component owning its state, the commands and
//! clicks it takes, and its drawing, in one type. The app ([`super::app::App`]) is a router over
//! them: a key goes to the popup on top, else to the screen seen, and what the component cannot
//! do inside itself (open a screen, send the table a message, leave the game) it hands back as a
//! [`Reply`] for the app to carry out. A component reads what it needs of the app around it from
//! [`Around`] while it takes a key, and from the drawing [`Ctx`] while it draws.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::auction::Selected;
use super::hits::{Hit, StartItem, TableItem};
use super::keymap::{Cmd, Mode};
use super::table_screen::{BidButton, TableScreen};
use super::widgets::Ctx;
use crate::exercises::Exercise;
use crate::rules::Card;
use crate::session::Session;
use crate::session::settings::SettingItem;
use crate::session::table::{Notice, Table};
use crate::stats::Stats;

/// A command of the keymap, with the digit of the key that made it (a card or a bid typed by
/// its number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// The command.
    pub cmd: Cmd,
    /// The digit typed, if the key was one.
    pub digit: Option<u32>,
}

impl Press {
    /// A command with no digit: the mouse's wheel, a button clicked.
    pub fn of(cmd: Cmd) -> Press {
        Press { cmd, digit: None }
    }
}

/// What a component reads of the app around it while it takes a command or a click.
#[derive(Clone, Copy)]
pub struct Around<'a> {
    /// The session at the table: its settings, its games, the table.
    pub session: &'a Session<TableScreen>,
    /// The statistics, once loaded.
    pub stats: Option<&'a Stats>,
    /// How many lines the scrolled text of the last frame could scroll.
    pub scroll_max: u16,
    /// Whether the screens are over the game's table.
    pub in_game: bool,
    /// The table seen under the popups and the screens over it, the game's or an exercise's;
    /// none while the screen at the bottom, its holder, takes the key itself.
    pub table: Option<&'a Table>,
}

/// What the session's table takes from its screen: a key, or a click on one of its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableInput {
    /// A key.
    Key(Press),
    /// A card of South's hand clicked.
    Card(Card),
    /// A bidding button clicked.
    Bid(BidButton),
    /// A row of the auction clicked: its meaning read, or closed.
    Call(Selected),
}

/// What a component asks of the app once it has taken a command or a click.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Taken, and nothing more to do.
    Done,
    /// Not taken: nothing happens.
    Pass,
    /// The component closes: a popup goes, a screen goes back to the one under it.
    Close,
    /// The session's table takes it.
    Table(TableInput),
    /// Yes or no to the confirmation the table asks (a contre, a surcontre, a capot).
    Confirm(bool),
    /// South's answer to the declaration prompt: declare, or keep quiet.
    Declare(bool),
    /// An item of the start screen, opened or changed.
    Start(StartAction),
    /// A setting moved to its next value (`true`) or back.
    Setting(SettingItem, bool),
    /// An item of the menu during play.
    Menu(TableItem),
    /// The main button of the popup or screen: the next deal, a new game, out of the deal of
    /// the day.
    Continue,
    /// After the game, back to the start screen rather than on to a new game.
    LeaveGame,
    /// Out of the exercises, back to the start screen.
    LeavePractice,
    /// The progress charts opened over the statistics.
    Progress,
    /// The summary of the deal just finished, opened again.
    Summary,
    /// What the exercise's table said of the choice.
    Practice(Vec<PracticeOut>),
    /// The course's progress changed: it is written.
    Course,
    /// Out of the course, back to the start screen.
    LeaveCourse,
    /// The course's end: a first deal, with the expert's hints.
    FirstDeal,
}

/// What a key on the start screen asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAction {
    /// Do what the item says.
    Open(StartItem),
    /// Move the item's value on (`true`) or back.
    Change(StartItem, bool),
}

/// What the exercises' screen asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeOut {
    /// An exercise answered, its new review state to be written ([`crate::session::effects::Effect::ReviewExercise`]).
    Reviewed(Box<Exercise>),
    /// Something the table says of the choice (a card that may not be played).
    Told(Notice),
}

/// A screen or a popup.
pub trait Component {
    /// The mode its keys are read in while it is on top.
    fn mode(&self, at: &Around<'_>) -> Mode;

    /// A command while it is on top.
    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply;

    /// A click on one of the areas it drew.
    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        let _ = (hit, at);
        Reply::Pass
    }

    /// Draws it in `area`.
    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer);

    /// The pause it waits for before it changes by itself, with a number that changes each
    /// time a new pause starts, for the runner's timer.
    fn pause(&self) -> Option<(u64, std::time::Duration)> {
        None
    }

    /// Its pause is over.
    fn tick(&mut self) -> Reply {
        Reply::Pass
    }
}

/// The command of a scrolled text (the rules, the help): Esc closes it, the others scroll it as
/// far as the last frame showed it could.
pub fn scroll_command(scroll: &mut u16, press: Press, at: &Around<'_>) -> Reply {
    if press.cmd == Cmd::Close {
        return Reply::Close;
    }
    super::keymap::scroll(scroll, press.cmd, at.scroll_max);
    Reply::Done
}

/// The click of a popup or screen whose main button goes on (the next deal, a new game, out of
/// the deal of the day).
pub fn continue_click(hit: Hit) -> Reply {
    match hit {
        Hit::Continue => Reply::Continue,
        _ => Reply::Pass,
    }
}
