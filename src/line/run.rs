//! The line mode's runner: reads standard input a line at a time on a thread of its own, writes
//! each line said to standard output as it comes (flushed, so that a screen reader or a script
//! hears it at once), and carries out the effects as every front end's are ([`effects`]): the
//! store's, and the thinking on worker threads. A line typed waits until every answer asked of
//! the workers is in, so that what a script types comes at the turn it was meant for. The end
//! of the input, a `quit`, SIGTERM, SIGHUP or SIGINT save and end; a stdout that stopped reading
//! (`| head`) ends as a quit does, and one that cannot be written any more (the terminal closed)
//! or an input that cannot be read ends as SIGHUP does, saved, without a word: nobody is there
//! to read it.
//!
//! A line is read up to [`LINE_LIMIT`] bytes, the rest read through and dropped, as the other
//! commands read theirs. At a terminal, the end of the input typed after part of a line (Ctrl-D)
//! ends that line, and a second one ends the input.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{self, Sender};

use super::LineMode;
use crate::files::read_line;
use crate::session::config::Ending;
use crate::session::effects::{self, Effect};
use crate::session::work::Answer;
use crate::store::Store;

/// The longest line read, in bytes: a command is a few words.
pub use crate::files::LINE_LIMIT;

/// What the line mode's threads bring to its loop.
enum Input {
    /// A line typed, without its end of line.
    Line(String),
    /// A line longer than [`LINE_LIMIT`], not read.
    TooLong,
    /// The end of the input.
    End,
    /// The input cannot be read any more: the terminal is gone.
    Gone,
    /// A worker's answer.
    Answer(Box<Answer>),
    /// A signal to end.
    Signal(i32),
}

/// Plays the line mode until the player quits, the input ends or a signal asks it to end; the
/// game is saved in every case. Without a store, nothing is saved.
pub fn run(mut line: LineMode, store: Option<&Store>) -> io::Result<Ending> {
    run_on(&mut line, store)
}

/// [`run`] on a line mode that stays the caller's, to ask it afterwards how it ended.
pub fn run_on(line: &mut LineMode, store: Option<&Store>) -> io::Result<Ending> {
    let (tx, rx) = mpsc::channel::<Input>();
    let signals = tx.clone();
    crate::session::signals::watch_ends(move |sig| signals.send(Input::Signal(sig)).is_ok())?;
    // A thinking thread that panics is answered as failed; the game goes on without a word of
    // it on the lines.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !effects::in_thinking_thread() {
            default_hook(info);
        }
    }));
    read_input(tx.clone())?;
    let mut out = io::stdout().lock();
    let result = lines_loop(line, store, &tx, &rx, &mut out);
    // Whatever happened, the last state is on disk before leaving.
    let _ = effects::apply(line, store);
    let pending = store.map_or(Ok(()), Store::save_pending);
    let _ = write(&mut out, line.take_said());
    if let Err(e) = pending {
        // Standard error may be gone with the terminal: nothing to do then.
        let _ = writeln!(io::stderr(), "contree: the game's last actions were not saved: {e}");
    }
    result
}

/// Reads standard input on a thread of its own, a line at a time, then its end.
fn read_input(tx: Sender<Input>) -> io::Result<()> {
    use std::io::IsTerminal;
    std::thread::Builder::new().name("contree-input".into()).spawn(move || {
        let stdin = io::stdin();
        let terminal = stdin.is_terminal();
        let mut input = stdin.lock();
        let mut text = Vec::new();
        loop {
            let read = match read_line(&mut input, &mut text, terminal) {
                Ok(None) => Input::End,
                Err(_) => Input::Gone,
                Ok(Some(true)) => Input::TooLong,
                Ok(Some(false)) => {
                    let line = String::from_utf8_lossy(&text);
                    Input::Line(line.trim_end_matches(['\n', '\r']).to_string())
                }
            };
            let end = matches!(read, Input::End | Input::Gone);
            if tx.send(read).is_err() || end {
                return;
            }
        }
    })?;
    Ok(())
}

/// A line typed, as the loop keeps it until the computer players have acted.
enum Typed {
    /// Its words.
    Line(String),
    /// Longer than [`LINE_LIMIT`].
    TooLong,
}

/// Writes `lines`, each flushed as it goes.
fn write(out: &mut impl Write, lines: Vec<String>) -> io::Result<()> {
    for l in lines {
        writeln!(out, "{l}")?;
        out.flush()?;
    }
    Ok(())
}

fn lines_loop(
    line: &mut LineMode,
    store: Option<&Store>,
    tx: &Sender<Input>,
    rx: &mpsc::Receiver<Input>,
    out: &mut impl Write,
) -> io::Result<Ending> {
    // The answers asked of the workers and not in yet, and the lines typed meanwhile.
    let mut awaited = 0usize;
    let mut typed: VecDeque<Option<Typed>> = VecDeque::new();
    loop {
        for request in effects::apply(line, store) {
            // A program of lines is stopped by the shell as it is.
            if request == Effect::Suspend {
                continue;
            }
            let tx = tx.clone();
            effects::spawn_thinking(request, move |answer| {
                let _ = tx.send(Input::Answer(Box::new(answer)));
            })?;
            awaited += 1;
        }
        if let Err(e) = write(out, line.take_said()) {
            // Nobody reads any more: the game is saved and the mode ends, as at a quit when
            // the reader stopped, as at SIGHUP when the terminal is gone (or cannot be written).
            return Ok(Ending::cannot_write(&e));
        }
        if line.quit {
            return Ok(Ending::Quit);
        }
        if awaited == 0
            && let Some(next) = typed.pop_front()
        {
            match next {
                Some(Typed::Line(text)) => line.input(&text),
                Some(Typed::TooLong) => line.too_long(),
                None => line.end(),
            }
            continue;
        }
        match rx.recv() {
            Ok(Input::Answer(answer)) => {
                awaited = awaited.saturating_sub(1);
                line.answer(*answer);
            }
            Ok(Input::Line(text)) => typed.push_back(Some(Typed::Line(text))),
            Ok(Input::TooLong) => typed.push_back(Some(Typed::TooLong)),
            Ok(Input::End) => typed.push_back(None),
            Ok(Input::Gone) => return Ok(Ending::HUNG_UP),
            Ok(Input::Signal(sig)) => return Ok(Ending::Signal(sig)),
            Err(_) => return Ok(Ending::Quit),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};

    use proptest::prelude::*;

    use super::*;

    /// Every line of `input` as `read_line` reads it, with whether it was too long.
    fn lines_of(input: impl Read, terminal: bool) -> Vec<(Vec<u8>, bool)> {
        let mut input = BufReader::new(input);
        let (mut text, mut out) = (Vec::new(), Vec::new());
        while let Some(too_long) = read_line(&mut input, &mut text, terminal).expect("read") {
            out.push((text.clone(), too_long));
        }
        out
    }

    /// What a terminal gives each read: a line, part of one (Ctrl-D typed after it), or
    /// nothing (Ctrl-D on an empty line).
    struct Terminal(Vec<&'static [u8]>);

    impl Read for Terminal {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let chunk = self.0.remove(0);
            buf[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    #[test]
    fn at_a_terminal_ctrl_d_ends_a_partial_line_and_a_second_one_the_input() {
        let typed = Terminal(vec![b"pass\n", b"hel", b"", b"never read\n"]);
        let lines = lines_of(typed, true);
        assert_eq!(lines, [(b"pass".to_vec(), false), (b"hel".to_vec(), false)]);
        // From a pipe, a line comes in pieces, and the end of the input ends the last one.
        let piped = Terminal(vec![b"pa", b"ss\nhel", b""]);
        assert_eq!(lines_of(piped, false), [(b"pass".to_vec(), false), (b"hel".to_vec(), false)]);
    }

    #[test]
    fn a_line_longer_than_the_limit_is_read_through_and_the_next_one_whole() {
        let long = io::repeat(b'x').take(3 * LINE_LIMIT as u64);
        let lines = lines_of(long.chain(&b"\nhand\n"[..]), false);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].1 && lines[0].0.len() == LINE_LIMIT, "{}", lines[0].0.len());
        assert_eq!(lines[1], (b"hand".to_vec(), false));
    }

    proptest! {
        /// Any bytes from a pipe are its lines, split at each newline, the last one without
        /// its newline too; nothing is lost nor made up.
        #[test]
        fn any_bytes_are_read_as_their_lines(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let lines = lines_of(bytes.as_slice(), false);
            let mut expected: Vec<(Vec<u8>, bool)> =
                bytes.split(|&b| b == b'\n').map(|l| (l.to_vec(), false)).collect();
            if bytes.is_empty() || bytes.ends_with(b"\n") {
                expected.pop();
            }
            prop_assert_eq!(lines, expected);
        }
    }
}
