//! Expert card play: every legal card scored on the same worlds by the double-dummy solver, on
//! the deal's score, and the best on average played.
//!
//! For each world drawn ([`super::worlds`]), each card still in the running is played and the
//! rest of the deal solved as far as the score needs ([`super::probe`]): made or failed first,
//! then the points where they count. Worlds come one at a time; after a few, a card clearly
//! behind the best (its loss in the same worlds more than two and a half standard errors above
//! nothing) drops out, and once one card is left the decision stops. Cards whose averages tie
//! are told apart as the `normal` level would: the lowest of equals, masters kept.

use rand::Rng;

use super::advice::{Advice, Estimate, Reason};
use super::inference::Inference;
use super::probe::{Prober, Stop};
use super::stakes::{CAPOT_AGAINST, CAPOT_FOR, Stakes};
use super::worlds::Knowledge;
use super::{Budget, READING, pool};
use crate::bots::{Memory, play};
use crate::game::{Action, SeatView};
use crate::rules::{
    BySeat, ByTeam, Card, CardSet, Combination, Contract, Seat, Suit, Team, declarations_scored,
    legal_cards,
};
use crate::search::{Position, Solver};

/// Worlds weighed before a card may drop out.
const MIN_WORLDS: usize = 8;
/// How many standard errors behind the best a card drops out.
const DROP_Z: f64 = 2.5;
/// The least average loss for a card to drop out.
const DROP_MIN: f64 = 4.0;
/// Cards within this of the best average count as tied.
const TIE: f64 = 1.0;
/// The score's tolerance when narrowing a world's outcome (two card points move it by about
/// four): ten card points early in the deal, where probes are dear, five later.
const TOL_EARLY: i32 = 20;
const TOL_LATE: i32 = 10;

/// The stakes of `contract` in a world for `team`: its belotes as dealt, and under `coinche`
/// the declarations (each seat's announced one, else its best).
pub(crate) fn stakes_in(
    view: &SeatView,
    contract: &Contract,
    dealt: &BySeat<CardSet>,
    team: Team,
) -> Stakes {
    let trump = contract.trump();
    let belotes = crate::rules::BelotesDealt::of(dealt, trump).counts();
    let declarations = if view.rules().set.has_declarations() {
        let declared = view.declared();
        let combos = BySeat::from_fn(|s: Seat| {
            declared.0[s].unwrap_or_else(|| Combination::best(dealt[s], trump))
        });
        declarations_scored(&combos, trump)
    } else {
        ByTeam::default()
    };
    Stakes::new(contract, view.rules(), belotes, declarations, team)
}

/// One card's tally over the worlds weighed.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Weighted sum of scores, of made contracts, of capots for the seat's team, and of weights.
    score: f64,
    made: f64,
    capot: f64,
    weight: f64,
    alive: bool,
}

/// The expert's card for `view`, whose contract is `contract`.
pub(crate) fn advise(
    view: &SeatView,
    contract: Contract,
    rng: &mut impl Rng,
    budget: Budget,
    cancel: Option<&std::sync::atomic::AtomicBool>,
    solver: &mut Solver,
) -> Advice {
    let trump = contract.trump();
    let mem = Memory::from_view(view, contract, true);
    let legal = legal_cards(view.hand(), &mem.trick, trump, view.rules());
    let auction = view.auction();
    let shown: Vec<Suit> =
        auction.bids_by(view.seat().partner()).filter_map(|b| b.trump.suit()).collect();
    let normal = |cards: CardSet| play::choose_card(&mem, cards, &shown);
    let Some(fallback) = normal(legal) else {
        // No legal card: the view has nothing to decide.
        return Advice::plain(Action::Bid(crate::rules::Call::Pass), Reason::OnlyCard);
    };
    if legal.len() == 1 {
        return Advice::plain(Action::Play(fallback), Reason::OnlyCard);
    }
    let know = Knowledge::during_play(view, &mem);
    let inference = Inference::new(view, READING);
    let want = budget.worlds as usize;
    let worlds = know.draw(rng, want, pool(budget.worlds), |d| inference.weight(d));
    let cards: Vec<Card> = legal.iter().collect();
    let mut tallies = vec![Tally { alive: true, ..Tally::default() }; cards.len()];
    let mut rows: Vec<(f64, Vec<f64>)> = Vec::with_capacity(worlds.len());
    let team = view.seat().team();
    let takers = contract.team();
    let tol = if view.cards_played() < 12 { TOL_EARLY } else { TOL_LATE };
    let mut prober = Prober::new(solver, budget, cancel);
    'worlds: for world in &worlds {
        let position = Position::from_parts(
            world.hands,
            mem.trick,
            trump,
            view.rules(),
            mem.points,
            mem.tricks,
        );
        let Ok(pos) = position else { continue };
        let stakes = stakes_in(view, &contract, &world.dealt, team);
        let mut row = vec![f64::NAN; cards.len()];
        let mut made = vec![false; cards.len()];
        let mut capot = vec![false; cards.len()];
        let mut hint = None;
        for (i, &card) in cards.iter().enumerate() {
            if !tallies[i].alive {
                continue;
            }
            let mut child = pos;
            child.play(card);
            let mut value = [0.0];
            match prober.value(&child, takers, &[&stakes], tol, hint, &mut value) {
                Ok((lo, hi)) => {
                    hint = Some((lo, hi));
                    row[i] = value[0];
                    let mid = lo + (hi - lo) / 2;
                    made[i] = stakes.made(mid);
                    capot[i] = if team == takers { lo == CAPOT_FOR } else { hi == CAPOT_AGAINST };
                }
                Err(Stop::World) => continue 'worlds,
                Err(Stop::Decision) => break 'worlds,
            }
        }
        for (i, t) in tallies.iter_mut().enumerate() {
            if !row[i].is_nan() {
                t.score += world.weight * row[i];
                t.made += world.weight * f64::from(u8::from(made[i]));
                t.capot += world.weight * f64::from(u8::from(capot[i]));
                t.weight += world.weight;
            }
        }
        rows.push((world.weight, row));
        if rows.len() >= MIN_WORLDS {
            drop_behind(&mut tallies, &rows);
            if tallies.iter().filter(|t| t.alive).count() == 1 {
                break;
            }
        }
    }
    let weighed = rows.len() as u32;
    if weighed == 0 {
        return Advice::plain(Action::Play(fallback), reason_for(&mem, fallback));
    }
    let mean = |t: &Tally| if t.weight > 0.0 { t.score / t.weight } else { f64::NEG_INFINITY };
    let best = tallies.iter().filter(|t| t.alive).map(mean).fold(f64::NEG_INFINITY, f64::max);
    let tied: CardSet = cards
        .iter()
        .zip(&tallies)
        .filter(|(_, t)| t.alive && mean(t) >= best - TIE)
        .map(|(c, _)| *c)
        .collect();
    let card = normal(tied).unwrap_or(fallback);
    let mut options: Vec<Estimate> = cards
        .iter()
        .zip(&tallies)
        .filter(|(_, t)| t.weight > 0.0)
        .map(|(&c, t)| Estimate {
            action: Action::Play(c),
            score: mean(t),
            made: Some(t.made / t.weight),
        })
        .collect();
    options.sort_by(|a, b| b.score.total_cmp(&a.score));
    let chosen = cards.iter().position(|&c| c == card).map(|i| tallies[i]);
    let reason = match chosen {
        Some(t) if t.weight > 0.0 && t.capot / t.weight >= 0.5 => {
            Reason::Capot { worlds: t.capot.round() as u16, of: t.weight.round() as u16 }
        }
        _ if tied.len() == cards.len() && options.len() == cards.len() => Reason::AllAlike,
        _ => reason_for(&mem, card),
    };
    Advice { action: Action::Play(card), reason, options, worlds: weighed, nodes: prober.nodes }
}

/// Drops the cards clearly behind the best, by their paired loss in the same worlds.
fn drop_behind(tallies: &mut [Tally], rows: &[(f64, Vec<f64>)]) {
    let mean = |t: &Tally| t.score / t.weight.max(f64::MIN_POSITIVE);
    let Some(best) = (0..tallies.len())
        .filter(|&i| tallies[i].alive)
        .max_by(|&a, &b| mean(&tallies[a]).total_cmp(&mean(&tallies[b])))
    else {
        return;
    };
    for i in 0..tallies.len() {
        if i == best || !tallies[i].alive {
            continue;
        }
        // The loss of card i against the best in each world both were weighed in.
        let (mut w, mut w2, mut sum, mut sq) = (0.0, 0.0, 0.0, 0.0);
        for (weight, row) in rows {
            let (b, v) = (row[best], row[i]);
            if b.is_nan() || v.is_nan() {
                continue;
            }
            let d = b - v;
            w += weight;
            w2 += weight * weight;
            sum += weight * d;
            sq += weight * d * d;
        }
        if w <= 0.0 {
            continue;
        }
        let loss = sum / w;
        let var = (sq / w - loss * loss).max(0.0);
        let n = w * w / w2;
        let se = (var / n).sqrt();
        if loss > DROP_MIN && loss > DROP_Z * se {
            tallies[i].alive = false;
        }
    }
}

/// Why a card is played, as the table can say it: read from the trick and the seat's memory.
pub(crate) fn reason_for(mem: &Memory, card: Card) -> Reason {
    let trump = mem.trump();
    let trick = &mem.trick;
    let is_trump = trump.is_trump(card.suit());
    let Some(lead) = trick.lead_suit() else {
        let ours = mem.contract.team() == mem.seat.team();
        if is_trump && ours && mem.opponents_have_trumps() {
            return Reason::PullTrumps { out: mem.trumps_out().len() as u8 };
        }
        if mem.is_master(card) {
            return Reason::CashMaster;
        }
        let partner = mem.seat.partner();
        if !is_trump && mem.is_void(partner, card.suit()) && mem.may_hold_trump(partner) {
            return Reason::GiveRuff;
        }
        return Reason::LeadLow;
    };
    let mut after = *trick;
    after.push(card);
    let winner = after.winner(trump);
    if winner == Some(mem.seat) {
        if is_trump && !trump.is_trump(lead) {
            return if trick.best_trump(trump).is_some() { Reason::Overruff } else { Reason::Ruff };
        }
        // A card still beatable by a seat yet to play only tries for the trick.
        let last = trick.len() == 3;
        return if last || mem.is_master(card) { Reason::TakeTrick } else { Reason::TryTrick };
    }
    if winner == Some(mem.seat.partner()) && card.points(trump) > 0 {
        return Reason::LoadPartner { points: card.points(trump) };
    }
    // Thrown from another suit while a master or a guarded high card stays in hand.
    let kept = mem.hand.minus(CardSet::single(card));
    if card.suit() != lead && kept.iter().any(|c| c.suit() != card.suit() && mem.is_master(c)) {
        return Reason::KeepGuard;
    }
    Reason::GiveLeast
}
