//! The pieces the table is drawn with. Each takes the area to draw in, the buffer, and what it
//! needs to know; the ones that can be clicked record their areas in the [`Hits`].

pub mod bidding;
pub mod card;
pub mod hand;
pub mod markdown;
pub mod meaning;
pub mod panel;
pub mod player;
pub mod review;
pub mod trick;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::hits::{Hit, Hits, PopupArea};
use super::seen::Seen;
use super::theme::Theme;
use crate::text::Words;

/// What every widget needs: the styles, the words (ASCII only, or not), the hits to record.
pub struct Ctx<'a> {
    /// What is seen of the app being drawn.
    pub seen: &'a dyn Seen,
    /// Styles.
    pub theme: Theme,
    /// Words.
    pub words: Words,
    /// Clickable areas.
    pub hits: Hits,
    /// The rows over the footer kept for the table's hint, under the screen's area.
    pub hint_area: Rect,
}

/// Borders with ASCII characters, for terminals without box drawing.
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Ctx<'_> {
    /// A bordered block with a title, in the table's border style.
    pub fn block<'b>(&self, title: &'b str) -> Block<'b> {
        let set = if self.words.ascii { ASCII_BORDER } else { border::ROUNDED };
        let b = Block::new().borders(Borders::ALL).border_set(set).border_style(self.theme.border);
        if title.is_empty() {
            b
        } else {
            let title = format!(" {} ", self.words.text(title));
            b.title(Line::from(Span::styled(title, self.theme.title)))
        }
    }

    /// A popup: `screen`, the area it is given, cleared whole (so that nothing of what lay
    /// there, a frame cut short or a card's edge, shows around it), a block of `width` x
    /// `height` drawn in its middle, the inner area returned; where it was drawn is recorded.
    /// Clicking outside the popup does nothing: the popup covers the whole screen for clicks.
    pub fn popup(
        &mut self,
        screen: Rect,
        width: u16,
        height: u16,
        title: &str,
        buf: &mut Buffer,
    ) -> Rect {
        let area = centered(screen, width, height);
        Clear.render(screen, buf);
        let block = self.block(title);
        let inner = block.inner(area);
        block.render(area, buf);
        self.hits.push_popup(PopupArea { area: screen, frame: area });
        inner
    }

    /// A button: its label between brackets, reversed when focused; records its hit.
    pub fn button(
        &mut self,
        x: u16,
        y: u16,
        label: &str,
        focused: bool,
        hit: Hit,
        buf: &mut Buffer,
    ) -> u16 {
        let text = format!("[{label}]");
        let w = text.chars().count() as u16;
        let style = if focused { self.theme.selected } else { self.theme.button };
        buf.set_string(x, y, &text, style);
        self.hits.push(Rect::new(x, y, w, 1), hit);
        w
    }
}

/// A rectangle of at most `width` x `height`, centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// Writes a line clipped to `area`'s width, at row `dy` of the area.
pub fn put(buf: &mut Buffer, area: Rect, dy: u16, line: &Line<'_>) {
    if dy < area.height {
        buf.set_line(area.x, area.y + dy, line, area.width);
    }
}

/// A span of text in a style.
pub fn span<'a>(text: impl Into<std::borrow::Cow<'a, str>>, style: Style) -> Span<'a> {
    Span::styled(text, style)
}

/// Lines wrapped in `inner`, scrolled by `scroll` and no further than their end (the furthest
/// is recorded for the keys and the wheel).
pub fn scrolled(
    ctx: &mut Ctx<'_>,
    lines: Vec<Line<'static>>,
    inner: Rect,
    scroll: u16,
    buf: &mut Buffer,
) {
    let para = ratatui::widgets::Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
    let max = para.line_count(inner.width).saturating_sub(usize::from(inner.height));
    let max = u16::try_from(max).unwrap_or(u16::MAX);
    ctx.hits.set_scroll_max(max);
    Widget::render(para.scroll((scroll.min(max), 0)), inner, buf);
}
