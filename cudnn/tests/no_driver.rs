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
    assert_eq!(cudnn::handle::cuda_driver_present(), loadable);
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

/// Without NVIDIA's driver library, cuDNN 9 finalizes no backend
/// descriptor (its runtime-compiled engines link `libcuda.so.1`): building
/// a graph is refused with the typed error that names the file and says
/// that no GPU is needed, before cuDNN's own `NOT_INITIALIZED`. With a
/// driver library on the loader's path the graph builds (no GPU needed).
#[test]
fn without_a_driver_library_building_a_graph_says_what_is_missing() {
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) if std::env::var_os("CUDNN_TEST_REQUIRE").is_some_and(|v| v == "1") => {
            panic!("CUDNN_TEST_REQUIRE=1 but cuDNN did not load: {e}")
        }
        Err(e) => return eprintln!("not run: cuDNN did not load: {e}"),
    };
    let f = cudnn::DType::FLOAT;
    let mut g = cudnn::graph::Graph::new("conv");
    let x = g.tensor("x", &[1, 3, 8, 8], f).expect("x");
    let w = g.tensor("w", &[4, 3, 3, 3], f).expect("w");
    let y = g
        .conv_fprop(x, w, &cudnn::graph::ConvOptions::new(2).padding(&[1, 1]))
        .expect("conv");
    g.set_output(y, f).expect("output");
    let built = g.build();
    // SAFETY: as above: the driver library's initialisers, closed at once.
    let loadable = DRIVER
        .iter()
        .any(|n| unsafe { libloading::Library::new(*n) }.is_ok());
    let has_jit_engines = lib
        .sublibraries()
        .iter()
        .any(|s| s.name == "engines_runtime_compiled" && s.present);
    match built {
        Err(Error::DependencyUnavailable {
            function,
            file,
            reason,
        }) => {
            assert!(
                lib.version().major >= 9 && has_jit_engines && !loadable,
                "refused with a driver library present, or on cuDNN 8: {file}: {reason}"
            );
            assert!(function.starts_with("cudnnBackendFinalize"), "{function}");
            assert_eq!(file, DRIVER[DRIVER.len() - 1]);
            assert!(reason.contains("No GPU is needed"), "{reason}");
            assert!(reason.contains("engines_runtime_compiled"), "{reason}");
        }
        Ok(_) => assert!(
            loadable || lib.version().major < 9 || !has_jit_engines,
            "cuDNN 9 built a graph without a driver library"
        ),
        // cuDNN 8 wants a handle to finalize an operation graph.
        Err(e) if lib.version().major < 9 => eprintln!("cuDNN 8: {e}"),
        Err(e) => panic!("expected the typed refusal or a graph, got {e}"),
    }
}
