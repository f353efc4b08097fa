//! The reasons the expert gives, checked against the whole deal: over random positions in every
//! rule set and trump mode, each reason given for a card or a call is tested with code written
//! here, from the hands as dealt and the rules alone (not the predicates of `reasons.rs`); and
//! each kind on hands built by hand, the false reasons it must not give among them.

use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::super::advice::{Row, Samples, WorldOutcome};
use super::super::reasons::{CallFacts, CardFacts, TIE};
use super::super::{call, card};
use super::*;
use crate::rules::{Auction, Bid, BidLevel, Suit, Trick, Trump, legal_cards};

/// A random game of `rules` whose auction ends in a contract in `trump` (when `trump` is some),
/// then `cards` random legal cards played; `None` when the random auction passes out.
fn random_game(seed: u64, rules: Rules, trump: Option<Trump>, cards: usize) -> Option<Game> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game =
        Game::new(GameOptions { rules, ..GameOptions::default() }, seed, BySeat::default());
    if let Some(trump) = trump {
        let level = if rng.random_bool(0.05) {
            BidLevel::Capot
        } else {
            BidLevel::Points(80 + 10 * rng.random_range(0..9u16))
        };
        let seat = game.to_act()?;
        game.apply(seat, Action::Bid(Call::Bid(Bid { level, trump }))).ok()?;
    }
    while game.phase() == Phase::Bidding {
        let seat = game.to_act()?;
        let action = if trump.is_some() {
            let legal = game.legal_calls();
            let call = if legal.contre && rng.random_bool(0.15) {
                Call::Contre
            } else if legal.surcontre && rng.random_bool(0.3) {
                Call::Surcontre
            } else {
                Call::Pass
            };
            Action::Bid(call)
        } else {
            game.random_action(&mut rng)?
        };
        game.apply(seat, action).ok()?;
    }
    for _ in 0..cards {
        if game.phase() != Phase::Playing {
            break;
        }
        let seat = game.to_act()?;
        let action = game.random_action(&mut rng)?;
        game.apply(seat, action).ok()?;
    }
    Some(game)
}

/// Random outcomes of `actions` in one to four worlds: all alike now and then, so that the
/// reasons that read the figures come up too.
fn random_samples(
    actions: Vec<Action>,
    contract: Option<Contract>,
    rng: &mut impl rand::Rng,
) -> Samples {
    let alike = rng.random_bool(0.3);
    let capot = rng.random_bool(0.3);
    let worlds = rng.random_range(1..=4);
    let rows = (0..worlds)
        .map(|_| Row {
            weight: f64::from(rng.random_range(1..=3u8)),
            outcomes: actions
                .iter()
                .map(|_| {
                    (alike || rng.random_bool(0.9)).then(|| WorldOutcome {
                        value: if alike { 12.0 } else { f64::from(rng.random_range(-400..400i32)) },
                        contract: match contract {
                            Some(c) => Some(c),
                            None if rng.random_bool(0.2) => None,
                            None => Some(Contract {
                                taker: Seat::ALL[rng.random_range(0..4)],
                                bid: Bid::new(BidLevel::Points(100), Suit::Hearts),
                                multiplier: Multiplier::Simple,
                            }),
                        },
                        made: rng.random_bool(0.5),
                        points: rng.random_range(0..=162),
                        capot: capot || rng.random_bool(0.1),
                    })
                })
                .collect(),
        })
        .collect();
    Samples { actions, rows, reference: None }
}

/// The trick as it stands in `game`, from the rules' own play of the cards so far.
fn trick_and_hands(game: &Game) -> (Trick, BySeat<CardSet>) {
    let deal = game.deal();
    let contract = deal.contract().expect("the cards are being played");
    let mut play = crate::rules::CardPlay::new(
        deal.dealt,
        contract.trump(),
        deal.auction.first_to_speak(),
        game.rules(),
    );
    for c in game.view(Seat::South).cards() {
        play.play_unchecked(c);
    }
    (*play.current_trick(), *play.hands())
}

/// Whether `seat` wins `trick` (with its card down) whatever the seats still to play put on it
/// from their hands as dealt, within the rules.
fn wins_whatever(
    trick: &Trick,
    hands: &BySeat<CardSet>,
    trump: Trump,
    rules: Rules,
    seat: Seat,
) -> bool {
    if trick.is_complete() {
        return trick.winner(trump) == Some(seat);
    }
    let next = trick.to_play();
    legal_cards(hands[next], trick, trump, rules).iter().all(|c| {
        let mut t = *trick;
        t.push(c);
        wins_whatever(&t, hands, trump, rules, seat)
    })
}

/// The estimate of `action` in `samples`, and its outcomes.
fn outcomes_of(samples: &Samples, action: Action) -> Vec<WorldOutcome> {
    let Some(i) = samples.actions.iter().position(|&a| a == action) else { return Vec::new() };
    samples.rows.iter().filter_map(|r| r.outcomes[i]).collect()
}

/// The weighted mean of `action` in `samples`, counted here.
/// The standard error of `action`'s mean as the advice's estimate gives it, rounded as a
/// reason quotes it.
fn se_of(samples: &Samples, action: Action) -> Option<u16> {
    let e = samples.column(action).and_then(|i| samples.estimate(i))?;
    e.se.is_finite().then(|| e.se.round() as u16)
}

fn mean_of(samples: &Samples, action: Action) -> Option<f64> {
    let i = samples.actions.iter().position(|&a| a == action)?;
    // The weighted mean of `value` over the rows where `weighed` holds.
    let mean = |weighed: &dyn Fn(&[Option<WorldOutcome>]) -> bool,
                value: &dyn Fn(&[Option<WorldOutcome>]) -> f64| {
        let (mut w, mut sum) = (0.0, 0.0);
        for r in samples.rows.iter().filter(|r| weighed(&r.outcomes)) {
            w += r.weight;
            sum += r.weight * value(&r.outcomes);
        }
        (w > 0.0).then_some(sum / w)
    };
    let value = |j: usize| move |o: &[Option<WorldOutcome>]| o[j].map_or(0.0, |o| o.value);
    let has = |j: usize| move |o: &[Option<WorldOutcome>]| o[j].is_some();
    let count = |j: usize| samples.rows.iter().filter(|r| r.outcomes[j].is_some()).count();
    let own = mean(&has(i), &value(i))?;
    // Every option is measured against the reference: the advised option when set, else the
    // most weighed (the best plain mean of those, the first of equals). One weighed in other
    // worlds than the reference has the reference's mean less its cost there.
    let most = (0..samples.actions.len()).map(count).max()?;
    let plain = |j: usize| mean(&has(j), &value(j)).unwrap_or(f64::NEG_INFINITY);
    let reference = match samples.reference.filter(|&r| count(r) > 0) {
        Some(r) => r,
        None => (0..samples.actions.len())
            .filter(|&j| count(j) == most)
            .reduce(|a, b| if plain(b) > plain(a) { b } else { a })?,
    };
    let same =
        samples.rows.iter().all(|r| r.outcomes[i].is_some() == r.outcomes[reference].is_some());
    if same {
        return Some(own);
    }
    let both = |o: &[Option<WorldOutcome>]| o[i].is_some() && o[reference].is_some();
    // No world in common: its own mean is all there is.
    let gap = mean(&both, &|o| value(reference)(o) - value(i)(o));
    Some(gap.map_or(own, |gap| plain(reference) - gap))
}

/// Checks that `reason`, given for `card` played by the seat to act in `game`, is true of the
/// deal as dealt, the rules, and the figures of `samples` and of the worlds' hands, `worlds`,
/// when they are known.
fn check_card(
    game: &Game,
    card: Card,
    reason: Reason,
    samples: &Samples,
    worlds: Option<&[(BySeat<CardSet>, f64)]>,
) -> Result<(), String> {
    let seat = game.to_act().ok_or("a seat to play")?;
    let contract = game.deal().contract().ok_or("a contract")?;
    let trump = contract.trump();
    let rules = game.rules();
    let (trick, hands) = trick_and_hands(game);
    let hand = hands[seat];
    let legal = legal_cards(hand, &trick, trump, rules);
    let cutting = match trump {
        Trump::Suit(s) => CardSet::suit(s),
        _ => CardSet::EMPTY,
    };
    let mut after = trick;
    after.push(card);
    let partner = seat.partner();
    let others = Seat::ALL.into_iter().filter(|&s| s != seat);
    let outcomes = outcomes_of(samples, Action::Play(card));
    let ok = match reason {
        Reason::OnlyCard => legal.len() == 1,
        Reason::AllAlike | Reason::Alike { .. } => {
            let means: Vec<Option<f64>> =
                legal.iter().map(|c| mean_of(samples, Action::Play(c))).collect();
            let best = means.iter().flatten().copied().fold(f64::MIN, f64::max);
            let same = legal.iter().all(|c| c.points(trump) == card.points(trump));
            let alike = means.iter().all(|m| m.is_some_and(|m| best - m <= TIE));
            match reason {
                Reason::Alike { points } => {
                    alike && same && legal.len() > 1 && points == card.points(trump)
                }
                _ => {
                    alike
                        && !same
                        && legal.iter().all(|c| {
                            c.points(trump) > card.points(trump)
                                || (c.points(trump) == card.points(trump)
                                    && (c.suit() != card.suit()
                                        || c.strength(trump) >= card.strength(trump)))
                        })
                }
            }
        }
        Reason::PullTrumps { out } => {
            let held = others.map(|s| hands[s].and(cutting).len()).sum::<usize>();
            trick.is_empty()
                && cutting.contains(card)
                && contract.team() == seat.team()
                && usize::from(out) == held
                && held > 0
        }
        Reason::CashMaster => trick.is_empty() && wins_whatever(&after, &hands, trump, rules, seat),
        Reason::GiveRuff => {
            trick.is_empty()
                && !cutting.contains(card)
                && !hands[partner].has_suit(card.suit())
                && !hands[partner].and(cutting).is_empty()
        }
        Reason::LeadLow => {
            let rest = hand.of_suit(card.suit()).minus(CardSet::single(card));
            trick.is_empty()
                && !rest.is_empty()
                && rest.iter().all(|c| c.strength(trump) > card.strength(trump))
        }
        Reason::Ruff | Reason::Overruff => {
            let lead = trick.lead_suit();
            let trumps_down: Vec<(Seat, Card)> =
                trick.plays().filter(|(_, c)| cutting.contains(*c)).collect();
            let side_led = lead.is_some_and(|l| !cutting.has_suit(l));
            let base = side_led && cutting.contains(card);
            if reason == Reason::Ruff {
                base && trumps_down.is_empty()
            } else {
                let top = trumps_down.iter().max_by_key(|(_, c)| c.strength(trump));
                base && top.is_some_and(|(s, c)| {
                    s.team() != seat.team() && card.strength(trump) > c.strength(trump)
                })
            }
        }
        Reason::TakeTrick => !trick.is_empty() && wins_whatever(&after, &hands, trump, rules, seat),
        Reason::Placed { card: higher, seat: with, share, of } => {
            let lead = card.suit();
            let unseen = others.fold(CardSet::EMPTY, |all, s| all.or(hands[s]));
            let above: Vec<Card> = unseen
                .of_suit(lead)
                .iter()
                .filter(|c| c.power(trump, lead) > card.power(trump, lead))
                .collect();
            // The seat it lies with in the worlds is the partner, or one that has played.
            let played = trick.plays().any(|(s, _)| s == with);
            let counted = worlds.is_none_or(|worlds| {
                let total: f64 = worlds.iter().map(|w| w.1).sum();
                let at = |s: Seat| -> f64 {
                    worlds.iter().filter(|w| w.0[s].contains(higher)).map(|w| w.1).sum()
                };
                let most = Seat::ALL.into_iter().filter(|&s| s != seat).all(|s| at(s) <= at(with));
                usize::from(of) == worlds.len()
                    && most
                    && f64::from(share) == (100.0 * at(with) / total).floor()
            });
            trick.lead_suit() == Some(lead)
                && after.winner(trump) == Some(seat)
                && above == [higher]
                && (with == partner || played)
                && with != seat
                && share > 50
                && counted
        }
        Reason::TryTrick => !trick.is_empty() && after.winner(trump) == Some(seat),
        Reason::LoadPartner { points } => {
            !trick.is_empty()
                && points > 0
                && points == card.points(trump)
                && wins_whatever(&after, &hands, trump, rules, partner)
        }
        Reason::GiveLeast => {
            legal.iter().all(|c| c.points(trump) >= card.points(trump))
                && legal.iter().any(|c| c.points(trump) > card.points(trump))
        }
        Reason::Capot { worlds, of } => {
            let capots = outcomes.iter().filter(|o| o.capot).count();
            usize::from(of) == outcomes.len()
                && usize::from(worlds) == capots
                && 2 * capots >= outcomes.len()
                && capots > 0
        }
        Reason::Figures { mean, se, worlds } => {
            mean_of(samples, Action::Play(card)).is_some_and(|m| (m - f64::from(mean)).abs() <= 0.5)
                && se_of(samples, Action::Play(card)) == se
                && usize::from(worlds) == outcomes.len()
        }
        Reason::Unweighed => outcomes.is_empty(),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{reason:?} for {card} is false: trick {:?}, hands {hands:?}", trick.cards()))
    }
}

/// What option `a` scores more than option `b` in `samples`, world by world over the worlds
/// both were weighed in, counted here: the weighted mean of the differences and its standard
/// error (the weighted variance over the effective number of worlds less one).
fn paired_of(samples: &Samples, a: Action, b: Action) -> Option<(f64, f64)> {
    let i = samples.column(a)?;
    let j = samples.column(b)?;
    let diffs: Vec<(f64, f64)> = samples
        .rows
        .iter()
        .filter_map(|r| Some((r.outcomes[i]?.value - r.outcomes[j]?.value, r.weight)))
        .collect();
    let w: f64 = diffs.iter().map(|d| d.1).sum();
    if diffs.is_empty() || w <= 0.0 {
        return None;
    }
    let mean = diffs.iter().map(|(x, wt)| x * wt).sum::<f64>() / w;
    let var = diffs.iter().map(|(x, wt)| wt * (x - mean).powi(2)).sum::<f64>() / w;
    let n = w * w / diffs.iter().map(|d| d.1 * d.1).sum::<f64>();
    let se = if n > 1.0 + 1e-9 { (var / (n - 1.0)).sqrt() } else { f64::INFINITY };
    Some((mean, se))
}

/// The share of the weight of `action`'s worlds in `samples` where a doubled call wins (the
/// contract failing for a contre, made for a surcontre), in percent rounded down.
fn wins_of(samples: &Samples, action: Action) -> Option<u8> {
    let i = samples.column(action)?;
    let (mut all, mut won) = (0.0, 0.0);
    for r in &samples.rows {
        let Some(o) = r.outcomes[i].filter(|o| o.contract.is_some()) else { continue };
        all += r.weight;
        if o.made == (action == Action::Bid(Call::Surcontre)) {
            won += r.weight;
        }
    }
    let share = if all > 0.0 {
        won / all
    } else if action == Action::Bid(Call::Contre) {
        1.0
    } else {
        0.0
    };
    Some((share * 100.0 + 1e-9).floor() as u8)
}

/// Checks that `reason`, given for `call` by the seat to speak in `game`, is true of the deal,
/// the rules and the figures of `samples`.
fn check_call(game: &Game, call: Call, reason: Reason, samples: &Samples) -> Result<(), String> {
    let seat = game.to_act().ok_or("a seat to speak")?;
    let mut auction = Auction::new(game.deal().dealer, game.rules());
    for &c in game.view(seat).calls() {
        auction.try_call(c).map_err(|e| e.to_string())?;
    }
    let legal = auction.legal_calls();
    let outcomes = outcomes_of(samples, Action::Bid(call));
    let n = outcomes.len();
    // The points' mean, and its standard error from the sample's spread.
    let average = |f: &dyn Fn(&WorldOutcome) -> bool| {
        let chosen: Vec<u16> = outcomes.iter().filter(|o| f(o)).map(|o| o.points).collect();
        let sum: u32 = chosen.iter().map(|&p| u32::from(p)).sum();
        let n = chosen.len();
        let mean = f64::from(sum) / n.max(1) as f64;
        let se = (n > 1).then(|| {
            let squares: f64 = chosen.iter().map(|&p| (f64::from(p) - mean).powi(2)).sum();
            (squares / (n - 1) as f64 / n as f64).sqrt().round() as u16
        });
        (mean.round() as u16, se)
    };
    let count = |f: &dyn Fn(&WorldOutcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let opponents = auction.current_bid().filter(|(b, _)| b.team() != seat.team());
    // The call's mean is the best of the options weighed.
    let means: Vec<f64> = samples.actions.iter().filter_map(|&a| mean_of(samples, a)).collect();
    let best =
        |c: Call| mean_of(samples, Action::Bid(c)).is_some_and(|m| means.iter().all(|&o| o <= m));
    // What `other` pays more than the call, as a reason quotes it, and whether that is enough
    // to replace it: ten points and one standard error.
    let gain = |other: Call| paired_of(samples, Action::Bid(other), Action::Bid(call));
    let quoted = |(mean, se): (f64, f64), diff: i16, quoted_se: Option<u16>| {
        mean.floor() as i16 == diff && se.is_finite().then(|| se.round() as u16) == quoted_se
    };
    let clear = |(mean, se): (f64, f64)| mean >= 10.0 && mean >= se;
    let ok = legal.allows(call)
        && match reason {
            Reason::OnlyCall => legal.to_vec() == vec![Call::Pass],
            Reason::OnlyFits => {
                let hand = game.deal().hands()[seat];
                let fits = |c: Call| {
                    crate::bots::bidding::Meaning::of(&auction, c, crate::bots::Level::Expert)
                        .admits(hand)
                };
                let legal = legal.to_vec();
                legal.len() > 1 && legal.iter().all(|&c| fits(c) == (c == call))
            }
            Reason::Bid { seen, seen_se, made, ours, of } => {
                let is_ours =
                    |o: &WorldOutcome| o.contract.is_some_and(|c| c.taker.team() == seat.team());
                matches!(call, Call::Bid(_))
                    && best(call)
                    && 2 * made > ours
                    && usize::from(of) == n
                    && usize::from(ours) == count(&is_ours)
                    && ours > 0
                    && usize::from(made) == count(&|o| is_ours(o) && o.made)
                    && (seen, seen_se) == average(&is_ours)
            }
            Reason::Pass { mean, se, other, other_mean, other_se } => {
                let others: Vec<f64> = legal
                    .to_vec()
                    .into_iter()
                    .filter(|&c| c != Call::Pass)
                    .filter_map(|c| mean_of(samples, Action::Bid(c)))
                    .collect();
                let theirs = mean_of(samples, Action::Bid(other));
                call == Call::Pass
                    && best(call)
                    && other != Call::Pass
                    && legal.allows(other)
                    && mean_of(samples, Action::Bid(Call::Pass)).is_some_and(|m| {
                        (m - f64::from(mean)).abs() <= 0.5 && others.iter().all(|&o| o <= m)
                    })
                    && theirs.is_some_and(|m| {
                        (m - f64::from(other_mean)).abs() <= 0.5 && others.iter().all(|&o| o <= m)
                    })
                    && se_of(samples, Action::Bid(Call::Pass)) == se
                    && se_of(samples, Action::Bid(other)) == other_se
            }
            Reason::Contre { need, seen, seen_se, worlds, of } => {
                let contract = |o: &WorldOutcome| o.contract.is_some();
                call == Call::Contre
                    && best(call)
                    && 2 * worlds > of
                    && seen < need
                    && opponents.is_some_and(|(_, b)| b.level.value() == need)
                    && usize::from(of) == n
                    && n > 0
                    && usize::from(worlds) == count(&|o| contract(o) && !o.made)
                    && (seen, seen_se) == average(&contract)
            }
            Reason::Surcontre { worlds, of } => {
                call == Call::Surcontre
                    && best(call)
                    && 2 * worlds > of
                    && usize::from(of) == n
                    && n > 0
                    && usize::from(worlds) == count(&|o| o.contract.is_some() && o.made)
            }
            Reason::SureTrick { card } => {
                // The highest trump of a suit contract: it beats every card of the deal.
                let top = opponents.is_some_and(|(_, b)| {
                    b.is_capot()
                        && b.trump.suit() == Some(card.suit())
                        && Card::all()
                            .filter(|c| c.suit() == card.suit())
                            .all(|c| c == card || c.strength(b.trump) < card.strength(b.trump))
                });
                call == Call::Contre && game.deal().dealt[seat].contains(card) && top
            }
            Reason::Close { best: other, diff, se } => {
                other != call
                    && !best(call)
                    && best(other)
                    && legal.allows(other)
                    && gain(other).is_some_and(|g| quoted(g, diff, se) && !clear(g))
            }
            Reason::Risky { best: other, diff, se, wins, of } => {
                let action = Action::Bid(other);
                let worlds = outcomes_of(samples, action).len();
                let short = worlds < 8 || wins < 70 || gain(other).is_some_and(|g| g.0 < 25.0);
                matches!(other, Call::Contre | Call::Surcontre)
                    && other != call
                    && !best(call)
                    && legal.allows(other)
                    && usize::from(of) == worlds
                    && wins_of(samples, action) == Some(wins)
                    && gain(other).is_some_and(|g| quoted(g, diff, se) && clear(g))
                    && short
            }
            Reason::Figures { mean, se, worlds } => {
                mean_of(samples, Action::Bid(call))
                    .is_some_and(|m| (m - f64::from(mean)).abs() <= 0.5)
                    && se_of(samples, Action::Bid(call)) == se
                    && usize::from(worlds) == n
            }
            Reason::Unweighed => outcomes.is_empty(),
            _ => false,
        };
    if ok {
        Ok(())
    } else {
        Err(format!("{reason:?} for {call} is false after {:?}", auction.calls()))
    }
}

/// The rules of case `index` (0 to 5) in `trump`: the three sets, with sans atout and tout
/// atout allowed in the first three (always when the contract is in one of them).
fn rules_for(trump: Trump, index: usize) -> Rules {
    let set = crate::rules::RuleSet::ALL[index % 3];
    Rules::of(set).with_nt_at(!trump.is_suit() || index < 3)
}

/// `n` worlds of `game` for its seat to act, each with its weight: the other seats' cards as
/// dealt, or (most often) dealt again among them as many as each holds, so that the reasons
/// that read where a card lies come up with every share.
fn random_worlds(game: &Game, n: usize, rng: &mut impl rand::Rng) -> Vec<(BySeat<CardSet>, f64)> {
    let (_, hands) = trick_and_hands(game);
    let seat = game.to_act().expect("a seat to play");
    let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != seat).collect();
    (0..n)
        .map(|_| {
            let mut world = hands;
            if rng.random_bool(0.8) {
                let mut unseen: Vec<Card> = others.iter().flat_map(|&s| hands[s].iter()).collect();
                for i in (1..unseen.len()).rev() {
                    unseen.swap(i, rng.random_range(0..=i));
                }
                let mut rest = unseen.into_iter();
                for &s in &others {
                    world[s] = rest.by_ref().take(hands[s].len()).collect();
                }
            }
            (world, f64::from(rng.random_range(1..=3u8)))
        })
        .collect()
}

/// A random position of the play in `trump` under rule set `set`, a random legal card there,
/// random figures, and the reason the expert gives for that card: checked against the deal.
fn card_reason_is_true(seed: u64, set: usize, trump: Trump) -> Result<(), TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
    let cards = rng.random_range(0..32);
    let Some(game) = random_game(seed, rules_for(trump, set), Some(trump), cards) else {
        return Ok(());
    };
    if game.phase() != Phase::Playing {
        return Ok(());
    }
    let seat = game.to_act().expect("a seat to play");
    let view = game.view(seat);
    let contract = view.contract().expect("a contract");
    let mem = crate::bots::Memory::from_view(&view, contract, true);
    let legal = legal_cards(view.hand(), &mem.trick, contract.trump(), view.rules());
    let pick = legal.iter().nth(rng.random_range(0..legal.len())).expect("a legal card");
    let actions: Vec<Action> = legal.iter().map(Action::Play).collect();
    let mut samples = random_samples(actions, Some(contract), &mut rng);
    // The advice measures every option against the card it gives a reason for.
    samples.measure_against(Action::Play(pick));
    let worlds = random_worlds(&game, samples.rows.len(), &mut rng);
    let facts = CardFacts { mem: &mem, legal, samples: &samples, worlds: &worlds };
    let reason = card::reason(&facts, pick);
    prop_assert_eq!(check_card(&game, pick, reason, &samples, Some(&worlds)), Ok(()));
    Ok(())
}

/// The same for a call: a random auction (begun in `trump`), a random set of calls weighed with
/// random figures, and the reason given for one of them.
fn call_reason_is_true(seed: u64, set: usize, trump: Trump) -> Result<(), TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xca11);
    let rules = rules_for(trump, set);
    let mut game =
        Game::new(GameOptions { rules, ..GameOptions::default() }, seed, BySeat::default());
    let steps = rng.random_range(0..6);
    for i in 0..steps {
        let Some(seat) = game.to_act() else { break };
        let action = if i == 0 && rng.random_bool(0.5) {
            let level = if rng.random_bool(0.2) { BidLevel::Capot } else { BidLevel::Points(100) };
            Action::Bid(Call::Bid(Bid { level, trump }))
        } else {
            game.random_action(&mut rng).expect("an action")
        };
        if game.apply(seat, action).is_err() || game.phase() != Phase::Bidding {
            return Ok(());
        }
    }
    let seat = game.to_act().expect("a seat to speak");
    let view = game.view(seat);
    let auction = view.auction();
    let legal = auction.legal_calls().to_vec();
    let mut calls: Vec<Call> = vec![Call::Pass];
    for _ in 0..rng.random_range(0..5) {
        let c = legal[rng.random_range(0..legal.len())];
        if !calls.contains(&c) {
            calls.push(c);
        }
    }
    let pick = calls[rng.random_range(0..calls.len())];
    let mut samples =
        random_samples(calls.iter().map(|&c| Action::Bid(c)).collect(), None, &mut rng);
    samples.measure_against(Action::Bid(pick));
    let reason = call::reason(&CallFacts { view: &view, auction, samples: &samples }, pick);
    let checked = check_call(&game, pick, reason, &samples);
    prop_assert_eq!(checked, Ok(()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Over 10,000 random positions of the play in a suit contract, every reason is true.
    #[test]
    fn card_reasons_are_true_in_suit_contracts(seed in any::<u64>(), set in 0usize..6, suit in 0usize..4) {
        card_reason_is_true(seed, set, Trump::Suit(Suit::from_index(suit)))?;
    }

    /// The same in sans atout.
    #[test]
    fn card_reasons_are_true_in_sans_atout(seed in any::<u64>(), set in 0usize..3) {
        card_reason_is_true(seed, set, Trump::NoTrump)?;
    }

    /// The same in tout atout.
    #[test]
    fn card_reasons_are_true_in_tout_atout(seed in any::<u64>(), set in 0usize..3) {
        card_reason_is_true(seed, set, Trump::AllTrump)?;
    }

    /// Over 10,000 random auctions begun in each mode, every reason for a call is true.
    #[test]
    fn call_reasons_are_true(seed in any::<u64>(), set in 0usize..6, mode in 0usize..6) {
        call_reason_is_true(seed, set, Trump::ALL[mode])?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The expert's own advice on a budget of two worlds, in every set and mode: its reason is
    /// true of the deal, its figures of its worlds.
    #[test]
    fn the_experts_reasons_are_true(seed in any::<u64>(), set in 0usize..3, mode in 0usize..6) {
        let trump = Trump::ALL[mode];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let cards = rng.random_range(0..32);
        let begun = rng.random_bool(0.5).then_some(trump);
        let Some(game) = random_game(seed, rules_for(trump, set), begun, cards) else { return Ok(()) };
        let Some(seat) = game.to_act() else { return Ok(()) };
        let view = game.view(seat);
        let a = ask(&view, BiddingStyle::Cautious, 0, Budget::worlds(2), None);
        let checked = match a.action {
            Action::Play(c) => check_card(&game, c, a.reason, &a.samples, None),
            Action::Bid(c) => check_call(&game, c, a.reason, &a.samples),
        };
        prop_assert_eq!(checked, Ok(()));
    }
}

/// The reason given for `card` in `v` when each legal card scores `value(card)` in four worlds,
/// with every trick to the seat's side in them when `capot`; with no world when `value` is
/// `None`.
fn card_reason_in(v: &SeatView, card: Card, value: Option<fn(Card) -> f64>, capot: bool) -> Reason {
    let contract = v.contract().expect("the cards are being played");
    let mem = crate::bots::Memory::from_view(v, contract, true);
    let legal = legal_cards(v.hand(), &mem.trick, contract.trump(), v.rules());
    let rows = match value {
        Some(value) => (0..4)
            .map(|_| Row {
                weight: 1.0,
                outcomes: legal
                    .iter()
                    .map(|c| {
                        Some(WorldOutcome {
                            value: value(c),
                            contract: Some(contract),
                            made: true,
                            points: 100,
                            capot,
                        })
                    })
                    .collect(),
            })
            .collect(),
        None => Vec::new(),
    };
    let samples =
        Samples { actions: legal.iter().map(Action::Play).collect(), rows, reference: None };
    card::reason(&CardFacts { mem: &mem, legal, samples: &samples, worlds: &[] }, card)
}

/// [`card_reason_in`] with four worlds and no capot.
fn card_reason(v: &SeatView, card: Card, value: fn(Card) -> f64) -> Reason {
    card_reason_in(v, card, Some(value), false)
}

/// Each card worth the same.
fn alike(_: Card) -> f64 {
    0.0
}

/// Each card worth a different score.
fn apart(c: Card) -> f64 {
    c.index() as f64 * 10.0
}

/// West leads (dealer North) and North took 80 in clubs.
const NORTH_CLUBS: &str = "pass pass pass 80C pass pass pass";
/// East leads (dealer South) and North took 80 in clubs.
const NORTH_CLUBS_EAST_LEADS: &str = "pass 80C pass pass pass";

#[test]
fn every_card_alike_is_said_only_of_the_cheapest() {
    // West leads the 8 of diamonds; South follows with the queen or the 7.
    let v = view(Seat::South, Seat::North, "QD 7D 8H 9S 10S JS 7C 8C", NORTH_CLUBS, "8D");
    assert_eq!(card_reason(&v, card("7D"), alike), Reason::AllAlike);
    // With the 7 in hand, the queen is not the cheapest: that is not said of it.
    assert_ne!(card_reason(&v, card("QD"), alike), Reason::AllAlike);
    // The ace of hearts beside the 8 and the 7.
    let v = view(Seat::South, Seat::North, "AH 8H 7H 9S 10S JS 7C 8C", NORTH_CLUBS, "9H");
    assert_ne!(card_reason(&v, card("AH"), alike), Reason::AllAlike);
    assert_ne!(card_reason(&v, card("8H"), alike), Reason::AllAlike, "the 7 is lower");
    assert_eq!(card_reason(&v, card("7H"), alike), Reason::AllAlike);
    // Cards apart in score: never all alike.
    assert_ne!(card_reason(&v, card("7H"), apart), Reason::AllAlike);
}

#[test]
fn cards_that_all_give_the_same_points_are_said_alike_never_the_fewest() {
    // West leads the 9 of hearts; South holds the 8 and the 7, neither worth a point.
    let v = view(Seat::South, Seat::North, "8H 7H 9S 10S JS 7C 8C 9D", NORTH_CLUBS, "9H");
    for c in ["8H", "7H"] {
        assert_eq!(card_reason(&v, card(c), alike), Reason::Alike { points: 0 });
        let apart = card_reason(&v, card(c), apart);
        assert!(!matches!(apart, Reason::GiveLeast | Reason::AllAlike), "{c}: {apart:?}");
        // With no world weighed, nothing is said of their points either.
        assert_ne!(card_reason_in(&v, card(c), None, false), Reason::GiveLeast);
    }
    // A king and a queen of hearts under the ace: alike in worth, but the queen gives fewer
    // points.
    let v = view(Seat::South, Seat::North, "KH QH 9S 10S JS 7C 8C 9D", NORTH_CLUBS, "AH");
    assert_eq!(card_reason(&v, card("QH"), alike), Reason::AllAlike);
    assert_eq!(card_reason_in(&v, card("QH"), None, false), Reason::GiveLeast);
}

#[test]
fn leading_low_is_said_only_of_the_lowest_of_a_suit() {
    // West took 80 in clubs; South leads with the king, 9 and 7 of hearts.
    let v = view(Seat::South, Seat::West, "KH 9H 7H 7S 8S 9D 8D 7D", NORTH_CLUBS, "");
    let king = card_reason(&v, card("KH"), apart);
    assert!(matches!(king, Reason::Figures { worlds: 4, .. }), "the king, the 7 in hand: {king:?}");
    assert_eq!(card_reason(&v, card("7H"), apart), Reason::LeadLow);
    // A card alone in its suit is not led low.
    let v = view(Seat::South, Seat::West, "KH 7S 8S 9S 9D 8D 7D 10D", NORTH_CLUBS, "");
    assert_ne!(card_reason(&v, card("KH"), apart), Reason::LeadLow);
}

#[test]
fn trumps_are_pulled_with_the_count_the_seat_can_know() {
    // South took 80 in hearts and leads: five trumps are out of its hand, none played.
    let v = view(Seat::South, Seat::West, "JH 9H AH 7S 8S 9D 8D 7D", "80H pass pass pass", "");
    assert_eq!(card_reason(&v, card("JH"), apart), Reason::PullTrumps { out: 5 });
    // The defence does not pull trumps.
    let v = view(Seat::South, Seat::West, "JH 9H AH 7S 8S 9D 8D 7D", "pass 80H pass pass pass", "");
    assert_ne!(card_reason(&v, card("JH"), apart), Reason::PullTrumps { out: 5 });
}

#[test]
fn a_master_is_cashed_only_when_nothing_can_beat_it() {
    // Sans atout: the ace of spades is the highest spade, and nothing cuts.
    let nt = Rules::default().with_nt_at(true);
    let v = seat_view(
        nt,
        Seat::South,
        Seat::West,
        "AS 7S 8D 9D 7H 8H 7C 8C",
        "80NT pass pass pass",
        "",
    );
    assert_eq!(card_reason(&v, card("AS"), apart), Reason::CashMaster);
    // In hearts, with trumps out, the ace may be ruffed.
    let v = view(Seat::South, Seat::West, "JH 9H AH AS 7D 8D 9D 7C", "80H pass pass pass", "");
    assert_ne!(card_reason(&v, card("AS"), apart), Reason::CashMaster);
}

/// North took 80 in clubs and drew a round of trumps that both opponents could not follow;
/// South won the ace of spades, then the ace of hearts, on which North threw a diamond.
fn partner_void_in_hearts() -> SeatView {
    view(
        Seat::South,
        Seat::East,
        "KH QH 10H JS QS",
        "80C pass pass pass",
        "JC 9D 7C 10D 7S 8S AS 9S AH 7H 7D 8H",
    )
}

#[test]
fn a_ruff_is_given_only_to_a_partner_who_surely_holds_a_trump() {
    // Every club out is North's: neither opponent followed the jack.
    let v = partner_void_in_hearts();
    assert_eq!(card_reason(&v, card("KH"), apart), Reason::GiveRuff);
    // North may hold spades: no ruff.
    assert_ne!(card_reason(&v, card("QS"), apart), Reason::GiveRuff);
}

#[test]
fn a_trick_taken_is_one_nothing_still_to_come_can_beat() {
    // West leads the 8 of diamonds, the ace still out: the jack only tries for the trick.
    let v = view(Seat::South, Seat::North, "JD 10D 7H 8H 7C 8C 9S 10S", NORTH_CLUBS, "8D");
    assert_eq!(card_reason(&v, card("JD"), apart), Reason::TryTrick);
    assert_eq!(card_reason(&v, card("10D"), apart), Reason::TryTrick);
    // Last to play, South's jack holds the trick.
    let v = view(
        Seat::South,
        Seat::South,
        "JD 10D 7H 8H 7C 8C 9S 10S",
        NORTH_CLUBS_EAST_LEADS,
        "8D 9D 7D",
    );
    assert_eq!(card_reason(&v, card("JD"), apart), Reason::TakeTrick);
}

#[test]
fn points_go_on_a_partners_trick_nothing_can_take() {
    // East leads the 7 of hearts, North takes it with the ace, West follows: South's king goes
    // on its partner's trick, and nobody is left to play.
    let v = view(
        Seat::South,
        Seat::South,
        "KH 9H 7D 8D 7C 8C 9S 10S",
        NORTH_CLUBS_EAST_LEADS,
        "7H AH 8H",
    );
    assert_eq!(card_reason(&v, card("KH"), apart), Reason::LoadPartner { points: 4 });
    // No heart: a diamond of no points is the least South gives, the club a ruff.
    let v = view(
        Seat::South,
        Seat::South,
        "7D 8D KD 7C 8C 9S 10S JS",
        NORTH_CLUBS_EAST_LEADS,
        "7H AH 8H",
    );
    assert_eq!(card_reason(&v, card("7D"), apart), Reason::GiveLeast);
    assert_eq!(card_reason(&v, card("KD"), apart), Reason::LoadPartner { points: 4 });
    assert_eq!(card_reason(&v, card("7C"), apart), Reason::Ruff);
    // A heart led by West to North, who has not played: the partner's trick may still be lost.
    let v = view(Seat::South, Seat::North, "KH 9H 7D 8D 7C 8C 9S 10S", NORTH_CLUBS, "7H");
    assert_ne!(card_reason(&v, card("KH"), apart), Reason::LoadPartner { points: 4 });
}

#[test]
fn trumps_ruff_and_overruff_as_the_trick_stands() {
    // East leads the 7 of hearts, North follows, West trumps with the ace: South overtrumps.
    let v = view(
        Seat::South,
        Seat::South,
        "JC 9C 7D 8D 9S 10S JS QS",
        NORTH_CLUBS_EAST_LEADS,
        "7H 8H AC",
    );
    assert_eq!(card_reason(&v, card("JC"), apart), Reason::Overruff);
    // West wins with the ace of hearts: South ruffs.
    let v = view(
        Seat::South,
        Seat::South,
        "JC 8C 7D 8D 9S 10S JS QS",
        NORTH_CLUBS_EAST_LEADS,
        "7H 8H AH",
    );
    assert_eq!(card_reason(&v, card("8C"), apart), Reason::Ruff);
}

#[test]
fn the_only_card_the_capot_and_the_figures_say_what_they_are() {
    // South holds one heart on a heart lead.
    let v = view(Seat::South, Seat::North, "7H 7D 8D 7C 8C 9S 10S JS", NORTH_CLUBS, "8H");
    assert_eq!(card_reason(&v, card("7H"), apart), Reason::OnlyCard);
    // Every trick to South's side in all four worlds.
    let v = view(Seat::South, Seat::West, "JH 9H AH 10H KH AS AD AC", "80H pass pass pass", "");
    assert_eq!(
        card_reason_in(&v, card("JH"), Some(apart), true),
        Reason::Capot { worlds: 4, of: 4 }
    );
    // The defence's 8 of diamonds on a trick it cannot win says nothing but its figures.
    let v = view(Seat::South, Seat::North, "QD 8D 8H 9S 10S JS 7C 8C", NORTH_CLUBS, "AD");
    let figures = card_reason(&v, card("QD"), apart);
    assert!(
        matches!(figures, Reason::Figures { mean, se: Some(_), worlds: 4 }
            if mean == apart(card("QD")) as i16),
        "{figures:?}"
    );
    // No world weighed: the facts of the position only, else nothing but that.
    assert_eq!(card_reason_in(&v, card("8D"), None, false), Reason::GiveLeast);
    assert_eq!(card_reason_in(&v, card("QD"), None, false), Reason::Unweighed);
}

#[test]
fn a_pass_names_the_calls_the_rules_allow() {
    // South's 80 in hearts is contré: only pass or surcontre. A poor hand passes, and its
    // reason speaks of the surcontre, not of a contract of its side.
    let v = view(Seat::South, Seat::West, "JH 7H 8H 7S 8S 7D 8D 7C", "80H contre pass pass", "");
    let a = advice(&v, 16);
    assert_eq!(a.action, Action::Bid(Call::Pass), "{a:?}");
    let Reason::Pass { other, .. } = a.reason else { panic!("{a:?}") };
    assert_eq!(other, Call::Surcontre);
    let line = crate::text::Words {
        lang: crate::text::Lang::En,
        suits: crate::text::SuitStyle::Letters,
        ascii: false,
        spoken: false,
    }
    .reason(a.reason);
    assert!(line.contains("Surcontre"), "{line}");
    // After its partner's contre, a defender may only pass.
    let v =
        view(Seat::South, Seat::North, "JH 7H 8H 7S 8S 7D 8D 7C", "80S pass pass contre pass", "");
    let a = advice(&v, 16);
    assert_eq!((a.action, a.reason), (Action::Bid(Call::Pass), Reason::OnlyCall));
}

#[test]
fn bids_contres_and_surcontres_quote_their_worlds() {
    // An opening with the trump jack, 9, ace and 10 and two aces.
    let v = view(Seat::South, Seat::West, "JH 9H AH 10H AS AD 7C 8C", "", "");
    let a = advice(&v, 16);
    let Reason::Bid { made, ours, of, .. } = a.reason else { panic!("{a:?}") };
    assert!(made <= ours && ours <= of && of as u32 == a.worlds && ours > 0, "{a:?}");
    // The five top trumps and three aces, contré: the surcontre is made in nearly every world.
    let v = view(Seat::South, Seat::West, "JH 9H AH 10H KH AS AD AC", "80H contre pass pass", "");
    let a = advice(&v, 16);
    assert_eq!(a.action, Action::Bid(Call::Surcontre), "{a:?}");
    let Reason::Surcontre { worlds, of } = a.reason else { panic!("{a:?}") };
    assert!(worlds * 10 >= of * 7 && u32::from(of) == a.worlds, "{a:?}");
}
