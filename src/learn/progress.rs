//! What a player has done of the course: the stars of each level solved (its best), and
//! whether the first deal was played to its end; from it, the stages done and open. Kept by
//! the store in `course.json` (docs/data.md), read here from its bytes and refused whole when it
//! is not a course's progress.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Goal, Stage};

/// The version of `course.json` this contree writes, and the newest it reads.
pub const COURSE_VERSION: u32 = 2;

/// The levels whose names changed in version 2, when defending left the play for a stage of its
/// own and the contre and the capot left the auction for theirs: each name in version 1, and now.
const RENAMED_IN_2: [(&str, &str); 4] = [
    ("play-4", "defence-1"),
    ("auction-5", "doubles-1"),
    ("auction-6", "doubles-3"),
    ("scoring-4", "scoring-6"),
];

/// The longest name of a level read: the course's are a dozen bytes.
const KEY_LIMIT: usize = 64;

/// What a player has done of the course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseProgress {
    /// The format's version.
    pub version: u32,
    /// The best stars of each level solved (1 to 3), by the level's name ([`Goal::key`]).
    /// Names this contree does not know (a newer one's levels) are kept as they are.
    #[serde(default)]
    pub stars: BTreeMap<String, u8>,
    /// Whether the first deal, the course's end, was played to its end.
    #[serde(default)]
    pub first_deal: bool,
}

impl Default for CourseProgress {
    fn default() -> CourseProgress {
        CourseProgress { version: COURSE_VERSION, stars: BTreeMap::new(), first_deal: false }
    }
}

/// Why bytes are not a course's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CourseError {
    /// Not JSON of the fields expected: the parser's words.
    NotProgress(String),
    /// From a newer contree: its version.
    Newer(u32),
    /// A level's stars out of 1 to 3, or a name too long.
    BadLevel(String),
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CourseError::NotProgress(e) => write!(f, "not the course's progress: {e}"),
            CourseError::Newer(v) => {
                write!(f, "version {v} is from a newer contree, which reads up to {COURSE_VERSION}")
            }
            CourseError::BadLevel(key) => write!(f, "level {key:?} has stars out of 1 to 3"),
        }
    }
}

impl std::error::Error for CourseError {}

impl CourseProgress {
    /// Reads `course.json`'s bytes, checked: a known version, each level's stars 1 to 3.
    pub fn parse(bytes: &[u8]) -> Result<CourseProgress, CourseError> {
        let not = |e: serde_json::Error| CourseError::NotProgress(e.to_string());
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(not)?;
        // A newer contree's file may hold fields of its own: its version is read first.
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v > u64::from(COURSE_VERSION) => {
                return Err(CourseError::Newer(u32::try_from(v).unwrap_or(u32::MAX)));
            }
            _ => {}
        }
        let p = CourseProgress::deserialize(&value).map_err(not)?;
        if let Some((key, _)) =
            p.stars.iter().find(|(k, s)| !(1..=3).contains(*s) || k.len() > KEY_LIMIT)
        {
            return Err(CourseError::BadLevel(key.chars().take(KEY_LIMIT).collect()));
        }
        Ok(if p.version < 2 { p.with_version_1_renamed() } else { p })
    }

    /// A progress of version 1 with its levels under their names of now, each keeping its stars.
    fn with_version_1_renamed(self) -> CourseProgress {
        let mut stars = BTreeMap::new();
        for (key, won) in self.stars {
            let renamed = RENAMED_IN_2.iter().find(|&&(old, _)| old == key);
            let key = renamed.map_or(key, |&(_, now)| now.to_string());
            let best = stars.entry(key).or_insert(won);
            *best = (*best).max(won);
        }
        CourseProgress { version: COURSE_VERSION, stars, ..self }
    }

    /// The stars of `goal`'s level: 0 while it is not solved.
    pub fn stars_of(&self, goal: Goal) -> u8 {
        self.stars.get(&goal.key()).copied().unwrap_or(0)
    }

    /// Keeps `stars` for `goal`'s level when they beat its best.
    pub fn solved(&mut self, goal: Goal, stars: u8) {
        let stars = stars.clamp(1, 3);
        let best = self.stars.entry(goal.key()).or_insert(stars);
        *best = (*best).max(stars);
    }

    /// The stars of a stage: won, and to be won.
    pub fn stage_stars(&self, stage: Stage) -> (u32, u32) {
        let won = stage.goals().iter().map(|&g| u32::from(self.stars_of(g))).sum();
        (won, 3 * stage.goals().len() as u32)
    }

    /// Whether every level of `stage` is solved.
    pub fn stage_done(&self, stage: Stage) -> bool {
        stage.goals().iter().all(|&g| self.stars_of(g) > 0)
    }

    /// Whether `stage` is open: the first, or the one after a stage done. Any stage may be
    /// played all the same.
    pub fn stage_open(&self, stage: Stage) -> bool {
        match stage.number() {
            0 | 1 => true,
            n => Stage::numbered(n - 1).is_some_and(|before| self.stage_done(before)),
        }
    }

    /// The first stage not done, if any.
    pub fn next_stage(&self) -> Option<Stage> {
        Stage::ALL.into_iter().find(|&s| !self.stage_done(s))
    }

    /// The first level of `stage` not solved, else its first.
    pub fn next_level(&self, stage: Stage) -> usize {
        stage.goals().iter().position(|&g| self.stars_of(g) == 0).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn valid() -> impl Strategy<Value = CourseProgress> {
        let known: Vec<String> = Goal::all().map(Goal::key).collect();
        let key = prop_oneof![proptest::sample::select(known), "[a-z]{1,10}-[0-9]{1,2}"];
        (proptest::collection::btree_map(key, 1u8..=3, 0..30), any::<bool>()).prop_map(
            |(stars, first_deal)| CourseProgress { version: COURSE_VERSION, stars, first_deal },
        )
    }

    proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = CourseProgress::parse(&bytes);
        }

        #[test]
        fn any_json_text_is_read_or_refused_without_a_panic(text in "\\{\"version\":[0-9]{1,3}(,\"stars\":\\{(\"[a-z-0-9]{0,8}\":[0-9]{1,3})?\\})?\\}") {
            if let Ok(p) = CourseProgress::parse(text.as_bytes()) {
                prop_assert!(p.version <= COURSE_VERSION);
                prop_assert!(p.stars.values().all(|s| (1..=3).contains(s)));
            }
        }

        #[test]
        fn a_valid_progress_is_read_back_as_written(p in valid()) {
            let bytes = serde_json::to_vec(&p).expect("a progress is JSON");
            prop_assert_eq!(CourseProgress::parse(&bytes), Ok(p));
        }
    }

    #[test]
    fn a_stage_opens_when_the_one_before_is_done() {
        let mut p = CourseProgress::default();
        assert!(p.stage_open(Stage::Cards));
        assert!(!p.stage_open(Stage::Trick));
        for &g in Stage::Cards.goals() {
            p.solved(g, 2);
        }
        assert!(p.stage_done(Stage::Cards));
        assert!(p.stage_open(Stage::Trick));
        assert_eq!(p.next_stage(), Some(Stage::Trick));
        p.solved(Goal::HighestPlain, 1);
        assert_eq!(p.stars_of(Goal::HighestPlain), 2, "the best stars are kept");
    }

    #[test]
    fn a_progress_of_version_1_keeps_its_stars_on_the_levels_that_moved() {
        let old = br#"{"version":1,"stars":{"cards-1":3,"play-4":3,"auction-5":2,"auction-6":1,"scoring-4":2},"first_deal":true}"#;
        let p = CourseProgress::parse(old).expect("a progress of version 1");
        assert_eq!(p.version, COURSE_VERSION);
        assert!(p.first_deal);
        let stars = |g: Goal| p.stars_of(g);
        assert_eq!([Goal::HighestPlain, Goal::Defend, Goal::Contre].map(stars), [3, 3, 2]);
        assert_eq!([Goal::CapotBid, Goal::ScoreRounded].map(stars), [1, 2]);
        // The levels now at the old names were not played.
        assert_eq!([Goal::KeepMaster, Goal::ScoreSurcontre].map(stars), [0, 0]);
        assert_eq!(p.stars.len(), 5);
        // Each name a level moved to is a level's.
        for (old, now) in RENAMED_IN_2 {
            assert!(Goal::of_key(now).is_some(), "{old} -> {now}");
        }
    }

    #[test]
    fn a_newer_version_or_stars_out_of_range_are_refused() {
        assert_eq!(CourseProgress::parse(br#"{"version":99}"#), Err(CourseError::Newer(99)));
        assert!(matches!(
            CourseProgress::parse(br#"{"version":1,"stars":{"cards-1":4}}"#),
            Err(CourseError::BadLevel(_))
        ));
        assert!(matches!(CourseProgress::parse(b"{}"), Err(CourseError::NotProgress(_))));
    }
}
