//! Behaviour of the bots on hands built by hand, and their invariants over random deals.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::*;
use crate::game::{Game, GameOptions, Phase};
use crate::rules::{
    Bid, BySeat, ByTeam, CardSet, GameContext, PublicDeal, Rank, RuleSet, Rules, Seat,
};

/// What `level` does in `view`, as the table asks it: the expert on the table's budget.
fn decide(view: &SeatView, level: Level, style: BiddingStyle, seed: u64) -> Action {
    let budget = expert::Budget::DEFAULT;
    level.decide(&Decision { view, style, seed, budget, cancel: None })
}

/// What the arena's gambler does in `view`.
fn gamble(view: &SeatView, style: BiddingStyle, seed: u64) -> Action {
    let budget = expert::Budget::DEFAULT;
    gambler::decide(&Decision { view, style, seed, budget, cancel: None })
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|t| t.parse().expect("card token")).collect()
}

fn calls(s: &str) -> Vec<Call> {
    s.split_whitespace().map(|t| t.parse().expect("call token")).collect()
}

/// The first deal of a game to 1000.
const GAME: GameContext = GameContext { target: 1000, before: ByTeam([0, 0]) };

/// The deal of `dealer` under `rules`, from calls and cards as in deal records.
fn deal_in(rules: Rules, dealer: Seat, auction: &str, play: &str) -> PublicDeal {
    PublicDeal::replay(dealer, rules, &calls(auction), &cards(play)).expect("legal calls and cards")
}

/// The view of `seat` holding `hand` under `rules`, from tokens as in deal records.
fn view_with(
    rules: Rules,
    seat: Seat,
    dealer: Seat,
    hand: CardSet,
    auction: &str,
    play: &str,
) -> SeatView {
    let deal = deal_in(rules, dealer, auction, play);
    SeatView::new(seat, hand, deal, GAME).expect("a view a table could give")
}

/// The view of `seat`, from tokens as in deal records.
fn view(seat: Seat, dealer: Seat, hand: &str, auction: &str, play: &str) -> SeatView {
    view_in(Rules::default(), seat, dealer, hand, auction, play)
}

/// The view of `seat` under `rules`, from tokens as in deal records.
pub(super) fn view_in(
    rules: Rules,
    seat: Seat,
    dealer: Seat,
    hand: &str,
    auction: &str,
    play: &str,
) -> SeatView {
    view_with(rules, seat, dealer, cards(hand).into_iter().collect(), auction, play)
}

/// Contrée with sans atout and tout atout.
const NT_AT: Rules = Rules::of(RuleSet::Contree).with_nt_at(true);

/// The opening of `v` for each level that bids, style and seed, as bids.
fn openings(v: &SeatView) -> Vec<Bid> {
    let mut bids = Vec::new();
    for level in [Level::Easy, Level::Normal] {
        for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
            for seed in 0..20 {
                match decide(v, level, style, seed) {
                    Action::Bid(Call::Bid(b)) => bids.push(b),
                    other => panic!("{level} {style:?} did not open: {other}"),
                }
            }
        }
    }
    bids
}

fn card(s: &str) -> Card {
    s.parse().expect("card token")
}

/// The view is one the protocol accepts: whose turn it is, cards that add up.
fn assert_consistent(v: &SeatView) {
    let back = protocol::parse_request(&protocol::request_json(v)).expect("a valid situation");
    assert_eq!(&back, v);
}

#[test]
fn the_partner_does_not_ruff_a_master() {
    // South took 80 in hearts and leads the ace of spades; North has no spade.
    let v =
        view(Seat::North, Seat::West, "7H 8H 10H 7D 8D KD 9C 10C", "80H pass pass pass", "AS 7S");
    assert_consistent(&v);
    for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
        for level in [Level::Easy, Level::Normal] {
            let Action::Play(c) = decide(&v, level, style, 3) else {
                panic!("a card is due");
            };
            assert_ne!(c.suit(), Suit::Hearts, "{level} ruffed its partner's ace with {c}");
        }
    }
    // The normal bot loads the trick with points it would not make otherwise.
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 3), Action::Play(card("10C")));
}

#[test]
fn points_go_on_the_partners_sure_trump_trick() {
    // North plays 80 hearts and leads the jack of trump; South has no trump left to follow with
    // and puts its 10 of clubs on the trick.
    let v = view(
        Seat::South,
        Seat::West,
        "10C 7D 8D KS QS 7C 8C",
        "pass pass 80H pass pass pass",
        "7S 8S AS 9S JH 7H",
    );
    assert_consistent(&v);
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 2), Action::Play(card("10C")));
}

#[test]
fn an_opponent_winning_gets_ruffed() {
    // The same hand, but East has beaten the lead: North trumps, with its smallest trump.
    let v =
        view(Seat::North, Seat::West, "7H 8H 10H 7D 8D KD 9C 10C", "80H pass pass pass", "KS AS");
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 3), Action::Play(card("7H")));
}

#[test]
fn a_defender_does_not_lead_into_the_takers_void() {
    // East plays 80 hearts and ruffed the second trick, a club: South must not lead its clubs
    // (ace or small) into that void while East may still trump.
    let v = view(
        Seat::South,
        Seat::North,
        "AC 8C QS JD 10D",
        "80H pass pass pass",
        "7D 8D AD 9D KC 9C 7H 7C 7S AS 8S 9S",
    );
    assert_consistent(&v);
    let Action::Play(c) = decide(&v, Level::Normal, BiddingStyle::Cautious, 1) else {
        panic!("a card is due");
    };
    assert_ne!(c.suit(), Suit::Clubs, "led {c} into the taker's void");
}

#[test]
fn known_voids_steer_the_lead() {
    // South took 80 spades. West showed a diamond void by ruffing the second trick and may
    // still hold the missing trumps; hearts is as quiet a lead and cannot be ruffed cheaply.
    let v = view(
        Seat::South,
        Seat::West,
        "8D 9D QD 8H 9H",
        "80S pass pass pass",
        "JS 7S 8S 9S 7D JD KD 10S 7C AC 8C 9C",
    );
    assert_consistent(&v);
    let Action::Play(c) = decide(&v, Level::Normal, BiddingStyle::Cautious, 1) else {
        panic!("a card is due");
    };
    assert_eq!(c.suit(), Suit::Hearts, "led {c} into West's void");
    // The memory holds the reason: West cannot hold a diamond; without memory, no such limit.
    let contract = v.contract().expect("a contract");
    let mem = Memory::from_view(&v, contract, true);
    assert!(mem.is_void(Seat::West, Suit::Diamonds));
    assert!(mem.may_hold_trump(Seat::West));
    let forgetful = Memory::from_view(&v, contract, false);
    assert!(!forgetful.is_void(Seat::West, Suit::Diamonds));
    let legal = legal_cards(v.hand(), &forgetful.trick, contract.trump(), v.rules());
    let blind = play::choose_card(&forgetful, legal, &[]).expect("a card");
    assert_eq!(blind.suit(), Suit::Diamonds, "without memory the longer suit looks best");
}

#[test]
fn jack_nine_ace_and_two_aces_open() {
    let v = view(Seat::South, Seat::West, "JH 9H AH AS AD 7S 8D 7C", "", "");
    for level in [Level::Easy, Level::Normal] {
        for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
            for seed in 0..20 {
                match decide(&v, level, style, seed) {
                    Action::Bid(Call::Bid(b)) => {
                        assert_eq!(b.trump.suit(), Some(Suit::Hearts));
                        assert!(b.level.value() >= 90, "{level} {style:?} opened only {b}");
                    }
                    other => panic!("{level} {style:?} did not open: {other}"),
                }
            }
        }
    }
    // A hand without the jack or length stays quiet.
    let weak = view(Seat::South, Seat::West, "9H 7H AS 8S 8D 9D 7C 9C", "", "");
    assert_eq!(decide(&weak, Level::Normal, BiddingStyle::Cautious, 0), Action::Bid(Call::Pass));
}

#[test]
fn a_bot_never_contres_its_partner_but_does_contre_opponents() {
    // North (the partner of South) holds the bid; whatever South holds, it never contres.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for i in 0..400u64 {
        let mut deck: Vec<Card> = Card::all().collect();
        rand::seq::SliceRandom::shuffle(deck.as_mut_slice(), &mut rng);
        let hand: CardSet = deck[..8].iter().copied().collect();
        for auction in ["pass pass 120H pass", "80S pass 90H pass", "80S 100D 110C pass"] {
            let v = view_with(Rules::default(), Seat::South, Seat::West, hand, auction, "");
            let legal = v.auction().legal_calls();
            for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                let Action::Bid(call) = decide(&v, Level::Normal, style, i) else {
                    panic!("a call is due");
                };
                assert_ne!(call, Call::Contre);
                assert!(legal.allows(call), "{call} is not allowed after {auction}");
            }
        }
    }
    // Against an opponent's high bid with the top trumps, it contres.
    let v = view(Seat::East, Seat::West, "JH 9H AH 10H AS AD 7C 8C", "130H", "");
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 0), Action::Bid(Call::Contre));
}

/// The call of `seat` in `view` for each style, cautious first.
fn calls_by_style(v: &SeatView) -> [Call; 2] {
    [BiddingStyle::Cautious, BiddingStyle::Bold].map(|style| {
        match decide(v, Level::Normal, style, 1) {
            Action::Bid(call) => call,
            other => panic!("a call is due, not {other}"),
        }
    })
}

#[test]
fn a_defender_contres_on_its_hold_on_the_trump() {
    // South opened 90 hearts; East sits behind with three trumps, the jack and the 9, and an
    // ace: 2 + 2 + 2 + 1 = 7, both styles contre.
    let v = view(Seat::East, Seat::West, "JH 9H 8H AS 7S 8D 7C 8C", "90H", "");
    assert_consistent(&v);
    assert_eq!(calls_by_style(&v), [Call::Contre; 2]);
    // Four trumps with the 9 and an ace, against a mere 80: 5 + 2 + 1.
    let v = view(Seat::East, Seat::West, "9H 8H 7H QH AS 7D 8D 7C", "80H", "");
    assert_eq!(calls_by_style(&v), [Call::Contre; 2]);
    // Three trumps with the jack and the 9 alone make 6: the bold player contres, the cautious
    // one wants 7.
    let v = view(Seat::West, Seat::West, "JH 9H 8H 7S 8S 8D 7C 8C", "80H pass pass", "");
    let [cautious, bold] = calls_by_style(&v);
    assert_eq!(bold, Call::Contre);
    assert_ne!(cautious, Call::Contre);
}

#[test]
fn a_weak_or_short_trump_hand_does_not_contre() {
    // Two trumps, even the jack, with two aces: the taker draws them (-1 + 2 + 2).
    let v = view(Seat::East, Seat::West, "JH 8H AS AD 7C 8C 9D 10S", "90H", "");
    assert!(!calls_by_style(&v).contains(&Call::Contre));
    // Three small trumps to the ace and a side ace: 2 + 1, far from it.
    let v = view(Seat::East, Seat::West, "AH 8H 7H AS KD 7C 8C 9D", "90H", "");
    assert!(!calls_by_style(&v).contains(&Call::Contre));
    // The jack-9 of three that a bold player contres alone, once the taker's partner has raised
    // the suit: the takers showed the tricks the opening lacked.
    let v = view(Seat::West, Seat::West, "JH 9H 8H 7S 8S 8D 7C 8C", "80H pass 100H", "");
    assert!(!calls_by_style(&v).contains(&Call::Contre));
}

#[test]
fn only_a_taker_with_the_jack_and_9_surcontres() {
    // South opened 110 hearts with five trumps to the jack-9 and two aces (a count of 149);
    // East contred and it is South's turn again.
    let strong = "JH 9H AH 10H KH AS AD 7C";
    let v = view(Seat::South, Seat::West, strong, "110H contre pass pass", "");
    assert_consistent(&v);
    assert_eq!(calls_by_style(&v), [Call::Surcontre; 2]);
    // Without the 9 the contrer may hold it behind: no surcontre.
    let v = view(Seat::South, Seat::West, "JH 8H AH 10H KH AS AD 7C", "110H contre pass pass", "");
    assert_eq!(calls_by_style(&v), [Call::Pass; 2]);
    // The partner with the jack, the 9 and three aces leaves it to the taker.
    let v = view(Seat::North, Seat::West, "JH 9H AS AD AC 7S 7D 7C", "110H contre", "");
    assert_eq!(calls_by_style(&v), [Call::Pass; 2]);
}

#[test]
fn the_partner_raises_by_sure_tricks() {
    // North opened 80 hearts; South holds the 9 of trump and two aces: three sure tricks, the
    // first of which the opener counted on: 100.
    let v = view(Seat::South, Seat::East, "9H 7H AS 8S AD 9D 7C 9C", "80H pass", "");
    assert_eq!(
        decide(&v, Level::Normal, BiddingStyle::Cautious, 0),
        Action::Bid(Call::Bid(Bid::new(crate::rules::BidLevel::Points(100), Suit::Hearts)))
    );
}

/// A level's decision, the expert's on a small budget in worlds: quick, and the same on any
/// machine.
fn decide_quick(view: &SeatView, level: Level, style: BiddingStyle, seed: u64) -> Action {
    level.decide(&Decision { view, style, seed, budget: expert::Budget::worlds(2), cancel: None })
}

#[test]
fn the_same_situation_gets_the_same_answer() {
    let v = view(Seat::South, Seat::West, "JH 9H AH AS AD 7S 8D 7C", "", "");
    for level in Level::ALL {
        assert_eq!(
            decide_quick(&v, level, BiddingStyle::Bold, 9),
            decide_quick(&v.clone(), level, BiddingStyle::Bold, 9)
        );
    }
    let game = GameContext { before: ByTeam([10, 0]), ..GAME };
    let other = SeatView::new(v.seat(), v.hand(), v.public().clone(), game).expect("a view");
    assert_ne!(view_hash(&v), view_hash(&other));
}

/// Every rule set, with and without sans atout and tout atout.
fn every_set() -> impl Iterator<Item = Rules> {
    RuleSet::ALL.into_iter().flat_map(|set| [false, true].map(|on| Rules::of(set).with_nt_at(on)))
}

#[test]
fn every_level_plays_legal_moves_through_whole_games_in_every_set() {
    for (r, rules) in every_set().enumerate() {
        for (i, level) in Level::ALL.into_iter().enumerate() {
            // A random player only passes: one game of void deals is enough. The expert, which
            // searches, plays a whole deal in each set (its own tests play more).
            let games = if matches!(level, Level::Random | Level::Expert) { 1 } else { 4 };
            for g in 0..games {
                let players = BySeat::from_fn(|s| s.to_string());
                let options = GameOptions { rules, ..GameOptions::default() };
                let seed = 40 + (r * 3 + i) as u64 * 10 + g;
                let mut game = Game::new(options, seed, players);
                let mut moves = 0;
                while game.phase() != Phase::GameOver && moves < 3_000 {
                    if level == Level::Expert && game.phase() == Phase::DealOver {
                        break;
                    }
                    if game.phase() == Phase::DealOver {
                        game.next_deal().expect("next deal");
                        continue;
                    }
                    let seat = game.to_act().expect("a seat to act");
                    let style = if seat.index().is_multiple_of(2) {
                        BiddingStyle::Cautious
                    } else {
                        BiddingStyle::Bold
                    };
                    let view = game.view(seat);
                    if let Some(contract) = view.contract() {
                        check_memory(&game, &view, contract);
                    }
                    let action = decide_quick(&view, level, style, 1);
                    game.apply(seat, action).expect("the bot's move is legal");
                    moves += 1;
                }
                match level {
                    Level::Random => {}
                    Level::Expert => {
                        assert!(game.history().len() == 1, "expert bots finish a deal")
                    }
                    _ => assert_eq!(game.phase(), Phase::GameOver, "{level} bots finish a game"),
                }
            }
        }
    }
}

/// The memory of `view` agrees with the deal of `game`: the trick in progress and the seats
/// still to play are the table's, in the rules' direction; every card a seat is inferred not to
/// hold is one it does not hold; the play rules always find a card themselves.
fn check_memory(game: &Game, view: &SeatView, contract: crate::rules::Contract) {
    let Some(play) = &game.deal().play else {
        panic!("a contract and no play");
    };
    for remember in [false, true] {
        let mem = Memory::from_view(view, contract, remember);
        assert_eq!(&mem.trick, play.current_trick());
        let to_come: Vec<Seat> = mem.still_to_play().collect();
        let direction = view.rules().direction();
        let expected: Vec<Seat> =
            (1..4 - mem.trick.len()).map(|n| view.seat().after_in(n, direction)).collect();
        assert_eq!(to_come, expected);
        for seat in Seat::ALL.into_iter().filter(|&s| s != view.seat()) {
            let held = play.hands()[seat];
            let wrong = mem.cannot_hold[seat].and(held);
            assert!(wrong.is_empty(), "{seat} holds {wrong}, inferred away: {view:?}");
            assert_eq!(mem.possible(seat).and(held), held, "{seat}");
        }
        let legal = legal_cards(view.hand(), &mem.trick, contract.trump(), view.rules());
        assert!(play::choose_card(&mem, legal, &[]).is_some_and(|c| legal.contains(c)));
    }
}

#[test]
fn tout_atout_shows_who_holds_nothing_higher() {
    // East deals and South takes 80 in tout atout; North leads the 10 of hearts, West follows
    // with the 7 (it would have had to beat the 10 with the jack, the 9 or the ace), South
    // with the king, and East discards a spade: East has no heart at all.
    let v = view_in(
        NT_AT,
        Seat::North,
        Seat::East,
        "JC 9C AC 10C 7D 8D 9D",
        "pass pass 80AT pass pass pass",
        "10H 7H KH 8S",
    );
    assert_consistent(&v);
    let mem = Memory::from_view(&v, v.contract().expect("a contract"), true);
    for c in ["JH", "9H", "AH"] {
        assert!(mem.cannot_hold[Seat::West].contains(card(c)), "West may hold {c}");
    }
    assert!(mem.possible(Seat::West).contains(card("8H")), "West may still hold a small heart");
    // South played under the 10 too, against its own partner's card.
    assert!(mem.cannot_hold[Seat::South].contains(card("JH")));
    assert!(mem.is_void(Seat::East, Suit::Hearts));
    // Nothing cuts in tout atout: a discard shows nothing but the void.
    assert!(mem.possible(Seat::East).contains(card("JS")));
    // In sans atout, following low shows nothing.
    let nt = v.calls().iter().map(|c| c.to_string().replace("AT", "NT")).collect::<Vec<_>>();
    let v = view_in(
        NT_AT,
        Seat::North,
        Seat::East,
        "JC 9C AC 10C 7D 8D 9D",
        &nt.join(" "),
        "10H 7H KH 8S",
    );
    let mem = Memory::from_view(&v, v.contract().expect("a contract"), true);
    assert!(mem.possible(Seat::West).contains(card("AH")));
    assert!(mem.is_void(Seat::East, Suit::Hearts));
}

#[test]
fn plain_underruff_shows_a_seat_without_trumps() {
    // Plain turns clockwise: East deals, South leads the 7 of spades, West trumps with the 9 of
    // hearts, North discards a diamond, and East is to play. North could not follow and an
    // opponent was winning: under the compulsory underruff it has no trump at all.
    let plain = Rules::of(RuleSet::Plain);
    let v = view_in(
        plain,
        Seat::East,
        Seat::East,
        "8S 9S 10S KD QD 7C 8C 9C",
        "80H pass pass pass",
        "7S 9H 8D",
    );
    assert_consistent(&v);
    let contract = v.contract().expect("a contract");
    assert_eq!(contract.taker, Seat::South);
    let mem = Memory::from_view(&v, contract, true);
    assert_eq!(mem.trick.to_play(), Seat::East);
    assert!(!mem.may_hold_trump(Seat::North), "North must hold no trump");
    assert!(mem.is_void(Seat::North, Suit::Spades));
    // The opponents of East are South and North, in the order they play after it.
    assert_eq!(mem.opponents(), [Seat::South, Seat::North]);
    // The same play in contrée, turning anticlockwise (West deals, South leads, East trumps,
    // North discards): North only shows it has no trump above the 9.
    let v =
        view(Seat::West, Seat::West, "8S 9S 10S KD QD 7C 8C 9C", "80H pass pass pass", "7S 9H 8D");
    assert_consistent(&v);
    let mem = Memory::from_view(&v, v.contract().expect("a contract"), true);
    assert!(mem.cannot_hold[Seat::North].contains(card("JH")));
    assert!(mem.possible(Seat::North).contains(card("AH")));
}

#[test]
fn declared_cards_and_belotes_of_any_suit_are_placed() {
    // Coinche with tout atout: East deals and South takes; North led the king of clubs saying
    // "Belote" and announced a tierce to the jack of hearts, West announced nothing. South
    // knows North holds the queen of clubs and the J 10 9 of hearts.
    let rules = Rules::of(RuleSet::Coinche).with_nt_at(true);
    let mut deal = deal_in(rules, Seat::East, "pass pass 80AT pass pass pass", "KC 7C");
    let play = deal.play_mut().expect("the play");
    play.say_belote(Seat::North, Suit::Clubs);
    let tierce = crate::rules::Combination::parse_announced(&["tierce:JH"]).expect("a tierce");
    play.announce(Seat::North, tierce);
    play.announce(Seat::West, crate::rules::Combination::NONE);
    let hand = cards("JS AS 10S KS QS JD AD KD").into_iter().collect();
    let v = SeatView::new(Seat::South, hand, deal, GAME).expect("a view");
    assert_consistent(&v);
    let mem = Memory::from_view(&v, v.contract().expect("a contract"), true);
    for c in ["QC", "JH", "10H", "9H"] {
        assert_eq!(
            Seat::ALL
                .into_iter()
                .filter(|&s| mem.possible(s).contains(card(c)))
                .collect::<Vec<_>>(),
            [Seat::North],
            "{c}"
        );
    }
    // West played the 7 of clubs without a belote: nothing more placed there.
    assert!(mem.possible(Seat::East).contains(card("AC")));
}
/// A dealt hand of eight cards from `rng`.
fn random_hand(rng: &mut Xoshiro256PlusPlus) -> CardSet {
    let mut deck: Vec<Card> = Card::all().collect();
    rand::seq::SliceRandom::shuffle(deck.as_mut_slice(), rng);
    deck[..8].iter().copied().collect()
}

fn gambler_call(v: &SeatView, style: BiddingStyle, seed: u64) -> Call {
    match gamble(v, style, seed) {
        Action::Bid(call) => call,
        other => panic!("a call is due, not {other}"),
    }
}

fn normal_call(v: &SeatView, style: BiddingStyle, seed: u64) -> Call {
    match decide(v, Level::Normal, style, seed) {
        Action::Bid(call) => call,
        other => panic!("a call is due, not {other}"),
    }
}

#[test]
fn the_gambler_never_contres_even_where_normal_would() {
    // The hand on which the normal bot contres 130 hearts: the gambler bids on or passes.
    let v = view(Seat::East, Seat::West, "JH 9H AH 10H AS AD 7C 8C", "130H", "");
    assert_eq!(normal_call(&v, BiddingStyle::Cautious, 0), Call::Contre);
    assert_ne!(gambler_call(&v, BiddingStyle::Cautious, 0), Call::Contre);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut normal_contres = 0;
    for i in 0..600u64 {
        let hand = random_hand(&mut rng);
        for auction in ["90H", "pass 80S pass", "80D 100C", "80S pass 90H pass 110S", "capotH"] {
            let seat = deal_in(Rules::default(), Seat::West, auction, "").to_act();
            let seat = seat.expect("the auction goes on");
            let v = view_with(Rules::default(), seat, Seat::West, hand, auction, "");
            let legal = v.auction().legal_calls();
            for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                let call = gambler_call(&v, style, i);
                assert_ne!(call, Call::Contre, "the gambler contred {auction}");
                assert!(legal.allows(call), "{call} is not allowed after {auction}");
                normal_contres += usize::from(normal_call(&v, style, i) == Call::Contre);
            }
        }
    }
    assert!(normal_contres > 20, "the same hands hold contres: {normal_contres}");
}

#[test]
fn the_gambler_opens_and_raises_20_to_40_above_normal_on_the_same_hands() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let (mut normal_bids, mut gambler_bids, mut raises) = (0, 0, 0);
    for i in 0..2000u64 {
        let hand = random_hand(&mut rng);
        // South opens (West dealt), or answers North's 80 hearts (East dealt, South speaks third).
        for (dealer, auction) in [(Seat::West, ""), (Seat::East, "80H pass")] {
            let v = view_with(Rules::default(), Seat::South, dealer, hand, auction, "");
            for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                let (normal, gambler) = (normal_call(&v, style, i), gambler_call(&v, style, i));
                normal_bids += usize::from(normal != Call::Pass);
                gambler_bids += usize::from(gambler != Call::Pass);
                let Call::Bid(g) = gambler else {
                    assert_eq!(normal, Call::Pass, "the gambler passed where normal bid");
                    continue;
                };
                let Call::Bid(n) = normal else {
                    // Normal passes: the hand is worth less than the level, the gambler bids
                    // anyway (every raise of 80 included: 20 above is 100).
                    continue;
                };
                assert_eq!(g.trump, n.trump, "{hand:?} after {auction:?}");
                if n.is_capot() || n.level.value() > 120 {
                    continue;
                }
                let above = g.level.value() - n.level.value();
                assert!((20..=40).contains(&above), "{n} then {g} after {auction:?}");
                raises += usize::from(!auction.is_empty());
            }
        }
    }
    assert!(gambler_bids > normal_bids + 1000, "{gambler_bids} bids against {normal_bids}");
    assert!(raises > 100, "only {raises} raises compared");
}

#[test]
fn the_gambler_draws_one_overbid_a_deal_and_plays_as_normal() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let mut drawn = std::collections::BTreeSet::new();
    for i in 0..300u64 {
        let hand = random_hand(&mut rng);
        let v = view_with(Rules::default(), Seat::South, Seat::West, hand, "", "");
        let first = gambler::overbid(&v, i);
        assert!(gambler::OVERBID.contains(&first));
        // Later in the same auction the hand and the seat are the same: so is the overbid.
        let v = view_with(Rules::default(), Seat::South, Seat::West, hand, "80S pass 90H pass", "");
        assert_eq!(gambler::overbid(&v, i), first);
        drawn.insert(first);
    }
    assert_eq!(drawn.len(), 21, "every overbid from 20 to 40 is drawn: {drawn:?}");
    // Its cards are normal's cards.
    let v =
        view(Seat::North, Seat::West, "7H 8H 10H 7D 8D KD 9C 10C", "80H pass pass pass", "AS 7S");
    for seed in 0..20 {
        assert_eq!(
            gamble(&v, BiddingStyle::Bold, seed),
            decide(&v, Level::Normal, BiddingStyle::Bold, seed)
        );
    }
}

#[test]
fn aces_tens_and_stoppers_open_sans_atout() {
    // Ace-10 twice, a third ace, the clubs stopped by the guarded 10: 16 + 36 + 36 + 22 + 7.
    let hand = "AS 10S AH 10H AD 8D 10C 7C";
    let v = view_in(NT_AT, Seat::South, Seat::West, hand, "", "");
    assert_consistent(&v);
    for b in openings(&v) {
        assert_eq!(b.trump, Trump::NoTrump, "{b}");
        assert!(b.level.value() >= 100, "only {b}");
    }
    // Without the option, the same hand opens in a suit or not at all.
    let v = view(Seat::South, Seat::West, hand, "", "");
    let Action::Bid(call) = decide(&v, Level::Normal, BiddingStyle::Bold, 0) else {
        panic!("a call is due");
    };
    assert!(!matches!(call, Call::Bid(b) if !b.trump.is_suit()), "{call}");
}

#[test]
fn jacks_and_nines_open_tout_atout() {
    // J-9 twice and a third jack: 25 + 36 + 36 + 20, where the best suit counts 63.
    let v = view_in(NT_AT, Seat::East, Seat::South, "JS 9S JH 9H JD 7D 8C 7C", "", "");
    assert_consistent(&v);
    for b in openings(&v) {
        assert_eq!(b.trump, Trump::AllTrump, "{b}");
        assert!(b.level.value() >= 100, "only {b}");
    }
}

#[test]
fn a_void_and_no_ace_never_open_sans_atout() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let mut checked = 0;
    while checked < 300 {
        let hand = random_hand(&mut rng);
        let aces = Suit::ALL.iter().filter(|&&s| hand.contains(Card::new(s, Rank::Ace))).count();
        let void = Suit::ALL.iter().any(|&s| !hand.has_suit(s));
        if aces > 0 || !void {
            continue;
        }
        let v = view_with(NT_AT, Seat::South, Seat::West, hand, "", "");
        for level in [Level::Easy, Level::Normal] {
            for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                let call = decide(&v, level, style, checked);
                assert!(
                    !matches!(call, Action::Bid(Call::Bid(b)) if b.trump == Trump::NoTrump),
                    "{level} opened {call} with {hand}"
                );
            }
        }
        checked += 1;
    }
}

#[test]
fn coinche_counts_the_hands_declaration() {
    // A cinquante to the ace of spades with the belote: 110 in contrée, and 50 more points
    // (less 5 for what the defence may declare) in coinche.
    let hand = "AS KS QS JS 7H 8H 7D 8C";
    let level = |rules: Rules, seed| {
        let v = view_in(rules, Seat::South, Seat::West, hand, "", "");
        match decide(&v, Level::Normal, BiddingStyle::Cautious, seed) {
            Action::Bid(Call::Bid(b)) if b.trump == Trump::Suit(Suit::Spades) => b.level.value(),
            other => panic!("{other} with {rules:?}"),
        }
    };
    for seed in 0..20 {
        let contree = level(Rules::default(), seed);
        let coinche = level(Rules::of(RuleSet::Coinche), seed);
        assert!(coinche >= contree + 30, "{contree} then {coinche}");
    }
}

#[test]
fn tout_atout_climbs_with_the_card_that_holds() {
    let auction = "pass pass 80AT pass pass pass";
    // North deals and East takes 80 in tout atout. West leads the 10 of spades; South, second to
    // play, holds the jack and the ace: both climb, but East behind may hold the 9, which beats
    // the ace: the jack holds the trick.
    let v = view_in(NT_AT, Seat::South, Seat::North, "JS AS 7D 8D 9D 10D 7C 8C", auction, "10S");
    assert_consistent(&v);
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 0), Action::Play(card("JS")));
    // South deals and West takes. Last to play, over West's king, the 9 is enough and keeps
    // the jack.
    let v =
        view_in(NT_AT, Seat::South, Seat::South, "JS 9S 7S 7D 8D 9D 10D 7C", auction, "QS 8S KS");
    assert_consistent(&v);
    assert_eq!(decide(&v, Level::Normal, BiddingStyle::Cautious, 0), Action::Play(card("9S")));
    // East deals and South takes. Over the partner's queen, a player who can beat it must, and
    // every level does.
    let v = view_in(NT_AT, Seat::South, Seat::East, "KS 10S 7S 7D 8D 9D 10D 7C", auction, "QS 8S");
    assert_consistent(&v);
    for level in Level::ALL {
        for seed in 0..10 {
            let Action::Play(c) = decide(&v, level, BiddingStyle::Bold, seed) else {
                panic!("a card is due");
            };
            assert!(["KS", "10S"].contains(&c.to_string().as_str()), "{level} played {c}");
        }
    }
}

#[test]
fn a_coinche_defender_counts_its_declaration_against_the_takers() {
    // Three trumps with the 9 against 90 hearts: 4, no contre. With the four queens, 100 points
    // the takers must outscore, the count is 8 in coinche.
    let hand = "QS QH QD QC 9H 8H 7D 8C";
    let contree = view(Seat::East, Seat::West, hand, "90H", "");
    assert!(!calls_by_style(&contree).contains(&Call::Contre));
    let coinche = view_in(Rules::of(RuleSet::Coinche), Seat::East, Seat::West, hand, "90H", "");
    assert_consistent(&coinche);
    assert_eq!(calls_by_style(&coinche), [Call::Contre; 2]);
}
