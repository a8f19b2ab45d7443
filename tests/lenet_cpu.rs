//! The CPU twin of the LeNet example reaches the 97% bar for the default
//! seed and seeds 1 to 10, and prints their table.
//!
//! Training eleven networks takes seconds in a release build and minutes in
//! a debug one, so the test runs in release builds only:
//! `cargo test --release --test lenet_cpu -- --nocapture` (the GPU bundle
//! of `scripts/gpu-test.sh` runs it). CI trains the same seeds through the
//! example: `lenet_digits --cpu --seeds 42,1-10`.

use cudnn_rs_examples::lenet::{self, Config};

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "trains 11 networks: release builds only (cargo test --release --test lenet_cpu)"
)]
fn the_cpu_twin_reaches_the_bar_for_every_seed() {
    let config = Config::default();
    let mut seeds = vec![config.seed];
    seeds.extend(1..=10);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results = lenet::train_cpu_seeds(&config, &seeds, threads, &());
    eprintln!("{}", lenet::seed_table(&results));
    for (seed, r) in &results {
        let r = r.as_ref().expect("training");
        assert_eq!(lenet::verdict(r), Ok(()), "seed {seed}");
        assert!(r.final_accuracy() >= lenet::ACCURACY_BAR, "seed {seed}");
    }
}
