//! The runner of the terminal table at a host's table (`contree join ADDR`): reaches the host
//! before it takes the terminal (a host that cannot be reached is said on standard error, the
//! terminal untouched), then owns the terminal (raw mode, alternate screen, mouse capture) as
//! the solo table's runner does, and gives it back on every exit: a quit, the game's end, the
//! connection's, an error, a panic, the terminal closing, SIGTERM, SIGHUP or SIGINT. Keys and
//! clicks come from a thread of their own; the host's events are taken as they come, a short
//! wait apart, and the table is drawn when something changed.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, MouseEventKind};
use crossterm::execute;
use crossterm::terminal::LeaveAlternateScreen;

use super::remote::{self, RemoteScreen, Request};
use crate::net::client::{Remote, RemoteEvent};
use crate::session::friends;
use crate::session::remote::Joining;
use crate::session::work::{self, ANALYSIS_THREAD, HINT_THREAD};

/// How long reaching the host may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the loop waits for a key before it looks at the host's events.
const TICK: Duration = Duration::from_millis(25);

/// How many times a lost connection is tried again, a second or more apart.
const REJOIN_TRIES: u32 = 20;

/// How long reaching the host again may take, the table waiting meanwhile.
const REJOIN_TIMEOUT: Duration = Duration::from_secs(3);

/// How the table at a remote table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The player left, or the game is over.
    Done,
    /// The host could not be reached, refused the player, or the connection is over before
    /// the game's end.
    Failed,
    /// A signal ended it (its number).
    Signal(i32),
}

/// What the terminal's and the signals' threads bring to the loop.
enum Input {
    Terminal(Event),
    /// The expert's hint, for the revision it was asked at.
    Advised(u64, Option<crate::bots::expert::Advice>),
    /// The expert's analysis of a finished deal, by its number.
    Analysed(usize, Option<crate::bots::expert::DealAnalysis>),
    Signal(i32),
    Closed,
}

fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    let _ = crossterm::terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Plays the remote table in the terminal until the player leaves, the game is over, or the
/// connection ends.
pub fn run(mut screen: RemoteScreen, joining: &Joining) -> io::Result<Ended> {
    let remote = match Remote::connect(joining.connection(CONNECT_TIMEOUT)) {
        Ok(remote) => remote,
        Err(e) => {
            eprintln!("contree join: {}", screen.words().connect_error(&e));
            return Ok(Ended::Failed);
        }
    };
    match &joining.code {
        Some(code) => remote.join(code, joining.password.clone(), joining.seat),
        None => remote.create(joining.setup.clone(), joining.seat),
    }
    // The games with friends not filed at their end are filed now, before another begins.
    let w = screen.words();
    let kept: Vec<String> = friends::file_kept(&joining.dir)
        .into_iter()
        .map(|(path, filing)| match filing {
            Ok(filing) => w.filing(&filing),
            Err(why) => w.kept_unreadable(&path, &why),
        })
        .collect();
    if !kept.is_empty() {
        screen.tell(kept.join(" "));
    }
    let (tx, rx) = mpsc::channel::<Input>();
    let signals = tx.clone();
    crate::session::signals::watch_ends(move |sig| signals.send(Input::Signal(sig)).is_ok())?;
    let mut terminal = ratatui::try_init()?;
    let restoring = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // The expert's threads failing leave the screen to the table, which plays on.
        if matches!(std::thread::current().name(), Some(HINT_THREAD | ANALYSIS_THREAD)) {
            return;
        }
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restoring(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture)
        .and_then(|()| super::run::read_terminal(tx.clone(), Input::Terminal, || Input::Closed))
        .and_then(|()| event_loop(&mut terminal, &mut screen, (remote, joining), (&tx, &rx)));
    if terminal.show_cursor().is_err() {
        std::mem::forget(terminal);
    }
    restore();
    if let Some(told) = screen.closed_why() {
        eprintln!("contree join: {told}");
    }
    // What became of the finished game stays in sight once the table is gone.
    if let Some(filed) = screen.filed() {
        println!("{filed}");
    }
    result
}

/// A lost connection made again: how many tries were made, and when the next is.
struct Rejoin {
    tries: u32,
    at: Instant,
}

impl Rejoin {
    fn new() -> Rejoin {
        Rejoin { tries: 0, at: Instant::now() + Duration::from_secs(1) }
    }

    /// Tries once more when due: the new connection, seated again with the seat's token;
    /// `Err` once every try failed.
    fn attempt(&mut self, joining: &Joining, code: &str) -> Result<Option<Remote>, ()> {
        if Instant::now() < self.at {
            return Ok(None);
        }
        if let Ok(remote) = Remote::connect(joining.connection(REJOIN_TIMEOUT)) {
            remote.join(code, joining.password.clone(), None);
            return Ok(Some(remote));
        }
        self.tries += 1;
        self.at = Instant::now() + Duration::from_secs(1 + u64::from(self.tries / 5));
        if self.tries >= REJOIN_TRIES { Err(()) } else { Ok(None) }
    }
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    screen: &mut RemoteScreen,
    (mut remote, joining): (Remote, &Joining),
    (tx, rx): (&Sender<Input>, &Receiver<Input>),
) -> io::Result<Ended> {
    let mut dirty = true;
    let mut rejoin: Option<Rejoin> = None;
    loop {
        if screen.take_lost() {
            rejoin = Some(Rejoin::new());
        }
        let code = screen.table.code.clone().unwrap_or_default();
        match rejoin.as_mut().map(|r| r.attempt(joining, &code)) {
            Some(Ok(Some(back))) => {
                remote = back;
                rejoin = None;
            }
            Some(Err(())) => {
                screen.close(screen.words().remote_closed());
                rejoin = None;
                dirty = true;
            }
            Some(Ok(None)) | None => {}
        }
        while let Ok(event) = remote.events().try_recv() {
            let closed = matches!(event, RemoteEvent::Closed(_));
            let ending = matches!(event, RemoteEvent::GameOver { .. });
            screen.event(event);
            if ending {
                // The game goes into the player's own history and statistics.
                let w = screen.words();
                let said = match screen.table.played(&joining.addr) {
                    Some(played) => w.filing(&friends::file(&joining.dir, &played)),
                    None => w.not_sent_whole(),
                };
                screen.file(said);
            }
            dirty = true;
            if closed {
                break;
            }
        }
        if dirty {
            terminal.draw(|f| remote::draw(screen, f.area(), f.buffer_mut()))?;
            dirty = false;
        }
        let requests = match rx.recv_timeout(TICK) {
            Ok(Input::Terminal(Event::Key(k))) if k.kind == event::KeyEventKind::Press => {
                dirty = true;
                screen.key(k)
            }
            Ok(Input::Terminal(Event::Mouse(m))) if matches!(m.kind, MouseEventKind::Down(_)) => {
                dirty = true;
                screen.click(m.column, m.row)
            }
            Ok(Input::Terminal(Event::Mouse(m)))
                if matches!(m.kind, MouseEventKind::ScrollUp | MouseEventKind::ScrollDown) =>
            {
                dirty = true;
                screen.wheel(m.kind == MouseEventKind::ScrollUp);
                Vec::new()
            }
            Ok(Input::Terminal(Event::Resize(..))) => {
                dirty = true;
                Vec::new()
            }
            Ok(Input::Terminal(_)) | Err(RecvTimeoutError::Timeout) => Vec::new(),
            Ok(Input::Advised(revision, advice)) => {
                dirty = true;
                screen.advised(revision, advice);
                Vec::new()
            }
            Ok(Input::Analysed(n, analysis)) => {
                dirty = true;
                screen.analysed(n, analysis);
                Vec::new()
            }
            Ok(Input::Signal(sig)) => return Ok(Ended::Signal(sig)),
            Ok(Input::Closed) | Err(RecvTimeoutError::Disconnected) => return Ok(Ended::Done),
        };
        for request in requests {
            match request {
                Request::Send(msg) => remote.send(msg),
                Request::Hint(request) => {
                    let (tx, revision) = (tx.clone(), request.revision);
                    let advised = move |advice| drop(tx.send(Input::Advised(revision, advice)));
                    work::on_thread(HINT_THREAD, move || request.advise(), advised)?;
                }
                Request::Analyse(n, request) => {
                    let tx = tx.clone();
                    let analysed = move |analysis| drop(tx.send(Input::Analysed(n, analysis)));
                    work::on_thread(ANALYSIS_THREAD, move || request.analyse(), analysed)?;
                }
                Request::Quit if screen.game_over() => return Ok(Ended::Done),
                Request::Quit if screen.closed() => return Ok(Ended::Failed),
                Request::Quit => return Ok(Ended::Done),
            }
        }
    }
}
