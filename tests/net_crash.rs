//! `kill -9` of the real `contree host` at random points of 200 deals played by four scripted
//! clients on loopback, game after game, then a restart on the same address: every table comes
//! back where it was, the players sit back with their seat tokens, no view they saw is lost (the
//! host saves before it tells), and no deal is lost or counted twice. Bounded: at most ten kills
//! a game, sixty games, ten minutes, and a time limit on every wait.

mod netplay;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use contree::game::GameOptions;
use contree::net::client::RemoteEvent;
use contree::net::wire::{ClientMsg, TableSetup};
use contree::personas::Level;
use contree::rules::{DealRecord, Seat};
use netplay::{Player, play_until};
use rand::{RngExt, SeedableRng};

/// The host started on `listen` with its data in `data`, and the address it listens on.
fn start_host(data: &Path, listen: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["host", "--listen", listen, "--deal-pause", "0", "--rate", "1000"])
        .env("CONTREE_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let stdout = child.stdout.take().expect("its output");
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).expect("a first line");
    let addr = first
        .split("listening on ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    (child, addr)
}

/// The highest revision a player has seen.
fn last_revision(p: &Player) -> u64 {
    p.events
        .iter()
        .filter_map(|e| match e {
            RemoteEvent::View(v) => Some(v.revision),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// The host of the test: its process, address and data directory.
struct Host {
    child: Child,
    addr: String,
    data: std::path::PathBuf,
}

#[test]
fn kill_9_at_random_points_of_200_deals_loses_nothing() {
    let seed: u64 = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    eprintln!("kill points drawn from seed {seed}");
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let root = tempfile::tempdir().expect("a temporary directory");
    let data = root.path().join("data");
    let (child, addr) = start_host(&data, "127.0.0.1:0");
    let mut host = Host { child, addr, data };
    let started = Instant::now();
    let (mut deals, mut kills) = (0, 0);
    for game in 0..60 {
        if deals >= 200 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(600), "200 deals within 10 minutes");
        let (d, k) = play_a_game(&mut host, &mut rng, &root.path().join(format!("g{game}")));
        deals += d;
        kills += k;
    }
    eprintln!("{deals} deals, {kills} kills, in {:?}", started.elapsed());
    assert!(deals >= 200);
    let _ = host.child.kill();
    let _ = host.child.wait();
}

/// Kills the host and starts it again on the same address; the players connect again and sit
/// back. Panics unless each comes back to at least the revision it had seen.
fn kill_and_restart(host: &mut Host, players: &mut [Player]) {
    host.child.kill().expect("kill -9");
    let _ = host.child.wait();
    let seen: Vec<u64> = players.iter().map(last_revision).collect();
    host.child = start_host(&host.data, &host.addr).0;
    for p in players.iter_mut() {
        // Whatever the old connection still held is read before the new one.
        while p.step(Duration::from_millis(20)) {}
        p.reconnect(&host.addr);
    }
    play_until(players, Duration::from_secs(30), |ps| {
        ps.iter().zip(&seen).all(|(p, s)| last_revision(p) >= *s)
    });
}

/// Plays a game at a new table with the host killed at random points: answers its deals and
/// the kills. Every deal the players saw end is in the game once.
fn play_a_game(host: &mut Host, rng: &mut impl rand::Rng, dir: &Path) -> (usize, usize) {
    let names = ["Ana", "Bea", "Cid", "Dan"];
    let addr = host.addr.clone();
    let mut players: Vec<Player> =
        names.iter().map(|n| Player::new(&addr, n, &dir.join(n))).collect();
    let mut setup = TableSetup::new(GameOptions::default(), Level::Normal);
    setup.grace_secs = 60;
    players[0].remote.create(setup, None);
    play_until(&mut players[..1], Duration::from_secs(10), |p| p[0].code.is_some());
    let code = players[0].code.clone().expect("a code");
    for (p, seat) in players[1..].iter().zip([Seat::East, Seat::North, Seat::West]) {
        p.remote.join(&code, None, Some(seat));
    }
    play_until(&mut players, Duration::from_secs(10), |ps| ps.iter().all(|p| p.seat.is_some()));
    players[0].remote.send(ClientMsg::Start {});
    let mut kills = 0;
    for _ in 0..10 {
        let at = last_revision(&players[0]) + rng.random_range(1..60u64);
        play_until(&mut players, Duration::from_secs(120), |ps| {
            last_revision(&ps[0]) >= at || ps.iter().all(|p| p.over)
        });
        if players.iter().all(|p| p.over) {
            break;
        }
        kill_and_restart(host, &mut players);
        kills += 1;
    }
    play_until(&mut players, Duration::from_secs(300), |ps| ps.iter().all(|p| p.over));
    // The table is filed among the finished once its end was written to every player: a
    // moment after they may read it.
    let file = host.data.join("host/finished").join(format!("{code}.json"));
    let filed = Instant::now();
    while !file.exists() && filed.elapsed() < Duration::from_secs(10) {
        for p in players.iter_mut() {
            p.step(Duration::from_millis(10));
        }
    }
    let table = contree::net::saved::from_bytes(&std::fs::read(file).expect("kept"));
    let game = table.expect("a table").game.expect("a game");
    // Each deal once: the deals South saw end, duplicates left out, are the game's.
    let mut seen: Vec<DealRecord> = Vec::new();
    for e in &players[0].events {
        if let RemoteEvent::DealOver { record, .. } = e
            && !seen.contains(record)
        {
            seen.push((**record).clone());
        }
    }
    let kept: Vec<DealRecord> = game.history().iter().map(|d| d.record.clone()).collect();
    assert_eq!(seen, kept, "every deal, once");
    assert!(game.winner().is_some());
    (kept.len(), kills)
}
