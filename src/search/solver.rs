//! The double-dummy solver: with every hand known, the card points each team takes with perfect
//! play by both, and what each card is worth.
//!
//! **The value searched.** The points North-South take from here, on a scale that keeps the game
//! zero-sum with the capot in it: a deal ends with North-South holding `s` points and East-West
//! `162 - s`, where a capot counts as 207 to 0 for the side that takes it (-45 to 207 the other
//! way). The scale orders outcomes exactly as "more points for my side" does, each side's capot
//! above everything else, and maps back to the true 252 by [`Outcome::points`]. Every question,
//! "does East-West reach 82?" as much as "what does North-South make?", is then a threshold on
//! one number.
//!
//! **The search.** Fail-soft alpha-beta over single cards, almost always with a null window: a
//! probe asks whether North-South's points reach a target, and exact values come from a
//! bisection of such probes. A transposition table at each trick's start holds bounds on the
//! points still to come, kept across probes, root cards and calls; its key is the cards still in
//! play as their holders and points in each suit's rank order, so positions that differ only in
//! which cards of no points went earlier share an entry. Equivalent cards (adjacent in the mode's
//! order among the cards still in play, with equal points, in one hand) are one move. Moves come
//! in this order: the table's best card, the lead that last cut a search off at the same depth,
//! then by the trick: cash what takes it, lead to a partner who takes it, put points on a trick
//! that is surely ours, win cheaply, else throw the cheapest card. Each trick's start is first
//! checked against quick bounds: the points in cards that take whatever trick they fall in, and
//! in the tricks the leader's side cashes from the lead (when those are all the tricks left, the
//! rest of the deal is known without a move). The leader cashes its cards that beat every other
//! card of their suit, then those below them that take their round once every hand holding a
//! higher card of the suit has had to play all its cards of it, trumps first (a suit that an
//! opponent could cut only as many times as each opponent holding a trump still follows it,
//! until the trumps cashed have drawn theirs); then it crosses to its partner through a suit
//! where the partner holds such a card, and the partner cashes its own. Against the bounds on
//! the leader's cards alone (those that beat every card of the three others, trumps included)
//! this cut the nodes of a whole deal by 38% in sans atout, 37% in tout atout and 16% with a
//! trump suit (300 deals each), and the time with them.
//!
//! **Measured and left out.** Each of these gave the same values for no fewer nodes, or fewer
//! nodes for as much time, over 300 deals of each: one full-window search instead of the
//! bisection, or a window search over the last few points of it; a look in the table at every
//! card of a trick's last seat before searching any (the key costs what the cut-offs save); a
//! history of cut-offs by card and place in the trick to break ties in the move order; a larger
//! table (2^14 buckets already hold a deal: 2^16 and 2^18 save under 1% of the nodes, and cost
//! 3 to 6% more CPU time in cache misses). The table at three tricks left does pay: without it a
//! deal takes half as long again.
//!
//! Measured next, over the same 300 deals (a trump suit, then sans atout), nodes first since
//! they do not depend on the machine's load, CPU time beside them:
//! - Stepping from a guess of the value (MTD(f)) instead of the bisection: even with the exact
//!   value itself as the guess, a deal takes 38% fewer nodes (100 deals); 3 points off, 21 to
//!   31%; 10 points off, 2%. No estimate cheap enough comes within a few points, and the
//!   bisection's probes next to the value are its cheapest (the earlier probes' bounds are in
//!   the table): the dear ones are 2 to 20 points away, 16,000 to 27,000 nodes each against
//!   11,000 to 15,000 next to it.
//! - Quick bounds in a trick's middle (each side's cards that beat the other side's and the
//!   table's): not one cut, the same node counts in every mode; the trick's start had checked
//!   the same window against stronger bounds.
//! - The last two tricks' range (nothing to all that is left) checked before searching them: 3%
//!   more nodes, as the weaker fail-soft values reach the table.
//! - The first of the last three tricks searched on a few numbers as the last two are (the
//!   table kept at its start): 0 to 4% less CPU time, inside the measure's noise; ordering the
//!   cards in it: 1% fewer nodes, no less time. The move order matters elsewhere: with the
//!   followers' cards in card order a deal takes 2.6 times the nodes.
//! - The lead that last cut a search off kept per leader as well as per depth: 4% more nodes.
//!   The best card of a search that failed like all its cards kept in the table for the next
//!   search: 3% more nodes.
//! - The quick bounds left out at three tricks left, the table alone: 7% more nodes, and more
//!   time.
//! - The key's packing of holders by nibbles from a 256-byte table instead of bytes from the
//!   64 KiB one: the same keys, no less time.
//! - Tricks sure to each side bounding the other side's points at a trick's start (it takes
//!   the other tricks at most, and in them at most the dearest cards not sure to the first):
//!   1% fewer nodes with a trump suit, none in sans atout, no less time.
//!
//! Measured after those, nodes of a whole deal over 300 deals (a trump suit, sans atout, tout
//! atout), first before the cashing bounds (104,269, 163,981 and 117,233 nodes):
//! - A table entry in a trick's middle (the relative key, the places of the cards on the table,
//!   the seat winning) from 7 tricks left up: 1% fewer nodes (102,978, 162,427, 116,549); from 5
//!   or 4 tricks left, none fewer (103,913, 164,509; 104,469, 166,776), each node dearer. The
//!   entries at the tricks' starts already carry what the probes share.
//! - A second killer lead per depth, tried when the table has no best card: 4% more nodes.
//! - At a trick's start where every lead failed, the lead that took the most nodes to refute
//!   kept as its best card: at the root only, the same nodes on average (104,256, 163,373,
//!   118,384), the worst deal lower (2.2 to 1.7 million) but the median higher; from 5 tricks
//!   left up, 2 to 3% more.
//!
//! Then with the cashing bounds (91,586, 114,208 and 82,454 nodes):
//! - The killer leads only at 5 tricks left or fewer: 8% more nodes with a trump suit (99,328),
//!   11% more in sans atout; at 3 or fewer, 17%.
//! - The bisection's first probe at the middle of the range without the capot (where the
//!   values lie): within 2% either way (90,070 to 90,910; 115,569 to 116,180).
//! - [`Solver::solve_within`] narrowed first by the position's bounds and then by each probe's
//!   fail-soft value: 60,289 to 60,340 nodes. The fail-soft values come back within a point of
//!   the probe's target in almost every probe, so they narrow a bisection no faster than its own
//!   halving. Of an exact value's nodes (a trump suit, before the cashing bounds), the two probes
//!   it needs at the value and one above take 18%, the probes 2 to 10 points from it 60%, at
//!   16,000 to 27,000 nodes each.
//!
//! Where the nodes go: over 300 deals with a trump suit, before the cashing bounds, more than
//! half of them are in the last
//! three tricks (the last two counted as one node) and more than a quarter at four tricks left;
//! the first move tried cuts a search off at 95% or more of the nodes that cut. At three tricks
//! left, of 4.3 million visits of a trick's start, the quick bounds settle 31%, the table 44%,
//! 2% are found in it without a cut and 24% are new: the search spends its time on positions it
//! has not seen, which only a table entry covering more positions (the relative ranks of only
//! the cards that matter) or stronger bounds would save. Stronger bounds: at 4 and 5 tricks
//! left, about half of the nodes under the trick's starts that neither the bounds nor the table
//! settled were spent on positions whose value lies 10 points or more beyond the window.
//!
//! **Card points only.** Belotes and declarations are not won in tricks: a caller adds them
//! (the rules' `Belotes`, `declarations_scored`) around the solver's card points. Each rule set's
//! made test is then one target on the takers' card points: the bid less their belotes and
//! declarations, and, where the takers must also beat the defence, more than half of what the
//! two sides' totals leave.
//!
//! **Budgets.** [`Solver::set_node_limit`] bounds each call; a call that runs out answers
//! [`OutOfBudget`] with what it had proved, so a caller always answers in time.

use std::fmt;

use super::order::CardOrder;
use super::position::Position;
use super::state::{CAPOT_SHIFT, State, after_card, following};
use super::table::Table;
use crate::rules::{
    CAPOT_POINTS, Card, CardSet, DEAL_POINTS, Rules, Suit, Team, Trump, trick_bonus,
};

/// The table size of [`Solver::new`]: 2^14 buckets, 1 MiB. A deal needs no more: 2^16 or 2^18
/// buckets save under 1% of the nodes, and a table that stays in the core's cache makes each
/// node cheaper.
pub const DEFAULT_TABLE_BITS: u32 = 14;

/// The points of a deal.
const DEAL: i16 = DEAL_POINTS as i16;
/// The dix de der.
const LAST_TRICK: i16 = trick_bonus(8, 0) as i16;

/// The result of a deal with perfect play: North-South's total on the search's scale (see the
/// module docs). Greater is better for North-South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outcome(i16);

impl Outcome {
    /// The card points `team` takes in the whole deal, dix de der included: 0..=162, or 252
    /// with a capot.
    pub fn points(self, team: Team) -> u16 {
        match self.capot() {
            Some(t) if t == team => CAPOT_POINTS,
            Some(_) => 0,
            None => {
                let ns = self.0.clamp(0, DEAL) as u16;
                if team == Team::NS { ns } else { DEAL_POINTS - ns }
            }
        }
    }

    /// The team that takes all eight tricks, if one does.
    pub fn capot(self) -> Option<Team> {
        match self.0 {
            v if v > DEAL => Some(Team::NS),
            v if v < 0 => Some(Team::EW),
            _ => None,
        }
    }

    /// `team`'s points minus the other team's: what a side maximises.
    pub fn margin(self, team: Team) -> i16 {
        let ns = 2 * self.0 - DEAL;
        if team == Team::NS { ns } else { -ns }
    }

    /// The points `team` takes from `pos` on, with this outcome of the deal.
    pub fn points_from(self, pos: &Position, team: Team) -> u16 {
        self.points(team).saturating_sub(pos.points()[team])
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NS {} EW {}", self.points(Team::NS), self.points(Team::EW))
    }
}

/// A call stopped on its node budget. The true outcome lies between `lower` and `upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget {
    /// The worst outcome for North-South not yet ruled out.
    pub lower: Outcome,
    /// The best outcome for North-South not yet ruled out.
    pub upper: Outcome,
}

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node budget spent between {} and {}", self.lower, self.upper)
    }
}

impl std::error::Error for OutOfBudget {}

/// The outcome of each legal card of the seat to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardValues {
    cards: CardSet,
    values: [Outcome; 32],
}

impl CardValues {
    /// The cards valued: the legal cards.
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// The outcome if `card` is played, with perfect play after it.
    pub fn get(&self, card: Card) -> Option<Outcome> {
        self.cards.contains(card).then(|| self.values[card.index()])
    }

    /// Each card with its outcome, in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, Outcome)> + '_ {
        self.cards.iter().map(|c| (c, self.values[c.index()]))
    }

    /// The best outcome for `team` over the cards.
    pub fn best(&self, team: Team) -> Option<Outcome> {
        let values = self.iter().map(|(_, v)| v);
        if team == Team::NS { values.max() } else { values.min() }
    }
}

/// The moves of one node, best first.
struct Moves {
    cards: [u8; 8],
    len: usize,
}

/// A double-dummy solver with its transposition table. Keep one per thread and reuse it: the
/// table carries over from call to call (call [`Solver::new_deal`] between deals).
#[derive(Clone, Debug)]
pub struct Solver {
    table: Table,
    /// The order and points of the mode of the call in progress.
    order: CardOrder,
    /// The tables of the other modes met so far, built once each.
    other_orders: Vec<CardOrder>,
    nodes: u64,
    limit: u64,
    stopped: bool,
    /// For each number of tricks left, the lead that last cut a search off in this call: a
    /// lead of another deal is a poor guess, and a call's nodes then do not depend on the one
    /// before.
    killers: [Option<u8>; 9],
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of [`DEFAULT_TABLE_BITS`].
    pub fn new() -> Solver {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver with a table of `2^bits` buckets of 64 bytes (`bits` is held to 4..=26).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            order: CardOrder::new(Trump::Suit(Suit::Spades), Rules::default()),
            other_orders: Vec::new(),
            nodes: 0,
            limit: u64::MAX,
            stopped: false,
            killers: [None; 9],
        }
    }

    /// Bounds the nodes of each later call (`None`: no bound). A call that reaches the bound
    /// answers [`OutOfBudget`].
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.limit = limit.unwrap_or(u64::MAX);
    }

    /// The nodes the last call searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Marks the table's entries as old, to be replaced first: call it between deals. Entries
    /// stay correct (their keys are exact), so worlds of one decision share them.
    pub fn new_deal(&mut self) {
        self.table.new_generation();
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The outcome of the deal from `pos` with perfect play by both sides.
    pub fn solve(&mut self, pos: &Position) -> Result<Outcome, OutOfBudget> {
        let state = self.start(pos);
        let taken = taken(pos);
        self.exact(&state).map(|v| Outcome(taken + v)).map_err(|(lo, hi)| OutOfBudget {
            lower: Outcome(taken + lo),
            upper: Outcome(taken + hi),
        })
    }

    /// `team`'s card points in the whole deal to the nearest `step` below: the range
    /// `k * step ..= k * step + step - 1` (cut at 252) that holds them, found with null-window
    /// probes at multiples of `step` only. With `step` 10 this is the resolution of a contract
    /// (the score's rounding, at the fives, is a [`Solver::reaches`] away), and it costs fewer of
    /// the dear probes next to the value than [`Solver::solve`].
    pub fn solve_within(
        &mut self,
        pos: &Position,
        team: Team,
        step: u16,
    ) -> Result<std::ops::RangeInclusive<u16>, OutOfBudget> {
        let state = self.start(pos);
        let taken = taken(pos);
        let step = step.max(1);
        // Invariant: team reaches lo * step and does not reach hi * step.
        let (mut lo, mut hi) = (0u16, CAPOT_POINTS / step + 1);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.reaches_from(&state, taken, team, mid * step)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Ok(lo * step..=(hi * step - 1).min(CAPOT_POINTS))
    }

    /// Whether `team` takes at least `target` card points in the whole deal (points already
    /// taken and dix de der included) with perfect play from `pos`: one null-window probe.
    pub fn reaches(
        &mut self,
        pos: &Position,
        team: Team,
        target: u16,
    ) -> Result<bool, OutOfBudget> {
        let state = self.start(pos);
        self.reaches_from(&state, taken(pos), team, target)
    }

    /// The outcome of every legal card of the seat to play.
    pub fn card_values(&mut self, pos: &Position) -> Result<CardValues, OutOfBudget> {
        let state = self.start(pos);
        let mut values = CardValues { cards: CardSet::EMPTY, values: [Outcome(0); 32] };
        let taken = taken(pos);
        // Cards of one position are often worth about the same: each search starts from the
        // value of the card before.
        let mut guess = None;
        for (card, class) in self.classes(pos) {
            if card == class {
                let mut child = state;
                let gain = child.play(&self.order, card.index());
                let v =
                    self.exact_near(&child, guess.map(|g: i16| g - gain)).map_err(|(lo, hi)| {
                        OutOfBudget {
                            lower: Outcome(taken + gain + lo),
                            upper: Outcome(taken + gain + hi),
                        }
                    })?;
                values.values[card.index()] = Outcome(taken + gain + v);
                guess = Some(gain + v);
            } else {
                values.values[card.index()] = values.values[class.index()];
            }
            values.cards.insert(card);
        }
        Ok(values)
    }

    /// The legal cards after which `team` still takes at least `target` card points in the
    /// whole deal: a null-window probe per class of equivalent cards.
    pub fn cards_reaching(
        &mut self,
        pos: &Position,
        team: Team,
        target: u16,
    ) -> Result<CardSet, OutOfBudget> {
        let state = self.start(pos);
        let taken = taken(pos);
        let mut reaching = CardSet::EMPTY;
        for (card, class) in self.classes(pos) {
            if card == class {
                let mut child = state;
                let gain = child.play(&self.order, card.index());
                if self.reaches_from(&child, taken + gain, team, target)? {
                    reaching.insert(card);
                }
            } else if reaching.contains(class) {
                reaching.insert(card);
            }
        }
        Ok(reaching)
    }

    /// A best card for the seat to play and the outcome it gives: the first, in the search's
    /// move order, of the cards that reach the position's value.
    pub fn best_card(&mut self, pos: &Position) -> Result<Option<(Card, Outcome)>, OutOfBudget> {
        let value = self.solve(pos)?;
        let state = State::new(pos, &self.order);
        let maximising = state.team() == Team::NS.index();
        let target = value.0 - taken(pos);
        let moves = self.moves(&state, [None; 2]);
        for &c in &moves.cards[..moves.len] {
            let mut child = state;
            let t = target - child.play(&self.order, usize::from(c));
            // The mover's side keeps the value: North-South at least it, East-West at most it.
            let keeps = if maximising {
                self.search(&child, t - 1, t) >= t
            } else {
                self.search(&child, t, t + 1) <= t
            };
            if self.stopped {
                return Err(OutOfBudget { lower: value, upper: value });
            }
            if keeps {
                return Ok(Some((Card::from_index(usize::from(c)), value)));
            }
        }
        Ok(None)
    }

    /// Resets the per-call counters, the killer leads and the mode tables for `pos`, and gives
    /// its state.
    fn start(&mut self, pos: &Position) -> State {
        self.nodes = 0;
        self.stopped = false;
        self.killers = [None; 9];
        let (trump, rules) = (pos.trump(), pos.rules());
        if !self.order.is_for(trump, rules) {
            let order = match self.other_orders.iter().position(|o| o.is_for(trump, rules)) {
                Some(i) => self.other_orders.swap_remove(i),
                None => CardOrder::new(trump, rules),
            };
            let old = std::mem::replace(&mut self.order, order);
            self.other_orders.push(old);
        }
        State::new(pos, &self.order)
    }

    /// Each legal card with the card standing for its class of equivalent cards, the class's
    /// card first.
    fn classes(&self, pos: &Position) -> impl Iterator<Item = (Card, Card)> + use<> {
        let mut classes = [(Card::from_index(0), Card::from_index(0)); 8];
        let mut len = 0;
        self.order.classes(pos.legal_cards(), pos.live(), |card, class| {
            classes[len] = (card, class);
            len += 1;
        });
        classes.into_iter().take(len)
    }

    /// Whether `team` reaches `target` in the deal from `state`, North-South having taken
    /// `taken` on the search's scale.
    fn reaches_from(
        &mut self,
        state: &State,
        taken: i16,
        team: Team,
        target: u16,
    ) -> Result<bool, OutOfBudget> {
        if target == 0 {
            return Ok(true);
        }
        if target > CAPOT_POINTS {
            return Ok(false);
        }
        // Above 162 only a capot reaches, and a capot is 207 on the scale.
        let t = target.min(DEAL_POINTS + 1) as i16;
        // North-South reach t when their scale reaches t; East-West when it stays at 162 - t.
        let ns_target = if team == Team::NS { t } else { DEAL - t + 1 };
        let probe = ns_target - taken;
        let r = self.search(state, probe - 1, probe);
        if self.stopped {
            let (lo, hi) = bounds(state, &self.order);
            return Err(OutOfBudget { lower: Outcome(taken + lo), upper: Outcome(taken + hi) });
        }
        let ns_reaches = r >= probe;
        Ok(if team == Team::NS { ns_reaches } else { !ns_reaches })
    }

    /// [`Solver::exact`], starting next to `guess` when there is one: probes step away from it,
    /// one point, then two, four..., each step capped by bisection.
    fn exact_near(&mut self, state: &State, guess: Option<i16>) -> Result<i16, (i16, i16)> {
        let Some(guess) = guess else { return self.exact(state) };
        let (mut lo, mut hi) = bounds(state, &self.order);
        let mut t = guess.clamp(lo + 1, hi.max(lo + 1));
        let mut step = 1;
        while lo < hi {
            let r = self.search(state, t - 1, t);
            if self.stopped {
                return Err((lo, hi));
            }
            let up = r >= t;
            if up {
                lo = r;
            } else {
                hi = r;
            }
            let mid = lo + (hi - lo + 1) / 2;
            t = if up { (lo + step).min(mid) } else { (hi - step + 1).max(mid) };
            t = t.clamp(lo + 1, hi.max(lo + 1));
            step *= 2;
        }
        Ok(lo)
    }

    /// The exact value of the points to come from `state`, by bisection of null-window probes;
    /// on running out, the bounds proved.
    fn exact(&mut self, state: &State) -> Result<i16, (i16, i16)> {
        let (mut lo, mut hi) = bounds(state, &self.order);
        while lo < hi {
            let t = lo + (hi - lo + 1) / 2;
            let r = self.search(state, t - 1, t);
            if self.stopped {
                return Err((lo, hi));
            }
            if r >= t {
                lo = r;
            } else {
                hi = r;
            }
        }
        Ok(lo)
    }

    /// Fail-soft alpha-beta: North-South's points to come from `state` if they lie strictly
    /// between `alpha` and `beta`; else a bound on the side of the window they fall.
    fn search(&mut self, state: &State, alpha: i16, beta: i16) -> i16 {
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

    /// [`Solver::search`] at a trick's start: the last trick played out, the bounds, then the
    /// table.
    fn trick_start(&mut self, state: &State, alpha: i16, beta: i16) -> i16 {
        let tricks_left = state.tricks_left();
        if tricks_left <= 2 {
            return last_tricks(state, &self.order, alpha, beta);
        }
        let (lo, hi) = bounds(state, &self.order);
        if lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        let order = &self.order;
        let key = order.relative_key(state);
        let live = state.live();
        let mut first = None;
        if let Some(b) = self.table.probe(key) {
            if b.lower >= beta {
                return b.lower;
            }
            if b.upper <= alpha {
                return b.upper;
            }
            // The best card is kept by its place in its suit.
            first = b.best.and_then(|m| {
                let suit = Suit::from_index(usize::from(m >> 3));
                let hand = CardSet(state.hands[usize::from(state.seat)]);
                order.at_slot(suit, m & 7, CardSet(live), hand).map(|c| c.index() as u8)
            });
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
        self.table.store(key, depth, lower, upper, best_slot);
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
        let moves = self.moves(state, first);
        let mut best = if maximising { i16::MIN } else { i16::MAX };
        let mut best_card = None;
        for &c in &moves.cards[..moves.len] {
            let mut child = *state;
            let gain = child.play(&self.order, usize::from(c));
            // The window narrows as the best so far improves.
            let (a, b) = if maximising { (alpha.max(best), beta) } else { (alpha, beta.min(best)) };
            let v = gain + self.search(&child, a - gain, b - gain);
            if self.stopped {
                return (alpha, None);
            }
            if maximising {
                if v > best {
                    best = v;
                    best_card = Some(c);
                }
                if best >= beta {
                    break;
                }
            } else {
                if v < best {
                    best = v;
                    best_card = Some(c);
                }
                if best <= alpha {
                    break;
                }
            }
        }
        (best, best_card)
    }

    /// The moves at `state`: one card per class of equivalent legal cards, best first.
    fn moves(&self, state: &State, first: [Option<u8>; 2]) -> Moves {
        let order = &self.order;
        let live = CardSet(state.live());
        let cards = order.representatives(CardSet(state.legal(order)), live);
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
            let score = match first.iter().position(|f| *f == Some(c)) {
                Some(i) => i16::MAX - i as i16,
                None => view.score(order, card),
            };
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
}

/// What the move ordering looks at, worked out once per node. The ordering is a guess and only
/// a guess: it never changes a value, only how soon the search finds it. Its guess of what the
/// seats still to play may bring assumes that a seat holding the suit led plays it.
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
        let hands = state.hands.map(CardSet);
        let trumps = CardSet(order.trumps());
        let opponents = [hands[usize::from(mover ^ 1)], hands[usize::from(mover ^ 3)]];
        let mut view = TrickView {
            mover,
            winning: None,
            threat: 0,
            partner_later: 0,
            theirs: [0; 4],
            partners: [0; 4],
            trumps,
            opponents_trumpless: opponents[0].or(opponents[1]).and(trumps).is_empty(),
            theirs_held: opponents[0].or(opponents[1]),
        };
        if state.played == 0 {
            let partner = hands[usize::from(mover ^ 2)];
            for suit in Suit::ALL {
                if cards.has_suit(suit) {
                    let [a, b] = opponents.map(|h| order.max_power(playable(h, suit), suit));
                    view.theirs[suit.index()] = a.max(b);
                    view.partners[suit.index()] = order.max_power(playable(partner, suit), suit);
                }
            }
            return view;
        }
        let lead = Suit::from_index(usize::from(state.lead));
        view.winning = Some((lead, state.win_power, state.win_seat));
        // The seats that have not played yet: those between the mover and the leader.
        let mut seat = mover;
        for _ in 0..3 - state.played {
            seat = (seat + state.step) & 3;
            let power = order.max_power(playable(hands[usize::from(seat)], lead), lead);
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

/// The cards of `hand` a seat may bring to a trick led in `lead`, as the move ordering guesses
/// them: the suit led if it holds it, else anything.
fn playable(hand: CardSet, lead: Suit) -> CardSet {
    let follow = hand.of_suit(lead);
    if follow.is_empty() { hand } else { follow }
}

/// Fail-soft alpha-beta over the last two tricks (or the last one), `state` at a trick's start:
/// at most sixteen lines of play, searched on a few numbers rather than on positions.
fn last_tricks(state: &State, order: &CardOrder, alpha: i16, beta: i16) -> i16 {
    if state.tricks_left() <= 1 {
        return last_trick(state, order);
    }
    let endgame = Endgame { state, order, step: state.step };
    let trick =
        TrickSoFar { seat: state.seat, lead: 0, win_power: 0, win_seat: 0, points: 0, cards: 0 };
    endgame.ply(0, trick, alpha, beta)
}

/// The first of the last two tricks as it is played: who is to play, the suit led, the winning
/// card's power and seat, the points and the cards down.
#[derive(Clone, Copy)]
struct TrickSoFar {
    seat: u8,
    lead: u8,
    win_power: u8,
    win_seat: u8,
    points: u8,
    cards: u32,
}

/// The last two tricks from their start.
struct Endgame<'a> {
    state: &'a State,
    order: &'a CardOrder,
    step: u8,
}

impl Endgame<'_> {
    /// Fail-soft alpha-beta from the `k`-th card of the first trick on.
    fn ply(&self, k: u8, trick: TrickSoFar, alpha: i16, beta: i16) -> i16 {
        let order = self.order;
        let seat = trick.seat;
        let hand = self.state.hands[usize::from(seat)];
        let mut legal = if k == 0 {
            hand
        } else {
            following(order, hand, seat, usize::from(trick.lead), trick.win_power, trick.win_seat)
        };
        let maximising = seat & 1 == Team::NS.index() as u8;
        let mut best = if maximising { i16::MIN } else { i16::MAX };
        while legal != 0 {
            let c = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let mut next = trick;
            (next.lead, next.win_power, next.win_seat) =
                after_card(order, (trick.lead, trick.win_power, trick.win_seat), k == 0, seat, c);
            next.points += order.points_of(c);
            next.cards |= 1 << c;
            next.seat = (seat + self.step) & 3;
            let (a, b) = if maximising { (alpha.max(best), beta) } else { (alpha, beta.min(best)) };
            let v = if k == 3 { self.finish(next) } else { self.ply(k + 1, next, a, b) };
            if maximising {
                best = best.max(v);
                if best >= beta {
                    break;
                }
            } else {
                best = best.min(v);
                if best <= alpha {
                    break;
                }
            }
        }
        best
    }

    /// North-South's points from the first trick, complete, and the last.
    fn finish(&self, trick: TrickSoFar) -> i16 {
        let mut last = *self.state;
        for hand in &mut last.hands {
            *hand &= !trick.cards;
        }
        let team = usize::from(trick.win_seat & 1);
        last.tricks[team] += 1;
        last.seat = trick.win_seat;
        let first = if team == Team::NS.index() { i16::from(trick.points) } else { 0 };
        first + last_trick(&last, self.order)
    }
}

/// North-South's points from the last trick, `state` at its start: one card in each hand.
#[inline]
fn last_trick(state: &State, order: &CardOrder) -> i16 {
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

/// North-South's points so far on the search's scale (the final outcome once the deal is over).
fn taken(pos: &Position) -> i16 {
    let ns = pos.points()[Team::NS] as i16;
    match pos.tricks_won().0 {
        [8, _] => ns - CAPOT_SHIFT,
        [_, 8] => -CAPOT_SHIFT,
        _ => ns,
    }
}

/// Bounds on North-South's points to come from `state`: none to all that is left, a capot
/// either way while it is still open, narrowed at a trick's start by the cards sure to take
/// their trick: each side's cards that take whatever trick they fall in, and the tricks the
/// leader's side cashes from the lead (see [`cashing`]). When those are all the tricks left, the
/// rest of the deal is known.
pub(crate) fn bounds(state: &State, order: &CardOrder) -> (i16, i16) {
    if state.tricks_left() == 0 {
        return (0, 0);
    }
    // The card points still in play and the dix de der, all that is left to take.
    let left = LAST_TRICK + order.set_points(CardSet(state.live())) as i16;
    let tricks = state.tricks;
    // A team's capot is open while the other team has no trick.
    let capot = |team: Team| tricks[team.other().index()] == 0;
    if state.played > 0 {
        let lo = if capot(Team::EW) { -CAPOT_SHIFT } else { 0 };
        let hi = left + if capot(Team::NS) { CAPOT_SHIFT } else { 0 };
        return (lo, hi);
    }
    let hands = state.hands.map(CardSet);
    let leader = usize::from(state.seat);
    let side = if leader & 1 == 0 { Team::NS } else { Team::EW };
    let (a, b) = (leader, leader ^ 2);
    let (c, d) = (leader ^ 1, leader ^ 3);
    let (ours, theirs) = (hands[a].or(hands[b]), hands[c].or(hands[d]));
    let dominant = [order.dominant(ours, theirs), order.dominant(theirs, ours)];
    let cashing = cashing(order, &hands, leader, dominant[0]);
    if cashing.tricks == hands[leader].len() {
        // The leader's side takes every trick left.
        let all = left + if capot(side) { CAPOT_SHIFT } else { 0 };
        let ns = if side == Team::NS {
            all
        } else if capot(side) {
            -CAPOT_SHIFT
        } else {
            0
        };
        return (ns, ns);
    }
    let sure = [dominant[0].or(cashing.cards), dominant[1]];
    let extra = cashing.extra;
    // The other side's sure cards take a trick each, as many as one of its hands holds at
    // least, and each of those tricks takes a card from each hand of the leader's side.
    let taken = hands[c].and(dominant[1]).len().max(hands[d].and(dominant[1]).len());
    let mut other_extra = 0;
    if taken > 0 {
        other_extra = order.cheapest_sum(hands[a], taken, CardSet::EMPTY)
            + order.cheapest_sum(hands[b], taken, CardSet::EMPTY);
    }
    let side_sure = order.set_points(sure[0]) as i16 + extra;
    let other_sure = order.set_points(sure[1]) as i16 + other_extra;
    // A side with a card sure to take its trick cannot be capot.
    let side_safe = !sure[0].is_empty();
    let other_safe = !sure[1].is_empty();
    let side_lo = if capot(side.other()) && !side_safe { -CAPOT_SHIFT } else { side_sure };
    let side_hi = left - other_sure + if capot(side) && !other_safe { CAPOT_SHIFT } else { 0 };
    debug_assert!(left >= LAST_TRICK);
    // The leader's side's bounds, turned into North-South's: the sides share `left` and the
    // capot shift keeps the sum.
    if side == Team::NS { (side_lo, side_hi) } else { (left - side_hi, left - side_lo) }
}

/// What the leader's side takes for sure by cashing from the lead: the tricks, its cards sure to
/// be in them, and the least the other cards of those tricks bring.
struct Cashing {
    tricks: usize,
    cards: CardSet,
    extra: i16,
}

/// The leader's [`Cashing`] at a trick's start, its side's cards of `free` (counted already)
/// taken as nothing in the other cards of its tricks.
///
/// The leader cashes its cards that cash (see [`cashes`]), then leads a card of a suit where the
/// partner holds one that cashes, and the partner cashes its own: the partner sheds its other
/// cards on the leader's tricks first, keeps one of that suit, and whatever it sheds of the
/// cards that cash falls on a trick of its side.
fn cashing(order: &CardOrder, hands: &[CardSet; 4], leader: usize, free: CardSet) -> Cashing {
    let (hand, partner) = (hands[leader], hands[leader ^ 2]);
    let (left, right) = (hands[leader ^ 1], hands[leader ^ 3]);
    let (tricks, mine, _, drawn) = cashes(order, hand, partner, [left, right], false);
    // The partner's cards count only through a suit the leader can lead to it.
    let reachable = Suit::ALL
        .iter()
        .filter(|&&s| hand.has_suit(s))
        .fold(CardSet::EMPTY, |acc, &s| acc.or(partner.of_suit(s)));
    let (theirs, partners, suits, _) =
        if order.masters(reachable, left.or(right).or(hand)).is_empty() {
            (0, CardSet::EMPTY, 0, drawn)
        } else {
            cashes(order, partner, hand, [left, right], drawn)
        };
    let entry = Suit::ALL.iter().any(|&s| hand.has_suit(s) && suits >> s.index() & 1 == 1);
    // The partner keeps its cards that cash but those it must shed.
    let kept = if entry { theirs.min(hand.len() - tricks) } else { 0 };
    let cards = if entry { mine.or(partners) } else { mine };
    let all = tricks + kept;
    if all == 0 {
        return Cashing { tricks: 0, cards, extra: 0 };
    }
    let extra = order.cheapest_sum(left, all, CardSet::EMPTY)
        + order.cheapest_sum(right, all, CardSet::EMPTY)
        + order.cheapest_sum(partner, tricks, free.or(cards))
        + order.cheapest_sum(hand.minus(mine), kept, free);
    Cashing { tricks: all, cards, extra }
}

/// The tricks `hand` takes by leading one card after another, its partner holding `partner` and
/// the opponents `opponents`; the cards it takes them with (the dearest where it has more than
/// it can cash); the suits (one bit each) in which its partner can lead to it before it draws
/// trumps itself; and whether the opponents' trumps are drawn. A card cashes when it beats every
/// other card of its suit, or every card of it left once the hands holding higher ones have run
/// out of the suit; one that another seat could cut only as many times as each opponent holding
/// a trump still follows its suit (the opponents follow and cannot cut, and the partner never has
/// to cut a trick its partner wins), unless the trumps, cashed first, have drawn every
/// opponent's trumps, or `drawn` says the partner's did.
fn cashes(
    order: &CardOrder,
    hand: CardSet,
    partner: CardSet,
    opponents: [CardSet; 2],
    mut drawn: bool,
) -> (usize, CardSet, u8, bool) {
    let trumps = CardSet(order.trumps());
    let others = opponents[0].or(opponents[1]).or(partner);
    let (mut tricks, mut cards, mut suits) = (0, CardSet::EMPTY, 0u8);
    let seats = [opponents[0], opponents[1], partner];
    let top = order.masters(hand, others);
    // Those that no one else could cut.
    let safe = order.cashable(top, others);
    // Trumps first: once they have drawn the opponents' trumps, nothing is cut.
    let mut suits_first = Suit::ALL;
    if let Some(i) = suits_first.iter().position(|&s| trumps.has_suit(s)) {
        suits_first.swap(0, i);
    }
    let most_trumps = opponents.map(|h| h.and(trumps).len()).into_iter().max().unwrap_or(0);
    let entered = drawn || most_trumps == 0;
    for suit in suits_first {
        let mine = hand.of_suit(suit);
        let masters = top.of_suit(suit);
        if masters.is_empty() {
            drawn |= most_trumps == 0;
            continue;
        }
        let mut rounds = masters.len();
        // Led from the top, a card below those takes its round when every other hand holding a
        // card of the suit above it has had to play all its cards of the suit before.
        let below = mine.minus(masters);
        if !below.is_empty() {
            let lengths = seats.map(|h| h.of_suit(suit).len());
            for &card in order.by_strength(suit) {
                if !below.contains(card) {
                    continue;
                }
                let above = order.above(card);
                if seats.iter().zip(lengths).any(|(h, n)| n > rounds && !h.and(above).is_empty()) {
                    break;
                }
                rounds += 1;
            }
        }
        // Cards that someone else could cut: while an opponent can, not past its length.
        let mut followed = rounds;
        if safe.of_suit(suit) != masters {
            for opponent in opponents {
                if !opponent.and(trumps).is_empty() {
                    followed = followed.min(opponent.of_suit(suit).len());
                }
            }
        }
        // The suit leads to this hand before it draws trumps itself.
        let reached = if entered { rounds } else { followed };
        if !drawn {
            rounds = followed;
        }
        if rounds > 0 {
            tricks += rounds;
            cards = cards.or(if rounds <= masters.len() {
                order.dearest(masters, rounds)
            } else {
                order
                    .by_strength(suit)
                    .iter()
                    .copied()
                    .filter(|c| mine.contains(*c))
                    .take(rounds)
                    .collect()
            });
        }
        if reached > 0 {
            suits |= 1 << suit.index();
        }
        if trumps.has_suit(suit) {
            drawn |= rounds >= most_trumps;
        }
    }
    drawn |= most_trumps == 0;
    (tricks, cards, suits, drawn)
}
