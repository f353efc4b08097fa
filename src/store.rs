//! Everything contree keeps on disk, in one data directory: the game in progress (`game.json`),
//! the statistics (`stats.json`), the finished and abandoned games (`games.jsonl`, one game a
//! line) and small settings files for the front end.
//!
//! Every file is written atomically (a temporary file in the same directory, `sync_all`, rename),
//! so a crash leaves the old version or the new one, never half of one. A file that cannot be
//! understood is moved aside to `<name>.corrupt-<seconds since the epoch>` and reported; nothing
//! is ever deleted unless it was first kept elsewhere. A failed write is an error for the caller
//! to show, and the game goes on in memory.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::game::{Game, GameOptions, GameSave, Phase, Players, SAVE_VERSION};
use crate::rules::{ByTeam, Team};
use crate::stats::{STATS_VERSION, Stats};

/// The game in progress.
pub const GAME_FILE: &str = "game.json";
/// The statistics.
pub const STATS_FILE: &str = "stats.json";
/// The games finished or abandoned, one JSON object a line, oldest first.
pub const GAMES_FILE: &str = "games.jsonl";

/// The data directory and what is in it.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    sync: bool,
    /// When the game being saved started, so repeated saves keep it without reading the disk.
    known: Mutex<Option<Known>>,
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
    },
    /// The save could not be resumed and was moved aside, not deleted.
    MovedAside {
        /// Where the save is now.
        path: PathBuf,
        /// Why it could not be resumed.
        reason: String,
    },
}

impl Resume {
    /// The one line to tell the player, when the save was moved aside.
    pub fn notice(&self) -> Option<String> {
        match self {
            Resume::MovedAside { path, reason } => Some(format!(
                "The saved game could not be resumed ({reason}); it was kept as {}.",
                path.display()
            )),
            _ => None,
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
    /// The file's content is not what was expected.
    Json(serde_json::Error),
    /// `game_finished` was called on a game that is not over.
    GameNotOver,
    /// The name given to `read_json`/`write_json` is not a plain file name.
    BadName,
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
        write!(f, "cannot {what} {}: ", self.path.display())?;
        match &self.cause {
            Cause::Io(e) => f.write_str(&describe_io(e)),
            Cause::Json(e) => write!(f, "{e}"),
            Cause::GameNotOver => f.write_str("the game is not over"),
            Cause::BadName => {
                f.write_str("not a plain file name in the data directory, or a file of the store")
            }
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            Cause::Io(e) => Some(e),
            Cause::Json(e) => Some(e),
            Cause::GameNotOver | Cause::BadName => None,
        }
    }
}

/// An I/O error in words a player understands.
fn describe_io(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only".into(),
        io::ErrorKind::StorageFull => "the disk is full".into(),
        io::ErrorKind::QuotaExceeded => "the disk quota is exceeded".into(),
        io::ErrorKind::PermissionDenied => "permission denied (read-only?)".into(),
        _ => e.to_string(),
    }
}

/// Seconds since the Unix epoch (0 if the clock is before it).
fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The bookkeeping kept next to the statistics, so a deal or a game is counted once however
/// many times the front end reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Counted {
    seed: u64,
    started: u64,
    /// Deals of that game already counted.
    deals: usize,
    /// Whether the game itself was counted.
    game: bool,
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

/// Why a saved game cannot be resumed, in a few words.
fn parse_save(bytes: &[u8]) -> Result<(GameSave, Game), String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
        if e.is_eof() {
            format!("the file is truncated: {e}")
        } else {
            format!("the file is not valid JSON: {e}")
        }
    })?;
    check_version(&value, SAVE_VERSION)?;
    let save = GameSave::deserialize(&value).map_err(|e| format!("not a contree save: {e}"))?;
    let game = Game::from_save(&save).map_err(|e| e.to_string())?;
    Ok((save, game))
}

/// Refuses a file without a version, or from a newer contree (whose shape may differ).
fn check_version(value: &serde_json::Value, current: u32) -> Result<(), String> {
    match value.get("version").and_then(serde_json::Value::as_u64) {
        None => Err("it has no version number".into()),
        Some(v) if v > u64::from(current) => Err(format!(
            "it is version {v}, from a newer contree than this one (version {current})"
        )),
        Some(_) => Ok(()),
    }
}

impl Store {
    /// The data directory: `$CONTREE_DATA_DIR`, else `$XDG_DATA_HOME/contree`, else
    /// `~/.local/share/contree`; created if missing.
    pub fn open_default() -> anyhow::Result<Store> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let dir = if let Some(dir) = var("CONTREE_DATA_DIR") {
            PathBuf::from(dir)
        } else if let Some(xdg) = var("XDG_DATA_HOME") {
            PathBuf::from(xdg).join("contree")
        } else if let Some(home) = var("HOME") {
            PathBuf::from(home).join(".local").join("share").join("contree")
        } else {
            anyhow::bail!("no data directory: set CONTREE_DATA_DIR or HOME");
        };
        Store::at(dir)
    }

    /// The data directory `dir`, created if missing.
    pub fn at(dir: impl Into<PathBuf>) -> anyhow::Result<Store> {
        let dir = dir.into();
        fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        Ok(Store { dir, sync: true, known: Mutex::new(None) })
    }

    /// The same store without `sync_all` on writes: faster, but a power cut may lose the last
    /// writes. For benchmarks and tests; the game always syncs.
    pub fn without_sync(mut self) -> Store {
        self.sync = false;
        self
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The saved game, if any. A corrupt / truncated / future-version / tampered `game.json` is
    /// moved aside to `game.json.corrupt-<timestamp>` and reported, never deleted. A save of a
    /// game that is already over is filed in the history of games (and counted) instead.
    pub fn load_game(&self) -> Resume {
        let path = self.path(GAME_FILE);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Resume::None,
            Err(e) => {
                return self
                    .moved_aside(GAME_FILE, format!("it cannot be read: {}", describe_io(&e)));
            }
        };
        match parse_save(&bytes) {
            Err(reason) => self.moved_aside(GAME_FILE, reason),
            Ok((save, game)) => {
                if let Some(started) = save.started {
                    self.remember(&game, started);
                }
                // A game over whose filing was interrupted: finish filing it.
                if game.phase() == Phase::GameOver && self.game_finished(&game).is_ok() {
                    return Resume::None;
                }
                Resume::Saved { game, started: save.started, saved: save.saved }
            }
        }
    }

    fn moved_aside(&self, name: &str, reason: String) -> Resume {
        match self.move_aside(name) {
            Ok(path) => Resume::MovedAside { path, reason },
            Err(e) => Resume::MovedAside {
                path: self.path(name),
                reason: format!("{reason}; it was left in place: {e}"),
            },
        }
    }

    /// Renames `name` to `name.corrupt-<timestamp>` (with a counter if that exists already).
    fn move_aside(&self, name: &str) -> Result<PathBuf, StoreError> {
        *self.known.lock().unwrap_or_else(PoisonError::into_inner) = None;
        let from = self.path(name);
        let stamp = now();
        for n in 0u32.. {
            let mut to_name = OsString::from(format!("{name}.corrupt-{stamp}"));
            if n > 0 {
                to_name.push(format!("-{n}"));
            }
            let to = self.dir.join(to_name);
            if to.exists() {
                continue;
            }
            fs::rename(&from, &to).map_err(|e| StoreError::io(&from, Operation::MoveAside, e))?;
            return Ok(to);
        }
        Err(StoreError::io(&from, Operation::MoveAside, io::ErrorKind::AlreadyExists.into()))
    }

    fn remember(&self, game: &Game, started: u64) {
        *self.known.lock().unwrap_or_else(PoisonError::into_inner) = Some(Known {
            seed: game.seed(),
            options: *game.options(),
            players: game.players().clone(),
            started,
        });
    }

    /// When `game` started: remembered from an earlier save or load, else read from the save on
    /// disk if it is this game, else (for a game over) from the history of games if it was filed
    /// already, else now.
    fn started(&self, game: &Game) -> u64 {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(k) = known.as_ref().filter(|k| k.is(game)) {
            return k.started;
        }
        let on_disk = fs::read(self.path(GAME_FILE))
            .ok()
            .and_then(|b| serde_json::from_slice::<GameSave>(&b).ok())
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
        let over = game.phase() == Phase::GameOver;
        let started = on_disk.or_else(|| if over { filed() } else { None }).unwrap_or_else(now);
        *known = Some(Known {
            seed: game.seed(),
            options: *game.options(),
            players: game.players().clone(),
            started,
        });
        started
    }

    /// Writes `game.json` atomically; called after every action. Keeps the game's start time
    /// and updates the time saved.
    pub fn save_game(&self, game: &Game) -> Result<(), StoreError> {
        let mut save = game.to_save();
        save.started = Some(self.started(game));
        save.saved = Some(now());
        self.write_file(GAME_FILE, &save)
    }

    /// Reads `stats.json`: empty when missing; moved aside (and reported) when it cannot be
    /// understood. An unreadable file is an error, so it is never overwritten.
    fn read_stats(&self) -> Result<(StatsFile, Option<(PathBuf, String)>), StoreError> {
        let path = self.path(STATS_FILE);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok((StatsFile::default(), None));
            }
            Err(e) => return Err(StoreError::io(&path, Operation::Read, e)),
        };
        let parsed = serde_json::from_slice::<serde_json::Value>(&bytes)
            .map_err(|e| format!("not valid JSON: {e}"))
            .and_then(|v| {
                check_version(&v, STATS_VERSION)?;
                StatsFile::deserialize(&v).map_err(|e| format!("not contree statistics: {e}"))
            });
        match parsed {
            Ok(file) => Ok((file, None)),
            Err(reason) => {
                let to = self.move_aside(STATS_FILE)?;
                Ok((StatsFile::default(), Some((to, reason))))
            }
        }
    }

    /// The statistics. A missing `stats.json` is empty statistics; a corrupt one is moved aside.
    pub fn stats(&self) -> Stats {
        self.stats_checked().map(|(s, _)| s).unwrap_or_default()
    }

    /// The statistics, and where a `stats.json` that could not be understood was moved, and why.
    pub fn stats_checked(&self) -> Result<(Stats, Option<(PathBuf, String)>), StoreError> {
        self.read_stats().map(|(f, moved)| (f.stats, moved))
    }

    /// Counts the deals of `game` not counted yet, and whether the game itself is.
    fn count(&self, game: &Game, file: &mut StatsFile) -> (bool, bool) {
        let started = self.started(game);
        let (from, game_counted) = match file.counted {
            Some(c) if c.seed == game.seed() && c.started == started => (c.deals, c.game),
            _ => (0, false),
        };
        let n = game.history().len();
        for d in game.history().iter().skip(from) {
            file.stats.add_deal(d);
        }
        file.counted =
            Some(Counted { seed: game.seed(), started, deals: n.max(from), game: game_counted });
        (from < n, game_counted)
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
            return Err(StoreError {
                path: self.path(GAME_FILE),
                operation: Operation::Write,
                cause: Cause::GameNotOver,
            });
        };
        let started = self.started(game);
        let (mut file, _) = self.read_stats()?;
        let (changed, game_counted) = self.count(game, &mut file);
        if !game_counted {
            file.stats.add_game(game.options().target, winner);
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
        let on_disk = fs::read(self.path(GAME_FILE))
            .ok()
            .and_then(|b| serde_json::from_slice::<GameSave>(&b).ok());
        if on_disk.is_some_and(|s| s.seed == game.seed() && s.started == Some(started)) {
            self.remove(GAME_FILE)?;
        }
        Ok(())
    }

    /// For `--new`: the saved game, if any, is archived in the history of games as abandoned
    /// (one that cannot be resumed is moved aside instead) and `game.json` removed.
    pub fn archive_saved_game(&self) -> Result<(), StoreError> {
        let path = self.path(GAME_FILE);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(StoreError::io(&path, Operation::Read, e)),
        };
        match parse_save(&bytes) {
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
            Err(_) => {
                self.move_aside(GAME_FILE)?;
            }
        }
        *self.known.lock().unwrap_or_else(PoisonError::into_inner) = None;
        Ok(())
    }

    /// The newest filed game that `pred` accepts, parsing lines from the end only as far as
    /// needed (lines that cannot be read are skipped).
    fn newest_game(
        &self,
        mut pred: impl FnMut(&GameEntry) -> bool,
    ) -> Result<Option<GameEntry>, StoreError> {
        let path = self.path(GAMES_FILE);
        match fs::read_to_string(&path) {
            Ok(text) => Ok(text
                .lines()
                .rev()
                .filter_map(|l| serde_json::from_str::<GameEntry>(l).ok())
                .find(|e| pred(e))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::io(&path, Operation::Read, e)),
        }
    }

    /// The games finished or abandoned, oldest first (lines that cannot be read are skipped).
    pub fn games(&self) -> Result<Vec<GameEntry>, StoreError> {
        let path = self.path(GAMES_FILE);
        match fs::read_to_string(&path) {
            Ok(text) => Ok(text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(StoreError::io(&path, Operation::Read, e)),
        }
    }

    /// Appends a game to `games.jsonl`, unless it is already its last line (a filing that was
    /// interrupted and is done again).
    fn file_game(&self, entry: GameEntry) -> Result<(), StoreError> {
        let path = self.path(GAMES_FILE);
        let same = |e: &GameEntry| {
            e.game.seed == entry.game.seed
                && e.game.started == entry.game.started
                && e.game.deals == entry.game.deals
        };
        if self.newest_game(|_| true)?.is_some_and(|e| same(&e)) {
            return Ok(());
        }
        let mut line = serde_json::to_vec(&entry).map_err(|e| StoreError {
            path: path.clone(),
            operation: Operation::Write,
            cause: Cause::Json(e),
        })?;
        line.push(b'\n');
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let mut f = OpenOptions::new().create(true).append(true).open(&path).map_err(fail)?;
        f.write_all(&line).map_err(fail)?;
        if self.sync {
            f.sync_all().map_err(fail)?;
        }
        Ok(())
    }

    fn remove(&self, name: &str) -> Result<(), StoreError> {
        let path = self.path(name);
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
        let plain = ![GAME_FILE, STATS_FILE, GAMES_FILE].contains(&name)
            && !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains(['/', '\\'])
            && Path::new(name).file_name().is_some_and(|n| n == name);
        if plain {
            Ok(self.path(name))
        } else {
            Err(StoreError {
                path: self.path(name),
                operation: Operation::Read,
                cause: Cause::BadName,
            })
        }
    }

    /// Reads a small JSON file of the data directory (e.g. the front end's `settings.json`):
    /// `None` when it does not exist.
    pub fn read_json<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, StoreError> {
        let path = self.checked(name)?;
        match fs::read(&path) {
            Ok(b) => serde_json::from_slice(&b).map(Some).map_err(|e| StoreError {
                path,
                operation: Operation::Read,
                cause: Cause::Json(e),
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::io(&path, Operation::Read, e)),
        }
    }

    /// Writes a small JSON file of the data directory atomically.
    pub fn write_json<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        self.checked(name).map_err(|e| StoreError { operation: Operation::Write, ..e })?;
        self.write_file(name, value)
    }

    /// Serializes `value` and writes it to `name` atomically.
    fn write_file<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.path(name);
        let bytes = serde_json::to_vec(value).map_err(|e| StoreError {
            path: path.clone(),
            operation: Operation::Write,
            cause: Cause::Json(e),
        })?;
        write_atomic(&path, &bytes, self.sync)
            .map_err(|e| StoreError::io(&path, Operation::Write, e))
    }
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
        // Not every platform can sync a directory; the file itself is already safe.
        let _ = File::open(dir).and_then(|d| d.sync_all());
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
}
