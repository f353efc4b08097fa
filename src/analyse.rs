//! `contree analyse`: the expert's review of deal records, read as `contree score` reads them
//! (streamed, a bad record answered with its error and the others analysed), one analysis per
//! record: the double-dummy result, and each decision of one seat beside the expert's advice
//! for that moment, with what the difference cost and whether it is a clear mistake. The advice
//! is the one `contree bot` gives to the request for that moment with the same worlds
//! ([`crate::bots::protocol::advice_json`]). The format is in the repository's
//! `docs/analyse.md`.

use std::io::{self, Read, Write};

use serde_json::json;

use crate::bots::Level;
use crate::bots::bidding::{Meaning, PERSON, every_call};
use crate::bots::expert::{Budget, DealAnalysis, Review, analyse};
use crate::bots::protocol::{advice_json, number, reason_json};
use crate::game::Action;
use crate::rules::{BySeat, ContractAnswer, DealRecord, Seat};
use crate::score::{InputError, ScoreStatus, each_record};
use crate::text::{Lang, Words};

/// What `contree analyse` reviews and how it writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seat whose decisions are reviewed, a person's: its calls are read as the expert's.
    pub seat: Seat,
    /// The level of the computer players at the other seats, whose calls are read by it.
    pub level: Level,
    /// What the expert may spend on each decision.
    pub budget: Budget,
    /// One JSON object per record rather than text.
    pub json: bool,
}

impl Options {
    /// The level each seat's calls are read by: the reviewed seat's as a person's, the others'
    /// as the computer players'.
    pub fn levels(&self) -> BySeat<Level> {
        BySeat::from_fn(|s| if s == self.seat { PERSON } else { self.level })
    }
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
            let analysis = analyse(&r, options.seat, options.levels(), options.budget, None)?;
            Ok((r, analysis))
        });
        all_ok &= analysed.is_ok();
        match (&analysed, options.json) {
            (Ok((record, analysis)), true) => {
                writeln!(out, "{}", analysis_json(record, analysis, &options.levels()))?
            }
            (Ok((record, analysis)), false) => {
                write_text(out, number, record, analysis, &options.levels())?
            }
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

/// What each call of `record`'s auction shows at its caller's level of `levels`, in order;
/// empty when the auction cannot be replayed.
fn meanings(record: &DealRecord, levels: &BySeat<Level>) -> Vec<Meaning> {
    record.replay_auction().map(|a| every_call(&a, levels)).unwrap_or_default()
}

/// Whether the hand dealt to the seat that made call `m` satisfies its meaning: a computer
/// player's always does, a person's may not.
fn fits(record: &DealRecord, m: &Meaning) -> bool {
    m.admits(record.hand_sets()[m.seat])
}

/// One decision as JSON; a call's with `"meaning"`, what it shows at its caller's level, and
/// `"fits"`, whether the hand that made it satisfies it.
fn review_json(r: &Review, record: &DealRecord, meanings: &[Meaning]) -> serde_json::Value {
    let cost = r
        .cost
        .map(|c| json!({ "mean": number(c.mean), "se": c.se.is_finite().then_some(number(c.se)) }));
    let meaning = match r.played {
        Action::Bid(_) => meanings.get(r.index),
        Action::Play(_) => None,
    };
    let mut json = json!({
        "index": r.index,
        "kind": kind(r.played),
        "played": r.played.to_string(),
        "advised": r.advice.action.to_string(),
        "cost": cost,
        "on_the_deal": r.on_the_deal,
        "mistake": r.mistake().is_some(),
        "reason": reason_json(r.advice.reason),
        "advice": advice_json(&r.advice),
    });
    if let Some(m) = meaning {
        json["meaning"] = json!(WORDS.meaning(m));
        json["fits"] = json!(fits(record, m));
    }
    json
}

/// One record's analysis as JSON, each seat's calls read by `levels`.
pub fn analysis_json(
    record: &DealRecord,
    analysis: &DealAnalysis,
    levels: &BySeat<Level>,
) -> serde_json::Value {
    let contract = record.score().ok().and_then(|s| s.contract);
    let double_dummy = analysis.double_dummy.map(|d| {
        json!({
            "contract": ContractAnswer::from(&d.contract),
            "takers_points": d.takers_points,
            "takers_total": d.takers_total,
            "made": d.made,
            "score": d.score,
            "played_points": d.played_points,
            "played_total": d.played_total,
        })
    });
    let meanings = meanings(record, levels);
    let decisions: Vec<_> =
        analysis.reviews.iter().map(|r| review_json(r, record, &meanings)).collect();
    let auction: Vec<_> = meanings
        .iter()
        .enumerate()
        .map(|(index, m)| {
            json!({
                "index": index,
                "seat": m.seat,
                "call": m.call,
                "level": m.level,
                "meaning": WORDS.meaning(m),
                "fits": fits(record, m),
            })
        })
        .collect();
    json!({
        "ok": true,
        "seat": analysis.seat,
        "contract": contract,
        "double_dummy": double_dummy,
        "auction": auction,
        "decisions": decisions,
        "mistakes_cost": number(analysis.mistakes_cost()),
        "mistakes_se": number(analysis.mistakes_se()),
    })
}

/// One record's analysis as text.
fn write_text(
    out: &mut impl Write,
    number: usize,
    record: &DealRecord,
    analysis: &DealAnalysis,
    levels: &BySeat<Level>,
) -> io::Result<()> {
    let w = WORDS;
    let contract = record.replay_auction().ok().and_then(|a| a.contract());
    let seat = w.seat(analysis.seat);
    match contract {
        Some(c) => writeln!(out, "Record {number}: {}, from {seat}", w.contract(&c))?,
        None => writeln!(out, "Record {number}: all passed, from {seat}")?,
    }
    if let Some(d) = &analysis.double_dummy {
        writeln!(out, "  {}", w.double_dummy(d, analysis.seat))?;
    }
    let meanings = meanings(record, levels);
    for r in &analysis.reviews {
        let at = format!("{} {}", kind(r.played), r.index);
        let verdict = match (r.played == r.advice.action, r.cost) {
            (true, _) => "same".to_string(),
            (false, Some(c)) => w.cost(c),
            (false, None) => w.against_expert(None, false),
        };
        writeln!(
            out,
            "  {at:<8} played {:<8} advised {:<8} {verdict}",
            w.action(r.played),
            w.action(r.advice.action)
        )?;
        if r.played != r.advice.action
            && let Some(d) = r.on_the_deal
        {
            writeln!(out, "           {}", w.on_the_deal(d))?;
        }
        writeln!(out, "           {}", w.reason(r.advice.reason))?;
        if let (Action::Bid(_), Some(m)) = (r.played, meanings.get(r.index)) {
            writeln!(out, "           shows: {}", w.meaning(m))?;
            if !fits(record, m) {
                writeln!(out, "           (the hand that made it falls outside what it shows)")?;
            }
        }
    }
    let cost = w.mistakes_cost(analysis.mistakes_cost(), analysis.mistakes_se());
    writeln!(out, "  Clear mistakes cost {cost}\n")
}

#[cfg(test)]
mod tests {
    //! The analysis of small seeded deals, as text and as JSON, a record refused, and a record
    //! whose game's totals are near the integer limit.

    use super::*;
    use crate::game::{Game, GameOptions, Phase, Replay};
    use crate::rules::{BySeat, ByTeam, GameContext};
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    /// The record of the first deal of game `seed` played by random legal players, once one has
    /// a contract (`contract`) or everyone passed (`!contract`).
    fn seeded_record(contract: bool) -> DealRecord {
        for seed in 0..200 {
            let mut game = Game::new(GameOptions::default(), seed, BySeat::default());
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let (Some(seat), Some(action)) = (game.to_act(), game.random_action(&mut rng))
                else {
                    break;
                };
                game.apply(seat, action).expect("a legal action");
            }
            let record = game.deal().record(game.options(), ByTeam::default());
            if game.deal().contract().is_some() == contract {
                return record;
            }
        }
        panic!("no such deal in 200 games")
    }

    /// South's decisions in `record`, in order: each call's index in the auction and each
    /// card's in the play, with what was done; none the rules forced.
    fn souths_decisions(record: &DealRecord) -> Vec<(usize, Action)> {
        let mut replay = Replay::new(record).expect("a record");
        let mut out = Vec::new();
        while let Some(turn) = replay.next_turn() {
            if turn.seat == Seat::South && turn.is_decision() {
                out.push((turn.index, turn.action));
            }
            replay.advance().expect("a legal action");
        }
        out
    }

    #[test]
    fn a_call_fits_when_the_hand_that_made_it_satisfies_what_it_shows() {
        // West deals; South, with no heart, opens 160 in hearts; East and North pass; West,
        // with every heart, passes rather than contre.
        let cards = |s: &str| s.split_whitespace().map(|c| c.parse().expect("a card")).collect();
        let record = DealRecord {
            dealer: Seat::West,
            hands: BySeat([
                cards("7S 8S 9S 7D 8D 9D 7C 8C"),
                cards("10S JS QS KS 10D JD QD KD"),
                cards("AS AD AC 10C JC QC KC 9C"),
                cards("7H 8H 9H 10H JH QH KH AH"),
            ]),
            auction: ["160H", "pass", "pass", "pass"].map(|c| c.parse().expect("a call")).to_vec(),
            play: Vec::new(),
            rules: None,
            declared: Default::default(),
            game: None,
            claimed: None,
        };
        for level in [Level::Normal, Level::Expert] {
            let options =
                Options { seat: Seat::South, level, budget: Budget::worlds(1), json: true };
            let meanings = meanings(&record, &options.levels());
            let fitting: Vec<bool> = meanings.iter().map(|m| fits(&record, m)).collect();
            assert_eq!(fitting, [false, true, true, false], "{level}");
            assert_eq!(meanings[0].level, PERSON, "South's call, a person's, read as the expert's");
            assert_eq!(meanings[1].level, level);
        }
    }

    fn analysed(input: &str, json: bool) -> (ScoreStatus, String) {
        let options =
            Options { seat: Seat::South, level: Level::DEFAULT, budget: Budget::worlds(1), json };
        let mut out = Vec::new();
        let status = run(input.as_bytes(), &mut out, options).expect("read");
        (status, String::from_utf8(out).expect("UTF-8"))
    }

    fn line_of(record: &DealRecord) -> String {
        serde_json::to_string(record).expect("a record") + "\n"
    }

    #[test]
    fn a_decision_is_a_call_or_a_card() {
        assert_eq!(kind(Action::Bid(crate::rules::Call::Pass)), "call");
        assert_eq!(kind(Action::Play("JH".parse().expect("a card"))), "card");
    }

    #[test]
    fn the_json_of_a_deal_lists_each_of_souths_decisions_beside_the_advice() {
        let record = seeded_record(true);
        let (status, out) = analysed(&line_of(&record), true);
        assert_eq!(status, ScoreStatus::AllAccepted);
        let a: serde_json::Value = serde_json::from_str(&out).expect("one JSON analysis");
        assert_eq!(a["ok"], true);
        assert_eq!(a["seat"], "S");
        let scored = record.score().expect("scores");
        assert_eq!(a["contract"], serde_json::to_value(scored.contract).expect("JSON"));
        assert_eq!(a["double_dummy"]["contract"], a["contract"], "{a}");
        assert!(a["double_dummy"]["takers_points"].as_u64().is_some_and(|p| p <= 252), "{a}");
        let decisions = a["decisions"].as_array().expect("decisions");
        let expected = souths_decisions(&record);
        assert_eq!(decisions.len(), expected.len(), "{a}");
        for (d, (index, action)) in decisions.iter().zip(&expected) {
            assert_eq!(d["index"], *index, "{d}");
            assert_eq!(d["kind"], kind(*action), "{d}");
            assert_eq!(d["played"], action.to_string(), "{d}");
            assert_eq!(d["advised"], d["advice"]["action"], "{d}");
            assert!(d["mistake"].is_boolean() && d["reason"].is_object(), "{d}");
            // A call says what it shows; a card shows nothing of the kind.
            assert_eq!(d["meaning"].is_string(), matches!(action, Action::Bid(_)), "{d}");
        }
        let auction = a["auction"].as_array().expect("the auction's meanings");
        assert_eq!(auction.len(), record.auction.len(), "{a}");
        for (i, c) in auction.iter().enumerate() {
            assert_eq!(c["index"], i, "{c}");
            assert_eq!(c["call"], serde_json::to_value(record.auction[i]).expect("JSON"), "{c}");
            assert!(c["meaning"].as_str().is_some_and(|m| !m.is_empty()), "{c}");
            assert!(c["fits"].is_boolean() && c["level"] == "expert", "{c}");
        }
        for d in decisions.iter().filter(|d| d["kind"] == "call") {
            assert_eq!(d["fits"], auction[d["index"].as_u64().expect("an index") as usize]["fits"]);
        }
        let mistakes: f64 = decisions
            .iter()
            .filter(|d| d["mistake"] == true)
            .map(|d| d["cost"]["mean"].as_f64().expect("a cost"))
            .sum();
        let cost = a["mistakes_cost"].as_f64().expect("a figure");
        assert!((cost - mistakes).abs() < 1e-6, "{cost} against {mistakes}: {a}");
    }

    #[test]
    fn the_text_of_a_deal_names_the_contract_and_every_decision() {
        let record = seeded_record(true);
        let (status, out) = analysed(&line_of(&record), false);
        assert_eq!(status, ScoreStatus::AllAccepted);
        let contract = record.replay_auction().ok().and_then(|a| a.contract()).expect("a contract");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            format!("Record 1: {}, from {}", WORDS.contract(&contract), WORDS.seat(Seat::South))
        );
        assert!(lines[1].starts_with("  Every hand seen, perfect play: the takers make "), "{out}");
        let decisions = souths_decisions(&record);
        let meanings = meanings(&record, &BySeat([Level::DEFAULT; 4]));
        // Each decision takes two lines, its verdict and the expert's reason, and one between
        // them when it is not the expert's choice; a call one more, what it shows under the
        // convention.
        let mut at_line = 2;
        for (index, action) in &decisions {
            let at = format!("{} {index}", kind(*action));
            let verdict = lines[at_line];
            assert!(
                verdict.starts_with(&format!("  {at:<8} played {:<8}", WORDS.action(*action))),
                "{out}"
            );
            at_line += 1;
            // A choice that is not the expert's: what it changed on the real deal, exact.
            if !verdict.ends_with(" same") {
                let changed = lines[at_line];
                assert!(
                    changed == "           No effect on this deal"
                        || changed.starts_with("           On this deal, every hand seen: "),
                    "{out}"
                );
                assert!(!changed.contains('±'), "{out}");
                at_line += 1;
            }
            assert!(lines[at_line].starts_with("           "), "{out}");
            at_line += 1;
            if let Action::Bid(_) = action {
                let shows = format!("           shows: {}", WORDS.meaning(&meanings[*index]));
                assert_eq!(lines[at_line], shows, "{out}");
                at_line += 1;
            }
        }
        assert_eq!(lines.len(), at_line + 2, "{out}");
        assert!(lines[lines.len() - 2].starts_with("  Clear mistakes cost "), "{out}");
        assert_eq!(lines[lines.len() - 1], "");
    }

    #[test]
    fn a_deal_everyone_passed_has_only_the_calls_to_review() {
        let record = seeded_record(false);
        let (status, text) = analysed(&line_of(&record), false);
        assert_eq!(status, ScoreStatus::AllAccepted);
        assert!(text.starts_with("Record 1: all passed, from "), "{text}");
        assert!(!text.contains("Every hand seen"), "{text}");
        let (_, json) = analysed(&line_of(&record), true);
        let a: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(
            (&a["contract"], &a["double_dummy"]),
            (&serde_json::Value::Null, &serde_json::Value::Null)
        );
        let kinds: Vec<&str> = a["decisions"]
            .as_array()
            .expect("decisions")
            .iter()
            .filter_map(|d| d["kind"].as_str())
            .collect();
        assert_eq!(kinds, ["call"], "{a}");
    }

    #[test]
    fn a_record_that_cannot_be_analysed_gets_its_error_and_the_next_one_is_analysed() {
        let good = seeded_record(true);
        let mut bad = good.clone();
        bad.play.swap(0, 1);
        let input = format!("{}{}", line_of(&bad), line_of(&good));
        let (status, json) = analysed(&input, true);
        assert_eq!(status, ScoreStatus::SomeRejected);
        let lines: Vec<serde_json::Value> =
            json.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        assert_eq!(lines.len(), 2, "{json}");
        let error = bad.score().expect_err("refused");
        assert_eq!(lines[0], json!({ "ok": false, "error": error }));
        assert_eq!(lines[1]["ok"], true);
        let (_, text) = analysed(&input, false);
        assert!(text.starts_with(&format!("Record 1: refused: {error}\n\nRecord 2: ")), "{text}");
    }

    #[test]
    fn totals_at_the_highest_are_analysed_as_contree_score_counts_them() {
        let mut record = seeded_record(true);
        let beyond = ByTeam([u32::MAX - 5, u32::MAX - 5]);
        record.game = Some(GameContext { target: 1000, before: beyond });
        let (status, _) = analysed(&line_of(&record), true);
        assert_eq!(status, ScoreStatus::SomeRejected, "totals beyond any game's");
        let before = ByTeam([GameContext::MAX_TOTAL; 2]);
        record.game = Some(GameContext { target: 1000, before });
        let (status, json) = analysed(&line_of(&record), true);
        assert_eq!(status, ScoreStatus::AllAccepted);
        let a: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(a["decisions"].as_array().map(Vec::len), Some(souths_decisions(&record).len()));
        let scored = record.score().expect("scores");
        let total = scored.game.map(|g| g.total);
        assert_eq!(total, Some(ByTeam::from_fn(|t| before[t] + u32::from(scored.score[t]))));
    }
}
