//! The message at the foot of the screen, and how long it lasts. A message about the table
//! speaks of the position it was said in (a card refused, a take-back refused or made, a
//! computer player that failed) and goes as soon as another position is on the table: the next
//! call or card, take-back, deal or game makes it untrue. A message about anything else (the
//! disk, the start) goes at the next key. Any key takes either away.

use super::table::Notice;
use crate::text::{Sign, T, Words};

/// What a status message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// What the table tells the player.
    Table(Notice),
    /// A message already in words: the disk's, the start's.
    Text(String),
}

/// A message at the foot of the screen, and what it speaks of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// What is said.
    pub message: Message,
    /// The table position it speaks of, if it speaks of one.
    pub about: Option<u64>,
}

impl Status {
    /// What the table says about its position `about`.
    pub fn table(notice: Notice, about: u64) -> Status {
        Status { message: Message::Table(notice), about: Some(about) }
    }

    /// A message in words, about no position.
    pub fn text(text: String) -> Status {
        Status { message: Message::Text(text), about: None }
    }

    /// Whether the message is still true with `revision` on the table (`None`: no table).
    pub fn holds_at(&self, revision: Option<u64>) -> bool {
        self.about.is_none() || self.about == revision
    }

    /// The message in words.
    pub fn words(&self, w: Words) -> String {
        match &self.message {
            Message::Table(n) => notice(w, *n),
            Message::Text(t) => w.text(t).into_owned(),
        }
    }

    /// The sign of a message that is a note rather than a warning: what was just taken back,
    /// or who claimed the rest of the tricks (told as what happens on the table is).
    pub fn note(&self) -> Option<Sign> {
        match self.message {
            Message::Table(Notice::TakenBack(_)) => Some(Sign::TakenBack),
            Message::Table(Notice::Claimed(_)) => Some(Sign::Dash),
            _ => None,
        }
    }
}

/// What the table tells the player about the position, in `w`'s words.
pub fn notice(w: Words, notice: Notice) -> String {
    match notice {
        Notice::Refused(action, e, playable) => w.refusal(action, &e, playable),
        // A declaration South's own prompt offers is never refused: the rules' own words.
        Notice::DeclarationRefused(e) => w.text(&e.to_string()).into_owned(),
        Notice::UndoOff => w.t(T::UndoOff).to_string(),
        Notice::OnceForAll => w.t(T::DailyOnceForAll).to_string(),
        Notice::UndoRefused(e) => w.undo_refusal(&e),
        Notice::TakenBack(action) => {
            format!("{}{}{}", w.t(T::TakenBack), w.colon(), w.action(action))
        }
        Notice::BotFailed(seat) => format!("{}{}{}", w.seat(seat), w.colon(), w.t(T::BotFailed)),
        Notice::Claimed(seat) => format!("{} {}", w.seat(seat), w.t(T::Claimed)),
        Notice::ClaimRefused { defending: false } => w.t(T::ClaimRefusedTaking).to_string(),
        Notice::ClaimRefused { defending: true } => w.t(T::ClaimRefusedDefending).to_string(),
        Notice::LevelNextDeal => w.t(T::LevelNextDeal).to_string(),
    }
}
