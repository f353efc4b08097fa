//! Tricks: the legal cards for the player to play, the trick winner, and [`PlayError`].
//!
//! The legal-card table is the FFB's (2016, 5.2): follow suit; on a trump lead, overtrump if you
//! can, even over your partner; unable to follow, you may play anything while your partner is
//! winning the trick; otherwise you must trump, and overtrump an opponent's trump if you can,
//! with no obligation to underruff.

use std::fmt;

use super::card::{Card, CardSet, Suit, Trump};
use super::seat::Seat;

/// A trick: its leader and up to four cards in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    cards: [Card; 4],
    len: u8,
}

impl Trick {
    /// An empty trick that `leader` will lead.
    pub const fn new(leader: Seat) -> Trick {
        Trick { leader, cards: [Card::from_index(0); 4], len: 0 }
    }

    /// The player who led (or will lead) the trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played so far, in playing order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The four slots; the ones at `len()` and beyond hold no played card.
    pub(crate) const fn card_array(&self) -> [Card; 4] {
        self.cards
    }

    /// `(seat, card)` for each card played so far.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards().iter().enumerate().map(|(i, &c)| (self.leader.after(i), c))
    }

    /// How many cards have been played.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card has been played.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether all four cards have been played.
    pub const fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The seat to play next (the leader again once the trick is complete).
    pub const fn to_play(&self) -> Seat {
        self.leader.after(self.len as usize)
    }

    /// The suit led, once a card is down.
    pub fn lead_suit(&self) -> Option<Suit> {
        (self.len > 0).then(|| self.cards[0].suit())
    }

    /// Adds a card for the seat to play. Does nothing on a complete trick.
    pub fn push(&mut self, card: Card) {
        if self.len < 4 {
            self.cards[self.len as usize] = card;
            self.len += 1;
        }
    }

    /// The position (0..len) of the card winning so far.
    pub fn winning_index(&self, trump: Trump) -> Option<usize> {
        let lead = self.lead_suit()?;
        let key = |c: Card| c.power(trump, lead);
        let mut best = 0;
        for i in 1..self.len() {
            if key(self.cards[i]) > key(self.cards[best]) {
                best = i;
            }
        }
        Some(best)
    }

    /// The seat winning so far (the winner once complete).
    pub fn winner(&self, trump: Trump) -> Option<Seat> {
        self.winning_index(trump).map(|i| self.leader.after(i))
    }

    /// The strongest trump in the trick, if any.
    pub fn best_trump(&self, trump: Trump) -> Option<Card> {
        self.cards().iter().copied().collect::<CardSet>().best_trump(trump)
    }

    /// The card points in the trick (without the dix de der).
    pub fn points(&self, trump: Trump) -> u16 {
        self.cards().iter().map(|c| u16::from(c.points(trump))).sum()
    }
}

/// The cards `hand` may play on `trick` under `trump`, for the seat whose turn it is.
///
/// Never empty when the hand is not. Allocation-free: a handful of mask operations.
pub fn legal_cards(hand: CardSet, trick: &Trick, trump: Trump) -> CardSet {
    let Some(lead) = trick.lead_suit() else {
        return hand;
    };
    let follow = hand.of_suit(lead);
    let trumps = hand.and(trump.cards());
    if trump.is_trump(lead) {
        if follow.is_empty() {
            return hand;
        }
        return match trick.best_trump(trump) {
            Some(best) => {
                let above = follow.and(CardSet::trumps_above(best));
                if above.is_empty() { follow } else { above }
            }
            None => follow,
        };
    }
    if !follow.is_empty() {
        return follow;
    }
    let partner_winning = trick.winner(trump).is_some_and(|w| w == trick.to_play().partner());
    if partner_winning || trumps.is_empty() {
        return hand;
    }
    match trick.best_trump(trump) {
        None => trumps,
        Some(best) => {
            let above = trumps.and(CardSet::trumps_above(best));
            if above.is_empty() { hand } else { above }
        }
    }
}

/// A card the rules forbid, naming the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The card is not in the player's hand.
    NotInHand { card: Card },
    /// The player holds the suit led and must play it.
    MustFollow { suit: Suit },
    /// The player must play a trump higher than the trick's best; `holds` is one such trump.
    MustOvertrump { holds: Card },
    /// The player cannot follow, an opponent is winning, and the player must trump.
    MustTrump { holds: Card },
    /// The deal is over: all 32 cards are down, or no contract was reached.
    DealOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotInHand { card } => write!(f, "illegal card: {card} is not in the hand"),
            PlayError::MustFollow { suit } => {
                write!(f, "illegal card: must follow {}", suit.name())
            }
            PlayError::MustOvertrump { holds } => {
                write!(f, "illegal card: must overtrump: holds {holds}")
            }
            PlayError::MustTrump { holds } => write!(f, "illegal card: must trump: holds {holds}"),
            PlayError::DealOver => f.write_str("illegal card: the deal is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Checks that `card` may be played from `hand` on `trick`, naming the rule when it may not.
pub fn check_play(hand: CardSet, trick: &Trick, trump: Trump, card: Card) -> Result<(), PlayError> {
    if !hand.contains(card) {
        return Err(PlayError::NotInHand { card });
    }
    let legal = legal_cards(hand, trick, trump);
    if legal.contains(card) {
        return Ok(());
    }
    let lead = trick.lead_suit();
    // A card outside `legal` exists only once a card is down.
    if let Some(lead) = lead {
        let follow = hand.of_suit(lead);
        if !follow.is_empty() && card.suit() != lead {
            return Err(PlayError::MustFollow { suit: lead });
        }
    }
    let holds = legal.best_trump(trump).unwrap_or(card);
    if trick.best_trump(trump).is_some() {
        Err(PlayError::MustOvertrump { holds })
    } else {
        Err(PlayError::MustTrump { holds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()).collect()
    }

    fn trick(leader: Seat, s: &str) -> Trick {
        let mut t = Trick::new(leader);
        for c in s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()) {
            t.push(c);
        }
        t
    }

    const HEARTS: Trump = Trump::Suit(Suit::Hearts);

    #[test]
    fn leading_any_card() {
        let hand = cards("JH 7S AD");
        assert_eq!(legal_cards(hand, &Trick::new(Seat::South), HEARTS), hand);
    }

    #[test]
    fn follow_plain_suit() {
        let hand = cards("JH 7S AS AD");
        let t = trick(Seat::West, "KS");
        assert_eq!(legal_cards(hand, &t, HEARTS), cards("7S AS"));
        assert_eq!(
            check_play(hand, &t, HEARTS, card("JH")),
            Err(PlayError::MustFollow { suit: Suit::Spades })
        );
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
    }

    #[test]
    fn trump_lead_overtrump_even_over_partner() {
        // North (South's partner) leads 9H, West plays 8H; South holds JH 7H AS: must play JH.
        let t = trick(Seat::North, "9H 8H");
        assert_eq!(t.to_play(), Seat::South);
        assert_eq!(t.winner(HEARTS), Some(Seat::North));
        assert_eq!(legal_cards(cards("JH 7H AS"), &t, HEARTS), cards("JH"));
        // Without a higher trump: any trump.
        assert_eq!(legal_cards(cards("QH 7H AS"), &t, HEARTS), cards("QH 7H"));
        // Without a trump: any card.
        assert_eq!(legal_cards(cards("AS 7D"), &t, HEARTS), cards("AS 7D"));
    }

    #[test]
    fn must_trump_and_overtrump_opponent() {
        // West leads AS (an opponent is winning); South has no spade: must trump.
        let t = trick(Seat::West, "AS");
        let hand = cards("7H JH AD");
        assert_eq!(legal_cards(hand, &t, HEARTS), cards("7H JH"));
        assert_eq!(
            check_play(hand, &t, HEARTS, card("AD")).map_err(|e| e.to_string()),
            Err("illegal card: must trump: holds JH".into())
        );
        // East leads 7S, North follows 8S, West trumps 9H: South must overtrump with JH.
        let t = trick(Seat::East, "7S 8S 9H");
        assert_eq!(t.to_play(), Seat::South);
        assert_eq!(t.winner(HEARTS), Some(Seat::West));
        assert_eq!(legal_cards(hand, &t, HEARTS), cards("JH"));
        assert_eq!(
            check_play(hand, &t, HEARTS, card("7H")).map_err(|e| e.to_string()),
            Err("illegal card: must overtrump: holds JH".into())
        );
        // No higher trump: no obligation to underruff.
        let hand = cards("7H AD");
        assert_eq!(legal_cards(hand, &t, HEARTS), hand);
    }

    #[test]
    fn winner_highest_trump_else_highest_of_lead() {
        assert_eq!(trick(Seat::South, "10S AS 7H KS").winner(HEARTS), Some(Seat::North));
        assert_eq!(trick(Seat::South, "10S AS KS AD").winner(HEARTS), Some(Seat::East));
        assert_eq!(trick(Seat::South, "7D AS KS 8D").winner(HEARTS), Some(Seat::West));
        assert_eq!(trick(Seat::South, "JH 9H AH 10H").points(HEARTS), 55);
    }
}
