//! The expert's line over a deal's review, from South's first clear card mistake, one trick at a
//! time: the view's own state, its keys and its drawing. Its state is the line (the trick shown and its
//! update, [`ExpertLine::key`]) with the card points the real deal's tricks before it had
//! taken, so that the view adds up the points of the whole deal as the line goes.
//!
//! The line is played out where it is asked, at the key, not on a worker: the solver settles
//! each position within a node limit, and over the 1,364 lines that start from every card
//! South could play in 60 deals of the normal computer players (the first trick's the
//! longest), a release build took 0.23 ms at the median and 14 ms at the most, under a frame.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::tricks::{TRICK_ROWS, done_trick};
use crate::game::DealResult;
use crate::rules::{ByTeam, DoneTrick, Suit, Team};
use crate::session::commands::Cmd;
use crate::session::review::ExpertLine;
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::Mode;
use crate::ui::widgets::card::TrumpsOf;
use crate::ui::widgets::{Ctx, put, span};

/// The expert's line as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    /// The line, with the trick shown.
    pub line: ExpertLine,
    /// The card points each side took in the tricks of the real deal before the line's first.
    before: ByTeam<u16>,
    /// The deal's trump suit, if it has one.
    pub trump: Option<Suit>,
}

impl LineView {
    /// The view of `line`, on the finished deal `deal`: it opens on the line's first trick.
    pub fn of(line: ExpertLine, deal: &DealResult) -> LineView {
        let before = points(deal.tricks.iter().take(line.from.saturating_sub(1)));
        let trump = deal.contract.and_then(|c| c.trump().suit());
        LineView { line, before, trump }
    }

    /// The card points each side has taken once the trick shown is over: the real deal's
    /// before the line, then the line's.
    pub fn points(&self) -> ByTeam<u16> {
        let line = points(self.line.tricks.iter().take(self.line.step + 1));
        ByTeam::from_fn(|team| self.before[team] + line[team])
    }

    /// Whether the trick shown is the line's first, or its last: no step further that way.
    pub fn at_ends(&self) -> (bool, bool) {
        (self.line.step == 0, self.line.step + 1 >= self.line.tricks.len())
    }
}

/// ← → (or a click on its buttons) go through its tricks; Esc closes it and the review is there
/// again.
impl Component for LineView {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::ExpertLine
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        match press.cmd {
            Cmd::Close => Reply::Close,
            cmd => {
                self.line.key(cmd);
                Reply::Done
            }
        }
    }

    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::Earlier => self.line.key(Cmd::Left),
            Hit::Later => self.line.key(Cmd::Right),
            _ => return Reply::Pass,
        };
        Reply::Done
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_line(ctx, self, area, buf);
    }
}

/// The card points each side took in `tricks`.
fn points<'a>(tricks: impl Iterator<Item = &'a DoneTrick>) -> ByTeam<u16> {
    let mut taken = ByTeam([0, 0]);
    for t in tricks {
        taken[t.winner.team()] += t.points;
    }
    taken
}

/// The expert's line over a deal's review: its head (which card in place of which, every hand
/// seen), the trick shown with who took it, the card points each side has taken once it is
/// over, and the buttons to the trick before and after.
fn draw_line(ctx: &mut Ctx<'_>, view: &LineView, screen: Rect, buf: &mut Buffer) {
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
pub(super) fn step_button(
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
