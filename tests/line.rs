//! The line mode: every command of the table's keys has its words, in English and in French; a
//! whole game to 1000 is played by typed lines, in the process and through the binary's standard
//! input, to the same transcript; the first deal's transcript in each language is kept as a
//! snapshot; the game is saved as it goes and resumed where it was left; a claim is answered,
//! and a finished deal played again is saved nowhere.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};

use contree::bots::Level;
use contree::bots::expert::Budget;
use contree::game::{Game, GameOptions, Phase};
use contree::line::LineMode;
use contree::line::parse::{self, Kind, NoWord, WORDS};
use contree::rules::{Seat, Team};
use contree::session::commands::Mode;
use contree::session::effects;
use contree::session::settings::Settings;
use contree::store::{GameResult, Store};
use contree::text::{Lang, T};
use contree::text::{SuitStyle, Words};
use contree::ui::Config;
use contree::ui::keymap::BINDINGS;

/// The modes the line mode has: the table's, and what it says of the game.
const LINE_MODES: &[Mode] = &[
    Mode::Bidding,
    Mode::Playing,
    Mode::Declare,
    Mode::Summary,
    Mode::GameOver,
    Mode::History,
    Mode::Review,
    Mode::Tricks,
    Mode::ExpertLine,
    Mode::DealDone,
    Mode::Confirm,
    Mode::Players,
    Mode::Help,
    Mode::Rules,
    Mode::Menu,
];

#[test]
fn every_command_of_the_tables_keys_has_its_words_in_both_languages() {
    for b in BINDINGS {
        for &mode in b.modes.iter().filter(|m| LINE_MODES.contains(m)) {
            match parse::word_for(mode, b.cmd) {
                Ok(kind) => {
                    let word = WORDS.iter().find(|w| w.kind == kind);
                    assert!(word.is_some(), "{:?} in {mode:?}: no words for {kind:?}", b.cmd);
                }
                // Only keys that move, scroll, close or stop have no word of their own.
                Err(NoWord::Named | NoWord::Screen) => assert!(
                    matches!(
                        b.cmd,
                        contree::session::commands::Cmd::Left
                            | contree::session::commands::Cmd::Right
                            | contree::session::commands::Cmd::Up
                            | contree::session::commands::Cmd::Down
                            | contree::session::commands::Cmd::Act
                            | contree::session::commands::Cmd::Pick
                            | contree::session::commands::Cmd::NextButton
                            | contree::session::commands::Cmd::PrevButton
                            | contree::session::commands::Cmd::PageUp
                            | contree::session::commands::Cmd::PageDown
                            | contree::session::commands::Cmd::Close
                    ),
                    "{:?} in {mode:?} has no word",
                    b.cmd
                ),
                Err(NoWord::Shell) => {
                    assert_eq!(b.cmd, contree::session::commands::Cmd::Suspend);
                }
            }
        }
    }
    // Every way the help gives to say a command says it, in its language.
    for word in WORDS.iter().filter(|w| w.kind != Kind::Again) {
        for (lang, said) in [Lang::En, Lang::Fr].into_iter().zip(word.said) {
            for example in said.split(", ") {
                let got = parse::parse(lang, example).map(|c| c.kind());
                assert_eq!(got, Some(word.kind), "{lang:?} {example:?}");
            }
        }
        assert!(word.does.iter().all(|d| !d.is_empty()));
    }
    assert_eq!(parse::parse(Lang::En, "   ").map(|c| c.kind()), Some(Kind::Again));
}

fn config(lang: Lang, seed: u64) -> Config {
    let settings = Settings { lang, level: Level::Normal, ..Settings::default() };
    let game = contree::game::new_game(GameOptions::default(), seed, None);
    Config { game: Some(game), ..Config::plain(settings, seed) }
}

/// What South types at its turn: a pass, or its first legal card named in words, in one of the
/// ways a player writes it; `None` once the game is over.
fn south_types(game: &Game, lang: Lang, turn: usize) -> Option<String> {
    let w = Words { lang, suits: SuitStyle::Letters, ascii: false, spoken: true };
    let letters = Words { spoken: false, ..w };
    match game.phase() {
        Phase::GameOver => None,
        Phase::Bidding => Some(if lang == Lang::En { "pass" } else { "passe" }.to_string()),
        _ => {
            let card = game.legal_cards().first()?;
            Some(match (turn % 3, lang) {
                (0, Lang::En) => format!("play {}", w.card(card)),
                (0, Lang::Fr) => format!("jouer {}", w.card(card)),
                (1, _) => w.card(card),
                _ => letters.card(card).to_lowercase(),
            })
        }
    }
}

/// Plays the line mode in the process until `stop` says so, typing what South types: the
/// lines said and the lines typed.
fn play(
    line: &mut LineMode,
    store: &Store,
    lang: Lang,
    stop: impl Fn(&Game) -> bool,
) -> (Vec<String>, Vec<String>) {
    let (mut said, mut typed) = (Vec::new(), Vec::new());
    for turn in 0..5000 {
        // Every request to think is answered before anything is typed, as the runner does.
        support::think_through(line, store);
        said.extend(line.take_said());
        // A table closed (the deal of the day, over) has no game left to look at.
        if line.quit {
            return (said, typed);
        }
        let game = line.game().expect("a game").clone();
        if stop(&game) {
            return (said, typed);
        }
        let text = south_types(&game, lang, turn).expect("South has something to type");
        assert_eq!(game.to_act(), Some(Seat::South), "typed only at South's turn: {said:?}");
        line.input(&text);
        typed.push(text);
    }
    panic!("the game did not end: {said:?}");
}

/// The lines of the first deal, up to its summary's totals.
fn first_deal(said: &[String]) -> String {
    let end = said.iter().position(|l| l.starts_with("Totals") || l.starts_with("Totaux"));
    said[..=end.expect("a deal's totals")].join("\n")
}

#[test]
fn the_first_deal_is_said_a_line_an_event_in_english_and_in_french() {
    for lang in [Lang::En, Lang::Fr] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut line = LineMode::new(config(lang, 5), true, &[]);
        let (said, _) = play(&mut line, &store, lang, |g| !g.history().is_empty());
        let text = first_deal(&said);
        // Plain lines: no glyph, no escape sequence, nothing drawn.
        assert!(!text.contains(['♠', '♥', '♦', '♣', '\u{1b}', '\r']), "{text}");
        insta::assert_snapshot!(format!("first_deal_{lang:?}"), text);
    }
}

#[test]
fn a_computer_players_claim_is_said_with_its_cards_then_each_trick_before_the_score() {
    // Seed 29: West claims every trick at the first card, South's eight played for it.
    for lang in [Lang::En, Lang::Fr] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut line = LineMode::new(config(lang, 29), true, &[]);
        let (said, _) = play(&mut line, &store, lang, |g| !g.history().is_empty());
        let deal = first_deal(&said);
        let claimed = [" claims the rest of the tricks.", " revendique les plis restants."];
        let from = said.iter().position(|l| claimed.iter().any(|c| l.ends_with(c)));
        let claim = &said[from.expect("a claim")..];
        let over = ["Deal 1 over.", "Fin de la donne 1."];
        let end = claim.iter().position(|l| over.contains(&l.as_str())).expect("the deal's end");
        // Who claimed, the cards it shows, then the eight tricks, each whole with its winner;
        // no card said alone.
        assert!(
            claim[1].contains(" shows its cards: ") || claim[1].contains(" montre ses cartes : ")
        );
        let tricks =
            claim[2..end].iter().filter(|l| l.starts_with("Trick ") || l.starts_with("Pli "));
        assert_eq!(tricks.count(), 8, "{deal}");
        assert!(!claim[..end].iter().any(|l| l.contains(" joue ") || l.contains(" plays ")));
        let totals = claim.iter().position(|l| l.starts_with("Tot")).expect("the totals");
        insta::assert_snapshot!(format!("claim_{lang:?}"), claim[..=totals].join("\n"));
    }
}

#[test]
fn a_card_refused_says_the_rule_and_what_may_be_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    // Up to a turn of South's where it may not play every card it holds.
    let (said, _) = play(&mut line, &store, Lang::En, |g| {
        g.phase() == Phase::Playing
            && g.to_act() == Some(Seat::South)
            && g.legal_cards() != g.deal().hands()[Seat::South]
    });
    assert!(said.iter().any(|l| l.starts_with("You may play: ")), "{said:?}");
    let game = line.game().expect("a game").clone();
    let held = game.deal().hands()[Seat::South];
    let wrong = held.iter().find(|c| !game.legal_cards().contains(*c)).expect("a card refused");
    let w = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: true };
    line.input(&format!("play {}", w.card(wrong)));
    let answer = line.take_said();
    let named = w.card(wrong);
    let capital = format!("{}{}", named[..1].to_uppercase(), &named[1..]);
    assert!(answer[0].starts_with(&format!("{capital}: you must ")), "{answer:?}");
    assert!(answer.iter().any(|l| l.starts_with("You may play: ")), "{answer:?}");
    // A card South does not hold, a call in the play, a word not understood: each says why.
    let missing = contree::rules::Card::all().find(|c| !held.contains(*c)).expect("one");
    line.input(&format!("play {}", w.card(missing)));
    line.input("100 hearts");
    line.input("fold");
    let answer = line.take_said();
    assert_eq!(answer[0], format!("You do not hold {}.", w.the_card(missing)));
    assert_eq!(answer[1], "The auction is over: play a card.");
    assert_eq!(answer[2], "Not understood: \"fold\". Say help for the commands.");
    assert_eq!(line.game().map(|g| g.deal().hands()[Seat::South]), Some(held), "nothing played");
}

/// `contree --line` run with `args` in the data directory `data`, `input` on its standard
/// input, which must say nothing on standard error: standard output and the exit status.
fn contree_line(data: &Path, args: &[&str], input: &str) -> (String, Option<i32>) {
    let all: Vec<&str> = std::iter::once("--line").chain(args.iter().copied()).collect();
    let (out, err, code) = support::contree(data, &all, input);
    assert!(err.is_empty(), "{err}");
    (out, code)
}

#[test]
fn a_whole_game_to_1000_is_played_through_standard_input() {
    // The game played in the process gives the script and the transcript to expect.
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 11), true, &[]);
    let (mut said, typed) = play(&mut line, &store, Lang::En, |g| g.phase() == Phase::GameOver);
    line.end();
    let _ = effects::apply_effects(&mut line, &store);
    said.extend(line.take_said());
    let game = line.game().expect("a game");
    assert!(game.totals().0.iter().any(|&t| t >= 1000), "{:?}", game.totals());
    let over = said.iter().find(|l| l.starts_with("Game over: ")).expect("the game's end");
    // The verdict goes on the sentence after its colon, without a capital.
    assert!(
        over == "Game over: your opponents win" || over == "Game over: you and your partner win!",
        "{over}"
    );
    // Each deal played says its 32 cards and its eight tricks once each, in order, a deal the
    // computer players claimed too (this game has some): a card at a time, and a trick a claim
    // plays out whole, with its cards (the cards of the trick begun before the claim are said
    // as they were played, and again with their trick).
    assert!(said.iter().any(|l| l.ends_with(" claims the rest of the tricks.")), "{said:?}");
    assert!(said.iter().any(|l| l.contains(" shows its cards: ")), "{said:?}");
    let deal_starts = |l: &String| {
        l.starts_with("Deal ") && (l.ends_with(" deals.") || l.ends_with(" You deal."))
    };
    for deal in said.split(deal_starts).skip(1) {
        let tricks: Vec<&String> = deal.iter().filter(|l| l.starts_with("Trick ")).collect();
        let cards = deal.iter().filter(|l| l.contains(" play the ") || l.contains(" plays the "));
        if tricks.is_empty() {
            continue;
        }
        let mut whole = 0;
        for (i, t) in tricks.iter().enumerate() {
            let played = t.starts_with(&format!("Trick {} to ", i + 1));
            let claimed = t.starts_with(&format!("Trick {}, to ", i + 1));
            assert!(played || claimed, "{deal:?}");
            whole += usize::from(claimed);
        }
        let cards = cards.count() + 4 * whole;
        assert_eq!(tricks.len(), 8, "{deal:?}");
        assert!((32..=35).contains(&cards), "{cards} cards said: {deal:?}");
    }
    // The binary, fed the same lines on its standard input, says the same; the end of the input
    // saves and leaves.
    let data = tempfile::tempdir().expect("temp dir");
    let script: String = typed.iter().map(|t| format!("{t}\n")).collect();
    let (out, code) = contree_line(
        data.path(),
        &["--new", "--seed", "11", "--level", "normal", "--lang", "en"],
        &script,
    );
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().collect::<Vec<_>>(), said);
    let saved = Store::at(data.path()).expect("store");
    let filed = saved.last_game().expect("the games file").0.expect("the game filed");
    let won = game.winner() == Some(Team::NS);
    let result = if won { GameResult::Won } else { GameResult::Lost };
    assert_eq!((filed.result, filed.totals), (result, game.totals()));
}

#[test]
fn a_game_left_is_resumed_where_it_was() {
    let data = tempfile::tempdir().expect("temp dir");
    let args = ["--new", "--seed", "5", "--level", "normal", "--lang", "fr"];
    let (first, code) = contree_line(data.path(), &args, "passe\naide\nquitter\nmain\n");
    assert_eq!(code, Some(0));
    assert!(first.contains("Dites aide pour les commandes."), "{first}");
    assert!(first.contains("Vous passez."), "{first}");
    // Nothing after the quit is read: "main" would say the hand after the last words.
    assert!(first.trim_end().ends_with("La partie est enregistrée. Au revoir."), "{first}");
    let (second, code) =
        contree_line(data.path(), &["--level", "normal", "--lang", "fr"], "score\n");
    assert_eq!(code, Some(0));
    assert!(second.contains("Reprise de la partie enregistrée"), "{second}");
    assert!(second.contains("Score : nous 0, eux 0, en 1000."), "{second}");
    // In ASCII, the same words without their accents.
    let (ascii, _) =
        contree_line(data.path(), &["--level", "normal", "--lang", "fr", "--ascii"], "");
    assert!(ascii.is_ascii(), "{ascii}");
    assert!(ascii.contains("La partie est enregistree. Au revoir."), "{ascii}");
}

mod parsing {
    use contree::line::parse::{Command, parse};
    use contree::rules::{Bid, BidLevel, Call, Card, Rank, Suit, Trump};
    use contree::text::Lang;
    use contree::text::{SuitStyle, Words};
    use proptest::prelude::*;

    fn lang() -> impl Strategy<Value = Lang> {
        prop_oneof![Just(Lang::En), Just(Lang::Fr)]
    }

    fn card() -> impl Strategy<Value = Card> {
        (0usize..32).prop_map(|i| Card::all().nth(i).expect("32 cards"))
    }

    /// Lines as a player might type them, and worse: a card (a rank, a suit, "play" and "of" or
    /// not), a bid (a level and a trump, "bid" or not), or words of the commands, glyphs,
    /// accents and bytes of any kind run together, so that cards and calls come up often among
    /// the lines read as nothing.
    fn typed() -> impl Strategy<Value = Vec<u8>> {
        use proptest::sample::select;
        let ranks = vec![
            "jack", "valet", "j", "v", "queen", "dame", "q", "d", "king", "roi", "k", "r", "ace",
            "as", "a", "7", "sept", "8", "huit", "9", "10", "dix", "ten",
        ];
        let suits = vec![
            "spades", "pique", "s", "p", "hearts", "coeur", "cœur", "h", "c", "diamonds",
            "carreau", "d", "k", "clubs", "trèfle", "t", "♠", "♥", "♦", "♣",
        ];
        let trumps: Vec<&str> = suits
            .iter()
            .copied()
            .chain(["nt", "sa", "at", "ta", "no trump", "sans atout", "tout atout", "all trumps"])
            .collect();
        let others = vec![
            "play",
            "jouer",
            "bid",
            "of",
            "de",
            "the",
            "80",
            "100",
            "160",
            "capot",
            "pass",
            "passe",
            "no bid",
            "contre",
            "double",
            "sur",
            "surcontre",
            "js",
            "10h",
            "vp",
            "kd",
            "?",
            "",
        ];
        let card = (
            select(vec!["", "play ", "jouer "]),
            select(ranks.clone()),
            select(vec![" ", " of ", " de ", ""]),
            select(suits.clone()),
        )
            .prop_map(|(p, r, of, s)| format!("{p}{r}{of}{s}").into_bytes());
        let bid = (
            select(vec!["", "bid "]),
            select(vec!["80", "90", "100", "160", "170", "capot"]),
            select(trumps),
        )
            .prop_map(|(p, l, t)| format!("{p}{l} {t}").into_bytes());
        let word = prop_oneof![
            select(ranks).prop_map(|w| w.as_bytes().to_vec()),
            select(suits).prop_map(|w| w.as_bytes().to_vec()),
            select(others).prop_map(|w| w.as_bytes().to_vec()),
            proptest::collection::vec(any::<u8>(), 0..4),
        ];
        let soup = proptest::collection::vec(word, 0..5).prop_map(|ws| ws.join(&b' '));
        prop_oneof![card, bid, soup]
    }

    /// The line as the names below are looked for in it: lower case, the accents and œ off.
    fn fold(text: &str) -> String {
        text.to_lowercase().replace(['é', 'è', 'ê', 'ë'], "e").replace('œ', "oe")
    }

    /// The ways a rank may be written, in either language.
    fn rank_names(rank: Rank) -> &'static [&'static str] {
        match rank {
            Rank::Seven => &["7", "seven", "sept"],
            Rank::Eight => &["8", "eight", "huit"],
            Rank::Nine => &["9", "nine", "neuf"],
            Rank::Ten => &["10", "ten", "dix"],
            Rank::Jack => &["j", "v", "knave"],
            Rank::Queen => &["q", "d"],
            Rank::King => &["k", "r"],
            Rank::Ace => &["a"],
        }
    }

    /// The ways a suit may be written, in either language, glyphs included.
    fn suit_names(suit: Suit) -> &'static [&'static str] {
        match suit {
            Suit::Spades => &["s", "p", "♠", "♤"],
            Suit::Hearts => &["h", "c", "♥", "♡"],
            Suit::Diamonds => &["d", "k", "carreau", "♦", "♢"],
            Suit::Clubs => &["c", "t", "♣", "♧"],
        }
    }

    proptest! {
        /// Whatever is typed, the parser answers, and never with a card or a call the line did
        /// not name in some way: a card's rank and suit, a bid's level and trump, a pass, a
        /// contre or a surcontre are each written in the line, and a line read as empty has
        /// neither a letter nor a digit.
        #[test]
        fn any_line_is_read_without_panic(bytes in typed(), lang in lang()) {
            let text = String::from_utf8_lossy(&bytes);
            let said = fold(&text);
            let named = |names: &[&str]| names.iter().any(|n| said.contains(n));
            match parse(lang, &text) {
                Some(Command::Play(card)) => {
                    prop_assert!(named(rank_names(card.rank())), "{:?}: {}", text, card);
                    prop_assert!(named(suit_names(card.suit())), "{:?}: {}", text, card);
                }
                Some(Command::Call(Call::Bid(bid))) => {
                    let level = match bid.level {
                        BidLevel::Points(n) => n.to_string(),
                        BidLevel::Capot => "capot".to_string(),
                    };
                    prop_assert!(said.contains(&level), "{:?}: {}", text, bid);
                    let trump: &[&str] = match bid.trump {
                        Trump::Suit(s) => suit_names(s),
                        Trump::NoTrump => &["nt", "sa", "no", "sans"],
                        Trump::AllTrump => &["at", "ta", "all", "tout", "tous"],
                    };
                    prop_assert!(named(trump), "{:?}: {}", text, bid);
                }
                Some(Command::Call(Call::Pass)) => prop_assert!(named(&["pass", "no bid"]), "{:?}", text),
                Some(Command::Call(Call::Contre)) => {
                    prop_assert!(named(&["contre", "double", "coinche"]), "{:?}", text);
                }
                Some(Command::Call(Call::Surcontre)) => {
                    prop_assert!(named(&["sur", "redouble"]), "{:?}", text);
                }
                // A number and a trump at no bid's level: "170 hearts", never a card.
                Some(Command::NoSuchBid) => {
                    prop_assert!(text.chars().any(|c| c.is_ascii_digit()), "{:?}", text);
                }
                Some(Command::Again) => {
                    prop_assert!(!text.chars().any(|c| c.is_ascii_alphanumeric()), "{:?}", text);
                }
                _ => {}
            }
        }

        /// A card as the table writes it, spoken, in letters or in glyphs, is read back as
        /// that card, with or without "play", in either language.
        #[test]
        fn every_card_as_written_is_read_back(card in card(), lang in lang(), accents in any::<bool>()) {
            let spoken = Words { lang, suits: SuitStyle::Letters, ascii: !accents, spoken: true };
            let letters = Words { spoken: false, ..spoken };
            let glyphs = Words { suits: SuitStyle::Glyphs, ascii: false, spoken: false, ..spoken };
            let play = if lang == Lang::En { "play" } else { "jouer" };
            for written in [spoken.card(card), letters.card(card), glyphs.card(card), spoken.the_card(card)] {
                prop_assert_eq!(parse(lang, &written), Some(Command::Play(card)), "{}", written);
                let typed = format!("{play} {}", written.to_uppercase());
                prop_assert_eq!(parse(lang, &typed), Some(Command::Play(card)), "{}", typed);
            }
        }

        /// A bid as the table writes it is read back as that bid.
        #[test]
        fn every_bid_as_written_is_read_back(level in 0usize..10, trump in 0usize..6, lang in lang(), spoken in any::<bool>()) {
            let bid = Bid { level: BidLevel::ALL[level], trump: Trump::ALL[trump] };
            let w = Words { lang, suits: SuitStyle::Letters, ascii: false, spoken };
            for written in [w.bid(bid), w.bid_long(bid)] {
                prop_assert_eq!(parse(lang, &written), Some(Command::Call(Call::Bid(bid))), "{}", written);
            }
        }
    }
}

#[test]
fn a_contre_is_confirmed_and_a_card_taken_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    let south_may_contre = |g: &Game| {
        g.phase() == Phase::Bidding && g.to_act() == Some(Seat::South) && g.legal_calls().contre
    };
    let _ = play(&mut line, &store, Lang::En, south_may_contre);
    line.input("contre");
    assert_eq!(line.take_said(), ["Contre: are you sure? Say yes or no."]);
    line.input("no");
    let said = line.take_said();
    assert!(said.last().is_some_and(|l| l.starts_with("Your turn to bid.")), "{said:?}");
    line.input("yes");
    assert_eq!(line.take_said(), ["No question is asked now."]);
    line.input("contre");
    line.input("oui");
    assert_eq!(line.take_said(), ["Contre: are you sure? Say yes or no.", "You say contre."]);
    // Up to South's next card: played, then taken back, and its turn is said again.
    let _ = play(&mut line, &store, Lang::En, |g| {
        g.phase() == Phase::Playing && g.to_act() == Some(Seat::South) && g.legal_cards().len() > 1
    });
    let game = line.game().expect("a game").clone();
    let card = game.legal_cards().first().expect("a card");
    let w = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: true };
    line.input(&w.card(card));
    let _ = line.take_said();
    line.input("undo");
    let said = line.take_said();
    let taken = format!("Taken back: {}.", w.card(card));
    assert_eq!(said.first(), Some(&taken), "{said:?}");
    assert!(said.iter().any(|l| l.starts_with("You may play")), "{said:?}");
    assert_eq!(
        line.game().map(|g| g.deal().hands()[Seat::South]),
        Some(game.deal().hands()[Seat::South])
    );
}

/// South's claim refused in the game of the test below, where East-West hold the contract.
const CLAIM_REFUSED: &str =
    "Your side is not sure of every trick left: the takers can still take one.";

#[test]
fn a_claim_is_a_word_answered_on_souths_turn_to_play_and_refused_otherwise() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    let (_, _) = play(&mut line, &store, Lang::En, |g| g.to_act() == Some(Seat::South));
    line.input("claim");
    let answer = line.take_said();
    assert_eq!(answer[0], "The rest of the tricks is claimed on your turn to play.", "{answer:?}");
    let (_, _) = play(&mut line, &store, Lang::En, |g| {
        g.phase() == Phase::Playing && g.to_act() == Some(Seat::South)
    });
    let held = line.game().map(|g| g.deal().hands()[Seat::South]);
    let takers = line.game().and_then(|g| g.deal().contract()).map(|c| c.team());
    assert_eq!(takers, Some(Team::EW), "South defends");
    line.input("revendiquer");
    let answer = line.take_said();
    assert_eq!(answer[0], CLAIM_REFUSED, "{answer:?}");
    assert_eq!(line.game().map(|g| g.deal().hands()[Seat::South]), held, "nothing played");
}

#[test]
fn a_finished_deal_is_played_again_and_the_game_goes_on_where_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    let _ = play(&mut line, &store, Lang::En, |g| !g.history().is_empty());
    let game = line.game().expect("a game").clone();
    let saved = std::fs::read(dir.path().join(contree::store::GAME_FILE)).expect("the save");
    line.input("again 9");
    assert_eq!(line.take_said(), ["There is no finished deal 9."]);
    line.input("again 1");
    let (said, _) = play(&mut line, &store, Lang::En, |g| g.deal().index == game.deal().index);
    let said = said.join("\n");
    assert!(said.starts_with("The deal played again: it counts neither"), "{said}");
    let first = game.history()[0].points();
    let first = format!("The first time: Us {}, Them {}.", first[Team::NS], first[Team::EW]);
    assert!(said.contains(&first), "{said}");
    assert!(said.contains("Back to the game."), "{said}");
    assert_eq!(line.game(), Some(&game), "the game as it was");
    let now = std::fs::read(dir.path().join(contree::store::GAME_FILE)).expect("the save");
    assert_eq!(now, saved, "nothing saved over the game");
    assert_eq!(store.stats().deals.played, 1, "the deal played again is not counted");
}

/// A game of seed 5 saved in `dir` with its first deal finished, at South's first turn of the
/// second.
fn saved_after_the_first_deal(dir: &Path) {
    let store = Store::at(dir).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    let _ = play(&mut line, &store, Lang::En, |g| !g.history().is_empty());
    line.end();
    let _ = effects::apply_effects(&mut line, &store);
}

/// The end of the input leaves as `quit` does wherever the line mode is: a deal played again
/// ends, the game is saved, and the process ends, letting go of the data directory.
#[test]
fn the_end_of_the_input_in_a_deal_played_again_saves_and_leaves() {
    let data = tempfile::tempdir().expect("temp dir");
    saved_after_the_first_deal(data.path());
    let args = ["--line", "--lang", "en", "--level", "normal"];
    let deadline = std::time::Duration::from_secs(120);
    for input in ["again 1\n", "again 1\nhand\n", "again 1\ncontre\n"] {
        let (out, err, code) = support::contree_within(data.path(), &args, input, deadline);
        assert!(err.is_empty(), "{err}");
        assert_eq!(code, Some(0), "{input:?}: {out}");
        assert!(out.contains("The deal played again: it counts neither"), "{input:?}: {out}");
        assert!(out.trim_end().ends_with("The game is saved. Goodbye."), "{input:?}: {out}");
    }
    // The lock was let go: the next table opens, on the game as it was.
    let (out, _, code) = support::contree_within(data.path(), &args, "score\n", deadline);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Resuming the saved game"), "{out}");
}

/// In the process, `end` leaves from every place of the line mode: a deal played again, a
/// confirmation asked in one, an analysis awaited, the deal of the day and its practice.
#[test]
fn the_end_of_the_input_leaves_from_every_place() {
    use contree::game::daily::Day;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let ended = |mut line: LineMode, place: &str| {
        line.end();
        let said = line.take_said();
        assert!(line.quit, "{place}: {said:?}");
        assert!(said.last().is_some_and(|l| l.ends_with("Goodbye.")), "{place}: {said:?}");
    };
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    let _ = play(&mut line, &store, Lang::En, |g| !g.history().is_empty());
    let finished = line.game().expect("a game").clone();
    line.input("again 1");
    ended(line, "a deal played again");
    // A confirmation asked in a deal played again.
    let mut line = sat_at(finished.clone());
    line.input("again 1");
    let _ = play(&mut line, &store, Lang::En, |g| {
        g.phase() == Phase::Bidding && g.to_act() == Some(Seat::South) && g.legal_calls().contre
    });
    line.input("contre");
    ended(line, "a confirmation in a deal played again");
    // An analysis asked and not in yet.
    let mut line = sat_at(finished);
    line.input("analysis");
    ended(line, "an analysis awaited");
    // The deal of the day, and the same day again as practice.
    let day: Day = "2026-12-02".parse().expect("a date");
    let config = Config::plain(Settings { lang: Lang::En, ..Settings::default() }, 1);
    ended(LineMode::daily(&config, true, &[], day, None), "the deal of the day");
    let first = contree::store::DailyEntry { date: day, ..support::daily_entry(0) };
    ended(LineMode::daily(&config, true, &[], day, Some(first)), "practice");
}

/// A new game asked at the end of a game whose last deal the expert in South's seat is still
/// playing again: the game left is filed weighed, as its resume would file it, its last deal
/// compared and measured.
#[test]
fn a_new_game_over_a_game_still_compared_files_it_compared_and_measured() {
    use contree::session::games::Resumable;
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let game = support::finished_with_the_last_deal_still_compared(12);
    let last = game.history().len() - 1;
    store.save_game(&game).expect("saves");
    let settings = Settings { lang: Lang::En, level: Level::Normal, ..Settings::default() };
    let resume = Resumable { game, started: None, saved: None };
    let config = Config { resume: Some(resume), ..Config::plain(settings, 5) };
    let mut line = LineMode::new(config, true, &[]);
    // The comparison asked again is not in when the new game is asked.
    let asked = effects::apply_effects(&mut line, &store);
    assert!(asked.iter().any(|e| matches!(e, effects::Effect::Compare(_))), "{asked:?}");
    line.input("new");
    let _ = effects::apply_effects(&mut line, &store);
    let filed = store.games().expect("the games file").games;
    assert_eq!(filed.len(), 1);
    let filed = Game::from_save(&filed[0].game).expect("a game");
    let deal = &filed.history()[last];
    assert!(deal.expert_difference().is_some(), "compared: {:?}", deal.expert_in_seat);
    assert!(deal.mistakes.is_some(), "measured");
    assert_eq!(store.stats().compared.all.deals as usize, last + 1);
}

#[test]
fn a_french_table_without_its_data_directory_says_so_in_french() {
    let dir = tempfile::tempdir().expect("temp dir");
    let blocker = dir.path().join("un-fichier");
    std::fs::write(&blocker, b"pas un dossier").expect("write");
    for data in [blocker.clone(), blocker.join("contree")] {
        let out = Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(["--line", "--lang", "fr", "--new", "--seed", "3"])
            .env("CONTREE_DATA_DIR", &data)
            .env("LC_ALL", "C.UTF-8")
            .env_remove("XDG_DATA_HOME")
            .stdin(Stdio::null())
            .output()
            .expect("runs contree");
        let said = String::from_utf8_lossy(&out.stdout);
        let notice = said.lines().find(|l| l.contains("Rien ne sera enregistré")).unwrap_or("");
        assert!(notice.contains("un fichier, pas un dossier"), "{said}");
        assert!(!notice.contains("cannot") && !notice.contains("directory"), "{notice}");
        assert!(!said.contains("cannot"), "{said}");
        // Its last word, on standard error, is French too.
        let last = String::from_utf8_lossy(&out.stderr);
        assert!(last.contains("cette partie n'a pas été enregistrée"), "{last}");
        assert!(!last.contains("cannot") && !last.contains("not saved"), "{last}");
    }
}

#[test]
fn explain_says_what_each_call_of_the_auction_shows() {
    for lang in [Lang::En, Lang::Fr] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut line = LineMode::new(config(lang, 5), true, &[]);
        let (said, _) = play(&mut line, &store, lang, |g| g.phase() == Phase::Playing);
        drop(said);
        let game = line.game().expect("a game").clone();
        let calls = game.view(Seat::South).calls().len();
        assert!(calls >= 4, "an auction to explain");
        line.input(if lang == Lang::En { "explain" } else { "expliquer" });
        let all = line.take_said();
        assert_eq!(all.len(), calls, "{all:?}");
        for (i, l) in all.iter().enumerate() {
            assert!(l.starts_with(&format!("{}. ", i + 1)), "{l}");
            assert!(!l.contains(['♠', '♥', '♦', '♣']), "said, not drawn: {l}");
        }
        line.input(if lang == Lang::En { "explain 2" } else { "explique 2" });
        assert_eq!(line.take_said(), [all[1].clone()]);
        line.input("explain 40");
        let none = line.take_said();
        let expected = match lang {
            Lang::En => format!("There is no call 40: the auction has {calls} calls."),
            Lang::Fr => format!("Pas d'annonce 40 : les enchères en comptent {calls}."),
        };
        assert_eq!(none, [expected]);
        // A sign, or anything but a plain number, is no call's number: refused, with what
        // explain takes, rather than read as call 1.
        let takes = match lang {
            Lang::En => {
                "explain takes the number of a call, from 1, in digits: explain, explain 3."
            }
            Lang::Fr => {
                // Said, not drawn: the no-break space read as a space.
                "expliquer prend le numéro d'une annonce, à partir de 1, en chiffres : expliquer, \
                 expliquer 3."
            }
        };
        for typed in ["explain -1", "explain +1", "expliquer -2", "explain 1.5", "explain one"] {
            line.input(typed);
            assert_eq!(line.take_said(), [takes], "{typed}");
        }
        // Who holds what: a line for each other seat, its suits' cards with their chances, and
        // what they rest on.
        line.input(if lang == Lang::En { "holds" } else { "qui a quoi" });
        let holds = line.take_said();
        let seats: Vec<&str> = match lang {
            Lang::En => vec!["East", "North", "West"],
            Lang::Fr => vec!["Est", "Nord", "Ouest"],
        };
        for seat in seats {
            assert!(holds.iter().any(|l| l.starts_with(&format!("{seat}, "))), "{holds:?}");
        }
        let last = holds.last().expect("a line");
        assert!(last.starts_with(if lang == Lang::En { "Over " } else { "Sur " }), "{holds:?}");
        assert!(holds.iter().any(|l| l.contains('%')), "{holds:?}");
    }
}

/// A new game of seed `seed` whose auction is bid up to a point: each seat's call from `calls`
/// (given the game), until `stop` holds.
fn bid_until(
    seed: u64,
    calls: impl Fn(&Game, Seat) -> contree::rules::Call,
    stop: impl Fn(&Game) -> bool,
) -> Game {
    let mut game = contree::game::new_game(GameOptions::default(), seed, None);
    for _ in 0..40 {
        if stop(&game) {
            return game;
        }
        let seat = game.to_act().expect("a seat to call");
        let call = calls(&game, seat);
        game.apply(seat, contree::game::Action::Bid(call)).expect("a legal call");
    }
    panic!("the auction never came to the point: {:?}", game.deal().auction.calls());
}

/// The line mode sat at `game`, in English, its first lines said.
fn sat_at(game: Game) -> LineMode {
    let settings = Settings { lang: Lang::En, level: Level::Normal, ..Settings::default() };
    let config = Config { game: Some(game), ..Config::plain(settings, 5) };
    let mut line = LineMode::new(config, true, &[]);
    let _ = line.take_said();
    line
}

fn bid_80_hearts() -> contree::rules::Call {
    use contree::rules::{Bid, BidLevel, Call, Suit, Trump};
    Call::Bid(Bid { level: BidLevel::Points(80), trump: Trump::Suit(Suit::Hearts) })
}

#[test]
fn words_refused_say_why_before_any_deal_is_finished() {
    use contree::rules::Call;
    // South's first call of the game: nobody's bid to beat, nothing of South's to take back.
    let first = bid_until(5, |_, _| Call::Pass, |g| g.to_act() == Some(Seat::South));
    let mut line = sat_at(first);
    for (typed, said) in [
        ("undo", "Nothing to take back yet."),
        ("analysis", "No deal finished yet."),
        ("analysis 2", "No deal finished yet."),
        ("deal 1", "No deal finished yet."),
        ("again 99999999999999999999999", "No deal finished yet."),
        ("170 hearts", "There is no such bid: bids go from 80 to 160 by tens, then capot."),
        ("85 hearts", "There is no such bid: bids go from 80 to 160 by tens, then capot."),
        ("bid 10 h", "There is no such bid: bids go from 80 to 160 by tens, then capot."),
        ("explain 99999999999999999999999", "There is no call: the auction has one call."),
    ] {
        line.input(typed);
        assert_eq!(line.take_said(), [said], "{typed}");
    }
    // A number and a suit at no bid's level are a card when they name one.
    line.input("10 hearts");
    assert_eq!(line.take_said(), ["The auction is on: make a call, or say help."]);
}

#[test]
fn a_surcontre_answers_a_contre_and_a_confirmation_takes_yes_no_or_the_call() {
    use contree::rules::Call;
    // East or West bids, and South may contre.
    let opened = |g: &Game, seat: Seat| match seat.team() {
        Team::EW if g.deal().auction.current_bid().is_none() => bid_80_hearts(),
        _ => Call::Pass,
    };
    let contre =
        bid_until(5, opened, |g| g.to_act() == Some(Seat::South) && g.legal_calls().contre);
    let mut line = sat_at(contre);
    line.input("surcontre");
    let said = line.take_said();
    assert_eq!(
        said[0], "A surcontre answers a contre: contre is what may be said now.",
        "{said:?}"
    );
    // A contre's confirmation: the call itself says yes.
    line.input("contre");
    assert_eq!(line.take_said(), ["Contre: are you sure? Say yes or no."]);
    line.input("contre");
    assert_eq!(line.take_said().first().map(String::as_str), Some("You say contre."));
    // South bids, East contres: South may surcontre, and "contre" says it.
    let contred = |g: &Game, seat: Seat| match seat {
        Seat::South if g.deal().auction.current_bid().is_none() => bid_80_hearts(),
        Seat::East | Seat::West if g.legal_calls().contre => Call::Contre,
        _ => Call::Pass,
    };
    let surcontre =
        bid_until(5, contred, |g| g.to_act() == Some(Seat::South) && g.legal_calls().surcontre);
    let mut line = sat_at(surcontre);
    let asked = "Surcontre: are you sure? Say yes or no.";
    line.input("contre");
    assert_eq!(line.take_said(), [asked]);
    // Anything but yes, no or the call itself asks again, and makes nothing.
    for typed in ["contre", "pass", "hand", "play jack of spades", "help"] {
        line.input(typed);
        assert_eq!(line.take_said(), [asked], "{typed}");
    }
    let calls = line.game().map(|g| g.deal().auction.calls().len());
    line.input("no");
    let said = line.take_said();
    assert!(said.last().is_some_and(|l| l.starts_with("Your turn to bid.")), "{said:?}");
    assert_eq!(line.game().map(|g| g.deal().auction.calls().len()), calls, "nothing said");
    line.input("surcontre");
    assert_eq!(line.take_said(), [asked]);
    line.input("surcontre");
    assert_eq!(line.take_said().first().map(String::as_str), Some("You say surcontre."));
}

#[test]
fn a_line_not_understood_is_said_back_cut_short_and_without_its_control_characters() {
    let first =
        bid_until(5, |_, _| contree::rules::Call::Pass, |g| g.to_act() == Some(Seat::South));
    let mut line = sat_at(first);
    line.input("fo\0ld\u{1b}[2J");
    assert_eq!(
        line.take_said(),
        ["Not understood: \"fo\\u{0}ld\\u{1b}[2J\". Say help for the commands."]
    );
    line.input(&"z".repeat(1 << 20));
    let said = line.take_said();
    assert!(said[0].len() < 200, "{} bytes", said[0].len());
    assert!(said[0].starts_with("Not understood: \"zzz"), "{}", said[0]);
    // Through the binary, a line longer than 1 MiB is not read, and the next one is.
    let data = tempfile::tempdir().expect("temp dir");
    let script = format!("x\0y\n{}\nhand\n", "a".repeat(3 << 20));
    let (out, code) = contree_line(data.path(), &["--new", "--seed", "5", "--lang", "en"], &script);
    assert_eq!(code, Some(0));
    assert!(out.len() < 10_000, "{} bytes said", out.len());
    assert!(!out.contains('\0'), "{out}");
    assert!(out.contains("Not understood: \"x\\u{0}y\"."), "{out}");
    assert!(out.contains("The line is longer than 1 MiB: it was not read.\nYou hold: "), "{out}");
}

#[test]
fn a_deal_s_result_is_said_once_and_the_expert_s_when_it_comes() {
    for lang in [Lang::En, Lang::Fr] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let mut line = LineMode::new(config(lang, 5), true, &[]);
        let (said, _) = play(&mut line, &store, lang, |g| {
            g.history().first().is_some_and(|d| d.expert_score().is_some())
        });
        let (you, expert) = match lang {
            Lang::En => ("You: ", "The expert in your seat: "),
            Lang::Fr => ("Vous : ", "L'expert à votre place : "),
        };
        let ours: Vec<&String> = said.iter().filter(|l| l.starts_with(you)).collect();
        assert_eq!(ours.len(), 1, "the result is said once: {said:#?}");
        let at = said.iter().position(|l| l.starts_with(you)).expect("said");
        assert!(said[at].contains("…") || said[at].contains("..."), "then the expert thinks");
        let theirs = said.iter().position(|l| l.starts_with(expert)).expect("the comparison");
        assert!(theirs > at, "{said:#?}");
        assert!(said[theirs].contains(" to ") || said[theirs].contains(" à "), "{}", said[theirs]);
    }
}

/// The first deal of seed 5 played in `lang` (South typing its first legal card), then its
/// analysis asked and said: the lines said for it.
fn first_deal_analysed(lang: Lang) -> (LineMode, Vec<String>) {
    first_deal_of_seed_analysed(lang, 5)
}

/// [`first_deal_analysed`] with the game of `seed`.
fn first_deal_of_seed_analysed(lang: Lang, seed: u64) -> (LineMode, Vec<String>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let config = Config { budget: Budget::worlds(4), ..config(lang, seed) };
    let mut line = LineMode::new(config, true, &[]);
    play(&mut line, &store, lang, |g| !g.history().is_empty());
    line.input(if lang == Lang::En { "analysis" } else { "analyse" });
    support::think_through(&mut line, &store);
    let said = line.take_said();
    (line, said)
}

#[test]
fn the_analysis_says_what_each_choice_changed_on_the_real_deal_apart_from_its_cost() {
    for (lang, on_this_deal, no_effect) in [
        (Lang::En, "On this deal, every hand seen: ", "No effect on this deal."),
        (Lang::Fr, "Sur cette donne, toutes les mains vues : ", "Sans effet sur cette donne."),
    ] {
        let (_, said) = first_deal_analysed(lang);
        // Each decision that is not the expert's is followed by what it changed on the deal.
        let differ: Vec<usize> = (0..said.len())
            .filter(|&i| {
                let l = &said[i];
                let decision =
                    ["Trick", "Pli", "Call:", "Enchère"].iter().any(|w| l.starts_with(w));
                decision && !(l.contains(", same.") || l.contains(", idem."))
            })
            .collect();
        assert!(!differ.is_empty(), "{said:#?}");
        for i in differ {
            let next = &said[i + 1];
            let exact = next
                .strip_prefix(on_this_deal)
                .is_some_and(|f| !f.contains('±') && f.ends_with('.'));
            assert!(exact || next == no_effect, "{next:?} after {:?}", said[i]);
        }
    }
}

#[test]
fn the_experts_line_is_followed_a_trick_at_a_time_after_the_analysis() {
    for (lang, head, end) in [
        (Lang::En, "The expert's line from trick ", "The end of the line."),
        (Lang::Fr, "La ligne de l'expert depuis le pli ", "La fin de la ligne."),
    ] {
        // South's first clear mistake in its cards, in the game of seed 8, is in trick 3.
        let (mut line, _) = first_deal_of_seed_analysed(lang, 8);
        line.input(if lang == Lang::En { "line" } else { "ligne" });
        let said = line.take_said();
        assert!(said[0].starts_with(head), "{said:?}");
        // Spoken, the expert's card is named with its article, South's after "your".
        let seen = match lang {
            Lang::En => ["every hand seen: the "].as_slice(),
            Lang::Fr => &["mains vues : le ", "mains vues : la ", "mains vues : l'"],
        };
        assert!(seen.iter().any(|s| said[0].contains(s)), "{said:?}");
        let from: usize = said[0][head.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a trick number");
        // The trick the line starts in, then one a `next`, to the last, then its end.
        let trick = |n: usize| match lang {
            Lang::En => format!("Trick {n}, "),
            Lang::Fr => format!("Pli {n}, "),
        };
        assert!(said[1].starts_with(&trick(from)), "{said:?}");
        for n in from + 1..=8 {
            line.input(if lang == Lang::En { "next" } else { "suivant" });
            let said = line.take_said();
            assert!(said[0].starts_with(&trick(n)), "{said:?}");
        }
        line.input("next");
        assert_eq!(line.take_said(), [end]);
    }
}

#[test]
fn the_experts_line_waits_for_the_analysis() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 5), true, &[]);
    line.take_said();
    line.input("next");
    assert_eq!(line.take_said(), ["No line to follow: line, once a deal is analysed."]);
    play(&mut line, &store, Lang::En, |g| !g.history().is_empty());
    line.input("line");
    assert_eq!(line.take_said(), ["The line follows the analysis: analysis, then line."]);
}

/// Files `n` games of one deal passed out each (abandoned for the next), the mistakes of all
/// but the first measured at `calls` and `cards`, in `store`.
fn file_passed_out_games(store: &Store, n: u64, calls: u32, cards: u32) {
    use contree::game::{Action, Mistakes};
    use contree::rules::{BySeat, Call};
    for seed in 0..=n {
        let mut g = Game::new(GameOptions::default(), seed, BySeat::default());
        while let Some(seat) = g.to_act().filter(|_| g.phase() == Phase::Bidding) {
            g.apply(seat, Action::Bid(Call::Pass)).expect("a pass");
        }
        if seed > 0 {
            let record = g.history()[0].record.clone();
            assert!(g.measure_mistakes(0, &record, Mistakes { calls, cards }));
        }
        // Each new game files the one saved before it.
        store.start_game(&g).expect("a new game");
        store.save_game(&g).expect("saved");
    }
}

/// What the line mode says to `typed`, its effects carried out on `store`.
fn said_to(line: &mut LineMode, store: &Store, typed: &str) -> Vec<String> {
    line.input(typed);
    let _ = effects::apply_effects(line, store);
    line.take_said()
}

#[test]
fn words_says_what_the_hints_measures_mean_as_the_tables_help_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    for (lang, typed) in [(Lang::En, "words"), (Lang::Fr, "glossaire")] {
        let mut line = LineMode::new(config(lang, 11), true, &[]);
        let _ = effects::apply_effects(&mut line, &store);
        line.take_said();
        let said = said_to(&mut line, &store, typed);
        let w = line.words();
        let mut expected = vec![format!("{}.", w.t(T::Glossary))];
        expected.extend(T::GLOSSARY.iter().map(|&t| w.t(t).to_string()));
        assert_eq!(said, expected);
        let likely = if lang == Lang::En { "Likely deals: " } else { "Donnes probables : " };
        assert!(said.iter().any(|l| l.starts_with(likely)), "{said:?}");
    }
}

#[test]
fn progress_says_the_trend_of_the_games_filed_in_either_language() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path()).expect("store").without_sync();
    let mut line = LineMode::new(config(Lang::En, 11), true, &[]);
    let _ = effects::apply_effects(&mut line, &store);
    line.take_said();
    assert_eq!(
        said_to(&mut line, &store, "progress"),
        ["No game yet: the trend of your mistakes and of your balance against the expert shows \
          here from your first game."]
    );
    file_passed_out_games(&store, 2, 10, 30);
    assert_eq!(
        said_to(&mut line, &store, "progress"),
        [
            "Cost of your clear mistakes: 40 a deal over your last 2 games (1 not measured).",
            "Your balance against the expert in your seat: not measured over your last 2 games.",
        ],
        "the game filed before its mistakes were measured counts as not measured, not as 0"
    );
    // A new table files the game saved before it: a third game, measured.
    let mut line = LineMode::new(config(Lang::Fr, 11), true, &[]);
    let _ = effects::apply_effects(&mut line, &store);
    line.take_said();
    assert_eq!(
        said_to(&mut line, &store, "progression"),
        [
            "Coût de vos erreurs nettes : 40 par donne sur vos 3 dernières parties (1 non \
             mesurée).",
            "Votre écart avec l'expert à votre place : non mesuré sur vos 3 dernières parties.",
        ]
    );
}

#[test]
fn the_deal_of_the_day_is_said_to_its_result_and_share_line_then_played_again_for_practice() {
    let day: contree::game::daily::Day = "2026-12-02".parse().expect("a date");
    for lang in [Lang::En, Lang::Fr] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path()).expect("store").without_sync();
        let settings = Settings { lang, ..Settings::default() };
        let config = Config::plain(settings, 1);
        let mut line = LineMode::daily(&config, true, &[], day, None);
        let (said, typed) = play(&mut line, &store, lang, |_| false);
        let _ = effects::apply_effects(&mut line, &store);
        assert!(line.quit, "the table closes after the result");
        insta::assert_snapshot!(format!("daily_{lang:?}"), said.join("\n"));
        let share = said.last().expect("the share line").clone();
        let file = store.daily().expect("the deals of the day");
        assert_eq!(file.results.len(), 1);
        let balance = file.results[0].against_expert().map_or_else(String::new, |d| {
            let d = line.words().signed_points(i64::from(d));
            if lang == Lang::En {
                format!("{d} against the expert")
            } else {
                format!("{d} face à l'expert")
            }
        });
        // As the line mode's words write it (spoken, its minus a hyphen).
        assert!(share.ends_with(&*line.words().text(&balance)), "{share}");
        // Played again: practice, its first result said, nothing filed again.
        let first = file.of(day).cloned();
        let mut again = LineMode::daily(&config, true, &[], day, first);
        let (said_again, _) = play(&mut again, &store, lang, |_| false);
        let _ = effects::apply_effects(&mut again, &store);
        let practice = if lang == Lang::En { "practice only" } else { "entraînement" };
        assert!(said_again.iter().any(|l| l.contains(practice)), "{said_again:?}");
        assert_eq!(said_again.last(), Some(&share));
        assert_eq!(store.daily().expect("read").results, file.results);
        // The binary, fed the same lines, says the same and files the same.
        if lang == Lang::En {
            let data = tempfile::tempdir().expect("temp dir");
            let script: String = typed.iter().map(|t| format!("{t}\n")).collect();
            let (out, code) = contree_line(
                data.path(),
                &["--daily", "--date", "2026-12-02", "--lang", "en"],
                &script,
            );
            assert_eq!(code, Some(0));
            assert_eq!(out.lines().collect::<Vec<_>>(), said);
            let filed = Store::at(data.path()).expect("store").daily().expect("read").results;
            assert_eq!(filed.len(), 1);
            assert_eq!(filed[0].score, file.results[0].score);
        }
    }
}

/// The help's lines in a game of `rules` from seed 5, South choosing whether to declare when
/// the rules have declarations.
fn help_in(rules: contree::rules::Rules) -> Vec<String> {
    let settings = Settings {
        lang: Lang::En,
        level: Level::Normal,
        choose_declarations: true,
        ..Settings::default()
    };
    let game = contree::game::new_game(GameOptions::of(rules), 5, None);
    let config = Config { game: Some(game), ..Config::plain(settings, 5) };
    let mut line = LineMode::new(config, true, &[]);
    let _ = line.take_said();
    line.input("help");
    line.take_said()
}

#[test]
fn the_help_lists_only_the_commands_that_apply_to_the_games_rules() {
    use contree::rules::{RuleSet, Rules};
    let declares = |help: &[String]| {
        let said = |start: &str| help.iter().any(|l| l.starts_with(start));
        (said("declare:"), said("keep quiet:"))
    };
    // Nobody declares in contrée: neither word is listed.
    let contree = help_in(Rules::of(RuleSet::Contree));
    assert_eq!(declares(&contree), (false, false), "{contree:#?}");
    assert!(contree.iter().any(|l| l.starts_with("pass:")), "{contree:#?}");
    // In coinche, South chooses what to declare with its first card.
    let coinche = help_in(Rules::of(RuleSet::Coinche));
    assert_eq!(declares(&coinche), (true, true), "{coinche:#?}");
}
