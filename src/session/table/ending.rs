//! How a deal ends early or is weighed after: a claim of the rest of the tricks, proved by the
//! solver and played out at once, and the finished deal played again with the expert in South's
//! seat, whose comparisons hold the game's record back until they are in.

use super::{Notice, Out, Table};
use crate::bots::in_seat::Seats;
use crate::game::{Action, Phase};
use crate::rules::{ByTeam, Card, Seat, Team};
use crate::search::{Position, Solver};
use crate::session::work::{Cancel, CompareRequest, Measured};

/// The nodes a claim may search, for each call to the solver: far above the tens of thousands a
/// whole deal's question takes, so that only a position the solver cannot settle (none met so
/// far) leaves a claim unproved, and refused.
const CLAIM_NODES: u64 = 20_000_000;

impl Table {
    /// Claims the rest of the tricks for `seat`'s side, if it takes every one whatever the other
    /// side does, as the solver finds on the hands as they are: the rest is played out at once,
    /// on the solver's line, card by card through the game as if each had been played, and the
    /// table says who claimed. False, with nothing played, when the other side can still take
    /// a trick (or the solver could not settle it).
    pub(super) fn claim(&mut self, seat: Seat, out: &mut Vec<Out>) -> bool {
        let Some(line) = self.claim_line(seat.team()) else { return false };
        self.game.claim_rest();
        // The tricks go by as the computer players' do, a card played for South in them or not.
        self.auto_played = false;
        let mut played = Vec::new();
        for card in line {
            let Some(to_play) = self.game.to_act() else { break };
            self.act(to_play, Action::Play(card), &mut played);
        }
        // Who claimed comes before the cards it plays out; one save for the whole line: the
        // game is saved as it stands once the outs are done.
        out.push(Out::Told(Notice::Claimed(seat)));
        out.push(Out::Save);
        out.extend(played.into_iter().filter(|o| *o != Out::Save));
        true
    }

    /// The cards of the rest of the deal, in the order of play, if `team` takes every trick
    /// left whatever the other side does.
    pub(super) fn claim_line(&self, team: Team) -> Option<Vec<Card>> {
        let pos = Position::from_card_play(self.game.deal().play.as_ref()?).ok()?;
        let mut solver = Solver::new();
        solver.set_node_limit(Some(CLAIM_NODES));
        solver.claim(&pos, team).ok().flatten()
    }

    /// Plays finished deal `i` again with the expert in South's seat, on a worker: the deal
    /// record with the game's players, level, seed and budget, the very things the computer
    /// players decided from.
    pub(super) fn ask_comparison(&mut self, i: usize, out: &mut Vec<Out>) {
        let g = &self.game;
        let Some(d) = g.history().get(i) else { return };
        let cancel = Cancel::new();
        self.comparing.push(cancel.clone());
        out.push(Out::Compare(CompareRequest {
            deal: i,
            record: d.record.clone(),
            players: g.players().clone(),
            // The computer players of the deal, whatever the level of the table since.
            seats: Seats::at_table(g.players(), g.seed(), d.levels[Seat::North], self.prefs.budget),
            cancel,
        }));
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
