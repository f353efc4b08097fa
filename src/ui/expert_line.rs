//! The expert's line at the table: the view's own state, the line (the trick shown and its
//! update, [`ExpertLine::key`]) with the card points the real deal's tricks before it had
//! taken, so that the view adds up the points of the whole deal as the line goes.
//!
//! The line is played out where it is asked, at the key, not on a worker: the solver settles
//! each position within a node limit, and over the 1,364 lines that start from every card
//! South could play in 60 deals of the normal computer players (the first trick's the
//! longest), a release build took 0.23 ms at the median and 14 ms at the most, under a frame.

use crate::game::DealResult;
use crate::rules::{ByTeam, DoneTrick, Suit};
use crate::session::commands::Cmd;
use crate::session::review::ExpertLine;

/// The expert's line as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    /// The line, with the trick shown.
    pub line: ExpertLine,
    /// The card points each side took in the tricks of the real deal before the line's first.
    before: ByTeam<u16>,
    /// The deal's trump suit, if it has one.
    pub trump: Option<Suit>,
}

impl LineView {
    /// The view of `line`, on the finished deal `deal`: it opens on the line's first trick.
    pub fn of(line: ExpertLine, deal: &DealResult) -> LineView {
        let before = points(deal.tricks.iter().take(line.from.saturating_sub(1)));
        let trump = deal.contract.and_then(|c| c.trump().suit());
        LineView { line, before, trump }
    }

    /// Left and right go through the tricks of the line; true when the trick shown changed.
    pub fn key(&mut self, cmd: Cmd) -> bool {
        self.line.key(cmd)
    }

    /// The card points each side has taken once the trick shown is over: the real deal's
    /// before the line, then the line's.
    pub fn points(&self) -> ByTeam<u16> {
        let line = points(self.line.tricks.iter().take(self.line.step + 1));
        ByTeam::from_fn(|team| self.before[team] + line[team])
    }

    /// Whether the trick shown is the line's first, or its last: no step further that way.
    pub fn at_ends(&self) -> (bool, bool) {
        (self.line.step == 0, self.line.step + 1 >= self.line.tricks.len())
    }
}

/// The card points each side took in `tricks`.
fn points<'a>(tricks: impl Iterator<Item = &'a DoneTrick>) -> ByTeam<u16> {
    let mut taken = ByTeam([0, 0]);
    for t in tricks {
        taken[t.winner.team()] += t.points;
    }
    taken
}
