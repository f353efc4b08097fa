//! Why the game refuses an action ([`GameError`]) and why it cannot take one back
//! ([`UndoError`]): each refusal leaves the game as it was, and says why in a sentence (the
//! table's own words for South are in `words.rs`).

use std::fmt;

use crate::rules::{BidError, PlayError, Seat};

/// An action refused, and why. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Another seat is to act.
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat to act, if any.
        to_act: Option<Seat>,
    },
    /// A card during the auction.
    NotPlayingYet,
    /// A call during the play.
    AuctionOver,
    /// The deal is over: continue to the next one first.
    DealOver,
    /// The deal is not over yet.
    DealNotOver,
    /// The game is over.
    GameOver,
    /// The rules forbid that call.
    Bid(BidError),
    /// The rules forbid that card.
    Play(PlayError),
    /// The game's rule set has no declarations.
    NoDeclarations,
    /// Declarations are made with the first card, and this seat has played it.
    AlreadyDeclared {
        /// The seat.
        seat: Seat,
    },
    /// The seat's dealt hand does not hold that combination as the rules count it.
    NotHeld {
        /// The seat.
        seat: Seat,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotYourTurn { seat, to_act: Some(s) } => {
                write!(f, "it is {s}'s turn, not {seat}'s")
            }
            GameError::NotYourTurn { seat, to_act: None } => {
                write!(f, "nobody is to act now, not even {seat}")
            }
            GameError::NotPlayingYet => f.write_str("the auction is not over: no card yet"),
            GameError::AuctionOver => f.write_str("the auction is over"),
            GameError::DealOver => f.write_str("the deal is over"),
            GameError::DealNotOver => f.write_str("the deal is not over"),
            GameError::GameOver => f.write_str("the game is over"),
            GameError::Bid(e) => write!(f, "{e}"),
            GameError::Play(e) => write!(f, "{e}"),
            GameError::NoDeclarations => f.write_str("this game is played without declarations"),
            GameError::AlreadyDeclared { seat } => write!(
                f,
                "declarations are made with the first card, and {seat} has played it already"
            ),
            GameError::NotHeld { seat } => {
                write!(f, "{seat}'s hand does not hold that declaration")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Why an action cannot be taken back. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoError {
    /// Nothing has been done in this deal yet by the seat that asks.
    NothingToUndo,
    /// Another seat has acted since: only the last action of the deal can be taken back.
    NotTheLast {
        /// The seat that asks to take its action back.
        seat: Seat,
        /// The seat that acted last.
        last: Seat,
    },
    /// The deal is over: it is scored and counted.
    DealOver,
    /// The game is over.
    GameOver,
    /// The rest of the deal is claimed: its cards are played out for their seats, chosen by
    /// none of them.
    Claimed,
}

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndoError::NothingToUndo => {
                f.write_str("nothing has been done in this deal yet by the seat")
            }
            UndoError::NotTheLast { seat, last } => {
                write!(f, "{last} has acted since {seat}: only the last action can be taken back")
            }
            UndoError::DealOver => f.write_str("the deal is over and scored"),
            UndoError::GameOver => f.write_str("the game is over"),
            UndoError::Claimed => f.write_str("the rest of the deal is claimed"),
        }
    }
}

impl std::error::Error for UndoError {}
