//! Across a real network stack: the real `contree host` runs in a network namespace of its own,
//! reached over a veth pair from the test's namespace, where four scripted clients play a whole
//! game and see no card before its time. Where the machine does not allow namespaces (not
//! root, no `ip`, no veth), the test says so and is skipped.

mod netplay;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use contree::net::client::RemoteEvent;
use contree::net::wire::{ClientMsg, TableSetup};
use contree::personas::Level;
use contree::rules::Seat;
use netplay::{Player, check_privacy, play_until};

/// Runs `ip` with `args`; whether it worked.
fn ip(args: &[&str]) -> bool {
    Command::new("ip")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The namespace, deleted with its end of the veth pair (and so the other end) when dropped.
struct Namespace(String);

impl Drop for Namespace {
    fn drop(&mut self) {
        ip(&["netns", "del", &self.0]);
    }
}

/// A namespace joined to this one by a veth pair: the namespace and the host's address in it;
/// `None` where the machine does not allow it.
fn namespace() -> Option<(Namespace, String)> {
    let id = std::process::id() % 10_000;
    let ns = Namespace(format!("contree-net{id}"));
    if !ip(&["netns", "add", &ns.0]) {
        return None;
    }
    let (outer, inner) = (format!("ctro{id}"), format!("ctri{id}"));
    let net = format!("10.{}.{}", 200 + id % 50, id % 250);
    let (outer_ip, inner_ip) = (format!("{net}.1"), format!("{net}.2"));
    let inside = |args: &[&str]| {
        let mut all = vec!["netns", "exec", &ns.0, "ip"];
        all.extend_from_slice(args);
        ip(&all)
    };
    let ok = ip(&["link", "add", &outer, "type", "veth", "peer", "name", &inner])
        && ip(&["link", "set", &inner, "netns", &ns.0])
        && ip(&["addr", "add", &format!("{outer_ip}/30"), "dev", &outer])
        && ip(&["link", "set", &outer, "up"])
        && inside(&["addr", "add", &format!("{inner_ip}/30"), "dev", &inner])
        && inside(&["link", "set", &inner, "up"])
        && inside(&["link", "set", "lo", "up"]);
    if !ok {
        ip(&["link", "del", &outer]);
        return None;
    }
    Some((ns, inner_ip))
}

#[test]
fn host_and_clients_in_separate_network_namespaces() {
    let Some((ns, inner_ip)) = namespace() else {
        eprintln!(
            "skipped: this machine allows no network namespace with a veth pair (root and `ip` needed)"
        );
        return;
    };
    let root = tempfile::tempdir().expect("a temporary directory");
    let mut host = Command::new("ip")
        .args(["netns", "exec", &ns.0, env!("CARGO_BIN_EXE_contree"), "host"])
        .args(["--listen", &format!("{inner_ip}:7401"), "--deal-pause", "0", "--rate", "1000"])
        .env("CONTREE_DATA_DIR", root.path().join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut first = String::new();
    let out = host.stdout.take().expect("its output");
    BufReader::new(out).read_line(&mut first).expect("a first line");
    assert!(first.contains("listening on"), "{first}");
    let addr = format!("{inner_ip}:7401");
    let names = ["Ana", "Bea", "Cid", "Dan"];
    let mut players: Vec<Player> =
        names.iter().map(|n| Player::new(&addr, n, &root.path().join(n))).collect();
    let setup = TableSetup::new(contree::game::GameOptions::default(), Level::Normal);
    players[0].remote.create(setup, None);
    play_until(&mut players[..1], Duration::from_secs(10), |p| p[0].code.is_some());
    let code = players[0].code.clone().expect("a code");
    for (p, seat) in players[1..].iter().zip([Seat::East, Seat::North, Seat::West]) {
        p.remote.join(&code, None, Some(seat));
    }
    play_until(&mut players, Duration::from_secs(10), |ps| ps.iter().all(|p| p.seat.is_some()));
    players[0].remote.send(ClientMsg::Start {});
    play_until(&mut players, Duration::from_secs(300), |ps| ps.iter().all(|p| p.over));
    for p in &players {
        assert!(p.events.iter().any(|e| matches!(e, RemoteEvent::GameOver { .. })));
        check_privacy(&p.received(), p.seat.expect("seated")).expect("private");
    }
    let _ = host.kill();
    let _ = host.wait();
    drop(ns);
}
