//! The belote: the king and queen of trump in one hand, 20 points, said "Belote" with the first
//! and "Rebelote" with the second.
//!
//! In a suit contract there is at most one belote. Tout atout makes every suit a belote suit, so
//! one hand may hold several and a deal up to four; sans atout has none. [`Belotes`] counts them,
//! suit by suit and seat by seat, for the deal as dealt or for what was said so far.

use std::fmt;

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

/// Belotes seat by seat: for each seat, the suits of its belotes. `Copy`, four bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Belotes(BySeat<u8>);

impl Belotes {
    /// No belote.
    pub const NONE: Belotes = Belotes(BySeat([0; 4]));

    /// The belotes of a deal as dealt under `trump`: each king and queen of a belote suit
    /// ([`Trump::belote_cards`]) held in one hand.
    pub fn dealt(hands: &BySeat<CardSet>, trump: Trump) -> Belotes {
        let pairs = trump.belote_cards();
        Belotes(hands.map(|h| {
            let held = h.and(pairs).0;
            // One bit per suit whose K (bit 5) and Q (bit 4) of that suit's byte are both held.
            let both = held & (held >> 1) & 0x1010_1010;
            (0..4).fold(0u8, |acc, s| acc | (((both >> (s * 8 + 4)) & 1) as u8) << s)
        }))
    }

    /// Adds the belote of `seat` in `suit`.
    pub fn insert(&mut self, seat: Seat, suit: Suit) {
        self.0[seat] |= 1 << suit.index();
    }

    /// Whether `seat` has a belote in `suit`.
    pub fn contains(&self, seat: Seat, suit: Suit) -> bool {
        self.0[seat] & (1 << suit.index()) != 0
    }

    /// The seat with a belote in `suit`, if any.
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
        team.seats().iter().map(|&s| self.0[s].count_ones() as u8).sum()
    }

    /// How many belotes each team has.
    pub fn counts(&self) -> ByTeam<u8> {
        ByTeam::from_fn(|t| self.count(t))
    }

    /// Whether there is no belote.
    pub fn is_empty(&self) -> bool {
        *self == Belotes::NONE
    }
}

impl fmt::Display for Belotes {
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

/// What `seat`, holding `hand`, says when it plays `card` (from `hand`), given its belotes: the
/// first of the king and queen of one of its belote suits is "Belote", the second "Rebelote".
pub fn belote_call(belotes: &Belotes, seat: Seat, hand: CardSet, card: Card) -> Option<BeloteCall> {
    let suit = card.suit();
    if !belotes.contains(seat, suit) {
        return None;
    }
    let other = match card.rank() {
        Rank::King => Card::new(suit, Rank::Queen),
        Rank::Queen => Card::new(suit, Rank::King),
        _ => return None,
    };
    Some(if hand.contains(other) { BeloteCall::Belote } else { BeloteCall::Rebelote })
}

/// The seat holding both the king and the queen of the trump suit, if any (none without a single
/// trump suit): the `belote` of a record's answer.
pub fn belote_holder(hands: &BySeat<CardSet>, trump: Trump) -> Option<Seat> {
    Belotes::dealt(hands, trump).holder(trump.suit()?)
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
        let hearts = Belotes::dealt(&h, Trump::Suit(Suit::Hearts));
        assert_eq!(hearts.iter().collect::<Vec<_>>(), [(Seat::South, Suit::Hearts)]);
        assert_eq!(hearts.counts(), ByTeam([1, 0]));
        assert_eq!(belote_holder(&h, Trump::Suit(Suit::Hearts)), Some(Seat::South));
        // The king of clubs and the queen of clubs are in two hands.
        assert_eq!(belote_holder(&h, Trump::Suit(Suit::Clubs)), None);
    }

    #[test]
    fn tout_atout_has_one_per_suit_and_sans_atout_none() {
        let h = hands();
        let at = Belotes::dealt(&h, Trump::AllTrump);
        assert_eq!(at.to_string(), "S:S S:H E:D");
        assert_eq!(at.counts(), ByTeam([2, 1]));
        assert_eq!(belote_holder(&h, Trump::AllTrump), None);
        assert!(Belotes::dealt(&h, Trump::NoTrump).is_empty());
    }

    #[test]
    fn belote_then_rebelote() {
        let h = hands();
        let at = Belotes::dealt(&h, Trump::AllTrump);
        let south = h[Seat::South];
        let kh = Card::new(Suit::Hearts, Rank::King);
        assert_eq!(belote_call(&at, Seat::South, south, kh), Some(BeloteCall::Belote));
        let without_queen = south.minus(hand("QH"));
        assert_eq!(belote_call(&at, Seat::South, without_queen, kh), Some(BeloteCall::Rebelote));
        let kc = Card::new(Suit::Clubs, Rank::King);
        assert_eq!(belote_call(&at, Seat::North, h[Seat::North], kc), None);
    }
}
