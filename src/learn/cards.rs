//! The first stage, the cards: their order and their points, in trumps and outside, each
//! asked as the lead of South's first card of a real deal. The right card is the best of
//! South's hand by the rules' own strength ([`Card::strength`]) or points ([`Card::points`]).

use super::table::{Turn, at_south_turns, first_seed};
use super::{Goal, Level, Question, Reason, Scene};
use crate::rules::{Card, CardSet, Rank, Suit, Trump};

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed(goal, |seed| {
        at_south_turns(seed, |game| {
            let turn = Turn::of(game).filter(|t| t.leads() && t.done == 0)?;
            let right = right_cards(goal, &turn)?;
            Some(Level {
                goal,
                game: game.clone(),
                scene: Scene::Turn { open: false },
                question: Question::Card { right },
            })
        })
    })
}

/// The cards asked for, when South's hand shows the goal's point: a choice where the natural
/// order (A K Q J 10 9 8 7) or a card's face would mislead.
fn right_cards(goal: Goal, turn: &Turn) -> Option<CardSet> {
    let trump = turn.trump();
    let trumps = turn.trumps();
    let side = turn.hand.minus(trumps);
    let holds = |set: CardSet, rank: Rank| set.iter().any(|c| c.rank() == rank);
    match goal {
        Goal::HighestPlain => {
            let suit = Suit::ALL.into_iter().find(|&s| {
                let cards = side.of_suit(s);
                cards.len() >= 3 && holds(cards, Rank::Ten) && holds(cards, Rank::King)
            })?;
            Some(best_by(side.of_suit(suit), |c| c.strength(trump)))
        }
        Goal::HighestTrump => {
            let teaches = trumps.len() >= 3
                && holds(trumps, Rank::Nine)
                && holds(trumps, Rank::Ace)
                && !holds(trumps, Rank::Jack);
            teaches.then(|| best_by(trumps, |c| c.strength(trump)))
        }
        Goal::PointsPlain => {
            let teaches =
                holds(side, Rank::Ten) && holds(side, Rank::King) && !holds(side, Rank::Ace);
            teaches.then(|| best_by(side, |c| c.points(trump)))
        }
        Goal::PointsTrump => {
            let teaches = holds(trumps, Rank::Nine)
                && holds(trumps, Rank::Ace)
                && !holds(trumps, Rank::Jack)
                && side.len() >= 2;
            teaches.then(|| best_by(trumps, |c| c.points(trump)))
        }
        _ => None,
    }
}

/// The cards of `cards` with the highest `key`.
fn best_by(cards: CardSet, key: impl Fn(Card) -> u8) -> CardSet {
    let top = cards.iter().map(&key).max().unwrap_or(0);
    cards.iter().filter(|&c| key(c) == top).collect()
}

/// Why `card`, a card of South's hand, is not the one asked for.
pub(super) fn reason(level: &Level, card: Card) -> Reason {
    let right = level.right_cards();
    let Some(best) = right.first() else { return Reason::NotHeld(card) };
    let trump = level.game.deal().contract().map_or(Trump::NoTrump, |c| c.trump());
    let is_trump = trump.cards().contains(card);
    match level.goal {
        Goal::HighestPlain if card.suit() != best.suit() => {
            Reason::OtherSuit { card, asked: Some(best.suit()) }
        }
        Goal::HighestTrump | Goal::PointsTrump if !is_trump => {
            Reason::OtherSuit { card, asked: None }
        }
        Goal::PointsPlain if is_trump => Reason::IsTrump(card),
        Goal::HighestPlain | Goal::HighestTrump => Reason::Lower { card, best, trump: is_trump },
        _ => Reason::FewerPoints {
            card,
            points: card.points(trump),
            best,
            best_points: best.points(trump),
        },
    }
}
