//! Speed of the rules engine: `legal_cards`, a whole deal played by a random legal player (in
//! contrée with a suit trump, the default path, then in every set and trump mode), the best
//! declarations of a hand, and scoring deal records. Run with `cargo bench --bench rules`.

mod timing;

use std::hint::black_box;
use std::time::Instant;

use contree::rules::{
    BySeat, Card, CardPlay, CardSet, Combination, RuleSet, Rules, Seat, Suit, Trump, legal_cards,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use timing::bench;

fn deal(rng: &mut Xoshiro256PlusPlus) -> BySeat<CardSet> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect())
}

/// Plays the deal to the end with random legal cards; North-South's points.
fn play_out(mut play: CardPlay, rng: &mut Xoshiro256PlusPlus) -> u64 {
    while !play.is_over() {
        let legal = play.legal_cards();
        let n = rng.next_u32() as usize % legal.len();
        let card = legal.iter().nth(n).unwrap_or(Card::from_index(0));
        play.play_unchecked(card);
    }
    u64::from(play.points().0[0])
}

fn main() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let hands: Vec<BySeat<CardSet>> = (0..1024).map(|_| deal(&mut rng)).collect();

    // legal_cards on the positions of real deals, mid-trick.
    let mut positions = Vec::new();
    for h in &hands {
        let mut play = CardPlay::new(*h, Trump::Suit(Suit::Hearts), Seat::South, Rules::default());
        for _ in 0..(rng.next_u32() % 30) {
            let legal = play.legal_cards();
            play.play_unchecked(legal.first().unwrap_or(Card::from_index(0)));
        }
        let seat = play.to_play().unwrap_or(Seat::South);
        positions.push((play.hands()[seat], *play.current_trick()));
    }
    let mut i = 0;
    bench("legal_cards", || {
        i = (i + 1) & 1023;
        let (hand, trick) = &positions[i];
        let trump = Trump::Suit(Suit::Hearts);
        u64::from(legal_cards(black_box(*hand), black_box(trick), trump, Rules::default()).0)
    });

    // The same positions under every trump mode, with the plain set's underruff.
    let plain = Rules::of(RuleSet::Plain);
    let mut k = 0;
    bench("legal_cards, every trump mode, plain", || {
        k = (k + 1) & 1023;
        let (hand, trick) = &positions[k];
        let trump = Trump::ALL[k % Trump::NUM];
        u64::from(legal_cards(black_box(*hand), black_box(trick), trump, plain).0)
    });

    let mut j = 0;
    bench("random legal deal, 32 cards", || {
        j = (j + 1) & 1023;
        let trump = Trump::Suit(Suit::from_index(j));
        let play = CardPlay::new(hands[j], trump, Seat::from_index(j), Rules::default());
        play_out(play, &mut rng)
    });

    let sets = [Rules::of(RuleSet::Contree), Rules::of(RuleSet::Coinche), plain];
    let mut j = 0;
    bench("random legal deal, every set and trump mode", || {
        j = (j + 1) & 1023;
        let (trump, rules) = (Trump::ALL[j % Trump::NUM], sets[j % 3]);
        play_out(CardPlay::new(hands[j], trump, Seat::from_index(j), rules), &mut rng)
    });

    let mut h = 0;
    bench("best declarations of a hand", || {
        h = (h + 1) & 1023;
        let hand = hands[h][Seat::from_index(h)];
        u64::from(Combination::best(black_box(hand), Trump::Suit(Suit::Hearts)).points())
    });

    // contree score's work over 100,000 records: parse, check, score, write.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/public.jsonl"))
            .unwrap_or_default();
    let records: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["record"].to_string())
        .collect();
    let mut input = String::new();
    while input.lines().count() < 100_000 && !records.is_empty() {
        for r in &records {
            input.push_str(r);
            input.push('\n');
        }
    }
    let n = input.lines().count();
    let start = Instant::now();
    let mut out = Vec::with_capacity(input.len() * 2);
    let status = contree::score::run(input.as_bytes(), &mut out);
    let took = start.elapsed();
    black_box((status.is_ok(), out.len()));
    println!(
        "{:<40} {:>10.1} ms for {n} records ({:.2} µs/record)",
        "contree score (library path)",
        took.as_secs_f64() * 1e3,
        took.as_secs_f64() * 1e6 / n as f64
    );
}
