//! A claim of the rest of the tricks: proved by the solver on the four hands as they lie, then
//! shown. The claimer lays its cards face up and the rest of the deal is played out on the
//! solver's line, card by card through the game as if each had been played, one trick at a
//! time: each stays on the table as any trick does, and the next comes when it is gathered (at
//! the pause's end, or at a key), so that South sees every card played for it before the deal's
//! score. The player may skip to the end: the rest is then played out at once.

use std::collections::VecDeque;

use super::{Notice, Out, Table, Wait};
use crate::game::Action;
use crate::rules::{Card, CardPlay, CardSet, Seat, Team};
use crate::search::{Position, Solver};

/// The nodes a claim may search, for each call to the solver: far above the tens of thousands a
/// whole deal's question takes, so that only a position the solver cannot settle (none met so
/// far) leaves a claim unproved, and refused.
const CLAIM_NODES: u64 = 20_000_000;

/// A claim being shown: who claimed, the cards it laid face up, and the cards of the solver's
/// line still to be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    seat: Seat,
    shown: CardSet,
    line: VecDeque<Card>,
}

impl Claim {
    /// The seat that claimed, for its side.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The cards the claimer held when it claimed, laid face up.
    pub fn shown(&self) -> CardSet {
        self.shown
    }
}

impl Table {
    /// The claim being shown, from the claimer's cards laid face up until its last trick is
    /// gathered.
    pub fn claiming(&self) -> Option<&Claim> {
        self.claim.as_ref()
    }

    /// Claims the rest of the tricks for `seat`'s side, if it takes every one whatever the other
    /// side does, as the solver finds on the hands as they are: the table says who claimed, and
    /// the claim's first trick is played out (the rest of the trick on the table, if one is
    /// begun). False, with nothing played, when the other side can still take a trick (or the
    /// solver could not settle it).
    pub(super) fn claim(&mut self, seat: Seat, out: &mut Vec<Out>) -> bool {
        let Some(line) = self.claim_line(seat.team()) else { return false };
        let shown = self.game.deal().hands()[seat];
        self.game.claim_rest();
        // The tricks go by as the computer players' do, a card played for South in them or not.
        self.auto_played = false;
        self.claim = Some(Claim { seat, shown, line: line.into() });
        out.push(Out::Told(Notice::Claimed(seat)));
        self.play_claimed_trick(out);
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

    /// Plays the claim's next trick out, card by card through the game, and holds it on the
    /// table; one save for the trick, the game saved as it stands once the outs are done. With
    /// its line played out, the claim is over.
    pub(super) fn play_claimed_trick(&mut self, out: &mut Vec<Out>) {
        let mut played = Vec::new();
        while self.shown_trick.is_none() {
            let next = self.claim.as_mut().and_then(|c| c.line.pop_front());
            let (Some(card), Some(seat)) = (next, self.game.to_act()) else {
                self.claim = None;
                break;
            };
            self.act(seat, Action::Play(card), &mut played);
        }
        one_save(out, played);
    }

    /// The player skips to the end of the claim being shown: the rest of its tricks are played
    /// out at once, and the deal's summary is due.
    pub(super) fn skip_claim(&mut self, out: &mut Vec<Out>) {
        let mut played = Vec::new();
        // Each pause ends as its timer would end it: every trick goes through the game, and is
        // gathered, the way the claim shows them.
        while self.claim.is_some() && self.wait.is_some() {
            self.on_timer(&mut played);
        }
        one_save(out, played);
    }

    /// A game that sits down in the middle of a claim (it was left, or the process ended, while
    /// the claim was shown): the claim goes on where it was, from the last trick played out,
    /// held on the table again. Its line is found again on the hands as they are: a claim that
    /// held holds on its own line to the end.
    pub(super) fn resume_claim(&mut self, out: &mut Vec<Out>) {
        let d = self.game.deal();
        let (Some(play), Some(from)) = (d.play.as_ref(), d.claimed) else { return };
        let seat = plays(play).nth(from).map(|(seat, _)| seat).or(self.game.to_act());
        let Some(seat) = seat else { return };
        let Some(line) = self.claim_line(seat.team()) else { return };
        let mut shown = play.hands()[seat];
        for (_, card) in plays(play).skip(from).filter(|&(s, _)| s == seat) {
            shown.insert(card);
        }
        if play.current_trick().is_empty() {
            self.shown_trick = play.tricks().last().copied();
        }
        self.claim = Some(Claim { seat, shown, line: line.into() });
        out.push(Out::Told(Notice::Claimed(seat)));
        self.set_wait(Wait::Gather);
    }
}

/// Every card of `play` in the order played, with who played it.
fn plays(play: &CardPlay) -> impl Iterator<Item = (Seat, Card)> + '_ {
    play.tricks().iter().flat_map(|t| t.trick.plays()).chain(play.current_trick().plays())
}

/// The outs of a stretch of play put after `out`, with one save for all of them.
fn one_save(out: &mut Vec<Out>, played: Vec<Out>) {
    if played.contains(&Out::Save) {
        out.push(Out::Save);
    }
    out.extend(played.into_iter().filter(|o| *o != Out::Save));
}
