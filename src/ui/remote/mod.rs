//! The terminal table at a host's table (`contree join ADDR`): a screen of its own, owning
//! its state, its keys, its clicks and its drawing, as every component of the solo table does.
//! What it draws comes from the [`RemoteTable`] alone — who sits where, the seat's own view,
//! each deal's record once it is over — so that no card of another seat is ever shown before
//! it is played or the deal is over: none is known. Before the start it is the waiting room
//! (the code to give, the four seats, the rules, a free seat to move to, the start for the
//! creator); then the felt, turned so that the player sits South, with the auction's buttons
//! or the trick, the side panel, and the deal's end and the game's over it.
//!
//! A key or a click answers the [`Request`]s for the runner ([`crate::ui::remote_run`]) to
//! send; a call or a card the rules refuse is refused here, before it is sent, in the words
//! the solo table says it with.

mod draw;
mod words;

use self::words::Says;

use crossterm::event::{KeyCode, KeyEvent};

use crate::game::{Action, GameError};
use crate::net::client::RemoteEvent;
use crate::net::wire::ClientMsg;
use crate::rules::{Bid, BidLevel, Call, CardSet, Seat, Trump, check_play};
use crate::session::remote::{Happening, RemoteTable};
use crate::session::table::{Notice, weighty};
use crate::text::Words;
use crate::ui::hits::{Hit, Hits};
use crate::ui::keymap::{self, Cmd, Mode};
use crate::ui::table_screen::BidButton;
use crate::ui::theme::Theme;

pub use draw::draw;

/// The commands of the keymap the remote table takes; the footer lists only them.
pub(crate) const TAKEN: &[Cmd] = &[
    Cmd::Left,
    Cmd::Right,
    Cmd::Act,
    Cmd::Pick,
    Cmd::NextButton,
    Cmd::PrevButton,
    Cmd::Pass,
    Cmd::Contre,
    Cmd::NoTrump,
    Cmd::AllTrump,
    Cmd::Declare,
    Cmd::KeepQuiet,
    Cmd::Hint,
    Cmd::Yes,
    Cmd::No,
    Cmd::Quit,
];

/// What a key or a click asks of the connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A message to the host.
    Send(ClientMsg),
    /// Close the connection and the table; a seated player's seat waits the grace time.
    Quit,
    /// Ask the expert for a hint from the seat's view, at a table whose creator allows them;
    /// its answer is brought to [`RemoteScreen::advised`].
    Hint(Box<crate::session::work::HintRequest>),
}

/// The deal just over, as its popup shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DealEnd {
    /// Every hand as dealt, by the seat on screen.
    pub hands: [(Seat, CardSet); 4],
    /// The totals after the deal: us, them.
    pub totals: (u32, u32),
}

/// The terminal table at a remote table.
#[derive(Debug)]
pub struct RemoteScreen {
    /// What the seat was sent.
    pub table: RemoteTable,
    words: Words,
    theme: Theme,
    /// The card selected, as an index in the player's hand.
    cursor: usize,
    /// The seat selected in the waiting room (the table's own seat).
    seat_cursor: Seat,
    /// The focused bidding button.
    bid_focus: usize,
    /// The bid value chosen, waiting for its suit.
    bid_level: Option<BidLevel>,
    /// A contre, surcontre or capot waiting for its yes or no.
    confirm: Option<Call>,
    /// What the table tells the player last: a refusal, a bot in a player's place.
    told: Option<String>,
    /// The deal just over, its popup open until the player goes on.
    deal_end: Option<DealEnd>,
    /// The game's end: whether the player's side won, and the totals (us, them).
    over: Option<(bool, (u32, u32))>,
    /// The connection is over, and why: the table shows it until a key is pressed.
    closed: Option<String>,
    /// The connection was lost during the game: the runner joins the table again.
    lost: bool,
    /// The revision of the view the last call or card was sent at: one action a turn, so that
    /// a key pressed twice before the host answers sends nothing more.
    acted_at: Option<u64>,
    /// The clickable areas of the last frame.
    hits: Hits,
}

impl RemoteScreen {
    /// The table, not seated yet, in `words` and `theme`.
    pub fn new(words: Words, theme: Theme) -> RemoteScreen {
        RemoteScreen {
            table: RemoteTable::new(),
            words,
            theme,
            cursor: 0,
            seat_cursor: Seat::South,
            bid_focus: 0,
            bid_level: None,
            confirm: None,
            told: None,
            deal_end: None,
            over: None,
            closed: None,
            lost: false,
            acted_at: None,
            hits: Hits::default(),
        }
    }

    /// The words the table speaks.
    pub fn words(&self) -> Words {
        self.words
    }

    /// Whether the game is over.
    pub fn game_over(&self) -> bool {
        self.over.is_some()
    }

    /// Whether the connection is over.
    pub fn closed(&self) -> bool {
        self.closed.is_some()
    }

    /// Whether the connection was lost and is to be made again, once: the question clears it.
    pub fn take_lost(&mut self) -> bool {
        std::mem::take(&mut self.lost)
    }

    /// Why the connection is over, once it is.
    pub fn closed_why(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    /// The line the table tells the player, if any.
    pub fn told(&self) -> Option<&str> {
        self.told.as_deref()
    }

    /// Says `text` on the status line.
    pub fn tell(&mut self, text: String) {
        self.told = Some(text);
    }

    /// The connection is over: `why` is shown until a key is pressed.
    pub fn close(&mut self, why: String) {
        self.closed = Some(why);
    }

    /// The mode the keys are read in.
    pub fn mode(&self) -> Mode {
        let t = &self.table;
        if self.deal_end.is_some() {
            Mode::Summary
        } else if self.over.is_some() || self.closed.is_some() {
            Mode::GameOver
        } else if !t.started() {
            Mode::Players
        } else if self.confirm.is_some() {
            Mode::Confirm
        } else if self.declaring() {
            Mode::Declare
        } else if t.legal_calls().is_some() {
            Mode::Bidding
        } else {
            Mode::Playing
        }
    }

    /// Whether the player is asked whether to declare with their first card.
    fn declaring(&self) -> bool {
        let (t, hand) = (&self.table, self.table.hand());
        t.may_declare()
            && t.trump().is_some_and(|tr| !crate::rules::Combination::best(hand, tr).is_empty())
    }

    /// Takes in one event of the host.
    pub fn event(&mut self, event: RemoteEvent) {
        for happening in self.table.apply(event) {
            self.happened(happening);
        }
        if !self.table.my_turn() {
            self.confirm = None;
        }
    }

    fn happened(&mut self, h: Happening) {
        let w = self.words;
        match h {
            Happening::Sat { code, seat } => {
                self.seat_cursor = seat;
                self.told = Some(w.remote_sat(&code, seat));
            }
            // The contract and the tricks are on the felt and in the side panel.
            Happening::Seats | Happening::Trick { .. } | Happening::Contract(_) => {}
            Happening::Started => self.told = None,
            Happening::NewDeal { .. } => {
                self.cursor = 0;
                self.bid_level = None;
                self.deal_end = None;
                self.told = None;
            }
            Happening::Called { seat, call, bot } if bot && self.held(seat) => {
                let name = self.name(seat);
                self.told = Some(w.remote_for_them(&name, &w.call(call)));
            }
            Happening::Played { seat, card, bot } if bot && self.held(seat) => {
                let name = self.name(seat);
                self.told = Some(w.remote_for_them(&name, &w.card(card)));
            }
            Happening::Called { .. } | Happening::Played { .. } => {}
            Happening::Declared { seat, combination } => {
                let name = self.name(seat);
                self.told = Some(w.remote_declared(&name, &w.combination(combination)));
            }
            Happening::YourTurn => self.settle(),
            Happening::DealOver { hands, totals } => {
                self.deal_end = Some(DealEnd { hands, totals });
            }
            Happening::GameOver { won, totals } => {
                self.deal_end = None;
                self.over = Some((won, totals));
            }
            Happening::Refused(e, rule) => {
                self.acted_at = None;
                let said = rule.map_or_else(|| w.net_error(e), |r| w.net_rule(r));
                // Refused before sitting down, there is no table to play at.
                if self.table.code.is_none() {
                    self.closed = Some(said);
                } else {
                    self.told = Some(said);
                }
            }
            // Lost, or the host going down for a while: the seat is taken back with its token.
            Happening::Closed(None | Some(crate::net::wire::ErrorCode::ShuttingDown))
                if self.table.code.is_some() && self.over.is_none() =>
            {
                self.lost = true;
                self.acted_at = None;
                self.told = Some(w.remote_lost());
            }
            Happening::Closed(why) => {
                let lost = w.remote_closed();
                let said = why.map_or(lost.clone(), |e| format!("{} {lost}", w.net_error(e)));
                self.closed = Some(said);
            }
        }
    }

    /// Whether a player holds the seat on screen `seat` (a bot then plays in their place).
    fn held(&self, seat: Seat) -> bool {
        let real = self.table.unturned(seat);
        self.table.info.as_ref().is_some_and(|i| i.seats[real.index()].taken)
    }

    /// The name of the seat on screen `seat`.
    pub fn name(&self, seat: Seat) -> String {
        let real = self.table.unturned(seat);
        let name = self.table.seat_name(real).unwrap_or_else(|| self.words.seat(seat).to_string());
        self.words.text(&name).into_owned()
    }

    /// A contract, its taker on screen named: "90 ♠ contré, Ana".
    pub fn contract_said(&self, c: &crate::rules::Contract) -> String {
        let w = self.words;
        format!("{}{}, {}", w.bid(c.bid), w.multiplier(c.multiplier), self.name(c.taker))
    }

    /// At the player's turn: the card selected is one they may play, the bidding box on Pass.
    fn settle(&mut self) {
        if let Some(legal) = self.table.legal_cards() {
            let hand = self.table.hand();
            let at = |i: usize| hand.iter().nth(i).is_some_and(|c| legal.contains(c));
            if !at(self.cursor) {
                self.cursor = hand.iter().position(|c| legal.contains(c)).unwrap_or(0);
            }
        }
        self.bid_focus = 0;
        self.bid_level = None;
    }

    /// The bidding buttons the player may press now: Pass, the values, the suits, the doubles.
    pub fn bid_buttons(&self) -> Vec<BidButton> {
        let Some(legal) = self.table.legal_calls().filter(|_| self.table.my_turn()) else {
            return Vec::new();
        };
        let mut v = vec![BidButton::Call(Call::Pass)];
        if let Some(min) = legal.min_level {
            v.extend(BidLevel::ALL.into_iter().filter(|l| *l >= min).map(BidButton::Level));
            v.extend(legal.trumps().iter().map(|&t| BidButton::Trump(t)));
        }
        for c in [Call::Contre, Call::Surcontre] {
            if legal.allows(c) {
                v.push(BidButton::Call(c));
            }
        }
        v
    }

    /// A key pressed: what to send, if anything.
    pub fn key(&mut self, key: KeyEvent) -> Vec<Request> {
        if self.closed.is_some() {
            return vec![Request::Quit];
        }
        let mode = self.mode();
        if mode == Mode::Players {
            return self.room_key(key);
        }
        let Some(cmd) = keymap::command(mode, key) else {
            // `n` goes on to the next deal, as Enter does.
            if mode == Mode::Summary && key.code == KeyCode::Char('n') {
                return self.next_deal();
            }
            return Vec::new();
        };
        let digit = match key.code {
            KeyCode::Char(c) => c.to_digit(10),
            _ => None,
        };
        self.command(mode, cmd, digit)
    }

    fn command(&mut self, mode: Mode, cmd: Cmd, digit: Option<u32>) -> Vec<Request> {
        match (mode, cmd) {
            (_, Cmd::Quit) => vec![Request::Quit],
            (Mode::Summary, Cmd::Act | Cmd::Close) => self.next_deal(),
            (Mode::GameOver, Cmd::Act | Cmd::Close) => vec![Request::Quit],
            (Mode::Confirm, Cmd::Yes) => self.confirmed(true),
            (Mode::Confirm, Cmd::No) => self.confirmed(false),
            (Mode::Declare, Cmd::Declare | Cmd::KeepQuiet) => {
                let declare = cmd == Cmd::Declare;
                vec![Request::Send(ClientMsg::Declare { declare })]
            }
            (Mode::Bidding | Mode::Playing | Mode::Declare, Cmd::Hint) => self.hint(),
            (Mode::Bidding, _) => self.bid_key(cmd),
            (Mode::Playing, _) => self.play_key(cmd, digit),
            _ => Vec::new(),
        }
    }

    /// A key of the waiting room: arrows choose a seat, Enter moves there, `s` starts.
    fn room_key(&mut self, key: KeyEvent) -> Vec<Request> {
        let i = self.seat_cursor.index();
        match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::Char('h' | 'k') => {
                self.seat_cursor = Seat::ALL[(i + 3) % 4];
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Tab | KeyCode::Char('l' | 'j') => {
                self.seat_cursor = Seat::ALL[(i + 1) % 4];
            }
            KeyCode::Enter | KeyCode::Char(' ') => return self.sit(self.seat_cursor),
            KeyCode::Char('s') if self.table.is_creator() => {
                return vec![Request::Send(ClientMsg::Start {})];
            }
            KeyCode::Char('q') | KeyCode::Esc => return vec![Request::Quit],
            KeyCode::Char('c')
                if key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL) =>
            {
                return vec![Request::Quit];
            }
            _ => {}
        }
        Vec::new()
    }

    /// The expert's hint for the player's turn, at a table whose creator allows them.
    fn hint(&mut self) -> Vec<Request> {
        let w = self.words;
        if !self.table.help_allowed() {
            self.told = Some(w.says(Says::NoHints));
            return Vec::new();
        }
        let Some(view) = self.table.view.as_ref().filter(|_| self.table.my_turn()) else {
            return Vec::new();
        };
        self.told = Some(w.t(crate::text::T::HintThinking).to_string());
        vec![Request::Hint(Box::new(crate::session::work::HintRequest {
            revision: view.revision,
            view: view.view.clone(),
            // The expert's advice reads the view alone; the game's seed is not known here.
            seed: 0,
            budget: crate::bots::expert::Budget::DEFAULT,
            cancel: crate::session::work::Cancel::new(),
        }))]
    }

    /// The expert's answer to the hint asked at `revision`, shown if the turn is still the one
    /// asked about, the seat it names turned around the player.
    pub fn advised(&mut self, revision: u64, advice: Option<crate::bots::expert::Advice>) {
        let current = self.table.view.as_ref().map(|v| v.revision);
        if current != Some(revision) || !self.table.my_turn() {
            return;
        }
        let w = self.words;
        self.told = Some(match advice {
            Some(mut a) => {
                if let crate::bots::expert::Reason::Placed { seat, .. } = &mut a.reason {
                    *seat = self.table.turned(*seat);
                }
                w.advice(&a)
            }
            None => w.t(crate::text::T::HintFailed).to_string(),
        });
    }

    /// Moves to `seat` before the start, if it is free.
    fn sit(&mut self, seat: Seat) -> Vec<Request> {
        self.seat_cursor = seat;
        let free = self.table.info.as_ref().is_some_and(|i| !i.seats[seat.index()].taken);
        if Some(seat) == self.table.seat || !free {
            if !free && Some(seat) != self.table.seat {
                self.told = Some(self.words.net_error(crate::net::wire::ErrorCode::SeatTaken));
            }
            return Vec::new();
        }
        self.table.move_to(seat);
        vec![Request::Send(ClientMsg::Sit { seat })]
    }

    /// The deal's end seen: the next deal may come.
    fn next_deal(&mut self) -> Vec<Request> {
        self.deal_end = None;
        vec![Request::Send(ClientMsg::Next {})]
    }

    /// The answer to the question of a contre, surcontre or capot.
    fn confirmed(&mut self, yes: bool) -> Vec<Request> {
        match self.confirm.take() {
            Some(call) if yes => self.send(Action::Bid(call)),
            _ => Vec::new(),
        }
    }

    /// A command of the auction, at the player's turn.
    fn bid_key(&mut self, cmd: Cmd) -> Vec<Request> {
        let buttons = self.bid_buttons();
        let n = buttons.len().max(1);
        match cmd {
            Cmd::Left | Cmd::PrevButton => self.bid_focus = (self.bid_focus + n - 1) % n,
            Cmd::Right | Cmd::NextButton => self.bid_focus = (self.bid_focus + 1) % n,
            Cmd::Act => {
                if let Some(&b) = buttons.get(self.bid_focus) {
                    return self.press(b);
                }
            }
            Cmd::Pass => return self.press(BidButton::Call(Call::Pass)),
            Cmd::NoTrump | Cmd::AllTrump => {
                let trump = if cmd == Cmd::NoTrump { Trump::NoTrump } else { Trump::AllTrump };
                if buttons.contains(&BidButton::Trump(trump)) {
                    return self.press(BidButton::Trump(trump));
                }
            }
            Cmd::Contre => {
                for c in [Call::Surcontre, Call::Contre] {
                    if buttons.contains(&BidButton::Call(c)) {
                        return self.press(BidButton::Call(c));
                    }
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Presses a bidding button: a value waits for its suit; a suit bids at the value chosen,
    /// else the lowest allowed; a weighty call asks first.
    fn press(&mut self, b: BidButton) -> Vec<Request> {
        let buttons = self.bid_buttons();
        if let Some(i) = buttons.iter().position(|x| *x == b) {
            self.bid_focus = i;
        }
        let call = match b {
            BidButton::Level(l) => {
                self.bid_level = Some(l);
                let first_suit = buttons.iter().position(|x| matches!(x, BidButton::Trump(_)));
                self.bid_focus = first_suit.unwrap_or(self.bid_focus);
                return Vec::new();
            }
            BidButton::Trump(trump) => {
                let Some(min) = self.table.legal_calls().and_then(|l| l.min_level) else {
                    return Vec::new();
                };
                let level = self.bid_level.filter(|l| *l >= min).unwrap_or(min);
                Call::Bid(Bid { level, trump })
            }
            BidButton::Call(c) => c,
        };
        if weighty(call) {
            self.confirm = Some(call);
            return Vec::new();
        }
        self.send(Action::Bid(call))
    }

    /// The call the focused button would make, the value chosen, and the call asked about.
    pub fn bidding_state(&self) -> (usize, Option<BidLevel>, Option<Call>) {
        (self.bid_focus, self.bid_level, self.confirm)
    }

    /// The card selected, as an index in the hand.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// A command of the card play, at the player's turn.
    fn play_key(&mut self, cmd: Cmd, digit: Option<u32>) -> Vec<Request> {
        let hand = self.table.hand();
        let n = hand.len();
        if n == 0 || !self.table.my_turn() {
            return Vec::new();
        }
        match cmd {
            Cmd::Left => self.cursor = (self.cursor.min(n - 1) + n - 1) % n,
            Cmd::Right => self.cursor = (self.cursor + 1) % n,
            Cmd::Act => return self.play(self.cursor),
            Cmd::Pick => {
                let i = digit.map_or(0, |d| d as usize);
                if (1..=n).contains(&i) {
                    self.cursor = i - 1;
                    return self.play(i - 1);
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Plays the card at `index` of the hand, if the rules allow it; else says why, as the
    /// solo table says it.
    fn play(&mut self, index: usize) -> Vec<Request> {
        let Some(card) = self.table.hand().iter().nth(index) else { return Vec::new() };
        self.send(Action::Play(card))
    }

    /// Sends `action` once checked against the seat's view.
    fn send(&mut self, action: Action) -> Vec<Request> {
        let revision = self.table.view.as_ref().map(|v| v.revision);
        let Some(view) = self.table.seat_view().filter(|_| self.table.my_turn()) else {
            return Vec::new();
        };
        if revision == self.acted_at {
            return Vec::new();
        }
        match (action, view.play()) {
            // A card clicked during the auction, a call once it is over: nothing to send.
            (Action::Play(_), None) | (Action::Bid(_), Some(_)) => return Vec::new(),
            (Action::Bid(call), None) if view.auction().check(call).is_err() => return Vec::new(),
            _ => {}
        }
        if let (Action::Play(card), Some(play)) = (action, view.play()) {
            let (hand, trick) = (view.hand(), play.current_trick());
            if let Err(e) = check_play(hand, trick, play.trump(), play.rules(), card) {
                let playable = crate::rules::legal_cards(hand, trick, play.trump(), play.rules());
                let notice = Notice::Refused(action, GameError::Play(e), playable);
                self.told = Some(crate::session::status::notice(self.words, notice));
                return Vec::new();
            }
        }
        self.told = None;
        self.acted_at = revision;
        vec![Request::Send(ClientMsg::Act { action: action.into() })]
    }

    /// A click at a cell: what to send, if anything.
    pub fn click(&mut self, column: u16, row: u16) -> Vec<Request> {
        let Some(hit) = self.hits.at(column, row) else { return Vec::new() };
        match hit {
            Hit::Seat(seat) => self.sit(seat),
            Hit::Continue if self.confirm.is_some() => self.confirmed(true),
            Hit::Continue if !self.table.started() => vec![Request::Send(ClientMsg::Start {})],
            Hit::Continue if self.deal_end.is_some() => self.next_deal(),
            Hit::Continue | Hit::Close => vec![Request::Quit],
            Hit::Card(card) => {
                let at = self.table.hand().iter().position(|c| c == card);
                match at {
                    Some(i) if self.cursor == i || !self.table.my_turn() => self.play(i),
                    Some(i) => {
                        self.cursor = i;
                        self.play(i)
                    }
                    None => Vec::new(),
                }
            }
            Hit::Bid(b) => {
                self.confirm = None;
                self.press(b)
            }
            Hit::Declare(declare) => vec![Request::Send(ClientMsg::Declare { declare })],
            Hit::Cancel => self.confirmed(false),
            _ => Vec::new(),
        }
    }
}
