//! A small convolutional network in candle whose convolutions run through
//! cuDNN, forward and backward (`cudnn_candle::conv2d`), trained on the
//! digits set (1,797 images of 8x8 pixels; 1,500 to train, 297 held out):
//! two 3x3 convolutions with ReLU and 2x2 max pooling, then a linear layer,
//! Adam on the cross-entropy. Prints the loss of each epoch and the held-out
//! accuracy; exits 0 when it reaches 90%, 2 when it does not, and 1 without
//! a CUDA GPU (saying why). `--cpu` trains the same network on the CPU with
//! candle's own conv2d instead (the example's logic, without a GPU).
//!
//!   cargo run --release -p cudnn-rs-candle --features cuda --example lenet_candle [-- --cpu]

use std::io::Read;
use std::process::ExitCode;

use candle_core::{DType, Device, Tensor, Var, D};
use cudnn_candle::{conv2d, Conv2dParams};

const DIGITS_CSV_GZ: &[u8] = include_bytes!("../../examples/data/digits.csv.gz");
const TRAIN: usize = 1500;
const EPOCHS: usize = 30;
const BATCH: usize = 64;
const BAR: f32 = 0.90;

/// The images (`[N, 1, 8, 8]` pixels in [0, 1]) and labels.
fn digits() -> Result<(Vec<f32>, Vec<u32>), String> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(DIGITS_CSV_GZ)
        .read_to_string(&mut text)
        .map_err(|e| format!("digits.csv.gz: {e}"))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    let (mut pixels, mut labels) = (Vec::new(), Vec::new());
    for (row, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("digits row {row}: {e}"))?;
        let values: Vec<f32> = record
            .iter()
            .map(|f| {
                f.trim()
                    .parse::<f32>()
                    .map_err(|_| format!("digits row {row}: `{f}`"))
            })
            .collect::<Result<_, _>>()?;
        if values.len() != 65 {
            return Err(format!(
                "digits row {row}: {} fields, expected 65",
                values.len()
            ));
        }
        pixels.extend(values[..64].iter().map(|v| v / 16.0));
        labels.push(values[64] as u32);
    }
    Ok((pixels, labels))
}

/// A small deterministic generator (the shuffles and initial weights).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32) / (1u64 << 24) as f32
    }
    /// Uniform in [-bound, bound).
    fn uniform(&mut self, n: usize, bound: f32) -> Vec<f32> {
        (0..n).map(|_| (self.next() * 2.0 - 1.0) * bound).collect()
    }
}

struct Net {
    params: Vec<Var>,
    /// cuDNN's convolutions (through the bridge), or candle's own.
    cudnn: bool,
}

impl Net {
    fn new(dev: &Device, rng: &mut Lcg, cudnn: bool) -> candle_core::Result<Net> {
        // (shape, fan-in): conv1 8x1x3x3, its bias, conv2 16x8x3x3, its
        // bias, the linear layer 64x10 and its bias.
        let shapes: [(&[usize], usize); 6] = [
            (&[8, 1, 3, 3], 9),
            (&[8], 9),
            (&[16, 8, 3, 3], 72),
            (&[16], 72),
            (&[64, 10], 64),
            (&[10], 64),
        ];
        let params = shapes
            .iter()
            .map(|(dims, fan_in)| {
                let n = dims.iter().product();
                let t =
                    Tensor::from_vec(rng.uniform(n, 1.0 / (*fan_in as f32).sqrt()), *dims, dev)?;
                Var::from_tensor(&t)
            })
            .collect::<candle_core::Result<_>>()?;
        Ok(Net { params, cudnn })
    }

    /// The logits of `x` (`[N, 1, 8, 8]`).
    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let p = &self.params;
        let conv = |x: &Tensor, w: &Var| {
            if self.cudnn {
                conv2d(x, w, &Conv2dParams::padded(1))
            } else {
                x.conv2d(w, 1, 1, 1, 1)
            }
        };
        let bias = |b: &Var| b.reshape((1, (), 1, 1));
        let h = conv(x, &p[0])?
            .broadcast_add(&bias(&p[1])?)?
            .relu()?
            .max_pool2d(2)?;
        let h = conv(&h, &p[2])?
            .broadcast_add(&bias(&p[3])?)?
            .relu()?
            .max_pool2d(2)?;
        h.flatten_from(1)?.matmul(&p[4])?.broadcast_add(&p[5])
    }
}

/// The mean cross-entropy of `logits` against one-hot `targets`.
fn cross_entropy(logits: &Tensor, targets: &Tensor) -> candle_core::Result<Tensor> {
    let max = logits.max_keepdim(D::Minus1)?;
    let shifted = logits.broadcast_sub(&max)?;
    let log_sum = shifted.exp()?.sum_keepdim(D::Minus1)?.log()?;
    let log_p = shifted.broadcast_sub(&log_sum)?;
    (log_p * targets)?
        .sum_all()?
        .affine(-1.0 / logits.dim(0)? as f64, 0.0)
}

/// Adam's moments and step count.
struct Adam {
    m: Vec<Tensor>,
    v: Vec<Tensor>,
    t: i32,
}

impl Adam {
    fn step(
        &mut self,
        params: &[Var],
        grads: &candle_core::backprop::GradStore,
        lr: f64,
    ) -> candle_core::Result<()> {
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
        self.t += 1;
        let (c1, c2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        for (i, p) in params.iter().enumerate() {
            let Some(g) = grads.get(p.as_tensor()) else {
                continue;
            };
            self.m[i] = ((&self.m[i] * b1)? + (g * (1.0 - b1))?)?;
            self.v[i] = ((&self.v[i] * b2)? + (g.sqr()? * (1.0 - b2))?)?;
            let update = (&self.m[i] / c1)?.div(&((&self.v[i] / c2)?.sqrt()? + eps)?)?;
            p.set(&(p.as_tensor() - (update * lr)?)?)?;
        }
        Ok(())
    }
}

fn one_hot(labels: &[u32], dev: &Device) -> candle_core::Result<Tensor> {
    let mut v = vec![0f32; labels.len() * 10];
    for (i, &l) in labels.iter().enumerate() {
        v[i * 10 + l as usize] = 1.0;
    }
    Tensor::from_vec(v, (labels.len(), 10), dev)
}

fn batch(
    pixels: &[f32],
    labels: &[u32],
    idx: &[usize],
    dev: &Device,
) -> candle_core::Result<(Tensor, Tensor)> {
    let x: Vec<f32> = idx
        .iter()
        .flat_map(|&i| pixels[i * 64..(i + 1) * 64].iter().copied())
        .collect();
    let y: Vec<u32> = idx.iter().map(|&i| labels[i]).collect();
    Ok((
        Tensor::from_vec(x, (idx.len(), 1, 8, 8), dev)?,
        one_hot(&y, dev)?,
    ))
}

fn train(dev: &Device) -> candle_core::Result<f32> {
    let cudnn = dev.is_cuda();
    let (pixels, labels) = digits().map_err(candle_core::Error::msg)?;
    let n = labels.len();
    let mut rng = Lcg(42);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, (rng.next() * (i + 1) as f32) as usize % (i + 1));
    }
    let (train_idx, test_idx) = order.split_at(TRAIN);
    let net = Net::new(dev, &mut rng, cudnn)?;
    let zeros = |p: &Var| p.zeros_like();
    let mut adam = Adam {
        m: net
            .params
            .iter()
            .map(zeros)
            .collect::<candle_core::Result<_>>()?,
        v: net
            .params
            .iter()
            .map(zeros)
            .collect::<candle_core::Result<_>>()?,
        t: 0,
    };
    let mut shuffled = train_idx.to_vec();
    for epoch in 1..=EPOCHS {
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, (rng.next() * (i + 1) as f32) as usize % (i + 1));
        }
        let mut total = 0f32;
        for chunk in shuffled.chunks(BATCH) {
            let (x, y) = batch(&pixels, &labels, chunk, dev)?;
            let loss = cross_entropy(&net.forward(&x)?, &y)?;
            total += loss.to_dtype(DType::F32)?.to_scalar::<f32>()? * chunk.len() as f32;
            let lr = if epoch <= 20 { 3e-3 } else { 1e-3 };
            adam.step(&net.params, &loss.backward()?, lr)?;
        }
        println!("epoch {epoch:2}: mean loss {:.4}", total / TRAIN as f32);
    }
    let (x, _) = batch(&pixels, &labels, test_idx, dev)?;
    let predicted = net.forward(&x)?.argmax(D::Minus1)?.to_vec1::<u32>()?;
    let right = predicted
        .iter()
        .zip(test_idx)
        .filter(|(p, &i)| **p == labels[i])
        .count();
    Ok(right as f32 / test_idx.len() as f32)
}

fn main() -> ExitCode {
    let cpu = std::env::args().skip(1).any(|a| a == "--cpu");
    let dev = match if cpu {
        Ok(Device::Cpu)
    } else {
        Device::new_cuda(0)
    } {
        Ok(d) => d,
        Err(e) => {
            // The first line: candle appends a backtrace when one is asked for.
            let e = e.to_string();
            eprintln!(
                "lenet_candle needs a CUDA GPU: {}",
                e.lines().next().unwrap_or("")
            );
            return ExitCode::from(1);
        }
    };
    match train(&dev) {
        Ok(accuracy) => {
            println!(
                "held-out accuracy {:.1}% (bar {:.0}%)",
                accuracy * 100.0,
                BAR * 100.0
            );
            if !cpu {
                println!("kept for the device: {:?}", cudnn_candle::cache_info(&dev));
            }
            if accuracy >= BAR {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        Err(e) => {
            eprintln!("lenet_candle failed: {e}");
            ExitCode::from(2)
        }
    }
}
