//! The deal of the day: the same deal for a date wherever it is played, another for another
//! date; `daily.jsonl` read whatever it holds, bad lines set aside alone, a day filed once;
//! `contree history --daily`; and the start screen's entry and the end screen, played through
//! at the table and snapshotted at 80x24 and 120x40 in both languages.

mod common;
mod screen;
mod support;

use std::fs;
use std::path::Path;

use contree::bots::expert::Budget;
use contree::game::daily::{Day, daily_game, daily_seed};
use contree::rules::{ByTeam, Seat, Team};
use contree::session::effects;
use contree::store::{DAILY_FILE, DailyEntry, DailyMistake, Store};
use contree::text::Lang;
use contree::ui::hits::Hit;
use contree::ui::hits::StartItem;
use contree::ui::screens::Screen;
use contree::ui::{App, Msg};
use crossterm::event::KeyCode;
use proptest::prelude::*;
use screen::{click, draw, key};

fn day(s: &str) -> Day {
    s.parse().expect("a date")
}

fn store(dir: &Path) -> Store {
    Store::at(dir).expect("the data directory").without_sync()
}

#[test]
fn two_data_directories_get_the_same_deal_for_a_date_and_another_for_another_date() {
    let (a, b) = (tempfile::tempdir().expect("dir"), tempfile::tempdir().expect("dir"));
    let opening = |data: &Path, date: &str| {
        let args = ["--daily", "--date", date, "--line", "--lang", "en"];
        let (out, err, code) = support::contree(data, &args, "players\nquit\n");
        assert_eq!(code, Some(0), "{err}");
        out
    };
    let first = opening(a.path(), "2026-12-02");
    assert!(first.contains("Deal of the day 2026-12-02."), "{first}");
    // The same hands, dealer and computer players, whatever the directory holds.
    assert_eq!(opening(b.path(), "2026-12-02"), first);
    let hand = |out: &str| out.lines().find(|l| l.starts_with("You hold: ")).map(str::to_owned);
    assert!(hand(&first).is_some(), "{first}");
    let other = opening(b.path(), "2026-12-03");
    assert_ne!(hand(&other), hand(&first), "{other}");
    // Quitting before the end files nothing: the day is still to be played.
    assert!(!a.path().join(DAILY_FILE).exists());
    // In the library: the four hands, the dealer and the players are the date's alone.
    let (x, y) = (daily_game(day("2026-12-02")), daily_game(day("2026-12-02")));
    assert_eq!(
        (x.deal().hands(), x.deal().dealer, x.players()),
        (y.deal().hands(), y.deal().dealer, y.players())
    );
    let z = daily_game(day("2026-12-03"));
    assert_ne!(z.deal().hands(), x.deal().hands());
}

#[test]
fn the_derivation_of_a_date_is_pinned() {
    // Version 1 of the derivation (`DAILY_DERIVATION`): these must never change, or a day
    // would deal other cards.
    let d = day("2026-12-02");
    assert_eq!(d.number(), 20_789);
    assert_eq!(daily_seed(d), 0x2b3b_d479_7567_82ed);
    let g = daily_game(d);
    let south: Vec<String> = g.deal().hands()[Seat::South].iter().map(|c| c.to_string()).collect();
    assert_eq!((g.deal().dealer, south.join(" ")), (Seat::West, "7S JS 8H JH JD QD 8C AC".into()));
    assert_eq!(&g.players().0[1..], ["sylvie", "fernande", "bernard"]);
}

#[test]
fn a_malformed_date_is_refused_with_what_a_date_is() {
    let data = tempfile::tempdir().expect("dir");
    for (date, said) in [
        ("2026-13-02", "there is no month 13"),
        ("2026-02-30", "2026-02 has no day 30"),
        ("02/12/2026", "a date is written YYYY-MM-DD"),
    ] {
        let (_, err, code) =
            support::contree(data.path(), &["--daily", "--date", date, "--line"], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said), "{err}");
    }
    // --date alone is no deal of the day.
    let (_, err, code) = support::contree(data.path(), &["--date", "2026-12-02", "--line"], "");
    assert_eq!(code, Some(2), "{err}");
    // What was typed is quoted with its controls escaped, never echoed raw onto the terminal.
    let typed = "2026-12-02\n\u{1b}[2Jerror: forged";
    let (_, err, code) = support::contree(data.path(), &["--daily", "--date", typed, "--line"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains("\nerror: forged"), "{err:?}");
    assert!(err.contains(r#""2026-12-02\n\u{1b}[2Jerror: forged""#), "{err:?}");
    assert!(err.contains("a date is written YYYY-MM-DD"), "{err}");
}

/// A deal of the day with figures of its own, as the table files it.
fn entry(n: u64, expert: u16, mistakes: usize) -> DailyEntry {
    let mut e = support::daily_entry(n);
    e.expert = Some(ByTeam([expert, 162u16.saturating_sub(expert)]));
    e.double_dummy = Some(ByTeam([81, 81]));
    e.analysed = true;
    // Each mistake is a card of the play (or a call, should every seat have passed), as a
    // result is checked to name.
    use contree::game::Action;
    let made = |i: usize| match e.record.play.get(i) {
        Some(&card) => Action::Play(card),
        None => Action::Bid(e.record.auction[i]),
    };
    e.mistakes = (0..mistakes)
        .map(|i| DailyMistake {
            index: i,
            played: made(i),
            advised: Action::Bid(contree::rules::Call::Pass),
            cost: 12.5,
            se: 3.0,
        })
        .collect();
    e
}

#[test]
fn a_day_is_filed_once_and_bad_lines_are_set_aside_alone() {
    let dir = tempfile::tempdir().expect("dir");
    let s = store(dir.path());
    let (first, second) = (entry(10, 100, 1), entry(11, 40, 0));
    assert!(s.file_daily(&first).expect("filed"));
    // Played again, the day keeps its first result.
    assert!(!s.file_daily(&entry(10, 0, 3)).expect("refused quietly"));
    let path = dir.path().join(DAILY_FILE);
    let mut bytes = fs::read(&path).expect("the file");
    bytes.extend_from_slice(b"{\"version\":1,\"date\":\"2026-02-30\"}\n");
    fs::write(&path, &bytes).expect("written");
    assert!(s.file_daily(&second).expect("filed after a bad line"));
    let file = s.daily().expect("read");
    assert_eq!(file.results, [first.clone(), second.clone()]);
    let aside = file.set_aside.expect("the bad line set aside");
    assert!(aside.moved && aside.to_string().contains("line 2 is not a contree deal of the day"));
    let kept = fs::read_to_string(&aside.path).expect("the line kept");
    assert!(kept.contains("2026-02-30"), "nothing is lost");
    // The file now holds the good lines alone, read again as they were.
    assert_eq!(store(dir.path()).daily().expect("read").results, [first, second]);
    // A line whose hands are not its date's deal is refused.
    let mut forged = entry(12, 80, 0);
    forged.date = day("2026-06-01");
    let line = forged.to_line();
    assert_eq!(DailyEntry::parse(&line).err(), Some(contree::store::DailyError::NotTheDay));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_daily_file_is_read_or_set_aside_never_a_panic(b in common::json_like_bytes()) {
        let _ = DailyEntry::parse(&b);
        let dir = tempfile::tempdir().expect("dir");
        fs::write(dir.path().join(DAILY_FILE), &b).expect("written");
        let s = store(dir.path());
        let file = s.daily().expect("read or set aside");
        // What was read stays, and nothing is lost: the file and what was set aside hold it all.
        let again = s.daily().expect("read again");
        prop_assert_eq!(again.results, file.results);
        prop_assert!(again.set_aside.is_none());
    }

    #[test]
    fn valid_results_read_back_as_written(
        n in 0u64..3000,
        expert in proptest::option::of(0u16..=162),
        mistakes in 0usize..4,
        analysed in any::<bool>(),
    ) {
        let mut e = entry(n, expert.unwrap_or(0), mistakes);
        e.expert = expert.map(|x| ByTeam([x, 162 - x]));
        e.analysed = analysed;
        prop_assert_eq!(DailyEntry::parse(&e.to_line()), Ok(e.clone()));
        let dir = tempfile::tempdir().expect("dir");
        let s = store(dir.path());
        prop_assert!(s.file_daily(&e).expect("filed"));
        prop_assert_eq!(s.daily().expect("read").results, vec![e]);
    }
}

#[test]
fn history_daily_lists_the_days_played_and_says_what_it_cannot_read() {
    let dir = tempfile::tempdir().expect("dir");
    let (_, err, code) = support::contree(dir.path(), &["history", "--daily"], "");
    assert_eq!(code, Some(0), "{err}");
    let s = store(dir.path());
    let (a, b) = (entry(1, 100, 2), entry(2, 40, 0));
    s.file_daily(&a).expect("filed");
    s.file_daily(&b).expect("filed");
    let (out, err, code) = support::contree(dir.path(), &["history", "--daily"], "");
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("date "), "{out}");
    assert!(lines[1].starts_with(&a.date.to_string()) && lines[1].contains("25 +/- 4"), "{out}");
    assert!(lines[2].starts_with(&b.date.to_string()), "{out}");
    let balance: i32 = [&a, &b].iter().filter_map(|e| e.against_expert()).sum();
    assert!(lines[3].contains(&format!("over 2 compared: {balance:+}")), "{out}");
    let (json, _, code) = support::contree(dir.path(), &["history", "--daily", "--json"], "");
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v[0]["date"], a.date.to_string());
    assert_eq!(v[0]["against_expert"], a.against_expert().expect("compared"));
    assert_eq!(v[1]["mistakes_cost"], 0.0);
    // A bad line is said, and left for the table to set aside: a command that reads moves
    // nothing.
    let path = dir.path().join(DAILY_FILE);
    let mut bytes = fs::read(&path).expect("the file");
    bytes.extend_from_slice(b"not json\n");
    fs::write(&path, &bytes).expect("written");
    let (out, err, code) = support::contree(dir.path(), &["history", "--daily"], "");
    assert_eq!(code, Some(1));
    assert!(err.contains("line 3 is not a contree deal of the day"), "{err}");
    assert!(err.contains("left in place"), "{err}");
    assert!(out.contains(&b.date.to_string()), "{out}");
    assert_eq!(fs::read(&path).expect("the file"), bytes);
}

/// The app at the start screen in `lang`, today 2026-12-02, the expert on a small budget.
fn app(lang: Lang) -> App {
    let mut c = screen::config(lang);
    c.today = day("2026-12-02");
    c.budget = Budget::worlds(4);
    App::new(c)
}

/// Drives the app as the runner does, on `store`, until `stop`: effects carried out, thinking
/// answered at once, pauses over, and South passing and playing its selected card (the next one
/// when that one is refused).
fn run(app: &mut App, s: &Store, stop: impl Fn(&App) -> bool) {
    let mut last = None;
    for _ in 0..5000 {
        if stop(app) {
            return;
        }
        let asked = effects::apply(app, Some(s));
        if !asked.is_empty() {
            for a in asked.into_iter().filter_map(effects::think) {
                app.update(Msg::from(a));
            }
            continue;
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
            continue;
        }
        let at = app.session().table().map(|t| t.table().revision());
        // A card refused leaves the table as it was: the next card is tried.
        if at.is_some() && last == Some(at) {
            key(app, KeyCode::Right);
        }
        last = Some(at);
        key(app, KeyCode::Enter);
    }
    panic!("never got there");
}

/// Snapshots what `make` gives in both languages at 80x24 and 120x40.
fn snapshot_all(name: &str, make: impl Fn(Lang) -> App) {
    for lang in [Lang::En, Lang::Fr] {
        let mut app = make(lang);
        for (w, h) in [(80, 24), (120, 40)] {
            let t = draw(&mut app, w, h);
            let code = if lang == Lang::En { "en" } else { "fr" };
            insta::assert_snapshot!(format!("{name}_{code}_{w}x{h}"), t.backend());
        }
    }
}

/// The deal of the day chosen on the start screen and played to its end screen, its result in.
fn played(lang: Lang, s: &Store) -> App {
    let mut app = app(lang);
    let _ = draw(&mut app, 80, 24);
    click(&mut app, Hit::Start(StartItem::Daily));
    run(&mut app, s, |a| {
        matches!(a.screen(), Screen::Daily(_)) && a.daily().is_some_and(|d| d.shown().is_some())
    });
    app
}

#[test]
fn the_start_screen_offers_the_deal_of_the_day() {
    snapshot_all("daily_start", |lang| {
        let mut app = app(lang);
        for _ in 0..4 {
            key(&mut app, KeyCode::Down);
        }
        let _ = draw(&mut app, 80, 24);
        app
    });
}

#[test]
fn the_deal_of_the_day_is_played_once_then_practice() {
    let dir = tempfile::tempdir().expect("dir");
    let s = store(dir.path());
    snapshot_all("daily_end", |lang| {
        let d = tempfile::tempdir().expect("dir");
        played(lang, &store(d.path()))
    });
    // Under --ascii, every sign folded, the share line too.
    let mut ascii = {
        let d = tempfile::tempdir().expect("dir");
        let mut c = screen::config(Lang::Fr);
        c.today = day("2026-12-02");
        c.budget = Budget::worlds(4);
        c.ascii = true;
        let mut app = App::new(c);
        let _ = draw(&mut app, 80, 24);
        click(&mut app, Hit::Start(StartItem::Daily));
        run(&mut app, &store(d.path()), |a| {
            matches!(a.screen(), Screen::Daily(_)) && a.daily().is_some_and(|d| d.shown().is_some())
        });
        app
    };
    let t = draw(&mut ascii, 80, 24);
    let text = format!("{:?}", t.backend());
    let result = ascii.daily().and_then(|d| d.shown()).expect("the result");
    let share = ascii.words().daily_share(result);
    assert!(share.starts_with("contree donne du jour 2026-12-02 | 0 erreur | "), "{share}");
    assert!(share.ends_with(" face a l'expert") && share.is_ascii(), "{share}");
    assert!(text.contains(&share), "{share}");
    insta::assert_snapshot!("daily_end_ascii_fr", t.backend());
    let mut app = played(Lang::En, &s);
    let shown = app.daily().and_then(|d| d.shown()).cloned().expect("the result");
    let filed = s.daily().expect("read").results;
    assert_eq!(filed.len(), 1);
    assert_eq!((filed[0].date, filed[0].score), (day("2026-12-02"), shown.score));
    assert!(filed[0].analysed && filed[0].expert.is_some());
    // Stamped with the time it was played, as a filed game is.
    assert!(filed[0].filed > 1_700_000_000, "filed at {}", filed[0].filed);
    // Leaving goes back to the start screen; no game was started, saved or counted.
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Start(_)) && !app.quitting());
    let _ = effects::apply(&mut app, Some(&s));
    assert!(!dir.path().join(contree::store::GAME_FILE).exists());
    assert!(!dir.path().join(contree::store::STATS_FILE).exists());
    // Played again, with the keys from where the start screen was left: practice, the first
    // result shown, nothing filed again.
    let mut again = app;
    let at = again.start().and_then(|m| m.items().get(m.cursor).copied());
    assert_eq!(at, Some(StartItem::Daily));
    key(&mut again, KeyCode::Enter);
    let _ = effects::apply(&mut again, Some(&s));
    assert!(again.daily().is_some_and(|d| d.practice()));
    assert!(again.status().is_some_and(|t| t.contains("practice only")), "{:?}", again.status());
    run(&mut again, &s, |a| matches!(a.screen(), Screen::Daily(_)));
    assert_eq!(again.daily().and_then(|d| d.shown()), Some(&shown));
    assert_eq!(s.daily().expect("read").results, filed);
    let mine = again.game().and_then(|g| g.history().first()).map(|d| d.points()[Team::NS]);
    assert!(mine.is_some());
    // The mouse leaves too.
    let _ = draw(&mut again, 80, 24);
    click(&mut again, Hit::Continue);
    assert!(matches!(again.screen(), Screen::Start(_)));
    snapshot_all("daily_practice", |lang| {
        let d = tempfile::tempdir().expect("dir");
        let s = store(d.path());
        let mut app = played(lang, &s);
        key(&mut app, KeyCode::Esc);
        let _ = draw(&mut app, 80, 24);
        click(&mut app, Hit::Start(StartItem::Daily));
        run(&mut app, &s, |a| matches!(a.screen(), Screen::Daily(_)));
        app
    });
}

#[test]
fn asked_on_the_command_line_the_deal_of_the_day_quits_once_left() {
    let dir = tempfile::tempdir().expect("dir");
    let s = store(dir.path());
    let mut app = app(Lang::En);
    app.play_daily(day("2026-12-02"), None);
    run(&mut app, &s, |a| {
        matches!(a.screen(), Screen::Daily(_)) && a.daily().is_some_and(|d| d.shown().is_some())
    });
    key(&mut app, KeyCode::Esc);
    assert!(app.quitting());
    assert_eq!(s.daily().expect("read").results.len(), 1);
}

#[test]
fn the_first_play_of_a_day_takes_neither_hint_nor_take_back_and_says_why() {
    let dir = tempfile::tempdir().expect("dir");
    let s = store(dir.path());
    let mut app = app(Lang::En);
    app.play_daily(day("2026-12-02"), None);
    let said = "Neither hint nor take-back in the deal of the day";
    run(&mut app, &s, |a| a.session().table().is_some_and(|t| t.table().south_to_bid()));
    key(&mut app, KeyCode::Char('i'));
    assert!(app.status().is_some_and(|t| t.starts_with(said)), "{:?}", app.status());
    let _ = app.take_effects();
    key(&mut app, KeyCode::Char('p'));
    key(&mut app, KeyCode::Char('u'));
    assert!(app.status().is_some_and(|t| t.starts_with(said)), "{:?}", app.status());
}

/// The popups of the deal of the day, at every size: the end of its deal over its table, and
/// the help over its end screen, each covering the whole area it is given.
#[test]
fn the_deal_of_the_day_s_popups_cover_the_whole_area_they_are_given() {
    for lang in [Lang::En, Lang::Fr] {
        let d = tempfile::tempdir().expect("dir");
        let s = store(d.path());
        let mut app = app(lang);
        let _ = draw(&mut app, 80, 24);
        click(&mut app, Hit::Start(StartItem::Daily));
        run(&mut app, &s, |a| a.popups().last() == Some(&contree::ui::popups::Popup::DealEnd));
        screen::assert_popup_covers_its_area("the end of the deal of the day", &mut app);
        let mut app = played(lang, &s);
        key(&mut app, KeyCode::Char('?'));
        screen::assert_popup_covers_its_area("the help over its end", &mut app);
    }
}

/// A line edited by hand is checked as the table files it: the derivation that dealt it is one
/// this contree deals by, and each mistake names a call or card of the deal at its index and
/// costs what a deal can cost.
#[test]
fn a_result_edited_by_hand_is_refused_for_what_it_says_wrong() {
    use contree::game::Action;
    use contree::store::DailyError;
    let mut e = entry(21, 80, 0);
    let first = e.record.play[0];
    e.mistakes = vec![DailyMistake {
        index: 0,
        played: Action::Play(first),
        advised: Action::Play(first),
        cost: 12.5,
        se: 3.0,
    }];
    assert_eq!(DailyEntry::parse(&e.to_line()), Ok(e.clone()), "as the table files it");
    let refused = |edit: &dyn Fn(&mut DailyEntry)| {
        let mut edited = e.clone();
        edit(&mut edited);
        DailyEntry::parse(&edited.to_line()).err()
    };
    assert_eq!(refused(&|e| e.derivation = 7), Some(DailyError::Derivation(7)));
    assert_eq!(refused(&|e| e.derivation = 0), Some(DailyError::Derivation(0)));
    assert_eq!(refused(&|e| e.mistakes[0].index = 999), Some(DailyError::MistakeNotMade(1)));
    assert_eq!(
        refused(&|e| e.mistakes[0].played = Action::Bid(contree::rules::Call::Pass)),
        Some(DailyError::MistakeNotMade(1))
    );
    for cost in [1e308, -5.0, 1e6] {
        assert_eq!(refused(&|e| e.mistakes[0].cost = cost), Some(DailyError::MistakeCost(1)));
        assert_eq!(refused(&|e| e.mistakes[0].se = cost), Some(DailyError::MistakeCost(1)));
    }
    // Refused, the line is set aside, and the day stays to play.
    let dir = tempfile::tempdir().expect("dir");
    let mut forged = e.clone();
    forged.derivation = 7;
    fs::write(dir.path().join(DAILY_FILE), forged.to_line()).expect("written");
    let file = store(dir.path()).daily().expect("read");
    assert!(file.of(e.date).is_none() && file.set_aside.is_some());
}
