//! Build script of cudnn-sys.
//!
//! - Looks for cuDNN headers (`cudnn_version.h`) and, when found, exports
//!   their version: to this crate as `CUDNN_SYS_HEADER_VERSION`, and to
//!   dependents' build scripts as `DEP_CUDNN_HEADER_VERSION` /
//!   `DEP_CUDNN_INCLUDE` (this crate declares `links = "cudnn"`).
//! - With the `link` feature, finds the cuDNN library and links against it,
//!   setting `cudnn_link_major` so that only that major's functions are
//!   referenced.
//! - With the `bindgen` feature, regenerates the bindings from the headers
//!   found (see `build/generate.rs`).
//!
//! It never writes outside `OUT_DIR`.

use std::env;
use std::path::{Path, PathBuf};

#[cfg(feature = "bindgen")]
#[path = "build/generate.rs"]
mod generate;

const ENV_VARS: &[&str] = &[
    "CUDNN_LIB_DIR",
    "CUDNN_INCLUDE_DIR",
    "CUDNN_PATH",
    "CUDA_PATH",
    "CUDA_HOME",
];

fn var(name: &str) -> Option<PathBuf> {
    env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn windows() -> bool {
    env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "windows")
}

/// Folders that may hold `cudnn_version.h`, in order.
fn include_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = var("CUDNN_INCLUDE_DIR") {
        dirs.push(d);
    }
    for v in ["CUDNN_PATH", "CUDA_PATH", "CUDA_HOME"] {
        if let Some(d) = var(v) {
            dirs.push(d.join("include"));
        }
    }
    if !windows() {
        dirs.push("/usr/include".into());
        dirs.push("/usr/include/x86_64-linux-gnu".into());
        dirs.push("/usr/include/aarch64-linux-gnu".into());
        dirs.push("/usr/local/cuda/include".into());
    }
    dirs
}

/// (major, minor, patch) from a `cudnn_version.h`.
fn header_version(dir: &Path) -> Option<(u32, u32, u32)> {
    let text = std::fs::read_to_string(dir.join("cudnn_version.h")).ok()?;
    let find = |name: &str| {
        text.lines().find_map(|l| {
            let mut p = l.trim().strip_prefix("#define ")?.split_whitespace();
            (p.next()? == name).then(|| p.next()?.parse::<u32>().ok())?
        })
    };
    Some((
        find("CUDNN_MAJOR")?,
        find("CUDNN_MINOR")?,
        find("CUDNN_PATCHLEVEL")?,
    ))
}

/// Folders that may hold the library to link against, in order.
fn lib_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = var("CUDNN_LIB_DIR") {
        dirs.push(d);
    }
    for v in ["CUDNN_PATH", "CUDA_PATH", "CUDA_HOME"] {
        if let Some(d) = var(v) {
            if windows() {
                dirs.push(d.join("lib").join("x64"));
                // cuDNN 9's Windows layout: lib\12.x\x64, newest first.
                let mut versioned: Vec<PathBuf> = std::fs::read_dir(d.join("lib"))
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| {
                        p.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
                    })
                    .collect();
                versioned.sort();
                versioned.reverse();
                dirs.extend(versioned.into_iter().map(|p| p.join("x64")));
            } else {
                dirs.push(d.join("lib64"));
                dirs.push(d.join("lib"));
            }
        }
    }
    if !windows() {
        dirs.push("/usr/lib/x86_64-linux-gnu".into());
        dirs.push("/usr/lib/aarch64-linux-gnu".into());
        dirs.push("/usr/local/cuda/lib64".into());
    }
    dirs
}

fn main() {
    for v in ENV_VARS {
        println!("cargo:rerun-if-env-changed={v}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/generate.rs");
    println!("cargo:rerun-if-changed=src/generated");
    println!("cargo:rerun-if-changed=bindings");
    println!("cargo::rustc-check-cfg=cfg(cudnn_link_major, values(\"8\", \"9\"))");
    println!("cargo::rustc-check-cfg=cfg(cudnn_sys_bindgen)");

    let headers = include_dirs()
        .into_iter()
        .find_map(|d| header_version(&d).map(|v| (d, v)));
    if let Some((dir, (ma, mi, pa))) = &headers {
        println!(
            "cargo:rerun-if-changed={}",
            dir.join("cudnn_version.h").display()
        );
        println!("cargo:rustc-env=CUDNN_SYS_HEADER_VERSION={ma}.{mi}.{pa}");
        println!("cargo:rustc-env=CUDNN_SYS_HEADER_DIR={}", dir.display());
        println!("cargo:header_version={ma}.{mi}.{pa}");
        println!("cargo:include={}", dir.display());
    }

    if env::var_os("CARGO_FEATURE_LINK").is_some() {
        if let Err(e) = link(headers.as_ref().map(|h| h.1 .0)) {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }

    #[cfg(feature = "bindgen")]
    if let Err(e) = regenerate(headers.as_ref().map(|h| h.0.as_path())) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// Finds the library, emits the link lines and `cudnn_link_major`.
fn link(header_major: Option<u32>) -> Result<(), String> {
    let dirs = lib_dirs();
    for dir in &dirs {
        if windows() {
            if dir.join("cudnn.lib").is_file() {
                let major = header_major.ok_or_else(|| {
                    format!(
                        "found {} but no cudnn_version.h to tell its major; set CUDNN_INCLUDE_DIR",
                        dir.join("cudnn.lib").display()
                    )
                })?;
                println!("cargo:rustc-link-search=native={}", dir.display());
                println!("cargo:rustc-link-lib=dylib=cudnn");
                println!("cargo:rustc-cfg=cudnn_link_major=\"{major}\"");
                println!("cargo:lib_dir={}", dir.display());
                return Ok(());
            }
            continue;
        }
        // The unversioned development link names whichever major is installed;
        // the versioned names say their major themselves.
        let unversioned = dir.join("libcudnn.so");
        let chosen = if unversioned.exists() {
            let major = std::fs::canonicalize(&unversioned)
                .ok()
                .and_then(|p| {
                    let name = p.file_name()?.to_str()?.to_owned();
                    name.strip_prefix("libcudnn.so.")?
                        .split('.')
                        .next()?
                        .parse::<u32>()
                        .ok()
                })
                .or(header_major);
            major.map(|m| ("cudnn".to_string(), m))
        } else {
            [9u32, 8]
                .into_iter()
                .find(|m| dir.join(format!("libcudnn.so.{m}")).exists())
                .map(|m| (format!("+verbatim=libcudnn.so.{m}"), m))
        };
        if let Some((name, major)) = chosen {
            println!("cargo:rustc-link-search=native={}", dir.display());
            if name.starts_with('+') {
                println!("cargo:rustc-link-lib=dylib:{name}");
            } else {
                println!("cargo:rustc-link-lib=dylib={name}");
            }
            println!("cargo:rustc-cfg=cudnn_link_major=\"{major}\"");
            println!("cargo:lib_dir={}", dir.display());
            return Ok(());
        }
    }
    let tried: Vec<String> = dirs.iter().map(|d| format!("  {}", d.display())).collect();
    Err(format!(
        "the `link` feature found no cuDNN library ({}); set CUDNN_LIB_DIR, CUDNN_PATH or \
         CUDA_PATH to its folder. Searched:\n{}",
        if windows() {
            "cudnn.lib"
        } else {
            "libcudnn.so, libcudnn.so.9, libcudnn.so.8"
        },
        tried.join("\n")
    ))
}

/// Regenerates the bindings into `OUT_DIR` from the headers found: the raw
/// bindings of their major replace the committed ones of that major, and
/// all majors are merged again.
#[cfg(feature = "bindgen")]
fn regenerate(include: Option<&Path>) -> Result<(), String> {
    let include = include.ok_or(
        "the `bindgen` feature found no cuDNN headers (cudnn_version.h); set CUDNN_INCLUDE_DIR \
         or CUDNN_PATH",
    )?;
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let out = PathBuf::from(env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let version = generate::read_header_version(include)?;
    let fresh = generate::raw_bindings(include, &manifest.join("shim"))?;
    let mut raws = vec![fresh];
    for entry in std::fs::read_dir(manifest.join("bindings")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("cudnn_") && name.ends_with(".rs") {
            let raw = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            if generate::raw_version(&raw)?.major != version.major {
                raws.push(raw);
            }
        }
    }
    let refs: Vec<&str> = raws.iter().map(String::as_str).collect();
    let (merged, report) = generate::merge(&refs)?;
    // Differing numbering is expected (the per-major modules hold it);
    // differing declarations are worth a look.
    for r in report.iter().filter(|r| !r.contains("per-major")) {
        println!("cargo:warning=cudnn-sys bindgen: {r}");
    }
    std::fs::write(out.join("merged.rs"), merged).map_err(|e| e.to_string())?;
    println!("cargo:rustc-cfg=cudnn_sys_bindgen");
    Ok(())
}
