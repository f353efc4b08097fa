//! What the expert advises and why, in data a table can put in any language: the action, a
//! [`Reason`] with its figures, and the estimate of every option it weighed.

use crate::game::Action;

/// Why the expert chose its action: one line's worth, with the figures that line shows. The
/// table words it in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The only legal card.
    OnlyCard,
    /// Every card gives the same: the cheapest goes (the lowest of equals, masters kept).
    AllAlike,
    /// Leads trump to draw the opponents': `out` trumps still held by the other seats.
    PullTrumps {
        /// Trumps neither played nor in the seat's hand.
        out: u8,
    },
    /// Cashes a card that takes the trick.
    CashMaster,
    /// Leads a suit the partner trumps.
    GiveRuff,
    /// Leads a small card, keeping the high ones.
    LeadLow,
    /// Trumps a trick it cannot follow.
    Ruff,
    /// Trumps above an opponent's trump.
    Overruff,
    /// Takes the trick with the cheapest card that holds it: the last to play, or a master.
    TakeTrick,
    /// Plays for the trick though a higher card may still come from a seat yet to play.
    TryTrick,
    /// Puts points on a trick the partner wins.
    LoadPartner {
        /// The card's points.
        points: u8,
    },
    /// Gives the least it can: on a trick it does not win, or its partner's with no points.
    GiveLeast,
    /// Keeps a master or the guard of a high card, throwing elsewhere.
    KeepGuard,
    /// Plays for every trick: the capot is there in `worlds` of `of`.
    Capot {
        /// Worlds where the capot is made.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// Opens, raises or competes: the contract is made in `worlds` of `of`.
    Bid {
        /// Points the side is seen to make, belotes and declarations in.
        seen: u16,
        /// Worlds where the contract is made.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// The bid of the convention, which nothing seen contradicts.
    Convention,
    /// Passes: no contract of its side pays more than letting this one stand (or, with no
    /// bid yet, than passing).
    Pass,
    /// Contres: the takers need `need` and are seen at `seen`; they fail in `worlds` of `of`.
    Contre {
        /// What the takers need (the bid, in `contree`).
        need: u16,
        /// The takers' points the seat sees them making, belotes and declarations in.
        seen: u16,
        /// Worlds where the contract fails.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
    /// Surcontres: the contract is made in `worlds` of `of`.
    Surcontre {
        /// Worlds where the contract is made.
        worlds: u16,
        /// Worlds weighed.
        of: u16,
    },
}

/// One option weighed: its expected deal score and, for a contract, its chance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The card or call.
    pub action: Action,
    /// The seat's team's expected score less the other team's, over the worlds weighed
    /// (the deal's score, as the rules write it).
    pub score: f64,
    /// The chance that the contract is made after this option (the contract in play, or the
    /// one the call makes), when the option was weighed in worlds.
    pub made: Option<f64>,
}

/// What the expert would do, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The action.
    pub action: Action,
    /// Why, in one line's worth of data.
    pub reason: Reason,
    /// Every option weighed, best first (empty when nothing needed weighing).
    pub options: Vec<Estimate>,
    /// How many worlds were weighed.
    pub worlds: u32,
    /// How many positions the solver searched.
    pub nodes: u64,
}

impl Advice {
    /// Advice that weighed nothing.
    pub(crate) fn plain(action: Action, reason: Reason) -> Advice {
        Advice { action, reason, options: Vec::new(), worlds: 0, nodes: 0 }
    }

    /// The estimate of `action`, if it was weighed.
    pub fn estimate(&self, action: Action) -> Option<&Estimate> {
        self.options.iter().find(|e| e.action == action)
    }

    /// What `action` costs against the advised one, on average over the worlds weighed (0 or
    /// more), if both were weighed.
    pub fn cost(&self, action: Action) -> Option<f64> {
        let chosen = self.estimate(self.action)?.score;
        Some((chosen - self.estimate(action)?.score).max(0.0))
    }
}
