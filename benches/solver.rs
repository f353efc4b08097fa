//! Speed of the double-dummy solver: whole deals solved exactly, positions after two and four
//! tricks, and the value of every card at the opening lead, over seeded deals with a random trump
//! suit and leader (contrée's rules), then whole deals and positions after two tricks in sans
//! atout and in tout atout, and whole deals under the plain set's rules; one core. Each line
//! gives the median, 99th percentile and worst time of its calls, each a different deal, and
//! their nodes. Run with `cargo bench --bench solver` (`-- 200` for fewer deals, `-- 1000 16`
//! for a table of 2^16 buckets, `-- 1000 "full deal, exact"` for the lines whose name holds that
//! text only). The position's own cost and the worlds' draw are `cargo bench --bench search`.

mod timing;

use std::time::{Duration, Instant};

use contree::rules::{BySeat, Card, CardSet, RuleSet, Rules, Seat, Suit, Trump};
use contree::search::{Position, Solver};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use timing::distribution;

/// The deals a run solves: a trump mode (a random suit when `None`) and the rules.
#[derive(Clone, Copy)]
struct Kind {
    trump: Option<Trump>,
    rules: Rules,
}

/// Contrée with a random trump suit: the main figures.
const SUITS: Kind = Kind { trump: None, rules: Rules::of(RuleSet::Contree) };

/// Deal `i`: a shuffled deck, the trump and a random leader, then `tricks` tricks of random
/// legal cards.
fn position(i: u64, tricks: usize, kind: Kind) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(i);
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut rng);
    let hands: BySeat<CardSet> =
        BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect());
    let suit = Trump::Suit(Suit::from_index(rng.random_range(0..4)));
    let leader = Seat::from_index(rng.random_range(0..4));
    let Ok(mut pos) = Position::new(hands, kind.trump.unwrap_or(suit), leader, kind.rules) else {
        unreachable!("a shuffled deck deals a position")
    };
    while pos.tricks_played() < tricks {
        let legal: Vec<Card> = pos.legal_cards().iter().collect();
        pos.play(legal[rng.random_range(0..legal.len())]);
    }
    pos
}

/// Times `f` on each of `deals` positions after `tricks` tricks, with one solver reused across
/// deals as a player would, and prints the distribution and the node counts.
fn run(
    name: &str,
    (deals, bits, only): (u64, u32, &str),
    (kind, tricks): (Kind, usize),
    f: impl Fn(&mut Solver, &Position) -> bool,
) {
    if !name.contains(only) {
        return;
    }
    let mut solver = Solver::with_table_bits(bits);
    let mut times = Vec::with_capacity(deals as usize);
    let (mut nodes, mut max_nodes, mut total) = (0u64, 0u64, Duration::ZERO);
    for i in 0..deals {
        let pos = position(i, tricks, kind);
        solver.new_deal();
        let start = Instant::now();
        let solved = f(&mut solver, &pos);
        let took = start.elapsed();
        assert!(solved, "deal {i} not solved");
        times.push(took);
        total += took;
        nodes += solver.nodes();
        max_nodes = max_nodes.max(solver.nodes());
    }
    let extra = format!(
        "\n{:<40} {:>8.0} nodes/solve  max {max_nodes} nodes  {:.1} M nodes/s",
        "",
        nodes as f64 / deals as f64,
        nodes as f64 / total.as_secs_f64() / 1e6
    );
    distribution(name, &mut times, &extra);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut numbers = args.iter().filter_map(|a| a.parse::<u64>().ok());
    let deals = numbers.next().unwrap_or(1000);
    let bits = numbers.next().map_or(contree::search::DEFAULT_TABLE_BITS, |b| b as u32);
    // A text among the arguments keeps the lines whose name holds it.
    let only = args.iter().find(|a| a.parse::<u64>().is_err()).map_or("", String::as_str);
    let deals = (deals, bits, only);

    run("full deal, exact", deals, (SUITS, 0), |s, p| s.solve(p).is_ok());
    run("after 2 tricks, exact", deals, (SUITS, 2), |s, p| s.solve(p).is_ok());
    run("after 4 tricks, exact", deals, (SUITS, 4), |s, p| s.solve(p).is_ok());
    run("full deal, every lead's value", deals, (SUITS, 0), |s, p| s.card_values(p).is_ok());
    run("full deal, to 10 points", deals, (SUITS, 0), |s, p| {
        s.solve_within(p, p.to_play().team(), 10).is_ok()
    });
    run("full deal, takers reach 82 (one probe)", deals, (SUITS, 0), |s, p| {
        s.reaches(p, p.to_play().team(), 82).is_ok()
    });

    let nt_at = Rules { nt_at: true, ..Rules::of(RuleSet::Contree) };
    let sans_atout = Kind { trump: Some(Trump::NoTrump), rules: nt_at };
    let tout_atout = Kind { trump: Some(Trump::AllTrump), rules: nt_at };
    let plain = Kind { rules: Rules::of(RuleSet::Plain), ..SUITS };
    let modes = [
        ("full deal, exact, sans atout", sans_atout, 0),
        ("after 2 tricks, exact, sans atout", sans_atout, 2),
        ("full deal, exact, tout atout", tout_atout, 0),
        ("after 2 tricks, exact, tout atout", tout_atout, 2),
        ("full deal, exact, plain set's rules", plain, 0),
    ];
    for (name, kind, tricks) in modes {
        run(name, deals, (kind, tricks), |s, p| s.solve(p).is_ok());
    }
}
