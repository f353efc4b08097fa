//! The search: fail-soft alpha-beta over single cards, almost always with a null window (the
//! probes of `solver.rs`).
//!
//! At a trick's start the search asks, in this order: the last two tricks' cache or their play
//! (`endgames.rs`); the transposition table (`transpositions.rs`), whose entry for a shape-mate serves
//! with its bounds moved by the points' differences; the quick bounds (`bounds.rs`). It then
//! tries the table's best card and the lead that last cut a search off at the same depth, both
//! before the other cards are put in order (`moves.rs`), which a cut-off by them makes
//! needless, and stores what it found in the table.
//!
//! **Cards alike but for their points.** Two cards of one hand and one suit with no card of
//! another seat between them among the cards in play (an ace and a ten, or a king and a jack
//! once the queen has gone) beat and lose to the same cards: the deal after one is the deal
//! after the other with the two exchanged, worth the same but for where their points fall, so
//! the two values differ by the points' difference at most. A second such card is searched only
//! when the first one's value, moved by that difference, could still change the result.

use super::bounds::bounds;
use super::endgames::last_tricks;
use super::moves::{self, Moves};
use super::solver::Solver;
use super::state::State;
use crate::rules::{Card, CardSet, Suit, Team};

impl Solver {
    /// Fail-soft alpha-beta: North-South's points to come from `state` if they lie strictly
    /// between `alpha` and `beta`; else a bound on the side of the window they fall.
    pub(super) fn search(&mut self, state: &State, alpha: i16, beta: i16) -> i16 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.stopped = true;
            return alpha;
        }
        if state.played == 0 {
            self.trick_start(state, alpha, beta)
        } else {
            self.expand(state, alpha, beta, [None; 2]).0
        }
    }

    /// [`Solver::search`] at a trick's start: the last two tricks looked up or played out, else
    /// the table, then the quick bounds.
    fn trick_start(&mut self, state: &State, alpha: i16, beta: i16) -> i16 {
        let tricks_left = state.tricks_left();
        if tricks_left == 2 {
            // Exact, whatever the window: the value serves every later probe.
            let no_tricks = [state.tricks[0] == 0, state.tricks[1] == 0];
            let order = &self.order;
            return self
                .endgames
                .get_or(&state.hands, state.seat, no_tricks, || last_tricks(state, order));
        }
        if tricks_left < 2 {
            return last_tricks(state, &self.order);
        }
        let order = &self.order;
        let key = order.shape_key(&state.hands, state.seat, state.tricks);
        let live = state.live();
        let mut first = None;
        // The cards the bounds stored will be for: those of the entry when their points are
        // these, else these.
        let mut variant = live;
        // What the entry says of this position, moved by the points' differences.
        let mut known = (i16::MIN, i16::MAX);
        if let Some(b) = self.table.probe(key) {
            let shift = order.points_shift(b.live, live);
            if shift == (0, 0) {
                variant = b.live;
            }
            let (lower, upper) = b.moved(shift);
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            known = (lower, upper);
            // The best card is kept by its place in its suit.
            first = b.best.and_then(|m| {
                let suit = Suit::from_index(usize::from(m >> 3));
                let hand = CardSet(state.hands[usize::from(state.seat)]);
                order.at_slot(suit, m & 7, CardSet(live), hand).map(|c| c.index() as u8)
            });
        }
        let (lo, hi) = bounds(state, order);
        if lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        // Then the lead that last cut a search off at this depth: sibling positions share most
        // of their cards, and often their best lead.
        let killer = self.killers[tricks_left];
        let (best, best_card) = self.expand(state, alpha, beta, [first, killer]);
        if self.stopped {
            return alpha;
        }
        let depth = (tricks_left * 4) as u8;
        let all_node = if state.team() == Team::NS.index() { best <= alpha } else { best >= beta };
        // A card that failed like the others says nothing: keep the one stored.
        let best_card = if all_node { None } else { best_card };
        if best_card.is_some() {
            self.killers[tricks_left] = best_card;
        }
        let best_slot = best_card.map(|c| {
            let card = Card::from_index(usize::from(c));
            (card.suit().index() as u8) << 3 | self.order.slot(card, CardSet(live))
        });
        let (lower, upper) = if best >= beta {
            (best, i16::MAX)
        } else if best <= alpha {
            (i16::MIN, best)
        } else {
            (best, best)
        };
        let (lower, upper) = (lower.max(known.0), upper.min(known.1));
        self.table.store((key, variant), depth, lower, upper, best_slot);
        best
    }

    /// Tries the moves at `state`, `first` first if it is one: the value as [`Solver::search`]
    /// gives it, and the card that gave it.
    fn expand(
        &mut self,
        state: &State,
        alpha: i16,
        beta: i16,
        first: [Option<u8>; 2],
    ) -> (i16, Option<u8>) {
        let maximising = state.team() == Team::NS.index();
        let mut left = moves::choices(&self.order, state);
        // The cards given first, then the others in the move order, worked out only if the
        // first do not cut the search off.
        let mut moves = Moves { cards: [0; 8], len: 0 };
        for c in first.into_iter().flatten() {
            if left.contains(Card::from_index(usize::from(c))) {
                left.remove(Card::from_index(usize::from(c)));
                moves.cards[moves.len] = c;
                moves.len += 1;
            }
        }
        let mut best = if maximising { i16::MIN } else { i16::MAX };
        let mut best_card = None;
        // The cards searched so far and what they gave.
        let mut searched = [(0u8, 0i16); 8];
        let mut n = 0;
        let hand = state.hands[usize::from(state.seat)];
        let others = state.live() & !hand;
        loop {
            'moves: for &c in &moves.cards[..moves.len] {
                // A card of the same strength as one searched already against every other card
                // in play (the two in one suit with none of another seat between them) plays
                // alike but for its points: its value lies within their difference of the
                // other's.
                for &(c0, v0) in &searched[..n] {
                    if let Some(d) = self.order.alike_within(c0, c, others) {
                        if maximising && v0 + d <= best.max(alpha) {
                            best = best.max(v0 + d);
                            continue 'moves;
                        }
                        if !maximising && v0 - d >= best.min(beta) {
                            best = best.min(v0 - d);
                            continue 'moves;
                        }
                    }
                }
                let mut child = *state;
                let gain = child.play(&self.order, usize::from(c));
                // The window narrows as the best so far improves.
                let (a, b) =
                    if maximising { (alpha.max(best), beta) } else { (alpha, beta.min(best)) };
                let v = gain + self.search(&child, a - gain, b - gain);
                if self.stopped {
                    return (alpha, None);
                }
                searched[n] = (c, v);
                n += 1;
                if maximising {
                    if v > best {
                        best = v;
                        best_card = Some(c);
                    }
                    if best >= beta {
                        return (best, best_card);
                    }
                } else {
                    if v < best {
                        best = v;
                        best_card = Some(c);
                    }
                    if best <= alpha {
                        return (best, best_card);
                    }
                }
            }
            if left.is_empty() {
                return (best, best_card);
            }
            moves = moves::ordered(&self.order, state, left);
            left = CardSet::EMPTY;
        }
    }
}
