//! The checks of a plan's JSON, on documents written here (no cuDNN).

use super::*;
use serde_json::Value;

fn written(p: &PlanJson) -> Vec<i64> {
    let mut w: Vec<i64> = p
        .tensors
        .iter()
        .filter(|t| t.is_output)
        .map(|t| t.uid)
        .collect();
    w.sort_unstable();
    w
}

fn conv() -> Value {
    serde_json::from_str(include_str!("../../../tests/data/conv-plan-sm90.json")).expect("JSON")
}

/// `v` checked as serde_json writes it (keys sorted) and in cuDNN's
/// order (`in_cudnns_order`); the result of the first.
fn parse(v: &Value) -> Result<PlanJson> {
    let sorted = checked(&v.to_string());
    let ordered = checked(&in_cudnns_order(v));
    assert_eq!(sorted.is_ok(), ordered.is_ok(), "{v}");
    sorted
}

/// `v` as compact JSON with its keys in the order cuDNN 9.28 writes them:
/// a node's `operation` first, a graph's `finalizeMode`, `tensors` and
/// `nodes` in that order, a tensor's members in the order of
/// `conv-plan-sm90.json`; the rest sorted.
fn in_cudnns_order(v: &Value) -> String {
    fn rank(k: &str) -> u8 {
        const FIRST: [&str; 13] = [
            "operation",
            "finalizeMode",
            "tensors",
            "nodes",
            "name",
            "dataType",
            "dim",
            "stride",
            "isVirtual",
            "isByValue",
            "vectCount",
            "vectDim",
            "ptrAlignment",
        ];
        let last = if k == "reordering" { 13 } else { 14 };
        FIRST.iter().position(|&f| f == k).map_or(last, |i| i as u8)
    }
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort_by_key(|k| (rank(k), k.as_str()));
            let members: Vec<String> = keys
                .iter()
                .map(|k| format!("{}:{}", Value::from(k.as_str()), in_cudnns_order(&m[*k])))
                .collect();
            format!("{{{}}}", members.join(","))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(in_cudnns_order).collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// `PlanJson::parse` of `json` (and `PlanJson::tensors`, which must
/// answer alike); where it reads the text, serde_json
/// reads it too, to the same graph name, tensors and count of nodes
/// ([`serde_view`]).
fn checked(json: &str) -> Result<PlanJson> {
    let full = PlanJson::parse(json);
    // The read for tensors alone checks as much and reads the same.
    match (&full, PlanJson::tensors(json)) {
        (Ok(p), Ok((name, tensors))) => {
            assert_eq!(&*name, p.graph_name, "{json}");
            assert_eq!(tensors, p.tensors, "{json}");
        }
        (Err(_), Err(_)) => {}
        (a, b) => panic!("parse {a:?}, tensors {b:?}: {json}"),
    }
    if let Ok(p) = &full {
        let v: Value = serde_json::from_str(json)
            .unwrap_or_else(|e| panic!("parse read a text serde_json refuses ({e}): {json}"));
        assert_eq!(parsed_view(p), serde_view(&v), "{json}");
    }
    full
}

/// What [`serde_view`] reads of a plan, from what `parse` read.
type View = (String, Vec<TensorView>, usize);

/// A tensor's uid, dims, strides, and whether virtual and by value.
type TensorView = (i64, Vec<i64>, Vec<i64>, bool, bool);

fn parsed_view(p: &PlanJson) -> View {
    let mut tensors: Vec<_> = p
        .tensors
        .iter()
        .map(|t| {
            (
                t.uid,
                t.dims.to_vec(),
                t.strides.to_vec(),
                t.is_virtual,
                t.is_by_value,
            )
        })
        .collect();
    tensors.sort();
    (p.graph_name.clone(), tensors, p.nodes.len())
}

/// A plan's graph name, its tensors (the graph's and its subgraphs', by
/// uid, sorted) and its count of nodes, as serde_json reads them.
fn serde_view(v: &Value) -> View {
    fn graph(g: &Value, tensors: &mut Vec<TensorView>) -> usize {
        let ints = |v: &Value| -> Vec<i64> {
            v.as_array()
                .expect("ints")
                .iter()
                .map(|i| i.as_i64().expect("int"))
                .collect()
        };
        for t in g["tensors"].as_array().expect("tensors") {
            let uid: i64 = t["name"].as_str().expect("name").parse().expect("uid");
            if tensors.iter().all(|o| o.0 != uid) {
                tensors.push((
                    uid,
                    ints(&t["dim"]),
                    ints(&t["stride"]),
                    t["isVirtual"].as_bool().expect("isVirtual"),
                    t["isByValue"].as_bool().expect("isByValue"),
                ));
            }
        }
        let nodes = g["nodes"].as_array().expect("nodes");
        let mut count = nodes.len();
        for n in nodes {
            if let Some(sub) = n.get("subgraph") {
                count += graph(sub, tensors);
            }
        }
        count
    }
    let g = &v["operationGraph"];
    let mut tensors = Vec::new();
    let nodes = graph(g, &mut tensors);
    tensors.sort();
    let name = g["finalizeMode"].as_str().unwrap_or("plan").to_owned();
    (name, tensors, nodes)
}

fn refused(v: &Value, want: &str) {
    match parse(v) {
        Err(Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(function, FROM_JSON);
            assert!(
                mismatch.to_string().contains(want),
                "{want:?} not in {mismatch}"
            );
        }
        other => panic!("expected a refusal with {want:?}, got {other:?}"),
    }
}

// The operation graphs of 9.28's plans (sm_90), as cuDNN wrote them.
// (76 KB of JSON through serde_json: minutes under Miri, and no unsafe
// code of this crate on the way.)
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn plan_json_tells_inputs_from_outputs() {
    let p = parse(&conv()).expect("plan");
    assert_eq!(p.graph_name, "CONV_FORWARD");
    assert_eq!(written(&p), [3]);
    assert_eq!(p.tensors[0].dims, [1, 3, 8, 8]);
    assert_eq!(p.tensors[0].data_type, sys::cudnnDataType_t::FLOAT);

    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let plans = all.as_object().expect("by name");
    assert!(plans.len() >= 10);
    for (name, plan) in plans {
        let p = parse(plan).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!written(&p).is_empty(), "{name} writes nothing");
    }
    // Training writes the statistics; inference reads them.
    assert_eq!(
        written(&parse(&all["layer_norm"]).expect("plan")),
        [4, 5, 6]
    );
    assert_eq!(
        written(&parse(&all["layer_norm_inference"]).expect("plan")),
        [4]
    );
    // The attention node's score subgraph brings its bias and scalars.
    let masked = parse(&all["sdpa_forward_masked"]).expect("plan");
    for uid in [4, 10, 12, 13] {
        assert!(masked.tensors.iter().any(|t| t.uid == uid), "uid {uid}");
    }
    let w = written(&masked);
    assert!(w.contains(&5) && w.contains(&6), "{w:?}");
    assert!(!w.contains(&1) && !w.contains(&4), "{w:?}");
}

/// A data or filter gradient writes the tensor cuDNN names `dX` or
/// `dW`.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn gradients_write_dx_and_dw() {
    for (op, inputs, output) in [
        ("CONVOLUTION_BACKWARD_DATA", ["dY", "W"], "dX"),
        ("CONVOLUTION_BACKWARD_FILTER", ["X", "dY"], "dW"),
    ] {
        let mut v = conv();
        let node = &mut v["operationGraph"]["nodes"][0];
        let m = node.as_object_mut().expect("node");
        for k in ["X", "W", "Y"] {
            m.remove(k);
        }
        m.insert(
            "operation".into(),
            format!("CUDNN_BACKEND_OPERATION_{op}_DESCRIPTOR").into(),
        );
        m.insert(inputs[0].into(), "1".into());
        m.insert(inputs[1].into(), "2".into());
        m.insert(output.into(), "3".into());
        let p = parse(&v).expect(op);
        assert_eq!(written(&p), [3], "{op}");
        assert_eq!(p.nodes[0].reads, [1, 2], "{op}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn references_of_inputs_and_outputs_must_name_one_tensor() {
    for bad in [
        "a",
        "",
        "99999999999999999999",
        "1a",
        " 1",
        "01",
        "+1",
        "7",
        "CUDNN_X",
    ] {
        for key in ["X", "W", "Y"] {
            let mut v = conv();
            v["operationGraph"]["nodes"][0][key] = bad.into();
            refused(&v, key);
        }
    }
    let mut v = conv();
    v["operationGraph"]["nodes"][0]["W"] = 2.into();
    refused(&v, "is not a uid");
    // Two tensors with one uid: cuDNN keeps the last, serde the first.
    let mut v = conv();
    let mut dup = v["operationGraph"]["tensors"][2].clone();
    dup["dim"] = serde_json::json!([4, 4, 8, 8]);
    v["operationGraph"]["tensors"]
        .as_array_mut()
        .expect("tensors")
        .insert(0, dup);
    refused(&v, "two tensors with uid 3");
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_key_twice_in_one_object_is_refused() {
    let text = conv().to_string();
    // A key twice in one object, at any depth.
    let twice = text.replacen("\"X\":\"1\"", "\"X\":\"1\",\"X\":\"2\"", 1);
    assert_ne!(twice, text);
    assert!(checked(&twice).is_err());
}

/// A device profile with members cuDNN 9.28 does not write is read (the
/// members it does not know unchecked); a key twice there is refused.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_device_profile_of_other_members_is_read_by_parse() {
    let raw = include_str!("../../../tests/data/conv-plan-sm90.json").trim();
    let other = raw.replacen(
        "\"warpSize\":32",
        "\"warpSize\":32,\"newKey\":[1.5,\"x\"]",
        1,
    );
    assert_ne!(other, raw);
    checked(&other).expect("a plan");
    PlanJson::tensors(&other).expect("a plan");
    let twice = raw.replacen("\"warpSize\":32", "\"warpSize\":32,\"warpSize\":32", 1);
    assert_ne!(twice, raw);
    assert!(checked(&twice).is_err());
}

/// cuDNN 9.28 copies a plan's device profile into fixed-size fields (a
/// `deviceName` of 256 bytes aborts it): each member that is a key of a
/// device description is refused outside its bound, at one past it; at the bound it is read.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_device_profile_past_its_bounds_is_refused() {
    let int_max = i64::from(i32::MAX);
    let cases: Vec<(&str, Value, Value, &str)> = vec![
        (
            "deviceName",
            "x".repeat(255).into(),
            "x".repeat(256).into(),
            "has 256 bytes",
        ),
        (
            "deviceName",
            "é".repeat(127).into(),
            "é".repeat(128).into(),
            "has 256 bytes",
        ),
        (
            "deviceName",
            "中".repeat(85).into(),
            "中".repeat(86).into(),
            "has 258 bytes",
        ),
        ("deviceName", "x".into(), "".into(), "`deviceName` is empty"),
        ("deviceName", "x".into(), 7.into(), "not a string"),
        ("multiProcessorCount", 1.into(), 0.into(), "less than 1"),
        (
            "multiProcessorCount",
            int_max.into(),
            (int_max + 1).into(),
            "32-bit int",
        ),
        ("l2CacheSize", 0.into(), (-1).into(), "negative (-1)"),
        ("isTccDriver", 1.into(), 2.into(), "more than 1"),
        (
            "totalGlobalMem",
            i64::MAX.into(),
            u64::MAX.into(),
            "within i64",
        ),
        ("deviceVer", 1500.into(), 1510.into(), "`deviceVer` is 1510"),
        (
            "maxGridSize",
            serde_json::json!([int_max, 0, 0]),
            serde_json::json!([int_max + 1, 0, 0]),
            "`maxGridSize[0]`",
        ),
        (
            "maxBlockSize",
            serde_json::json!([1, 1, 1]),
            serde_json::json!([1, 1]),
            "2 elements, not 3",
        ),
        (
            "maxBlockSize",
            serde_json::json!([1, 1, 1]),
            serde_json::json!([1, 1, 1, 1]),
            "4 elements, not 3",
        ),
        (
            "maxBlockSize",
            serde_json::json!([1, 1, 1]),
            serde_json::json!([1, "1", 1]),
            "`maxBlockSize[1]`",
        ),
    ];
    for (key, fits, past, want) in cases {
        for (value, ok) in [(fits, true), (past, false)] {
            let mut v = conv();
            v["GPUProfile"][key] = value.clone();
            match parse(&v) {
                Ok(_) if ok => {}
                Err(e) if !ok => {
                    let text = e.to_string();
                    assert!(
                        text.contains("the device profile") && text.contains(want),
                        "{key} = {value}: {want:?} not in {text}"
                    );
                }
                other => panic!("{key} = {value}: {other:?}"),
            }
        }
    }
}

/// An edit of the convolution's plan and what the refusal says.
type Case = (&'static str, fn(&mut Value), &'static str);

/// Each edit of `cases` makes the plan refused with its words.
fn each_refused(cases: &[Case]) {
    for (what, edit, want) in cases {
        let mut v = conv();
        edit(&mut v);
        match parse(&v) {
            Err(e) => assert!(e.to_string().contains(want), "{what}: {want:?} not in {e}"),
            Ok(_) => panic!("{what}: accepted"),
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn unknown_node_keys_and_odd_node_values_are_refused() {
    each_refused(&[
        (
            "unknown node key",
            |v| v["operationGraph"]["nodes"][0]["Bias"] = "1".into(),
            "\"Bias\"",
        ),
        (
            "unknown op",
            |v| v["operationGraph"]["nodes"][0]["operation"] = "SOMETHING_NEW".into(),
            "SOMETHING_NEW",
        ),
        (
            "mode text",
            |v| v["operationGraph"]["nodes"][0]["mode"] = "1".into(),
            "mode",
        ),
        (
            "attr text",
            |v| v["operationGraph"]["nodes"][0]["pad"] = serde_json::json!(["1", 1]),
            "pad",
        ),
        (
            "stride 0",
            |v| v["operationGraph"]["nodes"][0]["stride"] = serde_json::json!([0, 1]),
            "stride",
        ),
        (
            "alpha text",
            |v| v["operationGraph"]["nodes"][0]["alpha"] = "1".into(),
            "alpha",
        ),
    ]);
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn unknown_tensor_keys_odd_tensor_values_and_structure_are_refused() {
    each_refused(&[
        (
            "unknown tensor key",
            |v| v["operationGraph"]["tensors"][0]["isRagged"] = true.into(),
            "isRagged",
        ),
        (
            "dim 0",
            |v| v["operationGraph"]["tensors"][0]["dim"][1] = 0.into(),
            "dimension of 0",
        ),
        (
            "stride -1",
            |v| v["operationGraph"]["tensors"][0]["stride"][1] = (-1).into(),
            "stride of -1",
        ),
        (
            "dim float",
            |v| v["operationGraph"]["tensors"][0]["dim"][1] = 1.5.into(),
            "not a plan",
        ),
        (
            "rank",
            |v| v["operationGraph"]["tensors"][0]["dim"] = serde_json::json!([1, 1, 1]),
            "4 strides",
        ),
        (
            "virtual text",
            |v| v["operationGraph"]["tensors"][0]["isVirtual"] = "false".into(),
            "not a plan",
        ),
        (
            "a subgraph on a convolution",
            |v| {
                v["operationGraph"]["nodes"][0]["subgraph"] =
                    serde_json::json!({"tensors": [], "nodes": []})
            },
            "subgraph",
        ),
        (
            "tensors text",
            |v| v["operationGraph"]["tensors"] = "a".into(),
            "not a plan",
        ),
    ]);
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn texts_that_are_not_a_plan_object_are_refused() {
    for bad in [
        "[]",
        "{}",
        r#"{"operationGraph":{"nodes":[]}}"#,
        "not json",
        "{\"operationGraph\":{}} x",
    ] {
        assert!(checked(bad).is_err(), "{bad}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_subgraph_whose_tensors_are_not_an_array_is_refused() {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    for bad in [Value::from("a"), Value::from(1), Value::Null] {
        let mut v = all["sdpa_forward_masked"].clone();
        v["operationGraph"]["nodes"][0]["subgraph"]["tensors"] = bad;
        assert!(parse(&v).is_err());
    }
    let mut v = all["sdpa_forward_masked"].clone();
    v["operationGraph"]["nodes"][0]["subgraphInputUid"] = 99.into();
    refused(&v, "names no tensor");
}

/// A node that names its score subgraph's ends (`subgraphInputUid`,
/// `subgraphOutputUid`) but holds no subgraph is refused, forward or
/// backward, even when the uids name tensors of the graph.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn subgraph_ends_without_a_subgraph_are_refused() {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let mut v = all["sdpa_forward_masked"].clone();
    let node = v["operationGraph"]["nodes"][0]
        .as_object_mut()
        .expect("a node");
    assert!(node.remove("subgraph").is_some());
    node.insert("subgraphInputUid".into(), 1.into());
    node.insert("subgraphOutputUid".into(), 5.into());
    refused(
        &v,
        "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR's subgraphInputUid names the end of \
         a score subgraph, but the node has no subgraph",
    );
    let mut v = all["sdpa_backward"].clone();
    parse(&v).expect("the backward without score modifiers");
    v["operationGraph"]["nodes"][0]["subgraphOutputUid"] = 1.into();
    refused(
        &v,
        "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR's subgraphOutputUid names the end of \
         a score subgraph, but the node has no subgraph",
    );
}

/// A subgraph may list again a tensor of its graph (an attention's
/// sequence lengths, read by a bottom-right mask): described the same, it
/// is the graph's tensor; described otherwise, the plan is refused.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_subgraph_may_list_its_graphs_tensors_again() {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let v = all["sdpa_forward_masked"].clone();
    let count = parse(&v).expect("plan").tensors.len();
    let first = v["operationGraph"]["tensors"][0].clone();
    let mut again = v.clone();
    let sub = &mut again["operationGraph"]["nodes"][0]["subgraph"]["tensors"];
    sub.as_array_mut().expect("tensors").push(first.clone());
    assert_eq!(parse(&again).expect("plan").tensors.len(), count);
    let mut other = first;
    other["dim"] = serde_json::json!([1, 1, 1, 7]);
    other["stride"] = serde_json::json!([7, 7, 7, 1]);
    let mut v = v;
    let sub = &mut v["operationGraph"]["nodes"][0]["subgraph"]["tensors"];
    sub.as_array_mut().expect("tensors").push(other);
    refused(&v, "described otherwise in a subgraph than in its graph");
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn more_operations_than_the_limit_are_refused() {
    let mut v = conv();
    let node = v["operationGraph"]["nodes"][0].clone();
    let nodes = v["operationGraph"]["nodes"].as_array_mut().expect("nodes");
    nodes.resize(MAX_OPERATIONS, node);
    assert!(parse(&v).is_ok());
    let one = v["operationGraph"]["nodes"][0].clone();
    v["operationGraph"]["nodes"]
        .as_array_mut()
        .expect("nodes")
        .push(one);
    refused(&v, "operations");
}

// 9.28's attention plans name their sequence lengths `seqLenQ` and
// `seqLenKV` (forward) and `seqLenQDesc`, `seqLenKVDesc` (backward):
// indices; the dropout seed and offset are not.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn plan_json_marks_device_side_indices_and_alignment() {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let uid = |v: &Value| v.as_str().and_then(uid_of);
    for (name, keys) in [
        ("sdpa_forward_padded_dropout", ["seqLenQ", "seqLenKV"]),
        ("sdpa_backward", ["seqLenQDesc", "seqLenKVDesc"]),
    ] {
        let node = &all[name]["operationGraph"]["nodes"][0];
        let want: Vec<i64> = keys.iter().map(|k| uid(&node[*k]).expect(k)).collect();
        let p = parse(&all[name]).expect(name);
        let got: Vec<i64> = p
            .tensors
            .iter()
            .filter(|t| t.is_index)
            .map(|t| t.uid)
            .collect();
        assert_eq!(got, want, "{name}");
        let aligned = |t: &GraphTensor| t.alignment == super::super::graph_tensor::BYTE_ALIGNMENT;
        assert!(p.tensors.iter().all(aligned), "{name}");
    }
    let name = "sdpa_forward_padded_dropout";
    let node = &all[name]["operationGraph"]["nodes"][0];
    let p = parse(&all[name]).expect(name);
    for key in ["dropoutSeed", "dropoutOffset"] {
        let u = uid(&node[key]).expect(key);
        assert!(p.tensors.iter().any(|t| t.uid == u && !t.is_index), "{key}");
    }
    let json = r#"{"operationGraph":{"tensors":[{"name":"1","dataType":"CUDNN_DATA_HALF",
        "dim":[1],"stride":[1],"isVirtual":false,"isByValue":false,"ptrAlignment":4}],
        "nodes":[]}}"#;
    let p = checked(json).expect("plan");
    assert_eq!(p.tensors[0].alignment, 4);
}

/// The recorded SDPA forward with its statistics moved into a nested
/// softmax, as cuDNN 9.28 writes a forward with a sink or the softmax's
/// maximum and sum-exp; `softmax` replaces that softmax when given.
fn nested_softmax(softmax: Option<Value>) -> Value {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let mut plan = all["sdpa_forward"].clone();
    let node = &mut plan["operationGraph"]["nodes"][0];
    if let Some(m) = node.as_object_mut() {
        m.remove("stats");
    }
    node["softmax"] = softmax.unwrap_or_else(|| {
        serde_json::json!({
            "operation": "CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR",
            "X": "1", "Y": "4", "statsDesc": "5", "sinkDesc": "6"
        })
    });
    plan
}

#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn an_sdpa_forwards_nested_softmax_is_read_as_its_references() {
    let p = parse(&nested_softmax(None)).expect("plan");
    assert_eq!(written(&p), [4, 5]);
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = nested_softmax(None);
        f(&mut v["operationGraph"]["nodes"][0]["softmax"]);
        v
    };
    refused(
        &with(&|s| s["statsLog2"] = Value::Bool(true)),
        "softmax has a key \"statsLog2\"",
    );
    refused(&with(&|s| s["maxDesc"] = "05".into()), "is not a uid");
    refused(&with(&|s| s["X"] = "99".into()), "which no tensor has");
    refused(
        &with(&|s| s["operation"] = "CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR".into()),
        "is not an CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR",
    );
    refused(
        &nested_softmax(Some(serde_json::json!("8"))),
        "softmax \"8\" is not an object",
    );
}

// A tensor read from JSON keeps the JSON's name (cuDNN writes the uid) and
// its reordering, except NONE, which cuDNN writes for every tensor and
// which is the default layout.
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn tensors_keep_the_jsons_name_and_reordering() {
    let p = parse(&conv()).expect("plan");
    for t in &p.tensors {
        assert_eq!(&*t.name, t.uid.to_string());
        assert_eq!(t.reordering, None, "uid {}", t.uid);
    }
    let mut v = conv();
    v["operationGraph"]["tensors"][0]["reordering"] = "CUDNN_TENSOR_REORDERING_F8_128x4".into();
    let uid = v["operationGraph"]["tensors"][0]["name"]
        .as_str()
        .and_then(|n| n.parse::<i64>().ok())
        .expect("uid name");
    let p = parse(&v).expect("plan");
    let t = p.tensors.iter().find(|t| t.uid == uid).expect("tensor");
    assert_eq!(t.reordering, Some(TensorReordering::F8_128x4));
    v["operationGraph"]["tensors"][0]["reordering"] = "CUDNN_TENSOR_REORDERING_BOGUS".into();
    refused(&v, "reordering");
}

/// `parse` reads cuDNN's own plans, as written and in cuDNN's order, as
/// serde_json reads them ([`checked`]).
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn parse_reads_cudnns_plans_as_serde_json_does() {
    for raw in [
        include_str!("../../../tests/data/conv-plan-sm90.json").trim(),
        // cuDNN 9.28's plan of conv + bias + ReLU for `h100-sxm` (the
        // graph of the `graph_frontend` bench, recorded before the builder
        // set a `FLOAT` ReLU's upper clip to `FLT_MAX` as cudnn-frontend
        // does): the ReLU's upper clip is cuDNN's default, `f64::MAX`, as
        // it still is for a ReLU computing in `DOUBLE`.
        include_str!("../../../tests/data/conv-bias-relu-plan-sm90.json").trim(),
    ] {
        checked(raw).expect("plan");
    }
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let mut subgraphs = 0;
    for (name, plan) in all.as_object().expect("by name") {
        let text = in_cudnns_order(plan);
        checked(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        checked(&plan.to_string()).unwrap_or_else(|e| panic!("{name}: {e}"));
        subgraphs += usize::from(text.contains("\"subgraph\""));
    }
    assert!(subgraphs >= 1, "{subgraphs}");
}

/// A plan cut short or changed at any byte: `parse` refuses it, or reads
/// it as serde_json does ([`checked`]).
#[test]
#[cfg_attr(miri, ignore = "slow under Miri; pure JSON parsing")]
fn a_plan_changed_at_any_byte_is_refused_or_read_as_serde_json_reads_it() {
    let all: Value = serde_json::from_str(include_str!(
        "../../../tests/data/norm-attention-plans-sm90.json"
    ))
    .expect("JSON");
    let texts = [
        include_str!("../../../tests/data/conv-plan-sm90.json")
            .trim()
            .to_owned(),
        include_str!("../../../tests/data/conv-bias-relu-plan-sm90.json")
            .trim()
            .to_owned(),
        in_cudnns_order(&all["layer_norm"]),
        in_cudnns_order(&all["sdpa_forward"]),
    ];
    let mut refused = 0;
    for text in &texts {
        assert!(text.is_ascii());
        for at in 0..text.len() {
            let mut cut = text.clone();
            cut.remove(at);
            refused += usize::from(checked(&cut).is_err());
            checked(&text[..at]).expect_err("a plan cut short");
            for b in [
                '"', '1', '-', 'x', '{', ']', ',', ':', '\\', '0', '.', 'e', 'n', 't',
            ] {
                let mut changed = text.clone();
                changed.replace_range(at..=at, b.encode_utf8(&mut [0; 4]));
                refused += usize::from(checked(&changed).is_err());
            }
        }
    }
    assert!(refused > 1000, "{refused}");
}
