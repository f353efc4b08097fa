//! What a bid shows, in words: a raise of the partner's bid, an overcall, a capot.
use super::super::meaning::{Meaning, Shown};
use crate::rules::{Bid, Card, Rank, RuleSet, Trump};
use crate::text::{Lang, Words};

impl Words {
    /// A raise of the partner's bid: the sure tricks it counts.
    pub(super) fn raise(self, partner: Bid, to: Bid, m: &Meaning) -> String {
        let tricks = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::Raise { at_least, at_most, .. } => {
                    Some(self.tricks_between(partner, at_least, at_most))
                }
                _ => None,
            })
        };
        let which = self.trick_cards(partner.trump, m.rules.set);
        let Some(said) = tricks(&m.shows) else {
            return match self.lang {
                Lang::En => {
                    format!("Raises partner's {}: this says nothing more.", self.bid(partner))
                }
                Lang::Fr => {
                    format!(
                        "Monte sur le {} du partenaire : cela n'en dit pas plus.",
                        self.bid(partner)
                    )
                }
            };
        };
        let head = match self.lang {
            Lang::En => format!(
                "Raises partner's {} to {}: {said} ({which}).",
                self.bid(partner),
                self.level(to.level)
            ),
            Lang::Fr => format!(
                "Soutient le {} du partenaire à {} : {said} ({which}).",
                self.bid(partner),
                self.level(to.level)
            ),
        };
        let clause = tricks(&m.convention).map(|c| match self.lang {
            Lang::En => format!("The convention raises with {c}"),
            Lang::Fr => format!("La convention soutient avec {c}"),
        });
        self.beside_convention(head, clause, m)
    }

    /// "2 sure tricks beyond the one partner counted on", "1 to 3 …": what a raise's bounds on
    /// the partner's bid raised say in tricks.
    pub(super) fn tricks_between(
        self,
        partner: Bid,
        at_least: Option<i32>,
        at_most: Option<i32>,
    ) -> String {
        let base = i32::from(partner.level.value());
        let lo = at_least.map_or(0, |l| (l - base + 9).div_euclid(10).max(0));
        let hi = at_most.map(|h| (h - base).div_euclid(10));
        let n = |k: i32| match (self.lang, k) {
            (Lang::En, 1) => "1 sure trick".to_string(),
            (Lang::Fr, 0 | 1) => format!("{k} pli sûr"),
            (Lang::En, k) => format!("{k} sure tricks"),
            (Lang::Fr, k) => format!("{k} plis sûrs"),
        };
        let count = match (self.lang, hi) {
            (_, Some(hi)) if hi < 0 => return self.no_raise_possible(),
            (_, Some(hi)) if hi == lo => n(lo),
            (Lang::En, Some(hi)) if lo == 0 => format!("at most {}", n(hi)),
            (Lang::Fr, Some(hi)) if lo == 0 => format!("au plus {}", n(hi)),
            (Lang::En, Some(hi)) => format!("{lo} to {}", n(hi)),
            (Lang::Fr, Some(hi)) => format!("{lo} à {}", n(hi)),
            (Lang::En, None) => format!("at least {}", n(lo)),
            (Lang::Fr, None) => format!("au moins {}", n(lo)),
        };
        match self.lang {
            Lang::En => format!("{count} beyond the one partner counted on"),
            Lang::Fr => format!("{count} en plus de celui sur lequel le partenaire comptait"),
        }
    }

    /// What a pass that could not have raised partner's bid anyway says.
    pub(super) fn no_raise_possible(self) -> String {
        self.pick(
            "no sure trick beyond the one partner counted on",
            "aucun pli sûr en plus de celui sur lequel le partenaire comptait",
        )
        .to_string()
    }

    /// The cards a raise counts as sure tricks in a mode.
    pub(super) fn trick_cards(self, trump: Trump, set: RuleSet) -> String {
        let fr = self.lang == Lang::Fr;
        let base = match trump {
            Trump::Suit(suit) => {
                let c = |r| self.card(Card::new(suit, r));
                let (j, n, k, q) = (c(Rank::Jack), c(Rank::Nine), c(Rank::King), c(Rank::Queen));
                if fr {
                    format!("{j}, {n}, les as à côté, et {k}-{q} comptant deux")
                } else {
                    format!("{j}, {n}, side aces, and {k}-{q} counting two")
                }
            }
            Trump::NoTrump if fr => "les as et les dix sous leur as".into(),
            Trump::NoTrump => "aces and the tens under them".into(),
            Trump::AllTrump if fr => {
                "les valets et les 9 sous leur valet, chaque belote comptant deux".into()
            }
            Trump::AllTrump => "jacks and the 9s under them, each belote counting two".into(),
        };
        match (set.has_declarations(), fr) {
            (true, true) => format!("{base} ; un cent ou un carré ajoute ses points"),
            (true, false) => format!("{base}; a cent or a carré adds its points"),
            (false, _) => base,
        }
    }

    /// A bid over another one: the worth that reaches it, or the partner's bid raised.
    pub(super) fn overcall(self, over: Bid, partner_holds: bool, bid: Bid, m: &Meaning) -> String {
        let reach = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::Reach { from, partner, raised_from, .. } => {
                    Some(self.reach(bid.trump, from, partner, raised_from))
                }
                _ => None,
            })
        };
        let said = reach(&m.shows).unwrap_or_else(|| self.worth(bid.trump, None, None));
        let best = self.best_trump(m);
        let head = match (self.lang, partner_holds) {
            (Lang::En, false) => {
                format!(
                    "Bids {} over the opponents' {}: {said}{best}.",
                    self.bid(bid),
                    self.bid(over)
                )
            }
            (Lang::Fr, false) => format!(
                "Annonce {} sur le {} adverse : {said}{best}.",
                self.bid(bid),
                self.bid(over)
            ),
            (Lang::En, true) => format!(
                "Bids {} over partner's {}, in another trump: {said}{best}.",
                self.bid(bid),
                self.bid(over)
            ),
            (Lang::Fr, true) => format!(
                "Annonce {} sur le {} du partenaire, dans un autre atout : {said}{best}.",
                self.bid(bid),
                self.bid(over)
            ),
        };
        let clause = reach(&m.convention).map(|c| match self.lang {
            Lang::En => format!("By the convention it is {c}, its best trump"),
            Lang::Fr => format!("Selon la convention, il a {c}, son meilleur atout"),
        });
        self.beside_convention(head, clause, m)
    }

    /// "worth at least 109 with ♠ as trumps, or partner's 100 ♠ raised to 120 by its sure
    /// tricks": what reaches a bid.
    pub(super) fn reach(
        self,
        trump: Trump,
        from: i32,
        partner: Option<Bid>,
        raised_from: i32,
    ) -> String {
        let own = self.worth(trump, Some(from), None);
        match (self.lang, partner) {
            (Lang::En, Some(p)) => format!(
                "{own}, or partner's {} raised to {raised_from} by its sure tricks",
                self.bid(p)
            ),
            (Lang::Fr, Some(p)) => format!(
                "{own}, ou le {} du partenaire porté à {raised_from} par ses plis sûrs",
                self.bid(p)
            ),
            (_, None) => own,
        }
    }

    /// A capot bid.
    pub(super) fn capot(self, bid: Bid, m: &Meaning) -> String {
        let how = self.capot_hand(bid.trump);
        let trump = self.trump_name(bid.trump);
        let worth = m.shows.iter().find_map(|s| match *s {
            Shown::CapotOrWorth { from, .. } => Some(self.worth(bid.trump, Some(from), None)),
            _ => None,
        });
        match (self.lang, worth) {
            (Lang::En, None) => {
                format!("Bids capot in {trump}: all eight tricks by itself, {how}.")
            }
            (Lang::Fr, None) => {
                format!("Annonce le capot à {trump} : les huit plis à elle seule, {how}.")
            }
            (Lang::En, Some(w)) => format!(
                "Bids capot in {trump}: all eight tricks by itself ({how}), or, from an expert, a hand {w} whose likely deals say the capot pays."
            ),
            (Lang::Fr, Some(w)) => format!(
                "Annonce le capot à {trump} : les huit plis à elle seule ({how}), ou, chez un expert, {w} dont les donnes probables disent que le capot rapporte."
            ),
        }
    }

    /// How a hand takes every trick by itself in a mode.
    pub(super) fn capot_hand(self, trump: Trump) -> &'static str {
        match trump {
            Trump::Suit(_) => self.pick(
                "enough top trumps in a row to draw them all, and only masters on the side",
                "assez d'atouts maîtres à la suite pour les tirer tous, et rien que des maîtresses à côté",
            ),
            _ => self.pick(
                "every card a master from the top of its suit, and no void",
                "chaque carte maîtresse depuis le haut de sa couleur, et aucune chicane",
            ),
        }
    }
}
