//! The runner: owns the terminal (raw mode, alternate screen, mouse capture), and gives it back
//! on every exit: a quit, an error, a panic, the terminal closing, and SIGTERM, SIGHUP or SIGINT,
//! each after saving. Ctrl-Z and SIGTSTP give it back too and stop the process, as in any
//! full-screen program; SIGCONT takes it again and draws the table whole. Terminal events,
//! [`signals`](crate::session::signals) and the answers of the worker threads (the computer players'
//! decisions, the expert's hints and deal analyses, [`effects::think`]) come in on one channel
//! from threads of their own, so the table sleeps until something happens (no polling while the
//! player thinks), reads a burst of keys such as a paste through before drawing once, and never
//! waits for any thinking to draw. The app's [`Effect`]s are carried out on the [`Store`], or in
//! memory when there is no store, by [`effects`], as for every front end.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Instant;

use crossterm::cursor::Show;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};

use super::app::App;
use super::messages::Msg;
use super::view;
use crate::session::config::Ending;
use crate::session::effects::{self, Effect};
use crate::session::signals::Signal;
use crate::store::Store;

/// What the table's threads bring to its loop.
enum Input {
    /// A key, a click, a resize.
    Terminal(Event),
    /// A worker thread's answer: a computer player's decision, a hint, an analysis.
    Bot(Box<Msg>),
    /// A signal to end.
    Signal(i32),
    /// SIGTSTP: the terminal is to be given back and the process stopped.
    Stop,
    /// SIGCONT: the process goes on after a stop, and takes the terminal again.
    Continued,
    /// The terminal cannot be read any more.
    Closed,
}

/// Restores the terminal: mouse capture off, raw mode off, the alternate screen left, the
/// cursor shown. Each step is tried whatever the others did, and a failure is not said: a
/// terminal that cannot be restored is one gone (closed, hung up), with nobody to read a word,
/// and standard error may be that very terminal.
fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    let _ = crossterm::terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, Show);
}

/// Runs the table until the player quits, the terminal goes, or a signal asks it to end; the
/// game is saved and the terminal given back in every case. Without a store, nothing is saved.
pub fn run(mut app: App, store: Option<&Store>) -> io::Result<Ending> {
    let (tx, rx) = mpsc::channel::<Input>();
    // Before the screen changes: from here on, a signal ends the table through its loop.
    let signals = tx.clone();
    crate::session::signals::watch(true, move |signal| {
        let input = match signal {
            Signal::End(sig) => Input::Signal(sig),
            Signal::Stop => Input::Stop,
            Signal::Continue => Input::Continued,
        };
        signals.send(input).is_ok()
    })?;
    let mut terminal = ratatui::try_init()?;
    // ratatui's hook restores the screen; mouse capture must be released before it. A computer
    // player's thread that panics leaves the screen to the table, which plays on without it.
    let restoring = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if effects::in_thinking_thread() {
            return;
        }
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restoring(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .and_then(|()| read_terminal(tx.clone(), Input::Terminal, || Input::Closed))
        .and_then(|()| event_loop(&mut terminal, &mut app, store, &tx, &rx));
    // Whatever happened, the last state is on disk before the terminal is given back, a save
    // that failed earlier (a full disk) included.
    let _ = effects::apply(&mut app, store);
    let pending = store.map_or(Ok(()), Store::save_pending);
    // A terminal gone cannot show its cursor again, and dropped, ratatui's terminal would say
    // so on standard error, which may be that very terminal: it is let go without a word.
    if terminal.show_cursor().is_err() {
        std::mem::forget(terminal);
    }
    restore();
    if let Err(e) = pending {
        use std::io::Write as _;
        let _ = writeln!(io::stderr(), "contree: the game's last actions were not saved: {e}");
    }
    result
}

/// Reads the terminal on a thread of its own, every event as it comes, so the loop sleeps on
/// its channel rather than polling: each event sent as `event` makes it, then `closed` once
/// the terminal cannot be read.
pub(super) fn read_terminal<I: Send + 'static>(
    tx: Sender<I>,
    event: fn(Event) -> I,
    closed: fn() -> I,
) -> io::Result<()> {
    std::thread::Builder::new().name("contree-input".into()).spawn(move || {
        loop {
            let (input, end) = match event::read() {
                Ok(e) => (event(e), false),
                Err(_) => (closed(), true),
            };
            if tx.send(input).is_err() || end {
                return;
            }
        }
    })?;
    Ok(())
}

/// Gives the terminal back as it was found (mouse capture off, raw mode off, the alternate
/// screen left, the cursor shown) and stops the process, as the shell's Ctrl-Z does to any
/// program; whatever a failed save left is written first. Returns once the process is continued,
/// and whether it was stopped: the terminal is then taken again at SIGCONT ([`take_back`]), and
/// at once when the process could not stop.
#[cfg(unix)]
fn suspend(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    store: Option<&Store>,
) -> io::Result<bool> {
    if let Some(Err(e)) = store.map(Store::save_pending) {
        let said = app.words().store_error(&e);
        app.tell(said);
    }
    let _ = terminal.show_cursor();
    restore();
    if signal_hook::low_level::raise(signal_hook::consts::SIGSTOP).is_ok() {
        return Ok(true);
    }
    take_back(terminal, app)?;
    Ok(false)
}

/// Without job control, Ctrl-Z does nothing.
#[cfg(not(unix))]
fn suspend(_: &mut ratatui::DefaultTerminal, _: &mut App, _: Option<&Store>) -> io::Result<bool> {
    Ok(false)
}

/// Takes the terminal again when the process goes on after a stop (raw mode, the alternate
/// screen, mouse capture), whoever stopped it, and clears it, so that the next frame is drawn
/// whole at the size the terminal has now.
fn take_back(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    // Raw mode is set afresh rather than trusted to be on still: a shell may reset the terminal's
    // modes while a process it did not see give them back is stopped.
    crossterm::terminal::disable_raw_mode()?;
    crossterm::terminal::enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let size = terminal.size()?;
    terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))?;
    app.update(Msg::Resize(size.width, size.height));
    Ok(())
}

/// When the app's pause, if any, ends: `timer` keeps the pause's number and when it began, so
/// that a new pause number restarts the clock and the same one keeps it.
fn deadline(app: &App, timer: &mut Option<(u64, Instant)>) -> Option<Instant> {
    let Some((serial, d)) = app.wait() else {
        *timer = None;
        return None;
    };
    let start = match *timer {
        Some((s, at)) if s == serial => at,
        _ => Instant::now(),
    };
    *timer = Some((serial, start));
    Some(start + d)
}

/// The app's message for a terminal event: keys, resizes, and of the mouse's reports only
/// presses and the wheel (mouse capture reports every move).
fn terminal_msg(event: Event) -> Option<Msg> {
    match event {
        Event::Key(k) => Some(Msg::Key(k)),
        Event::Mouse(m)
            if matches!(
                m.kind,
                event::MouseEventKind::Down(_)
                    | event::MouseEventKind::ScrollUp
                    | event::MouseEventKind::ScrollDown
            ) =>
        {
            Some(Msg::Mouse(m))
        }
        Event::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    store: Option<&Store>,
    tx: &Sender<Input>,
    rx: &Receiver<Input>,
) -> io::Result<Ending> {
    let mut timer: Option<(u64, Instant)> = None;
    let mut dirty = true;
    // Whether the terminal was given back at a stop, and is to be taken again when continued.
    let mut suspended = false;
    // The app learns the size it is drawn at from the start, as it does every change after.
    let size = terminal.size()?;
    app.update(Msg::Resize(size.width, size.height));
    loop {
        for request in effects::apply(app, store) {
            if request == Effect::Suspend {
                suspended |= suspend(terminal, app, store)?;
                continue;
            }
            let tx = tx.clone();
            effects::spawn_thinking(request, move |answer| {
                let _ = tx.send(Input::Bot(Box::new(answer.into())));
            })?;
        }
        if app.quitting() {
            return Ok(Ending::Quit);
        }
        let deadline = deadline(app, &mut timer);
        // Whatever is waiting is taken first; the frame is drawn when nothing is.
        let input = match rx.try_recv() {
            Ok(input) => Some(input),
            Err(TryRecvError::Disconnected) => return Ok(Ending::Quit),
            Err(TryRecvError::Empty) => {
                // Nothing is drawn on the terminal given back.
                if dirty && !suspended {
                    // A terminal that cannot be drawn on is gone: saved, the table ends.
                    if let Err(e) = view::draw(terminal, app) {
                        return Ok(Ending::cannot_write(&e));
                    }
                    dirty = false;
                }
                match deadline {
                    Some(d) => match rx.recv_timeout(d.saturating_duration_since(Instant::now())) {
                        Ok(input) => Some(input),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return Ok(Ending::Quit),
                    },
                    None => match rx.recv() {
                        Ok(input) => Some(input),
                        Err(_) => return Ok(Ending::Quit),
                    },
                }
            }
        };
        let msg = match input {
            None => {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    timer = None;
                    Some(Msg::Timer)
                } else {
                    None
                }
            }
            Some(Input::Terminal(event)) => terminal_msg(event),
            Some(Input::Bot(m)) => Some(*m),
            Some(Input::Signal(sig)) => return Ok(Ending::Signal(sig)),
            Some(Input::Stop) => {
                suspended |= suspend(terminal, app, store)?;
                None
            }
            // Continued after any stop, the table takes the terminal again and draws itself
            // whole: the screen was the shell's meanwhile.
            Some(Input::Continued) => {
                suspended = false;
                take_back(terminal, app)?;
                dirty = true;
                None
            }
            // The terminal cannot be read: it is gone, as at SIGHUP.
            Some(Input::Closed) => return Ok(Ending::HUNG_UP),
        };
        if let Some(m) = msg {
            app.update(m);
            dirty = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::settings::SETTINGS_FILE;
    use crate::session::settings::Settings;
    use crate::ui::messages::Config;

    fn app() -> App {
        let settings = Settings { level: crate::bots::Level::Random, ..Settings::default() };
        let game = crate::game::new_game(crate::game::GameOptions::default(), 3, None);
        App::new(Config { game: Some(game), ..Config::plain(settings, 3) })
    }

    #[test]
    fn a_new_game_refused_keeps_the_game_last_played_not_the_disks() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("data");
        let store = Store::at(&data).expect("store").without_sync();
        let mut app = app();
        let _ = effects::apply_effects(&mut app, &store);
        // The disk refuses from now on: a file stands where the directory was.
        std::fs::rename(&data, dir.path().join("away")).expect("move away");
        std::fs::write(&data, b"not a directory").expect("block");
        let mut game = app.game().cloned().expect("a game");
        let seat = game.to_act().expect("someone to act");
        let mut rng = <rand::rngs::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(1);
        let action = game.random_action(&mut rng).expect("an action");
        game.apply(seat, action).expect("legal");
        assert!(store.save_game(&game).is_err());
        // From the start screen, a new game: refused, since the game it replaces cannot be filed.
        app.table_item(crate::ui::hits::TableItem::SaveAndLeave);
        let _ = app.take_effects();
        app.new_game();
        let _ = effects::apply_effects(&mut app, &store);
        let kept = app.resume().map(|r| r.game.to_save().deals);
        assert_eq!(kept, Some(game.to_save().deals), "the game as last played is offered");
        assert!(app.status().is_some());
    }

    #[test]
    fn effects_reach_the_store_and_bots_are_handed_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut app = app();
        app.change_setting(crate::session::settings::SettingItem::Hint, true);
        let _ = effects::apply_effects(&mut app, &store);
        assert!(dir.path().join("game.json").exists());
        let saved: Option<Settings> = store.read_json(SETTINGS_FILE).expect("readable");
        assert_eq!(saved.map(|s| s.hint), Some(true));
        assert_eq!(app.status(), None);
        // The players sit down; once they are met and the deal seen, the first bot's turn comes
        // back as a request to think, not carried out here.
        app.update(Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Esc)));
        app.update(Msg::Timer);
        app.update(Msg::Timer);
        let asked = effects::apply_effects(&mut app, &store);
        let south_first = app.game().and_then(|g| g.to_act()) == Some(crate::rules::Seat::South);
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
        let _ = effects::apply_effects(&mut app, &store);
        let status = app.status().expect("the failure is shown");
        assert_eq!(status.lines().count(), 1, "{status}");
        assert!(app.game().is_some());
    }
}
