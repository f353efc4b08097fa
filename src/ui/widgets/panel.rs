//! The side panel: the contract (sans atout and tout atout in full) with what the trump cards'
//! mark means, the team scores with the target and the rules of the game and the balance
//! against the expert in South's seat, the points and tricks taken in this deal with its
//! declarations and belotes, and the auction seat by seat, each call clickable. Under the
//! auction, the meaning of the call selected, when one is: what it shows and denies under the
//! bots' convention. To give it its rows, the boxes above give way, this deal's first, then the
//! score, then the contract; a meaning longer still loses its asides, then its end.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{Ctx, put, span};
use crate::bots::bidding::every_call;
use crate::game::Game;
use crate::rules::{BeloteCall, Call, Seat, Team};
use crate::session::report::{self, team_word};
use crate::session::table::Bubble;
use crate::text::{Sign, T};
use crate::ui::auction::Selected;
use crate::ui::hits::Hit;

/// The fewest rows of the auction's box: one call, between its borders.
const AUCTION_MIN_ROWS: u16 = 3;

/// Draws the panel in `area`.
pub fn draw(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(game) = ctx.seen.game() else { return };
    let deal_lines = this_deal(ctx, game);
    let deal_rows = (deal_lines.len() as u16 + 2).max(5);
    // The balance against the expert in South's seat, once a deal of the game is compared.
    let (compared, _) = game.expert_balance();
    let score_rows = if compared > 0 { 8 } else { 6 };
    let boxes = [4, score_rows, deal_rows];
    let meaning = read_meaning(ctx, game);
    // The boxes kept above the auction, and the meaning's lines under it.
    let (kept, lines) = match &meaning {
        None => (boxes.len(), Vec::new()),
        Some(m) => make_room(ctx, &boxes, &m.text, area),
    };
    let mut constraints: Vec<Constraint> =
        boxes[..kept].iter().map(|&h| Constraint::Length(h)).collect();
    constraints.push(Constraint::Min(AUCTION_MIN_ROWS));
    if meaning.is_some() {
        constraints.push(Constraint::Length(lines.len() as u16 + 2));
    }
    let areas = Layout::vertical(constraints).split(area);
    let at = |i: usize| areas.get(i).copied().unwrap_or_default();
    if kept > 0 {
        contract(ctx, game, at(0), buf);
    }
    if kept > 1 {
        score(ctx, game, at(1), buf);
    }
    if kept > 2 {
        let b = ctx.block(ctx.words.t(T::ThisDeal));
        let inner = b.inner(at(2));
        b.render(at(2), buf);
        for (i, l) in deal_lines.iter().enumerate() {
            put(buf, inner, i as u16, l);
        }
    }
    let selected = meaning.as_ref().map(|m| m.row);
    auction(ctx, game, selected, at(kept), buf);
    if let Some(m) = meaning {
        let area = at(kept + 1);
        let b = ctx.block(&m.title);
        let inner = b.inner(area);
        b.render(area, buf);
        for (i, l) in lines.into_iter().enumerate() {
            put(buf, inner, i as u16, &Line::from(span(l, ctx.theme.text)));
        }
        // A click on the meaning closes it, as one on its call does.
        ctx.hits.push(area, Hit::Call(m.row));
    }
}

/// The meaning read under the auction: the row selected, who made what call, and its words.
struct Read {
    row: Selected,
    title: String,
    text: String,
}

/// The meaning of the row selected in the auction panel, if one is: a call of the auction, or
/// the call South's focused button would make.
fn read_meaning(ctx: &Ctx<'_>, game: &Game) -> Option<Read> {
    let screen = ctx.seen.table()?;
    let row = screen.selected()?;
    let w = ctx.words;
    let (seat, label, text) = match row {
        Selected::Call(i) => {
            let m = every_call(&game.deal().auction, &game.deal().levels).into_iter().nth(i)?;
            (m.seat, w.call(m.call), w.meaning(&m))
        }
        Selected::Coming => {
            let (label, text) = super::meaning::focused(ctx, screen)?;
            (Seat::South, format!("{label}{}", w.sign(Sign::Ellipsis)), text)
        }
    };
    Some(Read { row, title: format!("{} {label}", w.seat(seat)), text })
}

/// How many of the boxes above the auction are kept (from the top), and the meaning's lines:
/// the meaning whole with as many boxes as leave it room, else with none, fitted to the rows
/// the auction's smallest box leaves.
fn make_room(ctx: &Ctx<'_>, boxes: &[u16], text: &str, area: Rect) -> (usize, Vec<String>) {
    let width = area.width.saturating_sub(2);
    let whole = super::player::wrap(text, width);
    let rows_under = |kept: usize| {
        let above: u16 = boxes[..kept].iter().sum();
        usize::from(area.height.saturating_sub(above + AUCTION_MIN_ROWS + 2))
    };
    if let Some(kept) = (0..=boxes.len()).rev().find(|&k| whole.len() <= rows_under(k)) {
        return (kept, whole);
    }
    (0, super::meaning::fit(ctx, text, width, rows_under(0)).0)
}

/// The contract box: the bid and its multiplier, the taker and the trump mark's legend.
fn contract(ctx: &Ctx<'_>, game: &Game, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let b = ctx.block(w.t(T::Contract));
    let inner = b.inner(area);
    b.render(area, buf);
    match game.deal().contract() {
        Some(c) => {
            // Sans atout and tout atout in full where they fit, with the multiplier; the taker
            // under it.
            let mult = w.multiplier(c.multiplier);
            let mut bid = format!("{}{mult}", w.bid_long(c.bid));
            if bid.chars().count() > usize::from(inner.width) {
                bid = format!("{}{mult}", w.bid(c.bid));
            }
            put(buf, inner, 0, &Line::from(span(bid, t.accent)));
            // Beside the taker, what the mark on the trump cards means, where it fits.
            let taker = w.seat(c.taker);
            let mut line = vec![span(taker, t.text)];
            if let Some(trump) = c.trump().suit() {
                let legend = format!("{} {}", w.sign(Sign::Trump), w.t(T::TrumpLegend));
                let used = taker.chars().count() + legend.chars().count();
                if let Some(pad) = usize::from(inner.width).checked_sub(used + 1) {
                    line.push(span(" ".repeat(pad + 1), t.text));
                    line.push(span(legend, t.suit(trump)));
                }
            }
            put(buf, inner, 1, &Line::from(line));
        }
        None => {
            let bidding = format!("{}{}", w.t(T::Bidding), w.sign(Sign::Ellipsis));
            put(buf, inner, 0, &Line::from(span(bidding, t.dim)));
        }
    }
}

/// The score box: the teams' totals, the target, the rules, and the balance against the
/// expert in South's seat once a deal is compared.
fn score(ctx: &Ctx<'_>, game: &Game, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let b = ctx.block(w.t(T::Score));
    let inner = b.inner(area);
    b.render(area, buf);
    let totals = game.totals();
    let width = inner.width as usize;
    for (i, team) in Team::ALL.into_iter().enumerate() {
        let name = w.team(team);
        let value = totals[team].to_string();
        let pad = width.saturating_sub(name.chars().count() + value.len());
        put(
            buf,
            inner,
            i as u16,
            &Line::from(vec![
                span(name, t.text),
                span(" ".repeat(pad), t.text),
                span(value, t.accent),
            ]),
        );
    }
    let target = format!("{} {}", w.t(T::Target), game.options().target);
    put(buf, inner, 2, &Line::from(span(target, t.dim)));
    put(buf, inner, 3, &Line::from(span(w.rules_short(game.rules()), t.dim)));
    let (compared, balance) = game.expert_balance();
    if compared > 0 {
        put(buf, inner, 4, &Line::from(span(w.t(T::AgainstExpert), t.text)));
        put(buf, inner, 5, &Line::from(span(w.expert_balance(compared, balance), t.accent)));
    }
}

/// The auction box: each call with its seat, the latest in sight unless the row selected is
/// an earlier one; the row selected marked, and the call South's focused button would make
/// under the calls while it is the one read. Each row is clickable.
fn auction(
    ctx: &mut Ctx<'_>,
    game: &Game,
    selected: Option<Selected>,
    area: Rect,
    buf: &mut Buffer,
) {
    let w = ctx.words;
    let t = ctx.theme;
    let b = ctx.block(w.t(T::Auction));
    let inner = b.inner(area);
    b.render(area, buf);
    let a = &game.deal().auction;
    let mut rows: Vec<(Selected, Seat, String, Style)> = a
        .calls()
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let style = if c == Call::Pass { t.dim } else { t.text };
            (Selected::Call(i), a.seat_of(i), w.call(c), style)
        })
        .collect();
    if selected == Some(Selected::Coming) {
        let screen = ctx.seen.table();
        let label = screen.and_then(|s| super::meaning::focused(ctx, s)).map(|(l, _)| l);
        let label = format!("{}{}", label.unwrap_or_default(), w.sign(Sign::Ellipsis));
        rows.push((Selected::Coming, Seat::South, label, t.dim));
    }
    let height = usize::from(inner.height);
    let mut skip = rows.len().saturating_sub(height);
    if let Some(at) = rows.iter().position(|r| Some(r.0) == selected) {
        skip = skip.min(at);
    }
    for (row, (at, seat, call, style)) in rows.into_iter().skip(skip).take(height).enumerate() {
        let y = inner.y + row as u16;
        let line = Rect::new(inner.x, y, inner.width, 1);
        if Some(at) == selected {
            // The row read is marked by a sign as well as reversed.
            let who = format!("{}{:<6}", w.sign(Sign::Marker), w.seat(seat));
            put(buf, inner, row as u16, &Line::from(vec![span(who, t.text), span(call, t.text)]));
            buf.set_style(line, t.selected);
        } else {
            let who = format!("{:<7}", w.seat(seat));
            put(buf, inner, row as u16, &Line::from(vec![span(who, t.dim), span(call, style)]));
        }
        ctx.hits.push(line, Hit::Call(at));
    }
}

/// The lines of the "This deal" box: points, tricks, which team scores its declarations (from
/// the second trick on), and the belotes: each "Belote" or "Rebelote" said while its trick is on
/// the table, then the belotes kept, team by team.
fn this_deal(ctx: &Ctx<'_>, game: &Game) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let deal = game.deal();
    let Some(play) = &deal.play else { return Vec::new() };
    let pts = play.points();
    let tricks = play.tricks_won();
    let mut lines = vec![
        Line::from(span(
            format!("{} {}  {} {}", w.t(T::Us), pts[Team::NS], w.t(T::Them), pts[Team::EW]),
            t.text,
        )),
        Line::from(span(w.tricks_taken(tricks[Team::NS], tricks[Team::EW]), t.dim)),
    ];
    let first_trick = ctx.seen.table().is_some_and(|t| t.table().first_trick_on_table());
    if let Some(scoring) = report::declarations_scoring(deal).filter(|_| !first_trick) {
        let who = match scoring {
            Some((team, points)) => format!("{} {points}", w.t(team_word(team))),
            None => w.t(T::Nobody).to_string(),
        };
        lines.push(Line::from(span(format!("{}{}{who}", w.t(T::Declarations), w.colon()), t.text)));
    }
    // The belotes said aloud while their trick is on the table, else those kept.
    let Some(table) = ctx.seen.table() else { return lines };
    let said: Vec<(Seat, BeloteCall)> = table
        .table()
        .bubbles()
        .iter()
        .filter_map(|(seat, b)| match b {
            Some(Bubble::Belote(call)) => Some((seat, *call)),
            _ => None,
        })
        .collect();
    for (seat, call) in &said {
        let word = w.t(if *call == BeloteCall::Belote { T::Belote } else { T::Rebelote });
        lines.push(Line::from(span(
            format!(
                "{} {word} {} {}",
                w.sign(Sign::Open),
                w.sign(Sign::Close),
                super::player::name(ctx, *seat)
            ),
            t.bubble,
        )));
    }
    if said.is_empty() && !deal.belotes_said().is_empty() {
        lines.push(Line::from(span(report::belotes_kept(w, deal.belotes_said().counts()), t.dim)));
    }
    lines
}
