//! Everything contree keeps on disk, in one data directory: the game in progress (`game.json`),
//! the statistics (`stats.json`), the finished and abandoned games (`games.jsonl`, one game a
//! line), the exercises made from South's clear mistakes (`exercises.jsonl`, one a line), the
//! deals of the day played (`daily.jsonl`, one a line), the course's progress (`course.json`),
//! small
//! settings files for the front end, and the lock (`table.lock`) that keeps a second table off
//! the directory.
//!
//! Every file is written atomically (a temporary file in the same directory, `sync_all`, rename),
//! so a crash leaves the old version or the new one, never half of one; the history of games is
//! appended to, on a line of its own, and synced before the save it replaces goes. An append
//! that fails is cut back to the length the file had; a last line cut off all the same (a kill
//! in the middle of the write) is moved aside alone when the table next opens. A game is known
//! by its seed and start time ([`crate::game::GameSave::same_game`]) and filed once: a filing of
//! a game that is there already replaces the earlier one or adds nothing, and a save left behind
//! by a new game killed after filing it is recognised on load ([`Store::load_game`]).
//!
//! A file that cannot be understood, or is not a regular file, is moved aside to
//! `<name>.corrupt-<seconds since the epoch>` and reported; one that cannot be read for lack of
//! permission, or a link to nothing, is reported and left where it is; nothing is ever deleted
//! unless it was first kept elsewhere. A failed write is an error for the caller to show, and
//! the game goes on in memory; a game whose save failed is kept to be written again
//! ([`Store::save_pending`]) at the end of the session and before a new game files it.
//!
//! A store for a command that only reads ([`Store::reading`]) reports what it cannot use and
//! makes, moves and writes nothing.
//!
//! Each kind of file has its module: the errors (`error`), the two ways a file is kept (whole
//! and atomically, `atomic`; an append-only file of JSON lines, `jsonl`), what is moved aside
//! (`aside`), the lock (`lock`), the save (`save`), the statistics (`stats`), the history of
//! games (`history`), the exercises (`exercises`), the deals of the day (`daily`), the course's progress (`course`) and the front end's small files (`small`);
//! [`Store`] ties them to one directory, and every type they show is here.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::files::MIB;
use crate::game::Game;

mod aside;
mod atomic;
mod course;
mod daily;
mod error;
mod exercises;
mod friends;
mod history;
mod jsonl;
mod lock;
mod save;
mod small;
mod stats;
mod words;

pub use atomic::write_whole;
pub use daily::{DAILY_VERSION, DailyEntry, DailyError, DailyFile, DailyMistake};
use error::unusable;
pub use error::{Cause, Left, LineList, OpenError, Operation, SetAside, StoreError, Unfit};
pub use exercises::ExerciseFile;
pub use friends::{KEPT_DIR, Played};
pub use history::{Friends, GameEntry, GameHistory, GameResult};
pub use lock::{DirLock, Holder, LockError, TABLE};
use save::Known;
pub use save::Resume;
pub use stats::StatsShown;

/// The game in progress.
pub const GAME_FILE: &str = "game.json";
/// The statistics.
pub const STATS_FILE: &str = "stats.json";
/// The games finished or abandoned, one JSON object a line, oldest first.
pub const GAMES_FILE: &str = "games.jsonl";
/// The exercises made from South's clear mistakes, one JSON object a line, oldest first.
pub const EXERCISES_FILE: &str = "exercises.jsonl";
/// The deals of the day played, one JSON object a line, oldest first.
pub const DAILY_FILE: &str = "daily.jsonl";
/// What the player has done of the course: each level's stars.
pub const COURSE_FILE: &str = "course.json";
/// The lock a table holds on the data directory, naming who holds it.
pub const LOCK_FILE: &str = "table.lock";

/// The largest save read: a long game is well under a megabyte.
const SAVE_LIMIT: u64 = 16 * MIB;
/// The largest statistics or settings file read.
const SMALL_LIMIT: u64 = MIB;
/// The longest line of the history of games: one game, as long as its save may be.
const GAME_LINE_LIMIT: usize = SAVE_LIMIT as usize;

/// The data directory and what is in it.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    sync: bool,
    /// Another table holds the directory: read, report, but move and write nothing.
    read_only: bool,
    /// When the game being saved started, so repeated saves keep it without reading the disk.
    known: Mutex<Option<Known>>,
    /// The start time last given to a new game, so that two games of one session never share
    /// one, whatever their seeds.
    last_start: Mutex<u64>,
    /// The game whose last save failed (a full disk, say), written again by
    /// [`Store::save_pending`] and before a new game files the saved one, so that actions made
    /// while the disk refused are not lost once it accepts again.
    unsaved: Mutex<Option<Game>>,
    /// Small files that exist but could not be read: they are never written over.
    unreadable: Mutex<BTreeSet<String>>,
    /// Files moved aside or left in place since the last [`Store::take_notices`].
    notices: Mutex<Vec<SetAside>>,
    /// Why the writes have been failing since the last one that worked, if they have: a full
    /// disk refuses every save alike, and is to be said once ([`Store::write_failed`]).
    failing: Mutex<Option<String>>,
}

/// The value of a mutex, even one a panicking thread left behind (the data is plain values).
fn held<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The data directory: `contree` (an explicit choice, taken as given; set but empty, refused:
/// who set it meant some directory), else `xdg` when it is absolute (the XDG specification
/// ignores a relative one, and an empty one) joined with `contree`, else the platform's own
/// place when it is absolute: one made from a relative `HOME` would move with the current
/// directory.
fn choose_dir(
    contree: Option<OsString>,
    xdg: Option<OsString>,
    platform: impl FnOnce() -> Option<PathBuf>,
) -> Result<PathBuf, OpenError> {
    if contree.as_ref().is_some_and(|v| v.is_empty()) {
        return Err(OpenError::EmptyChoice);
    }
    let set = |v: Option<OsString>| v.filter(|v| !v.is_empty()).map(PathBuf::from);
    set(contree)
        .or_else(|| set(xdg).filter(|p| p.is_absolute()).map(|p| p.join("contree")))
        .or_else(|| platform().filter(|p| p.is_absolute()))
        .ok_or(OpenError::NoPlace)
}

impl Store {
    /// Where the data is kept: `$CONTREE_DATA_DIR`, else `$XDG_DATA_HOME/contree` when that is
    /// an absolute path, else the platform's place for application data
    /// (`~/.local/share/contree` on Linux, `~/Library/Application Support/contree` on macOS,
    /// `%APPDATA%\contree\data` on Windows).
    pub fn default_dir() -> Result<PathBuf, OpenError> {
        choose_dir(std::env::var_os("CONTREE_DATA_DIR"), std::env::var_os("XDG_DATA_HOME"), || {
            directories::ProjectDirs::from("", "", "contree").map(|d| d.data_dir().to_path_buf())
        })
    }

    /// The data directory `dir`, created if missing.
    pub fn at(dir: impl Into<PathBuf>) -> Result<Store, OpenError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(|e| OpenError::creating(&dir, e))?;
        Ok(Store::new(dir, false))
    }

    fn new(dir: PathBuf, read_only: bool) -> Store {
        Store {
            dir,
            sync: true,
            read_only,
            known: Mutex::new(None),
            last_start: Mutex::new(0),
            unreadable: Mutex::new(BTreeSet::new()),
            unsaved: Mutex::new(None),
            notices: Mutex::new(Vec::new()),
            failing: Mutex::new(None),
        }
    }

    /// The data directory `dir` as it is, for a command that only reads: nothing is made, moved
    /// or written, not even the directory when it is missing (it then holds nothing).
    pub fn reading(dir: impl Into<PathBuf>) -> Store {
        Store::new(dir.into(), true)
    }

    /// The same store without `sync_all` on writes: faster, but a power cut may lose the last
    /// writes. For benchmarks and tests; the game always syncs.
    pub fn without_sync(mut self) -> Store {
        self.sync = false;
        self
    }

    /// The same store, reading only: what it cannot use is reported and left in place, and every
    /// write is refused.
    pub fn read_only(mut self) -> Store {
        self.read_only = true;
        self
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Notes that a write failed for `e`'s cause, and says whether that is news: the writes
    /// worked until now, or failed for another cause. A full disk or a read-only one refuses
    /// every save alike, to be said once rather than after every action.
    pub fn write_failed(&self, e: &StoreError) -> bool {
        let cause = match e.cause() {
            Cause::Io(io) => format!("{:?}", io.kind()),
            other => other.to_string(),
        };
        held(&self.failing).replace(cause.clone()) != Some(cause)
    }

    /// Notes that a write worked, and says whether the writes were failing until now.
    pub fn write_worked(&self) -> bool {
        held(&self.failing).take().is_some()
    }

    /// What was moved aside or left in place since the last call, for the table to show (each
    /// says itself in one sentence).
    pub fn take_notices(&self) -> Vec<SetAside> {
        std::mem::take(&mut *held(&self.notices))
    }

    /// Tidies what a crash in the middle of a write left behind, and says how many temporary
    /// files it removed: the temporary files (`.<name>.<random>.tmp`), and a last line of the
    /// history of games or of the exercises cut off, moved aside alone
    /// ([`SetAside::last_line_only`]). Only the holder of the directory may: another table's
    /// write in progress looks the same.
    pub fn remove_leftovers(&self) -> usize {
        if self.read_only {
            return 0;
        }
        self.history().mend_if_there();
        self.exercise_lines().mend_if_there();
        self.daily_lines().mend_if_there();
        let Ok(entries) = fs::read_dir(&self.dir) else { return 0 };
        let mut removed = 0;
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let ours = name.contains(".json.") || name.contains(".jsonl.");
            let leftover = name.starts_with('.') && name.ends_with(".tmp") && ours;
            if leftover && entry.file_type().is_ok_and(|t| t.is_file()) {
                removed += usize::from(fs::remove_file(entry.path()).is_ok());
            }
        }
        removed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_home_gives_no_data_directory() {
        let relative = || Some(PathBuf::from("home/.local/share/contree"));
        assert!(matches!(choose_dir(None, None, relative), Err(OpenError::NoPlace)));
        assert_eq!(choose_dir(Some("given".into()), None, relative).ok(), Some("given".into()));
    }

    #[test]
    fn the_data_directory_is_chosen_in_order_and_a_relative_xdg_is_ignored() {
        let platform = || Some(PathBuf::from("/home/p/.local/share/contree"));
        let os = |s: &str| Some(OsString::from(s));
        let chosen = |c, x| choose_dir(c, x, platform).ok();
        assert_eq!(chosen(os("rel/dir"), os("/x")), Some("rel/dir".into()));
        assert_eq!(chosen(None, os("/x")), Some("/x/contree".into()));
        assert!(matches!(choose_dir(os(""), os("/x"), platform), Err(OpenError::EmptyChoice)));
        assert_eq!(chosen(None, os("relative")), platform());
        assert_eq!(chosen(None, os("")), platform());
        assert!(matches!(choose_dir(None, None, || None), Err(OpenError::NoPlace)));
    }
}
