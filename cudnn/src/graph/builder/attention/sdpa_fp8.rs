//! FP8 attention forward (`SDPA_FWD_DESCALE_QDESC` .. `AMAX_ODESC`,
//! cuDNN 9.25): `q`, `k`, `v` of `FP8_E4M3` or `FP8_E5M2`, and either
//! per-tensor factors ([`SdpaFp8`]: descale factors of `q`, `k`, `v` and
//! of the softmax's output `S`, scale factors of `S` and of `O`, all
//! `[1, 1, 1, 1]` `FLOAT` inputs; the absolute maxima of `O`, always, and
//! of `S`, when asked for) or block factors ([`SdpaMxfp8`], MXFP8: `E8M0`
//! descales of `q`, `k`, `v` in cuDNN's 128 x 4 tiles; the maximum of `O`
//! only). The maxima are `[1, 1, 1, 1]` `FLOAT` outputs the node makes.

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use DType as Dt;

use super::super::node::BackendOp;
use super::super::TensorDef;
use super::{Dims, SdpaOptions};
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::builder::{node_error, Graph, NodeLabel, TensorId, TensorReordering};

/// The types of FP8 attention's `q`, `k`, `v`.
pub(super) const FP8S: &[Dt] = &[Dt::FP8_E4M3, Dt::FP8_E5M2];

/// The scaling of an FP8 attention forward ([`SdpaOptions::fp8`],
/// cuDNN 9.25): with it, [`Graph::sdpa_forward`] takes `q`, `k`, `v` of
/// `FP8_E4M3` or `FP8_E5M2` (all one type) and writes the absolute
/// maximum of its output ([`SdpaOutputs::amax_o`]), and of the softmax's
/// output `S` with [`amax_s`](Self::amax_s).
///
/// Every tensor here is `[1, 1, 1, 1]`, `FLOAT`, a per-tensor factor in
/// device memory: cuDNN multiplies `Q K^T` by the descales of `q` and `k`,
/// quantizes `S` with `scale_s` before it multiplies by `V` and dequantizes
/// with `descale_s` and the descale of `v`, and quantizes `O` with
/// `scale_o`. Forward only; the block-scaled form is [`SdpaMxfp8`].
///
/// Such a graph builds, gets engine configurations and plans (cuDNN 9.28
/// offers them for a described H100), and its plans round-trip through
/// JSON; its FP8 tensors bind [`F8E4M3`](crate::F8E4M3) or
/// [`F8E5M2`](crate::F8E5M2) buffers in a
/// [`VariantPack`](crate::graph::VariantPack). None has run on a GPU.
///
/// [`SdpaOptions::fp8`]: super::SdpaOptions::fp8
/// [`SdpaOutputs::amax_o`]: super::SdpaOutputs::amax_o
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaFp8 {
    /// The descale factor of `q` (`DESCALE_QDESC`).
    pub descale_q: TensorId,
    /// The descale factor of `k` (`DESCALE_KDESC`).
    pub descale_k: TensorId,
    /// The descale factor of `v` (`DESCALE_VDESC`).
    pub descale_v: TensorId,
    /// The descale factor of the softmax's output `S` (`DESCALE_SDESC`).
    pub descale_s: TensorId,
    /// The scale factor of `S` (`SCALE_SDESC`).
    pub scale_s: TensorId,
    /// The scale factor of the output `O` (`SCALE_ODESC`).
    pub scale_o: TensorId,
    /// Also write the absolute maximum of `S` (`AMAX_SDESC`,
    /// [`SdpaOutputs::amax_s`](super::SdpaOutputs::amax_s)).
    pub amax_s: bool,
}

static_assertions::assert_impl_all!(SdpaFp8: Send, Sync, Copy);

/// The block scaling of an MXFP8 attention forward
/// ([`SdpaOptions::mxfp8`], cuDNN 9.25, Blackwell's engines): with it,
/// [`Graph::sdpa_forward`] takes `q`, `k`, `v` of `FP8_E4M3` or
/// `FP8_E5M2` (all one type), dequantized by one `FP8_E8M0` factor per
/// block of 32 elements, and writes the absolute maximum of its output
/// ([`SdpaOutputs::amax_o`]). cuDNN selects this form by `descale_q`'s
/// type; `S` and `O` have no factors (`O` is written in the type
/// [`Graph::set_output`] gives it).
///
/// Each factor tensor is rank 4, `FP8_E8M0`, reordered into cuDNN's
/// 128 x 4 tiles ([`Graph::set_reordering`] with `F8_128x4`), with its
/// tensor's batch and heads; its padded dims at least the blocks they
/// cover:
///
/// | factor | dims | blocks of 32 along |
/// | --- | --- | --- |
/// | `descale_q` | `[B, H_q, >= S_q, >= ceil(D / 32)]`, last stride 1 | `q`'s head dim |
/// | `descale_k` | `[B, H_k, >= S_kv, >= ceil(D / 32)]`, last stride 1 | `k`'s head dim |
/// | `descale_v` | `[B, H_v, >= ceil(S_kv / 32), >= D_v]` | `v`'s sequence |
///
/// Not with [`SdpaOptions::fp8`] nor paged K/V. On cuDNN 9.28 such a
/// graph gets engine configurations and plans for a described B200, none
/// for an H100, and its plans round-trip through JSON; none has run on a
/// GPU.
///
/// [`SdpaOptions::mxfp8`]: super::SdpaOptions::mxfp8
/// [`SdpaOutputs::amax_o`]: super::SdpaOutputs::amax_o
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaMxfp8 {
    /// The block factors of `q` (`DESCALE_QDESC`).
    pub descale_q: TensorId,
    /// The block factors of `k` (`DESCALE_KDESC`).
    pub descale_k: TensorId,
    /// The block factors of `v` (`DESCALE_VDESC`).
    pub descale_v: TensorId,
}

static_assertions::assert_impl_all!(SdpaMxfp8: Send, Sync, Copy);

/// MXFP8's block: 32 elements.
const MX_BLOCK: i64 = 32;

/// The factor attributes of the per-tensor form, in [`SdpaFp8`]'s order.
const PER_TENSOR: [A; 6] = [
    A::OPERATION_SDPA_FWD_DESCALE_QDESC,
    A::OPERATION_SDPA_FWD_DESCALE_KDESC,
    A::OPERATION_SDPA_FWD_DESCALE_VDESC,
    A::OPERATION_SDPA_FWD_DESCALE_SDESC,
    A::OPERATION_SDPA_FWD_SCALE_SDESC,
    A::OPERATION_SDPA_FWD_SCALE_ODESC,
];

/// The checked factors by index, with their attributes (six per-tensor
/// ones, or MXFP8's three), and whether the node writes `S`'s maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Fp8Node {
    factors: Vec<(A, usize)>,
    amax_s: bool,
    mx: bool,
}

impl Fp8Node {
    /// The new tensors it makes: `amax_o`, then `amax_s` when asked for.
    pub(super) fn tensors(&self) -> Vec<TensorDef> {
        let scalar = |suffix| TensorDef::real_output(suffix, vec![1; 4], vec![1; 4], Dt::FLOAT);
        let mut t = vec![scalar("amax_o")];
        if self.amax_s {
            t.push(scalar("amax_s"));
        }
        t
    }

    /// Sets its attributes into the forward's `op`; `amax` holds the
    /// indices of the tensors [`tensors`](Self::tensors) made.
    pub(super) fn set(&self, op: &mut BackendOp, amax: &[usize]) {
        for &(a, t) in &self.factors {
            op.input(a, t);
        }
        let outputs = [
            A::OPERATION_SDPA_FWD_AMAX_ODESC,
            A::OPERATION_SDPA_FWD_AMAX_SDESC,
        ];
        for (a, &t) in outputs.into_iter().zip(amax) {
            op.output(a, t);
        }
        let why = if self.mx {
            "SDPA_FWD_DESCALE_QDESC .. AMAX_ODESC (MXFP8, E8M0 descales), @since 9.25.0"
        } else {
            "SDPA_FWD_DESCALE_QDESC .. AMAX_ODESC (FP8), @since 9.25.0"
        };
        op.require(Version::new(9, 25, 0), why);
    }
}

/// The FP8 factors of `options`, checked (`ins`: `q`, `k`, `v`; `dims`
/// theirs): per-tensor, block-scaled, or none.
pub(super) fn sdpa_fp8_node(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    options: &SdpaOptions,
    ins: &[usize],
    dims: &Dims,
) -> Result<Option<Fp8Node>> {
    match (&options.fp8, &options.mxfp8) {
        (None, None) => Ok(None),
        (Some(f), None) => sdpa_fp8(g, function, nd, f).map(Some),
        (None, Some(m)) => {
            if options.paged.is_some() {
                let what = "mxfp8 with paged K/V; cuDNN's MXFP8 attention reads dense K/V";
                return Err(node_error(function, nd, None, what.into()));
            }
            sdpa_mxfp8(g, function, nd, m, ins, dims).map(Some)
        }
        (Some(_), Some(_)) => {
            let what = "both fp8 and mxfp8; the factors are per tensor or per block";
            Err(node_error(function, nd, None, what.into()))
        }
    }
}

/// The factors of `fp8`, checked: tensors of this graph, `[1, 1, 1,
/// 1]`, `FLOAT`.
fn sdpa_fp8(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    fp8: &SdpaFp8,
) -> Result<Fp8Node> {
    let f = fp8;
    let given = [
        f.descale_q,
        f.descale_k,
        f.descale_v,
        f.descale_s,
        f.scale_s,
        f.scale_o,
    ];
    let ids = g.inputs(function, nd, &given, false)?;
    let roles = [
        "descale_q",
        "descale_k",
        "descale_v",
        "descale_s",
        "scale_s",
        "scale_o",
    ];
    for (&i, role) in ids.iter().zip(roles) {
        let rule = format!("{role} is a factor,");
        g.check_dims_are(function, nd, i, &[1, 1, 1, 1], &rule)?;
        g.check_type_in(function, nd, i, &[Dt::FLOAT], role)?;
    }
    Ok(Fp8Node {
        factors: PER_TENSOR.into_iter().zip(ids).collect(),
        amax_s: f.amax_s,
        mx: false,
    })
}

/// The block factors of `mx`, checked against `q`, `k`, `v` (`ins`)
/// as [`SdpaMxfp8`] says.
fn sdpa_mxfp8(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    mx: &SdpaMxfp8,
    ins: &[usize],
    dims: &Dims,
) -> Result<Fp8Node> {
    let given = [mx.descale_q, mx.descale_k, mx.descale_v];
    let ids = g.inputs(function, nd, &given, false)?;
    let blocks = |n: i64| (n + MX_BLOCK - 1) / MX_BLOCK;
    // Per factor: its role, its tensor, the least extents of its dims 2
    // and 3, and whether its last dim must be contiguous.
    let rules = [
        ("descale_q", ins[0], [dims.sq, blocks(dims.d)], true),
        ("descale_k", ins[1], [dims.skv, blocks(dims.d)], true),
        ("descale_v", ins[2], [blocks(dims.skv), dims.dv], false),
    ];
    for (&i, (role, of, least, contiguous)) in ids.iter().zip(rules) {
        g.check_type_in(function, nd, i, &[Dt::FP8_E8M0], role)?;
        let t = &g.tensors[i];
        let of_dims = &g.tensors[of].dims;
        let what =
            mx_factor_rule(role, &t.dims, &t.strides, of_dims, least, contiguous).or_else(|| {
                let tiled = Some(TensorReordering::F8_128x4);
                (t.reordering != tiled)
                    .then(|| format!("{role} not reordered F8_128x4 (Graph::set_reordering)"))
            });
        if let Some(what) = what {
            return Err(node_error(function, nd, Some(t.name.to_string()), what));
        }
    }
    Ok(Fp8Node {
        factors: PER_TENSOR[..3].iter().copied().zip(ids).collect(),
        amax_s: false,
        mx: true,
    })
}

/// What is wrong with an MXFP8 factor of `dims` and `strides` for a
/// tensor of dims `of`: a rank other than 4, another batch or head count,
/// dims 2 and 3 below `least`, a last stride other than 1 where
/// `contiguous`.
fn mx_factor_rule(
    role: &str,
    dims: &[i64],
    strides: &[i64],
    of: &[i64],
    least: [i64; 2],
    contiguous: bool,
) -> Option<String> {
    if dims.len() != 4 {
        return Some(format!("{role} of rank {}; it is rank 4", dims.len()));
    }
    if dims[..2] != of[..2] {
        return Some(format!(
            "{role} of dims {dims:?}: its batch and heads are not {:?}",
            &of[..2]
        ));
    }
    if dims[2] < least[0] || dims[3] < least[1] {
        return Some(format!(
            "{role} of dims {dims:?}: its last two are not at least {least:?}"
        ));
    }
    if contiguous && strides[3] != 1 {
        return Some(format!(
            "{role} of strides {strides:?}: its last stride is not 1"
        ));
    }
    None
}

/// The types of the forward's `q`, `k`, `v`: FP8 with
/// [`SdpaOptions::fp8`] or [`SdpaOptions::mxfp8`], else a half type.
pub(super) fn forward_types(options: &SdpaOptions) -> &'static [DType] {
    if is_fp8(options) {
        FP8S
    } else {
        super::HALVES
    }
}

/// Whether `options` asks for FP8 attention, per tensor or per block.
pub(super) fn is_fp8(options: &SdpaOptions) -> bool {
    options.fp8.is_some() || options.mxfp8.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::{Error, Mismatch};

    /// The MXFP8 forward needs 9.25.0: refused on 9.24, naming the
    /// attributes; built on 9.25.
    #[test]
    fn mxfp8_attention_needs_9_25() {
        let mut g = Graph::new("mxfp8");
        let e4m3 = Dt::FP8_E4M3;
        let [q, k, v] = ["q", "k", "v"].map(|n| g.tensor(n, &[1, 2, 128, 64], e4m3).unwrap());
        let dims = [[1, 2, 128, 2], [1, 2, 128, 2], [1, 2, 4, 64]];
        let [sq, sk, sv] = [0, 1, 2].map(|i| {
            let name = ["sf_q", "sf_k", "sf_v"][i];
            let t = g.tensor(name, &dims[i], Dt::FP8_E8M0).unwrap();
            let tiled = TensorReordering::F8_128x4;
            g.set_reordering(t, tiled).unwrap();
            t
        });
        let options = SdpaOptions {
            mxfp8: Some(SdpaMxfp8 {
                descale_q: sq,
                descale_k: sk,
                descale_v: sv,
            }),
            ..SdpaOptions::default()
        };
        let out = g.sdpa_forward(q, k, v, &options).unwrap();
        g.set_output(out.o, Dt::BFLOAT16).unwrap();
        assert!(g.check_versions_at("t", Version::new(9, 25, 0)).is_ok());
        match g.check_versions_at("t", Version::new(9, 24, 99)) {
            Err(Error::InvalidArgument {
                mismatch: Mismatch::GraphNode { what, .. },
                ..
            }) => {
                assert!(what.contains("needs cuDNN 9.25.0 or later"), "{what}");
                assert!(what.contains("(MXFP8, E8M0 descales)"), "{what}");
            }
            other => panic!("expected the version's refusal, got {other:?}"),
        }
    }
}
