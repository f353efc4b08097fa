//! Scripted players of the network table, for the tests: each connects with the client
//! library, plays its seat as the `normal` level would from the view it is sent, and keeps
//! every byte the host sent it; and the check that no byte showed a card of another seat's
//! hand before it was played or the deal was over.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use contree::bots::Decision;
use contree::bots::expert::Budget;
use contree::game::Action;
use contree::net::client::{Connect, Remote, RemoteEvent, RemoteView};
use contree::net::wire::{ServerMsg, WireAction};
use contree::personas::{BiddingStyle, Level};
use contree::rules::{Card, Seat};

/// A client connected to `addr` as `name`, its files in `dir`.
pub fn connect(addr: &str, name: &str, dir: &Path) -> Remote {
    let connect = Connect {
        addr: addr.to_string(),
        name: name.to_string(),
        dir: dir.to_path_buf(),
        timeout: Duration::from_secs(10),
        record: true,
    };
    Remote::connect(connect).expect("the host answers")
}

/// A scripted player.
pub struct Player {
    /// Its name.
    pub name: String,
    /// Its data directory.
    pub dir: PathBuf,
    /// Its connection.
    pub remote: Remote,
    /// Its seat, once joined.
    pub seat: Option<Seat>,
    /// The table's code, once joined.
    pub code: Option<String>,
    /// The last view it was sent.
    pub view: Option<RemoteView>,
    /// Every event it got.
    pub events: Vec<RemoteEvent>,
    /// Whether the game is over, or the connection.
    pub over: bool,
    /// The bytes received on connections closed before this one.
    pub earlier: Vec<u8>,
    /// Whether the player says `next` as soon as a deal is over.
    pub auto_next: bool,
    acted_at: Option<u64>,
}

impl Player {
    /// A player connected to `addr`.
    pub fn new(addr: &str, name: &str, dir: &Path) -> Player {
        Player {
            name: name.to_string(),
            dir: dir.to_path_buf(),
            remote: connect(addr, name, dir),
            seat: None,
            code: None,
            view: None,
            events: Vec::new(),
            over: false,
            earlier: Vec::new(),
            auto_next: true,
            acted_at: None,
        }
    }

    /// Connects again to `addr` (after a drop or the host's restart) and sits back at its
    /// table with the token this machine keeps.
    pub fn reconnect(&mut self, addr: &str) {
        self.earlier.extend(self.remote.received());
        self.remote = connect(addr, &self.name, &self.dir);
        // A player who saw the game's end keeps it: its table may be closed since.
        self.over = self.events.iter().any(|e| matches!(e, RemoteEvent::GameOver { .. }));
        self.acted_at = None;
        let code = self.code.clone().expect("a table to go back to");
        self.remote.join(&code, None, None);
    }

    /// Every byte the host sent this player, on every connection.
    pub fn received(&self) -> Vec<u8> {
        let mut all = self.earlier.clone();
        all.extend(self.remote.received());
        all
    }

    /// Waits up to `wait` for one event and answers it as the seat's player would; `false`
    /// when none came.
    pub fn step(&mut self, wait: Duration) -> bool {
        let Some(event) = self.remote.next_event(wait) else { return false };
        match &event {
            RemoteEvent::Joined { code, seat } => {
                self.seat = Some(*seat);
                self.code = Some(code.clone());
            }
            RemoteEvent::View(v) => {
                // A player who moved before the start plays from the seat the view is of.
                self.seat = Some(v.view.seat());
                self.view = Some((**v).clone());
                self.maybe_act(v);
            }
            RemoteEvent::DealOver { .. } if self.auto_next => {
                self.remote.send(contree::net::wire::ClientMsg::Next {});
            }
            RemoteEvent::GameOver { .. } | RemoteEvent::Closed(_) => self.over = true,
            _ => {}
        }
        self.events.push(event);
        true
    }

    fn maybe_act(&mut self, v: &RemoteView) {
        if v.to_act != self.seat || v.to_act.is_none() || self.acted_at == Some(v.revision) {
            return;
        }
        self.acted_at = Some(v.revision);
        self.remote.act(decide(v));
    }

    /// Whether the player's seat is to act in the last view.
    pub fn to_act(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.to_act.is_some() && v.to_act == self.seat)
    }
}

/// What the `normal` level does in the view.
pub fn decide(v: &RemoteView) -> Action {
    Level::Normal.decide(&Decision {
        view: &v.view,
        style: BiddingStyle::Cautious,
        seed: v.revision,
        budget: Budget::DEFAULT,
        cancel: None,
    })
}

/// Steps every player until `done` holds, within `limit` of time and a bounded count of steps;
/// panics past either.
pub fn play_until(
    players: &mut [Player],
    limit: Duration,
    mut done: impl FnMut(&[Player]) -> bool,
) {
    let start = Instant::now();
    for _ in 0..2_000_000 {
        if done(players) {
            return;
        }
        assert!(start.elapsed() < limit, "not done within {limit:?}");
        let mut any = false;
        for p in players.iter_mut() {
            any |= p.step(Duration::ZERO);
        }
        if !any {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    panic!("not done within the steps allowed");
}

/// Every card named by any string of a JSON value.
fn cards_in(value: &serde_json::Value, out: &mut Vec<Card>) {
    match value {
        serde_json::Value::String(s) => out.extend(s.parse::<Card>().ok()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| cards_in(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| cards_in(v, out)),
        _ => {}
    }
}

/// Checks the bytes `seat` received: every card any line names before the end of its deal is
/// in the seat's own hand as dealt, or was played by then. Answers the deals checked.
pub fn check_privacy(bytes: &[u8], seat: Seat) -> Result<usize, String> {
    let mut pending: Vec<(usize, Vec<Card>, Vec<Card>)> = Vec::new();
    let mut played: Vec<Card> = Vec::new();
    let mut deals = 0;
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate().filter(|(_, l)| !l.is_empty()) {
        let value: serde_json::Value =
            serde_json::from_slice(line).map_err(|e| format!("line {n}: not JSON: {e}"))?;
        let msg: ServerMsg = serde_json::from_value(value.clone())
            .map_err(|e| format!("line {n}: not a message: {e}"))?;
        match &msg {
            ServerMsg::Acted { action: WireAction::Play(c), .. } => played.push(*c),
            ServerMsg::DealOver { record, .. } => {
                let own = &record.hands[seat];
                for (line, named, seen) in pending.drain(..) {
                    if let Some(c) = named.iter().find(|c| !own.contains(c) && !seen.contains(c)) {
                        return Err(format!("line {line} shows {c} before it was played"));
                    }
                }
                played.clear();
                deals += 1;
                continue;
            }
            _ => {}
        }
        let mut named = Vec::new();
        cards_in(&value, &mut named);
        if !named.is_empty() {
            pending.push((n, named, played.clone()));
        }
    }
    Ok(deals)
}
