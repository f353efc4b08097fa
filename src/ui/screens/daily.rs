//! The end screen of a deal of the day: its result (or that the expert is still replaying
//! South's seat), a practice play's own score beside the first result, the share line, and the
//! button that leaves, back to the start screen the deal was chosen on, or, asked on the
//! command line, out.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::start::StartScreen;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply, continue_click};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, centered, span};

/// The end of a deal of the day: where leaving it goes.
#[derive(Clone, Debug, Default)]
pub struct DailyScreen {
    /// The start screen the deal was chosen on, back once it is left; none when the deal was
    /// asked on the command line, and leaving it quits.
    pub back: Option<Box<StartScreen>>,
}

impl Component for DailyScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Daily
    }

    /// Enter or Esc leaves it.
    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Act | Cmd::Close => Reply::Continue,
            _ => Reply::Pass,
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        continue_click(hit)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_daily(ctx, area, buf);
    }
}

/// Draws the end screen of the deal of the day at the table.
fn draw_daily(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let app = ctx.seen;
    let Some(daily) = app.daily() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines: Vec<Line<'_>> = Vec::new();
    if daily.practice() {
        lines.push(Line::from(span(w.t(T::DailyPractice), t.dim)));
        lines.push(Line::from(""));
        lines.push(Line::from(span(format!("{}{}", w.t(T::FirstTime), w.colon()), t.title)));
    }
    match daily.shown() {
        Some(entry) => {
            lines.extend(w.daily_result(entry).into_iter().map(|l| Line::from(span(l, t.text))));
            if let Some(d) =
                app.game().and_then(|g| g.history().first()).filter(|_| daily.practice())
            {
                let s = d.points();
                lines.push(Line::from(""));
                lines.push(Line::from(span(w.daily_this_time(s), t.text)));
            }
            lines.push(Line::from(""));
            lines.push(Line::from(span(format!("{}{}", w.t(T::DailyShare), w.colon()), t.dim)));
            lines.push(Line::from(span(w.daily_share(entry), t.accent)));
        }
        None => lines.push(Line::from(span(w.t(T::DailyWaiting), t.text))),
    }
    let width = area.width.saturating_sub(2).min(76);
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let rows = text.line_count(width.saturating_sub(2)) as u16;
    let box_area = centered(area, width, rows + 4);
    let title = format!("{} {}", w.t(T::DailyDeal), daily.day);
    let block = ctx.block(&title);
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    text.render(Rect { height: inner.height.saturating_sub(2), ..inner }, buf);
    let y = inner.bottom().saturating_sub(1);
    if inner.height > 0 {
        ctx.button(inner.x, y, w.t(T::DailyLeave), true, Hit::Continue, buf);
    }
}
