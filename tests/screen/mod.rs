//! The app driven as the terminal drives it, for the screen tests: a table at full speed whose
//! computer players are the baseline, drawn into ratatui's `TestBackend`, keys and clicks.

#![allow(dead_code)]

use contree::session::settings::{Settings, Speed};
use contree::session::work::TableAnswer;
use contree::text::Lang;
use contree::ui::hits::Hit;
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
    let r = app.hits().area_of(hit).unwrap_or_else(|| panic!("{hit:?} is not on screen"));
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: r.x,
        row: r.y,
        modifiers: KeyModifiers::NONE,
    }));
}

/// Lets the computer players act until the table waits for South or a popup is open; the
/// effects other than thinking are returned.
pub fn settle(app: &mut App) -> Vec<contree::session::effects::Effect> {
    let mut done = Vec::new();
    for _ in 0..10_000 {
        if answer_thinking(app, &mut done) {
            continue;
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
            continue;
        }
        // A trick held for South to see goes on at a key, as a player would press.
        let held =
            app.table().and_then(|t| t.table().wait()) == Some(contree::session::table::Wait::Kept);
        if held && app.popups().is_empty() {
            key(app, KeyCode::Enter);
            continue;
        }
        return done;
    }
    panic!("the table never settled");
}

/// Answers every computer player thinking, as it decides, and keeps the other effects in
/// `done`; whether any was thinking.
pub fn answer_thinking(app: &mut App, done: &mut Vec<contree::session::effects::Effect>) -> bool {
    use contree::session::effects::Effect;
    let mut asked = false;
    for e in app.take_effects() {
        if let Effect::Think(r) = e {
            let a = r.decide();
            app.update(Msg::Answer(TableAnswer::Decided(r, a).into()));
            asked = true;
        } else {
            done.push(e);
        }
    }
    asked
}

/// The frame's text, a line a row, each without the spaces that end it.
pub fn text(t: &Terminal<TestBackend>) -> String {
    let buffer = t.backend().buffer();
    let area = buffer.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let row: String = (area.left()..area.right()).map(|x| buffer[(x, y)].symbol()).collect();
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// The sizes the popups are tried at: the smallest terminal the table is drawn in, and two
/// larger ones.
pub const POPUP_SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (120, 40)];

/// Draws `app` at each of [`POPUP_SIZES`] and checks that the popup on top covers the whole
/// area it is given: every cell of it outside the popup's frame is blank, so that nothing of
/// what lay there (a frame cut short, a card's top edge, the popup under it) shows beside the
/// frame, and the popup's own text stays inside it.
pub fn assert_popup_covers_its_area(name: &str, app: &mut App) {
    for (w, h) in POPUP_SIZES {
        let t = draw(app, w, h);
        let Some(top) = app.hits().popups().last().copied() else {
            panic!("{name} at {w}x{h}: no popup drawn\n{}", text(&t));
        };
        let buf = t.backend().buffer();
        let left = top.area.positions().filter(|&p| !top.frame.contains(p));
        if let Some(p) = left.into_iter().find(|&p| buf[p].symbol() != " ") {
            panic!(
                "{name} at {w}x{h}: {:?} left at {},{} in the popup's area {:?}, beside its \
                 frame {:?}\n{}",
                buf[p].symbol(),
                p.x,
                p.y,
                top.area,
                top.frame,
                text(&t)
            );
        }
    }
}
