//! The SDPA forward's block-sparse mask (`SdpaOptions::block_mask`,
//! `SDPA_FWD_BLOCK_MASK_DESC`, cuDNN 9.14) against the real cuDNN: its
//! refusals, a typed refusal before 9.14, and on cuDNN 9.28 a plan for a
//! described B200 that round-trips through its JSON, and no engine for a
//! described H100 (as cudnn-frontend gets none).

use super::*;
use cudnn::DType as Dt;

/// q, k, v `[2, 8, S_q or S_kv, 128]` BF16.
fn operands(g: &mut Graph, sq: i64, skv: i64) -> [TensorId; 3] {
    let q = g.tensor("q", &[2, 8, sq, 128], BF16).unwrap();
    let k = g.tensor("k", &[2, 8, skv, 128], BF16).unwrap();
    let v = g.tensor("v", &[2, 8, skv, 128], BF16).unwrap();
    [q, k, v]
}

fn masked(mask: TensorId) -> SdpaOptions {
    SdpaOptions {
        block_mask: Some(mask),
        ..SdpaOptions::default()
    }
}

#[test]
fn a_block_mask_refuses_what_does_not_fit_and_adds_nothing() {
    let mut g = Graph::new("block mask refusals");
    let [q, k, v] = operands(&mut g, 512, 1100);
    // S_q 512 and S_kv 1100: 4 query tiles, 9 key tiles in 2 bytes.
    let per_tile = g.tensor("per_tile", &[2, 8, 4, 9], Dt::INT8).unwrap();
    let broadcast = g.tensor("broadcast", &[1, 8, 4, 2], Dt::INT8).unwrap();
    let wide = g.tensor("wide", &[2, 8, 4, 2], I32).unwrap();
    let scalar = g.scalar("scalar", 1.0).unwrap();
    let key = g.key();
    let f = "Graph::sdpa_forward";
    let nd = "sdpa_forward \"sdpa_forward#0\"";
    let r = g.sdpa_forward(q, k, v, &masked(per_tile));
    check_refused(r, f, nd, Some("per_tile"), "[2, 8, 4, 2]");
    let r = g.sdpa_forward(q, k, v, &masked(broadcast));
    check_refused(r, f, nd, Some("broadcast"), "eight key tiles to a byte");
    let r = g.sdpa_forward(q, k, v, &masked(wide));
    check_refused(r, f, nd, Some("wide"), "of type INT32");
    let r = g.sdpa_forward(q, k, v, &masked(scalar));
    check_refused(r, f, nd, Some("scalar"), "by-value scalar");
    let [o, d_o] = ["o", "do"].map(|n| g.tensor(n, &[2, 8, 512, 128], BF16).unwrap());
    let stats = g.tensor("stats", &[2, 8, 512, 1], F32).unwrap();
    let key_b = g.key();
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o,
        d_o,
        stats,
    };
    let good = g.tensor("good", &[2, 8, 4, 2], Dt::UINT8).unwrap();
    let key_c = g.key();
    let r = g.sdpa_backward(&inputs, &masked(good));
    check_refused(
        r,
        "Graph::sdpa_backward",
        "sdpa_backward \"sdpa_backward#0\"",
        None,
        "block_mask is an option of the forward",
    );
    assert_eq!(g.key(), key_c, "nothing was added");
    assert_ne!(key, key_b);
    g.sdpa_forward(q, k, v, &masked(good))
        .expect("a UINT8 mask of the packed dims");
}

#[test]
fn a_block_mask_plans_on_b200_and_not_on_h100() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let v = lib.version();
    let mut g = Graph::new("block mask");
    let [q, k, vv] = operands(&mut g, 512, 512);
    let mask = g.tensor("block_mask", &[2, 8, 4, 1], Dt::INT8).unwrap();
    let out = g.sdpa_forward(q, k, vv, &masked(mask)).unwrap();
    g.set_output(out.o, BF16).unwrap();
    let built = match g.build_with(&lib, None) {
        Ok(b) => b,
        Err(e) if v < cudnn::Version::new(9, 14, 0) => {
            let text = e.to_string();
            assert!(text.contains("9.14.0"), "{text}");
            assert!(text.contains("SDPA_FWD_BLOCK_MASK_DESC"), "{text}");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert!(v >= cudnn::Version::new(9, 14, 0), "built on {v}");
    assert!(
        built.tensors().iter().all(|t| !t.is_index()),
        "a mask is data, not an index"
    );
    if v < cudnn::Version::new(9, 28, 0) || !common::backend::load_cublaslt(&lib) {
        return;
    }
    let h100 = h100();
    let target = Target::Device {
        library: &lib,
        device: &h100,
    };
    match built.engine_configs(target, HeuristicMode::A, &EngineFilter::default()) {
        Err(Error::NoEngine { .. }) => {}
        other => panic!("cuDNN 9.28 has no engine for a block mask on an H100: {other:?}"),
    }
    let b200 = DeviceProperties::preset("b200").expect("the sm_100 preset");
    let target = Target::Device {
        library: &lib,
        device: &b200,
    };
    let plan = built
        .plans(target, &Settings::default())
        .expect("a plan for the B200")
        .remove(0);
    let json = plan.to_json().expect("json");
    assert!(json.contains("\"blockMask\""), "{json}");
    let back = built.plan_from_json(&json, target).expect("read back");
    assert_eq!(back.to_json().expect("json"), json);
}
