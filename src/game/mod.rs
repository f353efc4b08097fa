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

mod dealing;
mod replay;
mod save;
mod seating;
mod view;
mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use dealing::{DealRng, DealStyle, PACKETS, cut, deal, deal_rng, is_full_deal, shuffled_deck};
pub use replay::{Replay, Turn};
pub use save::{GameSave, LoadError, SAVE_VERSION};
pub use seating::{draw_players, new_game};
pub use view::{SeatView, ViewError};

use crate::rules::{
    Auction, AuctionOutcome, BeloteCall, BelotesDealt, BelotesSaid, BidError, BySeat, ByTeam, Call,
    Card, CardPlay, CardSet, Combination, Contract, DealRecord, DealScore, DealTally, Declared,
    DoneTrick, GameContext, GameOutcome, LegalCalls, PlayError, PublicDeal, Rules, Seat, Team,
    Trump, game_after, score_play,
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

/// An action refused, and why. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Another seat is to act.
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat to act, if any.
        to_act: Option<Seat>,
    },
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
    /// The game's rule set has no declarations.
    NoDeclarations,
    /// Declarations are made with the first card, and this seat has played it.
    AlreadyDeclared {
        /// The seat.
        seat: Seat,
    },
    /// The seat's dealt hand does not hold that combination as the rules count it.
    NotHeld {
        /// The seat.
        seat: Seat,
    },
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
            GameError::NoDeclarations => f.write_str("this game is played without declarations"),
            GameError::AlreadyDeclared { seat } => write!(
                f,
                "declarations are made with the first card, and {seat} has played it already"
            ),
            GameError::NotHeld { seat } => {
                write!(f, "{seat}'s hand does not hold that declaration")
            }
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
    NotTheLast {
        /// The seat that asks to take its action back.
        seat: Seat,
        /// The seat that acted last.
        last: Seat,
    },
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
    /// The card play, once the auction has a contract: the hands, and the play as the table
    /// sees it, with the belotes said and the declarations announced.
    pub play: Option<CardPlay>,
    /// `coinche`: what each seat declares. A seat's declaration is made with its first card (its
    /// best combination, unless it chose otherwise before with [`Game::declare`]) and is public
    /// from then on ([`Deal::announced`], and as the table hears it in the play).
    pub declared: BySeat<Option<Combination>>,
    /// How many actions were taken back in this deal.
    pub undos: u32,
    /// How many of South's calls and cards were made with the expert's hint in sight.
    pub hints: u32,
}

impl Deal {
    fn new(index: usize, dealer: Seat, dealt: BySeat<CardSet>, rules: Rules) -> Deal {
        Deal {
            index,
            dealer,
            dealt,
            auction: Auction::new(dealer, rules),
            play: None,
            declared: BySeat([None; 4]),
            undos: 0,
            hints: 0,
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

    /// What the whole table knows of the deal: the auction, and the play with the belotes said
    /// and the declarations announced.
    pub fn public(&self) -> PublicDeal {
        PublicDeal::from_parts(self.auction.clone(), self.play.as_ref().map(|p| p.public().clone()))
    }

    /// The cards played so far, in order.
    pub fn played(&self) -> Vec<Card> {
        self.play.iter().flat_map(|p| p.public().cards()).collect()
    }

    /// The belotes said so far ("Belote" with the first of the king and queen): at most one in a
    /// suit contract, one per suit in tout atout.
    pub fn belotes_said(&self) -> BelotesSaid {
        self.play.as_ref().map_or(BelotesSaid::NONE, |p| p.public().belotes())
    }

    /// Every action of the deal so far, in order: the calls, then the cards.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let calls = self.auction.calls().iter().map(|&c| Action::Bid(c));
        let cards = self.play.iter().flat_map(|p| p.public().cards());
        calls.chain(cards.map(Action::Play))
    }

    /// The last action of the deal and the seat that did it.
    pub fn last_action(&self) -> Option<(Seat, Action)> {
        if let Some((seat, card)) = self.play.as_ref().and_then(|p| p.public().last()) {
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

    /// Whether `seat` has played a card in this deal.
    pub fn has_played(&self, seat: Seat) -> bool {
        self.play.as_ref().is_some_and(|p| {
            !p.tricks().is_empty() || p.current_trick().plays().any(|(s, _)| s == seat)
        })
    }

    /// What `seat` declared, once it has played its first card and said it (`coinche` only).
    pub fn announced(&self, seat: Seat) -> Option<Combination> {
        self.declared[seat].filter(|_| self.has_played(seat))
    }

    /// Every seat's declaration, once all four have played a card (`coinche` only): what the
    /// second trick starts with, when the table learns which team scores its declarations.
    pub fn declarations(&self) -> Option<BySeat<Combination>> {
        let all = BySeat::from_fn(|s| self.announced(s));
        all.0.iter().all(Option::is_some).then(|| all.map(Option::unwrap_or_default))
    }

    /// The deal written down as a record.
    pub fn record(&self, options: &GameOptions, before: ByTeam<u32>) -> DealRecord {
        DealRecord {
            dealer: self.dealer,
            hands: self.dealt.map(|h| h.iter().collect()),
            auction: self.auction.calls().to_vec(),
            play: self.played(),
            rules: Some(options.rules),
            declared: Declared(self.declared),
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
    /// The belotes that counted, seat by seat (all those dealt, since each is said with the
    /// first card of its pair): one at most in a suit contract, up to four in tout atout, none
    /// in sans atout or when everyone passed.
    pub belotes: BelotesDealt,
    /// `coinche`: what each seat declared (`None` in the other sets and when everyone passed).
    pub declared: Option<BySeat<Combination>>,
    /// `coinche`: the declaration points that scored for each team, before any capot transfer.
    pub declarations: ByTeam<u16>,
    /// The totals after the deal.
    pub totals: ByTeam<u32>,
    /// How many actions were taken back during the deal.
    pub undos: u32,
    /// How many hints South saw during the deal.
    pub hints: u32,
    /// The deal played again with the expert in South's seat, once asked.
    pub expert_in_seat: Option<ExpertInSeat>,
}

/// The same deal played again with the expert in South's seat, the three computer players
/// deciding as they did: asked, and thinking still, or its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpertInSeat {
    /// Asked and not answered yet: redone when the game is resumed.
    Thinking,
    /// The deal's score with the expert in South's seat.
    Score(ByTeam<u16>),
}

/// North-South's margin in a deal's score: their points minus East-West's.
fn margin(score: ByTeam<u16>) -> i32 {
    i32::from(score[Team::NS]) - i32::from(score[Team::EW])
}

impl DealResult {
    /// The deal's score with the expert in South's seat, once worked out.
    pub fn expert_score(&self) -> Option<ByTeam<u16>> {
        match self.expert_in_seat {
            Some(ExpertInSeat::Score(s)) => Some(s),
            _ => None,
        }
    }

    /// How much better North-South did than with the expert in South's seat: their margin
    /// (ours minus theirs) minus the same with the expert; negative when the expert did better.
    pub fn expert_difference(&self) -> Option<i32> {
        self.expert_score().map(|e| margin(self.points()) - margin(e))
    }

    /// The points written down for each team (0 to 0 for a void deal).
    pub fn points(&self) -> ByTeam<u16> {
        self.score.map(|s| s.score).unwrap_or_default()
    }

    /// The team that took all eight tricks, if one did.
    pub fn capot(&self) -> Option<Team> {
        self.tally().capot()
    }

    /// What the deal brought to the score table.
    pub fn tally(&self) -> DealTally {
        DealTally {
            card_points: self.card_points,
            tricks_won: self.tricks_won,
            belotes: self.belotes.counts(),
            declarations: self.declarations,
        }
    }

    /// The team holding the belote of the trump suit, in a suit contract.
    pub fn belote_team(&self) -> Option<Team> {
        let suit = self.contract?.trump().suit()?;
        self.belotes.holder(suit).map(Seat::team)
    }
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
        let game = GameContext { target: self.options.target, before: self.totals };
        SeatView::at_table(seat, self.deal.hands()[seat], self.deal.public(), game)
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
        let (last, action) = self.deal.last_action().ok_or(UndoError::NothingToUndo)?;
        if last != seat {
            return Err(UndoError::NotTheLast { seat, last });
        }
        Ok(action)
    }

    fn finish_deal(&mut self) {
        let before = self.totals;
        let record = self.deal.record(&self.options, before);
        let declared = self.deal.declarations();
        let (contract, scored, belotes) = match (self.deal.contract(), &self.deal.play) {
            (Some(c), Some(play)) => {
                let scored = score_play(&c, play, declared.as_ref(), self.rules());
                (Some(c), Some(scored), play.belotes())
            }
            _ => (None, None, BelotesDealt::NONE),
        };
        let declared = declared.filter(|_| scored.is_some());
        let tally = scored.map(|s| s.tally).unwrap_or_default();
        let (card_points, tricks_won) = (tally.card_points, tally.tricks_won);
        let declarations = scored.and_then(|s| s.declarations).unwrap_or_default();
        let score = scored.map(|s| s.score);
        if score.is_some() {
            self.void_streak = 0;
        } else {
            self.void_streak = self.void_streak.saturating_add(1);
        }
        (self.totals, self.outcome) =
            game_after(self.rules(), self.options.target, before, scored.as_ref());
        let tricks = self.deal.play.as_ref().map(|p| p.tricks().to_vec()).unwrap_or_default();
        self.history.push(DealResult {
            record,
            contract,
            score,
            card_points,
            tricks_won,
            tricks,
            belotes,
            declared,
            declarations,
            totals: self.totals,
            undos: self.deal.undos,
            hints: self.deal.hints,
            expert_in_seat: None,
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
        self.deal = Deal::new(index, dealer, dealt, self.rules());
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
