use super::*;
use crate::rules::Direction;
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
            w[0].next_in(Direction::Anticlockwise),
            "the deal passes to the right-hand neighbour"
        );
    }
    game
}

#[test]
fn whole_games_add_up() {
    for seed in 0..40 {
        let target = TARGETS[seed as usize % 3];
        let options = GameOptions { target, ..GameOptions::default() };
        let game = play_to_end(seed, options, false);
        let mut totals = ByTeam([0u32; 2]);
        for (i, d) in game.history().iter().enumerate() {
            assert_eq!(d.record.game.map(|g| g.before), Some(totals));
            for t in Team::ALL {
                totals[t] += u32::from(d.points()[t]);
            }
            assert_eq!(d.totals, totals);
            // The game ends exactly on the deal the rules say, not before.
            let outcome = game_outcome(
                Rules::default(),
                target,
                totals,
                d.score.as_ref().map(|s| (s, d.tricks_won)),
            );
            let last = i + 1 == game.history().len();
            assert_eq!(outcome != GameOutcome::Continue, last, "seed {seed}, deal {i}");
            // Each deal rescored from its record gives the same points.
            let scored = d.record.score().expect("a finished deal is a valid record");
            assert_eq!(scored.score, d.points());
            assert_eq!(scored.game.map(|g| g.total), Some(totals));
        }
        assert_eq!(game.totals(), totals);
        assert!(game.winner().is_some());
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
    assert_eq!(gathered, game.deal().played);
    game.next_deal().expect("next");
    // The new hands come from the gathered deck, cut: dealing the same cut gives them again.
    let mut deck = gathered;
    cut(&mut deck, &mut deal_rng(9, 1, CUT));
    assert_eq!(deal(&deck, game.deal().dealer), game.deal().dealt);
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
        let from_gathered = deal(&deck, game.deal().dealer);
        assert_eq!(from_gathered == game.deal().dealt, index < 5, "deal {index}");
    }
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
        assert_eq!(v.hand, game.deal().dealt[seat]);
        assert_eq!(v.seat, seat);
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
        assert_eq!(
            game.undo(other),
            Err(UndoError::NotTheLast { seat: other, last: event.seat }),
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
