//! A call's meaning in words: what the hand that made it holds, at its caller's level, made from
//! the bounds [`Meaning`] holds, so that the sentence says what is true of every hand that makes
//! the call and no more. Where the level strays from the convention (the expert, and `normal`'s
//! contre), the sentence also says what the convention would call with and what moves the level
//! off it.
//!
//! The measures are named the way the table's help defines them: a hand's **worth** with a trump
//! (its trumps, aces and tens, ruffs, and an average partner: `evaluate`), its **sure tricks**
//! for a raise (`support`), its **hold** on the taker's trumps for a contre (`contre_count`).

use super::meaning::{Meaning, Shown, Situation};
use crate::personas::Level;
use crate::rules::{Bid, Card, Rank, RuleSet, Trump};
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
        let head = match self.lang {
            Lang::En => format!("Opens {}: {said}{best}.", self.bid(bid)),
            Lang::Fr => format!("Ouvre à {} : {said}{best}.", self.bid(bid)),
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
                "normal also contres on less when most of its likely deals show the contract failing",
                "le niveau normal contre aussi avec moins quand la plupart de ses donnes probables font chuter le contrat",
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
                " En cartes, 80 ou 90 vaut à peu près {j} {nine} avec un as à côté, ou {j} avec quatre autres atouts et un as ; chaque dizaine de plus, à peu près une levée de plus."
            ),
        }
    }

    /// A raise of the partner's bid: the sure tricks it counts.
    fn raise(self, partner: Bid, to: Bid, m: &Meaning) -> String {
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
    fn tricks_between(self, partner: Bid, at_least: Option<i32>, at_most: Option<i32>) -> String {
        let base = i32::from(partner.level.value());
        let lo = at_least.map_or(0, |l| (l - base + 9).div_euclid(10).max(0));
        let hi = at_most.map(|h| (h - base).div_euclid(10));
        let n = |k: i32| match (self.lang, k) {
            (Lang::En, 1) => "1 sure trick".to_string(),
            (Lang::Fr, 1) => "1 levée sûre".to_string(),
            (Lang::En, k) => format!("{k} sure tricks"),
            (Lang::Fr, k) => format!("{k} levées sûres"),
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
            Lang::Fr => format!("{count} en plus de celle sur laquelle le partenaire comptait"),
        }
    }

    /// What a pass that could not have raised partner's bid anyway says.
    fn no_raise_possible(self) -> String {
        self.pick(
            "no sure trick beyond the one partner counted on",
            "aucune levée sûre en plus de celle sur laquelle le partenaire comptait",
        )
        .to_string()
    }

    /// The cards a raise counts as sure tricks in a mode.
    fn trick_cards(self, trump: Trump, set: RuleSet) -> String {
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
    fn overcall(self, over: Bid, partner_holds: bool, bid: Bid, m: &Meaning) -> String {
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
    fn reach(self, trump: Trump, from: i32, partner: Option<Bid>, raised_from: i32) -> String {
        let own = self.worth(trump, Some(from), None);
        match (self.lang, partner) {
            (Lang::En, Some(p)) => format!(
                "{own}, or partner's {} raised to {raised_from} by its sure tricks",
                self.bid(p)
            ),
            (Lang::Fr, Some(p)) => format!(
                "{own}, ou le {} du partenaire porté à {raised_from} par ses levées sûres",
                self.bid(p)
            ),
            (_, None) => own,
        }
    }

    /// A capot bid.
    fn capot(self, bid: Bid, m: &Meaning) -> String {
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
    fn capot_hand(self, trump: Trump) -> &'static str {
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

    /// A pass before any bid: the worth it stays under.
    fn pass_first(self, m: &Meaning) -> String {
        let most = |shows: &[Shown]| {
            shows.iter().find_map(|s| match *s {
                Shown::NoBid { at_most, .. } => Some(at_most),
                _ => None,
            })
        };
        let head = match (self.lang, most(&m.shows)) {
            (Lang::En, Some(at)) => format!("No opening: worth at most {at} with any trump."),
            (Lang::Fr, Some(at)) => {
                format!("Pas d'ouverture : une valeur d'au plus {at} quel que soit l'atout.")
            }
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
    fn pass_partner(self, partner: Bid, raised: bool, m: &Meaning) -> String {
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
    fn pass_opponents(self, over: Bid, m: &Meaning) -> String {
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

    /// What a pass over the opponents denies by bound `s`, if it denies something.
    fn denied(self, s: &Shown) -> Option<String> {
        Some(match *s {
            Shown::HoldBelow { bid, at_most, .. } => {
                let trump = self.trump(bid.trump);
                match self.lang {
                    Lang::En => format!("no contre, its hold on {trump} is at most {at_most}"),
                    Lang::Fr => {
                        format!("pas de contre, sa tenue à {trump} vaut au plus {at_most}")
                    }
                }
            }
            Shown::StopsCapot { trump, held: false } => {
                let stop = self.capot_stop(trump);
                match self.lang {
                    Lang::En => format!("no contre, so no sure trick against the capot ({stop})"),
                    Lang::Fr => {
                        format!("pas de contre, donc pas de levée sûre contre le capot ({stop})")
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
                        "{own}, et le {} du partenaire porté par ses levées sûres à {raised_at_most} au plus",
                        self.bid(p)
                    ),
                    (_, None) => own,
                }
            }
            _ => return None,
        })
    }

    /// A contre: the hold it shows, and for the levels that leave the convention, what moves them.
    fn contre(self, bid: Bid, m: &Meaning) -> String {
        if bid.is_capot() {
            let stop = self.capot_stop(bid.trump);
            let sure = m.shows.iter().any(|s| matches!(s, Shown::StopsCapot { held: true, .. }));
            return match (self.lang, sure) {
                (Lang::En, true) => format!("Contres the capot: a sure trick against it, {stop}."),
                (Lang::Fr, true) => {
                    format!("Contre le capot : une levée sûre contre lui, {stop}.")
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
        let clause = need(&m.convention).map(|n| match self.lang {
            Lang::En => format!("The convention contres from {n}"),
            Lang::Fr => format!("La convention contre à partir de {n}"),
        });
        self.beside_convention(head, clause, m)
    }

    /// "three trumps count 2, …": how the hold a contre shows is counted, with what the auction
    /// adds to it.
    fn hold_count(self, bid: Bid, m: &Meaning) -> String {
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
    fn surcontre(self, bid: Bid, m: &Meaning) -> String {
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
    fn pass_doubled(self, bid: Bid, taker: bool, m: &Meaning) -> String {
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
    fn top_of(self, trump: Trump) -> String {
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
    fn lacks_top(self, trump: Trump) -> String {
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
    fn capot_stop(self, trump: Trump) -> String {
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
