use rand::SeedableRng;

use super::*;
use crate::game::GameOptions;
use crate::personas::Level;

/// A started table of `options` whose South and North are held by players (their tokens
/// `"south"` and `"north"`), away.
fn table_of_two(options: GameOptions) -> Table {
    let mut table =
        Table::new("ACDEFH".into(), TableSetup::new(options, Level::Easy), Seat::South, 7);
    for seat in [Seat::South, Seat::North] {
        let place = &mut table.places[seat.index()];
        place.token = Some(code::keep("ACDEFH", seat.to_string().as_str()));
        place.bot_plays = false;
    }
    table.game = Some(crate::game::new_game(options, 7, None));
    table
}

/// A connection numbered `id`, and what is queued on it.
fn conn(id: u64) -> (Conn, mpsc::Receiver<Line>) {
    let (tx, rx) = mpsc::channel(64);
    (Conn { id, tx, close: Default::default() }, rx)
}

/// `seat`'s player sits back with its token.
fn back(table: &mut Table, seat: Seat, id: u64) -> mpsc::Receiver<Line> {
    let (c, rx) = conn(id);
    let ask = JoinAsk {
        name: seat.to_string(),
        password: None,
        seat: None,
        token: Some(seat.to_string()),
    };
    let (_, token) = table.join(ask, c).expect("sits back");
    assert_eq!(token, seat.to_string(), "a player sitting back keeps their token");
    rx
}

/// The types of the messages queued for `seat`, and the deals shown once the last is written.
fn queued(table: &mut Table, seat: Seat) -> (Vec<String>, Option<usize>) {
    let mut shows = None;
    let types = table
        .take_outbox()
        .into_iter()
        .filter(|(s, _, _)| *s == seat)
        .map(|(_, l, n)| {
            shows = n.or(shows);
            let v: serde_json::Value = serde_json::from_str(&l).expect("json");
            v["type"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    (types, shows)
}

/// Plays the deal to its end with random legal actions.
fn finish_deal(table: &mut Table, rng: &mut rand::rngs::Xoshiro256PlusPlus) {
    while let Some(seat) = table.game.as_ref().and_then(Game::to_act) {
        let action = table.game.as_ref().and_then(|g| g.random_action(rng)).expect("an action");
        table.apply(seat, action, true).expect("legal");
    }
}

#[test]
fn players_back_after_a_deal_ended_without_them_are_sent_its_end_before_the_next_deal() {
    let mut table = table_of_two(GameOptions::default());
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(3);
    finish_deal(&mut table, &mut rng);
    assert!(table.between_deals());
    // South comes back first: the deal's end, then the next deal at once (no pause).
    let _south = back(&mut table, Seat::South, 1);
    let (types, shows) = queued(&mut table, Seat::South);
    assert_eq!(types, ["joined", "table", "view", "deal_over"]);
    assert_eq!(shows, Some(1));
    table.next_deal();
    table.take_outbox();
    // North comes back during the next deal: the end it missed comes before its view.
    let _north = back(&mut table, Seat::North, 2);
    let (types, shows) = queued(&mut table, Seat::North);
    assert_eq!(types, ["joined", "table", "deal_over", "view"]);
    assert_eq!(shows, Some(1));
    // Once written, North has been shown it: coming back again sends it no more.
    table.shown(2, 1);
    let _north = back(&mut table, Seat::North, 3);
    let (types, _) = queued(&mut table, Seat::North);
    assert_eq!(types, ["joined", "table", "view"]);
}

#[test]
fn the_games_end_is_shown_only_once_written_to_every_player() {
    let options = GameOptions { target: 500, ..GameOptions::default() };
    let mut table = table_of_two(options);
    let _south = back(&mut table, Seat::South, 1);
    let _north = back(&mut table, Seat::North, 2);
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(5);
    while !table.finished() {
        finish_deal(&mut table, &mut rng);
        table.next_deal();
    }
    let h = table.game.as_ref().map_or(0, |g| g.history().len());
    let (types, shows) = queued(&mut table, Seat::North);
    assert_eq!(types.last().map(String::as_str), Some("game_over"));
    assert_eq!(shows, Some(h));
    assert!(!table.end_shown(), "queued is not shown");
    table.shown(1, h);
    assert!(!table.end_shown(), "North's line is not written yet");
    table.shown(2, h);
    assert!(table.end_shown());
}

#[test]
fn a_seat_keeping_a_combination_quiet_is_seen_by_no_other_seat() {
    use crate::rules::{RuleSet, Rules};
    let options = GameOptions::of(Rules::of(RuleSet::Coinche));
    for seed in 0..200 {
        let mut table = table_of_two(options);
        table.game = Some(crate::game::new_game(options, seed, None));
        let _rx: Vec<_> = Seat::ALL
            .into_iter()
            .map(|s| {
                let (c, rx) = conn(s.index() as u64 + 1);
                table.places[s.index()].conn = Some(c);
                table.places[s.index()].bot_plays = false;
                rx
            })
            .collect();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        while table.game.as_ref().is_some_and(|g| g.phase() == Phase::Bidding) {
            let game = table.game.as_ref().expect("a game");
            let (seat, action) = (game.to_act().expect("a seat"), game.random_action(&mut rng));
            table.apply(seat, action.expect("an action"), false).expect("legal");
        }
        let Some(seat) = table.game.as_ref().and_then(Game::to_act) else { continue };
        let game = table.game.as_ref().expect("a game");
        if !table.may_declare(game, seat) {
            continue;
        }
        table.take_outbox();
        let revision = table.revision;
        for declare in [false, true] {
            let changed = table.message(seat.index() as u64 + 1, ClientMsg::Declare { declare });
            assert!(changed.save, "the choice is saved");
            let sent: Vec<Seat> = table.take_outbox().into_iter().map(|(s, _, _)| s).collect();
            assert_eq!(sent, [seat], "only the seat choosing is sent its view");
            assert_eq!(table.revision, revision, "no new revision tells the others");
        }
        return;
    }
    panic!("no seat could declare in 200 deals");
}
