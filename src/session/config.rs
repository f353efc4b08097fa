//! How a table starts, whichever front end draws it: the [`Config`] made of the saved settings,
//! this run's choices and what the disk holds, and the [`Ending`] a front end's runner comes back
//! with.

use super::games::Resumable;
use super::settings::Settings;
use crate::bots::expert::Budget;
use crate::game::{Game, Players};

/// How the table starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// The preferences in force: the saved ones with this run's command-line choices on top.
    pub settings: Settings,
    /// The preferences as saved; a change made at the table goes to both, so the command
    /// line's choices for one run are never saved.
    pub saved: Settings,
    /// Whether colours are impossible (`NO_COLOR`, a dumb terminal): no colour setting brings
    /// them.
    pub no_color: bool,
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
    /// Today's date in UTC, whose deal of the day the start screen offers.
    pub today: crate::game::daily::Day,
    /// Whether the terminal shows ASCII only (`--ascii`, a locale that is not UTF-8): every text
    /// is then written in plain ASCII, in either language.
    pub ascii: bool,
    /// Whether the data directory has no game yet, saved or filed: the start screen offers the
    /// course first.
    pub newcomer: bool,
}

impl Config {
    /// A start with nothing read from a terminal or a disk: `settings` as saved and in force,
    /// without colours, new games to 1000 from `seed`, dates in UTC, the expert's usual budget,
    /// no game to resume or sit at. What a script, a test or a benchmark starts from, changing
    /// the fields it needs.
    pub fn plain(settings: Settings, seed: u64) -> Config {
        Config {
            settings,
            saved: settings,
            no_color: true,
            target: 1000,
            seed,
            resume: None,
            game: None,
            previous: None,
            time_zone: jiff::tz::TimeZone::UTC,
            today: crate::game::daily::Day::default(),
            budget: Budget::DEFAULT,
            ascii: false,
            newcomer: false,
        }
    }
}

/// How the table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player quit, or the terminal or the input went away.
    Quit,
    /// A signal asked the table to end (its number): SIGTERM, SIGHUP or SIGINT.
    Signal(i32),
}

impl Ending {
    /// The terminal is gone (it can be neither read nor written): the table ends as at the
    /// SIGHUP a closed terminal sends, after saving, without a word, for nobody is there to
    /// read it.
    pub const HUNG_UP: Ending = Ending::Signal(super::signals::HANGUP);

    /// How a front end ends when writing to its terminal failed with `e`: a reader that stopped
    /// reading (`| head`, a broken pipe) as a quit; any other failure, the terminal gone, as at
    /// SIGHUP.
    pub fn cannot_write(e: &std::io::Error) -> Ending {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Ending::Quit,
            _ => Ending::HUNG_UP,
        }
    }
}
