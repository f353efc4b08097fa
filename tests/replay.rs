//! A deal record replayed through the game gives, at every step and for every seat, the view
//! the table gave at that moment, and the view `contree bot` reads from the request for it:
//! the expert's review of a finished deal and the bot's answer for the same moment see the same.

mod common;

use contree::bots::expert::Budget;
use contree::bots::protocol::{parse_request, request_json};
use contree::bots::{Decision, Level};
use contree::game::{Action, Game, GameOptions, Phase, Replay, SeatView};
use contree::personas::BiddingStyle;
use contree::rules::{
    BySeat, ByTeam, Combination, ContreScoring, DealRecord, GameContext, RuleSet, Rules,
    ScoringMethod, Seat,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Every seat's view in `views` is one `SeatView::new` accepts as it is, and the seat to act's
/// reads back from its request.
fn check_views(views: &BySeat<SeatView>, to_act: Seat, what: &str) {
    for (seat, view) in views.iter() {
        let built = SeatView::new(seat, view.hand(), view.public().clone(), view.game());
        assert_eq!(built.as_ref(), Ok(view), "{what}, {seat}");
    }
    let line = request_json(&views[to_act]);
    assert_eq!(parse_request(&line).as_ref(), Ok(&views[to_act]), "{what}: {line}");
}

/// Plays up to `deals` deals of a game under `rules`, `choose` giving each action (it may make
/// the seat's declaration first), and replays each deal's record: at every step the replay's
/// view of every seat is the one the game gave, `SeatView::new` takes it as it is and the seat
/// to act's reads back from its request; the replayed deal ends on the game's result. Gives the
/// deals and the steps checked.
fn check_game(
    rules: Rules,
    seed: u64,
    deals: usize,
    mut choose: impl FnMut(&mut Game, Seat) -> Action,
) -> (usize, usize) {
    let players = BySeat::from_fn(|s| s.to_string());
    let mut game = Game::new(GameOptions::of(rules), seed, players);
    let mut steps = 0;
    for deal in 0..deals {
        let mut seen = Vec::new();
        while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
            let seat = game.to_act().expect("a seat to act");
            let action = choose(&mut game, seat);
            seen.push((seat, BySeat::from_fn(|s| game.view(s))));
            game.apply(seat, action).expect("a legal action");
        }
        let result = game.history().last().expect("the deal just played");
        let mut replay = Replay::new(&result.record).expect("the deal's record");
        for (i, (seat, table)) in seen.iter().enumerate() {
            let what = format!("{rules:?}, game {seed}, deal {deal}, step {i}");
            let turn = replay.next_turn().expect("an action left");
            assert_eq!(turn.seat, *seat, "{what}");
            let views = BySeat::from_fn(|s| replay.view(s));
            assert_eq!(&views, table, "{what}");
            check_views(&views, *seat, &what);
            replay.advance().expect("the record's action");
            steps += 1;
        }
        assert_eq!(replay.next_turn(), None);
        let replayed = replay.game().history().first().expect("the deal is over");
        assert_eq!(replayed, result, "{rules:?}, game {seed}, deal {deal}");
        if game.phase() == Phase::GameOver {
            return (deal + 1, steps);
        }
        game.next_deal().expect("the next deal");
    }
    (deals, steps)
}

/// Games of random legal players in every rule set, some seats declaring less than their
/// best: the record of each deal, replayed, gives every view the game gave while it was
/// played, and ends on the same result.
#[test]
fn a_replayed_deal_gives_the_views_the_game_gave() {
    let mut steps = 0;
    for (n, &rules) in common::ALL_RULES.iter().enumerate() {
        for g in 0..4u64 {
            let seed = 100 * n as u64 + g;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let random = |game: &mut Game, seat: Seat| {
                let quiet = game.phase() == Phase::Playing
                    && rules.set.has_declarations()
                    && !game.deal().has_played(seat)
                    && rng.random_bool(0.2);
                if quiet {
                    game.declare(seat, Combination::NONE).expect("nothing is always held");
                }
                game.random_action(&mut rng).expect("an action")
            };
            steps += check_game(rules, seed, 6, random).1;
        }
    }
    assert!(steps > 3000, "only {steps} steps");
}

/// Hundreds of deals played by the bots below the expert, a level and a bidding style to each
/// seat, in every rule set and contrée's scoring options: at every step the replay gives the
/// views the game gave, and the seat to act's is the one `contree bot` reads from its request.
/// Each decision is the bot's own from the game's view, as at the table.
#[test]
fn deals_played_by_the_bots_replay_to_the_views_of_the_table_and_of_contree_bot() {
    const LEVELS: [Level; 3] = [Level::Random, Level::Easy, Level::Normal];
    const STYLES: [BiddingStyle; 2] = [BiddingStyle::Bold, BiddingStyle::Cautious];
    let tournament = Rules {
        scoring: ScoringMethod::Made,
        contre: ContreScoring::Tournament,
        ..Rules::of(RuleSet::Contree)
    };
    let (mut deals, mut steps) = (0, 0);
    for (n, &rules) in common::ALL_RULES.iter().chain([&tournament]).enumerate() {
        for g in 0..8u64 {
            let seed = 1000 + 100 * n as u64 + g;
            let level = BySeat::from_fn(|s| LEVELS[(s.index() + g as usize) % 3]);
            let style = BySeat::from_fn(|s| STYLES[(s.index() + g as usize) % 2]);
            let bots = |game: &mut Game, seat: Seat| {
                let view = game.view(seat);
                let budget = Budget::DEFAULT;
                let decision =
                    Decision { view: &view, style: style[seat], seed, budget, cancel: None };
                level[seat].decide(&decision)
            };
            let (d, s) = check_game(rules, seed, 6, bots);
            deals += d;
            steps += s;
        }
    }
    assert!(deals > 250, "only {deals} deals");
    assert!(steps > 10_000, "only {steps} steps");
}

/// Random records in every rule set, without a game and in one: the replay's views are the
/// ones `contree bot` reads from their requests, in the record's game or, without one, in a
/// first deal to the rule set's usual target; and the replay scores the deal as
/// `contree score` does.
#[test]
fn a_replayed_record_gives_the_views_contree_bot_reads() {
    for (n, &rules) in common::ALL_RULES.iter().enumerate() {
        for seed in 0..20u64 {
            let mut record = common::random_record_with(seed * 11 + n as u64, Some(rules));
            if seed % 2 == 1 {
                record.game = Some(GameContext { target: 1500, before: ByTeam([380, 1210]) });
            }
            let game = record.game.unwrap_or(GameContext {
                target: rules.set.default_target(),
                before: ByTeam::default(),
            });
            let mut replay = Replay::new(&record).expect("the record's hands");
            while let Some(turn) = replay.next_turn() {
                let views = BySeat::from_fn(|s| replay.view(s));
                assert!(views.0.iter().all(|v| v.game() == game), "{record:?}");
                check_views(&views, turn.seat, &format!("{record:?}"));
                replay.advance().expect("a legal action");
            }
            let scored = record.score().expect("a legal record");
            let result = replay.game().history().first().expect("the deal is over").clone();
            assert_eq!(result.score.map(|s| s.score).unwrap_or_default(), scored.score);
            assert_eq!(result.card_points, scored.card_points);
            assert_eq!(result.belotes.counts(), scored.belotes);
            assert_eq!(result.declared, scored.declared.filter(|_| scored.contract.is_some()));
        }
    }
}

/// A record the rules refuse stops its replay at the action refused, named as
/// `contree score` names it.
#[test]
fn a_replay_stops_at_the_first_action_refused() {
    let mut broken: DealRecord = (0..)
        .map(|seed| common::random_record_with(seed, None))
        .find(|r| !r.play.is_empty())
        .expect("a deal with a contract");
    // The leader's card played again as the second card of the first trick.
    broken.play[1] = broken.play[0];
    let mut replay = Replay::new(&broken).expect("the hands");
    let error = loop {
        match replay.advance() {
            Ok(_) => continue,
            Err(e) => break e,
        }
    };
    let scored = broken.score().expect_err("refused");
    assert_eq!(error, scored);
}
