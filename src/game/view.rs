//! What one seat may know: its own hand, the deal's public history (every call, every card with
//! its trick, the belotes said and the declarations announced: a [`PublicDeal`]) and the game it
//! belongs to. Bots decide from this alone, so they cannot read hidden cards; the UI draws
//! South's view.
//!
//! A view from outside (a `contree bot` request) is built through [`SeatView::new`], which
//! checks everything the seat can check: its hand fits the cards played, the belotes said and
//! the declarations announced fit the cards seen, and every card played was legal as far as
//! the seat can tell (its own cards exactly, from its hand; another seat's from what that seat
//! is known to have held: the cards it played later, its declarations, its belotes).

use std::fmt;

use crate::personas::Level;
use crate::rules::{
    Auction, BelotesSaid, BySeat, ByTeam, Call, Card, CardSet, Contract, Declared, GameContext,
    PlayError, PublicDeal, PublicPlay, Rules, Seat, Suit, Trump, check_play,
};

/// One seat's knowledge of the deal in progress. It is also the `contree bot` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    seat: Seat,
    hand: CardSet,
    deal: PublicDeal,
    game: GameContext,
    /// The level each seat's calls are read by ([`super::Deal::levels`]): who sits where is no
    /// secret at a table.
    levels: BySeat<Level>,
}

/// Why a seat's hand, a deal's history and a game do not make a view any table could give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// A card is both in the hand and played.
    PlayedAndHeld(Card),
    /// The hand does not hold eight cards during the auction.
    HandSizeInAuction {
        /// The cards in the hand.
        held: usize,
    },
    /// The hand and the seat's cards played do not add up to eight.
    HandSize {
        /// The seat.
        seat: Seat,
        /// The cards in its hand.
        held: usize,
        /// The cards the seat has played.
        played: usize,
    },
    /// A card its player could not have played, as far as the seat can tell (`index` in the
    /// play).
    IllegalCard {
        /// The card's place in the play, from 0.
        index: usize,
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
        /// The rule it breaks.
        error: PlayError,
    },
    /// A belote said in a suit that makes none under the contract's trump.
    BeloteSuit {
        /// The belote's suit.
        suit: Suit,
        /// The contract's trump mode.
        trump: Trump,
    },
    /// A belote said by a seat that has played neither the king nor the queen of its suit.
    BeloteUnplayed {
        /// The seat.
        seat: Seat,
        /// The belote's suit.
        suit: Suit,
    },
    /// One belote said by two seats.
    BeloteTwice {
        /// The belote's suit.
        suit: Suit,
        /// The two seats.
        seats: [Seat; 2],
    },
    /// A belote said by a seat that cannot hold `card`, the other of its pair.
    BeloteNotHeld {
        /// The seat.
        seat: Seat,
        /// The belote's suit.
        suit: Suit,
        /// The other card of the pair.
        card: Card,
    },
    /// A seat that held a belote's king and queen and played one without saying it.
    BeloteUnsaid {
        /// The seat.
        seat: Seat,
        /// The belote's suit.
        suit: Suit,
    },
    /// Declarations under a rule set that has none.
    NoDeclarations,
    /// A declaration of a seat that has not played its first card, which it is made with.
    DeclaredUnplayed {
        /// The seat.
        seat: Seat,
    },
    /// A declaration of a card its seat cannot hold.
    DeclaredNotHeld {
        /// The seat.
        seat: Seat,
        /// The card declared.
        card: Card,
    },
    /// A target no game is played to (the rule named).
    Target(&'static str),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ViewError::PlayedAndHeld(card) => {
                write!(f, "{card} is in the hand but was already played")
            }
            ViewError::HandSizeInAuction { held } => {
                write!(f, "the hand has {held} cards during the auction, not 8")
            }
            ViewError::HandSize { seat, held, played } => write!(
                f,
                "the hand has {held} cards, but {seat} has played {played}: it should hold {}",
                8usize.saturating_sub(played)
            ),
            ViewError::IllegalCard { index, seat, card, error } => {
                write!(f, "play token {index} ({card} by {seat}): {error}")
            }
            ViewError::BeloteSuit { suit, trump } => {
                write!(f, "no belote in {} with {trump} as trump", suit.name())
            }
            ViewError::BeloteUnplayed { seat, suit } => {
                write!(f, "{seat} said belote without playing the king or queen of {}", suit.name())
            }
            ViewError::BeloteTwice { suit, seats: [a, b] } => {
                write!(f, "both {a} and {b} said belote in {}", suit.name())
            }
            ViewError::BeloteNotHeld { seat, suit, card } => {
                write!(f, "{seat} said belote in {} without holding {card}", suit.name())
            }
            ViewError::BeloteUnsaid { seat, suit } => write!(
                f,
                "{seat} held the king and queen of {}, played one and did not say belote",
                suit.name()
            ),
            ViewError::NoDeclarations => f.write_str("this rule set has no declarations"),
            ViewError::DeclaredUnplayed { seat } => {
                write!(f, "{seat} declares with its first card and has not played one")
            }
            ViewError::DeclaredNotHeld { seat, card } => {
                write!(f, "{seat} declared {card}, which it cannot hold")
            }
            ViewError::Target(rule) => f.write_str(rule),
        }
    }
}

impl std::error::Error for ViewError {}

impl SeatView {
    /// The view of `seat`, holding `hand`, in the deal `deal` of the game `game` (its target and
    /// the totals before the deal), if a table could give it (see the module's checks).
    pub fn new(
        seat: Seat,
        hand: CardSet,
        deal: PublicDeal,
        game: GameContext,
    ) -> Result<SeatView, ViewError> {
        let view = SeatView { seat, hand, deal, game, levels: BySeat([Level::DEFAULT; 4]) };
        view.check()?;
        Ok(view)
    }

    /// The view a game gives, which holds by construction.
    pub(super) fn at_table(
        seat: Seat,
        hand: CardSet,
        deal: PublicDeal,
        game: GameContext,
    ) -> SeatView {
        SeatView { seat, hand, deal, game, levels: BySeat([Level::DEFAULT; 4]) }
    }

    /// The view with `levels` as the levels each seat's calls are read by (every seat the
    /// expert's unless told).
    pub fn with_levels(self, levels: BySeat<Level>) -> SeatView {
        SeatView { levels, ..self }
    }

    /// The level each seat's calls are read by.
    pub fn levels(&self) -> &BySeat<Level> {
        &self.levels
    }

    fn check(&self) -> Result<(), ViewError> {
        GameContext::check_target(self.game.target).map_err(ViewError::Target)?;
        let seat = self.seat;
        let Some(play) = self.deal.play() else {
            return match self.hand.len() {
                8 => Ok(()),
                held => Err(ViewError::HandSizeInAuction { held }),
            };
        };
        let played = play.played_by();
        let all_played = played.0.iter().fold(CardSet::EMPTY, |acc, p| acc.or(*p));
        if let Some(card) = self.hand.and(all_played).first() {
            return Err(ViewError::PlayedAndHeld(card));
        }
        let own = played[seat].len();
        if self.hand.len() + own != 8 {
            return Err(ViewError::HandSize { seat, held: self.hand.len(), played: own });
        }
        // What each seat is known to have been dealt: the cards it played, the seat's own hand,
        // and below the pairs of the belotes said and the cards declared.
        let mut known = played;
        known[seat] = known[seat].or(self.hand);
        belotes_said(play, &played, &mut known)?;
        declarations(seat, play, &played, &mut known)?;
        belotes_unsaid(play, &played, &known)?;
        cards_legal(play, &known)
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        self.deal.dealer()
    }

    /// The cards the seat still holds.
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// The rule set, its options and the scoring options.
    pub fn rules(&self) -> Rules {
        self.deal.rules()
    }

    /// The game: its target and the totals before this deal.
    pub fn game(&self) -> GameContext {
        self.game
    }

    /// The game's target.
    pub fn target(&self) -> u16 {
        self.game.target
    }

    /// The totals before this deal.
    pub fn totals(&self) -> ByTeam<u32> {
        self.game.before
    }

    /// The deal's public history.
    pub fn public(&self) -> &PublicDeal {
        &self.deal
    }

    /// The auction so far.
    pub fn auction(&self) -> &Auction {
        self.deal.auction()
    }

    /// Every call so far, from the seat after the dealer.
    pub fn calls(&self) -> &[Call] {
        self.deal.calls()
    }

    /// The contract, once the auction is over with one.
    pub fn contract(&self) -> Option<Contract> {
        self.deal.contract()
    }

    /// The play, once the auction has a contract.
    pub fn play(&self) -> Option<&PublicPlay> {
        self.deal.play()
    }

    /// Every card played so far in this deal, in order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.deal.cards()
    }

    /// How many cards are down.
    pub fn cards_played(&self) -> usize {
        self.deal.play().map_or(0, PublicPlay::cards_played)
    }

    /// The belotes said so far: "Belote" is said aloud with the first of the king and queen, so
    /// it is public (one at most in a suit contract, one per suit in tout atout).
    pub fn belotes(&self) -> BelotesSaid {
        self.deal.play().map_or(BelotesSaid::NONE, PublicPlay::belotes)
    }

    /// `coinche`: what each seat announced with its first card, for the seats that have played
    /// one (a cent is known by its top card: [`crate::rules::Declaration::announced`]).
    pub fn declared(&self) -> Declared {
        self.deal.play().map_or(Declared::default(), PublicPlay::declared)
    }

    /// The seat that said "Belote" in the trump suit of a suit contract, if any.
    pub fn belote(&self) -> Option<Seat> {
        self.belotes().holder(self.contract()?.trump().suit()?)
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        self.deal.to_act()
    }
}

/// Each belote said: in a suit that makes one, by one seat, which has played its king or queen
/// and may hold the other; its pair is then known to be that seat's.
fn belotes_said(
    play: &PublicPlay,
    played: &BySeat<CardSet>,
    known: &mut BySeat<CardSet>,
) -> Result<(), ViewError> {
    let (trump, said) = (play.trump(), play.belotes());
    for suit in Suit::ALL {
        let mut sayers = Seat::ALL.into_iter().filter(|&s| said.contains(s, suit));
        let Some(seat) = sayers.next() else { continue };
        if let Some(other) = sayers.next() {
            return Err(ViewError::BeloteTwice { suit, seats: [seat, other] });
        }
        let pair = trump.belote_cards().of_suit(suit);
        if pair.is_empty() {
            return Err(ViewError::BeloteSuit { suit, trump });
        }
        if played[seat].and(pair).is_empty() {
            return Err(ViewError::BeloteUnplayed { seat, suit });
        }
        let elsewhere = others(known, seat);
        if let Some(card) = pair.and(elsewhere).first() {
            return Err(ViewError::BeloteNotHeld { seat, suit, card });
        }
        known[seat] = known[seat].or(pair);
    }
    Ok(())
}

/// Each declaration announced: under a rule set that has them, by a seat that has played its
/// first card, of cards no other seat is known to hold (and, for the seat's own, of its
/// cards); its cards are then known to be that seat's.
fn declarations(
    me: Seat,
    play: &PublicPlay,
    played: &BySeat<CardSet>,
    known: &mut BySeat<CardSet>,
) -> Result<(), ViewError> {
    let declared = play.declared();
    if declared.is_empty() {
        return Ok(());
    }
    if !play.rules().set.has_declarations() {
        return Err(ViewError::NoDeclarations);
    }
    for (seat, combination) in declared.0.iter() {
        let Some(combination) = combination else { continue };
        if played[seat].is_empty() {
            return Err(ViewError::DeclaredUnplayed { seat });
        }
        let cards = combination.cards();
        let foreign = if seat == me { cards.minus(known[me]) } else { CardSet::EMPTY };
        if let Some(card) = foreign.or(cards.and(others(known, seat))).first() {
            return Err(ViewError::DeclaredNotHeld { seat, card });
        }
        known[seat] = known[seat].or(cards);
    }
    Ok(())
}

/// No seat known to have held a belote's king and queen has played one of them without
/// saying it: the table says each belote with the first card of its pair.
fn belotes_unsaid(
    play: &PublicPlay,
    played: &BySeat<CardSet>,
    known: &BySeat<CardSet>,
) -> Result<(), ViewError> {
    let (pairs, said) = (play.trump().belote_cards(), play.belotes());
    for seat in Seat::ALL {
        for suit in Suit::ALL {
            let pair = pairs.of_suit(suit);
            let held = !pair.is_empty() && known[seat].and(pair) == pair;
            if held && !played[seat].and(pair).is_empty() && !said.contains(seat, suit) {
                return Err(ViewError::BeloteUnsaid { seat, suit });
            }
        }
    }
    Ok(())
}

/// Every card played was legal from the hand its seat is known to have held then: what it is
/// known to have been dealt, less the cards it had played before.
fn cards_legal(play: &PublicPlay, known: &BySeat<CardSet>) -> Result<(), ViewError> {
    let (trump, rules) = (play.trump(), play.rules());
    let mut gone = BySeat([CardSet::EMPTY; 4]);
    for (index, (trick, seat, card)) in play.plays().enumerate() {
        let held = known[seat].minus(gone[seat]);
        check_play(held, &trick, trump, rules, card).map_err(|error| ViewError::IllegalCard {
            index,
            seat,
            card,
            error,
        })?;
        gone[seat].insert(card);
    }
    Ok(())
}

/// The cards the seats other than `seat` are known to hold.
fn others(known: &BySeat<CardSet>, seat: Seat) -> CardSet {
    Seat::ALL.into_iter().filter(|&s| s != seat).fold(CardSet::EMPTY, |acc, s| acc.or(known[s]))
}
