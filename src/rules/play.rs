//! The card play of one deal: eight tricks from the dealt hands to the card points, whatever the
//! trump mode (152 card points and 10 for the last trick: 162, or 252 on a capot).

use super::belote::{BeloteCall, BelotesDealt};
use super::card::{Card, CardSet, Trump};
use super::ruleset::Rules;
use super::seat::{BySeat, ByTeam, Seat};
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
    /// The trick this card completed, if it did.
    pub trick_done: Option<DoneTrick>,
    /// Whether this was the 32nd card.
    pub deal_over: bool,
}

/// The card play of a deal under a fixed trump mode and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPlay {
    trump: Trump,
    rules: Rules,
    belotes: BelotesDealt,
    hands: BySeat<CardSet>,
    trick: Trick,
    done: Vec<DoneTrick>,
    points: ByTeam<u16>,
    tricks_won: ByTeam<u8>,
}

impl CardPlay {
    /// Starts the play under `rules`: `leader` (the seat after the dealer,
    /// [`super::Auction::first_to_speak`]) leads the first trick.
    pub fn new(hands: BySeat<CardSet>, trump: Trump, leader: Seat, rules: Rules) -> CardPlay {
        CardPlay {
            trump,
            rules,
            belotes: BelotesDealt::of(&hands, trump),
            hands,
            trick: Trick::new(leader, rules.direction()),
            done: Vec::with_capacity(8),
            points: ByTeam::default(),
            tricks_won: ByTeam::default(),
        }
    }

    /// The trump.
    pub fn trump(&self) -> Trump {
        self.trump
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The belotes dealt (one at most in a suit contract, up to four in tout atout).
    pub fn belotes(&self) -> BelotesDealt {
        self.belotes
    }

    /// The seat holding the king and queen of the trump suit, if any.
    pub fn belote_holder(&self) -> Option<Seat> {
        self.belotes.holder(self.trump.suit()?)
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
        &self.trick
    }

    /// The tricks taken so far.
    pub fn tricks(&self) -> &[DoneTrick] {
        &self.done
    }

    /// Each team's card points so far (dix de der included once the deal is over).
    pub fn points(&self) -> ByTeam<u16> {
        self.points
    }

    /// Each team's tricks so far.
    pub fn tricks_won(&self) -> ByTeam<u8> {
        self.tricks_won
    }

    /// Whether all eight tricks are played.
    pub fn is_over(&self) -> bool {
        self.done.len() == 8
    }

    /// The seat to play, or `None` once the deal is over.
    pub fn to_play(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.trick.to_play())
    }

    /// The cards the seat to play may play.
    pub fn legal_cards(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        legal_cards(self.hands[self.trick.to_play()], &self.trick, self.trump, self.rules)
    }

    /// Why `card` may not be played now, if it may not.
    pub fn check(&self, card: Card) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::DealOver);
        }
        check_play(self.hands[self.trick.to_play()], &self.trick, self.trump, self.rules, card)
    }

    /// Plays `card` for the seat to play, if the rules allow it.
    pub fn try_play(&mut self, card: Card) -> Result<PlayEvent, PlayError> {
        self.check(card)?;
        Ok(self.play_unchecked(card))
    }

    /// Plays `card` without checking it (for search, on cards from [`CardPlay::legal_cards`]).
    /// An illegal card gives a state the rules cannot reach, never undefined behaviour.
    pub fn play_unchecked(&mut self, card: Card) -> PlayEvent {
        let seat = self.trick.to_play();
        self.hands[seat].remove(card);
        self.trick.push(card);
        if !self.trick.is_complete() {
            return PlayEvent { trick_done: None, deal_over: false };
        }
        let winner = self.trick.winner(self.trump).unwrap_or(seat);
        let team = winner.team();
        let mut points = self.trick.points(self.trump);
        self.tricks_won[team] += 1;
        let deal_over = self.done.len() == 7;
        points += trick_bonus(self.done.len() as u8 + 1, self.tricks_won[team]);
        self.points[team] += points;
        let done = DoneTrick { trick: self.trick, winner, points };
        self.done.push(done);
        self.trick = Trick::new(winner, self.rules.direction());
        PlayEvent { trick_done: Some(done), deal_over }
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
