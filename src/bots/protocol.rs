//! `contree bot`: the bots as a service, one JSON request per line and one JSON answer per line
//! (`shared/spec/bot-protocol.md`, summed up in the README).
//!
//! A request holds everything the seat may know; it is checked (the calls are replayed through
//! the rules, the cards must add up) and turned into the [`SeatView`] the table would give, so
//! the answer is the one [`decide_seeded`] gives at the table for the same situation.

use std::fmt;
use std::io::{self, BufRead, Write};

use serde::Deserialize;
use serde_json::json;

use super::{Level, Style, decide_seeded};
use crate::game::SeatView;
use crate::rules::{
    Auction, AuctionOutcome, ByTeam, Call, Card, CardSet, Rank, ScoringRules, Seat, Trick,
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
    rules: Option<ScoringRules>,
    #[serde(default)]
    game: Option<GameInfo>,
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

fn err<T>(msg: impl Into<String>) -> Result<T, RequestError> {
    Err(RequestError(msg.into()))
}

/// Reads a request line into the view of its seat, checking that it is the seat's turn and that
/// the cards add up.
pub fn parse_request(line: &str) -> Result<SeatView, RequestError> {
    let req: Request =
        serde_json::from_str(line).map_err(|e| RequestError(format!("bad request: {e}")))?;
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
    let mut auction = Auction::new(req.dealer);
    for (i, &call) in req.auction.iter().enumerate() {
        auction
            .try_call(call)
            .map_err(|e| RequestError(format!("auction token {i} ({call}): {e}")))?;
    }
    let to_act = match auction.outcome() {
        None => {
            if !req.play.is_empty() {
                return err("cards were played before the auction is over");
            }
            if hand.len() != 8 {
                return err(format!("the hand has {} cards during the auction, not 8", hand.len()));
            }
            auction.to_speak()
        }
        Some(AuctionOutcome::AllPassed) => return err("everyone passed: the deal is void"),
        Some(AuctionOutcome::Contract(contract)) => {
            if req.play.len() >= 32 {
                return err("the deal is over: all 32 cards are played");
            }
            let trump = contract.trump();
            let mut trick = Trick::new(req.dealer.next());
            let mut own_played = 0;
            let mut queen_or_king_by = Vec::new();
            for &card in &req.play {
                let s = trick.to_play();
                if s == req.seat {
                    own_played += 1;
                }
                if trump.is_trump(card.suit()) && matches!(card.rank(), Rank::King | Rank::Queen) {
                    queen_or_king_by.push(s);
                }
                trick.push(card);
                if trick.is_complete() {
                    trick = Trick::new(trick.winner(trump).unwrap_or(s));
                }
            }
            if hand.len() + own_played != 8 {
                return err(format!(
                    "the hand has {} cards, but {} has played {own_played}: it should hold {}",
                    hand.len(),
                    req.seat,
                    8 - own_played
                ));
            }
            if let Some(b) = req.belote
                && !queen_or_king_by.contains(&b)
            {
                return err(format!("{b} said belote without playing the king or queen of trump"));
            }
            Some(trick.to_play())
        }
    };
    if to_act != Some(req.seat) {
        return err(match to_act {
            Some(s) => format!("it is {s}'s turn, not {}'s", req.seat),
            None => format!("nobody is to act, not even {}", req.seat),
        });
    }
    let (target, totals) = req.game.map_or((1000, ByTeam::default()), |g| (g.target, g.totals));
    Ok(SeatView {
        seat: req.seat,
        dealer: req.dealer,
        hand,
        auction: req.auction,
        play: req.play,
        belote: req.belote,
        rules: req.rules.unwrap_or_default(),
        target,
        totals,
    })
}

/// The request that describes `view`, as one JSON line.
pub fn request_json(view: &SeatView) -> String {
    json!({
        "seat": view.seat,
        "dealer": view.dealer,
        "hand": view.hand,
        "auction": view.auction,
        "play": view.play,
        "belote": view.belote,
        "rules": view.rules,
        "game": {"target": view.target, "totals": view.totals},
    })
    .to_string()
}

/// The answer line to one request line.
pub fn answer(line: &str, level: Level, style: Style, seed: u64) -> String {
    match parse_request(line) {
        Ok(view) => {
            let action = decide_seeded(&view, level, style, seed);
            json!({ "action": action.to_string() }).to_string()
        }
        Err(e) => json!({ "error": e.0 }).to_string(),
    }
}

/// Serves requests from `input` until its end, one answer line per request line (blank lines
/// are skipped), flushing after each.
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    level: Level,
    style: Style,
    seed: u64,
) -> io::Result<()> {
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        // A line that is not UTF-8 is a bad request like any other, not the end of the service.
        let line = String::from_utf8_lossy(&buf);
        if line.trim().is_empty() {
            continue;
        }
        writeln!(output, "{}", answer(&line, level, style, seed))?;
        output.flush()?;
    }
}
