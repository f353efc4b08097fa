//! `contree host`: the tables served over TLS on tokio. Each table is a task of its own that
//! owns its table (`task.rs`); each connection a task that reads the client's lines
//! within their bounds (`conn.rs`) and a task that writes its queue.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio_rustls::TlsAcceptor;

pub use super::registry::{Crowd, DEFAULT_LISTEN, Host, HostConfig, Limits, TableCmd};
use super::saved;
use super::tls::HostIdentity;

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
        // Each line is one small write the player waits for: no Nagle's delay.
        let _ = stream.set_nodelay(true);
        match host.admit(peer.ip()) {
            Ok(()) => {}
            Err(Crowd::Address) => {
                log!("contree host: {peer}: too many connections from that address, closed");
                continue;
            }
            Err(Crowd::Host) => {
                log!("contree host: {peer}: the host has as many connections as it may, closed");
                continue;
            }
        }
        let (host, acceptor) = (host.clone(), acceptor.clone());
        tokio::spawn(async move {
            let admitted = Admitted(host, peer.ip());
            super::conn::serve_client(stream, peer, &admitted.0, acceptor).await;
        });
    }
}

/// A connection counted by [`Host::admit`]: released when dropped, however its task ends.
struct Admitted(Arc<Host>, std::net::IpAddr);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.release(self.1);
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
            let (tables, mut told) = saved::load_all(&host.config.dir);
            let mut n = 0;
            for table in tables {
                let code = table.code.clone();
                match super::task::open(&host, table, None) {
                    Ok(_) => n += 1,
                    Err(_) => told.push(format!(
                        "table {code} not served: the host serves {} tables at most",
                        host.config.limits.tables
                    )),
                }
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
