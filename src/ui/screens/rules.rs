//! The rules screen: RULES.md (RULES.fr.md in French), scrollable with the keys and the wheel,
//! after the notes on the rules of the game at the table (else of new games).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::text::Sign;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply, scroll_command};
use crate::ui::keymap::Mode;
use crate::ui::widgets::{Ctx, markdown, span};

/// The rules screen: how far they are scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesScreen {
    /// How far they are scrolled.
    pub scroll: u16,
}

impl Component for RulesScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Rules
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        scroll_command(&mut self.scroll, press, at)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_rules(ctx, self.scroll, area, buf);
    }
}

/// The rules screen: RULES.md (RULES.fr.md in French), scrollable, after the notes on the rules
/// of the game at the table (else of new games).
fn draw_rules(ctx: &mut Ctx<'_>, scroll: u16, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let block = ctx.block(w.t(T::Rules));
    let mut lines = Vec::new();
    for note in crate::ui::popups::help::set_notes(ctx) {
        lines.extend([Line::from(span(w.t(note), t.accent)), Line::from("")]);
    }
    let styles =
        markdown::Styles { text: t.text, heading: t.title, rule: t.dim, bar: w.sign(Sign::Bar) };
    let md = w.rules_md();
    lines.extend(markdown::lines(&md, area.width.saturating_sub(2), styles));
    let inner = block.inner(area);
    block.render(area, buf);
    let para = Paragraph::new(lines).wrap(Wrap { trim: false });
    let max = para.line_count(inner.width).saturating_sub(usize::from(inner.height));
    let max = u16::try_from(max).unwrap_or(u16::MAX);
    ctx.hits.set_scroll_max(max);
    para.scroll((scroll.min(max), 0)).render(inner, buf);
}
