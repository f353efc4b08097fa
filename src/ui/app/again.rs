//! A deal played again: a finished deal of the game at the table (or of the game just filed, or
//! of any filed game), from the history's review, or the first deal of a deal-record file, dealt again with the same
//! hands, dealer and computer players. It counts neither in the game nor in the statistics: the
//! table's saves and records are not carried out while it is played, so the disk keeps the game
//! in progress as it was (a crash meanwhile loses nothing of it), and leaving it (the summary's
//! button, the menu's last item, `q`) sits that game down again, as it was, its popups too.

use super::App;
use crate::game::{Game, Replay};
use crate::rules::ByTeam;
use crate::text::T;
use crate::ui::screen::Popup;

/// What a deal played again goes back to.
#[derive(Clone, Debug)]
pub(super) struct Again {
    /// The game it came from and the popups over it; none for a deal file, whose table then
    /// closes.
    from: Option<(Game, Vec<Popup>)>,
    /// The deal's score the first time it was played, when it was.
    first: Option<ByTeam<u16>>,
}

impl App {
    /// Whether the deal at the table is a deal played again.
    pub fn playing_again(&self) -> bool {
        self.again.is_some()
    }

    /// The score of the deal played again the first time it was played, if it was.
    pub fn first_result(&self) -> Option<ByTeam<u16>> {
        self.again.as_ref().and_then(|a| a.first)
    }

    /// Whether the deal under review is a finished one that can be played again: not from a
    /// deal played again.
    pub(super) fn may_play_again(&self) -> bool {
        self.again.is_none() && self.reviewed_record().is_some()
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
        if self.again.is_some() {
            return;
        }
        let popups = std::mem::take(&mut self.popups);
        let from = self.unseat().map(|g| (g, popups));
        self.again = Some(Box::new(Again { from, first }));
        self.seat(game);
        let said = self.words().t(T::PlayingAgain).to_string();
        self.tell(said);
    }

    /// Ends the deal played again: the game it came from sits down again as it was, or, for a
    /// deal file, the table closes. False when no deal is played again.
    pub(super) fn end_again(&mut self) -> bool {
        let Some(again) = self.again.take() else { return false };
        let _ = self.unseat();
        match again.from {
            Some((game, popups)) => {
                self.seat(game);
                self.popups = popups;
            }
            None => self.quit = true,
        }
        true
    }
}
