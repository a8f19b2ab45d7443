//! cuDNN's host-side functions against the real library, no GPU needed:
//! versions, error strings, descriptor creation and setting, output-dim
//! queries, status decoding and handle creation.

// The `raw!` helper runs the tests' own raw calls inside its unsafe block.
#![allow(clippy::macro_metavars_in_unsafe)]

mod common;

use common::raw;

use cudnn::sys;
use cudnn::{Error, Version};
use std::ptr::null_mut;

#[test]
fn version_is_decoded_from_the_library() {
    let Some(lib) = common::lib() else { return };
    let v = lib.version();
    assert!(v.major == 8 || v.major == 9, "{v}");
    let get_version = lib.sys().cudnnGetVersion.expect("cudnnGetVersion");
    // SAFETY: cudnnGetVersion takes nothing and returns a number.
    let encoded = unsafe { get_version() };
    assert_eq!(Version::from_encoded(encoded), v);
    if v.major == 8 {
        assert!(
            encoded < 10_000,
            "8.x encodes as major*1000+minor*100+patch: {encoded}"
        );
    } else {
        assert!(
            encoded >= 90_000,
            "9.x encodes as major*10000+minor*100+patch: {encoded}"
        );
    }
    assert_eq!(cudnn::version().expect("version"), v);
    // The CUDA major the install under test was built for: scripts/test.sh
    // sets it per install (12, or 13 for the CUDA 13 wheel); a GPU
    // machine's own cuDNN may be built for another.
    if let Ok(want) = std::env::var("CUDNN_TEST_EXPECT_CUDA_MAJOR") {
        let want: u32 = want
            .parse()
            .expect("CUDNN_TEST_EXPECT_CUDA_MAJOR is a number");
        assert_eq!(
            lib.cudart_version().major(),
            want,
            "{}",
            lib.cudart_version()
        );
    }
    assert!(
        lib.cudart_version().major() >= 11,
        "{}",
        lib.cudart_version()
    );
}

#[test]
fn knows_which_file_was_loaded() {
    let Some(lib) = common::lib() else { return };
    assert!(lib.path().is_absolute(), "{}", lib.path().display());
    assert!(lib.path().is_file(), "{}", lib.path().display());
    let name = lib
        .path()
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let stem = if cfg!(windows) {
        "cudnn64_"
    } else {
        "libcudnn.so"
    };
    assert!(name.starts_with(stem), "{name}");
    if let Some(dir) = std::env::var_os("CUDNN_LIB_DIR") {
        assert_eq!(lib.found_by(), &cudnn::load::Source::EnvLibDir);
        let dir = std::fs::canonicalize(dir).expect("CUDNN_LIB_DIR exists");
        let loaded = std::fs::canonicalize(lib.path()).expect("loaded file exists");
        assert_eq!(loaded.parent(), Some(dir.as_path()));
    }
    assert_eq!(lib.attempts().last().map(|a| a.outcome.is_ok()), Some(true));
}

#[test]
fn error_strings_follow_the_major() {
    let Some(lib) = common::lib() else { return };
    let bad_param = if lib.version().major == 8 { 3 } else { 2000 };
    assert_eq!(
        lib.error_string(sys::cudnnStatus_t(bad_param)).as_deref(),
        Some("CUDNN_STATUS_BAD_PARAM")
    );
    assert_eq!(
        lib.error_string(sys::cudnnStatus_t::SUCCESS).as_deref(),
        Some("CUDNN_STATUS_SUCCESS")
    );
}

#[test]
fn version_specific_functions_are_resolved_only_if_present() {
    let Some(lib) = common::lib() else { return };
    let nine = lib.version().major >= 9;
    assert_eq!(lib.has_function("cudnnGetLastErrorString"), nine);
    assert_eq!(lib.has_function("cudnnSetRNNDescriptor_v6"), !nine);
    assert_eq!(lib.has_function("cudnnCreateAlgorithmDescriptor"), !nine);
    assert!(lib.has_function("cudnnRNNForward"));
    assert!(lib.has_function("cudnnSetRNNDescriptor_v8"));
    assert!(!lib.has_function("cudnnNoSuchFunction"));
    // Every function the headers declare for this major is exported by the
    // releases the bindings come from (8.9, 9.28); an older 9.x lacks the
    // newer ones (9.19 has no cudnnGetExecutionPlanWorkspaceSize and no
    // sub-quadratic ops), and asking for one of those is a typed error.
    let v = lib.version();
    let missing: Vec<&'static str> = sys::FUNCTIONS
        .iter()
        .filter(|f| f.majors.contains(&v.major) && !lib.has_function(f.name))
        .map(|f| f.name)
        .collect();
    if (v.major, v.minor) == (8, 9) || (v.major == 9 && v.minor >= 28) {
        assert!(missing.is_empty(), "declared but not exported: {missing:?}");
    } else {
        eprintln!(
            "cuDNN {v} lacks {} declared functions: {missing:?}",
            missing.len()
        );
    }
    for name in &missing {
        match lib.require(name) {
            Err(Error::NotAvailable { function, .. })
            | Err(Error::SublibraryUnavailable { function, .. }) => assert_eq!(function, *name),
            other => panic!("require({name}): {other:?}"),
        }
    }
    match lib.require("cudnnGetLastErrorString") {
        Ok(()) => assert!(nine),
        Err(e @ Error::NotAvailable { .. }) => {
            assert!(!nine);
            let text = e.to_string();
            assert!(
                text.contains("cudnnGetLastErrorString is not available in the loaded cuDNN 8.9"),
                "{text}"
            );
        }
        Err(e) => panic!("unexpected {e}"),
    }
}

#[test]
fn tensor_filter_and_convolution_descriptors() {
    let Some(lib) = common::lib() else { return };
    let float = sys::cudnnDataType_t::FLOAT;
    let nchw = sys::cudnnTensorFormat_t::NCHW;

    let mut x: sys::cudnnTensorDescriptor_t = null_mut();
    raw!(lib, cudnnCreateTensorDescriptor(&mut x)).expect("create tensor");
    raw!(
        lib,
        cudnnSetTensor4dDescriptor(x, nchw, float, 2, 3, 32, 32)
    )
    .expect("set tensor");
    let mut w: sys::cudnnFilterDescriptor_t = null_mut();
    raw!(lib, cudnnCreateFilterDescriptor(&mut w)).expect("create filter");
    raw!(lib, cudnnSetFilter4dDescriptor(w, float, nchw, 8, 3, 5, 5)).expect("set filter");
    let mut conv: sys::cudnnConvolutionDescriptor_t = null_mut();
    raw!(lib, cudnnCreateConvolutionDescriptor(&mut conv)).expect("create conv");
    raw!(
        lib,
        cudnnSetConvolution2dDescriptor(
            conv,
            1,
            1,
            2,
            2,
            1,
            1,
            sys::cudnnConvolutionMode_t::CROSS_CORRELATION,
            float
        )
    )
    .expect("set conv");
    let (mut n, mut c, mut h, mut wd) = (0, 0, 0, 0);
    raw!(
        lib,
        cudnnGetConvolution2dForwardOutputDim(conv, x, w, &mut n, &mut c, &mut h, &mut wd)
    )
    .expect("output dim");
    // (32 + 2*1 - 5) / 2 + 1 = 15
    assert_eq!((n, c, h, wd), (2, 8, 15, 15));

    raw!(lib, cudnnDestroyConvolutionDescriptor(conv)).expect("destroy conv");
    raw!(lib, cudnnDestroyFilterDescriptor(w)).expect("destroy filter");
    raw!(lib, cudnnDestroyTensorDescriptor(x)).expect("destroy tensor");
}

#[test]
fn pooling_activation_dropout_and_rnn_descriptors() {
    let Some(lib) = common::lib() else { return };
    let mut pool: sys::cudnnPoolingDescriptor_t = null_mut();
    raw!(lib, cudnnCreatePoolingDescriptor(&mut pool)).expect("create pooling");
    raw!(
        lib,
        cudnnSetPooling2dDescriptor(
            pool,
            sys::cudnnPoolingMode_t::MAX,
            sys::cudnnNanPropagation_t::NOT_PROPAGATE_NAN,
            2,
            2,
            0,
            0,
            2,
            2
        )
    )
    .expect("set pooling");
    let mut x: sys::cudnnTensorDescriptor_t = null_mut();
    raw!(lib, cudnnCreateTensorDescriptor(&mut x)).expect("create tensor");
    raw!(
        lib,
        cudnnSetTensor4dDescriptor(
            x,
            sys::cudnnTensorFormat_t::NCHW,
            sys::cudnnDataType_t::FLOAT,
            1,
            4,
            8,
            8
        )
    )
    .expect("set tensor");
    let (mut n, mut c, mut h, mut w) = (0, 0, 0, 0);
    raw!(
        lib,
        cudnnGetPooling2dForwardOutputDim(pool, x, &mut n, &mut c, &mut h, &mut w)
    )
    .expect("pooling output dim");
    assert_eq!((n, c, h, w), (1, 4, 4, 4));

    let mut act: sys::cudnnActivationDescriptor_t = null_mut();
    raw!(lib, cudnnCreateActivationDescriptor(&mut act)).expect("create activation");
    raw!(
        lib,
        cudnnSetActivationDescriptor(
            act,
            sys::cudnnActivationMode_t::CLIPPED_RELU,
            sys::cudnnNanPropagation_t::NOT_PROPAGATE_NAN,
            6.0
        )
    )
    .expect("set activation");

    let mut drop: sys::cudnnDropoutDescriptor_t = null_mut();
    raw!(lib, cudnnCreateDropoutDescriptor(&mut drop)).expect("create dropout");

    let mut rnn: sys::cudnnRNNDescriptor_t = null_mut();
    raw!(lib, cudnnCreateRNNDescriptor(&mut rnn)).expect("create rnn");
    raw!(
        lib,
        cudnnSetRNNDescriptor_v8(
            rnn,
            sys::cudnnRNNAlgo_t::STANDARD,
            sys::cudnnRNNMode_t::LSTM,
            sys::cudnnRNNBiasMode_t::DOUBLE_BIAS,
            sys::cudnnDirectionMode_t::UNIDIRECTIONAL,
            sys::cudnnRNNInputMode_t::LINEAR_INPUT,
            sys::cudnnDataType_t::FLOAT,
            sys::cudnnDataType_t::FLOAT,
            sys::cudnnMathType_t::DEFAULT_MATH,
            16,
            32,
            32,
            2,
            drop,
            0
        )
    )
    .expect("set rnn v8");

    raw!(lib, cudnnDestroyRNNDescriptor(rnn)).expect("destroy rnn");
    raw!(lib, cudnnDestroyDropoutDescriptor(drop)).expect("destroy dropout");
    raw!(lib, cudnnDestroyActivationDescriptor(act)).expect("destroy activation");
    raw!(lib, cudnnDestroyTensorDescriptor(x)).expect("destroy tensor");
    raw!(lib, cudnnDestroyPoolingDescriptor(pool)).expect("destroy pooling");
}

#[test]
fn a_negative_dimension_is_bad_param_in_each_numbering() {
    let Some(lib) = common::lib() else { return };
    let mut x: sys::cudnnTensorDescriptor_t = null_mut();
    raw!(lib, cudnnCreateTensorDescriptor(&mut x)).expect("create tensor");
    let err = raw!(
        lib,
        cudnnSetTensor4dDescriptor(
            x,
            sys::cudnnTensorFormat_t::NCHW,
            sys::cudnnDataType_t::FLOAT,
            1,
            -3,
            8,
            8
        )
    )
    .expect_err("negative channel count");
    raw!(lib, cudnnDestroyTensorDescriptor(x)).expect("destroy tensor");

    let Error::BadParam(e) = &err else {
        panic!("expected BadParam, got {err:?}")
    };
    let expected = if lib.version().major == 8 { 3 } else { 2000 };
    assert_eq!(e.status.raw(), expected);
    assert_eq!(e.status.code_v9(), Some(2000));
    assert_eq!(e.function, "cudnnSetTensor4dDescriptor");
    assert_eq!(e.description.as_deref(), Some("CUDNN_STATUS_BAD_PARAM"));
    assert_eq!(e.version, lib.version());
    eprintln!("{err}");
    // cuDNN 9 through cudnnGetLastErrorString, cuDNN 8 through its error
    // callback: the same reason.
    assert_eq!(
        e.message.as_deref(),
        Some("(n <= 0) || (c <= 0) || (h <= 0) || (w <= 0)")
    );
}

#[test]
fn creating_a_handle_without_a_gpu_is_a_typed_error() {
    let Some(lib) = common::lib() else { return };
    if common::gpu_present() {
        eprintln!("not run: CUDNN_TEST_GPU=1 says a GPU is present");
        return;
    }
    let err = cudnn::Handle::on_current_context(lib.clone()).expect_err("no GPU on this machine");
    let Error::NotInitialized(e) = &err else {
        panic!("expected NotInitialized, got {err:?}")
    };
    eprintln!("{err}");
    assert_eq!(e.function, "cudnnCreate");
    let expected = if lib.version().major == 8 { 1 } else { 1001 };
    assert_eq!(e.status.raw(), expected);
    assert_eq!(
        e.message.as_deref(),
        Some("cudaGetDeviceCount(&count) != cudaSuccess")
    );
    // The last-error slot is cleared when read.
    if let Some(get) = lib.sys().cudnnGetLastErrorString {
        let mut buf = [0i8; 256];
        // SAFETY: buf has room for its length.
        unsafe { get(buf.as_mut_ptr().cast(), buf.len()) };
        assert_eq!(buf[0], 0, "cleared after the error was read");
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn creating_a_handle_on_a_gpu() {
    let Some(lib) = common::lib() else { return };
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let handle = cudnn::Handle::new(ctx.default_stream()).expect("handle on a GPU");
    assert!(!handle.as_raw().is_null());
    assert_eq!(handle.library().version(), lib.version());
    assert!(handle.stream().is_some());
}
