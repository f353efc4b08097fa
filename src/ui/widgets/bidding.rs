//! The bidding box: the current bid, then, when South is to speak, buttons for the allowed calls
//! only, in the order Tab visits them (Pass; the values from the lowest allowed up to capot; the
//! four suits, then sans atout and tout atout when the game allows them; Contre or Surcontre when
//! allowed, last), the buttons of the expert's hint marked, or the question that confirms a
//! contre, a surcontre or a capot, with its button and one to cancel. Under them, what the call
//! of the focused button tells partner, in the rows left: shortened where they are few, with
//! the key that reads it whole in the auction panel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::{Ctx, meaning, put, span};
use crate::game::Action;
use crate::rules::Call;
use crate::text::{Sign, T};
use crate::ui::hits::Hit;
use crate::ui::table_screen::{BidButton, TableScreen};

/// The label of a button.
fn label(ctx: &Ctx<'_>, b: BidButton) -> String {
    let w = ctx.words;
    match b {
        BidButton::Level(l) => w.level(l),
        BidButton::Trump(crate::rules::Trump::Suit(s)) => format!(" {} ", w.suit(s)),
        BidButton::Trump(t) => w.trump(t).to_string(),
        BidButton::Call(c) => w.call(c),
    }
}

/// Whether the expert's hint advises the call `b` makes, or, for a bid, its value or its
/// trump.
fn advised(screen: &TableScreen, b: BidButton) -> bool {
    let Some(Action::Bid(call)) = screen.table().advice().map(|a| a.action) else { return false };
    match (b, call) {
        (BidButton::Level(l), Call::Bid(bid)) => bid.level == l,
        (BidButton::Trump(t), Call::Bid(bid)) => bid.trump == t,
        (BidButton::Call(c), call) => c == call,
        _ => false,
    }
}

/// Draws the bidding box in `area`.
pub fn draw(ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let Some(screen) = ctx.seen.table() else { return };
    let table = screen.table();
    let block = ctx.block(ctx.words.t(T::BiddingBox));
    let inner = block.inner(area);
    block.render(area, buf);
    let current = current_bid(ctx, table.game());
    put(buf, inner, 0, &current);
    if !table.south_to_bid() {
        return;
    }
    if let Some(call) = table.confirm() {
        let y = confirmation(ctx, inner, call, buf);
        focused_meaning(ctx, screen, area, inner, y + 1, buf);
        return;
    }
    let y = buttons(ctx, screen, inner, buf);
    // A few rows keep to the buttons; more leave one free above the meaning.
    let gap = if inner.bottom().saturating_sub(y) > SPACIOUS { 2 } else { 1 };
    focused_meaning(ctx, screen, area, inner, y + gap, buf);
}

/// The bid standing, with its contre or surcontre and who made it, or that there is none.
fn current_bid(ctx: &Ctx<'_>, game: &crate::game::Game) -> Line<'static> {
    let (w, t) = (ctx.words, ctx.theme);
    let auction = &game.deal().auction;
    match auction.current_bid() {
        Some((seat, bid)) => {
            let mult = match auction.multiplier() {
                crate::rules::Multiplier::Simple => String::new(),
                crate::rules::Multiplier::Contre => format!(" {}", w.t(T::Contred)),
                crate::rules::Multiplier::Surcontre => format!(" {}", w.t(T::Surcontred)),
            };
            Line::from(vec![
                span(w.bid(bid), t.accent),
                span(format!("{mult}, {}", super::player::name(ctx, seat)), t.text),
            ])
        }
        None => Line::from(span(w.t(T::NoBid), t.dim)),
    }
}

/// A call that waits for its confirmation: the question, alone with the one button it is about
/// (Enter presses it) and the one that forgets it. Answers the row under the question.
fn confirmation(ctx: &mut Ctx<'_>, inner: Rect, call: Call, buf: &mut Buffer) -> u16 {
    let (w, t) = (ctx.words, ctx.theme);
    let ask = match call {
        Call::Contre => T::ConfirmContre,
        Call::Surcontre => T::ConfirmSurcontre,
        _ => T::ConfirmCapot,
    };
    let text = w.t(ask);
    let label = match call {
        Call::Bid(b) => BidButton::Trump(b.trump),
        c => BidButton::Call(c),
    };
    let text_b = match call {
        Call::Bid(b) => w.bid(b),
        c => w.call(c),
    };
    // Pressed again, the button says the call; the other forgets it, for the mouse as `n`.
    let used = ctx.button(inner.x, inner.y + 2, &text_b, true, Hit::Bid(label), buf);
    let cancel = w.t(T::CancelButton);
    ctx.button(inner.x + used + 1, inner.y + 2, cancel, false, Hit::Cancel, buf);
    let mut y = inner.y + 4;
    for l in super::player::wrap(text, inner.width) {
        put(buf, inner, y - inner.y, &Line::from(span(l, t.accent)));
        y += 1;
    }
    y
}

/// The buttons of the calls South may make, a row for each kind (pass, values, suits, contre
/// and surcontre), the value chosen and the expert's advice marked. Answers the last row used.
fn buttons(ctx: &mut Ctx<'_>, screen: &TableScreen, inner: Rect, buf: &mut Buffer) -> u16 {
    let (w, t) = (ctx.words, ctx.theme);
    let buttons = screen.bid_buttons();
    let mut y = inner.y + 1;
    let mut x = inner.x;
    let mut group = None;
    for (i, &b) in buttons.iter().enumerate() {
        let g = match b {
            BidButton::Call(Call::Pass) => 0,
            BidButton::Level(_) => 1,
            BidButton::Trump(_) => 2,
            BidButton::Call(_) => 3,
        };
        if group.is_some_and(|p| p != g) {
            // Each kind of button starts its own row.
            y += 1;
            x = inner.x;
        }
        if group != Some(g) {
            group = Some(g);
            if g == 2 {
                let prompt = match screen.bid_level() {
                    Some(l) => format!("{} {} ", w.level(l), w.t(T::ChooseSuit)),
                    None => String::new(),
                };
                buf.set_string(x, y, &prompt, t.dim);
                x += prompt.chars().count() as u16;
            }
        }
        let text = label(ctx, b);
        let chosen = matches!(b, BidButton::Level(l) if screen.bid_level() == Some(l));
        let advised = advised(screen, b);
        // The value chosen, and the expert's advice, are marked by a sign as well as a colour.
        let text = match (chosen, advised) {
            (true, _) => format!("{}{text}", w.sign(Sign::Chosen)),
            (false, true) => format!("{}{text}", w.sign(Sign::Advised)),
            (false, false) => text,
        };
        let width = text.chars().count() as u16 + 2;
        if x + width > inner.right() && x > inner.x {
            y += 1;
            x = inner.x;
        }
        if y >= inner.bottom() {
            break;
        }
        let focused = screen.bid_focus() == i;
        let used = ctx.button(x, y, &text, focused, Hit::Bid(b), buf);
        if chosen {
            buf.set_style(Rect::new(x, y, used, 1), t.accent);
        } else if advised && !focused {
            buf.set_style(Rect::new(x, y, used, 1), t.good);
        }
        if let BidButton::Trump(crate::rules::Trump::Suit(s)) = b {
            let style = if focused { t.suit(s).patch(t.selected) } else { t.suit(s) };
            buf.set_style(Rect::new(x + 1, y, used.saturating_sub(2), 1), style);
        }
        x += used + 1;
    }
    y
}

/// The rows under the buttons beyond which one is left free above the meaning.
const SPACIOUS: u16 = 5;

/// What the focused button's call tells partner, from row `y` of the box to its foot: "80 ♠ —
/// Opens: …". When it is shortened, the box's lower border says which key reads it whole,
/// while nothing is read in the auction panel (the key then goes to the call to come) and no
/// call waits for its confirmation (which takes no other key than its answer).
fn focused_meaning(
    ctx: &Ctx<'_>,
    screen: &TableScreen,
    area: Rect,
    inner: Rect,
    y: u16,
    buf: &mut Buffer,
) {
    let Some((label, text)) = meaning::focused(ctx, screen) else { return };
    let rows = usize::from(inner.bottom().saturating_sub(y));
    if rows == 0 {
        return;
    }
    let w = ctx.words;
    let t = ctx.theme;
    let text = format!("{label} {} {text}", w.sign(Sign::Dash));
    let (lines, shortened) = meaning::fit(ctx, &text, inner.width, rows);
    for (i, l) in lines.into_iter().enumerate() {
        let row = y - inner.y + i as u16;
        // The call in the accent, its meaning after it.
        let line = match l.strip_prefix(label.as_str()).filter(|_| i == 0) {
            Some(rest) => {
                Line::from(vec![span(label.clone(), t.accent), span(rest.to_string(), t.text)])
            }
            None => Line::from(span(l, t.text)),
        };
        put(buf, inner, row, &line);
    }
    if shortened && screen.selected().is_none() && screen.table().confirm().is_none() {
        let note = format!(" {} {} ", w.keys("↑"), w.t(T::WholeMeaning));
        let foot = Rect::new(area.x + 1, area.bottom().saturating_sub(1), inner.width, 1);
        put(buf, foot, 0, &Line::from(span(note, t.title)));
    }
}
