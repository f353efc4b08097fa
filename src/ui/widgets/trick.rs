//! The trick in the middle of the table: each card in front of the seat that played it, the
//! winner's card framed twice once the trick is complete; and over it, at South's first card of a
//! coinche deal when South chooses, the question whether to declare.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::card::{self, Highlight};
use super::{Ctx, put, span};
use crate::rules::Seat;
use crate::session::table::Wait;
use crate::text::T;
use crate::ui::hits::Hit;

/// Asks South, over the middle of the table, whether to declare what it holds with its first
/// card: the combination, the question, and a button for each answer.
pub fn declare_prompt(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(best) = ctx.seen.table().and_then(|t| t.table().declaring()) else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let width = area.width.min(40);
    let ask =
        Paragraph::new(Line::from(span(w.t(T::DeclareAsk), t.text))).wrap(Wrap { trim: true });
    let ask_rows = ask.line_count(width.saturating_sub(2)) as u16;
    let inner = ctx.popup(area, width, ask_rows + 5, w.t(T::Declarations), buf);
    put(buf, inner, 0, &Line::from(span(w.combination(best), t.accent)));
    ask.render(Rect { y: inner.y + 1, height: ask_rows, ..inner }, buf);
    let y = inner.y + 2 + ask_rows;
    if y < inner.bottom() {
        let used = ctx.button(inner.x, y, w.t(T::DeclareButton), true, Hit::Declare(true), buf);
        ctx.button(inner.x + used + 1, y, w.t(T::KeepQuietButton), false, Hit::Declare(false), buf);
    }
}

/// Draws the trick in `area` (at least 28 x 11 for the four cards).
pub fn draw(ctx: &Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(table) = ctx.seen.table().map(|t| t.table()) else { return };
    let Some(trick) = table.table_trick() else { return };
    let winner = table.shown_trick().map(|t| t.winner);
    let cx = area.x + area.width / 2;
    let cy = area.y + area.height / 2;
    let size = if area.height > 2 * card::LARGE.h && area.width >= 3 * card::LARGE.w + 8 {
        card::LARGE
    } else {
        card::SMALL
    };
    let half = size.w / 2;
    let side = size.h / 2;
    if let (Some(done), Some(Wait::Sweep)) = (table.shown_trick(), table.wait()) {
        // The gathered trick, a small stack at the winner's side, the winning card on top.
        let (x, y) = match done.winner {
            Seat::North => (cx.saturating_sub(half + 2), area.y),
            Seat::South => (cx.saturating_sub(half + 2), area.bottom().saturating_sub(size.h)),
            Seat::West => (area.x, cy.saturating_sub(side)),
            Seat::East => (area.right().saturating_sub(size.w + 3), cy.saturating_sub(side)),
        };
        let mut plays: Vec<_> = done.trick.plays().collect();
        plays.sort_by_key(|(seat, _)| *seat == done.winner);
        for (i, (_, c)) in plays.into_iter().enumerate() {
            card::face(ctx, buf, x + i as u16, y, c, Highlight::default(), area, size);
        }
        return;
    }
    for (seat, c) in trick.plays() {
        let (x, y) = match seat {
            Seat::North => (cx.saturating_sub(half), cy.saturating_sub(size.h)),
            Seat::South => (cx.saturating_sub(half), cy + 1),
            Seat::West => (cx.saturating_sub(half + size.w + 3), cy.saturating_sub(side)),
            Seat::East => (cx + half + 4, cy.saturating_sub(side)),
        };
        let highlight = Highlight { marked: winner == Some(seat), ..Highlight::default() };
        card::face(ctx, buf, x, y, c, highlight, area, size);
    }
}
