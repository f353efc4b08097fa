//! What goes in and out of the app: the [`Msg`]s it is sent (keys, clicks, timers, the answers
//! of the workers), the [`Effect`]s it asks of the runner (the disk, the workers, the terminal),
//! and the [`Config`] it starts from (the session's, which the app draws with a theme of its own).

use crossterm::event::{KeyEvent, MouseEvent};

pub use crate::session::config::Config;
pub use crate::session::effects::Effect;
use crate::session::work::Answer;

/// A message to the app.
// One at a time and taken apart at once (a computer player's answer carries the view it was
// asked about): boxing the answers would only cost their readers a deref.
#[allow(clippy::large_enum_variant)]
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
    /// A worker's answer to an effect the app asked for: a decision, a hint, who holds what,
    /// an analysis, a comparison, the exercises.
    Answer(Answer),
}

impl From<Answer> for Msg {
    fn from(answer: Answer) -> Msg {
        Msg::Answer(answer)
    }
}
