//! The CPU twin: the network of [`train`](super::train) on the CPU, in
//! `f32`, through the operations of [`ops`](super::ops). It shares the
//! training loop ([`run`](super::run)), the split, the initial weights, the
//! batches and the learning-rate schedule with the GPU, so that its results
//! say what the GPU's should be.

use std::sync::{Mutex, PoisonError};

use super::ops::{self, ConvShape};
use super::{
    verdict, Config, EpochStats, Model, Progress, Result, TrainReport, CLASSES, FILTERS, PADS,
};

/// The input shape of each layer's convolution (the fully connected layers
/// are convolutions whose filter covers the whole input).
const SHAPES: [ConvShape; 4] = {
    let hw = [8, 4, 2, 1];
    let mut shapes = [ConvShape {
        c: 0,
        h: 0,
        w: 0,
        k: 0,
        r: 0,
        s: 0,
        pad: 0,
    }; 4];
    let mut l = 0;
    while l < 4 {
        shapes[l] = ConvShape {
            c: FILTERS[l][1],
            h: hw[l],
            w: hw[l],
            k: FILTERS[l][0],
            r: FILTERS[l][2],
            s: FILTERS[l][3],
            pad: PADS[l],
        };
        l += 1;
    }
    shapes
};

/// A parameter tensor with its gradient and Adam's moments.
struct Param {
    value: Vec<f32>,
    grad: Vec<f32>,
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Param {
    fn new(value: Vec<f32>) -> Param {
        let n = value.len();
        Param {
            value,
            grad: vec![0.0; n],
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }
}

/// The network on the CPU, with what the last forward pass kept for the
/// backward one.
pub(crate) struct CpuNet {
    params: Vec<(Param, Param)>,
    step: i32,
    n: usize,
    x: Vec<f32>,
    // Outputs of the four convolutions (after ReLU for the first three).
    a: Vec<Vec<f32>>,
    // Outputs of the two poolings.
    p: Vec<Vec<f32>>,
    logp: Vec<f32>,
}

impl CpuNet {
    pub(crate) fn new(initial: Vec<(Vec<f32>, Vec<f32>)>) -> CpuNet {
        CpuNet {
            params: initial
                .into_iter()
                .map(|(w, b)| (Param::new(w), Param::new(b)))
                .collect(),
            step: 0,
            n: 0,
            x: Vec::new(),
            a: vec![Vec::new(); 4],
            p: vec![Vec::new(); 2],
            logp: Vec::new(),
        }
    }
}

impl Model for CpuNet {
    fn forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>> {
        let n = images.len();
        self.n = n;
        self.x = images.iter().flatten().copied().collect();
        for (l, g) in SHAPES.iter().enumerate() {
            let input = match l {
                0 => &self.x,
                1 => &self.p[0],
                2 => &self.p[1],
                _ => &self.a[2],
            };
            let (w, b) = &self.params[l];
            let y = ops::conv_forward(g, n, input, &w.value, &b.value, l < 3);
            if l < 2 {
                self.p[l] = ops::max_pool_forward(n * g.k, g.out_h(), g.out_w(), &y);
            }
            self.a[l] = y;
        }
        self.logp = ops::log_softmax(&self.a[3], CLASSES);
        Ok(self.logp.clone())
    }

    fn backward_and_step(&mut self, labels: &[u8], lr: f32) -> Result<()> {
        let n = self.n;
        // The gradient of the pre-activation output of layer l, from the
        // loss down.
        let mut dz = ops::xent_grad(&self.logp, labels, CLASSES);
        for l in (0..4).rev() {
            let input = match l {
                0 => &self.x,
                1 => &self.p[0],
                2 => &self.p[1],
                _ => &self.a[2],
            };
            let g = &SHAPES[l];
            let (w, b) = &mut self.params[l];
            let (dw, db, dx) = ops::conv_backward(g, n, input, &w.value, &dz, l > 0);
            w.grad = dw;
            b.grad = db;
            let Some(dx) = dx else { break };
            // Back through the pooling below (layers 1 and 2) and the ReLU
            // of the layer below.
            let da = if l <= 2 {
                let below = &SHAPES[l - 1];
                ops::max_pool_backward(
                    n * below.k,
                    below.out_h(),
                    below.out_w(),
                    &self.a[l - 1],
                    &dx,
                )
            } else {
                dx
            };
            dz = ops::relu_backward(&self.a[l - 1], &da);
        }
        self.step += 1;
        let (beta1, beta2, _) = ops::ADAM;
        let bc = (1.0 - beta1.powi(self.step), 1.0 - beta2.powi(self.step));
        for (w, b) in &mut self.params {
            for p in [w, b] {
                ops::adam_step(&mut p.value, &p.grad, (&mut p.m, &mut p.v), lr, bc);
            }
        }
        Ok(())
    }
}

/// Trains the CPU twin: the same split, initial weights, batches, schedule
/// and Adam as [`train`](super::train) on the GPU, in `f32` on the CPU.
/// `first_batch_max_diff` compares the twin's first forward pass with the
/// `f64` reference.
///
/// # Errors
/// A message when the configuration or the data are wrong.
pub fn train_cpu(config: &Config, progress: impl Progress) -> Result<TrainReport> {
    let initial = super::initial_params(config.seed);
    super::run(CpuNet::new(initial.clone()), &initial, config, progress)
}

/// What [`train_cpu_seeds`] reports as it goes: each epoch of each seed,
/// and each seed's result.
pub trait SeedProgress: Sync {
    /// `seed` finished an epoch.
    fn epoch_done(&self, seed: u64, stats: &EpochStats) {
        let _ = (seed, stats);
    }
    /// `seed` finished.
    fn seed_done(&self, seed: u64, result: &Result<TrainReport>) {
        let _ = (seed, result);
    }
}

impl SeedProgress for () {}

/// Trains the CPU twin for each seed of `seeds` (with `config` otherwise),
/// on `threads` threads at once; the results in `seeds`' order.
pub fn train_cpu_seeds(
    config: &Config,
    seeds: &[u64],
    threads: usize,
    progress: &dyn SeedProgress,
) -> Vec<(u64, Result<TrainReport>)> {
    let next = Mutex::new(0usize);
    let done = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, seeds.len().max(1)) {
            s.spawn(|| loop {
                let i = {
                    let mut next = next.lock().unwrap_or_else(PoisonError::into_inner);
                    *next += 1;
                    *next - 1
                };
                let Some(&seed) = seeds.get(i) else { break };
                let config = Config {
                    seed,
                    ..config.clone()
                };
                let r = train_cpu(&config, |e: &EpochStats| progress.epoch_done(seed, e));
                progress.seed_done(seed, &r);
                done.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((i, r));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(PoisonError::into_inner);
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(i, r)| (seeds[i], r)).collect()
}

/// A Markdown table of the seeds' results: final test accuracy (and
/// images right), final loss, the lowest test accuracy of the last five
/// epochs, training time and the verdict.
pub fn seed_table(results: &[(u64, Result<TrainReport>)]) -> String {
    let mut t = String::from(
        "| seed | final test accuracy | final loss | lowest of the last 5 epochs | time | verdict |\n\
         | ---: | ---: | ---: | ---: | ---: | --- |\n",
    );
    for (seed, r) in results {
        let row = match r {
            Ok(r) => {
                let tail = &r.epochs[r.epochs.len().saturating_sub(5)..];
                let lowest = tail.iter().map(|e| e.test_accuracy).fold(1.0, f64::min);
                format!(
                    "| {seed} | {:.2}% ({}/{}) | {:.4} | {:.2}% | {:.1} s | {} |",
                    100.0 * r.final_accuracy(),
                    (r.final_accuracy() * r.split.1 as f64).round(),
                    r.split.1,
                    r.epochs.last().map_or(f64::NAN, |e| e.loss),
                    100.0 * lowest,
                    r.total_seconds,
                    match verdict(r) {
                        Ok(()) => "passes".to_string(),
                        Err(f) => format!("FAILS: {f}"),
                    }
                )
            }
            Err(e) => format!("| {seed} | - | - | - | - | FAILS: {e} |"),
        };
        t.push_str(&row);
        t.push('\n');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lenet::{
        initial_params, load_digits, max_abs_diff, reference_forward, DIGITS_CSV_GZ,
    };
    use cudnn_reference::activation::{self as cpu_act, ActivationKind};
    use cudnn_reference::conv::{self as cpu_conv, ConvGeometry};
    use cudnn_reference::pool::{self as cpu_pool, PoolGeometry, PoolMode};
    use cudnn_reference::softmax::{self as cpu_softmax, SoftmaxAlgo, SoftmaxMode};

    fn geometry(l: usize, n: usize) -> ConvGeometry {
        SHAPES[l].reference_geometry(n)
    }

    fn pool_geometry(l: usize, n: usize) -> PoolGeometry {
        let g = &SHAPES[l];
        PoolGeometry {
            batch: n,
            channels: g.k,
            input: vec![g.out_h(), g.out_w()],
            window: vec![2, 2],
            padding: vec![0, 0],
            stride: vec![2, 2],
        }
    }

    fn widen(v: &[f32]) -> Vec<f64> {
        v.iter().map(|&v| f64::from(v)).collect()
    }

    /// The weight and bias gradients of the mean cross-entropy, every
    /// operation the `f64` reference's.
    fn reference_gradients(
        params: &[(Vec<f32>, Vec<f32>)],
        images: &[[f32; 64]],
        labels: &[u8],
    ) -> Vec<(Vec<f64>, Vec<f64>)> {
        let n = images.len();
        let x: Vec<f64> = images.iter().flatten().map(|&v| f64::from(v)).collect();
        // Forward, keeping each layer's input and output.
        let (mut inputs, mut outputs) = (Vec::new(), Vec::new());
        let mut h = x;
        for (l, (w, b)) in params.iter().enumerate() {
            let g = geometry(l, n);
            let act = |v: f64| if l < 3 { v.max(0.0) } else { v };
            let zeros = vec![0.0; g.y_len()];
            let (w, b) = (widen(w), widen(b));
            let y = cpu_conv::bias_activation_forward(&g, &h, &w, 1.0, &zeros, 0.0, &b, act);
            inputs.push(h);
            h = if l < 2 {
                cpu_pool::forward(&pool_geometry(l, n), PoolMode::Max, &y)
            } else {
                y.clone()
            };
            outputs.push(y);
        }
        let logp = cpu_softmax::forward(SoftmaxAlgo::Log, SoftmaxMode::Instance, n, CLASSES, 1, &h);
        let mut dlogp = vec![0.0; n * CLASSES];
        for (i, &label) in labels.iter().enumerate() {
            dlogp[i * CLASSES + usize::from(label)] = -1.0 / n as f64;
        }
        let mut dz = cpu_softmax::backward(
            SoftmaxAlgo::Log,
            SoftmaxMode::Instance,
            n,
            CLASSES,
            1,
            &logp,
            &dlogp,
        );
        let mut grads = vec![(Vec::new(), Vec::new()); 4];
        for l in (0..4).rev() {
            let g = geometry(l, n);
            grads[l] = (
                cpu_conv::backward_filter(&g, &inputs[l], &dz),
                cpu_conv::backward_bias(&dz, n, g.out_channels),
            );
            if l == 0 {
                break;
            }
            let mut d = cpu_conv::backward_data(&g, &widen(&params[l].0), &dz);
            if l <= 2 {
                let pooled =
                    cpu_pool::forward(&pool_geometry(l - 1, n), PoolMode::Max, &outputs[l - 1]);
                d = cpu_pool::backward(
                    &pool_geometry(l - 1, n),
                    PoolMode::Max,
                    &outputs[l - 1],
                    &pooled,
                    &d,
                );
            }
            dz = cpu_act::backward(ActivationKind::Relu, &outputs[l - 1], &outputs[l - 1], &d);
        }
        grads
    }

    #[test]
    fn the_twin_computes_what_the_reference_computes() {
        let digits = load_digits(DIGITS_CSV_GZ).expect("digits");
        let images = &digits.images[..5];
        let labels = &digits.labels[..5];
        let initial = initial_params(7);
        let mut net = CpuNet::new(initial.clone());

        let logp = net.forward(images).expect("forward");
        assert!(max_abs_diff(&logp, &reference_forward(&initial, images)) < 1e-5);

        net.backward_and_step(labels, 1e-3).expect("backward");
        let want = reference_gradients(&initial, images, labels);
        for (l, ((w, b), (want_w, want_b))) in net.params.iter().zip(&want).enumerate() {
            for (name, got, want) in [("w", &w.grad, want_w), ("b", &b.grad, want_b)] {
                let scale = want.iter().fold(1e-3, |m: f64, v| m.max(v.abs()));
                let worst = max_abs_diff(got, want);
                assert!(
                    worst < 1e-4 * scale,
                    "layer {l} d{name}: {worst} (scale {scale})"
                );
            }
            // Adam's first step moves each weight by at most the rate.
            let moved = w
                .value
                .iter()
                .zip(&initial[l].0)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0f32, f32::max);
            assert!(moved > 0.0 && moved <= 1.001e-3, "layer {l}: {moved}");
        }
    }
}
