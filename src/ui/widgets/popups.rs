//! The popups over the table: the end of a deal with its declarations, belotes and score as a
//! sum, the end of the game
//! with its deals and the statistics it changed, the history with its deal review (the deal in
//! progress too), the tricks of the deal, the players, the menu during play, and the help (keys
//! from the keymap, a rules summary); over the start screen, the question before a new game
//! replaces the saved one.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::card::{self, Highlight};
use super::{Ctx, put, span};
use crate::game::{DealResult, Game};
use crate::personas::{self, BiddingStyle};
use crate::rules::{BELOTE_POINTS, BidLevel, DoneTrick, RuleSet, Seat, Team};
use crate::stats::Stats;
use crate::ui::app::{Hit, Popup, TableItem};
use crate::ui::keymap;
use crate::ui::text::T;

/// Draws a popup over `screen`.
pub fn draw(ctx: &mut Ctx<'_>, popup: Popup, screen: Rect, buf: &mut Buffer) {
    match popup {
        Popup::DealEnd => deal_end(ctx, screen, buf),
        Popup::GameOver => game_over(ctx, screen, buf),
        Popup::History { selected, review: None } => history(ctx, selected, screen, buf),
        Popup::History { review: Some(i), .. } => review(ctx, i, screen, buf),
        Popup::Tricks { index } => tricks(ctx, index, screen, buf),
        Popup::Players => players(ctx, screen, buf),
        Popup::Seat(seat) => one_player(ctx, seat, screen, buf),
        Popup::Menu { selected } => menu(ctx, selected, screen, buf),
        Popup::Help => help(ctx, screen, buf),
        Popup::ReplaceSaved => replace_saved(ctx, screen, buf),
    }
}

/// Asks before a new game replaces the saved one: what becomes of the saved game, its score,
/// and a button for each answer.
fn replace_saved(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(saved) = &ctx.app.resume else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let score = saved.game.totals();
    let text = w.replace_saved(score[Team::NS], score[Team::EW]);
    let ask = Paragraph::new(Line::from(span(text, t.text))).wrap(Wrap { trim: true });
    let width = screen.width.saturating_sub(4).min(64);
    let rows = ask.line_count(width.saturating_sub(2)) as u16;
    let inner = ctx.popup(screen, width, rows + 4, w.t(T::NewGameTitle), buf);
    ask.render(Rect { height: rows, ..inner }, buf);
    let y = inner.y + rows + 1;
    if y < inner.bottom() {
        let used = ctx.button(inner.x, y, w.t(T::NewGameButton), true, Hit::Continue, buf);
        ctx.button(inner.x + used + 1, y, w.t(T::CancelButton), false, Hit::Cancel, buf);
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
    let rules = d.record.rules();
    let tally = d.tally();
    // The takers' total as the contract is measured: card points, their belotes, and in coinche
    // their declarations; there and in plain, the defence's beside it.
    let got = tally.measured(takers, rules);
    let (margin, by) = match c.bid.level {
        BidLevel::Points(v) => {
            (format!("{got} / {v}"), format!(" ({:+})", i32::from(got) - i32::from(v)))
        }
        BidLevel::Capot => {
            (format!("{} / 8 {}", d.tricks_won[takers], w.t(T::Tricks)), String::new())
        }
    };
    let against = match (rules.set, c.bid.level) {
        (RuleSet::Coinche | RuleSet::Plain, BidLevel::Points(_)) => {
            format!(", {} {}", w.t(T::Defence), tally.measured(takers.other(), rules))
        }
        _ => String::new(),
    };
    let verdict = if s.made { w.t(T::Made) } else { w.t(T::Failed) };
    let contract =
        format!("{}{}, {}", w.bid_long(c.bid), w.multiplier(c.multiplier), w.seat(c.taker));
    lines.push(Line::from(vec![
        span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim),
        span(contract, t.accent),
    ]));
    lines.push(Line::from(vec![
        span(format!("{} ", verdict.to_uppercase()), if s.made { t.good } else { t.bad }),
        span(format!("{margin}{by}{against}"), t.text),
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
    let points = |v: u16| if v == 0 { "-".to_string() } else { v.to_string() };
    let declared = d.declared.filter(|all| all.0.iter().any(|c| !c.is_empty()));
    if declared.is_some() {
        let v = |team: Team| points(d.declarations[team]);
        lines.push(Line::from(span(
            col(w.t(T::Declarations).into(), v(Team::NS), v(Team::EW)),
            t.text,
        )));
    }
    let belotes = d.belotes.counts();
    let total_belotes: u8 = belotes.0.iter().sum();
    if total_belotes > 0 {
        let v = |team: Team| points(BELOTE_POINTS * u16::from(belotes[team]));
        let label = if total_belotes > 1 { T::Belotes } else { T::Belote };
        lines.push(Line::from(span(col(w.t(label).into(), v(Team::NS), v(Team::EW)), t.text)));
    }
    // Who declared what, and who held each belote.
    if let Some(all) = declared {
        for (seat, c) in all.iter().filter(|(_, c)| !c.is_empty()) {
            lines.push(Line::from(vec![
                span(format!("  {}{}", w.seat(seat), w.colon()), t.dim),
                span(w.combination(*c), t.text),
            ]));
        }
    }
    if total_belotes > 0 {
        let mut held: Vec<String> = Vec::new();
        for seat in Seat::ALL {
            let suits: Vec<&str> = d
                .belotes
                .iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, suit)| w.suit(suit))
                .collect();
            if !suits.is_empty() {
                held.push(format!("{} {}", w.seat(seat), suits.join(" ")));
            }
        }
        let label = if total_belotes > 1 { T::Belotes } else { T::Belote };
        lines.push(Line::from(vec![
            span(format!("  {}{}", w.t(label), w.colon()), t.dim),
            span(held.join(", "), t.text),
        ]));
    }
    // Each team's score as the rules add it up, then rounded.
    for team in Team::ALL {
        let name = w.t(if team == Team::NS { T::Us } else { T::Them });
        lines.push(Line::from(vec![
            span(format!("{name}{}", w.colon()), t.dim),
            span(ctx.arrows(w.score_sum(&s.sums[team], s.score[team])), t.accent),
        ]));
    }
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
    let width = screen.width.saturating_sub(2).min(80);
    let inner = ctx.popup(screen, width, screen.height, w.t(T::GameOver), buf);
    let totals = g.totals();
    let mut lines = vec![
        Line::from(vec![
            span(w.t(if won { T::YouWin } else { T::YouLose }), if won { t.good } else { t.bad }),
            span(
                format!(
                    "   {} {}, {} {}",
                    w.t(T::Us),
                    totals[Team::NS],
                    w.t(T::Them),
                    totals[Team::EW]
                ),
                t.accent,
            ),
        ]),
        Line::from(""),
    ];
    let changes = stat_changes(ctx, g);
    // The deals take the room the statistics leave, the latest kept when some must go.
    let fixed = lines.len() + 3 + changes.len() + 2;
    let room = usize::from(inner.height).saturating_sub(fixed);
    lines.push(Line::from(span(history_header(ctx), t.dim)));
    let skip = g.history().len().saturating_sub(room);
    if skip > 0 {
        lines.push(Line::from(span("  …", t.dim)));
    }
    let take = if skip > 0 { room.saturating_sub(1) } else { room };
    let start = g.history().len().saturating_sub(take);
    for (i, d) in g.history().iter().enumerate().skip(start) {
        lines.push(Line::from(span(format!(" {}", history_row(ctx, i, d)), t.text)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::ThisGame), t.title)));
    lines.extend(changes);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    let used = ctx.button(inner.x, y, w.t(T::PlayAgain), true, Hit::Continue, buf);
    let quit = w.t(T::Quit);
    buf.set_string(inner.x + used + 2, y, format!("q{}{quit}", w.colon()), t.dim);
}

/// How to read one figure of the statistics.
type StatOf = fn(&Stats) -> u64;

/// The statistics the game changed, one line each: before → after when the statistics are
/// loaded, else what this game added.
fn stat_changes(ctx: &Ctx<'_>, g: &Game) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut mine = Stats::default();
    for d in g.history() {
        mine.add_deal(d);
    }
    if let Some(winner) = g.winner() {
        mine.add_game(g.rules().set, g.options().target, winner);
    }
    let after = ctx.app.stats.as_ref();
    let rows: [(T, StatOf); 11] = [
        (T::GamesPlayed, |s| u64::from(s.all_games().played)),
        (T::GamesWon, |s| u64::from(s.all_games().won)),
        (T::DealsPlayed, |s| u64::from(s.deals.played)),
        (T::ContractsTaken, |s| u64::from(s.deals.ours.taken)),
        (T::ContractsMade, |s| u64::from(s.deals.ours.made)),
        (T::StatContres, |s| u64::from(s.deals.contres.made)),
        (T::ContresWon, |s| u64::from(s.deals.contres_won.made)),
        (T::StatCapots, |s| u64::from(s.deals.capots.made)),
        (T::StatBelotes, |s| u64::from(s.deals.belotes[Team::NS])),
        (T::Undos, |s| u64::from(s.deals.undos)),
        (T::HintsUsed, |s| u64::from(s.deals.hints)),
    ];
    let mut lines = Vec::new();
    for (label, value) in rows {
        let added = value(&mine);
        if added == 0 {
            continue;
        }
        let text = match after.map(value) {
            Some(now) => ctx.arrows(format!("{} → {now}", now.saturating_sub(added))),
            None => format!("+{added}"),
        };
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(label)), t.text),
            span(text, t.accent),
        ]));
    }
    if let Some(s) = after {
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(T::Streak)), t.text),
            span(format!("{} / {}", s.streak.current, s.streak.best), t.accent),
        ]));
    }
    lines
}

/// A word with its first letter in capitals: the dealer marker's word as a column title.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The history's contract column: room for the longest contract, "Capot TA surcontré, Ouest",
/// so the columns after it stay in place.
const CONTRACT_WIDTH: usize = 25;

/// The history's column titles.
fn history_header(ctx: &Ctx<'_>) -> String {
    let w = ctx.words;
    // One space first, where the rows have their selection marker, so the columns line up.
    format!(
        " {:>3} {:<7} {:<CONTRACT_WIDTH$} {:<9} {:>5} {:>5} {:>6} {:>6}",
        "#",
        capitalised(w.t(T::Dealer)),
        w.t(T::Contract),
        w.t(T::Result),
        w.t(T::Us),
        w.t(T::Them),
        format!("Σ {}", w.t(T::Us)),
        format!("Σ {}", w.t(T::Them)),
    )
}

/// A finished deal as a line of the history.
fn history_row(ctx: &Ctx<'_>, i: usize, d: &DealResult) -> String {
    let w = ctx.words;
    let (contract, result) = match (d.contract, d.score) {
        (Some(c), Some(s)) => {
            (w.contract(&c), w.t(if s.made { T::Made } else { T::Failed }).to_string())
        }
        _ => (w.t(T::Pass).to_string(), String::new()),
    };
    let pts = d.points();
    format!(
        "{:>3} {:<7} {:<CONTRACT_WIDTH$} {:<9} {:>5} {:>5} {:>6} {:>6}",
        i + 1,
        w.seat(d.record.dealer),
        contract,
        result,
        pts[Team::NS],
        pts[Team::EW],
        d.totals[Team::NS],
        d.totals[Team::EW]
    )
}

/// The deal in progress as the history's last line.
fn in_progress_row(ctx: &Ctx<'_>, g: &Game) -> String {
    let w = ctx.words;
    let d = g.deal();
    let contract = match d.contract() {
        Some(c) => w.contract(&c),
        None => format!("{}…", w.t(T::Bidding)),
    };
    let pts = d.play.as_ref().map(|p| p.points()).unwrap_or_default();
    format!(
        "{:>3} {:<7} {:<CONTRACT_WIDTH$} {:<9} {:>5} {:>5} {:>6} {:>6}",
        d.index + 1,
        w.seat(d.dealer),
        contract,
        w.t(T::InProgress),
        pts[Team::NS],
        pts[Team::EW],
        g.totals()[Team::NS],
        g.totals()[Team::EW]
    )
}

fn history(ctx: &mut Ctx<'_>, selected: usize, screen: Rect, buf: &mut Buffer) {
    let Some(g) = &ctx.app.game else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let width = screen.width.saturating_sub(4).min(96);
    let title = format!("{} — {}", w.t(T::History), w.rules_short(g.rules()));
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    put(buf, inner, 0, &Line::from(span(history_header(ctx), t.dim)));
    let n = ctx.app.history_rows();
    if n == 0 {
        put(buf, inner, 1, &Line::from(span(w.t(T::NoDeals), t.text)));
        return;
    }
    let rows = inner.height.saturating_sub(1) as usize;
    let skip = (selected + 1).saturating_sub(rows);
    for (row, i) in (0..n).skip(skip).take(rows).enumerate() {
        let text = match g.history().get(i) {
            Some(d) => history_row(ctx, i, d),
            None => in_progress_row(ctx, g),
        };
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
    let Some(g) = ctx.app.game.as_ref() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let title = format!("{} {}", w.t(T::Review), i + 1);
    let mut lines = Vec::new();
    match g.history().get(i) {
        Some(d) => {
            lines = deal_lines(ctx, d);
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
                    spans.push(span("…", t.dim));
                    lines.push(Line::from(spans));
                }
            }
        }
    }
    let width = screen.width.saturating_sub(4).min(72);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    scrolled(ctx, lines, inner, buf);
}

/// Lines wrapped in `inner`, scrolled as far as the app's scroll says and no further (the
/// furthest recorded for the keys and the wheel).
fn scrolled(ctx: &mut Ctx<'_>, lines: Vec<Line<'static>>, inner: Rect, buf: &mut Buffer) {
    let para = ratatui::widgets::Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
    let max = para.line_count(inner.width).saturating_sub(usize::from(inner.height));
    let max = u16::try_from(max).unwrap_or(u16::MAX);
    ctx.hits.set_scroll_max(max);
    let para = para.scroll((ctx.app.scroll.min(max), 0));
    ratatui::widgets::Widget::render(para, inner, buf);
}

/// The expert's analysis of a finished deal from South's seat: the deal with every hand seen,
/// then each of South's calls and cards beside the expert's choice and what the difference
/// cost on average; or a line saying it is on its way.
fn analysis_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = vec![Line::from(span(w.t(T::Analysis), t.title))];
    let analysis = match ctx.app.analysis(&d.record) {
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
        lines.push(Line::from(span(w.double_dummy(dd), t.text)));
    }
    let mut cost = 0.0;
    for r in &analysis.reviews {
        let label = match r.played {
            crate::game::Action::Bid(_) => w.t(T::Call).to_string(),
            crate::game::Action::Play(_) => format!("{} {}", w.t(T::Trick), r.index / 4 + 1),
        };
        let same = r.played == r.advice.action;
        let mut spans = vec![
            span(format!("{label:<9}"), t.dim),
            span(format!("{} ", w.t(T::YouPlayed)), t.dim),
            span(format!("{:<8}", w.action(r.played)), t.text),
            span(format!("{} ", w.t(T::ExpertChose)), t.dim),
        ];
        if same {
            spans.push(span(format!("{:<8}", w.action(r.advice.action)), t.text));
            spans.push(span(format!("✓ {}", w.t(T::SameChoice)), t.good));
        } else {
            spans.push(span(format!("{:<8}", w.action(r.advice.action)), t.accent));
            if let Some(c) = r.cost {
                cost += c;
                spans.push(span(w.cost(c), if c.round() > 0.0 { t.bad } else { t.good }));
            }
        }
        lines.push(Line::from(spans));
        if !same {
            lines.push(Line::from(span(format!("         {}", w.reason(r.advice.reason)), t.dim)));
        }
    }
    let decisions = analysis.reviews.len();
    let agreed = analysis.reviews.iter().filter(|r| r.played == r.advice.action).count();
    lines.push(Line::from(span(w.analysis_total(agreed, decisions, cost), t.accent)));
    lines
}

/// The tricks of the deal on the table, one at a time, the last first; ← → go through them.
fn tricks(ctx: &mut Ctx<'_>, index: usize, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let all = ctx.app.deal_tricks();
    let n = all.len();
    let title = match n {
        0 => w.t(T::LastTrick).to_string(),
        _ => format!("{} {} {} {n}", w.t(T::Trick), index.min(n - 1) + 1, w.t(T::TricksOf)),
    };
    let inner = ctx.popup(screen, 40, 14, &title, buf);
    let Some(d) = all.get(index.min(n.saturating_sub(1))).copied() else {
        put(buf, inner, 0, &Line::from(span(w.t(T::NoTrickYet), ctx.theme.text)));
        return;
    };
    put(
        buf,
        inner,
        0,
        &Line::from(span(
            format!("→ {} {} ({})", w.seat(d.winner), w.t(T::TakesTrick), d.points),
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
            Highlight { marked: seat == d.winner, ..Highlight::default() },
            inner,
            card::SMALL,
        );
    }
}

/// A persona's lines: name and seat, portrait, tagline, style.
fn persona_lines(ctx: &Ctx<'_>, seat: Seat) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(p) = ctx.app.game.as_ref().and_then(|g| personas::by_id(&g.players()[seat])) else {
        return Vec::new();
    };
    let role = if seat == Seat::North { T::Partner } else { T::Opponent };
    let mut lines = vec![
        Line::from(span(ctx.plain(&p.name), t.accent)),
        Line::from(span(format!("{}, {}", w.seat(seat), w.t(role)), t.dim)),
    ];
    lines.extend(p.portrait.iter().map(|l| Line::from(span(l.clone(), t.text))));
    lines.push(Line::from(""));
    let tagline = match w.lang {
        crate::ui::Lang::En => &p.tagline.en,
        crate::ui::Lang::Fr => &p.tagline.fr,
    };
    lines.push(Line::from(span(tagline.clone(), t.text)));
    let style = match p.style {
        BiddingStyle::Bold => T::StyleBold,
        BiddingStyle::Cautious => T::StyleCautious,
    };
    lines.push(Line::from(span(w.t(style), t.dim)));
    lines
}

/// The three computer players as they sit down: West, North and East side by side.
fn players(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let width = screen.width.saturating_sub(2).min(84);
    let inner = ctx.popup(screen, width, 16, w.t(T::PlayersTitle), buf);
    let col = inner.width / 3;
    for (i, seat) in [Seat::West, Seat::North, Seat::East].into_iter().enumerate() {
        let area =
            Rect::new(inner.x + col * i as u16, inner.y, col.saturating_sub(1), inner.height);
        // Not trimmed: the portraits' leading spaces are part of them.
        let para = ratatui::widgets::Paragraph::new(persona_lines(ctx, seat))
            .wrap(ratatui::widgets::Wrap { trim: false });
        ratatui::widgets::Widget::render(para, area, buf);
    }
    let y = inner.bottom().saturating_sub(1);
    ctx.button(inner.x, y, w.t(T::Continue), true, Hit::Close, buf);
}

/// One computer player, from a click on its portrait.
fn one_player(ctx: &mut Ctx<'_>, seat: Seat, screen: Rect, buf: &mut Buffer) {
    let lines = persona_lines(ctx, seat);
    let title = super::seat::name(ctx, seat);
    let inner = ctx.popup(screen, 34, 14, &title, buf);
    let para = ratatui::widgets::Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false });
    ratatui::widgets::Widget::render(para, inner, buf);
}

/// The menu during play.
fn menu(ctx: &mut Ctx<'_>, selected: usize, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let inner = ctx.popup(screen, 44, TableItem::ALL.len() as u16 * 2 + 2, w.t(T::MenuTitle), buf);
    for (i, item) in TableItem::ALL.into_iter().enumerate() {
        let label = w.t(match item {
            TableItem::Resume => T::MenuResume,
            TableItem::Settings => T::Settings,
            TableItem::Rules => T::Rules,
            TableItem::Help => T::Help,
            TableItem::SaveAndLeave => T::MenuSaveLeave,
        });
        let focused = i == selected;
        let text = format!("{}{label}", if focused { "▶ " } else { "  " });
        let y = 1 + 2 * i as u16;
        let style = if focused { t.selected } else { t.text };
        put(buf, inner, y, &Line::from(span(text, style)));
        ctx.hits.push(Rect::new(inner.x, inner.y + y, inner.width, 1), Hit::TableMenu(item));
    }
}

/// The rules of the game at the table, else those of new games.
fn shown_rules(ctx: &Ctx<'_>) -> crate::rules::Rules {
    ctx.app.game.as_ref().map_or_else(|| ctx.app.settings.rules(), crate::game::Game::rules)
}

/// The notes on the rules of the game at the table (else of new games): its declarations, or
/// what its rule set changes, and sans atout and tout atout when it has them.
pub fn set_notes(ctx: &Ctx<'_>) -> Vec<T> {
    let rules = shown_rules(ctx);
    let mut notes = vec![match rules.set {
        RuleSet::Contree => T::Annonces,
        RuleSet::Coinche => T::AnnoncesCoinche,
        RuleSet::Plain => T::AnnoncesPlain,
    }];
    if rules.nt_at {
        notes.push(T::NtAtNote);
    }
    notes
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
    for l in w.rules_summary(shown_rules(ctx).set) {
        lines.push(Line::from(span(format!("  {l}"), t.text)));
    }
    for note in set_notes(ctx) {
        lines.push(Line::from(""));
        lines.push(Line::from(span(w.t(note), t.dim)));
    }
    let width = screen.width.saturating_sub(4).min(100);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), w.t(T::Help), buf);
    scrolled(ctx, lines, inner, buf);
}

#[cfg(test)]
mod tests {
    use super::CONTRACT_WIDTH;
    use crate::rules::{Bid, BidLevel, Contract, Multiplier, Seat, Trump};
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
                    for trump in Trump::ALL {
                        for multiplier in multipliers {
                            for taker in Seat::ALL {
                                let bid = Bid { level, trump };
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
