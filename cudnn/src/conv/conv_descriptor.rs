//! The convolution descriptor and the output shape rule.

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;
use std::sync::Arc;

use cudnn_sys as sys;

use super::ConvolutionMode;
use crate::core::descriptor::{raw_descriptor, Dims};
use crate::core::dtype::{ComputeType, ComputesIn};
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::launch::check_library;
use crate::core::library::{ffi, LibRef, Library};
use crate::core::modes::MathType;
use crate::core::tensor::{FilterDescriptor, TensorDescriptor};

raw_descriptor!(
    /// An owned `cudnnConvolutionDescriptor_t`.
    RawConvolution,
    sys::cudnnConvolutionDescriptor_t,
    cudnnCreateConvolutionDescriptor,
    cudnnDestroyConvolutionDescriptor
);

/// The most spatial dimensions cuDNN convolves (1-d is described as 2-d).
const MAX_SPATIAL: usize = 3;

/// A convolution descriptor with compute type `C`: padding, stride and
/// dilation per spatial dimension, groups, mode and math type.
///
/// The math type lives in the cuDNN descriptor only: set with
/// [`set_math_type`](Self::set_math_type), and by every launch, search and
/// workspace query of a [`ConvProblem`](super::ConvProblem), which writes
/// its algorithm choice's math type into the descriptor before it calls
/// cuDNN; [`math_type`](Self::math_type) reads it back.
///
/// Not `Clone` (see [`try_clone`](Self::try_clone)); `Send`, not `Sync`.
pub struct ConvolutionDescriptor<C: ComputeType> {
    raw: RawConvolution,
    /// Spatial dimensions as described to cuDNN: 2 or 3.
    rank: u8,
    pads: [usize; MAX_SPATIAL],
    strides: [usize; MAX_SPATIAL],
    dilations: [usize; MAX_SPATIAL],
    mode: ConvolutionMode,
    groups: usize,
    _c: PhantomData<fn() -> C>,
}

impl<C: ComputeType> std::fmt::Debug for ConvolutionDescriptor<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConvolutionDescriptor")
            .field("raw", &self.raw)
            .field("pads", &self.pads())
            .field("strides", &self.strides())
            .field("dilations", &self.dilations())
            .field("mode", &self.mode)
            .field("groups", &self.groups)
            .field("math", &self.math_type().ok())
            .finish()
    }
}

/// Checks that every value is at least `min` and at most `i32::MAX` (what
/// cuDNN's `int` arrays hold), with the message of the tensor descriptors'
/// checks.
fn check_c_ints(values: &[usize], min: usize, what: &str, function: &'static str) -> Result<()> {
    for (i, &v) in values.iter().enumerate() {
        if v < min || v > i32::MAX as usize {
            return Err(Error::bad_value(
                function,
                format!("{what}[{i}] = {v}: must be between {min} and {}", i32::MAX),
            ));
        }
    }
    Ok(())
}

/// `v` as cuDNN's ints (checked by [`check_c_ints`] at construction).
#[inline]
fn c_ints(v: &[usize; MAX_SPATIAL]) -> [i32; MAX_SPATIAL] {
    v.map(|x| x as i32)
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
    #[inline(always)]
    pub fn new(pads: &[usize], strides: &[usize], dilations: &[usize]) -> Result<Self> {
        Self::build(LibRef::global()?, pads, strides, dilations)
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
        Self::build(lib.into(), pads, strides, dilations)
    }

    #[inline(always)]
    fn build(lib: LibRef, pads: &[usize], strides: &[usize], dilations: &[usize]) -> Result<Self> {
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
        ensure((1..=MAX_SPATIAL).contains(&n), F, || Mismatch::BadValue {
            what: format!("{n} spatial dimensions: cuDNN convolves 1-d (as 2-d), 2-d and 3-d data"),
        })?;
        // One spatial dimension becomes two, the first of size 1 (pad 0,
        // stride and dilation 1).
        let rank = n.max(2);
        let lifted = usize::from(n == 1);
        let (mut p, mut s, mut d) = ([0usize; MAX_SPATIAL], [1; MAX_SPATIAL], [1; MAX_SPATIAL]);
        let mut ok = true;
        for i in 0..n {
            // i < n <= MAX_SPATIAL, lifted <= 1.
            #[allow(clippy::arithmetic_side_effects)]
            let j = i + lifted;
            (p[j], s[j], d[j]) = (pads[i], strides[i], dilations[i]);
            ok &= p[j] <= i32::MAX as usize
                && (1..=i32::MAX as usize).contains(&s[j])
                && (1..=i32::MAX as usize).contains(&d[j]);
        }
        // Entries past the rank are 0.
        for j in rank..MAX_SPATIAL {
            (s[j], d[j]) = (0, 0);
        }
        if !ok {
            // The first rule broken, in the order the values are listed.
            check_c_ints(&p[..rank], 0, "pads", F)?;
            check_c_ints(&s[..rank], 1, "strides", F)?;
            check_c_ints(&d[..rank], 1, "dilations", F)?;
        }
        let (pads, strides, dilations) = (p, s, d);
        let desc = ConvolutionDescriptor {
            raw: RawConvolution::create(lib)?,
            rank: rank as u8,
            pads,
            strides,
            dilations,
            mode: ConvolutionMode::CROSS_CORRELATION,
            groups: 1,
            _c: PhantomData,
        };
        desc.apply(desc.mode)?;
        Ok(desc)
    }

    /// A 2-d cross-correlation: padding, stride and dilation as (h, w) pairs.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_2d(pad: [usize; 2], stride: [usize; 2], dilation: [usize; 2]) -> Result<Self> {
        Self::new(&pad, &stride, &dilation)
    }

    /// Describes the geometry to cuDNN with `mode` (the fields are left as
    /// they are: the caller records `mode` on success).
    fn apply(&self, mode: ConvolutionMode) -> Result<()> {
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionNdDescriptor);
        let (pads, strides, dilations) = (
            c_ints(&self.pads),
            c_ints(&self.strides),
            c_ints(&self.dilations),
        );
        // SAFETY: the descriptor is live; each array holds at least `rank`
        // ints (checked to fit an int at construction).
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                i32::from(self.rank),
                pads.as_ptr(),
                strides.as_ptr(),
                dilations.as_ptr(),
                mode,
                C::CUDNN,
            )
        };
        set.check(status)
    }

    /// Sets convolution (the kernel flipped) or cross-correlation. On
    /// failure the descriptor keeps its mode.
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn set_mode(&mut self, mode: ConvolutionMode) -> Result<()> {
        self.apply(mode)?;
        self.mode = mode;
        Ok(())
    }

    /// Sets the number of groups (input and output channels must be
    /// multiples of it; depthwise convolution has as many groups as input
    /// channels). On failure the descriptor keeps its group count.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for 0 groups; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetConvolutionGroupCount")]
    pub fn set_groups(&mut self, groups: usize) -> Result<()> {
        const F: &str = "cudnnSetConvolutionGroupCount";
        check_c_ints(&[groups], 1, "groups", F)?;
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionGroupCount);
        // SAFETY: the descriptor is live; `groups` fits an int (checked).
        let status = unsafe { (set.f)(self.raw.ptr(), groups as i32) };
        set.check(status)?;
        self.groups = groups;
        Ok(())
    }

    /// Sets the math type (tensor cores, TF32, down-conversion), for
    /// calls made with [`as_raw`](Self::as_raw). The crate's launches and
    /// searches run with their algorithm choice's math type, which they
    /// write into the descriptor first. On failure the descriptor keeps its
    /// math type.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnSetConvolutionMathType")]
    pub fn set_math_type(&mut self, math: MathType) -> Result<()> {
        self.write_math_type(math)
    }

    /// Writes `math` into the cuDNN descriptor for the cuDNN call that
    /// follows (a launch, a search or a workspace query of its algorithm
    /// choice), each of which writes its own first and relies on no earlier
    /// value. Through a shared reference: the descriptor is not `Sync`, so
    /// no other thread uses it meanwhile.
    ///
    /// # Errors
    /// cuDNN's error.
    pub(crate) fn write_math_type(&self, math: MathType) -> Result<()> {
        let set = ffi!(self.raw.lib(), cudnnSetConvolutionMathType);
        // SAFETY: the descriptor is live; `math` is passed by value.
        let status = unsafe { (set.f)(self.raw.ptr(), math) };
        set.check(status)
    }

    /// A new cuDNN descriptor with the same settings (geometry, mode,
    /// groups, math type), of the same library.
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn try_clone(&self) -> Result<Self> {
        let mut copy = ConvolutionDescriptor {
            raw: RawConvolution::create(self.raw.lib.clone())?,
            rank: self.rank,
            pads: self.pads,
            strides: self.strides,
            dilations: self.dilations,
            mode: self.mode,
            groups: 1,
            _c: PhantomData,
        };
        copy.apply(self.mode)?;
        if self.groups != 1 {
            copy.set_groups(self.groups)?;
        }
        copy.set_math_type(self.math_type()?)?;
        Ok(copy)
    }

    /// Paddings per spatial dimension (two for a 1-d convolution).
    pub fn pads(&self) -> &[usize] {
        &self.pads[..usize::from(self.rank)]
    }
    /// Strides per spatial dimension.
    pub fn strides(&self) -> &[usize] {
        &self.strides[..usize::from(self.rank)]
    }
    /// Dilations per spatial dimension.
    pub fn dilations(&self) -> &[usize] {
        &self.dilations[..usize::from(self.rank)]
    }
    /// Groups.
    pub fn groups(&self) -> usize {
        self.groups
    }
    /// Convolution or cross-correlation.
    pub fn mode(&self) -> ConvolutionMode {
        self.mode
    }
    /// The math type the cuDNN descriptor holds: the last one set with
    /// [`set_math_type`](Self::set_math_type) or written by a launch, search
    /// or workspace query (its choice's).
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetConvolutionMathType")]
    pub fn math_type(&self) -> Result<MathType> {
        let get = ffi!(self.raw.lib(), cudnnGetConvolutionMathType);
        let mut math = MathType::DEFAULT_MATH;
        // SAFETY: the descriptor is live; `math` is a valid out-pointer.
        let status = unsafe { (get.f)(self.raw.ptr(), &mut math) };
        get.check(status)?;
        Ok(math)
    }
    /// The number of spatial dimensions as described to cuDNN.
    pub fn spatial_rank(&self) -> usize {
        usize::from(self.rank)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnConvolutionDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
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
        self.output_dims_inline("ConvolutionDescriptor::output_dims", x.dims(), w.dims())
            .map(|d| d.to_vec())
    }

    /// [`output_dims`](Self::output_dims) of raw shapes, without allocating;
    /// a refusal names `function`, the caller's, with cuDNN's function as
    /// the detail.
    #[inline(always)]
    pub(crate) fn output_dims_inline(
        &self,
        function: &'static str,
        x: &[usize],
        w: &[usize],
    ) -> Result<Dims> {
        output_rule(
            x,
            w,
            self.pads(),
            self.strides(),
            self.dilations(),
            self.groups,
        )
        .map_err(|what| {
            Error::invalid(
                function,
                Mismatch::Shape {
                    what: format!(
                        "{what} (the output rule of cudnnGetConvolutionNdForwardOutputDim)"
                    ),
                },
            )
        })
    }

    /// cuDNN's own answer for [`output_dims`](Self::output_dims).
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] when `x` or `w` was made by another
    /// loaded cuDNN; cuDNN's error for shapes it rejects.
    #[doc(alias = "cudnnGetConvolutionNdForwardOutputDim")]
    pub fn cudnn_output_dims<T: ComputesIn<C>>(
        &self,
        x: &TensorDescriptor<T>,
        w: &FilterDescriptor<T>,
    ) -> Result<Vec<i64>> {
        const F: &str = "cudnnGetConvolutionNdForwardOutputDim";
        check_library(self.raw.lib(), F, "x", x.library())?;
        check_library(self.raw.lib(), F, "w", w.library())?;
        // cuDNN computes in `int`: past it, it answers with a wrapped value.
        fits_c_int(x.dims(), w.dims(), self.pads(), self.dilations())
            .map_err(|what| Error::bad_value(F, what))?;
        let get = ffi!(self.raw.lib(), cudnnGetConvolutionNdForwardOutputDim);
        let rank = x.dims().len();
        let mut out = vec![0i32; rank];
        // SAFETY: all descriptors are live and of one library; `out` has
        // room for the input's rank, which is what cuDNN writes.
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

static_assertions::assert_impl_all!(ConvolutionDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(ConvolutionDescriptor<f32>: Sync, Clone);

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

#[inline(always)]
fn output_rule(
    x: &[usize],
    w: &[usize],
    pads: &[usize],
    strides: &[usize],
    dilations: &[usize],
    groups: usize,
) -> std::result::Result<Dims, String> {
    let spatial = pads.len();
    if x.len().checked_sub(2) != Some(spatial)
        || w.len().checked_sub(2) != Some(spatial)
        || strides.len() != spatial
        || dilations.len() != spatial
    {
        return Err(format!(
            "input {x:?} and filter {w:?} must have {} dims for {spatial} spatial dimensions",
            spatial.saturating_add(2)
        ));
    }
    if groups == 0 || w[1].checked_mul(groups) != Some(x[1]) {
        return Err(format!(
            "input has {} channels but the filter takes {} per group x {groups} groups",
            x[1], w[1]
        ));
    }
    // Division is slow; one group (the common case) needs none.
    if groups != 1 && !w[0].is_multiple_of(groups) {
        return Err(format!(
            "{} output channels do not divide into {groups} groups",
            w[0]
        ));
    }
    let mut out = Dims::new(x).ok_or("more than 8 dims")?;
    let o = out.as_mut_slice();
    o[1] = w[0];
    for d in 0..spatial {
        // d < spatial, and x and w have spatial + 2 dims (checked above).
        #[allow(clippy::arithmetic_side_effects)]
        let a = d + 2;
        let span = w[a]
            .checked_sub(1)
            .ok_or_else(|| format!("spatial dim {d}: the kernel is empty"))?
            .checked_mul(dilations[d])
            .and_then(|s| s.checked_add(1))
            .ok_or("kernel span overflows")?;
        let padded = x[a]
            .checked_add(pads[d].checked_mul(2).ok_or("padding overflows")?)
            .ok_or("padding overflows")?;
        // cuDNN's own rule computes these in `int` (as `fits_c_int`).
        if padded > i32::MAX as usize || span > i32::MAX as usize {
            return Err(format!(
                "spatial dim {d}: the padded input ({padded}) or the dilated kernel ({span}) does not fit cuDNN's int"
            ));
        }
        if span > padded || strides[d] == 0 {
            return Err(format!(
                "spatial dim {d}: a kernel spanning {span} does not fit the padded input of {padded}"
            ));
        }
        // Stride 1 (the common case) needs no division. span <= padded <=
        // i32::MAX and the stride is not 0 (checked above).
        #[allow(clippy::arithmetic_side_effects)]
        let len = match strides[d] {
            1 => padded - span + 1,
            stride => (padded - span) / stride + 1,
        };
        o[a] = len;
    }
    Ok(out)
}

/// The padded input and the dilated kernel of every spatial dimension fit
/// cuDNN's `int` (the arithmetic of its output-shape rule): checked by the
/// crate's own rule and before cuDNN's is asked.
fn fits_c_int(
    x: &[usize],
    w: &[usize],
    pads: &[usize],
    dilations: &[usize],
) -> std::result::Result<(), String> {
    let (x, w) = (
        x.get(2..).unwrap_or_default(),
        w.get(2..).unwrap_or_default(),
    );
    for (d, (&p, &dil)) in pads.iter().zip(dilations).enumerate() {
        let (Some(&i), Some(&k)) = (x.get(d), w.get(d)) else {
            break;
        };
        // usize values widened to u128: a sum and a product of two cannot
        // overflow it.
        #[allow(clippy::arithmetic_side_effects)]
        let (padded, span) = (
            i as u128 + 2 * p as u128,
            (k as u128).saturating_sub(1) * dil as u128 + 1,
        );
        if padded > i32::MAX as u128 || span > i32::MAX as u128 {
            return Err(format!(
                "spatial dim {d}: the padded input ({padded}) or the dilated kernel ({span}) does not fit cuDNN's int"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(miri, ignore = "dlopen is a foreign call Miri cannot make")]
    fn the_math_type_is_the_one_cudnn_holds() {
        let lib = match Library::open(None) {
            Ok(lib) => Arc::new(lib),
            Err(e) => {
                assert!(
                    std::env::var_os("CUDNN_TEST_REQUIRE").is_none(),
                    "cuDNN is required: {e}"
                );
                eprintln!("not run: {e}");
                return;
            }
        };
        let conv =
            ConvolutionDescriptor::<f32>::new_in(lib, &[1, 1], &[1, 1], &[1, 1]).expect("conv");
        assert_eq!(conv.math_type().expect("read"), MathType::DEFAULT_MATH);
        // What a launch does before it calls cuDNN.
        conv.write_math_type(MathType::FMA_MATH).expect("write");
        assert_eq!(conv.math_type().expect("read"), MathType::FMA_MATH);
        let copy = conv.try_clone().expect("copy");
        assert_eq!(copy.math_type().expect("read"), MathType::FMA_MATH);
    }

    #[test]
    fn shapes_past_cudnns_int_are_refused() {
        let big = i32::MAX as usize;
        // 1 + 2 * (2^31 - 1) overflows an int; (1 - 2) / 1 + 1 in usize
        // would not.
        let e = output_dims(&[1, 1, 1, 1], &[1, 1, 1, 1], &[0, big], &[1, 1], &[1, 1], 1)
            .expect_err("padding past int");
        assert!(e.contains("does not fit cuDNN's int"), "{e}");
        let e = output_dims(
            &[1, 1, 8, big],
            &[1, 1, 1, 3],
            &[0, 0],
            &[1, 1],
            &[1, big],
            1,
        )
        .expect_err("dilated kernel past int");
        assert!(e.contains("does not fit cuDNN's int"), "{e}");
        assert!(fits_c_int(&[1, 1, 8, 8], &[1, 1, 3, 3], &[1, 1], &[1, 1]).is_ok());
        assert!(fits_c_int(&[1, 1, 8, 8], &[1, 1, 3, 3], &[big, 0], &[1, 1]).is_err());
    }

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
}
