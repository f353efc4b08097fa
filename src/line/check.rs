//! What the line mode refuses before the table hears it, from what the player's seat sees: a
//! call the auction does not allow, a card during the auction, a card not held, a card the
//! rules forbid on the trick. The solo table and a remote table check the player's calls
//! alike, say every refusal alike ([`said`]), and read the answer to a weighty call's
//! question alike ([`confirming`]).

use super::parse::Command;
use super::say::{self, NotNow};
use crate::game::{Action, GameError, SeatView};
use crate::rules::{Call, LegalCalls, check_play, legal_cards};
use crate::session::table::Notice;
use crate::text::Words;

/// Why the line mode refuses a call or a card: a word that means nothing now, or the rule
/// the action breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not now, and what may be done instead.
    NotNow(NotNow),
    /// The rules refuse it, as the table says it.
    Told(Notice),
}

/// The call meant by `call` when `legal` are the calls allowed, or why the auction refuses it.
/// "contre" is the double there is to say: a surcontre, once the other side contred.
pub fn call(legal: &LegalCalls, call: Call) -> Result<Call, NotNow> {
    let call = match call {
        Call::Contre if !legal.contre && legal.surcontre => Call::Surcontre,
        other => other,
    };
    match call {
        Call::Bid(b) if !b.trump.is_suit() && !legal.nt_at => Err(NotNow::NoNtAt),
        Call::Bid(b) if !legal.allows(call) => Err(NotNow::BidTooLow(b, legal.min_level)),
        Call::Surcontre if !legal.surcontre && legal.contre => Err(NotNow::ContreFirst),
        Call::Contre | Call::Surcontre if !legal.allows(call) => Err(NotNow::NothingToContre),
        _ => Ok(call),
    }
}

/// The seat's `action` as it goes to the table, or why the seat's own view refuses it: the
/// auction's calls, the hand and the trick are all a seat needs to know what it may do.
pub fn seat_action(view: &SeatView, action: Action) -> Result<Action, Refusal> {
    match (action, view.play()) {
        (Action::Bid(_), Some(_)) => Err(Refusal::NotNow(NotNow::AuctionOver)),
        (Action::Bid(c), None) => {
            call(&view.auction().legal_calls(), c).map(Action::Bid).map_err(Refusal::NotNow)
        }
        (Action::Play(_), None) => Err(Refusal::NotNow(NotNow::Auction)),
        (Action::Play(card), Some(_)) if !view.hand().contains(card) => {
            Err(Refusal::NotNow(NotNow::NotHeld(card)))
        }
        (Action::Play(card), Some(play)) => {
            let (hand, trick) = (view.hand(), play.current_trick());
            check_play(hand, trick, play.trump(), play.rules(), card).map(|()| action).map_err(
                |e| {
                    let playable = legal_cards(hand, trick, play.trump(), play.rules());
                    Refusal::Told(Notice::Refused(action, GameError::Play(e), playable))
                },
            )
        }
    }
}

/// A refusal as the line mode says it.
pub fn said(w: Words, refusal: Refusal) -> String {
    match refusal {
        Refusal::NotNow(why) => say::not_now(w, why, ""),
        Refusal::Told(notice) => told(w, notice),
    }
}

/// What the table tells the player, as a sentence.
pub fn told(w: Words, notice: Notice) -> String {
    let text = say::capital(&crate::session::status::notice(w, notice));
    if text.ends_with(['.', '!', '?']) { text } else { format!("{text}.") }
}

/// What a line typed does while a weighty call (a contre, a surcontre, a capot) waits for its
/// yes or no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirming {
    /// Yes, or the call itself again: the call is made.
    Yes,
    /// No: the call is forgotten.
    No,
    /// Leaving, as ever.
    Leave,
    /// Anything else: the question is asked again.
    AskAgain,
}

/// What `command` does while `asked` waits for its confirmation.
pub fn confirming(asked: Call, command: Command) -> Confirming {
    match command {
        Command::Yes => Confirming::Yes,
        Command::Call(call) if call == asked => Confirming::Yes,
        Command::No => Confirming::No,
        Command::Quit => Confirming::Leave,
        _ => Confirming::AskAgain,
    }
}
