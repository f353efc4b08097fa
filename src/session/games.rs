//! Where the games at the table come from and how they sit down: the saved game found on disk,
//! the seed of the next new game, the players who sit out of it (the last game's, so that a new
//! game brings new faces), and the first number the next table gives its positions and pauses,
//! after the last table's. Every front end takes its games from here.

use super::settings::Prefs;
use super::table::{Out, Table};
use crate::game::{Game, GameOptions, Players};

/// A game found on disk, offered to resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    /// The game as saved.
    pub game: Game,
    /// When it started (seconds since the epoch).
    pub started: Option<u64>,
    /// When it was saved (seconds since the epoch).
    pub saved: Option<u64>,
}

/// The games that come to the table, one after the other.
#[derive(Clone, Debug)]
pub struct Games {
    /// The seed of the next new game; each new game takes the next one from it.
    next_seed: u64,
    /// The players of the last game, not seated again in the next one.
    previous: Option<Players>,
    /// The first number of the next table's positions and pauses.
    numbers: u64,
    /// The games filed in the history of games, newest first, once loaded: their deals may be
    /// played again.
    filed: Vec<Game>,
}

impl Games {
    /// The games of a run: the first new one from `seed`, unless `first`, a game given at
    /// start, took it (the next new game then deals other cards); `previous` sit out of it.
    pub fn new(seed: u64, first: Option<&Game>, previous: Option<Players>) -> Games {
        let next_seed = match first {
            Some(g) if g.seed() == seed => crate::mix::splitmix(seed),
            _ => seed,
        };
        Games { next_seed, previous, numbers: 0, filed: Vec::new() }
    }

    /// The filed games, newest first, as loaded.
    pub fn set_filed(&mut self, filed: Vec<Game>) {
        self.filed = filed;
    }

    /// The `n`-th newest filed game (from 1).
    pub fn filed(&self, n: usize) -> Option<&Game> {
        self.filed.get(n.checked_sub(1)?)
    }

    /// How many filed games there are.
    pub fn filed_count(&self) -> usize {
        self.filed.len()
    }

    /// The players of a game kept or played last: they sit out of the next new game.
    pub fn played(&mut self, players: Option<&Players>) {
        if let Some(p) = players {
            self.previous = Some(p.clone());
        }
    }

    /// A seed for a game or a deal of its own (the course's first deal), the next one's moved
    /// on.
    pub fn fresh_seed(&mut self) -> u64 {
        let seed = self.next_seed;
        self.next_seed = crate::mix::splitmix(seed);
        seed
    }

    /// A new game of `options` with new faces, in place of the game `last` played, if any.
    pub fn new_game(&mut self, options: GameOptions, last: Option<&Players>) -> Game {
        let seed = self.fresh_seed();
        self.played(last);
        let game = crate::game::new_game(options, seed, self.previous.as_ref());
        self.played(Some(game.players()));
        game
    }

    /// `game` sits down at a table of its own, with what it opens on.
    pub fn sit(&mut self, game: Game, prefs: Prefs) -> (Table, Vec<Out>) {
        Table::new(game, prefs, self.numbers)
    }

    /// The game leaves its table, and whatever thinks about it stops.
    pub fn stand(&mut self, table: Table) -> Game {
        self.numbers = table.last_number() + 1;
        table.into_game()
    }
}
