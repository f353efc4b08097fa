//! The README shows the table as it is drawn: its 100x30 frame of a game in the middle of a
//! deal is the one this test draws, kept equal to a snapshot.

mod screen;

use contree::session::settings::{Settings, Speed};
use contree::text::Lang;
use contree::ui::popups::Popup;
use contree::ui::{App, Config};
use crossterm::event::KeyCode;
use screen::{draw, key, settle, text};

/// A game at the `normal` level, the players met, South's cards played as the table selects
/// them until the fourth trick is under way.
fn mid_deal() -> App {
    let settings = Settings {
        lang: Lang::En,
        speed: Speed::Instant,
        level: contree::bots::Level::Normal,
        compare: false,
        ..Settings::default()
    };
    let config =
        Config { saved: Settings::default(), no_color: false, ..Config::plain(settings, 7) };
    let mut app = App::new(config);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.popups().last(), Some(&Popup::Players), "the players sit down");
    key(&mut app, KeyCode::Esc);
    settle(&mut app);
    for _ in 0..200 {
        let table = app.table().map(|t| t.table());
        if table.is_some_and(|t| t.south_to_play() && t.deal_tricks().len() >= 3) {
            break;
        }
        // South passes, else plays the card selected.
        let bidding = table.is_some_and(|t| t.south_to_bid());
        key(&mut app, if bidding { KeyCode::Char('p') } else { KeyCode::Enter });
        settle(&mut app);
    }
    app
}

#[test]
fn the_readme_shows_the_table_as_it_is_drawn() {
    let mut app = mid_deal();
    let frame = text(&draw(&mut app, 100, 30));
    insta::assert_snapshot!("readme_table_100x30", frame);
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let marker = "<!-- the table at 100x30";
    let start = readme.find(marker).expect("the README marks its picture of the table");
    let block = &readme[start..];
    let body = block.find("```text\n").map(|i| &block[i + 8..]).expect("a text block");
    let end = body.find("```").expect("the block ends");
    assert_eq!(&body[..end], frame, "the README's table is not the table drawn: copy the snapshot");
}

#[test]
fn the_readmes_first_game_names_the_start_screens_items_as_they_are_drawn() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let first_game = readme.split("## A first game").nth(1).expect("the README's first game");
    let first_game = first_game.split("\n## ").next().unwrap_or_default();
    let settings = Settings { lang: Lang::En, ..Settings::default() };
    let mut app = App::new(Config { saved: Settings::default(), ..Config::plain(settings, 7) });
    let start = text(&draw(&mut app, 80, 24));
    // Each item the first game says to press Enter on is one the start screen shows.
    let named: Vec<&str> = first_game
        .split("`Enter` on \"")
        .skip(1)
        .filter_map(|piece| piece.split('"').next())
        .collect();
    assert!(!named.is_empty(), "the first game says what to press on the start screen");
    for item in named {
        let shown = start.lines().any(|l| l.trim_matches(['│', ' ', '▶']) == item);
        assert!(shown, "the README says \"{item}\", the start screen shows:\n{start}");
    }
}
