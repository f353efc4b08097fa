//! `contree join`: where and as whom to join a host's table, the rules of a table created taken
//! from the flags of a new game, and the words to play it in.

use std::process::ExitCode;

use super::GameFlags;
use crate::bots::Level;
use crate::game::DealStyle;
use crate::net::wire::TableSetup;
use crate::rules::{Rules, Seat};
use crate::session::boot::{Env, words_to_read};
use crate::session::remote::Joining;
use crate::store::Store;
use crate::text::{Lang, SuitStyle, Words};

/// A seat as `--seat` takes it: south, north, east or west, in English or French, or its
/// letter.
pub fn seat_arg(s: &str) -> Result<Seat, String> {
    crate::session::remote::seat_word(&s.to_lowercase())
        .ok_or_else(|| format!("{s} is not a seat: south, north, east or west"))
}

/// What `contree join` was given.
#[derive(Clone, Debug)]
pub struct JoinArgs {
    /// The host's address.
    pub addr: String,
    /// The table's code, none to create one.
    pub table: Option<String>,
    /// The player's name.
    pub name: Option<String>,
    /// The seat wanted.
    pub seat: Option<Seat>,
    /// The table's password.
    pub password: Option<String>,
    /// The rules of a table created.
    pub flags: GameFlags,
    /// The bots' level at a table created.
    pub level: Option<Level>,
    /// Whether hints are offered during a deal at a table created.
    pub hints: bool,
    /// The grace time of a table created, in seconds.
    pub grace: u32,
    /// The language.
    pub lang: Option<Lang>,
    /// ASCII only.
    pub ascii: bool,
    /// The line mode rather than the terminal table.
    pub line: bool,
}

/// The player's name unless given: their login name, else "Player".
fn default_name() -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|n| n.chars().filter(|c| !c.is_control()).take(24).collect::<String>())
        .find(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "Player".to_string())
}

/// Where and as whom to join, and the words of the line mode (spoken) or of the terminal table; the exit code when the
/// data directory cannot be found (1) or the flags make no table (2), said on standard error.
pub fn joining(args: JoinArgs) -> Result<(Joining, Words), ExitCode> {
    let dir = match Store::default_dir() {
        Ok(dir) => dir,
        Err(e) => {
            eprintln!("contree join: {e}");
            return Err(ExitCode::FAILURE);
        }
    };
    let shown = words_to_read(args.lang, Env::read(), Some(&Store::reading(dir.clone())));
    // The line mode speaks; the terminal table draws the suits as the settings say.
    let words = match args.line {
        true => {
            Words { lang: shown.lang, suits: SuitStyle::Letters, ascii: args.ascii, spoken: true }
        }
        false if args.ascii => Words { suits: SuitStyle::Letters, ascii: true, ..shown },
        false => shown,
    };
    let options = match args.flags.options(Rules::default(), DealStyle::default()) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("contree join: {e}");
            return Err(ExitCode::from(2));
        }
    };
    let mut setup = TableSetup::new(options, args.level.unwrap_or(Level::DEFAULT));
    setup.help = args.hints;
    setup.grace_secs = args.grace;
    setup.password = args.password.clone();
    let code = match args.table.as_deref().map(|c| (c, crate::net::code::read_code(c))) {
        None => None,
        Some((_, Some(code))) => Some(code),
        Some((typed, None)) => {
            eprintln!("contree join: {typed} is not a table's code (6 letters and digits)");
            return Err(ExitCode::from(2));
        }
    };
    let joining = Joining {
        addr: args.addr,
        name: args.name.unwrap_or_else(default_name),
        dir,
        code,
        seat: args.seat,
        password: args.password,
        setup,
    };
    Ok((joining, words))
}
