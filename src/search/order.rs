//! The card order and points of one trump mode, in tables for the search: built once per mode
//! from the rules' own [`Card::strength`] and [`Card::points`], never written out here, so a new
//! mode's order reaches the merging of equal cards and the move ordering by itself.

use super::position::mode_key;
use crate::mix::splitmix;
use crate::rules::{Card, CardSet, Rules, Seat, Suit, Trump};

/// For each mask and byte, the bits of the byte at the mask's places, packed low: the holders of
/// the cards in play, whatever cards are gone. Built once, shared by every mode.
static COMPRESS: std::sync::OnceLock<Box<[[u8; 256]; 256]>> = std::sync::OnceLock::new();

/// Points and rank order of the 32 cards under one trump mode.
#[derive(Clone, Debug)]
pub(crate) struct CardOrder {
    trump: Trump,
    rules: Rules,
    points: [u8; 32],
    strength: [u8; 32],
    /// For each card, the cards of its suit that rank above it.
    above: [CardSet; 32],
    /// Each suit's cards from the strongest to the weakest.
    by_strength: [[Card; 8]; 4],
    /// For each suit, a byte of its cards (bit = rank index) as places in the suit's order
    /// (bit 0 = the strongest card).
    to_slots: [[u8; 256]; 4],
    /// For each suit, the points of its cards in rank order, the strongest first.
    slot_points: [[u8; 8]; 4],
    /// The table that packs the bits of a byte at the places of another (see [`COMPRESS`]).
    compress: &'static [[u8; 256]; 256],
    /// For each suit, the points of a byte of its cards.
    suit_points: [[u8; 256]; 4],
    /// For each suit led, each suit and each byte of that suit's cards: the highest power among
    /// them, the power of a card being how strong it is in a trick led in that suit (the
    /// highest power takes the trick; 0 never takes it).
    max_power: Box<[[[u8; 256]; 4]; 4]>,
    /// For each suit led, the index of the suit whose cards cut it, or its own when none does.
    cut_suit: [usize; 4],
    /// For each suit led and each power: the cards of higher power.
    beats: Box<[[CardSet; 256]; 4]>,
    /// For each suit led and each card, the card's power in the trick.
    power: [[u8; 32]; 4],
    /// The trumps that cut, and the lowest power a cutting trump has.
    trumps: u32,
    trump_power: u8,
    /// The suits ranked in trump order, one bit each: a card of them must climb.
    climbing: u8,
    /// The cards of each points value, cheapest first.
    point_classes: Vec<(u8, CardSet)>,
    /// For each suit and byte of its cards, whether two of them have equal points.
    twin_bytes: [[bool; 256]; 4],
    /// The mode's and rules' part of the positions' keys.
    key: u64,
}

impl CardOrder {
    /// The tables for `trump` under `rules` (which only enter the keys).
    pub(crate) fn new(trump: Trump, rules: Rules) -> CardOrder {
        let points: [u8; 32] = std::array::from_fn(|i| Card::from_index(i).points(trump));
        let strength: [u8; 32] = std::array::from_fn(|i| Card::from_index(i).strength(trump));
        let power: [[u8; 32]; 4] = std::array::from_fn(|l| {
            std::array::from_fn(|i| Card::from_index(i).power(trump, Suit::from_index(l)))
        });
        let above = std::array::from_fn(|i| {
            let card = Card::from_index(i);
            CardSet::suit(card.suit())
                .iter()
                .filter(|o| strength[o.index()] > strength[i])
                .collect()
        });
        let by_strength: [[Card; 8]; 4] = std::array::from_fn(|s| {
            let mut cards: [Card; 8] = std::array::from_fn(|r| Card::from_index(s * 8 + r));
            cards.sort_by_key(|c| std::cmp::Reverse(strength[c.index()]));
            cards
        });
        let to_slots = std::array::from_fn(|s| {
            std::array::from_fn(|b| {
                let cards = cards_of(s, b);
                (0..8)
                    .filter(|&k| cards.contains(by_strength[s][k]))
                    .fold(0u8, |acc, k| acc | 1 << k)
            })
        });
        let slot_points =
            std::array::from_fn(|s| std::array::from_fn(|k| points[by_strength[s][k].index()]));
        let suit_points = std::array::from_fn(|s| {
            std::array::from_fn(|b| cards_of(s, b).iter().map(|c| points[c.index()]).sum())
        });
        let cut_suit = std::array::from_fn(|l| {
            (0..4).find(|&s| s != l && (0..8).any(|r| power[l][s * 8 + r] > 0)).unwrap_or(l)
        });
        let trump_power =
            trump.cards().iter().map(|c| power[0][c.index()]).min().unwrap_or(u8::MAX);
        let climbing = Suit::ALL
            .iter()
            .filter(|&&s| trump.trump_ordered().has_suit(s))
            .fold(0u8, |acc, s| acc | 1 << s.index());
        CardOrder {
            trump,
            rules,
            point_classes: point_classes(&points),
            power,
            trumps: trump.cards().0,
            trump_power,
            climbing,
            points,
            strength,
            above,
            by_strength,
            to_slots,
            slot_points,
            compress: COMPRESS.get_or_init(compress),
            suit_points,
            max_power: max_power(&power),
            cut_suit,
            twin_bytes: twin_bytes(&points),
            beats: beats(&power),
            key: mode_key(trump, rules),
        }
    }

    /// Whether these tables are for this trump mode and these rules.
    pub(crate) fn is_for(&self, trump: Trump, rules: Rules) -> bool {
        self.trump == trump && self.rules == rules
    }

    /// The power of the card of index `c` in a trick led in the suit of index `lead`.
    #[inline]
    pub(crate) fn power_in(&self, lead: usize, c: usize) -> u8 {
        self.power[lead][c]
    }

    /// The points of the card of index `c`.
    #[inline]
    pub(crate) fn points_of(&self, c: usize) -> u8 {
        self.points[c]
    }

    /// The cards of higher power than `power` in a trick led in the suit of index `lead`.
    #[inline]
    pub(crate) fn beating(&self, lead: usize, power: u8) -> u32 {
        self.beats[lead][usize::from(power)].0
    }

    /// The trumps that cut.
    #[inline]
    pub(crate) fn trumps(&self) -> u32 {
        self.trumps
    }

    /// Whether a card of this power in a trick is a cutting trump.
    #[inline]
    pub(crate) fn cuts(&self, power: u8) -> bool {
        power >= self.trump_power
    }

    /// Whether the suit of index `lead` ranks in trump order: who follows it must climb.
    #[inline]
    pub(crate) fn climbs(&self, lead: usize) -> bool {
        self.climbing >> lead & 1 == 1
    }

    /// Whether a seat that cannot follow nor overtrump an opponent's trump must still trump.
    #[inline]
    pub(crate) fn underruff(&self) -> bool {
        self.rules.set.underruff_compulsory()
    }

    /// The card's points.
    pub(crate) fn points(&self, card: Card) -> u8 {
        self.points[card.index()]
    }

    /// When the cards of indices `a` and `b` (of one hand) are of one suit with no card of
    /// `others` ranking between them, the difference of their points: each beats and loses to
    /// the same cards of the other seats, so that a deal played with one and then the other
    /// is worth what it is with them the other way round but for where those points fall.
    #[inline]
    pub(crate) fn alike_within(&self, a: u8, b: u8, others: u32) -> Option<i16> {
        let (a, b) = (usize::from(a), usize::from(b));
        if a >> 3 != b >> 3 {
            return None;
        }
        let (above_a, above_b) = (self.above[a].0, self.above[b].0);
        // The cards strictly between the two: above the lower and not the higher or above it.
        let between = if above_a & (1 << b) != 0 {
            above_a & !above_b & !(1 << b)
        } else {
            above_b & !above_a & !(1 << a)
        };
        (between & others == 0)
            .then(|| (i16::from(self.points[a]) - i16::from(self.points[b])).abs())
    }

    /// The card's rank within its suit (higher beats lower).
    pub(crate) fn strength(&self, card: Card) -> u8 {
        self.strength[card.index()]
    }

    /// The cards of the card's suit that rank above it.
    pub(crate) fn above(&self, card: Card) -> CardSet {
        self.above[card.index()]
    }

    /// The suit's cards from the strongest to the weakest.
    pub(crate) fn by_strength(&self, suit: Suit) -> &[Card; 8] {
        &self.by_strength[suit.index()]
    }

    /// A key of the position at a trick's start that keeps only its shape: for each suit, who
    /// holds its cards still in play in rank order (`hands`, by seat index); the leader (by
    /// seat index); which teams have no trick yet (`tricks`, by team index). Positions of one
    /// shape play alike, trick for trick, whichever cards went earlier: only the points of their
    /// cards differ (see [`CardOrder::points_shift`]).
    #[inline]
    pub(crate) fn shape_key(&self, hands: &[u32; 4], leader: u8, tricks: [u8; 2]) -> u64 {
        let mut head = u64::from(leader);
        for (team, &won) in tricks.iter().enumerate() {
            if won == 0 {
                head |= 4 << team;
            }
        }
        // The holder's index, bit by bit: East and West are odd, North and West are 2 and 3.
        let odd = hands[Seat::East.index()] | hands[Seat::West.index()];
        let high = hands[Seat::North.index()] | hands[Seat::West.index()];
        let live = hands[0] | hands[1] | hands[2] | hands[3];
        let compress = self.compress;
        // For each suit, the number of its cards in play, then their holders in rank order, two
        // bits a card: 24 bits.
        let part = |s: usize| {
            let byte = |cards: u32| (cards >> (8 * s)) as usize & 0xff;
            let slots = &self.to_slots[s];
            let live_slots = usize::from(slots[byte(live)]);
            u64::from(live_slots.count_ones())
                | u64::from(compress[live_slots][usize::from(slots[byte(odd)])]) << 8
                | u64::from(compress[live_slots][usize::from(slots[byte(high)])]) << 16
        };
        // Every word goes through a full mix, so that no two parts can cancel out.
        let key = splitmix(self.key ^ head);
        let key = splitmix(key ^ (part(0) | part(1) << 24));
        splitmix(key ^ (part(2) | part(3) << 24))
    }

    /// For two sets of cards in play of one shape (as many cards in each suit), how the points
    /// of the cards of `to` differ from those of the cards of `from` at the same places: the sum
    /// of the falls and the sum of the rises. A deal from a position of one shape is worth, to
    /// a side, the same as from the other but for those differences on the cards it takes.
    #[inline]
    pub(crate) fn points_shift(&self, from: u32, to: u32) -> (i16, i16) {
        let (mut falls, mut rises) = (0, 0);
        if from == to {
            return (0, 0);
        }
        for s in 0..4 {
            let byte = |cards: u32| (cards >> (8 * s)) as usize & 0xff;
            let (mut a, mut b) = (self.to_slots[s][byte(from)], self.to_slots[s][byte(to)]);
            if a == b {
                continue;
            }
            while a != 0 {
                let pa = self.slot_points[s][a.trailing_zeros() as usize];
                let pb = self.slot_points[s][b.trailing_zeros() as usize];
                let d = i16::from(pb) - i16::from(pa);
                if d < 0 {
                    falls += d;
                } else {
                    rises += d;
                }
                a &= a - 1;
                b &= b - 1;
            }
        }
        (falls, rises)
    }

    /// The card's place in its suit among `live` (0 for the strongest).
    pub(crate) fn slot(&self, card: Card, live: CardSet) -> u8 {
        live.and(self.above(card)).len() as u8
    }

    /// The card of `cards` at `slot` in its suit among `live`, if any.
    pub(crate) fn at_slot(
        &self,
        suit: Suit,
        slot: u8,
        live: CardSet,
        cards: CardSet,
    ) -> Option<Card> {
        let card = self.by_strength(suit).iter().filter(|c| live.contains(**c)).nth(slot.into())?;
        cards.contains(*card).then_some(*card)
    }

    /// The cards of `ours` that take whatever trick they fall in, against the cards `theirs`:
    /// for every suit that can be led, the card beats each of theirs, or none of theirs can win
    /// a trick led in that suit. The trick such a card falls in is won by a card at least as
    /// strong, one of ours.
    pub(crate) fn dominant(&self, ours: CardSet, theirs: CardSet) -> CardSet {
        let mut sure = ours;
        for lead in Suit::ALL {
            let best = self.max_power(theirs, lead);
            if best > 0 {
                sure = sure.and(self.beats[lead.index()][usize::from(best)]);
            }
        }
        sure
    }

    /// The cards of `hand` that take the trick they lead whatever `others` (the three other
    /// seats' cards) bring: each beats every card of theirs in a trick led in its suit. Their
    /// holder can lead them one after the other, keeping the lead.
    pub(crate) fn cashable(&self, hand: CardSet, others: CardSet) -> CardSet {
        let mut cash = CardSet::EMPTY;
        for lead in Suit::ALL {
            let mine = hand.of_suit(lead);
            if !mine.is_empty() {
                let best = self.max_power(others, lead);
                cash = cash.or(mine.and(self.beats[lead.index()][usize::from(best)]));
            }
        }
        cash
    }

    /// The least the `k` cheapest cards of `hand` are worth, the cards of `free` counted as
    /// none.
    pub(crate) fn cheapest_sum(&self, hand: CardSet, k: usize, free: CardSet) -> i16 {
        let free = hand.and(free);
        let mut left = k.saturating_sub(free.len()) as u32;
        let rest = hand.minus(free);
        let mut sum = 0;
        for &(points, cards) in &self.point_classes {
            if left == 0 {
                break;
            }
            let taken = rest.and(cards).0.count_ones().min(left);
            sum += taken as i16 * i16::from(points);
            left -= taken;
        }
        sum
    }

    /// The points of a set of cards.
    pub(crate) fn set_points(&self, cards: CardSet) -> u16 {
        (0..4).map(|s| u16::from(self.suit_points[s][(cards.0 >> (8 * s)) as usize & 0xff])).sum()
    }

    /// The highest power of `cards` in a trick led in `lead`.
    pub(crate) fn max_power(&self, cards: CardSet, lead: Suit) -> u8 {
        let l = lead.index();
        (0..4)
            .map(|s| self.max_power[l][s][(cards.0 >> (8 * s)) as usize & 0xff])
            .max()
            .unwrap_or(0)
    }

    /// The highest power the cards of `hand` that it may bring to a trick led in the suit of
    /// index `lead` have, as the move ordering guesses them: that suit's cards if it holds any,
    /// else all its cards, of which only the trumps that cut have any power.
    #[inline]
    pub(crate) fn playable_power(&self, hand: u32, lead: usize) -> u8 {
        let table = &self.max_power[lead];
        let follow = (hand >> (8 * lead)) as usize & 0xff;
        if follow != 0 {
            return table[lead][follow];
        }
        let cut = self.cut_suit[lead];
        table[cut][(hand >> (8 * cut)) as usize & 0xff]
    }

    /// How strong `card` is in a trick led in `lead`.
    pub(crate) fn power(&self, card: Card, lead: Suit) -> u8 {
        // The power of a single card is the highest power of the byte holding only it.
        self.max_power[lead.index()][card.suit().index()][1 << (card.index() & 7)]
    }

    /// Calls `f(card, class)` for each card of `cards` (all in one hand), `class` being the
    /// strongest card of its class: cards of a suit with no card of `live` ranking between them
    /// and with equal points play alike.
    pub(crate) fn classes(&self, cards: CardSet, live: CardSet, mut f: impl FnMut(Card, Card)) {
        for suit in Suit::ALL {
            let s = suit.index();
            if !cards.has_suit(suit) {
                continue;
            }
            let mut run: Option<(Card, u8)> = None;
            let mut slots = self.to_slots[s][(live.0 >> (8 * s)) as usize & 0xff];
            while slots != 0 {
                let c = self.by_strength[s][slots.trailing_zeros() as usize];
                slots &= slots - 1;
                if cards.contains(c) {
                    let p = self.points(c);
                    let class = match run {
                        Some((class, q)) if q == p => class,
                        _ => c,
                    };
                    f(c, class);
                    run = Some((class, p));
                } else {
                    run = None;
                }
            }
        }
    }

    /// One card of each class of equivalent cards in `cards` (see [`CardOrder::classes`]).
    #[inline]
    pub(crate) fn representatives(&self, cards: CardSet, live: CardSet) -> CardSet {
        // Only cards of equal points can be alike: most hands hold no two of a suit.
        let mut suits = 0u8;
        for s in 0..4 {
            if self.twin_bytes[s][(cards.0 >> (8 * s)) as usize & 0xff] {
                suits |= 1 << s;
            }
        }
        if suits == 0 {
            return cards;
        }
        let mut keep = cards;
        let mut some = CardSet::EMPTY;
        for suit in Suit::ALL {
            if suits >> suit.index() & 1 == 1 {
                some = some.or(cards.of_suit(suit));
            }
        }
        self.classes(some, live, |c, class| {
            if c != class {
                keep.remove(c);
            }
        });
        keep
    }

    /// The cards of `hand` that beat every card of their own suit in `others`: each takes the
    /// trick it leads unless someone cuts it with a trump.
    pub(crate) fn masters(&self, hand: CardSet, others: CardSet) -> CardSet {
        let mut masters = CardSet::EMPTY;
        for suit in Suit::ALL {
            let mine = hand.of_suit(suit);
            if !mine.is_empty() {
                // The others' cards of the suit, at their power in a trick led in it.
                let s = suit.index();
                let best = self.max_power[s][s][(others.0 >> (8 * s)) as usize & 0xff];
                masters = masters.or(mine.and(self.beats[s][usize::from(best)]));
            }
        }
        masters
    }

    /// The `k` cards of `cards` worth the most points (all of them if fewer).
    pub(crate) fn dearest(&self, cards: CardSet, k: usize) -> CardSet {
        let mut left = cards;
        let mut dearest = CardSet::EMPTY;
        for _ in 0..k.min(cards.len()) {
            let Some(card) = left.iter().max_by_key(|c| self.points(*c)) else { break };
            left.remove(card);
            dearest.insert(card);
        }
        dearest
    }
}

/// The cards of suit `s` in the byte `b`.
fn cards_of(s: usize, b: usize) -> CardSet {
    CardSet((b as u32) << (8 * s))
}

/// The cards of each points value, cheapest first.
fn point_classes(points: &[u8; 32]) -> Vec<(u8, CardSet)> {
    let mut values: Vec<u8> = points.to_vec();
    values.sort_unstable();
    values.dedup();
    values.iter().map(|&v| (v, Card::all().filter(|c| points[c.index()] == v).collect())).collect()
}

/// For each suit led, each suit and each byte of its cards, the highest power among them.
fn max_power(power: &[[u8; 32]; 4]) -> Box<[[[u8; 256]; 4]; 4]> {
    Box::new(std::array::from_fn(|l| {
        std::array::from_fn(|s| {
            std::array::from_fn(|b| {
                cards_of(s, b).iter().map(|c| power[l][c.index()]).max().unwrap_or(0)
            })
        })
    }))
}

/// For each suit led and each power, the cards of higher power.
fn beats(power: &[[u8; 32]; 4]) -> Box<[[CardSet; 256]; 4]> {
    Box::new(std::array::from_fn(|l| {
        std::array::from_fn(|p| {
            Card::all().filter(|c| usize::from(power[l][c.index()]) > p).collect()
        })
    }))
}

/// For each suit and byte of its cards, whether two of them have equal points.
fn twin_bytes(points: &[u8; 32]) -> [[bool; 256]; 4] {
    std::array::from_fn(|s| {
        std::array::from_fn(|b| {
            let mut seen = [false; 256];
            cards_of(s, b)
                .iter()
                .any(|c| std::mem::replace(&mut seen[usize::from(points[c.index()])], true))
        })
    })
}

/// The [`COMPRESS`] table.
fn compress() -> Box<[[u8; 256]; 256]> {
    Box::new(std::array::from_fn(|mask| {
        std::array::from_fn(|bits| {
            (0..8)
                .filter(|k| mask >> k & 1 == 1)
                .enumerate()
                .fold(0u8, |acc, (i, k)| acc | (((bits >> k) & 1) as u8) << i)
        })
    }))
}
