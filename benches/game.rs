//! Speed of a whole game and of its saves: a full game to 2000 between random legal players,
//! and the save after every action (serialize, write atomically with and without `sync_all`)
//! and the load (read, parse, replay) of a long game, on the disk (the target directory, where
//! the file system's own work on a rename counts) and in memory (`/dev/shm`, where there is one,
//! which leaves contree's own work). Run with `cargo bench --bench game`: divan gives each its
//! fastest, median, mean and slowest time.

use std::sync::LazyLock;

use contree::game::new_game;
use contree::game::{Game, GameOptions, Phase};
use contree::store::{Resume, Store};
use divan::{Bencher, black_box};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

fn main() {
    divan::main();
}

/// Plays a game from `seed` until `stop` or the end; `each` sees the game after every action.
fn play(seed: u64, stop: impl Fn(&Game) -> bool, mut each: impl FnMut(&Game)) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = new_game(GameOptions { target: 2000, ..GameOptions::default() }, seed, None);
    loop {
        if stop(&game) {
            return game;
        }
        match game.phase() {
            Phase::GameOver => return game,
            Phase::DealOver => {
                let _ = game.next_deal();
            }
            _ => {
                let Some(seat) = game.to_act() else { return game };
                let Some(action) = game.random_action(&mut rng) else { return game };
                if game.apply(seat, action).is_ok() {
                    each(&game);
                }
            }
        }
    }
}

/// The longest of a few games, in its last deal: the biggest file a game writes.
static LONG: LazyLock<Game> = LazyLock::new(|| {
    let longest = (0..64).map(|s| (play(s, |_| false, |_| {}).history().len(), s)).max();
    let (deals, seed) = longest.unwrap_or((1, 0));
    play(seed, |g| g.history().len() + 1 == deals && g.deal().played().len() >= 20, |_| {})
});

/// Where the saves are written: the disk, or memory.
const PLACES: [&str; 2] = ["disk", "memory"];

/// A store in a new directory at `place`, with `sync_all` or without; `None` where there is no
/// such place.
fn store_at(place: &str, sync: bool) -> Option<(tempfile::TempDir, Store)> {
    let base = match place {
        "disk" => concat!(env!("CARGO_MANIFEST_DIR"), "/target"),
        _ => "/dev/shm",
    };
    let dir = tempfile::tempdir_in(base).ok()?;
    let store = Store::at(dir.path()).ok()?;
    Some((dir, if sync { store } else { store.without_sync() }))
}

#[divan::bench(sample_count = 20)]
fn full_game_to_2000_random_legal_players(bencher: Bencher) {
    let mut seed = 0;
    bencher.bench_local(|| {
        seed += 1;
        play(seed, |_| false, |_| {}).history().len()
    });
}

#[divan::bench]
fn serialize_the_long_game(bencher: Bencher) {
    let long = &*LONG;
    bencher.bench_local(|| serde_json::to_vec(&black_box(long).to_save()).map_or(0, |b| b.len()));
}

#[divan::bench(args = PLACES)]
fn save_the_long_game_no_sync(bencher: Bencher, place: &str) {
    let long = &*LONG;
    let Some((_dir, store)) = store_at(place, false) else { return };
    bencher.bench_local(|| store.save_game(black_box(long)).is_ok());
}

#[divan::bench(args = PLACES, sample_count = 20)]
fn save_the_long_game_with_sync(bencher: Bencher, place: &str) {
    let long = &*LONG;
    let Some((_dir, store)) = store_at(place, true) else { return };
    bencher.bench_local(|| store.save_game(black_box(long)).is_ok());
}

#[divan::bench(args = PLACES)]
fn load_the_long_game(bencher: Bencher, place: &str) {
    let long = &*LONG;
    let Some((_dir, store)) = store_at(place, false) else { return };
    if store.save_game(long).is_err() {
        return;
    }
    bencher.bench_local(|| match store.load_game() {
        Resume::Saved { game, .. } => game.history().len(),
        _ => 0,
    });
}

/// Typical saves: a whole game saved after every action, no sync.
#[divan::bench(args = PLACES, sample_count = 5, sample_size = 1)]
fn a_game_saved_after_every_action(bencher: Bencher, place: &str) {
    let Some((_dir, store)) = store_at(place, false) else { return };
    bencher.bench_local(|| {
        let mut written = 0u32;
        play(7, |_| false, |g| written += u32::from(store.save_game(g).is_ok()));
        written
    });
}
