//! Convolution: descriptors, problems, algorithm selection and launches.
//!
//! A [`ConvProblem`] bundles the descriptors of one convolution (input,
//! filter, convolution, output), checked against each other once when it is
//! built. Launches ([`Handle::convolution_forward`] and friends) are safe:
//! before calling cuDNN they check every buffer against its descriptor, the
//! devices, and the workspace against what the algorithm needs.
//! [`Handle::find_forward`] and friends choose algorithms (cuDNN's heuristic
//! or a benchmark) through an [`AlgoCache`].

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cudarc::driver::CudaStream;
use cudnn_sys as sys;

use crate::activation::{ActivationDescriptor, ActivationMode};
pub(crate) mod algo_cache;

pub use algo_cache::{
    AlgoCache, AlgoKey, CachedAlgo, DeviceKey, Direction, SearchMode, SearchOptions,
};

use crate::descriptor::{raw_descriptor, to_c_dims, to_c_ints, Dims};
use crate::dtype::{ComputeType, ComputesIn, DataType, Scale};
use crate::error::{ensure, Error, Mismatch, Result};
use crate::handle::ContextKey;
use crate::handle::Handle;
use crate::launch::{check_lengths, DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::modes::MathType;
use crate::tensor::{FilterDescriptor, TensorDescriptor, TensorFormat};
use crate::workspace::Workspace;

/// Convolution or cross-correlation (`cudnnConvolutionMode_t`).
pub type ConvolutionMode = sys::cudnnConvolutionMode_t;
/// A forward algorithm (`cudnnConvolutionFwdAlgo_t`).
pub type FwdAlgo = sys::cudnnConvolutionFwdAlgo_t;
/// A backward-data algorithm (`cudnnConvolutionBwdDataAlgo_t`).
pub type BwdDataAlgo = sys::cudnnConvolutionBwdDataAlgo_t;
/// A backward-filter algorithm (`cudnnConvolutionBwdFilterAlgo_t`).
pub type BwdFilterAlgo = sys::cudnnConvolutionBwdFilterAlgo_t;

raw_descriptor!(
    /// An owned `cudnnConvolutionDescriptor_t`.
    RawConvolution,
    sys::cudnnConvolutionDescriptor_t,
    cudnnCreateConvolutionDescriptor,
    cudnnDestroyConvolutionDescriptor
);

/// A convolution descriptor with compute type `C`: padding, stride and
/// dilation per spatial dimension, groups, mode and math type.
///
/// Not `Clone`; `Send`, not `Sync`.
#[derive(Debug)]
pub struct ConvolutionDescriptor<C: ComputeType> {
    raw: RawConvolution,
    pads: Dims,
    strides: Dims,
    dilations: Dims,
    mode: ConvolutionMode,
    groups: usize,
    math: std::cell::Cell<MathType>,
    _c: PhantomData<fn() -> C>,
}

impl<C: ComputeType> ConvolutionDescriptor<C> {
    /// A cross-correlation (what deep-learning frameworks call convolution)
    /// with the given padding, stride and dilation per spatial dimension
    /// (1, 2 or 3 of them), one group, the default math type, with the
    /// process-wide library. One spatial dimension is described to cuDNN as
    /// two, the first of size 1 (see [`TensorDescriptor::new_1d`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for lists of different lengths, a stride
    /// or dilation of 0, or values beyond `i32::MAX`; cuDNN's error
    /// otherwise.
    #[doc(alias = "cudnnSetConvolutionNdDescriptor")]
    #[doc(alias = "cudnnSetConvolution2dDescriptor")]
    pub fn new(pads: &[usize], strides: &[usize], dilations: &[usize]) -> Result<Self> {
        Self::new_in(library()?, pads, strides, dilations)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        pads: &[usize],
        strides: &[usize],
        dilations: &[usize],
    ) -> Result<Self> {
        const F: &str = "cudnnSetConvolutionNdDescriptor";
        let n = pads.len();
        ensure(strides.len() == n && dilations.len() == n, F, || {
            Mismatch::Shape {
                what: format!(
                    "{} paddings, {} strides and {} dilations: one of each per spatial dimension",
                    n,
                    strides.len(),
                    dilations.len()
                ),
            }
        })?;
        ensure((1..=3).contains(&n), F, || Mismatch::BadValue {
            what: format!("{n} spatial dimensions: cuDNN convolves 1-d (as 2-d), 2-d and 3-d data"),
        })?;
        // At most 3 values (checked above), so Dims::new cannot fail.
        let lift = |v: &[usize], first: usize| -> Dims {
            let lifted = if n == 1 {
                Dims::new(&[first, v[0]])
            } else {
                Dims::new(v)
            };
            lifted.unwrap_or(Dims::zeros(0))
        };
        let raw = RawConvolution::create(lib)?;
        let mut desc = ConvolutionDescriptor {
            raw,
            pads: lift(pads, 0),
            strides: lift(strides, 1),
            dilations: lift(dilations, 1),
            mode: ConvolutionMode::CUDNN_CROSS_CORRELATION,
            groups: 1,
            math: std::cell::Cell::new(MathType::CUDNN_DEFAULT_MATH),
            _c: PhantomData,
        };
        desc.apply()?;
        Ok(desc)
    }

    /// A 2-d cross-correlation: padding, stride and dilation as (h, w) pairs.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_2d(pad: [usize; 2], stride: [usize; 2], dilation: [usize; 2]) -> Result<Self> {
        Self::new(&pad, &stride, &dilation)
    }

    fn apply(&mut self) -> Result<()> {
        const F: &str = "cudnnSetConvolutionNdDescriptor";
        let pads = to_c_dims(&self.pads, 0, "pads", F)?;
        let strides = to_c_dims(&self.strides, 1, "strides", F)?;
        let dilations = to_c_dims(&self.dilations, 1, "dilations", F)?;
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionNdDescriptor);
        // SAFETY: the descriptor is live; the arrays hold `len` ints each.
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                pads.len(),
                pads.as_ptr(),
                strides.as_ptr(),
                dilations.as_ptr(),
                self.mode,
                C::CUDNN,
            )
        };
        set.check(status)
    }

    /// Sets convolution (the kernel flipped) or cross-correlation.
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn with_mode(mut self, mode: ConvolutionMode) -> Result<Self> {
        self.mode = mode;
        self.apply()?;
        Ok(self)
    }

    /// Sets the number of groups (input and output channels must be
    /// multiples of it; depthwise convolution has as many groups as input
    /// channels).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for 0 groups; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetConvolutionGroupCount")]
    pub fn with_groups(mut self, groups: usize) -> Result<Self> {
        const F: &str = "cudnnSetConvolutionGroupCount";
        let g = to_c_ints(&[groups], 1, "groups", F)?[0];
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionGroupCount);
        // SAFETY: the descriptor is live.
        let status = unsafe { (set.f)(self.raw.ptr(), g) };
        set.check(status)?;
        self.groups = groups;
        Ok(self)
    }

    /// Sets the math type (tensor cores, TF32, down-conversion). Algorithm
    /// choices carry their own math type, which launches apply.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnSetConvolutionMathType")]
    pub fn with_math_type(self, math: MathType) -> Result<Self> {
        self.set_math_type(math)?;
        Ok(self)
    }

    /// Sets the math type through a shared reference: the descriptor is not
    /// `Sync`, so no other thread can see it change.
    pub(crate) fn set_math_type(&self, math: MathType) -> Result<()> {
        if self.math.get() == math {
            return Ok(());
        }
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionMathType);
        // SAFETY: the descriptor is live.
        let status = unsafe { (set.f)(self.raw.ptr(), math) };
        set.check(status)?;
        self.math.set(math);
        Ok(())
    }

    /// Paddings per spatial dimension (two for a 1-d convolution).
    pub fn pads(&self) -> &[usize] {
        &self.pads
    }
    /// Strides per spatial dimension.
    pub fn strides(&self) -> &[usize] {
        &self.strides
    }
    /// Dilations per spatial dimension.
    pub fn dilations(&self) -> &[usize] {
        &self.dilations
    }
    /// Groups.
    pub fn groups(&self) -> usize {
        self.groups
    }
    /// Convolution or cross-correlation.
    pub fn mode(&self) -> ConvolutionMode {
        self.mode
    }
    /// The math type currently set.
    pub fn math_type(&self) -> MathType {
        self.math.get()
    }
    /// The number of spatial dimensions as described to cuDNN.
    pub fn spatial_rank(&self) -> usize {
        self.pads.len()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnConvolutionDescriptor_t {
        self.raw.ptr()
    }

    /// The output dimensions (N, K, spatial...) of convolving input `x`
    /// with filter `w`, computed by this crate (the same rule as cuDNN's
    /// `cudnnGetConvolutionNdForwardOutputDim`, checked against it in the
    /// tests): `(in + 2 * pad - ((k - 1) * dilation + 1)) / stride + 1`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the shapes do not fit together.
    pub fn output_dims<T: ComputesIn<C>>(
        &self,
        x: &TensorDescriptor<T>,
        w: &FilterDescriptor<T>,
    ) -> Result<Vec<usize>> {
        self.output_dims_inline(x.dims(), w.dims())
            .map(|d| d.to_vec())
    }

    /// [`output_dims`](Self::output_dims) of raw shapes, without allocating.
    fn output_dims_inline(&self, x: &[usize], w: &[usize]) -> Result<Dims> {
        output_rule(
            x,
            w,
            &self.pads,
            &self.strides,
            &self.dilations,
            self.groups,
        )
        .map_err(|what| Error::InvalidArgument {
            function: "cudnnGetConvolutionNdForwardOutputDim",
            mismatch: Mismatch::Shape { what },
        })
    }

    /// cuDNN's own answer for [`output_dims`](Self::output_dims).
    ///
    /// # Errors
    /// cuDNN's error for shapes it rejects.
    #[doc(alias = "cudnnGetConvolutionNdForwardOutputDim")]
    pub fn cudnn_output_dims<T: ComputesIn<C>>(
        &self,
        x: &TensorDescriptor<T>,
        w: &FilterDescriptor<T>,
    ) -> Result<Vec<i64>> {
        let get = ffi!(self.raw.lib(), cudnnGetConvolutionNdForwardOutputDim);
        let rank = x.dims().len();
        let mut out = vec![0i32; rank];
        // SAFETY: all descriptors are live; `out` has room for the input's
        // rank, which is what cuDNN writes.
        let status = unsafe {
            (get.f)(
                self.raw.ptr(),
                x.as_raw(),
                w.as_raw(),
                rank as i32,
                out.as_mut_ptr(),
            )
        };
        get.check(status)?;
        Ok(out.into_iter().map(i64::from).collect())
    }
}

/// The output shape rule, as a plain function: `Err` says what does not
/// fit. `x` and `w` are (N, C, spatial...) and (K, C/groups, kernel...).
pub fn output_dims(
    x: &[usize],
    w: &[usize],
    pads: &[usize],
    strides: &[usize],
    dilations: &[usize],
    groups: usize,
) -> std::result::Result<Vec<usize>, String> {
    output_rule(x, w, pads, strides, dilations, groups).map(|d| d.to_vec())
}

fn output_rule(
    x: &[usize],
    w: &[usize],
    pads: &[usize],
    strides: &[usize],
    dilations: &[usize],
    groups: usize,
) -> std::result::Result<Dims, String> {
    let spatial = pads.len();
    if x.len() != spatial + 2
        || w.len() != spatial + 2
        || strides.len() != spatial
        || dilations.len() != spatial
    {
        return Err(format!(
            "input {x:?} and filter {w:?} must have {} dims for {spatial} spatial dimensions",
            spatial + 2
        ));
    }
    if groups == 0 || w[1].checked_mul(groups) != Some(x[1]) {
        return Err(format!(
            "input has {} channels but the filter takes {} per group x {groups} groups",
            x[1], w[1]
        ));
    }
    if !w[0].is_multiple_of(groups) {
        return Err(format!(
            "{} output channels do not divide into {groups} groups",
            w[0]
        ));
    }
    let mut out = Dims::new(x).ok_or("more than 8 dims")?;
    let o = out.as_mut_slice();
    o[1] = w[0];
    for d in 0..spatial {
        let span = w[d + 2]
            .checked_sub(1)
            .ok_or_else(|| format!("spatial dim {d}: the kernel is empty"))?
            .checked_mul(dilations[d])
            .and_then(|s| s.checked_add(1))
            .ok_or("kernel span overflows")?;
        let padded = x[d + 2]
            .checked_add(pads[d].checked_mul(2).ok_or("padding overflows")?)
            .ok_or("padding overflows")?;
        if span > padded || strides[d] == 0 {
            return Err(format!(
                "spatial dim {d}: a kernel spanning {span} does not fit the padded input of {padded}"
            ));
        }
        o[d + 2] = (padded - span) / strides[d] + 1;
    }
    Ok(out)
}

/// Gives each problem a number, so that an algorithm choice can tell
/// whether it was made for the problem it is used with.
static NEXT_PROBLEM_ID: AtomicU64 = AtomicU64::new(1);

/// One convolution: input `x`, filter `w`, the convolution and the output
/// `y` (element type `T`, compute type `C`), checked against each other.
/// The same problem serves forward, backward data (`dx` has `x`'s
/// descriptor, `dy` has `y`'s) and backward filter (`dw` has `w`'s).
#[derive(Debug)]
pub struct ConvProblem<T: ComputesIn<C>, C: ComputeType> {
    x: TensorDescriptor<T>,
    w: FilterDescriptor<T>,
    conv: ConvolutionDescriptor<C>,
    y: TensorDescriptor<T>,
    id: u64,
}

impl<T: ComputesIn<C>, C: ComputeType> ConvProblem<T, C> {
    /// A problem whose output is packed in the input's layout (NHWC when
    /// the input is packed NHWC, NCHW otherwise).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the shapes do not fit together;
    /// cuDNN's error for an output it rejects.
    pub fn new(
        x: TensorDescriptor<T>,
        w: FilterDescriptor<T>,
        conv: ConvolutionDescriptor<C>,
    ) -> Result<Self> {
        let dims = conv.output_dims_inline(x.dims(), w.dims())?;
        let format = match x.packed_format() {
            Some(TensorFormat::CUDNN_TENSOR_NHWC) => TensorFormat::CUDNN_TENSOR_NHWC,
            _ => TensorFormat::CUDNN_TENSOR_NCHW,
        };
        let y = TensorDescriptor::new_in(Arc::clone(x.library()), format, &dims)?;
        Ok(Self::assemble(x, w, conv, y))
    }

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
        let dims = conv.output_dims_inline(x.dims(), w.dims())?;
        ensure(y.dims() == &*dims, "cudnnConvolutionForward", || {
            Mismatch::Shape {
                what: format!(
                    "output descriptor {:?} but the convolution produces {dims:?}",
                    y.dims()
                ),
            }
        })?;
        Ok(Self::assemble(x, w, conv, y))
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
        AlgoKey {
            device: device.clone(),
            cudnn_version: self.x.library().version().to_string(),
            direction,
            data_type: T::CUDNN.0,
            compute_type: C::CUDNN.0,
            x_dims: self.x.dims().to_vec(),
            x_strides: self.x.strides().to_vec(),
            w_dims: self.w.dims().to_vec(),
            w_format: self.w.format().0,
            y_dims: self.y.dims().to_vec(),
            y_strides: self.y.strides().to_vec(),
            pads: self.conv.pads().to_vec(),
            strides: self.conv.strides().to_vec(),
            dilations: self.conv.dilations().to_vec(),
            groups: self.conv.groups(),
            mode: self.conv.mode().0,
            options: options.clone(),
        }
    }

    /// Checks buffer lengths for a forward launch (the part of a launch's
    /// checks that needs no GPU).
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] naming the first short buffer.
    pub fn check_forward_lengths(&self, x: usize, w: usize, y: usize) -> Result<()> {
        check_lengths(
            "cudnnConvolutionForward",
            &[
                ("x", x, self.x.required_len()),
                ("w", w, self.w.required_len()),
                ("y", y, self.y.required_len()),
            ],
        )
    }

    /// Checks buffer lengths for a backward-data launch.
    ///
    /// # Errors
    /// As [`check_forward_lengths`](Self::check_forward_lengths).
    pub fn check_backward_data_lengths(&self, w: usize, dy: usize, dx: usize) -> Result<()> {
        check_lengths(
            "cudnnConvolutionBackwardData",
            &[
                ("w", w, self.w.required_len()),
                ("dy", dy, self.y.required_len()),
                ("dx", dx, self.x.required_len()),
            ],
        )
    }

    /// Checks buffer lengths for a backward-filter launch.
    ///
    /// # Errors
    /// As [`check_forward_lengths`](Self::check_forward_lengths).
    pub fn check_backward_filter_lengths(&self, x: usize, dy: usize, dw: usize) -> Result<()> {
        check_lengths(
            "cudnnConvolutionBackwardFilter",
            &[
                ("x", x, self.x.required_len()),
                ("dy", dy, self.y.required_len()),
                ("dw", dw, self.w.required_len()),
            ],
        )
    }
}

/// An algorithm chosen for one problem and direction, with the math type
/// and workspace it runs with. Made by the search functions or by
/// [`Handle::forward_algo`] and friends, which ask cuDNN for the workspace
/// size; a launch re-asks when the choice was made for another problem.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlgoChoice<A> {
    algo: A,
    math_type: MathType,
    workspace: usize,
    time_ms: Option<f32>,
    deterministic: bool,
    problem: u64,
    // Where the workspace size was asked: the CUDA context and the loaded
    // library. Used elsewhere, the size is asked for again.
    context: Option<ContextKey>,
    library: usize,
}

impl<A: Copy> AlgoChoice<A> {
    /// A choice of `algo` with `math_type` made by hand, for no problem in
    /// particular: launches ask cuDNN for its workspace each time (use the
    /// search functions, or [`Handle::forward_algo`] and friends, to avoid
    /// that query).
    pub fn new(algo: A, math_type: MathType) -> Self {
        AlgoChoice {
            algo,
            math_type,
            workspace: 0,
            time_ms: None,
            deterministic: false,
            problem: 0,
            context: None,
            library: 0,
        }
    }

    /// The algorithm.
    pub fn algo(&self) -> A {
        self.algo
    }
    /// The math type it runs with.
    pub fn math_type(&self) -> MathType {
        self.math_type
    }
    /// Workspace bytes it needs.
    pub fn workspace(&self) -> usize {
        self.workspace
    }
    /// Its time in milliseconds, when it was benchmarked.
    pub fn time_ms(&self) -> Option<f32> {
        self.time_ms
    }
    /// Whether cuDNN reports it deterministic.
    pub fn is_deterministic(&self) -> bool {
        self.deterministic
    }
}

/// What every per-direction operation differs in, so that the search and
/// launch code is written once.
trait Dir {
    type Algo: Copy + PartialEq + std::fmt::Debug;
    type Perf: Copy + Default;
    const DIRECTION: Direction;
    fn algo_from_raw(raw: i32) -> Self::Algo;
    fn algo_raw(a: Self::Algo) -> i32;
    fn perf(p: &Self::Perf) -> (Self::Algo, sys::cudnnStatus_t, f32, usize, bool, MathType);
}

macro_rules! direction {
    ($name:ident, $algo:ty, $perf:ty, $dir:expr) => {
        struct $name;
        impl Dir for $name {
            type Algo = $algo;
            type Perf = $perf;
            const DIRECTION: Direction = $dir;
            fn algo_from_raw(raw: i32) -> $algo {
                <$algo>::from_raw(raw)
            }
            fn algo_raw(a: $algo) -> i32 {
                a.0 as i32
            }
            fn perf(p: &$perf) -> ($algo, sys::cudnnStatus_t, f32, usize, bool, MathType) {
                (
                    p.algo,
                    p.status,
                    p.time,
                    p.memory,
                    p.determinism == sys::cudnnDeterminism_t::CUDNN_DETERMINISTIC,
                    p.mathType,
                )
            }
        }
    };
}

trait FromRaw {
    fn from_raw(raw: i32) -> Self;
}
macro_rules! from_raw {
    ($($t:ty),*) => {$(
        impl FromRaw for $t {
            fn from_raw(raw: i32) -> Self {
                Self(raw as _)
            }
        }
    )*};
}
from_raw!(FwdAlgo, BwdDataAlgo, BwdFilterAlgo);

direction!(
    Fwd,
    FwdAlgo,
    sys::cudnnConvolutionFwdAlgoPerf_t,
    Direction::Forward
);
direction!(
    BwdData,
    BwdDataAlgo,
    sys::cudnnConvolutionBwdDataAlgoPerf_t,
    Direction::BackwardData
);
direction!(
    BwdFilter,
    BwdFilterAlgo,
    sys::cudnnConvolutionBwdFilterAlgoPerf_t,
    Direction::BackwardFilter
);

/// Keeps the perf results cuDNN's search returned that `options` allow, in
/// cuDNN's order (fastest or most promising first).
fn usable<D: Dir, T: DataType>(
    results: &[D::Perf],
    options: &SearchOptions,
) -> Vec<(D::Algo, MathType, usize, f32, bool)> {
    results
        .iter()
        .map(D::perf)
        .filter(|&(_, status, _, memory, deterministic, math)| {
            status.0 == 0
                && (!options.deterministic || deterministic)
                && options.workspace_limit.is_none_or(|l| memory <= l)
                && (options.allow_down_conversion
                    || math != MathType::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION)
                && (options.allow_tf32
                    || T::CUDNN != sys::cudnnDataType_t::CUDNN_DATA_FLOAT
                    || math == MathType::CUDNN_FMA_MATH)
        })
        .map(|(a, _, time, memory, det, math)| (a, math, memory, time, det))
        .collect()
}

/// The math type a search starts from: FMA for f32 without TF32, tensor
/// cores otherwise (with down-conversion when allowed).
fn search_math_type<T: DataType>(options: &SearchOptions) -> MathType {
    if T::CUDNN == sys::cudnnDataType_t::CUDNN_DATA_FLOAT && !options.allow_tf32 {
        MathType::CUDNN_FMA_MATH
    } else if options.allow_down_conversion {
        MathType::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION
    } else {
        MathType::CUDNN_DEFAULT_MATH
    }
}

/// The device part of cache keys for `handle`'s stream.
fn device_key(handle: &Handle, function: &'static str) -> Result<DeviceKey> {
    let stream = handle.launch_stream(function)?;
    let ctx = stream.context();
    Ok(DeviceKey {
        ordinal: ctx.ordinal(),
        name: ctx.name()?,
        compute_capability: ctx.compute_capability()?,
    })
}

impl Handle {
    fn set_math<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        m: MathType,
    ) -> Result<()> {
        p.conv.set_math_type(m)
    }

    /// The workspace `algo` needs for `p` in the forward direction, with
    /// math type `math`.
    fn forward_workspace<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: FwdAlgo,
        math: MathType,
    ) -> Result<usize> {
        self.set_math(p, math)?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetConvolutionForwardWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and all descriptors are live; `size` is a valid
        // out-pointer.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                p.x.as_raw(),
                p.w.as_raw(),
                p.conv.as_raw(),
                p.y.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    fn backward_data_workspace<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdDataAlgo,
        math: MathType,
    ) -> Result<usize> {
        self.set_math(p, math)?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetConvolutionBackwardDataWorkspaceSize);
        let mut size = 0usize;
        // SAFETY: as in forward_workspace.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                p.w.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.x.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    fn backward_filter_workspace<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdFilterAlgo,
        math: MathType,
    ) -> Result<usize> {
        self.set_math(p, math)?;
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetConvolutionBackwardFilterWorkspaceSize
        );
        let mut size = 0usize;
        // SAFETY: as in forward_workspace.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                p.x.as_raw(),
                p.y.as_raw(),
                p.conv.as_raw(),
                p.w.as_raw(),
                algo,
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// A forward choice of `algo` with `math` for `p`, its workspace asked
    /// of cuDNN.
    ///
    /// # Errors
    /// cuDNN's error when the algorithm does not support the problem.
    pub fn forward_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: FwdAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<FwdAlgo>> {
        let workspace = self.forward_workspace(p, algo, math)?;
        Ok(AlgoChoice {
            algo,
            math_type: math,
            workspace,
            time_ms: None,
            deterministic: false,
            problem: p.id,
            context: self.context_key(),
            library: Arc::as_ptr(self.library()) as usize,
        })
    }

    /// A backward-data choice of `algo` with `math` for `p`.
    ///
    /// # Errors
    /// As [`forward_algo`](Self::forward_algo).
    pub fn backward_data_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdDataAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<BwdDataAlgo>> {
        let workspace = self.backward_data_workspace(p, algo, math)?;
        Ok(AlgoChoice {
            algo,
            math_type: math,
            workspace,
            time_ms: None,
            deterministic: false,
            problem: p.id,
            context: self.context_key(),
            library: Arc::as_ptr(self.library()) as usize,
        })
    }

    /// A backward-filter choice of `algo` with `math` for `p`.
    ///
    /// # Errors
    /// As [`forward_algo`](Self::forward_algo).
    pub fn backward_filter_algo<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        algo: BwdFilterAlgo,
        math: MathType,
    ) -> Result<AlgoChoice<BwdFilterAlgo>> {
        let workspace = self.backward_filter_workspace(p, algo, math)?;
        Ok(AlgoChoice {
            algo,
            math_type: math,
            workspace,
            time_ms: None,
            deterministic: false,
            problem: p.id,
            context: self.context_key(),
            library: Arc::as_ptr(self.library()) as usize,
        })
    }

    /// Runs one of cuDNN's `cudnnGet*Algorithm_v7` heuristics through
    /// `query` (which gets room for 16 results and a count to fill) and
    /// returns the results it wrote.
    fn heuristic<P: Copy + Default>(
        query: impl FnOnce(i32, &mut i32, *mut P) -> Result<()>,
    ) -> Result<Vec<P>> {
        let mut perf = vec![P::default(); 16];
        let mut n = 0i32;
        query(perf.len() as i32, &mut n, perf.as_mut_ptr())?;
        perf.truncate(n.clamp(0, 16) as usize);
        Ok(perf)
    }

    /// What the three `*_candidates` share: the heuristic's allowed answers,
    /// each made into a choice by `make` (which asks cuDNN for its
    /// workspace), within the workspace limit.
    fn candidates<D: Dir, T: DataType>(
        perf: &[D::Perf],
        options: &SearchOptions,
        make: impl Fn(D::Algo, MathType) -> Result<AlgoChoice<D::Algo>>,
    ) -> Result<Vec<AlgoChoice<D::Algo>>> {
        usable::<D, T>(perf, options)
            .into_iter()
            .map(|(algo, math, _, _, det)| {
                let mut c = make(algo, math)?;
                c.deterministic = det;
                Ok(c)
            })
            .filter(
                |c| !matches!(c, Ok(c) if options.workspace_limit.is_some_and(|l| c.workspace > l)),
            )
            .collect()
    }

    /// Every forward algorithm cuDNN's heuristic allows under `options`,
    /// best first, each with its workspace (as asked of cuDNN for its math
    /// type).
    ///
    /// # Errors
    /// cuDNN's error; a CUDA error.
    #[doc(alias = "cudnnGetConvolutionForwardAlgorithm_v7")]
    pub fn forward_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<FwdAlgo>>> {
        self.set_math(p, search_math_type::<T>(options))?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetConvolutionForwardAlgorithm_v7);
        let perf = Self::heuristic(|cap, n, out| {
            // SAFETY: descriptors are live; `out` has room for `cap` results.
            get.check(unsafe {
                (get.f)(
                    self.as_raw(),
                    p.x.as_raw(),
                    p.w.as_raw(),
                    p.conv.as_raw(),
                    p.y.as_raw(),
                    cap,
                    n,
                    out,
                )
            })
        })?;
        Self::candidates::<Fwd, T>(&perf, options, |a, m| self.forward_algo(p, a, m))
    }

    /// As [`forward_candidates`](Self::forward_candidates), backward data.
    ///
    /// # Errors
    /// As [`forward_candidates`](Self::forward_candidates).
    #[doc(alias = "cudnnGetConvolutionBackwardDataAlgorithm_v7")]
    pub fn backward_data_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<BwdDataAlgo>>> {
        self.set_math(p, search_math_type::<T>(options))?;
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetConvolutionBackwardDataAlgorithm_v7);
        let perf = Self::heuristic(|cap, n, out| {
            // SAFETY: descriptors are live; `out` has room for `cap` results.
            get.check(unsafe {
                (get.f)(
                    self.as_raw(),
                    p.w.as_raw(),
                    p.y.as_raw(),
                    p.conv.as_raw(),
                    p.x.as_raw(),
                    cap,
                    n,
                    out,
                )
            })
        })?;
        Self::candidates::<BwdData, T>(&perf, options, |a, m| self.backward_data_algo(p, a, m))
    }

    /// As [`forward_candidates`](Self::forward_candidates), backward filter.
    ///
    /// # Errors
    /// As [`forward_candidates`](Self::forward_candidates).
    #[doc(alias = "cudnnGetConvolutionBackwardFilterAlgorithm_v7")]
    pub fn backward_filter_candidates<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
    ) -> Result<Vec<AlgoChoice<BwdFilterAlgo>>> {
        self.set_math(p, search_math_type::<T>(options))?;
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetConvolutionBackwardFilterAlgorithm_v7
        );
        let perf = Self::heuristic(|cap, n, out| {
            // SAFETY: descriptors are live; `out` has room for `cap` results.
            get.check(unsafe {
                (get.f)(
                    self.as_raw(),
                    p.x.as_raw(),
                    p.y.as_raw(),
                    p.conv.as_raw(),
                    p.w.as_raw(),
                    cap,
                    n,
                    out,
                )
            })
        })?;
        Self::candidates::<BwdFilter, T>(&perf, options, |a, m| self.backward_filter_algo(p, a, m))
    }

    /// Reserves the workspace for the largest candidate it can, falling
    /// back to smaller ones when an allocation fails; returns the size.
    fn reserve_for_search(
        &self,
        ws: &mut Workspace,
        sizes: impl Iterator<Item = usize>,
    ) -> Result<usize> {
        let stream = self.launch_stream("cudnnFindConvolutionForwardAlgorithmEx")?;
        let mut sizes: Vec<usize> = sizes.collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut last_err = None;
        for &size in sizes.iter().rev() {
            match ws.reserve(stream, size) {
                Ok(()) => return Ok(size),
                Err(e) => last_err = Some(e),
            }
        }
        match last_err {
            Some(e) if sizes.first().copied().unwrap_or(0) > 0 => Err(e),
            _ => Ok(0),
        }
    }

    /// What the three `find_*` share: a cache hit, else the heuristic's
    /// best, or a benchmark (the caller has checked the buffers);
    /// `benchmark` runs cuDNN's `Find*Ex` with the stream, the
    /// workspace and its usable size, and returns its results.
    #[allow(clippy::too_many_arguments)]
    fn search<D: Dir, T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        function: &'static str,
        candidates: impl FnOnce() -> Result<Vec<AlgoChoice<D::Algo>>>,
        make: impl Fn(D::Algo, MathType) -> Result<AlgoChoice<D::Algo>>,
        benchmark: impl FnOnce(&CudaStream, &mut Workspace, usize) -> Result<Vec<D::Perf>>,
    ) -> Result<AlgoChoice<D::Algo>> {
        let key = p.key(&device_key(self, function)?, D::DIRECTION, options);
        if let Some(hit) = cache.get(&key) {
            let mut c = make(
                D::algo_from_raw(hit.algo),
                sys::cudnnMathType_t(hit.math_type as _),
            )?;
            c.time_ms = hit.time_ms;
            c.deterministic = hit.deterministic;
            return Ok(c);
        }
        let candidates = candidates()?;
        let choice = if options.mode == SearchMode::Heuristic {
            // The best candidate whose workspace can be allocated now: when
            // memory is short, fall through to the next one.
            let stream = self.launch_stream(function)?;
            let mut last_err = None;
            let mut chosen = None;
            for c in candidates {
                match ws.reserve(stream, c.workspace) {
                    Ok(()) => {
                        chosen = Some(c);
                        break;
                    }
                    Err(e) => last_err = Some(e),
                }
            }
            match (chosen, last_err) {
                (None, Some(e)) => return Err(e),
                (chosen, _) => chosen,
            }
        } else {
            let size = self.reserve_for_search(ws, candidates.iter().map(|c| c.workspace))?;
            self.set_math(p, search_math_type::<T>(options))?;
            let perf = benchmark(self.launch_stream(function)?, ws, size)?;
            usable::<D, T>(&perf, options)
                .into_iter()
                .find(|&(_, _, mem, _, _)| mem <= size)
                .map(
                    |(algo, math, _, time, det)| -> Result<AlgoChoice<D::Algo>> {
                        let mut c = make(algo, math)?;
                        c.time_ms = Some(time);
                        c.deterministic = det;
                        Ok(c)
                    },
                )
                .transpose()?
        };
        self.remember::<D>(cache, key, choice, function)
    }

    /// Chooses the forward algorithm for `p` under `options`: from `cache`
    /// when it has the answer, else by cuDNN's heuristic (the best candidate
    /// whose workspace `ws` can be grown to; when an allocation fails, the
    /// next) or by benchmarking
    /// (`cudnnFindConvolutionForwardAlgorithmEx`, which runs every candidate
    /// on `x`, `w` and `y`; `y` is overwritten), then remembered in `cache`.
    /// A cache hit asks cuDNN for the workspace again (cheap, and a stale or
    /// edited cache file cannot cause an out-of-bounds workspace).
    ///
    /// # Errors
    /// cuDNN's and CUDA's errors; [`Mismatch::Unsupported`] when no
    /// algorithm satisfies `options`.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnFindConvolutionForwardAlgorithmEx")]
    pub fn find_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        x: &impl DeviceBuffer<T>,
        w: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<AlgoChoice<FwdAlgo>> {
        const F: &str = "cudnnFindConvolutionForwardAlgorithmEx";
        if options.mode == SearchMode::Benchmark {
            let stream = self.launch_stream(F)?;
            crate::launch::check_input(self.library(), stream, F, "x", x, &p.x)?;
            crate::launch::check_input(self.library(), stream, F, "w", w, &p.w)?;
            crate::launch::check_output(self.library(), stream, F, "y", y, &p.y)?;
        }
        self.search::<Fwd, T, C>(
            p,
            options,
            cache,
            ws,
            F,
            || self.forward_candidates(p, options),
            |a, m| self.forward_algo(p, a, m),
            |stream, ws, size| {
                let find = ffi!(self.library(), cudnnFindConvolutionForwardAlgorithmEx);
                let (xp, _gx) = x.device_ptr(stream);
                let (wp, _gw) = w.device_ptr(stream);
                let (yp, _gy) = y.device_ptr_mut(stream);
                let (wsp, wslen, _gws) = ws.device_ptr(stream);
                Self::heuristic(|cap, n, out| {
                    // SAFETY: buffers were checked against their descriptors
                    // and devices; the workspace holds `size` <= `wslen`
                    // bytes; `out` has room for `cap` results.
                    find.check(unsafe {
                        (find.f)(
                            self.as_raw(),
                            p.x.as_raw(),
                            xp as _,
                            p.w.as_raw(),
                            wp as _,
                            p.conv.as_raw(),
                            p.y.as_raw(),
                            yp as _,
                            cap,
                            n,
                            out,
                            wsp as _,
                            size.min(wslen),
                        )
                    })
                })
            },
        )
    }

    /// As [`find_forward`](Self::find_forward), backward data (`dx` is
    /// overwritten when benchmarking).
    ///
    /// # Errors
    /// As [`find_forward`](Self::find_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnFindConvolutionBackwardDataAlgorithmEx")]
    pub fn find_backward_data<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        w: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<AlgoChoice<BwdDataAlgo>> {
        const F: &str = "cudnnFindConvolutionBackwardDataAlgorithmEx";
        if options.mode == SearchMode::Benchmark {
            let stream = self.launch_stream(F)?;
            crate::launch::check_input(self.library(), stream, F, "w", w, &p.w)?;
            crate::launch::check_input(self.library(), stream, F, "dy", dy, &p.y)?;
            crate::launch::check_output(self.library(), stream, F, "dx", dx, &p.x)?;
        }
        self.search::<BwdData, T, C>(
            p,
            options,
            cache,
            ws,
            F,
            || self.backward_data_candidates(p, options),
            |a, m| self.backward_data_algo(p, a, m),
            |stream, ws, size| {
                let find = ffi!(self.library(), cudnnFindConvolutionBackwardDataAlgorithmEx);
                let (wp, _gw) = w.device_ptr(stream);
                let (dyp, _gdy) = dy.device_ptr(stream);
                let (dxp, _gdx) = dx.device_ptr_mut(stream);
                let (wsp, wslen, _gws) = ws.device_ptr(stream);
                Self::heuristic(|cap, n, out| {
                    // SAFETY: as in find_forward.
                    find.check(unsafe {
                        (find.f)(
                            self.as_raw(),
                            p.w.as_raw(),
                            wp as _,
                            p.y.as_raw(),
                            dyp as _,
                            p.conv.as_raw(),
                            p.x.as_raw(),
                            dxp as _,
                            cap,
                            n,
                            out,
                            wsp as _,
                            size.min(wslen),
                        )
                    })
                })
            },
        )
    }

    /// As [`find_forward`](Self::find_forward), backward filter (`dw` is
    /// overwritten when benchmarking).
    ///
    /// # Errors
    /// As [`find_forward`](Self::find_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnFindConvolutionBackwardFilterAlgorithmEx")]
    pub fn find_backward_filter<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        options: &SearchOptions,
        cache: &AlgoCache,
        ws: &mut Workspace,
        x: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        dw: &mut impl DeviceBufferMut<T>,
    ) -> Result<AlgoChoice<BwdFilterAlgo>> {
        const F: &str = "cudnnFindConvolutionBackwardFilterAlgorithmEx";
        if options.mode == SearchMode::Benchmark {
            let stream = self.launch_stream(F)?;
            crate::launch::check_input(self.library(), stream, F, "x", x, &p.x)?;
            crate::launch::check_input(self.library(), stream, F, "dy", dy, &p.y)?;
            crate::launch::check_output(self.library(), stream, F, "dw", dw, &p.w)?;
        }
        self.search::<BwdFilter, T, C>(
            p,
            options,
            cache,
            ws,
            F,
            || self.backward_filter_candidates(p, options),
            |a, m| self.backward_filter_algo(p, a, m),
            |stream, ws, size| {
                let find = ffi!(
                    self.library(),
                    cudnnFindConvolutionBackwardFilterAlgorithmEx
                );
                let (xp, _gx) = x.device_ptr(stream);
                let (dyp, _gdy) = dy.device_ptr(stream);
                let (dwp, _gdw) = dw.device_ptr_mut(stream);
                let (wsp, wslen, _gws) = ws.device_ptr(stream);
                Self::heuristic(|cap, n, out| {
                    // SAFETY: as in find_forward.
                    find.check(unsafe {
                        (find.f)(
                            self.as_raw(),
                            p.x.as_raw(),
                            xp as _,
                            p.y.as_raw(),
                            dyp as _,
                            p.conv.as_raw(),
                            p.w.as_raw(),
                            dwp as _,
                            cap,
                            n,
                            out,
                            wsp as _,
                            size.min(wslen),
                        )
                    })
                })
            },
        )
    }

    fn remember<D: Dir>(
        &self,
        cache: &AlgoCache,
        key: AlgoKey,
        choice: Option<AlgoChoice<D::Algo>>,
        function: &'static str,
    ) -> Result<AlgoChoice<D::Algo>> {
        let choice = choice.ok_or_else(|| Error::InvalidArgument {
            function,
            mismatch: Mismatch::Unsupported {
                what: format!(
                    "no {:?} algorithm satisfies the options {:?}",
                    D::DIRECTION,
                    key.options
                ),
            },
        })?;
        cache.insert(
            key,
            CachedAlgo {
                algo: D::algo_raw(choice.algo),
                math_type: choice.math_type.0 as i32,
                workspace: choice.workspace,
                time_ms: choice.time_ms,
                deterministic: choice.deterministic,
            },
        );
        Ok(choice)
    }

    /// The workspace a choice needs for `p`: its own number when it was
    /// made for `p` in this handle's CUDA context with this handle's
    /// library, else asked of cuDNN again.
    fn workspace_for<A: Copy>(
        &self,
        p_id: u64,
        choice: &AlgoChoice<A>,
        ask: impl FnOnce() -> Result<usize>,
    ) -> Result<usize> {
        let here = choice.context.is_some()
            && choice.context == self.context_key()
            && choice.library == Arc::as_ptr(self.library()) as usize;
        if choice.problem == p_id && here {
            Ok(choice.workspace)
        } else {
            ask()
        }
    }

    /// What the three convolution launches share: the buffers checked
    /// against their descriptors' extents and the handle's device, the
    /// choice's math type applied, the workspace grown to what it needs,
    /// then `call` with the device pointers of `a`, `b` and `out` and the
    /// workspace's pointer and size.
    #[allow(clippy::too_many_arguments)]
    fn launch_conv<T: ComputesIn<C>, C: ComputeType, A: Copy>(
        &self,
        function: &'static str,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<A>,
        ws: &mut Workspace,
        workspace_size: impl FnOnce() -> Result<usize>,
        a: (&'static str, &impl DeviceBuffer<T>, usize),
        b: (&'static str, &impl DeviceBuffer<T>, usize),
        out: (&'static str, &mut impl DeviceBufferMut<T>, usize),
        call: impl FnOnce(u64, u64, u64, u64, usize) -> Result<()>,
    ) -> Result<()> {
        let stream = self.launch_stream(function)?;
        crate::launch::check_buffer(stream, function, a.0, a.1, a.2)?;
        crate::launch::check_buffer(stream, function, b.0, b.1, b.2)?;
        crate::launch::check_buffer(stream, function, out.0, &*out.1, out.2)?;
        self.set_math(p, choice.math_type)?;
        let need = self.workspace_for(p.id, choice, workspace_size)?;
        ws.reserve(stream, need)?;
        let (ap, _ga) = a.1.device_ptr(stream);
        let (bp, _gb) = b.1.device_ptr(stream);
        let (op, _go) = out.1.device_ptr_mut(stream);
        let (wsp, wslen, _gws) = ws.device_ptr(stream);
        ensure(wslen >= need, function, || Mismatch::WorkspaceTooSmall {
            len: wslen,
            required: need,
        })?;
        call(ap, bp, op, wsp, wslen)
    }

    /// `y = alpha * conv(x, w) + beta * y` on the handle's stream.
    ///
    /// Checks first: the handle has a stream; every buffer is on its device
    /// and at least as long as its descriptor's extent; the workspace is
    /// grown to what `choice` needs for this problem (asked of cuDNN when
    /// the choice was made for another problem).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a mismatch;
    /// cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnConvolutionForward")]
    pub fn convolution_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        alpha: T::Scale,
        x: &impl DeviceBuffer<T>,
        w: &impl DeviceBuffer<T>,
        beta: T::Scale,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        let run = ffi!(self.library(), cudnnConvolutionForward);
        self.launch_conv(
            "cudnnConvolutionForward",
            p,
            choice,
            ws,
            || self.forward_workspace(p, choice.algo, choice.math_type),
            ("x", x, p.x.required_len()),
            ("w", w, p.w.required_len()),
            ("y", y, p.y.required_len()),
            |xp, wp, yp, wsp, wslen| {
                // SAFETY: every buffer was checked against its descriptor
                // and device; the workspace holds at least what the
                // algorithm needs; alpha and beta have the scaling type
                // cuDNN expects for T.
                run.check(unsafe {
                    (run.f)(
                        self.as_raw(),
                        alpha.as_ptr(),
                        p.x.as_raw(),
                        xp as _,
                        p.w.as_raw(),
                        wp as _,
                        p.conv.as_raw(),
                        choice.algo,
                        wsp as _,
                        wslen,
                        beta.as_ptr(),
                        p.y.as_raw(),
                        yp as _,
                    )
                })
            },
        )
    }

    /// `dx = alpha * conv_backward_data(w, dy) + beta * dx`: the gradient of
    /// the input, and the transposed convolution (`dy` has `p.y()`'s
    /// descriptor, `dx` has `p.x()`'s).
    ///
    /// # Errors
    /// As [`convolution_forward`](Self::convolution_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnConvolutionBackwardData")]
    pub fn convolution_backward_data<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<BwdDataAlgo>,
        ws: &mut Workspace,
        alpha: T::Scale,
        w: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dx: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        let run = ffi!(self.library(), cudnnConvolutionBackwardData);
        self.launch_conv(
            "cudnnConvolutionBackwardData",
            p,
            choice,
            ws,
            || self.backward_data_workspace(p, choice.algo, choice.math_type),
            ("w", w, p.w.required_len()),
            ("dy", dy, p.y.required_len()),
            ("dx", dx, p.x.required_len()),
            |wp, dyp, dxp, wsp, wslen| {
                // SAFETY: as in convolution_forward.
                run.check(unsafe {
                    (run.f)(
                        self.as_raw(),
                        alpha.as_ptr(),
                        p.w.as_raw(),
                        wp as _,
                        p.y.as_raw(),
                        dyp as _,
                        p.conv.as_raw(),
                        choice.algo,
                        wsp as _,
                        wslen,
                        beta.as_ptr(),
                        p.x.as_raw(),
                        dxp as _,
                    )
                })
            },
        )
    }

    /// `dw = alpha * conv_backward_filter(x, dy) + beta * dw`: the gradient
    /// of the filter.
    ///
    /// # Errors
    /// As [`convolution_forward`](Self::convolution_forward).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnConvolutionBackwardFilter")]
    pub fn convolution_backward_filter<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<BwdFilterAlgo>,
        ws: &mut Workspace,
        alpha: T::Scale,
        x: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        beta: T::Scale,
        dw: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        let run = ffi!(self.library(), cudnnConvolutionBackwardFilter);
        self.launch_conv(
            "cudnnConvolutionBackwardFilter",
            p,
            choice,
            ws,
            || self.backward_filter_workspace(p, choice.algo, choice.math_type),
            ("x", x, p.x.required_len()),
            ("dy", dy, p.y.required_len()),
            ("dw", dw, p.w.required_len()),
            |xp, dyp, dwp, wsp, wslen| {
                // SAFETY: as in convolution_forward.
                run.check(unsafe {
                    (run.f)(
                        self.as_raw(),
                        alpha.as_ptr(),
                        p.x.as_raw(),
                        xp as _,
                        p.y.as_raw(),
                        dyp as _,
                        p.conv.as_raw(),
                        choice.algo,
                        wsp as _,
                        wslen,
                        beta.as_ptr(),
                        p.w.as_raw(),
                        dwp as _,
                    )
                })
            },
        )
    }

    /// `db = alpha * sum(dy over N and spatial) + beta * db`: the gradient
    /// of a per-channel bias (`db` is `(1, K, 1, ...)`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `db_desc` is not `(1, K, 1, ...)` for
    /// `dy_desc`'s K, or a buffer is short; cuDNN's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnConvolutionBackwardBias")]
    pub fn convolution_backward_bias<T: DataType>(
        &self,
        alpha: T::Scale,
        dy_desc: &TensorDescriptor<T>,
        dy: &impl DeviceBuffer<T>,
        beta: T::Scale,
        db_desc: &TensorDescriptor<T>,
        db: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnConvolutionBackwardBias";
        check_bias_shape(F, dy_desc.dims(), db_desc.dims())?;
        let stream = self.launch_stream(F)?;
        crate::launch::check_input(self.library(), stream, F, "dy", dy, dy_desc)?;
        crate::launch::check_output(self.library(), stream, F, "db", db, db_desc)?;
        let run = ffi!(self.library(), cudnnConvolutionBackwardBias);
        let (dyp, _gdy) = dy.device_ptr(stream);
        let (dbp, _gdb) = db.device_ptr_mut(stream);
        // SAFETY: buffers checked against their descriptors and device.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                alpha.as_ptr(),
                dy_desc.as_raw(),
                dyp as _,
                beta.as_ptr(),
                db_desc.as_raw(),
                dbp as _,
            )
        };
        run.check(status)
    }

    /// The fused `y = act(alpha1 * conv(x, w) + alpha2 * z + bias)`; `z`
    /// has `p.y()`'s shape (pass `y`'s contents with `alpha2 = 0` when
    /// unused: cuDNN reads it either way) and `bias` is `(1, K, 1, ...)`.
    /// cuDNN fuses ReLU, and identity only with `IMPLICIT_PRECOMP_GEMM`
    /// (checked here); it answers `NOT_SUPPORTED` for modes it cannot fuse.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a bias of the wrong shape, an
    /// activation cuDNN does not fuse, or a short buffer; cuDNN's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnConvolutionBiasActivationForward")]
    pub fn convolution_bias_activation_forward<T: ComputesIn<C>, C: ComputeType>(
        &self,
        p: &ConvProblem<T, C>,
        choice: &AlgoChoice<FwdAlgo>,
        ws: &mut Workspace,
        alpha1: T::Scale,
        x: &impl DeviceBuffer<T>,
        w: &impl DeviceBuffer<T>,
        alpha2: T::Scale,
        z: &impl DeviceBuffer<T>,
        bias_desc: &TensorDescriptor<T>,
        bias: &impl DeviceBuffer<T>,
        activation: &ActivationDescriptor,
        y: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnConvolutionBiasActivationForward";
        check_bias_shape(F, p.y.dims(), bias_desc.dims())?;
        check_fused_activation(activation.mode(), choice.algo)?;
        let stream = self.launch_stream(F)?;
        p.check_forward_lengths(x.len(), w.len(), y.len())?;
        crate::launch::check_input(self.library(), stream, F, "x", x, &p.x)?;
        crate::launch::check_input(self.library(), stream, F, "w", w, &p.w)?;
        crate::launch::check_input(self.library(), stream, F, "z", z, &p.y)?;
        crate::launch::check_input(self.library(), stream, F, "bias", bias, bias_desc)?;
        crate::launch::check_output(self.library(), stream, F, "y", y, &p.y)?;
        self.set_math(p, choice.math_type)?;
        let need = self.workspace_for(p.id, choice, || {
            self.forward_workspace(p, choice.algo, choice.math_type)
        })?;
        ws.reserve(stream, need)?;
        let run = ffi!(self.library(), cudnnConvolutionBiasActivationForward);
        let (xp, _gx) = x.device_ptr(stream);
        let (wp, _gw) = w.device_ptr(stream);
        let (zp, _gz) = z.device_ptr(stream);
        let (bp, _gb) = bias.device_ptr(stream);
        let (yp, _gy) = y.device_ptr_mut(stream);
        let (wsp, wslen, _gws) = ws.device_ptr(stream);
        ensure(wslen >= need, F, || Mismatch::WorkspaceTooSmall {
            len: wslen,
            required: need,
        })?;
        // SAFETY: as in convolution_forward; z has y's descriptor and
        // extent, bias its own.
        let status = unsafe {
            (run.f)(
                self.as_raw(),
                alpha1.as_ptr(),
                p.x.as_raw(),
                xp as _,
                p.w.as_raw(),
                wp as _,
                p.conv.as_raw(),
                choice.algo,
                wsp as _,
                wslen,
                alpha2.as_ptr(),
                p.y.as_raw(),
                zp as _,
                bias_desc.as_raw(),
                bp as _,
                activation.as_raw(),
                p.y.as_raw(),
                yp as _,
            )
        };
        run.check(status)
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
        "cudnnConvolutionBiasActivationForward",
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
    fn output_rule() {
        // 32x32, 5x5 kernel, pad 1, stride 2: (32 + 2 - 5) / 2 + 1 = 15
        assert_eq!(
            output_dims(&[2, 3, 32, 32], &[8, 3, 5, 5], &[1, 1], &[2, 2], &[1, 1], 1),
            Ok(vec![2, 8, 15, 15])
        );
        // Dilation 2 makes a 3-tap kernel span 5.
        assert_eq!(
            output_dims(&[1, 1, 1, 9], &[1, 1, 1, 3], &[0, 0], &[1, 1], &[1, 2], 1),
            Ok(vec![1, 1, 1, 5])
        );
        // Groups: 4 input channels, 2 per group.
        assert_eq!(
            output_dims(&[1, 4, 5, 5], &[6, 2, 3, 3], &[1, 1], &[1, 1], &[1, 1], 2),
            Ok(vec![1, 6, 5, 5])
        );
        assert!(output_dims(&[1, 4, 5, 5], &[6, 3, 3, 3], &[1, 1], &[1, 1], &[1, 1], 2).is_err());
        assert!(output_dims(&[1, 4, 5, 5], &[5, 2, 3, 3], &[1, 1], &[1, 1], &[1, 1], 2).is_err());
        // A window larger than the padded input.
        assert!(output_dims(&[1, 1, 2, 2], &[1, 1, 5, 5], &[1, 1], &[1, 1], &[1, 1], 1).is_err());
        assert!(output_dims(&[1, 1, 2, 2], &[1, 1, 2], &[0], &[1], &[1], 1).is_err());
    }

    #[test]
    fn bias_shapes() {
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1, 1]).is_ok());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 7, 1, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 5, 1]).is_err());
        assert!(check_bias_shape("f", &[4, 8, 5, 5], &[1, 8, 1]).is_err());
    }
}
