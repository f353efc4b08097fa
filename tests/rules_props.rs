//! Invariants of the rules engine over random deals played with random legal cards.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use contree::rules::{
    BySeat, CAPOT_POINTS, Card, CardPlay, CardSet, DEAL_POINTS, ScoringRules, Seat, Trump,
    belote_team, legal_cards, score_deal,
};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_random_deal_keeps_every_invariant(seed in any::<u64>(), suit in 0usize..4, leader in 0usize..4) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let hands = common::random_hands(&mut rng);
        let sets: BySeat<CardSet> = hands.clone().map(|h| h.into_iter().collect());
        prop_assert_eq!(sets.0.iter().fold(0u32, |acc, h| acc | h.0), u32::MAX);
        let trump = Trump::Suit(contree::rules::Suit::from_index(suit));
        let mut play = CardPlay::new(sets, trump, Seat::from_index(leader));
        let mut played = CardSet::EMPTY;
        while let Some(seat) = play.to_play() {
            let hand = play.hands()[seat];
            let legal = play.legal_cards();
            prop_assert!(!legal.is_empty(), "a legal card always exists");
            prop_assert_eq!(legal.minus(hand), CardSet::EMPTY, "legal cards are in the hand");
            prop_assert_eq!(legal, legal_cards(hand, play.current_trick(), trump));
            for card in Card::all() {
                prop_assert_eq!(play.check(card).is_ok(), legal.contains(card), "check agrees on {}", card);
            }
            let pick: Vec<Card> = legal.iter().collect();
            let card = pick[rng.random_range(0..pick.len())];
            prop_assert!(!played.contains(card), "every card is played once");
            played.insert(card);
            prop_assert!(play.try_play(card).is_ok());
            let held: usize = play.hands().0.iter().map(|h| h.len()).sum();
            prop_assert_eq!(held + played.len(), 32, "32 cards conserved");
        }
        prop_assert_eq!(played, CardSet::FULL);
        let points = play.points();
        let tricks = play.tricks_won();
        let capot = tricks.0.contains(&8);
        prop_assert_eq!(points.0[0] + points.0[1], if capot { CAPOT_POINTS } else { DEAL_POINTS });
        prop_assert_eq!(tricks.0[0] + tricks.0[1], 8);
        let trick_points: u16 = play.tricks().iter().map(|t| t.points).sum();
        prop_assert_eq!(trick_points, points.0[0] + points.0[1]);
    }

    #[test]
    fn random_records_score_and_rescore(seed in any::<u64>()) {
        let record = common::random_record(seed);
        let scored = record.score();
        prop_assert!(scored.is_ok(), "{:?}", scored.err());
        let scored = scored.ok().unwrap_or_else(|| unreachable!());
        if let Some(c) = &scored.contract {
            let total = scored.card_points.0[0] + scored.card_points.0[1];
            prop_assert!(total == DEAL_POINTS || total == CAPOT_POINTS);
            // Scoring is a function of the card points and tricks, whatever the path.
            let hands: BySeat<CardSet> = record.hand_sets();
            let contract = record.replay_auction().ok().and_then(|a| a.contract());
            prop_assert!(contract.is_some());
            let contract = contract.unwrap_or_else(|| unreachable!());
            prop_assert_eq!(c.value, contract.value());
            let tricks = contree::rules::ByTeam::from_fn(|t| {
                scored.tricks.iter().filter(|tr| tr.winner.team() == t).count() as u8
            });
            let again = score_deal(&contract, scored.card_points, tricks, belote_team(&hands, contract.trump()), ScoringRules::default());
            prop_assert_eq!(again.score, scored.score);
        }
        // The record survives a JSON round trip.
        let json = serde_json::to_string(&record).unwrap_or_default();
        let back: Result<contree::rules::DealRecord, _> = serde_json::from_str(&json);
        prop_assert_eq!(back.ok(), Some(record));
    }
}

/// The binary and the library agree on many random records, sent in one batch.
#[test]
fn contree_score_agrees_with_the_library() {
    let records: Vec<_> =
        (0..300u64).map(|s| common::random_record(s.wrapping_mul(0x9e37_79b9))).collect();
    let input: String =
        records.iter().map(|r| serde_json::to_string(r).unwrap_or_default() + "\n").collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg("score")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("contree runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("contree finishes");
    writer.join().expect("writer").expect("written");
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).expect("UTF-8").lines().collect();
    assert_eq!(lines.len(), records.len());
    for (record, line) in records.iter().zip(lines) {
        let got: serde_json::Value = serde_json::from_str(line).expect("JSON answer");
        let scored = record.score().expect("random records are legal");
        let mut want = serde_json::to_value(&scored).expect("serializes");
        want["ok"] = serde_json::Value::Bool(true);
        assert_eq!(got, want);
    }
}
