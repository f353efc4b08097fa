//! Who holds what, at the table: the view's own state (the figures asked, in, or not to be
//! had) and its update. The figures are read on a worker ([`HoldsRequest`]), since weighing the
//! expert's worlds takes longer than a frame; once in, they are kept rounded as they are shown,
//! a whole percentage per seat and card, a tenth of a trump, so that the view is a plain value.

use crate::bots::expert::Holds;
use crate::game::SeatView;
use crate::rules::{BySeat, Card, CardSet, Seat, Suit};
use crate::session::work::HoldsRequest;

/// The view of who holds what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldsView {
    /// Asked at the table's revision, not in yet.
    Thinking {
        /// The table's revision when asked: figures for another position are dropped.
        revision: u64,
    },
    /// The figures, as shown.
    Ready(Figures),
    /// The figures could not be read.
    Failed,
}

/// Who holds what, rounded as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The seat whose view it is: South.
    pub seat: Seat,
    /// The cards it has not seen.
    pub unseen: CardSet,
    /// The trump suit whose lengths are shown, if any.
    pub trump: Option<Suit>,
    /// How many worlds the figures rest on.
    pub worlds: u32,
    /// Whether they are every world the facts allow.
    pub exhaustive: bool,
    /// Their effective number, rounded.
    pub effective: u32,
    /// By seat and card index, the chance in whole percents; [`NONE`] where the seat cannot
    /// hold the card (kept small: the view is a popup, copied as popups are).
    odds: BySeat<[u8; Card::NUM]>,
    /// By seat, the mean number of trumps held, in tenths; [`NO_TRUMP`] without a trump.
    trumps: BySeat<u16>,
}

/// A card the seat cannot hold.
const NONE: u8 = u8::MAX;
/// No trump suit to count.
const NO_TRUMP: u16 = u16::MAX;

impl Figures {
    /// The figures of `holds`, rounded.
    pub fn of(holds: &Holds) -> Figures {
        let mut odds = BySeat([[NONE; Card::NUM]; 4]);
        let mut trumps = BySeat([NO_TRUMP; 4]);
        for seat in holds.others() {
            for card in holds.unseen {
                let p = holds.odds(seat, card);
                // Only a seat the facts keep from the card has exactly none of it.
                if p > 0.0 {
                    odds[seat][card.index()] = (p * 100.0).round().clamp(0.0, 100.0) as u8;
                }
            }
            if let Some(m) = holds.mean_trumps(seat) {
                trumps[seat] = (m * 10.0).round().clamp(0.0, 80.0) as u16;
            }
        }
        Figures {
            seat: holds.seat,
            unseen: holds.unseen,
            trump: holds.trump,
            worlds: holds.worlds,
            exhaustive: holds.exhaustive,
            effective: holds.effective.round().clamp(0.0, f64::from(u32::MAX)) as u32,
            odds,
            trumps,
        }
    }

    /// The chance, in whole percents, that `seat` holds `card`; `None` when it cannot.
    pub fn odds(&self, seat: Seat, card: Card) -> Option<u8> {
        Some(self.odds[seat][card.index()]).filter(|&p| p != NONE)
    }

    /// The number of trumps `seat` holds on average, in tenths, when there is a trump.
    pub fn trumps(&self, seat: Seat) -> Option<u16> {
        Some(self.trumps[seat]).filter(|&n| n != NO_TRUMP)
    }

    /// The seats other than South's, in the order of play from its left: West, North, East.
    pub fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        [Seat::West, Seat::North, Seat::East].into_iter().filter(move |&s| s != self.seat)
    }
}

impl HoldsView {
    /// The view as it opens on the table's position at `revision`: thinking.
    pub fn asked(revision: u64) -> HoldsView {
        HoldsView::Thinking { revision }
    }

    /// The worker's answer to `request`: taken if the view still waits for it and the table is
    /// still at the position asked about (its `revision`, South's `view`), else dropped.
    pub fn answer(
        &mut self,
        request: &HoldsRequest,
        holds: Option<&Holds>,
        revision: u64,
        view: &SeatView,
    ) {
        let waiting = *self == HoldsView::Thinking { revision: request.revision };
        if !waiting || revision != request.revision || *view != request.view {
            return;
        }
        *self = match holds {
            Some(h) => HoldsView::Ready(Figures::of(h)),
            None => HoldsView::Failed,
        };
    }
}
