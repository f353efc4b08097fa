//! The rules of belote contrée as the French Belote Federation writes them (2016), and the other
//! ways the seeds play it: cards, the auction, the legal cards, the trick, the belote, the
//! declarations, the score and the end of the game.
//!
//! One [`Rules`] value (the [`RuleSet`] `contree`, `coinche` or `plain`, and the sans atout /
//! tout atout option) travels with a game, a record and a bot request, and the rules ask it
//! where the sets differ. The trump mode of a contract is a [`Trump`]: a suit, sans atout or
//! tout atout. The direction of play is a [`Direction`] carried by the [`Auction`] and the
//! [`Trick`].
//!
//! Pure: no I/O, no clock, no randomness. Everything here can be replayed and checked. For
//! search, [`Trick`], [`TrickTaking`], [`Trump`], [`Rules`], [`Belotes`] and [`Combination`]
//! are small `Copy` values and [`legal_cards`] allocates nothing.
//!
//! A deal's card play is a [`CardPlay`] (the hands and the play), and what the whole table
//! knows of a deal a [`PublicDeal`] (the auction and the [`PublicPlay`]): a trick is taken in
//! one place, [`TrickTaking::play`], which both hold.
//!
//! # Example
//!
//! A deal from the hands to the score, by the rules alone: the auction, the card play with its
//! legal cards, and what the table writes down.
//!
//! ```
//! use contree::rules::{
//!     Auction, Bid, BidLevel, BySeat, ByTeam, Call, Card, CardPlay, CardSet, DealTally,
//!     PlayError, Rules, Seat, Suit, Team, score_deal,
//! };
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let rules = Rules::default(); // The FFB's contrée, scored "points faits + points demandés".
//! let hand = |cards: &str| {
//!     cards.split_whitespace().map(str::parse).collect::<Result<CardSet, _>>()
//! };
//! let hands = BySeat([
//!     hand("JS 9S AS 10H KH 7D 8D 7C")?, // South
//!     hand("7S 8S AH 9H 9D 10D 8C 9C")?, // East
//!     hand("QS KS QH JH AD KD 10C JC")?, // North
//!     hand("10S 7H 8H JD QD AC KC QC")?, // West
//! ]);
//!
//! // West deals; South, at its right, speaks first and takes 80 in spades.
//! let mut auction = Auction::new(Seat::West, rules);
//! assert_eq!(auction.to_speak(), Some(Seat::South));
//! auction.try_call(Call::Bid(Bid::new(BidLevel::Points(80), Suit::Spades)))?;
//! for _ in 0..3 {
//!     auction.try_call(Call::Pass)?;
//! }
//! let contract = auction.contract().expect("South's 80 in spades stands");
//!
//! // The first to speak leads. Once South leads the jack of trumps, East must follow suit.
//! let mut play = CardPlay::new(hands, contract.trump(), auction.first_to_speak(), rules);
//! play.try_play("JS".parse()?)?;
//! assert!(matches!(play.check("AH".parse()?), Err(PlayError::MustFollow { .. })));
//! while let Some(card) = play.legal_cards().first() {
//!     play.try_play(card)?;
//! }
//!
//! // Card points add up to 162, the dix de der included. North holds the king and queen of
//! // trumps: its belote counts for South's contract.
//! let tally = DealTally::of(&play, ByTeam::default());
//! assert_eq!(tally.card_points[Team::NS] + tally.card_points[Team::EW], 162);
//! assert_eq!(tally.belotes, ByTeam([1, 0]));
//! let score = score_deal(&contract, &tally, rules);
//! assert_eq!(score.made, tally.measured(Team::NS, rules) >= 80);
//! # Ok(())
//! # }
//! ```

mod auction;
mod belote;
mod card;
mod declarations;
mod play;
mod public;
mod record;
mod ruleset;
mod scoring;
mod seat;
mod trick;

pub use auction::{
    Auction, AuctionOutcome, Bid, BidError, BidLevel, CAPOT_VALUE, Call, Contract, LegalCalls,
    MAX_BID, MIN_BID, Multiplier, ParseCallError,
};
pub use belote::{
    BeloteCall, Belotes, BelotesDealt, BelotesSaid, Dealt, Said, belote_holder, belote_team,
};
pub use card::{Card, CardSet, CardSetIter, ParseCardError, Rank, Suit, Trump};
pub use declarations::{
    Combination, Declaration, DeclarationError, Declared, DeclaredTokens, declaration_winner,
    declarations_scored,
};
pub use play::{
    CAPOT_LAST_TRICK_BONUS, CAPOT_POINTS, CardPlay, DEAL_POINTS, DoneTrick, LAST_TRICK_BONUS,
    PlayEvent, PublicPlay, PublicPlayError, TrickTaking, trick_bonus,
};
pub use public::{PublicDeal, PublicError};
pub use record::{
    ContractAnswer, DealRecord, GameAnswer, Object, RawRecord, RecordError, RejectKind, ScoredDeal,
    TrickAnswer,
};
pub use ruleset::{ContreScoring, RuleSet, Rules, ScoringMethod, ScoringRules};
pub use scoring::{
    BASE_POINTS, BELOTE_POINTS, CAPOT_BASE_POINTS, CAPOT_SCORE, CONTRE_CAPOT_BONUS, DealReckoning,
    DealScore, DealTally, GameContext, GameOutcome, PLAIN_CAPOT_VALUE, ScoreSum, contract_made,
    game_outcome, round_to_ten, score_deal,
};
pub use seat::{BySeat, ByTeam, Direction, Seat, Team};
pub use trick::{PlayError, Trick, check_play, legal_cards};
