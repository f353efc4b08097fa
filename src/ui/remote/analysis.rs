//! The expert's analysis of a finished deal at the remote table: asked with `a` at the deal's
//! end or the game's, worked out on a thread of the runner's, kept by the deal's number so that
//! a deal asked again is not worked out again, and shown in a popup of its own, its sentences
//! wrapped to the popup's width, scrolled with ↑ and ↓ or the mouse wheel, closed with Esc or
//! Enter. The sentences are the line mode's, from the one function both say them with.

use std::collections::{BTreeSet, HashMap};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::draw::Paint;
use super::words::Says;
use crate::bots::expert::{Budget, DealAnalysis};
use crate::session::remote::RemoteTable;
use crate::session::work::{AnalysisRequest, Cancel};
use crate::text::{T, Words};
use crate::ui::hits::Hit;
use crate::ui::keymap::{self, Cmd, Mode};
use crate::ui::widgets::{put, span};

/// The analyses of the finished deals, those asked and not in yet, and the popup showing one.
#[derive(Debug, Default)]
pub(super) struct Analyses {
    /// Each deal's analysis once worked out, by its number from 1; `None` when the expert could
    /// not review it.
    kept: HashMap<usize, Option<DealAnalysis>>,
    /// The deals whose analysis is being worked out.
    asked: BTreeSet<usize>,
    /// The popup, while it is open.
    open: Option<Popup>,
}

/// One deal's analysis on screen.
#[derive(Debug)]
struct Popup {
    /// The deal's number, from 1.
    deal: usize,
    /// The sentences, as the line mode says them.
    lines: Vec<String>,
    /// The first row shown of the wrapped sentences.
    scroll: u16,
    /// The furthest the rows may scroll, as last drawn.
    max: u16,
}

/// What a key pressed in the popup asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pressed {
    /// The popup took it: scrolled, closed, or nothing.
    Taken,
    /// Leave the table.
    Quit,
}

impl Analyses {
    /// Whether the popup is open.
    pub(super) fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The sentences of the analysis on screen.
    pub(super) fn lines(&self) -> Option<&[String]> {
        self.open.as_ref().map(|p| p.lines.as_slice())
    }

    /// Asks the analysis of the last finished deal, turned so that the player sits South: shown
    /// at once when it is kept, else the request to work it out (none while it already is).
    pub(super) fn ask(
        &mut self,
        table: &RemoteTable,
        w: Words,
    ) -> Option<(usize, AnalysisRequest)> {
        let (n, record, levels) = table.finished_deal(None)?;
        if let Some(analysis) = self.kept.get(&n) {
            self.open = Some(Popup::new(n, w, analysis.as_ref(), table));
            return None;
        }
        if !self.asked.insert(n) {
            return None;
        }
        let budget = Budget::DEFAULT;
        Some((n, AnalysisRequest { record, levels, budget, cancel: Cancel::new() }))
    }

    /// The expert's analysis of deal `n`: kept, and shown if `show`.
    pub(super) fn answered(
        &mut self,
        n: usize,
        analysis: Option<DealAnalysis>,
        (table, w): (&RemoteTable, Words),
        show: bool,
    ) {
        self.asked.remove(&n);
        if show {
            self.open = Some(Popup::new(n, w, analysis.as_ref(), table));
        }
        self.kept.insert(n, analysis);
    }

    /// A key while the popup is open: the arrows and the pages scroll, Esc and Enter close.
    pub(super) fn key(&mut self, key: KeyEvent) -> Pressed {
        let Some(popup) = self.open.as_mut() else { return Pressed::Taken };
        if matches!(key.code, KeyCode::Enter) {
            self.open = None;
            return Pressed::Taken;
        }
        match keymap::command(Mode::Help, key) {
            Some(Cmd::Quit) => return Pressed::Quit,
            Some(Cmd::Close) => self.open = None,
            Some(cmd @ (Cmd::Up | Cmd::Down | Cmd::PageUp | Cmd::PageDown)) => {
                keymap::scroll(&mut popup.scroll, cmd, popup.max);
            }
            _ => {}
        }
        Pressed::Taken
    }

    /// The mouse wheel turned up or down over the popup: it scrolls by a line.
    pub(super) fn wheel(&mut self, up: bool) {
        if let Some(popup) = self.open.as_mut() {
            let cmd = if up { Cmd::Up } else { Cmd::Down };
            keymap::scroll(&mut popup.scroll, cmd, popup.max);
        }
    }

    /// A click while the popup is open: its button closes it.
    pub(super) fn click(&mut self, hit: Option<Hit>) {
        if hit == Some(Hit::Close) {
            self.open = None;
        }
    }

    /// Draws the popup over `area`, if it is open.
    pub(super) fn draw(&mut self, p: &mut Paint, area: Rect, buf: &mut Buffer) {
        let Some(popup) = self.open.as_mut() else { return };
        let (w, t) = (p.words, p.theme);
        let size = (area.width.saturating_sub(4).min(100), area.height.saturating_sub(2));
        let inner = p.popup(area, size, &w.remote_analysis_title(popup.deal), buf);
        // The last row holds the button; a blank row above it.
        let rows = inner.height.saturating_sub(2);
        let text = Rect { height: rows, ..inner };
        let wrapped: Vec<String> = popup
            .lines
            .iter()
            .flat_map(|l| crate::ui::widgets::player::wrap(l, inner.width.saturating_sub(1)))
            .collect();
        let total = u16::try_from(wrapped.len()).unwrap_or(u16::MAX);
        popup.max = total.saturating_sub(rows);
        popup.scroll = popup.scroll.min(popup.max);
        for (i, l) in wrapped.iter().skip(usize::from(popup.scroll)).enumerate() {
            let Ok(dy) = u16::try_from(i) else { break };
            let style = if popup.scroll == 0 && i == 0 { t.title } else { t.text };
            put(buf, text, dy, &Line::from(span(l.clone(), style)));
        }
        let y = inner.bottom().saturating_sub(1);
        let x = p.button((inner.x, y), &w.says(Says::CloseAnalysis), true, Hit::Close, buf);
        // Where the rows shown are in the whole, when it does not fit.
        if popup.max > 0 {
            let first = popup.scroll + 1;
            let last = (popup.scroll + rows).min(total);
            let at = w.text(&format!("{first}–{last} / {total}")).into_owned();
            let r =
                Rect { x: inner.x + x + 2, y, width: inner.width.saturating_sub(x + 2), height: 1 };
            put(buf, r, 0, &Line::from(span(at, t.dim)));
        }
    }
}

impl Popup {
    /// Deal `n`'s analysis, as the line mode says it; the expert's failure said when there is
    /// none.
    fn new(n: usize, w: Words, analysis: Option<&DealAnalysis>, table: &RemoteTable) -> Popup {
        let lines = match (analysis, table.finished_deal(Some(n))) {
            (Some(a), Some((_, record, levels))) => w.analysis(a, &record, &levels),
            _ => vec![format!("{}.", w.t(T::AnalysisFailed))],
        };
        let lines = lines.iter().map(|l| w.text(l).into_owned()).collect();
        Popup { deal: n, lines, scroll: 0, max: 0 }
    }
}
