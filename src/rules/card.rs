//! Suits, ranks, cards, sets of cards, and the trump mode that gives them their order and points.
//!
//! A [`Card`] is a number 0..32: `suit * 8 + rank`, where the rank index follows the plain-suit
//! order from low to high (7 8 9 J Q K 10 A). A [`CardSet`] is a `u32` bitset with one byte per
//! suit, so "the hearts in this hand" or "is this card held" are single mask operations. A
//! [`Trump`] (a suit, sans atout or tout atout) indexes per-card tables of points and strength.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Spades, ♠: `S` in records.
    Spades = 0,
    /// Hearts, ♥: `H`.
    Hearts = 1,
    /// Diamonds, ♦: `D`.
    Diamonds = 2,
    /// Clubs, ♣: `C`.
    Clubs = 3,
}

impl Suit {
    /// The number of suits.
    pub const NUM: usize = 4;
    /// Every suit, in index order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's index, 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with this index (taken modulo 4).
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The letter used in deal records: `S`, `H`, `D`, `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// Parses a record letter (`S`, `H`, `D`, `C`).
    pub const fn from_letter(c: char) -> Option<Suit> {
        let mut i = 0;
        while i < Suit::ALL.len() {
            if Suit::ALL[i].letter() == c {
                return Some(Suit::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The English name, lower case ("hearts").
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// Whether the suit is red (hearts, diamonds).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!("unknown suit '{s}'"))),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank. The discriminants follow the plain-suit order from low to high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// The seven: `7`.
    Seven = 0,
    /// The eight: `8`.
    Eight = 1,
    /// The nine: `9`, second of the trumps.
    Nine = 2,
    /// The jack: `J`, first of the trumps.
    Jack = 3,
    /// The queen: `Q`.
    Queen = 4,
    /// The king: `K`.
    King = 5,
    /// The ten: `10`.
    Ten = 6,
    /// The ace: `A`.
    Ace = 7,
}

impl Rank {
    /// The number of ranks.
    pub const NUM: usize = 8;
    /// Every rank, in the plain-suit order from low to high.
    pub const ALL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
    ];
    /// Every rank in the order players name them: 7 8 9 10 J Q K A.
    pub const NATURAL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's index, 0..8, in plain-suit order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with this index (taken modulo 8).
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i & 7]
    }

    /// The symbol used in deal records: `7 8 9 10 J Q K A`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// Parses a record symbol (`7` ... `10`, `J`, `Q`, `K`, `A`).
    pub fn from_symbol(s: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.symbol() == s)
    }

    /// Strength in a plain suit, 0 (7) to 7 (A).
    pub const fn plain_strength(self) -> u8 {
        self as u8
    }

    /// Strength in the trump suit, 0 (7) to 7 (J): J 9 A 10 K Q 8 7.
    pub const fn trump_strength(self) -> u8 {
        TRUMP_STRENGTH[self as usize]
    }

    /// Points in a plain suit: A 11, 10 10, K 4, Q 3, J 2, others 0.
    pub const fn plain_points(self) -> u8 {
        PLAIN_POINTS[self as usize]
    }

    /// Points in the trump suit: J 20, 9 14, A 11, 10 10, K 4, Q 3, others 0.
    pub const fn trump_points(self) -> u8 {
        TRUMP_POINTS[self as usize]
    }
}

/// Trump strength by rank index (7 8 9 J Q K 10 A).
const TRUMP_STRENGTH: [u8; 8] = [0, 1, 6, 7, 2, 3, 4, 5];
/// Plain points by rank index.
const PLAIN_POINTS: [u8; 8] = [0, 0, 0, 2, 3, 4, 10, 11];
/// Trump points by rank index.
const TRUMP_POINTS: [u8; 8] = [0, 0, 14, 20, 3, 4, 10, 11];

/// For each rank index, the rank bits (within one suit byte) of the trumps that beat it.
const TRUMPS_ABOVE: [u8; 8] = {
    let mut out = [0u8; 8];
    let mut r = 0;
    while r < 8 {
        let mut o = 0;
        while o < 8 {
            if TRUMP_STRENGTH[o] > TRUMP_STRENGTH[r] {
                out[r] |= 1 << o;
            }
            o += 1;
        }
        r += 1;
    }
    out
};

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One of the 32 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The number of cards in the deck.
    pub const NUM: usize = 32;

    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) << 3 | rank as u8)
    }

    /// The card with this index, 0..32 (taken modulo 32).
    pub const fn from_index(i: usize) -> Card {
        Card((i & 31) as u8)
    }

    /// The card's index, 0..32.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 3) as usize)
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::from_index((self.0 & 7) as usize)
    }

    /// The one-card set.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Points of this card under `trump` (a table lookup).
    #[inline]
    pub const fn points(self, trump: Trump) -> u8 {
        CARD_POINTS[trump.index()][self.0 as usize]
    }

    /// Strength within its own suit under `trump`, 0..8: trump order (J 9 A 10 K Q 8 7) for the
    /// cards [`Trump::trump_ordered`], plain order (A 10 K Q J 9 8 7) otherwise.
    #[inline]
    pub const fn strength(self, trump: Trump) -> u8 {
        CARD_STRENGTH[trump.index()][self.0 as usize]
    }

    /// How strong the card is in a trick led in `lead`: a cutting trump beats the suit led,
    /// which beats the other suits (which never win).
    #[inline]
    pub const fn power(self, trump: Trump, lead: Suit) -> u8 {
        let strength = self.strength(trump);
        if trump.cards().contains(self) {
            16 + strength
        } else if self.suit() as u8 == lead as u8 {
            8 + strength
        } else {
            0
        }
    }

    /// Every card, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..32).map(Card::from_index)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// A card token that is not one of the 32 cards: the token, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError {
    token: String,
}

impl ParseCardError {
    /// The token that names no card.
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown card '{}'", self.token)
    }
}

impl std::error::Error for ParseCardError {}

impl Card {
    /// The record token of the card (`JH`, `10S`), without allocating.
    pub const fn token(self) -> &'static str {
        CARD_TOKENS[self.0 as usize]
    }

    /// Parses a record token (`JH`, `10S`).
    pub fn from_token(s: &str) -> Option<Card> {
        let (rank, suit) = match *s.as_bytes() {
            [r, s] => (RANK_BY_BYTE[r as usize], s),
            [b'1', b'0', s] => (Rank::Ten as u8, s),
            _ => return None,
        };
        let suit = Suit::from_letter(char::from(suit))?;
        (rank < 8).then_some(Card((suit as u8) << 3 | rank))
    }
}

/// Rank index by the byte of a one-character rank symbol ([`Rank::symbol`]); 8 for anything
/// else.
const RANK_BY_BYTE: [u8; 256] = {
    let mut t = [8u8; 256];
    let mut i = 0;
    while i < Rank::ALL.len() {
        if let [byte] = *Rank::ALL[i].symbol().as_bytes() {
            t[byte as usize] = Rank::ALL[i] as u8;
        }
        i += 1;
    }
    t
};

/// Record tokens by card index.
const CARD_TOKENS: [&str; 32] = [
    "7S", "8S", "9S", "JS", "QS", "KS", "10S", "AS", "7H", "8H", "9H", "JH", "QH", "KH", "10H",
    "AH", "7D", "8D", "9D", "JD", "QD", "KD", "10D", "AD", "7C", "8C", "9C", "JC", "QC", "KC",
    "10C", "AC",
];

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::from_token(s).ok_or_else(|| ParseCardError { token: s.to_string() })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.token())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The trump mode of a contract: one suit, sans atout (no trump) or tout atout (all trumps).
///
/// Everything that depends on the mode (the rank order, the card points, which cards cut and
/// which suit led must be climbed) is a table lookup indexed by [`Trump::index`], so the card
/// play asks no question of the mode card by card.
///
/// - A suit: that suit ranks J 9 A 10 K Q 8 7 (J 20, 9 14, A 11, 10 10, K 4, Q 3) and beats the
///   others, which rank A 10 K Q J 9 8 7 (A 11, 10 10, K 4, Q 3, J 2).
/// - Sans atout: every suit ranks A 10 K Q J 9 8 7; A 19, 10 10, K 4, Q 3, J 2. Nothing cuts.
/// - Tout atout: every suit ranks J 9 A 10 K Q 8 7; J 14, 9 9, A 6, 10 5, K 3, Q 1. Nothing
///   cuts: the highest card of the suit led wins.
///
/// Each mode holds 152 card points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    /// One suit is trump.
    Suit(Suit),
    /// Sans atout: no trump.
    NoTrump,
    /// Tout atout: every suit ranks as trump, and nothing cuts.
    AllTrump,
}

impl Trump {
    /// The number of trump modes.
    pub const NUM: usize = 6;
    /// Every trump mode, in index order: the four suits, sans atout, tout atout.
    pub const ALL: [Trump; 6] = [
        Trump::Suit(Suit::Spades),
        Trump::Suit(Suit::Hearts),
        Trump::Suit(Suit::Diamonds),
        Trump::Suit(Suit::Clubs),
        Trump::NoTrump,
        Trump::AllTrump,
    ];

    /// The mode's index, 0..6: the suit's index, then 4 for sans atout and 5 for tout atout.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Trump::Suit(s) => s as usize,
            Trump::NoTrump => 4,
            Trump::AllTrump => 5,
        }
    }

    /// Whether this is a suit contract (one trump suit).
    pub const fn is_suit(self) -> bool {
        matches!(self, Trump::Suit(_))
    }

    /// Whether cards of `suit` are trumps that cut: they beat every card of the other suits.
    /// Never in sans atout or tout atout, where nothing cuts.
    #[inline]
    pub const fn is_trump(self, suit: Suit) -> bool {
        CUTTING[self.index()] & CardSet::suit(suit).0 != 0
    }

    /// The trump suit, when there is exactly one.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            Trump::NoTrump | Trump::AllTrump => None,
        }
    }

    /// The trumps that cut: the cards of the trump suit (none in sans atout and tout atout).
    #[inline]
    pub const fn cards(self) -> CardSet {
        CardSet(CUTTING[self.index()])
    }

    /// The cards that rank in trump order (J 9 A 10 K Q 8 7): the trump suit, every card in tout
    /// atout, none in sans atout. When such a suit is led, a player who follows must beat the
    /// highest card of it in the trick if they can, even their partner's.
    #[inline]
    pub const fn trump_ordered(self) -> CardSet {
        CardSet(TRUMP_ORDERED[self.index()])
    }

    /// The cards that make a belote when one hand holds them: the king and queen of the trump
    /// suit; of every suit in tout atout; none in sans atout.
    pub const fn belote_cards(self) -> CardSet {
        CardSet(TRUMP_ORDERED[self.index()] & KINGS_AND_QUEENS)
    }

    /// The record token: the suit letter, `NT` or `AT`.
    pub const fn token(self) -> &'static str {
        match self {
            Trump::Suit(Suit::Spades) => "S",
            Trump::Suit(Suit::Hearts) => "H",
            Trump::Suit(Suit::Diamonds) => "D",
            Trump::Suit(Suit::Clubs) => "C",
            Trump::NoTrump => "NT",
            Trump::AllTrump => "AT",
        }
    }

    /// Parses a record token: `S`, `H`, `D`, `C`, `NT`, `AT`.
    pub fn from_token(s: &str) -> Option<Trump> {
        Trump::ALL.into_iter().find(|t| t.token() == s)
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl Serialize for Trump {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.token())
    }
}

/// The king and queen of every suit.
const KINGS_AND_QUEENS: u32 = 0x3030_3030;

/// The cutting trumps of each trump mode.
const CUTTING: [u32; Trump::NUM] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24, 0, 0];

/// The cards ranking in trump order, for each trump mode.
const TRUMP_ORDERED: [u32; Trump::NUM] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24, 0, u32::MAX];

/// Points by rank index (7 8 9 J Q K 10 A) in sans atout and in tout atout.
const NO_TRUMP_POINTS: [u8; 8] = [0, 0, 0, 2, 3, 4, 10, 19];
const ALL_TRUMP_POINTS: [u8; 8] = [0, 0, 9, 14, 1, 3, 5, 6];

/// A per-card table for each trump mode, from the per-rank tables of a trump suit, the other
/// suits, sans atout and tout atout.
const fn mode_table(trump: [u8; 8], plain: [u8; 8], nt: [u8; 8], at: [u8; 8]) -> [[u8; 32]; 6] {
    let mut out = [[0u8; 32]; 6];
    let mut mode = 0;
    while mode < 6 {
        let mut card = 0;
        while card < 32 {
            let (suit, rank) = (card / 8, card % 8);
            out[mode][card] = match mode {
                4 => nt[rank],
                5 => at[rank],
                m if m == suit => trump[rank],
                _ => plain[rank],
            };
            card += 1;
        }
        mode += 1;
    }
    out
}

/// Card points for each trump mode, by card index.
const CARD_POINTS: [[u8; 32]; Trump::NUM] =
    mode_table(TRUMP_POINTS, PLAIN_POINTS, NO_TRUMP_POINTS, ALL_TRUMP_POINTS);

/// Plain strength by rank index: the index itself (7 8 9 J Q K 10 A).
const PLAIN_STRENGTH: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Strength within its own suit, 0..8, for each trump mode, by card index.
const CARD_STRENGTH: [[u8; 32]; Trump::NUM] =
    mode_table(TRUMP_STRENGTH, PLAIN_STRENGTH, PLAIN_STRENGTH, TRUMP_STRENGTH);

/// A set of cards as a bitset: bit `suit * 8 + rank`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 32 cards.
    pub const FULL: CardSet = CardSet(u32::MAX);

    /// Every card of one suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0xff << (suit as u32 * 8))
    }

    /// The set holding just this card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    /// Whether the set holds `card`.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards of one suit in this set.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit(suit).0)
    }

    /// Whether the set holds a card of `suit`.
    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.of_suit(suit).is_empty()
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }

    /// Removes a card.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.bit();
    }

    /// The cards in both sets.
    pub const fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub const fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` not in `other`.
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of `card`'s suit that beat it in trump order (J 9 A 10 K Q 8 7).
    pub const fn trumps_above(card: Card) -> CardSet {
        CardSet((TRUMPS_ABOVE[card.rank() as usize] as u32) << (card.suit() as u32 * 8))
    }

    /// The lowest-indexed card, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card(self.0.trailing_zeros() as u8)) }
    }

    /// Iterates in index order: spades, hearts, diamonds, clubs; low to high in plain order.
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Sum of the card points under `trump`.
    pub fn points(self, trump: Trump) -> u16 {
        let table = &CARD_POINTS[trump.index()];
        let mut total = 0u16;
        let mut bits = self.0;
        while bits != 0 {
            total += table[bits.trailing_zeros() as usize] as u16;
            bits &= bits - 1;
        }
        total
    }

    /// The strongest cutting trump of this set under `trump`, if any.
    pub fn best_trump(self, trump: Trump) -> Option<Card> {
        self.and(trump.cards()).iter().max_by_key(|c| c.strength(trump))
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        Ok(cards.into_iter().collect())
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// Iterator over a [`CardSet`], in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_tokens_round_trip() {
        for c in Card::all() {
            assert_eq!(c.token(), format!("{}{}", c.rank(), c.suit()));
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert_eq!("10H".parse::<Card>(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
        for bad in ["", "1H", "JX", "11S", "jh", "J", "H", "JH ", "♥J"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn points_add_up_to_152() {
        for s in Suit::ALL {
            assert_eq!(CardSet::FULL.points(Trump::Suit(s)), 152);
            assert_eq!(CardSet::suit(s).points(Trump::Suit(s)), 62);
        }
    }

    #[test]
    fn every_trump_mode_holds_152_points() {
        for trump in Trump::ALL {
            assert_eq!(CardSet::FULL.points(trump), 152, "{trump}");
            assert_eq!(Trump::from_token(trump.token()), Some(trump));
            assert_eq!(Trump::ALL[trump.index()], trump);
        }
        let ace = Card::new(Suit::Clubs, Rank::Ace);
        let jack = Card::new(Suit::Clubs, Rank::Jack);
        let nine = Card::new(Suit::Clubs, Rank::Nine);
        // Sans atout: A 19; tout atout: J 14, 9 9, A 6.
        assert_eq!((ace.points(Trump::NoTrump), jack.points(Trump::NoTrump)), (19, 2));
        assert_eq!(
            (
                jack.points(Trump::AllTrump),
                nine.points(Trump::AllTrump),
                ace.points(Trump::AllTrump)
            ),
            (14, 9, 6)
        );
        assert_eq!(CardSet::suit(Suit::Hearts).points(Trump::AllTrump), 38);
        assert_eq!(CardSet::suit(Suit::Hearts).points(Trump::NoTrump), 38);
    }

    #[test]
    fn tout_atout_ranks_every_suit_as_trump_and_nothing_cuts() {
        let jack = Card::new(Suit::Spades, Rank::Jack);
        let ace = Card::new(Suit::Spades, Rank::Ace);
        assert!(jack.strength(Trump::AllTrump) > ace.strength(Trump::AllTrump));
        assert!(jack.strength(Trump::NoTrump) < ace.strength(Trump::NoTrump));
        for mode in [Trump::NoTrump, Trump::AllTrump] {
            assert_eq!(mode.cards(), CardSet::EMPTY);
            assert!(Suit::ALL.iter().all(|&s| !mode.is_trump(s)));
            // A card of another suit never wins a trick led in spades.
            assert_eq!(Card::new(Suit::Hearts, Rank::Jack).power(mode, Suit::Spades), 0);
        }
        assert_eq!(Trump::AllTrump.trump_ordered(), CardSet::FULL);
        assert_eq!(Trump::AllTrump.belote_cards().len(), 8);
        assert_eq!(Trump::Suit(Suit::Hearts).belote_cards().len(), 2);
        assert!(Trump::NoTrump.belote_cards().is_empty());
    }

    #[test]
    fn trump_order_is_j_9_a_10_k_q_8_7() {
        let order = [
            Rank::Jack,
            Rank::Nine,
            Rank::Ace,
            Rank::Ten,
            Rank::King,
            Rank::Queen,
            Rank::Eight,
            Rank::Seven,
        ];
        for w in order.windows(2) {
            assert!(w[0].trump_strength() > w[1].trump_strength());
        }
        let nine = Card::new(Suit::Hearts, Rank::Nine);
        assert_eq!(
            CardSet::trumps_above(nine),
            CardSet::single(Card::new(Suit::Hearts, Rank::Jack))
        );
        let seven = Card::new(Suit::Clubs, Rank::Seven);
        assert_eq!(CardSet::trumps_above(seven).len(), 7);
    }

    #[test]
    fn set_operations() {
        let mut s = CardSet::EMPTY;
        let jh = Card::new(Suit::Hearts, Rank::Jack);
        s.insert(jh);
        s.insert(Card::new(Suit::Spades, Rank::Ace));
        assert!(s.contains(jh));
        assert_eq!(s.len(), 2);
        assert_eq!(s.of_suit(Suit::Hearts).len(), 1);
        assert_eq!(s.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["AS", "JH"]);
        s.remove(jh);
        assert!(!s.contains(jh));
    }
}
