//! The review of a finished deal from one seat: for each of its calls and cards, what the expert
//! would have chosen from that seat's knowledge at that moment and what the difference cost on
//! average over the worlds it weighed; and the deal's double-dummy result, every hand known,
//! from the first card.

use std::sync::atomic::{AtomicBool, Ordering};

use super::advice::{Advice, Cost};
use super::stakes::{Stakes, outcome};
use super::{Budget, STYLE, advise_and_cost, with_solver};
use crate::bots::{Decision, bidding};
use crate::game::{Action, Deal, Mistakes, Replay, SeatView};
use crate::personas::{BiddingStyle, Level};
use crate::rules::{
    BelotesDealt, BySeat, ByTeam, Card, CardSet, Contract, DealRecord, DealTally, DoneTrick,
    RecordError, Seat, Team, Trump, declarations_scored, score_deal,
};
use crate::search::{DealValue, Position};

/// One decision of the seat reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Where it came: the call's index in the auction, or the card's in the play.
    pub index: usize,
    /// What the seat did.
    pub played: Action,
    /// What the expert advises from the seat's knowledge at that moment.
    pub advice: Advice,
    /// What doing `played` rather than the advice cost, paired over the worlds weighed
    /// (nothing when they agree); `None` when `played` could not be weighed.
    pub cost: Option<Cost>,
    /// What `played` rather than the advice changed on the real deal, every hand known: the
    /// seat's side's score less the other side's, as the rule set scores the deal, with the
    /// advised action less with the one played, the rest played double dummy (exact, no
    /// error to show). For a call, the contract is the one the rest of the auction reaches
    /// bid by the convention without its wobble ([`on_the_deal`]). 0 when the seat did what
    /// the expert advises; `None` when the solver could not settle it within its budget.
    pub on_the_deal: Option<i32>,
}

impl Review {
    /// The cost of the seat's choice when it is a clear mistake ([`Cost::is_mistake`]).
    pub fn mistake(&self) -> Option<Cost> {
        self.cost.filter(Cost::is_mistake)
    }
}

/// The deal with every hand known, from the first card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleDummy {
    /// The contract.
    pub contract: Contract,
    /// The takers' card points with perfect play by all four (252 with a capot).
    pub takers_points: u16,
    /// The takers' total as the contract measures it, with perfect play: their card points,
    /// their belotes and, in `coinche`, their declarations ([`DealTally::measured`]).
    pub takers_total: u16,
    /// Whether the contract is then made.
    pub made: bool,
    /// The score it would then write.
    pub score: ByTeam<u16>,
    /// The takers' card points as the deal was played.
    pub played_points: u16,
    /// The takers' total as the contract measures it, as the deal was played.
    pub played_total: u16,
}

/// A finished deal reviewed from one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct DealAnalysis {
    /// The seat reviewed.
    pub seat: Seat,
    /// Its calls, then its cards, in order (fewer when the analysis was cancelled).
    pub reviews: Vec<Review>,
    /// The double-dummy result, when there was a contract and the solver finished in budget.
    pub double_dummy: Option<DoubleDummy>,
}

impl DealAnalysis {
    /// What the seat's clear mistakes cost in all: a choice within the noise costs nothing.
    pub fn mistakes_cost(&self) -> f64 {
        self.reviews.iter().filter_map(Review::mistake).fold(0.0, |sum, c| sum + c.mean)
    }

    /// What the seat's clear mistakes cost, calls and cards apart, each rounded to the nearest
    /// point: the figure a finished deal keeps ([`Mistakes`]).
    pub fn mistakes(&self) -> Mistakes {
        let cost = |calls: bool| {
            let of_kind =
                self.reviews.iter().filter(|r| matches!(r.played, Action::Bid(_)) == calls);
            let sum = of_kind.filter_map(Review::mistake).fold(0.0, |sum, c| sum + c.mean);
            // A clear mistake costs more than nothing; the figure is kept in whole points.
            sum.max(0.0).round().min(f64::from(u32::MAX)) as u32
        };
        Mistakes { calls: cost(true), cards: cost(false) }
    }

    /// The standard error of [`Self::mistakes_cost`]: each decision is weighed in worlds of its
    /// own, drawn from its own seed, so the errors add as independent ones do.
    pub fn mistakes_se(&self) -> f64 {
        // Summed from nought: a sum of no term (`Sum` starts from −0) is no error at all.
        let variance = self.reviews.iter().filter_map(Review::mistake).map(|c| c.se * c.se);
        variance.fold(0.0, |sum, v| sum + v).sqrt()
    }
}

/// Reviews the deal of `record` from `seat`: each decision with `budget` (the cards a claim
/// played out and the cards and calls the rules forced are none:
/// [`Turn::is_decision`](crate::game::Turn::is_decision)), as the expert advises
/// it at the table ([`advise_and_cost`]), stopping early when `cancel` is raised.
/// The record must be a whole, legal deal. Each decision is seen as the table showed it to the
/// seat: the record is replayed through the game ([`Replay`]), which gives the seat's view at
/// each of its turns, in the record's game (its target and totals; without one, the first deal
/// of a game to the rule set's usual target), each seat's calls read by `levels`.
pub fn analyse(
    record: &DealRecord,
    seat: Seat,
    levels: BySeat<Level>,
    budget: Budget,
    cancel: Option<&AtomicBool>,
) -> Result<DealAnalysis, RecordError> {
    let scored = record.score()?;
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let mut reviews = Vec::new();
    let mut replay = Replay::new(record)?.with_levels(levels);
    while let Some(turn) = replay.next_turn() {
        if turn.seat == seat && turn.is_decision() && !cancelled() {
            let view = replay.view(seat);
            let Some(mut r) = review(&view, turn.index, turn.action, budget, cancel) else {
                break;
            };
            r.on_the_deal = match r.played == r.advice.action {
                true => Some(0),
                false => on_the_deal(record, replay.game().deal(), r.played, r.advice.action),
            };
            reviews.push(r);
        }
        replay.advance()?;
    }
    // A cancelled analysis stops with what it has, the double-dummy result left out.
    let contract = replay.game().deal().contract().filter(|_| !cancelled());
    let Some(contract) = contract else {
        return Ok(DealAnalysis { seat, reviews, double_dummy: None });
    };
    let takers = contract.team();
    let played = scored.card_points[takers];
    let finished = replay.game().history().last();
    let played_total = finished.map_or(played, |d| d.tally().measured(takers, record.rules()));
    let double_dummy = double_dummy(&record.hand_sets(), &contract, record, [played, played_total]);
    Ok(DealAnalysis { seat, reviews, double_dummy })
}

/// One decision reviewed; `None` when cancelled.
fn review(
    view: &SeatView,
    index: usize,
    played: Action,
    budget: Budget,
    cancel: Option<&AtomicBool>,
) -> Option<Review> {
    // The expert reads neither the style nor the seed.
    let decision = Decision { view, style: BiddingStyle::Cautious, seed: 0, budget, cancel };
    let (advice, cost) = advise_and_cost(&decision, played)?;
    Some(Review { index, played, advice, cost, on_the_deal: None })
}

/// What `advised` rather than `played`, the action of the seat to act in `deal` (the real
/// deal of `record` as it stood), changes on the real deal for that seat's side: its score
/// less the other side's, as the rule set scores the deal, every hand known and the rest
/// played double dummy. A card is valued by the solver from the position as it is. A call is
/// followed by the rest of the auction as the convention bids it on the real hands, in the
/// style the expert sees the other seats bid in and without the wobble
/// ([`bidding::bid_out_plain`]): the real players may have bid otherwise, so this is the real
/// deal's result of the contract that auction reaches, played from the opening lead (all
/// pass: 0). `None` when the solver could not settle a position within
/// `DOUBLE_DUMMY_NODES`.
pub fn on_the_deal(
    record: &DealRecord,
    deal: &Deal,
    played: Action,
    advised: Action,
) -> Option<i32> {
    let seat = deal.to_act()?;
    let team = seat.team();
    match (played, advised, &deal.play) {
        (Action::Play(played), Action::Play(advised), Some(play)) => {
            let contract = deal.contract()?;
            let pos = Position::from_card_play(play).ok()?;
            let values = with_solver(|solver| {
                solver.set_node_limit(Some(DOUBLE_DUMMY_NODES));
                solver.card_values(&pos).ok()
            })?;
            let stakes = stakes_of(record, &contract, team);
            let worth = |card| values.get(card).map(|v| stakes.at(outcome(v, contract.team())));
            Some(worth(advised)? - worth(played)?)
        }
        (Action::Bid(played), Action::Bid(advised), None) => {
            let dealt = record.hand_sets();
            let worth = |call| {
                let mut auction = deal.auction.clone();
                auction.try_call(call).ok()?;
                bidding::bid_out_plain(&mut auction, &dealt, STYLE);
                let Some(contract) = auction.contract() else { return Some(0) };
                let value = solved_from_the_lead(record, &dealt, contract.trump())?;
                Some(stakes_of(record, &contract, team).at(outcome(value, contract.team())))
            };
            Some(worth(advised)? - worth(played)?)
        }
        _ => None,
    }
}

/// What `contract` is worth to `team` at each outcome on the real deal of `record`: its
/// belotes as dealt and, in coinche, its declarations.
fn stakes_of(record: &DealRecord, contract: &Contract, team: Team) -> Stakes {
    let trump = contract.trump();
    let belotes = BelotesDealt::of(&record.hand_sets(), trump).counts();
    Stakes::new(contract, record.rules(), belotes, declarations_of(record, trump), team)
}

/// The declarations of the real deal of `record` as `trump` scores them (none outside coinche).
fn declarations_of(record: &DealRecord, trump: Trump) -> ByTeam<u16> {
    record.combinations(trump).map(|c| declarations_scored(&c, trump)).unwrap_or_default()
}

/// The real hands `dealt` of `record` solved from the opening lead in `trump`, every hand
/// known, within [`DOUBLE_DUMMY_NODES`].
fn solved_from_the_lead(
    record: &DealRecord,
    dealt: &BySeat<CardSet>,
    trump: Trump,
) -> Option<DealValue> {
    let rules = record.rules();
    let pos = Position::new(*dealt, trump, rules.after_dealer(record.dealer), rules).ok()?;
    with_solver(|solver| {
        solver.set_node_limit(Some(DOUBLE_DUMMY_NODES));
        solver.solve(&pos).ok()
    })
}

/// The most nodes the double-dummy result may take: a second or so at worst; nearly every deal
/// needs a hundredth of it.
const DOUBLE_DUMMY_NODES: u64 = 10_000_000;

/// The deal solved with every hand known, within [`DOUBLE_DUMMY_NODES`], beside the takers'
/// card points and total as it was played.
fn double_dummy(
    dealt: &BySeat<CardSet>,
    contract: &Contract,
    record: &DealRecord,
    [played_points, played_total]: [u16; 2],
) -> Option<DoubleDummy> {
    let rules = record.rules();
    let trump = contract.trump();
    let outcome = solved_from_the_lead(record, dealt, trump)?;
    let takers = contract.team();
    let declarations = declarations_of(record, trump);
    let capot = outcome.capot();
    let tally = DealTally {
        card_points: ByTeam::from_fn(|t| outcome.points(t)),
        tricks_won: ByTeam::from_fn(|t| match capot {
            Some(c) if c == t => 8,
            Some(_) => 0,
            None => 4,
        }),
        belotes: BelotesDealt::of(dealt, trump).counts(),
        declarations,
    };
    let score = score_deal(contract, &tally, rules);
    Some(DoubleDummy {
        contract: *contract,
        takers_points: outcome.points(takers),
        takers_total: tally.measured(takers, rules),
        made: score.made,
        score: score.score,
        played_points,
        played_total,
    })
}

/// The rest of the real deal of `record` had `card` been played as card `index` of its play:
/// `card`, then for every seat the double-dummy solver's best card, every hand known, to the
/// end. The tricks from the one `index` falls in, each taken by the rules' card play; `None`
/// when `card` is not legal there or the solver could not settle a position within
/// `DOUBLE_DUMMY_NODES`.
pub fn solver_line(record: &DealRecord, index: usize, card: Card) -> Option<Vec<DoneTrick>> {
    let cut =
        DealRecord { play: record.play.get(..index)?.to_vec(), claimed: None, ..record.clone() };
    let game = Replay::new(&cut).and_then(Replay::finish).ok()?;
    let mut play = game.deal().play.clone()?;
    play.try_play(card).ok()?;
    with_solver(|solver| {
        solver.set_node_limit(Some(DOUBLE_DUMMY_NODES));
        while !play.is_over() {
            let pos = Position::from_card_play(&play).ok()?;
            let (best, _) = solver.best_card(&pos).ok()??;
            play.try_play(best).ok()?;
        }
        Some(())
    })?;
    Some(play.tricks().get(index / 4..)?.to_vec())
}
