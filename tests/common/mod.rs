//! Random deals played by random legal players, for property tests.

#![allow(dead_code)]

use contree::rules::{Auction, Bid, BySeat, Call, Card, CardPlay, DealRecord, Level, Seat, Suit};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// A shuffled deal: the four hands.
pub fn random_hands(rng: &mut Xoshiro256PlusPlus) -> BySeat<Vec<Card>> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].to_vec())
}

/// A random legal auction: mostly passes, sometimes bids, contres and surcontres.
pub fn random_auction(rng: &mut Xoshiro256PlusPlus, dealer: Seat) -> Auction {
    let mut auction = Auction::new(dealer);
    while !auction.is_over() {
        let legal = auction.legal_calls();
        let call = if legal.surcontre && rng.random_bool(0.3) {
            Call::Surcontre
        } else if legal.contre && rng.random_bool(0.15) {
            Call::Contre
        } else if let Some(min) = legal.min_level.filter(|_| rng.random_bool(0.5)) {
            // Favour the lower bids so that auctions stay realistic.
            let levels: Vec<Level> = Level::ALL.into_iter().filter(|l| *l >= min).collect();
            let step = rng.random_range(0..levels.len().min(3));
            let suit = Suit::from_index(rng.random_range(0..4));
            Call::Bid(Bid::new(levels[step], suit))
        } else {
            Call::Pass
        };
        auction.call_unchecked(call);
    }
    auction
}

/// A whole random deal as a record, every call and card legal.
pub fn random_record(seed: u64) -> DealRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let dealer = Seat::from_index(rng.random_range(0..4));
    let hands = random_hands(&mut rng);
    let auction = random_auction(&mut rng, dealer);
    let mut play = Vec::new();
    if let Some(contract) = auction.contract() {
        let sets = BySeat::from_fn(|s| hands[s].iter().copied().collect());
        let mut cp = CardPlay::new(sets, contract.trump(), dealer.next());
        while !cp.is_over() {
            let legal: Vec<Card> = cp.legal_cards().iter().collect();
            let card = legal[rng.random_range(0..legal.len())];
            cp.play_unchecked(card);
            play.push(card);
        }
    }
    DealRecord { dealer, hands, auction: auction.calls().to_vec(), play, rules: None, game: None }
}
