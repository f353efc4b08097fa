//! A computer player's seat: name and portrait, its cards as backs (face up, written out, while
//! a claim it made is shown), markers for the dealer and the taker, a speech bubble with its last
//! call or its "Belote", and during the first trick of a coinche deal what it declared.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Ctx, card, put, span};
use crate::personas;
use crate::rules::{BeloteCall, Seat};
use crate::session::table::{Bubble, sorted_hand};
use crate::text::{Sign, T};
use crate::ui::hits::Hit;

/// The computer player at a seat, if the game names one (an exercise's table names none).
fn persona(ctx: &Ctx<'_>, seat: Seat) -> Option<&'static personas::Persona> {
    ctx.seen.game().and_then(|g| personas::by_id(&g.players()[seat]))
}

/// The name at a seat: the persona's first name, or the seat's name.
pub fn name(ctx: &Ctx<'_>, seat: Seat) -> String {
    let name =
        persona(ctx, seat).map_or_else(|| ctx.words.seat(seat).to_string(), |p| p.name.clone());
    ctx.words.text(&name).into_owned()
}

/// The words of a bubble: "Pass", "90 ♠", "Contre!", "Belote".
pub fn bubble_text(ctx: &Ctx<'_>, b: Bubble) -> String {
    let w = ctx.words;
    match b {
        Bubble::Call(c @ (crate::rules::Call::Contre | crate::rules::Call::Surcontre)) => {
            format!("{}{}", w.call(c), w.exclaim())
        }
        Bubble::Call(c) => w.call(c),
        Bubble::Belote(BeloteCall::Belote) => w.t(T::Belote).into(),
        Bubble::Belote(BeloteCall::Rebelote) => w.t(T::Rebelote).into(),
    }
}

/// The cards a seat lays face up while the claim it made is shown, in table order, in lines of
/// at most `width` columns; `None` for a seat that did not claim.
fn claimed_cards(ctx: &Ctx<'_>, seat: Seat, width: u16) -> Option<Vec<Line<'static>>> {
    let table = ctx.seen.table()?.table();
    table.claiming().filter(|c| c.seat() == seat)?;
    let d = table.game().deal();
    let hand = sorted_hand(d.hands()[seat], d.contract().map(|c| c.trump()));
    Some(card::written(ctx, &hand, width))
}

/// The lines beside or under a portrait: name, seat and markers, cards left (face up while the
/// seat's claim is shown, on as many lines as they take), bubble; `width` is the room the lines
/// have.
fn info(ctx: &Ctx<'_>, seat: Seat, width: u16) -> Info {
    let t = ctx.theme;
    let w = ctx.words;
    let Some(table) = ctx.seen.table().map(|t| t.table()) else { return Info::default() };
    let g = table.game();
    let to_act = g.to_act() == Some(seat) && table.shown_trick().is_none();
    let marker = if to_act { format!("{} ", w.sign(Sign::Marker)) } else { String::new() };
    let name_style = if to_act { t.accent } else { t.text };
    // The seat under the name, unless the name is the seat's already.
    let mut marks = Vec::new();
    if persona(ctx, seat).is_some() {
        marks.push(span(w.seat(seat).to_string(), t.dim));
    }
    if g.deal().dealer == seat {
        marks.push(span(format!(" [{}]", w.t(T::Dealer)), t.dim));
    }
    if g.deal().contract().is_some_and(|c| c.taker == seat) {
        marks.push(span(format!(" [{}]", w.t(T::Taker)), t.accent));
    }
    if let Some(first) = marks.first_mut() {
        *first = span(first.content.trim_start().to_string(), first.style);
    }
    let left = g.deal().hands()[seat].len();
    // The quotes go when they would push the words past the column: "Surcontre !" whole says
    // more than "« Surcontre" cut.
    let bubble = table.bubbles()[seat].map(|b| {
        let words = bubble_text(ctx, b);
        let quoted = format!("{} {words} {}", w.sign(Sign::Open), w.sign(Sign::Close));
        if quoted.chars().count() <= usize::from(width) { quoted } else { words }
    });
    let backs = || vec![Line::from(span(card::backs(ctx, left), t.back))];
    Info {
        name: Line::from(vec![span(marker, t.accent), span(name(ctx, seat), name_style)]),
        marks: Line::from(marks),
        cards: claimed_cards(ctx, seat, width).unwrap_or_else(backs),
        bubble: Line::from(span(bubble.unwrap_or_default(), t.bubble)),
    }
}

/// The lines of a seat beside or under its portrait.
#[derive(Default)]
struct Info {
    name: Line<'static>,
    marks: Line<'static>,
    cards: Vec<Line<'static>>,
    bubble: Line<'static>,
}

fn portrait(ctx: &Ctx<'_>, seat: Seat) -> Vec<Line<'static>> {
    let p = ctx.seen.game().and_then(|g| personas::by_id(&g.players()[seat]));
    let w = ctx.words;
    p.map(|p| {
        let line = |l: &String| Line::from(span(w.text(l).into_owned(), ctx.theme.text));
        p.portrait.iter().map(line).collect()
    })
    .unwrap_or_default()
}

/// What a seat declared, in words, while the first trick is on the table.
pub fn announcement(ctx: &Ctx<'_>, seat: Seat) -> Option<String> {
    ctx.seen.table()?.table().announcement(seat).map(|c| ctx.words.combination(c))
}

/// `text` cut into lines of at most `width` columns, at spaces where it can be
/// ([`crate::text::wrapped`]).
pub fn wrap(text: &str, width: u16) -> Vec<String> {
    crate::text::wrapped(text, usize::from(width))
}

/// A seat at the side of the table (West, East): the lines stacked under the portrait, what it
/// declared under them during the first trick. The name and the portrait open the seat's popup
/// when clicked.
pub fn draw_column(ctx: &mut Ctx<'_>, seat: Seat, area: Rect, buf: &mut Buffer) {
    let Info { name, marks, cards, bubble } = info(ctx, seat, area.width);
    let face = portrait(ctx, seat);
    let face_rows = 1 + face.len() as u16;
    let mut lines = vec![name];
    lines.extend(face);
    lines.extend(fit_marks(marks, area.width));
    lines.extend(cards);
    lines.push(bubble);
    if let Some(text) = announcement(ctx, seat) {
        lines.extend(
            wrap(&text, area.width).into_iter().map(|l| Line::from(span(l, ctx.theme.bubble))),
        );
    }
    let top = area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, l) in lines.iter().enumerate() {
        put(buf, area, top + i as u16, l);
    }
    let rows = face_rows.min(area.height.saturating_sub(top));
    ctx.hits.push(Rect::new(area.x, area.y + top, area.width, rows), Hit::Seat(seat));
}

/// The seat's name and markers on one line if it fits, else one line each: a marker cut at
/// the column's edge ("East [deal") would no longer say who deals.
fn fit_marks(marks: Line<'static>, width: u16) -> Vec<Line<'static>> {
    if marks.spans.is_empty() {
        return Vec::new();
    }
    if marks.width() <= usize::from(width) {
        return vec![marks];
    }
    marks
        .spans
        .into_iter()
        .map(|s| Line::from(span(s.content.trim_start().to_string(), s.style)))
        .collect()
}

/// A seat at the top of the table (North): the portrait with the lines beside it; the portrait
/// opens the seat's popup when clicked.
pub fn draw_row(ctx: &mut Ctx<'_>, seat: Seat, area: Rect, buf: &mut Buffer) {
    let face = portrait(ctx, seat);
    let width = 9 + 2 + 20;
    let x = area.x + area.width.saturating_sub(width) / 2;
    let face_area = Rect::new(x, area.y, 10.min(area.width), area.height);
    let info_area = Rect::new(x + 11, area.y, area.right().saturating_sub(x + 11), area.height);
    let Info { name, marks, cards, mut bubble } = info(ctx, seat, info_area.width);
    if let Some(text) = announcement(ctx, seat) {
        if bubble.width() > 0 {
            bubble.spans.push(span(" ", ctx.theme.text));
        }
        bubble.spans.push(span(text, ctx.theme.bubble));
    }
    // No line is left empty of marks: the cards come under the name.
    let mut lines = vec![name];
    lines.extend(Some(marks).filter(|m| !m.spans.is_empty()));
    lines.extend(cards);
    lines.push(bubble);
    for (i, l) in face.iter().enumerate() {
        put(buf, face_area, i as u16, l);
    }
    for (i, l) in lines.iter().enumerate() {
        put(buf, info_area, i as u16, l);
    }
    ctx.hits.push(face_area, Hit::Seat(seat));
}
