//! Every call the convention makes satisfies its meaning, over random deals in every rule set;
//! the reading weighs a hand by the bounds it misses.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::bots::bidding::{Bidding, decide_call};
use crate::rules::{BidLevel, BySeat, Card, RuleSet, Suit};

/// Deals checked by the property test.
const DEALS: u64 = 10_000;

fn hands(rng: &mut Xoshiro256PlusPlus) -> BySeat<CardSet> {
    let mut deck: Vec<Card> = (0..32).map(Card::from_index).collect();
    for i in (1..deck.len()).rev() {
        let j = rng.random_range(0..=i);
        deck.swap(i, j);
    }
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect())
}

fn rules_of(k: u64) -> Rules {
    let set = RuleSet::ALL[(k % 3) as usize];
    Rules::of(set).with_nt_at(k % 2 == 1 && set != RuleSet::Plain)
}

/// Bids deal `k` out with the `normal` convention at every seat, each in a random style and
/// wobble, calling `each` with the auction before each call, the call and the caller's hand.
fn bid_out(k: u64, mut each: impl FnMut(&Auction, Call, CardSet)) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(k);
    let hands = hands(&mut rng);
    let dealer = Seat::ALL[rng.random_range(0..4)];
    let styles = BySeat::from_fn(|_| {
        if rng.random_range(0..2) == 0 { BiddingStyle::Cautious } else { BiddingStyle::Bold }
    });
    let mut auction = Auction::new(dealer, rules_of(k));
    while let Some(seat) = auction.to_speak() {
        let call =
            decide_call(seat, hands[seat], &auction, styles[seat], Bidding::NORMAL, &mut rng);
        each(&auction, call, hands[seat]);
        if auction.try_call(call).is_err() {
            panic!("deal {k}: the convention's {call:?} is illegal");
        }
    }
}

#[test]
fn every_call_of_the_convention_satisfies_its_meaning() {
    let mut calls = 0u64;
    let mut bounds = 0usize;
    for k in 0..DEALS {
        bid_out(k, |before, call, hand| {
            let m = Meaning::of(before, call);
            assert!(
                m.admits(hand),
                "deal {k}: {call:?} by {:?} with {hand:?} misses {:?} in {:?}",
                m.seat,
                m.shows.iter().find(|s| m.miss(s, hand).0 > 0),
                before.calls()
            );
            assert_eq!(m.likelihood(hand, &Reading::EXPERT), 1.0);
            calls += 1;
            bounds += m.shows.len();
        });
    }
    // The test reads something: most calls show a bound.
    assert!(calls > 4 * DEALS && bounds as u64 > calls, "{calls} calls, {bounds} bounds");
}

#[test]
fn a_call_the_convention_would_not_make_weighs_its_hand_down() {
    let hand: CardSet = "7H 8H QS 9D 8D 7C 8C 9C"
        .split_whitespace()
        .map(|t| t.parse::<Card>().expect("card"))
        .collect();
    let strong: CardSet = "JH 9H AH 7H AS AD 7C 8C"
        .split_whitespace()
        .map(|t| t.parse::<Card>().expect("card"))
        .collect();
    let before = Auction::new(Seat::West, Rules::default());
    let open = Meaning::of(
        &before,
        Call::Bid(Bid { level: BidLevel::Points(110), trump: Trump::Suit(Suit::Hearts) }),
    );
    assert!(open.admits(strong) && !open.admits(hand));
    let r = Reading::EXPERT;
    assert!(open.likelihood(hand, &r) < 0.01 && open.likelihood(hand, &r) >= r.floor);
    // A pass denies the opening the strong hand would make.
    let pass = Meaning::of(&before, Call::Pass);
    assert!(pass.admits(hand) && !pass.admits(strong));
    assert!(pass.likelihood(strong, &r) < pass.likelihood(hand, &r));
}

#[test]
fn every_meaning_is_worded_in_both_languages_and_folds_to_ascii() {
    use crate::text::{Lang, SuitStyle, Words};
    let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
    let fr = Words { lang: Lang::Fr, ..en };
    let mut seen = std::collections::HashSet::new();
    for k in 0..3_000 {
        bid_out(k, |before, call, _| {
            let m = Meaning::of(before, call);
            let (e, f) = (en.meaning(&m), fr.meaning(&m));
            assert!(!e.is_empty() && !f.is_empty() && e != f, "{e} / {f}");
            for w in [en, fr] {
                let a = Words { ascii: true, suits: SuitStyle::Letters, ..w }.meaning(&m);
                assert!(a.is_ascii(), "{a}");
            }
            if seen.insert(std::mem::discriminant(&m.situation))
                && std::env::var_os("MEANINGS").is_some()
            {
                println!("{:?}\n  {e}\n  {f}", before.calls());
            }
        });
    }
    // Every situation the convention bids into was worded.
    assert!(seen.len() >= 9, "{} situations", seen.len());
}
