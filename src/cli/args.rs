//! The command line's flags and commands, as clap reads them: the binary parses them and
//! chooses the command; its tests keep the manual pages true to them.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::GameFlags;
use crate::arena::Contestant;
use crate::bots::Level;
use crate::bots::expert::{DEFAULT_WORLDS, MAX_WORLDS};
use crate::personas::BiddingStyle;
use crate::rules::{ContreScoring, RuleSet, ScoringMethod, Seat};

/// The most deals `contree arena` plays.
pub const ARENA_MAX_DEALS: u64 = 10_000_000;

/// The expert's worlds per decision in the arena, unless told otherwise: the table's.
pub const ARENA_WORLDS: u32 = DEFAULT_WORLDS;

/// Belote contrée in the terminal, by the French Belote Federation's rules.
#[derive(Parser, Debug)]
#[command(version, about)]
pub struct Cli {
    // The flags that choose a new game.
    #[allow(missing_docs)]
    #[command(flatten)]
    pub game: GameFlags,
    /// The level of the computer players.
    #[arg(long, value_enum, global = true,
          help = format!("The level of the computer players (default: {})", Level::DEFAULT.name()))]
    pub level: Option<Level>,
    // The command, none for the table.
    #[allow(missing_docs)]
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The language of the table, the course, `stats` and `history`, given before or after the
    /// command (default: the settings', else the locale's).
    #[arg(long, value_enum, global = true)]
    pub lang: Option<crate::text::Lang>,
    /// Draw suits as letters and frames in ASCII (also when the locale is not UTF-8), given
    /// before or after the command.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Play in lines of plain text, a sentence an event and a command a line, for a screen
    /// reader or a script: the same game, save and rules as the table, on standard input and
    /// output; the course too, as `contree learn --line`.
    #[arg(long, global = true)]
    pub line: bool,
    /// How fast the computer players act (default: the settings', else normal).
    #[arg(long, value_enum)]
    pub speed: Option<crate::session::settings::Speed>,
    /// The deck's colours: hearts and diamonds red, or each suit its own colour (default: the
    /// settings', else two-colour).
    #[arg(long, value_enum)]
    pub deck: Option<crate::session::settings::Deck>,
    /// The table's colours: on, high contrast (bold, bright, nothing dimmed) or off (default:
    /// the settings', else on; NO_COLOR turns colour off whatever this says).
    #[arg(long, value_enum)]
    pub colours: Option<crate::session::settings::Colours>,
    /// Play the first deal of a deal-record file (the format `contree score` reads) under its
    /// rules, as a deal played again: it counts neither in a game nor in the statistics, and
    /// nothing is saved. A file that is not a deal record is refused (exit 2).
    #[arg(long, value_name = "FILE", conflicts_with = "line")]
    pub deal_file: Option<PathBuf>,
    /// Play the deal of the day: one deal, the same for everyone on the date (UTC), played once;
    /// at its end, your score beside the expert's in your seat, the double-dummy result, your
    /// clear mistakes and a line to share. Played again, it is practice. It counts in no game
    /// nor in the statistics; `contree history --daily` lists the days played. Its rules and
    /// players are the same for everyone: the flags of a new game are refused with it.
    #[arg(long, conflicts_with_all = [
        "deal_file", "new", "seed", "rules", "target", "nt_at", "scoring", "contre", "deal",
        "level",
    ])]
    pub daily: bool,
    /// With --daily: the date whose deal to play, instead of today's (UTC).
    #[arg(long, value_name = "YYYY-MM-DD", requires = "daily",
          value_parser = crate::cli::DateArg)]
    pub date: Option<crate::game::daily::Day>,
}

// The commands besides the table (a doc comment here would be clap's text too).
#[allow(missing_docs)]
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Learn contrée from zero: a course of short levels, from the cards to the score, then a
    /// first deal with the hints shown; on the table, or with --line in the line mode.
    Learn,
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
    /// The deals of the game in progress (else of the last game filed), with the running totals.
    History {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Write the finished deals to FILE as deal records (JSON Lines) for `contree score`;
        /// "-" for standard output.
        #[arg(long, value_name = "FILE")]
        export: Option<PathBuf>,
        /// Let --export replace a file that exists.
        #[arg(long, requires = "export")]
        force: bool,
        /// The deals of the day played instead, one line a date, with their first result.
        #[arg(long, conflicts_with = "export")]
        daily: bool,
    },
    /// Duplicate match between two contestants (bot levels, or the gambler): each deal played
    /// twice, seats swapped.
    Arena {
        /// Contestant A: a level, or the arena's gambler.
        #[arg(long, value_enum, required_unless_present_any = ["seat_vs_expert", "holds"])]
        a: Option<Contestant>,
        /// Contestant B.
        #[arg(long, value_enum, required_unless_present_any = ["seat_vs_expert", "holds"])]
        b: Option<Contestant>,
        /// Instead of A against B: each deal played twice with the same three other seats,
        /// once with LEVEL in South's seat and once with the expert there; the mean balance of
        /// LEVEL against the expert, as the table's comparison counts it.
        #[arg(long, value_enum, value_name = "LEVEL", conflicts_with_all = ["a", "b", "auction"])]
        seat_vs_expert: Option<Level>,
        /// Instead of A against B: the expert's odds of who holds what, read from South's view
        /// at its first card and at the start of trick 5, against the real hands (calibration
        /// and Brier score beside the counting guess); the even deals bid and played by the
        /// expert, the odd ones by normal.
        #[arg(long, conflicts_with_all = ["a", "b", "auction", "seat_vs_expert"])]
        holds: bool,
        /// With --seat-vs-expert: the level of the three other seats.
        #[arg(long, value_enum, value_name = "LEVEL", default_value_t = Level::Normal,
              requires = "seat_vs_expert")]
        others: Level,
        /// Every seat bids as this contestant, the same auction in both plays of a deal; A and B
        /// play the cards only, so card play is measured alone.
        #[arg(long, value_enum, value_name = "CONTESTANT")]
        auction: Option<Contestant>,
        /// Number of deals (each is played twice; once with --holds), up to ten million.
        #[arg(long, default_value_t = 2000,
              value_parser = clap::value_parser!(u64).range(1..=ARENA_MAX_DEALS))]
        deals: u64,
        /// The seed every deal derives from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The rule set of every deal.
        #[arg(long = "rules", value_name = "SET", value_enum, default_value_t = RuleSet::Contree)]
        rule_set: RuleSet,
        /// Allow bids in sans atout and tout atout.
        #[arg(long)]
        nt_at: bool,
        /// Scoring method (contree only).
        #[arg(long, value_enum, default_value_t = ScoringMethod::MadePlusBid)]
        scoring: ScoringMethod,
        /// How a contre is scored (contree only).
        #[arg(long, value_enum, default_value_t = ContreScoring::Standard)]
        contre: ContreScoring,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// The worlds the expert weighs for each decision: a budget that gives the same match
        /// on any machine.
        #[arg(long, default_value_t = ARENA_WORLDS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_WORLDS)))]
        worlds: u32,
    },
    /// Host tables for friends to play over the network (TLS), bots in the seats nobody
    /// takes; serves until stopped. Its certificate and tables live in the data directory's
    /// `host/`; every table is saved after every action and resumed when the host starts again.
    Host {
        /// The address to listen on; a public address only when given.
        #[arg(long, value_name = "ADDR", default_value = crate::net::host::DEFAULT_LISTEN)]
        listen: std::net::SocketAddr,
        /// Seconds between a deal's end and the next deal, unless every player moves on first.
        #[arg(long, value_name = "SECS", default_value_t = 30,
              value_parser = clap::value_parser!(u64).range(0..=3600))]
        deal_pause: u64,
        /// The connections allowed at once from one address (players behind one router share
        /// one).
        #[arg(long, value_name = "N", default_value_t = 16,
              value_parser = clap::value_parser!(u32).range(1..=100_000))]
        per_address: u32,
        /// The connections allowed at once from every address together.
        #[arg(long, value_name = "N", default_value_t = 4096,
              value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        connections: u32,
        /// The tables open at once that one address may have created.
        #[arg(long, value_name = "N", default_value_t = 8,
              value_parser = clap::value_parser!(u32).range(1..=100_000))]
        tables_per_address: u32,
        /// The messages a client may send a second on average, twice as many at once; a client
        /// past it is cut off (scripted players may need more).
        #[arg(long, value_name = "N", default_value_t = 20,
              value_parser = clap::value_parser!(u32).range(1..=100_000))]
        rate: u32,
        /// Write the tables without syncing them to the disk: faster, but a power cut may lose
        /// the last actions (for load measurements).
        #[arg(long, hide = true)]
        no_sync: bool,
    },
    /// Play at a table of a host (`contree host`) with friends, at the terminal table or in
    /// the line mode (--line), turned so that you sit South; bots play the seats nobody takes. Without --table,
    /// creates a table by the flags of a new game given here and says its code for the others.
    Join {
        /// The host's address, HOST:PORT (the host's port is 7401 unless it says otherwise).
        #[arg(value_name = "ADDR")]
        addr: String,
        /// The code of the table to join (6 characters); none to create a table.
        #[arg(long, value_name = "CODE")]
        table: Option<String>,
        /// Your name at the table, 1 to 24 characters (default: your login name).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// The seat wanted: south, north, east or west (default: the first free one, South for
        /// the creator).
        #[arg(long, value_name = "SEAT", value_parser = super::join::seat_arg)]
        seat: Option<Seat>,
        /// The table's password: to join one that has a password, or to give one to the table
        /// created.
        #[arg(long, value_name = "P")]
        password: Option<String>,
        /// Play in lines of plain text, as `contree --line` does, rather than at the terminal
        /// table.
        #[arg(long)]
        line: bool,
        /// The language of the table (default: the settings', else the locale's).
        #[arg(long, value_enum)]
        lang: Option<crate::text::Lang>,
        /// Draw suits as letters and frames in ASCII.
        #[arg(long)]
        ascii: bool,
        /// The rule set of the table created.
        #[arg(long, value_enum)]
        rules: Option<RuleSet>,
        /// Allow bids in sans atout and tout atout at the table created.
        #[arg(long)]
        nt_at: bool,
        /// Points to reach to win at the table created, as for a new game.
        #[arg(long, value_name = "POINTS",
              value_parser = clap::builder::TypedValueParser::map(
                  clap::builder::PossibleValuesParser::new(super::TARGET_VALUES),
                  |s| s.parse::<u16>().unwrap_or_default()))]
        target: Option<u16>,
        /// How deals are scored at the table created (contree only).
        #[arg(long, value_enum)]
        scoring: Option<ScoringMethod>,
        /// How a contre is scored at the table created (contree only).
        #[arg(long, value_enum)]
        contre: Option<ContreScoring>,
        /// Offer hints, the expert's analysis and who holds what during a deal at the table
        /// created, for a teaching table (off by default; the review after a deal is open).
        #[arg(long)]
        hints: bool,
        /// Seconds a dropped player's seat waits before a bot plays it, at the table created.
        #[arg(long, value_name = "SECS", default_value_t = crate::net::wire::DEFAULT_GRACE_SECS,
              value_parser = clap::value_parser!(u32).range(5..=3600))]
        grace: u32,
    },
    /// Print a completion script for SHELL on standard output.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// The bots as a service: one JSON request per line on standard input, one answer per line.
    Bot {
        /// The seed the bots' choices derive from (with the request itself).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bidding style.
        #[arg(long, value_enum, default_value_t = BiddingStyle::Cautious)]
        style: BiddingStyle,
        /// The worlds the expert weighs for each request: its answer depends on the request
        /// and this alone.
        #[arg(long, default_value_t = DEFAULT_WORLDS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_WORLDS)))]
        worlds: u32,
    },
    /// The expert's review of deal records (as contree score reads them), one per record: the
    /// double-dummy result and each decision of a seat beside the expert's advice.
    Analyse {
        /// The file to read; standard input when absent or "-".
        file: Option<PathBuf>,
        /// The seat whose decisions are reviewed: N, E, S or W.
        #[arg(long, default_value = "S")]
        seat: Seat,
        /// The worlds the expert weighs for each decision, as contree bot --worlds.
        #[arg(long, default_value_t = DEFAULT_WORLDS,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_WORLDS)))]
        worlds: u32,
        /// One JSON object per record instead of text.
        #[arg(long)]
        json: bool,
    },
}
