//! `contree arena --seat-vs-expert LEVEL`: what a balance against the expert in the player's
//! seat means. Each deal is dealt once and played twice with the same three other seats (a
//! level of the table, each seat with its style, deciding from the deal's seed as the table's
//! computer players decide from the game's): once with LEVEL in South's seat, once with the
//! expert there, as the table's comparison plays it ([`crate::bots::in_seat`]). A deal's value is
//! North-South's margin (their points minus East-West's) with LEVEL, minus the same with the
//! expert: the difference the table shows after each deal. The report gives its mean, 95%
//! interval and standard deviation, and the time of each play of a deal, the expert's being the
//! time a comparison takes. The result depends only on the seed, whatever the threads.

use std::fmt;
use std::time::Instant;

use serde_json::json;

use super::{
    ArenaError, DecisionTimes, Progress, Times, ci95_half, deal_by_deal, deal_seed, format_ns,
    mean_sd, style_of,
};
use crate::bots::Level;
use crate::bots::expert::Budget;
use crate::bots::in_seat::{Seats, play_out};
use crate::game::{DealResult, DealStyle, Game, GameOptions};
use crate::rules::{BySeat, Rules, Team};

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatConfig {
    /// The level measured in South's seat.
    pub south: Level,
    /// The level of North, East and West.
    pub others: Level,
    /// Number of deals, each played twice.
    pub deals: u64,
    /// The seed every deal derives from.
    pub seed: u64,
    /// The rules of every deal.
    pub rules: Rules,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// What each of the expert's decisions may spend.
    pub budget: Budget,
}

/// The result of a match of a level against the expert in South's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport {
    /// What was played.
    pub config: SeatConfig,
    /// The mean balance per deal: LEVEL's margin minus the expert's.
    pub mean: f64,
    /// Its 95% confidence interval.
    pub ci95: [f64; 2],
    /// The standard deviation of a deal's balance.
    pub sd: f64,
    /// How long a play of a deal took with LEVEL in South's seat.
    pub level_times: DecisionTimes,
    /// How long a play of a deal took with the expert there: a comparison's time.
    pub expert_times: DecisionTimes,
    /// Wall-clock time.
    pub seconds: f64,
}

/// North-South's margin in a played deal.
fn margin(game: &Game) -> f64 {
    let p = game.history().first().map(DealResult::points).unwrap_or_default();
    f64::from(p[Team::NS]) - f64::from(p[Team::EW])
}

/// Plays deal `index` with `south` in South's seat, timing it in `times`; North-South's margin.
fn play(
    config: &SeatConfig,
    index: u64,
    south: Level,
    times: &mut Times,
) -> Result<f64, ArenaError> {
    let seed = deal_seed(config.seed, index);
    let options = GameOptions { target: 1000, rules: config.rules, deal_style: DealStyle::Shuffle };
    let players = BySeat::from_fn(|s| s.to_string());
    let mut game = Game::new(options, seed, players);
    let seats = Seats {
        level: config.others,
        styles: BySeat::from_fn(style_of),
        seed,
        budget: config.budget,
    };
    let started = Instant::now();
    play_out(&mut game, south, &seats, None).map_err(|error| ArenaError { deal: index, error })?;
    times.add(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
    Ok(margin(&game))
}

/// Plays the match, telling `progress` how far it has come as [`super::run`] does.
pub fn run(config: SeatConfig, progress: impl FnMut(Progress)) -> Result<SeatReport, ArenaError> {
    let threads = config.threads.max(1);
    let config = SeatConfig { threads, ..config };
    let started = Instant::now();
    let (values, workers) = deal_by_deal(
        threads,
        config.deals,
        started,
        progress,
        || (Times::new(), Times::new()),
        |i, (level, expert)| {
            Ok(play(&config, i, config.south, level)? - play(&config, i, Level::Expert, expert)?)
        },
    )?;
    let seconds = started.elapsed().as_secs_f64();
    let (mut level, mut expert) = (Times::new(), Times::new());
    for (l, e) in &workers {
        level.merge(l);
        expert.merge(e);
    }
    let (mean, sd) = mean_sd(&values);
    let half = ci95_half(&values, sd);
    Ok(SeatReport {
        config,
        mean,
        ci95: [mean - half, mean + half],
        sd,
        level_times: level.summary(),
        expert_times: expert.summary(),
        seconds,
    })
}

impl SeatReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let c = &self.config;
        json!({
            "seat_vs_expert": c.south.name(),
            "others": c.others.name(),
            "deals": c.deals,
            "seed": c.seed,
            "threads": c.threads,
            "rules": c.rules,
            "rule_set": c.rules.set.name(),
            "nt_at": c.rules.nt_at,
            "expert_worlds": c.budget.worlds,
            "mean": self.mean,
            "ci95": self.ci95,
            "sd": self.sd,
            "level_deal_us": self.level_times.to_json_us(),
            "expert_deal_us": self.expert_times.to_json_us(),
            "seconds": self.seconds,
        })
    }
}

impl fmt::Display for SeatReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        writeln!(
            f,
            "{} in South's seat against the expert in it: {} deals played twice, the other seats {}, seed {}, {} thread{}",
            c.south,
            c.deals,
            c.others,
            c.seed,
            c.threads,
            if c.threads == 1 { "" } else { "s" }
        )?;
        writeln!(f, "rules: {}", super::rules_name(c.rules))?;
        writeln!(f, "expert: {} worlds per decision", c.budget.worlds)?;
        writeln!(
            f,
            "balance ({} - expert) per deal: {:+.1}, 95% interval [{:+.1}, {:+.1}], sd {:.1}",
            c.south, self.mean, self.ci95[0], self.ci95[1], self.sd
        )?;
        for (who, t) in [(c.south.name(), &self.level_times), ("the expert", &self.expert_times)] {
            writeln!(
                f,
                "a deal with {who} in the seat: median {}, p99 {}, slowest {}",
                format_ns(t.p50_ns),
                format_ns(t.p99_ns),
                format_ns(t.max_ns)
            )?;
        }
        write!(f, "time: {:.2} s", self.seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(threads: usize) -> SeatConfig {
        SeatConfig {
            south: Level::Easy,
            others: Level::Normal,
            deals: 12,
            seed: 3,
            rules: Rules::default(),
            threads,
            budget: Budget::worlds(4),
        }
    }

    #[test]
    fn the_balance_depends_on_the_seed_alone() {
        let one = run(config(1), |_| {}).expect("runs");
        let two = run(config(3), |_| {}).expect("runs");
        assert_eq!((one.mean, one.sd, one.ci95), (two.mean, two.sd, two.ci95));
        assert_eq!(one.expert_times.count, 12);
        assert!(one.sd > 0.0, "easy and the expert play some deal differently");
    }

    #[test]
    fn the_expert_against_itself_balances_to_nothing() {
        // The same level in the seat plays each deal as the expert does: every balance is 0.
        let r = run(SeatConfig { south: Level::Expert, ..config(2) }, |_| {}).expect("runs");
        assert_eq!((r.mean, r.sd), (0.0, 0.0));
    }
}
