//! The exercises made from South's mistakes: their lines read back as written, anything else
//! refused without a panic, and `exercises.jsonl` on disk (filed once, a cut line mended, lines
//! that are not exercises moved aside alone, answers written again atomically).

mod common;

use std::fs;

use contree::bots::expert::Reason;
use contree::exercises::{
    self, Exercise, ExerciseId, Figure, ReviewState, Solution, Verdict, Weighed,
};
use contree::game::{Action, Phase, Replay};
use contree::rules::{Call, Card, Seat};
use contree::store::{EXERCISES_FILE, Store, Unfit};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

fn store(dir: &std::path::Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

/// South's decisions of a record: their index among the calls then cards, what South did, and
/// the other legal actions there.
fn south_decisions(record: &contree::rules::DealRecord) -> Vec<(usize, Action, Vec<Action>)> {
    let calls = record.auction.len();
    let mut replay = Replay::new(record).expect("a record's hands");
    let mut out = Vec::new();
    while let Some(turn) = replay.next_turn() {
        if turn.seat == Seat::South {
            let game = replay.game();
            let others: Vec<Action> = match game.phase() {
                Phase::Bidding => {
                    let legal = game.legal_calls();
                    let mut v = vec![Call::Pass, Call::Contre, Call::Surcontre];
                    for level in contree::rules::BidLevel::ALL {
                        for &trump in legal.trumps().iter() {
                            v.push(Call::Bid(contree::rules::Bid { level, trump }));
                        }
                    }
                    v.into_iter().filter(|&c| legal.allows(c)).map(Action::Bid).collect()
                }
                _ => game.legal_cards().iter().map(Action::Play).collect(),
            };
            let others = others.into_iter().filter(|&a| a != turn.action).collect();
            let index = match turn.action {
                Action::Bid(_) => turn.index,
                Action::Play(_) => calls + turn.index,
            };
            out.push((index, turn.action, others));
        }
        replay.advance().expect("a legal action");
    }
    out
}

/// A valid exercise of a random deal: one of South's decisions with one other legal action as
/// the expert's, and figures and a review state of any kind.
fn exercise() -> impl Strategy<Value = Exercise> {
    (
        any::<u64>(),
        any::<(u64, u64, u8)>(),
        any::<usize>(),
        any::<usize>(),
        proptest::collection::vec((-500.0f64..500.0, proptest::option::of(0.0f64..100.0)), 1..6),
        any::<(u8, u64, u32, u32)>(),
    )
        .prop_filter_map(
            "a deal where South has another choice",
            |(seed, id, pick, other, figures, review)| {
                let record = common::random_record(seed);
                let decisions: Vec<_> =
                    south_decisions(&record).into_iter().filter(|d| !d.2.is_empty()).collect();
                if decisions.is_empty() {
                    return None;
                }
                let (decision, played, others) = &decisions[pick % decisions.len()];
                let expert = others[other % others.len()];
                let options = figures
                    .iter()
                    .zip([expert, *played].into_iter().chain(others.iter().copied()))
                    .map(|(&(mean, se), action)| (action, hundredths(mean), se.map(hundredths)))
                    .map(|(action, mean, se)| Weighed {
                        action,
                        worth: Figure { mean, se },
                        worlds: 32,
                        cost: se.map(|se| Figure { mean: mean.abs(), se: Some(se) }),
                    })
                    .collect();
                let answer = Solution {
                    action: expert,
                    reason: Reason::Figures { mean: 3, se: Some(4), worlds: 32 },
                    options,
                };
                let id = ExerciseId {
                    seed: id.0,
                    started: id.1,
                    deal: usize::from(id.2),
                    decision: *decision,
                };
                let cost = Figure { mean: 12.5, se: Some(3.0) };
                let mut e = Exercise::new(id, &record, *played, cost, answer).expect("valid");
                e.review = ReviewState {
                    level: review.0 % 6,
                    due: review.1,
                    solved: review.2,
                    missed: review.3,
                };
                Some(e)
            },
        )
}

/// A figure to the hundredth, as exercises keep them.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn an_exercise_reads_back_as_written(e in exercise()) {
        let line = e.to_line();
        let back = Exercise::parse(&line).expect("reads back");
        prop_assert_eq!(back.to_line(), line);
        prop_assert_eq!(&back.view, &e.view);
        prop_assert_eq!(back.id, e.id);
        prop_assert_eq!(back.review, e.review);
        prop_assert_eq!(back.judge(e.expert.action), Verdict::Expert);
        prop_assert!(!back.judge(e.played).solved());
    }

    #[test]
    fn arbitrary_bytes_are_refused_or_read_whole(b in common::json_like_bytes()) {
        if let Ok(e) = Exercise::parse(&b) {
            prop_assert_eq!(Exercise::parse(&e.to_line()).expect("reads back"), e);
        }
    }

    #[test]
    fn an_exercise_altered_anywhere_reads_back_whole_or_not_at_all(
        e in exercise(), at in any::<usize>(), byte in any::<u8>()
    ) {
        let mut line = e.to_line();
        let i = at % line.len();
        line[i] = byte;
        if let Ok(back) = Exercise::parse(&line) {
            prop_assert_eq!(Exercise::parse(&back.to_line()).expect("reads back"), back);
        }
    }

    #[test]
    fn an_exercises_file_of_any_bytes_loses_nothing(b in common::json_like_bytes(), e in exercise()) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join(EXERCISES_FILE);
        let mut content = e.to_line();
        content.push(b'\n');
        content.extend(&b);
        fs::write(&path, &content).expect("write");
        let store = store(dir.path());
        let read = store.exercises().expect("reads");
        prop_assert!(read.exercises.contains(&e));
        // Every byte is still somewhere: in the file, or in the lines moved aside.
        let mut all = Vec::new();
        for entry in fs::read_dir(dir.path()).expect("dir") {
            all.extend(fs::read(entry.expect("entry").path()).expect("read"));
        }
        for line in content.split(|&c| c == b'\n').filter(|l| !contree::files::is_blank(l)) {
            prop_assert!(all.windows(line.len()).any(|w| w == line), "a line was lost");
        }
    }
}

/// An exercise of a fixed deal, for the store's tests.
fn one(seed: u64, deal: usize) -> Exercise {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut e = exercise().new_tree(&mut runner).expect("a value").current();
    e.id.seed = seed;
    e.id.deal = deal;
    e.review = ReviewState::default();
    e
}

#[test]
fn an_exercise_is_filed_once_however_often_its_deal_is_analysed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (a, b) = (one(1, 0), one(1, 1));
    assert_eq!(store.file_exercises(&[a.clone(), a.clone()]).expect("files"), 1);
    assert_eq!(store.file_exercises(&[a.clone(), b.clone()]).expect("files"), 1);
    assert_eq!(store.file_exercises(std::slice::from_ref(&b)).expect("files"), 0);
    let read = store.exercises().expect("reads");
    assert_eq!(read.exercises, [a, b]);
    assert!(read.set_aside.is_none());
}

#[test]
fn a_line_cut_off_by_a_crash_is_moved_aside_and_the_exercise_filed_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (a, b) = (one(2, 0), one(2, 1));
    store.file_exercises(std::slice::from_ref(&a)).expect("files");
    let path = dir.path().join(EXERCISES_FILE);
    let mut bytes = fs::read(&path).expect("read");
    let line = b.to_line();
    bytes.extend(&line[..line.len() / 2]);
    fs::write(&path, &bytes).expect("write");
    // The table opens: the piece goes aside alone.
    store.remove_leftovers();
    let notices = store.take_notices();
    assert!(notices.iter().any(|n| n.last_line_only && n.file == EXERCISES_FILE), "{notices:?}");
    assert_eq!(store.exercises().expect("reads").exercises, std::slice::from_ref(&a));
    // The deal analysed again on resume files it, once.
    assert_eq!(store.file_exercises(&[a.clone(), b.clone()]).expect("files"), 1);
    assert_eq!(store.exercises().expect("reads").exercises, [a, b]);
}

#[test]
fn lines_that_are_not_exercises_are_moved_aside_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (a, b) = (one(3, 0), one(3, 1));
    let path = dir.path().join(EXERCISES_FILE);
    let mut altered = b.to_line();
    // The decision's index changed by hand: the deal no longer gives the view.
    let text = String::from_utf8(altered.clone()).expect("utf-8");
    let decision = format!("\"decision\":{}", b.id.decision);
    altered = text.replace(&decision, "\"decision\":9999").into_bytes();
    let content = [a.to_line(), b"not json".to_vec(), altered.clone(), b.to_line()].join(&b'\n');
    fs::write(&path, &content).expect("write");
    let read = store.exercises().expect("reads");
    assert_eq!(read.exercises, [a.clone(), b.clone()]);
    let aside = read.set_aside.expect("lines set aside");
    assert!(aside.moved);
    assert!(matches!(&aside.reason, Unfit::NotExercises { lines, .. } if lines.first() == [2, 3]));
    assert!(aside.to_string().contains("lines 2, 3 are not contree exercises"), "{aside}");
    let kept = fs::read(&aside.path).expect("kept");
    assert_eq!(kept, [b"not json".to_vec(), altered, Vec::new()].join(&b'\n'));
    // The file holds the exercises alone now, and says nothing more the next time.
    let again = store.exercises().expect("reads");
    assert_eq!(again.exercises, [a, b]);
    assert!(again.set_aside.is_none());
}

#[test]
fn a_store_that_only_reads_moves_no_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = one(4, 0);
    let path = dir.path().join(EXERCISES_FILE);
    let content = [a.to_line(), b"{\"version\": 7}".to_vec()].join(&b'\n');
    fs::write(&path, &content).expect("write");
    let read = Store::reading(dir.path()).exercises().expect("reads");
    assert_eq!(read.exercises, [a]);
    assert!(!read.set_aside.expect("said").moved);
    assert_eq!(fs::read(&path).expect("read"), content);
}

#[test]
fn an_answer_is_written_in_place_and_the_repetition_goes_on_from_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (a, b, c) = (one(5, 0), one(5, 1), one(5, 2));
    store.file_exercises(&[a.clone(), b.clone(), c.clone()]).expect("files");
    let mut all = store.exercises().expect("reads").exercises;
    assert_eq!(exercises::waiting(&all), 3);
    assert_eq!(exercises::next(&all), Some(0));
    // The first is missed: it comes back after three other answers.
    all[0].review = all[0].review.after(false, exercises::answered(&all));
    store.review_exercise(&all[0]).expect("writes");
    let all = store.exercises().expect("reads").exercises;
    assert_eq!(all[0].review, ReviewState { level: 0, due: 4, solved: 0, missed: 1 });
    assert_eq!((all[1].id, all[2].id), (b.id, c.id), "the others as they were, in order");
    assert_eq!(exercises::next(&all), Some(1));
    let tally = exercises::tally(&all);
    assert_eq!((tally.exercises, tally.waiting, tally.solved, tally.missed), (3, 2, 0, 1));
}

#[test]
fn a_choice_is_judged_by_the_one_test_of_a_clear_mistake() {
    let e = one(6, 0);
    assert_eq!(e.judge(e.expert.action), Verdict::Expert);
    assert_eq!(e.judge(e.played), Verdict::Mistake(e.cost));
    let mut near = e.clone();
    let other = near
        .expert
        .options
        .iter_mut()
        .find(|o| o.action != e.expert.action && o.action != e.played);
    if let Some(o) = other {
        o.cost = Some(Figure { mean: 6.0, se: Some(4.0) });
        let action = o.action;
        assert!(matches!(near.judge(action), Verdict::AsGood(_)));
        near.expert.options.retain(|o| o.action != action);
        assert_eq!(near.judge(action), Verdict::Unweighed);
    }
    let card = Action::Play(Card::from_index(0));
    assert!(!matches!(e.judge(card), Verdict::Expert) || e.expert.action == card);
}

#[test]
fn contree_stats_counts_the_answers_solved_and_missed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store(dir.path());
    let (mut a, mut b) = (one(7, 0), one(7, 1));
    a.review = ReviewState { level: 2, due: 40, solved: 2, missed: 1 };
    b.review = ReviewState { level: 0, due: 0, solved: 0, missed: 3 };
    store.file_exercises(&[a, b]).expect("files");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(args)
            .env("CONTREE_DATA_DIR", dir.path())
            .env("LANG", "C.UTF-8")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let json: serde_json::Value = serde_json::from_str(&run(&["stats", "--json"])).expect("JSON");
    assert_eq!(
        json["practice"],
        serde_json::json!({"exercises": 2, "waiting": 1, "solved": 2, "missed": 4})
    );
    let table = run(&["stats"]);
    assert!(
        table.contains("Practice: 2 exercises, 1 waiting; answers solved 2, missed 4"),
        "{table}"
    );
    // One exercise is one, not one "exercises".
    let lines: Vec<Vec<u8>> = fs::read(dir.path().join(EXERCISES_FILE))
        .expect("read")
        .split(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    fs::write(dir.path().join(EXERCISES_FILE), [lines[0].clone(), Vec::new()].join(&b'\n'))
        .expect("write");
    let table = run(&["stats"]);
    assert!(table.contains("Practice: 1 exercise, "), "{table}");
}

#[test]
fn an_exercise_filed_twice_counts_once_and_its_second_line_is_moved_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = (one(8, 0), one(8, 1));
    let path = dir.path().join(EXERCISES_FILE);
    // Written twice by hand, or by a copy: the first line is the exercise, its answers and all.
    let mut again = a.clone();
    again.review = ReviewState { level: 3, due: 90, solved: 3, missed: 0 };
    let content = [a.to_line(), b.to_line(), again.to_line(), Vec::new()].join(&b'\n');
    fs::write(&path, &content).expect("write");
    // A command that only reads counts it once, says so and moves nothing.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["stats", "--json"])
        .env("CONTREE_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "contree: the exercises cannot be counted: exercises.jsonl could not be used (line 3 \
             is not a contree exercise (it is filed already, on line 1)); it was left in place, at \
             {}",
            path.display()
        )
    );
    assert_eq!(fs::read(&path).expect("read"), content);
    let read = Store::reading(dir.path()).exercises().expect("reads");
    assert_eq!(read.exercises, [a.clone(), b.clone()]);
    // The table moves the second line aside alone.
    let read = store(dir.path()).exercises().expect("reads");
    assert_eq!(read.exercises, [a.clone(), b.clone()]);
    let aside = read.set_aside.expect("set aside");
    assert!(matches!(&aside.reason, Unfit::NotExercises { lines, .. } if lines.first() == [3]));
    assert!(aside.to_string().ends_with(", and the other lines stay"), "{aside}");
    assert_eq!(fs::read(&aside.path).expect("kept"), [again.to_line(), Vec::new()].join(&b'\n'));
    assert_eq!(store(dir.path()).exercises().expect("reads").exercises, [a, b]);
}

/// A figure edited by hand past what any deal can cost (or not a figure: infinite) is refused
/// with its line, never shown as 9223372036854775807.
#[test]
fn an_exercise_with_a_figure_no_deal_can_have_is_refused() {
    let e = one(3, 0);
    assert!(Exercise::parse(&e.to_line()).is_ok());
    for x in [1e308, -1e308, 1e6, f64::MAX] {
        for edit in [
            &|e: &mut Exercise, x| e.cost.mean = x,
            &|e: &mut Exercise, x| e.cost.se = Some(x.abs()),
            &|e: &mut Exercise, x| e.expert.options[0].worth.mean = x,
        ] as [&dyn Fn(&mut Exercise, f64); 3]
        {
            let mut edited = e.clone();
            edit(&mut edited, x);
            let line = String::from_utf8(edited.to_line()).expect("UTF-8");
            let refused = Exercise::parse(line.as_bytes());
            assert!(
                matches!(refused, Err(contree::exercises::ExerciseError::Figure)),
                "{x}: {refused:?}"
            );
        }
    }
}
