//! The deal of the day in the line mode (`contree --daily --line`), through the session as the
//! screen plays it ([`crate::session::daily`]): at its end, once the expert has replayed South's
//! seat and reviewed its choices, the result is said, a sentence a line, then the share line,
//! and the table closes. A day played before is practice: its first result is said instead.

use super::LineMode;
use crate::game::daily::{Day, daily_game};
use crate::session::config::Config;
use crate::store::DailyEntry;
use crate::text::T;

impl LineMode {
    /// The line mode opened on the deal of `day`, whose first result is `first` when the day
    /// was played already; `kept`, `notices` as for [`LineMode::new`].
    pub fn daily(
        config: &Config,
        kept: bool,
        notices: &[String],
        day: Day,
        first: Option<DailyEntry>,
    ) -> LineMode {
        let mut line = LineMode::welcome(config, kept, notices);
        let w = line.words();
        let practice = first.is_some();
        let Some(out) = line.session.play_daily(daily_game(day), day, first) else { return line };
        line.say(w.text(&format!("{} {day}.", w.t(T::DailyDeal))).into_owned());
        let notice = w.t(if practice { T::DailyPractice } else { T::DailyPlaying });
        line.say(w.text(&format!("{notice}.")).into_owned());
        line.sat(out, false);
        line
    }

    /// The deal at the table is over: when it is the deal of the day, its result is said once
    /// in (now or when the expert is done), and the table closes. False for any other deal.
    pub(super) fn daily_deal_over(&mut self) -> bool {
        if self.session.daily().is_none() {
            return false;
        }
        if !self.daily_ending {
            self.daily_ending = true;
            if self.session.daily().is_some_and(|d| d.shown().is_none()) {
                let w = self.words();
                self.say(w.text(w.t(T::DailyWaiting)).into_owned());
            }
        }
        self.say_daily_end();
        true
    }

    /// The result of the deal of the day, once it is in and awaited: said, then the table
    /// closes.
    pub(super) fn say_daily_end(&mut self) {
        let Some(daily) = self.session.daily().filter(|_| self.daily_ending) else { return };
        let Some(entry) = daily.shown() else { return };
        let w = self.words();
        let mut lines = Vec::new();
        if daily.practice() {
            lines.push(format!("{}{}", w.t(T::FirstTime), w.colon()));
        }
        lines.extend(w.daily_result(entry).into_iter().map(|l| format!("{}.", l.trim_start())));
        let this_time = self.game().and_then(|g| g.history().first()).map(|d| d.points());
        if let Some(s) = this_time.filter(|_| daily.practice()) {
            lines.push(format!("{}.", w.daily_this_time(s)));
        }
        lines.push(format!("{}{}{}", w.t(T::DailyShare), w.colon(), w.daily_share(entry)));
        let lines = lines.into_iter().map(|l| w.text(&l).into_owned()).collect();
        self.say_all(lines);
        self.daily_ending = false;
        // The deal came from no game: nothing sits down again, and the table closes.
        let _ = self.session.end_again();
        self.quit = true;
    }
}
