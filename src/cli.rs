//! The command line outside the table: the game flags (`--rules`, `--nt-at`, `--target`,
//! `--seed`, `--new`, contrée's scoring options), starting a game from them, and the `stats` and
//! `history` commands' output. The table and the binary call these; they print nothing
//! themselves.

use std::fmt::Write as _;
use std::path::Path;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::arena::Contestant;
use crate::bots::Level;
use crate::files::{self, ReadError};
use crate::game::daily::Day;
use crate::game::{DealResult, DealStyle, Game, GameOptions, new_game};
use crate::personas::BiddingStyle;
use crate::rules::{
    BySeat, ByTeam, Combination, ContractAnswer, ContreScoring, DealRecord, RuleSet, Rules,
    ScoringMethod, Seat, Team,
};
use crate::session::settings::{Colours, Deck, Speed};
use crate::stats::Stats;
use crate::store::{Cause, DailyEntry, GameEntry, Holder, Store, StoreError};
use crate::text::{Lang, Words};

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

/// The line above the history of a filed game shown when no game is in progress, in `w`'s
/// language.
pub fn last_game_title(entry: &GameEntry, w: Words) -> String {
    let (started, filed, result) = (entry.game.started.map(utc), utc(entry.filed), entry.result);
    w.out(match w.lang {
        Lang::En => format!(
            "No game in progress. The last game{}, {result}, filed {filed}:",
            started.map(|s| format!(", started {s}")).unwrap_or_default()
        ),
        Lang::Fr => format!(
            "Pas de partie en cours. La dernière partie{}, {}, classée le {filed}\u{a0}:",
            started.map(|s| format!(", commencée le {s}")).unwrap_or_default(),
            w.game_result(result)
        ),
    })
}

/// A team by its seats, in `w`'s language: "North-South", "Est-Ouest".
fn team(w: Words, team: Team) -> &'static str {
    match team {
        Team::NS => w.pick("North-South", "Nord-Sud"),
        Team::EW => w.pick("East-West", "Est-Ouest"),
    }
}

/// A number in `w`'s language, to one decimal: "12.5", "12,5".
fn decimal(w: Words, x: f64) -> String {
    let said = format!("{x:.1}");
    if w.lang == Lang::Fr { said.replace('.', ",") } else { said }
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

/// `contree stats --json`: the statistics and the points per deal.
#[derive(Serialize)]
struct StatsJson<'a> {
    #[serde(flatten)]
    stats: &'a Stats,
    points_per_deal: ByTeam<f64>,
    practice: crate::exercises::Tally,
    progress: &'a [crate::progress::GameProgress],
}

/// The statistics as JSON.
pub fn stats_json(stats: &Stats) -> String {
    let json = StatsJson {
        stats,
        points_per_deal: stats.deals.points_per_deal(),
        practice: stats.practice,
        progress: &stats.progress,
    };
    serde_json::to_string_pretty(&json).unwrap_or_default()
}

/// A percentage, or a dash when there is nothing to divide.
fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.0}%", f64::from(part) * 100.0 / f64::from(whole))
    }
}

/// "1 deal", "7 deals"; "1 donne", "7 donnes".
fn deals(n: u32, w: Words) -> String {
    format!("{n} {}{}", w.pick("deal", "donne"), s(w, n.into()))
}

/// The plural's "s" of `n` things in `w`'s language, or nothing.
fn s(w: Words, n: u64) -> &'static str {
    if w.plural(n) { "s" } else { "" }
}

/// The statistics as a readable table, in `w`'s language. The contres' success is the share of
/// each side's contres that set the contract.
pub fn stats_table(stats: &Stats, w: Words) -> String {
    let mut out = String::new();
    let fr = w.lang == Lang::Fr;
    let colon = if fr { "\u{a0}:" } else { ":" };
    let all = stats.all_games();
    let _ = writeln!(
        out,
        "{}",
        w.pick(
            "Games (North-South: you and your partner)",
            "Parties (Nord-Sud\u{a0}: vous et votre partenaire)"
        )
    );
    // Each column as wide as its title in the language, and never narrower than before.
    let (wl, wp, ww, wlo, wpc) = if fr { (16, 7, 7, 7, 9) } else { (14, 7, 5, 5, 6) };
    let games_row = |out: &mut String, label: &str, g: &crate::stats::GameCounts| {
        let _ = writeln!(
            out,
            "  {label:<wl$} {:>wp$} {:>ww$} {:>wlo$} {:>wpc$}",
            g.played,
            g.won,
            g.lost,
            percent(g.won, g.played)
        );
    };
    let _ = writeln!(
        out,
        "  {:<wl$} {:>wp$} {:>ww$} {:>wlo$} {:>wpc$}",
        w.pick("rules, target", "règles, objectif"),
        w.pick("played", "jouées"),
        w.pick("won", "gagnées"),
        w.pick("lost", "perdues"),
        w.pick("won %", "% gagnées")
    );
    for g in &stats.games {
        games_row(&mut out, &format!("{} {}", g.set, g.target), g);
    }
    games_row(&mut out, w.pick("all", "toutes"), &all);
    let _ = writeln!(
        out,
        "  {}{colon} {} {}, {} {}",
        w.pick("winning streak", "victoires d'affilée"),
        stats.streak.current,
        w.pick("now", "en cours"),
        stats.streak.best,
        w.pick("at best", "au mieux")
    );
    let d = &stats.deals;
    let _ = writeln!(
        out,
        "{}{colon} {} {}, {} {}",
        w.pick("Deals", "Donnes"),
        d.played,
        w.pick("played", "jouées"),
        d.passed_out,
        w.pick("passed out", "blanches")
    );
    let (wc, wt, wm, wf, wmp) = if fr { (22, 6, 7, 6, 9) } else { (22, 6, 6, 6, 7) };
    let _ = writeln!(
        out,
        "  {:<wc$} {:>wt$} {:>wm$} {:>wf$} {:>wmp$}",
        w.pick("contracts", "contrats"),
        w.pick("taken", "pris"),
        w.pick("made", "réussis"),
        w.pick("failed", "chutés"),
        w.pick("made %", "% réussis")
    );
    for (who, c) in [(Team::NS, d.ours), (Team::EW, d.theirs)] {
        let who = format!("{} {}", w.pick("by", "par"), team(w, who));
        let _ = writeln!(
            out,
            "  {who:<wc$} {:>wt$} {:>wm$} {:>wf$} {:>wmp$}",
            c.taken,
            c.made,
            c.failed,
            percent(c.made, c.taken)
        );
    }
    // One width for every label of the table below, the longest one's. Each side's contres
    // are rated beside their count: the share of them that set the contract.
    let set_by_it = w.pick("set by it %", "% gagnants");
    let _ = writeln!(
        out,
        "  {:<27} {:>6} {:>11} {:>8} {:>11}",
        "",
        w.pick("made", "faits"),
        set_by_it,
        w.pick("suffered", "subis"),
        set_by_it
    );
    let _ = writeln!(
        out,
        "  {:<27} {:>6} {:>11} {:>8} {:>11}",
        "contres",
        d.contres.made,
        percent(d.contres_won.made, d.contres_judged.made),
        d.contres.suffered,
        percent(d.contres_won.suffered, d.contres_judged.suffered),
    );
    let capots = w.pick("capots (all eight tricks)", "capots (les huit plis)");
    for (what, b) in [("surcontres", d.surcontres), (capots, d.capots)] {
        let _ = writeln!(out, "  {what:<27} {:>6} {:>11} {:>8}", b.made, "", b.suffered);
    }
    let _ = writeln!(
        out,
        "  belotes{colon} {} {}, {} {}",
        team(w, Team::NS),
        d.belotes[Team::NS],
        team(w, Team::EW),
        d.belotes[Team::EW]
    );
    let per = d.points_per_deal();
    let _ = writeln!(
        out,
        "  {}{colon} {} {}, {} {}",
        w.pick("points per deal", "points par donne"),
        team(w, Team::NS),
        decimal(w, per[Team::NS]),
        team(w, Team::EW),
        decimal(w, per[Team::EW])
    );
    let _ = writeln!(
        out,
        "  {}{colon} {}",
        w.pick("calls and cards taken back", "coups repris"),
        d.undos
    );
    let _ = writeln!(out, "  {}{colon} {}", w.pick("hints seen", "conseils vus"), d.hints);
    let c = &stats.compared;
    let compared = |n: u32| match w.lang {
        Lang::En => format!("{} compared", deals(n, w)),
        Lang::Fr => format!("{} comparée{}", deals(n, w), s(w, n.into())),
    };
    let _ = writeln!(
        out,
        "{}{colon} {}, {} {:+}",
        w.pick("Against the expert in your seat", "Face à l'expert à votre place"),
        compared(c.all.deals),
        w.pick("balance", "écart"),
        c.all.balance
    );
    for (set, b) in &c.by_rules {
        let _ = writeln!(
            out,
            "  {set}{colon} {}, {} {:+}",
            deals(b.deals, w),
            w.pick("balance", "écart"),
            b.balance
        );
    }
    let p = &stats.practice;
    let plural = s(w, p.exercises as u64);
    let _ = match w.lang {
        Lang::En => writeln!(
            out,
            "Practice: {} exercise{plural}, {} waiting; answers solved {}, missed {}",
            p.exercises, p.waiting, p.solved, p.missed
        ),
        Lang::Fr => writeln!(
            out,
            "Entraînement\u{a0}: {} exercice{plural}, {} en attente\u{a0}; réponses justes {}, \
             manquées {}",
            p.exercises, p.waiting, p.solved, p.missed
        ),
    };
    for line in w.trend(crate::progress::trend(&stats.progress).as_ref()) {
        let _ = writeln!(out, "{line}");
    }
    w.out(out)
}

/// One deal of `contree history --json`: the rule set, what `contree score` answers for its
/// record (declarations under `coinche`), and the record.
#[derive(Serialize)]
struct HistoryDeal<'a> {
    deal: usize,
    set: RuleSet,
    dealer: Seat,
    contract: Option<ContractAnswer>,
    made: Option<bool>,
    card_points: ByTeam<u16>,
    belote: Option<Team>,
    belotes: ByTeam<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declarations: Option<ByTeam<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declared: Option<BySeat<Combination>>,
    score: ByTeam<u16>,
    totals: ByTeam<u32>,
    expert_in_seat: Option<ExpertInSeatJson>,
    record: &'a DealRecord,
}

/// The deal's score with the expert in South's seat, and how much better North-South did than
/// with it (their margin minus the expert's).
#[derive(Serialize)]
struct ExpertInSeatJson {
    score: ByTeam<u16>,
    difference: i32,
}

fn history_deal(i: usize, d: &DealResult) -> HistoryDeal<'_> {
    let coinche = d.record.rules().set.has_declarations();
    HistoryDeal {
        deal: i + 1,
        set: d.record.rules().set,
        dealer: d.record.dealer,
        contract: d.contract.as_ref().map(ContractAnswer::from),
        made: d.score.map(|s| s.made),
        card_points: d.card_points,
        belote: d.belote_team(),
        belotes: d.belotes.counts(),
        declarations: coinche.then_some(d.declarations),
        declared: coinche.then(|| d.declared.unwrap_or_default()),
        score: d.points(),
        totals: d.totals,
        expert_in_seat: d
            .expert_score()
            .zip(d.expert_difference())
            .map(|(score, difference)| ExpertInSeatJson { score, difference }),
        record: &d.record,
    }
}

/// The finished deals of `game` as a JSON array.
pub fn history_json(game: &Game) -> String {
    let deals: Vec<HistoryDeal<'_>> =
        game.history().iter().enumerate().map(|(i, d)| history_deal(i, d)).collect();
    serde_json::to_string_pretty(&deals).unwrap_or_default()
}

/// The finished deals of `game` as deal records, one JSON line each, with their game context:
/// what `contree score` reads.
pub fn history_export(game: &Game) -> String {
    game.history()
        .iter()
        .filter_map(|d| serde_json::to_string(&d.record).ok())
        .map(|line| line + "\n")
        .collect()
}

/// The finished deals of `game` as a readable table, with the running totals, in `w`'s
/// language.
pub fn history_table(game: &Game, w: Words) -> String {
    let mut out = String::new();
    let fr = w.lang == Lang::Fr;
    let colon = if fr { "\u{a0}:" } else { ":" };
    let o = game.options();
    let mut options = Vec::new();
    if o.rules.set == RuleSet::Contree {
        options.push(match o.rules.scoring {
            ScoringMethod::MadePlusBid => "points faits + demandés".to_string(),
            ScoringMethod::Made => "points faits".to_string(),
        });
        options.push(
            match o.rules.contre {
                ContreScoring::Standard => w.pick("standard contre", "contre standard"),
                ContreScoring::Tournament => w.pick("tournament contre", "contre de tournoi"),
            }
            .to_string(),
        );
    }
    if o.rules.nt_at {
        options.push(w.pick("sans atout and tout atout", "sans atout et tout atout").into());
    }
    options.push(format!("{} {}", w.pick("seed", "graine"), game.seed()));
    let _ = writeln!(
        out,
        "{} {} {} {} ({}){colon} {} {}, {} {}",
        w.pick("Game of", "Partie de"),
        o.rules.set,
        w.pick("to", "en"),
        o.target,
        options.join(", "),
        team(w, Team::NS),
        game.totals()[Team::NS],
        team(w, Team::EW),
        game.totals()[Team::EW],
    );
    if game.history().is_empty() {
        let _ = writeln!(out, "{}.", w.t(crate::text::T::NoDeals));
        return w.out(out);
    }
    // The difference with the expert in South's seat, once a deal is compared.
    let (compared, balance) = game.expert_balance();
    let expert = |s: String| if compared > 0 { format!("  {s:>6}") } else { String::new() };
    // Each column as wide as its title in the language.
    let (wd, wdl, wt, wr) = if fr { (5, 7, 7, 8) } else { (4, 6, 6, 7) };
    let seat = |s: Seat| if fr { w.seat(s).to_string() } else { s.to_string() };
    let _ = writeln!(
        out,
        "{:>wd$}  {:<wdl$} {:<14} {:<wt$} {:<wr$} {:>6} {:>6}  {:>6} {:>6}{}",
        w.pick("deal", "donne"),
        w.pick("dealer", "donneur"),
        w.pick("contract", "contrat"),
        w.pick("taker", "preneur"),
        w.pick("result", "résultat"),
        "NS",
        w.pick("EW", "EO"),
        "tot NS",
        w.pick("tot EW", "tot EO"),
        expert("expert".into())
    );
    for (i, d) in game.history().iter().enumerate() {
        let (contract, taker, result) = match (d.contract, d.score) {
            (Some(c), Some(s)) => {
                let x = match c.multiplier.factor() {
                    1 => String::new(),
                    m => format!(" x{m}"),
                };
                let result = if s.made { crate::text::T::Made } else { crate::text::T::Failed };
                (format!("{}{x}", c.bid), seat(c.taker), w.t(result).to_string())
            }
            _ => (w.pick("all passed", "donne blanche").into(), "-".into(), "-".into()),
        };
        let p = d.points();
        let difference = d.expert_difference().map_or_else(|| "-".into(), |x| format!("{x:+}"));
        let _ = writeln!(
            out,
            "{:>wd$}  {:<wdl$} {:<14} {:<wt$} {:<wr$} {:>6} {:>6}  {:>6} {:>6}{}",
            i + 1,
            seat(d.record.dealer),
            contract,
            taker,
            result,
            p[Team::NS],
            p[Team::EW],
            d.totals[Team::NS],
            d.totals[Team::EW],
            expert(difference),
        );
    }
    if compared > 0 {
        let _ = match w.lang {
            Lang::En => writeln!(
                out,
                "Against the expert in your seat, over {}: {balance:+} (each deal: your margin \
                 minus the expert's)",
                deals(compared, w)
            ),
            Lang::Fr => writeln!(
                out,
                "Face à l'expert à votre place, sur {}\u{a0}: {balance:+} (chaque donne\u{a0}: \
                 votre marge moins celle de l'expert)",
                deals(compared, w)
            ),
        };
    }
    if let Some(winner) = game.winner() {
        let _ = writeln!(out, "{} {}.", w.pick("Won by", "Gagnée par"), team(w, winner));
    }
    w.out(out)
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

/// The deals of the day played as JSON: one object a date, as `daily.jsonl` holds it, with
/// the difference with the expert in South's seat and what the clear mistakes cost.
pub fn daily_json(results: &[DailyEntry]) -> String {
    let all: Vec<serde_json::Value> = results
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).unwrap_or_default();
            let (cost, se) = e.mistakes_cost();
            if let Some(o) = v.as_object_mut() {
                o.insert("against_expert".into(), serde_json::json!(e.against_expert()));
                o.insert("mistakes_cost".into(), serde_json::json!(e.analysed.then_some(cost)));
                o.insert("mistakes_se".into(), serde_json::json!(e.analysed.then_some(se)));
            }
            v
        })
        .collect();
    serde_json::to_string_pretty(&all).unwrap_or_default()
}

/// The deals of the day played as a readable table, one line a date, and the balance against
/// the expert in South's seat over the days compared, in `w`'s language.
pub fn daily_table(results: &[DailyEntry], w: Words) -> String {
    let mut out = String::new();
    if results.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            w.pick(
                "No deal of the day played yet: contree --daily plays today's.",
                "Aucune donne du jour jouée pour l'instant\u{a0}: contree --daily joue celle \
                 d'aujourd'hui."
            )
        );
        return w.out(out);
    }
    let _ = writeln!(
        out,
        "{:<10}  {:>7}  {:>7}  {:>7}  {:>12}  {:>8}  {:>11}",
        "date",
        "score",
        "expert",
        "vs exp.",
        w.pick("double dummy", "mains vues"),
        w.pick("mistakes", "erreurs"),
        w.pick("their cost", "leur coût")
    );
    let pair = |s: Option<ByTeam<u16>>| {
        s.map_or_else(|| "-".to_string(), |s| format!("{}-{}", s[Team::NS], s[Team::EW]))
    };
    for e in results {
        let (cost, se) = e.mistakes_cost();
        let (mistakes, cost) = if e.analysed {
            (e.mistakes.len().to_string(), crate::text::figure(cost, Some(se)).replace('−', "-"))
        } else {
            ("-".into(), "-".into())
        };
        let _ = writeln!(
            out,
            "{:<10}  {:>7}  {:>7}  {:>7}  {:>12}  {:>8}  {:>11}",
            e.date.to_string(),
            pair(Some(e.score)),
            pair(e.expert),
            e.against_expert().map_or_else(|| "-".into(), |d| format!("{d:+}")),
            pair(e.double_dummy),
            mistakes,
            cost.replace('±', "+/-"),
        );
    }
    let compared: Vec<i32> = results.iter().filter_map(DailyEntry::against_expert).collect();
    let (n, sum) = (results.len(), compared.iter().sum::<i32>());
    let _ = match w.lang {
        Lang::En => writeln!(
            out,
            "{} played; against the expert in your seat, over {} compared: {sum:+} (each: your \
             margin minus the expert's). They count in no game nor in the statistics.",
            if n == 1 { "1 deal of the day".to_string() } else { format!("{n} deals of the day") },
            compared.len(),
        ),
        Lang::Fr => writeln!(
            out,
            "{} du jour jouée{}\u{a0}; face à l'expert à votre place, sur {} comparée{}\u{a0}: \
             {sum:+} (chacune\u{a0}: votre marge moins celle de l'expert). Elles ne comptent dans \
             aucune partie ni dans les statistiques.",
            deals(u32::try_from(n).unwrap_or(u32::MAX), w),
            s(w, n as u64),
            compared.len(),
            s(w, compared.len() as u64),
        ),
    };
    w.out(out)
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

    /// The commands' words in English, glyphs and all.
    const EN: Words = Words {
        lang: Lang::En,
        suits: crate::text::SuitStyle::Glyphs,
        ascii: false,
        spoken: false,
    };

    #[test]
    fn the_stats_table_lines_up_and_rates_the_contres() {
        let mut stats = Stats::default();
        stats.deals.contres.made = 4;
        stats.deals.contres_judged.made = 4;
        stats.deals.contres_won.made = 3;
        stats.deals.capots.suffered = 12;
        let table = stats_table(&stats, EN);
        let row = |what: &str| {
            let line = table.lines().find(|l| l.trim_start().starts_with(what));
            line.unwrap_or_default().to_string()
        };
        assert!(row("contres").contains("75%"), "{table}");
        // The contres North-South suffered are rated too, beside their count.
        stats.deals.contres.suffered = 2;
        stats.deals.contres_judged.suffered = 2;
        stats.deals.contres_won.suffered = 1;
        let table = stats_table(&stats, EN);
        let contres = table.lines().find(|l| l.trim_start().starts_with("contres"));
        let figures: Vec<&str> = contres.unwrap_or_default().split_whitespace().skip(1).collect();
        assert_eq!(figures, ["4", "75%", "2", "50%"], "{table}");
        let row = |what: &str| {
            let line = table.lines().find(|l| l.trim_start().starts_with(what));
            line.unwrap_or_default().to_string()
        };
        // Every row's "made" figure ends under the end of its title.
        let head = table.lines().find(|l| l.contains("suffered")).unwrap_or_default();
        let end = head.find("made").unwrap_or(0) + "made".len() - 1;
        for (what, figure) in [("contres", '4'), ("surcontres", '0'), ("capots", '0')] {
            assert_eq!(row(what).chars().nth(end), Some(figure), "{what}:\n{table}");
        }
    }
}
