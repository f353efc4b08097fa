//! A JSON file of the data directory kept whole (`game.json`, `stats.json`, the front end's
//! settings): read whole, never past its limit and only when it is a regular file, its version
//! checked; written whole and atomically, through a temporary file in the same directory,
//! written, synced (`sync_all`), renamed over the file, and the directory synced, so that a
//! crash leaves the old version or the new one, never half of one.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Cause, Operation, Store, StoreError, Unfit};
use crate::files::{self, ReadError, sync_dir, write_atomic};

/// A JSON file of the data directory, read whole under its limit and written whole, atomically.
pub(super) struct JsonFile<'s> {
    store: &'s Store,
    name: &'s str,
    limit: u64,
}

impl Store {
    /// The file `name` of the data directory, as a JSON file kept whole, read up to `limit`
    /// bytes.
    pub(super) fn json_file<'s>(&'s self, name: &'s str, limit: u64) -> JsonFile<'s> {
        JsonFile { store: self, name, limit }
    }
}

impl JsonFile<'_> {
    /// Where it is.
    pub(super) fn path(&self) -> PathBuf {
        self.store.path(self.name)
    }

    /// Its bytes, `None` when it does not exist; an error when it cannot be read, or is not a
    /// regular file, or is larger than the limit.
    pub(super) fn read(&self) -> Result<Option<Vec<u8>>, ReadError> {
        match files::read(&self.path(), self.limit) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Serializes `value` and writes it atomically; a store that only reads refuses.
    pub(super) fn write<T: Serialize>(&self, value: &T) -> Result<(), StoreError> {
        let path = self.path();
        if self.store.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let bytes = serde_json::to_vec(value)
            .map_err(|e| StoreError::new(&path, Operation::Write, Cause::Json(e)))?;
        write_atomic(&path, &bytes, self.store.sync)
            .map_err(|e| StoreError::io(&path, Operation::Write, e))
    }

    /// Removes it, once what it holds is kept elsewhere; one already gone is no error.
    pub(super) fn remove(&self) -> Result<(), StoreError> {
        let path = self.path();
        if self.store.read_only {
            return Err(StoreError::new(&path, Operation::Remove, Cause::ReadOnly));
        }
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(StoreError::io(&path, Operation::Remove, e))
            }
            _ => Ok(()),
        }
    }
}

/// Refuses a file without a version, or from a newer contree (whose shape may differ).
pub(super) fn check_version(value: &serde_json::Value, current: u32) -> Result<(), Unfit> {
    match value.get("version").and_then(serde_json::Value::as_u64) {
        None => Err(Unfit::NoVersion),
        Some(found) if found > u64::from(current) => Err(Unfit::NewerVersion { found, current }),
        Some(_) => Ok(()),
    }
}

/// Writes `bytes` to `path`, a file outside the data directory (an export), as the store writes
/// its own: a temporary file beside it, written, synced, then renamed over `path` (`replace`)
/// or put in its place only if nothing is there (else `AlreadyExists`), and the directory
/// synced, so that no reader ever sees half of it, nor a crash leaves half. The file gets the
/// mode any new file gets, 0666 less the umask (0644 under the usual one), replaced or not,
/// where the store's own files are the player's alone.
pub fn write_whole(path: &Path, bytes: &[u8], replace: bool) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    match replace {
        true => tmp.persist(path).map(|_| ()),
        false => tmp.persist_noclobber(path).map(|_| ()),
    }
    .map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_atomically_leaves_no_temporary_file_and_reads_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let file = store.json_file("x.json", 16);
        assert_eq!(file.read().ok(), Some(None), "missing is nothing");
        file.write(&[1, 2, 3]).expect("written");
        file.write(&[4]).expect("written again");
        assert_eq!(file.read().ok(), Some(Some(b"[4]".to_vec())));
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("lists")
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, ["x.json"]);
        file.write(&"x".repeat(20)).expect("written");
        assert!(matches!(file.read(), Err(ReadError::TooLarge(16))));
        file.remove().expect("removed");
        file.remove().expect("removing it again is no error");
        let reading = Store::reading(dir.path());
        let refused = reading.json_file("x.json", 16).write(&1).expect_err("only reads");
        assert!(matches!(refused.cause(), Cause::ReadOnly));
    }

    #[test]
    fn a_file_without_a_version_or_from_a_newer_contree_is_refused() {
        let v = |s: &str| serde_json::from_str::<serde_json::Value>(s).expect("JSON");
        assert_eq!(check_version(&v("{}"), 2), Err(Unfit::NoVersion));
        assert_eq!(
            check_version(&v(r#"{"version": 3}"#), 2),
            Err(Unfit::NewerVersion { found: 3, current: 2 })
        );
        assert_eq!(check_version(&v(r#"{"version": 2}"#), 2), Ok(()));
    }
}
