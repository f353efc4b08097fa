//! Lays the [`App`] out in a frame: the screen seen, the popups over it (each drawn by its
//! component), the table's hint and the footer of keys. The clickable areas of the frame are
//! returned, for the next click to be matched against them.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::App;
use super::component::Component;
use super::hits::{Hit, Hits, too_small};
use super::keymap::{self, Mode};
use super::popups::{Place, Popup};
use super::screens::Screen;
use super::screens::table::{self, TABLE_MIN_ROWS};
use super::widgets::{Ctx, centered, span};
use crate::session::commands::Availability;
use crate::text::T;

/// Draws the app and returns the clickable areas.
pub fn render(app: &App, frame: &mut Frame<'_>) -> Hits {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let mut ctx = Ctx {
        seen: app,
        theme: app.theme(),
        words: app.words(),
        hits: Hits::default(),
        hint_area: Rect::default(),
    };
    if too_small(area.width, area.height) {
        let msg = ctx.words.too_small(area.width, area.height);
        let r = centered(area, msg.chars().count() as u16, 1);
        Paragraph::new(Line::from(span(msg, ctx.theme.bad))).render(r, buf);
        return ctx.hits;
    }
    let hint = matches!(app.screen(), Screen::Table)
        .then(|| table::hint_lines(&ctx, area.width))
        .flatten();
    // At the table, the hint's rows are kept over the footer whether a hint is shown or not, so
    // that nothing on the table moves when one comes: two when the table keeps its own rows
    // whole (a long hint wraps), else one, and the footer's lent to a hint that needs it.
    let hint_rows = match app.screen() {
        Screen::Table | Screen::Practice(_) => {
            area.height.saturating_sub(1 + TABLE_MIN_ROWS).clamp(1, 2)
        }
        _ => 0,
    };
    let [body, hint_area, footer] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(hint_rows),
        Constraint::Length(footer_height(app, area.width, area.height)),
    ])
    .areas(area);
    ctx.hint_area = hint_area;
    app.screen().draw(&mut ctx, body, buf);
    // A popup over the whole table takes the hint's rows too: no hint is for it.
    let over = Rect { height: body.height + hint_area.height, ..body };
    for p in app.popups() {
        // A popup takes every click: what is under it must not react.
        ctx.hits.push(over, Hit::Close);
        p.draw(&mut ctx, popup_area(app, p, body, over), buf);
    }
    let covered = app.popups().iter().any(|p| popup_area(app, p, body, over) == over);
    let hint = hint.filter(|_| !covered);
    // At the table's least height the hint has a row of its own; one that needs two is lent
    // the footer's, the keys coming back once the hint goes (the help lists them). A message
    // of the status line keeps the footer.
    let lent = hint.as_ref().is_some_and(|lines| {
        hint_area.height == 1
            && footer.height == 1
            && app.status_line().is_none()
            && lines.len() > 1
    });
    if !lent {
        draw_footer(&ctx, app, footer, buf);
    }
    if let Some(lines) = hint {
        let area = if lent { hint_area.union(footer) } else { hint_area };
        Paragraph::new(lines).render(area, buf);
    }
    ctx.hits
}

/// The fewest lines a message may take at the foot of the start screen, and the rows the start
/// menu needs without the line to resume a game (a taller terminal lends the rest).
const START_STATUS_LINES: u16 = 4;
const START_MENU_ROWS: u16 = 20;

/// The message at the foot of the screen, in the style of a warning.
fn status_paragraph<'a>(ctx: &Ctx<'_>, status: &'a str) -> Paragraph<'a> {
    Paragraph::new(Line::from(span(format!("! {status}"), ctx.theme.bad)))
}

/// The footer's height: one line, except on the start screen, where a message (a save moved
/// aside, with the path where it was kept) wraps over a few lines so that it is read whole.
fn footer_height(app: &App, width: u16, height: u16) -> u16 {
    match (app.status(), app.screen()) {
        (Some(s), Screen::Start(_)) => {
            let p = Paragraph::new(format!("! {s}")).wrap(Wrap { trim: false });
            let room = height.saturating_sub(START_MENU_ROWS).max(START_STATUS_LINES);
            (p.line_count(width) as u16).clamp(1, room)
        }
        _ => 1,
    }
}

fn draw_footer(ctx: &Ctx<'_>, app: &App, area: Rect, buf: &mut ratatui::buffer::Buffer) {
    if let Some(status) = app.status_line() {
        let s = status.words(ctx.words);
        // What was just taken back, or claimed, is no failure: a note, not a warning.
        if let Some(sign) = status.note() {
            let note = format!("{} {s}", ctx.words.sign(sign));
            let note = Line::from(span(note, ctx.theme.accent));
            Paragraph::new(note).render(area, buf);
            return;
        }
        let p = status_paragraph(ctx, &s);
        if area.height > 1 { p.wrap(Wrap { trim: false }) } else { p }.render(area, buf);
        return;
    }
    // The keys that do something now.
    let mode = ctx.seen.mode();
    let entries: Vec<_> = keymap::footer(mode)
        .filter(|b| ctx.seen.availability(mode, b.cmd) == Availability::Now)
        .collect();
    let shown = footer_fit(mode, &entries, |b| footer_spans(ctx, b), area.width);
    let spans: Vec<_> = shown.into_iter().flat_map(|b| footer_spans(ctx, b)).collect();
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// One footer entry: the first of a binding's keys (the help shows them all) and its label.
fn footer_spans(ctx: &Ctx<'_>, b: &keymap::Binding) -> [ratatui::text::Span<'static>; 2] {
    let first = b.shown.split(' ').next().unwrap_or(b.shown);
    let first = ctx.words.keys(first);
    let surcontre =
        b.cmd == keymap::Cmd::Contre && ctx.seen.game().is_some_and(|g| g.legal_calls().surcontre);
    // While a call's meaning is read, Esc closes it before it opens the menu.
    let reading =
        b.cmd == keymap::Cmd::Menu && ctx.seen.table().is_some_and(|t| t.selected().is_some());
    let label = if surcontre {
        T::Surcontre
    } else if reading {
        T::Close
    } else {
        b.label
    };
    [
        span(format!(" {first} "), ctx.theme.selected),
        span(format!(" {}  ", ctx.words.t(label)), ctx.theme.dim),
    ]
}

/// How much a footer entry matters in `mode` when the footer is too narrow for all of them: the
/// least goes first. Help, close and quit are never left out, so a narrow terminal in a wordy
/// language still says how to get help and out; the help screen lists every key anyway.
fn footer_rank(mode: Mode, cmd: keymap::Cmd) -> u8 {
    use keymap::Cmd::*;
    match cmd {
        Help | Close | Quit | Suspend | Yes | No | Declare | KeepQuiet => u8::MAX,
        // What decides the deal stays longest, then the ways to look back and to take back.
        Pass | Contre | Act | SkipClaim => 7,
        NoTrump | AllTrump => 6,
        History | PlayAgain | ExpertLine | Analysis | Progress => 6,
        Undo => 5,
        Menu | LastTrick => 4,
        // At the table, ↑ and ↓ read the auction: during it, a part of choosing a call, as the
        // hint is; during the play, a look back.
        Up | Down if mode == Mode::Bidding => 2,
        Up | Down if matches!(mode, Mode::Playing | Mode::Declare | Mode::DealDone) => 1,
        Left | Right | Up | Down => 3,
        Pick | Players | Hint | Holds | Claim => 2,
        NextButton | PrevButton | PageUp | PageDown => 1,
    }
}

/// The footer entries of `mode` that fit in `width` columns, whole, in their order: the most
/// important first, then each of the others that still fits, so that an entry too wide leaves
/// its room to a narrower one.
fn footer_fit<'b>(
    mode: Mode,
    entries: &[&'b keymap::Binding],
    spans: impl Fn(&keymap::Binding) -> [ratatui::text::Span<'static>; 2],
    width: u16,
) -> Vec<&'b keymap::Binding> {
    let cost = |b: &keymap::Binding| spans(b).iter().map(|s| s.width()).sum::<usize>();
    let rank = |b: &keymap::Binding| footer_rank(mode, b.cmd);
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(rank(entries[i])), i));
    // The last entry's two trailing spaces may hang over the edge.
    let room = usize::from(width) + 2;
    let mut kept = vec![false; entries.len()];
    let mut used = 0;
    for i in order {
        let c = cost(entries[i]);
        if rank(entries[i]) == u8::MAX || used + c <= room {
            kept[i] = true;
            used += c;
        }
    }
    entries.iter().zip(kept).filter_map(|(b, k)| k.then_some(*b)).collect()
}

/// Where a popup is drawn: at the table, where its [`Place`] says; elsewhere, over the whole of
/// `over` (the body and the hint's rows).
fn popup_area(app: &App, popup: &Popup, body: Rect, over: Rect) -> Rect {
    if !matches!(app.screen(), Screen::Table | Screen::Practice(_)) {
        return over;
    }
    let [felt, _] = table::columns(body);
    match popup.place() {
        Place::Felt => felt,
        Place::AboveHand => table::popup_rows(felt),
        Place::Whole => over,
    }
}

/// Draws `app` on `terminal` and keeps the clickable areas in the app.
pub fn draw<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    app: &mut App,
) -> Result<(), B::Error> {
    let mut hits = Hits::default();
    terminal.draw(|f| hits = render(app, f))?;
    app.set_hits(hits);
    Ok(())
}
