//! Maintenance tasks of the workspace.
//!
//! `cargo run -p xtask -- bindings --include DIR [--include DIR ...]`
//! regenerates cudnn-sys's bindings from the given cuDNN include folders
//! (one per major): one raw file per major in `cudnn-sys/bindings/` (inputs
//! of the merge, not compiled) and the merged module in
//! `cudnn-sys/src/generated/`.
//! `scripts/regen-bindings.sh` fetches the pinned headers and calls it.

#[path = "../../cudnn-sys/build/generate.rs"]
mod generate;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: xtask bindings --include DIR [--include DIR ...]";
    let (cmd, rest) = args.split_first().ok_or(usage)?;
    if cmd != "bindings" {
        return Err(usage.into());
    }
    let mut includes = Vec::new();
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--include" => includes.push(PathBuf::from(it.next().ok_or(usage)?)),
            _ => return Err(usage.into()),
        }
    }
    if includes.is_empty() {
        return Err(usage.into());
    }
    let root = workspace_root()?;
    let sys = root.join("cudnn-sys");
    let out_dir = sys.join("src/generated");
    let raw_dir = sys.join("bindings");
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&raw_dir).map_err(|e| e.to_string())?;
    let mut raws = Vec::new();
    for inc in &includes {
        let version = generate::read_header_version(inc)?;
        let raw = generate::raw_bindings(inc, &sys.join("shim"))?;
        let path = raw_dir.join(format!("cudnn_{}.rs", version.major));
        std::fs::write(&path, &raw).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {} (cuDNN {version})", path.display());
        raws.push(raw);
    }
    let refs: Vec<&str> = raws.iter().map(String::as_str).collect();
    let (merged, report) = generate::merge(&refs)?;
    for r in &report {
        eprintln!("note: {r}");
    }
    let path = out_dir.join("merged.rs");
    std::fs::write(&path, merged).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// The workspace root: the nearest folder, from the current one up, that
/// holds `cudnn-sys/shim`.
fn workspace_root() -> Result<PathBuf, String> {
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    cwd.ancestors()
        .find(|d| d.join("cudnn-sys").join("shim").is_dir())
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("{} is not inside the cudnn-rs workspace", cwd.display()))
}
