//! A LeNet-style network for the 8×8 digits set, trained on the GPU through
//! the `cudnn` crate's safe API: the example `lenet_digits` and its GPU test
//! run [`train`].
//!
//! Model: conv 3×3 1→16 pad 1 → ReLU → max-pool 2 → conv 3×3 16→32 pad 1 →
//! ReLU → max-pool 2 → fully connected 128→64 → ReLU → 64→10 → log-softmax,
//! cross-entropy loss. The fully connected layers are convolutions whose
//! filter covers the whole input. Convolution, bias and ReLU run as cuDNN's
//! fused `cudnnConvolutionBiasActivationForward`; the backward passes are
//! cuDNN's; the loss gradient and the Adam step are two small PTX kernels
//! (`examples/kernels/lenet.cu`, compiled by `scripts/gen-ptx.py`).

use std::collections::HashMap;
use std::io::Read;
use std::sync::Arc;
use std::time::Instant;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use cudnn::conv::{
    ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvBiasActivationArgs, ConvBiasScaling, ConvZ,
};
use cudnn::ops::{ActivationProblem, BackwardBuffers, PoolingProblem, SoftmaxProblem};
use cudnn::{
    ActivationDescriptor, ActivationMode, AlgoCache, AlgoChoice, BwdDataAlgo, BwdFilterAlgo,
    ConvProblem, ConvolutionDescriptor, FilterDescriptor, FwdAlgo, Handle, MathType,
    PoolingDescriptor, PoolingMode, Scaling, SearchOptions, SoftmaxAlgorithm, SoftmaxMode,
    TensorDescriptor, TensorFormat, Workspace,
};
use cudnn_reference::conv::{self as cpu_conv, ConvGeometry};
use cudnn_reference::pool::{self as cpu_pool, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self as cpu_softmax, SoftmaxAlgo};

/// The digits set, gzip-compressed CSV: 64 pixel values and a label a row.
pub const DIGITS_CSV_GZ: &[u8] = include_bytes!("../examples/data/digits.csv.gz");

const PTX: &str = include_str!("../examples/kernels/lenet.ptx");
const NCHW: TensorFormat = TensorFormat::CUDNN_TENSOR_NCHW;
const CLASSES: usize = 10;

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
    /// Images per mini-batch.
    pub batch_size: usize,
    /// Adam's learning rate.
    pub learning_rate: f32,
    /// Seed of the shuffle, the split and the initial weights.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            epochs: 20,
            batch_size: 32,
            learning_rate: 2e-3,
            seed: 42,
        }
    }
}

/// One epoch's numbers.
#[derive(Debug, Clone)]
pub struct EpochStats {
    /// 1-based.
    pub epoch: usize,
    /// Mean training loss.
    pub loss: f64,
    /// Training accuracy (of the batches trained on).
    pub train_accuracy: f64,
    /// Test accuracy after the epoch.
    pub test_accuracy: f64,
    /// Seconds the epoch took (training and evaluation).
    pub seconds: f64,
}

/// What a training run produced.
#[derive(Debug, Clone)]
pub struct TrainReport {
    /// Images in the training and the test split.
    pub split: (usize, usize),
    /// The largest absolute difference between the GPU's and the CPU
    /// reference's log-probabilities on the first batch.
    pub first_batch_max_diff: f64,
    /// Every epoch.
    pub epochs: Vec<EpochStats>,
    /// Seconds of training in all.
    pub total_seconds: f64,
}

/// The parameters: weights and biases of the four layers, with Adam's
/// moments.
struct Param {
    value: CudaSlice<f32>,
    grad: CudaSlice<f32>,
    m: CudaSlice<f32>,
    v: CudaSlice<f32>,
    host_init: Vec<f32>,
}

impl Param {
    fn new(stream: &Arc<CudaStream>, init: Vec<f32>) -> Result<Param> {
        let n = init.len();
        Ok(Param {
            value: stream.clone_htod(&init)?,
            grad: stream.alloc_zeros(n)?,
            m: stream.alloc_zeros(n)?,
            v: stream.alloc_zeros(n)?,
            host_init: init,
        })
    }
}

/// Filter shapes (K, C, R, S) of the four layers.
const FILTERS: [[usize; 4]; 4] = [
    [16, 1, 3, 3],
    [32, 16, 3, 3],
    [64, 32, 2, 2],
    [10, 64, 1, 1],
];
const PADS: [usize; 4] = [1, 1, 0, 0];

fn he_uniform(rng: &mut Rng, dims: [usize; 4]) -> Vec<f32> {
    let fan_in = (dims[1] * dims[2] * dims[3]) as f64;
    let bound = (6.0 / fan_in).sqrt();
    (0..dims.iter().product::<usize>())
        .map(|_| ((rng.uniform() * 2.0 - 1.0) * bound) as f32)
        .collect()
}

/// The descriptors, algorithm choices and buffers for one batch size.
struct Batch {
    convs: Vec<ConvProblem<f32, f32>>,
    fwd: Vec<AlgoChoice<FwdAlgo>>,
    // None for layer 0, whose input needs no gradient.
    bwd_data: Vec<Option<AlgoChoice<BwdDataAlgo>>>,
    bwd_filter: Vec<AlgoChoice<BwdFilterAlgo>>,
    bias_descs: Vec<TensorDescriptor<f32>>,
    pools: Vec<PoolingProblem<f32>>,
    // The ReLU of the first three convolutions, on their outputs.
    relus: Vec<ActivationProblem<f32>>,
    softmax: SoftmaxProblem<f32>,
    // Activations: conv outputs (after ReLU), pool outputs, log-probs.
    a: Vec<CudaSlice<f32>>,
    p: Vec<CudaSlice<f32>>,
    // Zeros, never written: the fused op's `z` input (scaled by 0, but
    // read).
    z: Vec<CudaSlice<f32>>,
    // Gradients of the conv outputs before ReLU.
    dz: Vec<CudaSlice<f32>>,
    logp: CudaSlice<f32>,
    // Gradients.
    da: Vec<CudaSlice<f32>>,
    dp: Vec<CudaSlice<f32>>,
    dlogits: CudaSlice<f32>,
    x: CudaSlice<f32>,
    labels: CudaSlice<i32>,
}

struct Net {
    stream: Arc<CudaStream>,
    handle: Handle,
    params: Vec<(Param, Param)>,
    pool: PoolingDescriptor,
    relu: ActivationDescriptor,
    identity: ActivationDescriptor,
    cache: AlgoCache,
    ws: Workspace,
    batches: HashMap<usize, Batch>,
    xent: CudaFunction,
    adam: CudaFunction,
    step: i32,
}

fn options() -> SearchOptions {
    // FMA math: results comparable with the CPU reference at f32 precision.
    // Deterministic algorithms (no atomics): the same seed trains the same
    // way, as `tests/lenet_gpu.rs` checks.
    SearchOptions {
        allow_tf32: false,
        deterministic: true,
        ..SearchOptions::default()
    }
}

impl Net {
    fn new(stream: Arc<CudaStream>, seed: u64) -> Result<Net> {
        let handle = Handle::new(Arc::clone(&stream))?;
        let mut rng = Rng::new(seed ^ 0x5EED);
        let params = FILTERS
            .iter()
            .map(|&f| {
                Ok((
                    Param::new(&stream, he_uniform(&mut rng, f))?,
                    Param::new(&stream, vec![0.0; f[0]])?,
                ))
            })
            .collect::<Result<Vec<_>>>()?;
        let module = stream
            .context()
            .load_module(cudarc::nvrtc::Ptx::from_src(PTX))
            .map_err(|e| {
                LenetError(format!(
                    "loading the example's PTX kernels: {}",
                    cudnn::Error::from(e)
                ))
            })?;
        Ok(Net {
            handle,
            params,
            pool: PoolingDescriptor::new(
                PoolingMode::CUDNN_POOLING_MAX,
                &[2, 2],
                &[0, 0],
                &[2, 2],
            )?,
            relu: ActivationDescriptor::new(ActivationMode::CUDNN_ACTIVATION_RELU, 0.0)?,
            identity: ActivationDescriptor::new(ActivationMode::CUDNN_ACTIVATION_IDENTITY, 0.0)?,
            cache: AlgoCache::new(),
            ws: Workspace::new(),
            batches: HashMap::new(),
            xent: module.load_function("xent_grad")?,
            adam: module.load_function("adam")?,
            step: 0,
            stream,
        })
    }

    /// The descriptors and buffers for batches of `n`, built once.
    fn batch(&mut self, n: usize) -> Result<&mut Batch> {
        if !self.batches.contains_key(&n) {
            let b = self.build_batch(n)?;
            self.batches.insert(n, b);
        }
        self.batches
            .get_mut(&n)
            .ok_or_else(|| LenetError("batch descriptors".into()))
    }

    fn build_batch(&mut self, n: usize) -> Result<Batch> {
        let s = &self.stream;
        // Input shapes of the four convolutions: 8x8, 4x4 after pool 1, 2x2
        // after pool 2 (fc1 covers it), 1x1 (fc2).
        let inputs = [[n, 1, 8, 8], [n, 16, 4, 4], [n, 32, 2, 2], [n, 64, 1, 1]];
        let mut convs = Vec::new();
        let (mut fwd, mut bwd_data, mut bwd_filter) = (Vec::new(), Vec::new(), Vec::new());
        let (mut a, mut z, mut da, mut bias_descs) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut dz = Vec::new();
        for l in 0..4 {
            let p = ConvProblem::new(
                TensorDescriptor::new(NCHW, &inputs[l])?,
                FilterDescriptor::new(NCHW, &FILTERS[l])?,
                ConvolutionDescriptor::new(&[PADS[l], PADS[l]], &[1, 1], &[1, 1])?,
            )?;
            let y_len = p.y().required_len();
            // cuDNN fuses the identity activation (last layer) only with
            // IMPLICIT_PRECOMP_GEMM; use it for every layer.
            fwd.push(self.handle.forward_algo(
                &p,
                FwdAlgo::CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
                MathType::CUDNN_FMA_MATH,
            )?);
            let mut dx = s.alloc_zeros::<f32>(p.x().required_len())?;
            let mut dw = s.alloc_zeros::<f32>(p.w().required_len())?;
            let dy = s.alloc_zeros::<f32>(y_len)?;
            let x = s.alloc_zeros::<f32>(p.x().required_len())?;
            let (w, _) = &self.params[l];
            // Layer 0's input is the image: no gradient, no search.
            bwd_data.push(if l == 0 {
                None
            } else {
                Some(self.handle.find_backward_data(
                    &p,
                    &options(),
                    &self.cache,
                    &mut self.ws,
                    ConvBackwardDataArgs {
                        w: &w.value,
                        dy: &dy,
                        dx: &mut dx,
                    },
                )?)
            });
            bwd_filter.push(self.handle.find_backward_filter(
                &p,
                &options(),
                &self.cache,
                &mut self.ws,
                ConvBackwardFilterArgs {
                    x: &x,
                    dy: &dy,
                    dw: &mut dw,
                },
            )?);
            a.push(s.alloc_zeros::<f32>(y_len)?);
            z.push(s.alloc_zeros::<f32>(y_len)?);
            dz.push(s.alloc_zeros::<f32>(y_len)?);
            da.push(s.alloc_zeros::<f32>(y_len)?);
            bias_descs.push(TensorDescriptor::new(NCHW, &[1, FILTERS[l][0], 1, 1])?);
            convs.push(p);
        }
        let pools = vec![
            PoolingProblem::with_output(
                self.pool.try_clone()?,
                TensorDescriptor::new(NCHW, &[n, 16, 8, 8])?,
                TensorDescriptor::new(NCHW, &[n, 16, 4, 4])?,
            )?,
            PoolingProblem::with_output(
                self.pool.try_clone()?,
                TensorDescriptor::new(NCHW, &[n, 32, 4, 4])?,
                TensorDescriptor::new(NCHW, &[n, 32, 2, 2])?,
            )?,
        ];
        let relus = convs[..3]
            .iter()
            .map(|p| {
                Ok(ActivationProblem::same_descriptor(
                    self.relu.try_clone()?,
                    p.y().try_clone()?,
                ))
            })
            .collect::<Result<Vec<_>>>()?;
        let softmax = SoftmaxProblem::same_descriptor(
            SoftmaxAlgorithm::CUDNN_SOFTMAX_LOG,
            SoftmaxMode::CUDNN_SOFTMAX_MODE_INSTANCE,
            convs[3].y().try_clone()?,
        );
        Ok(Batch {
            p: vec![s.alloc_zeros(n * 16 * 16)?, s.alloc_zeros(n * 32 * 4)?],
            dp: vec![s.alloc_zeros(n * 16 * 16)?, s.alloc_zeros(n * 32 * 4)?],
            logp: s.alloc_zeros(n * CLASSES)?,
            dlogits: s.alloc_zeros(n * CLASSES)?,
            x: s.alloc_zeros(n * 64)?,
            labels: s.alloc_zeros(n)?,
            convs,
            fwd,
            bwd_data,
            bwd_filter,
            bias_descs,
            pools,
            relus,
            softmax,
            a,
            z,
            dz,
            da,
        })
    }

    /// Forward pass of `images`; returns the log-probabilities.
    fn forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>> {
        let n = images.len();
        self.batch(n)?;
        let flat: Vec<f32> = images.iter().flatten().copied().collect();
        let Net {
            stream,
            handle,
            params,
            relu,
            identity,
            ws,
            batches,
            ..
        } = self;
        let b = batches
            .get_mut(&n)
            .ok_or_else(|| LenetError("batch".into()))?;
        stream.memcpy_htod(&flat, &mut b.x)?;
        for (l, (w, bias)) in params.iter().enumerate() {
            let act = if l == 3 { &*identity } else { &*relu };
            let (below, rest) = b.a.split_at_mut(l);
            let out = &mut rest[0];
            let input = match l {
                0 => &b.x,
                1 => &b.p[0],
                2 => &b.p[1],
                _ => &below[2],
            };
            handle.convolution_bias_activation_forward(
                &b.convs[l],
                &b.fwd[l],
                ws,
                ConvBiasActivationArgs {
                    x: input,
                    w: &w.value,
                    z: ConvZ::Buffer(&b.z[l]),
                    bias_desc: &b.bias_descs[l],
                    bias: &bias.value,
                    activation: act,
                    y: out,
                },
                ConvBiasScaling::default(),
            )?;
            if l < 2 {
                handle.pooling_forward(&b.pools[l], &b.a[l], &mut b.p[l], Scaling::default())?;
            }
        }
        handle.softmax_forward(&b.softmax, &b.a[3], &mut b.logp, Scaling::default())?;
        Ok(stream.clone_dtoh(&b.logp)?)
    }

    /// Backward pass and Adam step for the batch last run forward.
    fn backward_and_step(&mut self, n: usize, labels: &[u8], lr: f32) -> Result<()> {
        let labels_i32: Vec<i32> = labels.iter().map(|&l| i32::from(l)).collect();
        let Net {
            stream,
            handle,
            params,
            ws,
            batches,
            xent,
            adam,
            step,
            ..
        } = self;
        let b = batches
            .get_mut(&n)
            .ok_or_else(|| LenetError("batch".into()))?;
        stream.memcpy_htod(&labels_i32, &mut b.labels)?;
        let (total, classes, batch) = ((n * CLASSES) as u32, CLASSES as i32, n as i32);
        let scale = 1.0f32 / n as f32;
        // SAFETY: the kernel reads logp and labels and writes dlogits, each
        // holding batch * classes (labels: batch) elements, bounds-checked
        // by `i < batch * classes`.
        unsafe {
            stream
                .launch_builder(xent)
                .arg(&b.logp)
                .arg(&b.labels)
                .arg(&mut b.dlogits)
                .arg(&batch)
                .arg(&classes)
                .arg(&scale)
                .launch(LaunchConfig::for_num_elems(total))?;
        }
        for l in (0..4).rev() {
            // dy of this layer's pre-activation output.
            let dz: &CudaSlice<f32> = if l == 3 {
                &b.dlogits
            } else {
                // ReLU: the derivative reads the output, which is positive
                // exactly where the input was.
                handle.activation_backward(
                    &b.relus[l],
                    BackwardBuffers {
                        y: &b.a[l],
                        dy: &b.da[l],
                        x: &b.a[l],
                        dx: &mut b.dz[l],
                    },
                    Scaling::default(),
                )?;
                &b.dz[l]
            };
            let (w, bias) = &mut params[l];
            let p = &b.convs[l];
            handle.convolution_backward_bias(
                p,
                &b.bias_descs[l],
                dz,
                &mut bias.grad,
                Scaling::default(),
            )?;
            let input = match l {
                0 => &b.x,
                1 => &b.p[0],
                2 => &b.p[1],
                _ => &b.a[2],
            };
            handle.convolution_backward_filter(
                p,
                &b.bwd_filter[l],
                ws,
                ConvBackwardFilterArgs {
                    x: input,
                    dy: dz,
                    dw: &mut w.grad,
                },
                Scaling::default(),
            )?;
            if l > 0 {
                let dx = match l {
                    3 => &mut b.da[2],
                    2 => &mut b.dp[1],
                    _ => &mut b.dp[0],
                };
                handle.convolution_backward_data(
                    p,
                    b.bwd_data[l]
                        .as_ref()
                        .ok_or_else(|| LenetError("no backward-data algorithm".into()))?,
                    ws,
                    ConvBackwardDataArgs {
                        w: &w.value,
                        dy: dz,
                        dx,
                    },
                    Scaling::default(),
                )?;
                if l <= 2 {
                    // Through the pooling below this convolution.
                    let k = l - 1;
                    handle.pooling_backward(
                        &b.pools[k],
                        BackwardBuffers {
                            y: &b.p[k],
                            dy: &b.dp[k],
                            x: &b.a[k],
                            dx: &mut b.da[k],
                        },
                        Scaling::default(),
                    )?;
                }
            }
        }
        *step += 1;
        let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let bc1 = 1.0 - beta1.powi(*step);
        let bc2 = 1.0 - beta2.powi(*step);
        for (w, bias) in params.iter_mut() {
            for p in [w, bias] {
                let len = p.value.len() as i32;
                // SAFETY: w, g, m and v each hold `len` elements; the kernel
                // touches index i only when i < len.
                unsafe {
                    stream
                        .launch_builder(adam)
                        .arg(&mut p.value)
                        .arg(&p.grad)
                        .arg(&mut p.m)
                        .arg(&mut p.v)
                        .arg(&len)
                        .arg(&lr)
                        .arg(&beta1)
                        .arg(&beta2)
                        .arg(&eps)
                        .arg(&bc1)
                        .arg(&bc2)
                        .launch(LaunchConfig::for_num_elems(len as u32))?;
                }
            }
        }
        Ok(())
    }

    /// The CPU reference's log-probabilities for `images` with the initial
    /// weights (before any step).
    fn cpu_forward(&self, images: &[[f32; 64]]) -> Vec<f64> {
        let n = images.len();
        let mut x: Vec<f64> = images.iter().flatten().map(|&v| f64::from(v)).collect();
        let spatial = [[8usize, 8], [4, 4], [2, 2], [1, 1]];
        let channels = [1usize, 16, 32, 64];
        for (l, (w, bias)) in self.params.iter().enumerate() {
            let g = ConvGeometry {
                batch: n,
                in_channels: channels[l],
                out_channels: FILTERS[l][0],
                input: spatial[l].to_vec(),
                kernel: vec![FILTERS[l][2], FILTERS[l][3]],
                padding: vec![PADS[l]; 2],
                stride: vec![1, 1],
                dilation: vec![1, 1],
                groups: 1,
                cross_correlation: true,
            };
            let w: Vec<f64> = w.host_init.iter().map(|&v| f64::from(v)).collect();
            let bias: Vec<f64> = bias.host_init.iter().map(|&v| f64::from(v)).collect();
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

/// Trains on `stream`'s GPU; `on_epoch` sees each epoch as it ends.
///
/// # Errors
/// A message when cuDNN, CUDA or the data fail.
pub fn train(
    stream: Arc<CudaStream>,
    config: &Config,
    mut on_epoch: impl FnMut(&EpochStats),
) -> Result<TrainReport> {
    if config.batch_size == 0 || config.epochs == 0 {
        return Err(LenetError(
            "epochs and batch size must be at least 1".into(),
        ));
    }
    let digits = load_digits(DIGITS_CSV_GZ)?;
    let mut rng = Rng::new(config.seed);
    let mut order: Vec<usize> = (0..digits.images.len()).collect();
    rng.shuffle(&mut order);
    let n_train = digits.images.len() * 4 / 5;
    let (train_idx, test_idx) = order.split_at(n_train);
    let test_images: Vec<[f32; 64]> = test_idx.iter().map(|&i| digits.images[i]).collect();
    let test_labels: Vec<u8> = test_idx.iter().map(|&i| digits.labels[i]).collect();

    let mut net = Net::new(stream, config.seed)?;
    let bs = config.batch_size.min(train_idx.len());

    // The first batch, before any training, against the CPU reference.
    let first: Vec<[f32; 64]> = train_idx[..bs].iter().map(|&i| digits.images[i]).collect();
    let gpu = net.forward(&first)?;
    let cpu = net.cpu_forward(&first);
    let first_batch_max_diff = max_abs_diff(&gpu, &cpu);

    let mut epochs = Vec::new();
    let start = Instant::now();
    let mut train_order = train_idx.to_vec();
    for epoch in 1..=config.epochs {
        let t0 = Instant::now();
        rng.shuffle(&mut train_order);
        let (mut correct, mut loss, mut seen) = (0usize, 0.0f64, 0usize);
        for chunk in train_order.chunks_exact(bs) {
            let images: Vec<[f32; 64]> = chunk.iter().map(|&i| digits.images[i]).collect();
            let labels: Vec<u8> = chunk.iter().map(|&i| digits.labels[i]).collect();
            let logp = net.forward(&images)?;
            let (c, l) = score(&logp, &labels);
            correct += c;
            loss += l;
            seen += labels.len();
            net.backward_and_step(bs, &labels, config.learning_rate)?;
        }
        let mut test_correct = 0;
        for (images, labels) in test_images.chunks(bs).zip(test_labels.chunks(bs)) {
            let logp = net.forward(images)?;
            test_correct += score(&logp, labels).0;
        }
        let stats = EpochStats {
            epoch,
            loss: loss / seen.max(1) as f64,
            train_accuracy: correct as f64 / seen.max(1) as f64,
            test_accuracy: test_correct as f64 / test_labels.len().max(1) as f64,
            seconds: t0.elapsed().as_secs_f64(),
        };
        on_epoch(&stats);
        epochs.push(stats);
    }
    Ok(TrainReport {
        split: (train_idx.len(), test_idx.len()),
        first_batch_max_diff,
        epochs,
        total_seconds: start.elapsed().as_secs_f64(),
    })
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
}
