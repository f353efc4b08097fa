//! Who holds what over the table: `w` opens the view and asks a worker for its figures, `w`
//! again, Esc or a click closes it, and the figures are taken when they come in for the
//! position still on the table.

use super::App;
use crate::bots::expert::{Holds, HoldsBudget};
use crate::rules::Seat;
use crate::session::effects::Effect;
use crate::session::work::HoldsRequest;
use crate::ui::popups::Popup;
use crate::ui::popups::holds::HoldsView;
use crate::ui::table_screen::TableScreen;

impl App {
    /// Opens who holds what on the game's table, asking for its figures, or closes it when it
    /// is the popup on top.
    pub(super) fn toggle_holds(&mut self) {
        if matches!(self.popups.last(), Some(Popup::Holds(_))) {
            self.popups.pop();
            return;
        }
        let Some(table) = self.session.table().map(TableScreen::table) else { return };
        let revision = table.revision();
        let view = table.game().view(Seat::South);
        self.popups.push(Popup::Holds(HoldsView::asked(revision)));
        self.session.push(Effect::Holds(HoldsRequest {
            revision,
            view,
            budget: HoldsBudget::DEFAULT,
        }));
    }

    /// The figures asked by `request` are in: shown if the view still waits for them.
    pub(super) fn holds_in(&mut self, request: &HoldsRequest, holds: Option<&Holds>) {
        let Some(table) = self.session.table().map(TableScreen::table) else { return };
        let (revision, view) = (table.revision(), table.game().view(Seat::South));
        for p in &mut self.popups {
            if let Popup::Holds(v) = p {
                v.answer(request, holds, revision, &view);
            }
        }
    }
}
