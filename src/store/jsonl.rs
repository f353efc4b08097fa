//! An append-only file of JSON lines (`games.jsonl`, `exercises.jsonl`, `daily.jsonl`), generic
//! over its line type ([`Line`]): lines appended and synced before the append returns, an append
//! that fails cut back with `set_len` to the length the file had, a last line broken by a crash
//! or a full disk mended (moved aside alone to `<name>.corrupt-<time>`, the lines before it
//! kept), the file written again in place, atomically, when a line of it changes or goes, and
//! a file whose keys are filed once read with the later lines of a key set aside.
//!
//! A file is read as a stream, one line held at a time and never more than its kind's longest
//! line ([`Line::LIMIT`]): a longer line is refused without being held whole (and copied as it
//! is, in pieces, when the file is written again), so that the memory a file takes to read is
//! the same whatever its size.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::path::PathBuf;

use super::{Cause, LineList, Operation, SetAside, Store, StoreError, Unfit, held, unusable};
use crate::files::{self, ReadError, persist, sync_dir, temporary};

/// A line of a file of JSON lines, read back from its bytes.
pub(super) trait Line: Sized {
    /// Why a line is not one.
    type Error;

    /// The longest line of the kind, in bytes, without its newline: a longer one is none of
    /// contree's, refused without being held whole.
    const LIMIT: usize;

    /// The line (without its newline) read, or why it is not one.
    fn parse(line: &[u8]) -> Result<Self, Self::Error>;

    /// Why a line longer than [`Line::LIMIT`] is not one.
    fn too_long() -> Self::Error;
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

/// Where a line goes when its file is written again ([`Lines::write_again`]).
enum Place {
    /// Where it was, as it is.
    As,
    /// Where it was, these bytes in its place.
    Instead(Vec<u8>),
    /// Nowhere: it goes.
    Out,
    /// Into a file of its own, moved aside with the other lines that go there.
    Aside,
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

    /// Goes through the lines of the file that are not blank, in order, each numbered (from 0)
    /// and read as an `L` or refused; a file that does not exist has none. One line is held at
    /// a time.
    pub(super) fn each(
        &self,
        mut each: impl FnMut(usize, Result<L, L::Error>),
    ) -> Result<(), ReadError> {
        let file = match files::open_regular(&self.path()) {
            Ok(f) => f,
            Err(e) if e.is_not_found() => return Ok(()),
            Err(e) => return Err(e),
        };
        each_line(file, L::LIMIT, |line| {
            match line.text {
                Some(text) if files::is_blank(text) => {}
                Some(text) => each(line.n, L::parse(text)),
                None => each(line.n, Err(L::too_long())),
            }
            Ok(())
        })
        .map_err(ReadError::Io)
    }

    /// The lines of the file, oldest first, each `key` once: a line of a key read on an earlier
    /// line is refused as `twice` says (given that line's number, from 1), and with the lines
    /// that are not `L`s it is moved aside alone, for the `reason` made of their numbers (from
    /// 1 on) and the first one's error, the file written again without them. A file that is
    /// not a regular file is moved aside whole. What was set aside, if anything.
    pub(super) fn read_each_once<K: Ord>(
        &self,
        key: impl Fn(&L) -> K,
        twice: impl Fn(usize) -> L::Error,
        reason: impl FnOnce(LineList, L::Error) -> Unfit,
    ) -> Result<(Vec<L>, Option<SetAside>), StoreError> {
        let path = self.path();
        let mut first_at = BTreeMap::new();
        let mut kept = Vec::new();
        let mut bad = LineList::default();
        let mut said = None;
        let read = self.each(|n, line| {
            let refused = match line {
                Ok(line) => match first_at.entry(key(&line)) {
                    std::collections::btree_map::Entry::Vacant(at) => {
                        at.insert(n);
                        kept.push(line);
                        None
                    }
                    std::collections::btree_map::Entry::Occupied(at) => Some(twice(at.get() + 1)),
                },
                Err(e) => Some(e),
            };
            if let Some(e) = refused {
                bad.push(n + 1);
                said.get_or_insert(e);
            }
        });
        match read {
            Ok(()) => {}
            Err(e) if e.is_unusable() => {
                let aside = self.store.set_aside(self.name, unusable(&path, &e))?;
                return Ok((Vec::new(), Some(aside)));
            }
            Err(e) => return Err(StoreError::read(&path, e)),
        }
        let Some(said) = said else { return Ok((kept, None)) };
        let keep: BTreeSet<usize> = first_at.into_values().collect();
        let aside = self.set_lines_aside(&keep, reason(bad, said))?;
        Ok((kept, Some(aside)))
    }

    /// Keeps the lines of the file that are neither blank nor in `keep` (numbered from 0) in a
    /// file of their own, and writes the file again without them, the other lines as they
    /// were; a store that only reads says so and moves nothing. `reason` says why they could
    /// not stay.
    fn set_lines_aside(
        &self,
        keep: &BTreeSet<usize>,
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
            let stays = |line: &LineAt<'_>| {
                keep.contains(&line.n) || line.text.is_some_and(files::is_blank)
            };
            let moved =
                self.write_again(|line| if stays(line) { Place::As } else { Place::Aside }, None)?;
            if let Some(path) = moved {
                aside.path = path;
                aside.moved = true;
            }
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
        let last = last_line(file, L::LIMIT as u64).map_err(fail)?;
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
    /// read or not, one held at a time; a line longer than [`Line::LIMIT`] is passed over, and a
    /// file that does not exist has none.
    pub(super) fn scan(&self, mut each: impl FnMut(usize, &[u8])) -> Result<(), StoreError> {
        let path = self.path();
        let file = match files::open_regular(&path) {
            Ok(f) => f,
            Err(e) if e.is_not_found() => return Ok(()),
            Err(e) => return Err(StoreError::read(&path, e)),
        };
        each_line(file, L::LIMIT, |line| {
            if let Some(text) = line.text {
                each(line.n, text);
            }
            Ok(())
        })
        .map_err(|e| StoreError::io(&path, Operation::Read, e))
    }

    /// Writes the file again, atomically: each line (numbered from 0, without its newline) as
    /// `edit` gives it back (`None` leaves it out), then `add` at the end. A line longer than
    /// [`Line::LIMIT`], none of contree's, stays as it is.
    pub(super) fn rewrite(
        &self,
        mut edit: impl FnMut(usize, &[u8]) -> Option<Vec<u8>>,
        add: Option<Vec<u8>>,
    ) -> Result<(), StoreError> {
        let place = |line: &LineAt<'_>| match line.text {
            None => Place::As,
            Some(text) => edit(line.n, text).map_or(Place::Out, Place::Instead),
        };
        self.write_again(place, add).map(drop)
    }

    /// Writes the file again, atomically, each line where `place` puts it, then `add` at the
    /// end; the lines moved aside are kept in a file of their own, synced before the file
    /// written again takes the old one's place, whose path is given back. One line is held at
    /// a time: a line longer than [`Line::LIMIT`] is copied in pieces.
    fn write_again(
        &self,
        mut place: impl FnMut(&LineAt<'_>) -> Place,
        add: Option<Vec<u8>>,
    ) -> Result<Option<PathBuf>, StoreError> {
        let path = self.path();
        if self.store.read_only {
            return Err(StoreError::new(&path, Operation::Write, Cause::ReadOnly));
        }
        let fail = |e| StoreError::io(&path, Operation::Write, e);
        let from = files::open_regular(&path).map_err(|e| StoreError::read(&path, e))?;
        let mut tmp = temporary(&self.store.dir, self.name).map_err(fail)?;
        let mut out = io::BufWriter::new(tmp.as_file_mut());
        let mut aside: Option<(PathBuf, io::BufWriter<File>)> = None;
        // The file opened again, to copy a line too long to be held from where it starts.
        let mut again = None;
        each_line(from, L::LIMIT, |line| match place(&line) {
            Place::As => copy_line(&line, &path, &mut again, &mut out),
            Place::Instead(bytes) => write_line(&mut out, &bytes),
            Place::Out => Ok(()),
            Place::Aside => {
                if aside.is_none() {
                    let (to, file) = self.store.new_aside(self.name)?;
                    aside = Some((to, io::BufWriter::new(file)));
                }
                match aside.as_mut() {
                    Some((_, to)) => copy_line(&line, &path, &mut again, to),
                    None => Ok(()),
                }
            }
        })
        .map_err(fail)?;
        if let Some(add) = add {
            write_line(&mut out, &add).map_err(fail)?;
        }
        out.flush().map_err(fail)?;
        drop(out);
        let moved = match aside {
            Some((to, mut file)) => {
                file.flush().map_err(fail)?;
                if self.store.sync {
                    file.get_ref().sync_all().map_err(fail)?;
                }
                Some(to)
            }
            None => None,
        };
        persist(tmp, &path, self.store.sync).map_err(fail)?;
        Ok(moved)
    }
}

/// How a file of lines is opened to be appended to: read (its end) and appended to, without
/// waiting on a FIFO.
fn appending() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true).append(true);
    files::nonblocking(&mut options);
    options
}

/// A line of a file as [`each_line`] reads it.
pub(super) struct LineAt<'a> {
    /// Its number, from 0.
    n: usize,
    /// Where it starts in the file, in bytes.
    start: u64,
    /// Its length without its newline, in bytes.
    len: u64,
    /// The line without its newline; `None` when it is longer than the limit given: read
    /// through, not held.
    text: Option<&'a [u8]>,
}

/// A reader that counts the bytes taken from it and keeps the last one.
struct Counted<R> {
    inner: BufReader<R>,
    at: u64,
    last: u8,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(&b) = buf[..n].last() {
            self.last = b;
        }
        self.at += n as u64;
        Ok(n)
    }
}

impl<R: Read> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if let Some(&b) = amount.checked_sub(1).and_then(|i| self.inner.buffer().get(i)) {
            self.last = b;
        }
        self.at += amount as u64;
        self.inner.consume(amount);
    }
}

/// Each line of `input` in turn, numbered from 0, as [`files::read_line_within`] reads it:
/// no more than `limit` bytes of a line are held, a longer one read through and given without
/// its text.
fn each_line(
    input: impl Read,
    limit: usize,
    mut each: impl FnMut(LineAt<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut input = Counted { inner: BufReader::new(input), at: 0, last: 0 };
    let mut text = Vec::new();
    for n in 0.. {
        let start = input.at;
        let Some(too_long) = files::read_line_within(&mut input, &mut text, false, limit)? else {
            break;
        };
        let ended = input.at > start && input.last == b'\n';
        let len = input.at - start - u64::from(ended);
        each(LineAt { n, start, len, text: (!too_long).then_some(&text[..]) })?;
    }
    Ok(())
}

/// Writes `line` and its newline to `out`: its text when it was held, else its bytes copied
/// in pieces from the file at `path`, opened `again` for this the first time.
fn copy_line(
    line: &LineAt<'_>,
    path: &std::path::Path,
    again: &mut Option<File>,
    out: &mut impl Write,
) -> io::Result<()> {
    if let Some(text) = line.text {
        return write_line(out, text);
    }
    let file = match again {
        Some(file) => file,
        None => again.insert(files::open_regular(path).map_err(|e| match e {
            ReadError::Io(e) => e,
            other => io::Error::other(other.to_string()),
        })?),
    };
    file.seek(SeekFrom::Start(line.start))?;
    let copied = io::copy(&mut Read::by_ref(file).take(line.len), out)?;
    if copied != line.len {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    out.write_all(b"\n")
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

    /// A line far longer than the limit, from a reader that makes it as it is read: it is read
    /// through without being held, its place and length known, and the lines after it read.
    #[test]
    fn a_line_longer_than_the_limit_is_read_through_and_not_held() {
        const LONG: u64 = 256 << 20;
        let input =
            b"short\n".chain(io::repeat(b'x').take(LONG)).chain(&b"\nafter\nlast, no newline"[..]);
        let mut seen = Vec::new();
        each_line(input, 1024, |line| {
            let text = line.text.map(|t| String::from_utf8_lossy(t).into_owned());
            seen.push((line.n, line.start, line.len, text));
            Ok(())
        })
        .expect("reads");
        assert_eq!(
            seen,
            [
                (0, 0, 5, Some("short".to_string())),
                (1, 6, LONG, None),
                (2, 7 + LONG, 5, Some("after".to_string())),
                (3, 13 + LONG, 16, Some("last, no newline".to_string())),
            ]
        );
    }

    /// A file written again keeps a line too long to be held as it was, copied in pieces, and
    /// moves a line aside the same way.
    #[test]
    fn a_line_too_long_to_hold_is_copied_as_it_is() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let long = format!("{{\"{}\"}}", "y".repeat(3 << 20));
        let text = format!("a\n{long}\nb\n{long}\n");
        fs::write(dir.path().join(super::super::DAILY_FILE), &text).expect("write");
        let lines = store.daily_lines();
        let aside = lines
            .write_again(|l| if l.n == 3 { Place::Aside } else { Place::As }, Some(b"c".to_vec()))
            .expect("written")
            .expect("a line moved aside");
        let kept = fs::read_to_string(lines.path()).expect("read");
        assert_eq!(kept, format!("a\n{long}\nb\nc\n"));
        assert_eq!(fs::read_to_string(aside).expect("read"), format!("{long}\n"));
    }

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
