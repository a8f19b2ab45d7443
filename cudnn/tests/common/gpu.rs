//! What the GPU tests share: the device and a handle on it, deterministic
//! inputs, moving data to and from the device (flat, or channel-first data
//! in either tensor format), and tolerances by element type.

use std::sync::Arc;

use cudnn::cudarc::driver::{CudaSlice, CudaStream};
use cudnn::error::Category;
use cudnn::{DataType, Error, Handle, Library, Mismatch, TensorFormat};
use cudnn_reference::conv::{self as cpu, Scalar};

/// GPU 0's default stream and a cuDNN handle on it.
pub struct Gpu {
    pub stream: Arc<CudaStream>,
    pub handle: Handle,
}

/// The GPU the tests run on; cuDNN is required there.
pub fn gpu() -> Gpu {
    let _lib = super::lib().expect("cuDNN is required on the GPU machine");
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let stream = ctx.default_stream();
    let handle = Handle::new(Arc::clone(&stream)).expect("cuDNN handle");
    Gpu { stream, handle }
}

/// `n` values in [-scale, scale) from a 64-bit linear congruential
/// generator started at `state`.
fn lcg(mut state: u64, n: usize, scale: f64) -> Vec<f64> {
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (((state >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0) * scale
        })
        .collect()
}

/// Deterministic values in [-1, 1).
pub fn values(n: usize, seed: u64) -> Vec<f64> {
    values_scaled(n, seed, 1.0)
}

/// Deterministic values in [-scale, scale): [`values`] times `scale`.
pub fn values_scaled(n: usize, seed: u64, scale: f64) -> Vec<f64> {
    let state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    lcg(state, n, scale)
}

/// Deterministic values in [-2, 2), another sequence than [`values`] for
/// the same seed.
pub fn wide_values(n: usize, seed: u64) -> Vec<f64> {
    lcg(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(3),
        n,
        2.0,
    )
}

/// Values rounded through T, so the reference sees what the GPU sees.
pub fn rounded<T: Scalar>(v: &[f64]) -> Vec<f64> {
    v.iter().map(|&x| T::from_f64(x).to_f64()).collect()
}

/// Values as T (rounded to nearest).
pub fn to_type<T: Scalar>(v: &[f64]) -> Vec<T> {
    v.iter().map(|&x| T::from_f64(x)).collect()
}

/// Channel-first `data` of shape `dims` (N, C, spatial...) in `format`.
pub fn to_layout<T: Copy>(data: &[T], dims: &[usize], format: TensorFormat) -> Vec<T> {
    if format == TensorFormat::NHWC {
        cpu::to_channels_last(data, dims[0], dims[1], &dims[2..])
    } else {
        data.to_vec()
    }
}

/// `data` of shape `dims` in `format` as channel-first.
pub fn from_layout<T: Copy>(data: &[T], dims: &[usize], format: TensorFormat) -> Vec<T> {
    if format == TensorFormat::NHWC {
        cpu::to_channels_first(data, dims[0], dims[1], &dims[2..])
    } else {
        data.to_vec()
    }
}

/// Uploads a flat buffer as T.
pub fn upload_flat<T: Scalar + DataType>(s: &Arc<CudaStream>, data: &[f64]) -> CudaSlice<T> {
    s.clone_htod(&to_type::<T>(data)).expect("upload")
}

/// Downloads a buffer of T as f64, in the device's order.
pub fn download_flat<T: Scalar + DataType>(s: &Arc<CudaStream>, buf: &CudaSlice<T>) -> Vec<f64> {
    s.clone_dtoh(buf)
        .expect("download")
        .iter()
        .map(|v| v.to_f64())
        .collect()
}

/// Uploads channel-first `data` of shape `dims` as T in `format`.
pub fn upload<T: Scalar + DataType>(
    s: &Arc<CudaStream>,
    data: &[f64],
    dims: &[usize],
    format: TensorFormat,
) -> CudaSlice<T> {
    upload_flat(s, &to_layout(data, dims, format))
}

/// Downloads T in `format` as channel-first f64.
pub fn download<T: Scalar + DataType>(
    s: &Arc<CudaStream>,
    buf: &CudaSlice<T>,
    dims: &[usize],
    format: TensorFormat,
) -> Vec<f64> {
    from_layout(&download_flat(s, buf), dims, format)
}

/// A tolerance by element type: `f32`'s, `f16`'s, or `bf16`'s, which also
/// serves any other type.
pub fn tolerance<T: DataType>(f32: f64, f16: f64, bf16: f64) -> f64 {
    match T::NAME {
        "f32" => f32,
        "f16" => f16,
        _ => bf16,
    }
}

/// Whether cuDNN refused the launch as not supported (for this
/// configuration, on this GPU).
pub fn not_supported(e: &Error) -> bool {
    e.status()
        .is_some_and(|s| s.category() == Some(Category::NOT_SUPPORTED))
}

/// A second loaded copy of the library (its own table and handles).
pub fn second_library() -> Arc<Library> {
    Arc::new(Library::open(None).expect("a second copy of the library"))
}

/// Asserts that `r` refuses descriptor `name` as made by another loaded
/// library.
#[track_caller]
pub fn assert_other_library(r: Result<(), Error>, name: &str) {
    match r {
        Err(Error::InvalidArgument {
            mismatch: Mismatch::OtherLibrary { descriptor, .. },
            ..
        }) if descriptor == name => {}
        other => panic!("{name}: expected OtherLibrary, got {other:?}"),
    }
}
