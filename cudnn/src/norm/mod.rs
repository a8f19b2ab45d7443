//! Normalization: batch normalization (forward inference and training,
//! backward, and the fused `_ex` forms with an activation and an addend).
//!
//! A [`BatchNormProblem`] holds what the launches of one layer share: the
//! descriptors of `x` and `y`, the mode, the parameter descriptor
//! (`derive_bn_descriptor`), epsilon and the fused operations. The scale,
//! bias, mean and variance live in a tensor whose shape cuDNN derives from
//! the input's: `(1, C, 1, 1[, 1])` for the spatial modes, `(1, C, H, W[,
//! D])` per activation, always packed NCHW, of type [`BnParam::Param`]
//! (`f32` for `f16`, `bf16` and `f32` data, `f64` for `f64`). Each launch
//! takes the problem, a struct of named buffers and its scaling; it checks
//! its arguments first with a method of the problem
//! (`BatchNormProblem::check_forward_training`, ...), which needs no GPU.

mod norm_args;
mod norm_launch;
mod norm_problem;
mod param;

pub use norm_args::{
    BnBackwardArgs, BnBackwardExArgs, BnBackwardScaling, BnInferenceArgs, BnRunningStats,
    BnSavedStats, BnSavedStatsMut, BnTrainingArgs, BnTrainingExArgs,
};
pub use norm_problem::{
    BatchNormProblem, BnBackwardLengths, BnInferenceLengths, BnTrainingLengths,
};
pub use param::{
    batch_norm_param_dims, derive_bn_descriptor, BatchNormMode, BatchNormOps, BnParam,
};

// They load the real cuDNN, which Miri cannot.
#[cfg(all(test, not(miri)))]
mod norm_host_tests;
