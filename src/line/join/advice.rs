//! The expert's hint and who holds what at a remote table whose creator allows them (the
//! table's `help` flag), worked out as the solo table works them out, from the seat's own
//! view alone: its hand, the calls and the cards played. No card the seat was not sent is in
//! it, and the seats the expert names are turned around the player as every other seat said.
//! The expert's analysis of a finished deal is open to every player at any table: the deal,
//! every hand in it, was sent to all at its end, and is turned so that the player sits South.

use super::{JoinLine, Request};
use crate::bots::expert::{Advice, Budget, Reason, holds};
use crate::line::say::{self, NotNow};
use crate::session::work::{AnalysisRequest, Cancel, HintRequest};

impl JoinLine {
    /// `hint`: the expert's advice for the player's turn is asked, or said again if it is in.
    pub(super) fn hint(&mut self) -> Option<Request> {
        let w = self.words;
        if !self.table.help_allowed() {
            self.say(w.no_help_here());
            return None;
        }
        let (Some(view), true) = (self.table.view.as_ref(), self.table.my_turn()) else {
            self.say(say::not_now(w, NotNow::NoHint, ""));
            return None;
        };
        if let Some((revision, advice)) = &self.advice
            && *revision == view.revision
        {
            let said = say::hint(w, advice.as_ref());
            self.say(said);
            return None;
        }
        Some(Request::Hint(HintRequest {
            revision: view.revision,
            view: view.view.clone(),
            // The expert's advice reads the view alone; the seed is not the game's, unknown here.
            seed: 0,
            budget: Budget::DEFAULT,
            cancel: Cancel::new(),
        }))
    }

    /// The expert's answer to the hint asked at `revision`: said, its seats turned, if the turn
    /// is still the one asked about.
    pub fn advised(&mut self, revision: u64, advice: Option<Advice>) {
        let current = self.table.view.as_ref().map(|v| v.revision);
        if current != Some(revision) || !self.table.my_turn() {
            return;
        }
        let advice = advice.map(|mut a| {
            if let Reason::Placed { seat, .. } = &mut a.reason {
                *seat = self.table.turned(*seat);
            }
            a
        });
        let said = say::hint(self.words, advice.as_ref());
        self.advice = Some((revision, advice));
        self.say(said);
    }

    /// `holds`: who holds what, as the seat can tell, while a deal is bid or played.
    pub(super) fn say_holds(&mut self) {
        let w = self.words;
        if !self.table.help_allowed() {
            return self.say(w.no_help_here());
        }
        match self.table.seat_view().and_then(holds) {
            Some(h) => {
                let table = &self.table;
                let lines = say::holds_as(w, &h, |s| table.turned(s));
                for l in lines {
                    self.say(l);
                }
            }
            None => self.say(say::not_now(w, NotNow::NoHolds, "")),
        }
    }

    /// `analysis [N]`: the expert's analysis of finished deal `n` (the last by default) from
    /// the player's seat, said if it is in, else asked.
    pub(super) fn ask_analysis(&mut self, n: Option<usize>) -> Option<Request> {
        let w = self.words;
        let Some((n, record, levels)) = self.table.finished_deal(n) else {
            let not_now = match self.table.deals.len() {
                0 => NotNow::NoDealYet,
                _ => NotNow::NoSuchDeal(n.unwrap_or(usize::MAX)),
            };
            self.say(say::not_now(w, not_now, ""));
            return None;
        };
        if let Some(analysis) = self.analyses.get(&n).cloned() {
            self.say_analysis(n, analysis.as_ref());
            return None;
        }
        self.say(say::analysing(w));
        Some(Request::Analyse(
            n,
            AnalysisRequest { record, levels, budget: Budget::DEFAULT, cancel: Cancel::new() },
        ))
    }

    /// The expert's analysis of finished deal `n`, once worked out: kept, and said.
    pub fn analysed(&mut self, n: usize, analysis: Option<crate::bots::expert::DealAnalysis>) {
        self.analyses.insert(n, analysis.clone());
        self.say_analysis(n, analysis.as_ref());
    }

    fn say_analysis(&mut self, n: usize, analysis: Option<&crate::bots::expert::DealAnalysis>) {
        let w = self.words;
        let Some(a) = analysis else {
            return self.say(format!("{}.", w.t(crate::text::T::AnalysisFailed)));
        };
        let Some((_, record, levels)) = self.table.finished_deal(Some(n)) else { return };
        for l in say::analysis(w, a, &record, &levels) {
            self.say(w.text(&l).into_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::game::{Game, GameOptions, Phase};
    use crate::net::client::{RemoteEvent, RemoteView};
    use crate::personas::Level;
    use crate::rules::{BySeat, ByTeam, Seat};
    use crate::text::{Lang, SuitStyle, Words};

    /// A game whose first deal is over, played by random legal players, and the view East had
    /// of it as it was dealt.
    fn first_deal_over(seed: u64) -> (Game, crate::game::SeatView) {
        let players = BySeat(["you", "dede", "you", "marcel"].map(String::from));
        let mut game = Game::new(GameOptions::default(), seed, players);
        game.set_levels(BySeat([Level::Expert, Level::Normal, Level::Expert, Level::Easy]));
        let dealt = game.view(Seat::East);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        while !matches!(game.phase(), Phase::DealOver | Phase::GameOver) {
            let seat = game.to_act().expect("a seat to act");
            let action = game.random_action(&mut rng).expect("an action");
            game.apply(seat, action).expect("a legal action");
        }
        (game, dealt)
    }

    #[test]
    fn the_analysis_of_a_finished_deal_is_the_experts_from_the_players_seat_turned_south() {
        let (game, dealt) = first_deal_over(5);
        let record = game.history()[0].record.clone();
        let w = Words { lang: Lang::En, suits: SuitStyle::Letters, ascii: false, spoken: true };
        let mut l = JoinLine::new(w);
        assert_eq!(l.typed("analysis"), None, "no deal is over yet");
        assert_eq!(l.take_said(), [say::not_now(w, NotNow::NoDealYet, "")]);
        l.event(RemoteEvent::Joined { code: "ACDEFH".into(), seat: Seat::East });
        let view = RemoteView { revision: 1, view: dealt, to_act: None, may_declare: false };
        l.event(RemoteEvent::View(Box::new(view)));
        l.event(RemoteEvent::DealOver { record: Box::new(record.clone()), totals: ByTeam([0, 0]) });
        l.take_said();
        let Some(Request::Analyse(1, mut request)) = l.typed("analysis") else {
            panic!("no analysis asked")
        };
        assert_eq!(l.take_said(), [say::analysing(w)]);
        // East's deal, turned so that East is South: their hand, their partner North.
        assert_eq!(request.record, record.turned(Seat::East));
        assert_eq!(request.record.hands[Seat::South], record.hands[Seat::East]);
        // Each seat's calls read by its level in the deal, turned alike: East (a bot at normal
        // in this game) is South, West (easy) is North... as East sees them.
        assert_eq!(
            request.levels,
            BySeat([Level::Normal, Level::Expert, Level::Easy, Level::Expert])
        );
        request.budget = crate::bots::expert::Budget::worlds(4);
        let analysis = request.analyse();
        assert!(analysis.is_some(), "a deal the host finished is analysed");
        l.analysed(1, analysis.clone());
        let a = analysis.expect("analysed");
        let expected: Vec<String> = say::analysis(w, &a, &request.record, &request.levels)
            .into_iter()
            .map(|l| w.text(&l).into_owned())
            .collect();
        assert_eq!(l.take_said(), expected);
        // Asked again, said again without asking the expert; a deal not finished is said so.
        assert_eq!(l.typed("analysis 1"), None);
        assert_eq!(l.take_said(), expected);
        assert_eq!(l.typed("analysis 2"), None);
        assert_eq!(l.take_said(), [say::not_now(w, NotNow::NoSuchDeal(2), "")]);
    }
}
