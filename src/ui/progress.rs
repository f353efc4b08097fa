//! The progress view, from the statistics: the figures of the last games played
//! ([`crate::progress`]), one chart at a time: the balance against the expert, the mistakes'
//! cost, the exercises answered. Its state is the chart shown; ← and → (or a click on a
//! chart's name) go from one to the next.

use super::keymap::Cmd;

/// A chart of the progress view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chart {
    /// The balance a deal against the expert in South's seat.
    #[default]
    Balance,
    /// What the clear mistakes cost a deal, calls and cards apart.
    Mistakes,
    /// The exercises made of each game's mistakes, solved and missed.
    Exercises,
}

impl Chart {
    /// Every chart, in the order shown.
    pub const ALL: [Chart; 3] = [Chart::Balance, Chart::Mistakes, Chart::Exercises];
}

/// The progress view's state: the chart shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressView {
    /// The chart shown.
    pub chart: Chart,
}

impl ProgressView {
    /// Left and right go round the charts.
    pub fn key(&mut self, cmd: Cmd) {
        let i = Chart::ALL.iter().position(|c| *c == self.chart).unwrap_or(0);
        let n = Chart::ALL.len();
        let next = match cmd {
            Cmd::Left => (i + n - 1) % n,
            Cmd::Right => (i + 1) % n,
            _ => i,
        };
        self.chart = Chart::ALL[next];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_and_right_go_round_the_charts() {
        let mut v = ProgressView::default();
        v.key(Cmd::Left);
        assert_eq!(v.chart, Chart::Exercises);
        v.key(Cmd::Right);
        v.key(Cmd::Right);
        assert_eq!(v.chart, Chart::Mistakes);
        v.key(Cmd::Up);
        assert_eq!(v.chart, Chart::Mistakes);
    }
}
