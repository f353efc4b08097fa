use std::fs::File;
use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use contree::arena::{self, ArenaConfig};
use contree::bots::{Level, Style};
use contree::cli::{Contre, GameFlags, Scoring};
use contree::store::Store;

/// Belote contrée in the terminal, by the French Belote Federation's rules.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(flatten)]
    game: GameFlags,
    /// The level of the computer players (default: the strongest).
    #[arg(long, value_enum, global = true)]
    level: Option<Level>,
    #[command(subcommand)]
    command: Option<Command>,
    /// The language of the table (default: from the locale).
    #[arg(long, value_enum)]
    lang: Option<contree::ui::Lang>,
    /// Draw suits as letters and frames in ASCII (also when the locale is not UTF-8).
    #[arg(long)]
    ascii: bool,
    /// How fast the computer players act (default: the settings', else normal).
    #[arg(long, value_enum)]
    speed: Option<contree::ui::Speed>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check and score deal records (JSON or JSON Lines), one JSON answer per record.
    Score {
        /// The file to read; standard input when absent or "-".
        file: Option<PathBuf>,
    },
    /// Your statistics: games won and lost, contracts, contres, capots, belotes, points.
    Stats {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// The deals of the game in progress, with the running totals.
    History {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Write the finished deals to FILE as deal records (JSON Lines) for `contree score`.
        #[arg(long, value_name = "FILE")]
        export: Option<PathBuf>,
    },
    /// Duplicate match between two bot levels: each deal played twice, seats swapped.
    Arena {
        /// Level A.
        #[arg(long, value_enum)]
        a: Level,
        /// Level B.
        #[arg(long, value_enum)]
        b: Level,
        /// Number of deals (each is played twice).
        #[arg(long, default_value_t = 2000)]
        deals: u64,
        /// The seed every deal derives from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Scoring method.
        #[arg(long, value_enum, default_value_t = Scoring::MadePlusBid)]
        scoring: Scoring,
        /// How a contre is scored.
        #[arg(long, value_enum, default_value_t = Contre::Standard)]
        contre: Contre,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// The bots as a service: one JSON request per line on standard input, one answer per line.
    Bot {
        /// The seed the bots' choices derive from (with the request itself).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bidding style.
        #[arg(long, value_enum, default_value_t = Style::Cautious)]
        style: Style,
    },
}

fn arena(config: ArenaConfig, json: bool) -> ExitCode {
    match arena::run(config, true) {
        Ok(report) => {
            let text = if json { report.to_json().to_string() } else { report.to_string() };
            match emit(&(text + "\n")) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("contree arena: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("contree arena: {e}");
            ExitCode::FAILURE
        }
    }
}

fn bot(level: Level, style: Style, seed: u64) -> ExitCode {
    let stdout = io::stdout();
    match contree::bots::protocol::serve(io::stdin().lock(), stdout.lock(), level, style, seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("contree bot: {e}");
            ExitCode::FAILURE
        }
    }
}

fn stats(json: bool) -> anyhow::Result<ExitCode> {
    let store = Store::open_default()?;
    let (stats, moved) = store.stats_checked()?;
    if let Some((path, why)) = moved {
        eprintln!(
            "contree: the statistics could not be read ({why}); they were kept as {}",
            path.display()
        );
    }
    if json {
        emit(&(contree::cli::stats_json(&stats) + "\n"))?;
    } else {
        emit(&contree::cli::stats_table(&stats))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn history(json: bool, export: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    use anyhow::Context;
    use contree::store::Resume;
    let store = Store::open_default()?;
    let resume = store.load_game();
    if let Some(notice) = resume.notice() {
        eprintln!("contree: {notice}");
    }
    let Resume::Saved { game, .. } = resume else {
        if export.is_some() {
            eprintln!("contree history: no game in progress, nothing to export");
            return Ok(ExitCode::FAILURE);
        }
        if json {
            emit("[]\n")?;
        } else {
            emit("No game in progress.\n")?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    if let Some(path) = export {
        std::fs::write(&path, contree::cli::history_export(&game))
            .with_context(|| format!("cannot write {}", path.display()))?;
    } else if json {
        emit(&(contree::cli::history_json(&game) + "\n"))?;
    } else {
        emit(&contree::cli::history_table(&game))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The table: the saved game offered on the start screen, or with `--new` a new game at once.
fn table(cli: &Cli) -> anyhow::Result<ExitCode> {
    use std::io::IsTerminal;

    use contree::ui::{self, App, Config, Lang, SuitStyle, Theme};

    if !io::stdout().is_terminal() {
        eprintln!("contree: the table needs a terminal on standard output");
        return Ok(ExitCode::FAILURE);
    }
    let store = Store::open_default()?;
    let mut notices = Vec::new();
    let mut settings = match store.read_json::<ui::Settings>(ui::settings::SETTINGS_FILE) {
        Ok(Some(s)) => s,
        Ok(None) => ui::Settings { lang: Lang::from_env(), ..ui::Settings::default() },
        Err(e) => {
            notices.push(e.to_string());
            ui::Settings { lang: Lang::from_env(), ..ui::Settings::default() }
        }
    };
    let saved = settings;
    if let Some(l) = cli.lang {
        settings.lang = l;
    }
    if let Some(level) = cli.level {
        settings.level = level;
    }
    if let Some(s) = cli.speed {
        settings.speed = s;
    }
    // Rule flags choose this session's new games; the saved settings stay as they are.
    let flags = &cli.game;
    let options = flags.options();
    if flags.scoring.is_some() {
        settings.scoring = options.rules.scoring;
    }
    if flags.contre.is_some() {
        settings.contre = options.rules.contre;
    }
    if flags.deal.is_some() {
        settings.deal_style = options.deal_style;
    }
    let ascii = cli.ascii || !ui::text::locale_is_utf8();
    if ascii {
        settings.suits = SuitStyle::Letters;
    }
    let (game, resume) = if flags.new {
        (Some(contree::cli::start_new(&store, flags)?), None)
    } else {
        match store.load_game() {
            contree::store::Resume::Saved { game, started, saved } => {
                (None, Some(ui::app::Resumable { game, started, saved }))
            }
            moved => {
                notices.extend(moved.notice());
                (None, None)
            }
        }
    };
    // The players of the last game sit out the next new one; the games file is read only when
    // no saved game says who they were.
    let previous = match &resume {
        Some(r) => Some(r.game.players().clone()),
        None => store.games().ok().and_then(|g| g.last().map(|e| e.game.players.clone())),
    };
    let mut app = App::new(Config {
        settings,
        saved,
        theme: Theme::from_env(),
        target: options.target,
        seed: flags.seed.unwrap_or_else(contree::cli::random_seed),
        resume,
        game,
        previous,
        time_zone: jiff::tz::TimeZone::system(),
    });
    if !notices.is_empty() {
        app.status = Some(notices.join(" "));
    }
    ui::run::run(app, ui::view::Look { ascii }, &store)?;
    Ok(ExitCode::SUCCESS)
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
        eprintln!("contree: {e:#}");
        ExitCode::FAILURE
    })
}

fn score(file: Option<PathBuf>) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match file.filter(|f| f.as_os_str() != "-") {
        None => contree::score::run(io::stdin().lock(), &mut out),
        Some(path) => match File::open(&path) {
            Ok(f) => contree::score::run(f, &mut out),
            Err(e) => {
                eprintln!("contree score: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(status) => ExitCode::from(status.code() as u8),
        Err(e) => {
            eprintln!("contree score: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = contree::bots::personas::check_embedded() {
        eprintln!("contree: {e}");
        return ExitCode::FAILURE;
    }
    match cli.command {
        Some(Command::Score { file }) => score(file),
        Some(Command::Arena { a, b, deals, seed, scoring, contre, json, threads }) => {
            // The same values as the game's own flags, read the same way.
            let flags =
                GameFlags { scoring: Some(scoring), contre: Some(contre), ..GameFlags::default() };
            let rules = flags.options().rules;
            arena(ArenaConfig { a, b, deals, seed, rules, threads: usize::from(threads) }, json)
        }
        Some(Command::Bot { seed, style }) => {
            bot(cli.level.unwrap_or(Level::STRONGEST), style, seed)
        }
        Some(Command::Stats { json }) => report(stats(json)),
        Some(Command::History { json, export }) => report(history(json, export)),
        None => report(table(&cli)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
