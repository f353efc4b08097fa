//! The table's files in the data directory (`CONTREE_DATA_DIR`, else `$XDG_DATA_HOME/contree`,
//! else `~/.local/share/contree`): `game.json`, the game in progress, and `settings.json`.
//! Writes are atomic: a temporary file in the same directory, synced, then renamed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::app::{Resumable, StatsSummary};
use super::run::Persist;
use super::settings::Settings;
use crate::game::{Game, GameSave, Phase};
use crate::rules::Team;

/// The data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CONTREE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("contree"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share/contree"))
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The table's files.
#[derive(Debug)]
pub struct Files {
    dir: PathBuf,
    started: Option<u64>,
    stats: StatsSummary,
}

impl Files {
    /// The files in `dir` (created when first written).
    pub fn new(dir: PathBuf) -> Files {
        Files { dir, started: None, stats: StatsSummary::default() }
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        let fail =
            |e: std::io::Error| format!("cannot write {}: {e}", self.dir.join(name).display());
        fs::create_dir_all(&self.dir).map_err(fail)?;
        let tmp = self.dir.join(format!(".{name}.tmp"));
        let mut f = fs::File::create(&tmp).map_err(fail)?;
        f.write_all(text.as_bytes()).map_err(fail)?;
        f.sync_all().map_err(fail)?;
        fs::rename(&tmp, self.dir.join(name)).map_err(fail)
    }

    fn read(&self, name: &str) -> Option<String> {
        fs::read_to_string(self.dir.join(name)).ok()
    }

    /// The saved settings, or the defaults.
    pub fn settings(&self) -> Option<Settings> {
        self.read("settings.json").and_then(|t| serde_json::from_str(&t).ok())
    }

    /// The saved game, if one can be resumed. A save that does not load is set aside with a
    /// message saying why.
    pub fn load_game(&mut self) -> Result<Option<Resumable>, String> {
        let Some(text) = self.read("game.json") else { return Ok(None) };
        let loaded = serde_json::from_str::<GameSave>(&text)
            .map_err(|e| e.to_string())
            .and_then(|s| Game::from_save(&s).map(|g| (s, g)).map_err(|e| e.to_string()));
        match loaded {
            Ok((save, game)) if game.phase() != Phase::GameOver => {
                self.started = save.started;
                Ok(Some(Resumable { game, started: save.started, saved: save.saved }))
            }
            Ok(_) => Ok(None),
            Err(why) => {
                let aside = self.dir.join(format!("game-unreadable-{}.json", now()));
                let _ = fs::rename(self.dir.join("game.json"), &aside);
                Err(format!(
                    "the saved game could not be resumed ({why}); it was moved to {}",
                    aside.display()
                ))
            }
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Persist for Files {
    fn save_game(&mut self, game: &Game) -> Result<(), String> {
        let mut save = game.to_save();
        let t = now();
        save.started = Some(*self.started.get_or_insert(t));
        save.saved = Some(t);
        let text = serde_json::to_string(&save).map_err(|e| e.to_string())?;
        self.write("game.json", &text)
    }

    fn deal_finished(&mut self, game: &Game) -> Result<(), String> {
        if let Some(d) = game.history().last() {
            self.stats.deals_played += 1;
            if d.contract.is_some_and(|c| c.team() == Team::NS) {
                self.stats.contracts_taken += 1;
                self.stats.contracts_made += u32::from(d.score.is_some_and(|s| s.made));
            }
        }
        Ok(())
    }

    fn game_finished(&mut self, game: &Game) -> Result<(), String> {
        self.stats.games_played += 1;
        self.stats.games_won += u32::from(game.winner() == Some(Team::NS));
        self.started = None;
        Ok(())
    }

    fn archive_saved(&mut self) -> Result<(), String> {
        self.started = None;
        let from = self.dir.join("game.json");
        if from.exists() {
            fs::rename(&from, self.dir.join(format!("game-{}.json", now())))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn save_settings(&mut self, settings: &Settings) -> Result<(), String> {
        let text = serde_json::to_string_pretty(settings).map_err(|e| e.to_string())?;
        self.write("settings.json", &text)
    }

    fn stats(&mut self) -> Result<StatsSummary, String> {
        Ok(self.stats)
    }
}
