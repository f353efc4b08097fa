//! The session: the games that come to the table, the table they sit at, and the one place the
//! table's output is routed, whichever front end draws it. [`Session::send`] takes a
//! [`TableMsg`], carries out what the table asks outside it as [`Effect`]s (its saves and
//! records, the computer players' and the expert's thinking, the comparison with the expert in
//! South's seat, the exercises made after each deal) and hands the [`Out`]s back for the front
//! end to show: the terminal table draws them, the line mode says them. A deal played again
//! ([`super::again`]) counts nowhere: its saves and records are not carried out.
//!
//! The table is kept as the front end holds it ([`AtTable`]): the terminal's with the controls
//! South drives it with, the line mode's bare.

use super::config::Config;
use super::effects::Effect;
use super::games::{Games, Resumable};
use super::review::Analyses;
use super::settings::{Prefs, SettingItem, Settings};
use super::table::{Out, Table, TableMsg};
use super::work::{Answer, ExercisesRequest, HoldsRequest};
use crate::bots::expert::{Budget, DealAnalysis, Holds};
use crate::game::daily::Day;
use crate::game::{DealResult, Game, Players};
use crate::rules::{ByTeam, DealRecord};
use crate::store::DailyEntry;

/// The table as a front end holds it: the [`Table`], and whatever the front end keeps beside it
/// that follows what the table does (the terminal's selected card and bidding button).
pub trait AtTable: Sized {
    /// The table, held.
    fn hold(table: Table) -> Self;
    /// The table.
    fn table(&self) -> &Table;
    /// The table, for what changes it from outside its messages.
    fn table_mut(&mut self) -> &mut Table;
    /// The table, let go.
    fn into_table(self) -> Table;
    /// Sends a message to the table; what the front end keeps beside it follows the answer.
    fn update(&mut self, msg: TableMsg) -> Vec<Out> {
        self.table_mut().update(msg)
    }
    /// The table takes new settings; what the front end keeps beside it follows the answer.
    fn set_prefs(&mut self, prefs: Prefs) -> Vec<Out> {
        self.table_mut().set_prefs(prefs)
    }
}

/// A table held bare, as the line mode holds it.
impl AtTable for Table {
    fn hold(table: Table) -> Table {
        table
    }

    fn table(&self) -> &Table {
        self
    }

    fn table_mut(&mut self) -> &mut Table {
        self
    }

    fn into_table(self) -> Table {
        self
    }
}

/// What came of a worker's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Landed {
    /// The table's answer to a decision, a hint or a comparison: what to show.
    Table(Vec<Out>),
    /// A deal's analysis is in.
    Analysis,
    /// The expert's review of finished deals is in: this many exercises were made, to be
    /// filed, and the table answered the mistakes' cost kept with the deals: what to show.
    Exercises(usize, Vec<Out>),
    /// Who holds what, for the front end that asked: the table is not told.
    Holds(HoldsRequest, Option<Box<Holds>>),
}

/// What came of a new game that could not replace the game it was to replace.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// The game replaced sits down again: what its table opens on.
    Sat(Vec<Out>),
    /// No game was at the table: the saved game found again, if any, for the front end to
    /// offer or sit down.
    Kept(Option<Box<Resumable>>),
}

/// The level of the computer players of every deal of the day, whatever the settings say.
pub const DAILY_LEVEL: crate::bots::Level = crate::bots::Level::DEFAULT;

/// The deal of the day being played.
#[derive(Clone, Debug, PartialEq)]
pub struct Daily {
    /// Its date.
    pub day: Day,
    /// Its result the first time, when this play is practice.
    pub first: Option<DailyEntry>,
    /// Its result this time, once the expert has compared and analysed it (never for
    /// practice).
    pub result: Option<DailyEntry>,
}

impl Daily {
    /// Whether this play is practice: the day was played before.
    pub fn practice(&self) -> bool {
        self.first.is_some()
    }

    /// The result to show: the first one, else this play's once made.
    pub fn shown(&self) -> Option<&DailyEntry> {
        self.first.as_ref().or(self.result.as_ref())
    }
}

/// What a deal played again goes back to.
#[derive(Clone, Debug, PartialEq)]
pub struct Again {
    /// The game it came from; none for a deal file, whose table then closes.
    pub(super) from: Option<Game>,
    /// The deal's score the first time it was played, when it was.
    pub(super) first: Option<ByTeam<u16>>,
    /// The deal of the day, when it is one.
    pub(super) daily: Option<Daily>,
    /// A first deal with the training wheels on: the expert's hint at each of South's turns.
    pub(super) wheels: bool,
}

/// One session at the table: its settings, its games, the table, the deal played again if one
/// is, the analyses asked, and the effects queued for the runner.
#[derive(Clone, Debug)]
pub struct Session<T: AtTable = Table> {
    /// Preferences in force.
    pub settings: Settings,
    /// Preferences as saved, with the changes made at the table.
    pub saved: Settings,
    /// The target of the next new game.
    pub target: u16,
    /// What the expert may spend on each decision, hint and analysis of a decision.
    budget: Budget,
    /// Where new games come from, and who sits out of them.
    games: Games,
    /// The table, with what the front end keeps beside it.
    table: Option<T>,
    /// A deal played again, with what it goes back to.
    pub(super) again: Option<Box<Again>>,
    /// The expert's analyses of the deals asked.
    analyses: Analyses,
    effects: Vec<Effect>,
}

impl<T: AtTable> Session<T> {
    /// The session `config` starts, no game at the table yet: the game to sit at at once and
    /// the saved game to offer are the front end's to take from `config`.
    pub fn new(config: &Config) -> Session<T> {
        Session {
            settings: config.settings,
            saved: config.saved,
            target: config.settings.target_or_default(config.target),
            budget: config.budget,
            games: Games::new(config.seed, config.game.as_ref(), config.previous.clone()),
            table: None,
            again: None,
            analyses: Analyses::default(),
            effects: Vec::new(),
        }
    }

    /// What the expert may spend on each decision.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// What the table takes from the settings. A deal played again is compared with nothing:
    /// it counts nowhere. The deal of the day is played by computer players of one level for
    /// everyone, and its first play is compared with the expert in South's seat and taken back
    /// never.
    pub fn prefs(&self) -> Prefs {
        let prefs = Prefs::of(&self.settings, self.budget);
        match &self.again {
            None => prefs,
            Some(a) => match &a.daily {
                None => Prefs { compare: false, hint: prefs.hint || a.wheels, ..prefs },
                Some(d) => Prefs {
                    level: DAILY_LEVEL,
                    compare: !d.practice(),
                    hint: prefs.hint && d.practice(),
                    daily: !d.practice(),
                    ..prefs
                },
            },
        }
    }

    /// The effects queued since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Queues an effect the front end asks for itself: a screen's loading, a suspension.
    pub fn push(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// The table, if a game sits at it.
    pub fn table(&self) -> Option<&T> {
        self.table.as_ref()
    }

    /// The table, to change what the front end keeps beside it.
    pub fn table_mut(&mut self) -> Option<&mut T> {
        self.table.as_mut()
    }

    /// The game at the table.
    pub fn game(&self) -> Option<&Game> {
        self.table.as_ref().map(|t| t.table().game())
    }

    /// The filed games the history may show: the `n`-th newest (from 1).
    pub fn filed(&self, n: usize) -> Option<&Game> {
        self.games.filed(n)
    }

    /// How many filed games are loaded.
    pub fn filed_count(&self) -> usize {
        self.games.filed_count()
    }

    /// The filed games are loaded, newest first.
    pub fn set_filed(&mut self, games: Vec<Game>) {
        self.games.set_filed(games);
    }

    /// The players of a game kept or played last: they sit out of the next new game.
    pub fn played(&mut self, players: Option<&Players>) {
        self.games.played(players);
    }

    /// Sends a message to the table, and routes what it answers.
    pub fn send(&mut self, msg: TableMsg) -> Vec<Out> {
        self.drive(|t| t.update(msg))
    }

    /// Does `f` to the table (a key or a click the front end turns into the table's messages),
    /// and routes what the table answers.
    pub fn drive(&mut self, f: impl FnOnce(&mut T) -> Vec<Out>) -> Vec<Out> {
        let out = self.table.as_mut().map(f).unwrap_or_default();
        self.route(out)
    }

    /// Carries out what the table asks outside it, in order, and hands back what there is to
    /// show. A deal played again counts nowhere, and is never saved over the game: its saves
    /// and records are dropped.
    fn route(&mut self, out: Vec<Out>) -> Vec<Out> {
        let again = self.again.is_some();
        let mut shown = Vec::with_capacity(out.len());
        for o in out {
            match &o {
                Out::DealFinished if again => {
                    self.daily_deal_over();
                    continue;
                }
                Out::Save | Out::GameFinished if again => continue,
                Out::Save => self.effects.push(Effect::SaveGame),
                Out::DealFinished => {
                    self.effects.push(Effect::DealFinished);
                    self.make_exercises();
                }
                Out::GameFinished => self.effects.push(Effect::GameFinished),
                Out::Think(r) => self.effects.push(Effect::Think(r.clone())),
                Out::AskHint(r) => self.effects.push(Effect::Hint(r.clone())),
                Out::Compare(r) => self.effects.push(Effect::Compare(r.clone())),
                _ => {}
            }
            shown.push(o);
        }
        self.settle_daily();
        shown
    }

    /// A worker's answer: a computer player's decision, a hint, an analysis, a comparison, the
    /// exercises made.
    pub fn answer(&mut self, answer: Answer) -> Landed {
        match answer {
            Answer::Table(answer) => Landed::Table(self.send(TableMsg::Answer(answer))),
            Answer::Held(r, holds) => Landed::Holds(r, holds),
            Answer::Analysed(r, analysis) => {
                self.analyses.answer(r, analysis);
                self.settle_daily();
                Landed::Analysis
            }
            Answer::Exercises(made) => {
                let n = made.exercises.len();
                if n > 0 {
                    self.effects.push(Effect::FileExercises(made.exercises));
                }
                let out = match self.again.as_mut() {
                    // The game waits under the deal played again: kept there, saved with it.
                    Some(again) => {
                        if let Some(game) = again.from.as_mut() {
                            for m in &made.measured {
                                game.measure_mistakes(m.deal, &m.record, m.mistakes);
                            }
                        }
                        Vec::new()
                    }
                    None => self.send(TableMsg::Measured(made.measured)),
                };
                Landed::Exercises(n, out)
            }
        }
    }

    /// After a deal of the game (never of a deal played again): its exercises, to be made.
    fn make_exercises(&mut self) {
        if self.again.is_some() {
            return;
        }
        let Some(game) = self.game() else { return };
        let last = game.history().len().saturating_sub(1);
        if let Some(r) = ExercisesRequest::of(game, last, self.budget) {
            self.effects.push(Effect::MakeExercises(r));
        }
    }

    /// The analysis of a finished deal, once made: `Some(None)` when it could not be.
    pub fn analysis(&self, record: &DealRecord) -> Option<Option<&DealAnalysis>> {
        self.analyses.get(record)
    }

    /// Asks the analysis of `record` when it is not made yet, and cancels the one under way
    /// when it is no longer wanted (`None`). True when it was asked now.
    pub fn want_analysis(&mut self, deal: Option<&DealResult>) -> bool {
        // The deal of the day's analysis, awaited for its result, goes on whatever is reviewed.
        let daily = self.daily_awaited().cloned();
        let deal = deal.or(daily.as_ref());
        let asked = self.analyses.want(deal, self.budget);
        let now = asked.is_some();
        if let Some(request) = asked {
            self.effects.push(Effect::Analyse(request));
        }
        now
    }

    /// `game` sits down at the table, in place of the one there; what its table opens on.
    pub fn sit(&mut self, game: Game) -> Vec<Out> {
        let _ = self.unseat();
        let (table, out) = self.games.sit(game, self.prefs());
        self.table = Some(T::hold(table));
        self.route(out)
    }

    /// The game leaves the table, and whatever thinks about it stops.
    pub fn unseat(&mut self) -> Option<Game> {
        let table = self.table.take()?;
        Some(self.games.stand(table.into_table()))
    }

    /// The game given at the start sits down at once, as a new game.
    pub fn start(&mut self, game: Game) -> Vec<Out> {
        self.effects.push(Effect::NewGame(None));
        self.sit(game)
    }

    /// A seed for a deal of its own (the course's first deal).
    pub fn fresh_seed(&mut self) -> u64 {
        self.games.fresh_seed()
    }

    /// A new game of the settings' rules with new faces, in place of the one at the table,
    /// which is filed first.
    pub fn new_game(&mut self) -> Vec<Out> {
        let options = self.settings.new_game_options(self.target);
        let last = self.game().map(|g| g.players().clone());
        let game = self.games.new_game(options, last.as_ref());
        let replaced = self.unseat();
        self.effects.push(Effect::NewGame(replaced.map(Box::new)));
        self.sit(game)
    }

    /// The saved game sits down again; the exercises of its finished deals are made again
    /// where a crash cut the making short (those filed already are not filed twice).
    pub fn resume(&mut self, resume: Resumable) -> Vec<Out> {
        self.games.played(Some(resume.game.players()));
        let out = self.sit(resume.game);
        if let Some(r) = self.game().and_then(|g| ExercisesRequest::of(g, 0, self.budget)) {
            self.effects.push(Effect::MakeExercises(r));
        }
        out
    }

    /// The game a new game was to replace could not be filed: the new game goes, and the game
    /// it replaced (`previous`) sits down again, or with none the saved game found again
    /// (`resume`) is handed back.
    pub fn new_game_refused(
        &mut self,
        previous: Option<Game>,
        resume: Option<Resumable>,
    ) -> Refused {
        // The players who sit out the next new game are the ones of the game kept.
        let kept = previous.as_ref().or(resume.as_ref().map(|r| &r.game));
        self.games.played(kept.map(Game::players));
        match previous {
            Some(game) => Refused::Sat(self.sit(game)),
            None => {
                let _ = self.unseat();
                Refused::Kept(resume.map(Box::new))
            }
        }
    }

    /// Moves a setting to its next (or previous) value, kept in the saved settings, which are
    /// saved; the table takes it at once.
    pub fn change_setting(&mut self, item: SettingItem, forward: bool) -> Vec<Out> {
        self.settings.step(item, forward);
        if item == SettingItem::Variant {
            // Another rule set is played to its own usual target.
            self.target = self.settings.set.default_target();
        }
        self.saved.take(item, &self.settings);
        let prefs = self.prefs();
        let out = self.drive(|t| t.set_prefs(prefs));
        self.effects.push(Effect::SaveSettings);
        out
    }

    /// Raises the flag of everything still thinking, the comparisons and the analysis too:
    /// nothing is wanted.
    pub fn stop(&mut self) {
        if let Some(t) = self.table.as_mut().map(AtTable::table_mut) {
            t.stop();
            t.stop_comparing();
        }
        self.analyses.stop();
    }
}
