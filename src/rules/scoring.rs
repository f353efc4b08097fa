//! The score of a deal and the end of the game.
//!
//! Two methods: "points faits + points demandés" (the default: the contract's value is added to
//! the winning side) and "points faits". Contre doubles and surcontre quadruples everything but
//! the belote; the FFB's tournament contre counts 160 + 2C (160 + 4C) instead of 320 + 2C (640 + 4C).
//! Each team's score is rounded to the nearest ten, 5 going up.

use serde::{Deserialize, Serialize};

use super::auction::{Contract, Level, Multiplier};
use super::seat::{ByTeam, Team};

/// Points of the belote.
pub const BELOTE_POINTS: u16 = 20;
/// A failed or contré contract's base: the value of all the cards, rounded.
pub const BASE_POINTS: u16 = 160;
/// A capot contract's base value.
pub const CAPOT_SCORE: u16 = 500;
/// Added to a contré or surcontré numeric contract made with all eight tricks.
pub const CONTRE_CAPOT_BONUS: u16 = 100;

/// How a deal is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringMethod {
    /// Points faits + points demandés: the contract value goes to the side that wins the deal.
    #[default]
    MadePlusBid,
    /// Points faits: only the points made.
    Made,
}

/// How a contre is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContreScoring {
    /// 160 × m + C × m.
    #[default]
    Standard,
    /// FFB note 1, points faits + demandés only: 160 + C × m for numeric contracts.
    Tournament,
}

/// The scoring options of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ScoringRules {
    /// Points faits + demandés, or points faits.
    pub scoring: ScoringMethod,
    /// Standard or tournament contre.
    pub contre: ContreScoring,
}

/// What the table writes down for a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealScore {
    /// Whether the contract was made.
    pub made: bool,
    /// The score before rounding.
    pub raw: ByTeam<u16>,
    /// The score written down: rounded to the ten.
    pub score: ByTeam<u16>,
    /// The team whose score includes the belote, if any.
    pub belote_to: Option<Team>,
    /// How each team's score before rounding adds up.
    pub sums: ByTeam<ScoreSum>,
}

/// The terms of a team's score before rounding, for showing the sum: card points, a base (160
/// on a failed or contré contract, 500 on a capot, times the multiplier where it applies), the
/// contract's value a number of times, the belote and the bonus of a contré contract made with
/// every trick. A term that does not count is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoreSum {
    /// Card points made, dix de der included.
    pub cards: u16,
    /// The base of the score.
    pub base: u16,
    /// The contract's value.
    pub bid: u16,
    /// How many times the contract's value counts (0 when it does not).
    pub bid_times: u16,
    /// The belote.
    pub belote: u16,
    /// The bonus of a contré contract made with every trick.
    pub bonus: u16,
}

impl ScoreSum {
    /// The sum: the score before rounding.
    pub const fn total(&self) -> u16 {
        self.cards + self.base + self.bid * self.bid_times + self.belote + self.bonus
    }
}

/// Rounds to the nearest ten, 5 going up: 85 -> 90, 84 -> 80, 252 -> 250.
///
/// ```
/// assert_eq!(contree::rules::round_to_ten(85), 90);
/// assert_eq!(contree::rules::round_to_ten(84), 80);
/// assert_eq!(contree::rules::round_to_ten(252), 250);
/// ```
pub const fn round_to_ten(x: u16) -> u16 {
    (x + 5) / 10 * 10
}

/// Whether the takers made their contract: total (cards + own belote) at least the bid, or every
/// trick on a capot. Rounding never saves a contract.
pub fn contract_made(
    contract: &Contract,
    card_points: ByTeam<u16>,
    tricks_won: ByTeam<u8>,
    belote: Option<Team>,
) -> bool {
    let takers = contract.team();
    match contract.bid.level {
        Level::Capot => tricks_won[takers] == 8,
        Level::Points(value) => {
            let own_belote = if belote == Some(takers) { BELOTE_POINTS } else { 0 };
            card_points[takers] + own_belote >= value
        }
    }
}

/// Scores a played deal.
///
/// `card_points` include the dix de der (162 in all, 252 when one team took every trick);
/// `belote` is the team holding K and Q of trump.
///
/// ```
/// use contree::rules::*;
/// // Seed 004, example 1: 100 hearts by North, NS 96 card points + belote, EW 66.
/// let contract = Contract { taker: Seat::North, bid: Bid::new(Level::Points(100), Suit::Hearts), multiplier: Multiplier::Simple };
/// let s = score_deal(&contract, ByTeam([96, 66]), ByTeam([6, 2]), Some(Team::NS), ScoringRules::default());
/// assert!(s.made);
/// assert_eq!(s.score, ByTeam([220, 70]));
/// ```
pub fn score_deal(
    contract: &Contract,
    card_points: ByTeam<u16>,
    tricks_won: ByTeam<u8>,
    belote: Option<Team>,
    rules: ScoringRules,
) -> DealScore {
    let takers = contract.team();
    let defence = takers.other();
    let made = contract_made(contract, card_points, tricks_won, belote);
    let m = contract.multiplier.factor();
    let bid_counts = rules.scoring == ScoringMethod::MadePlusBid;
    let own_belote = |team: Team| if belote == Some(team) { BELOTE_POINTS } else { 0 };
    let every_belote = if belote.is_some() { BELOTE_POINTS } else { 0 };
    let mut sums = ByTeam([ScoreSum::default(); 2]);
    let winner;
    let mut belote_to = None;
    let bid_times = |times: u16| if bid_counts { times } else { 0 };
    match (contract.bid.level, contract.multiplier, made) {
        (Level::Capot, Multiplier::Simple, true) => {
            sums[takers] =
                ScoreSum { base: CAPOT_SCORE, belote: own_belote(takers), ..ScoreSum::default() };
            sums[defence] = ScoreSum { belote: own_belote(defence), ..ScoreSum::default() };
            belote_to = belote;
            winner = None;
        }
        (Level::Capot, _, true) => {
            sums[takers] =
                ScoreSum { base: CAPOT_SCORE * m, belote: every_belote, ..ScoreSum::default() };
            winner = Some(takers);
        }
        (Level::Capot, _, false) => {
            sums[defence] =
                ScoreSum { base: CAPOT_SCORE * m, belote: every_belote, ..ScoreSum::default() };
            winner = Some(defence);
        }
        (Level::Points(value), Multiplier::Simple, true) => {
            sums[takers] = ScoreSum {
                cards: card_points[takers],
                bid: value,
                bid_times: bid_times(1),
                belote: own_belote(takers),
                ..ScoreSum::default()
            };
            sums[defence] = ScoreSum {
                cards: card_points[defence],
                belote: own_belote(defence),
                ..ScoreSum::default()
            };
            belote_to = belote;
            winner = None;
        }
        (Level::Points(value), Multiplier::Simple, false) => {
            sums[defence] = ScoreSum {
                base: BASE_POINTS,
                bid: value,
                bid_times: bid_times(1),
                belote: every_belote,
                ..ScoreSum::default()
            };
            winner = Some(defence);
        }
        (Level::Points(value), _, _) => {
            let side = if made { takers } else { defence };
            let base = if bid_counts && rules.contre == ContreScoring::Tournament {
                BASE_POINTS
            } else {
                BASE_POINTS * m
            };
            let bonus = if made && tricks_won[takers] == 8 { CONTRE_CAPOT_BONUS } else { 0 };
            sums[side] = ScoreSum {
                base,
                bid: value,
                bid_times: bid_times(m),
                belote: every_belote,
                bonus,
                ..ScoreSum::default()
            };
            winner = Some(side);
        }
    }
    if let Some(w) = winner {
        belote_to = belote.map(|_| w);
    }
    let raw = sums.map(|s| s.total());
    DealScore { made, raw, score: raw.map(round_to_ten), belote_to, sums }
}

/// Whether the game is over after a deal, and who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOutcome {
    /// Play another deal.
    Continue,
    /// The game is won.
    Won(Team),
}

impl GameOutcome {
    /// The winner, if the game is over.
    pub fn winner(self) -> Option<Team> {
        match self {
            GameOutcome::Won(t) => Some(t),
            GameOutcome::Continue => None,
        }
    }
}

/// Decides the end of the game after a deal.
///
/// `totals` are the totals after the deal. A team reaches the target when its total is at least
/// the target, except a team that took no trick in the deal and reaches it only thanks to its
/// belote. Both teams there: the higher total wins; equal totals: play on.
pub fn game_outcome(
    target: u16,
    totals: ByTeam<u32>,
    deal: Option<(&DealScore, ByTeam<u8>)>,
) -> GameOutcome {
    let reached = |team: Team| {
        let total = totals[team];
        if total < u32::from(target) {
            return false;
        }
        match deal {
            Some((score, tricks)) if tricks[team] == 0 && score.belote_to == Some(team) => {
                total - u32::from(BELOTE_POINTS) >= u32::from(target)
            }
            _ => true,
        }
    };
    match (reached(Team::NS), reached(Team::EW)) {
        (false, false) => GameOutcome::Continue,
        (true, false) => GameOutcome::Won(Team::NS),
        (false, true) => GameOutcome::Won(Team::EW),
        (true, true) => match totals[Team::NS].cmp(&totals[Team::EW]) {
            std::cmp::Ordering::Greater => GameOutcome::Won(Team::NS),
            std::cmp::Ordering::Less => GameOutcome::Won(Team::EW),
            std::cmp::Ordering::Equal => GameOutcome::Continue,
        },
    }
}

#[cfg(test)]
mod tests {
    //! The worked examples of the rules text ("Exemples chiffrés à la contrée" and "Une donne de
    //! contrée commentée"). North-South are the takers throughout.

    use super::*;
    use crate::rules::{Bid, Seat, Suit};

    const PLUS_BID: ScoringRules =
        ScoringRules { scoring: ScoringMethod::MadePlusBid, contre: ContreScoring::Standard };
    const MADE: ScoringRules =
        ScoringRules { scoring: ScoringMethod::Made, contre: ContreScoring::Standard };
    const TOURNAMENT: ScoringRules =
        ScoringRules { scoring: ScoringMethod::MadePlusBid, contre: ContreScoring::Tournament };

    fn contract(level: Level, suit: Suit, multiplier: Multiplier) -> Contract {
        Contract { taker: Seat::North, bid: Bid::new(level, suit), multiplier }
    }

    fn ns_ew(cards_ns: u16, tricks_ns: u8) -> (ByTeam<u16>, ByTeam<u8>) {
        let total = if tricks_ns == 8 || tricks_ns == 0 { 252 } else { 162 };
        (ByTeam([cards_ns, total - cards_ns]), ByTeam([tricks_ns, 8 - tricks_ns]))
    }

    fn score(
        c: &Contract,
        ns: u16,
        tricks: u8,
        belote: Option<Team>,
        r: ScoringRules,
    ) -> DealScore {
        let (p, t) = ns_ew(ns, tricks);
        score_deal(c, p, t, belote, r)
    }

    #[test]
    fn example_1_made() {
        let c = contract(Level::Points(100), Suit::Hearts, Multiplier::Simple);
        let s = score(&c, 96, 6, Some(Team::NS), PLUS_BID);
        assert!(s.made);
        assert_eq!(s.raw, ByTeam([216, 66]));
        // 96 + 100 + 20 = 216 for the takers, 66 for the defence.
        let takers =
            ScoreSum { cards: 96, bid: 100, bid_times: 1, belote: 20, ..ScoreSum::default() };
        assert_eq!(s.sums, ByTeam([takers, ScoreSum { cards: 66, ..ScoreSum::default() }]));
        assert_eq!(s.score, ByTeam([220, 70]));
        let s = score(&c, 96, 6, Some(Team::NS), MADE);
        assert_eq!(s.raw, ByTeam([116, 66]));
        assert_eq!(s.score, ByTeam([120, 70]));
    }

    #[test]
    fn example_2_made_while_the_defence_makes_more() {
        let c = contract(Level::Points(80), Suit::Spades, Multiplier::Simple);
        let s = score(&c, 62, 3, Some(Team::NS), PLUS_BID);
        assert!(s.made);
        assert_eq!(s.raw, ByTeam([162, 100]));
        assert_eq!(s.score, ByTeam([160, 100]));
        let s = score(&c, 62, 3, Some(Team::NS), MADE);
        assert_eq!(s.score, ByTeam([80, 100]));
    }

    #[test]
    fn example_3_failed() {
        let c = contract(Level::Points(120), Suit::Clubs, Multiplier::Simple);
        let s = score(&c, 90, 5, Some(Team::NS), PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 300]));
        assert_eq!(s.belote_to, Some(Team::EW));
        assert_eq!(score(&c, 90, 5, Some(Team::NS), MADE).score, ByTeam([0, 180]));
    }

    #[test]
    fn example_4_contre_made() {
        let c = contract(Level::Points(90), Suit::Diamonds, Multiplier::Contre);
        let s = score(&c, 95, 5, None, PLUS_BID);
        assert!(s.made);
        // 320 + 2 × 90 = 500, and nothing for the defence.
        let sum = ScoreSum { base: 320, bid: 90, bid_times: 2, ..ScoreSum::default() };
        assert_eq!(s.sums, ByTeam([sum, ScoreSum::default()]));
        assert_eq!(s.score, ByTeam([500, 0]));
        assert_eq!(score(&c, 95, 5, None, MADE).score, ByTeam([320, 0]));
        assert_eq!(score(&c, 95, 5, None, TOURNAMENT).score, ByTeam([340, 0]));
        let sur = contract(Level::Points(90), Suit::Diamonds, Multiplier::Surcontre);
        assert_eq!(score(&sur, 95, 5, None, PLUS_BID).score, ByTeam([1000, 0]));
        assert_eq!(score(&sur, 95, 5, None, MADE).score, ByTeam([640, 0]));
        assert_eq!(score(&sur, 95, 5, None, TOURNAMENT).score, ByTeam([520, 0]));
    }

    #[test]
    fn example_5_contre_failed() {
        let c = contract(Level::Points(110), Suit::Hearts, Multiplier::Contre);
        let s = score(&c, 100, 5, None, PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 540]));
        assert_eq!(score(&c, 100, 5, None, MADE).score, ByTeam([0, 320]));
    }

    #[test]
    fn example_6_capot() {
        let c = contract(Level::Capot, Suit::Spades, Multiplier::Simple);
        for rules in [PLUS_BID, MADE] {
            assert_eq!(score(&c, 252, 8, Some(Team::NS), rules).score, ByTeam([520, 0]));
            assert_eq!(score(&c, 140, 7, Some(Team::NS), rules).score, ByTeam([0, 520]));
            let contre = contract(Level::Capot, Suit::Spades, Multiplier::Contre);
            assert_eq!(score(&contre, 252, 8, Some(Team::NS), rules).score, ByTeam([1020, 0]));
            let sur = contract(Level::Capot, Suit::Spades, Multiplier::Surcontre);
            assert_eq!(score(&sur, 252, 8, Some(Team::NS), rules).score, ByTeam([2020, 0]));
        }
    }

    #[test]
    fn commented_deal() {
        // 90 hearts by North, contré by East; NS make 84 card points and hold the belote.
        let c = contract(Level::Points(90), Suit::Hearts, Multiplier::Contre);
        let s = score(&c, 84, 5, Some(Team::NS), PLUS_BID);
        assert!(s.made);
        assert_eq!(s.score, ByTeam([520, 0]));
        assert_eq!(score(&c, 84, 5, Some(Team::NS), MADE).score, ByTeam([340, 0]));
        // With only 68 card points: 88 < 90, failed, and the belote goes to East-West.
        let s = score(&c, 68, 4, Some(Team::NS), PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 520]));
    }

    #[test]
    fn contre_made_with_every_trick_adds_100() {
        let c = contract(Level::Points(100), Suit::Hearts, Multiplier::Contre);
        assert_eq!(score(&c, 252, 8, None, MADE).score, ByTeam([420, 0]));
        assert_eq!(score(&c, 252, 8, None, PLUS_BID).score, ByTeam([620, 0]));
    }

    #[test]
    fn rounding_never_saves_a_contract() {
        let c = contract(Level::Points(80), Suit::Hearts, Multiplier::Simple);
        let s = score(&c, 78, 4, None, PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 240]));
    }

    #[test]
    fn rounding_five_goes_up() {
        assert_eq!(round_to_ten(85), 90);
        assert_eq!(round_to_ten(84), 80);
        assert_eq!(round_to_ten(66), 70);
        assert_eq!(round_to_ten(252), 250);
        assert_eq!(round_to_ten(0), 0);
    }

    #[test]
    fn game_end() {
        let dummy = DealScore {
            made: true,
            raw: ByTeam([0, 0]),
            score: ByTeam([0, 0]),
            belote_to: None,
            sums: ByTeam::default(),
        };
        let t = ByTeam([4, 4]);
        assert_eq!(
            game_outcome(1000, ByTeam([990, 400]), Some((&dummy, t))),
            GameOutcome::Continue
        );
        assert_eq!(
            game_outcome(1000, ByTeam([1000, 400]), Some((&dummy, t))),
            GameOutcome::Won(Team::NS)
        );
        assert_eq!(
            game_outcome(1000, ByTeam([1010, 1100]), Some((&dummy, t))),
            GameOutcome::Won(Team::EW)
        );
        assert_eq!(
            game_outcome(1000, ByTeam([1050, 1050]), Some((&dummy, t))),
            GameOutcome::Continue
        );
        // EW took no trick and reach 1000 only with their belote: the game goes on.
        let belote = DealScore {
            made: true,
            raw: ByTeam([270, 20]),
            score: ByTeam([270, 20]),
            belote_to: Some(Team::EW),
            sums: ByTeam::default(),
        };
        let capot = ByTeam([8, 0]);
        assert_eq!(
            game_outcome(1000, ByTeam([500, 1010]), Some((&belote, capot))),
            GameOutcome::Continue
        );
        assert_eq!(
            game_outcome(1000, ByTeam([500, 1030]), Some((&belote, capot))),
            GameOutcome::Won(Team::EW)
        );
    }
}
