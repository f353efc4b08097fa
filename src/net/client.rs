//! The client of a remote table, for a front end: [`Remote::connect`] reaches the host (TLS,
//! its fingerprint pinned on first contact), says `hello`, and from then on a thread of its own
//! reads the host's lines into [`RemoteEvent`]s and writes the player's messages. A front end
//! drives it as it drives the local session: it sends intentions ([`Remote::act`], ...) and
//! draws what it is sent, the seat's [`SeatView`] checked by the same reading as a `contree bot`
//! request ([`crate::bots::protocol::parse_view`]).
//!
//! The client keeps two files in the player's data directory: the hosts' fingerprints
//! ([`super::tls::PINS_FILE`]) and the seat tokens ([`SEATS_FILE`]), so that the player takes
//! their seat back with the same name from the same machine.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_rustls::TlsConnector;

use super::disk;
use super::frame::{Lines, Read};
use super::tls::{PinError, PinVerifier, Pins, client_config};
use super::wire::{
    ClientMsg, ErrorCode, MAX_SERVER_LINE, PROTOCOL, Rule, ServerMsg, TableInfo, TableSetup,
    WireAction, line, parse_server,
};
use crate::game::{Action, GameSave, SeatView};
use crate::rules::{ByTeam, DealRecord, Seat, Team};

/// The file of the seat tokens, in the player's data directory.
pub const SEATS_FILE: &str = "seats.json";

/// The version of [`SEATS_FILE`].
pub const SEATS_VERSION: u32 = 1;

/// How long the client stays silent before it sends `ping`: well within the host's bound on
/// silence (10 minutes), so that a player waiting for friends, or for their turn, is not cut.
pub const PING_EVERY: Duration = Duration::from_secs(60);

/// Where and who to connect as.
#[derive(Clone, Debug)]
pub struct Connect {
    /// The host's address, `HOST:PORT`.
    pub addr: String,
    /// The player's name.
    pub name: String,
    /// The player's data directory: the pins and the seat tokens.
    pub dir: PathBuf,
    /// How long reaching the host may take.
    pub timeout: Duration,
    /// Keep every byte the host sends ([`Remote::received`]), for tests and diagnostics.
    pub record: bool,
}

/// Why a connection could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectError {
    /// The host could not be reached.
    Unreachable(String),
    /// The host's certificate is not the one pinned.
    Pin(PinError),
    /// The host refused the client.
    Refused(ErrorCode, u32),
    /// The host answered something else than the protocol.
    Garbled,
    /// The host did not answer in time.
    Timeout,
}

impl fmt::Display for ConnectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectError::Unreachable(why) => write!(f, "the host cannot be reached: {why}"),
            ConnectError::Pin(e) => write!(f, "{e}"),
            ConnectError::Refused(ErrorCode::Version, v) => {
                write!(f, "the host speaks protocol {v}, this client {PROTOCOL}")
            }
            ConnectError::Refused(e, _) => write!(f, "the host refused: {e:?}"),
            ConnectError::Garbled => write!(f, "the host does not speak contree's protocol"),
            ConnectError::Timeout => write!(f, "the host did not answer in time"),
        }
    }
}

impl std::error::Error for ConnectError {}

/// What the host tells the player.
#[derive(Clone, Debug, PartialEq)]
pub enum RemoteEvent {
    /// The player sits at `seat` of table `code`.
    Joined {
        /// The table's code.
        code: String,
        /// The seat.
        seat: Seat,
    },
    /// Who sits where, and the rules.
    Table(Box<TableInfo>),
    /// What the seat sees now.
    View(Box<RemoteView>),
    /// A seat acted; `bot` when a bot played in a player's place.
    Acted {
        /// The seat.
        seat: Seat,
        /// Its call or card.
        action: Action,
        /// Whether a bot chose it.
        bot: bool,
    },
    /// The deal is over: every hand.
    DealOver {
        /// The deal.
        record: Box<DealRecord>,
        /// The totals after it.
        totals: ByTeam<u32>,
    },
    /// The game is over.
    GameOver {
        /// The winners.
        winner: Team,
        /// The final totals.
        totals: ByTeam<u32>,
        /// The whole game, for the player's history, when the host sent it.
        game: Option<Box<GameSave>>,
    },
    /// A request was refused.
    Error {
        /// Why.
        error: ErrorCode,
        /// The rule an action breaks.
        rule: Option<Rule>,
    },
    /// The connection is over: the host's reason, if it gave one.
    Closed(Option<ErrorCode>),
}

/// The seat's view, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct RemoteView {
    /// The table's revision.
    pub revision: u64,
    /// What the seat may know.
    pub view: SeatView,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// Whether the seat may declare now.
    pub may_declare: bool,
}

/// A connection to a host.
#[derive(Debug)]
pub struct Remote {
    out: mpsc::UnboundedSender<ClientMsg>,
    events: std_mpsc::Receiver<RemoteEvent>,
    /// The host's fingerprint.
    pub fingerprint: String,
    /// Whether this was the first contact with the host (its fingerprint now pinned).
    pub first_contact: bool,
    connect: Connect,
    received: Arc<Mutex<Vec<u8>>>,
}

/// The seat tokens' file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Seats {
    version: u32,
    /// A token by host, table and name.
    seats: BTreeMap<String, String>,
}

fn seat_key(addr: &str, code: &str, name: &str) -> String {
    format!("{addr} {code} {name}")
}

fn load_seats(dir: &Path) -> Seats {
    let read = disk::read_within(&dir.join(SEATS_FILE), 1024 * 1024);
    match read.map(|b| b.map(|b| serde_json::from_slice::<Seats>(&b))) {
        Ok(Some(Ok(seats))) if seats.version == SEATS_VERSION => seats,
        Ok(None) => Seats { version: SEATS_VERSION, ..Seats::default() },
        _ => {
            let _ = disk::set_aside(&dir.join(SEATS_FILE));
            Seats { version: SEATS_VERSION, ..Seats::default() }
        }
    }
}

fn keep_token(connect: &Connect, code: &str, token: &str) {
    let mut seats = load_seats(&connect.dir);
    seats.seats.insert(seat_key(&connect.addr, code, &connect.name), token.to_string());
    if let Ok(bytes) = serde_json::to_vec_pretty(&seats) {
        let _ = std::fs::create_dir_all(&connect.dir);
        let _ = disk::write_atomic(&connect.dir.join(SEATS_FILE), &bytes, true);
    }
}

impl Remote {
    /// Connects to the host and says `hello`; waits at most `connect.timeout`.
    pub fn connect(connect: Connect) -> Result<Remote, ConnectError> {
        Remote::connect_pinging(connect, PING_EVERY)
    }

    /// Connects as [`Remote::connect`] does, sending `ping` after `every` of silence.
    pub fn connect_pinging(connect: Connect, every: Duration) -> Result<Remote, ConnectError> {
        let (ready_tx, ready_rx) = std_mpsc::sync_channel(1);
        let (out, out_rx) = mpsc::unbounded_channel();
        let (ev_tx, events) = std_mpsc::channel();
        let received = Arc::new(Mutex::new(Vec::new()));
        let (c, rec) = (connect.clone(), connect.record.then(|| received.clone()));
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
            let Ok(runtime) = runtime else {
                let _ = ready_tx.send(Err(ConnectError::Unreachable("no runtime".into())));
                return;
            };
            runtime.block_on(session(c, every, ready_tx, out_rx, ev_tx, rec));
        });
        let (fingerprint, first_contact) = ready_rx
            .recv_timeout(connect.timeout + Duration::from_secs(1))
            .map_err(|_| ConnectError::Timeout)??;
        Ok(Remote { out, events, fingerprint, first_contact, connect, received })
    }

    /// Sends a message to the host.
    pub fn send(&self, msg: ClientMsg) {
        let _ = self.out.send(msg);
    }

    /// Opens a table with `setup`, sitting at `seat` (South if none).
    pub fn create(&self, setup: TableSetup, seat: Option<Seat>) {
        self.send(ClientMsg::Create { setup, seat });
    }

    /// Sits at table `code`, taking back the player's seat there if this machine holds its
    /// token.
    pub fn join(&self, code: &str, password: Option<String>, seat: Option<Seat>) {
        let seats = load_seats(&self.connect.dir);
        let token = seats.seats.get(&seat_key(&self.connect.addr, code, &self.connect.name));
        let token = token.cloned();
        self.send(ClientMsg::Join { code: code.to_string(), password, seat, token });
    }

    /// A call or a card.
    pub fn act(&self, action: Action) {
        self.send(ClientMsg::Act { action: WireAction::from(action) });
    }

    /// The next event, waiting at most `wait`.
    pub fn next_event(&self, wait: Duration) -> Option<RemoteEvent> {
        self.events.recv_timeout(wait).ok()
    }

    /// The events as a channel, for a front end's own loop.
    pub fn events(&self) -> &std_mpsc::Receiver<RemoteEvent> {
        &self.events
    }

    /// Every byte the host sent, when [`Connect::record`] is on.
    pub fn received(&self) -> Vec<u8> {
        self.received.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

type Ready = std_mpsc::SyncSender<Result<(String, bool), ConnectError>>;

/// The connection's life: reaches the host, then reads and writes until either side ends.
async fn session(
    c: Connect,
    ping_every: Duration,
    ready: Ready,
    mut out: mpsc::UnboundedReceiver<ClientMsg>,
    events: std_mpsc::Sender<RemoteEvent>,
    record: Option<Arc<Mutex<Vec<u8>>>>,
) {
    let reached = tokio::time::timeout(c.timeout, reach(&c)).await;
    let (stream, fingerprint, first) = match reached {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => return drop(ready.send(Err(e))),
        Err(_) => return drop(ready.send(Err(ConnectError::Timeout))),
    };
    let (r, mut w) = tokio::io::split(stream);
    let mut reader = BufReader::new(r);
    let mut lines = Lines::new(MAX_SERVER_LINE);
    let hello = line(&ClientMsg::Hello { protocol: PROTOCOL, name: c.name.clone() });
    let answer = async {
        w.write_all(hello.as_bytes()).await.ok()?;
        w.flush().await.ok()?;
        match lines.read(&mut reader).await.ok()? {
            Read::Line(l) => parse_server(&l).ok(),
            _ => None,
        }
    };
    match tokio::time::timeout(c.timeout, answer).await {
        Ok(Some(ServerMsg::Welcome { .. })) => {}
        Ok(Some(ServerMsg::Refused { error, protocol })) => {
            return drop(ready.send(Err(ConnectError::Refused(error, protocol))));
        }
        Ok(_) => return drop(ready.send(Err(ConnectError::Garbled))),
        Err(_) => return drop(ready.send(Err(ConnectError::Timeout))),
    }
    if first {
        let (mut pins, _) = Pins::load(&c.dir);
        pins.hosts.insert(c.addr.clone(), fingerprint.clone());
        let _ = pins.save(&c.dir);
    }
    let _ = ready.send(Ok((fingerprint, first)));
    let start = tokio::time::Instant::now() + ping_every;
    let mut ping = tokio::time::interval_at(start, ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        // Each branch is cancellation-safe: a line half-read stays in `lines`.
        let msg = tokio::select! {
            read = lines.read(&mut reader) => {
                let Ok(Read::Line(l)) = read else {
                    let _ = events.send(RemoteEvent::Closed(None));
                    return;
                };
                if let Some(rec) = &record {
                    rec.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(&l);
                }
                if !deliver(&c, &l, &events) {
                    return;
                }
                continue;
            }
            msg = out.recv() => {
                let Some(msg) = msg else { return };
                msg
            }
            _ = ping.tick() => ClientMsg::Ping {},
        };
        ping.reset();
        let sent = w.write_all(line(&msg).as_bytes()).await.and(w.flush().await);
        if sent.is_err() {
            let _ = events.send(RemoteEvent::Closed(None));
            return;
        }
    }
}

/// TCP, then TLS with the host's fingerprint checked: the stream, the fingerprint, and whether
/// this is the first contact.
async fn reach(
    c: &Connect,
) -> Result<(tokio_rustls::client::TlsStream<TcpStream>, String, bool), ConnectError> {
    let tcp =
        TcpStream::connect(&c.addr).await.map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    let _ = tcp.set_nodelay(true);
    let (pins, _) = Pins::load(&c.dir);
    let pinned = pins.hosts.get(&c.addr).cloned();
    let first = pinned.is_none();
    let verifier = Arc::new(PinVerifier::new(&c.addr, pinned));
    let config =
        client_config(verifier.clone()).map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    let name = rustls::pki_types::ServerName::try_from(super::tls::HOST_NAME)
        .map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    let tls = TlsConnector::from(Arc::new(config)).connect(name, tcp).await;
    let seen = verifier.seen();
    if let Some(e) = seen.as_deref().and_then(|s| verifier.refusal(s)) {
        return Err(ConnectError::Pin(e));
    }
    let tls = tls.map_err(|e| ConnectError::Unreachable(e.to_string()))?;
    Ok((tls, seen.unwrap_or_default(), first))
}

/// Whether what `msg` names (a table's code, its players) is a code and printable names.
fn printable(msg: &ServerMsg) -> bool {
    let code_ok = |code: &str| super::code::read_code(code).is_some_and(|c| c == code);
    match msg {
        ServerMsg::Joined { code, .. } => code_ok(code),
        ServerMsg::Table { table } => {
            code_ok(&table.code) && table.seats.iter().all(|s| super::wire::name_ok(&s.name))
        }
        _ => true,
    }
}

/// Turns one line of the host into an event; `false` when the connection is over.
fn deliver(c: &Connect, l: &[u8], events: &std_mpsc::Sender<RemoteEvent>) -> bool {
    // A host is never trusted: what it names is shown on the player's terminal, so a name or
    // a code that is not printable text closes the connection as a garbled line does.
    let Some(msg) = parse_server(l).ok().filter(printable) else {
        let _ = events.send(RemoteEvent::Closed(Some(ErrorCode::Garbled)));
        return false;
    };
    let event = match msg {
        ServerMsg::Joined { code, seat, token } => {
            keep_token(c, &code, &token);
            RemoteEvent::Joined { code, seat }
        }
        ServerMsg::Table { table } => RemoteEvent::Table(Box::new(table)),
        ServerMsg::View { revision, view, to_act, may_declare } => {
            match crate::bots::protocol::parse_view(&view.to_string()) {
                Ok(view) => {
                    RemoteEvent::View(Box::new(RemoteView { revision, view, to_act, may_declare }))
                }
                Err(_) => {
                    let _ = events.send(RemoteEvent::Closed(Some(ErrorCode::Garbled)));
                    return false;
                }
            }
        }
        ServerMsg::Acted { seat, action, bot } => {
            RemoteEvent::Acted { seat, action: action.into(), bot }
        }
        ServerMsg::DealOver { record, totals } => {
            RemoteEvent::DealOver { record: Box::new(record), totals }
        }
        ServerMsg::GameOver { winner, totals, game } => {
            RemoteEvent::GameOver { winner, totals, game }
        }
        ServerMsg::Error { error, rule } => RemoteEvent::Error { error, rule },
        ServerMsg::Refused { error, .. } => {
            let _ = events.send(RemoteEvent::Closed(Some(error)));
            return false;
        }
        ServerMsg::Welcome { .. } | ServerMsg::Pong {} => return true,
    };
    events.send(event).is_ok()
}
