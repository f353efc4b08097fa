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
//! bisection of such probes. Moves come in this order: the table's best card, the lead that last
//! cut a search off at the same depth (both searched before the other cards are put in order,
//! which a cut-off by them makes needless), then by the trick: cash what takes it, lead to a
//! partner who takes it, put points on a trick that is surely ours, win cheaply, else throw the
//! cheapest card. Equivalent cards (adjacent in the mode's order among the cards still in play,
//! with equal points, in one hand) are one move.
//!
//! **Cards alike but for their points.** Two cards of one hand and one suit with no card of
//! another seat between them among the cards in play (an ace and a ten, or a king and a jack
//! once the queen has gone) beat and lose to the same cards: the deal after one is the deal
//! after the other with the two exchanged, worth the same but for where their points fall, so
//! the two values differ by the points' difference at most. A second such card is searched only
//! when the first one's value, moved by that difference, could still change the result.
//!
//! **Shapes.** A transposition table at each trick's start holds bounds on the points still to
//! come, kept across probes, root cards and calls. Its key is the position's shape: for each
//! suit, who holds its cards still in play in rank order; the leader; which teams have no trick
//! yet. Positions of one shape play alike, trick for trick, whichever cards went earlier, and
//! differ only by the points of the cards at the same places: an entry keeps the cards it was
//! found with, and serves a shape-mate with its bounds moved by the points' falls and rises at
//! those places (the exact same points: the bounds as they are). Four in five of the positions
//! new to a table keyed by the cards themselves at three tricks left had the shape of one seen
//! before: this key took a third of the nodes.
//!
//! **Quick bounds**, checked at a trick's start after the table: the points in cards that take
//! whatever trick they fall in, and in the tricks the leader's side cashes from the lead (when
//! those are all the tricks left, the rest of the deal is known without a move). The leader
//! cashes its cards that beat every other card of their suit, then those below them that take
//! their round once every hand holding a higher card of the suit has had to play all its cards
//! of it, trumps first (a suit that an opponent could cut only as many times as each opponent
//! holding a trump still follows it, until the trumps cashed have drawn theirs); then it
//! crosses to its partner through a suit where the partner holds such a card, and the partner
//! cashes its own. Against the bounds on the leader's cards alone (those that beat every card
//! of the three others, trumps included) this cut the nodes of a whole deal by 38% in sans
//! atout, 37% in tout atout and 16% with a trump suit (300 deals each, before shapes).
//!
//! **The last two tricks** are played out on plain numbers, their exact value kept in a cache by
//! the four hands: three in four of a deal's endgames were met before.
//!
//! **Measured and left out.** Each of these gave the same values for no fewer nodes, or fewer
//! nodes for as much time, over 300 deals of each: one full-window search instead of the
//! bisection, or a window search over the last few points of it; a look in the table at every
//! card of a trick's last seat before searching any (the key costs what the cut-offs save); a
//! history of cut-offs by card and place in the trick to break ties in the move order; a larger
//! table (2^14 buckets already hold a deal: 2^16 save no node with shapes). The table at three
//! tricks left does pay: without it a deal takes half as long again.
//!
//! Measured next, over the same 300 deals (a trump suit, then sans atout), nodes first since
//! they do not depend on the machine's load, CPU time beside them:
//! - Stepping from a guess of the value (MTD(f)) instead of the bisection: even with the exact
//!   value itself as the guess, a deal took 38% fewer nodes (100 deals, before shapes); 3 points
//!   off, 21 to 31%; 10 points off, 2%. No estimate cheap enough comes within a few points.
//! - Quick bounds in a trick's middle (each side's cards that beat the other side's and the
//!   table's): not one cut, the same node counts in every mode; the trick's start had checked
//!   the same window against stronger bounds.
//! - The first of the last three tricks searched on a few numbers as the last two are (the
//!   table kept at its start): 0 to 4% less CPU time, inside the measure's noise; ordering the
//!   cards in it: 1% fewer nodes, no less time. The move order matters elsewhere: with the
//!   followers' cards in card order a deal takes 2.6 times the nodes.
//! - The lead that last cut a search off kept per leader as well as per depth: 4% more nodes.
//!   The best card of a search that failed like all its cards kept in the table for the next
//!   search: 3% more nodes.
//! - Tricks sure to each side bounding the other side's points at a trick's start (it takes
//!   the other tricks at most, and in them at most the dearest cards not sure to the first):
//!   1% fewer nodes with a trump suit, none in sans atout, no less time.
//!
//! Measured after those, before shapes, nodes of a whole deal over 300 deals (a trump suit,
//! sans atout, tout atout), first before the cashing bounds (104,269, 163,981 and 117,233 nodes):
//! - A table entry in a trick's middle (the key of the cards in play, the places of the cards
//!   on the table, the seat winning) from 7 tricks left up: 1% fewer nodes (102,978, 162,427, 116,549); from 5
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
//! And with shapes, over 40 deals of each mode, instructions counted (`valgrind --tool=
//! cachegrind`), which do not depend on the machine's load either:
//! - The holders of each suit's cards of no points at its bottom left out of the key (only how
//!   many each seat holds): 4% more positions merged, before shapes, for a dearer key.
//! - Suits that play alike (the plain suits, or all four without a trump suit) taken in an
//!   order of their own, so that positions differing by exchanging them share an entry: 0.3%
//!   fewer nodes, 2.5% more instructions.
//! - Several entries of one shape kept side by side, one per set of cards: 2.5% fewer nodes,
//!   as many instructions.
//! - A principal-variation search for exact values (the first card at the full window, the
//!   others at a null window, searched again when they beat it): 9 to 13% fewer nodes with a
//!   trump suit and in tout atout, 15% more in sans atout, 2% more instructions in all.
//! - The last two tricks keyed by their shape with bounds: more instructions than by the hands;
//!   their bounds at the probe's window rather than their exact value: 1.5% fewer instructions,
//!   5% more nodes as weaker fail-soft values reach the table.
//! - The power a set of cards brings to a trick read from two suits' tables rather than four:
//!   more instructions (the four-suit loop is unrolled with constant offsets).
//! - Exact values searched at three tricks left (the window opened to the quick bounds), so
//!   that a shape-mate finds both bounds: 12 to 20% more nodes, 18% more instructions.
//!
//! Where the nodes go: over 100 deals with a trump suit, 10% are the last two tricks (one node
//! each), 32% at three tricks left, 30% at four, 18% at five and 10% above; the first card tried
//! cuts a search off at 92 to 98% of the nodes that cut, in every mode.
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

use super::endgames::Endgames;
use super::order::CardOrder;
use super::position::Position;
use super::state::{CAPOT_SHIFT, State, after_card, following};
use super::table::Table;
use crate::rules::{
    CAPOT_POINTS, Card, CardSet, DEAL_POINTS, Rules, Suit, Team, Trump, trick_bonus,
};

/// The table size of [`Solver::new`]: 2^14 buckets, 1.5 MiB. A deal needs no more: 2^16
/// buckets save no node, and a smaller table stays closer to the core.
pub const DEFAULT_TABLE_BITS: u32 = 14;

/// The points of a deal.
const DEAL: i16 = DEAL_POINTS as i16;
/// The size of the cache of the last two tricks' values: 2^14 entries of 20 bytes.
const ENDGAME_BITS: u32 = 14;

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
    /// The values of the last two tricks met under the mode in use.
    endgames: Endgames,
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

    /// A solver with a table of `2^bits` buckets of 96 bytes (`bits` is held to 4..=26).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            endgames: Endgames::new(ENDGAME_BITS),
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

    /// Forgets everything searched: the table and the last two tricks' values.
    pub fn clear(&mut self) {
        self.table.clear();
        self.endgames.clear();
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
        let moves = self.moves(&state, self.choices(&state));
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
            self.endgames.clear();
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
        let mut left = self.choices(state);
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
            moves = self.moves(state, left);
            left = CardSet::EMPTY;
        }
    }

    /// One legal card at `state` for each class of equivalent cards.
    fn choices(&self, state: &State) -> CardSet {
        let order = &self.order;
        order.representatives(CardSet(state.legal(order)), CardSet(state.live()))
    }

    /// The cards `cards` (some of the legal cards at `state`), best first.
    fn moves(&self, state: &State, cards: CardSet) -> Moves {
        let order = &self.order;
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

/// North-South's points from the last two tricks (or the last one) with perfect play, `state`
/// at a trick's start: every line of play, at most sixteen, on plain numbers.
fn last_tricks(state: &State, order: &CardOrder) -> i16 {
    if state.tricks_left() <= 1 {
        return last_trick(state, order);
    }
    let seats: [u8; 4] = std::array::from_fn(|k| (state.seat + state.step * k as u8) & 3);
    let hands = seats.map(|s| state.hands[usize::from(s)]);
    let north_south = seats.map(|s| usize::from(s & 1) == Team::NS.index());
    // The better of two values for the side of the seat at place `k` in the trick.
    let pick = |k: usize, a: i16, b: i16| if north_south[k] { a.max(b) } else { a.min(b) };
    let worst = |k: usize| if north_south[k] { i16::MIN } else { i16::MAX };
    let indices = |cards: u32| CardSet(cards).iter().map(Card::index);
    let legal = |k: usize, trick: (u8, u8, u8)| {
        following(order, hands[k], seats[k], usize::from(trick.0), trick.1, trick.2)
    };
    // The first trick complete, its cards by place: North-South's points from both tricks.
    let both = |cards: [usize; 4], winner: u8| {
        let points: u8 = cards.iter().map(|&c| order.points_of(c)).sum();
        let team = usize::from(winner & 1);
        let mut last = *state;
        for (k, &c) in cards.iter().enumerate() {
            last.hands[usize::from(seats[k])] &= !(1 << c);
        }
        last.tricks[team] += 1;
        last.seat = winner;
        let first = if team == Team::NS.index() { i16::from(points) } else { 0 };
        first + last_trick(&last, order)
    };
    let mut best = worst(0);
    for c0 in indices(hands[0]) {
        let t0 = after_card(order, (0, 0, 0), true, seats[0], c0);
        let mut best1 = worst(1);
        for c1 in indices(legal(1, t0)) {
            let t1 = after_card(order, t0, false, seats[1], c1);
            let mut best2 = worst(2);
            for c2 in indices(legal(2, t1)) {
                let t2 = after_card(order, t1, false, seats[2], c2);
                let mut best3 = worst(3);
                for c3 in indices(legal(3, t2)) {
                    let (_, _, winner) = after_card(order, t2, false, seats[3], c3);
                    best3 = pick(3, best3, both([c0, c1, c2, c3], winner));
                }
                best2 = pick(2, best2, best3);
            }
            best1 = pick(1, best1, best2);
        }
        best = pick(0, best, best1);
    }
    best
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
    let Cashes { tricks, cards: mine, drawn, .. } =
        cashes(order, hand, partner, [left, right], false);
    // The partner's cards count only through a suit the leader can lead to it.
    let reachable = Suit::ALL
        .iter()
        .filter(|&&s| hand.has_suit(s))
        .fold(CardSet::EMPTY, |acc, &s| acc.or(partner.of_suit(s)));
    let Cashes { tricks: theirs, cards: partners, suits, .. } =
        if order.masters(reachable, left.or(right).or(hand)).is_empty() {
            Cashes { tricks: 0, cards: CardSet::EMPTY, suits: 0, drawn }
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

/// What one hand cashes by leading one card after another (see [`cashes`]).
struct Cashes {
    /// The tricks it takes.
    tricks: usize,
    /// The cards it takes them with (the dearest where it has more than it can cash).
    cards: CardSet,
    /// The suits (one bit each) in which its partner can lead to it before it draws trumps
    /// itself.
    suits: u8,
    /// Whether the opponents' trumps are drawn.
    drawn: bool,
}

/// The [`Cashes`] of `hand`, its partner holding `partner` and the opponents `opponents`. A card
/// cashes when it beats every other card of its suit, or every card of it left once the hands
/// holding higher ones have run out of the suit; one that another seat could cut only as many
/// times as each opponent holding a trump still follows its suit (the opponents follow and
/// cannot cut, and the partner never has to cut a trick its partner wins), unless the trumps,
/// cashed first, have drawn every opponent's trumps, or `drawn` says the partner's did.
fn cashes(
    order: &CardOrder,
    hand: CardSet,
    partner: CardSet,
    opponents: [CardSet; 2],
    mut drawn: bool,
) -> Cashes {
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
    Cashes { tricks, cards, suits, drawn }
}
