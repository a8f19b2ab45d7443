//! `crate::ops::causal_conv1d` without a GPU, against the real library:
//! problems (direct, medium-FFT, long-FFT and B2B) are made where the loaded cuDNN has
//! the functions (9.28 here)
//! and refused with a typed error where it lacks them (cuDNN 8, 9.10) or
//! where `libcudnn_ext` is missing beside it; the shape checks come
//! before the library's; the sub-library map and the enum values.
//!
//! On Windows (the header: "Not supported on Windows") every variant is a
//! typed refusal, tested under Wine against NVIDIA's DLLs.
//!
//! `cudnnCreate` needs a GPU, so the launches themselves are in
//! `cudnn/tests/causal_conv1d_gpu.rs`.

#[cfg(not(windows))]
use std::path::Path;
use std::sync::Arc;

use crate::test_support as common;

use common::{is_bad_value, raw, refusal};

use crate::ops::{
    CausalConv1dActivation, CausalConv1dB2bProblem, CausalConv1dB2bShape, CausalConv1dFftProblem,
    CausalConv1dLayout, CausalConv1dLongFftProblem, CausalConv1dProblem, CausalConv1dShape,
};
#[cfg(not(windows))]
use crate::{
    ops::{CAUSAL_CONV1D_KERNEL_SIZES, CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE},
    Library,
};
use crate::{sys, Error};

const LAYOUTS: [CausalConv1dLayout; 2] = [
    CausalConv1dLayout::ChannelsFirst,
    CausalConv1dLayout::ChannelsLast,
];

fn shape(batch: usize, dim: usize, seq_len: usize, kernel_size: usize) -> CausalConv1dShape {
    CausalConv1dShape {
        batch,
        dim,
        seq_len,
        kernel_size,
    }
}

#[cfg(not(windows))]
/// Whether `lib` exports all four functions.
fn has_functions(lib: &Library) -> bool {
    let f = lib.sys();
    f.cudnnCausalConv1dForward.is_some()
        && f.cudnnCausalConv1dBackward.is_some()
        && f.cudnnCausalConv1dNwhForward.is_some()
        && f.cudnnCausalConv1dNwhBackward.is_some()
}

#[cfg(not(windows))]
/// Asserts that `e` says the loaded library lacks `function` (or its
/// sub-library).
#[track_caller]
fn assert_missing(e: &Error, function: &str) {
    match e {
        Error::NotAvailable { function: f, .. }
        | Error::SublibraryUnavailable { function: f, .. } => {
            assert_eq!(*f, function, "{e}")
        }
        other => panic!("expected NotAvailable for {function}, got {other:?}"),
    }
}

#[test]
#[cfg(not(windows))]
fn problems_are_made_where_the_library_has_the_functions() {
    let Some(lib) = common::lib() else { return };
    let v = lib.version();
    if v.major < 9 || (v.major == 9 && v.minor < 22) {
        assert!(!has_functions(&lib), "cuDNN {v} has causal conv1d?");
    }
    if v.major == 9 && v.minor >= 28 {
        assert!(has_functions(&lib), "cuDNN {v} lacks causal conv1d");
    }
    for layout in LAYOUTS {
        let r = CausalConv1dProblem::new_in(
            Arc::clone(&lib),
            shape(2, 3, 5, 4),
            layout,
            CausalConv1dActivation::SILU,
        );
        if has_functions(&lib) {
            let p = r.expect("problem");
            assert_eq!(p.shape(), shape(2, 3, 5, 4));
            assert_eq!(p.layout(), layout);
            assert_eq!(p.activation(), CausalConv1dActivation::SILU);
            assert_eq!((p.x_len(), p.weight_len(), p.bias_len()), (30, 12, 3));
            assert!(Arc::ptr_eq(p.library(), &lib));
        } else {
            let e = r.expect_err("no functions");
            let want = match layout {
                CausalConv1dLayout::ChannelsFirst => "cudnnCausalConv1dForward",
                CausalConv1dLayout::ChannelsLast => "cudnnCausalConv1dNwhForward",
            };
            assert_missing(&e, want);
        }
    }
}

fn b2b(batch: usize, dim: usize, seq_len: usize, kp: usize, km: usize) -> CausalConv1dB2bShape {
    CausalConv1dB2bShape {
        batch,
        dim,
        seq_len,
        kernel_size_proj: kp,
        kernel_size_mixer: km,
    }
}

#[cfg(not(windows))]
/// Whether `lib` exports both B2B functions.
fn has_b2b(lib: &Library) -> bool {
    let f = lib.sys();
    f.cudnnB2BCausalConv1dForward.is_some() && f.cudnnB2BCausalConv1dBackward.is_some()
}

#[test]
#[cfg(not(windows))]
fn b2b_problems_are_made_from_cudnn_9_24() {
    let Some(lib) = common::lib() else { return };
    let v = lib.version();
    let since = v.major > 9 || (v.major == 9 && v.minor >= 24);
    if v.major < 9 || (v.major == 9 && v.minor < 22) {
        assert!(!has_b2b(&lib), "cuDNN {v} has the B2B causal conv1d?");
    }
    if v.major == 9 && v.minor >= 28 {
        assert!(has_b2b(&lib), "cuDNN {v} lacks the B2B causal conv1d");
    }
    let r = CausalConv1dB2bProblem::new_in(Arc::clone(&lib), b2b(2, 3, 9, 3, 4));
    if has_b2b(&lib) && since {
        let p = r.expect("problem");
        assert_eq!(p.shape(), b2b(2, 3, 9, 3, 4));
        assert_eq!(
            (
                p.x_len(),
                p.y_len(),
                p.weight_proj_len(),
                p.weight_mixer_len(),
                p.skip_bias_len()
            ),
            (162, 54, 27, 12, 3)
        );
        assert!(Arc::ptr_eq(p.library(), &lib));
        for (kp, km) in [(2, 2), (32, 256), (4, 150)] {
            CausalConv1dB2bProblem::new(b2b(1, 2, 5, kp, km)).expect("supported widths");
        }
    } else {
        // Without the functions, or before 9.24 with them.
        assert_missing(
            &r.expect_err("no B2B before 9.24"),
            "cudnnB2BCausalConv1dForward",
        );
    }
}

#[test]
fn b2b_shapes_are_checked_before_the_library() {
    // On every library, with the functions or without.
    let Some(_lib) = common::lib() else { return };
    for s in [
        b2b(1, 1, 1, 1, 2),
        b2b(1, 1, 1, 33, 2),
        b2b(1, 1, 1, 2, 1),
        b2b(1, 1, 1, 2, 257),
        b2b(0, 1, 1, 2, 2),
        b2b(1, 1, i32::MAX as usize + 1, 2, 2),
    ] {
        let e = CausalConv1dB2bProblem::new(s).expect_err("bad shape");
        assert!(is_bad_value(&e), "{s:?}: {e}");
        assert_eq!(refusal(&e).0, "CausalConv1dB2bProblem::new");
    }
}

#[cfg(not(windows))]
/// Whether `lib` exports both medium-FFT functions.
fn has_fft(lib: &Library) -> bool {
    let f = lib.sys();
    f.cudnnFFTCausalConv1dForward.is_some() && f.cudnnFFTCausalConv1dBackward.is_some()
}

#[test]
#[cfg(not(windows))]
fn fft_problems_are_made_where_the_library_has_the_functions() {
    let Some(lib) = common::lib() else { return };
    let v = lib.version();
    if v.major < 9 || (v.major == 9 && v.minor < 26) {
        assert!(!has_fft(&lib), "cuDNN {v} has the FFT causal conv1d?");
    }
    if v.major == 9 && v.minor >= 28 {
        assert!(has_fft(&lib), "cuDNN {v} lacks the FFT causal conv1d");
    }
    let r = CausalConv1dFftProblem::new_in(Arc::clone(&lib), shape(2, 3, 512, 128));
    if has_fft(&lib) {
        let p = r.expect("problem");
        assert_eq!(p.shape(), shape(2, 3, 512, 128));
        assert_eq!((p.x_len(), p.weight_len()), (3072, 384));
        assert!(Arc::ptr_eq(p.library(), &lib));
        for k in [128, 256, 1024, 4096, 16384] {
            CausalConv1dFftProblem::new(shape(1, 1, k, k)).expect("a supported width");
        }
    } else {
        assert_missing(&r.expect_err("no functions"), "cudnnFFTCausalConv1dForward");
    }
    // The shape before the library, on every library.
    let e = CausalConv1dFftProblem::new(shape(1, 1, 200, 100)).expect_err("not a power of two");
    assert!(is_bad_value(&e), "{e}");
    assert_eq!(refusal(&e).0, "CausalConv1dFftProblem::new");
}

#[cfg(not(windows))]
/// Whether `lib` exports the three long-FFT functions.
fn has_long_fft(lib: &Library) -> bool {
    let f = lib.sys();
    f.cudnnLongFFTCausalConv1dForward.is_some()
        && f.cudnnLongFFTCausalConv1dBackward.is_some()
        && f.cudnnLongFFTCausalConv1dGetBufferSizes.is_some()
}

#[test]
#[cfg(not(windows))]
fn long_fft_problems_are_made_and_sized_where_the_library_has_the_functions() {
    let Some(lib) = common::lib() else { return };
    let v = lib.version();
    if v.major < 9 || (v.major == 9 && v.minor < 26) {
        assert!(
            !has_long_fft(&lib),
            "cuDNN {v} has the long-FFT causal conv1d?"
        );
    }
    if v.major == 9 && v.minor >= 28 {
        assert!(
            has_long_fft(&lib),
            "cuDNN {v} lacks the long-FFT causal conv1d"
        );
    }
    let r = CausalConv1dLongFftProblem::new_in(Arc::clone(&lib), shape(2, 3, 4096, 4096));
    if has_long_fft(&lib) {
        let p = r.expect("problem");
        assert_eq!(p.shape(), shape(2, 3, 4096, 4096));
        assert_eq!(p.lens(), (2 * 3 * 4096, 3 * 4096));
        assert!(Arc::ptr_eq(p.library(), &lib));
        // Asked on the host: no GPU needed.
        let (ws, reserve) = p.buffer_sizes::<f32>().expect("buffer sizes");
        eprintln!("long FFT, B=2 D=3 L=K=4096, f32: workspace {ws} B, reserve {reserve} B");
        assert!(reserve > 0, "the forward keeps something for the backward");
        // f64 stops at 8388608, before cuDNN.
        let wide = CausalConv1dLongFftProblem::new(shape(1, 1, 16_777_216, 16_777_216))
            .expect("the widest kernel");
        let e = wide.buffer_sizes::<f64>().expect_err("f64 past 8388608");
        assert!(is_bad_value(&e), "{e}");
        wide.buffer_sizes::<f32>().expect("f32 at 16777216");
    } else {
        assert_missing(
            &r.expect_err("no functions"),
            "cudnnLongFFTCausalConv1dGetBufferSizes",
        );
    }
    // The shape before the library, on every library.
    for s in [
        shape(1, 1, 4096, 2048),
        shape(1, 1, 8192, 4096),
        shape(1, 1, 6144, 6144),
        shape(1, 65536, 4096, 4096),
        shape(65536, 1, 4096, 4096),
    ] {
        let e = CausalConv1dLongFftProblem::new(s).expect_err("a bad long-FFT shape");
        assert!(is_bad_value(&e), "{s:?}: {e}");
        assert_eq!(refusal(&e).0, "CausalConv1dLongFftProblem::new");
    }
}

#[test]
#[cfg(not(windows))]
fn every_supported_kernel_width_is_taken() {
    let Some(lib) = common::lib() else { return };
    if !has_functions(&lib) {
        return;
    }
    for k in CAUSAL_CONV1D_KERNEL_SIZES {
        for layout in LAYOUTS {
            let r = CausalConv1dProblem::new(
                shape(1, 8, 3, k),
                layout,
                CausalConv1dActivation::IDENTITY,
            );
            if layout == CausalConv1dLayout::ChannelsLast && k > CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE {
                let e = r.expect_err("too wide channels last");
                assert!(is_bad_value(&e), "{e}");
            } else {
                r.expect("supported width");
            }
        }
    }
}

#[test]
fn shapes_are_checked_before_the_library() {
    // On every library, with the functions or without.
    let Some(_lib) = common::lib() else { return };
    for (s, act) in [
        (shape(1, 1, 1, 9), CausalConv1dActivation::IDENTITY),
        (shape(0, 1, 1, 2), CausalConv1dActivation::IDENTITY),
        (shape(1, 1, 1, 2), sys::cudnnCausalConv1dActivation_t(7)),
    ] {
        for layout in LAYOUTS {
            let e = CausalConv1dProblem::new(s, layout, act).expect_err("bad shape");
            assert!(is_bad_value(&e), "{e}");
            assert_eq!(refusal(&e).0, "CausalConv1dProblem::new");
        }
    }
}

#[test]
fn the_version_check_of_the_ext_sublibrary_passes() {
    let Some(lib) = common::lib() else { return };
    if lib.sys().cudnnSubquadraticOpsVersionCheck.is_some() {
        let r = raw!(lib, cudnnSubquadraticOpsVersionCheck());
        if cfg!(windows) {
            // cuDNN 9.28's DLL: NOT_SUPPORTED (the ops are not on Windows).
            let e = r.expect_err("not supported on Windows");
            assert!(e.to_string().contains("NOT_SUPPORTED"), "{e}");
        } else {
            r.expect("ext matches the core");
        }
    }
}

/// On Windows every variant is refused, after the shape's checks and
/// before the library's, whatever the DLL exports.
#[test]
#[cfg(windows)]
fn windows_refuses_every_variant() {
    let Some(lib) = common::lib() else { return };
    let unsupported = |e: Error, function: &str| {
        assert_eq!(refusal(&e).0, function, "{e}");
        assert!(
            matches!(
                e,
                Error::InvalidArgument {
                    mismatch: crate::Mismatch::Unsupported { .. },
                    ..
                }
            ),
            "{e:?}"
        );
    };
    for layout in LAYOUTS {
        let e = CausalConv1dProblem::new_in(
            Arc::clone(&lib),
            shape(2, 3, 5, 4),
            layout,
            CausalConv1dActivation::SILU,
        )
        .expect_err("Windows");
        unsupported(e, "CausalConv1dProblem::new");
    }
    let e = CausalConv1dFftProblem::new_in(Arc::clone(&lib), shape(2, 3, 512, 128))
        .expect_err("Windows");
    unsupported(e, "CausalConv1dFftProblem::new");
    let e = CausalConv1dLongFftProblem::new_in(Arc::clone(&lib), shape(1, 1, 4096, 4096))
        .expect_err("Windows");
    unsupported(e, "CausalConv1dLongFftProblem::new");
    let e =
        CausalConv1dB2bProblem::new_in(Arc::clone(&lib), b2b(2, 3, 9, 3, 4)).expect_err("Windows");
    unsupported(e, "CausalConv1dB2bProblem::new");
}

#[cfg(not(windows))]
/// A folder with hard links to every file of `dir` but `libcudnn_ext*`
/// (the loader follows symbolic links back to `dir`); `None` where `dir`
/// has no ext sub-library or the links cannot be made (another file
/// system).
fn without_ext(dir: &Path) -> Option<tempfile::TempDir> {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut had_ext = false;
    for entry in std::fs::read_dir(dir).expect("read the library folder") {
        let path = entry.expect("entry").path();
        let name = path.file_name().expect("a name").to_owned();
        if name.to_string_lossy().starts_with("libcudnn_ext") {
            had_ext = true;
            continue;
        }
        // The main library copied (dlopen would find the loaded one by its
        // inode), the large sub-libraries linked.
        let to = tmp.path().join(&name);
        let made = if name.to_string_lossy().starts_with("libcudnn.") {
            std::fs::copy(&path, &to).map(drop)
        } else {
            std::fs::hard_link(&path, &to)
        };
        if let Err(e) = made {
            eprintln!("not run: cannot link {}: {e}", path.display());
            return None;
        }
    }
    had_ext.then_some(tmp)
}

#[test]
#[cfg(not(windows))]
fn a_missing_ext_sublibrary_is_a_typed_error() {
    let Some(lib) = common::lib() else { return };
    if !has_functions(&lib) {
        return;
    }
    let Some(dir) = lib.path().parent().and_then(without_ext) else {
        eprintln!("not run: no libcudnn_ext beside {}", lib.path().display());
        return;
    };
    let lib = match Library::open(Some(dir.path())) {
        Ok(lib) => Arc::new(lib),
        Err(e) => panic!("cuDNN without its ext sub-library should still load: {e}"),
    };
    for layout in LAYOUTS {
        let e = CausalConv1dProblem::new_in(
            Arc::clone(&lib),
            shape(1, 2, 3, 2),
            layout,
            CausalConv1dActivation::IDENTITY,
        )
        .expect_err("no ext");
        assert!(
            matches!(
                e,
                Error::SublibraryUnavailable { .. } | Error::NotAvailable { .. }
            ),
            "{e:?}"
        );
        let text = e.to_string();
        eprintln!("{text}");
        assert!(text.contains("CausalConv1d"), "{text}");
    }
    if has_b2b(&lib) {
        let e = CausalConv1dB2bProblem::new_in(Arc::clone(&lib), b2b(1, 2, 3, 2, 2))
            .expect_err("no ext");
        assert!(
            matches!(
                e,
                Error::SublibraryUnavailable { .. } | Error::NotAvailable { .. }
            ),
            "{e:?}"
        );
    }
}

#[test]
fn the_functions_are_in_the_ext_sublibrary_of_cudnn_9() {
    for f in [
        "cudnnCausalConv1dForward",
        "cudnnCausalConv1dBackward",
        "cudnnCausalConv1dNwhForward",
        "cudnnCausalConv1dNwhBackward",
        "cudnnFFTCausalConv1dForward",
        "cudnnFFTCausalConv1dBackward",
        "cudnnLongFFTCausalConv1dForward",
        "cudnnLongFFTCausalConv1dBackward",
        "cudnnLongFFTCausalConv1dGetBufferSizes",
        "cudnnB2BCausalConv1dForward",
        "cudnnB2BCausalConv1dBackward",
    ] {
        assert_eq!(sys::sublibs::implemented_in(9, f), Some("ext"), "{f}");
        assert_eq!(sys::sublibs::implemented_in(8, f), None, "{f}");
    }
}

#[test]
fn the_enums_are_cudnns_values() {
    assert_eq!(CausalConv1dActivation::IDENTITY.0, 0);
    assert_eq!(CausalConv1dActivation::SILU.0, 1);
    assert_eq!(
        CausalConv1dActivation::SILU.to_string(),
        "CUDNN_CAUSAL_CONV1D_ACTIVATION_SILU"
    );
}
