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

mod analysis;
mod draw;
mod keys;
mod words;

use crate::net::client::RemoteEvent;
use crate::net::wire::ClientMsg;
use crate::rules::{BidLevel, Call, CardSet, Seat};
use crate::session::remote::{Happening, RemoteTable};
use crate::text::Words;
use crate::ui::hits::Hits;
use crate::ui::keymap::{Cmd, Mode};
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
    Cmd::Analysis,
    Cmd::Quit,
];

/// The commands the expert's analysis takes while it is open: it scrolls and closes.
pub(crate) const ANALYSIS_TAKEN: &[Cmd] = &[Cmd::Up, Cmd::PageUp, Cmd::Close, Cmd::Quit];

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
    /// Ask the expert's analysis of finished deal `n` (from 1), turned so that the player sits
    /// South; its answer is brought to [`RemoteScreen::analysed`].
    Analyse(usize, Box<crate::session::work::AnalysisRequest>),
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
    /// The connection is over, and why: the table shows it until a key is pressed.
    closed: Option<String>,
    /// The connection was lost during the game: the runner joins the table again.
    lost: bool,
    /// The revision of the view the last call or card was sent at: one action a turn, so that
    /// a key pressed twice before the host answers sends nothing more.
    acted_at: Option<u64>,
    /// What became of the finished game: filed in the player's history, kept, or refused.
    filed: Option<String>,
    /// Whether `back` was sent since a bot took the player's seat while they were idle.
    back_asked: bool,
    /// The expert's analyses of the finished deals, and the popup that shows one.
    analyses: analysis::Analyses,
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
            closed: None,
            lost: false,
            acted_at: None,
            back_asked: false,
            filed: None,
            analyses: analysis::Analyses::default(),
            hits: Hits::default(),
        }
    }

    /// The words the table speaks.
    pub fn words(&self) -> Words {
        self.words
    }

    /// The game's end: whether the player's side won, and the totals (us, them).
    pub fn over(&self) -> Option<(bool, (u32, u32))> {
        let (winner, totals) = self.table.over?;
        let won = self.table.seat.is_some_and(|s| s.team() == winner);
        Some((won, self.table.ours_first(totals)))
    }

    /// Whether the game is over.
    pub fn game_over(&self) -> bool {
        self.table.over.is_some()
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

    /// What became of the finished game, `said`: told on the status line, and again once the
    /// table is gone.
    pub fn file(&mut self, said: String) {
        self.told = Some(said.clone());
        self.filed = Some(said);
    }

    /// What became of the finished game, once it is over.
    pub fn filed(&self) -> Option<&str> {
        self.filed.as_deref()
    }

    /// The connection is over: `why` is shown until a key is pressed.
    pub fn close(&mut self, why: String) {
        self.closed = Some(why);
    }

    /// The mode the keys are read in.
    pub fn mode(&self) -> Mode {
        let t = &self.table;
        // The expert's analysis, over the deal's end or the game's, reads as the help does.
        if self.analyses.is_open() {
            Mode::Help
        } else if self.deal_end.is_some() {
            Mode::Summary
        } else if self.game_over() || self.closed.is_some() {
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
        let was_away = self.table.away();
        for happening in self.table.apply(event) {
            self.happened(happening);
        }
        match (was_away, self.table.away()) {
            (false, true) => self.told = Some(self.words.remote_away()),
            (true, false) => {
                self.back_asked = false;
                self.told = None;
            }
            _ => {}
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
            // The game's end is the table's own ([`RemoteScreen::over`]).
            Happening::GameOver { .. } => self.deal_end = None,
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
                if self.table.code.is_some() && !self.game_over() =>
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

    /// The request that takes the player's seat back from the bot that plays it while they are
    /// idle, once: the key or click that asks it does nothing else.
    fn come_back(&mut self) -> Option<Vec<Request>> {
        if !self.table.away() || std::mem::replace(&mut self.back_asked, true) {
            return None;
        }
        Some(vec![Request::Send(ClientMsg::Back {})])
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
        match self.table.legal_calls().filter(|_| self.table.my_turn()) {
            Some(legal) => BidButton::all(&legal),
            None => Vec::new(),
        }
    }
}
