//! The last two tricks: played out on plain numbers, every line of play (at most sixteen) four
//! nested loops deep, exact whatever the search's window, and their values remembered. The
//! searches of a deal reach the same eight cards in the same hands again and again (three times
//! in four over whole deals, from other orders of the earlier tricks and from each probe), and
//! two tricks cost more to play out than to look up.
//!
//! The cache is direct-mapped, of exact values under one trump mode: an entry holds the four
//! hands whole and who leads, so a hit is never a collision. The solver empties it when the mode
//! changes.

use super::order::CardOrder;
use super::state::{State, after_card, following, last_trick};
use crate::rules::{Card, CardSet, Team};

/// One position of two tricks left: the hands, the leader and which teams have no trick yet
/// (the capot), and North-South's points to come from it.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    hands: [u32; 4],
    /// The leader's seat index, then a bit per team without a trick; 0 for an empty entry.
    tag: u8,
    value: i16,
}

/// The cache.
#[derive(Clone, Debug)]
pub(crate) struct Endgames {
    entries: Vec<Entry>,
    shift: u32,
}

impl Endgames {
    /// A cache of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Endgames {
        let bits = bits.clamp(4, 24);
        Endgames { entries: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    /// Forgets every value: for a new trump mode or rules.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The tag of a position: never 0.
    fn tag(seat: u8, no_tricks: [bool; 2]) -> u8 {
        8 | seat | u8::from(no_tricks[0]) << 4 | u8::from(no_tricks[1]) << 5
    }

    fn index(&self, hands: &[u32; 4], tag: u8) -> usize {
        let a =
            (u64::from(hands[0]) | u64::from(hands[1]) << 32).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let b =
            (u64::from(hands[2]) | u64::from(hands[3]) << 32).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        let x = (a ^ b.rotate_left(29) ^ u64::from(tag)).wrapping_mul(0x1656_67b1_9e37_79f9);
        (x >> self.shift) as usize
    }

    /// The value stored for these hands, leader and capot flags, or the one `compute` gives,
    /// stored.
    #[inline]
    pub(crate) fn get_or(
        &mut self,
        hands: &[u32; 4],
        seat: u8,
        no_tricks: [bool; 2],
        compute: impl FnOnce() -> i16,
    ) -> i16 {
        let tag = Endgames::tag(seat, no_tricks);
        let i = self.index(hands, tag);
        let e = &self.entries[i];
        if e.tag == tag && e.hands == *hands {
            return e.value;
        }
        let value = compute();
        self.entries[i] = Entry { hands: *hands, tag, value };
        value
    }
}

/// North-South's points from the last two tricks (or the last one) with perfect play, `state`
/// at a trick's start: every line of play, at most sixteen, on plain numbers.
pub(super) fn last_tricks(state: &State, order: &CardOrder) -> i16 {
    if state.tricks_left() <= 1 {
        return last_trick(state, order);
    }
    let seats: [u8; 4] = std::array::from_fn(|k| (state.seat + state.step * k as u8) & 3);
    let hands = seats.map(|s| state.hands[usize::from(s)]);
    let north_south = seats.map(|s| usize::from(s & 1) == Team::NS.index());
    // The better of two values for the side of the seat at place `k` in the trick.
    let pick = |k: usize, a: i16, b: i16| if north_south[k] { a.max(b) } else { a.min(b) };
    let worst = |k: usize| if north_south[k] { i16::MIN } else { i16::MAX };
    let indices = |cards: u32| CardSet(cards).iter().map(Card::index);
    let legal = |k: usize, trick: (u8, u8, u8)| {
        following(order, hands[k], seats[k], usize::from(trick.0), trick.1, trick.2)
    };
    // The first trick complete, its cards by place: North-South's points from both tricks.
    let both = |cards: [usize; 4], winner: u8| {
        let points: u8 = cards.iter().map(|&c| order.points_of(c)).sum();
        let first = if usize::from(winner & 1) == Team::NS.index() { i16::from(points) } else { 0 };
        first + last_trick(&state.after_trick(&seats, cards, winner), order)
    };
    let mut best = worst(0);
    for c0 in indices(hands[0]) {
        let t0 = after_card(order, (0, 0, 0), true, seats[0], c0);
        let mut best1 = worst(1);
        for c1 in indices(legal(1, t0)) {
            let t1 = after_card(order, t0, false, seats[1], c1);
            let mut best2 = worst(2);
            for c2 in indices(legal(2, t1)) {
                let t2 = after_card(order, t1, false, seats[2], c2);
                let mut best3 = worst(3);
                for c3 in indices(legal(3, t2)) {
                    let (_, _, winner) = after_card(order, t2, false, seats[3], c3);
                    best3 = pick(3, best3, both([c0, c1, c2, c3], winner));
                }
                best2 = pick(2, best2, best3);
            }
            best1 = pick(1, best1, best2);
        }
        best = pick(0, best, best1);
    }
    best
}
