//! Practice: the exercises made from South's clear mistakes, served one by one on the table
//! itself, set as it was at the decision (the hand, the trick, the auction, the cards played).
//! The player chooses with the table's own keys and clicks; the choice is not played on, but
//! judged against the expert's answer kept with the exercise ([`Exercise::judge`]), and the
//! exercise's review state written back ([`PracticeOut::Reviewed`], filed by the app as an
//! effect). This screen owns its state, its keys and its drawing; the app routes keys, clicks
//! and the exercises loaded to it.
//!
//! It draws the exercise's table as it was, a line over the footer saying what is asked and how
//! many exercises wait, and once the player has chosen, the verdict over the felt: whether it is
//! the expert's choice or as good as it, what the choice and the first one cost against the
//! expert's (each on a line of its own), why the expert chose its own, what each option weighed
//! is worth (mean ± standard error), best first, and how such a cost differs from the balance
//! against the expert. With no exercise yet, how they are made.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::exercises::Figure;
use crate::exercises::{self, Exercise, Verdict};
use crate::game::Action;
use crate::rules::{Card, Seat};
use crate::session::games::Resumable;
use crate::session::settings::Prefs;
use crate::session::table::{Out, TableMsg};
use crate::text::{Sign, T, signed_figure};
use crate::ui::component::{Around, Component, PracticeOut, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode};
use crate::ui::table_screen::{BidButton, TableScreen};
use crate::ui::widgets::{Ctx, centered, span};

/// The practice screen.
#[derive(Clone, Debug, Default)]
pub struct Practice {
    /// The exercises, once loaded.
    exercises: Option<Vec<Exercise>>,
    /// The exercise served.
    served: Option<Served>,
    /// The saved game the start screen offered, offered again on the way back.
    pub resume: Option<Resumable>,
}

/// An exercise on the table.
#[derive(Clone, Debug)]
struct Served {
    /// Its index among the exercises.
    index: usize,
    /// The table set as it was, then as the choice left it.
    screen: TableScreen,
    /// The table as it was, shown again once the choice is judged: what the table did with
    /// the choice (the deal played on, a deal over) is no part of the exercise.
    at: TableScreen,
    /// The choice made, once made.
    attempt: Option<Attempt>,
}

/// A choice made in an exercise, and how it compares with the expert's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attempt {
    /// The choice.
    pub action: Action,
    /// How it compares.
    pub verdict: Verdict,
}

impl Practice {
    /// The screen, waiting for the exercises; `resume` is given back on leaving.
    pub fn new(resume: Option<Resumable>) -> Practice {
        Practice { exercises: None, served: None, resume }
    }

    /// The exercises are loaded: the first due is served.
    pub fn loaded(&mut self, exercises: Vec<Exercise>, prefs: Prefs) {
        self.exercises = Some(exercises);
        self.serve(prefs);
    }

    /// Every exercise, once loaded.
    pub fn exercises(&self) -> Option<&[Exercise]> {
        self.exercises.as_deref()
    }

    /// The exercise served.
    pub fn exercise(&self) -> Option<&Exercise> {
        let s = self.served.as_ref()?;
        self.exercises.as_ref()?.get(s.index)
    }

    /// The table of the exercise served.
    pub fn table(&self) -> Option<&TableScreen> {
        self.served.as_ref().map(|s| &s.screen)
    }

    /// The choice made in the exercise served, once made.
    pub fn attempt(&self) -> Option<Attempt> {
        self.served.as_ref()?.attempt
    }

    /// Whether the player is choosing on the table.
    pub fn choosing(&self) -> bool {
        self.served.as_ref().is_some_and(|s| s.attempt.is_none())
    }

    /// The next exercise due, on a table of its own; nothing when there is none (or its deal
    /// could not be set, which a checked exercise never is).
    fn serve(&mut self, prefs: Prefs) {
        self.served = None;
        let Some(all) = self.exercises.as_ref() else { return };
        let Some(index) = exercises::next(all) else { return };
        let Ok(game) = all[index].game() else { return };
        let screen = TableScreen::at_position(game, prefs);
        let at = screen.clone();
        self.served = Some(Served { index, screen, attempt: None, at });
    }

    /// After an answer, the next exercise.
    pub fn next(&mut self, prefs: Prefs) {
        if self.attempt().is_some() {
            self.serve(prefs);
        }
    }

    /// A key of the table while choosing.
    pub fn key(&mut self, cmd: Cmd, digit: Option<u32>) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = match cmd {
            Cmd::Yes | Cmd::No => s.screen.update(TableMsg::Confirm(cmd == Cmd::Yes)),
            _ => s.screen.key(cmd, digit),
        };
        self.follow(out)
    }

    /// A click on a card of South's hand while choosing.
    pub fn click_card(&mut self, card: Card) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = s.screen.click_card(card);
        self.follow(out)
    }

    /// A click on a bidding button while choosing.
    pub fn click_bid(&mut self, b: BidButton) -> Vec<PracticeOut> {
        let Some(s) = self.served.as_mut().filter(|s| s.attempt.is_none()) else {
            return Vec::new();
        };
        let out = s.screen.click_bid(b);
        self.follow(out)
    }

    /// A click on a row of the auction panel: its meaning is read, or closed. An answered
    /// exercise's auction is read as well.
    pub fn click_call(&mut self, row: crate::ui::auction::Selected) {
        if let Some(s) = self.served.as_mut() {
            s.screen.click_call(row);
        }
    }

    /// Closes the meaning read on the exercise's table; false when none was.
    pub fn close_meaning(&mut self) -> bool {
        self.served.as_mut().is_some_and(|s| s.screen.close_meaning())
    }

    /// What the table did with the key: South's choice is judged, and nothing else the table
    /// asks (a computer player to think, a save) is carried out.
    fn follow(&mut self, out: Vec<Out>) -> Vec<PracticeOut> {
        let mut said = Vec::new();
        for o in out {
            match o {
                Out::Acted(Seat::South, action) => said.extend(self.answer(action)),
                Out::Told(notice) => said.push(PracticeOut::Told(notice)),
                _ => {}
            }
        }
        said
    }

    /// South chose `action`: judged, the table stopped where it is, and the exercise's new
    /// review state to be written.
    fn answer(&mut self, action: Action) -> Option<PracticeOut> {
        let s = self.served.as_mut()?;
        let all = self.exercises.as_mut()?;
        let answered = exercises::answered(all);
        let e = all.get_mut(s.index)?;
        let verdict = e.judge(action);
        e.review = e.review.after(verdict.solved(), answered);
        s.screen.table_mut().stop();
        s.screen = s.at.clone();
        s.attempt = Some(Attempt { action, verdict });
        Some(PracticeOut::Reviewed(Box::new(e.clone())))
    }
}

impl Component for Practice {
    fn mode(&self, _: &Around<'_>) -> Mode {
        match self.table().filter(|_| self.choosing()) {
            Some(t) => t.table_mode(),
            None => Mode::Practice,
        }
    }

    /// The table's own keys while choosing, then Enter for the next exercise; Esc (or the
    /// table's menu key) goes back.
    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        if matches!(press.cmd, Cmd::Close | Cmd::Menu) {
            return Reply::LeavePractice;
        }
        if self.choosing() {
            Reply::Practice(self.key(press.cmd, press.digit))
        } else {
            if press.cmd == Cmd::Act {
                self.next(at.session.prefs());
            }
            Reply::Done
        }
    }

    /// A card or a bidding button of the exercise's table, a row of its auction, or the button
    /// to the next exercise.
    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        match hit {
            Hit::Card(card) => Reply::Practice(self.click_card(card)),
            Hit::Bid(b) => Reply::Practice(self.click_bid(b)),
            Hit::Call(row) => {
                self.click_call(row);
                Reply::Done
            }
            Hit::Cancel => Reply::Practice(self.key(Cmd::No, None)),
            Hit::Continue => {
                self.next(at.session.prefs());
                Reply::Done
            }
            _ => Reply::Pass,
        }
    }

    /// The exercise's table, then over it the verdict and the practice's line under the felt.
    fn draw(&self, ctx: &mut Ctx<'_>, area: Rect, buf: &mut Buffer) {
        if self.table().is_some() {
            super::table::draw(ctx, area, buf);
        }
        let [felt, _] = super::table::columns(area);
        draw_practice(ctx, self, [area, felt, ctx.hint_area], buf);
    }
}

/// Draws the practice screen in `body`, over the table already drawn there when an exercise is
/// served: the verdict over its `felt`, and the practice's `line` over the footer.
fn draw_practice(ctx: &mut Ctx<'_>, p: &Practice, [body, felt, line]: [Rect; 3], buf: &mut Buffer) {
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
    lines.extend(option_lines(ctx, e, a));
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

/// Every option the expert weighed, by its worth, best first, each with what it costs against
/// the expert's, as the choice's line says it of the choice: the choice and the expert's marked.
fn option_lines(ctx: &Ctx<'_>, e: &Exercise, a: Attempt) -> Vec<(String, Style)> {
    let w = ctx.words;
    let t = ctx.theme;
    let mut lines = Vec::new();
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
    lines
}
