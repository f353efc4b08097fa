//! The progress view, from the statistics: the figures of the last games played
//! ([`crate::progress`]), one chart at a time: the balance against the expert, the mistakes'
//! cost, the exercises answered. Its state is the chart shown; ← and → (or a click on a
//! chart's name) go from one to the next. Each chart is a ratatui chart with labelled axes, the
//! trend said above it. Each series has a marker of its own, an ASCII sign named in the legend,
//! so that two series are told apart by their markers in every theme, `NO_COLOR` and `--ascii`
//! included; a game whose figure was not measured has no point, never a 0.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Chart as ChartWidget, Dataset, GraphType};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::progress::{GameProgress, SHOWN, charted, played, trend};
use crate::text::{Sign, T, rounded, signed, unsigned};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::{Chart, Hit};
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, span};

/// The progress view's state: the chart shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressView {
    /// The chart shown.
    pub chart: Chart,
}

impl ProgressView {
    /// Left and right go round the charts.
    fn key(&mut self, cmd: Cmd) {
        let i = Chart::ALL.iter().position(|c| *c == self.chart).unwrap_or(0);
        let n = Chart::ALL.len();
        let next = match cmd {
            Cmd::Left => (i + n - 1) % n,
            Cmd::Right => (i + 1) % n,
            _ => i,
        };
        self.chart = Chart::ALL[next];
    }
}

impl Component for ProgressView {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Progress
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        if press.cmd == Cmd::Close {
            return Reply::Close;
        }
        self.key(press.cmd);
        Reply::Done
    }

    /// A click on a chart's name: that chart is shown.
    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::Chart(chart) => {
                self.chart = chart;
                Reply::Done
            }
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_progress(ctx, *self, area, buf);
    }
}

/// One series of a chart: its name, marker, style and points (game number, figure).
struct Series {
    name: String,
    marker: char,
    style: Style,
    points: Vec<(f64, f64)>,
}

/// Draws the progress view in `area`.
fn draw_progress(ctx: &mut Ctx<'_>, view: ProgressView, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    // A click on the view closes it, as Esc does, but on a chart's name.
    ctx.hits.push(area, Hit::Close);
    let block = ctx.block(w.t(T::ProgressTitle));
    let inner = block.inner(area);
    block.render(area, buf);
    let all = ctx.seen.stats().map(|s| s.progress.as_slice()).unwrap_or_default();
    let games = played(all);
    let shown = &games[games.len().saturating_sub(SHOWN)..];
    if !charted(all) {
        let text = vec![
            Line::from(span(w.t(T::ProgressTooFew), t.text)),
            Line::from(""),
            Line::from(span(w.counted(w.t(T::GamesPlayed), shown.len()), t.accent)),
        ];
        let box_area = crate::ui::widgets::centered(inner, 70, 9);
        Paragraph::new(text).wrap(Wrap { trim: true }).render(box_area, buf);
        return;
    }
    let [tabs, head, said, chart_area, note] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(2),
        Constraint::Min(6),
        Constraint::Length(2),
    ])
    .areas(inner);
    draw_tabs(ctx, view.chart, tabs, buf);
    let heading = match view.chart {
        Chart::Balance => T::ChartBalanceHead,
        Chart::Mistakes => T::ChartMistakesHead,
        Chart::Exercises => T::ChartExercisesHead,
    };
    let wrap = Wrap { trim: true };
    Paragraph::new(span(w.t(heading), t.title)).wrap(wrap).render(head, buf);
    // The trend of the chart's figure, over every game filed.
    let lines = w.trend(trend(all).as_ref());
    let sentence = match view.chart {
        Chart::Mistakes => lines.first(),
        Chart::Balance => lines.get(1),
        Chart::Exercises => None,
    };
    if let Some(s) = sentence {
        Paragraph::new(span(s.as_str(), t.text)).wrap(wrap).render(said, buf);
    }
    let series = series_of(ctx, view.chart, shown);
    draw_chart(ctx, view.chart, shown.len(), &series, chart_area, buf);
    let unmeasured = shown.iter().filter(|g| missing(view.chart, g)).count();
    let line = w.progress_note(shown.len(), games.len(), unmeasured);
    Paragraph::new(span(line, t.dim)).wrap(wrap).render(note, buf);
}

/// Whether `game` has no figure for `chart`.
fn missing(chart: Chart, game: &GameProgress) -> bool {
    match chart {
        Chart::Balance => game.balance.is_none(),
        Chart::Mistakes => game.mistakes.is_none(),
        Chart::Exercises => false,
    }
}

/// The charts' names, the one shown marked and selected; each can be clicked.
fn draw_tabs(ctx: &mut Ctx<'_>, shown: Chart, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let mut x = area.x;
    for chart in Chart::ALL {
        let name = match chart {
            Chart::Balance => w.t(T::ChartBalance),
            Chart::Mistakes => w.t(T::ChartMistakes),
            Chart::Exercises => w.t(T::ChartExercises),
        };
        let on = chart == shown;
        let marker = if on { w.sign(Sign::Marker) } else { " " };
        let text = format!("{marker} {name} ");
        let style = if on { ctx.theme.selected } else { ctx.theme.text };
        let width = (text.chars().count() as u16).min(area.right().saturating_sub(x));
        buf.set_stringn(x, area.y, &text, usize::from(width), style);
        ctx.hits.push(Rect::new(x, area.y, width, 1), Hit::Chart(chart));
        x = x.saturating_add(width + 1);
    }
}

/// The series of `chart` over the games `shown`, numbered from 1, oldest first.
fn series_of(ctx: &Ctx<'_>, chart: Chart, shown: &[GameProgress]) -> Vec<Series> {
    let w = ctx.words;
    let t = ctx.theme;
    let points = |f: &dyn Fn(&GameProgress) -> Option<f64>| -> Vec<(f64, f64)> {
        let at = |(i, g): (usize, &GameProgress)| f(g).map(|y| ((i + 1) as f64, y));
        shown.iter().enumerate().filter_map(at).collect()
    };
    let one = |name: T, marker: char, style: Style, points: Vec<(f64, f64)>| Series {
        name: format!("{marker} {}", w.t(name)),
        marker,
        style,
        points,
    };
    match chart {
        Chart::Balance => {
            vec![one(T::SeriesBalance, '*', t.accent, points(&|g| g.balance.map(|b| b.per_deal())))]
        }
        Chart::Mistakes => vec![
            one(T::SeriesCalls, '*', t.accent, points(&|g| g.mistakes.map(|m| m.calls_per_deal()))),
            one(T::SeriesCards, '+', t.bad, points(&|g| g.mistakes.map(|m| m.cards_per_deal()))),
        ],
        Chart::Exercises => vec![
            one(T::SeriesSolved, '*', t.good, points(&|g| Some(g.exercises.solved as f64))),
            one(T::SeriesMissed, '+', t.bad, points(&|g| Some(g.exercises.missed as f64))),
        ],
    }
}

/// The lowest and highest values the y axis shows: 0 and the series' figures, rounded out to
/// a round step (10 points; 1 answer), one step above 0 at least.
fn y_bounds(chart: Chart, series: &[Series]) -> (f64, f64) {
    let ys = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let (lo, hi) = ys.fold((0.0f64, 0.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let step = if chart == Chart::Exercises { 1.0 } else { 10.0 };
    let lo = (lo / step).floor() * step;
    // Above 0 too, so that the expert's level shows inside the chart.
    let hi = ((hi / step).ceil() * step).max(lo + step).max(step);
    (lo, hi)
}

/// The chart itself: the games along x, the figure along y, both axes labelled.
fn draw_chart(
    ctx: &Ctx<'_>,
    chart: Chart,
    games: usize,
    series: &[Series],
    area: Rect,
    buf: &mut Buffer,
) {
    let w = ctx.words;
    let t = ctx.theme;
    let [legend_area, chart_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    let n = games as f64;
    let (lo, hi) = y_bounds(chart, series);
    let figure = |y: f64| match chart {
        Chart::Balance => w.text(&signed(rounded(y))).into_owned(),
        _ => w.text(&unsigned(rounded(y))).into_owned(),
    };
    // Labels stand evenly along an axis: the middle one only where it is a whole figure.
    let mid = (lo + hi) / 2.0;
    let mut y_labels = vec![span(figure(lo), t.dim)];
    if mid.fract() == 0.0 {
        y_labels.push(span(figure(mid), t.dim));
    }
    y_labels.push(span(figure(hi), t.dim));
    // The x axis keeps a row for its labels, but its own are spread evenly from edge to edge,
    // where no point stands: the games' numbers are written under their points below.
    let x_labels = vec![span("", t.dim), span("", t.dim)];
    let y_labels_width = y_labels.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
    let zero = [(1.0, 0.0), (n, 0.0)];
    let mut datasets = Vec::new();
    if chart == Chart::Balance {
        // The expert's own level: 0 a deal.
        datasets.push(
            Dataset::default()
                .marker(Marker::Custom('-'))
                .graph_type(GraphType::Line)
                .style(t.dim)
                .data(&zero),
        );
    }
    for s in series {
        datasets.push(
            Dataset::default()
                .name(s.name.clone())
                .marker(Marker::Custom(s.marker))
                .graph_type(GraphType::Scatter)
                .style(s.style)
                .data(&s.points),
        );
    }
    let y_title = match chart {
        Chart::Exercises => w.t(T::AxisAnswers),
        _ => w.t(T::AxisPoints),
    };
    let bounds = [0.5, n + 0.5];
    ChartWidget::new(datasets)
        .x_axis(Axis::default().bounds(bounds).labels(x_labels).style(t.border))
        .y_axis(
            Axis::default()
                .title(span(y_title, t.dim))
                .bounds([lo, hi])
                .labels(y_labels)
                .style(t.border),
        )
        .legend_position(None)
        .render(chart_area, buf);
    game_numbers(ctx, games, bounds, y_labels_width, chart_area, buf);
    // The legend, on a line of its own: each series' marker and name.
    let legend: Vec<_> = series.iter().map(|s| span(format!("{}   ", s.name), s.style)).collect();
    buf.set_line(legend_area.x, legend_area.y, &Line::from(legend), legend_area.width);
    if w.ascii {
        fold_to_ascii(chart_area, buf);
    }
}

/// The chart's axes are drawn in box-drawing lines: folded to ASCII as the frames are.
fn fold_to_ascii(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let plain = match cell.symbol() {
                "│" => "|",
                "─" => "-",
                "└" | "┌" | "┐" | "┘" => "+",
                _ => continue,
            };
            cell.set_symbol(plain);
        }
    }
}

/// Each game's number under its point, on the chart's bottom row: the chart's graph starts
/// after the y labels (at most a third of the width, as the chart lays them out) and the y axis,
/// and a point of x stands in the column the chart's canvas rounds it to. A number that would
/// touch the one before it is left out.
fn game_numbers(
    ctx: &Ctx<'_>,
    games: usize,
    [left, right]: [f64; 2],
    y_labels_width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    if area.height < 3 {
        return;
    }
    let graph_x = area.x + y_labels_width.min(area.width / 3) + 1;
    let columns = f64::from(area.right().saturating_sub(graph_x).saturating_sub(1));
    let y = area.bottom() - 1;
    let mut free = graph_x;
    for game in 1..=games {
        let column = ((game as f64 - left) * columns / (right - left)).round() as u16;
        let number = game.to_string();
        let len = number.len() as u16;
        let x = (graph_x + column).saturating_sub((len - 1) / 2);
        if x < free || x + len > area.right() {
            continue;
        }
        buf.set_string(x, y, &number, ctx.theme.dim);
        free = x + len + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_and_right_go_round_the_charts() {
        let mut v = ProgressView::default();
        v.key(Cmd::Left);
        assert_eq!(v.chart, Chart::Exercises);
        v.key(Cmd::Right);
        v.key(Cmd::Right);
        assert_eq!(v.chart, Chart::Mistakes);
        v.key(Cmd::Up);
        assert_eq!(v.chart, Chart::Mistakes);
    }
}
