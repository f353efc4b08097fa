//! The popups over the table: the end of a deal with its declarations, belotes and score as a
//! sum, the end of the game with its deals and the statistics it changed, the players, the menu
//! during play, and the help (the keys of the game, a rules summary); over the start screen, the
//! question before a new game replaces the saved one. The history and the tricks are in
//! [`super::review`] with the expert's line, who holds what in [`super::holds`].

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Ctx, put, review, scrolled, span};
use crate::game::Game;
use crate::rules::{Seat, Team};
use crate::session::commands::Availability;
use crate::session::report::{self, DealLine, Player};
use crate::text::{Sign, T};
use crate::ui::keymap;
use crate::ui::screen::{Hit, Popup, TableItem};

/// Draws a popup over `screen`.
pub fn draw(ctx: &mut Ctx<'_>, popup: &Popup, screen: Rect, buf: &mut Buffer) {
    match popup {
        Popup::DealEnd => deal_end(ctx, screen, buf),
        Popup::GameOver => game_over(ctx, screen, buf),
        Popup::History(h) => review::history(ctx, *h, screen, buf),
        Popup::Tricks(t) => review::tricks(ctx, t.index, screen, buf),
        Popup::Players => players(ctx, screen, buf),
        Popup::Seat(seat) => one_player(ctx, *seat, screen, buf),
        Popup::Menu { selected } => menu(ctx, *selected, screen, buf),
        Popup::Help { scroll } => help(ctx, *scroll, screen, buf),
        Popup::Holds(view) => super::holds::draw(ctx, *view, screen, buf),
        Popup::ExpertLine(view) => review::expert_line(ctx, view, screen, buf),
        Popup::ReplaceSaved => replace_saved(ctx, screen, buf),
    }
}

/// Asks before a new game replaces the saved one: what becomes of the saved game, its score,
/// and a button for each answer.
fn replace_saved(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(saved) = ctx.app.resume() else { return };
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

fn deal_end(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = ctx.app.game() else { return };
    let Some(d) = g.history().last() else { return };
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = review::deal_lines(ctx, d);
    // A deal played again counts in no total: its first result stands beside it instead.
    let again = ctx.app.playing_again();
    let last = if again {
        ctx.app.first_result().map(|s| (T::FirstTime, s.map(u32::from)))
    } else {
        Some((T::Totals, d.totals))
    };
    if let Some((label, row)) = last {
        lines.push(Line::from(span(
            format!("{:<24}{:>10}{:>10}", w.t(label), row[Team::NS], row[Team::EW]),
            t.title,
        )));
    }
    // The deal played again with the expert in South's seat, or that it is being played.
    let compared = w.expert_in_seat(d);
    if !compared.is_empty() {
        lines.push(Line::from(""));
        lines.extend(compared.into_iter().map(|l| Line::from(span(l, t.accent))));
    }
    let title = match (again, ctx.app.first_result()) {
        _ if ctx.app.daily().is_some() => {
            let day = ctx.app.daily().map(|d| d.day.to_string()).unwrap_or_default();
            format!("{} {day}", w.t(T::DailyDeal))
        }
        (true, Some(_)) => w.t(T::AgainOver).to_string(),
        // Never played before: a file's deal.
        (true, None) => w.t(T::FileDealOver).to_string(),
        (false, _) => w.deal_over(g.history().len()),
    };
    let inner = ctx.popup(screen, 50, lines.len() as u16 + 4, &title, buf);
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    ctx.button(inner.x, y, w.t(T::Continue), true, Hit::Continue, buf);
}

fn game_over(ctx: &mut Ctx<'_>, screen: Rect, buf: &mut Buffer) {
    let Some(g) = ctx.app.game() else { return };
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
    let compared = usize::from(g.expert_balance().0 > 0);
    let header = review::history_header(ctx);
    let fixed = lines.len() + 2 + header.len() + changes.len() + compared + 2;
    let room = usize::from(inner.height).saturating_sub(fixed);
    lines.extend(header.into_iter().map(|h| Line::from(span(h, t.dim))));
    let skip = g.history().len().saturating_sub(room);
    if skip > 0 {
        lines.push(Line::from(span(format!("  {}", w.sign(Sign::Ellipsis)), t.dim)));
    }
    let take = if skip > 0 { room.saturating_sub(1) } else { room };
    let start = g.history().len().saturating_sub(take);
    for (i, d) in g.history().iter().enumerate().skip(start) {
        let line = DealLine::finished(i, d);
        lines.push(Line::from(span(format!(" {}", review::history_row(ctx, &line)), t.text)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::ThisGame), t.title)));
    lines.extend(changes);
    let (deals, balance) = g.expert_balance();
    if deals > 0 {
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(T::AgainstExpert)), t.text),
            span(w.expert_balance(deals, balance), t.accent),
        ]));
    }
    for (i, l) in lines.iter().enumerate() {
        put(buf, inner, i as u16, l);
    }
    let y = inner.bottom().saturating_sub(1);
    let used = ctx.button(inner.x, y, w.t(T::PlayAgain), true, Hit::Continue, buf);
    let quit = w.t(T::Quit);
    buf.set_string(inner.x + used + 2, y, format!("q{}{quit}", w.colon()), t.dim);
}

/// The statistics the game changed, one line each: before → after when the statistics are
/// loaded, else what this game added.
fn stat_changes(ctx: &Ctx<'_>, g: &Game) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let after = ctx.app.stats.as_ref();
    let mut lines = Vec::new();
    for c in report::stat_changes(g, after) {
        let text = match c.now {
            Some(now) => format!("{} {} {now}", now.saturating_sub(c.added), w.sign(Sign::Arrow)),
            None => format!("+{}", c.added),
        };
        lines.push(Line::from(vec![
            span(format!("  {:<40}", w.t(c.label)), t.text),
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

/// A persona's lines: name and seat, portrait, tagline, style.
fn persona_lines(ctx: &Ctx<'_>, seat: Seat) -> Vec<Line<'static>> {
    let w = ctx.words;
    let t = ctx.theme;
    let Some(p) = ctx.app.game().and_then(|g| Player::at(w, g, seat)) else {
        return Vec::new();
    };
    let mut lines = vec![
        Line::from(span(w.text(&p.name).into_owned(), t.accent)),
        Line::from(span(format!("{}, {}", w.seat(seat), w.t(p.role)), t.dim)),
    ];
    lines.extend(p.portrait.iter().map(|l| Line::from(span(w.text(l).into_owned(), t.text))));
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.text(&p.tagline).into_owned(), t.text)));
    lines.push(Line::from(span(w.t(p.style), t.dim)));
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
    let title = super::player::name(ctx, seat);
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
        let marker = if focused { w.sign(Sign::Marker) } else { " " };
        let text = format!("{marker} {label}");
        let y = 1 + 2 * i as u16;
        let style = if focused { t.selected } else { t.text };
        put(buf, inner, y, &Line::from(span(text, style)));
        ctx.hits.push(Rect::new(inner.x, inner.y + y, inner.width, 1), Hit::TableMenu(item));
    }
}

/// The notes on the rules of the game at the table (else of new games): its declarations, or
/// what its rule set changes, and sans atout and tout atout when it has them.
pub fn set_notes(ctx: &Ctx<'_>) -> Vec<T> {
    report::set_notes(ctx.app.shown_rules())
}

fn help(ctx: &mut Ctx<'_>, scroll: u16, screen: Rect, buf: &mut Buffer) {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = vec![Line::from(span(w.t(T::Keys), t.title))];
    // The keys of this game: none for a bid or a prompt its rules and settings never offer.
    let applies = |b: &keymap::Binding| {
        b.modes.first().is_none_or(|&m| ctx.app.availability(m, b.cmd) != Availability::Never)
    };
    for b in keymap::help_bindings().into_iter().filter(|b| applies(b)) {
        lines.push(Line::from(vec![
            span(format!("  {:<14}", w.keys(b.shown)), t.accent),
            span(w.t(b.label), t.text),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::RulesSummary), t.title)));
    for l in w.rules_summary(ctx.app.shown_rules().set) {
        lines.push(Line::from(span(format!("  {l}"), t.text)));
    }
    for note in set_notes(ctx) {
        lines.push(Line::from(""));
        lines.push(Line::from(span(w.t(note), t.dim)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(span(w.t(T::Glossary), t.title)));
    for word in T::GLOSSARY {
        lines.push(Line::from(span(format!("  {}", w.t(word)), t.text)));
    }
    let width = screen.width.saturating_sub(4).min(100);
    let inner = ctx.popup(screen, width, screen.height.saturating_sub(2), w.t(T::Help), buf);
    scrolled(ctx, lines, inner, scroll, buf);
}
