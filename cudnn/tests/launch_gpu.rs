//! The launch layer's checks that need a GPU to reach: buffers of another
//! CUDA context on the same device, descriptors of another loaded cuDNN,
//! outputs with overlapping strides, and a workspace that moves between
//! contexts. Each is refused (or handled) before cuDNN is called. The
//! activation, pooling and LRN descriptors are checked as well.

mod common;

use std::sync::Arc;

use cudnn::cudarc::driver::CudaContext;
use cudnn::ops::{
    ActivationProblem, LrnDescriptor, LrnProblem, PoolingDescriptor, PoolingMode, PoolingProblem,
};
use cudnn::{
    ActivationDescriptor, ActivationMode, Error, Handle, Library, Mismatch, NanPropagation,
    Scaling, TensorDescriptor, TensorFormat, Workspace,
};

const NCHW: TensorFormat = TensorFormat::NCHW;

/// The mismatch a launch was refused with, before cuDNN was called.
fn mismatch<T>(r: cudnn::Result<T>) -> Mismatch {
    match r {
        Err(Error::InvalidArgument { mismatch, .. }) => mismatch,
        Err(e) => panic!("expected a pre-call refusal, got: {e}"),
        Ok(_) => panic!("expected a pre-call refusal, got Ok"),
    }
}

fn setup() -> (
    Arc<cudnn::cudarc::driver::CudaStream>,
    Handle,
    ActivationDescriptor,
) {
    let _lib = common::lib().expect("cuDNN is required on the GPU machine");
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let stream = ctx.default_stream();
    let handle = Handle::new(Arc::clone(&stream)).expect("cuDNN handle");
    let act = ActivationDescriptor::new(ActivationMode::RELU, 0.0).expect("activation descriptor");
    (stream, handle, act)
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn an_output_with_overlapping_strides_is_refused() {
    let (stream, handle, act) = setup();
    let x_desc = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 3]).expect("x");
    // Rows one element apart although each is three long: (0,1) and (1,0)
    // share an address.
    let y_desc = TensorDescriptor::<f32>::with_strides(&[1, 1, 2, 3], &[6, 6, 1, 1]).expect("y");
    let x = stream.clone_htod(&[1.0f32; 6]).expect("x");
    let mut y = stream.alloc_zeros::<f32>(6).expect("y");
    let problem =
        ActivationProblem::new(act.try_clone().expect("act"), x_desc, y_desc).expect("problem");
    let m = mismatch(handle.activation_forward(&problem, &x, &mut y, Scaling::new(1.0, 0.0)));
    assert!(
        matches!(&m, Mismatch::OverlappingOutput { buffer } if buffer == "y"),
        "{m:?}"
    );
    // The same layout as an input is fine.
    let x_desc = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 3]).expect("x");
    let y_desc = TensorDescriptor::<f32>::with_strides(&[1, 1, 2, 3], &[6, 6, 1, 1]).expect("y");
    let swapped = ActivationProblem::new(act, y_desc, x_desc).expect("problem");
    let mut y2 = stream.alloc_zeros::<f32>(6).expect("y2");
    handle
        .activation_forward(&swapped, &x, &mut y2, Scaling::new(1.0, 0.0))
        .expect("an overlapping input is allowed");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_descriptor_of_another_loaded_library_is_refused_at_launch() {
    let (stream, handle, act) = setup();
    let other = Arc::new(Library::open(None).expect("a second copy of the library"));
    let x_desc = TensorDescriptor::<f32>::new_in(other, NCHW, &[1, 1, 2, 3]).expect("x");
    let y_desc = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 3]).expect("y");
    let x = stream.clone_htod(&[1.0f32; 6]).expect("x");
    let mut y = stream.alloc_zeros::<f32>(6).expect("y");
    let problem = ActivationProblem::new(act, x_desc, y_desc).expect("problem");
    let m = mismatch(handle.activation_forward(&problem, &x, &mut y, Scaling::new(1.0, 0.0)));
    assert!(
        matches!(
            m,
            Mismatch::OtherLibrary {
                descriptor: "x",
                ..
            }
        ),
        "{m:?}"
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn an_op_descriptor_of_another_loaded_library_is_refused_at_launch() {
    let (stream, handle, _act) = setup();
    let other = Arc::new(Library::open(None).expect("a second copy of the library"));
    let desc = || TensorDescriptor::<f32>::new(NCHW, &[1, 2, 4, 4]).expect("desc");
    let x = stream.clone_htod(&[1.0f32; 32]).expect("x");
    let mut y = stream.alloc_zeros::<f32>(32).expect("y");
    let refused_as = |m: Mismatch, what: &str| {
        assert!(
            matches!(&m, Mismatch::OtherLibrary { descriptor, .. } if *descriptor == what),
            "{m:?}"
        );
    };

    let act = ActivationDescriptor::new_in(
        Arc::clone(&other),
        ActivationMode::RELU,
        NanPropagation::NOT_PROPAGATE_NAN,
        0.0,
    )
    .expect("activation");
    let problem = ActivationProblem::same_descriptor(act, desc());
    let m = mismatch(handle.activation_forward(&problem, &x, &mut y, Scaling::default()));
    refused_as(m, "activation");
    let m = mismatch(handle.activation_forward_in_place(&problem, &mut y, Scaling::default()));
    refused_as(m, "activation");

    let pool = PoolingDescriptor::new_in(
        Arc::clone(&other),
        PoolingMode::MAX,
        NanPropagation::NOT_PROPAGATE_NAN,
        &[2, 2],
        &[0, 0],
        &[2, 2],
    )
    .expect("pooling");
    let problem = PoolingProblem::new(pool, desc()).expect("problem");
    let m = mismatch(handle.pooling_forward(&problem, &x, &mut y, Scaling::default()));
    refused_as(m, "pooling");

    let lrn = LrnDescriptor::new_in(other, 5, 1e-4, 0.75, 2.0).expect("lrn");
    let problem = LrnProblem::same_descriptor(lrn, desc());
    let m = mismatch(handle.lrn_cross_channel_forward(&problem, &x, &mut y, Scaling::default()));
    refused_as(m, "lrn");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_buffer_of_another_context_on_the_same_gpu_is_refused() {
    let (stream, handle, act) = setup();
    let other = CudaContext::new_non_primary(0, 0).expect("a second context on GPU 0");
    let other_stream = other.default_stream();
    let desc = TensorDescriptor::<f32>::new(NCHW, &[1, 1, 2, 3]).expect("desc");
    let x = other_stream
        .clone_htod(&[1.0f32; 6])
        .expect("x in the other context");
    let mut y = stream.alloc_zeros::<f32>(6).expect("y");
    stream.context().bind_to_thread().expect("bind");
    let problem = ActivationProblem::same_descriptor(act, desc);
    let m = mismatch(handle.activation_forward(&problem, &x, &mut y, Scaling::new(1.0, 0.0)));
    assert!(
        matches!(&m, Mismatch::WrongDevice { buffer, .. } if buffer == "x"),
        "{m:?}"
    );
    // A handle's stream cannot move to the other context either.
    let mut handle = handle;
    let m = mismatch(handle.set_stream(Arc::clone(&other_stream)));
    assert!(
        matches!(
            &m,
            Mismatch::WrongDevice {
                buffer,
                ..
            } if buffer == "stream"
        ),
        "{m:?}"
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_workspace_moves_between_contexts() {
    let (stream, _handle, _act) = setup();
    let other = CudaContext::new_non_primary(0, 0).expect("a second context on GPU 0");
    let other_stream = other.default_stream();
    let mut ws = Workspace::new();
    ws.reserve(&stream, 1 << 20).expect("first context");
    assert_eq!(ws.len(), 1 << 20);
    // Smaller, but in another context: reallocated there (the old memory
    // is freed in its own context, after its stream's work).
    ws.reserve(&other_stream, 1024).expect("second context");
    assert_eq!(ws.len(), 1024);
    ws.reserve(&other_stream, 0).expect("kept");
    assert_eq!(ws.len(), 1024);
    ws.reserve(&stream, 0).expect("moved back, nothing needed");
    assert_eq!(ws.len(), 0);
    stream.synchronize().expect("first stream");
    other_stream.synchronize().expect("second stream");
}
