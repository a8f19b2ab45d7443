//! A LeNet-style network for the 8×8 digits set: trained on the GPU
//! through the `cudnn` crate's safe API ([`train`]), and on the CPU by its
//! twin ([`train_cpu`]), with the same training loop; [`verdict`] judges a
//! run. The example `lenet_digits` and the tests run them.
//!
//! Model: conv 3×3 1→16 pad 1 → ReLU → max-pool 2 → conv 3×3 16→32 pad 1 →
//! ReLU → max-pool 2 → fully connected 128→64 → ReLU → 64→10 → log-softmax,
//! cross-entropy loss, Adam. The fully connected layers are convolutions
//! whose filter covers the whole input.
//!
//! Training: the digits are shuffled by the seed and split 4:1 into a
//! training and a test set; the weights start He-uniform (biases 0), drawn
//! from the seed; each epoch visits the training set in a new order, in
//! batches of `batch_size` and a last, smaller one with what remains; the
//! learning rate follows [`learning_rate`]: a linear warm-up over the first
//! epoch, then a cosine decay to zero at the last step.

mod gpu;
mod ops;
mod twin;
mod verdict;

use std::io::Read;
use std::time::Instant;

use cudnn_reference::conv::{self as cpu_conv, ConvGeometry};
use cudnn_reference::pool::{self as cpu_pool, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self as cpu_softmax, SoftmaxAlgo};

pub use gpu::train;
pub use twin::{seed_table, train_cpu, train_cpu_seeds, SeedProgress};
pub use verdict::{verdict, Failure, ACCURACY_BAR, FIRST_BATCH_TOLERANCE, LOSS_FALL_FACTOR};

/// The digits set, gzip-compressed CSV: 64 pixel values and a label a row.
pub const DIGITS_CSV_GZ: &[u8] = include_bytes!("../examples/data/digits.csv.gz");

/// An error of the example: a message for the user.
#[derive(Debug)]
pub struct LenetError(pub String);

impl std::fmt::Display for LenetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LenetError {}

impl From<cudnn::Error> for LenetError {
    fn from(e: cudnn::Error) -> Self {
        LenetError(e.to_string())
    }
}

impl From<cudarc::driver::DriverError> for LenetError {
    fn from(e: cudarc::driver::DriverError) -> Self {
        LenetError(cudnn::Error::from(e).to_string())
    }
}

type Result<T, E = LenetError> = std::result::Result<T, E>;

/// The digits: images scaled to [0, 1] and their labels.
#[derive(Debug, Clone)]
pub struct Digits {
    /// 64 pixels an image, row-major.
    pub images: Vec<[f32; 64]>,
    /// 0..=9.
    pub labels: Vec<u8>,
}

/// Parses the gzip-compressed CSV: 1,797 rows of 64 pixels (0..16) and a
/// label (0..9); pixels are scaled to [0, 1].
///
/// # Errors
/// A message naming the row when the data is not the digits set.
pub fn load_digits(gz: &[u8]) -> Result<Digits> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_string(&mut text)
        .map_err(|e| LenetError(format!("digits.csv.gz is not gzip-compressed text: {e}")))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let mut digits = Digits {
        images: Vec::new(),
        labels: Vec::new(),
    };
    for (row, record) in reader.records().enumerate() {
        let record = record.map_err(|e| LenetError(format!("digits row {row}: {e}")))?;
        if record.len() != 65 {
            return Err(LenetError(format!(
                "digits row {row}: {} fields, expected 65",
                record.len()
            )));
        }
        let mut image = [0f32; 64];
        for (i, field) in record.iter().take(64).enumerate() {
            let v: f32 = field
                .trim()
                .parse()
                .map_err(|_| LenetError(format!("digits row {row}: pixel {i} is `{field}`")))?;
            if !(0.0..=16.0).contains(&v) {
                return Err(LenetError(format!(
                    "digits row {row}: pixel {i} = {v} is outside 0..16"
                )));
            }
            image[i] = v / 16.0;
        }
        let label: f32 = record[64]
            .trim()
            .parse()
            .map_err(|_| LenetError(format!("digits row {row}: label `{}`", &record[64])))?;
        if !(0.0..=9.0).contains(&label) || label.fract() != 0.0 {
            return Err(LenetError(format!(
                "digits row {row}: label {label} is not 0..9"
            )));
        }
        digits.images.push(image);
        digits.labels.push(label as u8);
    }
    if digits.images.len() != 1797 {
        return Err(LenetError(format!(
            "{} digits, expected 1797",
            digits.images.len()
        )));
    }
    Ok(digits)
}

/// A small deterministic generator (xorshift64*), so runs are reproducible.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// Training settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Passes over the training set.
    pub epochs: usize,
    /// Images per mini-batch (the last batch of an epoch takes what
    /// remains).
    pub batch_size: usize,
    /// Adam's peak learning rate (see [`learning_rate`]).
    pub learning_rate: f32,
    /// Seed of the shuffle, the split and the initial weights.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            epochs: 20,
            batch_size: 32,
            learning_rate: 1e-2,
            seed: 42,
        }
    }
}

impl Config {
    /// Batches in an epoch of `train_len` images: full ones and a last one
    /// with the rest.
    pub fn batches_per_epoch(&self, train_len: usize) -> usize {
        train_len.div_ceil(self.batch_size.max(1))
    }
}

/// The learning rate of optimiser step `step` (0-based) of `total`: a
/// linear warm-up over the first `warmup` steps (one epoch's worth in
/// training), from `peak / warmup` up to `peak`, then a cosine decay from
/// `peak` to 0 at step `total`.
///
/// At a constant rate Adam leaves the test accuracy wandering by a point or
/// two from epoch to epoch until the end, so that a fixed number of epochs
/// lands above or below 97% by chance. The decay settles the weights over
/// the last epochs; it also lets the peak rate be high (1e-2 by default),
/// which generalises better here than a low one; the warm-up keeps the
/// first steps, whose moment estimates rest on few gradients, small.
pub fn learning_rate(peak: f32, step: usize, total: usize, warmup: usize) -> f32 {
    let warmup = warmup.min(total / 2);
    if step < warmup {
        return peak * (step + 1) as f32 / warmup as f32;
    }
    let t = (step - warmup) as f64 / (total - warmup).max(1) as f64;
    (f64::from(peak) * 0.5 * (1.0 + (std::f64::consts::PI * t.min(1.0)).cos())) as f32
}

/// One epoch's numbers.
#[derive(Debug, Clone)]
pub struct EpochStats {
    /// 1-based.
    pub epoch: usize,
    /// Mean training loss.
    pub loss: f64,
    /// Training accuracy (of the batches trained on, as they were trained).
    pub train_accuracy: f64,
    /// Test accuracy after the epoch.
    pub test_accuracy: f64,
    /// The learning rate of the epoch's last step.
    pub learning_rate: f32,
    /// Seconds the epoch took (training and evaluation).
    pub seconds: f64,
}

/// What a training run produced.
#[derive(Debug, Clone)]
pub struct TrainReport {
    /// Images in the training and the test split.
    pub split: (usize, usize),
    /// The largest absolute difference between the trained network's
    /// log-probabilities (the GPU's, or the CPU twin's) and the `f64` CPU
    /// reference's on the first batch, with the initial weights; infinite
    /// when any value is not finite (see [`max_abs_diff`]).
    pub first_batch_max_diff: f64,
    /// The mean loss of that first batch, before any training.
    pub initial_loss: f64,
    /// Every epoch run: all of them, or up to the first whose loss is not
    /// finite, where training stops.
    pub epochs: Vec<EpochStats>,
    /// Seconds of training in all.
    pub total_seconds: f64,
}

impl TrainReport {
    /// The last epoch's test accuracy (0 without epochs).
    pub fn final_accuracy(&self) -> f64 {
        self.epochs.last().map_or(0.0, |e| e.test_accuracy)
    }
}

/// What a training run tells as it goes. A closure taking
/// `&EpochStats` is one that sees each epoch as it ends.
pub trait Progress {
    /// An epoch of `batches` batches begins.
    fn epoch_started(&mut self, epoch: usize, batches: usize) {
        let _ = (epoch, batches);
    }
    /// A batch was trained on.
    fn batch_done(&mut self) {}
    /// An epoch ended.
    fn epoch_done(&mut self, stats: &EpochStats);
}

impl<F: FnMut(&EpochStats)> Progress for F {
    fn epoch_done(&mut self, stats: &EpochStats) {
        self(stats)
    }
}

pub(crate) const CLASSES: usize = 10;

/// Filter shapes (K, C, R, S) of the four layers.
pub(crate) const FILTERS: [[usize; 4]; 4] = [
    [16, 1, 3, 3],
    [32, 16, 3, 3],
    [64, 32, 2, 2],
    [10, 64, 1, 1],
];
pub(crate) const PADS: [usize; 4] = [1, 1, 0, 0];

fn he_uniform(rng: &mut Rng, dims: [usize; 4]) -> Vec<f32> {
    let fan_in = (dims[1] * dims[2] * dims[3]) as f64;
    let bound = (6.0 / fan_in).sqrt();
    (0..dims.iter().product::<usize>())
        .map(|_| ((rng.uniform() * 2.0 - 1.0) * bound) as f32)
        .collect()
}

/// The initial weights and biases of the four layers: He-uniform weights
/// drawn from the seed, zero biases.
pub(crate) fn initial_params(seed: u64) -> Vec<(Vec<f32>, Vec<f32>)> {
    let mut rng = Rng::new(seed ^ 0x5EED);
    FILTERS
        .iter()
        .map(|&f| (he_uniform(&mut rng, f), vec![0.0; f[0]]))
        .collect()
}

/// The `f64` CPU reference's log-probabilities of `images` under `params`.
pub(crate) fn reference_forward(params: &[(Vec<f32>, Vec<f32>)], images: &[[f32; 64]]) -> Vec<f64> {
    let n = images.len();
    let mut x: Vec<f64> = images.iter().flatten().map(|&v| f64::from(v)).collect();
    let spatial = [[8usize, 8], [4, 4], [2, 2], [1, 1]];
    for (l, (w, bias)) in params.iter().enumerate() {
        let g = ConvGeometry {
            batch: n,
            in_channels: FILTERS[l][1],
            out_channels: FILTERS[l][0],
            input: spatial[l].to_vec(),
            kernel: vec![FILTERS[l][2], FILTERS[l][3]],
            padding: vec![PADS[l]; 2],
            stride: vec![1, 1],
            dilation: vec![1, 1],
            groups: 1,
            cross_correlation: true,
        };
        let w: Vec<f64> = w.iter().map(|&v| f64::from(v)).collect();
        let bias: Vec<f64> = bias.iter().map(|&v| f64::from(v)).collect();
        let z = vec![0.0; g.y_len()];
        let relu = |v: f64| if l == 3 { v } else { v.max(0.0) };
        x = cpu_conv::bias_activation_forward(&g, &x, &w, 1.0, &z, 0.0, &bias, relu);
        if l < 2 {
            let pg = PoolGeometry {
                batch: n,
                channels: FILTERS[l][0],
                input: g.output(),
                window: vec![2, 2],
                padding: vec![0, 0],
                stride: vec![2, 2],
            };
            x = cpu_pool::forward(&pg, PoolMode::Max, &x);
        }
    }
    cpu_softmax::forward(
        SoftmaxAlgo::Log,
        cpu_softmax::SoftmaxMode::Instance,
        n,
        CLASSES,
        1,
        &x,
    )
}

/// A network the training loop drives: the GPU's or the CPU twin's.
pub(crate) trait Model {
    /// The log-probabilities of `images`, kept for the backward pass.
    fn forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>>;
    /// The backward pass of the mean cross-entropy of the last forward
    /// pass against `labels`, then one Adam step at rate `lr`.
    fn backward_and_step(&mut self, labels: &[u8], lr: f32) -> Result<()>;
}

/// The training loop both networks run: the split, the first-batch check,
/// the epochs with their batches and learning rates, the evaluation.
/// `initial` must be the weights `model` starts from.
pub(crate) fn run(
    mut model: impl Model,
    initial: &[(Vec<f32>, Vec<f32>)],
    config: &Config,
    mut progress: impl Progress,
) -> Result<TrainReport> {
    if config.batch_size == 0 || config.epochs == 0 {
        return Err(LenetError(
            "epochs and batch size must be at least 1".into(),
        ));
    }
    if !(config.learning_rate.is_finite() && config.learning_rate > 0.0) {
        return Err(LenetError(format!(
            "the learning rate must be positive, not {}",
            config.learning_rate
        )));
    }
    let digits = load_digits(DIGITS_CSV_GZ)?;
    let mut rng = Rng::new(config.seed);
    let mut order: Vec<usize> = (0..digits.images.len()).collect();
    rng.shuffle(&mut order);
    let n_train = digits.images.len() * 4 / 5;
    let (train_idx, test_idx) = order.split_at(n_train);
    let test_images: Vec<[f32; 64]> = test_idx.iter().map(|&i| digits.images[i]).collect();
    let test_labels: Vec<u8> = test_idx.iter().map(|&i| digits.labels[i]).collect();
    let bs = config.batch_size.min(train_idx.len());

    // The first batch, before any training, against the CPU reference.
    let first: Vec<[f32; 64]> = train_idx[..bs].iter().map(|&i| digits.images[i]).collect();
    let first_labels: Vec<u8> = train_idx[..bs].iter().map(|&i| digits.labels[i]).collect();
    let logp = model.forward(&first)?;
    let first_batch_max_diff = max_abs_diff(&logp, &reference_forward(initial, &first));
    let initial_loss = score(&logp, &first_labels).1 / bs as f64;

    let batches = config.batches_per_epoch(train_idx.len());
    let total_steps = config.epochs * batches;
    let mut step = 0;
    let mut epochs = Vec::new();
    let start = Instant::now();
    let mut train_order = train_idx.to_vec();
    for epoch in 1..=config.epochs {
        let t0 = Instant::now();
        progress.epoch_started(epoch, batches);
        rng.shuffle(&mut train_order);
        let (mut correct, mut loss, mut lr) = (0usize, 0.0f64, 0.0f32);
        for chunk in train_order.chunks(bs) {
            let images: Vec<[f32; 64]> = chunk.iter().map(|&i| digits.images[i]).collect();
            let labels: Vec<u8> = chunk.iter().map(|&i| digits.labels[i]).collect();
            let logp = model.forward(&images)?;
            let (c, l) = score(&logp, &labels);
            correct += c;
            loss += l;
            lr = learning_rate(config.learning_rate, step, total_steps, batches);
            model.backward_and_step(&labels, lr)?;
            step += 1;
            progress.batch_done();
        }
        let mut test_correct = 0;
        for (images, labels) in test_images.chunks(bs).zip(test_labels.chunks(bs)) {
            let logp = model.forward(images)?;
            test_correct += score(&logp, labels).0;
        }
        let seen = train_order.len().max(1) as f64;
        let stats = EpochStats {
            epoch,
            loss: loss / seen,
            train_accuracy: correct as f64 / seen,
            test_accuracy: test_correct as f64 / test_labels.len().max(1) as f64,
            learning_rate: lr,
            seconds: t0.elapsed().as_secs_f64(),
        };
        progress.epoch_done(&stats);
        let finite = stats.loss.is_finite();
        epochs.push(stats);
        if !finite {
            break;
        }
    }
    Ok(TrainReport {
        split: (train_idx.len(), test_idx.len()),
        first_batch_max_diff,
        initial_loss,
        epochs,
        total_seconds: start.elapsed().as_secs_f64(),
    })
}

/// The epochs whose mean losses [`compare_loss_curves`] compares by
/// default. The GPU and the CPU twin add in different orders, and training
/// amplifies the differences: in the twin, a relative noise of 1e-6 on
/// every gradient of every step (rounding-sized) moves the mean loss of
/// epoch 1 by under 0.01%, of epoch 2 by under 0.2%, and of epoch 3 by up
/// to 8%, so only the first two epochs say whether both train alike.
pub const COMPARED_EPOCHS: usize = 2;

/// The largest relative difference [`compare_loss_curves`] allows between
/// two runs' mean losses of an epoch: ten times what rounding noise moves
/// them by over [`COMPARED_EPOCHS`]; a wrong gradient or step moves them
/// by far more.
pub const LOSS_CURVE_TOLERANCE: f64 = 0.02;

/// Compares the mean losses of the first `epochs` epochs of two runs of the
/// same configuration (the GPU's and the CPU twin's): each pair within
/// [`LOSS_CURVE_TOLERANCE`] of the larger, and both runs that long.
///
/// # Errors
/// A message naming the first epoch that differs.
pub fn compare_loss_curves(
    a: &TrainReport,
    b: &TrainReport,
    epochs: usize,
) -> std::result::Result<(), String> {
    let wanted = epochs.min(a.epochs.len().max(b.epochs.len()));
    if a.epochs.len() < wanted || b.epochs.len() < wanted {
        return Err(format!(
            "one run stopped early: {} and {} epochs",
            a.epochs.len(),
            b.epochs.len()
        ));
    }
    for (x, y) in a.epochs.iter().zip(&b.epochs).take(wanted) {
        let rel = if x.loss == y.loss {
            0.0
        } else {
            (x.loss - y.loss).abs() / x.loss.abs().max(y.loss.abs())
        };
        if rel.is_nan() || rel > LOSS_CURVE_TOLERANCE {
            return Err(format!(
                "epoch {}'s loss is {:.5} against {:.5} on the CPU twin: {:.1}% apart, more than {:.0}%",
                x.epoch,
                x.loss,
                y.loss,
                100.0 * rel,
                100.0 * LOSS_CURVE_TOLERANCE
            ));
        }
    }
    Ok(())
}

/// Counts of correct predictions and the summed loss of a batch.
fn score(logp: &[f32], labels: &[u8]) -> (usize, f64) {
    let mut correct = 0;
    let mut loss = 0.0;
    for (row, &label) in logp.chunks(CLASSES).zip(labels) {
        let best = row
            .iter()
            .enumerate()
            .fold(
                (0, f32::NEG_INFINITY),
                |acc, (i, &v)| if v > acc.1 { (i, v) } else { acc },
            )
            .0;
        correct += usize::from(best == usize::from(label));
        loss -= f64::from(row[usize::from(label)]);
    }
    (correct, loss)
}

/// The largest `|gpu - cpu|`, infinite when any value is not finite or
/// the lengths differ (a plain `fold(0.0, f64::max)` would drop NaN
/// differences and pass an all-NaN output).
pub fn max_abs_diff(gpu: &[f32], cpu: &[f64]) -> f64 {
    if gpu.len() != cpu.len() {
        return f64::INFINITY;
    }
    gpu.iter().zip(cpu).fold(0.0, |worst, (&g, &c)| {
        let d = (f64::from(g) - c).abs();
        if d.is_finite() {
            worst.max(d)
        } else {
            f64::INFINITY
        }
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_non_finite_output_fails_the_first_batch_check() {
        use super::max_abs_diff;
        assert_eq!(max_abs_diff(&[1.0, 2.0], &[1.0, 2.5]), 0.5);
        assert_eq!(max_abs_diff(&[f32::NAN, 2.0], &[1.0, 2.0]), f64::INFINITY);
        assert_eq!(
            max_abs_diff(&[1.0, f32::INFINITY], &[1.0, 2.0]),
            f64::INFINITY
        );
        assert_eq!(max_abs_diff(&[1.0], &[1.0, 2.0]), f64::INFINITY);
    }

    use super::*;

    #[test]
    fn the_digits_load() {
        let d = load_digits(DIGITS_CSV_GZ).expect("digits");
        assert_eq!(d.images.len(), 1797);
        assert!(d.images.iter().flatten().all(|&v| (0.0..=1.0).contains(&v)));
        let mut counts = [0usize; 10];
        for &l in &d.labels {
            counts[usize::from(l)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (170..=190).contains(&c)),
            "{counts:?}"
        );
        // The first row of the file is a 0.
        assert_eq!(d.labels[0], 0);
    }

    #[test]
    fn bad_data_is_an_error() {
        assert!(load_digits(b"not gzip").is_err());
        let mut gz = Vec::new();
        {
            use std::io::Write;
            let mut e = flate2::write::GzEncoder::new(&mut gz, flate2::Compression::default());
            let _ = e.write_all(b"1,2,3\n");
        }
        let e = load_digits(&gz).expect_err("3 fields");
        assert!(e.0.contains("3 fields"), "{e}");
    }

    #[test]
    fn the_split_is_reproducible() {
        let mut a: Vec<usize> = (0..100).collect();
        let mut b = a.clone();
        Rng::new(7).shuffle(&mut a);
        Rng::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        let mut c: Vec<usize> = (0..100).collect();
        Rng::new(8).shuffle(&mut c);
        assert_ne!(a, c);
    }

    #[test]
    fn scoring() {
        let mut logp = vec![-5.0f32; 20];
        logp[3] = -0.1;
        logp[10 + 7] = -0.2;
        let (correct, loss) = score(&logp, &[3, 2]);
        assert_eq!(correct, 1);
        assert!((loss - (0.1 + 5.0)).abs() < 1e-6);
    }

    #[test]
    fn the_learning_rate_warms_up_then_decays_to_zero() {
        let (peak, total, warmup) = (1e-2f32, 900, 45);
        let lr = |step| learning_rate(peak, step, total, warmup);
        assert!((lr(0) - peak / 45.0).abs() < 1e-9);
        assert!((lr(44) - peak).abs() < 1e-9);
        assert!((lr(45) - peak).abs() < 1e-9);
        assert!((lr(45 + 855 / 2) - peak / 2.0).abs() < 1e-4);
        assert!(lr(899) > 0.0 && lr(899) < 1e-7, "{}", lr(899));
        for step in 1..total {
            let (a, b) = (lr(step - 1), lr(step));
            assert!(
                if step < warmup { b > a } else { b <= a },
                "step {step}: {a} then {b}"
            );
        }
        // A run too short for a whole epoch's warm-up still decays.
        assert_eq!(learning_rate(peak, 0, 1, 45), peak);
        assert!(learning_rate(peak, 3, 4, 45) < peak);
    }

    fn epochs(losses: &[f64]) -> TrainReport {
        TrainReport {
            split: (1437, 360),
            first_batch_max_diff: 0.0,
            initial_loss: 2.3,
            epochs: losses
                .iter()
                .enumerate()
                .map(|(i, &loss)| EpochStats {
                    epoch: i + 1,
                    loss,
                    train_accuracy: 0.9,
                    test_accuracy: 0.9,
                    learning_rate: 1e-3,
                    seconds: 0.1,
                })
                .collect(),
            total_seconds: 1.0,
        }
    }

    #[test]
    fn loss_curves_compare_over_the_first_epochs() {
        let gpu = epochs(&[1.4248, 0.2499, 0.1261]);
        assert_eq!(compare_loss_curves(&gpu, &gpu, 2), Ok(()));
        // Rounding-sized differences pass; later epochs are not compared.
        assert_eq!(
            compare_loss_curves(&gpu, &epochs(&[1.4249, 0.2496, 0.2]), 2),
            Ok(())
        );
        let e =
            compare_loss_curves(&gpu, &epochs(&[1.4248, 0.26, 0.1261]), 2).expect_err("4% apart");
        assert!(e.starts_with("epoch 2's loss"), "{e}");
        assert!(compare_loss_curves(&gpu, &epochs(&[f64::NAN, 0.2499]), 2).is_err());
        assert!(compare_loss_curves(&gpu, &epochs(&[1.4248]), 2).is_err());
    }

    /// A network whose log-probabilities a function of the step gives; it
    /// records the batches and learning rates it is trained with.
    struct Fake {
        logp: fn(usize, usize) -> Vec<f32>,
        steps: usize,
        sizes: Vec<usize>,
        rates: Vec<f32>,
    }

    impl Model for &mut Fake {
        fn forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>> {
            Ok((self.logp)(self.steps, images.len()))
        }
        fn backward_and_step(&mut self, labels: &[u8], lr: f32) -> Result<()> {
            self.steps += 1;
            self.sizes.push(labels.len());
            self.rates.push(lr);
            Ok(())
        }
    }

    fn fake(logp: fn(usize, usize) -> Vec<f32>) -> Fake {
        Fake {
            logp,
            steps: 0,
            sizes: Vec::new(),
            rates: Vec::new(),
        }
    }

    /// Trains `model` from the initial weights of seed 42 for 2 epochs in
    /// batches of 8 (the first batch's reference forward pass is slow in a
    /// debug build).
    fn train_fake(model: &mut Fake) -> TrainReport {
        let config = Config {
            epochs: 2,
            batch_size: 8,
            ..Config::default()
        };
        run(
            model,
            &initial_params(config.seed),
            &config,
            |_: &EpochStats| {},
        )
        .expect("run")
    }

    /// Uniform log-probabilities: the loss stays at ln 10.
    fn uniform(_: usize, n: usize) -> Vec<f32> {
        vec![-(10f32.ln()); n * CLASSES]
    }

    #[test]
    fn every_image_is_trained_on_with_the_schedule() {
        let mut model = fake(uniform);
        let report = train_fake(&mut model);
        // 1,437 training images: 179 batches of 8 and one of 5 an epoch.
        assert_eq!(report.split, (1437, 360));
        assert_eq!(model.sizes.len(), 360);
        assert_eq!(model.sizes[179], 5);
        assert_eq!(model.sizes[180], 8);
        assert_eq!(model.sizes.iter().sum::<usize>(), 2 * 1437);
        // One epoch of warm-up, then the decay.
        for (step, &lr) in model.rates.iter().enumerate() {
            assert_eq!(lr, learning_rate(1e-2, step, 360, 180));
        }
        assert_eq!(report.epochs.len(), 2);
        assert_eq!(report.epochs[1].learning_rate, model.rates[359]);
    }

    #[test]
    fn the_verdict_of_the_training_loop_for_each_failure() {
        // The loss never falls (and the accuracy is chance).
        let report = train_fake(&mut fake(uniform));
        assert!((report.initial_loss - 10f64.ln()).abs() < 1e-6);
        assert!(report.first_batch_max_diff > FIRST_BATCH_TOLERANCE);
        // Uniform output is not the reference's output either: the first
        // check fails first.
        assert!(matches!(
            verdict(&report),
            Err(Failure::FirstBatchMismatch { .. })
        ));
        let mut r = report.clone();
        r.first_batch_max_diff = 0.0;
        assert!(matches!(verdict(&r), Err(Failure::LossDidNotFall { .. })));

        // NaN from the first step on: training stops after the epoch.
        fn nan_after_first(step: usize, n: usize) -> Vec<f32> {
            if step == 0 {
                uniform(step, n)
            } else {
                vec![f32::NAN; n * CLASSES]
            }
        }
        let mut model = fake(nan_after_first);
        let mut r = train_fake(&mut model);
        assert_eq!(r.epochs.len(), 1, "training stops at a non-finite loss");
        assert!(r.epochs[0].loss.is_nan());
        r.first_batch_max_diff = 0.0;
        assert_eq!(verdict(&r), Err(Failure::NonFiniteLoss { epoch: 1 }));

        // NaN in the first batch's output: the comparison with the
        // reference fails.
        fn nan(_: usize, n: usize) -> Vec<f32> {
            vec![f32::NAN; n * CLASSES]
        }
        let r = train_fake(&mut fake(nan));
        assert_eq!(r.first_batch_max_diff, f64::INFINITY);
        assert_eq!(
            verdict(&r),
            Err(Failure::FirstBatchMismatch {
                max_abs_diff: f64::INFINITY
            })
        );

        // Confident and right on the training set's first batch after step
        // 0, wrong on the test set: the loss falls, the accuracy does not
        // reach the bar.
        fn always_class_0(step: usize, n: usize) -> Vec<f32> {
            if step == 0 {
                return uniform(step, n);
            }
            let mut v = vec![-20.0f32; n * CLASSES];
            for row in v.chunks_mut(CLASSES) {
                row[0] = 0.0;
            }
            v
        }
        let mut r = train_fake(&mut fake(always_class_0));
        r.first_batch_max_diff = 0.0;
        r.epochs[1].loss = 0.01;
        let accuracy = r.final_accuracy();
        assert!(accuracy < 0.2, "{accuracy}");
        assert_eq!(verdict(&r), Err(Failure::BelowBar { accuracy }));
    }

    #[test]
    fn a_bad_configuration_is_an_error() {
        for config in [
            Config {
                epochs: 0,
                ..Config::default()
            },
            Config {
                batch_size: 0,
                ..Config::default()
            },
            Config {
                learning_rate: f32::NAN,
                ..Config::default()
            },
            Config {
                learning_rate: -1.0,
                ..Config::default()
            },
        ] {
            let r = run(
                &mut fake(uniform),
                &initial_params(1),
                &config,
                |_: &EpochStats| {},
            );
            assert!(r.is_err(), "{config:?}");
        }
    }
}
