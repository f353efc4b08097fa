//! Dealing: shuffle, cut, and 3-2-3 packets from the seat after the dealer in the direction of
//! play (the right-hand neighbour; the left-hand one in `plain`). Every random choice comes from a generator seeded by the game's seed and the deal's
//! number, so a game is reproducible from its seed alone and a save never stores RNG state.
//!
//! The generator ([`DealRng`], xoshiro256++), the shuffle and the draws are the game's own:
//! loading a save deals every deal again from its seed and compares, so their output must never
//! change with a crate's version. They give exactly what rand 0.10's `Xoshiro256PlusPlus`,
//! `shuffle` and `random_range` gave when the first games were saved; `tests/golden_deals.rs`
//! holds them to it.

use serde::{Deserialize, Serialize};

use crate::mix::{PHI, splitmix};
use crate::rules::{BySeat, Card, CardSet, Direction, Seat};

/// How the deck is prepared between deals (also the `--deal` flag's values).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealStyle {
    /// Shuffle before every deal.
    #[default]
    Shuffle,
    /// Table tradition: tricks gathered, cut and dealt; shuffled after four passed deals.
    Tradition,
}

/// The packets of a deal: 3, 2, then 3 cards to each player.
pub const PACKETS: [usize; 3] = [3, 2, 3];

/// The generator for one purpose of one deal of a game.
pub fn deal_rng(seed: u64, deal_index: usize, purpose: u64) -> DealRng {
    let mix = (deal_index as u64 + 1).wrapping_mul(PHI) ^ purpose.rotate_left(32);
    DealRng::new(seed ^ mix)
}

/// The xoshiro256++ generator of Blackman and Vigna, its state filled by SplitMix64 from a
/// 64-bit seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealRng([u64; 4]);

impl DealRng {
    /// The generator of `seed`.
    pub const fn new(seed: u64) -> DealRng {
        let mut s = [0; 4];
        let mut i = 0;
        while i < 4 {
            s[i] = splitmix(seed.wrapping_add(PHI.wrapping_mul(i as u64)));
            i += 1;
        }
        DealRng(s)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// The next 32 random bits: the high half of 64, the low bits being the weaker.
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A number below `n` (at least 1), by Lemire's widening multiply with one more draw when
    /// the first lands in the biased zone (Canon's method): at most 1 in 2^32 off even.
    pub fn below(&mut self, n: u32) -> u32 {
        let wide = |x: u32| {
            let m = u64::from(x) * u64::from(n);
            ((m >> 32) as u32, m as u32)
        };
        let (mut result, low) = wide(self.next_u32());
        if low > n.wrapping_neg() {
            let (carry, _) = wide(self.next_u32());
            result += u32::from(low.checked_add(carry).is_none());
        }
        result
    }

    /// Shuffles `items` (fewer than 2^32) by Fisher-Yates from the front: item `i` swaps with one
    /// of items `0..=i`. The draws for several items come out of one number below the product of
    /// their ranges, as many as fit in 32 bits, to save draws.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        // How many ranges from `m` up fit in one draw, and their product.
        fn chunk(m: u32) -> (u32, u32) {
            let (mut product, mut next) = (m, m + 1);
            while let Some(p) = product.checked_mul(next) {
                product = p;
                next += 1;
            }
            (product, next - m)
        }
        if items.len() <= 1 {
            return;
        }
        let (mut draw, mut left) = (0u32, 0u32);
        for i in 1..items.len() {
            let range = i as u32 + 1;
            if left == 0 {
                let (bound, count) = chunk(range);
                draw = self.below(bound);
                left = count;
            }
            left -= 1;
            // The last digit of a draw is what is left of it.
            let j = if left == 0 {
                draw
            } else {
                let d = draw % range;
                draw /= range;
                d
            };
            items.swap(i, j as usize);
        }
    }
}

/// A shuffled deck.
pub fn shuffled_deck(rng: &mut DealRng) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    rng.shuffle(&mut deck);
    deck
}

/// Cuts the deck: the top `at` cards go under the rest. Each packet holds at least 3 cards.
pub fn cut(deck: &mut [Card], rng: &mut DealRng) {
    let top = deck.len().saturating_sub(3).max(3) as u32;
    let at = 3 + rng.below(top - 2) as usize;
    deck.rotate_left(at.min(deck.len()));
}

/// Deals 8 cards each in packets of 3-2-3, going round in `dir` from the seat after the dealer:
/// anticlockwise from the right-hand neighbour, or clockwise from the left-hand one.
pub fn deal(deck: &[Card], dealer: Seat, dir: Direction) -> BySeat<CardSet> {
    let mut hands = BySeat([CardSet::EMPTY; 4]);
    let mut next = deck.iter().copied();
    for packet in PACKETS {
        for i in 0..4 {
            let seat = dealer.after_in(1 + i, dir);
            for card in next.by_ref().take(packet) {
                hands[seat].insert(card);
            }
        }
    }
    hands
}

/// Whether four hands are a deal: 8 cards each, every card once.
pub fn is_full_deal(hands: &BySeat<CardSet>) -> bool {
    hands.0.iter().all(|h| h.len() == 8)
        && hands.0.iter().fold(0u32, |acc, h| acc | h.0) == u32::MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_gives_eight_cards_each_and_uses_the_deck() {
        for seed in 0..50 {
            let mut rng = deal_rng(seed, 0, 0);
            let mut deck = shuffled_deck(&mut rng);
            cut(&mut deck, &mut rng);
            for dir in [Direction::Anticlockwise, Direction::Clockwise] {
                assert!(is_full_deal(&deal(&deck, Seat::West, dir)));
            }
        }
    }

    #[test]
    fn the_shuffle_is_a_permutation_and_below_stays_below() {
        let mut seed = 1u64;
        for len in 0..70usize {
            seed = splitmix(seed);
            let mut rng = DealRng::new(seed);
            let mut items: Vec<usize> = (0..len).collect();
            rng.shuffle(&mut items);
            items.sort_unstable();
            assert!(items.iter().copied().eq(0..len), "length {len}");
            for n in [1, 2, 3, 27, 1000, u32::MAX] {
                assert!(rng.below(n) < n);
            }
        }
    }

    #[test]
    fn packets_go_3_2_3_from_the_dealers_right() {
        let deck: Vec<Card> = Card::all().collect();
        let hands = deal(&deck, Seat::West, Direction::Anticlockwise);
        // South is the first served: cards 0-2, then 12-13, then 20-22.
        let south: Vec<usize> = hands[Seat::South].iter().map(Card::index).collect();
        assert_eq!(south, [0, 1, 2, 12, 13, 20, 21, 22]);
        let west: Vec<usize> = hands[Seat::West].iter().map(Card::index).collect();
        assert_eq!(west, [9, 10, 11, 18, 19, 29, 30, 31]);
    }

    #[test]
    fn clockwise_packets_go_from_the_dealers_left() {
        let deck: Vec<Card> = Card::all().collect();
        let hands = deal(&deck, Seat::West, Direction::Clockwise);
        // West deals clockwise: North first, then East, South, and West last.
        let index = |seat: Seat| hands[seat].iter().map(Card::index).collect::<Vec<_>>();
        assert_eq!(index(Seat::North), [0, 1, 2, 12, 13, 20, 21, 22]);
        assert_eq!(index(Seat::East), [3, 4, 5, 14, 15, 23, 24, 25]);
        assert_eq!(index(Seat::South), [6, 7, 8, 16, 17, 26, 27, 28]);
        assert_eq!(index(Seat::West), [9, 10, 11, 18, 19, 29, 30, 31]);
    }
}
