//! The crate's side of the frontend oracle: every graph of `cases.json`
//! built with `cudnn`'s public API, planned for each described GPU with and
//! without an SM-count target, written as one JSON record a line, in the
//! form `frontend.py` writes NVIDIA's side (see `README.md` here).
//!
//! ```text
//! cudnn-frontend-oracle CASES DEVICES_DIR > crate.jsonl
//! ```

use std::io::Write;
use std::process::ExitCode;

use cudnn::graph::{
    BatchNormOptions, ConvOptions, DType, DeviceProperties, DiagonalAlignment, EngineChoice,
    EngineFilter, ExecutionPlan, Graph, HeuristicMode, MatmulFp8Scales, MoeRouting, NormOptions,
    OperationGraph, RopeOptions, RunningStats, ScalarValue, SdpaBackwardInputs, SdpaDropout,
    SdpaFp8, SdpaOptions, SdpaPagedKv, Target, TensorId,
};
use serde_json::{json, Map, Value};

/// What a case description lacks or gets wrong: the oracle's own error,
/// never a refusal of the crate.
type CaseError = String;

/// A graph described by the crate, and whether it is built as the
/// composite the frontend builds (`build_composite_with`).
struct Described {
    graph: Graph,
    composite: bool,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, cases, devices] = args.as_slice() else {
        eprintln!("usage: cudnn-frontend-oracle CASES DEVICES_DIR");
        return ExitCode::from(2);
    };
    match run(cases, devices) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cudnn-frontend-oracle: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cases: &str, devices: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(cases).map_err(|e| format!("{cases}: {e}"))?;
    let all: Value = serde_json::from_str(&text).map_err(|e| format!("{cases}: {e}"))?;
    let lib = cudnn::library().map_err(|e| e.to_string())?;
    let mut out = std::io::stdout().lock();
    // FRONTEND_ORACLE_CASES: a substring of the names of the cases to run
    // (all when unset).
    let only = std::env::var("FRONTEND_ORACLE_CASES").unwrap_or_default();
    for target in array(&all, "targets")? {
        let device = string(target, "device")?;
        let path = format!("{devices}/{device}.json");
        let json = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let props = DeviceProperties::from_json(&json).map_err(|e| format!("{path}: {e}"))?;
        let sm = u32::try_from(int(target, "sm_count")?).map_err(|e| e.to_string())?;
        for sm_count in [None, Some(sm)] {
            for case in array(&all, "cases")? {
                if skips(case, device) || !case["name"].as_str().is_some_and(|n| n.contains(&only))
                {
                    continue;
                }
                let mut rec = plan_case(&lib, case, &props, sm_count)?;
                rec.insert("case".into(), case["name"].clone());
                rec.insert("device".into(), json!(device));
                rec.insert("sm_count".into(), json!(sm_count));
                writeln!(out, "{}", Value::Object(rec)).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(())
}

fn skips(case: &Value, device: &str) -> bool {
    case.get("skip_devices")
        .and_then(Value::as_array)
        .is_some_and(|d| d.iter().any(|v| v.as_str() == Some(device)))
}

/// One record: built or refused, the heuristics' list, each
/// configuration's workspace, the first plan's JSON and the by-value
/// scalars.
fn plan_case(
    lib: &std::sync::Arc<cudnn::Library>,
    case: &Value,
    props: &DeviceProperties,
    sm_count: Option<u32>,
) -> Result<Map<String, Value>, CaseError> {
    let mut rec = Map::new();
    for key in ["status", "reason", "plan"] {
        rec.insert(key.into(), Value::Null);
    }
    rec.insert("engines".into(), json!([]));
    rec.insert("workspaces".into(), json!([]));
    rec.insert("scalars".into(), json!({}));
    let refused = |mut rec: Map<String, Value>, status: &str, reason: String| {
        rec.insert("status".into(), json!(status));
        rec.insert("reason".into(), json!(reason));
        rec
    };
    let described = match describe(case)? {
        Ok(d) => d,
        Err(e) => return Ok(refused(rec, "refused", format!("build: {e}"))),
    };
    let built = if described.composite {
        described.graph.build_composite_with(lib, None)
    } else {
        described.graph.build()
    };
    let built = match built {
        Ok(b) => b,
        Err(e) => return Ok(refused(rec, "refused", format!("build: {e}"))),
    };
    rec.insert("scalars".into(), scalars(&built));
    let target = Target::Device {
        library: lib,
        device: props,
    };
    let filter = EngineFilter {
        sm_count_target: sm_count,
        ..EngineFilter::default()
    };
    let configs = match built.engine_configs(target, HeuristicMode::A, &filter) {
        Ok(c) => c,
        // cuDNN's heuristics offering none, or a rule of the crate's for
        // the target's GPU.
        Err(e) => {
            let status = match e {
                cudnn::Error::NoEngine { .. } => "no_engine",
                _ => "refused",
            };
            return Ok(refused(rec, status, format!("create_execution_plans: {e}")));
        }
    };
    let mut names = Vec::new();
    let mut workspaces = Vec::new();
    let mut plan = None;
    for config in &configs {
        // The crate's engine tag, which the frontend's plan names are.
        names.push(json!(EngineChoice::of(config).map(|c| c.to_string())));
        match ExecutionPlan::new(config, target) {
            Ok(p) => {
                workspaces.push(json!(p.workspace_size()));
                if plan.is_none() {
                    plan = p.to_json().ok();
                }
            }
            Err(_) => workspaces.push(Value::Null),
        }
    }
    rec.insert("status".into(), json!("planned"));
    rec.insert("engines".into(), Value::Array(names));
    rec.insert("workspaces".into(), Value::Array(workspaces));
    rec.insert("plan".into(), json!(plan));
    Ok(rec)
}

/// uid -> [cuDNN's type name without `CUDNN_DATA_`, value] of each by-value
/// tensor.
fn scalars(built: &OperationGraph) -> Value {
    let mut out = Map::new();
    for t in built.tensors().iter().filter(|t| t.is_by_value()) {
        let v = match t.by_value() {
            Some(ScalarValue::Float(x)) => json!(["FLOAT", number(f64::from(x))]),
            Some(ScalarValue::Double(x)) => json!(["DOUBLE", number(x)]),
            Some(ScalarValue::Half(x)) => json!(["HALF", number(f64::from(x.to_f32()))]),
            Some(ScalarValue::BFloat16(x)) => json!(["BFLOAT16", number(f64::from(x.to_f32()))]),
            Some(ScalarValue::Int32(x)) => json!(["INT32", x]),
            Some(ScalarValue::Int64(x)) => json!(["INT64", x]),
            other => json!([format!("{other:?}"), Value::Null]),
        };
        out.insert(t.uid().to_string(), v);
    }
    Value::Object(out)
}

/// A number, or "NaN", "inf", "-inf" (which JSON has no numbers for).
fn number(x: f64) -> Value {
    if x.is_finite() {
        json!(x)
    } else {
        json!(format!("{x}"))
    }
}

// ------------------------------------------------------------ case fields

fn array<'a>(v: &'a Value, key: &str) -> Result<&'a Vec<Value>, CaseError> {
    v.get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("`{key}` is not an array in {v}"))
}

fn string<'a>(v: &'a Value, key: &str) -> Result<&'a str, CaseError> {
    v.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("`{key}` is not a string in {}", v["name"]))
}

fn int(v: &Value, key: &str) -> Result<i64, CaseError> {
    v.get(key)
        .and_then(Value::as_i64)
        .ok_or_else(|| format!("`{key}` is not an integer in {}", v["name"]))
}

fn opt_int(v: &Value, key: &str) -> Option<i64> {
    v.get(key).and_then(Value::as_i64)
}

/// The case's `layout`, or `default` (as `frontend.py` reads it).
fn layout_or<'a>(v: &'a Value, default: &'a str) -> &'a str {
    v.get("layout").and_then(Value::as_str).unwrap_or(default)
}

fn flag(v: &Value, key: &str) -> bool {
    v.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn dims(v: &Value, key: &str) -> Result<Vec<i64>, CaseError> {
    array(v, key)?
        .iter()
        .map(|d| {
            d.as_i64()
                .ok_or_else(|| format!("`{key}` holds a non-integer"))
        })
        .collect()
}

fn dtype(name: &str) -> Result<DType, CaseError> {
    Ok(match name {
        "float" => DType::FLOAT,
        "half" => DType::HALF,
        "bfloat16" => DType::BFLOAT16,
        "int32" => DType::INT32,
        "int64" => DType::INT64,
        "int8" => DType::INT8,
        "fp8_e4m3" => DType::FP8_E4M3,
        "fp8_e5m2" => DType::FP8_E5M2,
        _ => return Err(format!("unknown dtype {name}")),
    })
}

fn packed(dims: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * dims[i + 1];
    }
    strides
}

/// Strides of `dims` in a layout, as `frontend.py`'s `strides_of`.
fn strides_of(dims: &[i64], layout: Option<&str>) -> Result<Vec<i64>, CaseError> {
    let n = dims.len();
    let order: Vec<usize> = match layout {
        None | Some("packed") => return Ok(packed(dims)),
        Some("channels_last") => std::iter::once(0)
            .chain(2..n)
            .chain(std::iter::once(1))
            .collect(),
        Some("bshd") => vec![0, 2, 1, 3],
        Some("col_major") => (0..n - 2).chain([n - 1, n - 2]).collect(),
        Some(other) => return Err(format!("unknown layout {other}")),
    };
    let storage: Vec<i64> = order.iter().map(|&a| dims[a]).collect();
    let st = packed(&storage);
    let mut out = vec![0; n];
    for (pos, &axis) in order.iter().enumerate() {
        out[axis] = st[pos];
    }
    Ok(out)
}

// ------------------------------------------------------------ the graphs

/// A case's graph in the making: its io type and the crate's builder.
struct Side<'a> {
    case: &'a Value,
    g: &'a mut Graph,
    io: DType,
}

impl Side<'_> {
    fn tensor(
        &mut self,
        name: &str,
        dims: &[i64],
        layout: Option<&str>,
        dt: Option<&str>,
    ) -> Result<cudnn::Result<TensorId>, CaseError> {
        let dt = match dt {
            Some(d) => dtype(d)?,
            None => self.io,
        };
        let strides = strides_of(dims, layout)?;
        Ok(self.g.tensor_with_strides(name, dims, &strides, dt))
    }

    /// Makes each of `stats` that is given a `FLOAT` output (statistics,
    /// maxima).
    fn float_outputs(&mut self, stats: &[Option<TensorId>]) -> cudnn::Result<()> {
        for &t in stats.iter().flatten() {
            self.output(t, Some(DType::FLOAT), None)?;
        }
        Ok(())
    }

    /// Makes `t` an output of `dt` (the io type when `None`), with
    /// `strides` when given; one the node made an output already is left
    /// as it is.
    fn output(
        &mut self,
        t: TensorId,
        dt: Option<DType>,
        strides: Option<&[i64]>,
    ) -> cudnn::Result<()> {
        let dt = dt.unwrap_or(self.io);
        let r = match strides {
            Some(s) => self.g.set_output_with_strides(t, dt, s),
            None => self.g.set_output(t, dt),
        };
        match r {
            Err(e) if e.to_string().contains("made an output already") => Ok(()),
            r => r,
        }
    }
}

/// `Ok(Err(e))`: the crate refused the graph; `Err`: the case is malformed.
fn describe(case: &Value) -> Result<cudnn::Result<Described>, CaseError> {
    let io = dtype(case.get("dtype").and_then(Value::as_str).unwrap_or("float"))?;
    let mut graph = Graph::new(string(case, "name")?);
    graph.set_dynamic_shapes(flag(case, "dynamic"));
    let mut s = Side {
        case,
        g: &mut graph,
        io,
    };
    let kind = string(case, "kind")?;
    let r = match kind {
        "conv" => conv(&mut s)?,
        "matmul" => matmul(&mut s)?,
        "matmul_fp8" => matmul_fp8(&mut s)?,
        "moe" => moe(&mut s)?,
        "norm" => norm(&mut s)?,
        "batch_norm" => batch_norm(&mut s)?,
        "ada_layer_norm" => ada_layer_norm(&mut s)?,
        "sdpa" => sdpa(&mut s)?,
        "rope" => rope(&mut s)?,
        "shape_matmul" => shape_matmul(&mut s)?,
        _ => return Err(format!("unknown kind {kind}")),
    };
    Ok(r.map(|()| Described {
        graph,
        composite: flag(case, "composite"),
    }))
}

/// `?` inside a case: the crate's refusal out as `Ok(Err(e))`.
macro_rules! crate_try {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        }
    };
}

fn epilogue(
    s: &mut Side<'_>,
    mut y: TensorId,
    out: &[i64],
    channel_axis: usize,
    layout: Option<&str>,
) -> Result<cudnn::Result<TensorId>, CaseError> {
    let steps: Vec<String> = match s.case.get("epilogue") {
        Some(v) => serde_json::from_value(v.clone()).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let mut per_channel = vec![1; out.len()];
    per_channel[channel_axis] = out[channel_axis];
    for (i, step) in steps.iter().enumerate() {
        y = match step.as_str() {
            "bias" => {
                let dt = s.case.get("bias_dtype").and_then(Value::as_str);
                let b = crate_try!(s.tensor(&format!("bias{i}"), &per_channel, layout, dt)?);
                crate_try!(s.g.bias(y, b))
            }
            "scale" => {
                let b = crate_try!(s.tensor(&format!("scale{i}"), &per_channel, layout, None)?);
                crate_try!(s.g.scale(y, b))
            }
            "add" => {
                let r = crate_try!(s.tensor(&format!("residual{i}"), out, layout, None)?);
                crate_try!(s.g.add(y, r))
            }
            "relu" => crate_try!(s.g.relu(y)),
            "gelu" => crate_try!(s.g.gelu(y)),
            "silu" => crate_try!(s.g.silu(y)),
            "sigmoid" => crate_try!(s.g.sigmoid(y)),
            "tanh" => crate_try!(s.g.tanh(y)),
            other => return Err(format!("unknown epilogue step {other}")),
        };
    }
    Ok(Ok(y))
}

fn conv_out(x: &[i64], w: &[i64], pad: &[i64], stride: &[i64], dil: &[i64]) -> Vec<i64> {
    let mut out = vec![x[0], w[0]];
    for i in 0..x.len() - 2 {
        out.push((x[i + 2] + 2 * pad[i] - dil[i] * (w[i + 2] - 1) - 1) / stride[i] + 1);
    }
    out
}

fn conv(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let layout = Some(layout_or(c, "channels_last"));
    let (x_dims, w_dims) = (dims(c, "x")?, dims(c, "w")?);
    let (pad, stride, dil) = (dims(c, "pad")?, dims(c, "stride")?, dims(c, "dilation")?);
    let y_dims = conv_out(&x_dims, &w_dims, &pad, &stride, &dil);
    let options = ConvOptions::new(pad.len())
        .padding(&pad)
        .stride(&stride)
        .dilation(&dil);
    let w_dt = c.get("w_dtype").and_then(Value::as_str);
    let x_dt = c.get("x_dtype").and_then(Value::as_str);
    match string(c, "pass")? {
        "fprop" => {
            let x = crate_try!(s.tensor("x", &x_dims, layout, x_dt)?);
            let w = crate_try!(s.tensor("w", &w_dims, layout, w_dt)?);
            let y = crate_try!(s.g.conv_fprop(x, w, &options));
            let y = crate_try!(epilogue(s, y, &y_dims, 1, layout)?);
            Ok(s.output(y, None, None))
        }
        "dgrad" => {
            let dy = crate_try!(s.tensor("dy", &y_dims, layout, None)?);
            let w = crate_try!(s.tensor("w", &w_dims, layout, w_dt)?);
            let dx = crate_try!(s.g.conv_dgrad(dy, w, &options, &x_dims));
            let st = strides_of(&x_dims, layout)?;
            Ok(s.output(dx, None, Some(&st)))
        }
        "wgrad" => {
            let x = crate_try!(s.tensor("x", &x_dims, layout, x_dt)?);
            let dy = crate_try!(s.tensor("dy", &y_dims, layout, None)?);
            let dw = crate_try!(s.g.conv_wgrad(x, dy, &options, &w_dims));
            let st = strides_of(&w_dims, layout)?;
            Ok(s.output(dw, None, Some(&st)))
        }
        other => Err(format!("unknown conv pass {other}")),
    }
}

fn matmul(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let (a_dims, b_dims) = (dims(c, "a")?, dims(c, "b")?);
    let a_layout = c.get("a_layout").and_then(Value::as_str);
    let b_layout = c.get("b_layout").and_then(Value::as_str);
    let a = crate_try!(s.tensor("a", &a_dims, a_layout, None)?);
    let b = crate_try!(s.tensor("b", &b_dims, b_layout, None)?);
    let y = crate_try!(s.g.matmul(a, b));
    let mut out = a_dims[..a_dims.len() - 1].to_vec();
    out.push(b_dims[b_dims.len() - 1]);
    let y = crate_try!(epilogue(s, y, &out, out.len() - 1, None)?);
    Ok(s.output(y, None, None))
}

fn moe(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let offsets = [int(c, "offsets")?, 1, 1];
    if string(c, "mode")? == "backward" {
        let dy = crate_try!(s.tensor("d_output", &dims(c, "d_output")?, None, None)?);
        let token = crate_try!(s.tensor("token", &dims(c, "token")?, None, None)?);
        let fto = crate_try!(s.tensor("first_token_offset", &offsets, None, Some("int32"))?);
        let dw = crate_try!(s.g.moe_grouped_matmul_backward(dy, token, fto));
        return Ok(s.output(dw, None, None));
    }
    let token = crate_try!(s.tensor("token", &dims(c, "token")?, None, None)?);
    let layout = c.get("weight_layout").and_then(Value::as_str);
    let weight = crate_try!(s.tensor("weight", &dims(c, "weight")?, layout, None)?);
    let fto = crate_try!(s.tensor("first_token_offset", &offsets, None, Some("int32"))?);
    let mode = string(c, "mode")?;
    let routing = match mode {
        "none" => MoeRouting::None,
        "gather" | "scatter" => {
            let rows = [1, int(c, "index_rows")?, 1];
            let token_index = crate_try!(s.tensor("token_index", &rows, None, Some("int32"))?);
            if mode == "gather" {
                MoeRouting::Gather { token_index }
            } else {
                let token_ks = crate_try!(s.tensor("token_ks", &rows, None, Some("int32"))?);
                let top_k = u32::try_from(int(c, "top_k")?)
                    .map_err(|_| format!("`top_k` is not a u32 in {}", c["name"]))?;
                MoeRouting::Scatter {
                    token_index,
                    token_ks,
                    top_k,
                }
            }
        }
        other => return Err(format!("unknown moe mode {other}")),
    };
    let y = crate_try!(s.g.moe_grouped_matmul(token, weight, fto, routing));
    Ok(s.output(y, None, None))
}

fn norm(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let x_dims = dims(c, "x")?;
    let layout = Some(layout_or(c, "channels_last"));
    let kind = string(c, "norm")?;
    let per_item = matches!(kind, "layer" | "rms");
    let mut feat = vec![1; x_dims.len()];
    let mut stat = vec![1; x_dims.len()];
    if per_item {
        feat[1..].copy_from_slice(&x_dims[1..]);
        stat[0] = x_dims[0];
    } else {
        feat[1] = x_dims[1];
        stat[..2].copy_from_slice(&x_dims[..2]);
    }
    let f = Some("float");
    let epsilon = c.get("epsilon").and_then(Value::as_f64).unwrap_or(1e-5) as f32;
    let x = crate_try!(s.tensor("x", &x_dims, layout, None)?);
    let scale = crate_try!(s.tensor("scale", &feat, layout, f)?);
    let phase = string(c, "phase")?;
    let bias = if kind == "rms" || phase == "backward" {
        None
    } else {
        Some(crate_try!(s.tensor("bias", &feat, layout, f)?))
    };
    if phase == "backward" {
        let dy = crate_try!(s.tensor("dy", &x_dims, layout, None)?);
        let inv = crate_try!(s.tensor("inv_variance", &stat, layout, f)?);
        let grads = match kind {
            "layer" => {
                let mean = crate_try!(s.tensor("mean", &stat, layout, f)?);
                crate_try!(s.g.layer_norm_backward(dy, x, scale, mean, inv))
            }
            "rms" => crate_try!(s.g.rms_norm_backward(dy, x, scale, inv, false)),
            other => return Err(format!("no backward case for norm {other}")),
        };
        crate_try!(s.output(grads.dx, None, None));
        crate_try!(s.output(grads.dscale, Some(DType::FLOAT), None));
        if let Some(db) = grads.dbias {
            crate_try!(s.output(db, Some(DType::FLOAT), None));
        }
        return Ok(Ok(()));
    }
    let options = match phase {
        "training" => NormOptions::training(epsilon),
        "inference" => NormOptions::inference(epsilon),
        other => return Err(format!("unknown norm phase {other}")),
    };
    let outs = match (kind, bias) {
        ("layer", Some(b)) => crate_try!(s.g.layer_norm(x, scale, b, &options)),
        ("rms", b) => crate_try!(s.g.rms_norm(x, scale, b, &options)),
        ("instance", Some(b)) => crate_try!(s.g.instance_norm(x, scale, b, &options)),
        (other, _) => return Err(format!("unknown norm {other}")),
    };
    crate_try!(s.output(outs.y, None, None));
    Ok(s.float_outputs(&[outs.mean, outs.inv_variance]))
}

fn sdpa(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let (b, hq, sq, skv, d) = (
        int(c, "b")?,
        int(c, "h_q")?,
        int(c, "s_q")?,
        int(c, "s_kv")?,
        int(c, "d")?,
    );
    let hk = opt_int(c, "h_k").unwrap_or(hq);
    let dv = opt_int(c, "d_v").unwrap_or(d);
    let layout = Some(layout_or(c, "bshd"));
    let q = crate_try!(s.tensor("q", &[b, hq, sq, d], layout, None)?);
    let mut paged = None;
    let (k, v) = if let Some(p) = c.get("paged") {
        // K and V are containers of pages [blocks, H_kv, block, D], read
        // through per-sequence page tables [B, 1, blocks per sequence, 1].
        let (blocks, block, per_seq) = (int(p, "blocks")?, int(p, "block")?, int(p, "per_seq")?);
        let k = crate_try!(s.tensor("k", &[blocks, hk, block, d], layout, None)?);
        let v = crate_try!(s.tensor("v", &[blocks, hk, block, dv], layout, None)?);
        let table = [b, 1, per_seq, 1];
        paged = Some(SdpaPagedKv {
            page_table_k: crate_try!(s.tensor("page_table_k", &table, None, Some("int32"))?),
            page_table_v: crate_try!(s.tensor("page_table_v", &table, None, Some("int32"))?),
        });
        (k, v)
    } else {
        let k = crate_try!(s.tensor("k", &[b, hk, skv, d], layout, None)?);
        let v = crate_try!(s.tensor("v", &[b, hk, skv, dv], layout, None)?);
        (k, v)
    };
    let mut o = SdpaOptions {
        scale: c.get("scale").and_then(Value::as_f64).map(|x| x as f32),
        causal: flag(c, "causal"),
        sliding_window: opt_int(c, "window"),
        right_bound: opt_int(c, "right_bound"),
        stats: flag(c, "stats"),
        max_sum_exp: flag(c, "max_sum_exp"),
        paged,
        ..SdpaOptions::default()
    };
    if c.get("alignment").and_then(Value::as_str) == Some("bottom_right") {
        o.alignment = DiagonalAlignment::BOTTOM_RIGHT;
    }
    if flag(c, "bias") {
        o.bias = Some(crate_try!(s.tensor(
            "bias",
            &[1, hq, sq, skv],
            None,
            None
        )?));
    }
    if flag(c, "padding") {
        o.seq_len_q = Some(crate_try!(s.tensor(
            "seq_len_q",
            &[b, 1, 1, 1],
            None,
            Some("int32")
        )?));
        o.seq_len_kv = Some(crate_try!(s.tensor(
            "seq_len_kv",
            &[b, 1, 1, 1],
            None,
            Some("int32")
        )?));
    }
    if let Some(p) = c.get("dropout").and_then(Value::as_f64) {
        let seed = crate_try!(s.tensor("seed", &[1, 1, 1, 1], None, Some("int64"))?);
        let offset = crate_try!(s.tensor("offset", &[1, 1, 1, 1], None, Some("int64"))?);
        o.dropout = Some(SdpaDropout {
            probability: p as f32,
            seed,
            offset,
        });
    }
    if flag(c, "ragged") {
        // Ragged (THD) batches: cumulative sequence offsets [B + 1, 1, 1, 1].
        let offsets = [b + 1, 1, 1, 1];
        o.cu_seq_len_q = Some(crate_try!(s.tensor(
            "cu_seq_len_q",
            &offsets,
            None,
            Some("int32")
        )?));
        o.cu_seq_len_kv = Some(crate_try!(s.tensor(
            "cu_seq_len_kv",
            &offsets,
            None,
            Some("int32")
        )?));
    }
    if flag(c, "sink") {
        o.sink = Some(crate_try!(s.tensor(
            "sink",
            &[1, hq, 1, 1],
            None,
            Some("float")
        )?));
    }
    if flag(c, "block_mask") {
        // One bit per 128 x 128 tile of scores, eight key tiles to a byte.
        let tiles = |n: i64| (n + 127) / 128;
        let dims = [b, hq, tiles(sq), (tiles(skv) + 7) / 8];
        o.block_mask = Some(crate_try!(s.tensor(
            "block_mask",
            &dims,
            None,
            Some("int8")
        )?));
    }
    let o_dims = [b, hq, sq, dv];
    let o_strides = strides_of(&o_dims, layout)?;
    let mut o_type = None;
    if let Some(f) = c.get("fp8") {
        // Per-tensor FP8: six factors [1, 1, 1, 1] FLOAT; O of the case's
        // output type; the absolute maxima of S and O written.
        let mut factor = |n: &str| s.tensor(n, &[1, 1, 1, 1], None, Some("float"));
        o.fp8 = Some(SdpaFp8 {
            descale_q: crate_try!(factor("descale_q")?),
            descale_k: crate_try!(factor("descale_k")?),
            descale_v: crate_try!(factor("descale_v")?),
            descale_s: crate_try!(factor("descale_s")?),
            scale_s: crate_try!(factor("scale_s")?),
            scale_o: crate_try!(factor("scale_o")?),
            amax_s: true,
        });
        o_type = Some(dtype(string(f, "out")?)?);
    }
    if string(c, "pass")? == "fwd" {
        let out = crate_try!(s.g.sdpa_forward(q, k, v, &o));
        crate_try!(s.output(out.o, o_type, Some(&o_strides)));
        let stats = [out.stats, out.max, out.sum_exp, out.amax_s, out.amax_o];
        crate_try!(s.float_outputs(&stats));
        return Ok(Ok(()));
    }
    let inputs = SdpaBackwardInputs {
        q,
        k,
        v,
        o: crate_try!(s.tensor("o", &o_dims, layout, None)?),
        d_o: crate_try!(s.tensor("do", &o_dims, layout, None)?),
        stats: crate_try!(s.tensor("stats", &[b, hq, sq, 1], None, Some("float"))?),
    };
    let grads = crate_try!(s.g.sdpa_backward(&inputs, &o));
    let dq = strides_of(&[b, hq, sq, d], layout)?;
    let dk = strides_of(&[b, hk, skv, d], layout)?;
    let dvs = strides_of(&[b, hk, skv, dv], layout)?;
    crate_try!(s.output(grads.dq, None, Some(&dq)));
    crate_try!(s.output(grads.dk, None, Some(&dk)));
    crate_try!(s.output(grads.dv, None, Some(&dvs)));
    Ok(Ok(()))
}

fn batch_norm(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let x_dims = dims(c, "x")?;
    let layout = Some(layout_or(c, "channels_last"));
    let mut per_channel = vec![1; x_dims.len()];
    per_channel[1] = x_dims[1];
    let f = Some("float");
    let x = crate_try!(s.tensor("x", &x_dims, layout, None)?);
    let scale = crate_try!(s.tensor("scale", &per_channel, layout, f)?);
    let bias = crate_try!(s.tensor("bias", &per_channel, layout, f)?);
    if string(c, "phase")? == "inference" {
        let mean = crate_try!(s.tensor("mean", &per_channel, layout, f)?);
        let inv = crate_try!(s.tensor("inv_variance", &per_channel, layout, f)?);
        let y = crate_try!(s.g.batch_norm_inference(x, mean, inv, scale, bias));
        return Ok(s.output(y, None, None));
    }
    let running = RunningStats {
        mean: crate_try!(s.tensor("running_mean", &per_channel, layout, f)?),
        var: crate_try!(s.tensor("running_var", &per_channel, layout, f)?),
    };
    let options = BatchNormOptions {
        epsilon: c.get("epsilon").and_then(Value::as_f64).unwrap_or(1e-5) as f32,
        momentum: c.get("momentum").and_then(Value::as_f64).unwrap_or(0.1) as f32,
    };
    let outs = crate_try!(s.g.batch_norm(x, scale, bias, Some(running), &options));
    crate_try!(s.output(outs.y, None, None));
    let stats = [
        Some(outs.mean),
        Some(outs.inv_variance),
        outs.running_mean,
        outs.running_var,
    ];
    Ok(s.float_outputs(&stats))
}

fn ada_layer_norm(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let x_dims = dims(c, "x")?;
    let mut feat = x_dims.clone();
    feat[1] = 1;
    let epsilon = c.get("epsilon").and_then(Value::as_f64).unwrap_or(1e-5) as f32;
    let x = crate_try!(s.tensor("x", &x_dims, None, None)?);
    let scale = crate_try!(s.tensor("scale", &feat, None, None)?);
    let bias = crate_try!(s.tensor("bias", &feat, None, None)?);
    let options = match string(c, "phase")? {
        "training" => NormOptions::training(epsilon),
        _ => NormOptions::inference(epsilon),
    };
    let outs = crate_try!(s.g.ada_layer_norm(x, scale, bias, &options));
    crate_try!(s.output(outs.y, None, None));
    Ok(s.float_outputs(&[outs.mean, outs.inv_variance]))
}

fn rope(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let x_dims = dims(c, "x")?;
    let layout = Some(layout_or(c, "bshd"));
    let x = crate_try!(s.tensor("x", &x_dims, layout, None)?);
    let freqs =
        crate_try!(s.tensor("freqs", &[x_dims[2], 1, 1, x_dims[3]], None, Some("float"))?);
    let options = RopeOptions {
        rope_dim: opt_int(c, "rope_dim"),
        output_scale: c
            .get("output_scale")
            .and_then(Value::as_f64)
            .map(|x| x as f32),
    };
    let y = crate_try!(s.g.rope_forward(x, freqs, &options));
    let st = strides_of(&x_dims, layout)?;
    Ok(s.output(y, None, Some(&st)))
}

fn shape_matmul(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let a = crate_try!(s.tensor("a", &dims(c, "a")?, None, None)?);
    let a = match string(c, "op")? {
        "slice" => {
            let ranges: Vec<std::ops::Range<i64>> = array(c, "ranges")?
                .iter()
                .map(|r| {
                    let lo = r[0].as_i64().ok_or("a range's start is not an integer")?;
                    let hi = r[1].as_i64().ok_or("a range's end is not an integer")?;
                    Ok(lo..hi)
                })
                .collect::<Result<_, &str>>()?;
            crate_try!(s.g.slice(a, &ranges, &[]))
        }
        "reshape" => crate_try!(s.g.reshape(a, &dims(c, "shape")?)),
        "transpose" => {
            let perm: Vec<usize> = dims(c, "permutation")?
                .iter()
                .map(|&p| usize::try_from(p).map_err(|e| e.to_string()))
                .collect::<Result<_, _>>()?;
            crate_try!(s.g.transpose(a, &perm))
        }
        other => return Err(format!("unknown shape op {other}")),
    };
    let b = crate_try!(s.tensor("b", &dims(c, "b")?, None, None)?);
    let y = crate_try!(s.g.matmul(a, b));
    Ok(s.output(y, None, None))
}

fn matmul_fp8(s: &mut Side<'_>) -> Result<cudnn::Result<()>, CaseError> {
    let c = s.case;
    let (a_dims, b_dims) = (dims(c, "a")?, dims(c, "b")?);
    let a = crate_try!(s.tensor("a", &a_dims, None, None)?);
    let b = crate_try!(s.tensor("b", &b_dims, None, None)?);
    let ones = vec![1; a_dims.len()];
    let f = Some("float");
    let scales = MatmulFp8Scales {
        descale_a: crate_try!(s.tensor("descale_a", &ones, None, f)?),
        descale_b: crate_try!(s.tensor("descale_b", &ones, None, f)?),
        scale_c: crate_try!(s.tensor("scale_c", &ones, None, f)?),
    };
    let mut out = a_dims[..a_dims.len() - 1].to_vec();
    out.push(b_dims[b_dims.len() - 1]);
    // A malformed epilogue step is the case's error, not the crate's.
    let mut failure = None;
    let outs = crate_try!(s.g.matmul_fp8_with(a, b, &scales, |g, unscaled| {
        let mut inner = Side {
            case: c,
            g,
            io: DType::FLOAT,
        };
        match epilogue(&mut inner, unscaled, &out, out.len() - 1, None) {
            Ok(r) => r,
            Err(e) => {
                failure = Some(e);
                Ok(unscaled)
            }
        }
    }));
    if let Some(e) = failure {
        return Err(e);
    }
    crate_try!(s.output(outs.c, Some(dtype(string(c, "out")?)?), None));
    Ok(Ok(()))
}
