//! Without a CUDA driver library the crate answers with a typed error,
//! never cudarc's panic, in each loading mode of cudarc where a program
//! starts without the library (`dynamic-loading`, `fallback-dynamic-loading`:
//! the default); with cudarc's `dynamic-linking` a program does not start
//! without it, so there the test only sees a driver. With a driver library
//! but no GPU, the driver's own error comes back, again without a panic.

use cudnn::Error;

#[cfg(not(windows))]
const DRIVER: &[&str] = &["libcuda.so", "libcuda.so.1"];
#[cfg(windows)]
const DRIVER: &[&str] = &["nvcuda.dll"];

#[test]
fn without_a_driver_library_cuda_context_is_a_typed_error() {
    // SAFETY: loading the driver library runs its initialisers, as any
    // CUDA program does; it is closed again at once.
    let loadable = DRIVER
        .iter()
        .any(|n| unsafe { libloading::Library::new(*n) }.is_ok());
    assert_eq!(cudnn::cuda_driver_present(), loadable);
    let r = std::panic::catch_unwind(|| cudnn::cuda_context(0))
        .expect("cuda_context must not panic, with a driver library or without");
    if loadable {
        // A driver without a GPU (a driver library unpacked for linking,
        // say) is the driver's error; with a GPU, device 0 opens.
        eprintln!("a CUDA driver library is present: cuda_context(0) gave {r:?}");
        return;
    }
    match r {
        Err(Error::Cuda(e)) => assert!(e.message.contains("no CUDA driver library"), "{e}"),
        other => panic!("expected Error::Cuda, got {other:?}"),
    }
}
