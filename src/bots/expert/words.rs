//! The expert's words: its reasons, its advice, its costs and the double-dummy result. Every
//! figure says its unit: points of the deal's score ("+90 points for us"), card points (the
//! cards taken in tricks), likely deals (the worlds, as a player reads them), and an average's
//! standard error in words ("give or take 45"), each defined in the help's words of the table.

use super::margins::{CONTRE_MARGIN, CONTRE_WORLDS, Shortfall, odds_needed, shortfall};
use crate::bots::expert::{Advice, Cost, DoubleDummy, Estimate, Reason};
use crate::game::Action;
use crate::rules::{Call, Seat};
use crate::text::{Lang, T, Words, rounded, signed, signed_figure};

impl Words {
    /// "in 7 of 10 likely deals": how many of the worlds weighed a fact holds in.
    fn in_likely_deals(self, worlds: u16, of: u16) -> String {
        // English counts the deals after the whole, "of 10"; French after the part, "1 sur".
        match self.lang {
            Lang::En => format!("in {worlds} of {}", self.likely_deals(of)),
            Lang::Fr => format!("dans {} sur {of}", self.likely_deals(worlds)),
        }
    }

    /// "4 likely deals", "1 donne probable".
    fn likely_deals(self, n: u16) -> String {
        match (self.lang, self.plural(n.into())) {
            (Lang::En, true) => format!("{n} likely deals"),
            (Lang::En, false) => format!("{n} likely deal"),
            (Lang::Fr, true) => format!("{n} donnes probables"),
            (Lang::Fr, false) => format!("{n} donne probable"),
        }
    }

    /// What a call scores more than the advised one, paired world by world, with its standard
    /// error: "140 ♦ scores +47 points more, give or take 21".
    fn scores_more(self, call: Call, diff: i16, se: Option<u16>) -> String {
        let (call, n) = (self.call(call), i64::from(diff));
        let s = if self.plural(n.unsigned_abs()) { "s" } else { "" };
        let said = match self.lang {
            Lang::En => format!("{call} scores {} point{s} more", signed(n)),
            Lang::Fr => format!("{call} marque {} point{s} de plus", signed(n)),
        };
        self.give_or_take(said, se.map(f64::from))
    }

    /// Why the expert chose what it chose, in a sentence: "pulls trumps: 3 still out". Each
    /// says what its kind states, no more: a reason is given only when it is true.
    pub fn reason(self, reason: Reason) -> String {
        let fixed = |t: T| self.t(t).to_string();
        self.out(match reason {
            Reason::OnlyCard => fixed(T::ReasonOnlyCard),
            Reason::OnlyCall => fixed(T::ReasonOnlyCall),
            Reason::OnlyFits => fixed(T::ReasonOnlyFits),
            Reason::AllAlike => fixed(T::ReasonAllAlike),
            Reason::Alike { points: 0 } => fixed(T::ReasonAlikeNoPoints),
            Reason::Alike { points } => self.alike_reason(points),
            Reason::PullTrumps { out } => self.pull_trumps_reason(out),
            Reason::CashMaster => fixed(T::ReasonCashMaster),
            Reason::GiveRuff => fixed(T::ReasonGiveRuff),
            Reason::LeadLow => fixed(T::ReasonLeadLow),
            Reason::Ruff => fixed(T::ReasonRuff),
            Reason::Overruff => fixed(T::ReasonOverruff),
            Reason::TakeTrick => fixed(T::ReasonTakeTrick),
            Reason::Placed { card, seat, share, of } => self.placed_reason(card, seat, share, of),
            Reason::TryTrick => fixed(T::ReasonTryTrick),
            Reason::LoadPartner { points } => self.load_partner_reason(points),
            Reason::GiveLeast => fixed(T::ReasonGiveLeast),
            Reason::Capot { worlds, of } => self.capot_reason(worlds, of),
            Reason::SureTrick { card } => self.sure_trick_reason(card),
            Reason::Bid { seen, seen_se, made, ours, of } => {
                self.bid_reason(seen, seen_se, made, ours, of)
            }
            Reason::Pass { mean, se, other, other_mean, other_se } => {
                self.pass_reason((mean, se), other, (other_mean, other_se))
            }
            Reason::Contre { need, seen, seen_se, worlds, of } => {
                self.contre_reason(need, (seen, seen_se), worlds, of)
            }
            Reason::Surcontre { worlds, of } => self.surcontre_reason(worlds, of),
            Reason::Close { best, diff, se } => self.close_reason(best, diff, se),
            Reason::Risky { best, diff, se, wins, of } => {
                self.risky_reason(reason, best, (diff, se), wins, of)
            }
            Reason::Figures { mean, se, worlds } => self.figures_reason(mean, se, worlds),
            Reason::Unweighed => fixed(T::ReasonUnweighed),
        })
    }

    /// "every card scores the same for us, to a point, and each has 10 card points".
    fn alike_reason(self, points: u8) -> String {
        match self.lang {
            Lang::En => format!(
                "every card scores the same for us, to a point, and each has {}",
                self.card_points(points.into())
            ),
            Lang::Fr => format!(
                "toutes les cartes marquent autant pour nous, à un point près, et chacune \
                 vaut {points} points"
            ),
        }
    }

    /// "pulls trumps: 3 still out".
    fn pull_trumps_reason(self, out: u8) -> String {
        match self.lang {
            Lang::En => format!("pulls trumps: {out} still out"),
            Lang::Fr => format!("tire les atouts : il en reste {out}"),
        }
    }

    /// "A♠, the one card above it, is with West in 80% of 10 likely deals".
    fn placed_reason(self, card: crate::rules::Card, seat: Seat, share: u8, of: u16) -> String {
        let (card, seat, deals) = (self.card(card), self.seat(seat), self.likely_deals(of));
        match self.lang {
            Lang::En => {
                format!("{card}, the one card above it, is with {seat} in {share}% of {deals}")
            }
            Lang::Fr => {
                format!("{card}, seule plus forte, est chez {seat} dans {share} % de {deals}")
            }
        }
    }

    /// "puts 10 card points on partner's trick, which nothing can take".
    fn load_partner_reason(self, points: u8) -> String {
        match self.lang {
            Lang::En => format!(
                "puts {} on partner's trick, which nothing can take",
                self.card_points(points.into())
            ),
            Lang::Fr => format!("charge de {points} points le pli du partenaire, imprenable"),
        }
    }

    /// "plays for every trick: we take them all in 9 of 10 likely deals".
    fn capot_reason(self, worlds: u16, of: u16) -> String {
        let within = self.in_likely_deals(worlds, of);
        match self.lang {
            Lang::En => format!("plays for every trick: we take them all {within}"),
            Lang::Fr => format!("joue tous les plis : nous les faisons tous {within}"),
        }
    }

    /// "A♠ takes a trick whatever happens: no capot".
    fn sure_trick_reason(self, card: crate::rules::Card) -> String {
        let card = self.card(card);
        match self.lang {
            Lang::En => format!("{card} takes a trick whatever happens: no capot"),
            Lang::Fr => format!("{card} fait un pli quoi qu'il arrive : pas de capot"),
        }
    }

    /// "the contract is ours in 9 of 10 likely deals, made in 8, with 95 card points on
    /// average, give or take 6".
    fn bid_reason(self, seen: u16, seen_se: Option<u16>, made: u16, ours: u16, of: u16) -> String {
        let within = self.in_likely_deals(ours, of);
        let seen = match self.lang {
            Lang::En => format!("{} on average", self.card_points(seen)),
            Lang::Fr => format!("{} en moyenne", self.card_points(seen)),
        };
        let seen = self.give_or_take(seen, seen_se.map(f64::from));
        match self.lang {
            Lang::En => format!("the contract is ours {within}, made in {made}, with {seen}"),
            Lang::Fr => format!("le contrat est à nous {within}, réussi dans {made}, avec {seen}"),
        }
    }

    /// "+12 points for us on average, the most of the calls weighed; next, 80 ♥ with -4".
    fn pass_reason(
        self,
        (mean, se): (i16, Option<u16>),
        other: Call,
        (other_mean, other_se): (i16, Option<u16>),
    ) -> String {
        let mean = match self.lang {
            Lang::En => format!("{} on average", self.points_for_us(mean.into())),
            Lang::Fr => format!("{} en moyenne", self.points_for_us(mean.into())),
        };
        let mean = self.give_or_take(mean, se.map(f64::from));
        let other_mean = self.give_or_take(signed(other_mean.into()), other_se.map(f64::from));
        let other = self.call(other);
        match self.lang {
            Lang::En => {
                format!("{mean}, the most of the calls weighed; next, {other} with {other_mean}")
            }
            Lang::Fr => {
                format!("{mean}, le plus des annonces pesées ; puis {other} avec {other_mean}")
            }
        }
    }

    /// "they need 82 and make 60 card points on average: they fail in 9 of 10 likely deals".
    fn contre_reason(
        self,
        need: u16,
        (seen, se): (u16, Option<u16>),
        worlds: u16,
        of: u16,
    ) -> String {
        let within = self.in_likely_deals(worlds, of);
        let seen = match self.lang {
            Lang::En => format!("{} on average", self.card_points(seen)),
            Lang::Fr => format!("{} en moyenne", self.card_points(seen)),
        };
        let seen = self.give_or_take(seen, se.map(f64::from));
        match self.lang {
            Lang::En => format!("they need {need} and make {seen}: they fail {within}"),
            Lang::Fr => format!("il leur faut {need} et ils font {seen} : chute {within}"),
        }
    }

    /// "the contract is made in 9 of 10 likely deals".
    fn surcontre_reason(self, worlds: u16, of: u16) -> String {
        let within = self.in_likely_deals(worlds, of);
        match self.lang {
            Lang::En => format!("the contract is made {within}"),
            Lang::Fr => format!("le contrat est réussi {within}"),
        }
    }

    /// "Contre scores +7 points more, give or take 9: not clearly better, so this call stands".
    fn close_reason(self, best: Call, diff: i16, se: Option<u16>) -> String {
        let more = self.scores_more(best, diff, se);
        match self.lang {
            Lang::En => format!("{more}: not clearly better, so this call stands"),
            Lang::Fr => format!("{more} : pas nettement mieux, cette annonce reste donc"),
        }
    }

    /// A contre or surcontre that scores more but falls short of what it needs: too few likely
    /// deals weighed, odds too low, or too small a margin.
    fn risky_reason(
        self,
        reason: Reason,
        best: Call,
        (diff, se): (i16, Option<u16>),
        wins: u8,
        of: u16,
    ) -> String {
        let more = self.scores_more(best, diff, se);
        // "a contre", "un surcontre": both masculine in French.
        let doubled = self.call(best).to_lowercase();
        let (worlds, odds, margin) = (CONTRE_WORLDS, odds_needed(reason), CONTRE_MARGIN);
        let surcontre = best == Call::Surcontre;
        match (self.lang, shortfall(reason)) {
            (Lang::En, Some(Shortfall::Worlds)) => format!(
                "{more}, but was weighed in only {}: a {doubled} needs {worlds}",
                self.likely_deals(of)
            ),
            (Lang::Fr, Some(Shortfall::Worlds)) => format!(
                "{more}, mais n'a été pesé que sur {} : un {doubled} en veut {worlds}",
                self.likely_deals(of)
            ),
            (Lang::En, Some(Shortfall::Odds)) => {
                let how = if surcontre { "is made" } else { "fails" };
                format!(
                    "{more}, but the contract {how} in only {wins}% of likely \
                     deals: a {doubled} needs {odds}%"
                )
            }
            (Lang::Fr, Some(Shortfall::Odds)) => {
                let how = if surcontre { "n'est réussi" } else { "ne chute" };
                format!(
                    "{more}, mais le contrat {how} que dans {wins} % des donnes \
                     probables : un {doubled} en veut {odds} %"
                )
            }
            (Lang::En, _) => format!("{more}, but a {doubled} needs {margin} more"),
            (Lang::Fr, _) => format!("{more}, mais un {doubled} en veut {margin} de plus"),
        }
    }

    /// "+12 points for us on average over 10 likely deals, give or take 5".
    fn figures_reason(self, mean: i16, se: Option<u16>, worlds: u16) -> String {
        let (mean, deals) = (self.points_for_us(mean.into()), self.likely_deals(worlds));
        let said = match self.lang {
            Lang::En => format!("{mean} on average over {deals}"),
            Lang::Fr => format!("{mean} en moyenne sur {deals}"),
        };
        self.give_or_take(said, se.map(f64::from))
    }

    /// The expert's advice: the action, then why ("Hint: J♠ — pulls trumps: 3 still out").
    pub fn advice(self, advice: &Advice) -> String {
        self.out({
            format!(
                "{}{}{} — {}",
                self.t(T::Hint),
                self.colon(),
                self.action(advice.action),
                self.reason(advice.reason)
            )
        })
    }

    /// The deal with every hand seen, from `seat`'s side: what the takers make with perfect
    /// play, against what they made in the play, and the score it writes. Where the contract
    /// counts more than their card points (their belote, in coinche their declarations), the
    /// totals it measures, the card points beside them.
    pub fn double_dummy(self, dd: &DoubleDummy, seat: Seat) -> String {
        self.out({
            let verdict = self.t(if dd.made { T::Made } else { T::Failed });
            let (us, them) = (dd.score[seat.team()], dd.score[seat.team().other()]);
            let us = self.points(us.into());
            let cards = self.card_points(dd.takers_points);
            let counted =
                dd.takers_total != dd.takers_points || dd.played_total != dd.played_points;
            let (total, played) = (dd.takers_total, dd.played_total);
            match (self.lang, counted) {
                (Lang::En, false) => format!(
                    "Every hand seen, perfect play: the takers make {cards}, against {played} in \
                     the play; {verdict}: us {us}, them {them}"
                ),
                (Lang::En, true) => format!(
                    "Every hand seen, perfect play: the takers make {total} toward their contract \
                     ({cards}), against {played} in the play; {verdict}: us {us}, them {them}"
                ),
                (Lang::Fr, false) => format!(
                    "Toutes les mains vues, jeu parfait\u{a0}: les preneurs font {cards}, contre \
                     {played} dans le jeu\u{a0}; {verdict}\u{a0}: nous {us}, eux {them}"
                ),
                (Lang::Fr, true) => format!(
                    "Toutes les mains vues, jeu parfait\u{a0}: les preneurs font {total} pour \
                     leur contrat ({cards}), contre {played} dans le jeu\u{a0}; \
                     {verdict}\u{a0}: nous {us}, eux {them}"
                ),
            }
        })
    }

    /// What a choice other than the expert's costs, in points of the deal's score: a clear
    /// mistake's cost on average with its standard error, or nothing for a choice the worlds
    /// cannot tell from the expert's.
    pub fn cost(self, cost: Cost) -> String {
        self.out({
            let lost = self.give_or_take(self.points(rounded(cost.mean)), Some(cost.se));
            match (self.lang, cost.is_mistake()) {
                (Lang::En, true) => format!("costs {lost}"),
                (Lang::Fr, true) => format!("coûte {lost}"),
                (Lang::En, false) => "as good as the expert's".into(),
                (Lang::Fr, false) => "aussi bon que celui de l'expert".into(),
            }
        })
    }

    /// What a choice changed on the real deal, every hand known ([`Review::on_the_deal`]:
    /// the expert's choice less the one played), exact and so without its error: "On this
    /// deal, every hand seen: −160 points for us", or "No effect on this deal".
    ///
    /// [`Review::on_the_deal`]: super::Review::on_the_deal
    pub fn on_the_deal(self, diff: i32) -> String {
        self.out({
            let changed = self.points_for_us(-i64::from(diff));
            match (self.lang, diff) {
                (Lang::En, 0) => "No effect on this deal".into(),
                (Lang::Fr, 0) => "Sans effet sur cette donne".into(),
                (Lang::En, _) => format!("On this deal, every hand seen: {changed}"),
                (Lang::Fr, _) => format!("Sur cette donne, toutes les mains vues : {changed}"),
            }
        })
    }

    /// What a choice scores against the expert's, said apart from the options' worths: "costs
    /// 47 points against the expert's, give or take 20", "scores 12 points more than the
    /// expert's, give or take 20", "scores as much as the expert's, give or take 4"; "the
    /// expert's choice" when it is (`own`); "not weighed" when it could not be (`None`).
    pub fn against_expert(self, cost: Option<Cost>, own: bool) -> String {
        self.out({
            let Some(cost) = cost.filter(|_| !own) else {
                return self.out(match (self.lang, own) {
                    (Lang::En, true) => "the expert's choice".into(),
                    (Lang::Fr, true) => "le choix de l'expert".into(),
                    (Lang::En, false) => "not weighed".into(),
                    (Lang::Fr, false) => "pas pesé".into(),
                });
            };
            let n = rounded(cost.mean);
            let said = match (self.lang, n.signum()) {
                (Lang::En, 1) => format!("costs {} against the expert's", self.points(n)),
                (Lang::Fr, 1) => format!("coûte {} face au choix de l'expert", self.points(n)),
                (Lang::En, -1) => format!("scores {} more than the expert's", self.points(-n)),
                (Lang::Fr, -1) => {
                    format!("rapporte {} de plus que le choix de l'expert", self.points(-n))
                }
                (Lang::En, _) => "scores as much as the expert's".into(),
                (Lang::Fr, _) => "rapporte autant que le choix de l'expert".into(),
            };
            self.give_or_take(said, Some(cost.se))
        })
    }

    /// The player's choice on a line of its own, with what it scores against the expert's:
    /// "Your call: 130 ♦, costs 47 points against the expert's, give or take 20".
    pub fn your_choice(self, action: Action, cost: Option<Cost>, own: bool) -> String {
        self.out({
            let label = match (self.lang, action) {
                (Lang::En, Action::Bid(_)) => "Your call",
                (Lang::Fr, Action::Bid(_)) => "Votre annonce",
                (Lang::En, Action::Play(_)) => "Your card",
                (Lang::Fr, Action::Play(_)) => "Votre carte",
            };
            let against = self.against_expert(cost, own);
            format!("{label}{}{}, {against}", self.colon(), self.action(action))
        })
    }

    /// The options weighed, as given (best mean first), each with its mean in points for us
    /// and its standard error, in the short form of a list: "Weighed, in points for us: 140 ♦
    /// +146 ± 128, Pass +122 ± 126".
    pub fn weighed(self, options: &[Estimate]) -> String {
        self.out({
            let each: Vec<String> = options
                .iter()
                .map(|e| {
                    let se = e.se.is_finite().then_some(e.se);
                    format!("{} {}", self.action(e.action), signed_figure(e.mean, se))
                })
                .collect();
            let label = match self.lang {
                Lang::En => "Weighed, in points for us",
                Lang::Fr => "Pesés, en points pour nous",
            };
            format!("{label}{}{}", self.colon(), each.join(", "))
        })
    }

    /// The analysis summed up: how many of South's decisions were the expert's, and what its
    /// clear mistakes cost in all.
    pub fn analysis_total(self, agreed: usize, of: usize, cost: f64, se: f64) -> String {
        self.out({
            let cost = self.mistakes_cost(cost, se);
            match self.lang {
                Lang::En => {
                    format!(
                        "{agreed} of your {of} choices are the expert's; clear mistakes: {cost}"
                    )
                }
                Lang::Fr => {
                    format!(
                        "{agreed} de vos {of} choix sont ceux de l'expert ; erreurs nettes : {cost}"
                    )
                }
            }
        })
    }
}

/// The words of who holds what, which the table's view and the line mode both say.
impl Words {
    /// A whole number with its thousands grouped as the language writes them: "1,840",
    /// "1 840" (a narrow no-break space in French, a plain one in ASCII).
    pub fn grouped(self, n: u32) -> String {
        let sep = match (self.lang, self.ascii) {
            (Lang::En, _) => ",",
            (Lang::Fr, false) => "\u{202f}",
            (Lang::Fr, true) => " ",
        };
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + 4);
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(d);
        }
        out
    }

    /// A seat's likely trump length, given in tenths: "about 2.4 trumps", "environ 2,4 atouts".
    pub fn about_trumps(self, tenths: u16) -> String {
        let (whole, tenth) = (tenths / 10, tenths % 10);
        match self.lang {
            Lang::En => format!("about {whole}.{tenth} trumps"),
            // French counts below two in the singular.
            Lang::Fr if tenths < 20 => format!("environ {whole},{tenth} atout"),
            Lang::Fr => format!("environ {whole},{tenth} atouts"),
        }
    }

    /// What the odds of who holds what rest on: "over 1,840 likely deals, worth 1,000 of equal
    /// weight" (their effective number); every deal the facts allow, when they were all
    /// weighed.
    pub fn holds_worlds(self, worlds: u32, effective: u32, exhaustive: bool) -> String {
        let (n, e) = (self.grouped(worlds), self.grouped(effective));
        self.out(match (self.lang, exhaustive) {
            (Lang::En, false) => format!("over {n} likely deals, worth {e} of equal weight"),
            (Lang::En, true) => {
                format!("over all {n} possible deals, worth {e} of equal weight")
            }
            (Lang::Fr, false) => {
                format!("sur {n} donnes probables, qui en valent {e} de même poids")
            }
            (Lang::Fr, true) => {
                format!("sur les {n} donnes possibles, qui en valent {e} de même poids")
            }
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::*;
    use crate::text::*;

    /// One of each reason, with figures that are all different.
    pub(crate) fn every_reason() -> Vec<Reason> {
        let all = vec![
            Reason::OnlyCard,
            Reason::OnlyCall,
            Reason::OnlyFits,
            Reason::AllAlike,
            Reason::Alike { points: 0 },
            Reason::Alike { points: 4 },
            Reason::PullTrumps { out: 8 },
            Reason::CashMaster,
            Reason::GiveRuff,
            Reason::LeadLow,
            Reason::Ruff,
            Reason::Overruff,
            Reason::TakeTrick,
            Reason::Placed {
                card: Card::new(Suit::Hearts, Rank::Ace),
                seat: Seat::West,
                share: 84,
                of: 32,
            },
            Reason::Placed {
                card: Card::new(Suit::Clubs, Rank::Ten),
                seat: Seat::North,
                share: 100,
                of: 1,
            },
            Reason::TryTrick,
            Reason::LoadPartner { points: 11 },
            Reason::GiveLeast,
            Reason::Capot { worlds: 63, of: 64 },
            Reason::Bid { seen: 152, seen_se: Some(12), made: 59, ours: 61, of: 62 },
            Reason::Bid { seen: 98, seen_se: None, made: 1, ours: 1, of: 1 },
            Reason::Pass {
                mean: -1234,
                se: Some(45),
                other: Call::Bid(Bid::new(BidLevel::Capot, Suit::Hearts)),
                other_mean: -1567,
                other_se: Some(89),
            },
            Reason::Contre { need: 160, seen: 120, seen_se: Some(14), worlds: 59, of: 60 },
            Reason::Surcontre { worlds: 57, of: 58 },
            Reason::Close {
                best: Call::Bid(Bid::new(BidLevel::Points(140), Suit::Diamonds)),
                diff: 47,
                se: Some(21),
            },
            Reason::Close { best: Call::Surcontre, diff: -3, se: None },
            Reason::Risky { best: Call::Surcontre, diff: 345, se: Some(99), wins: 100, of: 7 },
            Reason::Risky { best: Call::Contre, diff: 346, se: Some(98), wins: 69, of: 64 },
            Reason::Risky { best: Call::Surcontre, diff: 24, se: Some(9), wins: 88, of: 63 },
            Reason::SureTrick { card: Card::new(Suit::Diamonds, Rank::Jack) },
            Reason::Figures { mean: -1345, se: Some(321), worlds: 56 },
            Reason::Figures { mean: 12, se: None, worlds: 1 },
            Reason::Unweighed,
        ];
        // A reason added to the expert and not to this list fails to compile here.
        for r in &all {
            match r {
                Reason::OnlyCard
                | Reason::OnlyCall
                | Reason::OnlyFits
                | Reason::AllAlike
                | Reason::Alike { .. }
                | Reason::PullTrumps { .. }
                | Reason::CashMaster
                | Reason::GiveRuff
                | Reason::LeadLow
                | Reason::Ruff
                | Reason::Overruff
                | Reason::TakeTrick
                | Reason::Placed { .. }
                | Reason::TryTrick
                | Reason::LoadPartner { .. }
                | Reason::GiveLeast
                | Reason::Capot { .. }
                | Reason::Bid { .. }
                | Reason::Pass { .. }
                | Reason::Contre { .. }
                | Reason::Surcontre { .. }
                | Reason::SureTrick { .. }
                | Reason::Close { .. }
                | Reason::Risky { .. }
                | Reason::Figures { .. }
                | Reason::Unweighed => {}
            }
        }
        all
    }

    #[test]
    fn a_pass_says_its_figures_with_their_errors_and_reads_an_exercise_filed_without_them() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let other = Call::Bid(Bid::new(BidLevel::Points(100), Suit::Hearts));
        let pass =
            Reason::Pass { mean: 47, se: Some(12), other, other_mean: -188, other_se: Some(31) };
        assert_eq!(
            en.reason(pass),
            "+47 points for us on average, give or take 12, the most of the calls weighed; next, \
             100 ♥ with −188, give or take 31"
        );
        let mut kept = serde_json::to_value(pass).expect("JSON");
        kept.as_object_mut().map(|o| (o.remove("se"), o.remove("other_se")));
        let read: Reason = serde_json::from_value(kept).expect("read without the errors");
        assert_eq!(
            read,
            Reason::Pass { mean: 47, se: None, other, other_mean: -188, other_se: None }
        );
    }

    /// The figures a reason carries, as its line writes them.
    fn figures(r: Reason) -> Vec<String> {
        let n = |v: &[u16]| v.iter().map(|x| x.to_string()).collect();
        match r {
            Reason::PullTrumps { out } => n(&[out.into()]),
            Reason::LoadPartner { points } => n(&[points.into()]),
            Reason::Placed { share, of, .. } => n(&[share.into(), of]),
            Reason::Capot { worlds, of } | Reason::Surcontre { worlds, of } => n(&[worlds, of]),
            Reason::Bid { seen, seen_se, made, ours, of } => {
                n(&[&[seen, made, ours, of][..], &Vec::from_iter(seen_se)].concat())
            }
            Reason::Contre { need, seen, seen_se, worlds, of } => {
                n(&[&[need, seen, worlds, of][..], &Vec::from_iter(seen_se)].concat())
            }
            Reason::Pass { mean, other_mean, .. } => {
                vec![signed(mean.into()), signed(other_mean.into())]
            }
            Reason::Figures { mean, se, worlds } => {
                let mut f = vec![signed(mean.into()), worlds.to_string()];
                f.extend(se.map(|se| se.to_string()));
                f
            }
            Reason::Close { diff, se, .. } => {
                let mut f = vec![signed(diff.into())];
                f.extend(se.map(|se| se.to_string()));
                f
            }
            Reason::Risky { diff, se, wins, of, .. } => {
                let mut f = vec![signed(diff.into())];
                f.extend(se.map(|se| se.to_string()));
                // Each names what its doubled call lacks, with the figure that shows it.
                match super::shortfall(r) {
                    Some(Shortfall::Worlds) => f.push(format!("{of} ")),
                    Some(Shortfall::Odds) => f.push(format!("{wins}")),
                    _ => f.push(format!("{CONTRE_MARGIN}")),
                }
                f
            }
            _ => Vec::new(),
        }
    }

    #[test]
    fn every_reason_is_worded_in_both_languages_with_its_figures() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        for w in [en, fr] {
            let said: Vec<String> = every_reason().into_iter().map(|r| w.reason(r)).collect();
            for (r, text) in every_reason().into_iter().zip(&said) {
                assert!(!text.is_empty(), "{r:?}");
                for f in figures(r) {
                    assert!(text.contains(&f), "{r:?}: {text}");
                }
                assert_eq!(said.iter().filter(|t| *t == text).count(), 1, "{text} twice");
                // No private measure: the worlds are likely deals to a player.
                assert!(!text.contains("world") && !text.contains("monde"), "{text}");
                // With the widest action it goes with and the widest figures, the hint fits the
                // two rows the table has for it under the hand, after its margin (at 80x24, the
                // second is the footer's, lent while the hint is shown).
                use crate::game::Action;
                let action = match r {
                    Reason::Contre { .. } | Reason::SureTrick { .. } => Action::Bid(Call::Contre),
                    Reason::Surcontre { .. } => Action::Bid(Call::Surcontre),
                    Reason::Pass { .. } | Reason::OnlyCall | Reason::OnlyFits => {
                        Action::Bid(Call::Pass)
                    }
                    Reason::Bid { .. } | Reason::Close { .. } | Reason::Risky { .. } => {
                        Action::Bid(Call::Bid(Bid {
                            level: BidLevel::Capot,
                            trump: Trump::AllTrump,
                        }))
                    }
                    _ => Action::Play(Card::new(Suit::Spades, Rank::Ten)),
                };
                let line = w.advice(&Advice::bare(action, r));
                assert!(wrapped(&line, 79).len() <= 2, "{line}");
            }
        }
        for r in every_reason() {
            assert_ne!(en.reason(r), fr.reason(r), "{r:?} is translated");
        }
        assert_eq!(en.reason(Reason::PullTrumps { out: 3 }), "pulls trumps: 3 still out");
        assert_eq!(fr.reason(Reason::PullTrumps { out: 3 }), "tire les atouts : il en reste 3");
        assert_eq!(
            en.reason(Reason::Contre { need: 90, seen: 70, seen_se: Some(6), worlds: 8, of: 10 }),
            "they need 90 and make 70 card points on average, give or take 6: they fail in 8 of \
             10 likely deals"
        );
        assert_eq!(
            fr.reason(Reason::Contre { need: 90, seen: 70, seen_se: None, worlds: 1, of: 10 }),
            "il leur faut 90 et ils font 70 points de plis en moyenne : chute dans 1 donne \
             probable sur 10"
        );
        assert_eq!(
            en.reason(Reason::Figures { mean: 90, se: Some(45), worlds: 32 }),
            "+90 points for us on average over 32 likely deals, give or take 45"
        );
        assert_eq!(
            fr.reason(Reason::Figures { mean: -4, se: None, worlds: 1 }),
            "−4 points pour nous en moyenne sur 1 donne probable"
        );
        assert_eq!(
            en.reason(Reason::Bid { seen: 99, seen_se: Some(7), made: 8, ours: 11, of: 17 }),
            "the contract is ours in 11 of 17 likely deals, made in 8, with 99 card points on \
             average, give or take 7"
        );
        // Every card alike says the score it gives, not the cards' points, which differ.
        assert_eq!(
            en.reason(Reason::AllAlike),
            "every card scores the same for us, to a point; this one has the fewest card points"
        );
        // A call kept beside a better-looking one names it, with the paired difference, and
        // says why it stands.
        let close = Reason::Close {
            best: Call::Bid(Bid::new(BidLevel::Points(140), Suit::Diamonds)),
            diff: 47,
            se: Some(20),
        };
        assert_eq!(
            en.reason(close),
            "140 ♦ scores +47 points more, give or take 20: not clearly better, so this call stands"
        );
        assert_eq!(
            fr.reason(close),
            "140 ♦ marque +47 points de plus, à 20 près : pas nettement mieux, cette annonce \
             reste donc"
        );
        let risky = |best, wins, of, diff| Reason::Risky { best, diff, se: Some(0), wins, of };
        assert_eq!(
            en.reason(risky(Call::Contre, 100, 6, 310)),
            "Contre scores +310 points more, give or take 0, but was weighed in only 6 likely \
             deals: a contre needs 8"
        );
        assert_eq!(
            en.reason(risky(Call::Contre, 66, 12, 85)),
            "Contre scores +85 points more, give or take 0, but the contract fails in only 66% \
             of likely deals: a contre needs 70%"
        );
        assert_eq!(
            fr.reason(risky(Call::Surcontre, 66, 12, 85)),
            "Surcontre marque +85 points de plus, à 0 près, mais le contrat n'est réussi que \
             dans 66 % des donnes probables : un surcontre en veut 70 %"
        );
        assert_eq!(
            fr.reason(risky(Call::Contre, 90, 12, 18)),
            "Contre marque +18 points de plus, à 0 près, mais un contre en veut 25 de plus"
        );
        let advice = Advice::bare(
            crate::game::Action::Play(Card::new(Suit::Spades, Rank::Jack)),
            Reason::PullTrumps { out: 3 },
        );
        assert_eq!(en.advice(&advice), "Hint: J♠ — pulls trumps: 3 still out");
        assert_eq!(fr.advice(&advice), "Conseil : V♠ — tire les atouts : il en reste 3");
    }

    #[test]
    fn the_analysis_is_summed_up_in_both_languages() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let cost = |mean, se| Cost { mean, se, worlds: 32 };
        assert_eq!(en.cost(cost(11.6, 3.2)), "costs 12 points, give or take 3");
        assert_eq!(fr.cost(cost(11.6, 3.2)), "coûte 12 points, à 3 près");
        // Within two standard errors, or under five points, a choice is not a mistake.
        assert_eq!(en.cost(cost(11.6, 6.0)), "as good as the expert's");
        assert_eq!(en.cost(cost(4.0, 0.5)), "as good as the expert's");
        assert_eq!(fr.cost(cost(0.0, 1.0)), "aussi bon que celui de l'expert");
        assert_eq!(
            en.analysis_total(6, 9, 23.4, 7.2),
            "6 of your 9 choices are the expert's; clear mistakes: 23 points, give or take 7"
        );
        assert!(fr.analysis_total(6, 9, 23.4, 7.2).contains("6 de vos 9"));
        // A choice against the expert's, on a line of its own, whichever way it goes.
        let call =
            crate::game::Action::Bid(Call::Bid(Bid::new(BidLevel::Points(130), Suit::Diamonds)));
        assert_eq!(
            en.your_choice(call, Some(cost(47.0, 20.0)), false),
            "Your call: 130 ♦, costs 47 points against the expert's, give or take 20"
        );
        assert_eq!(
            fr.your_choice(call, Some(cost(47.0, 20.0)), false),
            "Votre annonce : 130 ♦, coûte 47 points face au choix de l'expert, à 20 près"
        );
        let card = crate::game::Action::Play(Card::new(Suit::Spades, Rank::Seven));
        assert_eq!(
            en.your_choice(card, Some(cost(-12.4, 20.0)), false),
            "Your card: 7♠, scores 12 points more than the expert's, give or take 20"
        );
        assert_eq!(
            fr.your_choice(card, Some(cost(-12.4, 20.0)), false),
            "Votre carte : 7♠, rapporte 12 points de plus que le choix de l'expert, à 20 près"
        );
        assert_eq!(
            en.against_expert(Some(cost(0.3, 4.0)), false),
            "scores as much as the expert's, give or take 4"
        );
        assert_eq!(fr.against_expert(None, false), "pas pesé");
        assert_eq!(
            en.your_choice(card, Some(Cost::none(32)), true),
            "Your card: 7♠, the expert's choice"
        );
        // The options, best first as the advice gives them.
        let estimate = |action, mean, se| crate::bots::expert::Estimate {
            action,
            mean,
            se,
            worlds: 32,
            made: None,
        };
        let pass = crate::game::Action::Bid(Call::Pass);
        let options = [estimate(pass, 122.0, 126.0), estimate(call, 99.0, f64::INFINITY)];
        assert_eq!(en.weighed(&options), "Weighed, in points for us: Pass +122 ± 126, 130 ♦ +99");
        assert_eq!(
            fr.weighed(&options),
            "Pesés, en points pour nous : Passe +122 ± 126, 130 ♦ +99"
        );
        let dd = DoubleDummy {
            contract: Contract {
                taker: Seat::South,
                bid: Bid { level: BidLevel::Points(80), trump: Trump::Suit(Suit::Spades) },
                multiplier: Multiplier::Simple,
            },
            takers_points: 85,
            takers_total: 85,
            made: true,
            score: crate::rules::ByTeam([170, 100]),
            played_points: 107,
            played_total: 107,
        };
        for w in [en, fr] {
            let text = w.double_dummy(&dd, Seat::South);
            for f in ["85", "107", "170", "100"] {
                assert!(text.contains(f), "{text}");
            }
        }
        // The takers' card points apart from the score's points, from the seat's side.
        assert_eq!(
            en.double_dummy(&dd, Seat::East),
            "Every hand seen, perfect play: the takers make 85 card points, against 107 in the \
             play; made: us 100 points, them 170"
        );
        // With their belote, the totals the contract measures, the card points beside them.
        let dd = DoubleDummy { takers_total: 105, played_total: 127, ..dd };
        assert_eq!(
            en.double_dummy(&dd, Seat::East),
            "Every hand seen, perfect play: the takers make 105 toward their contract (85 card \
             points), against 127 in the play; made: us 100 points, them 170"
        );
        assert_eq!(
            fr.double_dummy(&dd, Seat::East),
            "Toutes les mains vues, jeu parfait\u{a0}: les preneurs font 105 pour leur contrat \
             (85 points de plis), contre 127 dans le jeu\u{a0}; réussi\u{a0}: nous 100 points, \
             eux 170"
        );
    }
}
