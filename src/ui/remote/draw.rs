//! The drawing of the terminal table at a host's table: the waiting room before the start;
//! then the felt (North's, West's and East's names, their cards left as backs, their calls in
//! bubbles, the auction's buttons or the trick in the middle, the player's hand at the foot),
//! the side panel (the table's code, the contract, the score with the player's side first,
//! whose turn it is, the auction), the status line, and over them the deal's end, the game's
//! end or the connection's. Everything comes from the [`super::RemoteScreen`]'s table: what the
//! seat was sent.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::RemoteScreen;
use super::words::Says;
use crate::rules::{Call, Card, CardSet, Seat, Trump};
use crate::text::{Sign, T, Words};
use crate::ui::hits::{self, Hit, Hits};
use crate::ui::keymap::Mode;
use crate::ui::table_screen::BidButton;
use crate::ui::theme::Theme;
use crate::ui::widgets::card::{self, Highlight, TrumpsOf};
use crate::ui::widgets::hand::Spread;
use crate::ui::widgets::{ASCII_BORDER, centered, put, span};

mod panels;

/// What a drawing needs: the styles, the words, the clickable areas recorded.
pub(super) struct Paint {
    pub(super) theme: Theme,
    pub(super) words: Words,
    pub(super) hits: Hits,
}

impl Paint {
    /// A bordered block with a title.
    pub(super) fn block(&self, title: &str) -> Block<'static> {
        let set = if self.words.ascii { ASCII_BORDER } else { border::ROUNDED };
        let b = Block::new().borders(Borders::ALL).border_set(set).border_style(self.theme.border);
        if title.is_empty() {
            return b;
        }
        let title = format!(" {} ", self.words.text(title));
        b.title(Line::from(Span::styled(title, self.theme.title)))
    }

    /// A popup of `width` x `height` in the middle of `screen`, its inner area returned.
    pub(super) fn popup(
        &mut self,
        screen: Rect,
        (width, height): (u16, u16),
        title: &str,
        buf: &mut Buffer,
    ) -> Rect {
        let area = centered(screen, width, height);
        Clear.render(area, buf);
        let block = self.block(title);
        let inner = block.inner(area);
        block.render(area, buf);
        inner
    }

    /// A button, reversed when focused; its width.
    pub(super) fn button(
        &mut self,
        (x, y): (u16, u16),
        label: &str,
        focused: bool,
        hit: Hit,
        buf: &mut Buffer,
    ) -> u16 {
        let text = format!("[{}]", self.words.text(label));
        let w = text.chars().count() as u16;
        let style = if focused { self.theme.selected } else { self.theme.button };
        buf.set_string(x, y, &text, style);
        self.hits.push(Rect::new(x, y, w, 1), hit);
        w
    }
}

/// Draws the remote table in `area`, and keeps its clickable areas for the next click.
pub fn draw(screen: &mut RemoteScreen, area: Rect, buf: &mut Buffer) {
    let mut p = Paint { theme: screen.theme, words: screen.words, hits: Hits::default() };
    if hits::too_small(area.width, area.height) {
        let text = p.words.too_small(area.width, area.height);
        let r = centered(area, area.width, 1);
        buf.set_stringn(r.x, r.y, text, usize::from(area.width), p.theme.text);
        screen.hits = p.hits;
        return;
    }
    // What the table tells the player takes a row, or up to three where it is long (a hint).
    let told = screen.told.as_deref().map(|t| crate::ui::widgets::player::wrap(t, area.width - 1));
    let most = if area.height >= 30 { 3 } else { 2 };
    let rows = told.as_ref().map_or(1, |l| l.len().clamp(1, most)) as u16;
    let [body, status] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(rows)]).areas(area);
    if screen.table.started() {
        table(screen, &mut p, body, buf);
    } else {
        panels::room(screen, &mut p, body, buf);
    }
    status_line(screen, &p, status, buf);
    if let Some(why) = &screen.closed {
        panels::closed(&mut p, why, body, buf);
    } else if let Some((won, totals)) = screen.over() {
        panels::game_over(screen, &mut p, (won, totals), body, buf);
    } else if let Some(end) = &screen.deal_end {
        panels::deal_end(screen, &mut p, end, body, buf);
    }
    screen.analyses.draw(&mut p, body, buf);
    screen.hits = p.hits;
}

/// The last row: what the table tells the player, else the keys of the moment.
fn status_line(screen: &RemoteScreen, p: &Paint, area: Rect, buf: &mut Buffer) {
    let w = p.words;
    let line = match (&screen.told, screen.mode()) {
        // The expert's analysis open, its keys are shown whatever was told before.
        (_, Mode::Help) => {
            let keys: Vec<String> = crate::ui::keymap::footer(Mode::Help)
                .filter(|b| super::ANALYSIS_TAKEN.contains(&b.cmd))
                .map(|b| format!("{} {}", w.keys(b.shown), w.t(b.label)))
                .collect();
            Line::from(span(format!(" {}", keys.join("  ")), p.theme.dim))
        }
        (Some(told), _) => {
            let lines = crate::ui::widgets::player::wrap(told, area.width.saturating_sub(1));
            for (i, l) in lines.iter().enumerate() {
                put(buf, area, i as u16, &Line::from(span(format!(" {l}"), p.theme.accent)));
            }
            return;
        }
        (None, Mode::Players) => {
            Line::from(span(format!(" {}", w.text(&w.says(Says::RoomKeys))), p.theme.dim))
        }
        (None, mode) => {
            let keys: Vec<String> = crate::ui::keymap::footer(mode)
                .filter(|b| super::TAKEN.contains(&b.cmd))
                .filter(|b| b.cmd != crate::ui::keymap::Cmd::Hint || screen.table.help_allowed())
                // Sans atout and tout atout where the table's rules allow them.
                .filter(|b| footer_key(screen, b.cmd))
                // At the game's end, Enter leaves as q does: no new game here; `a` analyses the
                // last deal.
                .filter(|b| {
                    use crate::ui::keymap::Cmd;
                    mode != Mode::GameOver || matches!(b.cmd, Cmd::Quit | Cmd::Analysis)
                })
                .map(|b| format!("{} {}", w.keys(b.shown), w.t(b.label)))
                .collect();
            Line::from(span(format!(" {}", keys.join("  ")), p.theme.dim))
        }
    };
    put(buf, area, 0, &line);
}

/// Whether the footer lists the key of `cmd`: sans atout and tout atout where the table's
/// rules allow them, a contre where there is one to make.
fn footer_key(screen: &RemoteScreen, cmd: crate::ui::keymap::Cmd) -> bool {
    use crate::ui::keymap::Cmd;
    let has = |b: BidButton| screen.bid_buttons().contains(&b);
    match cmd {
        Cmd::NoTrump => has(BidButton::Trump(Trump::NoTrump)),
        Cmd::Contre => has(BidButton::Call(Call::Contre)) || has(BidButton::Call(Call::Surcontre)),
        _ => true,
    }
}

/// The rows of North's seat, and the fewest of the middle.
const NORTH_ROWS: u16 = 3;

/// The felt and the side panel.
fn table(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let [felt, side] = crate::ui::screens::table::columns(area);
    panels::side(screen, p, side, buf);
    let felt = Rect { x: felt.x + 1, width: felt.width.saturating_sub(2), ..felt };
    let hand_rows = if felt.height >= 30 { 9 } else { 7 };
    let [north, middle, south] = Layout::vertical([
        Constraint::Length(NORTH_ROWS),
        Constraint::Min(11),
        Constraint::Length(hand_rows),
    ])
    .areas(felt);
    let side_width = if felt.width >= 80 { 16 } else { 13 };
    let [west, center, east] = Layout::horizontal([
        Constraint::Length(side_width),
        Constraint::Min(26),
        Constraint::Length(side_width),
    ])
    .areas(middle);
    seat_box(screen, p, Seat::North, north, buf);
    seat_box(screen, p, Seat::West, Rect { y: west.y + 3, ..west }, buf);
    seat_box(screen, p, Seat::East, Rect { x: east.x + 1, y: east.y + 3, ..east }, buf);
    match screen.mode() {
        Mode::Bidding | Mode::Confirm if screen.table.my_turn() => bidding(screen, p, center, buf),
        _ => trick(screen, p, center, buf),
    }
    hand(screen, p, south, buf);
}

/// Who acts now, on screen.
fn to_act(screen: &RemoteScreen) -> Option<Seat> {
    let v = screen.table.view.as_ref()?;
    screen.table.seat_view()?;
    v.to_act.map(|s| screen.table.turned(s))
}

/// The last call of each seat on screen in the auction, while it goes on.
fn last_calls(screen: &RemoteScreen) -> [Option<Call>; 4] {
    let mut calls = [None; 4];
    if let Some(v) = screen.table.seat_view().filter(|v| v.play().is_none()) {
        let auction = v.auction();
        for (i, &call) in auction.calls().iter().enumerate() {
            calls[screen.table.turned(auction.seat_of(i)).index()] = Some(call);
        }
    }
    calls
}

/// How many cards the seat on screen `seat` holds still.
fn cards_left(screen: &RemoteScreen, seat: Seat) -> usize {
    let Some(v) = screen.table.seat_view() else { return 0 };
    let Some(play) = v.play() else { return 8 };
    let real = screen.table.unturned(seat);
    let now = play.current_trick().plays().any(|(s, _)| s == real);
    8usize.saturating_sub(play.tricks().len() + usize::from(now))
}

/// A seat other than the player's: its name, its markers, its cards left, its call.
fn seat_box(screen: &RemoteScreen, p: &mut Paint, seat: Seat, area: Rect, buf: &mut Buffer) {
    let (w, t) = (p.words, p.theme);
    let name_style = if to_act(screen) == Some(seat) { t.selected } else { t.accent };
    let mut first = vec![span(screen.name(seat), name_style)];
    let view = screen.table.seat_view();
    if view.is_some_and(|v| screen.table.turned(v.dealer()) == seat) {
        first.push(span(format!(" [{}]", w.t(T::Dealer)), t.dim));
    }
    if view.and_then(|v| v.contract()).is_some_and(|c| screen.table.turned(c.taker) == seat) {
        first.push(span(format!(" [{}]", w.t(T::Taker)), t.dim));
    }
    // West's and East's markers take a row of their own, their column being narrow.
    let markers = match seat {
        Seat::North => Vec::new(),
        _ => first.split_off(1),
    };
    let n = cards_left(screen, seat);
    let backs = w.sign(Sign::CardBack).repeat(n);
    let mut lines = vec![Line::from(first)];
    // Between two deals no card is held: no row of backs.
    if view.is_some() {
        lines.push(Line::from(vec![span(backs, t.back), span(format!(" {n}"), t.dim)]));
    }
    if !markers.is_empty() {
        let markers = markers.into_iter().map(|s| span(s.content.trim_start().to_string(), t.dim));
        lines.push(Line::from(markers.collect::<Vec<_>>()));
    }
    if let Some(call) = last_calls(screen)[seat.index()] {
        let said = format!("{} {} {}", w.sign(Sign::Open), w.call(call), w.sign(Sign::Close));
        lines.push(Line::from(span(said, t.bubble)));
    }
    // North's row is centred; West's and East's columns start at their edge.
    for (i, line) in lines.iter().enumerate() {
        let width = line.width() as u16;
        let x = if seat == Seat::North {
            area.x + area.width.saturating_sub(width) / 2
        } else {
            area.x
        };
        let row = Rect { x, width: area.right().saturating_sub(x), ..area };
        put(buf, row, i as u16, line);
    }
}

/// The trump suit of the deal, once there is one.
fn trump_suit(screen: &RemoteScreen) -> Option<crate::rules::Suit> {
    screen.table.trump().and_then(Trump::suit)
}

/// The trick on the felt: the cards of the trick being played, else the last trick taken with
/// its winner's card marked; each card before its seat.
fn trick(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let Some(play) = screen.table.seat_view().and_then(|v| v.play()) else {
        return waiting(screen, p, area, buf);
    };
    let current = play.current_trick();
    let (cards, winner): (Vec<(Seat, Card)>, Option<Seat>) = if current.is_empty() {
        match play.tricks().last() {
            Some(done) => (done.trick.plays().collect(), Some(done.winner)),
            None => (Vec::new(), None),
        }
    } else {
        (current.plays().collect(), None)
    };
    let size = card::SMALL;
    let cx = area.x + area.width.saturating_sub(size.w) / 2;
    let top = area.y + area.height.saturating_sub(11) / 2;
    for (seat, c) in cards {
        let on_screen = screen.table.turned(seat);
        let (x, y) = match on_screen {
            Seat::North => (cx, top),
            Seat::South => (cx, top + 6),
            Seat::West => (cx.saturating_sub(size.w + 2), top + 3),
            Seat::East => (cx + size.w + 2, top + 3),
        };
        let highlight = Highlight {
            marked: winner == Some(seat),
            dimmed: winner.is_some() && winner != Some(seat),
            trumps: TrumpsOf::Deal(trump_suit(screen)),
            ..Highlight::default()
        };
        card::face_in(&p.theme, p.words, buf, (x, y), c, highlight, area, size);
    }
    if screen.mode() == Mode::Declare {
        declare_prompt(screen, p, area, buf);
    }
}

/// The middle of the felt during the auction, not the player's turn: whose turn it is.
fn waiting(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let w = p.words;
    let text = match to_act(screen) {
        Some(seat) if seat != Seat::South => {
            format!("{} {}{}", screen.name(seat), w.t(T::Thinking), w.sign(Sign::Ellipsis))
        }
        _ => return,
    };
    let r = centered(area, (text.chars().count() as u16).min(area.width), 1);
    put(buf, r, 0, &Line::from(span(text, p.theme.dim)));
}

/// The question of the first card at a `coinche` table: declare what the hand holds?
fn declare_prompt(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let w = p.words;
    let y = area.bottom().saturating_sub(1);
    let best = screen
        .table
        .trump()
        .map(|t| crate::rules::Combination::best(screen.table.hand(), t))
        .map(|c| w.combination(c))
        .unwrap_or_default();
    let ask = format!("{} {best}", w.t(T::DeclareAsk));
    put(
        buf,
        Rect { y: y.saturating_sub(1), height: 1, ..area },
        0,
        &Line::from(span(ask, p.theme.accent)),
    );
    let x = p.button((area.x, y), w.t(T::DeclareButton), true, Hit::Declare(true), buf);
    p.button((area.x + x + 1, y), w.t(T::KeepQuietButton), false, Hit::Declare(false), buf);
}

/// The label of a bidding button.
fn bid_label(w: Words, b: BidButton) -> String {
    match b {
        BidButton::Level(l) => w.level(l),
        BidButton::Trump(t) => w.trump(t).to_string(),
        BidButton::Call(c) => w.call(c),
    }
}

/// The bidding box at the player's turn: its buttons flowing in rows, the value chosen, the
/// question of a weighty call.
fn bidding(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let w = p.words;
    let (focus, level, confirm) = screen.bidding_state();
    let buttons = screen.bid_buttons();
    let (mut x, mut y) = (area.x, area.y + 1);
    let mut group = None;
    for (i, &b) in buttons.iter().enumerate() {
        let label = bid_label(w, b);
        let width = label.chars().count() as u16 + 2;
        let kind = std::mem::discriminant(&b);
        // Each kind of button starts a row; a row full goes on under it.
        if (group.is_some() && group != Some(kind)) || x + width > area.right() {
            (x, y) = (area.x, y + 1);
        }
        group = Some(kind);
        if y >= area.bottom().saturating_sub(2) {
            break;
        }
        let chosen = matches!(b, BidButton::Level(l) if Some(l) == level);
        let focused = i == focus || chosen;
        x += p.button((x, y), &label, focused, Hit::Bid(b), buf) + 1;
    }
    let bottom = area.bottom().saturating_sub(1);
    if let Some(call) = confirm {
        let ask = match call {
            Call::Contre => T::ConfirmContre,
            Call::Surcontre => T::ConfirmSurcontre,
            _ => T::ConfirmCapot,
        };
        let r = Rect { y: bottom.saturating_sub(1), height: 1, ..area };
        put(buf, r, 0, &Line::from(span(w.t(ask), p.theme.accent)));
        let x = p.button((area.x, bottom), &w.call(call), true, Hit::Continue, buf);
        p.button((area.x + x + 1, bottom), w.t(T::Cancel), false, Hit::Cancel, buf);
    }
}

/// The player's hand: the turn line, then the cards, the ones they may play lifted a row at
/// their turn and the others dimmed, the selected one reversed, each numbered.
fn hand(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let (w, t) = (p.words, p.theme);
    let mut line = vec![span(format!("{} ", screen.name(Seat::South)), t.accent)];
    let view = screen.table.seat_view();
    if view.is_some_and(|v| screen.table.turned(v.dealer()) == Seat::South) {
        line.push(span(format!("[{}] ", w.t(T::Dealer)), t.dim));
    }
    if view.and_then(|v| v.contract()).is_some_and(|c| screen.table.turned(c.taker) == Seat::South)
    {
        line.push(span(format!("[{}] ", w.t(T::Taker)), t.dim));
    }
    if let Some(call) = last_calls(screen)[Seat::South.index()] {
        let said = format!("{} {} {} ", w.sign(Sign::Open), w.call(call), w.sign(Sign::Close));
        line.push(span(said, t.bubble));
    }
    let marker = w.sign(Sign::Marker);
    match screen.mode() {
        Mode::Bidding | Mode::Confirm if screen.table.my_turn() => {
            line.push(span(format!("{marker} {}", w.t(T::YourTurnBid)), t.accent));
        }
        Mode::Playing | Mode::Declare if screen.table.my_turn() => {
            line.push(span(format!("{marker} {}", w.t(T::YourTurn)), t.accent));
        }
        _ if view.is_none() && screen.table.last_deal().is_some() && !screen.game_over() => {
            line.push(span(w.says(Says::WaitNext), t.dim));
        }
        _ => {}
    }
    put(buf, area, 0, &Line::from(line));
    cards(screen, p, area, buf);
}

/// The player's cards, large when there is room.
fn cards(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let hand: Vec<Card> = screen.table.hand().iter().collect();
    let n = hand.len() as u16;
    if n == 0 || area.height < card::SMALL.h + 2 {
        return;
    }
    let to_play = screen.table.my_turn() && screen.table.legal_cards().is_some();
    let legal = screen.table.legal_cards().unwrap_or(CardSet::EMPTY);
    let Spread { size, stride, x0 } = Spread::of(area, n);
    for (i, &c) in hand.iter().enumerate() {
        let x = x0 + stride * i as u16;
        let lifted = to_play && legal.contains(c);
        let y = area.y + if lifted { 1 } else { 2 };
        let highlight = Highlight {
            selected: to_play && screen.cursor() == i,
            dimmed: to_play && !lifted,
            marked: false,
            number: to_play.then_some(i + 1),
            trumps: TrumpsOf::Deal(trump_suit(screen)),
        };
        card::face_in(&p.theme, p.words, buf, (x, y), c, highlight, area, size);
        let width = if i + 1 == hand.len() { size.w } else { stride };
        p.hits.push(Rect::new(x, area.y + 1, width, size.h + 1), Hit::Card(c));
    }
}

/// A style by whether it stands out.
pub(super) fn either(yes: bool, on: Style, off: Style) -> Style {
    if yes { on } else { off }
}
