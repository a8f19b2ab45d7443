//! Backend ("graph") descriptors the graph tests build: packed `float`
//! tensors, a 2-d convolution and a convolution-forward operation; and the
//! library the graph tests run against ([`graph_library`]).

use std::sync::Arc;

use cudnn::graph::backend::BackendDescriptor;
use cudnn::sys::{self, cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};
use cudnn::Library;

const FLOAT: sys::cudnnDataType_t = sys::cudnnDataType_t::FLOAT;

/// The library under test, with NVIDIA's driver library loaded first on
/// Linux (`super::driver`); `None` when the run does not require cuDNN and
/// it cannot be loaded, or (outside Linux, where no driver library is
/// loaded) after checking that cuDNN 9's first finalize is refused with the
/// typed error that names the missing driver library.
pub fn graph_library() -> Option<Arc<Library>> {
    #[cfg(target_os = "linux")]
    if let Err(e) = super::driver::load() {
        if super::required() {
            panic!("CUDNN_TEST_REQUIRE=1 but {e}");
        }
        eprintln!("not run: {e}");
        return None;
    }
    let lib = super::lib()?;
    if !cfg!(target_os = "linux") && lib.version().major >= 9 {
        let mut probe = tensor(&lib, &[1, 1, 1, 1], 1);
        match probe.finalize() {
            Ok(()) => {}
            Err(cudnn::Error::DependencyUnavailable { file, reason, .. }) => {
                assert!(file == "nvcuda.dll" || file == "libcuda.so.1", "{file}");
                assert!(reason.contains("No GPU is needed"), "{reason}");
                eprintln!("stopped: cuDNN 9 finalizes nothing without {file} here: {reason}");
                return None;
            }
            Err(e) => panic!("expected the driver library's typed refusal, got {e}"),
        }
    }
    Some(lib)
}

/// Packed (row-major) strides of `dims`.
pub fn packed_strides(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// A packed backend tensor of `float`s with `uid`, aligned to 16 bytes;
/// not finalized.
pub fn tensor(lib: &Arc<Library>, dims: &[i64], uid: i64) -> BackendDescriptor {
    let mut t = BackendDescriptor::with_library(lib, D::TENSOR_DESCRIPTOR).expect("tensor");
    t.set(A::TENSOR_DATA_TYPE, &[FLOAT]).expect("data type");
    t.set(A::TENSOR_DIMENSIONS, dims).expect("dims");
    t.set(A::TENSOR_STRIDES, &packed_strides(dims))
        .expect("strides");
    t.set(A::TENSOR_UNIQUE_ID, &[uid]).expect("uid");
    t.set(A::TENSOR_BYTE_ALIGNMENT, &[16i64])
        .expect("alignment");
    t
}

/// A 2-d cross-correlation, padding 1, stride 1, dilation 1, computing in
/// `float`; not finalized.
pub fn convolution(lib: &Arc<Library>) -> BackendDescriptor {
    let mut c =
        BackendDescriptor::with_library(lib, D::CONVOLUTION_DESCRIPTOR).expect("convolution");
    c.set(A::CONVOLUTION_COMP_TYPE, &[FLOAT])
        .expect("comp type");
    c.set(
        A::CONVOLUTION_CONV_MODE,
        &[sys::cudnnConvolutionMode_t::CROSS_CORRELATION],
    )
    .expect("mode");
    c.set(A::CONVOLUTION_SPATIAL_DIMS, &[2i64])
        .expect("spatial dims");
    for (attr, what) in [
        (A::CONVOLUTION_DILATIONS, "dilations"),
        (A::CONVOLUTION_FILTER_STRIDES, "strides"),
        (A::CONVOLUTION_PRE_PADDINGS, "pre-paddings"),
        (A::CONVOLUTION_POST_PADDINGS, "post-paddings"),
    ] {
        c.set(attr, &[1i64, 1]).expect(what);
    }
    c
}

/// Sets a convolution-forward operation's x, w, y, convolution, alpha 1
/// and beta 0.
pub fn set_conv_forward(
    op: &mut BackendDescriptor,
    [x, w, y]: [&BackendDescriptor; 3],
    conv: &BackendDescriptor,
) {
    op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[x])
        .expect("x");
    op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_W, &[w])
        .expect("w");
    op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_Y, &[y])
        .expect("y");
    op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_CONV_DESC, &[conv])
        .expect("conv");
    op.set(A::OPERATION_CONVOLUTION_FORWARD_ALPHA, &[1.0f32])
        .expect("alpha");
    op.set(A::OPERATION_CONVOLUTION_FORWARD_BETA, &[0.0f32])
        .expect("beta");
}

/// Loads cuBLASLt for `lib`'s CUDA major: by name when the loader finds it
/// (a GPU machine's install), else from `CUBLAS_<major>_LIB` (set by
/// `scripts/test.sh`) by absolute path, so that cuDNN 9's precompiled
/// engines find it by name. Whether it is loaded now. Under
/// `CUDNN_TEST_REQUIRE=1` a cuDNN built for CUDA 12 must find it on Linux.
pub fn load_cublaslt(lib: &Arc<Library>) -> bool {
    use std::sync::OnceLock;
    static LOADED: OnceLock<Option<libloading::Library>> = OnceLock::new();
    let major = lib.cudart_version().major();
    let (var, file) = if cfg!(windows) {
        (
            format!("CUBLAS_{major}_BIN"),
            format!("cublasLt64_{major}.dll"),
        )
    } else {
        (
            format!("CUBLAS_{major}_LIB"),
            format!("libcublasLt.so.{major}"),
        )
    };
    LOADED
        .get_or_init(|| {
            // SAFETY: NVIDIA's cuBLASLt, loaded as cuDNN itself would.
            if let Ok(l) = unsafe { libloading::Library::new(&file) } {
                return Some(l);
            }
            let dir = std::env::var_os(&var)?;
            let path = std::path::Path::new(&dir).join(&file);
            // SAFETY: NVIDIA's cuBLASLt, loaded as cuDNN itself would.
            match unsafe { libloading::Library::new(&path) } {
                Ok(l) => Some(l),
                Err(e) => panic!("{var} is set but {} does not load: {e}", path.display()),
            }
        })
        .is_some()
        || {
            // scripts/test.sh provides it on Linux; the Windows rows have
            // none, and check the typed refusal instead.
            if super::required()
                && cfg!(target_os = "linux")
                && major == 12
                && lib.version().major >= 9
            {
                panic!("CUDNN_TEST_REQUIRE=1 but {var} is not set: cuDNN's precompiled engines need {file}");
            }
            false
        }
}

/// Loads NVRTC for `lib`'s CUDA major (the composite's fused attention
/// engines are runtime-compiled: without it cuDNN's heuristics keep none
/// of them, `RUNTIME_PREREQUISITE_MISSING`): by name when the loader finds
/// it, else from `NVRTC_<major>_LIB` (set by `scripts/test.sh`) by
/// absolute path, so that cuDNN finds it by name. Under
/// `CUDNN_TEST_REQUIRE=1` on Linux it must load.
pub fn load_nvrtc(lib: &Library) -> bool {
    use std::sync::OnceLock;
    static LOADED: OnceLock<Option<libloading::Library>> = OnceLock::new();
    let major = lib.cudart_version().major();
    let (var, file) = (format!("NVRTC_{major}_LIB"), format!("libnvrtc.so.{major}"));
    let loaded = LOADED.get_or_init(|| {
        // SAFETY: NVIDIA's NVRTC, loaded as cuDNN itself would.
        if let Ok(l) = unsafe { libloading::Library::new(&file) } {
            return Some(l);
        }
        let path = std::path::Path::new(&std::env::var_os(&var)?).join(&file);
        // SAFETY: NVIDIA's NVRTC, loaded as cuDNN itself would.
        match unsafe { libloading::Library::new(&path) } {
            Ok(l) => Some(l),
            Err(e) => panic!("{var} is set but {} does not load: {e}", path.display()),
        }
    });
    if loaded.is_none() && super::required() && cfg!(target_os = "linux") {
        panic!("CUDNN_TEST_REQUIRE=1 but {var} is not set: the composite's engines need {file}");
    }
    loaded.is_some()
}
