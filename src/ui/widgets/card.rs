//! A playing card, 7 cells wide and 5 high: the rank in two corners and the suit in the middle;
//! hearts and diamonds red. A card's back is a hatched rectangle.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::Ctx;
use crate::rules::Card;

/// A card's width.
pub const WIDTH: u16 = 7;
/// A card's height.
pub const HEIGHT: u16 = 5;

/// How a card is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Selected: drawn reversed.
    pub selected: bool,
    /// Not playable now: dimmed.
    pub dimmed: bool,
    /// The winning card of a trick: drawn bold with a marker.
    pub marked: bool,
    /// A number printed in the bottom border (the key that picks it).
    pub number: Option<usize>,
}

/// Draws a card face at `(x, y)`, clipped to `clip`.
pub fn face(ctx: &Ctx<'_>, buf: &mut Buffer, x: u16, y: u16, card: Card, look: Look, clip: Rect) {
    let t = &ctx.theme;
    let suit_style = if look.dimmed { t.dim } else { t.suit(card.suit()) };
    let frame = if look.dimmed {
        t.dim
    } else if look.marked {
        t.accent
    } else {
        t.text
    };
    let (suit_style, frame) = if look.selected {
        (suit_style.patch(t.selected), frame.patch(t.selected))
    } else {
        (suit_style, frame)
    };
    let rank = ctx.words.rank(card.rank());
    let suit = ctx.words.suit(card.suit());
    let (tl, tr, bl, br, h, v) = if ctx.ascii {
        ("+", "+", "+", "+", "-", "|")
    } else {
        ("┌", "┐", "└", "┘", "─", "│")
    };
    let (tl, tr, bl, br, h) = if look.marked && !ctx.ascii {
        ("╔", "╗", "╚", "╝", "═")
    } else if look.marked {
        ("#", "#", "#", "#", "=")
    } else {
        (tl, tr, bl, br, h)
    };
    let v = if look.marked && !ctx.ascii { "║" } else { v };
    let bottom = match look.number {
        Some(n) => format!("{bl}{h}{n}{}{br}", h.repeat(3)),
        None => format!("{bl}{}{br}", h.repeat(5)),
    };
    let inner = |s: &str| format!("{s:<5}");
    let rows: [Vec<(String, Style)>; 5] = [
        vec![(format!("{tl}{}{tr}", h.repeat(5)), frame)],
        vec![(v.into(), frame), (inner(rank), suit_style), (v.into(), frame)],
        vec![(v.into(), frame), (format!("  {suit}  "), suit_style), (v.into(), frame)],
        vec![(v.into(), frame), (format!("{rank:>5}"), suit_style), (v.into(), frame)],
        vec![(bottom, frame)],
    ];
    for (dy, row) in rows.iter().enumerate() {
        let yy = y + dy as u16;
        if yy < clip.y || yy >= clip.bottom() {
            continue;
        }
        let mut xx = x;
        for (text, style) in row {
            for ch in text.chars() {
                if xx >= clip.x && xx < clip.right() {
                    buf[(xx, yy)].set_symbol(ch.encode_utf8(&mut [0; 4])).set_style(*style);
                }
                xx += 1;
            }
        }
    }
}

/// Draws a row of `n` card backs, small (one cell each), for a seat's remaining cards.
pub fn backs(ctx: &Ctx<'_>, n: usize) -> String {
    let b = if ctx.ascii { "#" } else { "▮" };
    b.repeat(n)
}
