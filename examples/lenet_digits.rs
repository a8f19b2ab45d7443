//! The installation smoke test: train a LeNet-style network on the 8×8
//! digits set with cuDNN and watch the loss fall.
//!
//! `cargo run --release --example lenet_digits [-- --epochs N --batch-size N --lr X --seed N]`
//!
//! Without a GPU, a driver or cuDNN it prints the doctor's summary of what
//! is missing and exits with status 1.

use std::io::Write;
use std::process::ExitCode;

use cudnn_rs_examples::lenet::{self, Config};

macro_rules! say {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

fn parse_args() -> Result<Config, String> {
    let mut config = Config::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match flag.as_str() {
            "--epochs" => {
                config.epochs = value("--epochs")?
                    .parse()
                    .map_err(|e| format!("--epochs: {e}"))?
            }
            "--batch-size" => {
                config.batch_size = value("--batch-size")?
                    .parse()
                    .map_err(|e| format!("--batch-size: {e}"))?
            }
            "--lr" => {
                config.learning_rate = value("--lr")?.parse().map_err(|e| format!("--lr: {e}"))?
            }
            "--seed" => {
                config.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "-h" | "--help" => {
                return Err(
                    "usage: lenet_digits [--epochs N] [--batch-size N] [--lr X] [--seed N]".into(),
                )
            }
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    Ok(config)
}

/// Says what is missing, from the doctor's report, and fails.
fn cannot_run(what: &str) -> ExitCode {
    say!("CUDA available: {}", cudnn::cuda_driver_present());
    say!("cannot train: {what}");
    say!();
    say!("{}", cudnn::doctor::report().summary());
    say!();
    say!("(`cargo run --example doctor` prints the full diagnosis)");
    ExitCode::FAILURE
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            return cannot_run(&format!(
                "cuDNN is not available: {}",
                e.to_string().lines().next().unwrap_or("")
            ))
        }
    };
    let ctx = match cudnn::cuda_context(0) {
        Ok(ctx) => ctx,
        Err(e) => return cannot_run(&format!("no usable GPU: {e}")),
    };
    say!("CUDA available: true");
    let name = ctx.name().unwrap_or_else(|_| "?".into());
    let (major, minor) = ctx.compute_capability().unwrap_or((0, 0));
    say!("GPU: {name} (compute capability {major}.{minor})");
    let v = lib.version();
    say!("cuDNN version: {v} ({}), enabled: true", v.encoded());
    say!(
        "cuDNN loaded from: {} ({})",
        lib.path().display(),
        lib.found_by()
    );
    say!(
        "training: {} epochs, batch size {}, Adam lr {}, seed {}",
        config.epochs,
        config.batch_size,
        config.learning_rate,
        config.seed
    );

    let result = lenet::train(ctx.default_stream(), &config, |e| {
        say!(
            "epoch {:>3}/{}  loss {:.4}  train acc {:6.2}%  test acc {:6.2}%  {:.3} s",
            e.epoch,
            config.epochs,
            e.loss,
            100.0 * e.train_accuracy,
            100.0 * e.test_accuracy,
            e.seconds
        );
    });
    match result {
        Ok(r) => {
            say!(
                "(digits: {} images for training, {} for testing; first batch: max |GPU - CPU reference| of the \
                 log-probabilities = {:.2e})",
                r.split.0,
                r.split.1,
                r.first_batch_max_diff
            );
            let last = r.epochs.last().map_or(0.0, |e| e.test_accuracy);
            say!(
                "total training time: {:.2} s; final test accuracy {:.2}%",
                r.total_seconds,
                100.0 * last
            );
            if r.first_batch_max_diff > 1e-3 {
                say!("the GPU's forward pass differs from the CPU reference: something is wrong");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => cannot_run(&e.to_string()),
    }
}
