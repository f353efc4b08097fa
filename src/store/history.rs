//! `games.jsonl`: the games finished or abandoned, one a line, oldest first, on the JSON-lines
//! file ([`super::jsonl`]). A game is filed once, known by its seed and start time
//! ([`GameSave::same_game`]): filed again, it replaces its earlier filing (the earlier line
//! kept aside when it holds an action the new one does not) or adds nothing, unless it holds
//! a figure measured since, a deal's comparison or mistakes ([`GameSave::measures`]). A line that
//! cannot be read is reported and left in the file as it is.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::jsonl::{Appending, Line, Lines};
use super::{
    Cause, GAME_FILE, GAME_LINE_LIMIT, GAMES_FILE, LineList, Operation, SetAside, Store,
    StoreError, Unfit, held, now,
};
use crate::exercises::Exercise;
use crate::files::{self, cut};
use crate::game::{Game, GameSave, SaveFigures};
use crate::progress::{self, GameProgress};
use crate::rules::{ByTeam, Seat, Team};

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
    /// A game played at a network table: where, and the player's seat (absent for a game of
    /// the solo table, where the player is South).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub friends: Option<Friends>,
}

/// Where a game with friends was played, and the player's seat in it. The game's seats are
/// the table's own: the player is South only if they sat South.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Friends {
    /// The host's address, `HOST:PORT`.
    pub host: String,
    /// The table's code.
    pub table: String,
    /// The player's seat.
    pub seat: Seat,
    /// Each seat's name as the table showed it at the end, in the order South, East, North,
    /// West: a player's own, or the persona of the bot in it.
    pub names: [String; 4],
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
    pub unreadable: LineList,
    /// The lines of games read with a figure that is no figure (numbered from 1), in their
    /// mistakes or their comparison with the expert: that figure counts as not measured.
    pub unmeasured: LineList,
}

impl GameHistory {
    /// What to tell the player of the lines that could not be read, or not whole, in English
    /// (the table's language: [`crate::text::Words::history_notices`]).
    pub fn notices(&self) -> Vec<String> {
        let mut said = Vec::new();
        let lines = self.unreadable.said(crate::text::Lang::En);
        match self.unreadable.len() {
            0 => {}
            1 => said
                .push(format!("{GAMES_FILE}: line {lines} cannot be read; it was left as it is")),
            _ => said.push(format!(
                "{GAMES_FILE}: lines {lines} cannot be read; they were left as they are"
            )),
        }
        let lines = self.unmeasured.said(crate::text::Lang::En);
        match self.unmeasured.len() {
            0 => {}
            1 => said.push(format!(
                "{GAMES_FILE}: line {lines} holds a figure that is no figure (in mistakes or \
                 expert_in_seat); it counts as not measured, and the game is kept"
            )),
            _ => said.push(format!(
                "{GAMES_FILE}: lines {lines} hold a figure that is no figure (in mistakes or \
                 expert_in_seat); each counts as not measured, and the games are kept"
            )),
        }
        said
    }
}

/// A line of `games.jsonl` read: the game filed, and how many of its figures were no figure
/// (read as not measured).
pub(super) struct ReadGame {
    entry: GameEntry,
    unmeasured: usize,
}

impl Line for ReadGame {
    type Error = String;

    const LIMIT: usize = GAME_LINE_LIMIT;

    fn parse(line: &[u8]) -> Result<ReadGame, String> {
        /// The figures of a line's game alone.
        #[derive(Deserialize)]
        struct Figures {
            game: SaveFigures,
        }
        let entry: GameEntry = serde_json::from_slice(line).map_err(|e| cut(&e.to_string()))?;
        let unmeasured = serde_json::from_slice::<Figures>(line).map_or(0, |f| f.game.unreadable());
        Ok(ReadGame { entry, unmeasured })
    }

    fn too_long() -> String {
        format!("the line is longer than {}", files::size(GAME_LINE_LIMIT as u64))
    }
}

/// A game found in the history of games: its line (numbered from 0) and what it says.
pub(super) struct Filed {
    pub(super) line: usize,
    pub(super) entry: GameEntry,
}

impl Store {
    /// `games.jsonl`.
    pub(super) fn history(&self) -> Lines<'_, ReadGame> {
        self.lines(GAMES_FILE)
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
        self.count_game(game, winner)?;
        let mut save = game.to_save();
        save.started = Some(started);
        save.saved = Some(now());
        let result = if winner == Team::NS { GameResult::Won } else { GameResult::Lost };
        self.file_game(GameEntry {
            result,
            filed: now(),
            totals: game.totals(),
            game: save,
            friends: None,
        })?;
        // game.json goes only if it holds this game, now kept in the history.
        let on_disk = self.save_on_disk();
        if on_disk.is_some_and(|s| s.seed == game.seed() && s.started == Some(started)) {
            self.save_file().remove()?;
        }
        // Filed from memory: a save of it that failed before has nothing left to keep.
        held(&self.unsaved).take_if(|g| {
            g.seed() == game.seed()
                && g.options() == game.options()
                && g.players() == game.players()
        });
        Ok(())
    }

    /// The newest filed game that `pred` accepts.
    pub(super) fn newest_game(
        &self,
        mut pred: impl FnMut(&GameEntry) -> bool,
    ) -> Result<Option<GameEntry>, StoreError> {
        let mut newest = None;
        self.each_game(|e| {
            if pred(&e) {
                newest = Some(e);
            }
        })?;
        Ok(newest)
    }

    /// Goes through the games filed, oldest first, one held at a time, and gives back what could
    /// not be read of `games.jsonl` (reported, never dropped from the file), without the games.
    pub fn each_game(&self, mut each: impl FnMut(GameEntry)) -> Result<GameHistory, StoreError> {
        let history = self.history();
        let mut read = GameHistory::default();
        history
            .each(|n, line| match line {
                Ok(game) => {
                    if game.unmeasured > 0 {
                        read.unmeasured.push(n + 1);
                    }
                    each(game.entry);
                }
                Err(_) => read.unreadable.push(n + 1),
            })
            .map_err(|e| StoreError::read(&history.path(), e))?;
        Ok(read)
    }

    /// The games finished or abandoned, oldest first, and what of `games.jsonl` could not be
    /// read (reported, never dropped from the file).
    pub fn games(&self) -> Result<GameHistory, StoreError> {
        let mut games = Vec::new();
        let read = self.each_game(|e| games.push(e))?;
        Ok(GameHistory { games, ..read })
    }

    /// Each filed game's figures, oldest first ([`progress::of_game`]), with the answers to
    /// those of the exercises `all` made of its mistakes, and what of the history could not be
    /// read for them. A line that cannot be read, or a game whose save does not replay, gives
    /// none. The games are read one at a time.
    pub fn progress(
        &self,
        all: &[Exercise],
    ) -> Result<(Vec<GameProgress>, GameHistory), StoreError> {
        let mut progress = Vec::new();
        let read = self.each_game(|e| {
            // The progress is South's play at the solo table; a game with friends has none of
            // its figures.
            if e.friends.is_some() {
                return;
            }
            if let Ok(game) = Game::from_save(&e.game) {
                progress.push(progress::of_game(&game, e.game.started, all));
            }
        })?;
        Ok((progress, read))
    }

    /// The newest game of the history, if any, with what of the history could not be read.
    pub fn last_game(&self) -> Result<(Option<GameEntry>, GameHistory), StoreError> {
        let mut last = None;
        let read = self.each_game(|e| last = Some(e))?;
        Ok((last, read))
    }

    /// Files a game in `games.jsonl`, on a line of its own, synced before this returns so that
    /// the save it replaces can go. A game is filed once: when the history holds it already
    /// (found by [`GameSave::same_game`]), nothing is added if that filing holds every action
    /// of this one and every figure measured in it ([`GameSave::measures`]), and otherwise
    /// this filing takes its place (the history written again, atomically; the earlier line
    /// kept aside if this one does not hold all of its actions). A history
    /// that is not a regular file is moved aside first, and a last line cut off is mended
    /// ([`Store::remove_leftovers`]); an append that fails is cut back to the length the file
    /// had, so that a full disk leaves no piece of a line behind. A line elsewhere that cannot
    /// be read does not stop a game from being filed.
    pub(super) fn file_game(&self, entry: GameEntry) -> Result<(), StoreError> {
        let history = self.history();
        let path = history.path();
        let mut appending = history.open()?;
        if let Some(filed) = self.filing_of(&entry.game)? {
            if filed.entry.game.extends(&entry.game) && filed.entry.game.measures(&entry.game) {
                return Ok(());
            }
            if !entry.game.extends(&filed.entry.game) {
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
        self.append_game(&entry, &mut appending)
    }

    /// Appends `entry`, a game the history does not hold, to `games.jsonl` opened for
    /// `appending` ([`Lines::open`]), synced before this returns.
    pub(super) fn append_game(
        &self,
        entry: &GameEntry,
        appending: &mut Appending,
    ) -> Result<(), StoreError> {
        let history = self.history();
        let mut bytes = serde_json::to_vec(entry)
            .map_err(|e| StoreError::new(&history.path(), Operation::Write, Cause::Json(e)))?;
        bytes.push(b'\n');
        history.append(appending, &bytes)
    }

    /// The filing of the game of `save` in the history of games, found by
    /// [`GameSave::same_game`] (the newest, should there be more than one), and its line. Lines
    /// that cannot be read are passed over; a history that cannot be read is an error.
    pub(super) fn filing_of(&self, save: &GameSave) -> Result<Option<Filed>, StoreError> {
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
        let mut found = None;
        self.history().scan(|n, line| {
            let Ok(id) = serde_json::from_slice::<Seed>(line) else { return };
            if id.game.seed != save.seed || id.game.started != save.started {
                return;
            }
            if let Ok(entry) = serde_json::from_slice::<GameEntry>(line)
                && entry.game.same_game(save)
            {
                found = Some(Filed { line: n, entry });
            }
        })?;
        Ok(found)
    }

    /// Writes the history of games again, atomically, without its line `without` (numbered from
    /// 0) and with `add` at its end: a game filed again in place of its earlier filing, or a
    /// filing taken back. Every other line is copied as it is, whether it can be read or not.
    pub(super) fn rewrite_history(
        &self,
        without: usize,
        add: Option<&GameEntry>,
    ) -> Result<(), StoreError> {
        let history = self.history();
        let add = add
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| StoreError::new(&history.path(), Operation::Write, Cause::Json(e)))?;
        history.rewrite(|n, line| (n != without).then(|| line.to_vec()), add)
    }
}
