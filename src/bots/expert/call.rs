//! Expert bidding and contre: the calls worth weighing, each followed in every world by the rest
//! of the auction as the convention bids it, and the contract that ends it scored by the solver.
//!
//! The worlds are those of the auction ([`super::inference`]): the other seats' hands as their
//! calls show them. For each call weighed, the auction goes on in each world with every seat,
//! this one too, calling by the convention ([`bidding::bid_out`], its wobble drawn from the
//! world's index and the decision's seed, the same for every call), and the contract it ends
//! with is scored from the opening lead on the deal's score, contre and surcontre included (all
//! pass: 0). Calls that end, in a world, with the same takers and trump mode share the solver's
//! probes; after a few worlds, a call clearly behind the best stops being weighed (its figures
//! rest on fewer worlds, which its standard error shows), as a card does in the play. The
//! seat's own call starts from the convention's bold count ([`super::OWN_STYLE`]), which its
//! partner reads; any call weighed replaces it, openings included, when it pays the margin more
//! and one standard error world by world, and a few noisy worlds do not. A call kept beside one
//! with a better mean says so, with the paired difference: [`Reason::Close`] when the difference
//! is under that, [`Reason::Risky`] when a contre or a surcontre pays that much more but falls
//! short of what a doubled score asks ([`super::margins`]).
//!
//! What is weighed, whatever the seat goes on to do: passing; contring or surcontring when the
//! rules allow it; the convention's call in the bold style and in the cautious one; when a bid
//! is allowed, the lowest level in each mode the hand could hold (its count, or its partner's
//! bid raised by what it brings, within [`REACH`] of that level and [`MODE_GAP`] of its best
//! mode's; its best mode always) and a capot in each mode it is worth
//! [`EXPERT_CAPOT_WORTH`](bidding::EXPERT_CAPOT_WORTH) in; over the partner's bid, each raise in
//! its mode up to one step past the convention's. Of these, only the calls whose meaning at the
//! expert's level its hand satisfies are weighed ([`Meaning::admits`]): what an expert call
//! shows at the table is then true of the hand that made it, and its partner and the other
//! side read it by the same meaning. The convention's own call always satisfies it. A call
//! outside these (a player's, for the analysis) is weighed afterwards in the same worlds, so
//! that weighing it changes nothing of the advice.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};

use super::advice::{
    Advice, Cost, Reason, Row, Samples, WorldOutcome, points_seen, quoted_diff, quoted_se,
};
use super::card::{stakes_in, takers_points};
use super::inference::{Inference, Readings};
use super::margins::{MARGIN, pays_more, stake_backed, wins_percent};
use super::probe::{Prober, Stop};
use super::reasons::{CallFacts, call_reason_is_true, only_fits};
use super::stakes::{CAPOT_AGAINST, CAPOT_FOR, Stakes};
use super::worlds::{Knowledge, World};
use super::{Ask, Budget, CALLING, OWN_STYLE, STYLE, WALK, auction_pool, pool};
use crate::bots::bidding::{self, Bidding, Meaning, Reading};
use crate::game::{Action, SeatView};
use crate::mix::splitmix;
use crate::personas::Level;
use crate::rules::{Auction, Bid, BidLevel, Call, Card, Contract, Rank, Team, Trump};
use crate::search::{Position, Solver};

/// The score's tolerance when narrowing a world's outcome in the auction: thirty card points,
/// about a sixth of how far a call's outcome varies from one world to the next, which the
/// worlds' spread swamps, while each probe of a whole deal is dear (twenty card points more
/// saved a quarter of the nodes of a call).
const TOL: i32 = 60;
/// Worlds weighed before a call clearly behind the best stops being weighed.
pub(super) const MIN_WORLDS: usize = 8;
/// How far behind the best a call must be to stop being weighed: the margin a call needs to
/// replace another, and more standard errors of the paired difference than a clear mistake
/// asks.
const DROP_MIN: f64 = MARGIN;
const DROP_ERRORS: f64 = 2.5;
/// How far above what the hand counts in a mode (with an average partner, or on its partner's
/// bid raised) the lowest bid in that mode may stand to be weighed.
pub(crate) const REACH: i32 = 20;
/// How far below the hand's best mode another mode may count to be weighed.
pub(crate) const MODE_GAP: i32 = 20;

/// The expert's call for `ask`'s view, whose auction is not over, and what `played` costs
/// against it.
pub(crate) fn advise(
    ask: &Ask,
    solver: &mut Solver,
    played: Option<Call>,
) -> (Advice, Option<Cost>) {
    let view = ask.view;
    let auction = view.auction();
    let seat = view.seat();
    let mut rng = ask.rng();
    let noise = rng.random_range(-bidding::NOISE..=bidding::NOISE);
    let call_in =
        |style| bidding::convention_call(seat, view.hand(), auction, style, Bidding::NORMAL, noise);
    let convention = call_in(OWN_STYLE);
    let mut calls = candidates(view, auction, convention);
    let cautious = call_in(STYLE);
    if !calls.contains(&cautious) && auction.legal_calls().allows(cautious) {
        calls.push(cautious);
    }
    // Only the calls whose meaning at the expert's level the hand satisfies: the convention's
    // always does, so that no meaning the table shows for an expert call is untrue.
    calls
        .retain(|&c| c == convention || Meaning::of(auction, c, Level::Expert).admits(view.hand()));
    let unweighed = |reason| {
        let advice = Advice::bare(Action::Bid(convention), reason);
        let cost = played.and_then(|p| advice.cost(Action::Bid(p)));
        (advice, cost)
    };
    if auction.legal_calls().to_vec().len() < 2 {
        return unweighed(Reason::OnlyCall);
    }
    if calls.len() < 2 {
        // The convention's call is the only one its meanings let the expert make.
        let facts = CallFacts { view, auction, samples: &Samples::default() };
        let fits = only_fits(&facts, convention);
        return unweighed(if fits { Reason::OnlyFits } else { Reason::Unweighed });
    }
    let know = Knowledge::before_play(view);
    let inference = Inference::new(view, CALLING);
    let want = ask.budget.weighed() as usize;
    let worlds = know
        .draw(&mut rng, want, auction_pool(ask.budget.weighed()), WALK, |d| inference.weight(d));
    let weighing = Weighing { view, auction, worlds: &worlds, seed: ask.seed };
    let mut prober = Prober::new(solver, ask.budget, ask.cancel);
    let (samples, weighed) = weighing.weigh(&calls, &mut prober);
    let nodes = prober.nodes;
    if samples.rows.is_empty() {
        return unweighed(Reason::Unweighed);
    }
    let call = choose(view, auction, &samples, convention);
    let mut samples = samples;
    samples.measure_against(Action::Bid(call));
    let facts = CallFacts { view, auction, samples: &samples };
    let reason = reason(&facts, call);
    let advice = Advice::weighed(Action::Bid(call), reason, samples, nodes);
    let cost = match played {
        Some(p) if calls.contains(&p) => advice.cost(Action::Bid(p)),
        Some(p) if auction.legal_calls().allows(p) => {
            let mut prober = Prober::new(solver, ask.budget, ask.cancel);
            let values = weighing.values_of(p, &weighed, &mut prober);
            let base = advice.samples.column(advice.action);
            base.and_then(|b| advice.samples.cost(b, |row| values[row]))
        }
        _ => None,
    };
    (advice, cost)
}

/// The calls to weigh for `view`'s seat after `auction`, pass first and the convention's
/// among them (see the module's doc).
fn candidates(view: &SeatView, auction: &Auction, convention: Call) -> Vec<Call> {
    let legal = auction.legal_calls();
    let (seat, hand, rules) = (view.seat(), view.hand(), view.rules());
    let mut out = vec![Call::Pass];
    let mut push = |call: Call| {
        if legal.allows(call) && !out.contains(&call) {
            out.push(call);
        }
    };
    push(convention);
    if legal.contre {
        push(Call::Contre);
    }
    if legal.surcontre {
        push(Call::Surcontre);
    }
    let Some(min) = legal.min_level else { return out };
    let counts: Vec<(Trump, i32)> =
        legal.trumps().iter().map(|&t| (t, bidding::evaluate(hand, t, rules))).collect();
    let (best, top) = counts.iter().copied().max_by_key(|(_, v)| *v).unwrap_or((Trump::NoTrump, 0));
    let partner_bid = auction.bids_by(seat.partner()).last();
    for &(trump, count) in &counts {
        let raised = partner_bid.filter(|b| b.trump == trump).map_or(i32::MIN, |b| {
            i32::from(b.level.value()) + i32::from(bidding::support(hand, trump, rules))
        });
        let reach = count.max(raised);
        let close = reach + REACH >= i32::from(min.value()) && reach + MODE_GAP >= top;
        if trump == best || close {
            push(Call::Bid(Bid { level: min, trump }));
        }
        if count >= bidding::EXPERT_CAPOT_WORTH {
            push(Call::Bid(Bid { level: BidLevel::Capot, trump }));
        }
    }
    // Over the partner's bid: each raise in its mode up to one step past the convention's.
    if let Some((bidder, bid)) = auction.current_bid()
        && bidder == seat.partner()
    {
        let top = match convention {
            Call::Bid(b) if b.trump == bid.trump => b.level.next(),
            _ => None,
        };
        let mut level = Some(min);
        while let Some(l) = level.filter(|&l| Some(l) <= top) {
            push(Call::Bid(Bid { level: l, trump: bid.trump }));
            level = l.next();
        }
    }
    out
}

/// The worlds of one call decision, and how the auction goes on in each.
struct Weighing<'a> {
    view: &'a SeatView,
    auction: &'a Auction,
    worlds: &'a [World],
    seed: u64,
}

impl Weighing<'_> {
    /// The contract the auction ends with in world `k` after `call`, the rest bid by the
    /// convention; `None` when all pass.
    fn contract_after(&self, call: Call, k: usize) -> Option<Contract> {
        let mut auction = self.auction.clone();
        auction.try_call(call).ok()?;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(splitmix(self.seed ^ splitmix(k as u64)));
        bidding::bid_out(&mut auction, &self.worlds[k].dealt, STYLE, &mut rng);
        auction.contract()
    }

    /// Each of `calls`' outcome in world `k`.
    fn outcomes(
        &self,
        k: usize,
        calls: &[Call],
        prober: &mut Prober,
    ) -> Result<Vec<Option<WorldOutcome>>, Stop> {
        let view = self.view;
        let world = &self.worlds[k];
        let team = view.seat().team();
        let contracts: Vec<Option<Contract>> =
            calls.iter().map(|&c| self.contract_after(c, k)).collect();
        let passed =
            WorldOutcome { value: 0.0, contract: None, made: false, points: 0, capot: false };
        let mut outcomes: Vec<Option<WorldOutcome>> =
            contracts.iter().map(|c| c.is_none().then_some(passed)).collect();
        // Contracts with the same takers and mode share their probes.
        let mut groups: Vec<(Team, Trump, Vec<usize>)> = Vec::new();
        for (i, c) in contracts.iter().enumerate() {
            let Some(c) = c else { continue };
            let key = (c.team(), c.trump());
            match groups.iter_mut().find(|g| (g.0, g.1) == key) {
                Some(g) => g.2.push(i),
                None => groups.push((key.0, key.1, vec![i])),
            }
        }
        let leader = view.rules().after_dealer(view.dealer());
        for (takers, trump, members) in &groups {
            let pos = Position::new(world.hands, *trump, leader, view.rules())
                .map_err(|_| Stop::World)?;
            let stakes: Vec<Stakes> = members
                .iter()
                .filter_map(|&i| contracts[i].map(|c| stakes_in(view, &c, &world.dealt, team)))
                .collect();
            let refs: Vec<&Stakes> = stakes.iter().collect();
            let mut values = vec![0.0; members.len()];
            let (lo, hi) = prober.value(&pos, *takers, &refs, TOL, None, &mut values)?;
            let mid = lo + (hi - lo) / 2;
            for (j, &i) in members.iter().enumerate() {
                outcomes[i] = Some(WorldOutcome {
                    value: values[j],
                    contract: contracts[i],
                    made: stakes[j].made(mid),
                    points: takers_points(mid),
                    capot: if *takers == team { lo == CAPOT_FOR } else { hi == CAPOT_AGAINST },
                });
            }
        }
        Ok(outcomes)
    }

    /// `calls` weighed world by world until the worlds or the budget run out, a call clearly
    /// behind the best dropped after [`MIN_WORLDS`] (its figures then rest on fewer worlds),
    /// until one is left: the samples, and the world of each of their rows.
    fn weigh(&self, calls: &[Call], prober: &mut Prober) -> (Samples, Vec<usize>) {
        let mut samples = Samples {
            actions: calls.iter().map(|&c| Action::Bid(c)).collect(),
            ..Samples::default()
        };
        let mut weighed = Vec::new();
        let mut alive = vec![true; calls.len()];
        for (k, world) in self.worlds.iter().enumerate() {
            let live: Vec<Call> =
                calls.iter().zip(&alive).filter(|(_, a)| **a).map(|(&c, _)| c).collect();
            match self.outcomes(k, &live, prober) {
                Ok(found) => {
                    let mut found = found.into_iter();
                    let outcomes =
                        alive.iter().map(|&a| if a { found.next().flatten() } else { None });
                    samples.rows.push(Row { weight: world.weight, outcomes: outcomes.collect() });
                    weighed.push(k);
                }
                Err(Stop::World) => continue,
                Err(Stop::Decision) => break,
            }
            if samples.rows.len() >= MIN_WORLDS {
                samples.drop_behind(&mut alive, DROP_MIN, DROP_ERRORS);
                if alive.iter().filter(|&&a| a).count() == 1 {
                    break;
                }
            }
        }
        (samples, weighed)
    }

    /// `call`'s value in each of the worlds `weighed`, where it could be weighed.
    fn values_of(&self, call: Call, weighed: &[usize], prober: &mut Prober) -> Vec<Option<f64>> {
        let mut values = Vec::with_capacity(weighed.len());
        for &k in weighed {
            match self.outcomes(k, &[call], prober) {
                Ok(o) => values.push(o[0].map(|o| o.value)),
                Err(Stop::World) => values.push(None),
                Err(Stop::Decision) => break,
            }
        }
        values.resize(weighed.len(), None);
        values
    }
}

/// The call the expert makes: the convention's, in [`OWN_STYLE`], unless another call weighed
/// pays more, world by world: keeping the call costs against it at least the margin and at
/// least one standard error of the paired difference ([`pays_more`]), a contre or a surcontre
/// also only on its odds, in enough worlds ([`stake_backed`]). The best of the calls that pay
/// more replaces it, and again until none does: so the expert never keeps a call that one
/// weighed beside it beats, openings included, but a contre or a surcontre short of its stake
/// (which its reason then names), and a few flattering worlds do not move it off the call its
/// partner reads. A contre of a capot that a card of the hand surely stops, whatever the worlds.
fn choose(view: &SeatView, auction: &Auction, samples: &Samples, convention: Call) -> Call {
    if sure_trick(view, auction).is_some() {
        return Call::Contre;
    }
    let means = samples.means();
    let call_of = |i: usize| match samples.actions[i] {
        Action::Bid(c) => c,
        Action::Play(_) => Call::Pass,
    };
    // Whether call `i` pays enough more than call `pick` to replace it, and meets its stake.
    let beats = |i: usize, pick: usize| {
        let (Some(gain), Some(e)) = (samples.paired(i, pick), samples.estimate(i)) else {
            return false;
        };
        i != pick && pays_more(&gain, MARGIN) && stake_backed(call_of(i), &e, &gain)
    };
    let Some(mut pick) = samples.column(Action::Bid(convention)) else { return convention };
    // Each step moves to a call that pays enough more than the last, world by world. Calls
    // dropped as clearly behind were weighed in fewer worlds, over which a pairing could come
    // round in a circle: the steps are counted.
    for _ in 0..samples.actions.len() {
        let better = (0..means.len())
            .filter(|&i| beats(i, pick))
            .max_by(|&a, &b| means[a].total_cmp(&means[b]));
        let Some(better) = better else { break };
        pick = better;
    }
    call_of(pick)
}

/// The card of the hand that takes a trick against the opponents' capot in a suit, whatever the
/// play: the trump jack, the highest trump, wins any trick it is played to.
fn sure_trick(view: &SeatView, auction: &Auction) -> Option<Card> {
    let (bidder, bid) = auction.current_bid()?;
    let suit = bid.trump.suit()?;
    let jack = Card::new(suit, Rank::Jack);
    let contre = auction.legal_calls().contre && bidder.team() != view.seat().team();
    (contre && bid.is_capot() && view.hand().contains(jack)).then_some(jack)
}

/// Why `call` is made: its kind with the figures of the worlds weighed, if its fact holds
/// ([`call_reason_is_true`]); else its figures.
pub(crate) fn reason(facts: &CallFacts, call: Call) -> Reason {
    let samples = facts.samples;
    let column = samples.column(Action::Bid(call));
    let mut kinds = column.map_or(Vec::new(), |i| beside_better(samples, i));
    kinds.extend(own_kind(facts, call));
    let figures =
        column.and_then(|i| samples.estimate(i)).map_or(Reason::Unweighed, |e| Reason::figures(&e));
    kinds.push(figures);
    kinds.into_iter().find(|&r| call_reason_is_true(r, facts, call)).unwrap_or(Reason::Unweighed)
}

/// The reasons of a call (option `i`) made beside one that looks better: a contre or a
/// surcontre that pays enough more to replace it but short of its stake, else the best mean,
/// too close to tell.
fn beside_better(samples: &Samples, i: usize) -> Vec<Reason> {
    let call_in = |j: usize| match samples.actions[j] {
        Action::Bid(c) => Some(c),
        Action::Play(_) => None,
    };
    let mut kinds = Vec::new();
    for j in (0..samples.actions.len()).filter(|&j| j != i) {
        let Some(best @ (Call::Contre | Call::Surcontre)) = call_in(j) else { continue };
        let (Some(gain), Some(e)) = (samples.paired(j, i), samples.estimate(j)) else {
            continue;
        };
        kinds.push(Reason::Risky {
            best,
            diff: quoted_diff(gain.mean),
            se: quoted_se(gain.se),
            wins: wins_percent(best, &e),
            of: e.worlds as u16,
        });
    }
    let best = samples.best().filter(|&b| b != i);
    if let Some((b, gain)) = best.and_then(|b| Some((b, samples.paired(b, i)?)))
        && let Some(best) = call_in(b)
    {
        kinds.push(Reason::Close { best, diff: quoted_diff(gain.mean), se: quoted_se(gain.se) });
    }
    kinds
}

/// The reasons of the call's own kind, with the figures of the worlds weighed: a pass beside
/// the best other call, a contre's sure trick against a capot and its failures, a surcontre's
/// contracts made, a bid's contracts ours.
fn own_kind(facts: &CallFacts, call: Call) -> Vec<Reason> {
    let samples = facts.samples;
    let outcomes: Vec<WorldOutcome> = samples
        .column(Action::Bid(call))
        .map_or(Vec::new(), |i| samples.outcomes(i).map(|(o, _)| o).collect());
    let of = outcomes.len() as u16;
    let worlds_where =
        |f: &dyn Fn(&WorldOutcome) -> bool| outcomes.iter().filter(|o| f(o)).count() as u16;
    let average = |f: &dyn Fn(&WorldOutcome) -> bool| {
        points_seen(outcomes.iter().filter(|o| f(o)).map(|o| o.points))
    };
    let team = facts.view.seat().team();
    let ours = |o: &WorldOutcome| o.contract.is_some_and(|c| c.team() == team);
    let contract = |o: &WorldOutcome| o.contract.is_some();
    let estimate_of = |c: Call| samples.column(Action::Bid(c)).and_then(|i| samples.estimate(i));
    match call {
        Call::Pass => {
            let other = samples
                .actions
                .iter()
                .filter_map(|a| match a {
                    Action::Bid(c) if *c != Call::Pass => Some((*c, estimate_of(*c)?.mean)),
                    _ => None,
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            let (Some((other, _)), Some(pass)) = (other, estimate_of(Call::Pass)) else {
                return Vec::new();
            };
            let Some(theirs) = estimate_of(other) else { return Vec::new() };
            vec![Reason::Pass {
                mean: pass.mean.round() as i16,
                se: quoted_se(pass.se),
                other,
                other_mean: theirs.mean.round() as i16,
                other_se: quoted_se(theirs.se),
            }]
        }
        Call::Contre => {
            let need = facts.auction.current_bid().map_or(0, |(_, b)| b.level.value());
            let (seen, seen_se) = average(&contract);
            let worlds = worlds_where(&|o| contract(o) && !o.made);
            let sure = sure_trick(facts.view, facts.auction).map(|card| Reason::SureTrick { card });
            sure.into_iter().chain([Reason::Contre { need, seen, seen_se, worlds, of }]).collect()
        }
        Call::Surcontre => {
            vec![Reason::Surcontre { worlds: worlds_where(&|o| contract(o) && o.made), of }]
        }
        Call::Bid(_) => {
            let (seen, seen_se) = average(&ours);
            let made = worlds_where(&|o| ours(o) && o.made);
            vec![Reason::Bid { seen, seen_se, made, ours: worlds_where(&ours), of }]
        }
    }
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
        let inference = Inference::new(view, Readings::alike(reading));
        let want = budget.weighed() as usize;
        let worlds = know.draw(rng, want, pool(budget.weighed()), 0, |d| inference.weight(d));
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
