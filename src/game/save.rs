//! The saved form of a game: its seed, options (the rule set among them) and players, and each
//! deal as a deal record (the hands as dealt, the calls, the cards, and under `coinche` what each
//! seat declared), with a checksum of the calls, cards and declarations. Loading replays every
//! action through the rules and checks every deal against the seed, its record's game context
//! against the totals the replay reaches, and the actions against the checksum, so an edited save
//! is refused, never trusted. Saves written before the checksum existed carry none and are
//! checked by the replay alone.
//!
//! A game of FFB contrée without sans atout and tout atout is saved as version 1, the format
//! every contree reads. A game of another rule set, or with the option, is version 2: a contree
//! from before the rule sets would read it as contrée, so it must see a version it refuses.

use std::fmt;
use std::io;

use serde::{Deserialize, Serialize};

use super::{Action, ExpertInSeat, Game, GameOptions, Mistakes, Phase, Players};
use crate::personas::Level;
use crate::rules::{BySeat, CardSet, DealRecord, RuleSet, Rules};

/// The newest save version this contree reads and writes. A save with a higher version comes
/// from a newer contree.
pub const SAVE_VERSION: u32 = 2;

/// The version a game under `rules` is saved as: 1 for FFB contrée without sans atout and tout
/// atout (the first format, unchanged), 2 for the other rule sets and the option.
pub fn save_version(rules: Rules) -> u32 {
    if rules.set == RuleSet::Contree && !rules.nt_at { 1 } else { 2 }
}

/// A game as saved on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSave {
    /// The format version.
    pub version: u32,
    /// The seed of every deal's shuffle.
    pub seed: u64,
    /// Target, scoring, deal style.
    pub options: GameOptions,
    /// Persona ids at each seat.
    pub players: Players,
    /// Every deal so far, the current one last (its auction or play may be unfinished).
    pub deals: Vec<DealRecord>,
    /// When the game started (seconds since the Unix epoch), if known.
    #[serde(default)]
    pub started: Option<u64>,
    /// When the game was saved (seconds since the Unix epoch), if known.
    #[serde(default)]
    pub saved: Option<u64>,
    /// The checksum of every deal's calls and cards (`actions_check`), so that an action
    /// edited into another legal one is noticed. Absent from saves of earlier versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// How many actions were taken back in each deal of `deals` (none written when none were).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undos: Vec<u32>,
    /// How many hints South saw in each deal of `deals` (none written when none were).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<u32>,
    /// Each finished deal of `deals` played again with the expert in South's seat: `null`
    /// when not asked, `"thinking"` while asked, `{"score": {"NS": .., "EW": ..}}` once worked
    /// out (none written when no deal was asked). Absent from saves of earlier versions. An
    /// entry that is none of these reads as not asked ([`Figures`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "figures")]
    pub expert_in_seat: Vec<Option<ExpertInSeat>>,
    /// What South's clear mistakes cost in each finished deal of `deals`, as the expert's
    /// review found them: `null` when not measured, `{"calls": 0, "cards": 23}` once measured
    /// (none written when no deal was). Absent from saves of earlier versions, whose deals are
    /// then not measured. An entry that is none of these reads as not measured ([`Figures`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "figures")]
    pub mistakes: Vec<Option<Mistakes>>,
    /// The level each seat's calls were read by in each deal of `deals`
    /// ([`super::Deal::levels`]): `{"S": "expert", "E": "normal", …}` (none written when every
    /// seat of every deal was the expert's, the level a deal without one is read by). Absent
    /// from saves of earlier versions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<BySeat<Level>>,
}

impl GameSave {
    /// Whether `other` is a save of the same game: the same seed, options and players, and the
    /// same start time. Two games dealt from one seed are told apart by when they started.
    pub fn same_game(&self, other: &GameSave) -> bool {
        self.seed == other.seed
            && self.started == other.started
            && self.options == other.options
            && self.players == other.players
    }

    /// Whether this save extends `earlier`: it has every call, card and declaration of it, a save of the same
    /// game at the same point or before: the deals before `earlier`'s last are the same, and
    /// that deal's calls and cards are the start of this save's.
    pub fn extends(&self, earlier: &GameSave) -> bool {
        if !self.same_game(earlier) {
            return false;
        }
        let Some((last, before)) = earlier.deals.split_last() else { return true };
        let Some(deal) = self.deals.get(before.len()) else { return false };
        let declared =
            last.declared.0.iter().all(|(seat, c)| c.is_none() || deal.declared.0[seat] == *c);
        self.deals[..before.len()] == *before
            && deal.dealer == last.dealer
            && deal.hands == last.hands
            && deal.rules == last.rules
            && deal.game == last.game
            && deal.auction.starts_with(&last.auction)
            && deal.play.starts_with(&last.play)
            && declared
    }

    /// Whether this save holds every figure measured in `other` (a save of the same game): each
    /// deal compared there is compared here, each deal whose mistakes were measured there is
    /// measured here. A filing that lacks one is filed again.
    pub fn measures(&self, other: &GameSave) -> bool {
        fn all<T>(here: &[Option<T>], there: &[Option<T>]) -> bool {
            there
                .iter()
                .enumerate()
                .all(|(i, x)| x.is_none() || here.get(i).is_some_and(Option::is_some))
        }
        all(&self.expert_in_seat, &other.expert_in_seat) && all(&self.mistakes, &other.mistakes)
    }
}

/// A list of figures measured deal by deal (`expert_in_seat`, `mistakes`) as read: an entry
/// that is no figure of its kind (a negative number, a string, a number past its range, a value
/// nested where none is) is a figure not measured, `None`, and so is every entry of a list that
/// is no list; `unreadable` counts them. A figure edited by hand costs that figure alone, never
/// the game that holds it. Entries are read one at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures<T> {
    /// The figures, `None` where not measured.
    pub read: Vec<Option<T>>,
    /// The entries that were no figure of their kind, or 1 for a list that is no list.
    pub unreadable: usize,
}

impl<T> Default for Figures<T> {
    fn default() -> Figures<T> {
        Figures { read: Vec::new(), unreadable: 0 }
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Figures<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Figures<T>, D::Error> {
        use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};

        struct Read<T>(std::marker::PhantomData<T>);

        /// Anything but a list: none measured, one thing unreadable.
        fn none<T, E>() -> Result<Figures<T>, E> {
            Ok(Figures { read: Vec::new(), unreadable: 1 })
        }

        impl<'de, T: de::DeserializeOwned> Visitor<'de> for Read<T> {
            type Value = Figures<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of figures")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Figures<T>, A::Error> {
                let mut figures = Figures::default();
                while let Some(entry) = seq.next_element::<serde_json::Value>()? {
                    let figure = Option::<T>::deserialize(entry).ok();
                    figures.unreadable += usize::from(figure.is_none());
                    figures.read.push(figure.flatten());
                }
                Ok(figures)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Figures<T>, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                none()
            }

            fn visit_unit<E: de::Error>(self) -> Result<Figures<T>, E> {
                none()
            }

            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Figures<T>, E> {
                none()
            }

            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Figures<T>, E> {
                none()
            }

            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Figures<T>, E> {
                none()
            }

            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Figures<T>, E> {
                none()
            }

            fn visit_str<E: de::Error>(self, _: &str) -> Result<Figures<T>, E> {
                none()
            }
        }

        d.deserialize_any(Read(std::marker::PhantomData))
    }
}

/// The figures of a list as [`Figures`] reads it.
fn figures<'de, D, T>(d: D) -> Result<Vec<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    Figures::deserialize(d).map(|f| f.read)
}

/// The figures measured deal by deal in a save, read as [`GameSave`] reads them, for what is
/// unreadable in them to be told: a save's other fields are passed over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct SaveFigures {
    /// The comparisons with the expert in South's seat.
    #[serde(default)]
    pub expert_in_seat: Figures<ExpertInSeat>,
    /// What South's clear mistakes cost.
    #[serde(default)]
    pub mistakes: Figures<Mistakes>,
}

impl SaveFigures {
    /// The entries that were no figure, in both lists.
    pub fn unreadable(&self) -> usize {
        self.expert_in_seat.unreadable.saturating_add(self.mistakes.unreadable)
    }
}

/// FNV-1a, 64 bits: a checksum that stays the same across versions and platforms (unlike the
/// standard library's hasher), fed through `io::Write` so tokens need no allocation.
struct Fnv(u64);

impl io::Write for Fnv {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The checksum of the calls, cards and declarations of `deals`, in order, as their record
/// tokens, and where a claim played out the rest: sixteen hexadecimal digits. A deal without
/// declarations or claim adds what it always added, so the checksums of saves written before
/// them stay right.
pub fn actions_check(deals: &[DealRecord]) -> String {
    use io::Write as _;
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for d in deals {
        // Writing to the hasher cannot fail, and tokens always serialize.
        for c in &d.auction {
            let _ = serde_json::to_writer(&mut h, c);
        }
        let _ = h.write_all(b"|");
        for c in &d.play {
            let _ = serde_json::to_writer(&mut h, c);
        }
        if !d.declared.is_empty() {
            let _ = h.write_all(b"|");
            let _ = serde_json::to_writer(&mut h, &d.declared);
        }
        // Where a claim took over: what no review grades is part of what was played.
        if let Some(k) = d.claimed {
            let _ = write!(h, "|claimed {k}");
        }
        let _ = h.write_all(b"/");
    }
    format!("{:016x}", h.0)
}

/// Why a save cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The save comes from a newer version of contree.
    FutureVersion(u32),
    /// The save's options are not ones a game can have.
    BadOptions(String),
    /// The save holds no deal.
    NoDeal,
    /// A deal does not follow from the seed and the deals before it.
    Tampered {
        /// The deal, from 0.
        deal: usize,
        /// What differs.
        what: String,
    },
    /// An action the rules refuse.
    Illegal {
        /// The deal, from 0.
        deal: usize,
        /// The action, as written.
        action: String,
        /// The rule it breaks.
        why: String,
    },
    /// The calls or cards are not the ones the save's checksum was made of.
    Edited,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::FutureVersion(v) => write!(
                f,
                "the save is version {v}, newer than this contree understands ({})",
                super::SAVE_VERSION
            ),
            LoadError::BadOptions(why) => write!(f, "the save's options are invalid: {why}"),
            LoadError::NoDeal => f.write_str("the save holds no deal"),
            LoadError::Tampered { deal, what } => {
                write!(f, "deal {} of the save was altered: {what}", deal + 1)
            }
            LoadError::Illegal { deal, action, why } => {
                write!(f, "deal {} of the save has an illegal action {action}: {why}", deal + 1)
            }
            LoadError::Edited => f.write_str(
                "the calls or cards of the save were edited: its checksum does not match",
            ),
        }
    }
}

impl std::error::Error for LoadError {}

impl Game {
    /// The game as a save.
    pub fn to_save(&self) -> GameSave {
        let mut deals: Vec<DealRecord> = self.history.iter().map(|d| d.record.clone()).collect();
        let mut undos: Vec<u32> = self.history.iter().map(|d| d.undos).collect();
        let mut hints: Vec<u32> = self.history.iter().map(|d| d.hints).collect();
        if self.deal.index == self.history.len() {
            deals.push(self.deal.record(&self.options, self.totals));
            undos.push(self.deal.undos);
            hints.push(self.deal.hints);
        }
        for counts in [&mut undos, &mut hints] {
            if counts.iter().all(|&n| n == 0) {
                counts.clear();
            }
        }
        let mut expert_in_seat: Vec<Option<ExpertInSeat>> =
            self.history.iter().map(|d| d.expert_in_seat).collect();
        if expert_in_seat.iter().all(Option::is_none) {
            expert_in_seat.clear();
        }
        let mut mistakes: Vec<Option<Mistakes>> = self.history.iter().map(|d| d.mistakes).collect();
        if mistakes.iter().all(Option::is_none) {
            mistakes.clear();
        }
        let mut levels: Vec<BySeat<Level>> = self.history.iter().map(|d| d.levels).collect();
        if self.deal.index == self.history.len() {
            levels.push(self.deal.levels);
        }
        if levels.iter().all(|l| *l == BySeat([Level::DEFAULT; 4])) {
            levels.clear();
        }
        GameSave {
            version: save_version(self.options.rules),
            seed: self.seed,
            options: self.options,
            players: self.players.clone(),
            check: Some(actions_check(&deals)),
            deals,
            started: None,
            saved: None,
            undos,
            hints,
            expert_in_seat,
            mistakes,
            levels,
        }
    }

    /// Rebuilds a game from a save by replaying every action through the rules.
    pub fn from_save(save: &GameSave) -> Result<Game, LoadError> {
        if save.version > SAVE_VERSION {
            return Err(LoadError::FutureVersion(save.version));
        }
        if !save.options.target_allowed() {
            return Err(LoadError::BadOptions(format!("target {}", save.options.target)));
        }
        if save.deals.is_empty() {
            return Err(LoadError::NoDeal);
        }
        if save.check.as_ref().is_some_and(|c| *c != actions_check(&save.deals)) {
            return Err(LoadError::Edited);
        }
        let mut game = Game::new(save.options, save.seed, save.players.clone());
        for (i, record) in save.deals.iter().enumerate() {
            if i > 0 {
                game.next_deal().map_err(|e| LoadError::Illegal {
                    deal: i,
                    action: "a new deal".into(),
                    why: e.to_string(),
                })?;
            }
            let tampered = |what: &str| LoadError::Tampered { deal: i, what: what.into() };
            if record.dealer != game.deal.dealer {
                return Err(tampered("the dealer is not the one in turn"));
            }
            let hands: BySeat<CardSet> = record.hand_sets();
            if hands != game.deal.dealt {
                return Err(tampered("the hands are not the ones dealt"));
            }
            // The totals before each deal are the previous deals' answer: an edited call or card
            // that changes a score shows here, even in a save without a checksum.
            let expected = game.deal.record(&game.options, game.totals);
            if record.game != expected.game || record.rules != expected.rules {
                return Err(tampered(
                    "its totals or rules are not the ones the earlier deals give",
                ));
            }
            game.set_levels(save.levels.get(i).copied().unwrap_or(BySeat([Level::DEFAULT; 4])));
            game.deal.undos = save.undos.get(i).copied().unwrap_or(0);
            game.deal.hints = save.hints.get(i).copied().unwrap_or(0);
            game.replay_deal(record, i)?;
            if let Some(d) = game.history.get_mut(i) {
                d.expert_in_seat = save.expert_in_seat.get(i).copied().flatten();
                d.mistakes = save.mistakes.get(i).copied().flatten();
            }
            let last = i + 1 == save.deals.len();
            if !last && game.phase() != Phase::DealOver {
                return Err(tampered("an earlier deal is unfinished, or the game ended before it"));
            }
        }
        Ok(game)
    }

    /// Plays deal `i`'s record through the rules, from its first call: its calls, its
    /// declarations as the play starts, its cards and where a claim took over.
    fn replay_deal(&mut self, record: &DealRecord, i: usize) -> Result<(), LoadError> {
        let tampered = |what: &str| LoadError::Tampered { deal: i, what: what.into() };
        let actions = record
            .auction
            .iter()
            .map(|&c| Action::Bid(c))
            .chain(record.play.iter().map(|&c| Action::Play(c)));
        // The declarations written down are made as the play starts, before any card.
        let mut declared = record.declared.is_empty();
        let calls = record.auction.len();
        for (k, action) in actions.enumerate() {
            if record.claimed.is_some_and(|c| c + calls == k) {
                self.claim_rest();
            }
            if !declared && self.phase() == Phase::Playing {
                declared = true;
                self.declare_all(record, i)?;
            }
            let Some(seat) = self.to_act() else {
                return Err(LoadError::Illegal {
                    deal: i,
                    action: action.to_string(),
                    why: "the deal is already over".into(),
                });
            };
            self.apply(seat, action).map_err(|e| LoadError::Illegal {
                deal: i,
                action: action.to_string(),
                why: e.to_string(),
            })?;
        }
        if !declared {
            if self.phase() != Phase::Playing {
                return Err(tampered("it has declarations but no card play"));
            }
            self.declare_all(record, i)?;
        }
        Ok(())
    }

    /// Makes the declarations of deal `i`'s record, at the start of its play.
    fn declare_all(&mut self, record: &DealRecord, i: usize) -> Result<(), LoadError> {
        for (seat, c) in record.declared.0.iter() {
            if let Some(c) = c {
                self.declare(seat, *c).map_err(|e| LoadError::Illegal {
                    deal: i,
                    action: format!("the declarations of {seat} ({c})"),
                    why: e.to_string(),
                })?;
            }
        }
        Ok(())
    }
}
