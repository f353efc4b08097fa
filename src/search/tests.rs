//! The solver against a plain minimax, the position against the rules' card play, in every
//! trump mode and rule set.

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::rules::{
    BySeat, ByTeam, Card, CardPlay, CardSet, RuleSet, Rules, Seat, Suit, Team, Trick, Trump,
};

/// A shuffled deal.
fn random_hands(rng: &mut Xoshiro256PlusPlus) -> BySeat<CardSet> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect())
}

/// Any rule set, sans atout and tout atout allowed: the sets differ in the direction of play
/// and in underruffing.
fn random_rules(rng: &mut Xoshiro256PlusPlus) -> Rules {
    let set = RuleSet::ALL[rng.random_range(0..RuleSet::ALL.len())];
    Rules { nt_at: true, ..Rules::of(set) }
}

/// Any trump mode: a suit, sans atout or tout atout.
fn random_trump(rng: &mut Xoshiro256PlusPlus) -> Trump {
    Trump::ALL[rng.random_range(0..Trump::ALL.len())]
}

/// A random deal under a random trump mode, rule set and leader, played by random legal cards
/// down to `cards_left` cards in play.
fn random_position(rng: &mut Xoshiro256PlusPlus, cards_left: usize) -> Position {
    let trump = random_trump(rng);
    let rules = random_rules(rng);
    let leader = Seat::from_index(rng.random_range(0..4));
    let mut pos = Position::new(random_hands(rng), trump, leader, rules)
        .unwrap_or_else(|e| panic!("a shuffled deal is a position: {e}"));
    while in_hands(&pos) > cards_left {
        play_random(&mut pos, rng);
    }
    pos
}

fn in_hands(pos: &Position) -> usize {
    pos.hands().0.iter().map(|h| h.len()).sum()
}

fn play_random(pos: &mut Position, rng: &mut Xoshiro256PlusPlus) {
    let legal: Vec<Card> = pos.legal_cards().iter().collect();
    pos.play(legal[rng.random_range(0..legal.len())]);
}

/// North-South's points minus East-West's at the end of the deal with perfect play from `pos`:
/// every legal card of every seat, no pruning, no table, no merging.
fn brute(pos: &Position) -> i16 {
    brute_by(pos, &|p| p[Team::NS] as i16 - p[Team::EW] as i16)
}

/// The minimax of `score` over the deal's points, North-South maximising.
fn brute_by(pos: &Position, score: &impl Fn(ByTeam<u16>) -> i16) -> i16 {
    if pos.is_over() {
        return score(pos.points());
    }
    let values = pos.legal_cards().iter().map(|c| {
        let mut child = *pos;
        child.play(c);
        brute_by(&child, score)
    });
    if pos.to_play().team() == Team::NS {
        values.max().unwrap_or(i16::MIN)
    } else {
        values.min().unwrap_or(i16::MAX)
    }
}

/// Checks the solver on `pos` and every position after it on a random line: the value, every
/// card's value and a few thresholds, against [`brute`]. Returns the positions checked.
fn check_line(solver: &mut Solver, mut pos: Position, rng: &mut Xoshiro256PlusPlus) -> usize {
    let mut checked = 0;
    while !pos.is_over() {
        let expected = brute(&pos);
        let value = solver.solve(&pos).unwrap_or_else(|e| panic!("no budget set: {e}"));
        assert_eq!(value.margin(Team::NS), expected, "value of {pos:?}");
        let values = solver.card_values(&pos).unwrap_or_else(|e| panic!("no budget set: {e}"));
        assert_eq!(values.cards(), pos.legal_cards());
        for (card, v) in values.iter() {
            let mut child = pos;
            child.play(card);
            assert_eq!(v.margin(Team::NS), brute(&child), "card {card} of {pos:?}");
        }
        let mover = pos.to_play().team();
        assert_eq!(values.best(mover), Some(value));
        for team in Team::ALL {
            assert_eq!(value.points_from(&pos, team) + pos.points()[team], value.points(team));
        }
        for team in Team::ALL {
            let points = value.points(team);
            for target in [points.saturating_sub(1), points, points + 1, 82, 162, 252] {
                let reaches = solver.reaches(&pos, team, target);
                assert_eq!(reaches, Ok(points >= target), "{team} {target} on {pos:?}");
                let cards = solver.cards_reaching(&pos, team, target);
                let expected: CardSet = values
                    .iter()
                    .filter(|(_, v)| v.points(team) >= target)
                    .map(|(c, _)| c)
                    .collect();
                assert_eq!(cards, Ok(expected), "cards reaching {team} {target} on {pos:?}");
            }
        }
        for (team, step) in [(Team::NS, 10), (Team::EW, 10), (mover, 5), (mover, 1)] {
            let range = solver.solve_within(&pos, team, step);
            let range = range.unwrap_or_else(|e| panic!("no budget set: {e}"));
            assert!(range.contains(&value.points(team)), "{range:?} {team} {step} on {pos:?}");
            assert!(range.end() - range.start() < step);
        }
        if let Ok(Some((card, v))) = solver.best_card(&pos) {
            assert_eq!(values.get(card), Some(v));
        } else {
            panic!("a position in play has a best card");
        }
        checked += 1;
        play_random(&mut pos, rng);
    }
    checked
}

fn sweep(seed: u64, deals: usize, cards_left: usize) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(12);
    let mut checked = 0;
    for _ in 0..deals {
        solver.new_deal();
        let pos = random_position(&mut rng, cards_left);
        checked += check_line(&mut solver, pos, &mut rng);
    }
    checked
}

#[test]
fn solver_agrees_with_brute_force_on_three_tricks() {
    assert_eq!(sweep(1, 150, 12), 150 * 12);
}

#[test]
fn solver_agrees_with_brute_force_on_four_tricks() {
    assert_eq!(sweep(2, 15, 16), 15 * 16);
}

/// The larger sweep: `cargo test --release search::tests::brute_force_sweep -- --ignored`,
/// 5,000 deals of four tricks checked against brute force at every card of a line; `SWEEP_DEALS`
/// sets how many (`.ci/run` checks a slice of 1,000).
#[test]
#[ignore = "minutes of brute force in a release build: .ci/run checks a slice"]
fn brute_force_sweep() {
    let deals = std::env::var("SWEEP_DEALS").ok().and_then(|d| d.parse().ok()).unwrap_or(5000);
    let checked = sweep(3, deals, 16);
    assert_eq!(checked, deals * 16, "every card of every line checked");
    println!("{deals} deals, {checked} positions checked against brute force");
}

#[test]
fn full_deals_add_up_and_their_best_line_keeps_the_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut solver = Solver::new();
    for _ in 0..20 {
        solver.new_deal();
        let mut pos = random_position(&mut rng, 32);
        let value = solver.solve(&pos).unwrap_or_else(|e| panic!("{e}"));
        let total = value.points(Team::NS) + value.points(Team::EW);
        assert_eq!(total, if value.capot().is_some() { 252 } else { 162 });
        while !pos.is_over() {
            let best = solver.best_card(&pos).unwrap_or_else(|e| panic!("{e}"));
            let Some((card, v)) = best else { panic!("a card to play") };
            assert_eq!(v, value, "the value holds along the best line");
            pos.play(card);
        }
        assert_eq!(pos.points(), ByTeam([value.points(Team::NS), value.points(Team::EW)]));
    }
}

#[test]
fn a_spent_budget_says_so_with_bounds() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let pos = random_position(&mut rng, 32);
    let mut solver = Solver::new();
    let exact = solver.solve(&pos).unwrap_or_else(|e| panic!("{e}"));
    let mut solver = Solver::new();
    solver.set_node_limit(Some(50));
    let err = solver.solve(&pos).err().unwrap_or_else(|| panic!("50 nodes do not solve a deal"));
    assert!(err.lower <= exact && exact <= err.upper);
    assert!(solver.nodes() <= 51);
    assert!(solver.card_values(&pos).is_err());
    solver.set_node_limit(None);
    assert_eq!(solver.solve(&pos), Ok(exact));
}

#[test]
fn position_follows_the_card_play() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    for _ in 0..50 {
        let trump = random_trump(&mut rng);
        let rules = random_rules(&mut rng);
        let leader = Seat::from_index(rng.random_range(0..4));
        let hands = random_hands(&mut rng);
        let mut play = CardPlay::new(hands, trump, leader, rules);
        let mut pos = Position::new(hands, trump, leader, rules).unwrap_or_else(|e| panic!("{e}"));
        while !play.is_over() {
            assert_eq!(Position::from_card_play(&play), Ok(pos));
            assert_eq!(pos.legal_cards(), play.legal_cards());
            let legal: Vec<Card> = pos.legal_cards().iter().collect();
            let card = legal[rng.random_range(0..legal.len())];
            let done = pos.try_play(card).unwrap_or_else(|e| panic!("{e}"));
            let event = play.try_play(card).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(done, event.trick_done);
        }
        assert!(pos.is_over());
        assert_eq!(pos.points(), play.points());
        assert_eq!(pos.tricks_won(), play.tricks_won());
        assert_eq!(Position::from_card_play(&play), Ok(pos));
        assert_eq!(pos.legal_cards(), CardSet::EMPTY);
    }
}

#[test]
fn the_key_forgets_the_order_of_earlier_tricks() {
    // Two tricks of the same cards in either order, each led and won by South (trump hearts).
    let cards = |s: &str| -> CardSet { s.split(' ').filter_map(|t| t.parse().ok()).collect() };
    let hands = BySeat([
        cards("AS AD JH 9H 7C 8C 9C 10C"),
        cards("7S 7D QH KH JC QC KC AC"),
        cards("8S 8D 10H AH 7H 8H JS QS"),
        cards("9S 9D 10S 10D KS KD QD JD"),
    ]);
    let trump = Trump::Suit(Suit::Hearts);
    let start = Position::new(hands, trump, Seat::South, Rules::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let play = |order: [&str; 8]| {
        let mut p = start;
        for t in order {
            let card = t.parse().unwrap_or_else(|_| panic!("{t}"));
            p.try_play(card).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        p
    };
    let a = play(["AS", "7S", "8S", "9S", "AD", "7D", "8D", "9D"]);
    let b = play(["AD", "7D", "8D", "9D", "AS", "7S", "8S", "9S"]);
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), start.key());
}

#[test]
fn inconsistent_parts_are_refused() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let hands = random_hands(&mut rng);
    let trump = Trump::Suit(Suit::Spades);
    let rules = Rules::default();
    let fresh = |hands, trick, points: [u16; 2], tricks: [u8; 2]| {
        Position::from_parts(hands, trick, trump, rules, ByTeam(points), ByTeam(tricks))
    };
    let way = rules.direction();

    assert!(fresh(hands, Trick::new(Seat::East, way), [0, 0], [0, 0]).is_ok());
    let mut twice = hands;
    let card = hands[Seat::South].first().unwrap_or_else(|| unreachable!());
    twice[Seat::East].insert(card);
    assert_eq!(
        fresh(twice, Trick::new(Seat::East, way), [0, 0], [0, 0]),
        Err(PositionError::CardTwice(card))
    );
    let mut short = hands;
    short[Seat::North].remove(hands[Seat::North].first().unwrap_or_else(|| unreachable!()));
    assert_eq!(
        fresh(short, Trick::new(Seat::East, way), [0, 0], [0, 0]),
        Err(PositionError::HandSizes)
    );
    let mut trick = Trick::new(Seat::North, way);
    trick.push(hands[Seat::North].first().unwrap_or_else(|| unreachable!()));
    assert!(fresh(short, trick, [0, 0], [0, 0]).is_ok(), "North led the card it lacks");
    assert_eq!(
        fresh(hands, trick, [0, 0], [0, 0]),
        Err(PositionError::CardTwice(trick.cards()[0]))
    );
    assert_eq!(
        fresh(hands, Trick::new(Seat::East, way), [0, 0], [1, 0]),
        Err(PositionError::TrickCount)
    );
    assert_eq!(
        fresh(hands, Trick::new(Seat::East, way), [10, 0], [0, 0]),
        Err(PositionError::PointCount)
    );
    assert_eq!(Position::new(short, trump, Seat::South, rules), Err(PositionError::HandSizes));
    let plain = Rules::of(RuleSet::Plain);
    assert_ne!(plain.direction(), way);
    assert_eq!(
        Position::from_parts(
            hands,
            Trick::new(Seat::East, way),
            trump,
            plain,
            ByTeam([0, 0]),
            ByTeam([0, 0])
        ),
        Err(PositionError::Direction)
    );
}

/// Positions of one shape at a trick's start are worth the same but for the points of the
/// cards at the same places: their values differ within the points' falls and rises.
#[test]
fn positions_sharing_a_shape_differ_by_their_points_at_most() {
    use std::collections::HashMap;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let mut seen: HashMap<u64, (i16, u32, Position)> = HashMap::new();
    let (mut shared, mut shifted) = (0, 0);
    for _ in 0..400 {
        let mut pos = random_position(&mut rng, 12);
        let order = super::order::CardOrder::new(pos.trump(), pos.rules());
        while !pos.is_over() {
            if pos.trick().is_empty() {
                // North-South's points to come: what the solver searches.
                let to_come =
                    brute_by(&pos, &|p| p[Team::NS] as i16) - pos.points()[Team::NS] as i16;
                let state = super::state::State::new(&pos, &order);
                let key = order.shape_key(&state.hands, state.seat, state.tricks);
                let live = state.live();
                let (value, first_live, first) = *seen.entry(key).or_insert((to_come, live, pos));
                let (falls, rises) = order.points_shift(first_live, live);
                assert!(
                    value + falls <= to_come && to_come <= value + rises,
                    "{first:?} and {pos:?} share a shape: {value} and {to_come}, shift {falls} {rises}"
                );
                shared += 1;
                shifted += usize::from((falls, rises) != (0, 0));
            }
            play_random(&mut pos, &mut rng);
        }
    }
    assert!(shifted > 0 && shared > shifted, "{shared} {shifted}");
}

#[test]
fn the_quick_bounds_hold_the_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for _ in 0..400 {
        let mut pos = random_position(&mut rng, 16);
        let order = super::order::CardOrder::new(pos.trump(), pos.rules());
        while !pos.is_over() {
            if pos.trick().is_empty() {
                // From the margin to North-South's points to come on the search's scale.
                let to_come = (brute(&pos) + 162) / 2 - pos.points()[Team::NS] as i16;
                let (lo, hi) =
                    super::bounds::bounds(&super::state::State::new(&pos, &order), &order);
                assert!(lo <= to_come && to_come <= hi, "{lo}..={hi} misses {to_come}: {pos:?}");
            }
            play_random(&mut pos, &mut rng);
        }
    }
}

#[test]
fn a_capot_is_worth_252_to_the_side_that_takes_it() {
    // South holds every heart: whatever is led, South takes each trick.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut rest: Vec<Card> = CardSet::FULL.minus(CardSet::suit(Suit::Hearts)).iter().collect();
    rest.shuffle(&mut rng);
    let hand = |i: usize| rest[i * 8..i * 8 + 8].iter().copied().collect::<CardSet>();
    let hands = BySeat([CardSet::suit(Suit::Hearts), hand(0), hand(1), hand(2)]);
    let mut solver = Solver::new();
    for leader in Seat::ALL {
        let rules = Rules::of(RuleSet::ALL[leader.index() % RuleSet::ALL.len()]);
        let pos = Position::new(hands, Trump::Suit(Suit::Hearts), leader, rules)
            .unwrap_or_else(|e| panic!("{e}"));
        let value = solver.solve(&pos).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(value.capot(), Some(Team::NS), "led by {leader}");
        assert_eq!(value.points(Team::NS), 252);
        assert_eq!(value.points_from(&pos, Team::NS), 252);
        assert_eq!(value.points(Team::EW), 0);
        assert_eq!(value.margin(Team::EW), -252);
        assert_eq!(solver.reaches(&pos, Team::NS, 252), Ok(true));
        assert_eq!(solver.reaches(&pos, Team::NS, 253), Ok(false));
        assert_eq!(solver.reaches(&pos, Team::EW, 1), Ok(false));
        assert_eq!(solver.solve_within(&pos, Team::NS, 10), Ok(250..=252));
    }
}

#[test]
fn one_solver_serves_every_trump_in_turn() {
    // Positions of each trump mode, solved in turn by one solver and each by a fresh one.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let mut positions = Vec::new();
    while positions.len() < 12 {
        let pos = random_position(&mut rng, 14);
        if pos.trump() == Trump::ALL[positions.len() % Trump::ALL.len()] {
            positions.push(pos);
        }
    }
    let mut shared = Solver::new();
    for round in 0..2 {
        for pos in &positions {
            let fresh = Solver::with_table_bits(10).solve(pos);
            assert_eq!(shared.solve(pos), fresh, "round {round}, {pos:?}");
        }
    }
}

/// Whether `team` takes every trick left from `pos` whatever the other side plays: every legal
/// card of every seat, a trick lost ending the line.
fn takes_every_trick(pos: &Position, team: Team) -> bool {
    if pos.is_over() {
        return true;
    }
    let mut lines = pos.legal_cards().iter().map(|c| {
        let mut child = *pos;
        let lost = child.play(c).is_some_and(|t| t.winner.team() != team);
        !lost && takes_every_trick(&child, team)
    });
    if pos.to_play().team() == team { lines.any(|b| b) } else { lines.all(|b| b) }
}

/// The last tricks of a deal with spades trumps, South to lead, three tricks taken by each side:
/// North-South hold every point so far.
fn last_tricks(hands: [&str; 4]) -> Position {
    let hands = BySeat(hands.map(|h| {
        h.split_whitespace()
            .map(str::parse)
            .collect::<Result<CardSet, _>>()
            .unwrap_or_else(|e| panic!("{h}: {e}"))
    }));
    let trump = Trump::Suit(Suit::Spades);
    let rules = Rules::default();
    let held = hands.0.iter().fold(CardSet::EMPTY, |a, h| a.or(*h)).points(trump);
    let done = ((8 - hands[Seat::South].len()) / 2) as u8;
    let points = ByTeam([152 - held, 0]);
    let tricks = ByTeam([done, done]);
    let trick = Trick::new(Seat::South, rules.direction());
    Position::from_parts(hands, trick, trump, rules, points, tricks)
        .unwrap_or_else(|e| panic!("a position: {e}"))
}

#[test]
fn a_claim_holds_when_the_side_takes_every_trick_left_and_its_line_takes_them() {
    let mut solver = Solver::new();
    // South, East, North, West: South's two trumps take both tricks.
    let pos = last_tricks(["JS 9S", "9C 10C", "7D 8D", "8C AH"]);
    let line = solver.claim(&pos, Team::NS).unwrap_or_else(|e| panic!("{e}"));
    let Some(line) = line else { panic!("South's trumps take the rest") };
    assert_eq!(line.len(), 8);
    let mut played = pos;
    for card in line {
        let taken = played.try_play(card).unwrap_or_else(|e| panic!("{card}: {e}"));
        assert!(taken.is_none_or(|t| t.winner.team() == Team::NS), "{card} loses a trick");
    }
    assert!(played.is_over());
    assert_eq!(solver.claim(&pos, Team::EW), Ok(None));
}

#[test]
fn a_claim_fails_when_the_defence_can_take_a_trick() {
    let mut solver = Solver::new();
    // South's jack of trumps takes one trick, West's ace of hearts the other.
    let pos = last_tricks(["JS 7H", "9C 10C", "7D 8D", "8C AH"]);
    assert_eq!(solver.claim(&pos, Team::NS), Ok(None));
    assert_eq!(solver.claim(&pos, Team::EW), Ok(None));
}

/// A trick worth no point lost on the way is a trick lost, even where the side takes every
/// point left.
#[test]
fn a_claim_counts_tricks_not_points() {
    let mut solver = Solver::new();
    // South must give West the club trick, worth nothing, to keep the ace for the last trick.
    let pos = last_tricks(["AH 7C", "9D 7H", "7D 8D", "9C 8H"]);
    let left = 152 - pos.points()[Team::NS] + 10;
    assert_eq!(solver.reaches(&pos, Team::NS, pos.points()[Team::NS] + left), Ok(true));
    assert!(!takes_every_trick(&pos, Team::NS));
    assert_eq!(solver.claim(&pos, Team::NS), Ok(None));
}

#[test]
fn a_claim_agrees_with_brute_force_and_its_line_takes_every_trick() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut solver = Solver::with_table_bits(12);
    let mut held = 0;
    for _ in 0..400 {
        let cards_left = 4 * rng.random_range(1..=4);
        let pos = random_position(&mut rng, cards_left);
        for team in Team::ALL {
            let claim = solver.claim(&pos, team).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(claim.is_some(), takes_every_trick(&pos, team), "{team} on {pos:?}");
            let Some(line) = claim else { continue };
            held += 1;
            let mut played = pos;
            for card in line {
                let taken = played.try_play(card).unwrap_or_else(|e| panic!("{card}: {e}"));
                assert!(taken.is_none_or(|t| t.winner.team() == team), "{pos:?}");
            }
            assert!(played.is_over());
        }
    }
    assert!(held > 20, "only {held} claims held");
}
