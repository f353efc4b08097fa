//! Card memory: what a seat can deduce from its own hand and the cards played so far.
//!
//! Everything here comes from a [`SeatView`], read trick by trick from its play (each card with
//! the trick as it stood when it came): the cards gone, the trick in progress, and for each
//! other seat the cards it *cannot* hold. Those limits come from the rules of the trick, as each
//! trump mode and rule set writes them:
//!
//! - a seat that did not follow is void in the suit led (in every mode: in sans atout it is all
//!   there is to learn);
//! - a suit ranked in trump order (the trump suit; every suit in tout atout) must be climbed: a
//!   seat that followed under the highest card of the suit led holds nothing above it;
//! - in a suit contract, a seat that did not trump when it had to holds no trump, and one that
//!   did not overtrump when it had to holds no trump above the one it could not beat; under the
//!   `plain` set's compulsory underruff, a seat that discarded on an opponent's trump holds no
//!   trump at all.
//!
//! Announcements place cards too: a "Belote" said places the other card of its pair, and a king
//! or queen of a belote suit played without it clears the other; under `coinche` the cards each
//! seat declared with its first card are in its hand until it plays them. The turn goes round in
//! the rules' direction, so the seats still to play and the opponents follow it. A forgetful
//! memory (the `easy` level) keeps only the trick on the table and deduces nothing.

use crate::game::SeatView;
use crate::rules::{
    BelotesSaid, BySeat, ByTeam, Card, CardSet, Contract, Declared, PublicDeal, PublicPlay,
    RuleSet, Seat, Suit, Team, Trick, TrickTaking, Trump,
};

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
    /// The cards each seat has played (whatever `remember` says: the play is public).
    pub played: BySeat<CardSet>,
    /// The card points each team has taken, dix de der and capot included.
    pub points: ByTeam<u16>,
    /// The tricks each team has taken.
    pub tricks: ByTeam<u8>,
    /// For each seat, the cards it cannot hold (its own hand excepted).
    pub cannot_hold: BySeat<CardSet>,
    /// The suit each seat led first in this deal, if it has led.
    pub first_lead: BySeat<Option<Suit>>,
}

impl Memory {
    /// The memory of `view.seat`, once the auction has a contract. `remember` false gives the
    /// forgetful memory of the `easy` level.
    pub fn from_view(view: &SeatView, contract: Contract, remember: bool) -> Memory {
        Memory::from_public(view.seat(), view.hand(), view.public(), contract, remember)
    }

    /// The memory of `seat` holding `hand` in the public deal `deal`, whose contract is
    /// `contract`: [`Memory::from_view`] without a view's checks, for a hand a seat may hold in
    /// one of the worlds another seat weighs.
    pub fn from_public(
        seat: Seat,
        hand: CardSet,
        deal: &PublicDeal,
        contract: Contract,
        remember: bool,
    ) -> Memory {
        let trump = contract.trump();
        let play = deal.play();
        let rules = deal.rules();
        let taking = play.map_or_else(
            || TrickTaking::new(deal.auction().first_to_speak(), trump, rules),
            |p| *p.taking(),
        );
        let mut mem = Memory {
            seat,
            contract,
            hand,
            gone: CardSet::EMPTY,
            trick: *taking.trick(),
            played: BySeat([CardSet::EMPTY; 4]),
            points: taking.points(),
            tricks: taking.tricks_won(),
            cannot_hold: BySeat([CardSet::EMPTY; 4]),
            first_lead: BySeat([None; 4]),
        };
        let said = play.map_or(BelotesSaid::NONE, PublicPlay::belotes);
        for (before, seat, card) in play.into_iter().flat_map(PublicPlay::plays) {
            mem.played[seat].insert(card);
            if !remember {
                continue;
            }
            match before.lead_suit() {
                Some(lead) => mem.infer(&before, seat, card, lead, rules.set),
                None => {
                    if mem.first_lead[seat].is_none() {
                        mem.first_lead[seat] = Some(card.suit());
                    }
                }
            }
            mem.gone.insert(card);
            mem.belote_played(seat, card, &said);
        }
        if !remember {
            mem.gone = mem.trick.cards().iter().copied().collect();
            return mem;
        }
        // The seat that said "Belote" still holds whichever of the pair is not out yet.
        for (said, suit) in said.iter() {
            if trump.belote_cards().has_suit(suit) {
                let pair = trump.belote_cards().of_suit(suit);
                mem.place(said, pair);
            }
        }
        // Declared cards stay in the declarer's hand until played.
        let declared = play.map_or(Declared::default(), PublicPlay::declared);
        for (declarer, combination) in declared.0.iter() {
            if let Some(c) = combination {
                mem.place(declarer, c.cards());
            }
        }
        mem
    }

    /// `seat` holds whichever of `cards` are not gone: no other seat can hold them.
    fn place(&mut self, seat: Seat, cards: CardSet) {
        let held = cards.minus(self.gone);
        for other in Seat::ALL.into_iter().filter(|&s| s != seat) {
            self.cannot_hold[other] = self.cannot_hold[other].or(held);
        }
    }

    /// The limits shown by `seat` playing `card` to `trick`, led in `lead`, under the
    /// legal-card rules of the trump mode and of `set`.
    fn infer(&mut self, trick: &Trick, seat: Seat, card: Card, lead: Suit, set: RuleSet) {
        let trump = self.contract.trump();
        let Some(winning) = trick.winning_card(trump) else {
            return;
        };
        let stronger_than_card = |c: Card| c.strength(trump) > card.strength(trump);
        if card.suit() == lead {
            // A suit ranked in trump order must be climbed, even over the partner: playing under
            // the highest card of it shows nothing above that card.
            if trump.trump_ordered().has_suit(lead)
                && winning.suit() == lead
                && stronger_than_card(winning)
            {
                self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::trumps_above(winning));
            }
            return;
        }
        self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::suit(lead));
        // Nothing cuts in sans atout and tout atout, and a trump lead only shows the void.
        if trump.cards().is_empty() || trump.is_trump(lead) {
            return;
        }
        if trick.winner(trump) == Some(seat.partner()) {
            return;
        }
        let is_trump = trump.is_trump(card.suit());
        match trick.best_trump(trump) {
            // Had to trump and did not: no trump at all.
            None if !is_trump => {
                self.cannot_hold[seat] = self.cannot_hold[seat].or(trump.cards());
            }
            // Had to trump, even under the opponent's trump, and did not: no trump at all.
            Some(_) if !is_trump && set.underruff_compulsory() => {
                self.cannot_hold[seat] = self.cannot_hold[seat].or(trump.cards());
            }
            // Had to overtrump and did not: nothing above the trump on the table.
            Some(b) if !is_trump || stronger_than_card(b) => {
                self.cannot_hold[seat] = self.cannot_hold[seat].or(CardSet::trumps_above(b));
            }
            _ => {}
        }
    }

    /// A king or queen of a belote suit played without "Belote" by its player: that player does
    /// not hold the other one.
    fn belote_played(&mut self, seat: Seat, card: Card, said: &BelotesSaid) {
        let pair = self.contract.trump().belote_cards().of_suit(card.suit());
        if !pair.contains(card) || said.contains(seat, card.suit()) {
            return;
        }
        self.cannot_hold[seat] = self.cannot_hold[seat].or(pair.minus(CardSet::single(card)));
    }

    /// How many tricks are complete.
    pub fn tricks_done(&self) -> u8 {
        self.tricks[Team::NS] + self.tricks[Team::EW]
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

    /// Whether `card` is the strongest of its suit still in play (other than cards of our own),
    /// whoever holds it. Each mode ranks the suit its own way: trump order for the trump suit and every suit in
    /// tout atout, plain order otherwise.
    pub fn is_master(&self, card: Card) -> bool {
        let trump = self.trump();
        let strength = card.strength(trump);
        let others = self.unseen().of_suit(card.suit()).minus(CardSet::single(card));
        others.iter().all(|c| c.strength(trump) < strength)
    }

    /// The seats still to play to the trick in progress, after this seat.
    pub fn still_to_play(&self) -> impl Iterator<Item = Seat> + '_ {
        let left = 3usize.saturating_sub(self.trick.len());
        (1..=left).map(move |i| self.seat.after_in(i, self.trick.direction()))
    }
}
