//! The worlds a seat cannot tell apart: every way to deal the cards it has not seen to the other
//! seats that agrees with what it knows, counted exactly and drawn uniformly.
//!
//! What a seat knows is, for each other seat, the cards it may hold (voids, no trump, no trump
//! above one it could not beat, a card shown or announced) and how many it holds. Cards fall into
//! classes by the set of seats that may hold them: at most 7 classes for three seats, 15 for
//! four. A dynamic program over the classes counts the deals that complete each partial one;
//! with it every consistent deal gets an index in `0..count`, and [`Worlds::get`] turns an index
//! back into its deal. A uniform index is a uniform world: no rejection loop, one draw from the
//! generator per world, the same worlds for the same generator.

use std::fmt;

use rand::{Rng, RngExt};

use crate::rules::{BySeat, Card, CardSet, Seat};

/// What is known of where the unseen cards are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// The cards to deal.
    pub unseen: CardSet,
    /// For each seat, the unseen cards it may hold.
    pub may_hold: BySeat<CardSet>,
    /// For each seat, how many of the unseen cards it holds.
    pub counts: BySeat<u8>,
}

impl Constraints {
    /// `unseen` to deal, `counts[seat]` to each seat, any seat holding any card so far.
    pub fn new(unseen: CardSet, counts: BySeat<u8>) -> Constraints {
        Constraints { unseen, may_hold: BySeat([unseen; 4]), counts }
    }

    /// `seat` holds none of `cards` (a void, no trump, no trump above one it could not beat).
    pub fn forbid(&mut self, seat: Seat, cards: CardSet) {
        self.may_hold[seat] = self.may_hold[seat].minus(cards);
    }

    /// `seat` holds `card` (shown, announced): no other seat does.
    pub fn place(&mut self, seat: Seat, card: Card) {
        for other in Seat::ALL.into_iter().filter(|&s| s != seat) {
            self.may_hold[other].remove(card);
        }
    }

    /// Whether `hands` deals the unseen cards as these constraints allow.
    pub fn allows(&self, hands: &BySeat<CardSet>) -> bool {
        let dealt = hands.0.iter().fold(CardSet::EMPTY, |acc, h| acc.or(*h));
        let sizes: usize = hands.0.iter().map(|h| h.len()).sum();
        dealt == self.unseen
            && sizes == self.unseen.len()
            && Seat::ALL.into_iter().all(|s| {
                hands[s].len() == usize::from(self.counts[s])
                    && hands[s].minus(self.may_hold[s]).is_empty()
            })
    }
}

/// Why no world fits the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldError {
    /// The counts do not add up to the unseen cards.
    CountMismatch {
        /// The unseen cards.
        cards: usize,
        /// The sum of the counts.
        counts: usize,
    },
    /// A seat is to receive more than the eight cards of a hand.
    TooMany(Seat),
    /// No seat may hold this card.
    NoHolder(Card),
    /// Every card has a possible holder, but no deal gives each seat its count.
    Impossible,
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::CountMismatch { cards, counts } => {
                write!(f, "{cards} unseen cards but {counts} to deal")
            }
            WorldError::TooMany(seat) => write!(f, "{seat} cannot hold more than 8 cards"),
            WorldError::NoHolder(card) => write!(f, "no seat may hold {card}"),
            WorldError::Impossible => f.write_str("no deal fits what is known"),
        }
    }
}

impl std::error::Error for WorldError {}

/// The most cards one seat may receive, and so the size of each need in the table.
const MAX_NEED: usize = 8;
const NEEDS: usize = MAX_NEED + 1;
/// Cards of the same allowed seats, at most one class per non-empty set of four seats.
const MAX_CLASSES: usize = 15;

/// Cards that the same seats may hold.
#[derive(Clone, Copy, Debug, Default)]
struct Class {
    cards: CardSet,
    /// Bit `i`: the `i`-th dealt seat may hold them.
    seats: u8,
}

/// The consistent worlds of a set of constraints, counted, ready to be drawn or listed.
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The seats that receive cards, and how many each.
    seats: [Seat; 4],
    needs: [u8; 4],
    dealt: usize,
    classes: [Class; MAX_CLASSES],
    len: usize,
    /// `ways[k][state]`: the deals of classes `k..` when the first three dealt seats still need
    /// the counts `state` encodes (the fourth needs the rest).
    ways: Vec<[u64; NEEDS * NEEDS * NEEDS]>,
    count: u64,
}

impl Worlds {
    /// The worlds of `constraints`, or why there are none.
    pub fn new(constraints: &Constraints) -> Result<Worlds, WorldError> {
        let unseen = constraints.unseen;
        let total: usize = constraints.counts.0.iter().map(|&n| usize::from(n)).sum();
        if let Some(seat) =
            Seat::ALL.into_iter().find(|&s| usize::from(constraints.counts[s]) > MAX_NEED)
        {
            return Err(WorldError::TooMany(seat));
        }
        if total != unseen.len() {
            return Err(WorldError::CountMismatch { cards: unseen.len(), counts: total });
        }
        let mut seats = [Seat::South; 4];
        let mut needs = [0u8; 4];
        let mut dealt = 0;
        for seat in Seat::ALL.into_iter().filter(|&s| constraints.counts[s] > 0) {
            seats[dealt] = seat;
            needs[dealt] = constraints.counts[seat];
            dealt += 1;
        }
        let mut classes = [Class::default(); MAX_CLASSES];
        for card in unseen {
            let mask = (0..dealt)
                .filter(|&i| constraints.may_hold[seats[i]].contains(card))
                .fold(0u8, |m, i| m | 1 << i);
            if mask == 0 {
                return Err(WorldError::NoHolder(card));
            }
            let class = &mut classes[usize::from(mask) - 1];
            class.cards.insert(card);
            class.seats = mask;
        }
        let mut len = 0;
        for i in 0..MAX_CLASSES {
            if !classes[i].cards.is_empty() {
                classes[len] = classes[i];
                len += 1;
            }
        }
        let mut worlds = Worlds {
            seats,
            needs,
            dealt,
            classes,
            len,
            ways: vec![[0; NEEDS * NEEDS * NEEDS]; len + 1],
            count: 0,
        };
        worlds.fill();
        worlds.count = worlds.ways[0][state(&needs)];
        if worlds.count == 0 {
            return Err(WorldError::Impossible);
        }
        Ok(worlds)
    }

    /// How many worlds there are: few enough, a caller may list them all with [`Worlds::get`].
    pub fn count(&self) -> u64 {
        self.count
    }

    /// A world drawn uniformly: the unseen cards dealt to the seats (the others get none).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> BySeat<CardSet> {
        let index = rng.random_range(0..self.count);
        self.unrank(index)
    }

    /// World number `index` (`0..count`) in a fixed order, or `None` past the last.
    pub fn get(&self, index: u64) -> Option<BySeat<CardSet>> {
        (index < self.count).then(|| self.unrank(index))
    }

    /// Every world, in the order of [`Worlds::get`].
    pub fn iter(&self) -> impl Iterator<Item = BySeat<CardSet>> + '_ {
        (0..self.count).map(|i| self.unrank(i))
    }

    /// Fills `ways`, from the last class back to the first.
    fn fill(&mut self) {
        let last = self.len;
        // Past the last class, the only complete deal is the one that needs nothing more.
        self.ways[last][0] = 1;
        for k in (0..last).rev() {
            let class = self.classes[k];
            let mut row = [0u64; NEEDS * NEEDS * NEEDS];
            // The cards of classes k.. are exactly what the seats still need between them.
            let remaining: usize = self.classes[k..last].iter().map(|c| c.cards.len()).sum();
            for_each_need(self.dealt, remaining, |need| {
                let mut total = 0u64;
                for_each_split(class, self.dealt, &need, |split, ways| {
                    let rest = sub(&need, split);
                    total =
                        total.saturating_add(ways.saturating_mul(self.ways[k + 1][state(&rest)]));
                });
                row[state(&need)] = total;
            });
            self.ways[k] = row;
        }
    }

    /// The world of `index`, which is below the count.
    fn unrank(&self, mut index: u64) -> BySeat<CardSet> {
        let mut hands = BySeat([CardSet::EMPTY; 4]);
        let mut need = self.needs;
        for k in 0..self.len {
            let class = self.classes[k];
            let mut chosen = None;
            for_each_split(class, self.dealt, &need, |split, ways| {
                if chosen.is_some() {
                    return;
                }
                let rest = self.ways[k + 1][state(&sub(&need, split))];
                let block = ways.saturating_mul(rest);
                if index < block {
                    chosen = Some((*split, index / rest, index % rest));
                } else {
                    index -= block;
                }
            });
            // The blocks add up to ways[k][need], and the index is below it.
            let Some((split, mut within, rest_index)) = chosen else { break };
            let mut left = class.cards;
            for i in 0..self.dealt {
                let take = usize::from(split[i]);
                let options = binomial(left.len(), take);
                let cards = nth_subset(left, take, within % options);
                within /= options;
                hands[self.seats[i]] = hands[self.seats[i]].or(cards);
                left = left.minus(cards);
            }
            need = sub(&need, &split);
            index = rest_index;
        }
        hands
    }
}

/// The table index of what the first three dealt seats need.
fn state(need: &[u8; 4]) -> usize {
    (usize::from(need[0]) * NEEDS + usize::from(need[1])) * NEEDS + usize::from(need[2])
}

fn sub(need: &[u8; 4], split: &[u8; 4]) -> [u8; 4] {
    std::array::from_fn(|i| need[i] - split[i])
}

/// Calls `f` with every need of `dealt` seats, each at most 8, adding up to `total`.
fn for_each_need(dealt: usize, total: usize, mut f: impl FnMut([u8; 4])) {
    let mut need = [0u8; 4];
    fn go(i: usize, dealt: usize, left: usize, need: &mut [u8; 4], f: &mut impl FnMut([u8; 4])) {
        if i + 1 >= dealt {
            if dealt == 0 {
                if left == 0 {
                    f(*need);
                }
            } else if left <= MAX_NEED {
                need[i] = left as u8;
                f(*need);
                need[i] = 0;
            }
            return;
        }
        for n in 0..=left.min(MAX_NEED) {
            need[i] = n as u8;
            go(i + 1, dealt, left - n, need, f);
        }
        need[i] = 0;
    }
    go(0, dealt, total, &mut need, &mut f);
}

/// Calls `f(split, ways)` for each way to share the class's cards out: `split[i]` cards to the
/// `i`-th dealt seat (none to a seat that may not hold them, none beyond its need), with the
/// number of ways to choose which cards go where. Splits come in a fixed order.
fn for_each_split(class: Class, dealt: usize, need: &[u8; 4], mut f: impl FnMut(&[u8; 4], u64)) {
    // room[i]: what the seats from the i-th on may still take of this class.
    let mut room = [0usize; 5];
    for i in (0..dealt).rev() {
        let takes = class.seats & 1 << i != 0;
        room[i] = room[i + 1] + if takes { usize::from(need[i]) } else { 0 };
    }
    if room[0] < class.cards.len() {
        return;
    }
    let mut split = [0u8; 4];
    let mut ways = [1u64; 5];
    let mut left = [0usize; 5];
    left[0] = class.cards.len();
    // Depth-first over the seats, each taking between what the later seats cannot and what
    // it needs; the number of ways multiplies as it goes.
    let mut i = 0;
    let mut next = [0usize; 4];
    loop {
        if i == dealt {
            f(&split, ways[i]);
            if i == 0 {
                return;
            }
            i -= 1;
            continue;
        }
        let takes = class.seats & 1 << i != 0;
        let most = if takes { left[i].min(usize::from(need[i])) } else { 0 };
        let least = left[i].saturating_sub(room[i + 1]);
        let n = next[i].max(least);
        if n > most {
            next[i] = 0;
            split[i] = 0;
            if i == 0 {
                return;
            }
            i -= 1;
            continue;
        }
        next[i] = n + 1;
        split[i] = n as u8;
        left[i + 1] = left[i] - n;
        ways[i + 1] = ways[i] * binomial(left[i], n);
        i += 1;
    }
}

/// Pascal's triangle up to 32 cards: `CHOOSE[n][k]` is `n` choose `k` (0 for `k > n`), read
/// once per card when a world is drawn, where working it out each time would cost a division a
/// step.
const CHOOSE: [[u64; 33]; 33] = {
    let mut t = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k`, for `n` up to 32 (0 for `k > n`).
fn binomial(n: usize, k: usize) -> u64 {
    CHOOSE.get(n).and_then(|row| row.get(k)).copied().unwrap_or(0)
}

/// The `index`-th subset of `take` cards of `cards` (in the order of the combinatorial number
/// system over the cards in index order).
fn nth_subset(cards: CardSet, take: usize, mut index: u64) -> CardSet {
    let mut chosen = CardSet::EMPTY;
    let mut need = take;
    let mut left = cards.len();
    for card in cards {
        if need == 0 {
            break;
        }
        // The subsets that take this card come first.
        let with = binomial(left - 1, need - 1);
        if index < with {
            chosen.insert(card);
            need -= 1;
        } else {
            index -= with;
        }
        left -= 1;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().filter_map(|t| t.parse().ok()).collect()
    }

    /// Every deal of `c.unseen` to the seats with a count, by brute force: each card to each
    /// such seat in turn, kept when the constraints allow it.
    fn enumerate(c: &Constraints) -> Vec<BySeat<CardSet>> {
        let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| c.counts[s] > 0).collect();
        let cards: Vec<Card> = c.unseen.iter().collect();
        let mut out = Vec::new();
        if seats.is_empty() {
            if cards.is_empty() {
                out.push(BySeat([CardSet::EMPTY; 4]));
            }
            return out;
        }
        let total = seats.len().pow(cards.len() as u32);
        for mut code in 0..total {
            let mut hands = BySeat([CardSet::EMPTY; 4]);
            for &card in &cards {
                hands[seats[code % seats.len()]].insert(card);
                code /= seats.len();
            }
            if c.allows(&hands) {
                out.push(hands);
            }
        }
        out
    }

    /// West void in hearts and without trump above the 9, North without the jack, East shown
    /// the ace of spades: 7 cards, 3 seats.
    fn small() -> Constraints {
        let unseen = cards("AS 7H 8H JD 9D 7C 10C");
        let mut c = Constraints::new(unseen, BySeat([0, 3, 2, 2]));
        c.forbid(Seat::West, cards("7H 8H JD"));
        c.forbid(Seat::North, cards("JD"));
        c.place(Seat::East, "AS".parse().unwrap_or_else(|_| unreachable!()));
        c
    }

    #[test]
    fn the_worlds_are_the_consistent_deals_each_once() {
        let c = small();
        let worlds = Worlds::new(&c).unwrap_or_else(|e| panic!("{e}"));
        let mut all = enumerate(&c);
        assert_eq!(worlds.count(), all.len() as u64);
        let mut listed: Vec<BySeat<CardSet>> = worlds.iter().collect();
        let key = |h: &BySeat<CardSet>| h.0.map(|s| s.0);
        all.sort_by_key(key);
        listed.sort_by_key(key);
        assert_eq!(listed, all);
        assert_eq!(worlds.get(worlds.count()), None);
    }

    #[test]
    fn samples_are_uniform() {
        // Chi-square over the enumerated worlds, from a fixed seed: 40 draws a world.
        let c = small();
        let worlds = Worlds::new(&c).unwrap_or_else(|e| panic!("{e}"));
        let n = worlds.count() as usize;
        let index: std::collections::HashMap<[u32; 4], usize> =
            worlds.iter().enumerate().map(|(i, h)| (h.0.map(|s| s.0), i)).collect();
        let draws = 40 * n;
        let mut seen = vec![0u32; n];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for _ in 0..draws {
            let hands = worlds.sample(&mut rng);
            assert!(c.allows(&hands));
            seen[index[&hands.0.map(|s| s.0)]] += 1;
        }
        let expected = draws as f64 / n as f64;
        let chi2: f64 = seen.iter().map(|&o| (f64::from(o) - expected).powi(2) / expected).sum();
        // The 99.9% point of chi-square with n - 1 degrees of freedom is below this.
        let df = (n - 1) as f64;
        assert!(chi2 < df + 4.5 * (2.0 * df).sqrt(), "chi2 {chi2} over {n} worlds");
        assert!(seen.iter().all(|&o| o > 0), "every world comes up");
    }

    #[test]
    fn a_whole_hidden_deal_counts_as_the_multinomial() {
        // 24 cards, 8 to each of three seats: 24! / (8!)^3.
        let mut unseen = CardSet::FULL;
        for c in cards("7S 8S 9S JS QS KS 10S AS").iter() {
            unseen.remove(c);
        }
        let worlds = Worlds::new(&Constraints::new(unseen, BySeat([0, 8, 8, 8])));
        assert_eq!(worlds.map(|w| w.count()), Ok(9_465_511_770));
        // All 32 cards to four seats: 32! / (8!)^4.
        let worlds = Worlds::new(&Constraints::new(CardSet::FULL, BySeat([8, 8, 8, 8])));
        assert_eq!(worlds.map(|w| w.count()), Ok(99_561_092_450_391_000));
    }

    #[test]
    fn impossible_constraints_say_why() {
        let unseen = cards("AS KS QS");
        let c = Constraints::new(unseen, BySeat([0, 1, 1, 0]));
        assert_eq!(Worlds::new(&c).err(), Some(WorldError::CountMismatch { cards: 3, counts: 2 }));
        let c = Constraints::new(CardSet::FULL, BySeat([9, 8, 8, 7]));
        assert_eq!(Worlds::new(&c).err(), Some(WorldError::TooMany(Seat::South)));
        let mut c = Constraints::new(unseen, BySeat([0, 2, 1, 0]));
        c.forbid(Seat::East, cards("AS"));
        c.forbid(Seat::North, cards("AS"));
        let as_ = "AS".parse().unwrap_or_else(|_| unreachable!());
        assert_eq!(Worlds::new(&c).err(), Some(WorldError::NoHolder(as_)));
        // Each card has a holder, but North may hold only one and must take two.
        let mut c = Constraints::new(unseen, BySeat([0, 1, 2, 0]));
        c.forbid(Seat::North, cards("AS KS"));
        assert_eq!(Worlds::new(&c).err(), Some(WorldError::Impossible));
    }

    /// Constraints from bits: up to 9 unseen cards, counts and may-hold sets at random.
    fn arbitrary_constraints() -> impl Strategy<Value = Constraints> {
        (any::<u32>(), any::<[u32; 4]>(), any::<[u8; 4]>()).prop_map(|(deck, holds, counts)| {
            let unseen: CardSet = CardSet(deck).iter().take(9).collect();
            let mut c = Constraints::new(unseen, BySeat(counts.map(|n| n % 5)));
            for (i, seat) in Seat::ALL.into_iter().enumerate() {
                c.may_hold[seat] = CardSet(holds[i] | holds[(i + 1) % 4]).and(unseen);
            }
            // Make the counts add up half of the time.
            if deck & 1 == 0 {
                let mut left = unseen.len() as u8;
                for seat in Seat::ALL {
                    let n = c.counts[seat].min(left);
                    c.counts[seat] = n;
                    left -= n;
                }
                c.counts[Seat::West] += left.min(8);
            }
            c
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn worlds_agree_with_brute_force(c in arbitrary_constraints(), seed in any::<u64>()) {
            let all = enumerate(&c);
            match Worlds::new(&c) {
                Ok(worlds) => {
                    prop_assert_eq!(worlds.count(), all.len() as u64);
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                    for _ in 0..20 {
                        let hands = worlds.sample(&mut rng);
                        prop_assert!(c.allows(&hands), "{:?}", hands);
                    }
                }
                // A hand holds eight cards at most, whatever the brute force finds.
                Err(WorldError::TooMany(seat)) => prop_assert!(c.counts[seat] > 8),
                Err(_) => prop_assert!(all.is_empty(), "refused {} worlds", all.len()),
            }
        }

        #[test]
        fn large_constraints_answer_at_once(deck in any::<u32>(), holds in any::<[u32; 4]>(), seed in any::<u64>()) {
            // Up to 24 unseen cards in three hands, void-like limits at random: an answer or a
            // clear error, and samples that keep the limits.
            let unseen: CardSet = CardSet(deck).iter().take(24).collect();
            let n = unseen.len() as u8;
            let counts = BySeat([0, n / 3, n / 3, n - 2 * (n / 3)]);
            let mut c = Constraints::new(unseen, counts);
            for (i, seat) in Seat::ALL.into_iter().enumerate() {
                c.forbid(seat, CardSet(holds[i] & holds[(i + 1) % 4]));
            }
            if let Ok(worlds) = Worlds::new(&c) {
                prop_assert!(worlds.count() > 0);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let hands = worlds.sample(&mut rng);
                prop_assert!(c.allows(&hands));
            }
        }
    }

    #[test]
    fn the_binomials_are_pascals() {
        let by_product = |n: usize, k: usize| {
            if k > n {
                return 0;
            }
            let k = k.min(n - k);
            (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
        };
        for n in 0..=32 {
            for k in 0..=33 {
                assert_eq!(binomial(n, k), by_product(n, k), "{n} choose {k}");
            }
        }
        assert_eq!(binomial(32, 16), 601_080_390);
    }

    #[test]
    fn the_same_generator_draws_the_same_worlds() {
        let c = small();
        let worlds = Worlds::new(&c).unwrap_or_else(|e| panic!("{e}"));
        let draw = |seed| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            (0..10).map(|_| worlds.sample(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
