//! The belote: the king and queen of trump in one hand, 20 points, said "Belote" with the first
//! and "Rebelote" with the second.
//!
//! In a suit contract there is at most one belote. Tout atout makes every suit a belote suit, so
//! one hand may hold several and a deal up to four; sans atout has none. [`Belotes`] counts them,
//! suit by suit and seat by seat, in two kinds that are not mixed up: the pairs as dealt
//! ([`BelotesDealt`], hidden) and the belotes said so far ([`BelotesSaid`], public).

use std::fmt;
use std::marker::PhantomData;

use super::card::{Card, CardSet, Rank, Suit, Trump};
use super::seat::{BySeat, ByTeam, Seat, Team};

/// What a player says when playing the king or queen of a belote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeloteCall {
    /// The first of the two.
    Belote,
    /// The second of the two.
    Rebelote,
}

/// Belotes seat by seat: for each seat, a bit per suit of its belotes. `Copy`, four bytes.
/// `Kind` says which belotes: [`Dealt`] or [`Said`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Belotes<Kind> {
    suits: BySeat<u8>,
    kind: PhantomData<Kind>,
}

/// The belotes of a deal as dealt: each king and queen of a belote suit in one hand. Hidden
/// until said; they all count in the score, since each is said with the first of its pair.
pub type BelotesDealt = Belotes<Dealt>;

/// The belotes said so far: "Belote" is said aloud with the first of the king and queen, so
/// the whole table knows them.
pub type BelotesSaid = Belotes<Said>;

/// The kind of [`BelotesDealt`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dealt;

/// The kind of [`BelotesSaid`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Said;

impl<Kind> Belotes<Kind> {
    /// No belote.
    pub const NONE: Belotes<Kind> = Belotes { suits: BySeat([0; 4]), kind: PhantomData };

    /// Whether `seat` has a belote in `suit`.
    pub fn contains(&self, seat: Seat, suit: Suit) -> bool {
        self.suits[seat] & (1 << suit.index()) != 0
    }

    /// The seat with a belote in `suit`, if any (the first from South, should there be two).
    pub fn holder(&self, suit: Suit) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.contains(s, suit))
    }

    /// Every `(seat, suit)` belote, seat by seat from South, suits in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, Suit)> + '_ {
        Seat::ALL
            .into_iter()
            .flat_map(move |seat| Suit::ALL.into_iter().map(move |suit| (seat, suit)))
            .filter(|&(seat, suit)| self.contains(seat, suit))
    }

    /// How many belotes `team` has.
    pub fn count(&self, team: Team) -> u8 {
        team.seats().iter().map(|&s| self.suits[s].count_ones() as u8).sum()
    }

    /// How many belotes each team has.
    pub fn counts(&self) -> ByTeam<u8> {
        ByTeam::from_fn(|t| self.count(t))
    }

    /// Whether there is no belote.
    pub fn is_empty(&self) -> bool {
        self.suits == BySeat([0; 4])
    }
}

impl BelotesDealt {
    /// The belotes of a deal as dealt under `trump`: each king and queen of a belote suit
    /// ([`Trump::belote_cards`]) held in one hand.
    pub fn of(hands: &BySeat<CardSet>, trump: Trump) -> BelotesDealt {
        let pairs = trump.belote_cards();
        let suits = hands.map(|h| {
            let held = h.and(pairs).0;
            // One bit per suit whose K (bit 5) and Q (bit 4) of that suit's byte are both held.
            let both = held & (held >> 1) & 0x1010_1010;
            (0..4).fold(0u8, |acc, s| acc | (((both >> (s * 8 + 4)) & 1) as u8) << s)
        });
        Belotes { suits, kind: PhantomData }
    }

    /// What `seat`, holding `hand`, says when it plays `card` (from `hand`): the first of the
    /// king and queen of one of its belotes is "Belote", the second "Rebelote".
    pub fn call(&self, seat: Seat, hand: CardSet, card: Card) -> Option<BeloteCall> {
        let other = other_of_pair(card)?;
        if !self.contains(seat, card.suit()) {
            return None;
        }
        Some(if hand.contains(other) { BeloteCall::Belote } else { BeloteCall::Rebelote })
    }
}

impl BelotesSaid {
    /// Adds the belote `seat` said in `suit`.
    pub fn insert(&mut self, seat: Seat, suit: Suit) {
        self.suits[seat] |= 1 << suit.index();
    }
}

/// The other card of the king and queen `card` belongs to, when it is one of them.
pub(crate) fn other_of_pair(card: Card) -> Option<Card> {
    let rank = match card.rank() {
        Rank::King => Rank::Queen,
        Rank::Queen => Rank::King,
        _ => return None,
    };
    Some(Card::new(card.suit(), rank))
}

impl<Kind> fmt::Display for Belotes<Kind> {
    /// `N:H E:S`, or `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, (seat, suit)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{seat}:{suit}")?;
        }
        Ok(())
    }
}

/// The seat holding both the king and the queen of the trump suit, if any (none without a single
/// trump suit): the `belote` of a record's answer.
pub fn belote_holder(hands: &BySeat<CardSet>, trump: Trump) -> Option<Seat> {
    BelotesDealt::of(hands, trump).holder(trump.suit()?)
}

/// The team holding the belote of the trump suit, if any.
pub fn belote_team(hands: &BySeat<CardSet>, trump: Trump) -> Option<Team> {
    belote_holder(hands, trump).map(Seat::team)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> CardSet {
        s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()).collect()
    }

    fn hands() -> BySeat<CardSet> {
        BySeat([
            hand("KH QH KS QS 7C 8C 9C 10C"),
            hand("KD QD JC QC AC 7D 8D 9D"),
            hand("KC 7H 8H 9H JH 10H AH 7S"),
            hand("8S 9S JS 10S AS JD 10D AD"),
        ])
    }

    #[test]
    fn one_belote_in_a_suit_contract() {
        let h = hands();
        let hearts = BelotesDealt::of(&h, Trump::Suit(Suit::Hearts));
        assert_eq!(hearts.iter().collect::<Vec<_>>(), [(Seat::South, Suit::Hearts)]);
        assert_eq!(hearts.counts(), ByTeam([1, 0]));
        assert_eq!(belote_holder(&h, Trump::Suit(Suit::Hearts)), Some(Seat::South));
        // The king of clubs and the queen of clubs are in two hands.
        assert_eq!(belote_holder(&h, Trump::Suit(Suit::Clubs)), None);
    }

    #[test]
    fn tout_atout_has_one_per_suit_and_sans_atout_none() {
        let h = hands();
        let at = BelotesDealt::of(&h, Trump::AllTrump);
        assert_eq!(at.to_string(), "S:S S:H E:D");
        assert_eq!(at.counts(), ByTeam([2, 1]));
        assert_eq!(belote_holder(&h, Trump::AllTrump), None);
        assert!(BelotesDealt::of(&h, Trump::NoTrump).is_empty());
    }

    #[test]
    fn belote_then_rebelote() {
        let h = hands();
        let at = BelotesDealt::of(&h, Trump::AllTrump);
        let south = h[Seat::South];
        let kh = Card::new(Suit::Hearts, Rank::King);
        assert_eq!(at.call(Seat::South, south, kh), Some(BeloteCall::Belote));
        let without_queen = south.minus(hand("QH"));
        assert_eq!(at.call(Seat::South, without_queen, kh), Some(BeloteCall::Rebelote));
        let kc = Card::new(Suit::Clubs, Rank::King);
        assert_eq!(at.call(Seat::North, h[Seat::North], kc), None);
    }
}
