//! Recurrent networks: plain RNN (ReLU or tanh), LSTM and GRU through the
//! v8 API that cuDNN 8.9 and 9.x both export (`cudnnSetRNNDescriptor_v8`,
//! `cudnnRNNForward`, `cudnnRNNBackwardData_v8`,
//! `cudnnRNNBackwardWeights_v8`, RNN data descriptors).
//!
//! - [`RnnConfig`] says what the network is (cell, bias mode, directions,
//!   input mode, sizes, layers, algorithm, math type), checked without cuDNN
//!   by [`check_rnn_config`]; an [`RnnDescriptor`] sets it in cuDNN with
//!   the element type `T` and the compute precision `C`, optionally with
//!   dropout between layers and LSTM cell clipping.
//! - An [`RnnDataDescriptor`] describes a batch of sequences of different
//!   lengths, padded (sequence-major or batch-major) or packed, and keeps
//!   the lengths on the host; an [`RnnProblem`] bundles a descriptor with
//!   its input, output and state descriptors, checked against each other,
//!   and keeps a device copy of the lengths for the launches that need it.
//! - The weight space is one buffer; [`RnnWeightLayout`] says where every
//!   layer's and gate's matrix and bias lies in it (asked of cuDNN with
//!   [`Handle::rnn_weight_layout`], or predicted by
//!   [`RnnConfig::predicted_weight_layout`]) and loads or reads PyTorch's
//!   tensors (`weight_ih_l0`, ...) by name. The gate order is documented
//!   there.
//! - Launches ([`Handle::rnn_forward_inference`],
//!   [`Handle::rnn_forward_training`], [`Handle::rnn_backward_data`],
//!   [`Handle::rnn_backward_weights`]) check every buffer against its
//!   descriptor (initial and final states are optional), the workspace and
//!   the reserve space before calling cuDNN.
//!
//! ```no_run
//! use cudnn::rnn::{
//!     RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnMode, RnnProblem,
//!     RnnStates, RnnStatesMut,
//! };
//! use cudnn::{Handle, Workspace};
//!
//! # fn main() -> Result<(), cudnn::Error> {
//! # let state_dict: Vec<(String, Vec<f32>)> = Vec::new();
//! let ctx = cudnn::cuda_context(0)?;
//! let stream = ctx.default_stream();
//! let handle = Handle::new(stream.clone())?;
//!
//! // PyTorch's nn.LSTM(16, 32, num_layers=2, bidirectional=True).
//! let config = RnnConfig::new(RnnMode::CUDNN_LSTM, 16, 32, 2).bidirectional();
//! let rnn = RnnDescriptor::<f32, f32>::new(&config, None)?;
//! // Its state_dict ("weight_ih_l0", ..., "bias_hh_l1_reverse"), by name.
//! let layout = handle.rnn_weight_layout(&rnn)?;
//! let mut weights = vec![0.0f32; layout.len()];
//! for (name, values) in &state_dict {
//!     layout.load_pytorch(&mut weights, name, values)?;
//! }
//! let w = stream.clone_htod(&weights)?;
//!
//! // Three sequences of 5, 3 and 2 steps, padded, sequence-major.
//! let seq_major = RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED;
//! let x_desc = RnnDataDescriptor::<f32>::new(seq_major, 5, 16, &[5, 3, 2])?;
//! let problem = RnnProblem::new(rnn, x_desc)?;
//! let x = stream.alloc_zeros::<f32>(problem.x().required_len())?;
//! let mut y = stream.alloc_zeros::<f32>(problem.y().required_len())?; // (5, 3, 64)
//! let mut hy = stream.alloc_zeros::<f32>(problem.h().required_len())?; // (4, 3, 32)
//! let mut ws = Workspace::new();
//! handle.rnn_forward_inference(
//!     &problem,
//!     &mut ws,
//!     &w,
//!     &x,
//!     &mut y,
//!     RnnStates::none(),        // h0 = c0 = 0
//!     RnnStatesMut::h(&mut hy), // the final hidden states; not the cells
//! )?;
//! # Ok(()) }
//! ```

use std::cell::{Cell, OnceCell};
use std::marker::PhantomData;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream, DevicePtr};
use cudnn_sys as sys;
use half::{bf16, f16};

use crate::descriptor::{raw_descriptor, to_c_ints};
use crate::dropout::DropoutDescriptor;
use crate::dtype::{ComputeType, DataType};
use crate::error::{ensure, Error, Mismatch, Result};
use crate::handle::ContextKey;
use crate::handle::Handle;
use crate::launch::{DeviceBuffer, DeviceBufferMut};
use crate::library::{ffi, library, Library};
use crate::modes::MathType;
use crate::modes::NanPropagation;
use crate::tensor::{RawTensor, TensorDescriptor, TensorFormat};
use crate::workspace::Workspace;

/// The cell (`cudnnRNNMode_t`): `CUDNN_RNN_RELU`, `CUDNN_RNN_TANH`,
/// `CUDNN_LSTM`, `CUDNN_GRU`.
pub type RnnMode = sys::cudnnRNNMode_t;
/// Which biases the cells have (`cudnnRNNBiasMode_t`): none, the input one
/// only, both (the default, PyTorch's), the recurrent one only.
pub type RnnBiasMode = sys::cudnnRNNBiasMode_t;
/// One direction or two (`cudnnDirectionMode_t`).
pub type RnnDirectionMode = sys::cudnnDirectionMode_t;
/// What the first layer does with its input (`cudnnRNNInputMode_t`):
/// multiply it by weights (`CUDNN_LINEAR_INPUT`) or use it as is
/// (`CUDNN_SKIP_INPUT`, which needs `input_size == hidden_size`).
pub type RnnInputMode = sys::cudnnRNNInputMode_t;
/// The RNN algorithm (`cudnnRNNAlgo_t`).
pub type RnnAlgo = sys::cudnnRNNAlgo_t;
/// The memory layout of a batch of sequences (`cudnnRNNDataLayout_t`):
/// `SEQ_MAJOR_UNPACKED` is `(max_seq_len, batch, vector)` with padding,
/// `BATCH_MAJOR_UNPACKED` is `(batch, max_seq_len, vector)` with padding,
/// `SEQ_MAJOR_PACKED` holds the valid steps only, time step by time step
/// (the lengths must then be sorted longest first).
pub type RnnDataLayout = sys::cudnnRNNDataLayout_t;
/// Inference or training (`cudnnForwardMode_t`).
pub type RnnForwardMode = sys::cudnnForwardMode_t;
/// LSTM cell clipping on or off (`cudnnRNNClipMode_t`).
pub type RnnClipMode = sys::cudnnRNNClipMode_t;

raw_descriptor!(
    /// An owned `cudnnRNNDescriptor_t`.
    RawRnn,
    sys::cudnnRNNDescriptor_t,
    cudnnCreateRNNDescriptor,
    cudnnDestroyRNNDescriptor
);

raw_descriptor!(
    /// An owned `cudnnRNNDataDescriptor_t`.
    RawRnnData,
    sys::cudnnRNNDataDescriptor_t,
    cudnnCreateRNNDataDescriptor,
    cudnnDestroyRNNDataDescriptor
);

/// `T: RnnComputesIn<C>`: cuDNN runs RNNs on `T` data (and weights) with
/// math precision `C`:
///
/// | data | math precision |
/// | --- | --- |
/// | f32 | f32 |
/// | f64 | f64 |
/// | f16 | f16 or f32 |
/// | bf16 | f32 (where the loaded cuDNN accepts bf16 RNNs; otherwise creating the descriptor fails with cuDNN's error) |
///
/// Any other pairing is a compile error:
///
/// ```compile_fail
/// // f32 data cannot compute in f16.
/// fn needs(_: cudnn::RnnDescriptor<'static, f32, cudnn::half::f16>) {}
/// ```
pub trait RnnComputesIn<C: ComputeType>: DataType {}
impl RnnComputesIn<f32> for f32 {}
impl RnnComputesIn<f64> for f64 {}
impl RnnComputesIn<f16> for f16 {}
impl RnnComputesIn<f32> for f16 {}
impl RnnComputesIn<f32> for bf16 {}

/// What a recurrent network is, as plain data: checked by
/// [`check_rnn_config`], set in cuDNN by [`RnnDescriptor::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RnnConfig {
    /// The cell.
    pub mode: RnnMode,
    /// Which biases the cells have.
    pub bias_mode: RnnBiasMode,
    /// One direction or two.
    pub direction: RnnDirectionMode,
    /// Linear or skip input at the first layer.
    pub input_mode: RnnInputMode,
    /// The algorithm.
    pub algo: RnnAlgo,
    /// Tensor-core use.
    pub math_type: MathType,
    /// Elements of each input vector.
    pub input_size: usize,
    /// Elements of the hidden (and LSTM cell) state.
    pub hidden_size: usize,
    /// LSTM only: the size the output is projected to (PyTorch's
    /// `proj_size`); 0 for no projection, else less than `hidden_size`.
    pub proj_size: usize,
    /// Stacked layers.
    pub num_layers: usize,
}

impl RnnConfig {
    /// A unidirectional network of `num_layers` layers of `mode` cells with
    /// both biases, linear input, the standard algorithm and the default
    /// math type: PyTorch's defaults.
    pub fn new(mode: RnnMode, input_size: usize, hidden_size: usize, num_layers: usize) -> Self {
        RnnConfig {
            mode,
            bias_mode: RnnBiasMode::CUDNN_RNN_DOUBLE_BIAS,
            direction: RnnDirectionMode::CUDNN_UNIDIRECTIONAL,
            input_mode: RnnInputMode::CUDNN_LINEAR_INPUT,
            algo: RnnAlgo::CUDNN_RNN_ALGO_STANDARD,
            math_type: MathType::CUDNN_DEFAULT_MATH,
            input_size,
            hidden_size,
            proj_size: 0,
            num_layers,
        }
    }

    /// Both directions.
    pub fn bidirectional(mut self) -> Self {
        self.direction = RnnDirectionMode::CUDNN_BIDIRECTIONAL;
        self
    }

    /// The LSTM output projected to `proj_size` elements.
    pub fn with_projection(mut self, proj_size: usize) -> Self {
        self.proj_size = proj_size;
        self
    }

    /// Another bias mode.
    pub fn with_bias_mode(mut self, bias_mode: RnnBiasMode) -> Self {
        self.bias_mode = bias_mode;
        self
    }

    /// Another input mode.
    pub fn with_input_mode(mut self, input_mode: RnnInputMode) -> Self {
        self.input_mode = input_mode;
        self
    }

    /// Another algorithm.
    pub fn with_algo(mut self, algo: RnnAlgo) -> Self {
        self.algo = algo;
        self
    }

    /// Another math type.
    pub fn with_math_type(mut self, math_type: MathType) -> Self {
        self.math_type = math_type;
        self
    }

    /// Gates per cell: 4 (LSTM), 3 (GRU) or 1.
    pub fn gates(&self) -> usize {
        match self.mode {
            RnnMode::CUDNN_LSTM => 4,
            RnnMode::CUDNN_GRU => 3,
            _ => 1,
        }
    }

    /// 2 for a bidirectional network, else 1.
    pub fn dirs(&self) -> usize {
        if self.direction == RnnDirectionMode::CUDNN_BIDIRECTIONAL {
            2
        } else {
            1
        }
    }

    /// Whether the cell is an LSTM (the only one with a cell state).
    pub fn is_lstm(&self) -> bool {
        self.mode == RnnMode::CUDNN_LSTM
    }

    /// Elements of each direction's output and of the hidden state: the
    /// projection size when there is one, else the hidden size.
    pub fn out_size(&self) -> usize {
        if self.proj_size > 0 {
            self.proj_size
        } else {
            self.hidden_size
        }
    }

    /// Elements of each output vector: `dirs * out_size`.
    pub fn y_size(&self) -> usize {
        self.dirs().saturating_mul(self.out_size())
    }

    /// The input size of layer `layer`: `input_size`, then the previous
    /// layer's output.
    pub fn layer_input_size(&self, layer: usize) -> usize {
        if layer == 0 {
            self.input_size
        } else {
            self.y_size()
        }
    }

    /// Layers times directions: cuDNN's pseudo-layers, and the first
    /// dimension of the state tensors.
    pub fn pseudo_layers(&self) -> usize {
        self.num_layers.saturating_mul(self.dirs())
    }

    /// The `linLayerID`s a pseudo-layer has: `0..2 * gates`, and 8 for the
    /// projection of an LSTM with one.
    pub fn lin_layer_ids(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = (0..2 * self.gates()).collect();
        if self.proj_size > 0 {
            ids.push(PROJECTION_ID);
        }
        ids
    }

    /// Whether the cells have input biases (`b_W`).
    pub fn has_input_bias(&self) -> bool {
        self.bias_mode == RnnBiasMode::CUDNN_RNN_DOUBLE_BIAS
            || self.bias_mode == RnnBiasMode::CUDNN_RNN_SINGLE_INP_BIAS
    }

    /// Whether the cells have recurrent biases (`b_R`).
    pub fn has_recurrent_bias(&self) -> bool {
        self.bias_mode == RnnBiasMode::CUDNN_RNN_DOUBLE_BIAS
            || self.bias_mode == RnnBiasMode::CUDNN_RNN_SINGLE_REC_BIAS
    }

    /// The dimensions of the hidden-state tensors `hx`, `hy` for `batch`
    /// sequences: `(layers * dirs, batch, out_size)`.
    pub fn h_dims(&self, batch: usize) -> [usize; 3] {
        [self.pseudo_layers(), batch, self.out_size()]
    }

    /// The dimensions of the cell-state tensors `cx`, `cy` (LSTM):
    /// `(layers * dirs, batch, hidden_size)`.
    pub fn c_dims(&self, batch: usize) -> [usize; 3] {
        [self.pseudo_layers(), batch, self.hidden_size]
    }

    /// The weight-space layout this crate predicts for the standard
    /// algorithm, without cuDNN, densely packed: first the matrices of
    /// every pseudo-layer in turn (layer 0 forward, layer 0 reverse, layer
    /// 1 forward, ...), each pseudo-layer's input matrices (`linLayerID`
    /// `0..gates`), recurrent matrices (`gates..2 * gates`) and LSTM
    /// projection (8); then the biases of every pseudo-layer in turn, its
    /// input biases then its recurrent biases. (All matrices before all
    /// biases is the packing MXNet hands to cuDNN as its weight space, and
    /// the one ONNX's `OptimizedRNN` documents as cuDNN's; for a single
    /// pseudo-layer it is `W, R, b_W, b_R`.) A matrix is `(rows, cols)`
    /// row-major: `hidden x layer input`, `hidden x out_size`,
    /// `proj x hidden`. [`params`](RnnWeightLayout::params) lists the
    /// regions in this order, which is their order in the weight space.
    ///
    /// The prediction serves tests and planning; launches use cuDNN's own
    /// layout ([`Handle::rnn_weight_layout`]), which the GPU tests compare
    /// with this one.
    ///
    /// # Errors
    /// As [`check_rnn_config`]; [`Mismatch::BadValue`] when the sizes
    /// overflow.
    pub fn predicted_weight_layout(&self) -> Result<RnnWeightLayout> {
        const F: &str = "cudnnGetRNNWeightParams";
        check_rnn_config(self)?;
        let overflow = || Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::BadValue {
                what: "the weight space's size overflows usize".into(),
            },
        };
        let (g, h, dirs) = (self.gates(), self.hidden_size, self.dirs());
        let mut params = Vec::new();
        let mut offset = 0usize;
        // All matrices (every pseudo-layer), then all biases.
        let passes = (0..self.pseudo_layers())
            .map(|pl| (RnnParamKind::Matrix, pl))
            .chain((0..self.pseudo_layers()).map(|pl| (RnnParamKind::Bias, pl)));
        for (pass, pseudo_layer) in passes {
            let layer = pseudo_layer / dirs;
            let reverse = pseudo_layer % dirs == 1;
            let skip = layer == 0 && self.input_mode == RnnInputMode::CUDNN_SKIP_INPUT;
            let mut regions: Vec<(usize, RnnParamKind, usize, usize)> = Vec::new();
            if pass == RnnParamKind::Matrix {
                if !skip {
                    regions.extend(
                        (0..g)
                            .map(|id| (id, RnnParamKind::Matrix, h, self.layer_input_size(layer))),
                    );
                }
                regions.extend((g..2 * g).map(|id| (id, RnnParamKind::Matrix, h, self.out_size())));
                if self.proj_size > 0 {
                    regions.push((PROJECTION_ID, RnnParamKind::Matrix, self.proj_size, h));
                }
            } else {
                if self.has_input_bias() {
                    regions.extend((0..g).map(|id| (id, RnnParamKind::Bias, h, 1)));
                }
                if self.has_recurrent_bias() {
                    regions.extend((g..2 * g).map(|id| (id, RnnParamKind::Bias, h, 1)));
                }
            }
            for (lin_layer_id, kind, rows, cols) in regions {
                params.push(RnnParam {
                    pseudo_layer,
                    layer,
                    reverse,
                    lin_layer_id,
                    kind,
                    offset,
                    rows,
                    cols,
                });
                let len = rows.checked_mul(cols).ok_or_else(overflow)?;
                offset = offset.checked_add(len).ok_or_else(overflow)?;
            }
        }
        Ok(RnnWeightLayout {
            config: self.clone(),
            params,
            len: offset,
        })
    }
}

/// cuDNN's `linLayerID` of the LSTM projection matrix.
const PROJECTION_ID: usize = 8;

/// Checks a configuration the way cuDNN would, without cuDNN: known values
/// for every mode, sizes of at least 1 that fit cuDNN's `int`, a projection
/// only on an LSTM and smaller than the hidden size, skip input only with
/// `input_size == hidden_size`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `cudnnSetRNNDescriptor_v8`:
/// [`Mismatch::BadValue`] for an unknown value or a size out of range,
/// [`Mismatch::Unsupported`] for a projection on another cell than an LSTM,
/// [`Mismatch::Shape`] for skip input with different sizes.
pub fn check_rnn_config(config: &RnnConfig) -> Result<()> {
    const F: &str = "cudnnSetRNNDescriptor_v8";
    let known = [
        ("mode", config.mode.0, RnnMode::CUDNN_GRU.0),
        (
            "bias mode",
            config.bias_mode.0,
            RnnBiasMode::CUDNN_RNN_SINGLE_REC_BIAS.0,
        ),
        (
            "direction mode",
            config.direction.0,
            RnnDirectionMode::CUDNN_BIDIRECTIONAL.0,
        ),
        (
            "input mode",
            config.input_mode.0,
            RnnInputMode::CUDNN_SKIP_INPUT.0,
        ),
        (
            "algorithm",
            config.algo.0,
            RnnAlgo::CUDNN_RNN_ALGO_PERSIST_STATIC_SMALL_H.0,
        ),
        ("math type", config.math_type.0, MathType::CUDNN_FMA_MATH.0),
    ];
    for (what, value, max) in known {
        ensure(value <= max, F, || Mismatch::BadValue {
            what: format!("{what} {value}: cuDNN's values go from 0 to {max}"),
        })?;
    }
    to_c_ints(
        &[config.input_size, config.hidden_size, config.num_layers],
        1,
        "[input_size, hidden_size, num_layers]",
        F,
    )?;
    if config.proj_size > 0 {
        ensure(config.is_lstm(), F, || Mismatch::Unsupported {
            what: format!(
                "a projection (size {}) on mode {}: only LSTMs have one",
                config.proj_size, config.mode.0
            ),
        })?;
        ensure(config.proj_size < config.hidden_size, F, || {
            Mismatch::BadValue {
                what: format!(
                    "projection size {} must be smaller than the hidden size {} (0: none)",
                    config.proj_size, config.hidden_size
                ),
            }
        })?;
    }
    if config.input_mode == RnnInputMode::CUDNN_SKIP_INPUT {
        ensure(config.input_size == config.hidden_size, F, || {
            Mismatch::Shape {
                what: format!(
                    "skip input needs input_size == hidden_size, not {} and {}",
                    config.input_size, config.hidden_size
                ),
            }
        })?;
    }
    // Every size cuDNN derives must fit its int too.
    let widest = config
        .y_size()
        .max(config.gates().saturating_mul(config.hidden_size))
        .max(config.pseudo_layers());
    ensure(widest <= i32::MAX as usize, F, || Mismatch::BadValue {
        what: format!("a derived size of {widest} does not fit cuDNN's int"),
    })
}

/// LSTM cell clipping (`cudnnRNNSetClip_v8`): the cell state is clipped to
/// `[min, max]` wherever cuDNN reads it, in the recurrence (the initial
/// state `cx` included) and for the output `o ∘ tanh(c)`; the state itself
/// is kept unclipped, so `cy` can lie outside the bounds. cuDNN keeps the
/// bounds in `f32`, also for `f64` data. This is what
/// cuDNN 9.14 and 9.19 compute on an H200 (`cudnn-reference`'s `rnn`
/// module states it and the GPU tests compare with it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RnnClip {
    /// `CUDNN_RNN_CLIP_MINMAX` to clip, `CUDNN_RNN_CLIP_NONE` not to.
    pub mode: RnnClipMode,
    /// Whether NaN cell states propagate (cuDNN 9 ignores this).
    pub nan_propagation: NanPropagation,
    /// The lower bound.
    pub min: f64,
    /// The upper bound.
    pub max: f64,
}

impl RnnClip {
    /// Clipping to `[min, max]`, NaNs not propagated.
    pub fn min_max(min: f64, max: f64) -> Self {
        RnnClip {
            mode: RnnClipMode::CUDNN_RNN_CLIP_MINMAX,
            nan_propagation: NanPropagation::CUDNN_NOT_PROPAGATE_NAN,
            min,
            max,
        }
    }
}

/// Checks clipping for `config` without cuDNN: an LSTM, a known mode and
/// NaN option, finite bounds with `min <= max`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `cudnnRNNSetClip_v8`.
pub fn check_rnn_clip(config: &RnnConfig, clip: &RnnClip) -> Result<()> {
    const F: &str = "cudnnRNNSetClip_v8";
    ensure(config.is_lstm(), F, || Mismatch::Unsupported {
        what: format!(
            "cell clipping on mode {}: only LSTMs have cells",
            config.mode.0
        ),
    })?;
    ensure(
        clip.mode.0 <= RnnClipMode::CUDNN_RNN_CLIP_MINMAX.0,
        F,
        || Mismatch::BadValue {
            what: format!("clip mode {}", clip.mode.0),
        },
    )?;
    ensure(
        clip.nan_propagation.0 <= NanPropagation::CUDNN_PROPAGATE_NAN.0,
        F,
        || Mismatch::BadValue {
            what: format!("NaN propagation {}", clip.nan_propagation.0),
        },
    )?;
    ensure(
        clip.min.is_finite() && clip.max.is_finite() && clip.min <= clip.max,
        F,
        || Mismatch::BadValue {
            what: format!(
                "clip bounds [{}, {}]: finite, min <= max",
                clip.min, clip.max
            ),
        },
    )
}

/// A recurrent network (`cudnnRNNDescriptor_t`) on `T` data with math
/// precision `C`, borrowing for `'d` the dropout descriptor it applies
/// between layers when training.
///
/// Not `Clone`, not `Sync`, not `Send`: it holds a shared reference to a
/// [`DropoutDescriptor`], which is not `Sync` (create one descriptor per
/// thread; they are cheap).
pub struct RnnDescriptor<'d, T: RnnComputesIn<C>, C: ComputeType> {
    raw: RawRnn,
    config: RnnConfig,
    clip: Option<RnnClip>,
    dropout: Option<&'d DropoutDescriptor>,
    /// cuDNN's weight-space size in bytes, once asked, with the device
    /// it was asked for.
    weight_bytes: Cell<Option<(ContextKey, usize)>>,
    _t: PhantomData<fn() -> (T, C)>,
}

impl<T: RnnComputesIn<C>, C: ComputeType> std::fmt::Debug for RnnDescriptor<'_, T, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnDescriptor")
            .field("type", &T::NAME)
            .field("math_precision", &C::NAME)
            .field("config", &self.config)
            .field("clip", &self.clip)
            .field("dropout", &self.dropout.map(DropoutDescriptor::probability))
            .finish()
    }
}

impl<'d, T: RnnComputesIn<C>, C: ComputeType> RnnDescriptor<'d, T, C> {
    /// Sets `config` in a new descriptor with the process-wide library,
    /// with `dropout` between layers (none for `None`). Sequences may be
    /// padded (cuDNN's `CUDNN_RNN_PADDED_IO_ENABLED` is always set), so
    /// every data layout can be used.
    ///
    /// # Errors
    /// As [`check_rnn_config`]; cuDNN's error for a configuration it
    /// rejects (for example bf16 where the loaded cuDNN has no bf16 RNNs).
    #[doc(alias = "cudnnSetRNNDescriptor_v8")]
    #[doc(alias = "cudnnCreateRNNDescriptor")]
    pub fn new(config: &RnnConfig, dropout: Option<&'d DropoutDescriptor>) -> Result<Self> {
        Self::new_in(library()?, config, dropout)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        config: &RnnConfig,
        dropout: Option<&'d DropoutDescriptor>,
    ) -> Result<Self> {
        check_rnn_config(config)?;
        let raw = RawRnn::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetRNNDescriptor_v8);
        let proj = if config.proj_size > 0 {
            config.proj_size
        } else {
            config.hidden_size
        };
        let dropout_ptr = dropout.map_or(std::ptr::null_mut(), |d| d.as_raw());
        // SAFETY: the descriptor is live; the sizes were checked to fit an
        // int; the dropout descriptor, when given, is live for 'd, which
        // this descriptor cannot outlive.
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                config.algo,
                config.mode,
                config.bias_mode,
                config.direction,
                config.input_mode,
                T::CUDNN,
                C::CUDNN,
                config.math_type,
                config.input_size as i32,
                config.hidden_size as i32,
                proj as i32,
                config.num_layers as i32,
                dropout_ptr,
                sys::CUDNN_RNN_PADDED_IO_ENABLED,
            )
        };
        set.check(status)?;
        Ok(RnnDescriptor {
            raw,
            config: config.clone(),
            clip: None,
            dropout,
            weight_bytes: Cell::new(None),
            _t: PhantomData,
        })
    }

    /// Sets LSTM cell clipping.
    ///
    /// # Errors
    /// As [`check_rnn_clip`]; cuDNN's error.
    #[doc(alias = "cudnnRNNSetClip_v8")]
    pub fn with_clip(mut self, clip: RnnClip) -> Result<Self> {
        check_rnn_clip(&self.config, &clip)?;
        let set = ffi!(self.raw.lib(), cudnnRNNSetClip_v8);
        // SAFETY: the descriptor is live; the values are plain numbers.
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                clip.mode,
                clip.nan_propagation,
                clip.min,
                clip.max,
            )
        };
        set.check(status)?;
        self.clip = (clip.mode != RnnClipMode::CUDNN_RNN_CLIP_NONE).then_some(clip);
        Ok(self)
    }

    /// The configuration.
    pub fn config(&self) -> &RnnConfig {
        &self.config
    }

    /// The clipping set, if any.
    pub fn clip(&self) -> Option<&RnnClip> {
        self.clip.as_ref()
    }

    /// The dropout applied between layers when training, if any.
    pub fn dropout(&self) -> Option<&'d DropoutDescriptor> {
        self.dropout
    }

    /// What cuDNN holds: the configuration read back with
    /// `cudnnGetRNNDescriptor_v8`, and the data type and math precision.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNDescriptor_v8")]
    pub fn query(&self) -> Result<(RnnConfig, sys::cudnnDataType_t, sys::cudnnDataType_t)> {
        let get = ffi!(self.raw.lib(), cudnnGetRNNDescriptor_v8);
        let mut c = self.config.clone();
        let (mut data, mut math) = (T::CUDNN, C::CUDNN);
        let (mut input, mut hidden, mut proj, mut layers) = (0i32, 0i32, 0i32, 0i32);
        let mut dropout: sys::cudnnDropoutDescriptor_t = std::ptr::null_mut();
        let mut aux = 0u32;
        // SAFETY: the descriptor is live; every out-pointer is valid.
        let status = unsafe {
            (get.f)(
                self.raw.ptr(),
                &mut c.algo,
                &mut c.mode,
                &mut c.bias_mode,
                &mut c.direction,
                &mut c.input_mode,
                &mut data,
                &mut math,
                &mut c.math_type,
                &mut input,
                &mut hidden,
                &mut proj,
                &mut layers,
                &mut dropout,
                &mut aux,
            )
        };
        get.check(status)?;
        let size = |v: i32| usize::try_from(v).unwrap_or(0);
        c.input_size = size(input);
        c.hidden_size = size(hidden);
        c.proj_size = if proj == hidden { 0 } else { size(proj) };
        c.num_layers = size(layers);
        Ok((c, data, math))
    }

    /// The weight-space layout predicted by this crate
    /// ([`RnnConfig::predicted_weight_layout`]).
    ///
    /// # Errors
    /// As [`RnnConfig::predicted_weight_layout`].
    pub fn predicted_weight_layout(&self) -> Result<RnnWeightLayout> {
        self.config.predicted_weight_layout()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnRNNDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }
}

/// Checks the description of a batch of sequences without cuDNN: a known
/// layout, sizes of at least 1 that fit cuDNN's `int`, one length per
/// sequence, each in `1..=max_seq_len`, sorted longest first for the packed
/// layout, and a buffer size that fits `usize`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `cudnnSetRNNDataDescriptor`:
/// [`Mismatch::BadValue`] for what is out of range or unsorted.
pub fn check_rnn_data(
    layout: RnnDataLayout,
    max_seq_len: usize,
    vector_size: usize,
    seq_lengths: &[usize],
) -> Result<()> {
    const F: &str = "cudnnSetRNNDataDescriptor";
    ensure(
        layout.0 <= RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED.0,
        F,
        || Mismatch::BadValue {
            what: format!("layout {}: cuDNN's layouts are 0, 1 and 2", layout.0),
        },
    )?;
    to_c_ints(
        &[max_seq_len, vector_size, seq_lengths.len()],
        1,
        "[max_seq_len, vector_size, batch]",
        F,
    )?;
    if let Some((b, &len)) = seq_lengths
        .iter()
        .enumerate()
        .find(|(_, &l)| l == 0 || l > max_seq_len)
    {
        return Err(Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::BadValue {
                what: format!("sequence {b} has length {len}, outside 1..={max_seq_len}"),
            },
        });
    }
    if layout == RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED {
        if let Some(b) = seq_lengths.windows(2).position(|w| w[0] < w[1]) {
            return Err(Error::InvalidArgument {
                function: F,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "the packed layout needs the lengths sorted longest first, but sequence \
                         {} ({}) is longer than sequence {b} ({})",
                        b + 1,
                        seq_lengths[b + 1],
                        seq_lengths[b]
                    ),
                },
            });
        }
    }
    ensure(
        rnn_data_len(layout, max_seq_len, seq_lengths, vector_size).is_some(),
        F,
        || Mismatch::BadValue {
            what: "the data's size overflows usize".into(),
        },
    )
}

/// Elements of a buffer of `vector_size`-element vectors in `layout`:
/// `max_seq_len * batch * vector_size` padded, `sum(seq_lengths) *
/// vector_size` packed; `None` on overflow.
pub fn rnn_data_len(
    layout: RnnDataLayout,
    max_seq_len: usize,
    seq_lengths: &[usize],
    vector_size: usize,
) -> Option<usize> {
    let vectors = if layout == RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED {
        seq_lengths
            .iter()
            .try_fold(0usize, |acc, &l| acc.checked_add(l))?
    } else {
        max_seq_len.checked_mul(seq_lengths.len())?
    };
    vectors.checked_mul(vector_size)
}

/// A batch of sequences (`cudnnRNNDataDescriptor_t`) of element type `T`:
/// its layout, padded length, vector size and the length of every
/// sequence, kept on the host.
///
/// Not `Clone`; `Send`, not `Sync`.
pub struct RnnDataDescriptor<T: DataType> {
    raw: RawRnnData,
    layout: RnnDataLayout,
    max_seq_len: usize,
    vector_size: usize,
    seq_lengths: Vec<usize>,
    fill: T,
}

impl<T: DataType> std::fmt::Debug for RnnDataDescriptor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnDataDescriptor")
            .field("type", &T::NAME)
            .field("layout", &self.layout.0)
            .field("max_seq_len", &self.max_seq_len)
            .field("vector_size", &self.vector_size)
            .field("seq_lengths", &self.seq_lengths)
            .finish()
    }
}

impl<T: DataType> RnnDataDescriptor<T> {
    /// A batch of `seq_lengths.len()` sequences of `vector_size`-element
    /// vectors, padded to `max_seq_len` steps (or packed), in `layout`,
    /// with the process-wide library. Padded output positions are filled
    /// with zeros.
    ///
    /// # Errors
    /// As [`check_rnn_data`]; cuDNN's error.
    #[doc(alias = "cudnnSetRNNDataDescriptor")]
    #[doc(alias = "cudnnCreateRNNDataDescriptor")]
    pub fn new(
        layout: RnnDataLayout,
        max_seq_len: usize,
        vector_size: usize,
        seq_lengths: &[usize],
    ) -> Result<Self> {
        Self::new_in(library()?, layout, max_seq_len, vector_size, seq_lengths)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        layout: RnnDataLayout,
        max_seq_len: usize,
        vector_size: usize,
        seq_lengths: &[usize],
    ) -> Result<Self> {
        check_rnn_data(layout, max_seq_len, vector_size, seq_lengths)?;
        let raw = RawRnnData::create(lib)?;
        // SAFETY: every DataType is valid as all-zero bits (ValidAsZeroBits).
        let zero: T = unsafe { std::mem::zeroed() };
        let desc = RnnDataDescriptor {
            raw,
            layout,
            max_seq_len,
            vector_size,
            seq_lengths: seq_lengths.to_vec(),
            fill: zero,
        };
        desc.apply()?;
        Ok(desc)
    }

    fn apply(&self) -> Result<()> {
        const F: &str = "cudnnSetRNNDataDescriptor";
        let lengths = to_c_ints(&self.seq_lengths, 1, "seq_lengths", F)?;
        let set = ffi!(self.raw.lib(), cudnnSetRNNDataDescriptor);
        let mut fill = self.fill;
        // SAFETY: the descriptor is live; `lengths` holds `batch` ints (all
        // checked); `fill` is a host value of the descriptor's type, which
        // cuDNN copies.
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                T::CUDNN,
                self.layout,
                self.max_seq_len as i32,
                lengths.len() as i32,
                self.vector_size as i32,
                lengths.as_ptr(),
                (&mut fill as *mut T).cast(),
            )
        };
        set.check(status)
    }

    /// The value cuDNN writes at padded output positions (zero unless
    /// changed here).
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn with_padding_fill(mut self, fill: T) -> Result<Self> {
        self.fill = fill;
        self.apply()?;
        Ok(self)
    }

    /// The layout.
    pub fn layout(&self) -> RnnDataLayout {
        self.layout
    }
    /// The padded sequence length.
    pub fn max_seq_len(&self) -> usize {
        self.max_seq_len
    }
    /// Sequences in the batch.
    pub fn batch(&self) -> usize {
        self.seq_lengths.len()
    }
    /// Elements of each vector.
    pub fn vector_size(&self) -> usize {
        self.vector_size
    }
    /// The length of every sequence.
    pub fn seq_lengths(&self) -> &[usize] {
        &self.seq_lengths
    }
    /// The padding fill.
    pub fn padding_fill(&self) -> T {
        self.fill
    }

    /// What cuDNN holds, read back with `cudnnGetRNNDataDescriptor`: the
    /// layout, padded length, vector size and sequence lengths.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNDataDescriptor")]
    pub fn query(&self) -> Result<(RnnDataLayout, usize, usize, Vec<usize>)> {
        let get = ffi!(self.raw.lib(), cudnnGetRNNDataDescriptor);
        let mut data = T::CUDNN;
        let mut layout = self.layout;
        let (mut max, mut batch, mut vector) = (0i32, 0i32, 0i32);
        let mut lengths = vec![0i32; self.seq_lengths.len()];
        let mut fill = self.fill;
        // SAFETY: the descriptor is live; `lengths` has room for the
        // `batch` ints requested; `fill` is a host value of the
        // descriptor's type.
        let status = unsafe {
            (get.f)(
                self.raw.ptr(),
                &mut data,
                &mut layout,
                &mut max,
                &mut batch,
                &mut vector,
                lengths.len() as i32,
                lengths.as_mut_ptr(),
                (&mut fill as *mut T).cast(),
            )
        };
        get.check(status)?;
        let size = |v: i32| usize::try_from(v).unwrap_or(0);
        lengths.truncate(size(batch));
        Ok((
            layout,
            size(max),
            size(vector),
            lengths.into_iter().map(size).collect(),
        ))
    }

    /// Elements a buffer must hold ([`rnn_data_len`]).
    pub fn required_len(&self) -> usize {
        // Checked at construction.
        rnn_data_len(
            self.layout,
            self.max_seq_len,
            &self.seq_lengths,
            self.vector_size,
        )
        .unwrap_or(usize::MAX)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnRNNDataDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }
}

/// Which region of the weight space a [`RnnParam`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RnnParamKind {
    /// A weight matrix, `rows x cols` row-major.
    Matrix,
    /// A bias vector of `rows` elements.
    Bias,
}

/// What a weight matrix multiplies, or which bias it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RnnParamSide {
    /// The layer input (`W`, `b_W`; PyTorch's `weight_ih`, `bias_ih`).
    Input,
    /// The recurrent state (`R`, `b_R`; PyTorch's `weight_hh`, `bias_hh`).
    Recurrent,
    /// The LSTM output projection (PyTorch's `weight_hr`).
    Projection,
}

/// One matrix or bias in the weight space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RnnParam {
    /// cuDNN's pseudo-layer: `layer * dirs + (reverse as usize)`.
    pub pseudo_layer: usize,
    /// The layer.
    pub layer: usize,
    /// Whether it belongs to the reverse direction.
    pub reverse: bool,
    /// cuDNN's `linLayerID` (see [`RnnWeightLayout`] for the gates).
    pub lin_layer_id: usize,
    /// Matrix or bias.
    pub kind: RnnParamKind,
    /// Where it starts, in elements from the start of the weight space.
    pub offset: usize,
    /// Rows (a bias's length).
    pub rows: usize,
    /// Columns (1 for a bias).
    pub cols: usize,
}

impl RnnParam {
    /// Elements: `rows * cols`.
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its elements in the weight space.
    pub fn range(&self) -> Range<usize> {
        self.offset..self.offset + self.len()
    }
}

/// Which PyTorch tensor of a direction a name refers to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TorchPart {
    WeightIh,
    WeightHh,
    BiasIh,
    BiasHh,
    WeightHr,
}

const TORCH_PARTS: [(TorchPart, &str); 5] = [
    (TorchPart::WeightIh, "weight_ih"),
    (TorchPart::WeightHh, "weight_hh"),
    (TorchPart::BiasIh, "bias_ih"),
    (TorchPart::BiasHh, "bias_hh"),
    (TorchPart::WeightHr, "weight_hr"),
];

/// Where every matrix and bias lies in an RNN's weight space, and how
/// PyTorch's tensors map onto them.
///
/// # Gates
///
/// cuDNN numbers the matrices (and biases) of a pseudo-layer by
/// `linLayerID`; the gate order is the same as PyTorch's, so PyTorch's
/// stacked tensors split into consecutive blocks of `hidden_size` rows:
///
/// | cell | input side (`W`, `weight_ih`, `bias_ih`) | recurrent side (`R`, `weight_hh`, `bias_hh`) | projection |
/// |------|------|------|------|
/// | RNN  | 0 | 1 | |
/// | LSTM | 0 input `i`, 1 forget `f`, 2 new memory `c'` (PyTorch's `g`), 3 output `o` | 4 `i`, 5 `f`, 6 `c'`, 7 `o` | 8 (`weight_hr`, no bias) |
/// | GRU  | 0 reset `r`, 1 update `z` (cuDNN's `i`), 2 new `n` (cuDNN's `h'`) | 3 `r`, 4 `z`, 5 `n` | |
///
/// So gate `k` of `weight_ih_l{l}` (rows `k * hidden..(k + 1) * hidden`) is
/// the matrix with `linLayerID` `k` of pseudo-layer `l * dirs`, and gate
/// `k` of `weight_hh_l{l}` the one with `linLayerID` `gates + k`;
/// `_reverse` tensors belong to pseudo-layer `l * dirs + 1`. Matrices are
/// row-major `(hidden, layer input)`, `(hidden, out)` and `(proj, hidden)`,
/// PyTorch's own orientation, so blocks copy as they are.
///
/// The GRU's new gate has its recurrent bias inside the reset product:
/// PyTorch's `n = tanh(W_in x + b_in + r * (W_hn h + b_hn))` is cuDNN's
/// `h' = tanh(W_h x + r ∘ (R_h h + b_Rh) + b_Wh)`, so `bias_hh`'s third
/// block is cuDNN's recurrent bias 5 and the two biases of that gate cannot
/// be merged (with `CUDNN_RNN_SINGLE_INP_BIAS` a GRU is not a PyTorch GRU
/// whose `b_hn` is 0 unless it is). For the other gates and cells only
/// `b_ih + b_hh` matters.
///
/// Sources: PyTorch's `aten/src/ATen/native/cudnn/RNN.cpp` builds
/// `weight_ih`, `weight_hh`, `bias_ih`, `bias_hh` as views of cuDNN's
/// weight space starting at `linLayerID` 0 and `gates` and checks that the
/// gates follow each other, and `weight_hr` from `linLayerID` 8; the GRU
/// formula is cuDNN's `cudnnRNNMode_t` documentation's (quoted by
/// TensorFlow's `CudnnCompatibleGRUCell`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RnnWeightLayout {
    config: RnnConfig,
    params: Vec<RnnParam>,
    len: usize,
}

impl RnnWeightLayout {
    /// The configuration it is for.
    pub fn config(&self) -> &RnnConfig {
        &self.config
    }

    /// Every matrix and bias, in the order they lie in the weight space
    /// (by offset).
    pub fn params(&self) -> &[RnnParam] {
        &self.params
    }

    /// The weight space's size in elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the weight space is empty (never, for a valid network).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The region of `lin_layer_id`'s matrix or bias of one direction of
    /// one layer, if there is one.
    pub fn find(
        &self,
        layer: usize,
        reverse: bool,
        lin_layer_id: usize,
        kind: RnnParamKind,
    ) -> Option<&RnnParam> {
        self.params.iter().find(|p| {
            p.layer == layer
                && p.reverse == reverse
                && p.lin_layer_id == lin_layer_id
                && p.kind == kind
        })
    }

    /// cuDNN's `linLayerID` for `gate` (in the order of the table above,
    /// PyTorch's) on `side`: `gate` on the input side, `gates + gate` on
    /// the recurrent side, 8 for the projection (gate 0).
    pub fn lin_layer_id(&self, side: RnnParamSide, gate: usize) -> Option<usize> {
        let g = self.config.gates();
        match side {
            RnnParamSide::Input if gate < g => Some(gate),
            RnnParamSide::Recurrent if gate < g => Some(g + gate),
            RnnParamSide::Projection if gate == 0 && self.config.proj_size > 0 => {
                Some(PROJECTION_ID)
            }
            _ => None,
        }
    }

    /// The matrix of `gate` on `side`, for one direction of one layer.
    pub fn matrix(
        &self,
        layer: usize,
        reverse: bool,
        side: RnnParamSide,
        gate: usize,
    ) -> Option<&RnnParam> {
        let id = self.lin_layer_id(side, gate)?;
        self.find(layer, reverse, id, RnnParamKind::Matrix)
    }

    /// The bias of `gate` on `side` (there is none for the projection).
    pub fn bias(
        &self,
        layer: usize,
        reverse: bool,
        side: RnnParamSide,
        gate: usize,
    ) -> Option<&RnnParam> {
        let id = self.lin_layer_id(side, gate)?;
        self.find(layer, reverse, id, RnnParamKind::Bias)
    }

    /// The names of the PyTorch tensors this weight space holds, in the
    /// order of `named_parameters()` (`weight_ih_l0`, `weight_hh_l0`,
    /// `bias_ih_l0`, `bias_hh_l0`, `weight_hr_l0`, then `..._l0_reverse`,
    /// then layer 1, ...).
    pub fn pytorch_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for layer in 0..self.config.num_layers {
            for dir in 0..self.config.dirs() {
                for (_, part) in TORCH_PARTS {
                    let name = torch_name(part, layer, dir);
                    if self.torch_pieces(&name).is_some() {
                        names.push(name);
                    }
                }
            }
        }
        names
    }

    /// The shape of PyTorch's tensor `name`, if this weight space holds it.
    pub fn pytorch_shape(&self, name: &str) -> Option<Vec<usize>> {
        self.torch_pieces(name).map(|(shape, _)| shape)
    }

    /// PyTorch's tensor `name`: its shape, and the regions its consecutive
    /// blocks go to, with where each block starts in the tensor.
    fn torch_pieces(&self, name: &str) -> Option<TorchPieces> {
        let (part, layer, dir) = parse_torch_name(name)?;
        let c = &self.config;
        if layer >= c.num_layers || dir >= c.dirs() {
            return None;
        }
        let (g, h) = (c.gates(), c.hidden_size);
        let reverse = dir == 1;
        let (ids, kind, rows, cols): (Range<usize>, _, _, _) = match part {
            TorchPart::WeightIh => (0..g, RnnParamKind::Matrix, h, c.layer_input_size(layer)),
            TorchPart::WeightHh => (g..2 * g, RnnParamKind::Matrix, h, c.out_size()),
            TorchPart::BiasIh => (0..g, RnnParamKind::Bias, h, 1),
            TorchPart::BiasHh => (g..2 * g, RnnParamKind::Bias, h, 1),
            TorchPart::WeightHr => (
                PROJECTION_ID..PROJECTION_ID + 1,
                RnnParamKind::Matrix,
                c.proj_size,
                h,
            ),
        };
        let mut pieces = Vec::new();
        for (k, id) in ids.clone().enumerate() {
            let p = *self.find(layer, reverse, id, kind)?;
            pieces.push((k * rows * cols, p));
        }
        let blocks = ids.len();
        let shape = if kind == RnnParamKind::Bias {
            vec![blocks * rows]
        } else {
            vec![blocks * rows, cols]
        };
        Some((shape, pieces))
    }

    /// Checks `name` against this layout and a tensor of `len` elements,
    /// and returns its pieces.
    fn torch_checked(
        &self,
        name: &str,
        len: usize,
        weights: usize,
    ) -> Result<Vec<(usize, RnnParam)>> {
        const F: &str = "cudnnGetRNNWeightParams";
        let (shape, pieces) = self
            .torch_pieces(name)
            .ok_or_else(|| Error::InvalidArgument {
                function: F,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "no PyTorch tensor {name:?} in this network (it has {:?})",
                        self.pytorch_names()
                    ),
                },
            })?;
        let want: usize = shape.iter().product();
        ensure(len == want, F, || Mismatch::Shape {
            what: format!("{name} has {len} elements but its shape is {shape:?}"),
        })?;
        ensure(weights >= self.len, F, || Mismatch::BufferTooShort {
            buffer: "weights",
            len: weights,
            required: self.len,
        })?;
        let block = want / pieces.len().max(1);
        for (_, p) in &pieces {
            ensure(
                p.len() == block && p.cols == shape.get(1).copied().unwrap_or(1),
                F,
                || Mismatch::Unsupported {
                    what: format!(
                        "{name}: cuDNN's region ({} x {} for linLayerID {}) does not match \
                         PyTorch's blocks of {shape:?}",
                        p.rows, p.cols, p.lin_layer_id
                    ),
                },
            )?;
        }
        Ok(pieces)
    }

    /// Copies PyTorch's tensor `name` (flat, row-major, as
    /// `module.state_dict()[name]` holds it) into `weights`, a host copy of
    /// the weight space.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a name this network does not have,
    /// values of the wrong length, or `weights` shorter than the layout.
    pub fn load_pytorch<T: Copy>(&self, weights: &mut [T], name: &str, values: &[T]) -> Result<()> {
        for (start, p) in self.torch_checked(name, values.len(), weights.len())? {
            weights[p.range()].copy_from_slice(&values[start..start + p.len()]);
        }
        Ok(())
    }

    /// PyTorch's tensor `name` read from `weights`, a host copy of the
    /// weight space (or of its gradient), flat and row-major.
    ///
    /// # Errors
    /// As [`load_pytorch`](Self::load_pytorch).
    pub fn read_pytorch<T: Copy>(&self, weights: &[T], name: &str) -> Result<Vec<T>> {
        let shape = self.pytorch_shape(name).unwrap_or_default();
        let len = shape.iter().product();
        let pieces = self.torch_checked(name, len, weights.len())?;
        let mut out = Vec::with_capacity(len);
        for (_, p) in pieces {
            out.extend_from_slice(&weights[p.range()]);
        }
        Ok(out)
    }
}

/// A PyTorch tensor's shape, and its blocks: where each starts in the
/// tensor, and the weight-space region it goes to.
type TorchPieces = (Vec<usize>, Vec<(usize, RnnParam)>);

/// Splits `weight_ih_l2_reverse` into (part, layer, direction).
fn parse_torch_name(name: &str) -> Option<(TorchPart, usize, usize)> {
    let (stem, dir) = match name.strip_suffix("_reverse") {
        Some(stem) => (stem, 1),
        None => (name, 0),
    };
    let (part_name, layer) = stem.rsplit_once("_l")?;
    let layer: usize = layer.parse().ok()?;
    let part = TORCH_PARTS.iter().find(|(_, n)| *n == part_name)?.0;
    Some((part, layer, dir))
}

fn torch_name(part: &str, layer: usize, dir: usize) -> String {
    format!("{part}_l{layer}{}", if dir == 1 { "_reverse" } else { "" })
}

/// Gives each problem a number, so that a reserve space can tell which
/// problem filled it.
static NEXT_PROBLEM_ID: AtomicU64 = AtomicU64::new(1);

/// Sizes remembered with the CUDA context they were asked in.
type SizesOnDevice = Cell<Option<(ContextKey, (usize, usize))>>;

/// Which tensor of an [`RnnProblem`] a buffer holds, for
/// [`RnnProblem::check_buffers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RnnTensor {
    /// `x` or `dx`.
    X,
    /// `y` or `dy`.
    Y,
    /// A hidden state: `hx`, `hy` or their gradients.
    Hidden,
    /// An LSTM cell state: `cx`, `cy` or their gradients.
    Cell,
    /// The weight space or its gradient.
    Weights,
}

/// One recurrent computation: the network, the input and output sequence
/// descriptors (same layout and lengths) and the state descriptors,
/// checked against each other once. Also keeps a device copy of the
/// sequence lengths, made at the first launch.
///
/// Not `Clone`, not `Sync`, not `Send` (as [`RnnDescriptor`]).
pub struct RnnProblem<'d, T: RnnComputesIn<C>, C: ComputeType> {
    rnn: RnnDescriptor<'d, T, C>,
    x: RnnDataDescriptor<T>,
    y: RnnDataDescriptor<T>,
    h: TensorDescriptor<T>,
    c: TensorDescriptor<T>,
    id: u64,
    device_lengths: OnceCell<CudaSlice<i32>>,
    /// cuDNN's (workspace, reserve) sizes per forward mode, with the device
    /// they were asked for.
    temp_sizes: [SizesOnDevice; 2],
}

impl<T: RnnComputesIn<C>, C: ComputeType> std::fmt::Debug for RnnProblem<'_, T, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnProblem")
            .field("rnn", &self.rnn)
            .field("x", &self.x)
            .field("y", &self.y)
            .finish()
    }
}

impl<'d, T: RnnComputesIn<C>, C: ComputeType> RnnProblem<'d, T, C> {
    /// A problem whose output has `x`'s layout and lengths and
    /// `dirs * out_size` elements per vector.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x`'s vectors are not `input_size` long;
    /// cuDNN's errors for the descriptors it makes.
    pub fn new(rnn: RnnDescriptor<'d, T, C>, x: RnnDataDescriptor<T>) -> Result<Self> {
        let y = RnnDataDescriptor::new_in(
            Arc::clone(x.library()),
            x.layout(),
            x.max_seq_len(),
            rnn.config().y_size(),
            x.seq_lengths(),
        )?;
        Self::with_output(rnn, x, y)
    }

    /// A problem with the output descriptor given.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x`'s vectors are not `input_size` long,
    /// `y`'s not `dirs * out_size`, or the two differ in layout, padded
    /// length or sequence lengths.
    pub fn with_output(
        rnn: RnnDescriptor<'d, T, C>,
        x: RnnDataDescriptor<T>,
        y: RnnDataDescriptor<T>,
    ) -> Result<Self> {
        check_rnn_problem(
            rnn.config(),
            (
                x.layout(),
                x.max_seq_len(),
                x.vector_size(),
                x.seq_lengths(),
            ),
            (
                y.layout(),
                y.max_seq_len(),
                y.vector_size(),
                y.seq_lengths(),
            ),
        )?;
        let lib = Arc::clone(rnn.library());
        let batch = x.batch();
        let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
        let h = TensorDescriptor::new_in(Arc::clone(&lib), nchw, &rnn.config().h_dims(batch))?;
        let c = TensorDescriptor::new_in(lib, nchw, &rnn.config().c_dims(batch))?;
        Ok(RnnProblem {
            rnn,
            x,
            y,
            h,
            c,
            id: NEXT_PROBLEM_ID.fetch_add(1, Ordering::Relaxed),
            device_lengths: OnceCell::new(),
            temp_sizes: [Cell::new(None), Cell::new(None)],
        })
    }

    /// The network.
    pub fn rnn(&self) -> &RnnDescriptor<'d, T, C> {
        &self.rnn
    }
    /// The input descriptor (also `dx`'s).
    pub fn x(&self) -> &RnnDataDescriptor<T> {
        &self.x
    }
    /// The output descriptor (also `dy`'s).
    pub fn y(&self) -> &RnnDataDescriptor<T> {
        &self.y
    }
    /// The hidden-state descriptor `(layers * dirs, batch, out_size)`.
    pub fn h(&self) -> &TensorDescriptor<T> {
        &self.h
    }
    /// The cell-state descriptor `(layers * dirs, batch, hidden_size)`.
    pub fn c(&self) -> &TensorDescriptor<T> {
        &self.c
    }

    /// The descriptors back, to reuse the network with other data.
    pub fn into_parts(
        self,
    ) -> (
        RnnDescriptor<'d, T, C>,
        RnnDataDescriptor<T>,
        RnnDataDescriptor<T>,
    ) {
        (self.rnn, self.x, self.y)
    }

    /// Elements a buffer of `tensor` must hold; for the weights,
    /// `weight_space_bytes` (cuDNN's size) in elements, rounded up.
    /// `None` for the cell state of a network that is not an LSTM.
    pub fn required_len(&self, tensor: RnnTensor, weight_space_bytes: usize) -> Option<usize> {
        Some(match tensor {
            RnnTensor::X => self.x.required_len(),
            RnnTensor::Y => self.y.required_len(),
            RnnTensor::Hidden => self.h.required_len(),
            RnnTensor::Cell if self.rnn.config().is_lstm() => self.c.required_len(),
            RnnTensor::Cell => return None,
            RnnTensor::Weights => weight_space_bytes.div_ceil(std::mem::size_of::<T>()),
        })
    }

    /// Checks buffer lengths for a launch of `function` (the part of a
    /// launch's checks that needs no GPU): every `(name, tensor, len)` must
    /// hold what its descriptor needs, the weight space
    /// `weight_space_bytes`; a cell state given to a network without cells
    /// is refused.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] naming the first short buffer;
    /// [`Mismatch::Unsupported`] for a cell state without an LSTM.
    pub fn check_buffers(
        &self,
        function: &'static str,
        weight_space_bytes: usize,
        buffers: &[(&'static str, RnnTensor, usize)],
    ) -> Result<()> {
        for &(buffer, tensor, len) in buffers {
            let required = self
                .required_len(tensor, weight_space_bytes)
                .ok_or_else(|| Error::InvalidArgument {
                    function,
                    mismatch: Mismatch::Unsupported {
                        what: format!(
                            "`{buffer}` is a cell state, but mode {} has no cells (LSTM only)",
                            self.rnn.config().mode.0
                        ),
                    },
                })?;
            ensure(len >= required, function, || Mismatch::BufferTooShort {
                buffer,
                len,
                required,
            })?;
        }
        Ok(())
    }

    /// Checks that `reserve` may be used by `function`
    /// (`"cudnnRNNBackwardData_v8"` or `"cudnnRNNBackwardWeights_v8"`):
    /// backward data needs the reserve space just as a training forward of
    /// this problem filled it (backward data writes to it, so a second
    /// backward data would not read what the forward pass left); backward
    /// weights needs it after backward data, which leaves in it what the
    /// weight gradients are computed from.
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] saying what must run first.
    pub fn check_reserve(&self, function: &'static str, reserve: &RnnReserveSpace) -> Result<()> {
        let weights = function == "cudnnRNNBackwardWeights_v8";
        let need = if weights {
            ReserveStage::BackwardData
        } else {
            ReserveStage::Forward
        };
        ensure(
            reserve.problem == self.id && reserve.stage == need,
            function,
            || Mismatch::Unsupported {
                what: if reserve.problem != self.id || reserve.stage == ReserveStage::Empty {
                    "the reserve space was not filled by rnn_forward_training of this problem"
                        .into()
                } else if weights {
                    "backward weights needs the reserve space after rnn_backward_data".into()
                } else {
                    "rnn_backward_data already ran on this reserve space: run \
                     rnn_forward_training again first"
                        .into()
                },
            },
        )
    }

    /// The sequence lengths on `stream`'s device: the kept copy, or a new
    /// one when the copy is on another device.
    fn with_device_lengths<R>(
        &self,
        stream: &Arc<CudaStream>,
        f: impl FnOnce(&CudaSlice<i32>) -> Result<R>,
    ) -> Result<R> {
        const F: &str = "cudnnRNNForward";
        let upload = || -> Result<CudaSlice<i32>> {
            let lengths = to_c_ints(self.x.seq_lengths(), 1, "seq_lengths", F)?;
            Ok(stream.clone_htod(&lengths)?)
        };
        if self.device_lengths.get().is_none() {
            let copy = upload()?;
            let _ = self.device_lengths.set(copy);
        }
        match self.device_lengths.get() {
            Some(copy) if crate::launch::same_context(copy.context(), stream.context()) => f(copy),
            _ => f(&upload()?),
        }
    }
}

/// Checks a problem's data against its network without cuDNN: `x`'s
/// vectors are `input_size` long, `y`'s `dirs * out_size`, and the two
/// agree in layout, padded length and sequence lengths. Each side is
/// `(layout, max_seq_len, vector_size, seq_lengths)`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `cudnnRNNForward` with a
/// [`Mismatch::Shape`].
pub fn check_rnn_problem(
    config: &RnnConfig,
    x: (RnnDataLayout, usize, usize, &[usize]),
    y: (RnnDataLayout, usize, usize, &[usize]),
) -> Result<()> {
    const F: &str = "cudnnRNNForward";
    ensure(x.2 == config.input_size, F, || Mismatch::Shape {
        what: format!(
            "x has vectors of {} elements but the network's input size is {}",
            x.2, config.input_size
        ),
    })?;
    ensure(y.2 == config.y_size(), F, || Mismatch::Shape {
        what: format!(
            "y has vectors of {} elements but the network outputs {} ({} directions x {})",
            y.2,
            config.y_size(),
            config.dirs(),
            config.out_size()
        ),
    })?;
    ensure(x.0 == y.0 && x.1 == y.1, F, || Mismatch::Shape {
        what: format!(
            "x (layout {}, {} steps) and y (layout {}, {} steps) differ",
            x.0 .0, x.1, y.0 .0, y.1
        ),
    })?;
    ensure(x.3 == y.3, F, || Mismatch::Shape {
        what: format!("x's sequence lengths {:?} differ from y's {:?}", x.3, y.3),
    })
}

/// What a reserve space holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReserveStage {
    Empty,
    Forward,
    BackwardData,
}

/// The reserve space of training: filled by
/// [`Handle::rnn_forward_training`], used and updated by
/// [`Handle::rnn_backward_data`], then used by
/// [`Handle::rnn_backward_weights`]. It remembers which problem filled it
/// and how far the backward pass went, and the launches check that.
///
/// Not `Clone`.
#[derive(Debug)]
pub struct RnnReserveSpace {
    buf: Workspace,
    problem: u64,
    stage: ReserveStage,
}

impl Default for RnnReserveSpace {
    fn default() -> Self {
        Self::new()
    }
}

impl RnnReserveSpace {
    /// An empty reserve space; the training forward allocates it.
    pub fn new() -> Self {
        RnnReserveSpace {
            buf: Workspace::new(),
            problem: 0,
            stage: ReserveStage::Empty,
        }
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing is allocated.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a training forward filled it (for any problem).
    pub fn is_filled(&self) -> bool {
        self.stage != ReserveStage::Empty
    }

    /// Checks that the filled reserve space is on `stream`'s device and
    /// holds `bytes`.
    fn check_on(&self, stream: &CudaStream, function: &'static str, bytes: usize) -> Result<()> {
        match self.buf.slice() {
            Some(b) => crate::launch::check_buffer(stream, function, "reserve", b, bytes),
            None => ensure(bytes == 0, function, || Mismatch::BufferTooShort {
                buffer: "reserve",
                len: 0,
                required: bytes,
            }),
        }
    }

    /// Makes it at least `bytes` long on `stream`'s device, keeping the
    /// memory when it is big enough.
    fn reserve(&mut self, stream: &Arc<CudaStream>, bytes: usize) -> Result<()> {
        self.stage = ReserveStage::Empty;
        self.buf.reserve(stream, bytes)
    }
}

/// Initial states (or gradients of final states) given to a launch; `None`
/// is zeros. `c` is for LSTMs only.
pub struct RnnStates<'a, T> {
    /// The hidden state, `(layers * dirs, batch, out_size)`.
    pub h: Option<&'a dyn DeviceBuffer<T>>,
    /// The LSTM cell state, `(layers * dirs, batch, hidden_size)`.
    pub c: Option<&'a dyn DeviceBuffer<T>>,
}

impl<'a, T> RnnStates<'a, T> {
    /// No states: zeros.
    pub fn none() -> Self {
        RnnStates { h: None, c: None }
    }
    /// A hidden state only.
    pub fn h(h: &'a dyn DeviceBuffer<T>) -> Self {
        RnnStates {
            h: Some(h),
            c: None,
        }
    }
    /// A hidden and a cell state.
    pub fn hc(h: &'a dyn DeviceBuffer<T>, c: &'a dyn DeviceBuffer<T>) -> Self {
        RnnStates {
            h: Some(h),
            c: Some(c),
        }
    }
}

/// Final states (or gradients of initial states) a launch writes; `None` is
/// not written. `c` is for LSTMs only.
pub struct RnnStatesMut<'a, T> {
    /// The hidden state, `(layers * dirs, batch, out_size)`.
    pub h: Option<&'a mut dyn DeviceBufferMut<T>>,
    /// The LSTM cell state, `(layers * dirs, batch, hidden_size)`.
    pub c: Option<&'a mut dyn DeviceBufferMut<T>>,
}

impl<'a, T> RnnStatesMut<'a, T> {
    /// Nothing written.
    pub fn none() -> Self {
        RnnStatesMut { h: None, c: None }
    }
    /// The hidden state only.
    pub fn h(h: &'a mut dyn DeviceBufferMut<T>) -> Self {
        RnnStatesMut {
            h: Some(h),
            c: None,
        }
    }
    /// The hidden and the cell state.
    pub fn hc(h: &'a mut dyn DeviceBufferMut<T>, c: &'a mut dyn DeviceBufferMut<T>) -> Self {
        RnnStatesMut {
            h: Some(h),
            c: Some(c),
        }
    }
}

/// The lengths of the optional state buffers, for the pure checks.
fn state_lens(
    prefix: [&'static str; 2],
    h: Option<usize>,
    c: Option<usize>,
) -> Vec<(&'static str, RnnTensor, usize)> {
    let mut v = Vec::new();
    if let Some(len) = h {
        v.push((prefix[0], RnnTensor::Hidden, len));
    }
    if let Some(len) = c {
        v.push((prefix[1], RnnTensor::Cell, len));
    }
    v
}

/// A device pointer held for the length of a launch (0 for none).
struct Ptr<'a> {
    ptr: u64,
    _guard: Option<cudarc::driver::SyncOnDrop<'a>>,
}

impl<'a> Ptr<'a> {
    fn read<'b: 'a, T>(b: Option<&'a (dyn DeviceBuffer<T> + 'b)>, stream: &'a CudaStream) -> Self {
        match b {
            Some(b) => {
                let (ptr, guard) = b.device_ptr(stream);
                Ptr {
                    ptr,
                    _guard: Some(guard),
                }
            }
            None => Ptr {
                ptr: 0,
                _guard: None,
            },
        }
    }

    fn write<'b: 'a, T>(
        b: Option<&'a mut (dyn DeviceBufferMut<T> + 'b)>,
        stream: &'a CudaStream,
    ) -> Self {
        match b {
            Some(b) => {
                let (ptr, guard) = b.device_ptr_mut(stream);
                Ptr {
                    ptr,
                    _guard: Some(guard),
                }
            }
            None => Ptr {
                ptr: 0,
                _guard: None,
            },
        }
    }

    fn c(&self) -> *mut std::ffi::c_void {
        self.ptr as *mut std::ffi::c_void
    }
}

impl Handle {
    /// The size in bytes of the weight space of `rnn` (asked once per
    /// descriptor and device, then remembered).
    ///
    /// # Errors
    /// cuDNN's error (it needs a GPU).
    #[doc(alias = "cudnnGetRNNWeightSpaceSize")]
    pub fn rnn_weight_space_size<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<'_, T, C>,
    ) -> Result<usize> {
        let device = self.stream().map(|s| ContextKey::of(s.context()));
        if let (Some(d), Some((at, size))) = (device, rnn.weight_bytes.get()) {
            if d == at {
                return Ok(size);
            }
        }
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetRNNWeightSpaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and the descriptor are live; `size` is a valid
        // out-pointer.
        let status = unsafe { (get.f)(self.as_raw(), rnn.as_raw(), &mut size) };
        get.check(status)?;
        if let Some(d) = device {
            rnn.weight_bytes.set(Some((d, size)));
        }
        Ok(size)
    }

    /// The weight space in elements of `T`: what a weight (or weight
    /// gradient) buffer must hold.
    ///
    /// # Errors
    /// As [`rnn_weight_space_size`](Self::rnn_weight_space_size).
    pub fn rnn_weight_space_len<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<'_, T, C>,
    ) -> Result<usize> {
        Ok(self
            .rnn_weight_space_size(rnn)?
            .div_ceil(std::mem::size_of::<T>()))
    }

    /// Where cuDNN puts every matrix and bias of `rnn` in its weight space
    /// (`cudnnGetRNNWeightParams` for every pseudo-layer and `linLayerID`,
    /// on a scratch weight space allocated for the query). The layout to
    /// load weights with; see [`RnnWeightLayout`] for the gates.
    ///
    /// # Errors
    /// cuDNN's and CUDA's errors; [`Mismatch::Unsupported`] when cuDNN
    /// reports a region that is not inside its weight space or not aligned
    /// to `T`.
    #[doc(alias = "cudnnGetRNNWeightParams")]
    pub fn rnn_weight_layout<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<'_, T, C>,
    ) -> Result<RnnWeightLayout> {
        const F: &str = "cudnnGetRNNWeightParams";
        let config = rnn.config();
        let predicted = config.predicted_weight_layout()?;
        let size = self.rnn_weight_space_size(rnn)?;
        let stream = self.launch_stream(F)?;
        let scratch = stream.alloc_zeros::<u8>(size.max(1))?;
        let (base, _guard) = scratch.device_ptr(stream);
        let lib = Arc::clone(self.library());
        let m_desc = RawTensor::create(Arc::clone(&lib))?;
        let b_desc = RawTensor::create(Arc::clone(&lib))?;
        let get = ffi!(lib, cudnnGetRNNWeightParams);
        let elem = std::mem::size_of::<T>();
        let mut params = Vec::new();
        let dirs = config.dirs();
        for pseudo_layer in 0..config.pseudo_layers() {
            let layer = pseudo_layer / dirs;
            let reverse = pseudo_layer % dirs == 1;
            for kind in [RnnParamKind::Matrix, RnnParamKind::Bias] {
                for id in config.lin_layer_ids() {
                    if kind == RnnParamKind::Bias && id == PROJECTION_ID {
                        continue;
                    }
                    let expected = predicted.find(layer, reverse, id, kind).is_some();
                    // Both regions are asked for every time, as cuDNN's
                    // samples and PyTorch do (neither passes NULL for the
                    // descriptor or address it does not need); the one of
                    // `kind` is kept.
                    let mut m_addr: *mut std::ffi::c_void = std::ptr::null_mut();
                    let mut b_addr: *mut std::ffi::c_void = std::ptr::null_mut();
                    // SAFETY: the handle and descriptors are live; the
                    // weight space is a device allocation of `size` bytes
                    // that cuDNN only computes addresses in; the
                    // out-pointers are valid.
                    let status = unsafe {
                        (get.f)(
                            self.as_raw(),
                            rnn.as_raw(),
                            pseudo_layer as i32,
                            size,
                            base as *const std::ffi::c_void,
                            id as i32,
                            m_desc.ptr(),
                            &mut m_addr,
                            b_desc.ptr(),
                            &mut b_addr,
                        )
                    };
                    let (desc, addr) = if kind == RnnParamKind::Matrix {
                        (&m_desc, m_addr)
                    } else {
                        (&b_desc, b_addr)
                    };
                    match get.check(status) {
                        Ok(()) => {}
                        // A region this crate expects absent may be refused.
                        Err(_) if !expected => continue,
                        Err(e) => return Err(e),
                    }
                    if addr.is_null() {
                        continue;
                    }
                    let dims = tensor_dims(&lib, desc)?;
                    let count = dims.iter().product::<usize>();
                    let (rows, cols) = region_shape(kind, &dims);
                    let at = (addr as u64).wrapping_sub(base) as usize;
                    let inside = (addr as u64) >= base
                        && at.is_multiple_of(elem)
                        && count
                            .checked_mul(elem)
                            .and_then(|b| b.checked_add(at))
                            .is_some_and(|end| end <= size);
                    ensure(inside, F, || Mismatch::Unsupported {
                        what: format!(
                            "cuDNN reported {count} elements ({dims:?}) at byte {at} for \
                             pseudo-layer {pseudo_layer}, linLayerID {id}, outside its weight \
                             space of {size} bytes or not aligned to {elem}"
                        ),
                    })?;
                    params.push(RnnParam {
                        pseudo_layer,
                        layer,
                        reverse,
                        lin_layer_id: id,
                        kind,
                        offset: at / elem,
                        rows,
                        cols,
                    });
                }
            }
        }
        // In weight-space order, as the prediction lists them.
        params.sort_by_key(|p| p.offset);
        Ok(RnnWeightLayout {
            config: config.clone(),
            params,
            len: size.div_ceil(elem),
        })
    }

    /// The workspace and reserve-space sizes in bytes cuDNN needs for `p`
    /// in `mode` (the reserve space is 0 for inference; backward passes
    /// use the training sizes). Asked once per problem, mode and device.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNTempSpaceSizes")]
    pub fn rnn_temp_space_sizes<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        mode: RnnForwardMode,
    ) -> Result<(usize, usize)> {
        const F: &str = "cudnnGetRNNTempSpaceSizes";
        ensure(
            mode.0 <= RnnForwardMode::CUDNN_FWD_MODE_TRAINING.0,
            F,
            || Mismatch::BadValue {
                what: format!("forward mode {}", mode.0),
            },
        )?;
        let cell = &p.temp_sizes[mode.0 as usize];
        let device = self.stream().map(|s| ContextKey::of(s.context()));
        if let (Some(d), Some((at, sizes))) = (device, cell.get()) {
            if d == at {
                return Ok(sizes);
            }
        }
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetRNNTempSpaceSizes);
        let (mut work, mut reserve) = (0usize, 0usize);
        // SAFETY: the handle and descriptors are live; the out-pointers are
        // valid.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                p.rnn.as_raw(),
                mode,
                p.x.as_raw(),
                &mut work,
                &mut reserve,
            )
        };
        get.check(status)?;
        if let Some(d) = device {
            cell.set(Some((d, (work, reserve))));
        }
        Ok((work, reserve))
    }

    /// Compiles the `CUDNN_RNN_ALGO_PERSIST_DYNAMIC` kernels of `rnn` for
    /// batches of `mini_batch` sequences (needed before using that
    /// algorithm).
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] for another algorithm; cuDNN's error.
    #[doc(alias = "cudnnBuildRNNDynamic")]
    pub fn rnn_build_dynamic<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<'_, T, C>,
        mini_batch: usize,
    ) -> Result<()> {
        const F: &str = "cudnnBuildRNNDynamic";
        ensure(
            rnn.config().algo == RnnAlgo::CUDNN_RNN_ALGO_PERSIST_DYNAMIC,
            F,
            || Mismatch::Unsupported {
                what: "only CUDNN_RNN_ALGO_PERSIST_DYNAMIC is built".into(),
            },
        )?;
        let n = to_c_ints(&[mini_batch], 1, "mini_batch", F)?[0];
        self.launch_stream(F)?;
        let build = ffi!(self.library(), cudnnBuildRNNDynamic);
        // SAFETY: the handle and descriptor are live.
        let status = unsafe { (build.f)(self.as_raw(), rnn.as_raw(), n) };
        build.check(status)
    }

    /// The forward pass for inference: `y` and, when asked for, the final
    /// states from `x`, the weights and the initial states (zeros where
    /// `None`). No dropout is applied.
    ///
    /// Checks first: the handle has a stream; `x`, `y`, the weights and
    /// every state given are on its device and as long as their
    /// descriptors (cell states only for an LSTM); the workspace is grown
    /// to what cuDNN asks.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a mismatch;
    /// cuDNN's and CUDA's errors.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnRNNForward")]
    pub fn rnn_forward_inference<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        ws: &mut Workspace,
        w: &impl DeviceBuffer<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        init: RnnStates<'_, T>,
        last: RnnStatesMut<'_, T>,
    ) -> Result<()> {
        self.rnn_forward(p, None, ws, w, x, y, init, last)
    }

    /// The forward pass for training: as
    /// [`rnn_forward_inference`](Self::rnn_forward_inference), applying the
    /// dropout between layers, and filling `reserve` (grown to what cuDNN
    /// asks) for the backward pass.
    ///
    /// # Errors
    /// As [`rnn_forward_inference`](Self::rnn_forward_inference).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnRNNForward")]
    pub fn rnn_forward_training<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        w: &impl DeviceBuffer<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        init: RnnStates<'_, T>,
        last: RnnStatesMut<'_, T>,
    ) -> Result<()> {
        self.rnn_forward(p, Some(reserve), ws, w, x, y, init, last)
    }

    #[allow(clippy::too_many_arguments)]
    fn rnn_forward<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        mut reserve: Option<&mut RnnReserveSpace>,
        ws: &mut Workspace,
        w: &impl DeviceBuffer<T>,
        x: &impl DeviceBuffer<T>,
        y: &mut impl DeviceBufferMut<T>,
        init: RnnStates<'_, T>,
        last: RnnStatesMut<'_, T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNForward";
        let stream = self.launch_stream(F)?;
        let wbytes = self.rnn_weight_space_size(&p.rnn)?;
        let mut lens = vec![
            ("x", RnnTensor::X, x.len()),
            ("y", RnnTensor::Y, y.len()),
            ("w", RnnTensor::Weights, w.len()),
        ];
        lens.extend(state_lens(
            ["hx", "cx"],
            init.h.map(|b| b.len()),
            init.c.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["hy", "cy"],
            last.h.as_ref().map(|b| b.len()),
            last.c.as_ref().map(|b| b.len()),
        ));
        p.check_buffers(F, wbytes, &lens)?;
        let req = |t| p.required_len(t, wbytes).unwrap_or(usize::MAX);
        crate::launch::check_buffer(stream, F, "x", x, req(RnnTensor::X))?;
        crate::launch::check_buffer(stream, F, "y", y, req(RnnTensor::Y))?;
        crate::launch::check_buffer(stream, F, "w", w, req(RnnTensor::Weights))?;
        if let Some(b) = init.h {
            crate::launch::check_buffer(stream, F, "hx", b, req(RnnTensor::Hidden))?;
        }
        if let Some(b) = init.c {
            crate::launch::check_buffer(stream, F, "cx", b, req(RnnTensor::Cell))?;
        }
        if let Some(b) = last.h.as_deref() {
            crate::launch::check_buffer(stream, F, "hy", b, req(RnnTensor::Hidden))?;
        }
        if let Some(b) = last.c.as_deref() {
            crate::launch::check_buffer(stream, F, "cy", b, req(RnnTensor::Cell))?;
        }
        let mode = if reserve.is_some() {
            RnnForwardMode::CUDNN_FWD_MODE_TRAINING
        } else {
            RnnForwardMode::CUDNN_FWD_MODE_INFERENCE
        };
        // Training advances the dropout states: run after whatever wrote
        // them last (their initialization, say).
        let dropout_states = p
            .rnn
            .dropout
            .filter(|_| mode == RnnForwardMode::CUDNN_FWD_MODE_TRAINING)
            .map(DropoutDescriptor::states);
        if let Some(states) = dropout_states {
            crate::launch::check_buffer(stream, F, "dropout states", states, 0)?;
        }
        let (work, reserve_need) = self.rnn_temp_space_sizes(p, mode)?;
        ws.reserve(stream, work)?;
        if let Some(r) = reserve.as_deref_mut() {
            r.reserve(stream, reserve_need)?;
        }
        let run = ffi!(self.library(), cudnnRNNForward);
        p.with_device_lengths(stream, |lengths| {
            let _gd = dropout_states.map(|s| s.device_ptr(stream));
            let (lp, _gl) = lengths.device_ptr(stream);
            let (xp, _gx) = x.device_ptr(stream);
            let (wp, _gw) = w.device_ptr(stream);
            let (yp, _gy) = y.device_ptr_mut(stream);
            let hx = Ptr::read(init.h, stream);
            let cx = Ptr::read(init.c, stream);
            let hy = Ptr::write(last.h, stream);
            let cy = Ptr::write(last.c, stream);
            let (wsp, wslen, _gws) = ws.device_ptr(stream);
            ensure(wslen >= work, F, || Mismatch::WorkspaceTooSmall {
                len: wslen,
                required: work,
            })?;
            let (rp, rlen, _gr) = match reserve.as_deref_mut() {
                Some(r) => r.buf.device_ptr(stream),
                None => (0, 0, None),
            };
            let rlen = if mode == RnnForwardMode::CUDNN_FWD_MODE_TRAINING {
                ensure(rlen >= reserve_need, F, || Mismatch::WorkspaceTooSmall {
                    len: rlen,
                    required: reserve_need,
                })?;
                rlen
            } else {
                0
            };
            // SAFETY: every buffer was checked against its descriptor and
            // device; the sequence lengths are a device copy of x's; the
            // weight space holds `wbytes` bytes, the workspace and reserve
            // space what cuDNN asked for; missing states are null, which
            // cuDNN reads as zeros or does not write.
            let status = unsafe {
                (run.f)(
                    self.as_raw(),
                    p.rnn.as_raw(),
                    mode,
                    lp as *const i32,
                    p.x.as_raw(),
                    xp as _,
                    p.y.as_raw(),
                    yp as _,
                    p.h.as_raw(),
                    hx.c(),
                    hy.c(),
                    p.c.as_raw(),
                    cx.c(),
                    cy.c(),
                    wbytes,
                    wp as _,
                    wslen,
                    wsp as _,
                    rlen,
                    rp as _,
                )
            };
            run.check(status)
        })?;
        if let Some(r) = reserve {
            r.problem = p.id;
            r.stage = ReserveStage::Forward;
        }
        Ok(())
    }

    /// The backward pass through the data: `dx` and, when asked for, the
    /// gradients of the initial states, from `y` and `dy` and the gradients
    /// of the final states (zeros where `None`), after
    /// [`rnn_forward_training`](Self::rnn_forward_training) of the same
    /// problem filled `reserve` (checked). `init` are the initial states the
    /// forward pass used.
    ///
    /// # Errors
    /// As [`rnn_forward_inference`](Self::rnn_forward_inference);
    /// [`Mismatch::Unsupported`] for a reserve space the training forward of
    /// this problem did not fill.
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnRNNBackwardData_v8")]
    pub fn rnn_backward_data<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        w: &impl DeviceBuffer<T>,
        y: &impl DeviceBuffer<T>,
        dy: &impl DeviceBuffer<T>,
        dx: &mut impl DeviceBufferMut<T>,
        init: RnnStates<'_, T>,
        d_last: RnnStates<'_, T>,
        d_init: RnnStatesMut<'_, T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNBackwardData_v8";
        p.check_reserve(F, reserve)?;
        let stream = self.launch_stream(F)?;
        let wbytes = self.rnn_weight_space_size(&p.rnn)?;
        let mut lens = vec![
            ("w", RnnTensor::Weights, w.len()),
            ("y", RnnTensor::Y, y.len()),
            ("dy", RnnTensor::Y, dy.len()),
            ("dx", RnnTensor::X, dx.len()),
        ];
        lens.extend(state_lens(
            ["hx", "cx"],
            init.h.map(|b| b.len()),
            init.c.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["dhy", "dcy"],
            d_last.h.map(|b| b.len()),
            d_last.c.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["dhx", "dcx"],
            d_init.h.as_ref().map(|b| b.len()),
            d_init.c.as_ref().map(|b| b.len()),
        ));
        p.check_buffers(F, wbytes, &lens)?;
        let req = |t| p.required_len(t, wbytes).unwrap_or(usize::MAX);
        crate::launch::check_buffer(stream, F, "w", w, req(RnnTensor::Weights))?;
        crate::launch::check_buffer(stream, F, "y", y, req(RnnTensor::Y))?;
        crate::launch::check_buffer(stream, F, "dy", dy, req(RnnTensor::Y))?;
        crate::launch::check_buffer(stream, F, "dx", dx, req(RnnTensor::X))?;
        for (name, b, t) in [
            ("hx", init.h, RnnTensor::Hidden),
            ("cx", init.c, RnnTensor::Cell),
            ("dhy", d_last.h, RnnTensor::Hidden),
            ("dcy", d_last.c, RnnTensor::Cell),
        ] {
            if let Some(b) = b {
                crate::launch::check_buffer(stream, F, name, b, req(t))?;
            }
        }
        if let Some(b) = d_init.h.as_deref() {
            crate::launch::check_buffer(stream, F, "dhx", b, req(RnnTensor::Hidden))?;
        }
        if let Some(b) = d_init.c.as_deref() {
            crate::launch::check_buffer(stream, F, "dcx", b, req(RnnTensor::Cell))?;
        }
        let (work, reserve_need) =
            self.rnn_temp_space_sizes(p, RnnForwardMode::CUDNN_FWD_MODE_TRAINING)?;
        reserve.check_on(stream, F, reserve_need)?;
        ws.reserve(stream, work)?;
        let run = ffi!(self.library(), cudnnRNNBackwardData_v8);
        p.with_device_lengths(stream, |lengths| {
            let (lp, _gl) = lengths.device_ptr(stream);
            let (wp, _gw) = w.device_ptr(stream);
            let (yp, _gy) = y.device_ptr(stream);
            let (dyp, _gdy) = dy.device_ptr(stream);
            let (dxp, _gdx) = dx.device_ptr_mut(stream);
            let hx = Ptr::read(init.h, stream);
            let cx = Ptr::read(init.c, stream);
            let dhy = Ptr::read(d_last.h, stream);
            let dcy = Ptr::read(d_last.c, stream);
            let dhx = Ptr::write(d_init.h, stream);
            let dcx = Ptr::write(d_init.c, stream);
            let (wsp, wslen, _gws) = ws.device_ptr(stream);
            ensure(wslen >= work, F, || Mismatch::WorkspaceTooSmall {
                len: wslen,
                required: work,
            })?;
            let (rp, rlen, _gr) = reserve.buf.device_ptr(stream);
            ensure(rlen >= reserve_need, F, || Mismatch::WorkspaceTooSmall {
                len: rlen,
                required: reserve_need,
            })?;
            // SAFETY: as in rnn_forward; the reserve space was filled by the
            // training forward of this problem (checked above).
            let status = unsafe {
                (run.f)(
                    self.as_raw(),
                    p.rnn.as_raw(),
                    lp as *const i32,
                    p.y.as_raw(),
                    yp as _,
                    dyp as _,
                    p.x.as_raw(),
                    dxp as _,
                    p.h.as_raw(),
                    hx.c(),
                    dhy.c(),
                    dhx.c(),
                    p.c.as_raw(),
                    cx.c(),
                    dcy.c(),
                    dcx.c(),
                    wbytes,
                    wp as _,
                    wslen,
                    wsp as _,
                    rlen,
                    rp as _,
                )
            };
            run.check(status)
        })?;
        reserve.stage = ReserveStage::BackwardData;
        Ok(())
    }

    /// The backward pass through the weights: adds the gradient of the
    /// weights to `dw` (`dw += ∂L/∂w`; zero it first for the gradient
    /// alone: cuDNN 8 and 9 only accumulate), from `x`, the initial hidden
    /// state the forward pass used (zeros for `None`) and `y`, after
    /// [`rnn_backward_data`](Self::rnn_backward_data) of the same problem
    /// (checked through `reserve`).
    ///
    /// # Errors
    /// As [`rnn_backward_data`](Self::rnn_backward_data).
    #[allow(clippy::too_many_arguments)]
    #[doc(alias = "cudnnRNNBackwardWeights_v8")]
    pub fn rnn_backward_weights<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<'_, T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        x: &impl DeviceBuffer<T>,
        hx: Option<&dyn DeviceBuffer<T>>,
        y: &impl DeviceBuffer<T>,
        dw: &mut impl DeviceBufferMut<T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNBackwardWeights_v8";
        p.check_reserve(F, reserve)?;
        let stream = self.launch_stream(F)?;
        let wbytes = self.rnn_weight_space_size(&p.rnn)?;
        let mut lens = vec![
            ("x", RnnTensor::X, x.len()),
            ("y", RnnTensor::Y, y.len()),
            ("dw", RnnTensor::Weights, dw.len()),
        ];
        lens.extend(state_lens(["hx", "cx"], hx.map(|b| b.len()), None));
        p.check_buffers(F, wbytes, &lens)?;
        let req = |t| p.required_len(t, wbytes).unwrap_or(usize::MAX);
        crate::launch::check_buffer(stream, F, "x", x, req(RnnTensor::X))?;
        crate::launch::check_buffer(stream, F, "y", y, req(RnnTensor::Y))?;
        crate::launch::check_buffer(stream, F, "dw", dw, req(RnnTensor::Weights))?;
        if let Some(b) = hx {
            crate::launch::check_buffer(stream, F, "hx", b, req(RnnTensor::Hidden))?;
        }
        let (work, reserve_need) =
            self.rnn_temp_space_sizes(p, RnnForwardMode::CUDNN_FWD_MODE_TRAINING)?;
        reserve.check_on(stream, F, reserve_need)?;
        ws.reserve(stream, work)?;
        let run = ffi!(self.library(), cudnnRNNBackwardWeights_v8);
        p.with_device_lengths(stream, |lengths| {
            let (lp, _gl) = lengths.device_ptr(stream);
            let (xp, _gx) = x.device_ptr(stream);
            let (yp, _gy) = y.device_ptr(stream);
            let (dwp, _gdw) = dw.device_ptr_mut(stream);
            let hxp = Ptr::read(hx, stream);
            let (wsp, wslen, _gws) = ws.device_ptr(stream);
            ensure(wslen >= work, F, || Mismatch::WorkspaceTooSmall {
                len: wslen,
                required: work,
            })?;
            let (rp, rlen, _gr) = reserve.buf.device_ptr(stream);
            ensure(rlen >= reserve_need, F, || Mismatch::WorkspaceTooSmall {
                len: rlen,
                required: reserve_need,
            })?;
            // SAFETY: as in rnn_backward_data; `dw` holds the whole weight
            // space.
            let status = unsafe {
                (run.f)(
                    self.as_raw(),
                    p.rnn.as_raw(),
                    sys::cudnnWgradMode_t::CUDNN_WGRAD_MODE_ADD,
                    lp as *const i32,
                    p.x.as_raw(),
                    xp as _,
                    p.h.as_raw(),
                    hxp.c(),
                    p.y.as_raw(),
                    yp as _,
                    wbytes,
                    dwp as _,
                    wslen,
                    wsp as _,
                    rlen,
                    rp as _,
                )
            };
            run.check(status)
        })
    }
}

/// `(rows, cols)` of a region cuDNN describes with `dims` (`[1, rows,
/// cols]` for a matrix, `[1, rows, 1]` for a bias, in cuDNN 8 and 9): a
/// bias is a column of all its elements; a matrix's leading dimensions of 1
/// are dropped; anything else is a column.
fn region_shape(kind: RnnParamKind, dims: &[usize]) -> (usize, usize) {
    let count = dims.iter().product::<usize>();
    if kind == RnnParamKind::Bias {
        return (count, 1);
    }
    match dims {
        [.., 1, r, c] | [r, c] => (*r, *c),
        [r] => (*r, 1),
        [r, c, 1] => (*r, *c),
        _ => (count, 1),
    }
}

/// The dimensions of a tensor descriptor cuDNN filled (up to 8).
fn tensor_dims(lib: &Library, desc: &RawTensor) -> Result<Vec<usize>> {
    let get = ffi!(lib, cudnnGetTensorNdDescriptor);
    let mut data = sys::cudnnDataType_t::CUDNN_DATA_FLOAT;
    let mut nb = 0i32;
    let mut dims = [0i32; 8];
    let mut strides = [0i32; 8];
    // SAFETY: the descriptor is live; the arrays have room for the 8 dims
    // requested.
    let status = unsafe {
        (get.f)(
            desc.ptr(),
            8,
            &mut data,
            &mut nb,
            dims.as_mut_ptr(),
            strides.as_mut_ptr(),
        )
    };
    get.check(status)?;
    Ok(dims[..nb.clamp(0, 8) as usize]
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .collect())
}

static_assertions::assert_impl_all!(RnnDataDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(RnnDataDescriptor<f32>: Sync, Clone);
static_assertions::assert_not_impl_any!(RnnDescriptor<'static, f32, f32>: Send, Sync, Clone);
static_assertions::assert_not_impl_any!(RnnProblem<'static, f32, f32>: Send, Sync, Clone);
static_assertions::assert_impl_all!(RnnReserveSpace: Send, Sync);
static_assertions::assert_not_impl_any!(RnnReserveSpace: Clone);
static_assertions::assert_impl_all!(RnnWeightLayout: Send, Sync, Clone);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicted_layout_of_a_bidirectional_lstm() {
        let c = RnnConfig::new(RnnMode::CUDNN_LSTM, 3, 4, 2).bidirectional();
        let l = c.predicted_weight_layout().expect("layout");
        // Per direction: layer 0: 4 x (4x3) + 4 x (4x4) + 8 x 4; layer 1:
        // 4 x (4x8) + 4 x (4x4) + 8 x 4.
        let layer0 = 4 * 12 + 4 * 16 + 8 * 4;
        let layer1 = 4 * 32 + 4 * 16 + 8 * 4;
        assert_eq!(l.len(), 2 * (layer0 + layer1));
        let f = l
            .matrix(0, false, RnnParamSide::Input, 1)
            .expect("forget gate");
        assert_eq!((f.offset, f.rows, f.cols), (12, 4, 3));
        // Every pseudo-layer's matrices come first, then every bias.
        let matrices = 2 * (4 * 12 + 4 * 16) + 2 * (4 * 32 + 4 * 16);
        let w1 = l
            .matrix(1, false, RnnParamSide::Input, 0)
            .expect("layer 1 input gate");
        assert_eq!(w1.offset, 2 * (4 * 12 + 4 * 16));
        let b0 = l
            .bias(0, false, RnnParamSide::Input, 0)
            .expect("first input bias");
        assert_eq!(b0.offset, matrices);
        assert!(l
            .params()
            .windows(2)
            .all(|w| w[0].range().end == w[1].offset));
        let r = l
            .bias(1, true, RnnParamSide::Recurrent, 3)
            .expect("output gate recurrent bias");
        assert_eq!(r.lin_layer_id, 7);
        assert_eq!(r.pseudo_layer, 3);
        assert_eq!(r.range().end, l.len());
        assert_eq!(l.pytorch_names().len(), 16);
        assert_eq!(l.pytorch_shape("weight_ih_l1_reverse"), Some(vec![16, 8]));
        assert_eq!(l.pytorch_shape("bias_hh_l0"), Some(vec![16]));
        assert_eq!(l.pytorch_shape("weight_hr_l0"), None);
    }

    #[test]
    fn pytorch_tensors_round_trip() {
        let c = RnnConfig::new(RnnMode::CUDNN_GRU, 2, 3, 1);
        let l = c.predicted_weight_layout().expect("layout");
        let mut w = vec![0.0f32; l.len()];
        let values: Vec<f32> = (0..9 * 3).map(|v| v as f32).collect();
        l.load_pytorch(&mut w, "weight_hh_l0", &values)
            .expect("load");
        // Gate n (the third) of the recurrent side is linLayerID 5.
        let n = l.find(0, false, 5, RnnParamKind::Matrix).expect("R_n");
        assert_eq!(&w[n.range()], &values[18..27]);
        assert_eq!(l.read_pytorch(&w, "weight_hh_l0").expect("read"), values);
        assert!(l
            .load_pytorch(&mut w, "weight_hh_l0", &values[1..])
            .is_err());
        assert!(l.load_pytorch(&mut w, "weight_hh_l1", &values).is_err());
        assert!(l
            .load_pytorch(&mut w[1..], "weight_hh_l0", &values)
            .is_err());
    }

    #[test]
    fn region_shapes() {
        assert_eq!(region_shape(RnnParamKind::Matrix, &[1, 4, 3]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[1, 4, 1]), (4, 1));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[4, 3]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[4, 3, 1]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Bias, &[1, 4, 1]), (4, 1));
        assert_eq!(region_shape(RnnParamKind::Bias, &[4, 1, 1]), (4, 1));
    }

    #[test]
    fn data_lengths() {
        let packed = RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED;
        let padded = RnnDataLayout::CUDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED;
        assert_eq!(rnn_data_len(packed, 5, &[5, 3, 1], 2), Some(18));
        assert_eq!(rnn_data_len(padded, 5, &[5, 3, 1], 2), Some(30));
        assert_eq!(rnn_data_len(padded, usize::MAX, &[1, 1], 2), None);
        assert!(check_rnn_data(packed, 5, 2, &[5, 3, 1]).is_ok());
        assert!(check_rnn_data(packed, 5, 2, &[3, 5, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[3, 5, 1]).is_ok());
        assert!(check_rnn_data(padded, 5, 2, &[3, 6, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[3, 0, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[]).is_err());
    }
}
