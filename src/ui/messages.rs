//! What goes in and out of the app: the [`Msg`]s it is sent (keys, clicks, timers, the answers
//! of the workers), the [`Effect`]s it asks of the runner (the disk, the workers, the terminal),
//! and the [`Config`] it starts from.

use crossterm::event::{KeyEvent, MouseEvent};

use super::theme::Theme;
use crate::bots::expert::{Advice, Budget, DealAnalysis};
use crate::game::{Action, Game, Players};
use crate::rules::ByTeam;
pub use crate::session::effects::Effect;
use crate::session::games::Resumable;
use crate::session::settings::Settings;
use crate::session::work::{AnalysisRequest, Answer, BotRequest, CompareRequest, HintRequest};

/// A message to the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal's new size.
    Resize(u16, u16),
    /// The wait announced by [`App::wait`](super::App::wait) is over.
    Timer,
    /// A computer player's answer to an [`Effect::Think`].
    Decided(BotRequest, Action),
    /// A computer player that could not answer (its thread failed).
    BotFailed(BotRequest),
    /// The expert's answer to an [`Effect::Advise`]; `None` when it could not answer.
    Advised(HintRequest, Option<Advice>),
    /// The analysis asked by an [`Effect::Analyse`]; `None` when it could not be made.
    Analysed(AnalysisRequest, Option<DealAnalysis>),
    /// A deal's score with the expert in South's seat, asked by an [`Effect::Compare`].
    Compared(CompareRequest, Option<ByTeam<u16>>),
    /// The exercises made by an [`Effect::MakeExercises`], to be filed.
    Exercises(Vec<crate::exercises::Exercise>),
}

impl From<Answer> for Msg {
    fn from(answer: Answer) -> Msg {
        match answer {
            Answer::Decided(r, action) => Msg::Decided(r, action),
            Answer::BotFailed(r) => Msg::BotFailed(r),
            Answer::Advised(r, advice) => Msg::Advised(r, advice),
            Answer::Analysed(r, analysis) => Msg::Analysed(r, analysis),
            Answer::Compared(r, score) => Msg::Compared(r, score),
            Answer::Exercises(made) => Msg::Exercises(made),
        }
    }
}

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// The preferences in force: the saved ones with this run's command-line choices on top.
    pub settings: Settings,
    /// The preferences as saved; a change made at the table goes to both, so the command
    /// line's choices for one run are never saved.
    pub saved: Settings,
    /// Colours or monochrome.
    pub theme: Theme,
    /// The target of a new game.
    pub target: u16,
    /// The seed of the next new game; later games derive theirs from it.
    pub seed: u64,
    /// A saved game to offer.
    pub resume: Option<Resumable>,
    /// A game to sit at at once, skipping the start screen.
    pub game: Option<Game>,
    /// The players of the last game played, whom the next new game seats elsewhere.
    pub previous: Option<Players>,
    /// The time zone dates are shown in.
    pub time_zone: jiff::tz::TimeZone,
    /// What the expert may spend on each decision, hint and analysis of a decision.
    pub budget: Budget,
    /// Whether the terminal shows ASCII only (`--ascii`, a locale that is not UTF-8): every text
    /// is then written in plain ASCII, in either language.
    pub ascii: bool,
}

impl Config {
    /// A start with nothing read from a terminal or a disk: `settings` as saved and in force,
    /// monochrome, new games to 1000 from `seed`, dates in UTC, the expert's usual budget, no
    /// game to resume or sit at. What a script, a test or a benchmark starts from, changing the
    /// fields it needs.
    pub fn plain(settings: Settings, seed: u64) -> Config {
        Config {
            settings,
            saved: settings,
            theme: Theme::monochrome(),
            target: 1000,
            seed,
            resume: None,
            game: None,
            previous: None,
            time_zone: jiff::tz::TimeZone::UTC,
            budget: Budget::DEFAULT,
            ascii: false,
        }
    }
}
