//! The keys of the app: a key becomes a command of the keymap in the mode the app is in; the
//! commands that work over any screen (quit, help, the history, the menu, the table's undo and
//! hint) are the router's own, and every other goes to the component on top, the popup or else
//! the screen.

use crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::session::commands::Availability;
use crate::session::effects::Effect;
use crate::session::review::Tricks;
use crate::session::table::TableMsg;
use crate::ui::component::Press;
use crate::ui::keymap::{self, Cmd};
use crate::ui::popups::Popup;
use crate::ui::popups::help::Help;
use crate::ui::popups::menu::Menu;
use crate::ui::screens::Screen;
use crate::ui::table_screen::TableScreen;

impl App {
    pub(super) fn on_key(&mut self, key: KeyEvent) {
        let mode = self.mode();
        let cmd = keymap::command(mode, key);
        // Keys blind to what they do are not taken: while the table cannot be seen, only
        // quitting and suspending do anything.
        if !self.in_sight() && !matches!(cmd, Some(Cmd::Quit | Cmd::Suspend)) {
            return;
        }
        // Keys that only look, quit, suspend, take back or skip a claim to its end work at any
        // time; at the table, ↑ and ↓ only read the auction.
        let aside = matches!(
            cmd,
            Some(
                Cmd::Quit
                    | Cmd::Suspend
                    | Cmd::Help
                    | Cmd::History
                    | Cmd::LastTrick
                    | Cmd::Menu
                    | Cmd::Players
                    | Cmd::Undo
                    | Cmd::Up
                    | Cmd::Down
                    | Cmd::SkipClaim
            )
        );
        if !aside && self.paused() {
            return;
        }
        let Some(cmd) = cmd else { return };
        self.status = None;
        let digit = match key.code {
            KeyCode::Char(c) => c.to_digit(10),
            _ => None,
        };
        let press = Press { cmd, digit };
        // Esc closes a call's meaning read at the table before it opens the menu, or leaves an
        // exercise.
        if matches!(cmd, Cmd::Menu | Cmd::Close) && key.code == KeyCode::Esc && self.close_meaning()
        {
            return;
        }
        if self.practice_key(mode, press) {
            return;
        }
        match self.availability(mode, cmd) {
            Availability::Now => {}
            Availability::NotNow(Some(why)) => return self.say(why),
            Availability::NotNow(None) | Availability::Never => return,
        }
        match cmd {
            // Quitting a deal played again goes back to the game.
            Cmd::Quit => {
                if !self.end_again() {
                    self.quit = true;
                }
            }
            Cmd::PlayAgain => self.play_reviewed_again(),
            Cmd::ExpertLine => self.open_expert_line(),
            Cmd::Suspend => self.session.push(Effect::Suspend),
            Cmd::Help => self.toggle_popup(Popup::Help(Help::default())),
            Cmd::History => match self.game() {
                _ if matches!(self.popups.last(), Some(Popup::History(_))) => {
                    self.popups.pop();
                }
                Some(_) => self.open_history(),
                None => {}
            },
            Cmd::LastTrick => {
                if matches!(self.popups.last(), Some(Popup::Tricks(_))) {
                    self.popups.pop();
                } else {
                    let taken = self.table().map_or(0, |t| t.table().deal_tricks().len());
                    self.popups.push(Popup::Tricks(Tricks::of(taken)));
                }
            }
            Cmd::Players => self.toggle_popup(Popup::Players),
            Cmd::Menu => self.popups.push(Popup::Menu(Menu::default())),
            Cmd::Undo => self.send(TableMsg::Undo),
            Cmd::Hint => self.send(TableMsg::Hint),
            Cmd::Holds => self.toggle_holds(),
            Cmd::Claim => self.send(TableMsg::Claim),
            Cmd::SkipClaim => self.send(TableMsg::SkipClaim),
            _ => self.route_press(press),
        }
    }

    /// Closes the meaning read at the table seen, the game's or an exercise's; false when none
    /// was shown.
    pub(super) fn close_meaning(&mut self) -> bool {
        if !self.popups.is_empty() || !self.over.is_empty() {
            return false;
        }
        match &mut self.base {
            Screen::Table => self.session.table_mut().is_some_and(TableScreen::close_meaning),
            Screen::Practice(p) => p.close_meaning(),
            _ => false,
        }
    }
}
