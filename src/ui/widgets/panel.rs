//! The side panel: the contract (sans atout and tout atout in full) with what the trump cards'
//! mark means, the team scores with the
//! target and the rules of the game and the balance against the expert in South's seat, the points and tricks taken in this deal with its
//! declarations and belotes, and the auction seat by seat.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{Ctx, put, span};
use crate::game::Game;
use crate::rules::{BeloteCall, Seat, Team};
use crate::session::report::{self, team_word};
use crate::session::table::Bubble;
use crate::text::{Sign, T};

/// Draws the panel in `area`.
pub fn draw(ctx: &Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(game) = ctx.app.game() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let deal_lines = this_deal(ctx, game);
    let deal_rows = (deal_lines.len() as u16 + 2).max(5);
    // The balance against the expert in South's seat, once a deal of the game is compared.
    let (compared, balance) = game.expert_balance();
    let score_rows = if compared > 0 { 8 } else { 6 };
    let [contract, score, deal, auction] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Length(score_rows),
        Constraint::Length(deal_rows),
        Constraint::Min(3),
    ])
    .areas(area);

    let b = ctx.block(w.t(T::Contract));
    let inner = b.inner(contract);
    b.render(contract, buf);
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

    let b = ctx.block(w.t(T::Score));
    let inner = b.inner(score);
    b.render(score, buf);
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
    if compared > 0 {
        put(buf, inner, 4, &Line::from(span(w.t(T::AgainstExpert), t.text)));
        put(buf, inner, 5, &Line::from(span(w.expert_balance(compared, balance), t.accent)));
    }

    let b = ctx.block(w.t(T::ThisDeal));
    let inner = b.inner(deal);
    b.render(deal, buf);
    for (i, l) in deal_lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }

    let b = ctx.block(w.t(T::Auction));
    let inner = b.inner(auction);
    b.render(auction, buf);
    let a = &game.deal().auction;
    let calls = a.calls();
    let skip = calls.len().saturating_sub(inner.height as usize);
    for (row, (i, &c)) in calls.iter().enumerate().skip(skip).enumerate() {
        let seat = a.seat_of(i);
        let who = format!("{:<7}", w.seat(seat));
        let style = match c {
            crate::rules::Call::Pass => t.dim,
            _ => t.text,
        };
        put(buf, inner, row as u16, &Line::from(vec![span(who, t.dim), span(w.call(c), style)]));
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
    let first_trick = ctx.app.table().is_some_and(|t| t.table().first_trick_on_table());
    if let Some(scoring) = report::declarations_scoring(deal).filter(|_| !first_trick) {
        let who = match scoring {
            Some((team, points)) => format!("{} {points}", w.t(team_word(team))),
            None => w.t(T::Nobody).to_string(),
        };
        lines.push(Line::from(span(format!("{}{}{who}", w.t(T::Declarations), w.colon()), t.text)));
    }
    // The belotes said aloud while their trick is on the table, else those kept.
    let Some(table) = ctx.app.table() else { return lines };
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
