//! Tricks: the legal cards for the player to play, the trick winner, and [`PlayError`].
//!
//! The legal-card table is the FFB's (2016, 5.2): follow suit; on a trump lead, overtrump if you
//! can, even over your partner; unable to follow, you may play anything while your partner is
//! winning the trick; otherwise you must trump, and overtrump an opponent's trump if you can,
//! with no obligation to underruff. The trump mode and the rule set change it:
//!
//! - sans atout: follow the suit led if you can, otherwise anything;
//! - tout atout: follow the suit led and beat the highest card of it in the trick if you can,
//!   even your partner's; otherwise any card of the suit; unable to follow, anything;
//! - the `plain` set: unable to follow with an opponent winning, you must trump if you can, over
//!   the trick's highest trump if you can, else under it (the underruff is compulsory).
//!
//! [`legal_cards`] is a handful of mask operations, without allocation, for search as for play.

use std::fmt;

use super::card::{Card, CardSet, Suit, Trump};
use super::ruleset::{RuleSet, Rules};
use super::seat::{Direction, Seat};

/// A trick: its leader, the direction of play, and up to four cards in playing order. `Copy`
/// and 7 bytes, for search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    direction: Direction,
    cards: [Card; 4],
    len: u8,
}

impl Trick {
    /// An empty trick that `leader` will lead, play turning in `direction`.
    pub const fn new(leader: Seat, direction: Direction) -> Trick {
        Trick { leader, direction, cards: [Card::from_index(0); 4], len: 0 }
    }

    /// The player who led (or will lead) the trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// Which way the turn passes.
    pub const fn direction(&self) -> Direction {
        self.direction
    }

    /// The cards played so far, in playing order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The four slots; the ones at `len()` and beyond hold no played card.
    pub(crate) const fn card_array(&self) -> [Card; 4] {
        self.cards
    }

    /// The seat that plays (or played) the card at position `i` (0 for the leader).
    pub const fn seat_at(&self, i: usize) -> Seat {
        self.leader.after_in(i, self.direction)
    }

    /// `(seat, card)` for each card played so far.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards().iter().enumerate().map(|(i, &c)| (self.seat_at(i), c))
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
        self.seat_at(self.len as usize)
    }

    /// The suit led, once a card is down.
    pub fn lead_suit(&self) -> Option<Suit> {
        (self.len > 0).then(|| self.cards[0].suit())
    }

    /// The trick as it stood after its first `n` cards (the whole trick when it has fewer).
    pub fn first(&self, n: usize) -> Trick {
        let len = self.len.min(n.min(4) as u8);
        let mut cards = [Card::from_index(0); 4];
        cards[..len as usize].copy_from_slice(&self.cards[..len as usize]);
        Trick { len, cards, ..*self }
    }

    /// Adds a card for the seat to play. Does nothing on a complete trick.
    pub fn push(&mut self, card: Card) {
        if self.len < 4 {
            self.cards[self.len as usize] = card;
            self.len += 1;
        }
    }

    /// The position (0..len) of the card winning so far: the highest cutting trump, else the
    /// highest card of the suit led.
    #[inline]
    pub fn winning_index(&self, trump: Trump) -> Option<usize> {
        (self.len > 0).then(|| self.winning_position(trump))
    }

    /// [`Trick::winning_index`] of a trick with a card down (0 for an empty trick).
    #[inline]
    fn winning_position(&self, trump: Trump) -> usize {
        let lead = self.cards[0].suit();
        let mut best = 0;
        let mut best_power = self.cards[0].power(trump, lead);
        for i in 1..self.len() {
            let power = self.cards[i].power(trump, lead);
            if power > best_power {
                best = i;
                best_power = power;
            }
        }
        best
    }

    /// The card winning so far.
    pub fn winning_card(&self, trump: Trump) -> Option<Card> {
        self.winning_index(trump).map(|i| self.cards[i])
    }

    /// The seat winning so far (the winner once complete).
    pub fn winner(&self, trump: Trump) -> Option<Seat> {
        self.winning_index(trump).map(|i| self.seat_at(i))
    }

    /// The strongest cutting trump in the trick, if any.
    pub fn best_trump(&self, trump: Trump) -> Option<Card> {
        self.cards().iter().copied().collect::<CardSet>().best_trump(trump)
    }

    /// The card points in the trick (without the dix de der).
    pub fn points(&self, trump: Trump) -> u16 {
        self.cards().iter().map(|c| u16::from(c.points(trump))).sum()
    }
}

impl RuleSet {
    /// Whether a player who cannot follow, with an opponent winning the trick and no trump
    /// higher than the trick's, must still trump under it: in `plain` only (seeds 000 and 003:
    /// "otherwise you must trump").
    pub const fn underruff_compulsory(self) -> bool {
        matches!(self, RuleSet::Plain)
    }
}

/// The cards `hand` may play on `trick` under `trump` and `rules`, for the seat whose turn it is.
///
/// Never empty when the hand is not. Allocation-free: a handful of mask operations, one pass
/// over the trick's cards to find the winner, and no question of the rule set but in the one
/// case where the sets differ (an opponent's trump that cannot be beaten).
#[inline]
pub fn legal_cards(hand: CardSet, trick: &Trick, trump: Trump, rules: Rules) -> CardSet {
    if trick.len == 0 {
        return hand;
    }
    let lead = trick.cards[0].suit();
    let follow = hand.of_suit(lead);
    if !follow.is_empty() {
        // A suit ranked in trump order (the trump suit, every suit in tout atout) must be
        // climbed: the winning card is then the highest of the suit led.
        if !trump.trump_ordered().has_suit(lead) {
            return follow;
        }
        let above = follow.and(CardSet::trumps_above(trick.cards[trick.winning_position(trump)]));
        return if above.is_empty() { follow } else { above };
    }
    let trumps = hand.and(trump.cards());
    if trumps.is_empty() {
        return hand;
    }
    let win_idx = trick.winning_position(trump);
    // The partner of the player to play played two cards before.
    if trick.len() >= 2 && win_idx == trick.len() - 2 {
        return hand;
    }
    let win = trick.cards[win_idx];
    if !trump.cards().contains(win) {
        return trumps;
    }
    let above = trumps.and(CardSet::trumps_above(win));
    if !above.is_empty() {
        above
    } else if rules.set.underruff_compulsory() {
        trumps
    } else {
        hand
    }
}

/// A card the rules forbid, naming the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The card is not in the player's hand.
    NotInHand {
        /// The card played.
        card: Card,
    },
    /// The player holds the suit led and must play it.
    MustFollow {
        /// The suit led.
        suit: Suit,
    },
    /// The player must play a trump higher than the trick's best; `holds` is one such trump.
    MustOvertrump {
        /// A trump the player holds that goes over.
        holds: Card,
    },
    /// Tout atout: the player must beat the highest card of the suit led; `holds` is one such card.
    MustBeat {
        /// A card the player holds that beats it.
        holds: Card,
    },
    /// The player cannot follow, an opponent is winning, and the player must trump.
    MustTrump {
        /// A trump the player holds.
        holds: Card,
    },
    /// `plain`: the player cannot follow or overtrump an opponent's trump, and must trump under it.
    MustUnderruff {
        /// A trump the player holds.
        holds: Card,
    },
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
            PlayError::MustBeat { holds } => {
                write!(f, "illegal card: must beat the highest card of the suit led: holds {holds}")
            }
            PlayError::MustTrump { holds } => write!(f, "illegal card: must trump: holds {holds}"),
            PlayError::MustUnderruff { holds } => {
                write!(f, "illegal card: must trump, even under: holds {holds}")
            }
            PlayError::DealOver => f.write_str("illegal card: the deal is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Checks that `card` may be played from `hand` on `trick`, naming the rule when it may not.
pub fn check_play(
    hand: CardSet,
    trick: &Trick,
    trump: Trump,
    rules: Rules,
    card: Card,
) -> Result<(), PlayError> {
    if !hand.contains(card) {
        return Err(PlayError::NotInHand { card });
    }
    let legal = legal_cards(hand, trick, trump, rules);
    if legal.contains(card) {
        return Ok(());
    }
    // A card outside `legal` exists only once a card is down.
    let (Some(lead), Some(win)) = (trick.lead_suit(), trick.winning_card(trump)) else {
        return Ok(());
    };
    let holds = legal.iter().max_by_key(|c| c.power(trump, lead)).unwrap_or(card);
    if hand.has_suit(lead) {
        return Err(if card.suit() != lead {
            PlayError::MustFollow { suit: lead }
        } else if trump.is_trump(lead) {
            PlayError::MustOvertrump { holds }
        } else {
            PlayError::MustBeat { holds }
        });
    }
    Err(if !trump.cards().contains(win) {
        PlayError::MustTrump { holds }
    } else if legal.minus(CardSet::trumps_above(win)).is_empty() {
        PlayError::MustOvertrump { holds }
    } else {
        PlayError::MustUnderruff { holds }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()).collect()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
    }

    fn trick_in(leader: Seat, dir: Direction, s: &str) -> Trick {
        let mut t = Trick::new(leader, dir);
        for c in s.split_whitespace().filter_map(|t| t.parse::<Card>().ok()) {
            t.push(c);
        }
        t
    }

    fn trick(leader: Seat, s: &str) -> Trick {
        trick_in(leader, Direction::Anticlockwise, s)
    }

    const HEARTS: Trump = Trump::Suit(Suit::Hearts);
    const CONTREE: Rules = Rules::of(RuleSet::Contree);
    const PLAIN: Rules = Rules::of(RuleSet::Plain);

    fn legal(hand: &str, t: &Trick, trump: Trump, rules: Rules) -> CardSet {
        legal_cards(cards(hand), t, trump, rules)
    }

    fn refusal(hand: &str, t: &Trick, trump: Trump, rules: Rules, c: &str) -> String {
        check_play(cards(hand), t, trump, rules, card(c))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn the_first_cards_of_a_trick_are_the_trick_as_it_stood() {
        let whole = trick(Seat::East, "7H JH 8S AH");
        for n in 0..=4 {
            assert_eq!(whole.first(n), trick(Seat::East, &["7H", "JH", "8S", "AH"][..n].join(" ")));
        }
        assert_eq!(whole.first(9), whole);
    }

    #[test]
    fn leading_any_card() {
        let hand = cards("JH 7S AD");
        for trump in Trump::ALL {
            assert_eq!(
                legal_cards(
                    hand,
                    &Trick::new(Seat::South, Direction::Anticlockwise),
                    trump,
                    CONTREE
                ),
                hand
            );
        }
    }

    #[test]
    fn follow_plain_suit() {
        let t = trick(Seat::West, "KS");
        assert_eq!(legal("JH 7S AS AD", &t, HEARTS, CONTREE), cards("7S AS"));
        assert_eq!(
            check_play(cards("JH 7S AS AD"), &t, HEARTS, CONTREE, card("JH")),
            Err(PlayError::MustFollow { suit: Suit::Spades })
        );
    }

    #[test]
    fn trump_lead_overtrump_even_over_partner() {
        // North (South's partner) leads 9H, West plays 8H; South holds JH 7H AS: must play JH.
        let t = trick(Seat::North, "9H 8H");
        assert_eq!(t.to_play(), Seat::South);
        assert_eq!(t.winner(HEARTS), Some(Seat::North));
        assert_eq!(legal("JH 7H AS", &t, HEARTS, CONTREE), cards("JH"));
        // Without a higher trump: any trump.
        assert_eq!(legal("QH 7H AS", &t, HEARTS, CONTREE), cards("QH 7H"));
        // Without a trump: any card.
        assert_eq!(legal("AS 7D", &t, HEARTS, CONTREE), cards("AS 7D"));
    }

    #[test]
    fn must_trump_and_overtrump_opponent() {
        // West leads AS (an opponent is winning); South has no spade: must trump.
        let t = trick(Seat::West, "AS");
        let hand = "7H JH AD";
        assert_eq!(legal(hand, &t, HEARTS, CONTREE), cards("7H JH"));
        assert_eq!(refusal(hand, &t, HEARTS, CONTREE, "AD"), "illegal card: must trump: holds JH");
        // East leads 7S, North follows 8S, West trumps 9H: South must overtrump with JH.
        let t = trick(Seat::East, "7S 8S 9H");
        assert_eq!(t.to_play(), Seat::South);
        assert_eq!(t.winner(HEARTS), Some(Seat::West));
        assert_eq!(legal(hand, &t, HEARTS, CONTREE), cards("JH"));
        assert_eq!(
            refusal(hand, &t, HEARTS, CONTREE, "7H"),
            "illegal card: must overtrump: holds JH"
        );
        // No higher trump: no obligation to underruff.
        assert_eq!(legal("7H AD", &t, HEARTS, CONTREE), cards("7H AD"));
    }

    #[test]
    fn partner_winning_frees_the_player() {
        // North leads AS and wins so far; South, void in spades, may play anything.
        let t = trick(Seat::North, "AS 7S");
        assert_eq!(legal("7H JH AD", &t, HEARTS, CONTREE), cards("7H JH AD"));
        assert_eq!(legal("7H JH AD", &t, HEARTS, PLAIN), cards("7H JH AD"));
    }

    #[test]
    fn plain_underruff_is_compulsory() {
        // East leads 7S, North follows 8S, West trumps 9H; South holds 7H AD and no spade: at
        // the contrée anything goes, in `plain` South must trump under the 9.
        let t = trick(Seat::East, "7S 8S 9H");
        assert_eq!(legal("7H AD", &t, HEARTS, PLAIN), cards("7H"));
        assert_eq!(
            check_play(cards("7H AD"), &t, HEARTS, PLAIN, card("AD")),
            Err(PlayError::MustUnderruff { holds: card("7H") })
        );
        // A higher trump must still go over.
        assert_eq!(legal("7H JH AD", &t, HEARTS, PLAIN), cards("JH"));
        // Without a trump, anything.
        assert_eq!(legal("AD 7C", &t, HEARTS, PLAIN), cards("AD 7C"));
    }

    #[test]
    fn plain_turns_clockwise() {
        // Clockwise, South leads, then West, North, East: North is South's partner either way.
        let t = trick_in(Seat::South, Direction::Clockwise, "AS 8S");
        assert_eq!(t.to_play(), Seat::North);
        assert_eq!(t.seat_at(1), Seat::West);
        assert_eq!(t.winner(HEARTS), Some(Seat::South));
        // North, void in spades, partner winning: anything.
        assert_eq!(legal("7H AD", &t, HEARTS, PLAIN), cards("7H AD"));
        let t = trick_in(Seat::South, Direction::Clockwise, "8S AS");
        // West winning: North must trump.
        assert_eq!(legal("7H AD", &t, HEARTS, PLAIN), cards("7H"));
        let mut t = t;
        t.push(card("7H"));
        t.push(card("9S"));
        assert_eq!(t.winner(HEARTS), Some(Seat::North));
        assert_eq!(
            t.plays().map(|(s, _)| s).collect::<Vec<_>>(),
            [Seat::South, Seat::West, Seat::North, Seat::East]
        );
    }

    #[test]
    fn sans_atout_follow_or_anything() {
        let nt = Trump::NoTrump;
        let t = trick(Seat::West, "KS");
        // Follow, with no need to win.
        assert_eq!(legal("7S AS JH", &t, nt, CONTREE), cards("7S AS"));
        // Void: anything, and nothing cuts.
        assert_eq!(legal("JH 7D", &t, nt, CONTREE), cards("JH 7D"));
        // West leads; South, East, North follow: East's ace wins.
        let t = trick(Seat::West, "KS JH AS 7D");
        assert_eq!(t.winner(nt), Some(Seat::East));
        // A 19, K 4, J 2.
        assert_eq!(t.points(nt), 25);
    }

    #[test]
    fn tout_atout_beat_the_highest_of_the_suit_led() {
        let at = Trump::AllTrump;
        // North leads 9S, West plays 7S; South holds JS 8S: must beat the 9 of partner.
        let t = trick(Seat::North, "9S 7S");
        assert_eq!(legal("JS 8S AH", &t, at, CONTREE), cards("JS"));
        assert_eq!(
            check_play(cards("JS 8S AH"), &t, at, CONTREE, card("8S")),
            Err(PlayError::MustBeat { holds: card("JS") })
        );
        assert_eq!(
            check_play(cards("JS 8S AH"), &t, at, CONTREE, card("AH")),
            Err(PlayError::MustFollow { suit: Suit::Spades })
        );
        // Nothing higher: any card of the suit.
        assert_eq!(legal("AS 8S AH", &t, at, CONTREE), cards("AS 8S"));
        // Void: anything; a jack of another suit does not win.
        assert_eq!(legal("JH AD", &t, at, CONTREE), cards("JH AD"));
        let t = trick(Seat::North, "9S 7S JH AS");
        assert_eq!(t.winner(at), Some(Seat::North));
        // 9 9, A 6, J 14.
        assert_eq!(t.points(at), 29);
    }

    #[test]
    fn winner_highest_trump_else_highest_of_lead() {
        assert_eq!(trick(Seat::South, "10S AS 7H KS").winner(HEARTS), Some(Seat::North));
        assert_eq!(trick(Seat::South, "10S AS KS AD").winner(HEARTS), Some(Seat::East));
        assert_eq!(trick(Seat::South, "7D AS KS 8D").winner(HEARTS), Some(Seat::West));
        assert_eq!(trick(Seat::South, "JH 9H AH 10H").points(HEARTS), 55);
    }
}
