//! What a front end asks of its runner outside the table: the [`Effect`]s (save the game, record a
//! finished deal or game, start a new game, save the settings, load the statistics, think on a
//! worker, stop the process), and how every runner carries out their part on the disk for any
//! front end, a [`Front`]: the screen's app, or the line mode. The thinking is done by [`think`],
//! on a thread of its own ([`spawn_thinking`]).

use std::io;

use super::games::Resumable;
use super::settings::{SETTINGS_FILE, Settings};
use super::work::{
    AnalysisRequest, Answer, BotRequest, CompareRequest, ExercisesRequest, HintRequest,
    HoldsRequest,
};
use crate::bots::expert::Budget;
use crate::exercises::Exercise;
use crate::game::{Game, Phase};
use crate::stats::Stats;
use crate::store::{DailyEntry, DailyFile, Operation, Resume, Store, StoreError};
use crate::text::{T, Words};

/// Something the runner must do outside the front end.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Save the game as it is now.
    SaveGame,
    /// A deal has just finished: record it in the statistics.
    DealFinished,
    /// The game has just finished: record it in the statistics.
    GameFinished,
    /// A new game is at the table: file the game it replaces (the one given, else the saved
    /// one) and only then save the new one; when filing fails, answer with
    /// [`Front::new_game_refused`].
    NewGame(Option<Box<Game>>),
    /// Save the settings.
    SaveSettings,
    /// Ask a computer player; answer with [`TableAnswer::Decided`](super::work::TableAnswer::Decided).
    Think(BotRequest),
    /// Ask the expert for South's hint; answer with [`TableAnswer::Hinted`](super::work::TableAnswer::Hinted).
    Hint(HintRequest),
    /// Read who holds what from South's seat; answer with [`Answer::Held`].
    Holds(HoldsRequest),
    /// Analyse a finished deal from South's seat; answer with [`Answer::Analysed`].
    Analyse(AnalysisRequest),
    /// Play a finished deal again with the expert in South's seat; answer with
    /// [`TableAnswer::Compared`](super::work::TableAnswer::Compared).
    Compare(CompareRequest),
    /// Make exercises of South's clear mistakes in finished deals; answer with
    /// [`Answer::Exercises`]. The runner first sets when the game started, as the store knows
    /// it, and drops the request where nothing is kept.
    MakeExercises(ExercisesRequest),
    /// File exercises made, each once.
    FileExercises(Vec<Exercise>),
    /// Write an exercise's review state after an answer.
    ReviewExercise(Box<Exercise>),
    /// Load the exercises, for [`Front::exercises_loaded`].
    LoadExercises,
    /// Load the filed games, for [`Front::games_loaded`].
    LoadGames,
    /// Load the statistics, for [`Front::stats_loaded`].
    LoadStats,
    /// File the first result of a deal of the day (a day is filed once).
    FileDaily(Box<DailyEntry>),
    /// Load the deals of the day played, for [`Front::daily_loaded`].
    LoadDaily,
    /// Load the course's progress, for [`Front::course_loaded`].
    LoadCourse,
    /// Write the course's progress.
    WriteCourse(Box<crate::learn::CourseProgress>),
    /// Stop the process, as Ctrl-Z does to any program in a shell; the screen gives the terminal
    /// back first, and takes it again when the process is continued.
    Suspend,
}

impl Effect {
    /// Whether the effect writes to the disk: one that works after writes failed says that
    /// saving works again.
    fn writes(&self) -> bool {
        matches!(
            self,
            Effect::SaveGame
                | Effect::DealFinished
                | Effect::GameFinished
                | Effect::NewGame(_)
                | Effect::SaveSettings
                | Effect::FileExercises(_)
                | Effect::ReviewExercise(_)
                | Effect::FileDaily(_)
        )
    }

    /// Whether the effect is the runner's own to carry out: thinking, done on a worker thread,
    /// and the suspension.
    pub fn for_the_loop(&self) -> bool {
        matches!(
            self,
            Effect::Think(_)
                | Effect::Hint(_)
                | Effect::Holds(_)
                | Effect::Analyse(_)
                | Effect::Compare(_)
                | Effect::MakeExercises(_)
                | Effect::Suspend
        )
    }
}

/// A front end whose effects a runner carries out.
pub trait Front {
    /// The effects queued since the last call.
    fn take_effects(&mut self) -> Vec<Effect>;
    /// The game at the table.
    fn game(&self) -> Option<&Game>;
    /// The words the front end speaks in.
    fn words(&self) -> Words;
    /// What the front end is telling the player now, if it keeps it on show.
    fn status(&self) -> Option<String>;
    /// Tells the player `text`, something the disk said, in place of [`Front::status`].
    fn tell(&mut self, text: String);
    /// The settings as saved.
    fn saved_settings(&self) -> &Settings;
    /// What the expert may spend on each decision: the session's.
    fn budget(&self) -> Budget;
    /// The statistics asked by an [`Effect::LoadStats`].
    fn stats_loaded(&mut self, stats: Stats);
    /// The exercises asked by an [`Effect::LoadExercises`]; a front end that serves none
    /// drops them.
    fn exercises_loaded(&mut self, _exercises: Vec<Exercise>) {}
    /// The filed games asked by an [`Effect::LoadGames`], newest first, the game at the table
    /// left out; a front end that shows none drops them.
    fn games_loaded(&mut self, _games: Vec<Game>) {}
    /// The deals of the day played, asked by an [`Effect::LoadDaily`]; a front end that
    /// offers none drops them.
    fn daily_loaded(&mut self, _daily: DailyFile) {}
    /// The course's progress asked by an [`Effect::LoadCourse`] (a fresh one when the file was
    /// set aside, which the store says); a front end that offers no course drops it.
    fn course_loaded(&mut self, _progress: crate::learn::CourseProgress) {}
    /// The game a new game was to replace could not be filed: the new game goes, and the front
    /// end goes back to the game it replaced (`previous`, or the saved game found again,
    /// `resume`), saying why.
    fn new_game_refused(&mut self, previous: Option<Game>, resume: Option<Resumable>, why: &str);
}

/// Whether `game` is over while the expert still plays some of its deals again in South's
/// seat: the table was left while it thought, and the game is not filed whole yet.
pub fn still_weighed(game: &Game) -> bool {
    game.phase() == Phase::GameOver && !game.expert_thinking().is_empty()
}

/// A finished game whose deals the expert was still weighing when it left the table (played
/// again with the expert in South's seat, and the cost of South's clear mistakes), weighed here
/// and now as its resume would weigh it, for it to be filed whole: each deal still thinking
/// played again (given up when the comparison is off, `compare`), each deal not measured yet
/// measured and its exercises filed, spending `budget` on each decision. A game not
/// [`still_weighed`] is left as it is. An error says the exercises made could not be filed;
/// the game is weighed all the same.
pub fn weigh(
    store: &Store,
    game: &mut Game,
    budget: Budget,
    compare: bool,
) -> Result<(), StoreError> {
    if !still_weighed(game) {
        return Ok(());
    }
    for i in game.expert_thinking() {
        let request = CompareRequest::of(game, i, budget).filter(|_| compare);
        let score = match request.map(CompareRequest::answer) {
            Some(Answer::Table(super::work::TableAnswer::Compared(_, score))) => score,
            _ => None,
        };
        game.answer_expert_in_seat(i, score);
    }
    let Some(mut request) = ExercisesRequest::unmeasured(game, budget) else { return Ok(()) };
    request.started = Some(store.game_started(game));
    let Answer::Exercises(made) = request.answer() else { return Ok(()) };
    for m in &made.measured {
        game.measure_mistakes(m.deal, &m.record, m.mistakes);
    }
    store.file_exercises(&made.exercises).map(drop)
}

/// Carries out one effect other than thinking on the store.
fn carry_out(front: &mut impl Front, store: &Store, effect: Effect) -> Result<(), StoreError> {
    match (effect, front.game()) {
        (Effect::SaveGame, Some(g)) => store.save_game(g),
        (Effect::DealFinished, Some(g)) => store.deal_finished(g),
        (Effect::GameFinished, Some(g)) => store.game_finished(g),
        (Effect::NewGame(mut previous), Some(g)) => {
            // A finished game in memory is the truth: filed from there, whatever the disk holds,
            // once weighed as its resume would be when the expert was still weighing it.
            let compare = front.saved_settings().compare;
            let weighed = previous.as_deref_mut().map(|p| weigh(store, p, front.budget(), compare));
            let filed = match previous.as_deref() {
                Some(p) if p.phase() == Phase::GameOver => store.game_finished(p),
                _ => Ok(()),
            };
            if let Err(e) = filed.and_then(|()| store.start_game(g)) {
                // The game kept is the one last played: newer than the disk's when a save of it
                // failed.
                let resume = match (store.pending(), store.load_game()) {
                    (Some(game), _) => Some(Resumable { game, started: None, saved: None }),
                    (None, Resume::Saved { game, started, saved, .. }) => {
                        Some(Resumable { game, started, saved })
                    }
                    (None, _) => None,
                };
                let why = front.words().store_error(&e);
                front.new_game_refused(previous.map(|b| *b), resume, &why);
                return Ok(());
            }
            // The exercises of the game left that could not be filed are said after the save.
            store.save_game(g).and(weighed.unwrap_or(Ok(())))
        }
        (Effect::SaveSettings, _) => store.write_json(SETTINGS_FILE, front.saved_settings()),
        (Effect::LoadStats, _) => store.stats_checked().map(|(s, _)| front.stats_loaded(s)),
        (Effect::FileDaily(entry), _) => store.file_daily(&entry).map(|_| ()),
        (Effect::LoadDaily, _) => store.daily().map(|d| front.daily_loaded(d)),
        (Effect::LoadCourse, _) => {
            let (progress, aside) = store.course()?;
            if let Some(aside) = aside {
                let said = front.words().set_aside(&aside);
                front.tell(said);
            }
            front.course_loaded(progress);
            Ok(())
        }
        (Effect::WriteCourse(progress), _) => store.write_course(&progress),
        (Effect::FileExercises(made), _) => store.file_exercises(&made).map(|_| ()),
        (Effect::ReviewExercise(e), _) => store.review_exercise(&e),
        (Effect::LoadExercises, _) => {
            store.exercises().map(|f| front.exercises_loaded(f.exercises))
        }
        (Effect::LoadGames, at) => {
            let at = at.map(|g| (g.seed(), *g.options(), g.players().clone()));
            let games: Vec<Game> = store
                .games()?
                .games
                .into_iter()
                .rev()
                // A game with friends is the player's from their own seat, which the table's
                // review (South's) does not show: it is in `contree history` and the statistics.
                .filter(|e| e.friends.is_none())
                .filter(|e| {
                    at.as_ref() != Some(&(e.game.seed, e.game.options, e.game.players.clone()))
                })
                .filter_map(|e| Game::from_save(&e.game).ok())
                .collect();
            front.games_loaded(games);
            Ok(())
        }
        (
            Effect::Think(_)
            | Effect::Hint(_)
            | Effect::Holds(_)
            | Effect::Analyse(_)
            | Effect::Compare(_)
            | Effect::MakeExercises(_)
            | Effect::Suspend,
            _,
        ) => Ok(()),
        (
            Effect::SaveGame | Effect::DealFinished | Effect::GameFinished | Effect::NewGame(_),
            None,
        ) => Ok(()),
    }
}

/// What the table says when the disk refuses to write, once: why, and that the game goes on in
/// memory until the disk takes it again.
pub fn plays_in_memory(w: Words, why: &StoreError) -> String {
    format!("{} {}", crate::text::sentence(&w.store_error(why)), w.t(T::PlaysOnInMemory))
}

/// Carries out the effects on the store, and returns the ones for the loop: the requests to
/// think, and to suspend. A failed write is told to the player, and so is a file the store had
/// to move aside; play goes on in memory.
pub fn apply_effects(front: &mut impl Front, store: &Store) -> Vec<Effect> {
    let mut for_loop = Vec::new();
    for mut effect in front.take_effects() {
        if let Effect::MakeExercises(r) = &mut effect {
            // Made for the game at the table, known to the store by its start.
            r.started = front.game().filter(|g| g.seed() == r.seed).map(|g| store.game_started(g));
        }
        if effect.for_the_loop() {
            for_loop.push(effect);
            continue;
        }
        let writes = effect.writes();
        match carry_out(front, store, effect) {
            // A disk that refuses every save is said once, with what becomes of the game, and
            // once more when it takes the game again.
            Err(e) if e.operation() == Operation::Write => {
                if store.write_failed(&e) {
                    let said = plays_in_memory(front.words(), &e);
                    front.tell(said);
                }
            }
            Err(e) => {
                let said = front.words().store_error(&e);
                front.tell(said);
            }
            Ok(()) if writes && store.write_worked() => {
                let said = front.words().t(T::SavingWorksAgain).to_string();
                front.tell(said);
            }
            Ok(()) => {}
        }
    }
    let notices = store.take_notices();
    if !notices.is_empty() {
        let w = front.words();
        let mut all: Vec<String> = front.status().into_iter().collect();
        all.extend(notices.iter().map(|a| w.set_aside(a)));
        front.tell(all.join(" "));
    }
    for_loop
}

/// The effects when nothing is kept on disk: only the ones for the loop and the (empty)
/// statistics mean anything.
pub fn apply_in_memory(front: &mut impl Front) -> Vec<Effect> {
    let mut for_loop = Vec::new();
    for effect in front.take_effects() {
        match effect {
            // Nothing keeps exercises: none are made.
            Effect::MakeExercises(_) => {}
            e if e.for_the_loop() => for_loop.push(e),
            Effect::LoadStats => front.stats_loaded(Stats::default()),
            Effect::LoadExercises => front.exercises_loaded(Vec::new()),
            Effect::LoadGames => front.games_loaded(Vec::new()),
            Effect::LoadDaily => front.daily_loaded(DailyFile::default()),
            Effect::LoadCourse => front.course_loaded(crate::learn::CourseProgress::default()),
            _ => {}
        }
    }
    for_loop
}

/// The effects carried out on the store, or in memory when there is none; the ones for the loop.
pub fn apply(front: &mut impl Front, store: Option<&Store>) -> Vec<Effect> {
    match store {
        Some(store) => apply_effects(front, store),
        None => apply_in_memory(front),
    }
}

/// The answer to a request to think, worked out here and now: what a worker thread sends back.
/// A thinking that panics is answered as failed. Other effects have no answer.
pub fn think(effect: Effect) -> Option<Answer> {
    Some(match effect {
        Effect::Think(r) => r.answer(),
        Effect::Hint(r) => r.answer(),
        Effect::Holds(r) => r.answer(),
        Effect::Analyse(r) => r.answer(),
        Effect::Compare(r) => r.answer(),
        Effect::MakeExercises(r) => r.answer(),
        _ => return None,
    })
}

/// The name of the threads that think: the computer players, the hints, the analyses, the
/// comparisons.
pub const THINKING_THREAD: &str = "contree-bot";

/// Whether the current thread is one that thinks: a panic there is answered as a failure, and
/// the front end plays on without it.
pub fn in_thinking_thread() -> bool {
    std::thread::current().name() == Some(THINKING_THREAD)
}

/// Thinks over `request` on a thread of its own, and hands the answer to `send`.
pub fn spawn_thinking(
    request: Effect,
    send: impl FnOnce(Answer) + Send + 'static,
) -> io::Result<()> {
    std::thread::Builder::new().name(THINKING_THREAD.into()).spawn(move || {
        if let Some(answer) = think(request) {
            send(answer);
        }
    })?;
    Ok(())
}
