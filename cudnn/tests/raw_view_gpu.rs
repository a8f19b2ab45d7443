//! Memory that another framework allocated (here with the driver's
//! `cuMemAlloc`, as a framework's pool does), handed to the launches as
//! raw views: a sigmoid runs on it and matches `cudnn-reference`; the
//! launch layer refuses a view shorter than its descriptor and one of
//! another CUDA context, as it refuses cudarc's buffers.

mod common;

use std::sync::Arc;

use cudnn::cudarc::driver::{result, sys::CUdeviceptr, CudaContext, CudaStream};
use cudnn::handle::{RawDeviceView, RawDeviceViewMut};
use cudnn::ops::ActivationProblem;
use cudnn::{
    ActivationDescriptor, ActivationMode, Error, Handle, Mismatch, Scaling, TensorDescriptor,
    TensorFormat,
};
use cudnn_reference::activation::{self, ActivationKind};

const NCHW: TensorFormat = TensorFormat::NCHW;

/// Device memory of `n` f32 outside cudarc's types, freed on drop.
struct Foreign {
    ptr: CUdeviceptr,
    ctx: Arc<CudaContext>,
}

impl Foreign {
    fn new(ctx: &Arc<CudaContext>, data: &[f32]) -> Foreign {
        ctx.bind_to_thread().expect("bind");
        // SAFETY: a fresh allocation of the data's size, filled from it.
        let ptr = unsafe { result::malloc_sync(std::mem::size_of_val(data)) }.expect("cuMemAlloc");
        // SAFETY: `ptr` holds `data.len()` f32.
        unsafe { result::memcpy_htod_sync(ptr, data) }.expect("copy in");
        Foreign {
            ptr,
            ctx: ctx.clone(),
        }
    }

    fn read(&self, n: usize) -> Vec<f32> {
        self.ctx.bind_to_thread().expect("bind");
        let mut out = vec![0f32; n];
        // SAFETY: the allocation holds at least `n` f32.
        unsafe { result::memcpy_dtoh_sync(&mut out, self.ptr) }.expect("copy out");
        out
    }
}

impl Drop for Foreign {
    fn drop(&mut self) {
        let _ = self.ctx.bind_to_thread();
        // SAFETY: allocated by `new`, freed once; the tests synchronise
        // their streams before the memory goes.
        let _ = unsafe { result::free_sync(self.ptr) };
    }
}

fn sigmoid_problem(dims: &[usize]) -> ActivationProblem<f32> {
    let act = ActivationDescriptor::new(ActivationMode::SIGMOID, 0.0).expect("activation");
    let x = TensorDescriptor::<f32>::new(NCHW, dims).expect("x");
    let y = TensorDescriptor::<f32>::new(NCHW, dims).expect("y");
    ActivationProblem::new(act, x, y).expect("problem")
}

fn setup() -> (Arc<CudaContext>, Arc<CudaStream>, Handle) {
    let _lib = common::lib().expect("cuDNN is required on the GPU machine");
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let stream = ctx.default_stream();
    let handle = Handle::new(stream.clone()).expect("handle");
    (ctx, stream, handle)
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_sigmoid_on_foreign_memory_matches_the_reference() {
    let (ctx, stream, handle) = setup();
    let dims = [2, 3, 4, 5];
    let n: usize = dims.iter().product();
    let x: Vec<f32> = (0..n).map(|i| (i as f32 - 60.0) / 17.0).collect();
    let xs = Foreign::new(&ctx, &x);
    let ys = Foreign::new(&ctx, &vec![0f32; n]);
    // SAFETY: both allocations hold `n` f32 of this context, live until
    // the end of the test, and are used only on `stream`, synchronised
    // before they are read or freed.
    let xv = unsafe { RawDeviceView::<f32>::from_raw_parts(xs.ptr, n, &stream) }.expect("x view");
    let mut yv =
        unsafe { RawDeviceViewMut::<f32>::from_raw_parts(ys.ptr, n, &stream) }.expect("y view");
    handle
        .activation_forward(&sigmoid_problem(&dims), &xv, &mut yv, Scaling::default())
        .expect("sigmoid on raw views");
    stream.synchronize().expect("sync");
    let want = activation::forward(ActivationKind::Sigmoid, &x);
    let got = ys.read(n);
    let worst = got
        .iter()
        .zip(&want)
        .map(|(g, w)| (g - w).abs())
        .fold(0f32, f32::max);
    assert!(worst < 1e-6, "worst difference {worst}");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_raw_view_shorter_than_its_descriptor_is_refused() {
    let (ctx, stream, handle) = setup();
    let dims = [1, 1, 4, 4];
    let xs = Foreign::new(&ctx, &[0.5f32; 16]);
    let ys = Foreign::new(&ctx, &[0f32; 16]);
    // SAFETY: as above; the views claim less than the allocations hold.
    let xv = unsafe { RawDeviceView::<f32>::from_raw_parts(xs.ptr, 15, &stream) }.expect("x");
    let mut yv =
        unsafe { RawDeviceViewMut::<f32>::from_raw_parts(ys.ptr, 16, &stream) }.expect("y");
    let r = handle.activation_forward(&sigmoid_problem(&dims), &xv, &mut yv, Scaling::default());
    assert!(
        matches!(
            &r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::BufferTooShort {
                    buffer,
                    len: 15,
                    required: 16
                },
                ..
            }) if buffer == "x"
        ),
        "{r:?}"
    );
    assert_eq!(ys.read(16), vec![0f32; 16], "nothing ran");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_raw_view_of_another_context_is_refused() {
    let (ctx, stream, handle) = setup();
    let other = CudaContext::new_non_primary(0, 0).expect("a second context on GPU 0");
    let other_stream = other.default_stream();
    let xs = Foreign::new(&other, &[0.5f32; 16]);
    let ys = Foreign::new(&ctx, &[0f32; 16]);
    // SAFETY: each view names the context its memory was allocated in.
    let xv = unsafe { RawDeviceView::<f32>::from_raw_parts(xs.ptr, 16, &other_stream) }.expect("x");
    let mut yv =
        unsafe { RawDeviceViewMut::<f32>::from_raw_parts(ys.ptr, 16, &stream) }.expect("y");
    let r = handle.activation_forward(
        &sigmoid_problem(&[1, 1, 4, 4]),
        &xv,
        &mut yv,
        Scaling::default(),
    );
    assert!(
        matches!(
            &r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::WrongDevice { buffer, .. },
                ..
            }) if buffer == "x"
        ),
        "{r:?}"
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn the_constructor_refuses_a_misaligned_pointer_with_a_live_stream() {
    let (ctx, stream, _handle) = setup();
    let xs = Foreign::new(&ctx, &[0f32; 4]);
    // SAFETY: refused before the view exists; nothing is read.
    let r = unsafe { RawDeviceView::<f32>::from_raw_parts(xs.ptr + 2, 1, &stream) };
    assert!(
        matches!(
            r,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::BadValue { .. },
                ..
            })
        ),
        "{r:?}"
    );
}
