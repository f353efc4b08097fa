use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use contree::arena::{self, ArenaConfig};
use contree::bots::{Level, Style};
use contree::rules::{ContreScoring, ScoringMethod, ScoringRules};

/// Belote contrée in the terminal, by the French Belote Federation's rules.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// The level of the computer players (default: the strongest).
    #[arg(long, value_enum, global = true)]
    level: Option<Level>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check and score deal records (JSON or JSON Lines), one JSON answer per record.
    Score {
        /// The file to read; standard input when absent or "-".
        file: Option<PathBuf>,
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
        #[arg(long, value_enum, default_value_t = ScoringArg::MadePlusBid)]
        scoring: ScoringArg,
        /// How a contre is scored.
        #[arg(long, value_enum, default_value_t = ContreArg::Standard)]
        contre: ContreArg,
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

/// `--scoring`: points faits + points demandés, or points faits.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ScoringArg {
    MadePlusBid,
    Made,
}

/// `--contre`: standard or tournament contre.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ContreArg {
    Standard,
    Tournament,
}

impl ScoringArg {
    fn rules(self, contre: ContreArg) -> ScoringRules {
        ScoringRules {
            scoring: match self {
                ScoringArg::MadePlusBid => ScoringMethod::MadePlusBid,
                ScoringArg::Made => ScoringMethod::Made,
            },
            contre: match contre {
                ContreArg::Standard => ContreScoring::Standard,
                ContreArg::Tournament => ContreScoring::Tournament,
            },
        }
    }
}

fn arena(config: ArenaConfig, json: bool) -> ExitCode {
    match arena::run(config, true) {
        Ok(report) => {
            let text = if json { report.to_json().to_string() } else { report.to_string() };
            // A closed pipe (`| head`) is not worth a panic.
            match writeln!(io::stdout().lock(), "{text}") {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
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
        Some(Command::Arena { a, b, deals, seed, scoring, contre, json, threads }) => {
            let rules = scoring.rules(contre);
            arena(ArenaConfig { a, b, deals, seed, rules, threads: usize::from(threads) }, json)
        }
        Some(Command::Bot { seed, style }) => {
            bot(cli.level.unwrap_or(Level::STRONGEST), style, seed)
        }
        None => {
            eprintln!("contree: the table is not available yet");
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
