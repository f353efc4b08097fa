//! The real binary: the game flags, `contree stats`, `contree history` whose export `contree
//! score` re-scores identically, and what each does with files it cannot use, a closed pipe, a
//! table holding the directory. Every run uses its own data directory.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use contree::game::{GameOptions, Phase};
use contree::rules::Team;
use contree::store::Store;
use serde_json::Value;

fn contree(data: &Path, args: &[&str]) -> Output {
    at_data(&mut Command::new(env!("CARGO_BIN_EXE_contree")), data, args)
}

/// Runs `command` with `args` on the data directory `data`, in a UTF-8 locale, and waits for it.
fn at_data(command: &mut Command, data: &Path, args: &[&str]) -> Output {
    command
        .args(args)
        .env("CONTREE_DATA_DIR", data)
        .env("LC_ALL", "C.UTF-8")
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("runs contree")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_target_no_rule_set_plays_to_is_refused_by_clap() {
    let dir = tempfile::tempdir().expect("temp dir");
    for bad in ["1234", "500", "x"] {
        let out = contree(dir.path(), &["--target", bad]);
        assert_eq!(out.status.code(), Some(2), "--target {bad}");
        let err = text(&out.stderr);
        assert!(err.contains("[possible values: 701, 1000, 1500, 2000, 3000]"), "{err}");
    }
    let out = contree(dir.path(), &["--scoring", "both"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("made-plus-bid, made"));
    let out = contree(dir.path(), &["--rules", "classic"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("contree, coinche, plain"), "{}", text(&out.stderr));
}

#[test]
fn a_target_or_option_of_another_rule_set_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let refused = [
        (
            &["--rules", "contree", "--target", "3000"][..],
            "not a target of contree: contree is played to 1000, 1500 or 2000",
        ),
        (
            &["--rules", "plain", "--target", "1000"][..],
            "not a target of plain: plain is played to 701",
        ),
        (
            &["--rules", "coinche", "--target", "701"][..],
            "coinche is played to 1000, 1500, 2000 or 3000",
        ),
        (
            &["--rules", "coinche", "--scoring", "made"][..],
            "--scoring and --contre are options of contree",
        ),
    ];
    for (args, why) in refused {
        let out = contree(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // Flags that agree go on to the table, which needs a terminal.
    for args in [&["--rules", "coinche", "--target", "3000", "--nt-at"][..], &["--rules", "plain"]]
    {
        let out = contree(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains("needs a terminal"), "{args:?}");
    }
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
    assert_eq!(json["practice"]["solved"], 0);
    assert_eq!(json["practice"]["missed"], 0);
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
    // South asked the expert twice in the first deal.
    game.count_hint();
    game.count_hint();
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
    assert_eq!(json["deals"]["hints"], 2);
    let table = text(&contree(dir.path(), &["stats"]).stdout);
    assert!(table.contains("1500"), "{table}");
    assert!(table.contains("hints seen: 2"), "{table}");
}

#[test]
fn history_export_rescores_identically_through_contree_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let options = GameOptions {
        target: 2000,
        rules: contree::rules::Rules {
            scoring: contree::rules::ScoringMethod::Made,
            contre: contree::rules::ContreScoring::Tournament,
            ..contree::rules::Rules::default()
        },
        ..GameOptions::default()
    };
    let (mut game, mut rng) = support::new(options, 12);
    // Stop in the middle of a deal, after several deals.
    support::play_until(
        &mut game,
        &mut rng,
        |g| g.history().len() >= 6 && g.deal().played().len() == 5,
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
    let save = dir.path().join("game.json");
    for args in [&["history"][..], &["history", "--json"], &["history", "--export", "-"]] {
        let out = contree(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: a save unread is no game shown");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        let err = text(&out.stderr);
        // Said once: the save could not be read, where it is, and that it was left there.
        assert_eq!(
            err.trim_end(),
            format!(
                "contree: The saved game could not be read (the file is truncated: EOF while \
                 parsing a value at line 1 column 22); it was left in place, at {}.",
                save.display()
            ),
            "{args:?}"
        );
    }
    assert!(save.exists(), "left for the table to move aside");
}

/// Runs contree without standard input, and waits at most `secs` seconds for it: what hangs
/// fails the test rather than the run.
fn contree_within(data: &Path, args: &[&str], secs: u64) -> Output {
    use std::process::Stdio;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_contree"));
    cmd.args(args)
        .env("CONTREE_DATA_DIR", data)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("runs contree");
    let start = std::time::Instant::now();
    while child.try_wait().expect("status").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("contree {args:?} did not end within {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[cfg(unix)]
fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

#[cfg(unix)]
#[test]
fn files_that_are_not_regular_files_are_refused_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    if !mkfifo(&dir.path().join("game.json")) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let out = contree_within(dir.path(), &["history"], 20);
    assert_eq!(out.status.code(), Some(1), "a save that cannot be read is no game shown");
    let err = text(&out.stderr);
    assert!(err.contains("not a regular file"), "{err}");
    let fifo = dir.path().join("input");
    assert!(mkfifo(&fifo));
    let path = fifo.to_str().expect("utf-8");
    let out = contree_within(dir.path(), &["score", path], 20);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a regular file"), "{}", text(&out.stderr));
    let out = contree_within(dir.path(), &["score", "/dev/zero"], 20);
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `contree <command>` on `input`, reads one byte of its answers and closes the pipe, as
/// `| head -c 1` does: the command must end without a word on standard error.
fn into_a_closed_pipe(command: &str, input: String) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg(command)
        .env("CONTREE_DATA_DIR", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs contree");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut one = [0u8];
    std::io::Read::read_exact(&mut stdout, &mut one).expect("an answer starts");
    drop(stdout);
    let out = child.wait_with_output().expect("ends");
    let _ = feeder.join();
    let err = text(&out.stderr);
    assert!(err.is_empty(), "contree {command}: {err}");
    out
}

#[test]
fn score_into_a_closed_pipe_ends_quietly() {
    let records = std::fs::read_to_string("tests/data/public.jsonl").expect("vectors");
    // Far more answers than a pipe holds.
    let input = records.repeat(1 + 400_000 / records.len().max(1));
    let out = into_a_closed_pipe("score", input);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
}

#[test]
fn bot_into_a_closed_pipe_ends_quietly() {
    // Far more answers than a pipe holds: each bad line is answered.
    let out = into_a_closed_pipe("bot", "{}\n".repeat(200_000));
    assert_eq!(out.status.code(), Some(0), "{:?}", out.status);
}

#[test]
fn arena_refuses_a_number_of_deals_it_cannot_play() {
    let dir = tempfile::tempdir().expect("temp dir");
    for deals in ["18446744073709551615", "10000001", "0"] {
        let out =
            contree(dir.path(), &["arena", "--a", "random", "--b", "random", "--deals", deals]);
        assert_eq!(out.status.code(), Some(2), "--deals {deals}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("--deals"), "{}", text(&out.stderr));
    }
}

#[test]
fn the_gambler_plays_in_the_arena_but_never_at_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = contree(
        dir.path(),
        &["arena", "--a", "normal", "--b", "gambler", "--auction", "easy", "--deals", "3"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.starts_with("normal (A) vs gambler (B): 3 deals"), "{report}");
    assert!(
        report.contains("auction: every seat bids as easy; A and B play the cards"),
        "{report}"
    );
    let out =
        contree(dir.path(), &["arena", "--a", "gambler", "--b", "easy", "--deals", "2", "--json"]);
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((&json["a"]["contestant"], &json["auction"]), (&"gambler".into(), &Value::Null));
    for args in [&["--level", "gambler"][..], &["bot", "--level", "gambler"]] {
        let out = contree(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("possible values: random, easy, normal"), "{args:?}");
    }
}

/// A data directory with a game in progress (two deals played) saved by the store.
fn with_a_game(dir: &Path) -> contree::game::Game {
    let store = Store::at(dir).expect("store").without_sync();
    let (mut game, mut rng) = support::new(GameOptions::default(), 12);
    support::play_until(&mut game, &mut rng, |g| g.history().len() >= 2, |_, _| {});
    store.save_game(&game).expect("saves");
    game
}

#[test]
fn history_export_never_overwrites_without_force_nor_in_the_data_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = with_a_game(dir.path());
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let target = elsewhere.path().join("deals.jsonl");
    std::fs::write(&target, b"precious").expect("write");
    let path = target.to_str().expect("utf-8");
    let out = contree(dir.path(), &["history", "--export", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--force"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&target).expect("kept"), b"precious");
    let out = contree(dir.path(), &["history", "--export", path, "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&target).expect("written");
    assert_eq!(written.lines().count(), game.history().len());
    // The data directory's files are the store's: not even with --force.
    for name in ["stats.json", "game.json", "new.jsonl"] {
        let inside = dir.path().join(name);
        let before = std::fs::read(&inside).ok();
        let out = contree(
            dir.path(),
            &["history", "--export", inside.to_str().expect("utf-8"), "--force"],
        );
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(text(&out.stderr).contains("data directory"), "{}", text(&out.stderr));
        assert_eq!(std::fs::read(&inside).ok(), before, "{name} untouched");
    }
    // `-` is standard output.
    let out = contree(dir.path(), &["history", "--export", "-"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), written);
}

#[cfg(unix)]
#[test]
fn history_export_with_force_writes_through_a_link_and_into_a_pipe() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = with_a_game(dir.path());
    let elsewhere = tempfile::tempdir().expect("temp dir");
    // A link: what it points to gets the records, and the link stays a link.
    let real = elsewhere.path().join("real.jsonl");
    std::fs::write(&real, b"old").expect("write");
    let link = elsewhere.path().join("link.jsonl");
    std::os::unix::fs::symlink(&real, &link).expect("link");
    let out =
        contree(dir.path(), &["history", "--export", link.to_str().expect("utf-8"), "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).expect("there").file_type().is_symlink());
    let written = std::fs::read_to_string(&real).expect("written");
    assert_eq!(written.lines().count(), game.history().len());
    // A pipe is written into, never replaced by a file (as `/dev/null` must not be).
    let fifo = elsewhere.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let reading = fifo.clone();
    // Detached: should the pipe be replaced, the reader waits on nothing and the test still ends.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(std::fs::read_to_string(&reading));
    });
    let out =
        contree(dir.path(), &["history", "--export", fifo.to_str().expect("utf-8"), "--force"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).expect("there").file_type().is_fifo(), "still a pipe");
    let through = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("read").expect("text");
    assert_eq!(through, written);
}

#[test]
fn history_after_a_finished_game_shows_the_last_game_filed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let (mut game, mut rng) = support::new(GameOptions::default(), 9);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    store.game_finished(&game).expect("files");
    // A line that cannot be read, before it: reported, and the game still shown.
    let games = dir.path().join("games.jsonl");
    let mut bytes = b"{torn\n".to_vec();
    bytes.extend(std::fs::read(&games).expect("read"));
    std::fs::write(&games, bytes).expect("write");
    let out = contree(dir.path(), &["history"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    let first = table.lines().next().unwrap_or_default();
    assert!(first.starts_with("No game in progress. The last game"), "{table}");
    assert!(first.contains("filed"), "{first}");
    assert!(table.contains("Won by"), "{table}");
    assert_eq!(table.lines().count(), 3 + game.history().len() + 1, "{table}");
    assert!(text(&out.stderr).contains("line 1 cannot be read"), "{}", text(&out.stderr));
    let json: Value =
        serde_json::from_slice(&contree(dir.path(), &["history", "--json"]).stdout).expect("JSON");
    assert_eq!(json.as_array().map(Vec::len), Some(game.history().len()));
}

#[test]
fn stats_and_history_move_nothing_while_a_table_holds_the_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store");
    let _table = store.lock(contree::store::TABLE).expect("the table holds it");
    std::fs::write(dir.path().join("game.json"), b"{\"version\": 1").expect("write");
    std::fs::write(dir.path().join("stats.json"), b"{\"version\": 1").expect("write");
    let out = contree(dir.path(), &["history"]);
    assert_eq!(out.status.code(), Some(1), "a save that cannot be read is no game shown");
    assert!(text(&out.stderr).contains("left in place"), "{}", text(&out.stderr));
    let out = contree(dir.path(), &["stats"]);
    assert_eq!(out.status.code(), Some(1), "statistics that cannot be read are not zeros");
    assert!(text(&out.stderr).contains("stats.json"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(dir.path().join("game.json")).expect("in place"), b"{\"version\": 1");
    assert_eq!(std::fs::read(dir.path().join("stats.json")).expect("in place"), b"{\"version\": 1");
    let moved = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().contains("corrupt"));
    assert!(!moved);
}

#[test]
fn a_relative_xdg_data_home_is_ignored() {
    let home = tempfile::tempdir().expect("temp dir");
    let cwd = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(cwd.path().join("relative/share/contree")).expect("mkdir");
    std::fs::write(cwd.path().join("relative/share/contree/game.json"), b"{").expect("write");
    let platform = home.path().join(".local/share/contree");
    std::fs::create_dir_all(&platform).expect("mkdir");
    std::fs::write(platform.join("game.json"), b"{\"version\": 1").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["history"])
        .current_dir(cwd.path())
        .env_remove("CONTREE_DATA_DIR")
        .env("XDG_DATA_HOME", "relative/share")
        .env("HOME", home.path())
        .output()
        .expect("runs contree");
    // The save read is the platform's, which cannot be read: said, and the command fails.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains(&platform.join("game.json").display().to_string()),
        "the platform's place instead: {err}"
    );
}

#[test]
fn score_onto_a_full_disk_says_it_cannot_write() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full here");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["score", "tests/data/seed-examples.jsonl"])
        .env("CONTREE_DATA_DIR", dir.path())
        .stdout(full)
        .output()
        .expect("runs contree");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("cannot write the answers: the disk is full"), "{err}");
}

#[test]
fn history_and_stats_of_every_rule_set_agree_with_contree_score() {
    use contree::rules::{RuleSet, Rules};
    for (rules, seed) in [
        (Rules::of(RuleSet::Coinche).with_nt_at(true), 41),
        (Rules::of(RuleSet::Plain), 42),
        (Rules::default().with_nt_at(true), 43),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let (mut game, mut rng) = support::new(GameOptions::of(rules), seed);
        support::play_until(
            &mut game,
            &mut rng,
            |g| g.phase() == Phase::GameOver,
            |g, e| {
                store.save_game(g).expect("saves");
                if e.deal_end {
                    store.deal_finished(g).expect("counts");
                }
            },
        );
        // The game over is filed; `history` shows the last game filed.
        store.game_finished(&game).expect("files");
        let out = contree(dir.path(), &["history", "--export", "-"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let elsewhere = tempfile::tempdir().expect("temp dir");
        let exported = elsewhere.path().join("deals.jsonl");
        std::fs::write(&exported, &out.stdout).expect("write");
        let out = contree(dir.path(), &["score", exported.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        let answers: Vec<Value> =
            text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        assert_eq!(answers.len(), game.history().len());
        for (a, d) in answers.iter().zip(game.history()) {
            for t in Team::ALL {
                assert_eq!(a["score"][t.to_string()], d.points()[t], "{a}");
                assert_eq!(a["belotes"][t.to_string()], d.belotes.counts()[t], "{a}");
            }
            if rules.set == RuleSet::Coinche && d.contract.is_some() {
                for t in Team::ALL {
                    assert_eq!(a["declarations"][t.to_string()], d.declarations[t], "{a}");
                }
            }
        }
        let last = answers.last().expect("deals");
        assert_eq!(last["game"]["over"], true);
        let table = text(&contree(dir.path(), &["history"]).stdout);
        let title = format!("Game of {} to {}", rules.set, rules.set.default_target());
        assert!(table.contains(&title), "{table}");
        assert_eq!(table.contains("sans atout and tout atout"), rules.nt_at, "{table}");
        let json: Value =
            serde_json::from_slice(&contree(dir.path(), &["history", "--json"]).stdout)
                .expect("JSON");
        assert_eq!(json[0]["set"], rules.set.to_string());
        assert_eq!(json[0]["declared"].is_object(), rules.set == RuleSet::Coinche, "{}", json[0]);
        let stats: Value =
            serde_json::from_slice(&contree(dir.path(), &["stats", "--json"]).stdout)
                .expect("JSON");
        let set =
            if rules.set == RuleSet::Contree { Value::Null } else { rules.set.to_string().into() };
        assert_eq!(stats["games"][0]["set"], set, "{stats}");
        assert_eq!(stats["version"], if rules.set == RuleSet::Contree { 1 } else { 2 });
        let table = text(&contree(dir.path(), &["stats"]).stdout);
        assert!(
            table.contains(&format!("{} {}", rules.set, rules.set.default_target())),
            "{table}"
        );
    }
}

#[test]
fn completions_are_printed_for_every_shell_from_the_command_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (shell, says) in [
        ("bash", "complete -F _contree"),
        ("zsh", "#compdef contree"),
        ("fish", "complete -c contree"),
        ("elvish", "edit:completion:arg-completer[contree]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = contree(dir.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.contains(says), "{shell}:\n{script}");
        // The subcommands and the flags of the table are completed, and their values where
        // the shell's script completes values.
        let values = ["bash", "zsh", "fish"].contains(&shell);
        for word in ["history", "deck", "four-colour", "high-contrast"] {
            let value = word.contains('-');
            assert!(!values && value || script.contains(word), "{shell} lacks {word}");
        }
    }
    let bash = text(&contree(dir.path(), &["completions", "bash"]).stdout);
    let path = dir.path().join("contree.bash");
    std::fs::write(&path, bash).expect("written");
    if let Ok(check) = Command::new("bash").arg("-n").arg(&path).output() {
        assert!(check.status.success(), "{}", text(&check.stderr));
    }
    let out = contree(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bash, elvish, fish, powershell, zsh"));
    // contree wrote nothing in its data directory: its one file is the script written above.
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1, "contree wrote nothing");
}

#[test]
fn the_deck_and_colours_flags_take_only_their_values() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = contree(dir.path(), &["--deck", "three-colour"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("two-colour, four-colour"), "{}", text(&out.stderr));
    let out = contree(dir.path(), &["--colours", "bright"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("on, high-contrast, off"), "{}", text(&out.stderr));
}

/// The names in a directory, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn stats_and_history_change_nothing_on_disk() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("not-yet");
    for args in [&["stats"][..], &["stats", "--json"], &["history"], &["history", "--json"]] {
        let out = contree(&missing, args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(!missing.exists(), "{args:?} made the data directory");
    }
    // A directory with a save that cannot be resumed and statistics: nothing is added, moved or
    // locked.
    std::fs::write(dir.path().join("game.json"), b"{\"version\": 1, \"seed\":").expect("write");
    std::fs::write(dir.path().join("games.jsonl"), b"{\"torn\": ").expect("write");
    let before = names(dir.path());
    for args in [&["stats"][..], &["history"], &["history", "--json"]] {
        let _ = contree(dir.path(), args);
        assert_eq!(names(dir.path()), before, "{args:?}");
    }
    let out = contree(dir.path(), &["history"]);
    let err = text(&out.stderr);
    assert!(err.contains("game.json") && err.contains("left in place"), "{err}");
    assert_eq!(std::fs::read(dir.path().join("games.jsonl")).expect("untouched"), b"{\"torn\": ");
}

#[test]
fn statistics_that_cannot_be_read_are_said_and_the_command_fails() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("stats.json"), b"{\"version\": 1, \"deals\": ").expect("write");
    for args in [&["stats"][..], &["stats", "--json"]] {
        let out = contree(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} printed {}", text(&out.stdout));
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("stats.json") && err.contains("not valid JSON"), "{err}");
    }
    assert_eq!(
        std::fs::read(dir.path().join("stats.json")).expect("kept"),
        b"{\"version\": 1, \"deals\": "
    );
}

#[cfg(unix)]
#[test]
fn a_dangling_link_in_place_of_the_statistics_is_reported_and_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let link = dir.path().join("stats.json");
    std::os::unix::fs::symlink("/nowhere/stats.json", &link).expect("a link");
    let out = contree(dir.path(), &["stats"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(
        err,
        format!(
            "contree: cannot read {}: it is a link to /nowhere/stats.json, which does not exist\n",
            link.display()
        )
    );
    assert_eq!(std::fs::read_link(&link).expect("still a link"), Path::new("/nowhere/stats.json"));
}

#[test]
fn an_error_says_each_thing_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let games = dir.path().join("games.jsonl");
    let file = std::fs::File::create(&games).expect("create");
    file.set_len(257 << 20).expect("a sparse file");
    let out = contree(dir.path(), &["history"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        "contree: games.jsonl: line 1 cannot be read; it was left as it is\n"
    );
}

#[test]
fn a_relative_home_is_not_used_for_the_data_directory() {
    let cwd = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(cwd.path().join("home")).expect("mkdir");
    let out = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["history"])
        .current_dir(cwd.path())
        .env_remove("CONTREE_DATA_DIR")
        .env_remove("XDG_DATA_HOME")
        .env("HOME", "home")
        .output()
        .expect("runs contree");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("HOME") && err.contains("absolute"), "{err}");
    assert_eq!(names(&cwd.path().join("home")), Vec::<String>::new(), "nothing made in it");
}

#[test]
fn a_deal_file_that_is_not_a_deal_to_play_is_refused_with_the_records_error_and_nothing_touched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let hands = r#""hands": {"S": ["JS","9S","AS","10S","KS","QS","8S","7S"],
        "E": ["7H","8H","9H","10H","AD","KD","QD","JD"],
        "N": ["AH","7D","8D","9D","10D","7C","8C","9C"],
        "W": ["JH","QH","KH","10C","JC","QC","KC","AC"]}"#;
    let cases = [
        ("empty", String::new(), "bad-input: no deal record"),
        ("not json", "{\"dealer\": ".to_string(), "bad-input: not JSON"),
        ("short hand", r#"{"dealer": "W", "hands": {"S": ["JS"]}}"#.to_string(), "bad-input"),
        (
            "a card South does not hold",
            format!(
                r#"{{"dealer": "W", {hands}, "auction": ["80S","pass","pass","pass"], "play": ["7H"]}}"#
            ),
            "illegal-play at 0: illegal card: 7H is not in the hand",
        ),
        (
            "a bid too low",
            format!(r#"{{"dealer": "W", {hands}, "auction": ["90S","80H"], "play": []}}"#),
            "illegal-bid at 1",
        ),
    ];
    for (name, content, said) in cases {
        let file = dir.path().join("deal.json");
        std::fs::write(&file, content).expect("write");
        let out = contree(&data, &["--deal-file", file.to_str().expect("a path")]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(said) && err.lines().count() == 1, "{name}: {err}");
        assert!(!data.exists(), "{name}: the data directory is not even made");
    }
    let out = contree(&data, &["--deal-file", "/nonexistent/deal.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/deal.json"));
    assert!(!data.exists());
}

/// A deal file whose game's totals before the deal are the highest a record may give is
/// replayed to its end as `contree score` counts it, exactly, and the table is then opened
/// (here refused, for want of a terminal); beyond them, it is refused as a record.
#[test]
fn a_deal_file_with_totals_at_the_highest_is_read_and_one_beyond_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let records = std::fs::read_to_string("tests/data/public.jsonl").expect("vectors");
    let mut vector: Value =
        serde_json::from_str(records.lines().next().expect("a vector")).expect("JSON");
    let file = dir.path().join("deal.json");
    let path = file.to_str().expect("a path");
    vector["record"]["game"] =
        serde_json::json!({"target": 1000, "before": {"NS": u32::MAX - 10, "EW": u32::MAX}});
    std::fs::write(&file, vector["record"].to_string()).expect("write");
    let out = contree(&data, &["--deal-file", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bad-input"), "{}", text(&out.stderr));
    vector["record"]["game"] =
        serde_json::json!({"target": 1000, "before": {"NS": 999_500, "EW": 1_000_000}});
    std::fs::write(&file, vector["record"].to_string()).expect("write");
    let score = contree(&data, &["score", path]);
    let answer: Value = serde_json::from_slice(&score.stdout).expect("JSON");
    assert_eq!(answer["game"]["total"], serde_json::json!({"NS": 1_000_000, "EW": 1_000_000}));
    assert_eq!(answer["game"]["over"], false, "equal totals play on");
    let out = contree(&data, &["--deal-file", path]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end(), "contree: the table needs a terminal on standard output");
    assert!(!data.exists(), "the data directory is not even made");
}

/// A deal file is read as `contree score` reads it, no further than its first record: a file
/// far larger than what a deal file was once allowed, its first line a record, is played.
#[test]
fn a_deal_file_is_read_no_further_than_its_first_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let records = std::fs::read_to_string("tests/data/public.jsonl").expect("vectors");
    let vector: Value =
        serde_json::from_str(records.lines().next().expect("a vector")).expect("JSON");
    let file = dir.path().join("deals.jsonl");
    std::fs::write(&file, format!("{}\n", vector["record"])).expect("write");
    let sparse = std::fs::OpenOptions::new().append(true).open(&file).expect("open");
    sparse.set_len(300 << 20).expect("a sparse file");
    let out = contree(&data, &["--deal-file", file.to_str().expect("a path")]);
    let err = text(&out.stderr);
    assert_eq!(err.trim_end(), "contree: the table needs a terminal on standard output");
}

/// The deals compared with the expert in South's seat, in `contree history` (its column and
/// balance, and `expert_in_seat` in its JSON) and in `contree stats` (its line, and `compared`
/// in all and per rule set in its JSON).
#[test]
fn the_comparisons_with_the_expert_are_in_the_history_and_the_statistics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let (mut game, mut rng) = support::new(GameOptions::default(), 14);
    support::play_until(&mut game, &mut rng, |g| g.history().len() == 3, |_, _| {});
    // Deal 1 compared (the expert took 250 more), deal 2 still thinking, deal 3 not asked.
    assert!(game.ask_expert_in_seat(0) && game.ask_expert_in_seat(1));
    let ours = game.history()[0].points();
    let expert = contree::rules::ByTeam([ours[Team::NS] + 250, ours[Team::EW]]);
    assert!(game.answer_expert_in_seat(0, Some(expert)));
    store.save_game(&game).expect("saves");
    store.deal_finished(&game).expect("counts");

    let json: Value =
        serde_json::from_slice(&contree(dir.path(), &["history", "--json"]).stdout).expect("JSON");
    let score = serde_json::json!({"NS": expert[Team::NS], "EW": expert[Team::EW]});
    assert_eq!(json[0]["expert_in_seat"], serde_json::json!({"score": score, "difference": -250}));
    assert_eq!(json[1]["expert_in_seat"], Value::Null, "still thinking");
    assert_eq!(json[2]["expert_in_seat"], Value::Null, "not compared");
    let table = text(&contree(dir.path(), &["history"]).stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[1].ends_with("expert"), "{table}");
    assert!(lines[2].ends_with("-250") && lines[3].ends_with(" -"), "{table}");
    assert!(table.contains("over 1 deal: -250"), "{table}");

    let json: Value =
        serde_json::from_slice(&contree(dir.path(), &["stats", "--json"]).stdout).expect("JSON");
    let one = serde_json::json!({"deals": 1, "balance": -250});
    assert_eq!(json["compared"]["deals"], 1);
    assert_eq!(json["compared"]["balance"], -250);
    assert_eq!(json["compared"]["by_rules"]["contree"], one);
    let stats = text(&contree(dir.path(), &["stats"]).stdout);
    assert!(stats.contains("Against the expert in your seat: 1 deal compared, balance -250"));
}

/// Runs `contree <args>` with a pipe on its standard input that stays open, writes `line` and
/// waits for the first line of its answers: a script that waits for each answer before it
/// writes the next line gets it while the pipe is still open. The line of answer, or `None`
/// when it had not come long after it was due.
fn answer_while_the_input_is_open(args: &[&str], line: &str) -> Option<String> {
    use std::io::{BufRead, Write};
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(args)
        .env("CONTREE_DATA_DIR", dir.path())
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs contree");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(line.as_bytes()).expect("writes a line");
    stdin.flush().expect("flushed");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut first);
        let _ = tx.send(first);
    });
    // Far more than an answer takes: only an answer held back until the input ends misses it.
    let answer = rx.recv_timeout(std::time::Duration::from_secs(60)).ok();
    drop(stdin);
    let _ = child.wait();
    answer
}

#[test]
fn score_and_analyse_answer_each_record_before_the_input_ends() {
    let records = std::fs::read_to_string("tests/data/public.jsonl").expect("vectors");
    let vector: Value =
        serde_json::from_str(records.lines().next().expect("a vector")).expect("JSON");
    let record = format!("{}\n", vector["record"]);
    let scored = answer_while_the_input_is_open(&["score"], &record);
    let scored: Value = serde_json::from_str(&scored.expect("answered at once")).expect("JSON");
    assert_eq!(scored["ok"], true, "{scored}");
    for json in [true, false] {
        let mut args = vec!["analyse", "--worlds", "1"];
        if json {
            args.push("--json");
        }
        let analysed = answer_while_the_input_is_open(&args, &record);
        let analysed = analysed.expect("answered at once");
        match json {
            true => {
                let analysed: Value = serde_json::from_str(&analysed).expect("JSON");
                assert_eq!(analysed["ok"], true, "{analysed}");
            }
            false => assert!(analysed.starts_with("Record 1: "), "{analysed}"),
        }
    }
}

#[cfg(unix)]
#[test]
fn stats_say_so_when_the_exercises_cannot_be_read_rather_than_count_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let exercises = dir.path().join("exercises.jsonl");
    let cases: [(&str, &dyn Fn()); 4] = [
        ("a link to nothing", &|| {
            std::os::unix::fs::symlink("/nowhere/exercises.jsonl", &exercises).expect("a link");
        }),
        ("a directory", &|| std::fs::create_dir(&exercises).expect("mkdir")),
        ("a FIFO", &|| assert!(mkfifo(&exercises), "mkfifo")),
        ("too large", &|| {
            let file = std::fs::File::create(&exercises).expect("create");
            file.set_len(257 << 20).expect("a sparse file");
        }),
    ];
    for (what, make) in cases {
        make();
        for args in [&["stats"][..], &["stats", "--json"]] {
            let out = contree_within(dir.path(), args, 20);
            assert_eq!(out.status.code(), Some(1), "{what} {args:?}");
            assert!(out.stdout.is_empty(), "{what}: {}", text(&out.stdout));
            let err = text(&out.stderr);
            assert_eq!(err.lines().count(), 1, "{what}: {err}");
            assert!(err.contains(&exercises.display().to_string()), "{what}: {err}");
        }
        assert!(std::fs::symlink_metadata(&exercises).is_ok(), "{what}: left in place");
        let _ = std::fs::remove_file(&exercises).or_else(|_| std::fs::remove_dir(&exercises));
    }
}

/// `contree history --export FILE` run under `umask`, by the shell.
#[cfg(unix)]
fn export_under(umask: &str, data: &Path, file: &Path, force: bool) -> Output {
    let force = if force { " --force" } else { "" };
    let script = format!("umask {umask}; exec \"$0\" history --export \"$1\"{force}");
    Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_contree")])
        .arg(file)
        .env("CONTREE_DATA_DIR", data)
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("runs contree")
}

/// An export gets the mode a new file gets, replacing one or not, and is written whole (no
/// temporary file left) and synced before the command ends.
#[cfg(unix)]
#[test]
fn history_export_has_a_new_files_mode_with_or_without_force_and_is_synced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let game = with_a_game(dir.path());
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let mode = |p: &Path| std::fs::metadata(p).expect("there").permissions().mode() & 0o777;
    for (umask, expected) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let new = elsewhere.path().join(format!("new-{umask}.jsonl"));
        let out = export_under(umask, dir.path(), &new, false);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(mode(&new), expected, "a new export under umask {umask}");
        // Over a file of the player's alone, with --force: the export's own mode, as new.
        let old = elsewhere.path().join(format!("old-{umask}.jsonl"));
        std::fs::write(&old, b"old").expect("write");
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        let out = export_under(umask, dir.path(), &old, true);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(mode(&old), expected, "an export with --force under umask {umask}");
        let written = std::fs::read_to_string(&old).expect("written");
        assert_eq!(written.lines().count(), game.history().len());
        assert_eq!(std::fs::read_to_string(&new).expect("written"), written);
    }
    let mut left: Vec<String> = std::fs::read_dir(elsewhere.path())
        .expect("list")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with('.'))
        .collect();
    left.sort();
    assert_eq!(left, Vec::<String>::new(), "no temporary file left");
    // Synced: an fsync of the file before the rename that puts it in place, both ways.
    let traced = Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "true"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !traced {
        eprintln!("skipped: strace cannot trace here");
        return;
    }
    for force in [false, true] {
        let file = elsewhere.path().join(format!("traced-{force}.jsonl"));
        if force {
            std::fs::write(&file, b"old").expect("write");
        }
        let log = elsewhere.path().join(format!("strace-{force}.log"));
        let mut args = vec!["history", "--export", file.to_str().expect("a path")];
        if force {
            args.push("--force");
        }
        let out = Command::new("strace")
            .args([
                "-f",
                "-qq",
                "-e",
                "trace=fsync,fdatasync,rename,renameat,renameat2,link,linkat",
            ])
            .arg("-o")
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_contree"))
            .args(&args)
            .env("CONTREE_DATA_DIR", dir.path())
            .env_remove("XDG_DATA_HOME")
            .output()
            .expect("strace runs");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let calls = std::fs::read_to_string(&log).expect("the trace");
        let synced = calls.find("fsync(").or_else(|| calls.find("fdatasync("));
        let placed = ["rename", "link"].iter().filter_map(|c| calls.find(c)).min();
        assert!(
            matches!((synced, placed), (Some(s), Some(p)) if s < p),
            "force {force}: the file is synced before it is put in place:\n{calls}"
        );
    }
}

/// A whole game to 1000 from `seed`, counted and filed as the table does; its deals' mistakes
/// measured when `measure` says so.
fn filed_game(store: &Store, seed: u64, measure: impl Fn(usize) -> Option<(u32, u32)>) {
    let (mut game, mut rng) = support::new(GameOptions::default(), seed);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    for i in 0..game.history().len() {
        if let Some((calls, cards)) = measure(i) {
            let record = game.history()[i].record.clone();
            let m = contree::game::Mistakes { calls, cards };
            assert!(game.measure_mistakes(i, &record, m));
        }
    }
    store.game_finished(&game).expect("files");
}

#[test]
fn stats_give_the_progress_of_every_filed_game_and_its_trend() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    // A game filed before the mistakes were measured, then one measured but for its last deal,
    // whose figure comes in after the game was filed: filed again, with it.
    filed_game(&store, 2, |_| None);
    let (mut game, mut rng) = support::new(GameOptions::default(), 3);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    let deals = game.history().len();
    for i in 0..deals - 1 {
        let record = game.history()[i].record.clone();
        game.measure_mistakes(i, &record, contree::game::Mistakes { calls: 10, cards: 20 });
    }
    store.game_finished(&game).expect("files");
    let last = game.history()[deals - 1].record.clone();
    game.measure_mistakes(deals - 1, &last, contree::game::Mistakes { calls: 10, cards: 20 });
    store.game_finished(&game).expect("files again");
    assert_eq!(store.games().expect("history").games.len(), 2, "filed once, in its place");

    let out = contree(dir.path(), &["stats", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let progress = json["progress"].as_array().expect("one entry per filed game");
    assert_eq!(progress.len(), 2);
    let old = &progress[0];
    assert!(old["started"].is_u64(), "{old}");
    assert!(old["deals"].as_u64().is_some_and(|d| d > 0), "{old}");
    assert_eq!(old["mistakes"], Value::Null, "not measured, never 0");
    assert_eq!(old["balance"], Value::Null);
    assert_eq!(old["exercises"], serde_json::json!({"solved": 0, "missed": 0}));
    let new = &progress[1];
    assert_eq!(new["deals"], deals);
    let n = deals as u64;
    assert_eq!(
        new["mistakes"],
        serde_json::json!({"deals": n, "calls": 10 * n, "cards": 20 * n,
            "calls_per_deal": 10.0, "cards_per_deal": 20.0}),
        "every deal measured, the last one too"
    );
    let table = text(&contree(dir.path(), &["stats"]).stdout);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "Cost of your clear mistakes: 30 a deal over your last 2 games (1 not measured).",
            "Your balance against the expert in your seat: not measured over your last 2 games."
        ],
        "{table}"
    );
}

/// `--new` over a finished game whose last deal the expert in South's seat was still playing
/// again (the table left while it thought) files that game as its resume would: the last deal
/// compared and its mistakes measured, both counted.
#[test]
fn a_new_game_over_a_finished_game_still_compared_files_it_compared_and_measured() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let game = support::finished_with_the_last_deal_still_compared(12);
    let last = game.history().len() - 1;
    store.save_game(&game).expect("saves");
    store.deal_finished(&game).expect("counts");
    drop(store);
    let (out, err, code) =
        support::contree(dir.path(), &["--line", "--new", "--seed", "3", "--lang", "en"], "quit\n");
    assert_eq!(code, Some(0), "{out}{err}");
    let store = Store::at(dir.path()).expect("store");
    let filed = store.games().expect("the games file").games;
    assert_eq!(filed.len(), 1, "{out}");
    let game = contree::game::Game::from_save(&filed[0].game).expect("a game");
    let deal = &game.history()[last];
    assert!(deal.expert_difference().is_some(), "compared: {:?}", deal.expert_in_seat);
    assert!(deal.mistakes.is_some(), "measured");
    assert_eq!(store.stats().compared.all.deals as usize, last + 1, "{out}");
}

/// `contree` run with `args` in the data directory `data`, its memory held to `mib` mebibytes
/// of address space by the shell's `ulimit -v`: a command that held a file whole fails.
#[cfg(unix)]
fn contree_in_mib(data: &Path, args: &[&str], mib: u64) -> Output {
    let script = format!("ulimit -v {}; exec \"$0\" \"$@\"", mib * 1024);
    at_data(Command::new("sh").args(["-c", &script, env!("CARGO_BIN_EXE_contree")]), data, args)
}

/// Writes a line of `mib` mebibytes at `path`, in pieces, and a short line after it.
#[cfg(unix)]
fn write_a_huge_line(path: &Path, start: &[u8], mib: usize) {
    use std::io::Write;
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    file.write_all(start).expect("write");
    let piece = vec![b'x'; 1 << 20];
    for _ in 0..mib {
        file.write_all(&piece).expect("write");
    }
    file.write_all(b"\"}\nnot a line of contree's\n").expect("write");
    file.flush().expect("flush");
}

/// The files of lines are read as streams: a line far longer than any of contree's is refused
/// without being held whole, in a memory that would not hold it, and said once.
#[cfg(unix)]
#[test]
fn a_huge_line_is_refused_without_being_held_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let daily = dir.path().join("daily.jsonl");
    write_a_huge_line(&daily, br#"{"version":1,"date":""#, 128);
    let out = contree_in_mib(dir.path(), &["history", "--daily"], 64);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("lines 1, 2 are not contree deals of the day"), "{err}");
    assert!(err.contains("the line is longer than 1 MiB"), "{err}");
    std::fs::remove_file(&daily).expect("removed");
    let games = dir.path().join("games.jsonl");
    write_a_huge_line(&games, br#"{"result":"won","filed":1,"game":{"seed":""#, 128);
    for args in [&["stats"][..], &["history"]] {
        let out = contree_in_mib(dir.path(), args, 64);
        assert_eq!(
            (out.status.code(), text(&out.stderr).as_str()),
            (
                Some(0),
                "contree: games.jsonl: lines 1, 2 cannot be read; they were left as they are\n"
            ),
            "{args:?}"
        );
    }
}

/// However many lines cannot be read, a message names the first few and counts the others.
#[test]
fn many_bad_lines_make_a_short_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("daily.jsonl"), "x\n".repeat(20_000)).expect("write");
    let out = contree(dir.path(), &["history", "--daily"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
    assert!(err.contains("lines 1, 2, 3, 4, 5 and 19995 more are not"), "{err}");
    std::fs::write(dir.path().join("games.jsonl"), "x\n".repeat(20_000)).expect("write");
    let out = contree(dir.path(), &["history"]);
    let err = text(&out.stderr);
    assert_eq!(
        err,
        "contree: games.jsonl: lines 1, 2, 3, 4, 5 and 19995 more cannot be read; they were left \
         as they are\n"
    );
}

/// A figure of a filed game that is no figure (a null list, a negative or too large number, a
/// string, a value nested where none is), in its mistakes or its comparison with the expert,
/// counts as not measured: the game stays in the progress, and the command says so once.
#[test]
fn a_badly_typed_figure_counts_as_not_measured_and_its_game_is_kept() {
    use serde_json::json;
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut game, mut rng) = support::new(GameOptions::default(), 12);
    support::play_until(&mut game, &mut rng, |g| g.history().len() >= 2, |_, _| {});
    let save = serde_json::to_value(game.to_save()).expect("JSON");
    let bad = [
        json!(null),
        json!(-5),
        json!("12"),
        json!(4_294_967_296_u64),
        json!([[1]]),
        json!([-5, null]),
        json!(["12"]),
        json!([{"calls": 4_294_967_296_u64, "cards": 0}]),
        json!([{"calls": {"x": 1}, "cards": 0}]),
        json!([{"score": {"NS": -5, "EW": 0}}]),
    ];
    let mut lines = String::new();
    for i in 0..20 {
        let mut save = save.clone();
        save["started"] = json!(1_700_000_000 + i);
        let field = if i % 2 == 0 { "mistakes" } else { "expert_in_seat" };
        save[field] = bad[i as usize % bad.len()].clone();
        let entry = json!({"result": "abandoned", "filed": 1, "totals": {"NS": 0, "EW": 0},
                           "game": save});
        lines += &format!("{entry}\n");
    }
    std::fs::write(dir.path().join("games.jsonl"), lines).expect("write");
    let out = contree(dir.path(), &["stats", "--json"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let stats: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let progress = stats["progress"].as_array().expect("the progress");
    assert_eq!(progress.len(), 20, "every game kept: {err}");
    assert!(progress.iter().all(|g| g["mistakes"].is_null() && g["balance"].is_null()));
    assert_eq!(
        err,
        "contree: games.jsonl: lines 1, 2, 3, 4, 5 and 15 more hold a figure that is no figure \
         (in mistakes or expert_in_seat); each counts as not measured, and the games are kept\n"
    );
    let out = contree(dir.path(), &["stats"]);
    assert!(!text(&out.stdout).contains("No game yet"), "{}", text(&out.stdout));
}

/// The deal of the day is the same for everyone: the flags that would choose another game are
/// refused, as --seed is, rather than passed over.
#[test]
fn the_deal_of_the_day_refuses_the_flags_of_another_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    for flags in [
        &["--rules", "coinche"][..],
        &["--target", "1500"],
        &["--level", "easy"],
        &["--nt-at"],
        &["--scoring", "made"],
        &["--contre", "tournament"],
        &["--deal", "tradition"],
        &["--seed", "3"],
    ] {
        let args: Vec<&str> = ["--daily", "--line"].iter().chain(flags).copied().collect();
        let out = contree(dir.path(), &args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        assert!(err.contains("cannot be used with"), "{flags:?}: {err}");
    }
}

/// Statistics whose counts contradict each other (more games won than played) are statistics
/// edited by hand: refused, never shown as 101%.
#[test]
fn statistics_that_contradict_themselves_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stats = dir.path().join("stats.json");
    for edited in [
        r#"{"version":1,"games":[{"target":1000,"played":100,"won":101,"lost":0}]}"#,
        r#"{"version":1,"games":[{"target":1000,"played":100,"won":60,"lost":41}]}"#,
        r#"{"version":1,"deals":{"played":10,"passed_out":0,"ours":{"taken":5,"made":6,"failed":0},
            "theirs":{"taken":0,"made":0,"failed":0}}}"#,
    ] {
        std::fs::write(&stats, edited).expect("write");
        let out = contree(dir.path(), &["stats"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{edited}: {}", text(&out.stdout));
        assert!(!text(&out.stdout).contains("101%"));
        assert!(err.contains("not contree statistics"), "{err}");
    }
}

/// A data directory that takes no file, as `/proc/self`, is said in one sentence that says to
/// play elsewhere, not to change a permission that cannot help.
#[cfg(target_os = "linux")]
#[test]
fn a_data_directory_that_takes_no_file_is_said_in_one_sentence() {
    if !Path::new("/proc/self").is_dir() {
        return;
    }
    let out = contree(Path::new("/proc/self"), &["--line"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("chmod") && err.contains("CONTREE_DATA_DIR"), "{err}");
}

/// A data directory that is a link leading back to itself is said to be one, in one sentence,
/// rather than with the system's "File exists".
#[cfg(unix)]
#[test]
fn a_data_directory_in_a_loop_of_links_is_said_to_be_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::os::unix::fs::symlink(&b, &a).expect("a link");
    std::os::unix::fs::symlink(&a, &b).expect("a link");
    let (out, err, code) = support::contree(&a, &["--line"], "quit\n");
    assert_eq!(code, Some(0), "{err}");
    let said = out.lines().find(|l| l.contains("Nothing will be saved")).expect("said");
    assert_eq!(
        said,
        format!(
            "Nothing will be saved: the data directory {} is a link that leads back to itself, \
             not a directory",
            a.display()
        )
    );
    for args in [&["stats"][..], &["history"], &["history", "--daily"]] {
        let out = contree(&a, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "contree: the data directory {} is a link that leads back to itself, not a \
                 directory\n",
                a.display()
            ),
            "{args:?}"
        );
    }
}

/// An empty CONTREE_DATA_DIR is refused, said in one line, rather than taken for the usual
/// place without a word: the player who set it meant some directory.
#[test]
fn an_empty_contree_data_dir_is_refused_and_said() {
    let home = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(args)
            .env("CONTREE_DATA_DIR", "")
            .env("HOME", home.path())
            .env("LC_ALL", "C.UTF-8")
            .env_remove("XDG_DATA_HOME")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs contree")
    };
    for args in [&["stats"][..], &["history"]] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "contree: CONTREE_DATA_DIR is set but empty: give it a directory, or unset it to \
             keep the data in the usual place\n"
        );
    }
    let out = run(&["--line"]);
    assert!(text(&out.stdout).contains("Nothing will be saved: CONTREE_DATA_DIR is set but empty"));
    assert_eq!(names(home.path()), Vec::<String>::new(), "nothing made in the usual place");
}

/// A saved game that cannot be read (no permission, a link to a disk not mounted) keeps the
/// table from opening, in one sentence that says what to do: no new game may replace it, so
/// one begun and refused at once would only contradict itself. (A link to nothing stands for
/// the file of mode 000, which root reads all the same.)
#[cfg(unix)]
#[test]
fn a_saved_game_that_cannot_be_read_keeps_the_table_closed_in_one_sentence() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save = dir.path().join("game.json");
    std::os::unix::fs::symlink("/nowhere/game.json", &save).expect("a link");
    let (out, err, code) = support::contree(dir.path(), &["--line"], "quit\n");
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(!out.contains("New game"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&save.display().to_string()) && err.contains("move it away"), "{err}");
    assert_eq!(std::fs::read_link(&save).expect("still a link"), Path::new("/nowhere/game.json"));
}

/// `contree stats` and `contree history` speak the table's language, chosen as the table
/// chooses it: `--lang`, else the saved settings', else the locale's.
#[test]
fn stats_and_history_speak_the_locales_language_or_the_one_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    with_a_game(dir.path());
    let run = |locale: &str, args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(args)
            .env("CONTREE_DATA_DIR", dir.path())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", locale)
            .env_remove("XDG_DATA_HOME")
            .output()
            .expect("runs contree");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    let stats = run("fr_FR.UTF-8", &["stats"]);
    assert!(stats.starts_with("Parties (Nord-Sud\u{a0}: vous et votre partenaire)"), "{stats}");
    assert!(stats.contains("Donnes\u{a0}: ") && stats.contains("Entraînement\u{a0}: "), "{stats}");
    assert!(!stats.contains("played") && !stats.contains("Practice"), "{stats}");
    let history = run("fr_FR.UTF-8", &["history"]);
    assert!(history.starts_with("Partie de contree en 1000"), "{history}");
    assert!(history.contains("donneur") && history.contains("preneur"), "{history}");
    let daily = run("fr_FR.UTF-8", &["history", "--daily"]);
    assert!(daily.starts_with("Aucune donne du jour jouée"), "{daily}");
    // --lang goes over the locale, either way, before the command or after it.
    assert!(run("fr_FR.UTF-8", &["--lang", "en", "stats"]).starts_with("Games (North-South"));
    assert!(run("en_GB.UTF-8", &["--lang", "fr", "stats"]).starts_with("Parties (Nord-Sud"));
    assert!(run("en_GB.UTF-8", &["stats", "--lang", "fr"]).starts_with("Parties (Nord-Sud"));
    assert!(run("en_GB.UTF-8", &["stats"]).starts_with("Games (North-South"));
}
