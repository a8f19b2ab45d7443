//! [`MoeExperts`]'s checks, and the layer planned against the real cuDNN
//! for a described H100 (`h100-sxm`) and B200 (`b200`) in each routing
//! mode, with no GPU: its shape's refusals, its version gate (a typed
//! refusal of `new` on a cuDNN before 9.15, as the test matrix's 9.10 and
//! 8.9 rows check), and what cuDNN 9.28 plans. No kernel runs.

use std::sync::Arc;

use crate::graph::{DeviceProperties, Settings, Target};
use crate::half::{bf16, f16};
use crate::nn::{MoeElement, MoeExperts, MoeMode, MoeShape};
use crate::{Error, Library, Mismatch, Version};

/// Mixtral-like, small: 128 tokens each routed to 2 of 8 experts of 512
/// to 1024 features.
const SHAPE: MoeShape = MoeShape {
    tokens: 128,
    top_k: 2,
    experts: 8,
    in_features: 512,
    out_features: 1024,
};

const MODES: [MoeMode; 3] = [MoeMode::None, MoeMode::Gather, MoeMode::Scatter];

/// The function and message of a refusal with `Mismatch::BadValue`
/// (`bad` true) or `Mismatch::Unsupported`.
#[track_caller]
fn refusal<T: std::fmt::Debug>(r: crate::Result<T>, bad: bool) -> (&'static str, String) {
    match r {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::BadValue { what },
        }) if bad => (function, what),
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::Unsupported { what },
        }) if !bad => (function, what),
        other => panic!("expected a refusal (BadValue: {bad}), got {other:?}"),
    }
}

#[test]
fn moe_shapes_pass_and_size_their_buffers() {
    SHAPE.check().expect("shape");
    MoeExperts::<bf16>::check(&SHAPE).expect("layer");
    assert_eq!(SHAPE.routed_rows(), 256);
    assert_eq!(SHAPE.token_len(MoeMode::Gather), 128 * 512);
    assert_eq!(SHAPE.token_len(MoeMode::None), 256 * 512);
    assert_eq!(SHAPE.token_len(MoeMode::Scatter), 256 * 512);
    assert_eq!(SHAPE.weight_len(), 8 * 1024 * 512);
    assert_eq!(SHAPE.y_len(), 256 * 1024);
    assert_eq!(SHAPE.offsets_len(), 9);
    assert_eq!(SHAPE.index_len(), 256);
    let one = MoeShape {
        tokens: 1,
        top_k: 1,
        experts: 1,
        in_features: 1,
        out_features: 1,
    };
    one.check().expect("all 1");
}

#[test]
fn moe_shapes_that_do_not_fit_are_refused() {
    let zeros = [
        (MoeShape { tokens: 0, ..SHAPE }, "tokens"),
        (MoeShape { top_k: 0, ..SHAPE }, "top_k"),
        (
            MoeShape {
                experts: 0,
                ..SHAPE
            },
            "experts",
        ),
        (
            MoeShape {
                in_features: 0,
                ..SHAPE
            },
            "in_features",
        ),
        (
            MoeShape {
                out_features: 0,
                ..SHAPE
            },
            "out_features",
        ),
    ];
    for (shape, name) in zeros {
        let (f, what) = refusal(shape.check(), true);
        assert_eq!(f, "MoeShape::check");
        assert_eq!(what, format!("{name} is 0; it is at least 1"));
        let (f, _) = refusal(MoeExperts::<f16>::check(&shape), true);
        assert_eq!(f, "MoeExperts::check");
    }
    let (_, what) = refusal(MoeShape { top_k: 9, ..SHAPE }.check(), true);
    assert!(what.starts_with("top_k 9 of 8 experts"), "{what}");
    let many = MoeShape {
        tokens: 1 << 30,
        top_k: 2,
        ..SHAPE
    };
    let (_, what) = refusal(many.check(), true);
    assert!(what.contains("INT32 bounds and indices"), "{what}");
    let overflow = MoeShape {
        tokens: usize::MAX,
        ..SHAPE
    };
    let (_, what) = refusal(overflow.check(), true);
    assert!(what.contains("does not fit i64"), "{what}");
    let wide = MoeShape {
        in_features: 1 << 60,
        ..SHAPE
    };
    let (_, what) = refusal(wide.check(), true);
    assert!(what.contains("the tokens' element count"), "{what}");
    let weight = MoeShape {
        tokens: 1,
        top_k: 1,
        experts: 1 << 20,
        in_features: 1 << 22,
        out_features: 1 << 22,
    };
    let (_, what) = refusal(weight.check(), true);
    assert!(what.contains("the weight's element count"), "{what}");
    // The saturating sizes of a refused shape.
    assert_eq!(overflow.routed_rows(), usize::MAX);
    assert_eq!(overflow.y_len(), usize::MAX);
}

#[test]
fn moe_experts_before_cudnn_9_15_are_refused() {
    for ok in [Version::new(9, 15, 0), Version::new(9, 28, 0)] {
        MoeExperts::<bf16>::check_version(ok).expect("9.15 and later");
    }
    for old in [
        Version::new(9, 14, 99),
        Version::new(9, 10, 2),
        Version::new(8, 9, 7),
    ] {
        let (f, what) = refusal(MoeExperts::<bf16>::check_version(old), false);
        assert_eq!(f, "MoeExperts::check_version");
        assert_eq!(
            what,
            format!(
                "the MoE grouped matmul needs cuDNN 9.15.0 or later \
                 (OPERATION_MOE_GROUPED_MATMUL); the loaded one is {old}"
            )
        );
    }
}

/// What planning for a described GPU needs, loaded: NVIDIA's driver
/// library (the file `CUDNN_TEST_LIBCUDA` names, else the system's) and,
/// from cuDNN 9.15, cuBLASLt (from `CUBLAS_<major>_LIB`, else by name),
/// each kept loaded for the process; `None` (after saying why) when the
/// library does not load and the run does not require it.
#[cfg(target_os = "linux")]
fn library() -> Option<Arc<Library>> {
    use libloading::os::unix::{Library as So, RTLD_GLOBAL, RTLD_NOW};
    if let Some(path) = std::env::var_os("CUDNN_TEST_LIBCUDA").filter(|p| !p.is_empty()) {
        // SAFETY: NVIDIA's driver library, loaded as any CUDA program loads
        // it; it stays loaded for the process.
        let so = unsafe { So::open(Some(&path), RTLD_NOW | RTLD_GLOBAL) }
            .unwrap_or_else(|e| panic!("loading CUDNN_TEST_LIBCUDA={}: {e}", path.display()));
        std::mem::forget(so);
    }
    let lib = crate::test_support::lib()?;
    if lib.version() < Version::new(9, 15, 0) {
        return Some(lib);
    }
    let major = lib.cudart_version().major();
    let file = format!("libcublasLt.so.{major}");
    let path = match std::env::var_os(format!("CUBLAS_{major}_LIB")).filter(|d| !d.is_empty()) {
        Some(dir) => std::path::Path::new(&dir).join(&file),
        None => std::path::PathBuf::from(&file),
    };
    // SAFETY: NVIDIA's cuBLASLt, loaded as cuDNN's precompiled engines
    // would load it; it stays loaded for the process.
    match unsafe { So::open(Some(&path), RTLD_NOW | RTLD_GLOBAL) } {
        Ok(so) => std::mem::forget(so),
        // scripts/test.sh provides cuBLASLt for CUDA 12 only.
        Err(e) if crate::test_support::required() && major == 12 => {
            panic!(
                "CUDNN_TEST_REQUIRE=1 but {} does not load: {e}",
                path.display()
            )
        }
        Err(e) => {
            eprintln!("not run: {} does not load: {e}", path.display());
            return None;
        }
    }
    Some(lib)
}

#[cfg(not(target_os = "linux"))]
fn library() -> Option<Arc<Library>> {
    eprintln!("not run: the described-GPU plans are checked on Linux");
    None
}

/// The layer of `T` in `mode` for `preset`, checked against what it was
/// built for; on a cuDNN before 9.15, `new`'s typed refusal.
fn plan<T: MoeElement>(lib: &Arc<Library>, preset: &str, mode: MoeMode) {
    let device = DeviceProperties::preset(preset).expect("preset");
    let target = Target::Device {
        library: lib,
        device: &device,
    };
    let r = MoeExperts::<T>::new(target, SHAPE, mode, &Settings::default(), None);
    let v = lib.version();
    if v < Version::new(9, 15, 0) {
        let (f, what) = refusal(r, false);
        assert_eq!(f, "MoeExperts::new");
        assert!(
            what.starts_with("the MoE grouped matmul needs cuDNN 9.15.0 or later"),
            "{what}"
        );
        assert!(what.ends_with(&format!("the loaded one is {v}")), "{what}");
        return;
    }
    let layer = r.unwrap_or_else(|e| panic!("{mode:?} on {preset} with cuDNN {v}: {e}"));
    assert_eq!(layer.shape(), SHAPE);
    assert_eq!(layer.mode(), mode);
    assert_eq!(layer.data_type(), T::CUDNN);
    eprintln!(
        "{mode:?} {:?} on {preset}: workspace {} bytes",
        T::CUDNN,
        layer.workspace_size()
    );
}

/// Each mode in `bf16` for a described H100 and B200, and in `f16` for
/// the H100; the typed refusal on a cuDNN before 9.15.
#[test]
fn moe_experts_plan_for_h100_and_b200_in_each_mode() {
    let Some(lib) = library() else {
        return;
    };
    for preset in ["h100-sxm", "b200"] {
        for mode in MODES {
            plan::<bf16>(&lib, preset, mode);
        }
    }
    for mode in MODES {
        plan::<f16>(&lib, "h100-sxm", mode);
    }
}

/// The shape is checked before the version and before any graph, naming
/// `new`, on every cuDNN.
#[test]
fn moe_experts_new_checks_the_shape_first() {
    let Some(lib) = library() else {
        return;
    };
    let device = DeviceProperties::preset("h100-sxm").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let shape = MoeShape { top_k: 0, ..SHAPE };
    let r = MoeExperts::<bf16>::new(target, shape, MoeMode::Gather, &Settings::default(), None);
    let (f, what) = refusal(r, true);
    assert_eq!(f, "MoeExperts::new");
    assert_eq!(what, "top_k is 0; it is at least 1");
}

/// Through a plan cache: the first layer of a shape and mode is a miss,
/// a second of the same a hit, another mode a miss of its own (cuDNN 9.15
/// and later; before, `new`'s typed refusal).
#[test]
fn moe_experts_share_plans_through_a_plan_cache() {
    let Some(lib) = library() else {
        return;
    };
    let device = DeviceProperties::preset("b200").expect("preset");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut cache = crate::graph::PlanCache::new(4).expect("cache");
    let s = Settings::default();
    let mut new = |mode| MoeExperts::<bf16>::new(target, SHAPE, mode, &s, Some(&mut cache));
    if lib.version() < Version::new(9, 15, 0) {
        let (f, _) = refusal(new(MoeMode::Scatter), false);
        assert_eq!(f, "MoeExperts::new");
        return;
    }
    new(MoeMode::Scatter).expect("first");
    new(MoeMode::Scatter).expect("second");
    new(MoeMode::Gather).expect("gather");
    assert_eq!((cache.hits(), cache.misses(), cache.len()), (1, 2, 2));
}
