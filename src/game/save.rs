//! The saved form of a game: its seed, options and players, and each deal as a deal record (the
//! hands as dealt, the calls and the cards). Loading replays every action through the rules and
//! checks every deal against the seed, so a tampered save is refused, never trusted.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Action, Game, GameOptions, Phase, Players, TARGETS};
use crate::rules::{BySeat, CardSet, DealRecord};

/// The version written in saves. A save with a higher version comes from a newer contree.
pub const SAVE_VERSION: u32 = 1;

/// A game as saved on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSave {
    /// The format version.
    pub version: u32,
    /// The seed of every deal's shuffle.
    pub seed: u64,
    /// Target, scoring, deal style.
    pub options: GameOptions,
    /// Persona ids at each seat.
    pub players: Players,
    /// Every deal so far, the current one last (its auction or play may be unfinished).
    pub deals: Vec<DealRecord>,
    /// When the game started (seconds since the Unix epoch), if known.
    #[serde(default)]
    pub started: Option<u64>,
    /// When the game was saved (seconds since the Unix epoch), if known.
    #[serde(default)]
    pub saved: Option<u64>,
    /// How many actions were taken back in each deal of `deals` (none written when none were).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undos: Vec<u32>,
}

/// Why a save cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The save comes from a newer version of contree.
    FutureVersion(u32),
    /// The save's options are not ones a game can have.
    BadOptions(String),
    /// The save holds no deal.
    NoDeal,
    /// A deal does not follow from the seed and the deals before it.
    Tampered { deal: usize, what: String },
    /// An action the rules refuse.
    Illegal { deal: usize, action: String, why: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::FutureVersion(v) => write!(
                f,
                "the save is version {v}, newer than this contree understands ({})",
                super::SAVE_VERSION
            ),
            LoadError::BadOptions(why) => write!(f, "the save's options are invalid: {why}"),
            LoadError::NoDeal => f.write_str("the save holds no deal"),
            LoadError::Tampered { deal, what } => {
                write!(f, "deal {} of the save was altered: {what}", deal + 1)
            }
            LoadError::Illegal { deal, action, why } => {
                write!(f, "deal {} of the save has an illegal action {action}: {why}", deal + 1)
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl Game {
    /// The game as a save.
    pub fn to_save(&self) -> GameSave {
        let mut deals: Vec<DealRecord> = self.history.iter().map(|d| d.record.clone()).collect();
        let mut undos: Vec<u32> = self.history.iter().map(|d| d.undos).collect();
        if self.deal.index == self.history.len() {
            deals.push(self.deal.record(&self.options, self.totals));
            undos.push(self.deal.undos);
        }
        if undos.iter().all(|&n| n == 0) {
            undos.clear();
        }
        GameSave {
            version: SAVE_VERSION,
            seed: self.seed,
            options: self.options,
            players: self.players.clone(),
            deals,
            started: None,
            saved: None,
            undos,
        }
    }

    /// Rebuilds a game from a save by replaying every action through the rules.
    pub fn from_save(save: &GameSave) -> Result<Game, LoadError> {
        if save.version > SAVE_VERSION {
            return Err(LoadError::FutureVersion(save.version));
        }
        if !TARGETS.contains(&save.options.target) {
            return Err(LoadError::BadOptions(format!("target {}", save.options.target)));
        }
        if save.deals.is_empty() {
            return Err(LoadError::NoDeal);
        }
        let mut game = Game::new(save.options, save.seed, save.players.clone());
        for (i, record) in save.deals.iter().enumerate() {
            if i > 0 {
                game.next_deal().map_err(|e| LoadError::Illegal {
                    deal: i,
                    action: "a new deal".into(),
                    why: e.to_string(),
                })?;
            }
            let tampered = |what: &str| LoadError::Tampered { deal: i, what: what.into() };
            if record.dealer != game.deal.dealer {
                return Err(tampered("the dealer is not the one in turn"));
            }
            let hands: BySeat<CardSet> = record.hand_sets();
            if hands != game.deal.dealt {
                return Err(tampered("the hands are not the ones dealt"));
            }
            game.deal.undos = save.undos.get(i).copied().unwrap_or(0);
            let actions = record
                .auction
                .iter()
                .map(|&c| Action::Bid(c))
                .chain(record.play.iter().map(|&c| Action::Play(c)));
            for action in actions {
                let Some(seat) = game.to_act() else {
                    return Err(LoadError::Illegal {
                        deal: i,
                        action: action.to_string(),
                        why: "the deal is already over".into(),
                    });
                };
                game.apply(seat, action).map_err(|e| LoadError::Illegal {
                    deal: i,
                    action: action.to_string(),
                    why: e.to_string(),
                })?;
            }
            let last = i + 1 == save.deals.len();
            if !last && game.phase() != Phase::DealOver {
                return Err(tampered("an earlier deal is unfinished, or the game ended before it"));
            }
        }
        Ok(game)
    }
}
