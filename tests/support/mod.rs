//! Whole games played by random legal players that bid, contre and surcontre now and then, for
//! the store and command-line tests.

#![allow(dead_code)]

use contree::game::new_game;
use contree::game::{Event, Game, GameOptions, Phase};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Plays one action, or deals the next deal when one is over. `None` at game over.
pub fn step(game: &mut Game, rng: &mut Xoshiro256PlusPlus) -> Option<Event> {
    match game.phase() {
        Phase::GameOver => None,
        Phase::DealOver => {
            game.next_deal().expect("the next deal");
            step(game, rng)
        }
        _ => {
            let seat = game.to_act().expect("someone is to act");
            let action = game.random_action(rng)?;
            Some(game.apply(seat, action).expect("a legal action is accepted"))
        }
    }
}

/// A new game from `seed` and the generator its random players use.
pub fn new(options: GameOptions, seed: u64) -> (Game, Xoshiro256PlusPlus) {
    (new_game(options, seed, None), Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed))
}

/// Plays `game` until `stop` says so or the game is over, calling `each` after every action.
pub fn play_until(
    game: &mut Game,
    rng: &mut Xoshiro256PlusPlus,
    mut stop: impl FnMut(&Game) -> bool,
    mut each: impl FnMut(&Game, &Event),
) {
    while !stop(game) {
        match step(game, rng) {
            Some(event) => each(game, &event),
            None => break,
        }
    }
}
