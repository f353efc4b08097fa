//! Speed of the search's building blocks: a position's legal cards and copy-make play down a
//! whole deal, and the worlds a seat cannot tell apart, counted and drawn. Run with
//! `cargo bench --bench search`: divan gives each its fastest, median, mean and slowest time.
//! The solver's whole deals are `cargo bench --bench solver`.

use contree::rules::{BySeat, Card, CardSet, RuleSet, Rules, Seat, Suit, Trump};
use contree::search::{Constraints, Position, Worlds};
use divan::{Bencher, black_box};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

fn main() {
    divan::main();
}

/// Deal `i`: a shuffled deck, a random trump suit and leader, under contrée's rules.
fn position(i: u64) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(i);
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut rng);
    let hands: BySeat<CardSet> =
        BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect());
    let trump = Trump::Suit(Suit::from_index(rng.random_range(0..4)));
    let leader = Seat::from_index(rng.random_range(0..4));
    let Ok(pos) = Position::new(hands, trump, leader, Rules::of(RuleSet::Contree)) else {
        unreachable!("a shuffled deck deals a position")
    };
    pos
}

/// The legal cards and a copy-make play of the first of them, down a whole deal.
#[divan::bench]
fn position_down_a_deal(bencher: Bencher) {
    let starts: Vec<Position> = (0..1024).map(position).collect();
    let mut k = 0;
    bencher.bench_local(|| {
        k = (k + 1) & 1023;
        let mut pos = starts[k];
        while let Some(card) = pos.legal_cards().first() {
            let mut next = pos;
            next.play(card);
            pos = next;
        }
        pos.points()
    });
}

/// South's worlds at the opening lead, East known void in hearts and West in clubs.
fn known() -> Constraints {
    let south = position(0).hands()[Seat::South];
    let mut known = Constraints::new(CardSet::FULL.minus(south), BySeat([0, 8, 8, 8]));
    known.forbid(Seat::East, CardSet::suit(Suit::Hearts));
    known.forbid(Seat::West, CardSet::suit(Suit::Clubs));
    known
}

#[divan::bench]
fn worlds_counted_24_cards_two_voids(bencher: Bencher) {
    let known = known();
    bencher.bench_local(|| Worlds::new(black_box(&known)).map_or(0, |w| w.count()));
}

#[divan::bench]
fn worlds_one_uniform_draw(bencher: Bencher) {
    let Ok(worlds) = Worlds::new(&known()) else { unreachable!("the voids leave worlds") };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    bencher.bench_local(|| worlds.sample(&mut rng)[Seat::East]);
}
