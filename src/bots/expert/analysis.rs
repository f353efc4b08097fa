//! The review of a finished deal from one seat: for each of its calls and cards, what the expert
//! would have chosen from that seat's knowledge at that moment and what the difference cost on
//! average over the worlds it weighed; and the deal's double-dummy result, every hand known,
//! from the first card.

use std::sync::atomic::{AtomicBool, Ordering};

use super::advice::Advice;
use super::{Budget, advise, with_solver};
use crate::bots::Decision;
use crate::game::{Action, SeatView};
use crate::personas::BiddingStyle;
use crate::rules::{
    Auction, BelotesDealt, BelotesSaid, BySeat, ByTeam, CardPlay, CardSet, Contract, DealRecord,
    DealTally, Declared, RecordError, Seat, declarations_scored, score_deal,
};
use crate::search::Position;

/// One decision of the seat reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Where it came: the call's index in the auction, or the card's in the play.
    pub index: usize,
    /// What the seat did.
    pub played: Action,
    /// What the expert advises from the seat's knowledge at that moment.
    pub advice: Advice,
    /// What doing `played` rather than the advice cost on average over the worlds weighed (0
    /// when they agree); `None` when `played` was not weighed (an opening, which goes by the
    /// convention).
    pub cost: Option<f64>,
}

/// The deal with every hand known, from the first card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleDummy {
    /// The contract.
    pub contract: Contract,
    /// The takers' card points with perfect play by all four (252 with a capot).
    pub takers_points: u16,
    /// Whether the contract is then made.
    pub made: bool,
    /// The score it would then write.
    pub score: ByTeam<u16>,
    /// The takers' card points as the deal was played.
    pub played_points: u16,
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

/// Reviews the deal of `record` from `seat`: each decision with `budget` (about 150 ms each
/// keeps a whole deal near a second and a half), stopping early when `cancel` is raised.
/// The record must be a whole, legal deal.
pub fn analyse(
    record: &DealRecord,
    seat: Seat,
    budget: Budget,
    cancel: Option<&AtomicBool>,
) -> Result<DealAnalysis, RecordError> {
    let scored = record.score()?;
    let rules = record.rules();
    let dealt = record.hand_sets();
    let (target, totals) = record.game.map_or((1000, ByTeam::default()), |g| (g.target, g.before));
    let base = SeatView {
        seat,
        dealer: record.dealer,
        hand: dealt[seat],
        auction: Vec::new(),
        play: Vec::new(),
        belotes: BelotesSaid::NONE,
        declared: Declared::default(),
        rules,
        target,
        totals,
    };
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let mut reviews = Vec::new();
    let mut auction = Auction::new(record.dealer, rules);
    for (index, &call) in record.auction.iter().enumerate() {
        if auction.to_speak() == Some(seat) {
            if cancelled() {
                break;
            }
            let view = SeatView { auction: record.auction[..index].to_vec(), ..base.clone() };
            reviews.push(review(&view, index, Action::Bid(call), budget, cancel));
        }
        auction.call_unchecked(call);
    }
    let Some(contract) = auction.contract() else {
        return Ok(DealAnalysis { seat, reviews, double_dummy: None });
    };
    let trump = contract.trump();
    let announced = record.combinations(trump);
    let mut play = CardPlay::new(dealt, trump, auction.first_to_speak(), rules);
    let mut said = BelotesSaid::NONE;
    let mut has_played = BySeat([false; 4]);
    for (index, &card) in record.play.iter().enumerate() {
        let Some(to_play) = play.to_play() else { break };
        if to_play == seat && !cancelled() {
            let declared = Declared(BySeat::from_fn(|s| {
                announced.as_ref().filter(|_| has_played[s]).map(|c| c[s].announced())
            }));
            let view = SeatView {
                hand: play.hands()[seat],
                auction: record.auction.clone(),
                play: record.play[..index].to_vec(),
                belotes: said,
                declared,
                ..base.clone()
            };
            reviews.push(review(&view, index, Action::Play(card), budget, cancel));
        }
        if play.belotes().call(to_play, play.hands()[to_play], card).is_some() {
            said.insert(to_play, card.suit());
        }
        has_played[to_play] = true;
        play.play_unchecked(card);
    }
    let played_points = scored.card_points[contract.team()];
    let double_dummy = double_dummy(&dealt, &contract, record, played_points);
    Ok(DealAnalysis { seat, reviews, double_dummy })
}

/// One decision reviewed.
fn review(
    view: &SeatView,
    index: usize,
    played: Action,
    budget: Budget,
    cancel: Option<&AtomicBool>,
) -> Review {
    // The seat's style only shapes the convention's bids the expert starts from.
    let advice = advise(&Decision { view, style: BiddingStyle::Cautious, seed: 0, budget, cancel });
    let cost = if played == advice.action { Some(0.0) } else { advice.cost(played) };
    Review { index, played, advice, cost }
}

/// The most nodes the double-dummy result may take: a second or so at worst; nearly every deal
/// needs a hundredth of it.
const DOUBLE_DUMMY_NODES: u64 = 10_000_000;

/// The deal solved with every hand known, within [`DOUBLE_DUMMY_NODES`].
fn double_dummy(
    dealt: &BySeat<CardSet>,
    contract: &Contract,
    record: &DealRecord,
    played_points: u16,
) -> Option<DoubleDummy> {
    let rules = record.rules();
    let trump = contract.trump();
    let leader = rules.after_dealer(record.dealer);
    let pos = Position::new(*dealt, trump, leader, rules).ok()?;
    let outcome = with_solver(|solver| {
        solver.set_node_limit(Some(DOUBLE_DUMMY_NODES));
        solver.solve(&pos).ok()
    })?;
    let takers = contract.team();
    let declarations =
        record.combinations(trump).map(|c| declarations_scored(&c, trump)).unwrap_or_default();
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
        made: score.made,
        score: score.score,
        played_points,
    })
}
