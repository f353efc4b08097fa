//! Speed of the table's drawing: one full frame of the card play at 120x40 and at 80x24, drawn
//! into ratatui's `TestBackend` (layout, widgets and the diff against the previous frame; no
//! terminal I/O). Run with `cargo bench --bench ui`: divan gives each its fastest, median, mean
//! and slowest time.

use contree::session::effects::Effect;
use contree::session::settings::{Settings, Speed};
use contree::text::Lang;
use contree::ui::view;
use contree::ui::{App, Config, Msg};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use divan::{Bencher, black_box};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    divan::main();
}

/// A seeded game in its card play, South to play.
fn table() -> App {
    let settings = Settings { lang: Lang::En, speed: Speed::Instant, ..Settings::default() };
    let game = contree::game::new_game(contree::game::GameOptions::default(), 4, None);
    let mut app = App::new(Config {
        saved: Settings::default(),
        no_color: false,
        game: Some(game),
        ..Config::plain(settings, 4)
    });
    let enter = Msg::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    for _ in 0..200 {
        for e in app.take_effects() {
            if let Effect::Think(r) = e {
                let a = r.decide();
                app.update(Msg::Answer(contree::session::work::TableAnswer::Decided(r, a).into()));
            }
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
        } else if app.table().is_some_and(|t| t.table().south_to_play()) {
            break;
        } else if app.table().is_some_and(|t| t.table().south_to_bid()) {
            app.update(enter.clone());
        }
    }
    app
}

/// A frame redrawn after a key that moves the selection, so that the frame changes.
#[divan::bench(args = [(120, 40), (80, 24)])]
fn redraw(bencher: Bencher, (w, h): (u16, u16)) {
    let mut app = table();
    let right = Msg::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("{e}"));
    bencher.bench_local(|| {
        app.update(right.clone());
        view::draw(&mut t, &mut app).unwrap_or_else(|e| panic!("{e}"));
        black_box(&app.hits());
    });
}
