//! The host's shared state: its settings and bounds ([`HostConfig`], [`Limits`]), the tables
//! it serves (each a task reached by a channel of [`TableCmd`]s), and the connections it counts
//! by address.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::table::{Conn, JoinAsk};
use super::wire::{ClientMsg, ErrorCode};
use crate::bots::expert::Budget;
use crate::rules::Seat;

/// The address the host listens on unless told.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7401";

/// How long a table waits with no player connected before it is closed, unless told.
pub const ABANDON: Duration = Duration::from_secs(3600);

/// The time over which an address's failed joins are counted.
pub const JOIN_WINDOW: Duration = Duration::from_secs(60);

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
    /// The connections open at once from every address together.
    pub connections: usize,
    /// The time a client may stay silent (`ping` keeps it alive).
    pub idle: Duration,
    /// The lines queued for a client that does not read them before it is dropped.
    pub queue: usize,
    /// The time a write to a client may take before it is dropped.
    pub write: Duration,
    /// The tables the host serves at once.
    pub tables: usize,
    /// The tables created from one address open at once.
    pub tables_per_address: usize,
    /// The joins from one address that may fail in a minute.
    pub failed_joins: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            hello: Duration::from_secs(10),
            per_second: 20,
            burst: 40,
            per_address: 16,
            connections: 4096,
            idle: Duration::from_secs(600),
            queue: 256,
            write: Duration::from_secs(20),
            tables: 10_000,
            tables_per_address: 8,
            failed_joins: 6,
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
    /// How long a table waits with no player connected before it is closed.
    pub abandon: Duration,
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
            abandon: ABANDON,
        }
    }
}

/// What a table's task is told.
#[derive(Debug)]
pub enum TableCmd {
    /// A player asks to sit.
    Join(JoinAsk, Conn, oneshot::Sender<Result<Seat, ErrorCode>>),
    /// A seated player's message, from their connection's number.
    Msg(u64, ClientMsg),
    /// A seated player's connection is gone.
    Gone(u64),
    /// A bot's decision for the revision it was asked at.
    Decided(u64, Seat, crate::game::Action),
    /// A grace time is over.
    Grace(Seat, u64),
    /// The pause after the deal of that revision is over.
    Pause(u64),
    /// The player to act at that revision has let the grace time go by: a bot plays their seat
    /// until they act again (the revision, and the count of changes of who plays a seat, it
    /// was timed at).
    Slow(u64, u64),
    /// No player has been connected since the table was left alone for that time.
    Alone(u64),
    /// The connection of that number was written the line that shows its player the end of
    /// that many deals.
    Shown(u64, usize),
}

/// Why a connection is not admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crowd {
    /// Its address has as many connections open as it may.
    Address,
    /// The host has as many connections open as it may.
    Host,
}

/// The connections open: in all, and by address.
#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Why a table is not served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its code is another table's.
    CodeTaken,
    /// The host serves as many tables as it may.
    Full,
    /// Its creator's address has as many tables open as it may.
    TooManyFromAddress,
}

/// The host: its tables and its connections.
#[derive(Debug)]
pub struct Host {
    /// Its settings.
    pub config: HostConfig,
    tables: Mutex<HashMap<String, mpsc::Sender<TableCmd>>>,
    open: Mutex<Open>,
    created: Mutex<HashMap<IpAddr, usize>>,
    failed_joins: Mutex<HashMap<IpAddr, (Instant, u32)>>,
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
            open: Mutex::new(Open::default()),
            created: Mutex::new(HashMap::new()),
            failed_joins: Mutex::new(HashMap::new()),
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

    /// Takes the code `code` for a table reached by `tx`, created from `by` (`None` for a
    /// table read back from disk): refused when the code is taken, the host serves as many
    /// tables as it may, or `by` has as many tables open as it may.
    pub fn reserve(
        &self,
        code: &str,
        tx: mpsc::Sender<TableCmd>,
        by: Option<IpAddr>,
    ) -> Result<(), Refusal> {
        let mut tables = lock(&self.tables);
        if tables.contains_key(code) {
            return Err(Refusal::CodeTaken);
        }
        if tables.len() >= self.config.limits.tables {
            return Err(Refusal::Full);
        }
        if let Some(ip) = by {
            let mut created = lock(&self.created);
            let n = created.entry(ip).or_insert(0);
            if *n >= self.config.limits.tables_per_address {
                return Err(Refusal::TooManyFromAddress);
            }
            *n += 1;
        }
        tables.insert(code.to_string(), tx);
        Ok(())
    }

    /// The table `code`, created from `by`, is closed: its code and its place in `by`'s
    /// count are free.
    pub fn close(&self, code: &str, by: Option<IpAddr>) {
        lock(&self.tables).remove(code);
        if let Some(ip) = by {
            let mut created = lock(&self.created);
            if let Some(n) = created.get_mut(&ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    created.remove(&ip);
                }
            }
        }
    }

    /// Whether `ip` may try to join a table now: its joins that failed in the last
    /// [`JOIN_WINDOW`] are fewer than [`Limits::failed_joins`].
    pub fn may_join(&self, ip: IpAddr) -> bool {
        let failed = lock(&self.failed_joins);
        failed.get(&ip).is_none_or(|(since, n)| {
            since.elapsed() >= JOIN_WINDOW || *n < self.config.limits.failed_joins
        })
    }

    /// A join from `ip` failed.
    pub fn join_failed(&self, ip: IpAddr) {
        let mut failed = lock(&self.failed_joins);
        if failed.len() >= 4096 {
            failed.retain(|_, (since, _)| since.elapsed() < JOIN_WINDOW);
        }
        let (since, n) = failed.entry(ip).or_insert((Instant::now(), 0));
        if since.elapsed() >= JOIN_WINDOW {
            (*since, *n) = (Instant::now(), 0);
        }
        *n = n.saturating_add(1);
    }

    /// Counts a connection from `ip`, unless the host, or that address, has as many open as
    /// it may.
    pub fn admit(&self, ip: IpAddr) -> Result<(), Crowd> {
        let mut open = lock(&self.open);
        if open.total >= self.config.limits.connections {
            return Err(Crowd::Host);
        }
        let n = open.by_address.entry(ip).or_insert(0);
        if *n >= self.config.limits.per_address {
            return Err(Crowd::Address);
        }
        *n += 1;
        open.total += 1;
        Ok(())
    }

    /// A connection from `ip` is closed.
    pub fn release(&self, ip: IpAddr) {
        let mut open = lock(&self.open);
        let Some(n) = open.by_address.get_mut(&ip) else { return };
        *n -= 1;
        if *n == 0 {
            open.by_address.remove(&ip);
        }
        open.total = open.total.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_bounded_by_address_and_in_all() {
        let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), ".".into());
        config.limits.per_address = 2;
        config.limits.connections = 3;
        let host = Host::new(config);
        let (a, b): (IpAddr, IpAddr) =
            ("10.0.0.1".parse().expect("a"), "10.0.0.2".parse().expect("b"));
        assert_eq!(host.admit(a), Ok(()));
        assert_eq!(host.admit(a), Ok(()));
        assert_eq!(host.admit(a), Err(Crowd::Address));
        assert_eq!(host.admit(b), Ok(()));
        assert_eq!(host.admit(b), Err(Crowd::Host), "three in all");
        host.release(a);
        assert_eq!(host.admit(b), Ok(()), "one closed: room for another");
        // A release of an address not counted changes nothing.
        host.release("10.0.0.3".parse().expect("c"));
        assert_eq!(host.admit(b), Err(Crowd::Host));
    }
}
