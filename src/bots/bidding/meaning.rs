//! What a call shows of the hand that made it, for each level of computer player: the one
//! description of a level's bidding that its calls satisfy, that the expert's worlds are
//! weighed by, and that the table explains a call with.
//!
//! [`Meaning::of`] reads a call in the auction before it, by the level of the seat that made it,
//! and says what that hand holds, as a few bounds on the convention's measures of a hand
//! ([`Shown`]): its worth in a mode ([`evaluate`]), its partner's bid raised by its sure tricks
//! ([`support`]), its hold on the opponents' trump ([`contre_count`](super::contre_count)), a
//! capot it takes or stops. A meaning has two lists of bounds:
//!
//! - **what the call shows** ([`Meaning::shows`]): bounds that every hand making the call at
//!   that level meets. They cover every style and wobble the level bids with; for the expert,
//!   which moves off the convention when its worlds say another call pays more, they are the
//!   convention's own widened by the [`Leeway`] its calls were measured to need, and the expert
//!   weighs no call whose meaning its hand falls outside. Property tests over random deals hold
//!   every level to this ([`Meaning::admits`]);
//! - **the convention's bounds** ([`Meaning::convention`]): what the convention would call with,
//!   from which a reader weighs a hand down by how far it misses ([`Meaning::likelihood`]).
//!
//! A person's calls are explained and read as the expert's: the expert is the teacher whose hints
//! a player sees, and the partner who reads them. Words for a meaning are in `words.rs`, beside it.

use super::{
    HIGH, LOW, NORMAL_CONTRE_COUNT, Reading, bid_in, contre_adjustment, contre_hold as hold,
    contre_need, evaluate, partner_bid, stops_capot, support, surcontre_surplus, sure_capot,
    top_run,
};
use crate::personas::{BiddingStyle, Level};
use crate::rules::{
    Auction, Bid, BySeat, Call, CardSet, MAX_BID, MIN_BID, Multiplier, Rules, Seat, Trump,
};

/// One bound a call puts on the hand that made it, in the convention's measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A bid's level is within reach: the hand is worth at least `from` in `trump`, or its
    /// partner's bid `partner` in that mode, raised by the hand's sure tricks, comes to at least
    /// `raised_from`.
    Reach {
        /// The mode bid.
        trump: Trump,
        /// The least worth in `trump` that reaches the bid.
        from: i32,
        /// The partner's last bid in that mode, if any.
        partner: Option<Bid>,
        /// The least the partner's bid raised comes to.
        raised_from: i32,
    },
    /// The hand is worth no more than `at_most` in `trump`: an opening is the worth floored to
    /// the ten.
    WorthAtMost {
        /// The mode bid.
        trump: Trump,
        /// The most the hand is worth.
        at_most: i32,
    },
    /// A bid on the hand's own worth is in the mode it is worth most in, unless its partner's
    /// bid `partner` raised reaches `level`.
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
        at_least: Option<i32>,
        /// The most the raise comes to.
        at_most: Option<i32>,
    },
    /// A pass that bids nothing: the hand is worth at most `at_most` in every mode, and its
    /// partner's last bid `partner` raised by the hand comes to at most `raised_at_most`.
    NoBid {
        /// The most the hand is worth in its best mode.
        at_most: i32,
        /// The partner's last bid, if any.
        partner: Option<Bid>,
        /// The most the partner's bid raised comes to.
        raised_at_most: i32,
    },
    /// A contre's hold on the trump of the opponents' `bid`: [`contre_count`](super::contre_count) at least `need`.
    HoldAtLeast {
        /// The bid contred.
        bid: Bid,
        /// What the auction adds to the hand's hold ([`contre_count`](super::contre_count)).
        adjust: i32,
        /// The least count.
        need: i32,
    },
    /// A pass that does not contre the opponents' `bid`: [`contre_count`](super::contre_count) at most `at_most`.
    HoldBelow {
        /// The bid not contred.
        bid: Bid,
        /// What the auction adds to the hand's hold.
        adjust: i32,
        /// The highest count.
        at_most: i32,
    },
    /// A sure trick against the capot in `trump` (the trump jack in a suit; a guarded top card
    /// in sans atout and tout atout): `held` says whether the call shows one (a contre) or
    /// denies it (a pass).
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
    /// A capot the hand takes by itself in `trump`, or a hand worth at least `from` in it.
    CapotOrWorth {
        /// The capot's mode.
        trump: Trump,
        /// The least worth.
        from: i32,
    },
    /// A surcontre, by the taker of `bid`: the top of the trumps (the jack and the 9; three of
    /// the four aces or jacks in sans atout or tout atout) and a worth of at least `from`.
    Surcontre {
        /// The bid surcontred.
        bid: Bid,
        /// The least worth.
        from: i32,
    },
    /// A pass by the contred taker of `bid`: not the top of the trumps with a worth of
    /// `from` or more.
    NoSurcontre {
        /// The bid contred.
        bid: Bid,
        /// The worth from which a taker with the top surcontres.
        from: i32,
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
    /// own worth, or its partner's earlier bid raised.
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
    /// A call nothing is read in (an illegal one, or a contre with no bid).
    Nothing,
}

/// What one call shows of the hand that made it, at its caller's level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// Who called.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// The level whose bidding explains the call (the expert's for a person).
    pub level: Level,
    /// Where it came.
    pub situation: Situation,
    /// The bounds every hand that makes the call at this level meets.
    pub shows: Vec<Shown>,
    /// The bounds of the convention's call, from which the reading weighs a hand.
    pub convention: Vec<Shown>,
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

/// How far the expert's calls may stray from the convention's bounds: the convention's bounds
/// widened by these make what an expert call shows, and the expert weighs no call beyond them.
///
/// Measured on the expert's calls over 1,400 deals of every rule set, against itself and
/// against `normal` (docs/strength.md): each is about the largest miss seen, so that the expert
/// keeps nearly every call it made before, and a call beyond them is one it made in fewer than
/// one deal in a hundred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leeway {
    /// Points an opening may stand above the worth that reaches it.
    pub open: i32,
    /// Points a bid over another may stand above the worth (or the partner's bid raised) that
    /// reaches it.
    pub over: i32,
    /// Points an opening may stand below the worth it is floored from.
    pub under: i32,
    /// Points a raise may stand above or below the convention's.
    pub raise: i32,
    /// Points a pass may hold above what the convention bids with.
    pub pass: i32,
    /// Steps of [`contre_count`](super::contre_count) a contre may lack.
    pub contre: i32,
    /// Steps a pass may hold above what the convention contres with.
    pub no_contre: i32,
}

/// The expert's [`Leeway`].
pub const EXPERT_LEEWAY: Leeway =
    Leeway { open: 20, over: 40, under: 50, raise: 20, pass: 40, contre: 6, no_contre: 2 };

/// The worth in a mode from which the expert weighs a capot in it, beside the capots the
/// convention bids: what its capot bid shows.
pub const EXPERT_CAPOT_WORTH: i32 = 150;

/// The level a person's calls are explained and read by: the expert's.
pub const PERSON: Level = Level::Expert;

/// How a level bids, for the bounds its calls show: the range its worth may be shifted by
/// (style and wobble), and whether it raises its partner, contres and surcontres.
#[derive(Clone, Copy)]
struct Bidder {
    /// The most a bid may stand above the worth.
    high: i32,
    /// The most a bid may stand below it (negative).
    low: i32,
    /// Raises its partner by its sure tricks (and counts them when it competes and passes).
    raises: bool,
    /// Contres (and surcontres) by the convention.
    contres: bool,
}

/// The convention, as `normal` bids it in both styles and every wobble.
const CONVENTION: Bidder = Bidder { high: HIGH, low: LOW, raises: true, contres: true };

/// The `easy` level: its own hand, a larger wobble, no raise and no contre.
const EASY: Bidder = Bidder {
    high: super::tilt(BiddingStyle::Bold) + super::EASY_NOISE,
    low: super::tilt(BiddingStyle::Cautious) - super::EASY_NOISE,
    raises: false,
    contres: false,
};

impl Meaning {
    /// What `call` by the seat to speak shows in `before` (the auction before it), made by a
    /// computer player of `level` (by a person: [`Level::Expert`]).
    pub fn of(before: &Auction, call: Call, level: Level) -> Meaning {
        let rules = before.rules();
        let seat = before.to_speak().unwrap_or(before.first_to_speak());
        let (situation, convention) = read(seat, before, call, CONVENTION);
        let (shows, convention) = match level {
            Level::Random => (Vec::new(), Vec::new()),
            Level::Easy => {
                let own = read(seat, before, call, EASY).1;
                (own.clone(), own)
            }
            Level::Normal => (convention.iter().map(|&s| normal_shows(s)).collect(), convention),
            Level::Expert => {
                let opening = matches!(situation, Situation::Opening(_));
                let leeway = Leeway {
                    over: if opening { EXPERT_LEEWAY.open } else { EXPERT_LEEWAY.over },
                    ..EXPERT_LEEWAY
                };
                (convention.iter().filter_map(|&s| expert_shows(s, leeway)).collect(), convention)
            }
        };
        Meaning { seat, call, level, situation, shows, convention, rules }
    }

    /// Whether `hand` meets every bound the call shows: the level could have made the call
    /// with it.
    pub fn admits(&self, hand: CardSet) -> bool {
        self.shows.iter().all(|s| self.miss(s, hand).0 <= 0)
    }

    /// Whether the convention itself could have made the call with `hand`.
    pub fn by_convention(&self, hand: CardSet) -> bool {
        self.convention.iter().all(|s| self.miss(s, hand).0 <= 0)
    }

    /// How likely a hand is to have made the call: read from the convention's bounds, 1 when it
    /// meets every one, less the further it misses each, never under `reading.floor`. A call the
    /// convention would not make makes the hand less likely, never impossible: the expert and a
    /// person bid their own way, and a reader that trusted a bid to the point would see the
    /// contracts that fail as sound (`docs/strength.md`).
    pub fn likelihood(&self, hand: CardSet, reading: &Reading) -> f64 {
        let mut l = 1.0;
        for s in &self.convention {
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

    /// The first bound of what the call shows that `hand` misses, and by how much.
    pub fn missed(&self, hand: CardSet) -> Option<(Shown, i32)> {
        self.shows.iter().map(|&s| (s, self.miss(&s, hand).0)).find(|&(_, m)| m > 0)
    }

    /// How far `hand` misses the bound `s` (0 or less: it meets it), and the width it is read
    /// with.
    fn miss(&self, s: &Shown, hand: CardSet) -> (i32, Width) {
        let rules = self.rules;
        let raised = |b: Bid| i32::from(b.level.value()) + i32::from(support(hand, b.trump, rules));
        let met = |ok: bool| if ok { 0 } else { MISSED };
        match *s {
            Shown::Reach { trump, from, partner, raised_from } => {
                let own = from - evaluate(hand, trump, rules);
                let by_partner = partner.map_or(i32::MAX, |p| raised_from - raised(p));
                (own.min(by_partner), Width::Over)
            }
            Shown::WorthAtMost { trump, at_most } => {
                (evaluate(hand, trump, rules) - at_most, Width::Under)
            }
            Shown::BestMode { trump, partner, level } => {
                if partner.is_some_and(|p| raised(p) >= i32::from(level)) {
                    return (0, Width::Mode);
                }
                (best_count(hand, rules) - evaluate(hand, trump, rules), Width::Mode)
            }
            Shown::Raise { partner, at_least, at_most } => {
                let shown = raised(partner);
                if let Some(least) = at_least
                    && shown < least
                {
                    return (least - shown, Width::Over);
                }
                (shown.saturating_sub(at_most.unwrap_or(i32::MAX)), Width::Under)
            }
            Shown::NoBid { at_most, partner, raised_at_most } => {
                let own = best_count(hand, rules) - at_most;
                let by_partner = partner.map_or(i32::MIN, |p| raised(p) - raised_at_most);
                (own.max(by_partner), Width::Under)
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
            Shown::CapotOrWorth { trump, from } => {
                let short = from - evaluate(hand, trump, rules);
                (if sure_capot(hand, trump) { 0 } else { short }, Width::Over)
            }
            Shown::Surcontre { bid, from } => {
                if !holds_the_top(hand, bid.trump) {
                    return (MISSED, Width::Hard);
                }
                (from - evaluate(hand, bid.trump, rules), Width::Over)
            }
            Shown::NoSurcontre { bid, from } => {
                if !holds_the_top(hand, bid.trump) {
                    return (0, Width::Under);
                }
                (evaluate(hand, bid.trump, rules) - from + 1, Width::Under)
            }
        }
    }
}

/// What each call of `auction` shows, in order, each read by the level of the seat that made
/// it in `levels`: the meanings an auction panel explains.
pub fn every_call(auction: &Auction, levels: &BySeat<Level>) -> Vec<Meaning> {
    let mut before = Auction::new(auction.dealer(), auction.rules());
    let mut out = Vec::with_capacity(auction.calls().len());
    for &call in auction.calls() {
        let seat = before.to_speak().unwrap_or(before.first_to_speak());
        out.push(Meaning::of(&before, call, levels[seat]));
        if before.try_call(call).is_err() {
            break;
        }
    }
    out
}

/// What a `normal` call shows of the convention's bound `s`: the bound itself, but for a
/// contre, which `normal` also makes on a weaker hold when most of its worlds see the contract
/// fail (`bots::normal_contre`).
fn normal_shows(s: Shown) -> Shown {
    match s {
        Shown::HoldAtLeast { bid, adjust, .. } => {
            Shown::HoldAtLeast { bid, adjust, need: NORMAL_CONTRE_COUNT }
        }
        s => s,
    }
}

/// What an expert call shows of the convention's bound `s`: the bound widened by `leeway`, or
/// nothing where the expert's calls keep to no such bound (its mode, its surcontre).
fn expert_shows(s: Shown, leeway: Leeway) -> Option<Shown> {
    Some(match s {
        Shown::Reach { trump, from, partner, raised_from } => Shown::Reach {
            trump,
            from: from - leeway.over,
            partner,
            raised_from: raised_from - leeway.over,
        },
        Shown::WorthAtMost { trump, at_most } => {
            Shown::WorthAtMost { trump, at_most: at_most + leeway.under }
        }
        Shown::BestMode { .. } | Shown::Surcontre { .. } => return None,
        Shown::Raise { partner, at_least, at_most } => Shown::Raise {
            partner,
            at_least: at_least.map(|l| l - leeway.raise),
            at_most: at_most.map(|m| m + leeway.raise),
        },
        Shown::NoBid { at_most, partner, raised_at_most } => Shown::NoBid {
            at_most: at_most + leeway.pass,
            partner,
            raised_at_most: raised_at_most + leeway.raise,
        },
        Shown::HoldAtLeast { bid, adjust, need } => {
            Shown::HoldAtLeast { bid, adjust, need: need - leeway.contre }
        }
        Shown::HoldBelow { bid, adjust, at_most } => {
            Shown::HoldBelow { bid, adjust, at_most: at_most + leeway.no_contre }
        }
        Shown::SureCapot { trump } => Shown::CapotOrWorth { trump, from: EXPERT_CAPOT_WORTH },
        // The expert passes a capot it could contre, and does not surcontre, when its worlds say
        // so: its pass denies neither.
        Shown::StopsCapot { held: false, .. } | Shown::NoSurcontre { .. } => return None,
        s @ (Shown::StopsCapot { .. } | Shown::CapotOrWorth { .. }) => s,
    })
}

/// The hand's worth in the mode it is worth most in, of the modes `rules` allow.
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

/// The most a bid's worth may stand above its level before the next ten is bid: the next ten,
/// but a bid of 160 takes every worth above it.
fn ceiling(level: u16) -> Option<i32> {
    (level < MAX_BID).then_some(i32::from(level) + 9)
}

/// What `bidder` reads in `call` by `seat` in `before`: the situation, and the bounds.
fn read(seat: Seat, before: &Auction, call: Call, bidder: Bidder) -> (Situation, Vec<Shown>) {
    if !before.legal_calls().allows(call) {
        return (Situation::Nothing, Vec::new());
    }
    if before.multiplier() != Multiplier::Simple {
        return read_doubled(seat, before, call, bidder);
    }
    match call {
        Call::Surcontre => (Situation::Nothing, Vec::new()),
        Call::Contre => read_contre(before, bidder),
        Call::Bid(b) => read_bid(seat, before, b, bidder),
        Call::Pass => read_pass(seat, before, bidder),
    }
}

/// A call after a contre: the surcontre, or a pass.
fn read_doubled(
    seat: Seat,
    before: &Auction,
    call: Call,
    bidder: Bidder,
) -> (Situation, Vec<Shown>) {
    let Some((taker, bid)) = before.current_bid() else { return (Situation::Nothing, Vec::new()) };
    let level = i32::from(bid.level.value());
    match call {
        Call::Surcontre if bidder.contres => (
            Situation::Surcontre(bid),
            vec![Shown::Surcontre {
                bid,
                from: level + i32::from(surcontre_surplus(BiddingStyle::Bold)),
            }],
        ),
        Call::Surcontre => (Situation::Surcontre(bid), Vec::new()),
        _ if taker == seat && before.legal_calls().surcontre && bidder.contres => (
            Situation::PassDoubled { bid, taker: true },
            vec![Shown::NoSurcontre {
                bid,
                from: level + i32::from(surcontre_surplus(BiddingStyle::Cautious)),
            }],
        ),
        _ => (Situation::PassDoubled { bid, taker: taker == seat }, Vec::new()),
    }
}

/// A contre of the opponents' bid: a hold on its trump, or a stop against its capot.
fn read_contre(before: &Auction, bidder: Bidder) -> (Situation, Vec<Shown>) {
    match before.current_bid() {
        Some((_, bid)) if !bidder.contres => (Situation::Contre(bid), Vec::new()),
        Some((_, bid)) if bid.is_capot() => {
            (Situation::Contre(bid), vec![Shown::StopsCapot { trump: bid.trump, held: true }])
        }
        Some((_, bid)) => {
            let adjust = contre_adjustment(before, bid);
            let need = contre_need(BiddingStyle::Bold, before.rules());
            (Situation::Contre(bid), vec![Shown::HoldAtLeast { bid, adjust, need }])
        }
        None => (Situation::Nothing, Vec::new()),
    }
}

/// A bid: a capot, a raise of the partner's bid, an opening or a bid over another.
fn read_bid(seat: Seat, before: &Auction, b: Bid, bidder: Bidder) -> (Situation, Vec<Shown>) {
    if b.is_capot() {
        return (Situation::Capot(b), vec![Shown::SureCapot { trump: b.trump }]);
    }
    let partner = seat.partner();
    let current = before.current_bid();
    let level = b.level.value();
    let at = i32::from(level);
    if let Some((holder, pb)) = current
        && holder == partner
        && pb.trump == b.trump
    {
        let shows = if bidder.raises {
            vec![Shown::Raise { partner: pb, at_least: Some(at), at_most: ceiling(level) }]
        } else {
            Vec::new()
        };
        return (Situation::Raise { partner: pb, to: b }, shows);
    }
    let by_partner = partner_bid(before, partner).filter(|pb| bidder.raises && pb.trump == b.trump);
    let mut shows = vec![
        Shown::Reach {
            trump: b.trump,
            from: at - bidder.high,
            partner: by_partner,
            raised_from: at,
        },
        Shown::BestMode { trump: b.trump, partner: by_partner, level },
    ];
    let situation = match current {
        None => {
            if let Some(top) = ceiling(level) {
                shows.push(Shown::WorthAtMost { trump: b.trump, at_most: top - bidder.low });
            }
            Situation::Opening(b)
        }
        Some((holder, over)) => {
            Situation::Overcall { over, partner_holds: holder == partner, bid: b }
        }
    };
    (situation, shows)
}

/// A pass: before any bid, over its own bid, its partner's or the opponents'.
fn read_pass(seat: Seat, before: &Auction, bidder: Bidder) -> (Situation, Vec<Shown>) {
    let legal = before.legal_calls();
    let partner = seat.partner();
    // The lowest bid in points allowed: over 160 only a capot is, which says nothing of worth.
    let min = match legal.min_level {
        Some(crate::rules::BidLevel::Points(v)) => Some(i32::from(v)),
        _ => None,
    };
    match before.current_bid() {
        None => (
            Situation::PassFirst,
            vec![Shown::NoBid {
                at_most: i32::from(MIN_BID) - 1 - bidder.low,
                partner: None,
                raised_at_most: 0,
            }],
        ),
        Some((holder, _)) if holder == seat => (Situation::PassOwn, Vec::new()),
        Some((holder, pb)) if holder == partner => {
            let raised = bid_in(before, seat, pb.trump);
            let shows = match min {
                Some(min) if !raised && bidder.raises => {
                    vec![Shown::Raise { partner: pb, at_least: None, at_most: Some(min - 1) }]
                }
                _ => Vec::new(),
            };
            (Situation::PassPartner { partner: pb, raised }, shows)
        }
        Some((_, pb)) => {
            let mut shows = Vec::new();
            if legal.contre && bidder.contres && pb.is_capot() {
                shows.push(Shown::StopsCapot { trump: pb.trump, held: false });
            } else if legal.contre && bidder.contres {
                let adjust = contre_adjustment(before, pb);
                let at_most = contre_need(BiddingStyle::Cautious, before.rules()) - 1;
                shows.push(Shown::HoldBelow { bid: pb, adjust, at_most });
            }
            if let Some(min) = min {
                let partner = partner_bid(before, partner).filter(|_| bidder.raises);
                shows.push(Shown::NoBid {
                    at_most: min - 1 - bidder.low,
                    partner,
                    raised_at_most: min - 1,
                });
            }
            (Situation::PassOpponents(pb), shows)
        }
    }
}

#[cfg(test)]
mod tests;
