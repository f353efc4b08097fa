//! A game played at a network table ([`crate::net`]), filed in the player's own history of
//! games and counted in their statistics: the host sends the whole game at its end, and the
//! player's client files it here, marked as played with friends ([`Friends`]). The player may
//! have sat at any of the four seats: the statistics count it from their side, as they count a
//! game at the solo table from South's.

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::history::{Friends, GameEntry, GameResult};
use super::{Cause, GAMES_FILE, Operation, SAVE_LIMIT, Store, StoreError, now};
use crate::files::write_atomic;
use crate::game::{Game, GameSave};
use crate::rules::Team;

/// The folder of the data directory where games with friends not filed yet wait, one file a
/// game.
pub const KEPT_DIR: &str = "friends";

/// A game finished at a network table, as the player's client keeps it in [`KEPT_DIR`] until
/// it is filed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Where it was played and the player's seat.
    pub friends: Friends,
    /// The whole game, as the host sent it.
    pub game: GameSave,
}

impl Store {
    /// Files `game`, finished at a network table, in the history of games and counts it in
    /// the statistics from the side of `friends.seat`. A game is filed once: one the history
    /// holds already (the same seed, options, players and start, as for any game) is neither
    /// filed nor counted again, and `false` is answered. The history is written before the
    /// statistics, so that a game is never counted without being filed.
    pub fn file_friends_game(&self, game: &Game, friends: Friends) -> Result<bool, StoreError> {
        let Some(winner) = game.winner() else {
            return Err(StoreError::new(
                &self.path(GAMES_FILE),
                Operation::Write,
                Cause::GameNotOver,
            ));
        };
        let mut save = game.to_save();
        // Opened first, as any filing opens it (a history that is no regular file set aside, a
        // last line cut off mended), then looked through once.
        let mut appending = self.history().open()?;
        if self.filing_of(&save)?.is_some() {
            return Ok(false);
        }
        save.saved = Some(now());
        let us = friends.seat.team();
        let result = if winner == Team::NS { GameResult::Won } else { GameResult::Lost };
        let entry = GameEntry {
            result,
            filed: now(),
            totals: game.totals(),
            game: save,
            friends: Some(friends),
        };
        self.append_game(&entry, &mut appending)?;
        self.count_friends(game, us, winner)?;
        Ok(true)
    }

    /// Where `played` waits to be filed: named by its table and seed.
    fn kept_path(&self, played: &Played) -> PathBuf {
        let code: String =
            played.friends.table.chars().filter(char::is_ascii_alphanumeric).take(16).collect();
        self.path(KEPT_DIR).join(format!("{code}-{:016x}.json", played.game.seed))
    }

    /// Keeps `played` whole, written atomically into [`KEPT_DIR`], to be filed later.
    pub fn keep_played(&self, played: &Played) -> Result<(), StoreError> {
        let path = self.kept_path(played);
        let bytes = serde_json::to_vec(played)
            .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
        fs::create_dir_all(self.path(KEPT_DIR))
            .and_then(|()| write_atomic(&path, &bytes, self.sync))
            .map_err(|e| StoreError::io(&path, Operation::Write, e))
    }

    /// Forgets the kept copy of `played`, once filed; none is no error.
    pub fn forget_played(&self, played: &Played) -> Result<(), StoreError> {
        let path = self.kept_path(played);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(StoreError::io(&path, Operation::Remove, e))
            }
            _ => Ok(()),
        }
    }

    /// The games kept in [`KEPT_DIR`], each with its file, or why it cannot be read (left
    /// where it is).
    pub fn kept_played(&self) -> Vec<(PathBuf, Result<Played, String>)> {
        let Ok(entries) = fs::read_dir(self.path(KEPT_DIR)) else { return Vec::new() };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| {
                let read = crate::files::read(&path, SAVE_LIMIT)
                    .map_err(|e| e.to_string())
                    .and_then(|b| {
                        serde_json::from_slice::<Played>(&b)
                            .map_err(|e| crate::files::cut(&e.to_string()))
                    });
                (path, read)
            })
            .collect()
    }
}
