//! One client's connection to the host: TLS, then its `hello` in time, then its messages, each
//! line within its bound and the lines within their rate. A client that breaks a bound is told
//! why (`refused`) and cut off; its table, and every other, goes on. A client that stops
//! reading fills its queue and is dropped by its table ([`super::host`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::{timeout, timeout_at};
use tokio_rustls::TlsAcceptor;

use super::code::read_code;
use super::frame::{Read, read_line};
use super::registry::{Host, TableCmd};
use super::saved::setup_ok;
use super::table::{Conn, JoinAsk, Line};
use super::wire::{
    ClientMsg, ErrorCode, MAX_CLIENT_LINE, PROTOCOL, ServerMsg, hello_version, line, name_ok,
    parse_client,
};
use crate::rules::Seat;

/// A client's allowance of messages: [`super::host::Limits::burst`] at most, refilled at
/// [`super::host::Limits::per_second`].
struct Rate {
    tokens: f64,
    last: Instant,
    per_second: f64,
    burst: f64,
}

impl Rate {
    fn new(per_second: u32, burst: u32) -> Rate {
        let burst = f64::from(burst.max(1));
        Rate { tokens: burst, last: Instant::now(), per_second: f64::from(per_second), burst }
    }

    /// Whether one more message is allowed now.
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

/// Where a connection stands.
struct Client<'a> {
    host: &'a Arc<Host>,
    peer: SocketAddr,
    id: u64,
    name: String,
    tx: mpsc::Sender<Line>,
    /// The table the client sits at.
    seated: Option<mpsc::Sender<TableCmd>>,
    /// Told when its table lets go of the connection.
    close: Arc<Notify>,
}

/// Serves one client until it leaves, breaks a bound, or its table lets go of it.
pub async fn serve_client(
    stream: TcpStream,
    peer: SocketAddr,
    host: &Arc<Host>,
    acceptor: TlsAcceptor,
) {
    let limits = host.config.limits;
    let hello_by = tokio::time::Instant::now() + limits.hello;
    let Ok(Ok(tls)) = timeout_at(hello_by, acceptor.accept(stream)).await else {
        log!("contree host: {peer}: no TLS handshake in time, closed");
        return;
    };
    let (r, w) = tokio::io::split(tls);
    let mut reader = BufReader::new(r);
    let (tx, rx) = mpsc::channel::<Line>(limits.queue);
    let mut writer = tokio::spawn(write_lines(w, rx, limits.write));
    let close = Arc::new(Notify::new());
    let id = host.conn_id();
    let mut client =
        Client { host, peer, id, name: String::new(), tx, seated: None, close: close.clone() };
    let (ended, written) = tokio::select! {
        ended = talk(&mut reader, &mut client, hello_by) => (Some(ended), false),
        _ = &mut writer => (None, true),
        // Its table let go of it (its seat taken back on another connection, or it did not
        // read): what it was sent is written, and it is closed.
        () = close.notified() => (Some(Ok(())), false),
    };
    let refused = matches!(ended, Some(Err(_)));
    if let Some(Err(error)) = ended {
        log!("contree host: {peer}: refused ({error:?}), closed");
        let refusal = Arc::from(line(&ServerMsg::Refused { error, protocol: PROTOCOL }));
        let _ = client.tx.try_send(Line::plain(refusal));
    }
    if let Some(table) = client.seated.take() {
        let _ = table.send(TableCmd::Gone(client.id)).await;
    }
    drop(client);
    // A writer that ended is not waited for again.
    if !written && timeout(Duration::from_secs(5), &mut writer).await.is_err() {
        writer.abort();
    }
    if refused {
        // What the client sent after the refusal is read and dropped for a moment, so that
        // closing with it unread does not reset the connection before the refusal is read.
        drain(&mut reader).await;
    }
}

/// Reads and drops what a refused client still sends: a second and 64 KiB at most.
async fn drain<R: AsyncRead + Unpin>(reader: &mut BufReader<R>) {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 4096];
    let until = tokio::time::Instant::now() + Duration::from_secs(1);
    for _ in 0..16 {
        match timeout_at(until, reader.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => {}
            _ => return,
        }
    }
}

/// Writes the queued lines until the queue closes, a write takes too long, or the client is
/// gone; a line waited for is flushed before it is told written.
async fn write_lines<W: AsyncWrite + Unpin>(
    mut w: W,
    mut rx: mpsc::Receiver<Line>,
    limit: Duration,
) {
    while let Some(l) = rx.recv().await {
        if !matches!(timeout(limit, w.write_all(l.text.as_bytes())).await, Ok(Ok(()))) {
            return;
        }
        let flush = rx.is_empty() || l.written.is_some();
        if flush && !matches!(timeout(limit, w.flush()).await, Ok(Ok(()))) {
            return;
        }
        if let Some(written) = l.written {
            let _ = written.send(());
        }
    }
    let _ = timeout(limit, w.shutdown()).await;
}

/// Reads the client's `hello`, then its messages; `Err` with why the client is cut off.
async fn talk<R: AsyncRead + Unpin>(
    reader: &mut BufReader<R>,
    client: &mut Client<'_>,
    hello_by: tokio::time::Instant,
) -> Result<(), ErrorCode> {
    let first = match timeout_at(hello_by, read_line(reader, MAX_CLIENT_LINE)).await {
        Err(_) => return Err(ErrorCode::HelloTimeout),
        Ok(Err(_) | Ok(Read::End)) => return Ok(()),
        Ok(Ok(Read::TooLong)) => return Err(ErrorCode::TooLong),
        Ok(Ok(Read::Line(l))) => l,
    };
    match hello_version(&first) {
        Some(PROTOCOL) => {}
        Some(_) => return Err(ErrorCode::Version),
        // A message of the protocol before `hello` has no meaning yet; anything else is none.
        None if parse_client(&first).is_ok() => return Err(ErrorCode::Unexpected),
        None => return Err(ErrorCode::Garbled),
    }
    let Ok(ClientMsg::Hello { name, .. }) = parse_client(&first) else {
        return Err(ErrorCode::Garbled);
    };
    if !name_ok(&name) {
        return Err(ErrorCode::BadName);
    }
    client.name = name;
    client.say(&ServerMsg::Welcome { protocol: PROTOCOL });
    let limits = client.host.config.limits;
    let mut rate = Rate::new(limits.per_second, limits.burst);
    loop {
        let l = match timeout(limits.idle, read_line(reader, MAX_CLIENT_LINE)).await {
            Err(_) | Ok(Err(_) | Ok(Read::End)) => return Ok(()),
            Ok(Ok(Read::TooLong)) => return Err(ErrorCode::TooLong),
            Ok(Ok(Read::Line(l))) => l,
        };
        if !rate.allow() {
            return Err(ErrorCode::TooFast);
        }
        let msg = parse_client(&l).map_err(|e| e.code())?;
        if msg == (ClientMsg::Leave {}) && client.seated.is_some() {
            client.forward(msg).await;
            client.seated = None;
            return Ok(());
        }
        client.handle(msg).await;
    }
}

impl Client<'_> {
    /// Queues a line for the client; a full queue is the table's to notice.
    fn say(&self, msg: &ServerMsg) {
        let _ = self.tx.try_send(Line::plain(Arc::from(line(msg))));
    }

    fn error(&self, error: ErrorCode) {
        self.say(&ServerMsg::Error { error, rule: None });
    }

    async fn handle(&mut self, msg: ClientMsg) {
        match (msg, self.seated.is_some()) {
            (ClientMsg::Ping {}, _) => self.say(&ServerMsg::Pong {}),
            (ClientMsg::Create { setup, seat }, false) => self.create(setup, seat).await,
            (ClientMsg::Join { code, password, seat, token }, false) => {
                let Some(code) = read_code(&code) else {
                    return self.error(ErrorCode::NoSuchTable);
                };
                let ask = JoinAsk { name: self.name.clone(), password, seat, token };
                self.join(&code, ask).await;
            }
            (ClientMsg::Hello { .. } | ClientMsg::Create { .. } | ClientMsg::Join { .. }, _)
            | (_, false) => self.error(ErrorCode::Unexpected),
            (msg, true) => self.forward(msg).await,
        }
    }

    /// Hands a seated player's message to the table; a table closed meanwhile (its game
    /// over) leaves the player unseated.
    async fn forward(&mut self, msg: ClientMsg) {
        if let Some(table) = &self.seated
            && table.send(TableCmd::Msg(self.id, msg)).await.is_err()
        {
            self.seated = None;
            self.error(ErrorCode::NoSuchTable);
        }
    }

    async fn create(&mut self, setup: super::wire::TableSetup, seat: Option<Seat>) {
        if !setup_ok(&setup) {
            return self.error(ErrorCode::BadSetup);
        }
        let password = setup.password.clone();
        let seed = self.id ^ u64::from(self.peer.port()).rotate_left(32);
        let seat_at = seat.unwrap_or(Seat::South);
        match super::task::create(self.host, &setup, seat_at, seed, self.peer.ip()) {
            Ok(code) => {
                log!("contree host: {}: table {code} opened by {}", self.peer, self.name);
                let ask = JoinAsk { name: self.name.clone(), password, seat, token: None };
                self.join(&code, ask).await;
            }
            Err(e) => self.error(e),
        }
    }

    async fn join(&mut self, code: &str, ask: JoinAsk) {
        let ip = self.peer.ip();
        if !self.host.may_join(ip) {
            return self.error(ErrorCode::TooFast);
        }
        let Some(table) = self.host.table(code) else {
            self.host.join_failed(ip);
            return self.error(ErrorCode::NoSuchTable);
        };
        let (reply, answer) = oneshot::channel();
        let conn = Conn { id: self.id, tx: self.tx.clone(), close: self.close.clone() };
        if table.send(TableCmd::Join(ask, conn, reply)).await.is_err() {
            return self.error(ErrorCode::NoSuchTable);
        }
        match answer.await {
            Ok(Ok(_)) => self.seated = Some(table),
            Ok(Err(e)) => {
                self.host.join_failed(ip);
                self.error(e);
            }
            Err(_) => self.error(ErrorCode::NoSuchTable),
        }
    }
}
