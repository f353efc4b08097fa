//! The history of the filed games beside the game at the table: opened with `H`, the history
//! shows the game at the table, and `←` `→` go through the games filed in `games.jsonl`, newest
//! first, loaded when the history opens ([`crate::ui::popups::history`]). A finished deal of any of them is reviewed and played
//! again the same way ([`crate::game::Replay::deal_of`]): with the hands, dealer, seed and
//! players of the game it came from.

use super::App;
use crate::game::Game;
use crate::session::effects::Effect;
use crate::session::review::History;
use crate::ui::popups::Popup;

impl App {
    /// The game a history shows: the one at the table, or a filed one.
    pub fn history_game(&self, h: &History) -> Option<&Game> {
        match h.game {
            0 => self.game(),
            n => self.session.filed(n),
        }
    }

    /// How many filed games the history may show.
    pub fn filed_games(&self) -> usize {
        self.session.filed_count()
    }

    /// Opens the history on the game at the table; the filed games are loaded for it.
    pub(super) fn open_history(&mut self) {
        let Some(g) = self.game() else { return };
        self.popups.push(Popup::History(History::of(g)));
        self.session.push(Effect::LoadGames);
    }

    /// The filed games are loaded.
    pub(super) fn filed_loaded(&mut self, games: Vec<Game>) {
        self.session.set_filed(games);
    }

    /// The game and the line of the deal under review.
    pub(super) fn reviewed_deal(&self) -> Option<(&Game, usize)> {
        self.popups.iter().rev().find_map(|p| match p {
            Popup::History(h) => Some((self.history_game(h)?, h.review?)),
            _ => None,
        })
    }
}
