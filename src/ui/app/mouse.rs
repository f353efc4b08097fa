//! The mouse: the wheel scrolls the texts that scroll, and a left click goes to the component on
//! top, which does what the key of the thing clicked does; the clicks on what any screen shows
//! (a portrait, the hint and claim buttons, outside a popup) are the router's own.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::App;
use crate::session::commands::Availability;
use crate::session::table::TableMsg;
use crate::ui::component::Press;
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::popups::Popup;

impl App {
    pub(super) fn on_mouse(&mut self, m: MouseEvent) {
        if matches!(m.kind, MouseEventKind::ScrollUp | MouseEventKind::ScrollDown) {
            // The wheel scrolls the texts that scroll, three lines a notch.
            if matches!(self.mode(), Mode::Rules | Mode::Help | Mode::Review) {
                let cmd = if m.kind == MouseEventKind::ScrollUp { Cmd::Up } else { Cmd::Down };
                for _ in 0..3 {
                    self.route_press(Press::of(cmd));
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
        if self.route_click(hit) {
            return;
        }
        match hit {
            Hit::Seat(seat) => self.popups.push(Popup::Seat(seat)),
            Hit::Close => self.close(),
            Hit::Hint => self.send_if_now(Cmd::Hint, TableMsg::Hint),
            Hit::Claim => self.send_if_now(Cmd::Claim, TableMsg::Claim),
            Hit::SkipClaim => self.send_if_now(Cmd::SkipClaim, TableMsg::SkipClaim),
            _ => {}
        }
    }

    /// Sends `msg` to the table if the command of the button clicked applies now.
    fn send_if_now(&mut self, cmd: Cmd, msg: TableMsg) {
        if self.availability(self.mode(), cmd) == Availability::Now {
            self.send(msg);
        }
    }
}
