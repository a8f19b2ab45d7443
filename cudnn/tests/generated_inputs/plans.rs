//! Plan JSON and plan cache files: real plans of every operation kind
//! (those cuDNN builds here for a described GPU, and the recorded norm and
//! attention graphs on a real plan's engine), cut, flipped, edited (keys,
//! references, duplicate tensors and nodes, subgraphs), read by
//! `ExecutionPlan::from_json` and `PlanCache::load`. Each must give a
//! typed error, or a plan whose tensors are those cuDNN's own JSON of it
//! says; a plan a cache hands out is for the graph asked for.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use cudnn::graph::{
    ConvOptions, DeviceProperties, ExecutionPlan, Graph, GraphTensor, OperationGraph, PlanCache,
    Settings, Target, MAX_OPERATIONS,
};
use cudnn::Library;
use serde_json::Value;

use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "plan-json",
        weight: 3,
        needs_lib: true,
        writes_files: false,
        run: plan_json,
    },
    Area {
        name: "plan-cache",
        weight: 1,
        needs_lib: true,
        writes_files: true,
        run: plan_cache,
    },
];

const FLOAT: cudnn::sys::cudnnDataType_t = cudnn::sys::cudnnDataType_t::FLOAT;

/// Text that cuDNN's reader once ended the process on, and other odd
/// values.
const ODD: &[&str] = &[
    "a",
    "",
    "99999999999999999999",
    "-1",
    "0",
    "1a",
    " 1",
    "01",
    "1.5",
    "CUDNN_X",
    "9223372036854775807",
];

/// The plans the cases start from, and the graphs of those built here.
struct Bases {
    plans: Vec<(String, String)>,
    graphs: Vec<OperationGraph>,
}

thread_local! {
    static BASES: RefCell<Option<Rc<Bases>>> = const { RefCell::new(None) };
}

fn h200() -> DeviceProperties {
    DeviceProperties::preset("h200").expect("the h200 preset")
}

fn host_graphs() -> Vec<Graph> {
    let conv = |name: &str, last: Option<&str>| {
        let mut g = Graph::new(name);
        let x = g.tensor("x", &[1, 8, 8, 8], FLOAT).expect("x");
        let w = g.tensor("w", &[8, 8, 3, 3], FLOAT).expect("w");
        let mut y = g
            .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
            .expect("conv");
        if let Some(act) = last {
            let b = g.tensor("b", &[1, 8, 1, 1], FLOAT).expect("b");
            y = g.bias(y, b).expect("bias");
            y = if act == "relu" {
                g.relu(y).expect("relu")
            } else {
                g.tanh(y).expect("tanh")
            };
        }
        g.set_output(y, FLOAT).expect("y");
        g
    };
    let mut dgrad = Graph::new("dgrad");
    let dy = dgrad.tensor("dy", &[1, 4, 8, 8], FLOAT).expect("dy");
    let w = dgrad.tensor("w", &[4, 3, 3, 3], FLOAT).expect("w");
    let dx = dgrad
        .conv_dgrad(dy, w, &ConvOptions::new(2).padding(&[1, 1]), &[1, 3, 8, 8])
        .expect("dgrad");
    dgrad.set_output(dx, FLOAT).expect("dx");
    let mut wgrad = Graph::new("wgrad");
    let x = wgrad.tensor("x", &[1, 3, 8, 8], FLOAT).expect("x");
    let dy = wgrad.tensor("dy", &[1, 4, 8, 8], FLOAT).expect("dy");
    let dw = wgrad
        .conv_wgrad(x, dy, &ConvOptions::new(2).padding(&[1, 1]), &[4, 3, 3, 3])
        .expect("wgrad");
    wgrad.set_output(dw, FLOAT).expect("dw");
    vec![
        conv("conv", None),
        dgrad,
        wgrad,
        conv("conv_bias_relu", Some("relu")),
        conv("conv_bias_tanh", Some("tanh")),
    ]
}

/// The recorded plans: the sm_90 convolution plan, and each recorded norm
/// and attention graph on its engine and device profile.
fn recorded() -> Vec<(String, String)> {
    let conv: Value =
        serde_json::from_str(include_str!("../data/conv-plan-sm90.json")).expect("JSON");
    let mut out = vec![("recorded conv".to_string(), conv.to_string())];
    let graphs: Value =
        serde_json::from_str(include_str!("../data/norm-attention-plans-sm90.json")).expect("JSON");
    for (name, plan) in graphs.as_object().expect("by name") {
        let mut p = conv.clone();
        p["operationGraph"] = plan["operationGraph"].clone();
        out.push((format!("recorded {name}"), p.to_string()));
    }
    out
}

fn bases(lib: &Arc<Library>) -> Rc<Bases> {
    BASES.with(|b| {
        Rc::clone(b.borrow_mut().get_or_insert_with(|| {
            let mut plans = recorded();
            let mut graphs = Vec::new();
            let device = h200();
            for g in host_graphs() {
                let Ok(graph) = g.build_with(lib, None) else {
                    continue;
                };
                let built = graph.plans(
                    Target::Device {
                        library: lib,
                        device: &device,
                    },
                    &Settings::default(),
                );
                if let Some(json) = built
                    .ok()
                    .and_then(|p| p.first().and_then(|p| p.to_json().ok()))
                {
                    plans.push((graph.name().to_string(), json));
                    graphs.push(graph);
                }
            }
            Rc::new(Bases { plans, graphs })
        }))
    })
}

// ------------------------------------------------------------ mutations

/// The JSON pointers of every object in `v` (under `at`).
fn objects(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                objects(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
            out.push(at);
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                objects(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The JSON pointers of the plan's `key` lists ("tensors" or "nodes"):
/// the graph's and its nodes' subgraphs'.
fn lists(plan: &Value, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let g = "/operationGraph";
    if plan
        .pointer(&format!("{g}/{key}"))
        .is_some_and(Value::is_array)
    {
        out.push(format!("{g}/{key}"));
    }
    if let Some(nodes) = plan
        .pointer(&format!("{g}/nodes"))
        .and_then(Value::as_array)
    {
        for (i, n) in nodes.iter().enumerate() {
            if n.get("subgraph")
                .and_then(|s| s.get(key))
                .is_some_and(Value::is_array)
            {
                out.push(format!("{g}/nodes/{i}/subgraph/{key}"));
            }
        }
    }
    out
}

fn list_mut<'a>(plan: &'a mut Value, at: &str) -> &'a mut Vec<Value> {
    plan.pointer_mut(at)
        .and_then(Value::as_array_mut)
        .expect("a list found by `lists`")
}

fn odd_value(c: &mut Case) -> Value {
    match c.rng.below(8) {
        0 => Value::Null,
        1 => Value::Bool(c.rng.coin()),
        2 => serde_json::json!([]),
        3 => serde_json::json!({}),
        4 => Value::from(c.rng.next_u64() as i64),
        5 => Value::from(c.rng.f64()),
        6 => Value::from(c.rng.text(8)),
        _ => Value::from(c.rng.pick(ODD)),
    }
}

/// One edit of the plan's structure; a description of it.
fn edit(c: &mut Case, plan: &mut Value) -> String {
    match c.rng.below(9) {
        0 | 1 => edit_reference(c, plan),
        2 | 3 => duplicate_tensor(c, plan),
        4 => edit_nodes(c, plan),
        5 => move_tensor(c, plan),
        _ => edit_object(c, plan),
    }
}

/// A key of a node set to another uid, an odd text or any value.
fn edit_reference(c: &mut Case, plan: &mut Value) -> String {
    let all = lists(plan, "nodes");
    if all.is_empty() {
        return "no node list".into();
    }
    let at = all[c.rng.index(all.len())].clone();
    let value = match c.rng.below(3) {
        0 => Value::from(c.rng.range(0, 40).to_string()),
        1 => Value::from(c.rng.pick(ODD)),
        _ => odd_value(c),
    };
    let pick = c.rng.next_u64();
    let list = list_mut(plan, &at);
    if list.is_empty() {
        return "no node".into();
    }
    let n = (pick % list.len() as u64) as usize;
    let Some(node) = list[n].as_object_mut() else {
        return "odd node".into();
    };
    let keys: Vec<String> = node.keys().cloned().collect();
    if keys.is_empty() {
        return "empty node".into();
    }
    let key = keys[(pick >> 32) as usize % keys.len()].clone();
    let d = format!("{at}/{n}.{key} = {value}");
    node.insert(key, value);
    d
}

/// A tensor twice: the same, or with other dims or type, in its list or
/// another.
fn duplicate_tensor(c: &mut Case, plan: &mut Value) -> String {
    let all = lists(plan, "tensors");
    if all.is_empty() {
        return "no tensor list".into();
    }
    let from = all[c.rng.index(all.len())].clone();
    let to = all[c.rng.index(all.len())].clone();
    let src = list_mut(plan, &from);
    if src.is_empty() {
        return "empty list".into();
    }
    let mut t = src[c.rng.index(src.len())].clone();
    match c.rng.below(3) {
        0 => {}
        1 => {
            let d = Value::from(c.rng.range(1, 64));
            if let Some(x) = t.pointer_mut("/dim/0") {
                *x = d;
            }
        }
        _ => {
            if let Some(o) = t.as_object_mut() {
                o.insert("dataType".into(), "CUDNN_DATA_HALF".into());
            }
        }
    }
    let dst = list_mut(plan, &to);
    let at = c.rng.index(dst.len() + 1);
    dst.insert(at, t);
    format!("a tensor of {from} twice, in {to} at {at}")
}

/// Nodes duplicated, dropped, reordered or multiplied past the limit.
fn edit_nodes(c: &mut Case, plan: &mut Value) -> String {
    let all = lists(plan, "nodes");
    if all.is_empty() {
        return "no node list".into();
    }
    let at = all[c.rng.index(all.len())].clone();
    let how = c.rng.below(4);
    let extra = c.rng.range(0, 2);
    let pick = c.rng.next_u64();
    let list = list_mut(plan, &at);
    if list.is_empty() {
        return "no node".into();
    }
    let n = (pick % list.len() as u64) as usize;
    match how {
        0 => {
            let x = list[n].clone();
            list.push(x);
        }
        1 => {
            list.remove(n);
        }
        2 => list.reverse(),
        _ => {
            let x = list[n].clone();
            list.resize(MAX_OPERATIONS + extra, x);
        }
    }
    format!("{at}: edit {how} at node {n}")
}

/// A tensor moved to another list (into a subgraph's, or out of it).
fn move_tensor(c: &mut Case, plan: &mut Value) -> String {
    let all = lists(plan, "tensors");
    if all.is_empty() {
        return "no tensor list".into();
    }
    let from = all[c.rng.index(all.len())].clone();
    let to = all[c.rng.index(all.len())].clone();
    let pick = c.rng.next_u64();
    let src = list_mut(plan, &from);
    if src.is_empty() {
        return "empty list".into();
    }
    let t = src.remove((pick % src.len() as u64) as usize);
    list_mut(plan, &to).push(t);
    format!("a tensor moved from {from} to {to}")
}

/// Any object: a key removed, added (unknown, or a reference key), or set
/// to an odd value.
fn edit_object(c: &mut Case, plan: &mut Value) -> String {
    let mut all = Vec::new();
    objects(plan, String::new(), &mut all);
    let at = all[c.rng.index(all.len())].clone();
    let how = c.rng.below(3);
    let added = c
        .rng
        .pick(&["X", "Y", "subgraph", "tensors", "isRagged", "Bias", "zz"]);
    let value = odd_value(c);
    let pick = c.rng.next_u64();
    let Some(o) = plan.pointer_mut(&at).and_then(Value::as_object_mut) else {
        return "no object".into();
    };
    let keys: Vec<String> = o.keys().cloned().collect();
    if how == 1 || keys.is_empty() {
        let d = format!("{at}/{added} = {value} added");
        o.insert(added.to_string(), value);
        return d;
    }
    let k = keys[(pick % keys.len() as u64) as usize].clone();
    if how == 0 {
        o.remove(&k);
        format!("{at}/{k} removed")
    } else {
        let d = format!("{at}/{k} = {value}");
        o.insert(k, value);
        d
    }
}

/// `text` cut, flipped, or given a key twice.
fn damage_text(c: &mut Case, text: &str) -> (String, String) {
    let mut bytes = text.as_bytes().to_vec();
    let how = match c.rng.below(4) {
        0 => {
            let cut = c.rng.index(bytes.len() + 1);
            bytes.truncate(cut);
            format!("cut at {cut}")
        }
        1 | 2 => {
            let n = c.rng.range(1, 8);
            for _ in 0..n {
                if !bytes.is_empty() {
                    let at = c.rng.index(bytes.len());
                    bytes[at] = if c.rng.coin() {
                        bytes[at] ^ (1 << c.rng.below(7))
                    } else {
                        c.rng.pick(b"0123456789\"{}[],:a-. ")
                    };
                }
            }
            format!("{n} bytes flipped")
        }
        _ => {
            // The same key twice in an object: `{"X":"1", ...` gets
            // another `"X":...` first.
            let s = String::from_utf8_lossy(&bytes).into_owned();
            let at: Vec<usize> = s.match_indices("{\"").map(|(i, _)| i + 1).collect();
            if at.is_empty() {
                return (s, "no object".into());
            }
            let i = at[c.rng.index(at.len())];
            let key_end = s[i + 1..].find('"').map_or(i + 1, |e| i + 2 + e);
            let key = s[i..key_end].to_string();
            let v = c.rng.pick(&["\"1\"", "\"a\"", "7", "null", "[]"]);
            let out = format!("{}{key}:{v},{}", &s[..i], &s[i..]);
            return (out, format!("{key} twice"));
        }
    };
    (String::from_utf8_lossy(&bytes).into_owned(), how)
}

/// A base plan with 1 to 3 damages.
fn damaged(c: &mut Case, bases: &Bases) -> String {
    let (name, json) = &bases.plans[c.rng.index(bases.plans.len())];
    say!(c, "{name}");
    let mut text = json.clone();
    for _ in 0..c.rng.range(1, 3) {
        if c.rng.one_in(3) {
            let (t, how) = damage_text(c, &text);
            say!(c, "; {how}");
            text = t;
        } else if let Ok(mut v) = serde_json::from_str::<Value>(&text) {
            let how = edit(c, &mut v);
            say!(c, "; {how}");
            text = v.to_string();
        }
    }
    text
}

/// A tensor as compared: uid, dims, strides, type, virtual, by value, written.
type Seen = (i64, Vec<i64>, Vec<i64>, u32, bool, bool, bool);

fn sorted(tensors: &[GraphTensor]) -> Vec<Seen> {
    let mut v: Vec<_> = tensors
        .iter()
        .map(|t| {
            (
                t.uid(),
                t.dims().to_vec(),
                t.strides().to_vec(),
                t.data_type().0,
                t.is_virtual(),
                t.is_by_value(),
                t.is_output(),
            )
        })
        .collect();
    v.sort();
    v
}

/// A plan read from damaged JSON: its tensors are those cuDNN's own JSON
/// of it gives.
fn check_plan(c: &mut Case, plan: &ExecutionPlan, target: Target<'_>) {
    let own = c.note(plan.to_json()).expect("a finalized plan's JSON");
    let again = c
        .note(ExecutionPlan::from_json(&own, target))
        .expect("cuDNN's own JSON of a plan it finalized reads back");
    assert_eq!(
        sorted(plan.tensors()),
        sorted(again.tensors()),
        "the plan's tensors differ from its own JSON's"
    );
}

fn plan_json(c: &mut Case) {
    let lib = c.lib();
    let bases = bases(&lib);
    let text = damaged(c, &bases);
    let device = h200();
    let target = Target::Device {
        library: &lib,
        device: &device,
    };
    if let Some(plan) = c.note(ExecutionPlan::from_json(&text, target)) {
        say!(c, "; read");
        check_plan(c, &plan, target);
    }
}

fn plan_cache(c: &mut Case) {
    let lib = c.lib();
    let bases = bases(&lib);
    let device = h200();
    // Entries: the graphs built here under their keys (their plans, or
    // another's), and recorded plans under random keys.
    let mut entries = Vec::new();
    for _ in 0..c.rng.range(1, 4) {
        let (graph, plan) = if !bases.graphs.is_empty() && c.rng.coin() {
            let g = &bases.graphs[c.rng.index(bases.graphs.len())];
            let plan = if c.rng.one_in(3) {
                damaged(c, &bases)
            } else {
                bases.plans[c.rng.index(bases.plans.len())].1.clone()
            };
            (g.key().to_string(), plan)
        } else {
            (c.rng.text(20), damaged(c, &bases))
        };
        entries.push(serde_json::json!({
            "graph": graph,
            "device": device.fingerprint(),
            "cudnn": lib.version().to_string(),
            "plan": plan,
        }));
    }
    let doc = serde_json::json!({
        "format": "cudnn-rs plan cache",
        "version": 1,
        "entries": entries,
    });
    let mut text = doc.to_string();
    if c.rng.one_in(4) {
        let (t, how) = damage_text(c, &text);
        say!(c, "; file {how}");
        text = t;
    }
    let name = format!("plans-{:016x}.json", c.rng.next_u64());
    let path = c.scratch_file(&name);
    std::fs::write(&path, &text).expect("write the scratch file");
    let capacity = c.rng.range(1, 4);
    let r = PlanCache::load(&path, &lib, capacity);
    let _ = std::fs::remove_file(&path);
    let Some((mut cache, _)) = c.note(r) else {
        return;
    };
    assert!(cache.len() <= capacity);
    if bases.graphs.is_empty() || !c.rng.one_in(6) {
        return;
    }
    let g = &bases.graphs[c.rng.index(bases.graphs.len())];
    say!(c, "; get_or_build({})", g.name());
    let r = cache.get_or_build(g, &device, &Settings::default());
    if let Some(plan) = c.note(r) {
        let json = plan.to_json().expect("a cached plan's JSON");
        let target = Target::Device {
            library: g.library(),
            device: &device,
        };
        if let Err(e) = g.plan_from_json(&json, target) {
            panic!("the cache handed out a plan for another graph: {e}");
        }
    }
}
