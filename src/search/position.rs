//! [`Position`]: one point of a deal's card play, as a small `Copy` value for search.
//!
//! A position holds the four hands and the rules' [`TrickTaking`]: the trick on the table, the
//! trump mode and the rule set, and the points and tricks each team has taken. Playing a card
//! is copy-make: copy the 48-byte value, then [`Position::play`]. Every rule goes through
//! `crate::rules` (the legal cards of the rule set, and the trick taken by [`TrickTaking::play`]
//! with its winner, its card points, the dix de der and the capot), in this file only, so that
//! a new trump mode or rule set reaches the search by passing its value through here.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::mix::splitmix;
use crate::rules::{
    BySeat, ByTeam, CAPOT_POINTS, Card, CardPlay, CardSet, DEAL_POINTS, DoneTrick,
    LAST_TRICK_BONUS, PlayError, Rules, Seat, Team, Trick, TrickTaking, Trump, check_play,
    legal_cards,
};

/// Card points of the 32 cards, without the dix de der.
const CARD_POINTS: u16 = DEAL_POINTS - LAST_TRICK_BONUS;

/// 32 x 4 random keys drawn from `seed`.
const fn card_keys(seed: u64) -> [[u64; 4]; 32] {
    let mut keys = [[0u64; 4]; 32];
    let mut x = seed;
    let mut i = 0;
    while i < 128 {
        x = splitmix(x);
        keys[i / 4][i % 4] = x;
        i += 1;
    }
    keys
}

/// A random key per (card, seat holding it), for the incremental hash of the hands.
const HAND_KEYS: [[u64; 4]; 32] = card_keys(0x636f_6e74_7265_6531);

/// Keys for what the hands alone do not say: the leader, the cards on the table by their place in
/// the trick, and which teams have taken no trick yet (a capot is still open to the other).
const LEADER_KEYS: [u64; 4] = [splitmix(11), splitmix(12), splitmix(13), splitmix(14)];
const TABLE_KEYS: [[u64; 4]; 32] = card_keys(0x7461_626c_6500_0000);
const NO_TRICK_KEYS: [u64; 2] = [splitmix(21), splitmix(22)];

/// One point of a deal's card play: who holds what, the trick on the table, and what each team
/// has taken. Built valid (see [`Position::from_parts`]); [`Position::play`] keeps it so for the
/// cards of [`Position::legal_cards`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    hands: BySeat<CardSet>,
    /// The trick on the table and what each team has taken: the rules take each trick.
    taking: TrickTaking,
    /// The key of the mode and rules xor the key of every (card, holder): kept up to date by
    /// `play`.
    hands_key: u64,
}

/// Why hands, a trick and counts do not make a point of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A card is in two hands, or in a hand and on the table, or twice on the table.
    CardTwice(Card),
    /// The trick on the table is complete: it should have been taken.
    CompleteTrick,
    /// The trick turns the other way from the rule set.
    Direction,
    /// The hands' sizes do not fit the trick: the seats that played to it hold one card fewer
    /// than the others, and all hands hold as many cards as tricks remain.
    HandSizes,
    /// The tricks taken do not add up to the tricks played.
    TrickCount,
    /// The points taken do not add up to the points of the cards gone, or a team that took no
    /// trick has points.
    PointCount,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::CardTwice(c) => write!(f, "{c} is in two places"),
            PositionError::CompleteTrick => f.write_str("the trick on the table is complete"),
            PositionError::Direction => {
                f.write_str("the trick turns the other way from the rule set")
            }
            PositionError::HandSizes => f.write_str("the hands' sizes do not fit the trick"),
            PositionError::TrickCount => {
                f.write_str("the tricks taken do not add up to the tricks played")
            }
            PositionError::PointCount => {
                f.write_str("the points taken do not add up to the cards gone")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The start of a deal: eight cards in each hand, `leader` to lead under `trump` and `rules`.
    pub fn new(
        hands: BySeat<CardSet>,
        trump: Trump,
        leader: Seat,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        if hands.0.iter().any(|h| h.len() != 8) {
            return Err(PositionError::HandSizes);
        }
        let start = TrickTaking::new(leader, trump, rules);
        Position::from_parts(
            hands,
            *start.trick(),
            trump,
            rules,
            ByTeam::default(),
            ByTeam::default(),
        )
    }

    /// Any point of a deal: the cards still held, the trick on the table (never complete), the
    /// trump and the rules, and the card points (dix de der included once the deal is over) and
    /// tricks each team took.
    pub fn from_parts(
        hands: BySeat<CardSet>,
        trick: Trick,
        trump: Trump,
        rules: Rules,
        points: ByTeam<u16>,
        tricks: ByTeam<u8>,
    ) -> Result<Position, PositionError> {
        let mut seen = CardSet::EMPTY;
        for card in hands.0.iter().flat_map(|h| h.iter()).chain(trick.cards().iter().copied()) {
            if seen.contains(card) {
                return Err(PositionError::CardTwice(card));
            }
            seen.insert(card);
        }
        if trick.is_complete() {
            return Err(PositionError::CompleteTrick);
        }
        if trick.direction() != rules.direction() {
            return Err(PositionError::Direction);
        }
        // The seat to play has not played to this trick: it holds a card per trick left.
        let left = hands[trick.to_play()].len();
        for seat in Seat::ALL {
            let played = trick.plays().any(|(s, _)| s == seat);
            if hands[seat].len() + usize::from(played) != left {
                return Err(PositionError::HandSizes);
            }
        }
        let done = tricks[Team::NS] as usize + tricks[Team::EW] as usize;
        if left > 8 || done != 8 - left {
            return Err(PositionError::TrickCount);
        }
        let taken = points[Team::NS] + points[Team::EW];
        let expected = if done == 8 {
            if tricks[Team::NS] == 8 || tricks[Team::EW] == 8 { CAPOT_POINTS } else { DEAL_POINTS }
        } else {
            CARD_POINTS - seen.points(trump)
        };
        let empty_handed = Team::ALL.into_iter().any(|t| tricks[t] == 0 && points[t] > 0);
        if taken != expected || empty_handed {
            return Err(PositionError::PointCount);
        }
        let hands_key = mode_key(trump, rules);
        let taking = TrickTaking::from_parts(trick, trump, rules, points, tricks);
        let mut position = Position { hands, taking, hands_key };
        for seat in Seat::ALL {
            for card in hands[seat] {
                position.hands_key ^= HAND_KEYS[card.index()][seat.index()];
            }
        }
        Ok(position)
    }

    /// The position a card play has reached.
    pub fn from_card_play(play: &CardPlay) -> Result<Position, PositionError> {
        Position::from_parts(
            *play.hands(),
            *play.current_trick(),
            play.trump(),
            play.rules(),
            play.points(),
            play.tricks_won(),
        )
    }

    /// The cards each seat holds.
    pub fn hands(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    /// The trick on the table (empty between tricks).
    pub fn trick(&self) -> &Trick {
        self.taking.trick()
    }

    /// The trump mode.
    pub fn trump(&self) -> Trump {
        self.taking.trump()
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.taking.rules()
    }

    /// The card points each team has taken (dix de der included once the deal is over).
    pub fn points(&self) -> ByTeam<u16> {
        self.taking.points()
    }

    /// The tricks each team has taken.
    pub fn tricks_won(&self) -> ByTeam<u8> {
        self.taking.tricks_won()
    }

    /// How many tricks are complete.
    pub fn tricks_played(&self) -> usize {
        usize::from(self.taking.tricks_done())
    }

    /// How many tricks remain, the one on the table included.
    pub fn tricks_left(&self) -> usize {
        8 - self.tricks_played()
    }

    /// Whether all eight tricks are played.
    pub fn is_over(&self) -> bool {
        self.tricks_played() == 8
    }

    /// The seat to play (the leader of the next trick once a trick is taken).
    pub fn to_play(&self) -> Seat {
        self.taking.to_play()
    }

    /// The cards still in play: the hands and the trick on the table.
    pub fn live(&self) -> CardSet {
        let table: CardSet = self.trick().cards().iter().copied().collect();
        self.hands.0.iter().fold(table, |acc, h| acc.or(*h))
    }

    /// The cards the seat to play may play (none once the deal is over).
    pub fn legal_cards(&self) -> CardSet {
        legal_cards(self.hands[self.to_play()], self.trick(), self.trump(), self.rules())
    }

    /// Plays `card` for the seat to play, without checking it (for search, on a card of
    /// [`Position::legal_cards`]): the taken trick when it completes one. An illegal card gives
    /// a position the rules cannot reach, never undefined behaviour.
    pub fn play(&mut self, card: Card) -> Option<DoneTrick> {
        let seat = self.to_play();
        self.hands[seat].remove(card);
        self.hands_key ^= HAND_KEYS[card.index()][seat.index()];
        self.taking.play(card)
    }

    /// Plays `card` if the rules allow it, naming the rule when they do not.
    pub fn try_play(&mut self, card: Card) -> Result<Option<DoneTrick>, PlayError> {
        if self.is_over() {
            return Err(PlayError::DealOver);
        }
        check_play(self.hands[self.to_play()], self.trick(), self.trump(), self.rules(), card)?;
        Ok(self.play(card))
    }

    /// The same cards still to play, with every trick taken so far counted to `team` (and
    /// their points): a capot for `team` from here is then exactly `team` taking every trick
    /// left, the question of a claim. A deal that is over is left as it is.
    pub fn all_taken_by(&self, team: Team) -> Position {
        if self.is_over() {
            return *self;
        }
        let (points, tricks) = (self.points(), self.tricks_won());
        let (mut to_team, mut won) = (ByTeam::default(), ByTeam::default());
        to_team[team] = points[Team::NS] + points[Team::EW];
        won[team] = tricks[Team::NS] + tricks[Team::EW];
        let taking =
            TrickTaking::from_parts(*self.trick(), self.trump(), self.rules(), to_team, won);
        Position { taking, ..*self }
    }

    /// A 64-bit hash of everything the rest of the deal depends on: the hands, the trick on the
    /// table, the trump and the rules, and which teams have taken no trick yet. Two positions with the same
    /// future have the same key, whatever order the earlier cards came in.
    pub fn key(&self) -> u64 {
        let trick = self.trick();
        let mut key = self.hands_key ^ LEADER_KEYS[trick.leader().index()];
        for (i, c) in trick.cards().iter().enumerate() {
            key ^= TABLE_KEYS[c.index()][i];
        }
        let tricks = self.tricks_won();
        for team in Team::ALL {
            if tricks[team] == 0 {
                key ^= NO_TRICK_KEYS[team.index()];
            }
        }
        key
    }
}

/// The key of a trump mode under a set of rules, so one table can hold positions of several.
pub(crate) fn mode_key(trump: Trump, rules: Rules) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (trump, rules).hash(&mut h);
    splitmix(h.finish())
}
