//! `contree bot`: the bots as a service, one JSON request per line and one JSON answer per line
//! (the repository's `docs/bot-protocol.md`, summed up in `docs/arena.md`).
//!
//! A request holds everything the seat may know; it is checked and turned into the [`SeatView`]
//! the table would give: the calls and cards replayed through the rules into the deal's public
//! history ([`PublicDeal`]), then the view's own checks ([`SeatView::new`]: the hand fits the
//! cards played, the belotes and declarations fit the cards seen, every card was legal as far
//! as the seat can tell). The answer is the one [`Level::decide`] gives at the table for the
//! same situation. A request without its `game` is read as the first deal of a game to the rule
//! set's usual target.

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use serde::Deserialize;
use serde_json::json;

use super::bidding::every_call;
use super::expert::{self, Advice, Budget, Holds, Reason};
use super::{Decision, Level};
use crate::game::{SeatView, ViewError};
use crate::personas::BiddingStyle;
use crate::rules::{
    AuctionOutcome, BySeat, ByTeam, Call, Card, CardSet, Combination, DeclarationError,
    DeclaredTokens, GameContext, Object, PublicDeal, PublicError, PublicPlayError, Rules, Seat,
    Suit, Trump,
};
use crate::text::{Lang, SuitStyle, Words};

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
    belotes: Vec<Object<BeloteSaid>>,
    #[serde(default)]
    declared: Option<Object<DeclaredTokens>>,
    #[serde(default)]
    rules: Option<Object<Rules>>,
    #[serde(default)]
    game: Option<Object<GameInfo>>,
    /// The level each seat's calls are read by; a seat not given, the expert's.
    #[serde(default)]
    levels: Option<Object<Levels>>,
    /// Asks the expert's advice (action, reason, every option's figures) rather than the
    /// level's action alone.
    #[serde(default, deserialize_with = "null_is_default")]
    advise: bool,
    /// Asks, besides the action, what each call of the auction shows under the convention.
    #[serde(default, deserialize_with = "null_is_default")]
    explain: bool,
    /// The language of the explanations: English by default.
    #[serde(default, deserialize_with = "null_is_default")]
    lang: Lang,
}

/// A field with a default read as it is written, or as its default when it is `null`, as when
/// it is left out: a program that writes every field, `null` where it has no choice, is
/// answered rather than refused.
fn null_is_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

/// What a request asks for besides the view it describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Asks {
    /// The expert's advice rather than the level's action.
    advise: bool,
    /// The auction's calls explained, in this language.
    explain: Option<Lang>,
}

/// A belote said: `{"seat": "N", "suit": "H"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BeloteSaid {
    seat: Seat,
    suit: Suit,
}

/// The levels of a request's seats: `{"N": "normal", "S": "expert"}`, any of the four.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Levels {
    #[serde(rename = "S", default)]
    s: Option<Level>,
    #[serde(rename = "E", default)]
    e: Option<Level>,
    #[serde(rename = "N", default)]
    n: Option<Level>,
    #[serde(rename = "W", default)]
    w: Option<Level>,
}

impl Levels {
    /// Each seat's level, the expert's where none is given.
    fn of_seats(&self) -> BySeat<Level> {
        let or = |l: Option<Level>| l.unwrap_or(Level::DEFAULT);
        BySeat([or(self.s), or(self.e), or(self.n), or(self.w)])
    }
}

/// The game context of a request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameInfo {
    target: u16,
    #[serde(default)]
    totals: ByTeam<u32>,
}

/// A request that cannot be answered, and why: each the rule or the part of the protocol it
/// breaks. Its `Display` is the `"error"` answered on the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// Not a request: the JSON parser's words.
    NotARequest(String),
    /// A card is written twice in the hand.
    CardTwice,
    /// The calls or the cards break the rules.
    Replay(PublicError),
    /// Every seat passed: the deal is void, nobody acts.
    VoidDeal,
    /// Every card is played: nobody acts.
    DealOver,
    /// Another seat is to act.
    NotTheTurn {
        /// The seat to act.
        to_act: Seat,
        /// The seat the request asks for.
        asked: Seat,
    },
    /// Nobody is to act: the seat the request asks for.
    NobodyToAct(Seat),
    /// A belote said during the auction.
    BeloteBeforePlay,
    /// A belote said with `belote` under a contract without a trump suit.
    BeloteWithoutTrump {
        /// The seat said to hold it.
        seat: Seat,
        /// The contract's trump mode.
        trump: Trump,
    },
    /// A declaration made during the auction.
    DeclarationBeforePlay,
    /// A seat's declarations break the rules.
    Declarations {
        /// The seat.
        seat: Seat,
        /// The rule broken.
        error: DeclarationError,
    },
    /// The hand, the deal and the game make no view a table could give.
    View(ViewError),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::NotARequest(why) => write!(f, "bad request: {why}"),
            RequestError::CardTwice => f.write_str("a card appears twice in the hand"),
            RequestError::Replay(e) => write!(f, "{e}"),
            RequestError::VoidDeal => write!(f, "{}", PublicError::VoidDeal),
            RequestError::DealOver => write!(f, "{}", PublicPlayError::DealOver),
            RequestError::NotTheTurn { to_act, asked } => {
                write!(f, "it is {to_act}'s turn, not {asked}'s")
            }
            RequestError::NobodyToAct(asked) => write!(f, "nobody is to act, not even {asked}"),
            RequestError::BeloteBeforePlay => f.write_str("nobody says belote before the play"),
            RequestError::BeloteWithoutTrump { seat, trump } => write!(
                f,
                "{seat} said belote, but the contract has no trump suit ({trump}): use belotes"
            ),
            RequestError::DeclarationBeforePlay => f.write_str("nobody declares before the play"),
            RequestError::Declarations { seat, error } => {
                write!(f, "the declarations of {seat}: {error}")
            }
            RequestError::View(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RequestError {}

/// The belotes said, from `belote` (the trump suit's) and `belotes` (any, in tout atout), into
/// the play (whether they fit the cards is the view's to check).
fn say_belotes(req: &Request, deal: &mut PublicDeal) -> Result<(), RequestError> {
    let Some(play) = deal.play_mut() else {
        if req.belote.is_some() || !req.belotes.is_empty() {
            return Err(RequestError::BeloteBeforePlay);
        }
        return Ok(());
    };
    let trump = play.trump();
    let single = match (req.belote, trump.suit()) {
        (None, _) => None,
        (Some(seat), Some(suit)) => Some(BeloteSaid { seat, suit }),
        (Some(seat), None) => {
            return Err(RequestError::BeloteWithoutTrump { seat, trump });
        }
    };
    for b in single.iter().chain(req.belotes.iter().map(|b| &b.0)) {
        play.say_belote(b.seat, b.suit);
    }
    Ok(())
}

/// What the seats announced with their first card, under `coinche`, into the play: the seat's
/// own read against its dealt hand, the others' as the table hears them (whether they fit the
/// cards is the view's to check).
fn announce(req: &Request, hand: CardSet, deal: &mut PublicDeal) -> Result<(), RequestError> {
    let declared = req.declared.as_ref().map(|d| &d.0);
    let Some(tokens) = declared.filter(|_| deal.rules().set.has_declarations()) else {
        return Ok(());
    };
    let Some(play) = deal.play_mut() else {
        return Err(RequestError::DeclarationBeforePlay);
    };
    let dealt = hand.or(play.played_by()[req.seat]);
    let declared = tokens
        .read(|seat, t| {
            if seat == req.seat {
                Combination::parse_in_hand(t, dealt)
            } else {
                Combination::parse_announced(t)
            }
        })
        .map_err(|(seat, error)| RequestError::Declarations { seat, error })?;
    for (seat, combination) in declared.0.iter() {
        if let Some(c) = combination {
            play.announce(seat, *c);
        }
    }
    Ok(())
}

/// Reads a request line into the view of its seat: the calls and cards replayed through the
/// rules ([`PublicDeal::replay`]), the seat to act, and everything a view must hold
/// ([`SeatView::new`]).
pub fn parse_request(line: &str) -> Result<SeatView, RequestError> {
    read_request(line).map(|(view, _)| view)
}

/// Reads a seat's view written as a request ([`request_json`]) at any point of a deal, as the
/// network table sends it: the same checks as [`parse_request`], but the deal may be over,
/// void, or another seat's turn.
pub fn parse_view(line: &str) -> Result<SeatView, RequestError> {
    read_view(line, false).map(|(view, _)| view)
}

/// [`parse_request`], and what the request asks for besides.
fn read_request(line: &str) -> Result<(SeatView, Asks), RequestError> {
    read_view(line, true)
}

/// A view written as a request, and what it asks for besides; `turn`, it must be a request:
/// a deal in progress, its seat to act.
fn read_view(line: &str, turn: bool) -> Result<(SeatView, Asks), RequestError> {
    // serde would read a struct from an array too, its fields in order.
    if !line.trim_start().starts_with('{') {
        let why = "a request is a JSON object, one a line";
        return Err(RequestError::NotARequest(why.to_string()));
    }
    let req: Request =
        serde_json::from_str(line).map_err(|e| RequestError::NotARequest(e.to_string()))?;
    let rules = req.rules.map(|r| r.0).unwrap_or_default();
    let hand: CardSet = req.hand.iter().copied().collect();
    if hand.len() != req.hand.len() {
        return Err(RequestError::CardTwice);
    }
    let mut deal = PublicDeal::replay(req.dealer, rules, &req.auction, &req.play)
        .map_err(RequestError::Replay)?;
    if turn {
        request_turn(&deal, req.seat)?;
    }
    say_belotes(&req, &mut deal)?;
    announce(&req, hand, &mut deal)?;
    // A request without its game is the first deal of a game to the rule set's usual target.
    let game = req.game.map(|g| g.0).map_or(
        GameContext { target: rules.set.default_target(), before: ByTeam::default() },
        |g| GameContext { target: g.target, before: g.totals },
    );
    let levels = req.levels.map(|l| l.0).unwrap_or_default().of_seats();
    let view =
        SeatView::new(req.seat, hand, deal, game).map_err(RequestError::View)?.with_levels(levels);
    Ok((view, Asks { advise: req.advise, explain: req.explain.then_some(req.lang) }))
}

/// Whether a request's deal is one a seat may be asked to act in: not void, not over, and its
/// seat to act.
fn request_turn(deal: &PublicDeal, seat: Seat) -> Result<(), RequestError> {
    if deal.auction().outcome() == Some(AuctionOutcome::AllPassed) {
        return Err(RequestError::VoidDeal);
    }
    if deal.is_over() {
        return Err(RequestError::DealOver);
    }
    match deal.to_act() {
        Some(to_act) if to_act == seat => Ok(()),
        Some(to_act) => Err(RequestError::NotTheTurn { to_act, asked: seat }),
        None => Err(RequestError::NobodyToAct(seat)),
    }
}

/// The request that describes `view` and asks for the expert's advice, as one JSON line.
pub fn advise_request_json(view: &SeatView) -> String {
    let mut request: serde_json::Value =
        serde_json::from_str(&request_json(view)).unwrap_or_else(|_| json!({}));
    request["advise"] = json!(true);
    request.to_string()
}

/// The request that describes `view`, as one JSON line: [`parse_request`] reads it back into
/// the same view.
pub fn request_json(view: &SeatView) -> String {
    let mut request = json!({
        "seat": view.seat(),
        "dealer": view.dealer(),
        "hand": view.hand(),
        "auction": view.calls(),
        "play": view.cards().collect::<Vec<_>>(),
        "belote": view.belote(),
        "rules": view.rules(),
        "game": {"target": view.target(), "totals": view.totals()},
    });
    let said = view.belotes();
    if !said.is_empty() {
        let said: Vec<_> =
            said.iter().map(|(seat, suit)| json!({"seat": seat, "suit": suit})).collect();
        request["belotes"] = json!(said);
    }
    let declared = view.declared();
    if !declared.is_empty() {
        request["declared"] = json!(declared);
    }
    if view.levels().0.iter().any(|&l| l != Level::DEFAULT) {
        request["levels"] = json!(view.levels());
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
    let (view, asks) = match read_request(line) {
        Ok(read) => read,
        // A huge token of the request is not echoed back whole.
        Err(e) => return json!({ "error": crate::files::cut(&e.to_string()) }).to_string(),
    };
    let mut answer = if asks.advise {
        // The expert reads neither a style nor a seed: its advice is the view's.
        let decision = Decision {
            view: &view,
            style: BiddingStyle::Cautious,
            seed: 0,
            budget: service.budget,
            cancel: None,
        };
        match expert::advise(&decision) {
            Some(advice) => advice_json(&advice),
            None => return json!({ "error": "the advice was cancelled" }).to_string(),
        }
    } else {
        let Service { level, style, seed, budget } = *service;
        let action = level.decide(&Decision { view: &view, style, seed, budget, cancel: None });
        json!({ "action": action.to_string() })
    };
    if let Some(lang) = asks.explain {
        answer["explain"] = explain_json(&view, Words { lang, ..WORDS });
    }
    answer.to_string()
}

/// What each call of `view`'s auction shows at its caller's level, in `w`'s words, and who holds
/// what as the seat can tell: `{"calls": [{"index", "seat", "call", "level", "text"}], "holds": {SEAT:
/// {CARD: probability}}, "worlds", "effective"}`, one entry per call in order ([`holds_json`];
/// `holds` is `null` for a view no deal fits, which a checked request never is).
pub fn explain_json(view: &SeatView, w: Words) -> serde_json::Value {
    let calls: Vec<_> = every_call(view.auction(), view.levels())
        .iter()
        .enumerate()
        .map(|(index, m)| {
            json!({
                "index": index,
                "seat": m.seat,
                "call": m.call,
                "level": m.level,
                "text": w.meaning(m),
            })
        })
        .collect();
    let holds = expert::holds(view);
    json!({
        "calls": calls,
        "holds": holds.as_ref().map(holds_json),
        "worlds": holds.as_ref().map(|h| h.worlds),
        "effective": holds.as_ref().map(|h| (h.effective * 10.0).round() / 10.0),
    })
}

/// The words of the reasons given out of the table: English, suits as glyphs.
const WORDS: Words =
    Words { lang: Lang::En, suits: SuitStyle::Glyphs, ascii: false, spoken: false };

/// A figure as the JSON answers write it: never −0 (a sum of nothing, a nought negated), which
/// would read as a sign where there is none.
pub fn number(x: f64) -> f64 {
    if x == 0.0 { 0.0 } else { x }
}

/// The expert's advice as `contree bot` answers it and `contree analyse` shows it: the action,
/// the reason (its kind, its words and the figures it quotes) and every option weighed with its
/// mean, standard error (null over fewer than two worlds) and worlds.
pub fn advice_json(advice: &Advice) -> serde_json::Value {
    let options: Vec<_> = advice
        .options
        .iter()
        .map(|e| {
            json!({
                "action": e.action.to_string(),
                "mean": number(e.mean),
                "se": e.se.is_finite().then_some(number(e.se)),
                "worlds": e.worlds,
            })
        })
        .collect();
    json!({
        "action": advice.action.to_string(),
        "reason": reason_json(advice.reason),
        "options": options,
    })
}

/// Who holds what ([`expert::holds()`]) as an answer of `contree bot` may carry it under
/// `"holds"`: `{SEAT: {CARD: probability}}`, for each of the three other seats every card the
/// asking seat has not seen (neither in its hand nor played), with the chance that the seat holds
/// it now, rounded to four places: 0 where the cards played show it cannot (a suit not
/// followed, a trump it could not have kept), 1 where they show it must (a belote said, a
/// declaration). Before rounding, a card's three chances sum to 1 and a seat's to the number of
/// cards it holds; they come from [`expert::Holds::effective`] worlds' worth of the expert's
/// worlds, so their standard error is about `√(p(1−p)/effective)`. The same view gives the same
/// figures, byte for byte.
pub fn holds_json(holds: &Holds) -> serde_json::Value {
    let round = |p: f64| (p * 1e4).round() / 1e4;
    let seats: serde_json::Map<String, serde_json::Value> = holds
        .others()
        .map(|seat| {
            let cards: serde_json::Map<String, serde_json::Value> = holds
                .unseen
                .iter()
                .map(|card| (card.to_string(), json!(round(holds.odds(seat, card)))))
                .collect();
            (seat.to_string(), serde_json::Value::Object(cards))
        })
        .collect();
    serde_json::Value::Object(seats)
}

/// A reason as JSON: `{"kind": ..., "text": ..., <figures>}`.
pub fn reason_json(reason: Reason) -> serde_json::Value {
    let (kind, figures) = match reason {
        Reason::OnlyCard => ("only-card", json!({})),
        Reason::OnlyCall => ("only-call", json!({})),
        Reason::OnlyFits => ("only-fits", json!({})),
        Reason::AllAlike => ("all-alike", json!({})),
        Reason::Alike { points } => ("alike", json!({ "points": points })),
        Reason::PullTrumps { out } => ("pull-trumps", json!({ "out": out })),
        Reason::CashMaster => ("cash-master", json!({})),
        Reason::GiveRuff => ("give-ruff", json!({})),
        Reason::LeadLow => ("lead-low", json!({})),
        Reason::Ruff => ("ruff", json!({})),
        Reason::Overruff => ("overruff", json!({})),
        Reason::TakeTrick => ("take-trick", json!({})),
        Reason::Placed { card, seat, share, of } => {
            ("placed", json!({ "card": card.to_string(), "seat": seat, "share": share, "of": of }))
        }
        Reason::TryTrick => ("try-trick", json!({})),
        Reason::LoadPartner { points } => ("load-partner", json!({ "points": points })),
        Reason::GiveLeast => ("give-least", json!({})),
        Reason::Capot { worlds, of } => ("capot", json!({ "worlds": worlds, "of": of })),
        Reason::Bid { seen, seen_se, made, ours, of } => (
            "bid",
            json!({ "seen": seen, "seen_se": seen_se, "made": made, "ours": ours, "of": of }),
        ),
        Reason::Pass { mean, se, other, other_mean, other_se } => (
            "pass",
            json!({
                "mean": mean,
                "se": se,
                "other": other.to_string(),
                "other_mean": other_mean,
                "other_se": other_se,
            }),
        ),
        Reason::Contre { need, seen, seen_se, worlds, of } => (
            "contre",
            json!({ "need": need, "seen": seen, "seen_se": seen_se, "worlds": worlds, "of": of }),
        ),
        Reason::Surcontre { worlds, of } => ("surcontre", json!({ "worlds": worlds, "of": of })),
        Reason::Close { best, diff, se } => {
            ("close", json!({ "best": best.to_string(), "diff": diff, "se": se }))
        }
        Reason::Risky { best, diff, se, wins, of } => (
            "risky",
            json!({ "best": best.to_string(), "diff": diff, "se": se, "wins": wins, "of": of }),
        ),
        Reason::SureTrick { card } => ("sure-trick", json!({ "card": card.to_string() })),
        Reason::Figures { mean, se, worlds } => {
            ("figures", json!({ "mean": mean, "se": se, "worlds": worlds }))
        }
        Reason::Unweighed => ("unweighed", json!({})),
    };
    let mut out = json!({ "kind": kind, "text": WORDS.reason(reason) });
    if let (Some(out), serde_json::Value::Object(figures)) = (out.as_object_mut(), figures) {
        out.extend(figures);
    }
    out
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
/// are skipped, and a byte order mark at the start of the input), flushing after each. A line
/// longer than [`REQUEST_LIMIT`] is answered with an error and skipped, never held in memory
/// whole; a line that is not UTF-8 is answered so.
pub fn serve(input: impl BufRead, mut output: impl Write, service: &Service) -> io::Result<()> {
    let mut input = input;
    let mut buf = Vec::new();
    let mut first = true;
    loop {
        buf.clear();
        if Read::take(&mut input, REQUEST_LIMIT + 1).read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let at_start = std::mem::take(&mut first);
        if buf.len() as u64 > REQUEST_LIMIT && buf.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            let error = format!("bad request: longer than {}", crate::files::size(REQUEST_LIMIT));
            writeln!(output, "{}", json!({ "error": error }))?;
            output.flush()?;
            continue;
        }
        let line = match at_start {
            true => buf.strip_prefix(crate::files::BOM).unwrap_or(&buf),
            false => &buf[..],
        };
        if crate::files::is_blank(line) {
            continue;
        }
        // A line that is not UTF-8 is a bad request like any other, not the end of the service.
        match std::str::from_utf8(line) {
            Ok(line) => writeln!(output, "{}", answer(line, service))?,
            Err(_) => writeln!(output, "{}", json!({ "error": "bad request: not UTF-8 text" }))?,
        }
        output.flush()?;
    }
}
