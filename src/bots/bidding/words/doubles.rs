//! What a contre, a surcontre and a pass over them show, in words, and the cards that stop a
//! contract.
use super::super::meaning::{Meaning, Shown};
use crate::bots::bidding::contre_need;
use crate::personas::BiddingStyle;
use crate::personas::Level;
use crate::rules::{Bid, Card, Rank, Trump};
use crate::text::{Lang, Words};

impl Words {
    /// A contre: the hold it shows, and for the levels that leave the convention, what moves them.
    pub(super) fn contre(self, bid: Bid, m: &Meaning) -> String {
        if bid.is_capot() {
            let stop = self.capot_stop(bid.trump);
            let sure = m.shows.iter().any(|s| matches!(s, Shown::StopsCapot { held: true, .. }));
            return match (self.lang, sure) {
                (Lang::En, true) => format!("Contres the capot: a sure trick against it, {stop}."),
                (Lang::Fr, true) => {
                    format!("Contre le capot : un pli sûr contre lui, {stop}.")
                }
                (Lang::En, false) => "Contres the capot: this says nothing more.".into(),
                (Lang::Fr, false) => "Contre le capot : cela n'en dit pas plus.".into(),
            };
        }
        let need = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::HoldAtLeast { need, .. } => Some(need),
                _ => None,
            })
        };
        let trump = self.trump(bid.trump);
        let hold = match (self.lang, need(&m.shows)) {
            // The least a hold comes to: two trumps or fewer, no ace, the taker's partner raised.
            (_, Some(n)) if n <= -2 => self.pick("any hold", "n'importe quelle tenue").to_string(),
            (Lang::En, Some(n)) => format!("a hold on {trump} of at least {n}"),
            (Lang::Fr, Some(n)) => format!("une tenue à {trump} d'au moins {n}"),
            (_, None) => self.pick("nothing sure", "rien de sûr").to_string(),
        };
        let count = match need(&m.shows) {
            Some(_) => format!(" ({})", self.hold_count(bid, m)),
            None => String::new(),
        };
        let head = match self.lang {
            Lang::En => format!("Contres {}: {hold}{count}.", self.bid(bid)),
            Lang::Fr => format!("Contre le {} : {hold}{count}.", self.bid(bid)),
        };
        // The convention's need by style, read from the rule itself: the bold style contres
        // from one less than the cautious.
        let bold = contre_need(BiddingStyle::Bold, m.rules);
        let cautious = contre_need(BiddingStyle::Cautious, m.rules);
        let clause = need(&m.convention).map(|_| match self.lang {
            Lang::En => format!(
                "The convention contres from {bold} in the bold style, from {cautious} in the cautious style"
            ),
            Lang::Fr => format!(
                "La convention contre à partir de {bold} en style audacieux, de {cautious} en style prudent"
            ),
        });
        self.beside_convention(head, clause, m)
    }

    /// "three trumps count 2, …": how the hold a contre shows is counted, with what the auction
    /// adds to it.
    pub(super) fn hold_count(self, bid: Bid, m: &Meaning) -> String {
        let fr = self.lang == Lang::Fr;
        let mut parts = vec![match (bid.trump, fr) {
            (Trump::Suit(suit), false) => format!(
                "three trumps count 2, four 5, five 7, two or fewer −1; {} and {} 2 each, a side ace 1",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::Suit(suit), true) => format!(
                "trois atouts comptent 2, quatre 5, cinq 7, deux ou moins −1 ; {} et {} 2 chacun, un as à côté 1",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::NoTrump, false) => "each ace 2, the ten under it 1, four cards or more headed by the ace 1, a guarded ten 1".into(),
            (Trump::NoTrump, true) => "chaque as 2, le dix sous lui 1, quatre cartes ou plus sous l'as 1, un dix gardé 1".into(),
            (Trump::AllTrump, false) => "each jack 2, the 9 under it 1, four cards or more headed by the jack 1, a guarded 9 1".into(),
            (Trump::AllTrump, true) => "chaque valet 2, le 9 sous lui 1, quatre cartes ou plus sous le valet 1, un 9 gardé 1".into(),
        }];
        if m.rules.set.has_declarations() {
            parts.push(
                self.pick("2 for each 50 points declared", "2 par 50 points d'annonces").into(),
            );
        }
        let adjust = m.convention.iter().find_map(|s| match *s {
            Shown::HoldAtLeast { adjust, .. } => Some(adjust),
            _ => None,
        });
        if adjust.is_some_and(|a| a < 0) {
            parts.push(
                self.pick(
                    "1 less, the taker's partner raised",
                    "1 de moins, le partenaire du preneur a soutenu",
                )
                .into(),
            );
        }
        if bid.level.value() >= 120 {
            parts.push(self.pick("1 more from 120", "1 de plus dès 120").into());
        }
        parts.join(self.pick("; ", " ; "))
    }

    /// A surcontre: the top of the trumps and the worth it shows.
    pub(super) fn surcontre(self, bid: Bid, m: &Meaning) -> String {
        let from = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::Surcontre { from, .. } => Some(from),
                _ => None,
            })
        };
        let top = self.top_of(bid.trump);
        let worth = |at: i32| self.worth(bid.trump, Some(at), None);
        match (self.lang, from(&m.shows), from(&m.convention)) {
            (Lang::En, Some(at), _) => {
                format!("Surcontres: holds {top}, and a hand {}.", worth(at))
            }
            (Lang::Fr, Some(at), _) => format!("Surcontre : tient {top}, et {}.", worth(at)),
            (Lang::En, None, Some(at)) => format!(
                "Surcontres: this shows nothing more of its hand. The convention surcontres holding {top} and a hand {}; {}.",
                worth(at),
                self.moved_off(m.level)
            ),
            (Lang::Fr, None, Some(at)) => format!(
                "Surcontre : cela ne dit rien de plus de son jeu. La convention surcontre avec {top} et {} ; {}.",
                worth(at),
                self.moved_off(m.level)
            ),
            (_, None, None) => self
                .pick("Surcontres: this says nothing more.", "Surcontre : cela n'en dit pas plus.")
                .into(),
        }
    }

    /// A pass after a contre.
    pub(super) fn pass_doubled(self, bid: Bid, taker: bool, m: &Meaning) -> String {
        let from = m.shows.iter().find_map(|s| match *s {
            Shown::NoSurcontre { from, .. } => Some(from),
            _ => None,
        });
        let lacks = self.lacks_top(bid.trump);
        match (self.lang, from, taker) {
            (Lang::En, Some(at), _) => format!(
                "Does not surcontre: {lacks}, or it is worth less than {at} {}.",
                self.in_mode(bid.trump)
            ),
            (Lang::Fr, Some(at), _) => format!(
                "Ne surcontre pas : {lacks}, ou sa valeur {} est sous {at}.",
                self.in_mode(bid.trump)
            ),
            (_, None, false) if m.level == Level::Normal => self
                .pick(
                    "The convention leaves the surcontre to the player who bid: this pass by its partner says nothing.",
                    "La convention laisse le surcontre à celui qui a annoncé : ce passe de son partenaire ne dit rien.",
                )
                .into(),
            (_, None, _) => self
                .pick("This pass says nothing of its hand.", "Ce passe ne dit rien de son jeu.")
                .into(),
        }
    }

    /// "J♥ and 9♥", "three of the four aces": the top a surcontre needs.
    pub(super) fn top_of(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(suit), Lang::En) => format!(
                "{} and {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::Suit(suit), Lang::Fr) => format!(
                "{} et {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::NoTrump, _) => {
                self.pick("three of the four aces", "trois des quatre as").into()
            }
            (Trump::AllTrump, _) => {
                self.pick("three of the four jacks", "trois des quatre valets").into()
            }
        }
    }

    /// "it lacks J♥ or 9♥", "it holds fewer than three of the four aces": a hand without the top
    /// a surcontre needs.
    pub(super) fn lacks_top(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(suit), Lang::En) => format!(
                "it lacks {} or {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::Suit(suit), Lang::Fr) => format!(
                "il lui manque {} ou {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::NoTrump, _) => self
                .pick(
                    "it holds fewer than three of the four aces",
                    "il tient moins de trois des quatre as",
                )
                .into(),
            (Trump::AllTrump, _) => self
                .pick(
                    "it holds fewer than three of the four jacks",
                    "il tient moins de trois des quatre valets",
                )
                .into(),
        }
    }

    /// "the jack of ♥", "a suit's top card with a guard": what stops a capot.
    pub(super) fn capot_stop(self, trump: Trump) -> String {
        match trump {
            Trump::Suit(suit) => self.the_card(Card::new(suit, Rank::Jack)),
            _ => self
                .pick(
                    "the top card of a suit with a guard",
                    "la carte maîtresse d'une couleur, gardée",
                )
                .into(),
        }
    }
}
