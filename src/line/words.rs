//! The line mode's sentences with something in them, in English and in French: the frame of
//! each sentence around the words the table gives (a seat, a card, a score), as methods of
//! [`Words`] beside the line mode that says them.

use super::parse::{Kind, WORDS};
use crate::rules::Seat;
use crate::session::report::Reached;
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

    /// The cards a seat lays face up as it claims the rest of the tricks, by suit.
    pub(crate) fn shows_cards(self, seat: Seat, cards: &str) -> String {
        match self.lang {
            Lang::En => format!("{} shows its cards: {cards}.", self.seat(seat)),
            Lang::Fr => format!("{} montre ses cartes : {cards}.", self.seat(seat)),
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

    /// South may bid `from` or more, in the `trumps` allowed.
    pub(crate) fn may_bid_from(self, from: u16, trumps: &str) -> String {
        match self.lang {
            Lang::En => format!("bid {from} or more{trumps} (as \"{from} hearts\"), or capot"),
            Lang::Fr => {
                format!("annoncer {from} ou plus{trumps} (comme \"{from} cœur\"), ou capot")
            }
        }
    }

    /// South's turn to bid, and what it `may` do.
    pub(crate) fn your_turn_to_bid(self, may: &str) -> String {
        match self.lang {
            Lang::En => format!("Your turn to bid. You may {may}."),
            Lang::Fr => format!("À vous d'enchérir. Vous pouvez {may}."),
        }
    }

    /// A capot in `trump`, as it is confirmed.
    pub(crate) fn capot_in(self, trump: &str) -> String {
        match self.lang {
            Lang::En => format!("Capot in {trump}, all eight tricks"),
            Lang::Fr => format!("Capot à {trump}, les huit plis"),
        }
    }

    /// A weighty call, `what`, waiting for its confirmation.
    pub(crate) fn are_you_sure(self, what: &str) -> String {
        match self.lang {
            Lang::En => format!("{what}: are you sure? Say yes or no."),
            Lang::Fr => format!("{what} : vous confirmez ? Répondez oui ou non."),
        }
    }

    /// South may declare `combination` with its first card.
    pub(crate) fn you_may_declare(self, combination: &str) -> String {
        match self.lang {
            Lang::En => {
                format!(
                    "With your first card you may declare {combination}: say declare, or keep quiet."
                )
            }
            Lang::Fr => format!(
                "Avec votre première carte, vous pouvez annoncer {combination} : dites annoncer, ou se taire."
            ),
        }
    }

    /// Deal `number`, dealt by `dealer`.
    pub(crate) fn deal_dealt_by(self, number: usize, dealer: Seat) -> String {
        match (self.lang, dealer) {
            (Lang::En, Seat::South) => format!("Deal {number}. You deal."),
            (Lang::En, s) => format!("Deal {number}. {} deals.", self.seat(s)),
            (Lang::Fr, Seat::South) => format!("Donne {number}. Vous donnez."),
            (Lang::Fr, s) => format!("Donne {number}. {} donne.", self.seat(s)),
        }
    }

    /// South does not hold `card`.
    pub(crate) fn not_held(self, card: &str) -> String {
        match self.lang {
            Lang::En => format!("You do not hold {card}."),
            Lang::Fr => format!("Vous n'avez pas {card}."),
        }
    }

    /// South may not `bid`: the lowest bid now is `min`, or none may be made.
    pub(crate) fn bid_too_low(self, bid: &str, min: Option<String>) -> String {
        match (self.lang, min) {
            (Lang::En, Some(min)) => format!("You may not bid {bid}: the lowest bid now is {min}."),
            (Lang::Fr, Some(min)) => {
                format!("Vous ne pouvez pas annoncer {bid} : l'enchère la plus basse est {min}.")
            }
            (Lang::En, None) => format!("You may not bid {bid}: no bid may be made now."),
            (Lang::Fr, None) => {
                format!("Vous ne pouvez pas annoncer {bid} : plus aucune enchère possible.")
            }
        }
    }

    /// No finished deal has number `n` (a number too large to count anything, [`usize::MAX`],
    /// is not said back).
    pub(crate) fn no_such_deal(self, n: usize) -> String {
        match (self.lang, n) {
            (Lang::En, usize::MAX) => "There is no such finished deal.".to_string(),
            (Lang::Fr, usize::MAX) => "Pas de donne terminée de ce numéro.".to_string(),
            (Lang::En, _) => format!("There is no finished deal {n}."),
            (Lang::Fr, _) => format!("Pas de donne {n} terminée."),
        }
    }

    /// Call `n` asked of an auction of `of` calls.
    pub(crate) fn no_such_call(self, n: usize, of: usize) -> String {
        let n = if n == usize::MAX { String::new() } else { format!(" {n}") };
        match (self.lang, of) {
            (Lang::En, 1) => format!("There is no call{n}: the auction has one call."),
            (Lang::En, _) => format!("There is no call{n}: the auction has {of} calls."),
            (Lang::Fr, 1) => format!("Pas d'annonce{n} : les enchères n'en comptent qu'une."),
            (Lang::Fr, _) => format!("Pas d'annonce{n} : les enchères en comptent {of}."),
        }
    }

    /// What a command of `kind` that takes a number takes, given something else: "explain
    /// takes the number of a call, from 1, in digits: explain, explain 3."
    pub(crate) fn not_a_number(self, kind: Kind) -> String {
        let i = usize::from(self.lang == Lang::Fr);
        let said = WORDS.iter().find(|w| w.kind == kind).map_or("", |w| w.said[i]);
        let name = said.split([' ', ',']).next().unwrap_or_default();
        match (self.lang, kind) {
            (Lang::En, Kind::Explain) => {
                format!("{name} takes the number of a call, from 1, in digits: {said}.")
            }
            (Lang::En, _) => {
                format!("{name} takes the number of a finished deal, from 1, in digits: {said}.")
            }
            (Lang::Fr, Kind::Explain) => format!(
                "{name} prend le numéro d'une annonce, à partir de 1, en chiffres\u{a0}: {said}."
            ),
            (Lang::Fr, _) => format!(
                "{name} prend le numéro d'une donne finie, à partir de 1, en chiffres\u{a0}: \
                 {said}."
            ),
        }
    }

    /// A line longer than `limit` bytes, not read.
    pub(crate) fn line_too_long(self, limit: usize) -> String {
        let mib = limit >> 20;
        match self.lang {
            Lang::En => format!("The line is longer than {mib} MiB: it was not read."),
            Lang::Fr => format!("La ligne dépasse {mib} Mio : elle n'a pas été lue."),
        }
    }

    /// A line `typed` that is no command.
    pub(crate) fn not_understood(self, typed: &str) -> String {
        match self.lang {
            Lang::En => format!("Not understood: \"{typed}\". Say help for the commands."),
            Lang::Fr => format!("Pas compris : « {typed} ». Dites aide pour les commandes."),
        }
    }

    /// What the taker reached: its points against its bid, or its tricks.
    pub(crate) fn reached(self, reached: Reached) -> String {
        match (self.lang, reached) {
            (Lang::En, Reached::Points { got, bid }) => format!("{got} points of {bid}"),
            (Lang::Fr, Reached::Points { got, bid }) => format!("{got} points sur {bid}"),
            (Lang::En, Reached::Tricks(n)) => format!("{n} tricks of 8"),
            (Lang::Fr, Reached::Tricks(n)) => format!("{n} plis sur 8"),
        }
    }

    /// The deal's score, each side's sum as the summary writes it.
    pub(crate) fn deal_score(self, us: &str, them: &str) -> String {
        match self.lang {
            Lang::En => format!("Deal score: us {us}; them {them}."),
            Lang::Fr => format!("Marque de la donne : nous {us} ; eux {them}."),
        }
    }

    /// The game's final score.
    pub(crate) fn final_score(self, score: &str) -> String {
        match self.lang {
            Lang::En => format!("Final score: {score}."),
            Lang::Fr => format!("Score final : {score}."),
        }
    }

    /// The contract `what`, taken by `taker`.
    pub(crate) fn takes_the_contract(self, taker: Seat, what: &str) -> String {
        match (self.lang, taker) {
            (Lang::En, Seat::South) => format!("You take the contract: {what}."),
            (Lang::En, s) => format!("{} takes the contract: {what}.", self.seat(s)),
            (Lang::Fr, Seat::South) => format!("Vous prenez le contrat : {what}."),
            (Lang::Fr, s) => format!("{} prend le contrat : {what}.", self.seat(s)),
        }
    }
}
