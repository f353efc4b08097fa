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
    BelotesDealt, Bid, BidLevel, BySeat, ByTeam, Call, CardSet, Contract, DealTally, Multiplier,
    Rank, Seat, Trump, score_deal,
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
/// surcontré, by the rules' score: the stake a surcontre doubles, won or lost, with the belote
/// the taker holds (a contré deal's belotes go to the side that scores), and whether it holds
/// one.
pub fn stakes(game: &Game) -> Option<(u16, u16, bool)> {
    let (taker, bid) = game.deal().auction.current_bid()?;
    let BidLevel::Points(value) = bid.level else { return None };
    let takers = taker.team();
    // Only the taker's own hand is known at its call: its belotes, and no other seat's.
    let mut known = BySeat::<CardSet>::default();
    known[taker] = game.deal().hands()[taker];
    let belotes = BelotesDealt::of(&known, bid.trump).counts();
    // The contract made with its bid exactly, five tricks to three: a contré contract's score
    // does not depend on the card points.
    let mut tally = DealTally {
        card_points: ByTeam([0, 0]),
        tricks_won: ByTeam([0, 0]),
        belotes,
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
    Some((score(Multiplier::Contre), score(Multiplier::Surcontre), belotes[takers] > 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::table::{call_once, play_once};

    /// The surcontre level's stake is what the side that scores writes once the deal is played
    /// out, South passing: its belote included, since a contré deal's belotes go to that side.
    #[test]
    fn the_surcontres_stake_is_the_score_written_with_the_belote() {
        let level = Level::build(Goal::Surcontre).expect("the level is found");
        let (stake, _, belote) = stakes(&level.game).expect("a contré bid");
        let (_, bid) = level.game.deal().auction.current_bid().expect("a bid");
        let trump = bid.trump;
        let hand = level.game.deal().hands()[Seat::South];
        let holds =
            |rank| trump.suit().is_some_and(|s| hand.contains(crate::rules::Card::new(s, rank)));
        assert_eq!(belote, holds(Rank::King) && holds(Rank::Queen));
        let mut game = level.game.clone();
        game.apply(Seat::South, Action::Bid(Call::Pass)).expect("South may pass");
        while game.phase() == Phase::Bidding {
            call_once(&mut game).expect("the auction goes on");
        }
        while game.phase() == Phase::Playing {
            play_once(&mut game, 0).expect("the play goes on");
        }
        let d = game.history().last().expect("the deal is over");
        let score = d.score.expect("a contract");
        assert_eq!(d.contract.expect("a contract").multiplier, Multiplier::Contre);
        let written = score.score.0.into_iter().max().unwrap_or_default();
        assert_eq!(written, stake, "the side that scores writes the stake");
    }
}
