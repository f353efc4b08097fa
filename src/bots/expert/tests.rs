//! The expert on hands built by hand, its invariants over random deals, and the measurements
//! its thresholds come from (ignored: run in release with `--ignored --nocapture`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::*;
use crate::bots::bidding::{self, Bidding};
use crate::bots::{Decision, Level};
use crate::game::{Action, SeatView};
use crate::game::{Game, GameOptions, Phase};
use crate::personas::BiddingStyle;
use crate::rules::{
    BelotesDealt, BySeat, ByTeam, Call, Card, CardSet, Contract, GameContext, Multiplier,
    PublicDeal, Rules, Seat, Team, score_deal,
};

/// A defender's last pass over the contract that stood, with what contring instead would have
/// gained its team (the same play, scored doubled), and its convention count.
struct Pass {
    view: SeatView,
    gain: f64,
    count: i32,
    /// Whether the contract fails with every hand known, from the first card.
    dd_fails: bool,
}

/// Plays deal `seed` with the convention at every seat (the side `overbid` holds overbidding by
/// that many points, as the gambler does), no contre but the convention's count, the cards as
/// `normal`; returns the defenders' passes over the final contract.
fn passes_of(seed: u64, overbid: Option<(Team, i32)>) -> Vec<Pass> {
    let mut game = Game::new(GameOptions::default(), seed, BySeat::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut last: BySeat<Option<SeatView>> = BySeat::default();
    while game.phase() == Phase::Bidding {
        let Some(seat) = game.to_act() else { return Vec::new() };
        let view = game.view(seat);
        let style = if matches!(seat, Seat::South | Seat::East) {
            BiddingStyle::Cautious
        } else {
            BiddingStyle::Bold
        };
        let bidding = match overbid {
            Some((team, by)) if team == seat.team() => Bidding::gambler(by),
            _ => Bidding::NORMAL,
        };
        let auction = view.auction();
        let call = bidding::decide_call(seat, view.hand(), auction, style, bidding, &mut rng);
        if call == Call::Pass && auction.legal_calls().contre {
            last[seat] = Some(view);
        } else {
            last[seat] = None;
        }
        if game.apply(seat, Action::Bid(call)).is_err() {
            return Vec::new();
        }
    }
    let Some(contract) = game.deal().contract() else { return Vec::new() };
    if contract.multiplier != Multiplier::Simple {
        return Vec::new();
    }
    while game.phase() == Phase::Playing {
        let Some(seat) = game.to_act() else { break };
        // `normal` plays its cards by its rules alone: no random choice.
        let action = normal(&game.view(seat), BiddingStyle::Cautious, 0);
        if game.apply(seat, action).is_err() {
            return Vec::new();
        }
    }
    let Some(result) = game.history().first() else { return Vec::new() };
    let tally = result.tally();
    let defence = contract.team().other();
    let score = |m| {
        let c = Contract { multiplier: m, ..contract };
        let s = score_deal(&c, &tally, game.rules()).score;
        f64::from(s[defence]) - f64::from(s[contract.team()])
    };
    let gain = score(Multiplier::Contre) - score(Multiplier::Simple);
    let dealt = game.deal().dealt;
    let dd_fails = {
        let pos = crate::search::Position::new(
            dealt,
            contract.trump(),
            game.deal().auction.first_to_speak(),
            game.rules(),
        )
        .expect("deal");
        let mut solver = Solver::new();
        let target = contract.bid.level.value().saturating_sub(
            20 * u16::from(BelotesDealt::of(&dealt, contract.trump()).count(contract.team())),
        );
        !solver.reaches(&pos, contract.team(), target).unwrap_or(true)
    };
    defence
        .seats()
        .into_iter()
        .filter_map(|s| last[s].clone())
        .filter(|v| v.auction().current_bid().map(|(_, b)| b) == Some(contract.bid))
        .map(|view| {
            let count = bidding::contre_count(view.hand(), view.auction(), contract.bid);
            Pass { view, gain, count, dd_fails }
        })
        .collect()
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// How the failure odds of the worlds predict what a contre gains, against honest bidders and
/// against overbidders: for each threshold, the contres made and what they gained a deal.
#[test]
#[ignore]
fn calibrate_contre_odds() {
    let deals = env("DEALS", 400);
    let worlds = env("WORLDS", 12) as u32;
    let over = env("OVER", 12) as f64;
    let reading = Reading { over, ..Reading::EXPERT };
    let margin = env("MARGIN", 0) as i16;
    let probe = env("PROBE", 30_000);
    let budget = Budget { worlds, nodes: 40 * probe, probe_nodes: probe, think: None };
    for (name, overbid) in [("honest", None), ("overbid 30", Some((Team::EW, 30)))] {
        let mut rows: Vec<(f64, f64, i32)> = Vec::new();
        let (mut dd_fail, mut real_fail, mut both) = (0, 0, 0);
        for seed in 0..deals {
            for pass in passes_of(seed, overbid) {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                dd_fail += usize::from(pass.dd_fails);
                real_fail += usize::from(pass.gain > 0.0);
                both += usize::from(pass.dd_fails && pass.gain > 0.0);
                if let Some((failed, of)) =
                    failure_odds(&pass.view, &mut rng, budget, reading, margin)
                {
                    rows.push((failed / of, pass.gain, pass.count));
                }
            }
        }
        println!("{name}: {} passes over {deals} deals (worlds {worlds}, over {over})", rows.len());
        println!("  double dummy fails {dd_fail}, fails as played {real_fail}, both {both}");
        let mean: f64 = rows.iter().map(|r| r.0).sum::<f64>() / rows.len().max(1) as f64;
        println!("  mean odds {mean:.3}");
        for t in [0.4, 0.5, 0.6, 0.7, 0.8, 0.9] {
            let line: Vec<String> = (-1..=5)
                .map(|c| {
                    let chosen: Vec<_> = rows.iter().filter(|r| r.0 >= t && r.2 >= c).collect();
                    let gain: f64 = chosen.iter().map(|r| r.1).sum();
                    format!("c>={c}: {:3} {:+6.1}", chosen.len(), gain / deals as f64)
                })
                .collect();
            println!("  odds >= {t:.1} | {}", line.join(" | "));
        }
        for t in [0.4, 0.5, 0.6, 0.7, 0.8, 0.9] {
            let chosen: Vec<_> = rows.iter().filter(|r| r.0 >= t).collect();
            let gain: f64 = chosen.iter().map(|r| r.1).sum();
            let good = chosen.iter().filter(|r| r.1 > 0.0).count();
            println!(
                "  odds >= {t:.1}: {:4} contres, {:4} right, {:+8.1} a deal",
                chosen.len(),
                good,
                gain / deals as f64
            );
        }
    }
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|t| t.parse::<Card>().expect("card token")).collect()
}

fn card(s: &str) -> Card {
    s.parse().expect("card token")
}

fn calls(s: &str) -> Vec<Call> {
    s.split_whitespace().map(|t| t.parse().expect("call token")).collect()
}

/// The view of `seat`, from tokens as in deal records; checked as the bot protocol checks a
/// request.
fn view(seat: Seat, dealer: Seat, hand: &str, auction: &str, play: &str) -> SeatView {
    let play: Vec<Card> = play.split_whitespace().map(card).collect();
    let deal =
        PublicDeal::replay(dealer, Rules::default(), &calls(auction), &play).expect("a deal");
    let game = GameContext { target: 1000, before: ByTeam::default() };
    let v = SeatView::new(seat, cards(hand), deal, game).expect("a view a table could give");
    let back = crate::bots::protocol::parse_request(&crate::bots::protocol::request_json(&v));
    assert_eq!(back.as_ref(), Ok(&v), "a situation the table can reach");
    v
}

/// What the `normal` level does in `view` (which spends no budget of the expert's).
fn normal(view: &SeatView, style: BiddingStyle, seed: u64) -> Action {
    Level::Normal.decide(&Decision { view, style, seed, budget: Budget::worlds(1), cancel: None })
}

/// The expert's advice in `v`.
fn ask(
    v: &SeatView,
    style: BiddingStyle,
    seed: u64,
    budget: Budget,
    cancel: Option<&AtomicBool>,
) -> Advice {
    advise(&Decision { view: v, style, seed, budget, cancel })
}

/// The expert's advice on a budget in worlds.
fn advice(v: &SeatView, worlds: u32) -> Advice {
    ask(v, BiddingStyle::Cautious, 1, Budget::worlds(worlds), None)
}

#[test]
fn the_expert_contres_a_hopeless_overbid() {
    // West opens 160 in spades. South holds the ace and 10 of spades, three side aces and their
    // tens: the takers cannot take all but two points. The convention's count (two trumps, three
    // aces) says nothing; the worlds say it fails.
    let v = view(Seat::South, Seat::North, "AS 10S AH 10H AD 10D AC 7C", "160S", "");
    let convention = bidding::decide_call(
        v.seat(),
        v.hand(),
        v.auction(),
        BiddingStyle::Cautious,
        Bidding::NORMAL,
        &mut Xoshiro256PlusPlus::seed_from_u64(0),
    );
    assert_eq!(convention, Call::Pass);
    let a = advice(&v, 16);
    assert_eq!(a.action, Action::Bid(Call::Contre), "{a:?}");
    let Reason::Contre { need, worlds, of, .. } = a.reason else {
        panic!("a contre says why: {a:?}");
    };
    assert_eq!(need, 160);
    assert!(worlds * 10 >= of * 9, "they fail in {worlds} worlds of {of}");
    // Too few worlds to stake a doubled score on, whatever they show: the convention's pass.
    assert_eq!(advice(&v, 4).action, Action::Bid(Call::Pass));
}

#[test]
fn the_expert_cashes_a_sure_capot() {
    // South took 80 in hearts with the five top trumps and three aces, and leads: trumps first,
    // or an ace may be ruffed and the capot lost.
    let v = view(Seat::South, Seat::West, "JH 9H AH 10H KH AS AD AC", "80H pass pass pass", "");
    let a = advice(&v, 16);
    let Action::Play(lead) = a.action else { panic!("a card: {a:?}") };
    assert!(lead.suit() == crate::rules::Suit::Hearts, "{lead} leaves the capot to chance");
    assert!(matches!(a.reason, Reason::Capot { worlds, of } if worlds == of), "{a:?}");
    // Every trump lead keeps it in every world; an ace does not.
    let capot = a.estimate(Action::Play(card("JH"))).map(|e| e.score);
    let ace = a.estimate(Action::Play(card("AS"))).map(|e| e.score);
    assert!(capot > ace, "{capot:?} against {ace:?}");
}

#[test]
fn the_expert_keeps_its_ten_when_the_ace_is_out_and_the_trick_can_be_ruffed() {
    // North took 80 in clubs. West led the king of spades, South followed, East threw a
    // diamond (no spade, and its partner winning: it may still hold trumps), North followed and
    // West won; now West leads the queen. The ace is out and East ruffs a 10 that would win:
    // South plays the 8.
    let v = view(
        Seat::South,
        Seat::North,
        "8S 10S 7H 8H 7D 7C 8C",
        "pass pass pass 80C pass pass pass",
        "KS 7S 8D 9S QS",
    );
    let a = advice(&v, 16);
    assert_eq!(a.action, Action::Play(card("8S")), "{a:?}");
    let ten = a.estimate(Action::Play(card("10S"))).map(|e| e.score);
    let eight = a.estimate(Action::Play(card("8S"))).map(|e| e.score);
    assert!(eight > ten, "{eight:?} against {ten:?}");
}

/// Every rule set, with and without sans atout and tout atout.
fn every_set() -> impl Iterator<Item = Rules> {
    crate::rules::RuleSet::ALL
        .into_iter()
        .flat_map(|set| [false, true].map(|on| Rules::of(set).with_nt_at(on)))
}

#[test]
fn the_same_view_seed_and_budget_give_the_same_advice() {
    let v = view(Seat::South, Seat::North, "AS 10S AH 10H AD 10D AC 7C", "120S", "");
    let first = advice(&v, 6);
    // Other decisions on the same thread in between leave nothing behind.
    let _ = advice(
        &view(Seat::South, Seat::West, "JH 9H AH 10H KH AS AD AC", "80H pass pass pass", ""),
        6,
    );
    assert_eq!(advice(&v, 6), first);
    assert_ne!(ask(&v, BiddingStyle::Cautious, 2, Budget::worlds(6), None).options, first.options);
}

#[test]
fn a_cancelled_decision_answers_at_once_and_legally() {
    let v = view(Seat::South, Seat::West, "JH 9H AH 10H KH AS AD AC", "80H pass pass pass", "");
    let stop = AtomicBool::new(true);
    let a = ask(&v, BiddingStyle::Cautious, 1, Budget::think(Duration::from_secs(60)), Some(&stop));
    assert_eq!(a.worlds, 0);
    let Action::Play(c) = a.action else { panic!("a card: {a:?}") };
    assert!(v.hand().contains(c));
}

mod props {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// Whole deals of four experts on a small budget, in every set and trump mode: every
        /// call and card is one the rules allow, and the advice weighs legal options only.
        #[test]
        fn experts_play_whole_deals_legally(seed in any::<u64>(), set in 0usize..6) {
            let rules = every_set().nth(set).unwrap_or_default();
            let mut game = Game::new(GameOptions { rules, ..GameOptions::default() }, seed, BySeat::default());
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let Some(seat) = game.to_act() else { break };
                let view = game.view(seat);
                let a = ask(&view, BiddingStyle::Bold, seed, Budget::worlds(2), None);
                for option in &a.options {
                    prop_assert!(game.check(seat, option.action).is_ok(), "{:?}", option);
                }
                prop_assert!(game.apply(seat, a.action).is_ok(), "{:?} refused", a.action);
            }
            prop_assert_eq!(game.history().len(), 1);
        }
    }
}

#[test]
fn a_finished_deal_is_reviewed_call_by_call_and_card_by_card() {
    let mut game = Game::new(GameOptions::default(), 3, BySeat::default());
    while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
        let Some(seat) = game.to_act() else { break };
        let action = normal(&game.view(seat), BiddingStyle::Bold, 3);
        game.apply(seat, action).expect("a legal action");
    }
    let result = game.history().first().expect("a finished deal");
    let record = &result.record;
    let analysis = analyse(record, Seat::South, Budget::worlds(3), None).expect("a legal record");
    let calls = (0..record.auction.len())
        .filter(|&i| game.deal().auction.seat_of(i) == Seat::South)
        .count();
    let cards = if result.contract.is_some() { 8 } else { 0 };
    assert_eq!(analysis.reviews.len(), calls + cards);
    for r in &analysis.reviews {
        assert!(r.cost.is_none_or(|c| c >= 0.0), "{r:?}");
        if r.played == r.advice.action {
            assert_eq!(r.cost, Some(0.0));
        }
    }
    let Some(contract) = result.contract else { return };
    let dd = analysis.double_dummy.expect("solved in budget");
    assert_eq!(dd.contract, contract);
    assert_eq!(dd.played_points, result.card_points[contract.team()]);
    // A cancelled analysis stops at once with what it has.
    let stop = AtomicBool::new(true);
    let none = analyse(record, Seat::South, Budget::worlds(3), Some(&stop)).expect("a record");
    assert!(none.reviews.is_empty());
}

#[test]
fn every_set_and_trump_mode_goes_through_each_expert_path() {
    // In each set and trump mode, a contract of 80 contré: the takers weigh the surcontre, and
    // every card with a choice is weighed in worlds (declarations, direction and underruff
    // included), never left to the fallback.
    for rules in crate::rules::RuleSet::ALL.map(|set| Rules::of(set).with_nt_at(true)) {
        for trump in crate::rules::Trump::ALL {
            let mut game =
                Game::new(GameOptions { rules, ..GameOptions::default() }, 7, BySeat::default());
            let bid = crate::rules::Bid { level: crate::rules::BidLevel::Points(80), trump };
            for call in [Call::Bid(bid), Call::Contre] {
                let seat = game.to_act().expect("a seat to speak");
                game.apply(seat, Action::Bid(call)).expect("80 then a contre");
            }
            let (mut surcontre_weighed, mut cards_weighed) = (false, 0);
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let Some(seat) = game.to_act() else { break };
                let view = game.view(seat);
                let a = ask(&view, BiddingStyle::Bold, 7, Budget::worlds(8), None);
                match a.action {
                    Action::Bid(_) => {
                        let calls: Vec<_> = a.options.iter().map(|o| o.action).collect();
                        surcontre_weighed |= calls.contains(&Action::Bid(Call::Surcontre))
                            && calls.contains(&Action::Bid(Call::Pass));
                    }
                    Action::Play(_) if legal_count(&game, seat) > 1 => {
                        assert!(a.worlds > 0, "{rules:?} {trump:?}: {a:?}");
                        cards_weighed += 1;
                    }
                    Action::Play(_) => {}
                }
                game.apply(seat, a.action).expect("a legal action");
            }
            assert!(surcontre_weighed, "{rules:?} {trump:?}: the surcontre weighed");
            assert!(cards_weighed > 0, "{rules:?} {trump:?}");
            let result = game.history().first().expect("a finished deal");
            assert_eq!(result.contract.map(|c| c.bid.trump), Some(trump));
        }
    }
}

/// How many cards `seat` may play in `game`.
fn legal_count(game: &Game, seat: Seat) -> usize {
    let hand = game.view(seat).hand();
    hand.iter().filter(|&c| game.check(seat, Action::Play(c)).is_ok()).count()
}

/// The reason [`card::reason_for`] gives South for `card` in `v`.
fn reason(v: &SeatView, card: Card) -> Reason {
    let contract = v.contract().expect("the cards are being played");
    card::reason_for(&crate::bots::memory::Memory::from_view(v, contract, true), card)
}

#[test]
fn a_card_that_wins_only_until_a_higher_one_comes_tries_for_the_trick() {
    // North took 80 in clubs; East leads the 8 of diamonds, the ace still out.
    let v = view(
        Seat::South,
        Seat::North,
        "JD 10D 7H 8H 7C 8C 9S 10S",
        "pass pass pass 80C pass pass pass",
        "8D",
    );
    assert_eq!(reason(&v, card("JD")), Reason::TryTrick);
    assert_eq!(reason(&v, card("10D")), Reason::TryTrick);
    // Last to play, South's card holds the trick.
    let v = view(
        Seat::South,
        Seat::South,
        "JD 10D 7H 8H 7C 8C 9S 10S",
        "pass 80C pass pass pass",
        "8D 9D 7D",
    );
    assert_eq!(reason(&v, card("JD")), Reason::TakeTrick);
}

#[test]
fn a_card_with_points_on_the_partners_trick_loads_it() {
    // West leads the 7 of hearts, North takes it with the ace, East follows: South's king goes
    // on its partner's trick.
    let v = view(
        Seat::South,
        Seat::South,
        "KH 7D 8D 7C 8C 9S 10S JS",
        "pass 80C pass pass pass",
        "7H AH 8H",
    );
    assert_eq!(reason(&v, card("KH")), Reason::LoadPartner { points: 4 });
}
