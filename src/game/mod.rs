//! A whole game of contrée: the deals one after another, the dealer's rotation, the running
//! totals, the history of finished deals, and the end of the game.
//!
//! Actions come in for the seat whose turn it is and are checked by [`crate::rules`]; anything
//! else is refused with a [`GameError`] and changes nothing. The game is a pure state machine:
//! the UI draws it, the bots read a [`SeatView`] of it, the store saves it as a [`GameSave`].

mod dealing;
mod save;
mod seating;
mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use dealing::{
    DealRng, DealStyle, PACKETS, cut, deal, deal_rng, is_full_deal, shuffled_deck, splitmix,
};
pub use save::{GameSave, LoadError, SAVE_VERSION};
pub use seating::{draw_players, new_game};
pub use view::SeatView;

use crate::rules::{
    Auction, AuctionOutcome, BeloteCall, Belotes, BidError, BySeat, ByTeam, Call, Card, CardPlay,
    CardSet, Contract, DealRecord, DealScore, Declared, DoneTrick, GameContext, GameOutcome,
    LegalCalls, PlayError, RuleSet, Rules, Seat, Team, game_outcome, score_deal,
};

/// The targets a game may be played to: the contrée's.
pub const TARGETS: &[u16] = RuleSet::Contree.targets();

/// Four all-pass deals in a row make a "table tradition" deck be shuffled again.
pub const VOID_DEALS_BEFORE_SHUFFLE: u8 = 4;

/// The options of a game, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// Points needed to win: 1000, 1500 or 2000.
    pub target: u16,
    /// Scoring method and contre.
    pub rules: Rules,
    /// Shuffle between deals, or table tradition.
    pub deal_style: DealStyle,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions { target: 1000, rules: Rules::default(), deal_style: DealStyle::default() }
    }
}

/// Who sits where: a persona id for each computer player; South is the human.
pub type Players = BySeat<String>;

/// The name South goes by in a game's player list.
pub const HUMAN: &str = "you";

/// What a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A call during the auction.
    Bid(Call),
    /// A card during the play.
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(c) => write!(f, "{c}"),
            Action::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The auction is running.
    Bidding,
    /// The cards are being played.
    Playing,
    /// The deal is over and scored; [`Game::next_deal`] starts the next one.
    DealOver,
    /// A team has won.
    GameOver,
}

/// An action refused, and why. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Another seat is to act.
    NotYourTurn { seat: Seat, to_act: Option<Seat> },
    /// A card during the auction.
    NotPlayingYet,
    /// A call during the play.
    AuctionOver,
    /// The deal is over: continue to the next one first.
    DealOver,
    /// The deal is not over yet.
    DealNotOver,
    /// The game is over.
    GameOver,
    /// The rules forbid that call.
    Bid(BidError),
    /// The rules forbid that card.
    Play(PlayError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotYourTurn { seat, to_act: Some(s) } => {
                write!(f, "it is {s}'s turn, not {seat}'s")
            }
            GameError::NotYourTurn { seat, to_act: None } => {
                write!(f, "nobody is to act now, not even {seat}")
            }
            GameError::NotPlayingYet => f.write_str("the auction is not over: no card yet"),
            GameError::AuctionOver => f.write_str("the auction is over"),
            GameError::DealOver => f.write_str("the deal is over"),
            GameError::DealNotOver => f.write_str("the deal is not over"),
            GameError::GameOver => f.write_str("the game is over"),
            GameError::Bid(e) => write!(f, "{e}"),
            GameError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Why an action cannot be taken back. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoError {
    /// Nothing has been done in this deal yet.
    NothingToUndo,
    /// Another seat has acted since: only the last action of the deal can be taken back.
    NotTheLast { seat: Seat, last: Seat },
    /// The deal is over: it is scored and counted.
    DealOver,
    /// The game is over.
    GameOver,
}

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndoError::NothingToUndo => f.write_str("nothing has been done in this deal yet"),
            UndoError::NotTheLast { seat, last } => {
                write!(f, "{last} has acted since {seat}: only the last action can be taken back")
            }
            UndoError::DealOver => f.write_str("the deal is over and scored"),
            UndoError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for UndoError {}

/// The deal in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The deal's number in the game, from 0.
    pub index: usize,
    /// Who dealt.
    pub dealer: Seat,
    /// The hands as dealt.
    pub dealt: BySeat<CardSet>,
    /// The auction.
    pub auction: Auction,
    /// The card play, once the auction has a contract.
    pub play: Option<CardPlay>,
    /// The cards played so far, in order.
    pub played: Vec<Card>,
    /// The seat that said "Belote", once said.
    pub belote_said: Option<Seat>,
    /// How many actions were taken back in this deal.
    pub undos: u32,
}

impl Deal {
    fn new(index: usize, dealer: Seat, dealt: BySeat<CardSet>, rules: Rules) -> Deal {
        Deal {
            index,
            dealer,
            dealt,
            auction: Auction::new(dealer, rules),
            play: None,
            played: Vec::with_capacity(32),
            belote_said: None,
            undos: 0,
        }
    }

    /// The contract, once the auction has one.
    pub fn contract(&self) -> Option<Contract> {
        self.auction.contract()
    }

    /// The cards each seat holds now.
    pub fn hands(&self) -> BySeat<CardSet> {
        self.play.as_ref().map_or(self.dealt, |p| *p.hands())
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match &self.play {
            Some(p) => p.to_play(),
            None => self.auction.to_speak(),
        }
    }

    /// Every action of the deal so far, in order: the calls, then the cards.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let calls = self.auction.calls().iter().map(|&c| Action::Bid(c));
        calls.chain(self.played.iter().map(|&c| Action::Play(c)))
    }

    /// The last action of the deal and the seat that did it.
    pub fn last_action(&self) -> Option<(Seat, Action)> {
        if let Some(&card) = self.played.last() {
            let play = self.play.as_ref()?;
            // The card is in the current trick, or it completed the last trick taken.
            let trick = match play.current_trick().plays().last() {
                Some(_) => play.current_trick(),
                None => &play.tricks().last()?.trick,
            };
            let (seat, _) = trick.plays().last()?;
            return Some((seat, Action::Play(card)));
        }
        let calls = self.auction.calls();
        let last = calls.len().checked_sub(1)?;
        Some((self.auction.seat_of(last), Action::Bid(calls[last])))
    }

    /// Whether the auction and (if any) the play are over.
    pub fn is_over(&self) -> bool {
        self.auction.is_over() && self.play.as_ref().is_none_or(CardPlay::is_over)
    }

    /// The deal written down as a record.
    pub fn record(&self, options: &GameOptions, before: ByTeam<u32>) -> DealRecord {
        DealRecord {
            dealer: self.dealer,
            hands: self.dealt.map(|h| h.iter().collect()),
            auction: self.auction.calls().to_vec(),
            play: self.played.clone(),
            rules: Some(options.rules),
            declared: Declared::default(),
            game: Some(GameContext { target: options.target, before }),
        }
    }
}

/// A finished deal, as the history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// The deal written down, with the game's target and the totals before it.
    pub record: DealRecord,
    /// The contract, or `None` when everyone passed.
    pub contract: Option<Contract>,
    /// The score, when there was a contract.
    pub score: Option<DealScore>,
    /// Each team's card points, dix de der included.
    pub card_points: ByTeam<u16>,
    /// Each team's tricks.
    pub tricks_won: ByTeam<u8>,
    /// The eight tricks, for the review (none when everyone passed).
    pub tricks: Vec<DoneTrick>,
    /// The team holding the belote.
    pub belote: Option<Team>,
    /// The totals after the deal.
    pub totals: ByTeam<u32>,
    /// How many actions were taken back during the deal.
    pub undos: u32,
}

impl DealResult {
    /// The points written down for each team (0 to 0 for a void deal).
    pub fn points(&self) -> ByTeam<u16> {
        self.score.map(|s| s.score).unwrap_or_default()
    }

    /// The team that took all eight tricks, if one did.
    pub fn capot(&self) -> Option<Team> {
        Team::ALL.into_iter().find(|&t| self.tricks_won[t] == 8)
    }
}

/// What an action did, for the table to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
    /// "Belote" or "Rebelote", when the card was the king or queen of trump of its holder.
    pub belote: Option<BeloteCall>,
    /// The trick the card completed.
    pub trick: Option<DoneTrick>,
    /// How the auction ended, when this call ended it.
    pub auction_end: Option<AuctionOutcome>,
    /// Whether the deal ended (its result is the last of [`Game::history`]).
    pub deal_end: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: GameOptions,
    seed: u64,
    players: Players,
    first_dealer: Seat,
    totals: ByTeam<u32>,
    deal: Deal,
    history: Vec<DealResult>,
    outcome: GameOutcome,
    void_streak: u8,
}

impl Game {
    /// A new game: the first dealer is drawn at random from `seed`, and the first deal dealt.
    pub fn new(options: GameOptions, seed: u64, players: Players) -> Game {
        let first_dealer = Seat::from_index(deal_rng(seed, 0, FIRST_DEALER).below(4) as usize);
        let mut deck = shuffled_deck(&mut deal_rng(seed, 0, SHUFFLE));
        cut(&mut deck, &mut deal_rng(seed, 0, CUT));
        let dealt = deal(&deck, first_dealer);
        Game {
            options,
            seed,
            players,
            first_dealer,
            totals: ByTeam::default(),
            deal: Deal::new(0, first_dealer, dealt, options.rules),
            history: Vec::new(),
            outcome: GameOutcome::Continue,
            void_streak: 0,
        }
    }

    /// The options.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The rules the game follows.
    pub fn rules(&self) -> Rules {
        self.options.rules
    }

    /// The seed every deal's shuffle derives from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The persona id at each seat (South: [`HUMAN`]).
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// The running totals.
    pub fn totals(&self) -> ByTeam<u32> {
        self.totals
    }

    /// The current deal (the last one once the game is over).
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The finished deals, oldest first.
    pub fn history(&self) -> &[DealResult] {
        &self.history
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Team> {
        self.outcome.winner()
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        if self.outcome != GameOutcome::Continue {
            Phase::GameOver
        } else if self.deal.is_over() {
            Phase::DealOver
        } else if self.deal.auction.is_over() {
            Phase::Playing
        } else {
            Phase::Bidding
        }
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        if self.outcome != GameOutcome::Continue { None } else { self.deal.to_act() }
    }

    /// The calls allowed now (none outside the auction).
    pub fn legal_calls(&self) -> LegalCalls {
        self.deal.auction.legal_calls()
    }

    /// The cards the seat to play may play (none outside the play).
    pub fn legal_cards(&self) -> CardSet {
        self.deal.play.as_ref().map_or(CardSet::EMPTY, CardPlay::legal_cards)
    }

    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView {
            seat,
            dealer: self.deal.dealer,
            hand: self.deal.hands()[seat],
            auction: self.deal.auction.calls().to_vec(),
            play: self.deal.played.clone(),
            belotes: self.belotes_said(),
            declared: Declared::default(),
            rules: self.rules(),
            target: self.options.target,
            totals: self.totals,
        }
    }

    /// The belotes said so far in this deal.
    fn belotes_said(&self) -> Belotes {
        let mut said = Belotes::NONE;
        let trump_suit = self.deal.contract().and_then(|c| c.trump().suit());
        if let (Some(seat), Some(suit)) = (self.deal.belote_said, trump_suit) {
            said.insert(seat, suit);
        }
        said
    }

    /// Why `seat` may not do `action` now, if it may not.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), GameError> {
        match self.phase() {
            Phase::GameOver => return Err(GameError::GameOver),
            Phase::DealOver => return Err(GameError::DealOver),
            _ => {}
        }
        let to_act = self.to_act();
        if to_act != Some(seat) {
            return Err(GameError::NotYourTurn { seat, to_act });
        }
        match (action, &self.deal.play) {
            (Action::Bid(call), None) => self.deal.auction.check(call).map_err(GameError::Bid),
            (Action::Bid(_), Some(_)) => Err(GameError::AuctionOver),
            (Action::Play(_), None) => Err(GameError::NotPlayingYet),
            (Action::Play(card), Some(play)) => play.check(card).map_err(GameError::Play),
        }
    }

    /// Does `action` for `seat`, if it is that seat's turn and the rules allow it.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, GameError> {
        self.check(seat, action)?;
        let mut event =
            Event { seat, action, belote: None, trick: None, auction_end: None, deal_end: false };
        match action {
            Action::Bid(call) => {
                self.deal.auction.call_unchecked(call);
                event.auction_end = self.deal.auction.outcome();
                if let Some(AuctionOutcome::Contract(c)) = event.auction_end {
                    let leader = self.deal.auction.first_to_speak();
                    self.deal.play =
                        Some(CardPlay::new(self.deal.dealt, c.trump(), leader, self.rules()));
                }
            }
            Action::Play(card) => {
                if let Some(play) = self.deal.play.as_mut() {
                    event.belote = play.belote_call(card);
                    if event.belote == Some(BeloteCall::Belote) {
                        self.deal.belote_said = Some(seat);
                    }
                    event.trick = play.play_unchecked(card).trick_done;
                    self.deal.played.push(card);
                }
            }
        }
        if self.deal.is_over() {
            self.finish_deal();
            event.deal_end = true;
        }
        Ok(event)
    }

    /// Takes back the last action of the deal, if `seat` did it: the deal is as it was just
    /// before, and the deal counts one more action taken back. A finished deal is scored and
    /// counted, and cannot be taken back.
    pub fn undo(&mut self, seat: Seat) -> Result<Action, UndoError> {
        match self.phase() {
            Phase::GameOver => return Err(UndoError::GameOver),
            Phase::DealOver => return Err(UndoError::DealOver),
            _ => {}
        }
        let (last, action) = self.deal.last_action().ok_or(UndoError::NothingToUndo)?;
        if last != seat {
            return Err(UndoError::NotTheLast { seat, last });
        }
        let fresh = Deal::new(self.deal.index, self.deal.dealer, self.deal.dealt, self.rules());
        let before = std::mem::replace(&mut self.deal, fresh);
        let mut actions: Vec<Action> = before.actions().collect();
        actions.pop();
        for a in actions {
            // Each action was accepted once from this very position: it is accepted again.
            let replayed = self.to_act().map(|s| self.apply(s, a));
            if !matches!(replayed, Some(Ok(_))) {
                self.deal = before;
                return Err(UndoError::NothingToUndo);
            }
        }
        self.deal.undos = before.undos.saturating_add(1);
        Ok(action)
    }

    fn finish_deal(&mut self) {
        let before = self.totals;
        let record = self.deal.record(&self.options, before);
        let (contract, score, card_points, tricks_won, belote) =
            match (self.deal.contract(), &self.deal.play) {
                (Some(c), Some(play)) => {
                    let belote = play.belote_holder().map(Seat::team);
                    let s = score_deal(&c, &play.tally(ByTeam::default()), self.rules());
                    (Some(c), Some(s), play.points(), play.tricks_won(), belote)
                }
                _ => (None, None, ByTeam::default(), ByTeam::default(), None),
            };
        if let Some(s) = score {
            for t in Team::ALL {
                self.totals[t] += u32::from(s.score[t]);
            }
            self.void_streak = 0;
        } else {
            self.void_streak = self.void_streak.saturating_add(1);
        }
        self.outcome = game_outcome(
            self.rules(),
            self.options.target,
            self.totals,
            score.as_ref().map(|s| (s, tricks_won)),
        );
        let tricks = self.deal.play.as_ref().map(|p| p.tricks().to_vec()).unwrap_or_default();
        self.history.push(DealResult {
            record,
            contract,
            score,
            card_points,
            tricks_won,
            tricks,
            belote,
            totals: self.totals,
            undos: self.deal.undos,
        });
    }

    /// A random legal action for the seat to act, or `None` when nobody is to act: the random
    /// player of property tests and benchmarks. It passes most of the time, bids low, and
    /// contres and surcontres now and then, so that every kind of deal comes up.
    pub fn random_action(&self, rng: &mut impl rand::Rng) -> Option<Action> {
        use rand::RngExt;
        self.to_act()?;
        if self.phase() == Phase::Bidding {
            let legal = self.legal_calls();
            let call = if legal.surcontre && rng.random_bool(0.3) {
                Call::Surcontre
            } else if legal.contre && rng.random_bool(0.1) {
                Call::Contre
            } else if rng.random_bool(0.6) {
                Call::Pass
            } else {
                let calls = legal.to_vec();
                calls[rng.random_range(0..calls.len().min(8))]
            };
            return Some(Action::Bid(call));
        }
        let legal = self.legal_cards();
        let n = rng.random_range(0..legal.len().max(1));
        legal.iter().nth(n).map(Action::Play)
    }

    /// Deals the next deal, once the current one is over: the deal passes to the dealer's
    /// right-hand neighbour.
    pub fn next_deal(&mut self) -> Result<(), GameError> {
        match self.phase() {
            Phase::GameOver => return Err(GameError::GameOver),
            Phase::DealOver => {}
            _ => return Err(GameError::DealNotOver),
        }
        let index = self.deal.index + 1;
        let dealer = self.rules().after_dealer(self.deal.dealer);
        let gather = self.options.deal_style == DealStyle::Tradition
            && self.void_streak < VOID_DEALS_BEFORE_SHUFFLE;
        let mut deck = if gather {
            self.gathered_deck()
        } else {
            // A shuffle starts the count of all-pass deals afresh.
            self.void_streak = 0;
            shuffled_deck(&mut deal_rng(self.seed, index, SHUFFLE))
        };
        cut(&mut deck, &mut deal_rng(self.seed, index, CUT));
        self.deal = Deal::new(index, dealer, deal(&deck, dealer), self.rules());
        Ok(())
    }

    /// The cards as the table gathers them after a deal: the tricks in the order they were won,
    /// or, after an all-pass deal, the hands one on another from the dealer's right.
    fn gathered_deck(&self) -> Vec<Card> {
        match &self.deal.play {
            Some(play) => play.tricks().iter().flat_map(|t| t.cards()).collect(),
            None => {
                let dir = self.rules().direction();
                (1..=4)
                    .flat_map(|i| self.deal.dealt[self.deal.dealer.after_in(i, dir)].iter())
                    .collect()
            }
        }
    }
}

/// Purposes of the per-deal generators.
const SHUFFLE: u64 = 1;
const CUT: u64 = 2;
const FIRST_DEALER: u64 = 3;

#[cfg(test)]
mod tests;
