//! What the expert advises and why, in data a table can put in any language: the action, a
//! [`Reason`] with its figures, every option's [`Estimate`] with its uncertainty, and what any
//! option weighed [`Cost`]s against the advised one, paired world by world.
//!
//! Every figure comes from the worlds weighed ([`Samples`]): for each world, its weight (how
//! many times the resampling drew it, or its likelihood when every world could be weighed) and
//! what each option scored there. A mean is weighted; its standard error is the weighted
//! variance over the effective number of worlds, `n = (Σw)² / Σw²`, less one (a mean over one
//! world has no error to show, and its error is infinite).

use serde::{Deserialize, Serialize};

use crate::game::Action;
use crate::rules::{Call, Card, Seat};

/// Why the expert chose its action: one line's worth, with the figures that line shows. The
/// table words it in the player's language. Each kind states a fact of the position or of the
/// worlds weighed, checked before it is given (a kind that does not hold is not given: the
/// figures are, [`Reason::Figures`]). Written as the `kind` and figures `contree bot` gives
/// (its words left out), as an exercise keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Reason {
    /// The only legal card.
    OnlyCard,
    /// The only legal call (a defender's pass after the contre).
    OnlyCall,
    /// The only legal call whose meaning at the expert's level the hand satisfies, other calls
    /// being legal: any other would tell the table what the hand does not hold.
    OnlyFits,
    /// Every legal card was weighed and scores within a point of the best, and this one gives
    /// the fewest points (the lowest of its suit among those of as few points), some other
    /// giving more.
    AllAlike,
    /// Every legal card was weighed and scores within a point of the best, and every one gives
    /// the same `points`: the cards are alike, none cheaper than another.
    Alike {
        /// The points each legal card gives.
        points: u8,
    },
    /// Leads a trump for the side that holds the contract, in a suit contract: `out` trumps are
    /// neither in the seat's hand nor played, so the other three seats hold them.
    PullTrumps {
        /// Trumps neither played nor in the seat's hand.
        out: u8,
    },
    /// Leads a card no card the other seats may hold can beat: the highest left of its suit,
    /// and a trump, or no other seat may hold a trump.
    CashMaster,
    /// Leads a side suit the partner holds none of, while the partner surely holds a trump.
    GiveRuff,
    /// Leads the lowest card the seat holds of a suit it holds more of.
    LeadLow,
    /// Trumps a side suit led, no trump on the trick yet.
    Ruff,
    /// Trumps above the trump an opponent put on a side suit led.
    Overruff,
    /// Wins the trick as it stands, and no seat yet to play may hold a card that beats it.
    TakeTrick,
    /// Follows suit with a card that wins the trick as it stands, where a single card of the
    /// suit still unseen beats it and a seat yet to play may hold it, while the worlds weighed
    /// put it with a seat that does not take the trick from this side with it (the partner, or
    /// a seat that has played to the trick): what the reading of the auction and the play says
    /// of the card, checked on those worlds.
    Placed {
        /// The one card that beats it.
        card: Card,
        /// The seat that holds it in the most of the worlds' weight.
        seat: Seat,
        /// That share of the weight, in percent rounded down: more than half.
        share: u8,
        /// The worlds weighed.
        of: u16,
    },
    /// Wins the trick as it stands, though a seat yet to play may hold a card that beats it.
    TryTrick,
    /// Puts `points` on a trick the partner wins, and no seat yet to play may hold a card that
    /// beats the partner's.
    LoadPartner {
        /// The card's points.
        points: u8,
    },
    /// No legal card gives fewer points, and some give more.
    GiveLeast,
    /// The seat's side takes every trick in `worlds` of the `of` worlds this card was weighed
    /// in, at least half of them.
    Capot {
        /// Worlds where the capot is made.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// A bid with the best mean of the calls weighed, the rest of the auction bid by the
    /// convention: the final contract is the seat's side's in `ours` of the `of` worlds weighed,
    /// made in `made` of those, more than half, where the takers make `seen` card points on
    /// average, give or take `seen_se`.
    Bid {
        /// The takers' card points on average, in the worlds where the contract is ours.
        seen: u16,
        /// That average's standard error, rounded (`None` over fewer than two worlds).
        seen_se: Option<u16>,
        /// Worlds where the contract is ours and made.
        made: u16,
        /// Worlds where the contract is ours.
        ours: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// A pass that scores at least as much on average as any other legal call weighed, with
    /// the best of those: what each scores on average, rounded, with its standard error. A pass kept by the convention
    /// while another call scores more is [`Reason::Close`] or [`Reason::Risky`].
    Pass {
        /// The pass's mean.
        mean: i16,
        /// Its standard error, rounded; `None` over fewer than two worlds' worth (or in an
        /// exercise filed before the reason carried it).
        #[serde(default)]
        se: Option<u16>,
        /// The best other call weighed.
        other: Call,
        /// Its mean.
        other_mean: i16,
        /// Its standard error, rounded, as the pass's.
        #[serde(default)]
        other_se: Option<u16>,
    },
    /// A contre with the best mean: the takers need `need` and make `seen` card points on
    /// average, fewer, give or take `seen_se`; the contract fails in `worlds` of the `of` worlds
    /// weighed, more than half.
    Contre {
        /// The value of the bid.
        need: u16,
        /// The takers' card points on average.
        seen: u16,
        /// That average's standard error, rounded (`None` over fewer than two worlds).
        seen_se: Option<u16>,
        /// Worlds where the contract fails.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// A surcontre with the best mean: the contract is made in `worlds` of the `of` worlds
    /// weighed, more than half.
    Surcontre {
        /// Worlds where the contract is made.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// A call kept beside one that looks better, but not by enough to replace it: `best`, the
    /// call weighed with the best mean, pays `diff` more than this one on average over the
    /// worlds both were weighed in (rounded down), give or take `se`, which is under the margin
    /// a call needs to replace the convention's (10 points) or under one standard error: within
    /// what the worlds can tell apart, so the call the partner reads is kept.
    Close {
        /// The call with the best mean.
        best: Call,
        /// What it pays more than this call, paired world by world, rounded down.
        diff: i16,
        /// That difference's standard error, rounded (`None` over fewer than two worlds' worth).
        se: Option<u16>,
    },
    /// A call kept beside a contre or a surcontre, `best`, that pays `diff` ± `se` more, paired
    /// world by world (rounded down), by the margin and one standard error, but does not meet
    /// what a doubled score asks of its worlds: weighed in fewer than 8 of them (`of`), or
    /// winning (the contract failing for a contre, made for a surcontre) in under 70% of their
    /// weight (`wins`, in percent rounded down), or paying under 25 points more. The words name
    /// the first of these that holds.
    Risky {
        /// The doubled call that looks better.
        best: Call,
        /// What it pays more than this call, paired world by world, rounded down.
        diff: i16,
        /// That difference's standard error, rounded (`None` over fewer than two worlds' worth).
        se: Option<u16>,
        /// The weighted share of its worlds where it wins, in percent, rounded down.
        wins: u8,
        /// The worlds it was weighed in.
        of: u16,
    },
    /// A contre of the opponents' capot in a suit, holding its trump jack: the highest trump
    /// wins whatever trick it is played to, so the capot cannot be made.
    SureTrick {
        /// The card that takes a trick.
        card: Card,
    },
    /// Figures only: the advised option's mean, rounded, with its standard error, over `worlds`
    /// worlds.
    Figures {
        /// Its mean.
        mean: i16,
        /// The mean's standard error, rounded (`None` over fewer than two worlds' worth).
        se: Option<u16>,
        /// Worlds it was weighed in.
        worlds: u16,
    },
    /// The action was weighed in no world within the budget: the convention's call, or the
    /// `normal` level's card.
    Unweighed,
}

/// The average of card points seen over some worlds, rounded, with its standard error (the
/// worlds' spread over the square root of their number; `None` over fewer than two worlds), as
/// a reason quotes them.
pub(crate) fn points_seen(points: impl Iterator<Item = u16>) -> (u16, Option<u16>) {
    let points: Vec<f64> = points.map(f64::from).collect();
    let n = points.len() as f64;
    let mean = points.iter().sum::<f64>() / n.max(1.0);
    let se = (points.len() >= 2).then(|| {
        let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (variance / n).sqrt().round() as u16
    });
    (mean.round() as u16, se)
}

/// A standard error as a reason quotes it: rounded, `None` when infinite (over fewer than two
/// worlds' worth).
pub(crate) fn quoted_se(se: f64) -> Option<u16> {
    se.is_finite().then(|| se.round().min(f64::from(u16::MAX)) as u16)
}

/// A paired difference as a reason quotes it: rounded down, so that one under a threshold is
/// never quoted at it.
pub(crate) fn quoted_diff(diff: f64) -> i16 {
    diff.floor().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

impl Reason {
    /// The figures alone of an option weighed.
    pub(crate) fn figures(e: &Estimate) -> Reason {
        Reason::Figures {
            mean: e.mean.round() as i16,
            se: quoted_se(e.se),
            worlds: e.worlds as u16,
        }
    }
}

/// One option weighed: its mean deal score over the worlds and that mean's standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The card or call.
    pub action: Action,
    /// The seat's team's score less the other team's, on average over the worlds weighed (the
    /// deal's score as the rules write it, contre and surcontre included; 0 when all pass). An
    /// option weighed in fewer worlds than another (dropped as clearly behind) is measured
    /// through what it costs against the option weighed in the most, over the worlds both were
    /// weighed in, so that the means rank the options as their costs do.
    pub mean: f64,
    /// The standard error of `mean` (infinite over fewer than two worlds' worth).
    pub se: f64,
    /// How many worlds it was weighed in.
    pub worlds: u32,
    /// The weighted share of those worlds where the contract is made (the contract in play, or
    /// the one the auction ends with after this call), if any world had a contract.
    pub made: Option<f64>,
}

/// What choosing one option rather than the advised one costs: the advised option's score less
/// this one's, world by world over the worlds both were weighed in, with that mean's standard
/// error. Negative when the option scored more than the advised one on average.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// The mean difference.
    pub mean: f64,
    /// Its standard error (infinite over fewer than two worlds' worth).
    pub se: f64,
    /// The worlds both were weighed in.
    pub worlds: u32,
}

/// The least cost, in points of the deal's score, of a clear mistake.
pub const MISTAKE_POINTS: f64 = 5.0;

/// How many standard errors a clear mistake's cost stands above nothing.
pub const MISTAKE_ERRORS: f64 = 2.0;

impl Cost {
    /// No cost: the advised option itself, over the worlds it was weighed in.
    pub(crate) const fn none(worlds: u32) -> Cost {
        Cost { mean: 0.0, se: 0.0, worlds }
    }

    /// Whether the choice is a clear mistake: it costs at least [`MISTAKE_POINTS`] and at
    /// least [`MISTAKE_ERRORS`] standard errors. Anything less is within what the worlds can
    /// tell apart, and the choice is as good as the expert's.
    pub fn is_mistake(&self) -> bool {
        self.mean >= MISTAKE_POINTS && self.mean >= MISTAKE_ERRORS * self.se
    }
}

/// What one option gave in one world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WorldOutcome {
    /// The deal's score for the seat's team less the other's.
    pub(crate) value: f64,
    /// The contract the deal is played in after this option, if any.
    pub(crate) contract: Option<crate::rules::Contract>,
    /// Whether that contract is made.
    pub(crate) made: bool,
    /// The takers' card points (162 with every trick, 0 with none).
    pub(crate) points: u16,
    /// Whether the seat's side takes every trick.
    pub(crate) capot: bool,
}

/// One world weighed: its weight and each option's outcome there (`None` where the option was
/// not weighed: a card dropped as clearly behind, a probe out of nodes).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row {
    pub(crate) weight: f64,
    pub(crate) outcomes: Vec<Option<WorldOutcome>>,
}

/// Every option's outcome in every world weighed: what the estimates, the costs and the
/// reasons' figures are read from.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Samples {
    /// The options, in the order of each row's outcomes.
    pub(crate) actions: Vec<Action>,
    pub(crate) rows: Vec<Row>,
    /// The option the others are measured against ([`Samples::measure_against`]); `None`
    /// before the advice is chosen.
    pub(crate) reference: Option<usize>,
}

/// The weighted mean of `values` (value, weight), its standard error and how many there were;
/// `None` when there are none.
pub(crate) fn weighted_mean(values: impl Iterator<Item = (f64, f64)>) -> Option<(f64, f64, u32)> {
    let (mut n, mut w, mut w2, mut sum, mut sq) = (0u32, 0.0, 0.0, 0.0, 0.0);
    for (x, weight) in values {
        n += 1;
        w += weight;
        w2 += weight * weight;
        sum += weight * x;
        sq += weight * x * x;
    }
    if n == 0 || w <= 0.0 {
        return None;
    }
    let mean = sum / w;
    let var = (sq / w - mean * mean).max(0.0);
    let n_eff = w * w / w2;
    let se = if n_eff > 1.0 + 1e-9 { (var / (n_eff - 1.0)).sqrt() } else { f64::INFINITY };
    Some((mean, se, n))
}

impl Samples {
    /// The column of `action`, if it was an option.
    pub(crate) fn column(&self, action: Action) -> Option<usize> {
        self.actions.iter().position(|&a| a == action)
    }

    /// The outcomes of option `i`, with each world's weight, in the worlds it was weighed in.
    pub(crate) fn outcomes(&self, i: usize) -> impl Iterator<Item = (WorldOutcome, f64)> + '_ {
        self.rows
            .iter()
            .filter_map(move |r| r.outcomes.get(i).copied().flatten().map(|o| (o, r.weight)))
    }

    /// The estimate of option `i`, if it was weighed in some world.
    ///
    /// Options are not all weighed in the same worlds (a card or a call dropped as clearly
    /// behind, a probe out of nodes), and a plain mean over an option's own worlds could stand
    /// above the advised option's mean while the same worlds, paired, put it below. So every
    /// option is measured on the worlds of the [`reference`](Self::reference) (the advised
    /// option once it is chosen): one weighed in other worlds has the reference's mean less
    /// what it costs against the reference where both were weighed, and the standard error
    /// of both. The options' means then rank them as their costs do.
    pub(crate) fn estimate(&self, i: usize) -> Option<Estimate> {
        self.estimate_against(i, self.reference())
    }

    /// [`estimate`](Self::estimate) with the reference found once for every option.
    fn estimate_against(&self, i: usize, reference: Option<usize>) -> Option<Estimate> {
        let (own, own_se, worlds) = self.alone(i)?;
        let measured = reference
            .filter(|&r| r != i && !self.same_worlds(r, i))
            .and_then(|r| Some((self.alone(r)?, self.paired(r, i)?)));
        let (mean, se) = match measured {
            Some(((base, base_se, _), gap)) => (base - gap.mean, base_se.hypot(gap.se)),
            None => (own, own_se),
        };
        let contracts = self.outcomes(i).filter(|(o, _)| o.contract.is_some());
        let made = weighted_mean(contracts.map(|(o, w)| (f64::from(u8::from(o.made)), w)));
        Some(Estimate { action: self.actions[i], mean, se, worlds, made: made.map(|m| m.0) })
    }

    /// Measures every option against `action`'s worlds ([`estimate`](Self::estimate)): the
    /// advised option, once chosen.
    pub(crate) fn measure_against(&mut self, action: Action) {
        self.reference = self.column(action);
    }

    /// Whether options `a` and `b` were weighed in the same worlds.
    fn same_worlds(&self, a: usize, b: usize) -> bool {
        let weighed = |r: &Row, i: usize| r.outcomes.get(i).is_some_and(Option::is_some);
        self.rows.iter().all(|r| weighed(r, a) == weighed(r, b))
    }

    /// Option `i`'s mean over the worlds it was weighed in alone, its standard error and how
    /// many worlds.
    fn alone(&self, i: usize) -> Option<(f64, f64, u32)> {
        weighted_mean(self.outcomes(i).map(|(o, w)| (o.value, w)))
    }

    /// How many worlds option `i` was weighed in.
    fn weighed_in(&self, i: usize) -> u32 {
        self.outcomes(i).count() as u32
    }

    /// The option every other is measured against: the one set by
    /// [`measure_against`](Self::measure_against) if it was weighed, else the one weighed in
    /// the most worlds, the best mean over its own worlds of those, the first of equals.
    fn reference(&self) -> Option<usize> {
        if let Some(r) = self.reference.filter(|&r| self.weighed_in(r) > 0) {
            return Some(r);
        }
        let most = (0..self.actions.len()).map(|i| self.weighed_in(i)).max().filter(|&n| n > 0)?;
        let alone = |i: usize| self.alone(i).map_or(f64::NEG_INFINITY, |m| m.0);
        (0..self.actions.len())
            .filter(|&i| self.weighed_in(i) == most)
            .reduce(|a, b| if alone(b) > alone(a) { b } else { a })
    }

    /// Each option's mean ([`estimate`](Self::estimate)); minus infinity for one never
    /// weighed.
    pub(crate) fn means(&self) -> Vec<f64> {
        let reference = self.reference();
        (0..self.actions.len())
            .map(|i| self.estimate_against(i, reference).map_or(f64::NEG_INFINITY, |e| e.mean))
            .collect()
    }

    /// Drops from `alive` the options clearly behind the best of them: those whose paired loss
    /// against it, over the worlds both were weighed in, is more than `least` points and more
    /// than `errors` standard errors.
    pub(crate) fn drop_behind(&self, alive: &mut [bool], least: f64, errors: f64) {
        let means = self.means();
        let Some(best) =
            (0..alive.len()).filter(|&i| alive[i]).max_by(|&a, &b| means[a].total_cmp(&means[b]))
        else {
            return;
        };
        for (i, alive) in alive.iter_mut().enumerate() {
            if i != best
                && *alive
                && self.paired(best, i).is_some_and(|c| c.mean > least && c.mean > errors * c.se)
            {
                *alive = false;
            }
        }
    }

    /// The option with the best mean (the first of equals), if any was weighed.
    pub(crate) fn best(&self) -> Option<usize> {
        let means = self.means();
        (0..means.len())
            .filter(|&i| means[i] > f64::NEG_INFINITY)
            .reduce(|a, b| if means[b] > means[a] { b } else { a })
    }

    /// Whether option `i` has the best mean: no option weighed has a higher one.
    pub(crate) fn is_best(&self, i: usize) -> bool {
        let means = self.means();
        means.get(i).is_some_and(|&m| m > f64::NEG_INFINITY && means.iter().all(|&o| o <= m))
    }

    /// Every option weighed in some world, best mean first.
    pub(crate) fn estimates(&self) -> Vec<Estimate> {
        let reference = self.reference();
        let mut all: Vec<Estimate> =
            (0..self.actions.len()).filter_map(|i| self.estimate_against(i, reference)).collect();
        all.sort_by(|a, b| b.mean.total_cmp(&a.mean));
        all
    }

    /// What another option costs against option `base`, over the worlds both were weighed in:
    /// `other(k)` is its value in the world of row `k`, `None` where it was not weighed.
    pub(crate) fn cost(&self, base: usize, other: impl Fn(usize) -> Option<f64>) -> Option<Cost> {
        let diffs = self.rows.iter().enumerate().filter_map(|(k, r)| {
            let b = r.outcomes.get(base).copied().flatten()?.value;
            Some((b - other(k)?, r.weight))
        });
        let (mean, se, worlds) = weighted_mean(diffs)?;
        Some(Cost { mean, se, worlds })
    }

    /// What option `i` costs against option `base`.
    pub(crate) fn paired(&self, base: usize, i: usize) -> Option<Cost> {
        self.cost(base, |k| self.rows[k].outcomes.get(i).copied().flatten().map(|o| o.value))
    }
}

/// What the expert would do, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The action.
    pub action: Action,
    /// Why, in one line's worth of data.
    pub reason: Reason,
    /// Every option weighed, best mean first (empty when nothing needed weighing).
    pub options: Vec<Estimate>,
    /// How many worlds were weighed.
    pub worlds: u32,
    /// How many positions the solver searched.
    pub nodes: u64,
    /// The outcomes the options' figures come from.
    pub(crate) samples: Samples,
}

impl Advice {
    /// Advice that weighed nothing: `action` for `reason` alone, with no figures.
    pub fn bare(action: Action, reason: Reason) -> Advice {
        Advice {
            action,
            reason,
            options: Vec::new(),
            worlds: 0,
            nodes: 0,
            samples: Samples::default(),
        }
    }

    /// Advice read from `samples`, `nodes` searched.
    pub(crate) fn weighed(
        action: Action,
        reason: Reason,
        mut samples: Samples,
        nodes: u64,
    ) -> Advice {
        samples.measure_against(action);
        let options = samples.estimates();
        let worlds = samples.rows.len() as u32;
        Advice { action, reason, options, worlds, nodes, samples }
    }

    /// The estimate of `action`, if it was weighed.
    pub fn estimate(&self, action: Action) -> Option<&Estimate> {
        self.options.iter().find(|e| e.action == action)
    }

    /// What `action` costs against the advised one, paired over the worlds both were weighed
    /// in; nothing for the advised action itself; `None` when `action` was not weighed.
    pub fn cost(&self, action: Action) -> Option<Cost> {
        let base = self.samples.column(self.action);
        if action == self.action {
            let worlds = base.and_then(|b| self.samples.estimate(b)).map_or(0, |e| e.worlds);
            return Some(Cost::none(worlds));
        }
        self.samples.paired(base?, self.samples.column(action)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_mistake_costs_five_points_and_two_standard_errors() {
        let cost = |mean, se| Cost { mean, se, worlds: 32 };
        assert!(cost(5.0, 2.5).is_mistake());
        assert!(cost(600.0, 40.0).is_mistake());
        // Within the noise: as good as the expert's.
        assert!(!cost(5.0, 2.6).is_mistake());
        assert!(!cost(4.9, 0.0).is_mistake());
        assert!(!cost(-30.0, 1.0).is_mistake());
        // Over one world the error cannot be told: never a clear mistake.
        assert!(!cost(300.0, f64::INFINITY).is_mistake());
        assert!(!Cost::none(32).is_mistake());
    }

    #[test]
    fn means_are_weighted_and_errors_count_the_effective_worlds() {
        assert_eq!(weighted_mean(std::iter::empty()), None);
        // One world: its value, and no error to tell.
        assert_eq!(weighted_mean([(7.0, 3.0)].into_iter()), Some((7.0, f64::INFINITY, 1)));
        // Four equal worlds, 0 0 10 10: variance 25 over 3.
        let (mean, se, n) = weighted_mean([0.0, 0.0, 10.0, 10.0].map(|x| (x, 1.0)).into_iter())
            .expect("four worlds");
        assert_eq!((mean, n), (5.0, 4));
        assert!((se - (25.0f64 / 3.0).sqrt()).abs() < 1e-12, "{se}");
        // A world drawn twice counts twice in the mean, but less than two in the error.
        let (mean, se2, _) =
            weighted_mean([(0.0, 2.0), (10.0, 1.0), (10.0, 1.0)].into_iter()).expect("worlds");
        assert_eq!(mean, 5.0);
        assert!(se2 > se, "{se2} against {se}");
    }

    /// The card of index `i`, played.
    fn play(i: usize) -> Action {
        Action::Play(Card::from_index(i))
    }

    /// An outcome of `value` points, nothing else told.
    fn at(value: f64) -> Option<WorldOutcome> {
        Some(WorldOutcome { value, contract: None, made: false, points: 0, capot: false })
    }

    #[test]
    fn an_option_dropped_in_easy_worlds_stands_below_the_one_it_costs_against() {
        // Option 1 loses 10 in each of the two worlds it was weighed in, both good ones; the
        // worlds after it dropped are bad for every card.
        let samples = Samples {
            actions: vec![play(0), play(1)],
            rows: vec![
                Row { weight: 1.0, outcomes: vec![at(200.0), at(190.0)] },
                Row { weight: 1.0, outcomes: vec![at(200.0), at(190.0)] },
                Row { weight: 1.0, outcomes: vec![at(10.0), None] },
                Row { weight: 1.0, outcomes: vec![at(10.0), None] },
            ],
            reference: None,
        };
        let advice = Advice::weighed(play(0), Reason::OnlyCard, samples, 0);
        let (best, dropped) = (advice.options[0], advice.options[1]);
        assert_eq!((best.action, dropped.action), (play(0), play(1)));
        // Over its own two worlds it averaged 190, above the best's 105: measured against
        // the best, it stands at 95, as its cost of 10 says.
        let cost = advice.cost(play(1)).expect("weighed");
        assert_eq!((best.mean, cost.mean, dropped.mean), (105.0, 10.0, 95.0));
        assert_eq!(dropped.worlds, 2);
        // Its error is at least the best's: the best's mean is part of it.
        assert!(dropped.se >= best.se && dropped.se.is_finite(), "{dropped:?} {best:?}");
        assert!(advice.samples.is_best(0) && !advice.samples.is_best(1));
    }

    #[test]
    fn costs_are_paired_over_the_worlds_both_options_were_weighed_in() {
        let samples = Samples {
            actions: vec![play(0), play(1)],
            rows: vec![
                Row { weight: 1.0, outcomes: vec![at(100.0), at(90.0)] },
                Row { weight: 1.0, outcomes: vec![at(-50.0), at(-62.0)] },
                // Option 1 was dropped here: the world does not count in the cost.
                Row { weight: 1.0, outcomes: vec![at(400.0), None] },
            ],
            reference: None,
        };
        let advice = Advice::weighed(play(0), Reason::OnlyCard, samples, 0);
        let cost = advice.cost(play(1)).expect("weighed");
        assert_eq!((cost.mean, cost.worlds), (11.0, 2));
        assert!((cost.se - 1.0).abs() < 1e-12, "{cost:?}");
        assert_eq!(advice.cost(play(0)), Some(Cost::none(3)));
        assert_eq!(advice.cost(play(2)), None);
        // The options best first, each over its own worlds.
        assert_eq!(advice.options[0].action, play(0));
        assert_eq!(advice.options[1].worlds, 2);
    }
}
