//! Why an answer is wrong, in one sentence of the player's language, and the answer shown:
//! each worded from what the rules, the solver, the convention or the count found, never a
//! sentence fixed in advance.

use super::counting::Slip;
use super::{Asked, Level, Question, Reason};
use crate::rules::ScoreSum;
use crate::text::Words;

impl Words {
    /// Why an answer is wrong, as a sentence.
    pub fn learn_reason(self, reason: &Reason) -> String {
        crate::text::sentence(&self.reason_clause(reason))
    }

    /// Why an answer is wrong.
    fn reason_clause(self, reason: &Reason) -> String {
        match reason {
            Reason::NotAsked(asked) => self.asked(*asked).to_string(),
            Reason::NotHeld(card) => {
                let c = self.the_card(*card);
                self.en_fr(format!("You do not hold {c}."), format!("Vous n'avez pas {c}."))
            }
            Reason::Refused { action, error, playable } => {
                crate::text::sentence(&self.refusal(*action, error, *playable))
            }
            Reason::Lower { card, best, trump } => {
                let (c, b, o) =
                    (self.the_card(*card), self.the_card(*best), self.rank_order(*trump));
                if *trump {
                    self.en_fr(
                        format!("{b} beats {c}: in trumps the order is {o}."),
                        format!("{b} bat {c} : à l'atout, l'ordre est {o}."),
                    )
                } else {
                    self.en_fr(
                        format!("{b} beats {c}: outside trumps the order is {o}."),
                        format!("{b} bat {c} : hors atout, l'ordre est {o}."),
                    )
                }
            }
            Reason::FewerPoints { card, points, best, best_points } => {
                let (c, b) = (self.the_card(*card), self.the_card(*best));
                self.en_fr(
                    format!("{c} is worth {points} points, {b} {best_points}."),
                    format!(
                        "{c} vaut {points} point{}, {b} {best_points}.",
                        if *points > 1 { "s" } else { "" }
                    ),
                )
            }
            Reason::OtherSuit { card, asked } => {
                let c = self.the_card(*card);
                match asked {
                    Some(s) => {
                        let s = self.suit_name(*s);
                        self.en_fr(format!("{c} is not a {s}."), format!("{c} n'est pas un {s}."))
                    }
                    None => self
                        .en_fr(format!("{c} is not a trump."), format!("{c} n'est pas un atout.")),
                }
            }
            Reason::IsTrump(card) => {
                let c = self.the_card(*card);
                self.en_fr(
                    format!("{c} is a trump: a card outside trumps is asked."),
                    format!("{c} est un atout : c'est une carte hors atout qui est demandée."),
                )
            }
            _ => self.play_reason(reason),
        }
    }

    /// Why a card of the trick or the play, a call or a count is wrong.
    fn play_reason(self, reason: &Reason) -> String {
        match reason {
            Reason::DoesNotWin { card, winner, by } => {
                let (c, w, b) = (self.the_card(*card), self.who(*winner), self.the_card(*by));
                self.en_fr(
                    format!("With {c}, {w} takes the trick, with {b}."),
                    format!("Avec {c}, c'est {w} qui prend le pli, avec {b}."),
                )
            }
            Reason::SpentTrump(card) => {
                let c = self.the_card(*card);
                self.en_fr(
                    format!(
                        "{c} is a trump spent for nothing: your partner is winning the trick so far (master)."
                    ),
                    format!("{c} est un atout gâché : votre partenaire est maître du pli pour l'instant."),
                )
            }
            Reason::NotBelote { card, belote } => {
                let (c, b) = (self.the_card(*card), self.cards_or(*belote));
                self.en_fr(
                    format!(
                        "{c} says no belote: it is said only as the king or the queen of trumps is played. Play one of them now ({b}), saying \"belote\", and the other later, saying \"rebelote\"."
                    ),
                    format!(
                        "{c} n'annonce pas la belote : on ne la dit qu'en jouant le roi ou la dame d'atout. Jouez-en un maintenant ({b}) en disant « belote », et l'autre plus tard en disant « rebelote »."
                    ),
                )
            }
            Reason::Loses { card, taken, best, best_taken } => {
                let (c, b) = (self.the_card(*card), self.the_card(*best));
                self.en_fr(
                    format!("With {c} your side takes at most {taken} of the points left; with {b}, {best_taken}."),
                    format!("Avec {c}, votre camp prend au mieux {taken} des points restants ; avec {b}, {best_taken}."),
                )
            }
            Reason::Call { said, .. } => {
                let c = self.call(said.call);
                let m = self.meaning(said);
                self.en_fr(format!("{c} would say: {m}"), format!("{c} dirait : {m}"))
            }
            Reason::Count { said, slip, .. } => match slip {
                Some(slip) => self.en_fr(
                    format!("Not {said}: {}.", self.slip(*slip)),
                    format!("Pas {said} : {}.", self.slip(*slip)),
                ),
                None => self.en_fr(
                    format!("Not {said}: count again, card by card."),
                    format!("Pas {said} : recomptez, carte par carte."),
                ),
            },
            Reason::Trumps { said, count } => {
                let (f, h, t) = (count.fallen, count.held, count.shown_out + 1);
                let n = count.trump.cards().len();
                self.en_fr(
                    format!(
                        "Not {said}: of the {n} trumps, {f} have fallen in these tricks and you hold {h}; your partner has had none since trick {t}."
                    ),
                    format!(
                        "Pas {said} : sur les {n} atouts, {f} sont tombés dans ces plis et vous en avez {h} ; votre partenaire n'en a plus depuis le pli {t}."
                    ),
                )
            }
            Reason::Score { said, sum, right } => {
                let terms = self.sum_terms(sum, *right);
                self.en_fr(
                    format!("Not {said}: the score is {terms}."),
                    format!("Pas {said} : la marque est {terms}."),
                )
            }
            other => self.reason_clause(other),
        }
    }

    /// What kind of answer is asked, and how to give it.
    fn asked(self, asked: Asked) -> &'static str {
        match asked {
            Asked::Card => self.pick(
                "A card is asked: name one of your hand.",
                "Une carte est demandée : nommez-en une de votre main.",
            ),
            Asked::Call => self.pick(
                "A call is asked: pass, a bid such as 90 hearts, or contre.",
                "Une annonce est demandée : passe, une enchère comme 90 cœur, ou contre.",
            ),
            Asked::Number => {
                self.pick("A number of points is asked.", "Un nombre de points est demandé.")
            }
        }
    }

    /// A likely slip of a count.
    pub fn slip(self, slip: Slip) -> String {
        let dix = crate::rules::LAST_TRICK_BONUS;
        let belote = crate::rules::BELOTE_POINTS;
        match slip {
            Slip::DixDeDer => self.en_fr(
                format!("the last trick brings {dix} more, the dix de der"),
                format!("le dernier pli rapporte {dix} de plus, le dix de der"),
            ),
            Slip::Belote => self.en_fr(
                format!("the belote brings {belote} points"),
                format!("la belote rapporte {belote} points"),
            ),
            Slip::JackOfTrumps => self.en_fr(
                "the jack of trumps is worth 20, not 2".into(),
                "le valet d'atout vaut 20, pas 2".into(),
            ),
            Slip::NineOfTrumps => self.en_fr(
                "the 9 of trumps is worth 14, not nothing".into(),
                "le 9 d'atout vaut 14, pas rien".into(),
            ),
            Slip::Capot => {
                let capot = crate::rules::CAPOT_LAST_TRICK_BONUS;
                self.en_fr(
                    format!("a capot's last trick brings {capot}, not {dix}"),
                    format!("au capot, le dernier pli rapporte {capot}, pas {dix}"),
                )
            }
            Slip::WholeTrick(p) => self.en_fr(
                format!("a whole trick of {p} points is off"),
                format!("il manque ou il y a en trop un pli entier de {p} points"),
            ),
        }
    }

    /// The terms of a score, named without their sum: "the card points made + the contract's
    /// value, rounded to the ten".
    fn sum_terms(self, sum: &ScoreSum, written: u16) -> String {
        let mut terms: Vec<String> = Vec::new();
        if sum.cards > 0 {
            terms.push(self.pick("the card points made", "les points faits").into());
        }
        if sum.base > 0 {
            terms.push(sum.base.to_string());
        }
        match sum.bid_times {
            0 => {}
            1 => terms.push(self.pick("the contract's value", "la valeur du contrat").into()),
            n => terms.push(self.en_fr(
                format!("{n} times the contract's value"),
                format!("{n} fois la valeur du contrat"),
            )),
        }
        if sum.belote > 0 {
            terms.push(self.pick("the belote", "la belote").into());
        }
        if sum.bonus > 0 {
            terms.push(sum.bonus.to_string());
        }
        let mut said = terms.join(" + ");
        if sum.times > 1 {
            said = format!("({said}) × {}", sum.times);
        }
        if written != sum.total() {
            // In French the rounding agrees with the points made when they are the whole sum,
            // else with the score ("la marque").
            let points_alone = terms.len() == 1 && sum.cards > 0 && sum.times <= 1;
            let fr =
                if points_alone { ", arrondis à la dizaine" } else { ", arrondie à la dizaine" };
            said.push_str(self.pick(", rounded to the ten", fr));
        }
        self.out(said)
    }

    /// The answer, shown after the wrong tries or before the first level of a stage.
    pub fn learn_answer(self, level: &Level) -> String {
        let head = self.pick("The answer", "La réponse");
        let answer = match &level.question {
            Question::Card { right } => self.cards_or(*right),
            Question::Call { right, meaning } => {
                format!("{}{}{}", self.call(*right), self.colon(), self.meaning(meaning))
            }
            Question::Count(c) => {
                let each: Vec<String> = c.tricks.iter().map(|t| t.points.to_string()).collect();
                let mut sum = each.join(" + ");
                if c.belote > 0 {
                    sum.push_str(&format!(" + {}", c.belote));
                }
                if each.len() > 1 || c.belote > 0 { format!("{sum} = {}", c.right) } else { sum }
            }
            Question::Trumps(c) => {
                format!("{} - {} - {} = {}", c.trump.cards().len(), c.fallen, c.held, c.right)
            }
            Question::Score { right, sum, .. } => self.score_sum(sum, *right),
        };
        let line = format!("{head}{}{answer}", self.colon());
        self.out(if line.ends_with(['.', '!', '?']) { line } else { format!("{line}.") })
    }
}
