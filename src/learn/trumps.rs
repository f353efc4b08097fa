//! Counting the takers' trumps, a level of the defence: the first tricks of a real deal go by,
//! East-West holding the contract, and North shows out of trumps on a trump lead; South counts
//! how many trumps the takers still hold. Eight trumps in all: those fallen, South's own, none
//! with North, and the rest are theirs. The count is taken from the deal's hands and tricks,
//! and checked against that reckoning.

use super::table::{first_seed, played_out};
use super::{Goal, Level, Question, Reason, Scene};
use crate::rules::{CardSet, DoneTrick, Seat, Team, Trump};

/// The least trumps fallen for the count to teach something.
const FALLEN: u16 = 3;

/// The last trick a level shows (from 1): the count is made early in the deal.
const LAST_SHOWN: usize = 6;

/// How many trumps the takers hold after the tricks shown, and how South counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrumpCount {
    /// The trumps the takers hold.
    pub right: u16,
    /// The trumps played in the tricks shown.
    pub fallen: u16,
    /// South's trumps left.
    pub held: u16,
    /// The trick (from 0) on which North showed out of trumps.
    pub shown_out: usize,
    /// The trump.
    pub trump: Trump,
}

impl TrumpCount {
    /// Why `said` is not the count.
    pub fn reason(&self, said: u16) -> Reason {
        Reason::Trumps { said, count: *self }
    }

    /// The counts of the likely slips: South's own trumps forgotten, one trump missed or
    /// counted twice.
    pub fn wrong_counts(&self) -> Vec<u16> {
        let r = self.right;
        let mut counts = vec![r + self.held, r + 1, r.saturating_sub(1)];
        counts.retain(|&n| n != r);
        counts.dedup();
        counts
    }
}

/// The level of `goal`: the first deal where the takers are East-West and North shows out
/// of trumps early.
pub(super) fn build(goal: Goal) -> Option<Level> {
    first_seed(goal, |seed| {
        let game = played_out(seed)?;
        let d = game.history().last()?;
        let contract = d.contract?;
        if contract.team() != Team::EW {
            return None;
        }
        let trump = contract.trump();
        let (to, count) = counted(&d.tricks, d.record.hand_sets(), trump)?;
        let scene = Scene::Tricks { from: 0, to, pace: 0 };
        Some(Level { goal, game, scene, question: Question::Trumps(count) })
    })
}

/// The tricks to show and the count after them, when North shows out of trumps on a trump
/// lead early, enough trumps have fallen, and the takers still hold some.
fn counted(
    tricks: &[DoneTrick],
    dealt: crate::rules::BySeat<CardSet>,
    trump: Trump,
) -> Option<(usize, TrumpCount)> {
    let trumps = trump.cards();
    let is_trump = |c| trumps.contains(c);
    let shown_out = tricks.iter().take(LAST_SHOWN - 1).position(|t| {
        let led = t.trick.cards().first().is_some_and(|&c| is_trump(c));
        led && t.trick.plays().any(|(s, c)| s == Seat::North && !is_trump(c))
    })?;
    (shown_out + 1..=LAST_SHOWN).find_map(|to| {
        let shown = tricks.get(..to)?;
        let played = |seats: &[Seat]| -> u16 {
            let n = shown
                .iter()
                .flat_map(|t| t.trick.plays())
                .filter(|&(s, c)| seats.contains(&s) && is_trump(c))
                .count();
            u16::try_from(n).unwrap_or(0)
        };
        let fallen = played(&Seat::ALL);
        let held = u16::try_from(dealt[Seat::South].and(trumps).len())
            .unwrap_or(0)
            .saturating_sub(played(&[Seat::South]));
        let theirs = dealt[Seat::East].or(dealt[Seat::West]).and(trumps);
        let right = u16::try_from(theirs.len())
            .unwrap_or(0)
            .saturating_sub(played(&[Seat::East, Seat::West]));
        // The reckoning a defender makes gives the count the hands hold.
        let all = u16::try_from(trumps.len()).unwrap_or(0);
        let reckoned = all.checked_sub(fallen + held) == Some(right);
        (reckoned && fallen >= FALLEN && right > 0)
            .then_some((to, TrumpCount { right, fallen, held, shown_out, trump }))
    })
}
