//! Card play: which legal card a bot plays, from its [`Memory`].
//!
//! Leading, the takers' side draws trumps while its top trump is master (or towards the partner
//! whose bid showed the jack), then cashes its masters; the defence plays its partner's suit,
//! cashes masters the taker cannot ruff, and never leads into a known void of an opponent who
//! can still trump when another lead is safe, nor leads away from an ace or an unguarded ten.
//! Following, everyone keeps off a trick the partner is sure to win (no ruff, no overtaking)
//! and loads it with points; against an opponent it wins with the cheapest card that holds the
//! trick, and otherwise gives the least: a small card from the weakest suit, keeping the guard of
//! a ten. Among equal cards the lowest is played. The last trick counts its 10.
//!
//! Each mode ranks the cards its own way ([`Card::strength`]): in tout atout every suit climbs
//! from the jack, so the taker's side cashes its jacks as it would draw trumps, and a suit's guard
//! is the 9's; in sans atout and tout atout nothing cuts, so there is no ruff to fear or to seek,
//! and where a suit led must be beaten (tout atout) the cheapest card that holds the trick goes.

use super::memory::Memory;
use crate::rules::{Card, CardSet, Rank, Seat, Suit, Trick, Trump};

/// The two highest ranks of `suit` under `trump`: the jack and the 9 in a suit ranked in trump
/// order (the trump suit, every suit in tout atout), else the ace and the 10.
fn top_two(trump: Trump, suit: Suit) -> (Rank, Rank) {
    if trump.trump_ordered().has_suit(suit) {
        (Rank::Jack, Rank::Nine)
    } else {
        (Rank::Ace, Rank::Ten)
    }
}

/// The lowest card of a set by (points, strength): the card that costs least.
fn cheapest(cards: CardSet, trump: Trump) -> Option<Card> {
    cards.iter().min_by_key(|&c| (c.points(trump), c.strength(trump), c.suit().index()))
}

/// The card a bot plays: one of `legal`, which is not empty.
pub fn choose_card(mem: &Memory, legal: CardSet, partner_bid_suits: &[Suit]) -> Option<Card> {
    if legal.len() <= 1 {
        return legal.first();
    }
    if mem.trick.is_empty() { lead(mem, legal, partner_bid_suits) } else { follow(mem, legal) }
}

/// The card to lead.
fn lead(mem: &Memory, legal: CardSet, partner_bid_suits: &[Suit]) -> Option<Card> {
    let trump = mem.trump();
    let seat = mem.seat;
    let taker = mem.contract.taker;
    let trumps = legal.and(trump.cards());
    let best_trump = trumps.best_trump(trump);
    let trumps_out = mem.opponents_have_trumps();

    if taker.team() == seat.team() {
        if trumps_out && let Some(best) = best_trump {
            // Draw trumps with the master.
            if mem.is_master(best) {
                return Some(best);
            }
            // The taker's partner leads trumps towards the taker (its bid showed the jack), unless
            // its only trump is worth points; the taker draws with a small one from length, or
            // towards a partner who bid the suit.
            let partner_took = taker == seat.partner();
            let partner_may_hold_master = mem
                .trumps_out()
                .iter()
                .any(|c| mem.is_master(c) && mem.possible(seat.partner()).contains(c));
            // A lone 10, ace or 9 of trump led to the taker only feeds the opponents' trumps.
            let small = lowest_trump(trumps, trump).is_some_and(|c| c.points(trump) < 10);
            if (partner_took && (small || trumps.len() >= 2))
                || (taker == seat && trumps.len() >= 2)
                || (taker == seat
                    && partner_may_hold_master
                    && partner_bid_suits.iter().any(|&s| trump.is_trump(s)))
            {
                return lowest_trump(trumps, trump);
            }
        }
        if let Some(c) = safe_master(mem, legal) {
            return Some(c);
        }
        // A suit the partner ruffs while the opponents cannot overruff it.
        for suit in Suit::ALL.into_iter().filter(|&s| !trump.is_trump(s)) {
            let cards = legal.of_suit(suit);
            if !cards.is_empty()
                && mem.is_void(seat.partner(), suit)
                && mem.may_hold_trump(seat.partner())
                && !mem.opponent_ruffs(suit)
            {
                return cheapest(cards, trump);
            }
        }
        return quiet_lead(mem, legal).or_else(|| cheapest(legal, trump));
    }

    // Defence. The partner's suit first: the one it bid or led.
    let partner = seat.partner();
    let partner_suits = partner_bid_suits
        .iter()
        .copied()
        .chain(mem.first_lead[partner])
        .filter(|&s| !trump.is_trump(s));
    for suit in partner_suits {
        let cards = legal.of_suit(suit);
        if cards.is_empty() || mem.opponent_ruffs(suit) {
            continue;
        }
        let top = cards.iter().max_by_key(|&c| c.strength(trump));
        return match top {
            Some(c) if mem.is_master(c) => Some(c),
            _ => cheapest(cards, trump),
        };
    }
    if let Some(c) = safe_master(mem, legal) {
        return Some(c);
    }
    quiet_lead(mem, legal)
        .or_else(|| cheapest(legal.minus(trump.cards()), trump))
        .or_else(|| cheapest(legal, trump))
}

/// The lowest trump, keeping the king and queen (the belote) for last among the small ones.
fn lowest_trump(trumps: CardSet, trump: Trump) -> Option<Card> {
    trumps.iter().min_by_key(|&c| c.strength(trump))
}

/// A master in a plain suit that no opponent is known to ruff, the one with the most points.
fn safe_master(mem: &Memory, legal: CardSet) -> Option<Card> {
    let trump = mem.trump();
    legal
        .minus(trump.cards())
        .iter()
        .filter(|&c| mem.is_master(c) && !mem.opponent_ruffs(c.suit()))
        // With trumps still out, a master in a long suit is less likely to be ruffed.
        .max_by_key(|&c| (c.points(trump), legal.of_suit(c.suit()).len()))
}

/// A low lead that gives nothing away: not into an opponent's ruff, not away from an ace or an
/// unguarded ten (in a suit ranked in trump order: a jack or an unguarded 9), not a trump; the
/// weakest such suit, its smallest card.
fn quiet_lead(mem: &Memory, legal: CardSet) -> Option<Card> {
    let trump = mem.trump();
    let mut best: Option<(i32, Card)> = None;
    for suit in Suit::ALL.into_iter().filter(|&s| !trump.is_trump(s)) {
        let cards = legal.of_suit(suit);
        let Some(low) = cheapest(cards, trump) else {
            continue;
        };
        let (top, second) = top_two(trump, suit);
        let top = cards.contains(Card::new(suit, top));
        let second = cards.contains(Card::new(suit, second));
        let mut cost = 0;
        if mem.opponent_ruffs(suit) {
            cost += 100;
        }
        if top {
            cost += 40;
        }
        if second && !top {
            cost += 30;
        }
        cost += i32::from(low.points(trump)) * 2;
        // Lead through the taker: the taker plays right after us and must commit first.
        if mem.contract.taker == mem.seat.next_in(mem.trick.direction()) {
            cost -= 5;
        }
        cost -= cards.len() as i32;
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, low));
        }
    }
    best.map(|(_, c)| c)
}

/// Whether `seat` may beat `card` (now winning `trick`) with what it may hold.
fn may_beat(mem: &Memory, seat: Seat, card: Card, trick: &Trick) -> bool {
    let trump = mem.trump();
    let Some(lead) = trick.lead_suit() else {
        return false;
    };
    let holds = mem.possible(seat);
    let best = card.power(trump, lead);
    // Only a void shown in play counts: guessing voids from how few cards are out made the bots
    // hold back on tricks they would have won (measured in the arena).
    let maybe_void = !holds.has_suit(lead);
    let beats = |c: Card| c.power(trump, lead) > best;
    if holds.of_suit(lead).iter().any(beats) {
        return true;
    }
    maybe_void && !trump.is_trump(lead) && holds.and(trump.cards()).iter().any(beats)
}

/// The card to play to a trick already led.
fn follow(mem: &Memory, legal: CardSet) -> Option<Card> {
    let trump = mem.trump();
    let trick = &mem.trick;
    let lead = trick.lead_suit()?;
    let seat = mem.seat;
    let partner = seat.partner();
    let win_idx = trick.winning_index(trump)?;
    let winning = trick.cards()[win_idx];
    let winner = trick.seat_at(win_idx);
    let last_trick = mem.tricks_done() == 7;
    let trick_points = trick.points(trump) + if last_trick { 10 } else { 0 };
    let to_come: Vec<Seat> = mem.still_to_play().collect();
    let opponents_to_come: Vec<Seat> = to_come.iter().copied().filter(|&s| s != partner).collect();

    if winner == partner {
        let sure = opponents_to_come.iter().all(|&s| !may_beat(mem, s, winning, trick));
        if sure {
            return load_partner(mem, legal, lead);
        }
        // Partner may be beaten: secure the trick with a master of the suit led if it has one.
        let secure = legal
            .iter()
            .filter(|&c| c.power(trump, lead) > winning.power(trump, lead))
            .filter(|&c| opponents_to_come.iter().all(|&s| !may_beat(mem, s, c, trick)))
            .min_by_key(|&c| c.strength(trump));
        if let Some(c) = secure
            && !trump.is_trump(c.suit())
            && trick_points >= 10
        {
            return Some(c);
        }
        return give_least(mem, legal);
    }

    // An opponent is winning.
    let winners: Vec<Card> =
        legal.iter().filter(|&c| c.power(trump, lead) > winning.power(trump, lead)).collect();
    if winners.is_empty() {
        return give_least(mem, legal);
    }
    let cheapest_winner = |cards: &mut dyn Iterator<Item = Card>| {
        cards.min_by_key(|&c| (c.power(trump, lead), c.points(trump)))
    };
    if opponents_to_come.is_empty() {
        return cheapest_winner(&mut winners.iter().copied());
    }
    let holding: Vec<Card> = winners
        .iter()
        .copied()
        .filter(|&c| opponents_to_come.iter().all(|&s| !may_beat(mem, s, c, trick)))
        .collect();
    if let Some(c) = cheapest_winner(&mut holding.iter().copied()) {
        return Some(c);
    }
    if legal.and(trump.cards()) == legal {
        // Forced to trump: the smallest trump that wins, hoping it holds.
        return cheapest_winner(&mut winners.iter().copied());
    }
    give_least(mem, legal)
}

/// On a trick the partner is sure to win: points on it (a 10 or an ace that would not win a
/// trick of its own), never a trump when another card may go.
fn load_partner(mem: &Memory, legal: CardSet, lead: Suit) -> Option<Card> {
    let trump = mem.trump();
    let plain = legal.minus(trump.cards());
    if plain.is_empty() {
        return lowest_trump(legal, trump);
    }
    // Keep a master of another suit: it wins a trick of its own later.
    plain
        .iter()
        .filter(|&c| !(mem.is_master(c) && c.suit() != lead))
        .max_by_key(|&c| (c.points(trump), std::cmp::Reverse(c.strength(trump))))
        .or_else(|| give_least(mem, plain))
}

/// The card that costs least: no trump when a plain card may go, a small card from the weakest
/// suit, keeping masters and the guard of a ten (of a 9, in a suit ranked in trump order).
fn give_least(mem: &Memory, legal: CardSet) -> Option<Card> {
    let trump = mem.trump();
    let plain = legal.minus(trump.cards());
    if plain.is_empty() {
        return lowest_trump(legal, trump);
    }
    plain.iter().min_by_key(|&c| {
        let suit = c.suit();
        let cards = mem.hand.of_suit(suit);
        let master = mem.is_master(c);
        let second = Card::new(suit, top_two(trump, suit).1);
        let guards_second =
            c != second && cards.contains(second) && !mem.is_master(second) && cards.len() == 2;
        let suit_points: u16 = cards.points(trump);
        (master, guards_second, c.points(trump), suit_points, c.strength(trump))
    })
}
