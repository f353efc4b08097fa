//! `contree join --line` at a real host on loopback: the binary creates a table (sitting East,
//! so that the table is turned), three scripted players join it, the binary's lines start the
//! game and play it whole from what it says; no line names a card of another seat's hand
//! before it is played or the deal is over, the hands said at the end are the real ones turned
//! around the player, and a refusal of the host is said in the player's language. Around it:
//! a player moving before the start, a dropped player's bot, the host stopped and started
//! again under the binary, a table that is not there, a table's password, and a table that
//! stops (not saved, or its game cut short).

mod netplay;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use contree::net::client::RemoteEvent;
use contree::net::host::{HostConfig, Limits, Running, start};
use contree::rules::{Card, CardSet, Rank, Seat, Suit};
use netplay::Player;

/// A host on loopback whose players may be scripts, its files in `dir`.
fn host(dir: &std::path::Path) -> Running {
    host_at("127.0.0.1:0", dir)
}

/// A host listening on `addr`, its files in `dir`.
fn host_at(addr: &str, dir: &std::path::Path) -> Running {
    let mut config = HostConfig::new(addr.parse().expect("an address"), dir.to_path_buf());
    config.limits = Limits { per_second: 1000, burst: 2000, ..Limits::default() };
    config.deal_pause = Duration::from_millis(200);
    config.sync = false;
    start(config).expect("the host starts")
}

/// `contree join --line` running, its lines read on a thread.
struct Joiner {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line it wrote so far.
    said: Vec<String>,
}

impl Joiner {
    fn start(addr: &str, data: &std::path::Path, args: &[&str]) -> Joiner {
        let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
            .args(["join", addr, "--line"])
            .args(args)
            .env("CONTREE_DATA_DIR", data)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("contree runs");
        let stdin = child.stdin.take().expect("its input");
        let stdout = child.stdout.take().expect("its output");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Joiner { child, stdin, lines, said: Vec::new() }
    }

    fn type_line(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").expect("contree reads");
    }

    /// The next line, if one comes within `wait`.
    fn next(&mut self, wait: Duration) -> Option<String> {
        let line = self.lines.recv_timeout(wait).ok()?;
        self.said.push(line.clone());
        Some(line)
    }

    /// Reads lines until one passes `want`, stepping `players` meanwhile; panics past 90 s (a
    /// bound for a loaded machine: a line comes within a second on an idle one).
    fn until(&mut self, players: &mut [Player], want: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            assert!(start.elapsed() < Duration::from_secs(90), "no such line in {:#?}", self.said);
            for p in players.iter_mut() {
                while p.step(Duration::ZERO) {}
            }
            if let Some(line) = self.next(Duration::from_millis(5))
                && want(&line)
            {
                return line;
            }
        }
    }
}

impl Drop for Joiner {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const RANKS: [(&str, Rank); 8] = [
    ("seven", Rank::Seven),
    ("eight", Rank::Eight),
    ("nine", Rank::Nine),
    ("ten", Rank::Ten),
    ("jack", Rank::Jack),
    ("queen", Rank::Queen),
    ("king", Rank::King),
    ("ace", Rank::Ace),
];

const SUITS: [(&str, Suit); 4] = [
    ("spades", Suit::Spades),
    ("hearts", Suit::Hearts),
    ("diamonds", Suit::Diamonds),
    ("clubs", Suit::Clubs),
];

fn rank_of(word: &str) -> Option<Rank> {
    RANKS.iter().find(|(w, _)| *w == word).map(|(_, r)| *r)
}

fn suit_of(word: &str) -> Option<Suit> {
    SUITS.iter().find(|(w, _)| *w == word).map(|(_, s)| *s)
}

/// Every card an English line names: "the jack of spades", and the lists by suit, "spades
/// jack, ten; hearts (trump) ace".
fn cards_named(line: &str) -> Vec<Card> {
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && *w != "trump")
        .collect();
    let mut cards = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if let (Some(r), Some(&"of"), Some(s)) =
            (rank_of(word), words.get(i + 1), words.get(i + 2).and_then(|w| suit_of(w)))
        {
            cards.push(Card::new(s, r));
        }
        if let Some(s) = suit_of(word) {
            let ranks = words[i + 1..].iter().map_while(|w| rank_of(w));
            cards.extend(ranks.map(|r| Card::new(s, r)));
        }
    }
    cards
}

/// Checks the lines said during one deal, before its hands are shown: each card named is in
/// `own` (the player's hand as dealt) or was played by then (in a line that says so).
fn check_no_card_shown_early(lines: &[String], own: CardSet) -> Result<(), String> {
    let mut played = CardSet::EMPTY;
    for line in lines {
        // A card played, or declared with the first card (`coinche`), is shown from then on.
        if line.contains(" play") || line.contains(" declare") {
            played = played.or(cards_named(line).into_iter().collect());
        }
        if let Some(c) =
            cards_named(line).into_iter().find(|c| !own.contains(*c) && !played.contains(*c))
        {
            return Err(format!("{line:?} shows {c} before it was played"));
        }
    }
    Ok(())
}

#[test]
fn the_check_catches_a_card_shown_before_its_time() {
    let own: CardSet = ["JS", "10S"].iter().filter_map(|c| c.parse().ok()).collect();
    let fine =
        ["You hold: spades jack, ten.", "North plays the ace of hearts.", "Trick: hearts ace"];
    assert!(check_no_card_shown_early(&fine.map(String::from), own).is_ok());
    let leak = ["You hold: spades jack, ten.", "North holds: hearts ace, king."];
    assert!(check_no_card_shown_early(&leak.map(String::from), own).is_err());
    assert_eq!(cards_named("East plays the queen of clubs.").len(), 1);
}

/// Three scripted players at `code`, East's seat left to the joiner.
fn three_join(addr: &str, code: &str, root: &std::path::Path) -> Vec<Player> {
    let mut players: Vec<Player> =
        [("Bea", Seat::South), ("Cid", Seat::North), ("Dan", Seat::West)]
            .iter()
            .map(|(name, seat)| {
                let p = Player::new(addr, name, &root.join(name));
                p.remote.join(code, None, Some(*seat));
                p
            })
            .collect();
    netplay::play_until(&mut players, Duration::from_secs(10), |ps| {
        ps.iter().all(|p| p.seat.is_some())
    });
    players
}

/// The joiner's answer at its turn: a pass, or the first card it may play, declaring what it
/// may with its first card (`coinche`).
fn answer(joiner: &mut Joiner, players: &mut [Player], hand: &mut CardSet) -> bool {
    let line = joiner.until(players, |l| {
        l.starts_with("You hold:")
            || l.starts_with("Your turn to bid")
            || l.starts_with("You may play")
            || l.starts_with("Score:")
    });
    if line.starts_with("You hold:") {
        *hand = cards_named(&line).into_iter().collect();
    } else if line.starts_with("Your turn to bid") {
        joiner.type_line("pass");
    } else if line.starts_with("You may play") {
        let legal: CardSet = match line.contains("any card") {
            true => *hand,
            false => cards_named(&line).into_iter().collect(),
        };
        // Eight cards in hand: the first card, which a declaration goes with.
        if hand.len() == 8
            && let Some(next) = joiner.next(Duration::from_millis(300))
            && next.contains("you may declare")
        {
            joiner.type_line("declare");
        }
        let card = legal.first().expect("a card to play");
        let (rank, suit) =
            (RANKS.iter().find(|r| r.1 == card.rank()), SUITS.iter().find(|s| s.1 == card.suit()));
        joiner.type_line(&format!(
            "play {} of {}",
            rank.expect("a rank").0,
            suit.expect("a suit").0
        ));
    } else {
        return false;
    }
    true
}

/// The hands of the `n`th deal over (from 0), as the scripted players were sent them at its end.
fn hands_of_deal(players: &mut [Player], n: usize) -> contree::rules::BySeat<CardSet> {
    let over = |p: &Player| -> Vec<contree::rules::BySeat<CardSet>> {
        p.events
            .iter()
            .filter_map(|e| match e {
                RemoteEvent::DealOver { record, .. } => {
                    Some(record.hands.clone().map(|h| h.into_iter().collect::<CardSet>()))
                }
                _ => None,
            })
            .collect()
    };
    netplay::play_until(players, Duration::from_secs(10), |ps| over(&ps[0]).len() > n);
    over(&players[0])[n]
}

#[test]
fn a_game_played_in_lines_at_a_remote_table_shows_no_card_before_its_time() {
    play_a_game(&[]);
}

#[test]
fn a_game_of_coinche_with_its_declarations_shows_no_card_before_its_time() {
    let said = play_a_game(&["--rules", "coinche", "--target", "1000"]);
    // Another seat's declaration is said with its first card, as the rules show it (the deals
    // are the host's, random: three seats' hands over a whole game hold some combination).
    assert!(said.iter().any(|l| l.contains(" declares ")), "no declaration in a whole game");
}

/// Plays a whole game at a table the binary creates by `rules`, sitting East, with three
/// scripted players; checks each deal; answers every line said.
fn play_a_game(rules: &[&str]) -> Vec<String> {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let mut args = vec!["--name", "Ana", "--seat", "east", "--lang", "en"];
    args.extend(rules);
    let mut joiner = Joiner::start(&addr, &root.path().join("ana"), &args);
    let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
    let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
    assert_eq!(code.len(), 6, "{code_line}");
    let mut players = three_join(&addr, code, root.path());
    // The waiting room says who sits where, by the table's own seats.
    joiner.until(&mut players, |l| l == "West: Dan.");
    joiner.type_line("start");
    joiner.until(&mut players, |l| l.starts_with("New game: "));
    // Deals are played until one is played out (not passed by all), up to five.
    // The whole game, a deal after another, each checked.
    let mut played = 0;
    for n in 0..60 {
        let start = joiner.said.len();
        let mut hand = CardSet::EMPTY;
        while answer(&mut joiner, &mut players, &mut hand) {}
        let last =
            joiner.until(&mut players, |l| l.starts_with("Say next") || l.starts_with("Game over"));
        let hands = hands_of_deal(&mut players, n);
        let deal: Vec<String> = joiner.said[start..].to_vec();
        let shown = deal.iter().position(|l| l.contains(" held: ")).expect("the hands at the end");
        check_no_card_shown_early(&deal[..shown], hands[Seat::East])
            .expect("nothing shown before its time");
        // The table turned: the joiner, East, sits South; West (Dan), its partner, is North on
        // screen, North (Cid), who plays after it, East, and South (Bea) West.
        let held = |who: &str| -> CardSet {
            let l = deal.iter().find(|l| l.starts_with(&format!("{who} held: "))).expect("a hand");
            cards_named(l).into_iter().collect()
        };
        assert_eq!(held("You"), hands[Seat::East]);
        assert_eq!(held("North"), hands[Seat::West]);
        assert_eq!(held("East"), hands[Seat::North]);
        assert_eq!(held("West"), hands[Seat::South]);
        played += usize::from(deal.iter().any(|l| l.starts_with("You play the ")));
        if last.starts_with("Game over") {
            // The game's end ends the line mode.
            let status = joiner.child.wait().expect("contree ends");
            assert!(status.success());
            assert!(played > 0, "no deal played out in {n} deals");
            drop(running);
            return joiner.said.clone();
        }
        joiner.type_line("next");
    }
    panic!("no game over in 60 deals");
}

#[test]
fn a_refusal_of_the_host_is_said_in_french() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let mut joiner = Joiner::start(
        &addr,
        &root.path().join("ana"),
        &["--name", "Ana", "--seat", "east", "--lang", "fr"],
    );
    let code_line = joiner.until(&mut [], |l| l.starts_with("Donnez le code"));
    let code = code_line.split_whitespace().nth(3).expect("a code").to_string();
    let mut players = three_join(&addr, &code, root.path());
    // Only the creator starts.
    players[0].remote.send(contree::net::wire::ClientMsg::Start {});
    joiner.until(&mut players, |l| l.starts_with("Ouest : Dan."));
    joiner.type_line("commencer");
    joiner.until(&mut players, |l| l.contains("d'enchérir"));
    // A surcontre with no contre is refused as the solo line mode refuses it, in French (with
    // nothing to contre, or a contre to say first when a bid came before), and the game
    // waits; no word of the host's own is said.
    joiner.type_line("surcontre");
    joiner.until(&mut players, |l| {
        l == "Il n'y a rien à contrer maintenant."
            || l == "Un surcontre répond à un contre : c'est contre qui peut se dire maintenant."
    });
    joiner.type_line("passe");
    joiner.until(&mut players, |l| l.starts_with("Vous passez."));
    assert!(!joiner.said.iter().any(|l| l.contains("refusent") || l.contains("turn")));
    joiner.type_line("quitter");
    assert!(joiner.child.wait().expect("contree ends").success());
    drop(running);
}

#[test]
fn a_table_created_with_hints_gives_them_from_the_seats_view_and_another_does_not() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    for hints in [true, false] {
        let mut args = vec!["--name", "Ana", "--seat", "east", "--lang", "en"];
        args.extend(hints.then_some("--hints"));
        let dir = root.path().join(if hints { "ana" } else { "ana2" });
        let mut joiner = Joiner::start(&addr, &dir, &args);
        let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
        let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
        let name = if hints { "one" } else { "two" };
        let mut players = three_join(&addr, code, &root.path().join(name));
        joiner.until(&mut players, |l| l == "West: Dan.");
        joiner.type_line("start");
        joiner.until(&mut players, |l| l.starts_with("Your turn to bid"));
        joiner.type_line("hint");
        if hints {
            // The expert's advice, then who holds what, its last line the deals it rests on.
            joiner.until(&mut players, |l| l.starts_with("Hint: "));
            joiner.type_line("holds");
            joiner.until(&mut players, |l| l.starts_with("Over ") && l.contains(" deals"));
        } else {
            joiner.until(&mut players, |l| l.starts_with("Hints are off at this table"));
        }
        joiner.type_line("quit");
        assert!(joiner.child.wait().expect("contree ends").success());
    }
    drop(running);
}

#[test]
fn a_lost_connection_is_joined_again_at_the_same_seat() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let args = ["--name", "Ana", "--seat", "east", "--lang", "en", "--grace", "5"];
    let mut joiner = Joiner::start(&addr, &root.path().join("ana"), &args);
    let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
    let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
    let mut players = three_join(&addr, code, root.path());
    joiner.until(&mut players, |l| l == "West: Dan.");
    joiner.type_line("start");
    joiner.until(&mut players, |l| l.starts_with("Your turn to bid"));
    // The host stops and starts again on the same address, from its files.
    drop(running);
    let running = host_at(&addr, &root.path().join("host"));
    joiner.until(&mut [], |l| l.contains("connection to the host is lost"));
    for p in &mut players {
        p.reconnect(&addr);
    }
    let back = format!("You sit at table {code}, seat East.");
    joiner.until(&mut players, |l| l == back);
    joiner.until(&mut players, |l| l.starts_with("Your turn to bid"));
    joiner.type_line("pass");
    joiner.until(&mut players, |l| l == "You pass.");
    joiner.type_line("quit");
    assert!(joiner.child.wait().expect("contree ends").success());
    drop(running);
}

#[test]
fn a_table_that_is_not_there_is_said_and_ends_in_failure() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let args = ["--name", "Bo", "--table", "acd-efh", "--lang", "en"];
    let mut joiner = Joiner::start(&addr, &root.path().join("bo"), &args);
    joiner.until(&mut [], |l| l == "No table has that code.");
    let status = joiner.child.wait().expect("contree ends");
    assert_eq!(status.code(), Some(1));
    drop(running);
}

#[test]
fn a_bot_playing_for_a_dropped_player_is_said_with_its_call() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let args = ["--name", "Ana", "--seat", "east", "--lang", "en", "--grace", "5"];
    let mut joiner = Joiner::start(&addr, &root.path().join("ana"), &args);
    let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
    let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
    let mut players = three_join(&addr, code, root.path());
    joiner.until(&mut players, |l| l == "West: Dan.");
    joiner.type_line("start");
    joiner.until(&mut players, |l| l.starts_with("Your turn to bid"));
    // The joiner passes at once: its own turn is timed by the same short grace time, which a
    // loaded machine could let run out while it waits for the line below.
    joiner.type_line("pass");
    // Dan, West at the table and the joiner's partner, North on its screen, drops.
    drop(players.pop());
    joiner.until(&mut players, |l| l == "North: Dan, disconnected.");
    // Past the grace time, a bot plays Dan's seat, and its call is said as the bot's.
    let said = joiner.until(&mut players, |l| l.contains("(a bot in the player's place)"));
    assert!(said.starts_with("North "), "{said}");
    joiner.type_line("quit");
    assert!(joiner.child.wait().expect("contree ends").success());
    drop(running);
}

#[test]
fn a_player_who_moves_before_the_start_is_south_from_the_new_seat() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let args = ["--name", "Ana", "--lang", "en"];
    let mut joiner = Joiner::start(&addr, &root.path().join("ana"), &args);
    joiner.until(&mut [], |l| l == "South: Ana, you.");
    joiner.type_line("sit west");
    joiner.until(&mut [], |l| l == "West: Ana, you.");
    let code = joiner.said.iter().find_map(|l| l.strip_prefix("Give your friends the code "));
    let code = code.and_then(|c| c.split('.').next()).expect("a code").to_string();
    // Bea, then Cid, take the first seats free: South, then East.
    let mut players: Vec<Player> = Vec::new();
    for name in ["Bea", "Cid"] {
        let p = Player::new(&addr, name, &root.path().join(name));
        p.remote.join(&code, None, None);
        players.push(p);
        netplay::play_until(&mut players, Duration::from_secs(10), |ps| {
            ps.iter().all(|p| p.seat.is_some())
        });
    }
    joiner.type_line("start");
    joiner.until(&mut players, |l| l.starts_with("New game: "));
    // The game on, the table is turned around West: the player South, Bea (South at the
    // table) East on screen, Cid (East) North, the bot at North West.
    let seats: Vec<String> = (0..4).map(|_| joiner.until(&mut players, |_| true)).collect();
    assert_eq!(seats[..3], ["South: Ana, you.", "East: Bea.", "North: Cid."]);
    assert!(seats[3].starts_with("West: ") && seats[3].ends_with(", a bot."), "{seats:?}");
    joiner.type_line("quit");
    assert!(joiner.child.wait().expect("contree ends").success());
    drop(running);
}

#[test]
fn a_table_with_a_password_is_joined_with_it_alone() {
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let mut bea = vec![Player::new(&addr, "Bea", &root.path().join("bea"))];
    let mut setup = contree::net::wire::TableSetup::new(
        contree::game::GameOptions::default(),
        contree::personas::Level::Normal,
    );
    setup.password = Some("tarot".to_string());
    bea[0].remote.create(setup, None);
    netplay::play_until(&mut bea, Duration::from_secs(10), |p| p[0].code.is_some());
    let code = bea[0].code.clone().expect("a code");
    let wrong = ["--name", "Bo", "--table", &code, "--password", "belote", "--lang", "en"];
    let mut bo = Joiner::start(&addr, &root.path().join("bo"), &wrong);
    bo.until(&mut bea, |l| l == "The table's password is not that one.");
    assert_eq!(bo.child.wait().expect("contree ends").code(), Some(1));
    let right = ["--name", "Ana", "--table", &code, "--password", "tarot", "--lang", "en"];
    let mut ana = Joiner::start(&addr, &root.path().join("ana"), &right);
    let sat = format!("You sit at table {code}, seat East.");
    ana.until(&mut bea, |l| l == sat);
    ana.type_line("quit");
    assert!(ana.child.wait().expect("contree ends").success());
    drop(running);
}

/// Waits up to `limit` for the joiner to end: its exit status.
fn ends(joiner: &mut Joiner, limit: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Ok(Some(status)) = joiner.child.try_wait() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn a_table_that_cannot_be_saved_ends_the_line_mode_saying_why() {
    let root = tempfile::tempdir().expect("a directory");
    let dir = root.path().join("host");
    let running = host(&dir);
    let addr = running.addr.to_string();
    let mut joiner =
        Joiner::start(&addr, &root.path().join("ana"), &["--name", "Ana", "--seat", "east"]);
    let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
    let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
    // The disk refuses from now on: `tables` is a file, no longer a directory.
    std::fs::rename(dir.join("tables"), dir.join("kept")).expect("moved");
    std::fs::write(dir.join("tables"), b"").expect("a file in the way");
    let bea = Player::new(&addr, "Bea", &root.path().join("bea"));
    bea.remote.join(code, None, Some(Seat::South));
    joiner.until(&mut [], |l| l.starts_with("The table could not be saved: it stops here"));
    let status = ends(&mut joiner, Duration::from_secs(10)).expect("the line mode ends");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn a_game_cut_short_ends_the_line_mode_saying_why() {
    use contree::game::Action;
    use contree::rules::Call;
    let root = tempfile::tempdir().expect("a directory");
    let running = host(&root.path().join("host"));
    let addr = running.addr.to_string();
    let mut joiner =
        Joiner::start(&addr, &root.path().join("ana"), &["--name", "Ana", "--seat", "east"]);
    let code_line = joiner.until(&mut [], |l| l.starts_with("Give your friends the code"));
    let code = code_line.split_whitespace().nth(5).expect("a code").trim_end_matches('.');
    let mut players = three_join(&addr, code, root.path());
    joiner.until(&mut players, |l| l == "West: Dan.");
    joiner.type_line("start");
    // Every seat passes, deal after deal, until the host cuts the game short.
    let (start, mut acted) = (Instant::now(), [None; 3]);
    loop {
        assert!(start.elapsed() < Duration::from_secs(120), "not cut short: {:#?}", joiner.said);
        for (p, acted) in players.iter_mut().zip(&mut acted) {
            while let Some(e) = p.remote.next_event(Duration::ZERO) {
                if let RemoteEvent::View(v) = &e
                    && v.to_act == Some(v.view.seat())
                    && *acted != Some(v.revision)
                {
                    *acted = Some(v.revision);
                    p.remote.act(Action::Bid(Call::Pass));
                }
                p.events.push(e);
            }
        }
        match joiner.next(Duration::from_millis(5)) {
            Some(l) if l.starts_with("Your turn to bid") => joiner.type_line("pass"),
            Some(l) if l.starts_with("Too many deals in a row were passed") => break,
            _ => {}
        }
    }
    let status = ends(&mut joiner, Duration::from_secs(10)).expect("the line mode ends");
    assert_eq!(status.code(), Some(1));
    let cut = |p: &Player| {
        p.events.iter().any(|e| {
            matches!(e, RemoteEvent::Error { error: contree::net::wire::ErrorCode::CutShort, .. })
        })
    };
    netplay::play_until(&mut players, Duration::from_secs(10), |ps| ps.iter().all(cut));
}
