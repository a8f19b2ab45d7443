//! Dynamic shapes and the kernel cache (`Graph::set_dynamic_shapes`,
//! `KernelCache`, `OperationGraph::plans_with_kernel_cache`) against the
//! real cuDNN, without a GPU: a graph marked for dynamic shapes is keyed
//! apart and refused before cuDNN 9.4; on cuDNN 9.28 (with NVIDIA's
//! libcuda, cuBLASLt and NVRTC) conv + bias + ReLU planned for a described
//! H100 through a kernel cache, the cache saved, loaded and used for
//! another shape; damaged files refused.

mod common;

use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DeviceProperties, Graph, KernelCache, OperationGraph, Settings, Target,
};
use cudnn::{DType, Error, Library};

/// conv (3x3, pad 1) + bias + ReLU of x `[n, 64, h, h]` FP16 NHWC,
/// marked for dynamic shapes when `dynamic`.
fn conv_bias_relu(n: i64, h: i64, dynamic: bool) -> Graph {
    let mut g = Graph::new("conv_bias_relu");
    g.set_dynamic_shapes(dynamic);
    let c = 64;
    let nhwc = |dims: [i64; 4]| [dims[1] * dims[2] * dims[3], 1, dims[3] * dims[1], dims[1]];
    let x = g
        .tensor_with_strides("x", &[n, c, h, h], &nhwc([n, c, h, h]), DType::HALF)
        .unwrap();
    let w = g
        .tensor_with_strides("w", &[c, c, 3, 3], &nhwc([c, c, 3, 3]), DType::HALF)
        .unwrap();
    let b = g
        .tensor_with_strides("b", &[1, c, 1, 1], &[c, 1, c, c], DType::HALF)
        .unwrap();
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .unwrap();
    let y = g.bias(y, b).unwrap();
    let y = g.relu(y).unwrap();
    g.set_output(y, DType::HALF).unwrap();
    g
}

/// cuDNN 9.28 with what runtime-compiled plans need, or `None` (a
/// required run fails instead, in `common`).
fn planning_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    if lib.version() < cudnn::Version::new(9, 10, 0) {
        return None;
    }
    let ready = common::backend::load_cublaslt(&lib) && common::backend::load_nvrtc(&lib);
    ready.then_some(lib)
}

#[test]
fn dynamic_shapes_are_keyed_and_refused_before_9_4() {
    assert_ne!(
        conv_bias_relu(8, 56, true).key(),
        conv_bias_relu(8, 56, false).key()
    );
    assert!(conv_bias_relu(8, 56, true)
        .key()
        .contains(";dynamic_shapes"));
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    let built = conv_bias_relu(8, 56, true).build_with(&lib, None);
    let cache = KernelCache::new(&lib);
    if v < cudnn::Version::new(9, 4, 0) {
        let text = built.expect_err("refused").to_string();
        assert!(
            text.contains("dynamic shapes, which need cuDNN 9.4.0"),
            "{text}"
        );
        let text = cache.expect_err("refused").to_string();
        assert!(text.contains("needs cuDNN 9.4.0"), "{text}");
        return;
    }
    built.expect("a dynamic graph");
    let cache = cache.expect("a kernel cache");
    assert_eq!(
        cache.to_json().expect("json"),
        "",
        "empty before its first use"
    );
    if v >= cudnn::Version::new(9, 27, 0) {
        assert_eq!(
            (cache.entries().unwrap(), cache.revision().unwrap()),
            (0, 0)
        );
    }
}

fn h100_target<'a>(lib: &'a Arc<Library>, device: &'a DeviceProperties) -> Target<'a> {
    Target::Device {
        library: lib,
        device,
    }
}

fn plan_with(graph: &OperationGraph, target: Target<'_>, cache: &KernelCache) {
    let plans = graph
        .plans_with_kernel_cache(target, &Settings::default(), cache)
        .expect("a plan through the kernel cache");
    assert!(!plans.is_empty());
}

#[test]
fn a_kernel_cache_plans_saves_loads_and_serves_another_shape() {
    let Some(lib) = planning_library() else {
        return;
    };
    let device = DeviceProperties::preset("h100-sxm").expect("preset");
    let target = h100_target(&lib, &device);
    let cache = KernelCache::new(&lib).unwrap();
    let fixed = conv_bias_relu(8, 56, false).build_with(&lib, None).unwrap();
    match fixed.plans_with_kernel_cache(target, &Settings::default(), &cache) {
        Err(Error::InvalidArgument { .. }) => {}
        other => panic!("a graph not marked for dynamic shapes is refused: {other:?}"),
    }
    let first = conv_bias_relu(8, 56, true).build_with(&lib, None).unwrap();
    plan_with(&first, target, &cache);
    let json = cache.to_json().expect("json");
    assert!(
        json.contains("\"cudnnVersion\""),
        "{}",
        &json[..json.len().min(200)]
    );
    assert!(json.contains("isDynamicShapeEnabled"));
    if lib.version() >= cudnn::Version::new(9, 27, 0) {
        assert!(cache.entries().unwrap() > 0);
        assert!(cache.revision().unwrap() > 0);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kernels.json");
    cache.save(&path).expect("saved");
    // SAFETY: the file was written by `save` just now.
    let loaded = unsafe { KernelCache::load(&path, &lib) }.expect("loaded");
    let other = conv_bias_relu(16, 28, true).build_with(&lib, None).unwrap();
    plan_with(&other, target, &loaded);
    // The loaded cache planned the other shape from what it held: the
    // same kernels, written back.
    assert!(loaded.to_json().unwrap().contains("isDynamicShapeEnabled"));
    // A plan of a dynamic graph round-trips through its JSON.
    let plan = other
        .plans(target, &Settings::default())
        .expect("a plan without the cache")
        .remove(0);
    let plan_json = plan.to_json().unwrap();
    other.plan_from_json(&plan_json, target).expect("read back");
    // A tensor reference that is not a number, where cuDNN 9.28 would end
    // the process when it reads the cache: refused first.
    let broken = json.replacen("\"X\":\"1\"", "\"X\":\"abc\"", 1);
    assert_ne!(broken, json);
    // SAFETY: refused before cuDNN reads it (the test's point).
    match unsafe { KernelCache::from_json(&lib, &broken) } {
        Err(Error::InvalidArgument { .. }) => {}
        other => panic!("a broken graph in a cache is refused: {other:?}"),
    }
    // A saved file changed by one byte fails its checksum.
    let text = std::fs::read_to_string(&path).unwrap();
    let damaged = text.replacen("\\\"X\\\":\\\"1\\\"", "\\\"X\\\":\\\"2\\\"", 1);
    assert_ne!(damaged, text);
    std::fs::write(&path, damaged).unwrap();
    // SAFETY: refused by its checksum before cuDNN reads it.
    match unsafe { KernelCache::load(&path, &lib) } {
        Err(e @ Error::InvalidArgument { .. }) => {
            assert!(e.to_string().contains("checksum"), "{e}")
        }
        other => panic!("a damaged file is refused: {other:?}"),
    }
}

/// FNV-1a (64 bits) as `KernelCache::save` writes it.
fn fnv1a(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}

#[test]
fn damaged_kernel_cache_files_are_refused() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < cudnn::Version::new(9, 10, 0) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let v = lib.version();
    let file = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let doc = |cudnn: String, cache: &str| {
        serde_json::json!({
            "format": "cudnn-rs kernel cache",
            "version": 1,
            "cudnn": cudnn,
            "checksum": fnv1a(cache),
            "cache": cache,
        })
        .to_string()
    };
    let here = v.to_string();
    let cases = [
        ("not_json", "{\"format\"".to_owned(), "not JSON"),
        (
            "other_format",
            serde_json::json!({"format": "x", "version": 1}).to_string(),
            "not a kernel cache",
        ),
        (
            "no_checksum",
            serde_json::json!({"format": "cudnn-rs kernel cache", "version": 1,
                "cudnn": v.to_string(), "cache": "{}"})
            .to_string(),
            "checksum",
        ),
        ("other_cudnn", doc("9.4.0".into(), ""), "not of the loaded"),
        (
            "cache_not_json",
            doc(here.clone(), "{\"cudnnVersion\":"),
            "not JSON",
        ),
        (
            "cache_array",
            doc(here.clone(), "[1, 2]"),
            "not a JSON object",
        ),
        (
            "cache_of_other_cudnn",
            doc(here.clone(), "{\"cudnnVersion\": 90400}"),
            "not of the loaded",
        ),
    ];
    for (name, text, words) in cases {
        let path = file(name, text);
        // SAFETY: each is refused before cuDNN reads it (the test's point).
        match unsafe { KernelCache::load(&path, &lib) } {
            Err(e @ Error::InvalidArgument { .. }) => {
                assert!(e.to_string().contains(words), "{name}: {e}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    // A file saved before the cache's first use loads as an empty cache.
    let empty = file("empty", doc(here, ""));
    // SAFETY: no kernel in it.
    let cache = unsafe { KernelCache::load(&empty, &lib) }.expect("an empty cache");
    assert_eq!(cache.to_json().unwrap(), "");
    // SAFETY: a folder is refused before anything is read.
    match unsafe { KernelCache::load(dir.path(), &lib) } {
        Err(Error::Io { .. }) => {}
        other => panic!("a folder is refused: {other:?}"),
    }
}
