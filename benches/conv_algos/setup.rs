//! What the bench runs: the shapes of `scripts/bench/shapes.json`, the
//! precisions, layouts and directions, and the settings read from the
//! environment and the arguments.

use cudnn::{MathType, TensorFormat};
use serde_json::{json, Value};

use crate::harness::{env, pick_shapes, select, RunSettings};

/// The shapes, shared with `scripts/bench/torch_conv.py`.
const SHAPES_JSON: &str = include_str!("../../scripts/bench/shapes.json");

#[derive(Debug, Clone)]
pub(crate) struct Shape {
    pub(crate) index: usize,
    pub(crate) n: usize,
    pub(crate) c: usize,
    pub(crate) h: usize,
    pub(crate) w: usize,
    pub(crate) k: usize,
    pub(crate) r: usize,
    pub(crate) s: usize,
    pub(crate) pad: usize,
    pub(crate) stride: usize,
    pub(crate) source: String,
}

impl Shape {
    pub(crate) fn label(&self) -> String {
        format!(
            "{}x{}x{}x{}-k{}-{}x{}-p{}-s{}",
            self.n, self.c, self.h, self.w, self.k, self.r, self.s, self.pad, self.stride
        )
    }

    pub(crate) fn to_json(&self) -> Value {
        json!({
            "index": self.index, "n": self.n, "c": self.c, "h": self.h, "w": self.w,
            "k": self.k, "r": self.r, "s": self.s, "pad": self.pad, "stride": self.stride,
            "source": self.source, "label": self.label(),
        })
    }
}

fn all_shapes() -> Vec<Shape> {
    let doc: Value = serde_json::from_str(SHAPES_JSON).expect("shapes.json is JSON");
    let field = |v: &Value, k: &str| -> usize {
        v[k].as_u64()
            .unwrap_or_else(|| panic!("shapes.json: {k} of {v} is not a number")) as usize
    };
    doc["shapes"]
        .as_array()
        .expect("shapes.json has a list `shapes`")
        .iter()
        .map(|v| Shape {
            index: field(v, "index"),
            n: field(v, "n"),
            c: field(v, "c"),
            h: field(v, "h"),
            w: field(v, "w"),
            k: field(v, "k"),
            r: field(v, "r"),
            s: field(v, "s"),
            pad: field(v, "pad"),
            stride: field(v, "stride"),
            source: v["source"].as_str().unwrap_or("").to_owned(),
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Precision {
    Fp32,
    Tf32,
    Fp16,
    Bf16,
}

impl Precision {
    pub(crate) const ALL: [Precision; 4] = [
        Precision::Fp32,
        Precision::Tf32,
        Precision::Fp16,
        Precision::Bf16,
    ];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Tf32 => "tf32",
            Precision::Fp16 => "fp16",
            Precision::Bf16 => "bf16",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Layout {
    Nchw,
    Nhwc,
}

impl Layout {
    pub(crate) const ALL: [Layout; 2] = [Layout::Nchw, Layout::Nhwc];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Layout::Nchw => "nchw",
            Layout::Nhwc => "nhwc",
        }
    }
    pub(crate) fn format(self) -> TensorFormat {
        match self {
            Layout::Nchw => TensorFormat::NCHW,
            Layout::Nhwc => TensorFormat::NHWC,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Dir {
    Fwd,
    BwdData,
    BwdFilter,
}

impl Dir {
    pub(crate) const ALL: [Dir; 3] = [Dir::Fwd, Dir::BwdData, Dir::BwdFilter];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Dir::Fwd => "fwd",
            Dir::BwdData => "bwd_data",
            Dir::BwdFilter => "bwd_filter",
        }
    }
    /// cuDNN's name of algorithm `id` (`cudnnConvolution*Algo_t`).
    pub(crate) fn algo_name(self, id: u32) -> String {
        let names: &[&str] = match self {
            Dir::Fwd => &[
                "IMPLICIT_GEMM",
                "IMPLICIT_PRECOMP_GEMM",
                "GEMM",
                "DIRECT",
                "FFT",
                "FFT_TILING",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
            ],
            Dir::BwdData => &[
                "ALGO_0",
                "ALGO_1",
                "FFT",
                "FFT_TILING",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
            ],
            Dir::BwdFilter => &[
                "ALGO_0",
                "ALGO_1",
                "FFT",
                "ALGO_3",
                "WINOGRAD",
                "WINOGRAD_NONFUSED",
                "FFT_TILING",
            ],
        };
        names
            .get(id as usize)
            .map_or_else(|| format!("ALGO_{id}"), |s| (*s).to_owned())
    }
}

/// Which API launches the convolution: the legacy one
/// (`cudnnConvolutionForward` and its algorithms) or the graph API (a
/// one-operation graph, its engines' plans, `cudnnBackendExecute`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Api {
    Legacy,
    Graph,
}

impl Api {
    pub(crate) const ALL: [Api; 2] = [Api::Legacy, Api::Graph];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Api::Legacy => "legacy",
            Api::Graph => "graph",
        }
    }
}

/// Winograd and FFT compute the convolution with fewer multiplications than
/// the direct method, so their FLOP rate is an equivalent, not a count.
pub(crate) fn reduced_arithmetic(algo_name: &str) -> bool {
    algo_name.contains("FFT") || algo_name.contains("WINOGRAD")
}

pub(crate) fn math_name(m: MathType) -> &'static str {
    match m {
        MathType::DEFAULT_MATH => "DEFAULT",
        MathType::TENSOR_OP_MATH => "TENSOR_OP",
        MathType::TENSOR_OP_MATH_ALLOW_CONVERSION => "TENSOR_OP_ALLOW_CONVERSION",
        MathType::FMA_MATH => "FMA",
        _ => "OTHER",
    }
}

/// What to run and how long, from the environment and the arguments.
pub(crate) struct Settings {
    pub(crate) shapes: Vec<Shape>,
    pub(crate) precisions: Vec<Precision>,
    pub(crate) layouts: Vec<Layout>,
    pub(crate) dirs: Vec<Dir>,
    pub(crate) apis: Vec<Api>,
    /// The graph API's `benchmark_limit`: how many plans to build and time.
    pub(crate) graph_limit: usize,
    pub(crate) all_algos: bool,
    /// How long to time and where the results go.
    pub(crate) run: RunSettings,
}

impl Settings {
    pub(crate) fn from_env(args: &[String], bench_mode: bool) -> Result<Settings, String> {
        let all = all_shapes();
        let shapes = match env("CONV_BENCH_SHAPES") {
            Some(text) => {
                pick_shapes("CONV_BENCH_SHAPES", "shapes.json", &text, &all, |s| s.index)?
            }
            // A test run launches on the smallest shape only.
            None if !bench_mode => all.iter().filter(|s| s.index == 14).cloned().collect(),
            None => all,
        };
        let algos = env("CONV_BENCH_ALGOS").unwrap_or_else(|| "all".into());
        let all_algos = match algos.trim().to_ascii_lowercase().as_str() {
            "all" => true,
            "picks" => false,
            other => {
                return Err(format!(
                    "CONV_BENCH_ALGOS: unknown value {other:?} (all or picks)"
                ))
            }
        };
        let graph_limit = match env("CONV_BENCH_GRAPH_LIMIT") {
            Some(v) => v
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| {
                    format!("CONV_BENCH_GRAPH_LIMIT: {v:?} is not a number of plans (1 or more)")
                })?,
            None => 10,
        };
        let run = RunSettings::from_env(args, "CONV_BENCH", "conv_algos.json")?;
        Ok(Settings {
            shapes,
            precisions: select("CONV_BENCH_DTYPES", &Precision::ALL, Precision::name)?,
            layouts: select("CONV_BENCH_LAYOUTS", &Layout::ALL, Layout::name)?,
            dirs: select("CONV_BENCH_DIRS", &Dir::ALL, Dir::name)?,
            apis: select("CONV_BENCH_APIS", &Api::ALL, Api::name)?,
            graph_limit,
            all_algos,
            run,
        })
    }

    pub(crate) fn to_json(&self) -> Value {
        let mut settings = json!({
            "shapes": self.shapes.iter().map(|s| s.index).collect::<Vec<_>>(),
            "dtypes": self.precisions.iter().map(|p| p.name()).collect::<Vec<_>>(),
            "layouts": self.layouts.iter().map(|l| l.name()).collect::<Vec<_>>(),
            "directions": self.dirs.iter().map(|d| d.name()).collect::<Vec<_>>(),
            "paths": self.apis.iter().map(|a| a.name()).collect::<Vec<_>>(),
            "graph_benchmark_limit": self.graph_limit,
            "algos": if self.all_algos { "all" } else { "picks" },
        });
        self.run.add_json(&mut settings);
        settings
    }
}
