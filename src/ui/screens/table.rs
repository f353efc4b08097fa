//! The table as a screen: what of a key or a click the session's table is to take
//! ([`TableScreen::reply`]), and its drawing: the felt with North's seat, West's and East's
//! columns, the auction's buttons or the trick in the middle, South's hand at the foot, the side
//! panel (contract, score, auction) beside it, and the expert's hint over the footer. The
//! table's state, South's controls beside the game, is the session's ([`TableScreen`]).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;

use crate::game::Phase;
use crate::rules::Seat;
use crate::session::table::{Hint, Out};
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply, TableInput};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::table_screen::TableScreen;
use crate::ui::widgets::{Ctx, bidding, hand, panel, player, span, trick};

impl TableScreen {
    /// What the table is to take of a command: the auction's, the card play's and the
    /// declaration's keys; once the deal is over, its auction is still read and Enter opens its
    /// summary again; yes or no to the confirmation asked.
    pub fn reply(&self, press: Press) -> Reply {
        let mode = self.table_mode();
        match press.cmd {
            Cmd::Yes | Cmd::No => Reply::Confirm(press.cmd == Cmd::Yes),
            _ if matches!(mode, Mode::Bidding | Mode::Playing | Mode::Declare) => {
                Reply::Table(TableInput::Key(press))
            }
            Cmd::Up | Cmd::Down if mode == Mode::DealDone => Reply::Table(TableInput::Key(press)),
            Cmd::Act if mode == Mode::DealDone && self.table().deal_over() => Reply::Summary,
            _ => Reply::Pass,
        }
    }

    /// What the table is to take of a click: a card, a bidding button, a row of the auction,
    /// the answer to the declaration prompt.
    pub fn reply_click(&self, hit: Hit) -> Reply {
        match hit {
            Hit::Card(card) => Reply::Table(TableInput::Card(card)),
            Hit::Bid(b) => Reply::Table(TableInput::Bid(b)),
            Hit::Call(row) => Reply::Table(TableInput::Call(row)),
            Hit::Declare(yes) => Reply::Declare(yes),
            Hit::Cancel => Reply::Confirm(false),
            _ => Reply::Pass,
        }
    }

    /// Takes what [`TableScreen::reply`] or [`TableScreen::reply_click`] answered.
    pub fn take(&mut self, input: TableInput) -> Vec<Out> {
        match input {
            TableInput::Key(press) => self.key(press.cmd, press.digit),
            TableInput::Card(card) => self.click_card(card),
            TableInput::Bid(b) => self.click_bid(b),
            TableInput::Call(row) => {
                self.click_call(row);
                Vec::new()
            }
        }
    }
}

/// The table as a screen: its state is the session's, which the app drives with what it
/// answers.
impl Component for TableScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        self.table_mode()
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        self.reply(press)
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        self.reply_click(hit)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw(ctx, area, buf);
    }
}

/// The expert's hint, over the footer at the table once South asked for it: the expert
/// thinking, or what it would do and why, in lines of `width` columns after the margin, which
/// each keeps.
pub fn hint_lines(ctx: &Ctx<'_>, width: u16) -> Option<Vec<Line<'static>>> {
    let app = ctx.seen;
    if !app.at_table() {
        return None;
    }
    let hint = app.table()?.table().hint()?;
    let w = ctx.words;
    let t = ctx.theme;
    let label = || span(format!(" {}{}", w.t(T::Hint), w.colon()), t.accent);
    Some(match hint {
        Hint::Thinking => vec![Line::from(vec![label(), span(w.t(T::HintThinking), t.dim)])],
        Hint::Ready(advice) => player::wrap(&w.advice(advice), width.saturating_sub(1))
            .into_iter()
            .map(|l| Line::from(span(format!(" {l}"), t.good)))
            .collect(),
        Hint::Failed => vec![Line::from(vec![label(), span(w.t(T::HintFailed), t.bad)])],
    })
}

/// The felt and the side panel of the table drawn in `area`.
pub fn columns(area: Rect) -> [Rect; 2] {
    let panel_width = if area.width >= 110 { 34 } else { 26 };
    Layout::horizontal([Constraint::Min(40), Constraint::Length(panel_width)]).areas(area)
}

/// The rows of the felt South's hand takes: a tall terminal gets large cards, two more rows.
fn hand_rows(felt: Rect) -> u16 {
    if felt.height >= 30 { 9 } else { HAND_ROWS }
}

/// The rows the bidding box takes for the focused call's meaning where the felt has them: the
/// longest meaning, whole in the large box.
const MEANING_ROWS: u16 = 9;

/// The rows of North's seat, the fewest of the middle of the felt (a trick of small cards), and
/// South's hand of small cards: the fewest rows the table is drawn in.
const NORTH_ROWS: u16 = 4;
const MIDDLE_ROWS: u16 = 11;
const HAND_ROWS: u16 = 7;
/// The fewest rows the table is drawn in.
pub const TABLE_MIN_ROWS: u16 = NORTH_ROWS + MIDDLE_ROWS + HAND_ROWS;

/// The rows of the felt a popup that leaves South's hand in sight takes (the last trick, for the
/// next card is chosen while looking at it).
pub fn popup_rows(felt: Rect) -> Rect {
    Rect { height: felt.height.saturating_sub(hand_rows(felt)), ..felt }
}

/// Draws the table seen (the game's, or an exercise's) in `area`: the felt with the four
/// seats, the auction's buttons or the trick, South's hand, and the side panel.
pub fn draw(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let [felt, side] = columns(area);
    panel::draw(ctx, side, buf);
    // The felt has no frame: its rows go to the cards; the panel's frames close the table.
    let felt_inner = Rect { x: felt.x + 1, width: felt.width.saturating_sub(2), ..felt };
    let hand_rows = hand_rows(felt_inner);
    let [north, middle, south] = Layout::vertical([
        Constraint::Length(NORTH_ROWS),
        Constraint::Min(MIDDLE_ROWS),
        Constraint::Length(hand_rows),
    ])
    .areas(felt_inner);
    let side_width = if felt_inner.width >= 80 { 16 } else { 13 };
    let [west, center, east] = Layout::horizontal([
        Constraint::Length(side_width),
        Constraint::Min(28),
        Constraint::Length(side_width),
    ])
    .areas(middle);
    player::draw_row(ctx, Seat::North, north, buf);
    player::draw_column(ctx, Seat::West, west, buf);
    player::draw_column(
        ctx,
        Seat::East,
        Rect { x: east.x + 1, width: east.width.saturating_sub(1), ..east },
        buf,
    );
    let bidding_phase = ctx.seen.game().is_some_and(|g| g.phase() == Phase::Bidding);
    if bidding_phase {
        // Sans atout and tout atout take a row of buttons of their own; under the buttons, the
        // focused call's meaning takes what the felt lends, the same rows whatever it says.
        let nt_at = ctx.seen.game().is_some_and(|g| g.rules().nt_at);
        let h = center.height.min(if nt_at { 11 } else { 10 } + MEANING_ROWS);
        let r = Rect::new(center.x, center.y + (center.height - h) / 2, center.width, h);
        bidding::draw(ctx, r, buf);
    } else {
        trick::draw(ctx, center, buf);
        trick::declare_prompt(ctx, center, buf);
    }
    hand::draw(ctx, south, buf);
}
