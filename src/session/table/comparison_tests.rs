//! The same answers at every table, and the expert in South's seat: two tables fed the same
//! South actions get the same computer decisions (whether the computer players think in order
//! or on threads of their own, and across a save and a resume), and each finished deal is
//! played again with the expert in South's seat, kept with the deal once in.

use std::collections::VecDeque;

use super::*;
use crate::bots::Level;
use crate::bots::expert::Budget;
use crate::game::{ExpertInSeat, GameOptions, Replay, new_game};
use crate::rules::{ByTeam, DealRecord, GameContext, Team};

fn prefs(level: Level, compare: bool) -> Prefs {
    Prefs {
        level,
        speed: Speed::Instant,
        auto_play: true,
        hint: false,
        undo: true,
        choose_declarations: false,
        budget: Budget::worlds(4),
        compare,
        daily: false,
    }
}

/// How the computer players' requests are answered.
#[derive(Clone, Copy)]
enum Thinking {
    /// Here, in turn.
    InTurn,
    /// Each on a thread of its own.
    OnThreads,
}

/// Plays the table on until `deals` deals are finished (or the game is over), South passing
/// and playing its first legal card: the computer players' calls and cards, in order, and the
/// comparisons the table asked for.
fn drive(
    table: &mut Table,
    first: Vec<Out>,
    deals: usize,
    thinking: Thinking,
) -> (Vec<(Seat, Action)>, Vec<CompareRequest>) {
    let mut acted = Vec::new();
    let mut compare = Vec::new();
    let mut pending: VecDeque<Out> = first.into();
    for _ in 0..100_000 {
        if let Some(o) = pending.pop_front() {
            let next = match o {
                Out::Think(r) => {
                    let action = match thinking {
                        Thinking::InTurn => r.decide(),
                        Thinking::OnThreads => {
                            let asked = r.clone();
                            std::thread::spawn(move || asked.decide())
                                .join()
                                .unwrap_or_else(|_| panic!("a decision"))
                        }
                    };
                    table.update(TableMsg::Answer(TableAnswer::Decided(r, action)))
                }
                Out::Acted(seat, action) if seat != Seat::South => {
                    acted.push((seat, action));
                    Vec::new()
                }
                Out::Compare(r) => {
                    compare.push(r);
                    Vec::new()
                }
                Out::Summary if table.game().history().len() >= deals => break,
                Out::Summary => table.update(TableMsg::NextDeal),
                Out::GameOver => break,
                _ => Vec::new(),
            };
            pending.extend(next);
        } else if table.wait().is_some() {
            pending.extend(table.update(TableMsg::Timer));
        } else if table.south_to_bid() {
            pending.extend(table.update(TableMsg::Call(Call::Pass)));
        } else if let Some(card) = table.playable().first() {
            pending.extend(table.update(TableMsg::Play(card)));
        } else {
            panic!("the table waits for nothing");
        }
    }
    (acted, compare)
}

#[test]
fn two_tables_fed_the_same_south_actions_get_the_same_computer_decisions() {
    // The expert level at the table, which spends a budget in worlds and nodes: one table
    // answers in turn; the other on threads, and is saved and resumed after the first deal.
    let prefs = prefs(Level::Expert, false);
    let game = new_game(GameOptions::default(), 11, None);
    let (mut a, out) = Table::new(game.clone(), prefs, 0);
    let (first, _) = drive(&mut a, out, 3, Thinking::InTurn);
    let (mut b, out) = Table::new(game, prefs, 0);
    let (mut second, _) = drive(&mut b, out, 1, Thinking::OnThreads);
    let resumed = Game::from_save(&b.into_game().to_save()).unwrap_or_else(|e| panic!("{e}"));
    let (mut b, out) = Table::new(resumed, prefs, 100);
    second.extend(drive(&mut b, out, 3, Thinking::OnThreads).0);
    assert_eq!(a.game().history().len(), 3);
    assert!(first.len() > 3 * 20, "every computer call and card: {}", first.len());
    assert_eq!(first, second);
    assert_eq!(a.game().history(), b.game().history());
    // A deal played again at a table of its own, fed the same South actions, is the same deal.
    let (again, _) = Replay::deal_of(a.game(), 1).unwrap_or_else(|| panic!("deal 2"));
    let again = again.unwrap_or_else(|e| panic!("{e}"));
    let (mut c, out) = Table::new(again, prefs, 200);
    drive(&mut c, out, 1, Thinking::OnThreads);
    let replayed = &c.game().history()[0].record;
    let played = &a.game().history()[1].record;
    assert_eq!((&replayed.auction, &replayed.play), (&played.auction, &played.play));
}

#[test]
fn each_finished_deal_is_compared_once_and_kept_with_it() {
    let prefs = prefs(Level::Normal, true);
    let game = new_game(GameOptions::default(), 5, None);
    let (mut t, out) = Table::new(game, prefs, 0);
    let (_, asked) = drive(&mut t, out, 2, Thinking::InTurn);
    let deals: Vec<usize> = asked.iter().map(|r| r.deal).collect();
    assert_eq!(deals, [0, 1], "one comparison a deal");
    assert_eq!(t.game().expert_thinking(), [0, 1]);
    // The answers, out of order; the second deal's is dropped once the game has left a table.
    let score = asked[1].compare().unwrap_or_else(|| panic!("not cancelled"));
    let out = t.update(TableMsg::Answer(TableAnswer::Compared(asked[1].clone(), Some(score))));
    assert_eq!(&out[..3], [Out::Save, Out::DealFinished, Out::Compared(1)]);
    assert_eq!(t.game().history()[1].expert_in_seat, Some(ExpertInSeat::Score(score)));
    let again =
        t.update(TableMsg::Answer(TableAnswer::Compared(asked[1].clone(), Some(ByTeam([0, 0])))));
    assert!(again.iter().all(|o| *o != Out::Save), "never made again: {again:?}");
    let game = t.into_game();
    assert!(asked[0].cancel.is_raised(), "the game left the table");
    // Sat down again, the deal still thinking is asked again, and its answer taken.
    let (mut t, out) = Table::new(game, prefs, 100);
    let redo: Vec<&CompareRequest> = out
        .iter()
        .filter_map(|o| match o {
            Out::Compare(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(redo.len(), 1);
    assert_eq!((redo[0].deal, &redo[0].record), (0, &asked[0].record));
    let score = redo[0].compare();
    let redo = redo[0].clone();
    assert!(score.is_some());
    assert_eq!(asked[0].compare(), None, "the first request was cancelled");
    t.update(TableMsg::Answer(TableAnswer::Compared(redo, score)));
    assert!(t.game().expert_thinking().is_empty());
    let (deals, balance) = t.game().expert_balance();
    assert_eq!(deals, 2);
    let sum: i32 = t.game().history().iter().filter_map(|d| d.expert_difference()).sum();
    assert_eq!(balance, i64::from(sum));
}

#[test]
fn a_finished_game_is_recorded_once_its_last_deal_is_compared() {
    // North-South need 10 points more; South holds every trump and claims the rest.
    let record = DealRecord {
        dealer: Seat::West,
        hands: BySeat(
            [
                "JS 9S AS 10S KS QS 8S 7S",
                "7H 8H 9H 10H AD KD QD JD",
                "AH 7D 8D 9D 10D 7C 8C 9C",
                "JH QH KH 10C JC QC KC AC",
            ]
            .map(|h| h.split_whitespace().filter_map(|c| c.parse().ok()).collect()),
        ),
        auction: ["80S", "pass", "pass", "pass"].iter().filter_map(|c| c.parse().ok()).collect(),
        play: Vec::new(),
        rules: None,
        declared: Default::default(),
        game: Some(GameContext { target: 1000, before: ByTeam([990, 0]) }),
        claimed: None,
    };
    let game = Replay::new(&record).and_then(Replay::finish).unwrap_or_else(|e| panic!("{e}"));
    let (mut t, _) = Table::new(game, prefs(Level::Normal, true), 0);
    t.update(TableMsg::Timer);
    // The claim is shown, then skipped to its end.
    let mut out = t.update(TableMsg::Claim);
    out.extend(t.update(TableMsg::SkipClaim));
    assert_eq!(t.game().phase(), Phase::GameOver);
    assert!(!out.contains(&Out::GameFinished), "not before its comparison: {out:?}");
    let Some(Out::Compare(r)) = out.iter().find(|o| matches!(o, Out::Compare(_))).cloned() else {
        panic!("the last deal is compared: {out:?}");
    };
    let score = r.compare();
    assert!(score.is_some());
    let out = t.update(TableMsg::Answer(TableAnswer::Compared(r, score)));
    assert_eq!(out.last(), Some(&Out::GameFinished), "{out:?}");
    // The expert in South's seat holds every trump too, and bids more than 80.
    assert_eq!(t.game().history()[0].expert_score(), score);
    assert!(score.is_some_and(|s| s[Team::NS] > 250 && s[Team::EW] == 0), "{score:?}");
    // The mistakes' cost of the deal, come in after the game was recorded: kept, and the game
    // recorded again with it; kept once.
    let measured = crate::session::work::Measured {
        deal: 0,
        record: t.game().history()[0].record.clone(),
        mistakes: crate::game::Mistakes { calls: 12, cards: 0 },
    };
    let out = t.update(TableMsg::Measured(vec![measured.clone()]));
    assert_eq!(out, [Out::Save, Out::GameFinished]);
    assert_eq!(t.game().history()[0].mistakes, Some(measured.mistakes));
    let out = t.update(TableMsg::Measured(vec![measured]));
    assert!(out.is_empty(), "{out:?}");
}
