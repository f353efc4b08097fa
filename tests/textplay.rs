//! The text mode through the real binary: a whole game to the end, quitting and resuming,
//! `--new` keeping the abandoned game.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn contree(data: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg("text")
        .args(args)
        .env("CONTREE_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs contree");
    let mut stdin = child.stdin.take().expect("stdin");
    // The game may end before all the input is read.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("output")
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn a_whole_game_in_text_mode_is_counted_and_filed() {
    let dir = tempfile::tempdir().expect("temp dir");
    // South bids 80 hearts whenever it may, and plays the first legal card (an empty line);
    // the random bots always pass, so South takes every contract.
    let input = "80H\n\n".repeat(3000);
    let out =
        contree(dir.path(), &["--seed", "3", "--scoring", "made", "--level", "random"], &input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("contree text mode"), "{text}");
    assert!(text.contains("You win") || text.contains("You lose"), "{text}");
    assert!(!dir.path().join("game.json").exists());
    assert_eq!(lines(&dir.path().join("games.jsonl")), 1);
    let stats: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("stats.json")).expect("stats"))
            .expect("JSON");
    assert_eq!(stats["games"][0]["played"], 1);
    let deals = text.matches("Deal over").count();
    assert_eq!(stats["deals"]["played"], deals);
    assert_eq!(stats["deals"]["ours"]["taken"], deals, "South took every contract");
}

#[test]
fn quit_resume_and_new() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = contree(dir.path(), &["--seed", "8", "--target", "1500"], "\nq\n");
    assert!(first.status.success());
    let save = std::fs::read_to_string(dir.path().join("game.json")).expect("saved");
    assert!(save.contains("\"seed\":8") && save.contains("\"target\":1500"), "{save}");

    let again = contree(dir.path(), &["--target", "2000"], "q\n");
    let text = String::from_utf8_lossy(&again.stdout);
    assert!(text.contains("Resuming game to 1500 (seed 8)"), "{text}");
    assert!(text.contains("add --new"), "{text}");

    let new = contree(dir.path(), &["--new", "--seed", "9"], "q\n");
    let text = String::from_utf8_lossy(&new.stdout);
    assert!(text.contains("New game to 1000 (seed 9)"), "{text}");
    let archived = std::fs::read_to_string(dir.path().join("games.jsonl")).expect("archived");
    assert!(archived.contains("\"result\":\"abandoned\"") && archived.contains("\"seed\":8"));
}
