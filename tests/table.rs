//! The table and the data directory together: the table's effects carried out by the runner on a
//! real store, as when playing. A new game never replaces a game that could not be filed, and
//! each new game is a game of its own.

use std::fs;
use std::path::Path;

use contree::bots::Level;
use contree::game::{GameOptions, Phase};
use contree::session::effects::{self, apply_effects};
use contree::session::games::Resumable;
use contree::session::settings::{Settings, Speed};
use contree::store::{GAME_FILE, GAMES_FILE, GameResult, STATS_FILE, Store};
use contree::text::Lang;
use contree::ui::hits::StartItem;
use contree::ui::popups::Popup;
use contree::ui::screens::Screen;
use contree::ui::{App, Config, Msg};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn store(dir: &Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

/// Instant computer players of the easy level, which bid their hands, so games end.
fn config(seed: u64) -> Config {
    let settings = Settings {
        lang: Lang::En,
        speed: Speed::Instant,
        level: Level::Easy,
        ..Settings::default()
    };
    Config::plain(settings, seed)
}

/// Whether South is to bid, nothing else pending.
fn south_to_bid(app: &App) -> bool {
    app.table().is_some_and(|t| t.table().south_to_bid())
}

fn enter(app: &mut App) {
    app.update(Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
}

/// Carries out the table's effects on the store and lets the computer players act, until the
/// table waits for South or a popup.
fn settle(app: &mut App, store: &Store) {
    for _ in 0..10_000 {
        let asked = apply_effects(app, store);
        let any = !asked.is_empty();
        for answer in asked.into_iter().filter_map(effects::think) {
            app.update(answer.into());
        }
        if any {
            continue;
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
            continue;
        }
        return;
    }
    panic!("the table never settled");
}

/// Plays on until the game-over popup: South passes and plays its selected card.
fn to_game_over(app: &mut App, store: &Store) {
    for _ in 0..5000 {
        settle(app, store);
        match app.popups().last() {
            Some(Popup::GameOver) => return,
            None if south_to_bid(app) => {
                app.update(Msg::Key(KeyEvent::new(KeyCode::Char('p'), KeyModifiers::NONE)));
            }
            _ => enter(app),
        }
    }
    panic!("the game never ended");
}

/// A new game from the start screen played to the summary of its first deal, South passing.
fn play_the_first_deal(app: &mut App, store: &Store) {
    enter(app);
    while app.game().is_none_or(|g| g.history().is_empty()) {
        settle(app, store);
        if south_to_bid(app) {
            app.update(Msg::Key(KeyEvent::new(KeyCode::Char('p'), KeyModifiers::NONE)));
        } else if app.wait().is_none() && app.popups().last() != Some(&Popup::DealEnd) {
            enter(app);
        }
    }
    settle(app, store);
}

/// A game started and left after its first deal, as found on the start screen the next time.
fn a_saved_game(dir: &Path) -> Resumable {
    let store = store(dir);
    let mut app = App::new(config(11));
    play_the_first_deal(&mut app, &store);
    // On to the next deal.
    enter(&mut app);
    settle(&mut app, &store);
    match store.load_game() {
        contree::store::Resume::Saved { game, started, saved, .. } => {
            Resumable { game, started, saved }
        }
        other => panic!("no saved game: {other:?}"),
    }
}

#[test]
fn play_from_the_start_menu_files_the_saved_game_despite_an_unreadable_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let resume = a_saved_game(dir.path());
    let old = resume.game.clone();
    // A byte that is not UTF-8 in the history of games.
    fs::write(dir.path().join(GAMES_FILE), b"\xe9\n").expect("write");
    let store = store(dir.path());
    let mut app = App::new(Config { resume: Some(resume), ..config(12) });
    app.start_item(StartItem::Play);
    enter(&mut app); // yes to the question: the saved game is replaced
    settle(&mut app, &store);
    assert!(matches!(app.screen(), Screen::Table));
    let history = store.games().expect("reads");
    assert_eq!(history.games.len(), 1, "the replaced game is filed");
    assert_eq!(history.games[0].result, GameResult::Abandoned);
    assert_eq!(contree::game::Game::from_save(&history.games[0].game).as_ref(), Ok(&old));
    assert_eq!(history.unreadable.first(), [1], "the bad line is reported");
}

/// Makes every filing fail: the history of games is a link into a directory that does not
/// exist, which the store neither follows into a new file nor moves aside.
#[cfg(unix)]
fn refuse_filing(dir: &std::path::Path) {
    std::os::unix::fs::symlink("/nonexistent/games.jsonl", dir.join(GAMES_FILE)).expect("a link");
}

#[cfg(unix)]
#[test]
fn play_from_the_start_menu_is_refused_when_the_saved_game_cannot_be_filed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let resume = a_saved_game(dir.path());
    refuse_filing(dir.path());
    let before = fs::read(dir.path().join(GAME_FILE)).expect("the save");
    let store = store(dir.path());
    let mut app = App::new(Config { resume: Some(resume), ..config(12) });
    app.start_item(StartItem::Play);
    enter(&mut app); // yes to the question: the saved game is replaced
    settle(&mut app, &store);
    assert_eq!(fs::read(dir.path().join(GAME_FILE)).expect("kept"), before, "not overwritten");
    assert!(matches!(app.screen(), Screen::Start(_)), "back to the start screen");
    assert!(app.game().is_none());
    assert!(app.resume().is_some(), "the saved game is offered again");
    let status = app.status().expect("the player is told");
    assert!(status.contains("No new game") && status.contains("games.jsonl"), "{status}");
}

#[cfg(unix)]
#[test]
fn a_new_game_after_game_over_waits_for_the_finished_one_to_be_filed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    refuse_filing(dir.path());
    let mut app = App::new(config(5));
    enter(&mut app);
    to_game_over(&mut app, &store);
    let finished = app.game().cloned().expect("the finished game");
    // Enter: play again. The finished game is not filed: it must stay, on disk and at the table.
    enter(&mut app);
    settle(&mut app, &store);
    assert_eq!(app.game(), Some(&finished));
    assert_eq!(app.popups().last(), Some(&Popup::GameOver));
    assert!(app.status().as_deref().is_some_and(|s| s.contains("No new game")));
    match store.load_game() {
        contree::store::Resume::Saved { game, .. } => assert_eq!(game, finished),
        other => panic!("the finished game is gone: {other:?}"),
    }
    // Once the history can be written again, the next try files it and starts anew.
    fs::remove_file(dir.path().join(GAMES_FILE)).expect("out of the way");
    enter(&mut app);
    settle(&mut app, &store);
    assert_ne!(app.game(), Some(&finished));
    assert_eq!(store.games().expect("reads").games.len(), 1);
}

#[test]
fn each_new_game_of_a_session_is_a_new_game_even_from_the_seed_given() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    // As `--new --seed 3`: the first game takes the seed.
    let first = contree::game::new_game(GameOptions::default(), 3, None);
    let mut app = App::new(Config { game: Some(first), ..config(3) });
    to_game_over(&mut app, &store);
    let one = app.game().cloned().expect("the first game");
    enter(&mut app);
    settle(&mut app, &store);
    let two = app.game().cloned().expect("the next game");
    assert_ne!(two.seed(), one.seed(), "the next game deals other cards");
    assert_ne!(two.deal().dealt, one.history()[0].record.hand_sets());
    to_game_over(&mut app, &store);
    let two = app.game().cloned().expect("the second game");
    let stats = store.stats();
    assert_eq!(stats.all_games().played, 2, "both games counted");
    assert_eq!(stats.deals.played as usize, one.history().len() + two.history().len());
    let games = store.games().expect("reads").games;
    assert_eq!(games.len(), 2);
    assert!(games[0].game.started < games[1].game.started, "each with its own start");
    assert_eq!(two.phase(), Phase::GameOver);
}

#[test]
fn corrupt_statistics_are_reported_at_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    fs::write(dir.path().join(STATS_FILE), b"[1, 2").expect("write");
    let mut app = App::new(config(6));
    enter(&mut app);
    while app.game().is_none_or(|g| g.history().is_empty()) {
        settle(&mut app, &store);
        if app.status().is_some() {
            break;
        }
        if south_to_bid(&app) {
            app.update(Msg::Key(KeyEvent::new(KeyCode::Char('p'), KeyModifiers::NONE)));
        } else if app.wait().is_none() {
            enter(&mut app);
        }
    }
    let status = app.status().expect("the player is told");
    assert!(status.contains("stats.json") && status.contains("kept as"), "{status}");
}

/// Every file of the data directory with its bytes.
fn files(dir: &Path) -> Vec<(std::ffi::OsString, Vec<u8>)> {
    let mut all: Vec<_> = fs::read_dir(dir)
        .expect("the data directory")
        .map(|e| e.expect("an entry"))
        .filter(|e| e.path().is_file())
        .map(|e| (e.file_name(), fs::read(e.path()).expect("read")))
        .collect();
    all.sort();
    all
}

#[test]
fn a_deal_played_again_writes_nothing_and_the_game_goes_on_from_where_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let mut app = App::new(config(11));
    play_the_first_deal(&mut app, &store);
    let game = app.game().cloned().expect("a game");
    let before = files(dir.path());
    assert!(before.iter().any(|(name, _)| name == GAME_FILE), "the game is saved");
    let key = |app: &mut App, c: char| {
        app.update(Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
    };
    key(&mut app, 'H');
    enter(&mut app); // the review of the finished deal
    key(&mut app, 'a');
    assert!(app.playing_again());
    for _ in 0..500 {
        settle(&mut app, &store);
        // Whatever happens during the deal played again, a crash loses nothing: the disk
        // holds the game as it was.
        assert_eq!(files(dir.path()), before, "nothing written");
        if app.popups().last() == Some(&Popup::DealEnd) {
            break;
        }
        if south_to_bid(&app) {
            key(&mut app, 'p');
        } else {
            enter(&mut app);
        }
    }
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd), "the deal played again is over");
    enter(&mut app); // back to the game
    settle(&mut app, &store);
    assert!(!app.playing_again());
    assert_eq!(app.game(), Some(&game));
    assert_eq!(files(dir.path()), before);
    // The game goes on and is saved again: its next deal.
    key(&mut app, 'H'); // the history closes over the summary
    enter(&mut app);
    settle(&mut app, &store);
    assert_eq!(app.game().map(|g| g.deal().index), Some(1));
    match store.load_game() {
        contree::store::Resume::Saved { game: saved, .. } => {
            assert_eq!(saved.history(), game.history());
            assert_eq!(saved.deal().index, 1);
        }
        other => panic!("no saved game: {other:?}"),
    }
    assert_eq!(store.stats().deals.played, 1, "the deal played again is not counted");
}
