//! The history at the table shows the filed games too (`←` `→`), and any finished deal of a
//! filed game is reviewed and played again with its own hands, dealer, seed and players,
//! counting nowhere, its first result beside the new one.

mod screen;
mod support;

use contree::game::{Game, GameOptions, Phase};
use contree::session::effects::Effect;
use contree::session::effects::Front;
use contree::text::Lang;
use contree::ui::App;
use contree::ui::keymap::Mode;
use contree::ui::popups::Popup;
use crossterm::event::KeyCode;
use screen::{config, draw, key};

/// A game played to its end, as it is filed.
fn filed() -> Game {
    let (mut game, mut rng) = support::new(GameOptions::default(), 31);
    support::play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    game
}

/// A new game at the table, its history open on a filed game.
fn history_of_filed(lang: Lang, filed: &Game) -> App {
    let mut app = App::new(config(lang));
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Esc);
    let _ = app.take_effects();
    key(&mut app, KeyCode::Char('H'));
    assert!(app.take_effects().contains(&Effect::LoadGames), "the filed games are asked for");
    app.games_loaded(vec![filed.clone()]);
    key(&mut app, KeyCode::Left);
    app
}

#[test]
fn the_history_goes_through_the_filed_games() {
    let filed = filed();
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut app = history_of_filed(lang, &filed);
            let t = draw(&mut app, w, h);
            let name = if lang == Lang::Fr { "fr" } else { "en" };
            insta::assert_snapshot!(format!("history_filed_{name}_{w}x{h}"), t.backend());
        }
    }
    let mut app = history_of_filed(Lang::En, &filed);
    assert!(matches!(app.popups().last(), Some(Popup::History(h)) if h.game == 1));
    // No older game: left stays; right goes back to the game at the table.
    key(&mut app, KeyCode::Left);
    assert!(matches!(app.popups().last(), Some(Popup::History(h)) if h.game == 1));
    key(&mut app, KeyCode::Right);
    assert!(matches!(app.popups().last(), Some(Popup::History(h)) if h.game == 0));
}

#[test]
fn a_deal_of_a_filed_game_is_played_again_with_its_hands_seed_and_players() {
    let filed = filed();
    let mut app = history_of_filed(Lang::En, &filed);
    let table = app.game().expect("the game at the table").clone();
    key(&mut app, KeyCode::Up); // the deal before the last
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Review);
    let i = filed.history().len() - 2;
    let first = &filed.history()[i];
    key(&mut app, KeyCode::Char('a'));
    assert!(app.playing_again(), "the deal is played again");
    let again = app.game().expect("the deal played again");
    assert_eq!(again.deal().hands(), first.record.hand_sets(), "the same hands");
    assert_eq!(again.deal().dealer, first.record.dealer, "the same dealer");
    assert_eq!((again.seed(), again.players()), (filed.seed(), filed.players()));
    assert_eq!(app.first_result(), Some(first.points()), "its first result beside");
    // Nothing of it is saved nor counted, and quitting goes back to the game at the table.
    assert!(
        app.take_effects().iter().all(|e| !matches!(e, Effect::SaveGame | Effect::DealFinished))
    );
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.quitting() && !app.playing_again());
    assert_eq!(app.game(), Some(&table));
}
