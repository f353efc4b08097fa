//! The move order: which card the search tries first. The order is a guess and only a guess: it
//! never changes a value, only how soon the search finds it.
//!
//! Equivalent cards (adjacent in the mode's order among the cards still in play, with equal
//! points, in one hand) are one move. The others come by the trick: cash what takes it, lead to
//! a partner who takes it, put points on a trick that is surely ours, win cheaply, else throw
//! the cheapest card. With the followers' cards in card order instead, a deal takes 2.6 times
//! the nodes.

use super::order::CardOrder;
use super::state::State;
use crate::rules::{Card, CardSet, Suit};

/// The moves of one node, best first.
pub(super) struct Moves {
    pub(super) cards: [u8; 8],
    pub(super) len: usize,
}

/// One legal card at `state` for each class of equivalent cards.
pub(super) fn choices(order: &CardOrder, state: &State) -> CardSet {
    order.representatives(CardSet(state.legal(order)), CardSet(state.live()))
}

/// The cards `cards` (some of the legal cards at `state`), best first.
pub(super) fn ordered(order: &CardOrder, state: &State, cards: CardSet) -> Moves {
    let mut moves = Moves { cards: [0; 8], len: 0 };
    if cards.len() == 1 {
        moves.cards[0] = cards.0.trailing_zeros() as u8;
        moves.len = 1;
        return moves;
    }
    let view = TrickView::new(order, state, cards);
    let mut scores = [0i16; 8];
    for card in cards {
        let c = card.index() as u8;
        let score = view.score(order, card);
        // Insertion sort, best first: at most eight moves.
        let mut i = moves.len;
        while i > 0 && scores[i - 1] < score {
            scores[i] = scores[i - 1];
            moves.cards[i] = moves.cards[i - 1];
            i -= 1;
        }
        scores[i] = score;
        moves.cards[i] = c;
        moves.len += 1;
    }
    moves
}

/// What the move ordering looks at, worked out once per node. Its guess of what the seats still
/// to play may bring assumes that a seat holding the suit led plays it.
struct TrickView {
    mover: u8,
    /// The suit led, the power of the card winning the trick so far, and its seat.
    winning: Option<(Suit, u8, u8)>,
    /// When following: the highest power the opponents still to play may bring, and the
    /// partner's if it is still to play (0 if not).
    threat: u8,
    partner_later: u8,
    /// When leading, for each suit the mover may lead: the highest power the opponents and the
    /// partner may bring to it.
    theirs: [u8; 4],
    partners: [u8; 4],
    /// The trumps, and whether the opponents hold none.
    trumps: CardSet,
    opponents_trumpless: bool,
    /// The opponents' cards.
    theirs_held: CardSet,
}

impl TrickView {
    /// The view of the seat to play at `state`, about to choose among `cards`.
    fn new(order: &CardOrder, state: &State, cards: CardSet) -> TrickView {
        let mover = state.seat;
        let trumps = CardSet(order.trumps());
        let [a, b] = [state.hands[usize::from(mover ^ 1)], state.hands[usize::from(mover ^ 3)]];
        let theirs_held = CardSet(a | b);
        let mut view = TrickView {
            mover,
            winning: None,
            threat: 0,
            partner_later: 0,
            theirs: [0; 4],
            partners: [0; 4],
            trumps,
            opponents_trumpless: theirs_held.and(trumps).is_empty(),
            theirs_held,
        };
        if state.played == 0 {
            let partner = state.hands[usize::from(mover ^ 2)];
            for suit in Suit::ALL {
                if cards.has_suit(suit) {
                    let l = suit.index();
                    view.theirs[l] = order.playable_power(a, l).max(order.playable_power(b, l));
                    view.partners[l] = order.playable_power(partner, l);
                }
            }
            return view;
        }
        let lead = usize::from(state.lead);
        view.winning = Some((Suit::from_index(lead), state.win_power, state.win_seat));
        // The seats that have not played yet: those between the mover and the leader.
        let mut seat = mover;
        for _ in 0..3 - state.played {
            seat = (seat + state.step) & 3;
            let power = order.playable_power(state.hands[usize::from(seat)], lead);
            if seat & 1 != mover & 1 {
                view.threat = view.threat.max(power);
            } else {
                view.partner_later = power;
            }
        }
        view
    }

    /// How promising `card` looks for the seat to play: higher is tried first.
    fn score(&self, order: &CardOrder, card: Card) -> i16 {
        let points = i16::from(order.points(card));
        let strength = i16::from(order.strength(card));
        let Some((lead, power, winner)) = self.winning else {
            // Leading: who would take the trick if each seat brought its strongest card?
            let suit = card.suit().index();
            let theirs = self.theirs[suit];
            return if order.power(card, card.suit()) > theirs {
                if self.trumps.contains(card) && self.opponents_trumpless {
                    // Drawing trumps the opponents no longer have: keep them for later.
                    5 + points
                } else {
                    // It takes the trick: cash it.
                    40 + points
                }
            } else if self.partners[suit] > theirs {
                // The partner takes it: give it points.
                20 + points
            } else {
                -points - strength
            };
        };
        let mine = order.power(card, lead);
        let (winner, power) = if mine > power { (self.mover, mine) } else { (winner, power) };
        // Points put on a trick the mover's side takes: a card that only the side's own cards
        // beat and that cannot be ruffed takes a trick of its own later, and is kept (the
        // weakest such card goes first); the others are safer here, the most points first.
        let load = |base: i16| {
            let beaten = !order.above(card).and(self.theirs_held).is_empty();
            let ruffable = !self.trumps.contains(card) && !self.opponents_trumpless;
            if beaten || ruffable { base + points } else { base - strength }
        };
        if winner & 1 != self.mover & 1 {
            if self.partner_later > power.max(self.threat) {
                // The partner, still to play, takes it over anything.
                return load(60);
            }
            // Lost: throw the cheapest card.
            return -4 * points - strength;
        }
        match (self.threat <= power, winner == self.mover) {
            // The trick is ours whatever comes.
            (true, _) => load(80),
            // Winning for now: with the cheapest card that does.
            (false, true) => 30 - strength,
            // The partner wins for now: risk little.
            (false, false) => 10 - points,
        }
    }
}
