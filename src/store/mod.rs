//! Everything contree keeps on disk, in one data directory: the game in progress (`game.json`),
//! the statistics (`stats.json`), the finished and abandoned games (`games.jsonl`, one game a
//! line), the exercises made from South's clear mistakes (`exercises.jsonl`, one a line), small
//! settings files for the front end, and the lock (`table.lock`) that keeps a second table off
//! the directory.
//!
//! Every file is written atomically (a temporary file in the same directory, `sync_all`, rename),
//! so a crash leaves the old version or the new one, never half of one; the history of games is
//! appended to, on a line of its own, and synced before the save it replaces goes. An append
//! that fails is cut back to the length the file had; a last line cut off all the same (a kill
//! in the middle of the write) is moved aside alone when the table next opens. A game is known
//! by its seed and start time ([`GameSave::same_game`]) and filed once: a filing of a game that
//! is there already replaces the earlier one or adds nothing, and a save left behind by a new
//! game killed after filing it is recognised on load ([`Store::load_game`]).
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

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::files::{self, MIB, ReadError, describe_io};
use crate::game::{Game, GameOptions, GameSave, LoadError, Phase, Players, SAVE_VERSION};
use crate::rules::{ByTeam, Team};
use crate::stats::{STATS_VERSION, Stats};

mod exercises;
mod words;
pub use exercises::ExerciseFile;

/// The game in progress.
pub const GAME_FILE: &str = "game.json";
/// The statistics.
pub const STATS_FILE: &str = "stats.json";
/// The games finished or abandoned, one JSON object a line, oldest first.
pub const GAMES_FILE: &str = "games.jsonl";
/// The exercises made from South's clear mistakes, one JSON object a line, oldest first.
pub const EXERCISES_FILE: &str = "exercises.jsonl";
/// The lock a table holds on the data directory, naming who holds it.
pub const LOCK_FILE: &str = "table.lock";

/// The largest save read: a long game is well under a megabyte.
const SAVE_LIMIT: u64 = 16 * MIB;
/// The largest statistics or settings file read.
const SMALL_LIMIT: u64 = MIB;
/// The largest history of games read whole: thousands of games.
const GAMES_LIMIT: u64 = 256 * MIB;
/// How far back the end of the history of games is read to find its last line: one game.
const LINE_LIMIT: u64 = SAVE_LIMIT;

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
}

/// The value of a mutex, even one a panicking thread left behind (the data is plain values).
fn held<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The identity of a game and when it started.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Known {
    seed: u64,
    options: GameOptions,
    players: Players,
    started: u64,
}

impl Known {
    fn is(&self, game: &Game) -> bool {
        self.seed == game.seed()
            && self.options == *game.options()
            && self.players == *game.players()
    }
}

/// What [`Store::load_game`] found.
// Made once per start and taken apart at once: boxing the game would only cost callers a deref.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Resume {
    /// No game was saved.
    None,
    /// A saved game, replayed and checked.
    Saved {
        /// The game.
        game: Game,
        /// When it started (seconds since the Unix epoch), if known.
        started: Option<u64>,
        /// When it was last saved (seconds since the Unix epoch), if known.
        saved: Option<u64>,
        /// The save was also filed in the history of games as abandoned, by a new game killed
        /// before the save went; it holds every action of that filing and more, so the filing
        /// was taken back, for the game to be filed once, when it ends.
        filing_taken_back: bool,
    },
    /// The save could not be resumed and was moved aside, not deleted.
    MovedAside {
        /// Where the save is now.
        path: PathBuf,
        /// Why it could not be resumed.
        reason: Unfit,
    },
    /// The save could not be read (no permission, an I/O error), or could not be resumed while
    /// another table holds the directory: it was left where it is, and no new game replaces it.
    LeftInPlace {
        /// Where the save is.
        path: PathBuf,
        /// Why it is still there.
        why: Left,
    },
}

/// Why a save that could not be resumed is still where it was.
#[derive(Debug)]
pub enum Left {
    /// It could not be read, or not moved aside: the store's error (its cause says why).
    Failed(StoreError),
    /// Another table holds the directory, so this store only reads: the save could not be
    /// resumed, for this reason, and was not moved.
    OnlyRead(Unfit),
}

impl fmt::Display for Left {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Left::Failed(e) => write!(f, "{}", e.cause()),
            Left::OnlyRead(reason) => write!(f, "{reason}; {ONLY_READ}"),
        }
    }
}

/// What a store that only reads says of a file it could not use.
const ONLY_READ: &str = "it was only read, not moved";

/// Why a file of the data directory could not be used, or the save resumed, with what the
/// store found. Said in English by its `Display` (the commands' words), and in the table's
/// language by the table's texts. What a parser or the game says comes as it was said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// It is not a regular file: what stands there instead.
    NotAFile(files::FileKind),
    /// It is larger than any file of contree's: the limit, in bytes.
    TooLarge(u64),
    /// Its JSON stops before its end: the parser's words.
    Truncated(String),
    /// It is not JSON: the parser's words.
    NotJson(String),
    /// It has no version number.
    NoVersion,
    /// It comes from a newer contree: its version, and this contree's.
    NewerVersion {
        /// The file's version.
        found: u64,
        /// The newest this contree reads.
        current: u32,
    },
    /// It is JSON, but not a save: the parser's words.
    NotASave(String),
    /// A save the game refuses to replay.
    Refused(LoadError),
    /// It is JSON, but not statistics: the parser's words.
    NotStats(String),
    /// Settings whose named fields could not be read; the others were kept.
    FieldsRefused(Vec<String>),
    /// Not a JSON object of the fields expected.
    NotFields,
    /// The save is filed in the history of games already, as this, with every call and card
    /// it holds.
    AlreadyFiled(GameResult),
    /// The save is filed in the history of games already, as this, and differs from that
    /// filing: both are kept.
    FiledOtherwise(GameResult),
    /// An earlier filing of a game filed again, which no longer holds one of its actions.
    EarlierFiling,
    /// A line of the history cut off by a crash or a full disk while a game was filed.
    CutOff,
    /// Lines of the exercises (numbered from 1) that are not exercises, with what the first
    /// of them was refused for; they alone were moved aside.
    NotExercises {
        /// The lines.
        lines: Vec<usize>,
        /// Why the first could not be read.
        said: String,
    },
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfit::NotAFile(kind) => write!(f, "it is {kind}, not a regular file"),
            Unfit::TooLarge(limit) => write!(f, "{}", ReadError::TooLarge(*limit)),
            Unfit::Truncated(e) => write!(f, "the file is truncated: {e}"),
            Unfit::NotJson(e) => write!(f, "not valid JSON: {e}"),
            Unfit::NoVersion => f.write_str("it has no version number"),
            Unfit::NewerVersion { found, current } => write!(
                f,
                "it is version {found}, from a newer contree than this one (version {current})"
            ),
            Unfit::NotASave(e) => write!(f, "not a contree save: {e}"),
            Unfit::Refused(e) => write!(f, "{e}"),
            Unfit::NotStats(e) => write!(f, "not contree statistics: {e}"),
            Unfit::FieldsRefused(bad) => {
                write!(f, "{} could not be read, the rest was kept", bad.join(", "))
            }
            Unfit::NotFields => f.write_str("not a JSON object of the expected fields"),
            Unfit::AlreadyFiled(result) => write!(
                f,
                "it is already filed in {GAMES_FILE} as {result}, with every call and card it holds"
            ),
            Unfit::FiledOtherwise(result) => write!(
                f,
                "it is filed in {GAMES_FILE} as {result} already, and differs from that filing; \
                 both are kept"
            ),
            Unfit::EarlierFiling => f.write_str(
                "an earlier filing of the game filed again, which no longer holds one of its \
                 actions",
            ),
            Unfit::CutOff => f.write_str("a crash or a full disk while a game was filed"),
            Unfit::NotExercises { lines, said } => {
                let numbers: Vec<String> = lines.iter().map(usize::to_string).collect();
                let numbers = numbers.join(", ");
                if lines.len() == 1 {
                    write!(
                        f,
                        "line {numbers} is not a contree exercise ({said}); it alone was moved, \
                         the other lines stay"
                    )
                } else {
                    write!(
                        f,
                        "lines {numbers} are not contree exercises ({said}); they alone were \
                         moved, the other lines stay"
                    )
                }
            }
        }
    }
}

impl Resume {
    /// What to tell the player, when the save could not be resumed.
    pub fn notice(&self) -> Option<String> {
        match self {
            Resume::MovedAside { path, reason } => Some(format!(
                "The saved game could not be resumed ({reason}); it was kept as {}.",
                path.display()
            )),
            Resume::LeftInPlace { path, why } => Some(format!(
                "The saved game could not be read ({why}); it was left as it is, in {}.",
                path.display()
            )),
            Resume::Saved { filing_taken_back: true, .. } => Some(format!(
                "The saved game had also been filed in {GAMES_FILE} as abandoned, by a new game \
                 that was stopped before it started; the save holds more of it, so that filing \
                 was taken back, and the game is filed once, when it ends."
            )),
            Resume::None | Resume::Saved { .. } => None,
        }
    }
}

/// A file the store could not use, and where it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The file's name in the data directory.
    pub file: String,
    /// Where the file is now: moved aside, or where it was.
    pub path: PathBuf,
    /// Why it could not be used.
    pub reason: Unfit,
    /// Whether it was moved aside (else it was left in place: the store only reads).
    pub moved: bool,
    /// Only the file's last line was moved aside, a line cut off by a crash or a full disk;
    /// the lines before it stay in the file.
    pub last_line_only: bool,
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.last_line_only {
            return write!(
                f,
                "the last line of {} was cut off ({}); it was kept as {}, and the lines before \
                 it stay",
                self.file,
                self.reason,
                self.path.display()
            );
        }
        if self.moved {
            write!(f, "{} could not be used ({}); ", self.file, self.reason)?;
            write!(f, "it was kept as {}", self.path.display())
        } else {
            write!(f, "{} could not be used ({}; {ONLY_READ}); ", self.file, self.reason)?;
            f.write_str("it was left as it is")
        }
    }
}

/// What was being done when a store operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Reading a file.
    Read,
    /// Writing a file.
    Write,
    /// Removing a file that was kept elsewhere first.
    Remove,
    /// Moving a file aside.
    MoveAside,
}

/// Why a store operation failed.
#[derive(Debug)]
pub enum Cause {
    /// The file system refused.
    Io(io::Error),
    /// The file is not a regular file, is too large to be one of contree's, or is a link to
    /// nothing.
    Unusable(ReadError),
    /// The file's content is not what was expected.
    Json(serde_json::Error),
    /// `game_finished` was called on a game that is not over.
    GameNotOver,
    /// The name given to `read_json`/`write_json` is not a plain file name.
    BadName,
    /// Another table holds the data directory: this store only reads.
    ReadOnly,
    /// The file could not be read when the store looked, so it is not written over.
    NotReadBefore,
    /// The file could not be used, for this reason, and the system refused to move it aside.
    NotMovedAside(Unfit, io::Error),
}

/// In English, for the commands.
impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Io(e) => f.write_str(&describe_io(e)),
            Cause::Unusable(e) => write!(f, "{e}"),
            Cause::Json(e) => write!(f, "{e}"),
            Cause::GameNotOver => f.write_str("the game is not over"),
            Cause::BadName => {
                f.write_str("not a plain file name in the data directory, or a file of the store")
            }
            Cause::ReadOnly => f.write_str("another contree table holds the data directory"),
            Cause::NotReadBefore => {
                f.write_str("it could not be read, so it is not written over; see to it first")
            }
            Cause::NotMovedAside(reason, e) => {
                write!(f, "{reason}, and it could not be moved aside: {}", describe_io(e))
            }
        }
    }
}

/// A store operation that failed: which file, doing what, and why. The game is unaffected.
#[derive(Debug)]
pub struct StoreError {
    path: PathBuf,
    operation: Operation,
    cause: Cause,
}

impl StoreError {
    fn io(path: &Path, operation: Operation, e: io::Error) -> StoreError {
        StoreError { path: path.to_path_buf(), operation, cause: Cause::Io(e) }
    }

    pub(crate) fn new(path: &Path, operation: Operation, cause: Cause) -> StoreError {
        StoreError { path: path.to_path_buf(), operation, cause }
    }

    fn read(path: &Path, e: ReadError) -> StoreError {
        match e {
            ReadError::Io(e) => StoreError::io(path, Operation::Read, e),
            other => StoreError::new(path, Operation::Read, Cause::Unusable(other)),
        }
    }

    /// The file concerned.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What was being done.
    pub fn operation(&self) -> Operation {
        self.operation
    }

    /// Why it failed.
    pub fn cause(&self) -> &Cause {
        &self.cause
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.operation {
            Operation::Read => "read",
            Operation::Write => "save",
            Operation::Remove => "remove",
            Operation::MoveAside => "move aside",
        };
        write!(f, "cannot {what} {}: {}", self.path.display(), self.cause)
    }
}

/// The cause is said by the error's own line, in the player's words: it is not given again as a
/// source, which a report of the whole chain (`{:#}`) would repeat after it.
impl std::error::Error for StoreError {}

/// Seconds since the Unix epoch (0 if the clock is before it).
fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The bookkeeping kept next to the statistics, so a deal or a game is counted once however
/// many times the front end reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Counted {
    seed: u64,
    started: u64,
    /// Deals of that game already counted.
    deals: usize,
    /// Whether the game itself was counted.
    game: bool,
    /// The deals of that game (from 0) whose comparison with the expert in South's seat is
    /// counted: they come in after their deal, not always in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    compared: Vec<usize>,
}

/// `stats.json`: the statistics and what they already count.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct StatsFile {
    #[serde(flatten)]
    stats: Stats,
    #[serde(default)]
    counted: Option<Counted>,
}

/// One line of `games.jsonl`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameEntry {
    /// `won` or `lost` (by North-South) for a finished game, `abandoned` for one replaced by a
    /// new game.
    pub result: GameResult,
    /// When it was filed (seconds since the Unix epoch).
    pub filed: u64,
    /// The totals at the end.
    pub totals: ByTeam<u32>,
    /// The whole game, as saved.
    pub game: GameSave,
}

/// How a game of the history ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// North-South won.
    Won,
    /// East-West won.
    Lost,
    /// Left unfinished for a new game.
    Abandoned,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Won => "won by North-South",
            GameResult::Lost => "won by East-West",
            GameResult::Abandoned => "abandoned",
        })
    }
}

/// The history of games as read from `games.jsonl`.
#[derive(Clone, Debug, Default)]
pub struct GameHistory {
    /// The games that could be read, oldest first.
    pub games: Vec<GameEntry>,
    /// The lines that could not be read (numbered from 1), left in the file as they are.
    pub unreadable: Vec<usize>,
}

impl GameHistory {
    /// The line to tell the player when some lines could not be read.
    pub fn notice(&self) -> Option<String> {
        let lines: Vec<String> = self.unreadable.iter().map(usize::to_string).collect();
        match lines.len() {
            0 => None,
            1 => Some(format!(
                "{GAMES_FILE}: line {} cannot be read; it was left as it is",
                lines[0]
            )),
            _ => Some(format!(
                "{GAMES_FILE}: lines {} cannot be read; they were left as they are",
                lines.join(", ")
            )),
        }
    }
}

/// Who holds the data directory, as the lock file says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The process, if known.
    pub pid: Option<u32>,
    /// When it took the directory (seconds since the Unix epoch), if known.
    pub since: Option<u64>,
    /// What holds it: `table`, or a command that only reads and lets go at once.
    pub what: String,
}

impl Holder {
    fn parse(text: &str) -> Holder {
        let mut words = text.split_whitespace();
        let pid = words.next().and_then(|w| w.parse().ok());
        let since = words.next().and_then(|w| w.parse().ok());
        let what = words.next().unwrap_or_default().chars().take(20).collect();
        Holder { pid, since, what }
    }

    /// Whether a table holds the directory (rather than a command that reads for a moment).
    pub fn is_table(&self) -> bool {
        self.what == TABLE || self.what.is_empty()
    }
}

/// What a table writes in the lock file.
pub const TABLE: &str = "table";

/// The data directory held: no other process takes it while this lives. Dropping it lets go.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Why the data directory could not be held.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it.
    Held(Holder),
    /// The lock file could not be made or locked: something else stands in its place (a
    /// directory, a FIFO, a link to a device), or the system refuses (a read-only directory, an
    /// immutable file). Nobody may be said to hold the directory, nor to leave it free: the
    /// table does not open.
    Failed(StoreError),
}

/// The saved game, or why it cannot be resumed.
fn parse_save(bytes: &[u8]) -> Result<(GameSave, Game), Unfit> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        if e.is_eof() { Unfit::Truncated(e.to_string()) } else { Unfit::NotJson(e.to_string()) }
    })?;
    check_version(&value, SAVE_VERSION)?;
    let save = GameSave::deserialize(&value).map_err(|e| Unfit::NotASave(e.to_string()))?;
    let game = Game::from_save(&save).map_err(Unfit::Refused)?;
    Ok((save, game))
}

/// Refuses a file without a version, or from a newer contree (whose shape may differ).
fn check_version(value: &serde_json::Value, current: u32) -> Result<(), Unfit> {
    match value.get("version").and_then(serde_json::Value::as_u64) {
        None => Err(Unfit::NoVersion),
        Some(found) if found > u64::from(current) => Err(Unfit::NewerVersion { found, current }),
        Some(_) => Ok(()),
    }
}

/// The data directory: `contree` (an explicit choice, taken as given), else `xdg` when it is
/// absolute (the XDG specification ignores a relative one) joined with `contree`, else the
/// platform's own place when it is absolute: one made from a relative `HOME` would move with
/// the current directory.
fn choose_dir(
    contree: Option<OsString>,
    xdg: Option<OsString>,
    platform: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    let set = |v: Option<OsString>| v.filter(|v| !v.is_empty()).map(PathBuf::from);
    set(contree)
        .or_else(|| set(xdg).filter(|p| p.is_absolute()).map(|p| p.join("contree")))
        .or_else(|| platform().filter(|p| p.is_absolute()))
}

impl Store {
    /// Where the data is kept: `$CONTREE_DATA_DIR`, else `$XDG_DATA_HOME/contree` when that is
    /// an absolute path, else the platform's place for application data
    /// (`~/.local/share/contree` on Linux, `~/Library/Application Support/contree` on macOS,
    /// `%APPDATA%\contree\data` on Windows).
    pub fn default_dir() -> anyhow::Result<PathBuf> {
        choose_dir(std::env::var_os("CONTREE_DATA_DIR"), std::env::var_os("XDG_DATA_HOME"), || {
            directories::ProjectDirs::from("", "", "contree").map(|d| d.data_dir().to_path_buf())
        })
        .context("no data directory: set CONTREE_DATA_DIR, or HOME to an absolute path")
    }

    /// The data directory `dir`, created if missing.
    pub fn at(dir: impl Into<PathBuf>) -> anyhow::Result<Store> {
        let dir = dir.into();
        fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
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

    /// What was moved aside or left in place since the last call, for the table to show (each
    /// says itself in one sentence).
    pub fn take_notices(&self) -> Vec<SetAside> {
        std::mem::take(&mut *held(&self.notices))
    }

    /// Takes the data directory for this process, writing who holds it (the process id, the
    /// time, `what`) in the lock file. A table holds it for its whole life (`stats` and
    /// `history` only read, and take nothing). The lock is the system's (`flock` on Unix): it
    /// goes with the process, however the process ends. A lock file that cannot be made or
    /// locked is an error, never taken for a free directory.
    pub fn lock(&self, what: &str) -> Result<DirLock, LockError> {
        let path = self.path(LOCK_FILE);
        let failed = |e: io::Error| LockError::Failed(StoreError::io(&path, Operation::Write, e));
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        files::nonblocking(&mut options);
        let mut file = files::open_checked(&path, &options).map_err(|e| match e {
            ReadError::Io(e) => failed(e),
            other => {
                LockError::Failed(StoreError::new(&path, Operation::Write, Cause::Unusable(other)))
            }
        })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = (&file).take(256).read_to_string(&mut text);
                return Err(LockError::Held(Holder::parse(&text)));
            }
            Err(fs::TryLockError::Error(e)) => return Err(failed(e)),
        }
        let line = format!("{} {} {what}\n", std::process::id(), now());
        file.set_len(0)
            .and_then(|()| file.seek(SeekFrom::Start(0)))
            .and_then(|_| file.write_all(line.as_bytes()))
            .map_err(failed)?;
        Ok(DirLock { _file: file })
    }

    /// Tidies what a crash in the middle of a write left behind, and says how many temporary
    /// files it removed: the temporary files (`.<name>.<random>.tmp`), and a last line of the
    /// history of games cut off, moved aside alone ([`SetAside::last_line_only`]). Only the
    /// holder of the directory may: another table's write in progress looks the same.
    pub fn remove_leftovers(&self) -> usize {
        if self.read_only {
            return 0;
        }
        if let Ok(mut history) = files::open_checked(&self.path(GAMES_FILE), &history_options()) {
            // A history that cannot be mended now is mended by the next filing, which says why.
            let _ = self.mend_lines(GAMES_FILE, &mut history, is_game_line);
        }
        self.mend_exercises();
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

    /// The saved game, if any. A corrupt / truncated / future-version / tampered `game.json`, or
    /// one that is not a regular file, is moved aside to `game.json.corrupt-<timestamp>` and
    /// reported, never deleted; one that cannot be read (no permission, a link to nothing) is
    /// reported and left in place. A save of a game that is already over is filed in the
    /// history of games (and counted) instead, unless a deal of it was still being compared
    /// with the expert in South's seat: that game is resumed, to be filed once compared. A save of a game already filed (a new game
    /// killed between the filing of the saved one and the removal of its save) is never filed
    /// a second time: when the filing holds all of it, the save is moved aside; when the save
    /// went on past an abandoned filing, the filing is taken back and the game resumed.
    pub fn load_game(&self) -> Resume {
        let path = self.path(GAME_FILE);
        let bytes = match files::read(&path, SAVE_LIMIT) {
            Ok(b) => b,
            Err(e) if e.is_not_found() => return Resume::None,
            Err(e) if e.is_unusable() => return self.moved_aside(GAME_FILE, unusable(&path, &e)),
            Err(e) => {
                let why = Left::Failed(StoreError::read(&path, e));
                return Resume::LeftInPlace { path, why };
            }
        };
        let (save, game) = match parse_save(&bytes) {
            Err(reason) => return self.moved_aside(GAME_FILE, reason),
            Ok(parsed) => parsed,
        };
        if let Some(started) = save.started {
            self.remember(&game, started);
        }
        // A game over whose filing was interrupted: finish filing it; but one whose last
        // deals were still being compared with the expert is resumed, so that the comparisons
        // are made again and filed with it.
        let over = game.phase() == Phase::GameOver;
        let comparing = !game.expert_thinking().is_empty();
        if over && !comparing && !self.read_only && self.game_finished(&game).is_ok() {
            return Resume::None;
        }
        let mut filing_taken_back = false;
        // A history that cannot be read hides no filing of this game that a later filing
        // would not find and replace.
        let filed = if over { None } else { self.filing_of(&save).ok().flatten() };
        if let Some(filed) = filed {
            let result = filed.entry.result;
            if filed.entry.game.holds(&save) {
                return self.moved_aside(GAME_FILE, Unfit::AlreadyFiled(result));
            }
            if result != GameResult::Abandoned || !save.holds(&filed.entry.game) {
                return self.moved_aside(GAME_FILE, Unfit::FiledOtherwise(result));
            }
            filing_taken_back = !self.read_only && self.rewrite_history(filed.line, None).is_ok();
        }
        Resume::Saved { game, started: save.started, saved: save.saved, filing_taken_back }
    }

    fn moved_aside(&self, name: &str, reason: Unfit) -> Resume {
        let aside = self.set_aside(name, reason);
        match aside {
            Ok(SetAside { path, reason, moved: true, .. }) => Resume::MovedAside { path, reason },
            Ok(SetAside { path, reason, moved: false, .. }) => {
                Resume::LeftInPlace { path, why: Left::OnlyRead(reason) }
            }
            Err(e) => Resume::LeftInPlace { path: self.path(name), why: Left::Failed(e) },
        }
    }

    /// Moves a file that cannot be used aside, and keeps what was done for
    /// [`Store::take_notices`]. A read-only store leaves it in place and says so.
    fn set_aside(&self, name: &str, reason: Unfit) -> Result<SetAside, StoreError> {
        let aside = if self.read_only {
            let path = self.path(name);
            SetAside { file: name.to_string(), path, reason, moved: false, last_line_only: false }
        } else {
            let path = match self.move_aside(name) {
                Ok(path) => path,
                Err(StoreError { path, operation, cause: Cause::Io(e) }) => {
                    let cause = Cause::NotMovedAside(reason, e);
                    return Err(StoreError { path, operation, cause });
                }
                Err(e) => return Err(e),
            };
            SetAside { file: name.to_string(), path, reason, moved: true, last_line_only: false }
        };
        held(&self.notices).push(aside.clone());
        Ok(aside)
    }

    /// Renames `name` to `name.corrupt-<timestamp>` (with a counter if that exists already).
    fn move_aside(&self, name: &str) -> Result<PathBuf, StoreError> {
        let from = self.path(name);
        if self.read_only {
            return Err(StoreError::new(&from, Operation::MoveAside, Cause::ReadOnly));
        }
        *held(&self.known) = None;
        let to = self.aside_name(name);
        fs::rename(&from, &to).map_err(|e| StoreError::io(&from, Operation::MoveAside, e))?;
        Ok(to)
    }

    /// The first free name `name.corrupt-<timestamp>` (with a counter if that exists already).
    fn aside_name(&self, name: &str) -> PathBuf {
        let stamp = now();
        let mut to = self.dir.join(format!("{name}.corrupt-{stamp}"));
        let mut n = 0u32;
        while fs::symlink_metadata(&to).is_ok() {
            n += 1;
            let mut to_name = OsString::from(format!("{name}.corrupt-{stamp}"));
            to_name.push(format!("-{n}"));
            to = self.dir.join(to_name);
        }
        to
    }

    /// Keeps bytes of `name` that cannot stay in it in a file of their own, named as a file
    /// moved aside, and says where; the file is new, never one written over.
    fn keep_aside(&self, name: &str, bytes: &mut impl Read) -> Result<PathBuf, StoreError> {
        loop {
            let to = self.aside_name(name);
            let fail = |e| StoreError::io(&to, Operation::MoveAside, e);
            let mut file = match OpenOptions::new().write(true).create_new(true).open(&to) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                other => other.map_err(fail)?,
            };
            io::copy(bytes, &mut file).map_err(fail)?;
            if self.sync {
                file.sync_all().map_err(fail)?;
                sync_dir(&self.dir);
            }
            return Ok(to);
        }
    }

    fn remember(&self, game: &Game, started: u64) {
        let mut last = held(&self.last_start);
        *last = (*last).max(started);
        *held(&self.known) = Some(Known {
            seed: game.seed(),
            options: *game.options(),
            players: game.players().clone(),
            started,
        });
    }

    /// The save on disk, if it can be read as one (whatever game it holds).
    fn save_on_disk(&self) -> Option<GameSave> {
        let bytes = files::read(&self.path(GAME_FILE), SAVE_LIMIT).ok()?;
        serde_json::from_slice::<GameSave>(&bytes).ok()
    }

    /// When `game` started: remembered from an earlier save or load, else read from the save on
    /// disk if it is this game, else (for a game over) from the history of games if it was filed
    /// already, else now.
    fn started(&self, game: &Game) -> u64 {
        if let Some(k) = held(&self.known).as_ref().filter(|k| k.is(game)) {
            return k.started;
        }
        let on_disk = self
            .save_on_disk()
            .filter(|s| {
                s.seed == game.seed()
                    && s.options == *game.options()
                    && s.players == *game.players()
                    && s.deals.len() <= game.history().len() + 1
            })
            .and_then(|s| s.started);
        let filed = || {
            let save = game.to_save();
            let same = |e: &GameEntry| {
                e.game.seed == save.seed
                    && e.game.options == save.options
                    && e.game.players == save.players
                    && e.game.deals == save.deals
            };
            self.newest_game(same).ok().flatten().and_then(|e| e.game.started)
        };
        // A game filed as it stands, finished or abandoned, keeps the identity of its filing,
        // so that its save coming back is filed once.
        let started = on_disk.or_else(filed).unwrap_or_else(now);
        self.remember(game, started);
        started
    }

    /// When `game`, the game at the table, started: what tells it from another game of the
    /// same seed, in its filing and in the exercises made of its deals.
    pub fn game_started(&self, game: &Game) -> u64 {
        self.started(game)
    }

    /// Writes `game.json` atomically; called after every action. Keeps the game's start time
    /// and updates the time saved.
    pub fn save_game(&self, game: &Game) -> Result<(), StoreError> {
        let mut save = game.to_save();
        save.started = Some(self.started(game));
        save.saved = Some(now());
        let written = self.write_file(GAME_FILE, &save);
        *held(&self.unsaved) = written.is_err().then(|| game.clone());
        written
    }

    /// The game whose last save failed, if any: newer than the save on disk.
    pub fn pending(&self) -> Option<Game> {
        held(&self.unsaved).clone()
    }

    /// Writes the game whose last save failed, if any: at the end of a session, and before the
    /// saved game is filed for a new one. An error says the game in memory is still not saved.
    pub fn save_pending(&self) -> Result<(), StoreError> {
        let pending = held(&self.unsaved).take();
        pending.map_or(Ok(()), |game| self.save_game(&game))
    }

    /// A new game at the table, in place of the saved one: the saved game is filed (as finished,
    /// or as abandoned; moved aside if it cannot be read as a game) and the new game given a
    /// start time of its own, for its saves and its statistics. When the saved game cannot be
    /// filed, the error says why and the saved game stays as it was: the new game must not be
    /// saved over it. Saving the new game is then [`Store::save_game`]'s.
    pub fn start_game(&self, game: &Game) -> Result<(), StoreError> {
        self.archive_saved_game()?;
        let started = {
            let mut last = held(&self.last_start);
            let started = now().max(last.saturating_add(1));
            *last = started;
            started
        };
        *held(&self.known) = Some(Known {
            seed: game.seed(),
            options: *game.options(),
            players: game.players().clone(),
            started,
        });
        Ok(())
    }

    /// Reads `stats.json`: empty when missing; moved aside (and reported) when it cannot be
    /// understood. An unreadable file is an error, so it is never overwritten.
    fn read_stats(&self) -> Result<(StatsFile, Option<SetAside>), StoreError> {
        let path = self.path(STATS_FILE);
        let parsed = match files::read(&path, SMALL_LIMIT) {
            Ok(bytes) => serde_json::from_slice::<serde_json::Value>(&bytes)
                .map_err(|e| Unfit::NotJson(e.to_string()))
                .and_then(|v| {
                    check_version(&v, STATS_VERSION)?;
                    StatsFile::deserialize(&v).map_err(|e| Unfit::NotStats(e.to_string()))
                }),
            Err(e) if e.is_not_found() => return Ok((StatsFile::default(), None)),
            Err(e) if e.is_unusable() => Err(unusable(&path, &e)),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        match parsed {
            Ok(file) => Ok((file, None)),
            Err(reason) => {
                let aside = self.set_aside(STATS_FILE, reason)?;
                Ok((StatsFile::default(), Some(aside)))
            }
        }
    }

    /// The statistics. A missing `stats.json` is empty statistics; a corrupt one is moved aside.
    pub fn stats(&self) -> Stats {
        self.stats_checked().map(|(s, _)| s).unwrap_or_default()
    }

    /// The statistics, and the `stats.json` that could not be understood (moved aside, or left
    /// in place by a read-only store).
    pub fn stats_checked(&self) -> Result<(Stats, Option<SetAside>), StoreError> {
        let (mut stats, aside) = self.read_stats().map(|(f, aside)| (f.stats, aside))?;
        // Exercises that cannot be read are said by their own notice; they count for nothing.
        stats.practice =
            self.exercises().map(|f| crate::exercises::tally(&f.exercises)).unwrap_or_default();
        Ok((stats, aside))
    }

    /// Counts the deals of `game` not counted yet and their comparisons with the expert, and
    /// says whether anything was added and whether the game itself is counted.
    fn count(&self, game: &Game, file: &mut StatsFile) -> (bool, bool) {
        let started = self.started(game);
        let (from, game_counted, mut compared) = match file.counted.take() {
            Some(c) if c.seed == game.seed() && c.started == started => {
                (c.deals, c.game, c.compared)
            }
            _ => (0, false, Vec::new()),
        };
        let n = game.history().len();
        for d in game.history().iter().skip(from) {
            file.stats.add_deal(d);
        }
        let mut changed = from < n;
        for (i, d) in game.history().iter().enumerate() {
            if let Some(difference) = d.expert_difference()
                && !compared.contains(&i)
            {
                file.stats.add_comparison(game.rules().set, difference);
                compared.push(i);
                changed = true;
            }
        }
        file.counted = Some(Counted {
            seed: game.seed(),
            started,
            deals: n.max(from),
            game: game_counted,
            compared,
        });
        (changed, game_counted)
    }

    /// At the end of each deal: the finished deals of `game` not counted yet are added to the
    /// statistics (a deal is counted once, however often this is called).
    pub fn deal_finished(&self, game: &Game) -> Result<(), StoreError> {
        let (mut file, _) = self.read_stats()?;
        let (changed, _) = self.count(game, &mut file);
        if changed { self.write_file(STATS_FILE, &file) } else { Ok(()) }
    }

    /// At game over: the game's statistics, the game appended to the history of games, and
    /// `game.json` removed. Safe to call again: nothing is counted or filed twice.
    pub fn game_finished(&self, game: &Game) -> Result<(), StoreError> {
        let Some(winner) = game.winner() else {
            return Err(StoreError::new(
                &self.path(GAME_FILE),
                Operation::Write,
                Cause::GameNotOver,
            ));
        };
        let started = self.started(game);
        let (mut file, _) = self.read_stats()?;
        let (changed, game_counted) = self.count(game, &mut file);
        if !game_counted {
            file.stats.add_game(game.rules().set, game.options().target, winner);
            if let Some(c) = file.counted.as_mut() {
                c.game = true;
            }
        }
        if changed || !game_counted {
            self.write_file(STATS_FILE, &file)?;
        }
        let mut save = game.to_save();
        save.started = Some(started);
        save.saved = Some(now());
        let result = if winner == Team::NS { GameResult::Won } else { GameResult::Lost };
        self.file_game(GameEntry { result, filed: now(), totals: game.totals(), game: save })?;
        // game.json goes only if it holds this game, now kept in the history.
        let on_disk = self.save_on_disk();
        if on_disk.is_some_and(|s| s.seed == game.seed() && s.started == Some(started)) {
            self.remove(GAME_FILE)?;
        }
        // Filed from memory: a save of it that failed before has nothing left to keep.
        held(&self.unsaved).take_if(|g| {
            g.seed() == game.seed()
                && g.options() == game.options()
                && g.players() == game.players()
        });
        Ok(())
    }

    /// The saved game, if any, is filed in the history of games (as abandoned, or as finished
    /// and counted when it is over; one that cannot be read as a game is moved aside instead)
    /// and `game.json` removed. A save that cannot be read at all (no permission) is an error,
    /// and stays.
    pub fn archive_saved_game(&self) -> Result<(), StoreError> {
        // What is filed is the game as it was last played, not as the disk last took it.
        self.save_pending()?;
        let path = self.path(GAME_FILE);
        let parsed = match files::read(&path, SAVE_LIMIT) {
            Ok(bytes) => parse_save(&bytes),
            Err(e) if e.is_not_found() => return Ok(()),
            Err(e) if e.is_unusable() => Err(unusable(&path, &e)),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        match parsed {
            Ok((_, game)) if game.phase() == Phase::GameOver => self.game_finished(&game)?,
            Ok((save, game)) => {
                let entry = GameEntry {
                    result: GameResult::Abandoned,
                    filed: now(),
                    totals: game.totals(),
                    game: save,
                };
                self.file_game(entry)?;
                self.remove(GAME_FILE)?;
            }
            Err(reason) => {
                self.set_aside(GAME_FILE, reason)?;
            }
        }
        *held(&self.known) = None;
        Ok(())
    }

    /// The newest filed game that `pred` accepts.
    fn newest_game(
        &self,
        pred: impl FnMut(&GameEntry) -> bool,
    ) -> Result<Option<GameEntry>, StoreError> {
        Ok(self.games()?.games.into_iter().rev().find(pred))
    }

    /// The games finished or abandoned, oldest first, and the lines of `games.jsonl` that could
    /// not be read (reported, never dropped from the file).
    pub fn games(&self) -> Result<GameHistory, StoreError> {
        let path = self.path(GAMES_FILE);
        let bytes = match files::read(&path, GAMES_LIMIT) {
            Ok(b) => b,
            Err(e) if e.is_not_found() => return Ok(GameHistory::default()),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        let mut history = GameHistory::default();
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if crate::files::is_blank(line) {
                continue;
            }
            match serde_json::from_slice::<GameEntry>(line) {
                Ok(entry) => history.games.push(entry),
                Err(_) => history.unreadable.push(i + 1),
            }
        }
        Ok(history)
    }

    /// The newest game of the history, if any, with the history's unreadable lines.
    pub fn last_game(&self) -> Result<(Option<GameEntry>, GameHistory), StoreError> {
        let mut history = self.games()?;
        let last = history.games.pop();
        Ok((last, history))
    }

    /// Files a game in `games.jsonl`, on a line of its own, synced before this returns so that
    /// the save it replaces can go. A game is filed once: when the history holds it already
    /// (found by [`GameSave::same_game`]), nothing is added if that filing holds every action
    /// of this one, and otherwise this filing takes its place (the history written again,
    /// atomically; the earlier line kept aside if this one does not hold all of it). A history
    /// that is not a regular file is moved aside first, and a last line cut off is mended
    /// ([`Store::remove_leftovers`]); an append that fails is cut back to the length the file
    /// had, so that a full disk leaves no piece of a line behind. A line elsewhere that cannot
    /// be read does not stop a game from being filed.
    fn file_game(&self, entry: GameEntry) -> Result<(), StoreError> {
        let path = self.path(GAMES_FILE);
        if self.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let (mut f, created) = self.open_lines(GAMES_FILE)?;
        self.mend_lines(GAMES_FILE, &mut f, is_game_line)?;
        if let Some(filed) = self.filing_of(&entry.game)? {
            if filed.entry.game.holds(&entry.game) {
                return Ok(());
            }
            if !entry.game.holds(&filed.entry.game) {
                // An action of the earlier filing was taken back since: it is kept, aside.
                let mut line = serde_json::to_vec(&filed.entry)
                    .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
                line.push(b'\n');
                let kept = self.keep_aside(GAMES_FILE, &mut &line[..])?;
                held(&self.notices).push(SetAside {
                    file: GAMES_FILE.to_string(),
                    path: kept,
                    reason: Unfit::EarlierFiling,
                    moved: true,
                    last_line_only: false,
                });
            }
            return self.rewrite_history(filed.line, Some(&entry));
        }
        let mut bytes = serde_json::to_vec(&entry)
            .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
        bytes.push(b'\n');
        self.append_to(GAMES_FILE, &mut f, created, &bytes)
    }

    /// Appends `bytes` (whole lines) at the end of the line file `name`, opened by
    /// [`Store::open_lines`], synced before this returns. An append that fails is cut back to
    /// the length the file had: what was written of the lines goes, and should even that fail,
    /// the piece left is mended before the next append ([`Store::mend_lines`]).
    fn append_to(
        &self,
        name: &str,
        f: &mut File,
        created: bool,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        let path = self.path(name);
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let len = f.seek(SeekFrom::End(0)).map_err(fail)?;
        let appended =
            f.write_all(bytes).and_then(|()| if self.sync { f.sync_all() } else { Ok(()) });
        if let Err(e) = appended {
            if f.set_len(len).is_ok() && self.sync {
                let _ = f.sync_all();
            }
            return Err(fail(e));
        }
        if created && self.sync {
            sync_dir(&self.dir);
        }
        Ok(())
    }

    /// A file of lines (`games.jsonl`, `exercises.jsonl`) opened to be appended to, created
    /// when missing (and said so): something that is not a regular file in its place is moved
    /// aside, and a new file begun.
    fn open_lines(&self, name: &str) -> Result<(File, bool), StoreError> {
        let path = self.path(name);
        let open = || {
            let existed = fs::symlink_metadata(&path).is_ok();
            files::open_checked(&path, history_options().create(true)).map(|f| (f, !existed))
        };
        let refused = |e| match e {
            ReadError::Io(e) => StoreError::io(&path, Operation::Write, e),
            other => StoreError::new(&path, Operation::Write, Cause::Unusable(other)),
        };
        match open() {
            Err(e @ ReadError::NotAFile) => {
                self.set_aside(name, unusable(&path, &e))?;
                open().map_err(refused)
            }
            other => other.map_err(refused),
        }
    }

    /// Ends a file of lines cleanly when a crash or a full disk cut its last line: a last line
    /// that is `whole` but for its newline gets one; any other piece of a line is moved aside
    /// alone, and the lines before it stay as they are.
    fn mend_lines(
        &self,
        name: &str,
        file: &mut File,
        whole: fn(&[u8]) -> bool,
    ) -> Result<(), StoreError> {
        let path = self.path(name);
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let last = last_line(file, LINE_LIMIT).map_err(fail)?;
        if last.ends_clean {
            return Ok(());
        }
        if !last.text.is_some_and(|l| whole(&l)) {
            file.seek(SeekFrom::Start(last.start)).map_err(fail)?;
            let kept = self.keep_aside(name, file)?;
            file.set_len(last.start).map_err(fail)?;
            held(&self.notices).push(SetAside {
                file: name.to_string(),
                path: kept,
                reason: Unfit::CutOff,
                moved: true,
                last_line_only: true,
            });
        } else {
            file.write_all(b"\n").map_err(fail)?;
        }
        if self.sync {
            file.sync_all().map_err(fail)?;
        }
        Ok(())
    }

    /// The filing of the game of `save` in the history of games, found by
    /// [`GameSave::same_game`] (the newest, should there be more than one), and its line. Lines
    /// that cannot be read are passed over; a history that cannot be read is an error.
    fn filing_of(&self, save: &GameSave) -> Result<Option<Filed>, StoreError> {
        /// What tells a game from another, read before the rest of a line.
        #[derive(Deserialize)]
        struct Seed {
            game: SeedOf,
        }
        #[derive(Deserialize)]
        struct SeedOf {
            seed: u64,
            #[serde(default)]
            started: Option<u64>,
        }
        let path = self.path(GAMES_FILE);
        let mut lines = match files::open_regular(&path) {
            Ok(f) => io::BufReader::new(f),
            Err(e) if e.is_not_found() => return Ok(None),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        let mut found = None;
        let mut line = Vec::new();
        for n in 0.. {
            line.clear();
            if lines
                .read_until(b'\n', &mut line)
                .map_err(|e| StoreError::io(&path, Operation::Read, e))?
                == 0
            {
                break;
            }
            let Ok(id) = serde_json::from_slice::<Seed>(&line) else { continue };
            if id.game.seed != save.seed || id.game.started != save.started {
                continue;
            }
            if let Ok(entry) = serde_json::from_slice::<GameEntry>(&line)
                && entry.game.same_game(save)
            {
                found = Some(Filed { line: n, entry });
            }
        }
        Ok(found)
    }

    /// Writes the history of games again, atomically, without its line `without` (numbered from
    /// 0) and with `add` at its end: a game filed again in place of its earlier filing, or a
    /// filing taken back. Every other line is copied as it is, whether it can be read or not.
    fn rewrite_history(&self, without: usize, add: Option<&GameEntry>) -> Result<(), StoreError> {
        let path = self.path(GAMES_FILE);
        let add = add
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
        self.rewrite_lines(GAMES_FILE, |n, line| (n != without).then(|| line.to_vec()), add)
    }

    /// Writes the file of lines `name` again, atomically: each line (numbered from 0, without
    /// its newline) as `edit` gives it back (`None` leaves it out), then `add` at the end.
    fn rewrite_lines(
        &self,
        name: &str,
        mut edit: impl FnMut(usize, &[u8]) -> Option<Vec<u8>>,
        add: Option<Vec<u8>>,
    ) -> Result<(), StoreError> {
        let path = self.path(name);
        if self.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let mut lines =
            io::BufReader::new(files::open_regular(&path).map_err(|e| StoreError::read(&path, e))?);
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(&self.dir)
            .map_err(fail)?;
        let mut out = io::BufWriter::new(tmp.as_file_mut());
        let mut line = Vec::new();
        for n in 0.. {
            line.clear();
            if lines.read_until(b'\n', &mut line).map_err(fail)? == 0 {
                break;
            }
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            if let Some(kept) = edit(n, text) {
                out.write_all(&kept).map_err(fail)?;
                out.write_all(b"\n").map_err(fail)?;
            }
        }
        if let Some(add) = add {
            out.write_all(&add).map_err(fail)?;
            out.write_all(b"\n").map_err(fail)?;
        }
        out.flush().map_err(fail)?;
        drop(out);
        if self.sync {
            tmp.as_file().sync_all().map_err(fail)?;
        }
        tmp.persist(&path).map_err(|e| fail(e.error))?;
        if self.sync {
            sync_dir(&self.dir);
        }
        Ok(())
    }

    fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.path(name);
        if self.read_only {
            return Err(StoreError::new(&path, Operation::Remove, Cause::ReadOnly));
        }
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(StoreError::io(&path, Operation::Remove, e))
            }
            _ => Ok(()),
        }
    }

    /// Checks that `name` is a plain file name in the data directory, and not one of the
    /// store's own files (which only the store writes, with their checks).
    fn checked(&self, name: &str) -> Result<PathBuf, StoreError> {
        let plain = ![GAME_FILE, STATS_FILE, GAMES_FILE, EXERCISES_FILE, LOCK_FILE].contains(&name)
            && !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains(['/', '\\'])
            && Path::new(name).file_name().is_some_and(|n| n == name);
        if plain {
            Ok(self.path(name))
        } else {
            Err(StoreError::new(&self.path(name), Operation::Read, Cause::BadName))
        }
    }

    /// Reads a small file of the data directory, remembering one that exists but cannot be read
    /// so that it is never written over.
    fn read_small(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.checked(name)?;
        match files::read(&path, SMALL_LIMIT) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => {
                held(&self.unreadable).insert(name.to_string());
                Err(StoreError::read(&path, e))
            }
        }
    }

    /// Reads a small JSON file of the data directory (e.g. the front end's `settings.json`):
    /// `None` when it does not exist.
    pub fn read_json<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, StoreError> {
        let Some(bytes) = self.read_small(name)? else { return Ok(None) };
        serde_json::from_slice(&bytes).map(Some).map_err(|e| {
            held(&self.unreadable).insert(name.to_string());
            StoreError::new(&self.path(name), Operation::Read, Cause::Json(e))
        })
    }

    /// Reads a small JSON object of the data directory field by field, for a file like the
    /// settings where each field stands alone: every field that can be read is kept, the others
    /// take their default. A file that is not entirely readable is moved aside (and the sentence
    /// that says so returned), then written again with what was kept, so the next write loses
    /// nothing that was readable. `None` when the file does not exist or nothing of it could be
    /// read. A file that cannot be read at all (no permission) is an error, and is never
    /// written over.
    pub fn read_json_fields<T>(
        &self,
        name: &str,
    ) -> Result<(Option<T>, Option<SetAside>), StoreError>
    where
        T: Serialize + DeserializeOwned + Default,
    {
        let path = self.checked(name)?;
        let bytes = match files::read(&path, SMALL_LIMIT) {
            Ok(b) => b,
            Err(e) if e.is_not_found() => return Ok((None, None)),
            Err(e) if e.is_unusable() => {
                let aside = self.set_aside(name, unusable(&path, &e))?;
                return Ok((None, Some(aside)));
            }
            Err(e) => {
                held(&self.unreadable).insert(name.to_string());
                return Err(StoreError::read(&path, e));
            }
        };
        let value = match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(v) => v,
            Err(e) => {
                let aside = self.set_aside(name, Unfit::NotJson(e.to_string()))?;
                return Ok((None, Some(aside)));
            }
        };
        if let Ok(whole) = T::deserialize(&value) {
            return Ok((Some(whole), None));
        }
        let (kept, bad) = salvage::<T>(&value);
        let reason = match (&kept, bad.is_empty()) {
            (Some(_), false) => Unfit::FieldsRefused(bad),
            _ => Unfit::NotFields,
        };
        let aside = self.set_aside(name, reason)?;
        if let Some(kept) = kept.as_ref().filter(|_| aside.moved) {
            self.write_file(name, kept)?;
        }
        Ok((kept, Some(aside)))
    }

    /// Writes a small JSON file of the data directory atomically.
    pub fn write_json<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path =
            self.checked(name).map_err(|e| StoreError { operation: Operation::Write, ..e })?;
        if held(&self.unreadable).contains(name) {
            return Err(StoreError::new(&path, Operation::Write, Cause::NotReadBefore));
        }
        self.write_file(name, value)
    }

    /// Serializes `value` and writes it to `name` atomically.
    fn write_file<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.path(name);
        if self.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let bytes = serde_json::to_vec(value)
            .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
        write_atomic(&path, &bytes, self.sync)
            .map_err(|e| StoreError::io(&path, Operation::Write, e))
    }
}

/// A game found in the history of games: its line (numbered from 0) and what it says.
struct Filed {
    line: usize,
    entry: GameEntry,
}

/// How the history of games is opened to be filed in: read (its end) and appended to, without
/// waiting on a FIFO.
fn history_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true).append(true);
    files::nonblocking(&mut options);
    options
}

/// Whether a line of `games.jsonl` (without its newline) is a whole game.
fn is_game_line(line: &[u8]) -> bool {
    serde_json::from_slice::<GameEntry>(line).is_ok()
}

/// Why a file that cannot be used as a file cannot ([`ReadError::is_unusable`]): what it is,
/// when it is not a regular file, or its size.
fn unusable(path: &Path, e: &ReadError) -> Unfit {
    match e {
        ReadError::TooLarge(limit) => Unfit::TooLarge(*limit),
        _ => Unfit::NotAFile(files::kind(path)),
    }
}

/// The fields of a JSON object that `T` accepts one at a time, over `T`'s defaults: the value
/// kept (`None` when `value` is not an object) and the names of the fields refused.
fn salvage<T>(value: &serde_json::Value) -> (Option<T>, Vec<String>)
where
    T: Serialize + DeserializeOwned + Default,
{
    let (Some(given), Ok(serde_json::Value::Object(mut kept))) =
        (value.as_object(), serde_json::to_value(T::default()))
    else {
        return (None, Vec::new());
    };
    let mut bad = Vec::new();
    for (key, v) in given {
        if !kept.contains_key(key) {
            // A field of a newer contree, or none at all: nothing to keep, nothing lost here.
            continue;
        }
        let mut trial = kept.clone();
        trial.insert(key.clone(), v.clone());
        if T::deserialize(&serde_json::Value::Object(trial.clone())).is_ok() {
            kept = trial;
        } else {
            bad.push(key.chars().take(40).collect());
        }
    }
    (T::deserialize(&serde_json::Value::Object(kept)).ok(), bad)
}

/// The last line of a file, as [`last_line`] finds it.
#[derive(Debug, PartialEq, Eq)]
struct LastLine {
    /// Where it starts, in bytes.
    start: u64,
    /// The line without its newline; `None` when it is longer than the limit given (not one
    /// contree wrote).
    text: Option<Vec<u8>>,
    /// Whether the file ends with a newline (or is empty).
    ends_clean: bool,
}

/// The last line of `file`, read from its end in pieces: only the last line is ever held.
fn last_line(file: &mut File, limit: u64) -> io::Result<LastLine> {
    const CHUNK: u64 = 64 * 1024;
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(LastLine { start: 0, text: None, ends_clean: true });
    }
    let mut last = [0u8];
    file.seek(SeekFrom::Start(len - 1))?;
    file.read_exact(&mut last)?;
    let ends_clean = last[0] == b'\n';
    let end = if ends_clean { len - 1 } else { len };
    let mut start = 0;
    let mut pos = end;
    let mut chunk = Vec::new();
    while pos > 0 {
        let n = CHUNK.min(pos);
        pos -= n;
        chunk.resize(n as usize, 0);
        file.seek(SeekFrom::Start(pos))?;
        file.read_exact(&mut chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            start = pos + i as u64 + 1;
            break;
        }
    }
    let text = if end - start > limit {
        None
    } else {
        let mut line = vec![0u8; (end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut line)?;
        Some(line)
    };
    Ok(LastLine { start, text, ends_clean })
}

/// Syncs a directory, so that a file created or renamed in it survives a crash. Not every
/// platform can sync a directory; the file itself is already safe.
fn sync_dir(dir: &Path) {
    let _ = File::open(dir).and_then(|d| d.sync_all());
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, `sync_all` (when
/// `sync`), then a rename over `path`; the directory is synced too so the rename survives a crash.
fn write_atomic(path: &Path, bytes: &[u8], sync: bool) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut tmp =
        tempfile::Builder::new().prefix(&format!(".{name}.")).suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if sync {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    if sync {
        sync_dir(dir);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_and_the_cause_in_one_line() {
        let path = Path::new("/data/game.json");
        let full = StoreError::io(path, Operation::Write, io::ErrorKind::StorageFull.into());
        assert_eq!(full.to_string(), "cannot save /data/game.json: the disk is full");
        let ro = StoreError::io(path, Operation::Write, io::ErrorKind::ReadOnlyFilesystem.into());
        assert_eq!(ro.to_string(), "cannot save /data/game.json: the disk is read-only");
        let denied = StoreError::io(path, Operation::Read, io::ErrorKind::PermissionDenied.into());
        assert_eq!(
            denied.to_string(),
            "cannot read /data/game.json: permission denied (read-only?)"
        );
    }

    #[test]
    fn an_error_with_its_causes_says_each_thing_once() {
        let path = Path::new("/data/game.json");
        let denied = StoreError::io(path, Operation::Read, io::Error::from_raw_os_error(13));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(denied)),
            "cannot read /data/game.json: permission denied (read-only?)"
        );
        let big =
            StoreError::read(Path::new("/data/games.jsonl"), ReadError::TooLarge(GAMES_LIMIT));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(big)),
            "cannot read /data/games.jsonl: it is larger than 256 MiB"
        );
        let read = ReadError::Io(io::Error::from_raw_os_error(13));
        assert_eq!(format!("{:#}", anyhow::Error::new(read)), "permission denied (read-only?)");
        let json = serde_json::from_str::<u8>("x").expect_err("not JSON");
        let said = json.to_string();
        let bad = StoreError::new(path, Operation::Read, Cause::Json(json));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(bad)),
            format!("cannot read {}: {said}", path.display())
        );
    }

    #[test]
    fn a_relative_home_gives_no_data_directory() {
        let relative = || Some(PathBuf::from("home/.local/share/contree"));
        assert_eq!(choose_dir(None, None, relative), None);
        assert_eq!(choose_dir(Some("given".into()), None, relative), Some("given".into()));
    }

    #[test]
    fn the_data_directory_is_chosen_in_order_and_a_relative_xdg_is_ignored() {
        let platform = || Some(PathBuf::from("/home/p/.local/share/contree"));
        let os = |s: &str| Some(OsString::from(s));
        assert_eq!(choose_dir(os("rel/dir"), os("/x"), platform), Some("rel/dir".into()));
        assert_eq!(choose_dir(None, os("/x"), platform), Some("/x/contree".into()));
        assert_eq!(choose_dir(os(""), os("/x"), platform), Some("/x/contree".into()));
        assert_eq!(choose_dir(None, os("relative"), platform), platform());
        assert_eq!(choose_dir(None, os(""), platform), platform());
        assert_eq!(choose_dir(None, None, || None), None);
    }

    #[test]
    fn the_last_line_is_found_however_long_and_whether_it_ends() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("f");
        let long = "x".repeat(200_000);
        for (text, want, clean) in [
            (String::new(), None, true),
            ("a\nbc\n".to_string(), Some("bc".to_string()), true),
            ("a\nbc".to_string(), Some("bc".to_string()), false),
            ("only".to_string(), Some("only".to_string()), false),
            (format!("a\n{long}\n"), Some(long.clone()), true),
            (long.clone(), Some(long.clone()), false),
        ] {
            fs::write(&path, &text).expect("write");
            let mut f = File::open(&path).expect("open");
            let last = last_line(&mut f, 1 << 20).expect("reads");
            let start = want.as_ref().map_or(0, |w| text.len() - w.len() - usize::from(clean));
            assert_eq!(last.text.map(|l| String::from_utf8(l).expect("utf-8")), want);
            assert_eq!(last.ends_clean, clean);
            assert_eq!(last.start, start as u64);
        }
        fs::write(&path, format!("a\n{long}")).expect("write");
        let mut f = File::open(&path).expect("open");
        let last = last_line(&mut f, 1000).expect("reads");
        assert_eq!(
            last,
            LastLine { start: 2, text: None, ends_clean: false },
            "too long to be ours"
        );
    }

    #[test]
    fn a_settings_like_object_keeps_every_field_it_can_read() {
        #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        struct S {
            a: u8,
            b: bool,
            c: String,
        }
        let v = serde_json::json!({"a": 300, "b": true, "c": "kept", "z": 1});
        let (kept, bad) = salvage::<S>(&v);
        assert_eq!(kept, Some(S { a: 0, b: true, c: "kept".into() }));
        assert_eq!(bad, ["a"]);
        assert_eq!(salvage::<S>(&serde_json::json!([1, 2])).0, None);
    }
}
