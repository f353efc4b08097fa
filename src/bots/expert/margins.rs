//! How much more a call must pay than the one it would replace, and what a contre or a
//! surcontre must show besides: the terms on which the expert's call moves off the convention's
//! (`call.rs`), and that its reasons check (`reasons.rs`) and word (`words.rs`).

use super::advice::{Cost, Estimate, Reason};
use crate::rules::Call;

/// How much more a call must pay than the convention's, in points a deal, to replace it, with
/// [`REPLACE_ERRORS`] standard errors: a call kept beside a better-looking one is one the
/// worlds cannot tell from it by so much ([`Reason::Close`] says so).
pub(crate) const MARGIN: f64 = 10.0;
/// The same for a contre or a surcontre, which also risk the other side's answer.
pub(crate) const CONTRE_MARGIN: f64 = 25.0;
/// How many standard errors of the paired difference a call must pay more by, besides its
/// margin, to replace another: one, where a clear mistake asks two
/// ([`MISTAKE_ERRORS`](super::advice::MISTAKE_ERRORS)). The expert moves to a call that more
/// likely than not pays its margin more; asking two standard errors kept the convention's call
/// where the worlds favoured another, and the calls' 32 worlds seldom tell two calls apart by
/// so much (`docs/strength.md`: +11 points a deal against the gambler).
pub(crate) const REPLACE_ERRORS: f64 = 1.0;
/// The least share of the worlds, in percent of their weight, where the contract fails for a
/// contre, and where it is made for a surcontre: the worlds of an auction read backwards still
/// give the takers less than a sound bidder holds, and a contre that fails costs as much as one
/// that succeeds brings.
pub(crate) const CONTRE_ODDS: u8 = 70;
pub(crate) const SURCONTRE_ODDS: u8 = 70;
/// The fewest worlds a contre or a surcontre is weighed in, to stake a doubled score on them.
pub(crate) const CONTRE_WORLDS: u32 = 8;

// The doubled score's guards (the margin, the odds and the worlds above) are kept rather than
// folded into the figures: the worlds lean to failing contracts (before the odds were asked,
// 61% of the expert's contres against `normal` were made, over 200 duplicate deals), so a
// contre's mean over them flatters it by more than its standard error shows, and a figure
// marked down by a guess would no longer be the mean of the worlds. A call kept while a contre
// or a surcontre pays enough more to replace it says so instead, with the guard it lacks
// ([`Reason::Risky`]).

/// The weighted share of the worlds where doubled call `call`, weighed as `e`, wins (the
/// contract failing for a contre, made for a surcontre), in percent rounded down: what its odds
/// are held to and what a reason quotes.
pub(crate) fn wins_percent(call: Call, e: &Estimate) -> u8 {
    let made = e.made.unwrap_or(0.0);
    let share = if call == Call::Surcontre { made } else { 1.0 - made };
    // A hair over, so that seven worlds of ten read 70, whatever the rounding of their mean.
    (share * 100.0 + 1e-9).floor().clamp(0.0, 100.0) as u8
}

/// The odds, in percent, that doubled call `call` is held to.
fn odds_of(call: Call) -> Option<u8> {
    match call {
        Call::Contre => Some(CONTRE_ODDS),
        Call::Surcontre => Some(SURCONTRE_ODDS),
        _ => None,
    }
}

/// What a doubled call kept out lacks, as [`Reason::Risky`] names it: the first of its
/// guards it does not meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shortfall {
    /// Fewer than [`CONTRE_WORLDS`] worlds.
    Worlds,
    /// Winning in under its odds.
    Odds,
    /// Paying under [`CONTRE_MARGIN`] more.
    Margin,
}

/// What the doubled call of a [`Reason::Risky`] lacks, read from its figures; `None` for any
/// other reason.
pub(crate) fn shortfall(reason: Reason) -> Option<Shortfall> {
    let Reason::Risky { best, wins, of, .. } = reason else { return None };
    Some(if u32::from(of) < CONTRE_WORLDS {
        Shortfall::Worlds
    } else if odds_of(best).is_some_and(|odds| wins < odds) {
        Shortfall::Odds
    } else {
        Shortfall::Margin
    })
}

/// The odds, in percent, that the doubled call of a [`Reason::Risky`] is held to (0 for any
/// other reason).
pub(crate) fn odds_needed(reason: Reason) -> u8 {
    match reason {
        Reason::Risky { best, .. } => odds_of(best).unwrap_or(0),
        _ => 0,
    }
}

/// Whether a call paying `gain` more than another, world by world, pays enough more to replace
/// it: at least `points` and [`REPLACE_ERRORS`] standard errors.
pub(crate) fn pays_more(gain: &Cost, points: f64) -> bool {
    gain.mean >= points && gain.mean >= REPLACE_ERRORS * gain.se
}

/// Whether `call`, weighed as `e` and paying `gain` more than the call it would replace, world
/// by world, meets what its stake asks: any call but a contre or a surcontre does; those need
/// [`CONTRE_WORLDS`] worlds, their odds and [`CONTRE_MARGIN`] ([`pays_more`]).
pub(crate) fn stake_backed(call: Call, e: &Estimate, gain: &Cost) -> bool {
    let Some(odds) = odds_of(call) else { return true };
    e.worlds >= CONTRE_WORLDS && wins_percent(call, e) >= odds && pays_more(gain, CONTRE_MARGIN)
}
