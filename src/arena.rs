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
//! [`in_seat`] measures the comparison the table makes after each deal: a level in South's seat
//! against the expert in it, the other seats the same; [`holds`] measures the expert's odds of
//! who holds what against the real hands.

mod contestant;
pub mod holds;
pub mod in_seat;
mod report;
mod times;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::bots::expert::Budget;
use crate::game::{DealResult, DealStyle, Game, GameError, GameOptions, Phase};
use crate::personas::BiddingStyle;
use crate::rules::{BySeat, Multiplier, Rules, Seat, Team, Trump};

pub use contestant::Contestant;
use report::rules_name;
pub use report::{ArenaReport, Counts, SideReport};
use times::Times;
pub use times::{DecisionTimes, format_ns};

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

/// One side's ledger while playing: its counts and decision times.
#[derive(Clone, Debug)]
struct Ledger {
    counts: Counts,
    times: Times,
}

impl Ledger {
    fn new() -> Ledger {
        Ledger { counts: Counts::default(), times: Times::new() }
    }

    fn merge(&mut self, o: &Ledger) {
        self.counts.add(&o.counts);
        self.times.merge(&o.times);
    }
}

/// What one worker played.
struct Chunk {
    values: Vec<f64>,
    sides: [Ledger; 2],
    void_plays: u64,
    /// When the worker finished, from the start of the match.
    finished: Duration,
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
    // Each seat's calls are read by the level that makes them.
    let bidder = |seat: Seat| config.auction.unwrap_or(contestant(side_of(seat)));
    game.set_levels(BySeat::from_fn(|s| bidder(s).reads_as()));
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
        sides: [Ledger::new(), Ledger::new()],
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
    let mut sides = [Ledger::new(), Ledger::new()];
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
    let side = |t: &Ledger, contestant: Contestant| SideReport {
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

/// Works out `each` for every deal of `deals` on `threads` threads, each worker taking the next
/// deal not yet taken and keeping a state of its own (made by `state`), and telling `progress`
/// as [`on_workers`] does: the deals' values in the order of the deals, so that what is summed
/// from them is the same whatever the threads, and the workers' states; the first error a
/// worker met, if any.
fn deal_by_deal<S: Send, V: Send>(
    threads: usize,
    deals: u64,
    started: Instant,
    progress: impl FnMut(Progress),
    state: impl Fn() -> S + Sync,
    each: impl Fn(u64, &mut S) -> Result<V, ArenaError> + Sync,
) -> Result<(Vec<V>, Vec<S>), ArenaError> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let values: std::sync::Mutex<Vec<Option<V>>> =
        std::sync::Mutex::new((0..deals).map(|_| None).collect());
    let worker = || -> Result<S, ArenaError> {
        let mut s = state();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= deals {
                return Ok(s);
            }
            let value = each(i, &mut s)?;
            if let Ok(mut v) = values.lock() {
                v[i as usize] = Some(value);
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
    };
    let states = on_workers(threads, deals, &done, started, progress, |_| worker());
    let states = states.into_iter().collect::<Result<Vec<S>, ArenaError>>()?;
    let values = values.into_inner().unwrap_or_default().into_iter().flatten().collect();
    Ok((values, states))
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
    use clap::ValueEnum;

    use super::times::{BUCKETS, bucket_of, bucket_range};
    use super::*;
    use crate::bots::Level;
    use crate::rules::{ContreScoring, RuleSet, ScoringMethod};

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
