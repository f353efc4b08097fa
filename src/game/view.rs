//! What one seat may know: its own hand and everything said and played at the table. Bots decide
//! from this alone, so they cannot read hidden cards; the UI draws South's view.

use crate::rules::{
    Auction, BelotesSaid, ByTeam, Call, Card, CardSet, Contract, Declared, Rules, Seat,
};

/// One seat's knowledge of the deal in progress. It is also the `contree bot` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Who dealt.
    pub dealer: Seat,
    /// The cards the seat still holds.
    pub hand: CardSet,
    /// Every call so far, from the seat after the dealer.
    pub auction: Vec<Call>,
    /// Every card played so far in this deal, in order.
    pub play: Vec<Card>,
    /// The belotes said so far: "Belote" is said aloud with the first of the king and queen, so
    /// it is public (one at most in a suit contract, one per suit in tout atout).
    pub belotes: BelotesSaid,
    /// `coinche`: what each seat announced with its first card, for the seats that have played
    /// one (a cent is known by its top card: [`crate::rules::Declaration::announced`]).
    pub declared: Declared,
    /// The rule set, its options and the scoring options.
    pub rules: Rules,
    /// The game's target.
    pub target: u16,
    /// The totals before this deal.
    pub totals: ByTeam<u32>,
}

impl SeatView {
    /// The auction replayed from the calls (the calls of a view are legal by construction;
    /// an illegal one is skipped).
    pub fn auction_state(&self) -> Auction {
        let mut a = Auction::new(self.dealer, self.rules);
        for &c in &self.auction {
            let _ = a.try_call(c);
        }
        a
    }

    /// The contract, once the auction is over with one.
    pub fn contract(&self) -> Option<Contract> {
        self.auction_state().contract()
    }

    /// The seat that said "Belote" in the trump suit of a suit contract, if any.
    pub fn belote(&self) -> Option<Seat> {
        self.belotes.holder(self.contract()?.trump().suit()?)
    }
}
