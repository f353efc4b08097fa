//! Who holds what: for a seat's view, in the auction or in the play, the chance that each other
//! seat holds each card the seat has not seen, and how many cards of each suit (the trump's above
//! all) each holds, read from the expert's own worlds.
//!
//! **The worlds.** They are those the expert decides in (`worlds.rs`): every deal of the
//! unseen cards that the hard facts allow (the cards played are seen; a seat that did not follow
//! a suit holds none of it, nor a trump it could not have kept; a belote said places the other
//! card of its pair, a declaration its cards), drawn uniformly, each weighed by how well it
//! explains the other seats' calls and declarations, with the reading the expert decides with
//! (`inference.rs`). The figures are read from the weighted pool itself: a card's chance
//! to be in a seat's hand is the share of the worlds' weight where it is. A strong auction puts
//! most of the weight on a few of the worlds drawn, and figures from a few worlds are
//! overconfident, so the pool grows batch by batch until its effective number of worlds
//! (Kish's `(Σw)² / Σw²`) reaches [`HoldsBudget::effective`], or the pool
//! [`HoldsBudget::most`]; when there are no more worlds than that, every one of them is weighed
//! once and the figures are exact for the reading.
//!
//! **The figures.** For each of the three other seats and each unseen card, the chance that the
//! seat holds it now ([`Holds::odds`]): a card's three chances sum to 1, a seat's chances to the
//! number of cards it still holds; a seat the hard facts keep from a card gets exactly 0 (so a
//! seat known void in a suit gets 0 on each of its cards), and a seat they give it exactly 1. For
//! each seat and suit, the chance that it holds `k` cards of it now, `k` from 0 to 8
//! ([`Holds::lengths`]), and their mean; the trump's ([`Holds::trump`]) is the contract's trump
//! suit in the play, the suit of the bid standing in the auction. How many worlds were weighed
//! and their effective number say how far to trust them: the standard error of a chance `p` is
//! about `√(p(1−p)/effective)`. Measured against the real hands by `contree arena --holds`.
//!
//! **One computation.** The generator is seeded from the view ([`crate::bots::view_hash`]) and
//! a constant of its own, and the worlds are weighed one after the other on the calling thread:
//! the same view and budget give the same figures, byte for byte, on any machine and whatever
//! the number of threads.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::inference::Inference;
use super::worlds::Knowledge;
use crate::bots::Memory;
use crate::game::SeatView;
use crate::rules::{BySeat, Card, CardSet, Seat, Suit};
use crate::search::Worlds;

/// What one reading of who holds what may draw: the effective number of worlds it aims at and
/// the most worlds it draws to reach it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HoldsBudget {
    /// The effective number of worlds at which the pool stops growing.
    pub effective: f64,
    /// The most worlds drawn; when there are no more worlds than this, each is weighed once.
    pub most: u32,
}

impl HoldsBudget {
    /// The budget of [`holds`]: within about 150 ms on one core at the 99th percentile
    /// (`docs/strength.md` gives the figures).
    pub const DEFAULT: HoldsBudget = HoldsBudget { effective: 1000.0, most: 20_000 };
}

impl Default for HoldsBudget {
    fn default() -> HoldsBudget {
        HoldsBudget::DEFAULT
    }
}

/// Worlds drawn between two looks at the effective number.
const BATCH: u32 = 256;

/// Mixed with the view's hash into the seed of the generator.
const HOLDS_SEED: u64 = 0x686f_6c64_7320_2031;

/// Who holds what, as one seat's view leaves it: see the module's documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct Holds {
    /// The seat whose view it is.
    pub seat: Seat,
    /// The cards the seat has not seen: neither in its hand nor played.
    pub unseen: CardSet,
    /// The trump suit whose lengths matter most: the contract's in the play, the bid standing's
    /// in the auction; `None` before any bid in a suit, and in sans atout and tout atout.
    pub trump: Option<Suit>,
    /// How many worlds were weighed.
    pub worlds: u32,
    /// Whether they were every world the hard facts allow, each weighed once: the figures are
    /// then exact for the reading.
    pub exhaustive: bool,
    /// Their effective number, `(Σw)² / Σw²`: how many equally weighted worlds would tell as
    /// much.
    pub effective: f64,
    /// For each seat, by card index, the chance it holds the card.
    odds: BySeat<[f64; Card::NUM]>,
    /// For each seat and suit (by index), the chance it holds `k` cards of the suit.
    lengths: BySeat<[[f64; 9]; Suit::NUM]>,
}

impl Holds {
    /// The chance that `seat` holds `card` now: 0 for a card seen (the asking seat's own and
    /// the cards played) and for every card of the asking seat itself.
    pub fn odds(&self, seat: Seat, card: Card) -> f64 {
        self.odds[seat][card.index()]
    }

    /// The chance that `seat` holds `k` of the unseen cards of `suit` now, for `k` from 0 to 8
    /// (for the asking seat, none with certainty: its own cards are seen).
    pub fn lengths(&self, seat: Seat, suit: Suit) -> [f64; 9] {
        self.lengths[seat][suit.index()]
    }

    /// The number of cards of `suit` that `seat` holds now, on average.
    pub fn mean_length(&self, seat: Seat, suit: Suit) -> f64 {
        self.lengths(seat, suit).iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }

    /// The chance that `seat` holds `k` trumps now, `k` from 0 to 8, when there is a trump
    /// suit.
    pub fn trump_lengths(&self, seat: Seat) -> Option<[f64; 9]> {
        self.trump.map(|t| self.lengths(seat, t))
    }

    /// The number of trumps `seat` holds now, on average, when there is a trump suit.
    pub fn mean_trumps(&self, seat: Seat) -> Option<f64> {
        self.trump.map(|t| self.mean_length(seat, t))
    }

    /// The three other seats, in the order of [`Seat::ALL`].
    pub fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(move |&s| s != self.seat)
    }
}

/// Who holds what, as `view`'s seat can tell, within [`HoldsBudget::DEFAULT`]; `None` only when
/// no deal fits the view's card counts (a view no game gives).
pub fn holds(view: &SeatView) -> Option<Holds> {
    holds_within(view, HoldsBudget::DEFAULT)
}

/// [`holds`] within `budget` (which draws at least one world).
pub fn holds_within(view: &SeatView, budget: HoldsBudget) -> Option<Holds> {
    let budget = HoldsBudget { most: budget.most.max(1), ..budget };
    let contract = view.contract();
    let know = match contract {
        Some(c) => Knowledge::during_play(view, &Memory::from_view(view, c, true)),
        None => Knowledge::before_play(view),
    };
    let space = know.worlds()?;
    let inference = Inference::new(view, super::reading(view));
    let seed = HOLDS_SEED ^ crate::bots::view_hash(view);
    let mut tally = weigh(&know, &space, budget, seed, |d| inference.weight(d));
    if !(tally.total > 0.0 && tally.total.is_finite()) {
        // Every world weighed nothing (or the weights overflowed): the hard facts alone.
        tally = weigh(&know, &space, budget, seed, |_| 1.0);
    }
    let trump = match contract {
        Some(c) => c.trump().suit(),
        None => view.auction().current_bid().and_then(|(_, bid)| bid.trump.suit()),
    };
    let hand = view.hand();
    let seen = view.cards().fold(hand, |acc, c| acc.or(CardSet::single(c)));
    Some(tally.holds(view.seat(), CardSet::FULL.minus(seen), trump))
}

/// The weights summed as the worlds are drawn.
struct WeightSums {
    /// How many worlds were weighed.
    worlds: u32,
    /// Whether they are every world.
    exhaustive: bool,
    /// Σw and Σw².
    total: f64,
    squares: f64,
    /// Σw over the worlds where the seat holds the card.
    odds: BySeat<[f64; Card::NUM]>,
    /// Σw over the worlds where the seat holds `k` cards of the suit.
    lengths: BySeat<[[f64; 9]; Suit::NUM]>,
}

impl WeightSums {
    fn new() -> WeightSums {
        WeightSums {
            worlds: 0,
            exhaustive: false,
            total: 0.0,
            squares: 0.0,
            odds: BySeat([[0.0; Card::NUM]; 4]),
            lengths: BySeat([[[0.0; 9]; Suit::NUM]; 4]),
        }
    }

    /// Counts the hidden hands `hidden` with weight `w`.
    fn add(&mut self, hidden: &BySeat<CardSet>, w: f64) {
        self.worlds += 1;
        self.total += w;
        self.squares += w * w;
        for seat in Seat::ALL {
            let hand = hidden[seat];
            for card in hand {
                self.odds[seat][card.index()] += w;
            }
            for suit in Suit::ALL {
                self.lengths[seat][suit.index()][hand.of_suit(suit).len().min(8)] += w;
            }
        }
    }

    fn effective(&self) -> f64 {
        if self.squares > 0.0 { self.total * self.total / self.squares } else { 0.0 }
    }

    /// The figures: every sum over the total.
    fn holds(&self, seat: Seat, unseen: CardSet, trump: Option<Suit>) -> Holds {
        let share = |x: f64| if self.total > 0.0 { x / self.total } else { 0.0 };
        let mut odds = BySeat([[0.0; Card::NUM]; 4]);
        let mut lengths = BySeat([[[0.0; 9]; Suit::NUM]; 4]);
        for s in Seat::ALL {
            // The asking seat's own row stays empty: it holds none of the unseen cards.
            if s == seat {
                for suit in lengths[s].iter_mut() {
                    suit[0] = 1.0;
                }
                continue;
            }
            for card in unseen {
                odds[s][card.index()] = share(self.odds[s][card.index()]);
            }
            for (suit, sums) in lengths[s].iter_mut().zip(&self.lengths[s]) {
                for (p, &x) in suit.iter_mut().zip(sums) {
                    *p = share(x);
                }
            }
        }
        Holds {
            seat,
            unseen,
            trump,
            worlds: self.worlds,
            exhaustive: self.exhaustive,
            effective: self.effective(),
            odds,
            lengths,
        }
    }
}

/// The worlds of `space` weighed by `likelihood`: all of them when there are no more than
/// `budget.most`, else drawn uniformly from the generator of `seed` in batches until their
/// effective number reaches `budget.effective` or `budget.most` are drawn.
fn weigh(
    know: &Knowledge,
    space: &Worlds,
    budget: HoldsBudget,
    seed: u64,
    likelihood: impl Fn(&BySeat<CardSet>) -> f64,
) -> WeightSums {
    let mut tally = WeightSums::new();
    let count = |tally: &mut WeightSums, hidden: BySeat<CardSet>| {
        let w = likelihood(&know.world(hidden, 1.0).dealt);
        tally.add(&hidden, w);
    };
    if space.count() <= u64::from(budget.most) {
        for hidden in space.iter() {
            count(&mut tally, hidden);
        }
        tally.exhaustive = true;
        return tally;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    while tally.worlds < budget.most {
        for _ in 0..BATCH.min(budget.most - tally.worlds) {
            count(&mut tally, space.sample(&mut rng));
        }
        if tally.effective() >= budget.effective {
            break;
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Decision, Level};
    use crate::game::{Game, GameOptions, Phase};
    use crate::personas::BiddingStyle;

    /// A small budget, so that the tests run at once.
    const SMALL: HoldsBudget = HoldsBudget { effective: 200.0, most: 2000 };

    /// South's views of deal `seed` bid and played by `normal` at every seat (the first seat of
    /// each team cautious, its partner bold): at each of South's calls, then at the start of
    /// each trick, each with the hands as they are then.
    fn views(seed: u64) -> Vec<(SeatView, BySeat<CardSet>)> {
        let mut game = Game::new(GameOptions::default(), seed, BySeat::default());
        let mut out = Vec::new();
        while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
            let Some(seat) = game.to_act() else { break };
            let south = game.view(Seat::South);
            let bidding = game.phase() == Phase::Bidding;
            if (bidding && seat == Seat::South)
                || (!bidding && south.cards_played().is_multiple_of(4))
            {
                out.push((south, game.deal().hands()));
            }
            let view = game.view(seat);
            let style = match seat {
                Seat::South | Seat::East => BiddingStyle::Cautious,
                Seat::North | Seat::West => BiddingStyle::Bold,
            };
            let decision = Decision {
                view: &view,
                style,
                seed,
                budget: super::super::Budget::worlds(4),
                cancel: None,
            };
            let action = Level::Normal.decide(&decision);
            game.apply(seat, action).expect("a legal action");
        }
        out
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn the_hard_facts_hold_and_the_figures_add_up() {
        let (mut read, mut voids, mut belotes, mut grown) = (0, 0, 0, 0);
        for seed in 0..12 {
            for (view, _) in views(seed) {
                let holds = holds_within(&view, SMALL).expect("a view of a game");
                read += 1;
                let me = view.seat();
                let played: CardSet = view.cards().collect();
                assert_eq!(holds.unseen, CardSet::FULL.minus(view.hand()).minus(played));
                for card in Card::all() {
                    let sum: f64 = Seat::ALL.into_iter().map(|s| holds.odds(s, card)).sum();
                    assert_eq!(holds.odds(me, card), 0.0);
                    if holds.unseen.contains(card) {
                        assert!(close(sum, 1.0), "{card}: {sum}");
                    } else {
                        // Cards in the hand or played are seen: nobody holds them.
                        assert_eq!(sum, 0.0, "{card} is seen");
                    }
                }
                for s in holds.others() {
                    let held = 8 - view
                        .play()
                        .map_or(0, |p| p.plays().filter(|&(_, by, _)| by == s).count());
                    let sum: f64 = holds.unseen.iter().map(|c| holds.odds(s, c)).sum();
                    assert!(close(sum, held as f64), "{s}: {sum} for {held} cards");
                    let lengths: f64 =
                        Suit::ALL.iter().map(|&suit| holds.mean_length(s, suit)).sum();
                    assert!(close(lengths, held as f64), "{s}: suit lengths {lengths}");
                    for suit in Suit::ALL {
                        assert!(close(holds.lengths(s, suit).iter().sum(), 1.0));
                    }
                }
                if holds.worlds > BATCH {
                    grown += 1;
                    let full = holds.effective >= SMALL.effective || holds.worlds == SMALL.most;
                    assert!(holds.exhaustive || full, "{} worlds", holds.worlds);
                }
                let Some(contract) = view.contract() else { continue };
                assert_eq!(holds.trump, contract.trump().suit());
                let mem = Memory::from_view(&view, contract, true);
                for s in holds.others() {
                    for card in mem.cannot_hold[s].and(holds.unseen) {
                        assert_eq!(holds.odds(s, card), 0.0, "{s} cannot hold {card}");
                    }
                    for suit in Suit::ALL {
                        if !mem.possible(s).has_suit(suit) && holds.unseen.has_suit(suit) {
                            // A seat known void holds none of the suit, in every world.
                            voids += 1;
                            assert_eq!(holds.lengths(s, suit)[0], 1.0, "{s} void in {suit}");
                            assert!(
                                holds.unseen.of_suit(suit).iter().all(|c| holds.odds(s, c) == 0.0)
                            );
                        }
                    }
                }
                for (said, suit) in view.belotes().iter() {
                    let pair = contract.trump().belote_cards().of_suit(suit);
                    for card in pair.and(holds.unseen) {
                        // A belote said shows the other card of its pair.
                        belotes += 1;
                        assert!(close(holds.odds(said, card), 1.0), "{said} said belote");
                    }
                }
            }
        }
        assert!(read > 100, "{read} views");
        assert!(
            voids > 10 && belotes > 0 && grown > 10,
            "{voids} voids, {belotes} belotes, {grown}"
        );
    }

    /// Every figure of `h`, bit for bit.
    fn bits(h: &Holds) -> Vec<u64> {
        let mut out = vec![u64::from(h.worlds), h.effective.to_bits()];
        for s in Seat::ALL {
            out.extend(Card::all().map(|c| h.odds(s, c).to_bits()));
            for suit in Suit::ALL {
                out.extend(h.lengths(s, suit).map(f64::to_bits));
            }
        }
        out
    }

    #[test]
    fn the_same_view_gives_the_same_figures() {
        let views: Vec<SeatView> = views(5).into_iter().map(|(v, _)| v).collect();
        let (first, last) = (&views[0], &views[views.len() - 1]);
        assert!(first.contract().is_none() && last.cards_played() == 28, "a deal played out");
        for v in [first, &views[views.len() / 2], last] {
            let (a, b) = (holds_within(v, SMALL), holds_within(v, SMALL));
            assert_eq!(a.as_ref().map(bits), b.as_ref().map(bits));
        }
        // Another view, other figures; another budget, other worlds.
        assert_ne!(holds_within(first, SMALL), holds_within(last, SMALL));
        let wider = HoldsBudget { effective: 400.0, ..SMALL };
        assert_ne!(holds_within(first, SMALL), holds_within(first, wider));
        assert_eq!(holds(first), holds(first));
    }

    /// The calibration error of `pairs` (odds, held) over ten bins.
    fn calibration(pairs: &[(f64, bool)]) -> f64 {
        let mut bins = [(0u32, 0.0, 0u32); 10];
        for &(p, held) in pairs {
            let b = &mut bins[((p * 10.0) as usize).min(9)];
            *b = (b.0 + 1, b.1 + p, b.2 + u32::from(held));
        }
        let gap: f64 = bins.iter().map(|b| (b.1 - f64::from(b.2)).abs()).sum();
        gap / pairs.len() as f64
    }

    #[test]
    fn the_odds_at_the_first_card_are_calibrated_and_read_the_auction() {
        // South's view at the start of the play, bid by `normal`, over fixed deals: the odds set
        // beside the real hands, and beside one third each, the count before any card. Odds that
        // ignored the auction would be calibrated too, but no better than the third on the trump;
        // odds that misread it would be neither.
        let (mut pairs, mut all, mut trump) = (Vec::new(), (0.0, 0.0), (0.0, 0.0));
        for seed in 0..40 {
            let Some((view, hands)) = views(seed).into_iter().find(|(v, _)| v.contract().is_some())
            else {
                continue;
            };
            let holds = holds_within(&view, SMALL).expect("a view of a game");
            for card in holds.unseen {
                let mut brier = (0.0, 0.0);
                for s in holds.others() {
                    let held = hands[s].contains(card);
                    let (p, o) = (holds.odds(s, card), f64::from(u8::from(held)));
                    pairs.push((p, held));
                    brier = (brier.0 + (p - o).powi(2), brier.1 + (1.0 / 3.0 - o).powi(2));
                }
                all = (all.0 + brier.0, all.1 + brier.1);
                if holds.trump == Some(card.suit()) {
                    trump = (trump.0 + brier.0, trump.1 + brier.1);
                }
            }
        }
        assert!(pairs.len() > 1500, "{} odds", pairs.len());
        let error = calibration(&pairs);
        assert!(error < 0.03, "calibration error {error:.3}");
        // Measured: 0.95 and 0.86.
        let (all, trump) = (all.0 / all.1, trump.0 / trump.1);
        assert!(
            all < 0.97 && trump < 0.92,
            "Brier against a third each: {all:.3}, trump {trump:.3}"
        );
    }
}
