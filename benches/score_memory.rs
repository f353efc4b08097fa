//! The memory of `contree score` as its input grows: the peak resident set size of the real
//! binary, measured by `/usr/bin/time -v`, on 1,000 to 10,000,000 lines of `{}` (each answered
//! `bad-input`), and on one line of 300 MiB. Answers are written as records are read, so the
//! figure stays flat. Run with `cargo bench --bench score_memory`; give the largest number of
//! lines to stop earlier (`cargo bench --bench score_memory -- 100000`).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The peak resident set size, in kilobytes, of `contree score` on `input`, and how long it took.
fn peak(input: &std::path::Path) -> Option<(u64, f64)> {
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_contree"))
        .arg("score")
        .arg(input)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    let took = start.elapsed().as_secs_f64();
    let report = String::from_utf8_lossy(&out.stderr);
    let line = report.lines().find(|l| l.contains("Maximum resident set size"))?;
    let kb = line.rsplit(':').next()?.trim().parse().ok()?;
    Some((kb, took))
}

fn main() {
    let largest: u64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(10_000_000);
    if !std::path::Path::new("/usr/bin/time").exists() {
        eprintln!("skipped: /usr/bin/time (GNU time) is not installed");
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut lines = 1_000u64;
    println!("{:>12} {:>14} {:>10}", "lines", "peak RSS", "time");
    while lines <= largest {
        let path = dir.path().join(format!("{lines}.jsonl"));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
        for _ in 0..lines {
            file.write_all(b"{}\n").expect("write");
        }
        file.flush().expect("flush");
        drop(file);
        match peak(&path) {
            Some((kb, took)) => println!("{lines:>12} {kb:>11} kB {took:>9.2}s"),
            None => println!("{lines:>12} {:>14}", "no figure"),
        }
        let _ = std::fs::remove_file(&path);
        lines *= 10;
    }
    let path = dir.path().join("long.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..300 {
        file.write_all(&chunk).expect("write");
    }
    file.write_all(b"\n{}\n").expect("write");
    file.flush().expect("flush");
    drop(file);
    match peak(&path) {
        Some((kb, took)) => println!("{:>12} {kb:>11} kB {took:>9.2}s", "300 MiB line"),
        None => println!("{:>12} {:>14}", "300 MiB line", "no figure"),
    }
}
