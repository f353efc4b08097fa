//! The course: every level is found on a real position, which the game replays from its save by
//! the rules; each is played with its computed answer and with each wrong one, the verdict and
//! its reason checked against the position and worded in both languages; the line mode's course
//! is driven from a script, in the process and through the binary; and the first deal is played
//! with its training wheels to its review.

mod support;

use contree::game::{Action, Game, Phase};
use contree::learn::{
    Answer, Attempt, CourseProgress, Goal, Level, Outcome, Question, Reason, SHOWN_AFTER, Stage,
    Verdict,
};
use contree::line::learn::CourseLine;
use contree::rules::{Seat, Team, Trump};
use contree::text::{Lang, SuitStyle, Words};

fn words(lang: Lang) -> Words {
    Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: true }
}

fn every_level() -> Vec<Level> {
    let levels: Vec<Level> = Stage::ALL.iter().flat_map(|s| s.levels()).collect();
    let found: Vec<Goal> = levels.iter().map(|l| l.goal).collect();
    assert_eq!(found, Goal::all().collect::<Vec<_>>(), "every goal has its level");
    levels
}

/// The action an answer is at the table, if it is one.
fn action(answer: Answer) -> Option<Action> {
    match answer {
        Answer::Card(c) => Some(Action::Play(c)),
        Answer::Call(c) => Some(Action::Bid(c)),
        Answer::Number(_) => None,
    }
}

#[test]
fn every_level_stands_on_a_position_the_game_replays_by_the_rules() {
    for level in every_level() {
        let game = &level.game;
        let again = Game::from_save(&game.to_save());
        assert_eq!(again.as_ref(), Ok(game), "{:?}: the save replays to the same game", level.goal);
        match &level.question {
            Question::Card { .. } | Question::Call { .. } => {
                assert_eq!(game.to_act(), Some(Seat::South), "{:?}", level.goal);
                let right = action(level.solution()).expect("an action");
                assert_eq!(game.check(Seat::South, right), Ok(()), "{:?}", level.goal);
            }
            Question::Count(_) | Question::Trumps(_) | Question::Score { .. } => {
                let d = game.history().last().expect("a deal played out");
                let points = d.card_points[Team::NS] + d.card_points[Team::EW];
                assert!(points == 162 || points == 252, "{:?}", level.goal);
                assert!(matches!(d.contract.map(|c| c.trump()), Some(Trump::Suit(_))));
            }
        }
    }
}

/// Checks that `reason`, given for `wrong` at `level`, is true of the position.
fn check_reason(level: &Level, wrong: Answer, reason: &Reason) {
    let goal = level.goal;
    let trump = level.game.deal().contract().map_or(Trump::NoTrump, |c| c.trump());
    let refused = action(wrong).map(|a| level.game.check(Seat::South, a).is_err());
    match reason {
        Reason::Refused { .. } => assert_eq!(refused, Some(true), "{goal:?} {wrong:?}"),
        Reason::NotAsked(_) | Reason::NotHeld(_) => panic!("{goal:?}: {wrong:?} is {reason:?}"),
        _ if refused == Some(true) => panic!("{goal:?}: a refused {wrong:?} said {reason:?}"),
        Reason::Lower { card, best, .. } => assert!(best.strength(trump) > card.strength(trump)),
        Reason::FewerPoints { points, best_points, .. } => assert!(best_points > points),
        Reason::Loses { taken, best_taken, .. } => assert!(taken < best_taken, "{goal:?}"),
        Reason::DoesNotWin { winner, .. } => assert_ne!(*winner, Seat::South),
        Reason::Count { said, right, .. } | Reason::Score { said, right, .. } => {
            assert_ne!(said, right)
        }
        Reason::Trumps { said, count } => {
            assert_ne!(*said, count.right);
            assert_eq!(count.fallen + count.held + count.right, 8, "{goal:?}: eight trumps");
        }
        Reason::Call { said, right } => {
            assert_ne!(said.call, *right);
            assert_eq!(Answer::Call(said.call), wrong);
        }
        Reason::SpentTrump(c) => assert!(trump.cards().contains(*c)),
        Reason::NotBelote { card, belote } => {
            assert!(!trump.belote_cards().contains(*card));
            assert_eq!(*belote, trump.belote_cards());
        }
        Reason::OtherSuit { .. } | Reason::IsTrump(_) => {}
    }
}

#[test]
fn every_level_is_played_by_its_answer_and_by_each_wrong_one() {
    for level in every_level() {
        let right = level.solution();
        assert_eq!(level.judge(right), Verdict::Right, "{:?}", level.goal);
        assert_eq!(Attempt::default().answer(&level, right), Outcome::Solved(3));
        let wrongs = level.wrong_answers();
        assert!(!wrongs.is_empty(), "{:?} has a wrong answer", level.goal);
        for &wrong in &wrongs {
            let Verdict::Wrong(reason) = level.judge(wrong) else {
                panic!("{:?}: {wrong:?} is right", level.goal)
            };
            check_reason(&level, wrong, &reason);
            let said: Vec<String> =
                [Lang::En, Lang::Fr].map(|l| words(l).learn_reason(&reason)).into();
            assert!(said.iter().all(|s| s.len() > 8 && s.ends_with('.')), "{said:?}");
            assert_ne!(said[0], said[1], "{:?}: said in each language", level.goal);
        }
        // Two wrong tries show the answer; the right one then wins a star.
        let mut attempt = Attempt::default();
        for n in 1..=SHOWN_AFTER {
            match attempt.answer(&level, wrongs[0]) {
                Outcome::Wrong { shown, .. } => assert_eq!(shown, n == SHOWN_AFTER),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(attempt.answer(&level, right), Outcome::Solved(1));
        for lang in [Lang::En, Lang::Fr] {
            assert!(words(lang).goal(&level).ends_with(['.', '?']), "{:?}", level.goal);
        }
    }
}

/// Types `typed` into the course, and the lines said.
fn type_in(course: &mut CourseLine, typed: &str) -> Vec<String> {
    course.input(typed);
    course.take_said().into_iter().map(|s| s.line).collect()
}

/// The line a level's answer is typed as.
fn typed(w: Words, answer: Answer) -> String {
    match answer {
        Answer::Card(c) => w.card(c),
        Answer::Call(c) => w.call(c),
        Answer::Number(n) => n.to_string(),
    }
}

/// The script of the whole course: each stage entered, each level answered wrong once, then
/// right; and the lines said.
fn the_whole_course(lang: Lang) -> (Vec<String>, Vec<String>, CourseProgress) {
    let w = words(lang);
    let plain = Words { spoken: false, ..w };
    let mut course = CourseLine::new(w, CourseProgress::default(), &[]);
    let mut said: Vec<String> = course.take_said().into_iter().map(|s| s.line).collect();
    let mut script = Vec::new();
    for stage in Stage::ALL {
        script.push(stage.number().to_string());
        for level in stage.levels() {
            script.push(typed(plain, level.wrong_answers()[0]));
            script.push(typed(if script.len() % 2 == 0 { w } else { plain }, level.solution()));
        }
    }
    for line in &script {
        said.extend(type_in(&mut course, line));
    }
    (script, said, course.progress().clone())
}

#[test]
fn the_line_modes_course_is_played_from_a_script_in_both_languages() {
    for lang in [Lang::En, Lang::Fr] {
        let (_, said, progress) = the_whole_course(lang);
        for goal in Goal::all() {
            assert_eq!(progress.stars_of(goal), 2, "{goal:?} solved at the second try");
        }
        let done = ["Stage done: ", "Étape faite : "];
        let stages = said.iter().filter(|l| done.iter().any(|d| l.starts_with(d))).count();
        assert_eq!(stages, Stage::ALL.len(), "{said:#?}");
        assert!(
            !said.iter().any(|l| l.starts_with("Not understood") || l.starts_with("Pas compris"))
        );
        // The first stage, as it is said: the map, the move shown, a wrong try and its reason.
        let end = said.iter().position(|l| done.iter().any(|d| l.starts_with(d)));
        let first = said[..=end.expect("a stage done")].join("\n");
        assert!(!first.contains(['♠', '♥', '♦', '♣', '\u{1b}']), "{first}");
        insta::assert_snapshot!(format!("course_first_stage_{lang:?}"), first);
        insta::assert_snapshot!(format!("course_whole_{lang:?}"), said.join("\n"));
    }
}

#[test]
fn the_course_skips_ahead_and_keeps_the_map() {
    let mut course = CourseLine::new(words(Lang::En), CourseProgress::default(), &[]);
    course.take_said();
    let said = type_in(&mut course, &Stage::Auction.number().to_string());
    assert!(said.iter().any(|l| l.starts_with("You skip ahead")), "{said:?}");
    assert!(said.iter().any(|l| l.starts_with("Nobody has bid") || l.contains(" bid")));
    let said = type_in(&mut course, "jack of hearts");
    assert_eq!(said, ["A call is asked: pass, a bid such as 90 hearts, or contre."]);
    let said = type_in(&mut course, "map");
    assert!(said[0].starts_with("The course:"), "{said:?}");
    let past = Stage::ALL.len() + 2;
    assert!(type_in(&mut course, &past.to_string())[0].starts_with("Not understood"));
}

#[test]
fn the_whole_course_runs_through_the_binary_and_keeps_its_stars() {
    let (mut script, _, _) = the_whole_course(Lang::En);
    script.push("quit".into());
    let input = script.join("\n") + "\n";
    let dir = tempfile::tempdir().expect("a temporary directory");
    let started = std::time::Instant::now();
    let (out, err, code) =
        support::contree(dir.path(), &["--line", "--lang", "en", "learn"], &input);
    let took = started.elapsed();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.matches("Stage done: ").count(), Stage::ALL.len(), "{out}");
    let bytes = std::fs::read(dir.path().join("course.json")).expect("course.json");
    let kept = CourseProgress::parse(&bytes).expect("the progress");
    assert!(Goal::all().all(|g| kept.stars_of(g) == 2), "{kept:?}");
    // What a newcomer goes through, said: the figures are in the README.
    let levels = Goal::all().count();
    eprintln!(
        "{levels} levels, {} lines typed, {} lines said, {:.1} s through the binary",
        script.len(),
        out.lines().count(),
        took.as_secs_f64()
    );
    // Without --line, the course is on the table, which needs a terminal.
    let (_, err, code) = support::contree(dir.path(), &["learn"], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("terminal"), "{err}");
}

#[test]
fn the_course_takes_the_language_the_line_mode_and_ascii_after_the_command_too() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for args in [
        &["--line", "--lang", "fr", "--ascii", "learn"][..],
        &["learn", "--line", "--lang", "fr", "--ascii"],
        &["--line", "learn", "--lang", "fr", "--ascii"],
    ] {
        let (out, err, code) = support::contree(dir.path(), args, "1\nquit\n");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        // In French, folded to ASCII.
        assert!(out.starts_with("Apprendre a jouer a la contree."), "{args:?}: {out}");
        assert!(out.contains("Etape 1 : Les cartes."), "{args:?}: {out}");
        assert!(out.is_ascii(), "{args:?}: {out}");
    }
}

#[test]
fn a_corrupt_progress_is_set_aside_and_said_as_the_course_opens() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(dir.path().join("course.json"), b"not json").expect("written");
    let (out, err, code) =
        support::contree(dir.path(), &["--line", "--lang", "en", "learn"], "quit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("course.json"), "{out}");
    let aside = std::fs::read_dir(dir.path()).expect("the directory").any(|e| {
        e.is_ok_and(|e| e.file_name().to_string_lossy().starts_with("course.json.corrupt-"))
    });
    assert!(aside, "the file is kept aside");
}

#[test]
fn the_first_deal_is_played_with_its_hints_and_explanations_to_its_review() {
    use contree::bots::expert::Budget;
    use contree::line::LineMode;
    use contree::session::config::Config;
    use contree::session::settings::Settings;
    use contree::store::Store;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::at(dir.path()).expect("a store").without_sync();
    let config = Config { budget: Budget::worlds(4), ..Config::plain(Settings::default(), 11) };
    let game = contree::game::new_game(contree::game::GameOptions::default(), 11, None);
    let mut line = LineMode::first_deal(&config, true, game);
    let mut said = Vec::new();
    for _ in 0..200 {
        support::think_through(&mut line, &store);
        said.extend(line.take_said());
        let Some(game) = line.game().filter(|_| !line.quit).cloned() else { break };
        let typed = match game.phase() {
            Phase::Bidding => "pass".to_string(),
            _ => match game.legal_cards().first() {
                Some(c) => words(Lang::En).card(c),
                None => break,
            },
        };
        line.input(&typed);
    }
    let text = said.join("\n");
    assert!(line.first_deal_over(), "{text}");
    // The first call is explained as it is made; a hint comes before South's first card.
    assert!(said.iter().any(|l| l.starts_with("1. ")), "{text}");
    let hints = said.iter().filter(|l| l.starts_with("Hint: ")).count();
    // A card played alone (the only one South may play) is asked nothing.
    assert!(hints >= 6, "a hint before South's calls and cards: {text}");
    assert!(said.last().is_some_and(|l| l.starts_with("That was your first deal")), "{text}");
    assert!(!dir.path().join("game.json").exists(), "the first deal saves no game");
}

#[test]
fn a_wrong_count_names_the_slip_that_makes_it() {
    use contree::learn::Slip;
    for level in Stage::Counting.levels() {
        let Question::Count(c) = &level.question else { panic!("{:?} counts", level.goal) };
        let r = c.right;
        if c.dix_de_der && !c.capot {
            assert_eq!(c.slip(r - 10), Some(Slip::DixDeDer), "{:?}", level.goal);
        }
        if c.belote > 0 {
            assert_eq!(c.slip(r - 20), Some(Slip::Belote), "{:?}", level.goal);
        }
        if c.capot {
            assert_eq!(c.slip(r - 90), Some(Slip::Capot), "{:?}", level.goal);
        }
        if level.goal == Goal::CountTrumps {
            assert_eq!(c.slip(r - 18), Some(Slip::JackOfTrumps));
        }
        // A whole trick forgotten, when no other slip makes the same count.
        let t = c.tricks.first().map_or(0, |t| t.points);
        if ![10, 14, 18, 20, 90].contains(&t) && t > 0 {
            assert_eq!(c.slip(r - t), Some(Slip::WholeTrick(t)), "{:?}", level.goal);
        }
        assert_eq!(c.slip(r + 1), None, "{:?}: one off is no known slip", level.goal);
    }
}

/// The lesson of leading through the taker says the taker plays right after South and North
/// after the taker: true of its position, whichever way the turn passes.
#[test]
fn leading_through_the_taker_puts_the_taker_before_north_in_the_trick() {
    let level = Level::build(Goal::LeadThrough).expect("the level is found");
    let game = &level.game;
    let taker = game.deal().contract().expect("a contract").taker;
    let next = Seat::South.next_in(game.rules().direction());
    assert_eq!(taker, next, "the taker plays right after South");
    assert_eq!(next.next_in(game.rules().direction()), Seat::North, "and North after the taker");
    for lang in [Lang::En, Lang::Fr] {
        let goal = words(lang).goal(&level);
        let seat = words(lang).seat(taker);
        assert!(goal.contains(seat), "the goal names the taker {seat}: {goal}");
    }
}

/// The contre level's answer and its pass say the convention's bounds without contradicting
/// each other: a style contres from its need and passes on one less.
#[test]
fn the_contre_and_the_pass_say_the_same_bounds_of_the_convention() {
    use contree::bots::bidding::contre_need;
    use contree::personas::BiddingStyle;
    let level = Level::build(Goal::Contre).expect("the level is found");
    let rules = level.game.rules();
    let (bold, cautious) =
        (contre_need(BiddingStyle::Bold, rules), contre_need(BiddingStyle::Cautious, rules));
    let w = words(Lang::En);
    let answer = w.learn_answer(&level);
    assert!(
        answer.contains(&format!("from {bold} in the bold style, from {cautious} in the cautious")),
        "{answer}"
    );
    let Verdict::Wrong(reason) = level.judge(Answer::Call(contree::rules::Call::Pass)) else {
        panic!("the pass is wrong at the contre level");
    };
    let pass = w.learn_reason(&reason);
    let (b, c) = (bold - 1, cautious - 1);
    assert!(
        pass.contains(&format!("at most {b} in the bold style, {c} in the cautious")),
        "{pass}"
    );
}

/// The opening's goal says how the convention turns the worth into its opening, and the level's
/// answer is that bid: the best worth with the style's tilt, rounded down to the ten.
#[test]
fn the_opening_goal_says_how_the_worth_becomes_the_bid() {
    use contree::bots::bidding::{evaluate, tilt};
    use contree::learn::table::STYLE;
    let level = Level::build(Goal::Open).expect("the level is found");
    let Question::Call { right: contree::rules::Call::Bid(bid), .. } = level.question else {
        panic!("the opening is a bid");
    };
    let hand = level.game.deal().hands()[Seat::South];
    let rules = level.game.rules();
    let best = Trump::ALL[..4].iter().map(|&t| evaluate(hand, t, rules)).max().unwrap_or(0);
    let opening = (best + tilt(STYLE)) / 10 * 10;
    assert_eq!(i32::from(bid.level.value()), opening, "worth {best}");
    let goal = words(Lang::En).goal(&level);
    assert!(goal.contains(&format!("at its worth less {}", -tilt(STYLE))), "{goal}");
    assert!(goal.contains("rounded down to the ten"), "{goal}");
}
