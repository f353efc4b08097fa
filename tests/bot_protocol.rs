//! `contree bot`: the answer to a request is the table's answer for the same situation, and a
//! bad line gets an error answer while the service goes on.

use std::io::Write;
use std::process::{Command, Stdio};

use contree::bots::protocol::{answer, parse_request, request_json};
use contree::bots::{Level, Style, decide_seeded};
use contree::game::{Action, Game, GameOptions, Phase};
use contree::rules::{BySeat, ContreScoring, ScoringMethod, ScoringRules};

fn action_token(a: Action) -> String {
    match a {
        Action::Bid(c) => c.to_string(),
        Action::Play(c) => c.to_string(),
    }
}

#[test]
fn answers_match_the_table_over_random_deals() {
    let rules = ScoringRules { scoring: ScoringMethod::Made, contre: ContreScoring::Tournament };
    let mut checked = 0;
    for seed in 0..12u64 {
        let options = GameOptions { rules, ..GameOptions::default() };
        let mut game = Game::new(options, seed, BySeat::from_fn(|s| s.to_string()));
        let level = if seed % 2 == 0 { Level::Normal } else { Level::Easy };
        let style = if seed % 3 == 0 { Style::Bold } else { Style::Cautious };
        // Three deals of each game, so totals and belotes come into the requests.
        for _ in 0..3 {
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let seat = game.to_act().expect("a seat to act");
                let view = game.view(seat);
                let line = request_json(&view);
                assert_eq!(parse_request(&line).as_ref(), Ok(&view), "{line}");
                let at_table = decide_seeded(&view, level, style, seed);
                let expected = format!("{{\"action\":\"{}\"}}", action_token(at_table));
                assert_eq!(answer(&line, level, style, seed), expected, "{line}");
                game.apply(seat, at_table).expect("legal");
                checked += 1;
            }
            if game.phase() == Phase::DealOver {
                game.next_deal().expect("next deal");
            }
        }
    }
    assert!(checked > 500, "only {checked} decisions checked");
}

/// A request for South, dealer West, playing 80 hearts taken by South, who won the first trick
/// with the 10 of trump and leads again.
const GOOD: &str = r#"{"seat":"S","dealer":"W","hand":["JH","9H","AS","7C","8C","9D","7D"],"auction":["80H","pass","pass","pass"],"play":["10H","7H","8H","QH"]}"#;

fn error_of(line: &str) -> String {
    let answer: serde_json::Value =
        serde_json::from_str(&answer(line, Level::Normal, Style::Cautious, 0)).expect("JSON");
    answer["error"].as_str().map(str::to_string).unwrap_or_else(|| panic!("no error: {answer}"))
}

#[test]
fn a_good_request_gets_a_legal_action() {
    let answer: serde_json::Value =
        serde_json::from_str(&answer(GOOD, Level::Normal, Style::Cautious, 0)).expect("JSON");
    // The taker draws trumps with its master.
    assert_eq!(answer["action"], "JH");
}

#[test]
fn bad_lines_get_errors() {
    assert!(error_of("not json").contains("bad request"));
    assert!(error_of(r#"{"seat":"S"}"#).contains("bad request"));
    assert!(error_of(&GOOD.replace("\"JH\",\"9H\"", "\"JX\",\"9H\"")).contains("bad request"));
    // Not East's turn: South won the first trick and leads.
    assert!(error_of(&GOOD.replace("\"seat\":\"S\"", "\"seat\":\"E\"")).contains("turn"));
    // A card of the hand already played.
    assert!(error_of(&GOOD.replace("\"7D\"]", "\"QH\"]")).contains("already played"));
    // A hand of the wrong size for the point of the deal.
    assert!(error_of(&GOOD.replace(",\"7D\"]", "]")).contains("should hold 7"));
    // A card twice in the hand, twice in the play.
    assert!(error_of(&GOOD.replace("\"7D\"]", "\"9D\"]")).contains("twice in the hand"));
    assert!(error_of(&GOOD.replace("\"QH\"]", "\"10H\"]")).contains("twice in the play"));
    // An auction the rules forbid, cards before the auction is over, a void deal.
    assert!(
        error_of(&GOOD.replace("\"pass\",\"pass\",\"pass\"", "\"contre\"")).contains("auction")
    );
    assert!(error_of(&GOOD.replace("\"pass\",\"pass\",\"pass\"", "\"pass\"")).contains("before"));
    let void = r#"{"seat":"S","dealer":"W","hand":["JH"],"auction":["pass","pass","pass","pass"]}"#;
    assert!(error_of(void).contains("void"));
    // Belote said by a seat that has not played the king or queen of trump.
    let belote = GOOD.replace("\"play\"", "\"belote\":\"N\",\"play\"");
    assert!(error_of(&belote).contains("belote"));
}

#[test]
fn the_service_keeps_serving_after_a_bad_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["bot", "--level", "easy", "--seed", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("contree bot starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = format!("garbage\n\n{GOOD}\n{{\"seat\":\"N\"}}\n{GOOD}\n");
    stdin.write_all(input.as_bytes()).expect("write");
    stdin.write_all(&[0xff, 0xfe, b'\n']).expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("contree bot ends");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[0].starts_with("{\"error\":"));
    assert!(lines[1].starts_with("{\"action\":"));
    assert!(lines[2].starts_with("{\"error\":"));
    assert_eq!(lines[1], lines[3], "the same request gets the same answer");
    assert!(lines[4].starts_with("{\"error\":"));
}
