//! Speed of the table's drawing: one full frame of the card play at 120x40 and at 80x24, drawn
//! into ratatui's `TestBackend` (layout, widgets and the diff against the previous frame; no
//! terminal I/O). Run with `cargo bench --bench ui`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use contree::session::effects::Effect;
use contree::session::settings::{Settings, Speed};
use contree::text::Lang;
use contree::ui::view;
use contree::ui::{App, Config, Msg};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

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
                app.update(Msg::Decided(r, a));
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

fn main() {
    let mut app = table();
    let right = Msg::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    for (w, h) in [(120, 40), (80, 24)] {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("{e}"));
        let mut iters = 0u32;
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(1) {
            // A key moving the selection changes the frame.
            app.update(right.clone());
            view::draw(&mut t, &mut app).unwrap_or_else(|e| panic!("{e}"));
            black_box(&app.hits);
            iters += 1;
        }
        let per = start.elapsed().as_secs_f64() / f64::from(iters);
        println!("redraw {w}x{h}: {:>8.1} µs/frame ({iters} frames)", per * 1e6);
    }
}
