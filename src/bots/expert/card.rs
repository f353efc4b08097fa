//! Expert card play: every legal card scored on the same worlds by the double-dummy solver, on
//! the deal's score, and the best on average played.
//!
//! For each world drawn ([`super::worlds`]), each card still in the running is played and the
//! rest of the deal solved as far as the score needs ([`super::probe`]): made or failed first,
//! then the points where they count. Worlds come one at a time; after a few, a card clearly
//! behind the best (its loss in the same worlds more than two and a half standard errors above
//! nothing) drops out, and once one card is left the decision stops: a dropped card's figures
//! rest on fewer worlds, which its standard error shows. Cards whose averages tie are told apart
//! as the `normal` level would: the lowest of equals, masters kept.

use super::advice::{Advice, Reason, Row, Samples, WorldOutcome};
use super::inference::Inference;
use super::probe::{Prober, Stop};
use super::reasons::{CardFacts, TIE, card_reason_is_true};
use super::stakes::{CAPOT_AGAINST, CAPOT_FOR, Stakes};
use super::worlds::Knowledge;
use super::{Ask, PLAYING, WALK, pool};
use crate::bots::{Memory, play};
use crate::game::{Action, SeatView};
use crate::rules::{
    BySeat, ByTeam, Card, CardSet, Combination, Contract, DEAL_POINTS, Seat, Suit, Team,
    declarations_scored, legal_cards,
};
use crate::search::{Position, Solver};

/// Worlds weighed before a card may drop out.
pub(super) const MIN_WORLDS: usize = 8;
/// How many standard errors behind the best a card drops out.
const DROP_Z: f64 = 2.5;
/// The least average loss for a card to drop out.
const DROP_MIN: f64 = 4.0;
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

/// The takers' card points at outcome `mid` of the scale: every point with every trick, none
/// with none.
pub(crate) fn takers_points(mid: i16) -> u16 {
    mid.clamp(0, DEAL_POINTS as i16) as u16
}

/// The expert's card for `ask`'s view, whose contract is `contract`.
pub(crate) fn advise(ask: &Ask, contract: Contract, solver: &mut Solver) -> Advice {
    let view = ask.view;
    let trump = contract.trump();
    let mem = Memory::from_view(view, contract, true);
    let legal = legal_cards(view.hand(), &mem.trick, trump, view.rules());
    let auction = view.auction();
    let shown: Vec<Suit> =
        auction.bids_by(view.seat().partner()).filter_map(|b| b.trump.suit()).collect();
    let normal = |cards: CardSet| play::choose_card(&mem, cards, &shown);
    let Some(fallback) = normal(legal) else {
        // No legal card: the view has nothing to decide.
        return Advice::bare(Action::Bid(crate::rules::Call::Pass), Reason::OnlyCard);
    };
    if legal.len() == 1 {
        return Advice::bare(Action::Play(fallback), Reason::OnlyCard);
    }
    let know = Knowledge::during_play(view, &mem);
    let inference = Inference::new(view, PLAYING);
    let want = ask.budget.weighed() as usize;
    let worlds =
        know.draw(&mut ask.rng(), want, pool(ask.budget.weighed()), WALK, |d| inference.weight(d));
    let cards: Vec<Card> = legal.iter().collect();
    let mut samples =
        Samples { actions: cards.iter().map(|&c| Action::Play(c)).collect(), ..Samples::default() };
    let mut alive = vec![true; cards.len()];
    let team = view.seat().team();
    let tol = if view.cards_played() < 12 { TOL_EARLY } else { TOL_LATE };
    let mut prober = Prober::new(solver, ask.budget, ask.cancel);
    let mut weighed = Vec::new();
    for world in &worlds {
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
        let outcomes = match world_outcomes(
            &mut prober,
            &pos,
            (&cards, &alive),
            (&stakes, contract, team),
            tol,
        ) {
            Ok(outcomes) => outcomes,
            Err(Stop::World) => continue,
            Err(Stop::Decision) => break,
        };
        samples.rows.push(Row { weight: world.weight, outcomes });
        weighed.push((world.hands, world.weight));
        if samples.rows.len() >= MIN_WORLDS {
            samples.drop_behind(&mut alive, DROP_MIN, DROP_Z);
            if alive.iter().filter(|&&a| a).count() == 1 {
                break;
            }
        }
    }
    if samples.rows.is_empty() {
        let facts = CardFacts { mem: &mem, legal, samples: &samples, worlds: &[] };
        return Advice::bare(Action::Play(fallback), reason(&facts, fallback));
    }
    let means = samples.means();
    let best =
        (0..cards.len()).filter(|&i| alive[i]).map(|i| means[i]).fold(f64::NEG_INFINITY, f64::max);
    let tied: CardSet = (0..cards.len())
        .filter(|&i| alive[i] && means[i] >= best - TIE)
        .map(|i| cards[i])
        .collect();
    let card = normal(tied).unwrap_or(fallback);
    samples.measure_against(Action::Play(card));
    let reason = reason(&CardFacts { mem: &mem, legal, samples: &samples, worlds: &weighed }, card);
    Advice::weighed(Action::Play(card), reason, samples, prober.nodes)
}

/// What each card still alive gives in one world, whose position is `pos`, at `stakes` for
/// `team`: `None` for a card no longer weighed. A world the prober gives up on, or a decision out of nodes, stops it.
fn world_outcomes(
    prober: &mut Prober,
    pos: &Position,
    (cards, alive): (&[Card], &[bool]),
    (stakes, contract, team): (&Stakes, Contract, Team),
    tol: i32,
) -> Result<Vec<Option<WorldOutcome>>, Stop> {
    let takers = contract.team();
    let mut outcomes = vec![None; cards.len()];
    let mut hint = None;
    for (i, &card) in cards.iter().enumerate().filter(|&(i, _)| alive[i]) {
        let mut child = *pos;
        child.play(card);
        let mut value = [0.0];
        let (lo, hi) = prober.value(&child, takers, &[stakes], tol, hint, &mut value)?;
        hint = Some((lo, hi));
        let mid = lo + (hi - lo) / 2;
        outcomes[i] = Some(WorldOutcome {
            value: value[0],
            contract: Some(contract),
            made: stakes.made(mid),
            points: takers_points(mid),
            capot: if team == takers { lo == CAPOT_FOR } else { hi == CAPOT_AGAINST },
        });
    }
    Ok(outcomes)
}

/// Why `card` is played, as the table can say it: the kinds that may describe it, the most
/// telling first, and the first whose fact holds ([`card_reason_is_true`]); else its figures.
pub(crate) fn reason(facts: &CardFacts, card: Card) -> Reason {
    let mem = facts.mem;
    let trump = mem.trump();
    let samples = facts.samples;
    let column = samples.column(Action::Play(card));
    let outcomes: Vec<WorldOutcome> =
        column.map_or(Vec::new(), |i| samples.outcomes(i).map(|(o, _)| o).collect());
    let capots = outcomes.iter().filter(|o| o.capot).count();
    let mut kinds = vec![
        Reason::OnlyCard,
        Reason::Capot { worlds: capots as u16, of: outcomes.len() as u16 },
        Reason::AllAlike,
        Reason::Alike { points: card.points(trump) },
    ];
    if mem.trick.is_empty() {
        kinds.extend([
            Reason::PullTrumps { out: mem.trumps_out().len() as u8 },
            Reason::CashMaster,
            Reason::GiveRuff,
            Reason::LeadLow,
        ]);
    } else {
        kinds.extend([Reason::Overruff, Reason::Ruff, Reason::TakeTrick]);
        let higher = facts.only_higher(card);
        let placed = higher.and_then(|h| Some((h, facts.placed(h)?)));
        if let Some((card, (seat, share, of))) = placed {
            kinds.push(Reason::Placed { card, seat, share, of });
        }
        kinds.extend([
            Reason::TryTrick,
            Reason::LoadPartner { points: card.points(trump) },
            Reason::GiveLeast,
        ]);
    }
    let figures =
        column.and_then(|i| samples.estimate(i)).map_or(Reason::Unweighed, |e| Reason::figures(&e));
    kinds.push(figures);
    kinds.into_iter().find(|&r| card_reason_is_true(r, facts, card)).unwrap_or(Reason::Unweighed)
}
