//! Claims at the table, on built deals: South's correct and incorrect claims, and a computer
//! player's; how a claim is shown, a trick at a time, skipped, refused a take-back and resumed.

use super::*;
use crate::bots::Level;
use crate::bots::expert::Budget;
use crate::game::Replay;
use crate::rules::{BySeat, Call, DealRecord, Team};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}"))).collect()
}

/// A deal dealt by `dealer` (South, East, North, West's hands), its auction and the cards
/// played so far, at a table of instant computer players.
fn table(dealer: Seat, hands: [&str; 4], auction: &str, play: &str) -> Table {
    let record = DealRecord {
        dealer,
        hands: BySeat(hands.map(cards)),
        auction: auction
            .split_whitespace()
            .map(|c| c.parse().unwrap_or_else(|e| panic!("{c}: {e}")))
            .collect(),
        play: cards(play),
        rules: None,
        declared: Default::default(),
        game: None,
        claimed: None,
    };
    let game = Replay::new(&record)
        .and_then(Replay::finish)
        .unwrap_or_else(|e| panic!("a deal in progress: {e}"));
    let prefs = Prefs {
        level: Level::Normal,
        speed: Speed::Instant,
        auto_play: false,
        hint: false,
        undo: true,
        choose_declarations: false,
        budget: Budget::DEFAULT,
        compare: false,
        daily: false,
    };
    let (mut table, _) = Table::new(game, prefs, 0);
    // The new deal's pause, then the first turn.
    table.update(TableMsg::Timer);
    table
}

/// Ends every pause of the table until there is none: the outs of all of them, in order.
fn to_the_end(t: &mut Table) -> Vec<Out> {
    let mut out = Vec::new();
    for _ in 0..64 {
        if t.wait().is_none() {
            return out;
        }
        out.extend(t.update(TableMsg::Timer));
    }
    panic!("the pauses never end: {out:?}");
}

/// The cards played in `out`, with who played them.
fn played(out: &[Out]) -> Vec<(Seat, Card)> {
    let card = |o: &Out| match *o {
        Out::Acted(seat, Action::Play(c)) => Some((seat, c)),
        _ => None,
    };
    out.iter().filter_map(card).collect()
}

/// South holds every trump and leads after the first trick, which North-South took.
const SOUTH_HOLDS_THE_REST: [&str; 4] = [
    "JS 9S AS 10S KS QS 8S 7S",
    "7H 8H 9H 10H AD KD QD JD",
    "AH 7D 8D 9D 10D 7C 8C 9C",
    "JH QH KH 10C JC QC KC AC",
];

#[test]
fn a_correct_claim_plays_the_rest_out_for_south_and_scores_the_deal() {
    // West deals; South bids, and its jack of trumps takes the first trick: its trumps take
    // the rest.
    let mut t = table(Seat::West, SOUTH_HOLDS_THE_REST, "80S pass pass pass", "JS 7H AH JH");
    assert!(t.claim_allowed(), "South's turn to play");
    let mut out = t.update(TableMsg::Claim);
    assert!(out.contains(&Out::Told(Notice::Claimed(Seat::South))), "{out:?}");
    out.extend(to_the_end(&mut t));
    assert!(out.contains(&Out::DealFinished));
    assert_eq!(out.iter().filter(|o| **o == Out::Save).count(), 7, "a save a trick: {out:?}");
    assert_eq!(played(&out).len(), 28, "every card left is played through the game");
    let result = t.game().history().last().unwrap_or_else(|| panic!("the deal is scored"));
    assert_eq!(result.tricks_won[Team::NS], 8);
    assert_eq!(result.tricks_won[Team::EW], 0);
    assert!(t.deal_over());
}

/// South holds every spade but the seven, and the seven of hearts; West the four top hearts and
/// the four top clubs.
const SPADES_BUT_A_HEART: [&str; 4] = [
    "JS 9S AS 10S KS QS 8S 7H",
    "7S 8H 9H 10H AD KD QD JD",
    "7D 8D 9D 10D 7C 8C 9C 10C",
    "JH QH KH AH JC QC KC AC",
];

#[test]
fn an_incorrect_claim_is_refused_and_play_goes_on() {
    // South's seven of hearts loses to a heart of East or West once the trumps are drawn.
    let mut t = table(Seat::West, SPADES_BUT_A_HEART, "80S pass pass pass", "");
    assert!(t.claim_allowed());
    let before = t.game().deal().played();
    let out = t.update(TableMsg::Claim);
    assert_eq!(out, vec![Out::Told(Notice::ClaimRefused { defending: false }), Out::SouthToAct]);
    assert_eq!(t.game().deal().played(), before, "nothing played");
    assert!(t.south_to_play());
    // Play goes on: South's card is taken.
    let out = t.update(TableMsg::Play("JS".parse().unwrap_or_else(|e| panic!("{e}"))));
    assert!(out.contains(&Out::Acted(Seat::South, Action::Play(cards("JS")[0]))), "{out:?}");
}

#[test]
fn a_claim_refused_in_defence_speaks_of_the_takers() {
    // West takes 80 in clubs and leads its ace of trumps; South, in defence, claims the rest
    // with its spades, but West's trumps take tricks.
    let mut t = table(Seat::North, SPADES_BUT_A_HEART, "80C pass pass pass", "AC");
    assert!(t.claim_allowed(), "South's turn to play");
    let out = t.update(TableMsg::Claim);
    assert_eq!(out, vec![Out::Told(Notice::ClaimRefused { defending: true }), Out::SouthToAct]);
}

#[test]
fn a_claim_waits_for_souths_turn() {
    let mut t = table(Seat::West, SOUTH_HOLDS_THE_REST, "80S pass pass pass", "JS");
    assert!(!t.claim_allowed(), "East to play");
    let played = t.game().deal().played();
    assert!(t.update(TableMsg::Claim).iter().all(|o| !matches!(o, Out::Told(_))));
    assert_eq!(t.game().deal().played(), played);
}

/// South to deal, the hands from South round: East holds every spade, and bids them.
const EAST_HOLDS_EVERY_TRUMP: [&str; 4] = [
    "7H 8H 9H 10H AD KD QD JD",
    "JS 9S AS 10S KS QS 8S 7S",
    "AH 7D 8D 9D 10D 7C 8C 9C",
    "JH QH KH 10C JC QC KC AC",
];

#[test]
fn a_computer_player_claims_when_its_side_takes_the_rest() {
    // South deals; East holds every trump, bids and leads.
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    assert_eq!(t.wait(), Some(Wait::Bot(Seat::East)));
    let mut out = t.update(TableMsg::Timer);
    assert!(out.contains(&Out::Told(Notice::Claimed(Seat::East))), "{out:?}");
    out.extend(to_the_end(&mut t));
    assert!(!out.iter().any(|o| matches!(o, Out::Think(_))), "no one is asked to think");
    let result = t.game().history().last().unwrap_or_else(|| panic!("the deal is scored"));
    assert_eq!(result.tricks_won[Team::EW], 8);
    assert_eq!(out.last(), Some(&Out::Summary));
}

#[test]
fn a_computer_players_claim_shows_each_trick_before_the_deals_end() {
    // East claims before the first card: South's eight cards are played for it, a trick at a
    // time, each held on the table before the next.
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    let east = t.game().deal().hands()[Seat::East];
    let out = t.update(TableMsg::Timer);
    assert_eq!(out[0], Out::Told(Notice::Claimed(Seat::East)), "who claimed comes first");
    let claim = t.claiming().cloned().unwrap_or_else(|| panic!("the claim is shown: {out:?}"));
    assert_eq!((claim.seat(), claim.shown()), (Seat::East, east), "East's cards, face up");
    for trick in 1..=8 {
        let out = if trick == 1 { out.clone() } else { t.update(TableMsg::Timer) };
        let cards = played(&out);
        assert_eq!(cards.len(), 4, "trick {trick}, one at a time: {out:?}");
        assert_eq!(cards.iter().filter(|(s, _)| *s == Seat::South).count(), 1);
        assert_eq!(out.iter().filter(|o| **o == Out::Save).count(), 1, "one save: {out:?}");
        assert_eq!(t.deal_tricks().len(), trick);
        let shown = t.shown_trick().map(|d| d.trick);
        assert_eq!(shown.as_ref().map(|s| s.plays().collect()), Some(cards), "on the table");
        assert_eq!(t.wait(), Some(Wait::Gather));
        assert!(t.claiming().is_some(), "trick {trick}");
        assert!(!t.south_to_play() && t.undoable().is_err());
        // The deal ends with its last card, and its summary waits for the last trick.
        assert_eq!(out.contains(&Out::DealFinished), trick == 8, "trick {trick}: {out:?}");
        assert!(!out.contains(&Out::Summary), "trick {trick}: {out:?}");
    }
    assert_eq!(t.update(TableMsg::Timer), vec![Out::Summary]);
    assert!(t.claiming().is_none() && t.shown_trick().is_none());
}

#[test]
fn a_claim_skipped_is_played_out_at_once_to_the_deals_summary() {
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    t.update(TableMsg::Timer);
    let out = t.update(TableMsg::SkipClaim);
    assert_eq!(played(&out).len(), 28, "the seven tricks left: {out:?}");
    assert_eq!(out.iter().filter(|o| **o == Out::Save).count(), 1, "one save: {out:?}");
    assert!(out.contains(&Out::DealFinished));
    assert_eq!(out.last(), Some(&Out::Summary));
    assert!(t.deal_over() && t.claiming().is_none() && t.wait().is_none());
    // Skipped with no claim shown, nothing happens.
    assert!(t.update(TableMsg::SkipClaim).is_empty());
}

#[test]
fn a_card_a_claim_played_for_south_is_not_taken_back() {
    // East leads and claims: South's card is the last of the first trick, and nobody's choice.
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    t.update(TableMsg::Timer);
    let last = t.game().deal().last_action().map(|(seat, _)| seat);
    assert_eq!(last, Some(Seat::South));
    let played = t.game().deal().played();
    let out = t.update(TableMsg::Undo);
    assert_eq!(out, vec![Out::Told(Notice::UndoRefused(UndoError::Claimed))]);
    assert_eq!(t.game().deal().played(), played);
    assert!(t.claiming().is_some(), "the claim goes on");
}

#[test]
fn a_game_left_while_a_claim_is_shown_sits_down_on_the_claim() {
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    t.update(TableMsg::Timer);
    t.update(TableMsg::Timer);
    let first_two = t.deal_tricks().to_vec();
    assert_eq!(first_two.len(), 2);
    // What a save holds of the deal: the calls, the cards and where the claim took over,
    // written out and read back.
    let g = t.game();
    let record = g.deal().record(g.options(), g.totals());
    let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("{e}"));
    let record: DealRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let game = Replay::new(&record).and_then(Replay::finish).unwrap_or_else(|e| panic!("{e}"));
    let (mut again, out) = Table::new(game, t.prefs(), t.last_number());
    assert_eq!(out, vec![Out::Told(Notice::Claimed(Seat::East))]);
    let claim = again.claiming().cloned().unwrap_or_else(|| panic!("the claim goes on"));
    let east = t.claiming().map(Claim::shown);
    assert_eq!((claim.seat(), Some(claim.shown())), (Seat::East, east));
    assert_eq!(again.shown_trick(), first_two.last().copied(), "the last trick, held again");
    assert_eq!(again.wait(), Some(Wait::Gather));
    let out = to_the_end(&mut again);
    assert_eq!(played(&out).len(), 24);
    assert!(!out.iter().any(|o| matches!(o, Out::Think(_))), "no one is asked to think");
    let result = again.game().history().last().unwrap_or_else(|| panic!("the deal is scored"));
    assert_eq!(result.tricks_won[Team::EW], 8);
    assert_eq!(out.last(), Some(&Out::Summary));
}

#[test]
fn the_cards_a_claim_plays_out_are_written_down_as_such_and_graded_as_no_ones() {
    // East claims before the first card: all 32 are played out, South's eight among them.
    let mut t = table(Seat::South, EAST_HOLDS_EVERY_TRUMP, "80S pass pass pass", "");
    t.update(TableMsg::Timer);
    to_the_end(&mut t);
    let record = t.game().history().last().map(|d| d.record.clone());
    let record = record.unwrap_or_else(|| panic!("the deal is scored"));
    assert_eq!(record.claimed, Some(0));
    assert!((0..32).all(|k| record.played_out(k)));
    // The record replayed keeps it, as a save loaded does; its checksum covers it; and a
    // record written out and read back keeps it too.
    let again = Replay::new(&record).and_then(Replay::finish).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.history().last().map(|d| d.record.claimed), Some(Some(0)));
    let unclaimed = DealRecord { claimed: None, ..record.clone() };
    let check = crate::game::actions_check;
    assert_ne!(check(std::slice::from_ref(&record)), check(&[unclaimed]));
    let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("{e}"));
    let read: DealRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read, record);
    // South's call is reviewed; none of its cards is.
    let analysis = crate::bots::expert::analyse(
        &record,
        Seat::South,
        BySeat([Level::DEFAULT; 4]),
        Budget::worlds(2),
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let cards: Vec<_> =
        analysis.reviews.iter().filter(|r| matches!(r.played, Action::Play(_))).collect();
    assert!(cards.is_empty(), "{cards:?}");
    assert_eq!(analysis.reviews.len(), 1, "South's pass");
}

#[test]
fn a_claim_past_the_last_card_is_no_record() {
    let mut record = DealRecord {
        dealer: Seat::South,
        hands: BySeat(SOUTH_HOLDS_THE_REST.map(cards)),
        auction: vec![Call::Pass; 4],
        play: Vec::new(),
        rules: None,
        declared: Default::default(),
        game: None,
        claimed: None,
    };
    let mut value = serde_json::to_value(&record).unwrap_or_else(|e| panic!("{e}"));
    value["claimed"] = serde_json::json!(0);
    let read = serde_json::from_value::<DealRecord>(value).map_err(|e| e.to_string());
    assert!(read.as_ref().is_err_and(|e| e.contains("after the last card")), "{read:?}");
    record.claimed = None;
    assert!(record.score().is_ok());
}

#[test]
fn a_computer_player_plays_on_while_the_other_side_can_take_a_trick() {
    let mut t = table(Seat::West, SOUTH_HOLDS_THE_REST, "80S pass pass pass", "JS");
    assert_eq!(t.wait(), Some(Wait::Bot(Seat::East)));
    let out = t.update(TableMsg::Timer);
    assert!(out.iter().any(|o| matches!(o, Out::Think(_))), "{out:?}");
    assert!(!out.iter().any(|o| matches!(o, Out::Told(Notice::Claimed(_)))));
}

#[test]
fn a_level_changed_during_a_deal_sits_down_at_the_next() {
    // West deals and North, the first to speak, has passed: the deal's calls are read by the
    // levels it was dealt with.
    let mut t = table(Seat::West, SPADES_BUT_A_HEART, "pass", "");
    let dealt = t.game().deal().levels;
    let prefs = Prefs { level: Level::Easy, ..t.prefs() };
    let out = t.set_prefs(prefs);
    assert!(out.contains(&Out::Told(Notice::LevelNextDeal)), "{out:?}");
    assert_eq!(t.game().deal().levels, dealt, "the deal keeps its levels");
    assert_eq!(t.game().levels(), seat_levels(Level::Easy), "the next deal takes the new");
    // The same level again, or another setting: nothing to tell.
    assert!(!t.set_prefs(prefs).contains(&Out::Told(Notice::LevelNextDeal)));
    // Before anyone has called, the deal itself takes the new level, and nothing is told.
    let mut t = table(Seat::West, SPADES_BUT_A_HEART, "", "");
    let out = t.set_prefs(Prefs { level: Level::Easy, ..t.prefs() });
    assert!(!out.contains(&Out::Told(Notice::LevelNextDeal)), "{out:?}");
    assert_eq!(t.game().deal().levels, seat_levels(Level::Easy));
    assert_eq!(t.game().deal().levels[Seat::South], crate::bots::bidding::PERSON);
}
