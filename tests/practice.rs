//! Practice on the start screen: the exercises made from South's mistakes served on the table as
//! it was, the choice judged against the expert's, the answer written back, and the screen
//! without exercises; snapshotted at 80x24 and 120x40 in French and English, and in ASCII.

mod common;
mod screen;

use contree::bots::expert::Reason;
use contree::exercises::{Exercise, ExerciseId, Figure, ReviewState, Solution, Weighed};
use contree::game::{Action, Phase, Replay};
use contree::rules::{Call, Seat};
use contree::session::effects::Effect;
use contree::session::effects::Front;
use contree::text::Lang;
use contree::ui::App;
use contree::ui::hits::Hit;
use contree::ui::hits::StartItem;
use contree::ui::keymap::Mode;
use contree::ui::screens::Screen;
use crossterm::event::KeyCode;
use screen::{click, config, draw, key};

/// An exercise of a random deal's first South decision of the kind asked (a card, or a call)
/// with another legal choice: the expert's is the first other, and the figures make the second
/// other as good as it and the rest clear mistakes.
fn exercise(card: bool) -> Exercise {
    for seed in 0.. {
        let record = common::random_record(seed);
        let calls = record.auction.len();
        let mut replay = Replay::new(&record).expect("hands");
        while let Some(turn) = replay.next_turn() {
            let game = replay.game();
            let is_card = matches!(turn.action, Action::Play(_));
            if turn.seat == Seat::South && is_card == card {
                let others: Vec<Action> = if card {
                    game.legal_cards().iter().map(Action::Play).collect()
                } else {
                    let legal = game.legal_calls();
                    [Call::Pass, Call::Contre]
                        .into_iter()
                        .chain(legal.min_level.map(|level| {
                            Call::Bid(contree::rules::Bid { level, trump: legal.trumps()[0] })
                        }))
                        .filter(|&c| legal.allows(c))
                        .map(Action::Bid)
                        .collect()
                };
                let others: Vec<Action> =
                    others.into_iter().filter(|&a| a != turn.action).collect();
                if others.len() >= 2 && game.phase() != Phase::DealOver {
                    let expert = others[0];
                    let mut options = vec![Weighed {
                        action: expert,
                        worth: Figure { mean: 42.0, se: Some(6.0) },
                        worlds: 32,
                        cost: Some(Figure { mean: 0.0, se: Some(0.0) }),
                    }];
                    options.push(Weighed {
                        action: others[1],
                        worth: Figure { mean: 39.0, se: Some(7.0) },
                        worlds: 32,
                        cost: Some(Figure { mean: 3.0, se: Some(2.5) }),
                    });
                    options.push(Weighed {
                        action: turn.action,
                        worth: Figure { mean: -18.0, se: Some(9.0) },
                        worlds: 32,
                        cost: Some(Figure { mean: 60.0, se: Some(8.0) }),
                    });
                    let answer = Solution {
                        action: expert,
                        reason: Reason::Figures { mean: 42, se: Some(6), worlds: 32 },
                        options,
                    };
                    let index = if card { calls + turn.index } else { turn.index };
                    let id = ExerciseId { seed, started: 1_700_000_000, deal: 0, decision: index };
                    let cost = Figure { mean: 60.0, se: Some(8.0) };
                    return Exercise::new(id, &record, turn.action, cost, answer).expect("valid");
                }
            }
            replay.advance().expect("legal");
        }
    }
    unreachable!("some deal has such a decision")
}

/// The practice screen opened from the start screen with `exercises` loaded.
fn practising(lang: Lang, exercises: Vec<Exercise>) -> App {
    let mut app = App::new(config(lang));
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Start(StartItem::Practice));
    assert!(app.take_effects().contains(&Effect::LoadExercises), "the exercises are asked for");
    assert!(matches!(app.screen(), Screen::Practice(_)));
    app.exercises_loaded(exercises);
    app
}

fn snapshot_all(name: &str, mut make: impl FnMut(Lang) -> App) {
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut app = make(lang);
            let t = draw(&mut app, w, h);
            let lang_name = if lang == Lang::Fr { "fr" } else { "en" };
            insta::assert_snapshot!(format!("{name}_{lang_name}_{w}x{h}"), t.backend());
        }
    }
}

/// The choice reviewed: the one written back.
fn reviewed(app: &mut App) -> Exercise {
    app.take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::ReviewExercise(e) => Some(*e),
            _ => None,
        })
        .expect("the answer is written")
}

#[test]
fn with_no_exercise_the_screen_says_how_they_are_made() {
    snapshot_all("practice_empty", |lang| practising(lang, Vec::new()));
    let mut app = practising(Lang::En, Vec::new());
    let screen = format!("{:?}", draw(&mut app, 80, 24).backend());
    assert!(screen.contains("No exercise yet"), "{screen}");
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Start(_)), "Esc goes back");
}

#[test]
fn a_card_exercise_is_served_on_the_table_and_the_expert_s_card_solves_it() {
    let e = exercise(true);
    snapshot_all("practice_card", |lang| practising(lang, vec![e.clone()]));
    let mut app = practising(Lang::En, vec![e.clone()]);
    assert_eq!(app.mode(), Mode::Playing, "the table's own keys choose");
    assert!(app.game().is_some_and(|g| g.view(Seat::South) == e.view), "the table as it was");
    let Action::Play(card) = e.expert.action else { panic!("a card") };
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Card(card));
    let back = reviewed(&mut app);
    assert_eq!(back.review, ReviewState { level: 1, due: 11, solved: 1, missed: 0 });
    assert_eq!(app.mode(), Mode::Practice);
    snapshot_all("practice_card_solved", |lang| {
        let mut app = practising(lang, vec![e.clone()]);
        draw(&mut app, 80, 24);
        click(&mut app, Hit::Card(card));
        app
    });
    // Nothing of the exercise is kept as a game.
    assert!(
        app.take_effects().iter().all(|e| !matches!(e, Effect::SaveGame | Effect::DealFinished))
    );
}

#[test]
fn a_card_as_good_as_the_expert_s_solves_it_and_the_same_mistake_misses_it() {
    let e = exercise(true);
    let Action::Play(near) = e.expert.options[1].action else { panic!("a card") };
    let mut app = practising(Lang::Fr, vec![e.clone()]);
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Card(near));
    assert_eq!(reviewed(&mut app).review.solved, 1);
    let Action::Play(played) = e.played else { panic!("a card") };
    let mut app = practising(Lang::En, vec![e.clone()]);
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Card(played));
    let back = reviewed(&mut app);
    assert_eq!(back.review, ReviewState { level: 0, due: 4, solved: 0, missed: 1 });
    snapshot_all("practice_card_missed", |lang| {
        let mut app = practising(lang, vec![e.clone()]);
        draw(&mut app, 80, 24);
        click(&mut app, Hit::Card(played));
        app
    });
    // Enter serves the next one due: the same, there being no other.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Playing);
}

#[test]
fn a_call_exercise_is_served_on_the_bidding_box() {
    let e = exercise(false);
    snapshot_all("practice_call", |lang| practising(lang, vec![e.clone()]));
    let mut app = practising(Lang::En, vec![e.clone()]);
    assert_eq!(app.mode(), Mode::Bidding);
    // Nothing is hinted, taken back or looked back over in an exercise.
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('i'));
    key(&mut app, KeyCode::Char('H'));
    assert!(app.popups().is_empty());
    assert!(app.take_effects().is_empty());
    key(&mut app, KeyCode::Char('p'));
    let back = reviewed(&mut app);
    let pass_is_the_expert_s = e.expert.action == Action::Bid(Call::Pass);
    assert_eq!(
        back.review.solved == 1,
        pass_is_the_expert_s || e.expert.options[1].action == Action::Bid(Call::Pass)
    );
}

#[test]
fn ascii_and_no_colour_draw_the_practice() {
    let e = exercise(true);
    let mut c = config(Lang::Fr);
    c.no_color = true;
    c.ascii = true;
    let mut app = App::new(c);
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Start(StartItem::Practice));
    app.exercises_loaded(vec![e.clone()]);
    draw(&mut app, 80, 24);
    let Action::Play(card) = e.played else { panic!("a card") };
    click(&mut app, Hit::Card(card));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("practice_ascii_monochrome_fr", t.backend());
    let buf = t.backend().buffer();
    assert!(buf.content().iter().all(|c| c.symbol().is_ascii()), "ASCII only");
    assert!(buf.content().iter().all(|c| c.fg == ratatui::style::Color::Reset));
}

#[test]
fn an_exercise_s_auction_is_read_with_keys_and_clicks_and_esc_closes_it_before_leaving() {
    use contree::ui::auction::Selected;
    let selected = |app: &App| app.table().and_then(|t| t.selected());
    let mut app = practising(Lang::En, vec![exercise(false)]);
    let calls = app.game().expect("the exercise's table").deal().auction.calls().len();
    assert!(calls > 0, "the exercise's auction holds calls");
    // ↑ reads the call South is choosing, then the one before it.
    key(&mut app, KeyCode::Up);
    assert_eq!(selected(&app), Some(Selected::Coming));
    key(&mut app, KeyCode::Up);
    assert_eq!(selected(&app), Some(Selected::Call(calls - 1)));
    // Esc closes it, and the next Esc leaves the practice.
    key(&mut app, KeyCode::Esc);
    assert_eq!(selected(&app), None);
    assert!(matches!(app.screen(), Screen::Practice(_)), "still practising");
    // A click reads a call, a second closes it; no choice is made by either.
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Call(Selected::Call(0)));
    assert_eq!(selected(&app), Some(Selected::Call(0)));
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Call(Selected::Call(0)));
    assert_eq!(selected(&app), None);
    assert_eq!(app.mode(), Mode::Bidding, "nothing chosen");
    assert!(app.take_effects().is_empty());
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Start(_)), "Esc goes back");
}

#[test]
fn an_exercise_s_tricks_played_before_it_are_shown_with_the_table_s_key() {
    use contree::ui::popups::Popup;
    let e = exercise(true);
    let mut app = practising(Lang::En, vec![e.clone()]);
    let taken = app.table().expect("the exercise's table").table().deal_tricks().len();
    assert!(taken > 0, "the exercise comes after a trick");
    let screen = format!("{:?}", draw(&mut app, 120, 40).backend());
    assert!(screen.contains("L  Last trick"), "the footer offers the tricks: {screen}");
    key(&mut app, KeyCode::Char('L'));
    assert!(matches!(app.popups().last(), Some(Popup::Tricks(_))), "{:?}", app.popups());
    assert_eq!(app.mode(), Mode::Tricks);
    snapshot_all("practice_tricks", |lang| {
        let mut app = practising(lang, vec![e.clone()]);
        key(&mut app, KeyCode::Char('L'));
        app
    });
    // Esc closes them, and the exercise is still to be chosen; nothing was chosen.
    key(&mut app, KeyCode::Esc);
    assert!(app.popups().is_empty());
    assert_eq!(app.mode(), Mode::Playing);
    assert!(app.take_effects().is_empty());
}

#[test]
fn an_exercise_names_each_seat_once_and_its_line_ends_with_what_it_asks() {
    let e = exercise(false);
    for (lang, (w, h)) in [(Lang::En, (80, 24)), (Lang::Fr, (120, 40))] {
        let mut app = practising(lang, vec![e.clone()]);
        let t = draw(&mut app, w, h);
        let rows: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| t.backend().buffer()[(x, y)].symbol().to_string()).collect())
            .collect();
        let north = if lang == Lang::En { "North" } else { "Nord" };
        let named = rows.iter().filter(|r| r.trim_start().starts_with(north)).count();
        assert_eq!(named, 1, "{rows:#?}");
        // Answered, the practice's line says the counts and no dash after them.
        key(&mut app, KeyCode::Char('p'));
        let t = draw(&mut app, w, h);
        let row = |y| (0..w).map(|x| t.backend().buffer()[(x, y)].symbol()).collect::<String>();
        let practice = if lang == Lang::En { " Practice: " } else { " Entraînement : " };
        let line = (0..h).map(row).find(|l| l.starts_with(practice)).expect("the practice's line");
        assert!(!line.trim_end().ends_with('—'), "{line}");
    }
}

/// The practice's popups, and the help over its table, at every size: each covers the whole
/// area it is given.
#[test]
fn the_practice_s_popups_cover_the_whole_area_they_are_given() {
    let e = exercise(true);
    let Action::Play(played) = e.played else { panic!("a card") };
    for lang in Lang::ALL {
        let mut none = practising(lang, Vec::new());
        screen::assert_popup_covers_its_area("no exercise", &mut none);
        let mut app = practising(lang, vec![e.clone()]);
        key(&mut app, KeyCode::Char('?'));
        screen::assert_popup_covers_its_area("the help over an exercise", &mut app);
        key(&mut app, KeyCode::Esc);
        draw(&mut app, 80, 24);
        click(&mut app, Hit::Card(played));
        screen::assert_popup_covers_its_area("the verdict", &mut app);
        key(&mut app, KeyCode::Char('?'));
        screen::assert_popup_covers_its_area("the help over the verdict", &mut app);
    }
}
