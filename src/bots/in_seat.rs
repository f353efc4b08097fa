//! A deal played out by the computer players with a level of one's choosing in South's seat:
//! the expert in the player's seat, which the table works out after each deal to set the
//! player's result beside it, and the arena's measure of what such a comparison means.
//!
//! The three other seats decide as they do at the table ([`Level::decide`] from their view,
//! their persona's style, the game's seed and the expert's budget), so that they answer the same
//! situation the same way: where South's play leaves them the situation they met at the table,
//! they do what they did there.

use std::sync::atomic::{AtomicBool, Ordering};

use super::expert::Budget;
use super::{Decision, Level};
use crate::game::{DealResult, Game, GameError, Phase, Players, Replay};
use crate::personas::{self, BiddingStyle};
use crate::rules::{BySeat, ByTeam, DealRecord, Seat};

/// The computer players of a deal: their level, each seat's bidding style, the seed of their
/// random choices (the game's) and what the expert may spend on each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    /// The level of North, East and West.
    pub level: Level,
    /// Each seat's bidding style (South's too, for a level below the expert in its seat).
    pub styles: BySeat<BiddingStyle>,
    /// The seed of the game the deal is played in.
    pub seed: u64,
    /// What an expert decision may spend.
    pub budget: Budget,
}

impl Seats {
    /// The table's computer players of a game with `players` dealt from `seed`, at `level`.
    pub fn at_table(players: &Players, seed: u64, level: Level, budget: Budget) -> Seats {
        Seats { level, styles: BySeat::from_fn(|s| personas::style_of(&players[s])), seed, budget }
    }

    /// The level each seat's calls are read by, with `south` in South's seat.
    pub fn levels(&self, south: Level) -> BySeat<Level> {
        BySeat::from_fn(|s| if s == Seat::South { south } else { self.level })
    }
}

/// Plays `game`'s deal to its end, `south` deciding in South's seat and `seats` in the others,
/// each seat's calls read by the level that makes them (from a deal nobody has called in yet).
/// A raised `cancel` hurries the expert along (its answers are then no longer its own: the
/// caller drops the deal). Fails only if a player's action is refused, which is a bug.
pub fn play_out(
    game: &mut Game,
    south: Level,
    seats: &Seats,
    cancel: Option<&AtomicBool>,
) -> Result<(), GameError> {
    game.set_levels(seats.levels(south));
    while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
        let Some(seat) = game.to_act() else { break };
        let level = if seat == Seat::South { south } else { seats.level };
        let view = game.view(seat);
        let decision = Decision {
            view: &view,
            style: seats.styles[seat],
            seed: seats.seed,
            budget: seats.budget,
            cancel,
        };
        game.apply(seat, level.decide(&decision))?;
    }
    Ok(())
}

/// The score of `record`'s deal played again from its start with the expert in South's seat
/// (its advice's budget, `seats.budget`) and `seats` in the others: the comparison the table
/// sets beside the player's result. `None` when cancelled, or for a record the rules refuse
/// (which a deal the table finished never is).
pub fn expert_in_seat(
    record: &DealRecord,
    players: &Players,
    seats: &Seats,
    cancel: Option<&AtomicBool>,
) -> Option<ByTeam<u16>> {
    let mut game = Replay::deal_again(record, seats.seed, players.clone()).ok()?;
    play_out(&mut game, Level::Expert, seats, cancel).ok()?;
    if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        return None;
    }
    game.history().first().map(DealResult::points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, new_game};
    use crate::rules::{RuleSet, Rules};

    /// The players of a new game from `seed`.
    fn players(seed: u64) -> Players {
        new_game(GameOptions::default(), seed, None).players().clone()
    }

    /// A game's first deal, `south` deciding in South's seat.
    fn first_deal(rules: Rules, seed: u64, south: Level, seats: &Seats) -> Game {
        let mut game = new_game(GameOptions::of(rules), seed, None);
        play_out(&mut game, south, seats, None).expect("legal actions");
        game
    }

    #[test]
    fn a_deal_the_expert_played_in_south_s_seat_compares_equal_to_itself() {
        // South played by the expert with the advice's budget: playing the deal again with the
        // expert in that seat meets every situation of the first play, and so scores the same.
        let budget = Budget::worlds(4);
        for (i, set) in RuleSet::ALL.into_iter().enumerate() {
            let rules = Rules::of(set).with_nt_at(i == 1);
            let seed = 40 + i as u64;
            let players = players(seed);
            let seats = Seats::at_table(&players, seed, Level::Normal, budget);
            let game = first_deal(rules, seed, Level::Expert, &seats);
            let d = &game.history()[0];
            let again = expert_in_seat(&d.record, game.players(), &seats, None);
            assert_eq!(again, Some(d.points()), "{set:?}");
        }
    }

    #[test]
    fn the_other_seats_answer_the_same_play_the_same_way() {
        // The deal played again with the same level in South's seat is the same deal, call for
        // call and card for card; with the expert there, the comparison is the same each time.
        let budget = Budget::worlds(4);
        for seed in 0..6 {
            let players = players(seed);
            let seats = Seats::at_table(&players, seed, Level::Normal, budget);
            let game = first_deal(Rules::default(), seed, Level::Easy, &seats);
            let record = &game.history()[0].record;
            let mut again =
                Replay::deal_again(record, seed, players.clone()).expect("a deal the rules allow");
            play_out(&mut again, Level::Easy, &seats, None).expect("legal actions");
            assert_eq!(again.history()[0].record.auction, record.auction, "seed {seed}");
            assert_eq!(again.history()[0].record.play, record.play, "seed {seed}");
            let first = expert_in_seat(record, &players, &seats, None);
            assert!(first.is_some());
            assert_eq!(expert_in_seat(record, &players, &seats, None), first, "seed {seed}");
        }
    }

    #[test]
    fn a_cancelled_comparison_answers_nothing() {
        let players = players(3);
        let seats = Seats::at_table(&players, 3, Level::Normal, Budget::worlds(4));
        let game = first_deal(Rules::default(), 3, Level::Normal, &seats);
        let raised = AtomicBool::new(true);
        let record = &game.history()[0].record;
        assert_eq!(expert_in_seat(record, &players, &seats, Some(&raised)), None);
    }
}
