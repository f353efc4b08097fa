//! `course.json`: what the player has done of the course ([`CourseProgress`]), kept whole and
//! written atomically ([`super::atomic`]) after each level solved. One that cannot be understood
//! is moved aside and the course starts again from nothing, said; one that cannot be read
//! (no permission) is an error, and is never written over.

use super::atomic::JsonFile;
use super::{COURSE_FILE, SMALL_LIMIT, SetAside, Store, StoreError, Unfit, held, unusable};
use crate::learn::CourseProgress;

impl Store {
    /// `course.json`.
    fn course_file(&self) -> JsonFile<'_> {
        self.json_file(COURSE_FILE, SMALL_LIMIT)
    }

    /// The course's progress: none yet when `course.json` is missing; when it cannot be
    /// understood, none, and the file moved aside (or, by a store that only reads, left where
    /// it is), with what was done.
    pub fn course(&self) -> Result<(CourseProgress, Option<SetAside>), StoreError> {
        let file = self.course_file();
        let path = file.path();
        let reason = match file.read() {
            Ok(None) => return Ok((CourseProgress::default(), None)),
            Ok(Some(bytes)) => match CourseProgress::parse(&bytes) {
                Ok(progress) => return Ok((progress, None)),
                Err(e) => Unfit::NotCourse(e),
            },
            Err(e) if e.is_unusable() => unusable(&path, &e),
            Err(e) => {
                held(&self.unreadable).insert(COURSE_FILE.to_string());
                return Err(StoreError::read(&path, e));
            }
        };
        let aside = self.set_aside(COURSE_FILE, reason)?;
        Ok((CourseProgress::default(), Some(aside)))
    }

    /// Writes the course's progress atomically; never over a `course.json` that could not be
    /// read.
    pub fn write_course(&self, progress: &CourseProgress) -> Result<(), StoreError> {
        let file = self.course_file();
        if held(&self.unreadable).contains(COURSE_FILE) {
            let cause = super::Cause::NotReadBefore;
            return Err(StoreError::new(&file.path(), super::Operation::Write, cause));
        }
        file.write(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::Goal;

    #[test]
    fn the_progress_is_written_and_read_back() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::at(dir.path()).expect("a store");
        assert_eq!(store.course().expect("read").0, CourseProgress::default());
        let mut p = CourseProgress::default();
        p.solved(Goal::Follow, 3);
        store.write_course(&p).expect("written");
        assert_eq!(store.course().expect("read"), (p, None));
    }

    #[test]
    fn a_corrupt_progress_is_set_aside_and_the_course_starts_again() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join(COURSE_FILE), b"{\"version\":1,\"stars\":{\"x\":9}}")
            .expect("written");
        let store = Store::at(dir.path()).expect("a store");
        let (p, aside) = store.course().expect("read");
        assert_eq!(p, CourseProgress::default());
        let aside = aside.expect("set aside");
        assert!(aside.moved && aside.path.exists(), "{aside:?}");
        assert!(!dir.path().join(COURSE_FILE).exists());
        // The course goes on, and writes a new file.
        store.write_course(&p).expect("written");
        assert!(dir.path().join(COURSE_FILE).exists());
    }
}
