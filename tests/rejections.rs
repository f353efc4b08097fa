//! Every kind of broken record is rejected with the right kind, index and rule.

mod common;

use contree::rules::{
    CardPlay, CardSet, DealRecord, PlayError, RecordError, RejectKind, RuleSet, Rules, Seat,
    check_play,
};
use contree::score::score_text;
use serde_json::{Value, json};

fn base() -> Value {
    // Seed 004, example 1: East deals, North takes 100 hearts.
    json!({
        "dealer": "E",
        "hands": {
            "S": ["7C", "JS", "9C", "9D", "10C", "JC", "JD", "KD"],
            "E": ["KS", "7S", "QC", "8S", "QS", "AS", "9H", "8D"],
            "N": ["AH", "JH", "7H", "QH", "7D", "KC", "KH", "9S"],
            "W": ["8H", "AC", "8C", "10S", "QD", "10H", "10D", "AD"]
        },
        "auction": ["100H", "pass", "pass", "pass"],
        "play": ["JH", "8H", "9D", "9H", "AH", "10H", "7C", "7S", "KH", "8C", "JS", "KS", "QH",
                 "QD", "KD", "8S", "7H", "AD", "10C", "8D", "KC", "AC", "JC", "QC", "10S", "JD",
                 "AS", "9S", "QS", "7D", "10D", "9C"]
    })
}

fn answer(record: &Value) -> Result<(), RecordError> {
    let answers = score_text(&record.to_string()).expect("JSON input");
    assert_eq!(answers.len(), 1);
    answers.into_iter().next().expect("one answer").map(|_| ())
}

fn rejected(record: &Value) -> RecordError {
    answer(record).expect_err("the record must be rejected")
}

#[test]
fn the_base_record_is_accepted() {
    assert!(answer(&base()).is_ok());
}

#[test]
fn a_hand_with_seven_cards() {
    let mut r = base();
    r["hands"]["S"].as_array_mut().expect("array").pop();
    let e = rejected(&r);
    assert_eq!(e.kind, RejectKind::BadInput);
    assert!(e.reason.contains("7 cards"), "{}", e.reason);
}

#[test]
fn a_card_twice() {
    let mut r = base();
    r["hands"]["S"][0] = json!("KS");
    let e = rejected(&r);
    assert_eq!(e.kind, RejectKind::BadInput);
    assert!(e.reason.contains("KS"), "{}", e.reason);
}

#[test]
fn a_fifth_seat_in_the_hands() {
    let mut r = base();
    let cards = r["hands"]["W"].clone();
    r["hands"]["X"] = cards;
    let e = rejected(&r);
    assert_eq!(e.kind, RejectKind::BadInput);
    assert_eq!(
        e.reason,
        "not a deal record: unknown seat `X`: the seats are S, E, N and W, once each"
    );
    // A seat given twice is refused the same way.
    let text = base().to_string().replacen("\"S\":", "\"N\":[],\"S\":", 1);
    let answers = score_text(&text).expect("JSON input");
    let e = answers[0].as_ref().expect_err("refused");
    assert!(e.reason.contains("seat `N` given twice"), "{}", e.reason);
}

#[test]
fn unknown_tokens() {
    let mut r = base();
    r["auction"][0] = json!("85H");
    let e = rejected(&r);
    assert_eq!((e.kind, e.index), (RejectKind::BadInput, Some(0)));
    assert!(e.reason.contains("85H"));
    let mut r = base();
    r["hands"]["W"][3] = json!("11S");
    assert_eq!(rejected(&r).kind, RejectKind::BadInput);
    let mut r = base();
    r["play"][5] = json!("ZZ");
    let e = rejected(&r);
    assert_eq!((e.kind, e.index), (RejectKind::BadInput, Some(5)));
    let mut r = base();
    r["dealer"] = json!("X");
    assert_eq!(rejected(&r).kind, RejectKind::BadInput);
    let mut r = base();
    r.as_object_mut().expect("object").remove("play");
    assert_eq!(rejected(&r).kind, RejectKind::BadInput);
}

fn auction_error(tokens: &[&str]) -> RecordError {
    let mut r = base();
    r["auction"] = json!(tokens);
    r["play"] = json!([]);
    rejected(&r)
}

#[test]
fn illegal_calls() {
    // East deals: North, West, South, East speak in that order.
    let e = auction_error(&["80H", "pass", "contre"]);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::IllegalBid, Some(2), Some(Seat::South)));
    assert!(e.reason.contains("own team"), "{}", e.reason);
    let e = auction_error(&["80H", "contre", "pass", "surcontre"]);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::IllegalBid, Some(3), Some(Seat::East)));
    assert!(e.reason.contains("contré team"), "{}", e.reason);
    let e = auction_error(&["80H", "contre", "90S"]);
    assert_eq!((e.kind, e.index), (RejectKind::IllegalBid, Some(2)));
    assert!(e.reason.contains("after a contre"), "{}", e.reason);
    let e = auction_error(&["90H", "80S"]);
    assert_eq!((e.kind, e.index), (RejectKind::IllegalBid, Some(1)));
    let e = auction_error(&["100H", "pass", "pass", "pass", "pass"]);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::IllegalBid, Some(4), Some(Seat::North)));
    assert!(e.reason.contains("auction is over"));
    let e = auction_error(&["100H", "pass"]);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::Incomplete, Some(2), Some(Seat::South)));
}

#[test]
fn a_33rd_card_and_a_truncated_play() {
    let mut r = base();
    r["play"].as_array_mut().expect("array").push(json!("JH"));
    let e = rejected(&r);
    assert_eq!((e.kind, e.index), (RejectKind::IllegalPlay, Some(32)));
    let mut r = base();
    r["play"].as_array_mut().expect("array").pop();
    let e = rejected(&r);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::Incomplete, Some(31), Some(Seat::South)));
}

#[test]
fn a_card_not_in_the_hand() {
    let mut r = base();
    // North leads, but plays one of West's cards.
    r["play"][0] = json!("8H");
    r["play"][1] = json!("JH");
    let e = rejected(&r);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::IllegalPlay, Some(0), Some(Seat::North)));
    assert!(e.reason.contains("not in the hand"), "{}", e.reason);
}

/// Finds, in random legal deals, a position where swapping two of one player's cards breaks
/// `rule`, and checks that the record is rejected there with that rule named.
fn find_and_check(rule: fn(&PlayError) -> bool, words: &str) {
    find_and_check_in(None, rule, words);
}

/// [`find_and_check`] in deals under `rules`.
fn find_and_check_in(rules: Option<Rules>, rule: fn(&PlayError) -> bool, words: &str) {
    for seed in 0..4000u64 {
        let record = common::random_record_with(seed, rules);
        let Some(auction) = record.replay_auction().ok() else {
            continue;
        };
        let Some(contract) = auction.contract() else {
            continue;
        };
        let (trump, leader) = (contract.trump(), auction.first_to_speak());
        let mut play = CardPlay::new(record.hand_sets(), trump, leader, record.rules());
        for (i, &card) in record.play.iter().enumerate() {
            let seat = play.to_play().expect("deal in progress");
            let hand = play.hands()[seat];
            for other in hand.minus(CardSet::single(card)).iter() {
                let err = check_play(hand, play.current_trick(), trump, record.rules(), other);
                if err.as_ref().is_err_and(rule) {
                    let j = (i + 1..record.play.len())
                        .find(|&j| record.play[j] == other)
                        .expect("the other card is played later");
                    let mut broken: DealRecord = record.clone();
                    broken.play.swap(i, j);
                    let e = broken.score().expect_err("must be rejected");
                    assert_eq!(
                        (e.kind, e.index, e.seat),
                        (RejectKind::IllegalPlay, Some(i), Some(seat))
                    );
                    assert!(e.reason.contains(words), "{}", e.reason);
                    return;
                }
            }
            play.play_unchecked(card);
        }
    }
    panic!("no deal offered a chance to break the rule");
}

#[test]
fn a_revoke() {
    find_and_check(|e| matches!(e, PlayError::MustFollow { .. }), "must follow");
}

#[test]
fn a_missed_overtrump() {
    find_and_check(|e| matches!(e, PlayError::MustOvertrump { .. }), "must overtrump: holds");
}

#[test]
fn a_missed_trump() {
    find_and_check(|e| matches!(e, PlayError::MustTrump { .. }), "must trump: holds");
}

#[test]
fn a_tout_atout_card_that_does_not_beat_the_suit_led() {
    let rules = Rules::of(RuleSet::Contree).with_nt_at(true);
    find_and_check_in(Some(rules), |e| matches!(e, PlayError::MustBeat { .. }), "must beat");
}

#[test]
fn a_missed_underruff_in_plain() {
    let rules = Rules::of(RuleSet::Plain);
    find_and_check_in(Some(rules), |e| matches!(e, PlayError::MustUnderruff { .. }), "even under");
}

#[test]
fn a_revoke_when_play_turns_clockwise() {
    let rules = Rules::of(RuleSet::Plain).with_nt_at(true);
    find_and_check_in(Some(rules), |e| matches!(e, PlayError::MustFollow { .. }), "must follow");
}

#[test]
fn sans_atout_and_tout_atout_bids_need_the_option() {
    let mut r = base();
    r["auction"] = json!(["100NT", "pass", "pass", "pass"]);
    let e = rejected(&r);
    assert_eq!((e.kind, e.index, e.seat), (RejectKind::IllegalBid, Some(0), Some(Seat::North)));
    assert!(e.reason.contains("sans atout / tout atout"), "{}", e.reason);
    r["rules"] = json!({"nt_at": true});
    // The option on, the bid stands and the play is checked against it.
    let kind = answer(&r).err().map(|e| e.kind);
    assert_ne!(kind, Some(RejectKind::IllegalBid));
}

#[test]
fn bad_rules_and_declarations_are_bad_input() {
    for rules in [json!({"set": "classic"}), json!({"nt_at": 1}), json!({"set": 3})] {
        let mut r = base();
        r["rules"] = rules;
        assert_eq!(rejected(&r).kind, RejectKind::BadInput);
    }
    // North holds A K Q J of hearts (a cinquante, not a tierce) and one king; X is no seat.
    for declared in [
        json!({"N": ["tierce:AH"]}),
        json!({"N": ["carre:K"]}),
        json!({"N": ["quinte:AH"]}),
        json!({"X": []}),
        json!({"N": "tierce:AH"}),
    ] {
        let mut r = base();
        r["rules"] = json!({"set": "coinche"});
        r["declared"] = declared.clone();
        let e = rejected(&r);
        assert_eq!(e.kind, RejectKind::BadInput, "{declared}");
    }
    // Declarations belong to coinche: elsewhere they are not read.
    let mut r = base();
    r["declared"] = json!({"N": ["tierce:AH"]});
    assert!(answer(&r).is_ok());
}

/// How `contree score` (a line, or a record over several lines), `contree analyse` (each record
/// read) and `--deal-file` (the first record) each read `text`: what is read, or the error.
fn read_three_ways(text: &str) -> [Result<(), String>; 3] {
    let score = score_text(text).expect("JSON input");
    let score = score[0].as_ref().map(|_| ()).map_err(|e| e.reason.clone());
    let mut each = Vec::new();
    contree::score::each_record(text.as_bytes(), |r| {
        each.push(r.map(|_| ()).map_err(|e| e.reason));
        Ok(())
    })
    .expect("read");
    let first = contree::score::first_record(text.as_bytes()).expect("read");
    [score, each.remove(0), first.map(|_| ()).map_err(|e| e.reason)]
}

#[test]
fn score_analyse_and_a_deal_file_read_a_record_alike() {
    let line = base().to_string();
    let pretty = serde_json::to_string_pretty(&base()).expect("JSON");
    // A field twice is refused, however the record is laid out.
    for text in [&line, &pretty] {
        let twice = text.replacen("\"dealer\":", "\"dealer\": \"S\", \"dealer\":", 1);
        for read in read_three_ways(&twice) {
            let e = read.expect_err("a field twice");
            assert_eq!(e, "not a deal record: duplicate field `dealer`", "{twice}");
        }
        // A field of no meaning is passed over, however deep it goes.
        let deep = format!("{}\"x\": {}{}, {}", "{", "[".repeat(300), "]".repeat(300), &text[1..]);
        for read in read_three_ways(&deep) {
            assert_eq!(read, Ok(()), "{deep}");
        }
    }
}

#[test]
fn a_record_is_an_object_and_its_parts_too() {
    let record = base();
    let array = format!("[{record}, {record}]\n");
    for read in read_three_ways(&array) {
        let e = read.expect_err("an array");
        assert!(e.starts_with("not a deal record: a record is a JSON object, not an array"), "{e}");
    }
    // A record written as the array of its fields in order is no record either.
    let fields = json!([record["dealer"], record["hands"], record["auction"], record["play"]]);
    for read in read_three_ways(&fields.to_string()) {
        assert!(read.expect_err("fields in order").contains("a JSON object"));
    }
    for text in ["\"S\"", "12", "null", "true"] {
        for read in read_three_ways(text) {
            assert!(read.expect_err(text).contains("a record is a JSON object, not "), "{text}");
        }
    }
    // The rules and the game are objects, and the totals name the two teams alone.
    let mut rules = base();
    rules["rules"] = json!(["contree", false, "made", "standard"]);
    assert!(rejected(&rules).reason.contains("expected an object"), "{}", rejected(&rules));
    let mut game = base();
    game["game"] = json!({"target": 1000, "before": {"NS": 0, "EW": 0, "XX": 1}});
    assert_eq!(
        rejected(&game).reason,
        "not a deal record: unknown team `XX`: the teams are NS and EW, once each"
    );
    game["game"] = json!([1000, {"NS": 0, "EW": 0}]);
    assert!(rejected(&game).reason.contains("expected an object"), "{}", rejected(&game));
}
