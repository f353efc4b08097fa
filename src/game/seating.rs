//! Who sits at the table: three computer players drawn from the personas for East, North and
//! West, from the game's seed. The same persona never sits twice in a game, and, where the
//! roster has enough others, none of the previous game's players sits again.

use super::{Game, GameOptions, HUMAN, Players, deal_rng};
use crate::personas;
use crate::rules::BySeat;

/// The generator purpose used to seat the personas; the deals' own purposes are 1 to 3.
const SEATING: u64 = 4;

/// Three different persona ids for East, North and West, drawn from `seed`, none of `avoid`'s
/// when the roster has three others.
pub fn draw_players(seed: u64, avoid: Option<&Players>) -> [String; 3] {
    let all: Vec<&str> = personas::all().iter().map(|p| p.id.as_str()).collect();
    let fresh: Vec<&str> = match avoid {
        Some(players) => {
            all.iter().copied().filter(|id| !players.0.iter().any(|p| p == id)).collect()
        }
        None => Vec::new(),
    };
    let mut ids = if fresh.len() >= 3 { fresh } else { all };
    deal_rng(seed, 0, SEATING).shuffle(&mut ids);
    // A roster too small to fill the table (it is checked at start) still seats three names.
    let pick = |i: usize| ids.get(i).map_or_else(|| format!("bot{i}"), |s| s.to_string());
    [pick(0), pick(1), pick(2)]
}

/// A new game from `seed`, with players drawn for it (see [`draw_players`]).
pub fn new_game(options: GameOptions, seed: u64, previous: Option<&Players>) -> Game {
    let [east, north, west] = draw_players(seed, previous);
    Game::new(options, seed, BySeat([HUMAN.to_string(), east, north, west]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_different_faces_and_fresh_ones_next_game() {
        for seed in 0..200 {
            let game = new_game(GameOptions::default(), seed, None);
            let p = game.players();
            assert_eq!(p.0[0], HUMAN);
            assert!(p.0[1] != p.0[2] && p.0[2] != p.0[3] && p.0[1] != p.0[3]);
            assert!(p.0[1..].iter().all(|id| personas::by_id(id).is_some()));
            let next = new_game(GameOptions::default(), seed + 1000, Some(p));
            assert!(next.players().0[1..].iter().all(|id| !p.0.contains(id)), "seed {seed}");
        }
    }

    #[test]
    fn the_first_game_of_a_seed_keeps_its_players() {
        // The players of a seed are part of what `--seed` promises.
        assert_eq!(draw_players(4, None), ["ginette", "bernard", "sylvie"]);
    }
}
