//! The end of a deal: scored and counted in the game by the rules' reckoning of a finished deal
//! ([`crate::rules::DealReckoning`]), and kept in the history as a [`DealResult`], with, once
//! asked, the same deal played with the expert in South's seat ([`ExpertInSeat`]), and, once
//! the expert has reviewed it, what South's clear mistakes cost ([`Mistakes`]).

use serde::{Deserialize, Serialize};

use super::Game;
use crate::personas::Level;
use crate::rules::{
    BelotesDealt, BySeat, ByTeam, CardPlay, Combination, Contract, DealReckoning, DealRecord,
    DealScore, DealTally, DoneTrick, GameContext, Seat, Team,
};

/// A finished deal, as the history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// The deal written down, with the game's target and the totals before it.
    pub record: DealRecord,
    /// The contract, or `None` when everyone passed.
    pub contract: Option<Contract>,
    /// The score, when there was a contract.
    pub score: Option<DealScore>,
    /// Each team's card points, dix de der included.
    pub card_points: ByTeam<u16>,
    /// Each team's tricks.
    pub tricks_won: ByTeam<u8>,
    /// The eight tricks, for the review (none when everyone passed).
    pub tricks: Vec<DoneTrick>,
    /// The belotes that counted, seat by seat (all those dealt, since each is said with the
    /// first card of its pair): one at most in a suit contract, up to four in tout atout, none
    /// in sans atout or when everyone passed.
    pub belotes: BelotesDealt,
    /// `coinche`: what each seat declared (`None` in the other sets and when everyone passed).
    pub declared: Option<BySeat<Combination>>,
    /// `coinche`: the declaration points that scored for each team, before any capot transfer.
    pub declarations: ByTeam<u16>,
    /// The totals after the deal.
    pub totals: ByTeam<u32>,
    /// How many actions were taken back during the deal.
    pub undos: u32,
    /// How many hints South saw during the deal.
    pub hints: u32,
    /// The deal played again with the expert in South's seat, once asked.
    pub expert_in_seat: Option<ExpertInSeat>,
    /// What South's clear mistakes cost in the deal, once the expert has reviewed it.
    pub mistakes: Option<Mistakes>,
    /// The level each seat's calls were read by ([`super::Deal::levels`]).
    pub levels: BySeat<Level>,
}

/// What South's clear mistakes cost in one deal, as the expert's review of the deal finds them
/// ([`crate::bots::expert::DealAnalysis::mistakes`]), calls and cards apart: points of the
/// deal's score, each the sum of the clear mistakes' mean costs rounded to the nearest point
/// (0 when South made none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mistakes {
    /// The cost of South's clear mistakes in the auction.
    pub calls: u32,
    /// The cost of South's clear mistakes in the play.
    pub cards: u32,
}

impl Mistakes {
    /// Both together.
    pub fn total(self) -> u32 {
        self.calls.saturating_add(self.cards)
    }
}

/// The same deal played again with the expert in South's seat, the three computer players
/// deciding as they did: asked, and thinking still, or its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpertInSeat {
    /// Asked and not answered yet: redone when the game is resumed.
    Thinking,
    /// The deal's score with the expert in South's seat.
    Score(ByTeam<u16>),
}

/// North-South's margin in a deal's score: their points minus East-West's.
fn margin(score: ByTeam<u16>) -> i32 {
    i32::from(score[Team::NS]) - i32::from(score[Team::EW])
}

impl DealResult {
    /// The deal's score with the expert in South's seat, once worked out.
    pub fn expert_score(&self) -> Option<ByTeam<u16>> {
        match self.expert_in_seat {
            Some(ExpertInSeat::Score(s)) => Some(s),
            _ => None,
        }
    }

    /// How much better North-South did than with the expert in South's seat: their margin
    /// (ours minus theirs) minus the same with the expert; negative when the expert did better.
    pub fn expert_difference(&self) -> Option<i32> {
        self.expert_score().map(|e| margin(self.points()) - margin(e))
    }

    /// The points written down for each team (0 to 0 for a void deal).
    pub fn points(&self) -> ByTeam<u16> {
        self.score.map(|s| s.score).unwrap_or_default()
    }

    /// The team that took all eight tricks, if one did.
    pub fn capot(&self) -> Option<Team> {
        self.tally().capot()
    }

    /// What the deal brought to the score table.
    pub fn tally(&self) -> DealTally {
        DealTally {
            card_points: self.card_points,
            tricks_won: self.tricks_won,
            belotes: self.belotes.counts(),
            declarations: self.declarations,
        }
    }

    /// The team holding the belote of the trump suit, in a suit contract.
    pub fn belote_team(&self) -> Option<Team> {
        let suit = self.contract?.trump().suit()?;
        self.belotes.holder(suit).map(Seat::team)
    }
}

impl Game {
    /// Scores the deal just over and counts it in the game, as the rules reckon a finished deal
    /// ([`DealReckoning::of`], the reckoning of a deal record's answer too): the totals, the
    /// count of all-pass deals in a row, the end of the game, and the deal kept in the history.
    pub(super) fn finish_deal(&mut self) {
        let before = self.totals;
        let record = self.deal.record(&self.options, before);
        let played = self.deal.contract().zip(self.deal.play.as_ref());
        let declared = played.and_then(|_| self.deal.declarations());
        let game = GameContext { target: self.options.target, before };
        let reckoning = DealReckoning::of(
            played.as_ref().map(|(c, play)| (c, *play)),
            declared.as_ref(),
            self.rules(),
            game,
        );
        self.totals = reckoning.totals;
        self.outcome = reckoning.outcome;
        self.void_streak =
            if reckoning.score.is_some() { 0 } else { self.void_streak.saturating_add(1) };
        let play = self.deal.play.as_ref();
        self.history.push(DealResult {
            record,
            contract: played.map(|(c, _)| c),
            score: reckoning.score,
            card_points: reckoning.tally.card_points,
            tricks_won: reckoning.tally.tricks_won,
            tricks: play.map(|p| p.tricks().to_vec()).unwrap_or_default(),
            belotes: play.map_or(BelotesDealt::NONE, CardPlay::belotes),
            declared,
            declarations: reckoning.declarations,
            totals: self.totals,
            undos: self.deal.undos,
            hints: self.deal.hints,
            expert_in_seat: None,
            mistakes: None,
            levels: self.deal.levels,
        });
    }
}
