//! The app driven as the terminal drives it, for the screen tests: a table at full speed whose
//! computer players are the baseline, drawn into ratatui's `TestBackend`, keys and clicks.

#![allow(dead_code)]

use contree::session::settings::{Settings, Speed};
use contree::text::Lang;
use contree::ui::screen::Hit;
use contree::ui::{App, Config, Msg, view};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The seed of the tables' games.
pub const SEED: u64 = 4;

/// A table at full speed whose computer players are the baseline: they pass, so South's bid
/// makes the contract and every flow is known in advance.
pub fn config(lang: Lang) -> Config {
    let settings = Settings {
        lang,
        speed: Speed::Instant,
        level: contree::bots::Level::Random,
        // The comparison with the expert has tests of its own.
        compare: false,
        ..Settings::default()
    };
    Config { saved: Settings::default(), no_color: false, ..Config::plain(settings, SEED) }
}

/// The app drawn at `w`x`h`, its clickable areas kept for the next click.
pub fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    view::draw(&mut t, app).expect("draw");
    t
}

/// A key pressed.
pub fn key(app: &mut App, code: KeyCode) {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

/// A left click on what the last frame drew for `hit`.
pub fn click(app: &mut App, hit: Hit) {
    let r = app.hits.area_of(hit).unwrap_or_else(|| panic!("{hit:?} is not on screen"));
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: r.x,
        row: r.y,
        modifiers: KeyModifiers::NONE,
    }));
}
