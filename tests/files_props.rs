//! What contree reads from outside, given arbitrary bytes: a save, the statistics, the history
//! of games, the settings, `contree score`'s input, `contree bot`'s requests. Nothing panics,
//! nothing is lost, and what is valid reads back as written.

mod common;
mod support;

use std::fs;

use contree::bots::Level;
use contree::game::{Game, GameOptions, Phase};
use contree::personas::BiddingStyle;
use contree::session::settings::{Settings, Speed};
use contree::store::{GAME_FILE, GAMES_FILE, GameResult, Resume, STATS_FILE, Store};
use contree::text::{Lang, SuitStyle};
use proptest::prelude::*;

fn store(dir: &std::path::Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

fn settings() -> impl Strategy<Value = Settings> {
    (any::<bool>(), 0usize..4, 0usize..4, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(fr, level, speed, letters, auto_play, hint)| Settings {
            lang: if fr { Lang::Fr } else { Lang::En },
            level: Level::ALL[level % Level::ALL.len()],
            speed: Speed::ALL[speed],
            suits: if letters { SuitStyle::Letters } else { SuitStyle::Glyphs },
            auto_play,
            hint,
            ..Settings::default()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_save_is_resumed_refused_or_kept_never_a_panic(b in common::json_like_bytes()) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(GAME_FILE), &b).expect("write");
        match store(dir.path()).load_game() {
            Resume::MovedAside { path, .. } => prop_assert_eq!(fs::read(path).expect("kept"), b),
            Resume::Saved { .. } | Resume::None => {}
            Resume::LeftInPlace { why, .. } => prop_assert!(false, "left in place: {}", why),
        }
    }

    #[test]
    fn a_game_is_filed_whatever_the_history_held_before(b in common::json_like_bytes()) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(GAMES_FILE), &b).expect("write");
        let store = store(dir.path());
        let before = store.games().expect("reads");
        let lines = b.split(|&c| c == b'\n').filter(|l| !l.iter().all(u8::is_ascii_whitespace));
        prop_assert_eq!(before.games.len() + before.unreadable.len(), lines.count());
        let (game, _) = support::new(GameOptions::default(), 4);
        store.save_game(&game).expect("saves");
        store.archive_saved_game().expect("files");
        let after = store.games().expect("reads");
        let last = after.games.last().expect("the game filed");
        prop_assert_eq!(last.result, GameResult::Abandoned);
        prop_assert_eq!(after.games.len(), before.games.len() + 1);
        // Nothing is lost: the lines are kept as they were, but for a last line cut off, kept
        // aside alone.
        let aside: Vec<u8> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with("games.jsonl.corrupt-"))
            .flat_map(|e| fs::read(e.path()).expect("kept"))
            .collect();
        prop_assert!(b.ends_with(&aside));
        let kept = &b[..b.len() - aside.len()];
        prop_assert!(aside.is_empty() || kept.is_empty() || kept.ends_with(b"\n"));
        prop_assert!(!aside.contains(&b'\n'), "only the last line is moved aside");
        prop_assert!(fs::read(dir.path().join(GAMES_FILE)).expect("read").starts_with(kept));
    }

    #[test]
    fn any_settings_file_gives_settings_that_save_again(b in common::json_like_bytes()) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join("settings.json"), &b).expect("write");
        let store = store(dir.path());
        let (kept, aside) = store.read_json_fields::<Settings>("settings.json").expect("reads");
        if let Some(aside) = &aside {
            prop_assert_eq!(fs::read(&aside.path).expect("kept"), b.clone());
        }
        if kept.is_some() && aside.is_some() {
            let back: Option<Settings> = store.read_json("settings.json").expect("rewritten");
            prop_assert_eq!(back, kept);
        }
        store.write_json("settings.json", &kept.unwrap_or_default()).expect("saves");
    }

    #[test]
    fn valid_settings_read_back_as_written(s in settings()) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = store(dir.path());
        store.write_json("settings.json", &s).expect("saves");
        let (kept, aside) = store.read_json_fields::<Settings>("settings.json").expect("reads");
        prop_assert_eq!(kept, Some(s));
        prop_assert!(aside.is_none());
    }

    #[test]
    fn score_answers_any_input_or_refuses_it_in_one_line(b in common::json_like_bytes()) {
        let mut out = Vec::new();
        match contree::score::run(&b[..], &mut out) {
            Ok(_) => {
                let text = String::from_utf8(out).expect("answers are UTF-8");
                for line in text.lines() {
                    let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
                    prop_assert!(v["ok"].is_boolean(), "{}", line);
                }
            }
            Err(e) => prop_assert!(!e.to_string().contains('\n')),
        }
    }
}

/// A game of any rule set played by random legal players, `steps` actions in (or to its end).
fn a_game(seed: u64, rules: usize, steps: usize) -> Game {
    let (mut game, mut rng) =
        support::new(GameOptions::of(common::ALL_RULES[rules % common::ALL_RULES.len()]), seed);
    for _ in 0..steps {
        if support::step(&mut game, &mut rng).is_none() {
            break;
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_statistics_file_is_read_or_kept_never_a_panic(b in common::json_like_bytes()) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(STATS_FILE), &b).expect("write");
        let store = store(dir.path());
        let (_, aside) = store.stats_checked().expect("reads or sets aside");
        if let Some(aside) = aside {
            prop_assert!(aside.moved);
            prop_assert_eq!(fs::read(&aside.path).expect("kept"), b.clone());
        }
        // Counting goes on over whatever was there.
        let game = a_game(b.len() as u64, b.len(), 10_000);
        store.game_finished(&game).expect("counts");
        prop_assert!(store.stats().deals.played as usize >= game.history().len());
    }

    #[test]
    fn statistics_of_any_game_read_back_as_counted(seed in any::<u64>(), rules in 0usize..6) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = store(dir.path());
        let game = a_game(seed, rules, 10_000);
        prop_assert_eq!(game.phase(), Phase::GameOver);
        store.game_finished(&game).expect("counts");
        let (stats, aside) = store.stats_checked().expect("reads");
        prop_assert!(aside.is_none());
        prop_assert_eq!(stats.deals.played as usize, game.history().len());
        prop_assert_eq!(stats.all_games().played, 1);
        // Read by a second store (a later session), the same.
        prop_assert_eq!(self::store(dir.path()).stats(), stats);
    }

    #[test]
    fn any_game_at_any_point_resumes_as_saved(seed in any::<u64>(), rules in 0usize..6, steps in 0usize..400) {
        let dir = tempfile::tempdir().expect("temp dir");
        let game = a_game(seed, rules, steps);
        store(dir.path()).save_game(&game).expect("saves");
        let later = store(dir.path());
        match later.load_game() {
            Resume::Saved { game: back, .. } => {
                prop_assert_eq!(back.to_save().deals, game.to_save().deals);
                prop_assert_eq!(back.phase(), game.phase());
                prop_assert_eq!(back.totals(), game.totals());
            }
            // A game already over is filed at once rather than offered.
            Resume::None if game.phase() == Phase::GameOver => {
                let filed = later.games().expect("reads").games.pop().expect("filed");
                prop_assert_eq!(filed.game.deals, game.to_save().deals);
            }
            other => prop_assert!(false, "not resumed: {:?}", other),
        }
    }

    #[test]
    fn any_finished_game_is_filed_and_read_back(seed in any::<u64>(), rules in 0usize..6) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = store(dir.path());
        let game = a_game(seed, rules, 10_000);
        store.game_finished(&game).expect("files");
        let history = store.games().expect("reads");
        prop_assert!(history.unreadable.is_empty());
        let entry = history.games.last().expect("filed");
        let back = Game::from_save(&entry.game).expect("a game again");
        prop_assert_eq!(back.to_save().deals, game.to_save().deals);
        prop_assert_eq!(entry.totals, game.totals());
    }

    #[test]
    fn a_game_is_filed_once_however_often_whatever_the_history_held(
        b in common::json_like_bytes(), seed in any::<u64>(), steps in 0usize..300, again in 1usize..4,
    ) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(GAMES_FILE), &b).expect("write");
        let store = store(dir.path());
        let game = a_game(seed, seed as usize, steps);
        store.start_game(&game).expect("a new game");
        for _ in 0..again {
            // The same save comes back (a kill before it went, a copy put back by hand).
            store.save_game(&game).expect("saves");
            store.archive_saved_game().expect("files");
        }
        let save = game.to_save();
        let history = store.games().expect("reads");
        let filed: Vec<_> = history
            .games
            .iter()
            .filter(|e| e.game.seed == save.seed && e.game.deals == save.deals)
            .collect();
        prop_assert_eq!(filed.len(), 1);
    }

    #[test]
    fn any_bytes_to_the_bot_get_one_answer_a_line(b in common::json_like_bytes()) {
        let mut out = Vec::new();
        let service = contree::bots::protocol::Service {
            level: Level::Easy,
            style: BiddingStyle::Bold,
            seed: 1,
            budget: contree::bots::expert::Budget::worlds(1),
        };
        contree::bots::protocol::serve(&b[..], &mut out, &service)
            .expect("serves to the end");
        let text = String::from_utf8(out).expect("answers are UTF-8");
        let asked = b
            .split(|&c| c == b'\n')
            .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
            .count();
        prop_assert_eq!(text.lines().count(), asked, "{}", text);
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            prop_assert!(v.get("action").is_some() || v.get("error").is_some(), "{}", line);
        }
    }
}

/// Any JSON value: null, booleans, numbers of every range, strings, lists and objects nested.
fn any_json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|x| json!(x)),
        ".{0,8}".prop_map(Value::String),
        Just(json!("thinking")),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("calls|cards|score|NS|EW|.{0,3}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A save of a game with two deals finished, as JSON.
fn two_deals() -> serde_json::Value {
    let (mut game, mut rng) = support::new(GameOptions::default(), 12);
    support::play_until(&mut game, &mut rng, |g| g.history().len() >= 2, |_, _| {});
    serde_json::to_value(game.to_save()).expect("JSON")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Whatever a save's figures hold, the save reads and its game replays: a figure that is no
    /// figure is one not measured, and is counted.
    #[test]
    fn any_figures_read_as_figures_or_as_not_measured(
        value in any_json(),
        mistakes in any::<bool>(),
    ) {
        let mut save = two_deals();
        save[if mistakes { "mistakes" } else { "expert_in_seat" }] = value;
        let read: contree::game::GameSave =
            serde_json::from_value(save.clone()).expect("a save whatever its figures");
        prop_assert!(Game::from_save(&read).is_ok());
        let figures: contree::game::SaveFigures =
            serde_json::from_value(save).expect("the figures alone");
        let measured = read.mistakes.iter().flatten().count()
            + read.expert_in_seat.iter().flatten().count();
        let listed = figures.mistakes.read.len() + figures.expert_in_seat.read.len();
        prop_assert!(measured + figures.unreadable() <= listed.max(1));
    }

    /// Figures as contree writes them read back as written, none unreadable.
    #[test]
    fn valid_figures_read_back_as_written(
        costs in proptest::collection::vec(proptest::option::of((any::<u32>(), any::<u32>())), 0..4),
        scores in proptest::collection::vec(proptest::option::of((any::<u16>(), any::<u16>())), 0..4),
    ) {
        use contree::game::{ExpertInSeat, Mistakes};
        use contree::rules::ByTeam;
        let mut save = two_deals();
        let mistakes: Vec<Option<Mistakes>> =
            costs.iter().map(|c| c.map(|(calls, cards)| Mistakes { calls, cards })).collect();
        let compared: Vec<Option<ExpertInSeat>> = scores
            .iter()
            .map(|s| s.map(|(ns, ew)| ExpertInSeat::Score(ByTeam([ns, ew]))))
            .collect();
        save["mistakes"] = serde_json::to_value(&mistakes).expect("JSON");
        save["expert_in_seat"] = serde_json::to_value(&compared).expect("JSON");
        let read: contree::game::GameSave = serde_json::from_value(save.clone()).expect("a save");
        prop_assert_eq!(&read.mistakes, &mistakes);
        prop_assert_eq!(&read.expert_in_seat, &compared);
        let figures: contree::game::SaveFigures = serde_json::from_value(save).expect("figures");
        prop_assert_eq!(figures.unreadable(), 0);
    }
}
