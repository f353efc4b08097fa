//! The table's commands, whatever asks for them (a key, a line of text), and whether one applies:
//! now, not now, or not in this game at all. One function answers for the footer (the keys that
//! do something now), the help (the keys of this game: no sans atout nor tout atout keys in a
//! game without them, no declaration keys where South does not choose), the key handlers (a key
//! that does nothing now is dropped, or says why) and the line mode, so that they never disagree.

use super::table::{Notice, Table};
use crate::rules::Rules;

/// What the player is looking at, as far as commands are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The start screen.
    Start,
    /// The auction, South to bid or waiting.
    Bidding,
    /// The card play.
    Playing,
    /// South's first card of a coinche deal, when South chooses whether to declare.
    Declare,
    /// A claim of the rest of the tricks shown, a trick at a time.
    Claim,
    /// The end-of-deal summary.
    Summary,
    /// The end of the game.
    GameOver,
    /// The history of the game's deals.
    History,
    /// The review of one deal of the history.
    Review,
    /// The tricks of the deal, one at a time (the last first).
    Tricks,
    /// The table once a deal is over and its summary closed.
    DealDone,
    /// A contre, surcontre or capot waiting for its confirmation.
    Confirm,
    /// The menu during play.
    Menu,
    /// The players' popup, or one seat's.
    Players,
    /// The help popup.
    Help,
    /// Who holds what: each other seat's chance to hold each card South has not seen.
    Holds,
    /// The expert's line from South's first clear card mistake of the deal under review, one
    /// trick at a time.
    ExpertLine,
    /// The rules screen.
    Rules,
    /// The settings screen.
    Settings,
    /// The statistics screen.
    Statistics,
    /// The progress view, from the statistics.
    Progress,
    /// The practice screen, with no choice to make on it: an exercise answered, or none.
    Practice,
    /// The end of a deal of the day: its result and its share line.
    Daily,
    /// The course's map, or a level of it answered: ↑ ↓ and Enter go on.
    Course,
    /// A level of the course that asks for a number: the digits typed, Enter to answer.
    Count,
}

/// What a key, or a line of the line mode, asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    /// Left: previous card or button, lower value.
    Left,
    /// Right: next card or button, higher value.
    Right,
    /// Up: previous line.
    Up,
    /// Down: next line.
    Down,
    /// Play the selected card, press the selected button.
    Act,
    /// Pick the card with this number (the digit pressed).
    Pick,
    /// Next bidding button.
    NextButton,
    /// Previous bidding button.
    PrevButton,
    /// Pass.
    Pass,
    /// Contre (or surcontre when that is the call allowed).
    Contre,
    /// Bid sans atout (at the value chosen, else the lowest allowed).
    NoTrump,
    /// Bid tout atout (at the value chosen, else the lowest allowed).
    AllTrump,
    /// Declare what South holds with its first card.
    Declare,
    /// Declare nothing.
    KeepQuiet,
    /// Show the last trick (then the earlier ones).
    LastTrick,
    /// Take back South's last call or card.
    Undo,
    /// Open the menu during play.
    Menu,
    /// Show the players.
    Players,
    /// Confirm a contre, surcontre or capot.
    Yes,
    /// Cancel it.
    No,
    /// Show the history.
    History,
    /// Show the help.
    Help,
    /// Show what the expert would do, and why.
    Hint,
    /// Show, or close, who holds what: the other seats' chances to hold each unseen card.
    Holds,
    /// The progress view, from the statistics: the figures game by game, as charts.
    Progress,
    /// Claim the rest of the tricks.
    Claim,
    /// Skip to the end of the claim being shown.
    SkipClaim,
    /// Play the deal under review again.
    PlayAgain,
    /// Follow the expert's line from South's first clear card mistake of the deal under review.
    ExpertLine,
    /// The expert's analysis of the deal just finished, at a host's table (the solo table has
    /// it in the deal's review).
    Analysis,
    /// Close the top popup, go back.
    Close,
    /// Save and quit.
    Quit,
    /// Give the terminal back and stop, as Ctrl-Z does to any program in a shell.
    Suspend,
    /// Scroll a page up.
    PageUp,
    /// Scroll a page down.
    PageDown,
}

/// Up or down a list of `n` lines, going round.
pub fn step(cursor: &mut usize, cmd: Cmd, n: usize) {
    match cmd {
        Cmd::Up if n > 0 => *cursor = (*cursor + n - 1) % n,
        Cmd::Down if n > 0 => *cursor = (*cursor + 1) % n,
        _ => {}
    }
}

/// A text scrolled by a line or a page, no further than `max`.
pub fn scroll(scroll: &mut u16, cmd: Cmd, max: u16) {
    *scroll = match cmd {
        Cmd::Up => scroll.saturating_sub(1),
        Cmd::Down => scroll.saturating_add(1).min(max),
        Cmd::PageUp => scroll.saturating_sub(10),
        Cmd::PageDown => scroll.saturating_add(10).min(max),
        _ => *scroll,
    };
}

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
    /// Whether the deal under review is a finished one that may be played again.
    pub may_play_again: bool,
    /// Whether the table is an exercise's, or a level's of the course: a position to choose in.
    pub practice: bool,
    /// Whether an exercise was answered, and the next may be served.
    pub next_exercise: bool,
    /// Whether the history may show other games than the one at the table.
    pub other_games: bool,
    /// Whether the deal under review has its analysis in, with a clear mistake among South's
    /// cards for the expert's line to start from.
    pub expert_line: bool,
    /// Whether the progress view has games enough to chart (two or more played).
    pub charts: bool,
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
    // The solo table analyses a deal in its review, opened from the history.
    if cmd == Cmd::Analysis {
        return Never;
    }
    if cmd == Cmd::PlayAgain {
        return if at.may_play_again { Now } else { Availability::NotNow(None) };
    }
    if cmd == Cmd::ExpertLine {
        return if at.expert_line { Now } else { Availability::NotNow(None) };
    }
    // An exercise (or a level of the course) is a position to choose in, not a game: nothing is taken back, hinted,
    // read of who holds what, claimed or looked back over but its own deal's tricks, which
    // the table showed as they were played.
    let aside = matches!(
        cmd,
        Cmd::Undo | Cmd::Hint | Cmd::Holds | Cmd::Claim | Cmd::History | Cmd::Players
    );
    if at.practice && aside {
        return Never;
    }
    if mode == Mode::Progress && matches!(cmd, Cmd::Left | Cmd::Right) {
        return if at.charts { Now } else { Availability::NotNow(None) };
    }
    if mode == Mode::History && matches!(cmd, Cmd::Left | Cmd::Right) {
        return if at.other_games { Now } else { Availability::NotNow(None) };
    }
    if mode == Mode::Practice && cmd == Cmd::Act {
        return if at.next_exercise { Now } else { Availability::NotNow(None) };
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
        // ↑ and ↓ at the table read the auction: while it holds a call, or South is to make one.
        Cmd::Up | Cmd::Down
            if matches!(mode, Mode::Bidding | Mode::Playing | Mode::Declare | Mode::DealDone) =>
        {
            !table.game().deal().auction.calls().is_empty() || table.south_to_bid()
        }
        // `i` while South may ask and has not asked yet.
        Cmd::Hint if table.prefs().daily => {
            return Availability::NotNow(Some(Notice::OnceForAll));
        }
        Cmd::Hint => table.hint_allowed(),
        // `w` on South's turn to call or to play, as long as the view is open (to close it).
        Cmd::Holds => table.confirm().is_none() && (table.south_to_bid() || table.south_to_play()),
        // `r` on South's turn to play; the table then checks the claim.
        Cmd::Claim => table.claim_allowed(),
        Cmd::SkipClaim => table.claiming().is_some(),
        _ => true,
    };
    if now { Now } else { Availability::NotNow(None) }
}
