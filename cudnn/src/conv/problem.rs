//! The convolution problem: the four descriptors of one convolution,
//! checked against each other once, and the checks of its launches that
//! need no GPU.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, KeyRef, SearchOptions,
};
use super::descriptor::ConvolutionDescriptor;
use super::FwdAlgo;
use crate::core::activation::{ActivationDescriptor, ActivationMode};
use crate::core::descriptor::MAX_DIMS;
use crate::core::dtype::{ComputeType, ComputesIn};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::launch::check_library;
use crate::core::library::Library;
use crate::core::tensor::{FilterDescriptor, TensorDescriptor};

#[cfg(doc)]
use crate::core::error::Error;

/// Gives each problem a number, so that an algorithm choice can tell
/// whether it was made for the problem it is used with.
static NEXT_PROBLEM_ID: AtomicU64 = AtomicU64::new(1);

pub(super) const BIAS_ACTIVATION: &str = "cudnnConvolutionBiasActivationForward";

/// One convolution: input `x`, filter `w`, the convolution and the output
/// `y` (element type `T`, compute type `C`), checked against each other.
/// The same problem serves forward, backward data (`dx` has `x`'s
/// descriptor, `dy` has `y`'s) and backward filter (`dw` has `w`'s).
pub struct ConvProblem<T: ComputesIn<C>, C: ComputeType> {
    // Declared (so dropped, destroying the cuDNN descriptors) in the
    // reverse of the order they are made in: cheaper for cuDNN's allocator.
    pub(super) y: TensorDescriptor<T>,
    pub(super) conv: ConvolutionDescriptor<C>,
    pub(super) w: FilterDescriptor<T>,
    pub(super) x: TensorDescriptor<T>,
    pub(super) id: u64,
}

impl<T: ComputesIn<C>, C: ComputeType> std::fmt::Debug for ConvProblem<T, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConvProblem")
            .field("x", &self.x)
            .field("w", &self.w)
            .field("conv", &self.conv)
            .field("y", &self.y)
            .field("id", &self.id)
            .finish()
    }
}

impl<T: ComputesIn<C>, C: ComputeType> ConvProblem<T, C> {
    /// A problem whose output is packed in the input's layout (NHWC when
    /// the input is packed NHWC, NCHW otherwise), with the input's library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the shapes do not fit together;
    /// cuDNN's error for an output it rejects.
    #[inline(always)]
    pub fn new(
        x: TensorDescriptor<T>,
        w: FilterDescriptor<T>,
        conv: ConvolutionDescriptor<C>,
    ) -> Result<Self> {
        let dims = conv.output_dims_inline("ConvProblem::new", x.dims(), w.dims())?;
        // `TensorDescriptor::new_in(lib, format, &dims)` with the format of
        // `x.packed_format()`, without building either's stride lists.
        let rank = dims.len();
        let (mut packed, mut strides) = ([0usize; MAX_DIMS], [0usize; MAX_DIMS]);
        // Element by element (no call to memcmp for a few words); an NHWC
        // tensor has channel stride 1, which rules most NCHW ones out.
        let same =
            |a: &[usize], b: &[usize]| a.len() == b.len() && a.iter().zip(b).all(|(p, q)| p == q);
        let xs = x.strides();
        let nhwc = xs.get(1) == Some(&1) && {
            fill_packed_strides(true, x.dims(), &mut packed[..rank]);
            same(xs, &packed[..rank]) && {
                fill_packed_strides(false, x.dims(), &mut packed[..rank]);
                !same(xs, &packed[..rank])
            }
        };
        fill_packed_strides(nhwc, &dims, &mut strides[..rank]);
        let y = TensorDescriptor::strided(x.lib_ref().clone(), &dims, &strides[..rank])?;
        Ok(Self::assemble(x, w, conv, y))
    }

    #[inline]
    fn assemble(
        x: TensorDescriptor<T>,
        w: FilterDescriptor<T>,
        conv: ConvolutionDescriptor<C>,
        y: TensorDescriptor<T>,
    ) -> Self {
        ConvProblem {
            x,
            w,
            conv,
            y,
            id: NEXT_PROBLEM_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// A problem with the output descriptor given.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `y`'s dimensions are not the
    /// convolution's output dimensions, or the shapes do not fit together.
    pub fn with_output(
        x: TensorDescriptor<T>,
        w: FilterDescriptor<T>,
        conv: ConvolutionDescriptor<C>,
        y: TensorDescriptor<T>,
    ) -> Result<Self> {
        let dims = conv.output_dims_inline("ConvProblem::with_output", x.dims(), w.dims())?;
        ensure(y.dims() == &*dims, "ConvProblem::with_output", || {
            Mismatch::Shape {
                what: format!(
                    "output descriptor {:?} but the convolution produces {dims:?}",
                    y.dims()
                ),
            }
        })?;
        Ok(Self::assemble(x, w, conv, y))
    }

    /// A problem with new cuDNN descriptors of the same settings (and a new
    /// identity: algorithm choices made for `self` ask cuDNN for their
    /// workspace again when used with the copy).
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn try_clone(&self) -> Result<Self> {
        Ok(Self::assemble(
            self.x.try_clone()?,
            self.w.try_clone()?,
            self.conv.try_clone()?,
            self.y.try_clone()?,
        ))
    }

    /// The input descriptor (also the descriptor of `dx`).
    pub fn x(&self) -> &TensorDescriptor<T> {
        &self.x
    }
    /// The filter descriptor (also the descriptor of `dw`).
    pub fn w(&self) -> &FilterDescriptor<T> {
        &self.w
    }
    /// The convolution descriptor.
    pub fn conv(&self) -> &ConvolutionDescriptor<C> {
        &self.conv
    }
    /// The output descriptor (also the descriptor of `dy`).
    pub fn y(&self) -> &TensorDescriptor<T> {
        &self.y
    }

    /// Multiply-adds times two: `2 * N * K * (C / groups) * prod(kernel) *
    /// prod(output spatial)`, the usual FLOP count of a direct convolution.
    pub fn flops(&self) -> f64 {
        let w = self.w.dims();
        let y = self.y.dims();
        let mut f = 2.0 * y[0] as f64 * w[0] as f64 * w[1] as f64;
        for d in &w[2..] {
            f *= *d as f64;
        }
        for d in &y[2..] {
            f *= *d as f64;
        }
        f
    }

    /// What changes an algorithm choice for this problem, on `device`, in
    /// `direction`, under `options`: the cache key.
    pub fn key(
        &self,
        device: &DeviceKey,
        direction: Direction,
        options: &SearchOptions,
    ) -> AlgoKey {
        self.key_ref(device, direction, options).to_key()
    }

    /// The choice `cache` holds for this problem on `device`, in
    /// `direction`, under `options`: `cache.get(&self.key(...))` without
    /// building the key (no heap allocation).
    pub fn cached_choice(
        &self,
        cache: &AlgoCache,
        device: &DeviceKey,
        direction: Direction,
        options: &SearchOptions,
    ) -> Option<CachedAlgo> {
        cache.get_ref(self.key_ref(device, direction, options))
    }

    /// [`key`](Self::key), borrowed from the descriptors.
    pub(crate) fn key_ref<'a>(
        &'a self,
        device: &'a DeviceKey,
        direction: Direction,
        options: &'a SearchOptions,
    ) -> KeyRef<'a> {
        KeyRef {
            device,
            cudnn_version: self.x.lib_ref().version_text(),
            direction,
            data_type: T::CUDNN.0,
            compute_type: C::CUDNN.0,
            x_dims: self.x.dims(),
            x_strides: self.x.strides(),
            w_dims: self.w.dims(),
            w_format: self.w.format().0,
            y_dims: self.y.dims(),
            y_strides: self.y.strides(),
            pads: self.conv.pads(),
            strides: self.conv.strides(),
            dilations: self.conv.dilations(),
            groups: self.conv.groups(),
            mode: self.conv.mode().0,
            options,
        }
    }

    /// Checks that every descriptor of the problem was made by `lib` (the
    /// handle's), before they are handed to cuDNN with that handle.
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] naming the first descriptor of another
    /// loaded cuDNN.
    pub fn check_library(&self, lib: &Arc<Library>, function: &'static str) -> Result<()> {
        check_library(lib, function, "x", self.x.library())?;
        check_library(lib, function, "w", self.w.library())?;
        check_library(lib, function, "convolution", self.conv.library())?;
        check_library(lib, function, "y", self.y.library())
    }

    /// The checks of a fused conv-bias-activation launch that need no GPU:
    /// the bias is `(1, K, 1, ...)` for this problem's output
    /// ([`check_bias_shape`]), cuDNN fuses `activation` with `algo`
    /// ([`check_fused_activation`]), and the bias and activation
    /// descriptors are of the problem's library.
    ///
    /// # Errors
    /// [`Mismatch::Shape`], [`Mismatch::Unsupported`] or
    /// [`Mismatch::OtherLibrary`].
    pub fn check_bias_activation(
        &self,
        bias: &TensorDescriptor<T>,
        activation: &ActivationDescriptor,
        algo: FwdAlgo,
    ) -> Result<()> {
        check_bias_shape(BIAS_ACTIVATION, self.y.dims(), bias.dims())?;
        check_fused_activation(activation.mode(), algo)?;
        let lib = self.x.library();
        check_library(lib, BIAS_ACTIVATION, "bias", bias.library())?;
        check_library(lib, BIAS_ACTIVATION, "activation", activation.library())
    }
}

/// The strides of a packed tensor of `dims` (N, C, spatial...) into
/// `strides` (as long): the channel innermost when `nhwc`, row-major
/// otherwise; the rule of [`packed_strides`](crate::packed_strides),
/// without allocating.
#[inline]
fn fill_packed_strides(nhwc: bool, dims: &[usize], strides: &mut [usize]) {
    let rank = dims.len();
    let mut acc = 1usize;
    if nhwc && rank >= 3 {
        strides[1] = acc;
        acc = acc.saturating_mul(dims[1]);
        for d in (2..rank).rev() {
            strides[d] = acc;
            acc = acc.saturating_mul(dims[d]);
        }
        strides[0] = acc;
    } else {
        for d in (0..rank).rev() {
            strides[d] = acc;
            acc = acc.saturating_mul(dims[d]);
        }
    }
}

/// cuDNN fuses the identity activation only with the
/// `IMPLICIT_PRECOMP_GEMM` algorithm; other modes are left to cuDNN, which
/// answers `NOT_SUPPORTED` for those it cannot fuse.
///
/// # Errors
/// [`Mismatch::Unsupported`] for identity with another algorithm.
pub fn check_fused_activation(mode: ActivationMode, algo: FwdAlgo) -> Result<()> {
    ensure(
        mode != ActivationMode::CUDNN_ACTIVATION_IDENTITY
            || algo == FwdAlgo::CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
        BIAS_ACTIVATION,
        || Mismatch::Unsupported {
            what: format!(
                "the identity activation with forward algorithm {}: cuDNN fuses identity only \
                 with IMPLICIT_PRECOMP_GEMM",
                algo.0
            ),
        },
    )
}

/// A bias for output `y` is `(1, K, 1, ...)`.
///
/// # Errors
/// [`Mismatch::Shape`] for any other shape.
pub fn check_bias_shape(function: &'static str, y: &[usize], bias: &[usize]) -> Result<()> {
    let ok = bias.len() == y.len()
        && bias.first() == Some(&1)
        && y.get(1) == bias.get(1)
        && bias.iter().skip(2).all(|&d| d == 1);
    ensure(ok, function, || Mismatch::Shape {
        what: format!(
            "bias {bias:?} for output {y:?}: a bias is (1, {}, 1, ...)",
            y.get(1).copied().unwrap_or(0)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_strides_follow_the_tensor_rule() {
        use crate::core::tensor::{packed_strides, TensorFormat};
        for dims in [
            &[2, 3, 4, 5][..],
            &[1, 1, 1, 1],
            &[2, 1, 3, 3],
            &[3, 4, 1, 1],
            &[2, 3, 4, 5, 6],
            &[1, 2, 3],
            &[2, 2, 2, 2, 2, 2, 2, 2],
            &[usize::MAX, 2, 3, 4],
        ] {
            for (nhwc, format) in [
                (false, TensorFormat::CUDNN_TENSOR_NCHW),
                (true, TensorFormat::CUDNN_TENSOR_NHWC),
            ] {
                let mut ours = vec![0; dims.len()];
                fill_packed_strides(nhwc, dims, &mut ours);
                assert_eq!(ours, packed_strides(format, dims), "{dims:?} {nhwc}");
            }
        }
    }

    #[test]
    fn bias_shapes() {
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1, 1]).is_ok());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 7, 1, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 5, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1]).is_err());
    }
}
