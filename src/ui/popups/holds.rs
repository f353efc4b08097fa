//! Who holds what, over the table: the view's own state (the figures asked, in, or not to be
//! had), its update and its drawing. The figures are read on a worker ([`HoldsRequest`]), since weighing the
//! expert's worlds takes longer than a frame; once in, they are kept rounded as they are shown,
//! a whole percentage per seat and card, a tenth of a trump, so that the view is a plain value.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::bots::expert::Holds;
use crate::game::SeatView;
use crate::rules::{BySeat, Card, CardSet, Seat, Suit};
use crate::session::work::HoldsRequest;
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, put, span};

/// The view of who holds what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldsView {
    /// Asked at the table's revision, not in yet.
    Thinking {
        /// The table's revision when asked: figures for another position are dropped.
        revision: u64,
    },
    /// The figures, as shown.
    Ready(Figures),
    /// The figures could not be read.
    Failed,
}

/// Who holds what, rounded as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The seat whose view it is: South.
    pub seat: Seat,
    /// The cards it has not seen.
    pub unseen: CardSet,
    /// The trump suit whose lengths are shown, if any.
    pub trump: Option<Suit>,
    /// How many worlds the figures rest on.
    pub worlds: u32,
    /// Whether they are every world the facts allow.
    pub exhaustive: bool,
    /// Their effective number, rounded.
    pub effective: u32,
    /// By seat and card index, the chance in whole percents; [`NONE`] where the seat cannot
    /// hold the card (kept small: the view is a popup, copied as popups are).
    odds: BySeat<[u8; Card::NUM]>,
    /// By seat, the mean number of trumps held, in tenths; [`NO_TRUMP`] without a trump.
    trumps: BySeat<u16>,
}

/// A card the seat cannot hold.
const NONE: u8 = u8::MAX;
/// No trump suit to count.
const NO_TRUMP: u16 = u16::MAX;

impl Figures {
    /// The figures of `holds`, rounded.
    pub fn of(holds: &Holds) -> Figures {
        let mut odds = BySeat([[NONE; Card::NUM]; 4]);
        let mut trumps = BySeat([NO_TRUMP; 4]);
        for seat in holds.others() {
            for card in holds.unseen {
                let p = holds.odds(seat, card);
                // Only a seat the facts keep from the card has exactly none of it.
                if p > 0.0 {
                    odds[seat][card.index()] = (p * 100.0).round().clamp(0.0, 100.0) as u8;
                }
            }
            if let Some(m) = holds.mean_trumps(seat) {
                trumps[seat] = (m * 10.0).round().clamp(0.0, 80.0) as u16;
            }
        }
        Figures {
            seat: holds.seat,
            unseen: holds.unseen,
            trump: holds.trump,
            worlds: holds.worlds,
            exhaustive: holds.exhaustive,
            effective: holds.effective.round().clamp(0.0, f64::from(u32::MAX)) as u32,
            odds,
            trumps,
        }
    }

    /// The chance, in whole percents, that `seat` holds `card`; `None` when it cannot.
    pub fn odds(&self, seat: Seat, card: Card) -> Option<u8> {
        Some(self.odds[seat][card.index()]).filter(|&p| p != NONE)
    }

    /// The number of trumps `seat` holds on average, in tenths, when there is a trump.
    pub fn trumps(&self, seat: Seat) -> Option<u16> {
        Some(self.trumps[seat]).filter(|&n| n != NO_TRUMP)
    }

    /// The seats other than South's, in the order of play from its left: West, North, East.
    pub fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        [Seat::West, Seat::North, Seat::East].into_iter().filter(move |&s| s != self.seat)
    }
}

impl HoldsView {
    /// The view as it opens on the table's position at `revision`: thinking.
    pub fn asked(revision: u64) -> HoldsView {
        HoldsView::Thinking { revision }
    }

    /// The worker's answer to `request`: taken if the view still waits for it and the table is
    /// still at the position asked about (its `revision`, South's `view`), else dropped.
    pub fn answer(
        &mut self,
        request: &HoldsRequest,
        holds: Option<&Holds>,
        revision: u64,
        view: &SeatView,
    ) {
        let waiting = *self == HoldsView::Thinking { revision: request.revision };
        if !waiting || revision != request.revision || *view != request.view {
            return;
        }
        *self = match holds {
            Some(h) => HoldsView::Ready(Figures::of(h)),
            None => HoldsView::Failed,
        };
    }
}

/// Drawn for each seat, a row of the cards South has not seen and, under it, each other seat's
/// chance to hold each one; each seat's likely trump length when there is a trump; and what
/// the figures rest on. `w` (the app's key) or Esc closes it.
impl Component for HoldsView {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Holds
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_holds(ctx, *self, area, buf);
    }
}

/// The width of the column of suits and seats, and of each card's.
const LABEL: usize = 10;
const CELL: usize = 5;

/// Draws the view over `screen`.
fn draw_holds(ctx: &mut Ctx<'_>, view: HoldsView, screen: Rect, buf: &mut Buffer) {
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
