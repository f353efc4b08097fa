//! The real binary in a pseudo-terminal: start, bid, play a card, quit, find the save, start
//! again and resume at the same point; the expert's hint; the terminal given back after SIGTERM
//! and SIGHUP; a second table on the same directory refused; a paste read through; a dumb
//! terminal; a data directory that cannot be made. The screen is read with vt100; every wait
//! has a timeout.

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
    master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Table {
    fn start(dir: &std::path::Path) -> Table {
        Table::start_with(dir, "instant", &[])
    }

    fn start_at(dir: &std::path::Path, speed: &str) -> Table {
        Table::start_with(dir, speed, &[])
    }

    /// Starts the table at `speed` with environment variables set (an empty value removes one).
    fn start_with(dir: &std::path::Path, speed: &str, env: &[(&str, &str)]) -> Table {
        Table::start_under(&[], dir, speed, env, &[])
    }

    /// Starts the table as `start_with` does, run by the command `under` (`strace …`, say) when
    /// it is not empty, with `more` arguments after the usual ones.
    fn start_under(
        under: &[&str],
        dir: &std::path::Path,
        speed: &str,
        env: &[(&str, &str)],
        more: &[&str],
    ) -> Table {
        let pty = native_pty_system()
            .openpty(PtySize { rows: 30, cols: 100, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let contree = env!("CARGO_BIN_EXE_contree");
        let mut cmd = CommandBuilder::new(under.first().copied().unwrap_or(contree));
        if let Some((_, rest)) = under.split_first() {
            cmd.args(rest);
            cmd.arg(contree);
        }
        // The baseline bots pass, so South's bid makes the contract.
        cmd.args(["--lang", "en", "--speed", speed, "--seed", "4", "--level", "random"]);
        cmd.args(more);
        cmd.env("CONTREE_DATA_DIR", dir);
        cmd.env("TERM", "xterm-256color");
        cmd.env("LANG", "en_US.UTF-8");
        cmd.env_remove("LC_ALL");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            if v.is_empty() {
                cmd.env_remove(k);
            } else {
                cmd.env(k, v);
            }
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn contree");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("reader");
        let writer = pty.master.take_writer().expect("writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(nz(30), nz(100), 0)));
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
        Table { child, writer, screen, master: pty.master }
    }

    /// Sends a signal to the table's process, as `kill` does.
    fn signal(&self, name: &str) {
        let pid = self.child.process_id().expect("a process id");
        let status = std::process::Command::new("kill")
            .args([&format!("-{name}"), &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits for the process to end, whatever its status, and for its last output to be read.
    fn wait_end(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if let Some(status) = self.child.try_wait().expect("status") {
                // The reader thread may still be taking in the last bytes.
                std::thread::sleep(Duration::from_millis(300));
                return status;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        let _ = self.child.kill();
        panic!("contree did not end; the screen:\n{}", self.contents());
    }

    /// The terminal's line settings as `stty -a` prints them (raw mode shows as `-icanon`).
    fn stty(&self) -> Option<String> {
        let tty = self.master.tty_name()?;
        let out = std::process::Command::new("stty")
            .arg("-a")
            .stdin(std::fs::File::open(tty).ok()?)
            .output()
            .ok()?;
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Checks that the terminal is as it was before the table: the normal screen, the cursor
    /// shown, no mouse reporting, and out of raw mode.
    fn assert_given_back(&self) {
        let parser = self.screen.lock().expect("screen");
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
        drop(parser);
        match self.stty() {
            Some(settings) => {
                assert!(!settings.contains("-icanon"), "still in raw mode: {settings}");
                assert!(!settings.contains("-echo "), "echo still off: {settings}");
            }
            None => eprintln!("stty could not read the terminal: raw mode not checked"),
        }
    }

    /// Whether the table's process is stopped, as `ps` tells it (`T`).
    fn stopped(&self) -> bool {
        let pid = self.child.process_id().expect("a process id");
        let out = std::process::Command::new("ps")
            .args(["-o", "stat=", "-p", &pid.to_string()])
            .output()
            .expect("ps runs");
        String::from_utf8_lossy(&out.stdout).trim_start().starts_with('T')
    }

    fn wait_stopped(&self) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if self.stopped() {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("contree did not stop; the screen:\n{}", self.contents());
    }

    /// Waits for the screen to be off the alternate screen, the last thing the table writes as it
    /// stops: what it wrote before may still be on its way through the pseudo-terminal.
    fn wait_off_alternate_screen(&self) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if !self.screen.lock().expect("screen").screen().alternate_screen() {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("still on the alternate screen:\n{}", self.contents());
    }

    /// Checks that the table holds the terminal: the alternate screen, mouse reporting, raw mode.
    fn assert_held(&self) {
        let parser = self.screen.lock().expect("screen");
        let screen = parser.screen();
        assert!(screen.alternate_screen(), "not on the alternate screen");
        assert_ne!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
        drop(parser);
        match self.stty() {
            Some(settings) => assert!(settings.contains("-icanon"), "not in raw mode: {settings}"),
            None => eprintln!("stty could not read the terminal: raw mode not checked"),
        }
    }

    fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    fn wait_for(&self, text: &str) {
        self.wait_for_any(&[text]);
    }

    fn wait_for_any(&self, texts: &[&str]) {
        self.wait_until(&format!("{texts:?}"), |c| texts.iter().any(|t| c.contains(t)));
    }

    /// Waits until the screen holds what `seen` looks for, described as `what`.
    fn wait_until(&self, what: &str, seen: impl Fn(&str) -> bool) {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if seen(&self.contents()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("{what} never appeared; the screen:\n{}", self.contents());
    }

    /// Opens a new game from the start screen of a data directory with no game yet, where
    /// Learn to play comes first and the new game second.
    fn open_new_game(&mut self) {
        self.wait_for("Learn to play");
        self.send("\x1b[B");
        self.send("\r");
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
    t.open_new_game();
    t.wait_for("Your table");
    t.send("\r"); // the players are met
    t.wait_for("Your turn to bid");
    t.send("\t"); // from Pass to the lowest value
    t.send("\r"); // the lowest value
    t.send("\r"); // the first suit
    t.wait_for("South [taker]");
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
    t.wait_for("South [taker]");
    t.send("q");
    t.wait_exit();
}

#[test]
fn a_claim_the_defence_can_beat_is_refused_and_play_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start(dir.path());
    sit_down(&mut t, dir.path());
    t.send("\t"); // from Pass to the lowest value
    t.send("\r"); // the lowest value
    t.send("\r"); // the first suit
    t.wait_for("forced card was played");
    t.send("\r");
    t.wait_for("[Claim (r)]");
    // Seven cards each: East and West still hold tricks.
    t.send("r");
    t.wait_for("the defence can still take one");
    assert!(t.contents().contains("▶ Your turn"), "still South's turn:\n{}", t.contents());
    t.send("\r");
    t.wait_for_any(&["tricks: us 2", "tricks: us 1, them 1"]);
    t.send("q");
    t.wait_exit();
    let text = std::fs::read_to_string(dir.path().join("game.json")).expect("game.json exists");
    let save: serde_json::Value = serde_json::from_str(&text).expect("a JSON save");
    let played = save["deals"][0]["play"].as_array().map_or(0, Vec::len);
    assert!(played >= 5, "the claim played nothing, South's card did: {text}");
}

#[test]
fn a_deal_file_is_played_with_a_claim_that_holds_and_nothing_is_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("deal.json");
    // South holds every trump: once its 80 ♠ is the contract, it takes every trick.
    let deal = r#"{"dealer": "W",
        "hands": {"S": ["JS","9S","AS","10S","KS","QS","8S","7S"],
                  "E": ["7H","8H","9H","10H","AD","KD","QD","JD"],
                  "N": ["AH","7D","8D","9D","10D","7C","8C","9C"],
                  "W": ["JH","QH","KH","10C","JC","QC","KC","AC"]},
        "auction": [], "play": []}"#;
    std::fs::write(&file, deal).expect("write");
    let data = dir.path().join("data");
    let path = file.to_str().expect("a path");
    // Fast: the claim is shown a trick at a time, long enough to be seen.
    let mut t = Table::start_under(&[], &data, "fast", &[], &["--deal-file", path]);
    t.wait_for("The deal of the file: it counts neither in a game nor in the statistics");
    t.wait_for("Your turn to bid");
    t.send("\t"); // from Pass to the lowest value
    t.send("\r"); // 80
    t.send("\r"); // spades
    t.wait_for("[Claim (r)]");
    t.send("r");
    t.wait_for("South claims the rest of the tricks");
    t.wait_for("South claims: trick ");
    t.send("s"); // to the score
    t.wait_for("The deal of the file");
    t.wait_for("tricks: us 8, them 0");
    assert!(!t.contents().contains("played again"), "it was never played: {}", t.contents());
    t.send("\r"); // the summary's button: a deal file has no game to go back to
    t.wait_exit();
    assert!(!data.join("game.json").exists(), "nothing saved");
    assert!(!data.join("stats.json").exists(), "nothing counted");
}

#[test]
fn take_back_a_call_then_leave_by_the_menu_in_a_real_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Slow: the computer players wait long enough for the call to be taken back first.
    let mut t = Table::start_at(dir.path(), "slow");
    t.open_new_game();
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
fn the_experts_hint_comes_from_its_thread_and_is_saved_as_seen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start(dir.path());
    t.open_new_game();
    t.wait_for("Your table");
    t.send("\r");
    t.wait_for("Hint (i)");
    t.send("i");
    t.wait_for("Hint: ");
    // The advice on the hint's own line: the call, a dash, why (the bidding box writes a call's
    // meaning after a dash as well).
    let advice =
        |c: &str| c.lines().any(|l| l.trim_start().starts_with("Hint: ") && l.contains(" — "));
    t.wait_until("the advice", advice);
    assert!(!t.contents().contains("Hint (i)"), "asked once:\n{}", t.contents());
    t.send("q");
    t.wait_exit();
    let text = std::fs::read_to_string(dir.path().join("game.json")).expect("game.json exists");
    let save: serde_json::Value = serde_json::from_str(&text).expect("a JSON save");
    assert_eq!(save["hints"], serde_json::json!([1]), "the hint seen is saved: {text}");
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

/// The calls of the saved game's first deal (0 while there is no save to read).
fn calls(dir: &std::path::Path) -> usize {
    std::fs::read_to_string(dir.join("game.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|save| save["deals"][0]["auction"].as_array().map(Vec::len))
        .unwrap_or(0)
}

/// Goes from the start screen to South's first bid.
fn sit_down(t: &mut Table, dir: &std::path::Path) {
    t.open_new_game();
    t.wait_for("Your table");
    t.send("\r"); // the players are met
    t.wait_for("Your turn to bid");
    assert!(dir.join("game.json").exists(), "the new game is saved");
}

#[test]
fn sigterm_and_sighup_save_first_and_give_the_terminal_back() {
    for sig in ["TERM", "HUP", "INT"] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut t = Table::start(dir.path());
        sit_down(&mut t, dir.path());
        let before = calls(dir.path());
        t.send("p"); // South passes: an action to save
        let start = Instant::now();
        while calls(dir.path()) <= before && start.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(30));
        }
        let at_signal = calls(dir.path());
        assert!(at_signal > before, "South's pass was saved");
        t.signal(sig);
        let status = t.wait_end();
        assert!(!status.success(), "SIG{sig}: ended by the signal, as a shell would tell");
        t.assert_given_back();
        assert!(calls(dir.path()) >= at_signal, "SIG{sig}: the save holds every call");
    }
}

#[test]
fn ctrl_z_and_sigtstp_give_the_terminal_back_and_stop_and_sigcont_takes_it_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start(dir.path());
    sit_down(&mut t, dir.path());
    t.assert_held();
    // Ctrl-Z as a key (raw mode sends it as a byte), then SIGTSTP as `kill -TSTP` sends it.
    for how in ["Ctrl-Z", "SIGTSTP"] {
        match how {
            "Ctrl-Z" => t.send("\x1a"),
            _ => t.signal("TSTP"),
        }
        t.wait_stopped();
        t.wait_off_alternate_screen();
        t.assert_given_back();
        assert!(!t.contents().contains("Your turn to bid"), "{how}: the shell's screen is shown");
        t.signal("CONT");
        // The table takes the terminal back and draws itself whole on a fresh screen.
        t.wait_for("Your turn to bid");
        t.assert_held();
        assert!(!t.stopped(), "{how}: going on");
    }
    // Keys act again, read in raw mode rather than echoed.
    t.send("?");
    t.wait_for("╭ Help");
    t.send("q");
    assert!(t.wait_end().success());
    t.assert_given_back();
}

#[test]
fn a_second_table_on_the_same_directory_is_refused_with_who_holds_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = Table::start(dir.path());
    first.wait_for("Play");
    let mut second = Table::start(dir.path());
    second.wait_for("another contree table");
    let pid = first.child.process_id().expect("pid");
    second.wait_for(&format!("process {pid}"));
    let status = second.wait_end();
    assert!(!status.success());
    second.assert_given_back();
    // The first plays on, and once it is gone the directory is free again.
    first.send("q");
    first.wait_exit();
    let mut third = Table::start(dir.path());
    third.wait_for("Play");
    third.send("q");
    third.wait_exit();
}

#[test]
fn a_paste_of_thousands_of_keys_is_read_through() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start(dir.path());
    t.wait_for("Play");
    // Down through the menu thousands of times, then the help: all of it must be read at once,
    // not when some later key arrives.
    let paste = "j".repeat(6000) + "?";
    t.send(&paste);
    t.wait_for("Help");
    t.send("q");
    t.wait_exit();
}

#[test]
fn a_dumb_terminal_gets_the_ascii_monochrome_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start_with(dir.path(), "instant", &[("TERM", "dumb")]);
    sit_down(&mut t, dir.path());
    let contents = t.contents();
    for glyph in ["♠", "♥", "♦", "♣", "▶", "─", "│"] {
        assert!(!contents.contains(glyph), "{glyph} drawn on a dumb terminal:\n{contents}");
    }
    {
        let parser = t.screen.lock().expect("screen");
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        for r in 0..rows.get() {
            for c in 0..cols.get() {
                let cell = screen.cell(r, c).expect("a cell");
                assert_eq!(cell.fgcolor(), vt100::Color::Default, "colour at {r},{c}");
                assert_eq!(cell.bgcolor(), vt100::Color::Default, "colour at {r},{c}");
            }
        }
    }
    t.send("q");
    t.wait_exit();
}

#[test]
fn without_a_data_directory_the_table_plays_in_memory_and_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, b"not a directory").expect("write");
    let data = blocker.join("contree");
    let mut t = Table::start(&data);
    t.wait_for("Nothing will be saved");
    t.open_new_game();
    t.wait_for("Your table");
    t.send("\r"); // the players are met
    t.wait_for("Your turn to bid");
    t.send("q");
    t.wait_exit();
    t.wait_for("this session was not saved");
    t.assert_given_back();
}

#[test]
fn a_corrupt_settings_file_is_reported_on_screen_and_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("settings.json"), br#"{"hint": true, "speed": "warp"}"#)
        .expect("write");
    let mut t = Table::start(dir.path());
    t.wait_for("settings.json could not be used");
    // The notice wraps: the path of the kept file is on screen whole.
    t.wait_for("settings.json.corrupt-");
    // Said once, not once by the store and again by the table.
    assert_eq!(t.contents().matches("settings.json could not be used").count(), 1);
    t.send("q");
    t.wait_exit();
    let kept = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().starts_with("settings.json.corrupt-"));
    assert!(kept);
    let settings = std::fs::read_to_string(dir.path().join("settings.json")).expect("rewritten");
    assert!(settings.contains("\"hint\":true"), "the good field is kept: {settings}");
}

#[test]
fn the_notice_of_a_save_moved_aside_shows_where_it_was_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("game.json"), b"{\"version\": 1, \"seed\":").expect("write");
    let mut t = Table::start(dir.path());
    t.wait_for("could not be resumed");
    let kept = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("game.json.corrupt-"))
        .expect("kept");
    // The notice wraps over lines: the kept file's name is on screen whole, and once.
    t.wait_for(&kept);
    assert_eq!(t.contents().matches(kept.as_str()).count(), 1, "{}", t.contents());
    t.send("q");
    t.wait_exit();
}

/// Makes an obstacle at a path, and what keeps it in place while it lives (a socket's
/// listener, an immutable file's guard); `None` when it cannot be made here.
type Obstacle = fn(&std::path::Path) -> Option<Box<dyn std::any::Any>>;

/// What may stand where the lock should be.
#[cfg(unix)]
fn obstacles() -> Vec<(&'static str, Obstacle)> {
    fn ok(made: bool) -> Option<Box<dyn std::any::Any>> {
        made.then(|| Box::new(()) as Box<dyn std::any::Any>)
    }
    vec![
        ("a directory", |p| ok(std::fs::create_dir(p).is_ok())),
        ("a FIFO", |p| {
            ok(std::process::Command::new("mkfifo").arg(p).status().is_ok_and(|s| s.success()))
        }),
        ("a socket", |p| {
            std::os::unix::net::UnixListener::bind(p)
                .ok()
                .map(|l| Box::new(l) as Box<dyn std::any::Any>)
        }),
        ("a link to a device", |p| ok(std::os::unix::fs::symlink("/dev/null", p).is_ok())),
        ("permission denied", |p| {
            std::fs::write(p, b"").ok()?;
            Immutable::make(p).map(|i| Box::new(i) as Box<dyn std::any::Any>)
        }),
    ]
}

/// An immutable file for as long as it lives (`chattr +i`), where the system allows it.
#[cfg(unix)]
struct Immutable(std::path::PathBuf);

#[cfg(unix)]
impl Immutable {
    fn make(path: &std::path::Path) -> Option<Immutable> {
        let made = std::process::Command::new("chattr")
            .arg("+i")
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        made.then(|| Immutable(path.to_path_buf()))
    }
}

#[cfg(unix)]
impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr").arg("-i").arg(&self.0).status();
    }
}

#[cfg(unix)]
#[test]
fn a_lock_that_cannot_be_taken_refuses_the_table_and_says_what_to_do() {
    for (what, make) in obstacles() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lock = dir.path().join("table.lock");
        let Some(_guard) = make(&lock) else {
            eprintln!("skipped {what}: it cannot be made here");
            continue;
        };
        let mut t = Table::start(dir.path());
        t.wait_for_any(&["Play", "CONTREE_DATA_DIR"]);
        if t.contents().contains("Play") {
            t.send("q");
        }
        let status = t.wait_end();
        let screen = t.contents();
        assert!(!status.success(), "{what}: the table opened:\n{screen}");
        assert!(screen.contains("table.lock") && screen.contains(what), "{what}:\n{screen}");
        assert!(screen.contains("CONTREE_DATA_DIR"), "{what}: what to do:\n{screen}");
        t.assert_given_back();
        assert!(!dir.path().join("game.json").exists(), "{what}: nothing was saved");
    }
}

/// Whether `strace` runs here and may trace (a container may forbid ptrace).
#[cfg(unix)]
fn strace_works() -> bool {
    std::process::Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "true"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `contree --new` killed (`kill -9`, by strace's fault injection) at the removal of the saved
/// game, after the game was filed as abandoned: the next table does not offer that game again,
/// and says why.
#[cfg(unix)]
#[test]
fn a_new_game_killed_before_the_save_went_does_not_file_the_old_game_twice() {
    use contree::game::{GameOptions, new_game};
    use contree::store::{GAMES_FILE, Store};
    if !strace_works() {
        eprintln!("skipped: strace is not available or may not trace here");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut game = new_game(GameOptions::default(), 77, None);
    let seat = game.to_act().expect("a seat");
    game.apply(seat, contree::game::Action::Bid(contree::rules::Call::Pass)).expect("legal");
    store.save_game(&game).expect("saves");
    let under =
        ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=?unlink,?unlinkat:signal=KILL"];
    let mut killed = Table::start_under(&under, dir.path(), "instant", &[], &["--new"]);
    let status = killed.wait_end();
    assert!(!status.success(), "killed at the removal of the save");
    let filed = std::fs::read_to_string(dir.path().join(GAMES_FILE)).expect("filed");
    assert_eq!(filed.lines().count(), 1, "filed as abandoned before the kill");
    assert!(dir.path().join("game.json").exists(), "the kill came before the save went");
    let mut t = Table::start(dir.path());
    t.wait_for("already filed");
    t.send("q");
    t.wait_exit();
    let filed = std::fs::read_to_string(dir.path().join(GAMES_FILE)).expect("filed");
    assert_eq!(filed.lines().count(), 1, "filed once: {filed}");
    assert!(!dir.path().join("game.json").exists(), "not offered again");
}

/// The line mode at a terminal: Ctrl-D after part of a line ends that line, and a second one
/// ends the input, the game saved.
#[test]
fn in_the_line_mode_ctrl_d_ends_a_partial_line_then_the_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Table::start_under(&[], dir.path(), "instant", &[], &["--line", "--new"]);
    t.wait_for("Your turn to bid");
    t.send("hel\x04");
    t.wait_for("Not understood: \"hel\"");
    t.send("\x04");
    t.wait_exit();
    t.wait_for("The game is saved. Goodbye.");
}

/// A game of seed 4 saved in `dir` with its first deal finished (80 hearts by the first to
/// call, the first legal card each time), at the start of the second.
fn saved_after_the_first_deal(dir: &std::path::Path) {
    use contree::game::{Action, GameOptions, Phase, new_game};
    use contree::rules::{Bid, BidLevel, Call, Suit, Trump};
    let mut game = new_game(GameOptions::default(), 4, None);
    while game.history().is_empty() {
        let seat = game.to_act().expect("a seat");
        let action = match game.phase() {
            Phase::Bidding if game.deal().auction.current_bid().is_none() => {
                Action::Bid(Call::Bid(Bid {
                    level: BidLevel::Points(80),
                    trump: Trump::Suit(Suit::Hearts),
                }))
            }
            Phase::Bidding => Action::Bid(Call::Pass),
            _ => Action::Play(game.legal_cards().first().expect("a card")),
        };
        game.apply(seat, action).expect("a legal action");
    }
    game.next_deal().expect("the second deal");
    let store = contree::store::Store::at(dir).expect("store").without_sync();
    store.save_game(&game).expect("saved");
}

/// The line mode at a terminal: Ctrl-D in a deal played again leaves as `quit` does, the game
/// saved and the data directory let go, for the next table to open.
#[test]
fn in_the_line_mode_ctrl_d_in_a_deal_played_again_saves_and_leaves() {
    let dir = tempfile::tempdir().expect("temp dir");
    saved_after_the_first_deal(dir.path());
    let mut t = Table::start_under(&[], dir.path(), "instant", &[], &["--line"]);
    t.wait_for("Resuming the saved game");
    t.send("again 1\n");
    t.wait_for("The deal played again");
    t.send("\x04");
    t.wait_exit();
    t.wait_for("The game is saved. Goodbye.");
    let mut next = Table::start_under(&[], dir.path(), "instant", &[], &["--line"]);
    next.wait_for("Resuming the saved game");
    next.send("quit\n");
    next.wait_exit();
}

/// Starts contree with `args` (and `env`) on a terminal, waits for its first save, closes the
/// terminal, and checks that it ends as at SIGHUP with its save whole.
#[cfg(unix)]
fn closed_terminal_ends_as_a_hangup(args: &[&str], env: &[(&str, &str)]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let pty = native_pty_system()
        .openpty(PtySize { rows: 30, cols: 100, pixel_width: 0, pixel_height: 0 })
        .expect("a pty");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_contree"));
    cmd.args(args);
    cmd.env("CONTREE_DATA_DIR", dir.path());
    for (key, value) in env {
        cmd.env(key, value);
    }
    let mut child = pty.slave.spawn_command(cmd).expect("spawn contree");
    drop(pty.slave);
    let save = dir.path().join("game.json");
    let start = Instant::now();
    while !save.exists() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(30));
    }
    assert!(save.exists(), "the new game is saved");
    // Nobody reads the terminal, and now nobody holds it: it is closed.
    drop(pty.master);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("status") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("contree did not end when its terminal was closed");
        }
        std::thread::sleep(Duration::from_millis(30));
    };
    assert_eq!(status.exit_code(), 129, "as a shell tells a SIGHUP: {status:?}");
    let store = contree::store::Store::at(dir.path()).expect("store");
    assert!(matches!(store.load_game(), contree::store::Resume::Saved { .. }), "the save is whole");
}

/// The line mode when its terminal is closed: the game is saved, and the process ends as at
/// SIGHUP, quietly (not with a panic at the dead terminal).
#[cfg(unix)]
#[test]
fn in_the_line_mode_a_closed_terminal_saves_and_ends_as_a_hangup() {
    closed_terminal_ends_as_a_hangup(
        &["--line", "--new", "--lang", "en", "--seed", "4", "--level", "random"],
        &[("LANG", "en_US.UTF-8")],
    );
}

/// The table when its terminal is closed: the game is saved, and the process ends as at
/// SIGHUP, quietly (not with a panic at the dead terminal), as the line mode does.
#[cfg(unix)]
#[test]
fn the_table_on_a_closed_terminal_saves_and_ends_as_a_hangup() {
    closed_terminal_ends_as_a_hangup(
        &["--new", "--lang", "en", "--seed", "4", "--level", "random", "--speed", "instant"],
        &[("TERM", "xterm-256color"), ("LANG", "en_US.UTF-8")],
    );
}
