//! The facts a reason states, as predicates on what the seat sees: a reason is given only when
//! its predicate holds, else the advice shows its figures ([`Reason::Figures`]). They are
//! written apart from the code that picks a reason (`card.rs`, `call.rs`), from the rules, the
//! seat's memory of the cards and the outcomes of the worlds weighed, so that a reason picked
//! for a card it does not describe is caught here rather than shown.
//!
//! "May hold" is what the seat can know: a card neither in its hand nor played, that the
//! rules of the play so far have not shown a seat to lack ([`Memory::possible`]).

use super::advice::{Cost, Reason, Samples, quoted_diff, quoted_se};
use super::margins::{MARGIN, pays_more, stake_backed, wins_percent};
use crate::bots::Memory;
use crate::bots::bidding::Meaning;
use crate::game::{Action, SeatView};
use crate::personas::Level;
use crate::rules::{
    Auction, Bid, BySeat, Call, Card, CardSet, LegalCalls, Rank, Seat, Suit, Trump,
};

/// Cards whose mean scores are within this of the best count as alike.
pub(crate) const TIE: f64 = 1.0;

/// What a card's reason is checked against: the seat's memory, its legal cards and the worlds
/// weighed.
pub(crate) struct CardFacts<'a> {
    pub(crate) mem: &'a Memory,
    pub(crate) legal: CardSet,
    pub(crate) samples: &'a Samples,
    /// Each world weighed, in the order of the samples' rows: the seats' hands there and the
    /// world's weight.
    pub(crate) worlds: &'a [(BySeat<CardSet>, f64)],
}

impl CardFacts<'_> {
    /// Whether `seat` may hold a card that beats `best` in a trick led in `lead`.
    fn may_beat(&self, seat: Seat, best: Card, lead: Suit) -> bool {
        let trump = self.mem.trump();
        let power = best.power(trump, lead);
        self.mem.possible(seat).iter().any(|c| c.power(trump, lead) > power)
    }

    /// The one card of `card`'s suit that another seat may hold and that beats it in a trick
    /// of that suit, if there is exactly one.
    pub(crate) fn only_higher(&self, card: Card) -> Option<Card> {
        let (trump, lead) = (self.mem.trump(), card.suit());
        let power = card.power(trump, lead);
        let unseen = self.others().fold(CardSet::EMPTY, |all, s| all.or(self.mem.possible(s)));
        let mut higher = unseen.of_suit(lead).iter().filter(|c| c.power(trump, lead) > power);
        let one = higher.next()?;
        higher.next().is_none().then_some(one)
    }

    /// Where the worlds weighed put `card`: the other seat that holds it in the most of their
    /// weight (the first of equals), that share in percent (rounded down), and how many worlds.
    pub(crate) fn placed(&self, card: Card) -> Option<(Seat, u8, u16)> {
        let total: f64 = self.worlds.iter().map(|w| w.1).sum();
        let weight = |s: Seat| -> f64 {
            self.worlds.iter().filter(|w| w.0[s].contains(card)).map(|w| w.1).sum()
        };
        let seat = self.others().reduce(|a, b| if weight(b) > weight(a) { b } else { a })?;
        let share = (100.0 * weight(seat) / total).floor();
        (total > 0.0).then_some((seat, share as u8, self.worlds.len() as u16))
    }

    /// The figures of `card`, when it was weighed.
    fn estimate(&self, card: Card) -> Option<super::advice::Estimate> {
        self.samples.column(Action::Play(card)).and_then(|i| self.samples.estimate(i))
    }

    /// The other seats, and those yet to play to the trick after this seat.
    fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| s != self.mem.seat)
    }

    /// Worlds where `card` was weighed, and of those where `f` holds of its outcome.
    fn count(
        &self,
        card: Card,
        f: impl Fn(&super::advice::WorldOutcome) -> bool,
    ) -> (usize, usize) {
        let Some(i) = self.samples.column(Action::Play(card)) else { return (0, 0) };
        let all: Vec<_> = self.samples.outcomes(i).collect();
        (all.len(), all.iter().filter(|(o, _)| f(o)).count())
    }
}

/// Whether `reason` is true of playing `card` in `facts`' position.
pub(crate) fn card_reason_is_true(reason: Reason, facts: &CardFacts, card: Card) -> bool {
    if !facts.legal.contains(card) {
        return false;
    }
    match (reason, facts.mem.trick.lead_suit()) {
        (Reason::OnlyCard | Reason::AllAlike | Reason::Alike { .. } | Reason::GiveLeast, _) => {
            cheapest_reason_is_true(reason, facts, card)
        }
        (Reason::Capot { worlds, of }, _) => {
            let (n, capots) = facts.count(card, |o| o.capot);
            n > 0 && usize::from(of) == n && usize::from(worlds) == capots && 2 * capots >= n
        }
        (r @ Reason::Figures { .. }, _) => {
            facts.estimate(card).is_some_and(|e| Reason::figures(&e) == r)
        }
        (Reason::Unweighed, _) => facts.estimate(card).is_none(),
        (_, None) => lead_reason_is_true(reason, facts, card),
        (_, Some(lead)) => follow_reason_is_true(reason, facts, card, lead),
    }
}

/// Whether a reason about the card's points or the cards alike is true of `card`: the only card,
/// the cheapest of cards alike, cards alike in points, the fewest points.
fn cheapest_reason_is_true(reason: Reason, facts: &CardFacts, card: Card) -> bool {
    let (legal, trump) = (facts.legal, facts.mem.trump());
    let lowest_points = legal.iter().all(|c| c.points(trump) >= card.points(trump));
    // Whether every legal card gives as many points as this one: none is then the cheapest.
    let same_points = legal.iter().all(|c| c.points(trump) == card.points(trump));
    // Every legal card weighed, each within a point of the best.
    let all_alike = || {
        let means: Vec<Option<f64>> =
            legal.iter().map(|c| facts.estimate(c).map(|e| e.mean)).collect();
        let best = means.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
        means.iter().all(|m| m.is_some_and(|m| m >= best - TIE))
    };
    match reason {
        Reason::OnlyCard => legal.len() == 1,
        Reason::AllAlike => {
            let lowest_of_equals = legal.of_suit(card.suit()).iter().all(|c| {
                c.points(trump) != card.points(trump) || c.strength(trump) >= card.strength(trump)
            });
            lowest_points && !same_points && lowest_of_equals && all_alike()
        }
        Reason::Alike { points } => {
            legal.len() > 1 && same_points && points == card.points(trump) && all_alike()
        }
        Reason::GiveLeast => lowest_points && !same_points,
        _ => false,
    }
}

/// Whether a reason for a lead is true of leading `card`.
fn lead_reason_is_true(reason: Reason, facts: &CardFacts, card: Card) -> bool {
    let mem = facts.mem;
    let trump = mem.trump();
    let cutting = trump.cards();
    match reason {
        Reason::PullTrumps { out } => {
            let ours = mem.contract.team() == mem.seat.team();
            let left = mem.trumps_out().len();
            trump.is_suit() && cutting.contains(card) && ours && out > 0 && usize::from(out) == left
        }
        Reason::CashMaster => facts.others().all(|s| !facts.may_beat(s, card, card.suit())),
        Reason::GiveRuff => {
            let partner = mem.seat.partner();
            let [a, b] = mem.opponents();
            // A trump out that neither opponent may hold is the partner's.
            let partners_trump = mem
                .trumps_out()
                .iter()
                .any(|t| !mem.possible(a).contains(t) && !mem.possible(b).contains(t));
            !cutting.is_empty()
                && !cutting.contains(card)
                && !mem.possible(partner).has_suit(card.suit())
                && partners_trump
        }
        Reason::LeadLow => {
            let rest = mem.hand.of_suit(card.suit()).minus(CardSet::single(card));
            !rest.is_empty() && rest.iter().all(|c| c.strength(trump) > card.strength(trump))
        }
        _ => false,
    }
}

/// Whether a reason for a card played to a trick led in `lead` is true of `card`.
fn follow_reason_is_true(reason: Reason, facts: &CardFacts, card: Card, lead: Suit) -> bool {
    let mem = facts.mem;
    let trump = mem.trump();
    let cutting = trump.cards();
    let trick = &mem.trick;
    let mut after = *trick;
    after.push(card);
    let to_come: Vec<Seat> = mem.still_to_play().collect();
    match reason {
        Reason::Ruff => {
            cutting.contains(card)
                && !cutting.has_suit(lead)
                && !trick.cards().iter().any(|c| cutting.contains(*c))
        }
        Reason::Overruff => {
            let best = trick
                .plays()
                .filter(|(_, c)| cutting.contains(*c))
                .max_by_key(|(_, c)| c.strength(trump));
            cutting.contains(card)
                && !cutting.has_suit(lead)
                && best.is_some_and(|(s, c)| {
                    s.team() != mem.seat.team() && card.strength(trump) > c.strength(trump)
                })
        }
        Reason::TakeTrick => {
            after.winner(trump) == Some(mem.seat)
                && to_come.iter().all(|&s| !facts.may_beat(s, card, lead))
        }
        Reason::Placed { card: higher, seat, share, of } => {
            // The seat the card lies with does not take the trick from this side with it: the
            // partner, or a seat that has played to the trick.
            let harmless = seat == mem.seat.partner() || !to_come.contains(&seat);
            lead == card.suit()
                && after.winner(trump) == Some(mem.seat)
                && facts.only_higher(card) == Some(higher)
                && to_come.iter().any(|&s| mem.possible(s).contains(higher))
                && harmless
                && share > 50
                && facts.placed(higher) == Some((seat, share, of))
        }
        Reason::TryTrick => {
            after.winner(trump) == Some(mem.seat)
                && to_come.iter().any(|&s| facts.may_beat(s, card, lead))
        }
        Reason::LoadPartner { points } => {
            let winning = after.winning_card(trump);
            after.winner(trump) == Some(mem.seat.partner())
                && points > 0
                && points == card.points(trump)
                && winning.is_some_and(|w| to_come.iter().all(|&s| !facts.may_beat(s, w, lead)))
        }
        _ => false,
    }
}

/// Whether `call` is the one legal call of `facts`' position whose meaning at the expert's level
/// the hand satisfies, and other calls are legal.
pub(crate) fn only_fits(facts: &CallFacts, call: Call) -> bool {
    let legal = facts.auction.legal_calls().to_vec();
    let fits = |c: Call| Meaning::of(facts.auction, c, Level::Expert).admits(facts.view.hand());
    legal.len() > 1 && legal.iter().all(|&c| fits(c) == (c == call))
}

/// What a call's reason is checked against: the view, its auction and the worlds weighed.
pub(crate) struct CallFacts<'a> {
    pub(crate) view: &'a SeatView,
    pub(crate) auction: &'a Auction,
    pub(crate) samples: &'a Samples,
}

/// Whether `reason` is true of making `call` in `facts`' position.
pub(crate) fn call_reason_is_true(reason: Reason, facts: &CallFacts, call: Call) -> bool {
    let legal = facts.auction.legal_calls();
    if !legal.allows(call) {
        return false;
    }
    let weighed = Weighed::new(facts, call);
    let opponents_bid =
        facts.auction.current_bid().filter(|(b, _)| b.team() != facts.view.seat().team());
    match reason {
        Reason::OnlyCall => call == Call::Pass && legal.to_vec() == [Call::Pass],
        Reason::OnlyFits => only_fits(facts, call),
        Reason::SureTrick { card } => {
            call == Call::Contre
                && facts.view.hand().contains(card)
                && opponents_bid.is_some_and(|(_, b)| {
                    b.is_capot() && b.trump == Trump::Suit(card.suit()) && card.rank() == Rank::Jack
                })
        }
        Reason::Bid { .. } | Reason::Contre { .. } | Reason::Surcontre { .. } => {
            let seat = facts.view.seat();
            weighed.best && counted_reason_is_true(reason, &weighed, (seat, call), opponents_bid)
        }
        Reason::Pass { .. } | Reason::Close { .. } | Reason::Risky { .. } => {
            compared_reason_is_true(reason, &weighed, legal, call)
        }
        r @ Reason::Figures { .. } => {
            weighed.estimate(call).is_some_and(|e| Reason::figures(&e) == r)
        }
        Reason::Unweighed => weighed.outcomes.is_empty(),
        _ => false,
    }
}

/// What the worlds weighed say of a call: its outcomes, whether it has the best mean of the
/// calls weighed (what every reason but `close` and `risky` speaks for), and the figures of the
/// others beside it.
struct Weighed<'a> {
    samples: &'a Samples,
    column: Option<usize>,
    outcomes: Vec<(super::advice::WorldOutcome, f64)>,
    best: bool,
}

impl<'a> Weighed<'a> {
    fn new(facts: &CallFacts<'a>, call: Call) -> Weighed<'a> {
        let samples = facts.samples;
        let column = samples.column(Action::Bid(call));
        let outcomes = column.map_or(Vec::new(), |i| samples.outcomes(i).collect());
        let best = column.is_some_and(|i| samples.is_best(i));
        Weighed { samples, column, outcomes, best }
    }

    /// The figures of `call`, when it was weighed.
    fn estimate(&self, call: Call) -> Option<super::advice::Estimate> {
        self.samples.column(Action::Bid(call)).and_then(|i| self.samples.estimate(i))
    }

    /// The worlds where `f` holds of the call's outcome.
    fn count(&self, f: impl Fn(&super::advice::WorldOutcome) -> bool) -> usize {
        self.outcomes.iter().filter(|(o, _)| f(o)).count()
    }

    /// The card points the takers make, on average over the worlds where `f` holds, and their
    /// standard error, as quoted.
    fn rounded_mean(&self, f: impl Fn(&super::advice::WorldOutcome) -> bool) -> (u16, Option<u16>) {
        super::advice::points_seen(
            self.outcomes.iter().filter(|(o, _)| f(o)).map(|(o, _)| o.points),
        )
    }

    /// What `other` pays more than the call, paired world by world.
    fn gain(&self, other: Call) -> Option<Cost> {
        let j = self.samples.column(Action::Bid(other))?;
        self.samples.paired(j, self.column?)
    }

    /// Whether `other` has the best mean of the calls weighed.
    fn is_best(&self, other: Call) -> bool {
        self.samples.column(Action::Bid(other)).is_some_and(|j| self.samples.is_best(j))
    }
}

/// Whether a reason counting the worlds' outcomes is true of a call with the best mean: a bid
/// whose contract is ours and made, a contre that fails them, a surcontre that makes it.
fn counted_reason_is_true(
    reason: Reason,
    weighed: &Weighed,
    (seat, call): (Seat, Call),
    opponents_bid: Option<(Seat, Bid)>,
) -> bool {
    let n = weighed.outcomes.len();
    let has_contract = |o: &super::advice::WorldOutcome| o.contract.is_some();
    match reason {
        Reason::Bid { seen, seen_se, made, ours, of } => {
            let is_ours = |o: &super::advice::WorldOutcome| {
                o.contract.is_some_and(|c| c.team() == seat.team())
            };
            matches!(call, Call::Bid(_))
                && ours > 0
                && 2 * made > ours
                && usize::from(of) == n
                && usize::from(ours) == weighed.count(is_ours)
                && usize::from(made) == weighed.count(|o| is_ours(o) && o.made)
                && (seen, seen_se) == weighed.rounded_mean(is_ours)
        }
        Reason::Contre { need, seen, seen_se, worlds, of } => {
            call == Call::Contre
                && opponents_bid.is_some_and(|(_, b)| b.level.value() == need)
                && n > 0
                && 2 * worlds > of
                && seen < need
                && usize::from(of) == n
                && usize::from(worlds) == weighed.count(|o| has_contract(o) && !o.made)
                && (seen, seen_se) == weighed.rounded_mean(has_contract)
        }
        Reason::Surcontre { worlds, of } => {
            call == Call::Surcontre
                && n > 0
                && 2 * worlds > of
                && usize::from(of) == n
                && usize::from(worlds) == weighed.count(|o| o.contract.is_some() && o.made)
        }
        _ => false,
    }
}

/// Whether a reason comparing the call with another is true of it: a pass with the best mean
/// and the next call's figures, a call kept beside one that does not pay enough more, a contre
/// or surcontre that pays more but falls short of its stake.
fn compared_reason_is_true(
    reason: Reason,
    weighed: &Weighed,
    legal: LegalCalls,
    call: Call,
) -> bool {
    let quoted =
        |c: &Cost, diff: i16, se: Option<u16>| quoted_diff(c.mean) == diff && quoted_se(c.se) == se;
    match reason {
        Reason::Pass { mean, se, other, other_mean, other_se } => {
            let best_other = legal
                .to_vec()
                .into_iter()
                .filter(|&c| c != Call::Pass)
                .filter_map(|c| weighed.estimate(c))
                .map(|e| e.mean)
                .fold(f64::NEG_INFINITY, f64::max);
            call == Call::Pass
                && weighed.best
                && other != Call::Pass
                && legal.allows(other)
                && weighed.estimate(Call::Pass).is_some_and(|e| {
                    e.mean.round() as i16 == mean && quoted_se(e.se) == se && e.mean >= best_other
                })
                && weighed.estimate(other).is_some_and(|e| {
                    e.mean.round() as i16 == other_mean
                        && quoted_se(e.se) == other_se
                        && e.mean >= best_other
                })
        }
        Reason::Close { best: other, diff, se } => {
            // The other call has the best mean, this one not, and it does not pay enough more to
            // replace it.
            other != call
                && !weighed.best
                && legal.allows(other)
                && weighed.is_best(other)
                && weighed
                    .gain(other)
                    .is_some_and(|c| !pays_more(&c, MARGIN) && quoted(&c, diff, se))
        }
        Reason::Risky { best: other, diff, se, wins, of } => {
            // A contre or a surcontre pays more (the margin and one standard error), and falls
            // short of its stake.
            let figures = weighed.estimate(other);
            matches!(other, Call::Contre | Call::Surcontre)
                && other != call
                && !weighed.best
                && legal.allows(other)
                && figures.is_some_and(|e| {
                    usize::try_from(e.worlds).is_ok_and(|w| w == usize::from(of))
                        && wins_percent(other, &e) == wins
                })
                && weighed.gain(other).is_some_and(|c| {
                    pays_more(&c, MARGIN)
                        && quoted(&c, diff, se)
                        && figures.is_some_and(|e| !stake_backed(other, &e, &c))
                })
        }
        _ => false,
    }
}
