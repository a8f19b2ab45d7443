//! What the SDPA bench runs: the shapes of `scripts/bench/sdpa_shapes.json`,
//! the masks and directions, the FLOP counts, and the settings read from
//! the environment and the arguments.

use cudnn::nn::AttentionShape;
use serde_json::{json, Value};

use crate::harness::{env, pick_shapes, select, RunSettings};

/// The shapes, shared with `scripts/bench/torch_sdpa.py`.
const SHAPES_JSON: &str = include_str!("../../scripts/bench/sdpa_shapes.json");

/// The FLOP convention of FlashAttention's and PyTorch's attention
/// benchmarks, written into the results.
pub(crate) const FLOP_CONVENTION: &str = "forward 4*B*H*S_q*S_kv*D (two matmuls of 2*S_q*S_kv*D \
     each per head), halved when causal; backward 2.5x the forward; forward+backward 3.5x";

/// One attention shape: `[batch, heads, seq, head_dim]` for `q` and `o`,
/// `[batch, kv_heads, seq, head_dim]` for `k` and `v` (grouped-query
/// attention when `kv_heads < heads`).
#[derive(Debug, Clone)]
pub(crate) struct SdpaShape {
    pub(crate) index: usize,
    pub(crate) batch: usize,
    pub(crate) heads: usize,
    /// The key/value heads: the file's `kv_heads`, else `heads`.
    pub(crate) kv_heads: usize,
    pub(crate) seq: usize,
    pub(crate) head_dim: usize,
    pub(crate) source: String,
}

impl SdpaShape {
    /// `BxHxSxD`, or `BxH/HkvxSxD` with grouped-query heads.
    pub(crate) fn label(&self) -> String {
        let heads = match self.kv_heads == self.heads {
            true => self.heads.to_string(),
            false => format!("{}/{}", self.heads, self.kv_heads),
        };
        format!("{}x{heads}x{}x{}", self.batch, self.seq, self.head_dim)
    }

    /// The layer's shape: self-attention, `kv_heads` key/value heads.
    pub(crate) fn attention(&self) -> AttentionShape {
        AttentionShape {
            batch: self.batch,
            heads: self.heads,
            kv_heads: self.kv_heads,
            seq_q: self.seq,
            seq_kv: self.seq,
            head_dim: self.head_dim,
        }
    }

    /// The forward's FLOPs: `4 * B * H * S_q * S_kv * D` (`H` the query
    /// heads, whatever the key/value heads), halved when causal.
    pub(crate) fn forward_flops(&self, causal: bool) -> f64 {
        let full = 4.0
            * self.batch as f64
            * self.heads as f64
            * self.seq as f64
            * self.seq as f64
            * self.head_dim as f64;
        if causal {
            full / 2.0
        } else {
            full
        }
    }

    pub(crate) fn to_json(&self) -> Value {
        json!({
            "index": self.index, "batch": self.batch, "heads": self.heads,
            "kv_heads": self.kv_heads, "seq": self.seq,
            "head_dim": self.head_dim, "source": self.source, "label": self.label(),
        })
    }
}

/// The shapes of `sdpa_shapes.json` and the indices of its default
/// selection (`default`), or why they cannot be read.
fn all_shapes() -> Result<(Vec<SdpaShape>, Vec<usize>), String> {
    let doc: Value =
        serde_json::from_str(SHAPES_JSON).map_err(|e| format!("sdpa_shapes.json: {e}"))?;
    let list = doc["shapes"]
        .as_array()
        .ok_or("sdpa_shapes.json has no list `shapes`")?;
    let default: Vec<usize> = doc["default"]
        .as_array()
        .ok_or("sdpa_shapes.json has no list `default`")?
        .iter()
        .map(|v| v.as_u64().map(|n| n as usize))
        .collect::<Option<_>>()
        .ok_or("sdpa_shapes.json: `default` holds something other than indices")?;
    let shapes = list
        .iter()
        .map(|v| {
            let field = |k: &str| {
                v[k].as_u64()
                    .filter(|n| *n > 0)
                    .map(|n| n as usize)
                    .ok_or_else(|| format!("sdpa_shapes.json: {k} of {v} is not a positive number"))
            };
            let heads = field("heads")?;
            Ok(SdpaShape {
                index: field("index")?,
                batch: field("batch")?,
                heads,
                kv_heads: match v.get("kv_heads") {
                    Some(_) => field("kv_heads")?,
                    None => heads,
                },
                seq: field("seq")?,
                head_dim: field("head_dim")?,
                source: v["source"].as_str().unwrap_or("").to_owned(),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((shapes, default))
}

/// The element type of `q`, `k`, `v` and `o`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum SdpaType {
    Bf16,
    Fp16,
    /// E4M3 in and out, through `AttentionFp8Inference` (forward only).
    Fp8,
}

impl SdpaType {
    pub(crate) const ALL: [SdpaType; 3] = [SdpaType::Bf16, SdpaType::Fp16, SdpaType::Fp8];
    /// Without `SDPA_BENCH_DTYPES`: the half types.
    const DEFAULT: [SdpaType; 2] = [SdpaType::Bf16, SdpaType::Fp16];
    pub(crate) fn name(self) -> &'static str {
        match self {
            SdpaType::Bf16 => "bf16",
            SdpaType::Fp16 => "fp16",
            SdpaType::Fp8 => "fp8",
        }
    }
}

/// The mask of the scores.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Mask {
    None,
    Causal,
}

impl Mask {
    pub(crate) const ALL: [Mask; 2] = [Mask::None, Mask::Causal];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mask::None => "none",
            Mask::Causal => "causal",
        }
    }
    pub(crate) fn causal(self) -> bool {
        self == Mask::Causal
    }
}

/// What one timed launch runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Pass {
    /// The forward, writing the output and the softmax statistics.
    Fwd,
    /// The backward alone, from a forward's output and statistics.
    Bwd,
    /// A forward then a backward.
    FwdBwd,
}

impl Pass {
    pub(crate) const ALL: [Pass; 3] = [Pass::Fwd, Pass::Bwd, Pass::FwdBwd];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Pass::Fwd => "fwd",
            Pass::Bwd => "bwd",
            Pass::FwdBwd => "fwd_bwd",
        }
    }
    /// FLOPs of this pass as a multiple of the forward's.
    pub(crate) fn flop_factor(self) -> f64 {
        match self {
            Pass::Fwd => 1.0,
            Pass::Bwd => 2.5,
            Pass::FwdBwd => 3.5,
        }
    }
}

/// What to run and how long, from the environment and the arguments.
pub(crate) struct Settings {
    pub(crate) shapes: Vec<SdpaShape>,
    pub(crate) precisions: Vec<SdpaType>,
    pub(crate) masks: Vec<Mask>,
    pub(crate) passes: Vec<Pass>,
    /// Plans chosen by timing the candidates (`Settings::benchmark`), not
    /// the heuristic's first.
    pub(crate) autotune: bool,
    /// How long to time and where the results go.
    pub(crate) run: RunSettings,
}

impl Settings {
    pub(crate) fn from_env(args: &[String], bench_mode: bool) -> Result<Settings, String> {
        let (all, default) = all_shapes()?;
        let shapes = match env("SDPA_BENCH_SHAPES") {
            Some(text) => pick_shapes("SDPA_BENCH_SHAPES", "sdpa_shapes.json", &text, &all, |s| {
                s.index
            })?,
            // A test run launches on the first (smallest) shape only.
            None if !bench_mode => all.into_iter().take(1).collect(),
            None => all
                .into_iter()
                .filter(|s| default.contains(&s.index))
                .collect(),
        };
        let precisions = match env("SDPA_BENCH_DTYPES") {
            Some(_) => select("SDPA_BENCH_DTYPES", &SdpaType::ALL, SdpaType::name)?,
            None => SdpaType::DEFAULT.to_vec(),
        };
        let run = RunSettings::from_env(args, "SDPA_BENCH", "sdpa.json")?;
        Ok(Settings {
            shapes,
            precisions,
            masks: select("SDPA_BENCH_MASKS", &Mask::ALL, Mask::name)?,
            passes: select("SDPA_BENCH_DIRS", &Pass::ALL, Pass::name)?,
            autotune: env("SDPA_BENCH_AUTOTUNE").is_some_and(|v| v != "0"),
            run,
        })
    }

    pub(crate) fn to_json(&self) -> Value {
        let mut settings = json!({
            "shapes": self.shapes.iter().map(|s| s.index).collect::<Vec<_>>(),
            "dtypes": self.precisions.iter().map(|p| p.name()).collect::<Vec<_>>(),
            "masks": self.masks.iter().map(|m| m.name()).collect::<Vec<_>>(),
            "directions": self.passes.iter().map(|p| p.name()).collect::<Vec<_>>(),
            "plan_search": if self.autotune { "autotune" } else { "heuristic" },
        });
        self.run.add_json(&mut settings);
        settings["flop_convention"] = json!(FLOP_CONVENTION);
        settings
    }
}
