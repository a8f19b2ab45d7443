//! The leak check: every cuDNN object the crate creates without a GPU is
//! destroyed. Against the real library, with the process-wide copy and a
//! second `Library::open`ed one: every descriptor family and problem type
//! through its constructors, setters, `try_clone`, constructors that fail
//! after cuDNN made the object (the error path must destroy it), problems
//! that refuse descriptors they were given (dropping them), backend
//! descriptors held by an operation after their owners dropped them,
//! the graph API (builder graphs, heuristics, plans, plan JSON, the plan
//! cache; with cuBLASLt where cuDNN 9's engines need it), descriptors
//! moved to and dropped on another thread, and handle creation
//! (which fails without a GPU, and must then count nothing). A dropout
//! descriptor needs a GPU; its host paths (reserve size, problem) run.
//!
//! cuDNN 9 finalizes backend descriptors only with a CUDA driver: on Linux
//! without one, NVIDIA's libcuda (no GPU) is loaded first by `common::driver`.
//!
//! Built only with the `count-objects` feature, which counts every create
//! and destroy through the crate (`cudnn::handle::object_counts`). Without a test
//! harness (`harness = false`), so that the table of counts is printed in
//! the test log; `scripts/leak-check.sh` runs it (also under valgrind).

mod common;

use std::sync::Arc;

use cudnn::conv::ConvolutionMode;
use cudnn::graph::backend::BackendDescriptor;
use cudnn::half::{bf16, f16};
use cudnn::norm::derive_bn_descriptor;
use cudnn::norm::{BatchNormMode, BatchNormOps, BatchNormProblem};
use cudnn::ops::{
    ActivationProblem, DropoutDescriptor, DropoutProblem, LrnDescriptor, LrnProblem,
    OpTensorDescriptor, OpTensorOp, OpTensorProblem, PoolingDescriptor, PoolingMode,
    PoolingProblem, ReduceTensorDescriptor, ReduceTensorIndices, ReduceTensorOp,
    ReduceTensorProblem, SoftmaxAlgorithm, SoftmaxMode, SoftmaxProblem,
};
use cudnn::rnn::{RnnBiasMode, RnnClip, RnnClipMode, RnnInputMode};
use cudnn::rnn::{RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnMode, RnnProblem};
use cudnn::sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};
use cudnn::{
    sys, ActivationDescriptor, ActivationMode, ConvProblem, ConvolutionDescriptor, Error,
    FilterDescriptor, Handle, Library, MathType, NanPropagation, TensorDescriptor, TensorFormat,
};

const NCHW: TensorFormat = TensorFormat::NCHW;
const NHWC: TensorFormat = TensorFormat::NHWC;
const NAN: NanPropagation = NanPropagation::NOT_PROPAGATE_NAN;

/// The kinds the host exercise must have created (a dropout descriptor
/// needs a handle, hence a GPU).
const HOST_KINDS: [&str; 11] = [
    "BackendDescriptor",
    "RawActivation",
    "RawConvolution",
    "RawFilter",
    "RawLrn",
    "RawOpTensor",
    "RawPooling",
    "RawReduceTensor",
    "RawRnn",
    "RawRnnData",
    "RawTensor",
];

/// The fewest objects the exercise creates (478 with cuDNN 8.9 and 9.28).
const AT_LEAST: u64 = 300;

fn created(kind: &str) -> u64 {
    cudnn::handle::object_counts()
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map_or(0, |&(_, c, _)| c)
}

/// An error that cuDNN returned (not a check of the crate's).
fn from_cudnn(e: &Error) -> bool {
    !matches!(e, Error::InvalidArgument { .. })
}

fn tensors(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let x = TensorDescriptor::<f32>::new_in(l(), NCHW, &[2, 3, 4, 5]).expect("nchw");
    let c = x.try_clone().expect("clone");
    assert_eq!(c.dims(), x.dims());
    let s = TensorDescriptor::<f16>::with_strides_in(l(), &[1, 2, 3, 3], &[32, 16, 4, 1])
        .expect("strided");
    drop(s.try_clone().expect("clone"));
    for dims in [&[1, 1, 1][..], &[2, 3, 4, 5, 6], &[1, 2, 1, 2, 1, 2, 1, 2]] {
        drop(TensorDescriptor::<f64>::new_in(l(), NHWC, dims).expect("rank 3 to 8"));
        drop(TensorDescriptor::<bf16>::new_in(l(), NCHW, dims).expect("bf16"));
        drop(TensorDescriptor::<i8>::new_in(l(), NCHW, dims).expect("i8"));
    }
    // Refused by the crate before any create.
    TensorDescriptor::<f32>::new_in(l(), NCHW, &[0, 1, 1, 1]).expect_err("dim 0");
    TensorDescriptor::<f32>::new_in(l(), NCHW, &[1; 9]).expect_err("rank 9");
    TensorDescriptor::<f32>::with_strides_in(l(), &[1, 2, 3], &[1, 2]).expect_err("lengths");
    // Refused by cuDNN after the create: the object must be destroyed.
    // Refused by cuDNN after the create (an extent of 2^31 elements): the
    // object must be destroyed.
    let before = created("RawTensor");
    let e = TensorDescriptor::<f32>::with_strides_in(l(), &[2, 2, 2], &[i32::MAX as usize, 1, 1])
        .expect_err("cuDNN refuses an extent of 2^31 elements");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(
        created("RawTensor"),
        before + 1,
        "the refused one was created"
    );
}

fn filters(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let w = FilterDescriptor::<f32>::new_in(l(), NCHW, &[8, 3, 3, 3]).expect("filter");
    drop(w.try_clone().expect("clone"));
    drop(FilterDescriptor::<f16>::new_in(l(), NHWC, &[4, 2, 3, 3, 3]).expect("3-d, nhwc"));
    FilterDescriptor::<f32>::new_in(l(), NCHW, &[8, 3]).expect_err("rank 2");
    let before = created("RawFilter");
    // NCHW_VECT_C holds 8-bit integers only.
    let e = FilterDescriptor::<f32>::new_in(l(), TensorFormat::NCHW_VECT_C, &[8, 4, 3, 3])
        .expect_err("float vect_c");
    assert!(from_cudnn(&e), "{e:?}");
    let e = FilterDescriptor::<f32>::new_in(l(), sys::cudnnTensorFormat_t(77), &[8, 4, 3, 3])
        .expect_err("format 77");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(created("RawFilter"), before + 2);
}

fn convolutions(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let mut conv =
        ConvolutionDescriptor::<f32>::new_in(l(), &[1, 1], &[1, 1], &[1, 1]).expect("conv");
    conv.set_groups(3).expect("groups");
    conv.set_math_type(MathType::TENSOR_OP_MATH).expect("math");
    conv.set_mode(ConvolutionMode::CONVOLUTION).expect("mode");
    conv.set_mode(sys::cudnnConvolutionMode_t(9))
        .expect_err("mode 9");
    conv.set_math_type(sys::cudnnMathType_t(42))
        .expect_err("math 42");
    let copy = conv.try_clone().expect("clone with groups and math");
    assert_eq!(copy.groups(), 3);
    drop(ConvolutionDescriptor::<f64>::new_in(l(), &[0], &[2], &[1]).expect("1-d"));
    drop(
        ConvolutionDescriptor::<f16>::new_in(l(), &[1, 1, 1], &[1, 1, 1], &[2, 2, 2]).expect("3-d"),
    );
    ConvolutionDescriptor::<f32>::new_in(l(), &[1, 1], &[0, 1], &[1, 1]).expect_err("stride 0");

    // Problems: made, cloned, and refused (each dropping what it was given).
    let x = || TensorDescriptor::<f32>::new_in(l(), NCHW, &[2, 6, 8, 8]).expect("x");
    let w = || FilterDescriptor::<f32>::new_in(l(), NCHW, &[6, 2, 3, 3]).expect("w");
    let p = ConvProblem::new(x(), w(), conv).expect("grouped problem");
    let q = p.try_clone().expect("clone");
    assert_eq!(q.y().dims(), p.y().dims());
    let y = TensorDescriptor::<f32>::new_in(l(), NCHW, &[2, 6, 8, 8]).expect("y");
    drop(ConvProblem::with_output(x(), w(), copy, y).expect("with output"));
    let plain = || ConvolutionDescriptor::<f32>::new_in(l(), &[1, 1], &[1, 1], &[1, 1]).expect("c");
    ConvProblem::new(x(), w(), plain()).expect_err("6 channels, a filter of 2");
    let wrong_y = TensorDescriptor::<f32>::new_in(l(), NCHW, &[2, 4, 7, 8]).expect("y");
    let w6 = FilterDescriptor::<f32>::new_in(l(), NCHW, &[4, 6, 3, 3]).expect("w");
    ConvProblem::with_output(x(), w6, plain(), wrong_y).expect_err("wrong output");
}

fn activations(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    for (mode, coef) in [
        (ActivationMode::RELU, 0.0),
        (ActivationMode::SIGMOID, 0.0),
        (ActivationMode::CLIPPED_RELU, 6.0),
        (ActivationMode::ELU, 1.0),
    ] {
        let a = ActivationDescriptor::new_in(l(), mode, NAN, coef).expect("activation");
        drop(a.try_clone().expect("clone"));
    }
    let before = created("RawActivation");
    let e = ActivationDescriptor::new_in(l(), sys::cudnnActivationMode_t(77), NAN, 0.0)
        .expect_err("mode 77");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(created("RawActivation"), before + 1);
    let relu = || ActivationDescriptor::new_in(l(), ActivationMode::RELU, NAN, 0.0).expect("relu");
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    drop(ActivationProblem::new(relu(), t(&[2, 3, 4, 4]), t(&[2, 3, 4, 4])).expect("problem"));
    drop(ActivationProblem::same_descriptor(relu(), t(&[1, 1, 1])));
    ActivationProblem::new(relu(), t(&[2, 3, 4, 4]), t(&[2, 3, 4, 5])).expect_err("shapes");
}

fn pooling(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let max = PoolingMode::MAX;
    let pool = || PoolingDescriptor::new_in(l(), max, NAN, &[2, 2], &[0, 0], &[2, 2]).expect("p");
    drop(pool().try_clone().expect("clone"));
    let avg = PoolingMode::AVERAGE_COUNT_EXCLUDE_PADDING;
    drop(
        PoolingDescriptor::new_in(l(), avg, NAN, &[3, 3, 3], &[1, 1, 1], &[1, 1, 1]).expect("3-d"),
    );
    PoolingDescriptor::new_in(l(), max, NAN, &[0, 2], &[0, 0], &[2, 2]).expect_err("window 0");
    let before = created("RawPooling");
    let e = PoolingDescriptor::new_in(
        l(),
        sys::cudnnPoolingMode_t(42),
        NAN,
        &[2, 2],
        &[0, 0],
        &[2, 2],
    )
    .expect_err("mode 42");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(created("RawPooling"), before + 1);
    let x = || TensorDescriptor::<f32>::new_in(l(), NHWC, &[2, 3, 8, 8]).expect("x");
    let p = PoolingProblem::new(pool(), x()).expect("problem");
    assert_eq!(p.y().dims(), [2, 3, 4, 4]);
    let y = TensorDescriptor::<f32>::new_in(l(), NHWC, &[2, 3, 4, 4]).expect("y");
    drop(PoolingProblem::with_output(pool(), x(), y).expect("with output"));
    let wrong = TensorDescriptor::<f32>::new_in(l(), NHWC, &[2, 3, 5, 4]).expect("y");
    PoolingProblem::with_output(pool(), x(), wrong).expect_err("wrong output");
    let tiny = TensorDescriptor::<f32>::new_in(l(), NCHW, &[1, 1, 1, 1]).expect("x");
    PoolingProblem::new(pool(), tiny).expect_err("window larger than the input");
}

fn lrn(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let lrn = || LrnDescriptor::new_in(l(), 5, 1e-4, 0.75, 2.0).expect("lrn");
    drop(lrn().try_clone().expect("clone"));
    LrnDescriptor::new_in(l(), 0, 1e-4, 0.75, 2.0).expect_err("n = 0");
    LrnDescriptor::new_in(l(), 5, 1e-4, 0.75, 1e-9).expect_err("k too small");
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    drop(LrnProblem::new(lrn(), t(&[1, 8, 4, 4]), t(&[1, 8, 4, 4])).expect("problem"));
    drop(LrnProblem::same_descriptor(lrn(), t(&[1, 8, 4, 4])));
    LrnProblem::new(lrn(), t(&[1, 8, 4, 4]), t(&[1, 8, 4, 3])).expect_err("shapes");
}

fn softmax(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    let (algo, mode) = (SoftmaxAlgorithm::LOG, SoftmaxMode::CHANNEL);
    drop(SoftmaxProblem::new(algo, mode, t(&[2, 10, 1, 1]), t(&[2, 10, 1, 1])).expect("problem"));
    drop(SoftmaxProblem::same_descriptor(
        algo,
        mode,
        t(&[2, 10, 1, 1]),
    ));
    SoftmaxProblem::new(algo, mode, t(&[2, 10, 1, 1]), t(&[2, 9, 1, 1])).expect_err("shapes");
}

fn tensor_ops(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let add = || OpTensorDescriptor::<f32>::new_in(l(), OpTensorOp::ADD, NAN).expect("add");
    drop(add().try_clone().expect("clone"));
    drop(OpTensorDescriptor::<f64>::new_in(l(), OpTensorOp::MUL, NAN).expect("mul"));
    let before = created("RawOpTensor");
    let e =
        OpTensorDescriptor::<f32>::new_in(l(), sys::cudnnOpTensorOp_t(66), NAN).expect_err("op 66");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(created("RawOpTensor"), before + 1);
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    drop(
        OpTensorProblem::new(add(), t(&[2, 3, 4, 4]), t(&[1, 3, 1, 1]), t(&[2, 3, 4, 4]))
            .expect("broadcast"),
    );
    OpTensorProblem::new(add(), t(&[2, 3, 4, 4]), t(&[1, 2, 1, 1]), t(&[2, 3, 4, 4]))
        .expect_err("b does not broadcast");

    let none = ReduceTensorIndices::NO_INDICES;
    let flat = ReduceTensorIndices::FLATTENED_INDICES;
    let max =
        || ReduceTensorDescriptor::<f32>::new_in(l(), ReduceTensorOp::MAX, NAN, flat).expect("max");
    drop(max().try_clone().expect("clone"));
    let before = created("RawReduceTensor");
    let e = ReduceTensorDescriptor::<f32>::new_in(l(), sys::cudnnReduceTensorOp_t(99), NAN, none)
        .expect_err("op 99");
    assert!(from_cudnn(&e), "{e:?}");
    assert_eq!(created("RawReduceTensor"), before + 1);
    drop(ReduceTensorProblem::new(max(), t(&[2, 3, 4, 4]), t(&[1, 3, 1, 1])).expect("problem"));
    ReduceTensorProblem::new(max(), t(&[2, 3, 4, 4]), t(&[2, 3, 4, 4]))
        .expect_err("nothing reduced");
}

fn batch_norm(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    for mode in [
        BatchNormMode::SPATIAL,
        BatchNormMode::PER_ACTIVATION,
        BatchNormMode::SPATIAL_PERSISTENT,
    ] {
        let mut b =
            BatchNormProblem::new(mode, t(&[2, 3, 4, 5]), t(&[2, 3, 4, 5]), 1e-5).expect("problem");
        b.set_epsilon(1e-3).expect("epsilon");
        b.set_epsilon(-1.0).expect_err("negative epsilon");
        let relu = ActivationDescriptor::new_in(l(), ActivationMode::RELU, NAN, 0.0).expect("relu");
        // Refused or taken, the activation descriptor is dropped with it.
        let _ = b.set_ops(BatchNormOps::BN_ACTIVATION, Some(relu));
        let x16 = TensorDescriptor::<f16>::new_in(l(), NHWC, &[2, 4, 3, 3]).expect("f16");
        drop(derive_bn_descriptor(&x16, mode).expect("derived"));
        let param = derive_bn_descriptor(&t(&[2, 3, 4, 5]), mode).expect("derived");
        drop(
            BatchNormProblem::with_param(mode, t(&[2, 3, 4, 5]), t(&[2, 3, 4, 5]), param, 1e-5)
                .expect("with param"),
        );
    }
    let spatial = BatchNormMode::SPATIAL;
    BatchNormProblem::new(spatial, t(&[2, 3, 4, 5]), t(&[2, 3, 4, 4]), 1e-5).expect_err("y dims");
    BatchNormProblem::new(spatial, t(&[2, 3, 4, 5]), t(&[2, 3, 4, 5]), f64::NAN)
        .expect_err("epsilon");
    let wrong = t(&[1, 4, 1, 1]);
    BatchNormProblem::with_param(spatial, t(&[2, 3, 4, 5]), t(&[2, 3, 4, 5]), wrong, 1e-5)
        .expect_err("param of 4 channels");
}

fn dropout(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let t = |dims: &[usize]| TensorDescriptor::<f32>::new_in(l(), NCHW, dims).expect("t");
    // Without a GPU: the reserve size and the problem (a descriptor needs
    // a handle).
    assert!(DropoutDescriptor::reserve_space_size(&t(&[2, 3, 4, 5])).expect("reserve") >= 15);
    let p = DropoutProblem::new(t(&[2, 3, 4, 5]), t(&[2, 3, 4, 5])).expect("problem");
    assert!(p.reserve_size() >= 15);
    drop(DropoutProblem::same_descriptor(t(&[1, 1, 1])).expect("one descriptor"));
    DropoutProblem::new(t(&[2, 3, 4, 5]), t(&[2, 3, 4, 4])).expect_err("shapes");
}

fn rnn(lib: &Arc<Library>) {
    let l = || Arc::clone(lib);
    let seq = RnnDataLayout::SEQ_MAJOR_UNPACKED;
    let batch = RnnDataLayout::BATCH_MAJOR_UNPACKED;
    for mode in [
        RnnMode::RNN_RELU,
        RnnMode::RNN_TANH,
        RnnMode::LSTM,
        RnnMode::GRU,
    ] {
        let config = RnnConfig::new(mode, 5, 8, 2)
            .bidirectional()
            .with_bias_mode(RnnBiasMode::SINGLE_INP_BIAS);
        let mut rnn = RnnDescriptor::<f32, f32>::new_in(l(), &config, None).expect("rnn");
        if mode == RnnMode::LSTM {
            rnn.set_clip(RnnClip::min_max(-1.0, 1.0)).expect("clip");
        }
        let layout = rnn.predicted_weight_layout().expect("layout");
        assert!(!layout.is_empty());
        let (back, _, _) = rnn.query().expect("query");
        assert_eq!(back, config);
        let clone = rnn.try_clone().expect("clone");
        let x = RnnDataDescriptor::<f32>::new_in(l(), seq, 4, 5, &[4, 2, 3]).expect("x");
        let x2 = x.try_clone().expect("clone");
        assert_eq!(x2.query().expect("query").3, [4, 2, 3]);
        let p = RnnProblem::new(rnn, x).expect("problem");
        let q = p.try_clone().expect("clone");
        drop((p, q));
        // Refused: y of the wrong size; the three descriptors are dropped.
        let y = RnnDataDescriptor::<f32>::new_in(l(), seq, 4, 7, &[4, 2, 3]).expect("y");
        RnnProblem::with_output(clone, x2, y).expect_err("y of 7");
    }
    let skip = RnnConfig::new(RnnMode::GRU, 8, 8, 1).with_input_mode(RnnInputMode::SKIP_INPUT);
    drop(RnnDescriptor::<f64, f64>::new_in(l(), &skip, None).expect("f64"));
    let proj = RnnConfig::new(RnnMode::LSTM, 6, 8, 1).with_projection(5);
    drop(RnnDescriptor::<f16, f32>::new_in(l(), &proj, None).expect("projection"));
    // bf16: accepted by some cuDNN releases, refused by cuDNN by others
    // (after the create).
    let gru = RnnConfig::new(RnnMode::GRU, 16, 32, 1);
    if let Err(e) = RnnDescriptor::<bf16, f32>::new_in(l(), &gru, None) {
        assert!(from_cudnn(&e), "{e:?}");
    }
    let mut rnn = RnnDescriptor::<f32, f32>::new_in(l(), &gru, None).expect("gru");
    rnn.set_clip(RnnClip::min_max(-1.0, 1.0))
        .expect_err("clipping a GRU");
    let off = RnnClip {
        mode: RnnClipMode::NONE,
        ..RnnClip::min_max(0.0, 0.0)
    };
    let _ = rnn.set_clip(off);
    RnnDescriptor::<f32, f32>::new_in(
        l(),
        &RnnConfig {
            hidden_size: 0,
            ..gru.clone()
        },
        None,
    )
    .expect_err("hidden 0");
    let mut d = RnnDataDescriptor::<f32>::new_in(l(), batch, 3, 4, &[3, 1]).expect("data");
    d.set_padding_fill(-1.0).expect("fill");
    drop(d.try_clone().expect("clone with its fill"));
    RnnDataDescriptor::<f32>::new_in(l(), batch, 3, 4, &[4, 1]).expect_err("longer than max");
    // A data descriptor of another length: cuDNN builds the problem's y,
    // then the crate refuses x.
    let rnn = RnnDescriptor::<f32, f32>::new_in(l(), &gru, None).expect("gru");
    let x = RnnDataDescriptor::<f32>::new_in(l(), seq, 2, 15, &[2]).expect("x of 15");
    RnnProblem::new(rnn, x).expect_err("x of 15, input of 16");
}

/// A packed backend tensor of `float`s, finalized when `finalize`.
fn backend_tensor(lib: &Arc<Library>, dims: &[i64], uid: i64, finalize: bool) -> BackendDescriptor {
    let mut t = common::backend::tensor(lib, dims, uid);
    if finalize {
        t.finalize().expect("finalize a tensor");
    }
    t
}

/// Backend descriptors: made, refused before cuDNN, finalized or refused
/// by cuDNN, kept alive by an operation that holds them, handed out by it.
fn graph(lib: &Arc<Library>) {
    let new = |kind| BackendDescriptor::with_library(lib, kind).expect("backend descriptor");
    let mut loose = backend_tensor(lib, &[1, 3, 8, 8], 9, false);
    assert!(loose.set(A::TENSOR_UNIQUE_ID, &[1.0f32]).is_err());
    drop(loose.finalize());
    // Incomplete: cuDNN refuses to finalize it.
    let mut empty = new(D::TENSOR_DESCRIPTOR);
    let e = empty.finalize().expect_err("a tensor without attributes");
    assert!(from_cudnn(&e), "{e:?}");
    let mut conv = common::backend::convolution(lib);
    conv.finalize().expect("finalize a convolution");
    let mut op = new(D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR);
    let x = backend_tensor(lib, &[1, 3, 8, 8], 1, true);
    let w = backend_tensor(lib, &[4, 3, 3, 3], 2, true);
    let y = backend_tensor(lib, &[1, 4, 8, 8], 3, true);
    common::backend::set_conv_forward(&mut op, [&x, &w, &y], &conv);
    // Refused before cuDNN: an unfinalized tensor, a convolution as x.
    assert!(op
        .set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&empty])
        .is_err());
    assert!(op
        .set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&conv])
        .is_err());
    // The operation keeps what it holds alive after the caller's owners go.
    drop((x, w, y, conv, empty));
    op.finalize().expect("finalize the operation");
    let got = op
        .get_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, D::TENSOR_DESCRIPTOR)
        .expect("x back");
    assert_eq!(got.len(), 1);
    // An operation graph: finalized without a handle by cuDNN 9, refused
    // by cuDNN 8 (which wants one).
    let mut g = new(D::OPERATIONGRAPH_DESCRIPTOR);
    g.set_descriptors(A::OPERATIONGRAPH_OPS, &[&op])
        .expect("ops");
    drop(op);
    let _ = g.finalize();
}

/// The graph API over the backend: a builder graph built (and refused), and,
/// where cuDNN 9.8+ has cuBLASLt, heuristics, plans (some that cuDNN does
/// not finalize), a plan's JSON read back, and a plan cache.
fn graph_api(lib: &Arc<Library>) {
    use cudnn::graph::{
        ConvOptions, DeviceProperties, ExecutionPlan, Graph, HeuristicMode, PlanCache, Settings,
        Target,
    };
    let f = sys::cudnnDataType_t::FLOAT;
    let mut g = Graph::new("leak");
    let x = g.tensor("x", &[1, 3, 8, 8], f).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], f).expect("w");
    let b = g.tensor("b", &[1, 4, 1, 1], f).expect("b");
    let c = g
        .conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    let y = g.bias(c, b).expect("bias");
    let y = g.relu(y).expect("relu");
    g.set_output(y, f).expect("output");
    let built = match g.build_with(lib, None) {
        Ok(built) => built,
        // cuDNN 8: the operations were built, the graph refused.
        Err(e) => {
            assert!(lib.version().major < 9, "{e}");
            return;
        }
    };
    let v = lib.version();
    if (v.major, v.minor) < (9, 8) || !common::backend::load_cublaslt(lib) {
        return;
    }
    let device = DeviceProperties::preset("h100-sxm").expect("preset");
    // One device descriptor per description and library, shared by its
    // clones and by every plan: only the first check creates one.
    let before = created("BackendDescriptor");
    device.check(lib).expect("h100 finalizes");
    assert_eq!(created("BackendDescriptor"), before + 1, "the first check");
    device.clone().check(lib).expect("again, from a clone");
    assert_eq!(created("BackendDescriptor"), before + 1, "made once");
    let target = Target::Device {
        library: lib,
        device: &device,
    };
    let configs = built
        .engine_configs(target, HeuristicMode::A, &Default::default())
        .expect("configs");
    let mut plans = Vec::new();
    for c in configs.iter().take(4) {
        if let Ok(p) = ExecutionPlan::new(c, target) {
            plans.push(p);
        }
    }
    // Knob choices read back, and a configuration made from them.
    let first = &configs[0];
    let again = built
        .engine_config(first.global_index(), first.knobs(), target)
        .expect("by index and knobs");
    drop(again);
    assert!(built.engine_config(1 << 40, &[], target).is_err());
    let json = plans.first().expect("a plan").to_json().expect("json");
    drop(ExecutionPlan::from_json(&json, target).expect("read back"));
    let a100 = DeviceProperties::preset("a100-sxm4-80gb").expect("preset");
    assert!(ExecutionPlan::from_json(
        &json,
        Target::Device {
            library: lib,
            device: &a100
        }
    )
    .is_err());
    let mut cache = PlanCache::new(1).expect("cache");
    cache
        .get_or_build(&built, &device, &Settings::default())
        .expect("cached");
    cache
        .get_or_build(&built, &a100, &Settings::default())
        .expect("evicts the first");
}

/// Descriptors of `main`'s library and of `other`, mixed in one problem.
fn mixed(lib: &Arc<Library>, other: &Arc<Library>) {
    let config = RnnConfig::new(RnnMode::LSTM, 4, 4, 1);
    let rnn = RnnDescriptor::<f32, f32>::new_in(Arc::clone(lib), &config, None).expect("rnn");
    let seq = RnnDataLayout::SEQ_MAJOR_UNPACKED;
    let x = RnnDataDescriptor::<f32>::new_in(Arc::clone(other), seq, 2, 4, &[2]).expect("x");
    RnnProblem::new(rnn, x).expect_err("x of another library");
}

/// Descriptors made on one thread and dropped on others.
fn threads(lib: &Arc<Library>) {
    let made: Vec<_> = (0..4)
        .map(|i| {
            TensorDescriptor::<f32>::new_in(Arc::clone(lib), NCHW, &[1, i + 1, 2, 2]).expect("t")
        })
        .collect();
    std::thread::scope(|s| {
        for t in made {
            s.spawn(move || drop(t));
        }
        let lib = Arc::clone(lib);
        s.spawn(move || {
            let c =
                ConvolutionDescriptor::<f32>::new_in(lib, &[0, 0], &[1, 1], &[1, 1]).expect("c");
            drop(c.try_clone().expect("clone"));
        });
    });
}

/// Without a GPU cudnnCreate fails and nothing is counted; with one the
/// handle is created and destroyed.
fn handles(lib: &Arc<Library>) {
    let before = created("Handle");
    for _ in 0..3 {
        match Handle::on_current_context(Arc::clone(lib)) {
            Ok(h) => drop(h),
            Err(e) => {
                assert!(from_cudnn(&e), "{e:?}");
                assert_eq!(
                    created("Handle"),
                    before,
                    "a failed cudnnCreate counted: {e}"
                );
            }
        }
    }
}

fn main() {
    // cuDNN 9 finalizes backend descriptors only with NVIDIA's driver
    // library (no GPU needed): common::driver loads it first.
    #[cfg(target_os = "linux")]
    if let Err(e) = common::driver::load() {
        assert!(!common::required(), "{e}");
        eprintln!("not run: {e}");
        return;
    }
    let Some(lib) = common::lib() else { return };
    let other = Arc::new(Library::open(Some(lib.path())).expect("a second copy of the library"));
    println!(
        "leak check: cuDNN {} from {}",
        lib.version(),
        lib.path().display()
    );
    for l in [&lib, &other] {
        tensors(l);
        filters(l);
        convolutions(l);
        activations(l);
        pooling(l);
        lrn(l);
        softmax(l);
        tensor_ops(l);
        batch_norm(l);
        dropout(l);
        rnn(l);
        graph(l);
        graph_api(l);
        threads(l);
    }
    mixed(&lib, &other);
    mixed(&other, &lib);
    handles(&lib);
    handles(&other);
    drop(other);

    let counts = cudnn::handle::object_counts();
    println!("{:<16} {:>8} {:>10}", "kind", "created", "destroyed");
    for (kind, c, d) in &counts {
        let mark = if c == d { "" } else { "  <- leaked" };
        println!("{kind:<16} {c:>8} {d:>10}{mark}");
    }
    let created: u64 = counts.iter().map(|c| c.1).sum();
    let destroyed: u64 = counts.iter().map(|c| c.2).sum();
    let sign = if created == destroyed { "=" } else { "!=" };
    println!(
        "leak check: cuDNN objects created {created} {sign} destroyed {destroyed} ({} kinds)",
        counts.len()
    );
    let unbalanced: Vec<_> = counts.iter().filter(|c| c.1 != c.2).collect();
    assert!(
        unbalanced.is_empty(),
        "created != destroyed: {unbalanced:?}"
    );
    for kind in HOST_KINDS {
        assert!(self::created(kind) > 0, "no {kind} was created");
    }
    assert!(created >= AT_LEAST, "only {created} objects were created");
}
