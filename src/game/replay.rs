//! A deal record replayed through the game: each call and card applied with [`Game::apply`] in
//! turn, under `coinche` each seat declaring what the record says with its first card, so that
//! at every step the view of every seat is the one the table gave at that moment
//! ([`Game::view`]), with the belotes said and the declarations announced by the game's own
//! bookkeeping. The expert's review of a deal, a take-back (the deal replayed without its last
//! action) and the tests that compare the table with `contree bot` all read a deal this way.
//!
//! A record may stop anywhere (a deal in progress). Its game context gives the views their
//! target and totals; a record without one is read as the first deal of a game to the rule
//! set's usual target ([`crate::rules::RuleSet::default_target`]).

use super::{Action, Deal, Event, Game, GameError, GameOptions, Phase, Players};
use crate::personas::Level;
use crate::rules::{
    BySeat, ByTeam, CardSet, DealRecord, GameContext, GameOutcome, RecordError, RejectKind, Seat,
};

/// A record's deal being replayed: the game as it stood after the actions applied so far.
#[derive(Clone, Debug)]
pub struct Replay {
    game: Game,
    record: DealRecord,
    /// How many of the record's actions (its calls, then its cards) are applied.
    applied: usize,
}

/// The next action of a replay, and who does it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The seat whose turn it is.
    pub seat: Seat,
    /// What the record says it does.
    pub action: Action,
    /// Its position in the record: in `auction` for a call, in `play` for a card.
    pub index: usize,
    /// Whether a claim played it out ([`DealRecord::played_out`]): then it is no decision of
    /// its seat's.
    pub claimed: bool,
    /// Whether the rules left its seat nothing else to do: the only card it could play (its
    /// last always), or the only call. No decision either.
    pub forced: bool,
}

impl Turn {
    /// Whether the action was its seat's choice, one a review may grade: every call and card
    /// but those the rules forced and those a claim played out.
    pub fn is_decision(&self) -> bool {
        !self.claimed && !self.forced
    }
}

impl Replay {
    /// The start of `record`'s deal, before its first call. The hands must be four of eight
    /// different cards; the calls and cards are checked as they are applied.
    pub fn new(record: &DealRecord) -> Result<Replay, RecordError> {
        let dealt = record.hand_sets();
        let all = dealt.0.iter().fold(CardSet::EMPTY, |acc, h| acc.or(*h));
        if dealt
            .0
            .iter()
            .zip(&record.hands.0)
            .any(|(set, cards)| set.len() != 8 || cards.len() != 8)
            || all != CardSet::FULL
        {
            return Err(RecordError::bad_input(None, "the hands are not four of eight cards"));
        }
        let rules = record.rules();
        let context = record.game.unwrap_or(GameContext {
            target: rules.set.default_target(),
            before: ByTeam::default(),
        });
        context.check().map_err(|e| RecordError::bad_input(None, e))?;
        let options = GameOptions { target: context.target, ..GameOptions::of(rules) };
        let game = Game {
            options,
            seed: 0,
            players: Players::default(),
            first_dealer: record.dealer,
            totals: context.before,
            deal: Deal::new(0, record.dealer, dealt, rules, BySeat([Level::DEFAULT; 4])),
            history: Vec::new(),
            outcome: GameOutcome::Continue,
            void_streak: 0,
            levels: BySeat([Level::DEFAULT; 4]),
        };
        Ok(Replay { game, record: record.clone(), applied: 0 })
    }

    /// `record`'s deal to be played again from its start, as a game of its own: the same seat
    /// deals the same hands under the record's rules and game context, with `players` at the
    /// table, whose computer players decide from `seed` as in the game the deal came from. The
    /// record's calls and cards, as far as they go, must be ones the rules allow (a prepared
    /// deal may have none); its error otherwise, as `contree score` gives it.
    pub fn deal_again(
        record: &DealRecord,
        seed: u64,
        players: Players,
    ) -> Result<Game, RecordError> {
        let start = Replay::new(record)?;
        start.clone().finish()?;
        Ok(Game { seed, players, ..start.game })
    }

    /// Finished deal `i` (from 0) of `game` to be played again, with the game's seed and
    /// players ([`Replay::deal_again`]) and levels, beside the score it had the first time;
    /// `None` when the game has no such deal.
    pub fn deal_of(game: &Game, i: usize) -> Option<(Result<Game, RecordError>, ByTeam<u16>)> {
        let d = game.history().get(i)?;
        let again = Replay::deal_again(&d.record, game.seed(), game.players().clone());
        let again = again.map(|mut g| {
            g.set_levels(d.levels);
            g
        });
        Some((again, d.points()))
    }

    /// The game as it stands now: after the deal's end, with the deal scored in its history.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The replay with each seat's calls read by `levels` ([`crate::game::Deal::levels`]); every
    /// seat the expert's unless told.
    pub fn with_levels(mut self, levels: BySeat<Level>) -> Replay {
        self.game.set_levels(levels);
        self
    }

    /// What `seat` knows now.
    pub fn view(&self, seat: Seat) -> crate::game::SeatView {
        self.game.view(seat)
    }

    /// The record's next action and who does it, or `None` at the record's end. The seat is
    /// the one whose turn it is (or, should the deal be over, the one the rotation reaches).
    pub fn next_turn(&self) -> Option<Turn> {
        let calls = self.record.auction.len();
        let (action, index) = match self.record.auction.get(self.applied) {
            Some(&call) => (Action::Bid(call), self.applied),
            None => {
                let index = self.applied - calls;
                (Action::Play(*self.record.play.get(index)?), index)
            }
        };
        let deal = self.game.deal();
        let seat = self.game.to_act().unwrap_or_else(|| match &deal.play {
            Some(play) => play.current_trick().to_play(),
            None => deal.auction.seat_of(index),
        });
        let claimed = matches!(action, Action::Play(_)) && self.record.played_out(index);
        let options = match action {
            Action::Bid(_) => self.game.legal_calls().to_vec().len(),
            Action::Play(_) => self.game.legal_cards().len(),
        };
        Some(Turn { seat, action, index, claimed, forced: options < 2 })
    }

    /// Applies the record's next action, naming the rule when the game refuses it.
    pub fn advance(&mut self) -> Result<Event, RecordError> {
        let Some(Turn { seat, action, index, .. }) = self.next_turn() else {
            return Err(RecordError::bad_input(None, "the record has no action left"));
        };
        let game = &mut self.game;
        if matches!(action, Action::Play(_)) && self.record.claimed == Some(index) {
            game.claim_rest();
        }
        let first_card = matches!(action, Action::Play(_)) && !game.deal.has_played(seat);
        if first_card
            && game.phase() == Phase::Playing
            && game.rules().set.has_declarations()
            && let Some(combination) = self.record.declared.0[seat]
        {
            game.declare(seat, combination).map_err(|e| {
                RecordError::bad_input(None, format!("in the declarations of {seat}: {e}"))
            })?;
        }
        let event = game.apply(seat, action).map_err(|e| refused(game, seat, action, index, e))?;
        self.applied += 1;
        Ok(event)
    }

    /// Applies every action left, and gives the game after the last.
    pub fn finish(mut self) -> Result<Game, RecordError> {
        while self.next_turn().is_some() {
            self.advance()?;
        }
        Ok(self.game)
    }
}

/// The rejection of a record's action the game refused, as `contree score` writes it.
fn refused(game: &Game, seat: Seat, action: Action, index: usize, e: GameError) -> RecordError {
    let (kind, reason) = match (action, e) {
        (Action::Bid(call), _) => {
            let reason =
                game.deal().auction.check(call).err().map_or(e.to_string(), |b| b.to_string());
            (RejectKind::IllegalBid, reason)
        }
        (Action::Play(_), GameError::Play(p)) => (RejectKind::IllegalPlay, p.to_string()),
        (Action::Play(_), _) => (RejectKind::IllegalPlay, format!("illegal card: {e}")),
    };
    RecordError { kind, index: Some(index), seat: Some(seat), reason }
}
