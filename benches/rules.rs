//! Speed of the rules engine: `legal_cards`, a whole deal played by a random legal player (in
//! contrée with a suit trump, the default path, then in every set and trump mode), the best
//! declarations of a hand, and `contree score`'s work over 100,000 records. Run with
//! `cargo bench --bench rules`: divan gives each its fastest, median, mean and slowest time.

use std::sync::LazyLock;

use contree::rules::{
    BySeat, Card, CardPlay, CardSet, Combination, RuleSet, Rules, Seat, Suit, Trump, legal_cards,
};
use divan::{Bencher, black_box};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn main() {
    divan::main();
}

fn deal(rng: &mut Xoshiro256PlusPlus) -> BySeat<CardSet> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect())
}

/// 1,024 seeded deals.
static HANDS: LazyLock<Vec<BySeat<CardSet>>> = LazyLock::new(|| {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    (0..1024).map(|_| deal(&mut rng)).collect()
});

/// A hand and the trick on the table at a position of each of [`HANDS`]' deals, mid-trick.
static POSITIONS: LazyLock<Vec<(CardSet, contree::rules::Trick)>> = LazyLock::new(|| {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    HANDS
        .iter()
        .map(|h| {
            let mut play =
                CardPlay::new(*h, Trump::Suit(Suit::Hearts), Seat::South, Rules::default());
            for _ in 0..(rng.next_u32() % 30) {
                let legal = play.legal_cards();
                play.play_unchecked(legal.first().unwrap_or(Card::from_index(0)));
            }
            let seat = play.to_play().unwrap_or(Seat::South);
            (play.hands()[seat], *play.current_trick())
        })
        .collect()
});

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

#[divan::bench]
fn legal_cards_mid_trick(bencher: Bencher) {
    LazyLock::force(&POSITIONS);
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) & 1023;
        let (hand, trick) = &POSITIONS[i];
        let trump = Trump::Suit(Suit::Hearts);
        legal_cards(black_box(*hand), black_box(trick), trump, Rules::default())
    });
}

/// The same positions under every trump mode, with the plain set's underruff.
#[divan::bench]
fn legal_cards_every_trump_mode_plain(bencher: Bencher) {
    let plain = Rules::of(RuleSet::Plain);
    LazyLock::force(&POSITIONS);
    let mut k = 0;
    bencher.bench_local(|| {
        k = (k + 1) & 1023;
        let (hand, trick) = &POSITIONS[k];
        legal_cards(black_box(*hand), black_box(trick), Trump::ALL[k % Trump::NUM], plain)
    });
}

#[divan::bench]
fn random_legal_deal_32_cards(bencher: Bencher) {
    LazyLock::force(&HANDS);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut j = 0;
    bencher.bench_local(|| {
        j = (j + 1) & 1023;
        let trump = Trump::Suit(Suit::from_index(j));
        play_out(CardPlay::new(HANDS[j], trump, Seat::from_index(j), Rules::default()), &mut rng)
    });
}

#[divan::bench]
fn random_legal_deal_every_set_and_trump_mode(bencher: Bencher) {
    let sets =
        [Rules::of(RuleSet::Contree), Rules::of(RuleSet::Coinche), Rules::of(RuleSet::Plain)];
    LazyLock::force(&HANDS);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(10);
    let mut j = 0;
    bencher.bench_local(|| {
        j = (j + 1) & 1023;
        let (trump, rules) = (Trump::ALL[j % Trump::NUM], sets[j % 3]);
        play_out(CardPlay::new(HANDS[j], trump, Seat::from_index(j), rules), &mut rng)
    });
}

#[divan::bench]
fn best_declarations_of_a_hand(bencher: Bencher) {
    LazyLock::force(&HANDS);
    let mut h = 0;
    bencher.bench_local(|| {
        h = (h + 1) & 1023;
        let hand = HANDS[h][Seat::from_index(h)];
        Combination::best(black_box(hand), Trump::Suit(Suit::Hearts)).points()
    });
}

/// `contree score`'s work over 100,000 records: parse, check, score, write (the library's
/// path, without the process).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn contree_score_100_000_records(bencher: Bencher) {
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
    bencher.bench_local(|| {
        let mut out = Vec::with_capacity(input.len() * 2);
        let status = contree::score::run(black_box(input.as_bytes()), &mut out);
        (status.is_ok(), out.len())
    });
}
