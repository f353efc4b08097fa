//! The card play of one deal: eight tricks from the dealt hands to the card points, whatever the
//! trump mode (152 card points and 10 for the last trick: 162, or 252 on a capot).
//!
//! Three layers, each holding the one below: [`TrickTaking`], the `Copy` count of the tricks
//! that takes each trick as it completes (the one place a trick is taken); [`PublicPlay`], the
//! play as the whole table sees it (the tricks in order, the belotes said, the declarations
//! announced); and [`CardPlay`], which adds the hands, checks each card against the rules and
//! says each belote with the first card of its pair.

use std::fmt;

use super::belote::{BeloteCall, BelotesDealt, BelotesSaid, other_of_pair};
use super::card::{Card, CardSet, Suit, Trump};
use super::declarations::{Combination, Declared};
use super::ruleset::Rules;
use super::seat::{BySeat, ByTeam, Seat, Team};
use super::trick::{PlayError, Trick, check_play, legal_cards};

/// Points of the last trick ("dix de der").
pub const LAST_TRICK_BONUS: u16 = 10;
/// Points of the last trick when one team takes all eight (capot): 252 in all.
pub const CAPOT_LAST_TRICK_BONUS: u16 = 100;
/// Card points in a deal, dix de der included.
pub const DEAL_POINTS: u16 = 162;
/// Card points of a team that takes every trick.
pub const CAPOT_POINTS: u16 = 252;

/// A finished trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoneTrick {
    /// The four cards, from the leader.
    pub trick: Trick,
    /// Who took it.
    pub winner: Seat,
    /// Its card points, with the dix de der on the last trick.
    pub points: u16,
}

impl DoneTrick {
    /// The four cards, from the leader.
    pub fn cards(&self) -> [Card; 4] {
        self.trick.card_array()
    }
}

/// What a card did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayEvent {
    /// "Belote" or "Rebelote", when the card was the king or queen of one of its player's
    /// belotes.
    pub belote: Option<BeloteCall>,
    /// The trick this card completed, if it did.
    pub trick_done: Option<DoneTrick>,
    /// Whether this was the 32nd card.
    pub deal_over: bool,
}

/// The tricks as they are taken: the trick on the table, and the card points and tricks each
/// team has taken, under one trump mode and rules. `Copy`, for search.
///
/// [`TrickTaking::play`] is where a trick is taken, for the game, the views of a seat and the
/// search's positions alike ([`CardPlay`], [`PublicPlay`] and `search::Position` each hold
/// one); the solver's inner loop keeps its own copy of the rule for speed, checked against
/// this one by its tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickTaking {
    trick: Trick,
    trump: Trump,
    rules: Rules,
    points: ByTeam<u16>,
    tricks_won: ByTeam<u8>,
}

impl TrickTaking {
    /// The first trick, which `leader` leads.
    pub fn new(leader: Seat, trump: Trump, rules: Rules) -> TrickTaking {
        let trick = Trick::new(leader, rules.direction());
        TrickTaking {
            trick,
            trump,
            rules,
            points: ByTeam::default(),
            tricks_won: ByTeam::default(),
        }
    }

    /// Any point of the play, unchecked: the caller makes sure that the counts fit the cards
    /// gone and that the trick turns in the rules' direction and is not complete.
    pub(crate) fn from_parts(
        trick: Trick,
        trump: Trump,
        rules: Rules,
        points: ByTeam<u16>,
        tricks_won: ByTeam<u8>,
    ) -> TrickTaking {
        TrickTaking { trick, trump, rules, points, tricks_won }
    }

    /// The trick on the table (empty between tricks).
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The trump.
    pub fn trump(&self) -> Trump {
        self.trump
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Each team's card points so far (dix de der included once the deal is over).
    pub fn points(&self) -> ByTeam<u16> {
        self.points
    }

    /// Each team's tricks so far.
    pub fn tricks_won(&self) -> ByTeam<u8> {
        self.tricks_won
    }

    /// How many tricks are taken.
    pub fn tricks_done(&self) -> u8 {
        self.tricks_won[Team::NS] + self.tricks_won[Team::EW]
    }

    /// Whether all eight tricks are taken.
    pub fn is_over(&self) -> bool {
        self.tricks_done() == 8
    }

    /// The seat to play (the leader of the next trick once a trick is taken).
    pub fn to_play(&self) -> Seat {
        self.trick.to_play()
    }

    /// Puts `card` down for the seat to play, unchecked; when it completes the trick, takes it
    /// for the seat that won it, with its card points and, on the eighth, the dix de der (or
    /// the capot's 100), and the winner leads the next one.
    #[inline]
    pub fn play(&mut self, card: Card) -> Option<DoneTrick> {
        let seat = self.trick.to_play();
        self.trick.push(card);
        if !self.trick.is_complete() {
            return None;
        }
        let winner = self.trick.winner(self.trump).unwrap_or(seat);
        let team = winner.team();
        self.tricks_won[team] += 1;
        let points =
            self.trick.points(self.trump) + trick_bonus(self.tricks_done(), self.tricks_won[team]);
        self.points[team] += points;
        let done = DoneTrick { trick: self.trick, winner, points };
        self.trick = Trick::new(winner, self.rules.direction());
        Some(done)
    }
}

/// The card play as the whole table sees it: every trick taken, the trick on the table, what
/// each team has taken, the belotes said, and under `coinche` what each seat announced with
/// its first card. [`CardPlay`] holds one beside the hands; a seat's view holds one alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicPlay {
    taking: TrickTaking,
    done: Vec<DoneTrick>,
    belotes: BelotesSaid,
    declared: Declared,
}

/// A card a public play cannot take, whatever the hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicPlayError {
    /// All 32 cards are down.
    DealOver,
    /// The card is down already.
    PlayedTwice(Card),
}

impl fmt::Display for PublicPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicPlayError::DealOver => f.write_str("the deal is over: all 32 cards are played"),
            PublicPlayError::PlayedTwice(card) => write!(f, "{card} appears twice in the play"),
        }
    }
}

impl std::error::Error for PublicPlayError {}

impl PublicPlay {
    /// The play before its first card: `leader` (the first to speak) leads.
    pub fn new(leader: Seat, trump: Trump, rules: Rules) -> PublicPlay {
        PublicPlay {
            taking: TrickTaking::new(leader, trump, rules),
            done: Vec::with_capacity(8),
            belotes: BelotesSaid::NONE,
            declared: Declared::default(),
        }
    }

    /// The trick on the table and the counts of the tricks taken.
    pub fn taking(&self) -> &TrickTaking {
        &self.taking
    }

    /// The trump.
    pub fn trump(&self) -> Trump {
        self.taking.trump
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.taking.rules
    }

    /// The trick in progress (empty between tricks).
    pub fn current_trick(&self) -> &Trick {
        &self.taking.trick
    }

    /// The tricks taken so far.
    pub fn tricks(&self) -> &[DoneTrick] {
        &self.done
    }

    /// Each team's card points so far (dix de der included once the deal is over).
    pub fn points(&self) -> ByTeam<u16> {
        self.taking.points
    }

    /// Each team's tricks so far.
    pub fn tricks_won(&self) -> ByTeam<u8> {
        self.taking.tricks_won
    }

    /// Whether all eight tricks are played.
    pub fn is_over(&self) -> bool {
        self.done.len() == 8
    }

    /// The seat to play, or `None` once the deal is over.
    pub fn to_play(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.taking.to_play())
    }

    /// The belotes said so far.
    pub fn belotes(&self) -> BelotesSaid {
        self.belotes
    }

    /// `coinche`: what each seat announced with its first card, as the table heard it
    /// ([`Combination::announced`]); `None` for a seat that has not played yet.
    pub fn declared(&self) -> Declared {
        self.declared
    }

    /// How many cards are down.
    pub fn cards_played(&self) -> usize {
        self.done.len() * 4 + self.taking.trick.len()
    }

    /// Every card played, in order, with its seat and the trick as it stood just before it.
    pub fn plays(&self) -> impl Iterator<Item = (Trick, Seat, Card)> + '_ {
        let tricks = self.done.iter().map(|d| &d.trick).chain([&self.taking.trick]);
        tricks.flat_map(|t| t.plays().enumerate().map(move |(i, (s, c))| (t.first(i), s, c)))
    }

    /// Every card played, in order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        let tricks = self.done.iter().map(|d| &d.trick).chain([&self.taking.trick]);
        tricks.flat_map(|t| t.cards().iter().copied())
    }

    /// The cards each seat has played.
    pub fn played_by(&self) -> BySeat<CardSet> {
        let mut by_seat = BySeat([CardSet::EMPTY; 4]);
        for (_, seat, card) in self.plays() {
            by_seat[seat].insert(card);
        }
        by_seat
    }

    /// The last card played and its seat.
    pub fn last(&self) -> Option<(Seat, Card)> {
        let trick = match self.taking.trick.is_empty() {
            false => &self.taking.trick,
            true => &self.done.last()?.trick,
        };
        trick.plays().last()
    }

    /// What its player said with `card`, if it was played: "Belote" with the first of the king
    /// and queen of a belote said, "Rebelote" with the second.
    pub fn said_with(&self, card: Card) -> Option<BeloteCall> {
        let other = other_of_pair(card)?;
        let mut other_first = false;
        for (_, seat, c) in self.plays() {
            if c == other {
                other_first = true;
            } else if c == card {
                let said = self.belotes.contains(seat, card.suit());
                let call = if other_first { BeloteCall::Rebelote } else { BeloteCall::Belote };
                return said.then_some(call);
            }
        }
        None
    }

    /// Plays `card` for the seat to play, if it is not down already and the deal is not over
    /// (whether the seat could play it is for those who know its hand).
    pub fn try_play(&mut self, card: Card) -> Result<Option<DoneTrick>, PublicPlayError> {
        if self.is_over() {
            return Err(PublicPlayError::DealOver);
        }
        if self.cards().any(|c| c == card) {
            return Err(PublicPlayError::PlayedTwice(card));
        }
        Ok(self.play_unchecked(card))
    }

    /// Plays `card` for the seat to play, unchecked.
    fn play_unchecked(&mut self, card: Card) -> Option<DoneTrick> {
        let done = self.taking.play(card);
        self.done.extend(done);
        done
    }

    /// Records that `seat` said belote in `suit` (checked by those who read the play: a view of
    /// a seat checks it against the cards).
    pub fn say_belote(&mut self, seat: Seat, suit: Suit) {
        self.belotes.insert(seat, suit);
    }

    /// Records what `seat` announced with its first card, as the table hears it (checked by
    /// those who read the play).
    pub fn announce(&mut self, seat: Seat, combination: Combination) {
        self.declared.0[seat] = Some(combination.announced());
    }
}

/// The card play of a deal under a fixed trump mode and rules: the hands, and the play as the
/// table sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPlay {
    hands: BySeat<CardSet>,
    public: PublicPlay,
    belotes: BelotesDealt,
}

impl CardPlay {
    /// Starts the play under `rules`: `leader` (the seat after the dealer,
    /// [`super::Auction::first_to_speak`]) leads the first trick.
    pub fn new(hands: BySeat<CardSet>, trump: Trump, leader: Seat, rules: Rules) -> CardPlay {
        CardPlay {
            hands,
            public: PublicPlay::new(leader, trump, rules),
            belotes: BelotesDealt::of(&hands, trump),
        }
    }

    /// The play as the whole table sees it.
    pub fn public(&self) -> &PublicPlay {
        &self.public
    }

    /// The trump.
    pub fn trump(&self) -> Trump {
        self.public.trump()
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.public.rules()
    }

    /// The belotes dealt (one at most in a suit contract, up to four in tout atout).
    pub fn belotes(&self) -> BelotesDealt {
        self.belotes
    }

    /// The seat holding the king and queen of the trump suit, if any.
    pub fn belote_holder(&self) -> Option<Seat> {
        self.belotes.holder(self.trump().suit()?)
    }

    /// What the seat to play says if it plays `card`: "Belote" with the first of the king and
    /// queen of one of its belotes, "Rebelote" with the second.
    pub fn belote_call(&self, card: Card) -> Option<BeloteCall> {
        let seat = self.to_play()?;
        self.belotes.call(seat, self.hands[seat], card)
    }

    /// The cards each seat still holds.
    pub fn hands(&self) -> &BySeat<CardSet> {
        &self.hands
    }

    /// The trick in progress (empty between tricks).
    pub fn current_trick(&self) -> &Trick {
        self.public.current_trick()
    }

    /// The tricks taken so far.
    pub fn tricks(&self) -> &[DoneTrick] {
        self.public.tricks()
    }

    /// Each team's card points so far (dix de der included once the deal is over).
    pub fn points(&self) -> ByTeam<u16> {
        self.public.points()
    }

    /// Each team's tricks so far.
    pub fn tricks_won(&self) -> ByTeam<u8> {
        self.public.tricks_won()
    }

    /// Whether all eight tricks are played.
    pub fn is_over(&self) -> bool {
        self.public.is_over()
    }

    /// The seat to play, or `None` once the deal is over.
    pub fn to_play(&self) -> Option<Seat> {
        self.public.to_play()
    }

    /// The cards the seat to play may play.
    pub fn legal_cards(&self) -> CardSet {
        match self.to_play() {
            Some(seat) => {
                legal_cards(self.hands[seat], self.current_trick(), self.trump(), self.rules())
            }
            None => CardSet::EMPTY,
        }
    }

    /// Why `card` may not be played now, if it may not.
    pub fn check(&self, card: Card) -> Result<(), PlayError> {
        let Some(seat) = self.to_play() else {
            return Err(PlayError::DealOver);
        };
        check_play(self.hands[seat], self.current_trick(), self.trump(), self.rules(), card)
    }

    /// Plays `card` for the seat to play, if the rules allow it.
    pub fn try_play(&mut self, card: Card) -> Result<PlayEvent, PlayError> {
        self.check(card)?;
        Ok(self.play_unchecked(card))
    }

    /// Plays `card` without checking it (for search, on cards from [`CardPlay::legal_cards`]),
    /// and says the belote it is the first card of. An illegal card gives a state the rules
    /// cannot reach, never undefined behaviour.
    pub fn play_unchecked(&mut self, card: Card) -> PlayEvent {
        let seat = self.public.taking.to_play();
        let belote = self.belotes.call(seat, self.hands[seat], card);
        if belote.is_some() {
            self.public.say_belote(seat, card.suit());
        }
        self.hands[seat].remove(card);
        let trick_done = self.public.play_unchecked(card);
        PlayEvent { belote, trick_done, deal_over: trick_done.is_some() && self.is_over() }
    }

    /// Records what `seat` announces with its first card under `coinche` (the game checks that
    /// its dealt hand holds it).
    pub fn announce(&mut self, seat: Seat, combination: Combination) {
        self.public.announce(seat, combination);
    }
}

/// The points a complete trick adds to its card points: nothing before the eighth trick; on the
/// eighth, the dix de der, or 100 when the winner's team took all eight (capot). `tricks_done`
/// counts the complete tricks with this one, `team_tricks` those of the winner's team with it.
pub const fn trick_bonus(tricks_done: u8, team_tricks: u8) -> u16 {
    if tricks_done < 8 {
        0
    } else if team_tricks == 8 {
        CAPOT_LAST_TRICK_BONUS
    } else {
        LAST_TRICK_BONUS
    }
}
