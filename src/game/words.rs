//! The game's words: an action, and why the game refused one.

use crate::text::{Lang, Words};

impl Words {
    /// Why South's card or call was refused, in the table's words, with the cards South may
    /// play instead (`playable`) when a card was refused: "10♥: you must follow ♠ (spades):
    /// 7♠ or K♠".
    pub fn refusal(
        self,
        action: crate::game::Action,
        e: &crate::game::GameError,
        playable: crate::rules::CardSet,
    ) -> String {
        self.out({
            use crate::game::{Action, GameError};
            use crate::rules::PlayError;
            let what = match action {
                Action::Play(c) => self.card(c),
                Action::Bid(c) => self.call(c),
            };
            let may = (!playable.is_empty()).then(|| self.cards_or(playable));
            let held = match e {
                GameError::Play(p) => self.held_rule(*p),
                _ => None,
            };
            // A rule that asks for a card the player holds: the cards that may be played say
            // what is held, when they are known; else the card the rule names.
            let why = match (held, &may) {
                (Some((rule, _)), Some(_)) => rule.into(),
                (Some((rule, holds)), None) => format!(
                    "{rule}{}{} {}",
                    self.colon(),
                    self.pick("you hold", "vous avez"),
                    self.card(holds)
                ),
                (None, _) => match (self.lang, e) {
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
                        format!(
                            "il faut fournir à {} ({})",
                            self.suit_name(*suit),
                            self.suit(*suit)
                        )
                    }
                    (Lang::En, GameError::Play(PlayError::NotInHand { .. })) => {
                        "it is not in your hand".into()
                    }
                    (Lang::Fr, GameError::Play(PlayError::NotInHand { .. })) => {
                        "elle n'est pas dans votre main".into()
                    }
                    // The other refusals cannot come from the table's own buttons and cards, nor
                    // from the line mode, which answers a call or a turn out of place before the
                    // game is asked; the rules' own words are kept for them.
                    (_, other) => return self.out(format!("{what}{}{other}", self.colon())),
                },
            };
            let instead = match (action, may) {
                (Action::Play(_), Some(cards)) => format!("{}{cards}", self.colon()),
                _ => String::new(),
            };
            format!("{what}{}{why}{instead}", self.colon())
        })
    }

    /// The words of a rule that asks for a card the player holds, and that card.
    fn held_rule(self, e: crate::rules::PlayError) -> Option<(&'static str, crate::rules::Card)> {
        use crate::rules::PlayError;
        let (rule, holds) = match e {
            PlayError::MustTrump { holds } => {
                (self.pick("you must trump", "il faut couper"), holds)
            }
            PlayError::MustOvertrump { holds } => {
                (self.pick("you must play a higher trump", "il faut monter à l'atout"), holds)
            }
            PlayError::MustBeat { holds } => (
                self.pick(
                    "you must beat the best card of the suit led",
                    "il faut monter sur la meilleure carte de la couleur demandée",
                ),
                holds,
            ),
            PlayError::MustUnderruff { holds } => (
                self.pick(
                    "you must trump, even under the trick's trump",
                    "il faut couper, même sous l'atout du pli",
                ),
                holds,
            ),
            _ => return None,
        };
        Some((rule, holds))
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
                (Lang::En, UndoError::Claimed) => {
                    "Nothing to take back: the rest of the deal is claimed".into()
                }
                (Lang::Fr, UndoError::Claimed) => {
                    "Rien à reprendre : le reste de la donne est revendiqué".into()
                }
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
    fn a_refused_card_is_explained_in_the_language_with_the_cards_that_may_be_played() {
        use crate::game::{Action, GameError};
        use crate::rules::PlayError;
        let card = Card::new(Suit::Hearts, Rank::Ten);
        let spades = CardSet::from_iter([
            Card::new(Suit::Spades, Rank::Seven),
            Card::new(Suit::Spades, Rank::King),
        ]);
        let e = GameError::Play(PlayError::MustFollow { suit: Suit::Spades });
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            fr.refusal(Action::Play(card), &e, spades),
            "10♥ : il faut fournir à pique (♠) : 7♠ ou R♠"
        );
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            en.refusal(Action::Play(card), &e, spades),
            "10♥: you must follow ♠ (spades): 7♠ or K♠"
        );
        let ascii = Words { ascii: true, ..en };
        assert_eq!(
            ascii.refusal(Action::Play(card), &e, spades),
            "10H: you must follow S (spades): 7S or KS"
        );
        let jack = Card::new(Suit::Spades, Rank::Jack);
        let e = GameError::Play(PlayError::MustOvertrump { holds: jack });
        assert_eq!(
            fr.refusal(Action::Play(card), &e, CardSet::single(jack)),
            "10♥ : il faut monter à l'atout : V♠"
        );
        let three = CardSet::from_iter([jack, Card::new(Suit::Spades, Rank::Nine), card]);
        assert_eq!(
            en.refusal(Action::Play(card), &e, three),
            "10♥: you must play a higher trump: 9♠, J♠ or 10♥"
        );
        // Without the cards, what is held is said.
        assert_eq!(
            fr.refusal(Action::Play(card), &e, CardSet::EMPTY),
            "10♥ : il faut monter à l'atout : vous avez V♠"
        );
    }

    /// Every refusal a played card can meet is said in the table's language, never in the
    /// rules' English.
    #[test]
    fn every_refused_card_is_said_in_french_too() {
        use crate::game::{Action, GameError};
        use crate::rules::PlayError;
        let card = Card::new(Suit::Hearts, Rank::Ten);
        let jack = Card::new(Suit::Spades, Rank::Jack);
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let errors = [
            PlayError::NotInHand { card },
            PlayError::MustFollow { suit: Suit::Spades },
            PlayError::MustOvertrump { holds: jack },
            PlayError::MustBeat { holds: jack },
            PlayError::MustTrump { holds: jack },
            PlayError::MustUnderruff { holds: jack },
        ];
        for e in errors {
            for may in [CardSet::EMPTY, CardSet::single(jack)] {
                let said = fr.refusal(Action::Play(card), &GameError::Play(e), may);
                let english = GameError::Play(e).to_string();
                assert!(!said.contains(&english), "{e:?} said in English: {said}");
                assert!(!said.contains("illegal") && !said.contains("must"), "{e:?}: {said}");
            }
        }
    }
}
