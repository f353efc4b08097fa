//! The conformance vectors, run through the real `contree score` binary: every accepted record
//! must match field by field (the variants' fields when the vector has them, each seat's
//! declarations in any order), every rejected one its kind and index.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const FIELDS: [&str; 7] = ["contract", "tricks", "belote", "card_points", "made", "score", "game"];
/// Compared only when the vector has them.
const OPTIONAL: [&str; 3] = ["belotes", "declarations", "declared"];

/// `declared` lists compare without their order.
fn normalized(field: &str, v: Option<&Value>) -> Option<Value> {
    let mut v = v.cloned()?;
    if field == "declared"
        && let Some(seats) = v.as_object_mut()
    {
        for list in seats.values_mut() {
            if let Some(items) = list.as_array_mut() {
                items.sort_by_key(|x| x.to_string());
            }
        }
    }
    Some(v)
}

fn run_score(input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg("score")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("contree runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("contree finishes");
    writer.join().expect("writer thread").expect("input written");
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).expect("UTF-8 output"))
}

fn check_file(name: &str) {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("vector file");
    let cases: Vec<Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("vector is JSON"))
        .collect();
    let input: String = cases.iter().map(|c| format!("{}\n", c["record"])).collect();
    let (code, out) = run_score(&input);
    let answers: Vec<Value> =
        out.lines().map(|l| serde_json::from_str(l).expect("answer is JSON")).collect();
    assert_eq!(answers.len(), cases.len(), "one answer per record");
    let mut failures = Vec::new();
    let mut any_rejected = false;
    for (i, (case, got)) in cases.iter().zip(&answers).enumerate() {
        let exp = &case["expect"];
        if exp["ok"] != got["ok"] {
            failures.push(format!("{name}:{}: expected ok={}, got {got}", i + 1, exp["ok"]));
            continue;
        }
        if exp["ok"] == Value::Bool(false) {
            any_rejected = true;
            for key in ["kind", "index", "seat"] {
                if exp["error"][key] != got["error"][key] {
                    failures.push(format!(
                        "{name}:{}: error {key}: expected {}, got {}",
                        i + 1,
                        exp["error"][key],
                        got["error"][key]
                    ));
                }
            }
            continue;
        }
        for f in FIELDS {
            if exp.get(f) != got.get(f) {
                failures.push(format!(
                    "{name}:{}: {f}: expected {:?}, got {:?}",
                    i + 1,
                    exp.get(f),
                    got.get(f)
                ));
            }
        }
        for f in OPTIONAL.into_iter().filter(|f| exp.get(f).is_some()) {
            if normalized(f, exp.get(f)) != normalized(f, got.get(f)) {
                failures.push(format!(
                    "{name}:{}: {f}: expected {:?}, got {:?}",
                    i + 1,
                    exp.get(f),
                    got.get(f)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(code, if any_rejected { 1 } else { 0 }, "exit status");
}

#[test]
fn public_vectors() {
    check_file("public.jsonl");
}

#[test]
fn seed_example_vectors() {
    check_file("seed-examples.jsonl");
}

#[test]
fn variant_vectors() {
    check_file("variants.jsonl");
}

/// Every accepted answer carries the belotes; the declarations only under `coinche`.
#[test]
fn every_answer_counts_the_belotes() {
    let path = format!("{}/tests/data/public.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("vector file");
    let input: String = text
        .lines()
        .take(40)
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON")["record"].to_string() + "\n")
        .collect();
    let (_, out) = run_score(&input);
    for line in out.lines() {
        let a: Value = serde_json::from_str(line).expect("JSON");
        if a["ok"] == Value::Bool(true) {
            let belotes = &a["belotes"];
            let n = belotes["NS"].as_u64().unwrap_or(9) + belotes["EW"].as_u64().unwrap_or(9);
            assert_eq!(n, u64::from(a["belote"] != Value::Null), "{line}");
            assert!(a.get("declarations").is_none() && a.get("declared").is_none(), "{line}");
        }
    }
}

/// The first vector of the seed examples: `{"record": .., "expect": ..}`.
fn first_seed_example() -> Value {
    let path = format!("{}/tests/data/seed-examples.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("vector file");
    serde_json::from_str(text.lines().next().expect("a line")).expect("JSON")
}

#[test]
fn broken_lines_get_bad_input_answers() {
    let first = first_seed_example();
    let record = first["record"].to_string();
    let truncated = &record[..record.len() / 2];
    let input = format!("{record}\n{truncated}\n\n{{\"dealer\": \"S\"}}\n[1, 2]\n{record}\n");
    let (code, out) = run_score(&input);
    let answers: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(code, 1);
    assert_eq!(answers.len(), 5);
    assert_eq!(answers[0]["ok"], true);
    for a in &answers[1..4] {
        assert_eq!(a["ok"], false);
        assert_eq!(a["error"]["kind"], "bad-input");
        assert!(!a["error"]["reason"].as_str().unwrap_or("").is_empty());
    }
    assert!(answers[2]["error"]["reason"].as_str().unwrap_or("").contains("hands"));
    assert_eq!(answers[4]["ok"], true);
}

#[test]
fn pretty_printed_record_is_read_whole() {
    let first = first_seed_example();
    let pretty = serde_json::to_string_pretty(&first["record"]).expect("serializes");
    let (code, out) = run_score(&pretty);
    assert_eq!(code, 0);
    let answer: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(answer["score"], first["expect"]["score"]);
}

#[test]
fn a_lone_truncated_record_is_answered() {
    let first = first_seed_example();
    let record = first["record"].to_string();
    let (code, out) = run_score(&record[..record.len() / 3]);
    assert_eq!(code, 1);
    let answer: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["error"]["kind"], "bad-input");
}

#[test]
fn not_json_at_all_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg("score")
        .arg(format!("{}/Cargo.toml", env!("CARGO_MANIFEST_DIR")))
        .output()
        .expect("contree runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

#[test]
fn a_misspelled_rule_option_is_refused_not_read_as_the_default() {
    let first = first_seed_example();
    let mut record = first["record"].clone();
    record["rules"] = serde_json::json!({"scorng": "made", "contr": "tournament"});
    let (code, out) = run_score(&format!("{record}\n"));
    assert_eq!(code, 1, "{out}");
    let answer: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(answer["error"]["kind"], "bad-input", "{answer}");
    let reason = answer["error"]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("unknown field `contr`"), "{reason}");
    assert!(reason.contains("expected one of `set`, `nt_at`, `scoring`, `contre`"), "{reason}");
    // Every option the format names is read, whatever the set; other fields at the top of a
    // record stay ignored.
    record["rules"] = serde_json::json!({"set": "contree", "nt_at": false, "scoring": "made", "contre": "standard"});
    record["note"] = serde_json::json!({"anything": [1, 2]});
    let (code, out) = run_score(&format!("{record}\n"));
    assert_eq!(code, 0, "{out}");
    // So is the game's: a misspelled field of it is refused too.
    record["game"] = serde_json::json!({"target": 1000, "before": {"NS": 0, "EW": 0}, "befor": 1});
    let (code, out) = run_score(&format!("{record}\n"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("unknown field `befor`"), "{out}");
    record["game"] = serde_json::json!({"target": 1000, "before": {"NS": 0, "EW": 0}});
    let (code, out) = run_score(&format!("{record}\n"));
    assert_eq!(code, 0, "{out}");
}

/// Totals before a deal beyond any game's reach are refused rather than added up to a total
/// that saturates: at u32::MAX both, a deal won would read as a tie, the game going on.
#[test]
fn totals_beyond_any_games_reach_are_refused() {
    let line = include_str!("data/public.jsonl").lines().next().expect("a line");
    let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
    let mut record = value["record"].clone();
    let run = |record: &serde_json::Value| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
            .arg("score")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut input = child.stdin.take().expect("stdin");
        writeln!(input, "{record}").expect("written");
        drop(input);
        let out = child.wait_with_output().expect("ends");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("an answer")
    };
    for before in [[u32::MAX - 10, u32::MAX], [1_000_001, 0]] {
        record["game"] =
            serde_json::json!({"target": 1000, "before": {"NS": before[0], "EW": before[1]}});
        let answer = run(&record);
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["error"]["kind"], "bad-input", "{answer}");
    }
    record["game"] = serde_json::json!({"target": 1000, "before": {"NS": 1_000_000, "EW": 900}});
    let answer = run(&record);
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["game"]["over"], true, "{answer}");
}
