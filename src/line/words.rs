//! The line mode's sentences with something in them, in English and in French: the frame of
//! each sentence around the words the table gives (a seat, a card, a score), as methods of
//! [`Words`] beside the line mode that says them.

use crate::text::{Lang, Words};

impl Words {
    /// A trick taken: "Trick 3 to East: 24 points for them."
    pub(crate) fn trick_to(self, number: usize, who: &str, points: u16, side: &str) -> String {
        match self.lang {
            Lang::En => format!("Trick {number} to {who}: {points} points for {side}."),
            Lang::Fr => format!("Pli {number} pour {who} : {points} points pour {side}."),
        }
    }

    /// A trick whole: "Trick 2, to North, 14 points: East the ace of spades, ..."
    pub(crate) fn trick_with(self, number: usize, who: &str, points: u16, cards: &str) -> String {
        match self.lang {
            Lang::En => format!("Trick {number}, to {who}, {points} points: {cards}."),
            Lang::Fr => format!("Pli {number}, pour {who}, {points} points : {cards}."),
        }
    }

    /// The cards on the table, with who played them.
    pub(crate) fn on_table(self, cards: &str) -> String {
        match self.lang {
            Lang::En => format!("On the table: {cards}."),
            Lang::Fr => format!("Sur la table : {cards}."),
        }
    }

    /// South's hand, by suit.
    pub(crate) fn you_hold(self, cards: &str) -> String {
        match self.lang {
            Lang::En => format!("You hold: {cards}."),
            Lang::Fr => format!("Vous avez : {cards}."),
        }
    }

    /// The cards South may play, by suit.
    pub(crate) fn you_may_play(self, cards: &str) -> String {
        match self.lang {
            Lang::En => format!("You may play: {cards}."),
            Lang::Fr => format!("Vous pouvez jouer : {cards}."),
        }
    }

    /// South's turn to play trick `trick`, leading it or not.
    pub(crate) fn your_turn(self, trick: usize, lead: bool) -> String {
        match (self.lang, lead) {
            (Lang::En, false) => format!("Your turn, trick {trick}."),
            (Lang::En, true) => format!("Your turn to lead, trick {trick}."),
            (Lang::Fr, false) => format!("À vous, pli {trick}."),
            (Lang::Fr, true) => format!("À vous d'entamer, pli {trick}."),
        }
    }

    /// A new game of `rules` to `target`.
    pub(crate) fn new_game_to(self, rules: &str, target: u16) -> String {
        match self.lang {
            Lang::En => format!("New game: {rules}, to {target} points."),
            Lang::Fr => format!("Nouvelle partie : {rules}, en {target} points."),
        }
    }

    /// The saved game resumed: its rules, target and score.
    pub(crate) fn resuming(self, rules: &str, target: u16, score: &str) -> String {
        match self.lang {
            Lang::En => format!("Resuming the saved game: {rules} to {target}, {score}."),
            Lang::Fr => format!("Reprise de la partie enregistrée : {rules} en {target}, {score}."),
        }
    }

    /// The game's score, and its target.
    pub(crate) fn score_to(self, score: &str, target: u16) -> String {
        match self.lang {
            Lang::En => format!("Score: {score}, playing to {target}."),
            Lang::Fr => format!("Score : {score}, en {target}."),
        }
    }
}
