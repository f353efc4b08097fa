//! The table's thinking, done away from it: a computer player's decision, the expert's hint for
//! South, the analysis of a finished deal, the deal played again with the expert in South's
//! seat. Each is a request a front end queues as an effect, which the runner answers on a worker
//! thread ([`BotRequest::decide`], [`HintRequest::advise`], [`HoldsRequest::reckon`],
//! [`AnalysisRequest::analyse`],
//! [`CompareRequest::compare`], each as an [`Answer`] that a thinking that panics still gives);
//! each carries a [`Cancel`] flag that the front end raises when the answer is no longer wanted (a
//! take-back, a new game, the table left, the review closed), so the thread stops thinking early,
//! and whatever it still sends back is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::bots::expert::{self, Advice, Budget, DealAnalysis, Holds, HoldsBudget};
use crate::bots::in_seat::{self, Seats};
use crate::bots::{Decision, Level};
use crate::exercises::{self, Exercise};
use crate::game::{Action, Game, Mistakes, Players, SeatView};
use crate::personas::BiddingStyle;
use crate::rules::{BySeat, ByTeam, DealRecord, Seat};

/// A flag shared between the table and one worker: raised, the worker stops thinking and its
/// answer is not wanted. Two flags are equal when they are the same flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A new flag, down.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: the answer is no longer wanted.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag, as the thinking reads it.
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

/// What a worker brings back: the answer to one request. The answers to what the table asked
/// go to it ([`TableAnswer`]); the others are the session's and the front end's.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// An answer to what the table asked.
    Table(TableAnswer),
    /// Who holds what, as South can tell; `None` when it could not be read.
    Held(HoldsRequest, Option<Box<Holds>>),
    /// A finished deal's analysis; `None` when it could not be made.
    Analysed(AnalysisRequest, Option<DealAnalysis>),
    /// The expert's review of finished deals: the exercises made from South's clear mistakes,
    /// and what those mistakes cost deal by deal.
    Exercises(Reviewed),
}

/// A worker's answer to what the table asked ([`Out::Think`](super::table::Out::Think),
/// [`Out::AskHint`](super::table::Out::AskHint), [`Out::Compare`](super::table::Out::Compare)).
#[derive(Clone, Debug, PartialEq)]
pub enum TableAnswer {
    /// A computer player's decision.
    Decided(BotRequest, Action),
    /// A computer player that could not decide: its thinking failed.
    BotFailed(BotRequest),
    /// The expert's hint; `None` when it could not answer.
    Hinted(HintRequest, Option<Advice>),
    /// A finished deal's score with the expert in South's seat; `None` when it could not be
    /// worked out.
    Compared(CompareRequest, Option<ByTeam<u16>>),
}

impl From<TableAnswer> for Answer {
    fn from(answer: TableAnswer) -> Answer {
        Answer::Table(answer)
    }
}

/// What the expert's review of a game's finished deals brings back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reviewed {
    /// The exercises made from South's clear mistakes, to be filed.
    pub exercises: Vec<Exercise>,
    /// What South's clear mistakes cost in each deal reviewed to its end, to be kept with it.
    pub measured: Vec<Measured>,
}

/// What South's clear mistakes cost in one finished deal of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The deal's index in the game.
    pub deal: usize,
    /// The deal, to tell it from another dealt at that index.
    pub record: DealRecord,
    /// The cost.
    pub mistakes: Mistakes,
}

/// The result of `think`, or `None` when the thinking panicked.
fn guarded<T>(think: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(think)).ok()
}

/// The name of the thread a remote table's hint is weighed on.
pub const HINT_THREAD: &str = "contree-hint";

/// The name of the thread a remote table's finished deal is analysed on.
pub const ANALYSIS_THREAD: &str = "contree-analysis";

/// Works `think` out on a thread named `name` (a front end's panic hook may pass over it by its
/// name) and gives its answer to `send`: none when it has none, or panics.
pub fn on_thread<T: 'static>(
    name: &str,
    think: impl FnOnce() -> Option<T> + Send + 'static,
    send: impl FnOnce(Option<T>) + Send + 'static,
) -> std::io::Result<()> {
    std::thread::Builder::new().name(name.into()).spawn(move || send(guarded(think).flatten()))?;
    Ok(())
}

/// A computer player asked to act at its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRequest {
    /// The table's revision when asked: an answer for a position since changed (taken back,
    /// left for a new game) is dropped.
    pub revision: u64,
    /// What the seat may know.
    pub view: SeatView,
    /// The level to play at.
    pub level: Level,
    /// The persona's style.
    pub style: BiddingStyle,
    /// The game's seed: with the position, it decides the bot's random choices, so a resumed
    /// game plays on as it would have.
    pub seed: u64,
    /// What the expert may spend (the other levels answer at once).
    pub budget: Budget,
    /// Raised when the answer is no longer wanted.
    pub cancel: Cancel,
}

impl BotRequest {
    /// The answer, computed here and now (the runner does it on a worker thread).
    pub fn decide(&self) -> Action {
        self.level.decide(&Decision {
            view: &self.view,
            style: self.style,
            seed: self.seed,
            budget: self.budget,
            cancel: Some(self.cancel.flag()),
        })
    }

    /// The decision as a worker answers it: failed when the thinking panics.
    pub fn answer(self) -> Answer {
        match guarded(|| self.decide()) {
            Some(action) => TableAnswer::Decided(self, action).into(),
            None => TableAnswer::BotFailed(self).into(),
        }
    }
}

/// South asks what the expert would do in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintRequest {
    /// The table's revision when asked: a hint for a position since changed is dropped.
    pub revision: u64,
    /// What South knows.
    pub view: SeatView,
    /// The game's seed (the expert's advice does not read it: it is seeded by the view).
    pub seed: u64,
    /// What the expert may spend: the table's budget, the analysis's too.
    pub budget: Budget,
    /// Raised when the hint is no longer wanted.
    pub cancel: Cancel,
}

impl HintRequest {
    /// The expert's advice, computed here and now; `None` when cancelled. It is the one the
    /// deal's analysis gives for the same view and budget.
    pub fn advise(&self) -> Option<Advice> {
        // The expert reads neither a style nor a seed: its advice is the view's.
        expert::advise(&Decision {
            view: &self.view,
            style: BiddingStyle::Cautious,
            seed: self.seed,
            budget: self.budget,
            cancel: Some(self.cancel.flag()),
        })
    }

    /// The advice as a worker answers it: none when the thinking panics.
    pub fn answer(self) -> Answer {
        let advice = guarded(|| self.advise()).flatten();
        TableAnswer::Hinted(self, advice).into()
    }
}

/// South asks who holds what: each other seat's chance to hold each card South has not seen,
/// read from the expert's worlds.
#[derive(Clone, Debug, PartialEq)]
pub struct HoldsRequest {
    /// The table's revision when asked: figures for a position since changed are dropped.
    pub revision: u64,
    /// What South knows.
    pub view: SeatView,
    /// How many worlds the figures may rest on.
    pub budget: HoldsBudget,
}

impl HoldsRequest {
    /// The figures, computed here and now; `None` for a view no game gives.
    pub fn reckon(&self) -> Option<Holds> {
        expert::holds_within(&self.view, self.budget)
    }

    /// The figures as a worker answers them: none when the reckoning panics.
    pub fn answer(self) -> Answer {
        let holds = guarded(|| self.reckon()).flatten().map(Box::new);
        Answer::Held(self, holds)
    }
}

/// A finished deal to review from South's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    /// The deal, whole.
    pub record: DealRecord,
    /// The level each seat's calls were read by in it.
    pub levels: BySeat<Level>,
    /// What the expert may spend on each decision.
    pub budget: Budget,
    /// Raised when the review is closed.
    pub cancel: Cancel,
}

impl AnalysisRequest {
    /// The analysis, computed here and now; `None` for a record the rules refuse (which a deal
    /// the table finished never is).
    pub fn analyse(&self) -> Option<DealAnalysis> {
        let cancel = Some(self.cancel.flag());
        expert::analyse(&self.record, Seat::South, self.levels, self.budget, cancel).ok()
    }

    /// The analysis as a worker answers it: none when the thinking panics.
    pub fn answer(self) -> Answer {
        let analysis = guarded(|| self.analyse()).flatten();
        Answer::Analysed(self, analysis)
    }
}

/// A finished deal to play again with the expert in South's seat and the game's computer
/// players in theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareRequest {
    /// The deal's number in the game, from 0.
    pub deal: usize,
    /// The deal, whole.
    pub record: DealRecord,
    /// The game's players.
    pub players: Players,
    /// How they decide: their level, styles, the game's seed, and the expert's budget (the
    /// hint's, which the expert in South's seat spends too).
    pub seats: Seats,
    /// Raised when the answer is no longer wanted: the game has left the table.
    pub cancel: Cancel,
}

impl CompareRequest {
    /// Finished deal `i` of `game` to play again with the expert in South's seat, spending
    /// `budget` on each decision: the deal record with the game's players, level and seed, the
    /// very things its computer players decided from. `None` when there is no such deal.
    pub fn of(game: &Game, i: usize, budget: Budget) -> Option<CompareRequest> {
        let d = game.history().get(i)?;
        Some(CompareRequest {
            deal: i,
            record: d.record.clone(),
            players: game.players().clone(),
            // The computer players of the deal, whatever the level of the table since.
            seats: Seats::at_table(game.players(), game.seed(), d.levels[Seat::North], budget),
            cancel: Cancel::new(),
        })
    }

    /// The deal's score with the expert in South's seat, computed here and now; `None` when
    /// cancelled.
    pub fn compare(&self) -> Option<ByTeam<u16>> {
        in_seat::expert_in_seat(&self.record, &self.players, &self.seats, Some(self.cancel.flag()))
    }

    /// The comparison as a worker answers it: none when the thinking panics.
    pub fn answer(self) -> Answer {
        let score = guarded(|| self.compare()).flatten();
        TableAnswer::Compared(self, score).into()
    }
}

/// Finished deals of a game whose South's clear mistakes are to be made into exercises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExercisesRequest {
    /// The game's seed.
    pub seed: u64,
    /// When the game started, as the store knows it: set by the runner before the request is
    /// carried out (exercises are made only where they can be kept).
    pub started: Option<u64>,
    /// The deals, by their index in the game, with the level each seat's calls were read by.
    pub deals: Vec<(usize, DealRecord, BySeat<Level>)>,
    /// What the expert may spend on each decision.
    pub budget: Budget,
    /// Raised when the exercises are no longer wanted (the table closing).
    pub cancel: Cancel,
}

impl ExercisesRequest {
    /// The finished deals `from..` of `game`.
    pub fn of(game: &Game, from: usize, budget: Budget) -> Option<ExercisesRequest> {
        let deals: Vec<(usize, DealRecord, BySeat<Level>)> = game
            .history()
            .iter()
            .enumerate()
            .skip(from)
            .map(|(i, d)| (i, d.record.clone(), d.levels))
            .collect();
        (!deals.is_empty()).then(|| ExercisesRequest {
            seed: game.seed(),
            started: None,
            deals,
            budget,
            cancel: Cancel::new(),
        })
    }

    /// The finished deals of `game` whose clear mistakes are not measured yet.
    pub fn unmeasured(game: &Game, budget: Budget) -> Option<ExercisesRequest> {
        let mut request = ExercisesRequest::of(game, 0, budget)?;
        request.deals.retain(|(i, _, _)| game.history()[*i].mistakes.is_none());
        (!request.deals.is_empty()).then_some(request)
    }

    /// The exercises, made here and now: each deal analysed from South's seat as its review
    /// is ([`AnalysisRequest::analyse`]), its clear mistakes kept, and their cost in the deal
    /// ([`DealAnalysis::mistakes`]) measured. A deal whose analysis was cut short is neither.
    pub fn make(&self) -> Reviewed {
        let Some(started) = self.started else { return Reviewed::default() };
        let mut made = Reviewed::default();
        for (i, record, levels) in &self.deals {
            let cancel = Some(self.cancel.flag());
            let analysis = expert::analyse(record, Seat::South, *levels, self.budget, cancel);
            if self.cancel.is_raised() {
                break;
            }
            if let Ok(a) = analysis {
                made.exercises.extend(exercises::from_analysis(self.seed, started, *i, record, &a));
                made.measured.push(Measured {
                    deal: *i,
                    record: record.clone(),
                    mistakes: a.mistakes(),
                });
            }
        }
        made
    }

    /// The exercises as a worker answers them: none when the thinking panics.
    pub fn answer(self) -> Answer {
        Answer::Exercises(guarded(|| self.make()).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameOptions, Phase};
    use crate::rules::{BySeat, RuleSet, Rules};

    #[test]
    fn a_flag_is_equal_only_to_itself_and_shared_by_its_clones() {
        let a = Cancel::new();
        let b = a.clone();
        assert_eq!(a, b);
        assert_ne!(a, Cancel::new());
        assert!(!b.is_raised());
        a.raise();
        assert!(b.is_raised());
        assert!(b.flag().load(Ordering::Relaxed));
    }

    #[test]
    fn the_hint_and_the_analysis_of_a_decision_give_the_same_advice() {
        // Deals of every rule set played by `normal`; at each of South's turns with a choice
        // (the analysis grades no card or call the rules forced) the hint is asked as the table
        // asks it, with the game's seed; the analysis of the finished deal then gives, decision
        // by decision, the same advice to every figure.
        let budget = Budget::worlds(4);
        for (i, set) in RuleSet::ALL.into_iter().enumerate() {
            let rules = Rules::of(set).with_nt_at(true);
            let mut game = Game::new(
                GameOptions { rules, ..GameOptions::default() },
                i as u64,
                BySeat::default(),
            );
            let mut hints = Vec::new();
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let seat = game.to_act().expect("a seat to act");
                let view = game.view(seat);
                let choices = match game.phase() {
                    Phase::Bidding => game.legal_calls().to_vec().len(),
                    _ => game.legal_cards().len(),
                };
                if seat == Seat::South && choices > 1 {
                    let cancel = Cancel::new();
                    let hint = HintRequest {
                        revision: 0,
                        view: view.clone(),
                        seed: game.seed(),
                        budget,
                        cancel,
                    };
                    hints.push(hint.advise().expect("not cancelled"));
                }
                let decision = Decision {
                    view: &view,
                    style: BiddingStyle::Bold,
                    seed: 3,
                    budget,
                    cancel: None,
                };
                game.apply(seat, Level::Normal.decide(&decision)).expect("a legal action");
            }
            let record = game.history()[0].record.clone();
            let levels = game.history()[0].levels;
            let analysis = AnalysisRequest { record, levels, budget, cancel: Cancel::new() };
            let analysis = analysis.analyse().expect("a legal deal");
            let advised: Vec<&Advice> = analysis.reviews.iter().map(|r| &r.advice).collect();
            assert_eq!(advised, hints.iter().collect::<Vec<_>>(), "{set:?}");
        }
    }
}
