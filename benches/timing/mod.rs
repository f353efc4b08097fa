//! What the benchmarks that time one call a sample share (each call a different decision or
//! deal, so that their spread is the figure): the distribution of the samples, and the
//! processor time of the calling thread. The others are divan's.

use std::time::Duration;

/// Prints the median, 99th percentile and maximum of `samples` (one per call, e.g. one per deal
/// solved), with `extra` after them.
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
