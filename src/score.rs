//! `contree score`: reads deal records (one JSON object, or JSON Lines) and writes one JSON
//! answer per record, in order. Every record gets an answer; a line that is not JSON gets a
//! `bad-input` answer naming what is wrong.
//!
//! Answers are written as the records are read: the input is taken in batches of lines, each
//! batch scored on every core, so memory stays that of a batch and of the longest line however
//! long the input. A batch ends where the input has nothing more to give at once (a pipe whose
//! writer waits for an answer), and its answers are flushed: each record is answered as soon as
//! its line is complete, never held back for lines still to come. A line longer than [`LINE_LIMIT`] is answered `bad-input` without being held
//! whole. A line that is not JSON alone may begin a record written over several lines (or hold
//! several records): the lines that follow are taken with it until together they are JSON, and
//! answered each alone when they never are (within [`LINE_LIMIT`] bytes, or by the end of the
//! input). An input in which nothing is JSON, nor even starts like a record, is refused whole
//! (exit status 2): its answers are held back until something is JSON, [`HELD_BACK`] bytes of
//! them at most.

use std::io::{self, BufReader, Read, Write};

use serde::Serialize;

use crate::files::{self, BOM, MIB, ReadError, cut, describe_io, size};
use crate::rules::{DealRecord, RawRecord, RecordError, ScoredDeal};

/// The longest line read, and the longest record written over several lines, in bytes: a
/// record is a few kilobytes.
pub use crate::files::LINE_LIMIT;

/// The answers held back while nothing of the input is JSON, in bytes (their reasons): beyond,
/// the input is taken for what its start says, not JSON.
pub const HELD_BACK: usize = MIB as usize;

/// Lines scored together, on every core, before their answers are written: at most this many
/// lines, or [`BATCH_BYTES`] of them.
const BATCH_LINES: usize = 1024;
/// See [`BATCH_LINES`].
const BATCH_BYTES: usize = MIB as usize;

/// An answer whose reason, if any, repeats no huge token from the input.
fn tidy<T>(answer: Result<T, RecordError>) -> Result<T, RecordError> {
    answer.map_err(|mut e| {
        if e.reason.len() > files::ECHO_RUN {
            e.reason = cut(&e.reason);
        }
        e
    })
}

/// The exit status of `contree score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreStatus {
    /// Every record was accepted.
    AllAccepted,
    /// At least one record was rejected.
    SomeRejected,
}

impl ScoreStatus {
    /// The process exit code: 0 or 1.
    pub fn code(self) -> i32 {
        match self {
            ScoreStatus::AllAccepted => 0,
            ScoreStatus::SomeRejected => 1,
        }
    }
}

/// Input that cannot be scored at all, or answers that cannot be written (exit status 2).
#[derive(Debug)]
pub enum InputError {
    /// The input could not be read.
    Read(ReadError),
    /// The answers could not be written (a full disk; a reader that went away).
    Write(io::Error),
    /// No part of the input is JSON.
    NotJson(String),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Read(e) => write!(f, "cannot read the input: {e}"),
            InputError::Write(e) => write!(f, "cannot write the answers: {}", describe_io(e)),
            InputError::NotJson(e) => write!(f, "the input is not JSON: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

/// One record's answer.
pub type Scored = Result<ScoredDeal, RecordError>;

/// One record read, with its score or why it does not score; or why it is no record.
type Checked = Result<(DealRecord, Scored), RecordError>;

/// The answer `contree score` gives to what was read.
fn scored(checked: Checked) -> Scored {
    checked.and_then(|(_, scored)| scored)
}

#[derive(Serialize)]
struct Accepted<'a> {
    ok: bool,
    #[serde(flatten)]
    deal: &'a ScoredDeal,
}

#[derive(Serialize)]
struct Rejected<'a> {
    ok: bool,
    error: &'a RecordError,
}

/// Writes one answer as a line of JSON.
pub fn write_answer(out: &mut impl Write, answer: &Scored) -> io::Result<()> {
    match answer {
        Ok(deal) => serde_json::to_writer(&mut *out, &Accepted { ok: true, deal })?,
        Err(error) => serde_json::to_writer(&mut *out, &Rejected { ok: false, error })?,
    }
    out.write_all(b"\n")
}

/// The record read from `value`, with its score.
fn check(value: &[u8]) -> Checked {
    let record = read_record(value)?;
    let scored = tidy(record.score());
    Ok((record, scored))
}

fn shape_error(e: &serde_json::Error) -> RecordError {
    // serde_json appends " at line L column C"; the line is always 1 in JSON Lines.
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg);
    RecordError::bad_input(None, cut(&format!("not a deal record: {msg}")))
}

/// What a JSON value that is not an object is, by its first byte.
fn not_an_object(first: Option<u8>) -> &'static str {
    match first {
        Some(b'[') => "an array (records come one after another, or one a line)",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

/// The deal record written in `value`, the text of one JSON value (its syntax checked): an
/// object with each of the record's fields once, whatever the other fields hold; or why it is
/// not one, as `bad-input`. Every reading of records comes here: `contree score`'s lines, a
/// record over several lines or several on a line, `contree analyse`'s, `--deal-file`'s.
pub fn read_record(value: &[u8]) -> Result<DealRecord, RecordError> {
    let first = value.trim_ascii_start().first().copied();
    if first != Some(b'{') {
        let what = not_an_object(first);
        return Err(RecordError::bad_input(
            None,
            format!("not a deal record: a record is a JSON object, not {what}"),
        ));
    }
    let raw: RawRecord = serde_json::from_slice(value).map_err(|e| shape_error(&e))?;
    tidy(DealRecord::try_from(raw))
}

/// Whether `text` is one JSON value and nothing else, or the syntax error that makes it not.
/// An ignored value is read without building it, as deep as it goes.
fn one_value(text: &[u8]) -> Result<(), serde_json::Error> {
    serde_json::from_slice::<serde::de::IgnoredAny>(text).map(|_| ())
}

/// One non-blank line's answer, or the syntax error that makes it not JSON.
fn answer_line(line: &[u8]) -> Result<Checked, String> {
    if std::str::from_utf8(line).is_err() {
        return Ok(Err(RecordError::bad_input(None, "not UTF-8 text")));
    }
    match one_value(line) {
        Ok(()) => Ok(check(line)),
        Err(e) => Err(cut(&e.to_string())),
    }
}

/// The JSON values of `bytes`, one after another, each its own text; `Err` on a syntax error,
/// telling whether more text could still complete them (`true`) or nothing can.
fn values(bytes: &[u8]) -> Result<Vec<&[u8]>, bool> {
    let mut stream =
        serde_json::Deserializer::from_slice(bytes).into_iter::<serde::de::IgnoredAny>();
    let (mut out, mut start) = (Vec::new(), 0);
    while let Some(value) = stream.next() {
        value.map_err(|e| e.is_eof())?;
        let end = stream.byte_offset();
        out.push(&bytes[start..end]);
        start = end;
    }
    Ok(out)
}

/// The answers to a record written over several lines, or to several records in one piece of
/// text; `Err` tells whether more lines could still complete it (`true`) or nothing can.
fn answer_stream(bytes: &[u8]) -> Result<Vec<Checked>, bool> {
    Ok(values(bytes)?.into_iter().map(check).collect())
}

fn broken_line(msg: &str) -> Checked {
    Err(not_json(msg))
}

fn not_json(msg: &str) -> RecordError {
    RecordError::bad_input(None, format!("not JSON: {msg}"))
}

/// A line of the input as read: whole, or longer than [`LINE_LIMIT`] (only its start kept).
struct Line {
    text: Vec<u8>,
    too_long: bool,
}

impl Line {
    /// Whether it starts like a record, however broken: then the input is taken for records.
    fn starts_a_record(&self) -> bool {
        self.text.trim_ascii_start().starts_with(b"{")
    }

    /// The line's answer when read alone, or the syntax error that makes it not JSON.
    fn alone(&self) -> Result<Checked, String> {
        if self.too_long {
            return Ok(Err(RecordError::bad_input(
                None,
                format!("the line is longer than {}: not a deal record", size(LINE_LIMIT as u64)),
            )));
        }
        answer_line(&self.text)
    }
}

/// Where an answer goes: written out, or collected.
trait Sink {
    fn answer(&mut self, answer: Checked) -> Result<(), InputError>;

    /// Whether the sink has all it wants: nothing more is read.
    fn done(&self) -> bool {
        false
    }

    /// The answers given so far leave at once: the end of a batch.
    fn flush(&mut self) -> Result<(), InputError> {
        Ok(())
    }
}

/// Answers written as lines of JSON, and whether every record was accepted.
struct Writing<'a, W: Write> {
    out: &'a mut W,
    all_ok: bool,
}

impl<W: Write> Sink for Writing<'_, W> {
    fn answer(&mut self, answer: Checked) -> Result<(), InputError> {
        let answer = scored(answer);
        self.all_ok &= answer.is_ok();
        write_answer(self.out, &answer).map_err(InputError::Write)
    }

    fn flush(&mut self) -> Result<(), InputError> {
        self.out.flush().map_err(InputError::Write)
    }
}

impl Sink for Vec<Scored> {
    fn answer(&mut self, answer: Checked) -> Result<(), InputError> {
        self.push(scored(answer));
        Ok(())
    }
}

/// The first record alone, whether it scores or not (a prepared deal has no calls nor cards).
struct First(Option<Result<DealRecord, RecordError>>);

impl Sink for First {
    fn answer(&mut self, answer: Checked) -> Result<(), InputError> {
        self.0.get_or_insert(answer.map(|(record, _)| record));
        Ok(())
    }

    fn done(&self) -> bool {
        self.0.is_some()
    }
}

/// Each record, or its error, handed to a function as it is read.
struct Each<F>(F);

impl<F: FnMut(Result<DealRecord, RecordError>) -> io::Result<()>> Sink for Each<F> {
    fn answer(&mut self, answer: Checked) -> Result<(), InputError> {
        let answer = answer.and_then(|(record, scored)| scored.map(|_| record));
        (self.0)(answer).map_err(InputError::Write)
    }
}

/// Lines that together may be one record written over several lines: the text so far (lines
/// joined by newlines) and where each line ends in it.
#[derive(Default)]
struct Group {
    text: Vec<u8>,
    ends: Vec<usize>,
    /// How deep in objects and arrays the text ends, and whether inside a string: a record
    /// can only be complete back at depth 0, and no string goes on past the end of a line.
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Group {
    fn push(&mut self, line: &[u8]) {
        if !self.ends.is_empty() {
            self.text.push(b'\n');
        }
        for &b in line {
            match (self.in_string, self.escaped, b) {
                (true, true, _) => self.escaped = false,
                (true, false, b'\\') => self.escaped = true,
                (true, false, b'"') => self.in_string = false,
                (true, false, _) => {}
                (false, _, b'"') => self.in_string = true,
                (false, _, b'{' | b'[') => self.depth += 1,
                (false, _, b'}' | b']') => self.depth -= 1,
                (false, _, _) => {}
            }
        }
        self.text.extend_from_slice(line);
        self.ends.push(self.text.len());
    }

    fn lines(&self) -> impl Iterator<Item = &[u8]> {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|e| e + 1));
        starts.zip(&self.ends).map(|(s, &e)| &self.text[s..e])
    }
}

/// The answers of the input, in order, as its lines come.
struct Scorer<S: Sink> {
    sink: S,
    group: Group,
    /// Whether something of the input is JSON, or starts like a record: until then answers are
    /// held back, with the first syntax error, in case nothing is.
    json_seen: bool,
    held: Vec<Checked>,
    held_bytes: usize,
    first_error: Option<String>,
}

impl<S: Sink> Scorer<S> {
    fn new(sink: S) -> Scorer<S> {
        Scorer {
            sink,
            group: Group::default(),
            json_seen: false,
            held: Vec::new(),
            held_bytes: 0,
            first_error: None,
        }
    }

    /// Takes one non-blank line and its answer alone.
    fn line(&mut self, line: &Line, alone: Result<Checked, String>) -> Result<(), InputError> {
        if !self.json_seen && line.starts_a_record() {
            self.see_json()?;
        }
        if !self.group.ends.is_empty() {
            if !line.too_long && self.group.text.len() + line.text.len() < LINE_LIMIT {
                self.group.push(&line.text);
                return self.try_group();
            }
            self.give_up_group()?;
        }
        if line.too_long {
            self.first_error.get_or_insert_with(|| {
                format!("a line is longer than {}", size(LINE_LIMIT as u64))
            });
        }
        match alone {
            // A line too long is no sign of JSON.
            Ok(answer) => self.answer(answer, !line.too_long),
            Err(msg) => {
                self.first_error.get_or_insert_with(|| msg.clone());
                self.group.push(&line.text);
                self.try_group()
            }
        }
    }

    /// Answers the group when its lines are JSON together; gives it up when they cannot be.
    fn try_group(&mut self) -> Result<(), InputError> {
        if self.group.in_string {
            return self.give_up_group();
        }
        if self.group.depth > 0 {
            return Ok(());
        }
        match answer_stream(&self.group.text) {
            Ok(answers) => {
                self.group = Group::default();
                answers.into_iter().try_for_each(|a| self.answer(a, true))
            }
            Err(true) => Ok(()),
            Err(false) => self.give_up_group(),
        }
    }

    /// The group is not one record: each of its lines is answered alone.
    fn give_up_group(&mut self) -> Result<(), InputError> {
        let group = std::mem::take(&mut self.group);
        for text in group.lines() {
            let starts = text.trim_ascii_start().starts_with(b"{");
            match answer_line(text) {
                Ok(answer) => self.answer(answer, true)?,
                Err(msg) => self.answer(broken_line(&msg), starts)?,
            }
        }
        Ok(())
    }

    /// Gives `answer` to the sink, or holds it back while nothing is JSON; `json` says whether
    /// it answers something JSON (or like a record).
    fn answer(&mut self, answer: Checked, json: bool) -> Result<(), InputError> {
        if self.json_seen {
            return self.sink.answer(answer);
        }
        if !json {
            self.held_bytes += answer.as_ref().err().map_or(0, |e| e.reason.len());
            self.held.push(answer);
            if self.held_bytes > HELD_BACK {
                return Err(self.not_json());
            }
            return Ok(());
        }
        self.see_json()?;
        self.sink.answer(answer)
    }

    /// Something of the input is JSON: the answers held back go out, and no more are.
    fn see_json(&mut self) -> Result<(), InputError> {
        self.json_seen = true;
        std::mem::take(&mut self.held).into_iter().try_for_each(|a| self.sink.answer(a))
    }

    fn not_json(&mut self) -> InputError {
        InputError::NotJson(self.first_error.take().unwrap_or_default())
    }

    /// The end of the input: a group left open is answered line by line.
    fn finish(mut self) -> Result<S, InputError> {
        self.give_up_group()?;
        if !self.json_seen && !self.held.is_empty() {
            return Err(self.not_json());
        }
        Ok(self.sink)
    }
}

/// The answers alone of a batch of lines, worked out on every core.
fn answer_batch(lines: &[Line]) -> Vec<Result<Checked, String>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    if threads == 1 || lines.len() < 64 {
        return lines.iter().map(Line::alone).collect();
    }
    let per = lines.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = lines
            .chunks(per)
            .map(|part| scope.spawn(move || part.iter().map(Line::alone).collect::<Vec<_>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// Scores every record of `input` into `sink`, in order. A batch ends at [`BATCH_LINES`] or
/// [`BATCH_BYTES`], or where what was read so far is used up: reading on could wait on a writer
/// that waits for these answers, so they are given (and flushed) first. The reader's buffer is
/// a batch's bytes, so that a file, which gives as much as is asked, still comes in whole
/// batches.
fn score_into<S: Sink>(input: impl Read, sink: S) -> Result<S, InputError> {
    let mut input = BufReader::with_capacity(BATCH_BYTES, input);
    let mut scorer = Scorer::new(sink);
    let mut batch: Vec<Line> = Vec::with_capacity(BATCH_LINES);
    let mut text = Vec::new();
    let mut first = true;
    loop {
        let mut bytes = 0;
        batch.clear();
        let mut ended = false;
        while batch.len() < BATCH_LINES && bytes < BATCH_BYTES {
            if !batch.is_empty() && input.buffer().is_empty() {
                break;
            }
            let Some(too_long) = files::read_line(&mut input, &mut text, false)
                .map_err(|e| InputError::Read(ReadError::Io(e)))?
            else {
                ended = true;
                break;
            };
            let line = if std::mem::take(&mut first) {
                text.strip_prefix(BOM).unwrap_or(&text)
            } else {
                &text[..]
            };
            if !too_long && files::is_blank(line) {
                continue;
            }
            bytes += line.len();
            batch.push(Line { text: line.to_vec(), too_long });
        }
        let answers = answer_batch(&batch);
        for (line, alone) in batch.iter().zip(answers) {
            scorer.line(line, alone)?;
            if scorer.sink.done() {
                return Ok(scorer.sink);
            }
        }
        if ended {
            return scorer.finish();
        }
        scorer.sink.flush()?;
    }
}

/// The first deal record of `input` (one JSON object, possibly over several lines, or the first
/// line of JSON Lines; a leading byte order mark skipped), read as `contree score` reads its
/// records, and no further than a batch past it, but not scored: a prepared deal without calls
/// or cards is a record. Its error otherwise, as `contree score` would answer it (`bad-input`
/// for what is not a record); `Err` when the input cannot be read.
pub fn first_record(input: impl Read) -> Result<Result<DealRecord, RecordError>, ReadError> {
    match score_into(input, First(None)) {
        Ok(First(Some(first))) => Ok(first),
        Ok(First(None)) => {
            Ok(Err(RecordError::bad_input(None, "no deal record: the input is empty or blank")))
        }
        Err(InputError::NotJson(msg)) => Ok(Err(not_json(&msg))),
        Err(InputError::Read(e)) => Err(e),
        // Nothing is written: the first record is kept.
        Err(InputError::Write(e)) => Err(ReadError::Io(e)),
    }
}

/// Scores every record of `text`, in order.
pub fn score_text(text: &str) -> Result<Vec<Scored>, InputError> {
    score_into(text.as_bytes(), Vec::new())
}

/// Reads every record of `input` as `contree score` does (in batches, a bad record answered
/// and the rest read on, an input that is not JSON refused whole) and hands each, checked and
/// whole or with its error, to `each` in order; an error of `each` stops the reading
/// ([`InputError::Write`]).
pub fn each_record(
    input: impl Read,
    each: impl FnMut(Result<DealRecord, RecordError>) -> io::Result<()>,
) -> Result<(), InputError> {
    score_into(input, Each(each)).map(|_| ())
}

/// Runs `contree score` on `input`, writing answers to `out` as the records are read.
pub fn run(input: impl Read, out: &mut impl Write) -> Result<ScoreStatus, InputError> {
    let written = score_into(input, Writing { out, all_ok: true })?;
    let all_ok = written.all_ok;
    written.out.flush().map_err(InputError::Write)?;
    Ok(if all_ok { ScoreStatus::AllAccepted } else { ScoreStatus::SomeRejected })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(input: &[u8]) -> (Result<ScoreStatus, InputError>, String) {
        let mut out = Vec::new();
        let status = run(input, &mut out);
        (status, String::from_utf8(out).expect("answers are UTF-8"))
    }

    #[test]
    fn a_line_that_is_not_utf8_is_answered_and_the_others_scored() {
        let (status, out) = run_on(b"{\"dealer\": \"S\"}\n\xe9\xff\n{\"dealer\": \"S\"}\n");
        assert!(matches!(status, Ok(ScoreStatus::SomeRejected)), "{status:?}");
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), 3, "{out}");
        assert!(answers[1].contains("not UTF-8"), "{out}");
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let (status, out) = run_on(b"\xEF\xBB\xBF{\"dealer\": \"S\"}\n");
        assert!(matches!(status, Ok(ScoreStatus::SomeRejected)), "{status:?}");
        assert!(out.contains("not a deal record"), "{out}");
        assert!(!out.contains("not JSON"), "{out}");
    }

    #[test]
    fn a_huge_token_is_not_echoed_back() {
        let token = "Q".repeat(2_000_000);
        let input = format!("{{\"dealer\": \"{token}\", \"hands\": 1}}\n");
        let (_, out) = run_on(input.as_bytes());
        assert_eq!(out.lines().count(), 1);
        assert!(out.len() < 1000, "{} bytes of answer", out.len());
        let not_json = format!("{token}\n");
        let (status, out) = run_on(not_json.as_bytes());
        let Err(e) = status else { panic!("not JSON: {out}") };
        assert!(e.to_string().len() < 1000, "{} bytes of error", e.to_string().len());
    }

    /// A writer that refuses everything, as a full disk or a closed pipe does.
    struct Refusing(io::ErrorKind);

    impl Write for Refusing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(self.0.into())
        }
    }

    #[test]
    fn an_output_error_is_said_to_be_one() {
        let e = run(&b"{}\n"[..], &mut Refusing(io::ErrorKind::StorageFull)).expect_err("full");
        assert!(matches!(e, InputError::Write(_)), "{e:?}");
        assert_eq!(e.to_string(), "cannot write the answers: the disk is full");
    }

    /// A writer into a buffer that the input can look at as it is read.
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// `lines` lines of `{}`, noting how many answers were written when the last one is read.
    struct Watching {
        out: std::rc::Rc<std::cell::RefCell<Vec<u8>>>,
        left: usize,
        seen_at_end: Option<usize>,
    }

    impl Read for Watching {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.left == 0 {
                self.seen_at_end
                    .get_or_insert_with(|| self.out.borrow().split(|&b| b == b'\n').count() - 1);
                return Ok(0);
            }
            let n = (buf.len() / 3).min(self.left);
            for chunk in buf.chunks_mut(3).take(n) {
                chunk.copy_from_slice(b"{}\n");
            }
            self.left -= n;
            Ok(n * 3)
        }
    }

    #[test]
    fn answers_are_written_as_records_are_read() {
        let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let lines = 2_000_000;
        let mut input = Watching { out: out.clone(), left: lines, seen_at_end: None };
        let status = run(&mut input, &mut Shared(out.clone())).expect("answers");
        assert_eq!(status, ScoreStatus::SomeRejected);
        let written = input.seen_at_end.expect("read to the end");
        assert!(written > lines / 2, "only {written} answers written when the input ended");
        assert_eq!(out.borrow().split(|&b| b == b'\n').count() - 1, lines);
    }

    #[test]
    fn a_line_longer_than_the_limit_is_answered_and_the_next_one_too() {
        let long = io::repeat(b'x').take(300 << 20);
        let input = long.chain(&b"\n{}\n"[..]);
        let mut out = Vec::new();
        let status = run(input, &mut out).expect("answers");
        assert_eq!(status, ScoreStatus::SomeRejected);
        let text = String::from_utf8(out).expect("UTF-8");
        let answers: Vec<&str> = text.lines().collect();
        assert_eq!(answers.len(), 2, "{text}");
        assert!(answers[0].contains("bad-input") && answers[0].contains("longer than"), "{text}");
        assert!(answers[1].contains("not a deal record"), "{text}");
    }

    #[test]
    fn records_over_several_lines_and_several_on_a_line_are_each_answered() {
        let pretty = "{\n  \"dealer\": \"S\"\n}";
        let input = format!("{{}}\n{pretty}\n{{}} {{}}\n{pretty}{pretty}\n");
        let answers = score_text(&input).expect("JSON");
        assert_eq!(answers.len(), 6, "{answers:?}");
        for a in &answers {
            let e = a.as_ref().expect_err("no hands");
            assert!(e.reason.starts_with("not a deal record"), "{}", e.reason);
        }
    }

    #[test]
    fn lines_that_never_make_json_together_are_answered_each_alone() {
        // An unclosed array: the lines after it are taken with it until the end, then answered
        // on their own.
        let answers = score_text("{\"dealer\": [\n{}\n[1]\n").expect("JSON");
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert!(answers[0].as_ref().is_err_and(|e| e.reason.starts_with("not JSON")));
        assert!(answers[1].as_ref().is_err_and(|e| e.reason.contains("missing field")));
        assert!(answers[2].as_ref().is_err_and(|e| e.reason.starts_with("not a deal record")));
        // A string cut at the end of its line gives the group up at once.
        let answers = score_text("{\"dealer\": \"S\n{}\n").expect("JSON");
        assert_eq!(answers.len(), 2, "{answers:?}");
    }

    #[test]
    fn an_input_that_is_not_json_is_refused_however_long() {
        let (status, out) = run_on(b"hello\nworld\n");
        assert!(matches!(status, Err(InputError::NotJson(_))), "{status:?}");
        assert!(out.is_empty());
        // Garbage first, a record later: every line is answered, in order.
        let (status, out) = run_on(b"hello\nworld\n{}\n");
        assert!(matches!(status, Ok(ScoreStatus::SomeRejected)), "{status:?}");
        assert_eq!(out.lines().count(), 3, "{out}");
        assert!(out.lines().next().is_some_and(|l| l.contains("not JSON")), "{out}");
        // More garbage than the answers held back: refused without waiting for the end.
        let mut long = "hello\n".repeat(HELD_BACK / 10);
        long.push_str("{}\n");
        let (status, out) = run_on(long.as_bytes());
        assert!(matches!(status, Err(InputError::NotJson(_))), "{status:?}");
        assert!(out.is_empty());
    }
}
