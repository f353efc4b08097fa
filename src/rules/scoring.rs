//! The score of a deal and the end of the game, for each rule set.
//!
//! - `contree` (FFB 2016): the contract is made when the takers' total (card points and their
//!   belotes) reaches the bid. Two methods: "points faits + points demandés" (the default: the
//!   contract's value goes to the side that wins the deal) and "points faits". Contre doubles and
//!   surcontre quadruples everything but the belote; the tournament contre counts 160 + 2C
//!   (160 + 4C) instead of 320 + 2C (640 + 4C). Scores are rounded to the ten, 5 going up.
//! - `coinche` (seed 002): declarations count, the takers must also beat the defence, the belote
//!   stays with its team, and "160" becomes 250 for a team scoring with all eight tricks.
//! - `plain` (seeds 000 and 003): the takers must reach the bid and differ from the defence; the
//!   contre multiplies the bid only; a capot bid is worth 260; scores are exact.
//!
//! The end of the game: `contree` and `coinche` play to a target (1000 and 2000 by default), the
//! higher total winning when both pass it, a tie playing on, and a team that took no trick not
//! winning thanks to its belote alone; `plain` plays to 701, a tie going to the team that scored
//! more in the last deal.

use super::auction::{BidLevel, Contract, Multiplier};
use super::declarations::{Combination, declarations_scored};
use super::play::{CardPlay, DEAL_POINTS};
use super::ruleset::{ContreScoring, RuleSet, Rules, ScoringMethod, ScoringRules};
use super::seat::{BySeat, ByTeam, Team};

/// Points of one belote.
pub const BELOTE_POINTS: u16 = 20;
/// A failed or contré contract's base: the value of all the cards, rounded.
pub const BASE_POINTS: u16 = 160;
/// `coinche`: the base of a team that scores with all eight tricks, instead of 160.
pub const CAPOT_BASE_POINTS: u16 = 250;
/// A capot contract's base value (`contree`).
pub const CAPOT_SCORE: u16 = 500;
/// Added to a contré or surcontré numeric contract made with all eight tricks (`contree`).
pub const CONTRE_CAPOT_BONUS: u16 = 100;
/// `plain`: what a capot bid is worth in the score (its value in bids stays 250).
pub const PLAIN_CAPOT_VALUE: u16 = 260;

/// What a played deal brings to the score table: everything the tables of every set read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DealTally {
    /// Each team's card points, dix de der included (162 in all, 252 when one took every trick).
    pub card_points: ByTeam<u16>,
    /// Each team's tricks.
    pub tricks_won: ByTeam<u8>,
    /// Each team's belotes as dealt (20 points each; up to four in tout atout).
    pub belotes: ByTeam<u8>,
    /// `coinche`: the declaration points that scored for each team, before the capot transfer
    /// ([`super::declarations_scored`]); zero in the other sets.
    pub declarations: ByTeam<u16>,
}

impl DealTally {
    /// What the deal `play` brings to the score: its card points, tricks and belotes dealt, and
    /// the declaration points that scored (`coinche`, [`super::declarations_scored`]; zero
    /// otherwise).
    pub fn of(play: &CardPlay, declarations: ByTeam<u16>) -> DealTally {
        DealTally {
            card_points: play.points(),
            tricks_won: play.tricks_won(),
            belotes: play.belotes().counts(),
            declarations,
        }
    }

    /// The team that took all eight tricks, if one did.
    pub fn capot(&self) -> Option<Team> {
        Team::ALL.into_iter().find(|&t| self.tricks_won[t] == 8)
    }

    /// The belote points of `team`.
    pub fn belote_points(&self, team: Team) -> u16 {
        BELOTE_POINTS * u16::from(self.belotes[team])
    }

    /// What a team's total is for the made test under `rules`: its card points and belotes, and
    /// in `coinche` the declarations that scored for it after the capot transfer.
    pub fn measured(&self, team: Team, rules: Rules) -> u16 {
        let own = self.card_points[team] + self.belote_points(team);
        match rules.set {
            RuleSet::Coinche => own + coinche_declarations(self)[team],
            RuleSet::Contree | RuleSet::Plain => own,
        }
    }

    /// The belote points of both teams.
    fn every_belote(&self) -> u16 {
        self.belote_points(Team::NS) + self.belote_points(Team::EW)
    }
}

/// What the table writes down for a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealScore {
    /// Whether the contract was made.
    pub made: bool,
    /// The score before rounding.
    pub raw: ByTeam<u16>,
    /// The score written down (rounded to the ten, except in `plain`).
    pub score: ByTeam<u16>,
    /// The belote points counted in each team's score.
    pub belote_points: ByTeam<u16>,
    /// `coinche`: the declaration points counted in each team's score (after the capot transfer,
    /// and all of them to the side that scores a failed or coinché contract).
    pub declarations: ByTeam<u16>,
    /// How each team's score before rounding adds up.
    pub sums: ByTeam<ScoreSum>,
}

/// The terms of a team's score before rounding, for showing the sum: card points, a base (160
/// on a failed or contré contract, 500 on a capot, times the multiplier where the set says so),
/// the contract's value a number of times, the declarations, the belotes and the bonus of a
/// contré contract made with every trick; the whole times a factor where the set multiplies it
/// all (a coinché contract in `coinche`). A term that does not count is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreSum {
    /// Card points made, dix de der included.
    pub cards: u16,
    /// The base of the score.
    pub base: u16,
    /// The contract's value.
    pub bid: u16,
    /// How many times the contract's value counts (0 when it does not).
    pub bid_times: u16,
    /// The declaration points (`coinche`).
    pub declarations: u16,
    /// The belote points.
    pub belote: u16,
    /// The bonus of a contré contract made with every trick (`contree`).
    pub bonus: u16,
    /// The factor of the whole sum: 1, or the multiplier of a coinché contract in `coinche`.
    pub times: u16,
}

impl Default for ScoreSum {
    fn default() -> ScoreSum {
        ScoreSum {
            cards: 0,
            base: 0,
            bid: 0,
            bid_times: 0,
            declarations: 0,
            belote: 0,
            bonus: 0,
            times: 1,
        }
    }
}

impl ScoreSum {
    /// A score of nothing but `belote` points.
    const fn belote(points: u16) -> ScoreSum {
        ScoreSum {
            cards: 0,
            base: 0,
            bid: 0,
            bid_times: 0,
            declarations: 0,
            belote: points,
            bonus: 0,
            times: 1,
        }
    }

    /// The sum: the score before rounding.
    pub const fn total(&self) -> u16 {
        (self.cards
            + self.base
            + self.bid * self.bid_times
            + self.declarations
            + self.belote
            + self.bonus)
            * self.times
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

/// Whether the takers made their contract under `rules`. A capot bid needs all eight tricks
/// in every set; a numeric bid:
///
/// - `contree`: the takers' card points and belotes reach the bid (even when the defence makes
///   more); rounding never saves a contract;
/// - `coinche`: the takers' card points, scoring declarations (after the capot transfer) and
///   belotes reach the bid and beat the defence's same sum;
/// - `plain`: the takers' card points and belotes reach the bid and differ from the defence's.
pub fn contract_made(contract: &Contract, tally: &DealTally, rules: Rules) -> bool {
    let takers = contract.team();
    let value = match contract.bid.level {
        BidLevel::Capot => return tally.tricks_won[takers] == 8,
        BidLevel::Points(value) => value,
    };
    let total = |team: Team| tally.measured(team, rules);
    match rules.set {
        RuleSet::Contree => total(takers) >= value,
        RuleSet::Coinche => total(takers) >= value && total(takers) > total(takers.other()),
        RuleSet::Plain => total(takers) >= value && total(takers) != total(takers.other()),
    }
}

/// Scores a played deal under `rules`.
///
/// ```
/// use contree::rules::*;
/// let hearts_by_north = |level, multiplier| Contract {
///     taker: Seat::North,
///     bid: Bid::new(level, Suit::Hearts),
///     multiplier,
/// };
/// let tally = |ns, ns_tricks: u8, belotes| DealTally {
///     card_points: ByTeam([ns, 162 - ns]),
///     tricks_won: ByTeam([ns_tricks, 8 - ns_tricks]),
///     belotes,
///     declarations: ByTeam([0, 0]),
/// };
///
/// // Seed 004, example 1 (contrée): 100 hearts, NS 96 card points and the belote, EW 66.
/// let c = hearts_by_north(BidLevel::Points(100), Multiplier::Simple);
/// let s = score_deal(&c, &tally(96, 6, ByTeam([1, 0])), Rules::default());
/// assert!(s.made);
/// assert_eq!(s.score, ByTeam([220, 70]));
///
/// // Seed 002 (coinche): 100 hearts, NS 112 and the belote against 50: 232 -> 230 and 50.
/// let coinche = Rules::of(RuleSet::Coinche);
/// let s = score_deal(&c, &tally(112, 6, ByTeam([1, 0])), coinche);
/// assert_eq!(s.score, ByTeam([230, 50]));
/// // Coinched by East: (160 + 100 + 20) x 2 = 560, and nothing for East-West.
/// let coinched = hearts_by_north(BidLevel::Points(100), Multiplier::Contre);
/// assert_eq!(score_deal(&coinched, &tally(112, 6, ByTeam([1, 0])), coinche).score, ByTeam([560, 0]));
/// // 120 hearts with 90 + 20 = 110: East-West write 160 + 120, North-South keep their belote.
/// let c120 = hearts_by_north(BidLevel::Points(120), Multiplier::Simple);
/// assert_eq!(score_deal(&c120, &tally(90, 4, ByTeam([1, 0])), coinche).score, ByTeam([20, 280]));
///
/// // Seed 000 (plain): 90 hearts, 100 in tricks and the belote: 100 + 20 + 90 = 210, and 62.
/// let plain = Rules::of(RuleSet::Plain);
/// let c90 = hearts_by_north(BidLevel::Points(90), Multiplier::Simple);
/// assert_eq!(score_deal(&c90, &tally(100, 5, ByTeam([1, 0])), plain).score, ByTeam([210, 62]));
/// // Contré, the contre multiplies the bid only: 100 + 20 + 180 = 300, and 62.
/// let contre90 = hearts_by_north(BidLevel::Points(90), Multiplier::Contre);
/// assert_eq!(score_deal(&contre90, &tally(100, 5, ByTeam([1, 0])), plain).score, ByTeam([300, 62]));
/// // Seed 003: 80 diamonds, 81 against 81: level points fail; 162 + 80 to the defence.
/// let c80 = Contract { taker: Seat::North, bid: Bid::new(BidLevel::Points(80), Suit::Diamonds), multiplier: Multiplier::Simple };
/// assert_eq!(score_deal(&c80, &tally(81, 4, ByTeam([0, 0])), plain).score, ByTeam([0, 242]));
/// ```
pub fn score_deal(contract: &Contract, tally: &DealTally, rules: Rules) -> DealScore {
    let made = contract_made(contract, tally, rules);
    match rules.set {
        RuleSet::Contree => score_contree(contract, tally, rules.scoring_rules(), made),
        RuleSet::Coinche => score_coinche(contract, tally, made),
        RuleSet::Plain => score_plain(contract, tally, made),
    }
}

/// The `contree` table (FFB 2016): both methods, the tournament contre, rounding. The belote
/// goes to the side that scores when one side scores alone.
fn score_contree(
    contract: &Contract,
    tally: &DealTally,
    rules: ScoringRules,
    made: bool,
) -> DealScore {
    let takers = contract.team();
    let defence = takers.other();
    let m = contract.multiplier.factor();
    let bid_counts = rules.scoring == ScoringMethod::MadePlusBid;
    let own_belote = |team: Team| tally.belote_points(team);
    let every_belote = tally.every_belote();
    let bid_times = |times: u16| if bid_counts { times } else { 0 };
    let mut sums = ByTeam([ScoreSum::default(); 2]);
    let winner;
    match (contract.bid.level, contract.multiplier, made) {
        (BidLevel::Capot, Multiplier::Simple, true) => {
            sums[takers] =
                ScoreSum { base: CAPOT_SCORE, belote: own_belote(takers), ..ScoreSum::default() };
            sums[defence] = ScoreSum::belote(own_belote(defence));
            winner = None;
        }
        (BidLevel::Capot, _, made) => {
            let side = if made { takers } else { defence };
            sums[side] =
                ScoreSum { base: CAPOT_SCORE * m, belote: every_belote, ..ScoreSum::default() };
            winner = Some(side);
        }
        (BidLevel::Points(value), Multiplier::Simple, true) => {
            sums[takers] = ScoreSum {
                cards: tally.card_points[takers],
                bid: value,
                bid_times: bid_times(1),
                belote: own_belote(takers),
                ..ScoreSum::default()
            };
            sums[defence] = ScoreSum {
                cards: tally.card_points[defence],
                belote: own_belote(defence),
                ..ScoreSum::default()
            };
            winner = None;
        }
        (BidLevel::Points(value), Multiplier::Simple, false) => {
            sums[defence] = ScoreSum {
                base: BASE_POINTS,
                bid: value,
                bid_times: bid_times(1),
                belote: every_belote,
                ..ScoreSum::default()
            };
            winner = Some(defence);
        }
        (BidLevel::Points(value), _, _) => {
            let side = if made { takers } else { defence };
            let base = if bid_counts && rules.contre == ContreScoring::Tournament {
                BASE_POINTS
            } else {
                BASE_POINTS * m
            };
            let bonus = if made && tally.tricks_won[takers] == 8 { CONTRE_CAPOT_BONUS } else { 0 };
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
    let belote_points = match winner {
        Some(w) => ByTeam::from_fn(|t| if t == w { every_belote } else { 0 }),
        None => ByTeam::from_fn(own_belote),
    };
    DealScore::of_sums(made, sums, belote_points, ByTeam([0, 0]), true)
}

impl DealScore {
    /// The score that `sums` add up to, rounded to the ten when `rounded`.
    fn of_sums(
        made: bool,
        sums: ByTeam<ScoreSum>,
        belote_points: ByTeam<u16>,
        declarations: ByTeam<u16>,
        rounded: bool,
    ) -> DealScore {
        let raw = sums.map(|s| s.total());
        let score = if rounded { raw.map(round_to_ten) } else { raw };
        DealScore { made, raw, score, belote_points, declarations, sums }
    }
}

/// `coinche`: the declarations that scored, after the capot transfer (a team taking all eight
/// tricks also gets the other team's).
fn coinche_declarations(tally: &DealTally) -> ByTeam<u16> {
    let mut d = tally.declarations;
    if let Some(capot) = tally.capot() {
        d[capot] += d[capot.other()];
        d[capot.other()] = 0;
    }
    d
}

/// The `coinche` table (seed 002, FFB coinche). C the bid (250 for a capot bid), D the
/// declarations after the capot transfer, Bt and Bd each team's belotes (they stay with their
/// team), m 2 or 4; "160" becomes 250 when the scoring team took all eight tricks:
///
/// | case | takers | defence |
/// |---|---|---|
/// | made, not coinché | card points + their D + Bt + C | card points + their D + Bd |
/// | failed, not coinché | Bt | 160 + C + every D + Bd |
/// | coinché, made | (160 + C + every D + Bt) × m | Bd |
/// | coinché, failed | Bt | (160 + C + every D + Bd) × m |
///
/// Each score is rounded to the ten.
fn score_coinche(contract: &Contract, tally: &DealTally, made: bool) -> DealScore {
    let takers = contract.team();
    let defence = takers.other();
    let m = contract.multiplier.factor();
    let c = contract.value();
    let d = coinche_declarations(tally);
    let every_d = d[Team::NS] + d[Team::EW];
    let b = ByTeam::from_fn(|t| tally.belote_points(t));
    let base =
        |team: Team| if tally.tricks_won[team] == 8 { CAPOT_BASE_POINTS } else { BASE_POINTS };
    let mut sums = ByTeam([ScoreSum::default(); 2]);
    let mut declarations = ByTeam([0u16; 2]);
    match (contract.multiplier, made) {
        (Multiplier::Simple, true) => {
            for t in Team::ALL {
                sums[t] = ScoreSum {
                    cards: tally.card_points[t],
                    declarations: d[t],
                    belote: b[t],
                    ..ScoreSum::default()
                };
            }
            sums[takers].bid = c;
            sums[takers].bid_times = 1;
            declarations = d;
        }
        (_, made) => {
            let side = if made { takers } else { defence };
            sums[side] = ScoreSum {
                base: base(side),
                bid: c,
                bid_times: 1,
                declarations: every_d,
                belote: b[side],
                times: m,
                ..ScoreSum::default()
            };
            sums[side.other()] = ScoreSum::belote(b[side.other()]);
            declarations[side] = every_d;
        }
    }
    DealScore::of_sums(made, sums, b, declarations, true)
}

/// The `plain` table (seeds 000 and 003), exact: C the bid (260 for a capot bid), m multiplies C
/// only, each team keeps its own belotes.
///
/// | case | takers | defence |
/// |---|---|---|
/// | made | card points + own B + C·m | card points + own B |
/// | failed | own B | 162 + C·m + own B |
fn score_plain(contract: &Contract, tally: &DealTally, made: bool) -> DealScore {
    let takers = contract.team();
    let defence = takers.other();
    let c = match contract.bid.level {
        BidLevel::Capot => PLAIN_CAPOT_VALUE,
        BidLevel::Points(v) => v,
    };
    let b = ByTeam::from_fn(|t| tally.belote_points(t));
    let m = contract.multiplier.factor();
    let mut sums = b.map(ScoreSum::belote);
    if made {
        for t in Team::ALL {
            sums[t].cards = tally.card_points[t];
        }
        sums[takers].bid = c;
        sums[takers].bid_times = m;
    } else {
        sums[defence].base = DEAL_POINTS;
        sums[defence].bid = c;
        sums[defence].bid_times = m;
    }
    DealScore::of_sums(made, sums, b, ByTeam([0, 0]), false)
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

impl RuleSet {
    /// The targets a game of this set may be played to: 1000, 1500 or 2000 (`contree`); 1000,
    /// 1500, 2000 or 3000 (`coinche`); 701 (`plain`).
    pub const fn targets(self) -> &'static [u16] {
        match self {
            RuleSet::Contree => &[1000, 1500, 2000],
            RuleSet::Coinche => &[1000, 1500, 2000, 3000],
            RuleSet::Plain => &[701],
        }
    }

    /// The target of a new game: 1000 (`contree`), 2000 (`coinche`), 701 (`plain`).
    pub const fn default_target(self) -> u16 {
        match self {
            RuleSet::Contree => 1000,
            RuleSet::Coinche => 2000,
            RuleSet::Plain => 701,
        }
    }

    /// Whether a team that took no trick in the last deal has not won when it reaches the target
    /// only thanks to its belote points (seed 004): in `contree` and `coinche`, not in `plain`.
    pub const fn belote_clause(self) -> bool {
        !matches!(self, RuleSet::Plain)
    }
}

/// The game a deal is scored in: the target and both totals before the deal (a record's
/// `game`, a bot request's, or the game at the table). A field it does not have is refused, as
/// [`super::Rules`] refuses one: a misspelled `before` never reads as a game at 0 to 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameContext {
    /// Points needed to win.
    pub target: u16,
    /// Both teams' totals before this deal.
    pub before: ByTeam<u32>,
}

impl GameContext {
    /// The highest total a team may have before a deal of a record: no game comes near it (the
    /// highest target is 3000, a game ends once a team reaches its target and the other does
    /// not tie, and a deal scores a few hundred points), and under it the totals after a deal
    /// are exact, where totals near `u32::MAX` would stop there and a deal won would read as a
    /// tie.
    pub const MAX_TOTAL: u32 = 1_000_000;

    /// Checks a target given from outside (a record, a bot request): a game is played to a
    /// positive number of points.
    pub fn check_target(target: u16) -> Result<(), &'static str> {
        if target == 0 { Err("the game target must be positive") } else { Ok(()) }
    }

    /// Checks a game given from outside (a record): its target ([`GameContext::check_target`])
    /// and its totals before the deal, each at most [`GameContext::MAX_TOTAL`].
    pub fn check(&self) -> Result<(), String> {
        GameContext::check_target(self.target)?;
        match Team::ALL.into_iter().find(|&t| self.before[t] > GameContext::MAX_TOTAL) {
            Some(team) => Err(format!(
                "{team}'s total before the deal, {}, is beyond any game's: at most {}",
                self.before[team],
                GameContext::MAX_TOTAL
            )),
            None => Ok(()),
        }
    }
}

/// Decides the end of the game under `rules` after a deal.
///
/// `totals` are the totals after the deal, `deal` its score and each team's tricks (none for an
/// all-pass deal). A team reaches the target when its total is at least the target, except, in
/// `contree` and `coinche`, a team that took no trick in the deal and reaches it only thanks to
/// the belote points counted in its score. Both teams there: the higher total wins; equal totals
/// play on, except in `plain`, where the team that scored more in that deal wins (equal again:
/// play on).
///
/// ```
/// use contree::rules::*;
/// // Seed 002: target 3000, both over on the same deal: the higher total wins.
/// let coinche = Rules::of(RuleSet::Coinche);
/// assert_eq!(game_outcome(coinche, 3000, ByTeam([3030, 3040]), None), GameOutcome::Won(Team::EW));
/// assert_eq!(game_outcome(coinche, 2000, ByTeam([2030, 2030]), None), GameOutcome::Continue);
/// ```
pub fn game_outcome(
    rules: Rules,
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
            Some((score, tricks)) if rules.set.belote_clause() && tricks[team] == 0 => {
                total - u32::from(score.belote_points[team]) >= u32::from(target)
            }
            _ => true,
        }
    };
    let higher = |a: u32, b: u32| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Team::NS),
        std::cmp::Ordering::Less => Some(Team::EW),
        std::cmp::Ordering::Equal => None,
    };
    let winner = match (reached(Team::NS), reached(Team::EW)) {
        (false, false) => None,
        (true, false) => Some(Team::NS),
        (false, true) => Some(Team::EW),
        (true, true) => higher(totals[Team::NS], totals[Team::EW]).or_else(|| match rules.set {
            RuleSet::Plain => deal.and_then(|(s, _)| {
                higher(u32::from(s.score[Team::NS]), u32::from(s.score[Team::EW]))
            }),
            RuleSet::Contree | RuleSet::Coinche => None,
        }),
    };
    winner.map_or(GameOutcome::Continue, GameOutcome::Won)
}

/// A finished deal scored and counted in its game, the one way the table and a deal record's
/// answer ([`super::DealRecord::score`]) both do it: the declarations that scored, card points,
/// tricks and belotes ([`DealTally::of`]), the made test, the table and its rounding
/// ([`score_deal`]), the totals after the deal and the end of the game ([`game_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealReckoning {
    /// `coinche`: the declaration points that scored for each team, before any capot transfer;
    /// zero in the other sets and when everyone passed.
    pub declarations: ByTeam<u16>,
    /// What the deal brought to the score table (nothing when everyone passed).
    pub tally: DealTally,
    /// The score, when there was a contract.
    pub score: Option<DealScore>,
    /// Both totals after the deal: those before it and the deal's score. A total that would
    /// pass `u32::MAX` stays there: totals before a deal may come from a record, and whatever
    /// they are, they never wrap round.
    pub totals: ByTeam<u32>,
    /// Whether the game is over after the deal, and who won.
    pub outcome: GameOutcome,
}

impl DealReckoning {
    /// Scores a finished deal under `rules` and counts it in `game`: `played` is the contract
    /// and its card play over (`None` when everyone passed), `declared` each seat's
    /// declarations (`coinche` only; `None` in the other sets).
    ///
    /// ```
    /// use contree::rules::*;
    /// // Everyone passed: nothing scored, the totals as they were, and they never wrap round.
    /// let game = GameContext { target: 1000, before: ByTeam([u32::MAX, 990]) };
    /// let r = DealReckoning::of(None, None, Rules::default(), game);
    /// assert_eq!((r.score, r.totals), (None, ByTeam([u32::MAX, 990])));
    /// assert_eq!(r.outcome, GameOutcome::Won(Team::NS));
    /// ```
    pub fn of(
        played: Option<(&Contract, &CardPlay)>,
        declared: Option<&BySeat<Combination>>,
        rules: Rules,
        game: GameContext,
    ) -> DealReckoning {
        let Some((contract, play)) = played else {
            return DealReckoning {
                declarations: ByTeam::default(),
                tally: DealTally::default(),
                score: None,
                totals: game.before,
                outcome: game_outcome(rules, game.target, game.before, None),
            };
        };
        let declarations =
            declared.map(|d| declarations_scored(d, contract.trump())).unwrap_or_default();
        let tally = DealTally::of(play, declarations);
        let score = score_deal(contract, &tally, rules);
        let totals = ByTeam::from_fn(|t| game.before[t].saturating_add(u32::from(score.score[t])));
        let outcome = game_outcome(rules, game.target, totals, Some((&score, tally.tricks_won)));
        DealReckoning { declarations, tally, score: Some(score), totals, outcome }
    }
}

#[cfg(test)]
mod tests {
    //! The worked examples of the rules text ("Exemples chiffrés à la contrée" and "Une donne de
    //! contrée commentée"). North-South are the takers throughout.

    use super::*;
    use crate::rules::{Bid, Seat, Suit};

    const COINCHE: Rules = Rules::of(RuleSet::Coinche);
    const PLAIN: Rules = Rules::of(RuleSet::Plain);

    const PLUS_BID: ScoringRules =
        ScoringRules { scoring: ScoringMethod::MadePlusBid, contre: ContreScoring::Standard };
    const MADE: ScoringRules =
        ScoringRules { scoring: ScoringMethod::Made, contre: ContreScoring::Standard };
    const TOURNAMENT: ScoringRules =
        ScoringRules { scoring: ScoringMethod::MadePlusBid, contre: ContreScoring::Tournament };

    fn contract(level: BidLevel, suit: Suit, multiplier: Multiplier) -> Contract {
        Contract { taker: Seat::North, bid: Bid::new(level, suit), multiplier }
    }

    fn ns_ew(cards_ns: u16, tricks_ns: u8) -> (ByTeam<u16>, ByTeam<u8>) {
        let total = if tricks_ns == 8 || tricks_ns == 0 { 252 } else { 162 };
        (ByTeam([cards_ns, total - cards_ns]), ByTeam([tricks_ns, 8 - tricks_ns]))
    }

    fn tally(ns: u16, tricks: u8, belote: Option<Team>) -> DealTally {
        let (card_points, tricks_won) = ns_ew(ns, tricks);
        let belotes = ByTeam::from_fn(|t| u8::from(belote == Some(t)));
        DealTally { card_points, tricks_won, belotes, declarations: ByTeam([0, 0]) }
    }

    fn score(
        c: &Contract,
        ns: u16,
        tricks: u8,
        belote: Option<Team>,
        r: ScoringRules,
    ) -> DealScore {
        score_deal(c, &tally(ns, tricks, belote), Rules::from(r))
    }

    #[test]
    fn example_1_made() {
        let c = contract(BidLevel::Points(100), Suit::Hearts, Multiplier::Simple);
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
        let c = contract(BidLevel::Points(80), Suit::Spades, Multiplier::Simple);
        let s = score(&c, 62, 3, Some(Team::NS), PLUS_BID);
        assert!(s.made);
        assert_eq!(s.raw, ByTeam([162, 100]));
        assert_eq!(s.score, ByTeam([160, 100]));
        let s = score(&c, 62, 3, Some(Team::NS), MADE);
        assert_eq!(s.score, ByTeam([80, 100]));
    }

    #[test]
    fn example_3_failed() {
        let c = contract(BidLevel::Points(120), Suit::Clubs, Multiplier::Simple);
        let s = score(&c, 90, 5, Some(Team::NS), PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 300]));
        assert_eq!(s.belote_points, ByTeam([0, 20]));
        assert_eq!(score(&c, 90, 5, Some(Team::NS), MADE).score, ByTeam([0, 180]));
    }

    #[test]
    fn example_4_contre_made() {
        let c = contract(BidLevel::Points(90), Suit::Diamonds, Multiplier::Contre);
        let s = score(&c, 95, 5, None, PLUS_BID);
        assert!(s.made);
        // 320 + 2 × 90 = 500, and nothing for the defence.
        let sum = ScoreSum { base: 320, bid: 90, bid_times: 2, ..ScoreSum::default() };
        assert_eq!(s.sums, ByTeam([sum, ScoreSum::default()]));
        assert_eq!(s.score, ByTeam([500, 0]));
        assert_eq!(score(&c, 95, 5, None, MADE).score, ByTeam([320, 0]));
        assert_eq!(score(&c, 95, 5, None, TOURNAMENT).score, ByTeam([340, 0]));
        let sur = contract(BidLevel::Points(90), Suit::Diamonds, Multiplier::Surcontre);
        assert_eq!(score(&sur, 95, 5, None, PLUS_BID).score, ByTeam([1000, 0]));
        assert_eq!(score(&sur, 95, 5, None, MADE).score, ByTeam([640, 0]));
        assert_eq!(score(&sur, 95, 5, None, TOURNAMENT).score, ByTeam([520, 0]));
    }

    #[test]
    fn example_5_contre_failed() {
        let c = contract(BidLevel::Points(110), Suit::Hearts, Multiplier::Contre);
        let s = score(&c, 100, 5, None, PLUS_BID);
        assert!(!s.made);
        assert_eq!(s.score, ByTeam([0, 540]));
        assert_eq!(score(&c, 100, 5, None, MADE).score, ByTeam([0, 320]));
    }

    #[test]
    fn example_6_capot() {
        let c = contract(BidLevel::Capot, Suit::Spades, Multiplier::Simple);
        for rules in [PLUS_BID, MADE] {
            assert_eq!(score(&c, 252, 8, Some(Team::NS), rules).score, ByTeam([520, 0]));
            assert_eq!(score(&c, 140, 7, Some(Team::NS), rules).score, ByTeam([0, 520]));
            let contre = contract(BidLevel::Capot, Suit::Spades, Multiplier::Contre);
            assert_eq!(score(&contre, 252, 8, Some(Team::NS), rules).score, ByTeam([1020, 0]));
            let sur = contract(BidLevel::Capot, Suit::Spades, Multiplier::Surcontre);
            assert_eq!(score(&sur, 252, 8, Some(Team::NS), rules).score, ByTeam([2020, 0]));
        }
    }

    #[test]
    fn commented_deal() {
        // 90 hearts by North, contré by East; NS make 84 card points and hold the belote.
        let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Contre);
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
        let c = contract(BidLevel::Points(100), Suit::Hearts, Multiplier::Contre);
        assert_eq!(score(&c, 252, 8, None, MADE).score, ByTeam([420, 0]));
        assert_eq!(score(&c, 252, 8, None, PLUS_BID).score, ByTeam([620, 0]));
    }

    #[test]
    fn rounding_never_saves_a_contract() {
        let c = contract(BidLevel::Points(80), Suit::Hearts, Multiplier::Simple);
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
    fn coinche_and_plain_sums_add_up_as_their_tables_say() {
        let tally = |ns: u16, tricks: u8| DealTally {
            card_points: ByTeam([ns, 162 - ns]),
            tricks_won: ByTeam([tricks, 8 - tricks]),
            belotes: ByTeam([1, 0]),
            declarations: ByTeam([0, 0]),
        };
        // Seed 002: 100 hearts coinché and made: (160 + 100 + 20) × 2 = 560.
        let c = contract(BidLevel::Points(100), Suit::Hearts, Multiplier::Contre);
        let s = score_deal(&c, &tally(112, 6), Rules::of(RuleSet::Coinche));
        let sum = ScoreSum {
            base: 160,
            bid: 100,
            bid_times: 1,
            belote: 20,
            times: 2,
            ..ScoreSum::default()
        };
        assert_eq!(s.sums[Team::NS], sum);
        assert_eq!(s.score, ByTeam([560, 0]));
        // Seed 000: 90 hearts contré, the contre multiplies the bid only: 100 + 20 + 2 × 90.
        let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Contre);
        let s = score_deal(&c, &tally(100, 5), PLAIN);
        let sum = ScoreSum { cards: 100, bid: 90, bid_times: 2, belote: 20, ..ScoreSum::default() };
        assert_eq!(s.sums[Team::NS], sum);
        assert_eq!(s.score, ByTeam([300, 62]));
        for t in Team::ALL {
            assert_eq!(s.sums[t].total(), s.raw[t]);
        }
    }

    #[test]
    fn game_end() {
        let contree = Rules::default();
        let dummy = DealScore {
            made: true,
            raw: ByTeam([0, 0]),
            score: ByTeam([0, 0]),
            belote_points: ByTeam([0, 0]),
            declarations: ByTeam([0, 0]),
            sums: ByTeam::default(),
        };
        let t = ByTeam([4, 4]);
        let outcome = |totals: [u32; 2], deal: &DealScore, tricks| {
            game_outcome(contree, 1000, ByTeam(totals), Some((deal, tricks)))
        };
        assert_eq!(outcome([990, 400], &dummy, t), GameOutcome::Continue);
        assert_eq!(outcome([1000, 400], &dummy, t), GameOutcome::Won(Team::NS));
        assert_eq!(outcome([1010, 1100], &dummy, t), GameOutcome::Won(Team::EW));
        assert_eq!(outcome([1050, 1050], &dummy, t), GameOutcome::Continue);
        // EW took no trick and reach 1000 only with their belote: the game goes on.
        let belote = DealScore {
            made: true,
            raw: ByTeam([270, 20]),
            score: ByTeam([270, 20]),
            belote_points: ByTeam([0, 20]),
            declarations: ByTeam([0, 0]),
            sums: ByTeam::default(),
        };
        let capot = ByTeam([8, 0]);
        assert_eq!(outcome([500, 1010], &belote, capot), GameOutcome::Continue);
        assert_eq!(outcome([500, 1030], &belote, capot), GameOutcome::Won(Team::EW));
        // Not in `plain`.
        let plain = game_outcome(PLAIN, 701, ByTeam([452, 710]), Some((&belote, capot)));
        assert_eq!(plain, GameOutcome::Won(Team::EW));
    }

    #[test]
    fn targets_follow_the_set() {
        for set in RuleSet::ALL {
            assert!(set.targets().contains(&set.default_target()));
        }
        assert_eq!(RuleSet::Contree.targets(), [1000, 1500, 2000]);
        assert_eq!(RuleSet::Coinche.default_target(), 2000);
        assert_eq!(RuleSet::Plain.targets(), [701]);
    }

    mod tout_atout {
        //! Seed 004's tout atout deal with three belotes (NS 2, EW 1), in contrée.
        use super::*;

        fn at_tally(ns: u16, tricks: u8) -> DealTally {
            let (card_points, tricks_won) = ns_ew(ns, tricks);
            DealTally {
                card_points,
                tricks_won,
                belotes: ByTeam([2, 1]),
                declarations: ByTeam([0, 0]),
            }
        }

        fn at(level: BidLevel, multiplier: Multiplier) -> Contract {
            let bid = Bid { level, trump: crate::rules::Trump::AllTrump };
            Contract { taker: Seat::North, bid, multiplier }
        }

        #[test]
        fn every_belote_counts_towards_the_contract() {
            // 100AT, NS 62 card points + 40 of belotes = 102: made.
            let c = at(BidLevel::Points(100), Multiplier::Simple);
            let s = score_deal(&c, &at_tally(62, 3), Rules::default());
            assert!(s.made);
            assert_eq!(s.raw, ByTeam([62 + 40 + 100, 100 + 20]));
            // Contré: 320 + 200 + every belote (60).
            let c = at(BidLevel::Points(100), Multiplier::Contre);
            let s = score_deal(&c, &at_tally(62, 3), Rules::default());
            assert_eq!(s.score, ByTeam([580, 0]));
            assert_eq!(s.belote_points, ByTeam([60, 0]));
        }

        #[test]
        fn coinche_belotes_stay_with_their_team() {
            // 120AT failed: NS keep their 40, EW 160 + 120 + their 20.
            let c = at(BidLevel::Points(120), Multiplier::Simple);
            let s = score_deal(&c, &at_tally(62, 3), COINCHE);
            assert!(!s.made);
            assert_eq!(s.score, ByTeam([40, 300]));
        }
    }

    mod coinche {
        //! Seed 002's numbers, North-South taking.
        use super::*;

        fn tally_d(ns: u16, tricks: u8, belote: Option<Team>, d: [u16; 2]) -> DealTally {
            DealTally { declarations: ByTeam(d), ..tally(ns, tricks, belote) }
        }

        #[test]
        fn the_takers_must_beat_the_defence() {
            // 80 spades with 62 + belote = 82 against 100: failed at the coinche.
            let c = contract(BidLevel::Points(80), Suit::Spades, Multiplier::Simple);
            let t = tally(62, 3, Some(Team::NS));
            assert!(!contract_made(&c, &t, COINCHE));
            assert_eq!(score_deal(&c, &t, COINCHE).score, ByTeam([20, 240]));
            // The same deal at the contrée is made.
            assert!(contract_made(&c, &t, Rules::default()));
        }

        #[test]
        fn declarations_count_towards_the_contract() {
            // 110 spades, 63 card points + a cinquante (50) = 113 against 99.
            let c = contract(BidLevel::Points(110), Suit::Spades, Multiplier::Simple);
            let t = tally_d(63, 4, None, [50, 0]);
            let s = score_deal(&c, &t, COINCHE);
            assert!(s.made);
            assert_eq!(s.score, ByTeam([220, 100]));
        }

        #[test]
        fn capot_transfer_and_the_250_base() {
            // 100 hearts made with every trick and EW's tierce: 252 + 20 + 20 + 100 = 392 -> 390.
            let c = contract(BidLevel::Points(100), Suit::Hearts, Multiplier::Simple);
            let t = tally_d(252, 8, Some(Team::NS), [0, 20]);
            assert_eq!(score_deal(&c, &t, COINCHE).score, ByTeam([390, 0]));
            // The same capot coinched: (250 + 100 + 20 + 20) x 2 = 780.
            let c = contract(BidLevel::Points(100), Suit::Hearts, Multiplier::Contre);
            let s = score_deal(&c, &t, COINCHE);
            assert_eq!(s.score, ByTeam([780, 0]));
            assert_eq!(s.declarations, ByTeam([20, 0]));
            // A capot bid made with the other team's tierce: 252 + 250 + 20 + 20 = 542 -> 540.
            let c = contract(BidLevel::Capot, Suit::Hearts, Multiplier::Simple);
            assert_eq!(score_deal(&c, &t, COINCHE).score, ByTeam([540, 0]));
            // The defence takes every trick: 250 + 80 + NS's tierce + EW's belote = 370.
            let c = contract(BidLevel::Points(80), Suit::Hearts, Multiplier::Simple);
            let t = tally_d(0, 0, Some(Team::EW), [20, 0]);
            let s = score_deal(&c, &t, COINCHE);
            assert_eq!(s.score, ByTeam([0, 370]));
        }

        #[test]
        fn capot_bids() {
            // Made: 252 + 250 + belote 20 = 522 -> 520; failed: 160 + 250, the belote kept.
            let c = contract(BidLevel::Capot, Suit::Hearts, Multiplier::Simple);
            assert_eq!(
                score_deal(&c, &tally(252, 8, Some(Team::NS)), COINCHE).score,
                ByTeam([520, 0])
            );
            assert_eq!(
                score_deal(&c, &tally(140, 7, Some(Team::NS)), COINCHE).score,
                ByTeam([20, 410])
            );
        }

        #[test]
        fn the_end_counts_every_belote_of_a_team_without_a_trick() {
            let c = contract(BidLevel::Points(160), Suit::Spades, Multiplier::Simple);
            let t = DealTally { belotes: ByTeam([0, 1]), ..tally(252, 8, None) };
            let s = score_deal(&c, &t, COINCHE);
            assert_eq!(s.score, ByTeam([410, 20]));
            let end = game_outcome(COINCHE, 3000, ByTeam([2900, 3010]), Some((&s, t.tricks_won)));
            assert_eq!(end, GameOutcome::Continue);
        }
    }

    mod plain {
        //! Seeds 000 and 003, North-South taking.
        use super::*;

        #[test]
        fn exact_scores_and_the_contre_on_the_bid_only() {
            let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Simple);
            assert_eq!(
                score_deal(&c, &tally(100, 5, Some(Team::NS)), PLAIN).score,
                ByTeam([210, 62])
            );
            let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Contre);
            assert_eq!(
                score_deal(&c, &tally(100, 5, Some(Team::NS)), PLAIN).score,
                ByTeam([300, 62])
            );
            // Failed (60 + 20 = 80 < 90): 162 + 90, the bidders keep their belote.
            let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Simple);
            assert_eq!(
                score_deal(&c, &tally(60, 3, Some(Team::NS)), PLAIN).score,
                ByTeam([20, 252])
            );
        }

        #[test]
        fn level_totals_fail() {
            let c = contract(BidLevel::Points(80), Suit::Diamonds, Multiplier::Simple);
            let s = score_deal(&c, &tally(81, 4, None), PLAIN);
            assert!(!s.made);
            assert_eq!(s.score, ByTeam([0, 242]));
        }

        #[test]
        fn a_capot_bid_is_worth_260() {
            let c = contract(BidLevel::Capot, Suit::Hearts, Multiplier::Simple);
            assert_eq!(
                score_deal(&c, &tally(252, 8, Some(Team::NS)), PLAIN).score,
                ByTeam([532, 0])
            );
            // Failed even with the defence taking every trick: 162 + 260.
            assert_eq!(score_deal(&c, &tally(0, 0, None), PLAIN).score, ByTeam([0, 422]));
        }

        #[test]
        fn a_tie_at_701_goes_to_the_deal_winner() {
            let c = contract(BidLevel::Points(90), Suit::Hearts, Multiplier::Simple);
            let t = tally(100, 5, Some(Team::NS));
            let s = score_deal(&c, &t, PLAIN);
            let end = game_outcome(PLAIN, 701, ByTeam([710, 710]), Some((&s, t.tricks_won)));
            assert_eq!(end, GameOutcome::Won(Team::NS));
            let level = DealScore { score: ByTeam([81, 81]), ..s };
            let end = game_outcome(PLAIN, 701, ByTeam([710, 710]), Some((&level, t.tricks_won)));
            assert_eq!(end, GameOutcome::Continue);
        }
    }
}
