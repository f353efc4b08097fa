//! The network table under load: the real `contree host` on loopback, N tables of four scripted
//! clients (one tokio runtime for all of them), each table playing D deals. Reports the host's
//! peak memory and its CPU time (from /proc), and the delay from an action sent to the last of
//! the table's four clients seeing it, median and p99. Every seat is a scripted client playing
//! the `easy` level's calls and cards, so no bot's thinking is in the figures.
//!
//! `NET_TABLES=1000 NET_DEALS=1 cargo bench --bench net_load` (defaults: 100 tables, 1 deal;
//! the saves are not synced to the disk unless `NET_SYNC=1`).

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contree::bots::Decision;
use contree::bots::expert::Budget;
use contree::game::GameOptions;
use contree::net::frame::{Read, read_line};
use contree::net::tls::{HOST_NAME, PinVerifier, client_config};
use contree::net::wire::{
    ClientMsg, MAX_SERVER_LINE, PROTOCOL, ServerMsg, TableSetup, WireAction, line, parse_server,
};
use contree::personas::{BiddingStyle, Level};
use contree::rules::Seat;
use tokio::io::{AsyncWriteExt, BufReader as AsyncBufReader};
use tokio::sync::mpsc;

/// When each action of a table was sent, by revision, and when each client saw it.
#[derive(Default)]
struct Clock {
    sent: HashMap<(usize, u64), Instant>,
    seen: HashMap<(usize, u64), (Instant, u8)>,
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

impl Clock {
    /// A client of `table` saw the view of `revision` now.
    fn saw(&mut self, table: usize, revision: u64) {
        let e = self.seen.entry((table, revision)).or_insert((Instant::now(), 0));
        e.0 = Instant::now();
        e.1 += 1;
    }
}

/// A TLS connection to the host at `addr`.
async fn connect(
    addr: &str,
) -> Result<tokio_rustls::client::TlsStream<tokio::net::TcpStream>, String> {
    let tcp = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    tcp.set_nodelay(true).map_err(|e| e.to_string())?;
    let config =
        client_config(Arc::new(PinVerifier::new(addr, None))).map_err(|e| e.to_string())?;
    let name = rustls::pki_types::ServerName::try_from(HOST_NAME).map_err(|e| e.to_string())?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| e.to_string())
}

/// What the `easy` level does in the view sent at `revision`.
fn act(view: &serde_json::Value, revision: u64) -> Result<ClientMsg, String> {
    let view = contree::bots::protocol::parse_view(&view.to_string()).map_err(|e| e.to_string())?;
    let action = Level::Easy.decide(&Decision {
        view: &view,
        style: BiddingStyle::Cautious,
        seed: revision,
        budget: Budget::DEFAULT,
        cancel: None,
    });
    Ok(ClientMsg::Act { action: WireAction::from(action) })
}

/// One scripted client: sits, plays its seat, and notes when it saw each action.
async fn client(
    addr: String,
    table: usize,
    seat: Seat,
    code: Option<String>,
    codes: mpsc::UnboundedSender<String>,
    clock: Arc<Mutex<Clock>>,
    deals: usize,
) -> Result<(), String> {
    let (r, mut w) = tokio::io::split(connect(&addr).await?);
    let mut r = AsyncBufReader::new(r);
    let hello = ClientMsg::Hello { protocol: PROTOCOL, name: format!("p{table}{seat}") };
    let mut first = vec![hello];
    first.push(match &code {
        None => ClientMsg::Create {
            setup: TableSetup::new(GameOptions::default(), Level::Random),
            seat: Some(seat),
        },
        Some(c) => {
            ClientMsg::Join { code: c.clone(), password: None, seat: Some(seat), token: None }
        }
    });
    for m in &first {
        w.write_all(line(m).as_bytes()).await.map_err(|e| e.to_string())?;
    }
    w.flush().await.map_err(|e| e.to_string())?;
    let (mut ended, mut acted_at) = (0, None);
    loop {
        let l = match read_line(&mut r, MAX_SERVER_LINE).await.map_err(|e| e.to_string())? {
            Read::Line(l) => l,
            _ => return Err("closed".into()),
        };
        let msg = parse_server(&l).map_err(|e| e.to_string())?;
        let mut say = Vec::new();
        match msg {
            ServerMsg::Joined { code: c, .. } if code.is_none() => {
                let _ = codes.send(c);
            }
            ServerMsg::Table { table: t }
                if code.is_none() && !t.started && t.seats.iter().all(|s| s.taken) =>
            {
                say.push(ClientMsg::Start {});
            }
            ServerMsg::Acted { .. } => {}
            ServerMsg::View { revision, view, to_act, .. } => {
                clock.lock().map_err(|_| "clock")?.saw(table, revision);
                if to_act == Some(seat) && acted_at != Some(revision) {
                    acted_at = Some(revision);
                    say.push(act(&view, revision)?);
                    clock
                        .lock()
                        .map_err(|_| "clock")?
                        .sent
                        .insert((table, revision + 1), Instant::now());
                }
            }
            ServerMsg::DealOver { .. } => {
                ended += 1;
                if ended >= deals {
                    return Ok(());
                }
                say.push(ClientMsg::Next {});
            }
            ServerMsg::GameOver { .. } => return Ok(()),
            ServerMsg::Refused { error, .. } => return Err(format!("refused: {error:?}")),
            // A scripted player's request is never refused: one that is ends the client, and
            // a creator refused its table ends the table's (no code comes).
            ServerMsg::Error { error, rule } => return Err(format!("error: {error:?} {rule:?}")),
            _ => {}
        }
        for m in say {
            w.write_all(line(&m).as_bytes()).await.map_err(|e| e.to_string())?;
        }
        w.flush().await.map_err(|e| e.to_string())?;
    }
}

/// How long one client may play: a table that hangs fails its clients rather than the run.
const CLIENT_LIMIT: Duration = Duration::from_secs(600);

/// `client` within [`CLIENT_LIMIT`].
async fn bounded(client: impl Future<Output = Result<(), String>>) -> Result<(), String> {
    tokio::time::timeout(CLIENT_LIMIT, client).await.map_err(|_| "too long".to_string())?
}

/// The host's peak resident memory (kB) and CPU time (s), from /proc.
fn host_figures(pid: u32) -> (u64, u64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
    let cpu = (ticks(11) + ticks(12)) as f64 / 100.0;
    (kb("VmHWM:"), kb("VmRSS:"), cpu)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let (tables, deals) = (env("NET_TABLES", 100), env("NET_DEALS", 1));
    let dir = tempfile::tempdir().expect("a temporary directory");
    let per_address = (tables * 4 + 16).to_string();
    // NET_SYNC=1 syncs every save to the disk, as the host does unless told.
    let sync = std::env::var_os("NET_SYNC").is_some();
    let mut host = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["host", "--listen", "127.0.0.1:0", "--deal-pause", "0"])
        .args(["--per-address", &per_address, "--connections", &per_address, "--rate", "1000"])
        // Every table is created from the one loopback address.
        .args(["--tables-per-address", &tables.max(1).to_string()])
        .args((!sync).then_some("--no-sync"))
        .env("CONTREE_DATA_DIR", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut first = String::new();
    let stdout = host.stdout.take().expect("its output");
    BufReader::new(stdout).read_line(&mut first).expect("its first line");
    let addr = first.split("listening on ").nth(1).and_then(|r| r.split(',').next());
    let addr = addr.expect("its address").to_string();
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let clock = Arc::new(Mutex::new(Clock::default()));
    let start = Instant::now();
    let failures = runtime.block_on(async {
        let mut tasks = Vec::new();
        for t in 0..tables {
            // The creator alone holds the sender: a creator that ends without a code closes it.
            let (codes, mut code_rx) = mpsc::unbounded_channel();
            let (a, c) = (addr.clone(), clock.clone());
            tasks.push(tokio::spawn(bounded(client(a, t, Seat::South, None, codes, c, deals))));
            let Some(code) = code_rx.recv().await else { continue };
            for seat in [Seat::East, Seat::North, Seat::West] {
                let (a, c) = (addr.clone(), clock.clone());
                let (k, _) = mpsc::unbounded_channel();
                tasks.push(tokio::spawn(bounded(client(
                    a,
                    t,
                    seat,
                    Some(code.clone()),
                    k,
                    c,
                    deals,
                ))));
            }
        }
        let mut failures = 0;
        for task in tasks {
            if !matches!(task.await, Ok(Ok(()))) {
                failures += 1;
            }
        }
        failures
    });
    let elapsed = start.elapsed();
    let (peak_kb, rss_kb, cpu) = host_figures(host.id());
    let _ = host.kill();
    let _ = host.wait();
    let clock = clock.lock().expect("the clock");
    let mut delays: Vec<Duration> = clock
        .sent
        .iter()
        .filter_map(|(k, at)| clock.seen.get(k).filter(|s| s.1 == 4).map(|s| s.0 - *at))
        .collect();
    delays.sort();
    let synced = if sync { "synced" } else { "not synced" };
    println!(
        "net_load: {tables} tables of 4 clients, {deals} deal(s) each, saves {synced}, \
         {failures} client(s) failed"
    );
    println!("  wall time {:.1} s, {} actions timed", elapsed.as_secs_f64(), delays.len());
    println!("  host memory: peak {} MiB, at the end {} MiB", peak_kb / 1024, rss_kb / 1024);
    println!("  host CPU: {cpu:.1} s ({:.0} % of one core)", 100.0 * cpu / elapsed.as_secs_f64());
    println!(
        "  action to the last client: median {:.1} ms, p99 {:.1} ms",
        percentile(&delays, 0.5).as_secs_f64() * 1000.0,
        percentile(&delays, 0.99).as_secs_f64() * 1000.0
    );
}
