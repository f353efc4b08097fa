//! The public history of a deal: what the whole table has seen and heard of it, and nothing of
//! the hidden hands. The dealer and the rules, every call in turn ([`Auction`]), then every card
//! with its trick, the belotes said and the declarations announced ([`PublicPlay`]).
//!
//! A game's deal gives it for each seat's view; `contree bot` builds it from a request, call by
//! call and card by card, through the same rules. What can be checked without the hands is
//! checked here (each call is legal, no card comes before the contract, twice, or after the
//! 32nd); the rest needs a seat's hand and is checked by that seat's view.

use std::fmt;

use super::auction::{Auction, AuctionOutcome, BidError, Call, Contract};
use super::card::Card;
use super::play::{DoneTrick, PublicPlay, PublicPlayError};
use super::ruleset::Rules;
use super::seat::Seat;

/// What the whole table knows of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicDeal {
    auction: Auction,
    play: Option<PublicPlay>,
}

/// A call or a card a deal's public history cannot take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicError {
    /// The rules forbid the call (`index` in the auction).
    Call {
        /// The call's place in the auction, from 0.
        index: usize,
        /// The call.
        call: Call,
        /// The rule it breaks.
        error: BidError,
    },
    /// A card before the auction is over.
    CardBeforeContract,
    /// A card when every seat passed.
    VoidDeal,
    /// A card the play cannot take (`index` in the play).
    Card {
        /// The card's place in the play, from 0.
        index: usize,
        /// The rule it breaks.
        error: PublicPlayError,
    },
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicError::Call { index, call, error } => {
                write!(f, "auction token {index} ({call}): {error}")
            }
            PublicError::CardBeforeContract => {
                f.write_str("cards were played before the auction is over")
            }
            PublicError::VoidDeal => f.write_str("everyone passed: the deal is void"),
            PublicError::Card { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PublicError {}

impl PublicDeal {
    /// A deal before its first call.
    pub fn new(dealer: Seat, rules: Rules) -> PublicDeal {
        PublicDeal { auction: Auction::new(dealer, rules), play: None }
    }

    /// The history of a deal from its auction and, once the auction has a contract, its play
    /// (whose trump and leader follow from the auction), as a game holds them.
    pub(crate) fn from_parts(auction: Auction, play: Option<PublicPlay>) -> PublicDeal {
        PublicDeal { auction, play }
    }

    /// A deal from its calls and then its cards, each in turn.
    pub fn replay(
        dealer: Seat,
        rules: Rules,
        calls: &[Call],
        cards: &[Card],
    ) -> Result<PublicDeal, PublicError> {
        let mut deal = PublicDeal::new(dealer, rules);
        for (index, &call) in calls.iter().enumerate() {
            deal.call(call).map_err(|error| PublicError::Call { index, call, error })?;
        }
        for (index, &card) in cards.iter().enumerate() {
            let play = match (&mut deal.play, deal.auction.outcome()) {
                (Some(play), _) => play,
                (None, Some(AuctionOutcome::AllPassed)) => return Err(PublicError::VoidDeal),
                (None, _) => return Err(PublicError::CardBeforeContract),
            };
            play.try_play(card).map_err(|error| PublicError::Card { index, error })?;
        }
        Ok(deal)
    }

    /// Makes `call` for the seat to speak, if the rules allow it; the call that makes the
    /// contract starts the play.
    pub fn call(&mut self, call: Call) -> Result<(), BidError> {
        self.auction.try_call(call)?;
        if let Some(contract) = self.auction.contract() {
            let leader = self.auction.first_to_speak();
            self.play = Some(PublicPlay::new(leader, contract.trump(), self.auction.rules()));
        }
        Ok(())
    }

    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        self.auction.dealer()
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.auction.rules()
    }

    /// The auction so far.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// Every call so far, from the seat after the dealer.
    pub fn calls(&self) -> &[Call] {
        self.auction.calls()
    }

    /// The contract, once the auction is over with one.
    pub fn contract(&self) -> Option<Contract> {
        self.auction.contract()
    }

    /// The play, once the auction has a contract.
    pub fn play(&self) -> Option<&PublicPlay> {
        self.play.as_ref()
    }

    /// The play, to record the belotes said and the declarations announced in it.
    pub fn play_mut(&mut self) -> Option<&mut PublicPlay> {
        self.play.as_mut()
    }

    /// The tricks taken so far (none before the play).
    pub fn tricks(&self) -> &[DoneTrick] {
        self.play.as_ref().map_or(&[], PublicPlay::tricks)
    }

    /// Every card played so far, in order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.play.iter().flat_map(PublicPlay::cards)
    }

    /// The seat to act: to speak during the auction, to play after it; `None` once the deal is
    /// over, or void.
    pub fn to_act(&self) -> Option<Seat> {
        match &self.play {
            Some(play) => play.to_play(),
            None => self.auction.to_speak(),
        }
    }

    /// Whether the deal is over: void, or all 32 cards down.
    pub fn is_over(&self) -> bool {
        self.auction.is_over() && self.play.as_ref().is_none_or(PublicPlay::is_over)
    }
}
