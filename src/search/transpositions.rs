//! The transposition table: bounds on the points still to come from a position at a trick's
//! start, kept across probes, root cards and calls, keyed by the position's shape.
//!
//! **Shapes.** The key ([`CardOrder::shape_key`](super::order::CardOrder::shape_key)) is, for
//! each suit, who holds its cards still in play in rank order; the leader; which teams have no
//! trick yet. Positions of one shape play alike, trick for trick, whichever cards went earlier,
//! and differ only by the points of the cards at the same places: an entry keeps the cards it
//! was found with, and serves a shape-mate with its bounds moved by the points' falls and rises
//! at those places (the exact same points: the bounds as they are). Four in five of the
//! positions new to a table keyed by the cards themselves at three tricks left had the shape of
//! one seen before: this key took a third of the nodes.
//!
//! Buckets of four 24-byte entries. An entry holds a lower and an upper bound and the cards in
//! play they were found with; a later search of the same cards at another window tightens them,
//! a search of other cards of the same shape replaces them. Entries of an older generation (see
//! [`Transpositions::new_generation`]) go first, then the shallowest.

/// One stored position.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    /// The cards in play when the bounds were found.
    live: u32,
    lower: i16,
    upper: i16,
    /// The best card found, `NO_CARD` if none.
    best: u8,
    /// Cards left in play: a deeper entry saved more work.
    depth: u8,
    generation: u8,
}

const NO_CARD: u8 = u8::MAX;
const BUCKET: usize = 4;

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) live: u32,
    pub(crate) lower: i16,
    pub(crate) upper: i16,
    pub(crate) best: Option<u8>,
}

impl Bounds {
    /// The bounds moved by `falls` (negative) below and `rises` above: what they say of a
    /// position of the same shape whose cards' points differ by those. A missing bound
    /// (`i16::MIN` below, `i16::MAX` above) stays missing.
    pub(crate) fn moved(&self, (falls, rises): (i16, i16)) -> (i16, i16) {
        let lower = if self.lower == i16::MIN { self.lower } else { self.lower + falls };
        let upper = if self.upper == i16::MAX { self.upper } else { self.upper + rises };
        (lower, upper)
    }
}

/// A transposition table of a fixed size.
#[derive(Clone, Debug)]
pub(crate) struct Transpositions {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Transpositions {
    /// A table of `2^bits` buckets of four entries (96 bytes a bucket).
    pub(crate) fn new(bits: u32) -> Transpositions {
        let buckets = 1usize << bits.clamp(4, 26);
        Transpositions {
            entries: vec![Entry::default(); buckets * BUCKET],
            mask: buckets - 1,
            generation: 1,
        }
    }

    /// Starts a new generation: older entries stay usable but are replaced first.
    pub(crate) fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    fn bucket(&self, key: u64) -> usize {
        ((key >> 20) as usize & self.mask) * BUCKET
    }

    /// The bounds stored for `key`.
    pub(crate) fn probe(&self, key: u64) -> Option<Bounds> {
        let b = self.bucket(key);
        self.entries[b..b + BUCKET].iter().find(|e| e.key == key && e.generation != 0).map(|e| {
            let best = (e.best != NO_CARD).then_some(e.best);
            Bounds { live: e.live, lower: e.lower, upper: e.upper, best }
        })
    }

    /// Records that the value at `key`, with the cards `live` in play, lies in `lower..=upper`,
    /// with `best` the card that gave it. Bounds already stored for the key and the same cards
    /// are kept where they are tighter.
    pub(crate) fn store(
        &mut self,
        (key, live): (u64, u32),
        depth: u8,
        lower: i16,
        upper: i16,
        best: Option<u8>,
    ) {
        let b = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[b..b + BUCKET];
        let best = best.unwrap_or(NO_CARD);
        if let Some(e) = bucket.iter_mut().find(|e| e.key == key && e.generation != 0) {
            if e.live == live {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
            } else {
                (e.live, e.lower, e.upper) = (live, lower, upper);
            }
            if best != NO_CARD {
                e.best = best;
            }
            e.generation = generation;
            return;
        }
        // The entry to replace: an empty one, else the oldest generation, else the shallowest.
        let rank = |e: &Entry| (e.generation != 0, e.generation == generation, e.depth);
        let mut victim = 0;
        for i in 1..BUCKET {
            if rank(&bucket[i]) < rank(&bucket[victim]) {
                victim = i;
            }
        }
        bucket[victim] = Entry { key, live, lower, upper, best, depth, generation };
    }
}
