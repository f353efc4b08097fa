//! The table as the terminal drives it: the [`Table`] and the controls South plays it with, the
//! card selected in South's hand, the bidding button focused and the value chosen before its
//! suit, and the call of the auction whose meaning is read. Keys and clicks become the table's
//! messages here; what the table answers comes back to the app to carry out. The session holds
//! this state ([`AtTable`]); the table's screen ([`super::screens::table`]) says what of a key or
//! a click it is to take, which the app hands over through the session.

use super::auction::{AuctionSelection, Selected};
use super::keymap::{Cmd, Mode};
use crate::game::{Action, Phase};
use crate::rules::{Bid, BidLevel, Call, Card, LegalCalls, Seat, Trump};
use crate::session::AtTable;
use crate::session::table::{Notice, Out, Table, TableMsg};

/// A bidding button. South's turn opens on Pass; Tab goes on to the values, then the trump
/// modes (the suits, and sans atout and tout atout when the game allows them), and reaches
/// Contre and Surcontre last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidButton {
    /// A value, 80..160 or capot.
    Level(BidLevel),
    /// A trump mode, making a bid at the chosen value.
    Trump(Trump),
    /// Pass, contre or surcontre.
    Call(Call),
}

impl BidButton {
    /// The buttons of an auction whose calls allowed are `legal`, in order: Pass, the values from
    /// the lowest allowed, the trump modes, then contre and surcontre where they may be said.
    pub fn all(legal: &LegalCalls) -> Vec<BidButton> {
        let mut v = Vec::with_capacity(19);
        v.push(BidButton::Call(Call::Pass));
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

    /// What a command of the auction does among `buttons`, the focus at `focus`: moves the
    /// focus (`None`), or gives the button to press, focused: the focused one (Enter), Pass,
    /// sans atout or tout atout where there are, the surcontre or else the contre.
    pub fn keyed(cmd: Cmd, buttons: &[BidButton], focus: &mut usize) -> Option<BidButton> {
        let n = buttons.len().max(1);
        let wanted = match cmd {
            Cmd::Left | Cmd::PrevButton => {
                *focus = (*focus + n - 1) % n;
                return None;
            }
            Cmd::Right | Cmd::NextButton => {
                *focus = (*focus + 1) % n;
                return None;
            }
            Cmd::Act => return buttons.get(*focus).copied(),
            Cmd::Pass => vec![BidButton::Call(Call::Pass)],
            Cmd::NoTrump => vec![BidButton::Trump(Trump::NoTrump)],
            Cmd::AllTrump => vec![BidButton::Trump(Trump::AllTrump)],
            Cmd::Contre => vec![BidButton::Call(Call::Surcontre), BidButton::Call(Call::Contre)],
            _ => return None,
        };
        let (i, b) =
            wanted.into_iter().find_map(|b| Some((buttons.iter().position(|x| *x == b)?, b)))?;
        *focus = i;
        Some(b)
    }
}

/// How many pauses a table set at a position may open on before South's turn.
const SETTLE: usize = 8;

/// `bid_focus` before South's turn places it on Pass.
const NO_FOCUS: usize = usize::MAX;

/// The table and South's controls.
#[derive(Clone, Debug)]
pub struct TableScreen {
    table: Table,
    /// The selected card, as an index in South's sorted hand.
    cursor: usize,
    /// The focused bidding button.
    bid_focus: usize,
    /// The bid value chosen, waiting for a suit.
    bid_level: Option<BidLevel>,
    /// The call of the auction panel whose meaning is read.
    selection: AuctionSelection,
}

impl TableScreen {
    /// The table with South's controls at rest.
    pub fn new(table: Table) -> TableScreen {
        TableScreen {
            table,
            cursor: 0,
            bid_focus: NO_FOCUS,
            bid_level: None,
            selection: AuctionSelection::default(),
        }
    }

    /// The table set at `game`'s position for South to choose there (an exercise, a level of
    /// the course): the pauses it opens on before South's turn, which have nothing to show,
    /// are gone through.
    pub fn at_position(
        game: crate::game::Game,
        prefs: crate::session::settings::Prefs,
    ) -> TableScreen {
        let (mut table, _) = Table::new(game, prefs, 0);
        for _ in 0..SETTLE {
            if table.wait().is_none() {
                break;
            }
            let _ = table.update(TableMsg::Timer);
        }
        let mut screen = TableScreen::new(table);
        let _ = screen.update(TableMsg::Timer);
        screen
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The table, for what changes it from outside its messages.
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    /// The table, as it leaves the screen.
    pub fn into_table(self) -> Table {
        self.table
    }

    /// The selected card, as an index in South's sorted hand.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The focused bidding button, as an index in [`TableScreen::bid_buttons`].
    pub fn bid_focus(&self) -> usize {
        self.bid_focus
    }

    /// The bid value chosen, waiting for a suit.
    pub fn bid_level(&self) -> Option<BidLevel> {
        self.bid_level
    }

    /// The row of the auction panel whose meaning is read, if one is.
    pub fn selected(&self) -> Option<Selected> {
        let (calls, coming) = self.auction_rows();
        self.selection.selected(calls, coming)
    }

    /// The calls of the auction, and whether South is to bid: the rows of the auction panel.
    fn auction_rows(&self) -> (usize, bool) {
        (self.table.game().deal().auction.calls().len(), self.table.south_to_bid())
    }

    /// The call the focused bidding button would make: a call, or a bid in the suit focused at
    /// the value chosen (else the lowest allowed); the call waiting for its confirmation. None
    /// on a value, which waits for its suit, and when South is not to bid.
    pub fn focused_call(&self) -> Option<Call> {
        if !self.table.south_to_bid() {
            return None;
        }
        if let Some(call) = self.table.confirm() {
            return Some(call);
        }
        match self.bid_buttons().get(self.bid_focus)? {
            BidButton::Call(c) => Some(*c),
            BidButton::Trump(trump) => {
                let min = self.table.game().legal_calls().min_level?;
                let level = self.bid_level.filter(|l| *l >= min).unwrap_or(min);
                Some(Call::Bid(Bid { level, trump: *trump }))
            }
            BidButton::Level(_) => None,
        }
    }

    /// The bidding buttons South may press now, in order: the values, the suits, the calls.
    pub fn bid_buttons(&self) -> Vec<BidButton> {
        if !self.table.south_to_bid() {
            return Vec::new();
        }
        BidButton::all(&self.table.game().legal_calls())
    }

    /// Sends a message to the table, and follows what it did with South's controls.
    pub fn update(&mut self, msg: TableMsg) -> Vec<Out> {
        let out = self.table.update(msg);
        self.follow(&out);
        out
    }

    /// The table takes new settings, and South's controls follow what it does under them.
    pub fn set_prefs(&mut self, prefs: crate::session::settings::Prefs) -> Vec<Out> {
        let out = self.table.set_prefs(prefs);
        self.follow(&out);
        out
    }

    /// South's controls follow what the table did.
    fn follow(&mut self, out: &[Out]) {
        for o in out {
            match o {
                // South's call made, the bidding box starts afresh at its next turn.
                Out::Acted(Seat::South, Action::Bid(_)) => {
                    self.bid_level = None;
                    self.bid_focus = NO_FOCUS;
                }
                Out::NewDeal => {
                    self.reset();
                    self.selection.close();
                }
                Out::Told(Notice::TakenBack(action)) => {
                    self.reset();
                    // A card taken back is the one selected again.
                    if let Action::Play(card) = action {
                        self.cursor = self.table.hand().iter().position(|c| c == card).unwrap_or(0);
                    }
                }
                Out::SouthToAct => self.settle_controls(),
                Out::FollowHint(action) => self.follow_hint(*action),
                _ => {}
            }
        }
    }

    /// Puts the cursor on the advised card, or the focus on the advised call's button (a bid's
    /// value, whose press then goes on to its suit), so that Enter follows the hint.
    pub fn follow_hint(&mut self, action: Action) {
        match action {
            Action::Play(card) => {
                if let Some(i) = self.table.hand().iter().position(|&c| c == card) {
                    self.cursor = i;
                }
            }
            Action::Bid(call) => {
                let want = match call {
                    Call::Bid(b) => BidButton::Level(b.level),
                    c => BidButton::Call(c),
                };
                if let Some(i) = self.bid_buttons().iter().position(|&b| b == want) {
                    self.bid_focus = i;
                    self.bid_level = None;
                }
            }
        }
    }

    fn reset(&mut self) {
        self.cursor = 0;
        self.bid_focus = NO_FOCUS;
        self.bid_level = None;
    }

    /// At South's turn, the card selected is one it may play, and the bidding box starts on
    /// Pass, so that a stray Enter never bids.
    fn settle_controls(&mut self) {
        if self.table.game().phase() == Phase::Playing {
            let legal = self.table.game().legal_cards();
            let hand = self.table.hand();
            if !hand.get(self.cursor).is_some_and(|c| legal.contains(*c)) {
                self.cursor = hand.iter().position(|c| legal.contains(*c)).unwrap_or(0);
            }
        }
        if self.table.south_to_bid() {
            let buttons = self.bid_buttons();
            if self.bid_focus >= buttons.len() {
                self.bid_focus =
                    buttons.iter().position(|b| *b == BidButton::Call(Call::Pass)).unwrap_or(0);
            }
        }
    }

    /// A key of the table: the auction's, the card play's or the declaration prompt's; `digit`
    /// is the number pressed for [`Cmd::Pick`].
    pub fn key(&mut self, cmd: Cmd, digit: Option<u32>) -> Vec<Out> {
        match cmd {
            // ↑ and ↓ read the auction, whatever the phase: they change nothing on the table.
            Cmd::Up | Cmd::Down => {
                let (calls, coming) = self.auction_rows();
                self.selection.key(cmd, calls, coming);
                Vec::new()
            }
            Cmd::Declare => self.update(TableMsg::Declare(true)),
            Cmd::KeepQuiet => self.update(TableMsg::Declare(false)),
            _ if self.table.game().phase() == Phase::Bidding => self.bid_key(cmd),
            _ => self.play_key(cmd, digit),
        }
    }

    /// A click on a row of the auction panel: its meaning is read, or, read already, closed.
    pub fn click_call(&mut self, row: Selected) {
        let (calls, coming) = self.auction_rows();
        self.selection.click(row, calls, coming);
    }

    /// The meaning read follows the auction: each call's as it is made, then the one South's
    /// focused button would make.
    pub fn follow_auction(&mut self) {
        self.selection.follow();
    }

    /// Closes the meaning read; false when none was.
    pub fn close_meaning(&mut self) -> bool {
        let shown = self.selected().is_some();
        self.selection.close();
        shown
    }

    /// A command of the auction.
    fn bid_key(&mut self, cmd: Cmd) -> Vec<Out> {
        if !self.table.south_to_bid() {
            return Vec::new();
        }
        let buttons = self.bid_buttons();
        match BidButton::keyed(cmd, &buttons, &mut self.bid_focus) {
            Some(b) => self.press(b),
            None => Vec::new(),
        }
    }

    /// Presses a bidding button.
    fn press(&mut self, b: BidButton) -> Vec<Out> {
        match b {
            BidButton::Level(l) => {
                self.bid_level = Some(l);
                // The focus goes to the hint's suit for this value, else to the first suit,
                // the natural next press.
                let hinted = match self.table.advice().map(|a| a.action) {
                    Some(Action::Bid(Call::Bid(b))) if b.level == l => Some(b.trump),
                    _ => None,
                };
                let buttons = self.bid_buttons();
                let at = |t: Option<Trump>| {
                    buttons.iter().position(|b| match b {
                        BidButton::Trump(x) => t.is_none_or(|t| t == *x),
                        _ => false,
                    })
                };
                if let Some(i) = at(hinted).or_else(|| at(None)) {
                    self.bid_focus = i;
                }
                Vec::new()
            }
            BidButton::Trump(trump) => {
                let Some(min) = self.table.game().legal_calls().min_level else {
                    return Vec::new();
                };
                let level = self.bid_level.filter(|l| *l >= min).unwrap_or(min);
                self.update(TableMsg::Call(Call::Bid(Bid { level, trump })))
            }
            BidButton::Call(c) => self.update(TableMsg::Call(c)),
        }
    }

    /// A click on a bidding button: focused, then pressed. A click elsewhere than on the call
    /// to confirm, or a suit to bid it in, forgets that call.
    pub fn click_bid(&mut self, b: BidButton) -> Vec<Out> {
        if !self.table.south_to_bid() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let confirming = self.table.confirm();
        if !matches!((b, confirming), (BidButton::Call(c), Some(x)) if c == x)
            && !matches!(b, BidButton::Trump(_))
        {
            out.extend(self.update(TableMsg::Confirm(false)));
        }
        if let Some(i) = self.bid_buttons().iter().position(|x| *x == b) {
            self.bid_focus = i;
        }
        out.extend(self.press(b));
        out
    }

    /// A command of the card play.
    fn play_key(&mut self, cmd: Cmd, digit: Option<u32>) -> Vec<Out> {
        let n = self.table.hand().len();
        if n == 0 {
            return Vec::new();
        }
        match cmd {
            Cmd::Left => self.cursor = (self.cursor.min(n - 1) + n - 1) % n,
            Cmd::Right => self.cursor = (self.cursor + 1) % n,
            Cmd::Act => return self.play_selected(),
            Cmd::Pick => {
                let i = digit.map_or(0, |d| d as usize);
                if (1..=n).contains(&i) {
                    self.cursor = i - 1;
                    return self.play_selected();
                }
            }
            _ => {}
        }
        Vec::new()
    }

    fn play_selected(&mut self) -> Vec<Out> {
        match self.table.hand().get(self.cursor) {
            Some(&card) => self.update(TableMsg::Play(card)),
            None => Vec::new(),
        }
    }

    /// A click on a card of South's hand: selected, and played if it may be.
    pub fn click_card(&mut self, card: Card) -> Vec<Out> {
        if let Some(i) = self.table.hand().iter().position(|&c| c == card) {
            self.cursor = i;
        }
        if self.table.playable().contains(card) {
            return self.update(TableMsg::Play(card));
        }
        Vec::new()
    }
}

/// The session holds the terminal's table with South's controls beside it.
impl AtTable for TableScreen {
    fn hold(table: Table) -> TableScreen {
        TableScreen::new(table)
    }

    fn table(&self) -> &Table {
        TableScreen::table(self)
    }

    fn table_mut(&mut self) -> &mut Table {
        TableScreen::table_mut(self)
    }

    fn into_table(self) -> Table {
        TableScreen::into_table(self)
    }

    fn update(&mut self, msg: TableMsg) -> Vec<Out> {
        TableScreen::update(self, msg)
    }

    fn set_prefs(&mut self, prefs: crate::session::settings::Prefs) -> Vec<Out> {
        TableScreen::set_prefs(self, prefs)
    }
}

impl TableScreen {
    /// The mode of the keys at the table.
    pub fn table_mode(&self) -> Mode {
        let table = &self.table;
        if table.claiming().is_some() {
            Mode::Claim
        } else if table.confirm().is_some() {
            Mode::Confirm
        } else if table.declaring().is_some() {
            Mode::Declare
        } else {
            match table.game().phase() {
                Phase::Bidding => Mode::Bidding,
                Phase::DealOver | Phase::GameOver => Mode::DealDone,
                Phase::Playing => Mode::Playing,
            }
        }
    }
}
