//! The start screen's items: resuming the saved game, a new game (in place of the saved one once
//! the player says so, or refused when the game it replaces cannot be filed), the rules and target
//! of new games, and the screens it opens.

use super::App;
use crate::game::Game;
use crate::session::controller::Refused;
use crate::session::effects::Effect;
use crate::session::games::Resumable;
use crate::session::settings::{SettingItem, cycle};
use crate::text::T;
use crate::ui::hits::StartItem;
use crate::ui::popups::Popup;
use crate::ui::screens::Screen;
use crate::ui::screens::rules::RulesScreen;
use crate::ui::screens::settings::SettingsScreen;
use crate::ui::screens::statistics::StatisticsScreen;

impl App {
    /// Moves the value of an item of the start screen on, or back: the rules and the target of a new game.
    pub(super) fn change(&mut self, item: StartItem, forward: bool) {
        match item {
            StartItem::Target => {
                let s = &mut self.session;
                s.target = cycle(s.settings.set.targets(), s.target, forward);
            }
            StartItem::Variant => self.change_setting(SettingItem::Variant, forward),
            StartItem::NtAt => self.change_setting(SettingItem::NtAt, forward),
            _ => {}
        }
    }

    /// Does what an item of the start screen says.
    pub fn start_item(&mut self, item: StartItem) {
        match item {
            StartItem::Resume => {
                if let Some(r) = self.start_mut().and_then(|s| s.resume.take()) {
                    let out = self.session.resume(r);
                    self.seated(out);
                }
            }
            // A saved game is replaced only once the player says so.
            StartItem::Play if self.resume().is_some() => self.popups.push(Popup::ReplaceSaved),
            StartItem::Play => self.play_new_game(),
            StartItem::Daily => self.ask_daily(),
            StartItem::Target | StartItem::Variant | StartItem::NtAt => self.change(item, true),
            StartItem::Practice => self.open_practice(),
            StartItem::Learn => self.open_course(),
            StartItem::Statistics => {
                self.session.push(Effect::LoadStats);
                self.over.push(Screen::Statistics(StatisticsScreen));
            }
            StartItem::Settings => self.over.push(Screen::Settings(SettingsScreen::default())),
            StartItem::Rules => self.over.push(Screen::Rules(RulesScreen::default())),
            StartItem::Quit => self.quit = true,
        }
    }

    /// A new game from the start screen, in place of the saved game if there is one: the saved
    /// game is filed by the new game's effect before anything replaces it.
    pub(super) fn play_new_game(&mut self) {
        if let Some(r) = self.start_mut().and_then(|s| s.resume.take()) {
            self.session.played(Some(r.game.players()));
        }
        self.new_game();
    }

    /// Starts a new game with new faces at the table.
    pub fn new_game(&mut self) {
        let out = self.session.new_game();
        self.seated(out);
        // The players sit down and say who they are; the deal waits for the popup to close.
        self.popups.push(Popup::Players);
    }

    /// The game a new game was to replace could not be filed: the new game goes, the table goes
    /// back to the game it replaced (`previous`, or on the start screen the saved game found
    /// again, `resume`), and the status says why.
    pub fn new_game_refused(
        &mut self,
        previous: Option<Game>,
        resume: Option<Resumable>,
        why: &str,
    ) {
        let w = self.words();
        let status = format!("{}{}{why}", w.t(T::NewGameRefused), w.colon());
        match self.session.new_game_refused(previous, resume) {
            Refused::Sat(out) => self.seated(out),
            Refused::Kept(resume) => self.back_to_start(resume.map(|r| *r)),
        }
        self.tell(status);
    }
}
