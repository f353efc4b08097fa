//! A deal played again on the terminal table: a finished deal of the game at the table (or of
//! the game just filed, or of any filed game), from the history's review, or the first deal of
//! a deal-record file, played through the session ([`crate::session::again`]), which carries
//! out none of its saves and records. Leaving it (the summary's button, the menu's last item,
//! `q`) sits the game it came from down again, as it was, with the popups that were over it.

use super::App;
use crate::game::{Game, Replay};
use crate::rules::ByTeam;
use crate::session::again::AgainOver;
use crate::text::T;
use crate::ui::screens::Screen;

impl App {
    /// Whether the deal at the table is a deal played again.
    pub fn playing_again(&self) -> bool {
        self.session.playing_again()
    }

    /// The score of the deal played again the first time it was played, if it was.
    pub fn first_result(&self) -> Option<ByTeam<u16>> {
        self.session.first_result()
    }

    /// Whether the deal under review is a finished one that can be played again: not from a
    /// deal played again.
    pub(super) fn may_play_again(&self) -> bool {
        !self.session.playing_again() && self.reviewed_record().is_some()
    }

    /// Plays the finished deal under review again, with the game's seed and players.
    pub(super) fn play_reviewed_again(&mut self) {
        if !self.may_play_again() {
            return;
        }
        let Some((again, first)) = self.reviewed_deal().and_then(|(g, i)| Replay::deal_of(g, i))
        else {
            return;
        };
        match again {
            Ok(game) => self.play_again(game, Some(first)),
            // A deal the game played is one the rules allow: the rules' own words otherwise.
            Err(e) => {
                let said = self.words().text(&e.to_string()).into_owned();
                self.tell(said);
            }
        }
    }

    /// Plays `game`'s deal as a deal played again, the game at the table (if any) set aside
    /// with its popups until it is over; `first` is its score the first time.
    pub fn play_again(&mut self, game: Game, first: Option<ByTeam<u16>>) {
        if self.session.playing_again() {
            return;
        }
        let popups = std::mem::take(&mut self.popups);
        self.again_popups = if self.in_game() { popups } else { Vec::new() };
        let Some(out) = self.session.play_again(game, first) else { return };
        self.seated(out);
        // A deal with no first result was never played: it is a file's.
        let said = self.words().t(if first.is_some() { T::PlayingAgain } else { T::FileDeal });
        self.tell(said.to_string());
    }

    /// Ends the deal played again: the game it came from sits down again as it was, or, for a
    /// deal file, the table closes. False when no deal is played again.
    pub(super) fn end_again(&mut self) -> bool {
        if self.session.daily().is_some() {
            return self.leave_daily();
        }
        if self.session.first_deal() {
            return self.end_first_deal();
        }
        let Some(over) = self.session.end_again() else { return false };
        match over {
            AgainOver::Back(out) => {
                self.seated(out);
                self.popups = std::mem::take(&mut self.again_popups);
            }
            AgainOver::Closed => {
                self.base = Screen::Start(Box::default());
                self.over.clear();
                self.quit = true;
            }
        }
        true
    }
}
