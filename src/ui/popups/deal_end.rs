//! The end of a deal: its contract and result, its declarations and belotes, its score as a
//! sum, the totals (or, for a deal played again, its first result), the deal played again with
//! the expert in South's seat, and the button to the next deal.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::rules::Team;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply, continue_click};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, put, review, span};

/// The summary of the deal just finished: the game's last deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealEnd;

impl Component for DealEnd {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Summary
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Act => Reply::Continue,
            Cmd::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        continue_click(hit)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_deal_end(ctx, area, buf);
    }
}

/// The summary of the deal just finished.
fn draw_deal_end(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = ctx.seen.game() else { return };
    let Some(d) = g.history().last() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = review::deal_lines(ctx, d);
    // A deal played again counts in no total: its first result stands beside it instead.
    let again = ctx.seen.playing_again();
    let last = if again {
        ctx.seen.first_result().map(|s| (T::FirstTime, s.map(u32::from)))
    } else {
        Some((T::Totals, d.totals))
    };
    if let Some((label, row)) = last {
        lines.push(Line::from(span(
            format!("{:<24}{:>10}{:>10}", w.t(label), row[Team::NS], row[Team::EW]),
            t.title,
        )));
    }
    // The deal played again with the expert in South's seat, or that it is being played.
    let compared = w.expert_in_seat(d);
    if !compared.is_empty() {
        lines.push(Line::from(""));
        lines.extend(compared.into_iter().map(|l| Line::from(span(l, t.accent))));
    }
    let title = match (again, ctx.seen.first_result()) {
        _ if ctx.seen.daily().is_some() => {
            let day = ctx.seen.daily().map(|d| d.day.to_string()).unwrap_or_default();
            format!("{} {day}", w.t(T::DailyDeal))
        }
        (true, Some(_)) => w.t(T::AgainOver).to_string(),
        // Never played before: a file's deal.
        (true, None) => w.t(T::FileDealOver).to_string(),
        (false, _) => w.deal_over(g.history().len()),
    };
    let inner = ctx.popup(screen, 50, lines.len() as u16 + 4, &title, buf);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    ctx.button(inner.x, y, w.t(T::Continue), true, Hit::Continue, buf);
}
