//! Expert bidding and contre: the calls worth weighing, each the contract it would leave if the
//! auction stopped there, scored in the same worlds by the solver.
//!
//! The worlds are those of the auction ([`super::inference`]): the other seats' hands as their
//! calls show them. For each call weighed, the contract it leaves (the opponents' as it stands
//! after a pass, doubled after a contre, ours at the level bid) is scored in each world on the
//! deal's score, from the opening lead, and the call with the best average is made. The call of
//! the convention ([`bidding`]) is the default, and another replaces it only when it pays
//! clearly more: the partner reads the convention, and a few worlds are noisy.
//!
//! What is weighed:
//! - over the opponents' bid: passing, contring (doubled stakes) and, when the convention
//!   competes, the bid it makes;
//! - over the partner's bid: passing, and raising to each level from the lowest up to the
//!   convention's raise and one step beyond;
//! - under a contre: passing or surcontring;
//! - an opening, and a capot, go by the convention.

use std::sync::atomic::AtomicBool;

use rand::Rng;

use super::advice::{Advice, Estimate, Reason};
use super::card::stakes_in;
use super::inference::Inference;
use super::probe::{Prober, Stop};
use super::stakes::{CAPOT_AGAINST, CAPOT_FOR, Stakes};
use super::worlds::Knowledge;
use super::{Budget, READING, auction_pool, pool};
use crate::bots::bidding::{self, Bidding, Reading};
use crate::game::{Action, SeatView};
use crate::personas::BiddingStyle;
use crate::rules::{Auction, Bid, BidLevel, Call, Contract, Multiplier, Seat, Team, Trump};
use crate::search::{Position, Solver};

/// How much more a call must pay than the convention's, in points a deal, to replace it.
const MARGIN: f64 = 10.0;
/// The same for a contre or a surcontre, which also risk the other side's answer.
const CONTRE_MARGIN: f64 = 25.0;
/// The least share of the worlds where the contract fails for a contre, and where it is made for
/// a surcontre: the worlds of an auction read backwards still give the takers less than a sound
/// bidder holds, and a contre that fails costs as much as one that succeeds brings.
const CONTRE_ODDS: f64 = 0.7;
const SURCONTRE_ODDS: f64 = 0.7;
/// The fewest worlds a contre or a surcontre is weighed in: on a slow or busy machine, a time
/// limit may let only a handful through, too few to stake a doubled score on.
const CONTRE_WORLDS: u32 = 8;
/// The score's tolerance when narrowing a world's outcome in the auction: ten card points.
const TOL: i32 = 20;

/// One call weighed, and the contract it leaves.
struct Choice {
    call: Call,
    contract: Contract,
}

/// The expert's call for `view`, whose auction is not over.
pub(crate) fn advise(
    view: &SeatView,
    style: BiddingStyle,
    rng: &mut impl Rng,
    budget: Budget,
    cancel: Option<&AtomicBool>,
    solver: &mut Solver,
) -> Advice {
    let auction = view.auction();
    let seat = view.seat();
    let convention = bidding::decide_call(seat, view.hand(), auction, style, Bidding::NORMAL, rng);
    let options = options(seat, auction, convention);
    if options.len() < 2 {
        let reason = if convention == Call::Pass { Reason::Pass } else { Reason::Convention };
        return Advice::plain(Action::Bid(convention), reason);
    }
    let weighed = weigh(view, &options, rng, budget, cancel, solver);
    let Some(weighed) = weighed else {
        return Advice::plain(Action::Bid(convention), Reason::Convention);
    };
    let mean = |i: usize| weighed.score[i] / weighed.weight;
    // The convention's call is always weighed: another must beat it by a margin.
    let default = options.iter().position(|o| o.call == convention).unwrap_or(0);
    let mut pick = default;
    for (i, option) in options.iter().enumerate() {
        let margin = match option.call {
            Call::Contre | Call::Surcontre => CONTRE_MARGIN,
            _ => MARGIN,
        };
        let share = weighed.made[i] / weighed.weight;
        let enough = weighed.worlds >= CONTRE_WORLDS;
        let likely = match option.call {
            Call::Contre => enough && 1.0 - share >= CONTRE_ODDS,
            Call::Surcontre => enough && share >= SURCONTRE_ODDS,
            _ => true,
        };
        if i != default && likely && mean(i) > mean(default) + margin && mean(i) > mean(pick) {
            pick = i;
        }
    }
    let chosen = &options[pick];
    let of = weighed.weight.round() as u16;
    let made = weighed.made[pick];
    let reason = match chosen.call {
        Call::Pass => Reason::Pass,
        Call::Contre => Reason::Contre {
            need: chosen.contract.value(),
            seen: (weighed.takers_points[pick] / weighed.weight).round() as u16,
            worlds: (weighed.weight - made).round() as u16,
            of,
        },
        Call::Surcontre => Reason::Surcontre { worlds: made.round() as u16, of },
        Call::Bid(_) => Reason::Bid {
            seen: (weighed.takers_points[pick] / weighed.weight).round() as u16,
            worlds: made.round() as u16,
            of,
        },
    };
    let mut estimates: Vec<Estimate> = options
        .iter()
        .enumerate()
        .map(|(i, o)| Estimate {
            action: Action::Bid(o.call),
            score: mean(i),
            made: Some(weighed.made[i] / weighed.weight),
        })
        .collect();
    estimates.sort_by(|a, b| b.score.total_cmp(&a.score));
    Advice {
        action: Action::Bid(chosen.call),
        reason,
        options: estimates,
        worlds: weighed.worlds,
        nodes: weighed.nodes,
    }
}

/// The calls worth weighing for `seat` after `auction`, the convention's among them; none when
/// the convention's call is not one to weigh (a capot bid, an opening).
fn options(seat: Seat, auction: &Auction, convention: Call) -> Vec<Choice> {
    let legal = auction.legal_calls();
    let Some((bidder, bid)) = auction.current_bid() else {
        return Vec::new();
    };
    if bid.is_capot() || matches!(convention, Call::Bid(b) if b.is_capot()) {
        return Vec::new();
    }
    let standing = |multiplier| Contract { taker: bidder, bid, multiplier };
    let ours = |b: Bid| Contract { taker: seat, bid: b, multiplier: Multiplier::Simple };
    let mut out = Vec::new();
    let mut push = |call: Call, contract: Contract| {
        if !out.iter().any(|c: &Choice| c.call == call) {
            out.push(Choice { call, contract });
        }
    };
    match auction.multiplier() {
        Multiplier::Contre if legal.surcontre => {
            push(Call::Pass, standing(Multiplier::Contre));
            push(Call::Surcontre, standing(Multiplier::Surcontre));
        }
        Multiplier::Simple => {
            push(Call::Pass, standing(Multiplier::Simple));
            if legal.contre {
                push(Call::Contre, standing(Multiplier::Contre));
            }
            if let Call::Bid(b) = convention {
                push(convention, ours(b));
            }
            // Over the partner's bid: each raise in its mode up to one step past the
            // convention's.
            let top = match convention {
                Call::Bid(b) if bidder == seat.partner() && b.trump == bid.trump => b.level.next(),
                _ => None,
            };
            let mut level = legal.min_level.filter(|_| top.is_some());
            while let Some(l) = level.filter(|l| Some(*l) <= top && *l != BidLevel::Capot) {
                let b = Bid { level: l, trump: bid.trump };
                push(Call::Bid(b), ours(b));
                level = l.next();
            }
        }
        _ => {}
    }
    out
}

/// The options' tallies over the worlds weighed.
struct Weighed {
    /// Weighted sums, option by option: scores, made contracts, the takers' points.
    score: Vec<f64>,
    made: Vec<f64>,
    takers_points: Vec<f64>,
    /// The weight of the worlds weighed, and how many there were.
    weight: f64,
    worlds: u32,
    nodes: u64,
}

/// Weighs `options` in the worlds of `view`'s auction; `None` when no world could be weighed.
fn weigh(
    view: &SeatView,
    options: &[Choice],
    rng: &mut impl Rng,
    budget: Budget,
    cancel: Option<&AtomicBool>,
    solver: &mut Solver,
) -> Option<Weighed> {
    let know = Knowledge::before_play(view);
    let inference = Inference::new(view, READING);
    let want = budget.worlds as usize;
    let worlds = know.draw(rng, want, auction_pool(budget.worlds), |d| inference.weight(d));
    let leader = view.rules().after_dealer(view.dealer());
    let team = view.seat().team();
    // Options that share the takers and the mode share their probes.
    let mut groups: Vec<(Team, Trump, Vec<usize>)> = Vec::new();
    for (i, o) in options.iter().enumerate() {
        let key = (o.contract.team(), o.contract.trump());
        match groups.iter_mut().find(|g| (g.0, g.1) == key) {
            Some(g) => g.2.push(i),
            None => groups.push((key.0, key.1, vec![i])),
        }
    }
    let n = options.len();
    let mut w = Weighed {
        score: vec![0.0; n],
        made: vec![0.0; n],
        takers_points: vec![0.0; n],
        weight: 0.0,
        worlds: 0,
        nodes: 0,
    };
    let mut prober = Prober::new(solver, budget, cancel);
    'worlds: for world in &worlds {
        let mut score = vec![0.0; n];
        let mut made = vec![false; n];
        let mut points = vec![0.0; n];
        for (takers, trump, members) in &groups {
            let Ok(pos) = Position::new(world.hands, *trump, leader, view.rules()) else {
                continue 'worlds;
            };
            let stakes: Vec<Stakes> = members
                .iter()
                .map(|&i| stakes_in(view, &options[i].contract, &world.dealt, team))
                .collect();
            let refs: Vec<&Stakes> = stakes.iter().collect();
            let mut values = vec![0.0; members.len()];
            match prober.value(&pos, *takers, &refs, TOL, None, &mut values) {
                Ok((lo, hi)) => {
                    let mid = lo + (hi - lo) / 2;
                    for (k, &i) in members.iter().enumerate() {
                        score[i] = values[k];
                        made[i] = stakes[k].made(mid);
                        points[i] = f64::from(mid.clamp(CAPOT_AGAINST + 1, 162));
                    }
                }
                Err(Stop::World) => continue 'worlds,
                Err(Stop::Decision) => break 'worlds,
            }
        }
        for i in 0..n {
            w.score[i] += world.weight * score[i];
            w.made[i] += world.weight * f64::from(u8::from(made[i]));
            w.takers_points[i] += world.weight * points[i];
        }
        w.weight += world.weight;
        w.worlds += 1;
    }
    w.nodes = prober.nodes;
    (w.worlds > 0).then_some(w)
}

/// The chance that the opponents' contract standing in `view`'s auction fails by `margin`
/// points or more (their card points fall that far short of what they need), from `budget`'s
/// worlds (one probe each): the weight of the worlds where it fails and of all those weighed;
/// `None` when there is no such contract or no world could be weighed. The `normal` level's
/// contre asks it.
pub(crate) fn failure_odds(
    view: &SeatView,
    rng: &mut impl Rng,
    budget: Budget,
    reading: Reading,
    margin: i16,
) -> Option<(f64, f64)> {
    super::with_solver(|solver| {
        let auction = view.auction();
        let (bidder, bid) = auction.current_bid()?;
        if bidder.team() == view.seat().team() || bid.level == BidLevel::Capot {
            return None;
        }
        let contract = Contract { taker: bidder, bid, multiplier: auction.multiplier() };
        let know = Knowledge::before_play(view);
        let inference = Inference::new(view, reading);
        let want = budget.worlds as usize;
        let worlds = know.draw(rng, want, pool(budget.worlds), |d| inference.weight(d));
        let leader = view.rules().after_dealer(view.dealer());
        let takers = contract.team();
        let mut prober = Prober::new(solver, budget, None);
        let (mut failed, mut total) = (0.0, 0.0);
        for world in &worlds {
            let Ok(pos) = Position::new(world.hands, bid.trump, leader, view.rules()) else {
                continue;
            };
            let stakes = stakes_in(view, &contract, &world.dealt, takers);
            // The least outcome that makes it: the takers' points it needs in this world.
            let need = (CAPOT_AGAINST..=CAPOT_FOR).find(|&u| stakes.made(u)).unwrap_or(CAPOT_FOR);
            match prober.reaches(&pos, takers, (need - margin).max(CAPOT_AGAINST + 1)) {
                Ok(made) => {
                    total += world.weight;
                    if !made {
                        failed += world.weight;
                    }
                }
                Err(Stop::World) => continue,
                Err(Stop::Decision) => break,
            }
        }
        (total > 0.0).then_some((failed, total))
    })
}
