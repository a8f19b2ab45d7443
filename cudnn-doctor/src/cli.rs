//! The command line of the `cudnn-doctor` program: its arguments, its help
//! text and its exit codes ([`EXIT_HEALTHY`], [`EXIT_PROBLEMS`],
//! [`EXIT_USAGE`]).

use std::ffi::OsString;

use crate::Report;

/// Exit code: cuDNN loads and no finding is an error.
pub const EXIT_HEALTHY: u8 = 0;
/// Exit code: cuDNN does not load, or a finding is an error.
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit code: the arguments were not understood (nothing was diagnosed).
pub const EXIT_USAGE: u8 = 2;

/// What `cudnn-doctor --help` prints.
pub const USAGE: &str = "\
Usage: cudnn-doctor [--json]
       cudnn-doctor --python [PYTHON] [--json]
       cudnn-doctor --help | --version

Says which cuDNN this machine loads (the search a program using the cudnn
crate makes), from where and how it was found, its sub-libraries, every
other copy of cuDNN in search order, the CUDA driver and GPUs, the
environment variables that matter, and what is wrong, with one fix per
finding. On a machine with a GPU it also runs a small convolution.
Everything is read-only and offline.

With --python, reports on one Python environment instead: PYTHON is an
interpreter or an environment's folder (default: python3, then python, on
PATH). It lists the copies of cuDNN its packages bring (torch/lib, the
nvidia/cudnn wheels, conda's lib or Library\\bin), which one PyTorch, JAX,
TensorFlow and cudnn-rs would load and why, and conflicts between them and
with the system's copy. It reads folders and file headers only; Python is
not run.

Options:
  --json        print the report as JSON instead of text
  --python [PYTHON]
                report on a Python environment (see above)
  -h, --help    print this help
  -V, --version print the version

Exit codes:
  0  healthy: cuDNN loads and no finding is an error
  1  problems found: cuDNN does not load, or a finding is an error
  2  usage error: an argument was not understood";

/// What the arguments ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Diagnose this machine; `json` picks the format.
    Diagnose {
        /// Print JSON rather than text.
        json: bool,
    },
    /// Report on a Python environment.
    Python {
        /// The interpreter or folder; `None`: the one on `PATH`.
        target: Option<OsString>,
        /// Print JSON rather than text.
        json: bool,
    },
    /// Print the help text.
    Help,
    /// Print the version.
    Version,
}

/// Reads the arguments (without the program's name); `Err` says what was
/// not understood.
pub fn parse(args: &[OsString]) -> Result<Command, String> {
    let mut json = false;
    let mut python: Option<Option<OsString>> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        match arg.to_str() {
            Some("--json") => json = true,
            Some("-h" | "--help") => return Ok(Command::Help),
            Some("-V" | "--version") => return Ok(Command::Version),
            Some("--python") => {
                if python.is_some() {
                    return Err("--python given twice".into());
                }
                // An optional value: the next argument unless it is an option.
                let value = args
                    .get(i)
                    .filter(|v| !v.to_string_lossy().starts_with("--"))
                    .cloned();
                i += usize::from(value.is_some());
                python = Some(value);
            }
            Some(a) if a.starts_with("--python=") => {
                if python.is_some() {
                    return Err("--python given twice".into());
                }
                python = Some(Some(OsString::from(&a["--python=".len()..])));
            }
            _ => return Err(format!("unknown argument {:?}", arg.to_string_lossy())),
        }
    }
    Ok(match python {
        Some(target) => Command::Python { target, json },
        None => Command::Diagnose { json },
    })
}

/// Runs `command`: the text to print and the exit code. `colour` colours a
/// text report (for a terminal).
pub fn run(command: &Command, colour: bool) -> (String, u8) {
    match command {
        Command::Help => (USAGE.to_string(), EXIT_HEALTHY),
        Command::Version => (
            format!("cudnn-doctor {}", env!("CARGO_PKG_VERSION")),
            EXIT_HEALTHY,
        ),
        Command::Diagnose { json } => {
            let report = crate::report();
            let text = if *json {
                report.to_json()
            } else {
                report.to_text(colour)
            };
            (text, exit_code(&report))
        }
        Command::Python { target, json } => {
            let report = crate::python::inspect(target.as_deref());
            let text = if *json {
                report.to_json()
            } else {
                report.to_text()
            };
            let code = if report.is_healthy() {
                EXIT_HEALTHY
            } else {
                EXIT_PROBLEMS
            };
            (text, code)
        }
    }
}

/// The exit code of a report: [`EXIT_HEALTHY`] or [`EXIT_PROBLEMS`].
pub fn exit_code(report: &Report) -> u8 {
    if report.is_healthy() {
        EXIT_HEALTHY
    } else {
        EXIT_PROBLEMS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_are_read() {
        assert_eq!(parse(&[]), Ok(Command::Diagnose { json: false }));
        assert_eq!(
            parse(&args(&["--json"])),
            Ok(Command::Diagnose { json: true })
        );
        assert_eq!(parse(&args(&["--json", "-h"])), Ok(Command::Help));
        assert_eq!(parse(&args(&["--version"])), Ok(Command::Version));
        assert!(parse(&args(&["--jsn"])).is_err());
        assert_eq!(
            parse(&args(&["--python", "--json"])),
            Ok(Command::Python {
                target: None,
                json: true
            })
        );
        assert_eq!(
            parse(&args(&["--python", "/e/bin/python"])),
            Ok(Command::Python {
                target: Some("/e/bin/python".into()),
                json: false
            })
        );
        assert_eq!(
            parse(&args(&["--json", "--python=/e"])),
            Ok(Command::Python {
                target: Some("/e".into()),
                json: true
            })
        );
        assert!(parse(&args(&["--python", "a", "b"])).is_err());
    }

    #[test]
    fn the_help_documents_the_exit_codes() {
        for code in [EXIT_HEALTHY, EXIT_PROBLEMS, EXIT_USAGE] {
            assert!(USAGE.contains(&format!("\n  {code}  ")), "{code}");
        }
    }
}
