//! The popups that look back: a finished deal's summary, as the end of the deal shows it; the
//! history of the game's deals, one line each, the deal in progress last; a deal's review (its summary, its tricks, the expert's analysis, or for the deal
//! in progress its calls and the tricks so far); over a review, the expert's line from South's
//! first clear card mistake; and the tricks of the deal on the table, one at a time.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::card::{self, Highlight, TrumpsOf};
use super::{Ctx, put, scrolled, span};
use crate::game::DealResult;
use crate::rules::{DoneTrick, Seat, Team};
use crate::session::report::{self, Analysis, DealLine, Reached, Summary, When};
use crate::session::review::History;
use crate::session::table::sorted_hand;
use crate::text::{Sign, T, signed};
use crate::ui::expert_line::LineView;
use crate::ui::screen::Hit;

/// The lines of a finished deal's summary.
pub fn deal_lines(ctx: &Ctx<'_>, d: &DealResult) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = Vec::new();
    let summary = Summary::of(w, d);
    let Some(o) = summary.outcome else {
        lines.push(Line::from(span(w.t(T::AllPassed), t.text)));
        return lines;
    };
    let (margin, by) = match o.reached {
        Reached::Points { got, bid } => {
            let by = signed(i64::from(got) - i64::from(bid));
            (format!("{got} / {bid}"), w.text(&format!(" ({by})")).into_owned())
        }
        Reached::Tricks(n) => (format!("{n} / 8 {}", w.t(T::Tricks)), String::new()),
    };
    let against = o.defence.map(|v| format!(", {} {v}", w.t(T::Defence))).unwrap_or_default();
    let verdict = if o.made { w.t(T::Made) } else { w.t(T::Failed) };
    let c = o.contract;
    let contract =
        format!("{}{}, {}", w.bid_long(c.bid), w.multiplier(c.multiplier), w.seat(c.taker));
    lines.push(Line::from(vec![
        span(format!("{}{}", w.t(T::Contract), w.colon()), t.dim),
        span(contract, t.accent),
    ]));
    lines.push(Line::from(vec![
        span(format!("{} ", verdict.to_uppercase()), if o.made { t.good } else { t.bad }),
        span(format!("{margin}{by}{against}"), t.text),
    ]));
    lines.push(Line::from(""));
    let col = |a: String, b: String, c: String| format!("{a:<24}{b:>10}{c:>10}");
    lines.push(Line::from(span(col(String::new(), w.t(T::Us).into(), w.t(T::Them).into()), t.dim)));
    let points = |v: Option<u16>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
    for p in &summary.points {
        let (us, them) = (points(p.teams[Team::NS]), points(p.teams[Team::EW]));
        lines.push(Line::from(span(col(w.t(p.label).into(), us, them), t.text)));
    }
    // Who declared what, and who held each belote.
    for (seat, c) in &summary.declared {
        lines.push(Line::from(vec![
            span(format!("  {}{}", w.seat(*seat), w.colon()), t.dim),
            span(w.combination(*c), t.text),
        ]));
    }
    if !summary.belotes.is_empty() {
        let held = summary.held(w);
        lines.push(Line::from(vec![
            span(format!("  {}{}", w.t(summary.belote_label()), w.colon()), t.dim),
            span(held.join(", "), t.text),
        ]));
    }
    // Each team's score as the rules add it up, then rounded.
    for team in Team::ALL {
        let name = w.t(if team == Team::NS { T::Us } else { T::Them });
        lines.push(Line::from(vec![
            span(format!("{name}{}", w.colon()), t.dim),
            span(summary.sums[team].clone(), t.accent),
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

/// The history's result column: room for the longest result, "in progress".
const RESULT_WIDTH: usize = 11;

/// The history's column titles, on one line with the running totals marked Σ; where Σ is
/// not written (in ASCII), on two, "Total" over the totals' columns.
pub fn history_header(ctx: &Ctx<'_>) -> Vec<String> {
    let w = ctx.words;
    let glyph = !(w.ascii || w.spoken);
    let sum = w.sign(Sign::Sum);
    let total = |team: &str| if glyph { format!("{sum} {team}") } else { team.to_string() };
    // One space first, where the rows have their selection marker, so the columns line up.
    let titles = format!(
        " {:>3} {:<7} {:<CONTRACT_WIDTH$} {:<RESULT_WIDTH$} {:>5} {:>5} {:>6} {:>6}",
        "#",
        capitalised(w.t(T::Dealer)),
        w.t(T::Contract),
        w.t(T::Result),
        w.t(T::Us),
        w.t(T::Them),
        total(w.t(T::Us)),
        total(w.t(T::Them)),
    );
    if glyph {
        return vec![titles];
    }
    // The totals' two columns and the space between them.
    let totals = 6 + 1 + 6;
    let before = titles.chars().count().saturating_sub(totals);
    vec![format!("{}{:^totals$}", " ".repeat(before), w.t(T::Total)), titles]
}

/// A deal as a line of the history.
pub fn history_row(ctx: &Ctx<'_>, line: &DealLine) -> String {
    let w = ctx.words;
    let contract = match (line.contract, line.standing) {
        (_, report::Standing::Passed) => w.t(T::Pass).to_string(),
        (Some(c), _) => w.contract(&c),
        (None, _) => format!("{}{}", w.t(T::Bidding), w.sign(Sign::Ellipsis)),
    };
    let result = match line.standing {
        report::Standing::Made => w.t(T::Made),
        report::Standing::Failed => w.t(T::Failed),
        report::Standing::Passed => "",
        report::Standing::InProgress => w.t(T::InProgress),
    };
    format!(
        "{:>3} {:<7} {:<CONTRACT_WIDTH$} {:<RESULT_WIDTH$} {:>5} {:>5} {:>6} {:>6}",
        line.number,
        w.seat(line.dealer),
        contract,
        result,
        line.points[Team::NS],
        line.points[Team::EW],
        line.totals[Team::NS],
        line.totals[Team::EW]
    )
}

/// The history of the deals, or the deal under review.
pub fn history(ctx: &mut Ctx<'_>, h: History, screen: Rect, buf: &mut Buffer) {
    if let Some(i) = h.review {
        return review(ctx, h, i, screen, buf);
    }
    let selected = h.selected;
    let Some(g) = ctx.app.history_game(&h) else { return };
    let w = ctx.words;
    let t = ctx.theme;
    // At 80 columns the list takes all the room it needs: its 76 columns.
    let width = screen.width.saturating_sub(2).min(96);
    let mut title =
        format!("{} {} {}", w.t(T::History), w.sign(Sign::Dash), w.rules_short(g.rules()));
    // A filed game says which, and the way to the others.
    if h.game > 0 {
        let of = ctx.app.filed_games();
        title = format!("{title} {} {} {}/{of}", w.sign(Sign::Dash), w.t(T::FiledGame), h.game);
    }
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), &title, buf);
    let header = history_header(ctx);
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
        let text = history_row(ctx, &deals[i]);
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

fn review(ctx: &mut Ctx<'_>, h: History, i: usize, screen: Rect, buf: &mut Buffer) {
    let scroll = h.scroll;
    let Some(g) = ctx.app.history_game(&h) else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let title = format!("{} {}", w.t(T::Review), i + 1);
    let mut lines = Vec::new();
    match g.history().get(i) {
        Some(d) => {
            lines = deal_lines(ctx, d);
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
            for l in super::player::wrap(text, UNDER_WIDTH) {
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

/// The tricks of the deal on the table, one at a time, the last first; ← → go through them.
pub fn tricks(ctx: &mut Ctx<'_>, index: usize, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let all = ctx.app.table().map_or(&[][..], |t| t.table().deal_tricks());
    let n = all.len();
    let title = match n {
        0 => w.t(T::LastTrick).to_string(),
        _ => format!("{} {} {} {n}", w.t(T::Trick), index.min(n - 1) + 1, w.t(T::TricksOf)),
    };
    let inner = ctx.popup(screen, 40, 2 + TRICK_ROWS, &title, buf);
    let Some(d) = all.get(index.min(n.saturating_sub(1))).copied() else {
        put(buf, inner, 0, &Line::from(span(w.t(T::NoTrickYet), ctx.theme.text)));
        return;
    };
    done_trick(ctx, &d, TrumpsOf::Table, inner, buf);
}

/// The rows a finished trick takes: who took it, then its four cards in a cross.
const TRICK_ROWS: u16 = 12;

/// A finished trick at the top of `area`: who took it with its points, then each card in front
/// of the seat that played it, the winner's marked, the trumps of the deal of `trumps`.
fn done_trick(ctx: &Ctx<'_>, d: &DoneTrick, trumps: TrumpsOf, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let taken = format!(
        "{} {} {} ({})",
        w.sign(Sign::Arrow),
        w.seat(d.winner),
        w.t(T::TakesTrick),
        d.points
    );
    put(buf, area, 0, &Line::from(span(taken, ctx.theme.accent)));
    let cx = area.x + area.width / 2;
    let top = area.y + 1;
    for (seat, c) in d.trick.plays() {
        let (x, y) = match seat {
            Seat::North => (cx.saturating_sub(3), top),
            Seat::South => (cx.saturating_sub(3), top + 6),
            Seat::West => (cx.saturating_sub(14), top + 3),
            Seat::East => (cx + 7, top + 3),
        };
        let highlight = Highlight { marked: seat == d.winner, trumps, ..Highlight::default() };
        card::face(ctx, buf, x, y, c, highlight, area, card::SMALL);
    }
}

/// The expert's line over a deal's review: its head (which card in place of which, every hand
/// seen), the trick shown with who took it, the card points each side has taken once it is
/// over, and the buttons to the trick before and after.
pub fn expert_line(ctx: &mut Ctx<'_>, view: &LineView, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let line = &view.line;
    let Some((number, trick)) = line.shown() else { return };
    let width = screen.width.saturating_sub(4).min(66);
    let head = Paragraph::new(Line::from(span(format!("{}.", w.expert_line_head(line)), t.text)))
        .wrap(Wrap { trim: true });
    let head_rows = head.line_count(width.saturating_sub(2)) as u16;
    // The head, a blank, the trick's number, the trick, the points, a blank and the buttons;
    // the blanks go first when the room is short.
    let fixed = head_rows + 1 + TRICK_ROWS + 1 + 1;
    let blanks = screen.height.saturating_sub(2 + fixed).min(2);
    let inner = ctx.popup(screen, width, fixed + blanks + 2, w.t(T::ExpertLineTitle), buf);
    head.render(Rect { height: head_rows.min(inner.height), ..inner }, buf);
    let mut y = head_rows + u16::from(blanks > 0);
    let of = line.from + line.tricks.len() - 1;
    let title = format!("{} {number} {} {of}", w.t(T::Trick), w.t(T::TricksOf));
    put(buf, inner, y, &Line::from(span(title, t.title)));
    y += 1;
    if y < inner.height {
        let area = Rect { y: inner.y + y, height: TRICK_ROWS.min(inner.height - y), ..inner };
        done_trick(ctx, trick, TrumpsOf::Deal(view.trump), area, buf);
    }
    y += TRICK_ROWS;
    let points = view.points();
    let taken = Line::from(vec![
        span(format!("{}{}", w.t(T::CardPoints), w.colon()), t.dim),
        span(
            format!("{} {}  {} {}", w.t(T::Us), points[Team::NS], w.t(T::Them), points[Team::EW]),
            t.accent,
        ),
    ]);
    put(buf, inner, y, &taken);
    y += 1 + u16::from(blanks > 1);
    if y >= inner.height {
        return;
    }
    let (first, last) = view.at_ends();
    let before = format!("{} {}", w.sign(Sign::Back), w.t(T::TrickBefore));
    let after = format!("{} {}", w.t(T::TrickAfter), w.sign(Sign::Marker));
    let x = inner.x;
    let used = step_button(ctx, x, inner.y + y, &before, !first, Hit::Earlier, buf);
    step_button(ctx, x + used + 1, inner.y + y, &after, !last, Hit::Later, buf);
}

/// A button of the expert's line: a live one, or dimmed with no click where the line ends.
fn step_button(
    ctx: &mut Ctx<'_>,
    x: u16,
    y: u16,
    label: &str,
    live: bool,
    hit: Hit,
    buf: &mut Buffer,
) -> u16 {
    if live {
        return ctx.button(x, y, label, false, hit, buf);
    }
    let text = format!("[{label}]");
    buf.set_string(x, y, &text, ctx.theme.dim);
    text.chars().count() as u16
}

#[cfg(test)]
mod tests {
    use super::{CONTRACT_WIDTH, RESULT_WIDTH, broken};

    #[test]
    fn the_options_are_broken_after_their_commas() {
        let text = "Weighed: 8♠ +33 ± 98, 10♥ +33 ± 98, 10♦ +33 ± 98, J♥ +28 ± 96";
        assert_eq!(
            broken(text, 40),
            ["Weighed: 8♠ +33 ± 98, 10♥ +33 ± 98,", "10♦ +33 ± 98, J♥ +28 ± 96"]
        );
        assert_eq!(broken("Weighed: Pass +12", 40), ["Weighed: Pass +12"]);
    }
    use crate::rules::{Bid, BidLevel, Contract, Multiplier, Seat, Trump};
    use crate::text::SuitStyle;
    use crate::text::T;
    use crate::text::{Lang, Words};

    #[test]
    fn every_contract_fits_the_history_column() {
        let multipliers = [Multiplier::Simple, Multiplier::Contre, Multiplier::Surcontre];
        let mut longest = 0;
        for lang in Lang::ALL {
            for suits in [SuitStyle::Glyphs, SuitStyle::Letters] {
                let w = Words { lang, suits, ascii: false, spoken: false };
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
        // The results too, in both languages; a row, with its marker, fits an 80-column
        // terminal's history (78 columns, less its frame).
        let results = Lang::ALL.iter().flat_map(|&lang| {
            let w = Words { lang, suits: SuitStyle::Glyphs, ascii: false, spoken: false };
            [T::Made, T::Failed, T::InProgress].map(|t| w.t(t).chars().count())
        });
        assert_eq!(results.max(), Some(RESULT_WIDTH));
        let row = 3 + 7 + CONTRACT_WIDTH + RESULT_WIDTH + 5 + 5 + 6 + 6 + 7;
        assert_eq!(1 + row, 76);
    }
}
