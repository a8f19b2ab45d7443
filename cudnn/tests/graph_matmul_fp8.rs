//! The FP8 matmul of the graph builder (`Graph::matmul_fp8`: a matmul of
//! FP8 operands, its descale and scale factors and the result's absolute
//! maximum, as cudnn-frontend composes it) against the real cuDNN, on a
//! machine without a GPU: its tensors and refusals, an epilogue before
//! its scale (`Graph::matmul_fp8_with`), its build on cuDNN 9 and cuDNN
//! 9.28's engines for a described sm_90 GPU. No kernel runs.

mod common;

use cudnn::graph::{
    DeviceProperties, EngineFilter, Graph, HeuristicMode, MatmulFp8Outputs, MatmulFp8Scales, Target,
};
use cudnn::sys::cudnnDataType_t as Dt;
use cudnn::{Error, Mismatch};

const E4M3: Dt = Dt::FP8_E4M3;
const F32: Dt = Dt::FLOAT;

/// `a` `[1, 128, 64]` row-major, `b` `[1, 64, 256]` column-major (the
/// layout Hopper's FP8 matmuls take), both `dt`, and the three factors.
fn fp8_matmul(g: &mut Graph, dt: Dt) -> (MatmulFp8Outputs, MatmulFp8Scales) {
    let a = g.tensor("a", &[1, 128, 64], dt).unwrap();
    let b = g
        .tensor_with_strides("b", &[1, 64, 256], &[64 * 256, 1, 64], dt)
        .unwrap();
    let [descale_a, descale_b, scale_c] =
        ["descale_a", "descale_b", "scale_c"].map(|n| g.tensor(n, &[1, 1, 1], F32).unwrap());
    let scales = MatmulFp8Scales {
        descale_a,
        descale_b,
        scale_c,
    };
    (g.matmul_fp8(a, b, &scales).unwrap(), scales)
}

#[test]
fn an_fp8_matmul_makes_its_result_and_amax() {
    let mut g = Graph::new("fp8");
    let (out, _) = fp8_matmul(&mut g, E4M3);
    assert_eq!(g.dims(out.c).unwrap(), [1, 128, 256]);
    assert_eq!(g.dims(out.amax).unwrap(), [1, 1, 1]);
    // The amax is an output already; c is the caller's to make one.
    assert!(g.set_output(out.amax, F32).is_err());
    g.set_output(out.c, E4M3).unwrap();
    assert!(g.key().contains("|matmul["), "{}", g.key());
}

#[track_caller]
fn check(r: cudnn::Result<impl std::fmt::Debug>, tensor: &str, words: &str) {
    match r {
        Err(Error::InvalidArgument {
            function: "Graph::matmul_fp8",
            mismatch:
                Mismatch::GraphNode {
                    node,
                    tensor: t,
                    what,
                },
        }) => {
            assert!(node.starts_with("matmul_fp8 "), "{node}");
            assert_eq!(t.as_deref(), Some(tensor), "{what}");
            assert!(what.contains(words), "{words:?} not in {what:?}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn an_fp8_matmul_refuses_what_does_not_fit_and_adds_nothing() {
    let mut g = Graph::new("refusals");
    let a = g.tensor("a", &[1, 128, 64], E4M3).unwrap();
    let b = g.tensor("b", &[1, 64, 256], E4M3).unwrap();
    let half = g.tensor("half", &[1, 64, 256], Dt::HALF).unwrap();
    let [da, db, sc] = ["da", "db", "sc"].map(|n| g.tensor(n, &[1, 1, 1], F32).unwrap());
    let wide = g.tensor("wide", &[1, 1, 2], F32).unwrap();
    let rank4 = g.tensor("rank4", &[1, 1, 1, 1], F32).unwrap();
    let ints = g.tensor("ints", &[1, 1, 1], Dt::INT32).unwrap();
    let ok = MatmulFp8Scales {
        descale_a: da,
        descale_b: db,
        scale_c: sc,
    };
    let key = g.key();
    check(
        g.matmul_fp8(a, half, &ok),
        "half",
        "b of type HALF; it takes FP8_E4M3 or FP8_E5M2",
    );
    let s = |descale_a, descale_b, scale_c| MatmulFp8Scales {
        descale_a,
        descale_b,
        scale_c,
    };
    check(
        g.matmul_fp8(a, b, &s(wide, db, sc)),
        "wide",
        "descale_a of dims [1, 1, 2]",
    );
    check(
        g.matmul_fp8(a, b, &s(da, rank4, sc)),
        "rank4",
        "one element of rank 3",
    );
    check(
        g.matmul_fp8(a, b, &s(da, db, ints)),
        "ints",
        "scale_c of type INT32",
    );
    // Dims the matmul refuses: nothing of the composite stays.
    let short = g.tensor("short", &[1, 32, 256], E4M3).unwrap();
    let key_before = g.key();
    let r = g.matmul_fp8(a, short, &ok);
    assert!(r.is_err(), "{r:?}");
    assert_eq!(g.key(), key_before);
    assert_ne!(key, key_before);
}

#[test]
fn an_fp8_matmul_builds_and_gets_sm90_engines() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    // cuDNN 8 builds no graph without a handle; heuristics for a
    // described GPU need 9.8.
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) {
        return;
    }
    let mut g = Graph::new("matmul_fp8");
    let (out, _) = fp8_matmul(&mut g, E4M3);
    g.set_output(out.c, E4M3).unwrap();
    let built = g.build_with(&lib, None).expect("the FP8 matmul");
    assert!(built.engine_count().expect("count") > 0);
    if !common::backend::load_cublaslt(&lib) {
        return;
    }
    let device = DeviceProperties::preset("h100-sxm").expect("the sm_90 preset");
    let r = built.engine_configs(
        Target::Device {
            library: &lib,
            device: &device,
        },
        HeuristicMode::A,
        &EngineFilter::default(),
    );
    let configs = r.expect("engines for an FP8 matmul on sm_90");
    assert!(!configs.is_empty());
    // With NVIDIA's driver library and no GPU, a plan finalizes and
    // round-trips through cuDNN's JSON, which reads back as this graph's.
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let plans = built
        .plans(target, &cudnn::graph::Settings::default())
        .expect("a plan");
    let json = plans[0].to_json().expect("json");
    let back = built
        .plan_from_json(&json, target)
        .expect("this graph's plan");
    assert_eq!(back.to_json().expect("json"), json);
}

/// An epilogue between the descales and `scale_c`: a bias and a ReLU on
/// the unscaled result, whose maximum the amax is; a refused epilogue
/// leaves nothing of the composite.
#[test]
fn an_fp8_matmul_takes_an_epilogue_before_its_scale_and_amax() {
    let mut g = Graph::new("epilogue");
    let a = g.tensor("a", &[1, 128, 64], E4M3).unwrap();
    let b = g
        .tensor_with_strides("b", &[1, 64, 256], &[64 * 256, 1, 64], E4M3)
        .unwrap();
    let [da, db, sc] = ["da", "db", "sc"].map(|n| g.tensor(n, &[1, 1, 1], F32).unwrap());
    let scales = MatmulFp8Scales {
        descale_a: da,
        descale_b: db,
        scale_c: sc,
    };
    let bias = g.tensor("bias", &[1, 1, 256], F32).unwrap();
    let wrong = g.tensor("wrong", &[1, 1, 7], F32).unwrap();
    let key = g.key();
    let r = g.matmul_fp8_with(a, b, &scales, |g, t| g.bias(t, wrong));
    assert!(r.is_err(), "{r:?}");
    assert_eq!(g.key(), key);
    let out = g
        .matmul_fp8_with(a, b, &scales, |g, t| {
            let t = g.bias(t, bias)?;
            g.relu(t)
        })
        .expect("bias and relu");
    assert_eq!(g.dims(out.c).unwrap(), [1, 128, 256]);
    assert_eq!(g.dims(out.amax).unwrap(), [1, 1, 1]);
    g.set_output(out.c, Dt::BFLOAT16).unwrap();
    // Two descales, the bias, the ReLU and scale_c.
    let k = g.key();
    assert_eq!(k.matches("|pointwise[").count(), 5, "{k}");
}
