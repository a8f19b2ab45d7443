//! The LeNet example's training on a GPU: with a fixed seed it passes the
//! verdict (first forward pass within 1e-4 of the CPU reference here, loss
//! falling, 97% reached), trains the same way twice, and its loss curve
//! follows the CPU twin's over the first epochs.
//! `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs it.

use cudnn_rs_examples::lenet::{self, Config, EpochStats, TrainReport};

fn print_epoch(who: &'static str) -> impl FnMut(&EpochStats) {
    move |e| {
        eprintln!(
            "{who} epoch {:>2}: loss {:.5}, train {:.2}%, test {:.2}%, lr {:.2e}",
            e.epoch,
            e.loss,
            100.0 * e.train_accuracy,
            100.0 * e.test_accuracy,
            e.learning_rate
        )
    }
}

fn train_gpu(config: &Config) -> TrainReport {
    let ctx = cudnn::cuda_context(0).expect("CUDA device 0");
    lenet::train(ctx.default_stream(), config, print_epoch("GPU")).expect("training")
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn lenet_reaches_97_percent() {
    let report = train_gpu(&Config::default());
    assert!(
        report.first_batch_max_diff < 1e-4,
        "GPU vs CPU reference: {}",
        report.first_batch_max_diff
    );
    assert_eq!(lenet::verdict(&report), Ok(()));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn the_same_seed_trains_the_same_way() {
    let config = Config {
        epochs: 2,
        ..Config::default()
    };
    let a = train_gpu(&config);
    let b = train_gpu(&config);
    // Same split, same initial weights, same batches; the backward
    // algorithms are searched with `deterministic: true` (the forward one is
    // IMPLICIT_PRECOMP_GEMM), so the numbers agree closely.
    for (x, y) in a.epochs.iter().zip(&b.epochs) {
        assert!((x.loss - y.loss).abs() < 1e-3, "{} vs {}", x.loss, y.loss);
    }
}

/// The GPU and the CPU twin run the same algorithm: their mean losses over
/// the first [`lenet::COMPARED_EPOCHS`] epochs agree within
/// [`lenet::LOSS_CURVE_TOLERANCE`] (2%; rounding differences move them by
/// under 0.2%, a wrong gradient, batch or rate by far more).
#[test]
#[ignore = "needs a CUDA GPU"]
fn the_loss_curve_follows_the_cpu_twin() {
    let config = Config {
        epochs: 3,
        ..Config::default()
    };
    let gpu = train_gpu(&config);
    let cpu = lenet::train_cpu(&config, print_epoch("CPU twin")).expect("the twin");
    assert_eq!(gpu.split, cpu.split);
    assert!(
        (gpu.initial_loss - cpu.initial_loss).abs() < 1e-4,
        "loss before training: GPU {} vs CPU twin {}",
        gpu.initial_loss,
        cpu.initial_loss
    );
    assert_eq!(
        lenet::compare_loss_curves(&gpu, &cpu, lenet::COMPARED_EPOCHS),
        Ok(())
    );
}
