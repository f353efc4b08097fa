//! Whether a command applies: now, not now, or not in this game at all. One function answers for
//! the footer (the keys that do something now), the help (the keys of this game: no sans atout
//! nor tout atout keys in a game without them, no declaration keys where South does not choose)
//! and the key handlers (a key that does nothing now is dropped, or says why), so the three never
//! disagree.

use super::keymap::{Cmd, Mode};
use super::table::{Notice, Table};
use crate::rules::Rules;

/// Whether a command applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    /// It does something now.
    Now,
    /// Not now; with what the table says when the key is pressed anyway, if anything.
    NotNow(Option<Notice>),
    /// Not in this game, nor with these settings: the help leaves it out.
    Never,
}

/// What decides whether a command applies.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The rules of the game at the table, else those of new games.
    pub rules: Rules,
    /// Whether the settings let South choose to declare in coinche.
    pub choose_declarations: bool,
    /// The table, when a game is at it.
    pub table: Option<&'a Table>,
}

/// Whether `cmd` applies in `mode`.
pub fn availability(at: &Context<'_>, mode: Mode, cmd: Cmd) -> Availability {
    use Availability::{Never, Now};
    // The rules of the game at the table, else those of new games.
    let rules = at.rules;
    let declares = rules.set.has_declarations() && at.choose_declarations;
    match cmd {
        Cmd::NoTrump | Cmd::AllTrump if !rules.nt_at => return Never,
        // South is asked whether to declare only in a game with declarations, and only when
        // the settings let it choose.
        Cmd::Declare | Cmd::KeepQuiet if !declares => return Never,
        _ => {}
    }
    let Some(table) = at.table else { return Now };
    let legal = table.south_to_bid().then(|| table.game().legal_calls());
    let now = match cmd {
        // `c` is offered only when it does something: a contre, or a surcontre when that is the
        // call; `n` and `t` only when a bid in sans atout or tout atout may be made.
        Cmd::Contre => legal.is_some_and(|l| l.contre || l.surcontre),
        Cmd::NoTrump | Cmd::AllTrump => legal.is_some_and(|l| l.nt_at && l.min_level.is_some()),
        // A card is played only on South's turn: while the others play, or while a trick with
        // a card played for South waits, a key only moves the table on.
        Cmd::Act | Cmd::Pick if mode == Mode::Playing => table.south_to_play(),
        // `u` when there is something of South's to take back; pressed otherwise, it says why.
        Cmd::Undo => {
            return match table.undoable() {
                Ok(()) => Now,
                Err(why) => Availability::NotNow(Some(why)),
            };
        }
        // `i` while South may ask and has not asked yet.
        Cmd::Hint => table.hint_allowed(),
        _ => true,
    };
    if now { Now } else { Availability::NotNow(None) }
}
