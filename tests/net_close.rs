//! A network table's end: a table every player left, a finished game, a table nobody came back
//! to are closed and their files leave the host's `tables/`; bots never play on alone; one
//! address opens a bounded number of tables; tables past the host's bound at its start are said.

mod netplay;

use std::path::Path;
use std::time::{Duration, Instant};

use contree::game::GameOptions;
use contree::net::client::RemoteEvent;
use contree::net::host::{HostConfig, Limits, Running, start};
use contree::net::wire::{ClientMsg, ErrorCode, TableSetup};
use contree::personas::Level;
use contree::session::friends::Filing;
use netplay::{Player, play_until};

fn config(dir: &Path, limits: Limits) -> HostConfig {
    let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), dir.to_path_buf());
    config.limits = Limits { per_second: 1000, burst: 2000, ..limits };
    config.deal_pause = Duration::from_millis(200);
    config.sync = false;
    config
}

fn host(dir: &Path, limits: Limits) -> Running {
    start(config(dir, limits)).expect("the host starts")
}

fn setup() -> TableSetup {
    let mut s = TableSetup::new(GameOptions::default(), Level::Easy);
    s.grace_secs = 5;
    s
}

/// A new player at a new table of its own: its code.
fn create(player: &mut Player) -> String {
    player.remote.create(setup(), None);
    play_until(std::slice::from_mut(player), Duration::from_secs(10), |p| p[0].code.is_some());
    player.code.clone().expect("a code")
}

/// The errors `player` was sent.
fn errors(player: &Player) -> Vec<ErrorCode> {
    let error = |e: &RemoteEvent| match e {
        RemoteEvent::Error { error, .. } => Some(*error),
        _ => None,
    };
    player.events.iter().filter_map(error).collect()
}

/// Waits up to `limit` for `done`.
fn wait_for(limit: Duration, done: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

fn table_file(dir: &Path, code: &str) -> std::path::PathBuf {
    dir.join("tables").join(format!("{code}.json"))
}

#[test]
fn tables_every_player_left_are_closed_so_creating_never_runs_out() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let running = host(&dir, Limits { tables: 2, ..Limits::default() });
    let addr = running.addr.to_string();
    // Create, start, leave: more times than the host serves tables at once.
    for n in 0..4 {
        let mut ana = Player::new(&addr, "Ana", &root.path().join(format!("ana{n}")));
        let code = create(&mut ana);
        assert!(table_file(&dir, &code).exists());
        if n % 2 == 0 {
            ana.remote.send(ClientMsg::Start {});
            play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| {
                p[0].view.is_some()
            });
        }
        ana.remote.send(ClientMsg::Leave {});
        assert!(
            wait_for(Duration::from_secs(10), || !table_file(&dir, &code).exists()),
            "the file of table {code}, left by all, is removed"
        );
        let mut bea = Player::new(&addr, "Bea", &root.path().join(format!("bea{n}")));
        bea.remote.join(&code, None, None);
        play_until(std::slice::from_mut(&mut bea), Duration::from_secs(10), |p| {
            !errors(&p[0]).is_empty()
        });
        assert_eq!(errors(&bea), [ErrorCode::NoSuchTable]);
    }
    assert!(!dir.join("finished").exists(), "no game was finished");
}

#[test]
fn a_table_nobody_comes_back_to_waits_without_its_bots_then_is_closed() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let mut config = config(&dir, Limits::default());
    config.abandon = Duration::from_secs(9);
    let running = start(config).expect("the host starts");
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    let code = create(&mut ana);
    ana.remote.send(ClientMsg::Start {});
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].view.is_some());
    drop(ana);
    std::thread::sleep(Duration::from_millis(300));
    let revision = || {
        let bytes = std::fs::read(table_file(&dir, &code)).expect("the table is kept");
        contree::net::saved::from_bytes(&bytes).expect("a table").revision
    };
    let before = revision();
    // Past the grace time, no player connected: the bots wait, the game does not move.
    std::thread::sleep(Duration::from_secs(6));
    assert_eq!(revision(), before, "the bots did not play alone");
    assert!(
        wait_for(Duration::from_secs(10), || !table_file(&dir, &code).exists()),
        "a table nobody came back to is closed"
    );
}

#[test]
fn a_finished_game_is_closed_and_kept_among_the_finished() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let running = host(&dir, Limits::default());
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    let code = create(&mut ana);
    ana.remote.send(ClientMsg::Start {});
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(600), |p| p[0].over);
    assert!(ana.events.iter().any(|e| matches!(e, RemoteEvent::GameOver { .. })));
    let finished = dir.join("finished").join(format!("{code}.json"));
    assert!(wait_for(Duration::from_secs(10), || finished.exists()), "kept among the finished");
    assert!(!table_file(&dir, &code).exists(), "no longer served");
    let table = contree::net::saved::from_bytes(&std::fs::read(&finished).expect("read"));
    assert!(table.expect("a table").finished());
    // The whole game came with its end, and goes into Ana's own history and statistics.
    let mut seen = contree::session::remote::RemoteTable::new();
    for e in ana.events.clone() {
        seen.apply(e);
    }
    let played = seen.played(&addr).expect("the whole game was sent");
    assert_eq!(played.friends.table, code);
    assert_eq!(played.friends.names[0], "Ana");
    let ana_dir = root.path().join("ana");
    let filing = contree::session::friends::file(&ana_dir, &played);
    assert!(matches!(filing, Filing::Filed(true)), "{filing:?}");
    let again = contree::session::friends::file(&ana_dir, &played);
    assert!(matches!(again, Filing::Filed(false)), "filed once: {again:?}");
    let store = contree::store::Store::reading(&ana_dir);
    let games = store.games().expect("the history reads").games;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].friends.as_ref().map(|f| f.seat), Some(contree::rules::Seat::South));
    let stats = store.stats();
    assert_eq!(stats.all_games().played, 1);
    let (winner, _) = seen.over.expect("the game's end");
    let won = u32::from(winner == contree::rules::Team::NS);
    assert_eq!(stats.all_games().won, won);
    assert_eq!(u64::from(stats.deals.played), played.game.deals.len() as u64);
}

#[test]
fn an_address_opens_few_tables_at_once_and_the_host_says_those_it_cannot_serve() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let limits = Limits { tables_per_address: 2, ..Limits::default() };
    let running = host(&dir, limits);
    let addr = running.addr.to_string();
    let mut players: Vec<Player> =
        (0..3).map(|n| Player::new(&addr, "Ana", &root.path().join(format!("ana{n}")))).collect();
    create(&mut players[0]);
    create(&mut players[1]);
    players[2].remote.create(setup(), None);
    play_until(&mut players[2..], Duration::from_secs(10), |p| !errors(&p[0]).is_empty());
    assert_eq!(errors(&players[2]), [ErrorCode::TooManyTables]);
    // A table closed frees its place.
    players[0].remote.send(ClientMsg::Leave {});
    let code = players[0].code.clone().expect("a code");
    assert!(wait_for(Duration::from_secs(10), || !table_file(&dir, &code).exists()));
    create(&mut players[2]);
    // Started again with room for one table, the host serves one and says the other.
    drop(players);
    drop(running);
    let again = start(config(&dir, Limits { tables: 1, ..Limits::default() })).expect("started");
    assert_eq!(again.resumed, 1);
    assert_eq!(again.told.len(), 1, "{:?}", again.told);
    assert!(again.told[0].contains("not served"), "{:?}", again.told);
}
