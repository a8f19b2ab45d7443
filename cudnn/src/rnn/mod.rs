//! Recurrent networks: plain RNN (ReLU or tanh), LSTM and GRU through the
//! v8 API that cuDNN 8.9 and 9.x both export (`cudnnSetRNNDescriptor_v8`,
//! `cudnnRNNForward`, `cudnnRNNBackwardData_v8`,
//! `cudnnRNNBackwardWeights_v8`, RNN data descriptors).
//!
//! - [`RnnConfig`] says what the network is (cell, bias mode, directions,
//!   input mode, sizes, layers, algorithm, math type), checked without cuDNN
//!   by `check_rnn_config`; an [`RnnDescriptor`] sets it in cuDNN with
//!   the element type `T` and the compute precision `C`, optionally with
//!   dropout between layers (a [`DropoutDescriptor`](crate::ops::DropoutDescriptor)
//!   it owns) and LSTM cell clipping ([`RnnDescriptor::set_clip`]).
//! - An [`RnnDataDescriptor`] describes a batch of sequences of different
//!   lengths, padded (sequence-major or batch-major) or packed, and keeps
//!   the lengths on the host; an [`RnnProblem`] bundles a network with its
//!   input, output and state descriptors, checked against each other, and
//!   keeps a device copy of the lengths for the launches that need it.
//! - The weight space is one buffer; [`RnnWeightLayout`] says where every
//!   layer's and gate's matrix and bias lies in it (asked of cuDNN with
//!   [`Handle::rnn_weight_layout`](crate::Handle::rnn_weight_layout), or
//!   predicted by [`RnnConfig::predicted_weight_layout`]) and loads or
//!   reads PyTorch's tensors (`weight_ih_l0`, ...) by name. The gate order
//!   is documented there.
//! - Launches take the problem and a struct of named buffers
//!   ([`RnnForwardArgs`], [`RnnBackwardDataArgs`],
//!   [`RnnBackwardWeightsArgs`]): [`rnn_forward_inference`],
//!   [`rnn_forward_training`] (which takes the problem mutably: it
//!   advances the dropout states), [`rnn_backward_data`],
//!   [`rnn_backward_weights`]. They check the network's library, every
//!   buffer against its descriptor (initial and final states are
//!   optional), the workspace and the reserve space before calling cuDNN.
//!   cuDNN's RNN functions have no `alpha`/`beta`.
//!
//! [`rnn_forward_inference`]: crate::Handle::rnn_forward_inference
//! [`rnn_forward_training`]: crate::Handle::rnn_forward_training
//! [`rnn_backward_data`]: crate::Handle::rnn_backward_data
//! [`rnn_backward_weights`]: crate::Handle::rnn_backward_weights
//!
//! ```no_run
//! use cudnn::rnn::{
//!     RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnForwardArgs, RnnMode,
//!     RnnProblem,
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
//! let config = RnnConfig::new(RnnMode::LSTM, 16, 32, 2).bidirectional();
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
//! let seq_major = RnnDataLayout::SEQ_MAJOR_UNPACKED;
//! let x_desc = RnnDataDescriptor::<f32>::new(seq_major, 5, 16, &[5, 3, 2])?;
//! let problem = RnnProblem::new(rnn, x_desc)?;
//! let x = stream.alloc_zeros::<f32>(problem.x().required_len())?;
//! let mut y = stream.alloc_zeros::<f32>(problem.y().required_len())?; // (5, 3, 64)
//! let mut hy = stream.alloc_zeros::<f32>(problem.h().required_len())?; // (4, 3, 32)
//! let mut ws = Workspace::new();
//! handle.rnn_forward_inference(
//!     &problem,
//!     &mut ws,
//!     RnnForwardArgs {
//!         w: &w,
//!         x: &x,
//!         y: &mut y,
//!         hx: None, // h0 = c0 = 0
//!         cx: None,
//!         hy: Some(&mut hy), // the final hidden states; not the cells
//!         cy: None,
//!     },
//! )?;
//! # Ok(()) }
//! ```

mod config;
mod data;
mod rnn_descriptor;
mod rnn_launch;
mod rnn_problem;
mod weight_space;
mod weights;

pub use config::{
    RnnAlgo, RnnBiasMode, RnnClip, RnnClipMode, RnnComputesIn, RnnConfig, RnnDataLayout,
    RnnDirectionMode, RnnForwardMode, RnnInputMode, RnnMode,
};
pub use data::{rnn_data_len, RnnDataDescriptor};
pub use rnn_descriptor::RnnDescriptor;
pub use rnn_launch::{RnnBackwardDataArgs, RnnBackwardWeightsArgs, RnnForwardArgs};
pub use rnn_problem::{RnnProblem, RnnReserveSpace, RnnTensor};
pub use weights::{RnnParam, RnnParamKind, RnnParamSide, RnnWeightLayout};

// Moved between threads, used from one at a time (see each type's docs).
static_assertions::assert_impl_all!(RnnDataDescriptor<f32>: Send);
static_assertions::assert_not_impl_any!(RnnDataDescriptor<f32>: Sync, Clone);
static_assertions::assert_impl_all!(RnnDescriptor<f32, f32>: Send);
static_assertions::assert_not_impl_any!(RnnDescriptor<f32, f32>: Sync, Clone);
static_assertions::assert_impl_all!(RnnProblem<f32, f32>: Send);
static_assertions::assert_not_impl_any!(RnnProblem<f32, f32>: Sync, Clone);
static_assertions::assert_impl_all!(RnnReserveSpace: Send, Sync);
static_assertions::assert_not_impl_any!(RnnReserveSpace: Clone);
static_assertions::assert_impl_all!(RnnWeightLayout: Send, Sync, Clone);

// They load the real cuDNN, which Miri cannot.
#[cfg(all(test, not(miri)))]
mod rnn_host_tests;
