//! The sixth stage, the score: what a side writes down for a deal played out, made, failed,
//! contré, rounded. The score is the rules' own ([`crate::rules::score_deal`], as the game
//! wrote it in its history); a wrong one is answered with how the rules add it up.

use super::table::{first_seed, played_out};
use super::{Goal, Level, Question, Scene};
use crate::game::Game;
use crate::rules::{Multiplier, Team};

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed(goal, |seed| {
        let game = played_out(seed)?;
        let team = asked(goal, &game)?;
        let score = game.history().last()?.score?;
        let question = Question::Score { team, right: score.score[team], sum: score.sums[team] };
        Some(Level { goal, game, scene: Scene::Result, question })
    })
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
    // A capot is a lesson of its own: none here.
    let capot = d.tricks_won[Team::NS] == 8 || d.tricks_won[Team::EW] == 8;
    let ok = !capot
        && match goal {
            Goal::ScoreMade => simple && score.made && !rounded(takers),
            Goal::ScoreFailed => simple && !score.made,
            Goal::ScoreContre => contract.multiplier == Multiplier::Contre,
            Goal::ScoreRounded => {
                simple && score.made && rounded(defence) && score.raw[defence] > 0
            }
            _ => false,
        };
    let team = match goal {
        Goal::ScoreMade => takers,
        Goal::ScoreRounded => defence,
        _ => scoring,
    };
    ok.then_some(team)
}
