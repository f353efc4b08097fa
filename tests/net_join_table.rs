//! `contree join ADDR` at the terminal table, in a pseudo-terminal, against a real host on
//! loopback: the creator's waiting room shows the code, a click on `[Start]` starts the game,
//! keys bid and play a whole deal to its end and the next deal begins, `q` leaves with status 0
//! and the terminal given back; a table that is not there is said, with status 1 and the
//! terminal given back; `NO_COLOR` and `--ascii` draw neither a colour nor a character past
//! ASCII. The screen is read with vt100; every wait has a timeout.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contree::net::host::{HostConfig, Limits, Running, start};
use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;

fn host(dir: &std::path::Path) -> Running {
    let mut config = HostConfig::new("127.0.0.1:0".parse().expect("an address"), dir.into());
    config.limits = Limits { per_second: 1000, burst: 2000, ..Limits::default() };
    config.deal_pause = Duration::from_millis(300);
    config.sync = false;
    start(config).expect("the host starts")
}

struct Joined {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Joined {
    fn start(addr: &str, dir: &std::path::Path, more: &[&str]) -> Joined {
        Joined::start_env(addr, dir, more, &[])
    }

    /// Starts as [`Joined::start`] does, with environment variables set.
    fn start_env(addr: &str, dir: &std::path::Path, more: &[&str], env: &[(&str, &str)]) -> Joined {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_contree"));
        cmd.args(["join", addr, "--name", "Ana", "--lang", "en", "--level", "random"]);
        cmd.args(more);
        cmd.env("CONTREE_DATA_DIR", dir);
        cmd.env("TERM", "xterm-256color");
        cmd.env("LANG", "en_US.UTF-8");
        cmd.env_remove("LC_ALL");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn contree");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("reader");
        let writer = pty.master.take_writer().expect("writer");
        let rows = std::num::NonZeroU16::new(ROWS).expect("rows");
        let cols = std::num::NonZeroU16::new(COLS).expect("cols");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let s = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                s.lock().expect("screen").process(&buf[..n]);
            }
        });
        Joined { child, writer, screen, _master: pty.master }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write");
        self.writer.flush().expect("flush");
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if self.contents().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("no {text:?} on the screen:\n{}", self.contents());
    }

    /// Clicks the first cell of `text` on the screen, as a terminal reports a click (SGR).
    fn click(&mut self, text: &str) {
        let contents = self.contents();
        let (row, line) = contents
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .unwrap_or_else(|| panic!("no {text:?} to click:\n{contents}"));
        let byte = line.find(text).expect("found");
        let col = line[..byte].chars().count();
        let press = format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1);
        self.send(press.as_bytes());
    }

    fn wait_end(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if let Some(status) = self.child.try_wait().expect("status") {
                std::thread::sleep(Duration::from_millis(300));
                return status;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("contree did not end; the screen:\n{}", self.contents());
    }

    fn assert_given_back(&self) {
        let parser = self.screen.lock().expect("screen");
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    }
}

#[test]
fn a_deal_is_played_at_the_terminal_table_against_a_real_host() {
    let host_dir = tempfile::tempdir().expect("a directory");
    let running = host(host_dir.path());
    let dir = tempfile::tempdir().expect("a directory");
    let mut ana = Joined::start(&running.addr.to_string(), dir.path(), &[]);
    ana.wait_for("Waiting room");
    ana.wait_for("Give your friends this code");
    ana.wait_for("Ana (you)");
    ana.click("[Start]");
    ana.wait_for("Auction");
    // Enter passes, plays the card selected (one the rules allow), confirms, and goes on after
    // the deal's end, until a deal is over and the next one dealt.
    // Ana's first call is a bid (the lowest value, then the first suit), so that the deal is
    // played.
    let start = Instant::now();
    let (mut bid, mut cards_played) = (false, 0);
    loop {
        assert!(start.elapsed() < Duration::from_secs(90), "no deal's end:\n{}", ana.contents());
        let screen = ana.contents();
        if screen.contains("Deal over") {
            assert!(screen.contains("Total:"), "{screen}");
            ana.send(b"\r");
            break;
        } else if screen.contains("Your turn to bid") && !bid {
            bid = true;
            ana.send(b"\x1b[C");
            std::thread::sleep(Duration::from_millis(50));
            ana.send(b"\r\r");
        } else if screen.contains("Your turn to bid") {
            ana.send(b"\r");
        } else if screen.contains("Your turn") {
            cards_played += 1;
            ana.send(b"\r");
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    assert!(cards_played >= 8, "Ana played {cards_played} times");
    ana.wait_for("Your turn to bid");
    ana.send(b"q");
    let status = ana.wait_end();
    assert!(status.success(), "{status:?}");
    ana.assert_given_back();
    drop(running);
}

#[test]
fn a_table_that_is_not_there_is_said_and_the_terminal_given_back() {
    let host_dir = tempfile::tempdir().expect("a directory");
    let running = host(host_dir.path());
    let dir = tempfile::tempdir().expect("a directory");
    let mut ana = Joined::start(&running.addr.to_string(), dir.path(), &["--table", "ACDEFH"]);
    ana.wait_for("No table has that code.");
    ana.send(b"x");
    let status = ana.wait_end();
    assert_eq!(status.exit_code(), 1);
    ana.assert_given_back();
    // Said again once the terminal is given back.
    ana.wait_for("contree join: No table has that code.");
}

#[test]
fn no_color_and_ascii_are_honoured() {
    let host_dir = tempfile::tempdir().expect("a directory");
    let running = host(host_dir.path());
    let dir = tempfile::tempdir().expect("a directory");
    let addr = running.addr.to_string();
    let mut ana = Joined::start_env(&addr, dir.path(), &["--ascii"], &[("NO_COLOR", "1")]);
    ana.wait_for("Waiting room");
    ana.wait_for("Ana (you)");
    let contents = ana.contents();
    assert!(contents.is_ascii(), "{contents}");
    {
        let parser = ana.screen.lock().expect("screen");
        let screen = parser.screen();
        for row in 0..ROWS {
            for col in 0..COLS {
                let cell = screen.cell(row, col).expect("a cell");
                assert_eq!(cell.fgcolor(), vt100::Color::Default, "at {row},{col}");
                assert_eq!(cell.bgcolor(), vt100::Color::Default, "at {row},{col}");
            }
        }
    }
    ana.send(b"q");
    assert!(ana.wait_end().success());
    ana.assert_given_back();
}
