//! The history of the game's deals, one line each, the deal in progress last (or of a filed
//! game's, ← → going through them); a deal's review (its summary, its hands and tricks, the
//! expert's analysis, or for the deal in progress its calls and the tricks so far). The state is
//! the session's [`History`], shared with the line mode; its keys and drawing at the table are
//! here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::game::{DealResult, Game};
use crate::rules::{DoneTrick, Seat};
use crate::session::report::{Analysis, DealLine, When};
use crate::session::review::{History, history_rows};
use crate::session::table::sorted_hand;
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode, scroll};
use crate::ui::widgets::card;
use crate::ui::widgets::{Ctx, put, review, scrolled, span};

/// The game a history shows: the one at the table, or a filed one.
pub fn shown_game<'a>(h: &History, at: &Around<'a>) -> Option<&'a Game> {
    match h.game {
        0 => at.session.game(),
        n => at.session.filed(n),
    }
}

impl Component for History {
    fn mode(&self, _: &Around<'_>) -> Mode {
        if self.review.is_some() { Mode::Review } else { Mode::History }
    }

    /// On the list, the selection moves, Enter reviews, and ← → go to an older or a newer game;
    /// a review scrolls; Esc closes the review, then the history.
    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        let cmd = press.cmd;
        match (cmd, self.review) {
            (Cmd::Close, Some(_)) => self.close_review(),
            (Cmd::Close, None) => return Reply::Close,
            (_, Some(_)) => scroll(&mut self.scroll, cmd, at.scroll_max),
            (Cmd::Left | Cmd::Right, None) => {
                let game = match cmd {
                    Cmd::Left => (self.game + 1).min(at.session.filed_count()),
                    _ => self.game.saturating_sub(1),
                };
                if let Some(shown) = shown_game(&History { game, ..*self }, at) {
                    self.other(game, shown);
                }
            }
            (_, None) => {
                let rows = shown_game(self, at).map_or(0, history_rows);
                self.key(cmd, rows);
            }
        }
        Reply::Done
    }

    /// A click on a line reviews its deal.
    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::HistoryRow(i) => {
                self.open(i);
                Reply::Done
            }
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_history(ctx, *self, area, buf);
    }
}

/// The history of the deals, or the deal under review.
fn draw_history(ctx: &mut Ctx<'_>, h: History, screen: Rect, buf: &mut Buffer) {
    if let Some(i) = h.review {
        return draw_review(ctx, h, i, screen, buf);
    }
    let selected = h.selected;
    let Some(g) = ctx.seen.history_game(&h) else { return };
    let w = ctx.words;
    let t = ctx.theme;
    // At 80 columns the list takes all the room it needs: its 76 columns.
    let width = screen.width.saturating_sub(2).min(96);
    let mut title =
        format!("{} {} {}", w.t(T::History), w.sign(Sign::Dash), w.rules_short(g.rules()));
    // A filed game says which, and the way to the others.
    if h.game > 0 {
        let of = ctx.seen.filed_games();
        title = format!("{title} {} {} {}/{of}", w.sign(Sign::Dash), w.t(T::FiledGame), h.game);
    }
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    let header = review::history_header(ctx);
    let top = header.len() as u16;
    for (y, h) in header.into_iter().enumerate() {
        put(buf, inner, y as u16, &Line::from(span(h, t.dim)));
    }
    let deals = DealLine::all(g);
    let n = deals.len();
    if n == 0 {
        put(buf, inner, top, &Line::from(span(w.t(T::NoDeals), t.text)));
        return;
    }
    let rows = inner.height.saturating_sub(top) as usize;
    let skip = (selected + 1).saturating_sub(rows);
    for (row, i) in (0..n).skip(skip).take(rows).enumerate() {
        let text = review::history_row(ctx, &deals[i]);
        let style = if i == selected { t.selected } else { t.text };
        let marker = if i == selected { w.sign(Sign::Marker) } else { " " };
        let y = top + row as u16;
        put(buf, inner, y, &Line::from(vec![span(marker, t.accent), span(text, style)]));
        ctx.hits.push(Rect::new(inner.x, inner.y + y, inner.width, 1), Hit::HistoryRow(i));
    }
}

/// The four hands of a finished deal as they were dealt, one line a seat, each in table order.
fn hand_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let dealt = d.record.hand_sets();
    let trump = d.contract.map(|c| c.trump());
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let mut spans = vec![span(format!("{:<6} ", w.seat(seat)), t.dim)];
            let cards = card::written(ctx, &sorted_hand(dealt[seat], trump), u16::MAX);
            spans.extend(cards.into_iter().flat_map(|l| l.spans));
            Line::from(spans)
        })
        .collect()
}

/// One line per trick: who led, the four cards by seat, the winner and the points.
fn trick_line(ctx: &Ctx<'_>, n: usize, d: &DoneTrick) -> Line<'static> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut spans = vec![span(format!("{} {:>1}  ", w.t(T::Trick), n), t.dim)];
    for (seat, c) in d.trick.plays() {
        let who = w.seat(seat).chars().next().unwrap_or('?');
        let style =
            if seat == d.winner { t.suit(c.suit()).patch(t.selected) } else { t.suit(c.suit()) };
        spans.push(span(format!("{who}:"), t.dim));
        spans.push(span(format!("{:<4}", w.card(c)), style));
        spans.push(span(" ", t.text));
    }
    spans.push(span(format!("{} {} {}", w.sign(Sign::Arrow), w.seat(d.winner), d.points), t.text));
    Line::from(spans)
}

/// A deal under review: its summary, its hands and tricks, and the expert's analysis; or for
/// the deal in progress its calls and the tricks so far.
fn draw_review(ctx: &mut Ctx<'_>, h: History, i: usize, screen: Rect, buf: &mut Buffer) {
    let scroll = h.scroll;
    let Some(g) = ctx.seen.history_game(&h) else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let title = format!("{} {}", w.t(T::Review), i + 1);
    let mut lines = Vec::new();
    match g.history().get(i) {
        Some(d) => {
            lines = review::deal_lines(ctx, d);
            // A finished deal has no secrets: its four hands as they were dealt, then its tricks.
            lines.push(Line::from(""));
            lines.push(Line::from(span(w.t(T::HandsDealt), t.title)));
            lines.extend(hand_lines(ctx, d));
            lines.push(Line::from(""));
            for (n, tr) in d.tricks.iter().enumerate() {
                lines.push(trick_line(ctx, n + 1, tr));
            }
            // Only a finished deal is analysed: the one in progress keeps its secrets.
            lines.push(Line::from(""));
            lines.extend(analysis_lines(ctx, d));
        }
        // The deal in progress: its calls, the tricks taken and the trick on the table.
        None => {
            let d = g.deal();
            let a = &d.auction;
            let calls: Vec<String> = a
                .calls()
                .iter()
                .enumerate()
                .map(|(k, &c)| format!("{} {}", w.seat(a.seat_of(k)), w.call(c)))
                .collect();
            lines.push(Line::from(vec![
                span(format!("{}{}", w.t(T::Auction), w.colon()), t.dim),
                span(calls.join(", "), t.text),
            ]));
            if let Some(c) = d.contract() {
                lines.push(Line::from(vec![
                    span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim),
                    span(w.contract(&c), t.accent),
                ]));
            }
            lines.push(Line::from(""));
            if let Some(play) = &d.play {
                for (n, tr) in play.tricks().iter().enumerate() {
                    lines.push(trick_line(ctx, n + 1, tr));
                }
                let current = play.current_trick();
                if !current.is_empty() {
                    let mut spans = vec![span(
                        format!("{} {:>1}  ", w.t(T::Trick), play.tricks().len() + 1),
                        t.dim,
                    )];
                    for (seat, c) in current.plays() {
                        let who = w.seat(seat).chars().next().unwrap_or('?');
                        spans.push(span(format!("{who}:"), t.dim));
                        spans.push(span(format!("{:<4} ", w.card(c)), t.suit(c.suit())));
                    }
                    spans.push(span(w.sign(Sign::Ellipsis), t.dim));
                    lines.push(Line::from(spans));
                }
            }
        }
    }
    let width = screen.width.saturating_sub(4).min(72);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    scrolled(ctx, lines, inner, scroll, buf);
}

/// The expert's analysis of a finished deal from South's seat: the deal with every hand seen,
/// then each of South's calls and cards beside the expert's choice and what the difference
/// cost when it is a clear mistake, with the expert's reason and every option's worth, best
/// first, when they differ; their sum, and how a mistake's cost differs from the balance
/// against the expert; or a line saying it is on its way.
fn analysis_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = vec![Line::from(span(w.t(T::Analysis), t.title))];
    let analysis = match ctx.seen.analysis(&d.record) {
        Some(Some(a)) => a,
        Some(None) => {
            lines.push(Line::from(span(w.t(T::AnalysisFailed), t.bad)));
            return lines;
        }
        None => {
            lines.push(Line::from(span(w.t(T::Analysing), t.dim)));
            return lines;
        }
    };
    if let Some(dd) = &analysis.double_dummy {
        lines.push(Line::from(span(w.double_dummy(dd, analysis.seat), t.text)));
    }
    let Analysis { decisions, agreed, cost, se } = Analysis::of(analysis, &d.record, &d.levels);
    for r in &decisions {
        let label = match r.when {
            When::Call => w.t(T::Call).to_string(),
            When::Trick(n) => format!("{} {n}", w.t(T::Trick)),
        };
        let same = r.agrees();
        let mut spans = vec![
            span(format!("{label:<9}"), t.dim),
            span(format!("{} ", w.t(T::YouPlayed)), t.dim),
            span(format!("{:<8}", w.action(r.played)), t.text),
            span(format!("{} ", w.t(T::ExpertChose)), t.dim),
        ];
        if same {
            spans.push(span(format!("{:<8}", w.action(r.advised)), t.text));
            spans.push(span(format!("{} {}", w.sign(Sign::Same), w.t(T::SameChoice)), t.good));
        } else {
            spans.push(span(format!("{:<8}", w.action(r.advised)), t.accent));
            if let Some(c) = r.cost {
                spans.push(span(w.cost(c), if c.is_mistake() { t.bad } else { t.good }));
            }
        }
        lines.push(Line::from(spans));
        // A sentence under the decision, indented, in lines of the narrowest review's width.
        let under = |lines: &mut Vec<Line<'static>>, text: &str, style| {
            for l in crate::ui::widgets::player::wrap(text, UNDER_WIDTH) {
                lines.push(Line::from(span(format!("         {l}"), style)));
            }
        };
        // What it changed on the real deal, apart from what it cost over the worlds weighed.
        if let Some(diff) = r.on_the_deal {
            let style = if diff > 0 { t.bad } else { t.text };
            under(&mut lines, &w.on_the_deal(diff), style);
        }
        if !same {
            under(&mut lines, &w.reason(r.reason), t.dim);
            // The options' worths, best first, apart from what South's choice cost.
            if !r.options.is_empty() {
                for l in broken(&w.weighed(&r.options), usize::from(UNDER_WIDTH)) {
                    lines.push(Line::from(span(format!("         {l}"), t.dim)));
                }
            }
        }
        if let Some(m) = &r.meaning {
            let shows = format!("{}{}{}", w.t(T::YourCallShows), w.colon(), w.meaning(m));
            under(&mut lines, &shows, t.dim);
        }
    }
    let decisions = decisions.len();
    lines.push(Line::from(span(w.analysis_total(agreed, decisions, cost, se), t.accent)));
    lines.push(Line::from(span(w.t(T::CostAndBalance), t.dim)));
    lines
}

/// The widest line under a decision of the analysis (its reason, the options' worths): the
/// review's narrowest text, on an 80-column terminal, less the indent.
const UNDER_WIDTH: u16 = 60;

/// `text` in lines of at most `width` characters where it can be, broken after its commas.
fn broken(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for piece in text.split_inclusive(", ") {
        match lines.last_mut() {
            Some(line) if line.chars().count() + piece.trim_end().chars().count() <= width => {
                line.push_str(piece);
            }
            _ => lines.push(piece.to_string()),
        }
    }
    lines.into_iter().map(|l| l.trim_end().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::broken;

    #[test]
    fn the_options_are_broken_after_their_commas() {
        let text = "Weighed: 8♠ +33 ± 98, 10♥ +33 ± 98, 10♦ +33 ± 98, J♥ +28 ± 96";
        assert_eq!(
            broken(text, 40),
            ["Weighed: 8♠ +33 ± 98, 10♥ +33 ± 98,", "10♦ +33 ± 98, J♥ +28 ± 96"]
        );
        assert_eq!(broken("Weighed: Pass +12", 40), ["Weighed: Pass +12"]);
    }
}
