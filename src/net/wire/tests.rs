use proptest::prelude::*;

use super::*;
use crate::rules::{Bid, BidLevel, Rank, Suit, Trump};

fn card() -> impl Strategy<Value = Card> {
    (0..4usize, 0..8usize).prop_map(|(s, r)| Card::new(Suit::ALL[s], Rank::ALL[r]))
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        Just(Call::Pass),
        Just(Call::Contre),
        Just(Call::Surcontre),
        (0..BidLevel::ALL.len(), 0..Trump::ALL.len())
            .prop_map(|(l, t)| Call::Bid(Bid { level: BidLevel::ALL[l], trump: Trump::ALL[t] })),
    ]
}

fn seat() -> impl Strategy<Value = Seat> {
    (0..4usize).prop_map(Seat::from_index)
}

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,30}"
}

fn client_msg() -> impl Strategy<Value = ClientMsg> {
    prop_oneof![
        (any::<u32>(), text()).prop_map(|(protocol, name)| ClientMsg::Hello { protocol, name }),
        (proptest::option::of(seat()), any::<bool>(), 5u32..3600, proptest::option::of(text()))
            .prop_map(|(seat, help, grace_secs, password)| ClientMsg::Create {
                setup: TableSetup {
                    options: GameOptions::default(),
                    level: Level::DEFAULT,
                    grace_secs,
                    help,
                    password
                },
                seat,
            }),
        (
            text(),
            proptest::option::of(text()),
            proptest::option::of(seat()),
            proptest::option::of(text())
        )
            .prop_map(|(code, password, seat, token)| ClientMsg::Join {
                code,
                password,
                seat,
                token
            }),
        seat().prop_map(|seat| ClientMsg::Sit { seat }),
        Just(ClientMsg::Start {}),
        call().prop_map(|c| ClientMsg::Act { action: WireAction::Bid(c) }),
        card().prop_map(|c| ClientMsg::Act { action: WireAction::Play(c) }),
        any::<bool>().prop_map(|declare| ClientMsg::Declare { declare }),
        Just(ClientMsg::Next {}),
        Just(ClientMsg::Leave {}),
        Just(ClientMsg::Ping {}),
        Just(ClientMsg::Back {}),
    ]
}

fn error_code() -> impl Strategy<Value = ErrorCode> {
    prop_oneof![
        Just(ErrorCode::Version),
        Just(ErrorCode::Garbled),
        Just(ErrorCode::TooLong),
        Just(ErrorCode::TooFast),
        Just(ErrorCode::Illegal),
        Just(ErrorCode::SeatLost),
        Just(ErrorCode::NotSaved),
        Just(ErrorCode::CutShort),
    ]
}

fn server_msg() -> impl Strategy<Value = ServerMsg> {
    prop_oneof![
        any::<u32>().prop_map(|protocol| ServerMsg::Welcome { protocol }),
        (error_code(), any::<u32>())
            .prop_map(|(error, protocol)| ServerMsg::Refused { error, protocol }),
        (error_code(), proptest::option::of(proptest::sample::select(&Rule::ALL[..])))
            .prop_map(|(error, rule)| ServerMsg::Error { error, rule }),
        (text(), seat(), text()).prop_map(|(code, seat, token)| ServerMsg::Joined {
            code,
            seat,
            token
        }),
        (seat(), card(), any::<bool>()).prop_map(|(seat, c, bot)| ServerMsg::Acted {
            seat,
            action: WireAction::Play(c),
            bot
        }),
        (seat(), call(), any::<bool>()).prop_map(|(seat, c, bot)| ServerMsg::Acted {
            seat,
            action: WireAction::Bid(c),
            bot
        }),
        (any::<bool>(), any::<u32>(), any::<u32>()).prop_map(|(ns, a, b)| ServerMsg::GameOver {
            winner: if ns { Team::NS } else { Team::EW },
            totals: ByTeam([a, b]),
            game: None,
        }),
        Just(ServerMsg::Pong {}),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_bytes_are_read_or_refused_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..6000)) {
        let client = parse_client(&bytes);
        let _ = parse_server(&bytes);
        let _ = hello_version(&bytes);
        if bytes.len() > MAX_CLIENT_LINE {
            prop_assert_eq!(client, Err(WireError::TooLong { max: MAX_CLIENT_LINE }));
        }
    }

    #[test]
    fn a_json_object_of_any_fields_is_read_or_refused(
        fields in proptest::collection::btree_map("[a-z_]{1,10}", any::<i64>(), 0..6),
        kind in "[a-z_]{1,10}",
    ) {
        let mut value = serde_json::json!(fields);
        value["type"] = serde_json::json!(kind);
        let _ = parse_client(value.to_string().as_bytes());
        let _ = parse_server(value.to_string().as_bytes());
    }

    #[test]
    fn every_client_message_reads_back(msg in client_msg()) {
        let line = line(&msg);
        prop_assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        prop_assert_eq!(parse_client(line.as_bytes()), Ok(msg));
    }

    #[test]
    fn every_server_message_reads_back(msg in server_msg()) {
        let line = line(&msg);
        prop_assert_eq!(parse_server(line.as_bytes()), Ok(msg));
    }

    #[test]
    fn a_hello_of_any_version_tells_its_version(protocol in any::<u32>(), name in text()) {
        let line = line(&ClientMsg::Hello { protocol, name });
        prop_assert_eq!(hello_version(line.as_bytes()), Some(protocol));
    }
}

#[test]
fn a_line_past_the_bound_is_too_long() {
    let long = format!("{{\"type\":\"ping\"{}}}\n", " ".repeat(MAX_CLIENT_LINE));
    assert_eq!(parse_client(long.as_bytes()), Err(WireError::TooLong { max: MAX_CLIENT_LINE }));
}

#[test]
fn an_unknown_field_or_an_array_is_refused() {
    assert!(parse_client(br#"{"type":"ping","x":1}"#).is_err());
    assert!(parse_client(br#"["ping"]"#).is_err());
    assert_eq!(parse_client(b"{\"type\":\"ping\"}\r\n"), Ok(ClientMsg::Ping {}));
}

#[test]
fn names_are_bounded_and_printable() {
    assert!(name_ok("Ana"));
    assert!(!name_ok(""));
    assert!(!name_ok("   "));
    assert!(!name_ok("a\u{7}b"));
    assert!(!name_ok(&"x".repeat(MAX_NAME + 1)));
}

#[test]
fn a_game_over_with_its_whole_game_reads_back_and_one_without_reads_as_none() {
    let players = crate::rules::BySeat(["you", "dede", "you", "marcel"].map(String::from));
    let game = crate::game::Game::new(crate::game::GameOptions::default(), 7, players);
    let msg = ServerMsg::GameOver {
        winner: Team::EW,
        totals: ByTeam([0, 0]),
        game: Some(Box::new(game.to_save())),
    };
    assert_eq!(parse_server(line(&msg).as_bytes()), Ok(msg));
    let bare = br#"{"type":"game_over","winner":"NS","totals":{"NS":1010,"EW":420}}"#;
    assert!(matches!(parse_server(bare), Ok(ServerMsg::GameOver { game: None, .. })));
}
