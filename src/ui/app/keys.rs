//! The keys of the app: a key goes to the popup on top, else to the screen, as a command of the
//! keymap in the mode the app is in; the menu's, the settings' and the scrolled screens' keys.

use crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::session::commands::Availability;
use crate::session::effects::Effect;
use crate::session::review::Tricks;
use crate::session::table::TableMsg;
use crate::ui::keymap::{self, Cmd, Mode, scroll, step};
use crate::ui::screen::{Popup, Screen, TableItem};
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
        if mode == Mode::Daily && cmd == Cmd::Close {
            self.leave_daily();
            return;
        }
        // Esc closes a call's meaning read at the table before it opens the menu, or leaves an
        // exercise.
        if matches!(cmd, Cmd::Menu | Cmd::Close) && key.code == KeyCode::Esc && self.close_meaning()
        {
            return;
        }
        if self.practice_key(mode, cmd, key) {
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
            Cmd::Help => self.toggle_popup(Popup::Help { scroll: 0 }),
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
            Cmd::Menu => self.popups.push(Popup::Menu { selected: 0 }),
            Cmd::Undo => self.send(TableMsg::Undo),
            Cmd::Hint => self.send(TableMsg::Hint),
            Cmd::Holds => self.toggle_holds(),
            Cmd::Claim => self.send(TableMsg::Claim),
            Cmd::SkipClaim => self.send(TableMsg::SkipClaim),
            Cmd::Close => self.close(),
            Cmd::Yes => self.answer_confirm(true),
            Cmd::No => self.answer_confirm(false),
            _ => self.mode_key(mode, cmd, key),
        }
    }

    /// A command that means something in one mode only.
    pub(super) fn mode_key(&mut self, mode: Mode, cmd: Cmd, key: KeyEvent) {
        match mode {
            Mode::Start => self.start_key(cmd),
            Mode::Bidding | Mode::Playing | Mode::Declare => {
                let digit = match key.code {
                    KeyCode::Char(c) => c.to_digit(10),
                    _ => None,
                };
                let out = self.session.drive(|t| t.key(cmd, digit));
                self.show(out);
            }
            // Once the deal is over, its auction is still read.
            Mode::DealDone if matches!(cmd, Cmd::Up | Cmd::Down) => {
                let out = self.session.drive(|t| t.key(cmd, None));
                self.show(out);
            }
            Mode::Summary | Mode::GameOver if cmd == Cmd::Act => self.continue_popup(),
            Mode::DealDone if cmd == Cmd::Act => self.reopen_summary(),
            Mode::History => self.history_key(cmd),
            Mode::Statistics if cmd == Cmd::Progress => self.open_progress(),
            Mode::Progress => self.progress_key(cmd),
            Mode::Settings => self.settings_key(cmd),
            Mode::Rules | Mode::Help | Mode::Review => self.scroll_key(cmd),
            Mode::Tricks | Mode::ExpertLine => self.step_popup(cmd),
            Mode::Menu => self.menu_key(cmd),
            Mode::Players if cmd == Cmd::Act => {
                self.popups.pop();
            }
            _ => {}
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

    pub(super) fn menu_key(&mut self, cmd: Cmd) {
        let Some(Popup::Menu { selected }) = self.popups.last_mut() else { return };
        step(selected, cmd, TableItem::ALL.len());
        if cmd == Cmd::Act {
            let item = TableItem::ALL[*selected % TableItem::ALL.len()];
            self.table_item(item);
        }
    }

    pub(super) fn settings_key(&mut self, cmd: Cmd) {
        let items = self.setting_items();
        let n = items.len();
        let Screen::Settings { cursor } = self.screen_mut() else { return };
        step(cursor, cmd, n);
        if matches!(cmd, Cmd::Left | Cmd::Right | Cmd::Act) {
            let item = items[*cursor % n];
            self.change_setting(item, cmd != Cmd::Left);
        }
    }

    /// The scroll of what scrolls in the mode: the rules, the help, a deal's review.
    pub(super) fn scroll_mut(&mut self) -> Option<&mut u16> {
        match self.popups.last_mut() {
            Some(Popup::Help { scroll }) => Some(scroll),
            Some(Popup::History(h)) if h.review.is_some() => Some(&mut h.scroll),
            Some(_) => None,
            None => match self.over.last_mut() {
                Some(Screen::Rules { scroll }) => Some(scroll),
                _ => None,
            },
        }
    }

    pub(super) fn scroll_key(&mut self, cmd: Cmd) {
        let max = self.hits.scroll_max();
        if let Some(s) = self.scroll_mut() {
            scroll(s, cmd, max);
        }
    }
}
