//! How the table starts: the run's choices on the command line over the saved settings over the
//! environment (the locale's language and character set, `TERM`, `NO_COLOR`), the game to sit at
//! at once (`--new`) or the saved one to offer, the players who sit out the next new game, and
//! what the disk said on the way, in the table's own words. [`boot`] makes the [`Config`] a front
//! end opens on from all that and a store; the command only parses its flags, holds the data
//! directory and chooses the front end.

use super::config::Config;
use super::effects;
use super::games::Resumable;
use super::settings::{Colours, Deck, SETTINGS_FILE, Settings, Speed};
use crate::bots::Level;
use crate::bots::expert::Budget;
use crate::game::{DealStyle, GameOptions};
use crate::rules::Rules;
use crate::store::{GAME_FILE, Left, OpenError, Operation, Resume, Store};
use crate::text::{self, Lang, SuitStyle, T, Words};

/// What the run chose on its command line; `None` leaves the saved setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    /// `--lang`.
    pub lang: Option<Lang>,
    /// `--level`.
    pub level: Option<Level>,
    /// `--speed`.
    pub speed: Option<Speed>,
    /// `--deck`.
    pub deck: Option<Deck>,
    /// `--colours`.
    pub colours: Option<Colours>,
    /// `--ascii`.
    pub ascii: bool,
    /// `--new`: a new game at once, the saved one filed first.
    pub new: bool,
    /// The seed of the first new game (`--seed`, else drawn at random).
    pub seed: u64,
    /// A deal file is played (`--deal-file`), or the deal of the day (`--daily`): no game is
    /// resumed nor started.
    pub deal: bool,
    /// Today's date in UTC, whose deal of the day the start screen offers.
    pub today: crate::game::daily::Day,
}

/// What the environment says of the terminal and the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Env {
    /// The locale's language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    pub lang: Lang,
    /// Whether the locale's character set is UTF-8 (`LC_ALL`, `LC_CTYPE`, `LANG`).
    pub utf8: bool,
    /// Whether `TERM` is `dumb`: neither colours nor anything but ASCII.
    pub dumb: bool,
    /// Whether `NO_COLOR` is set to something.
    pub no_color: bool,
}

impl Env {
    /// The process's environment.
    pub fn read() -> Env {
        Env {
            lang: Lang::from_env(),
            utf8: text::locale_is_utf8(),
            dumb: std::env::var_os("TERM").is_some_and(|t| t == "dumb"),
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        }
    }
}

/// Why the table does not open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BootError {
    /// The game flags contradict each other, or the settings' rule set.
    Flags(String),
    /// `--new` could not file the saved game, which would be overwritten.
    NewGame(String),
    /// The saved game cannot be read (no permission, a link to a disk not mounted): no new game
    /// may replace it, so none is begun. What to do, in the table's language.
    SaveUnreadable(String),
}

impl std::fmt::Display for BootError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BootError::Flags(why) => f.write_str(why),
            BootError::NewGame(why) => {
                write!(f, "{why}; the saved game was left in place and no new game started")
            }
            BootError::SaveUnreadable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for BootError {}

/// The words of a command that only reads (`contree stats`, `contree history`), chosen as the
/// table chooses its own: the language of `--lang`, else of the saved settings (read from
/// `store`, when there is one), else the locale's; ASCII alone on a terminal that shows
/// nothing else.
pub fn words_to_read(lang: Option<Lang>, env: Env, store: Option<&Store>) -> Words {
    let saved = store
        .and_then(|s| s.read_json_fields::<Settings>(SETTINGS_FILE).ok())
        .and_then(|(settings, _)| settings);
    let settings = saved.unwrap_or(Settings { lang: env.lang, ..Settings::default() });
    let lang = lang.unwrap_or(settings.lang);
    Settings { lang, ..settings }.words(env.dumb || !env.utf8)
}

/// The store of the data directory, or why there is none: the table then plays in memory.
pub fn open_store() -> Result<Store, OpenError> {
    Store::default_dir().and_then(Store::at)
}

/// What the table says first when there is no store: nothing will be saved, and why.
pub fn not_saved(w: Words, why: &OpenError) -> String {
    format!("{}{}{}", w.t(T::NotSaved), w.colon(), w.open_error(why))
}

/// The table's start: the [`Config`], and what to tell the player first.
#[derive(Clone, Debug)]
pub struct Boot {
    /// What the front end opens on.
    pub config: Config,
    /// What the disk said, in the table's words, the first first.
    pub notices: Vec<String>,
}

/// The saved game, to be offered: the notices of what was set aside before it said after its
/// own, first. A save that cannot be read keeps the table closed.
fn resumed(
    store: &Store,
    w: Words,
    notices: &mut Vec<String>,
) -> Result<Option<Resumable>, BootError> {
    let resume = store.load_game();
    // A save that cannot be read is a game no new one may replace: rather than begin
    // one and refuse it at its first save, the table does not open, and says what to do.
    if let Resume::LeftInPlace { path, why: Left::Failed(e) } = &resume
        && e.operation() == Operation::Read
    {
        return Err(BootError::SaveUnreadable(w.save_unreadable(path, e)));
    }
    // The files set aside before the save (the settings) are said after it, and the
    // store's own notice of the save is replaced by the one in the players' words: of
    // all the notices, the save's is the one not to miss, and each is said once.
    let earlier = store.take_notices().into_iter().filter(|a| a.file != GAME_FILE);
    notices.extend(earlier.map(|a| w.set_aside(&a)));
    if let Some(n) = w.resume_notice(&resume) {
        notices.insert(0, n);
    }
    Ok(match resume {
        Resume::Saved { game, started, saved, .. } => Some(Resumable { game, started, saved }),
        _ => None,
    })
}

/// The start of the table from the run's `choices`, the environment and the store (or why
/// there is none); `options` are the game flags' options over the settings' rules and deal
/// style. The saved game is offered, or with `--new` filed and a new game started.
pub fn boot(
    choices: Choices,
    env: Env,
    store: &Result<Store, OpenError>,
    options: impl FnOnce(Rules, DealStyle) -> Result<GameOptions, String>,
    budget: Budget,
) -> Result<Boot, BootError> {
    let kept = store.as_ref().ok();
    let from_env = || Settings { lang: env.lang, ..Settings::default() };
    // Store errors met before the table's language is known, said once it is.
    let mut early = Vec::new();
    let mut settings = match kept.map(|s| s.read_json_fields(SETTINGS_FILE)) {
        None | Some(Ok((None, None))) => from_env(),
        // A settings file set aside is told by the store's notices, below.
        Some(Ok((settings, _))) => settings.unwrap_or_else(from_env),
        Some(Err(e)) => {
            early.push(e);
            from_env()
        }
    };
    let saved = settings;
    settings.lang = choices.lang.unwrap_or(settings.lang);
    settings.level = choices.level.unwrap_or(settings.level);
    settings.speed = choices.speed.unwrap_or(settings.speed);
    settings.deck = choices.deck.unwrap_or(settings.deck);
    settings.colors = choices.colours.unwrap_or(settings.colors);
    // Rule flags choose this run's new games; the saved settings stay as they are.
    let options = options(settings.rules(), settings.deal_style).map_err(BootError::Flags)?;
    settings.set_rules(options.rules);
    settings.deal_style = options.deal_style;
    // A dumb terminal draws neither colours nor anything but ASCII.
    let ascii = choices.ascii || env.dumb || !env.utf8;
    if ascii {
        settings.suits = SuitStyle::Letters;
    }
    // What the store says, in the table's language, now that it is known.
    let w = settings.words(ascii);
    let mut notices: Vec<String> =
        early.iter().map(|e| text::sentence(&w.store_error(e))).collect();
    let seed = choices.seed;
    let (game, resume) = match kept {
        _ if choices.deal => (None, None),
        Some(store) if choices.new => {
            // A game over whose last deals the expert was still weighing is weighed first, as
            // its resume would, so that it is filed whole.
            if let Some(mut saved) = store.saved_game().filter(effects::still_weighed) {
                let unfiled = effects::weigh(store, &mut saved, budget, settings.compare).err();
                let unsaved = store.save_game(&saved).err();
                let said = unfiled.into_iter().chain(unsaved).map(|e| w.store_error(&e));
                notices.extend(said.map(|e| text::sentence(&e)));
            }
            store.archive_saved_game().map_err(|e| BootError::NewGame(e.to_string()))?;
            (Some(crate::game::new_game(options, seed, None)), None)
        }
        None if choices.new => (Some(crate::game::new_game(options, seed, None)), None),
        Some(store) => (None, resumed(store, w, &mut notices)?),
        None => (None, None),
    };
    if let Err(why) = store {
        notices.insert(0, not_saved(w, why));
    }
    // The players of the last game sit out the next new one; the games file is read only when
    // no saved game says who they were.
    let previous = match &resume {
        Some(r) => Some(r.game.players().clone()),
        None => {
            kept.and_then(|s| s.last_game().ok()).and_then(|(last, _)| last.map(|e| e.game.players))
        }
    };
    // No game saved, filed or asked for: a newcomer, offered the course first.
    let newcomer = resume.is_none() && previous.is_none() && game.is_none();
    let config = Config {
        settings,
        saved,
        no_color: env.dumb || env.no_color,
        target: options.target,
        seed,
        resume,
        game,
        previous,
        time_zone: jiff::tz::TimeZone::system(),
        today: choices.today,
        budget,
        ascii,
        newcomer,
    };
    Ok(Boot { config, notices })
}

#[cfg(test)]
mod tests;
