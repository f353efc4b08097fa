//! The signals a front end's loop hears: SIGTERM, SIGHUP and SIGINT end it, after it has saved,
//! and a second one while that is under way ends the process at once, in case saving is stuck;
//! SIGTSTP and SIGCONT, when the loop takes them, stop and continue it, so that the screen gives
//! the terminal back before the process stops. Each comes to the loop as a [`Signal`] from a
//! thread of its own.

use std::io;

/// The signal a closed terminal sends.
#[cfg(unix)]
pub const HANGUP: i32 = signal_hook::consts::SIGHUP;
/// See the Unix one.
#[cfg(not(unix))]
pub const HANGUP: i32 = 1;

/// A signal, as the loop hears it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGTERM, SIGHUP or SIGINT (its number): save and end.
    End(i32),
    /// SIGTSTP: stop the process, once ready.
    Stop,
    /// SIGCONT: the process goes on after a stop.
    Continue,
}

/// Sends the signals to `send` from a thread of its own, until `send` says the loop is gone.
/// With `stops`, SIGTSTP and SIGCONT are sent too, and the process no longer stops at SIGTSTP by
/// itself; without, they keep their usual action.
#[cfg(unix)]
pub fn watch(stops: bool, send: impl Fn(Signal) -> bool + Send + 'static) -> io::Result<()> {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
    let ending = Arc::new(AtomicBool::new(false));
    for sig in [SIGTERM, SIGHUP, SIGINT] {
        // The shutdown goes first so that it fires only from the second signal on.
        signal_hook::flag::register_conditional_shutdown(sig, 1, Arc::clone(&ending))?;
        signal_hook::flag::register(sig, Arc::clone(&ending))?;
    }
    let mut watched = vec![SIGTERM, SIGHUP, SIGINT];
    if stops {
        watched.extend([SIGTSTP, SIGCONT]);
    }
    let mut signals = signal_hook::iterator::Signals::new(watched)?;
    std::thread::Builder::new().name("contree-signals".into()).spawn(move || {
        for sig in signals.forever() {
            let signal = match sig {
                SIGTSTP => Signal::Stop,
                SIGCONT => Signal::Continue,
                sig => Signal::End(sig),
            };
            if !send(signal) {
                return;
            }
        }
    })?;
    Ok(())
}

/// Sends the number of each signal that ends the process (SIGTERM, SIGHUP, SIGINT) to `send`,
/// from a thread of its own, until `send` says the loop is gone; SIGTSTP and SIGCONT keep their
/// usual action. For a front end that only ends on them.
pub fn watch_ends(send: impl Fn(i32) -> bool + Send + 'static) -> io::Result<()> {
    watch(false, move |signal| match signal {
        Signal::End(sig) => send(sig),
        Signal::Stop | Signal::Continue => true,
    })
}

/// Without Unix signals, nothing is watched.
#[cfg(not(unix))]
pub fn watch(_: bool, _: impl Fn(Signal) -> bool + Send + 'static) -> io::Result<()> {
    Ok(())
}
