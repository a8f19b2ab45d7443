//! The PE reader against NVIDIA's real Windows cuDNN DLLs (8.9.5.29 and
//! 9.28.0.42, from the `nvidia-cudnn-cu12` win_amd64 wheels). Runs on every
//! platform: the DLLs are only read, never loaded.
//!
//! The folders: `CUDNN_WIN_8_BIN` and `CUDNN_WIN_9_BIN`, else
//! `${CUDNN_RS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-rs}/win-<version>/bin`
//! (where `scripts/fetch-cudnn.sh windows` unpacks them). When a folder is
//! missing the tests say why and pass, unless `CUDNN_TEST_REQUIRE=1`, which
//! makes them fail.

use std::path::{Path, PathBuf};

use cudnn_sys::pe::{self, PeError, PeInfo, MACHINE_AMD64};

struct Release {
    var: &'static str,
    version: [u16; 4],
    /// Every DLL of the wheel with the DLLs it imports, as written.
    dlls: &'static [(&'static str, &'static [&'static str])],
}

const K32: &str = "KERNEL32.dll";

const V8: Release = Release {
    var: "CUDNN_WIN_8_BIN",
    version: [8, 9, 5, 29],
    dlls: &[
        ("cudnn64_8.dll", &[K32]),
        ("cudnn_ops_infer64_8.dll", &[K32]),
        ("cudnn_ops_train64_8.dll", &["cudnn_ops_infer64_8.dll", K32]),
        ("cudnn_cnn_infer64_8.dll", &["cudnn_ops_infer64_8.dll", K32]),
        (
            "cudnn_cnn_train64_8.dll",
            &[
                "cudnn_ops_infer64_8.dll",
                "cudnn_ops_train64_8.dll",
                "cudnn_cnn_infer64_8.dll",
                K32,
            ],
        ),
        ("cudnn_adv_infer64_8.dll", &["cudnn_ops_infer64_8.dll", K32]),
        (
            "cudnn_adv_train64_8.dll",
            &[
                "cudnn_ops_infer64_8.dll",
                "cudnn_ops_train64_8.dll",
                "cudnn_adv_infer64_8.dll",
                K32,
            ],
        ),
    ],
};

const V9: Release = Release {
    var: "CUDNN_WIN_9_BIN",
    version: [9, 28, 0, 42],
    dlls: &[
        ("cudnn64_9.dll", &[K32]),
        (
            "cudnn_graph64_9.dll",
            &[
                K32,
                "SHELL32.dll",
                "ADVAPI32.dll",
                "ntdll.dll",
                "USER32.dll",
                "ole32.dll",
            ],
        ),
        ("cudnn_ops64_9.dll", &["cudnn_graph64_9.dll", K32]),
        (
            "cudnn_cnn64_9.dll",
            &["cudnn_ops64_9.dll", "cudnn_graph64_9.dll", K32],
        ),
        (
            "cudnn_adv64_9.dll",
            &["cudnn_ops64_9.dll", "cudnn_graph64_9.dll", K32],
        ),
        (
            "cudnn_engines_precompiled64_9.dll",
            &["cudnn_graph64_9.dll", K32],
        ),
        (
            "cudnn_engines_runtime_compiled64_9.dll",
            &["cudnn_graph64_9.dll", K32],
        ),
        (
            "cudnn_engines_tensor_ir64_9.dll",
            &["cudnn_graph64_9.dll", K32],
        ),
        ("cudnn_ext64_9.dll", &[K32]),
        ("cudnn_heuristic64_9.dll", &["cudnn_graph64_9.dll", K32]),
    ],
};

fn version_text(v: [u16; 4]) -> String {
    format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3])
}

/// The release's DLL folder, or `None` (after saying why) when it is absent
/// and the run does not require it.
fn folder(r: &Release) -> Option<PathBuf> {
    let dir = match std::env::var_os(r.var).filter(|v| !v.is_empty()) {
        Some(v) => PathBuf::from(v),
        None => {
            // scripts/fetch-cudnn.sh's cache.
            let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
            let cache = var("CUDNN_RS_CACHE").map(PathBuf::from).or_else(|| {
                var("XDG_CACHE_HOME")
                    .map(PathBuf::from)
                    .or_else(|| var("HOME").map(|h| Path::new(&h).join(".cache")))
                    .map(|c| c.join("cudnn-rs"))
            });
            let Some(cache) = cache else {
                return absent(
                    r,
                    "neither it nor CUDNN_RS_CACHE, XDG_CACHE_HOME or HOME is set".into(),
                );
            };
            cache
                .join(format!("win-{}", version_text(r.version)))
                .join("bin")
        }
    };
    if dir.join(r.dlls[0].0).is_file() {
        Some(dir)
    } else {
        absent(r, format!("{} has no {}", dir.display(), r.dlls[0].0))
    }
}

fn absent(r: &Release, why: String) -> Option<PathBuf> {
    let what = format!(
        "the Windows cuDNN {} DLLs are not available ({why}); set {} or run \
         `bash scripts/fetch-cudnn.sh windows`",
        version_text(r.version),
        r.var
    );
    // The GPU bundle (CUDNN_TEST_GPU=1) runs where only a Linux cuDNN is
    // installed: the Windows DLLs are CI's to require.
    let var = |name: &str| std::env::var_os(name).is_some_and(|v| v == "1");
    if var("CUDNN_TEST_REQUIRE") && !var("CUDNN_TEST_GPU") {
        panic!("CUDNN_TEST_REQUIRE=1 but {what}");
    }
    eprintln!("not run: {what}");
    None
}

fn describe(r: &Release) {
    let Some(dir) = folder(r) else { return };
    for (name, want_imports) in r.dlls {
        let path = dir.join(name);
        let info: PeInfo = pe::inspect(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        println!(
            "{name}: machine {:#06x}, dll {}, file version {}, {} exports, imports {:?}",
            info.machine,
            info.is_dll,
            info.file_version
                .map(version_text)
                .unwrap_or_else(|| "none".into()),
            info.exports.len(),
            info.imports
        );
        assert_eq!(info.machine, MACHINE_AMD64, "{name}");
        assert!(info.is_dll, "{name}");
        assert_eq!(info.imports, *want_imports, "{name}");
        if let Some(v) = info.file_version {
            assert_eq!(v, r.version, "{name}: file version");
        }
        assert!(!info.exports.is_empty(), "{name} exports nothing");
        assert!(
            info.exports.windows(2).all(|w| w[0] <= w[1]),
            "{name}: exports sorted"
        );
        if cfg!(target_arch = "x86_64") {
            assert_eq!(pe::check(&path), Ok(()), "{name}");
        }
    }
    // The entry DLL exports the version query every cuDNN has.
    let entry = pe::inspect(&dir.join(r.dlls[0].0)).expect("entry DLL");
    assert!(
        entry.exports.iter().any(|e| e == "cudnnGetVersion"),
        "{:?}",
        entry.exports
    );
    assert_eq!(
        entry.file_version,
        Some(r.version),
        "the entry DLL's version resource"
    );
}

#[test]
fn cudnn_8_dlls_are_described() {
    describe(&V8);
}

#[test]
fn cudnn_9_dlls_are_described() {
    describe(&V9);
}

#[test]
fn cudnn_9_sub_libraries_export_their_api() {
    let Some(dir) = folder(&V9) else { return };
    for (dll, symbol) in [
        ("cudnn_graph64_9.dll", "cudnnBackendCreateDescriptor"),
        ("cudnn_ops64_9.dll", "cudnnCreateTensorDescriptor"),
        ("cudnn_cnn64_9.dll", "cudnnConvolutionForward"),
        ("cudnn_adv64_9.dll", "cudnnRNNForward"),
    ] {
        let info = pe::inspect(&dir.join(dll)).unwrap_or_else(|e| panic!("{dll}: {e}"));
        assert!(
            info.exports.binary_search(&symbol.to_string()).is_ok(),
            "{dll} does not export {symbol}"
        );
    }
}

#[test]
fn cut_copies_of_a_real_dll_are_truncated() {
    let Some(dir) = folder(&V9) else { return };
    let whole = std::fs::read(dir.join("cudnn64_9.dll")).expect("read cudnn64_9.dll");
    let len = whole.len();
    let scratch = tempfile::Builder::new()
        .prefix("cudnn-rs-sys-pe-real-")
        .tempdir()
        .expect("scratch folder");
    for cut in [
        2,
        63,
        64,
        0x100,
        0x3FF,
        0x1000,
        len / 3,
        len / 2,
        len - 4096,
        len - 1,
    ] {
        match pe::inspect_bytes(&whole[..cut]) {
            Err(PeError::Truncated { size, needed }) => {
                assert_eq!(size, cut as u64);
                assert!(
                    needed > size && needed <= len as u64,
                    "cut {cut}: needs {needed}"
                );
            }
            other => panic!("cut at {cut} of {len}: {other:?}"),
        }
        let path = scratch.path().join(format!("cudnn64_9.dll.{cut}"));
        std::fs::write(&path, &whole[..cut]).expect("write cut copy");
        assert!(
            matches!(pe::inspect(&path), Err(PeError::Truncated { .. })),
            "cut {cut}"
        );
        let e = pe::check(&path).expect_err("a cut DLL is refused");
        assert!(e.starts_with("the file is truncated"), "{e}");
        // One copy at a time on disk; the folder goes with `scratch`.
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn text_is_not_pe() {
    use std::io::Write as _;
    let mut file = tempfile::Builder::new()
        .prefix("cudnn-rs-sys-pe-text-")
        .suffix(".dll")
        .tempfile()
        .expect("a scratch file");
    file.write_all(b"this is not a DLL\n").expect("write");
    let path = file.into_temp_path();
    assert_eq!(pe::inspect(&path), Err(PeError::NotPe));
    assert_eq!(pe::check(&path), Ok(()), "left to the system loader");
}

/// A seeded loop of random byte changes over the first 64 KiB of a real DLL
/// (half of them in its first KiB, the headers): the reader returns,
/// whatever it finds.
#[test]
fn random_damage_to_a_real_dll_never_panics() {
    let Some(dir) = folder(&V9) else { return };
    let base = std::fs::read(dir.join("cudnn_ext64_9.dll")).expect("read cudnn_ext64_9.dll");
    let span = base.len().min(64 << 10);
    let mut state = 0x0DDC_0FFE_E15B_AD05_u64;
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let (mut ok, mut err) = (0, 0);
    for _ in 0..4_000 {
        let mut f = base.clone();
        for _ in 0..1 + next() % 16 {
            // Half of the changes hit the headers and the section table.
            let within = if next().is_multiple_of(2) {
                span.min(0x400)
            } else {
                span
            };
            let at = (next() % within as u64) as usize;
            f[at] = next() as u8;
        }
        match pe::inspect_bytes(&f) {
            Ok(_) => ok += 1,
            Err(_) => err += 1,
        }
    }
    println!("random damage: {ok} still readable, {err} refused");
    assert!(ok > 0);
}
