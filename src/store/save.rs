//! `game.json`: the game in progress, written again after every action, resumed when the
//! table opens, and filed in the history of games when a new game takes its place. A save that
//! cannot be resumed is moved aside, never deleted; one that cannot be read is left where it
//! is. A game's start time, with its seed, tells it from another game ([`GameSave::same_game`]),
//! so that a save coming back after its game was filed is recognised and filed once.

use std::path::PathBuf;

use serde::Deserialize;

use super::atomic::{JsonFile, check_version};
use super::{
    GAME_FILE, GAMES_FILE, GameEntry, GameResult, Left, SAVE_LIMIT, SetAside, Store, StoreError,
    Unfit, held, now, unusable,
};
use crate::game::{Game, GameOptions, GameSave, Phase, Players, SAVE_VERSION};

/// The identity of a game and when it started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Known {
    seed: u64,
    options: GameOptions,
    players: Players,
    started: u64,
}

impl Known {
    pub(super) fn is_of(&self, game: &Game) -> bool {
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

impl Resume {
    /// What to tell the player, when the save could not be resumed.
    pub fn notice(&self) -> Option<String> {
        match self {
            Resume::MovedAside { path, reason } => Some(format!(
                "The saved game could not be resumed ({reason}); it was kept as {}.",
                path.display()
            )),
            Resume::LeftInPlace { path, why } => Some(format!(
                "The saved game could not be read ({why}); it was left in place, at {}.",
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

impl Store {
    /// `game.json`.
    pub(super) fn save_file(&self) -> JsonFile<'_> {
        self.json_file(GAME_FILE, SAVE_LIMIT)
    }

    /// The saved game, if any. A corrupt / truncated / future-version / tampered `game.json`, or
    /// one that is not a regular file, is moved aside to `game.json.corrupt-<timestamp>` and
    /// reported, never deleted; one that cannot be read (no permission, a link to nothing) is
    /// reported and left in place. A save of a game that is already over is filed in the
    /// history of games (and counted) instead, unless a deal of it was still being compared
    /// with the expert in South's seat: that game is resumed, to be filed once compared. A save
    /// of a game already filed (a new game killed between the filing of the saved one and the
    /// removal of its save) is never filed a second time: when the filing holds all of it, the
    /// save is moved aside; when the save went on past an abandoned filing, the filing is taken
    /// back and the game resumed.
    pub fn load_game(&self) -> Resume {
        let file = self.save_file();
        let path = file.path();
        let bytes = match file.read() {
            Ok(Some(b)) => b,
            Ok(None) => return Resume::None,
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
            if filed.entry.game.extends(&save) {
                return self.moved_aside(GAME_FILE, Unfit::AlreadyFiled(result));
            }
            if result != GameResult::Abandoned || !save.extends(&filed.entry.game) {
                return self.moved_aside(GAME_FILE, Unfit::FiledOtherwise(result));
            }
            filing_taken_back = !self.read_only && self.rewrite_history(filed.line, None).is_ok();
        }
        // What a kill between the save and the statistics left uncounted (a deal finished, a
        // comparison in) is counted now; what cannot be is counted at the next deal's end.
        if !self.read_only {
            let _ = self.deal_finished(&game);
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

    /// Remembers that `game` started at `started`, for its next saves; no later game of this
    /// store starts before it.
    pub(super) fn remember(&self, game: &Game, started: u64) {
        let mut last = held(&self.last_start);
        *last = (*last).max(started);
        *held(&self.known) = Some(Known {
            seed: game.seed(),
            options: *game.options(),
            players: game.players().clone(),
            started,
        });
    }

    /// The saved game as it is on disk, replayed and checked, when it can be: nothing is moved,
    /// filed or counted ([`Store::load_game`] does that).
    pub fn saved_game(&self) -> Option<Game> {
        let bytes = self.save_file().read().ok()??;
        parse_save(&bytes).ok().map(|(_, game)| game)
    }

    /// The save on disk, if it can be read as one (whatever game it holds).
    pub(super) fn save_on_disk(&self) -> Option<GameSave> {
        let bytes = self.save_file().read().ok()??;
        serde_json::from_slice::<GameSave>(&bytes).ok()
    }

    /// When `game` started: remembered from an earlier save or load, else read from the save on
    /// disk if it is this game, else (for a game over) from the history of games if it was filed
    /// already, else now.
    pub(super) fn started(&self, game: &Game) -> u64 {
        if let Some(k) = held(&self.known).as_ref().filter(|k| k.is_of(game)) {
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
        let written = self.save_file().write(&save);
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

    /// The saved game, if any, is filed in the history of games (as abandoned, or as finished
    /// and counted when it is over; one that cannot be read as a game is moved aside instead)
    /// and `game.json` removed. A save that cannot be read at all (no permission) is an error,
    /// and stays.
    pub fn archive_saved_game(&self) -> Result<(), StoreError> {
        // What is filed is the game as it was last played, not as the disk last took it.
        self.save_pending()?;
        let file = self.save_file();
        let path = file.path();
        let parsed = match file.read() {
            Ok(Some(bytes)) => parse_save(&bytes),
            Ok(None) => return Ok(()),
            Err(e) if e.is_unusable() => Err(unusable(&path, &e)),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        match parsed {
            Ok((_, game)) if game.phase() == Phase::GameOver => self.game_finished(&game)?,
            Ok((save, game)) => {
                // Counted as on resume: what a kill left uncounted is counted before the game
                // leaves the save (the statistics count an abandoned game's deals too). A save
                // of a game filed already was counted with its filing.
                if self.filing_of(&save).is_ok_and(|f| f.is_none()) {
                    let _ = self.deal_finished(&game);
                }
                let entry = GameEntry {
                    result: GameResult::Abandoned,
                    filed: now(),
                    totals: game.totals(),
                    game: save,
                    friends: None,
                };
                self.file_game(entry)?;
                file.remove()?;
            }
            Err(reason) => {
                self.set_aside(GAME_FILE, reason)?;
            }
        }
        *held(&self.known) = None;
        Ok(())
    }
}
