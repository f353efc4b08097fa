//! The deal of the day: one deal for each calendar date, the same hands, dealer and computer
//! players on every machine, derived from the date alone by a fixed function of our own
//! ([`daily_seed`], version [`DAILY_DERIVATION`]), never from a crate's random generator, whose
//! algorithm may change with its version. The date is a [`Day`] of the proleptic Gregorian
//! calendar (`jiff`'s civil date), written `YYYY-MM-DD`; which day it is now is the caller's to
//! say (UTC by default), for this module reads no clock. `docs/daily.md` sets the derivation out step by step, and
//! `tests/daily.rs` pins a date's deal to it.

use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Game, GameOptions, new_game};
use crate::mix::splitmix;

/// The version of the derivation from a date to a deal: a change to [`daily_seed`], to the
/// options of [`DAILY_OPTIONS`] or to the dealing would give other deals for the same dates,
/// and takes a new version.
pub const DAILY_DERIVATION: u32 = 1;

/// The key the day's number is mixed with: the ASCII bytes of "contree1", big-endian.
pub const DAILY_KEY: u64 = 0x636f_6e74_7265_6531;

/// The rules of every deal of the day, whatever the player's settings: the French Belote
/// Federation's contrée, points faits + points demandés, the standard contre, no sans atout nor
/// tout atout, shuffled.
pub const DAILY_OPTIONS: GameOptions = GameOptions {
    target: 1000,
    rules: crate::rules::Rules {
        set: crate::rules::RuleSet::Contree,
        nt_at: false,
        scoring: crate::rules::ScoringMethod::MadePlusBid,
        contre: crate::rules::ContreScoring::Standard,
    },
    deal_style: super::DealStyle::Shuffle,
};

/// The first year a deal of the day may be asked for, and the last.
pub const YEARS: (i32, i32) = (1970, 9999);

/// A calendar date, from 1970-01-01 to 9999-12-31: a date of `jiff`'s proleptic Gregorian
/// calendar, within [`YEARS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(Date);

/// The first day, from which a day is numbered.
const EPOCH: Date = Date::constant(1970, 1, 1);

/// Seconds in a day.
const DAY_SECONDS: i64 = 86_400;

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayError {
    /// Not of the form `YYYY-MM-DD`, digits where the digits go.
    Form,
    /// A year out of [`YEARS`].
    Year(i32),
    /// No such month.
    Month(u8),
    /// The month has no such day.
    DayOfMonth {
        /// The year.
        year: i32,
        /// The month.
        month: u8,
        /// The day that is not in it.
        day: u8,
    },
}

impl fmt::Display for DayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayError::Form => f.write_str("a date is written YYYY-MM-DD, as 2026-12-02"),
            DayError::Year(y) => {
                write!(f, "the year {y} is out of range: from {} to {}", YEARS.0, YEARS.1)
            }
            DayError::Month(m) => write!(f, "there is no month {m}: months go from 01 to 12"),
            DayError::DayOfMonth { year, month, day } => {
                write!(f, "{year:04}-{month:02} has no day {day}")
            }
        }
    }
}

impl std::error::Error for DayError {}

impl Day {
    /// The date `year-month-day`, checked.
    pub fn new(year: i32, month: u8, day: u8) -> Result<Day, DayError> {
        if !(YEARS.0..=YEARS.1).contains(&year) {
            return Err(DayError::Year(year));
        }
        if !(1..=12).contains(&month) {
            return Err(DayError::Month(month));
        }
        let date = |y: i32, m: u8, d: u8| Date::new(i16::try_from(y).ok()?, m as i8, d as i8).ok();
        date(year, month, day).map(Day).ok_or(DayError::DayOfMonth { year, month, day })
    }

    /// The days from 1970-01-01 to this date.
    pub fn number(self) -> i64 {
        self.0.duration_since(EPOCH).as_secs() / DAY_SECONDS
    }

    /// The date in UTC at `secs` seconds after the Unix epoch; a time past the last year is
    /// that year's last day.
    pub fn of_unix(secs: u64) -> Day {
        let last = Day(Date::constant(YEARS.1 as i16, 12, 31));
        let Ok(secs) = i64::try_from(secs) else { return last };
        match Timestamp::from_second(secs) {
            Ok(t) => Day(t.to_zoned(TimeZone::UTC).date()).min(last),
            Err(_) => last,
        }
    }
}

/// The first day a deal of the day may be asked for, 1970-01-01.
impl Default for Day {
    fn default() -> Day {
        Day(EPOCH)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.0.year(), self.0.month(), self.0.day())
    }
}

impl FromStr for Day {
    type Err = DayError;

    /// `YYYY-MM-DD` exactly: four digits, two, two, joined by hyphens.
    fn from_str(s: &str) -> Result<Day, DayError> {
        let b = s.as_bytes();
        let digits = |r: std::ops::Range<usize>| {
            b.get(r.clone())
                .filter(|d| d.iter().all(u8::is_ascii_digit))
                .map(|d| d.iter().fold(0i32, |n, c| n * 10 + i32::from(c - b'0')))
        };
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(DayError::Form);
        }
        match (digits(0..4), digits(5..7), digits(8..10)) {
            (Some(y), Some(m), Some(d)) => Day::new(y, m as u8, d as u8),
            _ => Err(DayError::Form),
        }
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Day, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The seed of `day`'s deal, version 1: SplitMix64's step of [`DAILY_KEY`] exclusive-or the
/// day's number (days since 1970-01-01, as an unsigned 64-bit number).
pub fn daily_seed(day: Day) -> u64 {
    splitmix(DAILY_KEY ^ day.number() as u64)
}

/// `day`'s deal: a game of [`DAILY_OPTIONS`] from [`daily_seed`], whose first deal is the
/// day's (its dealer, hands and computer players, drawn from the whole roster), as
/// [`new_game`] deals every game from its seed.
pub fn daily_game(day: Day) -> Game {
    new_game(DAILY_OPTIONS, daily_seed(day), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_strictly_and_written_back() {
        for s in ["2026-12-02", "2024-02-29", "1970-01-01", "9999-12-31"] {
            assert_eq!(s.parse::<Day>().map(|d| d.to_string()).as_deref(), Ok(s));
        }
        assert_eq!("2026-1-02".parse::<Day>(), Err(DayError::Form));
        assert_eq!("2026-12-02 ".parse::<Day>(), Err(DayError::Form));
        assert_eq!("2026/12/02".parse::<Day>(), Err(DayError::Form));
        assert_eq!("+026-12-02".parse::<Day>(), Err(DayError::Form));
        assert_eq!("2026-13-02".parse::<Day>(), Err(DayError::Month(13)));
        assert_eq!(
            "2025-02-29".parse::<Day>().map_err(|e| e.to_string()).err().as_deref(),
            Some("2025-02 has no day 29")
        );
        assert_eq!("1969-12-31".parse::<Day>(), Err(DayError::Year(1969)));
    }

    #[test]
    fn the_day_number_and_the_unix_day_agree() {
        assert_eq!("1970-01-01".parse::<Day>().map(Day::number), Ok(0));
        assert_eq!("2000-03-01".parse::<Day>().map(Day::number), Ok(11_017));
        for n in (0..2_932_896u64).step_by(997) {
            let day = Day::of_unix(n * 86_400 + 86_399);
            assert_eq!(day.number(), n as i64, "{day}");
            assert_eq!(day.to_string().parse(), Ok(day));
        }
        assert_eq!(Day::of_unix(u64::MAX).to_string(), "9999-12-31");
    }

    #[test]
    fn the_seed_of_a_day_is_fixed() {
        let day = "2026-12-02".parse::<Day>().unwrap_or(Day::of_unix(0));
        assert_eq!(daily_seed(day), splitmix(DAILY_KEY ^ 20_789));
    }
}
