//! The end of the game: who won, the deals (the latest kept when some must go), the statistics
//! the game changed, the balance against the expert, and the buttons to play again or quit.
//! Esc leads back to the start screen rather than to a new game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::game::Game;
use crate::rules::Team;
use crate::session::report::{self, DealLine};
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply, continue_click};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, put, review, span};

/// The end of the game at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver;

impl Component for GameOver {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::GameOver
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Act => Reply::Continue,
            Cmd::Close => Reply::LeaveGame,
            _ => Reply::Pass,
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        continue_click(hit)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_game_over(ctx, area, buf);
    }
}

/// The end of the game.
fn draw_game_over(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = ctx.seen.game() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let won = g.winner() == Some(Team::NS);
    let width = screen.width.saturating_sub(2).min(80);
    let inner = ctx.popup(screen, width, screen.height, w.t(T::GameOver), buf);
    let totals = g.totals();
    let mut lines = vec![
        Line::from(vec![
            span(w.t(if won { T::YouWin } else { T::YouLose }), if won { t.good } else { t.bad }),
            span(
                format!(
                    "   {} {}, {} {}",
                    w.t(T::Us),
                    totals[Team::NS],
                    w.t(T::Them),
                    totals[Team::EW]
                ),
                t.accent,
            ),
        ]),
        Line::from(""),
    ];
    let changes = stat_changes(ctx, g);
    // The deals take the room the statistics leave, the latest kept when some must go.
    let compared = usize::from(g.expert_balance().0 > 0);
    let header = review::history_header(ctx);
    let fixed = lines.len() + 2 + header.len() + changes.len() + compared + 2;
    let room = usize::from(inner.height).saturating_sub(fixed);
    lines.extend(header.into_iter().map(|h| Line::from(span(h, t.dim))));
    let skip = g.history().len().saturating_sub(room);
    if skip > 0 {
        lines.push(Line::from(span(format!("  {}", w.sign(Sign::Ellipsis)), t.dim)));
    }
    let take = if skip > 0 { room.saturating_sub(1) } else { room };
    let start = g.history().len().saturating_sub(take);
    for (i, d) in g.history().iter().enumerate().skip(start) {
        let line = DealLine::finished(i, d);
        lines.push(Line::from(span(format!(" {}", review::history_row(ctx, &line)), t.text)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::ThisGame), t.title)));
    lines.extend(changes);
    let (deals, balance) = g.expert_balance();
    if deals > 0 {
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(T::AgainstExpert)), t.text),
            span(w.expert_balance(deals, balance), t.accent),
        ]));
    }
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    let used = ctx.button(inner.x, y, w.t(T::PlayAgain), true, Hit::Continue, buf);
    let quit = w.t(T::Quit);
    buf.set_string(inner.x + used + 2, y, format!("q{}{quit}", w.colon()), t.dim);
}

/// The statistics the game changed, one line each: before → after when the statistics are
/// loaded, else what this game added.
fn stat_changes(ctx: &Ctx<'_>, g: &Game) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let after = ctx.seen.stats();
    let mut lines = Vec::new();
    for c in report::stat_changes(g, after) {
        let text = match c.now {
            Some(now) => format!("{} {} {now}", now.saturating_sub(c.added), w.sign(Sign::Arrow)),
            None => format!("+{}", c.added),
        };
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(c.label)), t.text),
            span(text, t.accent),
        ]));
    }
    if let Some(s) = after {
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(T::Streak)), t.text),
            span(format!("{} / {}", s.streak.current, s.streak.best), t.accent),
        ]));
    }
    lines
}
