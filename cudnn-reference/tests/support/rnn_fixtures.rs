//! The RNN fixtures (`tests/fixtures/rnn.json`, written by
//! `scripts/make-torch-fixtures.sh` from PyTorch's `nn.LSTM`, `nn.GRU` and
//! `nn.RNN` on the CPU in float64): their cases, read into the reference's
//! geometry and weights.
//!
//! Included by this crate's `tests/reference_rnn.rs` (the reference against
//! PyTorch) and by `cudnn/tests/rnn_pytorch_weights.rs` (PyTorch's weights
//! on cuDNN's weight-space layout) with `#[path]`; each uses part of it.

#![allow(dead_code)]

use cudnn_reference::rnn::{RnnCell, RnnGeometry, RnnWeights};
use serde::Deserialize;

/// One named tensor of a case, flat and row-major.
#[derive(Deserialize)]
pub struct Tensor {
    pub name: String,
    #[serde(default)]
    pub shape: Vec<usize>,
    pub data: Vec<f64>,
}

/// One case of `rnn.json`. Sequence data are flat `(max_seq_len, batch,
/// features)`, states `(layers * dirs, batch, features)`.
#[derive(Deserialize)]
pub struct Case {
    pub name: String,
    pub mode: String,
    pub input_size: usize,
    pub hidden_size: usize,
    pub proj_size: usize,
    pub num_layers: usize,
    pub bidirectional: bool,
    pub bias: bool,
    pub batch_first: bool,
    pub max_seq_len: usize,
    pub batch: usize,
    pub lengths: Vec<usize>,
    pub x: Vec<f64>,
    pub h0: Option<Vec<f64>>,
    pub c0: Option<Vec<f64>>,
    pub dy: Vec<f64>,
    pub dhy: Vec<f64>,
    pub dcy: Option<Vec<f64>>,
    pub params: Vec<Tensor>,
    pub y: Vec<f64>,
    pub hy: Vec<f64>,
    pub cy: Option<Vec<f64>>,
    pub dx: Vec<f64>,
    pub dh0: Option<Vec<f64>>,
    pub dc0: Option<Vec<f64>>,
    pub grads: Vec<Tensor>,
}

#[derive(Deserialize)]
pub struct Fixtures {
    pub generator: String,
    pub cases: Vec<Case>,
}

pub fn fixtures() -> Fixtures {
    let f: Fixtures = serde_json::from_str(include_str!("../fixtures/rnn.json"))
        .expect("tests/fixtures/rnn.json does not parse");
    assert!(
        f.generator.starts_with("torch "),
        "unexpected generator {:?}",
        f.generator
    );
    assert!(f.cases.len() >= 12, "too few cases");
    f
}

impl Case {
    pub fn cell(&self) -> RnnCell {
        match self.mode.as_str() {
            "lstm" => RnnCell::Lstm,
            "gru" => RnnCell::Gru,
            "rnn_tanh" => RnnCell::Tanh,
            "rnn_relu" => RnnCell::Relu,
            other => panic!("case {}: unknown mode {other}", self.name),
        }
    }

    pub fn geometry(&self) -> RnnGeometry {
        let g = RnnGeometry {
            cell: self.cell(),
            input_size: self.input_size,
            hidden_size: self.hidden_size,
            proj_size: self.proj_size,
            num_layers: self.num_layers,
            bidirectional: self.bidirectional,
            skip_input: false,
            clip: None,
            max_seq_len: self.max_seq_len,
            batch: self.batch,
            seq_lengths: self.lengths.clone(),
        };
        assert_eq!(g.validate(), Ok(()), "case {}", self.name);
        for (what, len, expected) in [
            ("x", self.x.len(), g.x_len()),
            ("dy", self.dy.len(), g.y_len()),
            ("y", self.y.len(), g.y_len()),
            ("dx", self.dx.len(), g.x_len()),
            ("hy", self.hy.len(), g.h_len()),
            ("dhy", self.dhy.len(), g.h_len()),
        ] {
            assert_eq!(len, expected, "case {}: {what} length", self.name);
        }
        g
    }

    /// PyTorch's parameters as the reference's weights, by name.
    pub fn weights(&self, g: &RnnGeometry) -> RnnWeights<f64> {
        let mut w = RnnWeights::<f64>::zeros(g, self.bias, self.bias);
        let names = w.names();
        assert_eq!(
            names,
            self.params
                .iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>(),
            "case {}: PyTorch's parameter names and order",
            self.name
        );
        for p in &self.params {
            let slot = w.get_mut(&p.name).expect("named");
            assert_eq!(
                slot.len(),
                p.shape.iter().product::<usize>(),
                "case {}: {} shape {:?}",
                self.name,
                p.name,
                p.shape
            );
            slot.clone_from(&p.data);
        }
        assert_eq!(w.check(g), Ok(()));
        w
    }
}
