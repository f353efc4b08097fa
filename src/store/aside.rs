//! What the store could not use, kept elsewhere and said: a file moved aside to
//! `<name>.corrupt-<seconds since the epoch>` (with a counter should that name be taken), or
//! bytes of a file (a line cut off, lines that are not exercises) kept in a new file of that
//! name; never deleted. What was done is kept for [`Store::take_notices`]; a store that only
//! reads moves nothing and says so.

use std::ffi::OsString;
use std::fs::{self, OpenOptions};
use std::io::{self, Read};
use std::path::PathBuf;

use super::{Cause, Operation, SetAside, Store, StoreError, Unfit, held, now};
use crate::files::sync_dir;

impl Store {
    /// Moves a file that cannot be used aside, and keeps what was done for
    /// [`Store::take_notices`]. A read-only store leaves it in place and says so.
    pub(super) fn set_aside(&self, name: &str, reason: Unfit) -> Result<SetAside, StoreError> {
        let aside = if self.read_only {
            let path = self.path(name);
            SetAside { file: name.to_string(), path, reason, moved: false, last_line_only: false }
        } else {
            let path = match self.move_aside(name) {
                Ok(path) => path,
                Err(StoreError { path, operation, cause: Cause::Io(e) }) => {
                    let cause = Cause::NotMovedAside(reason, e);
                    return Err(StoreError { path, operation, cause });
                }
                Err(e) => return Err(e),
            };
            SetAside { file: name.to_string(), path, reason, moved: true, last_line_only: false }
        };
        held(&self.notices).push(aside.clone());
        Ok(aside)
    }

    /// Renames `name` to `name.corrupt-<timestamp>` (with a counter if that exists already).
    fn move_aside(&self, name: &str) -> Result<PathBuf, StoreError> {
        let from = self.path(name);
        if self.read_only {
            return Err(StoreError::new(&from, Operation::MoveAside, Cause::ReadOnly));
        }
        *held(&self.known) = None;
        let to = self.aside_name(name);
        fs::rename(&from, &to).map_err(|e| StoreError::io(&from, Operation::MoveAside, e))?;
        Ok(to)
    }

    /// The first free name `name.corrupt-<timestamp>` (with a counter if that exists already).
    fn aside_name(&self, name: &str) -> PathBuf {
        let stamp = now();
        let mut to = self.dir.join(format!("{name}.corrupt-{stamp}"));
        let mut n = 0u32;
        while fs::symlink_metadata(&to).is_ok() {
            n += 1;
            let mut to_name = OsString::from(format!("{name}.corrupt-{stamp}"));
            to_name.push(format!("-{n}"));
            to = self.dir.join(to_name);
        }
        to
    }

    /// Keeps bytes of `name` that cannot stay in it in a file of their own, named as a file
    /// moved aside, and says where; the file is new, never one written over.
    pub(super) fn keep_aside(
        &self,
        name: &str,
        bytes: &mut impl Read,
    ) -> Result<PathBuf, StoreError> {
        let (to, mut file) = self
            .new_aside(name)
            .map_err(|e| StoreError::io(&self.path(name), Operation::MoveAside, e))?;
        let fail = |e| StoreError::io(&to, Operation::MoveAside, e);
        io::copy(bytes, &mut file).map_err(fail)?;
        if self.sync {
            file.sync_all().map_err(fail)?;
        }
        Ok(to)
    }

    /// A new file to keep bytes of `name` in, named as a file moved aside, never one that
    /// exists; the directory is synced, so that it is there after a crash once its bytes are
    /// synced too.
    pub(super) fn new_aside(&self, name: &str) -> io::Result<(PathBuf, fs::File)> {
        loop {
            let to = self.aside_name(name);
            match OpenOptions::new().write(true).create_new(true).open(&to) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
                Ok(file) => {
                    if self.sync {
                        sync_dir(&self.dir);
                    }
                    return Ok((to, file));
                }
            }
        }
    }
}
