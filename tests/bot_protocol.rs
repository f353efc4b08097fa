//! `contree bot`: the answer to a request is the table's answer for the same situation, and a
//! bad line gets an error answer while the service goes on.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use contree::bots::expert::Budget;
use contree::bots::protocol::{Service, answer, parse_request, request_json};
use contree::bots::{Decision, Level};
use contree::game::{Action, Game, GameOptions, Phase, SeatView};
use contree::personas::BiddingStyle;
use contree::rules::{BySeat, ContreScoring, RuleSet, Rules, ScoringMethod, ScoringRules};

fn action_token(a: Action) -> String {
    match a {
        Action::Bid(c) => c.to_string(),
        Action::Play(c) => c.to_string(),
    }
}

/// `contree bot --level level --style style --seed seed`, the expert on its default budget.
fn service(level: Level, style: BiddingStyle, seed: u64) -> Service {
    Service { level, style, seed, budget: Budget::DEFAULT }
}

/// What `level` does in `view`, as the table asks it.
fn decide(view: &SeatView, level: Level, style: BiddingStyle, seed: u64, budget: Budget) -> Action {
    level.decide(&Decision { view, style, seed, budget, cancel: None })
}

#[test]
fn answers_match_the_table_over_random_deals_in_every_set() {
    let contree_options =
        ScoringRules { scoring: ScoringMethod::Made, contre: ContreScoring::Tournament };
    let mut checked = 0;
    for (r, &rules) in common::ALL_RULES.iter().enumerate() {
        // Contrée's scoring options come into the requests too.
        let rules = if rules.set == RuleSet::Contree {
            Rules { scoring: contree_options.scoring, contre: contree_options.contre, ..rules }
        } else {
            rules
        };
        for seed in 0..6u64 {
            let options = GameOptions { rules, ..GameOptions::default() };
            let mut game =
                Game::new(options, seed + 100 * r as u64, BySeat::from_fn(|s| s.to_string()));
            let level = if seed % 2 == 0 { Level::Normal } else { Level::Easy };
            let style = if seed % 3 == 0 { BiddingStyle::Bold } else { BiddingStyle::Cautious };
            // Three deals of each game, so totals and belotes come into the requests.
            for _ in 0..3 {
                while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                    let seat = game.to_act().expect("a seat to act");
                    // The table's view, with every announcement of the deal.
                    {
                        let view = game.view(seat);
                        let line = request_json(&view);
                        assert_eq!(parse_request(&line).as_ref(), Ok(&view), "{line}");
                        let at_table = decide(&view, level, style, seed, Budget::DEFAULT);
                        let expected = format!("{{\"action\":\"{}\"}}", action_token(at_table));
                        assert_eq!(answer(&line, &service(level, style, seed)), expected, "{line}");
                        checked += 1;
                    }
                    let action = decide(&game.view(seat), level, style, seed, Budget::DEFAULT);
                    game.apply(seat, action).expect("legal");
                }
                if game.phase() == Phase::DealOver {
                    game.next_deal().expect("next deal");
                }
            }
        }
    }
    assert!(checked > 3000, "only {checked} decisions checked");
}

/// What the game tells a seat is what `contree bot` accepts for the same situation, in every
/// rule set and option: the declarations made so far and every belote said included, along
/// games played by random legal players.
#[test]
fn the_views_of_every_rule_set_read_back_through_the_bot_protocol() {
    use rand::SeedableRng;
    let mut with_declarations = 0;
    for (n, &rules) in common::ALL_RULES.iter().enumerate() {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(n as u64);
        let players = BySeat::from_fn(|s| s.to_string());
        let mut game = Game::new(GameOptions::of(rules), 900 + n as u64, players);
        for _ in 0..3 {
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let seat = game.to_act().expect("to act");
                let view = game.view(seat);
                with_declarations += usize::from(!view.declared().is_empty());
                let line = request_json(&view);
                assert_eq!(parse_request(&line).as_ref(), Ok(&view), "{line}");
                let action = game.random_action(&mut rng).expect("an action");
                game.apply(seat, action).expect("a legal action is accepted");
            }
            if game.phase() == Phase::DealOver {
                game.next_deal().expect("next");
            }
        }
    }
    assert!(with_declarations > 20, "{with_declarations}");
}

/// A request for South, dealer West, playing 80 hearts taken by South, who won the first trick
/// with the 10 of trump and leads again.
const GOOD: &str = r#"{"seat":"S","dealer":"W","hand":["JH","9H","AS","7C","8C","9D","7D"],"auction":["80H","pass","pass","pass"],"play":["10H","7H","8H","QH"]}"#;

fn error_of(line: &str) -> String {
    let answer: serde_json::Value =
        serde_json::from_str(&answer(line, &service(Level::Normal, BiddingStyle::Cautious, 0)))
            .expect("JSON");
    answer["error"].as_str().map(str::to_string).unwrap_or_else(|| panic!("no error: {answer}"))
}

#[test]
fn a_good_request_gets_a_legal_action() {
    let answer: serde_json::Value =
        serde_json::from_str(&answer(GOOD, &service(Level::Normal, BiddingStyle::Cautious, 0)))
            .expect("JSON");
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
fn a_huge_token_is_not_echoed_back_whole() {
    let huge = "a".repeat(1_000_000);
    for line in [format!("{{\"seat\": \"{huge}\"}}"), format!("{{\"hand\": [\"{huge}\"]}}")] {
        let text = answer(&line, &service(Level::Easy, BiddingStyle::Bold, 1));
        assert!(text.len() < 1000, "{} bytes", text.len());
        assert!(error_of(&line).contains('…'), "{text}");
    }
}

#[test]
fn a_request_is_an_object_and_its_parts_too() {
    // The fields in order, as an array, are no request.
    let fields = r#"["S","W",["JH","9H","AS","7C","8C","9D","7D"],["80H","pass","pass","pass"],["10H","7H","8H","QH"]]"#;
    assert_eq!(error_of(fields), "bad request: a request is a JSON object, one a line");
    assert_eq!(
        error_of(&format!("[{GOOD}]")),
        "bad request: a request is a JSON object, one a line"
    );
    let with = |field: &str| format!("{},{field}}}", &GOOD[..GOOD.len() - 1]);
    let totals = with(r#""game":{"target":1000,"totals":{"NS":0,"EW":0,"XX":1}}"#);
    assert!(error_of(&totals).contains("unknown team `XX`: the teams are NS and EW"), "{totals}");
    let game = with(r#""game":[1000,{"NS":0,"EW":0}]"#);
    assert!(error_of(&game).contains("expected an object"), "{}", error_of(&game));
    let rules = with(r#""rules":["contree"]"#);
    assert!(error_of(&rules).contains("expected an object"), "{}", error_of(&rules));
    let belotes = with(r#""belotes":[["N","H"]]"#);
    assert!(error_of(&belotes).contains("expected an object"), "{}", error_of(&belotes));
}

#[test]
fn a_misspelled_rule_option_is_refused_not_read_as_the_default() {
    let with = |field: &str| format!("{},{field}}}", &GOOD[..GOOD.len() - 1]);
    let misspelled = with(r#""rules":{"scorng":"made","contr":"tournament"}"#);
    let error = error_of(&misspelled);
    assert!(error.starts_with("bad request: unknown field `scorng`"), "{error}");
    assert!(error.contains("`set`, `nt_at`, `scoring`, `contre`"), "{error}");
    // Every option the protocol names is read, under every set.
    let all = r#""rules":{"set":"coinche","nt_at":false,"scoring":"made","contre":"tournament"}"#;
    assert!(parse_request(&with(all)).is_ok(), "{all}");
}

#[test]
fn a_leading_byte_order_mark_is_skipped_and_a_line_not_utf8_said_to_be_so() {
    let input =
        [b"\xEF\xBB\xBF", GOOD.as_bytes(), b"\n\xe9t\xe9\n", GOOD.as_bytes(), b"\n"].concat();
    let mut out = Vec::new();
    contree::bots::protocol::serve(
        input.as_slice(),
        &mut out,
        &service(Level::Normal, BiddingStyle::Cautious, 0),
    )
    .expect("serves");
    let text = String::from_utf8(out).expect("UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert_eq!(answers[0], answers[2], "the first request is read as the others");
    assert_eq!(answers[1], r#"{"error":"bad request: not UTF-8 text"}"#);
}

#[test]
fn a_line_too_long_is_refused_and_the_next_one_answered() {
    let long = "x".repeat(3 * contree::bots::protocol::REQUEST_LIMIT as usize);
    let input = format!("{long}\n{{}}\n");
    let mut out = Vec::new();
    contree::bots::protocol::serve(
        input.as_bytes(),
        &mut out,
        &service(Level::Easy, BiddingStyle::Bold, 1),
    )
    .expect("serves");
    let text = String::from_utf8(out).expect("UTF-8");
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), 2, "{text}");
    assert!(answers[0].contains("longer than 1 MiB"), "{}", answers[0]);
    assert!(answers[1].contains("missing field"), "{}", answers[1]);
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

/// In every rule set and trump mode, a view read back from its request is the same view, and
/// every level answers with a legal call or card.
#[test]
fn every_set_round_trips_and_gets_legal_answers() {
    use contree::rules::legal_cards;
    // The expert answers legally whatever its budget: one world keeps the test quick.
    let think = Budget::worlds(1);
    let mut checked = 0;
    for (i, &rules) in common::ALL_RULES.iter().enumerate() {
        for seed in 0..25u64 {
            let record = common::random_record_with(seed * 7 + i as u64, Some(rules));
            for view in common::views_of(&record) {
                let line = request_json(&view);
                assert_eq!(parse_request(&line).as_ref(), Ok(&view), "{line}");
                for level in Level::ALL {
                    let action = decide(&view, level, BiddingStyle::Bold, seed, think);
                    match (action, view.contract()) {
                        (Action::Bid(call), None) => {
                            assert_eq!(view.auction().check(call), Ok(()), "{line}")
                        }
                        (Action::Play(card), Some(c)) => {
                            let mem = contree::bots::Memory::from_view(&view, c, false);
                            let legal = legal_cards(view.hand(), &mem.trick, c.trump(), rules);
                            assert!(legal.contains(card), "{card} is illegal: {line}");
                        }
                        (a, c) => panic!("{a} with contract {c:?}: {line}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5000, "only {checked} decisions checked");
}

/// A request for East, dealer North, under `plain` with the option: East opened 80 in tout
/// atout, and plays clockwise: East leads, then South, West, North.
const PLAIN_AT: &str = r#"{"seat":"W","dealer":"N","hand":["JH","9H","AS","7C","8C","9D","7D","KD"],"auction":["80AT","pass","pass","pass"],"play":["QD","8D"],"rules":{"set":"plain","nt_at":true}}"#;

#[test]
fn plain_requests_turn_clockwise() {
    let view = parse_request(PLAIN_AT).expect("West plays third");
    assert_eq!(view.rules().set, contree::rules::RuleSet::Plain);
    // In tout atout West must beat the queen of diamonds: the king or the 9.
    let answer: serde_json::Value =
        serde_json::from_str(&answer(PLAIN_AT, &service(Level::Normal, BiddingStyle::Cautious, 0)))
            .expect("JSON");
    let card = answer["action"].as_str().unwrap_or_default().to_string();
    assert!(["KD", "9D"].contains(&card.as_str()), "{answer}");
    // Anticlockwise, West would have opened and led the queen from its own hand.
    let contree = PLAIN_AT.replace(r#""set":"plain","#, "");
    assert!(parse_request(&contree).is_err());
}

#[test]
fn the_new_fields_are_checked() {
    // East said belote in tout atout with the queen of diamonds it played: not while West
    // holds the king, but once West holds another card in its place.
    let said = PLAIN_AT.replace(r#""rules""#, r#""belotes":[{"seat":"E","suit":"D"}],"rules""#);
    assert_eq!(error_of(&said), "E said belote in diamonds without holding KD");
    let said = said.replace(r#""KD"],"auction""#, r#""KS"],"auction""#);
    let view = parse_request(&said).expect("a belote said with the queen");
    assert_eq!(
        view.belotes().holder(contree::rules::Suit::Diamonds),
        Some(contree::rules::Seat::East)
    );
    // Not by South, who played the 8; not `belote`, which names the trump suit's.
    let south = said.replace(r#"{"seat":"E","suit":"D"}"#, r#"{"seat":"S","suit":"D"}"#);
    assert!(error_of(&south).contains("belote"));
    let single = PLAIN_AT.replace(r#""rules""#, r#""belote":"E","rules""#);
    assert!(error_of(&single).contains("no trump suit"));
    // Sans atout and tout atout bids without the option.
    let off = PLAIN_AT.replace(r#","nt_at":true"#, "");
    assert!(error_of(&off).contains("sans atout / tout atout"));
    assert!(error_of(&PLAIN_AT.replace(r#""plain""#, r#""classic""#)).contains("bad request"));
    // Declarations, under coinche, South dealing: East leads the queen of diamonds, North
    // follows. North cannot have announced a tierce to that queen; South has not played.
    let coinche = PLAIN_AT.replace(r#""set":"plain","#, r#""set":"coinche","#);
    let coinche = coinche.replace(r#""seat":"W","dealer":"N""#, r#""seat":"W","dealer":"S""#);
    assert!(parse_request(&coinche).is_ok(), "{coinche}");
    let tierce = coinche.replace(r#""rules""#, r#""declared":{"N":["tierce:QD"]},"rules""#);
    assert!(error_of(&tierce).contains("cannot hold"));
    let early = coinche.replace(r#""rules""#, r#""declared":{"S":[]},"rules""#);
    assert!(error_of(&early).contains("not played"));
    let fine = coinche.replace(r#""rules""#, r#""declared":{"N":[],"E":["tierce:AC"]},"rules""#);
    let view = parse_request(&fine).expect("announcements of the seats that played");
    assert_eq!(view.declared().0[contree::rules::Seat::East].map(|c| c.points()), Some(20));
}

/// South dealt JH 9H 10H AS 7C 8C 9D 7D, West dealing, and took 80 in hearts: it won the first
/// trick with the 10 of trumps, West the second with the ace of diamonds, and West leads the
/// king of spades to the third.
const THIRD_TRICK: &str = r#"{"seat":"S","dealer":"W","hand":["JH","9H","AS","7C","8C","9D"],"auction":["80H","pass","pass","pass"],"play":["10H","7H","8H","QH","7D","8D","10D","AD","KS"]}"#;

#[test]
fn a_card_the_seat_could_not_have_played_is_refused() {
    assert!(parse_request(THIRD_TRICK).is_ok());
    // South follows with its ace and leads the fourth trick.
    let follow = THIRD_TRICK
        .replace(r#""AS","7C""#, r#""7C""#)
        .replace(r#""KS"]"#, r#""KS","AS","QS","JS"]"#);
    assert!(parse_request(&follow).is_ok(), "{follow}");
    // It discards a club instead, holding the ace of spades, and West leads again.
    let revoke = THIRD_TRICK
        .replace(r#""7C","8C""#, r#""8C""#)
        .replace(r#""KS"]"#, r#""KS","7C","QS","JS","10S"]"#);
    assert_eq!(error_of(&revoke), "play token 9 (7C by S): illegal card: must follow spades");
}

#[test]
fn another_seats_revoke_is_refused_once_the_cards_show_it() {
    // The third trick taken by South's ace over West's king, East discarding the 9 of clubs;
    // South leads the 8 of clubs and East plays the queen of spades: it held a spade when it
    // discarded. North, to play, sees it.
    let north = r#"{"seat":"N","dealer":"W","hand":["KC","AC","10C","7S","8S"],"auction":["80H","pass","pass","pass"],"play":["10H","7H","8H","QH","7D","8D","10D","AD","KS","AS","9C","JS","8C","QS"]}"#;
    assert_eq!(error_of(north), "play token 10 (9C by E): illegal card: must follow spades");
    // East's discard of a club on the fourth trick instead shows nothing wrong.
    let fine = north.replace(r#""8C","QS"]"#, r#""8C","JC"]"#);
    assert!(parse_request(&fine).is_ok(), "{fine}");
}

#[test]
fn a_belote_played_and_not_said_is_refused() {
    // South led the king of trumps holding the queen: the table said "Belote" for it.
    let line = r#"{"seat":"S","dealer":"W","hand":["QH","9H","AS","7C","8C","9D","7D"],"auction":["80H","pass","pass","pass"],"play":["KH","7H","8H","QS"]}"#;
    assert_eq!(
        error_of(line),
        "S held the king and queen of hearts, played one and did not say belote"
    );
    let said = line.replace(r#""play""#, r#""belote":"S","play""#);
    assert_eq!(parse_request(&said).map(|v| v.belote()), Ok(Some(contree::rules::Seat::South)));
}

#[test]
fn a_request_without_its_game_is_a_first_deal_to_the_usual_target() {
    for set in contree::rules::RuleSet::ALL {
        let rules = serde_json::to_string(&Rules::of(set)).expect("rules");
        let line = GOOD.replace(r#""play""#, &format!(r#""rules":{rules},"play""#));
        // In plain, North speaks first and the request is no longer South's turn.
        let line = match set {
            RuleSet::Plain => line.replace(r#""dealer":"W""#, r#""dealer":"E""#),
            _ => line,
        };
        let view = parse_request(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(view.target(), set.default_target(), "{line}");
        assert_eq!(view.totals(), contree::rules::ByTeam::default());
    }
}

mod parser {
    //! The request parser on arbitrary input and arbitrary valid situations.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Arbitrary text gets an answer line: an action or an error, never a panic.
        #[test]
        fn arbitrary_text_is_answered(line in "\\PC{0,200}") {
            let text = answer(&line, &service(Level::Easy, BiddingStyle::Bold, 1));
            let a: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            prop_assert!(a.get("action").is_some() || a.get("error").is_some());
        }

        /// Arbitrary bytes, lines of them included, get one answer per line that is not
        /// blank: an action or an error, never a panic nor the end of the service.
        #[test]
        fn arbitrary_bytes_are_answered(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let mut out = Vec::new();
            contree::bots::protocol::serve(bytes.as_slice(), &mut out, &service(Level::Easy, BiddingStyle::Bold, 1))
                .expect("serves");
            let text = String::from_utf8(out).expect("UTF-8 answers");
            // A byte order mark at the start is skipped, as contree score skips it.
            let content = bytes.strip_prefix(contree::files::BOM).unwrap_or(&bytes);
            let lines = content.split(|&b| b == b'\n').filter(|l| !contree::files::is_blank(l)).count();
            prop_assert_eq!(text.lines().count(), lines);
            for answer in text.lines() {
                let a: serde_json::Value = serde_json::from_str(answer).expect("JSON");
                prop_assert!(a.get("action").is_some() || a.get("error").is_some());
            }
        }

        /// A valid request damaged at one byte, or cut short, is answered too: with an action
        /// the rules allow when it still reads as a request, else with the reason it does not.
        #[test]
        fn damaged_requests_are_answered(seed in any::<u64>(), rules in 0usize..6, at in any::<usize>(), byte in any::<u8>()) {
            let record = common::random_record_with(seed, Some(common::ALL_RULES[rules]));
            let views = common::views_of(&record);
            let view = &views[at % views.len()];
            let mut bytes = request_json(view).into_bytes();
            let i = (at / 7) % bytes.len();
            let cut = String::from_utf8_lossy(&bytes[..i]).to_string();
            bytes[i] = byte;
            for line in [String::from_utf8_lossy(&bytes).to_string(), cut] {
                let text = answer(&line, &service(Level::Normal, BiddingStyle::Cautious, 3));
                let a: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                match parse_request(&line) {
                    Ok(view) => {
                        let action = a["action"].as_str().unwrap_or_default();
                        prop_assert!(legal_in(&view, action), "{} for {}", text, line);
                    }
                    Err(e) => {
                        let expected = serde_json::json!({ "error": contree::files::cut(&e.to_string()) });
                        prop_assert_eq!(&a, &expected, "{}", line);
                    }
                }
            }
        }

        /// Any situation of any deal, in any set: the request reads back as the same view.
        #[test]
        fn valid_views_round_trip(seed in any::<u64>(), rules in 0usize..6, at in any::<usize>()) {
            let record = common::random_record_with(seed, Some(common::ALL_RULES[rules]));
            let views = common::views_of(&record);
            let view = &views[at % views.len()];
            let line = request_json(view);
            let back = parse_request(&line);
            prop_assert_eq!(back.as_ref(), Ok(view), "{}", line);
        }
    }
}

/// Whether `action`, as the protocol writes it, is a call or a card the rules allow in `view`.
fn legal_in(view: &SeatView, action: &str) -> bool {
    match view.contract() {
        None => action.parse().is_ok_and(|call| view.auction().check(call).is_ok()),
        Some(c) => action.parse().is_ok_and(|card| {
            let mem = contree::bots::Memory::from_view(view, c, false);
            contree::rules::legal_cards(view.hand(), &mem.trick, c.trump(), view.rules())
                .contains(card)
        }),
    }
}

mod legal {
    //! The bots' answers over random reachable situations.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any reachable situation of any deal, in any set and trump mode: every level, in
        /// either style, answers with a call or a card the rules allow.
        #[test]
        fn every_level_answers_legally(seed in any::<u64>(), rules in 0usize..6, at in any::<usize>(), answer_seed in any::<u64>()) {
            use contree::rules::legal_cards;
            let think = Budget::worlds(1);
            let rules = common::ALL_RULES[rules];
            let record = common::random_record_with(seed, Some(rules));
            let views = common::views_of(&record);
            let view = &views[at % views.len()];
            for level in Level::ALL {
                for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                    match (decide(view, level, style, answer_seed, think), view.contract()) {
                        (Action::Bid(call), None) => {
                            prop_assert_eq!(view.auction().check(call), Ok(()));
                        }
                        (Action::Play(card), Some(c)) => {
                            let mem = contree::bots::Memory::from_view(view, c, false);
                            let legal = legal_cards(view.hand(), &mem.trick, c.trump(), rules);
                            prop_assert!(legal.contains(card), "{} {:?}: {}", level, style, card);
                        }
                        (a, c) => prop_assert!(false, "{} with contract {:?}", a, c),
                    }
                }
            }
        }

        /// What a memory infers from any reachable situation is true: no seat is ever inferred
        /// not to hold a card it holds, in any set and trump mode, whatever the cards played.
        /// Every situation of the deal is checked: the plays that teach something are rare.
        #[test]
        fn memory_infers_nothing_false(seed in any::<u64>(), rules in 0usize..6) {
            use contree::rules::{CardPlay, Seat};
            let rules = common::ALL_RULES[rules];
            let record = common::random_record_with(seed, Some(rules));
            for view in common::views_of(&record) {
                let Some(contract) = view.contract() else { continue };
                let leader = view.auction().first_to_speak();
                let mut play = CardPlay::new(record.hand_sets(), contract.trump(), leader, rules);
                for card in view.cards() {
                    play.play_unchecked(card);
                }
                let mem = contree::bots::Memory::from_view(&view, contract, true);
                prop_assert_eq!(&mem.trick, play.current_trick());
                for seat in Seat::ALL.into_iter().filter(|&s| s != view.seat()) {
                    let wrong = mem.cannot_hold[seat].and(play.hands()[seat]);
                    prop_assert!(wrong.is_empty(), "{} holds {}", seat, wrong);
                }
            }
        }
    }
}

#[test]
fn a_target_of_zero_is_refused_as_contree_score_refuses_it() {
    let line = GOOD.replace("\"play\"", "\"game\":{\"target\":0},\"play\"");
    assert_eq!(error_of(&line), "the game target must be positive");
    let line = GOOD.replace("\"play\"", "\"game\":{\"target\":1},\"play\"");
    let answer: serde_json::Value =
        serde_json::from_str(&answer(&line, &service(Level::Normal, BiddingStyle::Cautious, 0)))
            .expect("JSON");
    assert!(answer.get("action").is_some(), "{answer}");
}

#[test]
fn an_explain_request_says_what_each_call_shows_in_order_and_in_its_language() {
    let base = r#"{"seat": "S", "dealer": "E", "hand": ["7H","10H","KH","10S","AS","10C","9C","7C"], "auction": ["100D", "120D"]"#;
    let svc = service(Level::Normal, BiddingStyle::Cautious, 0);
    let en: serde_json::Value =
        serde_json::from_str(&answer(&format!("{base}, \"explain\": true}}"), &svc)).expect("json");
    let calls = en["explain"]["calls"].as_array().expect("calls");
    assert_eq!(calls.len(), 2, "{en}");
    for (i, (c, (seat, call))) in calls.iter().zip([("N", "100D"), ("W", "120D")]).enumerate() {
        assert_eq!(c["index"], i, "{c}");
        assert_eq!(c["seat"], seat, "{c}");
        assert_eq!(c["call"], call, "{c}");
        assert!(c["text"].as_str().is_some_and(|t| t.len() > 20), "{c}");
    }
    assert!(calls[0]["text"].as_str().is_some_and(|t| t.starts_with("Opens 100")), "{en}");
    // Each call is read by its seat's level: the expert's unless the request says otherwise.
    assert!(calls.iter().all(|c| c["level"] == "expert"), "{en}");
    let by_level: serde_json::Value = serde_json::from_str(&answer(
        &format!("{base}, \"explain\": true, \"levels\": {{\"N\": \"normal\"}}}}"),
        &svc,
    ))
    .expect("json");
    let read = &by_level["explain"]["calls"];
    assert_eq!((&read[0]["level"], &read[1]["level"]), (&"normal".into(), &"expert".into()));
    let (normal, expert) = (read[0]["text"].to_string(), calls[0]["text"].to_string());
    assert!(expert.contains("By the convention") && !normal.contains("By the convention"));
    assert!(en["action"].is_string(), "the action is still answered: {en}");
    // Who holds what: every card South has not seen, for each other seat, as odds that add up.
    let holds = en["explain"]["holds"].as_object().expect("holds");
    assert_eq!(holds.keys().collect::<Vec<_>>(), ["E", "N", "W"], "{en}");
    let hand = ["7H", "10H", "KH", "10S", "AS", "10C", "9C", "7C"];
    for (seat, cards) in holds {
        let cards = cards.as_object().expect("cards");
        assert_eq!(cards.len(), 24, "{seat}: {cards:?}");
        assert!(hand.iter().all(|c| !cards.contains_key(*c)), "{seat}");
        let held: f64 = cards.values().map(|p| p.as_f64().expect("a probability")).sum();
        assert!((held - 8.0).abs() < 0.01, "{seat} holds {held}");
    }
    for card in holds["N"].as_object().expect("N").keys() {
        let sum: f64 = holds.values().map(|c| c[card].as_f64().expect("p")).sum();
        assert!((sum - 1.0).abs() < 0.001, "{card}: {sum}");
    }
    assert!(en["explain"]["worlds"].as_u64().is_some_and(|n| n > 0), "{en}");
    assert!(en["explain"]["effective"].as_f64().is_some_and(|n| n > 1.0), "{en}");
    // The same request, the same answer, byte for byte.
    assert_eq!(
        answer(&format!("{base}, \"explain\": true}}"), &svc),
        serde_json::to_string(&en).expect("json")
    );
    let fr: serde_json::Value = serde_json::from_str(&answer(
        &format!("{base}, \"explain\": true, \"lang\": \"fr\"}}"),
        &svc,
    ))
    .expect("json");
    assert!(fr["explain"]["calls"][0]["text"].as_str().is_some_and(|t| t.starts_with("Ouvre")));
    // Without the flag, nothing is explained; an unknown language is refused.
    let plain: serde_json::Value =
        serde_json::from_str(&answer(&format!("{base}}}"), &svc)).expect("json");
    assert!(plain.get("explain").is_none(), "{plain}");
    let bad = answer(&format!("{base}, \"explain\": true, \"lang\": \"de\"}}"), &svc);
    assert!(bad.contains("\"error\"") && bad.contains("de"), "{bad}");
}

#[test]
fn who_holds_what_is_every_unseen_card_of_each_other_seat() {
    use contree::bots::expert::{self, HoldsBudget};
    let v = parse_request(
        r#"{"seat":"S","dealer":"W","hand":["JH","9H","AS","7C","8C","9D","7D"],"auction":["80H","pass","pass","pass"],"play":["10H","7H","8H","QH"]}"#,
    )
    .expect("a valid request");
    let budget = HoldsBudget { effective: 200.0, most: 2000 };
    let holds = expert::holds_within(&v, budget).expect("a view of a game");
    let j = contree::bots::protocol::holds_json(&holds);
    let seats = j.as_object().expect("an object of seats");
    assert_eq!(seats.keys().collect::<Vec<_>>(), ["E", "N", "W"]);
    for (seat, cards) in seats {
        let cards = cards.as_object().expect("an object of cards");
        // 32 cards less South's seven and the four played.
        assert_eq!(cards.len(), 21, "{seat}");
        for card in ["JH", "10H", "7H", "QH"] {
            assert!(!cards.contains_key(card), "{card} is seen");
        }
        let sum: f64 = cards.values().filter_map(|p| p.as_f64()).sum();
        // A seat that played to the trick holds seven cards.
        assert!((sum - 7.0).abs() < 0.01, "{seat}: {sum}");
    }
    // The same view, the same answer, byte for byte.
    let again = expert::holds_within(&v, budget).expect("a view of a game");
    assert_eq!(j.to_string(), contree::bots::protocol::holds_json(&again).to_string());
}

/// The advice shown in `docs/bot-protocol.md` is the one the binary gives for the request shown
/// beside it.
#[test]
fn the_documented_advice_is_the_binarys() {
    let doc = std::fs::read_to_string("docs/bot-protocol.md").expect("docs/bot-protocol.md");
    let advice = doc.split("\n## Advice\n").nth(1).expect("an Advice section");
    let blocks: Vec<serde_json::Value> = advice
        .split("```json\n")
        .skip(1)
        .take(2)
        .map(|b| {
            let text = b.split("```").next().expect("a closed block");
            serde_json::from_str(text).expect("a JSON block")
        })
        .collect();
    let [request, documented] = &blocks[..] else { panic!("a request and its answer") };
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .args(["bot", "--worlds", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("contree bot starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{request}").expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("contree bot ends");
    assert!(out.status.success());
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON answer");
    assert_eq!(&answer, documented, "docs/bot-protocol.md shows another answer");
}

/// A field that asks for something and has a default (the language, the advice, the
/// explanations) is given that default when it is `null`, as when it is left out.
#[test]
fn a_null_option_is_its_default() {
    let svc = service(Level::Normal, BiddingStyle::Cautious, 0);
    let with = |fields: &str| {
        let line = GOOD.replace("\"seat\":\"S\"", &format!("\"seat\":\"S\",{fields}"));
        serde_json::from_str::<serde_json::Value>(&answer(&line, &svc)).expect("JSON")
    };
    let asked = with(r#""explain":true,"lang":null"#);
    assert!(asked["error"].is_null(), "{asked}");
    let english = with(r#""explain":true,"lang":"en""#);
    assert_eq!(asked["explain"], english["explain"]);
    let plain = with(r#""advise":null,"explain":null"#);
    assert!(plain["error"].is_null(), "{plain}");
    assert_eq!(plain, with(r#""advise":false"#));
    // A language that is none says which it takes.
    let refused = with(r#""lang":"de""#);
    let error = refused["error"].as_str().expect("an error");
    assert!(error.contains("fr") && error.contains("en"), "{error}");
}
