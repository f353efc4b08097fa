//! The words of the rules: cards, suits, seats, teams, calls, contracts, declarations, scores
//! written as their sums, and the rules' own pages.

use crate::rules::{
    Bid, BidLevel, Call, Combination, Contract, Declaration, Multiplier, Rank, RuleSet, Rules,
    Seat, Suit, Team, Trump,
};
use crate::text::{Lang, SuitStyle, T, Words, ascii};

impl Words {
    /// A suit: a glyph, or a letter of the language (P C K T in French, as in bridge notation);
    /// always a letter in ASCII; its name, spoken.
    pub const fn suit(self, suit: Suit) -> &'static str {
        if self.spoken {
            return self.suit_name(suit);
        }
        let style = if self.ascii { SuitStyle::Letters } else { self.suits };
        match (style, self.lang, suit) {
            (SuitStyle::Glyphs, _, Suit::Spades) => "♠",
            (SuitStyle::Glyphs, _, Suit::Hearts) => "♥",
            (SuitStyle::Glyphs, _, Suit::Diamonds) => "♦",
            (SuitStyle::Glyphs, _, Suit::Clubs) => "♣",
            (SuitStyle::Letters, Lang::En, Suit::Spades) => "S",
            (SuitStyle::Letters, Lang::En, Suit::Hearts) => "H",
            (SuitStyle::Letters, Lang::En, Suit::Diamonds) => "D",
            (SuitStyle::Letters, Lang::En, Suit::Clubs) => "C",
            (SuitStyle::Letters, Lang::Fr, Suit::Spades) => "P",
            (SuitStyle::Letters, Lang::Fr, Suit::Hearts) => "C",
            (SuitStyle::Letters, Lang::Fr, Suit::Diamonds) => "K",
            (SuitStyle::Letters, Lang::Fr, Suit::Clubs) => "T",
        }
    }

    /// A rank: 7 8 9 10 J Q K A, or 7 8 9 10 V D R A in French.
    pub const fn rank(self, rank: Rank) -> &'static str {
        match (self.lang, rank) {
            (_, Rank::Seven) => "7",
            (_, Rank::Eight) => "8",
            (_, Rank::Nine) => "9",
            (_, Rank::Ten) => "10",
            (Lang::En, Rank::Jack) => "J",
            (Lang::En, Rank::Queen) => "Q",
            (Lang::En, Rank::King) => "K",
            (Lang::Fr, Rank::Jack) => "V",
            (Lang::Fr, Rank::Queen) => "D",
            (Lang::Fr, Rank::King) => "R",
            (_, Rank::Ace) => "A",
        }
    }

    /// Cards, one of which may be chosen: "7♠ or K♠", "7♠, 9♠ ou R♠".
    pub fn cards_or(self, cards: crate::rules::CardSet) -> String {
        let mut each: Vec<String> = cards.iter().map(|c| self.card(c)).collect();
        let Some(last) = each.pop() else { return String::new() };
        if each.is_empty() {
            return last;
        }
        let or = match self.lang {
            Lang::En => "or",
            Lang::Fr => "ou",
        };
        format!("{} {or} {last}", each.join(", "))
    }

    /// A card, rank then suit: "10♥", "V♠"; spoken, "ten of hearts", "valet de pique".
    pub fn card(self, card: crate::rules::Card) -> String {
        if self.spoken {
            let of = match self.lang {
                Lang::En => "of",
                Lang::Fr => "de",
            };
            return format!("{} {of} {}", self.rank_name(card.rank()), self.suit_name(card.suit()));
        }
        format!("{}{}", self.rank(card.rank()), self.suit(card.suit()))
    }

    /// A card with its article, as a sentence names it: "the jack of spades", "la dame de cœur",
    /// "l'as de pique".
    pub fn the_card(self, card: crate::rules::Card) -> String {
        let article = match (self.lang, card.rank()) {
            (Lang::En, _) => "the ",
            (Lang::Fr, Rank::Ace) => "l'",
            (Lang::Fr, Rank::Queen) => "la ",
            (Lang::Fr, _) => "le ",
        };
        format!("{article}{}", self.card(card))
    }

    /// "au roi de cœur", "à la dame de pique", "à l'as de trèfle": the top card of a French
    /// sequence.
    fn to_the_card(self, card: crate::rules::Card) -> String {
        let to = match card.rank() {
            Rank::Ace => "à l'",
            Rank::Queen => "à la ",
            _ => "au ",
        };
        format!("{to}{}", self.card(card))
    }

    /// A rank's name: "jack", "valet".
    pub const fn rank_name(self, rank: Rank) -> &'static str {
        match (self.lang, rank) {
            (Lang::En, Rank::Seven) => "seven",
            (Lang::En, Rank::Eight) => "eight",
            (Lang::En, Rank::Nine) => "nine",
            (Lang::En, Rank::Ten) => "ten",
            (Lang::En, Rank::Jack) => "jack",
            (Lang::En, Rank::Queen) => "queen",
            (Lang::En, Rank::King) => "king",
            (Lang::En, Rank::Ace) => "ace",
            (Lang::Fr, Rank::Seven) => "sept",
            (Lang::Fr, Rank::Eight) => "huit",
            (Lang::Fr, Rank::Nine) => "neuf",
            (Lang::Fr, Rank::Ten) => "dix",
            (Lang::Fr, Rank::Jack) => "valet",
            (Lang::Fr, Rank::Queen) => "dame",
            (Lang::Fr, Rank::King) => "roi",
            (Lang::Fr, Rank::Ace) => "as",
        }
    }

    /// A suit's name: "spades", "pique".
    pub const fn suit_name(self, suit: Suit) -> &'static str {
        match (self.lang, self.ascii, suit) {
            (Lang::En, _, _) => suit.name(),
            (Lang::Fr, _, Suit::Spades) => "pique",
            (Lang::Fr, false, Suit::Hearts) => "cœur",
            (Lang::Fr, true, Suit::Hearts) => "coeur",
            (Lang::Fr, _, Suit::Diamonds) => "carreau",
            (Lang::Fr, false, Suit::Clubs) => "trèfle",
            (Lang::Fr, true, Suit::Clubs) => "trefle",
        }
    }

    /// A seat's name.
    pub const fn seat(self, seat: Seat) -> &'static str {
        match (self.lang, seat) {
            (Lang::En, Seat::South) => "South",
            (Lang::En, Seat::East) => "East",
            (Lang::En, Seat::North) => "North",
            (Lang::En, Seat::West) => "West",
            (Lang::Fr, Seat::South) => "Sud",
            (Lang::Fr, Seat::East) => "Est",
            (Lang::Fr, Seat::North) => "Nord",
            (Lang::Fr, Seat::West) => "Ouest",
        }
    }

    /// A team from South's side: "Us (N-S)", "Them (E-W)".
    pub fn team(self, team: Team) -> String {
        match (self.lang, team) {
            (Lang::En, Team::NS) => "Us (N-S)".into(),
            (Lang::En, Team::EW) => "Them (E-W)".into(),
            (Lang::Fr, Team::NS) => "Nous (N-S)".into(),
            (Lang::Fr, Team::EW) => "Eux (E-O)".into(),
        }
    }

    /// A bid level: "90", "Capot".
    pub fn level(self, level: BidLevel) -> String {
        match level {
            BidLevel::Points(v) => v.to_string(),
            BidLevel::Capot => self.t(T::Capot).into(),
        }
    }

    /// A trump mode in short: a suit, or "NT" / "AT" ("SA" / "TA" in French); spoken, in full.
    pub fn trump(self, trump: Trump) -> &'static str {
        if self.spoken {
            return self.trump_name(trump);
        }
        match trump {
            Trump::Suit(s) => self.suit(s),
            Trump::NoTrump => self.t(T::NoTrumpShort),
            Trump::AllTrump => self.t(T::AllTrumpShort),
        }
    }

    /// A trump mode in full: a suit, or "Sans atout" / "Tout atout".
    pub fn trump_name(self, trump: Trump) -> &'static str {
        match trump {
            Trump::Suit(s) => self.suit(s),
            Trump::NoTrump => self.t(T::NoTrump),
            Trump::AllTrump => self.t(T::AllTrump),
        }
    }

    /// A bid: "90 ♠", "Capot ♥", "100 NT" ("100 SA" in French).
    pub fn bid(self, bid: Bid) -> String {
        format!("{} {}", self.level(bid.level), self.trump(bid.trump))
    }

    /// A bid with sans atout and tout atout in full: "90 ♠", "100 Tout atout".
    pub fn bid_long(self, bid: Bid) -> String {
        format!("{} {}", self.level(bid.level), self.trump_name(bid.trump))
    }

    /// A rule set's name: "Coinche (FFB), with declarations".
    pub fn set(self, set: RuleSet) -> &'static str {
        self.t(match set {
            RuleSet::Contree => T::SetContree,
            RuleSet::Coinche => T::SetCoinche,
            RuleSet::Plain => T::SetPlain,
        })
    }

    /// The rules of a game in a few words: "Coinche", "Contrée SA/TA".
    pub fn rules_short(self, rules: Rules) -> String {
        let set = self.t(match rules.set {
            RuleSet::Contree => T::ShortContree,
            RuleSet::Coinche => T::ShortCoinche,
            RuleSet::Plain => T::ShortPlain,
        });
        if rules.nt_at { format!("{set} {}", self.t(T::NtAtShort)) } else { set.to_string() }
    }

    /// What the table hears of a declaration: "Tierce ♥ Q", "Cent ♦ K", "Four jacks" ("Tierce ♥
    /// D", "Carré de valets" in French). The suit and the rank are joined by a no-break space,
    /// so that a narrow column never parts them.
    pub fn declaration(self, d: Declaration) -> String {
        self.out({
            match d.announced() {
                Declaration::Sequence { top, len } => {
                    let name = match len {
                        3 => T::Tierce,
                        4 => T::Cinquante,
                        _ => T::Cent,
                    };
                    if self.spoken {
                        return self.out(match self.lang {
                            Lang::En => format!("{} to the {}", self.t(name), self.card(top)),
                            Lang::Fr => format!("{} {}", self.t(name), self.to_the_card(top)),
                        });
                    }
                    format!(
                        "{} {}\u{a0}{}",
                        self.t(name),
                        self.suit(top.suit()),
                        self.rank(top.rank())
                    )
                }
                Declaration::Carre(rank) => self
                    .t(match rank {
                        Rank::Jack => T::CarreJacks,
                        Rank::Nine => T::CarreNines,
                        Rank::Ace => T::CarreAces,
                        Rank::Ten => T::CarreTens,
                        Rank::King => T::CarreKings,
                        // Four 8s and 7s are no declaration; queens are what is left.
                        Rank::Queen | Rank::Eight | Rank::Seven => T::CarreQueens,
                    })
                    .to_string(),
            }
        })
    }

    /// A seat's declarations, best first: "Four jacks, Tierce ♥ A"; "nothing" for none.
    pub fn combination(self, c: Combination) -> String {
        if c.is_empty() {
            return self.t(T::DeclaredNothing).to_string();
        }
        c.iter().map(|d| self.declaration(d)).collect::<Vec<_>>().join(", ")
    }

    /// A call as said at the table: "Pass", "90 ♠", "Contre".
    pub fn call(self, call: Call) -> String {
        match call {
            Call::Pass => self.t(T::Pass).into(),
            Call::Bid(b) => self.bid(b),
            Call::Contre => self.t(T::Contre).into(),
            Call::Surcontre => self.t(T::Surcontre).into(),
        }
    }

    /// A contract with its taker: "100 ♥ contré, North".
    pub fn contract(self, c: &Contract) -> String {
        format!("{}{}, {}", self.bid(c.bid), self.multiplier(c.multiplier), self.seat(c.taker))
    }

    /// " contré", " surcontré", or nothing.
    pub fn multiplier(self, m: Multiplier) -> String {
        match m {
            Multiplier::Simple => String::new(),
            Multiplier::Contre => format!(" {}", self.t(T::Contred)),
            Multiplier::Surcontre => format!(" {}", self.t(T::Surcontred)),
        }
    }

    /// The tricks each team has taken: "tricks: us 6, them 2".
    pub fn tricks_taken(self, us: u8, them: u8) -> String {
        let (t, u, e) = (self.t(T::Tricks), self.t(T::Us), self.t(T::Them));
        format!("{t}{}{} {us}, {} {them}", self.colon(), u.to_lowercase(), e.to_lowercase())
    }

    /// A score as its sum: "160 + 80 + 20 = 260", "320 + 2 × 90 = 500",
    /// "(160 + 100 + 20) × 2 = 560", "133 + 90 = 223 → 220"; a lone term is just itself. The
    /// arrow shows the rounding, where the rules round.
    pub fn score_sum(self, sum: &crate::rules::ScoreSum, written: u16) -> String {
        self.out({
            let mut terms: Vec<String> = Vec::new();
            for v in [sum.cards, sum.base] {
                if v > 0 {
                    terms.push(v.to_string());
                }
            }
            match sum.bid_times {
                0 => {}
                1 => terms.push(sum.bid.to_string()),
                n => terms.push(format!("{n} × {}", sum.bid)),
            }
            for v in [sum.declarations, sum.belote, sum.bonus] {
                if v > 0 {
                    terms.push(v.to_string());
                }
            }
            let raw = sum.total();
            let mut out = match (terms.len(), sum.times) {
                (0, _) => raw.to_string(),
                (_, times) if times > 1 => format!("({}) × {times} = {raw}", terms.join(" + ")),
                (1, _) => raw.to_string(),
                _ => format!("{} = {raw}", terms.join(" + ")),
            };
            match (written != raw, self.spoken, self.lang) {
                (false, _, _) => {}
                (true, false, _) => out.push_str(&format!(" → {written}")),
                (true, true, Lang::En) => out.push_str(&format!(", rounded to {written}")),
                (true, true, Lang::Fr) => out.push_str(&format!(", arrondi à {written}")),
            }
            out
        })
    }

    /// The rules as shipped: `RULES.fr.md` in French, `RULES.md` in English.
    pub fn rules_md(self) -> std::borrow::Cow<'static, str> {
        let md = match self.lang {
            Lang::En => include_str!("../../RULES.md"),
            Lang::Fr => include_str!("../../RULES.fr.md"),
        };
        if self.ascii { ascii(md).into() } else { md.into() }
    }

    /// The one-page rules summary of the help screen, for a game of `set`: the direction of play,
    /// the made test and the scoring follow the set, so that the summary never contradicts the
    /// set's own note below it.
    pub fn rules_summary(self, set: RuleSet) -> [String; 8] {
        let (direction, made, scores) = match (self.lang, set) {
            (Lang::En, RuleSet::Contree) => (
                "You (South) and North play against East and West; play goes anticlockwise.",
                "The contract is made when the takers reach their bid, belote included.",
                "Scores are rounded to the nearest ten; the first team to the target wins.",
            ),
            (Lang::En, RuleSet::Coinche) => (
                "You (South) and North play against East and West; play goes anticlockwise.",
                "The contract is made when the takers reach their bid and beat the defence.",
                "Scores are rounded to the nearest ten; the first team to the target wins.",
            ),
            (Lang::En, RuleSet::Plain) => (
                "You (South) and North play against East and West; play goes clockwise.",
                "The contract is made when the takers reach their bid, belote included.",
                "Scores are exact, not rounded; the first team to 701 wins.",
            ),
            (Lang::Fr, RuleSet::Contree) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens inverse des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère, belote comprise.",
                "La marque est arrondie à la dizaine ; la première équipe à l'objectif gagne.",
            ),
            (Lang::Fr, RuleSet::Coinche) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens inverse des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère et battent la défense.",
                "La marque est arrondie à la dizaine ; la première équipe à l'objectif gagne.",
            ),
            (Lang::Fr, RuleSet::Plain) => (
                "Vous (Sud) et Nord jouez contre Est et Ouest ; on joue dans le sens des aiguilles.",
                "Le contrat est réussi si les preneurs atteignent leur enchère, belote comprise.",
                "La marque est exacte, sans arrondi ; la première équipe à 701 gagne.",
            ),
        };
        let [bidding, contre, follow, trump, orders] = match self.lang {
            Lang::En => [
                "Bidding: from 80 to 160 by tens, or capot (all eight tricks), with a trump suit.",
                "Contre doubles the opponents' bid; the contré team may surcontre (x4).",
                "Follow suit; without it, trump unless your partner is winning the trick;",
                "when you trump, go over the trumps already played if you can.",
                "Trump: J 9 A 10 K Q 8 7. Plain: A 10 K Q J 9 8 7. 152 points + 10 last trick.",
            ],
            Lang::Fr => [
                "Enchères : de 80 à 160 par dizaines, ou capot (huit plis), avec une couleur d'atout.",
                "Le contre double l'enchère adverse ; l'équipe contrée peut surcontrer (x4).",
                "Fournir ; sinon couper, sauf si le partenaire est maître du pli ;",
                "à l'atout, monter sur les atouts déjà joués si on le peut.",
                "Atout : V 9 A 10 R D 8 7. Hors atout : A 10 R D V 9 8 7. 152 points + 10 de der.",
            ],
        };
        [direction, bidding, contre, follow, trump, orders, made, scores]
            .map(|l| self.out(l.into()))
    }
}

#[cfg(test)]
mod tests {

    use crate::rules::*;
    use crate::text::*;

    #[test]
    fn french_uses_french_card_names_and_calls() {
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.card(Card::new(Suit::Spades, Rank::Jack)), "V♠");
        assert_eq!(fr.card(Card::new(Suit::Hearts, Rank::Queen)), "D♥");
        assert_eq!(fr.card(Card::new(Suit::Clubs, Rank::King)), "R♣");
        assert_eq!(fr.call(Call::Pass), "Passe");
        let c = Contract {
            taker: Seat::North,
            bid: Bid { level: BidLevel::Points(100), trump: Trump::Suit(Suit::Hearts) },
            multiplier: Multiplier::Contre,
        };
        assert_eq!(fr.contract(&c), "100 ♥ contré, Nord");
        let en = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: false };
        assert_eq!(en.contract(&c), "100 H contré, North");
        assert_eq!(en.card(Card::new(Suit::Diamonds, Rank::Ten)), "10D");
    }

    #[test]
    fn scores_are_written_as_their_sums() {
        use crate::rules::ScoreSum;
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let made =
            ScoreSum { cards: 160, bid: 80, bid_times: 1, belote: 20, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&made, 260), "160 + 80 + 20 = 260");
        let contre = ScoreSum { base: 320, bid: 90, bid_times: 2, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&contre, 500), "320 + 2 × 90 = 500");
        let rounded = ScoreSum { cards: 133, bid: 90, bid_times: 1, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&rounded, 220), "133 + 90 = 223 → 220");
        let alone = ScoreSum { cards: 29, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&alone, 30), "29 → 30");
        assert_eq!(en.score_sum(&ScoreSum::default(), 0), "0");
        // Coinche: a coinché contract multiplies the whole sum; plain: exact, no arrow.
        let coinched = ScoreSum {
            base: 160,
            bid: 100,
            bid_times: 1,
            belote: 20,
            times: 2,
            ..ScoreSum::default()
        };
        assert_eq!(en.score_sum(&coinched, 560), "(160 + 100 + 20) × 2 = 560");
        let declared =
            ScoreSum { cards: 63, bid: 110, bid_times: 1, declarations: 50, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&declared, 220), "63 + 110 + 50 = 223 → 220");
        let plain =
            ScoreSum { cards: 100, bid: 90, bid_times: 2, belote: 20, ..ScoreSum::default() };
        assert_eq!(en.score_sum(&plain, 300), "100 + 2 × 90 + 20 = 300");
        assert_eq!(en.tricks_taken(6, 2), "tricks: us 6, them 2");
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(fr.tricks_taken(6, 2), "plis : nous 6, eux 2");
        assert_eq!(
            ascii("Dédé, Kévin, Réglages, CONTRÉE, cœur"),
            "Dede, Kevin, Reglages, CONTREE, coeur"
        );
    }

    #[test]
    fn the_rules_follow_the_language() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert!(en.rules_md().starts_with("# Belote contrée: the rules"));
        assert!(fr.rules_md().contains("dix de der"));
        assert!(fr.rules_md().contains("## Exemples"));
        // The same figures in both: every worked example's numbers come over.
        let numbers = |s: &str| {
            let mut v: Vec<String> = s
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect();
            v.sort();
            v
        };
        assert_eq!(numbers(&en.rules_md()), numbers(&fr.rules_md()));
        for set in RuleSet::ALL {
            assert_ne!(en.rules_summary(set), fr.rules_summary(set));
        }
    }

    #[test]
    fn the_rules_summary_follows_the_set_of_the_game() {
        for lang in Lang::ALL {
            let w = Words { lang, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
            let [contree, coinche, plain] = RuleSet::ALL.map(|set| w.rules_summary(set));
            // Clockwise only in the plain rules; anticlockwise never said there.
            assert_eq!(contree[0], coinche[0]);
            assert_ne!(plain[0], contree[0]);
            assert!(plain[0].contains(if lang == Lang::En { "clockwise" } else { "sens des" }));
            assert!(!plain[0].contains(if lang == Lang::En { "anti" } else { "inverse" }));
            // Coinche's made test has the defence in it; plain scores are exact, to 701.
            assert_ne!(coinche[6], contree[6]);
            assert!(plain[7].contains("701") && !contree[7].contains("701"));
        }
    }

    #[test]
    fn declarations_and_trump_modes_are_named_in_each_language() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let tierce = Declaration::Sequence { top: Card::new(Suit::Hearts, Rank::Queen), len: 3 };
        assert_eq!(en.declaration(tierce), "Tierce ♥\u{a0}Q");
        assert_eq!(fr.declaration(tierce), "Tierce ♥\u{a0}D");
        let cent = Declaration::Sequence { top: Card::new(Suit::Diamonds, Rank::King), len: 6 };
        assert_eq!(en.declaration(cent), "Cent ♦\u{a0}K");
        assert_eq!(fr.declaration(Declaration::Carre(Rank::Jack)), "Carré de valets");
        assert_eq!(en.declaration(Declaration::Carre(Rank::Nine)), "Four nines");
        let both = Combination::from_declarations(&[tierce, Declaration::Carre(Rank::Ace)]);
        assert_eq!(fr.combination(both.unwrap_or_default()), "Carré d'as, Tierce ♥\u{a0}D");
        assert_eq!(en.combination(Combination::NONE), "nothing");
        let at = Bid { level: BidLevel::Points(100), trump: Trump::AllTrump };
        assert_eq!(en.bid(at), "100 AT");
        assert_eq!(fr.bid(at), "100 TA");
        assert_eq!(fr.bid_long(at), "100 Tout atout");
        let nt = Bid { level: BidLevel::Capot, trump: Trump::NoTrump };
        assert_eq!(en.bid_long(nt), "Capot Sans atout");
        assert_eq!(fr.rules_short(Rules::of(RuleSet::Plain).with_nt_at(true)), "Simple SA/TA");
    }

    #[test]
    fn letters_are_distinct_in_each_language() {
        for lang in Lang::ALL {
            let w = Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: false };
            let letters: std::collections::HashSet<&str> =
                Suit::ALL.iter().map(|&s| w.suit(s)).collect();
            assert_eq!(letters.len(), 4);
        }
    }
}
