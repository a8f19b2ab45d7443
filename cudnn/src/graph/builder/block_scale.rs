//! Block-scale quantization in a [`Graph`]: cuDNN 9.7's
//! `OPERATION_BLOCK_SCALE_QUANTIZE` and `OPERATION_BLOCK_SCALE_DEQUANTIZE`,
//! as cudnn-frontend 1.32's `block_scale_quantize` and
//! `block_scale_dequantize` nodes set them, for MXFP8 (FP8 values, `E4M3`
//! or `E5M2`, with one `FP8_E8M0` factor per block of 32) and NVFP4
//! (`FP4_E2M1` values, two to a byte, with one `FP8_E4M3` factor per block
//! of 16).
//!
//! A block-scaled matmul is two dequantizations feeding a matmul, their
//! factors in cuDNN's 128 x 4 tiles ([`Graph::set_reordering`] with
//! `F8_128x4`); its engines are Blackwell's. An `FP4_E2M1` tensor's
//! elements pair in bytes (its innermost dim even, its other strides even:
//! checked when it is described), and its buffers are of
//! [`F4E2M1x2`](crate::F4E2M1x2).

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::TensorDef;
use super::{checks, node, node_error, Graph, NodeLabel, TensorId};
use crate::core::error::Result;
use crate::core::version::Version;

/// Both operations are `@since 9.7.0` in 9.28's header.
const BLOCK_SCALE_SINCE: Version = Version::new(9, 7, 0);

/// The types a quantization reads.
const WIDE: &[Dt] = &[Dt::FLOAT, Dt::HALF, Dt::BFLOAT16];
/// The types of block-scaled values: MXFP8's and NVFP4's.
const VALUES: &[Dt] = &[Dt::FP8_E4M3, Dt::FP8_E5M2, Dt::FP4_E2M1];

/// The type of the factors of values of type `values` (one of
/// [`VALUES`]): `FP8_E4M3` for NVFP4's `FP4_E2M1`, `FP8_E8M0` for MXFP8's.
fn factor_type(values: Dt) -> Dt {
    if values == Dt::FP4_E2M1 {
        Dt::FP8_E4M3
    } else {
        Dt::FP8_E8M0
    }
}

/// The options of [`Graph::block_scale_quantize`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockScaleQuantize {
    /// The elements per block (MXFP8: 32; NVFP4: 16); divides `x`'s dim
    /// along `axis`.
    pub block_size: i32,
    /// The dim blocks run along; the last for `None`.
    pub axis: Option<usize>,
    /// The quantized values' type: `FP8_E4M3` or `FP8_E5M2` (MXFP8,
    /// `FP8_E8M0` factors) or `FP4_E2M1` (NVFP4, `FP8_E4M3` factors).
    pub dtype: DType,
}

impl BlockScaleQuantize {
    /// NVFP4: blocks of 16 along the last dim, `FP4_E2M1` values with
    /// `FP8_E4M3` factors.
    pub fn nvfp4() -> Self {
        BlockScaleQuantize {
            block_size: 16,
            axis: None,
            dtype: Dt::FP4_E2M1,
        }
    }
}

impl Default for BlockScaleQuantize {
    /// MXFP8: blocks of 32 along the last dim, `E4M3` values.
    fn default() -> Self {
        BlockScaleQuantize {
            block_size: 32,
            axis: None,
            dtype: Dt::FP8_E4M3,
        }
    }
}

impl Graph {
    /// Quantizes `x` (`FLOAT`, `HALF` or `BFLOAT16`) in blocks: returns
    /// the values (`x`'s dims and strides, of `options.dtype`) and one
    /// factor per block (`FP8_E8M0` for FP8 values, `FP8_E4M3` for
    /// `FP4_E2M1`; `x`'s dims with the blocked dim divided by the block
    /// size, packed in `x`'s order), both real outputs. cuDNN 9.7. cuDNN 9.28 wants the factors of a 3-D `x` in
    /// its 128 x 4 tiles ([`set_reordering`](Self::set_reordering) with
    /// `F8_128x4`; it refuses the graph when finalized otherwise), and
    /// fuses a quantization only after a matmul (alone it gets no engine).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and the tensor: a tensor of another graph or a scalar, an
    /// input or value type not listed, a block size below 1 or not
    /// dividing the blocked dim, an axis beyond `x`'s rank; for
    /// `FP4_E2M1` values, `x`'s layout not in whole bytes (an odd
    /// innermost dim, an odd outer stride).
    pub fn block_scale_quantize(
        &mut self,
        x: TensorId,
        options: &BlockScaleQuantize,
    ) -> Result<[TensorId; 2]> {
        const F: &str = "Graph::block_scale_quantize";
        const KIND: &str = "block_scale_quantize";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let xi = self.inputs(F, &nd, &[x], false)?[0];
        self.check_type_in(F, &nd, xi, WIDE, "x")?;
        check_value_type(F, &nd, options.dtype)?;
        let t = &self.tensors[xi];
        let rank = t.dims.len();
        let axis = options.axis.unwrap_or(rank.saturating_sub(1));
        let block = i64::from(options.block_size);
        let fault = match t.dims.get(axis) {
            None => Some(format!("an axis of {axis}; x has rank {rank}")),
            Some(_) if block < 1 => Some(format!("a block size of {block}; it is at least 1")),
            Some(&d) if d.checked_rem(block) != Some(0) => Some(format!(
                "a block size of {block}, which does not divide x's dim {axis} ({d})"
            )),
            Some(_) => None,
        };
        let fault = fault
            .or_else(|| checks::check_half_byte_layout(&t.dims, &t.strides, options.dtype).err());
        if let Some(what) = fault {
            return Err(node_error(F, nd, Some(t.name.to_string()), what));
        }
        let mut scale_dims = t.dims.clone();
        // block >= 1 (checked above).
        #[allow(clippy::arithmetic_side_effects)]
        let blocks = scale_dims[axis] / block;
        scale_dims[axis] = blocks;
        let scale_strides = checks::strides_like(&scale_dims, &t.strides);
        let new = vec![
            TensorDef::real_output("y", t.dims.clone(), t.strides.clone(), options.dtype),
            TensorDef::real_output(
                "scale",
                scale_dims,
                scale_strides,
                factor_type(options.dtype),
            ),
        ];
        let size = options.block_size;
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR,
                BLOCK_SCALE_SINCE,
                "OPERATION_BLOCK_SCALE_QUANTIZE, @since 9.7.0",
            );
            op.set(Setting::Compute(
                A::OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC,
                None,
            ));
            op.set(Setting::Int32(
                A::OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE,
                size,
            ));
            op.input(A::OPERATION_BLOCK_SCALE_QUANTIZE_XDESC, xi);
            op.output(A::OPERATION_BLOCK_SCALE_QUANTIZE_YDESC, n[0]);
            op.output(A::OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC, n[1]);
            op
        })?;
        Ok([ids[0], ids[1]])
    }

    /// Dequantizes `x` by its block factors `scale`: MXFP8's `FP8_E4M3` or
    /// `FP8_E5M2` values by `FP8_E8M0` factors, or NVFP4's `FP4_E2M1`
    /// values by `FP8_E4M3` factors. `block_size` gives the block's extent
    /// along each of `x`'s last `block_size.len()` dims (an MXFP8 matmul's
    /// `a` `[.., M, K]`: `[1, 32]`, its `b` `[.., K, N]`: `[32, 1]`; NVFP4's
    /// `[1, 16]` and `[16, 1]`). `scale`
    /// has `x`'s rank, each blocked dim at least `x`'s divided by its block
    /// (rounded up; cuDNN's 128 x 4 tiles pad it further) and the others
    /// `x`'s. The result is virtual (cuDNN's rule: a dequantization feeds
    /// another operation), of `x`'s dims and strides. cuDNN 9.7.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node and the tensor: a tensor of another graph or a scalar, types
    /// not listed, no block sizes or more than `x`'s rank, a size below 1,
    /// factors of another rank or too few.
    pub fn block_scale_dequantize(
        &mut self,
        x: TensorId,
        scale: TensorId,
        block_size: &[i32],
    ) -> Result<TensorId> {
        const F: &str = "Graph::block_scale_dequantize";
        const KIND: &str = "block_scale_dequantize";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[x, scale], false)?;
        let (xi, si) = (ins[0], ins[1]);
        self.check_type_in(F, &nd, xi, VALUES, "x")?;
        let factors = factor_type(self.data_type_of(xi));
        self.check_type_in(F, &nd, si, &[factors], "the scale")?;
        let (t, s) = (&self.tensors[xi], &self.tensors[si]);
        if let Err(what) = check_blocks(&t.dims, &s.dims, block_size) {
            let blamed = if what.starts_with("the scale") {
                &s.name
            } else {
                &t.name
            };
            return Err(node_error(F, nd, Some(blamed.to_string()), what));
        }
        let new = vec![TensorDef::output("y", t.dims.clone(), t.strides.clone())];
        let sizes = block_size.to_vec();
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::new(
                KIND,
                D::OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR,
                BLOCK_SCALE_SINCE,
                "OPERATION_BLOCK_SCALE_DEQUANTIZE, @since 9.7.0",
            );
            op.set(Setting::Compute(
                A::OPERATION_BLOCK_SCALE_DEQUANTIZE_MATH_PREC,
                None,
            ));
            op.set(Setting::Int32s(
                A::OPERATION_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE,
                sizes,
            ));
            op.input(A::OPERATION_BLOCK_SCALE_DEQUANTIZE_XDESC, xi);
            op.input(A::OPERATION_BLOCK_SCALE_DEQUANTIZE_SCALE_DESC, si);
            op.output(A::OPERATION_BLOCK_SCALE_DEQUANTIZE_YDESC, n[0]);
            op.stays_virtual = true;
            op
        })?;
        Ok(ids[0])
    }
}

/// A block-scaled value type, or the refusal of `dtype`.
fn check_value_type(function: &'static str, nd: &NodeLabel<'_>, dtype: Dt) -> Result<()> {
    if VALUES.contains(&dtype) {
        return Ok(());
    }
    let what = format!(
        "values of type {}; it makes FP8_E4M3, FP8_E5M2 or FP4_E2M1",
        checks::data_type_name(dtype)
    );
    Err(node_error(function, nd, None, what))
}

/// The rules of a dequantization's blocks: 1 to `x`'s rank sizes, each
/// at least 1, over `x`'s last dims; `scale` of `x`'s rank, each blocked
/// dim at least `x`'s over the block (rounded up), the others `x`'s.
fn check_blocks(x: &[i64], scale: &[i64], block: &[i32]) -> std::result::Result<(), String> {
    let rank = x.len();
    if block.is_empty() || block.len() > rank {
        return Err(format!(
            "{} block sizes; x of rank {rank} takes 1 to {rank}",
            block.len()
        ));
    }
    if let Some(b) = block.iter().find(|&&b| b < 1) {
        return Err(format!("a block size of {b}; each is at least 1"));
    }
    if scale.len() != rank {
        return Err(format!(
            "the scale of rank {}; it has x's rank {rank}",
            scale.len()
        ));
    }
    // block.len() <= rank (checked above).
    #[allow(clippy::arithmetic_side_effects)]
    let first = rank - block.len();
    for (i, (&d, &s)) in x.iter().zip(scale).enumerate() {
        let want = match i.checked_sub(first) {
            // ceil(d / b), b >= 1 (checked above).
            Some(j) => {
                let b = i64::from(block[j]);
                d.checked_add(b)
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|n| n.checked_div(b))
                    .ok_or_else(|| format!("dim {i} ({d}) in blocks of {b} overflows i64"))?
            }
            None => d,
        };
        let fits = if i >= first { s >= want } else { s == want };
        if !fits {
            let rule = if i >= first { "at least" } else { "equal to" };
            return Err(format!(
                "the scale of dims {scale:?}: its dim {i} is {s}, not {rule} {want}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_rules() {
        let x = [1, 128, 128];
        assert_eq!(check_blocks(&x, &[1, 128, 4], &[1, 32]), Ok(()));
        // The 128 x 4 tiles pad the factors.
        assert_eq!(check_blocks(&x, &[1, 128, 8], &[1, 32]), Ok(()));
        assert_eq!(check_blocks(&x, &[1, 4, 128], &[32, 1]), Ok(()));
        let e = |r: std::result::Result<(), String>| r.unwrap_err();
        assert!(e(check_blocks(&x, &[1, 128, 3], &[1, 32])).contains("dim 2 is 3, not at least 4"));
        assert!(e(check_blocks(&x, &[2, 128, 4], &[1, 32])).contains("not equal to 1"));
        assert!(e(check_blocks(&x, &[128, 4], &[1, 32])).contains("the scale of rank 2"));
        assert!(e(check_blocks(&x, &[1, 128, 4], &[])).contains("0 block sizes"));
        assert!(e(check_blocks(&x, &[1, 128, 4], &[1, 1, 1, 32])).contains("4 block sizes"));
        assert!(e(check_blocks(&x, &[1, 128, 4], &[0, 32])).contains("a block size of 0"));
        // Rounded up: 100 over blocks of 32 is 4 blocks.
        assert_eq!(check_blocks(&[1, 8, 100], &[1, 8, 4], &[1, 32]), Ok(()));
    }
}
