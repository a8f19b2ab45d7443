//! The network on the GPU: convolution, bias and ReLU run as cuDNN's fused
//! `cudnnConvolutionBiasActivationForward`; the backward passes are cuDNN's;
//! the loss gradient and the Adam step are two small PTX kernels
//! (`examples/kernels/lenet.cu`, compiled by `scripts/gen-ptx.py`).

use std::collections::HashMap;
use std::sync::Arc;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use cudnn::conv::{BwdDataAlgo, BwdFilterAlgo, FwdAlgo};
use cudnn::conv::{
    ConvBackwardDataArgs, ConvBackwardFilterArgs, ConvBiasActivationArgs, ConvBiasScaling, ConvZ,
};
use cudnn::ops::{ActivationProblem, BackwardBuffers, PoolingProblem, SoftmaxProblem};
use cudnn::ops::{PoolingDescriptor, PoolingMode, SoftmaxAlgorithm, SoftmaxMode};
use cudnn::{
    ActivationDescriptor, ActivationMode, AlgoCache, AlgoChoice, ConvProblem,
    ConvolutionDescriptor, FilterDescriptor, Handle, MathType, Scaling, SearchOptions,
    TensorDescriptor, TensorFormat, Workspace,
};

use super::{
    initial_params, Config, LenetError, Model, Progress, Result, TrainReport, CLASSES, FILTERS,
    PADS,
};

const PTX: &str = include_str!("../../examples/kernels/generated/lenet.ptx");
const NCHW: TensorFormat = TensorFormat::CUDNN_TENSOR_NCHW;

/// The parameters: weights and biases of the four layers, with Adam's
/// moments.
struct Param {
    value: CudaSlice<f32>,
    grad: CudaSlice<f32>,
    m: CudaSlice<f32>,
    v: CudaSlice<f32>,
}

impl Param {
    fn new(stream: &Arc<CudaStream>, init: &[f32]) -> Result<Param> {
        let n = init.len();
        Ok(Param {
            value: stream.clone_htod(init)?,
            grad: stream.alloc_zeros(n)?,
            m: stream.alloc_zeros(n)?,
            v: stream.alloc_zeros(n)?,
        })
    }
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
    // The size of the batch last run forward.
    last_batch: usize,
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
    fn new(stream: Arc<CudaStream>, initial: &[(Vec<f32>, Vec<f32>)]) -> Result<Net> {
        let handle = Handle::new(Arc::clone(&stream))?;
        let params = initial
            .iter()
            .map(|(w, b)| Ok((Param::new(&stream, w)?, Param::new(&stream, b)?)))
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
            last_batch: 0,
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
                    Some(&self.cache),
                    &mut self.ws,
                    &mut ConvBackwardDataArgs {
                        w: &w.value,
                        dy: &dy,
                        dx: &mut dx,
                    },
                )?)
            });
            bwd_filter.push(self.handle.find_backward_filter(
                &p,
                &options(),
                Some(&self.cache),
                &mut self.ws,
                &mut ConvBackwardFilterArgs {
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
    fn run_forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>> {
        let n = images.len();
        self.batch(n)?;
        self.last_batch = n;
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
    fn run_backward_and_step(&mut self, n: usize, labels: &[u8], lr: f32) -> Result<()> {
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
}

impl Model for Net {
    fn forward(&mut self, images: &[[f32; 64]]) -> Result<Vec<f32>> {
        self.run_forward(images)
    }

    fn backward_and_step(&mut self, labels: &[u8], lr: f32) -> Result<()> {
        if labels.len() != self.last_batch {
            return Err(LenetError(format!(
                "{} labels for a batch of {}",
                labels.len(),
                self.last_batch
            )));
        }
        self.run_backward_and_step(labels.len(), labels, lr)
    }
}

/// Trains on `stream`'s GPU; `progress` sees each epoch (and batch) as it
/// ends (a closure taking `&EpochStats` sees the epochs).
/// `first_batch_max_diff` compares the GPU's first forward pass with the
/// `f64` CPU reference.
///
/// # Errors
/// A message when cuDNN, CUDA, the configuration or the data fail.
pub fn train(
    stream: Arc<CudaStream>,
    config: &Config,
    progress: impl Progress,
) -> Result<TrainReport> {
    let initial = initial_params(config.seed);
    let net = Net::new(stream, &initial)?;
    super::run(net, &initial, config, progress)
}
