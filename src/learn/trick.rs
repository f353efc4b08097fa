//! The second stage, the trick: following suit, winning it, trumping, going higher in trumps, keeping the
//! trumps when the partner is master, and the belote, each at a turn of South's in a real
//! deal. The right cards come from the rules' legal cards and the trick's winner as the rules
//! take it ([`Trick::winner`](crate::rules::Trick::winner)); a card the rules refuse is
//! answered with the rules' refusal.

use super::table::{Turn, at_south_turns, first_seed};
use super::{Goal, Level, Question, Reason, Scene};
use crate::rules::{Card, CardSet, Seat, Trump};

/// The level of `goal`, a goal of this stage.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed(goal, |seed| {
        at_south_turns(seed, |game| {
            let turn = Turn::of(game).filter(|t| !t.leads())?;
            let right = right_cards(goal, &turn)?;
            // A level where every card is right teaches nothing.
            (right != turn.hand).then(|| Level {
                goal,
                game: game.clone(),
                scene: Scene::Turn { open: false },
                question: Question::Card { right },
            })
        })
    })
}

/// The cards asked for, when the turn shows the goal's point.
fn right_cards(goal: Goal, turn: &Turn) -> Option<CardSet> {
    let trumps = turn.trumps();
    let trump_cards = turn.trump().cards();
    let lead = turn.trick.lead_suit()?;
    let lead_is_trump = trump_cards.has_suit(lead);
    let void = !turn.hand.has_suit(lead);
    let partner_wins = turn.winner() == Some(Seat::North);
    let nonempty = |set: CardSet| (!set.is_empty()).then_some(set);
    match goal {
        Goal::Follow => (!lead_is_trump && !void).then_some(turn.legal),
        Goal::Win => {
            let wins = winners(turn);
            let teaches = turn.trick.len() == 3 && !partner_wins && wins != turn.legal;
            teaches.then_some(wins).and_then(nonempty)
        }
        Goal::MustTrump => {
            let teaches = !lead_is_trump
                && void
                && !partner_wins
                && turn.trick.best_trump(turn.trump()).is_none()
                && turn.legal.minus(trump_cards).is_empty()
                && turn.hand.minus(trumps).len() >= 2;
            (teaches && !trumps.is_empty()).then_some(turn.legal)
        }
        Goal::Overtrump => {
            let best = turn.trick.best_trump(turn.trump())?;
            let above = trumps.and(CardSet::trumps_above(best));
            let teaches = !above.is_empty()
                && !trumps.minus(above).is_empty()
                && turn.legal == above
                && !partner_wins;
            teaches.then_some(above)
        }
        Goal::PartnerMaster => {
            let discards = turn.legal.minus(trump_cards);
            let teaches = !lead_is_trump
                && void
                && partner_wins
                && !trumps.is_empty()
                && turn.legal.and(trumps) == trumps;
            teaches.then_some(discards).and_then(nonempty)
        }
        Goal::Belote => {
            let belote = turn.trump().belote_cards();
            let teaches = turn.hand.and(belote) == belote && !belote.is_empty();
            let right = turn.legal.and(belote);
            (teaches && right != turn.legal).then_some(right).and_then(nonempty)
        }
        _ => None,
    }
}

/// The legal cards with which South takes the trick.
fn winners(turn: &Turn) -> CardSet {
    turn.legal
        .iter()
        .filter(|&c| turn.winner_with(c).is_some_and(|(s, _)| s == Seat::South))
        .collect()
}

/// Why `card`, a legal card of South's, is not the one asked for.
pub(super) fn reason(level: &Level, card: Card) -> Reason {
    let turn = Turn::of(&level.game);
    match (level.goal, turn) {
        (Goal::PartnerMaster, _) => Reason::SpentTrump(card),
        (Goal::Belote, _) => {
            let trump = level.game.deal().contract().map_or(Trump::NoTrump, |c| c.trump());
            Reason::NotBelote { card, belote: trump.belote_cards() }
        }
        (_, Some(turn)) => match turn.winner_with(card) {
            Some((winner, by)) => Reason::DoesNotWin { card, winner, by },
            None => Reason::NotHeld(card),
        },
        (_, None) => Reason::NotHeld(card),
    }
}
