//! `contree score`: reads deal records (one JSON object, or JSON Lines) and writes one JSON
//! answer per record, in order. Every record gets an answer; a line that is not JSON gets a
//! `bad-input` answer naming what is wrong.

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};
use serde_json::error::Category;

use crate::rules::{DealRecord, RawRecord, RecordError, ScoredDeal};

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

/// Input that cannot be scored at all (exit status 2).
#[derive(Debug)]
pub enum InputError {
    /// The input could not be read.
    Read(io::Error),
    /// The input is not UTF-8 text.
    NotText,
    /// No part of the input is JSON.
    NotJson(String),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Read(e) => write!(f, "cannot read the input: {e}"),
            InputError::NotText => f.write_str("the input is not UTF-8 text"),
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
    DealRecord::try_from(raw)?.score()
}

fn shape_error(e: &serde_json::Error) -> RecordError {
    // serde_json appends " at line L column C"; the line is always 1 in JSON Lines.
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    RecordError::bad_input(None, format!("not a deal record: {msg}"))
}

/// One non-blank line's answer, or the syntax error that makes it not JSON.
fn answer_line(line: &str) -> Result<Answer, String> {
    match serde_json::from_str::<RawRecord>(line) {
        Ok(raw) => Ok(check_raw(raw)),
        // A shape error can come before a syntax error later in the line: check the syntax.
        Err(e) if e.classify() == Category::Data => {
            match serde_json::from_str::<serde::de::IgnoredAny>(line) {
                Ok(_) => Ok(Err(shape_error(&e))),
                Err(syntax) => Err(syntax.to_string()),
            }
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Scores a record written over several lines, or several records in one stream.
fn answer_stream(text: &str) -> Option<Vec<Answer>> {
    let values: Vec<serde_json::Value> =
        serde_json::Deserializer::from_str(text).into_iter().collect::<Result<_, _>>().ok()?;
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
    let lines: Vec<Result<Answer, String>> =
        text.lines().filter(|l| !l.trim().is_empty()).map(answer_line).collect();
    resolve(text, lines)
}

/// Turns per-line answers into the record answers: when some line is not JSON, the input may be
/// one record written over several lines; when nothing at all is JSON, the input is refused.
fn resolve(text: &str, lines: Vec<Result<Answer, String>>) -> Result<Vec<Answer>, InputError> {
    let broken = lines.iter().filter(|l| l.is_err()).count();
    if broken == 0 {
        return Ok(lines.into_iter().map(|l| l.unwrap_or_else(|m| broken_line(&m))).collect());
    }
    if let Some(answers) = answer_stream(text) {
        return Ok(answers);
    }
    // Lines that start like a record but break off are broken records, each answered; input
    // where nothing parses and nothing even starts like a record is not JSON at all.
    if broken == lines.len() && !text.lines().any(|l| l.trim_start().starts_with('{')) {
        let first = lines.into_iter().find_map(Result::err).unwrap_or_default();
        return Err(InputError::NotJson(first));
    }
    Ok(lines.into_iter().map(|l| l.unwrap_or_else(|m| broken_line(&m))).collect())
}

/// Scores the lines of one chunk, writing the answers of well-formed lines; stops at the first
/// line that is not JSON (the whole input is then read again as a stream).
fn score_chunk(lines: &[&str]) -> Option<(Vec<u8>, bool)> {
    let mut out = Vec::with_capacity(lines.len() * 1024);
    let mut all_ok = true;
    for line in lines {
        let answer = answer_line(line).ok()?;
        all_ok &= answer.is_ok();
        write_answer(&mut out, &answer).ok()?;
    }
    Some((out, all_ok))
}

/// Runs `contree score` on `input`, writing answers to `out`. Lines are scored on every core,
/// and answers are written in input order.
pub fn run(mut input: impl Read, out: &mut impl Write) -> Result<ScoreStatus, InputError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(InputError::Read)?;
    let text = String::from_utf8(bytes).map_err(|_| InputError::NotText)?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let chunk = lines.len().div_ceil(threads).max(1024);
    let chunks: Vec<Option<(Vec<u8>, bool)>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            lines.chunks(chunk).map(|c| scope.spawn(move || score_chunk(c))).collect();
        handles.into_iter().map(|h| h.join().ok().flatten()).collect()
    });
    let write = |out: &mut dyn Write, bytes: &[u8]| out.write_all(bytes).map_err(InputError::Read);
    let mut all_ok = true;
    if chunks.iter().all(Option::is_some) {
        for (bytes, ok) in chunks.into_iter().flatten() {
            all_ok &= ok;
            write(out, &bytes)?;
        }
    } else {
        let answers = score_text(&text)?;
        for a in &answers {
            all_ok &= a.is_ok();
            write_answer(out, a).map_err(InputError::Read)?;
        }
    }
    out.flush().map_err(InputError::Read)?;
    Ok(if all_ok { ScoreStatus::AllAccepted } else { ScoreStatus::SomeRejected })
}
