//! What a recurrent network is, as plain data: the cuDNN enums it is made
//! of, [`RnnConfig`], LSTM clipping ([`RnnClip`]), the pairings of data type
//! and math precision cuDNN runs ([`RnnComputesIn`]), and the checks of all
//! of these that need no cuDNN.

#![warn(clippy::arithmetic_side_effects)]

use cudnn_sys as sys;
use half::{bf16, f16};

use crate::core::descriptor::to_c_ints;
use crate::core::dtype::{ComputeType, DataType};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::modes::{MathType, NanPropagation};

#[cfg(doc)]
use super::{RnnDescriptor, RnnWeightLayout};
#[cfg(doc)]
use crate::core::error::Error;

/// The cell (`cudnnRNNMode_t`): `RnnMode::RNN_RELU`, `RNN_TANH`, `LSTM`,
/// `GRU`.
///
/// Its constants (generated): `RNN_RELU`, `RNN_TANH`, `LSTM` and `GRU`. Each is
/// also there by its C name (`CUDNN_RNN_RELU`), which `Display` writes.
pub type RnnMode = sys::cudnnRNNMode_t;
/// Which biases the cells have (`cudnnRNNBiasMode_t`): none, the input one
/// only, both (the default, PyTorch's), the recurrent one only:
/// `RnnBiasMode::NO_BIAS`, `SINGLE_INP_BIAS`, `DOUBLE_BIAS`,
/// `SINGLE_REC_BIAS`.
///
/// Its constants (generated): `NO_BIAS`, `SINGLE_INP_BIAS`, `DOUBLE_BIAS` and
/// `SINGLE_REC_BIAS`. Each is also there by its C name (`CUDNN_RNN_NO_BIAS`),
/// which `Display` writes.
pub type RnnBiasMode = sys::cudnnRNNBiasMode_t;
/// One direction or two (`cudnnDirectionMode_t`):
/// `RnnDirectionMode::UNIDIRECTIONAL` or `BIDIRECTIONAL`.
///
/// Its constants (generated): `UNIDIRECTIONAL` and `BIDIRECTIONAL`. Each is
/// also there by its C name (`CUDNN_UNIDIRECTIONAL`), which `Display` writes.
pub type RnnDirectionMode = sys::cudnnDirectionMode_t;
/// What the first layer does with its input (`cudnnRNNInputMode_t`):
/// multiply it by weights (`RnnInputMode::LINEAR_INPUT`) or use it as is
/// (`SKIP_INPUT`, which needs `input_size == hidden_size`).
///
/// Its constants (generated): `LINEAR_INPUT` and `SKIP_INPUT`. Each is also
/// there by its C name (`CUDNN_LINEAR_INPUT`), which `Display` writes.
pub type RnnInputMode = sys::cudnnRNNInputMode_t;
/// The RNN algorithm (`cudnnRNNAlgo_t`): `RnnAlgo::STANDARD`,
/// `PERSIST_STATIC`, `PERSIST_DYNAMIC`, `PERSIST_STATIC_SMALL_H`.
///
/// Its constants (generated): `STANDARD`, `PERSIST_STATIC`, `PERSIST_DYNAMIC`,
/// `PERSIST_STATIC_SMALL_H` and `COUNT`. Each is also there by its C name
/// (`CUDNN_RNN_ALGO_STANDARD`), which `Display` writes.
pub type RnnAlgo = sys::cudnnRNNAlgo_t;
/// The memory layout of a batch of sequences (`cudnnRNNDataLayout_t`):
/// `SEQ_MAJOR_UNPACKED` is `(max_seq_len, batch, vector)` with padding,
/// `BATCH_MAJOR_UNPACKED` is `(batch, max_seq_len, vector)` with padding,
/// `SEQ_MAJOR_PACKED` holds the valid steps only, time step by time step
/// (the lengths must then be sorted longest first).
///
/// Its constants (generated): `SEQ_MAJOR_UNPACKED`, `SEQ_MAJOR_PACKED` and
/// `BATCH_MAJOR_UNPACKED`. Each is also there by its C name
/// (`CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED`), which `Display` writes.
pub type RnnDataLayout = sys::cudnnRNNDataLayout_t;
/// Inference or training (`cudnnForwardMode_t`): `RnnForwardMode::INFERENCE`
/// or `TRAINING`.
///
/// Its constants (generated): `INFERENCE` and `TRAINING`. Each is also there by
/// its C name (`CUDNN_FWD_MODE_INFERENCE`), which `Display` writes.
pub type RnnForwardMode = sys::cudnnForwardMode_t;
/// LSTM cell clipping on or off (`cudnnRNNClipMode_t`): `RnnClipMode::NONE`
/// or `MINMAX`.
///
/// Its constants (generated): `NONE` and `MINMAX`. Each is also there by its C
/// name (`CUDNN_RNN_CLIP_NONE`), which `Display` writes.
pub type RnnClipMode = sys::cudnnRNNClipMode_t;

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
/// fn needs(_: cudnn::rnn::RnnDescriptor<f32, cudnn::half::f16>) {}
/// ```
pub trait RnnComputesIn<C: ComputeType>: DataType {}
impl RnnComputesIn<f32> for f32 {}
impl RnnComputesIn<f64> for f64 {}
impl RnnComputesIn<f16> for f16 {}
impl RnnComputesIn<f32> for f16 {}
impl RnnComputesIn<f32> for bf16 {}

/// What a recurrent network is, as plain data: checked by
/// `check_rnn_config`, set in cuDNN by [`RnnDescriptor::new`].
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
            bias_mode: RnnBiasMode::DOUBLE_BIAS,
            direction: RnnDirectionMode::UNIDIRECTIONAL,
            input_mode: RnnInputMode::LINEAR_INPUT,
            algo: RnnAlgo::STANDARD,
            math_type: MathType::DEFAULT_MATH,
            input_size,
            hidden_size,
            proj_size: 0,
            num_layers,
        }
    }

    /// Both directions.
    pub fn bidirectional(mut self) -> Self {
        self.direction = RnnDirectionMode::BIDIRECTIONAL;
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
            RnnMode::LSTM => 4,
            RnnMode::GRU => 3,
            _ => 1,
        }
    }

    /// 2 for a bidirectional network, else 1.
    pub fn dirs(&self) -> usize {
        if self.direction == RnnDirectionMode::BIDIRECTIONAL {
            2
        } else {
            1
        }
    }

    /// Whether the cell is an LSTM (the only one with a cell state).
    pub fn is_lstm(&self) -> bool {
        self.mode == RnnMode::LSTM
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
        // gates() is at most 4.
        #[allow(clippy::arithmetic_side_effects)]
        let mut ids: Vec<usize> = (0..2 * self.gates()).collect();
        if self.proj_size > 0 {
            ids.push(PROJECTION_ID);
        }
        ids
    }

    /// Whether the cells have input biases (`b_W`).
    pub fn has_input_bias(&self) -> bool {
        self.bias_mode == RnnBiasMode::DOUBLE_BIAS || self.bias_mode == RnnBiasMode::SINGLE_INP_BIAS
    }

    /// Whether the cells have recurrent biases (`b_R`).
    pub fn has_recurrent_bias(&self) -> bool {
        self.bias_mode == RnnBiasMode::DOUBLE_BIAS || self.bias_mode == RnnBiasMode::SINGLE_REC_BIAS
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
}

/// cuDNN's `linLayerID` of the LSTM projection matrix.
pub(super) const PROJECTION_ID: usize = 8;

/// Checks a configuration the way cuDNN would, without cuDNN: known values
/// for every mode, sizes of at least 1 that fit cuDNN's `int`, a projection
/// only on an LSTM and smaller than the hidden size, skip input only with
/// `input_size == hidden_size`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `check_rnn_config` (the rules are
/// those of `cudnnSetRNNDescriptor_v8`):
/// [`Mismatch::BadValue`] for an unknown value or a size out of range,
/// [`Mismatch::Unsupported`] for a projection on another cell than an LSTM,
/// [`Mismatch::Shape`] for skip input with different sizes.
#[cfg(test)]
pub(crate) fn check_rnn_config(config: &RnnConfig) -> Result<()> {
    check_rnn_config_in("check_rnn_config", config)
}

/// [`check_rnn_config`] for the public function `function`.
pub(crate) fn check_rnn_config_in(function: &'static str, config: &RnnConfig) -> Result<()> {
    let known = [
        ("mode", config.mode.0, RnnMode::GRU.0),
        (
            "bias mode",
            config.bias_mode.0,
            RnnBiasMode::SINGLE_REC_BIAS.0,
        ),
        (
            "direction mode",
            config.direction.0,
            RnnDirectionMode::BIDIRECTIONAL.0,
        ),
        (
            "input mode",
            config.input_mode.0,
            RnnInputMode::SKIP_INPUT.0,
        ),
        (
            "algorithm",
            config.algo.0,
            RnnAlgo::PERSIST_STATIC_SMALL_H.0,
        ),
        ("math type", config.math_type.0, MathType::FMA_MATH.0),
    ];
    for (what, value, max) in known {
        ensure(value <= max, function, || Mismatch::BadValue {
            what: format!("{what} {value}: cuDNN's values go from 0 to {max}"),
        })?;
    }
    to_c_ints(
        &[config.input_size, config.hidden_size, config.num_layers],
        1,
        "[input_size, hidden_size, num_layers]",
        function,
    )?;
    if config.proj_size > 0 {
        ensure(config.is_lstm(), function, || Mismatch::Unsupported {
            what: format!(
                "a projection (size {}) on mode {}: only LSTMs have one",
                config.proj_size, config.mode.0
            ),
        })?;
        ensure(config.proj_size < config.hidden_size, function, || {
            Mismatch::BadValue {
                what: format!(
                    "projection size {} must be smaller than the hidden size {} (0: none)",
                    config.proj_size, config.hidden_size
                ),
            }
        })?;
    }
    if config.input_mode == RnnInputMode::SKIP_INPUT {
        ensure(config.input_size == config.hidden_size, function, || {
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
    ensure(widest <= i32::MAX as usize, function, || {
        Mismatch::BadValue {
            what: format!("a derived size of {widest} does not fit cuDNN's int"),
        }
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
            mode: RnnClipMode::MINMAX,
            nan_propagation: NanPropagation::NOT_PROPAGATE_NAN,
            min,
            max,
        }
    }
}

/// Checks clipping for `config` without cuDNN: an LSTM, a known mode and
/// NaN option, finite bounds with `min <= max`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `check_rnn_clip` (the rules are
/// those of `cudnnRNNSetClip_v8`).
#[cfg(test)]
pub(crate) fn check_rnn_clip(config: &RnnConfig, clip: &RnnClip) -> Result<()> {
    check_rnn_clip_in("check_rnn_clip", config, clip)
}

/// [`check_rnn_clip`] for the public function `function`.
pub(crate) fn check_rnn_clip_in(
    function: &'static str,
    config: &RnnConfig,
    clip: &RnnClip,
) -> Result<()> {
    ensure(config.is_lstm(), function, || Mismatch::Unsupported {
        what: format!(
            "cell clipping on mode {}: only LSTMs have cells",
            config.mode.0
        ),
    })?;
    ensure(clip.mode.0 <= RnnClipMode::MINMAX.0, function, || {
        Mismatch::BadValue {
            what: format!("clip mode {}", clip.mode.0),
        }
    })?;
    ensure(
        clip.nan_propagation.0 <= NanPropagation::PROPAGATE_NAN.0,
        function,
        || Mismatch::BadValue {
            what: format!("NaN propagation {}", clip.nan_propagation.0),
        },
    )?;
    ensure(
        clip.min.is_finite() && clip.max.is_finite() && clip.min <= clip.max,
        function,
        || Mismatch::BadValue {
            what: format!(
                "clip bounds [{}, {}]: finite, min <= max",
                clip.min, clip.max
            ),
        },
    )
}
