//! Where the course's positions come from: real deals, dealt from a seed as every game deals
//! them, bid by the convention at every seat and played by the computer players of the normal
//! level, each call and card applied through [`Game::apply`], which checks it by the rules. A
//! level looks through the seeds in order for the first position that shows its idea, so that a
//! change to the rules or the players moves a level to another deal, never to a false one.

use super::Goal;
use crate::bots::bidding::{Bidding, convention_call};
use crate::bots::{Decision, Level, expert::Budget};
use crate::game::{Action, Game, GameOptions, Phase, Players};
use crate::personas::BiddingStyle;
use crate::rules::{Call, Card, CardSet, Contract, Seat, Trick, Trump};

/// The seeds a level looks through for its position, in order.
pub const SEEDS: std::ops::Range<u64> = 1..3_000;

/// The style every seat bids in: the convention's, a little below what a hand seems worth.
pub const STYLE: BiddingStyle = BiddingStyle::Cautious;

/// The first of `find`'s answers over [`SEEDS`], looked through from a place of `goal`'s own
/// and round, so that two levels seldom stand on one deal.
pub fn first_seed<T>(goal: Goal, find: impl FnMut(u64) -> Option<T>) -> Option<T> {
    first_seed_within(goal, SEEDS, find)
}

/// [`first_seed`] over `seeds`: a position that needs only an auction is cheap to look for
/// among more deals.
pub fn first_seed_within<T>(
    goal: Goal,
    seeds: std::ops::Range<u64>,
    find: impl FnMut(u64) -> Option<T>,
) -> Option<T> {
    let n = seeds.end - seeds.start;
    let from = (goal as u64).wrapping_mul(STRIDE) % n;
    (0..n).map(|i| seeds.start + (from + i) % n).find_map(find)
}

/// How far apart the goals start looking through the seeds.
const STRIDE: u64 = 101;

/// The first deal of a game of the default rules dealt from `seed`.
pub fn dealt(seed: u64) -> Game {
    let players: Players = crate::rules::BySeat::from_fn(|s| s.to_string());
    Game::new(GameOptions::default(), seed, players)
}

/// The call the convention makes for the seat to speak, with no wobble.
pub fn convention(game: &Game, seat: Seat) -> Call {
    let d = game.deal();
    convention_call(seat, d.hands()[seat], &d.auction, STYLE, Bidding::NORMAL, 0)
}

/// The seat to speak calls by the convention; a call the rules refuse is a pass. `None` when
/// nobody is to speak.
pub fn call_once(game: &mut Game) -> Option<()> {
    let seat = game.to_act().filter(|_| game.phase() == Phase::Bidding)?;
    let call = convention(game, seat);
    if game.apply(seat, Action::Bid(call)).is_err() {
        game.apply(seat, Action::Bid(Call::Pass)).ok()?;
    }
    Some(())
}

/// The auction bid out by the convention at every seat.
pub fn bid_out(game: &mut Game) {
    while call_once(game).is_some() {}
}

/// The seat to play plays the normal level's card (its seat's view alone). `None` when nobody
/// is to play, or the card is refused.
pub fn play_once(game: &mut Game, seed: u64) -> Option<Card> {
    let seat = game.to_act().filter(|_| game.phase() == Phase::Playing)?;
    let view = game.view(seat);
    let decision =
        Decision { view: &view, style: STYLE, seed, budget: Budget::DEFAULT, cancel: None };
    let Action::Play(card) = Level::Normal.decide(&decision) else { return None };
    game.apply(seat, Action::Play(card)).ok()?;
    Some(card)
}

/// The deal of `seed` bid out, when it ends in a contract in a suit (the course teaches suit
/// contracts first).
pub fn contracted(seed: u64) -> Option<Game> {
    let mut game = dealt(seed);
    bid_out(&mut game);
    let suited = game.deal().contract().is_some_and(|c| matches!(c.trump(), Trump::Suit(_)));
    (game.phase() == Phase::Playing && suited).then_some(game)
}

/// The deal of `seed` played to its end.
pub fn played_out(seed: u64) -> Option<Game> {
    let mut game = contracted(seed)?;
    while game.phase() == Phase::Playing {
        play_once(&mut game, seed)?;
    }
    Some(game)
}

/// The first of `at`'s answers at South's turns to play in the deal of `seed`, played on by the
/// normal level between them (South's own cards too).
pub fn at_south_turns<T>(seed: u64, mut at: impl FnMut(&Game) -> Option<T>) -> Option<T> {
    let mut game = contracted(seed)?;
    while game.phase() == Phase::Playing {
        if game.to_act() == Some(Seat::South)
            && let Some(found) = at(&game)
        {
            return Some(found);
        }
        play_once(&mut game, seed)?;
    }
    None
}

/// What South sees at its turn to play: its hand, the trick on the table, the contract.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    /// South's hand.
    pub hand: CardSet,
    /// The cards South may play.
    pub legal: CardSet,
    /// The trick on the table.
    pub trick: Trick,
    /// The contract.
    pub contract: Contract,
    /// The tricks played before this one.
    pub done: usize,
}

impl Turn {
    /// South's turn in `game`, if it is South's to play.
    pub fn of(game: &Game) -> Option<Turn> {
        let play = game.deal().play.as_ref()?;
        if play.to_play() != Some(Seat::South) {
            return None;
        }
        Some(Turn {
            hand: play.hands()[Seat::South],
            legal: play.legal_cards(),
            trick: *play.current_trick(),
            contract: game.deal().contract()?,
            done: play.tricks().len(),
        })
    }

    /// The trump suit.
    pub fn trump(&self) -> Trump {
        self.contract.trump()
    }

    /// South's cards of the trump suit.
    pub fn trumps(&self) -> CardSet {
        match self.trump() {
            Trump::Suit(s) => self.hand.of_suit(s),
            _ => CardSet::EMPTY,
        }
    }

    /// Whether South leads the trick.
    pub fn leads(&self) -> bool {
        self.trick.is_empty()
    }

    /// The seat winning the trick so far.
    pub fn winner(&self) -> Option<Seat> {
        self.trick.winner(self.trump())
    }

    /// The seat that would win the trick if South played `card`, and the card that wins it.
    pub fn winner_with(&self, card: Card) -> Option<(Seat, Card)> {
        let mut trick = self.trick;
        trick.push(card);
        Some((trick.winner(self.trump())?, trick.winning_card(self.trump())?))
    }
}
