//! A playing card, 7 cells wide and 5 high (9 by 7 on a roomy terminal): the rank in two corners
//! and the suit in the middle, in the suit's colour; a card of the trump suit carries the trump
//! mark in the two other corners, so that the trump is seen without colour. A card's back is a
//! hatched rectangle. Cards are also written out in a row, "A♠ 10♠ K♥", each in its suit's
//! colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Ctx, span};
use crate::rules::{Card, Suit};
use crate::text::Sign;
use crate::ui::seen::Seen;

/// A card's width.
pub const WIDTH: u16 = 7;
/// A card's height.
pub const HEIGHT: u16 = 5;

/// The trump suit of the deal at the table, once its contract is made; none in sans atout and
/// tout atout, where no suit stands apart.
pub fn trump_suit(app: &dyn Seen) -> Option<Suit> {
    app.game()?.deal().contract()?.trump().suit()
}

/// How a card stands out: selected, dimmed, framed as the winner, numbered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Selected: drawn reversed.
    pub selected: bool,
    /// Not playable now: dimmed.
    pub dimmed: bool,
    /// The winning card of a trick: drawn bold with a marker.
    pub marked: bool,
    /// A number printed in the bottom border (the key that picks it).
    pub number: Option<usize>,
    /// The deal whose trumps carry the trump mark.
    pub trumps: TrumpsOf,
}

/// The deal a card is of, for its trump mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TrumpsOf {
    /// The deal at the table.
    #[default]
    Table,
    /// Another deal (one reviewed), with its trump suit if it has one.
    Deal(Option<Suit>),
}

/// A card's size on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Width in cells.
    pub w: u16,
    /// Height in cells.
    pub h: u16,
}

/// The card of an 80x24 table.
pub const SMALL: Size = Size { w: WIDTH, h: HEIGHT };
/// The card of a roomy terminal: the suit in the corners too.
pub const LARGE: Size = Size { w: 9, h: 7 };

/// Draws a card face of `size` at `(x, y)`, clipped to `clip`.
#[allow(clippy::too_many_arguments)]
pub fn face(
    ctx: &Ctx<'_>,
    buf: &mut Buffer,
    x: u16,
    y: u16,
    card: Card,
    highlight: Highlight,
    clip: Rect,
    size: Size,
) {
    let trumps = match highlight.trumps {
        TrumpsOf::Table => TrumpsOf::Deal(trump_suit(ctx.seen)),
        deal => deal,
    };
    let highlight = Highlight { trumps, ..highlight };
    face_in(&ctx.theme, ctx.words, buf, (x, y), card, highlight, clip, size);
}

/// Draws a card face of `size` at `at`, clipped to `clip`, in `theme` and `words`, for a front
/// end that knows its deal's trump without the app's table: [`TrumpsOf::Table`] marks none.
#[allow(clippy::too_many_arguments)]
pub fn face_in(
    t: &crate::ui::theme::Theme,
    words: crate::text::Words,
    buf: &mut Buffer,
    (x, y): (u16, u16),
    card: Card,
    highlight: Highlight,
    clip: Rect,
    size: Size,
) {
    let suit_style = if highlight.dimmed { t.dim } else { t.suit(card.suit()) };
    let frame = if highlight.dimmed {
        t.dim
    } else if highlight.marked {
        t.accent
    } else {
        t.text
    };
    let (suit_style, frame) = if highlight.selected {
        (suit_style.patch(t.selected), frame.patch(t.selected))
    } else {
        (suit_style, frame)
    };
    let rank = words.rank(card.rank());
    let suit = words.suit(card.suit());
    let trump_suit = match highlight.trumps {
        TrumpsOf::Table => None,
        TrumpsOf::Deal(suit) => suit,
    };
    let trump = trump_suit == Some(card.suit());
    let (tl, tr, bl, br, h, v) = match (words.ascii, highlight.marked) {
        (false, false) => ("┌", "┐", "└", "┘", "─", "│"),
        (false, true) => ("╔", "╗", "╚", "╝", "═", "║"),
        (true, false) => ("+", "+", "+", "+", "-", "|"),
        (true, true) => ("#", "#", "#", "#", "=", "|"),
    };
    let inner = usize::from(size.w.saturating_sub(2));
    let bottom = match highlight.number {
        Some(n) => format!("{bl}{h}{n}{}{br}", h.repeat(inner.saturating_sub(2))),
        None => format!("{bl}{}{br}", h.repeat(inner)),
    };
    let body =
        |text: String| vec![(v.to_string(), frame), (text, suit_style), (v.to_string(), frame)];
    let mut rows: Vec<Vec<(String, Style)>> =
        vec![vec![(format!("{tl}{}{tr}", h.repeat(inner)), frame)]];
    let middle = format!("{suit:^inner$}");
    // The rank in the top left and bottom right corners, the trump mark in the two others.
    let (top, bottom_rank) = if trump {
        let k = inner.saturating_sub(1);
        let mark = words.sign(Sign::Trump);
        (format!("{rank:<k$}{mark}"), format!("{mark}{rank:>k$}"))
    } else {
        (format!("{rank:<inner$}"), format!("{rank:>inner$}"))
    };
    if size.h >= 7 {
        rows.push(body(top));
        rows.push(body(format!("{suit:<inner$}")));
        rows.push(body(middle));
        rows.push(body(format!("{suit:>inner$}")));
        rows.push(body(bottom_rank));
    } else {
        rows.push(body(top));
        rows.push(body(middle));
        rows.push(body(bottom_rank));
    }
    rows.push(vec![(bottom, frame)]);
    put_rows(buf, x, y, &rows, clip);
}

/// Writes `rows` of styled pieces from `(x, y)` down, cell by cell, clipped to `clip`.
fn put_rows(buf: &mut Buffer, x: u16, y: u16, rows: &[Vec<(String, Style)>], clip: Rect) {
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

/// Cards written out in a row, "A♠ 10♠ K♥", each in its suit's colour: in lines of at most
/// `width` columns, broken between two cards.
pub fn written(ctx: &Ctx<'_>, cards: &[Card], width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for &c in cards {
        let text = ctx.words.card(c);
        let w = text.chars().count();
        if used > 0 && used + 1 + w > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        }
        if used > 0 {
            line.push(span(" ", ctx.theme.text));
            used += 1;
        }
        line.push(span(text, ctx.theme.suit(c.suit())));
        used += w;
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

/// Draws a row of `n` card backs, small (one cell each), for a seat's remaining cards.
pub fn backs(ctx: &Ctx<'_>, n: usize) -> String {
    let b = ctx.words.sign(Sign::CardBack);
    b.repeat(n)
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use super::*;
    use crate::rules::{Rank, Suit};
    use crate::session::settings::Settings;
    use crate::text::SuitStyle;
    use crate::text::{Lang, Words};
    use crate::ui::app::App;
    use crate::ui::hits::Hits;
    use crate::ui::messages::Config;
    use crate::ui::theme::Theme;

    fn drawn(size: Size) -> Vec<String> {
        let app = App::new(Config {
            settings: Settings::default(),
            saved: Settings::default(),
            no_color: false,
            target: 1000,
            seed: 1,
            resume: None,
            game: None,
            previous: None,
            time_zone: jiff::tz::TimeZone::UTC,
            today: crate::game::daily::Day::default(),
            budget: crate::bots::expert::Budget::DEFAULT,
            ascii: false,
            newcomer: false,
        });
        let ctx = Ctx {
            seen: &app,
            theme: Theme::colored(),
            words: Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false },
            hits: Hits::default(),
            hint_area: Rect::default(),
        };
        let area = Rect::new(0, 0, size.w, size.h);
        let mut buf = Buffer::empty(area);
        let highlight = Highlight { number: Some(3), ..Highlight::default() };
        face(&ctx, &mut buf, 0, 0, Card::new(Suit::Hearts, Rank::Queen), highlight, area, size);
        (0..size.h)
            .map(|y| (0..size.w).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect()
    }

    #[test]
    fn both_sizes_fill_their_box_exactly() {
        assert_eq!(drawn(SMALL), ["┌─────┐", "│D    │", "│  ♥  │", "│    D│", "└─3───┘"]);
        assert_eq!(
            drawn(LARGE),
            [
                "┌───────┐",
                "│D      │",
                "│♥      │",
                "│   ♥   │",
                "│      ♥│",
                "│      D│",
                "└─3─────┘"
            ]
        );
    }
}
