//! `exercises.jsonl`: the exercises made from South's clear mistakes, one a line, on the
//! JSON-lines file ([`super::jsonl`]) as the history of games is. New exercises are appended,
//! synced, an append that fails cut back and a last line cut off by a crash mended
//! ([`Store::remove_leftovers`]); an exercise is filed once ([`ExerciseId`]), whatever the number of times its deal is analysed. An answer
//! writes the file again, atomically, with that exercise's review state changed. Lines that
//! cannot be read as exercises, or that file again an exercise filed on an earlier line, are
//! moved aside alone, to `exercises.jsonl.corrupt-<time>`, and the others stay.

use std::collections::BTreeSet;

use super::jsonl::{Line, Lines};
use super::{EXERCISES_FILE, SetAside, Store, StoreError, Unfit};
use crate::exercises::{Exercise, ExerciseError, ExerciseId};

/// The exercises as read from `exercises.jsonl`.
#[derive(Clone, Debug, Default)]
pub struct ExerciseFile {
    /// The exercises that could be read, oldest first.
    pub exercises: Vec<Exercise>,
    /// What could not be used (lines moved aside, or a file that is not a regular one), if
    /// anything.
    pub set_aside: Option<SetAside>,
}

impl Line for Exercise {
    type Error = ExerciseError;

    /// An exercise is a view, a deal record and the expert's options: a few kilobytes.
    const LIMIT: usize = crate::files::LINE_LIMIT;

    fn parse(line: &[u8]) -> Result<Exercise, ExerciseError> {
        Exercise::parse(line)
    }

    fn too_long() -> ExerciseError {
        ExerciseError::TooLong(crate::files::LINE_LIMIT as u64)
    }
}

/// What tells an exercise from another, read before the rest of a line.
fn id_of(line: &[u8]) -> Option<ExerciseId> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: ExerciseId,
    }
    serde_json::from_slice::<Id>(line).ok().map(|i| i.id)
}

impl Store {
    /// `exercises.jsonl`.
    pub(super) fn exercise_lines(&self) -> Lines<'_, Exercise> {
        self.lines(EXERCISES_FILE)
    }

    /// The exercises, oldest first. A file that is not a regular file, or too large, is moved
    /// aside; lines that cannot be read are moved aside alone (numbered from 1 in the reason),
    /// the file written again without them. A store that only reads moves nothing and says
    /// what it could not use.
    pub fn exercises(&self) -> Result<ExerciseFile, StoreError> {
        // An exercise is filed once: a line of an exercise filed on an earlier one is set
        // aside as the lines that are no exercise are, and counts for nothing.
        let (exercises, set_aside) = self.exercise_lines().read_each_once(
            |e| e.id,
            ExerciseError::FiledTwice,
            |lines, said| Unfit::NotExercises { lines, said },
        )?;
        Ok(ExerciseFile { exercises, set_aside })
    }

    /// Files `new` exercises at the end of `exercises.jsonl`, in one append synced before this
    /// returns; one that is there already (by its [`ExerciseId`]) is not filed again.
    pub fn file_exercises(&self, new: &[Exercise]) -> Result<usize, StoreError> {
        let lines = self.exercise_lines();
        let mut appending = lines.open()?;
        // Only the ids of the new exercises are looked for: what is kept of the file read is
        // as small as what is filed.
        let new_ids: BTreeSet<ExerciseId> = new.iter().map(|e| e.id).collect();
        let mut filed = BTreeSet::new();
        lines.scan(|_, line| {
            if let Some(id) = id_of(line).filter(|id| new_ids.contains(id)) {
                filed.insert(id);
            }
        })?;
        let mut bytes = Vec::new();
        let mut ids = BTreeSet::new();
        for e in new.iter().filter(|e| !filed.contains(&e.id)) {
            let line = e.to_line();
            if !line.is_empty() && ids.insert(e.id) {
                bytes.extend(line);
                bytes.push(b'\n');
            }
        }
        if bytes.is_empty() {
            return Ok(0);
        }
        lines.append(&mut appending, &bytes)?;
        Ok(ids.len())
    }

    /// Writes an exercise's new review state: the file again, atomically, with its line
    /// replaced (every other line as it was); appended if it is no longer there.
    pub fn review_exercise(&self, exercise: &Exercise) -> Result<(), StoreError> {
        let mut found = false;
        let line = exercise.to_line();
        let lines = self.exercise_lines();
        if crate::files::open_regular(&lines.path()).is_ok() {
            lines.rewrite(
                |_, l| {
                    if !found && id_of(l) == Some(exercise.id) {
                        found = true;
                        return Some(line.clone());
                    }
                    Some(l.to_vec())
                },
                None,
            )?;
        }
        if found { Ok(()) } else { self.file_exercises(std::slice::from_ref(exercise)).map(|_| ()) }
    }
}
