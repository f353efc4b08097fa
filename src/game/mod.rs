//! A whole game, under the rule set chosen for it: the deals one after another, the dealer's
//! rotation in the rules' direction, the belotes said and the declarations made at the table, the
//! running totals, the history of finished deals, and the end of the game.
//!
//! Actions come in for the seat whose turn it is and are checked by [`crate::rules`]; anything
//! else is refused with a [`GameError`] and changes nothing. The game is a pure state machine:
//! the UI draws it, the bots read a [`SeatView`] of it, the store saves it as a [`GameSave`].
//! The belotes said and the declarations announced are kept in the deal's card play, as the
//! table sees it ([`crate::rules::PublicPlay`]), which each seat's view holds. A deal record is
//! read back through the game by a [`Replay`], with every seat's view at every step: the
//! expert's review of a deal and the take-back ([`Game::undo`]) go through it.

pub mod daily;
mod deal;
mod dealing;
mod errors;
mod finish;
mod replay;
mod save;
mod seating;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use deal::Deal;
pub use dealing::{DealRng, DealStyle, PACKETS, cut, deal, deal_rng, is_full_deal, shuffled_deck};
pub use errors::{GameError, UndoError};
pub use finish::{DealResult, ExpertInSeat, Mistakes};
pub use replay::{Replay, Turn};
pub use save::{Figures, GameSave, LoadError, SAVE_VERSION, SaveFigures, actions_check};
pub use seating::{draw_players, new_game};
pub use view::{SeatView, ViewError};

use crate::personas::Level;
use crate::rules::{
    AuctionOutcome, BeloteCall, BySeat, ByTeam, Call, Card, CardPlay, CardSet, Combination,
    DealRecord, DoneTrick, GameContext, GameOutcome, LegalCalls, Rules, Seat, Team, Trump,
};

/// Four all-pass deals in a row make a "table tradition" deck be shuffled again.
pub const VOID_DEALS_BEFORE_SHUFFLE: u8 = 4;

/// The options of a game, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// Points needed to win: one of the rule set's targets ([`crate::rules::RuleSet::targets`]).
    pub target: u16,
    /// The rule set, the sans atout / tout atout option, and contrée's scoring options.
    pub rules: Rules,
    /// Shuffle between deals, or table tradition.
    pub deal_style: DealStyle,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions::of(Rules::default())
    }
}

impl GameOptions {
    /// A game under `rules`, to the rule set's usual target, shuffled between deals.
    pub fn of(rules: Rules) -> GameOptions {
        GameOptions { target: rules.set.default_target(), rules, deal_style: DealStyle::default() }
    }

    /// Whether the target is one the rule set plays to.
    pub fn target_allowed(&self) -> bool {
        self.rules.set.targets().contains(&self.target)
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
/// What an action did, for the table to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
    /// "Belote" or "Rebelote", when the card was the king or queen of one of its player's
    /// belotes.
    pub belote: Option<BeloteCall>,
    /// `coinche`: what the seat declared with this card, its first.
    pub declared: Option<Combination>,
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
    /// The levels of the next deal's seats ([`Deal::levels`]).
    levels: BySeat<Level>,
}

impl Game {
    /// A new game: the first dealer is drawn at random from `seed`, and the first deal dealt.
    pub fn new(options: GameOptions, seed: u64, players: Players) -> Game {
        let first_dealer = Seat::from_index(deal_rng(seed, 0, FIRST_DEALER).below(4) as usize);
        let mut deck = shuffled_deck(&mut deal_rng(seed, 0, SHUFFLE));
        cut(&mut deck, &mut deal_rng(seed, 0, CUT));
        let dealt = deal(&deck, first_dealer, options.rules.direction());
        Game {
            options,
            seed,
            players,
            first_dealer,
            totals: ByTeam::default(),
            deal: Deal::new(0, first_dealer, dealt, options.rules, BySeat([Level::DEFAULT; 4])),
            history: Vec::new(),
            outcome: GameOutcome::Continue,
            void_streak: 0,
            levels: BySeat([Level::DEFAULT; 4]),
        }
    }

    /// The level each seat's calls are read by ([`Deal::levels`]) from the next deal on, and
    /// in the current deal too while nobody has called in it: a change of the computer
    /// players' level sits down at the next deal, so that every call of a deal is explained by
    /// the level that made it.
    pub fn set_levels(&mut self, levels: BySeat<Level>) {
        self.levels = levels;
        if self.deal.auction.calls().is_empty() && self.deal.play.is_none() {
            self.deal.levels = levels;
        }
    }

    /// The levels of the next deal's seats.
    pub fn levels(&self) -> BySeat<Level> {
        self.levels
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
        let game = GameContext { target: self.options.target, before: self.totals };
        SeatView::at_table(seat, self.deal.hands()[seat], self.deal.public(), game)
            .with_levels(self.deal.levels)
    }

    /// What `seat` will declare with its first card in a `coinche` deal: `combination`, instead
    /// of its best one (the choice of a player who keeps quiet, or of a record). Made before
    /// its first card, during the play; `combination` must be one its dealt hand holds, each
    /// sequence a whole run.
    pub fn declare(&mut self, seat: Seat, combination: Combination) -> Result<(), GameError> {
        match self.phase() {
            Phase::GameOver => return Err(GameError::GameOver),
            Phase::DealOver => return Err(GameError::DealOver),
            Phase::Bidding => return Err(GameError::NotPlayingYet),
            Phase::Playing => {}
        }
        if !self.rules().set.has_declarations() {
            return Err(GameError::NoDeclarations);
        }
        if self.deal.has_played(seat) {
            return Err(GameError::AlreadyDeclared { seat });
        }
        let tokens: Vec<String> = combination.iter().map(|d| d.to_string()).collect();
        match Combination::parse_in_hand(&tokens, self.deal.dealt[seat]) {
            Ok(c) if c == combination => {
                self.deal.declared[seat] = Some(combination);
                Ok(())
            }
            _ => Err(GameError::NotHeld { seat }),
        }
    }

    /// The best combination of `seat`'s dealt hand under `trump`: what it declares unless it
    /// chooses otherwise.
    pub fn best_combination(&self, seat: Seat, trump: Trump) -> Combination {
        Combination::best(self.deal.dealt[seat], trump)
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
        let mut event = Event {
            seat,
            action,
            belote: None,
            declared: None,
            trick: None,
            auction_end: None,
            deal_end: false,
        };
        let first_card = matches!(action, Action::Play(_)) && !self.deal.has_played(seat);
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
                    if first_card && self.options.rules.set.has_declarations() {
                        let best = Combination::best(self.deal.dealt[seat], play.trump());
                        let declared = *self.deal.declared[seat].get_or_insert(best);
                        play.announce(seat, declared);
                        event.declared = Some(declared);
                    }
                    let played = play.play_unchecked(card);
                    event.belote = played.belote;
                    event.trick = played.trick_done;
                }
            }
        }
        if self.deal.is_over() {
            self.finish_deal();
            event.deal_end = true;
        }
        Ok(event)
    }

    /// Notes that the cards played from now on are played out by a claim of the rest of the
    /// tricks, not chosen by their seats: the deal's record says so
    /// ([`DealRecord::played_out`](crate::rules::DealRecord::played_out)). Only during the
    /// play, and once a deal.
    pub fn claim_rest(&mut self) {
        if self.phase() == Phase::Playing && self.deal.claimed.is_none() {
            self.deal.claimed = Some(self.deal.played().len());
        }
    }

    /// Takes back the last action of the deal, if `seat` did it: the deal is as it was just
    /// before, and the deal counts one more action taken back. A finished deal is scored and
    /// counted, and cannot be taken back.
    pub fn undo(&mut self, seat: Seat) -> Result<Action, UndoError> {
        let action = self.undoable(seat)?;
        // The deal replayed without its last action: the declarations chosen are made again
        // with the first cards replayed, and a seat that has no card on the table any more has
        // declared nothing yet.
        let mut record = self.deal.record(&self.options, self.totals);
        if record.play.pop().is_none() {
            record.auction.pop();
        }
        // Each action was accepted once from this very position: it is accepted again.
        let replayed = Replay::new(&record).and_then(Replay::finish);
        let Ok(Game { deal, .. }) = replayed else {
            return Err(UndoError::NothingToUndo);
        };
        self.deal = Deal {
            index: self.deal.index,
            undos: self.deal.undos.saturating_add(1),
            hints: self.deal.hints,
            ..deal
        };
        Ok(action)
    }

    /// Marks finished deal `i` as being played again with the expert in South's seat; false
    /// when there is no such deal or it was asked already.
    pub fn ask_expert_in_seat(&mut self, i: usize) -> bool {
        match self.history.get_mut(i) {
            Some(d) if d.expert_in_seat.is_none() => {
                d.expert_in_seat = Some(ExpertInSeat::Thinking);
                true
            }
            _ => false,
        }
    }

    /// The score of finished deal `i` with the expert in South's seat, as worked out for the
    /// deal asked (`None`: it could not be, and the deal is left uncompared). Taken only while
    /// the deal is thinking: a comparison made is never made again differently.
    pub fn answer_expert_in_seat(&mut self, i: usize, score: Option<ByTeam<u16>>) -> bool {
        match self.history.get_mut(i) {
            Some(d) if d.expert_in_seat == Some(ExpertInSeat::Thinking) => {
                d.expert_in_seat = score.map(ExpertInSeat::Score);
                true
            }
            _ => false,
        }
    }

    /// What South's clear mistakes cost in finished deal `i`, whose record is `record`, as the
    /// expert's review found them. Taken once, for that very deal: false when there is no such
    /// deal, another deal stands there, or its cost is known already.
    pub fn measure_mistakes(&mut self, i: usize, record: &DealRecord, mistakes: Mistakes) -> bool {
        match self.history.get_mut(i) {
            Some(d) if d.mistakes.is_none() && d.record == *record => {
                d.mistakes = Some(mistakes);
                true
            }
            _ => false,
        }
    }

    /// The finished deals still thinking with the expert in South's seat.
    pub fn expert_thinking(&self) -> Vec<usize> {
        let thinking = |(i, d): (usize, &DealResult)| {
            (d.expert_in_seat == Some(ExpertInSeat::Thinking)).then_some(i)
        };
        self.history.iter().enumerate().filter_map(thinking).collect()
    }

    /// The balance of the game against the expert in South's seat: the deals compared, and the
    /// sum of their differences ([`DealResult::expert_difference`]).
    pub fn expert_balance(&self) -> (u32, i64) {
        self.history
            .iter()
            .filter_map(DealResult::expert_difference)
            .fold((0, 0), |(n, sum), d| (n.saturating_add(1), sum + i64::from(d)))
    }

    /// Counts a hint South saw in the deal in progress (a finished deal's count stays as
    /// scored).
    pub fn count_hint(&mut self) {
        if !matches!(self.phase(), Phase::DealOver | Phase::GameOver) {
            self.deal.hints = self.deal.hints.saturating_add(1);
        }
    }

    /// The action [`Game::undo`] would take back for `seat`, or why there is none.
    pub fn undoable(&self, seat: Seat) -> Result<Action, UndoError> {
        match self.phase() {
            Phase::GameOver => return Err(UndoError::GameOver),
            Phase::DealOver => return Err(UndoError::DealOver),
            _ => {}
        }
        // The cards a claim plays out are nobody's choice: none is taken back.
        if self.deal.claimed.is_some() {
            return Err(UndoError::Claimed);
        }
        let (last, action) = self.deal.last_action().ok_or(UndoError::NothingToUndo)?;
        // A seat that has not called yet in this deal has nothing of its own to take back,
        // whoever acted last.
        let auction = &self.deal.auction;
        if !(0..auction.calls().len()).any(|i| auction.seat_of(i) == seat) {
            return Err(UndoError::NothingToUndo);
        }
        if last != seat {
            return Err(UndoError::NotTheLast { seat, last });
        }
        Ok(action)
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

    /// Deals the next deal, once the current one is over: the deal passes to the seat after the
    /// dealer (the right-hand neighbour; the left-hand one in `plain`).
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
        let dealt = deal(&deck, dealer, self.rules().direction());
        self.deal = Deal::new(index, dealer, dealt, self.rules(), self.levels);
        Ok(())
    }

    /// The cards as the table gathers them after a deal: the tricks in the order they were won,
    /// or, after an all-pass deal, the hands one on another from the seat after the dealer.
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
