//! The LeNet example's training on a GPU, with a fixed seed, reaches the
//! accuracy bar and its first forward pass matches the CPU reference.
//! `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs it.

use cudnn_rs_examples::lenet::{self, Config};

#[test]
#[ignore = "needs a CUDA GPU"]
fn lenet_reaches_97_percent() {
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let config = Config::default();
    let report = lenet::train(ctx.default_stream(), &config, |e| {
        eprintln!(
            "epoch {:>2}: loss {:.4}, train {:.2}%, test {:.2}%",
            e.epoch,
            e.loss,
            100.0 * e.train_accuracy,
            100.0 * e.test_accuracy
        );
    })
    .expect("training");
    assert!(
        report.first_batch_max_diff < 1e-4,
        "GPU vs CPU reference: {}",
        report.first_batch_max_diff
    );
    let first = report.epochs.first().expect("an epoch").loss;
    let last = report.epochs.last().expect("an epoch");
    assert!(
        last.loss < first / 4.0,
        "the loss fell from {first} to {}",
        last.loss
    );
    assert!(
        last.test_accuracy >= 0.97,
        "test accuracy {:.2}%",
        100.0 * last.test_accuracy
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn the_same_seed_trains_the_same_way() {
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    let config = Config {
        epochs: 2,
        ..Config::default()
    };
    let a = lenet::train(ctx.default_stream(), &config, |_| {}).expect("training");
    let b = lenet::train(ctx.default_stream(), &config, |_| {}).expect("training");
    // Same split, same initial weights, same batches; the backward
    // algorithms are searched with `deterministic: true` (the forward one is
    // IMPLICIT_PRECOMP_GEMM), so the numbers agree closely.
    for (x, y) in a.epochs.iter().zip(&b.epochs) {
        assert!((x.loss - y.loss).abs() < 1e-3, "{} vs {}", x.loss, y.loss);
    }
}
