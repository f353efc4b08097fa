//! What South asks to look at in the line mode: its hand and the tricks, the rules, the players,
//! a finished deal, what a call of the auction shows, who holds what, and the expert's analysis
//! of a deal with its line followed a trick at a time.

use super::LineMode;
use super::parse::Command;
use super::say::{self, NotNow};
use crate::bots::bidding::every_call;
use crate::bots::expert::holds;
use crate::game::{DealResult, Game, Phase};
use crate::rules::Seat;
use crate::session::commands::{Cmd, Context};
use crate::session::report::{self, Player, Summary};
use crate::session::review::ExpertLine;
use crate::text::T;

impl LineMode {
    /// South's hand, the trick on the table, the last trick or all of the deal's.
    pub(super) fn look(&mut self, command: Command) {
        let w = self.words();
        let Some(t) = self.session.table() else { return };
        let deal = t.game().deal();
        let trump = deal.contract().map(|c| c.trump());
        let lines = match command {
            Command::Hand => vec![say::hand(w, deal.hands()[Seat::South], trump)],
            Command::Trick => vec![say::on_the_table(w, t.table_trick().as_ref())],
            Command::LastTrick => match t.deal_tricks().last() {
                Some(last) => vec![say::trick_whole(w, t.deal_tricks().len(), last)],
                None => vec![say::no_trick(w)],
            },
            _ if t.deal_tricks().is_empty() => vec![say::no_trick(w)],
            _ => t
                .deal_tricks()
                .iter()
                .enumerate()
                .map(|(i, d)| say::trick_whole(w, i + 1, d))
                .collect(),
        };
        self.say_all(lines);
    }

    /// What decides whether a command applies, as the table's keys are decided: the rules of
    /// the game (else of new games), the settings, the table.
    pub(super) fn context(&self) -> Context<'_> {
        Context {
            rules: self.game().map_or_else(|| self.session.settings.rules(), Game::rules),
            choose_declarations: self.session.settings.choose_declarations,
            table: self.session.table(),
            may_play_again: false,
            practice: false,
            next_exercise: false,
            other_games: false,
            expert_line: false,
            charts: false,
        }
    }

    pub(super) fn say_rules(&mut self) {
        let w = self.words();
        let rules = self.game().map_or_else(|| self.session.settings.rules(), Game::rules);
        let mut lines: Vec<String> =
            w.rules_summary(rules.set).iter().map(|l| w.text(l).into_owned()).collect();
        lines.extend(report::set_notes(rules).into_iter().map(|n| w.t(n).to_string()));
        self.say_all(lines);
    }

    pub(super) fn say_players(&mut self) {
        let w = self.words();
        let Some(g) = self.game() else { return };
        let lines: Vec<String> = [Seat::North, Seat::East, Seat::West]
            .into_iter()
            .filter_map(|seat| Player::at(w, g, seat))
            .map(|p| say::player(w, &p))
            .collect();
        self.say_all(lines);
    }

    /// A finished deal (from 1): its summary, then its tricks.
    pub(super) fn say_deal(&mut self, n: usize) {
        let w = self.words();
        let Some(d) = self.game().and_then(|g| g.history().get(n.wrapping_sub(1))) else {
            return self.say(say::not_now(w, self.no_such_deal(n), ""));
        };
        let mut lines = say::summary(w, n, &Summary::of(w, d));
        lines.extend(d.tricks.iter().enumerate().map(|(i, t)| say::trick_whole(w, i + 1, t)));
        self.say_all(lines);
    }

    /// Says what the calls of the deal's auction show under the convention: every call, or
    /// call `n` (from 1).
    pub(super) fn explain(&mut self, n: Option<usize>) {
        let w = self.words();
        let meanings = self.game().map(|g| every_call(&g.deal().auction, &g.deal().levels));
        let meanings = meanings.unwrap_or_default();
        if meanings.is_empty() {
            return self.say(w.text(&format!("{}.", w.t(T::NoCallYet))).into_owned());
        }
        let lines: Vec<String> = match n {
            None => meanings.iter().enumerate().map(|(i, m)| say::meaning(w, i + 1, m)).collect(),
            Some(k) => match meanings.get(k.wrapping_sub(1)) {
                Some(m) => vec![say::meaning(w, k, m)],
                None => vec![say::not_now(w, NotNow::NoSuchCall(k, meanings.len()), "")],
            },
        };
        self.say_all(lines);
    }

    /// Says who holds what, as South can tell: each other seat's chance of holding each card
    /// South has not seen, from the expert's worlds.
    pub(super) fn say_holds(&mut self) {
        let w = self.words();
        let holds = self
            .game()
            .filter(|g| matches!(g.phase(), Phase::Bidding | Phase::Playing))
            .and_then(|g| holds(&g.view(Seat::South)));
        match holds {
            Some(h) => {
                let lines = say::holds(w, &h);
                self.say_all(lines);
            }
            None => self.say(say::not_now(w, NotNow::NoHolds, "")),
        }
    }

    /// Finished deal `n` (from 1; the last when `None`), or, having said there is no such deal,
    /// `None`.
    pub(super) fn finished_record(&mut self, n: Option<usize>) -> Option<(usize, DealResult)> {
        let n = n.unwrap_or_else(|| self.game().map_or(0, |g| g.history().len()));
        let record = self.game().and_then(|g| g.history().get(n.wrapping_sub(1))).cloned();
        if record.is_none() {
            let w = self.words();
            self.say(say::not_now(w, self.no_such_deal(n), ""));
        }
        record.map(|r| (n, r))
    }

    /// Asks the expert's analysis of a finished deal (from 1, the last by default).
    pub(super) fn ask_analysis(&mut self, n: Option<usize>) {
        let w = self.words();
        let Some((n, deal)) = self.finished_record(n) else { return };
        self.analysing = Some(n - 1);
        if self.session.want_analysis(Some(&deal)) {
            self.say(say::analysing(w));
        }
        self.say_analysis();
    }

    /// The expert's line after the first clear mistake among South's cards in finished deal `n`
    /// (the last when `None`), once the deal is analysed: its head, then its first trick.
    pub(super) fn follow_line(&mut self, n: Option<usize>) {
        let w = self.words();
        let Some((_, deal)) = self.finished_record(n) else { return };
        let record = deal.record;
        let line = match self.session.analysis(&record) {
            Some(Some(a)) => ExpertLine::after_first_mistake(&record, a),
            _ => return self.say(w.text(w.t(T::LineAnalysisFirst)).into_owned()),
        };
        self.expert_line = line;
        match &self.expert_line {
            Some(line) => {
                let head = format!("{}.", w.expert_line_head(line));
                self.say(w.text(&head).into_owned());
                self.say_line_trick();
            }
            None => self.say(w.text(w.t(T::LineNoMistakeLine)).into_owned()),
        }
    }

    /// The next trick of the expert's line, or that it is over.
    pub(super) fn next_of_line(&mut self) {
        let w = self.words();
        match self.expert_line.as_mut().map(|l| l.key(Cmd::Right)) {
            None => self.say(w.text(w.t(T::LineNoLine)).into_owned()),
            Some(true) => self.say_line_trick(),
            Some(false) => self.say(w.text(&format!("{}.", w.t(T::ExpertLineEnd))).into_owned()),
        }
    }

    /// The trick of the expert's line shown, whole.
    pub(super) fn say_line_trick(&mut self) {
        let w = self.words();
        let Some((number, trick)) = self.expert_line.as_ref().and_then(|l| l.shown()) else {
            return;
        };
        let said = say::trick_whole(w, number, trick);
        self.say(said);
    }

    /// The analysis awaited, once it is in.
    pub(super) fn say_analysis(&mut self) {
        let w = self.words();
        let Some(i) = self.analysing else { return };
        let Some(deal) = self.game().and_then(|g| g.history().get(i)).cloned() else {
            return;
        };
        let Some(analysis) = self.session.analysis(&deal.record) else { return };
        self.analysing = None;
        let Some(a) = analysis else {
            return self.say(w.text(&format!("{}.", w.t(T::AnalysisFailed))).into_owned());
        };
        let lines = say::analysis(w, a, &deal.record, &deal.levels);
        let lines = lines.into_iter().map(|l| w.text(&l).into_owned()).collect();
        self.say_all(lines);
    }
}
