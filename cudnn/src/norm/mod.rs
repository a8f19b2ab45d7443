//! Normalization: batch normalization (forward inference and training,
//! backward, and the fused `_ex` forms with an activation and an addend).

pub(crate) mod batchnorm;

pub use batchnorm::*;
