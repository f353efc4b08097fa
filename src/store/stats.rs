//! `stats.json`: the statistics, and what they already count ([`Counted`]), so that a deal, a
//! game or a comparison with the expert in South's seat is counted once however many times the
//! front end reports it. Kept whole and written atomically ([`super::atomic`]); one that cannot
//! be understood is moved aside, one that cannot be read is never written over.

use serde::{Deserialize, Serialize};

use super::atomic::{JsonFile, check_version};
use super::{SMALL_LIMIT, STATS_FILE, SetAside, Store, StoreError, Unfit, unusable};
use crate::game::Game;
use crate::rules::Team;
use crate::stats::{STATS_VERSION, Stats};

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

/// The statistics as a command shows them ([`Store::stats_shown`]).
#[derive(Clone, Debug)]
pub struct StatsShown {
    /// The statistics, with the practice and the progress.
    pub stats: Stats,
    /// What could not be used of `stats.json` and `exercises.jsonl`: the statistics cannot
    /// be shown as they are.
    pub set_aside: Vec<SetAside>,
    /// What could not be read of the history of games, or not whole, for the progress (the
    /// games themselves are not kept).
    pub history: super::GameHistory,
}

impl Store {
    /// `stats.json`.
    fn stats_file(&self) -> JsonFile<'_> {
        self.json_file(STATS_FILE, SMALL_LIMIT)
    }

    /// Reads `stats.json`: empty when missing; moved aside (and reported) when it cannot be
    /// understood. An unreadable file is an error, so it is never overwritten.
    fn read_stats(&self) -> Result<(StatsFile, Option<SetAside>), StoreError> {
        let file = self.stats_file();
        let path = file.path();
        let parsed = match file.read() {
            Ok(Some(bytes)) => serde_json::from_slice::<serde_json::Value>(&bytes)
                .map_err(|e| Unfit::NotJson(e.to_string()))
                .and_then(|v| {
                    check_version(&v, STATS_VERSION)?;
                    let file =
                        StatsFile::deserialize(&v).map_err(|e| Unfit::NotStats(e.to_string()))?;
                    file.stats.check().map_err(Unfit::NotStats)?;
                    Ok(file)
                }),
            Ok(None) => return Ok((StatsFile::default(), None)),
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
        // Exercises, or games, that cannot be read are said by their own notice; they count
        // for nothing.
        let exercises = self.exercises().map(|f| f.exercises).unwrap_or_default();
        stats.practice = crate::exercises::tally(&exercises);
        stats.progress = self.progress(&exercises).map(|(p, _)| p).unwrap_or_default();
        Ok((stats, aside))
    }

    /// The statistics as a command shows them, the progress of every filed game with them:
    /// with what could not be used of `stats.json`, what could not be used of
    /// `exercises.jsonl` (the whole file, or lines of it), and the error of an exercises file
    /// that cannot be read at all, as the statistics' own (the practice counted from exercises
    /// unread is not zeros); and what could not be read of the history of games, or not whole,
    /// for the progress.
    pub fn stats_shown(&self) -> Result<StatsShown, StoreError> {
        let (mut stats, aside) = self.read_stats().map(|(f, aside)| (f.stats, aside))?;
        let exercises = self.exercises()?;
        stats.practice = crate::exercises::tally(&exercises.exercises);
        let (progress, history) = self.progress(&exercises.exercises)?;
        stats.progress = progress;
        let set_aside = aside.into_iter().chain(exercises.set_aside).collect();
        Ok(StatsShown { stats, set_aside, history })
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
        if changed { self.stats_file().write(&file) } else { Ok(()) }
    }

    /// A game finished at a network table, in which the player sat on side `us`: its deals
    /// and the game itself, counted from that side ([`crate::stats::Stats::add_deal_as`]).
    /// The caller counts it once ([`Store::file_friends_game`]).
    pub(super) fn count_friends(
        &self,
        game: &Game,
        us: Team,
        winner: Team,
    ) -> Result<(), StoreError> {
        let (mut file, _) = self.read_stats()?;
        for d in game.history() {
            file.stats.add_deal_as(d, us);
        }
        let ours = winner.seen_by(us);
        file.stats.add_game(game.rules().set, game.options().target, ours);
        self.stats_file().write(&file)
    }

    /// At game over, the game's statistics: its deals and comparisons not counted yet, and the
    /// game itself unless it is counted already.
    pub(super) fn count_game(&self, game: &Game, winner: Team) -> Result<(), StoreError> {
        let (mut file, _) = self.read_stats()?;
        let (changed, game_counted) = self.count(game, &mut file);
        if !game_counted {
            file.stats.add_game(game.rules().set, game.options().target, winner);
            if let Some(c) = file.counted.as_mut() {
                c.game = true;
            }
        }
        if changed || !game_counted { self.stats_file().write(&file) } else { Ok(()) }
    }
}
