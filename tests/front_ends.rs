//! Both front ends over one session: the terminal table and the line mode, dealt the same game
//! from the same seed and South doing the same thing (passing, then playing its first legal
//! card), ask the runner for the same effects in the same order: the saves, the records in the
//! statistics, the new game's filing, the computer players' and the expert's thinking, the
//! comparison with the expert in South's seat, and the exercises made and filed after the deal.

mod screen;

use std::collections::VecDeque;

use contree::bots::Level;
use contree::bots::expert::Budget;
use contree::game::{Game, GameOptions, Phase};
use contree::line::LineMode;
use contree::rules::Seat;
use contree::session::effects::{self, Effect};
use contree::session::settings::{Settings, Speed};
use contree::session::work::Answer;
use contree::text::{Lang, SuitStyle, Words};
use contree::ui::hits::Hit;
use contree::ui::popups::Popup;
use contree::ui::{App, Config, Msg};
use crossterm::event::KeyCode;

/// The seed of the game both front ends play: its first deal is bid and played, and South's
/// first legal cards make exercises.
const SEED: u64 = 2;

/// A game to 1000 at once, easy computer players (who bid their hands) at full speed, compared with the expert, who
/// weighs few worlds so that the deal's exercises are made quickly.
fn config() -> Config {
    let settings = Settings {
        lang: Lang::En,
        speed: Speed::Instant,
        level: Level::Easy,
        ..Settings::default()
    };
    let game = contree::game::new_game(GameOptions::default(), SEED, None);
    Config { game: Some(game), budget: Budget::worlds(2), ..Config::plain(settings, SEED) }
}

/// An effect as the runner sees it, told from another by what it is about: a request to think
/// by its seat, position or deal (its cancel flag is its own), anything else whole.
fn label(effect: &Effect) -> String {
    match effect {
        Effect::Think(r) => format!("think {:?} at {}", r.view.seat(), r.revision),
        Effect::Hint(r) => format!("hint at {}", r.revision),
        Effect::Analyse(_) => "analyse".to_string(),
        Effect::Compare(r) => format!("compare deal {}", r.deal),
        Effect::MakeExercises(r) => {
            let deals: Vec<usize> = r.deals.iter().map(|(i, _, _)| *i).collect();
            format!("make exercises of game {} deals {deals:?}", r.seed)
        }
        other => format!("{other:?}"),
    }
}

/// Carries out the effects as a runner whose workers answer at once: each is noted, and the
/// answer to a request to think is handed to `answer`, which gives back the effects it queued,
/// carried out before the rest. The exercises are made as for a game the store knows. False
/// when there was none.
fn carry_out(
    effects: Vec<Effect>,
    noted: &mut Vec<String>,
    mut answer: impl FnMut(Answer) -> Vec<Effect>,
) -> bool {
    let any = !effects.is_empty();
    let mut queue = VecDeque::from(effects);
    while let Some(mut e) = queue.pop_front() {
        noted.push(label(&e));
        if let Effect::MakeExercises(r) = &mut e {
            r.started = Some(1);
        }
        if let Some(a) = effects::think(e) {
            for queued in answer(a).into_iter().rev() {
                queue.push_front(queued);
            }
        }
    }
    any
}

/// Whether the second deal waits for South's call: the first is over, and everything it
/// asked is in.
fn second_deal_at_south(game: &Game) -> bool {
    game.history().len() == 1
        && game.phase() == Phase::Bidding
        && game.to_act() == Some(Seat::South)
}

/// The terminal table, keys and clicks: the players' popup closed, `p` to pass, a click on the
/// first legal card, Enter on the deal's summary.
fn on_the_screen() -> Vec<String> {
    let mut app = App::new(config());
    let mut noted = Vec::new();
    for _ in 0..20_000 {
        let effects = app.take_effects();
        let answer = |a: Answer| {
            app.update(Msg::from(a));
            app.take_effects()
        };
        if carry_out(effects, &mut noted, answer) {
            continue;
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
            continue;
        }
        let game = app.game().expect("a game").clone();
        if second_deal_at_south(&game) {
            return noted;
        }
        match app.popups().last() {
            Some(Popup::Players | Popup::DealEnd) => screen::key(&mut app, KeyCode::Enter),
            Some(other) => panic!("a popup unlooked for: {other:?}"),
            None if game.phase() == Phase::Bidding => screen::key(&mut app, KeyCode::Char('p')),
            None => {
                let card = game.legal_cards().first().expect("a card to play");
                screen::draw(&mut app, 100, 30);
                screen::click(&mut app, Hit::Card(card));
            }
        }
    }
    panic!("the screen never reached the second deal");
}

/// The line mode, typed lines: `pass`, then `play` and the first legal card.
fn in_lines() -> Vec<String> {
    let mut line = LineMode::new(config(), true, &[]);
    let w = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: true };
    let mut noted = Vec::new();
    for _ in 0..20_000 {
        let effects = line.take_effects();
        let answer = |a: Answer| {
            line.answer(a);
            line.take_effects()
        };
        if carry_out(effects, &mut noted, answer) {
            continue;
        }
        let game = line.game().expect("a game").clone();
        if second_deal_at_south(&game) {
            return noted;
        }
        let typed = match game.phase() {
            Phase::Bidding => "pass".to_string(),
            _ => format!("play {}", w.card(game.legal_cards().first().expect("a card to play"))),
        };
        line.input(&typed);
    }
    panic!("the line mode never reached the second deal");
}

#[test]
fn both_front_ends_ask_the_same_effects_of_the_same_deal() {
    let screen = on_the_screen();
    let lines = in_lines();
    assert_eq!(screen, lines);
    // The deal is saved, recorded, compared and made into exercises, and what was made filed.
    for what in ["SaveGame", "DealFinished", "NewGame(None)", "compare deal 0"] {
        assert!(lines.iter().any(|l| l == what), "{what} in {lines:#?}");
    }
    let made = format!("make exercises of game {} deals [0]", SEED);
    assert!(lines.contains(&made), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("FileExercises")), "{lines:#?}");
}
