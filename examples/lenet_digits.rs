//! The installation smoke test: train a LeNet-style network on the 8×8
//! digits set with cuDNN, watch the loss fall, and judge the result.
//!
//! ```text
//! cargo run --release --example lenet_digits [-- OPTIONS]
//!   --epochs N --batch-size N --lr X --seed N   the training (20, 32, 1e-2, 42)
//!   --compare-cpu     also train the CPU twin and compare the loss curves
//!   --cpu             train the CPU twin only (no GPU, no cuDNN needed)
//!   --seeds LIST      with --cpu: seeds such as 42,1-10 (in parallel)
//! ```
//!
//! The run passes when the first batch's forward pass matches the CPU
//! reference, every loss is finite, the loss falls and the final test
//! accuracy reaches 97% ([`lenet::verdict`]); with `--compare-cpu`, also
//! when the first epochs' losses match the twin's. The last line printed is
//! the verdict. Exit status: 0 passed; 1 cannot train (no GPU, driver or
//! cuDNN: the doctor's summary says what is missing); 2 a bad argument;
//! 3 the first batch differs from the reference; 4 a loss is not finite;
//! 5 the loss did not fall; 6 the accuracy is below the bar; 7 the loss
//! curve differs from the twin's.
//!
//! `examples/README.md` has the details: the checks and their tolerances,
//! the training schedule, the CPU twin's table over seeds, and the output
//! on a machine without a GPU.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use cudnn_rs_examples::lenet::{self, Config, EpochStats, Progress, SeedProgress, TrainReport};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

macro_rules! say {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

const USAGE: &str = "usage: lenet_digits [--epochs N] [--batch-size N] [--lr X] [--seed N] \
                     [--compare-cpu] [--cpu [--seeds LIST]]";

/// The exit status when the loss curve differs from the twin's.
const CURVE_MISMATCH: u8 = 7;

struct Args {
    config: Config,
    cpu: bool,
    compare_cpu: bool,
    seeds: Option<Vec<u64>>,
}

/// `42,1-10` → 42, 1, 2, ..., 10.
fn parse_seeds(list: &str) -> Result<Vec<u64>, String> {
    let mut seeds = Vec::new();
    for part in list.split(',') {
        let bad = |_| format!("--seeds: `{part}` is not a seed or a range a-b");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u64, u64) = (
                    a.trim().parse().map_err(bad)?,
                    b.trim().parse().map_err(bad)?,
                );
                if a > b || b - a >= 1000 {
                    return Err(format!("--seeds: range `{part}` is empty or too long"));
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(part.trim().parse().map_err(bad)?),
        }
    }
    Ok(seeds)
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        config: Config::default(),
        cpu: false,
        compare_cpu: false,
        seeds: None,
    };
    let config = &mut args.config;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
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
            "--seeds" => args.seeds = Some(parse_seeds(&value("--seeds")?)?),
            "--cpu" => args.cpu = true,
            "--compare-cpu" => args.compare_cpu = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    if config.epochs == 0 || config.batch_size == 0 {
        return Err("--epochs and --batch-size must be at least 1".into());
    }
    if !(config.learning_rate.is_finite() && config.learning_rate > 0.0) {
        return Err(format!(
            "--lr must be positive, not {}",
            config.learning_rate
        ));
    }
    if args.seeds.is_some() && !args.cpu {
        return Err("--seeds needs --cpu (the GPU trains one seed a run)".into());
    }
    Ok(args)
}

fn epoch_line(e: &EpochStats, epochs: usize) -> String {
    format!(
        "epoch {:>3}/{}  loss {:.4}  train acc {:6.2}%  test acc {:6.2}%  lr {:.2e}  {:.3} s",
        e.epoch,
        epochs,
        e.loss,
        100.0 * e.train_accuracy,
        100.0 * e.test_accuracy,
        e.learning_rate,
        e.seconds
    )
}

/// A line per epoch; where stdout is a terminal, a bar of the epoch's
/// batches while it runs.
struct EpochPrinter {
    epochs: usize,
    terminal: bool,
    bar: Option<ProgressBar>,
}

impl EpochPrinter {
    fn new(epochs: usize) -> EpochPrinter {
        EpochPrinter {
            epochs,
            terminal: std::io::stdout().is_terminal(),
            bar: None,
        }
    }
}

impl Progress for EpochPrinter {
    fn epoch_started(&mut self, epoch: usize, batches: usize) {
        if self.terminal {
            let bar =
                ProgressBar::with_draw_target(Some(batches as u64), ProgressDrawTarget::stdout());
            if let Ok(style) =
                ProgressStyle::with_template("epoch {msg} [{bar:40}] {pos}/{len} batches")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(format!("{epoch:>3}/{}", self.epochs));
            self.bar = Some(bar);
        }
    }

    fn batch_done(&mut self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn epoch_done(&mut self, stats: &EpochStats) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        say!("{}", epoch_line(stats, self.epochs));
    }
}

/// Says what is missing, from the doctor's report, and fails; the last
/// line says why.
fn cannot_run(what: &str) -> ExitCode {
    say!("CUDA available: {}", cudnn::handle::cuda_driver_present());
    say!();
    say!("{}", cudnn_doctor::report().summary());
    say!();
    say!("(`cudnn-doctor` prints the full diagnosis: `cargo install --path cudnn-doctor`)");
    say!("cannot train: {what}");
    ExitCode::FAILURE
}

/// What a run's report says, before the verdict.
fn summary(r: &TrainReport, against: &str) {
    say!(
        "(digits: {} images for training, {} for testing; first batch: max |{against} - CPU reference| of the \
         log-probabilities = {:.2e}, loss before training {:.4})",
        r.split.0,
        r.split.1,
        r.first_batch_max_diff,
        r.initial_loss
    );
    say!(
        "total training time: {:.2} s; final test accuracy {:.2}%",
        r.total_seconds,
        100.0 * r.final_accuracy()
    );
}

/// "98.61% test accuracy after 20 epochs, loss 2.3871 → 0.0123, first
/// batch within 3.10e-7 of the CPU reference".
fn achievement(r: &TrainReport) -> String {
    format!(
        "{:.2}% test accuracy after {} epochs (bar {:.0}%), loss {:.4} → {:.4}, first batch within {:.2e} of \
         the CPU reference",
        100.0 * r.final_accuracy(),
        r.epochs.len(),
        100.0 * lenet::ACCURACY_BAR,
        r.initial_loss,
        r.epochs.last().map_or(f64::NAN, |e| e.loss),
        r.first_batch_max_diff
    )
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if args.cpu {
        let seeds = args.seeds.clone().unwrap_or_else(|| vec![args.config.seed]);
        return cpu_twin(&args.config, &seeds);
    }
    gpu(&args)
}

fn gpu(args: &Args) -> ExitCode {
    let config = &args.config;
    let lib = match cudnn::library() {
        Ok(lib) => lib,
        Err(e) => {
            let e = e.to_string();
            let first = e.lines().next().unwrap_or("");
            return cannot_run(&format!(
                "cuDNN is not available: {}",
                first.trim_end_matches("; tried:")
            ));
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
        "training: {} epochs, batch size {}, Adam lr {} (warm-up, cosine decay), seed {}",
        config.epochs,
        config.batch_size,
        config.learning_rate,
        config.seed
    );
    let who = format!("cuDNN {v} from {}", lib.path().display());
    let report = match lenet::train(
        ctx.default_stream(),
        config,
        EpochPrinter::new(config.epochs),
    ) {
        Ok(r) => r,
        Err(e) => return cannot_run(&e.to_string()),
    };
    summary(&report, "GPU");
    if let Err(failure) = lenet::verdict(&report) {
        say!("{who} FAILED the LeNet check: {failure}");
        return ExitCode::from(failure.exit_code());
    }
    if args.compare_cpu {
        say!("training the CPU twin for the same seed to compare the loss curves...");
        let twin = match lenet::train_cpu(config, |_: &EpochStats| {}) {
            Ok(t) => t,
            Err(e) => return cannot_run(&format!("the CPU twin: {e}")),
        };
        for (g, c) in report.epochs.iter().zip(&twin.epochs) {
            say!(
                "epoch {:>3}  loss GPU {:.5}  CPU twin {:.5}  test acc GPU {:6.2}%  CPU twin {:6.2}%",
                g.epoch,
                g.loss,
                c.loss,
                100.0 * g.test_accuracy,
                100.0 * c.test_accuracy
            );
        }
        if let Err(e) = lenet::compare_loss_curves(&report, &twin, lenet::COMPARED_EPOCHS) {
            say!("{who} FAILED the LeNet check: {e}");
            return ExitCode::from(CURVE_MISMATCH);
        }
        say!(
            "{who} works: {}; the first {} epochs' losses match the CPU twin's",
            achievement(&report),
            lenet::COMPARED_EPOCHS.min(report.epochs.len())
        );
        return ExitCode::SUCCESS;
    }
    say!("{who} works: {}", achievement(&report));
    ExitCode::SUCCESS
}

/// Trains the CPU twin for each seed, in parallel threads; one seed prints
/// its epochs, several a table. Fails with the first failing seed's status.
fn cpu_twin(config: &Config, seeds: &[u64]) -> ExitCode {
    say!(
        "CPU twin: {} epochs, batch size {}, Adam lr {} (warm-up, cosine decay), seed{} {}",
        config.epochs,
        config.batch_size,
        config.learning_rate,
        if seeds.len() == 1 { "" } else { "s" },
        seeds
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let results = if let [seed] = seeds {
        let config = Config {
            seed: *seed,
            ..config.clone()
        };
        let r = lenet::train_cpu(&config, EpochPrinter::new(config.epochs));
        if let Ok(r) = &r {
            summary(r, "CPU twin");
        }
        vec![(*seed, r)]
    } else {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let printer = SeedPrinter::new(seeds.len() * config.epochs);
        let results = lenet::train_cpu_seeds(config, seeds, threads, &printer);
        if let Some(bar) = printer.bar {
            bar.finish_and_clear();
        }
        say!();
        say!("{}", lenet::seed_table(&results).trim_end());
        results
    };
    let failure = results.iter().find_map(|(seed, r)| match r {
        Ok(r) => lenet::verdict(r)
            .err()
            .map(|f| (*seed, f.to_string(), f.exit_code())),
        Err(e) => Some((*seed, e.to_string(), 1)),
    });
    if let Some((seed, why, code)) = failure {
        say!("CPU twin FAILED for seed {seed}: {why}");
        return ExitCode::from(code);
    }
    match &results[..] {
        [(seed, Ok(r))] => say!("CPU twin (seed {seed}) passes: {}", achievement(r)),
        _ => {
            let (lowest, seed) = results
                .iter()
                .filter_map(|(s, r)| r.as_ref().ok().map(|r| (r.final_accuracy(), *s)))
                .fold((1.0, 0), |acc, x| if x.0 < acc.0 { x } else { acc });
            say!(
                "CPU twin passes for all {} seeds: every final test accuracy reaches {:.0}% (lowest {:.2}%, seed {seed})",
                seeds.len(),
                100.0 * lenet::ACCURACY_BAR,
                100.0 * lowest
            );
        }
    }
    ExitCode::SUCCESS
}

/// A line per seed as it finishes; where stdout is a terminal, a bar of
/// the epochs of all seeds.
struct SeedPrinter {
    bar: Option<ProgressBar>,
}

impl SeedPrinter {
    fn new(epochs: usize) -> SeedPrinter {
        let bar = std::io::stdout().is_terminal().then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(epochs as u64), ProgressDrawTarget::stdout());
            if let Ok(style) = ProgressStyle::with_template("[{bar:40}] {pos}/{len} epochs") {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        SeedPrinter { bar }
    }
}

impl SeedProgress for SeedPrinter {
    fn epoch_done(&self, _seed: u64, _stats: &EpochStats) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn seed_done(&self, seed: u64, result: &Result<TrainReport, lenet::LenetError>) {
        let line = match result {
            Ok(r) => format!(
                "seed {seed}: final test accuracy {:.2}%, loss {:.4}, {:.1} s",
                100.0 * r.final_accuracy(),
                r.epochs.last().map_or(f64::NAN, |e| e.loss),
                r.total_seconds
            ),
            Err(e) => format!("seed {seed}: {e}"),
        };
        match &self.bar {
            Some(bar) => bar.println(line),
            None => say!("{line}"),
        }
    }
}
