//! The runner of the line mode at a remote table: reads standard input a line at a time on a
//! thread of its own, takes the host's events as they come, and writes each line said at once
//! (flushed). A call or a card typed before the player's turn waits for it, as the solo line
//! mode's lines wait for the computer players, so that a script's lines land where they are
//! meant to. A connection lost is joined again with the seat's token; the end of the input or
//! `quit` closes it (the seat waits the table's grace time for the player).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use super::{JoinLine, Request};
use crate::files::read_line;
use crate::net::client::{Remote, RemoteEvent};
use crate::net::wire::{ClientMsg, ErrorCode};
use crate::session::friends;
use crate::session::remote::Joining;
use crate::session::work::{self, ANALYSIS_THREAD, HINT_THREAD};

/// How long reaching the host may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How many times a lost connection is tried again, a second or more apart.
const REJOIN_TRIES: u32 = 20;

/// How the line mode at a remote table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The player quit, the input ended, or the game is over.
    Done,
    /// The host could not be reached, or refused the player.
    Failed,
}

/// What the loop is brought.
enum Input {
    Line(String),
    End,
}

/// Plays the line mode at the remote table until the player quits, the input ends, the game
/// is over, or the host cannot be reached.
pub fn run(mut line: JoinLine, joining: &Joining) -> io::Result<Ended> {
    let mut out = io::stdout().lock();
    // The games with friends not filed at their end are filed now, before another begins.
    for (path, filing) in friends::file_kept(&joining.dir) {
        let said = match filing {
            Ok(filing) => line.words.filing(&filing),
            Err(why) => line.words.kept_unreadable(&path, &why),
        };
        line.say(said);
    }
    let Some(remote) = connect(&mut line, joining, &mut out)? else {
        return Ok(Ended::Failed);
    };
    match &joining.code {
        Some(code) => remote.join(code, joining.password.clone(), joining.seat),
        None => remote.create(joining.setup.clone(), joining.seat),
    }
    let (tx, rx) = mpsc::channel();
    read_input(tx)?;
    let ended = lines_loop(&mut line, remote, joining, &rx, &mut out);
    write(&mut out, line.take_said())?;
    ended
}

/// Reaches the host, saying so; `None` (said why) when it cannot.
fn connect(
    line: &mut JoinLine,
    joining: &Joining,
    out: &mut impl Write,
) -> io::Result<Option<Remote>> {
    let connect = joining.connection(CONNECT_TIMEOUT);
    let w = line.words;
    let said = match Remote::connect(connect) {
        Ok(remote) => {
            line.say(w.connected_to(&joining.addr, &remote.fingerprint, remote.first_contact));
            Some(remote)
        }
        Err(e) => {
            line.say(w.connect_error(&e));
            None
        }
    };
    write(out, line.take_said())?;
    Ok(said)
}

/// Reads standard input on a thread of its own, a line at a time, then its end.
fn read_input(tx: Sender<Input>) -> io::Result<()> {
    std::thread::Builder::new().name("contree-input".into()).spawn(move || {
        let stdin = io::stdin();
        let terminal = std::io::IsTerminal::is_terminal(&stdin);
        let mut input = stdin.lock();
        let mut text = Vec::new();
        loop {
            let read = match read_line(&mut input, &mut text, terminal) {
                Ok(Some(_)) => {
                    let line = String::from_utf8_lossy(&text);
                    Input::Line(line.trim_end_matches(['\n', '\r']).to_string())
                }
                Ok(None) | Err(_) => Input::End,
            };
            let end = matches!(read, Input::End);
            if tx.send(read).is_err() || end {
                return;
            }
        }
    })?;
    Ok(())
}

/// Writes `lines`, each flushed as it goes.
fn write(out: &mut impl Write, lines: Vec<String>) -> io::Result<()> {
    for l in lines {
        writeln!(out, "{l}")?;
        out.flush()?;
    }
    Ok(())
}

/// The lines typed and not sent yet, and the revision the last action was sent at.
#[derive(Default)]
struct Typed {
    lines: VecDeque<String>,
    ended: bool,
    acted_at: Option<u64>,
}

fn lines_loop(
    line: &mut JoinLine,
    mut remote: Remote,
    joining: &Joining,
    rx: &Receiver<Input>,
    out: &mut impl Write,
) -> io::Result<Ended> {
    let mut typed = Typed::default();
    let (advised_tx, advised) = mpsc::channel();
    let (analysed_tx, analysed) = mpsc::channel();
    loop {
        while let Ok((revision, advice)) = advised.try_recv() {
            line.advised(revision, advice);
        }
        while let Ok((n, analysis)) = analysed.try_recv() {
            line.analysed(n, analysis);
        }
        while let Ok(input) = rx.try_recv() {
            match input {
                Input::Line(l) => typed.lines.push_back(l),
                Input::End => typed.ended = true,
            }
        }
        if let Some(request) = next_request(line, &mut typed) {
            match request {
                Request::Send(msg) => remote.send(msg),
                Request::Hint(request) => {
                    let (tx, revision) = (advised_tx.clone(), request.revision);
                    let advised = move |advice| drop(tx.send((revision, advice)));
                    work::on_thread(HINT_THREAD, move || request.advise(), advised)?;
                }
                Request::Analyse(n, request) => {
                    let tx = analysed_tx.clone();
                    let analysed = move |analysis| drop(tx.send((n, analysis)));
                    work::on_thread(ANALYSIS_THREAD, move || request.analyse(), analysed)?;
                }
                Request::Quit => return Ok(Ended::Done),
            }
        } else if typed.ended && typed.lines.is_empty() {
            return Ok(Ended::Done);
        }
        let event = remote.next_event(Duration::from_millis(20));
        if event.is_none() {
            line.quiet();
        }
        if let Some(event) = event
            && let Some(ended) = take_event(line, event, &mut remote, joining, &mut typed, out)?
        {
            return Ok(ended);
        }
        write(out, line.take_said())?;
    }
}

/// Takes in one event of the host: says it, joins again after a lost connection; how the
/// line mode ends, if it does.
fn take_event(
    line: &mut JoinLine,
    event: RemoteEvent,
    remote: &mut Remote,
    joining: &Joining,
    typed: &mut Typed,
    out: &mut impl Write,
) -> io::Result<Option<Ended>> {
    let seated = line.table.code.is_some();
    let (closed, refused) = match &event {
        RemoteEvent::Closed(why) => (Some(*why), false),
        RemoteEvent::Error { .. } => {
            typed.acted_at = None;
            (None, true)
        }
        _ => (None, false),
    };
    // The table stops (not saved, or its game cut short): there is nothing more to play.
    let stopped = matches!(
        event,
        RemoteEvent::Error { error: ErrorCode::NotSaved | ErrorCode::CutShort, .. }
    );
    let ending = matches!(event, RemoteEvent::GameOver { .. });
    line.event(event);
    if ending {
        let said = match line.table.played(&joining.addr) {
            Some(played) => line.words.filing(&friends::file(&joining.dir, &played)),
            None => line.words.not_sent_whole(),
        };
        line.say(said);
    }
    write(out, line.take_said())?;
    match closed {
        // Refused before sitting down (no such table, a wrong password, a seat taken): the
        // player joins again with other flags.
        None if (refused && !seated) || stopped => Ok(Some(Ended::Failed)),
        Some(None | Some(ErrorCode::ShuttingDown)) if seated && !line.game_over() => {
            line.say(line.words.connection_lost(true));
            write(out, line.take_said())?;
            let Some(back) = rejoin(line, joining, out)? else {
                return Ok(Some(Ended::Failed));
            };
            *remote = back;
            typed.acted_at = None;
            Ok(None)
        }
        Some(why) => {
            if let Some(why) = why {
                line.say(line.words.net_error(why));
            }
            line.say(line.words.connection_lost(false));
            Ok(Some(if line.game_over() { Ended::Done } else { Ended::Failed }))
        }
        None if line.game_over() => Ok(Some(Ended::Done)),
        None => Ok(None),
    }
}

/// The next line typed that may go now: a call or a card waits for the player's turn, and one
/// action a turn is sent.
fn next_request(line: &mut JoinLine, typed: &mut Typed) -> Option<Request> {
    loop {
        let text = typed.lines.front()?;
        // An idle player's line first takes their seat back from the bot.
        if let Some(back) = line.come_back() {
            return Some(back);
        }
        let revision = line.table.view.as_ref().map(|v| v.revision);
        let turn = line.table.my_turn() && typed.acted_at != revision;
        if is_action(line, text) && !turn {
            return None;
        }
        let text = typed.lines.pop_front()?;
        let request = line.typed(&text);
        if let Some(Request::Send(ClientMsg::Act { .. })) = &request {
            typed.acted_at = revision;
        }
        if request.is_some() {
            return request;
        }
    }
}

/// Whether `text` is a call or a card.
fn is_action(line: &JoinLine, text: &str) -> bool {
    use super::parse::Command;
    matches!(
        super::parse::parse(line.words.lang, text),
        Some(Command::Call(_) | Command::Play(_) | Command::Declare | Command::KeepQuiet)
    )
}

/// Joins the table again after a lost connection, with the seat's token, a second or more
/// between tries.
fn rejoin(
    line: &mut JoinLine,
    joining: &Joining,
    out: &mut impl Write,
) -> io::Result<Option<Remote>> {
    let code = line.table.code.clone().unwrap_or_default();
    for n in 0..REJOIN_TRIES {
        std::thread::sleep(Duration::from_secs(1 + u64::from(n / 5)));
        if let Ok(remote) = Remote::connect(joining.connection(CONNECT_TIMEOUT)) {
            remote.join(&code, joining.password.clone(), None);
            return Ok(Some(remote));
        }
    }
    line.say(line.words.connection_lost(false));
    write(out, line.take_said())?;
    Ok(None)
}
