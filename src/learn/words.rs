//! The course's words: the stages, each level's goal made from its position, the order and the
//! points of the cards as the rules rank and count them, the stars. Why an answer is wrong is
//! in `reasons.rs`.

use super::counting::tricks_of;
use super::table::Turn;
use super::{Goal, Level, Question, Scene, Stage};
use crate::rules::{Rank, Seat, Suit, Team, Trump};
use crate::text::{Lang, Words};

impl Words {
    /// The English or the French of a sentence made here, folded as these words write.
    pub(super) fn en_fr(self, en: String, fr: String) -> String {
        self.out(match self.lang {
            Lang::En => en,
            Lang::Fr => fr,
        })
    }

    /// A stage's name.
    pub fn stage_name(self, stage: Stage) -> &'static str {
        match stage {
            Stage::Cards => self.pick("The cards", "Les cartes"),
            Stage::Trick => self.pick("The trick", "Le pli"),
            Stage::Counting => self.pick("Counting", "Compter"),
            Stage::Play => self.pick("Playing a hand", "Jouer une donne"),
            Stage::Defence => self.pick("Defending", "Défendre"),
            Stage::Auction => self.pick("The auction", "Les enchères"),
            Stage::Doubles => "Contre, surcontre, capot",
            Stage::Scoring => self.pick("The score", "La marque"),
        }
    }

    /// What a stage teaches, in a few words.
    pub fn stage_idea(self, stage: Stage) -> &'static str {
        match stage {
            Stage::Cards => self.pick(
                "the order and the points of the cards, in trumps and outside",
                "l'ordre et la valeur des cartes, à l'atout et hors atout",
            ),
            Stage::Trick => self.pick(
                "follow suit, win, trump, go higher in trumps, let your partner win, the belote",
                "fournir, prendre la main, couper, monter à l'atout, laisser son partenaire maître, la belote",
            ),
            Stage::Counting => self.pick(
                "the points of a trick, of a side, of a deal, faster and faster, the capot",
                "les points d'un pli, d'un camp, d'une donne, de plus en plus vite, le capot",
            ),
            Stage::Play => self.pick(
                "draw trumps, cash your aces, give your partner points, keep your master cards",
                "faire tomber les atouts, encaisser ses as, charger son partenaire, garder ses cartes maîtresses",
            ),
            Stage::Defence => self.pick(
                "take the most points, lead through the taker, count their trumps",
                "prendre le plus de points, jouer dans le preneur, compter leurs atouts",
            ),
            Stage::Auction => self.pick(
                "open, pass, raise your partner, compete",
                "ouvrir, passer, soutenir son partenaire, intervenir",
            ),
            Stage::Doubles => self.pick(
                "contre the opponents, surcontre or not, bid the capot",
                "contrer l'adversaire, surcontrer ou non, annoncer le capot",
            ),
            Stage::Scoring => self.pick(
                "made or failed, the contre and the surcontre, the capot, the rounding",
                "fait ou chuté, le contre et le surcontre, le capot, l'arrondi",
            ),
        }
    }

    /// A rank as the course names it: its symbol, or its name for a screen reader.
    fn rank_word(self, rank: Rank) -> &'static str {
        if self.spoken { self.rank_name(rank) } else { self.rank(rank) }
    }

    /// The order of the ranks, highest first, as the rules rank them: in trumps or outside.
    pub fn rank_order(self, trump: bool) -> String {
        let mut ranks = Rank::ALL;
        ranks.sort_by_key(|r| {
            std::cmp::Reverse(if trump { r.trump_strength() } else { r.plain_strength() })
        });
        ranks.iter().map(|&r| self.rank_word(r)).collect::<Vec<_>>().join(", ")
    }

    /// The points of the ranks that count, highest first, as the rules count them.
    pub fn rank_points(self, trump: bool) -> String {
        let points = |r: Rank| if trump { r.trump_points() } else { r.plain_points() };
        let mut ranks: Vec<Rank> = Rank::ALL.into_iter().filter(|&r| points(r) > 0).collect();
        ranks.sort_by_key(|&r| std::cmp::Reverse(points(r)));
        let each: Vec<String> =
            ranks.iter().map(|&r| format!("{} {}", self.rank_word(r), points(r))).collect();
        let rest = self.pick("the others 0", "les autres 0");
        format!("{}, {rest}", each.join(", "))
    }

    /// A trump suit's name.
    fn trump_suit(self, trump: Trump) -> &'static str {
        trump.suit().map_or("", |s| self.suit_name(s))
    }

    /// A number of stars.
    pub fn stars(self, n: u32) -> String {
        match (self.lang, n) {
            (Lang::En, 1) => "1 star".into(),
            (Lang::En, n) => format!("{n} stars"),
            (Lang::Fr, 0 | 1) => format!("{n} étoile"),
            (Lang::Fr, n) => format!("{n} étoiles"),
        }
    }

    /// The level's goal, in one or two sentences made from its position.
    pub fn goal(self, level: &Level) -> String {
        crate::text::sentence(&self.goal_clause(level))
    }

    /// The level's goal.
    fn goal_clause(self, level: &Level) -> String {
        let turn = Turn::of(&level.game);
        let trump = level.game.deal().contract().map_or(Trump::NoTrump, |c| c.trump());
        let t = self.trump_suit(trump);
        let right = level.right_cards().first();
        let lead = turn.and_then(|t| t.trick.lead_suit());
        let suit = |s: Option<Suit>| s.map_or("", |s| self.suit_name(s));
        let (o, p) = (self.rank_order(false), self.rank_points(false));
        let (ot, pt) = (self.rank_order(true), self.rank_points(true));
        match level.goal {
            Goal::HighestPlain => {
                let s = suit(right.map(|c| c.suit()));
                self.en_fr(
                    format!("Lead your highest card in {s}. Outside trumps the order is {o}."),
                    format!("Entamez votre plus forte carte à {s}. Hors atout, l'ordre est {o}."),
                )
            }
            Goal::HighestTrump => self.en_fr(
                format!("Lead your highest trump, {t}. In trumps the order is {ot}."),
                format!("Entamez votre plus fort atout, {t}. À l'atout, l'ordre est {ot}."),
            ),
            Goal::PointsPlain => self.en_fr(
                format!("Lead the card outside trumps worth the most points: {p}."),
                format!("Entamez la carte hors atout qui vaut le plus de points : {p}."),
            ),
            Goal::PointsTrump => self.en_fr(
                format!("Lead the trump ({t}) worth the most points: {pt}."),
                format!("Entamez l'atout ({t}) qui vaut le plus de points : {pt}."),
            ),
            _ => self.trick_goal(level, lead.map(|s| self.suit_name(s)).unwrap_or_default(), t),
        }
    }

    /// The goal of a level of the trick or the play, `lead` the suit led, `t` the trump suit.
    fn trick_goal(self, level: &Level, lead: &str, t: &str) -> String {
        match level.goal {
            Goal::Follow => self.en_fr(
                format!("{lead} is led: follow suit, with a card of {lead}."),
                format!("{lead} est demandé : fournissez, avec une carte à {lead}."),
            ),
            Goal::Win => self.en_fr(
                "You play last: take the trick yourself.".into(),
                "Vous jouez en dernier : remportez le pli vous-même.".into(),
            ),
            Goal::MustTrump => self.en_fr(
                format!("You have no {lead} and your partner is not winning: trump, with a card of {t}."),
                format!(
                    "Vous n'avez pas de {lead} et votre partenaire n'est pas maître : coupez, à {t}."
                ),
            ),
            Goal::Overtrump => self.en_fr(
                "A trump is on the table: play a higher one.".into(),
                "Un atout est sur la table : montez au-dessus.".into(),
            ),
            Goal::PartnerMaster => self.en_fr(
                format!(
                    "Your partner is winning and you have no {lead}: you need not trump, so keep your trumps and discard."
                ),
                format!(
                    "Votre partenaire est maître et vous n'avez pas de {lead} : vous n'êtes pas obligé de couper ; gardez vos atouts et défaussez-vous."
                ),
            ),
            Goal::Belote => {
                let b = crate::rules::BELOTE_POINTS;
                self.en_fr(
                format!(
                    "You hold the king and the queen of trumps ({t}), the belote: {b} points. You say \"belote\" as you play the first of them, \"rebelote\" as you play the second. Play one."
                ),
                format!(
                    "Vous avez le roi et la dame d'atout ({t}), la belote : {b} points. On dit « belote » en jouant le premier des deux, « rebelote » en jouant le second. Jouez-en un."
                ),
            )
            }
            _ => self.later_goal(level),
        }
    }

    /// The goal of a level of the counting, the play, the auction or the score.
    fn later_goal(self, level: &Level) -> String {
        let open = self.pick("Every hand is shown.", "Toutes les mains sont visibles.");
        let (pt, dix) = (self.rank_points(true), crate::rules::LAST_TRICK_BONUS);
        match level.goal {
            Goal::CountTrick => self.en_fr(
                "How many points are in this trick?".into(),
                "Combien de points dans ce pli ?".into(),
            ),
            Goal::CountTrumps => self.en_fr(
                format!("How many points are in this trick? Trumps count {pt}."),
                format!("Combien de points dans ce pli ? Les atouts valent {pt}."),
            ),
            Goal::CountTricks => self.en_fr(
                format!(
                    "Count your side's points as the last tricks go by: only the tricks North or you take, and {dix} more for the last trick, the dix de der."
                ),
                format!(
                    "Comptez les points de votre camp pendant que passent les derniers plis : seulement ceux que Nord ou vous prenez, et {dix} de plus pour le dernier pli, le dix de der."
                ),
            ),
            Goal::CountDeal => self.en_fr(
                "Count your side's points in the whole deal as it goes by, with the dix de der and your belote.".into(),
                "Comptez les points de votre camp sur toute la donne pendant qu'elle passe, avec le dix de der et votre belote.".into(),
            ),
            Goal::CountCapot => {
                let side = match &level.question {
                    Question::Count(c) => self.side(c.team.unwrap_or(Team::NS)),
                    _ => "",
                };
                self.en_fr(
                    format!("{side} takes every trick, a capot: how many card points does it count?"),
                    format!("{side} fait tous les plis, un capot : combien de points de cartes compte-t-il ?"),
                )
            }
            Goal::DrawTrumps => self.en_fr(
                format!("{open} You hold the contract: draw the opponents' trumps."),
                format!("{open} Vous avez le contrat : faites tomber les atouts adverses."),
            ),
            Goal::CashAce => self.en_fr(
                format!("{open} Take the most points left: cash your ace."),
                format!("{open} Prenez le plus de points restants : encaissez votre as."),
            ),
            Goal::FeedPartner => self.en_fr(
                format!("{open} Your partner wins this trick: give them points."),
                format!("{open} Votre partenaire remporte ce pli : chargez-le en points."),
            ),
            Goal::KeepMaster => self.en_fr(
                format!(
                    "{open} You cannot follow: discard, but keep your master card, the highest left in its suit, for a trick to come."
                ),
                format!(
                    "{open} Vous ne pouvez pas fournir : défaussez-vous, mais gardez votre carte maîtresse, la plus forte qui reste dans sa couleur, pour un pli à venir."
                ),
            ),
            Goal::Defend => self.en_fr(
                format!("{open} You defend: take the most points left."),
                format!("{open} Vous défendez : prenez le plus de points restants."),
            ),
            Goal::LeadThrough => {
                let taker = level.game.deal().contract().map_or("", |c| self.seat(c.taker));
                self.en_fr(
                    format!(
                        "{open} You defend, and the taker {taker} plays right after you: lead through them, in a suit where your partner, playing after them, is stronger."
                    ),
                    format!(
                        "{open} Vous défendez, et le preneur {taker} joue juste après vous : jouez dans le preneur, dans une couleur où votre partenaire, qui joue après lui, est plus fort."
                    ),
                )
            }
            Goal::CountTheirTrumps => self.their_trumps_goal(level),
            _ => self.call_goal(level),
        }
    }

    /// The goal of the level that counts the takers' trumps.
    fn their_trumps_goal(self, level: &Level) -> String {
        let Question::Trumps(c) = &level.question else { return String::new() };
        let (t, held, trick) = (self.trump_suit(c.trump), c.held, c.shown_out + 1);
        self.en_fr(
            format!(
                "You defend, East-West hold the contract in {t}. Your partner showed out of trumps on trick {trick}, and you hold {held} trump{}. After these tricks, how many trumps do the takers still hold?",
                if held == 1 { "" } else { "s" }
            ),
            format!(
                "Vous défendez, Est-Ouest ont le contrat à {t}. Votre partenaire n'a pas fourni à l'atout au pli {trick}, et vous avez {held} atout{}. Après ces plis, combien d'atouts les preneurs ont-ils encore ?",
                if held > 1 { "s" } else { "" }
            ),
        )
    }

    /// The goal of the surcontre's level: the stake, contré and surcontré, by the rules' score.
    fn surcontre_goal(self, level: &Level) -> String {
        let (x, y, belote) = super::auction::stakes(&level.game).unwrap_or_default();
        let m = crate::rules::Multiplier::Surcontre.factor();
        let (en_b, fr_b) =
            if belote { (", your belote included", ", votre belote comprise") } else { ("", "") };
        self.en_fr(
            format!(
                "Your bid is contré: the side that wins the deal writes {x}{en_b}. Surcontré, it would write {y}, whichever side wins: the surcontre multiplies the score by {m}. Surcontre only when the contract is sure; else pass."
            ),
            format!(
                "Votre enchère est contrée : le camp qui gagne la donne marque {x}{fr_b}. Surcontrée, il marquerait {y}, quel que soit ce camp : le surcontre multiplie la marque par {m}. Ne surcontrez que si le contrat est sûr ; sinon passez."
            ),
        )
    }

    /// The goal of the opening's levels: how the convention, in the course's style, turns the
    /// hand's worth into its opening, from the convention's own tilt and the lowest bid.
    fn opening_goal(self) -> String {
        let tilt = crate::bots::bidding::tilt(super::table::STYLE);
        let min = crate::rules::MIN_BID;
        let (en_style, fr_style) = match super::table::STYLE {
            crate::personas::BiddingStyle::Cautious => ("cautious", "prudent"),
            crate::personas::BiddingStyle::Bold => ("bold", "audacieux"),
        };
        let (en_by, fr_by) = match tilt {
            0 => (String::new(), String::new()),
            t if t < 0 => (format!(" less {}", -t), format!(" moins {}", -t)),
            t => (format!(" plus {t}"), format!(" plus {t}")),
        };
        self.en_fr(
            format!(
                "Nobody has bid yet. The convention, in the {en_style} style, opens in your best suit at its worth{en_by}, rounded down to the ten, when that comes to {min} or more; else it passes."
            ),
            format!(
                "Personne n'a encore parlé. La convention, en style {fr_style}, ouvre dans votre meilleure couleur à sa valeur{fr_by}, arrondie à la dizaine inférieure, quand cela fait au moins {min} ; sinon elle passe."
            ),
        )
    }

    /// The goal of a level of the auction or the score.
    fn call_goal(self, level: &Level) -> String {
        let team = match &level.question {
            Question::Score { team, .. } => *team,
            _ => Team::NS,
        };
        let side = self.side(team);
        match level.goal {
            Goal::Open | Goal::PassWeak => self.opening_goal(),
            Goal::Raise => self.en_fr(
                "Your partner has bid: raise them by your sure tricks, or pass.".into(),
                "Votre partenaire a parlé : soutenez-le de vos plis sûrs, ou passez.".into(),
            ),
            Goal::Compete => self.en_fr(
                "The opponents have bid: bid over them in your own suit, or pass.".into(),
                "Les adversaires ont parlé : enchérissez dans votre couleur, ou passez.".into(),
            ),
            Goal::Contre => self.en_fr(
                "The opponents have bid: if you hold enough of their trumps to make them fail, contre.".into(),
                "Les adversaires ont parlé : si vous tenez assez de leurs atouts pour les faire chuter, contrez.".into(),
            ),
            Goal::Surcontre => self.surcontre_goal(level),
            Goal::CapotBid => {
                let (v, s) = (crate::rules::CAPOT_VALUE, crate::rules::CAPOT_SCORE);
                self.en_fr(
                    format!("Your turn to call: what is your hand worth? Bidding the capot promises every trick: it counts {v} in the auction, and scores {s} when made."),
                    format!("À vous de parler : que vaut votre main ? Annoncer le capot promet tous les plis : il compte pour {v} aux enchères, et marque {s} s'il est fait."),
                )
            }
            Goal::ScoreMade => self.en_fr(
                format!("The contract is made: what does {side} write down?"),
                format!("Le contrat est fait : que marque {side} ?"),
            ),
            Goal::ScoreFailed => self.en_fr(
                format!("The contract failed: what does {side} write down?"),
                format!("Le contrat a chuté : que marque {side} ?"),
            ),
            Goal::ScoreContre => self.en_fr(
                format!("The contract was contré: what does {side} write down?"),
                format!("Le contrat était contré : que marque {side} ?"),
            ),
            Goal::ScoreSurcontre => {
                let m = crate::rules::Multiplier::Surcontre.factor();
                self.en_fr(
                    format!("The contract was surcontré: the score is multiplied by {m}, the belote excepted. What does {side} write down?"),
                    format!("Le contrat était surcontré : la marque est multipliée par {m}, sauf la belote. Que marque {side} ?"),
                )
            }
            Goal::ScoreCapot => {
                let (v, s) = (crate::rules::CAPOT_VALUE, crate::rules::CAPOT_SCORE);
                self.en_fr(
                    format!("The capot was bid: worth {v} in the auction, it scores {s}. What does {side} write down?"),
                    format!("Le capot a été annoncé : il vaut {v} aux enchères et marque {s}. Que marque {side} ?"),
                )
            }
            _ => self.en_fr(
                format!("Scores are rounded to the ten: what does {side} write down?"),
                format!("La marque s'arrondit à la dizaine : que marque {side} ?"),
            ),
        }
    }

    /// A side as the course names it: yours (North and you), or theirs (East and West).
    pub fn side(self, team: Team) -> &'static str {
        match team {
            Team::NS => self.pick("your side", "votre camp"),
            Team::EW => self.pick("their side", "leur camp"),
        }
    }

    /// How many tricks of the deal a level's drill shows, and at what pace: "Tricks 6 to 8,
    /// one card a second".
    pub fn drill_head(self, level: &Level) -> Option<String> {
        let Scene::Tricks { from, to, pace } = level.scene else { return None };
        let (_, trump) = tricks_of(&level.game)?;
        let t = self.trump_suit(trump);
        let tricks = if to - from == 1 {
            self.en_fr(format!("Trick {}", from + 1), format!("Pli {}", from + 1))
        } else {
            self.en_fr(format!("Tricks {} to {to}", from + 1), format!("Plis {} à {to}", from + 1))
        };
        let paced = match pace {
            0 => String::new(),
            ms => self.en_fr(
                format!(", a card every {:.1} s", f64::from(ms) / 1000.0),
                format!(", une carte toutes les {:.1} s", f64::from(ms) / 1000.0).replace('.', ","),
            ),
        };
        Some(
            self.en_fr(
                format!("{tricks}, {t} trumps{paced}."),
                format!("{tricks}, atout {t}{paced}."),
            ),
        )
    }

    /// Who South is and where its partner sits.
    pub fn seats_said(self) -> &'static str {
        self.pick(
            "You sit South; your partner is North, across the table.",
            "Vous êtes Sud ; votre partenaire est Nord, en face.",
        )
    }

    /// The seat of a trick's winner, from South's side: "you", "your partner North", "East".
    pub fn who(self, seat: Seat) -> String {
        match seat {
            Seat::South => self.pick("you", "vous").into(),
            Seat::North => self.pick("your partner North", "votre partenaire Nord").into(),
            s => self.seat(s).into(),
        }
    }
}
