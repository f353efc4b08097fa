//! Exercises made from South's own clear mistakes: each decision of a finished deal that the
//! expert's analysis finds a clear mistake costing at least [`EXERCISE_POINTS`] becomes an
//! [`Exercise`], the position as South saw it with the expert's answer and every option's
//! figures, served again later to be played better.
//!
//! An exercise holds the view South decided from (written as a `contree bot` request, read back
//! through its checks) and the deal it came from, so that the table can be set as it was (the
//! hand, the trick, the auction, the cards played); on reading, the deal replayed to the
//! decision must give that view and that action, so a line that was altered is refused whole.
//!
//! The exercises come back by a simple spaced repetition counted in answers, not in days: each
//! has a box; a new or missed one is in box 0 and comes back after 3 other answers, a solved one
//! moves up a box and comes back after more ([`GAPS`]: 10, 30, 100, ...). The next served is the
//! one due soonest.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bots::expert::{Cost, DealAnalysis, Reason};
use crate::files::cut;
use crate::game::{Action, Game, Replay, SeatView};
use crate::rules::{Call, Card, DealRecord, RecordError};
use crate::text::{Lang, Words};

/// The least cost, in points of the deal's score, of a mistake made into an exercise (and it
/// must be clear: [`Cost::is_mistake`]).
pub const EXERCISE_POINTS: f64 = 10.0;

/// The version of an exercise's line this contree writes and reads.
pub const EXERCISE_VERSION: u32 = 1;

/// How many other answers an exercise waits, by box, before it comes back: box 0 (new, or
/// missed) after 3, box 1 after 10, and so on; the last box is the highest.
pub const GAPS: [u64; 6] = [3, 10, 30, 100, 300, 1000];

/// What tells an exercise from another: the game (its seed and start time), the deal's index
/// in it (from 0) and the decision's among the deal's actions (its calls, then its cards, from
/// 0). An exercise is filed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ExerciseId {
    /// The game's seed.
    pub seed: u64,
    /// When the game started (seconds since the Unix epoch).
    pub started: u64,
    /// The deal's index in the game.
    pub deal: usize,
    /// The decision's index among the deal's calls then cards.
    pub decision: usize,
}

/// A figure of the expert's, in points of the deal's score: a mean over the worlds weighed and
/// its standard error (`None` over fewer than two worlds' worth).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// The mean.
    #[serde(deserialize_with = "in_hundredths")]
    pub mean: f64,
    /// Its standard error.
    #[serde(deserialize_with = "in_hundredths_or_none")]
    pub se: Option<f64>,
}

/// A figure read as kept, to the hundredth, so that it reads back as written.
fn in_hundredths<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    f64::deserialize(d).map(hundredths)
}

fn in_hundredths_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Option::<f64>::deserialize(d).map(|x| x.map(hundredths))
}

/// The largest figure of the expert's, in points of a deal's score, mean or standard error,
/// either way: twice what a team may score in a deal (a deal's points are kept below 65,536),
/// the most a margin may move. A figure beyond, or one that is not a number, was edited by
/// hand.
pub const FIGURE_LIMIT: f64 = 2.0 * u16::MAX as f64;

impl Figure {
    /// Whether the figure is one a deal can have: its mean within [`FIGURE_LIMIT`] either way,
    /// its standard error, if any, from 0 to it.
    pub fn possible(self) -> bool {
        (-FIGURE_LIMIT..=FIGURE_LIMIT).contains(&self.mean)
            && self.se.is_none_or(|se| (0.0..=FIGURE_LIMIT).contains(&se))
    }

    fn of(mean: f64, se: f64) -> Figure {
        Figure { mean: hundredths(mean), se: se.is_finite().then(|| hundredths(se)) }
    }

    /// The figure as a cost, for the one test of a clear mistake.
    pub fn cost(self) -> Cost {
        Cost { mean: self.mean, se: self.se.unwrap_or(f64::INFINITY), worlds: 0 }
    }
}

/// A figure kept to the hundredth of a point: far finer than anything shown.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// One option the expert weighed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weighed {
    /// The card or call.
    #[serde(with = "action_token")]
    pub action: Action,
    /// Its score on average (South's side less the other), with its standard error.
    pub worth: Figure,
    /// The worlds it was weighed in.
    pub worlds: u32,
    /// What it costs against the expert's choice, paired world by world (nothing for the
    /// expert's choice itself); `None` when no world weighed both.
    pub cost: Option<Figure>,
}

/// The expert's answer to the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// What it chose.
    #[serde(with = "action_token")]
    pub action: Action,
    /// Why.
    pub reason: Reason,
    /// Every option weighed, best mean first.
    pub options: Vec<Weighed>,
}

/// Where an exercise stands in the repetition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewState {
    /// Its box: 0 when new or just missed, one up for each answer solved since.
    #[serde(rename = "box")]
    pub level: u8,
    /// The number of answers in all (over every exercise) from which it is waiting again.
    pub due: u64,
    /// How many times it was solved.
    pub solved: u32,
    /// How many times it was missed.
    pub missed: u32,
}

impl ReviewState {
    /// The state after an answer, `answered` being the answers in all before it: solved, one
    /// box up; missed, box 0; either way it waits the box's gap in other answers.
    pub fn after(self, solved: bool, answered: u64) -> ReviewState {
        let top = (GAPS.len() - 1) as u8;
        let level = if solved { (self.level + 1).min(top) } else { 0 };
        ReviewState {
            level,
            due: answered + 1 + GAPS[usize::from(level)],
            solved: self.solved + u32::from(solved),
            missed: self.missed + u32::from(!solved),
        }
    }
}

/// A clear mistake of South's, to be played again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exercise {
    /// [`EXERCISE_VERSION`].
    pub version: u32,
    /// What tells it from another.
    pub id: ExerciseId,
    /// What South knew when it decided, as a `contree bot` request.
    #[serde(with = "view_request")]
    pub view: SeatView,
    /// The deal it came from, whole, to set the table as it was.
    pub deal: DealRecord,
    /// What South did.
    #[serde(with = "action_token")]
    pub played: Action,
    /// What that cost against the expert's choice.
    pub cost: Figure,
    /// The expert's answer.
    pub expert: Solution,
    /// Where it stands in the repetition.
    #[serde(default)]
    pub review: ReviewState,
}

/// How a choice in an exercise compares with the expert's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The expert's own choice.
    Expert,
    /// Another choice, within what the worlds can tell apart from it: its cost.
    AsGood(Figure),
    /// A clear mistake: its cost.
    Mistake(Figure),
    /// A call the expert did not weigh, so not one it can call as good as its own.
    Unweighed,
}

impl Verdict {
    /// Whether the exercise is solved by the choice.
    pub fn solved(self) -> bool {
        matches!(self, Verdict::Expert | Verdict::AsGood(_))
    }
}

/// Why a line is not an exercise, or an exercise's deal does not lead to its decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    /// Not JSON: the parser's words.
    NotJson(String),
    /// No version number.
    NoVersion,
    /// A version from a newer contree.
    NewerVersion(u64),
    /// JSON, but not an exercise: the parser's words.
    NotAnExercise(String),
    /// The deal it holds is not one the rules allow.
    Deal(RecordError),
    /// The deal has no decision of that number.
    NoDecision(usize),
    /// The decision is not South's, or not the action the exercise says South took.
    NotSouths {
        /// The decision's number in the deal.
        decision: usize,
        /// The action the exercise says South took.
        played: Action,
    },
    /// The view is not South's.
    ViewNotSouths,
    /// The view is not the deal's at the decision.
    ViewNotTheDeals,
    /// The expert's choice is South's own.
    ExpertIsSouths,
    /// The expert's choice is not legal at the decision.
    ExpertIllegal(Action),
    /// The exercise is filed already, on this line (from 1): an exercise is filed once.
    FiledTwice(usize),
    /// The line is longer than this, in bytes: no exercise is.
    TooLong(u64),
    /// A figure of it (its cost, an option's worth or cost) is beyond what a deal can have.
    Figure,
}

impl std::fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExerciseError::NotJson(why) | ExerciseError::NotAnExercise(why) => f.write_str(why),
            ExerciseError::NoVersion => f.write_str("it has no version number"),
            ExerciseError::NewerVersion(v) => write!(f, "version {v}, from a newer contree"),
            ExerciseError::Deal(e) => write!(f, "{e}"),
            ExerciseError::NoDecision(d) => write!(f, "the deal has no decision {d}"),
            ExerciseError::NotSouths { decision, played } => {
                write!(f, "decision {decision} is not South's {played}")
            }
            ExerciseError::ViewNotSouths => f.write_str("the view is not South's"),
            ExerciseError::ViewNotTheDeals => {
                f.write_str("the view is not the deal's at that decision")
            }
            ExerciseError::ExpertIsSouths => f.write_str("the expert's choice is South's own"),
            ExerciseError::ExpertIllegal(a) => {
                write!(f, "the expert's choice {a} is not legal there")
            }
            ExerciseError::FiledTwice(line) => write!(f, "it is filed already, on line {line}"),
            ExerciseError::TooLong(limit) => {
                write!(f, "the line is longer than {}", crate::files::size(*limit))
            }
            ExerciseError::Figure => f.write_str("a figure of it is beyond what a deal can have"),
        }
    }
}

impl std::error::Error for ExerciseError {}

impl Words {
    /// Why a line is not an exercise, in the table's language; what a parser or the rules say
    /// stays as they said it.
    pub fn exercise_error(self, e: &ExerciseError) -> String {
        if self.lang == Lang::En {
            return self.out(e.to_string());
        }
        self.out(match e {
            ExerciseError::NotJson(why) | ExerciseError::NotAnExercise(why) => why.clone(),
            ExerciseError::NoVersion => "elle n'a pas de numéro de version".into(),
            ExerciseError::NewerVersion(v) => {
                format!("version {v}, d'un contree plus récent")
            }
            ExerciseError::Deal(e) => e.to_string(),
            ExerciseError::NoDecision(d) => format!("la donne n'a pas de décision {d}"),
            ExerciseError::NotSouths { decision, played } => {
                format!("la décision {decision} n'est pas {} de Sud", self.action(*played))
            }
            ExerciseError::ViewNotSouths => "la vue n'est pas celle de Sud".into(),
            ExerciseError::ViewNotTheDeals => {
                "la vue n'est pas celle de la donne à cette décision".into()
            }
            ExerciseError::ExpertIsSouths => "le choix de l'expert est celui de Sud".into(),
            ExerciseError::ExpertIllegal(a) => {
                format!("le choix de l'expert, {}, n'y est pas permis", self.action(*a))
            }
            ExerciseError::FiledTwice(line) => format!("il est déjà classé, ligne {line}"),
            ExerciseError::TooLong(limit) => {
                format!("la ligne dépasse {}", crate::files::size(*limit))
            }
            ExerciseError::Figure => "un de ses chiffres dépasse ce qu'une donne peut avoir".into(),
        })
    }
}

impl Exercise {
    /// An exercise of the decision `id.decision` of `deal`, where South did `played` at a cost
    /// of `cost` and the expert answered `expert`; new, waiting at once. The deal must be one the
    /// rules allow, and the decision South's.
    pub fn new(
        id: ExerciseId,
        deal: &DealRecord,
        played: Action,
        cost: Figure,
        expert: Solution,
    ) -> Result<Exercise, ExerciseError> {
        let view = at_decision(deal, id.decision, played)?.view(crate::rules::Seat::South);
        let exercise = Exercise {
            version: EXERCISE_VERSION,
            id,
            view,
            deal: deal.clone(),
            played,
            cost,
            expert,
            review: ReviewState::default(),
        };
        exercise.check()?;
        Ok(exercise)
    }

    /// Reads one line of `exercises.jsonl`, with every check: its version, the view, and the
    /// deal replayed to the decision giving that view and that action; the expert's choice is
    /// legal there, and another than South's.
    pub fn parse(line: &[u8]) -> Result<Exercise, ExerciseError> {
        let value: serde_json::Value = serde_json::from_slice(line)
            .map_err(|e| ExerciseError::NotJson(cut(&e.to_string())))?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(EXERCISE_VERSION) => {}
            Some(v) => return Err(ExerciseError::NewerVersion(v)),
            None => return Err(ExerciseError::NoVersion),
        }
        let exercise = Exercise::deserialize(&value)
            .map_err(|e| ExerciseError::NotAnExercise(cut(&e.to_string())))?;
        exercise.check()?;
        Ok(exercise)
    }

    /// The exercise as one line of `exercises.jsonl`, without its newline; empty should it not
    /// serialize (every field is plain data, a map with string keys and finite figures, so it
    /// always does), which the store never files.
    pub fn to_line(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// The deal at the decision, checked against the view and the action kept.
    fn check(&self) -> Result<(), ExerciseError> {
        let options = self.expert.options.iter();
        let figures = options.flat_map(|o| [Some(o.worth), o.cost]).flatten();
        if !std::iter::once(self.cost).chain(figures).all(Figure::possible) {
            return Err(ExerciseError::Figure);
        }
        if self.view.seat() != crate::rules::Seat::South {
            return Err(ExerciseError::ViewNotSouths);
        }
        let replay = at_decision(&self.deal, self.id.decision, self.played)?;
        if replay.view(self.view.seat()) != self.view {
            return Err(ExerciseError::ViewNotTheDeals);
        }
        if self.expert.action == self.played {
            return Err(ExerciseError::ExpertIsSouths);
        }
        if !legal(replay.game(), self.expert.action) {
            return Err(ExerciseError::ExpertIllegal(self.expert.action));
        }
        Ok(())
    }

    /// The game as it stood at the decision, for the table: South to act.
    pub fn game(&self) -> Result<Game, ExerciseError> {
        at_decision(&self.deal, self.id.decision, self.played).map(|r| r.game().clone())
    }

    /// How `action` compares with the expert's choice.
    pub fn judge(&self, action: Action) -> Verdict {
        if action == self.expert.action {
            return Verdict::Expert;
        }
        if action == self.played {
            return Verdict::Mistake(self.cost);
        }
        match self.expert.options.iter().find(|o| o.action == action).and_then(|o| o.cost) {
            Some(cost) if cost.cost().is_mistake() => Verdict::Mistake(cost),
            Some(cost) => Verdict::AsGood(cost),
            None => Verdict::Unweighed,
        }
    }
}

/// Whether `action` is legal for the seat to act in `game`.
fn legal(game: &Game, action: Action) -> bool {
    match action {
        Action::Play(card) => {
            game.phase() == crate::game::Phase::Playing && game.legal_cards().contains(card)
        }
        Action::Bid(call) => {
            game.phase() == crate::game::Phase::Bidding && game.legal_calls().allows(call)
        }
    }
}

/// A decision's number in a deal of `calls` calls: a call's index in the auction, or the calls
/// and then a card's index in the play.
fn decision_index(calls: usize, action: Action, index: usize) -> usize {
    match action {
        Action::Bid(_) => index,
        Action::Play(_) => calls + index,
    }
}

/// `deal` replayed up to its decision `decision` (among its calls, then its cards), which must
/// be South's and be `played`.
fn at_decision(
    deal: &DealRecord,
    decision: usize,
    played: Action,
) -> Result<Replay, ExerciseError> {
    let calls = deal.auction.len();
    let mut replay = Replay::new(deal).map_err(ExerciseError::Deal)?;
    loop {
        let Some(turn) = replay.next_turn() else {
            return Err(ExerciseError::NoDecision(decision));
        };
        if decision_index(calls, turn.action, turn.index) == decision {
            if turn.seat != crate::rules::Seat::South || turn.action != played {
                return Err(ExerciseError::NotSouths { decision, played });
            }
            return Ok(replay);
        }
        replay.advance().map_err(ExerciseError::Deal)?;
    }
}

/// The exercises of a finished deal's analysis from South: its decisions that are clear
/// mistakes of at least [`EXERCISE_POINTS`], deal `deal` of the game of `seed` started at
/// `started`.
pub fn from_analysis(
    seed: u64,
    started: u64,
    deal: usize,
    record: &DealRecord,
    analysis: &DealAnalysis,
) -> Vec<Exercise> {
    let calls = record.auction.len();
    analysis
        .reviews
        .iter()
        .filter_map(|r| {
            let cost = r.mistake().filter(|c| c.mean >= EXERCISE_POINTS)?;
            let decision = decision_index(calls, r.played, r.index);
            let options = r
                .advice
                .options
                .iter()
                .map(|e| Weighed {
                    action: e.action,
                    worth: Figure::of(e.mean, e.se),
                    worlds: e.worlds,
                    cost: r.advice.cost(e.action).map(|c| Figure::of(c.mean, c.se)),
                })
                .collect();
            let expert = Solution { action: r.advice.action, reason: r.advice.reason, options };
            let id = ExerciseId { seed, started, deal, decision };
            Exercise::new(id, record, r.played, Figure::of(cost.mean, cost.se), expert).ok()
        })
        .collect()
}

/// How many answers were given in all, over `all` the exercises: the clock of the repetition.
pub fn answered(all: &[Exercise]) -> u64 {
    all.iter().map(|e| u64::from(e.review.solved) + u64::from(e.review.missed)).sum()
}

/// How many exercises are waiting: due at the answers given so far.
pub fn waiting(all: &[Exercise]) -> usize {
    let now = answered(all);
    all.iter().filter(|e| e.review.due <= now).count()
}

/// The exercise to serve next: the one due soonest (the oldest of those), waiting or not.
pub fn next(all: &[Exercise]) -> Option<usize> {
    (0..all.len()).min_by_key(|&i| (all[i].review.due, i))
}

/// What the exercises say of the player's practice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Exercises in all.
    pub exercises: usize,
    /// Waiting now.
    pub waiting: usize,
    /// Answers that solved an exercise.
    pub solved: u64,
    /// Answers that missed one.
    pub missed: u64,
}

/// The tally of `all` the exercises.
pub fn tally(all: &[Exercise]) -> Tally {
    Tally {
        exercises: all.len(),
        waiting: waiting(all),
        solved: all.iter().map(|e| u64::from(e.review.solved)).sum(),
        missed: all.iter().map(|e| u64::from(e.review.missed)).sum(),
    }
}

/// An action written as its token: a card (`JS`) or a call (`80H`, `pass`).
pub(crate) mod action_token {
    use super::*;

    pub fn serialize<S: Serializer>(action: &Action, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(action)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let token = String::deserialize(d)?;
        token
            .parse::<Card>()
            .map(Action::Play)
            .or_else(|_| token.parse::<Call>().map(Action::Bid))
            .map_err(|_| D::Error::custom(format!("not a card nor a call: {token:.20}")))
    }
}

/// A view written as the `contree bot` request that describes it, and read back through that
/// request's checks.
mod view_request {
    use super::*;
    use crate::bots::protocol::{parse_request, request_json};

    pub fn serialize<S: Serializer>(view: &SeatView, s: S) -> Result<S::Ok, S::Error> {
        let value: serde_json::Value =
            serde_json::from_str(&request_json(view)).map_err(serde::ser::Error::custom)?;
        value.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SeatView, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        parse_request(&value.to_string()).map_err(|e| D::Error::custom(format!("the view: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missed_exercise_comes_back_after_three_others_and_a_solved_one_later() {
        let new = ReviewState::default();
        let missed = new.after(false, 7);
        assert_eq!(missed, ReviewState { level: 0, due: 11, solved: 0, missed: 1 });
        let solved = missed.after(true, 11);
        assert_eq!(solved, ReviewState { level: 1, due: 22, solved: 1, missed: 1 });
        assert_eq!(solved.after(true, 22).due, 23 + 30);
        // A miss sends it back to box 0, whatever box it had reached.
        assert_eq!(solved.after(true, 22).after(false, 60).level, 0);
        let mut top = new;
        for n in 0..20 {
            top = top.after(true, n);
        }
        assert_eq!(usize::from(top.level), GAPS.len() - 1);
    }
}
