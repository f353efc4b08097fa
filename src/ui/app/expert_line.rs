//! The expert's line over a deal's review: `l` plays it out and opens it once the deal's
//! analysis has a clear mistake among South's cards ([`crate::ui::popups::expert_line`]).

use super::App;
use crate::session::review::ExpertLine;
use crate::text::T;
use crate::ui::popups::Popup;
use crate::ui::popups::expert_line::LineView;

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
}
