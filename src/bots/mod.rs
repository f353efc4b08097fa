//! The computer players. A bot decides from a [`SeatView`] alone, so it cannot see hidden cards.
//!
//! Levels: `random` (passes, plays a uniformly random legal card: the baseline), `easy` (sound
//! rules of bidding and play, no card memory, a little randomness), `normal` (card memory and
//! inference, the bidding convention of [`bidding`], contres) and `expert` (its cards, bids and
//! contres worked out in sampled worlds with the double-dummy solver: [`expert`]). The persona's
//! [`BiddingStyle`] shifts the bidding within a level. A [`Decision`] asks a level what it does
//! ([`Level::decide`]), and gets the same answer for the same situation, at the table and
//! through `contree bot` alike. The bots play every rule set and trump mode: the view carries
//! the [`crate::rules::Rules`], the bidding counts sans atout, tout atout and coinche's
//! declarations ([`bidding`]), and the memory reads each mode's legal-card rules ([`memory`]).
//! The [`gambler`], which overbids and never contres, is not a level: it plays only in the
//! arena, to measure how the levels punish an overbidder.

pub mod bidding;
pub mod expert;
pub mod gambler;
pub mod in_seat;
pub mod memory;
pub mod play;
pub mod protocol;

use std::sync::atomic::AtomicBool;

use rand::{RngExt, SeedableRng};

use crate::game::{Action, SeatView};
use crate::personas::BiddingStyle;
use crate::rules::{Call, Card, ContreScoring, RuleSet, ScoringMethod, Suit, Trump, legal_cards};

pub use crate::personas::Level;
use bidding::Bidding;
pub use memory::Memory;

/// How often the `easy` level plays a random legal card instead of its rules.
const EASY_SLIP: f64 = 0.08;

/// A decision asked of a computer player: the situation as its seat sees it, the persona's
/// bidding style, the seed its random choices come from, what the expert may spend, and a flag
/// that stops the expert's thinking early. [`Level::decide`] answers it; the expert's advice
/// ([`expert::advise`]) and the arena's gambler ([`gambler::decide`]) take the same question.
/// The expert reads only the view, the budget and the flag: its style and its seed are its own,
/// so that its answer depends on the situation alone.
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// What the seat to act may know: `view.seat()` must be the seat to act.
    pub view: &'a SeatView,
    /// The persona's bidding style (the levels below the expert).
    pub style: BiddingStyle,
    /// With the situation itself, the seed of every random choice of the levels below the
    /// expert: the same decision always gets the same answer.
    pub seed: u64,
    /// What the expert may spend (the other levels answer at once).
    pub budget: expert::Budget,
    /// Raised, the expert stops thinking; its answer is then not wanted.
    pub cancel: Option<&'a AtomicBool>,
}

impl Decision<'_> {
    /// The generator of this decision: from the seed and the situation.
    fn rng(&self) -> rand::rngs::Xoshiro256PlusPlus {
        rand::rngs::Xoshiro256PlusPlus::seed_from_u64(self.seed ^ view_hash(self.view))
    }
}

impl Level {
    /// What a bot of this level does in `decision`'s situation. The answer is always legal.
    /// The expert's is its advice's action; cancelled, it answers as `normal`, since the
    /// answer is no longer wanted.
    pub fn decide(self, decision: &Decision) -> Action {
        if self == Level::Expert
            && let Some(advice) = expert::advise(decision)
        {
            return advice.action;
        }
        let level = self.min(Level::Normal);
        decide_below_expert(decision.view, level, decision.style, &mut decision.rng())
    }
}

/// [`Level::decide`] for the levels below the expert, with the decision's generator.
fn decide_below_expert(
    view: &SeatView,
    level: Level,
    style: BiddingStyle,
    rng: &mut impl rand::Rng,
) -> Action {
    let auction = view.auction();
    let Some(contract) = auction.contract() else {
        let bidder = match level {
            Level::Random => return Action::Bid(Call::Pass),
            Level::Easy => Bidding::EASY,
            Level::Normal | Level::Expert => Bidding::NORMAL,
        };
        let call = bidding::decide_call(view.seat(), view.hand(), auction, style, bidder, rng);
        if level == Level::Normal && call != Call::Contre && auction.legal_calls().contre {
            return Action::Bid(normal_contre(view, rng).unwrap_or(call));
        }
        return Action::Bid(call);
    };
    let mem = Memory::from_view(view, contract, level == Level::Normal);
    let legal = legal_cards(view.hand(), &mem.trick, contract.trump(), view.rules());
    let random_card = |rng: &mut dyn rand::Rng| -> Option<Card> {
        let n = legal.len();
        (n > 0).then(|| legal.iter().nth(rng.random_range(0..n))).flatten()
    };
    let card = match level {
        Level::Random => random_card(rng),
        Level::Easy if rng.random_bool(EASY_SLIP) => random_card(rng),
        Level::Easy => play::choose_card(&mem, legal, &[]),
        Level::Normal | Level::Expert => {
            let shown: Vec<Suit> =
                auction.bids_by(view.seat().partner()).filter_map(|b| b.trump.suit()).collect();
            play::choose_card(&mem, legal, &shown)
        }
    };
    // `legal` is never empty for the seat to play; a view where it is has nothing to decide.
    card.or_else(|| legal.first()).map_or(Action::Bid(Call::Pass), Action::Play)
}

/// The worlds the `normal` level weighs for a contre the convention does not make: a few, each
/// asked one question with a node budget, so that the decision stays within tens of
/// milliseconds.
const NORMAL_CONTRE: expert::Budget =
    expert::Budget { worlds: 24, nodes: 1_000_000, probe_nodes: 100_000 };

/// How far short of their need the opponents must fall in a world for it to count as failed:
/// the `normal` level's defence misses some of the solver's, so it counts only clear failures.
const NORMAL_CONTRE_MARGIN: i16 = 10;

/// The share of the worlds in which the opponents must fail for `normal` to contre, with at
/// least [`bidding::NORMAL_CONTRE_COUNT`] besides (measured over 2,000 deals of the convention
/// against itself and against a side overbidding by 30; see `RULES.md`).
const NORMAL_CONTRE_ODDS: f64 = 0.7;

/// `normal`'s contre when the convention makes none: a hand with some hold on the trump, and
/// opponents who fall clearly short in most of the worlds their auction leaves.
fn normal_contre(view: &SeatView, rng: &mut impl rand::Rng) -> Option<Call> {
    let auction = view.auction();
    let (_, bid) = auction.current_bid()?;
    if bid.is_capot()
        || bidding::contre_count(view.hand(), auction, bid) < bidding::NORMAL_CONTRE_COUNT
    {
        return None;
    }
    let reading = bidding::Reading::EXPERT;
    let (failed, of) =
        expert::failure_odds(view, rng, NORMAL_CONTRE, reading, NORMAL_CONTRE_MARGIN)?;
    (failed >= NORMAL_CONTRE_ODDS * of).then_some(Call::Contre)
}

/// A hash of what a view holds of the deal and the game (FNV-1a), stable across runs and
/// platforms: the seed of a decision's random choices. The levels the seats' calls are read by
/// are left out: an answer is a function of the whole view and this seed, so that the same view
/// always gets the same answer, and a level read differently changes what the calls weigh, not
/// the draws.
pub fn view_hash(view: &SeatView) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&[view.seat().index() as u8, view.dealer().index() as u8]);
    eat(&view.hand().0.to_le_bytes());
    for call in view.calls() {
        let code = match call {
            Call::Pass => 0u8,
            Call::Contre => 1,
            Call::Surcontre => 2,
            Call::Bid(b) => {
                let level = crate::rules::BidLevel::ALL.iter().position(|&l| l == b.level);
                let level = level.unwrap_or(10) as u8;
                match b.trump.suit() {
                    Some(suit) => 3 + level * 5 + suit.index() as u8,
                    // Sans atout and tout atout after every suit bid's code.
                    None => 58 + level * 2 + u8::from(b.trump == Trump::AllTrump),
                }
            }
        };
        eat(&[code]);
    }
    eat(&[0xff]);
    for card in view.cards() {
        eat(&[card.index() as u8]);
    }
    // The bytes of a contrée view are the ones it has always had, so that the same situation
    // keeps the same answer: what other sets and options add comes only when present.
    let said = view.belotes();
    let mut belotes = said.iter();
    eat(&[belotes.next().map_or(4, |(s, _)| s.index() as u8)]);
    for (seat, suit) in belotes {
        eat(&[seat.index() as u8, suit.index() as u8]);
    }
    let rules = view.rules();
    eat(&[
        matches!(rules.scoring, ScoringMethod::Made) as u8,
        matches!(rules.contre, ContreScoring::Tournament) as u8,
    ]);
    if rules.set != RuleSet::Contree || rules.nt_at {
        eat(&[0xfe, rules.set as u8, u8::from(rules.nt_at)]);
    }
    for (seat, declared) in view.declared().0.iter() {
        if let Some(c) = declared {
            eat(&[0xfd, seat.index() as u8]);
            eat(c.to_string().as_bytes());
        }
    }
    eat(&view.target().to_le_bytes());
    for t in view.totals().0 {
        eat(&t.to_le_bytes());
    }
    h
}

#[cfg(test)]
mod tests;
