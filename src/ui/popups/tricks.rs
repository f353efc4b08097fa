//! The tricks of the deal on the table, one at a time, the last first: who took each with its
//! points, and its four cards in a cross; ← → go through them. The state is the session's
//! [`Tricks`], shared with the line mode; its keys and drawing at the table are here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::rules::{DoneTrick, Seat};
use crate::session::review::Tricks;
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::card::{self, Highlight, TrumpsOf};
use crate::ui::widgets::{Ctx, put, span};

/// The tricks taken at the table seen.
fn taken(at: &Around<'_>) -> usize {
    at.session.table().map_or(0, |t| t.table().deal_tricks().len())
}

impl Component for Tricks {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Tricks
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Close => Reply::Close,
            cmd => {
                self.key(cmd, taken(at));
                Reply::Done
            }
        }
    }

    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        match hit {
            Hit::Earlier => self.key(Cmd::Left, taken(at)),
            Hit::Later => self.key(Cmd::Right, taken(at)),
            _ => return Reply::Pass,
        }
        Reply::Done
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_tricks(ctx, self.index, area, buf);
    }
}

/// The tricks of the deal on the table, one at a time, the last first; ← → go through them.
fn draw_tricks(ctx: &mut Ctx<'_>, index: usize, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let all = ctx.seen.table().map_or(&[][..], |t| t.table().deal_tricks());
    let n = all.len();
    let title = match n {
        0 => w.t(T::LastTrick).to_string(),
        _ => format!("{} {} {} {n}", w.t(T::Trick), index.min(n - 1) + 1, w.t(T::TricksOf)),
    };
    let inner = ctx.popup(screen, 40, 2 + TRICK_ROWS, &title, buf);
    let Some(d) = all.get(index.min(n.saturating_sub(1))).copied() else {
        put(buf, inner, 0, &Line::from(span(w.t(T::NoTrickYet), ctx.theme.text)));
        return;
    };
    done_trick(ctx, &d, TrumpsOf::Table, inner, buf);
}

/// The rows a finished trick takes: who took it, then its four cards in a cross.
pub(super) const TRICK_ROWS: u16 = 12;

/// A finished trick at the top of `area`: who took it with its points, then each card in front
/// of the seat that played it, the winner's marked, the trumps of the deal of `trumps`.
pub(super) fn done_trick(
    ctx: &Ctx<'_>,
    d: &DoneTrick,
    trumps: TrumpsOf,
    area: Rect,
    buf: &mut Buffer,
) {
    let w = ctx.words;
    let taken = format!(
        "{} {} {} ({})",
        w.sign(Sign::Arrow),
        w.seat(d.winner),
        w.t(T::TakesTrick),
        d.points
    );
    put(buf, area, 0, &Line::from(span(taken, ctx.theme.accent)));
    let cx = area.x + area.width / 2;
    let top = area.y + 1;
    for (seat, c) in d.trick.plays() {
        let (x, y) = match seat {
            Seat::North => (cx.saturating_sub(3), top),
            Seat::South => (cx.saturating_sub(3), top + 6),
            Seat::West => (cx.saturating_sub(14), top + 3),
            Seat::East => (cx + 7, top + 3),
        };
        let highlight = Highlight { marked: seat == d.winner, trumps, ..Highlight::default() };
        card::face(ctx, buf, x, y, c, highlight, area, card::SMALL);
    }
}
