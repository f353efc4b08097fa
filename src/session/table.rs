//! The deal being played, as South plays it against three computer players: the calls and
//! cards, the pauses between them, what each seat says in its bubble, the thinking asked of the
//! computer players and of the expert and their answers, the confirmation of a weighty call,
//! South's take-backs, a claim of the rest of the tricks shown a trick at a time, and each
//! finished deal played again with the expert in South's seat.
//!
//! [`Table::update`] takes a [`TableMsg`] (South's call or card, the end of a pause, a worker's
//! answer) and yields the [`Out`]s a front end carries out: save the game, ask a computer player,
//! show the deal's summary, tell the player something. Nothing here draws, reads a key, or
//! touches the clock or the disk, so every front end drives the same table: the terminal's
//! screen, or lines of text. What is thought on a worker thread carries a cancel flag, raised
//! when the table no longer wants the answer.

use std::time::Duration;

pub use self::claim::Claim;
use super::settings::{Prefs, Speed};
use super::work::{BotRequest, Cancel, CompareRequest, HintRequest, Measured, TableAnswer};
use crate::bots::Level;
use crate::bots::bidding::PERSON;
use crate::bots::expert::Advice;
use crate::game::{Action, Game, GameError, Phase, UndoError};
use crate::rules::{
    BeloteCall, BidLevel, BySeat, Call, Card, CardPlay, CardSet, Combination, DoneTrick, Seat,
    Suit, Trick, Trump, legal_cards,
};

/// A message to the table.
// One at a time and taken apart at once (a computer player's answer carries the view it was
// asked about): boxing the answers would only cost their readers a deref.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum TableMsg {
    /// South's call. A contre, a surcontre or a capot is first only asked for confirmation.
    Call(Call),
    /// The answer to the confirmation asked: the call is made, or forgotten.
    Confirm(bool),
    /// South's card.
    Play(Card),
    /// South's answer to whether it declares what it holds with its first card.
    Declare(bool),
    /// Take back South's last call or card.
    Undo,
    /// Ask what the expert would do in South's place.
    Hint,
    /// South claims the rest of the tricks: shown, and played out a trick at a time, if
    /// North-South take every one whatever the defence does.
    Claim,
    /// The player skips to the end of the claim being shown: the rest of it is played out at
    /// once.
    SkipClaim,
    /// The pause is over, or the player hurries it along.
    Timer,
    /// After the summary of a finished deal: the next deal, or the end of the game.
    NextDeal,
    /// A worker's answer to what the table asked: a computer player's decision, a hint, the
    /// score with the expert in South's seat.
    Answer(TableAnswer),
    /// What South's clear mistakes cost in finished deals of the game, as the expert's review
    /// found them.
    Measured(Vec<Measured>),
}

/// What the table asks of its front end, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// Save the game as it is now.
    Save,
    /// A deal has just finished, or its comparison with the expert is in: record it in the
    /// statistics.
    DealFinished,
    /// The game has just finished (and no deal of it is still compared): record it in the
    /// statistics.
    GameFinished,
    /// Ask a computer player; answer with [`TableAnswer::Decided`].
    Think(BotRequest),
    /// Ask the expert for South's hint; answer with [`TableAnswer::Hinted`].
    AskHint(HintRequest),
    /// Play a finished deal again with the expert in South's seat; answer with
    /// [`TableAnswer::Compared`].
    Compare(CompareRequest),
    /// The comparison of finished deal `i` (from 0) is in, or could not be made.
    Compared(usize),
    /// A seat acted.
    Acted(Seat, Action),
    /// The finished deal is seen whole: its summary is due.
    Summary,
    /// The game is over: its end is due.
    GameOver,
    /// A new deal is on the table.
    NewDeal,
    /// It is South's turn to call or to play, and nothing else is pending (the table may still
    /// play South's only legal card by itself).
    SouthToAct,
    /// The expert's hint for South's turn is in: this is what it advises.
    FollowHint(Action),
    /// Something to tell the player about the position.
    Told(Notice),
}

/// Whether `call` cannot be made good by the cards — a contre, a surcontre, a capot — and is
/// first asked for its confirmation.
pub fn weighty(call: Call) -> bool {
    match call {
        Call::Contre | Call::Surcontre => true,
        Call::Bid(b) => b.level == BidLevel::Capot,
        Call::Pass => false,
    }
}

/// What the table tells the player about the position on it. Each speaks of the position it was
/// said in, and is true only as long as that position is on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// South's call or card was refused, and why; for a card, the cards South may play.
    Refused(Action, GameError, CardSet),
    /// South's declaration was refused, and why.
    DeclarationRefused(GameError),
    /// Taking back is off in the settings.
    UndoOff,
    /// Neither take-back nor hint in a deal of the day played for the first time.
    OnceForAll,
    /// There is nothing of South's to take back, and why.
    UndoRefused(UndoError),
    /// South's last call or card was taken back.
    TakenBack(Action),
    /// A computer player failed; it passed or played its first legal card.
    BotFailed(Seat),
    /// The seat claimed the rest of the tricks, its side taking every one whatever the other
    /// does: its cards are laid face up, and the rest is played out a trick at a time.
    Claimed(Seat),
    /// South's claim was refused: the other side can still take a trick, the takers when
    /// `defending` (South's side defends), else the defence.
    ClaimRefused {
        /// Whether South's side is the defence.
        defending: bool,
    },
    /// The computer players' level changed during a deal: the new level sits down at the next
    /// one, so that every call of this deal is explained by the level that made it.
    LevelNextDeal,
}

/// What a seat says, shown in a bubble by the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bubble {
    /// A call of the auction.
    Call(Call),
    /// "Belote" or "Rebelote".
    Belote(BeloteCall),
}

/// A pause before the table moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Before a computer player acts.
    Bot(Seat),
    /// A finished trick stays on the table.
    Gather,
    /// The trick, gathered, slides toward its winner.
    Sweep,
    /// Before South's only legal card plays itself.
    AutoPlay,
    /// A new deal on the table: keys wait until it has been seen, so that none meant for the
    /// screen before (the summary's Enter pressed twice) becomes a call.
    Deal,
    /// A finished trick with a card played for South is kept on the table until South moves it on.
    Kept,
}

impl Wait {
    /// How long the pause lasts at `speed`; `None` for one that lasts until South moves on.
    pub fn duration(self, speed: Speed) -> Option<Duration> {
        Some(match self {
            Wait::Bot(_) => speed.bot_delay(),
            Wait::Gather => speed.trick_delay(),
            Wait::Sweep => (speed.trick_delay() / 4).min(Duration::from_millis(250)),
            // A forced card plays after a short pause, even at full speed, so it is seen.
            Wait::AutoPlay => speed.bot_delay().max(Duration::from_millis(250)),
            Wait::Deal => speed.deal_delay(),
            Wait::Kept => return None,
        })
    }
}

/// The expert's hint for South's turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// Asked, and the expert is thinking.
    Thinking,
    /// What the expert would do, and why.
    Ready(Advice),
    /// The expert could not answer.
    Failed,
}

/// A game at the table, and the deal being played in it.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    prefs: Prefs,
    /// What each seat last said.
    bubbles: BySeat<Option<Bubble>>,
    /// A finished trick still on the table.
    shown_trick: Option<DoneTrick>,
    /// Whether the trick in progress holds a card the table played for South.
    auto_played: bool,
    /// A contre, surcontre or capot waiting for its confirmation.
    confirm: Option<Call>,
    /// The pause in progress.
    wait: Option<Wait>,
    /// A number that changes each time a pause starts.
    wait_serial: u64,
    /// A computer player asked and not answered yet.
    thinking: Option<Seat>,
    /// The claim being shown.
    claim: Option<Claim>,
    /// The expert's hint for South's turn, once asked.
    hint: Option<Hint>,
    /// The flags of the computer players and hints still thinking about the position.
    working: Vec<Cancel>,
    /// The flags of the finished deals being played again with the expert in South's seat:
    /// raised only when the game leaves the table, since they are about no position.
    comparing: Vec<Cancel>,
    /// A number that changes with every action, every take-back and every new deal.
    revision: u64,
}

/// The level each seat's calls are read by at a table whose computer players are of `level`:
/// theirs, and for South, a person, the expert's ([`PERSON`]).
pub fn seat_levels(level: Level) -> BySeat<Level> {
    BySeat::from_fn(|s| if s == Seat::South { PERSON } else { level })
}

impl Table {
    /// A game sits down at the table: its deal as it stands, a finished trick held again when
    /// the card the table played for South is in it, the bubbles of the auction in progress.
    /// `first` is the first number the table gives its positions and pauses: a table that
    /// follows another starts after that one's [`Table::last_number`], so that no answer or
    /// pause meant for the old table is taken for one of the new. The outs are what the game
    /// opens on: its end, or a finished deal's summary.
    pub fn new(mut game: Game, prefs: Prefs, first: u64) -> (Table, Vec<Out>) {
        game.set_levels(seat_levels(prefs.level));
        let mut table = Table {
            game,
            prefs,
            bubbles: BySeat::default(),
            shown_trick: None,
            auto_played: false,
            confirm: None,
            wait: None,
            wait_serial: first,
            thinking: None,
            claim: None,
            hint: None,
            working: Vec::new(),
            comparing: Vec::new(),
            revision: first,
        };
        let mut out = Vec::new();
        table.compare_again(&mut out);
        let claimed = table.game.deal().claimed.is_some();
        if table.game.phase() == Phase::Playing && claimed {
            table.resume_claim(&mut out);
        } else {
            table.find_forced_card();
        }
        // A game saved right after its last card resumes on the deal's summary, after the trick
        // held for South's forced card if there is one; one left while a claim was shown, on
        // the claim.
        match table.game.phase() {
            Phase::GameOver => out.push(Out::GameOver),
            _ if table.claim.is_some() => {}
            _ if table.shown_trick.is_some() => table.set_wait(Wait::Kept),
            Phase::DealOver => out.push(Out::Summary),
            _ => table.set_wait(Wait::Deal),
        }
        table.restore_bubbles();
        table.schedule(&mut out);
        (table, out)
    }

    /// The game at the table.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, as it leaves the table. Whatever still thinks about it is stopped.
    pub fn into_game(mut self) -> Game {
        self.stop();
        self.stop_comparing();
        self.game
    }

    /// Raises the flags of the deals being compared: the game is leaving, and its comparisons
    /// still thinking are made again when it is resumed.
    pub fn stop_comparing(&mut self) {
        for c in self.comparing.drain(..) {
            c.raise();
        }
    }

    /// The last number the table gave a position or a pause.
    pub fn last_number(&self) -> u64 {
        self.revision.max(self.wait_serial)
    }

    /// The settings the table plays by.
    pub fn prefs(&self) -> Prefs {
        self.prefs
    }

    /// What each seat last said.
    pub fn bubbles(&self) -> &BySeat<Option<Bubble>> {
        &self.bubbles
    }

    /// Shows `bubble` at `seat`, as if it had just said it: the table's own changes of bubbles
    /// go on from there.
    pub fn show_bubble(&mut self, seat: Seat, bubble: Option<Bubble>) {
        self.bubbles[seat] = bubble;
    }

    /// A finished trick still on the table.
    pub fn shown_trick(&self) -> Option<DoneTrick> {
        self.shown_trick
    }

    /// The pause in progress.
    pub fn wait(&self) -> Option<Wait> {
        self.wait
    }

    /// The pause in progress, if it is timed: a number that changes each time a new pause
    /// starts, and how long it lasts.
    pub fn pause(&self) -> Option<(u64, Duration)> {
        let d = self.wait?.duration(self.prefs.speed)?;
        Some((self.wait_serial, d))
    }

    /// The computer player asked and not answered yet.
    pub fn thinking(&self) -> Option<Seat> {
        self.thinking
    }

    /// A contre, surcontre or capot waiting for its confirmation.
    pub fn confirm(&self) -> Option<Call> {
        self.confirm
    }

    /// The expert's hint for South's turn, once asked.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// What the expert advises South, once its hint is in.
    pub fn advice(&self) -> Option<&Advice> {
        match &self.hint {
            Some(Hint::Ready(a)) => Some(a),
            _ => None,
        }
    }

    /// The table's revision: a number that changes with every action, every take-back
    /// and every new deal.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// South's hand in table order.
    pub fn hand(&self) -> Vec<Card> {
        let d = self.game.deal();
        sorted_hand(d.hands()[Seat::South], d.contract().map(|c| c.trump()))
    }

    /// The cards South may play now (none when it is not South's turn to play).
    pub fn playable(&self) -> CardSet {
        if self.south_to_play() { self.game.legal_cards() } else { CardSet::EMPTY }
    }

    /// Whether South is to play a card and nothing else is pending.
    pub fn south_to_play(&self) -> bool {
        self.idle_turn(Phase::Playing)
    }

    /// Whether South is to bid and nothing else is pending.
    pub fn south_to_bid(&self) -> bool {
        self.idle_turn(Phase::Bidding)
    }

    fn idle_turn(&self, phase: Phase) -> bool {
        self.game.phase() == phase
            && self.game.to_act() == Some(Seat::South)
            && self.wait.is_none()
            && self.thinking.is_none()
            && self.shown_trick.is_none()
            && self.claim.is_none()
    }

    /// Whether South may ask for a hint now: its turn to call or to play, nothing else pending,
    /// and no hint asked for it yet.
    pub fn hint_allowed(&self) -> bool {
        !self.prefs.daily
            && self.hint.is_none()
            && self.confirm.is_none()
            && (self.south_to_bid() || self.south_to_play())
    }

    /// Whether South may claim the rest of the tricks now: its turn to play, nothing else
    /// pending, and no declaration to answer first.
    pub fn claim_allowed(&self) -> bool {
        self.south_to_play() && self.declaring().is_none()
    }

    /// Whether there is a call or card of South's to take back, and the settings allow it; why
    /// not otherwise.
    pub fn undoable(&self) -> Result<(), Notice> {
        if self.prefs.daily {
            return Err(Notice::OnceForAll);
        }
        if !self.prefs.undo {
            return Err(Notice::UndoOff);
        }
        self.game.undoable(Seat::South).map(|_| ()).map_err(Notice::UndoRefused)
    }

    /// Whether the first trick of a coinche deal is on the table (being played, or complete and
    /// not gathered yet): the time the seats' declarations are shown at the seats. Once it is
    /// gathered, the table learns which team scores its declarations.
    pub fn first_trick_on_table(&self) -> bool {
        self.game.deal().play.as_ref().is_some_and(|p| match p.tricks().len() {
            0 => true,
            1 => self.shown_trick.is_some(),
            _ => false,
        })
    }

    /// What `seat` announced, shown at its seat during the first trick (`coinche`, a seat that
    /// declared something).
    pub fn announcement(&self, seat: Seat) -> Option<Combination> {
        let c = self.game.deal().announced(seat)?;
        (self.first_trick_on_table() && !c.is_empty()).then_some(c)
    }

    /// What South may declare with the card it is to play, when the settings let it choose and
    /// it has not chosen yet: its first card of a coinche deal, holding a combination.
    pub fn declaring(&self) -> Option<Combination> {
        let g = &self.game;
        let d = g.deal();
        if !self.prefs.choose_declarations
            || !g.rules().set.has_declarations()
            || !self.south_to_play()
            || d.declared[Seat::South].is_some()
            || d.has_played(Seat::South)
        {
            return None;
        }
        let best = g.best_combination(Seat::South, d.contract()?.trump());
        (!best.is_empty()).then_some(best)
    }

    /// The trick to draw in the middle of the table, with who played each card.
    pub fn table_trick(&self) -> Option<Trick> {
        if let Some(t) = &self.shown_trick {
            return Some(t.trick);
        }
        self.game.deal().play.as_ref().map(|p| *p.current_trick())
    }

    /// The tricks taken in the deal on the table.
    pub fn deal_tricks(&self) -> &[DoneTrick] {
        self.game.deal().play.as_ref().map_or(&[], |p| p.tricks())
    }

    /// Whether the deal on the table is over (the game's too, perhaps).
    pub fn deal_over(&self) -> bool {
        matches!(self.game.phase(), Phase::DealOver | Phase::GameOver)
    }

    /// Takes `prefs` from now on, and decides what the table waits for next under them.
    pub fn set_prefs(&mut self, prefs: Prefs) -> Vec<Out> {
        let changed = prefs.level != self.prefs.level;
        self.prefs = prefs;
        self.game.set_levels(seat_levels(prefs.level));
        let mut out = Vec::new();
        let in_deal = matches!(self.game.phase(), Phase::Bidding | Phase::Playing);
        if changed && in_deal && self.game.deal().levels != self.game.levels() {
            out.push(Out::Told(Notice::LevelNextDeal));
        }
        self.schedule(&mut out);
        out
    }

    /// Handles a message, then decides what the table waits for next: a computer player, a
    /// forced card, or South.
    pub fn update(&mut self, msg: TableMsg) -> Vec<Out> {
        let mut out = Vec::new();
        match msg {
            TableMsg::Call(call) => self.call(call, &mut out),
            TableMsg::Confirm(yes) => match self.confirm {
                Some(call) if yes && self.south_to_bid() => self.call(call, &mut out),
                _ => self.confirm = None,
            },
            TableMsg::Play(card) => self.play(card, &mut out),
            TableMsg::Declare(yes) => self.answer_declaration(yes, &mut out),
            TableMsg::Undo => self.undo(&mut out),
            TableMsg::Hint => self.ask_hint(&mut out),
            TableMsg::Claim => {
                if self.claim_allowed() && !self.claim(Seat::South, &mut out) {
                    let takers = self.game.deal().contract().map(|c| c.team());
                    let defending = takers.is_some_and(|t| t != Seat::South.team());
                    out.push(Out::Told(Notice::ClaimRefused { defending }));
                }
            }
            TableMsg::SkipClaim => self.skip_claim(&mut out),
            TableMsg::Timer => self.on_timer(&mut out),
            TableMsg::NextDeal => self.next_deal(&mut out),
            TableMsg::Answer(TableAnswer::Decided(request, action)) => {
                self.on_decided(&request, action, &mut out)
            }
            TableMsg::Answer(TableAnswer::BotFailed(request)) => {
                self.on_bot_failed(&request, &mut out)
            }
            TableMsg::Answer(TableAnswer::Hinted(request, advice)) => {
                self.on_hint(&request, advice, &mut out)
            }
            TableMsg::Answer(TableAnswer::Compared(request, score)) => {
                self.on_compared(&request, score, &mut out)
            }
            TableMsg::Measured(measured) => self.on_measured(&measured, &mut out),
        }
        self.schedule(&mut out);
        out
    }

    /// Raises the flag of everything still thinking about the table: nothing is wanted.
    pub fn stop(&mut self) {
        for c in self.working.drain(..) {
            c.raise();
        }
    }

    /// Makes South's call, or, for one that cannot be made good by the cards (a contre, a
    /// surcontre, a capot), first asks for its confirmation.
    fn call(&mut self, call: Call, out: &mut Vec<Out>) {
        if !self.south_to_bid() {
            return;
        }
        if weighty(call) && self.confirm != Some(call) {
            self.confirm = Some(call);
            return;
        }
        self.confirm = None;
        self.act(Seat::South, Action::Bid(call), out);
    }

    /// Plays a card for South, or says why it may not be played. While South is asked whether
    /// to declare, no card goes before the answer.
    fn play(&mut self, card: Card, out: &mut Vec<Out>) {
        if !self.south_to_play() || self.declaring().is_some() {
            return;
        }
        self.act(Seat::South, Action::Play(card), out);
    }

    /// South's answer to the declaration prompt: its best combination, or nothing. It is made
    /// with the card South plays next.
    fn answer_declaration(&mut self, declare: bool, out: &mut Vec<Out>) {
        let Some(best) = self.declaring() else { return };
        let combination = if declare { best } else { Combination::NONE };
        match self.game.declare(Seat::South, combination) {
            Ok(()) => out.push(Out::Save),
            Err(e) => out.push(Out::Told(Notice::DeclarationRefused(e))),
        }
    }

    /// Takes back South's last call or card, if nobody has acted since, and says why not
    /// otherwise.
    fn undo(&mut self, out: &mut Vec<Out>) {
        if let Err(why @ (Notice::UndoOff | Notice::OnceForAll)) = self.undoable() {
            out.push(Out::Told(why));
            return;
        }
        match self.game.undo(Seat::South) {
            Ok(action) => {
                out.push(Out::Save);
                // What was pending is for a position that is gone, a bot's answer included.
                self.reset_deal_state();
                self.restore_bubbles();
                out.push(Out::Told(Notice::TakenBack(action)));
            }
            Err(e) => out.push(Out::Told(Notice::UndoRefused(e))),
        }
    }

    fn on_timer(&mut self, out: &mut Vec<Out>) {
        match self.wait.take() {
            Some(Wait::Bot(seat)) => self.ask(seat, out),
            Some(Wait::Gather) if self.prefs.speed != Speed::Instant => self.set_wait(Wait::Sweep),
            Some(Wait::Gather | Wait::Sweep | Wait::Kept) => {
                self.shown_trick = None;
                self.auto_played = false;
                for b in &mut self.bubbles.0 {
                    if matches!(b, Some(Bubble::Belote(_))) {
                        *b = None;
                    }
                }
                // A claim being shown goes on with its next trick.
                if self.claim.is_some() {
                    self.play_claimed_trick(out);
                }
                if self.deal_over() && self.shown_trick.is_none() {
                    out.push(Out::Summary);
                }
            }
            Some(Wait::AutoPlay) => {
                if let Some(card) = self.game.legal_cards().first() {
                    self.auto_played = true;
                    self.act(Seat::South, Action::Play(card), out);
                }
            }
            Some(Wait::Deal) | None => {}
        }
    }

    /// After a finished deal's summary: the end of the game, or the next deal.
    fn next_deal(&mut self, out: &mut Vec<Out>) {
        if self.game.phase() == Phase::GameOver {
            out.push(Out::GameOver);
        } else if self.game.next_deal().is_ok() {
            out.push(Out::Save);
            self.reset_deal_state();
            self.set_wait(Wait::Deal);
            out.push(Out::NewDeal);
        }
    }

    /// Applies an action at the table and queues what follows from it.
    fn act(&mut self, seat: Seat, action: Action, out: &mut Vec<Out>) {
        let first_card = self.game.phase() == Phase::Bidding;
        let event = match self.game.apply(seat, action) {
            Ok(e) => e,
            Err(e) => {
                let playable = match action {
                    Action::Play(_) => self.game.legal_cards(),
                    Action::Bid(_) => CardSet::EMPTY,
                };
                out.push(Out::Told(Notice::Refused(action, e, playable)));
                return;
            }
        };
        out.push(Out::Save);
        self.advance();
        out.push(Out::Acted(seat, action));
        match action {
            Action::Bid(c) => self.bubbles[seat] = Some(Bubble::Call(c)),
            Action::Play(_) => {
                if first_card || self.bubbles.0.iter().any(|b| matches!(b, Some(Bubble::Call(_)))) {
                    self.bubbles = BySeat::default();
                }
                if let Some(b) = event.belote {
                    self.bubbles[seat] = Some(Bubble::Belote(b));
                }
            }
        }
        if event.auction_end.is_some() {
            // The auction's calls stay readable in the side panel; the bubbles make way for play.
            self.bubbles = BySeat::default();
        }
        if let Some(t) = event.trick {
            self.shown_trick = Some(t);
            // A trick with a card the table played for South waits to be seen.
            self.set_wait(if self.auto_played { Wait::Kept } else { Wait::Gather });
        }
        if event.deal_end {
            out.push(Out::DealFinished);
            let last = self.game.history().len().saturating_sub(1);
            if self.prefs.compare && self.game.ask_expert_in_seat(last) {
                self.ask_comparison(last, out);
            }
            self.finish_game(out);
            if event.trick.is_none() {
                out.push(Out::Summary);
            }
        }
    }

    fn set_wait(&mut self, w: Wait) {
        self.wait = Some(w);
        self.wait_serial += 1;
    }

    /// The position changes: what was thought about the old one is not wanted any more.
    fn advance(&mut self) {
        self.revision += 1;
        self.stop();
        self.hint = None;
    }

    fn reset_deal_state(&mut self) {
        self.advance();
        self.bubbles = BySeat::default();
        self.shown_trick = None;
        self.auto_played = false;
        self.confirm = None;
        self.wait = None;
        self.thinking = None;
        self.claim = None;
    }

    /// Decides what the table waits for next: a computer player, a forced card, or South.
    fn schedule(&mut self, out: &mut Vec<Out>) {
        if self.wait.is_some() || self.thinking.is_some() {
            return;
        }
        let Some(seat) = self.game.to_act() else { return };
        if seat != Seat::South {
            self.set_wait(Wait::Bot(seat));
            return;
        }
        out.push(Out::SouthToAct);
        let forced = self.game.phase() == Phase::Playing && self.game.legal_cards().len() == 1;
        // A forced card waits for South's answer to the declaration prompt.
        if forced && self.prefs.auto_play && self.declaring().is_none() {
            self.set_wait(Wait::AutoPlay);
        } else if self.prefs.hint {
            self.ask_hint(out);
        }
    }

    /// Finds again, from the cards alone (all a save holds), the card the table played for South
    /// in the trick on the table: in the trick in progress, it holds that trick once complete;
    /// in the last trick taken, with nothing played since, that trick is shown and held again,
    /// as right after the card (the save cannot tell whether it was seen before the game was
    /// left).
    fn find_forced_card(&mut self) {
        let Some(play) = self.game.deal().play.as_ref().filter(|_| self.prefs.auto_play) else {
            return;
        };
        let current = play.current_trick();
        match play.tricks().last() {
            Some(&last) if current.is_empty() && south_forced(play, &last.trick) => {
                self.shown_trick = Some(last);
                self.auto_played = true;
            }
            _ => self.auto_played = south_forced(play, current),
        }
    }

    /// The bubbles the position shows: every call of an auction in progress, or the belote said
    /// in the trick on the table.
    fn restore_bubbles(&mut self) {
        self.bubbles = BySeat::default();
        let d = self.game.deal();
        match &d.play {
            None => {
                let a = &d.auction;
                for (i, &c) in a.calls().iter().enumerate() {
                    self.bubbles[a.seat_of(i)] = Some(Bubble::Call(c));
                }
            }
            Some(play) => {
                // What the game says was said with each card on the table.
                for (seat, card) in play.current_trick().plays() {
                    if let Some(call) = play.public().said_with(card) {
                        self.bubbles[seat] = Some(Bubble::Belote(call));
                    }
                }
            }
        }
    }
}

/// Whether South's card in `trick`, the last trick of `play` South played to, was its only legal
/// card: the card the table plays by itself when forced cards do. False when South has not
/// played to the trick.
fn south_forced(play: &CardPlay, trick: &Trick) -> bool {
    let Some(i) = trick.plays().position(|(seat, _)| seat == Seat::South) else { return false };
    // South's hand then: what it holds now, and the card it played to the trick.
    let mut hand = play.hands()[Seat::South];
    hand.insert(trick.cards()[i]);
    legal_cards(hand, &trick.first(i), play.trump(), play.rules()).len() == 1
}

/// A hand in table order: suits alternating in colour, trumps first once known, each suit from
/// its strongest card down.
pub fn sorted_hand(hand: CardSet, trump: Option<Trump>) -> Vec<Card> {
    let base = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let order: Vec<Suit> = match trump.and_then(Trump::suit) {
        None => base.to_vec(),
        Some(t) => {
            let others = base.iter().copied().filter(|&s| s != t);
            let opposite: Vec<Suit> = others.clone().filter(|s| s.is_red() != t.is_red()).collect();
            let same: Vec<Suit> = others.filter(|s| s.is_red() == t.is_red()).collect();
            let mut v = vec![t];
            v.extend(opposite.first());
            v.extend(same.first());
            v.extend(opposite.get(1));
            v
        }
    };
    let mut cards = Vec::with_capacity(hand.len());
    for suit in order {
        let mut of: Vec<Card> = hand.of_suit(suit).iter().collect();
        // Each suit in the order of the contract (trump order for the trump suit, and every suit
        // in tout atout); before the contract, in the plain order.
        of.sort_by_key(|c| std::cmp::Reverse(c.strength(trump.unwrap_or(Trump::NoTrump))));
        cards.extend(of);
    }
    cards
}

mod claim;
mod ending;
mod thinking;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod comparison_tests;
