//! Every call of every level satisfies its meaning at that level, over random deals in every
//! rule set and both styles; the reading weighs a hand by the bounds it misses.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::bots::Decision;
use crate::bots::bidding::{Bidding, convention_call, decide_call};
use crate::bots::expert::Budget;
use crate::game::{Action, Game, GameOptions, Phase};
use crate::rules::{BidLevel, Card, RuleSet, Suit};

/// Deals each level bids in the property tests.
const DEALS: u64 = 10_000;

fn rules_of(k: u64) -> Rules {
    let set = RuleSet::ALL[(k % 3) as usize];
    Rules::of(set).with_nt_at(k % 2 == 1 && set != RuleSet::Plain)
}

fn style_of(rng: &mut Xoshiro256PlusPlus) -> BiddingStyle {
    if rng.random_range(0..2) == 0 { BiddingStyle::Cautious } else { BiddingStyle::Bold }
}

/// Bids deal `k` at the table, every seat a computer player of `level` in a random style,
/// calling `each` with the auction before each call, the call and the caller's hand.
fn bid_at(level: Level, k: u64, budget: Budget, mut each: impl FnMut(&Auction, Call, CardSet)) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(k);
    let options = GameOptions::of(rules_of(k));
    let mut game = Game::new(options, k, BySeat::default());
    game.set_levels(BySeat([level; 4]));
    let styles = BySeat::from_fn(|_| style_of(&mut rng));
    while game.phase() == Phase::Bidding {
        let Some(seat) = game.to_act() else { break };
        let view = game.view(seat);
        let decision = Decision { view: &view, style: styles[seat], seed: k, budget, cancel: None };
        let Action::Bid(call) = level.decide(&decision) else {
            panic!("deal {k}: a card in the auction");
        };
        each(view.auction(), call, view.hand());
        if let Err(e) = game.apply(seat, Action::Bid(call)) {
            panic!("deal {k}: {level}'s {call:?} is refused: {e}");
        }
    }
}

/// What the property tests count of a level's calls: every call, the bounds they showed, and
/// of each kind of call (bid, pass, contre, surcontre) how many there were and how many the
/// convention's own bounds admit.
#[derive(Clone, Copy, Debug, Default)]
struct Fits {
    calls: u64,
    bounds: u64,
    kinds: [(u64, u64); 4],
}

impl Fits {
    fn add(&mut self, o: &Fits) {
        self.calls += o.calls;
        self.bounds += o.bounds;
        for (k, (n, c)) in o.kinds.iter().enumerate() {
            self.kinds[k].0 += n;
            self.kinds[k].1 += c;
        }
    }

    /// "bids 1234, 71.2% by the convention; passes …": the share of each kind of call the
    /// convention's bounds admit (docs/strength.md quotes it).
    fn summary(&self, level: Level) -> String {
        let names = ["bids", "passes", "contres", "surcontres"];
        let parts: Vec<String> = names
            .iter()
            .zip(self.kinds)
            .filter(|(_, (n, _))| *n > 0)
            .map(|(name, (n, c))| {
                format!("{name} {n}, {:.1}% by the convention", 100.0 * c as f64 / n as f64)
            })
            .collect();
        format!("{level}: {} calls, all fitting their meaning; {}", self.calls, parts.join("; "))
    }
}

/// Checks that every call `level` makes in deals `deals` satisfies its meaning at that level;
/// what was counted.
fn every_call_fits(level: Level, deals: std::ops::Range<u64>, budget: Budget) -> Fits {
    let mut fits = Fits::default();
    for k in deals {
        bid_at(level, k, budget, |before, call, hand| {
            let m = Meaning::of(before, call, level);
            assert!(
                m.admits(hand),
                "deal {k}: {level}'s {call:?} by {:?} with {hand:?} misses {:?} in {:?}",
                m.seat,
                m.missed(hand),
                before.calls()
            );
            fits.calls += 1;
            fits.bounds += m.shows.len() as u64;
            let kind = match call {
                Call::Bid(_) => 0,
                Call::Pass => 1,
                Call::Contre => 2,
                Call::Surcontre => 3,
            };
            fits.kinds[kind].0 += 1;
            fits.kinds[kind].1 += u64::from(m.by_convention(hand));
        });
    }
    fits
}

/// [`every_call_fits`] over `deals` deals on two threads.
fn every_call_fits_in(level: Level, deals: u64, budget: Budget) -> (u64, usize) {
    let fits = counted(level, deals, budget);
    (fits.calls, fits.bounds as usize)
}

/// [`every_call_fits`] over `deals` deals on two threads, what was counted.
fn counted(level: Level, deals: u64, budget: Budget) -> Fits {
    std::thread::scope(|s| {
        let half = deals / 2;
        let a = s.spawn(move || every_call_fits(level, 0..half, budget));
        let mut fits = every_call_fits(level, half..deals, budget);
        fits.add(&a.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        fits
    })
}

#[test]
fn every_call_of_the_random_level_satisfies_its_meaning() {
    let (calls, bounds) = every_call_fits_in(Level::Random, DEALS, Budget::DEFAULT);
    // A random player's pass shows nothing.
    assert!(calls == 4 * DEALS && bounds == 0, "{calls} calls, {bounds} bounds");
}

#[test]
fn every_call_of_the_easy_level_satisfies_its_meaning() {
    let (calls, bounds) = every_call_fits_in(Level::Easy, DEALS, Budget::DEFAULT);
    // The test reads something: most calls show a bound.
    assert!(calls > 4 * DEALS && bounds as u64 > calls, "{calls} calls, {bounds} bounds");
}

#[test]
fn every_call_of_the_normal_level_satisfies_its_meaning() {
    // Its contres too, which it also makes on its worlds' odds when the convention does not.
    // Those worlds are dear in a test build: the whole run of `DEALS` deals is
    // `every_call_of_normal_and_the_expert_satisfies_its_meaning_in_every_deal`.
    let deals = 1_000;
    let (calls, bounds) = every_call_fits_in(Level::Normal, deals, Budget::DEFAULT);
    assert!(calls > 4 * deals && bounds as u64 > calls, "{calls} calls, {bounds} bounds");
}

#[test]
fn every_call_of_the_expert_satisfies_its_meaning() {
    // The expert weighs few worlds here, which moves it off the convention about as often as at
    // the table: its calls off the convention are the ones a meaning could miss.
    let deals = 200;
    let (calls, bounds) = every_call_fits_in(Level::Expert, deals, Budget::worlds(8));
    assert!(calls > 4 * deals && bounds as u64 > calls, "{calls} calls, {bounds} bounds");
}

#[test]
#[ignore = "minutes in a release build: .ci/run runs it"]
fn every_call_of_normal_and_the_expert_satisfies_its_meaning_in_every_deal() {
    // With `--nocapture`, how often each level's calls keep to the convention's own bounds.
    for level in [Level::Easy, Level::Normal, Level::Expert] {
        let fits = counted(level, DEALS, Budget::worlds(4));
        let (calls, bounds) = (fits.calls, fits.bounds);
        assert!(calls > 4 * DEALS && bounds > calls, "{level}: {calls} calls, {bounds}");
        println!("{}", fits.summary(level));
    }
}

#[test]
fn the_convention_s_calls_fit_the_expert_s_meanings() {
    // The expert's own call starts from the convention's, in either style and any wobble: each
    // must be one its meanings admit, since it is made when no other call is weighed.
    for k in 0..DEALS {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(k);
        let mut deck: Vec<Card> = (0..32).map(Card::from_index).collect();
        for i in (1..deck.len()).rev() {
            let j = rng.random_range(0..=i);
            deck.swap(i, j);
        }
        let hands: BySeat<CardSet> =
            BySeat::from_fn(|s| deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect());
        let mut auction = Auction::new(Seat::ALL[rng.random_range(0..4)], rules_of(k));
        while let Some(seat) = auction.to_speak() {
            for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
                for noise in -super::super::NOISE..=super::super::NOISE {
                    let call =
                        convention_call(seat, hands[seat], &auction, style, Bidding::NORMAL, noise);
                    let m = Meaning::of(&auction, call, Level::Expert);
                    assert!(
                        m.admits(hands[seat]),
                        "deal {k}: {call:?} misses {:?}",
                        m.missed(hands[seat])
                    );
                    assert!(m.by_convention(hands[seat]), "deal {k}: {call:?} by the convention");
                }
            }
            let style = style_of(&mut rng);
            let call = decide_call(seat, hands[seat], &auction, style, Bidding::NORMAL, &mut rng);
            if auction.try_call(call).is_err() {
                panic!("deal {k}: the convention's {call:?} is illegal");
            }
        }
    }
}

#[test]
fn a_call_the_convention_would_not_make_weighs_its_hand_down() {
    let cards = |text: &str| -> CardSet {
        text.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    };
    let hand = cards("7H 8H QS 9D 8D 7C 8C 9C");
    let strong = cards("JH 9H AH 7H AS AD 7C 8C");
    let before = Auction::new(Seat::West, Rules::default());
    let hearts = Call::Bid(Bid { level: BidLevel::Points(110), trump: Trump::Suit(Suit::Hearts) });
    let open = Meaning::of(&before, hearts, Level::Normal);
    assert!(open.admits(strong) && !open.admits(hand));
    let r = Reading::EXPERT;
    assert!(open.likelihood(hand, &r) < 0.01 && open.likelihood(hand, &r) >= r.floor);
    // A pass denies the opening the strong hand would make.
    let pass = Meaning::of(&before, Call::Pass, Level::Normal);
    assert!(pass.admits(hand) && !pass.admits(strong));
    assert!(pass.likelihood(strong, &r) < pass.likelihood(hand, &r));
    // The expert's opening shows less: the weak hand is still outside it, a middling one not.
    let expert = Meaning::of(&before, hearts, Level::Expert);
    let middling = cards("JH 9H 7H 8S 9S 7D 8D 7C");
    assert!(expert.admits(strong) && !expert.admits(hand) && expert.admits(middling));
    assert!(!open.admits(middling));
    // A random player's pass shows nothing, and weighs no hand down.
    let random = Meaning::of(&before, Call::Pass, Level::Random);
    assert!(random.admits(strong) && random.likelihood(strong, &r) == 1.0);
}

#[test]
fn every_meaning_is_worded_in_both_languages_and_folds_to_ascii() {
    use crate::text::{Lang, SuitStyle, Words};
    let en = Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
    let fr = Words { lang: Lang::Fr, ..en };
    let mut seen = std::collections::HashSet::new();
    for k in 0..3_000 {
        bid_at(Level::Normal, k, Budget::worlds(1), |before, call, _| {
            for level in Level::ALL {
                let m = Meaning::of(before, call, level);
                let (e, f) = (en.meaning(&m), fr.meaning(&m));
                assert!(!e.is_empty() && !f.is_empty() && e != f, "{e} / {f}");
                for w in [en, fr] {
                    let a = Words { ascii: true, suits: SuitStyle::Letters, ..w }.meaning(&m);
                    assert!(a.is_ascii(), "{a}");
                }
                if seen.insert((std::mem::discriminant(&m.situation), level))
                    && std::env::var_os("MEANINGS").is_some()
                {
                    println!("{level} {:?}\n  {e}\n  {f}", before.calls());
                }
            }
        });
    }
    // Every situation the convention bids into was worded, at every level.
    assert!(seen.len() >= 9 * 4, "{} situations", seen.len());
}
