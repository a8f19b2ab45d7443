//! `cudnn-doctor`: which cuDNN this machine loads, from where, how it was
//! found, what else is installed, and what is wrong, with one concrete fix
//! per finding. See `cudnn-doctor --help` and the crate documentation.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use cudnn_doctor::cli::{self, Command, EXIT_USAGE};

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let command = match cli::parse(&args) {
        Ok(c) => c,
        Err(message) => {
            let _ = writeln!(
                std::io::stderr(),
                "cudnn-doctor: {message}\n\n{}",
                cli::USAGE
            );
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let (text, code) = cli::run(&command, std::io::stdout().is_terminal());
    // A closed stdout (`cudnn-doctor | head`) is not worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", text.trim_end());
    if let Command::Help = command {
        return ExitCode::SUCCESS;
    }
    ExitCode::from(code)
}
