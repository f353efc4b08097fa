//! How well a world explains what the other seats said and did: the soft constraints, as a
//! likelihood of each world's dealt hands. The hard ones (voids, no trump, cards shown) are
//! already in the worlds drawn; these only weigh them.
//!
//! - **The auction**: each call of another seat, read backwards by the convention the bots use
//!   ([`Meaning::likelihood`]): an opening shows its count, a raise its sure tricks, a pass
//!   its limits, a contre its hold on the trump. The reading is wide on overbids, which are
//!   common, so that an overbid contract still looks like what it is; while it calls, the
//!   expert reads the other side's wider than its partner's, who bids by the same convention
//!   ([`Readings`]).
//! - **The declarations** (`coinche`): a seat that has played its first card announced its best
//!   combination, as the bots do; a world where it holds a better one, or one where it announced
//!   nothing, is less likely.
//! - **The play**: each card another seat chose among two or more legal ones, read by the
//!   `normal` level's card play ([`play::choose_card`]) from that seat's memory as it stood, with
//!   the hand the world gives it: a world where that seat would have played another card is
//!   less likely. A player who ducked under the taker's king seldom holds the ace; one who
//!   threw a ten keeps no guard of it. The reading is soft ([`PLAY_SLIP`]): the other seats
//!   need not play as `normal` does.

use crate::bots::bidding::{Meaning, Reading, every_call};
use crate::bots::{Memory, play};
use crate::game::SeatView;
use crate::rules::{
    BySeat, Card, CardSet, Combination, Contract, PublicDeal, PublicPlay, Rules, Seat, Suit, Trump,
    legal_cards,
};

/// Of worlds where a seat holds a better declaration than it announced, how many are kept: a
/// player may choose to say less, the bots never do.
const DECLARATION_SLIP: f64 = 0.1;

/// How much a world counts where a seat's card is not the one the `normal` level's play would
/// have chosen with the hand the world gives it, against one where it is.
pub(crate) const PLAY_SLIP: f64 = 0.15;

/// How a seat reads the calls of its partner and of the other side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Readings {
    pub(crate) partner: Reading,
    pub(crate) opponents: Reading,
}

impl Readings {
    /// The same reading for every other seat.
    pub(crate) const fn alike(reading: Reading) -> Readings {
        Readings { partner: reading, opponents: reading }
    }

    /// The reading of `seat`'s calls, for `reader`. An expert's calls are read as the
    /// convention's too, the partner's as narrow as ever: read 20 points wide whoever reads
    /// them, the odds of who holds what came closer (a Brier score of 0.610 against 0.620 on
    /// the deals the expert bids) but the expert won 5.6 points a deal less against the
    /// gambler (docs/strength.md).
    fn of(self, seat: Seat, reader: Seat) -> Reading {
        if seat.team() == reader.team() { self.partner } else { self.opponents }
    }
}

/// One card another seat chose, with what it knew then.
#[derive(Clone, Debug)]
struct Chosen {
    seat: Seat,
    card: Card,
    /// The cards the seat had played before it.
    before: CardSet,
    /// The seat's memory just before it played, its hand left empty (a world fills it in).
    memory: Memory,
    /// The suits its partner bid.
    shown: Vec<Suit>,
}

/// The soft constraints of one decision.
#[derive(Clone, Debug)]
pub(crate) struct Inference {
    /// What each call of another seat shows, read from the auction before it, with the reading
    /// its seat's calls get.
    calls: Vec<(Meaning, Reading)>,
    /// `coinche`, once the contract is known: each other seat's announced declaration, once it
    /// has played its first card.
    declared: Vec<(Seat, Combination)>,
    trump: Option<Trump>,
    /// The cards the other seats chose among two or more.
    chosen: Vec<Chosen>,
    rules: Rules,
}

impl Inference {
    /// The soft constraints of `view`, for its seat.
    pub(crate) fn new(view: &SeatView, reading: Readings) -> Inference {
        let seat = view.seat();
        let calls: Vec<(Meaning, Reading)> = every_call(view.auction(), view.levels())
            .into_iter()
            .filter(|m| m.seat != seat)
            .map(|m| {
                let read = reading.of(m.seat, seat);
                (m, read)
            })
            .collect();
        let contract = view.auction().contract();
        let declared = match contract {
            Some(_) if view.rules().set.has_declarations() => view
                .declared()
                .0
                .iter()
                .filter(|&(s, _)| s != view.seat())
                .filter_map(|(s, c)| c.map(|c| (s, c)))
                .collect(),
            _ => Vec::new(),
        };
        let chosen = match contract {
            Some(contract) => chosen(view, contract),
            None => Vec::new(),
        };
        Inference {
            calls,
            declared,
            trump: contract.map(|c| c.trump()),
            chosen,
            rules: view.rules(),
        }
    }

    /// The likelihood of the dealt hands `dealt` (up to a constant factor).
    pub(crate) fn weight(&self, dealt: &BySeat<CardSet>) -> f64 {
        let mut w = 1.0;
        for (meaning, reading) in &self.calls {
            w *= meaning.likelihood(dealt[meaning.seat], reading);
        }
        if let Some(trump) = self.trump {
            for &(seat, announced) in &self.declared {
                if Combination::best(dealt[seat], trump).announced() != announced {
                    w *= DECLARATION_SLIP;
                }
            }
            w *= self.play_weight(dealt, trump);
        }
        w
    }

    /// How well `dealt` explains the cards the other seats chose, under `trump`.
    fn play_weight(&self, dealt: &BySeat<CardSet>, trump: Trump) -> f64 {
        self.chosen.iter().map(|c| self.play_likelihood(c, dealt, trump)).product()
    }

    /// How well `dealt` explains the card `chosen`: 1 when the `normal` level's play would
    /// have chosen it (or had no other legal card), [`PLAY_SLIP`] otherwise.
    fn play_likelihood(&self, chosen: &Chosen, dealt: &BySeat<CardSet>, trump: Trump) -> f64 {
        let hand = dealt[chosen.seat].minus(chosen.before);
        let legal = legal_cards(hand, &chosen.memory.trick, trump, self.rules);
        if legal.len() <= 1 || !legal.contains(chosen.card) {
            return 1.0;
        }
        let mut memory = chosen.memory.clone();
        memory.hand = hand;
        match play::choose_card(&memory, legal, &chosen.shown) {
            Some(card) if card != chosen.card => PLAY_SLIP,
            _ => 1.0,
        }
    }
}

/// Each card another seat than `view`'s played, with the seat's memory just before it: the
/// play replayed card by card, belotes said and declarations announced as the table heard them.
fn chosen(view: &SeatView, contract: Contract) -> Vec<Chosen> {
    let Some(play) = view.play() else {
        return Vec::new();
    };
    let auction = view.auction();
    let said = play.belotes();
    let declared = play.declared();
    let mut prefix = PublicPlay::new(auction.first_to_speak(), contract.trump(), view.rules());
    let mut before = BySeat([CardSet::EMPTY; 4]);
    let mut out = Vec::new();
    for (_, seat, card) in play.plays() {
        if seat != view.seat() {
            let deal = PublicDeal::from_parts(auction.clone(), Some(prefix.clone()));
            let memory = Memory::from_public(seat, CardSet::EMPTY, &deal, contract, true);
            let shown = auction.bids_by(seat.partner()).filter_map(|b| b.trump.suit()).collect();
            out.push(Chosen { seat, card, before: before[seat], memory, shown });
        }
        let first = before[seat].is_empty();
        let pair = contract.trump().belote_cards().of_suit(card.suit());
        let pair_first = pair.contains(card) && before[seat].and(pair).is_empty();
        if prefix.try_play(card).is_err() {
            break;
        }
        if pair_first && said.contains(seat, card.suit()) {
            prefix.say_belote(seat, card.suit());
        }
        if first && let Some(combination) = declared.0[seat] {
            prefix.announce(seat, combination);
        }
        before[seat].insert(card);
    }
    out
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::bots::expert::worlds::Knowledge;
    use crate::bots::{Decision, Level, Memory};
    use crate::game::{Game, GameOptions, Phase};
    use crate::personas::BiddingStyle;

    /// Deals bid and played by `normal` at every seat, with South's view at each of its cards
    /// from the second trick on, and the hands as dealt.
    fn views_in_play(seeds: std::ops::Range<u64>) -> Vec<(SeatView, BySeat<CardSet>)> {
        let mut out = Vec::new();
        for seed in seeds {
            let mut game = Game::new(GameOptions::default(), seed, BySeat::default());
            while matches!(game.phase(), Phase::Bidding | Phase::Playing) {
                let Some(seat) = game.to_act() else { break };
                let view = game.view(seat);
                if seat == Seat::South && view.cards_played() >= 4 {
                    out.push((view.clone(), game.deal().dealt));
                }
                let decision = Decision {
                    view: &view,
                    style: BiddingStyle::Cautious,
                    seed,
                    budget: crate::bots::expert::Budget::DEFAULT,
                    cancel: None,
                };
                if game.apply(seat, Level::Normal.decide(&decision)).is_err() {
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn the_real_deal_explains_normals_cards_and_a_world_that_contradicts_one_weighs_less() {
        let views = views_in_play(0..40);
        assert!(views.len() > 100, "{} views", views.len());
        let mut contradicted = 0;
        for (view, dealt) in &views {
            let Some(contract) = view.contract() else { continue };
            let trump = contract.trump();
            let inference = Inference::new(view, Readings::alike(Reading::EXPERT));
            // `normal` chose every card it played by the policy the reading assumes.
            assert_eq!(inference.play_weight(dealt, trump), 1.0);
            let mem = Memory::from_view(view, contract, true);
            let know = Knowledge::during_play(view, &mem);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
            for world in know.draw(&mut rng, 64, 64, 0, |_| 1.0) {
                // One factor per card chosen: 1, or the slip where the world's hand would have
                // made the policy choose another card.
                let w = inference.play_weight(&world.dealt, trump);
                let slips = (0..=inference.chosen.len() as i32)
                    .find(|&k| (w - PLAY_SLIP.powi(k)).abs() < 1e-12 * PLAY_SLIP.powi(k));
                assert!(slips.is_some(), "weight {w}");
                if w < 1.0 {
                    contradicted += 1;
                }
                // The hard facts stay with the worlds: the reading only weighs them.
                for seat in Seat::ALL.into_iter().filter(|&s| s != Seat::South) {
                    assert!(world.hands[seat].and(mem.cannot_hold[seat]).is_empty());
                }
            }
        }
        assert!(contradicted > 0, "no world drawn contradicted a card chosen");
    }
}
