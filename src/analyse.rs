//! `contree analyse`: the expert's review of deal records, read as `contree score` reads them
//! (streamed, a bad record answered with its error and the others analysed), one analysis per
//! record: the double-dummy result, and each decision of one seat beside the expert's advice
//! for that moment, with what the difference cost and whether it is a clear mistake. The advice
//! is the one `contree bot` gives to the request for that moment with the same worlds
//! ([`crate::bots::protocol::advice_json`]). The format is in the repository's
//! `docs/analyse.md`.

use std::io::{self, Read, Write};

use serde_json::json;

use crate::bots::expert::{Budget, DealAnalysis, Review, analyse};
use crate::bots::protocol::{advice_json, reason_json};
use crate::game::Action;
use crate::rules::{ContractAnswer, DealRecord, Seat};
use crate::score::{InputError, ScoreStatus, each_record};
use crate::text::Lang;
use crate::text::Words;

/// What `contree analyse` reviews and how it writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seat whose decisions are reviewed.
    pub seat: Seat,
    /// What the expert may spend on each decision.
    pub budget: Budget,
    /// One JSON object per record rather than text.
    pub json: bool,
}

/// The words of the text output: English, suits as glyphs.
const WORDS: Words =
    Words { lang: Lang::En, suits: crate::text::SuitStyle::Glyphs, ascii: false, spoken: false };

/// Analyses every record of `input`, writing each analysis (or the record's error) to `out` as
/// the records are read; `SomeRejected` when a record was refused.
pub fn run(
    input: impl Read,
    out: &mut impl Write,
    options: Options,
) -> Result<ScoreStatus, InputError> {
    let mut all_ok = true;
    let mut number = 0usize;
    each_record(input, |record| {
        number += 1;
        let analysed = record.and_then(|r| {
            let analysis = analyse(&r, options.seat, options.budget, None)?;
            Ok((r, analysis))
        });
        all_ok &= analysed.is_ok();
        match (&analysed, options.json) {
            (Ok((record, analysis)), true) => writeln!(out, "{}", analysis_json(record, analysis))?,
            (Ok((record, analysis)), false) => write_text(out, number, record, analysis)?,
            (Err(e), true) => writeln!(out, "{}", json!({ "ok": false, "error": e }))?,
            (Err(e), false) => writeln!(out, "Record {number}: refused: {e}\n")?,
        }
        out.flush()
    })?;
    out.flush().map_err(InputError::Write)?;
    Ok(if all_ok { ScoreStatus::AllAccepted } else { ScoreStatus::SomeRejected })
}

/// Whether a decision is a call or a card.
fn kind(action: Action) -> &'static str {
    match action {
        Action::Bid(_) => "call",
        Action::Play(_) => "card",
    }
}

/// One decision as JSON.
fn review_json(r: &Review) -> serde_json::Value {
    let cost = r.cost.map(|c| json!({ "mean": c.mean, "se": c.se.is_finite().then_some(c.se) }));
    json!({
        "index": r.index,
        "kind": kind(r.played),
        "played": r.played.to_string(),
        "advised": r.advice.action.to_string(),
        "cost": cost,
        "mistake": r.mistake().is_some(),
        "reason": reason_json(r.advice.reason),
        "advice": advice_json(&r.advice),
    })
}

/// One record's analysis as JSON.
pub fn analysis_json(record: &DealRecord, analysis: &DealAnalysis) -> serde_json::Value {
    let contract = record.score().ok().and_then(|s| s.contract);
    let double_dummy = analysis.double_dummy.map(|d| {
        json!({
            "contract": ContractAnswer::from(&d.contract),
            "takers_points": d.takers_points,
            "made": d.made,
            "score": d.score,
            "played_points": d.played_points,
        })
    });
    let decisions: Vec<_> = analysis.reviews.iter().map(review_json).collect();
    json!({
        "ok": true,
        "seat": analysis.seat,
        "contract": contract,
        "double_dummy": double_dummy,
        "decisions": decisions,
        "mistakes_cost": analysis.mistakes_cost(),
        "mistakes_se": analysis.mistakes_se(),
    })
}

/// One record's analysis as text.
fn write_text(
    out: &mut impl Write,
    number: usize,
    record: &DealRecord,
    analysis: &DealAnalysis,
) -> io::Result<()> {
    let w = WORDS;
    let contract = record.replay_auction().ok().and_then(|a| a.contract());
    let seat = w.seat(analysis.seat);
    match contract {
        Some(c) => writeln!(out, "Record {number}: {}, from {seat}", w.contract(&c))?,
        None => writeln!(out, "Record {number}: all passed, from {seat}")?,
    }
    if let Some(d) = analysis.double_dummy {
        let made = if d.made { "made" } else { "failed" };
        writeln!(
            out,
            "  Every hand seen, perfect play: the takers make {} (played: {}); {made}, NS {}, EW {}",
            d.takers_points, d.played_points, d.score.0[0], d.score.0[1]
        )?;
    }
    for r in &analysis.reviews {
        let at = format!("{} {}", kind(r.played), r.index);
        let verdict = match (r.played == r.advice.action, r.mistake()) {
            (true, _) => "same".to_string(),
            (false, Some(c)) => format!("costs {:.0} (± {:.0})", c.mean, c.se),
            (false, None) if r.cost.is_some() => "as good as the expert's".to_string(),
            (false, None) => "not weighed".to_string(),
        };
        writeln!(
            out,
            "  {at:<8} played {:<8} advised {:<8} {verdict}",
            w.action(r.played),
            w.action(r.advice.action)
        )?;
        writeln!(out, "           {}", w.reason(r.advice.reason))?;
    }
    writeln!(
        out,
        "  Clear mistakes cost {:.0} (± {:.0})\n",
        analysis.mistakes_cost(),
        analysis.mistakes_se()
    )
}
