//! The mouse: the wheel scrolls the texts that scroll, and a left click does what the key of the
//! thing clicked does, through the same handlers.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::App;
use crate::session::commands::Availability;
use crate::session::table::TableMsg;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::screen::{Hit, Popup, Screen, TableItem};

impl App {
    pub(super) fn on_mouse(&mut self, m: MouseEvent) {
        if matches!(m.kind, MouseEventKind::ScrollUp | MouseEventKind::ScrollDown) {
            // The wheel scrolls the texts that scroll, three lines a notch.
            if matches!(self.mode(), Mode::Rules | Mode::Help | Mode::Review) {
                let cmd = if m.kind == MouseEventKind::ScrollUp { Cmd::Up } else { Cmd::Down };
                for _ in 0..3 {
                    self.scroll_key(cmd);
                }
            }
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let hit = self.hits.at(m.column, m.row);
        // Reading a call's meaning changes nothing on the table, and the end of a claim is
        // the end of its pauses: neither waits for a pause.
        if !matches!(hit, Some(Hit::Call(_) | Hit::SkipClaim)) && self.paused() {
            return;
        }
        let Some(hit) = hit else { return };
        self.status = None;
        self.click(hit);
    }

    /// What a click on `hit` does.
    pub(super) fn click(&mut self, hit: Hit) {
        if self.practice_click(hit) {
            return;
        }
        match hit {
            Hit::Card(card) => {
                let out = self.session.drive(|t| t.click_card(card));
                self.show(out);
            }
            Hit::Bid(b) => {
                let out = self.session.drive(|t| t.click_bid(b));
                self.show(out);
            }
            Hit::Call(row) => {
                if let Some(t) = self.table_mut() {
                    t.click_call(row);
                }
            }
            Hit::Seat(seat) => self.popups.push(Popup::Seat(seat)),
            Hit::TableMenu(item) => {
                if let Some(Popup::Menu { selected }) = self.popups.last_mut() {
                    *selected = TableItem::ALL.iter().position(|x| *x == item).unwrap_or(0);
                }
                self.table_item(item);
            }
            Hit::Start(item) => {
                if let Some(start) = self.start_mut() {
                    start.select(item);
                }
                self.start_item(item);
            }
            Hit::Setting(item) => {
                let i = self.setting_items().iter().position(|x| *x == item);
                if let (Some(i), Screen::Settings { cursor }) = (i, self.screen_mut()) {
                    *cursor = i;
                }
                self.change_setting(item, true);
            }
            Hit::Continue => self.continue_popup(),
            Hit::HistoryRow(i) => {
                if let Some(Popup::History(h)) = self.popups.last_mut() {
                    h.open(i);
                }
            }
            Hit::Close => self.close(),
            Hit::Declare(yes) => self.send(TableMsg::Declare(yes)),
            Hit::Cancel => self.answer_confirm(false),
            Hit::Hint => {
                if self.availability(self.mode(), Cmd::Hint) == Availability::Now {
                    self.send(TableMsg::Hint);
                }
            }
            Hit::Chart(chart) => self.show_chart(chart),
            Hit::Earlier => self.step_popup(Cmd::Left),
            Hit::Later => self.step_popup(Cmd::Right),
            Hit::Claim => {
                if self.availability(self.mode(), Cmd::Claim) == Availability::Now {
                    self.send(TableMsg::Claim);
                }
            }
            Hit::SkipClaim => {
                if self.availability(self.mode(), Cmd::SkipClaim) == Availability::Now {
                    self.send(TableMsg::SkipClaim);
                }
            }
        }
    }
}
