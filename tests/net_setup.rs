//! The rules a network table is created with: the host refuses a traditional deal (the tricks
//! gathered and the cut would tell any seat the next deal's hands).

mod netplay;

use std::time::Duration;

use contree::game::{DealStyle, GameOptions};
use contree::net::client::RemoteEvent;
use contree::net::host::{HostConfig, start};
use contree::net::wire::{ErrorCode, TableSetup};
use contree::personas::Level;
use netplay::{Player, play_until};

#[test]
fn the_host_refuses_a_traditional_deal() {
    let root = tempfile::tempdir().expect("a temporary directory");
    let mut config =
        HostConfig::new("127.0.0.1:0".parse().expect("an address"), root.path().join("host"));
    config.sync = false;
    let running = start(config).expect("the host starts");
    let mut ana = Player::new(&running.addr.to_string(), "Ana", &root.path().join("ana"));
    let mut setup = TableSetup::new(GameOptions::default(), Level::Easy);
    setup.options.deal_style = DealStyle::Tradition;
    ana.remote.create(setup, None);
    let refused = |p: &[Player]| {
        p[0].events
            .iter()
            .any(|e| matches!(e, RemoteEvent::Error { error: ErrorCode::BadSetup, .. }))
    };
    play_until(std::slice::from_mut(&mut ana), Duration::from_secs(10), refused);
    assert!(ana.code.is_none(), "no table was opened");
}
