//! The statistics screen: games, streaks, contracts, contres, capots, belotes and points, for
//! your team and for your opponents side by side, and the balance against the expert. The
//! statistics are loaded for it; `p` opens the progress charts over it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::rules::Team;
use crate::text::{T, signed};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::widgets::{Ctx, centered, put, span};

/// The statistics screen: it has no state of its own, the statistics being the app's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatisticsScreen;

impl Component for StatisticsScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Statistics
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Progress => Reply::Progress,
            Cmd::Close => Reply::Close,
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_statistics(ctx, area, buf);
    }
}

/// The statistics screen: games, streaks, contracts, contres, capots, belotes and points, for
/// your team and for your opponents side by side.
fn draw_statistics(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(s) = ctx.seen.stats().filter(|s| s.deals.played > 0) else {
        let box_area = centered(area, 60, 5);
        let block = ctx.block(w.t(T::Statistics));
        let inner = block.inner(box_area);
        block.render(box_area, buf);
        put(buf, inner, 1, &Line::from(span(format!(" {}", w.t(T::NoStats)), t.text)));
        return;
    };
    let rows = statistics_rows(w, s, area.height);
    // The columns' names stand on the frame's top line, so that every row fits at 80x24.
    let box_area = centered(area, 64, rows.len() as u16 + 1);
    let block = ctx.block(w.t(T::Statistics));
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    let (_, (us, them)) = &rows[0];
    for (name, end) in [(us, 38 + 10), (them, 38 + 10 + 12)] {
        let x = (inner.x + end).saturating_sub(name.chars().count() as u16);
        buf.set_string(x, box_area.y, format!(" {name} "), t.dim);
    }
    let inner = Rect { y: inner.y.saturating_sub(1), height: inner.height + 1, ..inner };
    for (i, (label, (us, them))) in rows.iter().enumerate().skip(1) {
        let style = if i == 0 { t.dim } else { t.text };
        put(
            buf,
            inner,
            i as u16,
            &Line::from(vec![
                span(format!(" {label:<37}"), style),
                span(format!("{us:>10}"), if i == 0 { t.dim } else { t.accent }),
                span(format!("{them:>12}"), style),
            ]),
        );
    }
}

/// The statistics' rows: a label, then ours and theirs (the first row names the columns), the
/// balance against the expert by rule set while `height` has the room.
fn statistics_rows(
    w: crate::text::Words,
    s: &crate::stats::Stats,
    height: u16,
) -> Vec<(String, (String, String))> {
    let d = &s.deals;
    let all = s.all_games();
    let two = |a: u32, b: u32| (a.to_string(), b.to_string());
    let mut rows: Vec<(String, (String, String))> = vec![
        (String::new(), (w.t(T::Us).into(), w.t(T::Them).into())),
        (w.t(T::GamesPlayed).into(), (all.played.to_string(), String::new())),
        (w.t(T::GamesWon).into(), two(all.won, all.lost)),
    ];
    for g in &s.games {
        let rules = crate::rules::Rules::of(g.set);
        let label = format!("  {} {} {}", w.rules_short(rules), g.target, w.t(T::Points));
        rows.push((label, two(g.won, g.lost)));
    }
    let ppd = d.points_per_deal();
    rows.extend([
        (
            w.t(T::Streak).into(),
            (format!("{} / {}", s.streak.current, s.streak.best), String::new()),
        ),
        (w.t(T::DealsPlayed).into(), (d.played.to_string(), String::new())),
        (format!("  {}", w.t(T::PassedOut)), (d.passed_out.to_string(), String::new())),
        (w.t(T::ContractsTaken).into(), two(d.ours.taken, d.theirs.taken)),
        (format!("  {}", w.t(T::StatMade)), two(d.ours.made, d.theirs.made)),
        (format!("  {}", w.t(T::StatFailed)), two(d.ours.failed, d.theirs.failed)),
        (w.t(T::StatContres).into(), two(d.contres.made, d.contres.suffered)),
        (format!("  {}", w.t(T::ContresWon)), two(d.contres_won.made, d.contres_won.suffered)),
        (w.t(T::StatSurcontres).into(), two(d.surcontres.made, d.surcontres.suffered)),
        (w.t(T::StatCapots).into(), two(d.capots.made, d.capots.suffered)),
        (w.t(T::StatBelotes).into(), two(d.belotes[Team::NS], d.belotes[Team::EW])),
        (
            w.t(T::PointsPerDeal).into(),
            (format!("{:.1}", ppd[Team::NS]), format!("{:.1}", ppd[Team::EW])),
        ),
        (w.t(T::Undos).into(), (d.undos.to_string(), String::new())),
        (w.t(T::HintsUsed).into(), (d.hints.to_string(), String::new())),
        (
            w.t(T::ExercisesSolved).into(),
            (format!("{} / {}", s.practice.solved, s.practice.missed), String::new()),
        ),
    ]);
    // The deals compared with the expert in South's seat, and the balance, in all and, when
    // more than one rule set was played, in each.
    let c = &s.compared;
    if c.all.deals > 0 {
        let value = |b: &crate::stats::Balance| w.text(&signed(b.balance)).into_owned();
        let label = format!("{}, {}", w.t(T::AgainstExpert), w.over_deals(c.all.deals));
        rows.push((label, (value(&c.all), String::new())));
        // Each rule set's line where the screen has the room.
        let room = usize::from(height).saturating_sub(rows.len() + 1);
        if c.by_rules.len() > 1 && room >= c.by_rules.len() {
            for (set, b) in &c.by_rules {
                let rules = w.rules_short(crate::rules::Rules::of(*set));
                rows.push((
                    format!("  {rules}, {}", w.over_deals(b.deals)),
                    (value(b), String::new()),
                ));
            }
        }
    }
    rows
}
