//! The auction's stages: opening, passing a weak hand, raising the partner, bidding over the
//! opponents; then the contre, the surcontre and the capot; each at South's turn to call in a
//! real deal, the seats before it bid by the convention. The right call is the convention's ([`convention_call`]), taken only
//! where it is clear: the same in both styles and at every wobble of the normal level. A wrong
//! call is answered with what it would show of the hand ([`Meaning`]), a call the rules refuse
//! with their refusal.

use super::table::{STYLE, call_once, convention, dealt, first_seed_within};
use super::{Goal, Level, Question, Reason, Scene};
use crate::bots::Level as BotLevel;
use crate::bots::bidding::{Bidding, Meaning, NOISE, convention_call};
use crate::game::{Action, Game, Phase};
use crate::rules::{
    Bid, BidLevel, ByTeam, Call, CardSet, Contract, DealTally, Multiplier, Rank, Seat, Trump,
    score_deal,
};

/// The seeds the auction's levels look through: an auction alone is cheap to bid out, and a
/// hand that bids the capot rare.
pub(super) const AUCTION_SEEDS: std::ops::Range<u64> = 1..40_000;

/// The level of `goal`, a goal of this stage: at the first of South's turns to call, in the
/// deals of the seeds in order, where the convention's call shows the goal.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed_within(goal, AUCTION_SEEDS, |seed| {
        let mut game = dealt(seed);
        while game.phase() == Phase::Bidding {
            if game.to_act() == Some(Seat::South)
                && let Some(right) = clear_call(&game).filter(|&r| shows(goal, &game, r))
            {
                let meaning = Meaning::of(&game.deal().auction, right, BotLevel::Normal);
                let question = Question::Call { right, meaning: Box::new(meaning) };
                return Some(Level { goal, game, scene: Scene::Auction, question });
            }
            call_once(&mut game)?;
        }
        None
    })
}

/// South's call by the convention in the course's style, when every wobble of the normal
/// level makes it: a hand at the edge of two calls teaches neither.
fn clear_call(game: &Game) -> Option<Call> {
    let right = convention(game, Seat::South);
    let d = game.deal();
    let hand = d.hands()[Seat::South];
    let clear = (-NOISE..=NOISE).all(|noise| {
        convention_call(Seat::South, hand, &d.auction, STYLE, Bidding::NORMAL, noise) == right
    });
    clear.then_some(right)
}

/// Whether South's call `right` at `game` is the goal's point.
fn shows(goal: Goal, game: &Game, right: Call) -> bool {
    let auction = &game.deal().auction;
    let current = auction.current_bid();
    let by_them = current.is_some_and(|(s, _)| s.team() != Seat::South.team());
    let suited = |b: &Bid| matches!(b.trump, Trump::Suit(_));
    match (goal, right) {
        (Goal::Open, Call::Bid(b)) => current.is_none() && suited(&b),
        (Goal::PassWeak, Call::Pass) => {
            let hand = game.deal().hands()[Seat::South];
            let honours = |rank| hand.iter().any(|c| c.rank() == rank);
            current.is_none() && honours(Rank::Jack) && honours(Rank::Ace)
        }
        (Goal::Raise, Call::Bid(b)) => {
            current.is_some_and(|(s, bid)| s == Seat::North && bid.trump == b.trump)
        }
        (Goal::Compete, Call::Bid(b)) => {
            by_them && suited(&b) && current.is_some_and(|(_, bid)| bid.trump != b.trump)
        }
        (Goal::Contre, Call::Contre) => by_them,
        (Goal::Surcontre, Call::Pass | Call::Surcontre) => {
            let ours = current.is_some_and(|(s, _)| s == Seat::South);
            ours && auction.multiplier() == Multiplier::Contre && auction.legal_calls().surcontre
        }
        (Goal::CapotBid, Call::Bid(b)) => b.is_capot(),
        _ => false,
    }
}

/// Why South's `call` is not the convention's `right` one at `game`: the rules' refusal, or
/// what the call would show.
pub(super) fn reason(game: &Game, call: Call, right: Call) -> Reason {
    let action = Action::Bid(call);
    if let Err(error) = game.check(Seat::South, action) {
        return Reason::Refused { action, error, playable: CardSet::EMPTY };
    }
    let said = Meaning::of(&game.deal().auction, call, BotLevel::Normal);
    Reason::Call { said: Box::new(said), right }
}

/// The wrong calls of note at `game`: a pass, the bid above the right one, the right level in
/// another suit, a contre; each one the rules allow.
pub(super) fn wrong_calls(game: &Game, right: Call) -> Vec<crate::learn::Answer> {
    let auction = &game.deal().auction;
    let legal = auction.legal_calls();
    let mut calls = vec![Call::Pass, Call::Contre, Call::Surcontre];
    let lowest = match auction.current_bid() {
        Some((_, b)) => b.level.next(),
        None => crate::rules::BidLevel::points(crate::rules::MIN_BID),
    };
    let base = match right {
        Call::Bid(b) => Some(b),
        _ => lowest.map(|level| Bid::new(level, crate::rules::Suit::Hearts)),
    };
    if let Some(b) = base {
        calls.extend(b.level.next().map(|level| Call::Bid(Bid { level, trump: b.trump })));
        for s in crate::rules::Suit::ALL {
            calls.push(Call::Bid(Bid::new(b.level, s)));
        }
    }
    calls.retain(|&c| c != right && legal.allows(c));
    calls.dedup();
    calls.into_iter().map(crate::learn::Answer::Call).collect()
}

/// What the side that wins the deal writes for South's contré bid at `game`, as it stands and
/// surcontré, by the rules' score: the stake a surcontre doubles, won or lost.
pub fn stakes(game: &Game) -> Option<(u16, u16)> {
    let (taker, bid) = game.deal().auction.current_bid()?;
    let BidLevel::Points(value) = bid.level else { return None };
    let takers = taker.team();
    // The contract made with its bid exactly, five tricks to three, no belote: a contré
    // contract's score does not depend on the card points.
    let mut tally = DealTally {
        card_points: ByTeam([0, 0]),
        tricks_won: ByTeam([0, 0]),
        belotes: ByTeam([0, 0]),
        declarations: ByTeam([0, 0]),
    };
    tally.card_points[takers] = value;
    tally.card_points[takers.other()] = crate::rules::DEAL_POINTS.checked_sub(value)?;
    tally.tricks_won[takers] = 5;
    tally.tricks_won[takers.other()] = 3;
    let score = |multiplier| {
        let contract = Contract { taker, bid, multiplier };
        score_deal(&contract, &tally, game.rules()).score[takers]
    };
    Some((score(Multiplier::Contre), score(Multiplier::Surcontre)))
}
