//! What a pass shows, in words: before any bid, over the partner's bid, over the other side's.
use super::super::meaning::{Meaning, Shown};
use crate::bots::bidding::contre_need;
use crate::personas::{BiddingStyle, Level};
use crate::rules::Bid;
use crate::text::{Lang, Words};

impl Words {
    /// A pass before any bid: the worth it stays under.
    pub(super) fn pass_first(self, m: &Meaning) -> String {
        let most = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::NoBid { at_most, .. } => Some(at_most),
                _ => None,
            })
        };
        let head = match (self.lang, most(&m.shows)) {
            (Lang::En, Some(at)) => {
                format!("No opening: worth at most {at} with any trump, in either style.")
            }
            (Lang::Fr, Some(at)) => format!(
                "Pas d'ouverture : une valeur d'au plus {at} quel que soit l'atout et le style."
            ),
            (Lang::En, None) => "No opening: this pass says nothing more.".into(),
            (Lang::Fr, None) => "Pas d'ouverture : ce passe n'en dit pas plus.".into(),
        };
        let clause = most(&m.convention).map(|at| match self.lang {
            Lang::En => format!("The convention passes up to {at}"),
            Lang::Fr => format!("La convention passe jusqu'à {at}"),
        });
        self.beside_convention(head, clause, m)
    }

    /// A pass over the partner's bid.
    pub(super) fn pass_partner(self, partner: Bid, raised: bool, m: &Meaning) -> String {
        if m.level == Level::Easy {
            return self
                .pick(
                    "At the easy level a computer player never raises its partner: this pass says no more.",
                    "Au niveau facile, un joueur de l'ordinateur ne soutient jamais son partenaire : ce passe n'en dit pas plus.",
                )
                .into();
        }
        if raised {
            let trump = self.trump(partner.trump);
            return match self.lang {
                Lang::En => format!(
                    "Has bid {trump} already, and the convention raises partner once: this pass says no more."
                ),
                Lang::Fr => format!(
                    "A déjà annoncé {trump}, et la convention ne soutient le partenaire qu'une fois : ce passe n'en dit pas plus."
                ),
            };
        }
        let most = m.shows.iter().find_map(|s| match *s {
            Shown::Raise { at_most, .. } => Some(at_most),
            _ => None,
        });
        match (self.lang, most) {
            (Lang::En, Some(at_most)) => format!(
                "Does not raise partner's {}: {}.",
                self.bid(partner),
                self.tricks_between(partner, None, at_most)
            ),
            (Lang::Fr, Some(at_most)) => format!(
                "Ne soutient pas le {} du partenaire : {}.",
                self.bid(partner),
                self.tricks_between(partner, None, at_most)
            ),
            (Lang::En, None) => "Partner holds the bid: this pass says no more.".into(),
            (Lang::Fr, None) => {
                "Le partenaire tient l'enchère : ce passe n'en dit pas plus.".into()
            }
        }
    }

    /// A pass over the opponents' bid: what it does not hold.
    pub(super) fn pass_opponents(self, over: Bid, m: &Meaning) -> String {
        let parts: Vec<String> = m.shows.iter().filter_map(|s| self.denied(s)).collect();
        let what = if parts.is_empty() {
            self.pick("nothing more", "rien de plus").to_string()
        } else {
            parts.join(self.pick("; ", " ; "))
        };
        let head = match self.lang {
            Lang::En => format!("Passes over the opponents' {}: {what}.", self.bid(over)),
            Lang::Fr => format!("Passe sur le {} adverse : {what}.", self.bid(over)),
        };
        let hold = m.convention.iter().find_map(|s| match *s {
            Shown::HoldBelow { at_most, .. } => Some(at_most),
            _ => None,
        });
        let worth = m.convention.iter().find_map(|s| match *s {
            Shown::NoBid { at_most, .. } => Some(at_most),
            _ => None,
        });
        let trump = self.trump(over.trump);
        let hold = hold.map(|h| self.hold_at_most(h));
        let clause = match (self.lang, hold, worth) {
            (Lang::En, Some(h), Some(w)) => Some(format!(
                "By the convention its hold on {trump} is at most {h} and it is worth at most {w}"
            )),
            (Lang::Fr, Some(h), Some(w)) => Some(format!(
                "Selon la convention, sa tenue à {trump} vaut au plus {h} et sa valeur au plus {w}"
            )),
            (Lang::En, Some(h), None) => {
                Some(format!("By the convention its hold on {trump} is at most {h}"))
            }
            (Lang::Fr, Some(h), None) => {
                Some(format!("Selon la convention, sa tenue à {trump} vaut au plus {h}"))
            }
            (Lang::En, None, Some(w)) => Some(format!("By the convention it is worth at most {w}")),
            (Lang::Fr, None, Some(w)) => {
                Some(format!("Selon la convention, sa valeur est d'au plus {w}"))
            }
            (_, None, None) => None,
        };
        self.beside_convention(head, clause, m)
    }

    /// "5 in the bold style, 6 in the cautious style": the most a hold comes to in a pass that
    /// does not contre, `at_most` being the cautious style's bound; the bold style, which
    /// contres from less ([`contre_need`]), passes on as much less.
    fn hold_at_most(self, at_most: i32) -> String {
        let rules = crate::rules::Rules::default();
        let gap =
            contre_need(BiddingStyle::Cautious, rules) - contre_need(BiddingStyle::Bold, rules);
        let bold = at_most - gap;
        match self.lang {
            Lang::En => format!("{bold} in the bold style, {at_most} in the cautious style"),
            Lang::Fr => format!("{bold} en style audacieux, {at_most} en style prudent"),
        }
    }

    /// What a pass over the opponents denies by bound `s`, if it denies something.
    pub(super) fn denied(self, s: &Shown) -> Option<String> {
        Some(match *s {
            Shown::HoldBelow { bid, at_most, .. } => {
                let (trump, h) = (self.trump(bid.trump), self.hold_at_most(at_most));
                match self.lang {
                    Lang::En => format!("no contre, its hold on {trump} is at most {h}"),
                    Lang::Fr => format!("pas de contre, sa tenue à {trump} vaut au plus {h}"),
                }
            }
            Shown::StopsCapot { trump, held: false } => {
                let stop = self.capot_stop(trump);
                match self.lang {
                    Lang::En => format!("no contre, so no sure trick against the capot ({stop})"),
                    Lang::Fr => {
                        format!("pas de contre, donc pas de pli sûr contre le capot ({stop})")
                    }
                }
            }
            Shown::NoBid { at_most, partner, raised_at_most } => {
                let own = match self.lang {
                    Lang::En => format!("no bid, worth at most {at_most} with any trump"),
                    Lang::Fr => {
                        format!(
                            "pas d'enchère, une valeur d'au plus {at_most} quel que soit l'atout"
                        )
                    }
                };
                match (self.lang, partner) {
                    (Lang::En, Some(p)) => format!(
                        "{own}, and partner's {} raised by its sure tricks at most {raised_at_most}",
                        self.bid(p)
                    ),
                    (Lang::Fr, Some(p)) => format!(
                        "{own}, et le {} du partenaire porté par ses plis sûrs à {raised_at_most} au plus",
                        self.bid(p)
                    ),
                    (_, None) => own,
                }
            }
            _ => return None,
        })
    }
}
