//! What one seat may know: its own hand and everything said and played at the table. Bots decide
//! from this alone, so they cannot read hidden cards; the UI draws South's view.

use crate::rules::{
    Auction, BySeat, ByTeam, Call, Card, CardSet, Contract, ScoringRules, Seat, Trick, Trump,
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
    /// Every call so far, from the dealer's right-hand neighbour.
    pub auction: Vec<Call>,
    /// Every card played so far in this deal, in order.
    pub play: Vec<Card>,
    /// The seat that has said "Belote", if any.
    pub belote: Option<Seat>,
    /// The scoring options.
    pub rules: ScoringRules,
    /// The game's target.
    pub target: u16,
    /// The totals before this deal.
    pub totals: ByTeam<u32>,
}

impl SeatView {
    /// The auction replayed from the calls (the calls of a view are legal by construction;
    /// an illegal one is skipped).
    pub fn auction_state(&self) -> Auction {
        let mut a = Auction::new(self.dealer);
        for &c in &self.auction {
            let _ = a.try_call(c);
        }
        a
    }

    /// The contract, once the auction is over with one.
    pub fn contract(&self) -> Option<Contract> {
        self.auction_state().contract()
    }

    /// The trump, once known.
    pub fn trump(&self) -> Option<Trump> {
        self.contract().map(|c| c.trump())
    }

    /// The tricks so far: the complete ones and the one in progress, with who played each card.
    pub fn tricks(&self) -> Vec<Trick> {
        let Some(trump) = self.trump() else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(8);
        let mut trick = Trick::new(self.dealer.next());
        for &card in &self.play {
            trick.push(card);
            if trick.is_complete() {
                let winner = trick.winner(trump).unwrap_or(trick.leader());
                out.push(trick);
                trick = Trick::new(winner);
            }
        }
        if !trick.is_empty() || out.len() < 8 {
            out.push(trick);
        }
        out
    }

    /// Who played each card so far.
    pub fn played_by(&self) -> BySeat<CardSet> {
        let mut by = BySeat([CardSet::EMPTY; 4]);
        for t in self.tricks() {
            for (seat, card) in t.plays() {
                by[seat].insert(card);
            }
        }
        by
    }
}
