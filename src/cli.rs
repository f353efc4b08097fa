//! The command line outside the table: the game flags (`--rules`, `--nt-at`, `--target`,
//! `--seed`, `--new`, contrée's scoring options), starting a game from them, and the `stats` and
//! `history` commands' output. The table and the binary call these; they print nothing
//! themselves.

use std::fmt::Write as _;
use std::path::Path;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};

use crate::arena::Contestant;
use crate::bots::Level;
use crate::files::{self, ReadError};
use crate::game::daily::Day;
use crate::game::{DealStyle, Game, GameOptions, new_game};
use crate::personas::BiddingStyle;
use crate::rules::{ContreScoring, RuleSet, Rules, ScoringMethod};
use crate::session::settings::{Colours, Deck, Speed};
use crate::store::{Cause, Holder, Store, StoreError};
use crate::text::Lang;

pub mod args;
mod host;
mod join;
mod report;

pub use host::host;
pub use join::{JoinArgs, joining, seat_arg};
pub use report::{
    daily_json, daily_table, history_export, history_json, history_table, last_game_title,
    stats_json, stats_table,
};

/// The flags that choose a new game. A saved game keeps its own options; `--new` replaces it.
#[derive(Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFlags {
    /// The rule set of a new game.
    #[arg(long, value_enum)]
    pub rules: Option<RuleSet>,
    /// Allow bids in sans atout and tout atout in a new game.
    #[arg(long)]
    pub nt_at: bool,
    /// Points to reach to win a new game: 1000, 1500 or 2000 in contrée (1000 by default),
    /// 1000, 1500, 2000 or 3000 in coinche (2000), 701 in plain.
    #[arg(long, value_name = "POINTS",
          value_parser = clap::builder::TypedValueParser::map(
              clap::builder::PossibleValuesParser::new(TARGET_VALUES),
              |s| s.parse::<u16>().unwrap_or_default()))]
    pub target: Option<u16>,
    /// Deal a new game from this seed (the same seed gives the same deals).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start a new game even if one is saved (the saved one is kept in the history of games).
    #[arg(long)]
    pub new: bool,
    /// How deals are scored in a new game of contrée.
    #[arg(long, value_enum)]
    pub scoring: Option<ScoringMethod>,
    /// How a contre is scored in a new game of contrée.
    #[arg(long, value_enum)]
    pub contre: Option<ContreScoring>,
    /// How the cards are prepared between deals in a new game.
    #[arg(long, value_enum)]
    pub deal: Option<DealStyle>,
}

/// Every target some rule set plays to, as `--target` accepts them before the set is known.
const TARGET_VALUES: [&str; 5] = ["701", "1000", "1500", "2000", "3000"];

/// The targets of `set` in words: "1000, 1500 or 2000", "701".
fn targets_in_words(set: RuleSet) -> String {
    let all: Vec<String> = set.targets().iter().map(u16::to_string).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => all.join(""),
    }
}

impl GameFlags {
    /// The rules of a new game: `base` (the player's settings) with the flags given on top.
    pub fn rules(&self, base: Rules) -> Rules {
        Rules {
            set: self.rules.unwrap_or(base.set),
            nt_at: self.nt_at || base.nt_at,
            scoring: self.scoring.unwrap_or(base.scoring),
            contre: self.contre.unwrap_or(base.contre),
        }
    }

    /// The options of a new game under `base` rules and deal style, the flags on top: the
    /// target given if the rule set plays to it, else the set's own. A target the set does not
    /// play to, or contrée's scoring flags with another set, are refused with the reason.
    pub fn options(&self, base: Rules, deal_style: DealStyle) -> Result<GameOptions, String> {
        let rules = self.rules(base);
        let set = rules.set;
        if set != RuleSet::Contree && (self.scoring.is_some() || self.contre.is_some()) {
            return Err(format!(
                "--scoring and --contre are options of contree; {set} scores one way only"
            ));
        }
        let target = self.target.unwrap_or(set.default_target());
        if !set.targets().contains(&target) {
            return Err(format!(
                "--target {target} is not a target of {set}: {set} is played to {}",
                targets_in_words(set)
            ));
        }
        Ok(GameOptions { target, rules, deal_style: self.deal.unwrap_or(deal_style) })
    }
}

/// Implements clap's `ValueEnum` for `$ty`: each value, the name the command line takes for it,
/// and the help it shows.
macro_rules! command_line_values {
    ($ty:ty { $($value:expr => $name:expr, $help:expr;)+ }) => {
        impl ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                &[$($value),+]
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                [$(($value, $name, $help)),+]
                    .into_iter()
                    .find(|(value, _, _)| value == self)
                    .map(|(_, name, help)| PossibleValue::new(name).help(help))
            }
        }
    };
}

// The command line's words for the rules' values, the deal style and the personas' bidding
// style: `--rules`, `--scoring`, `--contre`, `--deal` and `--style`. They live here, not beside
// the types, so that the rules engine, the game and what it reads know nothing of the command
// line; each name is the one records, saves and the players' file write (a test holds them
// together).
command_line_values!(RuleSet {
    RuleSet::Contree => RuleSet::Contree.name(),
        "The French Belote Federation's contrée (2016): no declarations, anticlockwise, 1000 \
         points";
    RuleSet::Coinche => RuleSet::Coinche.name(),
        "The FFB's coinche: declarations (tierce, cinquante, cent, carrés), the contract must \
         also beat the defence, 2000 points";
    RuleSet::Plain => RuleSet::Plain.name(),
        "The house rules many families play: clockwise, compulsory underruff, exact scores, 701";
});

command_line_values!(ScoringMethod {
    ScoringMethod::MadePlusBid => "made-plus-bid",
        "Points faits + points demandés: the contract value goes to the side that wins the deal";
    ScoringMethod::Made => "made", "Points faits: only the points made";
});

command_line_values!(ContreScoring {
    ContreScoring::Standard => "standard", "160 × m + C × m";
    ContreScoring::Tournament => "tournament",
        "FFB note 1, points faits + demandés only: 160 + C × m for numeric contracts";
});

command_line_values!(DealStyle {
    DealStyle::Shuffle => "shuffle", "Shuffle before every deal";
    DealStyle::Tradition => "tradition",
        "Table tradition: tricks gathered, cut and dealt; shuffled after four passed deals";
});

command_line_values!(BiddingStyle {
    BiddingStyle::Cautious => "cautious",
        "Bids a little below what the hand seems worth; contres only on sure things";
    BiddingStyle::Bold => "bold", "Bids a little above; competes and contres more readily";
});

// The arena's contestants: the levels, and the two players of the arena alone.
impl ValueEnum for Contestant {
    fn value_variants<'a>() -> &'a [Self] {
        &Contestant::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        match self {
            Contestant::Level(level) => level.to_possible_value(),
            Contestant::Gambler => Some(PossibleValue::new(self.name()).help(
                "Arena only: bids 20 to 40 points above its hand's worth, never contres; \
                 plays as normal",
            )),
            Contestant::Oracle => Some(PossibleValue::new(self.name()).help(
                "Arena only: sees every hand and plays the solver's best card; bids as normal",
            )),
        }
    }
}

// The table's own choices: `--level`, `--lang`, `--speed`, `--deck` and `--colours`, each
// name the one the settings file writes.
command_line_values!(Level {
    Level::Random => "random", "Always passes; plays a uniformly random legal card";
    Level::Easy => "easy",
        "Bids its own hand by count, never contres; plays by sound rules without card memory, \
         and now and then a random card";
    Level::Normal => "normal", "Card memory and inference, the bidding convention, contres";
    Level::Expert => "expert",
        "Works out its cards, bids and contres in sampled worlds with the double-dummy solver";
});

command_line_values!(Lang {
    Lang::Fr => "fr", "Français";
    Lang::En => "en", "English";
});

command_line_values!(Speed {
    Speed::Slow => "slow", "A long, comfortable pause";
    Speed::Normal => "normal", "The default pause";
    Speed::Fast => "fast", "A short pause";
    Speed::Instant => "instant", "No pause at all";
});

command_line_values!(Deck {
    Deck::TwoColour => "two-colour",
        "Hearts and diamonds red, spades and clubs in the text's colour: the usual deck";
    Deck::FourColour => "four-colour", "Each suit its own colour, as in the card rooms' four-colour deck";
});

command_line_values!(Colours {
    Colours::On => "on", "The colour theme";
    Colours::HighContrast => "high-contrast", "Bold text and bright colours, nothing dimmed";
    Colours::Off => "off", "No colour: the monochrome theme";
});

/// The arena's progress bar: `[#########---------------------] 300/1000 deals`.
pub fn progress_bar(done: u64, total: u64) -> String {
    const WIDTH: u64 = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let bar: String = (0..WIDTH).map(|i| if i < filled { '#' } else { '-' }).collect();
    format!("[{bar}] {done}/{total} deals")
}

/// A seed for a game started without `--seed`.
pub fn random_seed() -> u64 {
    rand::RngExt::random(&mut rand::rng())
}

/// A new game of `options` from `seed` (`--new`), after archiving the saved one: it stays in the
/// history of games. Fails when the saved game can be neither archived nor kept aside, so that
/// the new game would overwrite it.
pub fn start_new(store: &Store, options: GameOptions, seed: u64) -> anyhow::Result<Game> {
    store.archive_saved_game().map_err(|e| {
        anyhow::anyhow!("{e}; the saved game was left in place and no new game started")
    })?;
    Ok(new_game(options, seed, None))
}

/// A time (seconds since the Unix epoch) as `2026-11-29 14:41 UTC`.
pub fn utc(secs: u64) -> String {
    i64::try_from(secs).ok().and_then(|s| jiff::Timestamp::from_second(s).ok()).map_or_else(
        || format!("{secs} s after 1970"),
        |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
    )
}

/// Why a second table may not open on a data directory: who holds it, and what to do.
pub fn held_by(holder: &Holder, dir: &Path) -> String {
    // A command that only reads holds the directory for as long as it reads: named as it is.
    let mut who = if holder.is_table() {
        String::from("another contree table")
    } else {
        format!("`contree {}`", holder.what)
    };
    match (holder.pid, holder.since) {
        (Some(pid), Some(since)) => {
            let _ = write!(who, " (process {pid}, open since {})", utc(since));
        }
        (Some(pid), None) => {
            let _ = write!(who, " (process {pid})");
        }
        _ => {}
    }
    format!(
        "{who} is using the data directory {}; quit it first, or play elsewhere with \
         CONTREE_DATA_DIR",
        dir.display()
    )
}

/// What the table does when the lock of its data directory cannot be taken ([`unlocked`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unlocked {
    /// The disk is read-only: no second table can write either, so the table plays, in memory,
    /// as it does when a full disk refuses its saves.
    InMemory,
    /// The table does not open, for this reason (what stands in the way, and what to do).
    Refused(String),
}

/// What the table does when the lock of its data directory cannot be taken: play in memory on a
/// read-only disk, else not open, saying what stands in the way and what can help. Without the
/// lock a second table could play the same saved game.
pub fn unlocked(e: &StoreError) -> Unlocked {
    let path = e.path().display();
    let why = match e.cause() {
        Cause::Io(io) if io.kind() == std::io::ErrorKind::ReadOnlyFilesystem => {
            return Unlocked::InMemory;
        }
        Cause::Unusable(ReadError::NotAFile | ReadError::DanglingLink(_)) => format!(
            "{path}, where the table keeps the lock that stops a second table from playing the \
             same game, is {}: move it away (contree keeps nothing of its own in it) and start \
             again, or play elsewhere with CONTREE_DATA_DIR",
            files::kind(e.path())
        ),
        // A permission, or an immutable file: the player can change it.
        Cause::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied => format!(
            "{path}, where the table keeps the lock that stops a second table from playing the \
             same game, cannot be locked ({}): make it a file this user may write (chmod, \
             chattr -i), or remove it, or play elsewhere with CONTREE_DATA_DIR",
            files::describe_io(io)
        ),
        // A directory that takes no file (`/proc/self`), or anything else the system refuses:
        // no permission would help.
        // The system's own words: "not found" of a lock about to be made would mislead.
        Cause::Io(io) => format!(
            "the data directory {} cannot hold the table's lock ({io}): choose another with \
             CONTREE_DATA_DIR",
            e.path().parent().unwrap_or(e.path()).display(),
        ),
        _ => format!(
            "{path} cannot be locked ({e}): remove it and start again, or play elsewhere with \
             CONTREE_DATA_DIR"
        ),
    };
    Unlocked::Refused(why)
}

/// Writes `text` to the file `path` for `history --export`: never over a file of the data
/// directory `data`, and over an existing file only with `force`. A file is written whole and
/// atomically, synced, with the mode a new file gets (0666 less the umask) whether it replaces
/// one or not ([`crate::store::write_whole`]); with `force`, a device or a pipe is written into,
/// as the shell's `>` would (renaming a file over `/dev/null` would put a file in its place). A
/// link is followed.
pub fn export_to(path: &Path, text: &str, force: bool, data: &Path) -> anyhow::Result<()> {
    use anyhow::{Context, bail};
    use std::io::Write;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().with_context(|| format!("{} names no file", path.display()))?;
    let folder = std::fs::canonicalize(parent)
        .with_context(|| format!("cannot write {}", path.display()))?;
    // A link in the export's place is followed: what it points to is what is written.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| folder.join(name));
    let data = std::fs::canonicalize(data).unwrap_or_else(|_| data.to_path_buf());
    if folder == data || target.parent() == Some(data.as_path()) {
        bail!(
            "{} is in the data directory, whose files only contree writes; export elsewhere",
            path.display()
        );
    }
    let special = std::fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir());
    let written = match force {
        true if special => std::fs::OpenOptions::new()
            .write(true)
            .open(&target)
            .and_then(|mut f| f.write_all(text.as_bytes())),
        true => crate::store::write_whole(&target, text.as_bytes(), true),
        false => crate::store::write_whole(path, text.as_bytes(), false),
    };
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            bail!("{} exists already; give --force to replace it", path.display())
        }
        other => other.with_context(|| format!("cannot write {}", path.display())),
    }
}

/// `--date`: a date written `YYYY-MM-DD`, or why not.
pub fn parse_date(s: &str) -> Result<Day, String> {
    s.parse::<Day>().map_err(|e| e.to_string())
}

/// `--date`'s reading on the command line: [`parse_date`], and a date refused quoted with its
/// controls escaped (a newline as `\n`), where clap would echo what was typed as it is, a
/// newline or a terminal's escape sequence and all.
#[derive(Clone, Copy, Debug)]
pub struct DateArg;

impl clap::builder::TypedValueParser for DateArg {
    type Value = Day;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Day, clap::Error> {
        let typed = value.to_string_lossy();
        parse_date(&typed).map_err(|why| {
            let arg = arg.map_or_else(|| "--date".to_string(), |a| a.to_string());
            let message = format!("invalid value {typed:?} for '{arg}': {why}\n");
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, message).with_cmd(cmd)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_bar_fills_as_the_deals_are_played() {
        assert_eq!(progress_bar(0, 10), format!("[{}] 0/10 deals", "-".repeat(30)));
        assert_eq!(
            progress_bar(5, 10),
            format!("[{}{}] 5/10 deals", "#".repeat(15), "-".repeat(15))
        );
        assert_eq!(progress_bar(10, 10), format!("[{}] 10/10 deals", "#".repeat(30)));
    }

    /// Each flag value is the name records, saves and the players' file write: it reads back as
    /// the value itself.
    fn flag_names_are_the_written_names<T>()
    where
        T: ValueEnum + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        for v in T::value_variants() {
            let value = v.to_possible_value().expect("every value is shown");
            let read = serde_json::from_str::<T>(&format!("\"{}\"", value.get_name()));
            assert_eq!(read.ok().as_ref(), Some(v));
            let help = value.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(!help.is_empty() && !help.ends_with('.'), "{v:?}: {help}");
        }
    }

    #[test]
    fn the_core_values_are_named_on_the_command_line_as_they_are_written() {
        flag_names_are_the_written_names::<RuleSet>();
        flag_names_are_the_written_names::<ScoringMethod>();
        flag_names_are_the_written_names::<ContreScoring>();
        flag_names_are_the_written_names::<DealStyle>();
        flag_names_are_the_written_names::<BiddingStyle>();
    }

    /// The lock refused by a read-only disk leaves the table to play in memory, as a full disk
    /// does; refused for lack of permission, the table says what to change; refused by a
    /// directory that takes no file (`/proc/self`), it says to play elsewhere, not to chmod.
    #[test]
    fn a_lock_refused_is_played_through_or_said_with_what_can_help() {
        use crate::store::Operation;
        let path = Path::new("/data/table.lock");
        let refused = |kind: std::io::ErrorKind| {
            let e = std::io::Error::from(kind);
            unlocked(&StoreError::new(path, Operation::Write, Cause::Io(e)))
        };
        assert_eq!(refused(std::io::ErrorKind::ReadOnlyFilesystem), Unlocked::InMemory);
        let Unlocked::Refused(why) = refused(std::io::ErrorKind::PermissionDenied) else {
            panic!("a permission refused is refused")
        };
        assert!(why.contains("chmod"), "{why}");
        let Unlocked::Refused(why) = refused(std::io::ErrorKind::NotFound) else {
            panic!("a directory that takes no file is refused")
        };
        assert!(!why.contains("chmod") && why.contains("CONTREE_DATA_DIR"), "{why}");
        assert_eq!(why.matches(": ").count(), 1, "one sentence: {why}");
    }

    #[test]
    fn the_holder_of_the_directory_is_named_as_it_is() {
        let dir = Path::new("/data");
        let table = Holder { pid: Some(7), since: None, what: "table".into() };
        assert!(held_by(&table, dir).starts_with("another contree table (process 7)"));
        let reading = Holder { pid: Some(8), since: None, what: "history".into() };
        assert!(held_by(&reading, dir).starts_with("`contree history` (process 8)"));
        let unknown = Holder { pid: None, since: None, what: String::new() };
        assert!(
            held_by(&unknown, dir)
                .starts_with("another contree table is using the data directory /data")
        );
    }
}
