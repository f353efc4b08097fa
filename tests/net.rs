//! The network table on loopback: four scripted clients play whole games and see nothing of
//! another seat's hand before its time; hostile clients (garbage, oversized lines, floods,
//! silence, out-of-turn and illegal actions, one that stops reading) are cut off or refused
//! while the table plays on; a dropped player takes its seat back; versions, passwords and
//! fingerprints are refused as they must be. Every loop is bounded in count and time.

mod netplay;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use contree::game::{Action, GameOptions};
use contree::net::client::{ConnectError, RemoteEvent};
use contree::net::host::{HostConfig, Limits, Running, start};
use contree::net::tls::{HOST_NAME, PinVerifier, Pins, client_config};
use contree::net::wire::{ClientMsg, ErrorCode, PROTOCOL, ServerMsg, TableSetup, line};
use contree::personas::Level;
use contree::rules::{Call, Seat};
use netplay::{Player, check_privacy, play_until};

/// The bounds of a host whose players are scripts, acting as soon as they may: more messages
/// a second than a person sends.
fn fast() -> Limits {
    Limits { per_second: 1000, burst: 2000, ..Limits::default() }
}

/// A host on loopback with `limits`, its files in `dir`.
fn host(dir: &std::path::Path, limits: Limits) -> Running {
    host_pausing(dir, limits, Duration::from_millis(200))
}

/// A host on loopback with `limits` and `pause` between deals, its files in `dir`.
fn host_pausing(dir: &std::path::Path, limits: Limits, pause: Duration) -> Running {
    let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), dir.to_path_buf());
    config.limits = limits;
    config.deal_pause = pause;
    config.sync = false;
    start(config).expect("the host starts")
}

/// The usual table: contrée to 1000, bots at `normal`, the shortest grace.
fn setup() -> TableSetup {
    let mut s = TableSetup::new(GameOptions::default(), Level::Normal);
    s.grace_secs = 5;
    s
}

/// Four players at a new table, the first its creator at South, the game started.
fn table_of_four(addr: &str, root: &std::path::Path) -> Vec<Player> {
    let names = ["Ana", "Bea", "Cid", "Dan"];
    let mut players: Vec<Player> =
        names.iter().map(|n| Player::new(addr, n, &root.join(n))).collect();
    players[0].remote.create(setup(), None);
    play_until(&mut players[..1], Duration::from_secs(10), |p| p[0].code.is_some());
    let code = players[0].code.clone().expect("a code");
    for (p, seat) in players[1..].iter().zip([Seat::East, Seat::North, Seat::West]) {
        p.remote.join(&code, None, Some(seat));
    }
    play_until(&mut players, Duration::from_secs(10), |ps| ps.iter().all(|p| p.seat.is_some()));
    players[0].remote.send(ClientMsg::Start {});
    players
}

/// A raw TLS connection, for the clients that do not follow the protocol.
struct Raw {
    stream: rustls::StreamOwned<rustls::ClientConnection, TcpStream>,
}

impl Raw {
    fn new(addr: &str) -> Raw {
        let tcp = TcpStream::connect(addr).expect("connected");
        tcp.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
        let config = client_config(Arc::new(PinVerifier::new(addr, None))).expect("a config");
        let name = rustls::pki_types::ServerName::try_from(HOST_NAME).expect("a name");
        let conn = rustls::ClientConnection::new(Arc::new(config), name).expect("a client");
        Raw { stream: rustls::StreamOwned::new(conn, tcp) }
    }

    fn send(&mut self, bytes: &[u8]) -> bool {
        self.stream.write_all(bytes).and_then(|()| self.stream.flush()).is_ok()
    }

    /// The host's lines until it closes the connection (at most 1000 of them).
    fn lines_until_closed(self) -> Vec<ServerMsg> {
        let mut r = BufReader::new(self.stream);
        let mut out = Vec::new();
        for _ in 0..1000 {
            let mut l = String::new();
            match r.read_line(&mut l) {
                Ok(0) | Err(_) => break,
                Ok(_) => out.extend(serde_json::from_str(&l).ok()),
            }
        }
        out
    }
}

fn hello(name: &str) -> Vec<u8> {
    line(&ClientMsg::Hello { protocol: PROTOCOL, name: name.to_string() }).into_bytes()
}

fn refused(msgs: &[ServerMsg]) -> Option<ErrorCode> {
    msgs.iter().find_map(|m| match m {
        ServerMsg::Refused { error, .. } => Some(*error),
        _ => None,
    })
}

#[test]
fn four_clients_play_a_whole_game_and_see_no_card_before_its_time() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    let mut players = table_of_four(&addr, root.path());
    // A hostile client beside the table: garbage, then an oversized line.
    let mut garbage = Raw::new(&addr);
    garbage.send(&hello("Eve"));
    garbage.send(b"\x00\xff not json\n");
    assert_eq!(refused(&garbage.lines_until_closed()), Some(ErrorCode::Garbled));
    let mut big = Raw::new(&addr);
    big.send(&hello("Eve"));
    big.send(&vec![b'{'; 10_000]);
    assert_eq!(refused(&big.lines_until_closed()), Some(ErrorCode::TooLong));
    // Out of turn and illegal: a seat not to act calls a surcontre and plays a card it does not
    // hold; both are refused with the rule they break, and the game goes on.
    play_until(&mut players, Duration::from_secs(20), |ps| ps.iter().all(|p| p.view.is_some()));
    let other = players
        .iter()
        .position(|p| p.view.as_ref().is_some_and(|v| v.to_act != p.seat))
        .expect("a seat not to act");
    let hand = players[other].view.as_ref().map(|v| v.view.hand()).expect("a hand");
    let card = contree::rules::Card::all().find(|c| !hand.contains(*c)).expect("a card");
    players[other].remote.act(Action::Bid(Call::Surcontre));
    players[other].remote.act(Action::Play(card));
    play_until(&mut players, Duration::from_secs(300), |ps| ps.iter().all(|p| p.over));
    // The seat may have come to act meanwhile: then the rules of the call and the card refuse
    // them.
    use contree::net::wire::Rule;
    let rules: Vec<_> = players[other]
        .events
        .iter()
        .filter_map(|e| match e {
            RemoteEvent::Error { error: ErrorCode::Illegal, rule } => Some(*rule),
            _ => None,
        })
        .collect();
    assert_eq!(rules.len(), 2, "both actions refused: {rules:?}");
    assert!(
        matches!(rules[0], Some(Rule::NotYourTurn | Rule::SurcontreWithoutContre)),
        "{rules:?}"
    );
    assert!(matches!(rules[1], Some(Rule::NotYourTurn | Rule::NotPlayingYet)), "{rules:?}");
    for p in &players {
        let last: Vec<_> = p.events.iter().rev().take(3).collect();
        assert!(
            p.events.iter().any(|e| matches!(e, RemoteEvent::GameOver { .. })),
            "{} ended with {last:?}",
            p.name
        );
        let deals = check_privacy(&p.received(), p.seat.expect("seated")).expect("private");
        assert!(deals >= 2, "{} saw {deals} deals", p.name);
    }
}

#[test]
fn a_client_that_stops_reading_is_dropped_and_the_others_play_on() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let limits = Limits { queue: 8, write: Duration::from_secs(2), ..fast() };
    let running = host(&root.path().join("host"), limits);
    let addr = running.addr.to_string();
    let mut players: Vec<Player> =
        ["Ana", "Bea", "Cid"].iter().map(|n| Player::new(&addr, n, &root.path().join(n))).collect();
    players[0].remote.create(setup(), None);
    play_until(&mut players[..1], Duration::from_secs(10), |p| p[0].code.is_some());
    let code = players[0].code.clone().expect("a code");
    players[1].remote.join(&code, None, Some(Seat::East));
    players[2].remote.join(&code, None, Some(Seat::North));
    // West joins, then never reads again.
    let mut silent = Raw::new(&addr);
    silent.send(&hello("Sid"));
    let join = ClientMsg::Join { code, password: None, seat: Some(Seat::West), token: None };
    silent.send(line(&join).as_bytes());
    play_until(&mut players, Duration::from_secs(10), |ps| {
        ps[0].events.iter().any(|e| matches!(e, RemoteEvent::Table(t) if t.seats[3].taken))
    });
    players[0].remote.send(ClientMsg::Start {});
    play_until(&mut players, Duration::from_secs(300), |ps| ps.iter().all(|p| p.over));
    let west_bot = players[0]
        .events
        .iter()
        .any(|e| matches!(e, RemoteEvent::Acted { seat: Seat::West, bot: true, .. }));
    assert!(west_bot, "a bot played West's seat");
    drop(silent);
}

#[test]
fn a_player_cut_mid_trick_comes_back_to_it_and_is_told_of_the_bot() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    let mut players = table_of_four(&addr, root.path());
    // Wait for West's turn in the middle of a trick, with West's client holding back.
    let mid_trick = |p: &Player| {
        p.view
            .as_ref()
            .is_some_and(|v| v.to_act == Some(Seat::West) && v.view.cards_played() % 4 != 0)
    };
    let mut others: Vec<Player> = players.drain(..3).collect();
    let mut west_p = players.pop().expect("West");
    for _ in 0..200_000 {
        if mid_trick(&west_p) {
            break;
        }
        // West watches without acting until its turn comes mid-trick.
        if let Some(e) = west_p.remote.next_event(Duration::ZERO) {
            if let RemoteEvent::View(v) = &e {
                west_p.view = Some((**v).clone());
                if v.to_act == Some(Seat::West) && v.view.cards_played() % 4 == 0 {
                    west_p.remote.act(netplay::decide(v));
                }
            }
            if let RemoteEvent::Joined { seat, code } = &e {
                west_p.seat = Some(*seat);
                west_p.code = Some(code.clone());
            }
            if let RemoteEvent::DealOver { .. } = &e {
                west_p.remote.send(ClientMsg::Next {});
            }
        }
        for p in others.iter_mut() {
            p.step(Duration::ZERO);
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let before = west_p.view.clone().expect("a view");
    assert!(mid_trick(&west_p), "West's turn came mid-trick");
    // Cut, and back at once: the same trick, West still to play.
    west_p.reconnect(&addr);
    play_until(std::slice::from_mut(&mut west_p), Duration::from_secs(10), |p| {
        p[0].view.as_ref().is_some_and(|v| v.revision >= before.revision)
    });
    let back = west_p.view.clone().expect("a view");
    assert_eq!(back.view.cards_played(), before.view.cards_played());
    assert_eq!(back.view.hand(), before.view.hand());
    assert_eq!(west_p.seat, Some(Seat::West));
    // Cut again, and away past the grace time: a bot plays West's turn, which the others see.
    let gone_at = back.revision;
    let watcher = netplay::connect(&addr, "Watcher", &root.path().join("w"));
    drop(std::mem::replace(&mut west_p.remote, watcher));
    let bot_card = |ps: &[Player]| {
        ps[0].events.iter().find_map(|e| match e {
            RemoteEvent::Acted { seat: Seat::West, bot: true, action } => Some(*action),
            _ => None,
        })
    };
    play_until(&mut others, Duration::from_secs(30), |ps| bot_card(ps).is_some());
    let by_bot = bot_card(&others).expect("the bot's action");
    west_p.reconnect(&addr);
    let mut all = others;
    all.push(west_p);
    play_until(&mut all, Duration::from_secs(10), |ps| {
        ps[3].view.as_ref().is_some_and(|v| v.revision > gone_at)
    });
    let back = all[3].view.clone().expect("a view");
    assert_eq!(all[3].seat, Some(Seat::West));
    if let Action::Play(card) = by_bot {
        assert!(!back.view.hand().contains(card), "the bot's card left West's hand");
    }
    let joined = all[3].events.iter().filter(|e| matches!(e, RemoteEvent::Joined { .. })).count();
    assert!(joined >= 1, "West sat back");
}

#[test]
fn another_protocol_version_is_refused_clearly() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    for version in [0, PROTOCOL + 1] {
        let mut raw = Raw::new(&addr);
        let l = line(&ClientMsg::Hello { protocol: version, name: "Old".into() });
        raw.send(l.as_bytes());
        let msgs = raw.lines_until_closed();
        assert!(msgs.iter().any(|m| matches!(
            m,
            ServerMsg::Refused { error: ErrorCode::Version, protocol } if *protocol == PROTOCOL
        )));
    }
    // A hello of a newer version with fields this one does not know is refused the same way.
    let mut raw = Raw::new(&addr);
    raw.send(b"{\"type\":\"hello\",\"protocol\":9,\"name\":\"N\",\"colour\":\"blue\"}\n");
    assert_eq!(refused(&raw.lines_until_closed()), Some(ErrorCode::Version));
}

#[test]
fn a_first_line_not_of_the_protocol_is_garbled_and_another_message_unexpected() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    let first = |bytes: &[u8]| {
        let mut raw = Raw::new(&addr);
        raw.send(bytes);
        refused(&raw.lines_until_closed())
    };
    assert_eq!(first(b"GET / HTTP/1.1\r\n"), Some(ErrorCode::Garbled));
    assert_eq!(first(b"{\"type\":\"hello\"}\n"), Some(ErrorCode::Garbled));
    assert_eq!(first(b"{\"type\":\"ping\"}\n"), Some(ErrorCode::Unexpected));
}

#[test]
fn silence_floods_and_crowds_are_cut_off() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let limits = Limits {
        hello: Duration::from_secs(1),
        per_second: 5,
        burst: 10,
        per_address: 3,
        ..Limits::default()
    };
    let running = host(&root.path().join("host"), limits);
    let addr = running.addr.to_string();
    // No hello: closed after the hello time.
    let raw = Raw::new(&addr);
    let mut tcp_only = TcpStream::connect(&addr).expect("connected");
    tcp_only.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
    let mut buf = [0u8; 16];
    assert!(matches!(tcp_only.read(&mut buf), Ok(0) | Err(_)), "a silent socket is closed");
    drop(raw);
    // A flood of pings.
    let mut flood = Raw::new(&addr);
    flood.send(&hello("Flo"));
    for _ in 0..50 {
        if !flood.send(&line(&ClientMsg::Ping {}).into_bytes()) {
            break;
        }
    }
    assert_eq!(refused(&flood.lines_until_closed()), Some(ErrorCode::TooFast));
    // Three connections from the address are let in, a fourth is closed at once.
    let held: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(&addr).expect("in")).collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut fourth = TcpStream::connect(&addr).expect("connected");
    fourth.set_read_timeout(Some(Duration::from_secs(5))).expect("a timeout");
    assert!(matches!(fourth.read(&mut buf), Ok(0) | Err(_)));
    drop(held);
}

#[test]
fn passwords_codes_and_fingerprints_are_checked() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    assert!(ana.remote.first_contact);
    assert_eq!(ana.remote.fingerprint, running.fingerprint);
    let mut s = setup();
    s.password = Some("tarot".into());
    ana.remote.create(s, None);
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    let code = ana.code.clone().expect("a code");
    let mut bea = Player::new(&addr, "Bea", &root.path().join("bea"));
    bea.remote.join("ACDEFH", None, None);
    bea.remote.join(&code, None, None);
    bea.remote.join(&code, Some("belote".into()), None);
    bea.remote.join(&code, Some("tarot".into()), Some(Seat::South));
    bea.remote.join(&code, Some("tarot".into()), None);
    play_until(std::slice::from_mut(&mut bea), Duration::from_secs(10), |p| p[0].seat.is_some());
    let errors: Vec<ErrorCode> = bea
        .events
        .iter()
        .filter_map(|e| match e {
            RemoteEvent::Error { error, .. } => Some(*error),
            _ => None,
        })
        .collect();
    use ErrorCode::*;
    assert_eq!(errors, [NoSuchTable, WrongPassword, WrongPassword, SeatTaken]);
    assert_eq!(bea.seat, Some(Seat::East));
    // The same player again: pinned, no first contact; a changed fingerprint is refused.
    let again = netplay::connect(&addr, "Ana", &root.path().join("ana"));
    assert!(!again.first_contact);
    let (mut pins, _) = Pins::load(&root.path().join("ana"));
    pins.hosts.insert(addr.clone(), "00".repeat(32));
    pins.save(&root.path().join("ana")).expect("saved");
    let connect = contree::net::client::Connect {
        addr: addr.clone(),
        name: "Ana".into(),
        dir: root.path().join("ana"),
        timeout: Duration::from_secs(10),
        record: false,
    };
    let refused = contree::net::client::Remote::connect(connect);
    assert!(matches!(refused, Err(ConnectError::Pin(_))), "{refused:?}");
}

#[test]
fn players_move_before_the_start_and_only_the_creator_starts() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), fast());
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    ana.remote.create(setup(), Some(Seat::West));
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    assert_eq!(ana.seat, Some(Seat::West));
    let code = ana.code.clone().expect("a code");
    let mut bea = Player::new(&addr, "Bea", &root.path().join("bea"));
    bea.remote.join(&code, None, Some(Seat::East));
    play_until(std::slice::from_mut(&mut bea), Duration::from_secs(10), |p| p[0].seat.is_some());
    bea.remote.send(ClientMsg::Sit { seat: Seat::West });
    bea.remote.send(ClientMsg::Sit { seat: Seat::North });
    bea.remote.send(ClientMsg::Start {});
    let mut both = vec![ana, bea];
    play_until(&mut both, Duration::from_secs(10), |ps| {
        ps[1].events.iter().filter(|e| matches!(e, RemoteEvent::Error { .. })).count() >= 2
    });
    let errors: Vec<ErrorCode> = both[1]
        .events
        .iter()
        .filter_map(|e| match e {
            RemoteEvent::Error { error, .. } => Some(*error),
            _ => None,
        })
        .collect();
    assert_eq!(errors, [ErrorCode::SeatTaken, ErrorCode::NotCreator]);
    both[0].remote.send(ClientMsg::Start {});
    play_until(&mut both, Duration::from_secs(20), |ps| ps.iter().all(|p| p.view.is_some()));
    let seats: Vec<Seat> =
        both.iter().map(|p| p.view.as_ref().expect("a view").view.seat()).collect();
    assert_eq!(seats, [Seat::West, Seat::North], "Bea plays from the seat she moved to");
    let table = both[1].events.iter().rev().find_map(|e| match e {
        RemoteEvent::Table(t) => Some(t.clone()),
        _ => None,
    });
    let table = table.expect("the table");
    assert!(table.started);
    assert_eq!(table.seats[Seat::North.index()].name, "Bea");
    assert!(table.seats[Seat::East.index()].bot && !table.seats[Seat::East.index()].taken);
}

#[test]
fn bots_fill_the_free_seats_and_a_newcomer_takes_one_between_deals() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host_pausing(&root.path().join("host"), fast(), Duration::from_secs(5));
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    ana.auto_next = false;
    ana.remote.create(setup(), None);
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    let code = ana.code.clone().expect("a code");
    ana.remote.send(ClientMsg::Start {});
    // Mid-deal, a bot's seat is not given.
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(20), |p| p[0].view.is_some());
    let bea = Player::new(&addr, "Bea", &root.path().join("bea"));
    bea.remote.join(&code, None, Some(Seat::North));
    let mut both = vec![ana, bea];
    let busy = |ps: &[Player]| {
        ps[1]
            .events
            .iter()
            .any(|e| matches!(e, RemoteEvent::Error { error: ErrorCode::SeatBusy, .. }))
    };
    play_until(&mut both, Duration::from_secs(20), busy);
    // Between deals it is: the bots played the deal out with Ana.
    play_until(&mut both, Duration::from_secs(60), |ps| {
        ps[0].events.iter().any(|e| matches!(e, RemoteEvent::DealOver { .. }))
    });
    let bots = both[0]
        .events
        .iter()
        .any(|e| matches!(e, RemoteEvent::Acted { seat: Seat::North, bot: true, .. }));
    assert!(bots, "a bot played North's seat");
    both[1].remote.join(&code, None, Some(Seat::North));
    play_until(&mut both, Duration::from_secs(10), |ps| ps[1].seat == Some(Seat::North));
    both[0].remote.send(ClientMsg::Next {});
    play_until(&mut both, Duration::from_secs(20), |ps| {
        ps[1].view.as_ref().is_some_and(|v| v.view.hand().len() == 8)
    });
    assert_eq!(both[1].view.as_ref().map(|v| v.view.seat()), Some(Seat::North));
}

#[test]
fn a_seat_taken_back_on_another_connection_tells_the_old_one_and_closes_it() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let running = host(&root.path().join("host"), Limits { per_address: 2, ..fast() });
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    ana.remote.create(setup(), None);
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    let code = ana.code.clone().expect("a code");
    // The same player on the same machine connects again: its token takes the seat back.
    let again = Player::new(&addr, "Ana", &root.path().join("ana"));
    again.remote.join(&code, None, None);
    let mut both = vec![ana, again];
    play_until(&mut both, Duration::from_secs(10), |ps| ps[0].over && ps[1].seat.is_some());
    let lost = both[0]
        .events
        .iter()
        .position(|e| matches!(e, RemoteEvent::Error { error: ErrorCode::SeatLost, .. }));
    let closed = both[0].events.iter().position(|e| matches!(e, RemoteEvent::Closed(_)));
    assert!(lost.is_some() && lost < closed, "told, then closed: {:?}", both[0].events);
    assert_eq!(both[1].seat, Some(Seat::South));
    // Closed on the host's side too: the address's two connections are the new one and one
    // more, the old one no longer counted.
    let third = (0..50).find_map(|_| {
        let c = contree::net::client::Connect {
            addr: addr.clone(),
            name: "Cid".into(),
            dir: root.path().join("cid"),
            timeout: Duration::from_secs(5),
            record: false,
        };
        let r = contree::net::client::Remote::connect(c).ok();
        if r.is_none() {
            std::thread::sleep(Duration::from_millis(100));
        }
        r
    });
    assert!(third.is_some(), "the old connection is closed on the host's side");
}

#[test]
fn a_client_waiting_in_silence_pings_and_is_not_cut_off() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let limits = Limits { idle: Duration::from_secs(1), ..fast() };
    let running = host(&root.path().join("host"), limits);
    let connect = |ping: Duration| {
        let c = contree::net::client::Connect {
            addr: running.addr.to_string(),
            name: "Ana".into(),
            dir: root.path().join("ana"),
            timeout: Duration::from_secs(5),
            record: false,
        };
        contree::net::client::Remote::connect_pinging(c, ping).expect("connected")
    };
    let (pinging, silent) = (connect(Duration::from_millis(200)), connect(Duration::from_secs(60)));
    std::thread::sleep(Duration::from_millis(2500));
    for remote in [&pinging, &silent] {
        remote.join("ACDEFH", None, None);
    }
    let first = |r: &contree::net::client::Remote| r.next_event(Duration::from_secs(5));
    assert_eq!(
        first(&pinging),
        Some(RemoteEvent::Error { error: ErrorCode::NoSuchTable, rule: None }),
        "still connected"
    );
    assert_eq!(first(&silent), Some(RemoteEvent::Closed(None)), "cut off past the silence");
}
