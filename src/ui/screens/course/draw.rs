//! The course's drawing: the map of the stages with their stars; a level on its table, the
//! course's box (the stage and level, the goal, the move shown first, what the last answer
//! came to) over the side panel; or a level of points, its tricks or its deal's result in a
//! box with the number typed.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{CourseScreen, MAP_ITEMS, Said};
use crate::learn::course::Step;
use crate::learn::{Level, Scene, Stage};
use crate::rules::Team;
use crate::text::{Sign, T};
use crate::ui::hits::Hit;
use crate::ui::screens::table;
use crate::ui::widgets::{Ctx, card, centered, span};

/// Draws the course screen in `area`.
pub fn draw(screen: &CourseScreen, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    match screen.level() {
        None => map(screen, ctx, area, buf),
        Some((level, said, typed)) if screen.table().is_some() => {
            table::draw(ctx, area, buf);
            let [_, side] = table::columns(area);
            // Over the panel's score and this deal's boxes, under the contract's.
            // as tall as its lines need, the auction's box keeping what is left under it.
            let lines = level_lines(ctx, screen, level, said, typed);
            let p = Paragraph::new(lines.clone()).wrap(Wrap { trim: false });
            let solved = u16::from(matches!(said, Said::Solved(_)));
            let need = p.line_count(side.width.saturating_sub(2)) as u16 + 2 + solved;
            let top = side.y + 4.min(side.height);
            let room = side.height.saturating_sub(4);
            let room = Rect { y: top, height: need.max(11).min(room), ..side };
            boxed(ctx, &lines, room, said, buf);
        }
        Some((level, said, typed)) => {
            let mut lines = scene_lines(ctx, screen, level);
            lines.push(Line::from(""));
            lines.extend(level_lines(ctx, screen, level, said, typed));
            let width = area.width.saturating_sub(4).min(76);
            let p = Paragraph::new(lines.clone()).wrap(Wrap { trim: false });
            let rows = (p.line_count(width.saturating_sub(2)) as u16 + 3).min(area.height);
            boxed(ctx, &lines, centered(area, width, rows), said, buf);
        }
    }
}

/// The map: the stages with their stars, done or open, the first deal, and the idea of the
/// stage selected (or the end of the stage just played).
fn map(screen: &CourseScreen, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let progress = screen.course().progress();
    let width = area.width.saturating_sub(4).min(76);
    let inner =
        ctx.popup(area, width, area.height.saturating_sub(2).min(22), w.t(T::LearnToPlay), buf);
    let intro =
        Paragraph::new(Line::from(span(w.t(T::CourseIntro), t.dim))).wrap(Wrap { trim: true });
    let intro_rows = intro.line_count(inner.width) as u16;
    intro.render(Rect { height: intro_rows.min(inner.height), ..inner }, buf);
    let mut y = inner.y + intro_rows + 1;
    for i in 0..MAP_ITEMS {
        if y >= inner.bottom() {
            return;
        }
        let focused = screen.cursor() == i;
        let marker = if focused { w.sign(Sign::Marker) } else { " " };
        let text = match Stage::numbered(i + 1) {
            Some(stage) => {
                let (won, of) = progress.stage_stars(stage);
                let state = if progress.stage_done(stage) {
                    w.t(T::StageDone)
                } else if progress.stage_open(stage) {
                    w.t(T::StageOpen)
                } else {
                    ""
                };
                let stars = format!(
                    "{}{}",
                    w.sign(Sign::StarWon).repeat(won as usize),
                    w.sign(Sign::StarToWin).repeat(of.saturating_sub(won) as usize)
                );
                format!("{marker} {}. {:<26} {stars:<18} {state}", i + 1, w.stage_name(stage))
            }
            None => {
                let done = if progress.first_deal { w.t(T::StageDone) } else { "" };
                format!("{marker} {}. {}  {done}", i + 1, w.t(T::FirstDealItem))
            }
        };
        let style = if focused { t.selected } else { t.text };
        buf.set_stringn(inner.x, y, &text, usize::from(inner.width), style);
        ctx.hits.push(Rect::new(inner.x, y, inner.width, 1), Hit::CourseItem(i));
        y += 1;
    }
    let note = match (screen.ended(), Stage::numbered(screen.cursor() + 1)) {
        (Some(Step::StageEnd { stage, won, of, .. }), _) => {
            format!("{} {}: {} / {of}", w.t(T::StageWord), w.stage_name(stage), w.stars(won))
        }
        (_, Some(stage)) => crate::text::sentence(w.stage_idea(stage)),
        _ => String::new(),
    };
    let note = Paragraph::new(Line::from(span(w.text(&note).into_owned(), t.accent)))
        .wrap(Wrap { trim: true });
    let area = Rect { y: y + 1, height: inner.bottom().saturating_sub(y + 1), ..inner };
    note.render(area, buf);
}

/// The level's own lines: the stage and level, the goal, the move shown on a stage's first
/// level, the number typed, and what the last answer came to.
fn level_lines(
    ctx: &Ctx<'_>,
    screen: &CourseScreen,
    level: &Level,
    said: &Said,
    typed: &str,
) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let (index, of) = screen.course().at().map_or((0, 0), |a| (a.index, a.levels.len()));
    let stage = level.goal.stage();
    let head = format!(
        "{} {} {} {} {}/{of}",
        w.t(T::StageWord),
        stage.number(),
        w.sign(Sign::Dash),
        w.t(T::LevelWord),
        index + 1
    );
    let mut lines = vec![Line::from(span(head, t.title)), Line::from(span(w.goal(level), t.text))];
    if *said == Said::Goal && level.shows_the_move() {
        let shown = format!("{} {} {}", w.t(T::WatchFirst), w.learn_answer(level), w.t(T::NowYou));
        lines.push(Line::from(span(shown, t.accent)));
    }
    // A problem shows every hand: the others', under the goal.
    if let Scene::Turn { open: true } = level.scene {
        lines.push(Line::from(span(format!("{}{}", w.t(T::OtherHands), w.colon()), t.dim)));
        let deal = level.game.deal();
        for seat in [crate::rules::Seat::West, crate::rules::Seat::North, crate::rules::Seat::East]
        {
            let cards: Vec<_> = deal.hands()[seat].iter().collect();
            let mut spans = vec![span(format!("{} ", w.seat(seat)), t.dim)];
            spans.extend(card::written(ctx, &cards, u16::MAX).into_iter().flat_map(|l| l.spans));
            lines.push(Line::from(spans));
        }
    }
    if screen.table().is_none() && !matches!(said, Said::Solved(_)) {
        let cursor = if w.ascii { "_" } else { "▏" };
        let answer = format!("{}{}{typed}{cursor}", w.t(T::YourCount), w.colon());
        lines.push(Line::from(span(answer, t.selected)));
    }
    match said {
        Said::Goal => {}
        Said::Wrong { reason, answer } => {
            lines.push(Line::from(span(reason.clone(), t.bad)));
            match answer {
                Some(a) => lines.push(Line::from(span(a.clone(), t.accent))),
                None => lines.push(Line::from(span(w.t(T::TryAgain), t.dim))),
            }
        }
        Said::Solved(stars) => {
            let right = format!("{} {}", w.t(T::RightAnswer), w.stars(u32::from(*stars)));
            lines.push(Line::from(span(right, t.good)));
        }
    }
    lines.into_iter().map(|l| text_of(ctx, l)).collect()
}

/// A line's words folded for the terminal (ASCII, spoken), its style kept.
fn text_of(ctx: &Ctx<'_>, line: Line<'static>) -> Line<'static> {
    let spans = line
        .spans
        .into_iter()
        .map(|s| span(ctx.words.text(&s.content).into_owned(), s.style))
        .collect::<Vec<_>>();
    Line::from(spans)
}

/// What a level of points shows: its drill's tricks, as many cards as its pace has shown, or
/// its deal's result.
fn scene_lines(ctx: &Ctx<'_>, screen: &CourseScreen, level: &Level) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(d) = level.game.history().last() else { return Vec::new() };
    let mut lines = vec![Line::from(span(w.text(w.seats_said()).into_owned(), t.dim))];
    match level.scene {
        Scene::Tricks { from, to, .. } => {
            lines.extend(w.drill_head(level).map(|h| Line::from(span(h, t.dim))));
            let mut left = screen.drill_shown();
            for (i, trick) in d.tricks.iter().enumerate().take(to).skip(from) {
                if left == 0 {
                    break;
                }
                let mut spans = vec![span(format!("{} {:>2}  ", w.t(T::Trick), i + 1), t.dim)];
                let plays: Vec<_> = trick.trick.plays().collect();
                let n = plays.len().min(left);
                left -= n;
                for &(seat, c) in &plays[..n] {
                    let who = w.seat(seat).chars().next().unwrap_or('?');
                    spans.push(span(format!("{who}:"), t.dim));
                    spans.push(span(format!("{:<4}", w.card(c)), t.suit(c.suit())));
                }
                if n == plays.len() {
                    spans.push(span(
                        format!("{} {}", w.sign(Sign::Arrow), w.who(trick.winner)),
                        t.text,
                    ));
                }
                lines.push(Line::from(spans));
            }
        }
        Scene::Result => {
            if let Some(c) = &d.contract {
                lines.push(Line::from(span(w.contract(c), t.accent)));
            }
            for team in Team::ALL {
                let text = format!(
                    "{}: {} {}, {} {}",
                    w.side(team),
                    d.tricks_won[team],
                    w.t(T::Tricks),
                    d.card_points[team],
                    w.t(T::Points)
                );
                lines.push(Line::from(span(text, t.text)));
            }
        }
        Scene::Turn { .. } | Scene::Auction => {
            let hand = d.record.hand_sets()[crate::rules::Seat::South];
            lines.extend(card::written(ctx, &hand.iter().collect::<Vec<_>>(), 70));
        }
    }
    lines
}

/// The lines in a box over `area`, with its button to go on once the level is solved.
fn boxed(ctx: &mut Ctx<'_>, lines: &[Line<'static>], area: Rect, said: &Said, buf: &mut Buffer) {
    let w = ctx.words;
    let block = ctx.block(w.t(T::LearnToPlay));
    let inner = block.inner(area);
    ratatui::widgets::Clear.render(area, buf);
    block.render(area, buf);
    let solved = matches!(said, Said::Solved(_));
    let body = Rect { height: inner.height.saturating_sub(u16::from(solved)), ..inner };
    Paragraph::new(lines.to_vec()).wrap(Wrap { trim: false }).render(body, buf);
    if solved && inner.height > 0 {
        let y = inner.bottom() - 1;
        // The button says its key where the box is wide enough for it, else only Continue.
        let long = w.t(T::NextLevelKey);
        let label = if long.chars().count() + 2 <= usize::from(inner.width) {
            long
        } else {
            w.t(T::Continue)
        };
        ctx.button(inner.x, y, label, true, Hit::Continue, buf);
    }
}
