//! The boxes of the remote table: the waiting room, the side panel, and the popups of the
//! deal's end, the game's end and the connection's end.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{Paint, either};
use crate::rules::{Card, Seat};
use crate::text::{Sign, T};
use crate::ui::hits::Hit;
use crate::ui::remote::words::Says;
use crate::ui::remote::{DealEnd, RemoteScreen};
use crate::ui::widgets::{put, span};

/// The waiting room: the table's code and rules, the four seats (the table's own, before the
/// start), and the start for the creator.
pub(super) fn room(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let (w, t) = (p.words, p.theme);
    let table = &screen.table;
    let title = match &table.code {
        Some(code) => format!("{} {} {code}", w.says(Says::WaitingRoom), w.sign(Sign::Dash)),
        None => w.says(Says::WaitingRoom),
    };
    let inner = p.popup(area, (area.width.min(72), area.height.min(16)), &title, buf);
    let Some(info) = table.info.clone() else {
        let line = Line::from(span(w.says(Says::WaitStart), t.dim));
        return put(buf, inner, 1, &line);
    };
    let rules = w.rules_short(info.options.rules);
    put(buf, inner, 0, &Line::from(span(w.remote_rules(&rules, info.options.target), t.text)));
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        let s = &info.seats[seat.index()];
        let name = table.seat_name(seat).unwrap_or_else(|| s.name.clone());
        let name = w.text(&name).into_owned();
        let holder = match (Some(seat) == table.seat, s.taken, s.connected) {
            (true, _, _) => &w.says(Says::You),
            (false, false, _) => &w.says(Says::Free),
            (false, true, true) => "",
            (false, true, false) => &w.says(Says::Away),
        };
        let focused = seat == screen.seat_cursor;
        let marker = if focused { w.sign(Sign::Marker) } else { " " };
        let text = format!("{marker} {:<6} {name}", w.seat(seat));
        let text = if holder.is_empty() { text } else { format!("{text} ({holder})") };
        let y = inner.y + 2 + i as u16;
        let style = either(focused, t.selected, either(s.taken, t.accent, t.dim));
        buf.set_stringn(inner.x, y, &text, usize::from(inner.width), style);
        p.hits.push(Rect::new(inner.x, y, inner.width, 1), Hit::Seat(seat));
    }
    let y = inner.y + 7;
    match &table.code {
        Some(code) if table.is_creator() => {
            let give = crate::ui::widgets::player::wrap(&w.says(Says::GiveCode), inner.width);
            for (i, l) in give.iter().enumerate() {
                put(buf, inner, 7 + i as u16, &Line::from(span(l.clone(), t.text)));
            }
            let row = 7 + give.len() as u16;
            let code = format!("{} {code}", w.sign(Sign::Arrow));
            put(buf, inner, row, &Line::from(span(code, t.accent)));
            let at = (inner.x, (y + give.len() as u16 + 2).min(inner.bottom().saturating_sub(1)));
            p.button(at, &w.says(Says::Start), true, Hit::Continue, buf);
        }
        _ => put(buf, inner, 7, &Line::from(span(w.says(Says::WaitStart), t.dim))),
    }
}

/// The side panel: the table's code, the contract, the score (the player's side first),
/// whose turn it is, and the auction's calls.
pub(super) fn side(screen: &RemoteScreen, p: &mut Paint, area: Rect, buf: &mut Buffer) {
    let (w, t) = (p.words, p.theme);
    let table = &screen.table;
    let code = table.code.clone().unwrap_or_default();
    let block = p.block(&format!("{} {code}", w.pick("Table", "Table")));
    let inner = block.inner(area);
    block.render(area, buf);
    let view = table.seat_view();
    let mut lines = Vec::new();
    let contract = view.and_then(|v| v.contract()).map(|mut c| {
        c.taker = table.turned(c.taker);
        screen.contract_said(&c)
    });
    let contract = contract.unwrap_or_else(|| w.sign(Sign::Dash).to_string());
    lines.push(Line::from(vec![span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim)]));
    lines.push(Line::from(span(format!(" {contract}"), t.accent)));
    let (us, them) = match screen.over() {
        Some((_, totals)) => totals,
        None => table.ours_first(table.totals()),
    };
    let target = table.info.as_ref().map_or(0, |i| i.options.target);
    lines.push(Line::from(span(format!("{}{}{target}", w.t(T::Score), w.colon()), t.dim)));
    lines
        .push(Line::from(span(format!(" {} {us}  {} {them}", w.t(T::Us), w.t(T::Them)), t.accent)));
    let turn =
        super::to_act(screen).map_or_else(|| w.sign(Sign::Dash).to_string(), |s| screen.name(s));
    lines.push(Line::from(span(format!("{}{}", &w.says(Says::Turn), w.colon()), t.dim)));
    lines.push(Line::from(span(format!(" {turn}"), t.accent)));
    if let Some(v) = view {
        lines.push(Line::from(span(w.t(T::Auction).to_string(), t.dim)));
        let auction = v.auction();
        let calls: Vec<Line<'static>> = auction
            .calls()
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let name = screen.name(table.turned(auction.seat_of(i)));
                Line::from(span(format!(" {name}: {}", w.call(c)), t.text))
            })
            .collect();
        let room = usize::from(inner.height).saturating_sub(lines.len());
        lines.extend(calls.iter().skip(calls.len().saturating_sub(room)).cloned());
    }
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
}

/// Cards written out in a row, each in its suit's colour.
fn written(p: &Paint, cards: &[Card]) -> Vec<ratatui::text::Span<'static>> {
    let mut spans = Vec::new();
    for &c in cards {
        spans.push(span(format!(" {}", p.words.card(c)), p.theme.suit(c.suit())));
    }
    spans
}

/// The deal's end: every hand, the deal's score and the totals; the next deal's button.
pub(super) fn deal_end(
    screen: &RemoteScreen,
    p: &mut Paint,
    end: &DealEnd,
    area: Rect,
    buf: &mut Buffer,
) {
    let (w, t) = (p.words, p.theme);
    let inner =
        p.popup(area, (area.width.saturating_sub(4).min(76), 14), &w.says(Says::DealOver), buf);
    for (i, (seat, cards)) in end.hands.iter().enumerate() {
        let mut spans = vec![span(format!("{:<14}", screen.name(*seat)), t.accent)];
        spans.extend(written(p, &cards.iter().collect::<Vec<_>>()));
        put(buf, inner, i as u16, &Line::from(spans));
    }
    let record = screen.table.last_deal();
    let contract = record.and_then(|r| r.replay_auction().ok()).and_then(|a| a.contract());
    if let Some(mut c) = contract {
        c.taker = screen.table.turned(c.taker);
        let text = format!("{}{}{}", w.t(T::Contract), w.colon(), screen.contract_said(&c));
        put(buf, inner, 5, &Line::from(span(text, t.text)));
    }
    let scored = record.and_then(|r| r.score().ok());
    let mut row = 6;
    if let Some(s) = scored {
        let (us, them) = screen.table.ours_first(s.score.map(u32::from));
        let made = match s.made {
            Some(true) => format!(" ({})", w.t(T::Made)),
            Some(false) => format!(" ({})", w.t(T::Failed)),
            None => String::new(),
        };
        let text = format!(
            "{}{made}{}{} {us}, {} {them}",
            w.t(T::Score),
            w.colon(),
            w.t(T::Us),
            w.t(T::Them)
        );
        put(buf, inner, row, &Line::from(span(text, t.text)));
        row += 1;
    }
    let (us, them) = end.totals;
    let text =
        format!("{}{}{} {us}, {} {them}", w.t(T::Total), w.colon(), w.t(T::Us), w.t(T::Them));
    put(buf, inner, row, &Line::from(span(text, t.accent)));
    let y = inner.bottom().saturating_sub(1);
    p.button((inner.x, y), &w.says(Says::NextDeal), true, Hit::Continue, buf);
}

/// The game's end: who won, the final totals; the button that leaves.
pub(super) fn game_over(
    _: &RemoteScreen,
    p: &mut Paint,
    (won, (us, them)): (bool, (u32, u32)),
    area: Rect,
    buf: &mut Buffer,
) {
    let (w, t) = (p.words, p.theme);
    let inner = p.popup(area, (area.width.saturating_sub(4).min(60), 8), w.t(T::GameOver), buf);
    let verdict = w.t(if won { T::YouWin } else { T::YouLose });
    put(buf, inner, 0, &Line::from(span(verdict, either(won, t.good, t.bad))));
    let text =
        format!("{}{}{} {us}, {} {them}", w.t(T::Total), w.colon(), w.t(T::Us), w.t(T::Them));
    put(buf, inner, 2, &Line::from(span(text, t.accent)));
    let y = inner.bottom().saturating_sub(1);
    p.button((inner.x, y), w.t(T::Quit), true, Hit::Close, buf);
}

/// The connection's end: why, and the key that leaves.
pub(super) fn closed(p: &mut Paint, why: &str, area: Rect, buf: &mut Buffer) {
    let (w, t) = (p.words, p.theme);
    let width = area.width.saturating_sub(4).min(64);
    let lines = crate::ui::widgets::player::wrap(why, width.saturating_sub(2));
    let height = lines.len() as u16 + 4;
    let inner = p.popup(area, (width, height), "contree", buf);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, &Line::from(span(l.clone(), t.bad)));
    }
    let y = inner.bottom().saturating_sub(1);
    put(buf, inner, y - inner.y, &Line::from(span(w.says(Says::AnyKey), t.dim)));
}
