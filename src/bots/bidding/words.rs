//! A call's meaning in words: what the hand that made it holds, at its caller's level, made from
//! the bounds [`Meaning`] holds, so that the sentence says what is true of every hand that makes
//! the call and no more. Where the level strays from the convention (the expert, and `normal`'s
//! contre), the sentence also says what the convention would call with and what moves the level
//! off it.
//!
//! The measures are named the way the table's help defines them: a hand's **worth** with a trump
//! (its trumps, aces and tens, ruffs, and an average partner: `evaluate`), its **sure tricks**
//! for a raise (`support`), its **hold** on the taker's trumps for a contre (`contre_count`).

mod bids;
mod doubles;
mod passes;

use super::meaning::{Meaning, Shown, Situation};
use crate::personas::Level;
use crate::rules::{Bid, Card, Rank, Trump};
use crate::text::{Lang, Words};

impl Words {
    /// What `m`'s call shows of the hand that made it, in one to three sentences: "Opens 100 ♥:
    /// worth 89 to 117 with ♥ as trumps, its best trump. …".
    pub fn meaning(self, m: &Meaning) -> String {
        let text = if m.level == Level::Random {
            self.pick(
                "A computer player at the random level always passes: this says nothing of its hand.",
                "Un joueur de l'ordinateur « au hasard » passe toujours : cela ne dit rien de son jeu.",
            )
            .to_string()
        } else {
            match m.situation {
                Situation::Opening(bid) => self.opening(bid, m),
                Situation::Raise { partner, to } => self.raise(partner, to, m),
                Situation::Overcall { over, partner_holds, bid } => {
                    self.overcall(over, partner_holds, bid, m)
                }
                Situation::Capot(bid) => self.capot(bid, m),
                Situation::PassFirst => self.pass_first(m),
                Situation::PassPartner { partner, raised } => self.pass_partner(partner, raised, m),
                Situation::PassOwn => self
                    .pick(
                        "Its own bid stands: this pass says no more.",
                        "Son enchère tient : ce passe n'en dit pas plus.",
                    )
                    .to_string(),
                Situation::PassOpponents(over) => self.pass_opponents(over, m),
                Situation::Contre(bid) => self.contre(bid, m),
                Situation::Surcontre(bid) => self.surcontre(bid, m),
                Situation::PassDoubled { bid, taker } => self.pass_doubled(bid, taker, m),
                Situation::Nothing => self
                    .pick("Nothing is read in this call.", "Rien ne se lit dans cette annonce.")
                    .to_string(),
            }
        };
        self.out(text)
    }

    /// An opening: its worth, its mode, and for the expert what the convention opens with.
    fn opening(self, bid: Bid, m: &Meaning) -> String {
        let worth = |shows: &[Shown]| {
            let from = shows.iter().find_map(|s| match *s {
                Shown::Reach { from, .. } => Some(from),
                _ => None,
            });
            let top = shows.iter().find_map(|s| match *s {
                Shown::WorthAtMost { at_most, .. } => Some(at_most),
                _ => None,
            });
            self.worth(bid.trump, from, top)
        };
        let best = self.best_trump(m);
        let said = worth(&m.shows);
        // The bounds hold for both styles: the bold's and the cautious's overlap.
        let head = match self.lang {
            Lang::En => format!("Opens {}: {said} in either style{best}.", self.bid(bid)),
            Lang::Fr => {
                format!("Ouvre à {} : {said} quel que soit le style{best}.", self.bid(bid))
            }
        };
        let cards = self.opening_in_cards(bid.trump);
        if m.shows == m.convention {
            return format!("{head}{cards}");
        }
        let convention = worth(&m.convention);
        let clause = match self.lang {
            Lang::En => format!("By the convention it is {convention}, its best trump"),
            Lang::Fr => format!("Selon la convention, il a {convention}, son meilleur atout"),
        };
        self.beside_convention(head, Some(clause), m)
    }

    /// `head`, then, when the call shows less than the convention's would, `clause` (what the
    /// convention calls with) and what moves the caller's level off it.
    fn beside_convention(self, head: String, clause: Option<String>, m: &Meaning) -> String {
        match clause.filter(|_| m.shows != m.convention) {
            Some(clause) => {
                format!("{head} {clause}{}{}.", self.pick("; ", " ; "), self.moved_off(m.level))
            }
            None => head,
        }
    }

    /// ", its best trump" when the call shows its mode is the hand's best.
    fn best_trump(self, m: &Meaning) -> &'static str {
        let best = m.shows.iter().any(|s| matches!(s, Shown::BestMode { .. }));
        match (best, self.lang) {
            (false, _) => "",
            (true, Lang::En) => ", its best trump",
            (true, Lang::Fr) => ", son meilleur atout",
        }
    }

    /// "worth 89 to 117 with ♥ as trumps", "worth at least 109 …": a worth's bounds.
    fn worth(self, trump: Trump, from: Option<i32>, to: Option<i32>) -> String {
        let mode = self.in_mode(trump);
        match (self.lang, from, to) {
            (Lang::En, Some(a), Some(b)) => format!("worth {a} to {b} {mode}"),
            (Lang::Fr, Some(a), Some(b)) => format!("une valeur de {a} à {b} {mode}"),
            (Lang::En, Some(a), None) => format!("worth at least {a} {mode}"),
            (Lang::Fr, Some(a), None) => format!("une valeur d'au moins {a} {mode}"),
            (Lang::En, None, Some(b)) => format!("worth at most {b} {mode}"),
            (Lang::Fr, None, Some(b)) => format!("une valeur d'au plus {b} {mode}"),
            (Lang::En, None, None) => format!("any worth {mode}"),
            (Lang::Fr, None, None) => format!("n'importe quelle valeur {mode}"),
        }
    }

    /// What moves `level` off the convention, as the end of a sentence.
    fn moved_off(self, level: Level) -> &'static str {
        match level {
            Level::Normal => self.pick(
                "the computer players also contre on less when most of their likely deals show the contract failing",
                "les joueurs de l'ordinateur contrent aussi avec moins quand la plupart de leurs donnes probables font chuter le contrat",
            ),
            _ => self.pick(
                "an expert leaves it when its likely deals say another call pays more",
                "un expert la quitte quand ses donnes probables disent qu'une autre annonce rapporte plus",
            ),
        }
    }

    /// "with ♥ as trumps", "in sans atout": the mode a worth is counted in.
    fn in_mode(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(_), Lang::En) => format!("with {} as trumps", self.trump(trump)),
            (Trump::Suit(_), Lang::Fr) => format!("avec {} atout", self.trump(trump)),
            (_, Lang::En) => format!("in {}", self.trump_name(trump).to_lowercase()),
            (_, Lang::Fr) => format!("à {}", self.trump_name(trump).to_lowercase()),
        }
    }

    /// " In cards, 80 or 90 is about …": what an opening holds in a suit, as RULES.md says it.
    fn opening_in_cards(self, trump: Trump) -> String {
        let Trump::Suit(suit) = trump else { return String::new() };
        let j = self.card(Card::new(suit, Rank::Jack));
        let nine = self.card(Card::new(suit, Rank::Nine));
        match self.lang {
            Lang::En => format!(
                " In cards, 80 or 90 is about {j} {nine} with a side ace, or {j} with four more trumps and an ace; each 10 more, about one more trick."
            ),
            Lang::Fr => format!(
                " En cartes, 80 ou 90 vaut à peu près {j} {nine} avec un as à côté, ou {j} avec quatre autres atouts et un as ; chaque dizaine de plus, à peu près un pli de plus."
            ),
        }
    }
}
