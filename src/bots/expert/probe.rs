//! Where a deal's outcome lies in one world, as precisely as its stakes need: null-window probes
//! of the double-dummy [`Solver`] ("do the takers reach 82?"), each at the step of the score
//! that matters most, until what is left of the outcome no longer moves the score by more than
//! a tolerance. A failed contract in `contree` is known from one probe; a made one needs a few
//! more to count its points.

use std::sync::atomic::{AtomicBool, Ordering};

use super::Budget;
use super::stakes::{CAPOT_AGAINST, CAPOT_FOR, Stakes};
use crate::rules::{CAPOT_POINTS, DEAL_POINTS, Team};
use crate::search::{Position, Solver};

/// Why a value could not be found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// This world's probe ran out of nodes: the world is left out of the decision.
    World,
    /// The decision's nodes are spent, or it was cancelled: it answers with what it has.
    Decision,
}

/// The solver, with what a decision has spent of its budget.
pub(crate) struct Prober<'a> {
    solver: &'a mut Solver,
    budget: Budget,
    cancel: Option<&'a AtomicBool>,
    /// Nodes searched so far in this decision.
    pub(crate) nodes: u64,
}

impl<'a> Prober<'a> {
    /// A decision starting now, with `budget` and an optional flag that cancels it.
    pub(crate) fn new(
        solver: &'a mut Solver,
        budget: Budget,
        cancel: Option<&'a AtomicBool>,
    ) -> Prober<'a> {
        Prober { solver, budget, cancel, nodes: 0 }
    }

    /// Whether the decision must answer now.
    pub(crate) fn expired(&self) -> bool {
        self.nodes >= self.budget.nodes || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether the takers' outcome from `pos` reaches `t` on the stakes' scale.
    pub(crate) fn reaches(&mut self, pos: &Position, takers: Team, t: i16) -> Result<bool, Stop> {
        if self.expired() {
            return Err(Stop::Decision);
        }
        let left = self.budget.nodes.saturating_sub(self.nodes);
        self.solver.set_node_limit(Some(self.budget.probe_nodes.min(left)));
        let answer = match t {
            // The takers take a trick: the defence does not reach a capot.
            0 => self.solver.reaches(pos, takers.other(), CAPOT_POINTS).map(|capot| !capot),
            CAPOT_FOR => self.solver.reaches(pos, takers, CAPOT_POINTS),
            _ => self.solver.reaches(pos, takers, t as u16),
        };
        self.nodes += self.solver.nodes();
        answer.map_err(|_| if self.expired() { Stop::Decision } else { Stop::World })
    }

    /// The takers' outcome from `pos`, narrowed until none of `stakes` moves by more than `tol`
    /// over what is left; each stake's value (the middle of what is left) goes to `values`, and
    /// the outcomes left are returned. `hint`, the outcomes a sibling position was narrowed to
    /// (another card in the same world), is tried first: its two ends settle most positions.
    pub(crate) fn value(
        &mut self,
        pos: &Position,
        takers: Team,
        stakes: &[&Stakes],
        tol: i32,
        hint: Option<(i16, i16)>,
        values: &mut [f64],
    ) -> Result<(i16, i16), Stop> {
        let (mut lo, mut hi) = known(pos, takers);
        if let Some((a, b)) = hint {
            if a > lo && a <= hi {
                if self.reaches(pos, takers, a)? {
                    lo = a;
                } else {
                    hi = a - 1;
                }
            }
            if b >= lo && b < hi {
                if self.reaches(pos, takers, b + 1)? {
                    lo = b + 1;
                } else {
                    hi = b;
                }
            }
        }
        loop {
            let spread = stakes.iter().map(|s| s.range(lo, hi)).map(|(a, b)| b - a).max();
            if spread.unwrap_or(0) <= tol {
                break;
            }
            // The step where the score jumps most, if one jumps more than the tolerance (the
            // contract's target, a capot); else halve what is left.
            let mut split = (lo + hi + 1) / 2;
            let mut jump = tol;
            let middle = (lo + hi + 1) / 2;
            for t in lo + 1..=hi {
                let step = stakes.iter().map(|s| s.step(t)).max().unwrap_or(0);
                if step > jump
                    || (step == jump && step > tol && (t - middle).abs() < (split - middle).abs())
                {
                    jump = step;
                    split = t;
                }
            }
            if self.reaches(pos, takers, split)? {
                lo = split;
            } else {
                hi = split - 1;
            }
        }
        for (v, s) in values.iter_mut().zip(stakes) {
            let (a, b) = s.range(lo, hi);
            *v = f64::from(a + b) / 2.0;
        }
        Ok((lo, hi))
    }
}

/// The outcomes still possible from `pos` for the takers, from what is already taken: at least
/// their points (a capot against them only while they have no trick), at most their points and
/// all that is left (a capot for them only while the defence has no trick).
fn known(pos: &Position, takers: Team) -> (i16, i16) {
    let points = pos.points();
    let tricks = pos.tricks_won();
    let defence = takers.other();
    let mine = points[takers] as i16;
    if pos.is_over() {
        let u = match (tricks[takers], tricks[defence]) {
            (0, _) => CAPOT_AGAINST,
            (_, 0) => CAPOT_FOR,
            _ => mine,
        };
        return (u, u);
    }
    let left = DEAL_POINTS as i16 - points[takers] as i16 - points[defence] as i16;
    let lo = if tricks[takers] == 0 { CAPOT_AGAINST } else { mine };
    let hi = if tricks[defence] == 0 { CAPOT_FOR } else { mine + left };
    (lo, hi)
}
