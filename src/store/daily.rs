//! `daily.jsonl`: the deals of the day played, one a line, oldest first, on the JSON-lines file
//! ([`super::jsonl`]) as the history of games is: appended, synced, an append that fails cut
//! back and a last line cut off by a crash mended ([`Store::remove_leftovers`]). A day is filed
//! once: the first result of a date is the one kept, and a later filing of the same date adds
//! nothing. Lines that cannot be read as results are moved aside alone, to
//! `daily.jsonl.corrupt-<time>`, and the others stay. `docs/daily.md` gives the format.

use serde::{Deserialize, Serialize};

use super::jsonl::{Line, Lines};
use super::{DAILY_FILE, SetAside, Store, StoreError, Unfit};
use crate::exercises::FIGURE_LIMIT;
use crate::files::{self, cut};
use crate::game::Action;
use crate::game::daily::{DAILY_DERIVATION, Day, daily_game};
use crate::rules::{ByTeam, DealRecord, Seat, Team};
use crate::text::{Lang, Words};

/// The version of a line of `daily.jsonl`.
pub const DAILY_VERSION: u32 = 1;

/// A deal of the day as first played: one line of `daily.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyEntry {
    /// The line's version, [`DAILY_VERSION`].
    pub version: u32,
    /// The date of the deal.
    pub date: Day,
    /// The derivation that dealt it ([`DAILY_DERIVATION`]).
    pub derivation: u32,
    /// When it was filed (seconds since the Unix epoch).
    pub filed: u64,
    /// The deal's score as played.
    pub score: ByTeam<u16>,
    /// The deal's score with the expert in South's seat, the other three seats deciding as
    /// they did; `None` when it could not be worked out.
    pub expert: Option<ByTeam<u16>>,
    /// The score of the deal played double dummy from the first card, every hand seen;
    /// `None` when every seat passed or the solver did not finish in budget.
    pub double_dummy: Option<ByTeam<u16>>,
    /// South's clear mistakes, in the order made; empty when the analysis could not be made
    /// (then [`DailyEntry::analysed`] is false).
    pub mistakes: Vec<DailyMistake>,
    /// Whether the expert's analysis was made: without it, no mistake is known.
    pub analysed: bool,
    /// The deal as played.
    pub record: DealRecord,
}

/// One of South's clear mistakes in the deal of the day.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyMistake {
    /// Where it came: the call's index in the auction, or the card's in the play.
    pub index: usize,
    /// What South did.
    #[serde(with = "crate::exercises::action_token")]
    pub played: Action,
    /// What the expert advised.
    #[serde(with = "crate::exercises::action_token")]
    pub advised: Action,
    /// What it cost on average over the expert's worlds, in points of the deal's score.
    pub cost: f64,
    /// The standard error of that cost.
    pub se: f64,
}

/// Why a line of `daily.jsonl` is not a deal of the day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyError {
    /// Not JSON: the parser's words.
    NotJson(String),
    /// No version number.
    NoVersion,
    /// A version from a newer contree.
    NewerVersion(u64),
    /// JSON, but not a result: the parser's words.
    NotAResult(String),
    /// The deal is not one the rules allow, or its score is not the one written.
    Deal(String),
    /// The hands are not the deal of that date.
    NotTheDay,
    /// The date is filed already, on this line (from 1): a day is filed once.
    FiledTwice(usize),
    /// The line is longer than this, in bytes: no result is.
    TooLong(u64),
    /// The derivation named is none this contree deals by: a newer contree's, or none at all.
    Derivation(u32),
    /// The mistake of this number (from 1) is not the call or card of the deal at its index.
    MistakeNotMade(usize),
    /// The mistake of this number (from 1) costs what no deal can cost (or its error is so).
    MistakeCost(usize),
}

impl std::fmt::Display for DailyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DailyError::NotJson(e) => write!(f, "not valid JSON: {e}"),
            DailyError::NoVersion => f.write_str("it has no version number"),
            DailyError::NewerVersion(v) => write!(f, "it is version {v}, from a newer contree"),
            DailyError::NotAResult(e) => write!(f, "not a deal of the day: {e}"),
            DailyError::Deal(e) => write!(f, "its deal: {e}"),
            DailyError::NotTheDay => f.write_str("its hands are not the deal of its date"),
            DailyError::FiledTwice(n) => write!(f, "its date is filed already, on line {n}"),
            DailyError::TooLong(limit) => {
                write!(f, "the line is longer than {}", files::size(*limit))
            }
            DailyError::Derivation(d) if *d > DAILY_DERIVATION => {
                write!(f, "it was dealt by derivation {d}, from a newer contree")
            }
            DailyError::Derivation(d) => write!(f, "it names derivation {d}, which deals nothing"),
            DailyError::MistakeNotMade(n) => {
                write!(f, "its mistake {n} is not the call or card of its deal at its index")
            }
            DailyError::MistakeCost(n) => {
                write!(f, "its mistake {n} costs what no deal can cost")
            }
        }
    }
}

/// Why a line of the deals of the day could not be read, in the player's language.
impl Words {
    /// `e` in words.
    pub fn daily_error(self, e: &DailyError) -> String {
        if self.lang == Lang::En {
            return self.out(e.to_string());
        }
        self.out(match e {
            DailyError::NotJson(why) => format!("ce n'est pas du JSON valide : {why}"),
            DailyError::NotAResult(why) => format!("ce n'est pas une donne du jour : {why}"),
            DailyError::NoVersion => "elle n'a pas de numéro de version".into(),
            DailyError::NewerVersion(v) => format!("version {v}, d'un contree plus récent"),
            DailyError::Deal(why) => format!("sa donne : {why}"),
            DailyError::NotTheDay => "ses mains ne sont pas la donne de sa date".into(),
            DailyError::FiledTwice(line) => format!("sa date est déjà classée, ligne {line}"),
            DailyError::TooLong(limit) => format!("la ligne dépasse {}", files::size(*limit)),
            DailyError::Derivation(d) if *d > DAILY_DERIVATION => {
                format!("elle a été distribuée par la dérivation {d}, d'un contree plus récent")
            }
            DailyError::Derivation(d) => {
                format!("elle nomme la dérivation {d}, qui ne distribue rien")
            }
            DailyError::MistakeNotMade(n) => {
                format!("son erreur {n} n'est pas l'annonce ou la carte de sa donne à son rang")
            }
            DailyError::MistakeCost(n) => {
                format!("son erreur {n} coûte ce qu'aucune donne ne peut coûter")
            }
        })
    }
}

/// North-South's margin in a score: their points less East-West's.
fn margin(score: ByTeam<u16>) -> i32 {
    i32::from(score[Team::NS]) - i32::from(score[Team::EW])
}

impl DailyEntry {
    /// How much better North-South did than with the expert in South's seat: their margin less
    /// the expert's (negative when the expert did better), as the comparison at the table counts
    /// it.
    pub fn against_expert(&self) -> Option<i32> {
        self.expert.map(|e| margin(self.score) - margin(e))
    }

    /// What the clear mistakes cost in all, and the standard error of the sum.
    pub fn mistakes_cost(&self) -> (f64, f64) {
        let cost = self.mistakes.iter().fold(0.0, |sum, m| sum + m.cost);
        let variance = self.mistakes.iter().fold(0.0, |sum, m| sum + m.se * m.se);
        (cost, variance.sqrt())
    }

    /// A line of `daily.jsonl` read and checked: its version, its fields, its deal (legal,
    /// scored as written), its derivation (the one this contree deals by), that its hands and
    /// dealer are its date's, and that each mistake is a call or card of the deal at its index
    /// with a cost a deal can have.
    pub fn parse(line: &[u8]) -> Result<DailyEntry, DailyError> {
        let value: serde_json::Value =
            serde_json::from_slice(line).map_err(|e| DailyError::NotJson(cut(&e.to_string())))?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(DAILY_VERSION) => {}
            Some(v) => return Err(DailyError::NewerVersion(v)),
            None => return Err(DailyError::NoVersion),
        }
        let entry = DailyEntry::deserialize(&value)
            .map_err(|e| DailyError::NotAResult(cut(&e.to_string())))?;
        let scored = entry.record.score().map_err(|e| DailyError::Deal(cut(&e.to_string())))?;
        if scored.score != entry.score {
            return Err(DailyError::Deal("the score written is not the deal's".into()));
        }
        // A derivation this contree does not deal by cannot be checked: taken as it comes, it
        // would mark any date played with any hands.
        if entry.derivation != DAILY_DERIVATION {
            return Err(DailyError::Derivation(entry.derivation));
        }
        let game = daily_game(entry.date);
        let deal = game.deal();
        let dealt = deal.hands();
        let same = Seat::ALL.iter().all(|&s| {
            let mut held: Vec<_> = entry.record.hands[s].clone();
            held.sort_unstable();
            held.iter().copied().eq(dealt[s].iter())
        });
        if !same || entry.record.dealer != deal.dealer {
            return Err(DailyError::NotTheDay);
        }
        for (n, m) in (1..).zip(&entry.mistakes) {
            let made = match m.played {
                Action::Bid(call) => entry.record.auction.get(m.index) == Some(&call),
                Action::Play(card) => entry.record.play.get(m.index) == Some(&card),
            };
            if !made {
                return Err(DailyError::MistakeNotMade(n));
            }
            if ![m.cost, m.se].iter().all(|x| (0.0..=FIGURE_LIMIT).contains(x)) {
                return Err(DailyError::MistakeCost(n));
            }
        }
        Ok(entry)
    }

    /// The line, without its newline; empty should it not serialize (every field is plain
    /// data with finite figures, so it always does), which the store never files.
    pub fn to_line(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }
}

impl Line for DailyEntry {
    type Error = DailyError;

    /// A result is a deal record and a few figures: a few kilobytes.
    const LIMIT: usize = files::LINE_LIMIT;

    fn parse(line: &[u8]) -> Result<DailyEntry, DailyError> {
        DailyEntry::parse(line)
    }

    fn too_long() -> DailyError {
        DailyError::TooLong(files::LINE_LIMIT as u64)
    }
}

/// The deals of the day as read from `daily.jsonl`.
#[derive(Clone, Debug, Default)]
pub struct DailyFile {
    /// The results that could be read, oldest first, one a date.
    pub results: Vec<DailyEntry>,
    /// What could not be used (lines moved aside, or a file that is not a regular one), if
    /// anything.
    pub set_aside: Option<SetAside>,
}

impl DailyFile {
    /// The result filed for `date`, if the day was played.
    pub fn of(&self, date: Day) -> Option<&DailyEntry> {
        self.results.iter().find(|r| r.date == date)
    }
}

/// The date of a line, read before the rest of it.
fn date_of(line: &[u8]) -> Option<Day> {
    #[derive(Deserialize)]
    struct Date {
        date: Day,
    }
    serde_json::from_slice::<Date>(line).ok().map(|d| d.date)
}

impl Store {
    /// `daily.jsonl`.
    pub(super) fn daily_lines(&self) -> Lines<'_, DailyEntry> {
        self.lines(DAILY_FILE)
    }

    /// The deals of the day played, oldest first. A file that is not a regular file, or too
    /// large, is moved aside; lines that cannot be read, or that file a date filed on an
    /// earlier line, are moved aside alone (numbered from 1 in the reason), the file written
    /// again without them. A store that only reads moves nothing and says what it could not
    /// use.
    pub fn daily(&self) -> Result<DailyFile, StoreError> {
        let (results, set_aside) = self.daily_lines().read_each_once(
            |r| r.date,
            DailyError::FiledTwice,
            |lines, said| Unfit::NotDaily { lines, said },
        )?;
        Ok(DailyFile { results, set_aside })
    }

    /// Files the first result of a deal of the day at the end of `daily.jsonl`, synced before
    /// this returns; false, with nothing written, when its date is filed already (a day is
    /// played once).
    pub fn file_daily(&self, entry: &DailyEntry) -> Result<bool, StoreError> {
        let lines = self.daily_lines();
        let mut appending = lines.open()?;
        let mut filed = false;
        lines.scan(|_, line| filed |= date_of(line) == Some(entry.date))?;
        let mut line = entry.to_line();
        if filed || line.is_empty() {
            return Ok(false);
        }
        line.push(b'\n');
        lines.append(&mut appending, &line)?;
        Ok(true)
    }
}
