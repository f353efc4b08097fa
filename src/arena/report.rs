//! What a match reports: each side's contracts and contres ([`Counts`]), its results, and the
//! whole report with its mean, interval and spread, as text and as JSON.

use std::fmt;

use serde_json::json;

use super::{ArenaConfig, Contestant, DecisionTimes, format_ns};
use crate::bots::Level;
use crate::rules::{ContreScoring, RuleSet, Rules, ScoringMethod};

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

    pub(super) fn add(&mut self, o: &Counts) {
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
pub(super) fn rules_name(rules: Rules) -> String {
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
