//! What goes in and out of the app: the [`Msg`]s it is sent (keys, clicks, timers, the answers
//! of the workers), the [`Effect`]s it asks of the runner (the disk, the workers, the terminal),
//! and the [`Config`] it starts from (the session's, which the app draws with a theme of its own).

use crossterm::event::{KeyEvent, MouseEvent};

use crate::bots::expert::{Advice, DealAnalysis, Holds};
use crate::game::Action;
use crate::rules::ByTeam;
pub use crate::session::config::Config;
pub use crate::session::effects::Effect;
use crate::session::work::{
    AnalysisRequest, Answer, BotRequest, CompareRequest, HintRequest, HoldsRequest,
};

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
    /// The expert's answer to an [`Effect::Hint`]; `None` when it could not answer.
    Hinted(HintRequest, Option<Advice>),
    /// Who holds what, asked by an [`Effect::Holds`]; `None` when it could not be read.
    Held(HoldsRequest, Option<Box<Holds>>),
    /// The analysis asked by an [`Effect::Analyse`]; `None` when it could not be made.
    Analysed(AnalysisRequest, Option<DealAnalysis>),
    /// A deal's score with the expert in South's seat, asked by an [`Effect::Compare`].
    Compared(CompareRequest, Option<ByTeam<u16>>),
    /// The expert's review asked by an [`Effect::MakeExercises`]: the exercises to be filed,
    /// the mistakes' cost of each deal to be kept.
    Exercises(crate::session::work::Reviewed),
}

impl From<Answer> for Msg {
    fn from(answer: Answer) -> Msg {
        match answer {
            Answer::Decided(r, action) => Msg::Decided(r, action),
            Answer::BotFailed(r) => Msg::BotFailed(r),
            Answer::Hinted(r, advice) => Msg::Hinted(r, advice),
            Answer::Held(r, holds) => Msg::Held(r, holds),
            Answer::Analysed(r, analysis) => Msg::Analysed(r, analysis),
            Answer::Compared(r, score) => Msg::Compared(r, score),
            Answer::Exercises(made) => Msg::Exercises(made),
        }
    }
}
