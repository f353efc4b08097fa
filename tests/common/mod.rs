//! Random deals played by random legal players, for property tests, in every rule set.

#![allow(dead_code)]

use contree::rules::{
    Auction, Bid, BidLevel, BySeat, Call, Card, CardPlay, DealRecord, Declared, RuleSet, Rules,
    Seat,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// Bytes that look like JSON now and then: braces, quotes, newlines, and anything else.
pub fn json_like_bytes() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..600),
        proptest::collection::vec(
            prop_oneof![Just(b'{'), Just(b'}'), Just(b'"'), Just(b'\n'), Just(b':'), any::<u8>()],
            0..600
        ),
    ]
}

/// A shuffled deal: the four hands.
pub fn random_hands(rng: &mut Xoshiro256PlusPlus) -> BySeat<Vec<Card>> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].to_vec())
}

/// A random legal auction: mostly passes, sometimes bids (in sans atout and tout atout too when
/// the rules allow them), contres and surcontres.
pub fn random_auction(rng: &mut Xoshiro256PlusPlus, dealer: Seat, rules: Rules) -> Auction {
    let mut auction = Auction::new(dealer, rules);
    while !auction.is_over() {
        let legal = auction.legal_calls();
        let call = if legal.surcontre && rng.random_bool(0.3) {
            Call::Surcontre
        } else if legal.contre && rng.random_bool(0.15) {
            Call::Contre
        } else if let Some(min) = legal.min_level.filter(|_| rng.random_bool(0.5)) {
            // Favour the lower bids so that auctions stay realistic.
            let levels: Vec<BidLevel> = BidLevel::ALL.into_iter().filter(|l| *l >= min).collect();
            let step = rng.random_range(0..levels.len().min(3));
            let trumps = legal.trumps();
            let trump = trumps[rng.random_range(0..trumps.len())];
            Call::Bid(Bid { level: levels[step], trump })
        } else {
            Call::Pass
        };
        auction.call_unchecked(call);
    }
    auction
}

/// A whole random contrée deal as a record, every call and card legal.
pub fn random_record(seed: u64) -> DealRecord {
    random_record_with(seed, None)
}

/// Every rule set, with and without sans atout / tout atout.
pub const ALL_RULES: [Rules; 6] = [
    Rules::of(RuleSet::Contree),
    Rules::of(RuleSet::Contree).with_nt_at(true),
    Rules::of(RuleSet::Coinche),
    Rules::of(RuleSet::Coinche).with_nt_at(true),
    Rules::of(RuleSet::Plain),
    Rules::of(RuleSet::Plain).with_nt_at(true),
];

/// A whole random deal under `rules` (the record's `rules` absent when `None`), every call and
/// card legal; under `coinche`, now and then a seat declares less than its best.
pub fn random_record_with(seed: u64, rules: Option<Rules>) -> DealRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let r = rules.unwrap_or_default();
    let dealer = Seat::from_index(rng.random_range(0..4));
    let hands = random_hands(&mut rng);
    let auction = random_auction(&mut rng, dealer, r);
    let mut play = Vec::new();
    if let Some(contract) = auction.contract() {
        let sets = BySeat::from_fn(|s| hands[s].iter().copied().collect());
        let mut cp = CardPlay::new(sets, contract.trump(), auction.first_to_speak(), r);
        while !cp.is_over() {
            let legal: Vec<Card> = cp.legal_cards().iter().collect();
            let card = legal[rng.random_range(0..legal.len())];
            cp.play_unchecked(card);
            play.push(card);
        }
    }
    let mut declared = Declared::default();
    if r.set.has_declarations() {
        for seat in Seat::ALL {
            if rng.random_bool(0.2) {
                declared.0[seat] = Some(Default::default());
            }
        }
    }
    DealRecord {
        dealer,
        hands,
        auction: auction.calls().to_vec(),
        play,
        rules,
        declared,
        game: None,
        claimed: None,
    }
}

/// The view of the seat to act at every step of `record`'s deal, the way the table gave it: the
/// record replayed through the game ([`contree::game::Replay`]).
pub fn views_of(record: &DealRecord) -> Vec<contree::game::SeatView> {
    let mut replay = contree::game::Replay::new(record).expect("a record's hands");
    let mut views = Vec::new();
    while let Some(turn) = replay.next_turn() {
        views.push(replay.view(turn.seat));
        replay.advance().expect("a legal action");
    }
    views
}
