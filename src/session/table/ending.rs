//! How a finished deal is weighed after: played again with the expert in South's seat, whose
//! comparisons hold the game's record back until they are in, and what South's clear mistakes
//! cost, once measured.

use super::{Out, Table};
use crate::game::Phase;
use crate::rules::ByTeam;
use crate::session::work::{CompareRequest, Measured};

impl Table {
    /// Plays finished deal `i` again with the expert in South's seat, on a worker: the deal
    /// record with the game's players, level, seed and budget, the very things the computer
    /// players decided from.
    pub(super) fn ask_comparison(&mut self, i: usize, out: &mut Vec<Out>) {
        let Some(request) = CompareRequest::of(&self.game, i, self.prefs.budget) else { return };
        self.comparing.push(request.cancel.clone());
        out.push(Out::Compare(request));
    }

    /// The comparisons a game sat down with still thinking (it was left, or the process
    /// ended, while they thought): asked again, as they are a function of the deal alone; with
    /// the comparison turned off, they are given up.
    pub(super) fn compare_again(&mut self, out: &mut Vec<Out>) {
        let thinking = self.game.expert_thinking();
        if thinking.is_empty() {
            return;
        }
        for i in thinking {
            if self.prefs.compare {
                self.ask_comparison(i, out);
            } else {
                self.game.answer_expert_in_seat(i, None);
            }
        }
        if !self.prefs.compare {
            out.push(Out::Save);
            self.finish_game(out);
        }
    }

    /// A comparison is in: kept with its deal if it is about this game's deal and still
    /// wanted, counted in the statistics, and, once no deal of a finished game is left
    /// thinking, the game is recorded.
    pub(super) fn on_compared(
        &mut self,
        request: &CompareRequest,
        score: Option<ByTeam<u16>>,
        out: &mut Vec<Out>,
    ) {
        let Some(k) = self.comparing.iter().position(|c| *c == request.cancel) else { return };
        self.comparing.swap_remove(k);
        let same_deal =
            self.game.history().get(request.deal).is_some_and(|d| d.record == request.record);
        if request.cancel.is_raised() || !same_deal {
            return;
        }
        if self.game.answer_expert_in_seat(request.deal, score) {
            out.push(Out::Save);
            if score.is_some() {
                out.push(Out::DealFinished);
            }
            out.push(Out::Compared(request.deal));
            self.finish_game(out);
        }
    }

    /// What South's clear mistakes cost in finished deals is in: kept with each deal that is
    /// still the game's and not measured yet; the game saved, and a finished game filed again
    /// with them.
    pub(super) fn on_measured(&mut self, measured: &[Measured], out: &mut Vec<Out>) {
        let mut kept = false;
        for m in measured {
            kept |= self.game.measure_mistakes(m.deal, &m.record, m.mistakes);
        }
        if kept {
            out.push(Out::Save);
            self.finish_game(out);
        }
    }

    /// A finished game is recorded once none of its deals is still compared, so that its
    /// filing holds every comparison.
    pub(super) fn finish_game(&self, out: &mut Vec<Out>) {
        if self.game.phase() == Phase::GameOver && self.game.expert_thinking().is_empty() {
            out.push(Out::GameFinished);
        }
    }
}
