//! The keys and clicks of the remote table: the waiting room's, the auction's, the play's,
//! the question of a weighty call, the declaration, the deal's and the game's end; each
//! answers what to send the host, a call or a card only once checked against the seat's view.

use crossterm::event::{KeyCode, KeyEvent};

use super::analysis::Pressed;
use super::words::Says;
use super::{RemoteScreen, Request};
use crate::game::{Action, GameError};
use crate::net::wire::ClientMsg;
use crate::rules::{Bid, BidLevel, Call, Seat, check_play};
use crate::session::table::{Notice, weighty};
use crate::ui::hits::Hit;
use crate::ui::keymap::{self, Cmd, Mode};
use crate::ui::table_screen::BidButton;

impl RemoteScreen {
    /// A key pressed: what to send, if anything.
    pub fn key(&mut self, key: KeyEvent) -> Vec<Request> {
        if self.closed.is_some() {
            return vec![Request::Quit];
        }
        // An idle player's key takes their seat back from the bot first.
        if let Some(back) = self.come_back() {
            return back;
        }
        if self.analyses.is_open() {
            return match self.analyses.key(key) {
                Pressed::Quit => vec![Request::Quit],
                Pressed::Taken => Vec::new(),
            };
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
            (Mode::Summary | Mode::GameOver, Cmd::Analysis) => self.analyse(),
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

    /// The expert's analysis of the deal just finished: shown if it is in, else asked, the
    /// table saying meanwhile that the expert is at it.
    fn analyse(&mut self) -> Vec<Request> {
        let w = self.words;
        let Some((n, request)) = self.analyses.ask(&self.table, w) else {
            return Vec::new();
        };
        self.told = Some(w.text(w.t(crate::text::T::Analysing)).into_owned());
        vec![Request::Analyse(n, Box::new(request))]
    }

    /// The expert's analysis of finished deal `n`, once worked out: kept, and shown if the
    /// player is still at that deal's end or at the game's.
    pub fn analysed(&mut self, n: usize, analysis: Option<crate::bots::expert::DealAnalysis>) {
        let at_end = matches!(self.mode(), Mode::Summary | Mode::GameOver) && !self.closed();
        let show = at_end && self.table.finished_deal(None).is_some_and(|(last, ..)| last == n);
        let analysing = self.words.text(self.words.t(crate::text::T::Analysing)).into_owned();
        // What became of the finished game, if it is over, is told again in its place.
        if self.told.as_deref() == Some(analysing.as_str()) {
            self.told = self.filed.clone();
        }
        self.analyses.answered(n, analysis, (&self.table, self.words), show);
    }

    /// The sentences of the expert's analysis on screen, while its popup is open.
    pub fn analysis_lines(&self) -> Option<&[String]> {
        self.analyses.lines()
    }

    /// The mouse wheel turned over the table: the expert's analysis scrolls, if it is open.
    pub fn wheel(&mut self, up: bool) {
        self.analyses.wheel(up);
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
        match BidButton::keyed(cmd, &buttons, &mut self.bid_focus) {
            Some(b) => self.press(b),
            None => Vec::new(),
        }
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
        if let Some(back) = self.come_back() {
            return back;
        }
        if self.analyses.is_open() {
            self.analyses.click(self.hits.at(column, row));
            return Vec::new();
        }
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
