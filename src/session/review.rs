//! Looking back over the game: the history of its deals with one deal under review, the tricks of
//! the deal on the table one at a time, and the expert's analyses of the finished deals reviewed.
//! Each popup carries its own cursor; the analyses are asked of a worker as an
//! [`AnalysisRequest`] when a finished deal is first reviewed, kept for a few deals, and
//! cancelled when the review closes before they are in.

use super::commands::{Cmd, step};
use super::work::{AnalysisRequest, Cancel};
use crate::bots::expert::analysis::solver_line;
use crate::bots::expert::{Budget, DealAnalysis};
use crate::game::{Action, DealResult, Game, Phase};
use crate::rules::{Card, DealRecord, DoneTrick};

/// The most deal analyses kept: about a game's deals.
const ANALYSES_KEPT: usize = 32;

/// The lines of the history: the finished deals, and the deal in progress if there is one.
pub fn history_rows(game: &Game) -> usize {
    let in_progress = !matches!(game.phase(), Phase::DealOver | Phase::GameOver);
    game.history().len() + usize::from(in_progress)
}

/// The history of the game's deals, one line each, the deal in progress last; or of a filed
/// game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct History {
    /// The game shown: 0 for the game at the table, `n` for the `n`-th newest filed game.
    pub game: usize,
    /// The line selected.
    pub selected: usize,
    /// The deal under review, if one is.
    pub review: Option<usize>,
    /// How far the review is scrolled.
    pub scroll: u16,
}

impl History {
    /// The history as it opens on `game`: the deal in progress (else the last) selected.
    pub fn of(game: &Game) -> History {
        History { game: 0, selected: history_rows(game).saturating_sub(1), review: None, scroll: 0 }
    }

    /// The history of another game, `game` (see [`History::game`]), whose history is `shown`:
    /// its last deal selected.
    pub fn other(&mut self, game: usize, shown: &Game) {
        *self = History { game, ..History::of(shown) };
    }

    /// A key on the list: the selection moves round, Enter reviews the deal selected.
    pub fn key(&mut self, cmd: Cmd, rows: usize) {
        match cmd {
            Cmd::Up | Cmd::Down => step(&mut self.selected, cmd, rows),
            Cmd::Act if self.selected < rows => self.open(self.selected),
            _ => {}
        }
    }

    /// Reviews the deal of line `i`, from its top.
    pub fn open(&mut self, i: usize) {
        self.selected = i;
        self.review = Some(i);
        self.scroll = 0;
    }

    /// Back from the review to the list.
    pub fn close_review(&mut self) {
        self.review = None;
    }
}

/// The tricks of the deal on the table, one at a time, the last first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tricks {
    /// The trick shown.
    pub index: usize,
}

impl Tricks {
    /// The tricks as they open on `taken` tricks: the last one.
    pub fn of(taken: usize) -> Tricks {
        Tricks { index: taken.saturating_sub(1) }
    }

    /// Left and right go through the tricks taken.
    pub fn key(&mut self, cmd: Cmd, taken: usize) {
        match cmd {
            Cmd::Left => self.index = self.index.saturating_sub(1),
            Cmd::Right => self.index = (self.index + 1).min(taken.saturating_sub(1)),
            _ => {}
        }
    }
}

/// The expert's analyses of the finished deals reviewed, and the one being made.
#[derive(Clone, Debug, Default)]
pub struct Analyses {
    /// The analyses made so far, the latest last; `None` for one that could not be made.
    done: Vec<(DealRecord, Option<DealAnalysis>)>,
    /// The analysis being made.
    asked: Option<AnalysisRequest>,
}

impl Analyses {
    /// The analysis of a finished deal, once made: `Some(None)` when it could not be.
    pub fn get(&self, record: &DealRecord) -> Option<Option<&DealAnalysis>> {
        self.done.iter().find(|(r, _)| r == record).map(|(_, a)| a.as_ref())
    }

    /// The deal under review is `reviewed`: its analysis is asked when it is not made yet, and
    /// the one under way is cancelled when its review has closed. The request to carry out, if
    /// a new one is made.
    pub fn want(
        &mut self,
        reviewed: Option<&DealResult>,
        budget: Budget,
    ) -> Option<AnalysisRequest> {
        let wanted = reviewed.filter(|d| self.get(&d.record).is_none());
        if self.asked.as_ref().map(|a| &a.record) == wanted.map(|d| &d.record) {
            // Nothing to start, or it is under way.
            return None;
        }
        self.stop();
        let d = wanted?;
        let record = d.record.clone();
        let request = AnalysisRequest { record, levels: d.levels, budget, cancel: Cancel::new() };
        self.asked = Some(request.clone());
        Some(request)
    }

    /// A deal's analysis is in: kept for the review, unless it was cancelled since.
    pub fn answer(&mut self, request: AnalysisRequest, analysis: Option<DealAnalysis>) {
        let asked = self.asked.as_ref().is_some_and(|a| a.cancel == request.cancel);
        if !asked || request.cancel.is_raised() {
            return;
        }
        self.asked = None;
        if self.done.len() >= ANALYSES_KEPT {
            self.done.remove(0);
        }
        self.done.push((request.record, analysis));
    }

    /// Cancels the analysis under way: it is not wanted.
    pub fn stop(&mut self) {
        if let Some(a) = self.asked.take() {
            a.cancel.raise();
        }
    }
}

/// The rest of a finished deal from South's first clear mistake in its cards, played as the
/// double-dummy solver plays it, every hand seen: the expert's card in place of South's, then
/// the solver's best card for every seat, trick by trick, one trick shown at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpertLine {
    /// The card South played, and the expert's in its place.
    pub played: Card,
    /// The expert's card.
    pub advised: Card,
    /// The number of the trick the line starts in, from 1.
    pub from: usize,
    /// The tricks of the line, from that one to the last.
    pub tricks: Vec<DoneTrick>,
    /// The trick shown, an index in `tricks`.
    pub step: usize,
}

impl ExpertLine {
    /// The line after the first card of `analysis` that is a clear mistake, on the deal of
    /// `record`; `None` when South made no such mistake or the solver could not play it out.
    pub fn after_first_mistake(record: &DealRecord, analysis: &DealAnalysis) -> Option<ExpertLine> {
        card_mistakes(analysis).find_map(|(index, played, advised)| {
            let tricks = solver_line(record, index, advised)?;
            Some(ExpertLine { played, advised, from: index / 4 + 1, tricks, step: 0 })
        })
    }

    /// Whether `analysis` has a line to offer: a clear mistake among South's cards, the line
    /// played out from it once asked.
    pub fn offered(analysis: &DealAnalysis) -> bool {
        card_mistakes(analysis).next().is_some()
    }

    /// The trick shown, and its number in the deal, from 1.
    pub fn shown(&self) -> Option<(usize, &DoneTrick)> {
        self.tricks.get(self.step).map(|t| (self.from + self.step, t))
    }

    /// Left and right (`Cmd::Left`, `Cmd::Right`) go through the tricks of the line; true when
    /// the trick shown changed.
    pub fn key(&mut self, cmd: Cmd) -> bool {
        let before = self.step;
        match cmd {
            Cmd::Left => self.step = self.step.saturating_sub(1),
            Cmd::Right => self.step = (self.step + 1).min(self.tricks.len().saturating_sub(1)),
            _ => {}
        }
        self.step != before
    }
}

/// South's cards that `analysis` finds clear mistakes, in the order played: each with its index
/// in the play, the card and the expert's in its place.
fn card_mistakes(analysis: &DealAnalysis) -> impl Iterator<Item = (usize, Card, Card)> + '_ {
    analysis.reviews.iter().filter(|r| r.mistake().is_some()).filter_map(|r| {
        match (r.played, r.advice.action) {
            (Action::Play(played), Action::Play(advised)) => Some((r.index, played, advised)),
            _ => None,
        }
    })
}
