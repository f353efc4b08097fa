//! Dealing: shuffle, cut by the dealer's left-hand neighbour, and 3-2-3 packets from the dealer's
//! right. Every random choice comes from a generator seeded by the game's seed and the deal's
//! number, so a game is reproducible from its seed alone and a save never stores RNG state.

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::rules::{BySeat, Card, CardSet, Direction, Seat};

/// How the deck is prepared between deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealStyle {
    /// A full shuffle before every deal.
    #[default]
    Shuffle,
    /// Table tradition: no shuffle between deals; the tricks are gathered in the order they were
    /// won, cut and dealt. The deck is shuffled after four all-pass deals in a row.
    Tradition,
}

/// The packets of a deal: 3, 2, then 3 cards to each player.
pub const PACKETS: [usize; 3] = [3, 2, 3];

/// The generator for one purpose of one deal of a game.
pub fn deal_rng(seed: u64, deal_index: usize, purpose: u64) -> Xoshiro256PlusPlus {
    let mix = (deal_index as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ purpose.rotate_left(32);
    Xoshiro256PlusPlus::seed_from_u64(seed ^ mix)
}

/// A step of the SplitMix64 generator: a well-mixed seed from another (successive games, the
/// deals of a match).
pub const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A shuffled deck.
pub fn shuffled_deck(rng: &mut Xoshiro256PlusPlus) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    deck
}

/// Cuts the deck: the top `at` cards go under the rest. Each packet holds at least 3 cards.
pub fn cut(deck: &mut [Card], rng: &mut Xoshiro256PlusPlus) {
    let at = rng.random_range(3..=deck.len().saturating_sub(3).max(3));
    deck.rotate_left(at.min(deck.len()));
}

/// Deals 8 cards each in packets of 3-2-3, anticlockwise from the dealer's right-hand neighbour.
pub fn deal(deck: &[Card], dealer: Seat) -> BySeat<CardSet> {
    let mut hands = BySeat([CardSet::EMPTY; 4]);
    let mut next = deck.iter().copied();
    for packet in PACKETS {
        for i in 0..4 {
            let seat = dealer.after_in(1 + i, Direction::Anticlockwise);
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
            let hands = deal(&deck, Seat::West);
            assert!(is_full_deal(&hands));
        }
    }

    #[test]
    fn packets_go_3_2_3_from_the_dealers_right() {
        let deck: Vec<Card> = Card::all().collect();
        let hands = deal(&deck, Seat::West);
        // South is the first served: cards 0-2, then 12-13, then 20-22.
        let south: Vec<usize> = hands[Seat::South].iter().map(Card::index).collect();
        assert_eq!(south, [0, 1, 2, 12, 13, 20, 21, 22]);
        let west: Vec<usize> = hands[Seat::West].iter().map(Card::index).collect();
        assert_eq!(west, [9, 10, 11, 18, 19, 29, 30, 31]);
    }
}
