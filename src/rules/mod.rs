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
//! search, [`Trick`], [`Trump`], [`Rules`], [`Belotes`] and [`Combination`] are small `Copy`
//! values and [`legal_cards`] allocates nothing.

mod auction;
mod belote;
mod card;
mod declarations;
mod play;
mod record;
mod ruleset;
mod scoring;
mod seat;
mod trick;

pub use auction::{
    Auction, AuctionOutcome, Bid, BidError, BidLevel, CAPOT_VALUE, Call, Contract, LegalCalls,
    MAX_BID, MIN_BID, Multiplier, ParseCallError,
};
pub use belote::{BeloteCall, Belotes, belote_call, belote_holder, belote_team};
pub use card::{Card, CardSet, CardSetIter, ParseCardError, Rank, Suit, Trump};
pub use declarations::{
    Combination, Declaration, DeclarationError, Declared, DeclaredTokens, declaration_winner,
    declarations_scored,
};
pub use play::{
    CAPOT_LAST_TRICK_BONUS, CAPOT_POINTS, CardPlay, DEAL_POINTS, DoneTrick, LAST_TRICK_BONUS,
    PlayEvent, trick_bonus,
};
pub use record::{
    ContractAnswer, DealRecord, GameAnswer, GameContext, RawRecord, RecordError, RejectKind,
    ScoredDeal, TrickAnswer,
};
pub use ruleset::{ContreScoring, RuleSet, Rules, ScoringMethod, ScoringRules};
pub use scoring::{
    BASE_POINTS, BELOTE_POINTS, CAPOT_BASE_POINTS, CAPOT_SCORE, CONTRE_CAPOT_BONUS, DealScore,
    DealTally, GameOutcome, PLAIN_CAPOT_VALUE, ScoreSum, contract_made, game_outcome, round_to_ten,
    score_deal,
};
pub use seat::{BySeat, ByTeam, Direction, Seat, Team};
pub use trick::{PlayError, Trick, check_play, legal_cards};
