//! An FP8 matmul with its scale factors and the output's maximum, as
//! cudnn-frontend 1.32's `matmul_fp8` composes it: `matmul(a, b)` times
//! `descale_a` times `descale_b` is the unscaled result, whose absolute
//! maximum is `amax`; times `scale_c` it is `c`. Three pointwise
//! multiplications and an `AMAX` reduction after the matmul, all of this
//! builder's own operations (no version gate of their own).
//! [`Graph::matmul_fp8_with`] puts the caller's epilogue (a bias, an
//! activation) on the unscaled result, before its maximum and `scale_c`.

use crate::core::dtype::DType;
use DType as Dt;

use super::{node, node_error, Graph, PointwiseMode, TensorId};
use crate::core::error::Result;
use crate::ops::ReduceTensorOp;

/// The factors of [`Graph::matmul_fp8`]: `FLOAT` tensors of one element
/// (all dims 1, of `a`'s rank), read on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatmulFp8Scales {
    /// Undoes `a`'s quantization scale.
    pub descale_a: TensorId,
    /// Undoes `b`'s quantization scale.
    pub descale_b: TensorId,
    /// Quantizes the result into `c`'s FP8 range.
    pub scale_c: TensorId,
}

/// The outputs of [`Graph::matmul_fp8`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatmulFp8Outputs {
    /// The scaled result (virtual until [`Graph::set_output`], usually
    /// with an FP8 type).
    pub c: TensorId,
    /// The absolute maximum of the unscaled result: a real `FLOAT` tensor
    /// of one element, for the next step's `scale_c`.
    pub amax: TensorId,
}

const FP8: [Dt; 2] = [Dt::FP8_E4M3, Dt::FP8_E5M2];

impl Graph {
    /// `c = matmul(a, b) * descale_a * descale_b * scale_c` and the
    /// absolute maximum of `matmul(a, b) * descale_a * descale_b`, for `a`
    /// and `b` of `FP8_E4M3` or `FP8_E5M2` (as [`matmul`](Self::matmul)
    /// takes their dims). The amax is made a `FLOAT` output.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `matmul_fp8` and the tensor: `a` or `b` of another type, a factor
    /// of another graph, a scalar, of a type other than `FLOAT` or not of
    /// one element of `a`'s rank; as [`matmul`](Self::matmul) for the
    /// dims. Nothing is added on a refusal.
    pub fn matmul_fp8(
        &mut self,
        a: TensorId,
        b: TensorId,
        scales: &MatmulFp8Scales,
    ) -> Result<MatmulFp8Outputs> {
        self.matmul_fp8_with(a, b, scales, |_, unscaled| Ok(unscaled))
    }

    /// [`matmul_fp8`](Self::matmul_fp8) with `epilogue` applied to the
    /// unscaled result `matmul(a, b) * descale_a * descale_b` (for
    /// example [`bias`](Self::bias) then [`relu`](Self::relu)): `c =
    /// epilogue(..) * scale_c`, and `amax` is the absolute maximum of
    /// `epilogue(..)`, the value `scale_c` quantizes.
    ///
    /// # Errors
    /// As [`matmul_fp8`](Self::matmul_fp8), and the epilogue's own; on a
    /// refusal the tensors and operations added since the call (the
    /// epilogue's included) are removed.
    pub fn matmul_fp8_with(
        &mut self,
        a: TensorId,
        b: TensorId,
        scales: &MatmulFp8Scales,
        epilogue: impl FnOnce(&mut Graph, TensorId) -> Result<TensorId>,
    ) -> Result<MatmulFp8Outputs> {
        const F: &str = "Graph::matmul_fp8";
        let name = self.next_op_name("matmul_fp8");
        let nd = node("matmul_fp8", &name);
        let ins = self.inputs(F, &nd, &[a, b], false)?;
        for (&i, role) in ins.iter().zip(["a", "b"]) {
            self.check_type_in(F, &nd, i, &FP8, role)?;
        }
        let rank = self.tensors[ins[0]].dims.len();
        let factors = [scales.descale_a, scales.descale_b, scales.scale_c];
        let fs = self.inputs(F, &nd, &factors, false)?;
        for (&i, role) in fs.iter().zip(["descale_a", "descale_b", "scale_c"]) {
            self.check_type_in(F, &nd, i, &[Dt::FLOAT], role)?;
            let t = &self.tensors[i];
            if t.dims.len() != rank || t.dims.iter().any(|&d| d != 1) {
                return Err(node_error(
                    F,
                    nd,
                    Some(t.name.to_string()),
                    format!(
                        "{role} of dims {:?}; it is one element of rank {rank}",
                        t.dims
                    ),
                ));
            }
        }
        let (n_tensors, n_ops) = (self.tensors.len(), self.ops.len());
        let r = self.matmul_fp8_ops(a, b, scales, rank, epilogue);
        if r.is_err() {
            self.tensors.truncate(n_tensors);
            self.ops.truncate(n_ops);
        }
        r
    }

    /// The operations of [`matmul_fp8_with`](Self::matmul_fp8_with), its
    /// inputs checked.
    fn matmul_fp8_ops(
        &mut self,
        a: TensorId,
        b: TensorId,
        scales: &MatmulFp8Scales,
        rank: usize,
        epilogue: impl FnOnce(&mut Graph, TensorId) -> Result<TensorId>,
    ) -> Result<MatmulFp8Outputs> {
        let mul = PointwiseMode::CUDNN_POINTWISE_MUL;
        let c = self.matmul(a, b)?;
        let c = self.pointwise(mul, &[c, scales.descale_a])?;
        let c = self.pointwise(mul, &[c, scales.descale_b])?;
        let unscaled = epilogue(self, c)?;
        let c = self.pointwise(mul, &[unscaled, scales.scale_c])?;
        let amax = self.reduction(ReduceTensorOp::AMAX, unscaled, &vec![1; rank])?;
        self.set_output(amax, Dt::FLOAT)?;
        Ok(MatmulFp8Outputs { c, amax })
    }
}
