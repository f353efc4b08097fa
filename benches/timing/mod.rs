//! The timing loop the benchmarks share: no statistics crate, just a mean over about a second.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Runs `f` for about a second (at least 3 times) and prints the mean time per call. Calls run in
/// batches that grow until a batch takes a millisecond, so reading the clock does not weigh on
/// calls of a few nanoseconds.
pub fn bench(name: &str, mut f: impl FnMut() -> u64) {
    let mut sink = 0u64;
    let mut iters = 0u64;
    let mut batch = 1u64;
    let start = Instant::now();
    while iters < 3 || start.elapsed() < Duration::from_secs(1) {
        let t = Instant::now();
        for _ in 0..batch {
            sink = sink.wrapping_add(f());
        }
        iters += batch;
        if t.elapsed() < Duration::from_millis(1) {
            batch *= 2;
        }
    }
    let per = start.elapsed().as_secs_f64() / iters as f64;
    black_box(sink);
    let (value, unit) = match per {
        p if p < 1e-6 => (p * 1e9, "ns"),
        p if p < 1e-3 => (p * 1e6, "µs"),
        p => (p * 1e3, "ms"),
    };
    println!("{name:<52} {value:>9.1} {unit}/iter ({iters} iterations)");
}

/// Prints the median, 99th percentile and maximum of `samples` (one per call, e.g. one per deal
/// solved), with `extra` after them.
#[allow(dead_code)] // only the benchmarks that time single calls use it
pub fn distribution(name: &str, samples: &mut [Duration], extra: &str) {
    if samples.is_empty() {
        return;
    }
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name:<40} median {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms  ({} calls){extra}",
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0)),
        samples.len()
    );
}

/// The processor time the calling thread has run so far, where the system tells it (Linux's
/// `/proc/thread-self/schedstat`, in nanoseconds): what a decision costs on one core, however
/// loaded the machine is; `None` elsewhere.
#[allow(dead_code)] // only the benchmarks that time single calls use it
pub fn thread_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
