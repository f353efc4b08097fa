//! Invariants of the rules engine over random deals played with random legal cards, in every
//! rule set and trump mode; the legal cards against a transcription of the rules' table on
//! arbitrary (hand, trick) pairs; the declarations against a brute-force enumeration; and the
//! record parsers (`contree score`'s, a deal file's first record) on arbitrary input.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::ALL_RULES;
use contree::rules::{
    BySeat, ByTeam, CAPOT_POINTS, Card, CardPlay, CardSet, Combination, DEAL_POINTS, DealRecord,
    Declaration, Direction, PlayError, Rank, RuleSet, Rules, Seat, Suit, Trick, Trump, check_play,
    legal_cards,
};
use contree::score::InputError;
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// The rank order of `card` within its suit under `trump`, straight from the rules' text.
fn order(card: Card, trump: Trump) -> usize {
    const TRUMP: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
        Rank::Nine,
        Rank::Jack,
    ];
    let trump_ordered = match trump {
        Trump::Suit(s) => card.suit() == s,
        Trump::AllTrump => true,
        Trump::NoTrump => false,
    };
    // The plain order, low to high, is the order of `Rank::ALL`.
    let table = if trump_ordered { TRUMP } else { Rank::ALL };
    table.iter().position(|&r| r == card.rank()).unwrap_or(0)
}

/// Whether `card` may be played from `hand` on `cards` (the trick so far), by the rules' text:
/// the table of `rules.md` and the variants' paragraphs, written out case by case.
fn legal_by_the_text(
    hand: CardSet,
    cards: &[Card],
    trump: Trump,
    set: RuleSet,
    card: Card,
) -> bool {
    let Some(&first) = cards.first() else {
        return true;
    };
    let lead = first.suit();
    let trump_suit = trump.suit();
    let is_trump = |c: Card| Some(c.suit()) == trump_suit;
    // The winner: the highest trump, else the highest card of the suit led.
    let trumps_in: Vec<Card> = cards.iter().copied().filter(|&c| is_trump(c)).collect();
    let winner = if trumps_in.is_empty() {
        cards.iter().copied().filter(|c| c.suit() == lead).max_by_key(|&c| order(c, trump))
    } else {
        trumps_in.iter().copied().max_by_key(|&c| order(c, trump))
    };
    let winner = winner.unwrap_or(first);
    let winner_pos = cards.iter().position(|&c| c == winner).unwrap_or(0);
    let partner_winning = cards.len() >= 2 && winner_pos == cards.len() - 2;
    let beats = |c: Card, w: Card| c.suit() == w.suit() && order(c, trump) > order(w, trump);
    if hand.has_suit(lead) {
        if card.suit() != lead {
            return false;
        }
        let climb = trump == Trump::AllTrump || trump_suit == Some(lead);
        if climb && hand.iter().any(|c| beats(c, winner)) {
            return beats(card, winner);
        }
        return true;
    }
    let my_trumps: Vec<Card> = hand.iter().filter(|&c| is_trump(c)).collect();
    if my_trumps.is_empty() || partner_winning {
        return true;
    }
    if trumps_in.is_empty() {
        return is_trump(card);
    }
    if my_trumps.iter().any(|&c| beats(c, winner)) {
        return beats(card, winner);
    }
    match set {
        RuleSet::Plain => is_trump(card),
        RuleSet::Contree | RuleSet::Coinche => true,
    }
}

/// A (hand, trick) pair: a trick of 0 to 3 distinct cards and a non-empty hand of other cards.
fn hand_and_trick() -> impl Strategy<Value = (CardSet, Vec<Card>)> {
    (Just(Card::all().collect::<Vec<Card>>()).prop_shuffle(), 0usize..4, 1usize..=8)
        .prop_map(|(deck, n, h)| (deck[n..n + h].iter().copied().collect(), deck[..n].to_vec()))
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (0usize..ALL_RULES.len()).prop_map(|i| ALL_RULES[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_random_deal_keeps_every_invariant(
        seed in any::<u64>(),
        trump in 0usize..Trump::NUM,
        leader in 0usize..4,
        rules in rules_strategy(),
    ) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let hands = common::random_hands(&mut rng);
        let sets: BySeat<CardSet> = hands.clone().map(|h| h.into_iter().collect());
        prop_assert_eq!(sets.0.iter().fold(0u32, |acc, h| acc | h.0), u32::MAX);
        let trump = Trump::ALL[trump];
        let mut play = CardPlay::new(sets, trump, Seat::from_index(leader), rules);
        let mut played = CardSet::EMPTY;
        while let Some(seat) = play.to_play() {
            let hand = play.hands()[seat];
            let legal = play.legal_cards();
            prop_assert!(!legal.is_empty(), "a legal card always exists");
            prop_assert_eq!(legal.minus(hand), CardSet::EMPTY, "legal cards are in the hand");
            prop_assert_eq!(legal, legal_cards(hand, play.current_trick(), trump, rules));
            for card in Card::all() {
                prop_assert_eq!(play.check(card).is_ok(), legal.contains(card), "check agrees on {}", card);
            }
            let pick: Vec<Card> = legal.iter().collect();
            let card = pick[rng.random_range(0..pick.len())];
            prop_assert!(!played.contains(card), "every card is played once");
            played.insert(card);
            prop_assert!(play.try_play(card).is_ok());
            let held: usize = play.hands().0.iter().map(|h| h.len()).sum();
            prop_assert_eq!(held + played.len(), 32, "32 cards conserved");
        }
        prop_assert_eq!(played, CardSet::FULL);
        prop_assert_eq!(play.check(Card::from_index(0)), Err(PlayError::DealOver));
        let points = play.points();
        let tricks = play.tricks_won();
        let capot = tricks.0.contains(&8);
        prop_assert_eq!(points.0[0] + points.0[1], if capot { CAPOT_POINTS } else { DEAL_POINTS });
        prop_assert_eq!(tricks.0[0] + tricks.0[1], 8);
        let trick_points: u16 = play.tricks().iter().map(|t| t.points).sum();
        prop_assert_eq!(trick_points, points.0[0] + points.0[1]);
        // The turn passes in the rules' direction: each trick's seats follow one another.
        for t in play.tricks() {
            let seats: Vec<Seat> = t.trick.plays().map(|(s, _)| s).collect();
            for w in seats.windows(2) {
                prop_assert_eq!(w[1], w[0].next_in(rules.direction()));
            }
        }
        // Belotes: one at most with a trump suit, none in sans atout, up to four in tout atout.
        let belotes = play.belotes();
        let n: u8 = belotes.counts().0.iter().sum();
        match trump {
            Trump::Suit(_) => prop_assert!(n <= 1),
            Trump::NoTrump => prop_assert_eq!(n, 0),
            Trump::AllTrump => prop_assert!(n <= 4),
        }
    }

    /// Arbitrary (hand, trick) pairs, reachable or not: the legal cards are the rules' text, the
    /// checked play accepts them and refuses every other card with the rule it breaks.
    #[test]
    fn legal_cards_follow_the_rules_text(
        (hand, cards) in hand_and_trick(),
        trump in 0usize..Trump::NUM,
        leader in 0usize..4,
        clockwise in any::<bool>(),
        rules in rules_strategy(),
    ) {
        let trump = Trump::ALL[trump];
        let dir = if clockwise { Direction::Clockwise } else { Direction::Anticlockwise };
        let mut trick = Trick::new(Seat::from_index(leader), dir);
        for &c in &cards {
            trick.push(c);
        }
        let legal = legal_cards(hand, &trick, trump, rules);
        prop_assert!(!legal.is_empty());
        prop_assert_eq!(legal.minus(hand), CardSet::EMPTY);
        for card in Card::all() {
            let checked = check_play(hand, &trick, trump, rules, card);
            if !hand.contains(card) {
                prop_assert_eq!(checked, Err(PlayError::NotInHand { card }));
                continue;
            }
            let by_text = legal_by_the_text(hand, &cards, trump, rules.set, card);
            prop_assert_eq!(legal.contains(card), by_text, "{} on {:?} under {}", card, cards, trump);
            match checked {
                Ok(()) => prop_assert!(by_text),
                Err(e) => {
                    prop_assert!(!by_text);
                    // The error names a rule, and a card it holds that the rule asks for.
                    match e {
                        PlayError::MustFollow { suit } => prop_assert!(hand.has_suit(suit)),
                        PlayError::MustOvertrump { holds }
                        | PlayError::MustBeat { holds }
                        | PlayError::MustTrump { holds }
                        | PlayError::MustUnderruff { holds } => prop_assert!(legal.contains(holds)),
                        PlayError::NotInHand { .. } | PlayError::DealOver => {
                            prop_assert!(false, "{} is not the rule broken", e)
                        }
                    }
                    if matches!(e, PlayError::MustUnderruff { .. }) {
                        prop_assert_eq!(rules.set, RuleSet::Plain);
                    }
                    if matches!(e, PlayError::MustBeat { .. }) {
                        prop_assert_eq!(trump, Trump::AllTrump);
                    }
                }
            }
        }
    }

    #[test]
    fn random_records_score_by_their_tricks_and_contract(seed in any::<u64>(), rules in rules_strategy()) {
        let record = common::random_record_with(seed, Some(rules));
        let scored = record.score();
        prop_assert!(scored.is_ok(), "{:?}", scored.err());
        let scored = scored.ok().unwrap_or_else(|| unreachable!());
        if let Some(c) = &scored.contract {
            let total = scored.card_points.0[0] + scored.card_points.0[1];
            prop_assert!(total == DEAL_POINTS || total == CAPOT_POINTS);
            // Scoring is a function of the card points, tricks, belotes and declarations.
            let contract = record.replay_auction().ok().and_then(|a| a.contract());
            prop_assert!(contract.is_some());
            let contract = contract.unwrap_or_else(|| unreachable!());
            prop_assert_eq!(c.value, contract.value());
            // Each trick holds the points of its cards, the last its ten of dix de der (and a
            // capot's bonus), and a team's card points are those of the tricks it took.
            for (i, tr) in scored.tricks.iter().enumerate() {
                let last = match i {
                    7 if total == CAPOT_POINTS => 10 + CAPOT_POINTS - DEAL_POINTS,
                    7 => 10,
                    _ => 0,
                };
                let cards: u16 = tr.cards.iter().map(|card| u16::from(card.points(c.suit))).sum();
                prop_assert_eq!(tr.points, cards + last, "trick {}", i + 1);
            }
            let taken = ByTeam::from_fn(|t| {
                scored.tricks.iter().filter(|tr| tr.winner.team() == t).map(|tr| tr.points).sum::<u16>()
            });
            prop_assert_eq!(scored.card_points, taken);
            // A contract made gives its takers at least what they asked; one failed gives the
            // defenders at least as much, and the takers no more than their belote.
            let takers = contract.taker.team();
            match scored.made {
                Some(true) => prop_assert!(scored.score[takers] >= c.value, "{:?}", scored),
                Some(false) => {
                    prop_assert!(scored.score[takers.other()] >= c.value, "{:?}", scored);
                    prop_assert!(scored.score[takers] <= 20 * u16::from(scored.belotes[takers]), "{:?}", scored);
                }
                None => prop_assert!(false, "a contract played out is made or failed"),
            }
            if rules.set != RuleSet::Plain {
                prop_assert!(scored.score.0.iter().all(|s| s % 10 == 0), "rounded to the ten");
            }
        }
        prop_assert_eq!(scored.declared.is_some(), rules.set == RuleSet::Coinche);
        // The record survives a JSON round trip.
        let json = serde_json::to_string(&record).unwrap_or_default();
        let back: Result<DealRecord, _> = serde_json::from_str(&json);
        prop_assert_eq!(back.ok(), Some(record));
    }

    /// The best combination of a hand is worth at least as much as any combination the rules
    /// allow, found by enumerating them all.
    #[test]
    fn the_best_combination_beats_every_valid_choice(seed in any::<u64>(), trump in 0usize..Trump::NUM) {
        let trump = Trump::ALL[trump];
        let hand = declaring_hand(seed);
        let best = Combination::best(hand, trump);
        let cards = best.cards();
        prop_assert_eq!(cards.minus(hand), CardSet::EMPTY, "declared cards are held");
        let lens: usize = best.iter().map(|d| d.cards().len()).sum();
        prop_assert_eq!(lens, cards.len(), "no card in two declarations");
        prop_assert!(valid_choice(hand, best.as_slice()), "{} from {}", best, hand);
        let (points, key) = brute_force_best(hand, trump);
        prop_assert_eq!(best.points(), points, "{} from {}", best, hand);
        prop_assert_eq!(best.best_key(trump), key, "{} from {}", best, hand);
        // What a record says a seat declared reads back the same.
        let tokens: Vec<String> = best.iter().map(|d| d.to_string()).collect();
        prop_assert_eq!(Combination::parse_in_hand(&tokens, hand), Ok(best));
    }

    /// Arbitrary text never breaks `contree score`: a text with a line that is not blank gets
    /// answers, or is refused whole as not JSON; a blank one gets none.
    #[test]
    fn arbitrary_text_gets_answers(text in "\\PC{0,300}") {
        let blank = text.lines().all(|l| contree::files::is_blank(l.as_bytes()));
        match contree::score::score_text(&text) {
            Ok(answers) => prop_assert_eq!(answers.is_empty(), blank, "{:?}", answers),
            Err(e) => prop_assert!(matches!(e, InputError::NotJson(_)) && !blank, "{}", e),
        }
    }

    /// Arbitrary bytes through the whole command: no panic; exit status 0 when every answer is
    /// an accepted record, 1 when one is refused, each answer a line of JSON and a line that is
    /// not blank answered; or 2, the input refused whole as not JSON, with nothing written.
    #[test]
    fn arbitrary_bytes_are_answered_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut out = Vec::new();
        let status = contree::score::run(bytes.as_slice(), &mut out);
        let text = String::from_utf8(out).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let answers: Vec<serde_json::Value> = text
            .lines()
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        let content = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        let blank = content.split(|&b| b == b'\n').all(contree::files::is_blank);
        match status {
            Ok(status) => {
                prop_assert!(answers.iter().all(|a| a["ok"].is_boolean()), "{}", text);
                let all_ok = answers.iter().all(|a| a["ok"] == true);
                prop_assert_eq!(status.code(), if all_ok { 0 } else { 1 }, "{}", text);
                prop_assert_eq!(answers.is_empty(), blank, "{}", text);
            }
            Err(e) => {
                prop_assert!(matches!(e, InputError::NotJson(_)), "{}", e);
                prop_assert!(answers.is_empty() && !blank, "{}", text);
            }
        }
    }

    /// A valid record broken at one byte, or cut short: answered, never a panic.
    #[test]
    fn damaged_records_are_answered(seed in any::<u64>(), rules in rules_strategy(), at in any::<usize>(), byte in any::<u8>()) {
        let json = serde_json::to_string(&common::random_record_with(seed, Some(rules))).unwrap_or_default();
        let mut bytes = json.into_bytes();
        let i = at % bytes.len().max(1);
        let mut cut = bytes.clone();
        cut.truncate(i);
        if let Some(b) = bytes.get_mut(i) {
            *b = byte;
        }
        for input in [bytes, cut] {
            let mut out = Vec::new();
            let _ = contree::score::run(input.as_slice(), &mut out);
            let _ = contree::score::first_record(input.as_slice());
        }
    }

    /// A deal file's first record: any bytes are a record or its error, never a panic.
    #[test]
    fn any_bytes_are_a_first_record_or_its_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let first = contree::score::first_record(bytes.as_slice()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // Read as contree analyse reads its first record: the same record, or the same error
        // when it is none (a record that does not score is still a deal file's record).
        let mut each = None;
        let read = contree::score::each_record(bytes.as_slice(), |r| {
            each.get_or_insert(r);
            Ok(())
        });
        match (first, each) {
            (Ok(record), Some(Ok(read))) => prop_assert_eq!(record, read),
            (Ok(_), Some(Err(e))) => prop_assert!(e.kind != contree::rules::RejectKind::BadInput, "{}", e),
            (Err(e), Some(Err(read))) => prop_assert_eq!(e, read),
            (Err(e), None) => prop_assert!(read.is_err() || e.reason.contains("empty or blank"), "{}", e),
            (Ok(record), None) => prop_assert!(false, "{:?} read only by one", record),
            (Err(e), Some(Ok(record))) => prop_assert!(false, "{:?} read only by one: {}", record, e),
        }
    }

    /// A valid record, alone, first of JSON Lines, or over several lines, is read back as it
    /// was, and its deal can be played again from its start.
    #[test]
    fn a_valid_record_is_the_first_record_of_its_file(seed in any::<u64>(), rules in rules_strategy(), other in any::<u64>()) {
        let record = common::random_record_with(seed, Some(rules));
        let line = serde_json::to_string(&record).unwrap_or_default();
        let pretty = serde_json::to_string_pretty(&record).unwrap_or_default();
        let next = serde_json::to_string(&common::random_record(other)).unwrap_or_default();
        for text in [line.clone(), format!("\u{feff}{line}\n{next}\n"), pretty] {
            let first = contree::score::first_record(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(first, Ok(record.clone()));
        }
        let game = contree::game::Replay::deal_again(&record, other, Default::default());
        let game = game.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(game.deal().hands(), record.hand_sets());
        prop_assert_eq!(game.deal().played().len(), 0);
        prop_assert_eq!(game.seed(), other);
    }
}

/// A hand likely to declare: up to two carrés and two runs, filled up at random to 8 cards.
fn declaring_hand(seed: u64) -> CardSet {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut cards: Vec<Card> = Vec::new();
    for _ in 0..rng.random_range(0..3) {
        let rank = Rank::ALL[rng.random_range(0..8)];
        cards.extend(Suit::ALL.map(|s| Card::new(s, rank)));
    }
    for _ in 0..rng.random_range(0..3) {
        let suit = Suit::from_index(rng.random_range(0..4));
        let len = rng.random_range(3..=8);
        let top = rng.random_range(len - 1..8);
        cards.extend((0..len).map(|i| Card::new(suit, Rank::NATURAL[top - i])));
    }
    cards.shuffle(&mut rng);
    let mut hand = CardSet::EMPTY;
    for c in cards {
        if hand.len() < 8 {
            hand.insert(c);
        }
    }
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut rng);
    for c in deck {
        if hand.len() < 8 {
            hand.insert(c);
        }
    }
    hand
}

/// Position in the sequence order 7 8 9 10 J Q K A.
fn position(rank: Rank) -> usize {
    Rank::NATURAL.iter().position(|&r| r == rank).unwrap_or(0)
}

/// Every declaration the hand's cards could make, each run cut any way.
fn candidates(hand: CardSet) -> Vec<Declaration> {
    let mut out = Vec::new();
    for rank in Rank::ALL {
        let d = Declaration::Carre(rank);
        if d.points() > 0 && d.cards().minus(hand).is_empty() {
            out.push(d);
        }
    }
    for suit in Suit::ALL {
        for top in 2..8 {
            for len in 3..=top + 1 {
                let d = Declaration::Sequence {
                    top: Card::new(suit, Rank::NATURAL[top]),
                    len: len as u8,
                };
                if d.cards().minus(hand).is_empty() {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Whether `decls` is a choice the rules allow for `hand`: held, no card twice, and every
/// sequence a whole run of the cards outside the chosen carrés.
fn valid_choice(hand: CardSet, decls: &[Declaration]) -> bool {
    let mut used = CardSet::EMPTY;
    for d in decls {
        if !d.cards().minus(hand).is_empty() || !used.and(d.cards()).is_empty() {
            return false;
        }
        used = used.or(d.cards());
    }
    let carres = decls
        .iter()
        .filter(|d| matches!(d, Declaration::Carre(_)))
        .fold(CardSet::EMPTY, |acc, d| acc.or(d.cards()));
    let free = hand.minus(carres);
    decls.iter().all(|d| match *d {
        Declaration::Carre(_) => true,
        Declaration::Sequence { top, len } => {
            let p = position(top.rank());
            let len = usize::from(len);
            let above = p < 7 && free.contains(Card::new(top.suit(), Rank::NATURAL[p + 1]));
            let below = p >= len && free.contains(Card::new(top.suit(), Rank::NATURAL[p - len]));
            !above && !below
        }
    })
}

/// The best (points, single best declaration) over every valid choice of at most two.
fn brute_force_best(hand: CardSet, trump: Trump) -> (u16, Option<u32>) {
    let all = candidates(hand);
    let mut choices: Vec<Vec<Declaration>> = vec![vec![]];
    for (i, &a) in all.iter().enumerate() {
        choices.push(vec![a]);
        for &b in &all[i + 1..] {
            choices.push(vec![a, b]);
        }
    }
    choices
        .into_iter()
        .filter(|c| valid_choice(hand, c))
        .map(|c| {
            let points: u16 = c.iter().map(|d| d.points()).sum();
            (points, c.iter().map(|d| d.rank_key(trump)).max())
        })
        .max()
        .unwrap_or((0, None))
}

/// The binary and the library agree on many random records of every set, sent in one batch.
#[test]
fn contree_score_agrees_with_the_library() {
    let records: Vec<_> = (0..300u64)
        .map(|s| {
            let rules = (s % 4 != 0).then(|| ALL_RULES[s as usize % ALL_RULES.len()]);
            common::random_record_with(s.wrapping_mul(0x9e37_79b9), rules)
        })
        .collect();
    let input: String =
        records.iter().map(|r| serde_json::to_string(r).unwrap_or_default() + "\n").collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_contree"))
        .arg("score")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("contree runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("contree finishes");
    writer.join().expect("writer").expect("written");
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).expect("UTF-8").lines().collect();
    assert_eq!(lines.len(), records.len());
    for (record, line) in records.iter().zip(lines) {
        let got: serde_json::Value = serde_json::from_str(line).expect("JSON answer");
        let scored = record.score().expect("random records are legal");
        let mut want = serde_json::to_value(&scored).expect("serializes");
        want["ok"] = serde_json::Value::Bool(true);
        assert_eq!(got, want);
    }
}
