//! Reading a file that contree did not necessarily write: a save, the statistics, the settings,
//! the history of games, a `contree score` input given by path. Only a regular file is read (a
//! FIFO or a device would block or never end), never more than a limit, and without blocking on
//! the open itself. An error says which of these it is, so that a caller can tell a file that
//! cannot be used (moved aside) from one it was not allowed to read (left where it is). An
//! error that quotes outside input quotes it [`cut`], never a huge token whole.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

/// One mebibyte.
pub const MIB: u64 = 1 << 20;

/// The longest line the commands read, in bytes: a deal record is a few kilobytes, a request or
/// a typed command less.
pub const LINE_LIMIT: usize = MIB as usize;

/// Reads the next line of `input` into `text` (without its newline), keeping no more than
/// [`LINE_LIMIT`] bytes of it: `None` at the end of the input, else whether the line was longer
/// (the rest was read through and dropped). The end of the input after part of a line ends the
/// line. With `stop_short` (a terminal), a read that stops short of a newline ends the line too:
/// at a terminal that is the end of the input typed after part of a line (Ctrl-D), so that a
/// second one ends the input.
pub fn read_line(
    input: &mut impl BufRead,
    text: &mut Vec<u8>,
    stop_short: bool,
) -> io::Result<Option<bool>> {
    read_line_within(input, text, stop_short, LINE_LIMIT)
}

/// [`read_line`] keeping no more than `limit` bytes of a line: the files of lines of the data
/// directory each have their own limit, the length of the longest line of their kind.
pub fn read_line_within(
    input: &mut impl BufRead,
    text: &mut Vec<u8>,
    stop_short: bool,
    limit: usize,
) -> io::Result<Option<bool>> {
    text.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let piece = &buf[..newline.unwrap_or(buf.len())];
        let room = limit.saturating_sub(text.len());
        too_long |= piece.len() > room;
        text.extend_from_slice(&piece[..piece.len().min(room)]);
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() || stop_short {
            return Ok(Some(too_long));
        }
    }
}

/// The byte order mark some editors put at the start of a UTF-8 file: skipped at the start of
/// every input read as lines of JSON (deal records, bot requests).
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file system refused: missing, no permission, an I/O error. Nothing is wrong with the
    /// file's content as far as anyone knows.
    Io(io::Error),
    /// A directory, a FIFO, a device, a socket: nothing contree can read as a file.
    NotAFile,
    /// Larger than the limit given, in bytes.
    TooLarge(u64),
    /// A symbolic link to nothing (a disk not mounted, say): what it points to may come back,
    /// so the link is neither followed into a new file nor replaced.
    DanglingLink(PathBuf),
}

impl ReadError {
    /// Whether the file does not exist (nor its directory).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e)
            if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory))
    }

    /// Whether the file is there but cannot be used whatever the permissions: not a regular
    /// file, or too large.
    pub fn is_unusable(&self) -> bool {
        matches!(self, ReadError::NotAFile | ReadError::TooLarge(_))
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => f.write_str(&describe_io(e)),
            ReadError::NotAFile => f.write_str("it is not a regular file"),
            ReadError::TooLarge(limit) => write!(f, "it is larger than {}", size(*limit)),
            ReadError::DanglingLink(to) => {
                write!(f, "it is a link to {}, which does not exist", to.display())
            }
        }
    }
}

/// The system's error is said by [`describe_io`] in the line itself, so it is no source to
/// repeat after it.
impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// A size in words: "16 MiB", "512 KiB", "100 bytes".
pub fn size(bytes: u64) -> String {
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// An I/O error in words a player understands, in English: the errors a player meets (a file
/// not found, permission denied, a full disk, a read-only one) in contree's words, with what the
/// system said after them, as it said it, for whoever looks further; any other, as the system
/// said it.
pub fn describe_io(e: &io::Error) -> String {
    let ours = match e.kind() {
        io::ErrorKind::NotFound => "it does not exist",
        io::ErrorKind::ReadOnlyFilesystem => "the disk is read-only",
        io::ErrorKind::StorageFull => "the disk is full",
        io::ErrorKind::QuotaExceeded => "the disk quota is exceeded",
        io::ErrorKind::PermissionDenied => "permission denied",
        _ => return e.to_string(),
    };
    with_system_words(ours, e)
}

/// `ours`, and after it what the system said of `e`, in brackets, when the system said
/// anything: an error made of its kind alone (a test's, or the standard library's own) says
/// nothing more than its kind.
pub fn with_system_words(ours: &str, e: &io::Error) -> String {
    if e.raw_os_error().is_some() || e.get_ref().is_some() {
        format!("{ours} ({e})")
    } else {
        ours.to_string()
    }
}

/// The longest run of characters without a space that an error repeats from the input: a huge
/// token is cut rather than echoed back whole.
pub const ECHO_RUN: usize = 64;
/// The longest error that repeats the input, in characters.
pub const ECHO_TOTAL: usize = 400;

/// Whether a line of outside input (a deal record, a bot request, a line of the games file)
/// holds nothing but ASCII whitespace (space, tab, carriage return, form feed): such a line is
/// skipped, never answered nor read as an error.
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// `message` with every run of more than [`ECHO_RUN`] characters without a space cut, and the
/// whole cut at [`ECHO_TOTAL`] characters; a cut ends with an ellipsis.
pub fn cut(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(ECHO_TOTAL + 8));
    let mut run = 0;
    for (n, c) in message.chars().enumerate() {
        if n >= ECHO_TOTAL {
            out.push('…');
            return out;
        }
        run = if c.is_whitespace() { 0 } else { run + 1 };
        if run <= ECHO_RUN {
            out.push(c);
        } else if run == ECHO_RUN + 1 {
            out.push('…');
        }
    }
    out
}

/// Opens `path` for reading without waiting on it (a FIFO without a writer would block the
/// open itself), and checks that it is a regular file.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let mut options = OpenOptions::new();
    options.read(true);
    nonblocking(&mut options);
    open_checked(path, &options)
}

/// Opens `path` with `options` and checks that it is a regular file. A failed open is told
/// apart: a socket (which cannot be opened at all) or a directory is not a file, a link to
/// nothing is a dangling link, and anything else is the system's error.
pub fn open_checked(path: &Path, options: &OpenOptions) -> Result<File, ReadError> {
    let file = options.open(path).map_err(|e| match fs::metadata(path) {
        Ok(m) if !m.is_file() => ReadError::NotAFile,
        Err(_) if e.kind() == io::ErrorKind::NotFound => match fs::read_link(path) {
            Ok(to) => ReadError::DanglingLink(to),
            Err(_) => ReadError::Io(e),
        },
        _ => ReadError::Io(e),
    })?;
    if !file.metadata()?.is_file() {
        return Err(ReadError::NotAFile);
    }
    Ok(file)
}

/// What stands at a path: a thing, reached through a link or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// What is there (at the link's end, through a link).
    pub thing: Thing,
    /// Whether the path is a link to it.
    pub linked: bool,
}

/// What a path can lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    /// Nothing: no file, or a link whose target does not exist.
    Nothing,
    /// A regular file.
    File,
    /// A directory.
    Directory,
    /// A FIFO.
    Fifo,
    /// A socket.
    Socket,
    /// A device.
    Device,
    /// A link in a loop of links, leading back to itself: nothing can be reached through it.
    Loop,
    /// Anything else.
    Other,
}

/// In English, for the commands: "a directory", "a FIFO", "a link to a device"…
impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let thing = match (self.thing, self.linked) {
            (Thing::Other, false) => return f.write_str("not a file"),
            (Thing::Other, true) => return f.write_str("a link to something that is not a file"),
            (Thing::Loop, _) => return f.write_str("a link that leads back to itself"),
            (Thing::Nothing, _) => "nothing",
            (Thing::File, _) => "a file",
            (Thing::Directory, _) => "a directory",
            (Thing::Fifo, _) => "a FIFO",
            (Thing::Socket, _) => "a socket",
            (Thing::Device, _) => "a device",
        };
        if self.linked { write!(f, "a link to {thing}") } else { f.write_str(thing) }
    }
}

/// What stands at `path`.
pub fn kind(path: &Path) -> FileKind {
    let Ok(own) = fs::symlink_metadata(path) else {
        return FileKind { thing: Thing::Nothing, linked: false };
    };
    if !own.file_type().is_symlink() {
        return FileKind { thing: thing_of(&own.file_type()), linked: false };
    }
    let thing = match fs::metadata(path) {
        Ok(to) => thing_of(&to.file_type()),
        Err(e) if looped(&e) => Thing::Loop,
        Err(_) => Thing::Nothing,
    };
    FileKind { thing, linked: true }
}

/// Whether the system refused a path for a loop of links.
fn looped(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

fn thing_of(t: &fs::FileType) -> Thing {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Thing::Fifo;
        }
        if t.is_socket() {
            return Thing::Socket;
        }
        if t.is_block_device() || t.is_char_device() {
            return Thing::Device;
        }
    }
    match (t.is_dir(), t.is_file()) {
        (true, _) => Thing::Directory,
        (_, true) => Thing::File,
        _ => Thing::Other,
    }
}

/// Makes the open not wait: a FIFO without a writer (or reader) would block the open itself.
/// Only the open and a non-file's reads and writes are affected: a regular file works as usual.
#[cfg(unix)]
pub fn nonblocking(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK);
}

/// Nothing to do where opening a file never waits on another process.
#[cfg(not(unix))]
pub fn nonblocking(_: &mut OpenOptions) {}

/// Opens the regular file `path` for reading, refusing it at once when it is larger than
/// `limit` bytes (reading it would only find out later, at the cost of the limit's memory).
pub fn open_within(path: &Path, limit: u64) -> Result<File, ReadError> {
    let file = open_regular(path)?;
    if file.metadata()?.len() > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(file)
}

/// Reads the whole of the regular file `path`, refusing it beyond `limit` bytes.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_from(open_within(path, limit)?, limit)
}

/// Reads everything `input` gives, refusing it beyond `limit` bytes. Memory grows with what is
/// read, never with what a file claims.
pub fn read_from(input: impl Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    input.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}

/// Syncs a directory, so that a file created or renamed in it survives a crash. Not every
/// platform can sync a directory; the file itself is already safe.
pub fn sync_dir(dir: &Path) {
    let _ = File::open(dir).and_then(|d| d.sync_all());
}

/// A temporary file for `name` in `dir`, `.<name>.<random>.tmp`: the name the store and the
/// host know to remove after a crash.
pub fn temporary(dir: &Path, name: &str) -> io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new().prefix(&format!(".{name}.")).suffix(".tmp").tempfile_in(dir)
}

/// Puts a temporary file written in full in the place of `path`: given the mode of the file it
/// replaces, if any (a temporary file is the player's alone, 0600, and a file the player made
/// readable to others stays so), synced (when `sync`), then renamed over `path`, and the
/// directory synced so the rename survives a crash.
pub fn persist(tmp: tempfile::NamedTempFile, path: &Path, sync: bool) -> io::Result<()> {
    #[cfg(unix)]
    if let Some(was) = fs::metadata(path).ok().filter(fs::Metadata::is_file) {
        tmp.as_file().set_permissions(was.permissions())?;
    }
    if sync {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    if sync {
        sync_dir(path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")));
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, `sync_all` (when
/// `sync`), then a rename over `path`; the directory is synced too so the rename survives a crash.
/// A new file is its owner's alone (0600); one replaced keeps its mode.
pub fn write_atomic(path: &Path, bytes: &[u8], sync: bool) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut tmp = temporary(dir, &name)?;
    tmp.write_all(bytes)?;
    persist(tmp, path, sync)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_line_is_ascii_whitespace_only() {
        assert!(is_blank(b""));
        assert!(is_blank(b" \t\r\x0c"));
        // A vertical tab or a no-break space is not ASCII whitespace: such a line gets an answer.
        assert!(!is_blank(b"\x0b"));
        assert!(!is_blank("\u{a0}".as_bytes()));
        assert!(!is_blank(b" {} "));
    }

    #[test]
    fn a_file_within_its_limit_is_read_and_one_beyond_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("f");
        std::fs::write(&path, b"0123456789").expect("write");
        assert_eq!(read(&path, 10).expect("fits"), b"0123456789");
        let e = read(&path, 9).expect_err("too large");
        assert!(e.is_unusable());
        assert_eq!(e.to_string(), "it is larger than 9 bytes");
        assert_eq!(ReadError::TooLarge(16 * MIB).to_string(), "it is larger than 16 MiB");
        assert!(read(&dir.path().join("missing"), 10).expect_err("missing").is_not_found());
    }

    #[test]
    fn huge_runs_are_cut_and_short_messages_kept() {
        assert_eq!(cut("unknown card `XS`"), "unknown card `XS`");
        let long = format!("unknown card `{}`", "Z".repeat(1000));
        let short = cut(&long);
        assert!(short.chars().count() < 90, "{short}");
        assert!(short.starts_with("unknown card `ZZZ") && short.ends_with('…'), "{short}");
        let spaced = "ab ".repeat(1000);
        assert!(cut(&spaced).chars().count() <= ECHO_TOTAL + 1);
    }

    #[test]
    fn a_file_larger_than_its_limit_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("sparse");
        let file = File::create(&path).expect("create");
        file.set_len(64 * MIB).expect("a sparse file");
        let e = open_within(&path, MIB).expect_err("too large");
        assert!(matches!(e, ReadError::TooLarge(MIB)), "{e:?}");
        assert!(open_within(&path, 64 * MIB).is_ok());
    }

    #[test]
    fn a_directory_is_not_a_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let e = read(dir.path(), 10).expect_err("a directory");
        assert!(matches!(e, ReadError::NotAFile), "{e:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_rather_than_waited_on() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not available");
            return;
        }
        let e = read(&path, 10).expect_err("a FIFO");
        assert!(matches!(e, ReadError::NotAFile), "{e:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_or_a_link_to_nothing_is_told_apart_from_a_missing_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let socket = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("a socket");
        assert!(matches!(read(&socket, 10), Err(ReadError::NotAFile)));
        assert_eq!(kind(&socket).to_string(), "a socket");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/nowhere/x", &link).expect("a link");
        let e = read(&link, 10).expect_err("dangling");
        assert!(!e.is_not_found() && !e.is_unusable(), "{e:?}");
        assert_eq!(e.to_string(), "it is a link to /nowhere/x, which does not exist");
        assert_eq!(kind(&link).to_string(), "a link to nothing");
        let device = dir.path().join("device");
        std::os::unix::fs::symlink("/dev/null", &device).expect("a link");
        assert_eq!(kind(&device).to_string(), "a link to a device");
        assert_eq!(kind(dir.path()).to_string(), "a directory");
        assert!(read(&dir.path().join("missing"), 10).expect_err("missing").is_not_found());
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_stops_at_the_limit() {
        let e = read(Path::new("/dev/zero"), 1024).expect_err("a device");
        assert!(matches!(e, ReadError::NotAFile), "{e:?}");
        let e = read_from(io::repeat(0), 1024).expect_err("endless");
        assert!(matches!(e, ReadError::TooLarge(1024)), "{e:?}");
    }
}
