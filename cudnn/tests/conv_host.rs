//! Convolution without a GPU, against the real library: descriptors, the
//! crate's shape logic against cuDNN's, every launch check that needs no
//! device, and the algorithm cache's keys and file; setters that keep
//! their value on failure, `try_clone`, and descriptors of another loaded
//! cuDNN.

#![allow(clippy::macro_metavars_in_unsafe)]

mod common;

use common::raw;

use std::sync::Arc;

use cudnn::conv::{CachedAlgo, DeviceKey, Direction};
use cudnn::conv::{ConvolutionMode, SearchMode};
use cudnn::half::{bf16, f16};
use cudnn::{
    sys, AlgoCache, ConvProblem, ConvolutionDescriptor, Error, FilterDescriptor, Library, MathType,
    Mismatch, SearchOptions, TensorDescriptor, TensorFormat,
};
use proptest::prelude::*;

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;

fn invalid(e: &Error) -> &Mismatch {
    match e {
        Error::InvalidArgument { mismatch, .. } => mismatch,
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

/// A 2-d f32 problem: x `[n, c, h, w]`, filter `[k, r, s]` (so `(k,
/// c/groups, r, s)`), square padding and stride.
fn problem_2d(
    [n, c, h, w]: [usize; 4],
    [k, r, s]: [usize; 3],
    pad: usize,
    stride: usize,
    groups: usize,
) -> cudnn::Result<ConvProblem<f32, f32>> {
    let x = TensorDescriptor::<f32>::new(NCHW, &[n, c, h, w])?;
    let f = FilterDescriptor::<f32>::new(NCHW, &[k, c / groups.max(1), r, s])?;
    let mut conv = ConvolutionDescriptor::<f32>::new(&[pad, pad], &[stride, stride], &[1, 1])?;
    conv.set_groups(groups)?;
    ConvProblem::new(x, f, conv)
}

/// A convolution descriptor with `groups` groups (and `mode`, when given).
fn conv_with(
    pads: &[usize],
    strides: &[usize],
    dilations: &[usize],
    groups: usize,
    mode: Option<ConvolutionMode>,
) -> cudnn::Result<ConvolutionDescriptor<f32>> {
    let mut c = ConvolutionDescriptor::<f32>::new(pads, strides, dilations)?;
    c.set_groups(groups)?;
    if let Some(m) = mode {
        c.set_mode(m)?;
    }
    Ok(c)
}

#[test]
fn descriptors_remember_their_shape() {
    let Some(_lib) = common::lib() else { return };
    let x = TensorDescriptor::<f32>::new(NHWC, &[2, 3, 4, 5]).expect("nhwc");
    assert_eq!(x.dims(), [2, 3, 4, 5]);
    assert_eq!(x.strides(), [60, 1, 15, 3]);
    assert_eq!(x.packed_format(), Some(NHWC));
    assert_eq!(x.required_len(), 120);
    // A padded row pitch: the extent counts the gaps.
    let padded =
        TensorDescriptor::<f16>::with_strides(&[1, 2, 3, 3], &[32, 16, 4, 1]).expect("strided");
    assert_eq!(padded.required_len(), 1 + 16 + 2 * 4 + 2);
    assert_eq!(padded.packed_format(), None);
    let one_d = TensorDescriptor::<bf16>::new_1d(NCHW, 2, 3, 10).expect("1-d");
    assert_eq!(one_d.dims(), [2, 3, 1, 10]);
    let five_d = TensorDescriptor::<f64>::new(NCHW, &[1, 2, 3, 4, 5]).expect("5-d");
    assert_eq!(five_d.required_len(), 120);
    let w = FilterDescriptor::<i8>::new(NHWC, &[8, 4, 3, 3]).expect("int8 filter");
    assert_eq!(w.required_len(), 8 * 4 * 9);
}

#[test]
fn bad_descriptors_are_rejected_before_cudnn() {
    let Some(_lib) = common::lib() else { return };
    let e = TensorDescriptor::<f32>::new(NCHW, &[1, 0, 4, 4]).expect_err("zero dim");
    assert!(
        matches!(invalid(&e), Mismatch::BadValue { what } if what.contains("dims[1] = 0")),
        "{e}"
    );
    let e = TensorDescriptor::<f32>::new(NCHW, &[4, 4]).expect_err("rank 2");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
    let e =
        TensorDescriptor::<f32>::with_strides(&[1, 2, 3, 4], &[24, 12, 4]).expect_err("lengths");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
    let e = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 1, (i32::MAX as usize) + 1])
        .expect_err("too big");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
    // Overlapping strides keep the extent small while the product of the
    // dims (65535^8) overflows usize: refused, so element_count never
    // overflows.
    let e = TensorDescriptor::<f32>::with_strides(&[65_535; 8], &[1; 8]).expect_err("count");
    assert!(
        matches!(invalid(&e), Mismatch::BadValue { what } if what.contains("more elements than usize holds")),
        "{e}"
    );
    let e = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 0], &[1, 1]).expect_err("stride 0");
    assert!(
        matches!(invalid(&e), Mismatch::BadValue { what } if what.contains("strides[1] = 0")),
        "{e}"
    );
    let e = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1], &[1, 1]).expect_err("lengths");
    assert!(matches!(invalid(&e), Mismatch::Shape { .. }), "{e}");
    let e =
        ConvolutionDescriptor::<f32>::new(&[0; 4], &[1; 4], &[1; 4]).expect_err("4 spatial dims");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
    let mut c = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 1], &[1, 1]).expect("conv");
    let e = c.set_groups(0).expect_err("0 groups");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
}

#[test]
fn what_cudnn_rejects_comes_back_typed() {
    let Some(_lib) = common::lib() else { return };
    // More than 2^31 elements in one tensor: accepted by this crate's
    // per-dimension checks, refused by cuDNN.
    match TensorDescriptor::<f32>::new(NCHW, &[65_536, 65_536, 1, 1]) {
        Ok(_) => {}
        Err(e @ (Error::BadParam(_) | Error::NotSupported(_))) => eprintln!("{e}"),
        Err(e) => panic!("unexpected {e:?}"),
    }
    // An unsupported layout for packed tensors.
    let e = TensorDescriptor::<f32>::new(TensorFormat::NCHW_VECT_C, &[1, 4, 2, 2])
        .expect_err("vect_c needs strides");
    assert!(matches!(invalid(&e), Mismatch::Unsupported { .. }), "{e}");
}

#[test]
fn problems_check_shapes() {
    let Some(_lib) = common::lib() else { return };
    let p = problem_2d([2, 4, 9, 7], [6, 3, 3], 1, 2, 2).expect("grouped problem");
    assert_eq!(p.y().dims(), [2, 6, 5, 4]);
    assert_eq!(p.flops(), 2.0 * 2.0 * 6.0 * 2.0 * 9.0 * 20.0);

    // Channels that do not match the filter.
    let x = TensorDescriptor::<f32>::new(NCHW, &[1, 3, 8, 8]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[4, 2, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 1], &[1, 1]).expect("conv");
    let e = ConvProblem::new(x, w, c).expect_err("channels");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("3 channels")),
        "{e}"
    );
    // The refusal names the function called, with cuDNN's rule as the detail.
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "ConvProblem::new",
                ..
            }
        ),
        "{e}"
    );
    let text = e.to_string();
    assert!(
        text.starts_with("ConvProblem::new: ")
            && text.contains("cudnnGetConvolutionNdForwardOutputDim"),
        "{text}"
    );
    let x = TensorDescriptor::<f32>::new(NCHW, &[1, 3, 8, 8]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[4, 2, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 1], &[1, 1]).expect("conv");
    let e = c.output_dims(&x, &w).expect_err("channels");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "ConvolutionDescriptor::output_dims",
                ..
            }
        ),
        "{e}"
    );

    // A window larger than the (padded) input.
    let e = problem_2d([1, 1, 2, 2], [1, 5, 5], 1, 1, 1).expect_err("window");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("does not fit")),
        "{e}"
    );

    // An output descriptor of the wrong shape.
    let x = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 8, 8]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[1, 1, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 1], &[1, 1]).expect("conv");
    let y = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 8, 8]).expect("y");
    let e = ConvProblem::with_output(x, w, c, y).expect_err("y shape");
    assert!(
        matches!(invalid(&e), Mismatch::Shape { what } if what.contains("[1, 1, 6, 6]")),
        "{e}"
    );
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "ConvProblem::with_output",
                ..
            }
        ),
        "{e}"
    );

    // NHWC input gives an NHWC output.
    let x = TensorDescriptor::<f16>::new(NHWC, &[1, 8, 6, 6]).expect("x");
    let w = FilterDescriptor::<f16>::new(NHWC, &[16, 8, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[1, 1], &[1, 1], &[1, 1]).expect("conv");
    let p = ConvProblem::new(x, w, c).expect("nhwc problem");
    assert_eq!(p.y().packed_format(), Some(NHWC));

    // 1-d as 2-d.
    let x = TensorDescriptor::<f32>::new_1d(NCHW, 2, 3, 20).expect("x");
    let w = FilterDescriptor::<f32>::new_1d(NCHW, 5, 3, 4).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[1], &[2], &[3]).expect("conv");
    assert_eq!(c.pads(), [0, 1]);
    let p = ConvProblem::new(x, w, c).expect("1-d problem");
    // (20 + 2 - 10) / 2 + 1 = 7
    assert_eq!(p.y().dims(), [2, 5, 1, 7]);
}

#[test]
fn a_strided_input_spans_its_row_pitch() {
    let Some(_lib) = common::lib() else { return };
    // A padded row pitch: the launch's length check asks for the span of
    // the strides, not the element count.
    let xs = TensorDescriptor::<f32>::with_strides(&[1, 1, 4, 4], &[32, 32, 8, 1]).expect("x");
    let wd = FilterDescriptor::<f32>::new(NCHW, &[1, 1, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new(&[0, 0], &[1, 1], &[1, 1]).expect("conv");
    let p = ConvProblem::new(xs, wd, c).expect("strided problem");
    assert_eq!(
        (
            p.x().required_len(),
            p.w().required_len(),
            p.y().required_len()
        ),
        (28, 9, 4)
    );
}

/// What cuDNN holds for a convolution descriptor: (pads, strides,
/// dilations, mode, compute type), groups and math type.
type CudnnConv = (
    (
        Vec<i32>,
        Vec<i32>,
        Vec<i32>,
        ConvolutionMode,
        sys::cudnnDataType_t,
    ),
    i32,
    MathType,
);

fn cudnn_conv<C: cudnn::ComputeType>(c: &ConvolutionDescriptor<C>) -> CudnnConv {
    let lib = c.library();
    let (mut rank, mut pads, mut strides, mut dilations) = (0i32, [0i32; 3], [0i32; 3], [0i32; 3]);
    let mut mode = ConvolutionMode::CROSS_CORRELATION;
    let mut compute = sys::cudnnDataType_t::DOUBLE;
    raw!(
        lib,
        cudnnGetConvolutionNdDescriptor(
            c.as_raw(),
            3,
            &mut rank,
            pads.as_mut_ptr(),
            strides.as_mut_ptr(),
            dilations.as_mut_ptr(),
            &mut mode,
            &mut compute
        )
    )
    .expect("get nd");
    let n = rank as usize;
    let mut groups = 0i32;
    raw!(lib, cudnnGetConvolutionGroupCount(c.as_raw(), &mut groups)).expect("get groups");
    let mut math = MathType::DEFAULT_MATH;
    raw!(lib, cudnnGetConvolutionMathType(c.as_raw(), &mut math)).expect("get math");
    (
        (
            pads[..n].to_vec(),
            strides[..n].to_vec(),
            dilations[..n].to_vec(),
            mode,
            compute,
        ),
        groups,
        math,
    )
}

#[test]
fn convolution_setters_keep_their_value_on_failure() {
    let Some(_lib) = common::lib() else { return };
    let mut c = ConvolutionDescriptor::<f32>::new(&[1, 2], &[1, 1], &[1, 1]).expect("conv");
    c.set_groups(4).expect("groups");
    c.set_math_type(MathType::TENSOR_OP_MATH).expect("math");
    c.set_mode(ConvolutionMode::CONVOLUTION).expect("mode");
    // Setting the geometry again (the mode) keeps cuDNN's group count and
    // math type.
    let before = cudnn_conv(&c);
    assert_eq!(
        before,
        (
            (
                vec![1, 2],
                vec![1, 1],
                vec![1, 1],
                ConvolutionMode::CONVOLUTION,
                sys::cudnnDataType_t::FLOAT
            ),
            4,
            MathType::TENSOR_OP_MATH
        )
    );

    let e = c.set_groups(0).expect_err("0 groups");
    assert!(matches!(invalid(&e), Mismatch::BadValue { .. }), "{e}");
    c.set_mode(sys::cudnnConvolutionMode_t(77))
        .expect_err("no such mode");
    c.set_math_type(sys::cudnnMathType_t(77))
        .expect_err("no such math type");
    assert_eq!(c.groups(), 4);
    assert_eq!(c.mode(), ConvolutionMode::CONVOLUTION);
    assert_eq!(c.math_type().expect("math type"), MathType::TENSOR_OP_MATH);
    assert_eq!(
        cudnn_conv(&c),
        before,
        "cuDNN's descriptor is unchanged too"
    );
}

#[test]
fn convolution_descriptors_and_problems_clone_with_their_settings_and_library() {
    let Some(other) = other_library() else { return };
    let mut c = ConvolutionDescriptor::<f32>::new_in(Arc::clone(&other), &[2], &[3], &[2])
        .expect("1-d conv");
    c.set_groups(2).expect("groups");
    c.set_mode(ConvolutionMode::CONVOLUTION).expect("mode");
    c.set_math_type(MathType::FMA_MATH).expect("math");
    let d = c.try_clone().expect("clone");
    assert_ne!(c.as_raw(), d.as_raw(), "a descriptor of its own");
    assert!(Arc::ptr_eq(d.library(), &other), "the same library");
    assert_eq!(
        (d.pads(), d.strides(), d.dilations()),
        (c.pads(), c.strides(), c.dilations())
    );
    assert_eq!(d.pads(), [0, 2]);
    assert_eq!(
        (d.groups(), d.mode(), d.math_type().expect("math type")),
        (2, ConvolutionMode::CONVOLUTION, MathType::FMA_MATH)
    );
    assert_eq!(
        cudnn_conv(&d),
        cudnn_conv(&c),
        "cuDNN holds the same settings"
    );
    drop(c);
    assert_eq!(d.groups(), 2, "the copy outlives the original");

    let x = TensorDescriptor::<f32>::new_in(Arc::clone(&other), NHWC, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f32>::new_in(Arc::clone(&other), NHWC, &[6, 2, 3, 3]).expect("w");
    let mut conv =
        ConvolutionDescriptor::<f32>::new_in(Arc::clone(&other), &[1, 1], &[2, 2], &[1, 1])
            .expect("conv");
    conv.set_groups(2).expect("groups");
    let p = ConvProblem::new(x, w, conv).expect("problem");
    let q = p.try_clone().expect("clone");
    for (a, b) in [
        (p.x().as_raw(), q.x().as_raw()),
        (p.y().as_raw(), q.y().as_raw()),
    ] {
        assert_ne!(a, b, "tensors of their own");
    }
    assert_ne!(p.w().as_raw(), q.w().as_raw());
    assert_ne!(p.conv().as_raw(), q.conv().as_raw());
    assert!(Arc::ptr_eq(q.x().library(), &other));
    assert!(Arc::ptr_eq(q.conv().library(), &other));
    let opts = SearchOptions::default();
    assert_eq!(
        p.key(&device(), Direction::Forward, &opts),
        q.key(&device(), Direction::Forward, &opts),
        "the same problem"
    );
    assert_eq!(q.y().packed_format(), Some(NHWC));
}

/// Descriptors hold the library they were made with: a library opened by
/// the user is counted (it stays loaded while a descriptor needs it, and is
/// given back when the last one goes), the process-wide one is held without
/// a count (it is never unloaded) whichever way it was passed.
#[test]
fn descriptors_count_the_library_they_hold() {
    let Some(other) = other_library() else { return };
    let global = common::lib().expect("loaded");
    let base_other = Arc::strong_count(&other);
    let problem_in = |lib: &Arc<Library>| {
        ConvProblem::<f32, f32>::new(
            TensorDescriptor::new_in(Arc::clone(lib), NCHW, &[1, 4, 8, 8]).expect("x"),
            FilterDescriptor::new_in(Arc::clone(lib), NCHW, &[8, 4, 3, 3]).expect("w"),
            ConvolutionDescriptor::new_in(Arc::clone(lib), &[1, 1], &[1, 1], &[1, 1])
                .expect("conv"),
        )
        .expect("problem")
    };
    let p = problem_in(&other);
    let q = p.try_clone().expect("clone");
    // x, w, conv and y, twice.
    assert_eq!(Arc::strong_count(&other), base_other + 8);
    assert!(Arc::ptr_eq(q.y().library(), &other));
    drop(p);
    assert_eq!(Arc::strong_count(&other), base_other + 4);
    let weak = Arc::downgrade(&other);
    drop(other);
    assert!(weak.upgrade().is_some(), "the descriptors keep it loaded");
    drop(q);
    assert!(
        weak.upgrade().is_none(),
        "given back with the last descriptor"
    );

    // Other tests running alongside take and drop counts of the
    // process-wide library too: 1000 problems (4000 descriptors) would
    // show far above their few.
    let base_global = Arc::strong_count(&global);
    let held: Vec<_> = (0..1000)
        .map(|i| {
            if i % 2 == 0 {
                problem_in(&global)
            } else {
                ConvProblem::<f32, f32>::new(
                    TensorDescriptor::new(NCHW, &[1, 4, 8, 8]).expect("x"),
                    FilterDescriptor::new(NCHW, &[8, 4, 3, 3]).expect("w"),
                    ConvolutionDescriptor::new(&[1, 1], &[1, 1], &[1, 1]).expect("conv"),
                )
                .expect("problem")
            }
        })
        .collect();
    let copy = held[0].try_clone().expect("clone");
    assert!(
        Arc::strong_count(&global) < base_global + 500,
        "the process-wide library is not counted"
    );
    for lib in [
        held[0].x().library(),
        held[1].y().library(),
        copy.conv().library(),
    ] {
        assert!(Arc::ptr_eq(lib, &global));
    }
    drop((held, copy));
    assert!(Arc::strong_count(&global) >= 1);
    TensorDescriptor::<f32>::new(NCHW, &[1, 2, 3, 4]).expect("still loaded and working");
    assert!(global.version().major >= 8, "still loaded");
}

/// A second loaded copy of the library (same file, its own handle), or
/// `None` when cuDNN is not required and does not load.
fn other_library() -> Option<Arc<Library>> {
    let lib = common::lib()?;
    let other = Arc::new(Library::open(Some(lib.path())).expect("a second copy"));
    assert!(!Arc::ptr_eq(&lib, &other));
    Some(other)
}

fn other_library_named(e: &Error, what: &str) -> bool {
    matches!(invalid(e), Mismatch::OtherLibrary { descriptor, .. } if *descriptor == what)
}

#[test]
fn descriptors_of_another_loaded_library_are_refused() {
    let Some(other) = other_library() else { return };
    // A convolution descriptor of the other library: cuDNN's output shape
    // is not asked with mixed libraries; the crate's shape rule needs no
    // library (a launch refuses the problem).
    let x = TensorDescriptor::<f32>::new(NCHW, &[1, 4, 8, 8]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[8, 4, 3, 3]).expect("w");
    let c = ConvolutionDescriptor::<f32>::new_in(Arc::clone(&other), &[1, 1], &[1, 1], &[1, 1])
        .expect("conv of the other library");
    let e = c.cudnn_output_dims(&x, &w).expect_err("mixed libraries");
    assert!(other_library_named(&e, "x"), "{e}");
    ConvProblem::new(x, w, c).expect("the shape rule needs no library");
}

fn device() -> DeviceKey {
    DeviceKey {
        ordinal: 0,
        name: "NVIDIA H200".into(),
        compute_capability: (9, 0),
    }
}

#[test]
fn cache_keys_differ_where_they_must() {
    let Some(_lib) = common::lib() else { return };
    let opts = SearchOptions::default();
    let base = problem_2d([2, 4, 9, 7], [6, 3, 3], 1, 2, 2).expect("problem");
    let twin = problem_2d([2, 4, 9, 7], [6, 3, 3], 1, 2, 2).expect("same shape, new descriptors");
    let key = |p: &ConvProblem<f32, f32>| p.key(&device(), Direction::Forward, &opts);
    assert_eq!(key(&base), key(&twin), "same shape, same key");

    let mut differing = vec![
        key(&problem_2d([3, 4, 9, 7], [6, 3, 3], 1, 2, 2).expect("n")),
        key(&problem_2d([2, 4, 9, 8], [6, 3, 3], 1, 2, 2).expect("w")),
        key(&problem_2d([2, 4, 9, 7], [8, 3, 3], 1, 2, 2).expect("k")),
        key(&problem_2d([2, 4, 9, 7], [6, 3, 1], 1, 2, 2).expect("s")),
        key(&problem_2d([2, 4, 9, 7], [6, 3, 3], 0, 2, 2).expect("pad")),
        key(&problem_2d([2, 4, 9, 7], [6, 3, 3], 1, 1, 2).expect("stride")),
        key(&problem_2d([2, 4, 9, 7], [6, 3, 3], 1, 2, 1).expect("groups")),
        base.key(&device(), Direction::BackwardData, &opts),
        base.key(
            &DeviceKey {
                name: "NVIDIA A100".into(),
                ..device()
            },
            Direction::Forward,
            &opts,
        ),
        base.key(
            &DeviceKey {
                ordinal: 1,
                ..device()
            },
            Direction::Forward,
            &opts,
        ),
        base.key(
            &device(),
            Direction::Forward,
            &SearchOptions {
                deterministic: true,
                ..opts.clone()
            },
        ),
        base.key(
            &device(),
            Direction::Forward,
            &SearchOptions {
                allow_tf32: false,
                ..opts.clone()
            },
        ),
        base.key(
            &device(),
            Direction::Forward,
            &SearchOptions {
                workspace_limit: Some(1 << 20),
                ..opts.clone()
            },
        ),
        base.key(
            &device(),
            Direction::Forward,
            &SearchOptions {
                mode: SearchMode::Benchmark,
                ..opts.clone()
            },
        ),
        base.key(
            &device(),
            Direction::Forward,
            &SearchOptions {
                allow_down_conversion: true,
                ..opts.clone()
            },
        ),
    ];
    // Layout, dilation, mode and data type.
    let x = TensorDescriptor::<f32>::new(NHWC, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[6, 2, 3, 3]).expect("w");
    let c = conv_with(&[1, 1], &[2, 2], &[1, 1], 2, None).expect("c");
    differing.push(key(&ConvProblem::new(x, w, c).expect("nhwc")));
    let x = TensorDescriptor::<f32>::new(NCHW, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[6, 2, 3, 3]).expect("w");
    let c = conv_with(&[1, 1], &[2, 2], &[1, 2], 2, None).expect("c");
    differing.push(key(&ConvProblem::new(x, w, c).expect("dilated")));
    let x = TensorDescriptor::<f32>::new(NCHW, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f32>::new(NCHW, &[6, 2, 3, 3]).expect("w");
    let c = conv_with(
        &[1, 1],
        &[2, 2],
        &[1, 1],
        2,
        Some(ConvolutionMode::CONVOLUTION),
    )
    .expect("c");
    differing.push(key(&ConvProblem::new(x, w, c).expect("convolution mode")));
    let x = TensorDescriptor::<f16>::new(NCHW, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f16>::new(NCHW, &[6, 2, 3, 3]).expect("w");
    let c = conv_with(&[1, 1], &[2, 2], &[1, 1], 2, None).expect("c");
    differing.push(ConvProblem::new(x, w, c).expect("f16").key(
        &device(),
        Direction::Forward,
        &opts,
    ));
    let x = TensorDescriptor::<f16>::new(NCHW, &[2, 4, 9, 7]).expect("x");
    let w = FilterDescriptor::<f16>::new(NCHW, &[6, 2, 3, 3]).expect("w");
    let mut c = ConvolutionDescriptor::<f16>::new(&[1, 1], &[2, 2], &[1, 1]).expect("c");
    c.set_groups(2).expect("groups");
    differing.push(ConvProblem::new(x, w, c).expect("true half").key(
        &device(),
        Direction::Forward,
        &opts,
    ));

    let base_key = key(&base);
    for (i, k) in differing.iter().enumerate() {
        assert_ne!(&base_key, k, "variant {i} must not share the base key");
        for (j, other) in differing.iter().enumerate().skip(i + 1) {
            assert_ne!(k, other, "variants {i} and {j} must differ");
        }
    }
}

#[test]
fn the_cache_is_shared_saved_and_loaded() {
    let Some(_lib) = common::lib() else { return };
    let p = problem_2d([1, 3, 16, 16], [8, 3, 3], 1, 1, 1).expect("problem");
    let key = p.key(&device(), Direction::Forward, &SearchOptions::default());
    let value = CachedAlgo {
        algo: 1,
        math_type: 0,
        workspace: 4096,
        time_ms: Some(0.25),
        deterministic: true,
    };
    let cache = std::sync::Arc::new(AlgoCache::new());
    let writers: Vec<_> = (0..4)
        .map(|i| {
            let cache = std::sync::Arc::clone(&cache);
            let mut k = key.clone();
            k.groups = 100 + i;
            let v = value.clone();
            std::thread::spawn(move || cache.insert(k, v))
        })
        .collect();
    for t in writers {
        t.join().expect("writer");
    }
    cache.insert(key.clone(), value.clone());
    assert_eq!(cache.len(), 5);
    assert_eq!(cache.get(&key), Some(value.clone()));
    // The lookup that builds no key finds the same entries, and only them.
    let opts = SearchOptions::default();
    let found = |p: &ConvProblem<f32, f32>, cache: &AlgoCache, d: Direction| {
        p.cached_choice(cache, &device(), d, &opts)
    };
    assert_eq!(found(&p, &cache, Direction::Forward), Some(value.clone()));
    assert_eq!(found(&p, &cache, Direction::BackwardData), None);
    let twin = problem_2d([1, 3, 16, 16], [8, 3, 3], 1, 1, 1).expect("twin");
    assert_eq!(
        found(&twin, &cache, Direction::Forward),
        Some(value.clone())
    );
    let other = problem_2d([2, 3, 16, 16], [8, 3, 3], 1, 1, 1).expect("other");
    assert_eq!(found(&other, &cache, Direction::Forward), None);
    let mut elsewhere = device();
    elsewhere.ordinal += 1;
    let slow = SearchOptions {
        deterministic: true,
        ..SearchOptions::default()
    };
    assert_eq!(
        p.cached_choice(&cache, &elsewhere, Direction::Forward, &opts),
        None
    );
    assert_eq!(
        p.cached_choice(&cache, &device(), Direction::Forward, &slow),
        None
    );

    let tmp = common::scratch_dir("cache");
    let dir = tmp.path();
    let file = dir.join("algos.json");
    cache.save(&file).expect("save");
    let loaded = AlgoCache::new();
    assert_eq!(loaded.load(&file).expect("load"), 5);
    assert_eq!(loaded.get(&key), Some(value.clone()));
    assert_eq!(found(&p, &loaded, Direction::Forward), Some(value));
    assert_eq!(
        AlgoCache::new()
            .load(&dir.join("missing.json"))
            .expect("missing is empty"),
        0
    );
    std::fs::write(dir.join("bad.json"), "{ not json").expect("write");
    let e = AlgoCache::new()
        .load(&dir.join("bad.json"))
        .expect_err("garbage");
    assert!(matches!(e, Error::Io { .. }), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// The crate's output-shape rule agrees with cuDNN's on every shape it
    /// accepts, and whatever either side rejects is a typed error.
    #[test]
    fn output_dims_agree_with_cudnn(
        spatial in 1usize..=3,
        n in 1usize..4,
        groups in 1usize..4,
        cpg in 1usize..4,
        kpg in 1usize..4,
        dims in proptest::collection::vec((1usize..12, 1usize..6, 0usize..3, 1usize..4, 1usize..3), 3),
    ) {
        let Some(_lib) = common::lib() else { return Ok(()) };
        let dims = &dims[..spatial];
        let c = cpg * groups;
        let k = kpg * groups;
        let lift = |v: Vec<usize>| if spatial == 1 { [vec![1], v].concat() } else { v };
        let input = lift(dims.iter().map(|d| d.0).collect());
        let kernel = lift(dims.iter().map(|d| d.1).collect());
        let x_dims = [vec![n, c], input].concat();
        let w_dims = [vec![k, cpg], kernel].concat();
        let x = TensorDescriptor::<f32>::new(NCHW, &x_dims).expect("x");
        let w = FilterDescriptor::<f32>::new(NCHW, &w_dims).expect("w");
        let conv = conv_with(
            &dims.iter().map(|d| d.2).collect::<Vec<_>>(),
            &dims.iter().map(|d| d.3).collect::<Vec<_>>(),
            &dims.iter().map(|d| d.4).collect::<Vec<_>>(),
            groups,
            None,
        )
        .expect("conv");
        let ours = conv.output_dims(&x, &w);
        let theirs = conv.cudnn_output_dims(&x, &w);
        match (&ours, &theirs) {
            (Ok(o), Ok(t)) => {
                let o: Vec<i64> = o.iter().map(|&v| v as i64).collect();
                prop_assert_eq!(&o, t);
            }
            (Ok(o), Err(e)) => prop_assert!(false, "we accept {o:?}, cuDNN rejects: {e}"),
            (Err(e), Ok(t)) => {
                // cuDNN's query does not check that the kernel fits: it
                // reports a non-positive size, which we refuse.
                prop_assert!(t.iter().any(|&d| d <= 0), "we reject ({e}) but cuDNN says {t:?}");
            }
            (Err(ours), Err(theirs)) => {
                let ours_typed = matches!(ours, Error::InvalidArgument { .. });
                prop_assert!(ours_typed, "{:?}", ours);
                prop_assert!(theirs.status().is_some(), "{theirs:?}");
            }
        }
    }
}
