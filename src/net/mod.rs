//! The network table: a host serving many tables over TLS, and the client a front end drives a
//! remote table with. The host holds every game and checks every action with the rules; a
//! seat is sent what that seat may see and nothing else. The protocol ([`wire`]) is described
//! in the repository's `docs/network.md`.
//!
//! - [`wire`]: the messages, their bounds and their reading.
//! - [`frame`]: one bounded line from a stream.
//! - [`code`]: tables' codes, seat tokens, and what the host keeps of them.
//! - [`tls`]: the host's certificate and the client's pinning of it.
//! - [`disk`]: files written whole, read within a bound, set aside when unreadable.
//! - [`table`]: one table's seats and game, and what each seat is sent.
//! - [`saved`]: a table's file.
//! - [`registry`]: the host's settings, bounds, tables and connections; `task` a table's
//!   task; `conn` one client's connection; [`host`] `contree host`, which serves them.
//! - [`client`]: the client library.

/// Writes one line of the host's log on standard error; a closed standard error stops nothing.
macro_rules! log {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub mod client;
pub mod code;
mod conn;
pub mod disk;
pub mod frame;
pub mod host;
pub mod registry;
pub mod saved;
pub mod table;
mod task;
pub mod tls;
pub mod wire;
mod words;
