//! The deal in progress: the hands as dealt, the auction, the card play once there is a
//! contract, what each seat declares, and the counts of take-backs and hints; what it shows the
//! table, and the deal written down as a record.

use super::{Action, GameOptions};
use crate::personas::Level;
use crate::rules::{
    Auction, BelotesSaid, BySeat, ByTeam, Card, CardPlay, CardSet, Combination, Contract,
    DealRecord, Declared, GameContext, PublicDeal, Rules, Seat,
};

/// The deal in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The deal's number in the game, from 0.
    pub index: usize,
    /// Who dealt.
    pub dealer: Seat,
    /// The hands as dealt.
    pub dealt: BySeat<CardSet>,
    /// The auction.
    pub auction: Auction,
    /// The card play, once the auction has a contract: the hands, and the play as the table
    /// sees it, with the belotes said and the declarations announced.
    pub play: Option<CardPlay>,
    /// `coinche`: what each seat declares. A seat's declaration is made with its first card (its
    /// best combination, unless it chose otherwise before with
    /// [`Game::declare`](super::Game::declare)) and is public from then on
    /// ([`Deal::announced`], and as the table hears it in the play).
    pub declared: BySeat<Option<Combination>>,
    /// How many actions were taken back in this deal.
    pub undos: u32,
    /// How many of South's calls and cards were made with the expert's hint in sight.
    pub hints: u32,
    /// Where a claim played out the rest of the deal: the number of cards played before it.
    pub claimed: Option<usize>,
    /// The level whose bidding explains each seat's calls in this deal: a computer player's
    /// own, the expert's for a person (whose calls the table explains, and its partner reads, as
    /// the expert's).
    pub levels: BySeat<Level>,
}

impl Deal {
    /// Deal `index` of a game, as `dealer` dealt `dealt`, before its first call.
    pub(super) fn new(
        index: usize,
        dealer: Seat,
        dealt: BySeat<CardSet>,
        rules: Rules,
        levels: BySeat<Level>,
    ) -> Deal {
        Deal {
            index,
            dealer,
            dealt,
            auction: Auction::new(dealer, rules),
            play: None,
            declared: BySeat([None; 4]),
            undos: 0,
            hints: 0,
            claimed: None,
            levels,
        }
    }

    /// The contract, once the auction has one.
    pub fn contract(&self) -> Option<Contract> {
        self.auction.contract()
    }

    /// The cards each seat holds now.
    pub fn hands(&self) -> BySeat<CardSet> {
        self.play.as_ref().map_or(self.dealt, |p| *p.hands())
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match &self.play {
            Some(p) => p.to_play(),
            None => self.auction.to_speak(),
        }
    }

    /// What the whole table knows of the deal: the auction, and the play with the belotes said
    /// and the declarations announced.
    pub fn public(&self) -> PublicDeal {
        PublicDeal::from_parts(self.auction.clone(), self.play.as_ref().map(|p| p.public().clone()))
    }

    /// The cards played so far, in order.
    pub fn played(&self) -> Vec<Card> {
        self.play.iter().flat_map(|p| p.public().cards()).collect()
    }

    /// The belotes said so far ("Belote" with the first of the king and queen): at most one in a
    /// suit contract, one per suit in tout atout.
    pub fn belotes_said(&self) -> BelotesSaid {
        self.play.as_ref().map_or(BelotesSaid::NONE, |p| p.public().belotes())
    }

    /// Every action of the deal so far, in order: the calls, then the cards.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let calls = self.auction.calls().iter().map(|&c| Action::Bid(c));
        let cards = self.play.iter().flat_map(|p| p.public().cards());
        calls.chain(cards.map(Action::Play))
    }

    /// The last action of the deal and the seat that did it.
    pub fn last_action(&self) -> Option<(Seat, Action)> {
        if let Some((seat, card)) = self.play.as_ref().and_then(|p| p.public().last()) {
            return Some((seat, Action::Play(card)));
        }
        let calls = self.auction.calls();
        let last = calls.len().checked_sub(1)?;
        Some((self.auction.seat_of(last), Action::Bid(calls[last])))
    }

    /// Whether the auction and (if any) the play are over.
    pub fn is_over(&self) -> bool {
        self.auction.is_over() && self.play.as_ref().is_none_or(CardPlay::is_over)
    }

    /// Whether `seat` has played a card in this deal.
    pub fn has_played(&self, seat: Seat) -> bool {
        self.play.as_ref().is_some_and(|p| {
            !p.tricks().is_empty() || p.current_trick().plays().any(|(s, _)| s == seat)
        })
    }

    /// What `seat` declared, once it has played its first card and said it (`coinche` only).
    pub fn announced(&self, seat: Seat) -> Option<Combination> {
        self.declared[seat].filter(|_| self.has_played(seat))
    }

    /// Every seat's declaration, once all four have played a card (`coinche` only): what the
    /// second trick starts with, when the table learns which team scores its declarations.
    pub fn declarations(&self) -> Option<BySeat<Combination>> {
        let all = BySeat::from_fn(|s| self.announced(s));
        all.0.iter().all(Option::is_some).then(|| all.map(Option::unwrap_or_default))
    }

    /// The deal written down as a record.
    pub fn record(&self, options: &GameOptions, before: ByTeam<u32>) -> DealRecord {
        DealRecord {
            dealer: self.dealer,
            hands: self.dealt.map(|h| h.iter().collect()),
            auction: self.auction.calls().to_vec(),
            play: self.played(),
            rules: Some(options.rules),
            declared: Declared(self.declared),
            game: Some(GameContext { target: options.target, before }),
            claimed: self.claimed,
        }
    }
}
