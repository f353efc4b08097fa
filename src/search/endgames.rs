//! The values of the last two tricks, remembered: the searches of a deal reach the same eight
//! cards in the same hands again and again (three times in four over whole deals, from other
//! orders of the earlier tricks and from each probe), and two tricks cost more to play out than
//! to look up.
//!
//! A direct-mapped cache of exact values under one trump mode: an entry holds the four hands
//! whole and who leads, so a hit is never a collision. The solver empties it when the mode
//! changes.

/// One position of two tricks left: the hands, the leader and which teams have no trick yet
/// (the capot), and North-South's points to come from it.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    hands: [u32; 4],
    /// The leader's seat index, then a bit per team without a trick; 0 for an empty entry.
    tag: u8,
    value: i16,
}

/// The cache.
#[derive(Clone, Debug)]
pub(crate) struct Endgames {
    entries: Vec<Entry>,
    shift: u32,
}

impl Endgames {
    /// A cache of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Endgames {
        let bits = bits.clamp(4, 24);
        Endgames { entries: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    /// Forgets every value: for a new trump mode or rules.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The tag of a position: never 0.
    fn tag(seat: u8, no_tricks: [bool; 2]) -> u8 {
        8 | seat | u8::from(no_tricks[0]) << 4 | u8::from(no_tricks[1]) << 5
    }

    fn index(&self, hands: &[u32; 4], tag: u8) -> usize {
        let a =
            (u64::from(hands[0]) | u64::from(hands[1]) << 32).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let b =
            (u64::from(hands[2]) | u64::from(hands[3]) << 32).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        let x = (a ^ b.rotate_left(29) ^ u64::from(tag)).wrapping_mul(0x1656_67b1_9e37_79f9);
        (x >> self.shift) as usize
    }

    /// The value stored for these hands, leader and capot flags, or the one `compute` gives,
    /// stored.
    #[inline]
    pub(crate) fn get_or(
        &mut self,
        hands: &[u32; 4],
        seat: u8,
        no_tricks: [bool; 2],
        compute: impl FnOnce() -> i16,
    ) -> i16 {
        let tag = Endgames::tag(seat, no_tricks);
        let i = self.index(hands, tag);
        let e = &self.entries[i];
        if e.tag == tag && e.hands == *hands {
            return e.value;
        }
        let value = compute();
        self.entries[i] = Entry { hands: *hands, tag, value };
        value
    }
}
