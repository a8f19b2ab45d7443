//! Every GPU test file of `cudnn/tests/` in one test binary, the one
//! `scripts/gpu-test.sh bundle` carries to a GPU machine. Each file is a
//! module named as the file, so `gpu graph_gpu::` runs what
//! `cargo test --test graph_gpu` would. Each brings its own copy of
//! `common` (its `mod common;`).
//!
//! A new `cudnn/tests/<name>_gpu.rs`: one line here, and in
//! `cudnn/Cargo.toml` a `[[test]]` entry with `test = false`, so that
//! `cargo test` builds its tests once, here (`cargo test --test <name>_gpu`
//! still builds it alone). `scripts/gpu-test.sh bundle` refuses a GPU test
//! file missing from either.

// Each file's `mod common;` loads the same files: on purpose, so that the
// files build unchanged both here and alone.
#![allow(clippy::duplicate_mod)]

#[path = "../causal_conv1d_gpu.rs"]
mod causal_conv1d_gpu;
#[path = "../conv_gpu.rs"]
mod conv_gpu;
#[path = "../ctc_gpu.rs"]
mod ctc_gpu;
#[path = "../graph_gpu.rs"]
mod graph_gpu;
#[path = "../graph_norm_attention_gpu.rs"]
mod graph_norm_attention_gpu;
#[path = "../handle_gpu.rs"]
mod handle_gpu;
#[path = "../launch_gpu.rs"]
mod launch_gpu;
#[path = "../nn_gpu.rs"]
mod nn_gpu;
#[path = "../norm_gpu.rs"]
mod norm_gpu;
#[path = "../ops_gpu.rs"]
mod ops_gpu;
#[path = "../raw_view_gpu.rs"]
mod raw_view_gpu;
#[path = "../rnn_gpu.rs"]
mod rnn_gpu;
