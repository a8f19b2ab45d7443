//! The element-wise and small op families: activation, pooling, softmax,
//! local response normalization, dropout, the CTC loss, the causal
//! depthwise convolution and the tensor operations (add, op-tensor, scale,
//! set, transform, reduce).

pub(crate) mod activation;
pub(crate) mod causal_conv1d;
pub(crate) mod ctc_loss;
pub(crate) mod dropout;
pub(crate) mod lrn;
pub(crate) mod pooling;
pub(crate) mod softmax;
pub(crate) mod tensor_ops;

pub use activation::*;
pub use causal_conv1d::*;
pub use ctc_loss::*;
pub use dropout::*;
pub use lrn::*;
pub use pooling::*;
pub use softmax::*;
pub use tensor_ops::*;

// They load the real cuDNN, which Miri cannot.
#[cfg(all(test, not(miri)))]
mod causal_conv1d_host_tests;
#[cfg(all(test, not(miri)))]
mod ctc_loss_host_tests;
#[cfg(all(test, not(miri)))]
mod ops_host_tests;
