//! [`State`]: the search's own working copy of a [`Position`], made for the inner loop.
//!
//! A position answers through the rules' general functions (`legal_cards` walks the trick to
//! find its winner, `Trick::winner` and `Trick::points` walk it again when it completes). The
//! search asks these questions at every node, so this copy keeps their answers up to date as the
//! cards fall: the suit led, the power of the card winning the trick and its seat, the trick's
//! points. Legal cards are then a few masks over the mode's tables ([`CardOrder`], built from
//! the rules' own `Card::power` and `Card::points`), and a completed trick costs nothing more.
//! The search takes its own tricks here and nowhere else: in the inner loop ([`State::play`])
//! and in the endgame of the last two tricks ([`State::after_trick`], [`last_trick`]).
//!
//! The rules stay the authority: the tests play random deals of every trump mode and rule set
//! through both and check that they agree on every legal card, every trick's winner and points,
//! and the dix de der and the capot.

use super::order::CardOrder;
use super::position::Position;
use crate::rules::{CAPOT_POINTS, DEAL_POINTS, Seat, Team, trick_bonus};

/// How much the capot moves each side on the search's scale: the 252 points of a capot count as
/// 162 + 45 to the side that takes them and -45 to the other, keeping the sum at 162.
pub(crate) const CAPOT_SHIFT: i16 = ((CAPOT_POINTS - DEAL_POINTS) / 2) as i16;

/// The cards of each suit, by suit index.
const SUIT_MASKS: [u32; 4] = [0xff, 0xff00, 0xff_0000, 0xff00_0000];

/// The play of a deal as the search sees it: hands as bit masks by seat index, and the trick in
/// progress reduced to what the rest of it depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Each seat's cards, by seat index.
    pub(crate) hands: [u32; 4],
    /// The cards on the table in the trick in progress.
    pub(crate) table: u32,
    /// The seat to play.
    pub(crate) seat: u8,
    /// Seat indices per turn: 1 anticlockwise, 3 clockwise.
    pub(crate) step: u8,
    /// Cards played to the trick in progress, 0..=3.
    pub(crate) played: u8,
    /// The suit led, once a card is down.
    pub(crate) lead: u8,
    /// The power of the card winning the trick so far, in a trick led in `lead`.
    pub(crate) win_power: u8,
    /// The seat of that card.
    pub(crate) win_seat: u8,
    /// The card points on the table.
    pub(crate) trick_points: u8,
    /// The tricks each team has taken, by team index.
    pub(crate) tricks: [u8; 2],
}

impl State {
    /// The state of `pos`, under the tables of its trump mode.
    pub(crate) fn new(pos: &Position, order: &CardOrder) -> State {
        let trick = pos.trick();
        let mut state = State {
            hands: pos.hands().0.map(|h| h.0),
            table: 0,
            seat: trick.leader().index() as u8,
            step: Seat::South.next_in(trick.direction()).index() as u8,
            played: 0,
            lead: 0,
            win_power: 0,
            win_seat: 0,
            trick_points: 0,
            tricks: pos.tricks_won().0,
        };
        for &card in trick.cards() {
            state.put(order, card.index());
        }
        state
    }

    /// The team of the seat to play: 0 North-South, 1 East-West.
    pub(crate) fn team(&self) -> usize {
        usize::from(self.seat & 1)
    }

    /// Tricks taken so far.
    pub(crate) fn tricks_played(&self) -> usize {
        usize::from(self.tricks[0] + self.tricks[1])
    }

    /// Tricks left, the one in progress included.
    pub(crate) fn tricks_left(&self) -> usize {
        8 - self.tricks_played()
    }

    /// The cards still in play: the hands and the table.
    pub(crate) fn live(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3] | self.table
    }

    /// The cards the seat to play may play: the rules' `legal_cards`, from the kept trick state.
    #[inline]
    pub(crate) fn legal(&self, order: &CardOrder) -> u32 {
        let hand = self.hands[usize::from(self.seat)];
        if self.played == 0 {
            return hand;
        }
        following(order, hand, self.seat, usize::from(self.lead), self.win_power, self.win_seat)
    }

    /// Puts card `c` on the table for the seat to play, without taking the trick.
    #[inline(always)]
    fn put(&mut self, order: &CardOrder, c: usize) {
        let seat = self.seat;
        let bit = 1u32 << c;
        self.hands[usize::from(seat)] &= !bit;
        self.table |= bit;
        (self.lead, self.win_power, self.win_seat) = after_card(
            order,
            (self.lead, self.win_power, self.win_seat),
            self.played == 0,
            seat,
            c,
        );
        self.trick_points += order.points_of(c);
        self.played += 1;
        self.seat = (seat + self.step) & 3;
    }

    /// The state once the trick of `cards`, played by `seats` (by place from the seat to play),
    /// is taken by `winner`, who leads the next (not the last trick: see [`last_trick`]).
    #[inline(always)]
    pub(crate) fn after_trick(&self, seats: &[u8; 4], cards: [usize; 4], winner: u8) -> State {
        let mut next = *self;
        for (&seat, c) in seats.iter().zip(cards) {
            next.hands[usize::from(seat)] &= !(1 << c);
        }
        next.tricks[usize::from(winner & 1)] += 1;
        next.seat = winner;
        next
    }

    /// Plays card `c` for the seat to play (one of [`State::legal`]); when it completes the
    /// trick, takes it: North-South's gain on the search's scale (see the solver), else 0.
    #[inline(always)]
    pub(crate) fn play(&mut self, order: &CardOrder, c: usize) -> i16 {
        self.put(order, c);
        if self.played < 4 {
            return 0;
        }
        let winner = self.win_seat;
        let team = usize::from(winner & 1);
        self.tricks[team] += 1;
        let done = self.tricks[0] + self.tricks[1];
        let points = u16::from(self.trick_points) + trick_bonus(done, self.tricks[team]);
        self.table = 0;
        self.played = 0;
        self.trick_points = 0;
        self.lead = 0;
        self.win_power = 0;
        self.win_seat = 0;
        self.seat = winner;
        let capot = self.tricks[team] == 8;
        match (team == Team::NS.index(), capot) {
            (true, false) => points as i16,
            (true, true) => points as i16 - CAPOT_SHIFT,
            (false, false) => 0,
            (false, true) => -CAPOT_SHIFT,
        }
    }
}

/// North-South's points from the last trick, `state` at its start: one card in each hand,
/// the trick taken with the dix de der (or the capot's 100).
#[inline]
pub(crate) fn last_trick(state: &State, order: &CardOrder) -> i16 {
    let leader = state.seat;
    let first = state.hands[usize::from(leader)];
    if first == 0 {
        return 0;
    }
    let lead = first.trailing_zeros() as usize >> 3;
    let (mut winner, mut best, mut points) = (leader, 0u8, 0u16);
    let mut seat = leader;
    for _ in 0..4 {
        let c = state.hands[usize::from(seat)].trailing_zeros() as usize;
        let power = order.power_in(lead, c);
        if power > best {
            best = power;
            winner = seat;
        }
        points += u16::from(order.points_of(c));
        seat = (seat + state.step) & 3;
    }
    let team = usize::from(winner & 1);
    let won = state.tricks[team] + 1;
    let points = (points + trick_bonus(8, won)) as i16;
    let capot = won == 8;
    match (team == Team::NS.index(), capot) {
        (true, false) => points,
        (true, true) => points - CAPOT_SHIFT,
        (false, false) => 0,
        (false, true) => -CAPOT_SHIFT,
    }
}

/// The suit led, the winning card's power and its seat once `seat` puts card `c` on a trick
/// where they were `before`; `first` when the card opens the trick.
#[inline(always)]
pub(crate) fn after_card(
    order: &CardOrder,
    before: (u8, u8, u8),
    first: bool,
    seat: u8,
    c: usize,
) -> (u8, u8, u8) {
    if first {
        return ((c >> 3) as u8, order.power_in(c >> 3, c), seat);
    }
    let (lead, win_power, _) = before;
    let power = order.power_in(usize::from(lead), c);
    if power > win_power { (lead, power, seat) } else { before }
}

/// The cards of `hand` that `seat` may play to a trick led in the suit of index `lead`, the card
/// winning it so far of power `win_power` and played by `win_seat`: the rules' `legal_cards`
/// once a card is down.
#[inline(always)]
pub(crate) fn following(
    order: &CardOrder,
    hand: u32,
    seat: u8,
    lead: usize,
    win_power: u8,
    win_seat: u8,
) -> u32 {
    let follow = hand & SUIT_MASKS[lead];
    if follow != 0 {
        // A suit in trump order must be climbed over the winning card, which is of that suit:
        // nothing cuts a suit ranked in trump order.
        if order.climbs(lead) {
            let above = follow & order.beating(lead, win_power);
            return if above != 0 { above } else { follow };
        }
        return follow;
    }
    let trumps = hand & order.trumps();
    if trumps == 0 || win_seat == (seat ^ 2) {
        return hand;
    }
    if !order.cuts(win_power) {
        return trumps;
    }
    let above = trumps & order.beating(lead, win_power);
    if above != 0 {
        above
    } else if order.underruff() {
        trumps
    } else {
        hand
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::rules::{BySeat, Card, CardSet, RuleSet, Rules, Trick, Trump, legal_cards};

    fn rules_of(index: usize) -> Rules {
        Rules { nt_at: true, ..Rules::of(RuleSet::ALL[index % RuleSet::ALL.len()]) }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Any hand against any trick of up to three cards, in every trump mode and rule set:
        /// the same legal cards, the same seat winning and the same points on the table as the
        /// rules say.
        #[test]
        fn legal_cards_and_winner_agree_with_the_rules(
            deck in any::<u64>(),
            hand in any::<u32>(),
            (mode, set, leader, len) in (0..6usize, 0..3usize, 0..4usize, 0..4usize),
        ) {
            let trump = Trump::ALL[mode];
            let rules = rules_of(set);
            let order = CardOrder::new(trump, rules);
            let mut cards: Vec<Card> = Card::all().collect();
            cards.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(deck));
            let mut trick = Trick::new(Seat::from_index(leader), rules.direction());
            let mut state = State {
                hands: [0; 4],
                table: 0,
                seat: leader as u8,
                step: Seat::South.next_in(rules.direction()).index() as u8,
                played: 0,
                lead: 0,
                win_power: 0,
                win_seat: 0,
                trick_points: 0,
                tricks: [0, 0],
            };
            for &card in &cards[..len] {
                trick.push(card);
                state.put(&order, card.index());
                prop_assert_eq!(Some(Seat::from_index(usize::from(state.win_seat))), trick.winner(trump));
                prop_assert_eq!(u16::from(state.trick_points), trick.points(trump));
            }
            prop_assert_eq!(Seat::from_index(usize::from(state.seat)), trick.to_play());
            let hand = CardSet(hand).minus(cards[..len].iter().copied().collect());
            state.hands[usize::from(state.seat)] = hand.0;
            prop_assert_eq!(CardSet(state.legal(&order)), legal_cards(hand, &trick, trump, rules));
        }
    }

    /// Random deals of every trump mode and rule set played through a position and its state:
    /// the same legal cards at every turn, and every trick taken by the same seat for the same
    /// points, the dix de der and the capot included.
    #[test]
    fn the_state_plays_as_the_position_does() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        for deal in 0..3000 {
            let mut deck: Vec<Card> = Card::all().collect();
            deck.shuffle(&mut rng);
            let mut hands: BySeat<CardSet> = BySeat::from_fn(|s| {
                deck[s.index() * 8..s.index() * 8 + 8].iter().copied().collect()
            });
            if deal % 10 == 0 {
                // Now and then a hand of all eight trumps or all eight cards of a suit, for capots.
                let suit = deck[0].suit();
                let rest: Vec<Card> = deck.iter().copied().filter(|c| c.suit() != suit).collect();
                hands = BySeat::from_fn(|s| match s.index() {
                    0 => CardSet::suit(suit),
                    i => rest[(i - 1) * 8..i * 8].iter().copied().collect(),
                });
            }
            let trump = Trump::ALL[rng.random_range(0..Trump::ALL.len())];
            let rules = rules_of(rng.random_range(0..3));
            let leader = Seat::from_index(rng.random_range(0..4));
            let order = CardOrder::new(trump, rules);
            let Ok(mut pos) = Position::new(hands, trump, leader, rules) else {
                panic!("a shuffled deck deals a position")
            };
            let mut state = State::new(&pos, &order);
            while !pos.is_over() {
                assert_eq!(CardSet(state.legal(&order)), pos.legal_cards(), "{pos:?}");
                let legal: Vec<Card> = pos.legal_cards().iter().collect();
                let card = legal[rng.random_range(0..legal.len())];
                let gain = state.play(&order, card.index());
                let expected = match pos.play(card) {
                    None => 0,
                    Some(done) => {
                        let team = done.winner.team();
                        let capot = pos.is_over() && pos.tricks_won()[team] == 8;
                        match (team, capot) {
                            (Team::NS, false) => done.points as i16,
                            (Team::NS, true) => done.points as i16 - CAPOT_SHIFT,
                            (Team::EW, false) => 0,
                            (Team::EW, true) => -CAPOT_SHIFT,
                        }
                    }
                };
                assert_eq!(gain, expected, "{pos:?}");
                assert_eq!(state, State::new(&pos, &order), "{pos:?}");
            }
        }
    }
}
