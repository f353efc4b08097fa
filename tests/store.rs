//! The store on disk: save and resume at every action, saves that cannot be resumed, read-only
//! directories, statistics that add up, the history of games.

mod support;

use std::fs;
use std::path::Path;

use contree::game::{Game, GameOptions, GameSave, Phase};
use contree::rules::{Multiplier, RuleSet, Rules, Team};
use contree::stats::Stats;
use contree::store::{GAME_FILE, GAMES_FILE, GameEntry, GameResult, Resume, STATS_FILE, Store};

fn store(dir: &Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

fn saved(store: &Store) -> (Game, Option<u64>, Option<u64>) {
    match store.load_game() {
        Resume::Saved { game, started, saved } => (game, started, saved),
        other => panic!("expected a saved game, got {other:?}"),
    }
}

#[test]
fn save_and_load_on_disk_at_every_action() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    assert!(matches!(store.load_game(), Resume::None));
    let (mut game, mut rng) = support::new(GameOptions::default(), 21);
    store.save_game(&game).expect("saves");
    let (_, first_started, _) = saved(&store);
    let mut actions = 0;
    support::play_until(
        &mut game,
        &mut rng,
        |g| g.phase() == Phase::GameOver,
        |g, _| {
            store.save_game(g).expect("saves");
            if g.phase() == Phase::GameOver {
                // A finished game is filed in the history of games on load, not resumed.
                assert!(matches!(store.load_game(), Resume::None));
                return;
            }
            // A second store reads what the first wrote, as after a restart.
            let (back, started, saved_at) = saved(&Store::at(dir.path()).expect("store"));
            assert_eq!(&back, g);
            assert_eq!(started, first_started, "the start time is kept");
            assert!(saved_at >= started);
            actions += 1;
        },
    );
    assert!(actions > 100, "a whole game was played ({actions} actions)");
}

/// Writes `bytes` as the saved game and checks that loading moves it aside with a reason
/// containing `why`, keeps its bytes, and that a new game can then start and be saved.
fn moved_aside(bytes: &[u8], why: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::write(dir.path().join(GAME_FILE), bytes).expect("write");
    let resume = store.load_game();
    let notice = resume.notice().expect("a notice");
    let Resume::MovedAside { path, reason } = resume else { panic!("not moved aside: {resume:?}") };
    assert!(reason.contains(why), "{reason:?} should mention {why:?}");
    assert!(notice.contains(&path.display().to_string()), "{notice}");
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    assert!(name.starts_with("game.json.corrupt-"), "{name}");
    assert_eq!(fs::read(&path).expect("kept"), bytes, "the save is kept as it was");
    assert!(!dir.path().join(GAME_FILE).exists());
    let (game, _) = support::new(GameOptions::default(), 1);
    store.save_game(&game).expect("a new game saves");
    assert_eq!(saved(&store).0, game);
}

fn a_save_json() -> String {
    let (mut game, mut rng) = support::new(GameOptions::default(), 5);
    support::play_until(&mut game, &mut rng, |g| g.history().len() >= 2, |_, _| {});
    serde_json::to_string_pretty(&game.to_save()).expect("serializes")
}

#[test]
fn corrupt_truncated_future_and_tampered_saves_are_moved_aside() {
    let json = a_save_json();
    moved_aside(&json.as_bytes()[..json.len() / 2], "truncated");
    moved_aside(b"\x00\x01 not json", "not valid JSON");
    moved_aside(json.replacen("\"version\": 1", "\"version\": 99", 1).as_bytes(), "version 99");
    moved_aside(json.replacen("\"version\": 1,", "", 1).as_bytes(), "no version");
    moved_aside(br#"{"version": 1, "hello": "world"}"#, "not a contree save");
    // Tampered: a seed that does not give the hands saved.
    let mut save: GameSave = serde_json::from_str(&json).expect("parses");
    save.seed ^= 1;
    moved_aside(serde_json::to_string(&save).expect("json").as_bytes(), "altered");
    // Tampered: the play of the first deal changed (two cards swapped), in a save without the
    // checksum, as earlier versions wrote them: the replay refuses it.
    let mut save: GameSave = serde_json::from_str(&json).expect("parses");
    save.check = None;
    let deal = save.deals.iter_mut().find(|d| d.play.len() >= 8).expect("a deal with cards played");
    deal.play.swap(0, 5);
    moved_aside(serde_json::to_string(&save).expect("json").as_bytes(), "illegal action");
}

/// A save whose actions were edited into other legal ones: the rules accept them, the save
/// must not be trusted all the same.
#[test]
fn a_save_whose_calls_or_cards_were_edited_is_refused() {
    let json = a_save_json();
    let save: GameSave = serde_json::from_str(&json).expect("parses");
    assert!(save.check.is_some(), "a save carries the checksum of its actions");
    // Any change to the calls or cards breaks the checksum: here the unfinished deal's last
    // card is taken back, which leaves a legal position.
    let mut edited = save.clone();
    edited.deals.last_mut().expect("deals").play.pop();
    moved_aside(serde_json::to_string(&edited).expect("json").as_bytes(), "edited");
    // Without the checksum (an older save), the replay still checks each deal's recorded totals
    // against the ones the deals before it give: an edit that changed a score shows there.
    let mut edited = save;
    edited.check = None;
    let totals = edited.deals[1].game.as_mut().expect("a game context");
    totals.before[Team::NS] += 10;
    moved_aside(serde_json::to_string(&edited).expect("json").as_bytes(), "totals");
}

/// A save written by the first version of the save format (no checksum) resumes as it was.
#[test]
fn a_save_of_the_first_format_still_resumes() {
    let bytes = include_bytes!("data/save-v1.json");
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    assert!(!text.contains("\"check\""), "the fixture is of the format without a checksum");
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join(GAME_FILE), bytes).expect("write");
    let store = store(dir.path());
    let (game, started, _) = saved(&store);
    assert_eq!(game.history().len(), 3);
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(started, Some(1_796_063_568));
    // Saved again, it gains the checksum and still loads.
    store.save_game(&game).expect("saves");
    let again = fs::read_to_string(dir.path().join(GAME_FILE)).expect("read");
    assert!(again.contains("\"check\""));
    assert_eq!(saved(&store).0, game);
    // A game of contrée without sans atout and tout atout is still written in that format.
    let again: serde_json::Value = serde_json::from_str(&again).expect("JSON");
    assert_eq!(again["version"], 1);
}

/// Saves of coinche (with sans atout and tout atout, declarations made) and of plain, written in
/// the second format, resume mid-deal as they were, play on, and are written back the same.
#[test]
fn saves_of_the_other_rule_sets_resume() {
    let files: [(&[u8], RuleSet); 2] = [
        (include_bytes!("data/save-v2-coinche.json"), RuleSet::Coinche),
        (include_bytes!("data/save-v2-plain.json"), RuleSet::Plain),
    ];
    for (bytes, set) in files {
        let file: serde_json::Value = serde_json::from_slice(bytes).expect("JSON");
        assert_eq!(file["version"], 2, "a format an older contree refuses");
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(GAME_FILE), bytes).expect("write");
        let store = store(dir.path());
        let (mut game, started, _) = saved(&store);
        assert_eq!(game.rules().set, set);
        assert_eq!(game.phase(), Phase::Playing);
        assert_eq!(started, Some(1_795_960_800));
        assert!(game.history().len() >= 2);
        assert_eq!(game.deal().played.len(), 6);
        // What it says of each deal is what `contree score` says of its record.
        for d in game.history() {
            let scored = d.record.score().expect("a valid record");
            assert_eq!(scored.score, d.points());
            if d.contract.is_some() {
                assert_eq!(scored.declared, d.declared);
            }
        }
        // Written back, it is the same save.
        let mut again = game.to_save();
        again.started = Some(1_795_960_800);
        again.saved = Some(1_795_961_400);
        assert_eq!(serde_json::to_value(&again).expect("JSON"), file);
        // And the game plays on to its end.
        let mut rng = rand::SeedableRng::seed_from_u64(5);
        support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
        assert!(game.winner().is_some());
    }
    let coinche: serde_json::Value =
        serde_json::from_slice(include_bytes!("data/save-v2-coinche.json")).expect("JSON");
    assert!(
        coinche["deals"].as_array().is_some_and(|d| d.iter().any(|deal| deal["declared"]
            .as_object()
            .is_some_and(|o| o.values().any(|v| v.as_array().is_some_and(|a| !a.is_empty()))))),
        "the fixture holds declarations"
    );
}

/// Whether permissions stop this process (they do not for root, who writes anywhere).
fn permissions_apply(dir: &Path) -> bool {
    let probe = dir.join("probe");
    let blocked = fs::write(&probe, b"x").is_err();
    let _ = fs::remove_file(probe);
    blocked
}

#[test]
fn a_read_only_directory_gives_a_clear_error_and_the_game_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (mut game, mut rng) = support::new(GameOptions::default(), 3);
    store.save_game(&game).expect("saves while writable");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).expect("chmod");
    if !permissions_apply(dir.path()) {
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("chmod");
        eprintln!("skipped: permissions do not apply to this user (root?)");
        return;
    }
    support::step(&mut game, &mut rng).expect("an action");
    let e = store.save_game(&game).expect_err("read-only");
    let line = e.to_string();
    assert!(line.contains("game.json") && line.contains("permission denied"), "{line}");
    assert!(!line.contains('\n'));
    // The game in memory plays on; the older save is still there.
    support::step(&mut game, &mut rng).expect("still playing");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("chmod");
    assert_ne!(saved(&store).0, game);
    store.save_game(&game).expect("writable again");
    assert_eq!(saved(&store).0, game);
}

#[test]
fn a_failed_write_is_an_error_and_leaves_the_game_playable_even_for_root() {
    // A data directory replaced by a file: every write fails, whoever runs the test.
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let store = store(&data);
    fs::remove_dir(&data).expect("rmdir");
    fs::write(&data, b"not a directory").expect("write");
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    let e = store.save_game(&game).expect_err("cannot write");
    let line = e.to_string();
    assert!(line.starts_with(&format!("cannot save {}", data.join(GAME_FILE).display())), "{line}");
    assert!(store.deal_finished(&game).is_err());
    assert!(support::step(&mut game, &mut rng).is_some(), "the game plays on");
    assert_eq!(fs::read(&data).expect("untouched"), b"not a directory");
}

/// The statistics computed directly from finished games, to compare with the store's.
fn expected(games: &[Game]) -> Stats {
    let mut s = Stats::default();
    for g in games {
        for d in g.history() {
            s.deals.played += 1;
            for t in Team::ALL {
                s.deals.points[t] += u64::from(d.points()[t]);
            }
            let (Some(c), Some(score)) = (d.contract, d.score) else {
                s.deals.passed_out += 1;
                continue;
            };
            let ours = c.team() == Team::NS;
            let side = if ours { &mut s.deals.ours } else { &mut s.deals.theirs };
            side.taken += 1;
            side.made += u32::from(score.made);
            side.failed += u32::from(!score.made);
            if c.multiplier != Multiplier::Simple {
                if ours {
                    s.deals.contres.suffered += 1
                } else {
                    s.deals.contres.made += 1
                }
                let judged = &mut s.deals.contres_judged;
                if ours {
                    judged.suffered += 1
                } else {
                    judged.made += 1
                }
                if !score.made {
                    let won = &mut s.deals.contres_won;
                    if ours { won.suffered += 1 } else { won.made += 1 }
                }
            }
            if c.multiplier == Multiplier::Surcontre {
                if ours { s.deals.surcontres.made += 1 } else { s.deals.surcontres.suffered += 1 }
            }
            if d.tricks_won[Team::NS] == 8 {
                s.deals.capots.made += 1;
            }
            if d.tricks_won[Team::EW] == 8 {
                s.deals.capots.suffered += 1;
            }
            for (seat, _) in d.belotes.iter() {
                s.deals.belotes[seat.team()] += 1;
            }
        }
        s.add_game(g.rules().set, g.options().target, g.winner().expect("over"));
    }
    s
}

#[test]
fn statistics_add_up_across_games_and_count_everything_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut finished = Vec::new();
    for seed in 0..6u64 {
        // Games of every rule set, each counted under its own set and target.
        let rules = [
            Rules::default(),
            Rules::of(RuleSet::Coinche).with_nt_at(true),
            Rules::of(RuleSet::Plain),
        ][seed as usize % 3];
        let targets = rules.set.targets();
        let target = targets[seed as usize / 3 % targets.len()];
        let (mut game, mut rng) =
            support::new(GameOptions { target, ..GameOptions::of(rules) }, seed);
        let mut store = store(dir.path());
        support::play_until(
            &mut game,
            &mut rng,
            |g| g.phase() == Phase::GameOver,
            |g, event| {
                store.save_game(g).expect("saves");
                if event.deal_end {
                    store.deal_finished(g).expect("counts");
                    store.deal_finished(g).expect("counted once");
                    // A restart between two deals: the new store finds what was counted.
                    store = Store::at(dir.path()).expect("store").without_sync();
                    store.deal_finished(g).expect("still counted once");
                }
            },
        );
        store.game_finished(&game).expect("files the game");
        store.game_finished(&game).expect("filed once");
        Store::at(dir.path()).expect("store").game_finished(&game).expect("once, after a restart");
        assert!(!dir.path().join(GAME_FILE).exists(), "a finished game leaves game.json");
        assert!(matches!(store.load_game(), Resume::None));
        finished.push(game);
    }
    let stats = store(dir.path()).stats();
    let want = expected(&finished);
    assert_eq!(stats, want);
    assert_eq!(stats.all_games().played, 6);
    assert_eq!(stats.games_to(RuleSet::Plain, 701).played, 2);
    // Games of other rule sets make the file one a contree before them would refuse.
    let on_disk: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join(STATS_FILE)).expect("stats.json"))
            .expect("JSON");
    assert_eq!(on_disk["version"], 2);
    assert!(
        stats.deals.ours.taken > 0 && stats.deals.contres.made + stats.deals.contres.suffered > 0
    );
    let total: u64 = finished.iter().map(|g| u64::from(g.totals()[Team::NS])).sum();
    assert_eq!(stats.deals.points[Team::NS], total);
    let games = store(dir.path()).games().expect("history of games").games;
    assert_eq!(games.len(), 6);
    for (entry, game) in games.iter().zip(&finished) {
        assert_eq!(Game::from_save(&entry.game).as_ref(), Ok(game));
        let won = game.winner() == Some(Team::NS);
        assert_eq!(entry.result, if won { GameResult::Won } else { GameResult::Lost });
    }
}

#[test]
fn a_finished_game_left_in_game_json_is_filed_on_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (mut game, mut rng) = support::new(GameOptions::default(), 9);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    store.save_game(&game).expect("saves");
    // As after a crash before game_finished.
    assert!(matches!(Store::at(dir.path()).expect("store").load_game(), Resume::None));
    assert_eq!(store.stats().all_games().played, 1);
    assert_eq!(store.stats().deals.played as usize, game.history().len());
    assert_eq!(store.games().expect("games").games.len(), 1);
}

#[test]
fn new_archives_the_saved_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    store.archive_saved_game().expect("nothing to archive is fine");
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    assert_eq!(game.phase(), Phase::DealOver, "seed 6 does not end the game in one deal");
    store.save_game(&game).expect("saves");
    store.archive_saved_game().expect("archives");
    assert!(matches!(store.load_game(), Resume::None));
    let games: Vec<GameEntry> = store.games().expect("games").games;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, GameResult::Abandoned);
    assert_eq!(Game::from_save(&games[0].game).as_ref(), Ok(&game));
    // An unreadable save is moved aside rather than lost.
    fs::write(dir.path().join(GAME_FILE), b"{").expect("write");
    store.archive_saved_game().expect("moved aside");
    assert!(!dir.path().join(GAME_FILE).exists());
    let kept = fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().starts_with("game.json.corrupt-"));
    assert!(kept);
}

#[test]
fn corrupt_statistics_are_moved_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    assert_eq!(store.stats(), Stats::default());
    fs::write(dir.path().join(STATS_FILE), b"{\"version\": 1, \"deals\": 3").expect("write");
    let (stats, moved) = store.stats_checked().expect("read");
    assert_eq!(stats, Stats::default());
    let aside = moved.expect("moved aside");
    let (path, why) = (aside.path, aside.reason);
    assert!(why.contains("JSON"), "{why}");
    assert_eq!(fs::read(path).expect("kept"), b"{\"version\": 1, \"deals\": 3");
    fs::write(dir.path().join(STATS_FILE), b"{\"version\": 3}").expect("write");
    let (_, moved) = store.stats_checked().expect("read");
    assert!(moved.is_some_and(|a| a.reason.contains("version 3")));
    assert!(!dir.path().join(GAMES_FILE).exists());
}

#[test]
fn small_json_files_round_trip_and_stay_in_the_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    assert_eq!(store.read_json::<Vec<u8>>("settings.json").expect("missing is fine"), None);
    store.write_json("settings.json", &vec![1u8, 2, 3]).expect("writes");
    assert_eq!(store.read_json::<Vec<u8>>("settings.json").expect("reads"), Some(vec![1, 2, 3]));
    assert!(store.read_json::<String>("settings.json").is_err(), "wrong shape is an error");
    for bad in ["", "..", "../x.json", "a/b.json", "game.json", "stats.json"] {
        assert!(store.write_json(bad, &1).is_err(), "{bad:?}");
    }
    let left: Vec<String> = fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["settings.json"], "no temporary file is left behind");
}

/// A finished game of `seed`, played by the random players.
fn finished(seed: u64) -> Game {
    let (mut game, mut rng) = support::new(GameOptions::default(), seed);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    game
}

#[test]
fn a_half_written_last_line_does_not_swallow_the_next_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let first = finished(9);
    store.game_finished(&first).expect("files");
    // A crash in the middle of the next append: half a line, no newline.
    let whole = fs::read(dir.path().join(GAMES_FILE)).expect("read");
    let mut torn = whole.clone();
    torn.extend_from_slice(&whole[..whole.len() / 2]);
    fs::write(dir.path().join(GAMES_FILE), &torn).expect("write");
    let second = finished(10);
    store.save_game(&second).expect("saves");
    store.game_finished(&second).expect("files on a line of its own");
    assert!(!dir.path().join(GAME_FILE).exists(), "the save goes once the game is filed");
    let history = store.games().expect("reads");
    assert_eq!(history.games.len(), 2, "both games are kept");
    assert_eq!(Game::from_save(&history.games[1].game).as_ref(), Ok(&second));
    assert_eq!(history.unreadable, [2], "the torn line is reported, not skipped in silence");
    let notice = history.notice().expect("a notice");
    assert!(notice.contains("games.jsonl") && notice.contains("line 2"), "{notice}");
    let text = fs::read(dir.path().join(GAMES_FILE)).expect("read");
    assert!(text.starts_with(&torn), "nothing already there is changed");
}

#[test]
fn a_line_that_is_not_utf8_does_not_stop_a_game_from_being_filed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::write(dir.path().join(GAMES_FILE), b"\xe9\n").expect("write");
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    store.save_game(&game).expect("saves");
    store.archive_saved_game().expect("files the saved game");
    let history = store.games().expect("reads");
    assert_eq!(history.games.len(), 1);
    assert_eq!(history.games[0].result, GameResult::Abandoned);
    assert_eq!(history.unreadable, [1]);
    assert!(!dir.path().join(GAME_FILE).exists());
}

#[test]
fn a_history_that_cannot_be_appended_to_keeps_the_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::create_dir(dir.path().join(GAMES_FILE)).expect("a directory in the way");
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    store.save_game(&game).expect("saves");
    let before = fs::read(dir.path().join(GAME_FILE)).expect("read");
    let e = store.archive_saved_game().expect_err("cannot file");
    assert!(e.to_string().contains("games.jsonl"), "{e}");
    assert_eq!(fs::read(dir.path().join(GAME_FILE)).expect("kept"), before);
    let new = support::new(GameOptions::default(), 7).0;
    assert!(store.start_game(&new).is_err(), "no new game over an unfiled one");
    assert_eq!(fs::read(dir.path().join(GAME_FILE)).expect("kept"), before);
}

#[test]
fn two_games_on_the_same_seed_are_two_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (first, second) = (finished(3), finished(3));
    assert_eq!(first, second, "the same seed, the same players: the same game");
    for game in [&first, &second] {
        store.start_game(game).expect("a new game");
        store.save_game(game).expect("saves");
        store.game_finished(game).expect("files");
    }
    let stats = store.stats();
    assert_eq!(stats.all_games().played, 2, "each game is counted");
    assert_eq!(stats.deals.played as usize, 2 * first.history().len());
    let games = store.games().expect("reads").games;
    assert_eq!(games.len(), 2);
    assert_ne!(games[0].game.started, games[1].game.started, "each has its own start");
}

#[cfg(unix)]
#[test]
fn a_save_that_is_not_a_regular_file_is_moved_aside_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join(GAME_FILE);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let resume = store(dir.path()).load_game();
    let Resume::MovedAside { reason, .. } = resume else { panic!("{resume:?}") };
    assert!(reason.contains("not a regular file"), "{reason}");
}

#[cfg(unix)]
#[test]
fn a_save_that_cannot_be_read_is_left_where_it_is() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (game, _) = support::new(GameOptions::default(), 3);
    store.save_game(&game).expect("saves");
    let path = dir.path().join(GAME_FILE);
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).expect("chmod");
    if fs::read(&path).is_ok() {
        eprintln!("skipped: permissions do not apply to this user (root?)");
        return;
    }
    let resume = store.load_game();
    let notice = resume.notice().expect("a notice");
    assert!(matches!(resume, Resume::LeftInPlace { .. }), "{resume:?}");
    assert!(notice.contains("permission denied"), "{notice}");
    assert!(path.exists(), "not moved");
    let e = store.archive_saved_game().expect_err("a new game may not replace it");
    assert!(e.to_string().contains("permission denied"), "{e}");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
    assert_eq!(saved(&store).0, game);
}

#[test]
fn one_holder_at_a_time_and_the_second_is_told_who() {
    use contree::store::{LockError, TABLE};
    let dir = tempfile::tempdir().expect("temp dir");
    let first = store(dir.path());
    let held = first.lock(TABLE).expect("the first table holds the directory");
    let second = store(dir.path());
    match second.lock(TABLE) {
        Err(LockError::Held(holder)) => {
            assert_eq!(holder.pid, Some(std::process::id()));
            assert!(holder.since.is_some());
            assert!(holder.is_table());
        }
        other => panic!("the second table got {other:?}"),
    }
    drop(held);
    second.lock("stats").expect("free once the first let go");
}

#[test]
fn a_read_only_store_moves_nothing_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join(GAME_FILE), b"{").expect("write");
    fs::write(dir.path().join(STATS_FILE), b"{").expect("write");
    let store = store(dir.path()).read_only();
    let resume = store.load_game();
    assert!(matches!(resume, Resume::LeftInPlace { .. }), "{resume:?}");
    assert!(resume.notice().is_some_and(|n| n.contains("not moved")));
    let (stats, aside) = store.stats_checked().expect("reads");
    assert_eq!(stats, Stats::default());
    assert!(aside.is_some_and(|a| !a.moved));
    assert!(store.save_game(&support::new(GameOptions::default(), 1).0).is_err());
    let names: Vec<String> = fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(fs::read(dir.path().join(GAME_FILE)).expect("there"), b"{");
}

#[test]
fn leftover_temporary_files_are_removed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::write(dir.path().join(".game.json.a1B2c3.tmp"), b"half a save").expect("write");
    fs::write(dir.path().join(".stats.json.xyz.tmp"), b"{").expect("write");
    fs::write(dir.path().join("notes.tmp"), b"mine").expect("write");
    assert_eq!(store.remove_leftovers(), 2);
    assert!(dir.path().join("notes.tmp").exists(), "only the store's own");
    assert_eq!(store.read_only().remove_leftovers(), 0);
}

#[test]
fn corrupt_settings_are_moved_aside_and_their_good_fields_kept() {
    use contree::ui::{Lang, Settings, Speed};
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let bad = br#"{"lang": "fr", "speed": "warp", "hint": true}"#;
    fs::write(dir.path().join("settings.json"), bad).expect("write");
    let (kept, aside) = store.read_json_fields::<Settings>("settings.json").expect("reads");
    let kept = kept.expect("what could be read");
    assert_eq!(kept, Settings { lang: Lang::Fr, hint: true, ..Settings::default() });
    assert_eq!(kept.speed, Speed::default());
    let aside = aside.expect("reported");
    assert!(aside.moved && aside.reason.contains("speed"), "{aside}");
    assert_eq!(fs::read(&aside.path).expect("kept as it was"), bad);
    assert!(store.take_notices().iter().any(|n| n.file == "settings.json"));
    // What was kept is on disk again, so the next change loses nothing readable.
    let back: Option<Settings> = store.read_json("settings.json").expect("readable now");
    assert_eq!(back, Some(kept));
    // Not JSON at all: moved aside, nothing kept.
    fs::write(dir.path().join("settings.json"), b"\xff{").expect("write");
    let (kept, aside) = store.read_json_fields::<Settings>("settings.json").expect("reads");
    assert_eq!(kept, None);
    assert!(aside.is_some_and(|a| a.moved));
}

#[test]
fn corrupt_statistics_met_at_the_table_are_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::write(dir.path().join(STATS_FILE), b"{\"version\": 1, \"deals\": ").expect("write");
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    store.deal_finished(&game).expect("counts on new statistics");
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = notices[0].to_string();
    assert!(notice.contains("stats.json") && notice.contains("kept as"), "{notices:?}");
    assert_eq!(store.stats().deals.played, 1);
}

/// Makes every write into `data` fail (a file stands where the directory was) until the
/// returned closure puts the directory back: a disk that refuses for a while.
fn refuse_writes(data: &Path) -> impl FnOnce() {
    let away = data.with_extension("away");
    fs::rename(data, &away).expect("move the directory away");
    fs::write(data, b"not a directory").expect("block it");
    let data = data.to_path_buf();
    move || {
        fs::remove_file(&data).expect("unblock");
        fs::rename(&away, &data).expect("put the directory back");
    }
}

fn actions(game: &Game) -> usize {
    let save = game.to_save();
    save.deals.iter().map(|d| d.auction.len() + d.play.len()).sum()
}

#[test]
fn actions_made_while_the_disk_refused_are_saved_once_it_accepts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let store = store(&data);
    let (mut game, mut rng) = support::new(GameOptions::default(), 12);
    store.save_game(&game).expect("saves");
    let give_back = refuse_writes(&data);
    for _ in 0..6 {
        support::step(&mut game, &mut rng);
        assert!(store.save_game(&game).is_err(), "the disk refuses");
    }
    // Still refused: the game stays pending, and the error says so.
    assert!(store.save_pending().is_err());
    give_back();
    store.save_pending().expect("the disk accepts again");
    let (back, _, _) = saved(&store);
    assert_eq!(actions(&back), actions(&game));
    assert_eq!(actions(&game), 6);
    // Nothing left pending: a second call writes nothing.
    fs::remove_file(data.join(GAME_FILE)).expect("remove");
    store.save_pending().expect("nothing to do");
    assert!(!data.join(GAME_FILE).exists());
}

#[test]
fn a_new_game_files_the_game_as_played_not_as_the_disk_last_took_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let store = store(&data);
    let (mut game, mut rng) = support::new(GameOptions::default(), 13);
    store.save_game(&game).expect("saves");
    let give_back = refuse_writes(&data);
    for _ in 0..5 {
        support::step(&mut game, &mut rng);
        let _ = store.save_game(&game);
    }
    give_back();
    let (next, _) = support::new(GameOptions::default(), 14);
    store.start_game(&next).expect("files the old game");
    let filed = store.games().expect("reads").games.pop().expect("filed");
    assert_eq!(filed.result, GameResult::Abandoned);
    let filed = Game::from_save(&filed.game).expect("a game");
    assert_eq!(actions(&filed), actions(&game));
}

#[test]
fn a_finished_game_filed_leaves_no_save_to_come_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let store = store(&data);
    let (mut game, mut rng) = support::new(GameOptions::default(), 15);
    store.save_game(&game).expect("saves");
    let give_back = refuse_writes(&data);
    support::step(&mut game, &mut rng);
    let _ = store.save_game(&game);
    give_back();
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    store.game_finished(&game).expect("filed");
    store.save_pending().expect("nothing pending");
    assert!(!data.join(GAME_FILE).exists(), "the finished game is filed, not saved again");
}
