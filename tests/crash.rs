//! `kill -9` at any point of a filing and of a new game loses nothing and files nothing twice.
//!
//! A worker (this same program, run with `CONTREE_CRASH_WORKER` set) does with the store what
//! the table does: it opens the data directory as a table does (leftovers tidied, the save
//! loaded), then files the saved game as abandoned and starts a new one (`new`, as `contree
//! --new` or the start screen's new game), or plays the saved game to its end and files it
//! (`finish`), or plays on (`play`), saving after every action, or files the exercises of the
//! saved game's finished deals, one deal at a time, and writes an answer to the first
//! (`exercises`, as the table does after each deal and again when a game is resumed), or
//! plays to the end of the deal in progress (`deal`). After
//! each completed save or filing it notes what the disk then holds, in a log outside the data
//! directory.
//!
//! The worker is killed with SIGKILL at every `write`, `fsync`, `rename` and `unlink` it makes
//! (strace's fault injection, `-e inject=SYSCALL:signal=KILL:when=N` for each N, where strace
//! can trace), and at random moments. After each kill, a copy of the data directory is opened
//! as the next table would open it, and checked: every line of the history of games readable,
//! no game filed twice, every action the log saw saved still in the save or the history, every
//! game the log saw filed still filed, every finished game, every finished deal and every
//! deal's comparison with the expert in South's seat (made up by the worker, saved and counted
//! as the table does) counted once in the statistics, no save set aside but as one already
//! filed; every line of the exercises readable once a cut
//! last line is mended, no exercise filed twice, every exercise the log saw filed still filed;
//! and a worker that files deals of the day (`daily`, one date after another, then each date
//! again) leaves every line of `daily.jsonl` readable once a cut last line is mended, no date
//! filed twice, every date the log saw filed still filed.
//!
//! The table itself (`contree --line`) is killed too while a finished deal is played again
//! with the expert in South's seat: the next table resumes the game on that deal, plays the
//! comparison again, and gets the answer the comparison gives, counted once.
//!
//! `cargo test --test crash` runs the fast version: every point of the `new`, `exercises`,
//! `daily` and `deal` workers, 24 random kills and one table killed while comparing. `cargo test --test crash --
//! --full` runs every point of every worker and 240 random kills in one data directory, each run
//! going on from what the kill before left, and three tables killed while comparing.

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

use contree::bots::expert::Reason;
use contree::exercises::{Exercise, ExerciseId, Figure, Solution};
use contree::game::{Action, Game, GameOptions, GameSave, Phase, Replay, new_game};
use contree::rules::{DealRecord, Seat};
use contree::store::{DAILY_FILE, EXERCISES_FILE, GameResult, Resume, Store, Unfit};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The system calls a kill is injected at, each as strace names them (`?` for one this
/// architecture may lack).
const POINTS: [(&str, &str); 4] = [
    ("write", "write"),
    ("fsync", "fsync"),
    ("rename", "?rename,?renameat,?renameat2"),
    ("unlink", "?unlink,?unlinkat"),
];

fn main() -> ExitCode {
    if let Some(dir) = std::env::var_os("CONTREE_CRASH_WORKER") {
        return match worker(Path::new(&dir)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("worker: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let full = std::env::args().any(|a| a == "--full");
    match run(full) {
        Ok(summary) => {
            println!("crash test: {summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("crash test failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The table in lines of text on the data directory `dir`, its lines read as they come.
struct LineTable {
    child: std::process::Child,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
    said: Vec<String>,
}

impl LineTable {
    fn open(dir: &Path, args: &[&str]) -> Result<LineTable, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(["--line", "--lang", "en", "--level", "normal"])
            .args(args)
            .env("CONTREE_DATA_DIR", dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("contree --line: {e}"))?;
        let out = child.stdout.take().ok_or("no standard output")?;
        let lines = std::io::BufRead::lines(std::io::BufReader::new(out));
        Ok(LineTable { child, lines, said: Vec::new() })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().ok_or("no standard input")?;
        writeln!(stdin, "{line}").map_err(|e| e.to_string())
    }

    /// Reads on until a line starting with `until`, South passing and playing its first legal
    /// card meanwhile; that line.
    fn play_until(&mut self, until: &str) -> Result<String, String> {
        let mut hand = String::new();
        loop {
            let Some(line) = self.lines.next() else {
                return Err(format!("the table ended before {until:?}: {:?}", self.said));
            };
            let line = line.map_err(|e| e.to_string())?;
            self.said.push(line.clone());
            if line.starts_with(until) {
                return Ok(line);
            }
            // "You hold: spades ace, ten; ..." and "You may play: hearts (trump) nine, ten."
            let first = |l: &str| {
                let words: Vec<&str> = l
                    .split([' ', ',', ';', '.'])
                    .filter(|w| !w.is_empty() && *w != "(trump)")
                    .collect();
                words.get(3).zip(words.get(4)).map(|(suit, rank)| format!("{rank} of {suit}"))
            };
            if line.starts_with("You hold:") {
                hand = line.clone();
            }
            if line.starts_with("Your turn to bid") {
                self.send("pass")?;
            } else if line.starts_with("You may play any card") {
                let card = first(&format!("You may play {}", &hand["You hold:".len()..]));
                self.send(&card.ok_or("a card held")?)?;
            } else if line.starts_with("You may play:") {
                self.send(&first(&line).ok_or("a card to play")?)?;
            }
        }
    }
}

/// A table killed (SIGKILL) while its first finished deal is played again with the expert in
/// South's seat: the save holds the deal as still compared; the next table resumes on it,
/// compares it again, and keeps what the comparison gives, counted once in the statistics.
fn comparison_killed(root: &Path, seed: u64) -> Result<(), String> {
    use contree::bots::Level;
    use contree::bots::expert::Budget;
    use contree::bots::in_seat::{Seats, expert_in_seat};
    use contree::game::ExpertInSeat;
    let dir = root.join(format!("comparing-{seed}"));
    let mut table = LineTable::open(&dir, &["--new", "--seed", &seed.to_string()])?;
    let thinking = table.play_until("You: ")?;
    // The save is written before the line is said.
    table.child.kill().map_err(|e| e.to_string())?;
    let _ = table.child.wait();
    if !thinking.contains("is thinking") {
        return Err(format!("the deal was compared before the table could be killed: {thinking}"));
    }
    let store = Store::at(&dir).map_err(|e| e.to_string())?;
    let Resume::Saved { game, .. } = store.load_game() else {
        return Err("the game killed while comparing does not resume".into());
    };
    if game.expert_thinking() != [0] {
        return Err(format!(
            "the save lost the comparison asked: {:?}",
            game.to_save().expert_in_seat
        ));
    }
    drop(store);
    let mut table = LineTable::open(&dir, &[])?;
    let compared = table.play_until("Against the expert")?;
    table.send("quit")?;
    let _ = table.play_until("The game is saved");
    let _ = table.child.wait();
    let store = Store::at(&dir).map_err(|e| e.to_string())?;
    let Resume::Saved { game, .. } = store.load_game() else {
        return Err("the game does not resume after its comparison".into());
    };
    let d = &game.history()[0];
    let seats = Seats::at_table(game.players(), game.seed(), Level::Normal, Budget::DEFAULT);
    let expected = expert_in_seat(&d.record, game.players(), &seats, None);
    if d.expert_in_seat != expected.map(ExpertInSeat::Score) {
        return Err(format!("compared as {:?}, not {expected:?}", d.expert_in_seat));
    }
    let counted = store.stats().compared.all;
    if counted.deals != 1 || Some(counted.balance) != d.expert_difference().map(i64::from) {
        return Err(format!("the comparison is counted as {counted:?} ({compared})"));
    }
    Ok(())
}

/// The calls and cards of a save.
fn actions(save: &GameSave) -> usize {
    save.deals.iter().map(|d| d.auction.len() + d.play.len()).sum()
}

/// What the worker saw the disk hold, one line each: `saved <seed> <actions>` once a save is
/// written, `filed <seed> <actions>` once a game is filed. Written with `pwrite`, which no
/// injection aims at, so that the kills fall on the store's own writes.
struct Log {
    file: fs::File,
    at: u64,
}

impl Log {
    fn open(path: &Path) -> std::io::Result<Log> {
        let file = fs::OpenOptions::new().create(true).append(true).open(path)?;
        let at = file.metadata()?.len();
        Ok(Log { file, at })
    }

    fn note(&mut self, what: &str, game: &Game) -> std::io::Result<()> {
        self.write(&format!("{what} {} {}\n", game.seed(), actions(&game.to_save())))
    }

    /// `exercise <seed> <started> <deal> <decision>` once an exercise is filed.
    fn note_exercise(&mut self, id: ExerciseId) -> std::io::Result<()> {
        self.write(&format!("exercise {} {} {} {}\n", id.seed, id.started, id.deal, id.decision))
    }

    fn write(&mut self, line: &str) -> std::io::Result<()> {
        use std::os::unix::fs::FileExt;
        self.file.write_all_at(line.as_bytes(), self.at)?;
        self.at += line.len() as u64;
        Ok(())
    }
}

/// Exercises of South's cards in a finished deal, as many as South had a choice of cards: the
/// expert's answer another legal card, with figures of its own (the analysis is not under test
/// here, the filing is).
fn exercises_of(seed: u64, started: u64, deal: usize, record: &DealRecord) -> Vec<Exercise> {
    let calls = record.auction.len();
    let Ok(mut replay) = Replay::new(record) else { return Vec::new() };
    let mut made = Vec::new();
    while let Some(turn) = replay.next_turn() {
        let legal = replay.game().legal_cards();
        let other = legal.iter().map(Action::Play).find(|&a| a != turn.action);
        if let (Seat::South, Action::Play(_), Some(other)) = (turn.seat, turn.action, other) {
            let id = ExerciseId { seed, started, deal, decision: calls + turn.index };
            let cost = Figure { mean: 20.0, se: Some(4.0) };
            let answer = Solution {
                action: other,
                reason: Reason::Figures { mean: 5, se: Some(2), worlds: 32 },
                options: Vec::new(),
            };
            made.extend(Exercise::new(id, record, turn.action, cost, answer));
        }
        if replay.advance().is_err() {
            break;
        }
    }
    made
}

/// The score of finished deal `i` with the expert in South's seat, as the worker makes it up:
/// the deal's own score the other way round (the comparison is not under test here, its
/// saving and counting are).
fn expert_score(game: &Game, i: usize) -> Option<contree::rules::ByTeam<u16>> {
    use contree::rules::{ByTeam, Team};
    let points = game.history().get(i)?.points();
    Some(ByTeam([points[Team::EW], points[Team::NS]]))
}

/// Answers finished deal `i`'s comparison with the expert as the table does: the game saved
/// with it, then the statistics counting it.
fn compare(store: &Store, game: &mut Game, i: usize) -> Result<(), String> {
    let score = expert_score(game, i);
    if game.answer_expert_in_seat(i, score) {
        store.save_game(game).map_err(|e| e.to_string())?;
        store.deal_finished(game).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The worker: see the module's documentation.
fn worker(dir: &Path) -> Result<(), String> {
    let var = |name: &str| std::env::var(name).map_err(|_| format!("{name} is not set"));
    let mode = var("CONTREE_CRASH_MODE")?;
    let seed: u64 = var("CONTREE_CRASH_SEED")?.parse().map_err(|_| "a bad seed".to_string())?;
    let mut log = Log::open(Path::new(&var("CONTREE_CRASH_LOG")?)).map_err(|e| e.to_string())?;
    let store = Store::at(dir).map_err(|e| format!("{e:#}"))?;
    store.remove_leftovers();
    let saved = match store.load_game() {
        Resume::Saved { game, .. } => Some(game),
        _ => None,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let fresh = |store: &Store, log: &mut Log| -> Result<Game, String> {
        let game = new_game(GameOptions::default(), seed, None);
        store.start_game(&game).map_err(|e| e.to_string())?;
        store.save_game(&game).map_err(|e| e.to_string())?;
        log.note("saved", &game).map_err(|e| e.to_string())?;
        Ok(game)
    };
    if mode == "daily" {
        for n in 0..4 {
            let entry = support::daily_entry(seed + n);
            store.file_daily(&entry).map_err(|e| e.to_string())?;
            log.write(&format!("daily {}\n", entry.date)).map_err(|e| e.to_string())?;
        }
        // A day is filed once: its first result stays.
        for n in 0..4 {
            store.file_daily(&support::daily_entry(seed + n)).map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    if mode == "exercises" {
        let Some(game) = saved else { return Ok(()) };
        let started = store.game_started(&game);
        for (i, d) in game.history().iter().enumerate() {
            let made = exercises_of(game.seed(), started, i, &d.record);
            store.file_exercises(&made).map_err(|e| e.to_string())?;
            for e in &made {
                log.note_exercise(e.id).map_err(|e| e.to_string())?;
            }
        }
        let all = store.exercises().map_err(|e| e.to_string())?.exercises;
        if let Some(first) = all.first() {
            let mut answered = first.clone();
            answered.review = answered.review.after(true, contree::exercises::answered(&all));
            store.review_exercise(&answered).map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    // The comparisons a kill left thinking are made again, as the table does on resume.
    let saved = match saved {
        Some(mut game) => {
            for i in game.expert_thinking() {
                compare(&store, &mut game, i)?;
            }
            Some(game)
        }
        None => None,
    };
    let (mut game, steps) = match (mode.as_str(), saved) {
        ("new", old) => {
            let game = fresh(&store, &mut log)?;
            if let Some(old) = old {
                log.note("filed", &old).map_err(|e| e.to_string())?;
            }
            (game, 3)
        }
        ("finish" | "deal", Some(game)) => (game, usize::MAX),
        (_, Some(game)) => (game, 30),
        (_, None) => (fresh(&store, &mut log)?, 30),
    };
    for _ in 0..steps {
        let Some(event) = support::step(&mut game, &mut rng) else { break };
        store.save_game(&game).map_err(|e| e.to_string())?;
        log.note("saved", &game).map_err(|e| e.to_string())?;
        if event.deal_end {
            store.deal_finished(&game).map_err(|e| e.to_string())?;
            // The deal is played again with the expert in South's seat, as at the table: asked
            // and saved, then its answer saved and counted.
            let last = game.history().len() - 1;
            game.ask_expert_in_seat(last);
            store.save_game(&game).map_err(|e| e.to_string())?;
            compare(&store, &mut game, last)?;
            if mode == "deal" {
                break;
            }
        }
        if game.phase() == Phase::GameOver {
            store.game_finished(&game).map_err(|e| e.to_string())?;
            log.note("filed", &game).map_err(|e| e.to_string())?;
            break;
        }
    }
    Ok(())
}

/// A data directory and the log of what its workers saw.
struct Table {
    dir: PathBuf,
    log: PathBuf,
}

/// How a worker ran.
enum Ending {
    Killed,
    Ended,
}

impl Table {
    fn new(root: &Path, name: &str) -> Table {
        let dir = root.join(name);
        let log = root.join(format!("{name}.log"));
        Table { dir, log }
    }

    /// A copy of this table, its data directory and log, under `name`.
    fn copy(&self, root: &Path, name: &str) -> Result<Table, String> {
        let to = Table::new(root, name);
        copy_dir(&self.dir, &to.dir)?;
        if self.log.exists() {
            fs::copy(&self.log, &to.log).map_err(|e| e.to_string())?;
        }
        Ok(to)
    }

    fn worker(&self, mode: &str, seed: u64, under: &[&str]) -> Command {
        let me = std::env::current_exe().expect("this program");
        let mut cmd = match under.split_first() {
            Some((first, rest)) => {
                let mut cmd = Command::new(first);
                cmd.args(rest).arg(me);
                cmd
            }
            None => Command::new(me),
        };
        cmd.env("CONTREE_CRASH_WORKER", &self.dir)
            .env("CONTREE_CRASH_MODE", mode)
            .env("CONTREE_CRASH_SEED", seed.to_string())
            .env("CONTREE_CRASH_LOG", &self.log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        cmd
    }

    /// Runs a worker to its end, or to the kill strace injects.
    fn run(&self, mode: &str, seed: u64, under: &[&str]) -> Result<Ending, String> {
        let out = self.worker(mode, seed, under).output().map_err(|e| e.to_string())?;
        match out.status.code() {
            Some(0) => Ok(Ending::Ended),
            // strace reports its tracee killed as 128 + 9, or is killed itself.
            Some(137) | None => Ok(Ending::Killed),
            Some(c) => Err(format!("worker exited {c}: {}", String::from_utf8_lossy(&out.stderr))),
        }
    }

    /// Runs a worker and kills it after `delay`, unless it ended first.
    fn run_killed_after(&self, mode: &str, seed: u64, delay: Duration) -> Result<Ending, String> {
        let mut child = self.worker(mode, seed, &[]).spawn().map_err(|e| e.to_string())?;
        std::thread::sleep(delay);
        let ended = child.try_wait().map_err(|e| e.to_string())?;
        if ended.is_none() {
            let _ = child.kill();
        }
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        match (ended, out.status.code()) {
            (None, _) => Ok(Ending::Killed),
            (Some(_), Some(0)) => Ok(Ending::Ended),
            (Some(_), c) => {
                Err(format!("worker exited {c:?}: {}", String::from_utf8_lossy(&out.stderr)))
            }
        }
    }

    /// How many times a worker from this state makes each system call of [`POINTS`].
    fn count_points(&self, root: &Path, mode: &str, seed: u64) -> Result<Vec<usize>, String> {
        let dry = self.copy(root, "dry")?;
        let trace = root.join("trace");
        let names: Vec<&str> = POINTS.iter().map(|(_, set)| *set).collect();
        let set = format!("trace={}", names.join(","));
        let trace_arg = trace.display().to_string();
        let under = ["strace", "-f", "-qq", "-o", &trace_arg, "-e", &set];
        match dry.run(mode, seed, &under)? {
            Ending::Ended => {}
            Ending::Killed => return Err("the dry run was killed".into()),
        }
        let text = fs::read_to_string(&trace).map_err(|e| e.to_string())?;
        let _ = fs::remove_dir_all(&dry.dir);
        let _ = fs::remove_file(&dry.log);
        Ok(POINTS
            .iter()
            .map(|(_, set)| {
                let calls: Vec<&str> = set.split(',').map(|c| c.trim_start_matches('?')).collect();
                text.lines()
                    .filter(|l| {
                        let call = l.split_whitespace().nth(1).unwrap_or("");
                        calls.iter().any(|c| call.starts_with(&format!("{c}(")))
                    })
                    .count()
            })
            .collect())
    }
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to).map_err(|e| e.to_string())?;
    let Ok(entries) = fs::read_dir(from) else { return Ok(()) };
    for entry in entries.filter_map(Result::ok) {
        let kind = entry.file_type().map_err(|e| e.to_string())?;
        if kind.is_file() {
            fs::copy(entry.path(), to.join(entry.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Opens a copy of `table` as the next table would, and checks that nothing was lost nor
/// filed twice. Says what the directory held, for the counts.
fn check(table: &Table, root: &Path) -> Result<String, String> {
    let copy = table.copy(root, "check")?;
    let store = Store::at(&copy.dir).map_err(|e| format!("{e:#}"))?.without_sync();
    store.remove_leftovers();
    let resume = store.load_game();
    let in_progress = match &resume {
        Resume::Saved { game, .. } => Some((game.seed(), actions(&game.to_save()))),
        Resume::None => None,
        Resume::MovedAside { reason: Unfit::AlreadyFiled(_), .. } => None,
        other => return Err(format!("the save could not be resumed: {other:?}")),
    };
    let history = store.games().map_err(|e| e.to_string())?;
    if !history.unreadable.is_empty() {
        return Err(format!("lines {:?} of the history cannot be read", history.unreadable));
    }
    let mut filed: BTreeMap<u64, usize> = BTreeMap::new();
    for entry in &history.games {
        if filed.insert(entry.game.seed, actions(&entry.game)).is_some() {
            return Err(format!("the game of seed {} is filed twice", entry.game.seed));
        }
    }
    if let Some((seed, _)) = in_progress.filter(|(seed, _)| filed.contains_key(seed)) {
        return Err(format!("the game of seed {seed} is offered again, though filed"));
    }
    let log = fs::read_to_string(&copy.log).unwrap_or_default();
    let mut seen: BTreeMap<u64, (usize, bool)> = BTreeMap::new();
    for line in log.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let (Some(&what), Some(Ok(seed)), Some(Ok(n))) = (
            words.first(),
            words.get(1).map(|w| w.parse::<u64>()),
            words.get(2).map(|w| w.parse::<usize>()),
        ) else {
            continue;
        };
        if what != "saved" && what != "filed" {
            continue;
        }
        let e = seen.entry(seed).or_default();
        e.0 = e.0.max(n);
        e.1 |= what == "filed";
    }
    for (seed, (saved, was_filed)) in &seen {
        let here = filed.get(seed).copied();
        let playing = in_progress.filter(|(s, _)| s == seed).map(|(_, n)| n);
        let kept = here.max(playing).unwrap_or(0);
        if kept < *saved {
            return Err(format!("game {seed}: {saved} actions were saved, {kept} are kept"));
        }
        if *was_filed && here.is_none() {
            return Err(format!("game {seed} was filed and is no longer"));
        }
    }
    let finished = history.games.iter().filter(|e| e.result != GameResult::Abandoned).count();
    let stats = store.stats();
    if stats.all_games().played as usize != finished {
        return Err(format!(
            "{} games counted, {finished} finished games filed",
            stats.all_games().played
        ));
    }
    // Every finished deal and every comparison of the games filed and of the game resumed is
    // counted once in the statistics, as soon as the next table opens.
    let saved = match &resume {
        Resume::Saved { game, .. } if !filed.contains_key(&game.seed()) => Some(game.clone()),
        _ => None,
    };
    let games = history.games.iter().filter_map(|e| Game::from_save(&e.game).ok()).chain(saved);
    let (deals, compared) = games.fold((0, 0), |(deals, compared), g| {
        (deals + g.history().len() as u32, compared + g.expert_balance().0)
    });
    let counted = (stats.deals.played, stats.compared.all.deals);
    if counted != (deals, compared) {
        return Err(format!(
            "{} deals and {} comparisons counted, {deals} deals and {compared} comparisons kept",
            counted.0, counted.1
        ));
    }
    let exercises = check_exercises(&store, &copy.dir, &log)?;
    let daily = check_daily(&store, &copy.dir, &log)?;
    let _ = fs::remove_dir_all(&copy.dir);
    let _ = fs::remove_file(&copy.log);
    Ok(format!("{} filed, {exercises} exercises, {daily} deals of the day", history.games.len()))
}

/// The exercises as the next table finds them: every line an exercise once a cut last line is
/// mended, none twice, every one the log saw filed still there. Their number.
fn check_exercises(store: &Store, dir: &Path, log: &str) -> Result<usize, String> {
    let file = store.exercises().map_err(|e| e.to_string())?;
    if let Some(aside) = &file.set_aside {
        return Err(format!("exercises set aside: {aside}"));
    }
    let raw = fs::read(dir.join(EXERCISES_FILE)).unwrap_or_default();
    let lines = raw.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
    if lines != file.exercises.len() {
        return Err(format!("{lines} lines of exercises, {} read", file.exercises.len()));
    }
    let mut ids = std::collections::BTreeSet::new();
    for e in &file.exercises {
        if !ids.insert(e.id) {
            return Err(format!("the exercise {:?} is filed twice", e.id));
        }
    }
    for line in log.lines().filter(|l| l.starts_with("exercise ")) {
        let n: Vec<u64> = line.split(' ').skip(1).filter_map(|w| w.parse().ok()).collect();
        let [seed, started, deal, decision] = n[..] else { continue };
        let id = ExerciseId { seed, started, deal: deal as usize, decision: decision as usize };
        if !ids.contains(&id) {
            return Err(format!("the exercise {id:?} was filed and is no longer"));
        }
    }
    Ok(ids.len())
}

/// The deals of the day as the next table finds them: every line a result once a cut last line
/// is mended, no date twice, every date the log saw filed still there. Their number.
fn check_daily(store: &Store, dir: &Path, log: &str) -> Result<usize, String> {
    let file = store.daily().map_err(|e| e.to_string())?;
    if let Some(aside) = &file.set_aside {
        return Err(format!("deals of the day set aside: {aside}"));
    }
    let raw = fs::read(dir.join(DAILY_FILE)).unwrap_or_default();
    let lines = raw.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
    if lines != file.results.len() {
        return Err(format!("{lines} lines of deals of the day, {} read", file.results.len()));
    }
    let dates: std::collections::BTreeSet<String> =
        file.results.iter().map(|r| r.date.to_string()).collect();
    if dates.len() != file.results.len() {
        return Err("a deal of the day is filed twice".into());
    }
    for date in log.lines().filter_map(|l| l.strip_prefix("daily ")) {
        if !dates.contains(date) {
            return Err(format!("the deal of the day {date} was filed and is no longer"));
        }
    }
    Ok(dates.len())
}

/// Whether strace may trace here (it needs ptrace, which a container may forbid).
fn strace_works() -> bool {
    Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A saved game of `seed`, `before_end` actions before the end of the game (or `at` actions
/// in when `before_end` is `None`), written in `table`.
fn prepare(table: &Table, seed: u64, at: usize, before_end: Option<usize>) -> Result<(), String> {
    let _ = fs::remove_dir_all(&table.dir);
    let _ = fs::remove_file(&table.log);
    let (mut whole, mut rng) = support::new(GameOptions::default(), seed);
    let mut total: usize = 0;
    while support::step(&mut whole, &mut rng).is_some() {
        total += 1;
    }
    let steps = before_end.map_or(at, |b| total.saturating_sub(b));
    let (mut game, mut rng) = support::new(GameOptions::default(), seed);
    for _ in 0..steps {
        let ended = support::step(&mut game, &mut rng).is_some_and(|e| e.deal_end);
        if ended {
            let last = game.history().len() - 1;
            game.ask_expert_in_seat(last);
            game.answer_expert_in_seat(last, expert_score(&game, last));
        }
    }
    let store = Store::at(&table.dir).map_err(|e| format!("{e:#}"))?.without_sync();
    store.start_game(&game).map_err(|e| e.to_string())?;
    store.save_game(&game).map_err(|e| e.to_string())?;
    // Its deals counted as the table counted them, each at its end.
    store.deal_finished(&game).map_err(|e| e.to_string())?;
    // An earlier game filed, which must stay filed once.
    let mut log = Log::open(&table.log).map_err(|e| e.to_string())?;
    log.note("saved", &game).map_err(|e| e.to_string())?;
    Ok(())
}

/// How many actions the random players of `seed` make up to the end of deal `n` (from 1).
fn actions_to_deal_end(seed: u64, n: usize) -> Result<usize, String> {
    let (mut game, mut rng) = support::new(GameOptions::default(), seed);
    let mut actions = 0;
    while game.history().len() < n {
        support::step(&mut game, &mut rng).ok_or("the game ended first")?;
        actions += 1;
    }
    Ok(actions)
}

/// Kills a worker of `mode` at every point of [`POINTS`], each time from the same state.
fn every_point(
    root: &Path,
    mode: &str,
    state: &Table,
    seed: u64,
) -> Result<(usize, String), String> {
    let counts = state.count_points(root, mode, seed)?;
    let mut kills = 0;
    let mut said = Vec::new();
    for ((name, set), &count) in POINTS.iter().zip(&counts) {
        said.push(format!("{count} {name}"));
        for n in 1..=count {
            let table = state.copy(root, "point")?;
            let inject = format!("inject={set}:signal=KILL:when={n}");
            let under = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", &inject];
            if let Ending::Killed = table.run(mode, seed, &under)? {
                kills += 1;
            }
            check(&table, root).map_err(|e| format!("{mode}, killed at {name} {n}: {e}"))?;
            // The next table goes on from what the kill left: it files the exercises or the
            // deals of the day again (as a resumed game's are), or plays the game to its end.
            let next = match mode {
                "exercises" | "daily" => mode,
                _ => "finish",
            };
            table.run(next, seed + 1, &[])?;
            check(&table, root).map_err(|e| format!("{mode}, after a kill at {name} {n}: {e}"))?;
        }
    }
    Ok((kills, format!("{mode}: {}", said.join(", "))))
}

fn run(full: bool) -> Result<String, String> {
    // A file system in memory when there is one: the kills, not the disk, are under test.
    let shm = Path::new("/dev/shm");
    let root = if shm.is_dir() { tempfile::tempdir_in(shm) } else { tempfile::tempdir() }
        .map_err(|e| e.to_string())?;
    let root = root.path();
    let mut report = Vec::new();
    let mut point_kills = 0;
    if strace_works() {
        let state = Table::new(root, "state");
        prepare(&state, 11, 40, None)?;
        let (kills, said) = every_point(root, "new", &state, 1000)?;
        point_kills += kills;
        report.push(said);
        prepare(&state, 14, 140, None)?;
        let (kills, said) = every_point(root, "exercises", &state, 4000)?;
        point_kills += kills;
        report.push(said);
        let (kills, said) = every_point(root, "daily", &state, 5000)?;
        point_kills += kills;
        report.push(said);
        // The end of a deal: its save, its count, its comparison saved and counted.
        prepare(&state, 15, actions_to_deal_end(15, 1)? - 2, None)?;
        let (kills, said) = every_point(root, "deal", &state, 6000)?;
        point_kills += kills;
        report.push(said);
        if full {
            prepare(&state, 12, 0, Some(2))?;
            let (kills, said) = every_point(root, "finish", &state, 2000)?;
            point_kills += kills;
            report.push(said);
            prepare(&state, 13, 0, Some(40))?;
            let (kills, said) = every_point(root, "finish", &state, 3000)?;
            point_kills += kills;
            report.push(said);
        }
    } else {
        eprintln!("crash test: strace is missing or may not trace here: random kills only");
    }
    let chain = Table::new(root, "chain");
    fs::create_dir_all(&chain.dir).map_err(|e| e.to_string())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    // Runs until enough were killed: a worker that ends before its kill shows the next run a
    // state of its own making, as a table quit normally would.
    let kills = if full { 240 } else { 24 };
    let (mut killed, mut ended, mut run) = (0, 0, 0u64);
    let mut last = String::new();
    while killed < kills && run < 10 * kills {
        let mode =
            ["new", "finish", "play", "finish", "exercises", "daily"][rng.random_range(0..6)];
        let delay = Duration::from_micros(rng.random_range(0..8_000));
        match chain.run_killed_after(mode, 10_000 + run, delay)? {
            Ending::Killed => killed += 1,
            Ending::Ended => ended += 1,
        }
        last = check(&chain, root).map_err(|e| format!("random run {run} ({mode}): {e}"))?;
        run += 1;
    }
    if killed < kills {
        return Err(format!("only {killed} of {run} random runs were killed before they ended"));
    }
    report.push(format!("{run} random runs: {killed} killed, {ended} ended first, {last}"));
    let tables = if full { 3 } else { 1 };
    for seed in 0..tables {
        comparison_killed(root, 5 + seed)?;
    }
    report
        .insert(0, format!("{tables} table{} killed while comparing", if full { "s" } else { "" }));
    Ok(format!(
        "{point_kills} kills at a system call ({}); {}",
        report[..report.len() - 1].join("; "),
        report[report.len() - 1]
    ))
}
