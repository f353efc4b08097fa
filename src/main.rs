use std::fs::File;
use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Belote contrée in the terminal, by the French Belote Federation's rules.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The language of the table (default: from the locale).
    #[arg(long, value_enum, global = true)]
    lang: Option<LangArg>,
    /// Draw suits as letters and frames in ASCII.
    #[arg(long, global = true)]
    ascii: bool,
    /// How fast the computer players act.
    #[arg(long, value_enum, global = true)]
    speed: Option<SpeedArg>,
    /// Points to win a new game: 1000, 1500 or 2000.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["1000", "1500", "2000"]))]
    target: Option<String>,
    /// The seed of the new game's deals.
    #[arg(long)]
    seed: Option<u64>,
    /// Start a new game at once, putting a saved game aside.
    #[arg(long)]
    new: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum LangArg {
    Fr,
    En,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum SpeedArg {
    Slow,
    Normal,
    Fast,
    Instant,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check and score deal records (JSON or JSON Lines), one JSON answer per record.
    Score {
        /// The file to read; standard input when absent or "-".
        file: Option<PathBuf>,
    },
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
    match cli.command {
        Some(Command::Score { file }) => score(file),
        None => table(&cli),
    }
}

/// Opens the table.
fn table(cli: &Cli) -> ExitCode {
    use contree::ui::{
        self, App, Config, Lang, Speed, SuitStyle, Theme, files::Files, run::Persist,
    };
    use std::io::IsTerminal;

    if !io::stdout().is_terminal() {
        eprintln!("contree: the table needs a terminal on standard output (try `contree --help`)");
        return ExitCode::FAILURE;
    }
    let Some(dir) = ui::files::data_dir() else {
        eprintln!("contree: no data directory: set CONTREE_DATA_DIR or HOME");
        return ExitCode::FAILURE;
    };
    let mut files = Files::new(dir);
    let mut settings = files
        .settings()
        .unwrap_or_else(|| ui::Settings { lang: Lang::from_env(), ..ui::Settings::default() });
    if let Some(l) = cli.lang {
        settings.lang = match l {
            LangArg::Fr => Lang::Fr,
            LangArg::En => Lang::En,
        };
    }
    if let Some(s) = cli.speed {
        settings.speed = match s {
            SpeedArg::Slow => Speed::Slow,
            SpeedArg::Normal => Speed::Normal,
            SpeedArg::Fast => Speed::Fast,
            SpeedArg::Instant => Speed::Instant,
        };
    }
    let ascii = cli.ascii || !ui::text::locale_is_utf8();
    if ascii {
        settings.suits = SuitStyle::Letters;
    }
    let (resume, status) = match files.load_game() {
        Ok(r) => (r, None),
        Err(e) => (None, Some(e)),
    };
    let new_game = cli.new;
    if new_game
        && resume.is_some()
        && let Err(e) = files.archive_saved()
    {
        eprintln!("contree: {e}");
    }
    let seed = cli.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let target = cli.target.as_deref().and_then(|t| t.parse().ok()).unwrap_or(1000);
    let mut app = App::new(Config {
        settings,
        theme: Theme::from_env(),
        target,
        seed,
        resume: if new_game { None } else { resume },
        new_game,
    });
    app.status = status;
    match ui::run::run(app, ui::view::Look { ascii }, &mut files) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("contree: terminal error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
