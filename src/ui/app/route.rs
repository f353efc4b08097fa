//! The router: a command or a click goes to the component on top (the popup, else the screen
//! over the others, else the one at the bottom), which reads the app around it ([`Around`]) and
//! answers a [`Reply`] that the app carries out.

use super::App;
use crate::game::Game;
use crate::session::Session;
use crate::session::table::TableMsg;
use crate::stats::Stats;
use crate::ui::component::{Around, Component, Press, Reply, StartAction};
use crate::ui::hits::{Hit, Hits};
use crate::ui::popups::Popup;
use crate::ui::screens::Screen;
use crate::ui::screens::progress::ProgressView;
use crate::ui::table_screen::TableScreen;

impl App {
    /// What a component reads of the app around it: the app's fields but its screens and
    /// popups, so that one of these can change while it reads. `seen` is the screen at the
    /// bottom, unless it is the one taking the key: the table seen and whether the screens are
    /// over the game come from it.
    pub(super) fn around<'a>(
        session: &'a Session<TableScreen>,
        stats: Option<&'a Stats>,
        hits: &Hits,
        seen: Option<&'a Screen>,
    ) -> Around<'a> {
        let table = match seen {
            Some(Screen::Table) => session.table().map(TableScreen::table),
            Some(Screen::Practice(p)) => p.table().map(TableScreen::table),
            Some(Screen::Course(c)) => c.table().map(TableScreen::table),
            _ => None,
        };
        let in_game = matches!(seen, Some(Screen::Table));
        Around { session, stats, scroll_max: hits.scroll_max(), in_game, table }
    }

    /// Asks the component on top (the popup, else the screen over the others, else the one at
    /// the bottom) with what it reads of the app around it, and carries out its reply; false
    /// when it replied it was none of its own.
    fn ask_top(&mut self, ask: impl FnOnce(&mut dyn Component, &Around<'_>) -> Reply) -> bool {
        let (session, stats, hits) = (&self.session, self.stats.as_ref(), &self.hits);
        let reply = if let Some(p) = self.popups.last_mut() {
            ask(p, &App::around(session, stats, hits, Some(&self.base)))
        } else if let Some(s) = self.over.last_mut() {
            ask(s, &App::around(session, stats, hits, Some(&self.base)))
        } else {
            ask(&mut self.base, &App::around(session, stats, hits, None))
        };
        let taken = !matches!(reply, Reply::Pass);
        self.apply(reply);
        taken
    }

    /// The pause of the screen seen is over.
    pub(super) fn tick_screen(&mut self) {
        let reply = match self.over.last_mut() {
            Some(s) => s.tick(),
            None => self.base.tick(),
        };
        self.apply(reply);
    }

    /// A command to the component on top.
    pub(super) fn route_press(&mut self, press: Press) {
        self.ask_top(|c, at| c.command(press, at));
    }

    /// A click to the component on top; false when it is none of its own.
    pub(super) fn route_click(&mut self, hit: Hit) -> bool {
        self.ask_top(|c, at| c.click(hit, at))
    }

    /// Carries out what a component replied.
    fn apply(&mut self, reply: Reply) {
        match reply {
            Reply::Done | Reply::Pass => {}
            Reply::Close => {
                if self.popups.pop().is_none() {
                    self.over.pop();
                }
            }
            Reply::Table(input) => {
                let out = self.session.drive(|t| t.take(input));
                self.show(out);
            }
            Reply::Confirm(yes) => self.send(TableMsg::Confirm(yes)),
            Reply::Declare(yes) => self.send(TableMsg::Declare(yes)),
            Reply::Start(StartAction::Open(item)) => self.start_item(item),
            Reply::Start(StartAction::Change(item, forward)) => self.change(item, forward),
            Reply::Setting(item, forward) => self.change_setting(item, forward),
            Reply::Menu(item) => self.table_item(item),
            Reply::Continue => self.continue_popup(),
            Reply::LeaveGame => {
                let game = self.unseat();
                self.session.played(game.as_ref().map(Game::players));
                self.back_to_start(None);
            }
            Reply::LeavePractice => self.leave_practice(),
            Reply::Progress => self.over.push(Screen::Progress(ProgressView::default())),
            Reply::Summary => self.popups.push(Popup::DealEnd),
            Reply::Practice(out) => self.practice_follow(out),
            Reply::Course => self.write_course(),
            Reply::LeaveCourse => self.leave_course(),
            Reply::FirstDeal => self.first_deal(),
        }
    }
}
