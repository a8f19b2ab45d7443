//! The launch layer's pre-call work, per launch, without a GPU: what a
//! safe launch checks before it calls cuDNN, over the descriptors and the
//! buffer lengths, for a convolution forward, against the real cuDNN (the
//! descriptors are cuDNN's): every descriptor of the problem is the handle
//! library's, the three lengths against the descriptors, the output's
//! strides give each element its own address.
//!
//! What is not timed here needs a device: binding the context, the
//! buffers' contexts, cudarc's event guards. Criterion reports it; the
//! last lines print the mean per launch in ns from this program's own loop.
//! Nothing is asserted: a benchmark is not a test.
//!
//! ```sh
//! eval "$(bash scripts/fetch-cudnn.sh 9)"
//! CUDNN_LIB_DIR=$CUDNN_9_LIB cargo bench --bench launch_checks
//! ```
//!
//! Without cuDNN it says why and exits 0 (1 with `CUDNN_BENCH_REQUIRE=1`).

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use criterion::Criterion;
use cudnn::tensor::strides_are_injective;
use cudnn::{
    ConvProblem, ConvolutionDescriptor, FilterDescriptor, Library, TensorDescriptor, TensorFormat,
};

const NCHW: TensorFormat = TensorFormat::NCHW;

/// A ResNet-like 3x3 convolution, batch 32, 64 channels, 56x56.
fn conv_problem(lib: &Arc<Library>) -> cudnn::Result<ConvProblem<f32, f32>> {
    ConvProblem::new(
        TensorDescriptor::new_in(Arc::clone(lib), NCHW, &[32, 64, 56, 56])?,
        FilterDescriptor::new_in(Arc::clone(lib), NCHW, &[64, 64, 3, 3])?,
        ConvolutionDescriptor::new_in(Arc::clone(lib), &[1, 1], &[1, 1], &[1, 1])?,
    )
}

/// The conv forward launch's checks that need no device, written with the
/// problem's public accessors as the launch layer makes them: each
/// descriptor's library is the handle's, each buffer spans its descriptor,
/// the output's strides give each element its own address.
fn conv_checks(p: &ConvProblem<f32, f32>, lib: &Arc<Library>, lens: (usize, usize, usize)) -> bool {
    Arc::ptr_eq(p.x().library(), lib)
        && Arc::ptr_eq(p.w().library(), lib)
        && Arc::ptr_eq(p.conv().library(), lib)
        && Arc::ptr_eq(p.y().library(), lib)
        && lens.0 >= p.x().required_len()
        && lens.1 >= p.w().required_len()
        && lens.2 >= p.y().required_len()
        && strides_are_injective(p.y().dims(), p.y().strides())
}

/// Mean ns per call of `f` over `rounds`.
fn mean_ns(rounds: u32, mut f: impl FnMut() -> bool) -> f64 {
    let start = Instant::now();
    for _ in 0..rounds {
        black_box(f());
    }
    start.elapsed().as_nanos() as f64 / f64::from(rounds)
}

fn main() -> ExitCode {
    let require = std::env::var_os("CUDNN_BENCH_REQUIRE").is_some_and(|v| v == "1");
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            println!("launch_checks: not run: cuDNN did not load (set CUDNN_LIB_DIR): {e}");
            return if require {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let conv = conv_problem(&lib).expect("the conv problem builds");
    let conv_lens = (
        conv.x().required_len(),
        conv.w().required_len(),
        conv.y().required_len(),
    );
    assert!(conv_checks(&conv, &lib, conv_lens), "the conv checks pass");

    // `cargo bench` passes --bench; `cargo test --benches` does not.
    if !std::env::args().any(|a| a == "--bench") {
        println!("launch_checks: smoke run (no --bench): the checks pass");
        return ExitCode::SUCCESS;
    }
    let mut c = Criterion::default().configure_from_args();
    c.bench_function("pre-call checks: convolution forward", |b| {
        b.iter(|| conv_checks(black_box(&conv), &lib, black_box(conv_lens)))
    });
    c.final_summary();
    let rounds = 1_000_000;
    let conv_ns = mean_ns(rounds, || conv_checks(&conv, &lib, conv_lens));
    println!(
        "launch_checks: cuDNN {} from {}",
        lib.version(),
        lib.path().display()
    );
    println!("pre-call work per launch: convolution forward {conv_ns:.1} ns");
    ExitCode::SUCCESS
}
