//! A call's meaning in words: what it shows and what it denies under the convention, made from
//! the bounds [`Meaning`] holds, so that the sentence says what the bots read and no more.

use super::meaning::{Meaning, Shown, Situation};
use super::{HIGH, LOW, PARTNER_ALLOWANCE, SANS_ATOUT, TOUT_ATOUT, contre_need, surcontre_surplus};
use crate::personas::BiddingStyle;
use crate::rules::{Bid, Card, Rank, RuleSet, Trump};
use crate::text::{Lang, Words};

impl Words {
    /// What `m`'s call shows and denies, in one or two sentences: "Opens: a count of 100 to
    /// 109 with ♥ as trumps, ♥ its best mode …".
    pub fn meaning(self, m: &Meaning) -> String {
        let fr = self.lang == Lang::Fr;
        let text = match m.situation {
            Situation::Opening(bid) => {
                let count = self.count_range(bid, m);
                let cards = self.count_in_cards(bid.trump);
                if fr {
                    format!("Ouvre : {count}.{cards}")
                } else {
                    format!("Opens: {count}.{cards}")
                }
            }
            Situation::Raise { partner, to } => {
                let tricks = self.sure_tricks(partner, to, m);
                if fr {
                    format!(
                        "Soutient le {} du partenaire : {tricks}. Le soutien est le même quel que soit le style.",
                        self.bid(partner)
                    )
                } else {
                    format!(
                        "Raises partner's {}: {tricks}. Raises are the same in every style.",
                        self.bid(partner)
                    )
                }
            }
            Situation::Overcall { over, partner_holds, bid } => {
                let reach = self.reach(bid, m);
                match (fr, partner_holds) {
                    (false, false) => {
                        format!("Bids over the opponents' {}: {reach}.", self.bid(over))
                    }
                    (true, false) => {
                        format!("Enchérit sur le {} adverse : {reach}.", self.bid(over))
                    }
                    (false, true) => format!(
                        "Changes partner's {}: the convention never does; read as {reach}.",
                        self.bid(over)
                    ),
                    (true, true) => format!(
                        "Change la couleur du {} du partenaire, ce que la convention ne fait jamais ; lu comme {reach}.",
                        self.bid(over)
                    ),
                }
            }
            Situation::Capot(bid) => {
                let how = self.capot_hand(bid.trump);
                if fr {
                    format!(
                        "Annonce le capot à {} : les huit plis à elle seule, {how}.",
                        self.trump_name(bid.trump)
                    )
                } else {
                    format!(
                        "Bids capot in {}: all eight tricks by itself, {how}.",
                        self.trump_name(bid.trump)
                    )
                }
            }
            Situation::PassFirst => {
                let most = 80 - 1 - LOW;
                if fr {
                    format!(
                        "Pas d'ouverture : aucun atout ne compte 80 (un joueur prudent passe jusqu'à {most})."
                    )
                } else {
                    format!(
                        "No opening: no trump counts 80 (a cautious player passes up to {most})."
                    )
                }
            }
            Situation::PassPartner { partner, raised: true } => {
                let trump = self.trump(partner.trump);
                if fr {
                    format!(
                        "A déjà soutenu {trump} : la convention ne soutient qu'une fois, ce passe ne dit rien de plus."
                    )
                } else {
                    format!(
                        "Has raised {trump} already: the convention raises once, so this pass says no more."
                    )
                }
            }
            Situation::PassPartner { partner, raised: false } => {
                let most = m.shows.iter().find_map(|s| match *s {
                    Shown::Raise { at_most: Some(most), .. } => Some(most),
                    _ => None,
                });
                match most {
                    Some(most) => {
                        let extra = (most.saturating_sub(partner.level.value())) / 10;
                        let tricks = self.tricks_beyond(extra);
                        if fr {
                            format!(
                                "Ne soutient pas le {} du partenaire : {tricks}.",
                                self.bid(partner)
                            )
                        } else {
                            format!("Does not raise partner's {}: {tricks}.", self.bid(partner))
                        }
                    }
                    None if fr => {
                        "Le partenaire tient l'enchère : ce passe ne dit rien de plus.".into()
                    }
                    None => "Partner holds the bid: this pass says no more.".into(),
                }
            }
            Situation::PassOwn if fr => "Son enchère tient : ce passe ne dit rien de plus.".into(),
            Situation::PassOwn => "Its own bid stands: this pass says no more.".into(),
            Situation::PassOpponents(over) => {
                let parts: Vec<String> =
                    m.shows.iter().filter_map(|s| self.denied(s, over, m)).collect();
                let what = if parts.is_empty() {
                    if fr { "rien de plus".to_string() } else { "nothing more".to_string() }
                } else {
                    parts.join(if fr { " ; " } else { "; " })
                };
                if fr {
                    format!("Passe sur le {} adverse : {what}.", self.bid(over))
                } else {
                    format!("Passes over the opponents' {}: {what}.", self.bid(over))
                }
            }
            Situation::Contre(bid) if bid.is_capot() => {
                let stop = self.capot_stop(bid.trump);
                if fr {
                    format!("Contre le capot : une levée sûre contre lui, {stop}.")
                } else {
                    format!("Contres the capot: a sure trick against it, {stop}.")
                }
            }
            Situation::Contre(bid) => {
                let (adjust, need) = m
                    .shows
                    .iter()
                    .find_map(|s| match *s {
                        Shown::HoldAtLeast { adjust, need, .. } => Some((adjust, need)),
                        _ => None,
                    })
                    .unwrap_or((0, contre_need(BiddingStyle::Bold, m.rules)));
                let cautious = contre_need(BiddingStyle::Cautious, m.rules);
                let count = self.hold_count(bid, adjust, m.rules.set);
                if fr {
                    format!(
                        "Contre le {} : une tenue à l'atout {} d'au moins {need} ({count}) ; un joueur prudent demande {cautious}.",
                        self.bid(bid),
                        self.trump(bid.trump)
                    )
                } else {
                    format!(
                        "Contres {}: a hold on the {} trumps of at least {need} ({count}); a cautious player needs {cautious}.",
                        self.bid(bid),
                        self.trump(bid.trump)
                    )
                }
            }
            Situation::Surcontre(bid) => {
                let top = self.top_of(bid.trump);
                let bold = surcontre_surplus(BiddingStyle::Bold);
                let cautious = surcontre_surplus(BiddingStyle::Cautious);
                if fr {
                    format!(
                        "Surcontre : le preneur tient {top} et compte au moins {bold} au-dessus de son enchère ({cautious} pour un joueur prudent)."
                    )
                } else {
                    format!(
                        "Surcontres: the taker holds {top} and counts at least {bold} above its bid ({cautious} for a cautious player)."
                    )
                }
            }
            Situation::PassDoubled { bid, taker: true } => {
                let top = self.top_of(bid.trump);
                let cautious = surcontre_surplus(BiddingStyle::Cautious);
                if fr {
                    format!(
                        "Ne surcontre pas : pas {top} avec {cautious} au-dessus de son enchère."
                    )
                } else {
                    format!("Does not surcontre: not {top} with a count {cautious} above its bid.")
                }
            }
            Situation::PassDoubled { taker: false, .. } if fr => {
                "Après une contre, seul le preneur surcontre : ce passe ne dit rien.".into()
            }
            Situation::PassDoubled { taker: false, .. } => {
                "After a contre only the taker surcontres: this pass says nothing.".into()
            }
            Situation::Nothing if fr => "La convention ne lit rien dans cette annonce.".into(),
            Situation::Nothing => "The convention reads nothing in this call.".into(),
        };
        self.out(text)
    }

    /// "a count of 100 to 109 with ♥ as trumps, ♥ its best mode (a bold player opens it from
    /// 89, a cautious one up to 117)": an opening's bounds.
    fn count_range(self, bid: Bid, m: &Meaning) -> String {
        let level = bid.level.value();
        let trump = self.in_mode(bid.trump);
        let top = m.shows.iter().find_map(|s| match *s {
            Shown::CountAtMost { at_most, .. } => Some(at_most),
            _ => None,
        });
        let from = i32::from(level) - HIGH;
        let what = self.count_of(bid.trump, m.rules.set);
        match (self.lang, top) {
            (Lang::En, Some(top)) => format!(
                "a count of {level} to {top} {trump}, its best mode ({what}); a bold player opens it from {from}, a cautious one up to {}",
                i32::from(top) - LOW
            ),
            (Lang::Fr, Some(top)) => format!(
                "un compte de {level} à {top} {trump}, son meilleur jeu ({what}) ; un joueur audacieux l'ouvre dès {from}, un prudent jusqu'à {}",
                i32::from(top) - LOW
            ),
            (Lang::En, None) => format!(
                "a count of {level} or more {trump}, its best mode ({what}); a bold player opens it from {from}"
            ),
            (Lang::Fr, None) => format!(
                "un compte de {level} ou plus {trump}, son meilleur jeu ({what}) ; un joueur audacieux l'ouvre dès {from}"
            ),
        }
    }

    /// "with ♥ as trumps", "in sans atout": a mode as a count is made in it.
    fn in_mode(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(_), Lang::En) => format!("with {} as trumps", self.trump(trump)),
            (Trump::Suit(_), Lang::Fr) => format!("avec {} atout", self.trump(trump)),
            (_, Lang::En) => format!("in {}", self.trump_name(trump).to_lowercase()),
            (_, Lang::Fr) => format!("à {}", self.trump_name(trump).to_lowercase()),
        }
    }

    /// What a count counts in a mode, with the convention's own figures.
    fn count_of(self, trump: Trump, set: RuleSet) -> String {
        let fr = self.lang == Lang::Fr;
        let base = match trump {
            Trump::Suit(_) if fr => format!(
                "ses atouts, ses as et dix, ses coupes, et {PARTNER_ALLOWANCE} pour un partenaire moyen"
            ),
            Trump::Suit(_) => format!(
                "its trumps, aces and tens, its ruffs, and {PARTNER_ALLOWANCE} for an average partner"
            ),
            Trump::NoTrump => {
                let t = SANS_ATOUT;
                if fr {
                    format!(
                        "{} par as, {} par dix sous son as, les suites et la longueur, {} pour le partenaire",
                        t.top, t.second, t.partner
                    )
                } else {
                    format!(
                        "{} an ace, {} a ten under its ace, runs and length, {} for partner",
                        t.top, t.second, t.partner
                    )
                }
            }
            Trump::AllTrump => {
                let t = TOUT_ATOUT;
                if fr {
                    format!(
                        "{} par valet, {} par 9 sous son valet, les suites, la longueur, {} par belote, {} pour le partenaire",
                        t.top, t.second, t.belote, t.partner
                    )
                } else {
                    format!(
                        "{} a jack, {} a 9 under its jack, runs, length, {} a belote, {} for partner",
                        t.top, t.second, t.belote, t.partner
                    )
                }
            }
        };
        match (set.has_declarations(), fr) {
            (true, true) => format!("{base}, ses annonces comprises"),
            (true, false) => format!("{base}, its declarations included"),
            (false, _) => base,
        }
    }

    /// " In cards, 80 or 90 is about …": what an opening holds in a suit, as RULES.md says it.
    fn count_in_cards(self, trump: Trump) -> String {
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

    /// "2 sure tricks beyond the one partner counted on (among …)": what a raise shows.
    fn sure_tricks(self, partner: Bid, to: Bid, m: &Meaning) -> String {
        let extra = to.level.value().saturating_sub(partner.level.value()) / 10;
        let open = matches!(
            m.shows.iter().find(|s| matches!(s, Shown::Raise { .. })),
            Some(Shown::Raise { at_most: None, .. })
        );
        let which = self.trick_cards(partner.trump, m.rules.set);
        let fr = self.lang == Lang::Fr;
        let n = match (fr, open, extra) {
            (false, true, _) => format!("at least {extra} sure tricks"),
            (true, true, _) => format!("au moins {extra} levées sûres"),
            (false, false, 1) => "1 sure trick".to_string(),
            (true, false, 1) => "1 levée sûre".to_string(),
            (false, false, _) => format!("{extra} sure tricks"),
            (true, false, _) => format!("{extra} levées sûres"),
        };
        if fr {
            format!("{n} en plus de celle sur laquelle le partenaire comptait ({which})")
        } else {
            format!("{n} beyond the one partner counted on ({which})")
        }
    }

    /// "no sure trick beyond the one partner counted on", "at most 1 sure trick …".
    fn tricks_beyond(self, extra: u16) -> String {
        match (self.lang, extra) {
            (Lang::En, 0) => "no sure trick beyond the one partner counted on".into(),
            (Lang::Fr, 0) => {
                "aucune levée sûre en plus de celle sur laquelle le partenaire comptait".into()
            }
            (Lang::En, 1) => "at most 1 sure trick beyond the one partner counted on".into(),
            (Lang::Fr, 1) => {
                "au plus 1 levée sûre en plus de celle sur laquelle le partenaire comptait".into()
            }
            (Lang::En, n) => format!("at most {n} sure tricks beyond the one partner counted on"),
            (Lang::Fr, n) => format!(
                "au plus {n} levées sûres en plus de celle sur laquelle le partenaire comptait"
            ),
        }
    }

    /// The cards a raise counts as sure tricks in a mode.
    fn trick_cards(self, trump: Trump, set: RuleSet) -> String {
        let fr = self.lang == Lang::Fr;
        let base = match trump {
            Trump::Suit(suit) => {
                let c = |r| self.card(Card::new(suit, r));
                if fr {
                    format!(
                        "{}, {}, les as à côté, et {}-{} comptant deux",
                        c(Rank::Jack),
                        c(Rank::Nine),
                        c(Rank::King),
                        c(Rank::Queen)
                    )
                } else {
                    format!(
                        "{}, {}, side aces, and {}-{} counting two",
                        c(Rank::Jack),
                        c(Rank::Nine),
                        c(Rank::King),
                        c(Rank::Queen)
                    )
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

    /// "a count reaching 110 in ♠ on its own hand, ♠ its best mode (a bold player from 99), or
    /// partner's ♠ bid raised by its sure tricks": a bid over another one.
    fn reach(self, bid: Bid, m: &Meaning) -> String {
        let level = bid.level.value();
        let trump = self.in_mode(bid.trump);
        let from = i32::from(level) - HIGH;
        let partner = m.shows.iter().find_map(|s| match *s {
            Shown::Reach { partner, .. } => partner,
            _ => None,
        });
        let own = match self.lang {
            Lang::En => format!(
                "a count reaching {level} {trump}, its best mode (a bold player from {from})"
            ),
            Lang::Fr => format!(
                "un compte qui atteint {level} {trump}, son meilleur jeu (un joueur audacieux dès {from})"
            ),
        };
        match (self.lang, partner) {
            (Lang::En, Some(p)) => {
                format!("{own}, or partner's {} raised to {level} by its sure tricks", self.bid(p))
            }
            (Lang::Fr, Some(p)) => format!(
                "{own}, ou le {} du partenaire porté à {level} par ses levées sûres",
                self.bid(p)
            ),
            (_, None) => own,
        }
    }

    /// What a pass over the opponents denies by bound `s`, if it denies something.
    fn denied(self, s: &Shown, over: Bid, m: &Meaning) -> Option<String> {
        let fr = self.lang == Lang::Fr;
        Some(match *s {
            Shown::HoldBelow { at_most, .. } => {
                let bold = contre_need(BiddingStyle::Bold, m.rules);
                let trump = self.trump(over.trump);
                if fr {
                    format!(
                        "pas de contre, sa tenue à l'atout {trump} compte au plus {at_most} (une contre demande {bold} à un joueur audacieux)"
                    )
                } else {
                    format!(
                        "no contre, its hold on {trump} counts at most {at_most} (a bold player contres at {bold})"
                    )
                }
            }
            Shown::StopsCapot { trump, held: false } => {
                let stop = self.capot_stop(trump);
                if fr {
                    format!("pas de contre, donc pas de levée sûre contre le capot ({stop})")
                } else {
                    format!("no contre, so no sure trick against the capot ({stop})")
                }
            }
            Shown::NoBid { at_most, partner } => {
                let level = at_most + 1;
                let most = i32::from(at_most) - LOW;
                let own = if fr {
                    format!(
                        "pas d'enchère, aucun atout ne compte {level} (un joueur prudent passe jusqu'à {most})"
                    )
                } else {
                    format!(
                        "no bid, no trump counts {level} (a cautious player passes up to {most})"
                    )
                };
                match partner {
                    Some(p) if fr => {
                        format!("{own}, ni le {} du partenaire avec ses levées sûres", self.bid(p))
                    }
                    Some(p) => {
                        format!("{own}, nor does partner's {} with its sure tricks", self.bid(p))
                    }
                    None => own,
                }
            }
            _ => return None,
        })
    }

    /// "(three trumps count 2, …)": how the hold a contre shows is counted.
    fn hold_count(self, bid: Bid, adjust: i32, set: RuleSet) -> String {
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
        if set.has_declarations() {
            parts.push(if fr {
                "2 par 50 points d'annonces".into()
            } else {
                "2 for each 50 points declared".into()
            });
        }
        if adjust < 0 {
            parts.push(if fr {
                "1 de moins, le partenaire du preneur a soutenu".into()
            } else {
                "1 less, the taker's partner raised".into()
            });
        }
        if bid.level.value() >= 120 {
            parts.push(if fr { "1 de plus dès 120".into() } else { "1 more from 120".into() });
        }
        parts.join(if fr { " ; " } else { "; " })
    }

    /// "the jack and the 9 of ♥", "three of the four aces": the top a surcontre needs.
    fn top_of(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(suit), Lang::En) => format!(
                "both {} and {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::Suit(suit), Lang::Fr) => format!(
                "à la fois {} et {}",
                self.card(Card::new(suit, Rank::Jack)),
                self.card(Card::new(suit, Rank::Nine))
            ),
            (Trump::NoTrump, Lang::En) => "three of the four aces".into(),
            (Trump::NoTrump, Lang::Fr) => "trois des quatre as".into(),
            (Trump::AllTrump, Lang::En) => "three of the four jacks".into(),
            (Trump::AllTrump, Lang::Fr) => "trois des quatre valets".into(),
        }
    }

    /// "the jack of ♥", "a suit's top card with a guard": what stops a capot.
    fn capot_stop(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(suit), _) => self.the_card(Card::new(suit, Rank::Jack)),
            (_, Lang::En) => "the top card of a suit with a guard".into(),
            (_, Lang::Fr) => "la carte maîtresse d'une couleur, gardée".into(),
        }
    }

    /// How a hand takes every trick by itself in a mode.
    fn capot_hand(self, trump: Trump) -> String {
        match (trump, self.lang) {
            (Trump::Suit(_), Lang::En) => {
                "enough top trumps in a row to draw them all, and only masters on the side".into()
            }
            (Trump::Suit(_), Lang::Fr) => {
                "assez d'atouts maîtres à la suite pour les tirer tous, et rien que des maîtresses à côté".into()
            }
            (_, Lang::En) => "every card a master from the top of its suit, and no void".into(),
            (_, Lang::Fr) => "chaque carte maîtresse depuis le haut de sa couleur, et aucune chicane".into(),
        }
    }
}
