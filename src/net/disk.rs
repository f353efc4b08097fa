//! The host's and the client's files: written whole or not at all (a temporary file beside the
//! target, written, synced, renamed over it, the directory synced), read within a bound, and a
//! file that cannot be read set aside under another name rather than lost.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::files;

/// Writes `bytes` to `path` atomically, readable by its owner alone (a file replaced keeps its
/// mode); `sync` syncs the file and the directory (a power cut then loses nothing written).
pub use crate::files::write_atomic;

/// The whole of `path`, within `limit` bytes; `Ok(None)` when there is no such file.
pub fn read_within(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, files::ReadError> {
    match files::read(path, limit) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Moves `path` aside as `<path>.corrupt` (or `.corrupt.N` when that is taken), and answers
/// where it went.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let base = path.as_os_str().to_os_string();
    for n in 0..1000u32 {
        let mut to = base.clone();
        match n {
            0 => to.push(".corrupt"),
            n => to.push(format!(".corrupt.{n}")),
        }
        let to = PathBuf::from(to);
        if !to.exists() {
            fs::rename(path, &to)?;
            return Ok(to);
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "too many files set aside"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_whole_and_set_aside_beside_the_last() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("t.json");
        write_atomic(&path, b"one", true).expect("written");
        write_atomic(&path, b"two", false).expect("written again");
        assert_eq!(read_within(&path, 10).expect("read"), Some(b"two".to_vec()));
        assert!(read_within(&path, 2).is_err());
        assert_eq!(read_within(&dir.path().join("none"), 10).expect("no file"), None);
        let first = set_aside(&path).expect("set aside");
        write_atomic(&path, b"three", false).expect("written");
        let second = set_aside(&path).expect("set aside again");
        assert_ne!(first, second);
        assert_eq!(fs::read(second).expect("kept"), b"three");
        let left: Vec<_> = fs::read_dir(dir.path()).expect("listed").collect();
        assert_eq!(left.len(), 2, "no temporary file is left");
    }
}
