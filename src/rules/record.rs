//! Deal records: one deal written down (dealer, hands, auction, cards in order, the rules, and
//! under `coinche` what each seat declared), checked against the rules and scored as the table
//! would. This is the format of `contree score`, of the game's history export, and of the rules
//! engine's outside tests (the repository's `docs/deal-record.md`).

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::auction::{Auction, AuctionOutcome, BidError, BidLevel, Call, Contract};
use super::card::{Card, CardSet, Trump};
use super::declarations::{Combination, Declared, DeclaredTokens};
use super::play::CardPlay;
use super::ruleset::Rules;
use super::scoring::{DealReckoning, GameContext, GameOutcome};
use super::seat::{BySeat, ByTeam, Seat, Team};

/// A deal written down. Its shape is valid (four hands of eight distinct cards, known tokens);
/// whether the auction and the play follow the rules is what [`DealRecord::score`] checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawRecord<'_>")]
pub struct DealRecord {
    /// Who dealt.
    pub dealer: Seat,
    /// The four hands as dealt.
    pub hands: BySeat<Vec<Card>>,
    /// The calls from the seat after the dealer.
    pub auction: Vec<Call>,
    /// The cards in the order played.
    pub play: Vec<Card>,
    /// The rule set and its options (the defaults when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// `coinche`: what the seats given declared (checked against their hands); a seat left out
    /// declares its best combination. Empty under the other sets.
    #[serde(default, skip_serializing_if = "Declared::is_empty")]
    pub declared: Declared,
    /// Target and totals before the deal, when the record belongs to a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameContext>,
    /// Where a claim played out the rest of the deal: the index in `play` of its first card,
    /// whose seat claimed every trick left for its side. The cards from there on were played
    /// for their seats, none of them chosen ([`DealRecord::played_out`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<usize>,
}

/// A record as written, before its tokens are checked. Tokens are borrowed from the input
/// where they can be.
#[derive(Clone, Debug, Deserialize)]
pub struct RawRecord<'a> {
    #[serde(borrow)]
    dealer: Token<'a>,
    #[serde(borrow)]
    hands: BySeat<Vec<Token<'a>>>,
    #[serde(borrow)]
    auction: Vec<Token<'a>>,
    #[serde(borrow)]
    play: Vec<Token<'a>>,
    #[serde(default)]
    rules: Option<Object<Rules>>,
    #[serde(default)]
    declared: Option<Object<DeclaredTokens>>,
    #[serde(default)]
    game: Option<Object<GameContext>>,
    #[serde(default)]
    claimed: Option<usize>,
}

/// A value that is written as a JSON object, never as an array: serde reads a struct from
/// either (its fields in order), and the formats from outside (records, bot requests) have
/// objects alone, so an array is refused as the wrong type rather than read by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Object<T>, D::Error> {
        struct Visitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Visitor(std::marker::PhantomData)).map(Object)
    }
}

/// A string token of a record, borrowed from the input unless it had escapes.
#[derive(Clone, Debug)]
struct Token<'a>(Cow<'a, str>);

impl std::ops::Deref for Token<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Token<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Token<'a>, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Token<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Token<'de>, E> {
                Ok(Token(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Token<'de>, E> {
                Ok(Token(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(Visitor)
    }
}

/// What kind of rejection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RejectKind {
    /// Not a deal record: missing field, unknown token, a hand without 8 cards, a card twice.
    BadInput,
    /// A call the rules forbid.
    IllegalBid,
    /// A card the rules forbid, or a card after the 32nd.
    IllegalPlay,
    /// The auction or the play stops before the deal is over.
    Incomplete,
}

/// Why a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordError {
    /// The kind of rejection.
    pub kind: RejectKind,
    /// Position in `auction` or `play` (or of the bad token), when there is one.
    pub index: Option<usize>,
    /// The seat whose turn it was, when there is one.
    pub seat: Option<Seat>,
    /// A short sentence naming the rule.
    pub reason: String,
}

impl RecordError {
    /// A `bad-input` rejection.
    pub fn bad_input(index: Option<usize>, reason: impl Into<String>) -> RecordError {
        RecordError { kind: RejectKind::BadInput, index, seat: None, reason: reason.into() }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for RecordError {}

impl TryFrom<RawRecord<'_>> for DealRecord {
    type Error = RecordError;

    fn try_from(raw: RawRecord<'_>) -> Result<DealRecord, RecordError> {
        let dealer = Seat::from_letter(&raw.dealer).ok_or_else(|| {
            RecordError::bad_input(None, format!("unknown dealer '{}'", raw.dealer))
        })?;
        let mut seen = CardSet::EMPTY;
        let mut hands: BySeat<Vec<Card>> = BySeat::default();
        for (seat, tokens) in raw.hands.iter() {
            if tokens.len() != 8 {
                return Err(RecordError::bad_input(
                    None,
                    format!("the hand of {seat} has {} cards, not 8", tokens.len()),
                ));
            }
            for t in tokens {
                let card: Card = t.parse().map_err(|e| {
                    RecordError::bad_input(None, format!("in the hand of {seat}: {e}"))
                })?;
                if seen.contains(card) {
                    return Err(RecordError::bad_input(None, format!("card {card} dealt twice")));
                }
                seen.insert(card);
                hands[seat].push(card);
            }
        }
        let auction = raw
            .auction
            .iter()
            .enumerate()
            .map(|(i, t)| {
                t.parse::<Call>().map_err(|e| RecordError::bad_input(Some(i), e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let play = raw
            .play
            .iter()
            .enumerate()
            .map(|(i, t)| {
                t.parse::<Card>()
                    .map_err(|e| RecordError::bad_input(Some(i), format!("bad card in play: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (rules, game) = (raw.rules.map(|r| r.0), raw.game.map(|g| g.0));
        if let Some(g) = game {
            g.check().map_err(|e| RecordError::bad_input(None, e))?;
        }
        // Declarations belong to `coinche`; the other sets have none to check.
        let declared = match raw.declared.as_ref().map(|d| &d.0) {
            Some(tokens) if rules.unwrap_or_default().set.has_declarations() => tokens
                .read(|seat, t| {
                    Combination::parse_in_hand(t, hands[seat].iter().copied().collect())
                })
                .map_err(|(seat, e)| {
                    RecordError::bad_input(None, format!("in the declarations of {seat}: {e}"))
                })?,
            _ => Declared::default(),
        };
        // A claim plays out at least one card of the record.
        if let Some(k) = raw.claimed.filter(|&k| k >= play.len()) {
            return Err(RecordError::bad_input(
                None,
                format!("the claim starts at card {k}, after the last card played"),
            ));
        }
        let claimed = raw.claimed;
        Ok(DealRecord { dealer, hands, auction, play, rules, declared, game, claimed })
    }
}

/// A contract as the answer writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ContractAnswer {
    /// The seat that took the contract.
    pub taker: Seat,
    /// The bid's value (250 for a capot bid, in every set).
    pub value: u16,
    /// Whether the bid is a capot.
    pub capot: bool,
    /// The suit letter, `NT` or `AT`.
    pub suit: Trump,
    /// 1, 2 when contred, 4 when surcontred.
    pub multiplier: u16,
}

impl From<&Contract> for ContractAnswer {
    fn from(c: &Contract) -> ContractAnswer {
        ContractAnswer {
            taker: c.taker,
            value: c.value(),
            capot: c.bid.level == BidLevel::Capot,
            suit: c.trump(),
            multiplier: c.multiplier.factor(),
        }
    }
}

/// A trick as the answer writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickAnswer {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in the order played, from the leader.
    pub cards: [Card; 4],
    /// The seat that took the trick.
    pub winner: Seat,
    /// Its card points, the last trick's ten included.
    pub points: u16,
}

/// The game after the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameAnswer {
    /// Each team's total after the deal.
    pub total: ByTeam<u32>,
    /// Whether the game is over.
    pub over: bool,
    /// The team that won it, once over.
    pub winner: Option<Team>,
}

/// The answer for an accepted record: what the table writes down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoredDeal {
    /// The contract, or `None` when every seat passed.
    pub contract: Option<ContractAnswer>,
    /// The tricks in order.
    pub tricks: Vec<TrickAnswer>,
    /// The team holding the king and queen of the trump suit (`null` without one trump suit).
    pub belote: Option<Team>,
    /// How many belotes each team held (20 points each).
    pub belotes: ByTeam<u8>,
    /// The card points each team took, the last trick's ten included.
    pub card_points: ByTeam<u16>,
    /// Whether the contract was made.
    pub made: Option<bool>,
    /// What each team scores for the deal.
    pub score: ByTeam<u16>,
    /// `coinche`: the declaration points that scored for each team, before any capot transfer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarations: Option<ByTeam<u16>>,
    /// `coinche`: each seat's declarations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<BySeat<Combination>>,
    /// The game after the deal, when the record gives the game's totals before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameAnswer>,
}

impl DealRecord {
    /// The deal as `me` saw it, the table turned so that `me` sits South
    /// ([`Seat::seen_from`]): every seat moved round alike (the hands, the dealer, the
    /// declarations), and the totals before it by the teams as turned. The calls and cards are
    /// the same, in the same order: the turned deal is played and scored as the deal was, its
    /// score the same for the same players.
    pub fn turned(&self, me: Seat) -> DealRecord {
        let seen = |s: Seat| s.seen_from(me);
        let mut hands = BySeat::<Vec<Card>>::default();
        let mut declared = Declared::default();
        for s in Seat::ALL {
            hands[seen(s)] = self.hands[s].clone();
            declared.0[seen(s)] = self.declared.0[s];
        }
        let game = self.game.map(|g| {
            let mut before = ByTeam::<u32>::default();
            for t in Team::ALL {
                before[Seat::team_seen(me, t)] = g.before[t];
            }
            GameContext { before, ..g }
        });
        DealRecord {
            dealer: seen(self.dealer),
            hands,
            auction: self.auction.clone(),
            play: self.play.clone(),
            rules: self.rules,
            declared,
            game,
            claimed: self.claimed,
        }
    }

    /// The hands as card sets.
    pub fn hand_sets(&self) -> BySeat<CardSet> {
        self.hands.clone().map(|h| h.into_iter().collect())
    }

    /// Whether card `index` of `play` was played out by a claim rather than chosen by its seat:
    /// no decision of anyone's, so that no review grades it.
    pub fn played_out(&self, index: usize) -> bool {
        self.claimed.is_some_and(|k| index >= k)
    }

    /// The rules of the record (the defaults when absent).
    pub fn rules(&self) -> Rules {
        self.rules.unwrap_or_default()
    }

    /// What each seat declares under `coinche` in a contract of `trump`: what the record says,
    /// else its best combination. `None` under the other sets.
    pub fn combinations(&self, trump: Trump) -> Option<BySeat<Combination>> {
        if !self.rules().set.has_declarations() {
            return None;
        }
        let hands = self.hand_sets();
        Some(BySeat::from_fn(|s| {
            self.declared.0[s].unwrap_or_else(|| Combination::best(hands[s], trump))
        }))
    }

    /// Replays the auction, naming the first call the rules forbid.
    pub fn replay_auction(&self) -> Result<Auction, RecordError> {
        let mut auction = Auction::new(self.dealer, self.rules());
        for (i, &call) in self.auction.iter().enumerate() {
            // After the end, the seat named is the one the rotation would reach.
            let seat = auction.seat_of(i);
            auction.try_call(call).map_err(|e: BidError| RecordError {
                kind: RejectKind::IllegalBid,
                index: Some(i),
                seat: Some(seat),
                reason: e.to_string(),
            })?;
        }
        if let Some(seat) = auction.to_speak() {
            return Err(RecordError {
                kind: RejectKind::Incomplete,
                index: Some(self.auction.len()),
                seat: Some(seat),
                reason: "auction not finished".into(),
            });
        }
        Ok(auction)
    }

    /// Checks the record against the rules and scores it ([`DealReckoning::of`], as the table
    /// does); a record without a game context is counted as the first deal of a game to the
    /// rule set's usual target, and answered without the game.
    pub fn score(&self) -> Result<ScoredDeal, RecordError> {
        let auction = self.replay_auction()?;
        let rules = self.rules();
        let coinche = rules.set.has_declarations();
        let game = self.game.unwrap_or(GameContext {
            target: rules.set.default_target(),
            before: ByTeam::default(),
        });
        let Some(AuctionOutcome::Contract(contract)) = auction.outcome() else {
            if !self.play.is_empty() {
                return Err(RecordError {
                    kind: RejectKind::IllegalPlay,
                    index: Some(0),
                    seat: None,
                    reason: "illegal card: everyone passed, there is no play".into(),
                });
            }
            let reckoning = DealReckoning::of(None, None, rules, game);
            // Nobody plays a card, so nobody declares.
            return Ok(ScoredDeal {
                contract: None,
                tricks: Vec::new(),
                belote: None,
                belotes: ByTeam::default(),
                card_points: ByTeam::default(),
                made: None,
                score: ByTeam::default(),
                declarations: coinche.then(ByTeam::default),
                declared: coinche.then(BySeat::default),
                game: self.game.map(|_| game_answer(&reckoning)),
            });
        };
        let hands = self.hand_sets();
        let trump = contract.trump();
        let mut play = CardPlay::new(hands, trump, auction.first_to_speak(), rules);
        for (i, &card) in self.play.iter().enumerate() {
            // After the 32nd card, the seat named is the last trick's winner, who would lead next.
            let seat = play.to_play().or_else(|| play.tricks().last().map(|t| t.winner));
            play.try_play(card).map_err(|e| RecordError {
                kind: RejectKind::IllegalPlay,
                index: Some(i),
                seat,
                reason: e.to_string(),
            })?;
        }
        if let Some(seat) = play.to_play() {
            return Err(RecordError {
                kind: RejectKind::Incomplete,
                index: Some(self.play.len()),
                seat: Some(seat),
                reason: "play not finished".into(),
            });
        }
        let declared = self.combinations(trump);
        let reckoning = DealReckoning::of(Some((&contract, &play)), declared.as_ref(), rules, game);
        let tricks = play
            .tricks()
            .iter()
            .map(|t| TrickAnswer {
                leader: t.trick.leader(),
                cards: t.cards(),
                winner: t.winner,
                points: t.points,
            })
            .collect();
        Ok(ScoredDeal {
            contract: Some(ContractAnswer::from(&contract)),
            tricks,
            belote: play.belote_holder().map(Seat::team),
            belotes: reckoning.tally.belotes,
            card_points: reckoning.tally.card_points,
            made: reckoning.score.map(|d| d.made),
            score: reckoning.score.map(|d| d.score).unwrap_or_default(),
            declarations: declared.is_some().then_some(reckoning.declarations),
            declared,
            game: self.game.map(|_| game_answer(&reckoning)),
        })
    }
}

/// The game after a deal, as the answer writes it.
fn game_answer(reckoning: &DealReckoning) -> GameAnswer {
    let outcome = reckoning.outcome;
    GameAnswer {
        total: reckoning.totals,
        over: outcome != GameOutcome::Continue,
        winner: outcome.winner(),
    }
}

#[cfg(test)]
mod tests {
    //! The record's answer counted in its game by the one reckoning of a finished deal.

    use super::*;

    /// The first record of the conformance vectors: West's 90 diamonds contré, failed, 500 to
    /// North-South.
    fn public_record() -> DealRecord {
        let line = include_str!("../../tests/data/public.jsonl").lines().next().expect("a line");
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        serde_json::from_value(value["record"].clone()).expect("a record")
    }

    #[test]
    fn totals_near_the_limit_stop_there_and_the_game_goes_on_when_they_tie() {
        let mut record = public_record();
        let game = |ns, ew| GameContext { target: 1000, before: ByTeam([ns, ew]) };
        record.game = Some(game(u32::MAX - 100, 900));
        let answer = record.score().map(|s| (s.score, s.game)).map_err(|e| e.to_string());
        let over =
            GameAnswer { total: ByTeam([u32::MAX, 900]), over: true, winner: Some(Team::NS) };
        assert_eq!(answer, Ok((ByTeam([500, 0]), Some(over))));
        // Both at the limit: equal totals play on.
        record.game = Some(game(u32::MAX - 10, u32::MAX));
        let tie = GameAnswer { total: ByTeam([u32::MAX; 2]), over: false, winner: None };
        assert_eq!(record.score().ok().and_then(|s| s.game), Some(tie));
        // Far from it, the deal is added as it stands.
        record.game = Some(game(10, 20));
        let total = record.score().ok().and_then(|s| s.game).map(|g| g.total);
        assert_eq!(total, Some(ByTeam([510, 20])));
    }

    #[test]
    fn an_all_pass_record_leaves_the_totals_and_answers_the_game_only_when_it_has_one() {
        let mut record = public_record();
        record.auction = vec![Call::Pass; 4];
        record.play.clear();
        let scored = record.score().map_err(|e| e.to_string());
        assert_eq!(scored.as_ref().map(|s| (s.contract, s.made, s.game)), Ok((None, None, None)));
        record.game = Some(GameContext { target: 1000, before: ByTeam([u32::MAX, 1000]) });
        let answer = record.score().ok().and_then(|s| s.game);
        let both =
            GameAnswer { total: ByTeam([u32::MAX, 1000]), over: true, winner: Some(Team::NS) };
        assert_eq!(answer, Some(both));
    }
}
