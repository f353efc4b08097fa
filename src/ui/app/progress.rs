//! The progress view's routing: opened from the statistics (their figures, loaded for them,
//! hold the progress too), its keys and clicks given to its state ([`crate::ui::progress`]).

use super::App;
use crate::ui::keymap::Cmd;
use crate::ui::progress::{Chart, ProgressView};
use crate::ui::screen::Screen;

impl App {
    /// The progress view, over the statistics.
    pub(super) fn open_progress(&mut self) {
        self.over.push(Screen::Progress(ProgressView::default()));
    }

    fn progress_mut(&mut self) -> Option<&mut ProgressView> {
        match self.over.last_mut() {
            Some(Screen::Progress(v)) => Some(v),
            _ => None,
        }
    }

    /// A key on the progress view: the charts go round.
    pub(super) fn progress_key(&mut self, cmd: Cmd) {
        if let Some(v) = self.progress_mut() {
            v.key(cmd);
        }
    }

    /// A click on a chart's name: that chart is shown.
    pub(super) fn show_chart(&mut self, chart: Chart) {
        if let Some(v) = self.progress_mut() {
            v.chart = chart;
        }
    }
}
