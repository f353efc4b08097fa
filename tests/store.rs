//! The store on disk: save and resume at every action, saves that cannot be resumed, read-only
//! directories, statistics that add up, the history of games.

mod support;

use std::fs;
use std::path::Path;

use contree::game::{Game, GameOptions, GameSave, Phase};
use contree::rules::{Multiplier, Team};
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
    // Tampered: the play of the first deal changed (two cards swapped).
    let mut save: GameSave = serde_json::from_str(&json).expect("parses");
    let deal = save.deals.iter_mut().find(|d| d.play.len() >= 8).expect("a deal with cards played");
    deal.play.swap(0, 5);
    moved_aside(serde_json::to_string(&save).expect("json").as_bytes(), "illegal action");
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
            if let Some(t) = d.belote {
                s.deals.belotes[t] += 1;
            }
        }
        s.add_game(g.options().target, g.winner().expect("over"));
    }
    s
}

#[test]
fn statistics_add_up_across_games_and_count_everything_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut finished = Vec::new();
    for seed in 0..6u64 {
        let target = [1000, 1500, 2000][seed as usize % 3];
        let (mut game, mut rng) =
            support::new(GameOptions { target, ..GameOptions::default() }, seed);
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
    assert!(
        stats.deals.ours.taken > 0 && stats.deals.contres.made + stats.deals.contres.suffered > 0
    );
    let total: u64 = finished.iter().map(|g| u64::from(g.totals()[Team::NS])).sum();
    assert_eq!(stats.deals.points[Team::NS], total);
    let games = store(dir.path()).games().expect("history of games");
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
    assert_eq!(store.games().expect("games").len(), 1);
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
    let games: Vec<GameEntry> = store.games().expect("games");
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
    let (path, why) = moved.expect("moved aside");
    assert!(why.contains("JSON"), "{why}");
    assert_eq!(fs::read(path).expect("kept"), b"{\"version\": 1, \"deals\": 3");
    fs::write(dir.path().join(STATS_FILE), b"{\"version\": 2}").expect("write");
    let (_, moved) = store.stats_checked().expect("read");
    assert!(moved.is_some_and(|(_, why)| why.contains("version 2")));
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
