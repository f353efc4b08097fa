//! The course on the table (`contree learn`, or "Learn to play" on the start screen): the map of
//! the stages with their stars, then each level on the table itself. A level that asks for a
//! card or a call is set on a table of its own, chosen with the table's own keys and clicks as
//! in a game; one that asks for points shows its tricks or its deal and takes the number typed.
//! Each answer is judged at once by the course ([`Course::answer`]): a wrong one is answered
//! with its reason, and the answer after two, the level staying for another try; a right one
//! with its stars, Enter going on. The course's progress, once changed, is written by the app
//! ([`Reply::Course`]).

mod draw;

use std::time::Duration;

use crate::game::Action;
use crate::learn::course::{Course, Step};
use crate::learn::{Answer, Asked, Level, Outcome, Scene, Stage};
use crate::rules::Seat;
use crate::session::games::Resumable;
use crate::session::settings::Prefs;
use crate::session::table::{Out, TableMsg};
use crate::text::Words;
use crate::ui::component::{Around, Component, Press, Reply};
use crate::ui::hits::Hit;
use crate::ui::keymap::{Cmd, Mode, step};
use crate::ui::table_screen::TableScreen;

/// The items of the map: the stages, then the first deal.
const MAP_ITEMS: usize = Stage::ALL.len() + 1;

/// The longest number a level takes: four digits.
const MAX_DIGITS: usize = 4;

/// What the level says of the last answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Nothing yet: the goal alone, and on a stage's first level its move shown.
    Goal,
    /// A wrong answer: why, and the answer once shown.
    Wrong {
        /// Why.
        reason: String,
        /// The right answer, once shown.
        answer: Option<String>,
    },
    /// Solved, with its stars.
    Solved(u8),
}

/// The level on screen: its table, when it asks for a card or a call, and what is typed.
#[derive(Clone, Debug)]
struct LevelView {
    /// The table set at the level's position, and that position kept to set it again.
    table: Option<(TableScreen, TableScreen)>,
    /// The digits typed, for a level that asks for points.
    typed: String,
    /// What the level says of the last answer.
    said: Said,
    /// The cards of a paced drill shown so far.
    shown: usize,
    /// A number that changes with each card shown, for the runner's timer.
    tick: u64,
}

/// The course screen.
#[derive(Clone, Debug)]
pub struct CourseScreen {
    course: Course,
    /// The item of the map selected.
    cursor: usize,
    /// The level played, when one is.
    level: Option<LevelView>,
    /// The end of the stage just played, said on the map.
    ended: Option<Step>,
    /// The saved game the start screen offered, offered again on the way back.
    pub resume: Option<Resumable>,
    /// The words, in the table's language, for what a level says.
    words: Words,
}

impl CourseScreen {
    /// The course at its map, on `course`'s progress, the map's cursor on the first stage not
    /// done.
    pub fn new(course: Course, words: Words, resume: Option<Resumable>) -> CourseScreen {
        let cursor = course.progress().next_stage().map_or(Stage::ALL.len(), |s| s.number() - 1);
        CourseScreen { course, cursor, level: None, ended: None, resume, words }
    }

    /// The course.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// The course, to write its progress.
    pub fn course_mut(&mut self) -> &mut Course {
        &mut self.course
    }

    /// The map's item selected.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The end of the stage just played, while the map says it.
    pub fn ended(&self) -> Option<Step> {
        self.ended
    }

    /// The level played and what it says, if one is.
    pub fn level(&self) -> Option<(&Level, &Said, &str)> {
        let view = self.level.as_ref()?;
        let level = self.course.at()?.level();
        Some((level, &view.said, &view.typed))
    }

    /// The table of the level played, if it asks for a card or a call.
    pub fn table(&self) -> Option<&TableScreen> {
        self.level.as_ref()?.table.as_ref().map(|(t, _)| t)
    }

    /// The cards of the level's drill shown so far; all of them when it is not paced.
    pub fn drill_shown(&self) -> usize {
        self.level.as_ref().map_or(0, |v| v.shown)
    }

    /// Whether the level played asks for `asked`.
    fn asks(&self, asked: Asked) -> bool {
        self.course.at().is_some_and(|a| a.level().asked() == asked)
    }

    /// Whether the level waits for an answer: not yet solved.
    fn answering(&self) -> bool {
        self.level.as_ref().is_some_and(|v| !matches!(v.said, Said::Solved(_)))
    }

    /// Enters `stage` at its first level not solved.
    fn enter(&mut self, stage: Stage, prefs: Prefs) {
        self.ended = None;
        if self.course.enter(stage) {
            self.open_level(prefs);
        }
    }

    /// Sets the level played on screen.
    fn open_level(&mut self, prefs: Prefs) {
        let Some(level) = self.course.at().map(|a| a.level()) else { return };
        // The level's choice is the player's: no card plays itself, no hint is asked, nothing
        // is taken back.
        let prefs = Prefs { auto_play: false, hint: false, undo: false, compare: false, ..prefs };
        let table = match (level.asked(), level.scene) {
            (Asked::Card | Asked::Call, Scene::Turn { .. } | Scene::Auction) => {
                let mut t = TableScreen::at_position(level.game.clone(), prefs);
                // A stage's first level shows its move: the card lifted, the button lit.
                if level.shows_the_move() {
                    match level.solution() {
                        Answer::Card(card) => t.follow_hint(Action::Play(card)),
                        Answer::Call(call) => t.follow_hint(Action::Bid(call)),
                        Answer::Number(_) => {}
                    }
                }
                Some((t.clone(), t))
            }
            _ => None,
        };
        let shown = match level.scene {
            Scene::Tricks { pace, .. } if pace > 0 => 0,
            _ => usize::MAX,
        };
        self.level =
            Some(LevelView { table, typed: String::new(), said: Said::Goal, shown, tick: 0 });
    }

    /// Judges `answer`, and sets the level's table back at its position.
    fn answer(&mut self, answer: Answer) -> Reply {
        let w = self.words;
        let Some(outcome) = self.course.answer(answer) else { return Reply::Done };
        let Some(level) = self.course.at().map(|a| a.level().clone()) else { return Reply::Done };
        let Some(view) = self.level.as_mut() else { return Reply::Done };
        if let Some((table, at)) = view.table.as_mut() {
            table.table_mut().stop();
            *table = at.clone();
        }
        view.typed.clear();
        view.said = match outcome {
            Outcome::Solved(stars) => Said::Solved(stars),
            Outcome::Wrong { reason, shown } => Said::Wrong {
                reason: w.learn_reason(&reason),
                answer: shown.then(|| w.learn_answer(&level)),
            },
        };
        if self.course.take_changed() { Reply::Course } else { Reply::Done }
    }

    /// On to the next level, or the stage's end and the map.
    fn next(&mut self, prefs: Prefs) {
        match self.course.go_on() {
            Some(Step::Level) => self.open_level(prefs),
            end => {
                self.level = None;
                self.ended = end;
            }
        }
    }

    /// What the level's table did with a key or a click: South's card or call is the answer.
    fn follow(&mut self, out: Vec<Out>) -> Reply {
        for o in out {
            match o {
                Out::Acted(Seat::South, Action::Play(card)) => {
                    return self.answer(Answer::Card(card));
                }
                Out::Acted(Seat::South, Action::Bid(call)) => {
                    return self.answer(Answer::Call(call));
                }
                _ => {}
            }
        }
        Reply::Done
    }

    /// A command at the map.
    fn map_command(&mut self, press: Press, prefs: Prefs) -> Reply {
        match press.cmd {
            Cmd::Close => Reply::LeaveCourse,
            Cmd::Act => match Stage::numbered(self.cursor + 1) {
                Some(stage) => {
                    self.enter(stage, prefs);
                    Reply::Done
                }
                None => Reply::FirstDeal,
            },
            cmd => {
                step(&mut self.cursor, cmd, MAP_ITEMS);
                Reply::Done
            }
        }
    }

    /// A command at a level: the table's keys or the digits while answering, then Enter to go
    /// on; Esc back to the map.
    fn level_command(&mut self, press: Press, prefs: Prefs) -> Reply {
        if matches!(press.cmd, Cmd::Close | Cmd::Menu) {
            self.level = None;
            self.course.to_map();
            return Reply::Done;
        }
        if !self.answering() {
            if press.cmd == Cmd::Act {
                self.next(prefs);
            }
            return Reply::Done;
        }
        let asks_card = self.asks(Asked::Card);
        let Some(view) = self.level.as_mut() else { return Reply::Done };
        if let Some((table, _)) = view.table.as_mut() {
            // A card chosen is judged as it is, whether the rules let it be played or not: a
            // card refused is a wrong answer, answered with the rule it breaks.
            if asks_card && let Some(card) = chosen_card(table, press) {
                return self.answer(Answer::Card(card));
            }
            let out = match press.cmd {
                Cmd::Yes | Cmd::No => table.update(TableMsg::Confirm(press.cmd == Cmd::Yes)),
                _ => table.key(press.cmd, press.digit),
            };
            return self.follow(out);
        }
        match press.cmd {
            Cmd::Pick => {
                if let Some(d) = press.digit.and_then(|d| char::from_digit(d, 10))
                    && view.typed.len() < MAX_DIGITS
                {
                    view.typed.push(d);
                }
                Reply::Done
            }
            Cmd::Undo => {
                view.typed.pop();
                Reply::Done
            }
            Cmd::Act => match view.typed.parse::<u16>() {
                Ok(n) => self.answer(Answer::Number(n)),
                Err(_) => Reply::Done,
            },
            _ => Reply::Done,
        }
    }
}

/// The card a key chooses at `table`: the one under the cursor, or the one of the number typed.
fn chosen_card(table: &TableScreen, press: Press) -> Option<crate::rules::Card> {
    let hand = table.table().hand();
    match press.cmd {
        Cmd::Act => hand.get(table.cursor()).copied(),
        Cmd::Pick => hand.get((press.digit? as usize).checked_sub(1)?).copied(),
        _ => None,
    }
}

impl Component for CourseScreen {
    fn mode(&self, _: &Around<'_>) -> Mode {
        match (&self.level, self.answering()) {
            (Some(v), true) => match &v.table {
                Some((t, _)) => t.table_mode(),
                None => Mode::Count,
            },
            _ => Mode::Course,
        }
    }

    fn command(&mut self, press: Press, at: &Around<'_>) -> Reply {
        let prefs = at.session.prefs();
        if self.level.is_some() {
            self.level_command(press, prefs)
        } else {
            self.map_command(press, prefs)
        }
    }

    /// A stage of the map, a card or a bidding button of the level's table, or its button
    /// to go on.
    fn click(&mut self, hit: Hit, at: &Around<'_>) -> Reply {
        let prefs = at.session.prefs();
        match hit {
            Hit::CourseItem(i) if self.level.is_none() => {
                self.cursor = i;
                self.map_command(Press::of(Cmd::Act), prefs)
            }
            Hit::Continue if self.level.is_some() && !self.answering() => {
                self.next(prefs);
                Reply::Done
            }
            Hit::Card(card) if self.answering() && self.asks(Asked::Card) => {
                self.answer(Answer::Card(card))
            }
            Hit::Card(_) | Hit::Bid(_) | Hit::Call(_) if self.answering() => {
                let Some((table, _)) = self.level.as_mut().and_then(|v| v.table.as_mut()) else {
                    return Reply::Pass;
                };
                let out = match hit {
                    Hit::Card(card) => table.click_card(card),
                    Hit::Bid(b) => table.click_bid(b),
                    Hit::Call(row) => {
                        table.click_call(row);
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                self.follow(out)
            }
            _ => Reply::Pass,
        }
    }

    fn draw(
        &self,
        ctx: &mut crate::ui::widgets::Ctx<'_>,
        area: ratatui::layout::Rect,
        buf: &mut ratatui::buffer::Buffer,
    ) {
        draw::draw(self, ctx, area, buf);
    }

    /// A paced drill shows its next card when its pace is up.
    fn pause(&self) -> Option<(u64, Duration)> {
        let view = self.level.as_ref()?;
        let level = self.course.at()?.level();
        let Scene::Tricks { from, to, pace } = level.scene else { return None };
        let cards = 4 * (to - from);
        (pace > 0 && view.shown < cards && self.answering())
            .then(|| (view.tick, Duration::from_millis(u64::from(pace))))
    }

    fn tick(&mut self) -> Reply {
        if let Some(view) = self.level.as_mut() {
            view.shown = view.shown.saturating_add(1);
            view.tick += 1;
        }
        Reply::Done
    }
}
