//! `kill -9` of the real `contree host` at random points of a game played by four scripted
//! clients on loopback, then a restart on the same address: every table comes back where it
//! was, the players sit back with their seat tokens, no view they saw is lost (the host saves
//! before it tells), and no deal is lost or counted twice. Bounded: a few kills, one game, a
//! time limit on every wait.

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
        .args(["host", "--listen", listen, "--deal-pause", "0"])
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

#[test]
fn kill_9_at_random_points_loses_nothing() {
    let seed: u64 = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    eprintln!("kill points drawn from seed {seed}");
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let root = tempfile::tempdir().expect("a temporary directory");
    let data = root.path().join("data");
    let (mut child, addr) = start_host(&data, "127.0.0.1:0");
    let names = ["Ana", "Bea", "Cid", "Dan"];
    let mut players: Vec<Player> =
        names.iter().map(|n| Player::new(&addr, n, &root.path().join(n))).collect();
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
    let started = Instant::now();
    for kill in 0..10 {
        let at = last_revision(&players[0]) + rng.random_range(1..60u64);
        play_until(&mut players, Duration::from_secs(120), |ps| {
            last_revision(&ps[0]) >= at || ps.iter().all(|p| p.over)
        });
        if players.iter().all(|p| p.over) {
            break;
        }
        child.kill().expect("kill -9");
        let _ = child.wait();
        let seen: Vec<u64> = players.iter().map(last_revision).collect();
        let (again, _) = start_host(&data, &addr);
        child = again;
        for p in players.iter_mut() {
            // Whatever the old connection still held is read before the new one.
            while p.step(Duration::from_millis(50)) {}
            p.reconnect(&addr);
        }
        play_until(&mut players, Duration::from_secs(30), |ps| {
            ps.iter().zip(&seen).all(|(p, s)| last_revision(p) >= *s)
        });
        eprintln!("kill {kill} at revision {}: every player back", seen[0]);
    }
    play_until(&mut players, Duration::from_secs(600), |ps| ps.iter().all(|p| p.over));
    eprintln!("game over in {:?}", started.elapsed());
    let file = std::fs::read(data.join("host/tables").join(format!("{code}.json"))).expect("kept");
    let table = contree::net::saved::from_bytes(&file).expect("a table");
    let game = table.game.expect("a game");
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
    let _ = child.kill();
    let _ = child.wait();
}
