//! Whole games played by random legal players and by hand: dealing, the phases, the history,
//! saves and their checks, undo, the end of the game, in every rule set.

use super::*;
use crate::rules::{
    Bid, BidError, BidLevel, Declaration, Direction, Rank, RuleSet, ScoreSum, Suit,
    declaration_winner, game_outcome, score_deal,
};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

fn players() -> Players {
    BySeat([HUMAN.to_string(), "a".into(), "b".into(), "c".into()])
}

/// Plays one random legal action for the seat to act.
fn random_step(game: &mut Game, rng: &mut Xoshiro256PlusPlus) -> Event {
    let seat = game.to_act().expect("someone is to act");
    let action = game.random_action(rng).expect("an action");
    game.apply(seat, action).expect("a legal action is accepted")
}

fn play_to_end(seed: u64, options: GameOptions, check_saves: bool) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(options, seed, players());
    let mut dealers = vec![game.deal().dealer];
    for _ in 0..100_000 {
        match game.phase() {
            Phase::GameOver => break,
            Phase::DealOver => {
                game.next_deal().expect("next deal");
                dealers.push(game.deal().dealer);
            }
            _ => {
                random_step(&mut game, &mut rng);
            }
        }
        if check_saves {
            let save = game.to_save();
            let json = serde_json::to_string(&save).expect("serializes");
            let back: GameSave = serde_json::from_str(&json).expect("parses");
            assert_eq!(Game::from_save(&back).as_ref(), Ok(&game));
        }
    }
    assert_eq!(game.phase(), Phase::GameOver);
    for w in dealers.windows(2) {
        assert_eq!(
            w[1],
            options.rules.after_dealer(w[0]),
            "the deal passes to the seat after the dealer"
        );
    }
    game
}

/// Every rule set, with and without sans atout and tout atout.
fn every_rules() -> Vec<Rules> {
    RuleSet::ALL
        .into_iter()
        .flat_map(|set| [Rules::of(set), Rules::of(set).with_nt_at(true)])
        .collect()
}

/// Checks a finished game deal by deal against `contree score`'s answer for each deal's record,
/// and its totals and end against `game_outcome` under the game's rules.
fn check_whole_game(game: &Game, what: &str) {
    let rules = game.rules();
    let target = game.options().target;
    let mut totals = ByTeam([0u32; 2]);
    for (i, d) in game.history().iter().enumerate() {
        assert_eq!(d.record.game.map(|g| g.before), Some(totals));
        assert_eq!(d.record.rules(), rules, "{what}: the record carries the rules");
        for t in Team::ALL {
            totals[t] += u32::from(d.points()[t]);
        }
        assert_eq!(d.totals, totals);
        // The game ends exactly on the deal the rules say, not before.
        let outcome =
            game_outcome(rules, target, totals, d.score.as_ref().map(|s| (s, d.tricks_won)));
        let last = i + 1 == game.history().len();
        assert_eq!(outcome != GameOutcome::Continue, last, "{what}, deal {i}");
        // Each deal rescored from its record gives the same points, declarations and belotes.
        let scored = d.record.score().expect("a finished deal is a valid record");
        assert_eq!(scored.score, d.points(), "{what}, deal {i}");
        assert_eq!(scored.made, d.score.map(|s| s.made));
        assert_eq!(scored.belotes, d.belotes.counts());
        assert_eq!(scored.game.map(|g| g.total), Some(totals));
        assert_eq!(scored.game.map(|g| g.winner), Some(game.winner().filter(|_| last)));
        if rules.set.has_declarations() && d.contract.is_some() {
            assert_eq!(scored.declarations, Some(d.declarations));
            assert_eq!(scored.declared, d.declared);
            // Every seat's declaration is written down, so the record needs no guess.
            assert!(d.record.declared.0.0.iter().all(Option::is_some), "{what}, deal {i}");
        } else {
            assert!(d.record.declared.is_empty());
            assert_eq!(d.declarations, ByTeam([0, 0]));
        }
        // Each score is the sum the table shows.
        if let Some(s) = d.score {
            for t in Team::ALL {
                assert_eq!(s.sums[t].total(), s.raw[t]);
            }
        }
    }
    assert_eq!(game.totals(), totals);
    assert!(game.winner().is_some());
}

#[test]
fn whole_games_add_up() {
    for seed in 0..40 {
        let targets = RuleSet::Contree.targets();
        let target = targets[seed as usize % targets.len()];
        let options = GameOptions { target, ..GameOptions::default() };
        let game = play_to_end(seed, options, false);
        check_whole_game(&game, &format!("seed {seed}"));
    }
}

#[test]
fn whole_games_of_every_rule_set_add_up() {
    for (n, rules) in every_rules().into_iter().enumerate() {
        for seed in 0..6 {
            let targets = rules.set.targets();
            let target = targets[seed as usize % targets.len()];
            let options = GameOptions { target, ..GameOptions::of(rules) };
            let game = play_to_end(100 * n as u64 + seed, options, false);
            check_whole_game(&game, &format!("{rules:?} to {target}, seed {seed}"));
        }
    }
}

#[test]
fn games_of_every_rule_set_save_and_load_at_every_action() {
    for (n, rules) in every_rules().into_iter().enumerate() {
        let options = GameOptions { target: rules.set.targets()[0], ..GameOptions::of(rules) };
        let game = play_to_end(50 + n as u64, options, true);
        let save = game.to_save();
        assert_eq!(save.version, if rules == Rules::default() { 1 } else { 2 }, "{rules:?}");
    }
}

#[test]
fn save_and_load_at_every_action() {
    play_to_end(7, GameOptions::default(), true);
    let tradition = GameOptions { deal_style: DealStyle::Tradition, ..GameOptions::default() };
    play_to_end(8, tradition, true);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = play_to_end(3, GameOptions::default(), false);
    let b = play_to_end(3, GameOptions::default(), false);
    assert_eq!(a, b);
}

#[test]
fn refused_actions_change_nothing() {
    let mut game = Game::new(GameOptions::default(), 11, players());
    let before = game.clone();
    let seat = game.to_act().expect("someone speaks");
    let other = seat.next_in(Direction::Anticlockwise);
    assert_eq!(
        game.apply(other, Action::Bid(Call::Pass)),
        Err(GameError::NotYourTurn { seat: other, to_act: Some(seat) })
    );
    assert_eq!(
        game.apply(seat, Action::Bid(Call::Contre)).err(),
        Some(GameError::Bid(BidError::NothingToContre))
    );
    let card = game.deal().hands()[seat].first().expect("a card");
    assert_eq!(game.apply(seat, Action::Play(card)), Err(GameError::NotPlayingYet));
    assert_eq!(game.next_deal(), Err(GameError::DealNotOver));
    assert_eq!(game, before);
}

#[test]
fn four_passes_void_the_deal_and_the_dealer_moves() {
    let mut game = Game::new(GameOptions::default(), 5, players());
    let dealer = game.deal().dealer;
    for _ in 0..4 {
        let seat = game.to_act().expect("to speak");
        game.apply(seat, Action::Bid(Call::Pass)).expect("pass");
    }
    assert_eq!(game.phase(), Phase::DealOver);
    assert_eq!(game.history()[0].contract, None);
    assert_eq!(game.totals(), ByTeam([0, 0]));
    game.next_deal().expect("next");
    assert_eq!(game.deal().dealer, dealer.next_in(Direction::Anticlockwise));
}

#[test]
fn tradition_gathers_the_tricks_and_shuffles_after_four_void_deals() {
    let options = GameOptions { deal_style: DealStyle::Tradition, ..GameOptions::default() };
    let mut game = Game::new(options, 9, players());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    // Play one deal with a contract.
    let seat = game.to_act().expect("to speak");
    game.apply(
        seat,
        Action::Bid(Call::Bid(crate::rules::Bid::new(
            crate::rules::BidLevel::Points(80),
            crate::rules::Suit::Hearts,
        ))),
    )
    .expect("bid");
    // The others pass: 80 hearts is the contract, and the game cannot end on this deal.
    while game.phase() == Phase::Bidding {
        let seat = game.to_act().expect("to speak");
        game.apply(seat, Action::Bid(Call::Pass)).expect("pass");
    }
    while game.phase() != Phase::DealOver {
        random_step(&mut game, &mut rng);
    }
    let gathered = game.gathered_deck();
    assert_eq!(gathered, game.deal().played());
    game.next_deal().expect("next");
    // The new hands come from the gathered deck, cut: dealing the same cut gives them again.
    let mut deck = gathered;
    cut(&mut deck, &mut deal_rng(9, 1, CUT));
    assert_eq!(deal(&deck, game.deal().dealer, Direction::Anticlockwise), game.deal().dealt);
    // Four void deals in a row, then a shuffle.
    for _ in 0..4 {
        for _ in 0..4 {
            let seat = game.to_act().expect("to speak");
            game.apply(seat, Action::Bid(Call::Pass)).expect("pass");
        }
        let gathered = game.gathered_deck();
        let index = game.deal().index + 1;
        game.next_deal().expect("next");
        let mut deck = gathered;
        cut(&mut deck, &mut deal_rng(9, index, CUT));
        let from_gathered = deal(&deck, game.deal().dealer, Direction::Anticlockwise);
        assert_eq!(from_gathered == game.deal().dealt, index < 5, "deal {index}");
    }
}

/// Whether one save holds every action of another: each point of a game holds the points
/// before it and no later one; another game, or a branch taken back, holds neither way.
#[test]
fn a_save_holds_the_saves_of_the_same_game_before_it() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut game = Game::new(GameOptions::default(), 3, players());
    let mut saves = vec![game.to_save()];
    for _ in 0..120 {
        if game.phase() == Phase::DealOver {
            game.next_deal().expect("next deal");
        }
        random_step(&mut game, &mut rng);
        saves.push(game.to_save());
    }
    for (i, a) in saves.iter().enumerate() {
        for (j, b) in saves.iter().enumerate() {
            assert_eq!(a.extends(b), i >= j, "save {i} extending save {j}");
        }
    }
    let started = |mut s: GameSave, at: u64| {
        s.started = Some(at);
        s
    };
    let (first, last) = (started(saves[0].clone(), 1), started(saves[120].clone(), 1));
    assert!(last.extends(&first) && last.same_game(&first));
    assert!(!started(saves[120].clone(), 2).extends(&first), "another start, another game");
    let other = Game::new(GameOptions::default(), 4, players()).to_save();
    assert!(!other.extends(&saves[0]) && !saves[0].extends(&other));
    // A branch: from one point, another action than the one the game went on with.
    let (j, mut branch) = (1..119)
        .rev()
        .filter_map(|j| Game::from_save(&saves[j]).ok().map(|g| (j, g)))
        .find(|(_, g)| g.to_act().is_some())
        .expect("a point with a seat to act");
    for _ in 0..200 {
        let mut tried = branch.clone();
        let seat = tried.to_act().expect("a seat");
        let action = tried.random_action(&mut rng).expect("an action");
        tried.apply(seat, action).expect("legal");
        if tried.to_save() != saves[j + 1] {
            branch = tried;
            break;
        }
    }
    let (a, b) = (branch.to_save(), saves[j + 1].clone());
    assert_ne!(a, b, "another action was found");
    assert!(a.extends(&saves[j]) && b.extends(&saves[j]));
    assert!(!a.extends(&b) && !b.extends(&a), "a branch extends neither way");
}

#[test]
fn tampered_saves_are_refused() {
    let mut game = Game::new(GameOptions::default(), 21, players());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    for _ in 0..12 {
        if game.phase() == Phase::DealOver {
            game.next_deal().expect("next");
        }
        random_step(&mut game, &mut rng);
    }
    let save = game.to_save();
    assert_eq!(Game::from_save(&save).as_ref(), Ok(&game));
    let mut swapped = save.clone();
    let last = swapped.deals.len() - 1;
    let hands = &mut swapped.deals[last].hands;
    let (a, b) = (hands[Seat::South][0], hands[Seat::North][0]);
    hands[Seat::South][0] = b;
    hands[Seat::North][0] = a;
    assert!(matches!(Game::from_save(&swapped), Err(LoadError::Tampered { .. })));
    let mut future = save.clone();
    future.version = SAVE_VERSION + 1;
    assert_eq!(Game::from_save(&future), Err(LoadError::FutureVersion(SAVE_VERSION + 1)));
    let mut illegal = save.clone();
    illegal.deals[last].auction.push(Call::Contre);
    illegal.deals[last].auction.push(Call::Contre);
    assert!(Game::from_save(&illegal).is_err());
    let mut target = save;
    target.options.target = 700;
    assert!(matches!(Game::from_save(&target), Err(LoadError::BadOptions(_))));
}

#[test]
fn the_view_shows_only_the_seats_own_hand() {
    let game = Game::new(GameOptions::default(), 4, players());
    for seat in Seat::ALL {
        let v = game.view(seat);
        assert_eq!(v.hand(), game.deal().dealt[seat]);
        assert_eq!(v.seat(), seat);
    }
}

#[test]
fn an_undo_gives_back_the_position_before_the_last_action() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    let mut game = Game::new(GameOptions::default(), 31, players());
    let mut undone = 0;
    for _ in 0..400 {
        match game.phase() {
            Phase::GameOver => break,
            Phase::DealOver => {
                let last = game.deal().last_action().map(|(s, _)| s).unwrap_or(Seat::South);
                assert_eq!(game.undo(last), Err(UndoError::DealOver), "a scored deal stays");
                game.next_deal().expect("next");
                assert_eq!(game.undo(Seat::South), Err(UndoError::NothingToUndo));
                continue;
            }
            _ => {}
        }
        let before = game.clone();
        let event = random_step(&mut game, &mut rng);
        if event.deal_end {
            continue;
        }
        let other = event.seat.partner();
        let auction = &game.deal().auction;
        let other_called = (0..auction.calls().len()).any(|i| auction.seat_of(i) == other);
        // A seat that has not called yet has nothing to take back, whoever acted last.
        let refused = match other_called {
            true => UndoError::NotTheLast { seat: other, last: event.seat },
            false => UndoError::NothingToUndo,
        };
        assert_eq!(
            game.undo(other),
            Err(refused),
            "only the seat that acted last may take it back"
        );
        assert_eq!(game.deal().last_action(), Some((event.seat, event.action)));
        assert_eq!(game.undo(event.seat), Ok(event.action));
        undone += 1;
        let mut expected = before.clone();
        expected.deal.undos += 1;
        assert_eq!(game, expected);
        // The position saves and loads with the count of actions taken back.
        let back = Game::from_save(&game.to_save()).expect("loads");
        assert_eq!(back, game);
        game.apply(event.seat, event.action).expect("the same action again");
    }
    assert!(undone > 100);
    // The count reaches the history of each deal.
    let counted: u32 = game.history().iter().map(|d| d.undos).sum();
    let in_progress = if game.deal().index < game.history().len() { 0 } else { game.deal().undos };
    assert_eq!(counted + in_progress, undone);
}

#[test]
fn hints_are_counted_per_deal_kept_by_a_take_back_and_saved() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut game = Game::new(GameOptions::default(), 7, players());
    assert!(!serde_json::to_string(&game.to_save()).expect("json").contains("hints"));
    game.count_hint();
    game.count_hint();
    let event = random_step(&mut game, &mut rng);
    if !event.deal_end {
        game.undo(event.seat).expect("undo");
    }
    assert_eq!(game.deal().hints, 2, "a take-back keeps the hints seen");
    let back = Game::from_save(&game.to_save()).expect("loads");
    assert_eq!(back, game);
    while game.phase() != Phase::DealOver && game.phase() != Phase::GameOver {
        random_step(&mut game, &mut rng);
    }
    game.count_hint();
    assert_eq!(game.history().last().map(|d| d.hints), Some(2), "a scored deal stays as scored");
    let saved = game.to_save();
    assert_eq!(saved.hints, [2]);
    assert_eq!(Game::from_save(&saved).expect("loads"), game);
}

/// A deal of `rules` with the contract `bid` by the first seat to speak, the others passing.
fn contract_deal(rules: Rules, seed: u64, bid: Bid) -> Game {
    let mut game = Game::new(GameOptions::of(rules), seed, players());
    let first = game.to_act().expect("to speak");
    game.apply(first, Action::Bid(Call::Bid(bid))).expect("bid");
    while game.phase() == Phase::Bidding {
        let seat = game.to_act().expect("to speak");
        game.apply(seat, Action::Bid(Call::Pass)).expect("pass");
    }
    game
}

/// Plays the first legal card of the seat to play.
fn first_legal(game: &mut Game) -> Event {
    let seat = game.to_act().expect("to play");
    let card = game.legal_cards().first().expect("a legal card");
    game.apply(seat, Action::Play(card)).expect("legal")
}

#[test]
fn plain_deals_and_plays_clockwise_from_the_dealers_left() {
    let plain = Rules::of(RuleSet::Plain);
    let mut game = Game::new(GameOptions::of(plain), 4, players());
    let contree = Game::new(GameOptions::default(), 4, players());
    let dealer = game.deal().dealer;
    assert_eq!(dealer, contree.deal().dealer, "the first dealer is drawn the same way");
    // The same deck, served clockwise: the hands go round the other way.
    let left = dealer.next_in(Direction::Clockwise);
    let right = dealer.next_in(Direction::Anticlockwise);
    assert_eq!(game.deal().dealt[left], contree.deal().dealt[right]);
    assert_eq!(game.deal().dealt[dealer], contree.deal().dealt[dealer]);
    assert!(is_full_deal(&game.deal().dealt));
    // The dealer's left-hand neighbour speaks first, then the turn goes clockwise.
    let mut speakers = Vec::new();
    for _ in 0..4 {
        let seat = game.to_act().expect("to speak");
        speakers.push(seat);
        game.apply(seat, Action::Bid(Call::Pass)).expect("pass");
    }
    assert_eq!(
        speakers,
        (1..=4).map(|i| dealer.after_in(i, Direction::Clockwise)).collect::<Vec<_>>()
    );
    game.next_deal().expect("next");
    assert_eq!(game.deal().dealer, left, "the deal passes to the left");
    // The card play too: the dealer's left leads, and the turn goes clockwise.
    let bid = Bid::new(BidLevel::Points(80), Suit::Hearts);
    let mut game = contract_deal(plain, 4, bid);
    let leader = game.deal().dealer.next_in(Direction::Clockwise);
    let mut players_in_turn = Vec::new();
    for _ in 0..4 {
        players_in_turn.push(first_legal(&mut game).seat);
    }
    assert_eq!(
        players_in_turn,
        (0..4).map(|i| leader.after_in(i, Direction::Clockwise)).collect::<Vec<_>>()
    );
}

#[test]
fn declarations_are_made_with_the_first_card_and_public_from_then_on() {
    let coinche = Rules::of(RuleSet::Coinche);
    for seed in 0..30 {
        let bid = Bid::new(BidLevel::Points(80), Suit::Spades);
        let mut game = contract_deal(coinche, seed, bid);
        let best = BySeat::from_fn(|s| game.best_combination(s, bid.trump));
        let mut played = Vec::new();
        for _ in 0..4 {
            let seat = game.to_act().expect("to play");
            for s in Seat::ALL {
                // Nobody knows a declaration before its seat's first card, not even the seat.
                let v = game.view(s);
                assert_eq!(v.declared().0[seat], None, "seed {seed}");
                for &p in &played {
                    assert_eq!(v.declared().0[p], Some(best[p].announced()), "seed {seed}");
                }
            }
            assert_eq!(game.deal().declarations(), None);
            let event = first_legal(&mut game);
            assert_eq!(event.declared, Some(best[seat]));
            played.push(seat);
            // The record written now holds what was said.
            let record = game.deal().record(game.options(), game.totals());
            assert_eq!(record.declared.0[seat], Some(best[seat]));
        }
        assert_eq!(game.deal().declarations(), Some(best));
        // The second card of a seat says nothing more.
        assert_eq!(first_legal(&mut game).declared, None);
    }
}

#[test]
fn a_seat_may_keep_quiet_and_the_record_says_so() {
    let coinche = Rules::of(RuleSet::Coinche);
    let bid = Bid::new(BidLevel::Points(80), Suit::Hearts);
    // A deal where South holds a combination.
    let (mut game, best) = (0..200)
        .find_map(|seed| {
            let game = contract_deal(coinche, seed, bid);
            let best = game.best_combination(Seat::South, bid.trump);
            (!best.is_empty()).then_some((game, best))
        })
        .expect("a hand with a combination");
    let nothing = Combination::NONE;
    let other = Combination::from_declarations(&[Declaration::Carre(Rank::Jack)])
        .filter(|c| *c != best)
        .unwrap_or_default();
    if !other.is_empty() && game.deal().dealt[Seat::South].and(other.cards()) != other.cards() {
        assert_eq!(game.declare(Seat::South, other), Err(GameError::NotHeld { seat: Seat::South }));
    }
    game.declare(Seat::South, nothing).expect("keeping quiet is allowed");
    // The choice stays South's own until its first card.
    assert_eq!(game.view(Seat::East).declared().0[Seat::South], None);
    let saved = Game::from_save(&game.to_save()).expect("loads");
    assert_eq!(saved, game, "the choice is saved");
    while !game.deal().has_played(Seat::South) {
        first_legal(&mut game);
    }
    assert_eq!(game.deal().announced(Seat::South), Some(nothing));
    assert_eq!(
        game.declare(Seat::South, best),
        Err(GameError::AlreadyDeclared { seat: Seat::South })
    );
    // Taking back the first card takes back the declaration made with it.
    let before_card = game.deal().played().len();
    if game.deal().last_action().map(|(s, _)| s) == Some(Seat::South) {
        game.undo(Seat::South).expect("undo");
        assert_eq!(game.deal().played().len(), before_card - 1);
        assert_eq!(game.deal().declared[Seat::South], None);
        game.declare(Seat::South, nothing).expect("again");
        first_legal(&mut game);
    }
    while game.phase() == Phase::Playing {
        first_legal(&mut game);
    }
    let d = game.history().last().expect("the deal");
    assert_eq!(d.record.declared.0[Seat::South], Some(nothing));
    let scored = d.record.score().expect("valid");
    assert_eq!(scored.score, d.points());
    assert_eq!(scored.declared.map(|all| all[Seat::South]), Some(nothing));
    // The declarations that scored follow from what was declared, not from the hands.
    let declared = d.declared.expect("coinche");
    assert_eq!(d.declarations, crate::rules::declarations_scored(&declared, bid.trump));
    let winner = declaration_winner(&declared, bid.trump);
    assert!(winner != Some(Team::NS) || declared[Seat::North].points() > 0);
}

#[test]
fn declarations_belong_to_coinche_and_to_the_play() {
    let bid = Bid::new(BidLevel::Points(80), Suit::Hearts);
    let mut contree = contract_deal(Rules::default(), 3, bid);
    assert_eq!(contree.declare(Seat::South, Combination::NONE), Err(GameError::NoDeclarations));
    first_legal(&mut contree);
    assert!(contree.deal().declared.0.iter().all(Option::is_none));
    assert!(contree.view(Seat::South).declared().is_empty());
    let mut bidding = Game::new(GameOptions::of(Rules::of(RuleSet::Coinche)), 3, players());
    assert_eq!(bidding.declare(Seat::South, Combination::NONE), Err(GameError::NotPlayingYet));
}

#[test]
fn an_edited_declaration_is_refused_on_loading() {
    let coinche = Rules::of(RuleSet::Coinche);
    let bid = Bid::new(BidLevel::Points(80), Suit::Hearts);
    let (game, seat) = (0..200)
        .find_map(|seed| {
            let mut game = contract_deal(coinche, seed, bid);
            for _ in 0..4 {
                first_legal(&mut game);
            }
            let seat = Seat::ALL
                .into_iter()
                .find(|&s| game.deal().declared[s].is_some_and(|c| !c.is_empty()))?;
            Some((game, seat))
        })
        .expect("a deal with a declaration");
    let save = game.to_save();
    assert_eq!(save.version, 2);
    assert_eq!(Game::from_save(&save).as_ref(), Ok(&game));
    let mut edited = save.clone();
    let last = edited.deals.len() - 1;
    edited.deals[last].declared.0[seat] = Some(Combination::NONE);
    assert_eq!(Game::from_save(&edited), Err(LoadError::Edited));
    // Without its checksum, the declarations are made again as written: the deal is the one
    // where that seat kept quiet.
    edited.check = None;
    let loaded = Game::from_save(&edited).expect("a seat may keep quiet");
    assert_eq!(loaded.deal().announced(seat), Some(Combination::NONE));
}

#[test]
fn tout_atout_says_every_belote() {
    let at = Rules::default().with_nt_at(true);
    let bid = Bid { level: BidLevel::Points(80), trump: Trump::AllTrump };
    let mut checked = 0;
    for seed in 0..300 {
        let mut game = contract_deal(at, seed, bid);
        let dealt = crate::rules::BelotesDealt::of(&game.deal().dealt, Trump::AllTrump);
        if dealt.counts().0.iter().sum::<u8>() < 2 {
            continue;
        }
        let mut calls = 0;
        while game.phase() == Phase::Playing {
            let event = first_legal(&mut game);
            calls += usize::from(event.belote.is_some());
            // What the play says was said with the card, as the table shows it again later.
            if let (Action::Play(card), Some(play)) = (event.action, &game.deal().play) {
                assert_eq!(play.public().said_with(card), event.belote, "seed {seed}");
            }
            // What the bots read is what was said.
            assert_eq!(game.view(Seat::North).belotes(), game.deal().belotes_said());
        }
        // Every belote dealt is said.
        let said: Vec<_> = game.deal().belotes_said().iter().collect();
        assert_eq!(said, dealt.iter().collect::<Vec<_>>(), "seed {seed}");
        assert_eq!(calls, 2 * dealt.iter().count());
        let d = game.history().last().expect("the deal");
        assert_eq!(d.belotes, dealt);
        assert_eq!(d.record.score().map(|s| s.belotes).ok(), Some(dealt.counts()));
        checked += 1;
    }
    assert!(checked > 5, "{checked}");
}

#[test]
fn a_coinche_sum_is_the_one_the_rules_give() {
    // The game's score of each deal is the rules' score of its tally, in the table's terms.
    let options = GameOptions::of(Rules::of(RuleSet::Coinche));
    let game = play_to_end(77, options, false);
    for d in game.history() {
        let (Some(c), Some(s)) = (d.contract, d.score) else { continue };
        let again = score_deal(&c, &d.tally(), game.rules());
        assert_eq!(again, s);
        for t in Team::ALL {
            assert!(s.sums[t].times == 1 || c.multiplier != crate::rules::Multiplier::Simple);
            assert_ne!(s.sums[t], ScoreSum { times: 0, ..ScoreSum::default() });
        }
    }
}

/// Totals at the highest a deal record may give: the game counts each deal as the record's
/// answer (`contree score`) does, through the one reckoning, and the game is over or not as
/// the answer says.
#[test]
fn totals_at_the_highest_a_record_gives_count_as_the_records_answer_says() {
    let mut compared = 0;
    for (i, rules) in every_rules().into_iter().enumerate() {
        let game = play_to_end(40 + i as u64, GameOptions::of(rules), false);
        for (j, result) in game.history().iter().enumerate().take(6) {
            let mut record = result.record.clone();
            let near = GameContext::MAX_TOTAL - j as u32 * 40;
            let before = ByTeam([near, GameContext::MAX_TOTAL - 30]);
            record.game = Some(GameContext { target: game.options().target, before });
            let replayed = Replay::new(&record).and_then(Replay::finish).expect("replays");
            let answer = record.score().expect("scores").game.expect("a game answer");
            let points = replayed.history()[0].points();
            let expected = ByTeam::from_fn(|t| before[t] + u32::from(points[t]));
            assert_eq!(replayed.totals(), expected, "{rules:?} deal {j}");
            assert_eq!(answer.total, expected, "{rules:?} deal {j}");
            assert_eq!(replayed.winner(), answer.winner, "{rules:?} deal {j}");
            assert_eq!(replayed.phase() == Phase::GameOver, answer.over, "{rules:?} deal {j}");
            compared += usize::from(points != ByTeam::default());
        }
    }
    assert!(compared >= 10, "deals with a score: {compared}");
}

#[test]
fn a_deal_turned_for_any_seat_scores_the_same_for_the_same_players() {
    for (n, rules) in every_rules().into_iter().enumerate() {
        let options =
            GameOptions { rules, target: rules.set.default_target(), ..GameOptions::default() };
        let game = play_to_end(500 + n as u64, options, false);
        for d in game.history() {
            let scored = d.record.score().expect("a deal the game played scores");
            for me in Seat::ALL {
                let turned = d.record.turned(me);
                let seen = turned.score().expect("the deal turned scores");
                assert_eq!(turned.dealer, d.record.dealer.seen_from(me));
                assert_eq!(turned.hands[Seat::South], d.record.hands[me], "my hand is South's");
                for t in Team::ALL {
                    let as_seen = Seat::team_seen(me, t);
                    assert_eq!(seen.score[as_seen], scored.score[t], "{rules:?}, seen from {me:?}");
                    assert_eq!(seen.card_points[as_seen], scored.card_points[t]);
                }
                assert_eq!(seen.made, scored.made);
                let totals = |s: &crate::rules::ScoredDeal| s.game.as_ref().map(|g| g.total);
                let (after, after_seen) = (totals(&scored).expect("in a game"), totals(&seen));
                let mut expected = crate::rules::ByTeam::<u32>::default();
                for t in Team::ALL {
                    expected[Seat::team_seen(me, t)] = after[t];
                }
                assert_eq!(after_seen, Some(expected), "the totals after it, turned");
            }
        }
    }
}
