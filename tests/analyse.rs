//! `contree analyse`: each decision's advice is the one `contree bot` gives to the request for
//! that moment, and a bad record gets its error while the others are analysed.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use contree::analyse::{Options, run};
use contree::bots::expert::Budget;
use contree::bots::protocol::{Service, advise_request_json, answer};
use contree::bots::{Decision, Level};
use contree::game::{Game, GameOptions, Phase, Replay};
use contree::personas::BiddingStyle;
use contree::rules::{BySeat, Card, DealRecord, Seat, Team};
use contree::score::ScoreStatus;
use contree::search::{Position, Solver};
use proptest::prelude::*;

/// A tiny budget: the equality holds for any, and the test stays quick.
const WORLDS: u32 = 2;

/// `deals` deals played by `normal` players at every seat, in every rule set in turn: each
/// deal's record, and the `"advise": true` request of each of South's decisions (its cards and
/// calls but those the rules forced), in order.
fn played_deals(deals: usize, seed: u64) -> Vec<(DealRecord, Vec<String>)> {
    let mut out = Vec::new();
    let mut n = 0;
    while out.len() < deals {
        let rules = common::ALL_RULES[n % common::ALL_RULES.len()];
        let options = GameOptions::of(rules);
        let mut game = Game::new(options, seed + n as u64, BySeat::from_fn(|s| s.to_string()));
        n += 1;
        // Two deals of each game, so that the game's totals come into the views.
        for _ in 0..2 {
            let before = game.totals();
            let mut requests = Vec::new();
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let seat = game.to_act().expect("a seat to act");
                let view = game.view(seat);
                let choices = match game.phase() {
                    Phase::Bidding => game.legal_calls().to_vec().len(),
                    _ => game.legal_cards().len(),
                };
                if seat == Seat::South && choices > 1 {
                    requests.push(advise_request_json(&view));
                }
                let decision = Decision {
                    view: &view,
                    style: BiddingStyle::Cautious,
                    seed: n as u64,
                    budget: Budget::worlds(1),
                    cancel: None,
                };
                game.apply(seat, Level::Normal.decide(&decision)).expect("a legal action");
            }
            if game.phase() != Phase::DealOver {
                break;
            }
            let record = game.deal().record(game.options(), before);
            if record.score().ok().and_then(|s| s.contract).is_some() && out.len() < deals {
                out.push((record, requests));
            }
            if game.next_deal().is_err() {
                break;
            }
        }
    }
    out
}

/// The analysis of `records` by the library, one JSON value per record.
fn analysed(records: &[&DealRecord]) -> Vec<serde_json::Value> {
    let input: String =
        records.iter().map(|r| serde_json::to_string(r).expect("a record") + "\n").collect();
    let mut out = Vec::new();
    let options = Options {
        seat: Seat::South,
        level: Level::Expert,
        budget: Budget::worlds(WORLDS),
        json: true,
    };
    let status = run(input.as_bytes(), &mut out, options).expect("analysed");
    assert_eq!(status, ScoreStatus::AllAccepted);
    String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

#[test]
fn every_decisions_advice_is_contree_bots_answer_for_that_moment_over_100_deals() {
    let service = Service {
        level: Level::Expert,
        style: BiddingStyle::Cautious,
        seed: 0,
        budget: Budget::worlds(WORLDS),
    };
    let deals = played_deals(100, 1);
    let records: Vec<&DealRecord> = deals.iter().map(|(r, _)| r).collect();
    let analyses = analysed(&records);
    assert_eq!(analyses.len(), 100);
    let mut decisions = 0;
    for ((record, requests), analysis) in deals.iter().zip(&analyses) {
        let reviewed = analysis["decisions"].as_array().expect("decisions");
        assert_eq!(reviewed.len(), requests.len(), "{record:?}");
        for (request, decision) in requests.iter().zip(reviewed) {
            let bot: serde_json::Value =
                serde_json::from_str(&answer(request, &service)).expect("JSON");
            assert_eq!(bot, decision["advice"], "{request}");
            assert_eq!(bot["action"], decision["advised"]);
            decisions += 1;
        }
    }
    // About seven a deal: the calls, and the cards the rules leave a choice of.
    assert!(decisions > 600, "only {decisions} decisions");
}

/// Runs the binary with `args` on `input`: its status, standard output and standard error.
fn contree_output(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("contree runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("written");
    child.wait_with_output().expect("contree ends")
}

/// Runs the binary with `args` on `input`: what it writes on standard output.
fn contree(args: &[&str], input: &str) -> String {
    String::from_utf8(contree_output(args, input).stdout).expect("UTF-8")
}

#[test]
fn contree_analyse_agrees_with_contree_bot_through_the_binaries() {
    let deals = played_deals(3, 500);
    let records: String =
        deals.iter().map(|(r, _)| serde_json::to_string(r).expect("a record") + "\n").collect();
    let worlds = WORLDS.to_string();
    let analyses = contree(&["analyse", "--json", "--worlds", &worlds], &records);
    let requests: String = deals.iter().flat_map(|(_, q)| q).map(|q| q.clone() + "\n").collect();
    let answers = contree(&["bot", "--worlds", &worlds], &requests);
    let mut answers = answers.lines();
    for line in analyses.lines() {
        let analysis: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for decision in analysis["decisions"].as_array().expect("decisions") {
            let bot = answers.next().expect("an answer per decision");
            assert_eq!(bot, decision["advice"].to_string());
        }
    }
    assert_eq!(answers.next(), None);
    // The same request gets the same answer, byte for byte.
    assert_eq!(contree(&["bot", "--worlds", &worlds], &requests), {
        contree(&["bot", "--worlds", &worlds], &requests)
    });
}

#[test]
fn a_bad_record_gets_its_error_and_the_others_are_analysed() {
    let deals = played_deals(2, 900);
    let good = |i: usize| serde_json::to_string(&deals[i].0).expect("a record");
    let input = format!("{}\n{{\"dealer\": \"N\"}}\nnot a record\n{}\n", good(0), good(1));
    let mut out = Vec::new();
    let options =
        Options { seat: Seat::South, level: Level::Expert, budget: Budget::worlds(1), json: true };
    let status = run(input.as_bytes(), &mut out, options).expect("read");
    assert_eq!(status, ScoreStatus::SomeRejected);
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let ok: Vec<bool> = lines.iter().map(|l| l["ok"].as_bool().expect("ok")).collect();
    assert_eq!(ok, [true, false, false, true]);
    assert!(lines[1]["error"]["reason"].as_str().expect("a reason").contains("hands"));
    // A misspelled rule option is refused as contree score refuses it, not read as the default.
    let mut misspelled: serde_json::Value = serde_json::from_str(&good(0)).expect("JSON");
    misspelled["rules"] = serde_json::json!({"scoring": "made", "contr": "tournament"});
    let mut out = Vec::new();
    let status = run(misspelled.to_string().as_bytes(), &mut out, options).expect("read");
    assert_eq!(status, ScoreStatus::SomeRejected);
    let refused: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    let reason = refused["error"]["reason"].as_str().expect("a reason");
    assert!(reason.contains("unknown field `contr`"), "{reason}");
    for l in [&lines[0], &lines[3]] {
        assert!(l["double_dummy"]["takers_points"].is_u64(), "{l}");
        assert!(!l["decisions"].as_array().expect("decisions").is_empty(), "{l}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any bytes are read without a panic: each record is analysed or refused.
    #[test]
    fn arbitrary_bytes_are_analysed_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for json in [true, false] {
            let mut out = Vec::new();
            let options = Options { seat: Seat::South, level: Level::Expert, budget: Budget::worlds(1), json };
            let _ = run(bytes.as_slice(), &mut out, options);
        }
    }

    /// Any whole, legal record is analysed from any seat, every decision of it reviewed: each
    /// of its calls and cards the rules did not force.
    #[test]
    fn arbitrary_records_are_analysed(seed in any::<u64>(), seat in 0usize..4) {
        let record = common::random_record(seed);
        let seat = Seat::ALL[seat];
        let input = serde_json::to_string(&record).expect("a record");
        let mut out = Vec::new();
        let options = Options { seat, level: Level::Expert, budget: Budget::worlds(1), json: true };
        let status = run(input.as_bytes(), &mut out, options).expect("read");
        prop_assert_eq!(status, ScoreStatus::AllAccepted);
        let analysis: serde_json::Value =
            serde_json::from_slice(&out).expect("one JSON analysis");
        let decisions = analysis["decisions"].as_array().expect("decisions");
        let mut replay = Replay::new(&record).expect("a record's hands");
        let mut choices = 0;
        while let Some(turn) = replay.next_turn() {
            choices += usize::from(turn.seat == seat && turn.is_decision());
            replay.advance().expect("a legal action");
        }
        prop_assert_eq!(decisions.len(), choices);
    }
}

/// The first record of the conformance vectors, North-South's total before it `ns`: West's 90
/// diamonds contré fails, and North-South score 500.
fn record_with_ns_at(ns: u32) -> String {
    let line = include_str!("data/public.jsonl").lines().next().expect("a line");
    let mut vector: serde_json::Value = serde_json::from_str(line).expect("JSON");
    let record = &mut vector["record"];
    record["game"] = serde_json::json!({"target": 1000, "before": {"NS": ns, "EW": 900}});
    record.to_string()
}

/// At the highest total a record may give, the deal is analysed and counted exactly; beyond
/// it, refused as `contree score` refuses it.
#[test]
fn a_record_whose_totals_are_at_the_highest_is_analysed_and_one_beyond_refused() {
    let beyond = record_with_ns_at(4_294_967_000) + "\n";
    let out = contree_output(&["analyse", "--json", "--worlds", "2"], &beyond);
    assert_eq!(out.status.code(), Some(1));
    let refused: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(refused["error"]["kind"], "bad-input", "{refused}");
    let input = record_with_ns_at(contree::rules::GameContext::MAX_TOTAL) + "\n";
    let score = contree(&["score"], &input);
    let answer: serde_json::Value = serde_json::from_str(&score).expect("JSON");
    assert_eq!(answer["game"]["total"], serde_json::json!({"NS": 1_000_500, "EW": 900}));
    for args in [&["analyse", "--json", "--worlds", "2"][..], &["analyse", "--worlds", "2"]] {
        let out = contree_output(args, &input);
        let (stdout, stderr) =
            (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
        match args[1] {
            "--json" => {
                let analysis: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
                assert_eq!(analysis["ok"], true, "{analysis}");
                assert_eq!(analysis["contract"]["taker"], "W", "{analysis}");
                assert!(!analysis["decisions"].as_array().expect("decisions").is_empty());
            }
            _ => assert!(stdout.starts_with("Record 1: "), "{stdout}"),
        }
    }
}

#[test]
fn the_json_never_writes_minus_nought_and_the_text_rounds_as_the_table_does() {
    let deals = played_deals(6, 700);
    let records: String =
        deals.iter().map(|(r, _)| serde_json::to_string(r).expect("a record") + "\n").collect();
    let worlds = WORLDS.to_string();
    let json = contree(&["analyse", "--json", "--worlds", &worlds], &records);
    assert!(!json.contains("-0.0") && !json.contains("-0,"), "{json}");
    let mut without_mistakes = 0;
    for line in json.lines() {
        let analysis: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let se = analysis["mistakes_se"].as_f64().expect("a standard error");
        assert!(se.is_sign_positive(), "{line}");
        without_mistakes += usize::from(analysis["mistakes_cost"].as_f64() == Some(0.0));
    }
    assert!(without_mistakes > 0, "some deal has no clear mistake: {json}");
    let text = contree(&["analyse", "--worlds", &worlds], &records);
    assert!(text.contains("Clear mistakes cost 0 points\n"), "{text}");
    assert!(!text.contains("−0"), "{text}");
}

/// The deal of `record` with its play cut after card `index` and `card` played there, the rest
/// played by the solver with every hand known, as `contree score` scores it: `team`'s score
/// less the other team's.
fn double_dummy_from(record: &DealRecord, index: usize, card: Card, team: Team) -> i64 {
    let mut cut =
        DealRecord { play: record.play[..index].to_vec(), claimed: None, ..record.clone() };
    cut.play.push(card);
    let game = Replay::new(&cut).and_then(Replay::finish).expect("a legal start");
    let play = game.deal().play.as_ref().expect("the play");
    let mut pos = Position::from_card_play(play).expect("a position");
    let mut solver = Solver::new();
    while !pos.is_over() {
        let (best, _) = solver.best_card(&pos).expect("solved").expect("a card");
        cut.play.push(best);
        pos.play(best);
    }
    let score = cut.score().expect("a whole deal").score;
    i64::from(score[team]) - i64::from(score[team.other()])
}

#[test]
fn on_the_deal_is_what_the_choice_changed_on_the_real_hands_played_double_dummy() {
    let deals = played_deals(10, 900);
    let records: Vec<&DealRecord> = deals.iter().map(|(r, _)| r).collect();
    let (mut cards, mut calls) = (0, 0);
    for (record, analysis) in records.iter().zip(analysed(&records)) {
        for d in analysis["decisions"].as_array().expect("decisions") {
            let on_the_deal = &d["on_the_deal"];
            if d["played"] == d["advised"] {
                assert_eq!(on_the_deal, 0, "no effect when the choices agree: {d}");
                continue;
            }
            let Some(figure) = on_the_deal.as_i64() else { continue };
            if d["kind"] == "call" {
                calls += 1;
                continue;
            }
            let index = d["index"].as_u64().expect("an index") as usize;
            let card =
                |key: &str| d[key].as_str().expect("a card").parse::<Card>().expect("a card");
            let team = Seat::South.team();
            let advised = double_dummy_from(record, index, card("advised"), team);
            let played = double_dummy_from(record, index, card("played"), team);
            assert_eq!(figure, advised - played, "{d}");
            cards += 1;
        }
    }
    assert!(cards > 3 && calls > 0, "{cards} cards and {calls} calls with a figure");
}
