//! `contree host`: the network table's host, its files in the data directory's `host/`.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use crate::net::host::{HostConfig, Limits, run};
use crate::store::Store;

/// The host's directory inside the data directory.
pub const HOST_DIR: &str = "host";

/// Runs the host on `listen` until the process ends, within `limits`; exit 1 when it cannot
/// start.
pub fn host(listen: SocketAddr, deal_pause: Duration, limits: Limits, sync: bool) -> ExitCode {
    let dir = match Store::default_dir() {
        Ok(dir) => dir.join(HOST_DIR),
        Err(e) => {
            eprintln!("contree host: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut config = HostConfig::new(listen, dir);
    config.deal_pause = deal_pause;
    config.sync = sync;
    config.limits = limits;
    match run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("contree host: {e}");
            ExitCode::FAILURE
        }
    }
}
