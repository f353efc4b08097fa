//! The store on disk: save and resume at every action, saves that cannot be resumed, read-only
//! directories, statistics that add up, the history of games.

mod support;

use std::fs;
use std::path::Path;

use contree::game::{Game, GameOptions, GameSave, Phase};
use contree::rules::{ByTeam, Multiplier, RuleSet, Rules, Team};
use contree::stats::Stats;
use contree::store::{GAME_FILE, GAMES_FILE, GameEntry, GameResult, Resume, STATS_FILE, Store};

fn store(dir: &Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

fn saved(store: &Store) -> (Game, Option<u64>, Option<u64>) {
    match store.load_game() {
        Resume::Saved { game, started, saved, .. } => (game, started, saved),
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
    assert!(reason.to_string().contains(why), "{reason:?} should mention {why:?}");
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

/// A save from before the expert in South's seat (the first format's fixture) resumes with no
/// deal compared; the comparisons written into it afterwards, one worked out and one still
/// thinking, come back as they were, in the same format version.
#[test]
fn a_save_from_before_the_comparison_resumes_and_keeps_the_comparisons_made_since() {
    let bytes = include_bytes!("data/save-v1.json");
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    assert!(!text.contains("expert_in_seat"), "the fixture is of the format without them");
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join(GAME_FILE), bytes).expect("write");
    let store = store(dir.path());
    let (mut game, _, _) = saved(&store);
    assert!(game.history().iter().all(|d| d.expert_in_seat.is_none()));
    assert_eq!(game.expert_balance(), (0, 0));
    let score = ByTeam([250, 0]);
    assert!(game.ask_expert_in_seat(0) && game.ask_expert_in_seat(2));
    assert!(!game.ask_expert_in_seat(0), "asked once");
    assert!(game.answer_expert_in_seat(0, Some(score)));
    assert!(!game.answer_expert_in_seat(0, Some(ByTeam([0, 250]))), "never made again");
    assert!(!game.answer_expert_in_seat(1, Some(score)), "deal 2 was not asked");
    store.save_game(&game).expect("saves");
    let file: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join(GAME_FILE)).expect("read"))
            .expect("JSON");
    assert_eq!(file["version"], 1);
    assert_eq!(
        file["expert_in_seat"],
        serde_json::json!([{"score": {"NS": 250, "EW": 0}}, null, "thinking"])
    );
    let (back, _, _) = saved(&store);
    assert_eq!(back, game);
    assert_eq!(back.history()[0].expert_score(), Some(score));
    assert_eq!(back.expert_thinking(), [2]);
    let d = &back.history()[0];
    let ours = i32::from(d.points()[Team::NS]) - i32::from(d.points()[Team::EW]);
    assert_eq!(d.expert_difference(), Some(ours - 250));
    assert_eq!(back.expert_balance(), (1, i64::from(ours - 250)));
}

/// A save from before the mistakes' cost (the first format's fixture) resumes with no deal
/// measured; the figures kept since come back as they were, in the same format version, and a
/// deal is measured once.
#[test]
fn a_save_from_before_the_mistakes_cost_resumes_and_keeps_the_figures_kept_since() {
    use contree::game::Mistakes;
    let bytes = include_bytes!("data/save-v1.json");
    assert!(!std::str::from_utf8(bytes).expect("UTF-8").contains("mistakes"));
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join(GAME_FILE), bytes).expect("write");
    let store = store(dir.path());
    let (mut game, _, _) = saved(&store);
    assert!(game.history().iter().all(|d| d.mistakes.is_none()), "not measured, never 0");
    let record = game.history()[1].record.clone();
    let m = Mistakes { calls: 0, cards: 23 };
    assert!(!game.measure_mistakes(0, &record, m), "another deal's figure is not taken");
    assert!(game.measure_mistakes(1, &record, m));
    assert!(!game.measure_mistakes(1, &record, Mistakes::default()), "measured once");
    store.save_game(&game).expect("saves");
    let file: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join(GAME_FILE)).expect("read"))
            .expect("JSON");
    assert_eq!(file["version"], 1);
    assert_eq!(file["mistakes"], serde_json::json!([null, {"calls": 0, "cards": 23}, null]));
    let (back, _, _) = saved(&store);
    assert_eq!(back, game);
    assert_eq!(back.history()[1].mistakes, Some(m));
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
        assert_eq!(game.deal().played().len(), 6);
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
    let mut stats = store(dir.path()).stats();
    // Every game filed has its figures, read from the history rather than counted.
    let deals: Vec<u32> = stats.progress.iter().map(|p| p.deals).collect();
    let played: Vec<u32> = finished.iter().map(|g| g.history().len() as u32).collect();
    assert_eq!(deals, played);
    stats.progress.clear();
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

/// A kill between a save and the statistics (a deal finished, a comparison in) leaves them
/// behind the save: they catch up when the save is resumed, or filed for a new game.
#[test]
fn statistics_left_behind_by_a_kill_catch_up_on_resume_and_on_a_new_game() {
    for new in [false, true] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = store(dir.path());
        let (mut game, mut rng) = support::new(GameOptions::default(), 6);
        support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
        store.save_game(&game).expect("saves");
        store.deal_finished(&game).expect("counts the deal");
        assert!(game.ask_expert_in_seat(0));
        let score = game.history()[0].points().map(|p| p / 2);
        assert!(game.answer_expert_in_seat(0, Some(score)));
        support::play_until(&mut game, &mut rng, |g| g.history().len() == 2, |_, _| {});
        // Saved with its comparison and a second deal, then killed before the statistics.
        store.save_game(&game).expect("saves");
        let store = Store::at(dir.path()).expect("store").without_sync();
        if new {
            store.archive_saved_game().expect("archives");
        } else {
            let _ = saved(&store);
        }
        let stats = store.stats();
        assert_eq!((stats.deals.played, stats.compared.all.deals), (2, 1), "new: {new}");
    }
}

#[test]
fn the_same_save_filed_again_a_second_later_is_still_one_game() {
    // The save comes back after its game was filed (a kill before game.json went, a copy put
    // back by hand) once the clock has moved on: it is the same game, filed once.
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (mut game, mut rng) = support::new(GameOptions::default(), 6);
    support::play_until(&mut game, &mut rng, |g| !g.history().is_empty(), |_, _| {});
    store.start_game(&game).expect("a new game");
    store.save_game(&game).expect("saves");
    store.archive_saved_game().expect("archives");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    store.save_game(&game).expect("saves again");
    store.archive_saved_game().expect("archives again");
    assert_eq!(store.games().expect("games").games.len(), 1);
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
    assert!(why.to_string().contains("JSON"), "{why}");
    assert_eq!(fs::read(path).expect("kept"), b"{\"version\": 1, \"deals\": 3");
    fs::write(dir.path().join(STATS_FILE), b"{\"version\": 3}").expect("write");
    let (_, moved) = store.stats_checked().expect("read");
    assert!(moved.is_some_and(|a| a.reason.to_string().contains("version 3")));
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

/// Each deal's comparison with the expert in South's seat is counted once, whenever it comes in
/// and however often the table reports it, in all and under the game's rule set.
#[test]
fn comparisons_are_counted_once_each_as_they_come_in() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let mut game = finished(12);
    assert!(game.history().len() >= 2);
    for i in 0..game.history().len() {
        assert!(game.ask_expert_in_seat(i));
    }
    store.save_game(&game).expect("saves");
    store.deal_finished(&game).expect("counts the deals");
    assert_eq!(store.stats().compared.all.deals, 0, "none is in yet");
    // The second deal's first, then the first's; each reported twice.
    let score = |g: &Game, i: usize| g.history()[i].points().map(|p| p / 2);
    for i in [1, 0] {
        let s = score(&game, i);
        assert!(game.answer_expert_in_seat(i, Some(s)));
        store.deal_finished(&game).expect("counts");
        store.deal_finished(&game).expect("counts nothing more");
    }
    let differences: Vec<i64> =
        game.history()[..2].iter().filter_map(|d| d.expert_difference()).map(i64::from).collect();
    let stats = store.stats();
    assert_eq!(stats.compared.all.deals, 2);
    assert_eq!(stats.compared.all.balance, differences.iter().sum::<i64>());
    assert_eq!(stats.compared.by_rules[&RuleSet::Contree], stats.compared.all);
    // A game over with a deal still compared is resumed rather than filed, so that the
    // comparison is made again; once none is left, it is filed with them.
    assert!(matches!(store.load_game(), Resume::Saved { .. }));
    assert!(!dir.path().join(GAMES_FILE).exists(), "not filed while comparing");
    for i in 2..game.history().len() {
        assert!(game.answer_expert_in_seat(i, None));
    }
    store.save_game(&game).expect("saves");
    assert!(matches!(store.load_game(), Resume::None), "filed at once");
    let line = fs::read_to_string(dir.path().join(GAMES_FILE)).expect("read");
    assert!(line.contains("\"expert_in_seat\""), "{line}");
    assert_eq!(store.stats().compared.all.deals, 2, "the filing counts nothing twice");
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
    assert!(history.unreadable.is_empty(), "the torn line is no longer in the history");
    let text = fs::read(dir.path().join(GAMES_FILE)).expect("read");
    assert!(text.starts_with(&whole), "the good line is kept as it was");
    // The fragment is kept aside, alone, and said.
    let aside = corrupt_copies(dir.path(), GAMES_FILE);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(fs::read(&aside[0]).expect("kept"), &whole[..whole.len() / 2]);
    let notices = store.take_notices();
    assert!(notices.iter().any(|n| n.file == GAMES_FILE && n.moved), "{notices:?}");
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
    assert_eq!(history.unreadable.first(), [1]);
    assert!(!dir.path().join(GAME_FILE).exists());
}

#[cfg(unix)]
#[test]
fn a_history_that_cannot_be_appended_to_keeps_the_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    // A link into a directory that does not exist (a disk not mounted, say): followed, it would
    // make a new history elsewhere; replaced, it would lose the way to the real one.
    let link = dir.path().join(GAMES_FILE);
    std::os::unix::fs::symlink("/nonexistent/games.jsonl", &link).expect("a link");
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
    assert!(fs::symlink_metadata(&link).expect("there").file_type().is_symlink());
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
    assert!(reason.to_string().contains("not a regular file"), "{reason}");
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
    // Another test of this process that spawns a command (`mkfifo`, `mount`) while the lock is
    // open gives the child a copy of its descriptor until the child execs, and the system's
    // lock goes only with the last copy: the directory is free once that instant has passed.
    let mut tries = 0;
    loop {
        match second.lock("stats") {
            Ok(_) => break,
            Err(LockError::Held(holder)) if tries < 200 => {
                assert_eq!(holder.pid, Some(std::process::id()), "held by another process");
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(e) => panic!("free once the first let go: {e:?}"),
        }
    }
}

#[test]
fn a_read_only_store_moves_nothing_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join(GAME_FILE), b"{").expect("write");
    fs::write(dir.path().join(STATS_FILE), b"{").expect("write");
    let store = store(dir.path()).read_only();
    let resume = store.load_game();
    assert!(matches!(resume, Resume::LeftInPlace { .. }), "{resume:?}");
    assert!(resume.notice().is_some_and(|n| n.contains("left in place")));
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
    use contree::session::settings::{Settings, Speed};
    use contree::text::Lang;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let bad = br#"{"lang": "fr", "speed": "warp", "hint": true}"#;
    fs::write(dir.path().join("settings.json"), bad).expect("write");
    let (kept, aside) = store.read_json_fields::<Settings>("settings.json").expect("reads");
    let kept = kept.expect("what could be read");
    assert_eq!(kept, Settings { lang: Lang::Fr, hint: true, ..Settings::default() });
    assert_eq!(kept.speed, Speed::default());
    let aside = aside.expect("reported");
    assert!(aside.moved && aside.reason.to_string().contains("speed"), "{aside}");
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

/// A game of `seed` played `steps` actions in.
fn played(seed: u64, steps: usize) -> (Game, rand::rngs::Xoshiro256PlusPlus) {
    let (mut game, mut rng) = support::new(GameOptions::default(), seed);
    for _ in 0..steps {
        support::step(&mut game, &mut rng);
    }
    (game, rng)
}

/// The save on disk as it is.
fn save_on_disk(dir: &Path) -> GameSave {
    serde_json::from_slice(&fs::read(dir.join(GAME_FILE)).expect("a save")).expect("a save")
}

/// Appends `save` to the history of games as `result`, as a filing does.
fn file_by_hand(dir: &Path, result: GameResult, save: &GameSave) {
    let game = Game::from_save(save).expect("a game");
    let entry = GameEntry {
        result,
        filed: 1_800_000_000,
        totals: game.totals(),
        game: save.clone(),
        friends: None,
    };
    let mut line = serde_json::to_vec(&entry).expect("JSON");
    line.push(b'\n');
    let mut bytes = fs::read(dir.join(GAMES_FILE)).unwrap_or_default();
    bytes.extend_from_slice(&line);
    fs::write(dir.join(GAMES_FILE), bytes).expect("write");
}

/// How many times the history holds the game of `seed` started at `started`.
fn filings(store: &Store, seed: u64, started: Option<u64>) -> usize {
    let history = store.games().expect("reads");
    history.games.iter().filter(|e| e.game.seed == seed && e.game.started == started).count()
}

/// What a kill between the filing of the saved game and the removal of its save leaves when a
/// new game replaces it: the save, and the same game filed as abandoned.
#[test]
fn a_save_already_filed_is_set_aside_not_resumed_to_be_filed_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (game, _) = played(31, 40);
    store(dir.path()).save_game(&game).expect("saves");
    let save = save_on_disk(dir.path());
    let bytes = fs::read(dir.path().join(GAME_FILE)).expect("read");
    file_by_hand(dir.path(), GameResult::Abandoned, &save);
    let store = store(dir.path());
    let resume = store.load_game();
    let notice = resume.notice().expect("the player is told");
    let Resume::MovedAside { path, reason } = resume else { panic!("{resume:?}") };
    assert!(reason.to_string().contains("already filed in games.jsonl as abandoned"), "{reason}");
    assert!(notice.contains("game.json.corrupt-"), "{notice}");
    assert_eq!(fs::read(&path).expect("kept"), bytes, "the save is kept as it was");
    assert!(!dir.path().join(GAME_FILE).exists());
    assert_eq!(filings(&store, save.seed, save.started), 1);
    // A new game files nothing more.
    store.start_game(&support::new(GameOptions::default(), 32).0).expect("a new game");
    assert_eq!(filings(&store, save.seed, save.started), 1);
}

/// The same crash as a new game was asked for, the save having gone on after it was filed (as
/// a table of an earlier contree resumed it): the save holds every action of the filing and
/// more, so the filing is taken back and the game resumed, to be filed once when it ends.
#[test]
fn a_save_that_went_on_after_its_filing_takes_the_filing_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut game, mut rng) = played(33, 30);
    store(dir.path()).save_game(&game).expect("saves");
    let early = save_on_disk(dir.path());
    file_by_hand(dir.path(), GameResult::Abandoned, &early);
    for _ in 0..30 {
        support::step(&mut game, &mut rng);
    }
    store(dir.path()).save_game(&game).expect("saves");
    let store = store(dir.path());
    let resume = store.load_game();
    let notice = resume.notice().expect("the player is told");
    assert!(notice.contains("taken back"), "{notice}");
    let Resume::Saved { game: back, started, filing_taken_back: true, .. } = resume else {
        panic!("{resume:?}")
    };
    assert_eq!(back, game);
    assert_eq!(started, early.started);
    assert_eq!(filings(&store, early.seed, early.started), 0, "the filing was taken back");
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    store.save_game(&game).expect("saves");
    store.game_finished(&game).expect("filed");
    assert_eq!(filings(&store, early.seed, early.started), 1, "filed once");
}

/// A kill after a finished game was filed but before its save went, the last save of it having
/// failed: the save is older than the game filed, which holds all of it.
#[test]
fn a_stale_save_of_a_game_filed_as_finished_is_set_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut game, mut rng) = played(34, 20);
    let store = store(dir.path());
    store.save_game(&game).expect("saves");
    let stale = fs::read(dir.path().join(GAME_FILE)).expect("read");
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    store.save_game(&game).expect("saves");
    store.game_finished(&game).expect("filed");
    fs::write(dir.path().join(GAME_FILE), &stale).expect("the stale save back");
    let started = save_on_disk(dir.path()).started;
    let later = self::store(dir.path());
    let resume = later.load_game();
    let Resume::MovedAside { reason, .. } = resume else { panic!("{resume:?}") };
    assert!(reason.to_string().contains("already filed in games.jsonl as "), "{reason}");
    assert_eq!(filings(&later, game.seed(), started), 1);
    assert_eq!(later.stats().all_games().played, 1);
}

/// A game is filed once whatever was filed after it.
#[test]
fn a_game_filed_again_after_others_is_not_filed_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (a, _) = played(35, 25);
    store.save_game(&a).expect("saves");
    let save = save_on_disk(dir.path());
    store.archive_saved_game().expect("files");
    let (b, _) = played(36, 25);
    store.start_game(&b).expect("a new game");
    store.save_game(&b).expect("saves");
    store.archive_saved_game().expect("files");
    // The first game's save comes back (a copy restored by hand, say) and is filed again.
    fs::write(dir.path().join(GAME_FILE), serde_json::to_vec(&save).expect("JSON")).expect("w");
    store.archive_saved_game().expect("files");
    assert_eq!(filings(&store, save.seed, save.started), 1);
    assert_eq!(store.games().expect("reads").games.len(), 2);
}

#[cfg(unix)]
#[test]
fn a_socket_in_place_of_the_save_is_moved_aside_and_a_new_game_starts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let _socket =
        std::os::unix::net::UnixListener::bind(dir.path().join(GAME_FILE)).expect("a socket");
    let store = store(dir.path());
    let resume = store.load_game();
    let Resume::MovedAside { reason, path } = resume else { panic!("{resume:?}") };
    assert!(reason.to_string().contains("not a regular file"), "{reason}");
    assert!(path.exists());
    let (game, _) = support::new(GameOptions::default(), 1);
    store.start_game(&game).expect("a new game");
    store.save_game(&game).expect("saves");
    assert_eq!(saved(&store).0, game);
}

/// What stands where the history of games should be: a directory, a FIFO, a socket, a link to
/// a device. Each is moved aside, and the game is filed in a new history.
#[cfg(unix)]
#[test]
fn a_history_that_is_not_a_regular_file_is_moved_aside_and_the_game_filed() {
    type Maker = fn(&Path) -> bool;
    let makers: [(&str, Maker); 4] = [
        ("a directory", |p| fs::create_dir(p).is_ok()),
        ("a FIFO", |p| {
            std::process::Command::new("mkfifo").arg(p).status().is_ok_and(|s| s.success())
        }),
        ("a socket", |p| std::os::unix::net::UnixListener::bind(p).map(std::mem::forget).is_ok()),
        ("a link to a device", |p| std::os::unix::fs::symlink("/dev/null", p).is_ok()),
    ];
    for (what, make) in makers {
        let dir = tempfile::tempdir().expect("temp dir");
        if !make(&dir.path().join(GAMES_FILE)) {
            eprintln!("skipped {what}: it cannot be made here");
            continue;
        }
        let store = store(dir.path());
        let (game, _) = played(37, 20);
        store.save_game(&game).expect("saves");
        store.archive_saved_game().unwrap_or_else(|e| panic!("{what}: {e}"));
        let history = store.games().expect("reads");
        assert_eq!(history.games.len(), 1, "{what}");
        let notices = store.take_notices();
        assert!(
            notices.iter().any(|n| n.file == GAMES_FILE
                && n.moved
                && n.reason.to_string().contains("not a regular file")),
            "{what}: {notices:?}"
        );
        assert!(!dir.path().join(GAME_FILE).exists(), "{what}");
    }
}

/// A store whose file `name` is a link to `/nowhere/<name>`, which does not exist.
#[cfg(unix)]
fn dangling(name: &str) -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let dir = tempfile::tempdir().expect("temp dir");
    let link = dir.path().join(name);
    std::os::unix::fs::symlink(Path::new("/nowhere").join(name), &link).expect("a link");
    let store = store(dir.path());
    (dir, link, store)
}

#[cfg(unix)]
#[test]
fn a_dangling_link_in_place_of_the_save_is_reported_and_kept() {
    let (_dir, link, store) = dangling(GAME_FILE);
    let resume = store.load_game();
    let notice = resume.notice().expect("reported");
    assert!(matches!(resume, Resume::LeftInPlace { .. }), "{resume:?}");
    assert!(notice.contains("a link to /nowhere/game.json, which does not exist"), "{notice}");
    let (game, _) = support::new(GameOptions::default(), 1);
    assert!(store.start_game(&game).is_err(), "no new game over it");
    assert_eq!(fs::read_link(&link).expect("still a link"), Path::new("/nowhere/game.json"));
}

#[cfg(unix)]
#[test]
fn a_dangling_link_in_place_of_the_statistics_is_never_written_over() {
    let (_dir, link, store) = dangling(STATS_FILE);
    let e = store.stats_checked().expect_err("reported");
    assert!(e.to_string().contains("a link to /nowhere/stats.json, which does not exist"), "{e}");
    let game = finished(38);
    assert!(store.deal_finished(&game).is_err());
    assert!(store.game_finished(&game).is_err());
    assert_eq!(fs::read_link(&link).expect("still a link"), Path::new("/nowhere/stats.json"));
}

/// The files of `dir` named `<name>.corrupt-…`.
fn corrupt_copies(dir: &Path, name: &str) -> Vec<std::path::PathBuf> {
    let prefix = format!("{name}.corrupt-");
    fs::read_dir(dir)
        .expect("list")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect()
}

#[test]
fn a_torn_last_line_is_moved_aside_alone_when_the_table_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    store.game_finished(&finished(9)).expect("files");
    let good = fs::read(dir.path().join(GAMES_FILE)).expect("read");
    let mut torn = good.clone();
    torn.extend_from_slice(&good[..good.len() / 2]);
    fs::write(dir.path().join(GAMES_FILE), &torn).expect("write");
    self::store(dir.path()).remove_leftovers();
    assert_eq!(fs::read(dir.path().join(GAMES_FILE)).expect("read"), good, "the good lines kept");
    let aside = corrupt_copies(dir.path(), GAMES_FILE);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(fs::read(&aside[0]).expect("kept"), &good[..good.len() / 2], "the fragment only");
    assert!(store.games().expect("reads").unreadable.is_empty());
}

/// A last line whole but for its newline (a crash before the last byte) is a game: kept.
#[test]
fn a_whole_last_line_without_its_newline_is_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let first = finished(9);
    store.game_finished(&first).expect("files");
    let mut bytes = fs::read(dir.path().join(GAMES_FILE)).expect("read");
    bytes.pop();
    fs::write(dir.path().join(GAMES_FILE), &bytes).expect("write");
    store.remove_leftovers();
    let second = finished(10);
    store.game_finished(&second).expect("files");
    let history = store.games().expect("reads");
    assert_eq!(history.games.len(), 2);
    assert!(history.unreadable.is_empty());
    assert!(corrupt_copies(dir.path(), GAMES_FILE).is_empty());
}

/// A small file system of its own (a tmpfs), unmounted when dropped.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    /// Mounts a tmpfs of `size` (`64k`), or says why it cannot (mounting needs root).
    fn mount(size: &str) -> Result<SmallDisk, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .map_err(|e| format!("mount: {e}"))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
        }
        Ok(SmallDisk(dir))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(self.0.path()).status();
    }
}

/// Fills the disk of `dir` with `filler`, then frees `room` bytes of it.
fn fill(filler: &Path, room: u64) {
    use std::io::Write;
    let mut f = fs::File::create(filler).expect("create");
    let chunk = vec![0u8; 1024];
    while f.write_all(&chunk).is_ok() {}
    let len = f.metadata().expect("metadata").len();
    f.set_len(len.saturating_sub(room)).expect("free some room");
}

#[test]
fn an_append_cut_short_by_a_full_disk_is_cut_back_and_filed_once_there_is_room() {
    let disk = match SmallDisk::mount("64k") {
        Ok(disk) => disk,
        Err(why) => {
            eprintln!("skipped: a 64k tmpfs cannot be mounted here ({why}); run as root to test");
            return;
        }
    };
    let data = disk.path().join("data");
    let store = store(&data);
    let (first, _) = played(39, 60);
    store.save_game(&first).expect("saves");
    store.archive_saved_game().expect("files");
    // A long game: its line is longer than what is left of the last page of the history.
    let options = GameOptions { target: 3000, ..GameOptions::of(Rules::of(RuleSet::Coinche)) };
    let (mut second, mut rng) = support::new(options, 40);
    let long = |g: &Game| serde_json::to_vec(&g.to_save()).map_or(0, |v| v.len()) > 6000;
    support::play_until(&mut second, &mut rng, long, |_, _| {});
    assert_ne!(second.phase(), Phase::GameOver);
    store.save_game(&second).expect("saves");
    let before = fs::read(data.join(GAMES_FILE)).expect("read");
    assert!(fs::metadata(data.join(GAME_FILE)).expect("saved").len() > 6000);
    let filler = disk.path().join("filler");
    fill(&filler, 0);
    let e = store.archive_saved_game().expect_err("the disk is full");
    assert!(e.to_string().contains("games.jsonl: the disk is full"), "{e}");
    let after = fs::read(data.join(GAMES_FILE)).expect("read");
    assert!(after == before, "cut back: {} bytes, {} before", after.len(), before.len());
    assert!(data.join(GAME_FILE).exists(), "the save stays");
    fs::remove_file(&filler).expect("room again");
    store.archive_saved_game().expect("files");
    let history = store.games().expect("reads");
    assert_eq!(history.games.len(), 2);
    assert!(history.unreadable.is_empty(), "{:?}", history.unreadable);
    assert!(corrupt_copies(&data, GAMES_FILE).is_empty());
}

/// A file written again (a line set aside, a save written over) keeps the mode the player gave
/// it, where the temporary file it is written through is the player's alone.
#[cfg(unix)]
#[test]
fn a_file_written_again_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let mode = |name: &str| {
        fs::metadata(dir.path().join(name)).expect("there").permissions().mode() & 0o777
    };
    let chmod = |name: &str, mode: u32| {
        fs::set_permissions(dir.path().join(name), fs::Permissions::from_mode(mode))
            .expect("chmod");
    };
    fs::write(dir.path().join("daily.jsonl"), "not a day\n").expect("write");
    chmod("daily.jsonl", 0o644);
    let file = store.daily().expect("read");
    assert!(file.set_aside.is_some_and(|a| a.moved), "the line set aside, the file written again");
    assert_eq!(mode("daily.jsonl"), 0o644);
    let (game, _) = support::new(GameOptions::default(), 5);
    store.save_game(&game).expect("saves");
    chmod(GAME_FILE, 0o640);
    store.save_game(&game).expect("saves again");
    assert_eq!(mode(GAME_FILE), 0o640);
}

/// The line mode of a new game at `data`, `lang`, with the normal computer players.
fn line_mode(lang: contree::text::Lang) -> contree::line::LineMode {
    use contree::session::config::Config;
    use contree::session::settings::Settings;
    let settings = Settings { lang, level: contree::bots::Level::Normal, ..Settings::default() };
    let game = contree::game::new_game(GameOptions::default(), 7, None);
    contree::line::LineMode::new(
        Config { game: Some(game), ..Config::plain(settings, 7) },
        true,
        &[],
    )
}

/// Types `n` of South's actions (a pass, or the first legal card) in the line mode, the effects
/// carried out on `store` and the computer players answered after each: the lines said.
fn south_acts(line: &mut contree::line::LineMode, store: &Store, n: usize) -> Vec<String> {
    use contree::session::effects;
    let mut said = Vec::new();
    let mut typed = 0;
    while typed < n {
        loop {
            let asked = effects::apply_effects(line, store);
            if asked.is_empty() {
                break;
            }
            for answer in asked.into_iter().filter_map(effects::think) {
                line.answer(answer);
            }
        }
        said.extend(line.take_said());
        let Some(game) = line.game().cloned() else { break };
        let fr = line.words().lang == contree::text::Lang::Fr;
        let w = contree::text::Words { spoken: true, ..line.words() };
        match (game.phase(), game.legal_cards().first()) {
            (Phase::Bidding, _) => line.input(if fr { "passe" } else { "pass" }),
            (Phase::Playing, Some(card)) => line.input(&w.card(card)),
            (Phase::GameOver, _) => break,
            _ => line.input(if fr { "suivant" } else { "next" }),
        }
        typed += 1;
    }
    said
}

/// A disk that refuses every save is said once, not after every action, and said once more
/// when it takes the game again: the game goes on in memory between the two. (The data
/// directory taken away stands for the full disk, which a test cannot make.)
#[test]
fn a_save_that_keeps_failing_is_said_once_and_once_more_when_it_works_again() {
    for lang in contree::text::Lang::ALL {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("data");
        let store = Store::at(&data).expect("store").without_sync();
        let mut line = line_mode(lang);
        south_acts(&mut line, &store, 1);
        fs::remove_dir_all(&data).expect("the directory taken away");
        let said = south_acts(&mut line, &store, 12);
        let refused: Vec<&String> =
            said.iter().filter(|l| l.contains(GAME_FILE) || l.contains(STATS_FILE)).collect();
        assert_eq!(refused.len(), 1, "{lang:?}: {said:#?}");
        fs::create_dir(&data).expect("the directory back");
        let said = south_acts(&mut line, &store, 10);
        let again = ["Saving works again", "L'enregistrement fonctionne de nouveau"];
        let told: Vec<&String> =
            said.iter().filter(|l| again.iter().any(|a| l.starts_with(a))).collect();
        assert_eq!(told.len(), 1, "{lang:?}: {said:#?}");
        assert!(data.join(GAME_FILE).exists(), "saved again");
    }
}
