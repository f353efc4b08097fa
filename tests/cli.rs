//! The real binary: the game flags, `contree stats`, and `contree history` whose export
//! `contree score` re-scores identically. Every run uses its own data directory.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use contree::game::{GameOptions, Phase};
use contree::rules::Team;
use contree::store::Store;
use serde_json::Value;

fn contree(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(args)
        .env("CONTREE_DATA_DIR", data)
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("runs contree")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_target_other_than_the_three_is_refused_by_clap() {
    let dir = tempfile::tempdir().expect("temp dir");
    for bad in ["1234", "500", "x"] {
        let out = contree(dir.path(), &["--target", bad]);
        assert_eq!(out.status.code(), Some(2), "--target {bad}");
        let err = text(&out.stderr);
        assert!(err.contains("[possible values: 1000, 1500, 2000]"), "{err}");
    }
    let out = contree(dir.path(), &["--scoring", "both"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("made-plus-bid, made"));
}

#[test]
fn stats_on_an_empty_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = contree(dir.path(), &["stats", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["version"], 1);
    assert_eq!(json["games"], Value::Array(vec![]));
    assert_eq!(json["deals"]["played"], 0);
    assert_eq!(json["points_per_deal"]["NS"], 0.0);
    let out = contree(dir.path(), &["stats"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("winning streak: 0 now, 0 at best"));
    assert!(!dir.path().join("stats.json").exists(), "reading writes nothing");
}

#[test]
fn stats_show_what_the_store_counted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let (mut game, mut rng) =
        support::new(GameOptions { target: 1500, ..GameOptions::default() }, 2);
    support::play_until(
        &mut game,
        &mut rng,
        |g| g.phase() == Phase::GameOver,
        |g, e| {
            if e.deal_end {
                store.deal_finished(g).expect("counts");
            }
        },
    );
    store.game_finished(&game).expect("files");
    let out = contree(dir.path(), &["stats", "--json"]);
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["games"][0]["target"], 1500);
    assert_eq!(json["games"][0]["played"], 1);
    assert_eq!(json["deals"]["played"], game.history().len());
    let table = text(&contree(dir.path(), &["stats"]).stdout);
    assert!(table.contains("1500"), "{table}");
}

#[test]
fn history_export_rescores_identically_through_contree_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let options = GameOptions {
        target: 2000,
        rules: contree::rules::ScoringRules {
            scoring: contree::rules::ScoringMethod::Made,
            contre: contree::rules::ContreScoring::Tournament,
        },
        ..GameOptions::default()
    };
    let (mut game, mut rng) = support::new(options, 12);
    // Stop in the middle of a deal, after several deals.
    support::play_until(
        &mut game,
        &mut rng,
        |g| g.history().len() >= 6 && g.deal().played.len() == 5,
        |g, _| {
            store.save_game(g).expect("saves");
        },
    );
    assert_ne!(game.phase(), Phase::GameOver);
    // Exports go outside the data directory.
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let export = elsewhere.path().join("deals.jsonl");
    let path = export.to_str().expect("utf-8 path");
    let out = contree(dir.path(), &["history", "--export", path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = contree(dir.path(), &["score", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let answers: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("an answer per line"))
        .collect();
    assert_eq!(answers.len(), game.history().len(), "only the finished deals");
    for (a, d) in answers.iter().zip(game.history()) {
        assert_eq!(a["ok"], true);
        for t in Team::ALL {
            let name = t.to_string();
            assert_eq!(a["score"][&name], d.points()[t], "{a}");
            assert_eq!(a["game"]["total"][&name], d.totals[t], "{a}");
        }
        assert_eq!(a["made"], d.score.map(|s| s.made).map_or(Value::Null, Value::Bool));
    }

    let table = text(&contree(dir.path(), &["history"]).stdout);
    assert_eq!(table.lines().count(), 2 + game.history().len(), "{table}");
    let last = game.history().last().expect("deals");
    let totals = format!("{} {:>6}", last.totals[Team::NS], last.totals[Team::EW]);
    assert!(table.lines().last().is_some_and(|l| l.ends_with(&totals)), "{table}");
    let json: Value =
        serde_json::from_slice(&contree(dir.path(), &["history", "--json"]).stdout).expect("JSON");
    assert_eq!(json.as_array().map(Vec::len), Some(game.history().len()));
    assert_eq!(json[0]["deal"], 1);
    assert_eq!(json[0]["record"]["game"]["target"], 2000);
}

#[test]
fn history_without_a_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = contree(dir.path(), &["history"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).trim(), "No game in progress.");
    let out = contree(dir.path(), &["history", "--json"]);
    assert_eq!(text(&out.stdout).trim(), "[]");
    let out = contree(dir.path(), &["history", "--export", "x.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_corrupt_save_is_reported_in_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("game.json"), b"{\"version\": 1, \"seed\":").expect("write");
    let out = contree(dir.path(), &["history"]);
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("truncated") && err.contains("game.json.corrupt-"), "{err}");
}
