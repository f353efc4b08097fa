//! The game's words: an action, and why the game refused one.

use crate::text::{Lang, Words};

impl Words {
    /// Why South's card or call was refused, in the table's words.
    pub fn refusal(self, action: crate::game::Action, e: &crate::game::GameError) -> String {
        self.out({
            use crate::game::{Action, GameError};
            use crate::rules::PlayError;
            let what = match action {
                Action::Play(c) => self.card(c),
                Action::Bid(c) => self.call(c),
            };
            let why = match (self.lang, e) {
                (Lang::En, GameError::Play(PlayError::MustFollow { suit })) if self.spoken => {
                    format!("you must follow {}", self.suit_name(*suit))
                }
                (Lang::Fr, GameError::Play(PlayError::MustFollow { suit })) if self.spoken => {
                    format!("il faut fournir à {}", self.suit_name(*suit))
                }
                (Lang::En, GameError::Play(PlayError::MustFollow { suit })) => {
                    format!("you must follow {} ({})", self.suit(*suit), self.suit_name(*suit))
                }
                (Lang::Fr, GameError::Play(PlayError::MustFollow { suit })) => {
                    format!("il faut fournir à {} ({})", self.suit_name(*suit), self.suit(*suit))
                }
                (Lang::En, GameError::Play(PlayError::MustTrump { holds })) => {
                    format!("you must trump: you hold {}", self.card(*holds))
                }
                (Lang::Fr, GameError::Play(PlayError::MustTrump { holds })) => {
                    format!("il faut couper : vous avez {}", self.card(*holds))
                }
                (Lang::En, GameError::Play(PlayError::MustOvertrump { holds })) => {
                    format!("you must overtrump: you hold {}", self.card(*holds))
                }
                (Lang::Fr, GameError::Play(PlayError::MustOvertrump { holds })) => {
                    format!("il faut monter à l'atout : vous avez {}", self.card(*holds))
                }
                // The other refusals cannot come from the table's own buttons and cards; the
                // rules' own words are kept for them.
                (_, other) => other.to_string(),
            };
            format!("{what}{}{why}", self.colon())
        })
    }

    /// An action as said at the table: a call, or a card.
    pub fn action(self, action: crate::game::Action) -> String {
        match action {
            crate::game::Action::Bid(c) => self.call(c),
            crate::game::Action::Play(c) => self.card(c),
        }
    }

    /// Why South's last action cannot be taken back.
    pub fn undo_refusal(self, e: &crate::game::UndoError) -> String {
        self.out({
            use crate::game::UndoError;
            match (self.lang, e) {
                (Lang::En, UndoError::NotTheLast { last, .. }) => {
                    format!("Nothing to take back: {} has acted since", self.seat(*last))
                }
                (Lang::Fr, UndoError::NotTheLast { last, .. }) => {
                    format!("Rien à reprendre : {} a joué depuis", self.seat(*last))
                }
                (Lang::En, UndoError::NothingToUndo) => "Nothing to take back yet".into(),
                (Lang::Fr, UndoError::NothingToUndo) => "Rien à reprendre pour l'instant".into(),
                (Lang::En, _) => "Nothing to take back in this deal".into(),
                (Lang::Fr, _) => "Rien à reprendre dans cette donne".into(),
            }
        })
    }
}

#[cfg(test)]
mod tests {

    use crate::rules::*;
    use crate::text::*;

    #[test]
    fn a_refused_card_is_explained_in_the_language() {
        use crate::game::{Action, GameError};
        use crate::rules::PlayError;
        let card = Card::new(Suit::Hearts, Rank::Ten);
        let e = GameError::Play(PlayError::MustFollow { suit: Suit::Spades });
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.refusal(Action::Play(card), &e), "10♥ : il faut fournir à pique (♠)");
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(en.refusal(Action::Play(card), &e), "10♥: you must follow ♠ (spades)");
        let e = GameError::Play(PlayError::MustOvertrump {
            holds: Card::new(Suit::Spades, Rank::Jack),
        });
        assert_eq!(
            fr.refusal(Action::Play(card), &e),
            "10♥ : il faut monter à l'atout : vous avez V♠"
        );
    }
}
