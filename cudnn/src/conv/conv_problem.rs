//! The convolution problem: the four descriptors of one convolution,
//! checked against each other once, and the checks of its launches that
//! need no GPU.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, KeyRef, SearchOptions,
};
use super::conv_descriptor::ConvolutionDescriptor;
use super::FwdAlgo;
use crate::core::activation_descriptor::{ActivationDescriptor, ActivationMode};
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
    /// handle's), before they are handed to cuDNN with that handle by a
    /// query that takes no buffers (a launch checks each descriptor with its
    /// buffer).
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] naming the first descriptor of another
    /// loaded cuDNN.
    pub(crate) fn check_library(&self, lib: &Arc<Library>, function: &'static str) -> Result<()> {
        check_library(lib, function, "x", self.x.library())?;
        check_library(lib, function, "w", self.w.library())?;
        check_library(lib, function, "convolution", self.conv.library())?;
        check_library(lib, function, "y", self.y.library())
    }

    /// The rules of a fused conv-bias-activation launch beyond those of a
    /// forward launch: the bias is `(1, K, 1, ...)` for this problem's
    /// output ([`check_bias_shape`]) and cuDNN fuses `activation` with
    /// `algo` ([`check_fused_activation`]). The launch layer checks the
    /// bias's and the activation's library with the other descriptors.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] or [`Mismatch::Unsupported`].
    pub(crate) fn check_bias_activation(
        &self,
        bias: &TensorDescriptor<T>,
        activation: &ActivationDescriptor,
        algo: FwdAlgo,
    ) -> Result<()> {
        check_bias_shape(BIAS_ACTIVATION, self.y.dims(), bias.dims())?;
        check_fused_activation(activation.mode(), algo)
    }
}

/// The strides of a packed tensor of `dims` (N, C, spatial...) into
/// `strides` (as long): the channel innermost when `nhwc`, row-major
/// otherwise; the rule of [`packed_strides`](crate::tensor::packed_strides),
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
pub(crate) fn check_fused_activation(mode: ActivationMode, algo: FwdAlgo) -> Result<()> {
    ensure(
        mode != ActivationMode::CUDNN_ACTIVATION_IDENTITY || algo == FwdAlgo::IMPLICIT_PRECOMP_GEMM,
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
pub(crate) fn check_bias_shape(function: &'static str, y: &[usize], bias: &[usize]) -> Result<()> {
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
            for (nhwc, format) in [(false, TensorFormat::NCHW), (true, TensorFormat::NHWC)] {
                let mut ours = vec![0; dims.len()];
                fill_packed_strides(nhwc, dims, &mut ours);
                assert_eq!(ours, packed_strides(format, dims), "{dims:?} {nhwc}");
            }
        }
    }

    use crate::core::error::Error;
    use crate::core::modes::NanPropagation;
    use crate::core::tensor::TensorFormat;

    fn mismatch(e: &Error) -> &Mismatch {
        match e {
            Error::InvalidArgument { mismatch, .. } => mismatch,
            other => panic!("not an InvalidArgument: {other}"),
        }
    }

    #[test]
    fn bias_shapes() {
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1, 1]).is_ok());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 7, 1, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 5, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[]).is_err());
        assert!(check_bias_shape("f", &[], &[1]).is_err());
        check_bias_shape("f", &[2, 8, 4, 4, 4], &[1, 8, 1, 1, 1]).expect("3-d bias");
        let e = check_bias_shape(BIAS_ACTIVATION, &[2, 8, 4, 4], &[1, 4, 1, 1])
            .expect_err("bias channels");
        assert!(
            matches!(
                &e,
                Error::InvalidArgument {
                    function: BIAS_ACTIVATION,
                    mismatch: Mismatch::Shape { .. },
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn cudnn_fuses_identity_only_with_precomp_gemm() {
        check_fused_activation(ActivationMode::CUDNN_ACTIVATION_RELU, FwdAlgo::GEMM)
            .expect("relu with any algorithm");
        check_fused_activation(
            ActivationMode::CUDNN_ACTIVATION_IDENTITY,
            FwdAlgo::IMPLICIT_PRECOMP_GEMM,
        )
        .expect("identity with precomp gemm");
        let e = check_fused_activation(ActivationMode::CUDNN_ACTIVATION_IDENTITY, FwdAlgo::FFT)
            .expect_err("identity with fft");
        assert!(matches!(mismatch(&e), Mismatch::Unsupported { .. }), "{e}");
    }

    /// Two loaded copies of cuDNN, or `None` when it is not required and
    /// does not load.
    fn two_libraries() -> Option<(Arc<Library>, Arc<Library>)> {
        match (Library::open(None), Library::open(None)) {
            (Ok(a), Ok(b)) => Some((Arc::new(a), Arc::new(b))),
            (Err(e), _) | (_, Err(e)) => {
                assert!(
                    std::env::var_os("CUDNN_TEST_REQUIRE").is_none(),
                    "cuDNN is required: {e}"
                );
                eprintln!("not run: {e}");
                None
            }
        }
    }

    fn problem_in(data: &Arc<Library>, conv: &Arc<Library>) -> Result<ConvProblem<f32, f32>> {
        let nchw = TensorFormat::NCHW;
        ConvProblem::new(
            TensorDescriptor::new_in(Arc::clone(data), nchw, &[1, 4, 8, 8])?,
            FilterDescriptor::new_in(Arc::clone(data), nchw, &[8, 4, 3, 3])?,
            ConvolutionDescriptor::new_in(Arc::clone(conv), &[1, 1], &[1, 1], &[1, 1])?,
        )
    }

    #[test]
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
    fn descriptors_of_another_loaded_library_are_refused() {
        let Some((lib, other)) = two_libraries() else {
            return;
        };
        let named = |e: &Error, what: &str| matches!(mismatch(e), Mismatch::OtherLibrary { descriptor, .. } if *descriptor == what);
        let p = problem_in(&lib, &lib).expect("problem");
        p.check_library(&lib, "cudnnTest")
            .expect("the problem's own library");
        let e = p
            .check_library(&other, "cudnnTest")
            .expect_err("another library");
        assert!(named(&e, "x"), "{e}");
        // The shape rule needs no library: a problem may mix them, and is
        // refused before cuDNN sees it.
        let mixed = problem_in(&lib, &other).expect("mixed problem");
        let e = mixed
            .check_library(&lib, "cudnnTest")
            .expect_err("the convolution is the other library's");
        assert!(named(&e, "convolution"), "{e}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
    fn the_fused_launch_checks_its_bias_then_its_activation() {
        let Some((lib, _)) = two_libraries() else {
            return;
        };
        let p = problem_in(&lib, &lib).expect("problem");
        let nchw = TensorFormat::NCHW;
        let activation = |mode| {
            ActivationDescriptor::new_in(
                Arc::clone(&lib),
                mode,
                NanPropagation::NOT_PROPAGATE_NAN,
                0.0,
            )
            .expect("activation")
        };
        let relu = activation(ActivationMode::CUDNN_ACTIVATION_RELU);
        let identity = activation(ActivationMode::CUDNN_ACTIVATION_IDENTITY);
        let bias =
            TensorDescriptor::<f32>::new_in(Arc::clone(&lib), nchw, &[1, 8, 1, 1]).expect("bias");
        let gemm = FwdAlgo::IMPLICIT_PRECOMP_GEMM;
        p.check_bias_activation(&bias, &relu, gemm).expect("fits");
        p.check_bias_activation(&bias, &identity, gemm)
            .expect("identity with precomp gemm");
        let short_bias =
            TensorDescriptor::<f32>::new_in(Arc::clone(&lib), nchw, &[1, 4, 1, 1]).expect("bias");
        // The shape comes first.
        let e = p
            .check_bias_activation(&short_bias, &identity, FwdAlgo::FFT)
            .expect_err("bias shape");
        assert!(matches!(mismatch(&e), Mismatch::Shape { .. }), "{e}");
        let e = p
            .check_bias_activation(&bias, &identity, FwdAlgo::FFT)
            .expect_err("identity with fft");
        assert!(matches!(mismatch(&e), Mismatch::Unsupported { .. }), "{e}");
    }
}
