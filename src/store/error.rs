//! What can go wrong in the store, in English for the commands: the error of an operation on a
//! file of the data directory ([`StoreError`], its [`Operation`] and [`Cause`]), why the data
//! directory could not be opened at all ([`OpenError`]), why a file could not be used
//! ([`Unfit`]) and what became of it ([`SetAside`], [`Left`]). The table's language is
//! [`crate::text::Words`]'s, in `words.rs`.

use std::fmt::{self, Write as _};
use std::io;
use std::path::{Path, PathBuf};

use crate::files::{self, FileKind, ReadError, describe_io};
use crate::game::LoadError;

use super::{GAMES_FILE, GameResult};

/// Why a save that could not be resumed is still where it was.
#[derive(Debug)]
pub enum Left {
    /// It could not be read, or not moved aside: the store's error (its cause says why).
    Failed(StoreError),
    /// The store only reads (a command that reads, or another table holds the directory): the
    /// save could not be resumed, for this reason, and was not moved. The notice says once
    /// that it was left in place.
    OnlyRead(Unfit),
}

impl fmt::Display for Left {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Left::Failed(e) => write!(f, "{}", e.cause()),
            Left::OnlyRead(reason) => write!(f, "{reason}"),
        }
    }
}

/// Why a file of the data directory could not be used, or the save resumed, with what the
/// store found. Said in English by its `Display` (the commands' words), and in the table's
/// language by the table's texts. What a parser or the game says comes as it was said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// It is not a regular file: what stands there instead.
    NotAFile(files::FileKind),
    /// It is larger than any file of contree's: the limit, in bytes.
    TooLarge(u64),
    /// Its JSON stops before its end: the parser's words.
    Truncated(String),
    /// It is not JSON: the parser's words.
    NotJson(String),
    /// It has no version number.
    NoVersion,
    /// It comes from a newer contree: its version, and this contree's.
    NewerVersion {
        /// The file's version.
        found: u64,
        /// The newest this contree reads.
        current: u32,
    },
    /// It is JSON, but not a save: the parser's words.
    NotASave(String),
    /// A save the game refuses to replay.
    Refused(LoadError),
    /// It is JSON, but not statistics: the parser's words.
    NotStats(String),
    /// It is JSON, but not the course's progress: why.
    NotCourse(crate::learn::CourseError),
    /// Settings whose named fields could not be read; the others were kept.
    FieldsRefused(Vec<String>),
    /// Not a JSON object of the fields expected.
    NotFields,
    /// The save is filed in the history of games already, as this, with every call and card
    /// it holds.
    AlreadyFiled(GameResult),
    /// The save is filed in the history of games already, as this, and differs from that
    /// filing: both are kept.
    FiledOtherwise(GameResult),
    /// An earlier filing of a game filed again, which no longer holds one of its actions.
    EarlierFiling,
    /// A line of the history cut off by a crash or a full disk while a game was filed.
    CutOff,
    /// Lines of the exercises (numbered from 1) that are not exercises, with what the first
    /// of them was refused for; they alone were moved aside.
    NotExercises {
        /// The lines.
        lines: LineList,
        /// Why the first could not be read.
        said: crate::exercises::ExerciseError,
    },
    /// Lines of the deals of the day (numbered from 1) that are not results, with what the
    /// first of them was refused for; they alone were moved aside.
    NotDaily {
        /// The lines.
        lines: LineList,
        /// Why the first could not be read.
        said: super::daily::DailyError,
    },
}

/// Lines of a file (numbered from 1), as a message names them: the first few in full and how
/// many in all, so that a file of a million bad lines makes a short message, and a list held
/// in little memory, however many lines it counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineList {
    first: Vec<usize>,
    count: usize,
}

impl LineList {
    /// The most lines named in full.
    pub const NAMED: usize = 5;

    /// One more line, after those already counted.
    pub fn push(&mut self, line: usize) {
        if self.first.len() < LineList::NAMED {
            self.first.push(line);
        }
        self.count = self.count.saturating_add(1);
    }

    /// The first lines, at most [`LineList::NAMED`] of them.
    pub fn first(&self) -> &[usize] {
        &self.first
    }

    /// How many lines in all.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether it names no line.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The lines in `lang`: "2", "2, 5", "2, 5, 7, 9, 11 and 40 more" ("et 40 autres").
    pub(super) fn said(&self, lang: crate::text::Lang) -> String {
        let mut said = self.first.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        let more = self.count.saturating_sub(self.first.len());
        if more > 0 {
            let _ = match lang {
                crate::text::Lang::En => write!(said, " and {more} more"),
                crate::text::Lang::Fr => write!(said, " et {more} autres"),
            };
        }
        said
    }
}

impl FromIterator<usize> for LineList {
    fn from_iter<I: IntoIterator<Item = usize>>(lines: I) -> LineList {
        let mut list = LineList::default();
        lines.into_iter().for_each(|n| list.push(n));
        list
    }
}

impl Unfit {
    /// The lines of a file of lines moved aside alone, when that is what was done.
    pub fn lines_alone(&self) -> Option<&LineList> {
        match self {
            Unfit::NotExercises { lines, .. } | Unfit::NotDaily { lines, .. } => Some(lines),
            _ => None,
        }
    }
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfit::NotAFile(kind) => write!(f, "it is {kind}, not a regular file"),
            Unfit::TooLarge(limit) => write!(f, "{}", ReadError::TooLarge(*limit)),
            Unfit::Truncated(e) => write!(f, "the file is truncated: {e}"),
            Unfit::NotJson(e) => write!(f, "not valid JSON: {e}"),
            Unfit::NoVersion => f.write_str("it has no version number"),
            Unfit::NewerVersion { found, current } => write!(
                f,
                "it is version {found}, from a newer contree than this one (version {current})"
            ),
            Unfit::NotASave(e) => write!(f, "not a contree save: {e}"),
            Unfit::Refused(e) => write!(f, "{e}"),
            Unfit::NotStats(e) => write!(f, "not contree statistics: {e}"),
            Unfit::NotCourse(e) => write!(f, "{e}"),
            Unfit::FieldsRefused(bad) => {
                write!(f, "{} could not be read, the rest was kept", bad.join(", "))
            }
            Unfit::NotFields => f.write_str("not a JSON object of the expected fields"),
            Unfit::AlreadyFiled(result) => write!(
                f,
                "it is already filed in {GAMES_FILE} as {result}, with every call and card it holds"
            ),
            Unfit::FiledOtherwise(result) => write!(
                f,
                "it is filed in {GAMES_FILE} as {result} already, and differs from that filing; \
                 both are kept"
            ),
            Unfit::EarlierFiling => f.write_str(
                "an earlier filing of the game filed again, which no longer holds one of its \
                 actions",
            ),
            Unfit::CutOff => f.write_str("a crash or a full disk while a game was filed"),
            Unfit::NotExercises { lines, said } => {
                let numbers = lines.said(crate::text::Lang::En);
                if lines.len() == 1 {
                    write!(f, "line {numbers} is not a contree exercise ({said})")
                } else {
                    write!(f, "lines {numbers} are not contree exercises ({said})")
                }
            }
            Unfit::NotDaily { lines, said } => {
                let numbers = lines.said(crate::text::Lang::En);
                if lines.len() == 1 {
                    write!(f, "line {numbers} is not a contree deal of the day ({said})")
                } else {
                    write!(f, "lines {numbers} are not contree deals of the day ({said})")
                }
            }
        }
    }
}

/// A file the store could not use, and where it is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The file's name in the data directory.
    pub file: String,
    /// Where the file is now: moved aside, or where it was.
    pub path: PathBuf,
    /// Why it could not be used.
    pub reason: Unfit,
    /// Whether it was moved aside (else it was left in place: the store only reads).
    pub moved: bool,
    /// Only the file's last line was moved aside, a line cut off by a crash or a full disk;
    /// the lines before it stay in the file.
    pub last_line_only: bool,
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.last_line_only {
            return write!(
                f,
                "the last line of {} was cut off ({}); it was kept as {}, and the lines before \
                 it stay",
                self.file,
                self.reason,
                self.path.display()
            );
        }
        if self.moved {
            write!(f, "{} could not be used ({}); ", self.file, self.reason)?;
            match self.reason.lines_alone() {
                Some(lines) => write!(
                    f,
                    "{} kept as {}, and the other lines stay",
                    if lines.len() == 1 { "that line alone was" } else { "those lines alone were" },
                    self.path.display()
                ),
                _ => write!(f, "it was kept as {}", self.path.display()),
            }
        } else {
            write!(f, "{} could not be used ({}); ", self.file, self.reason)?;
            write!(f, "it was left in place, at {}", self.path.display())
        }
    }
}

/// What was being done when a store operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Reading a file.
    Read,
    /// Writing a file.
    Write,
    /// Removing a file that was kept elsewhere first.
    Remove,
    /// Moving a file aside.
    MoveAside,
}

/// Why a store operation failed.
#[derive(Debug)]
pub enum Cause {
    /// The file system refused.
    Io(io::Error),
    /// The file is not a regular file, is too large to be one of contree's, or is a link to
    /// nothing.
    Unusable(ReadError),
    /// The file's content is not what was expected.
    Json(serde_json::Error),
    /// `game_finished` was called on a game that is not over.
    GameNotOver,
    /// The name given to `read_json`/`write_json` is not a plain file name.
    BadName,
    /// Another table holds the data directory: this store only reads.
    ReadOnly,
    /// The file could not be read when the store looked, so it is not written over.
    NotReadBefore,
    /// The file could not be used, for this reason, and the system refused to move it aside.
    NotMovedAside(Unfit, io::Error),
}

/// In English, for the commands.
impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Io(e) => f.write_str(&describe_io(e)),
            Cause::Unusable(e) => write!(f, "{e}"),
            Cause::Json(e) => write!(f, "{e}"),
            Cause::GameNotOver => f.write_str("the game is not over"),
            Cause::BadName => {
                f.write_str("not a plain file name in the data directory, or a file of the store")
            }
            Cause::ReadOnly => f.write_str("another contree table holds the data directory"),
            Cause::NotReadBefore => {
                f.write_str("it could not be read, so it is not written over; see to it first")
            }
            Cause::NotMovedAside(reason, e) => {
                write!(f, "{reason}, and it could not be moved aside: {}", describe_io(e))
            }
        }
    }
}

/// A store operation that failed: which file, doing what, and why. The game is unaffected.
#[derive(Debug)]
pub struct StoreError {
    pub(super) path: PathBuf,
    pub(super) operation: Operation,
    pub(super) cause: Cause,
}

impl StoreError {
    pub(super) fn io(path: &Path, operation: Operation, e: io::Error) -> StoreError {
        StoreError { path: path.to_path_buf(), operation, cause: Cause::Io(e) }
    }

    pub(crate) fn new(path: &Path, operation: Operation, cause: Cause) -> StoreError {
        StoreError { path: path.to_path_buf(), operation, cause }
    }

    pub(super) fn read(path: &Path, e: ReadError) -> StoreError {
        match e {
            ReadError::Io(e) => StoreError::io(path, Operation::Read, e),
            other => StoreError::new(path, Operation::Read, Cause::Unusable(other)),
        }
    }

    /// The file concerned.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What was being done.
    pub fn operation(&self) -> Operation {
        self.operation
    }

    /// Why it failed.
    pub fn cause(&self) -> &Cause {
        &self.cause
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.operation {
            Operation::Read => "read",
            Operation::Write => "save",
            Operation::Remove => "remove",
            Operation::MoveAside => "move aside",
        };
        write!(f, "cannot {what} {}: {}", self.path.display(), self.cause)
    }
}

/// The cause is said by the error's own line, in the player's words: it is not given again as a
/// source, which a report of the whole chain (`{:#}`) would repeat after it.
impl std::error::Error for StoreError {}

/// Why a file that cannot be used as a file cannot ([`ReadError::is_unusable`]): what it is,
/// when it is not a regular file, or its size.
pub(super) fn unusable(path: &Path, e: &ReadError) -> Unfit {
    match e {
        ReadError::TooLarge(limit) => Unfit::TooLarge(*limit),
        _ => Unfit::NotAFile(files::kind(path)),
    }
}

/// Why the data directory could not be opened: the table then plays in memory and saves
/// nothing. Said in English by its `Display`, and in the table's language by
/// [`crate::text::Words::open_error`].
#[derive(Debug)]
pub enum OpenError {
    /// No place for it is known: no `CONTREE_DATA_DIR`, no absolute `XDG_DATA_HOME`, and no
    /// home directory given by an absolute path.
    NoPlace,
    /// `CONTREE_DATA_DIR` is set, and empty: who set it meant some directory, which the usual
    /// place, taken without a word, is not.
    EmptyChoice,
    /// Something other than a directory stands where the data directory, or a directory that
    /// holds it, should be.
    NotADirectory {
        /// The data directory.
        dir: PathBuf,
        /// What stands in the way: the data directory itself, or a directory above it.
        at: PathBuf,
        /// What stands there.
        kind: FileKind,
    },
    /// The system refused to make it (a read-only disk, no permission…).
    Create {
        /// The data directory.
        dir: PathBuf,
        /// What the system said.
        error: io::Error,
    },
}

impl OpenError {
    /// Why `dir` could not be made, the system having said `error`: a file (or anything but a
    /// directory) standing in its place or above it, else the system's refusal.
    pub(super) fn creating(dir: &Path, error: io::Error) -> OpenError {
        let standing = dir
            .ancestors()
            .map(|at| (at, files::kind(at)))
            .find(|(at, kind)| !at.as_os_str().is_empty() && kind.thing != files::Thing::Nothing);
        match standing {
            Some((at, kind)) if kind.thing != files::Thing::Directory => {
                OpenError::NotADirectory { dir: dir.to_path_buf(), at: at.to_path_buf(), kind }
            }
            _ => OpenError::Create { dir: dir.to_path_buf(), error },
        }
    }
}

/// In English, for the commands.
impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::NoPlace => {
                f.write_str("no data directory: set CONTREE_DATA_DIR, or HOME to an absolute path")
            }
            OpenError::EmptyChoice => f.write_str(
                "CONTREE_DATA_DIR is set but empty: give it a directory, or unset it to keep the \
                 data in the usual place",
            ),
            OpenError::NotADirectory { dir, at, kind } if at == dir => {
                write!(f, "the data directory {} is {kind}, not a directory", dir.display())
            }
            OpenError::NotADirectory { dir, at, kind } => write!(
                f,
                "cannot create the data directory {}: {} is {kind}, not a directory",
                dir.display(),
                at.display()
            ),
            OpenError::Create { dir, error } => write!(
                f,
                "cannot create the data directory {}: {}",
                dir.display(),
                describe_io(error)
            ),
        }
    }
}

/// The system's error is said in the line itself, so it is no source to repeat after it.
impl std::error::Error for OpenError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_and_the_cause_in_one_line() {
        let path = Path::new("/data/game.json");
        let full = StoreError::io(path, Operation::Write, io::ErrorKind::StorageFull.into());
        assert_eq!(full.to_string(), "cannot save /data/game.json: the disk is full");
        let ro = StoreError::io(path, Operation::Write, io::ErrorKind::ReadOnlyFilesystem.into());
        assert_eq!(ro.to_string(), "cannot save /data/game.json: the disk is read-only");
        let denied = StoreError::io(path, Operation::Read, io::ErrorKind::PermissionDenied.into());
        assert_eq!(denied.to_string(), "cannot read /data/game.json: permission denied");
    }

    #[test]
    fn an_error_with_its_causes_says_each_thing_once() {
        let path = Path::new("/data/game.json");
        let denied = StoreError::io(path, Operation::Read, io::Error::from_raw_os_error(13));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(denied)),
            format!(
                "cannot read /data/game.json: permission denied ({})",
                io::Error::from_raw_os_error(13)
            )
        );
        let big = StoreError::read(Path::new("/data/game.json"), ReadError::TooLarge(16 << 20));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(big)),
            "cannot read /data/game.json: it is larger than 16 MiB"
        );
        let read = ReadError::Io(io::Error::from_raw_os_error(13));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(read)),
            format!("permission denied ({})", io::Error::from_raw_os_error(13))
        );
        let json = serde_json::from_str::<u8>("x").expect_err("not JSON");
        let said = json.to_string();
        let bad = StoreError::new(path, Operation::Read, Cause::Json(json));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(bad)),
            format!("cannot read {}: {said}", path.display())
        );
    }

    #[test]
    fn a_data_directory_that_cannot_be_made_says_what_stands_in_its_way() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let file = tmp.path().join("a-file");
        std::fs::write(&file, b"x").expect("write");
        let refused = || io::Error::from(io::ErrorKind::NotADirectory);
        let e = OpenError::creating(&file, refused());
        assert!(matches!(&e, OpenError::NotADirectory { at, .. } if *at == file), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!("the data directory {} is a file, not a directory", file.display())
        );
        let below = file.join("contree");
        let e = OpenError::creating(&below, refused());
        assert_eq!(
            e.to_string(),
            format!(
                "cannot create the data directory {}: {} is a file, not a directory",
                below.display(),
                file.display()
            )
        );
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        let e = OpenError::creating(&tmp.path().join("a/b"), denied);
        assert!(matches!(e, OpenError::Create { .. }), "{e:?}");
        assert!(e.to_string().ends_with("/a/b: permission denied"), "{e}");
    }
}
