//! `contree arena`: duplicate matches between two contestants, so strength is a measured number.
//!
//! A contestant is a level of the table or a player that exists only to measure the levels: the
//! gambler, who overbids and never contres. Each deal is dealt once and played twice from the
//! same seed (same hands, same dealer): contestant A as North-South against B as East-West, then
//! with the seats swapped. A deal's value is A's points minus B's over the two plays, halved; the
//! report gives its mean over all deals, the 95% confidence interval and the standard deviation,
//! the contracts each side took, made, failed and had surcontré, the contres each side made on
//! the other's contracts (how many failed, and what share of the other side's failed contracts
//! they caught), the capots, the void plays, and each side's decision times from nanoseconds to
//! seconds. In each team the first seat (South or East) bids cautiously and its partner boldly,
//! so both sides get the same styles. Side B's bots draw their random choices from another
//! stream than side A's, so a level against itself is two different players and its result a
//! real check that the seats carry no bias.
//!
//! With an auction contestant, every seat bids as that contestant, from streams tied to the
//! seats rather than to the sides, so both plays of a deal have the same auction and A and B are
//! measured on their card play alone. Results depend only on the seed, not on the number of
//! threads (the times aside).
//!
//! Every deal follows the match's [`Rules`]: the rule set (`contree`, `coinche` or `plain`) and
//! the sans atout / tout atout option, and the report names them and counts the contracts taken
//! and made in sans atout and in tout atout. The players see the deal as the table shows it,
//! every announcement included (each belote said, and under `coinche` each seat's declarations
//! once it has played its first card), and each deal is scored from its record by the rules, as
//! `contree score` scores it: declarations and all.
//!
//! [`seat`] measures the comparison the table makes after each deal: a level in South's seat
//! against the expert in it, the other seats the same.

pub mod seat;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::bots::expert::Budget;
use crate::bots::{Decision, Level, gambler};
use crate::game::{Action, DealResult, DealStyle, Game, GameError, GameOptions, Phase};
use crate::personas::BiddingStyle;
use crate::rules::{
    BySeat, Card, CardPlay, ContreScoring, Multiplier, RuleSet, Rules, ScoringMethod, Seat, Team,
    Trump,
};
use crate::search::{Position, Solver};

/// A player of the arena: a level of the table, or a player the table never offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contestant {
    /// A level, playing as it does at the table.
    Level(Level),
    /// Bids 20 to 40 points above what its hand is worth and never contres; plays its cards as
    /// `normal` ([`gambler`]).
    Gambler,
    /// Sees every hand and plays the double-dummy solver's best card: the ceiling of card play.
    /// It bids as `normal`, from its own hand only.
    Oracle,
}

impl Contestant {
    /// Every contestant: the levels, weakest first, then the arena's own players.
    pub const ALL: [Contestant; Level::ALL.len() + 2] = {
        let mut all = [Contestant::Gambler; Level::ALL.len() + 2];
        let mut i = 0;
        while i < Level::ALL.len() {
            all[i] = Contestant::Level(Level::ALL[i]);
            i += 1;
        }
        all[i + 1] = Contestant::Oracle;
        all
    };

    /// The name used on the command line and in the reports.
    pub const fn name(self) -> &'static str {
        match self {
            Contestant::Level(level) => level.name(),
            Contestant::Gambler => "gambler",
            Contestant::Oracle => "oracle",
        }
    }

    /// What the contestant plays for `seat`, the seat to act in `game`, with its style, the
    /// seed of its stream and the expert's budget. The levels and the gambler are handed only
    /// the seat's view of the deal ([`Game::view`]), so they cannot see a hidden card; the
    /// oracle alone reads the whole deal, and only to play its cards.
    pub fn decide(
        self,
        game: &Game,
        seat: Seat,
        style: BiddingStyle,
        seed: u64,
        budget: Budget,
    ) -> Action {
        if self == Contestant::Oracle
            && let Some(card) = game.deal().play.as_ref().and_then(oracle_card)
        {
            return Action::Play(card);
        }
        let view = game.view(seat);
        let decision = Decision { view: &view, style, seed, budget, cancel: None };
        match self {
            Contestant::Level(level) => level.decide(&decision),
            Contestant::Gambler => gambler::decide(&decision),
            // The oracle bids as `normal`, and plays as it when the deal cannot be read.
            Contestant::Oracle => Level::Normal.decide(&decision),
        }
    }
}

thread_local! {
    /// The oracle's solver, one per worker thread.
    static ORACLE: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
}

/// The oracle's card: the solver's best with every hand in view (none once the play is over).
fn oracle_card(play: &CardPlay) -> Option<Card> {
    let pos = Position::from_card_play(play).ok()?;
    ORACLE.with(|s| {
        let mut solver = s.borrow_mut();
        solver.set_node_limit(None);
        solver.best_card(&pos).ok().flatten().map(|(card, _)| card)
    })
}

impl From<Level> for Contestant {
    fn from(level: Level) -> Contestant {
        Contestant::Level(level)
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Contestant A.
    pub a: Contestant,
    /// Contestant B.
    pub b: Contestant,
    /// Who bids for every seat, when the card play alone is measured; else each side bids for
    /// itself.
    pub auction: Option<Contestant>,
    /// Number of deals, each played twice.
    pub deals: u64,
    /// The seed every deal derives from.
    pub seed: u64,
    /// The rules of every deal.
    pub rules: Rules,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// What each of the expert's decisions may spend, in worlds and nodes.
    pub budget: Budget,
}

/// A bot made an illegal move: a bug, reported with the deal that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaError {
    /// The deal's index.
    pub deal: u64,
    /// The refusal.
    pub error: GameError,
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "deal {}: a bot's move was refused: {}", self.deal, self.error)
    }
}

impl std::error::Error for ArenaError {}

/// Decision times in nanoseconds, in log-linear buckets: one per nanosecond up to
/// `2 << SUB_BITS`, then `1 << SUB_BITS` buckets per doubling. A quantile read at the middle of
/// its bucket is within 1/256 (0.4%) of the true value, from nanoseconds to hours, in a fixed
/// 58 KiB; the fastest and slowest times are kept exactly.
#[derive(Clone, Debug)]
struct Times {
    buckets: Vec<u64>,
    count: u64,
    min: u64,
    max: u64,
}

const SUB_BITS: u32 = 7;
const BUCKETS: usize = (u64::BITS - SUB_BITS + 1) as usize * (1 << SUB_BITS);

/// The bucket of `ns`: the top `SUB_BITS + 1` bits of the value and how far they were shifted.
fn bucket_of(ns: u64) -> usize {
    let shift = (u64::BITS - 1 - ns.leading_zeros().min(u64::BITS - 1)).saturating_sub(SUB_BITS);
    ((shift as usize) << SUB_BITS) + (ns >> shift) as usize
}

/// The smallest value of bucket `i` and its width.
fn bucket_range(i: usize) -> (u64, u64) {
    let sub = 1usize << SUB_BITS;
    if i < 2 * sub {
        return (i as u64, 1);
    }
    let shift = (i >> SUB_BITS) - 1;
    (((i - (shift << SUB_BITS)) as u64) << shift, 1 << shift)
}

impl Times {
    fn new() -> Times {
        Times { buckets: vec![0; BUCKETS], count: 0, min: u64::MAX, max: 0 }
    }

    fn add(&mut self, ns: u64) {
        self.count += 1;
        self.min = self.min.min(ns);
        self.max = self.max.max(ns);
        self.buckets[bucket_of(ns)] += 1;
    }

    fn merge(&mut self, other: &Times) {
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
        self.count += other.count;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// The `q` quantile (nearest rank) in nanoseconds: the middle of its bucket, within the
    /// times seen.
    fn quantile_ns(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((self.count as f64 * q).ceil() as u64).clamp(1, self.count);
        let mut seen = 0u64;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                let (low, width) = bucket_range(i);
                return (low + (width - 1) / 2).clamp(self.min, self.max);
            }
        }
        self.max
    }

    fn summary(&self) -> DecisionTimes {
        DecisionTimes {
            count: self.count,
            p50_ns: self.quantile_ns(0.5),
            p90_ns: self.quantile_ns(0.9),
            p99_ns: self.quantile_ns(0.99),
            max_ns: self.max,
        }
    }
}

/// How long one side's decisions took (its auction decisions only when it bid for itself).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecisionTimes {
    /// Decisions timed.
    pub count: u64,
    /// Median, nanoseconds (within 0.4%).
    pub p50_ns: u64,
    /// 90th percentile, nanoseconds (within 0.4%).
    pub p90_ns: u64,
    /// 99th percentile, nanoseconds (within 0.4%).
    pub p99_ns: u64,
    /// The slowest, nanoseconds (exact).
    pub max_ns: u64,
}

impl DecisionTimes {
    /// The quantiles as the reports' JSON writes them: `{p50, p90, p99, max}` in microseconds.
    pub fn to_json_us(&self) -> serde_json::Value {
        let us = |ns: u64| ns as f64 / 1000.0;
        serde_json::json!({
            "p50": us(self.p50_ns),
            "p90": us(self.p90_ns),
            "p99": us(self.p99_ns),
            "max": us(self.max_ns),
        })
    }
}

/// A duration in the unit that reads best, with three significant digits: `850 ns`,
/// `1.25 µs`, `12.5 ms`, `2.50 s`.
pub fn format_ns(ns: u64) -> String {
    let ns = ns as f64;
    let (value, unit) = if ns < 1e3 {
        return format!("{ns:.0} ns");
    } else if ns < 999.5e3 {
        (ns / 1e3, "µs")
    } else if ns < 999.5e6 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let decimals = if value < 9.995 {
        2
    } else if value < 99.95 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// What one side did over all plays: its own contracts, and its contres on the other side's.
/// A contré contract counts once for its takers (`taken`, and `surcontred` if they answered)
/// and once for the defenders who contred it (`contres`, and `contres_failed` if it was made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Contracts this side took.
    pub taken: u64,
    /// Of those, made.
    pub made: u64,
    /// Of those, failed.
    pub failed: u64,
    /// This side's contracts contré by the other side that this side surcontré.
    pub surcontred: u64,
    /// The other side's contracts that this side contred (surcontré ones included).
    pub contres: u64,
    /// Of those, the contracts made all the same: contres that failed.
    pub contres_failed: u64,
    /// Plays where this side took all eight tricks.
    pub capots: u64,
    /// This side's contracts in sans atout.
    pub nt_taken: u64,
    /// Of those, made.
    pub nt_made: u64,
    /// This side's contracts in tout atout.
    pub at_taken: u64,
    /// Of those, made.
    pub at_made: u64,
}

impl Counts {
    /// The other side's failed contracts that this side had contred: its contres that paid.
    pub fn failures_contred(&self) -> u64 {
        self.contres - self.contres_failed
    }

    fn add(&mut self, o: &Counts) {
        let Counts {
            taken,
            made,
            failed,
            surcontred,
            contres,
            contres_failed,
            capots,
            nt_taken,
            nt_made,
            at_taken,
            at_made,
        } = *o;
        self.taken += taken;
        self.made += made;
        self.failed += failed;
        self.surcontred += surcontred;
        self.contres += contres;
        self.contres_failed += contres_failed;
        self.capots += capots;
        self.nt_taken += nt_taken;
        self.nt_made += nt_made;
        self.at_taken += at_taken;
        self.at_made += at_made;
    }
}

/// One side's tallies while playing.
#[derive(Clone, Debug)]
struct Tally {
    counts: Counts,
    times: Times,
}

impl Tally {
    fn new() -> Tally {
        Tally { counts: Counts::default(), times: Times::new() }
    }

    fn merge(&mut self, o: &Tally) {
        self.counts.add(&o.counts);
        self.times.merge(&o.times);
    }
}

/// What one worker played.
struct Chunk {
    values: Vec<f64>,
    sides: [Tally; 2],
    void_plays: u64,
    /// When the worker finished, from the start of the match.
    finished: Duration,
}

/// One side's results.
#[derive(Clone, Debug, PartialEq)]
pub struct SideReport {
    /// Who played this side.
    pub contestant: Contestant,
    /// Its contracts and contres, over all plays.
    pub counts: Counts,
    /// How long its decisions took.
    pub times: DecisionTimes,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    /// What was played.
    pub config: ArenaConfig,
    /// A's mean points per deal minus B's.
    pub mean: f64,
    /// The 95% confidence interval of the mean.
    pub ci95: [f64; 2],
    /// The standard deviation of a deal's value.
    pub sd: f64,
    /// Side A's results.
    pub a: SideReport,
    /// Side B's results.
    pub b: SideReport,
    /// Plays where all four passed (out of twice the deals).
    pub void_plays: u64,
    /// Wall-clock time.
    pub seconds: f64,
}

/// `n` out of `of`, as a fraction (0 when `of` is 0).
fn share(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

impl ArenaReport {
    /// Deals (each played twice) per second of wall-clock time.
    pub fn deals_per_s(&self) -> f64 {
        if self.seconds > 0.0 { self.config.deals as f64 / self.seconds } else { 0.0 }
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let plays = 2 * self.config.deals;
        let side = |s: &SideReport, other: &SideReport| {
            let (c, o) = (&s.counts, &other.counts);
            json!({
                "contestant": s.contestant.name(),
                "taken": c.taken,
                "made": c.made,
                "failed": c.failed,
                "surcontred": c.surcontred,
                "contres": c.contres,
                "contres_failed": c.contres_failed,
                "failures_contred": c.failures_contred(),
                "capots": c.capots,
                "taken_rate": share(c.taken, plays),
                "made_rate": share(c.made, c.taken),
                "failed_rate": share(c.failed, c.taken),
                "contre_rate": share(c.contres, o.taken),
                "contres_failed_rate": share(c.contres_failed, c.contres),
                "failures_contred_rate": share(c.failures_contred(), o.failed),
                "nt_taken": c.nt_taken,
                "nt_made": c.nt_made,
                "at_taken": c.at_taken,
                "at_made": c.at_made,
                "decisions": s.times.count,
                "decision_us": s.times.to_json_us(),
            })
        };
        json!({
            "deals": self.config.deals,
            "seed": self.config.seed,
            "threads": self.config.threads,
            "rules": self.config.rules,
            "rule_set": self.config.rules.set.name(),
            "nt_at": self.config.rules.nt_at,
            "auction": self.config.auction.map(Contestant::name),
            "expert_worlds": self.config.budget.worlds,
            "mean": self.mean,
            "ci95": self.ci95,
            "sd": self.sd,
            "a": side(&self.a, &self.b),
            "b": side(&self.b, &self.a),
            "void_plays": self.void_plays,
            "deals_per_s": self.deals_per_s(),
        })
    }
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        let plays = 2 * c.deals;
        writeln!(
            f,
            "{} (A) vs {} (B): {} deals played twice, seed {}, {} thread{}",
            c.a,
            c.b,
            c.deals,
            c.seed,
            c.threads,
            if c.threads == 1 { "" } else { "s" }
        )?;
        writeln!(f, "rules: {}", rules_name(c.rules))?;
        if let Some(auction) = c.auction {
            writeln!(f, "auction: every seat bids as {auction}; A and B play the cards")?;
        }
        if [Some(c.a), Some(c.b), c.auction].contains(&Some(Contestant::Level(Level::Expert))) {
            writeln!(f, "expert: {} worlds per decision", c.budget.worlds)?;
        }
        writeln!(
            f,
            "A - B: {:+.1} points per deal, 95% interval [{:+.1}, {:+.1}], sd {:.1}",
            self.mean, self.ci95[0], self.ci95[1], self.sd
        )?;
        let row = |f: &mut fmt::Formatter<'_>, name: &str, a: String, b: String| {
            writeln!(f, "{name:<36}{a:>16}{b:>16}")
        };
        row(f, "", format!("A ({})", c.a), format!("B ({})", c.b))?;
        let (a, b) = (&self.a.counts, &self.b.counts);
        let pct = |n: u64, of: u64| format!("{n} ({:.1}%)", 100.0 * share(n, of));
        // Each share says of what: the plays, this side's contracts, its contres, or the other
        // side's contracts.
        for (name, x, of_a, y, of_b) in [
            ("contracts taken (of plays)", a.taken, plays, b.taken, plays),
            ("  made", a.made, a.taken, b.made, b.taken),
            ("  failed", a.failed, a.taken, b.failed, b.taken),
            ("  surcontré (of those contré)", a.surcontred, b.contres, b.surcontred, a.contres),
            ("contres (of the other's contracts)", a.contres, b.taken, b.contres, a.taken),
            (
                "  failed: the contract made",
                a.contres_failed,
                a.contres,
                b.contres_failed,
                b.contres,
            ),
            (
                "the other's failures contré",
                a.failures_contred(),
                b.failed,
                b.failures_contred(),
                a.failed,
            ),
        ] {
            row(f, name, pct(x, of_a), pct(y, of_b))?;
        }
        if c.rules.nt_at {
            for (name, x, of_a, y, of_b) in [
                ("sans atout (of its contracts)", a.nt_taken, a.taken, b.nt_taken, b.taken),
                ("  made", a.nt_made, a.nt_taken, b.nt_made, b.nt_taken),
                ("tout atout (of its contracts)", a.at_taken, a.taken, b.at_taken, b.taken),
                ("  made", a.at_made, a.at_taken, b.at_made, b.at_taken),
            ] {
                row(f, name, pct(x, of_a), pct(y, of_b))?;
            }
        }
        row(f, "capots", a.capots.to_string(), b.capots.to_string())?;
        let (ta, tb) = (&self.a.times, &self.b.times);
        row(f, "decision p50", format_ns(ta.p50_ns), format_ns(tb.p50_ns))?;
        row(f, "decision p99", format_ns(ta.p99_ns), format_ns(tb.p99_ns))?;
        row(f, "decision max", format_ns(ta.max_ns), format_ns(tb.max_ns))?;
        writeln!(f, "void plays (all passed): {} of {plays}", self.void_plays)?;
        write!(f, "speed: {:.0} deals per second ({:.2} s)", self.deals_per_s(), self.seconds)
    }
}

/// The rules as the report names them: the set, the option, and the scoring options of
/// `contree` when they are not the defaults.
fn rules_name(rules: Rules) -> String {
    let mut name = rules.set.name().to_string();
    if rules.nt_at {
        name.push_str(", sans atout and tout atout");
    }
    if rules.set == RuleSet::Contree {
        if rules.scoring == ScoringMethod::Made {
            name.push_str(", scoring made");
        }
        if rules.contre == ContreScoring::Tournament {
            name.push_str(", tournament contre");
        }
    }
    name
}

/// The seed of deal `i` (SplitMix64 of the match seed and the index).
fn deal_seed(seed: u64, i: u64) -> u64 {
    crate::mix::splitmix(seed.wrapping_add(crate::mix::PHI.wrapping_mul(i)))
}

/// Mixed into the seed of the second stream of a deal: side B's decisions, or East-West's calls
/// when one contestant bids for every seat.
const SECOND_STREAM_SALT: u64 = 0x5bd1_e995_b5ad_4ece;

/// The seed of a deal's stream: the first (side A, or North-South's calls) or the second.
fn stream_seed(deal_seed: u64, second: bool) -> u64 {
    if second { deal_seed ^ SECOND_STREAM_SALT } else { deal_seed }
}

/// The style of each seat: the first seat of each team cautious, its partner bold.
fn style_of(seat: Seat) -> BiddingStyle {
    match seat {
        Seat::South | Seat::East => BiddingStyle::Cautious,
        Seat::North | Seat::West => BiddingStyle::Bold,
    }
}

/// Plays deal `index` once with contestant A as the team `a_team`, timing each side's decisions
/// in `times` (side A first). Returns the finished game.
fn play(
    config: &ArenaConfig,
    index: u64,
    a_team: Team,
    times: [&mut Times; 2],
) -> Result<Game, ArenaError> {
    let seed = deal_seed(config.seed, index);
    let options = GameOptions { target: 1000, rules: config.rules, deal_style: DealStyle::Shuffle };
    let side_of = |seat: Seat| usize::from(seat.team() != a_team);
    let contestant = |side: usize| if side == 0 { config.a } else { config.b };
    let players = BySeat::from_fn(|s| contestant(side_of(s)).name().to_string());
    let mut game = Game::new(options, seed, players);
    while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
        let Some(seat) = game.to_act() else { break };
        let side = side_of(seat);
        let action = match config.auction {
            // The calls come from the seats, not the sides: the same in both plays of the deal.
            Some(bidder) if game.phase() == Phase::Bidding => bidder.decide(
                &game,
                seat,
                style_of(seat),
                stream_seed(seed, seat.team() == Team::EW),
                config.budget,
            ),
            // Each side draws from its own stream, so that two bots of the same level are two
            // players, not one playing both sides.
            _ => {
                let started = Instant::now();
                let action = contestant(side).decide(
                    &game,
                    seat,
                    style_of(seat),
                    stream_seed(seed, side == 1),
                    config.budget,
                );
                let ns = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
                times[side].add(ns);
                action
            }
        };
        game.apply(seat, action).map_err(|error| ArenaError { deal: index, error })?;
    }
    Ok(game)
}

/// Counts the deal `result`, played with contestant A as the team `a_team`, in the sides'
/// tallies (side A first). Returns A's points minus B's.
fn tally(result: &DealResult, a_team: Team, sides: [&mut Counts; 2], void_plays: &mut u64) -> f64 {
    let (Some(contract), Some(made)) = (result.contract, result.score.map(|s| s.made)) else {
        *void_plays += 1;
        return 0.0;
    };
    let [a, b] = sides;
    let (takers, defenders) = if contract.team() == a_team { (a, b) } else { (b, a) };
    takers.taken += 1;
    if made {
        takers.made += 1;
    } else {
        takers.failed += 1;
    }
    match contract.trump() {
        Trump::NoTrump => {
            takers.nt_taken += 1;
            takers.nt_made += u64::from(made);
        }
        Trump::AllTrump => {
            takers.at_taken += 1;
            takers.at_made += u64::from(made);
        }
        Trump::Suit(_) => {}
    }
    if contract.multiplier != Multiplier::Simple {
        defenders.contres += 1;
        if made {
            defenders.contres_failed += 1;
        }
    }
    if contract.multiplier == Multiplier::Surcontre {
        takers.surcontred += 1;
    }
    match result.capot() {
        Some(team) if team == contract.team() => takers.capots += 1,
        Some(_) => defenders.capots += 1,
        None => {}
    }
    let points = result.points();
    f64::from(points[a_team]) - f64::from(points[a_team.other()])
}

/// Plays deal `index` once with contestant A as the team `a_team` and counts it.
fn play_once(
    config: &ArenaConfig,
    index: u64,
    a_team: Team,
    chunk: &mut Chunk,
) -> Result<f64, ArenaError> {
    let [a, b] = &mut chunk.sides;
    let game = play(config, index, a_team, [&mut a.times, &mut b.times])?;
    let Some(result) = game.history().first() else {
        return Ok(0.0);
    };
    Ok(tally(result, a_team, [&mut a.counts, &mut b.counts], &mut chunk.void_plays))
}

/// Plays deals `range`, counting each finished deal in `done`.
fn play_chunk(
    config: &ArenaConfig,
    range: std::ops::Range<u64>,
    done: &AtomicU64,
    started: Instant,
) -> Result<Chunk, ArenaError> {
    let mut chunk = Chunk {
        values: Vec::with_capacity((range.end - range.start) as usize),
        sides: [Tally::new(), Tally::new()],
        void_plays: 0,
        finished: Duration::ZERO,
    };
    for i in range {
        let first = play_once(config, i, Team::NS, &mut chunk)?;
        let second = play_once(config, i, Team::EW, &mut chunk)?;
        chunk.values.push((first + second) / 2.0);
        done.fetch_add(1, Ordering::Relaxed);
    }
    chunk.finished = started.elapsed();
    Ok(chunk)
}

/// How far a match has come, as [`run`] tells its caller while it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The deals played, each twice.
    pub done: u64,
    /// The deals of the match.
    pub deals: u64,
    /// The time since the match started.
    pub elapsed: Duration,
    /// Whether every worker has stopped: the last report of the match.
    pub over: bool,
}

/// Plays the match, telling `progress` how far it has come about fifty times a second while it
/// plays, and once more when it is over.
pub fn run(config: ArenaConfig, progress: impl FnMut(Progress)) -> Result<ArenaReport, ArenaError> {
    let threads = config.threads.max(1);
    let config = ArenaConfig { threads, ..config };
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let per = config.deals.div_ceil(threads as u64);
    let chunks = on_workers(threads, config.deals, &done, started, progress, |t| {
        let range = (t * per).min(config.deals)..((t + 1) * per).min(config.deals);
        play_chunk(&config, range, &done, started)
    });
    // The time the last worker finished: the progress loop's naps do not count.
    let mut seconds = 0f64;
    let mut values = Vec::with_capacity(config.deals as usize);
    let mut sides = [Tally::new(), Tally::new()];
    let mut void_plays = 0;
    for chunk in chunks {
        let chunk = chunk?;
        seconds = seconds.max(chunk.finished.as_secs_f64());
        values.extend_from_slice(&chunk.values);
        sides[0].merge(&chunk.sides[0]);
        sides[1].merge(&chunk.sides[1]);
        void_plays += chunk.void_plays;
    }
    let (mean, sd) = mean_sd(&values);
    let half = ci95_half(&values, sd);
    let side = |t: &Tally, contestant: Contestant| SideReport {
        contestant,
        counts: t.counts,
        times: t.times.summary(),
    };
    Ok(ArenaReport {
        config,
        mean,
        ci95: [mean - half, mean + half],
        sd,
        a: side(&sides[0], config.a),
        b: side(&sides[1], config.b),
        void_plays,
        seconds,
    })
}

/// Runs `work` on `threads` threads, each given its number, telling `progress` how far the
/// `done` deals of `deals` have come about fifty times a second while they run, and once more
/// when they are over; the workers' results, in their order.
fn on_workers<T: Send>(
    threads: usize,
    deals: u64,
    done: &AtomicU64,
    started: Instant,
    mut progress: impl FnMut(Progress),
    work: impl Fn(u64) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = (0..threads as u64).map(|t| scope.spawn(move || work(t))).collect();
        let now = |over| Progress {
            done: done.load(Ordering::Relaxed),
            deals,
            elapsed: started.elapsed(),
            over,
        };
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(20));
            progress(now(false));
        }
        progress(now(true));
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// Half the width of the 95% confidence interval of the mean of `values`, whose sample standard
/// deviation is `sd`.
fn ci95_half(values: &[f64], sd: f64) -> f64 {
    if values.is_empty() { 0.0 } else { 1.96 * sd / (values.len() as f64).sqrt() }
}

/// The mean and the sample standard deviation.
fn mean_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NORMAL: Contestant = Contestant::Level(Level::Normal);
    const EXPERT: Contestant = Contestant::Level(Level::Expert);
    const EASY: Contestant = Contestant::Level(Level::Easy);
    const RANDOM: Contestant = Contestant::Level(Level::Random);

    fn config(a: Contestant, b: Contestant, deals: u64, threads: usize) -> ArenaConfig {
        ArenaConfig {
            a,
            b,
            auction: None,
            deals,
            seed: 7,
            rules: Rules::default(),
            threads,
            budget: Budget::worlds(4),
        }
    }

    /// Everything in a report but the times.
    fn results(r: &ArenaReport) -> (f64, f64, [f64; 2], Counts, Counts, u64) {
        (r.mean, r.sd, r.ci95, r.a.counts, r.b.counts, r.void_plays)
    }

    #[test]
    fn the_same_seed_gives_the_same_match_whatever_the_threads() {
        let matches = [
            config(NORMAL, EASY, 24, 1),
            config(NORMAL, Contestant::Gambler, 24, 1),
            ArenaConfig { auction: Some(Contestant::Gambler), ..config(EASY, NORMAL, 24, 1) },
            ArenaConfig {
                rules: Rules::of(RuleSet::Coinche).with_nt_at(true),
                ..config(NORMAL, EASY, 24, 1)
            },
            ArenaConfig {
                rules: Rules::of(RuleSet::Plain).with_nt_at(true),
                ..config(EASY, NORMAL, 24, 1)
            },
            config(EXPERT, Contestant::Oracle, 24, 1),
        ];
        for one in matches {
            let alone = run(one, |_| {}).expect("runs");
            for threads in [2, 3, 5] {
                let shared = run(ArenaConfig { threads, ..one }, |_| {}).expect("runs");
                assert_eq!(results(&alone), results(&shared), "{one:?} on {threads} threads");
            }
            let (a, b) = (&alone.a.counts, &alone.b.counts);
            assert_eq!(a.taken + b.taken + alone.void_plays, 48);
            for (side, other) in [(a, b), (b, a)] {
                assert_eq!(side.made + side.failed, side.taken);
                assert!(side.nt_made <= side.nt_taken && side.at_made <= side.at_taken);
                assert!(side.nt_taken + side.at_taken <= side.taken);
                assert!(side.contres_failed <= side.contres && side.contres <= other.taken);
                assert!(side.failures_contred() <= other.failed);
                assert!(other.surcontred <= side.contres);
            }
        }
    }

    #[test]
    fn the_progress_told_grows_to_every_deal_and_ends_once() {
        let mut told = Vec::new();
        run(config(NORMAL, EASY, 40, 2), |p| told.push(p)).expect("runs");
        let last = told.last().copied().expect("told at least once");
        assert_eq!((last.done, last.deals, last.over), (40, 40, true));
        assert_eq!(told.iter().filter(|p| p.over).count(), 1);
        assert!(told.windows(2).all(|w| w[0].done <= w[1].done && w[0].elapsed <= w[1].elapsed));
    }

    #[test]
    fn a_level_against_itself_is_even_deal_by_deal_when_nobody_bids() {
        // Random bots always pass: every play is void and every deal is worth 0.
        let r = run(config(RANDOM, RANDOM, 10, 2), |_| {}).expect("runs");
        assert_eq!((r.mean, r.sd, r.void_plays), (0.0, 0.0, 20));
    }

    #[test]
    fn the_gambler_overbids_into_contres_that_are_counted_on_both_sides() {
        let r = run(config(NORMAL, Contestant::Gambler, 300, 1), |_| {}).expect("runs");
        let (normal, gambler) = (&r.a.counts, &r.b.counts);
        assert!(gambler.taken > 2 * normal.taken, "{gambler:?} against {normal:?}");
        assert!(gambler.failed > normal.failed);
        assert_eq!(gambler.contres, 0, "the gambler never contres");
        assert!(normal.contres > 0 && normal.failures_contred() > 0, "{normal:?}");
        assert!(r.mean > 0.0);
    }

    /// The auction and the contract of deal `index` played with A as `a_team`.
    fn auction_of(
        config: &ArenaConfig,
        index: u64,
        a_team: Team,
    ) -> (Vec<crate::rules::Call>, String) {
        let (mut ta, mut tb) = (Times::new(), Times::new());
        let game = play(config, index, a_team, [&mut ta, &mut tb]).expect("plays");
        let result = game.history().first().expect("a finished deal");
        (result.record.auction.clone(), format!("{:?}", result.contract))
    }

    #[test]
    fn an_auction_contestant_gives_both_plays_of_a_deal_the_same_auction() {
        // Easy against random: on their own, random passes and easy bids, so the two plays of a
        // deal almost never reach the same contract.
        let own = config(EASY, RANDOM, 30, 1);
        let differ =
            (0..30).filter(|&i| auction_of(&own, i, Team::NS) != auction_of(&own, i, Team::EW));
        assert!(differ.count() > 20);
        for bidder in [NORMAL, Contestant::Gambler] {
            let fixed = ArenaConfig { auction: Some(bidder), ..own };
            let mut contracts = 0;
            for i in 0..30 {
                let (first, second) =
                    (auction_of(&fixed, i, Team::NS), auction_of(&fixed, i, Team::EW));
                assert_eq!(first, second, "deal {i} bid by {bidder}");
                contracts += usize::from(first.1 != "None");
            }
            assert!(contracts > 20, "{bidder} bid {contracts} contracts in 30 deals");
        }
        // The gambler plays its cards as normal, whose card play draws nothing at random: on
        // the same auctions they tie deal by deal.
        let r = run(
            ArenaConfig { auction: Some(NORMAL), ..config(NORMAL, Contestant::Gambler, 30, 1) },
            |_| {},
        )
        .expect("runs");
        assert_eq!((r.mean, r.sd), (0.0, 0.0));
        assert_eq!(r.a.counts.taken, r.b.counts.taken);
        // Only the card play is timed: random's cards are as many as easy's.
        let r = run(ArenaConfig { auction: Some(NORMAL), ..config(EASY, RANDOM, 30, 1) }, |_| {})
            .expect("runs");
        assert_eq!(r.a.times.count, r.b.times.count);
        assert_eq!(r.a.times.count % 16, 0, "eight cards a side per play");
    }

    #[test]
    fn every_value_falls_in_its_bucket() {
        let mut values: Vec<u64> = (0..600).collect();
        for shift in 0..64 {
            for delta in [0u64, 1, 3, 77] {
                values.push((1u64 << shift).saturating_add(delta));
                values.push((1u64 << shift).saturating_sub(delta));
            }
        }
        values.push(u64::MAX);
        for v in values {
            let i = bucket_of(v);
            assert!(i < BUCKETS, "{v}");
            let (low, width) = bucket_range(i);
            assert!(low <= v && v - low < width, "{v} in bucket {i} = [{low}, +{width})");
            assert!(width == 1 || width as f64 / low as f64 <= 1.0 / 128.0, "{v}");
        }
        // Buckets follow one another without a gap.
        for i in 1..BUCKETS {
            let (low, width) = bucket_range(i - 1);
            assert_eq!(bucket_range(i).0, low + width, "after bucket {}", i - 1);
        }
    }

    #[test]
    fn quantiles_hold_from_nanoseconds_to_seconds() {
        // A geometric spread from 90 ns to about 3 s, as a match of a fast level and a
        // thinking one would mix.
        let mut exact: Vec<u64> = (0..5000).map(|i| (90.0 * 1.0035f64.powi(i)) as u64).collect();
        let mut t = Times::new();
        for &ns in exact.iter().rev() {
            t.add(ns);
        }
        exact.sort_unstable();
        assert!(exact[exact.len() - 1] > 2_000_000_000);
        for q in [0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 1.0] {
            let rank = ((exact.len() as f64 * q).ceil() as usize).max(1);
            let truth = exact[rank - 1] as f64;
            let read = t.quantile_ns(q) as f64;
            assert!((read - truth).abs() <= truth / 256.0 + 0.5, "q {q}: {read} for {truth}");
        }
        // The extremes are exact, and a one-nanosecond bucket reads exactly.
        let s = t.summary();
        assert_eq!((t.quantile_ns(0.0), s.max_ns), (exact[0], exact[exact.len() - 1]));
        let mut merged = Times::new();
        for ns in [100, 100, 100, 5_000_000] {
            merged.add(ns);
        }
        let mut other = Times::new();
        other.add(40_000_000);
        merged.merge(&other);
        assert_eq!(merged.quantile_ns(0.5), 100);
        assert_eq!(merged.summary().max_ns, 40_000_000);
        assert!(merged.quantile_ns(0.8).abs_diff(5_000_000) <= 5_000_000 / 256);
        assert_eq!(Times::new().summary(), DecisionTimes::default());
    }

    #[test]
    fn durations_read_in_their_unit() {
        let cases = [
            (0, "0 ns"),
            (850, "850 ns"),
            (999, "999 ns"),
            (1_000, "1.00 µs"),
            (1_254, "1.25 µs"),
            (12_500, "12.5 µs"),
            (999_400, "999 µs"),
            (999_600, "1.00 ms"),
            (42_000_000, "42.0 ms"),
            (150_000_000, "150 ms"),
            (2_500_000_000, "2.50 s"),
            (125_000_000_000, "125 s"),
        ];
        for (ns, text) in cases {
            assert_eq!(format_ns(ns), text, "{ns} ns");
        }
    }

    #[test]
    fn contestants_are_the_levels_and_the_gambler() {
        use clap::ValueEnum;
        let names: Vec<&str> = Contestant::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names, ["random", "easy", "normal", "expert", "gambler", "oracle"]);
        for c in Contestant::ALL {
            assert_eq!(Contestant::from_str(c.name(), false), Ok(c));
        }
        assert_eq!(Contestant::from(Level::Easy), EASY);
    }

    #[test]
    fn the_json_report_has_the_documented_fields() {
        let r = run(config(NORMAL, Contestant::Gambler, 6, 1), |_| {}).expect("runs");
        let j = r.to_json();
        for key in
            ["deals", "mean", "ci95", "sd", "a", "b", "auction", "deals_per_s", "rule_set", "nt_at"]
        {
            assert!(j.get(key).is_some(), "{key}");
        }
        assert_eq!(j["auction"], serde_json::Value::Null);
        assert_eq!(j["b"]["contestant"], "gambler");
        for side in ["a", "b"] {
            for key in ["p50", "p90", "p99", "max"] {
                assert!(j[side]["decision_us"][key].is_number(), "{side} {key}");
            }
            for key in [
                "taken",
                "made",
                "failed",
                "surcontred",
                "contres",
                "contres_failed",
                "failures_contred",
                "capots",
                "decisions",
                "made_rate",
                "contre_rate",
                "contres_failed_rate",
                "failures_contred_rate",
                "nt_taken",
                "nt_made",
                "at_taken",
                "at_made",
            ] {
                assert!(j[side][key].is_number(), "{side} {key}");
            }
        }
        let (normal, gambler) = (&r.a.counts, &r.b.counts);
        let rate = j["a"]["failures_contred_rate"].as_f64().expect("a rate");
        assert_eq!(rate, normal.failures_contred() as f64 / gambler.failed as f64);
        let fixed = ArenaConfig { auction: Some(EASY), ..r.config };
        let j = run(fixed, |_| {}).expect("runs").to_json();
        assert_eq!(j["auction"], "easy");
    }

    #[test]
    fn every_set_is_played_and_named_in_the_report() {
        let mut modes = 0;
        for set in RuleSet::ALL {
            for nt_at in [false, true] {
                let rules = Rules::of(set).with_nt_at(nt_at);
                let r = run(ArenaConfig { rules, ..config(NORMAL, EASY, 40, 1) }, |_| {})
                    .expect("runs");
                let j = r.to_json();
                assert_eq!(j["rule_set"], set.name());
                assert_eq!(j["nt_at"], nt_at);
                let text = r.to_string();
                let named = format!("rules: {set}{}", if nt_at { ", sans atout" } else { "" });
                assert!(text.contains(&named), "{text}");
                assert_eq!(text.contains("tout atout (of its contracts)"), nt_at, "{text}");
                let (a, b) = (&r.a.counts, &r.b.counts);
                let taken = a.nt_taken + a.at_taken + b.nt_taken + b.at_taken;
                if nt_at {
                    modes += taken;
                } else {
                    assert_eq!(taken, 0);
                }
            }
        }
        assert!(modes > 0, "no contract in sans atout or tout atout");
        let tournament = Rules {
            scoring: ScoringMethod::Made,
            contre: ContreScoring::Tournament,
            ..Rules::default()
        };
        assert_eq!(rules_name(tournament), "contree, scoring made, tournament contre");
    }
}
