//! `contree bot`: the bots as a service, one JSON request per line and one JSON answer per line
//! (the repository's `docs/bot-protocol.md`, summed up in the README).
//!
//! A request holds everything the seat may know; it is checked (the calls are replayed through
//! the rules, the cards must add up) and turned into the [`SeatView`] the table would give, so
//! the answer is the one [`Level::decide`] gives at the table for the same situation.

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use serde::Deserialize;
use serde_json::json;

use super::expert::Budget;
use super::{Decision, Level};
use crate::game::SeatView;
use crate::personas::BiddingStyle;
use crate::rules::{
    Auction, AuctionOutcome, BelotesSaid, BySeat, ByTeam, Call, Card, CardSet, Combination,
    Contract, Declared, DeclaredTokens, GameContext, Rank, Rules, Seat, Suit, Trick,
};

/// A request as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    seat: Seat,
    dealer: Seat,
    hand: Vec<Card>,
    #[serde(default)]
    auction: Vec<Call>,
    #[serde(default)]
    play: Vec<Card>,
    #[serde(default)]
    belote: Option<Seat>,
    #[serde(default)]
    belotes: Vec<BeloteSaid>,
    #[serde(default)]
    declared: Option<DeclaredTokens>,
    #[serde(default)]
    rules: Option<Rules>,
    #[serde(default)]
    game: Option<GameInfo>,
}

/// A belote said: `{"seat": "N", "suit": "H"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BeloteSaid {
    seat: Seat,
    suit: Suit,
}

/// The game context of a request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameInfo {
    target: u16,
    #[serde(default)]
    totals: ByTeam<u32>,
}

/// A request that cannot be answered, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError(pub String);

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

impl From<&str> for RequestError {
    fn from(msg: &str) -> RequestError {
        RequestError(msg.to_string())
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, RequestError> {
    Err(RequestError(msg.into()))
}

/// The cards each seat has played, replayed trick by trick in the rules' direction, and the
/// seat to play next.
struct Replay {
    by_seat: BySeat<CardSet>,
    to_play: Seat,
}

fn replay_play(auction: &Auction, contract: &Contract, play: &[Card]) -> Replay {
    let trump = contract.trump();
    let mut trick = Trick::new(auction.first_to_speak(), auction.rules().direction());
    let mut by_seat = BySeat([CardSet::EMPTY; 4]);
    for &card in play {
        let s = trick.to_play();
        by_seat[s].insert(card);
        trick.push(card);
        if trick.is_complete() {
            trick = Trick::new(trick.winner(trump).unwrap_or(s), trick.direction());
        }
    }
    Replay { by_seat, to_play: trick.to_play() }
}

/// The belotes said, from `belote` (the trump suit's) and `belotes` (any, in tout atout): each
/// said by a seat that has played the king or queen of its suit, in a suit that makes a belote.
fn belotes_said(
    req: &Request,
    contract: Option<&Contract>,
    played: &BySeat<CardSet>,
) -> Result<BelotesSaid, RequestError> {
    let mut said = BelotesSaid::NONE;
    let Some(contract) = contract else {
        if req.belote.is_some() || !req.belotes.is_empty() {
            return err("nobody says belote before the play");
        }
        return Ok(said);
    };
    let trump = contract.trump();
    let single = match (req.belote, trump.suit()) {
        (None, _) => None,
        (Some(seat), Some(suit)) => Some(BeloteSaid { seat, suit }),
        (Some(seat), None) => {
            return err(format!(
                "{seat} said belote, but the contract has no trump suit ({trump}): use belotes"
            ));
        }
    };
    for b in single.iter().chain(&req.belotes) {
        if !trump.belote_cards().has_suit(b.suit) {
            return err(format!("no belote in {} with {trump} as trump", b.suit.name()));
        }
        let pair = [Rank::King, Rank::Queen].map(|r| Card::new(b.suit, r));
        if !pair.iter().any(|&c| played[b.seat].contains(c)) {
            return err(format!(
                "{} said belote without playing the king or queen of {}",
                b.seat,
                b.suit.name()
            ));
        }
        match said.holder(b.suit) {
            Some(other) if other != b.seat => {
                return err(format!(
                    "both {other} and {} said belote in {}",
                    b.seat,
                    b.suit.name()
                ));
            }
            _ => said.insert(b.seat, b.suit),
        }
    }
    Ok(said)
}

/// What the seats announced with their first card, under `coinche`: only seats that have played
/// one; the seat's own checked against its dealt hand, the others' against what it can see.
fn declared_said(
    req: &Request,
    rules: Rules,
    dealt: CardSet,
    played: &BySeat<CardSet>,
) -> Result<Declared, RequestError> {
    let Some(tokens) = req.declared.as_ref().filter(|_| rules.set.has_declarations()) else {
        return Ok(Declared::default());
    };
    let declared = tokens
        .read(|seat, t| {
            if seat == req.seat {
                Combination::parse_in_hand(t, dealt).map(Combination::announced)
            } else {
                Combination::parse_announced(t)
            }
        })
        .map_err(|(seat, e)| RequestError(format!("the declarations of {seat}: {e}")))?;
    let mut seen = CardSet::EMPTY;
    for (seat, c) in declared.0.iter() {
        let Some(c) = c else { continue };
        if played[seat].is_empty() {
            return err(format!("{seat} declares with its first card and has not played one"));
        }
        let cards = c.cards();
        let elsewhere = Seat::ALL
            .into_iter()
            .filter(|&s| s != seat)
            .fold(CardSet::EMPTY, |acc, s| acc.or(played[s]));
        let mine = if seat == req.seat { CardSet::EMPTY } else { dealt };
        if let Some(card) = cards.and(seen.or(elsewhere).or(mine)).first() {
            return err(format!("{seat} declared {card}, which it cannot hold"));
        }
        seen = seen.or(cards);
    }
    Ok(declared)
}

/// Reads a request line into the view of its seat, checking that it is the seat's turn and that
/// the cards add up.
pub fn parse_request(line: &str) -> Result<SeatView, RequestError> {
    let req: Request =
        serde_json::from_str(line).map_err(|e| RequestError(format!("bad request: {e}")))?;
    let rules = req.rules.unwrap_or_default();
    let hand: CardSet = req.hand.iter().copied().collect();
    if hand.len() != req.hand.len() {
        return err("a card appears twice in the hand");
    }
    let played: CardSet = req.play.iter().copied().collect();
    if played.len() != req.play.len() {
        return err("a card appears twice in the play");
    }
    if let Some(c) = hand.and(played).first() {
        return err(format!("{c} is in the hand but was already played"));
    }
    let mut auction = Auction::new(req.dealer, rules);
    for (i, &call) in req.auction.iter().enumerate() {
        auction
            .try_call(call)
            .map_err(|e| RequestError(format!("auction token {i} ({call}): {e}")))?;
    }
    let mut by_seat = BySeat([CardSet::EMPTY; 4]);
    let contract = match auction.outcome() {
        None => {
            if !req.play.is_empty() {
                return err("cards were played before the auction is over");
            }
            if hand.len() != 8 {
                return err(format!("the hand has {} cards during the auction, not 8", hand.len()));
            }
            None
        }
        Some(AuctionOutcome::AllPassed) => return err("everyone passed: the deal is void"),
        Some(AuctionOutcome::Contract(contract)) => {
            if req.play.len() >= 32 {
                return err("the deal is over: all 32 cards are played");
            }
            let replay = replay_play(&auction, &contract, &req.play);
            let own_played = replay.by_seat[req.seat].len();
            if hand.len() + own_played != 8 {
                return err(format!(
                    "the hand has {} cards, but {} has played {own_played}: it should hold {}",
                    hand.len(),
                    req.seat,
                    8 - own_played
                ));
            }
            by_seat = replay.by_seat;
            if replay.to_play != req.seat {
                return err(format!("it is {}'s turn, not {}'s", replay.to_play, req.seat));
            }
            Some(contract)
        }
    };
    if contract.is_none() && auction.to_speak() != Some(req.seat) {
        return err(match auction.to_speak() {
            Some(s) => format!("it is {s}'s turn, not {}'s", req.seat),
            None => format!("nobody is to act, not even {}", req.seat),
        });
    }
    let belotes = belotes_said(&req, contract.as_ref(), &by_seat)?;
    let declared = declared_said(&req, rules, hand.or(by_seat[req.seat]), &by_seat)?;
    let (target, totals) = req.game.map_or((1000, ByTeam::default()), |g| (g.target, g.totals));
    GameContext::check_target(target).map_err(RequestError::from)?;
    Ok(SeatView {
        seat: req.seat,
        dealer: req.dealer,
        hand,
        auction: req.auction,
        play: req.play,
        belotes,
        declared,
        rules,
        target,
        totals,
    })
}

/// The request that describes `view`, as one JSON line: [`parse_request`] reads it back into
/// the same view.
pub fn request_json(view: &SeatView) -> String {
    let mut request = json!({
        "seat": view.seat,
        "dealer": view.dealer,
        "hand": view.hand,
        "auction": view.auction,
        "play": view.play,
        "belote": view.belote(),
        "rules": view.rules,
        "game": {"target": view.target, "totals": view.totals},
    });
    if !view.belotes.is_empty() {
        let said: Vec<_> =
            view.belotes.iter().map(|(seat, suit)| json!({"seat": seat, "suit": suit})).collect();
        request["belotes"] = json!(said);
    }
    if !view.declared.is_empty() {
        request["declared"] = json!(view.declared);
    }
    request.to_string()
}

/// Who answers the service's requests and how: the level, its bidding style, the seed its
/// random choices derive from (with each request), and what the expert may spend on each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Service {
    /// The level that decides.
    pub level: Level,
    /// Its bidding style.
    pub style: BiddingStyle,
    /// The seed of its random choices.
    pub seed: u64,
    /// What the expert may spend on each request (the other levels answer at once).
    pub budget: Budget,
}

/// The answer line to one request line.
pub fn answer(line: &str, service: &Service) -> String {
    match parse_request(line) {
        Ok(view) => {
            let Service { level, style, seed, budget } = *service;
            let action = level.decide(&Decision { view: &view, style, seed, budget, cancel: None });
            json!({ "action": action.to_string() }).to_string()
        }
        // A huge token of the request is not echoed back whole.
        Err(e) => json!({ "error": crate::files::cut(&e.0) }).to_string(),
    }
}

/// Reads past the end of the current line, keeping nothing of it.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// The longest request line read, in bytes: a whole deal's view takes a few kilobytes.
pub const REQUEST_LIMIT: u64 = crate::files::MIB;

/// Serves requests from `input` until its end, one answer line per request line (blank lines
/// are skipped), flushing after each. A line longer than [`REQUEST_LIMIT`] is answered with an
/// error and skipped, never held in memory whole.
pub fn serve(input: impl BufRead, mut output: impl Write, service: &Service) -> io::Result<()> {
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if Read::take(&mut input, REQUEST_LIMIT + 1).read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        if buf.len() as u64 > REQUEST_LIMIT && buf.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            let error = format!("bad request: longer than {}", crate::files::size(REQUEST_LIMIT));
            writeln!(output, "{}", json!({ "error": error }))?;
            output.flush()?;
            continue;
        }
        if crate::files::is_blank(&buf) {
            continue;
        }
        // A line that is not UTF-8 is a bad request like any other, not the end of the service.
        let line = String::from_utf8_lossy(&buf);
        writeln!(output, "{}", answer(&line, service))?;
        output.flush()?;
    }
}
