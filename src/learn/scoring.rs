//! The last stage, the score: what a side writes down for a deal played out, made, failed,
//! contré, surcontré, a capot bid, rounded. The score is the rules' own ([`crate::rules::score_deal`], as the game
//! wrote it in its history); a wrong one is answered with how the rules add it up.

use super::auction::AUCTION_SEEDS;
use super::table::{
    call_once, contracted, dealt, first_seed, first_seed_within, play_once, played_out,
};
use super::{Goal, Level, Question, Scene};
use crate::game::{Action, Game, Phase};
use crate::rules::{Call, Multiplier, Team};

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    let find = |seed| {
        let game = match goal {
            Goal::ScoreSurcontre => surcontred(seed)?,
            Goal::ScoreCapot => capot_bid(seed)?,
            _ => played_out(seed)?,
        };
        let team = asked(goal, &game)?;
        let score = game.history().last()?.score?;
        let question = Question::Score { team, right: score.score[team], sum: score.sums[team] };
        Some(Level { goal, game, scene: Scene::Result, question })
    };
    match goal {
        // A capot bid is rare: its deal is looked for among the auction's many deals.
        Goal::ScoreCapot => first_seed_within(goal, AUCTION_SEEDS, find),
        _ => first_seed(goal, find),
    }
}

/// The deal of `seed` played out as the convention bids and the players play it, except that
/// a contré side surcontres as soon as it may: the convention seldom does.
fn surcontred(seed: u64) -> Option<Game> {
    let mut game = dealt(seed);
    while game.phase() == Phase::Bidding {
        let auction = &game.deal().auction;
        let seat = game.to_act()?;
        let doubled = auction.multiplier() == Multiplier::Contre
            && auction.legal_calls().surcontre
            && auction.current_bid().is_some_and(|(s, _)| s.team() == seat.team());
        if doubled {
            game.apply(seat, Action::Bid(Call::Surcontre)).ok()?;
        } else {
            call_once(&mut game)?;
        }
    }
    play_out(game, seed)
}

/// The deal of `seed` played out, when the auction ends in a capot bid.
fn capot_bid(seed: u64) -> Option<Game> {
    let game = contracted(seed)?;
    game.deal().contract().filter(|c| c.bid.is_capot())?;
    play_out(game, seed)
}

/// `game`, in a suit contract, played to the deal's end.
fn play_out(mut game: Game, seed: u64) -> Option<Game> {
    let suited = game.deal().contract().is_some_and(|c| c.trump().suit().is_some());
    if !suited {
        return None;
    }
    while game.phase() == Phase::Playing {
        play_once(&mut game, seed)?;
    }
    Some(game)
}

/// The side whose score is asked, when the deal shows the goal's point.
fn asked(goal: Goal, game: &Game) -> Option<Team> {
    let d = game.history().last()?;
    let contract = d.contract?;
    let score = d.score?;
    let takers = contract.team();
    let defence = takers.other();
    let simple = contract.multiplier == Multiplier::Simple;
    let scoring = if score.made { takers } else { defence };
    let rounded = |t: Team| score.raw[t] != score.score[t];
    // Every trick taken is a lesson of its own, the capot bid's: none in the others.
    let capot = d.tricks_won[Team::NS] == 8 || d.tricks_won[Team::EW] == 8;
    let capot_bid = contract.bid.is_capot();
    let ok = match goal {
        Goal::ScoreCapot => capot_bid && simple,
        _ if capot || capot_bid => false,
        Goal::ScoreMade => simple && score.made && !rounded(takers),
        Goal::ScoreFailed => simple && !score.made,
        Goal::ScoreContre => contract.multiplier == Multiplier::Contre,
        Goal::ScoreSurcontre => contract.multiplier == Multiplier::Surcontre,
        Goal::ScoreRounded => simple && score.made && rounded(defence) && score.raw[defence] > 0,
        _ => false,
    };
    let team = match goal {
        Goal::ScoreMade => takers,
        Goal::ScoreRounded => defence,
        _ => scoring,
    };
    ok.then_some(team)
}
