//! CPU reference implementations: the oracles GPU results are compared with.
//!
//! The functions here compute what cuDNN's operations are specified to
//! compute, with plain loops that are easy to read and check by eye, in `f64`
//! whatever the element type. They need no GPU and no cuDNN, and they make no
//! attempt at speed beyond avoiding the absurd. The GPU tests run an
//! operation through cuDNN, run the same operation here, and compare the two
//! with a tolerance that suits the element type (see
//! [`conv::max_rel_error`]).
//!
//! An oracle is only as good as its own checks, so besides unit tests on
//! cases small enough to work out by hand, these implementations are checked
//! against fixtures produced by an independent implementation — JAX's
//! `jax.lax` on the CPU in `f64` (`cudnn/tests/fixtures/*.json`, regenerated
//! by `scripts/make-fixtures.sh`; the test is `cudnn/tests/reference_conv.rs`).
//!
//! Functions panic only when called wrongly (a slice of the wrong length, an
//! invalid geometry): these are test helpers, and a wrong call is a bug in
//! the test.

pub mod activation;
pub mod batchnorm;
pub mod conv;
pub mod lrn;
pub mod pool;
pub mod rnn;
pub mod softmax;
pub mod tensor_ops;
