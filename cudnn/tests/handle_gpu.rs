//! Handles and CUDA contexts on a GPU: the handle a thread keeps for a
//! context, its release, and a handle made on the current context refusing
//! a stream of another context.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use std::sync::Arc;

use common::gpu::gpu;
use cudnn::cudarc::driver::CudaContext;
use cudnn::handle::{release_thread_handles, with_thread_handle};
use cudnn::{Error, Handle, Mismatch};

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_thread_keeps_one_handle_per_context_and_not_the_stream() {
    let gpu = gpu();
    let stream = Arc::clone(&gpu.stream);
    let before = Arc::strong_count(&stream);
    let first = with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle");
    let again = with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle");
    assert_eq!(first, again, "the same thread gets the same handle");
    assert_eq!(
        Arc::strong_count(&stream),
        before,
        "the kept handle does not hold the caller's stream"
    );
    // A call from inside the closure is refused: no second handle.
    let nested =
        with_thread_handle(&stream, |_| with_thread_handle(&stream, |_| ())).expect("outer call");
    assert!(
        matches!(
            nested,
            Err(Error::InvalidArgument {
                mismatch: Mismatch::Unsupported { .. },
                ..
            })
        ),
        "{nested:?}"
    );
    assert_eq!(release_thread_handles().expect("release"), 1);
    assert_eq!(release_thread_handles().expect("release"), 0);
    let other = std::thread::spawn(move || {
        with_thread_handle(&stream, |h| h.as_raw() as usize).expect("handle")
    })
    .join()
    .expect("thread");
    assert_ne!(first, other, "another thread gets its own handle");
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_handle_made_on_the_current_context_keeps_to_it() {
    let gpu = gpu();
    let lib = Arc::clone(gpu.handle.library());
    gpu.stream.context().bind_to_thread().expect("bind");
    let mut handle = Handle::on_current_context(Arc::clone(&lib)).expect("handle");
    // A second context on the same GPU: its pointers and streams are not
    // the first one's.
    let other = CudaContext::new_non_primary(0, 0).expect("second context");
    let e = handle
        .set_stream(other.default_stream())
        .expect_err("a stream of another context");
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                mismatch: Mismatch::WrongDevice { .. },
                ..
            }
        ),
        "{e:?}"
    );
    handle
        .set_stream(Arc::clone(&gpu.stream))
        .expect("a stream of its own context");
}
