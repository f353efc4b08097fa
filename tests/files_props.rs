//! What contree reads from outside, given arbitrary bytes: a save, the history of games, the
//! settings, `contree score`'s input. Nothing panics, nothing is lost, and what is valid reads
//! back as written.

mod support;

use std::fs;

use contree::bots::Level;
use contree::game::GameOptions;
use contree::store::{GAME_FILE, GAMES_FILE, GameResult, Resume, Store};
use contree::ui::{Lang, Settings, Speed, SuitStyle};
use proptest::prelude::*;

fn store(dir: &std::path::Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

/// Bytes that look like JSON now and then: braces, quotes, newlines, and anything else.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..600),
        proptest::collection::vec(
            prop_oneof![Just(b'{'), Just(b'}'), Just(b'"'), Just(b'\n'), Just(b':'), any::<u8>()],
            0..600
        ),
    ]
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
    fn any_save_is_resumed_refused_or_kept_never_a_panic(b in bytes()) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::write(dir.path().join(GAME_FILE), &b).expect("write");
        match store(dir.path()).load_game() {
            Resume::MovedAside { path, .. } => prop_assert_eq!(fs::read(path).expect("kept"), b),
            Resume::Saved { .. } | Resume::None => {}
            Resume::LeftInPlace { reason, .. } => prop_assert!(false, "left in place: {}", reason),
        }
    }

    #[test]
    fn a_game_is_filed_whatever_the_history_held_before(b in bytes()) {
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
        prop_assert!(fs::read(dir.path().join(GAMES_FILE)).expect("read").starts_with(&b));
    }

    #[test]
    fn any_settings_file_gives_settings_that_save_again(b in bytes()) {
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
    fn score_answers_any_input_or_refuses_it_in_one_line(b in bytes()) {
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
