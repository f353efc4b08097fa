//! The help: the keys of the game (none for a bid or a prompt its rules and settings never
//! offer), a summary of the rules with the notes on the rules of the game at the table, and the
//! glossary; scrollable with the keys and the wheel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::session::commands::Availability;
use crate::session::report;
use crate::text::T;
use crate::ui::component::{Around, Component, Press, Reply, scroll_command};
use crate::ui::keymap::{self, Mode};
use crate::ui::widgets::{Ctx, scrolled, span};

/// The help: how far it is scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    /// How far it is scrolled.
    pub scroll: u16,
}

impl Component for Help {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Help
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        scroll_command(&mut self.scroll, press, at)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_help(ctx, self.scroll, area, buf);
    }
}

/// The notes on the rules of the game at the table (else of new games): its declarations, or
/// what its rule set changes, and sans atout and tout atout when it has them.
pub fn set_notes(ctx: &Ctx<'_>) -> Vec<T> {
    report::set_notes(ctx.seen.shown_rules())
}

/// The keys of this game, a summary of its rules, the notes on them, and the glossary.
fn draw_help(ctx: &mut Ctx<'_>, scroll: u16, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = vec![Line::from(span(w.t(T::Keys), t.title))];
    // The keys of this game: none for a bid or a prompt its rules and settings never offer.
    let applies = |b: &keymap::Binding| {
        b.modes.first().is_none_or(|&m| ctx.seen.availability(m, b.cmd) != Availability::Never)
    };
    for b in keymap::help_bindings().into_iter().filter(|b| applies(b)) {
        lines.push(Line::from(vec![
            span(format!("  {:<14}", w.keys(b.shown)), t.accent),
            span(w.t(b.label), t.text),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::RulesSummary), t.title)));
    for l in w.rules_summary(ctx.seen.shown_rules().set) {
        lines.push(Line::from(span(format!("  {l}"), t.text)));
    }
    for note in set_notes(ctx) {
        lines.push(Line::from(""));
        lines.push(Line::from(span(w.t(note), t.dim)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::Glossary), t.title)));
    for word in T::GLOSSARY {
        lines.push(Line::from(span(format!("  {}", w.t(word)), t.text)));
    }
    let width = screen.width.saturating_sub(4).min(100);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), w.t(T::Help), buf);
    scrolled(ctx, lines, inner, scroll, buf);
}
