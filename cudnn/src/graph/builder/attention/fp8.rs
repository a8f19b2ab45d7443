//! FP8 attention forward (`SDPA_FWD_DESCALE_QDESC` .. `AMAX_ODESC`,
//! cuDNN 9.25): `q`, `k`, `v` of `FP8_E4M3` or `FP8_E5M2`, per-tensor
//! descale factors of `q`, `k`, `v` and of the softmax's output `S`,
//! scale factors of `S` and of `O` (all `[1, 1, 1, 1]` `FLOAT` inputs),
//! and the absolute maxima of `O` (always) and of `S` (when asked for),
//! `[1, 1, 1, 1]` `FLOAT` outputs the node makes. The block-scaled form
//! (MXFP8, `E8M0` descales) is not offered.

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use DType as Dt;

use super::super::node::{BackendOp, NewTensor};
use crate::core::error::Result;
use crate::core::version::Version;
use crate::graph::builder::{Graph, TensorId};

/// The types of FP8 attention's `q`, `k`, `v`.
pub(super) const FP8S: &[Dt] = &[Dt::CUDNN_DATA_FP8_E4M3, Dt::CUDNN_DATA_FP8_E5M2];

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
/// `scale_o`. Forward only; the block-scaled form (MXFP8) is not offered.
///
/// Such a graph builds, gets engine configurations and plans (cuDNN 9.28
/// offers them for a described H100), and its plans round-trip through
/// JSON; but [`VariantPack`](crate::graph::VariantPack) has no FP8
/// element type yet, so its FP8 buffers cannot be bound for an execution.
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

/// The checked factors by index, in the order of [`SdpaFp8`]'s fields,
/// and whether the node writes `S`'s maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Fp8Node {
    factors: [usize; 6],
    amax_s: bool,
}

impl Fp8Node {
    /// The new tensors it makes: `amax_o`, then `amax_s` when asked for.
    pub(super) fn tensors(&self) -> Vec<NewTensor> {
        let scalar =
            |suffix| NewTensor::real_output(suffix, vec![1; 4], vec![1; 4], Dt::CUDNN_DATA_FLOAT);
        let mut t = vec![scalar("amax_o")];
        if self.amax_s {
            t.push(scalar("amax_s"));
        }
        t
    }

    /// Sets its attributes into the forward's `op`; `amax` holds the
    /// indices of the tensors [`tensors`](Self::tensors) made.
    pub(super) fn set(&self, op: &mut BackendOp, amax: &[usize]) {
        let attrs = [
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_QDESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_KDESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_VDESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_SDESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_SDESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_ODESC,
        ];
        for (a, &t) in attrs.into_iter().zip(&self.factors) {
            op.input(a, t);
        }
        let outputs = [
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_ODESC,
            A::CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_SDESC,
        ];
        for (a, &t) in outputs.into_iter().zip(amax) {
            op.output(a, t);
        }
        op.require(
            Version::new(9, 25, 0),
            "SDPA_FWD_DESCALE_QDESC .. AMAX_ODESC (FP8), @since 9.25.0",
        );
    }
}

impl Graph {
    /// The factors of `fp8`, checked: tensors of this graph, `[1, 1, 1,
    /// 1]`, `FLOAT`.
    pub(super) fn sdpa_fp8(
        &self,
        function: &'static str,
        nd: &str,
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
        let ids = self.inputs(function, nd, &given, false)?;
        let roles = [
            "descale_q",
            "descale_k",
            "descale_v",
            "descale_s",
            "scale_s",
            "scale_o",
        ];
        let mut factors = [0; 6];
        for (n, (&i, role)) in ids.iter().zip(roles).enumerate() {
            let rule = format!("{role} is a factor,");
            self.check_dims_are(function, nd, i, &[1, 1, 1, 1], &rule)?;
            self.check_type_in(function, nd, i, &[Dt::CUDNN_DATA_FLOAT], role)?;
            factors[n] = i;
        }
        Ok(Fp8Node {
            factors,
            amax_s: f.amax_s,
        })
    }
}

/// The types of the forward's `q`, `k`, `v`: FP8 with
/// [`SdpaOptions::fp8`](super::SdpaOptions::fp8), else a half type.
pub(super) fn forward_types(options: &super::SdpaOptions) -> &'static [DType] {
    if options.fp8.is_some() {
        FP8S
    } else {
        super::HALVES
    }
}
