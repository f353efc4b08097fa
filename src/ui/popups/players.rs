//! The computer players: the three of them as they sit down, West, North and East side by side,
//! or one of them, from a click on its portrait: name and seat, portrait, tagline and style.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::rules::Seat;
use crate::session::report::Player;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, player, span};

/// The players at the table, as they sit down: all three, or the one whose portrait was
/// clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players(pub Option<Seat>);

impl Component for Players {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Players
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Act | Cmd::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        match self.0 {
            None => draw_players(ctx, area, buf),
            Some(seat) => draw_one(ctx, seat, area, buf),
        }
    }
}

/// A persona's lines: name and seat, portrait, tagline, style.
fn persona_lines(ctx: &Ctx<'_>, seat: Seat) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(p) = ctx.seen.game().and_then(|g| Player::at(w, g, seat)) else {
        return Vec::new();
    };
    let mut lines = vec![
        Line::from(span(w.text(&p.name).into_owned(), t.accent)),
        Line::from(span(format!("{}, {}", w.seat(seat), w.t(p.role)), t.dim)),
    ];
    lines.extend(p.portrait.iter().map(|l| Line::from(span(w.text(l).into_owned(), t.text))));
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.text(&p.tagline).into_owned(), t.text)));
    lines.push(Line::from(span(w.t(p.style), t.dim)));
    lines
}

/// The three computer players as they sit down: West, North and East side by side.
fn draw_players(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let width = screen.width.saturating_sub(2).min(84);
    let inner = ctx.popup(screen, width, 16, w.t(T::PlayersTitle), buf);
    let col = inner.width / 3;
    for (i, seat) in [Seat::West, Seat::North, Seat::East].into_iter().enumerate() {
        let area =
            Rect::new(inner.x + col * i as u16, inner.y, col.saturating_sub(1), inner.height);
        // Not trimmed: the portraits' leading spaces are part of them.
        let para = ratatui::widgets::Paragraph::new(persona_lines(ctx, seat))
            .wrap(ratatui::widgets::Wrap { trim: false });
        ratatui::widgets::Widget::render(para, area, buf);
    }
    let y = inner.bottom().saturating_sub(1);
    ctx.button(inner.x, y, w.t(T::Continue), true, Hit::Close, buf);
}

/// One computer player, from a click on its portrait.
fn draw_one(ctx: &mut Ctx<'_>, seat: Seat, screen: Rect, buf: &mut Buffer) {
    let lines = persona_lines(ctx, seat);
    let title = player::name(ctx, seat);
    let inner = ctx.popup(screen, 34, 14, &title, buf);
    let para = ratatui::widgets::Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
    ratatui::widgets::Widget::render(para, inner, buf);
}
