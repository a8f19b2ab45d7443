//! Layers over the graph API ([`crate::graph`]), in the manner of
//! PyTorch's `nn` modules: [`LayerNorm`], [`RmsNorm`], [`Attention`]
//! (fused scaled dot-product attention, causal, windowed or padded) and
//! [`Linear`] (a matmul with its bias and activation fused) and
//! [`LinearFp8`] (the same of FP8 input and weight, with the scale factors
//! and the output's absolute maximum of FP8 training and inference), and
//! [`AttentionFp8Inference`] (the attention forward of FP8 `q`, `k`, `v`,
//! with its per-tensor factors and the maxima of the output and the
//! softmax), and [`MoeExperts`] (a mixture-of-experts layer's experts:
//! routed token rows times their expert's weight, cuDNN 9.15's grouped
//! matmul, in each [`MoeMode`]).
//!
//! A layer is typed by its element (`Attention<bf16>`, `LayerNorm<f32>`,
//! ...: [`AttentionElement`], [`NormElement`]), so buffers of another type
//! do not compile. It is built once per shape and options: `new` checks
//! them (the same checks are public and need no GPU: [`NormShape::check`],
//! [`AttentionShape::check`], [`AttentionOptions::check`],
//! [`LayerNorm::check`], ...), builds the forward and backward graphs for
//! a [`Target`](crate::graph::Target) (a handle, or a GPU described by its
//! [`DeviceProperties`](crate::graph::DeviceProperties) with a library, so
//! a layer can be planned before any handle exists), and finds their
//! plans, from a [`PlanCache`](crate::graph::PlanCache) when one is given
//! (cuDNN 9.8 and later) or as the [`Settings`](crate::graph::Settings)
//! say. The layer owns the plans and a workspace; `forward` and `backward`
//! take cudarc buffers in an args struct and run through the graph's
//! [`VariantPack`](crate::graph::VariantPack) and
//! [`Handle::execute`](crate::Handle::execute), so every buffer is checked
//! (length, CUDA context, outputs not shared; a plan for a described GPU
//! against the handle's) before cuDNN runs.
//!
//! [`Attention`] is for training: its forward writes the softmax
//! statistics its backward reads. [`AttentionInference`] is the forward
//! alone, without statistics; it has no `backward` at all, so gradients of
//! an inference layer are a compile error rather than a runtime refusal.
//! Both check the head dim against cuDNN's rules for the passes they build
//! ([`AttentionPass`]).
//!
//! The normalizations need cuDNN 9; attention needs cuDNN 9.13 for the
//! forward and 9.17 for the backward (9.21 with a causal mask, a
//! window or sink tokens, 9.15 with padding); [`MoeExperts`] 9.15. An
//! older cuDNN is a typed refusal of `new`,
//! except that a forward without a window is built below those as the
//! composite graph of older releases (see
//! [`Graph::sdpa_forward`](crate::graph::Graph::sdpa_forward)), so
//! [`AttentionInference`] plans on them (cuDNN 9.8 and later for a
//! described GPU).
//!
//! ```no_run
//! use cudnn::graph::{DeviceProperties, Settings, Target};
//! use cudnn::half::bf16;
//! use cudnn::nn::{
//!     Attention, AttentionForward, AttentionInference, AttentionOptions, AttentionShape,
//! };
//! use cudnn::Handle;
//!
//! # fn main() -> cudnn::Result<()> {
//! let shape = AttentionShape {
//!     batch: 2, heads: 8, kv_heads: 2, seq_q: 512, seq_kv: 512, head_dim: 64,
//! };
//! let options = AttentionOptions { causal: true, ..AttentionOptions::default() };
//! // Planned for a described H200 before any GPU is touched.
//! let lib = cudnn::library()?;
//! let h200 = DeviceProperties::preset("h200")?;
//! let target = Target::Device { library: &lib, device: &h200 };
//! let _serving = AttentionInference::<bf16>::new(target, shape, options, &Settings::default(), None)?;
//!
//! let stream = cudnn::cuda_context(0)?.default_stream();
//! let handle = Handle::new(stream.clone())?;
//! let mut attn = Attention::<bf16>::new(&handle, shape, options, &Settings::default(), None)?;
//! let q = stream.alloc_zeros::<bf16>(shape.q_len())?;
//! let k = stream.alloc_zeros::<bf16>(shape.kv_len())?;
//! let v = stream.alloc_zeros::<bf16>(shape.kv_len())?;
//! let mut o = stream.alloc_zeros::<bf16>(shape.q_len())?;
//! let mut stats = stream.alloc_zeros::<f32>(shape.stats_len())?;
//! attn.forward(&handle, AttentionForward {
//!     q: &q, k: &k, v: &v, o: &mut o, stats: &mut stats, seq_lens: None, sink: None,
//! })?;
//! # Ok(()) }
//! ```

mod attention;
mod attention_fp8;
mod element;
mod layer_norm;
mod layer_shape;
mod linear;
mod linear_fp8;
mod moe_experts;
mod plans;
mod rms_norm;

pub use attention::{
    Attention, AttentionBackward, AttentionForward, AttentionInference, AttentionInferenceForward,
    SeqLens,
};
pub use attention_fp8::{AttentionFp8Forward, AttentionFp8Inference};
pub use element::{
    AttentionElement, AttentionFp8Output, Fp8Element, LinearElement, LinearFp8Output, NormElement,
};
pub use layer_norm::{LayerNorm, LayerNormBackward, LayerNormForward};
pub use layer_shape::{
    AttentionOptions, AttentionPass, AttentionShape, LinearShape, NormShape, ATTENTION_DATA_TYPES,
    NORM_DATA_TYPES,
};
pub use linear::{Linear, LinearActivation, LinearForward};
pub use linear_fp8::{LinearFp8, LinearFp8Forward};
pub use moe_experts::{MoeElement, MoeExperts, MoeForward, MoeMode, MoeRoute, MoeShape};
pub use rms_norm::{RmsNorm, RmsNormBackward, RmsNormForward};

// Pure checks that touch no unsafe code: not worth Miri's time.
#[cfg(all(test, not(miri)))]
mod nn_host_tests;
// Plans for described GPUs with the real cuDNN: no GPU, but not for Miri.
#[cfg(all(test, not(miri)))]
mod moe_host_tests;
