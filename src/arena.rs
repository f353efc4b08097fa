//! `contree arena`: duplicate matches between two bot levels, so strength is a measured number.
//!
//! Each deal is dealt once and played twice from the same seed (same hands, same dealer): level
//! A as North-South against B as East-West, then with the seats swapped. A deal's value is A's
//! points minus B's over the two plays, halved; the report gives its mean over all deals, the 95%
//! confidence interval and the standard deviation, the contracts each side took, made, failed
//! and had contré (with how many of those failed or were surcontré), the capots, the void plays,
//! and each side's decision times. In each team the first seat (South or East) bids cautiously and its partner boldly, so both sides get the same
//! styles. Side B's bots draw their random choices from another stream than side A's, so a level
//! against itself is two different players and its result a real check that the seats carry no
//! bias. Results depend only on the seed, not on the number of threads (the times aside).

use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::bots::{Level, Style, decide_seeded};
use crate::game::{DealStyle, Game, GameError, GameOptions, Phase};
use crate::rules::{BySeat, Multiplier, ScoringRules, Seat, Team};

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Level A.
    pub a: Level,
    /// Level B.
    pub b: Level,
    /// Number of deals, each played twice.
    pub deals: u64,
    /// The seed every deal derives from.
    pub seed: u64,
    /// Scoring options.
    pub rules: ScoringRules,
    /// Worker threads (at least 1).
    pub threads: usize,
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

/// Decision times in buckets of [`BUCKET_NS`], with an overflow list for slow ones.
#[derive(Clone, Debug)]
struct Times {
    buckets: Vec<u32>,
    slow: Vec<u64>,
    count: u64,
}

const BUCKET_NS: u64 = 50;
const BUCKETS: usize = 40_000;

impl Times {
    fn new() -> Times {
        Times { buckets: vec![0; BUCKETS], slow: Vec::new(), count: 0 }
    }

    fn add(&mut self, ns: u64) {
        self.count += 1;
        match self.buckets.get_mut((ns / BUCKET_NS) as usize) {
            Some(b) => *b += 1,
            None => self.slow.push(ns),
        }
    }

    fn merge(&mut self, other: &Times) {
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
        self.slow.extend_from_slice(&other.slow);
        self.count += other.count;
    }

    /// The `q` quantile in microseconds (the middle of its bucket).
    fn quantile_us(&self, q: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let rank = ((self.count as f64 * q).ceil() as u64).clamp(1, self.count);
        let mut seen = 0u64;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += u64::from(n);
            if seen >= rank {
                return (i as f64 + 0.5) * BUCKET_NS as f64 / 1000.0;
            }
        }
        let mut slow = self.slow.clone();
        slow.sort_unstable();
        let i = (rank - seen).saturating_sub(1) as usize;
        slow.get(i).map_or(0.0, |&ns| ns as f64 / 1000.0)
    }
}

/// One side's tallies.
#[derive(Clone, Debug)]
struct Tally {
    taken: u64,
    made: u64,
    failed: u64,
    contred: u64,
    contred_failed: u64,
    surcontred: u64,
    capots: u64,
    times: Times,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            taken: 0,
            made: 0,
            failed: 0,
            contred: 0,
            contred_failed: 0,
            surcontred: 0,
            capots: 0,
            times: Times::new(),
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.taken += o.taken;
        self.made += o.made;
        self.failed += o.failed;
        self.contred += o.contred;
        self.contred_failed += o.contred_failed;
        self.surcontred += o.surcontred;
        self.capots += o.capots;
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
    /// The level.
    pub level: Level,
    /// Contracts taken, over all plays.
    pub taken: u64,
    /// Contracts made.
    pub made: u64,
    /// Contracts failed.
    pub failed: u64,
    /// Contracts taken that the other side contré (surcontrés included).
    pub contred: u64,
    /// Of those, the contracts that failed: the other side's contres that paid.
    pub contred_failed: u64,
    /// Contré contracts this side surcontré.
    pub surcontred: u64,
    /// Plays where this side took all eight tricks.
    pub capots: u64,
    /// Median decision time, microseconds.
    pub p50_us: f64,
    /// 99th percentile decision time, microseconds.
    pub p99_us: f64,
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
    /// Level A's results.
    pub a: SideReport,
    /// Level B's results.
    pub b: SideReport,
    /// Plays where all four passed (out of twice the deals).
    pub void_plays: u64,
    /// Wall-clock time.
    pub seconds: f64,
}

impl ArenaReport {
    /// Deals (each played twice) per second of wall-clock time.
    pub fn deals_per_s(&self) -> f64 {
        if self.seconds > 0.0 { self.config.deals as f64 / self.seconds } else { 0.0 }
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let plays = 2 * self.config.deals;
        let side = |s: &SideReport| {
            let rate = |n: u64, of: u64| if of == 0 { 0.0 } else { n as f64 / of as f64 };
            json!({
                "level": s.level.name(),
                "taken": s.taken,
                "made": s.made,
                "failed": s.failed,
                "contred": s.contred,
                "contred_failed": s.contred_failed,
                "surcontred": s.surcontred,
                "capots": s.capots,
                "taken_rate": rate(s.taken, plays),
                "made_rate": rate(s.made, s.taken),
                "failed_rate": rate(s.failed, s.taken),
                "contred_rate": rate(s.contred, s.taken),
                "contred_failed_rate": rate(s.contred_failed, s.contred),
                "decision_us": {"p50": s.p50_us, "p99": s.p99_us},
            })
        };
        json!({
            "deals": self.config.deals,
            "seed": self.config.seed,
            "threads": self.config.threads,
            "rules": self.config.rules,
            "mean": self.mean,
            "ci95": self.ci95,
            "sd": self.sd,
            "a": side(&self.a),
            "b": side(&self.b),
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
        writeln!(
            f,
            "A - B: {:+.1} points per deal, 95% interval [{:+.1}, {:+.1}], sd {:.1}",
            self.mean, self.ci95[0], self.ci95[1], self.sd
        )?;
        let pct = |n: u64, of: u64| if of == 0 { 0.0 } else { 100.0 * n as f64 / of as f64 };
        writeln!(f, "{:<22}{:>18}{:>18}", "", format!("A ({})", c.a), format!("B ({})", c.b))?;
        let row = |f: &mut fmt::Formatter<'_>, name: &str, a: String, b: String| {
            writeln!(f, "{name:<22}{a:>18}{b:>18}")
        };
        let (a, b) = (&self.a, &self.b);
        row(
            f,
            "contracts taken",
            format!("{} ({:.1}%)", a.taken, pct(a.taken, plays)),
            format!("{} ({:.1}%)", b.taken, pct(b.taken, plays)),
        )?;
        // Shares of the contracts taken, then of the contré ones: how often the other side's
        // contre paid, and how often this side answered it with a surcontre.
        for (name, x, y, of_a, of_b) in [
            ("made", a.made, b.made, a.taken, b.taken),
            ("failed", a.failed, b.failed, a.taken, b.taken),
            ("contré", a.contred, b.contred, a.taken, b.taken),
            ("contré, failed", a.contred_failed, b.contred_failed, a.contred, b.contred),
            ("surcontré", a.surcontred, b.surcontred, a.contred, b.contred),
        ] {
            row(
                f,
                name,
                format!("{x} ({:.1}%)", pct(x, of_a)),
                format!("{y} ({:.1}%)", pct(y, of_b)),
            )?;
        }
        row(f, "capots", a.capots.to_string(), b.capots.to_string())?;
        row(f, "decision p50 (us)", format!("{:.2}", a.p50_us), format!("{:.2}", b.p50_us))?;
        row(f, "decision p99 (us)", format!("{:.2}", a.p99_us), format!("{:.2}", b.p99_us))?;
        writeln!(f, "void plays (all passed): {} of {plays}", self.void_plays)?;
        write!(f, "speed: {:.0} deals per second ({:.2} s)", self.deals_per_s(), self.seconds)
    }
}

/// The seed of deal `i` (SplitMix64 of the match seed and the index).
fn deal_seed(seed: u64, i: u64) -> u64 {
    crate::game::splitmix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i)))
}

/// Mixed into the seed of side B's decisions.
const B_SIDE_SALT: u64 = 0x5bd1_e995_b5ad_4ece;

/// The style of each seat: the first seat of each team cautious, its partner bold.
fn style_of(seat: Seat) -> Style {
    match seat {
        Seat::South | Seat::East => Style::Cautious,
        Seat::North | Seat::West => Style::Bold,
    }
}

/// Plays deal `index` once with level `a` as the team `a_team`. Returns A's points minus B's.
fn play_once(
    config: &ArenaConfig,
    index: u64,
    a_team: Team,
    sides: &mut [Tally; 2],
    void_plays: &mut u64,
) -> Result<f64, ArenaError> {
    let seed = deal_seed(config.seed, index);
    let options = GameOptions { target: 1000, rules: config.rules, deal_style: DealStyle::Shuffle };
    let level_of = |s: Seat| if s.team() == a_team { config.a } else { config.b };
    let players = BySeat::from_fn(|s| level_of(s).name().to_string());
    let mut game = Game::new(options, seed, players);
    while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
        let Some(seat) = game.to_act() else { break };
        let view = game.view(seat);
        let started = Instant::now();
        // Each side draws from its own stream, so that two bots of the same level are two
        // players, not one playing both sides.
        let side_seed = if seat.team() == a_team { seed } else { seed ^ B_SIDE_SALT };
        let action = decide_seeded(&view, level_of(seat), style_of(seat), side_seed);
        let ns = started.elapsed().as_nanos() as u64;
        sides[usize::from(seat.team() != a_team)].times.add(ns);
        game.apply(seat, action).map_err(|error| ArenaError { deal: index, error })?;
    }
    let Some(result) = game.history().first() else {
        return Ok(0.0);
    };
    let Some((contract, score)) = result.contract.zip(result.score) else {
        *void_plays += 1;
        return Ok(0.0);
    };
    let takers = contract.team();
    let side = &mut sides[usize::from(takers != a_team)];
    side.taken += 1;
    if score.made {
        side.made += 1;
    } else {
        side.failed += 1;
    }
    if contract.multiplier != Multiplier::Simple {
        side.contred += 1;
        if !score.made {
            side.contred_failed += 1;
        }
    }
    if contract.multiplier == Multiplier::Surcontre {
        side.surcontred += 1;
    }
    if let Some(team) = result.capot() {
        sides[usize::from(team != a_team)].capots += 1;
    }
    let points = result.points();
    Ok(f64::from(points[a_team]) - f64::from(points[a_team.other()]))
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
        let first = play_once(config, i, Team::NS, &mut chunk.sides, &mut chunk.void_plays)?;
        let second = play_once(config, i, Team::EW, &mut chunk.sides, &mut chunk.void_plays)?;
        chunk.values.push((first + second) / 2.0);
        done.fetch_add(1, Ordering::Relaxed);
    }
    chunk.finished = started.elapsed();
    Ok(chunk)
}

/// Plays the match. With `progress`, a bar is drawn on standard error once the run has taken
/// more than a second, if standard error is a terminal.
pub fn run(config: ArenaConfig, progress: bool) -> Result<ArenaReport, ArenaError> {
    let threads = config.threads.max(1);
    let config = ArenaConfig { threads, ..config };
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let per = config.deals.div_ceil(threads as u64);
    let show = progress && std::io::stderr().is_terminal();
    let chunks: Vec<Result<Chunk, ArenaError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let range = (t * per).min(config.deals)..((t + 1) * per).min(config.deals);
                let done = &done;
                scope.spawn(move || play_chunk(&config, range, done, started))
            })
            .collect();
        let mut drawn = false;
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(20));
            if show && started.elapsed() > Duration::from_secs(1) {
                draw_bar(done.load(Ordering::Relaxed), config.deals);
                drawn = true;
            }
        }
        if drawn {
            draw_bar(config.deals, config.deals);
            eprintln!();
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
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
    let half = if values.is_empty() { 0.0 } else { 1.96 * sd / (values.len() as f64).sqrt() };
    let side = |t: &Tally, level: Level| SideReport {
        level,
        taken: t.taken,
        made: t.made,
        failed: t.failed,
        contred: t.contred,
        contred_failed: t.contred_failed,
        surcontred: t.surcontred,
        capots: t.capots,
        p50_us: t.times.quantile_us(0.5),
        p99_us: t.times.quantile_us(0.99),
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

fn draw_bar(done: u64, total: u64) {
    const WIDTH: u64 = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let bar: String = (0..WIDTH).map(|i| if i < filled { '#' } else { '-' }).collect();
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r[{bar}] {done}/{total} deals");
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(a: Level, b: Level, deals: u64, threads: usize) -> ArenaConfig {
        ArenaConfig { a, b, deals, seed: 7, rules: ScoringRules::default(), threads }
    }

    #[test]
    fn the_same_seed_gives_the_same_match_whatever_the_threads() {
        let one = run(config(Level::Normal, Level::Easy, 24, 1), false).expect("runs");
        let two = run(config(Level::Normal, Level::Easy, 24, 3), false).expect("runs");
        assert_eq!(one.mean, two.mean);
        assert_eq!(one.sd, two.sd);
        assert_eq!((one.a.taken, one.a.made, one.b.taken), (two.a.taken, two.a.made, two.b.taken));
        assert!(one.a.taken + one.b.taken + one.void_plays == 48);
        for side in [&one.a, &one.b] {
            assert!(side.contred_failed <= side.contred && side.surcontred <= side.contred);
            assert!(side.contred_failed <= side.failed);
        }
    }

    #[test]
    fn a_level_against_itself_is_even_deal_by_deal_when_nobody_bids() {
        // Random bots always pass: every play is void and every deal is worth 0.
        let r = run(config(Level::Random, Level::Random, 10, 2), false).expect("runs");
        assert_eq!((r.mean, r.sd, r.void_plays), (0.0, 0.0, 20));
    }

    #[test]
    fn quantiles_read_the_buckets() {
        let mut t = Times::new();
        for ns in [100, 100, 100, 5_000_000] {
            t.add(ns);
        }
        assert!((t.quantile_us(0.5) - 0.125).abs() < 1e-9);
        assert!((t.quantile_us(0.99) - 5000.0).abs() < 1e-9);
    }

    #[test]
    fn the_json_report_has_the_documented_fields() {
        let r = run(config(Level::Easy, Level::Random, 4, 1), false).expect("runs");
        let j = r.to_json();
        for key in ["deals", "mean", "ci95", "sd", "a", "b", "deals_per_s"] {
            assert!(j.get(key).is_some(), "{key}");
        }
        assert!(j["a"]["decision_us"]["p99"].is_number());
        assert!(j["b"]["made_rate"].is_number());
    }
}
