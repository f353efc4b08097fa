//! Time of the expert's decisions by kind (calls, the opening lead, each later trick; then every
//! card and every decision), with all four seats played by the expert on seeded deals, one core:
//! the worlds and nodes each kind spends; the time of the odds of who holds what
//! ([`expert::holds`]) from the view of the seat to act at each decision, in the auction and in
//! the play, with the worlds each weighs; then the time of each deal's analysis from South, as
//! `contree analyse` and the table's review make it; then the expert's call at every turn of
//! seeded bidding wars (both sides overbidding up to 160, contres, calls off the convention),
//! where the worlds are hardest to draw and every call is followed by long auctions. Run with
//! `cargo bench --bench expert` (`-- 50` for fewer deals, `-- 50 16` for 16 worlds a decision,
//! `-- 50 32 300` for 300 bidding wars, `-- 0 32 300` for the wars alone).

// Only the distribution of single calls is used here.
#[allow(dead_code)]
mod timing;

use std::time::{Duration, Instant};

use contree::bots::bidding::{self, Bidding};
use contree::bots::expert::{self, Budget};
use contree::bots::{Decision, Level};
use contree::game::{Action, Game, GameOptions, Phase};
use contree::personas::BiddingStyle;
use contree::rules::{BidLevel, BySeat, Call, Seat};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use timing::{distribution, thread_time};

fn main() {
    let mut args = std::env::args().skip(1).filter_map(|a| a.parse::<u64>().ok());
    let deals = args.next().unwrap_or(100);
    let worlds = args.next().map_or(expert::DEFAULT_WORLDS, |w| w as u32);
    let war_deals = args.next().unwrap_or(deals);
    let budget = Budget::worlds(worlds);
    // Calls, then each trick's cards.
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); 9];
    let mut weighed: Vec<u64> = vec![0; 9];
    let mut nodes: Vec<u64> = vec![0; 9];
    let mut analyses = Vec::new();
    // The odds of who holds what in the auction and in the play: times, worlds, effective worlds.
    let mut holds: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut holds_worlds = [0f64; 2];
    let mut holds_effective = [0f64; 2];
    for seed in 0..deals {
        let mut game = Game::new(GameOptions::default(), seed, Default::default());
        let before = game.totals();
        while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
            let Some(seat) = game.to_act() else { break };
            let view = game.view(seat);
            let kind = if game.phase() == Phase::Bidding { 0 } else { 1 + view.cards_played() / 4 };
            let start = Instant::now();
            let Some(odds) = expert::holds(&view) else {
                panic!("deal {seed}: a view of a game gave no odds");
            };
            let phase = usize::from(kind > 0);
            holds[phase].push(start.elapsed());
            holds_worlds[phase] += f64::from(odds.worlds);
            holds_effective[phase] += odds.effective;
            let start = Instant::now();
            let decision =
                Decision { view: &view, style: BiddingStyle::Cautious, seed, budget, cancel: None };
            let Some(advice) = expert::advise(&decision) else {
                panic!("deal {seed}: a decision nothing cancelled gave no advice");
            };
            times[kind].push(start.elapsed());
            weighed[kind] += u64::from(advice.worlds);
            nodes[kind] += advice.nodes;
            let action: Action = advice.action;
            if game.apply(seat, action).is_err() {
                panic!("deal {seed}: {action} refused");
            }
        }
        let record = game.deal().record(game.options(), before);
        let start = Instant::now();
        if expert::analyse(&record, Seat::South, game.deal().levels, budget, None).is_err() {
            panic!("deal {seed}: its record is refused");
        }
        analyses.push(start.elapsed());
    }
    let _ = Level::Expert;
    for (kind, samples) in times.iter_mut().enumerate() {
        let name = if kind == 0 { "calls".to_string() } else { format!("trick {kind}") };
        let n = samples.len().max(1) as u64;
        let extra = format!(
            "\n{:<40} {:.1} worlds, {:.0} nodes a decision",
            "",
            weighed[kind] as f64 / n as f64,
            nodes[kind] as f64 / n as f64
        );
        distribution(&name, samples, &extra);
    }
    let mut cards: Vec<Duration> = times[1..].concat();
    distribution("every card", &mut cards, "");
    let mut all: Vec<Duration> = times.concat();
    distribution("every decision", &mut all, "");
    for (phase, name) in
        ["who holds what, in the auction", "who holds what, in the play"].iter().enumerate()
    {
        let n = holds[phase].len().max(1) as f64;
        let extra = format!(
            "\n{:<40} {:.0} worlds, {:.0} effective",
            "",
            holds_worlds[phase] / n,
            holds_effective[phase] / n
        );
        distribution(name, &mut holds[phase], &extra);
    }
    distribution("a deal's analysis from South", &mut analyses, "");
    let mut wars = Vec::new();
    let mut on_core = Vec::new();
    let (mut weighed, mut nodes) = (0u64, 0u64);
    for seed in 0..war_deals {
        for view in bidding_war(seed) {
            let (start, ran) = (Instant::now(), thread_time());
            let decision =
                Decision { view: &view, style: BiddingStyle::Cautious, seed, budget, cancel: None };
            let Some(advice) = expert::advise(&decision) else {
                panic!("war {seed}: a decision nothing cancelled gave no advice");
            };
            wars.push(start.elapsed());
            if let (Some(before), Some(after)) = (ran, thread_time()) {
                on_core.push(after.saturating_sub(before));
            }
            weighed += u64::from(advice.worlds);
            nodes += advice.nodes;
        }
    }
    let n = wars.len().max(1) as f64;
    let extra = format!(
        "\n{:<40} {:.1} worlds, {:.0} nodes a decision",
        "",
        weighed as f64 / n,
        nodes as f64 / n
    );
    distribution("calls in bidding wars", &mut wars, &extra);
    // The same calls in the thread's own processor time: what a loaded machine does not add.
    distribution("the same, processor time", &mut on_core, "");
}

/// The views of every call of the bidding war of deal `seed`: both sides bid the convention on
/// hands counted 20 to 40 points too high (drawn once a deal for each side), up to 160 and
/// never a capot; a seat contres one bid in five it may contre, and one call in five is any
/// legal call, off the convention.
fn bidding_war(seed: u64) -> Vec<contree::game::SeatView> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x7761_7273);
    let mut game = Game::new(GameOptions::default(), seed, BySeat::default());
    let overbid: [i32; 2] = [rng.random_range(20..=40), rng.random_range(20..=40)];
    let mut views = Vec::new();
    while game.phase() == Phase::Bidding {
        let Some(seat) = game.to_act() else { break };
        let view = game.view(seat);
        let legal = game.legal_calls();
        let call = if legal.contre && rng.random_bool(0.2) {
            Call::Contre
        } else if rng.random_bool(0.2) {
            match game.random_action(&mut rng) {
                Some(Action::Bid(call)) => call,
                _ => Call::Pass,
            }
        } else {
            let by = overbid[usize::from(matches!(seat, Seat::East | Seat::West))];
            let style =
                if rng.random_bool(0.5) { BiddingStyle::Bold } else { BiddingStyle::Cautious };
            let auction = view.auction();
            bidding::decide_call(seat, view.hand(), auction, style, Bidding::gambler(by), &mut rng)
        };
        let call = match call {
            Call::Bid(b) if b.level > BidLevel::Points(160) => Call::Pass,
            c => c,
        };
        views.push(view);
        if game.apply(seat, Action::Bid(call)).is_err() {
            panic!("war {seed}: {call} refused");
        }
    }
    views
}
