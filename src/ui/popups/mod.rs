//! The popups over the screens, each a [`Component`] with its own state, keys and drawing: the
//! end of a deal and of the game, the history and a deal's review, the tricks of the deal, the
//! players, the menu during play, the help, who holds what, the expert's line, and the question
//! before a new game replaces the saved one. `Esc` closes the top one.

pub mod deal_end;
pub mod expert_line;
pub mod game_over;
pub mod help;
pub mod history;
pub mod holds;
pub mod menu;
pub mod players;
pub mod replace_saved;
pub mod tricks;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::component::{Around, Component, Press, Reply};
use super::hits::Hit;
use super::keymap::Mode;
use super::widgets::Ctx;
use crate::rules::Seat;
use crate::session::review::{History, Tricks};

/// A popup over the screen.
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
    /// The menu during play.
    Menu(menu::Menu),
    /// Keys and a rules summary.
    Help(help::Help),
    /// Who holds what: the other seats' chances to hold each card South has not seen.
    Holds(holds::HoldsView),
    /// Over a deal's review, the expert's line from South's first clear card mistake, one
    /// trick at a time.
    ExpertLine(Box<expert_line::LineView>),
    /// On the start screen, the question before a new game replaces the saved one, which is then
    /// filed as abandoned.
    ReplaceSaved,
}

impl Popup {
    /// Whether two popups are the same popup, whatever their cursors.
    pub fn same(&self, other: &Popup) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// Whether it is drawn over the felt alone at the table, leaving the panel (contract, score,
    /// auction) in sight; the last trick also leaves South's hand in sight, for the next card is
    /// chosen while looking at it. The others take the whole screen.
    pub fn place(&self) -> Place {
        match self {
            Popup::DealEnd | Popup::Menu(_) | Popup::Seat(_) => Place::Felt,
            Popup::Tricks(_) => Place::AboveHand,
            _ => Place::Whole,
        }
    }
}

/// Where a popup is drawn at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Over the felt, the panel in sight.
    Felt,
    /// Over the felt above South's hand.
    AboveHand,
    /// Over the whole screen.
    Whole,
}

/// Runs `$body` with `$c` bound to the component `$popup` is: its state for the popups that
/// have one, a value of the stateless ones' types for the others.
macro_rules! as_component {
    ($popup:expr, $c:ident => $body:expr) => {
        match $popup {
            Popup::DealEnd => {
                let $c = &mut deal_end::DealEnd;
                $body
            }
            Popup::GameOver => {
                let $c = &mut game_over::GameOver;
                $body
            }
            Popup::History($c) => $body,
            Popup::Tricks($c) => $body,
            Popup::Players => {
                let $c = &mut players::Players(None);
                $body
            }
            Popup::Seat(seat) => {
                let $c = &mut players::Players(Some(*seat));
                $body
            }
            Popup::Menu($c) => $body,
            Popup::Help($c) => $body,
            Popup::Holds($c) => $body,
            Popup::ExpertLine($c) => $body,
            Popup::ReplaceSaved => {
                let $c = &mut replace_saved::ReplaceSaved;
                $body
            }
        }
    };
}

impl Component for Popup {
    fn mode(&self, at: &Around<'_>) -> Mode {
        as_component!(self, c => c.mode(at))
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        as_component!(self, c => c.command(press, at))
    }

    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        as_component!(self, c => c.click(hit, at))
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        as_component!(self, c => c.draw(ctx, area, buf))
    }
}
