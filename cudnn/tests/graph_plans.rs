//! Engine selection, execution plans and the plan cache against the real
//! cuDNN on a machine without a GPU: plans are built for GPUs described by
//! JSON ([`DeviceProperties`] presets for sm_90 and sm_80), serialized,
//! read back and cached. No kernel runs.
//!
//! cuDNN 9's precompiled engines need cuBLASLt: the tests load it from
//! `CUBLAS_12_LIB` (set by `scripts/test.sh`) for a cuDNN built for CUDA
//! 12. Without it (the CUDA 13 row) they check that heuristics are refused
//! with a typed error instead of cuDNN ending the process. A child process
//! checks the same refusal on every cuDNN 9 row. cuDNN 8 describes no GPU
//! without a handle: its rows check the typed refusals.

mod common;

use std::sync::Arc;

use cudnn::graph::backend::BackendDescriptor;
use cudnn::graph::{
    ConvOptions, DeviceLimits, DeviceProperties, DropReason, EngineChoice, EngineFilter,
    ExecutionPlan, Graph, HeuristicMode, OperationGraph, PlanCache, PlanKey, SdpaBackwardInputs,
    SdpaOptions, Settings, Target,
};
use cudnn::sys::{self, cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};
use cudnn::{Error, Library, Version};

const FLOAT: sys::cudnnDataType_t = sys::cudnnDataType_t::FLOAT;
/// Set in the child process of the cuBLASLt refusal test.
const CHILD: &str = "CUDNN_TEST_NO_CUBLASLT_CHILD";

/// What the library under test can do here.
enum Setup {
    /// cuDNN 9 with cuBLASLt loaded: plans can be built.
    Plans(Arc<Library>),
    /// cuDNN 9 whose precompiled engines cannot load cuBLASLt.
    NoCublasLt(Arc<Library>),
    /// cuDNN 8 (or a cuDNN 9 before 9.8): no device properties.
    NoDeviceProps(Arc<Library>),
    /// A graph-only install (no precompiled engines): its engines compile
    /// their kernels when a plan is finalized, which needs the driver.
    RuntimeCompiledOnly(Arc<Library>),
}

fn setup() -> Option<Setup> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) {
        return Some(Setup::NoDeviceProps(lib));
    }
    let precompiled = lib
        .sublibraries()
        .iter()
        .any(|s| s.name == "engines_precompiled" && s.present);
    if !precompiled {
        return Some(Setup::RuntimeCompiledOnly(lib));
    }
    if std::env::var_os(CHILD).is_none() && common::backend::load_cublaslt(&lib) {
        Some(Setup::Plans(lib))
    } else {
        Some(Setup::NoCublasLt(lib))
    }
}

fn preset(name: &str) -> DeviceProperties {
    DeviceProperties::preset(name).unwrap_or_else(|e| panic!("preset {name}: {e}"))
}

/// conv(x, w) + bias, then ReLU: x `[2, 8, 16, 16]`, w `[16, 8, 3, 3]`,
/// bias `[1, 16, 1, 1]`, y `[2, 16, 16, 16]` (padding 1).
fn conv_bias_relu() -> Graph {
    let mut g = Graph::new("conv_bias_relu");
    let x = g.tensor("x", &[2, 8, 16, 16], FLOAT).expect("x");
    let w = g.tensor("w", &[16, 8, 3, 3], FLOAT).expect("w");
    let b = g.tensor("bias", &[1, 16, 1, 1], FLOAT).expect("bias");
    let conv = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    let biased = g.bias(conv, b).expect("bias add");
    let y = g.relu(biased).expect("relu");
    g.set_output(y, FLOAT).expect("output");
    g
}

fn conv_fprop() -> Graph {
    let mut g = Graph::new("conv_fprop");
    let x = g.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, FLOAT).expect("output");
    g
}

fn built(g: &Graph, lib: &Arc<Library>) -> OperationGraph {
    g.build_with(lib, None).expect("build")
}

fn status_raw(e: &Error) -> Option<u32> {
    e.status_error().map(|s| s.status.raw())
}

#[test]
fn conv_bias_relu_plans_for_sm90_and_sm80_round_trip_through_json() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_bias_relu(), &lib);
    for (name, other) in [
        ("h100-sxm", "a100-sxm4-80gb"),
        ("a100-sxm4-80gb", "h100-sxm"),
    ] {
        let device = preset(name);
        let target = Target::Device {
            library: &lib,
            device: &device,
        };
        let configs = graph
            .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
            .expect("engine configs");
        assert!(!configs.is_empty());
        let plans = graph.plans(target, &Settings::default()).expect("a plan");
        assert_eq!(plans.len(), 1);
        let plan = &plans[0];
        assert!(plan.workspace_size() < 1 << 30, "{}", plan.workspace_size());
        let json = plan.to_json().expect("serialize");
        assert!(json.contains("\"operationGraph\""), "{json}");
        // The ReLU's clips are cudnn-frontend 1.32's: an upper clip of
        // FLT_MAX computing in FLOAT (cuDNN's own default is DBL_MAX).
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let relu = v["operationGraph"]["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .find(|n| n["pointwiseMode"] == "CUDNN_POINTWISE_RELU_FWD")
            .expect("the ReLU");
        // (cuDNN writes 17 digits, which serde_json reads to within an ulp.)
        let clip = relu["upperClip"].as_f64().expect("upperClip");
        let flt_max = f64::from(f32::MAX);
        assert!((clip - flt_max).abs() <= flt_max * 1e-15, "{clip}");
        assert_eq!(relu["lowerClip"].as_f64(), Some(0.0));
        assert_eq!(relu["lowerClipSlope"].as_f64(), Some(0.0));
        let sm = device.sm() * 10;
        assert!(
            json.contains(&format!("\"smVersion\":{sm}")),
            "{name}: {json}"
        );

        // Read back for the same GPU: the same plan, the same JSON.
        let back = ExecutionPlan::from_json(&json, target).expect("deserialize");
        assert_eq!(back.workspace_size(), plan.workspace_size());
        assert_eq!(back.to_json().expect("re-serialize"), json);
        assert_eq!(back.engine_index(), plan.engine_index());
        // The tensors the variant pack will be checked against.
        let real: Vec<i64> = back
            .tensors()
            .iter()
            .filter(|t| !t.is_virtual())
            .map(|t| t.uid())
            .collect();
        let written: Vec<i64> = back
            .tensors()
            .iter()
            .filter(|t| t.is_output())
            .map(|t| t.uid())
            .collect();
        let from_graph: Vec<i64> = plan
            .tensors()
            .iter()
            .filter(|t| !t.is_virtual())
            .map(|t| t.uid())
            .collect();
        assert_eq!(real, from_graph);
        assert_eq!(real.len(), 4, "x, w, bias, y");
        assert!(written.contains(&real[3]), "y is written: {written:?}");
        assert!(!written.contains(&real[0]), "x is not written");

        // Read back for the other architecture: cuDNN refuses with
        // NOT_SUPPORTED_ARCH_MISMATCH.
        let wrong = preset(other);
        let e = ExecutionPlan::from_json(
            &json,
            Target::Device {
                library: &lib,
                device: &wrong,
            },
        )
        .expect_err("a plan of another architecture");
        assert!(matches!(e, Error::NotSupported(_)), "{e}");
        assert_eq!(status_raw(&e), Some(3007), "{e}");
        // Named as the general calls name it (the plan is made in one
        // pass; a failed call is reported as the call it is).
        assert!(
            e.to_string()
                .contains("cudnnBackendFinalize(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)"),
            "{e}"
        );
    }
}

#[test]
fn a_conv_fprop_plan_reports_its_workspace_and_tensors() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    let configs = graph
        .engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
        .expect("configs");
    let mut finalized = 0;
    for c in configs.iter().take(8) {
        let plan = ExecutionPlan::new(
            c,
            Target::Device {
                library: &lib,
                device: &device,
            },
        );
        if let Err(e) = &plan {
            // A configuration that does not finalize fails at the finalize.
            let what = e.to_string();
            assert!(
                what.contains("cudnnBackendFinalize(CUDNN_BACKEND_EXECUTION_PLAN"),
                "{what}"
            );
        }
        if let Ok(plan) = plan {
            finalized += 1;
            assert_eq!(plan.engine_index(), Some(c.global_index()));
            // Read back from cuDNN, they are the configuration's.
            assert_eq!(plan.knobs(), c.knobs());
            assert_eq!(plan.numerical_notes(), c.numerical_notes());
            assert_eq!(plan.behavior_notes(), Some(c.behavior_notes()));
            let y = plan.tensor(3).expect("y");
            assert_eq!(y.dims(), [1, 4, 8, 8]);
            assert!(y.is_output());
            assert!(!plan.tensor(1).expect("x").is_output());
            assert_eq!(y.span(), Some(256));
        }
    }
    assert!(
        finalized > 0,
        "no configuration of {} finalized",
        configs.len()
    );
}

// The Blackwell presets (sm_100, sm_120): cuDNN 9.28 offers engines for
// them and finalizes the fused convolution's plan for each, with no GPU.
#[test]
fn blackwell_presets_get_engines_and_a_plan() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_bias_relu(), &lib);
    for (name, cc) in [("b200", (10, 0)), ("rtx-5090", (12, 0))] {
        let device = preset(name);
        assert_eq!(device.compute_capability(), cc, "{name}");
        let configs = graph
            .engine_configs(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                HeuristicMode::A,
                &EngineFilter::default(),
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!configs.is_empty(), "{name}: no engine configuration");
        let plan = configs
            .iter()
            .find_map(|c| {
                ExecutionPlan::new(
                    c,
                    Target::Device {
                        library: &lib,
                        device: &device,
                    },
                )
                .ok()
            })
            .unwrap_or_else(|| panic!("{name}: none of {} finalizes", configs.len()));
        let target = plan.target().expect("a plan for a described GPU");
        assert_eq!(target.compute_capability(), cc, "{name}");
    }
}

#[test]
fn filters_keep_only_what_they_allow() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    let all = graph
        .engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
        .expect("all");
    let strict = EngineFilter {
        deterministic: true,
        allow_tf32: false,
        allow_runtime_compilation: false,
        ..EngineFilter::default()
    };
    match graph.engine_configs(
        Target::Device {
            library: &lib,
            device: &device,
        },
        HeuristicMode::A,
        &strict,
    ) {
        Ok(kept) => {
            assert!(kept.len() <= all.len());
            for c in &kept {
                assert!(c.is_deterministic());
                assert!(!c
                    .numerical_notes()
                    .contains(&sys::cudnnBackendNumericalNote_t::TENSOR_CORE));
                assert!(!c
                    .behavior_notes()
                    .contains(&sys::cudnnBackendBehaviorNote_t::RUNTIME_COMPILATION));
            }
        }
        Err(Error::NoEngine { reason, .. }) => assert!(reason.contains("removed"), "{reason}"),
        Err(e) => panic!("{e}"),
    }
    let settings = Settings {
        deterministic: true,
        allow_tf32: false,
        ..Settings::default()
    };
    assert!(settings.filter().deterministic && !settings.filter().allow_tf32);
    assert_eq!(Settings::default().benchmark_limit, 10);
    assert!(!Settings::default().benchmark && Settings::default().allow_tf32);
}

#[test]
fn no_engine_is_a_typed_error_with_a_reason() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    // A matmul's engines need a GPU (runtime compilation or cuBLASLt at
    // plan time): on a described GPU none finalizes.
    let mut g = Graph::new("matmul");
    let a = g.tensor("a", &[1, 64, 32], FLOAT).expect("a");
    let b = g.tensor("b", &[1, 32, 16], FLOAT).expect("b");
    let c = g.matmul(a, b).expect("matmul");
    g.set_output(c, FLOAT).expect("output");
    let graph = built(&g, &lib);
    let device = preset("h100-sxm");
    // Without runtime compilation (whose kernels need the driver to
    // finalize), every engine cuDNN offers is filtered out, in both modes.
    let aot = Settings {
        allow_runtime_compilation: false,
        ..Settings::default()
    };
    match graph.plans(
        Target::Device {
            library: &lib,
            device: &device,
        },
        &aot,
    ) {
        Err(Error::NoEngine { graph, reason }) => {
            assert_eq!(graph, "matmul");
            assert!(
                reason.contains("mode A") && reason.contains("mode FALLBACK"),
                "{reason}"
            );
            assert!(reason.contains("runtime compilation"), "{reason}");
        }
        Ok(plans) => panic!("{} plans for a matmul without a GPU", plans.len()),
        Err(e) => panic!("expected NoEngine, got {e}"),
    }
    // A filter that drops every engine says what it dropped.
    let conv = built(&conv_fprop(), &lib);
    let all = conv
        .engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
        .expect("configs");
    assert!(!all.is_empty());
}

#[test]
fn a_plan_read_from_json_is_not_finalized_without_a_target() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    let plan = &graph
        .plans(
            Target::Device {
                library: &lib,
                device: &device,
            },
            &Settings::default(),
        )
        .expect("plan")[0];
    let json = plan.to_json().expect("json");
    // The raw descriptor: cuDNN 9.28 would dereference a null pointer.
    let mut raw = BackendDescriptor::with_library(&lib, D::EXECUTION_PLAN_DESCRIPTOR)
        .expect("plan descriptor");
    raw.set(A::EXECUTION_PLAN_JSON_REPRESENTATION, json.as_bytes())
        .expect("json");
    match raw.finalize() {
        Err(Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(
                function,
                "cudnnBackendFinalize(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)"
            );
            assert!(mismatch.to_string().contains("DEVICEPROP"), "{mismatch}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Not JSON, or not a plan: refused before cuDNN sees it.
    for bad in ["not json", "{}", "{\"operationGraph\":{}}"] {
        match ExecutionPlan::from_json(
            bad,
            Target::Device {
                library: &lib,
                device: &device,
            },
        ) {
            Err(Error::InvalidArgument { function, .. }) => {
                assert_eq!(function, "ExecutionPlan::from_json")
            }
            other => panic!("{bad}: expected a refusal, got {other:?}"),
        }
    }
}

#[test]
fn attributes_cudnn_does_not_report_are_not_trusted() {
    let Some(Setup::Plans(lib) | Setup::NoCublasLt(lib)) = setup() else {
        return;
    };
    let mut t = common::backend::tensor(&lib, &[1, 2, 3, 4], 1);
    t.finalize().expect("tensor");
    // 9.28 takes a byte alignment but does not read it back: a typed
    // NOT_SUPPORTED, and the built graph keeps its own record.
    let e = t
        .get::<i64>(A::TENSOR_BYTE_ALIGNMENT)
        .expect_err("not read back");
    assert!(matches!(e, Error::NotSupported(_)), "{e}");
}

#[test]
fn the_plan_cache_builds_once_saves_loads_and_evicts() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h100-sxm");
    let conv = built(&conv_fprop(), &lib);
    let fused = built(&conv_bias_relu(), &lib);
    let settings = Settings::default();
    let mut cache = PlanCache::new(4).expect("cache");
    let json = cache
        .get_or_build(&conv, &device, &settings)
        .expect("built")
        .to_json()
        .expect("json");
    cache.get_or_build(&conv, &device, &settings).expect("hit");
    assert_eq!((cache.hits(), cache.misses(), cache.len()), (1, 1, 1));
    cache
        .get_or_build(&fused, &device, &settings)
        .expect("built");
    assert_eq!(cache.len(), 2);

    let dir = common::scratch_dir("plan-cache");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");

    let (mut loaded, report) = PlanCache::load(&file, &lib, 4).expect("load");
    assert_eq!((loaded.len(), report.kept, report.dropped.len()), (2, 2, 0));
    assert!(loaded.contains(&PlanKey::new(&conv, &device, &settings)));
    let again = loaded
        .get_or_build(&conv, &device, &settings)
        .expect("deserialized")
        .to_json()
        .expect("json");
    assert_eq!(again, json);
    assert_eq!((loaded.hits(), loaded.misses()), (1, 0));

    // Another device is another key.
    let a100 = preset("a100-sxm4-80gb");
    assert!(!loaded.contains(&PlanKey::new(&conv, &a100, &settings)));

    // Capacity 1: loading keeps the most recently used; building evicts.
    let (mut small, report) = PlanCache::load(&file, &lib, 1).expect("load");
    assert_eq!((small.len(), report.kept, report.dropped.len()), (1, 1, 1));
    let d = &report.dropped[0];
    assert!(matches!(d.reason, DropReason::OverCapacity), "{}", d.reason);
    assert!(!small.contains(&d.key));
    small.get_or_build(&conv, &device, &settings).expect("plan");
    assert_eq!(small.len(), 1);
    assert!(small.contains(&PlanKey::new(&conv, &device, &settings)));

    // Entries of another cuDNN release are skipped.
    let text = std::fs::read_to_string(&file).expect("read");
    let version = lib.version().to_string();
    std::fs::write(&file, text.replace(&format!("\"{version}\""), "\"9.0.0\"")).expect("write");
    let (other, report) = PlanCache::load(&file, &lib, 4).expect("load");
    assert_eq!((other.len(), report.kept, report.dropped.len()), (0, 0, 2));
    for d in &report.dropped {
        assert_eq!(d.key.cudnn_version(), "9.0.0");
        match &d.reason {
            DropReason::OtherCudnn { version } => assert_eq!(version, "9.0.0"),
            r => panic!("another release, not {r}"),
        }
    }
    std::fs::write(&file, "{\"format\":\"something else\"}").expect("write");
    assert!(matches!(
        PlanCache::load(&file, &lib, 4),
        Err(Error::InvalidArgument { .. })
    ));
    assert!(matches!(
        PlanCache::new(0),
        Err(Error::InvalidArgument { .. })
    ));
}

/// One `Settings` per field the plan cache keys, each differing from the
/// defaults in that field alone.
fn keyed_settings() -> Vec<(&'static str, Settings)> {
    let base = Settings::default();
    vec![
        (
            "deterministic",
            Settings {
                deterministic: true,
                ..base.clone()
            },
        ),
        (
            "allow_tf32",
            Settings {
                allow_tf32: false,
                ..base.clone()
            },
        ),
        (
            "allow_runtime_compilation",
            Settings {
                allow_runtime_compilation: false,
                ..base.clone()
            },
        ),
        (
            "require_cuda_graph",
            Settings {
                require_cuda_graph: true,
                ..base.clone()
            },
        ),
        (
            "heuristic_mode",
            Settings {
                heuristic_mode: HeuristicMode::FALLBACK,
                ..base.clone()
            },
        ),
        // The described GPU's 132 SMs: below that, cuDNN 9.28 offers no
        // engine for it (`graph_sm_count`).
        (
            "sm_count_target",
            Settings {
                sm_count_target: Some(132),
                ..base
            },
        ),
    ]
}

/// The engine a plan's JSON names, with its knobs, without the payload
/// some engines write (engine 71's holds host addresses that differ
/// between two finalizations of one configuration).
fn engine_of(json: &str) -> serde_json::Value {
    let mut doc: serde_json::Value = serde_json::from_str(json).expect("plan JSON");
    let engine = doc["engine"].as_object_mut().expect("an engine");
    engine.remove("payload");
    doc["engine"].take()
}

/// Settings that choose plans differently are different entries: each
/// hands out the plan a search with those settings finds (not the one
/// cached for the defaults), and a saved cache reloads every entry.
/// `benchmark` and `benchmark_limit` do not change which plan comes
/// first, and share the defaults' entry.
#[test]
fn the_plan_cache_keys_the_settings_that_choose_a_plan() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h200");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let conv = built(&conv_fprop(), &lib);
    let base = Settings::default();
    let key = PlanKey::new(&conv, &device, &base);
    assert_eq!(
        key.settings(),
        "deterministic=0;allow_tf32=1;allow_runtime_compilation=1;require_cuda_graph=0;\
         heuristic_mode=3;sm_count_target=all"
    );
    let benchmark = Settings {
        benchmark: true,
        benchmark_limit: 3,
        ..base.clone()
    };
    assert_eq!(PlanKey::new(&conv, &device, &benchmark), key);

    let mut cache = PlanCache::new(16).expect("cache");
    cache.get_or_build(&conv, &device, &base).expect("defaults");
    let variants = keyed_settings();
    let mut engines = Vec::new();
    for (field, settings) in &variants {
        let k = PlanKey::new(&conv, &device, settings);
        assert_ne!(k.settings(), key.settings(), "{field}");
        assert_eq!(
            (k.graph(), k.device(), k.cudnn_version()),
            (key.graph(), key.device(), key.cudnn_version())
        );
        let fresh = conv
            .plans(target, settings)
            .unwrap_or_else(|e| panic!("{field}: {e}"))
            .remove(0)
            .to_json()
            .expect("json");
        let cached = cache
            .get_or_build(&conv, &device, settings)
            .unwrap_or_else(|e| panic!("{field}: {e}"))
            .to_json()
            .expect("json");
        assert_eq!(engine_of(&cached), engine_of(&fresh), "{field}");
        assert!(cache.contains(&k), "{field}");
        engines.push(engine_of(&cached));
    }
    // What cuDNN 9.28 chooses for the H200 description: engine 0 by
    // default, which is not noted for CUDA graphs (a key without the
    // settings handed it out for `require_cuda_graph`); FALLBACK's first
    // is engine 1; the SM count target is recorded in the plan.
    let ids: Vec<i64> = engines
        .iter()
        .map(|e| e["engineId"].as_i64().expect("engineId"))
        .collect();
    assert_eq!(ids, [0, 0, 0, 71, 1, 0]);
    assert_eq!(engines[5]["targetSMcount"], 132);
    let default_engine = engine_of(
        &cache
            .get_or_build(&conv, &device, &base)
            .expect("hit")
            .to_json()
            .expect("json"),
    );
    assert_eq!(default_engine["engineId"], 0);
    assert!(default_engine.get("targetSMcount").is_none());
    let n = variants.len() + 1;
    assert_eq!(
        (cache.len(), cache.hits(), cache.misses()),
        (n, 1, n as u64)
    );
    cache.get_or_build(&conv, &device, &benchmark).expect("hit");
    assert_eq!((cache.len(), cache.hits()), (n, 2));
    // A search that finds nothing caches nothing.
    let carveout = Settings {
        sm_count_target: Some(66),
        ..base.clone()
    };
    assert!(matches!(
        cache.get_or_build(&conv, &device, &carveout),
        Err(Error::NoEngine { .. })
    ));
    assert!(!cache.contains(&PlanKey::new(&conv, &device, &carveout)));
    assert_eq!(cache.len(), n);

    let dir = common::scratch_dir("plan-settings");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let (mut loaded, report) = PlanCache::load(&file, &lib, 16).expect("load");
    assert_eq!((loaded.len(), report.dropped.len()), (n, 0));
    for (field, settings) in variants.iter().chain([&("defaults", base)]) {
        assert!(
            loaded.contains(&PlanKey::new(&conv, &device, settings)),
            "{field}"
        );
        let want = cache
            .get_or_build(&conv, &device, settings)
            .expect("cached")
            .to_json()
            .expect("json");
        let got = loaded
            .get_or_build(&conv, &device, settings)
            .unwrap_or_else(|e| panic!("{field}: {e}"))
            .to_json()
            .expect("json");
        assert_eq!(engine_of(&got), engine_of(&want), "{field}");
    }
    assert_eq!(
        (loaded.hits(), loaded.misses(), loaded.dropped()),
        (n as u64, 0, 0)
    );
}

/// Heuristics on a cuDNN 9 whose precompiled engines cannot load cuBLASLt:
/// refused with a typed error (cuDNN itself would end the process).
fn check_cublaslt_refusal(lib: &Arc<Library>) {
    let graph = built(&conv_fprop(), lib);
    let device = preset("h100-sxm");
    match graph.engine_configs(
        Target::Device {
            library: lib,
            device: &device,
        },
        HeuristicMode::A,
        &EngineFilter::default(),
    ) {
        Err(Error::DependencyUnavailable { function, file, .. }) => {
            assert_eq!(
                function,
                "cudnnBackendCreateDescriptor(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR)"
            );
            assert!(file.contains("ublasLt"), "{file}");
        }
        other => panic!("expected DependencyUnavailable, got {other:?}"),
    }
}

#[test]
fn heuristics_without_cublaslt_are_refused_not_fatal() {
    match setup() {
        Some(Setup::NoCublasLt(lib)) => check_cublaslt_refusal(&lib),
        Some(Setup::Plans(_)) if cfg!(target_os = "linux") => {
            // This process has cuBLASLt loaded: check in a child that
            // does not load it.
            let exe = std::env::current_exe().expect("test binary");
            let out = std::process::Command::new(exe)
                .args([
                    "--exact",
                    "heuristics_without_cublaslt_are_refused_not_fatal",
                    "--nocapture",
                ])
                .env(CHILD, "1")
                .output()
                .expect("child");
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success(),
                "child failed ({}): {text}",
                out.status
            );
            assert!(text.contains("1 passed"), "{text}");
        }
        _ => {}
    }
}

#[test]
fn cudnn_8_and_old_9_refuse_what_they_cannot_describe() {
    let Some(Setup::NoDeviceProps(lib)) = setup() else {
        return;
    };
    // Operations build; the graph wants a handle, which needs a GPU.
    match conv_fprop().build_with(&lib, None) {
        Err(Error::InvalidArgument { function, .. }) => assert_eq!(
            function,
            "cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)"
        ),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // No device properties: a plan cannot be read for a described GPU.
    let device = preset("h100-sxm");
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/conv-plan-sm90.json"
    ))
    .expect("the sample plan");
    match ExecutionPlan::from_json(
        &json,
        Target::Device {
            library: &lib,
            device: &device,
        },
    ) {
        Err(Error::InvalidArgument { .. }) => {}
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_graph_only_install_plans_nothing_without_a_driver() {
    let Some(Setup::RuntimeCompiledOnly(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    match graph.plans(
        Target::Device {
            library: &lib,
            device: &device,
        },
        &Settings::default(),
    ) {
        Err(Error::NoEngine { reason, .. }) => assert!(!reason.is_empty()),
        other => panic!("expected NoEngine, got {other:?}"),
    }
}

#[test]
fn an_engine_chosen_by_index_and_knobs_gives_the_same_plan() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let configs = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("configs");
    let mut compared = 0;
    for c in &configs {
        let Ok(plan) = ExecutionPlan::new(c, target) else {
            continue;
        };
        // The same engine and knobs, chosen by hand.
        let again = graph
            .engine_config(c.global_index(), c.knobs(), target)
            .expect("the same configuration by index and knobs");
        assert_eq!(again.knobs(), c.knobs());
        let by_hand = ExecutionPlan::new(&again, target).expect("its plan");
        assert_eq!(
            by_hand.to_json().expect("json"),
            plan.to_json().expect("json")
        );
        assert_eq!(by_hand.workspace_size(), plan.workspace_size());
        compared += 1;
        if compared == 3 {
            break;
        }
    }
    assert!(compared > 0, "no configuration finalized");
    assert!(
        configs.iter().any(|c| !c.knobs().is_empty()),
        "no knobs reported"
    );
    // An index past the graph's engines: cuDNN's own refusal, typed.
    let past = graph.engine_count().expect("engine count");
    let e = graph
        .engine_config(past + 1000, &[], target)
        .expect_err("no such engine");
    assert!(e.status_error().is_some(), "{e}");
}

/// The CUDA-graph test's conv (`graph_gpu`) on the H200 preset: no mode-A
/// engine is noted `SUPPORTS_CUDA_GRAPH_NATIVE_API` (cuDNN 9.28 notes only
/// FALLBACK's engine 71), and the filter keeps exactly those with the note.
#[test]
fn the_cuda_graph_filter_keeps_only_engines_with_the_note() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h200");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let note = sys::cudnnBackendBehaviorNote_t::SUPPORTS_CUDA_GRAPH_NATIVE_API;
    let recordable = EngineFilter {
        require_cuda_graph: true,
        ..EngineFilter::default()
    };
    let fallback = HeuristicMode::FALLBACK;
    let kept = graph
        .engine_configs(target, fallback, &recordable)
        .expect("FALLBACK has one");
    assert!(!kept.is_empty());
    assert!(kept.iter().all(|c| c.behavior_notes().contains(&note)));
    let all = graph
        .engine_configs(target, fallback, &EngineFilter::default())
        .expect("all");
    let noted = all
        .iter()
        .filter(|c| c.behavior_notes().contains(&note))
        .count();
    assert_eq!(kept.len(), noted);
    assert!(noted < all.len(), "the filter removes some");
    match graph.engine_configs(target, HeuristicMode::A, &recordable) {
        Err(Error::NoEngine { reason, .. }) => {
            assert!(reason.contains("without CUDA graph support"), "{reason}")
        }
        Ok(c) => assert!(c.iter().all(|c| c.behavior_notes().contains(&note))),
        Err(e) => panic!("{e}"),
    }
    let settings = Settings {
        require_cuda_graph: true,
        ..Settings::default()
    };
    assert!(settings.filter().require_cuda_graph);
    assert!(!Settings::default().filter().require_cuda_graph);
}

/// A float matmul on sm_90: every engine cuDNN 9.28 offers is noted
/// `TENSOR_CORE` (TF32), so `allow_tf32: false` leaves none. A matmul of
/// `bfloat16` operands keeps its tensor-core engines without TF32, though
/// its intermediates are `float`.
#[test]
fn allow_tf32_concerns_float_operands_of_matmuls_only() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h200");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let tc = sys::cudnnBackendNumericalNote_t::TENSOR_CORE;
    let no_tf32 = EngineFilter {
        allow_tf32: false,
        ..EngineFilter::default()
    };
    let matmul = |dtype: sys::cudnnDataType_t| {
        let mut g = Graph::new("matmul_bias_gelu");
        let a = g.tensor("a", &[1, 64, 32], dtype).expect("a");
        let b = g.tensor("b", &[1, 32, 16], dtype).expect("b");
        let bias = g.tensor("bias", &[1, 1, 16], dtype).expect("bias");
        let c = g.matmul(a, b).expect("matmul");
        let c = g.bias(c, bias).expect("bias");
        let y = g.gelu(c).expect("gelu");
        g.set_output(y, dtype).expect("output");
        built(&g, &lib)
    };
    let float = matmul(FLOAT);
    for mode in [HeuristicMode::A, HeuristicMode::FALLBACK] {
        let all = float
            .engine_configs(target, mode, &EngineFilter::default())
            .expect("engines");
        assert!(all.iter().all(|c| c.numerical_notes().contains(&tc)));
        match float.engine_configs(target, mode, &no_tf32) {
            Err(Error::NoEngine { reason, .. }) => {
                assert!(reason.contains("TF32 tensor cores"), "{reason}")
            }
            other => panic!("{:?}", other.map(|c| c.len())),
        }
    }
    let half = matmul(sys::cudnnDataType_t::BFLOAT16);
    let kept = half
        .engine_configs(target, HeuristicMode::A, &no_tf32)
        .expect("bf16 operands keep tensor cores");
    assert!(kept.iter().any(|c| c.numerical_notes().contains(&tc)));
}

/// A plan for a described GPU records it, and so does one read back from
/// JSON; its engine's behaviour notes are read back from cuDNN. cuDNN
/// 9.28 refuses to read an H200 plan back for the H100 SXM preset (same
/// architecture, another memory bus width) with
/// `NOT_SUPPORTED_ARCH_MISMATCH`, and the target's check refuses it too;
/// a plan used as built is not checked by cuDNN against the GPU it runs
/// on, hence the check an execution makes.
#[test]
fn a_plan_records_its_target_and_its_engines_notes() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let (h200, h100) = (preset("h200"), preset("h100-sxm"));
    let plan = graph
        .plans(
            Target::Device {
                library: &lib,
                device: &h200,
            },
            &Settings::default(),
        )
        .expect("plan")
        .remove(0);
    assert_eq!(plan.target(), Some(&DeviceLimits::of(&h200)));
    let json = plan.to_json().expect("json");
    let back = ExecutionPlan::from_json(
        &json,
        Target::Device {
            library: &lib,
            device: &h200,
        },
    )
    .expect("back");
    assert_eq!(back.target(), Some(&DeviceLimits::of(&h200)));
    assert!(plan.behavior_notes().is_some());
    assert_eq!(back.behavior_notes(), plan.behavior_notes());
    // A plan read from JSON reads its numerical notes back from cuDNN.
    assert_eq!(back.numerical_notes(), plan.numerical_notes());
    let e = ExecutionPlan::from_json(
        &json,
        Target::Device {
            library: &lib,
            device: &h100,
        },
    )
    .expect_err("H100");
    assert_eq!(status_raw(&e), Some(3007), "{e}");
}

/// A configuration keeps the operation graph its engine refers to alive:
/// a plan is made from it after the graph is dropped (under valgrind, a
/// read of the destroyed graph would show).
#[test]
fn a_configuration_outlives_its_operation_graph() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h200");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let graph = built(&conv_fprop(), &lib);
    let configs = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("configs");
    let by_index = graph
        .engine_config(configs[0].global_index(), &[], target)
        .expect("by index");
    drop(graph);
    let plan = ExecutionPlan::new(&configs[0], target).expect("a plan without the graph");
    assert!(plan.to_json().expect("json").contains("operationGraph"));
    ExecutionPlan::new(&by_index, target).expect("the same, chosen by index");
}

/// A description's device descriptor is made once and shared: plans of
/// one description (and its clones) on several threads, plans that outlive
/// the description, and a plan of a clone read back from JSON. Plans of
/// one graph share its tensors.
#[test]
fn plans_share_their_description_and_tensors_across_threads() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_fprop(), &lib);
    let device = preset("h100-sxm");
    let configs = graph
        .engine_configs(
            Target::Device {
                library: &lib,
                device: &device,
            },
            HeuristicMode::A,
            &EngineFilter::default(),
        )
        .expect("configs");
    let first = ExecutionPlan::new(
        &configs[0],
        Target::Device {
            library: &lib,
            device: &device,
        },
    )
    .expect("plan");
    let json = first.to_json().expect("json");
    let workspace = first.workspace_size();
    let read: Vec<ExecutionPlan> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..4)
            .map(|i| {
                let (device, json, lib) = (&device, &json, &lib);
                let clone = device.clone();
                s.spawn(move || {
                    let d = if i % 2 == 0 { device } else { &clone };
                    // The clone ends with the thread; its plan keeps what
                    // it needs.
                    ExecutionPlan::from_json(
                        json,
                        Target::Device {
                            library: lib,
                            device: d,
                        },
                    )
                    .expect("read back on a thread")
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().expect("thread"))
            .collect()
    });
    drop(device);
    let again = ExecutionPlan::new(
        &configs[0],
        Target::Device {
            library: &lib,
            device: &preset("h100-sxm"),
        },
    )
    .expect("a fresh description");
    // Plans of one graph share its list of tensors rather than copy it:
    // the very records the built graph holds.
    assert!(std::ptr::eq(first.tensors(), again.tensors()));
    assert!(std::ptr::eq(first.tensors(), graph.tensors()));
    let second = configs.iter().skip(1).find_map(|c| {
        ExecutionPlan::new(
            c,
            Target::Device {
                library: &lib,
                device: &preset("h100-sxm"),
            },
        )
        .ok()
    });
    if let Some(p) = &second {
        assert!(std::ptr::eq(first.tensors(), p.tensors()));
    }
    // A plan read from JSON has its own records, named as the JSON names
    // them (by uid), with the same facts as the graph's.
    let facts = |ts: &[cudnn::graph::GraphTensor]| -> Vec<_> {
        ts.iter()
            .map(|t| {
                let flags = (t.is_virtual(), t.is_by_value(), t.is_output(), t.is_index());
                let layout = (t.dims().to_vec(), t.strides().to_vec(), t.alignment());
                (t.uid(), t.data_type(), flags, layout, t.reordering())
            })
            .collect()
    };
    assert_eq!(facts(read[0].tensors()), facts(first.tensors()));
    for t in read[0].tensors() {
        assert_eq!(t.name(), t.uid().to_string());
    }
    for plan in read.iter().chain([&first, &again]) {
        assert_eq!(plan.workspace_size(), workspace);
        assert_eq!(plan.target().map(|t| t.compute_capability()), Some((9, 0)));
        let back = plan.to_json().expect("json after the description is gone");
        assert!(back.contains("operationGraph"), "{back}");
        // Read up to cuDNN's NUL, which is not part of the text.
        assert!(back.ends_with('}') && !back.contains('\0'), "{back}");
    }
}

/// Every plan of a conv + bias + ReLU graph for the H200 prints its engine,
/// knob choices, notes and workspace, and no two print alike.
#[test]
fn plans_of_one_graph_print_pairwise_different_descriptions() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_bias_relu(), &lib);
    let device = preset("h200");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let configs = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("engine configs");
    let plans: Vec<ExecutionPlan> = configs
        .iter()
        .filter_map(|c| ExecutionPlan::new(c, target).ok())
        .collect();
    assert!(plans.len() > 1, "{} plans", plans.len());
    let texts: Vec<String> = plans.iter().map(|p| p.to_string()).collect();
    for (p, text) in plans.iter().zip(&texts) {
        assert!(text.starts_with("engine "), "{text}");
        assert!(text.ends_with(&format!(", workspace {} bytes", p.workspace_size())));
        assert!(!p.knobs().is_empty(), "{text}");
        assert!(text.contains('='), "{text}");
    }
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            assert_ne!(
                a,
                b,
                "two of {} plans print alike:\n{}",
                texts.len(),
                texts.join("\n")
            );
        }
    }
    let config_text = configs[0].to_string();
    assert!(
        texts.iter().any(|t| t.starts_with(&config_text)),
        "{config_text}"
    );
}

/// A convolution of NHWC `[8, 64, 56, 56]` activations and a `[64, 64, 3,
/// 3]` filter (padding 1) of the given types: `kind` 0 the forward of `x`
/// (`a`) and `w` (`b`), 1 the data gradient of `dy` (`a`) and `w` (`b`),
/// 2 the filter gradient of `x` (`a`) and `dy` (`b`); its output of type
/// `out`. The error is the convolution node's.
fn conv_of_types(
    kind: u8,
    a: sys::cudnnDataType_t,
    b: sys::cudnnDataType_t,
    out: sys::cudnnDataType_t,
) -> Result<Graph, Error> {
    let mut g = Graph::new("conv_types");
    let act = [8, 64, 56, 56];
    let nhwc = [64 * 56 * 56, 1, 64 * 56, 64];
    let filter = [64, 64, 3, 3];
    let filter_nhwc = [64 * 9, 1, 3 * 64, 64];
    let conv = ConvOptions::new(2).padding(&[1, 1]);
    let first = g.tensor_with_strides("a", &act, &nhwc, a).expect("a");
    let y = match kind {
        0 | 1 => {
            let w = g
                .tensor_with_strides("w", &filter, &filter_nhwc, b)
                .expect("w");
            if kind == 0 {
                g.conv_fprop(first, w, &conv)
            } else {
                g.conv_dgrad(first, w, &conv, &act)
            }
        }
        _ => {
            let dy = g.tensor_with_strides("dy", &act, &nhwc, b).expect("dy");
            g.conv_wgrad(first, dy, &conv, &filter)
        }
    }?;
    g.set_output(y, out).expect("output");
    Ok(g)
}

// cuDNN's supported configurations of a convolution take its two operands
// (x and w, dy and w, x and dy) of one floating type, and its heuristics
// decline every engine for a mix of FLOAT, DOUBLE, HALF and BFLOAT16
// (`INVALID_DATA_CONFIG`; cudnn-frontend 1.32 checks no operand type and
// fails only there). The builder refuses such a mix when the node is made;
// FP8 and integer mixes are left to cuDNN, which plans FP8 E4M3 with E5M2
// on an H100.
#[test]
fn mixed_floating_conv_operand_types_are_refused_at_the_node() {
    let (half, float, bf16) = (
        sys::cudnnDataType_t::HALF,
        FLOAT,
        sys::cudnnDataType_t::BFLOAT16,
    );
    let (e4m3, e5m2) = (
        sys::cudnnDataType_t::FP8_E4M3,
        sys::cudnnDataType_t::FP8_E5M2,
    );
    let kinds = [
        ("conv_fprop", ["x", "w"], "w"),
        ("conv_dgrad", ["dy", "w"], "w"),
        ("conv_wgrad", ["x", "dy"], "dy"),
    ];
    for (kind, (op, [ra, rb], second)) in (0u8..).zip(kinds) {
        for (a, b, na, nb) in [
            (half, float, "HALF", "FLOAT"),
            (float, half, "FLOAT", "HALF"),
            (bf16, half, "BFLOAT16", "HALF"),
        ] {
            let err = match conv_of_types(kind, a, b, half) {
                Err(e) => e,
                Ok(_) => panic!("{op} {na} {nb}: built"),
            };
            let Error::InvalidArgument {
                function,
                mismatch: cudnn::Mismatch::GraphNode { node, tensor, what },
            } = &err
            else {
                panic!("{op} {na} {nb}: {err:?}");
            };
            assert_eq!(*function, format!("Graph::{op}"));
            assert_eq!(*node, format!("{op} \"{op}#0\""));
            assert_eq!(tensor.as_deref(), Some(second));
            assert_eq!(
                *what,
                format!(
                    "{ra} is {na} and {rb} {nb}: cuDNN's convolutions take {ra} and {rb} of \
                     one floating type (cuDNN's supported configurations; its heuristics \
                     offer no engine for a mix)"
                )
            );
        }
    }
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h100-sxm");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    for kind in 0..3 {
        for (a, b, out) in [(half, half, half), (e4m3, e5m2, float)] {
            let graph = conv_of_types(kind, a, b, out).expect("conv");
            let graph = built(&graph, &lib);
            let plans = graph.plans(target, &Settings::default());
            let plans = plans.unwrap_or_else(|e| panic!("{kind} {a:?} {b:?}: {e}"));
            assert!(!plans.is_empty());
        }
    }
}

// ------------------------------------------------ plans kept across a reload

const BF16: sys::cudnnDataType_t = sys::cudnnDataType_t::BFLOAT16;

/// What makes an SDPA node's options (adding the tensors they name).
type Options<'a> = dyn Fn(&mut Graph) -> SdpaOptions + 'a;

/// An SDPA forward (with statistics) or backward over `[1, 4, 128, 64]`
/// BF16 tensors, with the options `options` makes, its results made
/// outputs.
fn sdpa(name: &str, backward: bool, options: &Options<'_>) -> Graph {
    let mut g = Graph::new(name);
    let dims = [1, 4, 128, 64];
    let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &dims, BF16).expect(n));
    let options = &options(&mut g);
    if !backward {
        let options = SdpaOptions {
            stats: true,
            ..options.clone()
        };
        let out = g.sdpa_forward(q, k, v, &options).expect("sdpa_forward");
        g.set_output(out.o, BF16).expect("o");
        return g;
    }
    let [o, d_o] = ["o", "d_o"].map(|n| g.tensor(n, &dims, BF16).expect(n));
    let stats = g.tensor("stats", &[1, 4, 128, 1], FLOAT).expect("stats");
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let grads = g.sdpa_backward(&inputs, options).expect("sdpa_backward");
    for t in [grads.dq, grads.dk, grads.dv] {
        g.set_output(t, BF16).expect("gradient");
    }
    g
}

/// Saves `cache` to a scratch file and loads it into a new cache of the
/// same capacity: nothing dropped at load.
fn reload(cache: &PlanCache, lib: &Arc<Library>, what: &str) -> PlanCache {
    let dir = common::scratch_dir("plan-cache-reload");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let (loaded, report) = PlanCache::load(&file, lib, cache.capacity()).expect("load");
    let dropped: Vec<String> = (report.dropped.iter())
        .map(|d| format!("{}: {}", d.key.graph(), d.reason))
        .collect();
    assert!(dropped.is_empty(), "{what}: dropped at load: {dropped:#?}");
    assert_eq!((report.kept, loaded.len()), (cache.len(), cache.len()));
    loaded
}

/// The reasons `cache` dropped entries when they were used, as text.
fn drops(cache: &PlanCache) -> Vec<String> {
    (cache.drops().iter())
        .map(|d| d.reason.to_string())
        .collect()
}

/// A plan saved for a graph is handed back for the same graph after a
/// reload, not dropped and built again: the causal SDPA forward and
/// backward (the unified operations, whose score subgraph cuDNN 9.28's
/// backward JSON leaves out), their composite forms
/// (`build_composite_with`), planned for the described H100.
#[test]
fn a_reloaded_cache_hands_back_the_saved_plans_of_attention_graphs() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    if lib.version() < Version::new(9, 21, 0) {
        // The causal mask of the unified operations needs 9.21.
        return;
    }
    let device = preset("h100-sxm");
    let settings = Settings::default();
    let causal = |_: &mut Graph| SdpaOptions {
        causal: true,
        ..SdpaOptions::default()
    };
    let bias_causal = |g: &mut Graph| SdpaOptions {
        bias: Some(g.tensor("bias", &[1, 4, 128, 128], BF16).expect("bias")),
        ..causal(g)
    };
    let band = |_: &mut Graph| SdpaOptions {
        right_bound: Some(2),
        sliding_window: Some(64),
        ..SdpaOptions::default()
    };
    let scaled = |g: &mut Graph| SdpaOptions {
        scale: Some(0.2),
        ..causal(g)
    };
    let plain = |_: &mut Graph| SdpaOptions::default();
    let unified: [(&str, bool, &Options<'_>); 7] = [
        ("sdpa_bwd", true, &causal),
        ("sdpa_bwd_bias_causal", true, &bias_causal),
        ("sdpa_bwd_band", true, &band),
        ("sdpa_bwd_plain", true, &plain),
        ("sdpa_fwd", false, &causal),
        ("sdpa_fwd_bias_causal", false, &bias_causal),
        ("sdpa_fwd_band", false, &band),
    ];
    let mut graphs: Vec<(&str, OperationGraph)> = (unified.iter())
        .map(|&(name, backward, options)| (name, built(&sdpa(name, backward, options), &lib)))
        .collect();
    if common::backend::load_nvrtc(&lib) {
        for (name, backward) in [("composite_fwd", false), ("composite_bwd", true)] {
            let g = sdpa(name, backward, &scaled).build_composite_with(&lib, None);
            graphs.push((name, g.expect(name)));
        }
    }
    let mut cache = PlanCache::new(16).expect("cache");
    let mut saved = Vec::new();
    for (name, g) in &graphs {
        let plan = cache.get_or_build(g, &device, &settings);
        let json = plan.unwrap_or_else(|e| panic!("{name}: {e}")).to_json();
        saved.push(json.expect("json"));
    }
    let mut loaded = reload(&cache, &lib, "attention");
    for ((name, g), json) in graphs.iter().zip(&saved) {
        let plan = loaded.get_or_build(g, &device, &settings);
        let plan = plan.unwrap_or_else(|e| panic!("{name}: {e}"));
        let (again, tensors) = (plan.to_json().expect("json"), plan.tensors().to_vec());
        assert_eq!(&again, json, "{name}: not the saved plan");
        assert!(loaded.drops().is_empty(), "{name}: {:#?}", drops(&loaded));
        // The plan handed out holds the graph's tensors, those cuDNN's
        // JSON leaves out (the backward's mask fill, its bias) included,
        // as a plan built here does.
        let fresh = g
            .plans(
                Target::Device {
                    library: &lib,
                    device: &device,
                },
                &settings,
            )
            .expect(name);
        assert_eq!(tensors, fresh[0].tensors(), "{name}");
    }
    // The check keeps refusing plans of other graphs: the causal
    // backward's plan is not one for the composite backward, nor for a
    // backward of other dims, nor for the forward, and the other way
    // round.
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let json = |name: &str| &saved[graphs.iter().position(|(n, _)| *n == name).expect(name)];
    let graph = |name: &str| &graphs.iter().find(|(n, _)| *n == name).expect(name).1;
    let mut wide = Graph::new("sdpa_bwd_wide");
    let dims = [1, 4, 128, 128];
    let [q, k, v, o, d_o] =
        ["q", "k", "v", "o", "d_o"].map(|n| wide.tensor(n, &dims, BF16).expect(n));
    let stats = wide.tensor("stats", &[1, 4, 128, 1], FLOAT).expect("stats");
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let options = causal(&mut wide);
    let grads = wide.sdpa_backward(&inputs, &options).expect("wide");
    for t in [grads.dq, grads.dk, grads.dv] {
        wide.set_output(t, BF16).expect("gradient");
    }
    let wide = built(&wide, &lib);
    let mut pairs = vec![("sdpa_fwd", "sdpa_bwd"), ("sdpa_bwd", "sdpa_fwd")];
    if graphs.iter().any(|(n, _)| *n == "composite_bwd") {
        pairs.extend([("composite_bwd", "sdpa_bwd"), ("sdpa_bwd", "composite_bwd")]);
    }
    for (of, json_of) in pairs {
        let e = graph(of)
            .plan_from_json(json(json_of), target)
            .expect_err(of);
        assert!(
            e.to_string().contains("a plan for another graph"),
            "{of}: {e}"
        );
    }
    let e = wide
        .plan_from_json(json("sdpa_bwd"), target)
        .expect_err("other dims");
    assert!(e.to_string().contains("without its score subgraph"), "{e}");
    // What the check cannot tell: cuDNN's JSON of a backward leaves its
    // score modifiers out, so the causal backward's plan and the banded
    // one's have the same graph (`plan_from_json`'s docs).
    let band = graph("sdpa_bwd_band").plan_from_json(json("sdpa_bwd"), target);
    assert!(band.is_ok(), "{band:?}");
    let n = graphs.len() as u64;
    assert_eq!(
        (loaded.hits(), loaded.misses(), loaded.dropped()),
        (n, 0, 0)
    );
}

/// The `nn` layers, planned for the described H100 through a plan cache:
/// after a reload each finds its plans in the loaded cache (no plan built
/// again, none dropped).
#[test]
fn a_reloaded_cache_serves_every_nn_layer() {
    use cudnn::half::{bf16, f16};
    use cudnn::nn::{
        Attention, AttentionFp8Inference, AttentionInference, AttentionOptions, AttentionShape,
        LayerNorm, Linear, LinearActivation, LinearFp8, LinearShape, NormShape, RmsNorm,
    };
    use cudnn::F8E4M3;
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let device = preset("h100-sxm");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let s = Settings::default();
    let v = lib.version();
    let attn = AttentionShape {
        batch: 1,
        heads: 4,
        kv_heads: 2,
        seq_q: 128,
        seq_kv: 128,
        head_dim: 64,
    };
    let norm = NormShape {
        rows: 16,
        features: 256,
    };
    let linear = LinearShape {
        rows: 64,
        in_features: 128,
        out_features: 256,
    };
    let causal = AttentionOptions {
        causal: true,
        ..AttentionOptions::default()
    };
    let gelu = LinearActivation::GELU;
    // Each layer, planned with `cache`: its name, and the lookups it made
    // that found a plan and that built one.
    let layers = |cache: &mut PlanCache| -> Vec<(&'static str, u64, u64)> {
        let mut planned = Vec::new();
        let mut plan = |name: &'static str,
                        cache: &mut PlanCache,
                        new: &dyn Fn(&mut PlanCache) -> cudnn::Result<()>| {
            let (hits, misses) = (cache.hits(), cache.misses());
            new(cache).unwrap_or_else(|e| panic!("{name}: {e}"));
            planned.push((name, cache.hits() - hits, cache.misses() - misses));
        };
        plan("LayerNorm", cache, &|c| {
            LayerNorm::<bf16>::new(target, norm, 1e-5, &s, Some(c)).map(drop)
        });
        plan("RmsNorm", cache, &|c| {
            RmsNorm::<f32>::new(target, norm, 1e-6, &s, Some(c)).map(drop)
        });
        plan("Linear", cache, &|c| {
            Linear::<bf16>::new(target, linear, true, gelu, &s, Some(c)).map(drop)
        });
        plan("LinearFp8", cache, &|c| {
            LinearFp8::<F8E4M3, bf16>::new(target, linear, true, gelu, &s, Some(c)).map(drop)
        });
        if v >= Version::new(9, 21, 0) {
            plan("AttentionInference", cache, &|c| {
                AttentionInference::<f16>::new(target, attn, causal, &s, Some(c)).map(drop)
            });
            plan("Attention", cache, &|c| {
                Attention::<bf16>::new(target, attn, causal, &s, Some(c)).map(drop)
            });
        }
        if v >= Version::new(9, 25, 0) {
            plan("AttentionFp8Inference", cache, &|c| {
                AttentionFp8Inference::<F8E4M3, F8E4M3>::new(target, attn, causal, &s, Some(c))
                    .map(drop)
            });
        }
        planned
    };
    let mut cache = PlanCache::new(64).expect("cache");
    let built = layers(&mut cache);
    for &(name, hits, misses) in &built {
        assert!(
            hits == 0 && misses > 0,
            "{name}: {hits} hits, {misses} built"
        );
    }
    assert_eq!(cache.len() as u64, cache.misses());
    let mut loaded = reload(&cache, &lib, "nn");
    let found = layers(&mut loaded);
    assert!(loaded.drops().is_empty(), "{:#?}", drops(&loaded));
    for (&(name, _, saved), &(_, hits, misses)) in built.iter().zip(&found) {
        assert_eq!((hits, misses), (saved, 0), "{name}: found, built again");
    }
    assert_eq!(loaded.dropped(), 0);
}

/// A target whose library is not the graph's (another loaded copy of the
/// same file) is refused with a typed error, before cuDNN sees it, by the
/// heuristics and by a plan of a configuration; a plan read from JSON is
/// made with the target's own library.
#[test]
fn a_target_of_another_library_is_refused() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let other = Arc::new(cudnn::Library::open(Some(lib.path())).expect("a second copy"));
    assert!(!Arc::ptr_eq(&lib, &other));
    let graph = built(&conv_fprop(), &lib);
    let h200 = preset("h200");
    let foreign = Target::Device {
        library: &other,
        device: &h200,
    };
    assert!(Arc::ptr_eq(foreign.library(), &other));
    assert_eq!(foreign.compute_capability(), Some((9, 0)));
    let other_library = |e: cudnn::Error| {
        matches!(
            e,
            cudnn::Error::InvalidArgument {
                mismatch: cudnn::Mismatch::OtherLibrary { .. },
                ..
            }
        )
    };
    let e = graph
        .plans(foreign, &Settings::default())
        .expect_err("another library");
    assert!(other_library(e));
    let own = Target::Device {
        library: &lib,
        device: &h200,
    };
    let configs = graph
        .engine_configs(own, HeuristicMode::A, &EngineFilter::default())
        .expect("configurations");
    let e = ExecutionPlan::new(&configs[0], foreign).expect_err("another library");
    assert!(other_library(e));
    let json = graph.plans(own, &Settings::default()).expect("plan")[0]
        .to_json()
        .expect("json");
    let back = ExecutionPlan::from_json(&json, foreign).expect("read with the other copy");
    assert!(Arc::ptr_eq(back.library(), &other));
}

/// An engine chosen once (a configuration the heuristics offer that
/// finalizes, other than the one a default search takes), saved as its
/// tag and read back, pins the plan search and the plan cache to it; a
/// saved cache hands the pinned plan out again.
#[test]
fn an_engine_pinned_by_its_saved_tag_is_the_plan_searches_and_caches_give() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_bias_relu(), &lib);
    let device = preset("h100-sxm");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let first = graph
        .plans(target, &Settings::default())
        .expect("a default plan")
        .remove(0);
    let first_choice = EngineChoice::of_plan(&first).expect("the default plan's engine");
    let configs = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("configs");
    let (config, plan) = configs
        .iter()
        .filter(|c| EngineChoice::of(c).as_ref() != Some(&first_choice))
        .find_map(|c| Some((c, ExecutionPlan::new(c, target).ok()?)))
        .expect("a second configuration that finalizes");
    let choice = EngineChoice::of(config).expect("its engine");
    assert_eq!(EngineChoice::of_plan(&plan).as_ref(), Some(&choice));
    let tag = choice.to_string();
    assert!(
        tag.starts_with(&format!("eng{}", config.global_index())),
        "{tag}"
    );
    let saved: EngineChoice = tag.parse().expect("the tag reads back");
    assert_eq!(saved, choice);

    let pinned = Settings {
        engine: Some(saved),
        benchmark: true,
        ..Settings::default()
    };
    let plans = graph.plans(target, &pinned).expect("the pinned plan");
    assert_eq!(plans.len(), 1, "a pinned search makes one plan");
    assert_eq!(EngineChoice::of_plan(&plans[0]).as_ref(), Some(&choice));
    let json = |p: &ExecutionPlan| engine_of(&p.to_json().expect("json"));
    assert_eq!(json(&plans[0]), json(&plan));
    assert_ne!(json(&plans[0]), json(&first));

    let key = PlanKey::new(&graph, &device, &pinned);
    assert_eq!(
        key.settings(),
        format!(
            "deterministic=0;allow_tf32=1;allow_runtime_compilation=1;require_cuda_graph=0;\
             heuristic_mode=3;sm_count_target=all;engine={tag}"
        )
    );
    let mut cache = PlanCache::new(4).expect("cache");
    let cached = cache
        .get_or_build(&graph, &device, &pinned)
        .expect("pinned");
    assert_eq!(json(&cached), json(&plan));
    let default = cache
        .get_or_build(&graph, &device, &Settings::default())
        .expect("default");
    assert_eq!(json(&default), json(&first));
    assert_eq!((cache.len(), cache.misses()), (2, 2));

    let dir = common::scratch_dir("plan-pinned");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let (mut loaded, report) = PlanCache::load(&file, &lib, 4).expect("load");
    assert_eq!((loaded.len(), report.dropped.len()), (2, 0));
    let reloaded = loaded
        .get_or_build(&graph, &device, &pinned)
        .expect("the saved pinned plan");
    assert_eq!(json(&reloaded), json(&plan));
    assert_eq!((loaded.hits(), loaded.misses()), (1, 0));

    // A pinned engine the filter removes is no plan, with the reason.
    let refused = Settings {
        engine: Some(choice.clone()),
        deselect_engines: vec![choice.global_index()],
        ..Settings::default()
    };
    match graph.plans(target, &refused) {
        Err(Error::NoEngine { reason, .. }) => {
            assert!(
                reason.contains(&tag) && reason.contains("deselected"),
                "{reason}"
            )
        }
        other => panic!("{:?}", other.map(|p| p.len())),
    }
    // An engine the graph does not have: cuDNN's own refusal, typed.
    let past = graph.engine_count().expect("engine count");
    let missing = Settings {
        engine: Some(EngineChoice::new(past + 1000, &[]).expect("choice")),
        ..Settings::default()
    };
    let e = graph.plans(target, &missing).expect_err("no such engine");
    assert!(e.status_error().is_some(), "{e}");
}

/// Engines deselected by index, numerical note or behaviour note are not
/// offered, and nothing else is removed; the settings carry the lists into
/// the search and the plan cache's key (as sets: order and repeats do not
/// change the key).
#[test]
fn deselected_engines_and_notes_are_not_offered() {
    let Some(Setup::Plans(lib)) = setup() else {
        return;
    };
    let graph = built(&conv_bias_relu(), &lib);
    let device = preset("h100-sxm");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let all = graph
        .engine_configs(target, HeuristicMode::A, &EngineFilter::default())
        .expect("configs");
    let kept_by =
        |filter: &EngineFilter| match graph.engine_configs(target, HeuristicMode::A, filter) {
            Ok(kept) => kept.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            Err(Error::NoEngine { reason, .. }) => {
                assert!(reason.contains("deselected"), "{reason}");
                Vec::new()
            }
            Err(e) => panic!("{e}"),
        };
    let described: Vec<String> = all.iter().map(|c| c.to_string()).collect();
    let first = all[0].global_index();
    let want: Vec<String> = all
        .iter()
        .filter(|c| c.global_index() != first)
        .map(|c| c.to_string())
        .collect();
    assert!(want.len() < described.len());
    let by_index = EngineFilter {
        deselect_engines: vec![first],
        ..EngineFilter::default()
    };
    assert_eq!(kept_by(&by_index), want);

    let note = all
        .iter()
        .flat_map(|c| c.numerical_notes().iter().copied())
        .next()
        .expect("an engine with a numerical note");
    let want: Vec<String> = all
        .iter()
        .filter(|c| !c.numerical_notes().contains(&note))
        .map(|c| c.to_string())
        .collect();
    let by_numerical = EngineFilter {
        deselect_numerical: vec![note],
        ..EngineFilter::default()
    };
    assert_eq!(kept_by(&by_numerical), want);

    // A behaviour note some configuration has (none of them may have one).
    let behavior = all
        .iter()
        .flat_map(|c| c.behavior_notes().iter().copied())
        .next()
        .unwrap_or(sys::cudnnBackendBehaviorNote_t::RUNTIME_COMPILATION);
    let want: Vec<String> = all
        .iter()
        .filter(|c| !c.behavior_notes().contains(&behavior))
        .map(|c| c.to_string())
        .collect();
    let by_behavior = EngineFilter {
        deselect_behavior: vec![behavior],
        ..EngineFilter::default()
    };
    assert_eq!(kept_by(&by_behavior), want);

    // Through the settings: the default search's engine deselected.
    let default = graph
        .plans(target, &Settings::default())
        .expect("default")
        .remove(0);
    let engine = default.engine_index().expect("its engine");
    let settings = Settings {
        deselect_engines: vec![engine, engine],
        ..Settings::default()
    };
    assert_eq!(settings.filter().deselect_engines, [engine, engine]);
    match graph.plans(target, &settings) {
        Ok(plans) => assert_ne!(plans[0].engine_index(), Some(engine)),
        Err(Error::NoEngine { reason, .. }) => assert!(reason.contains("deselected"), "{reason}"),
        Err(e) => panic!("{e}"),
    }
    let key = PlanKey::new(&graph, &device, &settings);
    assert!(
        key.settings()
            .ends_with(&format!(";deselect_engines={engine}")),
        "{}",
        key.settings()
    );
    let listed = Settings {
        deselect_engines: vec![7, 3, 7],
        deselect_numerical: vec![note],
        deselect_behavior: vec![behavior],
        ..Settings::default()
    };
    let reordered = Settings {
        deselect_engines: vec![3, 7],
        ..listed.clone()
    };
    let text = PlanKey::new(&graph, &device, &listed).settings().to_owned();
    assert_eq!(text, PlanKey::new(&graph, &device, &reordered).settings());
    assert!(
        text.ends_with(&format!(
            ";deselect_engines=3,7;deselect_numerical={};deselect_behavior={}",
            note.0, behavior.0
        )),
        "{text}"
    );
    assert_eq!(
        PlanKey::new(&graph, &device, &Settings::default()).settings(),
        "deterministic=0;allow_tf32=1;allow_runtime_compilation=1;require_cuda_graph=0;\
         heuristic_mode=3;sm_count_target=all"
    );
}
