//! On the start screen, the question before a new game replaces the saved one, which is then
//! filed as abandoned: what becomes of the saved game, its score, and a button for each answer.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::Team;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, span};

/// The question before a new game replaces the saved one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplaceSaved;

impl Component for ReplaceSaved {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Confirm
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Yes => Reply::Continue,
            Cmd::No | Cmd::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::Continue => Reply::Continue,
            Hit::Cancel => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_replace_saved(ctx, area, buf);
    }
}

/// Asks before a new game replaces the saved one: what becomes of the saved game, its score,
/// and a button for each answer.
fn draw_replace_saved(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(saved) = ctx.seen.resume() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let score = saved.game.totals();
    let text = w.replace_saved(score[Team::NS], score[Team::EW]);
    let ask = Paragraph::new(Line::from(span(text, t.text))).wrap(Wrap { trim: true });
    let width = screen.width.saturating_sub(4).min(64);
    let rows = ask.line_count(width.saturating_sub(2)) as u16;
    let inner = ctx.popup(screen, width, rows + 4, w.t(T::NewGameTitle), buf);
    ask.render(Rect { height: rows, ..inner }, buf);
    let y = inner.y + rows + 1;
    if y < inner.bottom() {
        let used = ctx.button(inner.x, y, w.t(T::NewGameButton), true, Hit::Continue, buf);
        ctx.button(inner.x + used + 1, y, w.t(T::CancelButton), false, Hit::Cancel, buf);
    }
}
