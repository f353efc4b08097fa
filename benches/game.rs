//! Speed of a whole game and of its saves: a full game to 2000 between random legal players,
//! and the save after every action (serialize, write atomically with and without `sync_all`)
//! and the load (read, parse, replay) of a long game. Run with `cargo bench --bench game`.

mod timing;

use std::hint::black_box;
use std::time::Instant;

use contree::game::new_game;
use contree::game::{Game, GameOptions, Phase};
use contree::store::{Resume, Store};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use timing::bench;

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

fn main() {
    let mut seed = 0;
    bench("full game to 2000, random legal players", || {
        seed += 1;
        play(seed, |_| false, |_| {}).history().len() as u64
    });

    // The longest of a few games, in its last deal: the biggest file a game writes.
    let longest = (0..64).map(|s| (play(s, |_| false, |_| {}).history().len(), s)).max();
    let Some((deals, seed)) = longest else { return };
    let long =
        play(seed, |g| g.history().len() + 1 == deals && g.deal().played().len() >= 20, |_| {});
    let bytes = serde_json::to_vec(&long.to_save()).unwrap_or_default();
    let actions: usize = long.to_save().deals.iter().map(|d| d.auction.len() + d.play.len()).sum();
    println!(
        "long game: {} deals, {actions} actions, game.json {:.1} KiB",
        long.history().len() + 1,
        bytes.len() as f64 / 1024.0
    );

    bench("serialize the long game (to_save + JSON)", || {
        serde_json::to_vec(&black_box(&long).to_save()).map_or(0, |b| b.len() as u64)
    });

    // On the real disk (the target directory), where the file system's own work on a rename
    // counts; and in memory (/dev/shm, when there is one), which leaves contree's own work.
    let disk = concat!(env!("CARGO_MANIFEST_DIR"), "/target");
    for (place, base) in [("disk", disk), ("memory", "/dev/shm")] {
        if std::path::Path::new(base).is_dir() {
            save_and_load(place, base, &long);
        }
    }
}

fn save_and_load(place: &str, base: &str, long: &Game) {
    let Ok(dir) = tempfile::tempdir_in(base) else { return };
    let Ok(fast) = Store::at(dir.path()).map(Store::without_sync) else { return };
    bench(&format!("[{place}] save the long game, no sync_all"), || {
        u64::from(fast.save_game(black_box(long)).is_ok())
    });
    let Ok(safe) = Store::at(dir.path()) else { return };
    bench(&format!("[{place}] save the long game, with sync_all"), || {
        u64::from(safe.save_game(black_box(long)).is_ok())
    });
    bench(&format!("[{place}] load the long game (read, parse, replay)"), || {
        match fast.load_game() {
            Resume::Saved { game, .. } => game.history().len() as u64,
            _ => 0,
        }
    });
    // Typical saves: every action of a whole game.
    let (mut written, mut count) = (0u64, 0u64);
    let start = Instant::now();
    play(
        7,
        |_| false,
        |g| {
            written += u64::from(fast.save_game(g).is_ok());
            count += 1;
        },
    );
    let per = start.elapsed().as_secs_f64() / count.max(1) as f64;
    println!(
        "{:<52} {:>9.1} µs/action ({written} of {count} saves written)",
        format!("[{place}] a game saved after every action, no sync"),
        per * 1e6
    );
}
