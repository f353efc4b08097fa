//! The expert's line over a deal's review: `l` plays it out and opens it once the deal's
//! analysis has a clear mistake among South's cards, ← → (or a click on its buttons) go
//! through its tricks, Esc closes it and the review is there again.

use super::App;
use crate::session::review::ExpertLine;
use crate::text::T;
use crate::ui::expert_line::LineView;
use crate::ui::keymap::Cmd;
use crate::ui::screen::Popup;

impl App {
    /// Whether the deal under review has a line to follow: its analysis in, with a clear
    /// mistake among South's cards.
    pub(super) fn expert_line_offered(&self) -> bool {
        self.reviewed_record()
            .and_then(|r| self.analysis(r))
            .flatten()
            .is_some_and(ExpertLine::offered)
    }

    /// Opens the expert's line of the deal under review, or says the solver could not play
    /// it out.
    pub(super) fn open_expert_line(&mut self) {
        let Some((game, i)) = self.reviewed_deal() else { return };
        let Some(deal) = game.history().get(i) else { return };
        let Some(Some(analysis)) = self.analysis(&deal.record) else { return };
        match ExpertLine::after_first_mistake(&deal.record, analysis) {
            Some(line) => {
                let view = LineView::of(line, deal);
                self.popups.push(Popup::ExpertLine(Box::new(view)));
            }
            None => {
                let why = self.words().t(T::ExpertLineFailed).to_string();
                self.tell(why);
            }
        }
    }

    /// Left or right on the popup on top: the expert's line, or the tricks of the deal on the
    /// table, shows the trick before or after.
    pub(super) fn step_popup(&mut self, cmd: Cmd) {
        let taken = self.table().map_or(0, |t| t.table().deal_tricks().len());
        match self.popups.last_mut() {
            Some(Popup::ExpertLine(view)) => {
                view.key(cmd);
            }
            Some(Popup::Tricks(t)) => t.key(cmd, taken),
            _ => {}
        }
    }
}
