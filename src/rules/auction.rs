//! The auction: calls, the bidding state machine, and the resulting contract.
//!
//! The seat after the dealer speaks first (the right-hand neighbour; the left-hand one in
//! `plain`), then the turn goes round in the rules' direction. A call is a pass, a bid (80..160 by
//! tens, or capot, in a suit, or in sans atout or tout atout when the rules allow them), a contre
//! of the opponents' bid, or a surcontre by the contré team. Bids rank by value alone. Three
//! passes after a bid or a contre end the auction; a surcontre ends it at once; four passes at
//! the start make the deal void.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Suit, Trump};
use super::ruleset::Rules;
use super::seat::{Seat, Team};

/// The lowest bid value.
pub const MIN_BID: u16 = 80;
/// The highest numeric bid value.
pub const MAX_BID: u16 = 160;
/// The value a capot stands for when bids are compared and scored.
pub const CAPOT_VALUE: u16 = 250;

/// How much a bid promises: a number of points or all eight tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BidLevel {
    /// 80, 90, ..., 160 points.
    Points(u16),
    /// All eight tricks.
    Capot,
}

impl BidLevel {
    /// Every level in increasing order: 80 ... 160, capot.
    pub const ALL: [BidLevel; 10] = [
        BidLevel::Points(80),
        BidLevel::Points(90),
        BidLevel::Points(100),
        BidLevel::Points(110),
        BidLevel::Points(120),
        BidLevel::Points(130),
        BidLevel::Points(140),
        BidLevel::Points(150),
        BidLevel::Points(160),
        BidLevel::Capot,
    ];

    /// A numeric level, if `value` is 80..=160 and a multiple of ten.
    pub const fn points(value: u16) -> Option<BidLevel> {
        if value >= MIN_BID && value <= MAX_BID && value.is_multiple_of(10) {
            Some(BidLevel::Points(value))
        } else {
            None
        }
    }

    /// The value used for comparisons and scoring (capot: 250).
    pub const fn value(self) -> u16 {
        match self {
            BidLevel::Points(v) => v,
            BidLevel::Capot => CAPOT_VALUE,
        }
    }

    /// The next level up, if any.
    pub const fn next(self) -> Option<BidLevel> {
        match self {
            BidLevel::Points(v) if v >= MAX_BID => Some(BidLevel::Capot),
            BidLevel::Points(v) => Some(BidLevel::Points(v + 10)),
            BidLevel::Capot => None,
        }
    }
}

/// A bid: a level and a trump mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    /// Points promised, or capot.
    pub level: BidLevel,
    /// The trump named: a suit, sans atout or tout atout.
    pub trump: Trump,
}

impl Bid {
    /// A bid of `level` in `suit`.
    pub const fn new(level: BidLevel, suit: Suit) -> Bid {
        Bid { level, trump: Trump::Suit(suit) }
    }

    /// Whether this is a capot bid.
    pub const fn is_capot(self) -> bool {
        matches!(self.level, BidLevel::Capot)
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            BidLevel::Points(v) => write!(f, "{v}{}", self.trump),
            BidLevel::Capot => write!(f, "capot{}", self.trump),
        }
    }
}

/// What a player says on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// "Passe".
    Pass,
    /// A bid, higher than the current one.
    Bid(Bid),
    /// "Contre": doubles the opponents' bid and ends the bidding.
    Contre,
    /// "Surcontre": the contré team redoubles; the auction ends at once.
    Surcontre,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("pass"),
            Call::Bid(b) => write!(f, "{b}"),
            Call::Contre => f.write_str("contre"),
            Call::Surcontre => f.write_str("surcontre"),
        }
    }
}

/// An auction token that is not a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCallError(pub String);

impl fmt::Display for ParseCallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad auction token '{}'", self.0)
    }
}

impl std::error::Error for ParseCallError {}

impl FromStr for Call {
    type Err = ParseCallError;

    /// Parses a record token: `pass`, `contre`, `surcontre`, `80H` ... `160C`, `capotS`, and the
    /// sans atout and tout atout bids `100NT`, `capotAT`.
    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        let err = || ParseCallError(s.to_string());
        match s {
            "pass" => return Ok(Call::Pass),
            "contre" => return Ok(Call::Contre),
            "surcontre" => return Ok(Call::Surcontre),
            _ => {}
        }
        let (head, trump) = if let Some(head) = s.strip_suffix("NT") {
            (head, Trump::NoTrump)
        } else if let Some(head) = s.strip_suffix("AT") {
            (head, Trump::AllTrump)
        } else {
            let last = s.chars().last().ok_or_else(err)?;
            let suit = Suit::from_letter(last).ok_or_else(err)?;
            (&s[..s.len() - last.len_utf8()], Trump::Suit(suit))
        };
        let level = if head == "capot" {
            BidLevel::Capot
        } else {
            if head.is_empty() || !head.bytes().all(|b| b.is_ascii_digit()) || head.starts_with('0')
            {
                return Err(err());
            }
            head.parse::<u16>().ok().and_then(BidLevel::points).ok_or_else(err)?
        };
        Ok(Call::Bid(Bid { level, trump }))
    }
}

impl Serialize for Call {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Call {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Call, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The contract's multiplier: 1, 2 (contré) or 4 (surcontré).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Multiplier {
    /// Not contré.
    Simple,
    /// Contré: scores ×2 (the belote excepted).
    Contre,
    /// Surcontré: scores ×4 (the belote excepted).
    Surcontre,
}

impl Multiplier {
    /// 1, 2 or 4.
    pub const fn factor(self) -> u16 {
        match self {
            Multiplier::Simple => 1,
            Multiplier::Contre => 2,
            Multiplier::Surcontre => 4,
        }
    }
}

impl Serialize for Multiplier {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.factor())
    }
}

/// The contract that ends an auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The player who made the last bid.
    pub taker: Seat,
    /// The last bid.
    pub bid: Bid,
    /// Contré, surcontré or neither.
    pub multiplier: Multiplier,
}

impl Contract {
    /// The takers' team.
    pub const fn team(&self) -> Team {
        self.taker.team()
    }

    /// The trump.
    pub const fn trump(&self) -> Trump {
        self.bid.trump
    }

    /// The contract value (capot: 250).
    pub const fn value(&self) -> u16 {
        self.bid.level.value()
    }
}

/// How an auction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuctionOutcome {
    /// A contract was reached.
    Contract(Contract),
    /// All four players passed: the deal is void.
    AllPassed,
}

/// A call the rules forbid, naming the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidError {
    /// Nobody may speak once the auction has ended.
    AuctionOver,
    /// A bid must beat the current one (capot beats every number; nothing beats capot).
    TooLow {
        /// The bid refused.
        bid: Bid,
        /// The bid it must beat.
        current: Bid,
    },
    /// After a contre only passes and a surcontre remain.
    BidAfterContre,
    /// There is no bid to contre yet.
    NothingToContre,
    /// Only the opponents' bid may be contré.
    ContreOwnTeam {
        /// The partner's bid.
        bid: Bid,
    },
    /// A bid is contré only once.
    AlreadyContred,
    /// A surcontre answers a contre.
    SurcontreWithoutContre,
    /// Only the contré team may surcontre.
    SurcontreByDefence,
    /// Sans atout and tout atout bids need the option, and the game does not have it.
    TrumpModeOff {
        /// The bid refused.
        bid: Bid,
    },
}

impl fmt::Display for BidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BidError::AuctionOver => f.write_str("the auction is over"),
            BidError::TooLow { bid, current } if current.is_capot() => {
                write!(f, "bid too low: nothing beats capot ({bid} after {current})")
            }
            BidError::TooLow { bid, current } => {
                write!(f, "bid too low: {bid} does not beat {current}")
            }
            BidError::BidAfterContre => f.write_str("no bid after a contre"),
            BidError::NothingToContre => {
                f.write_str("contre not allowed: there is no bid to contre")
            }
            BidError::ContreOwnTeam { bid } => {
                write!(f, "contre not allowed: {bid} is your own team's bid")
            }
            BidError::AlreadyContred => {
                f.write_str("contre not allowed: the bid is already contré")
            }
            BidError::SurcontreWithoutContre => {
                f.write_str("surcontre not allowed: there is no contre to answer")
            }
            BidError::SurcontreByDefence => {
                f.write_str("surcontre not allowed: only the contré team may surcontre")
            }
            BidError::TrumpModeOff { bid } => {
                write!(f, "sans atout / tout atout bids are off in this game ({bid})")
            }
        }
    }
}

impl std::error::Error for BidError {}

/// The calls allowed now, without allocating: the bidding buttons and the bots read this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalCalls {
    /// Passing is allowed (always, while the auction runs).
    pub pass: bool,
    /// The lowest level a bid may have, or `None` when no bid is allowed.
    pub min_level: Option<BidLevel>,
    /// A contre is allowed.
    pub contre: bool,
    /// A surcontre is allowed.
    pub surcontre: bool,
    /// Bids in sans atout and tout atout are allowed (with `min_level`).
    pub nt_at: bool,
}

impl LegalCalls {
    /// Whether `call` is among these.
    pub fn allows(&self, call: Call) -> bool {
        match call {
            Call::Pass => self.pass,
            Call::Bid(b) => {
                self.min_level.is_some_and(|m| b.level >= m) && (self.nt_at || b.trump.is_suit())
            }
            Call::Contre => self.contre,
            Call::Surcontre => self.surcontre,
        }
    }

    /// The trump modes a bid may name: the four suits, then sans atout and tout atout when the
    /// rules allow them.
    pub fn trumps(&self) -> &'static [Trump] {
        if self.nt_at { &Trump::ALL } else { &Trump::ALL[..4] }
    }

    /// Every allowed call: pass, the bids from the lowest level up in each trump mode, contre,
    /// surcontre.
    pub fn to_vec(&self) -> Vec<Call> {
        let mut out = Vec::new();
        if self.pass {
            out.push(Call::Pass);
        }
        if let Some(min) = self.min_level {
            for level in BidLevel::ALL.into_iter().filter(|l| *l >= min) {
                for &trump in self.trumps() {
                    out.push(Call::Bid(Bid { level, trump }));
                }
            }
        }
        if self.contre {
            out.push(Call::Contre);
        }
        if self.surcontre {
            out.push(Call::Surcontre);
        }
        out
    }
}

/// The bidding state machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    dealer: Seat,
    rules: Rules,
    calls: Vec<Call>,
    /// The current highest bid and who made it.
    last_bid: Option<(Seat, Bid)>,
    multiplier: Multiplier,
    /// Passes in a row since the last bid or contre (or since the start).
    passes: u8,
    outcome: Option<AuctionOutcome>,
}

impl Auction {
    /// A new auction under `rules`; the seat after the dealer speaks first.
    pub fn new(dealer: Seat, rules: Rules) -> Auction {
        Auction {
            dealer,
            rules,
            calls: Vec::with_capacity(16),
            last_bid: None,
            multiplier: Multiplier::Simple,
            passes: 0,
            outcome: None,
        }
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The rules the auction follows.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seat that speaks first, and leads the first trick: the one after the dealer.
    pub fn first_to_speak(&self) -> Seat {
        self.rules.after_dealer(self.dealer)
    }

    /// The calls so far, in speaking order from the seat after the dealer.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The seat that made the call at position `i`.
    pub fn seat_of(&self, i: usize) -> Seat {
        self.dealer.after_in(1 + i, self.rules.direction())
    }

    /// The bids `seat` made, in the order made.
    pub fn bids_by(&self, seat: Seat) -> impl Iterator<Item = Bid> + '_ {
        self.calls.iter().enumerate().filter_map(move |(i, c)| match c {
            Call::Bid(b) if self.seat_of(i) == seat => Some(*b),
            _ => None,
        })
    }

    /// Who speaks now, or `None` once the auction is over.
    pub fn to_speak(&self) -> Option<Seat> {
        if self.outcome.is_some() { None } else { Some(self.seat_of(self.calls.len())) }
    }

    /// The highest bid so far and its bidder.
    pub fn current_bid(&self) -> Option<(Seat, Bid)> {
        self.last_bid
    }

    /// Contré, surcontré or neither, so far.
    pub fn multiplier(&self) -> Multiplier {
        self.multiplier
    }

    /// How the auction ended, once it has.
    pub fn outcome(&self) -> Option<AuctionOutcome> {
        self.outcome
    }

    /// The contract, once the auction has ended with one.
    pub fn contract(&self) -> Option<Contract> {
        match self.outcome {
            Some(AuctionOutcome::Contract(c)) => Some(c),
            _ => None,
        }
    }

    /// Whether the auction has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The calls allowed to the player to speak.
    pub fn legal_calls(&self) -> LegalCalls {
        let Some(seat) = self.to_speak() else {
            return LegalCalls {
                pass: false,
                min_level: None,
                contre: false,
                surcontre: false,
                nt_at: false,
            };
        };
        let contred = self.multiplier != Multiplier::Simple;
        let min_level = match (contred, self.last_bid) {
            (true, _) => None,
            (false, None) => Some(BidLevel::Points(MIN_BID)),
            (false, Some((_, b))) => b.level.next(),
        };
        let bidder_team = self.last_bid.map(|(s, _)| s.team());
        LegalCalls {
            pass: true,
            min_level,
            contre: !contred && bidder_team.is_some_and(|t| t != seat.team()),
            surcontre: self.multiplier == Multiplier::Contre && bidder_team == Some(seat.team()),
            nt_at: self.rules.nt_at,
        }
    }

    /// Why `call` is not allowed now, if it is not.
    pub fn check(&self, call: Call) -> Result<(), BidError> {
        let Some(seat) = self.to_speak() else {
            return Err(BidError::AuctionOver);
        };
        let contred = self.multiplier != Multiplier::Simple;
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => {
                if !bid.trump.is_suit() && !self.rules.nt_at {
                    return Err(BidError::TrumpModeOff { bid });
                }
                if contred {
                    return Err(BidError::BidAfterContre);
                }
                match self.last_bid {
                    Some((_, current)) if bid.level <= current.level => {
                        Err(BidError::TooLow { bid, current })
                    }
                    _ => Ok(()),
                }
            }
            Call::Contre => match self.last_bid {
                None => Err(BidError::NothingToContre),
                Some(_) if contred => Err(BidError::AlreadyContred),
                Some((bidder, bid)) if bidder.team() == seat.team() => {
                    Err(BidError::ContreOwnTeam { bid })
                }
                Some(_) => Ok(()),
            },
            Call::Surcontre => match self.last_bid {
                _ if self.multiplier != Multiplier::Contre => Err(BidError::SurcontreWithoutContre),
                Some((bidder, _)) if bidder.team() != seat.team() => {
                    Err(BidError::SurcontreByDefence)
                }
                _ => Ok(()),
            },
        }
    }

    /// Makes a call for the player to speak, if the rules allow it.
    pub fn try_call(&mut self, call: Call) -> Result<(), BidError> {
        self.check(call)?;
        self.call_unchecked(call);
        Ok(())
    }

    /// Makes a call without checking it. An illegal call leaves the auction in a state the
    /// rules cannot reach; use [`Auction::try_call`] for anything that comes from outside.
    pub fn call_unchecked(&mut self, call: Call) {
        let seat = self.seat_of(self.calls.len());
        self.calls.push(call);
        match call {
            Call::Pass => {
                self.passes += 1;
                match self.last_bid {
                    None if self.passes == 4 => self.outcome = Some(AuctionOutcome::AllPassed),
                    Some(_) if self.passes == 3 => self.finish(),
                    _ => {}
                }
            }
            Call::Bid(bid) => {
                self.last_bid = Some((seat, bid));
                self.passes = 0;
            }
            Call::Contre => {
                self.multiplier = Multiplier::Contre;
                self.passes = 0;
            }
            Call::Surcontre => {
                self.multiplier = Multiplier::Surcontre;
                self.finish();
            }
        }
    }

    fn finish(&mut self) {
        if let Some((taker, bid)) = self.last_bid {
            self.outcome = Some(AuctionOutcome::Contract(Contract {
                taker,
                bid,
                multiplier: self.multiplier,
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::RuleSet;

    fn run(dealer: Seat, tokens: &[&str]) -> Result<Auction, (usize, BidError)> {
        run_with(Rules::default(), dealer, tokens)
    }

    fn run_with(rules: Rules, dealer: Seat, tokens: &[&str]) -> Result<Auction, (usize, BidError)> {
        let mut a = Auction::new(dealer, rules);
        for (i, t) in tokens.iter().enumerate() {
            let call: Call = t.parse().map_err(|_| (i, BidError::AuctionOver))?;
            a.try_call(call).map_err(|e| (i, e))?;
        }
        Ok(a)
    }

    #[test]
    fn tokens_parse_and_print() {
        for t in
            ["pass", "contre", "surcontre", "80H", "160C", "capotS", "100D", "100NT", "capotAT"]
        {
            assert_eq!(t.parse::<Call>().map(|c| c.to_string()).as_deref(), Ok(t));
        }
        for t in [
            "70H",
            "170S",
            "85H",
            "080H",
            "capot",
            "90",
            "Pass",
            "90X",
            "",
            "+90H",
            "100SA",
            "NT",
            "AT",
            "capotN",
            "90nt",
            "90T",
            "capotNTAT",
        ] {
            assert!(t.parse::<Call>().is_err(), "{t}");
        }
    }

    #[test]
    fn sans_atout_and_tout_atout_need_the_option() {
        let off = run(Seat::West, &["80S", "100NT"]).err();
        let bid = Bid { level: BidLevel::Points(100), trump: Trump::NoTrump };
        assert_eq!(off, Some((1, BidError::TrumpModeOff { bid })));
        let on = Rules::default().with_nt_at(true);
        let a =
            run_with(on, Seat::West, &["80S", "100NT", "pass", "capotAT", "pass", "pass", "pass"]);
        let c = a.ok().and_then(|a| a.contract());
        assert_eq!(
            c.map(|c| (c.taker, c.trump(), c.value())),
            Some((Seat::West, Trump::AllTrump, 250))
        );
        // Bids rank by value alone: 100NT does not beat 100S.
        assert!(matches!(
            run_with(on, Seat::West, &["100S", "100NT"]).err(),
            Some((1, BidError::TooLow { .. }))
        ));
    }

    #[test]
    fn plain_speaks_clockwise_from_the_dealers_left() {
        let a = Auction::new(Seat::West, Rules::of(RuleSet::Plain));
        assert_eq!(a.first_to_speak(), Seat::North);
        assert_eq!(
            (0..4).map(|i| a.seat_of(i)).collect::<Vec<_>>(),
            [Seat::North, Seat::East, Seat::South, Seat::West]
        );
        // North opens, East contres, South (North's partner) surcontres.
        let a = run_with(Rules::of(RuleSet::Plain), Seat::West, &["80S", "contre", "surcontre"]);
        let c = a.ok().and_then(|a| a.contract());
        assert_eq!(c.map(|c| (c.taker, c.multiplier)), Some((Seat::North, Multiplier::Surcontre)));
    }

    #[test]
    fn seed_commented_deal_auction() {
        // West deals; South opens 80H, North raises to 90H, East contres.
        let a = run(
            Seat::West,
            &["80H", "pass", "90H", "pass", "pass", "contre", "pass", "pass", "pass"],
        );
        let c = a.ok().and_then(|a| a.contract());
        assert_eq!(
            c,
            Some(Contract {
                taker: Seat::North,
                bid: Bid::new(BidLevel::Points(90), Suit::Hearts),
                multiplier: Multiplier::Contre
            })
        );
    }

    #[test]
    fn four_passes_void_the_deal() {
        let a = run(Seat::North, &["pass"; 4]).ok();
        assert_eq!(a.and_then(|a| a.outcome()), Some(AuctionOutcome::AllPassed));
    }

    #[test]
    fn surcontre_ends_at_once() {
        let a = run(Seat::West, &["80S", "contre", "surcontre"]).ok();
        let c = a.and_then(|a| a.contract()).map(|c| c.multiplier);
        assert_eq!(c, Some(Multiplier::Surcontre));
    }

    #[test]
    fn rejections_name_the_rule() {
        // West deals: S E N W.
        assert_eq!(
            run(Seat::West, &["80S", "pass", "contre"]).err(),
            Some((
                2,
                BidError::ContreOwnTeam { bid: Bid::new(BidLevel::Points(80), Suit::Spades) }
            ))
        );
        assert_eq!(
            run(Seat::West, &["80S", "contre", "pass", "surcontre"]).err(),
            Some((3, BidError::SurcontreByDefence))
        );
        assert_eq!(
            run(Seat::West, &["80S", "contre", "90H"]).err(),
            Some((2, BidError::BidAfterContre))
        );
        assert!(matches!(
            run(Seat::West, &["90S", "80H"]).err(),
            Some((1, BidError::TooLow { .. }))
        ));
        assert_eq!(
            run(Seat::West, &["80S", "pass", "pass", "pass", "pass"]).err(),
            Some((4, BidError::AuctionOver))
        );
        assert_eq!(run(Seat::West, &["contre"]).err(), Some((0, BidError::NothingToContre)));
        assert_eq!(
            run(Seat::West, &["surcontre"]).err(),
            Some((0, BidError::SurcontreWithoutContre))
        );
        assert!(matches!(
            run(Seat::West, &["capotS", "capotH"]).err(),
            Some((1, BidError::TooLow { .. }))
        ));
    }

    #[test]
    fn legal_calls_agree_with_check() {
        let mut a = Auction::new(Seat::South, Rules::default().with_nt_at(true));
        for t in ["80H", "pass", "100S", "contre"] {
            let all: Vec<Call> =
                ["pass", "contre", "surcontre", "80C", "110H", "capotD", "120NT", "capotAT"]
                    .iter()
                    .filter_map(|t| t.parse().ok())
                    .collect();
            let legal = a.legal_calls();
            for c in all {
                assert_eq!(legal.allows(c), a.check(c).is_ok(), "{c}");
            }
            let _ = a.try_call(t.parse().unwrap_or(Call::Pass));
        }
    }
}
