//! Plan JSON and plan cache files from outside, against the real cuDNN 9
//! with NVIDIA's libcuda and no GPU: JSON that made cuDNN 9.28 end
//! the process is refused (each such case runs in a child process, so that
//! a regression fails a test instead of ending the run); the tensors a
//! plan writes survive its JSON for every operation the builder makes; a
//! plan cache hands out only plans for the graph asked for.

mod common;

#[path = "graph_norm_attention/cases.rs"]
#[allow(dead_code)]
mod cases;

use std::collections::BTreeSet;
use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DeviceProperties, DropReason, ExecutionPlan, Graph, OperationGraph, PlanCache,
    PlanKey, Settings, Target, MAX_OPERATIONS,
};
use cudnn::sys;
use cudnn::{Error, Library};
use serde_json::Value;

const FLOAT: sys::cudnnDataType_t = sys::cudnnDataType_t::FLOAT;
/// Set in the child processes.
const CHILD: &str = "CUDNN_TEST_PLAN_FILES_CHILD";
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/norm-attention-plans-sm90.json"
);

/// cuDNN 9.8 or later with cuBLASLt loaded (plans for a described GPU),
/// or `None` where this library builds none (after saying why).
fn plans_library() -> Option<Arc<Library>> {
    let lib = common::backend::graph_library()?;
    let v = lib.version();
    let precompiled = lib
        .sublibraries()
        .iter()
        .any(|s| s.name == "engines_precompiled" && s.present);
    if (v.major, v.minor) < (9, 8) || !precompiled || !common::backend::load_cublaslt(&lib) {
        eprintln!("not run: cuDNN {v} builds no plan for a described GPU here");
        return None;
    }
    Some(lib)
}

fn h200() -> DeviceProperties {
    DeviceProperties::preset("h200").expect("the h200 preset")
}

fn conv_graph(name: &str, last: &str) -> Graph {
    let mut g = Graph::new(name);
    let x = g.tensor("x", &[2, 8, 16, 16], FLOAT).expect("x");
    let w = g.tensor("w", &[16, 8, 3, 3], FLOAT).expect("w");
    let y = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    let y = match last {
        "none" => y,
        _ => {
            let b = g.tensor("bias", &[1, 16, 1, 1], FLOAT).expect("bias");
            let y = g.bias(y, b).expect("bias add");
            match last {
                "relu" => g.relu(y).expect("relu"),
                "tanh" => g.tanh(y).expect("tanh"),
                _ => g.sigmoid(y).expect("sigmoid"),
            }
        }
    };
    g.set_output(y, FLOAT).expect("output");
    g
}

fn dgrad_graph() -> Graph {
    let mut g = Graph::new("dgrad");
    let dy = g.tensor("dy", &[1, 4, 8, 8], FLOAT).expect("dy");
    let w = g.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let dx = g
        .conv_dgrad(dy, w, &ConvOptions::new(2).padding(&[1, 1]), &[1, 3, 8, 8])
        .expect("dgrad");
    g.set_output(dx, FLOAT).expect("output");
    g
}

fn wgrad_graph() -> Graph {
    let mut g = Graph::new("wgrad");
    let x = g.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let dy = g.tensor("dy", &[1, 4, 8, 8], FLOAT).expect("dy");
    let dw = g
        .conv_wgrad(x, dy, &ConvOptions::new(2).padding(&[1, 1]), &[4, 3, 3, 3])
        .expect("wgrad");
    g.set_output(dw, FLOAT).expect("output");
    g
}

/// The graphs whose plans cuDNN 9.28 builds for a described GPU: every
/// convolution direction, and fused pointwise epilogues.
fn host_graphs() -> Vec<Graph> {
    vec![
        conv_graph("conv", "none"),
        dgrad_graph(),
        wgrad_graph(),
        conv_graph("conv_bias_relu", "relu"),
        conv_graph("conv_bias_tanh", "tanh"),
        conv_graph("conv_bias_sigmoid", "sigmoid"),
    ]
}

fn first_plan(graph: &OperationGraph) -> ExecutionPlan {
    graph
        .plans(
            Target::Device {
                library: graph.library(),
                device: &h200(),
            },
            &Settings::default(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", graph.name()))
        .remove(0)
}

fn written(plan: &ExecutionPlan) -> BTreeSet<i64> {
    plan.tensors()
        .iter()
        .filter(|t| t.is_output())
        .map(|t| t.uid())
        .collect()
}

#[test]
fn every_host_plan_writes_the_same_tensors_after_its_json() {
    let Some(lib) = plans_library() else {
        return;
    };
    let device = h200();
    for g in host_graphs() {
        let graph = g.build_with(&lib, None).expect("build");
        let plan = first_plan(&graph);
        let json = plan.to_json().expect("json");
        let target = Target::Device {
            library: &lib,
            device: &device,
        };
        let back = graph.plan_from_json(&json, target).expect("its own plan");
        let outputs: BTreeSet<i64> = graph
            .tensors()
            .iter()
            .filter(|t| t.is_output())
            .map(|t| t.uid())
            .collect();
        assert_eq!(written(&plan), outputs, "{}: fresh", graph.name());
        assert_eq!(written(&back), outputs, "{}: from its JSON", graph.name());
        for t in back.tensors() {
            let fresh = plan.tensor(t.uid()).expect("the same uids");
            assert_eq!(
                (t.dims(), t.strides(), t.data_type(), t.is_virtual()),
                (
                    fresh.dims(),
                    fresh.strides(),
                    fresh.data_type(),
                    fresh.is_virtual()
                ),
                "{}: uid {}",
                graph.name(),
                t.uid()
            );
        }
        assert_eq!(back.tensors().len(), plan.tensors().len());
    }
}

/// The norm and attention nodes finalize no plan without a GPU: their
/// recorded plans (cuDNN 9.28, sm_90) must match the graphs the builder
/// makes, outputs included (the written set from cuDNN's key names).
#[test]
fn recorded_norm_and_attention_plans_match_their_graphs() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    if lib.version() < cudnn::Version::new(9, 0, 0) {
        return;
    }
    let device = h200();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let text = std::fs::read_to_string(FIXTURE).expect("the recorded plans");
    let recorded: Value = serde_json::from_str(&text).expect("JSON");
    let mut seen = 0;
    let mut graphs = Vec::new();
    for c in cases::cases() {
        let Some(plan) = recorded.get(c.name) else {
            continue;
        };
        if lib.version() < c.since {
            continue;
        }
        let graph = c.graph.build_with(&lib, None).expect(c.name);
        // The recorded plans hold their operation graph only, no engine:
        // cuDNN refuses them once the graph check has passed, and what
        // is asserted here is that check.
        if let Err(e) = graph.plan_from_json(&plan.to_string(), target) {
            assert!(!e.to_string().contains("another graph"), "{}: {e}", c.name);
        }
        seen += 1;
        graphs.push((c.name, graph, plan.to_string()));
    }
    assert!(seen >= 10, "{seen} recorded plans checked");
    // Each recorded plan is refused for every other graph.
    for (name, graph, _) in &graphs {
        for (other, _, json) in &graphs {
            if name != other {
                let e = graph.plan_from_json(json, target).expect_err(other);
                assert!(
                    e.to_string().contains("another graph"),
                    "{name}/{other}: {e}"
                );
            }
        }
    }
}

/// In a child process: every case is refused with a typed error, none ends
/// the process.
fn hostile_json_cases(lib: &Arc<Library>) {
    let device = h200();
    let mut bases = Vec::new();
    for g in host_graphs() {
        let graph = g.build_with(lib, None).expect("build");
        bases.push(first_plan(&graph).to_json().expect("json"));
    }
    let mut cases = 0;
    for base in &bases {
        let plan: Value = serde_json::from_str(base).expect("JSON");
        let nodes = plan["operationGraph"]["nodes"].as_array().expect("nodes");
        for (i, node) in nodes.iter().enumerate() {
            for (key, value) in node.as_object().expect("node") {
                if !value
                    .as_str()
                    .is_some_and(|s| s.bytes().all(|b| b.is_ascii_digit()))
                {
                    continue;
                }
                for bad in ["a", "", "99999999999999999999", "1a", "-", "CUDNN_X"] {
                    let mut p = plan.clone();
                    p["operationGraph"]["nodes"][i][key] = bad.into();
                    let r = ExecutionPlan::from_json(
                        &p.to_string(),
                        Target::Device {
                            library: lib,
                            device: &device,
                        },
                    );
                    match r {
                        Err(Error::InvalidArgument { function, .. }) => {
                            assert_eq!(function, "ExecutionPlan::from_json")
                        }
                        other => panic!("{key} = {bad:?}: {:?}", other.map(|_| ())),
                    }
                    cases += 1;
                }
            }
        }
        // A second tensor with the uid of the output, first and last.
        let tensors = plan["operationGraph"]["tensors"]
            .as_array()
            .expect("tensors");
        let last = tensors.last().expect("a tensor").clone();
        for at in [0, tensors.len()] {
            let mut p = plan.clone();
            let mut dup = last.clone();
            dup["dim"][0] = 7.into();
            let list = p["operationGraph"]["tensors"]
                .as_array_mut()
                .expect("tensors");
            list.insert(at, dup);
            let e = ExecutionPlan::from_json(
                &p.to_string(),
                Target::Device {
                    library: lib,
                    device: &device,
                },
            )
            .map(|_| ())
            .expect_err("two tensors with one uid");
            assert!(e.to_string().contains("two tensors with uid"), "{e}");
            cases += 1;
        }
    }
    println!("{cases} hostile plans refused");
}

#[test]
fn hostile_plan_json_is_refused_in_a_child_process() {
    if std::env::var_os(CHILD).is_some() {
        if let Some(lib) = plans_library() {
            hostile_json_cases(&lib);
        }
        return;
    }
    if plans_library().is_none() || !cfg!(target_os = "linux") {
        return;
    }
    let exe = std::env::current_exe().expect("test binary");
    let out = std::process::Command::new(exe)
        .args([
            "--exact",
            "hostile_plan_json_is_refused_in_a_child_process",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .output()
        .expect("child");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "child failed ({}): {text}",
        out.status
    );
    let line = text
        .lines()
        .find(|l| l.contains("hostile plans refused"))
        .unwrap_or_else(|| panic!("the child ran no case: {text}"));
    eprintln!("child: {line}");
}

#[test]
fn graphs_over_the_operation_limit_are_refused_before_cudnn() {
    let Some(lib) = common::backend::graph_library() else {
        return;
    };
    let mut g = Graph::new("chain");
    let mut x = g.tensor("x", &[1, 4, 2, 2], FLOAT).expect("x");
    for _ in 0..=MAX_OPERATIONS {
        x = g.relu(x).expect("relu");
    }
    g.set_output(x, FLOAT).expect("output");
    match g.build_with(&lib, None) {
        Err(Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(function, "Graph::build_with");
            let text = mismatch.to_string();
            assert!(
                text.contains(&format!("{} operations", MAX_OPERATIONS + 1)),
                "{text}"
            );
        }
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
}

// ------------------------------------------------------------ plan cache

/// A folder of the test's own, removed with what it holds when dropped.
fn scratch(name: &str) -> tempfile::TempDir {
    common::scratch_dir(&format!("plan-files-{name}"))
}

/// The cache file's entries, to edit.
fn entries(file: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("JSON")
}

fn pointwise_modes(plan: &ExecutionPlan) -> Vec<String> {
    let v: Value = serde_json::from_str(&plan.to_json().expect("json")).expect("JSON");
    v["operationGraph"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["pointwiseMode"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn the_plan_cache_hands_out_only_plans_for_the_graph_asked_for() {
    let Some(lib) = plans_library() else {
        return;
    };
    let device = h200();
    let settings = Settings::default();
    let relu = conv_graph("conv_bias_relu", "relu")
        .build_with(&lib, None)
        .expect("relu");
    let tanh = conv_graph("conv_bias_tanh", "tanh")
        .build_with(&lib, None)
        .expect("tanh");
    let mut cache = PlanCache::new(4).expect("cache");
    cache.get_or_build(&relu, &device, &settings).expect("relu");
    cache.get_or_build(&tanh, &device, &settings).expect("tanh");
    let dir = scratch("swap");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");

    // The ReLU graph's entry holds the TANH plan.
    let mut doc = entries(&file);
    let list = doc["entries"].as_array_mut().expect("entries");
    let tanh_plan = list
        .iter()
        .find(|e| e["graph"] == tanh.key())
        .expect("the tanh entry")["plan"]
        .clone();
    for e in list.iter_mut() {
        if e["graph"] == relu.key() {
            e["plan"] = tanh_plan.clone();
        }
    }
    std::fs::write(&file, doc.to_string()).expect("write");
    let (mut loaded, report) = PlanCache::load(&file, &lib, 4).expect("load");
    assert_eq!((loaded.len(), report.kept, report.dropped.len()), (2, 2, 0));
    let plan = loaded
        .get_or_build(&relu, &device, &settings)
        .expect("rebuilt");
    assert!(
        pointwise_modes(&plan).contains(&"CUDNN_POINTWISE_RELU_FWD".to_string()),
        "{:?}",
        pointwise_modes(&plan)
    );
    assert_eq!(
        (loaded.hits(), loaded.misses(), loaded.dropped()),
        (0, 1, 1)
    );
    // Rebuilt once, then a hit; the other entry is its own.
    loaded.get_or_build(&relu, &device, &settings).expect("hit");
    let plan = loaded
        .get_or_build(&tanh, &device, &settings)
        .expect("tanh");
    assert!(pointwise_modes(&plan).contains(&"CUDNN_POINTWISE_TANH_FWD".to_string()));
    assert_eq!(
        (loaded.hits(), loaded.misses(), loaded.dropped()),
        (2, 1, 1)
    );

    // A plan inserted under another graph's key is checked as well.
    let mut mixed = PlanCache::new(4).expect("cache");
    mixed
        .insert(PlanKey::new(&relu, &device, &settings), first_plan(&tanh))
        .expect("insert");
    let plan = mixed
        .get_or_build(&relu, &device, &settings)
        .expect("rebuilt");
    assert!(pointwise_modes(&plan).contains(&"CUDNN_POINTWISE_RELU_FWD".to_string()));
    assert_eq!((mixed.misses(), mixed.dropped()), (1, 1));
    assert!(mixed.remove(&PlanKey::new(&relu, &device, &settings)));
    assert!(!mixed.remove(&PlanKey::new(&relu, &device, &settings)));
    assert!(mixed.is_empty());
}

#[test]
fn bad_entries_are_skipped_or_rebuilt_and_duplicates_evict_nothing() {
    let Some(lib) = plans_library() else {
        return;
    };
    let device = h200();
    let settings = Settings::default();
    let graphs: Vec<OperationGraph> = host_graphs()
        .iter()
        .take(3)
        .map(|g| g.build_with(&lib, None).expect("build"))
        .collect();
    let mut cache = PlanCache::new(3).expect("cache");
    for g in &graphs {
        cache.get_or_build(g, &device, &settings).expect("plan");
    }
    let dir = scratch("bad");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let good = entries(&file);

    // A plan JSON this crate does not read is skipped on load.
    let mut doc = good.clone();
    doc["entries"][0]["plan"] = r#"{"operationGraph":{"tensors":"a","nodes":[]}}"#.into();
    std::fs::write(&file, doc.to_string()).expect("write");
    let (loaded, report) = PlanCache::load(&file, &lib, 3).expect("load");
    assert_eq!((loaded.len(), report.kept, report.dropped.len()), (2, 2, 1));
    let first = good["entries"][0]["graph"].as_str().expect("graph");
    let d = &report.dropped[0];
    assert_eq!(d.key.graph(), first);
    assert!(
        matches!(d.reason, DropReason::Unreadable(_)),
        "{}",
        d.reason
    );

    // One cuDNN refuses (another architecture's engine) is rebuilt once,
    // not kept failing.
    let mut doc = good.clone();
    let target = doc["entries"][1]["graph"]
        .as_str()
        .expect("graph")
        .to_owned();
    let mut plan: Value =
        serde_json::from_str(doc["entries"][1]["plan"].as_str().expect("plan")).expect("JSON");
    plan["engine"]["smVersion"] = 800.into();
    plan["engine"]["engineId"] = 99_999.into();
    doc["entries"][1]["plan"] = plan.to_string().into();
    std::fs::write(&file, doc.to_string()).expect("write");
    let (mut loaded, report) = PlanCache::load(&file, &lib, 3).expect("load");
    assert_eq!((loaded.len(), report.dropped.len()), (3, 0));
    let g = graphs
        .iter()
        .find(|g| g.key() == target)
        .expect("its graph");
    loaded.get_or_build(g, &device, &settings).expect("rebuilt");
    loaded
        .get_or_build(g, &device, &settings)
        .expect("then a hit");
    assert_eq!(
        (loaded.hits(), loaded.misses(), loaded.dropped()),
        (1, 1, 1)
    );
    let [d] = loaded.drops() else {
        panic!("one drop: {:?}", loaded.drops());
    };
    assert_eq!(d.key.graph(), target);
    assert!(
        matches!(d.reason, DropReason::NotFinalized(_)),
        "{}",
        d.reason
    );
    assert_eq!(loaded.take_drops().len(), 1);
    assert!(loaded.drops().is_empty());

    // A key given twice in a full cache evicts no other entry.
    let mut doc = good.clone();
    let again = doc["entries"][2].clone();
    doc["entries"].as_array_mut().expect("entries").push(again);
    std::fs::write(&file, doc.to_string()).expect("write");
    let (loaded, report) = PlanCache::load(&file, &lib, 3).expect("load");
    assert_eq!((loaded.len(), report.dropped.len()), (3, 1));
    assert!(matches!(report.dropped[0].reason, DropReason::Replaced));
    for g in &graphs {
        assert!(
            loaded.contains(&PlanKey::new(g, &device, &settings)),
            "{}",
            g.name()
        );
    }
}

/// A cache file of layout version 1 (keys without the settings) is
/// refused whole, as a file of any other version is: no entry of it is
/// read. A version-2 entry without its settings is refused as well.
#[test]
fn a_version_1_plan_cache_file_is_refused() {
    let Some(lib) = plans_library() else {
        return;
    };
    let device = h200();
    let settings = Settings::default();
    let relu = conv_graph("conv_bias_relu", "relu")
        .build_with(&lib, None)
        .expect("relu");
    let mut cache = PlanCache::new(2).expect("cache");
    cache.get_or_build(&relu, &device, &settings).expect("relu");
    let dir = scratch("v1");
    let file = dir.path().join("plans.json");
    cache.save(&file).expect("save");
    let saved = entries(&file);
    assert_eq!(saved["version"], 2);
    let key = PlanKey::new(&relu, &device, &settings);
    assert_eq!(saved["entries"][0]["settings"], key.settings());

    // As version 1 wrote it.
    let mut v1 = saved.clone();
    v1["version"] = 1.into();
    for e in v1["entries"].as_array_mut().expect("entries") {
        e.as_object_mut().expect("entry").remove("settings");
    }
    let refusal = |doc: &Value| {
        std::fs::write(&file, doc.to_string()).expect("write");
        match PlanCache::load(&file, &lib, 2) {
            Err(Error::InvalidArgument { function, mismatch }) => {
                assert_eq!(function, "PlanCache::load");
                mismatch.to_string()
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    };
    let why = refusal(&v1);
    assert!(
        why.contains("is not a plan cache of format \"cudnn-rs plan cache\" version 2"),
        "{why}"
    );
    let mut unkeyed = v1.clone();
    unkeyed["version"] = 2.into();
    let why = refusal(&unkeyed);
    assert!(why.contains("entry 0 has no string \"settings\""), "{why}");
    std::fs::write(&file, saved.to_string()).expect("write");
    let (loaded, report) = PlanCache::load(&file, &lib, 2).expect("load");
    assert_eq!((loaded.len(), report.dropped.len()), (1, 0));
    assert!(loaded.contains(&key));
}

// ------------------------------------------------------------ on a GPU

/// The graphs whose plans need a GPU: matmul, reduction, pointwise alone
/// (and the norm and attention cases, from `cases`).
fn gpu_graphs() -> Vec<Graph> {
    let mut mm = Graph::new("matmul");
    let a = mm.tensor("a", &[1, 64, 32], FLOAT).expect("a");
    let b = mm.tensor("b", &[1, 32, 16], FLOAT).expect("b");
    let c = mm.matmul(a, b).expect("matmul");
    mm.set_output(c, FLOAT).expect("c");
    let mut red = Graph::new("reduction");
    let x = red.tensor("x", &[1, 64, 32], FLOAT).expect("x");
    let y = red
        .reduction(sys::cudnnReduceTensorOp_t::ADD, x, &[1, 64, 1])
        .expect("reduction");
    red.set_output(y, FLOAT).expect("y");
    let mut pw = Graph::new("add_relu");
    let p = pw.tensor("p", &[1, 16, 8, 8], FLOAT).expect("p");
    let q = pw.tensor("q", &[1, 16, 8, 8], FLOAT).expect("q");
    let s = pw.add(p, q).expect("add");
    let r = pw.relu(s).expect("relu");
    pw.set_output(r, FLOAT).expect("r");
    vec![mm, red, pw]
}

/// Every operation the builder makes, on the GPU: the plan's JSON reads
/// back writing the graph's outputs, and matches its graph.
#[test]
#[ignore = "needs a CUDA GPU"]
fn every_operation_kind_round_trips_its_json_on_a_gpu() {
    let gpu = common::gpu::gpu();
    let lib = common::lib().expect("cuDNN");
    assert!(common::backend::load_cublaslt(&lib) || lib.version().major < 9);
    let device = DeviceProperties::from_handle(&gpu.handle).expect("the GPU's properties");
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    let mut graphs: Vec<(String, Graph, bool)> = host_graphs()
        .into_iter()
        .chain(gpu_graphs())
        .map(|g| (g.name().to_string(), g, true))
        .collect();
    for c in cases::cases() {
        if lib.version() >= c.since {
            graphs.push((c.name.to_string(), c.graph, c.engines));
        }
    }
    let mut wrong = Vec::new();
    for (name, g, engines) in graphs {
        let graph = g.build_with(&lib, None).expect("build");
        let plan = match graph.plans(target, &Settings::default()) {
            Ok(mut p) => p.remove(0),
            Err(Error::NoEngine { .. }) if !engines => continue,
            Err(e) => {
                wrong.push(format!("{name}: {e}"));
                continue;
            }
        };
        let json = plan.to_json().expect("json");
        let back = ExecutionPlan::from_json(&json, target);
        let outputs: BTreeSet<i64> = graph
            .tensors()
            .iter()
            .filter(|t| t.is_output())
            .map(|t| t.uid())
            .collect();
        match back {
            Ok(back) if written(&back) == outputs && written(&plan) == outputs => {}
            Ok(back) => wrong.push(format!(
                "{name}: writes {:?} fresh, {:?} from JSON, outputs {outputs:?}",
                written(&plan),
                written(&back)
            )),
            Err(e) => wrong.push(format!("{name}: from_json: {e}")),
        }
        if let Err(e) = graph.plan_from_json(&json, target) {
            wrong.push(format!("{name}: {e}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
