//! The terminal table at a host's table, drawn and driven from a `RemoteTable` fed the host's
//! events (no network): the waiting room, the auction, the play, the deal's end and the game's
//! end at 80x24 and 120x40 in French and English; keys and clicks answer the messages the host
//! is sent, a card the rules refuse is said as the solo table says it and not sent, a contre
//! asks its yes or no, and no card of another seat is drawn before the deal is over.

use contree::bots::expert::{Budget, DealAnalysis};
use contree::game::{Action, Game, GameOptions, Phase};
use contree::net::client::{RemoteEvent, RemoteView};
use contree::net::wire::{ClientMsg, SeatInfo, TableInfo, WireAction};
use contree::rules::{Bid, BidLevel, ByTeam, Call, Card, Seat, Suit, Trump};
use contree::session::table::Notice;
use contree::session::work::AnalysisRequest;
use contree::text::{Lang, SuitStyle, Words};
use contree::ui::keymap::Mode;
use contree::ui::remote::{RemoteScreen, Request};
use contree::ui::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The player sits East at the table, so that the table is turned on screen.
const ME: Seat = Seat::East;

fn words(lang: Lang, ascii: bool) -> Words {
    let suits = if ascii { SuitStyle::Letters } else { SuitStyle::Glyphs };
    Words { lang, suits, ascii, spoken: false }
}

fn info(started: bool) -> TableInfo {
    let seat = |name: &str, taken: bool| SeatInfo {
        name: name.to_string(),
        bot: !taken,
        taken,
        connected: taken,
    };
    TableInfo {
        code: "ACDEFH".into(),
        // South is a player whose connection is gone; East is the player reading.
        seats: [
            SeatInfo { connected: false, ..seat("Bea", true) },
            seat("Ana", true),
            seat("dede", false),
            seat("marcel", false),
        ],
        creator: ME,
        options: GameOptions::default(),
        level: contree::personas::Level::Normal,
        grace_secs: 60,
        help: false,
        started,
    }
}

fn screen(lang: Lang, ascii: bool) -> RemoteScreen {
    let mut s = RemoteScreen::new(words(lang, ascii), Theme::monochrome());
    s.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: ME });
    s.event(RemoteEvent::Table(Box::new(info(false))));
    s
}

fn view(game: &Game, revision: u64) -> RemoteEvent {
    RemoteEvent::View(Box::new(RemoteView {
        revision,
        view: game.view(ME),
        to_act: game.to_act(),
        may_declare: false,
    }))
}

fn started(lang: Lang, game: &Game) -> RemoteScreen {
    started_as(lang, false, game)
}

fn started_as(lang: Lang, ascii: bool, game: &Game) -> RemoteScreen {
    let mut s = screen(lang, ascii);
    s.event(RemoteEvent::Table(Box::new(info(true))));
    s.event(view(game, 1));
    s
}

/// Acts for the seats until it is the player's turn, sending each action as the host does.
fn until_my_turn(game: &mut Game, s: &mut RemoteScreen, mut act: impl FnMut(&Game) -> Action) {
    let mut revision = 2;
    while let Some(seat) = game.to_act().filter(|&seat| seat != ME) {
        let action = act(game);
        game.apply(seat, action).expect("a legal action");
        s.event(RemoteEvent::Acted { seat, action, bot: false });
        s.event(view(game, revision));
        revision += 1;
    }
}

fn first_legal(game: &Game) -> Action {
    match game.phase() {
        Phase::Bidding => Action::Bid(Call::Pass),
        _ => Action::Play(game.legal_cards().first().expect("a card")),
    }
}

/// The auction at the player's turn, after a bid of the seat before.
fn auction(lang: Lang) -> (Game, RemoteScreen) {
    // A deal where two seats speak before the player.
    let seed = (1..100)
        .find(|&seed| {
            let game = contree::game::new_game(GameOptions::default(), seed, None);
            game.to_act() == Some(ME.partner())
        })
        .expect("a deal North's partner opens");
    let mut game = contree::game::new_game(GameOptions::default(), seed, None);
    let mut s = started(lang, &game);
    let mut bid = true;
    until_my_turn(&mut game, &mut s, |_| {
        let call = if bid {
            Call::Bid(Bid { level: BidLevel::Points(80), trump: Trump::Suit(Suit::Hearts) })
        } else {
            Call::Pass
        };
        bid = false;
        Action::Bid(call)
    });
    (game, s)
}

/// The play at the player's turn, a card or more on the trick.
fn play(lang: Lang) -> (Game, RemoteScreen) {
    play_as(lang, false)
}

fn play_as(lang: Lang, ascii: bool) -> (Game, RemoteScreen) {
    for seed in 1..200 {
        let mut game = contree::game::new_game(GameOptions::default(), seed, None);
        let mut s = started_as(lang, ascii, &game);
        let mut bid = true;
        until_my_turn(&mut game, &mut s, |g| match g.phase() {
            Phase::Bidding if std::mem::take(&mut bid) => Action::Bid(Call::Bid(Bid {
                level: BidLevel::Points(80),
                trump: Trump::Suit(Suit::Spades),
            })),
            _ => first_legal(g),
        });
        // The player passes, the auction ends, and the play comes round to the player.
        if game.phase() != Phase::Bidding {
            continue;
        }
        game.apply(ME, Action::Bid(Call::Pass)).expect("a pass");
        s.event(view(&game, 50));
        until_my_turn(&mut game, &mut s, first_legal);
        let on_trick = game.deal().play.as_ref().is_some_and(|p| !p.current_trick().is_empty());
        if game.phase() == Phase::Playing && on_trick {
            return (game, s);
        }
    }
    panic!("no deal comes round to the player with a card on the trick");
}

/// The deal played out and its end sent.
fn deal_end(lang: Lang) -> RemoteScreen {
    deal_end_as(lang, false)
}

fn deal_end_as(lang: Lang, ascii: bool) -> RemoteScreen {
    let (mut game, mut s) = play_as(lang, ascii);
    while let Some(seat) = game.to_act() {
        let action = first_legal(&game);
        game.apply(seat, action).expect("legal");
        s.event(RemoteEvent::Acted { seat, action, bot: false });
        if game.phase() == Phase::Playing {
            s.event(view(&game, 100));
        }
    }
    let record = game.history().last().expect("a deal over").record.clone();
    s.event(RemoteEvent::DealOver { record: Box::new(record), totals: game.totals() });
    s
}

fn game_over(lang: Lang) -> RemoteScreen {
    let mut s = deal_end(lang);
    // East and West, the player's side, reach the target.
    let totals = ByTeam([640, 1010]);
    s.event(RemoteEvent::GameOver { winner: ME.team(), totals, game: None });
    s
}

fn draw(s: &mut RemoteScreen, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a terminal");
    t.draw(|f| contree::ui::remote::draw(s, f.area(), f.buffer_mut())).expect("drawn");
    t
}

fn snapshot_all(name: &str, mut make: impl FnMut(Lang) -> RemoteScreen) {
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut s = make(lang);
            let t = draw(&mut s, w, h);
            let lang_name = match lang {
                Lang::Fr => "fr",
                Lang::En => "en",
            };
            insta::assert_snapshot!(format!("remote_{name}_{lang_name}_{w}x{h}"), t.backend());
        }
    }
}

#[test]
fn screens() {
    snapshot_all("waiting_room", |lang| screen(lang, false));
    snapshot_all("auction", |lang| auction(lang).1);
    snapshot_all("play", |lang| play(lang).1);
    snapshot_all("deal_end", deal_end);
    snapshot_all("game_over", game_over);
    snapshot_all("analysis", |lang| analysed(deal_end(lang)).0);
}

#[test]
fn ascii_screens() {
    let mut s = screen(Lang::En, true);
    insta::assert_snapshot!("remote_waiting_room_ascii", draw(&mut s, 80, 24).backend());
    let mut s = play_as(Lang::Fr, true).1;
    let backend = draw(&mut s, 80, 24);
    let text = format!("{}", backend.backend());
    assert!(text.is_ascii(), "{text}");
}

fn key(s: &mut RemoteScreen, code: KeyCode) -> Vec<Request> {
    s.key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn act(action: Action) -> Vec<Request> {
    vec![Request::Send(ClientMsg::Act { action: WireAction::from(action) })]
}

#[test]
fn the_waiting_room_moves_to_a_free_seat_and_the_creator_starts() {
    let mut s = screen(Lang::En, false);
    // West is free: the seat after East, anticlockwise on the table's own order, is North.
    key(&mut s, KeyCode::Right);
    key(&mut s, KeyCode::Right);
    assert_eq!(key(&mut s, KeyCode::Enter), [Request::Send(ClientMsg::Sit { seat: Seat::West })]);
    // A seat another player holds is refused here.
    let mut s = screen(Lang::En, false);
    key(&mut s, KeyCode::Left);
    assert_eq!(key(&mut s, KeyCode::Enter), []);
    assert!(s.told().is_some());
    assert_eq!(key(&mut s, KeyCode::Char('s')), [Request::Send(ClientMsg::Start {})]);
    // Clicked: a seat, then the start button.
    let mut s = screen(Lang::Fr, false);
    let _ = draw(&mut s, 80, 24);
    let mut clicked = Vec::new();
    for y in 0..24 {
        for x in 0..80 {
            clicked.extend(s.click(x, y));
        }
    }
    assert!(clicked.contains(&Request::Send(ClientMsg::Sit { seat: Seat::North })));
    assert!(clicked.contains(&Request::Send(ClientMsg::Start {})));
    assert_eq!(key(&mut s, KeyCode::Char('q')), [Request::Quit]);
}

#[test]
fn a_player_who_did_not_create_the_table_cannot_start_it() {
    let mut s = RemoteScreen::new(words(Lang::En, false), Theme::monochrome());
    s.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: Seat::North });
    s.event(RemoteEvent::Table(Box::new(info(false))));
    assert_eq!(key(&mut s, KeyCode::Char('s')), []);
}

#[test]
fn a_bid_is_a_value_then_a_suit_and_a_contre_asks_first() {
    let (game, mut s) = auction(Lang::En);
    assert_eq!(game.to_act(), Some(ME));
    let legal = game.legal_calls();
    // Enter on the first button passes, once: a second Enter before the host answers sends
    // nothing more.
    assert_eq!(key(&mut s, KeyCode::Enter), act(Action::Bid(Call::Pass)));
    assert_eq!(key(&mut s, KeyCode::Enter), []);
    // The host refuses it (say the table moved meanwhile): the player may act again.
    s.event(RemoteEvent::Error { error: contree::net::wire::ErrorCode::Illegal, rule: None });
    // The lowest value, then the first suit.
    key(&mut s, KeyCode::Right);
    assert_eq!(key(&mut s, KeyCode::Enter), []);
    let sent = key(&mut s, KeyCode::Enter);
    let level = legal.min_level.expect("a bid allowed");
    let bid = Call::Bid(Bid { level, trump: legal.trumps()[0] });
    assert_eq!(sent, act(Action::Bid(bid)));
    s.event(view(&game, 1000));
    // A contre asks, no cancels, yes sends.
    if legal.contre {
        assert_eq!(key(&mut s, KeyCode::Char('c')), []);
        assert_eq!(key(&mut s, KeyCode::Char('n')), []);
        assert_eq!(key(&mut s, KeyCode::Char('c')), []);
        assert_eq!(key(&mut s, KeyCode::Char('y')), act(Action::Bid(Call::Contre)));
    } else {
        assert_eq!(key(&mut s, KeyCode::Char('c')), []);
        assert_eq!(key(&mut s, KeyCode::Char('y')), []);
    }
}

#[test]
fn a_card_the_rules_refuse_is_told_as_the_solo_table_tells_it_and_not_sent() {
    let (game, mut s) = play(Lang::Fr);
    let legal = game.legal_cards();
    let hand: Vec<Card> = game.view(ME).hand().iter().collect();
    match hand.iter().position(|c| !legal.contains(*c)) {
        Some(i) => {
            let off = hand[i];
            let digit = char::from_digit(i as u32 + 1, 10).expect("a digit");
            assert_eq!(key(&mut s, KeyCode::Char(digit)), []);
            let e = game.clone().apply(ME, Action::Play(off)).expect_err("refused");
            let notice = Notice::Refused(Action::Play(off), e, legal);
            let words = words(Lang::Fr, false);
            assert_eq!(s.told(), Some(contree::session::status::notice(words, notice).as_str()));
        }
        None => assert!(hand.iter().all(|c| legal.contains(*c))),
    }
    // A legal card clicked is played.
    let card = legal.first().expect("a legal card");
    let _ = draw(&mut s, 120, 40);
    let mut sent = Vec::new();
    for y in 0..40 {
        for x in 0..120 {
            let r = s.click(x, y);
            if r == act(Action::Play(card)) {
                sent = r;
            }
        }
    }
    assert_eq!(sent, act(Action::Play(card)));
}

#[test]
fn another_seats_cards_are_drawn_as_backs_their_count_eight_less_its_plays() {
    let (game, mut s) = play(Lang::En);
    let text = format!("{}", draw(&mut s, 120, 40).backend());
    let play = game.deal().play.as_ref().expect("the play");
    for seat in Seat::ALL.into_iter().filter(|&x| x != ME) {
        let now = play.current_trick().plays().any(|(x, _)| x == seat);
        let n = 8 - play.tricks().len() - usize::from(now);
        let backs = format!("{} {n}", "▮".repeat(n));
        assert!(text.contains(&backs), "{backs} for {seat:?} in\n{text}");
    }
    // The seat's view is all the screen knows: its hand, no other.
    assert_eq!(s.table.hand(), game.view(ME).hand());
}

#[test]
fn the_deal_end_goes_on_with_enter_and_the_game_over_leaves() {
    let mut s = deal_end(Lang::En);
    assert_eq!(key(&mut s, KeyCode::Enter), [Request::Send(ClientMsg::Next {})]);
    let mut s = deal_end(Lang::Fr);
    assert_eq!(key(&mut s, KeyCode::Char('n')), [Request::Send(ClientMsg::Next {})]);
    let mut s = game_over(Lang::En);
    assert!(s.game_over());
    assert_eq!(key(&mut s, KeyCode::Enter), [Request::Quit]);
}

#[test]
fn a_connection_refused_or_closed_is_said_and_any_key_leaves() {
    let mut s = RemoteScreen::new(words(Lang::En, false), Theme::monochrome());
    s.event(RemoteEvent::Error { error: contree::net::wire::ErrorCode::NoSuchTable, rule: None });
    assert!(s.closed());
    assert_eq!(s.closed_why(), Some("No table has that code."));
    let text = format!("{}", draw(&mut s, 80, 24).backend());
    assert!(text.contains("No table has that code."), "{text}");
    assert_eq!(key(&mut s, KeyCode::Char('x')), [Request::Quit]);
    // Lost during the game: joined again, not closed.
    let game = contree::game::new_game(GameOptions::default(), 3, None);
    let mut s = started(Lang::En, &game);
    s.event(RemoteEvent::Closed(None));
    assert!(!s.closed());
    assert!(s.take_lost());
    // Told to go by the host: closed, and said.
    s.event(RemoteEvent::Closed(Some(contree::net::wire::ErrorCode::NotSaved)));
    assert!(s.closed());
}

#[test]
fn a_hint_is_asked_only_where_the_creator_allows_it_and_shown_at_the_turn_asked() {
    let (_, mut s) = play(Lang::En);
    assert_eq!(key(&mut s, KeyCode::Char('i')), []);
    assert_eq!(s.told(), Some("The table's creator did not allow hints."));
    let helped = TableInfo { help: true, ..info(true) };
    s.event(RemoteEvent::Table(Box::new(helped)));
    let asked = key(&mut s, KeyCode::Char('i'));
    let [Request::Hint(request)] = asked.as_slice() else { panic!("no hint asked: {asked:?}") };
    assert_eq!(request.view.hand(), s.table.hand(), "the seat's own view, nothing more");
    let advice = request.advise().expect("the expert answers");
    // An answer for another turn is dropped; the one for this turn is shown.
    s.advised(request.revision + 1, Some(advice.clone()));
    assert_eq!(s.told(), Some("the expert is thinking…"));
    s.advised(request.revision, Some(advice.clone()));
    let told = s.told().expect("the advice shown").to_string();
    assert!(matches!(advice.action, Action::Play(_)), "{advice:?}");
    assert!(told.len() > 10, "{told}");
    // A long advice takes the rows it needs over the footer.
    insta::assert_snapshot!("remote_hint_en_80x24", draw(&mut s, 80, 24).backend());
    s.advised(request.revision, None);
    assert_eq!(s.told(), Some("the expert could not answer"));
}

#[test]
fn a_call_or_card_a_bot_chose_for_a_player_is_said_with_the_players_name() {
    let game = contree::game::new_game(GameOptions::default(), 5, None);
    let mut s = started(Lang::Fr, &game);
    // South, Bea on the table, is a player whose connection is gone: West on the player's screen.
    s.event(RemoteEvent::Acted { seat: Seat::South, action: Action::Bid(Call::Pass), bot: true });
    assert_eq!(s.told(), Some("Un robot a choisi Passe pour Bea."));
    // A bot's own seat is not said so.
    let mut s = started(Lang::En, &game);
    s.event(RemoteEvent::Acted { seat: Seat::North, action: Action::Bid(Call::Pass), bot: true });
    assert_eq!(s.told(), None);
}

#[test]
fn coinche_asks_whether_to_declare_with_the_first_card() {
    use contree::rules::{Combination, RuleSet, Rules};
    let options = GameOptions::of(Rules { set: RuleSet::Coinche, ..Rules::default() });
    for seed in 1..300 {
        let mut game = contree::game::new_game(options, seed, None);
        let mut s = started(Lang::En, &game);
        let mut bid = true;
        until_my_turn(&mut game, &mut s, |g| match g.phase() {
            Phase::Bidding if std::mem::take(&mut bid) => Action::Bid(Call::Bid(Bid {
                level: BidLevel::Points(80),
                trump: Trump::Suit(Suit::Spades),
            })),
            _ => first_legal(g),
        });
        if game.phase() != Phase::Bidding {
            continue;
        }
        game.apply(ME, Action::Bid(Call::Pass)).expect("a pass");
        s.event(view(&game, 50));
        until_my_turn(&mut game, &mut s, first_legal);
        let hand = game.view(ME).hand();
        let first_card = hand.len() == 8;
        let best = Combination::best(hand, Trump::Suit(Suit::Spades));
        if game.phase() != Phase::Playing || !first_card || best.is_empty() {
            continue;
        }
        s.event(RemoteEvent::View(Box::new(RemoteView {
            revision: 60,
            view: game.view(ME),
            to_act: game.to_act(),
            may_declare: true,
        })));
        let text = format!("{}", draw(&mut s, 120, 40).backend());
        assert!(text.contains("[Declare]") && text.contains("[Keep quiet]"), "{text}");
        let declare = |d: bool| vec![Request::Send(ClientMsg::Declare { declare: d })];
        assert_eq!(key(&mut s, KeyCode::Char('n')), declare(false));
        assert_eq!(key(&mut s, KeyCode::Char('y')), declare(true));
        return;
    }
    panic!("no coinche deal where the player declares with their first card");
}

/// The keys a player may press at the table, and a click anywhere.
#[derive(Clone, Debug)]
enum Input {
    Key(KeyCode),
    Click(u16, u16),
}

fn any_input() -> impl proptest::strategy::Strategy<Value = Input> {
    use proptest::prelude::*;
    let keys = prop_oneof![
        Just(KeyCode::Left),
        Just(KeyCode::Right),
        Just(KeyCode::Up),
        Just(KeyCode::Down),
        Just(KeyCode::Enter),
        Just(KeyCode::Tab),
        Just(KeyCode::BackTab),
        Just(KeyCode::Esc),
        proptest::char::range('0', 'z').prop_map(KeyCode::Char),
    ];
    prop_oneof![
        4 => keys.prop_map(Input::Key),
        1 => (0u16..120, 0u16..40).prop_map(|(x, y)| Input::Click(x, y)),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever is pressed or clicked, at the auction or during the play, only a call or a card
    /// the rules allow is sent, one a turn, and nothing is sent outside the player's turn.
    #[test]
    fn only_what_the_rules_allow_is_sent(
        playing in proptest::prelude::any::<bool>(),
        inputs in proptest::collection::vec(any_input(), 1..40),
    ) {
        let (game, mut s) = if playing { play(Lang::En) } else { auction(Lang::Fr) };
        let mut acts = 0;
        for input in inputs {
            let _ = draw(&mut s, 120, 40);
            let sent = match input {
                Input::Key(code) => key(&mut s, code),
                Input::Click(x, y) => s.click(x, y),
            };
            for request in sent {
                match request {
                    Request::Send(ClientMsg::Act { action }) => {
                        let action = Action::from(action);
                        proptest::prop_assert!(game.check(ME, action).is_ok(), "{action:?}");
                        acts += 1;
                    }
                    Request::Send(ClientMsg::Declare { .. }) => {
                        proptest::prop_assert!(false, "a declaration outside coinche");
                    }
                    Request::Send(other) => {
                        proptest::prop_assert!(false, "{other:?} at the table");
                    }
                    Request::Analyse(..) => {
                        proptest::prop_assert!(false, "an analysis asked during the deal");
                    }
                    Request::Quit | Request::Hint(_) => {}
                }
            }
        }
        proptest::prop_assert!(acts <= 1, "{acts} actions sent at one turn");
    }
}

#[test]
fn an_idle_player_is_told_a_bot_plays_for_them_and_a_key_takes_the_seat_back_once() {
    let (game, mut s) = play(Lang::En);
    let idle = |bot: bool| {
        let mut i = info(true);
        i.seats[ME.index()].bot = bot;
        RemoteEvent::Table(Box::new(i))
    };
    s.event(idle(true));
    assert_eq!(
        s.told(),
        Some("A bot plays for you since your time ran out: press a key to play again.")
    );
    assert_eq!(key(&mut s, KeyCode::Enter), [Request::Send(ClientMsg::Back {})]);
    let back = Request::Send(ClientMsg::Back {});
    assert!(!key(&mut s, KeyCode::Char('z')).contains(&back), "asked once");
    s.event(idle(false));
    assert_eq!(s.told(), None);
    // Back at the seat, the keys play again.
    assert_eq!(game.to_act(), Some(ME));
    let sent = key(&mut s, KeyCode::Enter);
    assert!(matches!(sent.as_slice(), [Request::Send(ClientMsg::Act { .. })]), "{sent:?}");
}

/// `a` pressed at the end of a deal or of the game: the request asked, and its answer worked
/// out with a small budget and brought back to the screen.
fn analysed(mut s: RemoteScreen) -> (RemoteScreen, AnalysisRequest, Option<DealAnalysis>) {
    let asked = key(&mut s, KeyCode::Char('a'));
    let [Request::Analyse(n, request)] = asked.as_slice() else { panic!("not asked: {asked:?}") };
    let mut request = (**request).clone();
    request.budget = Budget::worlds(4);
    let analysis = request.analyse();
    s.analysed(*n, analysis.clone());
    (s, request, analysis)
}

#[test]
fn the_experts_analysis_of_the_deal_just_over_is_the_line_modes_from_the_players_seat() {
    let mut s = deal_end(Lang::En);
    assert_eq!(s.mode(), Mode::Summary);
    let (record, levels) = s.table.deals[0].clone();
    let asked = key(&mut s, KeyCode::Char('a'));
    let [Request::Analyse(1, request)] = asked.as_slice() else { panic!("not asked: {asked:?}") };
    // The deal turned so that the player, East, sits South, and the seats' levels alike.
    assert_eq!(request.record, record.turned(ME));
    assert_eq!(request.record.hands[Seat::South], record.hands[ME]);
    assert_eq!(levels[ME], request.levels[Seat::South]);
    assert_eq!(s.told(), Some("The expert is analysing the deal…"));
    assert_eq!(key(&mut s, KeyCode::Char('a')), [], "asked once while it is worked out");
    let (mut s, request, analysis) = analysed(deal_end(Lang::En));
    let a = analysis.expect("a deal the host finished is analysed");
    let w = words(Lang::En, false);
    let said: Vec<String> = contree::line::say::analysis(w, &a, &request.record, &request.levels)
        .iter()
        .map(|l| w.text(l).into_owned())
        .collect();
    assert_eq!(s.analysis_lines(), Some(said.as_slice()));
    assert_eq!(s.mode(), Mode::Help);
    // ↓ and the wheel scroll what does not fit; Esc closes, and `a` opens it again at once.
    let first = format!("{}", draw(&mut s, 80, 24).backend());
    assert!(first.contains("Esc close"), "{first}");
    key(&mut s, KeyCode::Down);
    s.wheel(false);
    let scrolled = format!("{}", draw(&mut s, 80, 24).backend());
    assert_ne!(first, scrolled, "the analysis scrolls");
    assert_eq!(key(&mut s, KeyCode::Esc), []);
    assert_eq!(s.analysis_lines(), None);
    assert_eq!(key(&mut s, KeyCode::Char('a')), [], "kept, not worked out again");
    assert_eq!(s.analysis_lines(), Some(said.as_slice()));
    assert_eq!(key(&mut s, KeyCode::Enter), []);
    assert_eq!(key(&mut s, KeyCode::Enter), [Request::Send(ClientMsg::Next {})]);
    // After the game, too; an answer that comes once the player went on is kept, not shown.
    let mut s = game_over(Lang::Fr);
    s.file("La partie est classée.".into());
    let (mut s, ..) = analysed(s);
    assert!(s.analysis_lines().is_some_and(|l| l.len() > 2));
    assert_eq!(s.told(), Some("La partie est classée."), "what became of the game, told again");
    assert_eq!(key(&mut s, KeyCode::Char('q')), [Request::Quit]);
    let mut s = deal_end(Lang::En);
    let asked = key(&mut s, KeyCode::Char('a'));
    key(&mut s, KeyCode::Enter);
    s.analysed(1, None);
    assert_eq!(s.analysis_lines(), None, "{asked:?}");
}

#[test]
fn the_analysis_honours_ascii() {
    let (mut s, ..) = analysed(deal_end_as(Lang::Fr, true));
    let text = format!("{}", draw(&mut s, 80, 24).backend());
    assert!(text.is_ascii(), "{text}");
}
