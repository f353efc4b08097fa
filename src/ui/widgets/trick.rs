//! The trick in the middle of the table: each card in front of the seat that played it, the
//! winner's card framed twice once the trick is complete.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::Ctx;
use super::card::{self, Highlight};
use crate::rules::Seat;
use crate::ui::app::Wait;

/// Draws the trick in `area` (at least 28 x 11 for the four cards).
pub fn draw(ctx: &Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(trick) = ctx.app.table_trick() else { return };
    let winner = ctx.app.shown_trick.map(|t| t.winner);
    let cx = area.x + area.width / 2;
    let cy = area.y + area.height / 2;
    let size = if area.height > 2 * card::LARGE.h && area.width >= 3 * card::LARGE.w + 8 {
        card::LARGE
    } else {
        card::SMALL
    };
    let half = size.w / 2;
    let side = size.h / 2;
    if let (Some(done), Some(Wait::Sweep)) = (ctx.app.shown_trick, ctx.app.wait) {
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
