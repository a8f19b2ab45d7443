//! The element types the layers take, as sealed traits: a layer is typed
//! by its element, so buffers of another type do not compile.

use crate::core::dtype::DataType;
use crate::core::fp8::{F8E4M3, F8E5M2};
use half::{bf16, f16};

mod sealed {
    pub trait Sealed {}
}

impl sealed::Sealed for f32 {}
impl sealed::Sealed for f16 {}
impl sealed::Sealed for bf16 {}
impl sealed::Sealed for F8E4M3 {}
impl sealed::Sealed for F8E5M2 {}

/// An element type of [`Attention`](super::Attention) and
/// [`AttentionInference`](super::AttentionInference) (`q`, `k`, `v`, the
/// output and their gradients): `half::bf16` or `half::f16`, computed in
/// `f32`. Sealed.
pub trait AttentionElement: DataType + sealed::Sealed {}

impl AttentionElement for bf16 {}
impl AttentionElement for f16 {}

/// An element type of [`LayerNorm`](super::LayerNorm) and
/// [`RmsNorm`](super::RmsNorm) (`x`, `y` and their gradients): `f32`,
/// `half::f16` or `half::bf16`; the parameters and statistics are `f32`
/// whatever it is. Sealed.
pub trait NormElement: DataType + sealed::Sealed {}

impl NormElement for f32 {}
impl NormElement for f16 {}
impl NormElement for bf16 {}

/// An element type of [`Linear`](super::Linear) (`x`, the weight, the
/// bias and `y`): `half::bf16` or `half::f16`, the types cuDNN fuses a
/// matmul's epilogue for on tensor cores; computed in `f32`. Sealed.
pub trait LinearElement: DataType + sealed::Sealed {}

impl LinearElement for bf16 {}
impl LinearElement for f16 {}

/// The element of a [`LinearFp8`](super::LinearFp8)'s input and weight,
/// and of an [`AttentionFp8Inference`](super::AttentionFp8Inference)'s `q`,
/// `k` and `v`:
/// [`F8E4M3`] (the forward's usual choice, more precision) or [`F8E5M2`]
/// (more range). Sealed.
pub trait Fp8Element: DataType + sealed::Sealed {}

impl Fp8Element for F8E4M3 {}
impl Fp8Element for F8E5M2 {}

/// The element of a [`LinearFp8`](super::LinearFp8)'s output: an FP8 type
/// ([`F8E4M3`], [`F8E5M2`]), for the next FP8 layer, or `half::bf16`,
/// `half::f16` or `f32`. Sealed.
pub trait LinearFp8Output: DataType + sealed::Sealed {}

impl LinearFp8Output for F8E4M3 {}
impl LinearFp8Output for F8E5M2 {}
impl LinearFp8Output for bf16 {}
impl LinearFp8Output for f16 {}
impl LinearFp8Output for f32 {}

/// The element of an [`AttentionFp8Inference`](super::AttentionFp8Inference)'s
/// output: an FP8 type ([`F8E4M3`], [`F8E5M2`]), for an FP8 layer after
/// it, or `half::bf16` or `half::f16`. Sealed.
pub trait AttentionFp8Output: DataType + sealed::Sealed {}

impl AttentionFp8Output for F8E4M3 {}
impl AttentionFp8Output for F8E5M2 {}
impl AttentionFp8Output for bf16 {}
impl AttentionFp8Output for f16 {}
