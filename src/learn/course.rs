//! The course as a front end plays it, whichever draws or says it: the progress, the stage
//! entered with its levels, the level being played with its tries, and what each answer and
//! each step comes to. The table and the line mode hold one [`Course`] each and show what it
//! answers in their own way; the progress it changes is written by their runner.

use super::{Answer, Attempt, CourseProgress, Level, Outcome, Stage};

/// The level being played: the stage entered, its levels, which one, and its tries.
#[derive(Clone, Debug)]
pub struct AtLevel {
    /// The stage entered.
    pub stage: Stage,
    /// Its levels.
    pub levels: Vec<Level>,
    /// The level played, an index in `levels`.
    pub index: usize,
    /// The tries at it.
    pub attempt: Attempt,
}

impl AtLevel {
    /// The level played.
    pub fn level(&self) -> &Level {
        &self.levels[self.index.min(self.levels.len().saturating_sub(1))]
    }
}

/// What comes after a level solved, or asked to be skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The next level of the stage.
    Level,
    /// The stage's end, back at the map: its stars won and to be won, and whether every
    /// level is solved.
    StageEnd {
        /// The stage ended.
        stage: Stage,
        /// Stars won.
        won: u32,
        /// Stars to be won.
        of: u32,
        /// Every level solved.
        done: bool,
    },
}

/// The course: its progress, and the level played, if one is.
#[derive(Clone, Debug, Default)]
pub struct Course {
    progress: CourseProgress,
    at: Option<AtLevel>,
    changed: bool,
}

impl Course {
    /// The course at its map, with `progress`.
    pub fn new(progress: CourseProgress) -> Course {
        Course { progress, at: None, changed: false }
    }

    /// The progress.
    pub fn progress(&self) -> &CourseProgress {
        &self.progress
    }

    /// The level played, if one is; none at the map.
    pub fn at(&self) -> Option<&AtLevel> {
        self.at.as_ref()
    }

    /// Whether the progress changed since the last call: it is to be written.
    pub fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.changed)
    }

    /// Enters `stage` at its first level not solved; false (at the map still) when it has
    /// none.
    pub fn enter(&mut self, stage: Stage) -> bool {
        let levels = stage.levels();
        if levels.is_empty() {
            self.at = None;
            return false;
        }
        let index = self.progress.next_level(stage).min(levels.len() - 1);
        self.at = Some(AtLevel { stage, levels, index, attempt: Attempt::default() });
        true
    }

    /// Back to the map.
    pub fn to_map(&mut self) {
        self.at = None;
    }

    /// The level played again from its first try.
    pub fn restart(&mut self) {
        if let Some(at) = self.at.as_mut() {
            at.attempt = Attempt::default();
        }
    }

    /// Judges `answer` at the level played, counting the try; a level solved keeps its stars.
    pub fn answer(&mut self, answer: Answer) -> Option<Outcome> {
        let at = self.at.as_mut()?;
        let i = at.index.min(at.levels.len().saturating_sub(1));
        let level = at.levels.get(i)?;
        let outcome = at.attempt.answer(level, answer);
        if let Outcome::Solved(stars) = outcome {
            self.progress.solved(level.goal, stars);
            self.changed = true;
        }
        Some(outcome)
    }

    /// The next level of the stage, or the stage's end and the map.
    pub fn go_on(&mut self) -> Option<Step> {
        let at = self.at.as_mut()?;
        if at.index + 1 < at.levels.len() {
            at.index += 1;
            at.attempt = Attempt::default();
            return Some(Step::Level);
        }
        let stage = at.stage;
        self.at = None;
        let (won, of) = self.progress.stage_stars(stage);
        Some(Step::StageEnd { stage, won, of, done: self.progress.stage_done(stage) })
    }

    /// The first deal was played to its end.
    pub fn first_deal_played(&mut self) {
        if !self.progress.first_deal {
            self.progress.first_deal = true;
            self.changed = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_is_played_level_by_level_to_its_end_and_its_stars_kept() {
        let mut course = Course::default();
        assert!(course.enter(Stage::Cards));
        let n = Stage::Cards.goals().len();
        for i in 0..n {
            let at = course.at().expect("a level");
            assert_eq!(at.index, i);
            let level = at.level().clone();
            // A wrong try first, on the second level: two stars.
            if i == 1 {
                let wrong = level.wrong_answers()[0];
                assert!(matches!(course.answer(wrong), Some(Outcome::Wrong { shown: false, .. })));
            }
            assert_eq!(
                course.answer(level.solution()),
                Some(Outcome::Solved(if i == 1 { 2 } else { 3 }))
            );
            assert!(course.take_changed() && !course.take_changed());
            let step = course.go_on();
            if i + 1 < n {
                assert_eq!(step, Some(Step::Level));
            } else {
                let of = 3 * n as u32;
                let end = Step::StageEnd { stage: Stage::Cards, won: of - 1, of, done: true };
                assert_eq!(step, Some(end));
            }
        }
        assert!(course.at().is_none(), "back at the map");
        assert_eq!(course.progress().stars_of(Stage::Cards.goals()[1]), 2);
        // Entered again, the stage opens on its first level, every one being solved.
        assert!(course.enter(Stage::Cards));
        assert_eq!(course.at().map(|a| a.index), Some(0));
    }

    #[test]
    fn a_stage_opens_on_its_first_level_not_solved() {
        let mut progress = CourseProgress::default();
        progress.solved(Stage::Trick.goals()[0], 3);
        let mut course = Course::new(progress);
        assert!(course.enter(Stage::Trick));
        assert_eq!(course.at().map(|a| a.index), Some(1));
        assert!(
            course.answer(Answer::Number(0)).is_some_and(|o| matches!(o, Outcome::Wrong { .. }))
        );
        course.restart();
        assert_eq!(course.at().map(|a| a.attempt.wrong), Some(0));
    }
}
