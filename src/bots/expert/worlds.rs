//! The worlds a seat weighs: every hidden card dealt to the other seats as the seat's view allows
//! (its hard constraints: what each seat may hold and how many cards it holds), drawn exactly
//! and uniformly by [`crate::search::Worlds`], then weighted by how well each explains what the
//! other seats said and played ([`super::inference`]) and resampled in proportion to that weight,
//! so that the solver's time goes to the likely worlds.
//!
//! A strong reading puts the weight on few of the worlds drawn, and the resampling then draws
//! the same world many times: the worlds weighed are fewer than they seem. For a card or a call,
//! each world resampled is therefore walked a few steps of a Metropolis chain whose balance is
//! the likelihood ([`Knowledge::walk`]): two hidden cards of two seats swapped where each seat
//! may hold the other's, the swap kept with the odds of the two worlds' likelihoods. The chain
//! keeps the distribution the resampling draws from, so the worlds stay as likely as before, but
//! the copies of one world drift apart into neighbouring worlds that explain the calls and the
//! play as well. The hard facts hold at every step: a swap the constraints forbid (a card of a
//! suit the seat did not follow, a belote's pair placed by its "Belote") is never made, and a
//! world the likelihood rules out is never entered.

use rand::{Rng, RngExt};

use crate::bots::Memory;
use crate::game::SeatView;
use crate::rules::{BySeat, CardSet, Seat};
use crate::search::{Constraints, Worlds};

/// One way the hidden cards may lie.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct World {
    /// The cards each seat holds now, the deciding seat's own included.
    pub(crate) hands: BySeat<CardSet>,
    /// The hands as dealt: what each holds now and what it has played.
    pub(crate) dealt: BySeat<CardSet>,
    /// How much the world counts (the number of times the resampling drew it).
    pub(crate) weight: f64,
}

/// What a seat knows of where the cards are.
#[derive(Clone, Debug)]
pub(crate) struct Knowledge {
    seat: Seat,
    hand: CardSet,
    /// The cards each seat has played.
    played: BySeat<CardSet>,
    constraints: Constraints,
}

impl Knowledge {
    /// Before the play: the 24 cards the seat does not hold, eight to each other seat.
    pub(crate) fn before_play(view: &SeatView) -> Knowledge {
        let unseen = CardSet::FULL.minus(view.hand());
        let counts = BySeat::from_fn(|s| if s == view.seat() { 0 } else { 8 });
        Knowledge {
            seat: view.seat(),
            hand: view.hand(),
            played: BySeat([CardSet::EMPTY; 4]),
            constraints: Constraints::new(unseen, counts),
        }
    }

    /// During the play: the cards not seen, each other seat holding as many as it has not
    /// played, none that `mem` says it cannot hold.
    pub(crate) fn during_play(view: &SeatView, mem: &Memory) -> Knowledge {
        let played = mem.played;
        let unseen = mem.unseen();
        let counts = BySeat::from_fn(|s| {
            if s == view.seat() { 0 } else { 8u8.saturating_sub(played[s].len() as u8) }
        });
        let mut constraints = Constraints::new(unseen, counts);
        for seat in Seat::ALL.into_iter().filter(|&s| s != view.seat()) {
            constraints.forbid(seat, mem.cannot_hold[seat]);
        }
        Knowledge { seat: view.seat(), hand: view.hand(), played, constraints }
    }

    /// The consistent worlds; if what the seat deduced leaves none (a view no game can reach),
    /// the worlds of the card counts alone; `None` when even those do not add up.
    pub(super) fn worlds(&self) -> Option<Worlds> {
        Worlds::new(&self.constraints).ok().or_else(|| {
            Worlds::new(&Constraints::new(self.constraints.unseen, self.constraints.counts)).ok()
        })
    }

    /// A world from the hidden hands `hidden` (the deciding seat's own empty).
    pub(super) fn world(&self, hidden: BySeat<CardSet>, weight: f64) -> World {
        let mut hands = hidden;
        hands[self.seat] = self.hand;
        let dealt = BySeat::from_fn(|s| hands[s].or(self.played[s]));
        World { hands, dealt, weight }
    }

    /// `want` worlds for a decision: `pool` drawn uniformly (or all of them, when there are no
    /// more), each weighed by `likelihood` of its dealt hands, then `want` drawn from them in
    /// proportion to their weight (systematic resampling; a world drawn twice counts twice,
    /// and a pool smaller than `want` gives some worlds many times), in a random order so that
    /// any first part of them is a fair sample. With `walk` steps, each world drawn is walked
    /// that many steps ([`Knowledge::walk`]), its copies one by one, so that every world
    /// returned counts once. Every deal there is, when there are no more than `pool` and no
    /// more that the likelihood allows than `want`, each once with its likelihood as its
    /// weight. Empty only when no deal fits the view's card counts or the likelihood allows
    /// none.
    pub(crate) fn draw(
        &self,
        rng: &mut impl Rng,
        want: usize,
        pool: usize,
        walk: usize,
        mut likelihood: impl FnMut(&BySeat<CardSet>) -> f64,
    ) -> Vec<World> {
        let Some(worlds) = self.worlds() else {
            return Vec::new();
        };
        let all = worlds.count() <= pool as u64;
        let candidates: Vec<World> = if all {
            worlds.iter().map(|h| self.world(h, 1.0)).collect()
        } else {
            (0..pool).map(|_| self.world(worlds.sample(rng), 1.0)).collect()
        };
        let mut weighed: Vec<World> = candidates
            .into_iter()
            .map(|w| World { weight: likelihood(&w.dealt), ..w })
            .filter(|w| w.weight > 0.0)
            .collect();
        // Drawn from a pool, the worlds are drawn again in proportion to their weights, as many
        // as wanted whatever the pool's size, so that each counts the number of times it was
        // drawn: a likelihood is a weight, never a number of copies. A whole enumeration keeps
        // each deal once with its own likelihood, but for more deals than wanted.
        if want > 0 && (!all || weighed.len() > want) {
            weighed = resample(&weighed, want, rng);
        }
        if walk > 0 && !all {
            weighed = weighed
                .iter()
                .flat_map(|w| std::iter::repeat_n(World { weight: 1.0, ..*w }, w.weight as usize))
                .map(|w| self.walk(w, walk, rng, &mut likelihood))
                .collect();
        }
        shuffle(&mut weighed, rng);
        weighed
    }

    /// `world` moved by `steps` Metropolis steps that keep the likelihood's distribution: two
    /// hidden cards of two seats swapped where each seat may hold the other's, the swap kept
    /// with the odds of the two worlds' likelihoods.
    fn walk(
        &self,
        world: World,
        steps: usize,
        rng: &mut impl Rng,
        likelihood: &mut impl FnMut(&BySeat<CardSet>) -> f64,
    ) -> World {
        let seats: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&s| s != self.seat && !world.hands[s].is_empty())
            .collect();
        if seats.len() < 2 {
            return world;
        }
        let mut hands = world.hands;
        let mut weight = likelihood(&world.dealt);
        for _ in 0..steps {
            let i = rng.random_range(0..seats.len());
            let j = (i + rng.random_range(1..seats.len())) % seats.len();
            let (a, b) = (seats[i], seats[j]);
            let Some(x) = hands[a].iter().nth(rng.random_range(0..hands[a].len())) else {
                continue;
            };
            let Some(y) = hands[b].iter().nth(rng.random_range(0..hands[b].len())) else {
                continue;
            };
            let may = self.constraints.may_hold;
            if !may[a].contains(y) || !may[b].contains(x) {
                continue;
            }
            let mut next = hands;
            next[a].remove(x);
            next[a].insert(y);
            next[b].remove(y);
            next[b].insert(x);
            let dealt = BySeat::from_fn(|s| next[s].or(self.played[s]));
            let w = likelihood(&dealt);
            if w > 0.0 && (w >= weight || rng.random::<f64>() * weight < w) {
                hands = next;
                weight = w;
            }
        }
        let dealt = BySeat::from_fn(|s| hands[s].or(self.played[s]));
        World { hands, dealt, weight: 1.0 }
    }
}

/// `want` draws from `worlds` in proportion to their weights, by systematic resampling: one
/// random offset, then evenly spaced. Worlds drawn more than once are kept once, with the
/// number of draws as their weight, and the draws add up to `want` exactly (a draw that the
/// rounding of the weights' sum would lose goes to the last world drawn).
fn resample(worlds: &[World], want: usize, rng: &mut impl Rng) -> Vec<World> {
    let total: f64 = worlds.iter().map(|w| w.weight).sum();
    let step = total / want as f64;
    let mut next = rng.random::<f64>() * step;
    let mut acc = 0.0;
    let mut taken = 0usize;
    let mut out: Vec<World> = Vec::with_capacity(want.min(worlds.len()));
    for w in worlds {
        acc += w.weight;
        let mut drawn = 0usize;
        while next < acc && taken + drawn < want {
            drawn += 1;
            next += step;
        }
        if drawn > 0 {
            taken += drawn;
            out.push(World { weight: drawn as f64, ..*w });
        }
    }
    if let Some(last) = out.last_mut() {
        last.weight += (want - taken) as f64;
    }
    out
}

/// Fisher-Yates, with the decision's generator.
fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::bots::expert::tests::{card, cards};
    use crate::rules::{ByTeam, GameContext, Rules};

    fn view() -> SeatView {
        let hand = "JH 9H AH 7S 8S AD 7C 8C".split_whitespace().map(|t| t.parse().expect("card"));
        let deal = crate::rules::PublicDeal::new(Seat::West, Rules::default());
        let game = GameContext { target: 1000, before: ByTeam::default() };
        SeatView::new(Seat::South, hand.collect(), deal, game).expect("a view")
    }

    #[test]
    fn worlds_deal_the_hidden_cards_and_follow_their_weights() {
        let v = view();
        let know = Knowledge::before_play(&v);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let spade_ace = "AS".parse().expect("card");
        // Only worlds where West holds the ace of spades count.
        let worlds = know.draw(&mut rng, 20, 200, 0, |d| {
            if d[Seat::West].contains(spade_ace) { 1.0 } else { 0.0 }
        });
        assert!(!worlds.is_empty() && worlds.len() <= 20);
        let drawn: f64 = worlds.iter().map(|w| w.weight).sum();
        assert_eq!(drawn, 20.0);
        for w in &worlds {
            assert_eq!(w.hands[Seat::South], v.hand());
            assert!(w.hands[Seat::West].contains(spade_ace));
            assert!(w.hands.0.iter().all(|h| h.len() == 8));
            let all = w.hands.0.iter().fold(CardSet::EMPTY, |a, h| a.or(*h));
            assert_eq!(all, CardSet::FULL);
        }
    }

    /// South's knowledge late in a deal: `hand` its own, `unseen` dealt `each` to every other
    /// seat, `void` holding none of `cards`. The cards played do not matter to the
    /// likelihoods of these tests.
    fn late(hand: &str, unseen: &str, each: u8, (void, none): (Seat, &str)) -> Knowledge {
        let mut constraints = Constraints::new(cards(unseen), BySeat([0, each, each, each]));
        constraints.forbid(void, cards(none));
        let played = BySeat([CardSet::EMPTY; 4]);
        Knowledge { seat: Seat::South, hand: cards(hand), played, constraints }
    }

    #[test]
    fn an_ending_with_no_more_deals_than_the_worlds_wanted_is_weighed_whole() {
        // West holds no heart: two of the three spades (3 ways), the rest two and two to North
        // and East (6 ways), 18 deals.
        let know = late("AD KD", "AS KS QS AH KH QH", 2, (Seat::West, "AH KH QH"));
        let every: Vec<BySeat<CardSet>> = know.worlds().expect("worlds").iter().collect();
        assert!(every.len() < 32, "{} deals", every.len());
        // A likelihood that tells each deal apart, and rules one out.
        let ace = card("AS");
        let likelihood = |d: &BySeat<CardSet>| {
            if d[Seat::North].contains(ace) { 0.0 } else { 1.0 + f64::from(d[Seat::East].0) }
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let worlds = know.draw(&mut rng, 32, 256, 32, likelihood);
        // Every deal the likelihood allows, once, with its own likelihood: none drawn, none
        // walked.
        let allowed: Vec<&BySeat<CardSet>> =
            every.iter().filter(|h| !h[Seat::North].contains(ace)).collect();
        assert_eq!(worlds.len(), allowed.len());
        for hidden in allowed {
            let w = know.world(*hidden, 1.0);
            let found: Vec<&World> = worlds.iter().filter(|x| x.hands == w.hands).collect();
            assert_eq!(found.len(), 1, "each deal once");
            assert_eq!(found[0].weight, likelihood(&w.dealt));
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// However many worlds are wanted, against however large a pool, every one is given:
        /// as many worlds as wanted, each walked and counting once, or, drawn without a walk,
        /// their draws adding up to as many. A likelihood below one (the inference's are) is
        /// a weight, never a number of copies.
        #[test]
        fn every_world_wanted_is_drawn_whatever_the_pool(
            seed in proptest::prelude::any::<u64>(),
            want in 1usize..700,
            pool in 1usize..600,
            walk in proptest::prelude::prop_oneof![proptest::strategy::Just(0usize), 1usize..40],
        ) {
            let know = Knowledge::before_play(&view());
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let ace = card("AS");
            // Every world likely, some twice less, none as much as 1.
            let likelihood =
                |d: &BySeat<CardSet>| if d[Seat::West].contains(ace) { 0.5 } else { 0.25 };
            let worlds = know.draw(&mut rng, want, pool, walk, likelihood);
            let drawn: f64 = worlds.iter().map(|w| w.weight).sum();
            proptest::prop_assert_eq!(drawn, want as f64);
            if walk > 0 {
                proptest::prop_assert_eq!(worlds.len(), want);
            }
        }
    }

    #[test]
    fn the_walk_keeps_the_hard_facts_and_draws_in_proportion_to_the_likelihood() {
        // East holds no spade.
        let hand = cards("AD KD QD JD 10D 9D 8D 7D");
        let know = late(
            "AD KD QD JD 10D 9D 8D 7D",
            "AS KS QS AH KH QH JH 9H 7C",
            3,
            (Seat::East, "AS KS QS"),
        );
        let (ace, king) = (card("AS"), card("KH"));
        // Worlds with West on the ace of spades count six times, North on the king of hearts
        // three times more, one with both none.
        let likelihood = |d: &BySeat<CardSet>| {
            let (w, n) = (d[Seat::West].contains(ace), d[Seat::North].contains(king));
            if w && n { 0.0 } else { (if w { 6.0 } else { 1.0 }) * (if n { 3.0 } else { 1.0 }) }
        };
        let worlds = know.worlds().expect("worlds");
        let (mut total, mut west) = (0.0, 0.0);
        for h in worlds.iter() {
            let w = likelihood(&know.world(h, 1.0).dealt);
            total += w;
            if h[Seat::West].contains(ace) {
                west += w;
            }
        }
        let exact = west / total;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let (runs, mut hits) = (4000, 0);
        let mut likelihood = likelihood;
        for _ in 0..runs {
            // From a world the likelihood allows, as the resampling gives them.
            let start = loop {
                let w = know.world(worlds.sample(&mut rng), 1.0);
                if likelihood(&w.dealt) > 0.0 {
                    break w;
                }
            };
            let world = know.walk(start, 300, &mut rng, &mut likelihood);
            assert!(know.constraints.allows(&BySeat::from_fn(|s| {
                if s == Seat::South { CardSet::EMPTY } else { world.hands[s] }
            })));
            assert!(likelihood(&world.dealt) > 0.0, "a world the likelihood rules out");
            assert_eq!(world.hands[Seat::South], hand);
            hits += usize::from(world.hands[Seat::West].contains(ace));
        }
        let share = hits as f64 / runs as f64;
        let se = (exact * (1.0 - exact) / runs as f64).sqrt();
        assert!((share - exact).abs() < 4.0 * se, "{share} drawn against {exact} exact");
    }
}
