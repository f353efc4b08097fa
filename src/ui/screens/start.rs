//! The start screen: the title, the game to resume, a new game with its rules and target, the
//! deal of the day, the exercises, and the screens it opens. Its state is its cursor and the
//! saved game it offers; what its items do is the app's ([`Reply::Start`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::rules::{RuleSet, Suit, Team};
use crate::session::games::Resumable;
use crate::text::{Sign, T};
use crate::ui::component::{Around, Component, Press, Reply, StartAction};
use crate::ui::hits::{Hit, StartItem};
use crate::ui::keymap::{Cmd, Mode, step};
use crate::ui::widgets::{Ctx, centered};

/// The start screen: its cursor, and the saved game it offers to resume.
#[derive(Clone, Debug, Default)]
pub struct StartScreen {
    /// The item selected.
    pub cursor: usize,
    /// A saved game to offer.
    pub resume: Option<Resumable>,
    /// Whether the player has no game yet: the course comes first.
    pub newcomer: bool,
}

impl StartScreen {
    /// The start screen's items.
    pub fn items(&self) -> Vec<StartItem> {
        let mut v = Vec::with_capacity(12);
        // A newcomer, with no game yet, is offered the course first; the others find it beside
        // the exercises.
        if self.newcomer {
            v.push(StartItem::Learn);
        }
        if self.resume.is_some() {
            v.push(StartItem::Resume);
        }
        v.extend([
            StartItem::Play,
            StartItem::Variant,
            StartItem::NtAt,
            StartItem::Target,
            StartItem::Daily,
            StartItem::Practice,
        ]);
        if !self.newcomer {
            v.push(StartItem::Learn);
        }
        v.extend([StartItem::Statistics, StartItem::Settings, StartItem::Rules, StartItem::Quit]);
        v
    }
}

impl StartScreen {
    /// A key on the start screen: the cursor moves round; left and right change the rules and the
    /// target of a new game; Enter opens the item selected.
    fn key(&mut self, cmd: Cmd) -> Option<StartAction> {
        let items = self.items();
        let item = items.get(self.cursor).copied();
        match cmd {
            Cmd::Up | Cmd::Down => step(&mut self.cursor, cmd, items.len()),
            Cmd::Left | Cmd::Right => {
                let changes =
                    matches!(item, Some(StartItem::Target | StartItem::Variant | StartItem::NtAt));
                return item.filter(|_| changes).map(|i| StartAction::Change(i, cmd == Cmd::Right));
            }
            Cmd::Act => return item.map(StartAction::Open),
            _ => {}
        }
        None
    }

    /// Selects `item`, if the menu has it.
    pub fn select(&mut self, item: StartItem) {
        self.cursor = self.items().iter().position(|x| *x == item).unwrap_or(0);
    }
}

impl Component for StartScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        Mode::Start
    }

    fn command(&mut self, press: Press, _: &Around<'_>) -> Reply {
        self.key(press.cmd).map_or(Reply::Pass, Reply::Start)
    }

    /// A click on an item selects it and opens it.
    fn click(&mut self, hit: Hit, _: &Around<'_>) -> Reply {
        match hit {
            Hit::Start(item) => {
                self.select(item);
                Reply::Start(StartAction::Open(item))
            }
            _ => Reply::Pass,
        }
    }

    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        draw_start(self, ctx, area, buf);
    }
}

/// The start screen: title, menu, the rules of a new game among its items.
fn draw_start(menu: &StartScreen, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
    let app = ctx.seen;
    let w = ctx.words;
    let t = ctx.theme;
    let suits: String = Suit::ALL.iter().map(|&s| w.suit(s)).collect::<Vec<_>>().join(" ");
    let items = menu.items();
    let fwd = w.sign(Sign::Marker);
    // A line between items when there is room for it.
    let step = if 6 + items.len() as u16 * 2 + 2 <= area.height { 2 } else { 1 };
    let height = 6 + items.len() as u16 * step;
    let box_area = centered(area, 76, height + 2);
    let block = ctx.block("");
    let inner = block.inner(box_area);
    block.render(box_area, buf);
    let title = format!("{suits}   {}   {suits}", w.t(T::Title).to_uppercase());
    let center = |s: &str| {
        let n = s.chars().count() as u16;
        inner.x + inner.width.saturating_sub(n) / 2
    };
    buf.set_string(center(&title), inner.y + 1, &title, t.title);
    // The plain set is no federation's: its own line under the title.
    let sub = w.t(match app.session().settings.set {
        RuleSet::Plain => T::SubtitlePlain,
        RuleSet::Contree | RuleSet::Coinche => T::Subtitle,
    });
    buf.set_string(center(sub), inner.y + 2, sub, t.dim);
    for (i, &item) in items.iter().enumerate() {
        let y = inner.y + 4 + i as u16 * step;
        if y >= inner.bottom() {
            break;
        }
        let label = start_label(ctx, menu, item);
        let focused = menu.cursor == i;
        let marker = if focused { fwd } else { " " };
        let text = format!("{marker} {label}");
        // A long line (the resume line with four-digit scores) moves left rather than run over
        // the frame; the box is wide enough for every line the menu has.
        let len = text.chars().count() as u16;
        let x = (inner.x + 8).min(inner.right().saturating_sub(len + 1)).max(inner.x + 1);
        let style = if focused { t.selected } else { t.text };
        let room = inner.right().saturating_sub(x);
        buf.set_stringn(x, y, &text, usize::from(room), style);
        let width = len.min(room);
        ctx.hits.push(Rect::new(x, y, width, 1), Hit::Start(item));
    }
}

/// The words of an item of the start screen: the game to resume with its score and when it was
/// saved, the rules of a new game with their arrows, the other choices.
fn start_label(ctx: &Ctx<'_>, menu: &StartScreen, item: StartItem) -> String {
    let (app, w) = (ctx.seen, ctx.words);
    let (back, fwd) = (w.sign(Sign::Back), w.sign(Sign::Marker));
    match item {
        StartItem::Resume => {
            let r = menu.resume.as_ref();
            let score = r.map(|r| r.game.totals()).unwrap_or_default();
            let saved = r.and_then(|r| r.saved);
            let when = saved.and_then(|s| crate::text::local_time(s, app.time_zone()));
            w.resume(score[Team::NS], score[Team::EW], when)
        }
        StartItem::Play => w.t(T::Play).to_string(),
        StartItem::Daily => format!("{} {}", w.t(T::DailyDeal), app.today()),
        StartItem::Variant => {
            format!(
                "{}{}{back} {} {fwd}",
                w.t(T::Variant),
                w.colon(),
                w.set(app.session().settings.set)
            )
        }
        StartItem::NtAt => {
            let on = w.t(if app.session().settings.nt_at { T::On } else { T::Off });
            format!("{}{}{back} {on} {fwd}", w.t(T::NtAtOption), w.colon())
        }
        // A rule set played to one target only has nothing to choose.
        StartItem::Target if app.session().settings.set.targets().len() == 1 => {
            format!("{}{}{} {}", w.t(T::Target), w.colon(), app.session().target, w.t(T::Points))
        }
        StartItem::Target => {
            format!(
                "{}{}{back} {} {fwd} {}",
                w.t(T::Target),
                w.colon(),
                app.session().target,
                w.t(T::Points)
            )
        }
        StartItem::Practice => w.t(T::Practice).to_string(),
        StartItem::Learn => w.t(T::LearnToPlay).to_string(),
        StartItem::Statistics => w.t(T::Statistics).to_string(),
        StartItem::Settings => w.t(T::Settings).to_string(),
        StartItem::Rules => w.t(T::Rules).to_string(),
        StartItem::Quit => w.t(T::Quit).to_string(),
    }
}
