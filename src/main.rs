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
        None => {
            eprintln!("contree: the table is not available yet");
            ExitCode::FAILURE
        }
    }
}
