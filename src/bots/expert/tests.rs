//! The expert on hands built by hand, its invariants over random deals, and the measurements
//! its thresholds come from (ignored: run in release with `--ignored --nocapture`).

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::*;
use crate::bots::Level;
use crate::bots::bidding::{self, Bidding};
use crate::game::{Game, GameOptions, Phase};
use crate::rules::{BySeat, Call, Contract, Multiplier, Seat, Team, score_deal};

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
        let style =
            if matches!(seat, Seat::South | Seat::East) { Style::Cautious } else { Style::Bold };
        let bidding = match overbid {
            Some((team, by)) if team == seat.team() => Bidding::gambler(by),
            _ => Bidding::NORMAL,
        };
        let auction = view.auction_state();
        let call = bidding::decide_call(seat, view.hand, &auction, style, bidding, &mut rng);
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
        let action =
            crate::bots::decide(&game.view(seat), Level::Normal, Style::Cautious, &mut rng);
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
            20 * u16::from(
                crate::rules::Belotes::dealt(&dealt, contract.trump()).count(contract.team()),
            ),
        );
        !solver.reaches(&pos, contract.team(), target).unwrap_or(true)
    };
    defence
        .seats()
        .into_iter()
        .filter_map(|s| last[s].clone())
        .filter(|v| v.auction_state().current_bid().map(|(_, b)| b) == Some(contract.bid))
        .map(|view| {
            let count = bidding::contre_count(view.hand, &view.auction_state(), contract.bid);
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
