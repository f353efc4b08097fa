//! Who holds what, over the table: for each suit with cards South has not seen, a row of those
//! cards and, under it, each other seat's chance to hold each one; each seat's likely trump
//! length when there is a trump; and what the figures rest on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Ctx, put, span};
use crate::rules::Suit;
use crate::text::{Sign, T};
use crate::ui::holds::{Figures, HoldsView};

/// The width of the column of suits and seats, and of each card's.
const LABEL: usize = 10;
const CELL: usize = 5;

/// Draws the view over `screen`.
pub fn draw(ctx: &mut Ctx<'_>, view: HoldsView, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let lines = match view {
        HoldsView::Thinking { .. } => vec![Line::from(span(w.t(T::HoldsThinking), t.dim))],
        HoldsView::Failed => vec![Line::from(span(w.t(T::HoldsFailed), t.bad))],
        HoldsView::Ready(f) => lines(ctx, &f, screen.height.saturating_sub(2)),
    };
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (widest + 4).max(44).min(screen.width.saturating_sub(2));
    let inner = ctx.popup(screen, width, lines.len() as u16 + 2, w.t(T::HoldsTitle), buf);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
}

/// The figures' lines, within `room` lines: the spacing goes first when they do not fit.
fn lines(ctx: &Ctx<'_>, f: &Figures, room: u16) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut grid = Vec::new();
    for suit in Suit::ALL {
        let cards: Vec<_> = f.unseen.of_suit(suit).iter().collect();
        if cards.is_empty() {
            continue;
        }
        let trump = f.trump == Some(suit);
        let mut label = format!("{} {}", w.suit(suit), w.suit_name(suit));
        if trump {
            label = format!("{label} {}", w.sign(Sign::Trump));
        }
        let mut head = vec![span(pad(&label, LABEL), if trump { t.accent } else { t.title })];
        head.extend(cards.iter().map(|&c| span(right(w.rank(c.rank()), CELL), t.title)));
        grid.push(Line::from(head));
        for seat in f.others() {
            let mut row: Vec<Span<'static>> =
                vec![span(pad(&format!("  {}", w.seat(seat)), LABEL), t.text)];
            for &c in &cards {
                let cell = match f.odds(seat, c) {
                    Some(p) => span(right(&format!("{p}%"), CELL), t.text),
                    None => span(right("-", CELL), t.dim),
                };
                row.push(cell);
            }
            grid.push(Line::from(row));
        }
    }
    let trumps: Vec<String> = f
        .others()
        .filter_map(|s| f.trumps(s).map(|n| format!("{} {}", w.seat(s), w.about_trumps(n))))
        .collect();
    let legend = Line::from(span(w.t(T::HoldsLegend), t.dim));
    let foot = Line::from(span(w.holds_worlds(f.worlds, f.effective, f.exhaustive), t.dim));
    let trumps = (!trumps.is_empty()).then(|| Line::from(span(trumps.join("   "), t.accent)));
    // The grid, a blank, the trumps, a blank, the legend and the foot; the blanks go first
    // when the room is short.
    let fixed = grid.len() + usize::from(trumps.is_some()) + 2;
    let wanted = if trumps.is_some() { 2 } else { 1 };
    let mut blanks = usize::from(room).saturating_sub(fixed).min(wanted);
    let mut out = grid;
    if let Some(l) = trumps {
        if blanks > 0 {
            out.push(Line::from(""));
            blanks -= 1;
        }
        out.push(l);
    }
    if blanks > 0 {
        out.push(Line::from(""));
    }
    out.push(legend);
    out.push(foot);
    out
}

/// `text` left in `width` columns.
fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(n)))
}

/// `text` right in `width` columns.
fn right(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{}{text}", " ".repeat(width.saturating_sub(n)))
}
