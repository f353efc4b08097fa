//! The runner: owns the terminal (raw mode, alternate screen, mouse capture, restored on every
//! exit path including a panic), turns terminal events and timers into [`Msg`]s, runs the
//! computer players on a worker thread so drawing and input never wait for them, and carries out
//! the app's [`Effect`]s on the [`Store`]. It blocks in `poll` while waiting for
//! the player: no busy loop.

use std::io;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;

use super::app::{App, BotRequest, Effect, Msg};
use super::settings::SETTINGS_FILE;
use super::view::{self, Look};
use crate::store::Store;

/// Carries out the effects other than thinking on the store, and returns the requests to
/// think. A failed write is shown in the status line; play goes on in memory.
pub fn apply_effects(app: &mut App, store: &Store) -> Vec<BotRequest> {
    let mut think = Vec::new();
    for effect in app.take_effects() {
        let result = match (&effect, &app.game) {
            (Effect::SaveGame, Some(g)) => store.save_game(g),
            (Effect::DealFinished, Some(g)) => store.deal_finished(g),
            (Effect::GameFinished, Some(g)) => store.game_finished(g),
            (Effect::ArchiveSaved, _) => store.archive_saved_game(),
            (Effect::SaveSettings, _) => store.write_json(SETTINGS_FILE, &app.saved),
            (Effect::LoadStats, _) => store.stats_checked().map(|(s, _)| app.stats = Some(s)),
            (Effect::Think(r), _) => {
                think.push(r.clone());
                Ok(())
            }
            (Effect::SaveGame | Effect::DealFinished | Effect::GameFinished, None) => Ok(()),
        };
        if let Err(e) = result {
            app.status = Some(e.to_string());
        }
    }
    think
}

/// The name of the computer players' threads.
const BOT_THREAD: &str = "contree-bot";

/// Restores the terminal: mouse capture off, then ratatui's own restore.
fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
}

/// Runs the table until the player quits.
pub fn run(mut app: App, look: Look, store: &Store) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    // ratatui's hook restores the screen; mouse capture must be released before it. A computer
    // player's thread that panics leaves the screen to the table, which plays on without it.
    let restoring = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some(BOT_THREAD) {
            return;
        }
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restoring(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .and_then(|()| event_loop(&mut terminal, &mut app, look, store));
    // Whatever happened, the last state is on disk before the terminal is given back.
    let _ = apply_effects(&mut app, store);
    restore();
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    look: Look,
    store: &Store,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Msg>();
    let mut timer: Option<(u64, Instant)> = None;
    let mut pending_bots = 0usize;
    let mut dirty = true;
    loop {
        for request in apply_effects(app, store) {
            let tx = tx.clone();
            pending_bots += 1;
            let spawned = std::thread::Builder::new().name(BOT_THREAD.into()).spawn(move || {
                let answer = std::panic::catch_unwind(|| request.decide());
                let _ = tx.send(match answer {
                    Ok(action) => Msg::Decided(request, action),
                    Err(_) => Msg::BotFailed(request),
                });
            });
            spawned?;
        }
        if app.quit {
            return Ok(());
        }
        if dirty {
            view::draw(terminal, app, look)?;
            dirty = false;
        }
        // The pause to time, if any: a new pause number restarts the clock.
        let deadline = match app.wait() {
            Some((serial, d)) => {
                let start = match timer {
                    Some((s, at)) if s == serial => at,
                    _ => Instant::now(),
                };
                timer = Some((serial, start));
                Some(start + d)
            }
            None => {
                timer = None;
                None
            }
        };
        let now = Instant::now();
        let timeout = match (deadline, pending_bots) {
            (Some(d), _) => d.saturating_duration_since(now),
            // A computer player is thinking: look for its answer often, without spinning.
            (None, n) if n > 0 => Duration::from_millis(15),
            (None, _) => Duration::from_secs(3600),
        };
        if event::poll(timeout)? {
            let msg = match event::read()? {
                Event::Key(k) => Some(Msg::Key(k)),
                // Mouse capture reports every move; only presses do anything at the table.
                Event::Mouse(m) if matches!(m.kind, event::MouseEventKind::Down(_)) => {
                    Some(Msg::Mouse(m))
                }
                Event::Resize(w, h) => Some(Msg::Resize(w, h)),
                _ => None,
            };
            if let Some(m) = msg {
                app.update(m);
                dirty = true;
            }
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            timer = None;
            app.update(Msg::Timer);
            dirty = true;
        }
        while let Ok(m) = rx.try_recv() {
            pending_bots = pending_bots.saturating_sub(1);
            app.update(m);
            dirty = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::app::Config;
    use crate::ui::{Settings, Theme};

    fn app() -> App {
        let settings = Settings { level: crate::bots::Level::Random, ..Settings::default() };
        App::new(Config {
            settings,
            saved: settings,
            theme: Theme::monochrome(),
            target: 1000,
            seed: 3,
            resume: None,
            game: Some(crate::game::new_game(crate::game::GameOptions::default(), 3, None)),
            previous: None,
            time_zone: jiff::tz::TimeZone::UTC,
        })
    }

    #[test]
    fn effects_reach_the_store_and_bots_are_handed_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut app = app();
        app.change_setting(crate::ui::app::SettingItem::Hint, true);
        let _ = apply_effects(&mut app, &store);
        assert!(dir.path().join("game.json").exists());
        let saved: Option<Settings> = store.read_json(SETTINGS_FILE).expect("readable");
        assert_eq!(saved.map(|s| s.hint), Some(true));
        assert_eq!(app.status, None);
        // The players sit down; once they are met and the deal seen, the first bot's turn comes
        // back as a request to think, not carried out here.
        app.update(Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Esc)));
        app.update(Msg::Timer);
        app.update(Msg::Timer);
        let asked = apply_effects(&mut app, &store);
        let south_first =
            app.game.as_ref().and_then(|g| g.to_act()) == Some(crate::rules::Seat::South);
        assert!(south_first || asked.len() == 1);
    }

    #[test]
    fn a_failed_save_is_one_line_in_the_status_and_play_goes_on() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("data");
        let store = Store::at(&data).expect("store").without_sync();
        // The data directory is gone and a file stands in its way: every write fails.
        std::fs::remove_dir(&data).expect("remove");
        std::fs::write(&data, b"not a directory").expect("write");
        let mut app = app();
        let _ = apply_effects(&mut app, &store);
        let status = app.status.clone().expect("the failure is shown");
        assert_eq!(status.lines().count(), 1, "{status}");
        assert!(app.game.is_some());
    }
}
