//! SplitMix64's mixing step, the one source of well-mixed 64-bit numbers in the crate: the seeds
//! of successive games and of a match's deals, the state of the dealing generator, and the
//! search's position keys. Pure and `const`, so that keys can be built at compile time; its
//! output must never change, or a saved game would no longer deal the hands it was played with.

/// The golden ratio's 64-bit fraction, SplitMix64's increment.
pub const PHI: u64 = 0x9e37_79b9_7f4a_7c15;

/// A step of the SplitMix64 generator: a well-mixed seed from another (successive games, the
/// deals of a match).
pub const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(PHI);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_are_splitmix64s() {
        // The first outputs of SplitMix64 seeded with 0, as its authors' reference code gives them.
        let mut state = 0u64;
        let mut next = || {
            let out = splitmix(state);
            state = state.wrapping_add(PHI);
            out
        };
        assert_eq!(next(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(next(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(next(), 0x06c4_5d18_8009_454f);
    }
}
