//! The deal of the day at the table, whichever front end draws it: the date's deal
//! ([`crate::game::daily`]) played as a deal played again ([`super::again`]), so that it counts
//! in no game and in no statistics, by computer players of one level for everyone
//! ([`DAILY_LEVEL`]), without take-backs nor hints. At its end the expert plays it again in
//! South's seat and analyses South's decisions; once both are in, its result is made
//! ([`DailyEntry`]) and filed ([`Effect::FileDaily`]). A day is played once: played again, its
//! first result is shown and the deal is practice, compared with nothing and filed nowhere.

use super::controller::{AtTable, Session};
pub use super::controller::{DAILY_LEVEL, Daily};
use super::effects::Effect;
use super::table::Out;
use crate::bots::expert::DealAnalysis;
use crate::game::daily::{DAILY_DERIVATION, Day};
use crate::game::{Action, ExpertInSeat, Game, Phase};
use crate::rules::{ByTeam, Team};
use crate::store::{DAILY_VERSION, DailyEntry, DailyMistake};
use crate::text::{Lang, T, Words};

/// The result of the deal of `game` (a deal of the day, finished) for `day`, with the
/// expert's analysis of South's decisions if it could be made.
pub fn daily_entry(day: Day, game: &Game, analysis: Option<&DealAnalysis>) -> Option<DailyEntry> {
    let d = game.history().first()?;
    let mistakes = analysis
        .map(|a| {
            a.reviews
                .iter()
                .filter_map(|r| {
                    r.mistake().map(|c| DailyMistake {
                        index: r.index,
                        played: r.played,
                        advised: r.advice.action,
                        cost: c.mean,
                        se: c.se,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(DailyEntry {
        version: DAILY_VERSION,
        date: day,
        derivation: DAILY_DERIVATION,
        filed: crate::store::now(),
        score: d.points(),
        expert: d.expert_score(),
        double_dummy: analysis.and_then(|a| a.double_dummy).map(|dd| dd.score),
        mistakes,
        analysed: analysis.is_some(),
        record: d.record.clone(),
    })
}

impl<T: AtTable> Session<T> {
    /// The deal of the day at the table, if it is one.
    pub fn daily(&self) -> Option<&Daily> {
        self.again.as_ref().and_then(|a| a.daily.as_ref())
    }

    /// Whether the deal at the table is a deal of the day played for the first time: it is
    /// compared, analysed and filed.
    pub(super) fn daily_first_play(&self) -> bool {
        self.daily().is_some_and(|d| !d.practice())
    }

    /// Plays `game`, the deal of `day`, at the table; `first` is its result the first time,
    /// when the day was played before (this play is then practice). `None`, with nothing done,
    /// while a deal is played again already.
    pub fn play_daily(
        &mut self,
        game: Game,
        day: Day,
        first: Option<DailyEntry>,
    ) -> Option<Vec<Out>> {
        let score = first.as_ref().map(|f| f.score);
        let daily = Daily { day, first, result: None };
        self.play_again_as(game, score, Some(daily), false)
    }

    /// The record of the deal of the day played for the first time, once over and while its
    /// result is awaited.
    pub(super) fn daily_awaited(&self) -> Option<&crate::game::DealResult> {
        let waiting = self.daily_first_play() && self.daily().is_some_and(|d| d.result.is_none());
        let game = self.game().filter(|_| waiting)?;
        game.history().first()
    }

    /// The deal of the day has finished for the first time: its analysis is asked.
    pub(super) fn daily_deal_over(&mut self) {
        if !self.daily_first_play() {
            return;
        }
        let deal = self.game().and_then(|g| g.history().first()).cloned();
        self.want_analysis(deal.as_ref());
        self.settle_daily();
    }

    /// Once the deal of the day played for the first time is over, compared and analysed, its
    /// result is made and filed.
    pub(super) fn settle_daily(&mut self) {
        if !self.daily_first_play() || self.daily().is_some_and(|d| d.result.is_some()) {
            return;
        }
        let Some(game) = self.game() else { return };
        let over = matches!(game.phase(), Phase::DealOver | Phase::GameOver);
        let Some(d) = game.history().first().filter(|_| over) else { return };
        if d.expert_in_seat == Some(ExpertInSeat::Thinking) {
            return;
        }
        let Some(analysis) = self.analysis(&d.record) else { return };
        let Some(day) = self.daily().map(|d| d.day) else { return };
        let Some(entry) = daily_entry(day, game, analysis) else { return };
        self.push(Effect::FileDaily(Box::new(entry.clone())));
        if let Some(daily) = self.again.as_mut().and_then(|a| a.daily.as_mut()) {
            daily.result = Some(entry);
        }
    }
}

/// When a mistake came, from its index: the auction, or the trick of the card.
fn when(w: Words, m: &DailyMistake) -> String {
    match m.played {
        Action::Bid(_) => w.t(T::Call).to_string(),
        Action::Play(_) => format!("{} {}", w.t(T::Trick), m.index / 4 + 1),
    }
}

/// The sentences of a deal of the day, the screen's and the line mode's.
impl Words {
    /// A score as the table writes it: "us 90, them 72".
    fn us_them(self, s: ByTeam<u16>) -> String {
        let us = self.t(T::Us).to_lowercase();
        let them = self.t(T::Them).to_lowercase();
        format!("{us} {}, {them} {}", s[Team::NS], s[Team::EW])
    }

    /// A practice play's own score: "This time, practice: us 90, them 72".
    pub fn daily_this_time(self, s: ByTeam<u16>) -> String {
        self.out(format!("{}{}{}", self.t(T::DailyThisTime), self.colon(), self.us_them(s)))
    }

    /// The result of a deal of the day, a line each: the score, the expert's in South's seat
    /// and the difference, the deal played double dummy, the clear mistakes with their cost,
    /// and, when both are measured, how that cost and the difference with the expert differ.
    pub fn daily_result(self, e: &DailyEntry) -> Vec<String> {
        let (c, semi) = (self.colon(), self.semicolon());
        let mut lines = vec![format!("{}{c}{}", self.t(T::DailyYourScore), self.us_them(e.score))];
        if let (Some(expert), Some(diff)) = (e.expert, e.against_expert()) {
            lines.push(format!(
                "{}{c}{}{semi}{}{c}{}",
                self.t(T::ExpertInYourSeat),
                self.us_them(expert),
                self.t(T::AgainstExpert).to_lowercase(),
                self.signed_points(diff.into())
            ));
        }
        if let Some(dd) = e.double_dummy {
            lines.push(format!("{}{c}{}", self.t(T::DailyPerfectPlay), self.us_them(dd)));
        }
        if !e.analysed {
            lines.push(self.t(T::DailyNotMeasured).to_string());
        } else if e.mistakes.is_empty() {
            lines.push(self.t(T::DailyNoMistake).to_string());
        } else {
            let (cost, se) = e.mistakes_cost();
            let cost = self.mistakes_cost(cost, se);
            let n = e.mistakes.len();
            let s = if self.plural(n as u64) { "s" } else { "" };
            lines.push(match self.lang {
                Lang::En => format!("{n} clear mistake{s}, costing in all {cost}"),
                Lang::Fr => {
                    let nt = if self.plural(n as u64) { "nt" } else { "" };
                    format!("{n} erreur{s} nette{s}, qui coûte{nt} en tout {cost}")
                }
            });
            for m in &e.mistakes {
                let cost = crate::bots::expert::Cost { mean: m.cost, se: m.se, worlds: 0 };
                lines.push(format!(
                    "  {}{c}{} {}{semi}{} {}{semi}{}",
                    when(self, m),
                    self.t(T::YouPlayed),
                    self.action(m.played),
                    self.t(T::ExpertChose),
                    self.action(m.advised),
                    self.cost(cost)
                ));
            }
        }
        // The mistakes' cost beside the balance against the expert: how the two differ.
        if e.analysed && e.against_expert().is_some() {
            lines.push(self.t(T::CostAndBalance).to_string());
        }
        lines.into_iter().map(|l| self.out(l)).collect()
    }

    /// The share line of a deal of the day: its date, how many clear mistakes, and the balance
    /// against the expert in South's seat; nothing of the cards, the contract or the score.
    pub fn daily_share(self, e: &DailyEntry) -> String {
        let mut parts = vec![match self.lang {
            Lang::En => format!("contree daily {}", e.date),
            Lang::Fr => format!("contree donne du jour {}", e.date),
        }];
        if e.analysed {
            let n = e.mistakes.len();
            let s = if self.plural(n as u64) { "s" } else { "" };
            parts.push(match self.lang {
                Lang::En => format!("{n} mistake{s}"),
                Lang::Fr => format!("{n} erreur{s}"),
            });
        }
        if let Some(diff) = e.against_expert() {
            let diff = self.signed_points(diff.into());
            parts.push(match self.lang {
                Lang::En => format!("{diff} against the expert"),
                Lang::Fr => format!("{diff} face à l'expert"),
            });
        }
        self.out(parts.join(" · "))
    }
}
