//! `contree score`: reads deal records (one JSON object, or JSON Lines) and writes one JSON
//! answer per record, in order. Every record gets an answer; a line that is not JSON gets a
//! `bad-input` answer naming what is wrong.

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};
use serde_json::error::Category;

use crate::files::{self, MIB, ReadError, cut, describe_io};
use crate::rules::{DealRecord, RawRecord, RecordError, ScoredDeal};

/// The byte order mark some editors put at the start of a UTF-8 file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// An answer whose reason, if any, repeats no huge token from the input.
fn tidy(answer: Answer) -> Answer {
    answer.map_err(|mut e| {
        if e.reason.len() > files::ECHO_RUN {
            e.reason = cut(&e.reason);
        }
        e
    })
}

/// The non-blank lines of `bytes`.
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split(|&b| b == b'\n').filter(|l| !crate::files::is_blank(l))
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

/// The largest input read, in bytes: some hundred thousand records.
pub const INPUT_LIMIT: u64 = 256 * MIB;

/// Input that cannot be scored at all, or answers that cannot be written (exit status 2).
#[derive(Debug)]
pub enum InputError {
    /// The input could not be read, or is larger than [`INPUT_LIMIT`].
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
pub type Answer = Result<ScoredDeal, RecordError>;

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
pub fn write_answer(out: &mut impl Write, answer: &Answer) -> io::Result<()> {
    match answer {
        Ok(deal) => serde_json::to_writer(&mut *out, &Accepted { ok: true, deal })?,
        Err(error) => serde_json::to_writer(&mut *out, &Rejected { ok: false, error })?,
    }
    out.write_all(b"\n")
}

fn check_raw(raw: RawRecord) -> Answer {
    tidy(DealRecord::try_from(raw).and_then(|r| r.score()))
}

fn shape_error(e: &serde_json::Error) -> RecordError {
    // serde_json appends " at line L column C"; the line is always 1 in JSON Lines.
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg);
    RecordError::bad_input(None, cut(&format!("not a deal record: {msg}")))
}

/// One non-blank line's answer, or the syntax error that makes it not JSON.
fn answer_line(line: &[u8]) -> Result<Answer, String> {
    let Ok(line) = std::str::from_utf8(line) else {
        return Ok(Err(RecordError::bad_input(None, "not UTF-8 text")));
    };
    match serde_json::from_str::<RawRecord>(line) {
        Ok(raw) => Ok(check_raw(raw)),
        // A shape error can come before a syntax error later in the line: check the syntax.
        Err(e) if e.classify() == Category::Data => {
            match serde_json::from_str::<serde::de::IgnoredAny>(line) {
                Ok(_) => Ok(Err(shape_error(&e))),
                Err(syntax) => Err(cut(&syntax.to_string())),
            }
        }
        Err(e) => Err(cut(&e.to_string())),
    }
}

/// Scores a record written over several lines, or several records in one stream.
fn answer_stream(bytes: &[u8]) -> Option<Vec<Answer>> {
    let values: Vec<serde_json::Value> =
        serde_json::Deserializer::from_slice(bytes).into_iter().collect::<Result<_, _>>().ok()?;
    Some(
        values
            .iter()
            .map(|v| match RawRecord::deserialize(v) {
                Ok(raw) => check_raw(raw),
                Err(e) => Err(shape_error(&e)),
            })
            .collect(),
    )
}

fn broken_line(msg: &str) -> Answer {
    Err(RecordError::bad_input(None, format!("not JSON: {msg}")))
}

/// Scores every record of `text`, in order.
pub fn score_text(text: &str) -> Result<Vec<Answer>, InputError> {
    score_bytes(text.as_bytes())
}

/// Scores every record of `bytes`, in order: a line that is not UTF-8 is answered `bad-input`,
/// the others as usual.
fn score_bytes(bytes: &[u8]) -> Result<Vec<Answer>, InputError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let answered: Vec<Result<Answer, String>> = lines(bytes).map(answer_line).collect();
    resolve(bytes, answered)
}

/// Turns per-line answers into the record answers: when some line is not JSON, the input may be
/// one record written over several lines; when nothing at all is JSON, the input is refused.
fn resolve(
    bytes: &[u8],
    lines_answered: Vec<Result<Answer, String>>,
) -> Result<Vec<Answer>, InputError> {
    let broken = lines_answered.iter().filter(|l| l.is_err()).count();
    if broken == 0 {
        return Ok(lines_answered
            .into_iter()
            .map(|l| l.unwrap_or_else(|m| broken_line(&m)))
            .collect());
    }
    if let Some(answers) = answer_stream(bytes) {
        return Ok(answers);
    }
    // Lines that start like a record but break off are broken records, each answered; input
    // where nothing parses and nothing even starts like a record is not JSON at all.
    let starts_a_record = |l: &[u8]| l.trim_ascii_start().starts_with(b"{");
    if broken == lines_answered.len() && !lines(bytes).any(starts_a_record) {
        let first = lines_answered.into_iter().find_map(Result::err).unwrap_or_default();
        return Err(InputError::NotJson(first));
    }
    Ok(lines_answered.into_iter().map(|l| l.unwrap_or_else(|m| broken_line(&m))).collect())
}

/// Scores the lines of one piece of the input, writing the answers of well-formed lines; stops
/// at the first line that is not JSON (the whole input is then read again as a stream).
fn score_piece(piece: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::new();
    let mut all_ok = true;
    for line in lines(piece) {
        let answer = answer_line(line).ok()?;
        all_ok &= answer.is_ok();
        write_answer(&mut out, &answer).ok()?;
    }
    Some((out, all_ok))
}

/// `bytes` cut into about `n` pieces of whole lines, none smaller than `min` bytes.
fn pieces(bytes: &[u8], n: usize, min: usize) -> Vec<&[u8]> {
    let size = bytes.len().div_ceil(n.max(1)).max(min);
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let end = if rest.len() <= size {
            rest.len()
        } else {
            rest[size..].iter().position(|&b| b == b'\n').map_or(rest.len(), |i| size + i + 1)
        };
        let (piece, tail) = rest.split_at(end);
        out.push(piece);
        rest = tail;
    }
    out
}

/// Runs `contree score` on `input`, writing answers to `out`. Pieces of the input are scored on
/// every core, and answers are written in input order. Memory grows with the input and the
/// answers, never with a guess made from the number of lines.
pub fn run(input: impl Read, out: &mut impl Write) -> Result<ScoreStatus, InputError> {
    let bytes = files::read_from(input, INPUT_LIMIT).map_err(InputError::Read)?;
    let bytes = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let scored: Vec<Option<(Vec<u8>, bool)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = pieces(bytes, threads, 1 << 20)
            .into_iter()
            .map(|p| scope.spawn(move || score_piece(p)))
            .collect();
        handles.into_iter().map(|h| h.join().ok().flatten()).collect()
    });
    let mut all_ok = true;
    if scored.iter().all(Option::is_some) {
        for (answers, ok) in scored.into_iter().flatten() {
            all_ok &= ok;
            out.write_all(&answers).map_err(InputError::Write)?;
        }
    } else {
        for a in &score_bytes(bytes)? {
            all_ok &= a.is_ok();
            write_answer(out, a).map_err(InputError::Write)?;
        }
    }
    out.flush().map_err(InputError::Write)?;
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
    fn pieces_are_whole_lines_and_cover_the_input() {
        let text = b"aa\nbbbb\nc\n\ndddddd\ne";
        for n in 1..6 {
            for min in [1, 3, 100] {
                let p = pieces(text, n, min);
                assert_eq!(p.concat(), text.to_vec());
                for piece in &p[..p.len() - 1] {
                    assert!(piece.ends_with(b"\n"), "{p:?}");
                }
            }
        }
        assert!(pieces(b"", 4, 1).is_empty());
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
}
