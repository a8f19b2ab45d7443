//! Which cuDNN this program loads, from where, how it was found, what else
//! is on the machine, and what is wrong — with one concrete fix per
//! finding. On a machine with a GPU it also runs a small convolution.
//!
//! `cargo run --example doctor` prints a readable report (coloured on a
//! terminal); `cargo run --example doctor -- --json` prints it as JSON.
//! Exits 0 when cuDNN loads and no finding is an error, 1 otherwise.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use cudnn_rs_examples::{build_info, header_check, HeaderCheck};

fn main() -> ExitCode {
    let json = std::env::args().skip(1).any(|a| a == "--json");
    let report = cudnn::doctor::report();
    let mut text = if json {
        report.to_json()
    } else {
        report.to_text(std::io::stdout().is_terminal())
    };
    if !json {
        // The build-time view this package's build script recorded.
        if let (Ok(lib), Some(dir)) = (cudnn::library(), build_info::HEADER_DIR) {
            if let HeaderCheck::Matches(h) = header_check(&lib) {
                text.push_str(&format!("(built against cuDNN {h} headers from {dir})\n"));
            }
        }
    }
    // A closed stdout (`doctor | head`) is not worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", text.trim_end());
    if report.is_healthy() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
