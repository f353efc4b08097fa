//! The fourth and fifth stages, playing a hand and defending: drawing trumps, cashing an ace,
//! giving the partner points on a trick they win, keeping a master card, taking the most points
//! in defence, leading through the taker, each at a turn of South's near the end of a real deal
//! with every hand shown, as a problem of the double-dummy solver. The right cards are the ones
//! with which North-South take the most points left against any defence ([`Solver`]); a card
//! that takes fewer is answered with both figures.

use super::table::{Turn, at_south_turns, first_seed};
use super::{Goal, Level, Question, Reason, Scene};
use crate::game::{Action, Game};
use crate::rules::{Card, CardSet, DoneTrick, Rank, Seat, Team};
use crate::search::{Position, Solver};

/// The most tricks left at a level's turn: few enough to see them all.
const TRICKS_LEFT: usize = 4;

/// The least a wrong card must cost for the level to teach something.
const COST: u16 = 10;

/// The solver's table for these small endgames: 2^12 buckets.
const TABLE_BITS: u32 = 12;

/// The points North-South take from `game`'s position on after each legal card of South's,
/// with perfect play on both sides.
fn values(game: &Game, solver: &mut Solver) -> Option<Vec<(Card, u16)>> {
    let play = game.deal().play.as_ref()?;
    let pos = Position::from_card_play(play).ok()?;
    solver.new_deal();
    let values = solver.card_values(&pos).ok()?;
    Some(values.iter().map(|(c, v)| (c, v.points_from(&pos, Team::NS))).collect())
}

/// The best cards, and the most they take.
fn best(values: &[(Card, u16)]) -> (CardSet, u16) {
    let top = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    (values.iter().filter(|&&(_, v)| v == top).map(|&(c, _)| c).collect(), top)
}

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    let mut solver = Solver::with_table_bits(TABLE_BITS);
    first_seed(goal, |seed| {
        at_south_turns(seed, |game| {
            let turn = Turn::of(game).filter(|t| 8 - t.done <= TRICKS_LEFT)?;
            let values = values(game, &mut solver)?;
            let (right, top) = best(&values);
            let costly = values.iter().any(|&(_, v)| v + COST <= top);
            let lesson = match goal {
                Goal::KeepMaster => keeps_master(game, &turn, &values, right, top),
                Goal::LeadThrough => leads_through(game, &turn, right, &mut solver),
                _ => shows(goal, game, &turn, right),
            };
            (costly && lesson).then(|| Level {
                goal,
                game: game.clone(),
                scene: Scene::Turn { open: true },
                question: Question::Card { right },
            })
        })
    })
}

/// Whether the best cards at `turn` are the goal's point.
fn shows(goal: Goal, game: &Game, turn: &Turn, right: CardSet) -> bool {
    let trump_cards = turn.trump().cards();
    let ours = turn.contract.team() == Team::NS;
    let hands = game.deal().hands();
    let theirs = hands[Seat::East].or(hands[Seat::West]);
    let side_aces = right.iter().all(|c| c.rank() == Rank::Ace && !trump_cards.contains(c));
    match goal {
        Goal::DrawTrumps => {
            ours && turn.leads()
                && !theirs.and(trump_cards).is_empty()
                && right.minus(trump_cards).is_empty()
        }
        Goal::CashAce => turn.leads() && side_aces,
        Goal::FeedPartner => {
            turn.trick.len() == 3
                && turn.winner() == Some(Seat::North)
                && right.iter().all(|c| !trump_cards.contains(c) && c.points(turn.trump()) >= 10)
        }
        Goal::Defend => !ours && !turn.leads(),
        _ => false,
    }
}

/// The cards of South's hand that are masters: outside trumps, and no card of their suit left
/// in another hand beats them.
fn masters(game: &Game, turn: &Turn) -> CardSet {
    let hands = game.deal().hands();
    let others = hands[Seat::West].or(hands[Seat::North]).or(hands[Seat::East]);
    let trump_cards = turn.trump().cards();
    turn.hand
        .minus(trump_cards)
        .iter()
        .filter(|c| {
            let s = c.rank().plain_strength();
            others.of_suit(c.suit()).iter().all(|o| o.rank().plain_strength() < s)
        })
        .collect()
}

/// Whether South, unable to follow, discards, and the best discards keep the masters while
/// throwing one away costs a trick's points.
fn keeps_master(
    game: &Game,
    turn: &Turn,
    values: &[(Card, u16)],
    right: CardSet,
    top: u16,
) -> bool {
    let Some(lead) = turn.trick.lead_suit() else { return false };
    let masters = masters(game, turn);
    let thrown = values.iter().any(|&(c, v)| masters.contains(c) && v + COST <= top);
    turn.hand.of_suit(lead).is_empty() && right.and(masters).is_empty() && thrown
}

/// Whether South leads against the contract with the taker playing right after it, and so
/// before North: the best lead is in a side suit where, each seat after it playing its best
/// card by the solver, the taker follows and North, playing after them, takes the trick in the
/// suit.
fn leads_through(game: &Game, turn: &Turn, right: CardSet, solver: &mut Solver) -> bool {
    let trump_cards = turn.trump().cards();
    let Some(lead) = right.first().filter(|&c| !trump_cards.contains(c)) else { return false };
    let next = Seat::South.next_in(game.rules().direction());
    // The trick looked at must not be the deal's last, which ends the deal.
    if turn.contract.taker != next || !turn.leads() || turn.done + 1 >= 8 {
        return false;
    }
    let Some(trick) = best_trick(game, lead, solver) else { return false };
    let played = |seat: Seat| trick.trick.plays().find(|&(s, _)| s == seat).map(|(_, c)| c);
    let in_suit = |seat: Seat| played(seat).is_some_and(|c| c.suit() == lead.suit());
    trick.winner == Seat::North && in_suit(next) && in_suit(Seat::North)
}

/// The trick South's `lead` makes when each seat after it plays its best card by the solver:
/// North the most points left for North-South, East and West the fewest.
fn best_trick(game: &Game, lead: Card, solver: &mut Solver) -> Option<DoneTrick> {
    let mut game = game.clone();
    game.apply(Seat::South, Action::Play(lead)).ok()?;
    for _ in 0..3 {
        let seat = game.to_act()?;
        let values = values(&game, solver)?;
        let pick = if seat.team() == Team::NS {
            values.iter().max_by_key(|&&(_, v)| v)
        } else {
            values.iter().min_by_key(|&&(_, v)| v)
        };
        game.apply(seat, Action::Play(pick?.0)).ok()?;
    }
    game.deal().play.as_ref()?.tricks().last().copied()
}

/// Why `card`, a legal card of South's, takes fewer points than the best.
pub(super) fn reason(level: &Level, card: Card) -> Reason {
    let mut solver = Solver::with_table_bits(TABLE_BITS);
    let values = values(&level.game, &mut solver).unwrap_or_default();
    let (right, best_taken) = best(&values);
    let taken = values.iter().find(|&&(c, _)| c == card).map_or(0, |&(_, v)| v);
    match right.first() {
        Some(best) => Reason::Loses { card, taken, best, best_taken },
        None => Reason::NotHeld(card),
    }
}
