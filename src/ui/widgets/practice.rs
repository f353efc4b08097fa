//! The practice screen: the exercise's table as it was, a line over the footer saying what is
//! asked and how many exercises wait, and once the player has chosen, the verdict over the felt:
//! whether it is the expert's choice or as good as it, what the choice and the first one cost
//! against the expert's (each on a line of its own), why the expert chose its own, what each
//! option weighed is worth (mean ± standard error), best first, and how such a cost differs
//! from the balance against the expert. With no exercise yet, how they are made.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Ctx, centered, span};
use crate::exercises::{self, Exercise, Figure, Verdict};
use crate::text::{Sign, T, signed_figure};
use crate::ui::practice::{Attempt, Practice};
use crate::ui::screen::Hit;

/// Draws the practice screen in `body`, over the table already drawn there when an exercise is
/// served: the verdict over its `felt`, and the practice's `line` over the footer.
pub fn draw(ctx: &mut Ctx<'_>, p: &Practice, [body, felt, line]: [Rect; 3], buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(all) = p.exercises() else {
        let text = w.t(T::LoadingExercises);
        let r = centered(body, text.chars().count() as u16, 1);
        Paragraph::new(Line::from(span(text, t.dim))).render(r, buf);
        return;
    };
    let (Some(e), Some(_)) = (p.exercise(), p.table()) else {
        let text =
            Paragraph::new(Line::from(span(w.t(T::NoExercise), t.text))).wrap(Wrap { trim: true });
        let width = body.width.saturating_sub(4).min(64);
        let rows = text.line_count(width.saturating_sub(2)) as u16;
        let inner = ctx.popup(body, width, rows + 2, w.t(T::Practice), buf);
        text.render(inner, buf);
        return;
    };
    let tally = exercises::tally(all);
    let counts = format!(
        "{} {}, {} {}, {} {}",
        tally.waiting,
        w.t(T::Waiting),
        tally.solved,
        w.t(if w.plural(tally.solved) { T::Solved } else { T::SolvedOne }),
        tally.missed,
        w.t(if w.plural(tally.missed) { T::Missed } else { T::MissedOne })
    );
    // What is asked, while the player chooses.
    let ask = match p.attempt() {
        Some(_) => String::new(),
        None => format!(" {} {}", w.sign(Sign::Dash), w.t(T::YourChoice)),
    };
    let text = format!(" {}{}{counts}{ask}", w.t(T::Practice), w.colon());
    let text = w.text(&text).into_owned();
    Paragraph::new(Line::from(span(text, t.accent))).render(line, buf);
    if let Some(a) = p.attempt() {
        verdict(ctx, e, a, felt, buf);
    }
}

/// A figure as the table writes it: "+33 ± 9".
fn figure(ctx: &Ctx<'_>, f: Figure) -> String {
    ctx.words.text(&signed_figure(f.mean, f.se)).into_owned()
}

/// A cost as the choice's line writes it: "60 ± 8".
fn unsigned(ctx: &Ctx<'_>, f: Figure) -> String {
    ctx.words.text(&crate::text::figure(f.mean, f.se)).into_owned()
}

/// The verdict of the choice, over the felt.
fn verdict(ctx: &mut Ctx<'_>, e: &Exercise, a: Attempt, felt: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let colon = w.colon();
    let (title, style) = match a.verdict {
        Verdict::Expert => (w.t(T::ExpertChoice), t.good),
        Verdict::AsGood(_) => (w.t(T::AsGoodAsExpert), t.good),
        Verdict::Mistake(_) => (w.t(T::NotExpertChoice), t.bad),
        Verdict::Unweighed => (w.t(T::NotWeighed), t.bad),
    };
    // What the choice scores against the expert's, on its own line, apart from the worths.
    let cost = match a.verdict {
        Verdict::AsGood(c) | Verdict::Mistake(c) => Some(c.cost()),
        Verdict::Expert | Verdict::Unweighed => None,
    };
    let own = a.verdict == Verdict::Expert;
    let chose = w.your_choice(a.action, cost, own);
    let first_own = e.played == e.expert.action;
    let first = format!(
        "{}{colon}{}, {}",
        w.t(T::FirstTime),
        w.action(e.played),
        w.against_expert(Some(e.cost.cost()), first_own)
    );
    let why = format!(
        "{} {} — {}",
        w.sign(Sign::Advised),
        w.action(e.expert.action),
        w.reason(e.expert.reason)
    );
    let mut lines =
        vec![(title.to_string(), style), (chose, t.text), (first, t.dim), (why, t.accent)];
    // Every option weighed, by its worth, best first, each with what it costs against the
    // expert's, as the choice's line says it of the choice.
    let mut options: Vec<_> = e.expert.options.iter().collect();
    options.sort_by(|a, b| b.worth.mean.total_cmp(&a.worth.mean));
    lines.push((w.t(T::OptionsWeighed).to_string(), t.dim));
    let rows: Vec<_> = options
        .into_iter()
        .map(|o| {
            let mark = if o.action == a.action {
                w.sign(Sign::Chosen)
            } else if o.action == e.expert.action {
                w.sign(Sign::Advised)
            } else {
                " "
            };
            let style = if o.action == e.expert.action { t.good } else { t.text };
            // The cost of the choice is the one its line says: the first time's, for the
            // choice made then.
            let cost = if o.action == e.played { Some(e.cost) } else { o.cost };
            let cost = cost.filter(|_| o.action != e.expert.action).map(|c| unsigned(ctx, c));
            (mark, w.action(o.action), figure(ctx, o.worth), cost.unwrap_or_default(), style)
        })
        .collect();
    let width = |column: usize| {
        let chars = |r: &(&str, String, String, String, Style)| match column {
            0 => r.1.chars().count(),
            1 => r.2.chars().count(),
            _ => r.3.chars().count(),
        };
        rows.iter().map(chars).max().unwrap_or(0)
    };
    let (action_width, worth_width, cost_width) = (width(0).max(7), width(1), width(2));
    for (mark, action, worth, cost, style) in rows {
        lines.push((
            format!("  {mark} {action:<action_width$} {worth:>worth_width$}  {cost:>cost_width$}")
                .trim_end()
                .to_string(),
            style,
        ));
    }
    // What the costs are, beside the balance against the expert the table keeps.
    lines.push((w.t(T::CostAndBalance).to_string(), t.dim));
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|(text, style)| Line::from(span(w.text(&text).into_owned(), style)))
        .collect();
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let width = felt.width.saturating_sub(2).min(60);
    let rows = (text.line_count(width.saturating_sub(2)) as u16 + 4).min(felt.height);
    let inner = ctx.popup(felt, width, rows, w.t(T::Practice), buf);
    let body = Rect { height: inner.height.saturating_sub(2), ..inner };
    text.render(body, buf);
    let y = inner.bottom().saturating_sub(1);
    if y > inner.y {
        ctx.button(inner.x, y, w.t(T::NextExercise), true, Hit::Continue, buf);
    }
}
