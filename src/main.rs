//! The `contree` command: parses the command line, and opens the table or runs `score`,
//! `stats`, `history`, `arena`, `bot` or `completions`, each reporting its errors in one line.
//! The manual pages in `assets/man/` are made from the same definitions, and a test keeps them
//! so.

use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use contree::arena::holds::HoldsConfig;
use contree::arena::in_seat::SeatConfig;
use contree::arena::{self, ArenaConfig};
use contree::bots::Level;
use contree::bots::expert::Budget;
use contree::cli::args::{Cli, Command};
use contree::rules::Rules;
use contree::session::settings::{Colours, Deck};
use contree::store::{DirLock, LockError, Store, TABLE};
use contree::text::{Lang, Words};

/// Writes a line to standard error as `eprintln!` does, but never panics: standard error may
/// be gone, with the terminal it was (a hangup), and then there is nobody to tell.
macro_rules! complain {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// The arena's progress, drawn on standard error when that is a terminal, once the run has
/// taken more than a second.
fn arena_progress() -> impl FnMut(arena::Progress) {
    use std::io::IsTerminal;
    let show = io::stderr().is_terminal();
    let mut drawn = false;
    move |p: arena::Progress| {
        if !show {
            return;
        }
        if !p.over && p.elapsed > Duration::from_secs(1) {
            draw_bar(p.done, p.deals);
            drawn = true;
        } else if p.over && drawn {
            draw_bar(p.deals, p.deals);
            complain!();
        }
    }
}

/// Runs the match and prints its report, its progress drawn as it goes.
fn arena(config: ArenaConfig, json: bool) -> ExitCode {
    let report = arena::run(config, arena_progress())
        .map(|r| if json { r.to_json().to_string() } else { r.to_string() });
    arena_report(report)
}

/// Runs a level against the expert in South's seat and prints the report.
fn arena_seat(config: SeatConfig, json: bool) -> ExitCode {
    let report = arena::in_seat::run(config, arena_progress())
        .map(|r| if json { r.to_json().to_string() } else { r.to_string() });
    arena_report(report)
}

/// Measures the expert's odds of who holds what and prints the report.
fn arena_holds(config: HoldsConfig, json: bool) -> ExitCode {
    let report = arena::holds::run(config, arena_progress())
        .map(|r| if json { r.to_json().to_string() } else { r.to_string() });
    arena_report(report)
}

/// Prints an arena's report, or its error.
fn arena_report(report: Result<String, arena::ArenaError>) -> ExitCode {
    match report {
        Ok(text) => match emit(&(text + "\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                complain!("contree arena: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            complain!("contree arena: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Draws the arena's progress bar over the line before.
fn draw_bar(done: u64, total: u64) {
    use std::io::Write;
    let mut err = io::stderr().lock();
    let _ = write!(err, "\r{}", contree::cli::progress_bar(done, total));
    let _ = err.flush();
}

fn bot(service: &contree::bots::protocol::Service) -> ExitCode {
    let stdout = io::stdout();
    match contree::bots::protocol::serve(io::stdin().lock(), stdout.lock(), service) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): nobody is left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain!("contree bot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The data directory for a command that only reads: read as it is, whether a table is open
/// or not, and nothing made, moved or locked in it. What it cannot use is said, and left for
/// the table to see to. With it, the words the command speaks, chosen as the table chooses its
/// own ([`contree::session::boot::words_to_read`]).
fn open_to_read(lang: Option<Lang>) -> anyhow::Result<(Store, Words)> {
    use contree::session::boot::{Env, words_to_read};
    let env = Env::read();
    let refused = |e: contree::store::OpenError| {
        anyhow::anyhow!("{}", words_to_read(lang, env, None).open_error(&e))
    };
    let dir = Store::default_dir().map_err(refused)?;
    // Something other than a directory in its place (a file, a loop of links) is said as the
    // table says it, once, rather than by each file that cannot be read in it.
    let kind = contree::files::kind(&dir);
    if !matches!(kind.thing, contree::files::Thing::Nothing | contree::files::Thing::Directory) {
        let at = dir.clone();
        return Err(refused(contree::store::OpenError::NotADirectory { dir, at, kind }));
    }
    let store = Store::reading(dir);
    let words = words_to_read(lang, env, Some(&store));
    // What reading the settings found is the table's to say.
    store.take_notices();
    Ok((store, words))
}

/// A store error in the command's words, for `?`.
fn said(w: Words) -> impl Fn(contree::store::StoreError) -> anyhow::Error {
    move |e| anyhow::anyhow!("{}", w.store_error(&e))
}

fn stats(json: bool, lang: Option<Lang>) -> anyhow::Result<ExitCode> {
    let (store, w) = open_to_read(lang)?;
    let contree::store::StatsShown { stats, set_aside, history } =
        store.stats_shown().map_err(said(w))?;
    // Statistics, or exercises, that cannot be read are not zeros.
    for aside in &set_aside {
        let what = match aside.file.as_str() {
            contree::store::EXERCISES_FILE => w.pick(
                "the exercises cannot be counted",
                "les exercices ne peuvent pas être comptés",
            ),
            _ => {
                w.pick("the statistics cannot be read", "les statistiques ne peuvent pas être lues")
            }
        };
        complain!("contree: {what}{}{}", w.colon(), w.set_aside_clause(aside));
    }
    if !set_aside.is_empty() {
        return Ok(ExitCode::FAILURE);
    }
    // Games that could not be read, or not whole, are said once; the others are shown.
    for notice in w.history_notices(&history) {
        complain!("contree: {notice}");
    }
    if json {
        emit(&(contree::cli::stats_json(&stats) + "\n"))?;
    } else {
        emit(&contree::cli::stats_table(&stats, w))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `contree history --daily`: the deals of the day played. A file that cannot be read is said,
/// and left as it is for the table to set aside.
fn history_daily(json: bool, lang: Option<Lang>) -> anyhow::Result<ExitCode> {
    let (store, w) = open_to_read(lang)?;
    let file = store.daily().map_err(said(w))?;
    if let Some(aside) = &file.set_aside {
        complain!("contree: {}", w.set_aside_clause(aside));
    }
    if json {
        emit(&(contree::cli::daily_json(&file.results) + "\n"))?;
    } else {
        emit(&contree::cli::daily_table(&file.results, w))?;
    }
    Ok(if file.set_aside.is_some() { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn history(
    json: bool,
    export: Option<PathBuf>,
    force: bool,
    lang: Option<Lang>,
) -> anyhow::Result<ExitCode> {
    use contree::game::Game;
    use contree::store::Resume;
    let (store, w) = open_to_read(lang)?;
    let resume = store.load_game();
    if let Some(notice) = w.resume_notice(&resume) {
        complain!("contree: {notice}");
    }
    // A save that cannot be read is a game in progress all the same: neither "no game" nor the
    // last game filed stands for it.
    if matches!(resume, Resume::LeftInPlace { .. } | Resume::MovedAside { .. }) {
        return Ok(ExitCode::FAILURE);
    }
    let (game, title) = match resume {
        Resume::Saved { game, .. } => (Some(game), None),
        _ => {
            let (last, history) = store.last_game().map_err(said(w))?;
            for notice in w.history_notices(&history) {
                complain!("contree: {notice}");
            }
            match last.map(|e| (Game::from_save(&e.game), e)) {
                Some((Ok(game), entry)) => {
                    (Some(game), Some(contree::cli::last_game_title(&entry, w)))
                }
                Some((Err(e), _)) => {
                    let what = w.pick(
                        "the last game filed cannot be shown",
                        "la dernière partie classée ne peut pas être montrée",
                    );
                    complain!("contree: {what}{}{e}", w.colon());
                    (None, None)
                }
                None => (None, None),
            }
        }
    };
    let Some(game) = game else {
        if export.is_some() {
            let nothing = w.pick(
                "no game in progress nor filed, nothing to export",
                "aucune partie en cours ni classée, rien à exporter",
            );
            complain!("contree history: {nothing}");
            return Ok(ExitCode::FAILURE);
        }
        if json {
            emit("[]\n")?;
        } else {
            emit(&format!("{}\n", w.pick("No game in progress.", "Pas de partie en cours.")))?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match export {
        Some(path) if path.as_os_str() == "-" => emit(&contree::cli::history_export(&game))?,
        Some(path) => {
            let text = contree::cli::history_export(&game);
            contree::cli::export_to(&path, &text, force, store.dir())?;
        }
        None if json => emit(&(contree::cli::history_json(&game) + "\n"))?,
        None => {
            if let Some(title) = title {
                emit(&(title + "\n"))?;
            }
            emit(&contree::cli::history_table(&game, w))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Holds the data directory for the table. A command that holds it for a moment to read (as
/// `stats` and `history` of earlier versions did) is waited out rather than refused.
fn hold_for_table(store: &Store) -> Result<DirLock, LockError> {
    let start = Instant::now();
    loop {
        match store.lock(TABLE) {
            Err(LockError::Held(h))
                if !h.is_table() && start.elapsed() < Duration::from_secs(3) =>
            {
                std::thread::sleep(Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

/// The table: the saved game offered on the start screen, or with `--new` a new game at once.
/// When the data directory cannot be made, the table plays in memory and says so.
fn table(cli: &Cli, budget: Budget) -> anyhow::Result<ExitCode> {
    use std::io::IsTerminal;

    use contree::session::boot::{self, Boot, BootError, Choices, Env};
    use contree::session::config::Ending;

    // Flags that contradict each other are refused first, terminal or not; a target is checked
    // against the rule set of the settings once they are read.
    let flags = &cli.game;
    if flags.rules.is_some() {
        flags_or_exit(flags.options(Rules::default(), contree::game::DealStyle::default()));
    }
    let seed = flags.seed.unwrap_or_else(contree::cli::random_seed);
    // A deal file is read, and refused, before anything else is touched.
    let deal = match &cli.deal_file {
        Some(path) => match deal_file(path, seed) {
            Ok(game) => Some(game),
            Err(why) => {
                complain!("contree: {why}");
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let learn = matches!(cli.command, Some(Command::Learn));
    if !cli.line && !io::stdout().is_terminal() {
        complain!("contree: the table needs a terminal on standard output");
        return Ok(ExitCode::FAILURE);
    }
    let store = boot::open_store();
    // A lock that cannot be taken is never a free directory: the table does not open, but on a
    // read-only disk, where no table writes, it plays in memory. A deal file writes nothing,
    // and needs none.
    let held = store.as_ref().ok().filter(|_| deal.is_none());
    let (_lock, read_only_disk) = match take_lock(held) {
        Ok(taken) => taken,
        Err(code) => return Ok(code),
    };
    if let Some(store) = held.filter(|_| read_only_disk.is_none()) {
        store.remove_leftovers();
    }
    let choices = Choices {
        lang: cli.lang,
        level: cli.level,
        speed: cli.speed,
        deck: cli.deck,
        colours: cli.colours,
        ascii: cli.ascii,
        new: flags.new,
        seed,
        deal: deal.is_some() || cli.daily,
        today: contree::game::daily::Day::of_unix(now()),
    };
    let options = |rules, style| flags.options(rules, style);
    let Boot { config, mut notices } =
        match boot::boot(choices, Env::read(), &store, options, budget) {
            Ok(started) => started,
            Err(BootError::Flags(why)) => refuse_flags(why),
            Err(e) => return Err(e.into()),
        };
    // The table's last word on the store, in its language.
    let w = config.settings.words(config.ascii);
    // A read-only disk is said once, first, as a full disk's first refusal is; the saves it
    // refuses after are not said again.
    if let (Some(e), Some(store)) = (&read_only_disk, held) {
        store.write_failed(e);
        notices.insert(0, contree::session::effects::plays_in_memory(w, e));
    }
    // The deal of the day, with its first result when the day was played: a file that cannot
    // be read is set aside (lines alone where they can be), and said.
    let daily = cli.daily.then(|| {
        let day = cli.date.unwrap_or(config.today);
        let first =
            store.as_ref().ok().and_then(|s| s.daily().ok()).and_then(|f| f.of(day).cloned());
        (day, first)
    });
    let opening = match (deal, daily) {
        (Some(game), _) => Opening::DealFile(game),
        (None, Some((day, first))) => Opening::Daily(day, first),
        (None, None) if learn => Opening::Course,
        (None, None) => Opening::Game,
    };
    let ending = if learn && cli.line {
        contree::line::learn::learn(config, store.as_ref().ok(), &notices)?
    } else {
        front_end(cli, config, opening, store.as_ref().ok(), &notices)?
    };
    if let Err(why) = &store {
        let said = w.t(contree::text::T::SessionNotSaved);
        complain!("contree: {said}{}{}", w.colon(), w.open_error(why));
    }
    Ok(match ending {
        Ending::Quit => ExitCode::SUCCESS,
        // As a shell reports a process ended by that signal.
        Ending::Signal(sig) => ExitCode::from(128u8.saturating_add(sig.clamp(0, 127) as u8)),
    })
}

/// The data directory's lock for the table: refused when another table holds it, or, where the
/// system refuses it, on a read-only disk (where no table writes) none and the error, for the
/// table to play in memory and say so; else the exit code, said.
fn take_lock(
    held: Option<&Store>,
) -> Result<(Option<DirLock>, Option<contree::store::StoreError>), ExitCode> {
    let Some(store) = held else { return Ok((None, None)) };
    match hold_for_table(store) {
        Ok(lock) => Ok((Some(lock), None)),
        Err(LockError::Held(holder)) => {
            complain!("contree: {}", contree::cli::held_by(&holder, store.dir()));
            Err(ExitCode::FAILURE)
        }
        Err(LockError::Failed(e)) => match contree::cli::unlocked(&e) {
            contree::cli::Unlocked::InMemory => Ok((None, Some(e))),
            contree::cli::Unlocked::Refused(why) => {
                complain!("contree: {why}");
                Err(ExitCode::FAILURE)
            }
        },
    }
}

/// What the table opens on.
enum Opening {
    /// The game: the start screen, or the game asked on the command line.
    Game,
    /// A deal file's first deal, played again.
    DealFile(contree::game::Game),
    /// The deal of the day, with its first result when the day was played.
    Daily(contree::game::daily::Day, Option<contree::store::DailyEntry>),
    /// The course, from its map.
    Course,
}

/// The table in the front end asked for: the line mode, or the terminal table with a deal
/// file's deal played again, the deal of the day, the course, or the game; the boot's notices
/// said first.
fn front_end(
    cli: &Cli,
    config: contree::session::config::Config,
    opening: Opening,
    store: Option<&Store>,
    notices: &[String],
) -> anyhow::Result<contree::session::config::Ending> {
    use contree::ui::{self, App};
    Ok(if cli.line {
        let line = match opening {
            Opening::Daily(day, first) => {
                contree::line::LineMode::daily(&config, store.is_some(), notices, day, first)
            }
            _ => contree::line::LineMode::new(config, store.is_some(), notices),
        };
        contree::line::run::run(line, store)?
    } else {
        let mut app = App::new(config);
        match opening {
            Opening::DealFile(game) => {
                app.play_again(game, None);
                ui::run::run(app, None)?
            }
            Opening::Daily(day, first) => {
                app.play_daily(day, first);
                let mut said: Vec<String> = notices.to_vec();
                said.extend(app.status());
                app.tell(said.join(" "));
                ui::run::run(app, store)?
            }
            Opening::Game | Opening::Course => {
                if matches!(opening, Opening::Course) {
                    app.open_course();
                }
                if !notices.is_empty() {
                    app.tell(notices.join(" "));
                }
                ui::run::run(app, store)?
            }
        }
    })
}

/// Seconds since the Unix epoch (0 if the clock is before it).
fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The first deal of the deal-record file at `path`, to be played again with players drawn from
/// `seed`; why not, in one line, with the record's error as `contree score` gives it.
fn deal_file(path: &Path, seed: u64) -> Result<contree::game::Game, String> {
    use contree::game::{HUMAN, Replay, draw_players};
    let cannot = |e: contree::files::ReadError| format!("cannot read {}: {e}", path.display());
    let file = contree::files::open_regular(path).map_err(cannot)?;
    let first = contree::score::first_record(file).map_err(cannot)?;
    let [east, north, west] = draw_players(seed, None);
    let players = contree::rules::BySeat([HUMAN.to_string(), east, north, west]);
    first.and_then(|record| Replay::deal_again(&record, seed, players)).map_err(|e| {
        let kind = serde_json::to_value(e.kind).ok();
        let kind = kind.as_ref().and_then(|k| k.as_str()).unwrap_or("bad-input");
        let at = e.index.map(|i| format!(" at {i}")).unwrap_or_default();
        format!("{}: {kind}{at}: {e}", path.display())
    })
}

/// The options the game flags give, or clap's error for flags that contradict each other (exit
/// status 2, as for any bad flag).
fn flags_or_exit(
    options: Result<contree::game::GameOptions, String>,
) -> contree::game::GameOptions {
    options.unwrap_or_else(|why| refuse_flags(why))
}

/// Refuses game flags that contradict each other with clap's error (exit status 2, as for any
/// bad flag).
fn refuse_flags(why: String) -> ! {
    use clap::CommandFactory;
    Cli::command().error(clap::error::ErrorKind::ArgumentConflict, why).exit()
}

/// Writes `text` to standard output; a reader that stopped reading (`| head`) is not an error.
fn emit(text: &str) -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Reports an error of a command in one line.
fn report(result: anyhow::Result<ExitCode>) -> ExitCode {
    result.unwrap_or_else(|e| {
        complain!("contree: {e:#}");
        ExitCode::FAILURE
    })
}

fn score(file: Option<PathBuf>) -> ExitCode {
    read_records("score", file, |input, out| contree::score::run(input, out))
}

/// `contree analyse`.
fn analyse(file: Option<PathBuf>, options: contree::analyse::Options) -> ExitCode {
    read_records("analyse", file, |input, out| contree::analyse::run(input, out, options))
}

/// Runs `command` (`contree score` or `contree analyse`) on `file`, or standard input when it
/// is absent or "-", writing to standard output: exit status 0 when every record was
/// accepted, 1 when one was refused, 2 when the input could not be read at all.
fn read_records(
    command: &str,
    file: Option<PathBuf>,
    run: impl FnOnce(
        &mut dyn io::Read,
        &mut BufWriter<io::StdoutLock<'static>>,
    ) -> Result<contree::score::ScoreStatus, contree::score::InputError>,
) -> ExitCode {
    use contree::score::InputError;
    let mut out = BufWriter::new(io::stdout().lock());
    let result = match file.filter(|f| f.as_os_str() != "-") {
        None => run(&mut io::stdin().lock(), &mut out),
        Some(path) => match contree::files::open_regular(&path) {
            Ok(mut f) => run(&mut f, &mut out),
            Err(e) => {
                complain!("contree {command}: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(status) => ExitCode::from(status.code() as u8),
        // A reader that stopped reading (`| head`) has all it wanted.
        Err(InputError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain!("contree {command}: {e}");
            ExitCode::from(2)
        }
    }
}

/// `contree completions`: the completion script of `shell`, made from the command definitions.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "contree", &mut script);
    emit(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

/// `contree join`: the terminal table at a host's table, or with `--line` its line mode; exit 0
/// at its end, 1 when the host cannot be reached or refuses the player, 2 for flags that make
/// no table.
fn join(args: contree::cli::JoinArgs, look: (Option<Colours>, Option<Deck>)) -> ExitCode {
    use contree::line::join::JoinLine;
    use contree::line::join::run::{Ended, run};
    let line = args.line;
    let (joining, words) = match contree::cli::joining(args) {
        Ok(j) => j,
        Err(code) => return code,
    };
    if !line {
        return join_table(&joining, words, look);
    }
    match run(JoinLine::new(words), &joining) {
        Ok(Ended::Done) => ExitCode::SUCCESS,
        Ok(Ended::Failed) => ExitCode::FAILURE,
        Err(e) => {
            complain!("contree join: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The terminal table at a host's table, in the colours and deck asked, else the saved
/// settings'; `NO_COLOR` and a dumb terminal honoured.
fn join_table(
    joining: &contree::session::remote::Joining,
    words: contree::text::Words,
    (colours, deck): (Option<Colours>, Option<Deck>),
) -> ExitCode {
    use contree::session::settings::{SETTINGS_FILE, Settings};
    use contree::ui::remote::RemoteScreen;
    use contree::ui::remote_run::{Ended, run};
    let env = contree::session::boot::Env::read();
    // The colours and the deck of the flags, else of the saved settings, as the solo table.
    let saved = Store::default_dir()
        .ok()
        .map(Store::reading)
        .and_then(|s| s.read_json_fields::<Settings>(SETTINGS_FILE).ok())
        .and_then(|(settings, _)| settings);
    let theme = contree::ui::Theme::new(
        colours.or(saved.as_ref().map(|s| s.colors)).unwrap_or_default(),
        deck.or(saved.as_ref().map(|s| s.deck)).unwrap_or_default(),
        env.no_color || env.dumb,
    );
    match run(RemoteScreen::new(words, theme), joining) {
        Ok(Ended::Done) => ExitCode::SUCCESS,
        Ok(Ended::Failed) => ExitCode::FAILURE,
        Ok(Ended::Signal(sig)) => ExitCode::from(128u8.saturating_add(sig.clamp(0, 127) as u8)),
        Err(e) => {
            complain!("contree join: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = contree::personas::check_embedded() {
        complain!("contree: {e}");
        return ExitCode::FAILURE;
    }
    // What the expert may spend on each decision at the table and in `contree bot`.
    let budget = Budget::DEFAULT;
    match cli.command {
        Some(Command::Score { file }) => score(file),
        Some(Command::Arena {
            a,
            b,
            auction,
            seat_vs_expert,
            holds,
            others,
            deals,
            seed,
            rule_set,
            nt_at,
            scoring,
            contre,
            json,
            threads,
            worlds,
        }) => {
            let rules = Rules { set: rule_set, nt_at, scoring, contre };
            let threads = usize::from(threads);
            let budget = Budget::worlds(worlds);
            match (seat_vs_expert, a, b) {
                _ if holds => {
                    let holds = contree::bots::expert::HoldsBudget::DEFAULT;
                    let config = HoldsConfig { deals, seed, rules, threads, budget, holds };
                    arena_holds(config, json)
                }
                (Some(south), _, _) => {
                    let config = SeatConfig { south, others, deals, seed, rules, threads, budget };
                    arena_seat(config, json)
                }
                (None, Some(a), Some(b)) => {
                    arena(ArenaConfig { a, b, auction, deals, seed, rules, threads, budget }, json)
                }
                // The command line requires both contestants without --seat-vs-expert.
                (None, _, _) => {
                    complain!("contree arena: --a and --b name the contestants");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Bot { seed, style, worlds }) => {
            let level = cli.level.unwrap_or(Level::DEFAULT);
            let budget = Budget::worlds(worlds);
            bot(&contree::bots::protocol::Service { level, style, seed, budget })
        }
        Some(Command::Analyse { file, seat, worlds, json }) => {
            let level = cli.level.unwrap_or(Level::DEFAULT);
            let budget = Budget::worlds(worlds);
            let options = contree::analyse::Options { seat, level, budget, json };
            analyse(file, options)
        }
        Some(Command::Stats { json }) => report(stats(json, cli.lang)),
        Some(Command::Host {
            listen,
            deal_pause,
            per_address,
            connections,
            tables_per_address,
            rate,
            no_sync,
        }) => {
            let mut limits = contree::net::host::Limits {
                per_address: per_address as usize,
                connections: connections as usize,
                tables_per_address: tables_per_address as usize,
                per_second: rate,
                burst: rate.saturating_mul(2),
                ..Default::default()
            };
            limits.per_address = limits.per_address.max(1);
            contree::cli::host(listen, Duration::from_secs(deal_pause), limits, !no_sync)
        }
        Some(Command::Join {
            addr,
            table,
            name,
            seat,
            password,
            line,
            lang,
            ascii,
            rules,
            nt_at,
            target,
            scoring,
            contre,
            hints,
            grace,
        }) => {
            let flags = contree::cli::GameFlags {
                rules,
                nt_at,
                target,
                scoring,
                contre,
                ..Default::default()
            };
            let args = contree::cli::JoinArgs {
                addr,
                table,
                name,
                seat,
                password,
                flags,
                level: cli.level,
                hints,
                grace,
                lang: lang.or(cli.lang),
                ascii: ascii || cli.ascii,
                line,
            };
            join(args, (cli.colours, cli.deck))
        }
        Some(Command::Completions { shell }) => report(completions(shell)),
        Some(Command::History { daily: true, json, .. }) => report(history_daily(json, cli.lang)),
        Some(Command::History { json, export, force, .. }) => {
            report(history(json, export, force, cli.lang))
        }
        None | Some(Command::Learn) => report(table(&cli, budget)),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// Where the manual pages are kept.
    const MAN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/man");

    /// The manual pages the command definitions make, file name and text: `contree.6`, then one
    /// page a command (`contree-score.6`, ...), in section 6, the games'.
    fn man_pages() -> Vec<(String, String)> {
        fn pages(cmd: clap::Command, out: &mut Vec<(String, String)>) {
            let man = clap_mangen::Man::new(cmd.clone()).section("6");
            let mut text = Vec::new();
            man.render(&mut text).expect("rendered in memory");
            out.push((man.get_filename(), String::from_utf8_lossy(&text).into_owned()));
            for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
                pages(sub.clone(), out);
            }
        }
        let mut cmd = super::Cli::command().disable_help_subcommand(true);
        cmd.build();
        let mut out = Vec::new();
        pages(cmd, &mut out);
        out
    }

    #[test]
    fn the_manual_pages_are_what_the_command_line_says() {
        let made = man_pages();
        for (name, text) in &made {
            let kept = std::fs::read_to_string(format!("{MAN_DIR}/{name}")).unwrap_or_default();
            assert!(
                kept == *text,
                "assets/man/{name} is not what the command line makes: write the pages again \
                 with `cargo test --bin contree -- --ignored write_the_manual_pages`"
            );
        }
        let mut kept: Vec<String> = std::fs::read_dir(MAN_DIR)
            .expect("assets/man")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        kept.sort();
        let mut names: Vec<String> = made.into_iter().map(|(name, _)| name).collect();
        names.sort();
        assert_eq!(kept, names, "assets/man holds a page of a command that is no more");
    }

    /// Writes the manual pages into `assets/man/`, after a change to the command line.
    #[test]
    #[ignore = "writes assets/man: run it after changing the command line"]
    fn write_the_manual_pages() {
        let _ = std::fs::remove_dir_all(MAN_DIR);
        std::fs::create_dir_all(MAN_DIR).expect("assets/man");
        for (name, text) in man_pages() {
            std::fs::write(format!("{MAN_DIR}/{name}"), text).expect("written");
        }
    }
}
