//! The popups over the table: the end of a deal, the end of the game, the history with its deal
//! review, the last trick, and the help (keys from the keymap, a rules summary).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::card::{self, Look};
use super::{Ctx, put, span};
use crate::game::{DealResult, Game};
use crate::rules::{BELOTE_POINTS, BidLevel, DoneTrick, Seat, Team};
use crate::ui::app::{Hit, Popup};
use crate::ui::keymap;
use crate::ui::text::T;

/// Draws a popup over `screen`.
pub fn draw(ctx: &mut Ctx<'_>, popup: Popup, screen: Rect, buf: &mut Buffer) {
    match popup {
        Popup::DealEnd => deal_end(ctx, screen, buf),
        Popup::GameOver => game_over(ctx, screen, buf),
        Popup::History { selected, review: None } => history(ctx, selected, screen, buf),
        Popup::History { review: Some(i), .. } => review(ctx, i, screen, buf),
        Popup::LastTrick => last_trick(ctx, screen, buf),
        Popup::Help => help(ctx, screen, buf),
    }
}

/// The lines of a finished deal's summary.
fn deal_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = Vec::new();
    let (Some(c), Some(s)) = (d.contract, d.score) else {
        lines.push(Line::from(span(w.t(T::AllPassed), t.text)));
        return lines;
    };
    let takers = c.team();
    let belote = if d.belote == Some(takers) { BELOTE_POINTS } else { 0 };
    // The takers' total: card points and their own belote, what the contract is measured by.
    let got = d.card_points[takers] + belote;
    let (margin, by) = match c.bid.level {
        BidLevel::Points(v) => {
            (format!("{got} / {v}"), format!(" ({:+})", i32::from(got) - i32::from(v)))
        }
        BidLevel::Capot => {
            (format!("{} / 8 {}", d.tricks_won[takers], w.t(T::Tricks)), String::new())
        }
    };
    let verdict = if s.made { w.t(T::Made) } else { w.t(T::Failed) };
    lines.push(Line::from(vec![
        span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim),
        span(w.contract(&c), t.accent),
    ]));
    lines.push(Line::from(vec![
        span(format!("{} ", verdict.to_uppercase()), if s.made { t.good } else { t.bad }),
        span(format!("{margin}{by}"), t.text),
    ]));
    lines.push(Line::from(""));
    let col = |a: String, b: String, c: String| format!("{a:<24}{b:>10}{c:>10}");
    lines.push(Line::from(span(col(String::new(), w.t(T::Us).into(), w.t(T::Them).into()), t.dim)));
    lines.push(Line::from(span(
        col(
            w.t(T::CardPoints).into(),
            d.card_points[Team::NS].to_string(),
            d.card_points[Team::EW].to_string(),
        ),
        t.text,
    )));
    if let Some(bt) = d.belote {
        let v = |team: Team| if team == bt { BELOTE_POINTS.to_string() } else { "-".into() };
        lines.push(Line::from(span(col(w.t(T::Belote).into(), v(Team::NS), v(Team::EW)), t.text)));
    }
    lines.push(Line::from(span(
        format!("{}{}x{}", w.t(T::Multiplier), w.colon(), c.multiplier.factor()),
        t.text,
    )));
    lines.push(Line::from(span(
        col(w.t(T::ScoreRaw).into(), s.raw[Team::NS].to_string(), s.raw[Team::EW].to_string()),
        t.text,
    )));
    lines.push(Line::from(span(
        col(
            w.t(T::ScoreRounded).into(),
            s.score[Team::NS].to_string(),
            s.score[Team::EW].to_string(),
        ),
        t.accent,
    )));
    lines
}

fn deal_end(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = &ctx.app.game else { return };
    let Some(d) = g.history().last() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = deal_lines(ctx, d);
    lines.push(Line::from(span(
        format!("{:<24}{:>10}{:>10}", w.t(T::Totals), d.totals[Team::NS], d.totals[Team::EW]),
        t.title,
    )));
    let title = w.deal_over(g.history().len());
    let inner = ctx.popup(screen, 50, lines.len() as u16 + 4, &title, buf);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    ctx.button(inner.x, y, w.t(T::Continue), true, Hit::Continue, buf);
}

fn game_over(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = &ctx.app.game else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let won = g.winner() == Some(Team::NS);
    let inner = ctx.popup(screen, 50, 10, w.t(T::GameOver), buf);
    let totals = g.totals();
    let lines = [
        Line::from(span(
            w.t(if won { T::YouWin } else { T::YouLose }),
            if won { t.good } else { t.bad },
        )),
        Line::from(""),
        Line::from(span(format!("{}{}", w.t(T::FinalScore), w.colon().trim_end()), t.dim)),
        score_line(w.team(Team::NS), totals[Team::NS], t.accent),
        score_line(w.team(Team::EW), totals[Team::EW], t.accent),
        Line::from(span(w.t(T::StatsUpdated), t.dim)),
    ];
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    let used = ctx.button(inner.x, y, w.t(T::PlayAgain), true, Hit::Continue, buf);
    let quit = w.t(T::Quit);
    buf.set_string(inner.x + used + 2, y, format!("q{}{quit}", w.colon()), t.dim);
}

/// A word with its first letter in capitals: the dealer marker's word as a column title.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A team and its total, the names padded so that the two totals line up.
fn score_line(team: String, total: u32, style: ratatui::style::Style) -> Line<'static> {
    span(format!("{team:<12}{total:>6}"), style).into()
}

/// The history's contract column: room for the longest contract, "Capot ♦ surcontré, Ouest",
/// so the columns after it stay in place.
const CONTRACT_WIDTH: usize = 24;

fn history(ctx: &mut Ctx<'_>, selected: usize, screen: Rect, buf: &mut Buffer) {
    let Some(g) = &ctx.app.game else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let width = screen.width.saturating_sub(4).min(96);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), w.t(T::History), buf);
    // One space first, where the rows have their selection marker, so the columns line up.
    let header = format!(
        " {:>3} {:<7} {:<CONTRACT_WIDTH$} {:<9} {:>5} {:>5} {:>6} {:>6}",
        "#",
        capitalised(w.t(T::Dealer)),
        w.t(T::Contract),
        w.t(T::Result),
        w.t(T::Us),
        w.t(T::Them),
        format!("Σ {}", w.t(T::Us)),
        format!("Σ {}", w.t(T::Them)),
    );
    put(buf, inner, 0, &Line::from(span(header, t.dim)));
    if g.history().is_empty() {
        put(buf, inner, 1, &Line::from(span(w.t(T::NoDeals), t.text)));
        return;
    }
    let rows = inner.height.saturating_sub(1) as usize;
    let skip = (selected + 1).saturating_sub(rows);
    for (row, (i, d)) in g.history().iter().enumerate().skip(skip).take(rows).enumerate() {
        let (contract, result) = match (d.contract, d.score) {
            (Some(c), Some(s)) => {
                (w.contract(&c), w.t(if s.made { T::Made } else { T::Failed }).to_string())
            }
            _ => (w.t(T::Pass).to_string(), String::new()),
        };
        let pts = d.points();
        let text = format!(
            "{:>3} {:<7} {:<CONTRACT_WIDTH$} {:<9} {:>5} {:>5} {:>6} {:>6}",
            i + 1,
            w.seat(d.record.dealer),
            contract,
            result,
            pts[Team::NS],
            pts[Team::EW],
            d.totals[Team::NS],
            d.totals[Team::EW]
        );
        let style = if i == selected { t.selected } else { t.text };
        let marker = if i == selected { "▶" } else { " " };
        let y = 1 + row as u16;
        put(buf, inner, y, &Line::from(vec![span(marker, t.accent), span(text, style)]));
        ctx.hits.push(Rect::new(inner.x, inner.y + y, inner.width, 1), Hit::HistoryRow(i));
    }
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
    spans.push(span(format!("→ {} {}", w.seat(d.winner), d.points), t.text));
    Line::from(spans)
}

fn review(ctx: &mut Ctx<'_>, i: usize, screen: Rect, buf: &mut Buffer) {
    let Some(d) = ctx.app.game.as_ref().and_then(|g| g.history().get(i)) else { return };
    let w = ctx.words;
    let title = format!("{} {}", w.t(T::Review), i + 1);
    let mut lines = deal_lines(ctx, d);
    lines.push(Line::from(""));
    for (n, tr) in d.tricks.iter().enumerate() {
        lines.push(trick_line(ctx, n + 1, tr));
    }
    let width = screen.width.saturating_sub(4).min(72);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    for (row, l) in lines.iter().enumerate() {
        put(buf, inner, row as u16, l);
    }
}

fn last_trick(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let last =
        ctx.app.game.as_ref().and_then(|g: &Game| g.deal().play.as_ref()?.tricks().last().copied());
    let inner = ctx.popup(screen, 40, 14, w.t(T::LastTrick), buf);
    let Some(d) = last else {
        put(buf, inner, 0, &Line::from(span(w.t(T::NoTrickYet), ctx.theme.text)));
        return;
    };
    put(
        buf,
        inner,
        0,
        &Line::from(span(
            format!("→ {} {}", w.seat(d.winner), w.t(T::TakesTrick)),
            ctx.theme.accent,
        )),
    );
    let cx = inner.x + inner.width / 2;
    let top = inner.y + 1;
    for (seat, c) in d.trick.plays() {
        let (x, y) = match seat {
            Seat::North => (cx.saturating_sub(3), top),
            Seat::South => (cx.saturating_sub(3), top + 6),
            Seat::West => (cx.saturating_sub(14), top + 3),
            Seat::East => (cx + 7, top + 3),
        };
        card::face(
            ctx,
            buf,
            x,
            y,
            c,
            Look { marked: seat == d.winner, ..Look::default() },
            inner,
            card::SMALL,
        );
    }
}

fn help(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = vec![Line::from(span(w.t(T::Keys), t.title))];
    for b in keymap::help_bindings() {
        lines.push(Line::from(vec![
            span(format!("  {:<14}", w.keys(b.shown)), t.accent),
            span(w.t(b.label), t.text),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::RulesSummary), t.title)));
    for l in w.rules_summary() {
        lines.push(Line::from(span(format!("  {l}"), t.text)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::Annonces), t.dim)));
    let width = screen.width.saturating_sub(4).min(100);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), w.t(T::Help), buf);
    let para = ratatui::widgets::Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
    let max = para.line_count(inner.width).saturating_sub(usize::from(inner.height));
    let max = u16::try_from(max).unwrap_or(u16::MAX);
    ctx.hits.set_scroll_max(max);
    let para = para.scroll((ctx.app.scroll.min(max), 0));
    ratatui::widgets::Widget::render(para, inner, buf);
}

#[cfg(test)]
mod tests {
    use super::CONTRACT_WIDTH;
    use crate::rules::{Bid, BidLevel, Contract, Multiplier, Seat, Suit, Trump};
    use crate::ui::SuitStyle;
    use crate::ui::text::{Lang, Words};

    #[test]
    fn every_contract_fits_the_history_column() {
        let multipliers = [Multiplier::Simple, Multiplier::Contre, Multiplier::Surcontre];
        let mut longest = 0;
        for lang in Lang::ALL {
            for suits in [SuitStyle::Glyphs, SuitStyle::Letters] {
                let w = Words { lang, suits };
                for level in BidLevel::ALL {
                    for suit in Suit::ALL {
                        for multiplier in multipliers {
                            for taker in Seat::ALL {
                                let bid = Bid { level, trump: Trump::Suit(suit) };
                                let text = w.contract(&Contract { taker, bid, multiplier });
                                longest = longest.max(text.chars().count());
                            }
                        }
                    }
                }
            }
        }
        assert!(longest <= CONTRACT_WIDTH, "{longest}");
        assert!(longest + 2 > CONTRACT_WIDTH, "the column is wider than any contract: {longest}");
    }
}
