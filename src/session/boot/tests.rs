//! The boot's precedence (a flag over the saved setting over the environment), its choice
//! between the saved game and a new one, and its notices, on a store in a temporary directory.

use super::*;
use crate::game::Game;
use crate::rules::RuleSet;

/// An English UTF-8 terminal with colours.
const ENV: Env = Env { lang: Lang::En, utf8: true, dumb: false, no_color: false };

fn store(dir: &std::path::Path) -> Result<Store, OpenError> {
    Store::at(dir).map(Store::without_sync)
}

/// The game flags' options with no rule flag: the settings' rules and deal style.
fn plain(rules: Rules, deal_style: DealStyle) -> Result<GameOptions, String> {
    Ok(GameOptions { rules, deal_style, target: rules.set.default_target() })
}

fn started(choices: Choices, env: Env, store: &Result<Store, OpenError>) -> Boot {
    boot(choices, env, store, plain, Budget::DEFAULT).expect("the table opens")
}

#[test]
fn a_flag_goes_over_the_saved_setting_which_goes_over_the_environment() {
    let dir = tempfile::tempdir().expect("temp dir");
    let s = store(dir.path());
    // Nothing saved: the environment's language.
    let fr = Env { lang: Lang::Fr, ..ENV };
    assert_eq!(started(Choices::default(), fr, &s).config.settings.lang, Lang::Fr);
    // Saved settings go over the environment.
    let kept =
        Settings { lang: Lang::En, level: Level::Easy, speed: Speed::Fast, ..Settings::default() };
    s.as_ref().expect("a store").write_json(SETTINGS_FILE, &kept).expect("written");
    let b = started(Choices::default(), fr, &s);
    assert_eq!((b.config.settings.lang, b.config.settings.level), (Lang::En, Level::Easy));
    // A flag goes over them for this run only: the saved settings stay as they are.
    let choices = Choices {
        lang: Some(Lang::Fr),
        level: Some(Level::Expert),
        deck: Some(Deck::FourColour),
        colours: Some(Colours::Off),
        ..Choices::default()
    };
    let b = started(choices, fr, &s);
    let c = &b.config;
    assert_eq!(
        (c.settings.lang, c.settings.level, c.settings.speed),
        (Lang::Fr, Level::Expert, Speed::Fast)
    );
    assert_eq!((c.settings.deck, c.settings.colors), (Deck::FourColour, Colours::Off));
    assert_eq!(c.saved, kept);
}

#[test]
fn the_rule_flags_choose_the_new_games_and_their_refusal_stops_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let s = store(dir.path());
    let coinche = |_: Rules, d: DealStyle| plain(Rules::of(RuleSet::Coinche), d);
    let b = boot(Choices::default(), ENV, &s, coinche, Budget::DEFAULT).expect("opens");
    assert_eq!(b.config.settings.set, RuleSet::Coinche);
    assert_eq!(b.config.saved.set, Settings::default().set, "not saved");
    let refused = |_: Rules, _: DealStyle| Err("no".to_string());
    let e = boot(Choices::default(), ENV, &s, refused, Budget::DEFAULT).map(|_| ());
    assert_eq!(e, Err(BootError::Flags("no".into())));
}

#[test]
fn the_terminal_decides_ascii_and_colours() {
    let dir = tempfile::tempdir().expect("temp dir");
    let s = store(dir.path());
    let c = started(Choices::default(), ENV, &s).config;
    assert!(!c.ascii && !c.no_color);
    let c = started(Choices { ascii: true, ..Choices::default() }, ENV, &s).config;
    assert!(c.ascii && !c.no_color);
    assert_eq!(c.settings.suits, SuitStyle::Letters);
    let c = started(Choices::default(), Env { utf8: false, ..ENV }, &s).config;
    assert!(c.ascii);
    let c = started(Choices::default(), Env { no_color: true, ..ENV }, &s).config;
    assert!(!c.ascii && c.no_color);
    let c = started(Choices::default(), Env { dumb: true, ..ENV }, &s).config;
    assert!(c.ascii && c.no_color);
}

#[test]
fn the_saved_game_is_offered_and_new_files_it_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let s = store(dir.path());
    assert!(started(Choices::default(), ENV, &s).config.newcomer, "no game yet");
    let game = crate::game::new_game(GameOptions::default(), 9, None);
    s.as_ref().expect("a store").start_game(&game).expect("started");
    s.as_ref().expect("a store").save_game(&game).expect("saved");
    let c = started(Choices { seed: 3, ..Choices::default() }, ENV, &s).config;
    assert_eq!(c.resume.map(|r| r.game), Some(game.clone()));
    assert!(c.game.is_none() && !c.newcomer);
    assert_eq!(c.previous.as_ref(), Some(game.players()), "the saved game's players sit out");
    // A deal file neither resumes nor starts a game.
    let c = started(Choices { deal: true, ..Choices::default() }, ENV, &s).config;
    assert!(c.resume.is_none() && c.game.is_none());
    // --new files the saved game, and starts one of the seed given.
    let c = started(Choices { new: true, seed: 3, ..Choices::default() }, ENV, &s).config;
    assert!(c.resume.is_none());
    assert_eq!(c.game.as_ref().map(Game::seed), Some(3));
    let c = started(Choices::default(), ENV, &s).config;
    assert!(c.resume.is_none(), "nothing saved any more");
    assert_eq!(c.previous.as_ref(), Some(game.players()), "the filed game's players sit out");
    assert!(!c.newcomer, "a game filed is a game played");
}

#[test]
fn without_a_store_the_table_says_first_that_nothing_is_saved_in_its_language() {
    let missing: Result<Store, OpenError> = Err(OpenError::NoPlace);
    let b = started(Choices { lang: Some(Lang::Fr), ..Choices::default() }, ENV, &missing);
    let fr = Words { lang: Lang::Fr, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
    let why = fr.open_error(&OpenError::NoPlace);
    assert_eq!(b.notices, [format!("Rien ne sera enregistré : {why}")]);
    assert!(why.starts_with("aucun dossier de données"), "French only: {why}");
    let b = started(Choices { new: true, seed: 5, ..Choices::default() }, ENV, &missing);
    assert_eq!(b.notices, [format!("Nothing will be saved: {}", OpenError::NoPlace)]);
    assert_eq!(b.config.game.as_ref().map(Game::seed), Some(5), "a new game in memory");
}

#[test]
fn a_settings_file_that_cannot_be_read_is_set_aside_and_said() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join(SETTINGS_FILE), b"{ not json").expect("written");
    let s = store(dir.path());
    let b = started(Choices::default(), ENV, &s);
    assert_eq!(b.config.settings, Settings::default());
    assert_eq!(b.notices.len(), 1, "{:?}", b.notices);
    assert!(b.notices[0].contains(SETTINGS_FILE), "{:?}", b.notices);
}

/// Two files mended at the start are two sentences, each its own: joined on the table's status
/// line, one ends before the next begins.
#[test]
fn two_mend_reports_are_two_sentences() {
    let dir = tempfile::tempdir().expect("temp dir");
    let s = store(dir.path());
    for lang in Lang::ALL {
        std::fs::write(dir.path().join(crate::store::GAMES_FILE), b"{\"cut\": ").expect("write");
        std::fs::write(dir.path().join(crate::store::EXERCISES_FILE), b"{\"off").expect("write");
        s.as_ref().expect("a store").remove_leftovers();
        let b = started(Choices::default(), Env { lang, ..ENV }, &s);
        assert_eq!(b.notices.len(), 2, "{:?}", b.notices);
        for notice in &b.notices {
            assert!(notice.starts_with(char::is_uppercase), "{notice}");
            assert!(notice.ends_with('.'), "{notice}");
        }
    }
}
