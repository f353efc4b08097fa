//! Seats, teams, the direction of play, and arrays indexed by seats and teams.
//!
//! Seats keep their names whatever the rules; only the turn order changes. Contrée and coinche
//! turn anticlockwise (South, East, North, West: the next seat is the right-hand neighbour); the
//! `plain` house rules turn clockwise (South, West, North, East: the left-hand neighbour). In
//! both, the seat after the dealer speaks and leads first and deals next, and partners sit
//! opposite, two turns apart.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ruleset::{RuleSet, Rules};

/// A seat at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Seat {
    /// South, the human player's seat at the table: `S`.
    South = 0,
    /// East: `E`.
    East = 1,
    /// North, South's partner: `N`.
    North = 2,
    /// West: `W`.
    West = 3,
}

impl Seat {
    /// The number of seats.
    pub const NUM: usize = 4;
    /// Every seat, in anticlockwise order from South.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    /// The seat's index, 0..4, in anticlockwise order from South.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with this index (taken modulo 4).
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// The next seat to play when play turns in `dir`.
    pub const fn next_in(self, dir: Direction) -> Seat {
        self.after_in(1, dir)
    }

    /// The seat `n` turns after this one when play turns in `dir`.
    pub const fn after_in(self, n: usize, dir: Direction) -> Seat {
        Seat::from_index(self as usize + n * dir.step())
    }

    /// This seat as `me` sees the table when turned so that `me` sits South: `me` itself is
    /// South, its partner North, the seat after it anticlockwise East.
    pub const fn seen_from(self, me: Seat) -> Seat {
        Seat::from_index(self as usize + 4 - me as usize)
    }

    /// The team of `team` as `me` sees the table turned so that `me` sits South: the same
    /// team when `me` sits North or South, the other when East or West.
    pub const fn team_seen(me: Seat, team: Team) -> Team {
        team.seen_by(me.team())
    }

    /// The partner, sitting opposite.
    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The seat's team.
    pub const fn team(self) -> Team {
        if self as u8 & 1 == 0 { Team::NS } else { Team::EW }
    }

    /// The letter used in records: `S`, `E`, `N`, `W`.
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 'S',
            Seat::East => 'E',
            Seat::North => 'N',
            Seat::West => 'W',
        }
    }

    /// Parses a record letter.
    pub fn from_letter(s: &str) -> Option<Seat> {
        Some(match s {
            "S" => Seat::South,
            "E" => Seat::East,
            "N" => Seat::North,
            "W" => Seat::West,
            _ => return None,
        })
    }

    /// How many turns after `from` this seat plays (0..4) when play turns in `dir`.
    pub const fn turns_after(self, from: Seat, dir: Direction) -> usize {
        ((self as usize + 4 - from as usize) * dir.step()) & 3
    }
}

/// Which way the turn passes around the table. A `Copy` byte: tricks and auctions carry it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Direction {
    /// South, East, North, West: to the right (contrée and coinche).
    #[default]
    Anticlockwise,
    /// South, West, North, East: to the left (the `plain` house rules).
    Clockwise,
}

impl RuleSet {
    /// Which way the turn passes: clockwise in `plain` (seeds 000 and 003: "the player to the
    /// dealer's left bids first"), anticlockwise otherwise.
    pub const fn direction(self) -> Direction {
        match self {
            RuleSet::Plain => Direction::Clockwise,
            RuleSet::Contree | RuleSet::Coinche => Direction::Anticlockwise,
        }
    }
}

impl Rules {
    /// Which way the turn passes.
    pub const fn direction(self) -> Direction {
        self.set.direction()
    }

    /// The seat that speaks and leads first after `dealer`, and deals next: the right-hand
    /// neighbour, or the left-hand one in `plain`.
    pub const fn after_dealer(self, dealer: Seat) -> Seat {
        dealer.next_in(self.direction())
    }
}

impl Direction {
    /// Seat indices per turn, modulo 4.
    const fn step(self) -> usize {
        match self {
            Direction::Anticlockwise => 1,
            Direction::Clockwise => 3,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        Seat::from_letter(s).ok_or_else(|| format!("unknown seat '{s}'"))
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the two partnerships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Team {
    /// South (the human) and North.
    NS = 0,
    /// East and West.
    EW = 1,
}

impl Team {
    /// Both teams.
    pub const ALL: [Team; 2] = [Team::NS, Team::EW];

    /// This team as the side `us` sees the table, its own side always North-South: the same
    /// team when `us` is North-South, the other when East-West.
    pub const fn seen_by(self, us: Team) -> Team {
        match us {
            Team::NS => self,
            Team::EW => self.other(),
        }
    }

    /// The team's index, 0..2.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other team.
    pub const fn other(self) -> Team {
        match self {
            Team::NS => Team::EW,
            Team::EW => Team::NS,
        }
    }

    /// The record name: `NS` or `EW`.
    pub const fn name(self) -> &'static str {
        match self {
            Team::NS => "NS",
            Team::EW => "EW",
        }
    }

    /// The two seats of the team.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Team::NS => [Seat::South, Seat::North],
            Team::EW => [Seat::East, Seat::West],
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Team {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Team {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Team, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        match &*s {
            "NS" => Ok(Team::NS),
            "EW" => Ok(Team::EW),
            _ => Err(serde::de::Error::custom(format!("unknown team '{s}'"))),
        }
    }
}

/// One value per seat, indexed by [`Seat`]. Serialized as `{"S": .., "E": .., "N": .., "W": ..}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the array from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(std::array::from_fn(|i| f(Seat::from_index(i))))
    }

    /// Maps each value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// Iterates over `(seat, value)` in anticlockwise order from South.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[derive(Serialize)]
struct BySeatRepr<T> {
    #[serde(rename = "S")]
    s: T,
    #[serde(rename = "E")]
    e: T,
    #[serde(rename = "N")]
    n: T,
    #[serde(rename = "W")]
    w: T,
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [a, b, c, d] = &self.0;
        BySeatRepr { s: a, e: b, n: c, w: d }.serialize(s)
    }
}

/// A key of an object of seats: a seat, or what stands in a seat's place.
struct SeatKey(Result<Seat, String>);

impl<'de> Deserialize<'de> for SeatKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatKey, D::Error> {
        struct Key;
        impl serde::de::Visitor<'_> for Key {
            type Value = SeatKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seat")
            }
            fn visit_str<E>(self, v: &str) -> Result<SeatKey, E> {
                Ok(SeatKey(Seat::from_letter(v).ok_or_else(|| v.to_string())))
            }
        }
        d.deserialize_str(Key)
    }
}

/// Four values, one per seat: an object with exactly the keys `S`, `E`, `N` and `W`. A fifth
/// key, or a seat given twice, is refused with the rule, never passed over.
impl<'de, T: Deserialize<'de>> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BySeat<T>, D::Error> {
        use serde::de::{Error, MapAccess, Visitor};
        struct Seats<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Seats<T> {
            type Value = BySeat<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of the four seats, S, E, N and W")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BySeat<T>, A::Error> {
                const RULE: &str = "the seats are S, E, N and W, once each";
                let mut seats: [Option<T>; 4] = [None, None, None, None];
                while let Some(SeatKey(key)) = map.next_key()? {
                    let seat =
                        key.map_err(|k| A::Error::custom(format!("unknown seat `{k}`: {RULE}")))?;
                    if seats[seat.index()].is_some() {
                        return Err(A::Error::custom(format!("seat `{seat}` given twice: {RULE}")));
                    }
                    seats[seat.index()] = Some(map.next_value()?);
                }
                let [s, e, n, w] = seats;
                match (s, e, n, w) {
                    (Some(s), Some(e), Some(n), Some(w)) => Ok(BySeat([s, e, n, w])),
                    (s, e, n, _) => Err(A::Error::missing_field(if s.is_none() {
                        "S"
                    } else if e.is_none() {
                        "E"
                    } else if n.is_none() {
                        "N"
                    } else {
                        "W"
                    })),
                }
            }
        }
        d.deserialize_map(Seats(std::marker::PhantomData))
    }
}

/// One value per team, indexed by [`Team`]. Serialized as `{"NS": .., "EW": ..}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByTeam<T>(pub [T; 2]);

impl<T> ByTeam<T> {
    /// Builds the pair from a function of the team.
    pub fn from_fn(mut f: impl FnMut(Team) -> T) -> ByTeam<T> {
        ByTeam([f(Team::NS), f(Team::EW)])
    }

    /// Maps each value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByTeam<U> {
        ByTeam(self.0.map(f))
    }
}

impl<T> Index<Team> for ByTeam<T> {
    type Output = T;
    fn index(&self, team: Team) -> &T {
        &self.0[team.index()]
    }
}

impl<T> IndexMut<Team> for ByTeam<T> {
    fn index_mut(&mut self, team: Team) -> &mut T {
        &mut self.0[team.index()]
    }
}

#[derive(Serialize)]
struct ByTeamRepr<T> {
    #[serde(rename = "NS")]
    ns: T,
    #[serde(rename = "EW")]
    ew: T,
}

impl<T: Serialize> Serialize for ByTeam<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [a, b] = &self.0;
        ByTeamRepr { ns: a, ew: b }.serialize(s)
    }
}

/// A key of an object of teams: a team, or what stands in a team's place.
struct TeamKey(Result<Team, String>);

impl<'de> Deserialize<'de> for TeamKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TeamKey, D::Error> {
        struct Key;
        impl serde::de::Visitor<'_> for Key {
            type Value = TeamKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a team")
            }
            fn visit_str<E>(self, v: &str) -> Result<TeamKey, E> {
                let team = Team::ALL.into_iter().find(|t| t.name() == v);
                Ok(TeamKey(team.ok_or_else(|| v.to_string())))
            }
        }
        d.deserialize_str(Key)
    }
}

/// Two values, one per team: an object with exactly the keys `NS` and `EW`. A third key, or a
/// team given twice, is refused with the rule, never passed over, as [`BySeat`]'s seats are.
impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByTeam<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByTeam<T>, D::Error> {
        use serde::de::{Error, MapAccess, Visitor};
        struct Teams<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Teams<T> {
            type Value = ByTeam<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of the two teams, NS and EW")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ByTeam<T>, A::Error> {
                const RULE: &str = "the teams are NS and EW, once each";
                let mut teams: [Option<T>; 2] = [None, None];
                while let Some(TeamKey(key)) = map.next_key()? {
                    let team =
                        key.map_err(|k| A::Error::custom(format!("unknown team `{k}`: {RULE}")))?;
                    if teams[team.index()].is_some() {
                        return Err(A::Error::custom(format!("team `{team}` given twice: {RULE}")));
                    }
                    teams[team.index()] = Some(map.next_value()?);
                }
                match teams {
                    [Some(ns), Some(ew)] => Ok(ByTeam([ns, ew])),
                    [None, _] => Err(A::Error::missing_field("NS")),
                    [_, None] => Err(A::Error::missing_field("EW")),
                }
            }
        }
        d.deserialize_map(Teams(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANTI: Direction = Direction::Anticlockwise;
    const CLOCK: Direction = Direction::Clockwise;

    #[test]
    fn turns_go_anticlockwise() {
        assert_eq!(Seat::West.next_in(ANTI), Seat::South);
        assert_eq!(Seat::South.next_in(ANTI), Seat::East);
        assert_eq!(Seat::East.next_in(ANTI), Seat::North);
        assert_eq!(Seat::South.after_in(3, ANTI), Seat::West);
        assert_eq!(Seat::East.partner(), Seat::West);
        assert_eq!(Seat::North.team(), Team::NS);
        assert_eq!(Seat::West.team(), Team::EW);
        assert_eq!(Seat::North.turns_after(Seat::East, ANTI), 1);
    }

    #[test]
    fn plain_turns_clockwise() {
        assert_eq!(Seat::South.next_in(CLOCK), Seat::West);
        assert_eq!(Seat::West.next_in(CLOCK), Seat::North);
        assert_eq!(Seat::North.next_in(CLOCK), Seat::East);
        assert_eq!(Seat::East.next_in(CLOCK), Seat::South);
        assert_eq!(Seat::South.after_in(2, CLOCK), Seat::North);
        for from in Seat::ALL {
            for dir in [ANTI, CLOCK] {
                for n in 0..4 {
                    assert_eq!(from.after_in(n, dir).turns_after(from, dir), n);
                }
                assert_eq!(from.after_in(2, dir), from.partner());
            }
        }
    }

    #[test]
    fn by_seat_serializes_with_letters() {
        let v = BySeat([1, 2, 3, 4]);
        let s = serde_json::to_string(&v).unwrap_or_default();
        assert_eq!(s, r#"{"S":1,"E":2,"N":3,"W":4}"#);
        assert_eq!(serde_json::from_str::<BySeat<i32>>(&s).ok(), Some(v));
    }

    #[test]
    fn by_team_takes_its_two_teams_once_each_and_nothing_else() {
        let v = ByTeam([1, 2]);
        let s = serde_json::to_string(&v).unwrap_or_default();
        assert_eq!(s, r#"{"NS":1,"EW":2}"#);
        assert_eq!(serde_json::from_str::<ByTeam<i32>>(&s).ok(), Some(v));
        assert_eq!(serde_json::from_str::<ByTeam<i32>>(r#"{"EW":2,"NS":1}"#).ok(), Some(v));
        for (bad, said) in [
            (r#"{"NS": 0, "EW": 0, "XX": 1}"#, "unknown team `XX`"),
            (r#"{"NS": 0, "NS": 1, "EW": 0}"#, "team `NS` given twice"),
            (r#"{"NS": 0}"#, "missing field `EW`"),
            ("[0, 0]", "expected an object of the two teams"),
        ] {
            let e = serde_json::from_str::<ByTeam<i32>>(bad).expect_err(bad);
            assert!(e.to_string().contains(said), "{bad}: {e}");
        }
    }
}
