//! Hand evaluation and the bidding convention the computer players use and read.
//!
//! The convention, as `RULES.md` states it for players:
//!
//! - **Opening.** A hand is worth, for each possible trump, an estimate of the points the
//!   partnership makes with it (the hand's own honours, length and ruffs, plus an allowance for an
//!   average partner). The bot opens at that estimate rounded down to the ten, in its best suit,
//!   when it reaches 80. In practice 80 or 90 shows the trump J-9 with a side ace, or the jack
//!   with four more trumps and an ace; each further 10 about one more trick.
//! - **Sans atout and tout atout**, when the game allows them, are counted on the same scale and
//!   bid when they count more than every suit. Sans atout counts the aces (22 each), the 10 under
//!   an ace (14), each further card of a run from the ace (7), each card beyond the fourth of a
//!   suit headed by its ace (6) and a guarded 10 without its ace (7), plus 16 for an average
//!   partner: a void and no ace never reach 80. Tout atout counts the same way with the jacks (20),
//!   the 9 under a jack (16), each further card of the run (10), length under a jack (7), a
//!   guarded 9 without its jack (7) and each belote (22), plus 25. So two ace-10s and an ace
//!   open about 110 in sans atout, and so do two jack-9s and a jack in tout atout.
//! - **Raises.** Partner's bid is read as a promise of its level, counting on an average partner
//!   for about one trick. The partner counts its sure tricks: the trump jack, the trump 9, each
//!   side ace, and two for the belote; the first is the one the opener already counted on, and
//!   each further one adds 10. It raises once, to the bid plus what it counts, if that beats the
//!   current bid. Over sans atout the sure tricks are the aces and the 10s under them; over tout
//!   atout the jacks and the 9s under them, each belote counting two.
//! - **Competing.** Over an opponent's bid, a bot bids the lowest level that beats it: in its own
//!   best mode when its estimate reaches that level, or in its partner's when the partner's level
//!   plus its raise does.
//! - **Capot** only with a hand that takes all eight tricks by itself: the top trumps and nothing
//!   but masters on the side; in sans atout and tout atout, nothing but masters from the top of
//!   every suit, and no void.
//! - **Contre** on the hold the hand has on the taker's trump: a count of trump length (three 2,
//!   four 5, five or more 7, two or fewer -1), the jack and the 9 (2 each) and side aces (1
//!   each), one less when the taker's partner raised the suit, one more from 120 up; the bot
//!   contres at 6. Against sans atout and tout atout the count is of the suits' top cards: 2 for
//!   each ace (jack), 1 for the 10 (9) under it, 1 for four or more cards headed by it, 1 for a
//!   guarded 10 (9) without it. Against a capot, with a card that surely takes a trick: the
//!   trump jack, alone or not (nothing beats it, and at the latest it wins the last trick); in
//!   sans atout and tout atout a suit's top card with a guard. Never on partner's bid (the rules
//!   forbid it anyway).
//!   **Surcontre** by the taker alone, holding the trump jack and 9 (three of the four aces or
//!   jacks in sans atout or tout atout), when its count is 30 above the bid.
//! - **Coinche.** The declarations the hand holds count their points in its estimate, 5 less for
//!   what the defence may declare (the takers must also outscore it); a raise adds a declaration
//!   of 100 or more (a cent or a carré), which nearly always scores; a defender adds 2 to its
//!   contre count for each 50 points it declares, which the takers must outscore.
//! - **Plain.** The contre doubles only the bid, so a bot contres one count earlier (5, or 6 when
//!   cautious).
//! - **Styles.** A cautious bot counts its hand 5 points lower when it opens or competes and needs
//!   7 to contre; a bold bot counts 8 points higher, contres at 6 and surcontres 20 above the
//!   bid. Raises follow the convention exactly in both styles, so the partner can always read
//!   them.
//!
//! Why these numbers: a trump jack is 20 card points and a sure trick, the 9 is 14 and the second
//! trick only when the jack is there to protect it, aces are 11 and a trick each, and a partner of
//! average strength brings about 35 points of tricks. The estimates were tuned on duplicate
//! matches (`contree arena`), one change at a time against the previous version. The sans atout
//! and tout atout tables come from 100,000 deals played in all six modes by the `normal` card
//! play, fitted so that a count of 80 makes 80 as often as a suit count does; moving either by 5
//! changed nothing beyond half a point a deal in duplicate.

mod meaning;
mod words;

pub use meaning::{
    EXPERT_CAPOT_WORTH, EXPERT_LEEWAY, Leeway, Meaning, PERSON, Shown, Situation, every_call,
};

use rand::RngExt;

use crate::personas::BiddingStyle;
use crate::rules::{
    Auction, Bid, BidLevel, BySeat, Call, Card, CardSet, Combination, MAX_BID, MIN_BID, Multiplier,
    Rank, RuleSet, Rules, Seat, Suit, Trump,
};

/// Points an average partner is expected to bring to a contract, before it has said anything
/// (tuned in duplicate: 30 and 40 both lost 2 to 3 points a deal against 35).
const PARTNER_ALLOWANCE: i32 = 35;

/// `coinche`: what the count loses because the takers must also outscore the defence, which may
/// declare too (measured in duplicate over 100,000 deals: 5 beats 10 by 1.5 points a deal and
/// 0 by 1.3; counting no declaration at all loses 4.8).
const COINCHE_DEFENCE: i32 = 5;

/// `coinche`: the smallest declaration a raise counts, a cent or a carré, which nearly always
/// scores (measured in duplicate over 100,000 deals: counting every declaration in raises lost
/// 3.1 points a deal; counting none, the same as counting these).
const SURE_DECLARATION: u16 = 100;

/// The estimated points the partnership makes with `trump`, from this hand alone plus an
/// allowance for an average partner, belotes included; under `coinche`, with the hand's
/// declarations and 5 less for the defence's. Every mode is counted on the scale of a suit
/// contract, so that the counts of two modes compare and a count of 80 makes 80 about as often.
pub fn evaluate(hand: CardSet, trump: Trump, rules: Rules) -> i32 {
    let cards = match trump {
        Trump::Suit(suit) => own_value(hand, suit) + PARTNER_ALLOWANCE,
        Trump::NoTrump => mode_value(hand, trump, &SANS_ATOUT),
        Trump::AllTrump => mode_value(hand, trump, &TOUT_ATOUT),
    };
    if rules.set.has_declarations() {
        cards + i32::from(Combination::best(hand, trump).points()) - COINCHE_DEFENCE
    } else {
        cards
    }
}

/// How a hand is counted in sans atout or tout atout, suit by suit: the mode's top card of
/// each suit (the ace in sans atout, the jack in tout atout), the second with it, each further
/// card of a run from the top, each card beyond the fourth of a suit headed by its top card, the
/// second card with a guard and without the top, and each belote.
#[derive(Clone, Copy, Debug)]
struct ModeCount {
    /// What an average partner brings, on the scale of suit counts.
    partner: i32,
    top: i32,
    second: i32,
    run: i32,
    length: i32,
    guarded_second: i32,
    belote: i32,
}

/// Sans atout: an ace is 19 points and a sure trick, a 10 under its ace a second one.
const SANS_ATOUT: ModeCount =
    ModeCount { partner: 16, top: 22, second: 14, run: 7, length: 6, guarded_second: 7, belote: 0 };

/// Tout atout: a jack is 14 points and a sure trick, a 9 under its jack a second one; a belote
/// is 20 points in every suit.
const TOUT_ATOUT: ModeCount = ModeCount {
    partner: 25,
    top: 20,
    second: 16,
    run: 10,
    length: 7,
    guarded_second: 7,
    belote: 22,
};

/// The count of `hand` in sans atout or tout atout by `table`.
fn mode_value(hand: CardSet, trump: Trump, table: &ModeCount) -> i32 {
    let mut v = table.partner;
    for suit in Suit::ALL {
        let cards = hand.of_suit(suit);
        let n = cards.len() as i32;
        let run = top_run(cards, trump) as i32;
        if run >= 1 {
            v += table.top;
        }
        if run >= 2 {
            v += table.second;
        }
        if run >= 3 {
            v += table.run * (run - 2);
        }
        if run >= 1 && n >= 5 {
            v += table.length * (n - 4);
        }
        if run == 0 && n >= 2 && cards.iter().any(|c| c.strength(trump) == SECOND) {
            v += table.guarded_second;
        }
    }
    v + table.belote * belotes(hand, trump) as i32
}

/// The strength of a suit's second card in its order (the 10 in plain order, the 9 in trump
/// order): one below the top card's 7.
const SECOND: u8 = 6;

/// How many belotes `hand` holds under `trump`.
fn belotes(hand: CardSet, trump: Trump) -> usize {
    Suit::ALL
        .into_iter()
        .filter(|&s| {
            let pair = trump.belote_cards().of_suit(s);
            !pair.is_empty() && hand.and(pair) == pair
        })
        .count()
}

/// How many cards of one suit, `cards`, run down from the suit's top card under `trump`: 1 for
/// the ace alone in sans atout, 2 for the jack and 9 in tout atout or of trump.
fn top_run(cards: CardSet, trump: Trump) -> usize {
    let held = cards.iter().fold(0u8, |m, c| m | 1 << c.strength(trump));
    held.leading_ones() as usize
}

/// What the hand itself is worth with `suit` as trump.
fn own_value(hand: CardSet, suit: Suit) -> i32 {
    let trumps = hand.of_suit(suit);
    let n = trumps.len() as i32;
    let has = |r: Rank| trumps.contains(Card::new(suit, r));
    let mut v = 0;
    // Trump honours: the jack is 20 points and the top trick; the 9 is 14 points and a second
    // trick when the jack covers it or when there is length to guard it.
    if has(Rank::Jack) {
        v += 25;
    }
    if has(Rank::Nine) {
        v += if has(Rank::Jack) {
            18
        } else if n >= 3 {
            12
        } else {
            5
        };
    }
    if has(Rank::Ace) {
        v += if n >= 3 { 12 } else { 8 };
    }
    if has(Rank::Ten) {
        v += if has(Rank::Ace) || (has(Rank::Jack) && has(Rank::Nine)) { 8 } else { 4 };
    }
    if has(Rank::King) && has(Rank::Queen) {
        v += 20 + 4;
    } else if has(Rank::King) || has(Rank::Queen) {
        v += 2;
    }
    // Length: the fourth trump and beyond each make a trick; two trumps or fewer cannot control.
    if n >= 4 {
        v += 8 * (n - 3);
    } else if n <= 2 {
        v -= 15;
    }
    for side in Suit::ALL.into_iter().filter(|&s| s != suit) {
        let cards = hand.of_suit(side);
        let ace = cards.contains(Card::new(side, Rank::Ace));
        let ten = cards.contains(Card::new(side, Rank::Ten));
        if ace {
            v += 14;
        }
        if ten {
            v += if ace {
                10
            } else if cards.len() >= 2 {
                3
            } else {
                0
            };
        }
        // Short suits ruff, when there are trumps to ruff with.
        if n >= 3 {
            match cards.len() {
                0 => v += 10,
                1 if !ace => v += 5,
                _ => {}
            }
        }
    }
    v
}

/// The raise the convention gives a partner's bid in `trump`: the sure tricks less the one the
/// opener counted on, 10 each; under `coinche`, with the hand's declaration when it is a cent or
/// a carré, which nearly always scores.
///
/// The sure tricks of a suit bid are the trump jack, the trump 9 and each side ace, the belote
/// counting two; in sans atout each ace and the 10 under it; in tout atout each jack and the 9
/// under it, each belote counting two.
pub fn support(hand: CardSet, trump: Trump, rules: Rules) -> u16 {
    let tricks = match trump {
        Trump::Suit(suit) => suit_support(hand, suit),
        Trump::NoTrump | Trump::AllTrump => {
            let tops: usize =
                Suit::ALL.iter().map(|&s| top_run(hand.of_suit(s), trump).min(2)).sum();
            10 * (tops + 2 * belotes(hand, trump)).saturating_sub(1) as u16
        }
    };
    let declared = Combination::best(hand, trump).points();
    if rules.set.has_declarations() && declared >= SURE_DECLARATION {
        tricks + declared / 10 * 10
    } else {
        tricks
    }
}

/// The raise of a suit bid, as [`support`] counts it.
fn suit_support(hand: CardSet, suit: Suit) -> u16 {
    let has = |r: Rank| hand.contains(Card::new(suit, r));
    let mut tens: u16 = 0;
    if has(Rank::Jack) {
        tens += 1;
    }
    if has(Rank::Nine) {
        tens += 1;
    }
    if has(Rank::King) && has(Rank::Queen) {
        tens += 2;
    }
    for side in Suit::ALL.into_iter().filter(|&s| s != suit) {
        if hand.contains(Card::new(side, Rank::Ace)) {
            tens += 1;
        }
    }
    // Measured in duplicate: raising for the first trick too (the opener's allowance already
    // holds it) made the pair overbid and lose about 7 points a deal.
    10 * tens.saturating_sub(1)
}

/// Whether the hand takes all eight tricks by itself with `trump`: in a suit contract, enough
/// top trumps in sequence to draw every trump out, and only masters on the side; in sans atout
/// and tout atout, every card a master from the top of its suit, and no void where the
/// opponents could lead and win.
pub fn sure_capot(hand: CardSet, trump: Trump) -> bool {
    let all_masters = |suit: Suit| {
        let cards = hand.of_suit(suit);
        top_run(cards, trump) == cards.len()
    };
    let Trump::Suit(suit) = trump else {
        return Suit::ALL.into_iter().all(|s| hand.has_suit(s) && all_masters(s));
    };
    let trumps = hand.of_suit(suit);
    let n = trumps.len();
    // One opponent may hold all the missing trumps: it takes that many rounds to draw them.
    if n < 5 || top_run(trumps, trump) < (8 - n).min(6) {
        return false;
    }
    Suit::ALL.into_iter().filter(|&s| s != suit).all(all_masters)
}

/// How a bidder applies the convention: what the levels, and the arena's gambler, differ by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bidding {
    /// Raises its partner by the convention and surcontres; without it the bidder bids its own
    /// hand only, and counts it less precisely.
    pub convention: bool,
    /// Contres the opponents when the convention says so.
    pub contres: bool,
    /// Points added to what the hand is worth when opening, competing and raising.
    pub overbid: i32,
}

impl Bidding {
    /// The `easy` level: its own hand only, never a raise by convention nor a contre.
    pub const EASY: Bidding = Bidding { convention: false, contres: false, overbid: 0 };

    /// The `normal` level: the whole convention.
    pub const NORMAL: Bidding = Bidding { convention: true, contres: true, overbid: 0 };

    /// The arena's gambler: the convention on a hand counted `overbid` points too high, and
    /// never a contre.
    pub const fn gambler(overbid: i32) -> Bidding {
        Bidding { convention: true, contres: false, overbid }
    }
}

/// The bot's call during the auction.
pub fn decide_call(
    seat: Seat,
    hand: CardSet,
    auction: &Auction,
    style: BiddingStyle,
    bidding: Bidding,
    rng: &mut impl rand::Rng,
) -> Call {
    // Players do not count to the point: the easy level wobbles a little around its count, the
    // normal level less, which only matters near the edge of a bid.
    let wobble = if bidding.convention { NOISE } else { EASY_NOISE };
    let noise = rng.random_range(-wobble..=wobble);
    convention_call(seat, hand, auction, style, bidding, noise)
}

/// The rest of `auction` bid by the convention at every seat, each holding its hand of `hands`,
/// in `style`, with the `normal` level's wobble drawn from `rng`: the auction as the expert
/// sees it going on after a call it weighs.
pub fn bid_out(
    auction: &mut Auction,
    hands: &BySeat<CardSet>,
    style: BiddingStyle,
    rng: &mut impl rand::Rng,
) {
    bid_out_by(auction, |seat, auction| {
        decide_call(seat, hands[seat], auction, style, Bidding::NORMAL, rng)
    });
}

/// [`bid_out`] without the wobble: each seat calls what the convention's count of its hand
/// gives, the one auction the convention reaches on `hands`.
pub fn bid_out_plain(auction: &mut Auction, hands: &BySeat<CardSet>, style: BiddingStyle) {
    bid_out_by(auction, |seat, auction| {
        convention_call(seat, hands[seat], auction, style, Bidding::NORMAL, 0)
    });
}

/// The rest of `auction`, each seat calling what `call` gives it.
fn bid_out_by(auction: &mut Auction, mut call: impl FnMut(Seat, &Auction) -> Call) {
    while let Some(seat) = auction.to_speak() {
        let call = call(seat, auction);
        // The convention's calls are legal; should one not be, a pass still ends the auction.
        if auction.try_call(call).is_err() {
            auction.call_unchecked(Call::Pass);
        }
    }
}

/// How much a style shifts the count of a hand when it opens or competes: a cautious bot counts
/// it 5 points lower, a bold one 8 points higher.
pub const fn tilt(style: BiddingStyle) -> i32 {
    match style {
        BiddingStyle::Cautious => -5,
        BiddingStyle::Bold => 8,
    }
}

/// The least [`contre_count`] with which `normal` contres when the convention does not, on the
/// odds its worlds give (`bots::normal_contre`; measured over 2,000 deals of the convention
/// against itself and against a side overbidding by 30, see `RULES.md`).
pub(crate) const NORMAL_CONTRE_COUNT: i32 = 1;

/// The most the `normal` level's count wobbles either way from one deal to the next.
pub const NOISE: i32 = 3;
/// The same for the `easy` level, which counts less precisely.
const EASY_NOISE: i32 = 5;

/// The lowest count a `normal` bot may give a hand against what it counts: the cautious tilt
/// and the wobble down.
const LOW: i32 = tilt(BiddingStyle::Cautious) - NOISE;
/// The highest: the bold tilt and the wobble up.
const HIGH: i32 = tilt(BiddingStyle::Bold) + NOISE;

/// The call of [`decide_call`] once its wobble is drawn: `noise` points added to the count of the
/// hand when it opens or competes. Deterministic, so that the convention can be read backwards
/// ([`Meaning::likelihood`]).
pub fn convention_call(
    seat: Seat,
    hand: CardSet,
    auction: &Auction,
    style: BiddingStyle,
    bidding: Bidding,
    noise: i32,
) -> Call {
    let legal = auction.legal_calls();
    let tilt = tilt(style);
    let overbid = bidding.overbid;
    let current = auction.current_bid();
    let partner = seat.partner();
    let rules = auction.rules();
    // The modes a bid may name: the four suits, and sans atout and tout atout with the option.
    let modes = if rules.nt_at { &Trump::ALL[..] } else { &Trump::ALL[..4] };

    if auction.multiplier() != Multiplier::Simple {
        if legal.surcontre && bidding.convention && surcontre(seat, hand, auction, style) {
            return Call::Surcontre;
        }
        return Call::Pass;
    }

    // Capot: only a hand that needs nothing from its partner.
    if let Some(&trump) = modes.iter().find(|&&t| sure_capot(hand, t))
        && legal.allows(Call::Bid(Bid { level: BidLevel::Capot, trump }))
    {
        return Call::Bid(Bid { level: BidLevel::Capot, trump });
    }

    // A contre of the opponents' bid, before anything is bid over it: over a capot no bid is
    // left, but a contre still is.
    if let Some((bidder, bid)) = current
        && bidder.team() != seat.team()
        && bidding.contres
        && legal.contre
        && contre(hand, auction, bid, style)
    {
        return Call::Contre;
    }

    let Some(min) = legal.min_level else {
        return Call::Pass;
    };
    // Ties go to the suits, in index order, then sans atout, then tout atout.
    let (best_trump, best) = modes
        .iter()
        .map(|&t| (t, evaluate(hand, t, rules) + tilt + noise + overbid))
        .max_by_key(|&(t, v)| (v, std::cmp::Reverse(t.index())))
        .unwrap_or((Trump::Suit(Suit::Spades), 0));

    let bid_at = |value: i32, trump: Trump| -> Option<Call> {
        let value = (value.clamp(0, MAX_BID as i32) / 10 * 10) as u16;
        let level = BidLevel::points(value)?;
        (value >= MIN_BID && level >= min).then_some(Call::Bid(Bid { level, trump }))
    };

    match current {
        // Nobody has bid: open at the estimate.
        None => bid_at(best, best_trump).unwrap_or(Call::Pass),
        // Partner holds the bid: raise it by convention, once.
        Some((bidder, bid)) if bidder == partner => {
            if !bidding.convention || bid_in(auction, seat, bid.trump) {
                return Call::Pass;
            }
            let raise = support(hand, bid.trump, rules);
            let target = i32::from(bid.level.value()) + i32::from(raise) + overbid;
            bid_at(target, bid.trump).unwrap_or(Call::Pass)
        }
        // Our own bid stands: nothing to add.
        Some((bidder, _)) if bidder == seat => Call::Pass,
        // An opponent holds the bid.
        Some((_, _)) => {
            // Competing, the lowest level that beats the bid is enough (measured: jumping to the
            // full count cost about a point a deal).
            let own =
                bid_at(best, best_trump).map(|_| Call::Bid(Bid { level: min, trump: best_trump }));
            // Partner's earlier bid, raised by what this hand brings.
            let support_call = if bidding.convention {
                partner_bid(auction, partner).and_then(|pb| {
                    let raise = support(hand, pb.trump, rules);
                    let target = i32::from(pb.level.value()) + i32::from(raise) + overbid;
                    bid_at(target, pb.trump).map(|_| Call::Bid(Bid { level: min, trump: pb.trump }))
                })
            } else {
                None
            };
            match (own, support_call) {
                (Some(Call::Bid(a)), Some(Call::Bid(b))) => {
                    Call::Bid(if b.level >= a.level { b } else { a })
                }
                (Some(c), _) | (None, Some(c)) => c,
                (None, None) => Call::Pass,
            }
        }
    }
}

/// The highest bid the partner made in this auction.
fn partner_bid(auction: &Auction, partner: Seat) -> Option<Bid> {
    auction.bids_by(partner).last()
}

/// Whether to contre the opponents' `bid`, from the defender's hold on the taker's trump.
///
/// The measure is the failure rate of contracts the `normal` bots reach, by what one defender
/// holds (40,000 deals of `normal` against itself, about 20% of contracts failing overall):
/// three trumps with the jack or the 9 fail about half the time, the jack *and* the 9 or one of
/// them with two side aces about 70%, four trumps 70% and with the jack or the 9 85%, while two
/// trumps with the jack and the 9 still fail only 40 to 50%: length is what stops the taker from
/// drawing trumps, and an ace is worth much less than a trump honour since it can be ruffed. A
/// contre pays when the contract fails more than about 60% of the time: with the stake doubled,
/// a made contract costs the defence some 370 points more (at 80) and a failed one brings some
/// 240 more. Hence a count in which each step is a large gain in that failure rate: three
/// trumps 2, four 5, five or more 7 (two or fewer, -1), the jack 2, the 9 2, a side ace 1.
/// What the auction showed adjusts it: a raise by the taker's partner shows the sure tricks the
/// taker lacked (-1), and from 120 up the takers have stretched (+1; 120 and more fail 62% with
/// three trumps and an honour, 80 only 46%). A contre needs 6 (three trumps with the jack and
/// the 9; or with one of them and two aces; four trumps with an honour or an ace); a cautious
/// player 7. Measured in duplicate against the rule it replaces: +2.9 points a deal
/// ([+1.9, +3.9] over 20,000 deals), contres on 3 to 4% of contracts, 78% of them failing.
///
/// The count against sans atout and tout atout is [`hold`]'s. Under `coinche` the defender's
/// declarations count against the takers, who must outscore them: 2 for each 50 points (+1.6
/// points a deal in duplicate over 100,000 deals). Under `plain` the contre doubles only the
/// bid's value, so it pays from an even chance of failure: one count less (+1.1 a deal).
fn contre(hand: CardSet, auction: &Auction, bid: Bid, style: BiddingStyle) -> bool {
    if auction.current_bid().is_none() {
        return false;
    }
    if bid.is_capot() {
        // A capot fails as soon as the defence takes one trick.
        return stops_capot(hand, bid.trump);
    }
    contre_count(hand, auction, bid) >= contre_need(style, auction.rules())
}

/// The count the convention's contre weighs against a numeric `bid` of the opponents: the hand's
/// hold on the bid's trump, its declarations under `coinche`, adjusted by what the auction
/// showed.
pub fn contre_count(hand: CardSet, auction: &Auction, bid: Bid) -> i32 {
    contre_hold(hand, bid.trump, auction.rules()) + contre_adjustment(auction, bid)
}

/// The hand's part of [`contre_count`]: its [`hold`] on `trump`, and under `coinche` its
/// declarations, which the takers must outscore.
fn contre_hold(hand: CardSet, trump: Trump, rules: Rules) -> i32 {
    let declared = if rules.set.has_declarations() {
        2 * i32::from(Combination::best(hand, trump).points() / 50)
    } else {
        0
    };
    hold(hand, trump) + declared
}

/// The auction's part of [`contre_count`]: one less when the taker's partner raised the
/// bid's mode (it showed the sure tricks the taker lacked), one more from 120 up (the takers
/// have stretched).
fn contre_adjustment(auction: &Auction, bid: Bid) -> i32 {
    let raised =
        auction.current_bid().is_some_and(|(taker, _)| bid_in(auction, taker.partner(), bid.trump));
    i32::from(bid.level.value() >= 120) - i32::from(raised)
}

/// The [`contre_count`] a bot of `style` needs to contre under `rules`.
pub fn contre_need(style: BiddingStyle, rules: Rules) -> i32 {
    let need = match style {
        BiddingStyle::Cautious => 7,
        BiddingStyle::Bold => 6,
    };
    // In `plain` the contre doubles only the bid's value, not the 160: it pays as soon as the
    // contract fails more often than not.
    if rules.set == RuleSet::Plain { need - 1 } else { need }
}

/// The defender's count of its hold against a numeric bid in `trump`, before the auction
/// adjusts it (see [`contre`]).
///
/// Against a suit: trump length (three 2, four 5, five or more 7, two or fewer -1), the trump
/// jack and 9 (2 each), each side ace (1). Against sans atout and tout atout, where nothing cuts
/// and the defence wins with the top cards of the suits: each suit's top card (the ace, the
/// jack) 2, the second card under it 1, a suit of four or more headed by it 1, the second card
/// guarded without the top 1 (the contracts `normal` bids in these modes fail 55% of the time
/// against a count of 5, 65% and more from 6 on, over 48,000 of them).
fn hold(hand: CardSet, trump: Trump) -> i32 {
    let Trump::Suit(suit) = trump else {
        return Suit::ALL
            .into_iter()
            .map(|suit| {
                let cards = hand.of_suit(suit);
                let run = top_run(cards, trump);
                let long = run >= 1 && cards.len() >= 4;
                let guarded_second = run == 0
                    && cards.len() >= 2
                    && cards.iter().any(|c| c.strength(trump) == SECOND);
                let tops = match run {
                    0 => 0,
                    1 => 2,
                    _ => 3,
                };
                tops + i32::from(long) + i32::from(guarded_second)
            })
            .sum();
    };
    let trumps = hand.of_suit(suit);
    let mut count: i32 = match trumps.len() {
        0..=2 => -1,
        3 => 2,
        4 => 5,
        _ => 7,
    };
    for honour in [Rank::Jack, Rank::Nine] {
        if trumps.contains(Card::new(suit, honour)) {
            count += 2;
        }
    }
    count
        + Suit::ALL
            .into_iter()
            .filter(|&side| side != suit && hand.contains(Card::new(side, Rank::Ace)))
            .count() as i32
}

/// Whether the hand surely takes a trick against a capot in `trump`: in a suit, the trump
/// jack, alone or not: nothing beats it, and it is played at the latest to the last trick, which
/// it then wins whatever was led (a side ace that may be ruffed is not sure enough); in sans
/// atout and tout atout, where nothing cuts and a card of a suit never led may have to be
/// thrown away, a suit's top card with a guard.
fn stops_capot(hand: CardSet, trump: Trump) -> bool {
    match trump {
        Trump::Suit(suit) => hand.contains(Card::new(suit, Rank::Jack)),
        Trump::NoTrump | Trump::AllTrump => Suit::ALL.into_iter().any(|s| {
            let cards = hand.of_suit(s);
            top_run(cards, trump) >= 1 && cards.len() >= 2
        }),
    }
}

/// How a reader of the convention weighs a call against a hand: how far the call may stray from
/// what the convention says before the hand is thought unlikely. A call the convention would not
/// make with a hand makes that hand less likely, never impossible: a human or an overbidder
/// bids its own way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Points by which a bid may stand above what the hand counts before its likelihood falls
    /// by a factor e: overbids are common, so this is wide.
    pub over: f64,
    /// Points by which the hand may count above what the call shows (an opening too low, a pass
    /// with a hand that would bid) before its likelihood falls by a factor e.
    pub under: f64,
    /// Points by which a bid's mode may count below the hand's best mode, likewise.
    pub mode: f64,
    /// Steps of [`contre_count`] a contre may lack, or a pass exceed, likewise.
    pub contre: f64,
    /// The least likelihood of any call with any hand.
    pub floor: f64,
}

impl Reading {
    /// The reading the `expert` level uses, measured in duplicate; `normal`'s contre too.
    pub const EXPERT: Reading =
        Reading { over: 8.0, under: 8.0, mode: 10.0, contre: 1.5, floor: 1e-3 };
    /// The expert's reading of the other side's calls while it calls: the same, wider on
    /// overbids. A bid 20 points above the hand's count still weighs 1/e of one that meets it
    /// (8 points for the partner, who bids by the same convention). Measured in duplicate
    /// (`docs/strength.md`).
    pub const OPPONENTS: Reading = Reading { over: 20.0, ..Reading::EXPERT };
}

/// Whether `seat` bid `trump` at some point of the auction.
fn bid_in(auction: &Auction, seat: Seat, trump: Trump) -> bool {
    auction.bids_by(seat).any(|b| b.trump == trump)
}

/// Whether to surcontre our side's contré bid: only the taker, and only when the contract is
/// clearly made despite what the contre shows.
///
/// A `normal` contre shows a hold on the trump (length, the jack or the 9) and is right about
/// three times in four, so a surcontre, which doubles the stake again, needs the contract to be
/// made more often than not *against that hold*. The taker holding the jack and the 9 itself
/// leaves the contrer only length and side aces; with a count 30 above the bid (20 for a bold
/// player) the contract is then clearly made. The partner does not surcontre on its raise: the
/// tricks it counts are the ones the contre already took into account. Measured in duplicate
/// over 200,000 deals: 13 surcontres, +57 points each against passing, where the previous rule
/// (taker 40 or 25 above the bid, or a partner's raise of 40 or 25) made 31 and lost 113 each;
/// both within the noise of so few deals, so the rule rests on the reasoning above. In sans
/// atout and tout atout the contre shows top cards (aces, jacks): the taker holding three of the
/// four itself leaves the contrer little, and the same surplus applies.
fn surcontre(seat: Seat, hand: CardSet, auction: &Auction, style: BiddingStyle) -> bool {
    let Some((bidder, bid)) = auction.current_bid() else {
        return false;
    };
    if bidder != seat {
        return false;
    }
    if !meaning::holds_the_top(hand, bid.trump) {
        return false;
    }
    let surplus = i32::from(surcontre_surplus(style));
    evaluate(hand, bid.trump, auction.rules()) >= i32::from(bid.level.value()) + surplus
}

/// How far above its bid a taker of `style` must count to surcontre.
const fn surcontre_surplus(style: BiddingStyle) -> u16 {
    match style {
        BiddingStyle::Cautious => 30,
        BiddingStyle::Bold => 20,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::personas::Level;

    fn hand(cards: &str) -> CardSet {
        cards.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    }

    const HEARTS: Trump = Trump::Suit(Suit::Hearts);
    const CONTREE: Rules = Rules::of(RuleSet::Contree);
    const COINCHE: Rules = Rules::of(RuleSet::Coinche);

    #[test]
    fn counts_follow_the_honours() {
        let strong = hand("JH 9H AH 7H AS AD 7C 8C");
        let weak = hand("7H 8H QS 9D 8D 7C 8C 9C");
        assert!(evaluate(strong, HEARTS, CONTREE) >= 110);
        assert!(evaluate(weak, HEARTS, CONTREE) < 60);
        assert_eq!(support(strong, HEARTS, CONTREE), 30);
        assert_eq!(support(hand("KH QH 7S 8S 9S 7D 8D 9D"), HEARTS, CONTREE), 10);
        assert_eq!(support(hand("AS 7S 8S 9S 7D 8D 9D 7C"), HEARTS, CONTREE), 0);
    }

    #[test]
    fn sans_atout_counts_aces_tens_and_length() {
        // Three aces, one with its 10 and two more of the suit: 16 + 3 x 22 + 14 + 6.
        let aces = hand("AS 10S 9S 8S 7S AH AD 7C");
        assert_eq!(evaluate(aces, Trump::NoTrump, CONTREE), 16 + 66 + 14 + 6);
        // A guarded 10 without its ace stops the suit a little.
        let guarded = hand("10C 7C 8S 9S 7H 8H 9D 8D");
        assert_eq!(evaluate(guarded, Trump::NoTrump, CONTREE), 16 + 7);
        // Sure tricks for a raise: three aces and a 10 under one, less the first.
        assert_eq!(support(aces, Trump::NoTrump, CONTREE), 30);
        assert_eq!(hold(aces, Trump::NoTrump), 3 + 1 + 2 + 2);
    }

    #[test]
    fn tout_atout_counts_jacks_nines_and_belotes() {
        // J-9-A of spades, the jack of hearts, the belote of diamonds: 25 + 20 + 16 + 10 + 20
        // + 22.
        let jacks = hand("JS 9S AS JH KD QD 7C 8C");
        assert_eq!(evaluate(jacks, Trump::AllTrump, CONTREE), 25 + 20 + 16 + 10 + 20 + 22);
        // Sure tricks: the jacks, the 9 under one, the belote for two; less the first.
        assert_eq!(support(jacks, Trump::AllTrump, CONTREE), 40);
        // The same hand in sans atout has one ace and nothing else.
        assert_eq!(evaluate(jacks, Trump::NoTrump, CONTREE), 16 + 22);
    }

    #[test]
    fn coinche_counts_the_declarations() {
        // A tierce to the king of spades (20) in a hand of hearts: counted, less what the
        // defence may declare.
        let tierce = hand("JH 9H AH 7H KS QS JS 7C");
        let plain = evaluate(tierce, HEARTS, CONTREE);
        assert_eq!(evaluate(tierce, HEARTS, COINCHE), plain + 20 - COINCHE_DEFENCE);
        // A raise counts only a declaration that nearly always scores.
        assert_eq!(support(tierce, HEARTS, COINCHE), support(tierce, HEARTS, CONTREE));
        // The four jacks are 200 points whatever the trump, in a raise too.
        let carre = hand("JS JH JD JC 7S 8H 9D 7C");
        for trump in Trump::ALL {
            assert_eq!(
                evaluate(carre, trump, COINCHE),
                evaluate(carre, trump, CONTREE) + 200 - COINCHE_DEFENCE,
                "{trump}"
            );
            assert_eq!(support(carre, trump, COINCHE), support(carre, trump, CONTREE) + 200);
        }
    }

    #[test]
    fn capot_needs_every_trick() {
        assert!(sure_capot(hand("JH 9H AH 10H KH AS AD AC"), HEARTS));
        assert!(!sure_capot(hand("JH 9H AH 10H KH AS AD KC"), HEARTS));
        assert!(!sure_capot(hand("JH 9H AH 7H AS AD AC 10C"), HEARTS));
        // Sans atout: every card a master from the top, and no suit the opponents could run.
        assert!(sure_capot(hand("AS 10S KS AH 10H AD AC 10C"), Trump::NoTrump));
        assert!(!sure_capot(hand("AS 10S KS AH 10H AD KD AC"), Trump::NoTrump));
        assert!(!sure_capot(hand("AS 10S KS QS AH 10H AD 10D"), Trump::NoTrump));
        assert!(sure_capot(hand("JS 9S AS JH 9H JD JC 9C"), Trump::AllTrump));
        assert!(!sure_capot(hand("JS 9S AS JH 9H JD JC 9C"), Trump::NoTrump));
    }

    #[test]
    fn normal_contres_a_capot_it_stops() {
        let diamonds = Trump::Suit(Suit::Diamonds);
        let mut auction = Auction::new(Seat::North, CONTREE);
        let taker = auction.to_speak().expect("a seat to speak");
        auction
            .try_call(Call::Bid(Bid { level: BidLevel::Capot, trump: diamonds }))
            .expect("a bid");
        let seat = auction.to_speak().expect("a defender to speak");
        assert_ne!(seat.team(), taker.team());
        let call = |cards: &str, style| {
            convention_call(seat, hand(cards), &auction, style, Bidding::NORMAL, 0)
        };
        for style in [BiddingStyle::Cautious, BiddingStyle::Bold] {
            // Behind the taker with the jack, ace and queen of trumps, or the jack alone.
            assert_eq!(call("JD AD QD 7S 8S 7H 8H 7C", style), Call::Contre);
            assert_eq!(call("JD 7S 8S 9S 7H 8H 7C 8C", style), Call::Contre);
            // Without the jack nothing is sure: the ace may fall under it.
            assert_eq!(call("AD 10D KD AS AH AC 7C 8C", style), Call::Pass);
        }
        // The easy level never contres.
        let easy = convention_call(
            seat,
            hand("JD 7S 8S 9S 7H 8H 7C 8C"),
            &auction,
            BiddingStyle::Bold,
            Bidding::EASY,
            0,
        );
        assert_eq!(easy, Call::Pass);
        // Read backwards: a contre shows the jack, and a pass shows it missing.
        let likely = |cards: &str, call| {
            Meaning::of(&auction, call, Level::Normal).likelihood(hand(cards), &Reading::EXPERT)
        };
        assert_eq!(likely("JD 7S 8S 9S 7H 8H 7C 8C", Call::Contre), 1.0);
        assert_eq!(likely("AD 7S 8S 9S 7H 8H 7C 8C", Call::Contre), Reading::EXPERT.floor);
        // A player may let a capot go: a pass with the jack is unlikely, not impossible.
        let passed_with_the_jack = likely("JD 7S 8S 9S 7H 8H 7C 8C", Call::Pass);
        assert!(passed_with_the_jack < 0.3 && passed_with_the_jack > Reading::EXPERT.floor);
        assert_eq!(likely("AD 7S 8S 9S 7H 8H 7C 8C", Call::Pass), 1.0);
    }

    #[test]
    fn capots_are_stopped_by_the_trump_jack_or_a_guarded_top_card() {
        assert!(stops_capot(hand("JH 7H 8S 9S 7D 8D 9D 7C"), HEARTS));
        // The trump jack alone: nothing beats it, and it is played to the last trick at the
        // latest.
        assert!(stops_capot(hand("JH AS AD AC 7D 8D 9D 7C"), HEARTS));
        // Side aces may be ruffed.
        assert!(!stops_capot(hand("9H AS AD AC 7D 8D 9D 7C"), HEARTS));
        assert!(stops_capot(hand("AS 7S 8H 9H 7D 8D 9D 7C"), Trump::NoTrump));
        assert!(!stops_capot(hand("AS 10S 8H 9H 7D 8D 9D 7C"), Trump::AllTrump));
        assert!(stops_capot(hand("JS 7S 8H 9H 7D 8D 9D 7C"), Trump::AllTrump));
    }
}
