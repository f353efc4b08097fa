//! The side panel: the contract, the team scores and the target, the points and tricks taken in
//! this deal with its belote, and the auction seat by seat.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{Ctx, put, span};
use crate::rules::{BeloteCall, Team};
use crate::ui::app::Bubble;
use crate::ui::text::T;

/// Draws the panel in `area`.
pub fn draw(ctx: &Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(game) = &ctx.app.game else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let [contract, score, deal, auction] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(5),
        Constraint::Length(5),
        Constraint::Min(3),
    ])
    .areas(area);

    let b = ctx.block(w.t(T::Contract));
    let inner = b.inner(contract);
    b.render(contract, buf);
    let line = match game.deal().contract() {
        Some(c) => Line::from(span(w.contract(&c), t.accent)),
        None => Line::from(span(format!("{}…", w.t(T::Bidding)), t.dim)),
    };
    put(buf, inner, 0, &line);

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

    let b = ctx.block(w.t(T::ThisDeal));
    let inner = b.inner(deal);
    b.render(deal, buf);
    if let Some(play) = &game.deal().play {
        let pts = play.points();
        let tricks = play.tricks_won();
        put(
            buf,
            inner,
            0,
            &Line::from(span(
                format!("{} {}  {} {}", w.t(T::Us), pts[Team::NS], w.t(T::Them), pts[Team::EW]),
                t.text,
            )),
        );
        put(
            buf,
            inner,
            1,
            &Line::from(span(w.tricks_taken(tricks[Team::NS], tricks[Team::EW]), t.dim)),
        );
        // The belote, said aloud while its trick is on the table, then kept as a team's.
        let said = ctx.app.bubbles.iter().find_map(|(seat, b)| match b {
            Some(Bubble::Belote(call)) => Some((seat, *call)),
            _ => None,
        });
        let line = match (said, game.deal().belote_said) {
            (Some((seat, call)), _) => {
                let word = w.t(if call == BeloteCall::Belote { T::Belote } else { T::Rebelote });
                Some(span(format!("« {word} » {}", super::seat::name(ctx, seat)), t.bubble))
            }
            (None, Some(seat)) => {
                let team = if seat.team() == Team::NS { T::Us } else { T::Them };
                Some(span(format!("{}{}{}", w.t(T::Belote), w.colon(), w.t(team)), t.dim))
            }
            (None, None) => None,
        };
        if let Some(l) = line {
            put(buf, inner, 2, &Line::from(l));
        }
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
