//! An append-only file of JSON lines (`games.jsonl`, `exercises.jsonl`, `daily.jsonl`), generic
//! over its line type ([`Line`]): lines appended and synced before the append returns, an append
//! that fails cut back with `set_len` to the length the file had, a last line broken by a crash
//! or a full disk mended (moved aside alone to `<name>.corrupt-<time>`, the lines before it
//! kept), the file written again in place, atomically, when a line of it changes or goes, and
//! a file whose keys are filed once read with the later lines of a key set aside.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::path::PathBuf;

use super::atomic::{persist, sync_dir, temporary};
use super::{
    Cause, GAMES_LIMIT, LINE_LIMIT, Operation, SetAside, Store, StoreError, Unfit, held, unusable,
};
use crate::files::{self, ReadError};

/// A line of a file of JSON lines, read back from its bytes.
pub(super) trait Line: Sized {
    /// Why a line is not one.
    type Error;

    /// The line (without its newline) read, or why it is not one.
    fn parse(line: &[u8]) -> Result<Self, Self::Error>;
}

/// The file of lines `name` of the data directory, each line an `L`.
pub(super) struct Lines<'s, L> {
    store: &'s Store,
    name: &'static str,
    line: PhantomData<fn() -> L>,
}

/// A file of lines open to be appended to, and whether it was created for this.
pub(super) struct Appending {
    file: File,
    created: bool,
}

/// The lines of a file as read: those that are lines of their kind, oldest first, and the
/// others (numbered from 0) with why each could not be read.
pub(super) struct Parsed<L: Line> {
    /// The lines read.
    pub(super) lines: Vec<L>,
    /// The number of each line read (from 0), in the file.
    pub(super) numbers: Vec<usize>,
    /// The lines that could not be read, and why.
    pub(super) bad: Vec<(usize, L::Error)>,
}

impl Store {
    /// The file of lines `name` of the data directory.
    pub(super) fn lines<L: Line>(&self, name: &'static str) -> Lines<'_, L> {
        Lines { store: self, name, line: PhantomData }
    }
}

impl<L: Line> Lines<'_, L> {
    /// Where it is.
    pub(super) fn path(&self) -> PathBuf {
        self.store.path(self.name)
    }

    /// The whole file, `None` when it does not exist.
    pub(super) fn read(&self) -> Result<Option<Vec<u8>>, ReadError> {
        match files::read(&self.path(), GAMES_LIMIT) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The lines of the file, oldest first, each `key` once: a line of a key read on an earlier
    /// line is refused as `twice` says (given that line's number, from 1), and with the lines
    /// that are not `L`s it is moved aside alone, for the `reason` made of their numbers (from
    /// 1 on) and the first one's error, the file written again without them. A file that is
    /// not a regular file, or too large, is moved aside whole. What was set aside, if anything.
    pub(super) fn read_each_once<K: Ord>(
        &self,
        key: impl Fn(&L) -> K,
        twice: impl Fn(usize) -> L::Error,
        reason: impl FnOnce(Vec<usize>, L::Error) -> Unfit,
    ) -> Result<(Vec<L>, Option<SetAside>), StoreError> {
        let path = self.path();
        let bytes = match self.read() {
            Ok(Some(b)) => b,
            Ok(None) => return Ok((Vec::new(), None)),
            Err(e) if e.is_unusable() => {
                let aside = self.store.set_aside(self.name, unusable(&path, &e))?;
                return Ok((Vec::new(), Some(aside)));
            }
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        let parsed = parse::<L>(&bytes);
        let mut bad = parsed.bad;
        let mut first_at = std::collections::BTreeMap::new();
        let mut kept = Vec::new();
        for (n, line) in parsed.numbers.into_iter().zip(parsed.lines) {
            match first_at.entry(key(&line)) {
                std::collections::btree_map::Entry::Vacant(at) => {
                    at.insert(n);
                    kept.push(line);
                }
                std::collections::btree_map::Entry::Occupied(at) => {
                    bad.push((n, twice(at.get() + 1)));
                }
            }
        }
        bad.sort_by_key(|(n, _)| *n);
        let numbers: Vec<usize> = bad.iter().map(|(i, _)| *i).collect();
        let Some((_, said)) = bad.into_iter().next() else { return Ok((kept, None)) };
        let reason = reason(numbers.iter().map(|i| i + 1).collect(), said);
        let aside = self.set_lines_aside(&bytes, &numbers, reason)?;
        Ok((kept, Some(aside)))
    }

    /// Keeps lines `bad` (numbered from 0) of the file, whose bytes are `bytes`, in a file of
    /// their own, and writes the file again without them, the other lines as they were; a
    /// store that only reads says so and moves nothing. `reason` says why they could not stay.
    pub(super) fn set_lines_aside(
        &self,
        bytes: &[u8],
        bad: &[usize],
        reason: Unfit,
    ) -> Result<SetAside, StoreError> {
        let mut aside = SetAside {
            file: self.name.to_string(),
            path: self.path(),
            reason,
            moved: false,
            last_line_only: false,
        };
        if !self.store.read_only {
            let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            let mut kept = Vec::new();
            for &i in bad {
                kept.extend_from_slice(lines.get(i).copied().unwrap_or_default());
                kept.push(b'\n');
            }
            aside.path = self.store.keep_aside(self.name, &mut &kept[..])?;
            aside.moved = true;
            let bad: std::collections::BTreeSet<usize> = bad.iter().copied().collect();
            self.rewrite(|n, l| (!bad.contains(&n)).then(|| l.to_vec()), None)?;
        }
        held(&self.store.notices).push(aside.clone());
        Ok(aside)
    }

    /// Opens the file to be appended to, created when missing: something that is not a regular
    /// file in its place is moved aside and a new file begun, and a last line cut off is mended
    /// first ([`Lines::mend`]). A store that only reads refuses.
    pub(super) fn open(&self) -> Result<Appending, StoreError> {
        let path = self.path();
        if self.store.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let open = || {
            let existed = std::fs::symlink_metadata(&path).is_ok();
            files::open_checked(&path, appending().create(true))
                .map(|file| Appending { file, created: !existed })
        };
        let refused = |e| match e {
            ReadError::Io(e) => StoreError::io(&path, Operation::Write, e),
            other => StoreError::new(&path, Operation::Write, Cause::Unusable(other)),
        };
        let mut appending = match open() {
            Err(e @ ReadError::NotAFile) => {
                self.store.set_aside(self.name, unusable(&path, &e))?;
                open().map_err(refused)?
            }
            other => other.map_err(refused)?,
        };
        self.mend(&mut appending.file)?;
        Ok(appending)
    }

    /// Mends the file if it is there and can be opened, for the holder of the directory tidying
    /// after a crash; what cannot be mended now is mended by the next append, which says why.
    pub(super) fn mend_if_there(&self) {
        if let Ok(mut file) = files::open_checked(&self.path(), &appending()) {
            let _ = self.mend(&mut file);
        }
    }

    /// Ends the file cleanly when a crash or a full disk cut its last line: a last line that is
    /// a whole `L` but for its newline gets one; any other piece of a line is moved aside alone,
    /// and the lines before it stay as they are.
    fn mend(&self, file: &mut File) -> Result<(), StoreError> {
        let path = self.path();
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let last = last_line(file, LINE_LIMIT).map_err(fail)?;
        if last.ends_clean {
            return Ok(());
        }
        let whole = |l: Vec<u8>| L::parse(&l).is_ok();
        if !last.text.is_some_and(whole) {
            file.seek(SeekFrom::Start(last.start)).map_err(fail)?;
            let kept = self.store.keep_aside(self.name, file)?;
            file.set_len(last.start).map_err(fail)?;
            held(&self.store.notices).push(SetAside {
                file: self.name.to_string(),
                path: kept,
                reason: Unfit::CutOff,
                moved: true,
                last_line_only: true,
            });
        } else {
            file.write_all(b"\n").map_err(fail)?;
        }
        if self.store.sync {
            file.sync_all().map_err(fail)?;
        }
        Ok(())
    }

    /// Appends `bytes` (whole lines) at the end of the file opened by [`Lines::open`], synced
    /// before this returns. An append that fails is cut back to the length the file had: what
    /// was written of the lines goes, and should even that fail, the piece left is mended
    /// before the next append.
    pub(super) fn append(&self, to: &mut Appending, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.path();
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let sync = self.store.sync;
        let f = &mut to.file;
        let len = f.seek(SeekFrom::End(0)).map_err(fail)?;
        let appended = f.write_all(bytes).and_then(|()| if sync { f.sync_all() } else { Ok(()) });
        if let Err(e) = appended {
            if f.set_len(len).is_ok() && sync {
                let _ = f.sync_all();
            }
            return Err(fail(e));
        }
        if to.created && sync {
            sync_dir(&self.store.dir);
        }
        Ok(())
    }

    /// Goes through the lines of the file (numbered from 0, without their newline) as they are,
    /// read or not; a file that does not exist has none.
    pub(super) fn scan(&self, each: impl FnMut(usize, &[u8])) -> Result<(), StoreError> {
        let path = self.path();
        let file = match files::open_regular(&path) {
            Ok(f) => f,
            Err(e) if e.is_not_found() => return Ok(()),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        let mut each = each;
        each_line(file, |n, line| {
            each(n, line);
            Ok(())
        })
        .map_err(|e| StoreError::io(&path, Operation::Read, e))
    }

    /// Writes the file again, atomically: each line (numbered from 0, without its newline) as
    /// `edit` gives it back (`None` leaves it out), then `add` at the end.
    pub(super) fn rewrite(
        &self,
        mut edit: impl FnMut(usize, &[u8]) -> Option<Vec<u8>>,
        add: Option<Vec<u8>>,
    ) -> Result<(), StoreError> {
        let path = self.path();
        if self.store.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let from = files::open_regular(&path).map_err(|e| StoreError::read(&path, e))?;
        let mut tmp = temporary(&self.store.dir, self.name).map_err(fail)?;
        let mut out = io::BufWriter::new(tmp.as_file_mut());
        each_line(from, |n, text| match edit(n, text) {
            Some(kept) => write_line(&mut out, &kept),
            None => Ok(()),
        })
        .map_err(fail)?;
        if let Some(add) = add {
            write_line(&mut out, &add).map_err(fail)?;
        }
        out.flush().map_err(fail)?;
        drop(out);
        persist(tmp, &path, self.store.sync).map_err(fail)
    }
}

/// Reads every line of `bytes` that is not blank as an `L`.
pub(super) fn parse<L: Line>(bytes: &[u8]) -> Parsed<L> {
    let mut parsed = Parsed { lines: Vec::new(), numbers: Vec::new(), bad: Vec::new() };
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if files::is_blank(line) {
            continue;
        }
        match L::parse(line) {
            Ok(l) => {
                parsed.lines.push(l);
                parsed.numbers.push(i);
            }
            Err(e) => parsed.bad.push((i, e)),
        }
    }
    parsed
}

/// How a file of lines is opened to be appended to: read (its end) and appended to, without
/// waiting on a FIFO.
fn appending() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true).append(true);
    files::nonblocking(&mut options);
    options
}

/// Each line of `file` in turn (numbered from 0, without its newline), one held at a time.
fn each_line(file: File, mut each: impl FnMut(usize, &[u8]) -> io::Result<()>) -> io::Result<()> {
    let mut lines = io::BufReader::new(file);
    let mut line = Vec::new();
    for n in 0.. {
        line.clear();
        if lines.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        each(n, line.strip_suffix(b"\n").unwrap_or(&line))?;
    }
    Ok(())
}

/// Writes `line` and its newline.
fn write_line(out: &mut impl Write, line: &[u8]) -> io::Result<()> {
    out.write_all(line)?;
    out.write_all(b"\n")
}

/// The last line of a file, as [`last_line`] finds it.
#[derive(Debug, PartialEq, Eq)]
struct LastLine {
    /// Where it starts, in bytes.
    start: u64,
    /// The line without its newline; `None` when it is longer than the limit given (not one
    /// contree wrote).
    text: Option<Vec<u8>>,
    /// Whether the file ends with a newline (or is empty).
    ends_clean: bool,
}

/// The last line of `file`, read from its end in pieces: only the last line is ever held.
fn last_line(file: &mut File, limit: u64) -> io::Result<LastLine> {
    const CHUNK: u64 = 64 * 1024;
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(LastLine { start: 0, text: None, ends_clean: true });
    }
    let mut last = [0u8];
    file.seek(SeekFrom::Start(len - 1))?;
    file.read_exact(&mut last)?;
    let ends_clean = last[0] == b'\n';
    let end = if ends_clean { len - 1 } else { len };
    let mut start = 0;
    let mut pos = end;
    let mut chunk = Vec::new();
    while pos > 0 {
        let n = CHUNK.min(pos);
        pos -= n;
        chunk.resize(n as usize, 0);
        file.seek(SeekFrom::Start(pos))?;
        file.read_exact(&mut chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            start = pos + i as u64 + 1;
            break;
        }
    }
    let text = if end - start > limit {
        None
    } else {
        let mut line = vec![0u8; (end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut line)?;
        Some(line)
    };
    Ok(LastLine { start, text, ends_clean })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn the_last_line_is_found_however_long_and_whether_it_ends() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("f");
        let long = "x".repeat(200_000);
        for (text, want, clean) in [
            (String::new(), None, true),
            ("a\nbc\n".to_string(), Some("bc".to_string()), true),
            ("a\nbc".to_string(), Some("bc".to_string()), false),
            ("only".to_string(), Some("only".to_string()), false),
            (format!("a\n{long}\n"), Some(long.clone()), true),
            (long.clone(), Some(long.clone()), false),
        ] {
            fs::write(&path, &text).expect("write");
            let mut f = File::open(&path).expect("open");
            let last = last_line(&mut f, 1 << 20).expect("reads");
            let start = want.as_ref().map_or(0, |w| text.len() - w.len() - usize::from(clean));
            assert_eq!(last.text.map(|l| String::from_utf8(l).expect("utf-8")), want);
            assert_eq!(last.ends_clean, clean);
            assert_eq!(last.start, start as u64);
        }
        fs::write(&path, format!("a\n{long}")).expect("write");
        let mut f = File::open(&path).expect("open");
        let last = last_line(&mut f, 1000).expect("reads");
        assert_eq!(
            last,
            LastLine { start: 2, text: None, ends_clean: false },
            "too long to be ours"
        );
    }
}
