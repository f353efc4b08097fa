//! Joins that fail write nothing on the host's disk, and one address may fail only a few times a
//! minute, so that a table's password cannot be guessed at speed; a table that cannot be saved
//! tells nothing that is not on disk.

mod netplay;

use std::time::Duration;

use contree::game::GameOptions;
use contree::net::client::RemoteEvent;
use contree::net::host::{HostConfig, Limits, start};
use contree::net::wire::{ErrorCode, TableSetup};
use contree::personas::Level;
use netplay::{Player, play_until};

fn errors(player: &Player) -> Vec<ErrorCode> {
    let error = |e: &RemoteEvent| match e {
        RemoteEvent::Error { error, .. } => Some(*error),
        _ => None,
    };
    player.events.iter().filter_map(error).collect()
}

#[cfg(unix)]
#[test]
fn failed_joins_write_nothing_and_are_bounded_per_address() {
    use std::os::unix::fs::MetadataExt;
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), dir.clone());
    config.limits = Limits { per_second: 1000, burst: 2000, ..Limits::default() };
    config.sync = false;
    let running = start(config).expect("the host starts");
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    let mut setup = TableSetup::new(GameOptions::default(), Level::Easy);
    setup.password = Some("tarot".into());
    ana.remote.create(setup, None);
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    let code = ana.code.clone().expect("a code");
    let file = dir.join("tables").join(format!("{code}.json"));
    // Each save writes a new file over the old one, at another time.
    let inode = || {
        let m = std::fs::metadata(&file).expect("the table's file");
        (m.ino(), m.mtime(), m.mtime_nsec())
    };
    let before = inode();
    std::thread::sleep(Duration::from_millis(20));
    let mut eve = Player::new(&addr, "Eve", &root.path().join("eve"));
    for guess in 0..6 {
        eve.remote.join(&code, Some(format!("guess{guess}")), None);
    }
    eve.remote.join(&code, Some("tarot".into()), None);
    play_until(std::slice::from_mut(&mut eve), Duration::from_secs(10), |p| {
        errors(&p[0]).len() == 7
    });
    let mut want = vec![ErrorCode::WrongPassword; 6];
    want.push(ErrorCode::TooFast);
    assert_eq!(errors(&eve), want, "past six failures a minute, even the password is refused");
    assert!(eve.seat.is_none());
    assert_eq!(inode(), before, "no failed join was saved");
}

#[test]
fn a_table_that_cannot_be_saved_stops_and_gives_no_token() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let dir = root.path().join("host");
    let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), dir.clone());
    config.limits = Limits { per_second: 1000, burst: 2000, ..Limits::default() };
    config.sync = false;
    let running = start(config).expect("the host starts");
    let addr = running.addr.to_string();
    let mut ana = Player::new(&addr, "Ana", &root.path().join("ana"));
    ana.remote.create(TableSetup::new(GameOptions::default(), Level::Easy), None);
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), |p| p[0].code.is_some());
    let code = ana.code.clone().expect("a code");
    // The disk refuses from now on: `tables` is a file, no longer a directory.
    std::fs::rename(dir.join("tables"), dir.join("kept")).expect("moved");
    std::fs::write(dir.join("tables"), b"").expect("a file in the way");
    let bea = Player::new(&addr, "Bea", &root.path().join("bea"));
    bea.remote.join(&code, None, None);
    let mut both = vec![ana, bea];
    let stopped = |p: &Player| errors(p).contains(&ErrorCode::NotSaved);
    play_until(&mut both, Duration::from_secs(10), |ps| ps.iter().all(stopped));
    let joined = both[1].events.iter().any(|e| matches!(e, RemoteEvent::Joined { .. }));
    assert!(!joined, "no seat token that is not on disk");
    assert!(both[1].seat.is_none());
    // The last file is whole, and the table is no longer served.
    let kept = std::fs::read(dir.join("kept").join(format!("{code}.json"))).expect("kept");
    assert!(contree::net::saved::from_bytes(&kept).is_ok());
    both[0].remote.send(contree::net::wire::ClientMsg::Start {});
    play_until(&mut both, Duration::from_secs(10), |ps| {
        errors(&ps[0]).contains(&ErrorCode::NoSuchTable)
    });
}
