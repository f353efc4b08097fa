//! `contree host`: the tables served over TLS on tokio. Each table is a task of its own that
//! owns its [`Table`]; each connection a task that reads the client's lines within their bounds
//! ([`super::conn`]) and a task that writes its queue. A table is saved after every change, and
//! before any seat is told of it; the bots think on tokio's blocking threads, off the tasks
//! that serve the players.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};
use tokio_rustls::TlsAcceptor;

use super::saved;
use super::table::{Changed, Conn, JoinAsk, Table};
use super::tls::HostIdentity;
use super::wire::{ClientMsg, ErrorCode};
use crate::bots::Decision;
use crate::bots::expert::Budget;
use crate::rules::Seat;

/// The address the host listens on unless told.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7401";

/// What bounds each client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time from the connection to the client's `hello`, TLS included.
    pub hello: Duration,
    /// The messages a client may send a second, on average.
    pub per_second: u32,
    /// The messages a client may send at once above that rate.
    pub burst: u32,
    /// The connections open at once from one address.
    pub per_address: usize,
    /// The time a client may stay silent (`ping` keeps it alive).
    pub idle: Duration,
    /// The lines queued for a client that does not read them before it is dropped.
    pub queue: usize,
    /// The time a write to a client may take before it is dropped.
    pub write: Duration,
    /// The tables the host serves at once.
    pub tables: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello: Duration::from_secs(10),
            per_second: 20,
            burst: 40,
            per_address: 16,
            idle: Duration::from_secs(600),
            queue: 256,
            write: Duration::from_secs(20),
            tables: 10_000,
        }
    }
}

/// How the host runs.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Where it listens.
    pub listen: SocketAddr,
    /// Its directory: the certificate and the tables.
    pub dir: PathBuf,
    /// The clients' bounds.
    pub limits: Limits,
    /// The pause after a deal before the next starts, unless every player has seen it.
    pub deal_pause: Duration,
    /// Whether every save is synced to the disk (off only for benchmarks).
    pub sync: bool,
    /// What the expert may spend on a bot's decision.
    pub budget: Budget,
}

impl HostConfig {
    /// The usual host on `listen`, its files in `dir`.
    pub fn new(listen: SocketAddr, dir: PathBuf) -> HostConfig {
        HostConfig {
            listen,
            dir,
            limits: Limits::default(),
            deal_pause: Duration::from_secs(30),
            sync: true,
            budget: Budget::DEFAULT,
        }
    }
}

/// What a table's task is told.
#[derive(Debug)]
pub enum TableCmd {
    /// A player asks to sit.
    Join(JoinAsk, Conn, oneshot::Sender<Result<Seat, ErrorCode>>),
    /// A seated player's message.
    Msg(Seat, u64, ClientMsg),
    /// A seated player's connection is gone.
    Gone(Seat, u64),
    /// A bot's decision for the revision it was asked at.
    Decided(u64, Seat, crate::game::Action),
    /// A grace time is over.
    Grace(Seat, u64),
    /// The pause after the deal of that revision is over.
    Pause(u64),
    /// The player to act at that revision has let the grace time go by: a bot plays their seat
    /// until they act again.
    Slow(u64),
}

/// The host: its tables and its connections.
#[derive(Debug)]
pub struct Host {
    /// Its settings.
    pub config: HostConfig,
    tables: Mutex<HashMap<String, mpsc::Sender<TableCmd>>>,
    per_address: Mutex<HashMap<IpAddr, usize>>,
    next_conn: AtomicU64,
}

/// Locks a mutex, whatever a panicking holder left.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Host {
    /// A host with `config`, serving no table yet.
    pub fn new(config: HostConfig) -> Arc<Host> {
        Arc::new(Host {
            config,
            tables: Mutex::new(HashMap::new()),
            per_address: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        })
    }

    /// A new connection's number.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The table of `code`'s task.
    pub fn table(&self, code: &str) -> Option<mpsc::Sender<TableCmd>> {
        lock(&self.tables).get(code).cloned()
    }

    /// How many tables the host serves.
    pub fn table_count(&self) -> usize {
        lock(&self.tables).len()
    }

    /// Serves `table` from now on: saves it and starts its task. `None` when its code is taken
    /// or the host serves as many tables as it may.
    pub async fn open(self: &Arc<Host>, table: Table) -> Option<mpsc::Sender<TableCmd>> {
        let (tx, rx) = mpsc::channel(1024);
        {
            let mut tables = lock(&self.tables);
            if tables.contains_key(&table.code) || tables.len() >= self.config.limits.tables {
                return None;
            }
            tables.insert(table.code.clone(), tx.clone());
        }
        tokio::spawn(run_table(table, rx, tx.clone(), self.clone()));
        Some(tx)
    }

    /// Counts a connection from `ip`: `false` when that address has as many as it may.
    pub fn admit(&self, ip: IpAddr) -> bool {
        let mut map = lock(&self.per_address);
        let n = map.entry(ip).or_insert(0);
        if *n >= self.config.limits.per_address {
            return false;
        }
        *n += 1;
        true
    }

    /// A connection from `ip` is closed.
    pub fn release(&self, ip: IpAddr) {
        let mut map = lock(&self.per_address);
        if let Some(n) = map.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&ip);
            }
        }
    }
}

/// Serves `host`'s tables on `listener` until the process ends.
pub async fn serve(listener: TcpListener, host: Arc<Host>, acceptor: TlsAcceptor) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                log!("contree host: a connection could not be accepted: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        if !host.admit(peer.ip()) {
            log!("contree host: {peer}: too many connections from that address, closed");
            continue;
        }
        let (host, acceptor) = (host.clone(), acceptor.clone());
        tokio::spawn(async move {
            super::conn::serve_client(stream, peer, &host, acceptor).await;
            host.release(peer.ip());
        });
    }
}

/// A host running on a thread of its own; dropped, it stops (its tables are on disk).
#[derive(Debug)]
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its certificate's fingerprint.
    pub fingerprint: String,
    /// The tables it resumed from its directory.
    pub resumed: usize,
    /// What it could not read in its directory, set aside.
    pub told: Vec<String>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// Waits until the host stops (it does not unless dropped).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// What a started host reports.
type Started = Result<(SocketAddr, usize, Vec<String>), String>;

/// Starts the host on a thread of its own: reads its tables back, makes or reads its
/// certificate, listens, and serves until the [`Running`] is dropped.
pub fn start(config: HostConfig) -> Result<Running, String> {
    std::fs::create_dir_all(&config.dir).map_err(|e| format!("{}: {e}", config.dir.display()))?;
    let identity = HostIdentity::load_or_make(&config.dir)?;
    let tls = identity.server_config().map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (ready_tx, ready_rx) = std::sync::mpsc::sync_channel::<Started>(1);
    let (stop, stopped) = oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        runtime.block_on(async move {
            let listener = match TcpListener::bind(config.listen).await {
                Ok(l) => l,
                Err(e) => {
                    let _ = ready_tx.send(Err(format!("cannot listen on {}: {e}", config.listen)));
                    return;
                }
            };
            let Ok(at) = listener.local_addr() else { return };
            let host = Host::new(config);
            let (tables, told) = saved::load_all(&host.config.dir);
            let n = tables.len();
            for table in tables {
                host.open(table).await;
            }
            let _ = ready_tx.send(Ok((at, n, told)));
            tokio::select! {
                () = serve(listener, host, TlsAcceptor::from(Arc::new(tls))) => {}
                _ = stopped => {}
            }
        });
        runtime.shutdown_timeout(Duration::from_secs(2));
    });
    let (addr, resumed, told) =
        ready_rx.recv().map_err(|_| "the host did not start".to_string())??;
    let fingerprint = identity.fingerprint();
    Ok(Running { addr, fingerprint, resumed, told, stop: Some(stop), thread: Some(thread) })
}

/// Runs the host until the process ends, saying where it listens, its fingerprint and the
/// tables it resumed on standard output, and what it sets aside on standard error.
pub fn run(config: HostConfig) -> Result<(), String> {
    let running = start(config)?;
    for t in &running.told {
        log!("contree host: {t}");
    }
    // A closed standard output (a reader that took the first line and left) stops nothing.
    use std::io::Write as _;
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "contree host: listening on {}, fingerprint {}",
        running.addr, running.fingerprint
    );
    let _ = writeln!(out, "contree host: {} table(s) resumed", running.resumed);
    let _ = out.flush();
    running.wait();
    Ok(())
}

/// A table's task: applies what it is told, saves the table when it changed, then sends what
/// the table queued, asks the bots, and times the grace and the pauses.
async fn run_table(
    mut table: Table,
    mut rx: mpsc::Receiver<TableCmd>,
    me: mpsc::Sender<TableCmd>,
    host: Arc<Host>,
) {
    // A restored table waits a grace time for its players, then its bots play their seats.
    for seat in Seat::ALL {
        let place = &table.places[seat.index()];
        if place.token.is_some() && !place.bot_plays {
            grace(&me, &table, seat, place.drops);
        }
    }
    // A table restored between two deals deals the next after the pause.
    if table.between_deals() {
        pause(&me, table.revision, host.config.deal_pause);
    }
    let (mut asked, mut watched) = (None, None);
    ask_bot(&table, &me, &host, &mut asked);
    while let Some(cmd) = rx.recv().await {
        let changed = handle(&mut table, cmd);
        if changed.save {
            let (dir, code, sync) = (host.config.dir.clone(), table.code.clone(), host.config.sync);
            let bytes = saved::to_bytes(&table);
            let wrote = tokio::task::spawn_blocking(move || saved::save(&dir, &bytes, &code, sync));
            if let Ok(Err(e)) | Err(e) = wrote.await.map_err(std::io::Error::other) {
                log!("contree host: table {}: not saved: {e}", table.code);
            }
        }
        let mut graces = flush(&mut table);
        // The seats dropped for not reading are told to the others now.
        graces.extend(flush(&mut table));
        graces.extend(changed.grace);
        for (seat, drops) in graces {
            log!("contree host: table {}: {seat} dropped", table.code);
            grace(&me, &table, seat, drops);
        }
        if changed.deal_over {
            pause(&me, table.revision, host.config.deal_pause);
        }
        ask_bot(&table, &me, &host, &mut asked);
        watch_turn(&table, &me, &mut watched);
    }
}

/// Times the turn of a player to act, once for each revision: past the grace time, a bot plays
/// that turn for them.
fn watch_turn(table: &Table, me: &mpsc::Sender<TableCmd>, watched: &mut Option<u64>) {
    let Some(seat) = table.game.as_ref().and_then(crate::game::Game::to_act) else { return };
    if table.places[seat.index()].bot_plays || *watched == Some(table.revision) {
        return;
    }
    *watched = Some(table.revision);
    let (me, revision) = (me.clone(), table.revision);
    let wait = Duration::from_secs(u64::from(table.setup.grace_secs));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Slow(revision)).await;
    });
}

/// Applies one command to the table.
fn handle(table: &mut Table, cmd: TableCmd) -> Changed {
    match cmd {
        TableCmd::Join(ask, conn, reply) => {
            let name = ask.name.clone();
            let joined = table.join(ask, conn);
            if let Ok((seat, _)) = &joined {
                log!("contree host: table {}: {name} sits {seat}", table.code);
            }
            let _ = reply.send(joined.map(|(seat, _)| seat));
            Changed { save: true, ..Changed::default() }
        }
        TableCmd::Msg(seat, id, msg) => {
            if msg == ClientMsg::Leave {
                log!("contree host: table {}: {seat} left", table.code);
            }
            table.message(seat, id, msg)
        }
        TableCmd::Gone(seat, id) => table.gone(seat, id),
        TableCmd::Grace(seat, drops) => {
            let changed = table.grace_over(seat, drops);
            if changed.save {
                log!("contree host: table {}: a bot plays {seat}", table.code);
            }
            changed
        }
        TableCmd::Decided(revision, seat, action) => {
            if revision != table.revision || table.bot_to_act() != Some(seat) {
                return Changed::default();
            }
            table.apply(seat, action, true).unwrap_or_else(|_| {
                log!(
                    "contree host: table {}: the bot at {seat} chose {action}, refused",
                    table.code
                );
                Changed::default()
            })
        }
        TableCmd::Pause(revision) if revision == table.revision => table.next_deal(),
        TableCmd::Slow(revision) if revision == table.revision => {
            let changed = table.idle();
            if changed.save {
                log!(
                    "contree host: table {}: a player is idle, a bot plays their seat",
                    table.code
                );
            }
            changed
        }
        TableCmd::Pause(_) | TableCmd::Slow(_) => Changed::default(),
    }
}

/// Sends what the table queued; a connection whose queue is full (a client that does not
/// read) is dropped, as if gone: the grace times to start are answered.
fn flush(table: &mut Table) -> Vec<(Seat, u64)> {
    let lines = table.take_outbox();
    let mut full = Vec::new();
    for (seat, line) in lines {
        let Some(conn) = table.places[seat.index()].conn.as_ref() else { continue };
        if conn.tx.try_send(line).is_err() && !full.contains(&(seat, conn.id)) {
            full.push((seat, conn.id));
        }
    }
    let mut graces = Vec::new();
    for (seat, id) in full {
        log!("contree host: table {}: {seat} does not read, dropped", table.code);
        graces.extend(table.gone(seat, id).grace);
        // What the gone seat's leaving tells the others waits for the next flush.
    }
    graces
}

/// Times the pause after the deal that ended at `revision`.
fn pause(me: &mpsc::Sender<TableCmd>, revision: u64, wait: Duration) {
    let me = me.clone();
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Pause(revision)).await;
    });
}

/// Times the grace of `seat`'s drop number `drops`: the table's grace time.
fn grace(me: &mpsc::Sender<TableCmd>, table: &Table, seat: Seat, drops: u64) {
    let me = me.clone();
    let wait = Duration::from_secs(u64::from(table.setup.grace_secs));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.send(TableCmd::Grace(seat, drops)).await;
    });
}

/// Asks the bot of the seat to act, once for each revision.
fn ask_bot(table: &Table, me: &mpsc::Sender<TableCmd>, host: &Host, asked: &mut Option<u64>) {
    let Some(seat) = table.bot_to_act() else { return };
    let Some(game) = table.game.as_ref() else { return };
    if *asked == Some(table.revision) {
        return;
    }
    *asked = Some(table.revision);
    let view = game.view(seat);
    let (level, seed, budget) = (table.setup.level, game.seed(), host.config.budget);
    let style = crate::personas::style_of(&table.places[seat.index()].persona);
    let (me, revision) = (me.clone(), table.revision);
    tokio::spawn(async move {
        let decided = tokio::task::spawn_blocking(move || {
            level.decide(&Decision { view: &view, style, seed, budget, cancel: None })
        })
        .await;
        if let Ok(action) = decided {
            let _ = me.send(TableCmd::Decided(revision, seat, action)).await;
        }
    });
}
