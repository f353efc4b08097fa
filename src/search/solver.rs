//! The double-dummy solver: with every hand known, the card points each team takes with perfect
//! play by both, and what each card is worth.
//!
//! **The value searched.** The points North-South take from here, on a scale that keeps the game
//! zero-sum with the capot in it: a deal ends with North-South holding `s` points and East-West
//! `162 - s`, where a capot counts as 207 to 0 for the side that takes it (-45 to 207 the other
//! way). The scale orders values exactly as "more points for my side" does, each side's capot
//! above everything else, and maps back to the true 252 by [`DealValue::points`]. Every question,
//! "does East-West reach 82?" as much as "what does North-South make?", is then a threshold on
//! one number.
//!
//! **The questions.** A probe asks whether North-South's points reach a target: one null-window
//! search ([`Solver::reaches`], [`Solver::cards_reaching`]). Exact values come from a bisection
//! of such probes ([`Solver::solve`]), stepping out from the value of the card before when each
//! card of a position is valued ([`Solver::card_values`]), or to a resolution such as the ten
//! points a score needs ([`Solver::solve_within`]).
//!
//! **How it searches**, one technique a file: the alpha-beta search with the table and the
//! cards alike (`alphabeta.rs`), the move order (`moves.rs`), the quick bounds at a trick's
//! start (`bounds.rs`), the last two tricks (`endgames.rs`), the transposition table keyed by
//! shape (`transpositions.rs`), over the mode's tables (`order.rs`) and the search's working copy of the
//! position (`state.rs`). What was measured and left out, and where the nodes go, is in the
//! repository's `docs/solver.md`.
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

use super::bounds::bounds;
use super::endgames::Endgames;
use super::moves;
use super::order::CardOrder;
use super::position::Position;
use super::state::{CAPOT_SHIFT, State};
use super::transpositions::Transpositions;
use crate::rules::{CAPOT_POINTS, Card, CardSet, DEAL_POINTS, Rules, Suit, Team, Trump};

/// The table size of [`Solver::new`]: 2^14 buckets, 1.5 MiB. A deal needs no more: 2^16
/// buckets save no node, and a smaller table stays closer to the core.
pub const DEFAULT_TABLE_BITS: u32 = 14;

/// The points of a deal.
const DEAL: i16 = DEAL_POINTS as i16;
/// The size of the cache of the last two tricks' values: 2^14 entries of 20 bytes.
const ENDGAME_BITS: u32 = 14;

/// The value of a deal with perfect play: North-South's total on the search's scale (see the
/// module docs). Greater is better for North-South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DealValue(i16);

impl DealValue {
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

    /// The points `team` takes from `pos` on, with this value of the deal.
    pub fn points_from(self, pos: &Position, team: Team) -> u16 {
        self.points(team).saturating_sub(pos.points()[team])
    }
}

impl fmt::Display for DealValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NS {} EW {}", self.points(Team::NS), self.points(Team::EW))
    }
}

/// A call stopped on its node budget. The true value lies between `lower` and `upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget {
    /// The worst value for North-South not yet ruled out.
    pub lower: DealValue,
    /// The best value for North-South not yet ruled out.
    pub upper: DealValue,
}

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node budget spent between {} and {}", self.lower, self.upper)
    }
}

impl std::error::Error for OutOfBudget {}

/// The value of the deal after each legal card of the seat to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardValues {
    cards: CardSet,
    values: [DealValue; 32],
}

impl CardValues {
    /// The cards valued: the legal cards.
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// The deal's value if `card` is played, with perfect play after it.
    pub fn get(&self, card: Card) -> Option<DealValue> {
        self.cards.contains(card).then(|| self.values[card.index()])
    }

    /// Each card with its value, in card order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, DealValue)> + '_ {
        self.cards.iter().map(|c| (c, self.values[c.index()]))
    }

    /// The best value for `team` over the cards.
    pub fn best(&self, team: Team) -> Option<DealValue> {
        let values = self.iter().map(|(_, v)| v);
        if team == Team::NS { values.max() } else { values.min() }
    }
}

/// A double-dummy solver with its transposition table. Keep one per thread and reuse it: the
/// table carries over from call to call (call [`Solver::new_deal`] between deals).
#[derive(Clone, Debug)]
pub struct Solver {
    pub(super) table: Transpositions,
    /// The values of the last two tricks met under the mode in use.
    pub(super) endgames: Endgames,
    /// The order and points of the mode of the call in progress.
    pub(super) order: CardOrder,
    /// The tables of the other modes met so far, built once each.
    other_orders: Vec<CardOrder>,
    pub(super) nodes: u64,
    pub(super) limit: u64,
    pub(super) stopped: bool,
    /// For each number of tricks left, the lead that last cut a search off in this call: a
    /// lead of another deal is a poor guess, and a call's nodes then do not depend on the one
    /// before.
    pub(super) killers: [Option<u8>; 9],
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
            table: Transpositions::new(bits),
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

    /// The value of the deal from `pos` with perfect play by both sides.
    pub fn solve(&mut self, pos: &Position) -> Result<DealValue, OutOfBudget> {
        let state = self.start(pos);
        let taken = taken(pos);
        self.exact(&state).map(|v| DealValue(taken + v)).map_err(|(lo, hi)| OutOfBudget {
            lower: DealValue(taken + lo),
            upper: DealValue(taken + hi),
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

    /// The deal's value after every legal card of the seat to play.
    pub fn card_values(&mut self, pos: &Position) -> Result<CardValues, OutOfBudget> {
        let state = self.start(pos);
        let mut values = CardValues { cards: CardSet::EMPTY, values: [DealValue(0); 32] };
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
                            lower: DealValue(taken + gain + lo),
                            upper: DealValue(taken + gain + hi),
                        }
                    })?;
                values.values[card.index()] = DealValue(taken + gain + v);
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

    /// A best card for the seat to play and the value it gives: the first, in the search's
    /// move order, of the cards that reach the position's value.
    pub fn best_card(&mut self, pos: &Position) -> Result<Option<(Card, DealValue)>, OutOfBudget> {
        let value = self.solve(pos)?;
        let state = State::new(pos, &self.order);
        let maximising = state.team() == Team::NS.index();
        let target = value.0 - taken(pos);
        let moves = moves::ordered(&self.order, &state, moves::choices(&self.order, &state));
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

    /// Whether `team` takes every trick left from `pos` whatever the other side plays; if so,
    /// the rest of the deal's cards in the order of play, a line in which it does (each card
    /// the solver's best for its seat). `None` when the other side can still take a trick, or
    /// the deal is over. One probe answers: with the tricks so far counted to `team`
    /// ([`Position::all_taken_by`]), a capot is every trick left. The node limit bounds each
    /// call to the solver, the probe and each card of the line.
    pub fn claim(&mut self, pos: &Position, team: Team) -> Result<Option<Vec<Card>>, OutOfBudget> {
        let mut line = pos.all_taken_by(team);
        if pos.is_over() || !self.reaches(&line, team, CAPOT_POINTS)? {
            return Ok(None);
        }
        let mut cards = Vec::with_capacity(32);
        while !line.is_over() {
            // The capot is the value: every card the line plays keeps it.
            let Some((card, _)) = self.best_card(&line)? else { return Ok(None) };
            line.play(card);
            cards.push(card);
        }
        Ok(Some(cards))
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
            return Err(OutOfBudget { lower: DealValue(taken + lo), upper: DealValue(taken + hi) });
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
}

/// North-South's points so far on the search's scale (the final value once the deal is over).
fn taken(pos: &Position) -> i16 {
    let ns = pos.points()[Team::NS] as i16;
    match pos.tricks_won().0 {
        [8, _] => ns - CAPOT_SHIFT,
        [_, 8] => -CAPOT_SHIFT,
        _ => ns,
    }
}
