//! The table's words: the comparison with the expert in your seat, the balance, the deal's end
//! and the saved game offered again.

use crate::bots::expert::DealAnalysis;
use crate::game::{DealResult, ExpertInSeat};
use crate::personas::Level;
use crate::rules::Team;
use crate::rules::{BySeat, DealRecord};
use crate::session::report::{Analysis, When};
use crate::session::review::ExpertLine;
use crate::text::{Lang, T, Words, capital, signed};

impl Words {
    /// The expert's analysis of a finished deal from South's seat, a sentence a line: the deal with
    /// every hand seen, then each of South's decisions beside the expert's, with the expert's reason
    /// and what the choice cost when they differ, the options' worths, best first, in a sentence of
    /// their own, and what a call of South's shows; last, the sum of the clear mistakes. The deal's
    /// `record` and `levels` give the calls' meanings.
    pub fn analysis(
        self,
        a: &DealAnalysis,
        record: &DealRecord,
        levels: &BySeat<Level>,
    ) -> Vec<String> {
        let mut lines = vec![format!("{}.", self.t(T::Analysis))];
        if let Some(dd) = &a.double_dummy {
            lines.push(format!("{}.", self.double_dummy(dd, a.seat)));
        }
        let Analysis { decisions, agreed, cost, se } = Analysis::of(a, record, levels);
        for d in &decisions {
            let when = match d.when {
                When::Call => self.t(T::Call).to_string(),
                When::Trick(n) => format!("{} {n}", self.t(T::Trick)),
            };
            let mut line = format!(
                "{when}{}{} {}; {} {}",
                self.colon(),
                self.t(T::YouPlayed),
                self.action(d.played),
                self.t(T::ExpertChose),
                self.action(d.advised)
            );
            if d.agrees() {
                line.push_str(&format!(", {}", self.t(T::SameChoice)));
            } else {
                line.push_str(&format!(", {}", self.reason(d.reason)));
                if let Some(c) = d.cost {
                    line.push_str(&format!("; {}", self.cost(c)));
                }
            }
            lines.push(format!("{}.", capital(&line)));
            // What it changed on the real deal, apart from what it cost over the worlds weighed.
            if let Some(diff) = d.on_the_deal {
                lines.push(format!("{}.", self.on_the_deal(diff)));
            }
            // The options' worths, best first, in a sentence apart from the cost.
            if !d.agrees() && !d.options.is_empty() {
                lines.push(format!("{}.", self.weighed(&d.options)));
            }
            if let Some(m) = &d.meaning {
                lines.push(format!(
                    "{}{}{}",
                    self.t(T::YourCallShows),
                    self.colon(),
                    self.meaning(m)
                ));
            }
        }
        lines.push(format!("{}.", self.analysis_total(agreed, decisions.len(), cost, se)));
        lines.push(format!("{}.", self.t(T::CostAndBalance)));
        lines
    }

    /// The head of the expert's line: "The expert's line from trick 3, every hand seen: 10♥ in
    /// place of your 8♠, then perfect play by all four" (the double-dummy solver's); spoken,
    /// the first card has its article, "the ten of hearts in place of your eight of spades".
    pub fn expert_line_head(self, line: &ExpertLine) -> String {
        let advised =
            if self.spoken { self.the_card(line.advised) } else { self.card(line.advised) };
        let played = self.card(line.played);
        self.out(match self.lang {
            Lang::En => format!(
                "The expert's line from trick {}, every hand seen: {advised} in place of your {played}, then perfect play by all four",
                line.from
            ),
            Lang::Fr => format!(
                "La ligne de l'expert depuis le pli {}, toutes les mains vues : {advised} à la place de votre {played}, puis jeu parfait des quatre",
                line.from
            ),
        })
    }

    /// A finished deal's result beside the expert's in South's seat, from North-South's side,
    /// a sentence each: "You: 160 – 100.", "The expert in your seat: 220 – 40.", "Difference:
    /// −60 points"; or, while the expert plays it, that it is thinking. Nothing for a deal not
    /// compared.
    pub fn expert_in_seat(self, d: &DealResult) -> Vec<String> {
        if d.expert_in_seat.is_none() {
            return Vec::new();
        }
        let ours = d.points();
        let you = match self.lang {
            Lang::En => "You",
            Lang::Fr => "Vous",
        };
        let to = self.between_scores();
        let mut lines = vec![self.out(format!(
            "{you}{}{}{to}{}.",
            self.colon(),
            ours[Team::NS],
            ours[Team::EW]
        ))];
        lines.extend(self.expert_result(d));
        lines
    }

    /// What the expert in South's seat made of a finished deal, once it has played it, apart
    /// from the deal's own result: "The expert in your seat: 220 – 40.", "Difference: −60
    /// points"; or that it is thinking. Nothing for a deal not compared.
    pub fn expert_result(self, d: &DealResult) -> Vec<String> {
        let who = self.t(T::ExpertInYourSeat);
        let to = self.between_scores();
        let lines = match (d.expert_in_seat, d.expert_difference()) {
            (None, _) => Vec::new(),
            (Some(ExpertInSeat::Score(e)), Some(difference)) => {
                let label = match self.lang {
                    Lang::En => "Difference",
                    Lang::Fr => "Écart",
                };
                let (ns, ew) = (e[Team::NS], e[Team::EW]);
                vec![
                    format!("{who}{}{ns}{to}{ew}.", self.colon()),
                    format!("{label}{}{}", self.colon(), self.signed_points(difference.into())),
                ]
            }
            (Some(_), _) => vec![format!("{who} {}…", self.t(T::Thinking))],
        };
        lines.into_iter().map(|l| self.out(l)).collect()
    }

    /// Between two scores: a dash, or said aloud (where a dash would be a pause), "160 to 100".
    fn between_scores(self) -> &'static str {
        match (self.spoken, self.lang) {
            (false, _) => " – ",
            (true, Lang::En) => " to ",
            (true, Lang::Fr) => " à ",
        }
    }

    /// The balance of the deals compared with the expert in South's seat: "over 7 deals: −85",
    /// "sur 7 donnes : −85".
    pub fn expert_balance(self, deals: u32, balance: i64) -> String {
        self.out(format!("{}{}{}", self.over_deals(deals), self.colon(), signed(balance)))
    }

    /// "over 7 deals", "sur 7 donnes".
    pub fn over_deals(self, deals: u32) -> String {
        let plural = if deals == 1 { "" } else { "s" };
        match self.lang {
            Lang::En => format!("over {deals} deal{plural}"),
            Lang::Fr => format!("sur {deals} donne{plural}"),
        }
    }

    /// The title of the end-of-deal summary: "Deal 3 over", "Fin de la donne 3".
    pub fn deal_over(self, number: usize) -> String {
        match self.lang {
            Lang::En => format!("Deal {number} over"),
            Lang::Fr => format!("Fin de la donne {number}"),
        }
    }

    /// The start screen's resume line: the score from South's side and, if known, when the game
    /// was saved, as (month, day, hour, minute) in the player's time zone.
    pub fn resume(self, us: u32, them: u32, saved: Option<(u8, u8, u8, u8)>) -> String {
        self.out({
            let score = format!(
                "{} — {} {us}, {} {them}",
                self.t(T::Resume),
                self.t(T::Us),
                self.t(T::Them)
            );
            let Some((month, day, hour, minute)) = saved else { return score };
            let month = usize::from(month.clamp(1, 12) - 1);
            match self.lang {
                Lang::En => {
                    const MONTHS: [&str; 12] = [
                        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                        "Nov", "Dec",
                    ];
                    format!("{score} — saved {day} {} {hour:02}:{minute:02}", MONTHS[month])
                }
                Lang::Fr => {
                    const MONTHS: [&str; 12] = [
                        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.",
                        "oct.", "nov.", "déc.",
                    ];
                    format!("{score} — du {day} {} {hour:02}:{minute:02}", MONTHS[month])
                }
            }
        })
    }

    /// What a new game does to the saved one, asked before it does: "The saved game, Us 0 – Them
    /// 310, will be filed as abandoned."
    pub fn replace_saved(self, us: u32, them: u32) -> String {
        self.out({
            let (u, t) = (self.t(T::Us), self.t(T::Them));
            match self.lang {
                Lang::En => {
                    format!("The saved game, {u} {us} – {t} {them}, will be filed as abandoned.")
                }
                Lang::Fr => format!(
                    "La partie enregistrée, {u} {us} – {t} {them}, sera classée comme abandonnée."
                ),
            }
        })
    }
}

impl Words {
    /// What became of a game with friends, filed in the player's history at its end or the
    /// next time they join a table.
    pub fn filing(self, f: &crate::session::friends::Filing) -> String {
        use crate::session::friends::Filing;
        let fr = self.lang == Lang::Fr;
        self.out(match f {
            Filing::Filed(true) => self.pick(
                "The game is filed in your history and statistics, as played with friends.",
                "La partie est classée dans votre historique et vos statistiques, comme jouée entre amis.",
            ).to_string(),
            Filing::Filed(false) => self.pick(
                "The game was in your history already.",
                "La partie était déjà dans votre historique.",
            ).to_string(),
            Filing::Kept(why) => {
                let why = self.not_yet(why);
                if fr {
                    format!("La partie n'est pas encore classée dans votre historique ({why}) ; elle est gardée et le sera la prochaine fois que vous rejoindrez une table.")
                } else {
                    format!("The game is not filed in your history yet ({why}); it is kept, and filed the next time you join a table.")
                }
            }
            Filing::Lost(why, e) => {
                let (why, e) = (self.not_yet(why), self.store_error(e));
                if fr {
                    format!("La partie n'a pas pu être classée dans votre historique ({why}), ni gardée pour plus tard ({e}).")
                } else {
                    format!("The game could not be filed in your history ({why}), nor kept for later ({e}).")
                }
            }
            Filing::Refused(why) => {
                let why = why.as_ref().map_or_else(
                    || {
                        self.pick(
                            "the game is not over, or a name is not printable",
                            "la partie n'est pas finie, ou un nom n'est pas imprimable",
                        )
                        .to_string()
                    },
                    |e| self.load_error(e),
                );
                if fr {
                    format!("La partie envoyée par l'hôte ne se rejoue pas selon les règles ({why}) : elle n'est pas classée dans votre historique.")
                } else {
                    format!("The game the host sent does not replay by the rules ({why}): it is not filed in your history.")
                }
            }
            Filing::Unopened(e) => {
                let e = self.open_error(e);
                if fr {
                    format!("La partie n'a pas pu être classée dans votre historique : {e}.")
                } else {
                    format!("The game could not be filed in your history: {e}.")
                }
            }
        })
    }

    /// Why a game with friends is not filed yet.
    fn not_yet(self, why: &crate::session::friends::NotYet) -> String {
        use crate::session::friends::NotYet;
        match why {
            NotYet::Held(Some(pid)) => match self.lang {
                Lang::En => {
                    format!("another contree table, process {pid}, holds your data directory")
                }
                Lang::Fr => format!(
                    "une autre table contree, le processus {pid}, tient votre dossier de données"
                ),
            },
            NotYet::Held(None) => self
                .pick(
                    "another contree table holds your data directory",
                    "une autre table contree tient votre dossier de données",
                )
                .to_string(),
            NotYet::Store(e) => self.store_error(e),
        }
    }

    /// The game with friends the host did not send whole (too long for a line): not filed.
    pub fn not_sent_whole(self) -> String {
        self.out(self.pick(
            "The host did not send the whole game (too long to send): it is not filed in your history.",
            "L'hôte n'a pas envoyé la partie entière (trop longue à envoyer) : elle n'est pas classée dans votre historique.",
        ).to_string())
    }

    /// A game with friends kept to be filed whose file cannot be read: left where it is.
    pub fn kept_unreadable(self, path: &std::path::Path, why: &str) -> String {
        let path = path.display();
        self.out(match self.lang {
            Lang::En => format!("A game with friends kept in {path} cannot be read ({why}); it is left where it is."),
            Lang::Fr => format!("Une partie entre amis gardée dans {path} ne peut pas être lue ({why}) ; elle est laissée où elle est."),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::expert::{Cost, every_reason};

    use crate::rules::*;
    use crate::text::*;

    #[test]
    fn the_resume_line_says_whose_score_and_when() {
        let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            en.resume(0, 270, Some((11, 29, 14, 41))),
            "Resume the game — Us 0, Them 270 — saved 29 Nov 14:41"
        );
        assert_eq!(en.resume(10, 20, None), "Resume the game — Us 10, Them 20");
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        assert_eq!(
            fr.resume(0, 270, Some((11, 29, 14, 41))),
            "Reprendre la partie — Nous 0, Eux 270 — du 29 nov. 14:41"
        );
        // The widest line there can be (four-digit totals, a long month) fits the start screen's
        // box: 74 columns inside, less the marker and a margin on each side.
        for w in [en, fr] {
            assert!(w.resume(4020, 4020, Some((9, 28, 23, 59))).chars().count() <= 70);
        }
        assert_eq!(fr.deal_over(1), "Fin de la donne 1");
        assert_eq!(fr.keys("Enter Space"), "Entrée Espace");
        assert_eq!(fr.keys("Esc"), "Échap");
        assert_eq!(en.keys("Enter Space"), "Enter Space");
        assert_eq!(en.deal_over(12), "Deal 12 over");
    }

    #[test]
    fn in_ascii_every_text_is_ascii_in_both_languages() {
        use crate::game::{Action, GameError, UndoError};
        use crate::rules::{Card, PlayError, ScoreSum};
        for lang in Lang::ALL {
            for suits in [SuitStyle::Glyphs, SuitStyle::Letters] {
                let w = Words { lang, suits, ascii: true, spoken: false };
                let mut said: Vec<String> = T::ALL.iter().map(|&t| w.t(t).to_string()).collect();
                let hearts = Card::new(Suit::Hearts, Rank::Queen);
                let refused = GameError::Play(PlayError::MustFollow { suit: Suit::Clubs });
                let undo = UndoError::NotTheLast { seat: Seat::South, last: Seat::East };
                let sum =
                    ScoreSum { cards: 133, bid: 90, bid_times: 2, times: 2, ..ScoreSum::default() };
                let tierce = Declaration::Sequence { top: hearts, len: 3 };
                let contract = Contract {
                    taker: Seat::West,
                    bid: Bid { level: BidLevel::Capot, trump: Trump::AllTrump },
                    multiplier: Multiplier::Surcontre,
                };
                said.extend([
                    w.card(hearts),
                    w.suit_name(Suit::Hearts).to_string(),
                    w.suit_name(Suit::Clubs).to_string(),
                    w.refusal(
                        Action::Play(hearts),
                        &refused,
                        crate::rules::CardSet::single(hearts),
                    ),
                    w.undo_refusal(&undo),
                    w.declaration(tierce),
                    w.contract(&contract),
                    w.bid_long(contract.bid),
                    w.resume(10, 20, Some((2, 28, 23, 59))),
                    w.resume(10, 20, Some((12, 1, 0, 0))),
                    w.resume(10, 20, Some((8, 1, 0, 0))),
                    w.replace_saved(0, 310),
                    w.score_sum(&sum, 550),
                    w.cost(Cost { mean: 12.0, se: 3.0, worlds: 32 }),
                    w.analysis_total(3, 9, 20.0, 4.0),
                    w.keys("←→ h l"),
                    w.keys("↑↓ j k"),
                    w.keys("Enter Space Esc"),
                    w.too_small(10, 5),
                    w.text("Dédé, « Surcontre ! »").into_owned(),
                    w.rules_md().into_owned(),
                ]);
                said.extend(every_reason().into_iter().map(|r| w.reason(r)));
                said.extend(RuleSet::ALL.iter().flat_map(|&set| w.rules_summary(set)));
                said.extend(Suit::ALL.map(|s| w.suit(s).to_string()));
                for text in &said {
                    assert!(text.is_ascii(), "{lang:?}: {text}");
                }
            }
        }
        // Folded, a text keeps its letters and its sense: the arrow of a sum stays an arrow.
        let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: true, spoken: false };
        assert_eq!(fr.t(T::Made).to_uppercase(), "REUSSI");
        assert_eq!(fr.t(T::Failed).to_uppercase(), "CHUTE");
        assert_eq!(fr.keys("Enter Esc"), "Entree Echap");
        assert_eq!(fr.t(T::YourTurnBid), "A vous d'encherir");
        assert_eq!(fr.t(T::Bidding), "Encheres");
        let rounded = ScoreSum { cards: 133, bid: 90, bid_times: 1, ..ScoreSum::default() };
        assert_eq!(fr.score_sum(&rounded, 220), "133 + 90 = 223 -> 220");
        assert_eq!(fr.card(Card::new(Suit::Hearts, Rank::King)), "RC");
        assert_eq!(fr.sign(Sign::Marker), ">");
        let glyphs = Words { ascii: false, ..fr };
        assert_eq!(glyphs.t(T::Made), "réussi");
        assert_eq!(glyphs.sign(Sign::Marker), "▶");
    }
}
