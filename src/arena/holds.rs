//! `contree arena --holds`: how honest the expert's odds of who holds what are
//! ([`crate::bots::expert::holds()`]), against the real hands.
//!
//! Each deal is bid and played by one level at all four seats, each seat with its style and
//! deciding from the deal's seed: the even deals by the expert, the odd ones by `normal`. At
//! South's first card (after the auction) and at the start of the fifth trick, the odds South's
//! view gives for each card it has not seen and each other seat are set beside where the card
//! is. A deal every seat passed is counted and left out. The report gives, at each moment, over
//! every deal and over each level's deals:
//!
//! - the **calibration error**: the odds in ten bins of a tenth each (`[0, 0.1)` to `[0.9, 1]`),
//!   and the mean over the bins of how far the mean odds stand from the share of cards held,
//!   weighted by the bin's count;
//! - the **Brier score**: for each card, the sum over the three seats of the squared difference
//!   between the odds and whether the seat holds it (0 for sure and right, 2 for sure and
//!   wrong), on average over the cards; beside it the same for the **counting guess**, which
//!   spreads each card over the seats that may still hold its suit in proportion to the cards
//!   they hold, and the ratio of the two; over every card, then over the trump suit's (suit
//!   contracts);
//! - how far the mean trump length of each other seat stands from its real one, on average,
//!   against the counting guess's;
//! - the worlds weighed and their effective number, on average, and the time of one reading.
//!
//! The figures depend only on the seed, whatever the number of threads (the times aside).

use std::fmt;
use std::time::Instant;

use serde_json::json;

use super::{
    ArenaError, DecisionTimes, Progress, Times, deal_by_deal, deal_seed, format_ns, style_of,
};
use crate::bots::expert::{Budget, Holds, HoldsBudget, holds_within};
use crate::bots::{Decision, Level, Memory};
use crate::game::{DealStyle, Game, GameOptions, Phase, SeatView};
use crate::rules::{BySeat, Card, CardSet, Rules, Seat};

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HoldsConfig {
    /// Number of deals: the even ones bid and played by the expert, the odd ones by `normal`.
    pub deals: u64,
    /// The seed every deal derives from.
    pub seed: u64,
    /// The rules of every deal.
    pub rules: Rules,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// What each of the expert players' decisions may spend.
    pub budget: Budget,
    /// What each reading of who holds what may draw.
    pub holds: HoldsBudget,
}

/// When South's odds are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// At South's first card, the auction over.
    FirstCard,
    /// At the start of the fifth trick, whoever is to lead.
    FifthTrick,
}

impl Moment {
    /// Both moments, in the order of the play.
    pub const ALL: [Moment; 2] = [Moment::FirstCard, Moment::FifthTrick];

    /// The name in the report's JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Moment::FirstCard => "first-card",
            Moment::FifthTrick => "fifth-trick",
        }
    }

    /// The name in the report's text.
    const fn words(self) -> &'static str {
        match self {
            Moment::FirstCard => "at South's first card",
            Moment::FifthTrick => "at the start of trick 5",
        }
    }
}

/// The number of bins of the calibration.
pub const BINS: usize = 10;

/// The odds that fell in one bin of the calibration.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    /// How many odds (a card and a seat) fell in it.
    pub count: u64,
    /// Their sum.
    pub odds: f64,
    /// How many of those cards the seat held.
    pub held: u64,
}

/// The odds and the counting guess set beside the real hands, summed over some views.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// Views read.
    pub views: u64,
    /// Cards unseen in them.
    pub cards: u64,
    /// The odds by bin.
    pub bins: [Bin; BINS],
    /// The same for the counting guess.
    pub counting_bins: [Bin; BINS],
    /// The sum of the cards' Brier scores.
    pub brier: f64,
    /// The counting guess's.
    pub counting_brier: f64,
    /// Cards of the trump suit unseen, in suit contracts.
    pub trump_cards: u64,
    /// The sums of their Brier scores.
    pub trump_brier: f64,
    /// The counting guess's.
    pub trump_counting_brier: f64,
    /// Seats whose trump length was guessed (three a view in a suit contract).
    pub trump_seats: u64,
    /// The sum of how far the odds' mean trump length stood from the real one.
    pub trump_length_error: f64,
    /// The counting guess's.
    pub trump_counting_length_error: f64,
    /// The sum of the worlds weighed.
    pub worlds: f64,
    /// The sum of their effective numbers.
    pub effective: f64,
    /// Views whose worlds reached the most the budget draws short of the effective number it
    /// aims at.
    pub short: u64,
    /// The least effective number of a view's worlds (infinite over no view).
    pub least_effective: f64,
}

impl Default for Measure {
    fn default() -> Measure {
        Measure {
            views: 0,
            cards: 0,
            bins: [Bin::default(); BINS],
            counting_bins: [Bin::default(); BINS],
            brier: 0.0,
            counting_brier: 0.0,
            trump_cards: 0,
            trump_brier: 0.0,
            trump_counting_brier: 0.0,
            trump_seats: 0,
            trump_length_error: 0.0,
            trump_counting_length_error: 0.0,
            worlds: 0.0,
            effective: 0.0,
            short: 0,
            least_effective: f64::INFINITY,
        }
    }
}

/// The bin of odds `p`.
fn bin_of(p: f64) -> usize {
    ((p * BINS as f64) as usize).min(BINS - 1)
}

/// The calibration error of `bins`: the count-weighted mean of `|mean odds - share held|`.
fn calibration_error(bins: &[Bin; BINS]) -> f64 {
    let total: u64 = bins.iter().map(|b| b.count).sum();
    if total == 0 {
        return 0.0;
    }
    let gap: f64 = bins.iter().map(|b| (b.odds - b.held as f64).abs()).sum();
    gap / total as f64
}

/// `x / n`, 0 over nothing.
fn per(x: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { x / n as f64 }
}

impl Measure {
    fn add(&mut self, o: &Measure) {
        self.views += o.views;
        self.cards += o.cards;
        for (bins, other) in
            [(&mut self.bins, &o.bins), (&mut self.counting_bins, &o.counting_bins)]
        {
            for (b, ob) in bins.iter_mut().zip(other) {
                b.count += ob.count;
                b.odds += ob.odds;
                b.held += ob.held;
            }
        }
        self.brier += o.brier;
        self.counting_brier += o.counting_brier;
        self.trump_cards += o.trump_cards;
        self.trump_brier += o.trump_brier;
        self.trump_counting_brier += o.trump_counting_brier;
        self.trump_seats += o.trump_seats;
        self.trump_length_error += o.trump_length_error;
        self.trump_counting_length_error += o.trump_counting_length_error;
        self.worlds += o.worlds;
        self.effective += o.effective;
        self.short += o.short;
        self.least_effective = self.least_effective.min(o.least_effective);
    }

    /// The odds' calibration error.
    pub fn calibration(&self) -> f64 {
        calibration_error(&self.bins)
    }

    /// The counting guess's calibration error.
    pub fn counting_calibration(&self) -> f64 {
        calibration_error(&self.counting_bins)
    }

    /// The odds' mean Brier score over every card, and the counting guess's.
    pub fn briers(&self) -> (f64, f64) {
        (per(self.brier, self.cards), per(self.counting_brier, self.cards))
    }

    /// The same over the trump suit's cards.
    pub fn trump_briers(&self) -> (f64, f64) {
        (per(self.trump_brier, self.trump_cards), per(self.trump_counting_brier, self.trump_cards))
    }

    /// How far the mean trump length stood from the real one, on average, and the counting
    /// guess's.
    pub fn trump_length_errors(&self) -> (f64, f64) {
        (
            per(self.trump_length_error, self.trump_seats),
            per(self.trump_counting_length_error, self.trump_seats),
        )
    }

    /// The worlds weighed and their effective number, on average over the views.
    pub fn mean_worlds(&self) -> (f64, f64) {
        (per(self.worlds, self.views), per(self.effective, self.views))
    }

    fn to_json(&self) -> serde_json::Value {
        let (brier, counting) = self.briers();
        let (trump, trump_counting) = self.trump_briers();
        let (length, counting_length) = self.trump_length_errors();
        let (worlds, effective) = self.mean_worlds();
        let bins: Vec<_> = self
            .bins
            .iter()
            .map(|b| json!({"count": b.count, "odds": per(b.odds, b.count), "held": per(b.held as f64, b.count)}))
            .collect();
        json!({
            "views": self.views,
            "cards": self.cards,
            "calibration": self.calibration(),
            "counting_calibration": self.counting_calibration(),
            "brier": brier,
            "counting_brier": counting,
            "trump_cards": self.trump_cards,
            "trump_brier": trump,
            "trump_counting_brier": trump_counting,
            "trump_length_error": length,
            "trump_counting_length_error": counting_length,
            "worlds": worlds,
            "effective": effective,
            "short": self.short,
            "least_effective": self.least_effective.is_finite().then_some(self.least_effective),
            "bins": bins,
        })
    }
}

/// The counting guess for `view`'s seat: each unseen card shared among the other seats that
/// may still hold its suit, in proportion to the cards each holds.
fn counting_guess(view: &SeatView, mem: &Memory) -> BySeat<[f64; Card::NUM]> {
    let me = view.seat();
    let held = BySeat::from_fn(|s| if s == me { 0 } else { 8 - mem.played[s].len().min(8) });
    let mut odds = BySeat([[0.0; Card::NUM]; 4]);
    for card in mem.unseen() {
        let may = |s: Seat| s != me && mem.possible(s).has_suit(card.suit());
        let mut share: f64 =
            Seat::ALL.into_iter().filter(|&s| may(s)).map(|s| held[s] as f64).sum();
        let mut holders: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| may(s)).collect();
        if share <= 0.0 {
            holders = Seat::ALL.into_iter().filter(|&s| s != me).collect();
            share = holders.iter().map(|&s| held[s] as f64).sum();
        }
        for s in holders {
            odds[s][card.index()] = if share > 0.0 { held[s] as f64 / share } else { 0.0 };
        }
    }
    odds
}

/// The odds of `holds` and the counting guess for `view` set beside the real hands `hands`.
fn compare(
    view: &SeatView,
    holds: &Holds,
    budget: HoldsBudget,
    hands: &BySeat<CardSet>,
) -> Measure {
    let mut m = Measure { views: 1, ..Measure::default() };
    m.worlds = f64::from(holds.worlds);
    m.effective = holds.effective;
    m.short = u64::from(!holds.exhaustive && holds.effective < budget.effective);
    m.least_effective = holds.effective;
    let Some(contract) = view.contract() else { return m };
    let mem = Memory::from_view(view, contract, true);
    let guess = counting_guess(view, &mem);
    let trump = contract.trump().suit();
    let others: Vec<Seat> = holds.others().collect();
    for card in holds.unseen {
        let (mut brier, mut counting) = (0.0, 0.0);
        for &s in &others {
            let held = hands[s].contains(card);
            let o = if held { 1.0 } else { 0.0 };
            let (p, q) = (holds.odds(s, card), guess[s][card.index()]);
            for (bins, x) in [(&mut m.bins, p), (&mut m.counting_bins, q)] {
                let b = &mut bins[bin_of(x)];
                b.count += 1;
                b.odds += x;
                b.held += u64::from(held);
            }
            brier += (p - o) * (p - o);
            counting += (q - o) * (q - o);
        }
        m.cards += 1;
        m.brier += brier;
        m.counting_brier += counting;
        if trump == Some(card.suit()) {
            m.trump_cards += 1;
            m.trump_brier += brier;
            m.trump_counting_brier += counting;
        }
    }
    if let Some(t) = trump {
        for &s in &others {
            let real = hands[s].of_suit(t).len() as f64;
            let counted: f64 = CardSet::suit(t).iter().map(|c| guess[s][c.index()]).sum();
            m.trump_seats += 1;
            m.trump_length_error += (holds.mean_length(s, t) - real).abs();
            m.trump_counting_length_error += (counted - real).abs();
        }
    }
    m
}

/// What one deal gave: its level, and at each moment its measure, if the moment came.
#[derive(Clone, Debug)]
struct DealMeasures {
    level: Level,
    moments: [Option<Measure>; 2],
}

/// The level that bids and plays deal `index`.
fn level_of(index: u64) -> Level {
    if index.is_multiple_of(2) { Level::Expert } else { Level::Normal }
}

/// Plays deal `index` up to the start of its fifth trick, reading South's odds at both moments
/// and timing each reading in `times`.
fn measure(
    config: &HoldsConfig,
    index: u64,
    times: &mut Times,
) -> Result<DealMeasures, ArenaError> {
    let seed = deal_seed(config.seed, index);
    let options = GameOptions { target: 1000, rules: config.rules, deal_style: DealStyle::Shuffle };
    let mut game = Game::new(options, seed, BySeat::from_fn(|s| s.to_string()));
    let level = level_of(index);
    game.set_levels(BySeat([level; 4]));
    let mut moments = [None, None];
    let mut read = [false; 2];
    while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
        let Some(seat) = game.to_act() else { break };
        if game.phase() == Phase::Playing {
            let south = game.view(Seat::South);
            let moment = if seat == Seat::South && !read[0] {
                Some(0)
            } else if south.cards_played() == 16 {
                Some(1)
            } else {
                None
            };
            if let Some(m) = moment {
                read[m] = true;
                let started = Instant::now();
                let holds = holds_within(&south, config.holds);
                times.add(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
                if let Some(holds) = holds {
                    moments[m] = Some(compare(&south, &holds, config.holds, &game.deal().hands()));
                }
                if m == 1 {
                    break;
                }
            }
        }
        let view = game.view(seat);
        let decision = Decision {
            view: &view,
            style: style_of(seat),
            seed,
            budget: config.budget,
            cancel: None,
        };
        game.apply(seat, level.decide(&decision))
            .map_err(|error| ArenaError { deal: index, error })?;
    }
    Ok(DealMeasures { level, moments })
}

/// One moment's measures: over every deal, then over the deals of each level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MomentReport {
    /// Over every deal.
    pub all: Measure,
    /// Over the deals the expert bid and played.
    pub expert: Measure,
    /// Over the deals `normal` bid and played.
    pub normal: Measure,
}

/// The result of `contree arena --holds`.
#[derive(Clone, Debug, PartialEq)]
pub struct HoldsReport {
    /// What was measured.
    pub config: HoldsConfig,
    /// At South's first card, then at the start of the fifth trick.
    pub moments: [MomentReport; 2],
    /// Deals every seat passed, left out.
    pub void_deals: u64,
    /// How long one reading took.
    pub times: DecisionTimes,
    /// Wall-clock time.
    pub seconds: f64,
}

/// Plays and measures the deals, telling `progress` how far it has come as [`super::run`] does.
pub fn run(config: HoldsConfig, progress: impl FnMut(Progress)) -> Result<HoldsReport, ArenaError> {
    let threads = config.threads.max(1);
    let config = HoldsConfig { threads, ..config };
    let started = Instant::now();
    let (deals, workers) =
        deal_by_deal(threads, config.deals, started, progress, Times::new, |i, times| {
            measure(&config, i, times)
        })?;
    let seconds = started.elapsed().as_secs_f64();
    let mut times = Times::new();
    for t in &workers {
        times.merge(t);
    }
    // Summed in the order of the deals, so that the figures are the same whatever the threads.
    let mut moments: [MomentReport; 2] = Default::default();
    let mut void_deals = 0;
    for deal in deals {
        if deal.moments.iter().all(Option::is_none) {
            void_deals += 1;
        }
        for (report, m) in moments.iter_mut().zip(&deal.moments) {
            let Some(m) = m else { continue };
            report.all.add(m);
            match deal.level {
                Level::Expert => report.expert.add(m),
                _ => report.normal.add(m),
            }
        }
    }
    Ok(HoldsReport { config, moments, void_deals, times: times.summary(), seconds })
}

impl HoldsReport {
    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let c = &self.config;
        let moments: Vec<_> = Moment::ALL
            .iter()
            .zip(&self.moments)
            .map(|(m, r)| {
                json!({
                    "moment": m.name(),
                    "all": r.all.to_json(),
                    "expert": r.expert.to_json(),
                    "normal": r.normal.to_json(),
                })
            })
            .collect();
        json!({
            "holds": true,
            "deals": c.deals,
            "seed": c.seed,
            "threads": c.threads,
            "rules": c.rules,
            "rule_set": c.rules.set.name(),
            "nt_at": c.rules.nt_at,
            "expert_worlds": c.budget.worlds,
            "holds_effective": c.holds.effective,
            "holds_most": c.holds.most,
            "void_deals": self.void_deals,
            "moments": moments,
            "reading_us": self.times.to_json_us(),
            "seconds": self.seconds,
        })
    }
}

impl fmt::Display for HoldsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        writeln!(
            f,
            "who holds what, South's odds against the real hands: {} deals (the even ones bid and played by the expert, the odd ones by normal), seed {}, {} thread{}",
            c.deals,
            c.seed,
            c.threads,
            if c.threads == 1 { "" } else { "s" }
        )?;
        writeln!(f, "rules: {}", super::rules_name(c.rules))?;
        writeln!(
            f,
            "expert: {} worlds per decision; the odds: weighed until {} effective worlds, at most {} drawn",
            c.budget.worlds, c.holds.effective, c.holds.most
        )?;
        writeln!(f, "void deals (all passed, left out): {}", self.void_deals)?;
        for (moment, r) in Moment::ALL.iter().zip(&self.moments) {
            writeln!(f, "{}:", moment.words())?;
            writeln!(
                f,
                "  {:<10} {:>5} {:>11} {:>6} {:>8} {:>5} {:>11} {:>8} {:>5} {:>10} {:>8}",
                "deals",
                "views",
                "calibration",
                "Brier",
                "counting",
                "ratio",
                "trump Brier",
                "counting",
                "ratio",
                "trumps off",
                "counting"
            )?;
            let ratio = |x: f64, y: f64| if y > 0.0 { x / y } else { 0.0 };
            for (name, m) in [("all", &r.all), ("expert's", &r.expert), ("normal's", &r.normal)] {
                let (b, bc) = m.briers();
                let (t, tc) = m.trump_briers();
                let (l, lc) = m.trump_length_errors();
                writeln!(
                    f,
                    "  {:<10} {:>5} {:>11.3} {:>6.3} {:>8.3} {:>5.2} {:>11.3} {:>8.3} {:>5.2} {:>10.2} {:>8.2}",
                    name,
                    m.views,
                    m.calibration(),
                    b,
                    bc,
                    ratio(b, bc),
                    t,
                    tc,
                    ratio(t, tc),
                    l,
                    lc
                )?;
            }
            let (w, e) = r.all.mean_worlds();
            let least = if r.all.least_effective.is_finite() { r.all.least_effective } else { 0.0 };
            writeln!(
                f,
                "  worlds: {w:.0} weighed, {e:.0} effective on average; {} views short of {} effective (the least {least:.0})",
                r.all.short, c.holds.effective
            )?;
        }
        let t = &self.times;
        writeln!(
            f,
            "one reading: median {}, p99 {}, slowest {} ({} readings)",
            format_ns(t.p50_ns),
            format_ns(t.p99_ns),
            format_ns(t.max_ns),
            t.count
        )?;
        write!(f, "time: {:.2} s", self.seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(deals: u64, threads: usize) -> HoldsConfig {
        HoldsConfig {
            deals,
            seed: 5,
            rules: Rules::default(),
            threads,
            budget: Budget::worlds(4),
            holds: HoldsBudget { effective: 200.0, most: 2000 },
        }
    }

    #[test]
    fn the_counting_guess_shares_each_card_by_the_cards_held() {
        let mut game = Game::new(GameOptions::default(), 3, BySeat::default());
        while game.phase() == Phase::Bidding {
            let Some(seat) = game.to_act() else { break };
            let view = game.view(seat);
            let decision = Decision {
                view: &view,
                style: style_of(seat),
                seed: 3,
                budget: Budget::worlds(4),
                cancel: None,
            };
            game.apply(seat, Level::Normal.decide(&decision)).expect("a legal call");
        }
        let view = game.view(Seat::South);
        let contract = view.contract().expect("deal 3 has a contract");
        let mem = Memory::from_view(&view, contract, true);
        let guess = counting_guess(&view, &mem);
        for card in mem.unseen() {
            let sum: f64 = Seat::ALL.into_iter().map(|s| guess[s][card.index()]).sum();
            assert!((sum - 1.0).abs() < 1e-12, "{card}: {sum}");
            assert_eq!(guess[Seat::South][card.index()], 0.0);
        }
    }

    #[test]
    fn the_calibration_error_weighs_each_bin_by_its_count() {
        let mut bins = [Bin::default(); BINS];
        // Ten odds of 0.1 of which two held, thirty of 0.9 of which all held.
        bins[bin_of(0.1)] = Bin { count: 10, odds: 1.0, held: 2 };
        bins[bin_of(0.9)] = Bin { count: 30, odds: 27.0, held: 30 };
        let error = calibration_error(&bins);
        assert!((error - (1.0 + 3.0) / 40.0).abs() < 1e-12, "{error}");
        assert_eq!((bin_of(0.0), bin_of(0.0999), bin_of(0.1), bin_of(1.0)), (0, 0, 1, 9));
        assert_eq!(calibration_error(&[Bin::default(); BINS]), 0.0);
    }

    #[test]
    fn the_figures_depend_on_the_seed_alone() {
        let one = run(config(6, 1), |_| {}).expect("runs");
        let two = run(config(6, 3), |_| {}).expect("runs");
        assert_eq!(one.moments, two.moments);
        assert_eq!(one.void_deals, two.void_deals);
        let m = &one.moments[0].all;
        assert!(m.views > 0 && m.cards > 0);
        assert_eq!(m.views, one.moments[0].expert.views + one.moments[0].normal.views);
        let counted: u64 = m.bins.iter().map(|b| b.count).sum();
        assert_eq!(counted, 3 * m.cards, "three seats a card");
        let j = one.to_json();
        assert_eq!(j["moments"][0]["moment"], "first-card");
        for key in ["calibration", "brier", "counting_brier", "trump_brier", "effective", "short"] {
            assert!(j["moments"][1]["all"][key].is_number(), "{key}");
        }
        assert!(one.to_string().contains("at the start of trick 5:"));
    }
}
