//! Card memory: what a seat can deduce from its own hand and the cards played so far.
//!
//! Everything here comes from a [`SeatView`]: the cards gone, the trick in progress, and for each
//! other seat the cards it *cannot* hold. Those limits come from the rules of the trick: a seat
//! that did not follow is void in the suit led; a seat that did not trump when it had to holds no
//! trump (or no trump above the one on the table); a seat that did not overtrump when it had to
//! holds no trump above the one it could not beat. A "Belote" said places the other card of the
//! pair; a king or queen of trump played without it clears the other. A forgetful memory (the
//! `easy` level) keeps only the trick on the table and deduces nothing.

use crate::game::SeatView;
use crate::rules::{BySeat, Card, CardSet, Contract, Rank, Seat, Suit, Trick, Trump};

/// What one seat knows and has deduced about the cards.
#[derive(Clone, Debug)]
pub struct Memory {
    /// The seat remembering.
    pub seat: Seat,
    /// The contract being played.
    pub contract: Contract,
    /// The seat's own cards.
    pub hand: CardSet,
    /// The cards played and remembered (with a forgetful memory: only the trick on the table).
    pub gone: CardSet,
    /// The trick in progress.
    pub trick: Trick,
    /// How many tricks are complete.
    pub tricks_done: usize,
    /// For each seat, the cards it cannot hold (its own hand excepted).
    pub cannot_hold: BySeat<CardSet>,
    /// The suit each seat led first in this deal, if it has led.
    pub first_lead: BySeat<Option<Suit>>,
}

impl Memory {
    /// The memory of `view.seat`, once the auction has a contract. `remember` false gives the
    /// forgetful memory of the `easy` level.
    pub fn from_view(view: &SeatView, contract: Contract, remember: bool) -> Memory {
        let trump = contract.trump();
        // The seat that said "Belote" in the trump suit, if any.
        let said = trump.suit().and_then(|s| view.belotes.holder(s));
        let mut mem = Memory {
            seat: view.seat,
            contract,
            hand: view.hand,
            gone: CardSet::EMPTY,
            trick: Trick::new(view.rules.after_dealer(view.dealer), view.rules.direction()),
            tricks_done: 0,
            cannot_hold: BySeat([CardSet::EMPTY; 4]),
            first_lead: BySeat([None; 4]),
        };
        for &card in &view.play {
            let seat = mem.trick.to_play();
            if remember {
                match mem.trick.lead_suit() {
                    Some(lead) => mem.infer(seat, card, lead),
                    None => {
                        if mem.first_lead[seat].is_none() {
                            mem.first_lead[seat] = Some(card.suit());
                        }
                    }
                }
                mem.gone.insert(card);
                mem.belote_played(seat, card, said);
            }
            mem.trick.push(card);
            if mem.trick.is_complete() {
                let winner = mem.trick.winner(trump).unwrap_or(seat);
                mem.trick = Trick::new(winner, mem.trick.direction());
                mem.tricks_done += 1;
            }
        }
        if !remember {
            mem.gone = mem.trick.cards().iter().copied().collect();
        }
        if remember && let (Some(said), Some(suit)) = (said, trump.suit()) {
            // The seat that said "Belote" still holds whichever of the pair is not out yet.
            for rank in [Rank::King, Rank::Queen] {
                let card = Card::new(suit, rank);
                if !mem.gone.contains(card) {
                    for s in Seat::ALL.into_iter().filter(|&s| s != said) {
                        mem.cannot_hold[s].insert(card);
                    }
                }
            }
        }
        mem
    }

    /// The limits shown by `seat` playing `card` to a trick led in `lead`.
    fn infer(&mut self, seat: Seat, card: Card, lead: Suit) {
        let trump = self.contract.trump();
        let trick = &self.trick;
        let best = trick.best_trump(trump);
        let weaker_than_best = |b: Card| card.rank().trump_strength() < b.rank().trump_strength();
        if card.suit() != lead {
            self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::suit(lead));
            if trump.is_trump(lead) {
                return;
            }
            let partner_winning = trick.winner(trump) == Some(seat.partner());
            if partner_winning {
                return;
            }
            let is_trump = trump.is_trump(card.suit());
            match best {
                // Had to trump and did not: no trump at all.
                None if !is_trump => {
                    self.cannot_hold[seat] = self.cannot_hold[seat].or(trump.cards());
                }
                // Had to overtrump and did not: nothing above the trump on the table.
                Some(b) if !is_trump || weaker_than_best(b) => {
                    self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::trumps_above(b));
                }
                _ => {}
            }
        } else if trump.is_trump(lead)
            && let Some(b) = best
            && weaker_than_best(b)
        {
            self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::trumps_above(b));
        }
    }

    /// A king or queen of trump played without "Belote" by its player: that player does not
    /// hold the other one.
    fn belote_played(&mut self, seat: Seat, card: Card, said: Option<Seat>) {
        let Some(suit) = self.contract.trump().suit() else {
            return;
        };
        if card.suit() != suit || said == Some(seat) {
            return;
        }
        let other = match card.rank() {
            Rank::King => Rank::Queen,
            Rank::Queen => Rank::King,
            _ => return,
        };
        self.cannot_hold[seat].insert(Card::new(suit, other));
    }

    /// The trump.
    pub fn trump(&self) -> Trump {
        self.contract.trump()
    }

    /// The cards the three other seats hold between them, as far as this seat knows.
    pub fn unseen(&self) -> CardSet {
        CardSet::FULL.minus(self.hand).minus(self.gone)
    }

    /// The cards `seat` may hold.
    pub fn possible(&self, seat: Seat) -> CardSet {
        if seat == self.seat { self.hand } else { self.unseen().minus(self.cannot_hold[seat]) }
    }

    /// Whether `seat` is known to hold no card of `suit`.
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        !self.possible(seat).has_suit(suit)
    }

    /// Whether `seat` may still hold a trump.
    pub fn may_hold_trump(&self, seat: Seat) -> bool {
        !self.possible(seat).and(self.trump().cards()).is_empty()
    }

    /// The trumps the other seats hold between them.
    pub fn trumps_out(&self) -> CardSet {
        self.unseen().and(self.trump().cards())
    }

    /// The seats of the other team.
    pub fn opponents(&self) -> [Seat; 2] {
        let dir = self.trick.direction();
        [self.seat.next_in(dir), self.seat.after_in(3, dir)]
    }

    /// Whether the opponents may still hold a trump.
    pub fn opponents_have_trumps(&self) -> bool {
        self.opponents().into_iter().any(|s| self.may_hold_trump(s))
    }

    /// Whether an opponent is known void in `suit` while it may still trump: a lead there is
    /// ruffed cheaply.
    pub fn opponent_ruffs(&self, suit: Suit) -> bool {
        !self.trump().is_trump(suit)
            && self.opponents().into_iter().any(|s| self.is_void(s, suit) && self.may_hold_trump(s))
    }

    /// Whether `card` is the strongest of its suit still in play (other than cards of our own).
    pub fn is_master(&self, card: Card) -> bool {
        let trump = self.trump();
        let out = self.unseen().of_suit(card.suit());
        if trump.is_trump(card.suit()) {
            out.and(CardSet::trumps_above(card)).is_empty()
        } else {
            out.iter().all(|c| c.rank().plain_strength() < card.rank().plain_strength())
        }
    }

    /// The seats still to play to the trick in progress, after this seat.
    pub fn still_to_play(&self) -> impl Iterator<Item = Seat> + '_ {
        let left = 3usize.saturating_sub(self.trick.len());
        (1..=left).map(move |i| self.seat.after_in(i, self.trick.direction()))
    }
}
