//! The course on the table: its map, each level played by its computed answer and by a wrong
//! one through the keys and clicks a player uses, the counting drill at its pace, and the
//! snapshots of a level, a wrong try's answer, the map and the drill, the takers' trumps
//! counted and the surcontre, at 80x24 and 120x40 in both languages.

mod screen;

use contree::learn::{Answer, CourseProgress, Goal, Level, Stage};
use contree::rules::Call;
use contree::session::effects::{Effect, Front};
use contree::text::Lang;
use contree::ui::hits::Hit;
use contree::ui::screens::Screen;
use contree::ui::screens::course::Said;
use contree::ui::table_screen::BidButton;
use contree::ui::{App, Msg};
use crossterm::event::KeyCode;
use screen::{click, config, draw, key, text};

/// The app on the course's map, its progress fresh.
fn course(lang: Lang) -> App {
    let mut app = App::new(config(lang));
    app.open_course();
    let effects = app.take_effects();
    assert!(effects.iter().any(|e| matches!(e, Effect::LoadCourse)), "{effects:?}");
    Front::course_loaded(&mut app, CourseProgress::default());
    assert!(matches!(app.screen(), Screen::Course(_)), "the course opens on its map");
    app
}

/// The course screen.
fn screen(app: &App) -> &contree::ui::screens::course::CourseScreen {
    match app.screen() {
        Screen::Course(c) => c,
        other => panic!("not the course: {other:?}"),
    }
}

/// The level played and what it says.
fn level(app: &App) -> (Level, Said) {
    let (level, said, _) = screen(app).level().expect("a level");
    (level.clone(), said.clone())
}

/// Enters stage `n` (from 1) from the map.
fn enter(app: &mut App, n: usize) {
    draw(app, 80, 24);
    click(app, Hit::CourseItem(n - 1));
    assert!(screen(app).level().is_some(), "stage {n} opens on a level");
}

/// Gives `answer` as a player does: a card clicked, a call's buttons clicked (and confirmed),
/// or the points typed and Enter.
fn give(app: &mut App, answer: Answer) {
    draw(app, 80, 24);
    match answer {
        Answer::Card(card) => click(app, Hit::Card(card)),
        Answer::Call(Call::Bid(bid)) => {
            click(app, Hit::Bid(BidButton::Level(bid.level)));
            draw(app, 80, 24);
            click(app, Hit::Bid(BidButton::Trump(bid.trump)));
        }
        Answer::Call(call) => click(app, Hit::Bid(BidButton::Call(call))),
        Answer::Number(n) => {
            for c in n.to_string().chars() {
                key(app, KeyCode::Char(c));
            }
            key(app, KeyCode::Enter);
        }
    }
    // A weighty call waits for its confirmation.
    if screen(app).table().is_some_and(|t| t.table().confirm().is_some()) {
        key(app, KeyCode::Char('y'));
    }
}

#[test]
fn every_level_is_answered_wrong_then_right_through_the_table() {
    let mut app = course(Lang::En);
    for stage in Stage::ALL {
        enter(&mut app, stage.number());
        for i in 0..stage.levels().len() {
            let (lvl, said) = level(&app);
            assert_eq!(said, Said::Goal, "{:?} opens on its goal", lvl.goal);
            draw(&mut app, 80, 24);
            let giveable = |a: &Answer| match *a {
                Answer::Card(c) => app.hits().area_of(Hit::Card(c)).is_some(),
                Answer::Call(Call::Bid(b)) => {
                    app.hits().area_of(Hit::Bid(BidButton::Level(b.level))).is_some()
                }
                Answer::Call(c) => app.hits().area_of(Hit::Bid(BidButton::Call(c))).is_some(),
                Answer::Number(_) => true,
            };
            let wrong = lvl.wrong_answers().into_iter().find(|a| giveable(a));
            if let Some(wrong) = wrong {
                give(&mut app, wrong);
                let (_, said) = level(&app);
                assert!(
                    matches!(&said, Said::Wrong { reason, .. } if !reason.is_empty()),
                    "{:?}: {wrong:?} is answered with its reason, not {said:?}",
                    lvl.goal
                );
            }
            give(&mut app, lvl.solution());
            let (_, said) = level(&app);
            assert!(matches!(said, Said::Solved(1..=3)), "{:?}: solved, not {said:?}", lvl.goal);
            let effects = app.take_effects();
            assert!(
                effects
                    .iter()
                    .any(|e| matches!(e, Effect::WriteCourse(p) if p.stars_of(lvl.goal) > 0)),
                "{:?}: its stars are written",
                lvl.goal
            );
            key(&mut app, KeyCode::Enter);
            if i + 1 < stage.levels().len() {
                assert!(screen(&app).level().is_some());
            }
        }
        assert!(screen(&app).level().is_none(), "{stage:?}'s end is back at the map");
    }
    let progress = screen(&app).course().progress();
    assert!(Stage::ALL.iter().all(|&s| progress.stage_done(s)));
}

#[test]
fn esc_leaves_a_level_for_the_map_and_the_map_for_the_start_screen() {
    let mut app = course(Lang::En);
    enter(&mut app, 2);
    key(&mut app, KeyCode::Esc);
    assert!(screen(&app).level().is_none(), "back at the map");
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Start(_)));
}

#[test]
fn the_drill_shows_its_cards_at_its_pace() {
    let mut app = course(Lang::En);
    enter(&mut app, 3);
    for _ in 0..2 {
        let (lvl, _) = level(&app);
        give(&mut app, lvl.solution());
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(screen(&app).drill_shown(), 0, "a paced drill starts with no card shown");
    let (_, pause) = app.wait().expect("a paced drill waits");
    assert!(pause.as_millis() > 0);
    app.update(Msg::Timer);
    assert_eq!(screen(&app).drill_shown(), 1, "each pause shows a card");
}

#[test]
fn the_course_is_offered_first_to_a_newcomer_and_beside_practice_to_the_others() {
    use contree::ui::hits::StartItem;
    let items = |newcomer| {
        let app = App::new(contree::ui::Config { newcomer, ..config(Lang::En) });
        app.start().map(|s| s.items()).unwrap_or_default()
    };
    assert_eq!(items(true).first(), Some(&StartItem::Learn));
    let others = items(false);
    assert_eq!(others.first(), Some(&StartItem::Play));
    let practice = others.iter().position(|&i| i == StartItem::Practice);
    assert_eq!(practice.map(|p| others[p + 1]), Some(StartItem::Learn));
}

/// The course's screens drawn in both languages at both sizes.
#[test]
fn snapshots_of_the_map_a_level_a_wrong_try_the_answer_and_the_drill() {
    for lang in [Lang::En, Lang::Fr] {
        for (w, h) in [(80, 24), (120, 40)] {
            let name = |what: &str| format!("course_{what}_{lang:?}_{w}x{h}");
            let mut app = course(lang);
            insta::assert_snapshot!(name("map"), text(&draw(&mut app, w, h)));
            enter(&mut app, 2);
            insta::assert_snapshot!(name("level"), text(&draw(&mut app, w, h)));
            let (lvl, _) = level(&app);
            let wrong = *lvl.wrong_answers().first().expect("a wrong answer");
            assert!(matches!(wrong, Answer::Card(_)), "the trick's stage asks for cards");
            give(&mut app, wrong);
            give(&mut app, wrong);
            insta::assert_snapshot!(name("wrong_twice"), text(&draw(&mut app, w, h)));
            give(&mut app, lvl.solution());
            let solved = text(&draw(&mut app, w, h));
            assert!(matches!(level(&app).1, Said::Solved(_)), "the answer solves the level");
            insta::assert_snapshot!(name("solved"), solved);
            key(&mut app, KeyCode::Esc);
            enter(&mut app, 3);
            for _ in 0..2 {
                let (lvl, _) = level(&app);
                give(&mut app, lvl.solution());
                key(&mut app, KeyCode::Enter);
            }
            for _ in 0..6 {
                app.update(Msg::Timer);
            }
            insta::assert_snapshot!(name("drill"), text(&draw(&mut app, w, h)));
        }
    }
}

/// Plays `stage`'s levels by their answers up to `goal`'s, from the map or a level.
fn up_to(app: &mut App, stage: Stage, goal: Goal) {
    if screen(app).level().is_some() {
        key(app, KeyCode::Esc);
    }
    enter(app, stage.number());
    while level(app).0.goal != goal {
        give(app, level(app).0.solution());
        key(app, KeyCode::Enter);
    }
}

/// The takers' trumps counted after a wrong count, and the surcontre's stake after a wrong
/// surcontre, drawn in both languages at both sizes.
#[test]
fn snapshots_of_the_trumps_counted_and_the_surcontre_each_after_a_wrong_try() {
    for lang in [Lang::En, Lang::Fr] {
        for (w, h) in [(80, 24), (120, 40)] {
            let name = |what: &str| format!("course_{what}_{lang:?}_{w}x{h}");
            let mut app = course(lang);
            for (stage, goal, what) in [
                (Stage::Defence, Goal::CountTheirTrumps, "their_trumps"),
                (Stage::Doubles, Goal::Surcontre, "surcontre"),
            ] {
                up_to(&mut app, stage, goal);
                let wrong = *level(&app).0.wrong_answers().first().expect("a wrong answer");
                give(&mut app, wrong);
                assert!(matches!(level(&app).1, Said::Wrong { .. }), "{goal:?}: {wrong:?}");
                insta::assert_snapshot!(name(what), text(&draw(&mut app, w, h)));
            }
        }
    }
}
