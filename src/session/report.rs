//! What the table reports of its game, worked out once for every front end to lay out: a
//! finished deal's summary, the history's lines, the expert's analysis of a deal, the players,
//! the declarations that score, the belotes kept, the notes on the rules of a game, and what a
//! finished game changed in the statistics. The screen draws them in its columns and styles; the
//! line mode says them a sentence each.

use crate::bots::bidding::{Meaning, every_call};
use crate::bots::expert::{Cost, DealAnalysis, Estimate, Reason};
use crate::game::{Action, Deal, DealResult, Game};
use crate::personas::{self, BiddingStyle, Level};
use crate::rules::{
    BidLevel, BySeat, ByTeam, Contract, DealRecord, RuleSet, Rules, Seat, Suit, Team,
    declaration_winner, declarations_scored,
};
use crate::stats::Stats;
use crate::text::{T, Words};

/// How far the takers got, against what they bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// A bid in points: the takers' total as the contract is measured, and the bid.
    Points {
        /// The takers' total: card points, their belotes, in coinche their declarations.
        got: u16,
        /// The bid.
        bid: u16,
    },
    /// A capot: the tricks the takers took, of 8.
    Tricks(u8),
}

/// A finished deal's contract and its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContractVerdict {
    /// The contract.
    pub contract: Contract,
    /// Whether it was made.
    pub made: bool,
    /// How far the takers got.
    pub reached: Reached,
    /// The defence's total as the contract is measured, where the rules set it against the
    /// takers' (coinche and plain, a bid in points).
    pub defence: Option<u16>,
}

/// One line of a deal's points, team by team: `None` where a team has none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    /// What the points are: card points, declarations, belotes.
    pub label: T,
    /// Each team's.
    pub teams: ByTeam<Option<u16>>,
}

/// A finished deal's summary: its contract and verdict, its points by kind, who declared what
/// and who held the belotes, and each team's score as the rules add it up.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The contract and its verdict; `None` when everyone passed.
    pub outcome: Option<ContractVerdict>,
    /// The points by kind: card points, then the declarations and belotes the deal has, each
    /// under the side whose score counts it.
    pub points: Vec<Points>,
    /// Who declared what, in coinche: each seat that declared something.
    pub declared: Vec<(Seat, crate::rules::Combination)>,
    /// The belotes that counted, seat by seat, with their suits.
    pub belotes: Vec<(Seat, Vec<Suit>)>,
    /// Each team's score, in words: its sum, then what is written down.
    pub sums: ByTeam<String>,
    /// The totals after the deal.
    pub totals: ByTeam<u32>,
}

impl Summary {
    /// The summary of finished deal `d`, its sums in `w`'s words.
    pub fn of(w: Words, d: &DealResult) -> Summary {
        let none = Summary {
            outcome: None,
            points: Vec::new(),
            declared: Vec::new(),
            belotes: Vec::new(),
            sums: ByTeam::default(),
            totals: d.totals,
        };
        let (Some(c), Some(s)) = (d.contract, d.score) else { return none };
        let takers = c.team();
        let rules = d.record.rules();
        let tally = d.tally();
        let got = tally.measured(takers, rules);
        let reached = match c.bid.level {
            BidLevel::Points(bid) => Reached::Points { got, bid },
            BidLevel::Capot => Reached::Tricks(d.tricks_won[takers]),
        };
        let defence = match (rules.set, c.bid.level) {
            (RuleSet::Coinche | RuleSet::Plain, BidLevel::Points(_)) => {
                Some(tally.measured(takers.other(), rules))
            }
            _ => None,
        };
        let some = |v: u16| (v > 0).then_some(v);
        let mut points = vec![Points { label: T::CardPoints, teams: d.card_points.map(Some) }];
        let declared: Vec<_> = d
            .declared
            .map(|all| all.iter().filter(|(_, c)| !c.is_empty()).map(|(s, c)| (s, *c)).collect())
            .unwrap_or_default();
        // The declarations and belotes under the side whose score counts them, which is not
        // always the side that held them: a side scoring alone (a failed or contré contract)
        // takes them all.
        if !declared.is_empty() {
            points.push(Points { label: T::Declarations, teams: s.declarations.map(some) });
        }
        let total_belotes: u8 = d.belotes.counts().0.iter().sum();
        if total_belotes > 0 {
            let label = if total_belotes > 1 { T::Belotes } else { T::Belote };
            points.push(Points { label, teams: s.belote_points.map(some) });
        }
        let belotes = Seat::ALL
            .into_iter()
            .map(|seat| {
                let suits = d.belotes.iter().filter(|(s, _)| *s == seat).map(|(_, suit)| suit);
                (seat, suits.collect::<Vec<_>>())
            })
            .filter(|(_, suits)| !suits.is_empty())
            .collect();
        Summary {
            outcome: Some(ContractVerdict { contract: c, made: s.made, reached, defence }),
            points,
            declared,
            belotes,
            sums: ByTeam::from_fn(|team| w.score_sum(&s.sums[team], s.score[team])),
            totals: d.totals,
        }
    }

    /// Who held each belote, in `w`'s words: "West ♥", "North ♠ ♦".
    pub fn held(&self, w: Words) -> Vec<String> {
        self.belotes
            .iter()
            .map(|(seat, suits)| {
                let suits: Vec<&str> = suits.iter().map(|&s| w.suit(s)).collect();
                format!("{} {}", w.seat(*seat), suits.join(" "))
            })
            .collect()
    }

    /// "Belote" or "Belotes", as many as the deal counted.
    pub fn belote_label(&self) -> T {
        let n: usize = self.belotes.iter().map(|(_, suits)| suits.len()).sum();
        if n > 1 { T::Belotes } else { T::Belote }
    }
}

/// What a deal's line of the history shows of its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The contract was made.
    Made,
    /// The contract failed.
    Failed,
    /// Everyone passed.
    Passed,
    /// The deal is being played.
    InProgress,
}

/// A deal as a line of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealLine {
    /// The deal's number, from 1.
    pub number: usize,
    /// Who dealt.
    pub dealer: Seat,
    /// The contract, once there is one.
    pub contract: Option<Contract>,
    /// How it went.
    pub standing: Standing,
    /// The points of the deal: as written down, or for the deal in progress its card points
    /// so far.
    pub points: ByTeam<u16>,
    /// The totals after the deal (before it, for the deal in progress).
    pub totals: ByTeam<u32>,
}

impl DealLine {
    /// Finished deal `d`, the game's deal `i` (from 0).
    pub fn finished(i: usize, d: &DealResult) -> DealLine {
        let standing = match d.score {
            Some(s) if s.made => Standing::Made,
            Some(_) => Standing::Failed,
            None => Standing::Passed,
        };
        DealLine {
            number: i + 1,
            dealer: d.record.dealer,
            contract: d.contract,
            standing,
            points: d.points(),
            totals: d.totals,
        }
    }

    /// The deal `game` is playing.
    pub fn in_progress(game: &Game) -> DealLine {
        let d: &Deal = game.deal();
        DealLine {
            number: d.index + 1,
            dealer: d.dealer,
            contract: d.contract(),
            standing: Standing::InProgress,
            points: d.play.as_ref().map(|p| p.points()).unwrap_or_default(),
            totals: game.totals(),
        }
    }

    /// The game's deals, one line each: the finished ones, then the one in progress if any.
    pub fn all(game: &Game) -> Vec<DealLine> {
        let mut lines: Vec<DealLine> =
            game.history().iter().enumerate().map(|(i, d)| DealLine::finished(i, d)).collect();
        if super::review::history_rows(game) > lines.len() {
            lines.push(DealLine::in_progress(game));
        }
        lines
    }
}

/// Where a decision of South's came in the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// In the auction.
    Call,
    /// In this trick (from 1).
    Trick(usize),
}

/// One of South's decisions beside the expert's.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// Where it came.
    pub when: When,
    /// What South did.
    pub played: Action,
    /// What the expert advises.
    pub advised: Action,
    /// Why.
    pub reason: Reason,
    /// What South's choice cost, paired world by world against the expert's, when it was not
    /// the expert's and was weighed; only a clear mistake ([`Cost::is_mistake`]) is shown as a
    /// cost, anything else as good as the expert's.
    pub cost: Option<Cost>,
    /// What South's choice changed on the real deal, every hand known, the expert's choice
    /// less South's, when it was not the expert's and the solver settled it: exact
    /// ([`crate::bots::expert::Review::on_the_deal`]); 0 is no effect on this deal.
    pub on_the_deal: Option<i32>,
    /// What South's call shows under the convention, for a call.
    pub meaning: Option<Meaning>,
    /// Every option the expert weighed, best mean first.
    pub options: Vec<Estimate>,
}

impl Graded {
    /// Whether South did what the expert advises.
    pub fn agrees(&self) -> bool {
        self.played == self.advised
    }
}

/// The expert's analysis of a deal, decision by decision, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// South's decisions, in order.
    pub decisions: Vec<Graded>,
    /// How many were the expert's.
    pub agreed: usize,
    /// What the clear mistakes among the others cost, added up.
    pub cost: f64,
    /// The standard error of that sum.
    pub se: f64,
}

impl Analysis {
    /// `a`, the analysis of the deal of `record`, decision by decision, each seat's calls read
    /// by `levels`.
    pub fn of(a: &DealAnalysis, record: &DealRecord, levels: &BySeat<Level>) -> Analysis {
        let meanings = record.replay_auction().map(|auction| every_call(&auction, levels));
        let meanings = meanings.unwrap_or_default();
        let decisions: Vec<Graded> = a
            .reviews
            .iter()
            .map(|r| Graded {
                when: match r.played {
                    Action::Bid(_) => When::Call,
                    Action::Play(_) => When::Trick(r.index / 4 + 1),
                },
                played: r.played,
                advised: r.advice.action,
                reason: r.advice.reason,
                cost: r.cost.filter(|_| r.played != r.advice.action),
                on_the_deal: r.on_the_deal.filter(|_| r.played != r.advice.action),
                meaning: match r.played {
                    Action::Bid(_) => meanings.get(r.index).cloned(),
                    Action::Play(_) => None,
                },
                options: r.advice.options.clone(),
            })
            .collect();
        let agreed = decisions.iter().filter(|d| d.agrees()).count();
        Analysis { decisions, agreed, cost: a.mistakes_cost(), se: a.mistakes_se() }
    }
}

/// A computer player at the table, as the players' popup and the line mode present it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The seat.
    pub seat: Seat,
    /// The persona's name.
    pub name: String,
    /// Partner or opponent.
    pub role: T,
    /// The portrait, a line each.
    pub portrait: Vec<String>,
    /// The tagline, in the table's language.
    pub tagline: String,
    /// What its bidding style means.
    pub style: T,
}

impl Player {
    /// The computer player at `seat` of `game`, if its persona is known.
    pub fn at(w: Words, game: &Game, seat: Seat) -> Option<Player> {
        let p = personas::by_id(&game.players()[seat])?;
        let tagline = match w.lang {
            crate::text::Lang::En => &p.tagline.en,
            crate::text::Lang::Fr => &p.tagline.fr,
        };
        Some(Player {
            seat,
            name: p.name.clone(),
            role: if seat == Seat::North { T::Partner } else { T::Opponent },
            portrait: p.portrait.clone(),
            tagline: tagline.clone(),
            style: match p.style {
                BiddingStyle::Bold => T::StyleBold,
                BiddingStyle::Cautious => T::StyleCautious,
            },
        })
    }
}

/// Which team scores its declarations in the deal being played, once every seat has declared
/// (`coinche`, from the second trick on): `None` before that or when nobody declared anything;
/// `Some(None)` when neither scores; else the team, and its points.
pub fn declarations_scoring(deal: &Deal) -> Option<Option<(Team, u16)>> {
    let declared = deal.declarations()?;
    let trump = deal.play.as_ref()?.trump();
    if declared.0.iter().all(|c| c.is_empty()) {
        return None;
    }
    let scored = declarations_scored(&declared, trump);
    Some(declaration_winner(&declared, trump).map(|team| (team, scored[team])))
}

/// "Us" or "Them".
pub fn team_word(team: Team) -> T {
    if team == Team::NS { T::Us } else { T::Them }
}

/// The belotes of each team in a few words: "Belote: Us", "Belotes: Us 2, Them 1".
pub fn belotes_kept(w: Words, counts: ByTeam<u8>) -> String {
    let total: u8 = counts.0.iter().sum();
    let teams: Vec<String> = Team::ALL
        .into_iter()
        .filter(|&team| counts[team] > 0)
        .map(|team| match total {
            1 => w.t(team_word(team)).to_string(),
            _ => format!("{} {}", w.t(team_word(team)), counts[team]),
        })
        .collect();
    let label = if total > 1 { T::Belotes } else { T::Belote };
    format!("{}{}{}", w.t(label), w.colon(), teams.join(", "))
}

/// The notes on the rules of a game of `rules`: its declarations, or what its rule set changes,
/// and sans atout and tout atout when it has them.
pub fn set_notes(rules: Rules) -> Vec<T> {
    let mut notes = vec![match rules.set {
        RuleSet::Contree => T::Annonces,
        RuleSet::Coinche => T::AnnoncesCoinche,
        RuleSet::Plain => T::AnnoncesPlain,
    }];
    if rules.nt_at {
        notes.push(T::NtAtNote);
    }
    notes
}

/// How to read one figure of the statistics.
type StatOf = fn(&Stats) -> u64;

/// One figure of the statistics a game changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatChange {
    /// What it counts.
    pub label: T,
    /// What the game added.
    pub added: u64,
    /// The figure now, once the statistics are loaded.
    pub now: Option<u64>,
}

/// The figures of the statistics `game` changed, with their values in `after` (the statistics
/// as the game leaves them, once loaded).
pub fn stat_changes(game: &Game, after: Option<&Stats>) -> Vec<StatChange> {
    let mut mine = Stats::default();
    for d in game.history() {
        mine.add_deal(d);
    }
    if let Some(winner) = game.winner() {
        mine.add_game(game.rules().set, game.options().target, winner);
    }
    let rows: [(T, StatOf); 11] = [
        (T::GamesPlayed, |s| u64::from(s.all_games().played)),
        (T::GamesWon, |s| u64::from(s.all_games().won)),
        (T::DealsPlayed, |s| u64::from(s.deals.played)),
        (T::ContractsTaken, |s| u64::from(s.deals.ours.taken)),
        (T::ContractsMade, |s| u64::from(s.deals.ours.made)),
        (T::StatContres, |s| u64::from(s.deals.contres.made)),
        (T::ContresWon, |s| u64::from(s.deals.contres_won.made)),
        (T::StatCapots, |s| u64::from(s.deals.capots.made)),
        (T::StatBelotes, |s| u64::from(s.deals.belotes[Team::NS])),
        (T::Undos, |s| u64::from(s.deals.undos)),
        (T::HintsUsed, |s| u64::from(s.deals.hints)),
    ];
    rows.into_iter()
        .map(|(label, value)| StatChange { label, added: value(&mine), now: after.map(value) })
        .filter(|c| c.added > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Replay;
    use crate::rules::Call;
    use crate::text::{Lang, SuitStyle};

    /// The deal of `dealer`, `hands` (South, East, North, West) and `auction`, its cards played
    /// by each seat's lowest legal card, finished.
    fn finished(dealer: Seat, hands: [&str; 4], auction: &[&str]) -> DealResult {
        let cards = |s: &str| s.split_whitespace().map(|c| c.parse().expect("a card")).collect();
        let record = DealRecord {
            dealer,
            hands: BySeat(hands.map(cards)),
            auction: auction.iter().map(|c| c.parse::<Call>().expect("a call")).collect(),
            play: Vec::new(),
            rules: None,
            declared: Default::default(),
            game: None,
            claimed: None,
        };
        let mut game = Replay::new(&record).and_then(Replay::finish).expect("a legal auction");
        while let Some(seat) = game.to_act() {
            let card = game.legal_cards().iter().next().expect("a legal card");
            game.apply(seat, Action::Play(card)).expect("a legal card");
        }
        game.history().last().cloned().expect("a finished deal")
    }

    #[test]
    fn a_belote_is_written_under_the_side_whose_score_counts_it() {
        // East takes 80 in hearts and North contres; South holds the king and queen of hearts,
        // East and West the trumps and every ace and ten: East-West make it and score alone,
        // South's belote with the rest.
        let d = finished(
            Seat::South,
            [
                "KH QH 7S 8S 9S 7D 8D 9D",
                "JH 9H AH 10H 8H 7H AS AD",
                "JS QS JD QD JC 7C 8C 9C",
                "AC 10C 10S 10D KC KS KD QC",
            ],
            &["80H", "contre", "pass", "pass", "pass"],
        );
        let s = d.score.expect("a contract");
        assert!(s.made, "{s:?}");
        assert_eq!(s.belote_points, ByTeam([0, 20]));
        let w = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
        let summary = Summary::of(w, &d);
        let belote = summary.points.iter().find(|p| p.label == T::Belote).expect("a belote row");
        assert_eq!(belote.teams, ByTeam([None, Some(20)]), "where the score counts it");
        // Who held it is still said.
        assert_eq!(summary.held(w), ["South ♥"]);
    }
}
