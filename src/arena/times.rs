//! The decision times of a match: each side's in log-linear buckets from nanoseconds to hours,
//! merged across the workers, summed up as quantiles, and written in the unit that reads best.

/// Decision times in nanoseconds, in log-linear buckets: one per nanosecond up to
/// `2 << SUB_BITS`, then `1 << SUB_BITS` buckets per doubling. A quantile read at the middle of
/// its bucket is within 1/256 (0.4%) of the true value, from nanoseconds to hours, in a fixed
/// 58 KiB; the fastest and slowest times are kept exactly.
#[derive(Clone, Debug)]
pub(super) struct Times {
    buckets: Vec<u64>,
    count: u64,
    min: u64,
    max: u64,
}

const SUB_BITS: u32 = 7;
pub(super) const BUCKETS: usize = (u64::BITS - SUB_BITS + 1) as usize * (1 << SUB_BITS);

/// The bucket of `ns`: the top `SUB_BITS + 1` bits of the value and how far they were shifted.
pub(super) fn bucket_of(ns: u64) -> usize {
    let shift = (u64::BITS - 1 - ns.leading_zeros().min(u64::BITS - 1)).saturating_sub(SUB_BITS);
    ((shift as usize) << SUB_BITS) + (ns >> shift) as usize
}

/// The smallest value of bucket `i` and its width.
pub(super) fn bucket_range(i: usize) -> (u64, u64) {
    let sub = 1usize << SUB_BITS;
    if i < 2 * sub {
        return (i as u64, 1);
    }
    let shift = (i >> SUB_BITS) - 1;
    (((i - (shift << SUB_BITS)) as u64) << shift, 1 << shift)
}

impl Times {
    pub(super) fn new() -> Times {
        Times { buckets: vec![0; BUCKETS], count: 0, min: u64::MAX, max: 0 }
    }

    pub(super) fn add(&mut self, ns: u64) {
        self.count += 1;
        self.min = self.min.min(ns);
        self.max = self.max.max(ns);
        self.buckets[bucket_of(ns)] += 1;
    }

    pub(super) fn merge(&mut self, other: &Times) {
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
        self.count += other.count;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// The `q` quantile (nearest rank) in nanoseconds: the middle of its bucket, within the
    /// times seen.
    pub(super) fn quantile_ns(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((self.count as f64 * q).ceil() as u64).clamp(1, self.count);
        let mut seen = 0u64;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                let (low, width) = bucket_range(i);
                return (low + (width - 1) / 2).clamp(self.min, self.max);
            }
        }
        self.max
    }

    pub(super) fn summary(&self) -> DecisionTimes {
        DecisionTimes {
            count: self.count,
            p50_ns: self.quantile_ns(0.5),
            p90_ns: self.quantile_ns(0.9),
            p99_ns: self.quantile_ns(0.99),
            max_ns: self.max,
        }
    }
}

/// How long one side's decisions took (its auction decisions only when it bid for itself).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecisionTimes {
    /// Decisions timed.
    pub count: u64,
    /// Median, nanoseconds (within 0.4%).
    pub p50_ns: u64,
    /// 90th percentile, nanoseconds (within 0.4%).
    pub p90_ns: u64,
    /// 99th percentile, nanoseconds (within 0.4%).
    pub p99_ns: u64,
    /// The slowest, nanoseconds (exact).
    pub max_ns: u64,
}

impl DecisionTimes {
    /// The quantiles as the reports' JSON writes them: `{p50, p90, p99, max}` in microseconds.
    pub fn to_json_us(&self) -> serde_json::Value {
        let us = |ns: u64| ns as f64 / 1000.0;
        serde_json::json!({
            "p50": us(self.p50_ns),
            "p90": us(self.p90_ns),
            "p99": us(self.p99_ns),
            "max": us(self.max_ns),
        })
    }
}

/// A duration in the unit that reads best, with three significant digits: `850 ns`,
/// `1.25 µs`, `12.5 ms`, `2.50 s`.
pub fn format_ns(ns: u64) -> String {
    let ns = ns as f64;
    let (value, unit) = if ns < 1e3 {
        return format!("{ns:.0} ns");
    } else if ns < 999.5e3 {
        (ns / 1e3, "µs")
    } else if ns < 999.5e6 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let decimals = if value < 9.995 {
        2
    } else if value < 99.95 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}
