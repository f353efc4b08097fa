//! The terminal table driven by synthetic keys and clicks on seeded games, drawn into ratatui's
//! `TestBackend`, every screen snapshotted at 80x24 and 120x40 in French and English.

mod screen;

use screen::{SEED, click, config, draw, settle};

use contree::bots::bidding::{Meaning, PERSON, every_call};
use contree::game::{GameSave, Phase};
use contree::rules::{BidLevel, Call, Seat, Team, Trick};
use contree::session::effects::Effect;
use contree::session::games::Resumable;
use contree::session::settings::{Settings, Speed};
use contree::session::table::Wait;
use contree::session::work::{Answer, TableAnswer};
use contree::text::{Lang, Sign, T};
use contree::ui::auction::Selected;
use contree::ui::hits::Hit;
use contree::ui::hits::StartItem;
use contree::ui::popups::Popup;
use contree::ui::screens::Screen;
use contree::ui::table_screen::BidButton;
use contree::ui::view;
use contree::ui::{App, Config, Msg, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The requests of one kind among the effects queued, the others dropped: `asked!(app, Think)`.
macro_rules! asked {
    ($app:expr, $kind:ident) => {
        $app.take_effects()
            .into_iter()
            .filter_map(|e| match e {
                Effect::$kind(r) => Some(r),
                _ => None,
            })
            .collect()
    };
}

/// What the tests read of the table through the app.
trait AtTable {
    fn south_to_bid(&self) -> bool;
    fn south_to_play(&self) -> bool;
    fn hand(&self) -> Vec<contree::rules::Card>;
    fn playable(&self) -> contree::rules::CardSet;
    fn bid_buttons(&self) -> Vec<BidButton>;
}

impl AtTable for App {
    fn south_to_bid(&self) -> bool {
        self.table().is_some_and(|t| t.table().south_to_bid())
    }
    fn south_to_play(&self) -> bool {
        self.table().is_some_and(|t| t.table().south_to_play())
    }
    fn hand(&self) -> Vec<contree::rules::Card> {
        self.table().map(|t| t.table().hand()).unwrap_or_default()
    }
    fn playable(&self) -> contree::rules::CardSet {
        self.table().map_or(contree::rules::CardSet::EMPTY, |t| t.table().playable())
    }
    fn bid_buttons(&self) -> Vec<BidButton> {
        self.table().map(|t| t.bid_buttons()).unwrap_or_default()
    }
}

/// The table at the app, seen or under a screen.
fn table(app: &App) -> &contree::session::table::Table {
    app.table().expect("a table").table()
}

/// The pause at the table.
fn pause(app: &App) -> Option<Wait> {
    app.table().and_then(|t| t.table().wait())
}

/// The expert's hint at the table.
fn hint(app: &App) -> Option<contree::session::table::Hint> {
    app.table().and_then(|t| t.table().hint().cloned())
}

/// The bidding button focused.
fn focus(app: &App) -> usize {
    app.table().map_or(usize::MAX, |t| t.bid_focus())
}

/// The card selected in South's hand.
fn cursor(app: &App) -> usize {
    app.table().map_or(0, |t| t.cursor())
}

/// The call waiting for its confirmation.
fn confirming(app: &App) -> Option<contree::rules::Call> {
    app.table().and_then(|t| t.table().confirm())
}

/// What is scrolled on the screen or the popup seen: the rules, the help, a deal's review.
fn scroll(app: &App) -> u16 {
    match (app.popups().last(), app.screen()) {
        (Some(Popup::Help(h)), _) => h.scroll,
        (Some(Popup::History(h)), _) => h.scroll,
        (None, Screen::Rules(r)) => r.scroll,
        _ => 0,
    }
}

fn key(app: &mut App, code: KeyCode) {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ch(app: &mut App, c: char) {
    key(app, KeyCode::Char(c));
}

/// Starts a new game from the start screen and meets the players.
fn sit(app: &mut App) {
    key(app, KeyCode::Enter);
    assert_eq!(app.popups().last(), Some(&Popup::Players), "the players sit down");
    key(app, KeyCode::Esc);
}

/// A game on the table, South about to bid.
fn at_table(lang: Lang) -> App {
    seated(config(lang))
}

/// A game of `config` on the table, South about to bid.
fn seated(config: Config) -> App {
    let mut app = App::new(config);
    sit(&mut app);
    settle(&mut app);
    app
}

/// The table of `config(lang)` on a terminal that shows ASCII only.
fn ascii(lang: Lang) -> Config {
    Config { ascii: true, ..config(lang) }
}

/// South bids 80 in the first suit with keys, then the play starts.
fn bid_with_keys(app: &mut App) {
    for _ in 0..20 {
        if app.south_to_bid() {
            break;
        }
        settle(app);
    }
    focus_first_value(app);
    key(app, KeyCode::Enter); // the first value, 80 or more
    key(app, KeyCode::Enter); // the first suit
    settle(app);
}

/// South's turn starts on Pass; Tab goes on to the first value.
fn focus_first_value(app: &mut App) {
    for _ in 0..20 {
        if matches!(app.bid_buttons().get(focus(app)), Some(BidButton::Level(_))) {
            return;
        }
        key(app, KeyCode::Tab);
    }
    panic!("Tab never reached the first value");
}

fn snapshot_all(name: &str, mut make: impl FnMut(Lang) -> App) {
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut app = make(lang);
            let t = draw(&mut app, w, h);
            let lang_name = match lang {
                Lang::Fr => "fr",
                Lang::En => "en",
            };
            insta::assert_snapshot!(format!("{name}_{lang_name}_{w}x{h}"), t.backend());
        }
    }
}

fn playing(lang: Lang) -> App {
    playing_of(at_table(lang))
}

/// South bids at `app`'s table, and the play starts.
fn playing_of(mut app: App) -> App {
    bid_with_keys(&mut app);
    app
}

fn finished_deal(lang: Lang) -> App {
    finished_deal_of(playing(lang))
}

/// The deal at `app`'s table played to its summary, South playing its selected cards.
fn finished_deal_of(mut app: App) -> App {
    for _ in 0..64 {
        if app.popups().last() == Some(&Popup::DealEnd) {
            break;
        }
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
    }
    app
}

#[test]
fn screens() {
    snapshot_all("start", |l| App::new(config(l)));
    snapshot_all("bidding", at_table);
    snapshot_all("playing", playing);
    snapshot_all("deal_end", finished_deal);
    snapshot_all("history", |l| {
        let mut app = finished_deal(l);
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
        ch(&mut app, 'H');
        app
    });
    snapshot_all("review", |l| {
        let mut app = finished_deal(l);
        ch(&mut app, 'H');
        key(&mut app, KeyCode::Enter);
        app
    });
    snapshot_all("last_trick", |l| {
        // Two cards from South, so one or two tricks are done and the last is on show (West
        // claims the rest of this deal a little later).
        let mut app = playing(l);
        for _ in 0..2 {
            key(&mut app, KeyCode::Enter);
            settle(&mut app);
        }
        ch(&mut app, 'L');
        assert!(matches!(app.popups().last(), Some(&Popup::Tricks(_))));
        app
    });
    snapshot_all("help", |l| {
        let mut app = playing(l);
        ch(&mut app, '?');
        app
    });
    snapshot_all("rules", |l| {
        let mut app = App::new(config(l));
        app.start_item(StartItem::Rules);
        app
    });
    snapshot_all("settings", |l| {
        let mut app = App::new(config(l));
        app.start_item(StartItem::Settings);
        key(&mut app, KeyCode::Down);
        app
    });
    snapshot_all("statistics", |l| {
        let mut app = App::new(config(l));
        app.start_item(StartItem::Statistics);
        let (finished, _) = whole_game(l);
        let mut stats = contree::stats::Stats::default();
        let game = finished.game().cloned().expect("a finished game");
        for d in game.history() {
            stats.add_deal(d);
        }
        stats.add_game(game.rules().set, game.options().target, game.winner().expect("a winner"));
        // Games of other rule sets are counted apart.
        stats.add_game(contree::rules::RuleSet::Coinche, 2000, contree::rules::Team::EW);
        stats.add_game(contree::rules::RuleSet::Plain, 701, contree::rules::Team::NS);
        app.stats_loaded(stats);
        app
    });
    snapshot_all("game_over", |l| {
        // The statistics as the game leaves them: this game, after one game won before it.
        let (mut app, _) = whole_game(l);
        let game = app.game().cloned().expect("a finished game");
        let mut stats = contree::stats::Stats::default();
        stats.add_game(contree::rules::RuleSet::Contree, 1000, contree::rules::Team::NS);
        for d in game.history() {
            stats.add_deal(d);
        }
        stats.add_game(game.rules().set, game.options().target, game.winner().expect("a winner"));
        app.stats_loaded(stats);
        app
    });
    snapshot_all("resume", |l| {
        let game = playing(l).game().cloned().expect("a game");
        let mut c = config(l);
        c.resume =
            Some(Resumable { game, started: Some(1_795_950_000), saved: Some(1_795_960_800) });
        App::new(c)
    });
}

#[test]
fn too_small_then_grown() {
    let mut app = at_table(Lang::En);
    let t = draw(&mut app, 79, 24);
    insta::assert_snapshot!("too_small", t.backend());
    assert!(app.hits().at(10, 10).is_none());
    app.update(Msg::Resize(100, 30));
    let t = draw(&mut app, 100, 30);
    assert!(format!("{:?}", t.backend()).contains("Bidding"));
}

/// The start screen offering a saved game with points on the board.
fn saved_game_offered(lang: Lang) -> App {
    let mut played = finished_deal(lang);
    key(&mut played, KeyCode::Enter);
    let game = played.game().cloned().expect("a game");
    let mut c = config(lang);
    c.resume = Some(Resumable { game, started: Some(1_795_950_000), saved: Some(1_795_960_800) });
    App::new(c)
}

#[test]
fn a_new_game_over_a_saved_one_is_asked_first_with_keys_and_with_the_mouse() {
    let mut app = saved_game_offered(Lang::En);
    let saved = app.resume().cloned();
    let _ = app.take_effects();
    // Play, under Resume: asked, and nothing done yet.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Start(_)));
    assert!(app.game().is_none());
    assert!(app.take_effects().is_empty(), "nothing filed before the answer");
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("will be filed as abandoned"));
    // n and Esc cancel, as at the table's other confirmations.
    for no in [KeyCode::Char('n'), KeyCode::Esc] {
        key(&mut app, no);
        assert!(app.popups().is_empty(), "{no:?}: the question goes");
        assert_eq!(app.resume().cloned(), saved, "{no:?}: the saved game stays offered");
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.popups().last(), Some(&Popup::ReplaceSaved), "asked again");
    }
    // The mouse: the button to keep the saved game, then the one to replace it.
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Cancel);
    assert!(app.popups().is_empty());
    assert_eq!(app.resume().cloned(), saved);
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Start(StartItem::Play));
    assert_eq!(app.popups().last(), Some(&Popup::ReplaceSaved));
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Continue);
    assert!(matches!(app.screen(), Screen::Table));
    assert!(app.resume().is_none());
    assert_eq!(app.popups().last(), Some(&Popup::Players), "the new game's players sit down");
    assert!(app.take_effects().contains(&Effect::NewGame(None)), "the saved game is filed");
    // y and Enter say yes.
    for yes in [KeyCode::Char('y'), KeyCode::Enter] {
        let mut app = saved_game_offered(Lang::En);
        app.start_item(StartItem::Play);
        key(&mut app, yes);
        assert!(matches!(app.screen(), Screen::Table), "{yes:?}");
        assert!(app.resume().is_none());
    }
    // Without a saved game, nothing is asked.
    let mut app = App::new(config(Lang::En));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.popups().last(), Some(&Popup::Players));
}

/// A key with modifiers.
fn key_with(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.update(Msg::Key(KeyEvent::new(code, modifiers)));
}

#[test]
fn while_the_table_is_too_small_to_be_seen_only_quitting_and_resizing_act() {
    let mut app = at_table(Lang::En);
    // The areas of a frame drawn at a size that shows the table: a click that comes after the
    // terminal shrank, before the next frame, must not find them.
    draw(&mut app, 100, 30);
    let pass = app.hits().area_of(Hit::Bid(BidButton::Call(contree::rules::Call::Pass)));
    let pass = pass.expect("the Pass button is drawn");
    let game = app.game().cloned();
    let focused = focus(&app);
    let _ = app.take_effects();
    app.update(Msg::Resize(10, 5));
    for code in [KeyCode::Tab, KeyCode::Tab, KeyCode::Tab, KeyCode::Enter, KeyCode::Enter] {
        key(&mut app, code);
    }
    for c in ['p', '1', '?', 'H', 'm', 'u', 'i'] {
        ch(&mut app, c);
    }
    key(&mut app, KeyCode::Esc);
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: pass.x,
        row: pass.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.game().cloned(), game, "no call made");
    assert_eq!(focus(&app), focused, "no button moved to");
    assert!(app.popups().is_empty(), "no popup opened: {:?}", app.popups());
    assert!(app.take_effects().is_empty(), "nothing to do outside");
    // Ctrl-Z suspends the table, seen or not.
    key_with(&mut app, KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert_eq!(app.take_effects(), vec![Effect::Suspend]);
    // Grown again, the keys act.
    app.update(Msg::Resize(100, 30));
    key(&mut app, KeyCode::Tab);
    assert_ne!(focus(&app), focused);
    // Too small, `q` and Ctrl-C still quit.
    app.update(Msg::Resize(79, 24));
    ch(&mut app, 'q');
    assert!(app.quitting());
    let mut app = at_table(Lang::En);
    app.update(Msg::Resize(80, 23));
    key_with(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.quitting());
}

/// The footer's last row as text.
fn footer_row(t: &Terminal<TestBackend>) -> String {
    let buf = t.backend().buffer();
    let y = buf.area.height - 1;
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string()
}

/// A way to reach a screen, in a language.
type Make = fn(Lang) -> App;

#[test]
fn the_footer_keeps_help_and_quit_whole_at_80_columns() {
    for lang in Lang::ALL {
        let (help, quit) = match lang {
            Lang::Fr => ("?  Aide", "q  Quitter"),
            Lang::En => ("?  Help", "q  Quit"),
        };
        let screens: [(&str, Make); 3] =
            [("bidding", at_table), ("playing", playing), ("deal end", finished_deal)];
        for (name, make) in screens {
            let mut app = make(lang);
            // A message may stand in the footer's place until a key: the history opened and
            // closed takes it away.
            ch(&mut app, 'H');
            ch(&mut app, 'H');
            let row = footer_row(&draw(&mut app, 80, 24));
            assert!(row.contains(help), "{name} {lang:?}: {row:?}");
            assert!(row.ends_with(quit), "{name} {lang:?}: {row:?}");
            // Wide enough, nothing is left out.
            let wide = footer_row(&draw(&mut app, 120, 40));
            assert!(wide.len() >= row.len(), "{name} {lang:?}: {wide:?}");
        }
    }
    // The history stays in French at 80 columns, even with Contre offered; what is left out is
    // in the help.
    let mut app = contre_offered(Lang::Fr);
    let narrow = footer_row(&draw(&mut app, 80, 24));
    assert!(narrow.contains("c  Contre"), "{narrow:?}");
    assert!(narrow.contains("H  Historique"), "{narrow:?}");
}

#[test]
fn the_seat_markers_stay_whole_in_narrow_side_columns() {
    // The second deal is dealt by West: "Ouest [donneur]" is wider than West's column at 80x24.
    let mut app = finished_deal(Lang::Fr);
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    let game = app.game().expect("a game");
    assert_eq!(game.deal().dealer, Seat::West);
    let t = draw(&mut app, 80, 24);
    let screen = format!("{:?}", t.backend());
    assert!(screen.contains("[donneur]"), "{screen}");
    assert!(screen.contains(" Ouest "), "{screen}");
}

#[test]
fn the_settings_fit_their_frame_and_explain_the_level() {
    use contree::bots::Level as Bots;
    use contree::text::T;
    for lang in Lang::ALL {
        for (level, note) in [
            (Bots::Random, T::LevelRandomNote),
            (Bots::Easy, T::LevelEasyNote),
            (Bots::Normal, T::LevelNormalNote),
        ] {
            let mut c = config(lang);
            c.settings.level = level;
            let mut app = App::new(c);
            app.start_item(StartItem::Settings);
            key(&mut app, KeyCode::Down); // the computer players' line
            let t = draw(&mut app, 80, 24);
            let buf = t.backend().buffer();
            let rows: Vec<String> = (0..buf.area.height)
                .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
                .collect();
            let screen = rows.join("\n");
            assert!(screen.contains(note.get(lang)), "{lang:?} {level:?}:\n{screen}");
            // Every line of the frame closes on its right border.
            let right = rows.iter().filter_map(|r| r.chars().nth(74)).filter(|&c| c == '│');
            assert_eq!(right.count(), 20, "{lang:?} {level:?}:\n{screen}");
        }
        // Elsewhere the note says when the game rules apply.
        let mut app = App::new(config(lang));
        app.start_item(StartItem::Settings);
        let screen = format!("{:?}", draw(&mut app, 80, 24).backend());
        assert!(screen.contains(T::SettingsNote.get(lang)), "{screen}");
    }
}

#[test]
fn bubbles_are_said_whole_in_narrow_side_columns() {
    use contree::rules::{BeloteCall, Call};
    use contree::session::table::Bubble;
    for (lang, surcontre, rebelote) in
        [(Lang::Fr, "Surcontre !", " Rebelote "), (Lang::En, "Surcontre!", " Rebelote ")]
    {
        let mut app = at_table(lang);
        let t = app.table_mut().expect("a table").table_mut();
        t.show_bubble(Seat::West, Some(Bubble::Call(Call::Surcontre)));
        t.show_bubble(Seat::East, Some(Bubble::Belote(BeloteCall::Rebelote)));
        let small = format!("{:?}", draw(&mut app, 80, 24).backend());
        assert!(small.contains(surcontre), "{lang:?}:\n{small}");
        assert!(!small.contains("« Surcontre"), "{lang:?}: quotes without their end:\n{small}");
        assert!(small.contains(rebelote), "{lang:?}:\n{small}");
        // With room, the quotes are back.
        let wide = format!("{:?}", draw(&mut app, 120, 40).backend());
        assert!(wide.contains(&format!("« {surcontre} »")), "{lang:?}:\n{wide}");
    }
}

/// Plays a whole game, South bidding 80 each deal and playing its first legal card.
fn whole_game(lang: Lang) -> (App, Vec<Effect>) {
    whole_game_of(at_table(lang))
}

/// Plays the game on `app`'s table to its end, as [`whole_game`] does.
fn whole_game_of(mut app: App) -> (App, Vec<Effect>) {
    let mut effects = Vec::new();
    for _ in 0..5000 {
        effects.extend(settle(&mut app));
        match app.popups().last() {
            Some(Popup::GameOver) => return (app, effects),
            Some(_) => key(&mut app, KeyCode::Enter),
            None if app.south_to_bid() => {
                focus_first_value(&mut app);
                key(&mut app, KeyCode::Enter);
                key(&mut app, KeyCode::Enter);
            }
            None => key(&mut app, KeyCode::Enter),
        }
    }
    panic!("the game never ended");
}

#[test]
fn a_whole_game_against_the_normal_bots() {
    let mut c = config(Lang::Fr);
    c.settings.level = contree::bots::Level::Normal;
    let mut app = App::new(c);
    sit(&mut app);
    for _ in 0..5000 {
        settle(&mut app);
        match app.popups().last() {
            Some(Popup::GameOver) => break,
            // South passes, or plays its selected card: the bots carry the game.
            None if app.south_to_bid() => ch(&mut app, 'p'),
            _ => key(&mut app, KeyCode::Enter),
        }
    }
    let g = app.game().expect("game");
    assert_eq!(g.phase(), Phase::GameOver);
    assert!(
        g.history()
            .iter()
            .any(|d| d.contract.is_some_and(|c| c.team() == contree::rules::Team::EW))
    );
}

#[test]
fn a_whole_game_ends_with_the_right_effects() {
    let (app, effects) = whole_game(Lang::En);
    let g = app.game().expect("game");
    assert_eq!(g.phase(), Phase::GameOver);
    let deals = effects.iter().filter(|e| **e == Effect::DealFinished).count();
    assert_eq!(deals, g.history().len());
    assert_eq!(effects.iter().filter(|e| **e == Effect::GameFinished).count(), 1);
    // A save for every call and card, but the rest of a claimed deal is saved at once.
    assert!(effects.iter().filter(|e| **e == Effect::SaveGame).count() > 8 * deals);
}

#[test]
fn a_deal_with_keys_only() {
    let mut app = at_table(Lang::Fr);
    bid_with_keys(&mut app);
    let g = app.game().expect("game");
    let c = g.deal().contract().expect("South's bid is the contract: the bots pass");
    assert_eq!(c.taker, Seat::South);
    let mut cards = 0;
    while app.popups().is_empty() {
        if app.south_to_play() {
            // Walk to a playable card with the arrows, then play it.
            let legal = app.playable();
            let mut guard = 0;
            while !legal.contains(app.hand()[cursor(&app)]) && guard < 9 {
                key(&mut app, KeyCode::Right);
                guard += 1;
            }
            key(&mut app, KeyCode::Enter);
            cards += 1;
        }
        settle(&mut app);
        assert!(cards <= 8);
    }
    assert!(cards >= 1);
    assert!(app.hand().is_empty(), "South has played all eight cards");
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd));
    assert_eq!(app.game().map(|g| g.history().len()), Some(1));
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert!(app.popups().is_empty());
    assert_eq!(app.game().map(|g| g.deal().index), Some(1));
}

#[test]
fn a_deal_with_clicks_only() {
    let mut app = App::new(config(Lang::En));
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Start(StartItem::Play));
    assert!(matches!(app.screen(), Screen::Table));
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Close);
    while !app.south_to_bid() {
        settle(&mut app);
    }
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Bid(BidButton::Level(BidLevel::Points(100))));
    assert_eq!(app.table().and_then(|t| t.bid_level()), Some(BidLevel::Points(100)));
    draw(&mut app, 120, 40);
    click(
        &mut app,
        Hit::Bid(BidButton::Trump(contree::rules::Trump::Suit(contree::rules::Suit::Hearts))),
    );
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("contract");
    assert_eq!(c.bid.level, BidLevel::Points(100));
    let mut cards = 0;
    while app.popups().is_empty() {
        if app.south_to_play() {
            draw(&mut app, 120, 40);
            // An unplayable card only gets selected; a lifted one plays.
            let hand = app.hand();
            let before = hand.len();
            if let Some(&bad) = hand.iter().find(|c| !app.playable().contains(**c)) {
                click(&mut app, Hit::Card(bad));
                assert_eq!(app.hand().len(), before);
            }
            let card = app.playable().first().expect("a legal card");
            click(&mut app, Hit::Card(card));
            cards += 1;
        }
        settle(&mut app);
    }
    assert!(cards >= 1);
    assert!(app.hand().is_empty(), "South has played all eight cards");
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Continue);
    assert!(app.popups().is_empty());
}

/// A table where South played a card it may not play, and the table said why.
fn card_refused(mut app: App) -> App {
    for _ in 0..400 {
        if app.south_to_play() {
            let legal = app.playable();
            if let Some(i) = app.hand().iter().position(|c| !legal.contains(*c)) {
                // The card's number plays it.
                let digit = char::from_digit(i as u32 + 1, 10).expect("eight cards at most");
                ch(&mut app, digit);
                return app;
            }
            key(&mut app, KeyCode::Enter);
        } else if app.popups().last() == Some(&Popup::DealEnd) {
            key(&mut app, KeyCode::Enter);
        } else if app.south_to_bid() {
            bid_with_keys(&mut app);
        }
        settle(&mut app);
    }
    panic!("South always held only legal cards");
}

#[test]
fn a_wrong_card_says_why_and_which_may_be_played() {
    let app = card_refused(playing(Lang::En));
    let status = app.status().unwrap_or_default();
    assert!(status.contains("you must"), "a refused card is explained: {status}");
    let w = app.words();
    let legal: Vec<String> = app.playable().iter().map(|c| w.card(c)).collect();
    let (last, rest) = legal.split_last().expect("a card may be played");
    let said =
        if rest.is_empty() { last.clone() } else { format!("{} or {last}", rest.join(", ")) };
    assert!(status.ends_with(&format!(": {said}")), "the cards that may be played: {status}");
    snapshot_all("card_refused", |lang| card_refused(playing(lang)));
    // In ASCII, the cards are letters.
    let mut app = card_refused(playing_of(seated(ascii(Lang::Fr))));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("card_refused_ascii_fr", t.backend());
    assert!(t.backend().buffer().content().iter().all(|c| c.symbol().is_ascii()), "ASCII only");
}

#[test]
fn escape_closes_the_top_popup_first() {
    let mut app = playing(Lang::En);
    ch(&mut app, 'H');
    ch(&mut app, '?');
    assert_eq!(app.popups().len(), 2);
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.popups().last(), Some(Popup::History(_))));
    key(&mut app, KeyCode::Esc);
    assert!(app.popups().is_empty());
    ch(&mut app, 'q');
    assert!(app.quitting());
}

#[test]
fn ctrl_c_quits() {
    let mut app = App::new(config(Lang::En));
    app.update(Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert!(app.quitting());
}

#[test]
fn settings_change_and_are_saved() {
    let mut app = App::new(config(Lang::En));
    app.start_item(StartItem::Settings);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.settings().lang, Lang::Fr);
    assert!(app.take_effects().contains(&Effect::SaveSettings));
    // This run's speed (as from --speed) is not saved; the language chosen at the table is.
    assert_eq!(app.session().saved, Settings { lang: Lang::Fr, ..Settings::default() });
}

#[test]
fn a_key_skips_the_bots_wait() {
    // A seed whose first deal a computer player opens.
    let mut app = (0..16)
        .map(|seed| {
            let mut c = config(Lang::En);
            c.settings.speed = Speed::Slow;
            c.seed = seed;
            let mut app = App::new(c);
            sit(&mut app);
            app
        })
        .find(|app| app.game().and_then(|g| g.to_act()).is_some_and(|s| s != Seat::South))
        .expect("one of 16 deals is opened by a computer player");
    // The new deal is seen first: keys wait for that.
    assert_eq!(pause(&app), Some(Wait::Deal));
    ch(&mut app, 'x');
    assert_eq!(pause(&app), Some(Wait::Deal));
    app.update(Msg::Timer);
    // Then the computer player's turn waits, slow, and a key skips it: its thinking is asked.
    assert!(app.wait().is_some());
    app.take_effects();
    ch(&mut app, 'x');
    assert!(app.take_effects().iter().any(|e| matches!(e, Effect::Think(_))));
}

#[test]
fn monochrome_and_letters_draw_the_table() {
    let mut c = ascii(Lang::Fr);
    c.no_color = true;
    c.settings.suits = contree::text::SuitStyle::Letters;
    let mut app = App::new(c);
    sit(&mut app);
    settle(&mut app);
    bid_with_keys(&mut app);
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("ascii_monochrome_fr", t.backend());
    let buf = t.backend().buffer();
    assert!(buf.content().iter().all(|c| c.fg == ratatui::style::Color::Reset));
    let drawn = |c: char| buf.content().iter().any(|cell| cell.symbol().contains(c));
    assert!(!"♠♥♦♣─│┌╭▶«…".chars().any(drawn), "--ascii draws letters and ASCII frames");
    let foreign = buf.content().iter().map(|c| c.symbol()).find(|s| !s.is_ascii());
    assert_eq!(foreign, None, "only ASCII, the French words too");
}

#[test]
fn ascii_rules_have_no_box_bars_nor_no_break_spaces() {
    let mut app = App::new(ascii(Lang::Fr));
    app.start_item(StartItem::Rules);
    // Far enough down for the tables of card points, with their bars and a "×".
    for _ in 0..3 {
        key(&mut app, KeyCode::PageDown);
    }
    let t = draw(&mut app, 80, 24);
    let buf = t.backend().buffer();
    let drawn = |c: char| buf.content().iter().any(|cell| cell.symbol().contains(c));
    assert!(drawn('|'), "a table is in sight");
    assert!(!"│×–\u{a0}".chars().any(drawn));
}

/// The expert's hints asked so far, answered with a budget in worlds so that they are the same
/// on every machine; the other effects are dropped.
fn answer_hints(app: &mut App) -> usize {
    let effects = app.take_effects();
    answer_hints_in(app, effects)
}

/// The hints asked among `effects`, answered as [`answer_hints`] does.
fn answer_hints_in(app: &mut App, effects: Vec<Effect>) -> usize {
    let mut n = 0;
    for e in effects {
        if let Effect::Hint(mut r) = e {
            r.budget = contree::bots::expert::Budget::worlds(4);
            let advice = r.advise();
            app.update(Msg::Answer(TableAnswer::Hinted(r, advice).into()));
            n += 1;
        }
    }
    n
}

/// The last `n` rows of a drawn terminal as one line of words: each row trimmed, joined by a
/// space, as a text wrapped over them reads.
fn bottom_rows(t: &Terminal<TestBackend>, n: u16) -> String {
    let buf = t.backend().buffer();
    let (w, h) = (buf.area.width, buf.area.height);
    let row = |y: u16| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>();
    let rows: Vec<String> = (h.saturating_sub(n)..h).map(|y| row(y).trim().to_string()).collect();
    rows.join(" ")
}

/// South at its first call, the expert's hint asked with `i` and not answered yet.
fn hint_thinking(lang: Lang) -> App {
    let mut app = at_table(lang);
    assert!(app.south_to_bid());
    ch(&mut app, 'i');
    assert_eq!(hint(&app), Some(contree::session::table::Hint::Thinking));
    app
}

/// The hint for South's first call, in.
fn hint_for_a_bid(lang: Lang) -> App {
    let mut app = hint_thinking(lang);
    assert_eq!(answer_hints(&mut app), 1);
    app
}

/// The hint for South's card, asked with the button and in.
fn hint_for_a_card(lang: Lang) -> App {
    let mut app = playing(lang);
    assert!(app.south_to_play());
    draw(&mut app, 120, 40);
    click(&mut app, Hit::Hint);
    assert_eq!(answer_hints(&mut app), 1);
    app
}

#[test]
fn the_hint_thinks_then_says_what_and_why_and_goes_when_south_acts() {
    snapshot_all("hint_thinking", hint_thinking);
    snapshot_all("hint_bid", hint_for_a_bid);
    snapshot_all("hint_card", hint_for_a_card);
    for lang in Lang::ALL {
        let mut app = hint_for_a_bid(lang);
        let advice = table(&app).advice().cloned().expect("the advice is in");
        // Wrapped over the hint's row and the footer's, lent to it, the reason is whole.
        let t = draw(&mut app, 80, 24);
        let w = app.words();
        assert!(bottom_rows(&t, 2).contains(&w.advice(&advice)), "{:?}", t.backend());
        // Asked again for the same call, nothing more is asked nor counted.
        ch(&mut app, 'i');
        assert_eq!(answer_hints(&mut app), 0);
        assert_eq!(app.game().map(|g| g.deal().hints), Some(1));
        ch(&mut app, 'p');
        assert_eq!(hint(&app), None, "the hint goes once South has called");
        // The footer's row, lent to the hint, has its keys back.
        let footer = bottom_rows(&draw(&mut app, 80, 24), 1);
        assert!(footer.contains(w.t(T::Help)), "{footer}");
        let mut app = hint_for_a_card(lang);
        let Some(contree::game::Action::Play(card)) = table(&app).advice().map(|a| a.action) else {
            panic!("a card is advised");
        };
        assert!(app.playable().contains(card));
        key(&mut app, KeyCode::Enter);
        assert_eq!(hint(&app), None, "the hint goes once South has played");
        assert_eq!(app.game().map(|g| g.deal().hints), Some(1));
        let played = app.game().and_then(|g| g.deal().played().last().copied());
        assert_eq!(played, Some(card), "Enter plays the hinted card");
    }
}

#[test]
fn enter_follows_the_hint_for_a_call() {
    let (mut checked, mut not_pass) = (0, 0);
    for seed in 0..40 {
        let mut c = config(Lang::En);
        c.seed = seed;
        let mut app = App::new(c);
        sit(&mut app);
        settle(&mut app);
        if !app.south_to_bid() {
            continue;
        }
        ch(&mut app, 'i');
        assert_eq!(answer_hints(&mut app), 1);
        let Some(contree::game::Action::Bid(call)) = table(&app).advice().map(|a| a.action) else {
            panic!("a call is advised");
        };
        let before = app.game().map_or(0, |g| g.deal().auction.calls().len());
        // A bid takes two presses, its value then its suit; a contre asks to be confirmed.
        for _ in 0..3 {
            let calls = app.game().map_or(0, |g| g.deal().auction.calls().len());
            if calls > before {
                break;
            }
            key(&mut app, KeyCode::Enter);
        }
        let made = app.game().and_then(|g| g.deal().auction.calls().get(before).copied());
        assert_eq!(made, Some(call), "seed {seed}: Enter makes the hinted call");
        checked += 1;
        not_pass += usize::from(call != contree::rules::Call::Pass);
    }
    // South's turn opens on Pass: only another call shows the focus moved.
    assert!(checked >= 10 && not_pass >= 2, "{checked} calls, {not_pass} other than pass");
}

#[test]
fn a_hint_answered_after_south_acted_is_dropped_and_not_counted() {
    let mut app = hint_thinking(Lang::En);
    let asked: Vec<_> = asked!(app, Hint);
    assert_eq!(asked.len(), 1);
    ch(&mut app, 'p');
    for r in asked {
        assert!(r.cancel.is_raised(), "the hint's thinking is stopped");
        let advice = r.advise();
        app.update(Msg::Answer(TableAnswer::Hinted(r, advice).into()));
    }
    assert_eq!(hint(&app), None);
    assert_eq!(app.game().map(|g| g.deal().hints), Some(0));
}

#[test]
fn the_hint_setting_asks_at_every_turn_once() {
    let mut c = config(Lang::En);
    c.settings.hint = true;
    let mut app = App::new(c);
    sit(&mut app);
    let effects = settle(&mut app);
    assert!(app.south_to_bid());
    assert_eq!(answer_hints_in(&mut app, effects), 1);
    // Keys that change nothing ask nothing more.
    key(&mut app, KeyCode::Tab);
    ch(&mut app, 'i');
    assert_eq!(answer_hints(&mut app), 0);
    assert!(table(&app).advice().is_some());
    bid_with_keys(&mut app);
    if app.south_to_play() {
        assert_eq!(
            hint(&app),
            Some(contree::session::table::Hint::Thinking),
            "the card is hinted too"
        );
    }
}

/// Passes for South when it is to bid, and moves the table on until a computer player is asked;
/// the request is returned unanswered.
fn next_bot_asked(app: &mut App) -> Vec<contree::session::work::BotRequest> {
    for _ in 0..50 {
        if app.south_to_bid() {
            ch(app, 'p');
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
        }
        let asked: Vec<_> = asked!(app, Think);
        if !asked.is_empty() {
            return asked;
        }
    }
    panic!("no computer player was asked");
}

#[test]
fn a_cancelled_bot_stops_thinking_and_its_late_answer_is_dropped() {
    use contree::bots::expert::Budget;
    let mut c = config(Lang::En);
    c.settings.level = contree::bots::Level::Expert;
    let mut app = App::new(c);
    sit(&mut app);
    for _ in 0..20 {
        if app.south_to_bid() {
            break;
        }
        settle(&mut app);
    }
    let calls = |app: &App| app.game().map_or(0, |g| g.deal().auction.calls().len());
    let mut asked = next_bot_asked(&mut app);
    let before = calls(&app);
    let mut request = asked.pop().expect("the next seat is asked");
    // The most worlds a decision is ever asked, with nodes it could not spend in a day: only
    // the flag stops it. (Its pool of worlds grows with the worlds, drawn before any is
    // weighed: u32::MAX worlds would ask for more memory than there is.)
    let worlds = contree::bots::expert::MAX_WORLDS;
    request.budget = Budget { worlds, nodes: u64::MAX, ..Budget::worlds(1) };
    let thinking = request.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(thinking.decide());
    });
    assert!(rx.try_recv().is_err(), "still thinking");
    ch(&mut app, 'u');
    assert!(request.cancel.is_raised(), "taking back raises the flag");
    let late = rx
        .recv_timeout(std::time::Duration::from_secs(600))
        .expect("the cancelled thinking stops and answers");
    app.update(Msg::Answer(TableAnswer::Decided(request, late).into()));
    assert_eq!(calls(&app), before - 1, "the late answer made no call");
    assert!(app.south_to_bid());
    // Leaving the table, a new game and quitting stop whatever thinks too.
    let asked = next_bot_asked(&mut app);
    app.table_item(contree::ui::hits::TableItem::SaveAndLeave);
    assert!(asked.iter().all(|r| r.cancel.is_raised()), "the table left");
    app.start_item(StartItem::Resume);
    let asked = next_bot_asked(&mut app);
    app.new_game();
    assert!(asked.iter().all(|r| r.cancel.is_raised()), "a new game");
    key(&mut app, KeyCode::Esc);
    let asked = next_bot_asked(&mut app);
    ch(&mut app, 'q');
    assert!(asked.iter().all(|r| r.cancel.is_raised()), "quitting");
}

/// A table at normal speed where South has bid and played its first card.
fn first_card_at_normal_speed() -> App {
    let mut c = config(Lang::En);
    c.settings.speed = Speed::Normal;
    let mut app = App::new(c);
    sit(&mut app);
    settle(&mut app);
    bid_with_keys(&mut app);
    key(&mut app, KeyCode::Enter);
    app
}

#[test]
fn a_popup_pauses_the_table() {
    let mut app = first_card_at_normal_speed();
    assert!(app.wait().is_some() || app.south_to_play());
    ch(&mut app, '?');
    assert_eq!(app.wait(), None, "nothing moves under the help");
    key(&mut app, KeyCode::Esc);
    assert!(app.wait().is_some() || app.south_to_play());
}

#[test]
fn a_finished_trick_stays_then_slides_to_its_winner() {
    let mut app = first_card_at_normal_speed();
    for _ in 0..20 {
        if pause(&app) == Some(Wait::Gather) {
            break;
        }
        settle_one(&mut app);
    }
    assert_eq!(pause(&app), Some(Wait::Gather));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("trick_shown", t.backend());
    let t = draw(&mut app, 120, 40);
    insta::assert_snapshot!("trick_shown_120x40", t.backend());
    app.update(Msg::Timer);
    assert_eq!(pause(&app), Some(Wait::Sweep));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("trick_sweeping", t.backend());
    app.update(Msg::Timer);
    assert!(table(&app).shown_trick().is_none());
}

/// One step: the pending thinking answered, or the pending wait over.
fn settle_one(app: &mut App) {
    let asked = screen::answer_thinking(app, &mut Vec::new());
    if !asked && app.wait().is_some() {
        app.update(Msg::Timer);
    }
}

/// Lets the computer players act, answering each with `answer` when it gives an action.
fn settle_with(
    app: &mut App,
    mut answer: impl FnMut(&contree::session::work::BotRequest) -> Option<contree::game::Action>,
) {
    for _ in 0..1000 {
        let mut asked = false;
        for e in app.take_effects() {
            if let Effect::Think(r) = e {
                let a = answer(&r).unwrap_or_else(|| r.decide());
                app.update(Msg::Answer(TableAnswer::Decided(r, a).into()));
                asked = true;
            }
        }
        if asked {
            continue;
        }
        if app.wait().is_some() {
            app.update(Msg::Timer);
            continue;
        }
        return;
    }
}

/// A table where East has bid 90 hearts and South may contre.
fn contre_offered(lang: Lang) -> App {
    use contree::game::Action;
    use contree::rules::{Bid, Call, Suit};
    let mut app = App::new(config(lang));
    sit(&mut app);
    // East bids 90 hearts at its first turn; everyone else does as the bots do.
    let mut east_bid = false;
    settle_with(&mut app, |r| {
        (r.view.seat() == Seat::East && !east_bid).then(|| {
            east_bid = true;
            Action::Bid(Call::Bid(Bid::new(BidLevel::Points(90), Suit::Hearts)))
        })
    });
    for _ in 0..4 {
        if app.bid_buttons().contains(&BidButton::Call(Call::Contre)) {
            break;
        }
        key(&mut app, KeyCode::Char('p'));
        settle_with(&mut app, |r| {
            (r.view.seat() == Seat::East && !east_bid).then(|| {
                east_bid = true;
                Action::Bid(Call::Bid(Bid::new(BidLevel::Points(90), Suit::Hearts)))
            })
        });
    }
    assert!(app.bid_buttons().contains(&BidButton::Call(Call::Contre)));
    app
}

/// East's 90 hearts played, South passing at every turn, and South's first card to play.
fn defending(lang: Lang) -> App {
    let mut app = contre_offered(lang);
    for _ in 0..8 {
        if app.south_to_play() {
            break;
        }
        if app.south_to_bid() {
            ch(&mut app, 'p');
        }
        settle(&mut app);
    }
    assert!(app.south_to_play(), "South plays in defence");
    app
}

#[test]
fn south_contres_an_opponents_bid_and_the_bubbles_say_so() {
    use contree::rules::Call;
    let mut app = contre_offered(Lang::En);
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("contre_offered", t.backend());
    ch(&mut app, 'c');
    // A contre is said only once confirmed.
    assert_eq!(confirming(&app), Some(Call::Contre));
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        table(&app).bubbles()[Seat::South],
        Some(contree::session::table::Bubble::Call(Call::Contre))
    );
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("« Contre! »"));
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
    assert_eq!(c.multiplier, contree::rules::Multiplier::Contre);
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("90 ♥ contré "));
}

#[test]
fn a_game_given_at_start_moves_on_without_a_key() {
    let mut c = config(Lang::En);
    c.game = Some(contree::game::new_game(contree::game::GameOptions::default(), SEED, None));
    let mut app = App::new(c);
    assert!(matches!(app.screen(), Screen::Table));
    assert_eq!(app.popups().last(), Some(&Popup::Players), "the players sit down first");
    key(&mut app, KeyCode::Esc);
    let south_first = app.game().and_then(|g| g.to_act()) == Some(Seat::South);
    assert!(south_first || app.wait().is_some(), "a bot's turn is timed at once");
}

#[test]
fn a_failed_computer_player_is_replaced_by_its_plainest_action() {
    let mut app = App::new(config(Lang::En));
    sit(&mut app);
    for _ in 0..10 {
        if app.wait().is_some() {
            app.update(Msg::Timer);
        }
        let asked = app.take_effects().into_iter().find_map(|e| match e {
            Effect::Think(r) => Some(r),
            _ => None,
        });
        if let Some(r) = asked {
            let seat = r.view.seat();
            let calls = app.game().map_or(0, |g| g.deal().auction.calls().len());
            app.update(Msg::Answer(TableAnswer::BotFailed(r).into()));
            let g = app.game().expect("game");
            assert_eq!(g.deal().auction.calls().len(), calls + 1, "{seat} passed in its place");
            assert!(app.status().as_deref().is_some_and(|s| s.contains("computer player failed")));
            return;
        }
        key(&mut app, KeyCode::Char('p'));
    }
    panic!("no computer player was asked");
}

#[test]
fn a_stray_enter_on_souths_turn_passes_rather_than_bids() {
    let mut app = at_table(Lang::En);
    for _ in 0..20 {
        if app.south_to_bid() {
            break;
        }
        settle(&mut app);
    }
    assert!(app.south_to_bid());
    let calls = app.game().map_or(0, |g| g.deal().auction.calls().len());
    key(&mut app, KeyCode::Enter);
    let g = app.game().expect("game");
    let auction = g.deal().auction.calls();
    assert_eq!(auction.len(), calls + 1);
    assert_eq!(auction[calls], contree::rules::Call::Pass);
}

#[test]
fn the_rules_scroll_stops_at_their_end() {
    let mut app = App::new(config(Lang::En));
    app.start_item(StartItem::Rules);
    draw(&mut app, 80, 24);
    let max = app.hits().scroll_max();
    assert!(max > 20, "the rules are longer than a screen");
    for _ in 0..200 {
        key(&mut app, KeyCode::PageDown);
        draw(&mut app, 80, 24);
    }
    assert_eq!(scroll(&app), max);
    key(&mut app, KeyCode::Up);
    assert_eq!(scroll(&app), max - 1, "one Up moves back at once from the end");
    key(&mut app, KeyCode::Down);
    let t = draw(&mut app, 80, 24);
    let shown = format!("{:?}", t.backend());
    assert!(shown.contains("cards played."), "the last line is in sight: {shown}");
}

#[test]
fn tab_and_enter_cannot_contre_without_the_confirmation() {
    use contree::rules::{Call, Multiplier};
    let mut app = contre_offered(Lang::En);
    let calls = |app: &App| app.game().map_or(0, |g| g.deal().auction.calls().len());
    let before = calls(&app);
    // The first Tab from Pass goes to the values, never to Contre.
    key(&mut app, KeyCode::Tab);
    assert!(matches!(app.bid_buttons()[focus(&app)], BidButton::Level(_)));
    // Contre is the last button: Shift-Tab from Pass reaches it, and Enter only asks.
    key(&mut app, KeyCode::Tab);
    for _ in 0..20 {
        if app.bid_buttons()[focus(&app)] == BidButton::Call(Call::Contre) {
            break;
        }
        key(&mut app, KeyCode::Tab);
    }
    assert_eq!(app.bid_buttons().last(), Some(&BidButton::Call(Call::Contre)));
    key(&mut app, KeyCode::Enter);
    assert_eq!(calls(&app), before, "no call yet");
    assert_eq!(confirming(&app), Some(Call::Contre));
    // Keys other than the answer do nothing; n forgets the contre.
    key(&mut app, KeyCode::Tab);
    assert_eq!(calls(&app), before);
    ch(&mut app, 'n');
    assert_eq!(confirming(&app), None);
    assert_eq!(calls(&app), before);
    // c then y contres.
    ch(&mut app, 'c');
    ch(&mut app, 'y');
    assert_eq!(calls(&app), before + 1);
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
    assert_eq!(c.multiplier, Multiplier::Contre);
}

#[test]
fn a_contre_by_mouse_asks_once_more_too() {
    use contree::rules::{Call, Multiplier};
    let mut app = contre_offered(Lang::En);
    let calls = |app: &App| app.game().map_or(0, |g| g.deal().auction.calls().len());
    let before = calls(&app);
    let contre = Hit::Bid(BidButton::Call(Call::Contre));
    draw(&mut app, 80, 24);
    click(&mut app, contre);
    assert_eq!(confirming(&app), Some(Call::Contre));
    assert_eq!(calls(&app), before, "a click only asks");
    // The button beside it forgets the contre.
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Cancel);
    assert_eq!(confirming(&app), None);
    assert_eq!(calls(&app), before);
    // Two clicks on Contre say it.
    draw(&mut app, 80, 24);
    click(&mut app, contre);
    draw(&mut app, 80, 24);
    click(&mut app, contre);
    assert_eq!(calls(&app), before + 1);
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
    assert_eq!(c.multiplier, Multiplier::Contre);
}

#[test]
fn escape_on_the_summary_closes_it_and_does_not_deal() {
    let mut app = finished_deal(Lang::En);
    key(&mut app, KeyCode::Esc);
    assert!(app.popups().is_empty(), "the summary is closed");
    let g = app.game().expect("game");
    assert_eq!(g.deal().index, 0, "no new deal");
    assert_eq!(g.phase(), Phase::DealOver);
    // Enter opens the summary again; its Enter deals.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd));
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.game().map(|g| g.deal().index), Some(1));
    // The new deal takes no key until it has been seen: an Enter pressed twice is no call.
    let calls = |app: &App| app.game().map_or(0, |g| g.deal().auction.calls().len());
    assert_eq!(pause(&app), Some(Wait::Deal));
    for _ in 0..3 {
        key(&mut app, KeyCode::Enter);
        ch(&mut app, 'p');
    }
    assert_eq!(calls(&app), 0);
    assert_eq!(pause(&app), Some(Wait::Deal));
    app.update(Msg::Timer);
    assert_ne!(pause(&app), Some(Wait::Deal));
}

#[test]
fn south_takes_back_its_last_call_and_card() {
    use contree::rules::Call;
    let mut c = config(Lang::En);
    c.settings.speed = Speed::Normal;
    let mut app = App::new(c);
    sit(&mut app);
    settle(&mut app);
    let calls = |app: &App| app.game().map_or(0, |g| g.deal().auction.calls().len());
    let before = calls(&app);
    // The footer offers to take back only what there is to take back.
    let footer = footer_row(&draw(&mut app, 120, 40));
    assert!(!footer.contains("take back"), "{footer}");
    ch(&mut app, 'p');
    assert_eq!(calls(&app), before + 1);
    let footer = footer_row(&draw(&mut app, 120, 40));
    assert!(footer.contains("take back"), "{footer}");
    // The next bot's turn is asked for, and taken back before it answers.
    app.update(Msg::Timer);
    let asked: Vec<_> = asked!(app, Think);
    ch(&mut app, 'u');
    assert_eq!(calls(&app), before, "the pass is taken back");
    assert!(app.south_to_bid());
    let effects = app.take_effects();
    assert!(effects.contains(&Effect::SaveGame), "the take-back is saved");
    assert!(app.status().as_deref().is_some_and(|s| s.contains("Taken back")));
    // South passes again: the answer for the position before is dropped, whatever it says.
    ch(&mut app, 'p');
    for r in asked {
        let a = r.decide();
        app.update(Msg::Answer(TableAnswer::Decided(r, a).into()));
    }
    assert_eq!(calls(&app), before + 1, "the stale answer made no call");
    // Once another seat has acted, there is nothing of South's to take back.
    settle(&mut app);
    if app.south_to_bid() && calls(&app) > before + 1 {
        ch(&mut app, 'u');
        assert!(app.status().as_deref().is_some_and(|s| s.contains("has acted since")));
    }
    let g = app.game().expect("game");
    assert_eq!(g.deal().undos, 1);
    assert_eq!(g.deal().auction.calls().get(before), Some(&Call::Pass));
    // Turned off in the settings, u says so and does nothing.
    let mut c = config(Lang::En);
    c.settings.undo = false;
    let mut app = App::new(c);
    sit(&mut app);
    settle(&mut app);
    let before = calls(&app);
    ch(&mut app, 'p');
    ch(&mut app, 'u');
    assert_eq!(calls(&app), before + 1);
    assert!(app.status().as_deref().is_some_and(|s| s.contains("off")));
}

#[test]
fn the_menu_during_play_offers_the_settings_of_a_game_and_a_way_out() {
    use contree::session::settings::SettingItem;
    use contree::ui::hits::TableItem;
    let mut app = playing(Lang::En);
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.popups().last(), Some(Popup::Menu { .. })));
    key(&mut app, KeyCode::Esc);
    assert!(app.popups().is_empty(), "Esc resumes");
    ch(&mut app, 'm');
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Settings { .. }));
    let items = app.setting_items();
    assert!(items.contains(&SettingItem::Speed) && items.contains(&SettingItem::Colors));
    assert!(!items.contains(&SettingItem::Scoring), "the rules of a game wait for a new one");
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Table), "back to the game");
    app.table_item(TableItem::SaveAndLeave);
    assert!(matches!(app.screen(), Screen::Start(_)));
    assert_eq!(
        app.start().map(|s| s.items()).unwrap_or_default().first(),
        Some(&StartItem::Resume)
    );
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Table));
}

/// A table where South's forced card has played itself and its trick waits for a key.
fn forced_card_held(lang: Lang) -> App {
    forced_card_held_where(lang, |_| true)
}

/// A table where South's forced card has played itself and its trick, one that `wanted`,
/// waits for a key.
fn forced_card_held_where(lang: Lang, wanted: impl Fn(&Trick) -> bool) -> App {
    forced_card_held_at(lang, |app| table(app).shown_trick().is_some_and(|t| wanted(&t.trick)))
}

/// A table where South's forced card has played itself and its trick waits for a key, at a
/// moment that `wanted`.
fn forced_card_held_at(lang: Lang, wanted: impl Fn(&App) -> bool) -> App {
    let mut c = config(lang);
    c.settings.speed = Speed::Fast;
    let mut app = App::new(c);
    sit(&mut app);
    settle(&mut app);
    bid_with_keys(&mut app);
    // A deal a computer player claims before South's card is forced is followed by another,
    // South bidding again.
    for _ in 0..2000 {
        if pause(&app) == Some(Wait::Kept) {
            if table(&app).shown_trick().is_some() && wanted(&app) {
                return app;
            }
            key(&mut app, KeyCode::Enter);
        } else if app.south_to_play() || app.popups().last() == Some(&Popup::DealEnd) {
            key(&mut app, KeyCode::Enter);
        } else if app.south_to_bid() {
            bid_with_keys(&mut app);
        } else {
            settle_one(&mut app);
        }
    }
    panic!("no forced card was played for South");
}

#[test]
fn a_trick_with_a_card_played_for_south_waits_for_a_key() {
    let mut app = forced_card_held(Lang::En);
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("forced card was played"));
    // Any key goes on: the footer offers no card to play.
    assert!(!footer_row(&t).contains("play"), "{}", footer_row(&t));
    assert_eq!(app.wait(), None, "no timer gathers it");
    key(&mut app, KeyCode::Enter);
    assert!(table(&app).shown_trick().is_none(), "a key gathers it");
}

#[test]
fn the_line_of_a_trick_held_for_a_forced_card_says_what_a_key_does_whole_at_80_columns() {
    for lang in Lang::ALL {
        // South dealt and took the contract: both its markers stand beside the line.
        let dealt = |app: &App| app.game().is_some_and(|g| g.deal().dealer == Seat::South);
        let mut app = forced_card_held_at(lang, dealt);
        let said = app.words().t(T::HeldTrick);
        let goes_on = match lang {
            Lang::En => "a key to go on",
            Lang::Fr => "une touche pour continuer",
        };
        assert!(said.ends_with(goes_on), "{said}");
        let text = screen::text(&draw(&mut app, 80, 24));
        assert!(text.contains(said), "{text}");
    }
}

/// The start screen offering `game` as loaded from its save, at the speed of
/// [`forced_card_held`].
fn offered_from_its_save(game: &contree::game::Game, edit: impl FnOnce(&mut GameSave)) -> App {
    let mut save = game.to_save();
    edit(&mut save);
    let game = contree::game::Game::from_save(&save).expect("the save loads");
    let mut c = config(Lang::En);
    c.settings.speed = Speed::Fast;
    c.resume = Some(Resumable { game, started: None, saved: None });
    App::new(c)
}

#[test]
fn a_trick_held_for_a_forced_card_is_held_again_when_its_game_is_resumed() {
    let south_first =
        |t: &Trick| t.plays().position(|(s, _)| s == Seat::South).is_some_and(|i| i < 3);
    let held = forced_card_held_where(Lang::En, south_first);
    let game = held.game().expect("a game");
    // Quit during the pause, then resume: the save holds the calls and cards, nothing more.
    let mut app = offered_from_its_save(game, |_| {});
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen(), Screen::Table));
    assert_eq!(pause(&app), Some(Wait::Kept), "the pause again");
    assert_eq!(
        table(&app).shown_trick(),
        table(&held).shown_trick(),
        "the trick with the forced card on the table"
    );
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("forced card was played"));
    assert_eq!(app.wait(), None, "no timer gathers it");
    let asked: Vec<contree::session::work::BotRequest> = asked!(app, Think);
    assert!(asked.is_empty(), "nobody leads the next trick before a key");
    key(&mut app, KeyCode::Enter);
    assert!(table(&app).shown_trick().is_none(), "a key gathers it");
}

#[test]
fn a_forced_card_in_the_trick_in_progress_holds_its_trick_after_a_resume() {
    let south_first =
        |t: &Trick| t.plays().position(|(s, _)| s == Seat::South).is_some_and(|i| i < 3);
    let held = forced_card_held_where(Lang::En, south_first);
    let game = held.game().expect("a game");
    let trick = table(&held).shown_trick().expect("a trick held").trick;
    let south = trick.plays().position(|(s, _)| s == Seat::South).expect("South played");
    assert!(south < 3, "South is not last to the trick: the others play after its forced card");
    // The game saved just after the forced card, before the others played to the trick.
    let mut app = offered_from_its_save(game, |save| {
        let play = &mut save.deals.last_mut().expect("a deal").play;
        play.truncate(play.len() - 3 + south);
        // Cut short by hand: the checksum of the cards no longer holds.
        save.check = None;
    });
    key(&mut app, KeyCode::Enter);
    for _ in 0..20 {
        if table(&app).shown_trick().is_some() {
            break;
        }
        settle_one(&mut app);
    }
    assert_eq!(table(&app).shown_trick().map(|t| t.trick), Some(trick));
    assert_eq!(pause(&app), Some(Wait::Kept), "held, not gathered by a timer");
}

#[test]
fn new_screens_and_popups() {
    snapshot_all("players", |l| {
        let mut app = App::new(config(l));
        key(&mut app, KeyCode::Enter);
        app
    });
    // No frame under a popup runs beside its own: the popup clears the whole area it is given.
    for (config, w, h) in [(config(Lang::En), 120, 40), (ascii(Lang::En), 80, 24)] {
        let mut app = App::new(config);
        key(&mut app, KeyCode::Enter);
        let t = draw(&mut app, w, h);
        let text = format!("{:?}", t.backend());
        for doubled in ["││", "│╭", "╮│", "╰│", "│╰", "│╯", "╯│", "|+", "+|", "||"]
        {
            assert!(!text.contains(doubled), "{doubled} at {w}x{h}:\n{text}");
        }
        if w == 80 {
            insta::assert_snapshot!("players_ascii_en_80x24", t.backend());
        }
    }
    snapshot_all("seat", |l| {
        let mut app = at_table(l);
        draw(&mut app, 120, 40);
        click(&mut app, Hit::Seat(Seat::West));
        app
    });
    snapshot_all("claim_refused", |l| {
        let mut app = playing(l);
        ch(&mut app, 'r');
        assert!(app.status().is_some(), "East and West can still take a trick");
        app
    });
    // South in defence claims: the refusal speaks of the takers.
    snapshot_all("claim_refused_defending", |l| {
        let mut app = defending(l);
        ch(&mut app, 'r');
        let said = app.status().unwrap_or_default();
        let takers = match l {
            Lang::En => "the takers can still take one",
            Lang::Fr => "les preneurs peuvent en faire un",
        };
        assert!(said.contains(takers), "{said}");
        app
    });
    snapshot_all("menu", |l| {
        let mut app = playing(l);
        key(&mut app, KeyCode::Esc);
        app
    });
    snapshot_all("settings_in_game", |l| {
        let mut app = playing(l);
        ch(&mut app, 'm');
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        app
    });
    snapshot_all("tricks", |l| {
        let mut app = finished_deal(l);
        key(&mut app, KeyCode::Esc);
        ch(&mut app, 'L');
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Left);
        app
    });
    snapshot_all("confirm", |l| {
        let mut app = contre_offered(l);
        ch(&mut app, 'c');
        app
    });
    snapshot_all("deal_done", |l| {
        let mut app = finished_deal(l);
        key(&mut app, KeyCode::Esc);
        app
    });
    snapshot_all("undo_note", |l| {
        let mut app = playing(l);
        let mut c = app.game().map_or(0, |g| g.deal().played().len());
        // South's next card is taken back at once.
        for _ in 0..8 {
            if app.south_to_play() {
                key(&mut app, KeyCode::Enter);
                c += 1;
                break;
            }
            settle(&mut app);
        }
        assert!(c > 0);
        ch(&mut app, 'u');
        app
    });
    snapshot_all("history_in_progress", |l| {
        let mut app = playing(l);
        for _ in 0..3 {
            key(&mut app, KeyCode::Enter);
            settle(&mut app);
        }
        ch(&mut app, 'H');
        key(&mut app, KeyCode::Enter);
        app
    });
}

/// The seeded game of `config` played on, South playing its selected card, until a computer
/// player's claim is shown and `at` its table.
fn claim_shown(config: Config, at: impl Fn(&contree::session::table::Table) -> bool) -> App {
    let mut app = playing_of(seated(config));
    for _ in 0..2000 {
        let t = table(&app);
        if t.claiming().is_some() && at(t) {
            return app;
        }
        if app.south_to_play() || pause(&app) == Some(Wait::Kept) {
            key(&mut app, KeyCode::Enter);
        } else {
            assert!(app.popups().is_empty(), "the deal ended first");
            settle_one(&mut app);
        }
    }
    panic!("no claim was shown");
}

/// The tricks of the claim at `t` played out so far.
fn claimed_tricks(t: &contree::session::table::Table) -> usize {
    let from = t.game().deal().claimed.unwrap_or(0);
    t.deal_tricks().len() - from / 4
}

#[test]
fn a_computer_players_claim_is_shown_a_trick_at_a_time() {
    // Mid-way: the claimer's cards face up at its seat, the claim's second trick on the table.
    let mid = |t: &contree::session::table::Table| claimed_tricks(t) == 2;
    snapshot_all("claim_shown", |l| claim_shown(config(l), mid));
    // Its end: the last trick on the table, before the deal's summary.
    snapshot_all("claim_end", |l| claim_shown(config(l), |t| t.deal_over()));
    // In plain ASCII.
    let mut app = claim_shown(ascii(Lang::Fr), mid);
    insta::assert_snapshot!("claim_shown_ascii_fr_80x24", draw(&mut app, 80, 24).backend());
    let mut app = claim_shown(config(Lang::En), mid);
    let claimer = table(&app).claiming().map(|c| c.seat()).expect("a claim");
    assert_ne!(claimer, Seat::South);
    let w = app.words();
    let text = screen::text(&draw(&mut app, 80, 24));
    assert!(text.contains(&format!("{} claims: trick ", w.seat(claimer))), "{text}");
    // The claimer's cards are written out face up at its seat.
    let hand = app.game().map(|g| g.deal().hands()[claimer]).expect("a game");
    assert!(hand.iter().all(|c| text.contains(&w.card(c))), "{text}");
    let row = footer_row(&draw(&mut app, 80, 24));
    assert!(row.contains("Enter  next trick") && row.contains("s  to the score"), "{row}");
    // A key gathers the trick, and the next comes.
    let tricks = table(&app).deal_tricks().len();
    key(&mut app, KeyCode::Enter);
    assert_eq!(table(&app).deal_tricks().len(), tricks + 1);
    assert!(table(&app).shown_trick().is_some());
    // `s` plays the rest out at once, to the deal's summary.
    ch(&mut app, 's');
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd));
    assert!(table(&app).claiming().is_none());
    assert_eq!(app.game().map(|g| g.history().len()), Some(1));
    // So does the button, with the mouse; nothing else to claim or hint on the way.
    let mut app = claim_shown(config(Lang::En), |t| claimed_tricks(t) == 1);
    draw(&mut app, 120, 40);
    assert!(app.hits().area_of(Hit::Hint).is_none() && app.hits().area_of(Hit::Claim).is_none());
    click(&mut app, Hit::SkipClaim);
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd));
}

#[test]
fn screens_in_every_language_and_size() {
    // The start screen's notice of a save moved aside wraps, the kept file's path whole.
    snapshot_all("start_notice", |l| {
        let mut app = App::new(config(l));
        let moved = contree::store::Resume::MovedAside {
            path: "/home/player/.local/share/contree/game.json.corrupt-1796070213".into(),
            reason: contree::store::Unfit::Truncated(
                "EOF while parsing a string at line 1 column 1610".into(),
            ),
        };
        if let Some(notice) = app.words().resume_notice(&moved) {
            app.tell(notice);
        }
        app
    });
    snapshot_all("contre_offer", contre_offered);
    // The question before a new game replaces the saved one.
    snapshot_all("replace_saved", |l| {
        let mut app = saved_game_offered(l);
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        app
    });
    snapshot_all("forced_card", forced_card_held);
    snapshot_all("trick_gathering", |l| {
        let mut app = first_card_at_normal_speed();
        app.session_mut().settings.lang = l;
        for _ in 0..20 {
            if pause(&app) == Some(Wait::Gather) {
                break;
            }
            settle_one(&mut app);
        }
        app
    });
    let mut app = at_table(Lang::Fr);
    let t = draw(&mut app, 79, 24);
    insta::assert_snapshot!("too_small_fr", t.backend());
}

#[test]
fn ascii_titles_and_names_use_plain_letters() {
    use contree::game::{Game, GameOptions, HUMAN};
    use contree::rules::BySeat;
    let drawn = |app: &mut App| format!("{:?}", draw(app, 80, 24).backend());
    let mut app = App::new(ascii(Lang::Fr));
    let start = drawn(&mut app);
    assert!(start.contains("BELOTE CONTREE"), "{start}");
    let mut c = ascii(Lang::Fr);
    let players = BySeat([HUMAN.to_string(), "dede".into(), "kevin".into(), "marcel".into()]);
    c.game = Some(Game::new(GameOptions::default(), SEED, players));
    let mut app = App::new(c);
    key(&mut app, KeyCode::Esc);
    settle(&mut app);
    let table = drawn(&mut app);
    assert!(table.contains("Dede") && table.contains("Kevin"), "{table}");
    assert!(table.contains("Enchere en cours"), "{table}");
    assert!(!table.contains("Dédé") && !table.contains("Enchère en"), "{table}");
    // A change and a rounded sum keep an arrow of two letters: a lone `>` reads "greater than".
    let (mut over, _) = whole_game_of(seated(ascii(Lang::En)));
    let game = over.game().cloned().expect("a finished game");
    let mut stats = contree::stats::Stats::default();
    for d in game.history() {
        stats.add_deal(d);
    }
    stats.add_game(game.rules().set, game.options().target, game.winner().expect("a winner"));
    over.stats_loaded(stats);
    let end = drawn(&mut over);
    assert!(end.contains("0 -> 1") && !end.contains("0 > 1"), "{end}");
}

/// A table whose new games follow `rules`, the first dealt from `seed`.
fn config_rules(lang: Lang, rules: contree::rules::Rules, seed: u64) -> Config {
    let mut c = config(lang);
    c.settings.set_rules(rules);
    c.target = rules.set.default_target();
    c.seed = seed;
    c
}

/// A game of `rules` from `seed` on the table, South about to bid.
fn at_table_rules(lang: Lang, rules: contree::rules::Rules, seed: u64) -> App {
    let mut app = App::new(config_rules(lang, rules, seed));
    sit(&mut app);
    for _ in 0..20 {
        if app.south_to_bid() {
            break;
        }
        settle(&mut app);
    }
    app
}

/// The first seed from 0 whose first deal under `rules` has hands that `want`.
fn seed_where(
    rules: contree::rules::Rules,
    want: impl Fn(&contree::rules::BySeat<contree::rules::CardSet>) -> bool,
) -> u64 {
    let options = contree::game::GameOptions::of(rules);
    (0..2000)
        .find(|&seed| want(&contree::game::new_game(options, seed, None).deal().dealt))
        .expect("a seed with such hands")
}

/// How many seats hold a combination under `trump`.
fn declaring_seats(
    hands: &contree::rules::BySeat<contree::rules::CardSet>,
    trump: contree::rules::Trump,
) -> usize {
    hands.0.iter().filter(|&&h| !contree::rules::Combination::best(h, trump).is_empty()).count()
}

const SPADES: contree::rules::Trump = contree::rules::Trump::Suit(contree::rules::Suit::Spades);

/// A coinche deal where South and at least two other seats declare, South bidding 80 in spades
/// with keys; the computer players pass.
fn coinche_declaring(lang: Lang, choose: bool) -> App {
    use contree::rules::{RuleSet, Rules};
    let coinche = Rules::of(RuleSet::Coinche);
    let seed = seed_where(coinche, |h| {
        declaring_seats(h, SPADES) >= 3
            && !contree::rules::Combination::best(h[Seat::South], SPADES).is_empty()
    });
    let mut c = config_rules(lang, coinche, seed);
    c.settings.choose_declarations = choose;
    let mut app = App::new(c);
    sit(&mut app);
    bid_with_keys(&mut app);
    app
}

/// Plays South's selected card whenever it is to play, until `stop`.
fn play_until(app: &mut App, stop: impl Fn(&App) -> bool) {
    for _ in 0..2000 {
        if stop(app) {
            return;
        }
        // A trick held for South to see goes on at a key, as a player would press.
        if app.south_to_play() || pause(app) == Some(Wait::Kept) {
            key(app, KeyCode::Enter);
        } else {
            assert!(app.popups().is_empty(), "the deal ended first");
            settle_one(app);
        }
    }
    panic!("never got there");
}

#[test]
fn the_rule_sets_at_the_table() {
    use contree::rules::{RuleSet, Rules};
    let coinche_at = Rules::of(RuleSet::Coinche).with_nt_at(true);
    snapshot_all("start_coinche", |l| App::new(config_rules(l, coinche_at, SEED)));
    // The plain house rules are not the federation's: the line under the title says so.
    snapshot_all("start_plain", |l| App::new(config_rules(l, Rules::of(RuleSet::Plain), SEED)));
    snapshot_all("settings_coinche", |l| {
        let mut app = App::new(config_rules(l, coinche_at, SEED));
        app.start_item(StartItem::Settings);
        app
    });
    snapshot_all("bidding_nt_at", |l| at_table_rules(l, Rules::default().with_nt_at(true), SEED));
    snapshot_all("tout_atout", |l| {
        // South bids tout atout with `t`; a deal with belotes in several suits.
        let at = contree::rules::Trump::AllTrump;
        let seed = seed_where(Rules::default().with_nt_at(true), |h| {
            contree::rules::BelotesDealt::of(h, at).counts().0.iter().sum::<u8>() >= 2
        });
        let mut app = at_table_rules(l, Rules::default().with_nt_at(true), seed);
        ch(&mut app, 't');
        settle(&mut app);
        let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
        assert_eq!(c.trump(), at);
        // On until a belote is said.
        play_until(&mut app, |a| {
            let said = table(a).bubbles();
            said.0.iter().any(|b| matches!(b, Some(contree::session::table::Bubble::Belote(_))))
        });
        app
    });
    snapshot_all("declarations", |l| {
        // The first trick complete, each seat's declaration shown at it.
        let mut app = coinche_declaring(l, false);
        play_until(&mut app, |a| pause(a) == Some(Wait::Gather));
        app
    });
    snapshot_all("declare_prompt", |l| {
        let mut app = coinche_declaring(l, true);
        play_until(&mut app, |a| table(a).declaring().is_some());
        app
    });
    snapshot_all("deal_end_coinche", |l| {
        // Coinche with tout atout: declarations and belotes in the summary.
        let at = contree::rules::Trump::AllTrump;
        let seed = seed_where(coinche_at, |h| {
            declaring_seats(h, at) >= 2
                && contree::rules::BelotesDealt::of(h, at).counts().0.iter().sum::<u8>() >= 1
        });
        let mut app = at_table_rules(l, coinche_at, seed);
        ch(&mut app, 't');
        settle(&mut app);
        play_until(&mut app, |a| a.popups().last() == Some(&Popup::DealEnd));
        app
    });
    snapshot_all("history_plain", |l| {
        let mut app = at_table_rules(l, Rules::of(RuleSet::Plain), SEED);
        ch(&mut app, 'p');
        settle(&mut app);
        ch(&mut app, 'H');
        app
    });
    // In ASCII, the running totals are headed "Total", not by a sign standing in for Σ.
    for lang in Lang::ALL {
        let mut app =
            seated(Config { ascii: true, ..config_rules(lang, Rules::of(RuleSet::Plain), SEED) });
        ch(&mut app, 'p');
        settle(&mut app);
        ch(&mut app, 'H');
        let t = draw(&mut app, 80, 24);
        let text = format!("{:?}", t.backend());
        assert!(text.contains("Total") && !text.contains("= "), "{text}");
        let name = if lang == Lang::Fr { "fr" } else { "en" };
        insta::assert_snapshot!(format!("history_ascii_{name}_80x24"), t.backend());
    }
    // The help's summary of the rules says the plain set's direction and scoring, as its note does.
    snapshot_all("help_plain", |l| {
        let mut app = at_table_rules(l, Rules::of(RuleSet::Plain), SEED);
        ch(&mut app, '?');
        app
    });
}

#[test]
fn sans_atout_and_tout_atout_by_key_and_by_click() {
    use contree::rules::{BidLevel, Rules, Trump};
    let nt_at = Rules::default().with_nt_at(true);
    // `n` bids sans atout at the lowest value, or at the value chosen.
    let mut app = at_table_rules(Lang::En, nt_at, SEED);
    assert!(app.bid_buttons().contains(&BidButton::Trump(Trump::NoTrump)));
    let footer = footer_row(&draw(&mut app, 120, 40));
    assert!(footer.contains(" n/t  NT / AT"), "{footer}");
    ch(&mut app, 'n');
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
    assert_eq!((c.trump(), c.bid.level), (Trump::NoTrump, BidLevel::Points(80)));
    // A click on a value, then on tout atout.
    let mut app = at_table_rules(Lang::Fr, nt_at, SEED);
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Bid(BidButton::Level(BidLevel::Points(120))));
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Bid(BidButton::Trump(Trump::AllTrump)));
    settle(&mut app);
    let c = app.game().and_then(|g| g.deal().contract()).expect("a contract");
    assert_eq!((c.trump(), c.bid.level), (Trump::AllTrump, BidLevel::Points(120)));
    let screen = format!("{:?}", draw(&mut app, 80, 24).backend());
    assert!(screen.contains("120 Tout atout"), "{screen}");
    // Without the option there are no such buttons, and the keys do nothing.
    let mut app = at_table_rules(Lang::En, Rules::default(), SEED);
    assert!(!app.bid_buttons().iter().any(|b| matches!(b, BidButton::Trump(t) if !t.is_suit())));
    let footer = footer_row(&draw(&mut app, 120, 40));
    assert!(!footer.contains("NT / AT"), "{footer}");
    ch(&mut app, 't');
    assert!(app.south_to_bid(), "no tout atout bid without the option");
}

#[test]
fn south_declares_or_keeps_quiet_by_key_and_by_click() {
    use contree::rules::Combination;
    for (how, declare) in [("y", true), ("n", false), ("click yes", true), ("click no", false)] {
        let mut app = coinche_declaring(Lang::En, true);
        play_until(&mut app, |a| table(a).declaring().is_some());
        let best = table(&app).declaring().expect("asked");
        assert_eq!(app.mode(), contree::ui::keymap::Mode::Declare);
        // No card goes before the answer, by key or by click.
        let before = app.hand().len();
        key(&mut app, KeyCode::Char('1'));
        draw(&mut app, 80, 24);
        if let Some(&card) = app.hand().first() {
            click(&mut app, Hit::Card(card));
        }
        assert_eq!(app.hand().len(), before);
        match how {
            "y" => ch(&mut app, 'y'),
            "n" => ch(&mut app, 'n'),
            _ => {
                draw(&mut app, 80, 24);
                click(&mut app, Hit::Declare(declare));
            }
        }
        assert!(table(&app).declaring().is_none(), "{how}");
        let game = app.game().expect("a game");
        let want = if declare { best } else { Combination::NONE };
        assert_eq!(game.deal().declared[Seat::South], Some(want), "{how}");
        assert!(app.take_effects().contains(&Effect::SaveGame), "the choice is saved");
        // South's card goes now, and what it declared is said.
        key(&mut app, KeyCode::Enter);
        let game = app.game().expect("a game");
        assert_eq!(game.deal().announced(Seat::South), Some(want), "{how}");
        let screen = format!("{:?}", draw(&mut app, 120, 40).backend());
        let words = contree::text::Words {
            lang: Lang::En,
            suits: Default::default(),
            ascii: false,
            spoken: false,
        };
        assert_eq!(screen.contains(&words.combination(best)), declare, "{how}: {screen}");
    }
    // By default South declares with its first card, as every seat does, and is not asked.
    let mut app = coinche_declaring(Lang::En, false);
    play_until(&mut app, |a| a.south_to_play());
    assert!(table(&app).declaring().is_none());
    key(&mut app, KeyCode::Enter);
    let game = app.game().expect("a game");
    let best = game.best_combination(Seat::South, SPADES);
    assert_eq!(game.deal().announced(Seat::South), Some(best));
    // From the second trick on, the panel says which team scores its declarations.
    play_until(&mut app, |a| {
        a.game().is_some_and(|g| g.deal().play.as_ref().is_some_and(|p| p.tricks().len() == 1))
            && table(a).shown_trick().is_none()
    });
    let screen = format!("{:?}", draw(&mut app, 80, 24).backend());
    assert!(screen.contains("Declarations: "), "{screen}");
}

#[test]
fn the_start_screen_chooses_the_rules_of_a_new_game() {
    use contree::rules::{RuleSet, Rules};
    let mut app = App::new(config(Lang::En));
    key(&mut app, KeyCode::Down); // the rule set
    key(&mut app, KeyCode::Right);
    assert_eq!((app.settings().set, app.session().target), (RuleSet::Coinche, 2000));
    assert_eq!(app.session().saved.set, RuleSet::Coinche, "kept for the next games");
    assert!(app.take_effects().contains(&Effect::SaveSettings));
    key(&mut app, KeyCode::Down); // the target goes round the set's own
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.session().target, 3000);
    // A click goes on to the next set, played to its own target.
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Start(StartItem::Variant));
    assert_eq!((app.settings().set, app.session().target), (RuleSet::Plain, 701));
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Start(StartItem::NtAt));
    assert!(app.settings().nt_at);
    click(&mut app, Hit::Start(StartItem::Target));
    assert_eq!(app.session().target, 701, "plain has one target");
    let screen = format!("{:?}", draw(&mut app, 80, 24).backend());
    assert!(screen.contains("Target: 701 points"), "{screen}");
    click(&mut app, Hit::Start(StartItem::Play));
    let game = app.game().expect("a new game");
    assert_eq!(game.rules(), Rules::of(RuleSet::Plain).with_nt_at(true));
    assert_eq!(game.options().target, 701);
    // During the game, the settings leave the rules to the start screen.
    key(&mut app, KeyCode::Esc);
    app.table_item(contree::ui::hits::TableItem::Settings);
    let items = app.setting_items();
    assert!(!items.contains(&contree::session::settings::SettingItem::Variant));
    assert!(items.contains(&contree::session::settings::SettingItem::ChooseDeclarations));
}

/// A finished deal under review, its analysis asked and not in yet, scrolled down to it.
fn analysing(lang: Lang) -> App {
    analysing_of(finished_deal(lang))
}

/// [`analysing`] from the finished deal of `app`, its summary open.
fn analysing_of(mut app: App) -> App {
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Enter);
    draw(&mut app, 80, 24);
    key(&mut app, KeyCode::PageDown);
    app
}

/// The analyses asked, answered with `analysis` once made (a budget in worlds, the same on every
/// machine); how many were asked.
fn answer_analysis(
    app: &mut App,
    analysis: &mut Option<Option<contree::bots::expert::DealAnalysis>>,
) -> usize {
    let mut n = 0;
    for e in app.take_effects() {
        if let Effect::Analyse(mut r) = e {
            r.budget = contree::bots::expert::Budget::worlds(4);
            let a = analysis.get_or_insert_with(|| r.analyse()).clone();
            app.update(Msg::Answer(Answer::Analysed(r, a)));
            n += 1;
        }
    }
    n
}

#[test]
fn the_review_of_a_finished_deal_gains_the_experts_analysis() {
    let mut analysis = None;
    snapshot_all("analysing", analysing);
    snapshot_all("analysis", |l| {
        let mut app = analysing(l);
        assert_eq!(answer_analysis(&mut app, &mut analysis), 1);
        // Drawn once for the lines the analysis adds, the review scrolls down to its end.
        draw(&mut app, 80, 24);
        key(&mut app, KeyCode::PageDown);
        app
    });
    // At its end, the sum of the clear mistakes' cost, and how such a cost differs from the
    // balance against the expert.
    snapshot_all("analysis_end", |l| {
        let mut app = analysing(l);
        let mut analysis = analysis.clone();
        answer_analysis(&mut app, &mut analysis);
        draw(&mut app, 80, 24);
        for _ in 0..20 {
            key(&mut app, KeyCode::PageDown);
        }
        let shown = screen::text(&draw(&mut app, 80, 24));
        let end = ["the two can", "les deux peuvent"];
        assert!(end.iter().any(|e| shown.contains(e)), "{shown}");
        app
    });
    let made = analysis.flatten().expect("the deal is analysed");
    assert!(made.double_dummy.is_some());
    assert!(made.reviews.iter().any(|r| matches!(r.played, contree::game::Action::Play(_))));
    // Closed and opened again, the review shows the analysis at once: nothing is asked.
    let mut app = analysing(Lang::En);
    let mut analysis = Some(Some(made));
    assert_eq!(answer_analysis(&mut app, &mut analysis), 1);
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Enter);
    assert_eq!(answer_analysis(&mut app, &mut analysis), 0);
    let shown = format!("{:?}", draw(&mut app, 120, 40).backend());
    assert!(shown.contains("perfect play"), "{shown}");
    // The wheel scrolls the review as the keys do.
    let before = scroll(&app);
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: 40,
        row: 10,
        modifiers: KeyModifiers::NONE,
    }));
    assert!(scroll(&app) < before || before == 0);
}

#[test]
fn what_a_call_shows_keeps_its_indent_when_it_wraps_in_the_review() {
    for lang in Lang::ALL {
        let mut app = analysing(lang);
        answer_analysis(&mut app, &mut None);
        // Tall enough for the whole review, at the narrowest width.
        let rows = rows_of(&draw(&mut app, 80, 60));
        let inner = |row: &str| -> String {
            row.chars().skip_while(|&c| c != '│').skip(1).take_while(|&c| c != '│').collect()
        };
        let shows = app.words().t(T::YourCallShows);
        let at = rows.iter().position(|r| r.contains(shows)).expect("South's call is explained");
        let (first, next) = (inner(&rows[at]), inner(&rows[at + 1]));
        let indent = first.chars().take_while(|&c| c == ' ').count();
        assert!(first.trim_end().chars().count() > 60, "the meaning wraps: {first:?}");
        let next_indent = next.chars().take_while(|&c| c == ' ').count();
        assert_eq!(next_indent, indent, "{lang:?}: {next:?} goes on under {first:?}");
    }
}

/// The seed of a deal in which South, playing its selected cards, makes a clear mistake.
const LINE_SEED: u64 = 9;

/// The deal of [`LINE_SEED`] at a table of `config`, played to its summary.
fn line_deal(config: Config) -> App {
    finished_deal_of(playing_of(seated(Config { seed: LINE_SEED, ..config })))
}

/// The review of [`analysing_of`]'s deal, its analysis in (the one `analysis` keeps, made the
/// first time), then the expert's line opened over it with `l`.
fn expert_line_of(
    app: App,
    analysis: &mut Option<Option<contree::bots::expert::DealAnalysis>>,
) -> App {
    let mut app = analysing_of(app);
    assert_eq!(answer_analysis(&mut app, analysis), 1);
    ch(&mut app, 'l');
    assert_eq!(app.mode(), contree::ui::keymap::Mode::ExpertLine, "the deal has a clear mistake");
    app
}

/// The trick of the expert's line shown, from 0.
fn line_step(app: &App) -> Option<usize> {
    match app.popups().last() {
        Some(Popup::ExpertLine(v)) => Some(v.line.step),
        _ => None,
    }
}

#[test]
fn the_experts_line_opens_over_the_review_and_goes_through_its_tricks() {
    use contree::ui::keymap::Mode;
    let mut analysis = None;
    snapshot_all("expert_line", |l| expert_line_of(line_deal(config(l)), &mut analysis));
    // In ASCII, a trick on: both buttons live.
    let mut app = expert_line_of(line_deal(ascii(Lang::Fr)), &mut None);
    key(&mut app, KeyCode::Right);
    insta::assert_snapshot!("expert_line_ascii_fr", draw(&mut app, 80, 24).backend());

    // Before the analysis is in, `l` opens nothing and the footer does not offer it.
    let mut app = analysing_of(line_deal(config(Lang::En)));
    let footer = |app: &mut App| footer_row(&draw(app, 120, 40));
    assert!(!footer(&mut app).contains("the expert's line"), "{}", footer(&mut app));
    ch(&mut app, 'l');
    assert_eq!(app.mode(), Mode::Review);
    assert_eq!(answer_analysis(&mut app, &mut analysis), 1);
    assert!(footer(&mut app).contains(" l  the expert's line"), "{}", footer(&mut app));
    ch(&mut app, 'l');
    assert_eq!(line_step(&app), Some(0));
    let tricks = match app.popups().last() {
        Some(Popup::ExpertLine(v)) => v.line.tricks.len(),
        _ => 0,
    };
    assert!(tricks > 1, "a line of {tricks} tricks");
    // ← and → (h and l too) go through the tricks, no further than the line's ends.
    key(&mut app, KeyCode::Left);
    assert_eq!(line_step(&app), Some(0));
    key(&mut app, KeyCode::Right);
    assert_eq!(line_step(&app), Some(1));
    ch(&mut app, 'h');
    assert_eq!(line_step(&app), Some(0));
    ch(&mut app, 'l');
    assert_eq!(line_step(&app), Some(1));
    for _ in 0..10 {
        ch(&mut app, 'l');
    }
    assert_eq!(line_step(&app), Some(tricks - 1));
    // At its end, the card points of the real deal before the line and of the line are the
    // deal's whole.
    if let Some(Popup::ExpertLine(v)) = app.popups().last() {
        let p = v.points();
        assert!([162, 252].contains(&(p[Team::NS] + p[Team::EW])), "{p:?}");
    }
    // The buttons do as the keys do; at the line's last trick, there is none to go on.
    draw(&mut app, 80, 24);
    assert!(app.hits().area_of(Hit::Later).is_none(), "the last trick has no next");
    click(&mut app, Hit::Earlier);
    assert_eq!(line_step(&app), Some(tricks - 2));
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Later);
    assert_eq!(line_step(&app), Some(tricks - 1));
    for _ in 0..10 {
        key(&mut app, KeyCode::Left);
    }
    draw(&mut app, 120, 40);
    assert!(app.hits().area_of(Hit::Earlier).is_none(), "the first trick has no previous");
    click(&mut app, Hit::Later);
    assert_eq!(line_step(&app), Some(1));
    // Esc goes back to the review, the line closed.
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Review);
    assert_eq!(line_step(&app), None);
    // The trumps marked are the reviewed deal's, whatever the deal at the table: here the next,
    // still in its auction.
    let mut app = line_deal(config(Lang::En));
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    assert_eq!(answer_analysis(&mut app, &mut analysis), 1);
    ch(&mut app, 'l');
    assert_eq!(line_step(&app), Some(0));
    let shown = rows_of(&draw(&mut app, 80, 24)).concat();
    assert!(shown.contains("9   ★"), "the nine of spades, a trump: {shown}");
    key(&mut app, KeyCode::Esc);
    // The help lists the key.
    let keys = help_keys(&mut app);
    assert!(
        keys.iter().any(|k| k.starts_with("l ") && k.ends_with("the expert's line")),
        "{keys:#?}"
    );
}

#[test]
fn an_analysis_closed_before_it_is_in_is_stopped_and_dropped() {
    let mut app = analysing(Lang::En);
    let asked: Vec<_> = asked!(app, Analyse);
    assert_eq!(asked.len(), 1);
    key(&mut app, KeyCode::Esc);
    for r in asked {
        assert!(r.cancel.is_raised(), "closing the review stops the analysis");
        // What a stopped analysis sends back is not kept: the review asks afresh.
        let record = r.record.clone();
        app.update(Msg::Answer(Answer::Analysed(r, None)));
        assert_eq!(app.analysis(&record), None);
    }
    key(&mut app, KeyCode::Enter);
    assert!(app.take_effects().iter().any(|e| matches!(e, Effect::Analyse(_))));
}

#[test]
fn the_deal_in_progress_is_never_analysed() {
    let mut app = playing(Lang::En);
    let _ = app.take_effects();
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Enter);
    assert!(matches!(
        app.popups().last(),
        Some(Popup::History(contree::session::review::History { review: Some(_), .. }))
    ));
    assert!(!app.take_effects().iter().any(|e| matches!(e, Effect::Analyse(_))));
    let shown = format!("{:?}", draw(&mut app, 120, 40).backend());
    assert!(!shown.contains("analys"), "{shown}");
}

#[test]
fn a_hint_the_expert_could_not_give_says_so_and_is_not_asked_again() {
    let mut app = hint_thinking(Lang::Fr);
    for e in app.take_effects() {
        if let Effect::Hint(r) = e {
            app.update(Msg::Answer(TableAnswer::Hinted(r, None).into()));
        }
    }
    assert_eq!(hint(&app), Some(contree::session::table::Hint::Failed));
    ch(&mut app, 'i');
    assert!(!app.take_effects().iter().any(|e| matches!(e, Effect::Hint(_))));
    let shown = format!("{:?}", draw(&mut app, 80, 24).backend());
    assert!(shown.contains("l'expert n'a pas pu répondre"), "{shown}");
    assert_eq!(app.game().map(|g| g.deal().hints), Some(0), "no hint was seen");
}

#[test]
fn the_longest_reason_for_a_contre_fits_the_table() {
    use contree::bots::expert::{Advice, Reason};
    use contree::rules::Call;
    // The widest figures a contre's reason can carry, in each language: two lines at most,
    // the bidding box and the hand still whole.
    snapshot_all("hint_contre", |l| {
        let mut app = contre_offered(l);
        ch(&mut app, 'i');
        let asked: Vec<contree::session::work::HintRequest> = asked!(app, Hint);
        for r in asked {
            let advice = Advice::bare(
                contree::game::Action::Bid(Call::Contre),
                Reason::Contre { need: 160, seen: 120, seen_se: Some(9), worlds: 12, of: 16 },
            );
            app.update(Msg::Answer(TableAnswer::Hinted(r, Some(advice)).into()));
        }
        app
    });
    // A pass's figures, each with its standard error, as every figure the table reads.
    snapshot_all("hint_pass", |l| {
        let mut app = contre_offered(l);
        ch(&mut app, 'i');
        let asked: Vec<contree::session::work::HintRequest> = asked!(app, Hint);
        for r in asked {
            let other = Call::Bid(contree::rules::Bid::new(
                contree::rules::BidLevel::Points(100),
                contree::rules::Suit::Hearts,
            ));
            let reason = Reason::Pass {
                mean: 47,
                se: Some(12),
                other,
                other_mean: -188,
                other_se: Some(31),
            };
            let advice = Advice::bare(contree::game::Action::Bid(Call::Pass), reason);
            app.update(Msg::Answer(TableAnswer::Hinted(r, Some(advice)).into()));
        }
        let hint = app.words().advice(&Advice::bare(
            contree::game::Action::Bid(Call::Pass),
            Reason::Pass {
                mean: 47,
                se: Some(12),
                other: Call::Contre,
                other_mean: 5,
                other_se: None,
            },
        ));
        let error = ["give or take 12", "à 12 près", "a 12 pres"];
        assert!(hint.contains("+47 point") && error.iter().any(|e| hint.contains(e)), "{hint}");
        app
    });
}

#[test]
fn a_call_kept_beside_a_better_looking_one_says_why_it_stands() {
    use contree::bots::expert::{Advice, Reason};
    use contree::rules::{Bid, Call, Suit};
    // The pass stands beside a bid that scores more, within its give or take: the hint says
    // the bid is not clearly better, in two rows (at 80x24 the footer's lent to it).
    let reason = Reason::Close {
        best: Call::Bid(Bid::new(BidLevel::Points(100), Suit::Spades)),
        diff: 50,
        se: Some(61),
    };
    let kept = |l| {
        let mut app = contre_offered(l);
        ch(&mut app, 'i');
        let asked: Vec<contree::session::work::HintRequest> = asked!(app, Hint);
        for r in asked {
            let advice = Advice::bare(contree::game::Action::Bid(Call::Pass), reason);
            app.update(Msg::Answer(TableAnswer::Hinted(r, Some(advice)).into()));
        }
        app
    };
    snapshot_all("hint_close", kept);
    for lang in Lang::ALL {
        let mut app = kept(lang);
        let w = app.words();
        let advice = Advice::bare(contree::game::Action::Bid(Call::Pass), reason);
        let t = draw(&mut app, 80, 24);
        assert!(bottom_rows(&t, 2).contains(&w.advice(&advice)), "{:?}", t.backend());
        let said = w.reason(reason);
        let why = ["not clearly better", "pas nettement mieux"];
        assert!(said.contains("100 ♠") && why.iter().any(|y| said.contains(y)), "{said}");
    }
}

#[test]
fn the_help_defines_every_word_of_the_table() {
    for lang in Lang::ALL {
        let mut app = playing(lang);
        ch(&mut app, '?');
        // Down to the help's end, where its words are: each frame says how far it scrolls.
        for _ in 0..40 {
            draw(&mut app, 120, 40);
            key(&mut app, KeyCode::PageDown);
        }
        let t = draw(&mut app, 120, 40);
        let buf = t.backend().buffer();
        let w = app.words();
        // The help's own columns, inside the frame its title opens.
        let row = |y: u16| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect::<Vec<_>>();
        let title = format!("╭ {}", w.t(T::Help));
        let top = (0..buf.area.height)
            .find(|&y| row(y).concat().contains(&title))
            .expect("the help's frame");
        let left = row(top).iter().position(|&c| c == "╭").expect("its corner");
        let right = row(top).iter().position(|&c| c == "╮").expect("its other corner");
        let shown: String = (top + 1..buf.area.height)
            .map(|y| row(y)[left + 1..right].concat().trim().to_string())
            .collect::<Vec<_>>()
            .join(" ");
        for &word in &T::GLOSSARY {
            // Each definition opens on its word, before its colon.
            let defined = w.t(word).split(" : ").next().and_then(|d| d.split(": ").next());
            let defined = defined.unwrap_or_default();
            assert!(!defined.is_empty() && shown.contains(defined), "{defined:?} in {shown}");
        }
    }
}

/// A whole trick on the table, South's card in it, before it is gathered.
fn full_trick(app: &mut App) {
    for _ in 0..8 {
        key(app, KeyCode::Enter);
        for _ in 0..100 {
            if table(app).shown_trick().is_some() {
                return;
            }
            settle_one(app);
        }
    }
    panic!("no trick was completed");
}

/// The suit whose glyph a cell holds.
fn suit_of_glyph(symbol: &str) -> Option<contree::rules::Suit> {
    let glyphs = ["♠", "♥", "♦", "♣"];
    glyphs.iter().position(|g| *g == symbol).map(contree::rules::Suit::from_index)
}

/// The column where the side panel starts: the corner before its first title.
fn panel_left(buf: &ratatui::buffer::Buffer) -> u16 {
    (0..buf.area.width).find(|&x| buf[(x, 0)].symbol() == "╭").expect("the side panel")
}

#[test]
fn the_four_colour_deck_and_high_contrast_draw_each_suit_in_its_colour() {
    use contree::rules::Suit;
    use contree::session::settings::{Colours, Deck};
    use ratatui::style::Modifier;
    for (colours, deck, name) in [
        (Colours::On, Deck::FourColour, "four_colour"),
        (Colours::HighContrast, Deck::TwoColour, "high_contrast"),
        (Colours::HighContrast, Deck::FourColour, "high_contrast_four_colour"),
    ] {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut c = config(Lang::En);
            c.settings.colors = colours;
            c.settings.deck = deck;
            let mut app = App::new(c);
            assert_eq!(app.theme(), Theme::new(colours, deck, false));
            sit(&mut app);
            settle(&mut app);
            bid_with_keys(&mut app);
            full_trick(&mut app);
            let t = draw(&mut app, w, h);
            insta::assert_snapshot!(format!("{name}_en_{w}x{h}"), t.backend());
            let theme = app.theme();
            let buf = t.backend().buffer();
            // Each card of the hand: its glyphs in its suit's colour (dimmed when South is to play
            // and it may not be played), bold in high contrast.
            let playable = |c| !app.south_to_play() || app.playable().contains(c);
            for card in app.hand() {
                let area = app.hits().area_of(Hit::Card(card)).expect("the card is drawn");
                let style = if playable(card) { theme.suit(card.suit()) } else { theme.dim };
                let glyphs: Vec<_> = area
                    .positions()
                    .map(|p| &buf[p])
                    .filter(|cell| suit_of_glyph(cell.symbol()) == Some(card.suit()))
                    .collect();
                assert!(!glyphs.is_empty(), "{name} {card}");
                for cell in glyphs {
                    assert_eq!(cell.fg, style.fg.unwrap_or_default(), "{name} {card}");
                    if colours == Colours::HighContrast && playable(card) {
                        assert!(cell.modifier.contains(Modifier::BOLD), "{name} {card}");
                    }
                    assert!(!cell.modifier.contains(Modifier::DIM), "{name} {card}");
                }
            }
            // Nowhere is a suit drawn in another suit's colour; the trick's cards show theirs.
            for cell in buf.content() {
                let Some(suit) = suit_of_glyph(cell.symbol()) else { continue };
                for other in Suit::ALL.into_iter().filter(|&o| o != suit) {
                    let theirs = theme.suit(other).fg.unwrap_or_default();
                    if theirs != theme.suit(suit).fg.unwrap_or_default()
                        && theirs != ratatui::style::Color::Reset
                    {
                        assert_ne!(
                            cell.fg, theirs,
                            "{name}: a {suit:?} glyph in {other:?}'s colour"
                        );
                    }
                }
            }
            // The trick, between the hand's row and the side panel.
            let hand = app.hand();
            let hand_top = hand.iter().filter_map(|&c| app.hits().area_of(Hit::Card(c)));
            let hand_top = hand_top.map(|r| r.y).min().expect("a hand");
            let felt = ratatui::layout::Rect::new(0, 0, panel_left(buf), hand_top);
            for (_, card) in table(&app).table_trick().expect("a trick").plays() {
                let colour = theme.suit(card.suit()).fg.unwrap_or_default();
                let shown = felt.positions().map(|p| &buf[p]).filter(|cell| {
                    suit_of_glyph(cell.symbol()) == Some(card.suit()) && cell.fg == colour
                });
                assert!(shown.count() > 0, "{name} {card}");
            }
            if deck == Deck::FourColour {
                let fg: std::collections::HashSet<_> =
                    Suit::ALL.iter().map(|&s| theme.suit(s).fg).collect();
                assert_eq!(fg.len(), 4, "{name}");
            }
        }
    }
}

#[test]
fn the_deck_and_colours_settings_change_the_theme_and_are_saved() {
    use contree::rules::Suit;
    use contree::session::settings::SettingItem;
    use contree::session::settings::{Colours, Deck};
    let mut app = App::new(config(Lang::Fr));
    app.start_item(StartItem::Settings);
    let _ = app.take_effects();
    app.change_setting(SettingItem::Deck, true);
    assert_eq!(
        (app.settings().deck, app.session().saved.deck),
        (Deck::FourColour, Deck::FourColour)
    );
    assert!(app.take_effects().contains(&Effect::SaveSettings));
    assert_eq!(app.theme(), Theme::new(Colours::On, Deck::FourColour, false));
    // The deck's line shows the four suits, each in its colour.
    let t = draw(&mut app, 80, 24);
    let buf = t.backend().buffer();
    let row = (0..buf.area.height)
        .find(|&y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .contains("Jeu de cartes")
        })
        .expect("the deck's line");
    for suit in Suit::ALL {
        let cell = (0..buf.area.width)
            .map(|x| &buf[(x, row)])
            .find(|c| suit_of_glyph(c.symbol()) == Some(suit))
            .expect("the suit's glyph");
        assert_eq!(cell.fg, app.theme().suit(suit).fg.unwrap_or_default(), "{suit:?}");
    }
    let mut seen = Vec::new();
    for _ in Colours::ALL {
        app.change_setting(SettingItem::Colors, true);
        seen.push(app.session().saved.colors);
        assert_eq!(app.theme(), Theme::new(app.settings().colors, Deck::FourColour, false));
    }
    assert_eq!(seen, [Colours::HighContrast, Colours::Off, Colours::On]);
    app.change_setting(SettingItem::Colors, false);
    assert_eq!(app.settings().colors, Colours::Off, "left goes back");
    // Under NO_COLOR high contrast stays without colour.
    let mut c = config(Lang::En);
    c.no_color = true;
    c.settings.colors = Colours::HighContrast;
    let app = App::new(c);
    assert_eq!(app.theme(), Theme::monochrome_high_contrast());
}

/// The cells of `area` in the last frame that hold `symbol`.
fn count_in(buf: &ratatui::buffer::Buffer, area: ratatui::layout::Rect, symbol: &str) -> usize {
    area.intersection(buf.area).positions().filter(|&p| buf[p].symbol() == symbol).count()
}

#[test]
fn trump_cards_carry_a_mark_in_colour_in_monochrome_and_in_ascii() {
    use contree::ui::widgets::card::trump_suit;
    let looks = [
        ("colour", Theme::colored(), false),
        ("monochrome", Theme::monochrome(), false),
        ("ascii", Theme::monochrome(), true),
    ];
    for (name, theme, ascii) in looks {
        let mark = if ascii { "*" } else { "★" };
        let mut c = Config { ascii, ..config(Lang::En) };
        c.no_color = theme == Theme::monochrome();
        // Every card of South played by a key, the first from a hand of eight.
        c.settings.auto_play = false;
        let mut app = App::new(c);
        sit(&mut app);
        settle(&mut app);
        focus_first_value(&mut app);
        key(&mut app, KeyCode::Enter);
        key(&mut app, KeyCode::Enter);
        let mut full_hand = false;
        for _ in 0..8 {
            settle(&mut app);
            if !app.south_to_play() {
                break;
            }
            let trump = trump_suit(&app).expect("a suit contract");
            for (w, h) in [(80, 24), (120, 40)] {
                let mut t = Terminal::new(TestBackend::new(w, h)).expect("terminal");
                view::draw(&mut t, &mut app).expect("draw");
                let buf = t.backend().buffer();
                let hand = app.hand();
                full_hand |= hand.len() == 8 && (w, h) == (80, 24);
                // Each trump of the hand shows its mark, even where the cards overlap.
                for &card in &hand {
                    let area = app.hits().area_of(Hit::Card(card)).expect("drawn");
                    let marks = count_in(buf, area, mark);
                    assert_eq!(marks > 0, card.suit() == trump, "{name} {card} {w}x{h}");
                }
                if !ascii {
                    // Two marks a trump card, in the hand and the trick, and one in the panel.
                    let in_trick = table(&app)
                        .table_trick()
                        .map_or(0, |t| t.plays().filter(|(_, c)| c.suit() == trump).count());
                    let trumps = hand.iter().filter(|c| c.suit() == trump).count() + in_trick;
                    assert_eq!(count_in(buf, buf.area, mark), 2 * trumps + 1, "{name} {w}x{h}");
                }
            }
            key(&mut app, KeyCode::Enter);
        }
        assert!(full_hand, "{name}: the first card was drawn from a hand of eight");
    }
}

/// The computer players and South's hints think within the budget in worlds the table is
/// given, whatever other table runs in the same process.
#[test]
fn the_table_thinks_within_the_budget_it_is_given() {
    let budget = contree::bots::expert::Budget::worlds(3);
    let mut app = App::new(Config { budget, ..config(Lang::En) });
    sit(&mut app);
    settle(&mut app);
    assert!(app.south_to_bid());
    ch(&mut app, 'i');
    let hints: Vec<contree::session::work::HintRequest> = asked!(app, Hint);
    assert_eq!(hints.iter().map(|r| r.budget).collect::<Vec<_>>(), [budget]);
    ch(&mut app, 'p');
    for _ in 0..10 {
        let thinking: Vec<contree::session::work::BotRequest> = asked!(app, Think);
        if let Some(r) = thinking.first() {
            assert_eq!(r.budget, budget);
            return;
        }
        app.update(Msg::Timer);
    }
    panic!("no computer player was asked");
}

/// The lines of the help's list of keys, as drawn at 120x40.
fn help_keys(app: &mut App) -> Vec<String> {
    ch(app, '?');
    let t = draw(app, 120, 40);
    let buf = t.backend().buffer();
    let rows: Vec<String> = (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    // The help's own column: from its "Keys" line down to the blank line before the rules.
    let keys = rows.iter().skip_while(|r| !r.contains("│Keys") && !r.contains("│Touches"));
    keys.skip(1)
        .map(|r| r.split('│').nth(1).unwrap_or_default().trim().to_string())
        .take_while(|r| !r.is_empty())
        .collect()
}

#[test]
fn the_help_lists_only_the_keys_that_apply_in_the_game() {
    use contree::rules::{RuleSet, Rules};
    let has = |keys: &[String], key: &str, label: &str| {
        keys.iter().any(|l| l.starts_with(key) && l.ends_with(label) && l.len() > key.len())
    };
    // Contrée without sans atout and tout atout: neither their keys nor coinche's declarations,
    // and `n` says one thing only.
    let keys = help_keys(&mut at_table(Lang::En));
    assert!(!has(&keys, "n/t ", "NT / AT"), "{keys:#?}");
    assert!(!has(&keys, "y Enter ", "declare") && !has(&keys, "n ", "keep quiet"), "{keys:#?}");
    assert_eq!(keys.iter().filter(|l| l.starts_with("n ") || l.starts_with("n/")).count(), 1);
    assert!(has(&keys, "c ", "Contre") && has(&keys, "u ", "take back"), "{keys:#?}");
    // With the option, `n` and `t` bid sans atout and tout atout.
    let nt_at = Rules::of(RuleSet::Contree).with_nt_at(true);
    let keys = help_keys(&mut at_table_rules(Lang::En, nt_at, SEED));
    assert!(has(&keys, "n/t ", "NT / AT"), "{keys:#?}");
    assert!(!has(&keys, "n ", "keep quiet"), "{keys:#?}");
    // Coinche, where South chooses to declare: the prompt's keys.
    let mut c = config_rules(Lang::En, Rules::of(RuleSet::Coinche), SEED);
    c.settings.choose_declarations = true;
    let mut app = App::new(c);
    sit(&mut app);
    let keys = help_keys(&mut app);
    assert!(has(&keys, "y Enter ", "declare") && has(&keys, "n ", "keep quiet"), "{keys:#?}");
    assert!(!has(&keys, "n/t ", "NT / AT"), "{keys:#?}");
    // Coinche where every seat declares by itself: no prompt, no keys for it.
    let keys = help_keys(&mut at_table_rules(Lang::En, Rules::of(RuleSet::Coinche), SEED));
    assert!(!has(&keys, "y Enter ", "declare"), "{keys:#?}");
}

/// The calls and cards of the deal on the table so far.
fn actions(app: &App) -> usize {
    app.game().map_or(0, |g| g.deal().actions().count())
}

/// Moves the table on, a pause or a computer player at a time, until someone acts; the status
/// is returned as it was at every step before.
fn until_someone_acts(app: &mut App) -> Vec<Option<String>> {
    let before = actions(app);
    let mut seen = Vec::new();
    for _ in 0..50 {
        if actions(app) > before {
            return seen;
        }
        seen.push(app.status());
        settle_one(app);
    }
    panic!("nobody acted");
}

#[test]
fn a_message_about_the_table_goes_once_its_position_is_gone() {
    let mut c = config(Lang::En);
    c.settings.speed = Speed::Normal;
    let mut app = App::new(c);
    sit(&mut app);
    for _ in 0..20 {
        if app.south_to_bid() {
            break;
        }
        settle_one(&mut app);
    }
    // South bids, and the next seat passes: South's bid can no longer be taken back.
    focus_first_value(&mut app);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    until_someone_acts(&mut app);
    ch(&mut app, 'u');
    let said = app.status().unwrap_or_default();
    assert!(said.contains("has acted since"), "{said}");
    // It holds while that position is on the table, through the pause and the thinking...
    let meanwhile = until_someone_acts(&mut app);
    assert!(!meanwhile.is_empty() && meanwhile.iter().all(|s| s.as_deref() == Some(&*said)));
    // ... and goes with it: the next seat's call makes it untrue, no key pressed.
    assert_eq!(app.status(), None, "the message outlived its position");
    // A message about the disk is about no position: it stays through the play, to a key.
    app.tell("the disk is full".into());
    until_someone_acts(&mut app);
    assert_eq!(app.status().as_deref(), Some("the disk is full"));
    ch(&mut app, 'H');
    assert_eq!(app.status(), None);
}

/// The first cell of `t` that is not ASCII, and where.
fn not_ascii(t: &Terminal<TestBackend>) -> Option<(u16, u16, String)> {
    let buf = t.backend().buffer();
    buf.area
        .positions()
        .map(|p| (p.x, p.y, buf[p].symbol().to_string()))
        .find(|(.., s)| !s.is_ascii())
}

#[test]
fn in_ascii_every_screen_is_ascii_in_both_languages() {
    use contree::rules::{RuleSet, Rules};
    for lang in Lang::ALL {
        let mut shown: Vec<(&str, App)> = Vec::new();
        let mut look = |name, app: &App| shown.push((name, app.clone()));
        let mut app = App::new(ascii(lang));
        look("start", &app);
        app.start_item(StartItem::Rules);
        for _ in 0..12 {
            draw(&mut app, 80, 24);
            key(&mut app, KeyCode::PageDown);
            look("rules", &app);
        }
        let mut app = App::new(ascii(lang));
        app.start_item(StartItem::Settings);
        for _ in 0..16 {
            look("settings", &app);
            key(&mut app, KeyCode::Down);
        }
        // The table: its auction, the hint, the help, the menu, the players.
        let mut app = seated(ascii(lang));
        look("bidding", &app);
        ch(&mut app, 'i');
        answer_hints(&mut app);
        look("hint", &app);
        for (popup, back) in [('?', KeyCode::Esc), ('m', KeyCode::Esc), ('P', KeyCode::Esc)] {
            ch(&mut app, popup);
            look("popup", &app);
            key(&mut app, back);
        }
        // A call's meaning: the call South is choosing, then South's bid during the play.
        key(&mut app, KeyCode::Up);
        look("meaning of the call to come", &app);
        key(&mut app, KeyCode::Esc);
        let mut app = playing_of(app);
        look("playing", &app);
        look("meaning", &read_souths_bid(app.clone()));
        // A refused card says why.
        let legal = app.playable();
        if let Some(i) = app.hand().iter().position(|c| !legal.contains(*c)) {
            ch(&mut app, char::from_digit(i as u32 + 1, 10).expect("a digit"));
            assert!(app.status().is_some());
            look("refused", &app);
        }
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
        ch(&mut app, 'L');
        look("tricks", &app);
        key(&mut app, KeyCode::Esc);
        ch(&mut app, 'H');
        look("history", &app);
        key(&mut app, KeyCode::Esc);
        let mut app = finished_deal_of(app);
        look("deal end", &app);
        // The review, with the expert's analysis, scrolled down to its end.
        key(&mut app, KeyCode::Esc);
        ch(&mut app, 'H');
        key(&mut app, KeyCode::Enter);
        answer_analysis(&mut app, &mut None);
        for _ in 0..6 {
            draw(&mut app, 80, 24);
            look("review", &app);
            key(&mut app, KeyCode::PageDown);
        }
        // The expert's line over it.
        ch(&mut app, 'l');
        look("expert's line", &app);
        key(&mut app, KeyCode::Right);
        look("expert's line", &app);
        // The end of the game, with its statistics, and the statistics screen.
        let (mut over, _) = whole_game_of(seated(ascii(lang)));
        let game = over.game().cloned().expect("a finished game");
        let mut stats = contree::stats::Stats::default();
        for d in game.history() {
            stats.add_deal(d);
        }
        over.stats_loaded(stats.clone());
        look("game over", &over);
        let mut app = App::new(ascii(lang));
        app.start_item(StartItem::Statistics);
        app.stats_loaded(stats);
        look("statistics", &app);
        // A saved game offered, and the question before a new game replaces it.
        let mut c = ascii(lang);
        c.resume =
            Some(Resumable { game, started: Some(1_795_950_000), saved: Some(1_795_960_800) });
        let mut app = App::new(c);
        look("resume", &app);
        app.start_item(StartItem::Play);
        look("replace", &app);
        // Players whose names and taglines have accents, all together and one by one.
        let mut c = ascii(lang);
        let players = ["dede", "kevin", "marcel"].map(String::from);
        let seats = contree::rules::BySeat([
            contree::game::HUMAN.to_string(),
            players[0].clone(),
            players[1].clone(),
            players[2].clone(),
        ]);
        c.game = Some(contree::game::Game::new(contree::game::GameOptions::default(), SEED, seats));
        let mut app = App::new(c);
        look("players", &app);
        key(&mut app, KeyCode::Esc);
        for seat in [Seat::West, Seat::North, Seat::East] {
            draw(&mut app, 120, 40);
            click(&mut app, Hit::Seat(seat));
            look("seat", &app);
            key(&mut app, KeyCode::Esc);
        }
        // Coinche: the seats' declarations at the first trick.
        let coinche =
            Config { ascii: true, ..config_rules(lang, Rules::of(RuleSet::Coinche), SEED) };
        let mut app = playing_of(seated(coinche));
        look("coinche", &app);
        key(&mut app, KeyCode::Enter);
        look("coinche trick", &app);
        for (name, mut app) in shown {
            for (w, h) in [(80, 24), (120, 40)] {
                let t = draw(&mut app, w, h);
                if let Some((x, y, cell)) = not_ascii(&t) {
                    panic!("{lang:?} {name} {w}x{h}: {cell:?} at {x},{y}\n{:?}", t.backend());
                }
            }
        }
    }
}

/// The rows of a drawn frame as text.
fn rows_of(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn the_history_shows_the_running_totals_whole_at_80_columns() {
    for lang in Lang::ALL {
        // The second deal in progress, with points on the board from the first.
        let mut app = finished_deal(lang);
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
        ch(&mut app, 'H');
        let totals = app.game().expect("a game").totals();
        let rows = rows_of(&draw(&mut app, 80, 24));
        let in_progress = rows.iter().find(|r| r.contains("▶")).expect("the deal in progress");
        let inside = in_progress.split('│').nth(1).unwrap_or_default().trim_end();
        let sums = format!("{:>6} {:>6}", totals[Team::NS], totals[Team::EW]);
        assert!(inside.ends_with(&sums), "{lang:?}: {in_progress:?} for {sums:?}");
    }
}

#[test]
fn the_table_keeps_its_rows_when_the_hint_line_appears() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = at_table(Lang::En);
        let before = rows_of(&draw(&mut app, w, h));
        let hand = |app: &App| {
            let cards = app.hand().into_iter().filter_map(|c| app.hits().area_of(Hit::Card(c)));
            cards.map(|r| r.y).min()
        };
        let hand_before = hand(&app);
        ch(&mut app, 'i');
        answer_hints(&mut app);
        let after = rows_of(&draw(&mut app, w, h));
        assert!(after.iter().any(|r| r.contains("Hint: ")), "the hint is shown");
        assert_eq!(hand(&app), hand_before, "{w}x{h}: South's hand moved");
        // The side panel's frames, row by row, stay where they were.
        let panel = |rows: &[String]| -> Vec<String> {
            rows.iter().map(|r| r.chars().skip(usize::from(w) - 3).collect()).collect()
        };
        let (p0, p1) = (panel(&before), panel(&after));
        let rows = usize::from(h) - 3;
        assert_eq!(p0[..rows], p1[..rows], "{w}x{h}: the panel moved");
    }
}

#[test]
fn the_review_of_a_finished_deal_shows_the_four_hands_as_dealt_then_the_tricks() {
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut app = finished_deal(lang);
            ch(&mut app, 'H');
            key(&mut app, KeyCode::Enter);
            // Every line of the review, scrolled through to its end.
            let mut seen: Vec<String> = Vec::new();
            for _ in 0..8 {
                let rows = rows_of(&draw(&mut app, w, h));
                // The popup's columns, from its top left corner to its top right one.
                let top =
                    rows.iter().find(|r| r.contains('╭') && r.contains(" 1 ")).expect("drawn");
                let chars: Vec<char> = top.chars().collect();
                let left = chars.iter().position(|&c| c == '╭').unwrap_or(0);
                let right = left + chars[left..].iter().position(|&c| c == '╮').unwrap_or(0);
                for r in &rows {
                    let inside: String = r.chars().skip(left + 1).take(right - left - 1).collect();
                    let inside = inside.trim().to_string();
                    if !seen.contains(&inside) {
                        seen.push(inside);
                    }
                }
                key(&mut app, KeyCode::PageDown);
            }
            let g = app.game().expect("a game");
            let record = &g.history()[0].record;
            let trump = g.history()[0].contract.map(|c| c.trump());
            let words = app.words();
            let hands = Seat::ALL.map(|seat| {
                let cards = contree::session::table::sorted_hand(record.hand_sets()[seat], trump);
                let cards: Vec<String> = cards.into_iter().map(|c| words.card(c)).collect();
                format!("{:<6} {}", words.seat(seat), cards.join(" "))
            });
            let at = |line: &str| seen.iter().position(|l| l == line);
            for hand in &hands {
                assert!(at(hand).is_some(), "{lang:?} {w}x{h}: {hand:?} in {seen:#?}");
            }
            // The hands come before the first trick.
            let first_trick =
                seen.iter().position(|l| l.starts_with(words.t(contree::text::T::Trick)));
            assert!(hands.iter().all(|hand| at(hand) < first_trick), "{lang:?} {seen:#?}");
        }
    }
}

/// The first deal finished, its summary closed by reviewing it from the history, then played
/// again: South's calls made with the same keys, and its cards the ones it played the first
/// time, the others as they come.
fn played_again(lang: Lang) -> (App, contree::rules::DealRecord) {
    let mut app = finished_deal(lang);
    let first = app.game().expect("a game").history()[0].record.clone();
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Enter); // the review of the finished deal
    assert_eq!(app.mode(), contree::ui::keymap::Mode::Review);
    ch(&mut app, 'a');
    assert!(app.playing_again(), "the deal is played again");
    assert!(app.status().is_some_and(|s| !s.is_empty()), "the table says it counts nowhere");
    let game = app.game().expect("the deal played again");
    assert_eq!(game.deal().hands(), first.hand_sets(), "the same hands");
    assert_eq!(game.deal().dealer, first.dealer);
    let mut souths = Vec::new();
    for (i, &card) in first.play.iter().enumerate() {
        if let Ok(replay) = contree::game::Replay::new(&contree::rules::DealRecord {
            play: first.play[..i].to_vec(),
            ..first.clone()
        }) && replay.finish().is_ok_and(|g| g.to_act() == Some(Seat::South))
        {
            souths.push(card);
        }
    }
    let mut effects = Vec::new();
    for _ in 0..200 {
        effects.extend(settle(&mut app));
        if app.popups().last() == Some(&Popup::DealEnd) {
            break;
        }
        if app.south_to_bid() {
            bid_with_keys(&mut app);
        } else if app.south_to_play() {
            // South's next card the first time: forced ones play themselves.
            let card = souths[8 - app.hand().len()];
            let i = app.hand().iter().position(|&c| c == card).expect("South holds it");
            ch(&mut app, char::from_digit(i as u32 + 1, 10).expect("a digit"));
        } else {
            key(&mut app, KeyCode::Enter);
        }
    }
    assert_eq!(app.popups().last(), Some(&Popup::DealEnd), "the deal played again is over");
    for e in &effects {
        assert!(
            !matches!(e, Effect::SaveGame | Effect::DealFinished | Effect::GameFinished),
            "a deal played again is neither saved nor counted: {e:?}"
        );
    }
    (app, first)
}

#[test]
fn a_deal_played_again_from_the_history_gives_the_same_answers_and_goes_back_to_the_game() {
    for lang in Lang::ALL {
        let before = finished_deal(lang);
        let game = before.game().expect("a game").clone();
        let (mut app, first) = played_again(lang);
        let again = &app.game().expect("the deal played again").history()[0];
        assert_eq!(again.record.auction, first.auction, "the same calls");
        assert_eq!(again.record.play, first.play, "the same cards");
        let first_score = game.history()[0].points();
        assert_eq!(app.first_result(), Some(first_score));
        let t = draw(&mut app, 80, 24);
        let screen = format!("{:?}", t.backend());
        let first_time = match lang {
            Lang::Fr => "La première fois",
            Lang::En => "The first time",
        };
        assert!(screen.contains(first_time), "{screen}");
        // The summary's button goes back to the game, under its history as it was.
        key(&mut app, KeyCode::Enter);
        assert!(!app.playing_again());
        assert!(!app.quitting());
        assert_eq!(app.game().map(|g| g.history()), Some(game.history()));
        assert_eq!(app.game().map(|g| g.totals()), Some(game.totals()));
        assert!(matches!(app.popups().last(), Some(Popup::History(h)) if h.review == Some(0)));
    }
}

#[test]
fn quitting_a_deal_played_again_goes_back_to_the_game() {
    let mut app = finished_deal(Lang::En);
    let game = app.game().expect("a game").clone();
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Enter);
    ch(&mut app, 'a');
    assert!(app.playing_again());
    bid_with_keys(&mut app);
    ch(&mut app, 'q');
    assert!(!app.quitting(), "back to the game, not out of the table");
    assert!(!app.playing_again());
    assert_eq!(app.game().map(|g| g.history()), Some(game.history()));
    // The deal in progress is never played again: it is not finished.
    let mut app = playing(Lang::En);
    ch(&mut app, 'H');
    key(&mut app, KeyCode::Enter);
    ch(&mut app, 'a');
    assert!(!app.playing_again());
}

#[test]
fn a_deal_played_again_ends_on_both_results() {
    snapshot_all("again_over", |l| played_again(l).0);
    snapshot_all("again_review", |l| {
        let mut app = finished_deal(l);
        ch(&mut app, 'H');
        key(&mut app, KeyCode::Enter);
        app
    });
}

/// `config(lang)` with each deal compared with the expert in South's seat.
fn comparing(lang: Lang) -> Config {
    let mut c = config(lang);
    c.settings.compare = true;
    c
}

/// The first deal of `comparing(lang)` played to its summary, as [`finished_deal_of`] plays
/// it, with the comparisons the table asked, not answered yet.
fn compared_deal(lang: Lang) -> (App, Vec<contree::session::work::CompareRequest>) {
    let mut app = playing_of(seated(comparing(lang)));
    let mut asked = Vec::new();
    for _ in 0..64 {
        if app.popups().last() == Some(&Popup::DealEnd) {
            break;
        }
        key(&mut app, KeyCode::Enter);
        for e in settle(&mut app) {
            if let Effect::Compare(r) = e {
                asked.push(r);
            }
        }
    }
    (app, asked)
}

/// Answers `asked` as a worker would.
fn answer_comparisons(app: &mut App, asked: Vec<contree::session::work::CompareRequest>) -> usize {
    let n = asked.len();
    for r in asked {
        app.update(r.answer().into());
    }
    n
}

#[test]
fn the_expert_in_your_seat() {
    // The summary while the expert plays the deal again, then with its result.
    snapshot_all("deal_end_comparing", |l| compared_deal(l).0);
    snapshot_all("deal_end_compared", |l| {
        let (mut app, asked) = compared_deal(l);
        assert_eq!(answer_comparisons(&mut app, asked), 1);
        app
    });
    // The score panel keeps the game's balance.
    snapshot_all("balance_panel", |l| {
        let (mut app, asked) = compared_deal(l);
        answer_comparisons(&mut app, asked);
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
        app
    });
    // The game's end with its balance, every deal compared before it is recorded.
    snapshot_all("game_over_compared", |l| {
        // The comparisons asked during the game are answered at its end: it is recorded only
        // once the last is in.
        let (mut app, effects) = whole_game_of(seated(comparing(l)));
        assert!(!effects.contains(&Effect::GameFinished), "not before its comparisons");
        let asked: Vec<_> = effects
            .into_iter()
            .filter_map(|e| match e {
                Effect::Compare(r) => Some(r),
                _ => None,
            })
            .collect();
        answer_comparisons(&mut app, asked);
        let game = app.game().cloned().expect("a game");
        assert_eq!(game.phase(), Phase::GameOver);
        let finished = settle(&mut app).iter().filter(|e| **e == Effect::GameFinished).count();
        assert_eq!(finished, 1, "recorded once");
        assert!(game.expert_thinking().is_empty());
        assert_eq!(game.expert_balance().0 as usize, game.history().len());
        app
    });
    // The statistics with the deals compared, in all and per rule set.
    snapshot_all("statistics_compared", |l| {
        let mut app = App::new(config(l));
        app.start_item(StartItem::Statistics);
        let mut stats = contree::stats::Stats::default();
        let game = compared_deal(l).0.game().cloned();
        for d in game.expect("a game").history() {
            stats.add_deal(d);
        }
        stats.add_comparison(contree::rules::RuleSet::Contree, -60);
        stats.add_comparison(contree::rules::RuleSet::Contree, -25);
        stats.add_comparison(contree::rules::RuleSet::Coinche, 40);
        app.stats_loaded(stats);
        app
    });
}

/// The row of the auction panel whose meaning is read.
fn selected(app: &App) -> Option<Selected> {
    app.table().and_then(|t| t.selected())
}

/// The index in the auction of South's first bid.
fn souths_bid(app: &App) -> usize {
    let a = &app.game().expect("a game").deal().auction;
    let bid = |i: &usize| a.seat_of(*i) == Seat::South && a.calls()[*i] != Call::Pass;
    (0..a.calls().len()).find(bid).expect("South bid")
}

/// The play of the first deal, South's opening read in the auction panel: ↑ from the last
/// call back to it.
fn reading_souths_bid(lang: Lang) -> App {
    read_souths_bid(playing(lang))
}

fn read_souths_bid(mut app: App) -> App {
    let south = souths_bid(&app);
    let calls = app.game().expect("a game").deal().auction.calls().len();
    for _ in south..calls {
        key(&mut app, KeyCode::Up);
    }
    assert_eq!(selected(&app), Some(Selected::Call(south)));
    app
}

/// South choosing its bid: 80 chosen, the focus on the first suit.
fn choosing_a_bid(lang: Lang) -> App {
    let mut app = at_table(lang);
    focus_first_value(&mut app);
    key(&mut app, KeyCode::Enter);
    assert!(matches!(app.bid_buttons()[focus(&app)], BidButton::Trump(_)));
    app
}

/// The text in `area` of a frame, its rows joined by spaces as a wrapped text was cut.
fn text_in(t: &Terminal<TestBackend>, area: ratatui::layout::Rect) -> String {
    let buf = t.backend().buffer();
    let rows: Vec<String> = (area.top()..area.bottom())
        .map(|y| (area.left()..area.right()).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .map(|row| row.trim().to_string())
        .filter(|row| !row.is_empty())
        .collect();
    rows.join(" ")
}

/// The inside of the meaning box of the auction panel, as text.
fn meaning_box(app: &App, t: &Terminal<TestBackend>) -> String {
    let row = selected(app).expect("a row read");
    let r = app.hits().area_of(Hit::Call(row)).expect("the meaning box is drawn");
    text_in(t, ratatui::layout::Rect::new(r.x + 1, r.y + 1, r.width - 2, r.height - 2))
}

/// The inside of the bidding box under its first row, as text.
fn bidding_box(app: &App, t: &Terminal<TestBackend>) -> String {
    let pass = app.hits().area_of(Hit::Bid(BidButton::Call(Call::Pass))).expect("Pass is drawn");
    let buf = t.backend().buffer();
    let right = (pass.x..buf.area.width).find(|&x| buf[(x, pass.y)].symbol() == "│");
    let right = right.expect("the box's border");
    let bottom = (pass.y..buf.area.height).find(|&y| buf[(pass.x, y)].symbol() == "─");
    let bottom = bottom.expect("the box's foot");
    text_in(t, ratatui::layout::Rect::new(pass.x, pass.y, right - pass.x, bottom - pass.y))
}

#[test]
fn call_meanings() {
    snapshot_all("call_meaning", reading_souths_bid);
    snapshot_all("bid_meaning", choosing_a_bid);
    snapshot_all("bid_meaning_whole", |l| {
        let mut app = choosing_a_bid(l);
        key(&mut app, KeyCode::Up);
        assert_eq!(selected(&app), Some(Selected::Coming));
        app
    });
    let mut app = read_souths_bid(playing_of(seated(ascii(Lang::Fr))));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("call_meaning_ascii_fr", t.backend());
    assert_eq!(not_ascii(&t), None);
}

/// The table of a deal South opened 80 ♥ in and East, an expert, contred, North and West
/// passing, South to speak again: the auction panel reading East's contre.
fn reading_an_experts_contre(lang: Lang) -> App {
    use contree::game::{Game, Replay};
    use contree::rules::DealRecord;
    let cards = |s: &str| s.split_whitespace().map(|c| c.parse().expect("a card")).collect();
    let record = DealRecord {
        dealer: Seat::West,
        hands: contree::rules::BySeat([
            cards("JS 9S AS 10S KS QS 8S 7H"),
            cards("7S 8H 9H 10H AD KD QD JD"),
            cards("7D 8D 9D 10D 7C 8C 9C 10C"),
            cards("JH QH KH AH JC QC KC AC"),
        ]),
        auction: ["80H", "contre"].map(|c| c.parse().expect("a call")).to_vec(),
        play: Vec::new(),
        rules: None,
        declared: Default::default(),
        game: None,
        claimed: None,
    };
    let game: Game = Replay::new(&record).and_then(Replay::finish).expect("a deal in its auction");
    assert_eq!(game.deal().levels[Seat::East], contree::bots::Level::Expert);
    let mut app = App::new(Config { game: Some(game), ..config(lang) });
    if app.popups().last() == Some(&Popup::Players) {
        key(&mut app, KeyCode::Esc);
    }
    settle(&mut app);
    assert!(app.south_to_bid(), "{:?}", app.popups());
    for _ in 0..4 {
        key(&mut app, KeyCode::Up);
    }
    assert_eq!(selected(&app), Some(Selected::Call(1)));
    app
}

#[test]
fn an_experts_contre_says_what_its_hand_holds() {
    snapshot_all("expert_contre_meaning", reading_an_experts_contre);
    let mut app = reading_an_experts_contre(Lang::En);
    let t = draw(&mut app, 120, 40);
    let game = app.game().expect("a game");
    let m = &every_call(&game.deal().auction, &levels(&app))[1];
    assert_eq!(meaning_box(&app, &t), app.words().meaning(m));
    // East's four trumps without an honour: a hold of 5 and an ace; the contre shows less than
    // the convention's 6, as an expert's may, and its hand holds what it shows.
    assert!(
        meaning_box(&app, &t).contains(
            "The convention contres from 6 in the bold style, from 7 in the cautious style"
        )
    );
    assert!(m.admits(game.deal().dealt[Seat::East]));
}

/// The level each seat's calls are read by in the deal at `app`'s table.
fn levels(app: &App) -> contree::rules::BySeat<contree::bots::Level> {
    app.game().expect("a game").deal().levels
}

#[test]
fn the_auctions_calls_are_read_with_keys_during_the_auction_and_the_play() {
    let mut app = at_table(Lang::En);
    let w = app.words();
    let auction = app.game().expect("a game").deal().auction.clone();
    assert_eq!(auction.calls(), &[Call::Pass], "West passed; South is to bid");
    assert_eq!(selected(&app), None);
    let t = draw(&mut app, 120, 40);
    assert!(app.hits().area_of(Hit::Call(Selected::Coming)).is_none(), "no meaning box");
    assert!(!footer_row(&t).contains("Esc  close"));
    // ↑ reads the call South is choosing: Pass, where South's turn opens.
    key(&mut app, KeyCode::Up);
    assert_eq!(selected(&app), Some(Selected::Coming));
    let t = draw(&mut app, 120, 40);
    assert_eq!(meaning_box(&app, &t), w.meaning(&Meaning::of(&auction, Call::Pass, PERSON)));
    assert!(footer_row(&t).contains("Esc  close"), "{}", footer_row(&t));
    // Then West's pass, before it; ↓ and j come back, k goes up as ↑.
    key(&mut app, KeyCode::Up);
    assert_eq!(selected(&app), Some(Selected::Call(0)));
    let t = draw(&mut app, 120, 40);
    assert_eq!(meaning_box(&app, &t), w.meaning(&every_call(&auction, &levels(&app))[0]));
    ch(&mut app, 'j');
    assert_eq!(selected(&app), Some(Selected::Coming));
    ch(&mut app, 'k');
    assert_eq!(selected(&app), Some(Selected::Call(0)));
    // Esc closes the meaning, and only then opens the menu.
    key(&mut app, KeyCode::Esc);
    assert_eq!(selected(&app), None);
    assert!(app.popups().is_empty(), "no menu yet: {:?}", app.popups());
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.popups().last(), Some(Popup::Menu { .. })));
    key(&mut app, KeyCode::Esc);
    // During the play, the auction is read as well, and South's own bid: ↑ from the last call.
    bid_with_keys(&mut app);
    assert_eq!(app.game().map(|g| g.phase()), Some(Phase::Playing));
    let mut app = read_souths_bid(app);
    let auction = app.game().expect("a game").deal().auction.clone();
    let south = souths_bid(&app);
    let t = draw(&mut app, 80, 24);
    let read = meaning_box(&app, &t);
    let whole = w.meaning(&every_call(&auction, &levels(&app))[south]);
    assert!(read.starts_with("Opens 80"), "{read}");
    assert!(
        read == whole || read.chars().count() < whole.chars().count(),
        "at 80x24, whole or shortened: {read}"
    );
    let t = draw(&mut app, 120, 40);
    assert_eq!(meaning_box(&app, &t), whole, "whole at 120x40");
    // Reading changes nothing of the play: a card is played as ever.
    let hand = app.hand().len();
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.hand().len(), hand - 1);
    assert_eq!(selected(&app), Some(Selected::Call(south)), "the call stays read");
    // A new deal closes it.
    let mut app = finished_deal_of(app);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), contree::ui::keymap::Mode::DealDone);
    key(&mut app, KeyCode::Up);
    assert!(selected(&app).is_some(), "the finished deal's auction is read");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(selected(&app), None, "the next deal's auction starts unread");
}

#[test]
fn a_click_on_a_call_reads_it_and_a_second_closes_it() {
    let mut app = playing(Lang::En);
    let south = souths_bid(&app);
    let w = app.words();
    let auction = app.game().expect("a game").deal().auction.clone();
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Call(Selected::Call(south)));
    assert_eq!(selected(&app), Some(Selected::Call(south)));
    let t = draw(&mut app, 120, 40);
    assert_eq!(meaning_box(&app, &t), w.meaning(&every_call(&auction, &levels(&app))[south]));
    // Another call, then the same again.
    click(&mut app, Hit::Call(Selected::Call(0)));
    assert_eq!(selected(&app), Some(Selected::Call(0)));
    let t = draw(&mut app, 120, 40);
    assert_eq!(meaning_box(&app, &t), w.meaning(&every_call(&auction, &levels(&app))[0]));
    let row = app.hits().area_of(Hit::Call(Selected::Call(0))).expect("drawn");
    // The topmost area of that call is its meaning box: a click on it closes it too.
    assert!(row.height > 1);
    click(&mut app, Hit::Call(Selected::Call(0)));
    assert_eq!(selected(&app), None);
    // During the auction, every seat's call: West's pass, by a click on its row.
    let mut app = at_table(Lang::En);
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Call(Selected::Call(0)));
    assert_eq!(selected(&app), Some(Selected::Call(0)));
    let t = draw(&mut app, 80, 24);
    let auction = app.game().expect("a game").deal().auction.clone();
    assert_eq!(meaning_box(&app, &t), w.meaning(&every_call(&auction, &levels(&app))[0]));
}

#[test]
fn the_focused_bidding_button_says_what_its_call_tells_partner() {
    use contree::rules::{Bid, Suit, Trump};
    for lang in Lang::ALL {
        let mut app = at_table(lang);
        let w = app.words();
        let auction = app.game().expect("a game").deal().auction.clone();
        let said = |call: Call| {
            format!(
                "{} {} {}",
                w.call(call),
                w.sign(Sign::Dash),
                w.meaning(&Meaning::of(&auction, call, PERSON))
            )
        };
        // South's turn opens on Pass.
        let t = draw(&mut app, 120, 40);
        assert!(bidding_box(&app, &t).ends_with(&said(Call::Pass)), "{}", bidding_box(&app, &t));
        // A value waits for its suit; the suit's button says what the bid tells.
        focus_first_value(&mut app);
        let t = draw(&mut app, 120, 40);
        assert!(bidding_box(&app, &t).ends_with(w.t(T::MeaningAfterTrump)));
        key(&mut app, KeyCode::Enter);
        let bid = |suit| Call::Bid(Bid { level: BidLevel::Points(80), trump: Trump::Suit(suit) });
        for suit in [Suit::Spades, Suit::Hearts] {
            let t = draw(&mut app, 120, 40);
            assert!(bidding_box(&app, &t).ends_with(&said(bid(suit))), "{lang:?} {suit:?}");
            key(&mut app, KeyCode::Right);
        }
        // At 80x24 the meaning is shortened, and ↑ reads it whole in the auction panel.
        key(&mut app, KeyCode::Left);
        let t = draw(&mut app, 80, 24);
        let note = format!("{} {}", w.keys("↑"), w.t(T::WholeMeaning));
        assert!(format!("{:?}", t.backend()).contains(&note), "{lang:?}: {:?}", t.backend());
        key(&mut app, KeyCode::Up);
        let t = draw(&mut app, 80, 24);
        assert!(!format!("{:?}", t.backend()).contains(&note));
        let whole = w.meaning(&Meaning::of(&auction, bid(Suit::Hearts), PERSON));
        assert_eq!(meaning_box(&app, &t), whole, "{lang:?}");
    }
}

/// The figures of who holds what asked so far, read with a small budget so that the tests run
/// at once; the other effects are dropped.
fn answer_holds(app: &mut App) -> usize {
    let mut n = 0;
    for e in app.take_effects() {
        if let Effect::Holds(mut r) = e {
            r.budget = contree::bots::expert::HoldsBudget { effective: 100.0, most: 400 };
            let holds = r.reckon().map(Box::new);
            app.update(Msg::Answer(Answer::Held(r, holds)));
            n += 1;
        }
    }
    n
}

/// South to play its first card, who holds what opened with `w`, its figures in.
fn holds_in_play(config: Config) -> App {
    let mut app = playing_of(seated(config));
    assert!(app.south_to_play());
    ch(&mut app, 'w');
    assert!(matches!(app.popups().last(), Some(Popup::Holds(_))));
    assert_eq!(answer_holds(&mut app), 1);
    app
}

#[test]
fn who_holds_what_thinks_then_shows_the_odds_and_closes() {
    snapshot_all("holds_play", |lang| holds_in_play(config(lang)));
    let mut app = holds_in_play(ascii(Lang::En));
    insta::assert_snapshot!("holds_play_ascii_80x24", draw(&mut app, 80, 24).backend());
    for lang in Lang::ALL {
        // Asked, not in yet: the view says the expert is at it.
        let mut app = at_table(lang);
        assert!(app.south_to_bid());
        ch(&mut app, 'w');
        let w = app.words();
        let shown = format!("{:?}", draw(&mut app, 80, 24).backend());
        assert!(shown.contains(w.t(T::HoldsTitle)), "{shown}");
        assert!(shown.contains(&w.t(T::HoldsThinking)[..10]), "{shown}");
        // `w` again closes it, and its answer, late, is dropped.
        ch(&mut app, 'w');
        assert!(app.popups().is_empty());
        assert_eq!(answer_holds(&mut app), 1);
        assert!(app.popups().is_empty());
        // Esc closes it, and so does a click outside it.
        let mut app = holds_in_play(config(lang));
        let shown = format!("{:?}", draw(&mut app, 120, 40).backend());
        assert!(shown.contains(&w.holds_worlds(400, 0, false)[..4]), "{shown}");
        key(&mut app, KeyCode::Esc);
        assert!(app.popups().is_empty(), "Esc closes it");
        assert!(app.south_to_play(), "and the table is as it was");
        ch(&mut app, 'w');
        answer_holds(&mut app);
        draw(&mut app, 120, 40);
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        }));
        assert!(app.popups().is_empty(), "a click outside closes it");
    }
    // The help lists the key.
    let mut app = at_table(Lang::Fr);
    ch(&mut app, '?');
    let shown = format!("{:?}", draw(&mut app, 120, 40).backend());
    assert!(shown.contains(app.words().t(T::HoldsKey)), "{shown}");
}

/// The first deal of a finished game, played from a file as `--deal-file` plays it: never
/// played at this table, with no first result.
fn deal_of_a_file(lang: Lang) -> App {
    use contree::game::{HUMAN, Replay, draw_players};
    let record = finished_deal(lang).game().expect("a game").history()[0].record.clone();
    let [east, north, west] = draw_players(SEED, None);
    let players = contree::rules::BySeat([HUMAN.to_string(), east, north, west]);
    let game = Replay::deal_again(&record, SEED, players).expect("the deal");
    let mut app = App::new(Config { game: None, ..config(lang) });
    app.play_again(game, None);
    app
}

#[test]
fn a_deal_of_a_file_is_not_said_to_be_played_again() {
    snapshot_all("deal_file", deal_of_a_file);
    for (lang, again) in [(Lang::En, "again"), (Lang::Fr, "rejou")] {
        let app = deal_of_a_file(lang);
        let status = app.status().expect("the table says it counts nowhere");
        assert!(!status.contains(again), "{status}");
        let mut app = finished_deal_of(playing_of(deal_of_a_file(lang)));
        assert_eq!(app.popups().last(), Some(&Popup::DealEnd));
        let text = format!("{:?}", draw(&mut app, 80, 24).backend());
        assert!(!text.contains(again), "{text}");
    }
}

/// Whether `line` writes a hyphen where a minus goes: before a figure, after a space or an
/// opening bracket.
fn hyphen_before_a_figure(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    chars
        .windows(3)
        .any(|w| matches!(w[0], ' ' | '(' | '"') && w[1] == '-' && w[2].is_ascii_digit())
}

#[test]
fn every_screen_drawn_with_glyphs_writes_its_signed_figures_with_a_true_minus() {
    assert!(hyphen_before_a_figure(" (-25)") && !hyphen_before_a_figure(" (−25) N-S 7-8"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    for entry in std::fs::read_dir(&dir).expect("the snapshots") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a snapshot");
        // Drawn in ASCII, a hyphen is the minus.
        if !text.contains(['─', '│']) {
            continue;
        }
        let hyphened = text.lines().find(|l| hyphen_before_a_figure(l));
        assert!(hyphened.is_none(), "{}: {hyphened:?}", path.display());
    }
}

/// Twelve games' figures, oldest first, as the store reads them from the games filed: the
/// mistakes getting cheaper, the balance closing; the second game filed before the mistakes
/// were measured, the fifth with no deal compared.
fn twelve_games() -> Vec<contree::progress::GameProgress> {
    use contree::progress::{Answers, Balance, GameProgress, MistakesCost};
    (0..12u32)
        .map(|i| GameProgress {
            started: Some(1_795_950_000 + u64::from(i) * 3600),
            deals: 10 + i % 3,
            balance: (i != 4).then_some(Balance { deals: 10, sum: -300 + i64::from(i) * 25 }),
            mistakes: (i != 1).then_some(MistakesCost {
                deals: 10,
                calls: u64::from(200 - i * 12),
                cards: u64::from(420 - i * 25),
            }),
            exercises: Answers { solved: u64::from(i / 2), missed: u64::from(3 - i % 4) },
        })
        .collect()
}

/// The statistics screen over the start screen, its progress loaded, the progress view opened
/// on `g`.
fn progress_view(config: Config, games: Vec<contree::progress::GameProgress>) -> App {
    let mut app = App::new(config);
    app.start_item(StartItem::Statistics);
    app.stats_loaded(contree::stats::Stats { progress: games, ..Default::default() });
    ch(&mut app, 'g');
    assert!(matches!(app.screen(), Screen::Progress(_)), "g opens the progress");
    app
}

#[test]
fn the_progress_view_draws_each_figure_as_a_chart() {
    for (look, ascii_only) in [("", false), ("ascii_", true)] {
        for lang in Lang::ALL {
            let lang_name = if lang == Lang::Fr { "fr" } else { "en" };
            for (w, h) in [(80, 24), (120, 40)] {
                let c = if ascii_only { ascii(lang) } else { config(lang) };
                let mut app = progress_view(c, twelve_games());
                let t = draw(&mut app, w, h);
                insta::assert_snapshot!(format!("progress_{look}{lang_name}_{w}x{h}"), t.backend());
                if ascii_only {
                    let buf = t.backend().buffer();
                    assert!(buf.content().iter().all(|c| c.symbol().is_ascii()), "ASCII only");
                }
            }
        }
    }
    // → goes to the mistakes, calls and cards apart; a click on a chart's name shows it.
    let mut app = progress_view(config(Lang::En), twelve_games());
    key(&mut app, KeyCode::Right);
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("progress_mistakes_en_80x24", t.backend());
    click(&mut app, Hit::Chart(contree::ui::hits::Chart::Exercises));
    let t = draw(&mut app, 80, 24);
    insta::assert_snapshot!("progress_exercises_en_80x24", t.backend());
    // Esc goes back to the statistics; a click elsewhere on the view does too.
    key(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Screen::Statistics(_)));
    ch(&mut app, 'g');
    draw(&mut app, 80, 24);
    click(&mut app, Hit::Close);
    assert!(matches!(app.screen(), Screen::Statistics(_)), "a click closes the view");
}

#[test]
fn the_progress_charts_name_each_game_under_its_point_and_say_so_plainly() {
    for lang in Lang::ALL {
        for (w, h) in [(80, 24), (120, 40)] {
            let two = twelve_games().into_iter().take(2).collect();
            let mut app = progress_view(config(lang), two);
            let t = draw(&mut app, w, h);
            let rows = rows_of(&t);
            let axis = rows.iter().position(|r| r.contains('└')).expect("the x axis");
            let legend = rows.iter().position(|r| r.contains("* ")).expect("the legend");
            // The points, one a game, oldest left; under each, its number.
            let mut points: Vec<usize> = rows[legend + 1..axis]
                .iter()
                .flat_map(|r| r.chars().enumerate().filter(|&(_, c)| c == '*').map(|(x, _)| x))
                .collect();
            points.sort_unstable();
            assert_eq!(points.len(), 2, "{}", rows.join("\n"));
            let labels: Vec<char> = rows[axis + 1].chars().collect();
            for (n, x) in points.into_iter().enumerate() {
                let number = char::from_digit(n as u32 + 1, 10).expect("a digit");
                assert_eq!(labels[x], number, "{lang:?} {w}x{h}: game {number} at {x}");
            }
            let caption = match lang {
                Lang::En => "Your 2 games, the oldest on the left.",
                Lang::Fr => "Vos 2 parties, la plus ancienne à gauche.",
            };
            let text = screen::text(&t);
            assert!(text.contains(caption), "{text}");
        }
    }
}

#[test]
fn the_progress_view_says_what_will_appear_before_two_games() {
    for lang in Lang::ALL {
        let one = twelve_games().into_iter().take(1).collect();
        let mut app = progress_view(config(lang), one);
        let t = draw(&mut app, 80, 24);
        let name = if lang == Lang::Fr { "fr" } else { "en" };
        insta::assert_snapshot!(format!("progress_too_few_{name}_80x24"), t.backend());
    }
}

#[test]
fn the_statistics_footer_and_the_help_list_the_progress_key() {
    let mut app = App::new(config(Lang::En));
    app.start_item(StartItem::Statistics);
    let t = draw(&mut app, 80, 24);
    assert!(format!("{:?}", t.backend()).contains("g  progress"), "the footer lists g");
    let help = contree::ui::keymap::help_bindings();
    assert!(help.iter().any(|b| b.label == T::ProgressKey), "the help lists it");
}

/// Every popup over every screen it opens on, in both languages, at 80x24, 100x30 and 120x40:
/// each covers the whole area it is given, so that no frame cut short, no card's edge and no
/// popup under it shows around its frame.
#[test]
fn every_popup_covers_the_whole_area_it_is_given() {
    for lang in Lang::ALL {
        let mut shown: Vec<(&str, App)> = Vec::new();
        let mut with = |name, mut app: App, keys: &[KeyCode]| {
            for &k in keys {
                key(&mut app, k);
            }
            shown.push((name, app));
        };
        let help = KeyCode::Char('?');
        // The start screen and the screens it opens, with the help over each.
        with("help over the start screen", App::new(config(lang)), &[help]);
        for item in [StartItem::Settings, StartItem::Rules, StartItem::Statistics] {
            let mut app = App::new(config(lang));
            app.start_item(item);
            with("help over a screen of the start", app, &[help]);
        }
        with("help over the progress", progress_view(config(lang), twelve_games()), &[help]);
        with(
            "a new game over a saved one",
            saved_game_offered(lang),
            &[KeyCode::Down, KeyCode::Enter],
        );
        // The table during the auction: the players, one of them, the menu, the help, who
        // holds what; the settings opened from the menu, with the help over them.
        with("the players", App::new(config(lang)), &[KeyCode::Enter]);
        let mut app = at_table(lang);
        draw(&mut app, 120, 40);
        click(&mut app, Hit::Seat(Seat::West));
        with("one player", app, &[]);
        with("the menu", at_table(lang), &[KeyCode::Char('m')]);
        with("the help at the table", at_table(lang), &[help]);
        with(
            "the settings over the table",
            at_table(lang),
            &[KeyCode::Char('m'), KeyCode::Down, KeyCode::Enter, help],
        );
        with("who holds what", holds_in_play(config(lang)), &[]);
        // The play: the last trick, the history and the deal in progress under review; the
        // question whether to declare.
        let mut app = playing(lang);
        for _ in 0..2 {
            key(&mut app, KeyCode::Enter);
            settle(&mut app);
        }
        with("the last trick", app.clone(), &[KeyCode::Char('L')]);
        with("the history during the play", app.clone(), &[KeyCode::Char('H')]);
        with("the deal in progress", app, &[KeyCode::Char('H'), KeyCode::Enter]);
        with("the question whether to declare", coinche_declaring(lang, true), &[]);
        // The end of a deal, the history and the review over it, with the expert's analysis
        // and his line; the tricks once the summary is closed; the end of the game.
        with("the end of a deal", finished_deal(lang), &[]);
        with("the history over the end of a deal", finished_deal(lang), &[KeyCode::Char('H')]);
        with(
            "a review over the end of a deal",
            finished_deal(lang),
            &[KeyCode::Char('H'), KeyCode::Enter],
        );
        let mut app = analysing(lang);
        answer_analysis(&mut app, &mut None);
        with("a review with its analysis", app, &[]);
        with("the expert's line", expert_line_of(line_deal(config(lang)), &mut None), &[]);
        with("the tricks of a deal done", finished_deal(lang), &[KeyCode::Esc, KeyCode::Char('L')]);
        with("the end of the game", whole_game(lang).0, &[]);
        for (name, mut app) in shown {
            screen::assert_popup_covers_its_area(&format!("{lang:?}: {name}"), &mut app);
        }
    }
}
