//! The real binary in a pseudo-terminal: start, bid, play a card, quit, find the save, start
//! again and resume at the same point. The screen is read with vt100; every wait has a timeout.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("not zero")
}

struct Table {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
}

impl Table {
    fn start(dir: &std::path::Path) -> Table {
        Table::start_at(dir, "instant")
    }

    fn start_at(dir: &std::path::Path, speed: &str) -> Table {
        let pty = native_pty_system()
            .openpty(PtySize { rows: 30, cols: 100, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_contree"));
        // The baseline bots pass, so South's bid makes the contract.
        cmd.args(["--lang", "en", "--speed", speed, "--seed", "4", "--level", "random"]);
        cmd.env("CONTREE_DATA_DIR", dir);
        cmd.env("TERM", "xterm-256color");
        cmd.env("LANG", "en_US.UTF-8");
        cmd.env_remove("LC_ALL");
        cmd.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(cmd).expect("spawn contree");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("reader");
        let writer = pty.master.take_writer().expect("writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(nz(30), nz(100), 0)));
        let s = Arc::clone(&screen);
        std::thread::spawn(move || {
            let _master = pty.master;
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                s.lock().expect("screen").process(&buf[..n]);
            }
        });
        Table { child, writer, screen }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    fn wait_for(&self, text: &str) {
        self.wait_for_any(&[text]);
    }

    fn wait_for_any(&self, texts: &[&str]) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            let c = self.contents();
            if texts.iter().any(|t| c.contains(t)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("{texts:?} never appeared; the screen:\n{}", self.contents());
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("write");
        self.writer.flush().expect("flush");
    }

    fn wait_exit(&mut self) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if let Some(status) = self.child.try_wait().expect("status") {
                assert!(status.success(), "contree exited with {status:?}");
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("contree did not quit");
    }
}

#[test]
fn play_quit_and_resume_in_a_real_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start(dir.path());
    t.wait_for("Play");
    t.send("\r");
    t.wait_for("Your table");
    t.send("\r"); // the players are met
    t.wait_for("Your turn to bid");
    t.send("\t"); // from Pass to the lowest value
    t.send("\r"); // the lowest value
    t.send("\r"); // the first suit
    t.wait_for("80 ♠, South");
    // West leads a spade, and South's only card over it, the trump Jack, plays itself: the
    // trick waits on the table for a key.
    t.wait_for("forced card was played");
    t.wait_for_any(&["tricks: us 1, them 0", "tricks: us 0, them 1"]);
    t.send("\r");
    t.wait_for("▶ Your turn");
    t.send("\r");
    std::thread::sleep(Duration::from_millis(200));
    t.send("q");
    t.wait_exit();

    let text = std::fs::read_to_string(dir.path().join("game.json")).expect("game.json exists");
    let save: serde_json::Value = serde_json::from_str(&text).expect("a JSON save");
    let played = save["deals"][0]["play"].as_array().map_or(0, Vec::len);
    assert!(played >= 5, "the cards are saved: {text}");

    let mut t = Table::start(dir.path());
    t.wait_for("Resume the game");
    t.send("\r");
    t.wait_for("80 ♠, South");
    t.wait_for("South [taker]");
    t.send("q");
    t.wait_exit();
}

#[test]
fn take_back_a_call_then_leave_by_the_menu_in_a_real_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Slow: the computer players wait long enough for the call to be taken back first.
    let mut t = Table::start_at(dir.path(), "slow");
    t.wait_for("Play");
    t.send("\r");
    t.wait_for("Your table");
    t.send("\r");
    t.wait_for("Your turn to bid");
    t.send("p");
    t.wait_for("South  Pass");
    t.send("u");
    t.wait_for("Taken back: Pass");
    t.wait_for("Your turn to bid");
    assert!(!t.contents().contains("South  Pass"), "the pass is gone:\n{}", t.contents());
    // Esc opens the menu during play; its last item saves and goes to the start screen.
    t.send("\x1b");
    t.wait_for("Back to the game");
    t.send("\x1b[A"); // up, round to the last item
    t.send("\r");
    t.wait_for("Resume the game");
    t.send("q");
    t.wait_exit();
    let text = std::fs::read_to_string(dir.path().join("game.json")).expect("game.json exists");
    let save: serde_json::Value = serde_json::from_str(&text).expect("a JSON save");
    assert_eq!(save["undos"], serde_json::json!([1]), "the take-back is saved: {text}");
}

#[test]
fn without_a_terminal_the_table_says_so_in_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_contree"))
        .env("CONTREE_DATA_DIR", dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs contree");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(!dir.path().join("game.json").exists());
}
