//! The auction read call by call: which call of the auction panel the player has selected to
//! read its meaning, what it shows and denies under the bots' convention. The rows it moves over
//! are the auction's calls, in order, then, while South is to bid, the call South's focused
//! button would make. The table screen owns it; the panel draws it.

use crate::session::commands::Cmd;

/// A row of the auction panel whose meaning is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selected {
    /// The call of the auction at this index.
    Call(usize),
    /// The call South is choosing, on the focused bidding button: the auction's edge. Once South
    /// is no longer to bid, the auction's last call stands for it, so that the panel follows
    /// the calls as they come.
    Coming,
}

/// The selection of the auction panel: nothing, until the player reads a call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuctionSelection {
    at: Option<Selected>,
}

impl AuctionSelection {
    /// The row selected in an auction of `calls` calls, `coming` when South is to bid: a call
    /// no longer in the auction (taken back) gives way to the auction's edge.
    pub fn selected(&self, calls: usize, coming: bool) -> Option<Selected> {
        let edge =
            if coming { Some(Selected::Coming) } else { calls.checked_sub(1).map(Selected::Call) };
        match self.at? {
            Selected::Call(i) if i < calls => Some(Selected::Call(i)),
            _ => edge,
        }
    }

    /// Whether a row is selected, whose meaning is shown.
    pub fn shown(&self, calls: usize, coming: bool) -> bool {
        self.selected(calls, coming).is_some()
    }

    /// `↑` goes to the call before (from nothing, to the auction's edge: South's call to come,
    /// else the last call), `↓` to the call after (from nothing, to the first); neither goes
    /// past the ends. False for any other command, and when there is no row to read.
    pub fn key(&mut self, cmd: Cmd, calls: usize, coming: bool) -> bool {
        let rows = calls + usize::from(coming);
        if rows == 0 || !matches!(cmd, Cmd::Up | Cmd::Down) {
            return false;
        }
        let at = self.selected(calls, coming).map(|s| match s {
            Selected::Call(i) => i,
            Selected::Coming => calls,
        });
        let next = match (cmd == Cmd::Up, at) {
            (true, None) => rows - 1,
            (true, Some(i)) => i.saturating_sub(1),
            (false, None) => 0,
            (false, Some(i)) => (i + 1).min(rows - 1),
        };
        self.at = Some(if next == calls { Selected::Coming } else { Selected::Call(next) });
        true
    }

    /// A click on a row: it is selected, or, when it already was, the selection closes.
    pub fn click(&mut self, row: Selected, calls: usize, coming: bool) {
        self.at = if self.selected(calls, coming) == Some(row) { None } else { Some(row) };
    }

    /// The auction's edge selected, wherever the auction goes: the call to come while South is
    /// to bid, else the last call made.
    pub fn follow(&mut self) {
        self.at = Some(Selected::Coming);
    }

    /// Closes the selection; false when there was none.
    pub fn close(&mut self) -> bool {
        self.at.take().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_starts_at_the_edge_and_down_at_the_first_call() {
        let mut s = AuctionSelection::default();
        assert_eq!(s.selected(3, true), None);
        assert!(s.key(Cmd::Up, 3, true));
        assert_eq!(s.selected(3, true), Some(Selected::Coming));
        s.key(Cmd::Up, 3, true);
        assert_eq!(s.selected(3, true), Some(Selected::Call(2)));
        for _ in 0..5 {
            s.key(Cmd::Up, 3, true);
        }
        assert_eq!(s.selected(3, true), Some(Selected::Call(0)), "no further than the first");
        for _ in 0..5 {
            s.key(Cmd::Down, 3, true);
        }
        assert_eq!(s.selected(3, true), Some(Selected::Coming), "no further than the edge");
        assert!(s.close());
        assert!(!s.close());
        assert!(s.key(Cmd::Down, 3, false));
        assert_eq!(s.selected(3, false), Some(Selected::Call(0)));
        let mut s = AuctionSelection::default();
        s.key(Cmd::Up, 3, false);
        assert_eq!(s.selected(3, false), Some(Selected::Call(2)), "the last call, no call to come");
    }

    #[test]
    fn nothing_to_read_takes_no_key() {
        let mut s = AuctionSelection::default();
        assert!(!s.key(Cmd::Up, 0, false));
        assert!(!s.key(Cmd::Left, 3, true));
        assert_eq!(s.selected(0, false), None);
        assert!(s.key(Cmd::Up, 0, true), "South's first call is read before any");
        assert_eq!(s.selected(0, true), Some(Selected::Coming));
    }

    #[test]
    fn the_edge_follows_the_calls_and_a_call_taken_back_gives_way_to_it() {
        let mut s = AuctionSelection::default();
        s.key(Cmd::Up, 1, true);
        // South called: the edge is South's call, then each call after it.
        assert_eq!(s.selected(2, false), Some(Selected::Call(1)));
        assert_eq!(s.selected(4, false), Some(Selected::Call(3)));
        let mut s = AuctionSelection::default();
        s.click(Selected::Call(3), 4, false);
        assert_eq!(s.selected(4, false), Some(Selected::Call(3)));
        assert_eq!(s.selected(2, true), Some(Selected::Coming), "taken back");
        assert_eq!(s.selected(5, false), Some(Selected::Call(3)), "a call stays as calls come");
    }

    #[test]
    fn a_click_selects_a_row_and_a_second_closes_it() {
        let mut s = AuctionSelection::default();
        s.click(Selected::Call(1), 3, false);
        assert_eq!(s.selected(3, false), Some(Selected::Call(1)));
        s.click(Selected::Call(2), 3, false);
        assert_eq!(s.selected(3, false), Some(Selected::Call(2)));
        s.click(Selected::Call(2), 3, false);
        assert_eq!(s.selected(3, false), None);
        // The edge, shown as the last call, closes at a click on that call.
        s.click(Selected::Coming, 3, true);
        s.click(Selected::Call(2), 3, false);
        assert!(!s.shown(3, false));
    }
}
