//! Says which cuDNN this program loads, from where, how it was found, and
//! whether a handle can be created; or, when nothing loads, every place
//! tried and why each failed.
//!
//! `cargo run --example doctor` (set `CUDNN_LIB_DIR` to point it at a
//! folder). Exits 0 only when a cuDNN library loaded.

use std::process::ExitCode;

use cudnn_rs_examples::{build_info, header_check, HeaderCheck};

/// `println!` that ignores a closed stdout (`doctor | head`) instead of
/// panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

fn main() -> ExitCode {
    say!("cudnn-rs doctor");
    if let Some(dir) = std::env::var_os("CUDNN_LIB_DIR") {
        say!("  CUDNN_LIB_DIR = {}", dir.to_string_lossy());
    }
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            say!("  cuDNN: NOT LOADED");
            say!();
            say!("{e}");
            say!();
            say!(
                "Point CUDNN_LIB_DIR at the folder holding libcudnn.so.9 or libcudnn.so.8 \
                 (cudnn64_9.dll / cudnn64_8.dll on Windows), or install cuDNN, for example \
                 `pip install nvidia-cudnn-cu12`."
            );
            return ExitCode::FAILURE;
        }
    };
    let v = lib.version();
    say!("  cuDNN:      {v} (cudnnGetVersion = {})", v.encoded());
    say!("  built for:  CUDA runtime {}", lib.cudart_version());
    say!("  loaded:     {}", lib.path().display());
    say!("  found by:   {}", lib.found_by());
    if lib.attempts().len() > 1 {
        say!("  tried before it:");
        for a in &lib.attempts()[..lib.attempts().len() - 1] {
            let why = a
                .outcome
                .as_ref()
                .err()
                .map(String::as_str)
                .unwrap_or("loaded");
            say!(
                "    {} ({}): {why}",
                a.candidate.path.display(),
                a.candidate.source
            );
        }
    }
    let declared: Vec<_> = cudnn::sys::FUNCTIONS
        .iter()
        .filter(|f| f.majors.contains(&v.major))
        .collect();
    let missing: Vec<&str> = declared
        .iter()
        .filter(|f| !lib.has_function(f.name))
        .map(|f| f.name)
        .collect();
    say!(
        "  functions:  {} of the {} that cuDNN {}'s headers declare{}",
        declared.len() - missing.len(),
        declared.len(),
        v.major,
        if missing.is_empty() {
            String::new()
        } else {
            format!("; missing: {}", missing.join(", "))
        }
    );
    match header_check(&lib) {
        HeaderCheck::NoHeaders => say!("  headers:    none found at build time"),
        HeaderCheck::Matches(h) => say!(
            "  headers:    {h} at build time ({}), matches",
            build_info::HEADER_DIR.unwrap_or("?")
        ),
        HeaderCheck::Differs { headers, loaded } => say!(
            "  headers:    WARNING: built against cuDNN {headers} headers ({}) but loaded {loaded}",
            build_info::HEADER_DIR.unwrap_or("?")
        ),
    }
    match cudnn::Handle::on_current_context(lib.clone()) {
        Ok(_) => say!("  handle:     created (a GPU and driver are usable)"),
        Err(e) => say!("  handle:     cannot be created: {e}"),
    }
    ExitCode::SUCCESS
}
