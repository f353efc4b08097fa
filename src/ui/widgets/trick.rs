//! The trick in the middle of the table: each card in front of the seat that played it, the
//! winner's card framed twice once the trick is complete.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::Ctx;
use super::card::{self, Look};
use crate::rules::Seat;

/// Draws the trick in `area` (at least 28 x 11 for the four cards).
pub fn draw(ctx: &Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(trick) = ctx.app.table_trick() else { return };
    let winner = ctx.app.shown_trick.map(|t| t.winner);
    let cx = area.x + area.width / 2;
    let cy = area.y + area.height / 2;
    let half = card::WIDTH / 2;
    for (seat, c) in trick.plays() {
        let (x, y) = match seat {
            Seat::North => (cx.saturating_sub(half), cy.saturating_sub(card::HEIGHT)),
            Seat::South => (cx.saturating_sub(half), cy + 1),
            Seat::West => (cx.saturating_sub(half + card::WIDTH + 3), cy.saturating_sub(2)),
            Seat::East => (cx + half + 4, cy.saturating_sub(2)),
        };
        let look = Look { marked: winner == Some(seat), ..Look::default() };
        card::face(ctx, buf, x, y, c, look, area);
    }
}
