//! South's hand at the bottom of the table: a line saying whose turn it is (or, while a claim is
//! shown, who claimed and who takes the trick on the table), with buttons for the expert's hint
//! and for a claim on South's turn, and for the end of a claim shown; then the cards, large when
//! the terminal has room, in table order. While South is to play, the legal cards are lifted a
//! row and the others dimmed; the selected card is reversed, and the card the hint advises
//! framed twice. Each card records its area for clicks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::card::{self, Highlight};
use super::{Ctx, put, span};
use crate::game::Phase;
use crate::rules::Seat;
use crate::session::commands::{Availability, Cmd};
use crate::session::table::Wait;
use crate::text::{Sign, T};
use crate::ui::hits::Hit;

/// Draws the hand area (7 rows: the turn line, a row for lifted cards, the cards).
pub fn draw(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let app = ctx.seen;
    let Some(screen) = app.table() else { return };
    let table = screen.table();
    let game = table.game();
    let w = ctx.words;
    let t = ctx.theme;

    let mut line = vec![span(format!("{} ", ctx.words.seat(Seat::South)), t.accent)];
    let dealer = game.deal().dealer == Seat::South;
    if dealer {
        line.push(span(format!("[{}] ", w.t(T::Dealer)), t.dim));
    }
    let taker = game.deal().contract().is_some_and(|c| c.taker == Seat::South);
    if taker {
        line.push(span(format!("[{}] ", w.t(T::Taker)), t.dim));
    }
    if let Some(b) = table.bubbles()[Seat::South] {
        let said = super::player::bubble_text(ctx, b);
        let quoted = format!("{} {said} {} ", w.sign(Sign::Open), w.sign(Sign::Close));
        line.push(span(quoted, t.bubble));
    }
    if let Some(text) = super::player::announcement(ctx, Seat::South) {
        line.push(span(format!("{text} "), t.bubble));
    }
    let turn = turn(ctx);
    let turn = turn.map(|(text, style)| span(text, style));
    let cols = |spans: &[ratatui::text::Span<'_>]| spans.iter().map(|s| s.width()).sum::<usize>();
    let turn_width = turn.as_ref().map_or(0, |t| t.width());
    // What is said and whose turn it is matter more than the markers: the dealer's goes first,
    // then the taker's, when the line is too long.
    for (shown, at) in [(dealer, 1), (taker, 1)] {
        if shown && cols(&line) + turn_width > usize::from(area.width) {
            line.remove(at);
        }
    }
    // Still too long, the turn's words go whole on the row under it, which only the cards
    // South may play are lifted into.
    let under = cols(&line) + turn_width > usize::from(area.width) && !table.south_to_play();
    let row = if under {
        put(buf, area, 0, &Line::from(std::mem::take(&mut line)));
        1
    } else {
        0
    };
    line.extend(turn);
    let used = cols(&line);
    put(buf, area, row, &Line::from(line));
    buttons(ctx, area, buf, (row, used));
    cards(ctx, area, buf);
}

/// South's cards, large when there is room, the legal ones lifted while South is to play.
/// A hand of cards laid out side by side: their size, the columns from one card to the next, and
/// the first card's column.
pub struct Spread {
    /// The cards' size.
    pub size: card::Size,
    /// The columns from one card's left edge to the next's.
    pub stride: u16,
    /// The first card's column.
    pub x0: u16,
}

impl Spread {
    /// `n` cards (one or more) centred in `area`: large cards when there is room for them side
    /// by side, else small ones, overlapping if they must.
    pub fn of(area: Rect, n: u16) -> Spread {
        let size = if area.height >= card::LARGE.h + 2 && 8 * (card::LARGE.w + 1) <= area.width + 1
        {
            card::LARGE
        } else {
            card::SMALL
        };
        let stride = if n * (size.w + 1) <= area.width + 1 {
            size.w + 1
        } else {
            (area.width.saturating_sub(size.w) / n.saturating_sub(1).max(1)).clamp(3, size.w)
        };
        let total = stride * n.saturating_sub(1) + size.w;
        let x0 = area.x + area.width.saturating_sub(total) / 2;
        Spread { size, stride, x0 }
    }
}

fn cards(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let app = ctx.seen;
    let Some(screen) = app.table() else { return };
    let table = screen.table();
    let game = table.game();
    let hand = table.hand();
    let n = hand.len() as u16;
    if n == 0 || area.height < card::SMALL.h + 2 {
        return;
    }
    let playing = game.phase() == Phase::Playing;
    let legal = table.playable();
    let to_play = table.south_to_play();
    let Spread { size, stride, x0 } = Spread::of(area, n);
    for (i, &c) in hand.iter().enumerate() {
        let x = x0 + stride * i as u16;
        let lifted = legal.contains(c);
        let y = area.y + if lifted { 1 } else { 2 };
        let highlight = Highlight {
            selected: playing && screen.cursor() == i && to_play,
            dimmed: to_play && !lifted,
            // The card the expert's hint advises is framed twice.
            marked: to_play
                && table.advice().is_some_and(|a| a.action == crate::game::Action::Play(c)),
            number: to_play.then_some(i + 1),
            trumps: card::TrumpsOf::Table,
        };
        card::face(ctx, buf, x, y, c, highlight, area, size);
        let width = if i + 1 == hand.len() { size.w } else { stride };
        ctx.hits.push(Rect::new(x, area.y + 1, width, size.h + 1), Hit::Card(c));
    }
}

/// What the turn line says after South's name and markers, and in what style: a claim shown, a
/// trick kept or taken, the deal done, a computer player thinking, South's turn.
fn turn(ctx: &Ctx<'_>) -> Option<(String, ratatui::style::Style)> {
    let app = ctx.seen;
    let table = app.table()?.table();
    let game = table.game();
    let (w, t) = (ctx.words, ctx.theme);
    let (shown, wait) = (table.shown_trick(), table.wait());
    let (marker, dash) = (w.sign(Sign::Marker), w.sign(Sign::Dash));
    if let Some(c) = table.claiming() {
        // A claim shown: who claimed, and the trick of it on the table.
        let text = match shown {
            Some(tr) => w.claim_trick(c.seat(), table.deal_tricks().len(), tr.winner),
            None => format!("{} {}", w.seat(c.seat()), w.t(T::Claimed)),
        };
        Some((format!("{dash} {text}"), t.accent))
    } else if let (Some(_), Some(Wait::Kept)) = (shown, wait) {
        Some((format!("{marker} {}", w.t(T::HeldTrick)), t.accent))
    } else if let (Some(tr), Some(Wait::Gather | Wait::Sweep)) = (shown, wait) {
        Some((format!("{dash} {} {}", w.seat(tr.winner), w.t(T::TakesTrick)), t.accent))
    } else if matches!(game.phase(), Phase::DealOver | Phase::GameOver) && !app.popup_open() {
        Some((format!("{dash} {}", w.t(T::DealDoneLine)), t.accent))
    } else if let Some(s) = table.thinking().or(match wait {
        Some(Wait::Bot(s)) => Some(s),
        _ => None,
    }) {
        let name = super::player::name(ctx, s);
        Some((format!("{dash} {name} {}{}", w.t(T::Thinking), w.sign(Sign::Ellipsis)), t.dim))
    } else if table.declaring().is_some() {
        Some((format!("{marker} {}", w.t(T::Declarations)), t.accent))
    } else if table.south_to_play() {
        Some((format!("{marker} {}", w.t(T::YourTurn)), t.accent))
    } else if table.south_to_bid() {
        Some((format!("{marker} {}", w.t(T::YourTurnBid)), t.accent))
    } else {
        None
    }
}

/// The buttons after the turn line, at `row` past `used` columns: the expert's hint while South
/// is to act and has not asked yet, a claim of the rest on South's turn to play, and the end of
/// a claim shown.
fn buttons(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer, (row, used): (u16, usize)) {
    let app = ctx.seen;
    let Some(screen) = app.table() else { return };
    let table = screen.table();
    let w = ctx.words;
    let mut x = area.x + used as u16 + 2;
    for (shown, label, hit, cmd) in [
        (table.hint_allowed(), T::HintButton, Hit::Hint, Cmd::Hint),
        (table.claim_allowed(), T::ClaimButton, Hit::Claim, Cmd::Claim),
        (table.claiming().is_some(), T::SkipClaimButton, Hit::SkipClaim, Cmd::SkipClaim),
    ] {
        // Not on an exercise's table, where none is offered.
        let shown = shown && app.availability(app.mode(), cmd) != Availability::Never;
        let label = w.t(label);
        let width = label.chars().count() as u16 + 2;
        if !app.popup_open() && shown && x + width <= area.right() {
            ctx.button(x, area.y + row, label, false, hit, buf);
            x += width + 1;
        }
    }
}
