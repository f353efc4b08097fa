//! Declarations (annonces) of the `coinche` rule set: which combination each hand declares, and
//! which team scores its declarations.
//!
//! - Sequences run in the order A K Q J 10 9 8 7 of one suit: tierce (3 cards) 20, cinquante (4)
//!   50, cent (5 or more) 100. Carrés: four jacks 200, four nines 150, four aces, tens, kings or
//!   queens 100; four 8s or 7s count nothing.
//! - A card serves in one declaration at most, and a run is one sequence (eight in a row is one
//!   cent), though a run may be shortened to free a card for a carré: the sequences of a hand are
//!   the runs of three or more among its cards outside the carrés it declares.
//! - Each player declares the combination of their dealt hand worth the most points; between
//!   combinations worth the same, the one holding the single best declaration.
//! - Between the teams, each one's single best declaration decides: more points; at equal points
//!   a carré over a sequence, then the longer sequence, then the higher top card (carrés: A > 10 >
//!   K > Q), then a sequence in the trump suit (suit contracts only). Still equal, nobody scores.
//!   The winning team scores all its declarations.
//!
//! The capot transfer (a team taking every trick also gets the declarations that scored for the
//! other) belongs to the score, in `scoring.rs`.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

use super::card::{Card, CardSet, Rank, Suit, Trump};
use super::ruleset::RuleSet;
use super::seat::{BySeat, ByTeam, Seat, Team};

impl RuleSet {
    /// Whether the players declare tierces, cinquantes, cents and carrés: in `coinche` only.
    pub const fn has_declarations(self) -> bool {
        matches!(self, RuleSet::Coinche)
    }
}

/// Position of each rank (by rank index, 7 8 9 J Q K 10 A) in the sequence order 7 8 9 10 J Q K A.
const SEQUENCE_POSITION: [u8; 8] = [0, 1, 2, 4, 5, 6, 3, 7];

/// The cards of `suit` in `set` as a byte in sequence order: bit 0 the 7, bit 7 the ace.
fn sequence_byte(set: CardSet, suit: Suit) -> u8 {
    Rank::ALL
        .iter()
        .filter(|&&r| set.contains(Card::new(suit, r)))
        .fold(0u8, |acc, &r| acc | 1 << SEQUENCE_POSITION[r.index()])
}

/// The card of `suit` at `position` in sequence order.
fn card_at(suit: Suit, position: u8) -> Card {
    Card::new(suit, Rank::NATURAL[usize::from(position & 7)])
}

/// How many cards of `byte` run down from `position` (0 when the card there is missing).
fn run_down(byte: u8, position: u8) -> u8 {
    let mut n = 0;
    while n <= position && byte & (1 << (position - n)) != 0 {
        n += 1;
    }
    n
}

/// One declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// `len` cards in a row of one suit, from `top` down (3 tierce, 4 cinquante, 5 or more cent).
    Sequence {
        /// The highest card of the run.
        top: Card,
        /// How many cards it holds, 3 or more.
        len: u8,
    },
    /// The four cards of one rank (jacks, nines, aces, tens, kings or queens).
    Carre(Rank),
}

impl Declaration {
    /// Its points: tierce 20, cinquante 50, cent 100; carré of jacks 200, of nines 150, of aces,
    /// tens, kings or queens 100 (of 8s or 7s nothing).
    pub const fn points(self) -> u16 {
        match self {
            Declaration::Sequence { len: 3, .. } => 20,
            Declaration::Sequence { len: 4, .. } => 50,
            Declaration::Sequence { len, .. } if len >= 5 => 100,
            Declaration::Sequence { .. } => 0,
            Declaration::Carre(Rank::Jack) => 200,
            Declaration::Carre(Rank::Nine) => 150,
            Declaration::Carre(Rank::Seven | Rank::Eight) => 0,
            Declaration::Carre(_) => 100,
        }
    }

    /// Its name in records: `tierce`, `cinquante`, `cent` or `carre`.
    pub const fn name(self) -> &'static str {
        match self {
            Declaration::Sequence { len: 3, .. } => "tierce",
            Declaration::Sequence { len: 4, .. } => "cinquante",
            Declaration::Sequence { .. } => "cent",
            Declaration::Carre(_) => "carre",
        }
    }

    /// The cards it is made of.
    pub fn cards(self) -> CardSet {
        match self {
            Declaration::Sequence { top, len } => {
                let start = SEQUENCE_POSITION[top.rank().index()];
                (0..len.min(start + 1)).map(|i| card_at(top.suit(), start - i)).collect()
            }
            Declaration::Carre(rank) => Suit::ALL.into_iter().map(|s| Card::new(s, rank)).collect(),
        }
    }

    /// What the table hears: a cent says its top card, not its length, so a cent of another seat
    /// is known as five cards.
    pub const fn announced(self) -> Declaration {
        match self {
            Declaration::Sequence { top, len } if len > 5 => Declaration::Sequence { top, len: 5 },
            d => d,
        }
    }

    /// How it ranks against another team's declaration under `trump`: points, then a carré over a
    /// sequence, then the longer sequence, then the higher top card (sequences A K Q .. 7,
    /// carrés A > 10 > K > Q), then a sequence in the trump suit (suit contracts only). Equal
    /// keys tie.
    pub fn rank_key(self, trump: Trump) -> u32 {
        let points = u32::from(self.points()) << 16;
        match self {
            Declaration::Carre(rank) => points | 1 << 15 | (rank.plain_strength() as u32) << 1,
            Declaration::Sequence { top, len } => {
                let in_trump = u32::from(trump.is_trump(top.suit()));
                points
                    | u32::from(len) << 8
                    | u32::from(SEQUENCE_POSITION[top.rank().index()]) << 1
                    | in_trump
            }
        }
    }

    /// An order independent of the trump, for a combination's canonical order: the best first.
    fn canonical_key(self) -> (u32, usize) {
        let suit = match self {
            Declaration::Sequence { top, .. } => top.suit().index(),
            Declaration::Carre(_) => 0,
        };
        (self.rank_key(Trump::NoTrump), Suit::NUM - suit)
    }
}

impl fmt::Display for Declaration {
    /// The record token: `tierce:QH` (the top card), `cent:KD`, `carre:J`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Declaration::Sequence { top, .. } => write!(f, "{}:{top}", self.name()),
            Declaration::Carre(rank) => write!(f, "carre:{rank}"),
        }
    }
}

impl Serialize for Declaration {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A declaration the rules refuse, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclarationError {
    /// Not a declaration token (`tierce:QH`, `cinquante:AS`, `cent:KD`, `carre:J`).
    Unknown(String),
    /// Four 8s or four 7s are not a declaration.
    WorthNothing(String),
    /// The hand does not hold the cards.
    NotHeld(String),
    /// The hand's run goes on beyond the sequence declared (a run is one sequence).
    RunGoesOn(String),
    /// A card in two declarations, or a declaration twice.
    CardTwice(String),
    /// More declarations than a hand of eight cards holds.
    TooMany(String),
}

impl fmt::Display for DeclarationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationError::Unknown(t) => write!(f, "unknown declaration '{t}'"),
            DeclarationError::WorthNothing(t) => {
                write!(f, "'{t}' is no declaration: four 8s or 7s count nothing")
            }
            DeclarationError::NotHeld(t) => write!(f, "'{t}' is not in the hand"),
            DeclarationError::RunGoesOn(t) => {
                write!(f, "'{t}' is not the whole run: a run is one sequence")
            }
            DeclarationError::CardTwice(t) => {
                write!(f, "'{t}' uses a card of another declaration")
            }
            DeclarationError::TooMany(t) => {
                write!(f, "'{t}' is one declaration too many for a hand of eight cards")
            }
        }
    }
}

impl std::error::Error for DeclarationError {}

/// What a declaration token says before it is checked against a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    /// A sequence: its top card and its length, `None` for a cent (5 or more).
    Sequence {
        top: Card,
        len: Option<u8>,
    },
    Carre(Rank),
}

fn parse_claim(token: &str) -> Result<Claim, DeclarationError> {
    let unknown = || DeclarationError::Unknown(token.to_string());
    let (name, rest) = token.split_once(':').ok_or_else(unknown)?;
    let len = match name {
        "tierce" => Some(3),
        "cinquante" => Some(4),
        "cent" => None,
        "carre" => {
            let rank = Rank::from_symbol(rest).ok_or_else(unknown)?;
            if Declaration::Carre(rank).points() == 0 {
                return Err(DeclarationError::WorthNothing(token.to_string()));
            }
            return Ok(Claim::Carre(rank));
        }
        _ => return Err(unknown()),
    };
    let top = Card::from_token(rest).ok_or_else(unknown)?;
    // A sequence needs room below its top: no tierce to the 8.
    if SEQUENCE_POSITION[top.rank().index()] + 1 < len.unwrap_or(5) {
        return Err(unknown());
    }
    Ok(Claim::Sequence { top, len })
}

/// The most declarations one hand can make: each takes three cards at least, a hand has eight.
const MAX_DECLARATIONS: usize = 2;

/// The declarations of one hand: at most two, best first. `Copy`, for views and search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combination {
    items: [Declaration; MAX_DECLARATIONS],
    len: u8,
}

impl Default for Combination {
    fn default() -> Combination {
        Combination::NONE
    }
}

impl Combination {
    /// No declaration.
    pub const NONE: Combination =
        Combination { items: [Declaration::Carre(Rank::Seven); MAX_DECLARATIONS], len: 0 };

    /// The declarations, best first.
    pub fn as_slice(&self) -> &[Declaration] {
        &self.items[..usize::from(self.len)]
    }

    /// Iterates over the declarations, best first.
    pub fn iter(&self) -> impl Iterator<Item = Declaration> + '_ {
        self.as_slice().iter().copied()
    }

    /// Whether there is no declaration.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The points of all its declarations.
    pub fn points(&self) -> u16 {
        self.iter().map(Declaration::points).sum()
    }

    /// The cards its declarations are made of.
    pub fn cards(&self) -> CardSet {
        self.iter().fold(CardSet::EMPTY, |acc, d| acc.or(d.cards()))
    }

    /// The rank key of its single best declaration under `trump` ([`Declaration::rank_key`]).
    pub fn best_key(&self, trump: Trump) -> Option<u32> {
        self.iter().map(|d| d.rank_key(trump)).max()
    }

    /// What the table hears of it ([`Declaration::announced`]).
    pub fn announced(self) -> Combination {
        let mut out = self;
        for d in &mut out.items {
            *d = d.announced();
        }
        out
    }

    /// A combination of these declarations, in canonical order, unchecked against any hand
    /// ([`Combination::parse_in_hand`] checks). `None` when there are more than a hand can hold.
    pub fn from_declarations(decls: &[Declaration]) -> Option<Combination> {
        let mut out = Combination::NONE;
        for &d in decls {
            if !out.push(d) {
                return None;
            }
        }
        Some(out)
    }

    /// Adds a declaration in its place, best first; false when full.
    fn push(&mut self, d: Declaration) -> bool {
        let n = usize::from(self.len);
        if n == MAX_DECLARATIONS {
            return false;
        }
        self.items[n] = d;
        self.len += 1;
        self.items[..=n].sort_by_key(|d| std::cmp::Reverse(d.canonical_key()));
        true
    }

    /// The combination of `hand` worth the most points (ties: the single best declaration under
    /// `trump`): each choice of its carrés, with the runs of three or more among the other cards.
    ///
    /// ```
    /// use contree::rules::*;
    /// // Seed 002: the four jacks and A K Q J of hearts: the carré takes the jack of hearts,
    /// // the run is shortened to a tierce to the ace: 200 + 20.
    /// let hand: CardSet = ["JS", "JH", "JD", "JC", "AH", "KH", "QH", "7C"]
    ///     .iter().filter_map(|t| t.parse::<Card>().ok()).collect();
    /// let best = Combination::best(hand, Trump::Suit(Suit::Spades));
    /// assert_eq!(best.to_string(), "carre:J tierce:AH");
    /// assert_eq!(best.points(), 220);
    /// ```
    pub fn best(hand: CardSet, trump: Trump) -> Combination {
        let mut carres = [Rank::Seven; 2];
        let mut n = 0;
        for rank in Rank::ALL {
            let four = Declaration::Carre(rank);
            if four.points() > 0 && hand.and(four.cards()) == four.cards() && n < 2 {
                carres[n] = rank;
                n += 1;
            }
        }
        let mut best = Combination::NONE;
        for choice in 0..1u8 << n {
            let mut comb = Combination::NONE;
            let mut rest = hand;
            for (i, &rank) in carres[..n].iter().enumerate() {
                if choice & 1 << i != 0 {
                    comb.push(Declaration::Carre(rank));
                    rest = rest.minus(Declaration::Carre(rank).cards());
                }
            }
            for run in runs(rest) {
                comb.push(run);
            }
            if comb.cmp_choice(&best, trump) == Ordering::Greater {
                best = comb;
            }
        }
        best
    }

    /// How two combinations of one hand compare for the player choosing: points, then the single
    /// best declaration, then the canonical order (so the choice is always the same).
    fn cmp_choice(&self, other: &Combination, trump: Trump) -> Ordering {
        let key = |c: &Combination| {
            let items: Vec<_> = c.iter().map(Declaration::canonical_key).collect();
            (c.points(), c.best_key(trump), items)
        };
        key(self).cmp(&key(other))
    }

    /// Reads the declarations a seat made, from record tokens, and checks them against its dealt
    /// `hand`: each declaration held, no card in two, and each sequence a whole run of the cards
    /// outside the declared carrés.
    pub fn parse_in_hand<S: AsRef<str>>(
        tokens: &[S],
        hand: CardSet,
    ) -> Result<Combination, DeclarationError> {
        let claims = parse_claims(tokens)?;
        let mut rest = hand;
        let mut out = Combination::NONE;
        for (token, claim) in &claims {
            if let Claim::Carre(rank) = *claim {
                let cards = Declaration::Carre(rank).cards();
                if hand.and(cards) != cards {
                    return Err(DeclarationError::NotHeld(token.to_string()));
                }
                if rest.and(cards) != cards || !out.push(Declaration::Carre(rank)) {
                    return Err(DeclarationError::CardTwice(token.to_string()));
                }
                rest = rest.minus(cards);
            }
        }
        let mut used = CardSet::EMPTY;
        for (token, claim) in &claims {
            let Claim::Sequence { top, len } = *claim else {
                continue;
            };
            let byte = sequence_byte(rest, top.suit());
            let position = SEQUENCE_POSITION[top.rank().index()];
            let run = run_down(byte, position);
            let wanted = len.unwrap_or(run.max(5));
            if run < wanted {
                return Err(if run_down(sequence_byte(hand, top.suit()), position) >= wanted {
                    DeclarationError::CardTwice(token.to_string())
                } else {
                    DeclarationError::NotHeld(token.to_string())
                });
            }
            let above = position < 7 && byte & (1 << (position + 1)) != 0;
            if run > wanted || above {
                return Err(DeclarationError::RunGoesOn(token.to_string()));
            }
            let d = Declaration::Sequence { top, len: wanted };
            if !used.and(d.cards()).is_empty() || !out.push(d) {
                return Err(DeclarationError::CardTwice(token.to_string()));
            }
            used = used.or(d.cards());
        }
        Ok(out)
    }

    /// Reads what another seat announced, from record tokens, without its hand: a cent counts
    /// five cards ([`Declaration::announced`]); no card in two declarations, and no two
    /// sequences of one suit touching (they would be one run).
    pub fn parse_announced<S: AsRef<str>>(tokens: &[S]) -> Result<Combination, DeclarationError> {
        let claims = parse_claims(tokens)?;
        let mut out = Combination::NONE;
        let mut used = CardSet::EMPTY;
        for (token, claim) in &claims {
            let d = match *claim {
                Claim::Carre(rank) => Declaration::Carre(rank),
                Claim::Sequence { top, len } => {
                    Declaration::Sequence { top, len: len.unwrap_or(5) }
                }
            };
            let cards = d.cards();
            // The cards just above and below a sequence, which would extend it.
            let touching = match d {
                Declaration::Sequence { top, len } => {
                    let p = SEQUENCE_POSITION[top.rank().index()];
                    let mut t = CardSet::EMPTY;
                    if p < 7 {
                        t.insert(card_at(top.suit(), p + 1));
                    }
                    if p >= len {
                        t.insert(card_at(top.suit(), p - len));
                    }
                    t
                }
                Declaration::Carre(_) => CardSet::EMPTY,
            };
            let seq_cards = out
                .iter()
                .filter(|d| matches!(d, Declaration::Sequence { .. }))
                .fold(CardSet::EMPTY, |acc, d| acc.or(d.cards()));
            if used.len() + cards.len() > 8 {
                return Err(DeclarationError::TooMany(token.to_string()));
            }
            if !used.and(cards).is_empty() || !seq_cards.and(touching).is_empty() {
                return Err(DeclarationError::CardTwice(token.to_string()));
            }
            out.push(d);
            used = used.or(cards);
        }
        Ok(out)
    }
}

/// The tokens parsed, keeping each token for the errors; more than a hand can hold is refused.
fn parse_claims<S: AsRef<str>>(tokens: &[S]) -> Result<Vec<(&str, Claim)>, DeclarationError> {
    if let Some(extra) = tokens.get(MAX_DECLARATIONS) {
        return Err(DeclarationError::TooMany(extra.as_ref().to_string()));
    }
    tokens.iter().map(|t| Ok((t.as_ref(), parse_claim(t.as_ref())?))).collect()
}

/// The sequences of `cards`: each run of three or more in one suit, whole.
fn runs(cards: CardSet) -> impl Iterator<Item = Declaration> {
    Suit::ALL.into_iter().flat_map(move |suit| {
        let byte = sequence_byte(cards, suit);
        let mut out = [None; 2];
        let mut n = 0;
        let mut position = 8u8;
        while position > 0 {
            position -= 1;
            let len = run_down(byte, position);
            if len >= 3 && n < 2 {
                out[n] = Some(Declaration::Sequence { top: card_at(suit, position), len });
                n += 1;
            }
            position = position.saturating_sub(len);
        }
        out.into_iter().flatten()
    })
}

impl fmt::Display for Combination {
    /// The tokens, best first, separated by spaces (`-` for none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Serialize for Combination {
    /// The list of tokens: `["carre:J", "tierce:AH"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// What each seat declared, as records and requests write it (`{"S": ["tierce:QH"], "W": []}`):
/// a seat left out is `None`. In a record, such a seat declares its best combination; in a
/// request, it has not declared yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Declared(pub BySeat<Option<Combination>>);

impl Declared {
    /// Whether no seat is given.
    pub fn is_empty(&self) -> bool {
        self.0.0.iter().all(Option::is_none)
    }
}

impl Serialize for Declared {
    /// The seats given, each as its list of tokens.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().filter_map(|(seat, c)| c.map(|c| (seat, c))))
    }
}

/// The `declared` object as written, before its tokens are checked against hands.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeclaredTokens {
    #[serde(rename = "S", default)]
    s: Option<Vec<String>>,
    #[serde(rename = "E", default)]
    e: Option<Vec<String>>,
    #[serde(rename = "N", default)]
    n: Option<Vec<String>>,
    #[serde(rename = "W", default)]
    w: Option<Vec<String>>,
}

impl DeclaredTokens {
    /// The tokens of each seat given.
    pub fn by_seat(&self) -> BySeat<Option<&[String]>> {
        BySeat([&self.s, &self.e, &self.n, &self.w].map(|t| t.as_deref()))
    }

    /// Reads each seat's declarations with `read`, naming the seat in an error.
    pub fn read(
        &self,
        mut read: impl FnMut(Seat, &[String]) -> Result<Combination, DeclarationError>,
    ) -> Result<Declared, (Seat, DeclarationError)> {
        let mut out = Declared::default();
        for (seat, tokens) in self.by_seat().iter() {
            if let Some(tokens) = tokens {
                out.0[seat] = Some(read(seat, tokens).map_err(|e| (seat, e))?);
            }
        }
        Ok(out)
    }
}

/// The team whose declarations score: the one with the single best declaration under `trump`
/// (see [`Declaration::rank_key`]); `None` when neither declared or the best ones tie.
pub fn declaration_winner(declared: &BySeat<Combination>, trump: Trump) -> Option<Team> {
    let best = |team: Team| team.seats().iter().filter_map(|&s| declared[s].best_key(trump)).max();
    match best(Team::NS).cmp(&best(Team::EW)) {
        Ordering::Greater => Some(Team::NS),
        Ordering::Less => Some(Team::EW),
        Ordering::Equal => None,
    }
}

/// The declaration points that score for each team (before any capot transfer): all the
/// winning team's declarations, nothing for the other.
///
/// ```
/// use contree::rules::*;
/// // Seed 002: a carré of kings (100) beats a cent (100) at equal points.
/// let kings = Combination::from_declarations(&[Declaration::Carre(Rank::King)]);
/// let cent = Combination::from_declarations(&[Declaration::Sequence {
///     top: Card::new(Suit::Hearts, Rank::Queen),
///     len: 5,
/// }]);
/// let declared =
///     BySeat([kings.unwrap_or_default(), cent.unwrap_or_default(), Combination::NONE, Combination::NONE]);
/// assert_eq!(declarations_scored(&declared, Trump::Suit(Suit::Diamonds)), ByTeam([100, 0]));
/// ```
pub fn declarations_scored(declared: &BySeat<Combination>, trump: Trump) -> ByTeam<u16> {
    let mut out = ByTeam([0, 0]);
    if let Some(team) = declaration_winner(declared, trump) {
        out[team] = team.seats().iter().map(|&s| declared[s].points()).sum();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> CardSet {
        s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()).collect()
    }

    fn best(s: &str) -> String {
        Combination::best(hand(s), Trump::Suit(Suit::Spades)).to_string()
    }

    #[test]
    fn sequences_and_carres_are_found() {
        assert_eq!(best("QH JH 10H 7S 8D 9C AC KS"), "tierce:QH");
        assert_eq!(best("AS KS QS JS 7H 8D 9C 10C"), "cinquante:AS");
        assert_eq!(best("KD QD JD 10D 9D 8D 7H 7C"), "cent:KD");
        assert_eq!(best("AD KD QD JD 10D 9D 8D 7D"), "cent:AD");
        assert_eq!(best("9S 9H 9D 9C 7H 8H 7C AD"), "carre:9");
        // Four 8s count nothing, and neither do two cards in a row.
        assert_eq!(best("8S 8H 8D 8C AS KS AD 10D"), "-");
        // Two tierces in two suits.
        assert_eq!(best("AS KS QS 9H 8H 7H JC 7D"), "tierce:AS tierce:9H");
    }

    #[test]
    fn a_run_is_shortened_for_a_carre() {
        // K Q J 10 9 of hearts is a cent; with the four queens, the queen of hearts goes to the
        // carré and J 10 9 stays a tierce: 120 over 100.
        assert_eq!(best("KH QH JH 10H 9H QS QD QC"), "carre:Q tierce:JH");
        // The four jacks against A K Q J 10 9 of hearts: the carré and a tierce beat the cent.
        assert_eq!(best("AH KH QH JH JS JD JC 7C"), "carre:J tierce:AH");
    }

    #[test]
    fn a_carre_beats_a_sequence_worth_the_same_for_the_player() {
        // A cent to the king (100) or the carré of kings with a cinquante to the queen (150).
        assert_eq!(best("KH QH JH 10H 9H KS KD KC"), "carre:K cinquante:QH");
        // A cent to the queen (100) or the carré of tens (100): the carré, the better single one.
        assert_eq!(best("QH JH 10H 9H 8H 10S 10D 10C"), "carre:10");
    }

    #[test]
    fn teams_compare_their_best_declaration() {
        let c = |tokens: &[&str]| Combination::parse_announced(tokens).unwrap_or_default();
        let spades = Trump::Suit(Suit::Spades);
        let hearts = Trump::Suit(Suit::Hearts);
        let four = |s, e, n, w| BySeat([s, e, n, w]);
        let none = Combination::NONE;
        // A longer cent beats a higher one.
        let mut long = Combination::NONE;
        long.push(Declaration::Sequence { top: Card::new(Suit::Diamonds, Rank::King), len: 6 });
        assert_eq!(
            declaration_winner(&four(none, c(&["cent:AS"]), long, none), spades),
            Some(Team::NS)
        );
        // Equal tierces: the higher top card, then the trump one, else nobody.
        let (kh, qs, qd, qh) =
            (c(&["tierce:KH"]), c(&["tierce:QS"]), c(&["tierce:QD"]), c(&["tierce:QH"]));
        assert_eq!(declaration_winner(&four(kh, qs, none, none), spades), Some(Team::NS));
        assert_eq!(declaration_winner(&four(qd, qh, none, none), hearts), Some(Team::EW));
        assert_eq!(declaration_winner(&four(qd, qh, none, none), spades), None);
        assert_eq!(declaration_winner(&four(qd, qh, none, none), Trump::NoTrump), None);
        assert_eq!(declaration_winner(&four(qd, none, none, qh), Trump::AllTrump), None);
        assert_eq!(declarations_scored(&four(qd, none, none, qh), Trump::AllTrump), ByTeam([0, 0]));
        // The winning team scores all its declarations, its partner's too.
        let at = c(&["tierce:AH"]);
        assert_eq!(declarations_scored(&four(qd, kh, at, none), spades), ByTeam([40, 0]));
        // Carrés at equal points: A > 10 > K > Q.
        let (aces, tens) = (c(&["carre:A"]), c(&["carre:10"]));
        assert_eq!(declaration_winner(&four(tens, aces, none, none), spades), Some(Team::EW));
        assert_eq!(declaration_winner(&four(none, none, none, none), spades), None);
    }

    #[test]
    fn declared_tokens_are_checked_against_the_hand() {
        let h = hand("KH QH JH 10H 9H QS QD QC");
        let ok = |t: &[&str]| Combination::parse_in_hand(t, h).map(|c| c.to_string());
        assert_eq!(ok(&["cent:KH"]).as_deref(), Ok("cent:KH"));
        assert_eq!(ok(&["carre:Q", "tierce:JH"]).as_deref(), Ok("carre:Q tierce:JH"));
        assert_eq!(ok(&["tierce:JH", "carre:Q"]).as_deref(), Ok("carre:Q tierce:JH"));
        assert_eq!(ok(&[]).as_deref(), Ok("-"));
        assert_eq!(ok(&["carre:Q"]).as_deref(), Ok("carre:Q"));
        // Not the whole run, a card twice, not held, nothing worth, not a token.
        assert!(matches!(ok(&["tierce:KH"]), Err(DeclarationError::RunGoesOn(_))));
        assert!(matches!(ok(&["cinquante:KH"]), Err(DeclarationError::RunGoesOn(_))));
        assert!(matches!(ok(&["carre:Q", "cent:KH"]), Err(DeclarationError::CardTwice(_))));
        assert!(matches!(ok(&["cent:KH", "cent:KH"]), Err(DeclarationError::CardTwice(_))));
        assert!(matches!(ok(&["carre:K"]), Err(DeclarationError::NotHeld(_))));
        assert!(matches!(ok(&["tierce:AS"]), Err(DeclarationError::NotHeld(_))));
        assert!(matches!(ok(&["carre:8"]), Err(DeclarationError::WorthNothing(_))));
        for bad in
            ["tierce", "tierce:", "tierce:QX", "quarte:QH", "carre:X", "tierce:8H", "cent:10H"]
        {
            assert!(matches!(ok(&[bad]), Err(DeclarationError::Unknown(_))), "{bad}");
        }
        assert!(ok(&["carre:Q", "tierce:JH", "tierce:JH"]).is_err());
    }

    #[test]
    fn announcements_stand_alone() {
        let ok = |t: &[&str]| Combination::parse_announced(t).map(|c| c.to_string());
        assert_eq!(ok(&["tierce:KD", "carre:A"]).as_deref(), Ok("carre:A tierce:KD"));
        assert_eq!(ok(&["cent:KD"]).as_deref(), Ok("cent:KD"));
        // More cards than a hand holds, a card in two.
        assert!(ok(&["cent:KD", "carre:A"]).is_err());
        assert!(ok(&["cent:KD", "carre:J"]).is_err());
        // Two tierces of one suit that touch would be one run.
        assert!(ok(&["tierce:AH", "tierce:JH"]).is_err());
        assert!(ok(&["tierce:AH", "tierce:10H"]).is_ok());
        assert!(ok(&["carre:Q", "tierce:QH"]).is_err());
    }
}
