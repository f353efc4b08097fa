//! The table's thinking done on workers: the computer player asked at its seat, the expert's
//! hint for South, and their answers, wanted only while the position they were asked about is
//! still on the table.

use super::{Hint, Notice, Out, Table};
use crate::bots::expert::Advice;
use crate::game::{Action, Phase, SeatView};
use crate::personas;
use crate::rules::{Call, Seat};
use crate::session::work::{BotRequest, Cancel, HintRequest};

impl Table {
    /// Asks what the expert would do in South's place, once per turn.
    pub(super) fn ask_hint(&mut self, out: &mut Vec<Out>) {
        if !self.hint_allowed() {
            return;
        }
        let cancel = Cancel::new();
        self.working.push(cancel.clone());
        out.push(Out::AskHint(HintRequest {
            revision: self.revision,
            view: self.game.view(Seat::South),
            seed: self.game.seed(),
            budget: self.prefs.budget,
            cancel,
        }));
        self.hint = Some(Hint::Thinking);
    }

    /// The expert's answer to South's hint: shown, and counted, if the turn is still the one
    /// asked about.
    pub(super) fn on_hint(
        &mut self,
        request: &HintRequest,
        advice: Option<Advice>,
        out: &mut Vec<Out>,
    ) {
        let wanted = self.still_wanted(request.revision, &request.view, &request.cancel);
        if !wanted || self.hint != Some(Hint::Thinking) {
            return;
        }
        match advice {
            Some(advice) => {
                out.push(Out::FollowHint(advice.action));
                self.hint = Some(Hint::Ready(advice));
                self.game.count_hint();
                out.push(Out::Save);
            }
            None => self.hint = Some(Hint::Failed),
        }
    }

    /// Asks the computer player at `seat` to act, or, when its side takes every trick left
    /// whatever the other does, claims them for it: from the next to last trick on, there is
    /// no more to save the player than the trick on the table.
    pub(super) fn ask(&mut self, seat: Seat, out: &mut Vec<Out>) {
        let more = self.game.deal().play.as_ref().is_some_and(|p| p.tricks().len() < 7);
        if self.game.phase() == Phase::Playing && more && self.claim(seat, out) {
            return;
        }
        let g = &self.game;
        let style = personas::style_of(&g.players()[seat]);
        self.thinking = Some(seat);
        let cancel = Cancel::new();
        self.working.push(cancel.clone());
        out.push(Out::Think(BotRequest {
            revision: self.revision,
            view: g.view(seat),
            level: g.deal().levels[seat],
            style,
            seed: g.seed(),
            budget: self.prefs.budget,
            cancel,
        }));
    }

    /// An answer thought on a worker is in: its flag is done with, and the answer is wanted only
    /// if it is about the table's position and seat view as they are now and was not cancelled.
    /// An answer about a position that is gone (taken back, a new game, a resumed one) is
    /// dropped, even when the same position came back since.
    pub(super) fn still_wanted(&mut self, revision: u64, view: &SeatView, cancel: &Cancel) -> bool {
        self.working.retain(|c| c != cancel);
        revision == self.revision && self.game.view(view.seat()) == *view && !cancel.is_raised()
    }

    /// A computer player failed: the table plays the plainest legal action in its place (pass,
    /// or the first legal card), so the game goes on, and says so.
    pub(super) fn on_bot_failed(&mut self, request: &BotRequest, out: &mut Vec<Out>) {
        let fallback = match self.game.phase() {
            Phase::Bidding => Some(Action::Bid(Call::Pass)),
            Phase::Playing => self.game.legal_cards().first().map(Action::Play),
            _ => None,
        };
        match fallback {
            Some(action) => self.on_decided(request, action, out),
            None => self.thinking = None,
        }
        out.push(Out::Told(Notice::BotFailed(request.view.seat())));
    }

    pub(super) fn on_decided(&mut self, request: &BotRequest, action: Action, out: &mut Vec<Out>) {
        if !self.still_wanted(request.revision, &request.view, &request.cancel) {
            return;
        }
        if self.thinking == Some(request.view.seat()) {
            self.thinking = None;
            self.act(request.view.seat(), action, out);
        }
    }
}
