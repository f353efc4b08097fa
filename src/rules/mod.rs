//! The rules of belote contrée as the French Belote Federation writes them (2016): cards,
//! the auction, the legal cards, the trick, the belote and the score.
//!
//! Pure: no I/O, no clock, no randomness. Everything here can be replayed and checked.

mod auction;
mod card;
mod play;
mod record;
mod scoring;
mod seat;
mod trick;

pub use auction::{
    Auction, AuctionOutcome, Bid, BidError, CAPOT_VALUE, Call, Contract, LegalCalls, Level,
    MAX_BID, MIN_BID, Multiplier, ParseCallError,
};
pub use card::{Card, CardSet, CardSetIter, ParseCardError, Rank, Suit, Trump};
pub use play::{
    BeloteCall, CAPOT_LAST_TRICK_BONUS, CAPOT_POINTS, CardPlay, DEAL_POINTS, DoneTrick,
    LAST_TRICK_BONUS, PlayEvent, belote_holder, belote_team, trick_bonus,
};
pub use record::{
    ContractAnswer, DealRecord, GameAnswer, GameContext, RawRecord, RecordError, RejectKind,
    ScoredDeal, TrickAnswer,
};
pub use scoring::{
    BASE_POINTS, BELOTE_POINTS, CAPOT_SCORE, CONTRE_CAPOT_BONUS, ContreScoring, DealScore,
    GameOutcome, ScoringMethod, ScoringRules, contract_made, game_outcome, round_to_ten,
    score_deal,
};
pub use seat::{BySeat, ByTeam, Seat, Team};
pub use trick::{PlayError, Trick, check_play, legal_cards};
