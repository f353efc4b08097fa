//! The menu during play: back to the game, the settings, the rules, the help, and save and
//! leave; ↑ ↓ move, Enter (or a click) does what the item says, which is the app's.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::{Hit, TableItem};
use crate::ui::keymap::{Cmd, Mode, step};
use crate::ui::widgets::{Ctx, put, span};

/// The menu during play: the item selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Menu {
    /// The item selected.
    pub selected: usize,
}

impl Component for Menu {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Menu
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        if press.cmd == Cmd::Close {
            return Reply::Close;
        }
        step(&mut self.selected, press.cmd, TableItem::ALL.len());
        match press.cmd {
            Cmd::Act => Reply::Menu(TableItem::ALL[self.selected % TableItem::ALL.len()]),
            _ => Reply::Done,
        }
    }

    /// A click on an item selects it and does what it says.
    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        let Hit::TableMenu(item) = hit else { return Reply::Pass };
        self.selected = TableItem::ALL.iter().position(|x| *x == item).unwrap_or(0);
        Reply::Menu(item)
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_menu(ctx, self.selected, area, buf);
    }
}

/// The menu during play.
fn draw_menu(ctx: &mut Ctx<'_>, selected: usize, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let inner = ctx.popup(screen, 44, TableItem::ALL.len() as u16 * 2 + 2, w.t(T::MenuTitle), buf);
    for (i, item) in TableItem::ALL.into_iter().enumerate() {
        let label = w.t(match item {
            TableItem::Resume => T::MenuResume,
            TableItem::Settings => T::Settings,
            TableItem::Rules => T::Rules,
            TableItem::Help => T::Help,
            TableItem::SaveAndLeave => T::MenuSaveLeave,
        });
        let focused = i == selected;
        let marker = if focused { w.sign(Sign::Marker) } else { " " };
        let text = format!("{marker} {label}");
        let y = 1 + 2 * i as u16;
        let style = if focused { t.selected } else { t.text };
        put(buf, inner, y, &Line::from(span(text, style)));
        ctx.hits.push(Rect::new(inner.x, inner.y + y, inner.width, 1), Hit::TableMenu(item));
    }
}
