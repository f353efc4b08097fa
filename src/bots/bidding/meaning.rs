//! What a call shows under the convention: the one description of the convention that the
//! bots' calls satisfy, that the expert's worlds are weighed by, and that the table explains a
//! call with.
//!
//! [`Meaning::of`] reads a call in the auction before it and says what the hand that made it
//! holds, as a few bounds on the convention's measures of a hand ([`Shown`]): its count in a
//! mode ([`evaluate`]), its partner's bid raised by its sure tricks ([`support`]), its hold on
//! the opponents' trump ([`contre_count`](super::contre_count)), a capot it takes or stops. The bounds cover every
//! style and wobble a `normal` bot bids with (a bold count 8 above the cautious one's 5 below,
//! each ±[`NOISE`]), so that every call the convention makes with a hand satisfies its meaning
//! with that hand ([`Meaning::admits`]); a property test over random deals holds the convention
//! to that. Read backwards, each bound weighs a hand by how far it misses
//! ([`Meaning::likelihood`]): a call the convention would not make with a hand makes the hand
//! less likely, never impossible, since a human or an overbidder bids their own way. Words for a
//! meaning are in `words.rs`, beside it.

use super::{
    HIGH, LOW, Reading, bid_in, contre_adjustment, contre_hold as hold, contre_need, evaluate,
    partner_bid, stops_capot, support, surcontre_surplus, sure_capot, top_run,
};
use crate::personas::BiddingStyle;
use crate::rules::{Auction, Bid, Call, CardSet, MAX_BID, MIN_BID, Multiplier, Rules, Seat, Trump};

/// One bound a call puts on the hand that made it, in the convention's measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A bid's level is within reach: the hand's count in `trump` reaches `level` for the
    /// boldest bidder, or its partner's bid `partner` in that mode, raised by the hand's sure
    /// tricks, does.
    Reach {
        /// The mode bid.
        trump: Trump,
        /// The level bid.
        level: u16,
        /// The partner's last bid in that mode, if any.
        partner: Option<Bid>,
    },
    /// An opening is the count floored to the ten: the hand counts no more than `at_most` in
    /// `trump` for the most cautious bidder.
    CountAtMost {
        /// The mode bid.
        trump: Trump,
        /// The highest count the opening allows.
        at_most: u16,
    },
    /// A bid on the hand's own count is in the mode it counts best, unless its partner's bid
    /// `partner` raised reaches `level`.
    BestMode {
        /// The mode bid.
        trump: Trump,
        /// The partner's last bid in that mode, which the bid may raise instead.
        partner: Option<Bid>,
        /// The level bid.
        level: u16,
    },
    /// A raise: the partner's bid `partner` plus the hand's sure tricks (10 a trick beyond the
    /// first) comes to at least `at_least` and at most `at_most`.
    Raise {
        /// The bid raised (or not raised, by a pass).
        partner: Bid,
        /// The least the raise comes to.
        at_least: Option<u16>,
        /// The most the raise comes to.
        at_most: Option<u16>,
    },
    /// A pass that bids nothing: the hand's best count for the most cautious bidder, and its
    /// partner's last bid `partner` raised by the hand, both stay at or under `at_most`.
    NoBid {
        /// The highest count, or raise, a pass allows.
        at_most: u16,
        /// The partner's last bid, if any.
        partner: Option<Bid>,
    },
    /// A contre's hold on the trump of the opponents' `bid`: [`contre_count`](super::contre_count) at least `need`.
    HoldAtLeast {
        /// The bid contred.
        bid: Bid,
        /// What the auction adds to the hand's hold ([`contre_count`](super::contre_count)).
        adjust: i32,
        /// The count a contre needs, for the boldest player.
        need: i32,
    },
    /// A pass that does not contre the opponents' `bid`: [`contre_count`](super::contre_count) at most `at_most`.
    HoldBelow {
        /// The bid not contred.
        bid: Bid,
        /// What the auction adds to the hand's hold.
        adjust: i32,
        /// The highest count a pass allows, for the most cautious player.
        at_most: i32,
    },
    /// A sure trick against the capot in `trump` (the trump jack in a suit; a guarded top card in sans atout and tout atout): `held` says whether the call
    /// shows one (a contre) or denies it (a pass).
    StopsCapot {
        /// The capot's mode.
        trump: Trump,
        /// Shown, or denied.
        held: bool,
    },
    /// A capot the hand takes by itself in `trump` ([`sure_capot`]).
    SureCapot {
        /// The capot's mode.
        trump: Trump,
    },
    /// A surcontre, by the taker of `bid`: the top of the trumps (the jack and the 9; three of
    /// the four aces or jacks in sans atout or tout atout) and a count at least `surplus` above
    /// the bid, the boldest player's.
    Surcontre {
        /// The bid surcontred.
        bid: Bid,
        /// How far above the bid the count stands, at least.
        surplus: u16,
    },
    /// A pass by the contred taker of `bid`: not the top of the trumps with a count `surplus`
    /// above the bid, the most cautious player's.
    NoSurcontre {
        /// The bid contred.
        bid: Bid,
        /// The surplus over the bid a cautious taker surcontres with.
        surplus: u16,
    },
}

/// Where in the auction a call comes, which decides what the convention reads in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// The first bid of the auction.
    Opening(Bid),
    /// A raise of the partner's bid `partner`, in its mode, to `to`.
    Raise {
        /// The partner's bid.
        partner: Bid,
        /// The bid made.
        to: Bid,
    },
    /// A bid over another bid (an opponent's, or the partner's in another mode): the hand's
    /// own count, or its partner's earlier bid raised.
    Overcall {
        /// The bid it goes over.
        over: Bid,
        /// Whether that bid is the partner's.
        partner_holds: bool,
        /// The bid made.
        bid: Bid,
    },
    /// A capot bid.
    Capot(Bid),
    /// A pass before any bid.
    PassFirst,
    /// A pass over the partner's bid; `raised` when the seat already bid in its mode (the
    /// convention raises once).
    PassPartner {
        /// The partner's bid.
        partner: Bid,
        /// Whether the seat already bid that mode.
        raised: bool,
    },
    /// A pass over its own bid.
    PassOwn,
    /// A pass over the opponents' bid.
    PassOpponents(Bid),
    /// A contre of the opponents' bid.
    Contre(Bid),
    /// A surcontre of the seat's own side's bid.
    Surcontre(Bid),
    /// A pass after a contre; `taker` when it is the contred taker's.
    PassDoubled {
        /// The bid contred.
        bid: Bid,
        /// Whether the seat is the taker.
        taker: bool,
    },
    /// A call the convention reads nothing in (an illegal one, or a contre with no bid).
    Nothing,
}

/// What one call shows of the hand that made it, under the convention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// Who called.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// Where it came.
    pub situation: Situation,
    /// The bounds it puts on the hand.
    pub shows: Vec<Shown>,
    /// The rules of the auction.
    pub rules: Rules,
}

/// Which of [`Reading`]'s widths a bound is read with.
#[derive(Clone, Copy)]
enum Width {
    Over,
    Under,
    Mode,
    Contre,
    /// A bound read as all or nothing: missed, the hand falls to [`Reading::floor`].
    Hard,
}

/// A bound that is met or missed, read as all or nothing: how far a missed one is counted.
const MISSED: i32 = 1;
/// How far a pass that denies a stop against a capot is counted when the hand holds one, on
/// the contre's width: a player may let a capot go, the convention never does.
const STOP_DENIED: i32 = 2;

impl Meaning {
    /// What `call` by the seat to speak shows, in `before` (the auction before it).
    pub fn of(before: &Auction, call: Call) -> Meaning {
        let rules = before.rules();
        let seat = before.to_speak().unwrap_or(before.first_to_speak());
        let (situation, shows) = read(seat, before, call);
        Meaning { seat, call, situation, shows, rules }
    }

    /// Whether `hand` meets every bound of the meaning: the convention, in some style and
    /// wobble, could have made the call with it.
    pub fn admits(&self, hand: CardSet) -> bool {
        self.shows.iter().all(|s| self.miss(s, hand).0 <= 0)
    }

    /// How likely a hand is to have made the call, by the convention read backwards: 1 when it
    /// meets every bound, less the further it misses each, never under `reading.floor`.
    pub fn likelihood(&self, hand: CardSet, reading: &Reading) -> f64 {
        let mut l = 1.0;
        for s in &self.shows {
            let (excess, width) = self.miss(s, hand);
            if excess <= 0 {
                continue;
            }
            let scale = match width {
                Width::Over => reading.over,
                Width::Under => reading.under,
                Width::Mode => reading.mode,
                Width::Contre => reading.contre,
                Width::Hard => return reading.floor,
            };
            l *= (-f64::from(excess) / scale).exp();
        }
        l.max(reading.floor)
    }

    /// How far `hand` misses the bound `s` (0 or less: it meets it), and the width it is read
    /// with.
    fn miss(&self, s: &Shown, hand: CardSet) -> (i32, Width) {
        let rules = self.rules;
        let raised = |b: Bid| i32::from(b.level.value()) + i32::from(support(hand, b.trump, rules));
        let best = || best_count(hand, rules);
        let met = |ok: bool| if ok { 0 } else { MISSED };
        match *s {
            Shown::Reach { trump, level, partner } => {
                let reach =
                    (evaluate(hand, trump, rules) + HIGH).max(partner.map_or(i32::MIN, raised));
                (i32::from(level) - reach, Width::Over)
            }
            Shown::CountAtMost { trump, at_most } => {
                (evaluate(hand, trump, rules) + LOW - i32::from(at_most), Width::Under)
            }
            Shown::BestMode { trump, partner, level } => {
                if partner.is_some_and(|p| raised(p) >= i32::from(level)) {
                    return (0, Width::Mode);
                }
                (best() - evaluate(hand, trump, rules), Width::Mode)
            }
            Shown::Raise { partner, at_least, at_most } => {
                let shown = raised(partner);
                if let Some(least) = at_least
                    && shown < i32::from(least)
                {
                    return (i32::from(least) - shown, Width::Over);
                }
                let most = at_most.map_or(i32::MAX, i32::from);
                (shown.saturating_sub(most), Width::Under)
            }
            Shown::NoBid { at_most, partner } => {
                let high = (best() + LOW).max(partner.map_or(i32::MIN, raised));
                (high - i32::from(at_most), Width::Under)
            }
            Shown::HoldAtLeast { bid, adjust, need } => {
                (need - (hold(hand, bid.trump, rules) + adjust), Width::Contre)
            }
            Shown::HoldBelow { bid, adjust, at_most } => {
                (hold(hand, bid.trump, rules) + adjust - at_most, Width::Contre)
            }
            Shown::StopsCapot { trump, held: true } => (met(stops_capot(hand, trump)), Width::Hard),
            Shown::StopsCapot { trump, held: false } => {
                (if stops_capot(hand, trump) { STOP_DENIED } else { 0 }, Width::Contre)
            }
            Shown::SureCapot { trump } => (met(sure_capot(hand, trump)), Width::Hard),
            Shown::Surcontre { bid, surplus } => {
                if !holds_the_top(hand, bid.trump) {
                    return (MISSED, Width::Hard);
                }
                let need = i32::from(bid.level.value()) + i32::from(surplus);
                (need - evaluate(hand, bid.trump, rules), Width::Over)
            }
            Shown::NoSurcontre { bid, surplus } => {
                if !holds_the_top(hand, bid.trump) {
                    return (0, Width::Under);
                }
                let most = i32::from(bid.level.value()) + i32::from(surplus) - 1;
                (evaluate(hand, bid.trump, rules) - most, Width::Under)
            }
        }
    }
}

/// What each call of `auction` shows, in order: the meanings an auction panel explains.
pub fn every_call(auction: &Auction) -> Vec<Meaning> {
    let mut before = Auction::new(auction.dealer(), auction.rules());
    let mut out = Vec::with_capacity(auction.calls().len());
    for &call in auction.calls() {
        out.push(Meaning::of(&before, call));
        if before.try_call(call).is_err() {
            break;
        }
    }
    out
}

/// The hand's count in the mode it counts best, of the modes `rules` allow.
pub(super) fn best_count(hand: CardSet, rules: Rules) -> i32 {
    let modes = if rules.nt_at { &Trump::ALL[..] } else { &Trump::ALL[..4] };
    modes.iter().map(|&t| evaluate(hand, t, rules)).max().unwrap_or(0)
}

/// Whether the taker holds the top of `trump` that a surcontre needs: the jack and the 9 of a
/// suit; the top card of three suits in sans atout or tout atout.
pub(super) fn holds_the_top(hand: CardSet, trump: Trump) -> bool {
    match trump {
        Trump::Suit(suit) => top_run(hand.of_suit(suit), trump) >= 2,
        Trump::NoTrump | Trump::AllTrump => {
            crate::rules::Suit::ALL
                .into_iter()
                .filter(|&s| top_run(hand.of_suit(s), trump) >= 1)
                .count()
                >= 3
        }
    }
}

/// The most a bid's count may stand above its level: the next ten, but a bid of 160 takes every
/// count above it.
fn ceiling(level: u16) -> Option<u16> {
    (level < MAX_BID).then_some(level + 9)
}

/// What the convention reads in `call` by `seat` in `before`.
fn read(seat: Seat, before: &Auction, call: Call) -> (Situation, Vec<Shown>) {
    let rules = before.rules();
    let legal = before.legal_calls();
    let current = before.current_bid();
    let partner = seat.partner();
    if !legal.allows(call) {
        return (Situation::Nothing, Vec::new());
    }
    if before.multiplier() != Multiplier::Simple {
        let Some((taker, bid)) = current else { return (Situation::Nothing, Vec::new()) };
        return match call {
            Call::Surcontre => (
                Situation::Surcontre(bid),
                vec![Shown::Surcontre { bid, surplus: surcontre_surplus(BiddingStyle::Bold) }],
            ),
            _ if taker == seat && legal.surcontre => (
                Situation::PassDoubled { bid, taker: true },
                vec![Shown::NoSurcontre {
                    bid,
                    surplus: surcontre_surplus(BiddingStyle::Cautious),
                }],
            ),
            _ => (Situation::PassDoubled { bid, taker: taker == seat }, Vec::new()),
        };
    }
    // The lowest bid in points allowed: over 160 only a capot is, which says nothing of counts.
    let min = match legal.min_level {
        Some(crate::rules::BidLevel::Points(v)) => Some(v),
        _ => None,
    };
    match call {
        Call::Surcontre => (Situation::Nothing, Vec::new()),
        Call::Contre => match current {
            Some((_, bid)) if bid.is_capot() => {
                (Situation::Contre(bid), vec![Shown::StopsCapot { trump: bid.trump, held: true }])
            }
            Some((_, bid)) => {
                let adjust = contre_adjustment(before, bid);
                let need = contre_need(BiddingStyle::Bold, rules);
                (Situation::Contre(bid), vec![Shown::HoldAtLeast { bid, adjust, need }])
            }
            None => (Situation::Nothing, Vec::new()),
        },
        Call::Bid(b) if b.is_capot() => {
            (Situation::Capot(b), vec![Shown::SureCapot { trump: b.trump }])
        }
        Call::Bid(b) => {
            let level = b.level.value();
            match current {
                Some((bidder, pb)) if bidder == partner && pb.trump == b.trump => (
                    Situation::Raise { partner: pb, to: b },
                    vec![Shown::Raise {
                        partner: pb,
                        at_least: Some(level),
                        at_most: ceiling(level),
                    }],
                ),
                _ => {
                    let by_partner = partner_bid(before, partner).filter(|pb| pb.trump == b.trump);
                    let mut shows = vec![
                        Shown::Reach { trump: b.trump, level, partner: by_partner },
                        Shown::BestMode { trump: b.trump, partner: by_partner, level },
                    ];
                    let situation = match current {
                        None => {
                            if let Some(at_most) = ceiling(level) {
                                shows.push(Shown::CountAtMost { trump: b.trump, at_most });
                            }
                            Situation::Opening(b)
                        }
                        Some((bidder, over)) => {
                            Situation::Overcall { over, partner_holds: bidder == partner, bid: b }
                        }
                    };
                    (situation, shows)
                }
            }
        }
        Call::Pass => match current {
            None => {
                (Situation::PassFirst, vec![Shown::NoBid { at_most: MIN_BID - 1, partner: None }])
            }
            Some((bidder, _)) if bidder == seat => (Situation::PassOwn, Vec::new()),
            Some((bidder, pb)) if bidder == partner => {
                let raised = bid_in(before, seat, pb.trump);
                let shows = match min {
                    Some(min) if !raised => {
                        vec![Shown::Raise { partner: pb, at_least: None, at_most: Some(min - 1) }]
                    }
                    _ => Vec::new(),
                };
                (Situation::PassPartner { partner: pb, raised }, shows)
            }
            Some((_, pb)) => {
                let mut shows = Vec::new();
                if legal.contre && pb.is_capot() {
                    shows.push(Shown::StopsCapot { trump: pb.trump, held: false });
                } else if legal.contre {
                    let adjust = contre_adjustment(before, pb);
                    let at_most = contre_need(BiddingStyle::Cautious, rules) - 1;
                    shows.push(Shown::HoldBelow { bid: pb, adjust, at_most });
                }
                if let Some(min) = min {
                    shows.push(Shown::NoBid {
                        at_most: min - 1,
                        partner: partner_bid(before, partner),
                    });
                }
                (Situation::PassOpponents(pb), shows)
            }
        },
    }
}

#[cfg(test)]
mod tests;
