//! Whole games played by random legal players that bid, contre and surcontre now and then, for
//! the store and command-line tests.

#![allow(dead_code)]

use contree::game::new_game;
use contree::game::{Event, Game, GameOptions, Phase};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Plays one action, or deals the next deal when one is over. `None` at game over.
pub fn step(game: &mut Game, rng: &mut Xoshiro256PlusPlus) -> Option<Event> {
    match game.phase() {
        Phase::GameOver => None,
        Phase::DealOver => {
            game.next_deal().expect("the next deal");
            step(game, rng)
        }
        _ => {
            let seat = game.to_act().expect("someone is to act");
            let action = game.random_action(rng)?;
            Some(game.apply(seat, action).expect("a legal action is accepted"))
        }
    }
}

/// A new game from `seed` and the generator its random players use.
pub fn new(options: GameOptions, seed: u64) -> (Game, Xoshiro256PlusPlus) {
    (new_game(options, seed, None), Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed))
}

/// Plays `game` until `stop` says so or the game is over, calling `each` after every action.
pub fn play_until(
    game: &mut Game,
    rng: &mut Xoshiro256PlusPlus,
    mut stop: impl FnMut(&Game) -> bool,
    mut each: impl FnMut(&Game, &Event),
) {
    while !stop(game) {
        match step(game, rng) {
            Some(event) => each(game, &event),
            None => break,
        }
    }
}

/// A game of `seed` played to its end by the random players, every deal but the last compared
/// with the expert in South's seat and its mistakes measured, the last still being compared:
/// a table left while the expert thought.
pub fn finished_with_the_last_deal_still_compared(seed: u64) -> Game {
    let (mut game, mut rng) = new(GameOptions::default(), seed);
    play_until(&mut game, &mut rng, |g| g.phase() == Phase::GameOver, |_, _| {});
    let last = game.history().len() - 1;
    assert!(last >= 1, "a game of more than one deal");
    for i in 0..=last {
        assert!(game.ask_expert_in_seat(i));
    }
    for i in 0..last {
        let score = game.history()[i].points();
        assert!(game.answer_expert_in_seat(i, Some(score)));
        let record = game.history()[i].record.clone();
        assert!(game.measure_mistakes(i, &record, contree::game::Mistakes::default()));
    }
    game
}

/// The deal of the day of the date `n` days (modulo 3000) after 2026-01-01, played out by the
/// random players, as the table files it (without the expert's figures: the filing is
/// under test here, not the analysis).
pub fn daily_entry(n: u64) -> contree::store::DailyEntry {
    use contree::game::daily::{DAILY_DERIVATION, Day, daily_game};
    let start = "2026-01-01".parse::<Day>().map(Day::number).unwrap_or(0);
    let day = Day::of_unix((start as u64 + n % 3000) * 86_400);
    let mut game = daily_game(day);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(n);
    while game.history().is_empty() {
        if step(&mut game, &mut rng).is_none() {
            break;
        }
    }
    let d = game.history().first().expect("the deal of the day played out");
    contree::store::DailyEntry {
        version: contree::store::DAILY_VERSION,
        date: day,
        derivation: DAILY_DERIVATION,
        filed: 0,
        score: d.points(),
        expert: None,
        double_dummy: None,
        mistakes: Vec::new(),
        analysed: false,
        record: d.record.clone(),
    }
}

/// `contree` run with `args` in the data directory `data`, `input` on its standard input:
/// standard output, standard error and the exit status. A run that has not ended after
/// [`DEADLINE`] is killed and the test fails, rather than waiting for ever.
pub fn contree(
    data: &std::path::Path,
    args: &[&str],
    input: &str,
) -> (String, String, Option<i32>) {
    contree_within(data, args, input, DEADLINE)
}

/// [`contree`], killed and failed when it has not ended after `deadline`.
pub fn contree_within(
    data: &std::path::Path,
    args: &[&str],
    input: &str,
    deadline: std::time::Duration,
) -> (String, String, Option<i32>) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(args)
        .env("CONTREE_DATA_DIR", data)
        .env("LC_ALL", "C.UTF-8")
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs contree");
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let mut stdin = child.stdin.take().expect("stdin");
    // A contree that stopped reading (it quit) closes the pipe: what is left unwritten is
    // unread, not an error.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the status") {
            break status;
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let out = out.join().unwrap_or_default();
            panic!("contree {args:?} did not end within {deadline:?}; it said:\n{out}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let (out, err) = (out.join().expect("stdout read"), err.join().expect("stderr read"));
    (out, err, status.code())
}

/// How long a run of `contree` in a test may take: a whole game of computer players in a
/// debug build is well under it.
pub const DEADLINE: std::time::Duration = std::time::Duration::from_secs(600);

/// Answers every request to think the line mode's effects ask, until none is left, as the
/// runner does before anything is typed.
pub fn think_through(line: &mut contree::line::LineMode, store: &contree::store::Store) {
    use contree::session::effects;
    loop {
        let asked = effects::apply_effects(line, store);
        if asked.is_empty() {
            break;
        }
        for a in asked.into_iter().filter_map(effects::think) {
            line.answer(a);
        }
    }
}
