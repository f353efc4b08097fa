//! `table.lock`: the data directory held by one table at a time. The lock is the system's
//! (`flock` on Unix), so it goes with the process however the process ends; the file names who
//! holds it ([`Holder`]), for the table turned away to say so.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};

use super::{Cause, LOCK_FILE, Operation, Store, StoreError, now};
use crate::files::{self, ReadError};

/// Who holds the data directory, as the lock file says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// The process, if known.
    pub pid: Option<u32>,
    /// When it took the directory (seconds since the Unix epoch), if known.
    pub since: Option<u64>,
    /// What holds it: `table`, or a command that only reads and lets go at once.
    pub what: String,
}

impl Holder {
    fn parse(text: &str) -> Holder {
        let mut words = text.split_whitespace();
        let pid = words.next().and_then(|w| w.parse().ok());
        let since = words.next().and_then(|w| w.parse().ok());
        let what = words.next().unwrap_or_default().chars().take(20).collect();
        Holder { pid, since, what }
    }

    /// Whether a table holds the directory (rather than a command that reads for a moment).
    pub fn is_table(&self) -> bool {
        self.what == TABLE || self.what.is_empty()
    }
}

/// What a table writes in the lock file.
pub const TABLE: &str = "table";

/// The data directory held: no other process takes it while this lives. Dropping it lets go.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Why the data directory could not be held.
#[derive(Debug)]
pub enum LockError {
    /// Another process holds it.
    Held(Holder),
    /// The lock file could not be made or locked: something else stands in its place (a
    /// directory, a FIFO, a link to a device), or the system refuses (a read-only directory, an
    /// immutable file). Nobody may be said to hold the directory, nor to leave it free: the
    /// table does not open.
    Failed(StoreError),
}

impl Store {
    /// Takes the data directory for this process, writing who holds it (the process id, the
    /// time, `what`) in the lock file. A table holds it for its whole life (`stats` and
    /// `history` only read, and take nothing). The lock is the system's (`flock` on Unix): it
    /// goes with the process, however the process ends. A lock file that cannot be made or
    /// locked is an error, never taken for a free directory.
    pub fn lock(&self, what: &str) -> Result<DirLock, LockError> {
        let path = self.path(LOCK_FILE);
        let failed = |e: io::Error| LockError::Failed(StoreError::io(&path, Operation::Write, e));
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        files::nonblocking(&mut options);
        let mut file = files::open_checked(&path, &options).map_err(|e| match e {
            ReadError::Io(e) => failed(e),
            other => {
                LockError::Failed(StoreError::new(&path, Operation::Write, Cause::Unusable(other)))
            }
        })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = (&file).take(256).read_to_string(&mut text);
                return Err(LockError::Held(Holder::parse(&text)));
            }
            Err(fs::TryLockError::Error(e)) => return Err(failed(e)),
        }
        let line = format!("{} {} {what}\n", std::process::id(), now());
        file.set_len(0)
            .and_then(|()| file.seek(SeekFrom::Start(0)))
            .and_then(|_| file.write_all(line.as_bytes()))
            .map_err(failed)?;
        Ok(DirLock { _file: file })
    }
}
