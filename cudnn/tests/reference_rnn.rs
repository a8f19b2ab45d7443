//! Checks the CPU reference RNN (`cudnn::reference::rnn`), the oracle the
//! GPU tests compare cuDNN with, against fixtures computed independently by
//! PyTorch (`nn.LSTM`, `nn.GRU`, `nn.RNN` on the CPU in float64, batches of
//! different lengths as packed sequences): `tests/fixtures/rnn.json`,
//! written by `scripts/make-rnn-fixtures.sh`. Also shows how PyTorch's
//! weights map onto cuDNN's weight space (`cudnn::RnnWeightLayout`).
//!
//! Needs neither cuDNN nor a GPU.

use cudnn::reference::conv::max_rel_error;
use cudnn::reference::rnn::{self, DirectionWeights, RnnGeometry, RnnWeights};
use cudnn::{RnnConfig, RnnMode, RnnParamKind, RnnParamSide, RnnWeightLayout};
use serde::Deserialize;

#[derive(Deserialize)]
struct Tensor {
    name: String,
    #[serde(default)]
    shape: Vec<usize>,
    data: Vec<f64>,
}

/// One case of `rnn.json`. Sequence data are flat `(max_seq_len, batch,
/// features)`, states `(layers * dirs, batch, features)`.
#[derive(Deserialize)]
struct Case {
    name: String,
    mode: String,
    input_size: usize,
    hidden_size: usize,
    proj_size: usize,
    num_layers: usize,
    bidirectional: bool,
    bias: bool,
    batch_first: bool,
    max_seq_len: usize,
    batch: usize,
    lengths: Vec<usize>,
    x: Vec<f64>,
    h0: Option<Vec<f64>>,
    c0: Option<Vec<f64>>,
    dy: Vec<f64>,
    dhy: Vec<f64>,
    dcy: Option<Vec<f64>>,
    params: Vec<Tensor>,
    y: Vec<f64>,
    hy: Vec<f64>,
    cy: Option<Vec<f64>>,
    dx: Vec<f64>,
    dh0: Option<Vec<f64>>,
    dc0: Option<Vec<f64>>,
    grads: Vec<Tensor>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    cases: Vec<Case>,
}

fn fixtures() -> Fixtures {
    let f: Fixtures = serde_json::from_str(include_str!("fixtures/rnn.json"))
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
    fn mode(&self) -> RnnMode {
        match self.mode.as_str() {
            "lstm" => RnnMode::CUDNN_LSTM,
            "gru" => RnnMode::CUDNN_GRU,
            "rnn_tanh" => RnnMode::CUDNN_RNN_TANH,
            "rnn_relu" => RnnMode::CUDNN_RNN_RELU,
            other => panic!("case {}: unknown mode {other}", self.name),
        }
    }

    fn geometry(&self) -> RnnGeometry {
        let g = RnnGeometry {
            mode: self.mode(),
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

    fn config(&self) -> RnnConfig {
        let mut c = RnnConfig::new(
            self.mode(),
            self.input_size,
            self.hidden_size,
            self.num_layers,
        )
        .with_projection(self.proj_size);
        if self.bidirectional {
            c = c.bidirectional();
        }
        if !self.bias {
            c = c.with_bias_mode(cudnn::RnnBiasMode::CUDNN_RNN_NO_BIAS);
        }
        c
    }

    /// PyTorch's parameters as the reference's weights, by name.
    fn weights(&self, g: &RnnGeometry) -> RnnWeights<f64> {
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

/// Runs `check` on every case and fails with the names and errors of all
/// the cases whose error exceeds `tolerance`.
fn check_all(what: &str, tolerance: f64, check: impl Fn(&Case, &RnnGeometry) -> f64) {
    let fixtures = fixtures();
    let failures: Vec<String> = fixtures
        .cases
        .iter()
        .filter_map(|case| {
            let error = check(case, &case.geometry());
            (error.is_nan() || error > tolerance)
                .then(|| format!("{}: max error {error:e}", case.name))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{what}: {} of {} cases exceed {tolerance:e} (fixtures from {}):\n  {}",
        failures.len(),
        fixtures.cases.len(),
        fixtures.generator,
        failures.join("\n  ")
    );
}

#[test]
fn the_fixtures_cover_what_the_issue_asks() {
    let f = fixtures();
    let has = |p: &dyn Fn(&Case) -> bool| f.cases.iter().any(p);
    for mode in ["lstm", "gru", "rnn_tanh", "rnn_relu"] {
        assert!(has(&|c| c.mode == mode), "no {mode} case");
        assert!(
            has(&|c| c.mode == mode && c.bidirectional && c.num_layers > 1),
            "no bidirectional multi-layer {mode} case"
        );
    }
    assert!(has(&|c| c.proj_size > 0
        && c.num_layers > 1
        && c.bidirectional));
    assert!(has(&|c| !c.bias));
    assert!(has(&|c| c.h0.is_none()));
    assert!(has(&|c| c.batch_first));
    assert!(has(&|c| c.num_layers >= 3));
    // Variable lengths, with padding in the batch.
    assert!(has(
        &|c| c.lengths.iter().any(|&l| l < c.max_seq_len) && c.batch > 2
    ));
}

#[test]
fn forward_f64_matches_pytorch() {
    check_all("forward (f64)", 1e-10, |case, g| {
        let w = case.weights(g);
        let o = rnn::forward(g, &w, &case.x, case.h0.as_deref(), case.c0.as_deref());
        let mut e = max_rel_error(&o.y, &case.y).max(max_rel_error(&o.hy, &case.hy));
        if let Some(cy) = &case.cy {
            e = e.max(max_rel_error(&o.cy, cy));
        } else {
            assert!(o.cy.is_empty());
        }
        e
    });
}

#[test]
fn forward_f32_matches_pytorch() {
    check_all("forward (f32)", 1e-5, |case, g| {
        let w = case.weights(g).map(|&v| v as f32);
        let x: Vec<f32> = case.x.iter().map(|&v| v as f32).collect();
        let f32s = |v: &Option<Vec<f64>>| {
            v.as_ref()
                .map(|v| v.iter().map(|&v| v as f32).collect::<Vec<f32>>())
        };
        let (h0, c0) = (f32s(&case.h0), f32s(&case.c0));
        let o = rnn::forward(g, &w, &x, h0.as_deref(), c0.as_deref());
        max_rel_error(&o.y, &case.y).max(max_rel_error(&o.hy, &case.hy))
    });
}

#[test]
fn backward_matches_pytorch() {
    check_all("backward (f64)", 1e-10, |case, g| {
        let w = case.weights(g);
        let grads = rnn::backward(
            g,
            &w,
            &case.x,
            case.h0.as_deref(),
            case.c0.as_deref(),
            &case.dy,
            Some(&case.dhy),
            case.dcy.as_deref(),
        );
        let mut e = max_rel_error(&grads.dx, &case.dx);
        if let Some(dh0) = &case.dh0 {
            e = e.max(max_rel_error(&grads.dhx, dh0));
        }
        if let Some(dc0) = &case.dc0 {
            e = e.max(max_rel_error(&grads.dcx, dc0));
        }
        for t in &case.grads {
            let ours = grads
                .dw
                .get(&t.name)
                .expect("every parameter has a gradient");
            e = e.max(max_rel_error(ours, &t.data));
        }
        e
    });
}

/// Rebuilds the reference's weights from a weight space, going by cuDNN's
/// `linLayerID`s only (gate `k` of the input side is ID `k`, of the
/// recurrent side `gates + k`, the projection is 8), not by PyTorch names.
fn weights_from_weight_space(
    layout: &RnnWeightLayout,
    space: &[f64],
    g: &RnnGeometry,
) -> RnnWeights<f64> {
    let gates = g.gates();
    let block = |layer: usize, reverse: bool, ids: std::ops::Range<usize>, kind| {
        let mut out = Vec::new();
        for id in ids {
            let p = layout.find(layer, reverse, id, kind)?;
            out.extend_from_slice(&space[p.range()]);
        }
        Some(out)
    };
    RnnWeights {
        layers: (0..g.num_layers)
            .map(|l| {
                (0..g.dirs())
                    .map(|d| {
                        let r = d == 1;
                        DirectionWeights {
                            weight_ih: block(l, r, 0..gates, RnnParamKind::Matrix),
                            weight_hh: block(l, r, gates..2 * gates, RnnParamKind::Matrix)
                                .expect("recurrent matrices"),
                            bias_ih: block(l, r, 0..gates, RnnParamKind::Bias),
                            bias_hh: block(l, r, gates..2 * gates, RnnParamKind::Bias),
                            weight_hr: block(l, r, 8..9, RnnParamKind::Matrix),
                        }
                    })
                    .collect()
            })
            .collect(),
    }
}

/// PyTorch's parameters are loaded by name into a weight space laid out as
/// this crate predicts cuDNN's; reading the space back by `linLayerID`
/// gives PyTorch's tensors and PyTorch's results.
#[test]
fn pytorch_weights_map_onto_the_weight_space() {
    for case in fixtures().cases {
        let g = case.geometry();
        let config = case.config();
        let layout = config.predicted_weight_layout().expect("layout");
        assert_eq!(
            layout.pytorch_names(),
            case.params
                .iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>(),
            "case {}",
            case.name
        );
        let total: usize = case.params.iter().map(|p| p.data.len()).sum();
        assert_eq!(
            layout.len(),
            total,
            "case {}: every element once",
            case.name
        );
        let mut space = vec![f64::NAN; layout.len()];
        for p in &case.params {
            assert_eq!(
                layout.pytorch_shape(&p.name).as_deref(),
                Some(p.shape.as_slice()),
                "case {}: {}",
                case.name,
                p.name
            );
            layout
                .load_pytorch(&mut space, &p.name, &p.data)
                .expect("load");
        }
        assert!(
            space.iter().all(|v| !v.is_nan()),
            "case {}: holes",
            case.name
        );
        for p in &case.params {
            assert_eq!(layout.read_pytorch(&space, &p.name).expect("read"), p.data);
        }
        let w = weights_from_weight_space(&layout, &space, &g);
        assert_eq!(w, case.weights(&g), "case {}", case.name);
        let o = rnn::forward(&g, &w, &case.x, case.h0.as_deref(), case.c0.as_deref());
        assert!(max_rel_error(&o.y, &case.y) < 1e-10, "case {}", case.name);
    }
}

/// The gate table of `RnnWeightLayout`'s docs, spelled out on PyTorch's
/// tensors.
#[test]
fn gate_order_by_example() {
    let f = fixtures();
    let param = |case: &Case, name: &str| -> Vec<f64> {
        case.params
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.data.clone())
            .expect("parameter")
    };
    let load = |case: &Case| -> (RnnWeightLayout, Vec<f64>) {
        let layout = case.config().predicted_weight_layout().expect("layout");
        let mut space = vec![0.0; layout.len()];
        for p in &case.params {
            layout
                .load_pytorch(&mut space, &p.name, &p.data)
                .expect("load");
        }
        (layout, space)
    };

    // LSTM: PyTorch's i, f, g, o are cuDNN's 0..3 (input) and 4..7
    // (recurrent); the forget gate's input weights are rows H..2H.
    let lstm = f
        .cases
        .iter()
        .find(|c| c.name == "lstm_2layers_bidirectional")
        .expect("case");
    let (layout, space) = load(lstm);
    let (h, input) = (lstm.hidden_size, lstm.input_size);
    let forget = layout
        .matrix(0, false, RnnParamSide::Input, 1)
        .expect("W_f");
    assert_eq!(forget.lin_layer_id, 1);
    assert_eq!((forget.rows, forget.cols), (h, input));
    assert_eq!(
        &space[forget.range()],
        &param(lstm, "weight_ih_l0")[h * input..2 * h * input]
    );
    let output_rec = layout
        .bias(1, true, RnnParamSide::Recurrent, 3)
        .expect("b_Ro");
    assert_eq!(output_rec.lin_layer_id, 7);
    assert_eq!(
        &space[output_rec.range()],
        &param(lstm, "bias_hh_l1_reverse")[3 * h..4 * h]
    );

    // GRU: r, z, n are 0..2 and 3..5; b_hn (inside r * (...)) is the
    // recurrent bias 5.
    let gru = f
        .cases
        .iter()
        .find(|c| c.name == "gru_2layers_bidirectional")
        .expect("case");
    let (layout, space) = load(gru);
    let h = gru.hidden_size;
    let b_hn = layout
        .bias(0, false, RnnParamSide::Recurrent, 2)
        .expect("b_Rh");
    assert_eq!(b_hn.lin_layer_id, 5);
    assert_eq!(
        &space[b_hn.range()],
        &param(gru, "bias_hh_l0")[2 * h..3 * h]
    );
    let update = layout
        .matrix(1, true, RnnParamSide::Recurrent, 1)
        .expect("R_z");
    assert_eq!(update.lin_layer_id, 4);
    assert_eq!(
        &space[update.range()],
        &param(gru, "weight_hh_l1_reverse")[h * h..2 * h * h]
    );

    // LSTM projection: weight_hr is linLayerID 8, (proj, hidden).
    let proj = f
        .cases
        .iter()
        .find(|c| c.proj_size > 0 && c.bidirectional)
        .expect("case");
    let (layout, space) = load(proj);
    let hr = layout
        .matrix(1, true, RnnParamSide::Projection, 0)
        .expect("W_hr");
    assert_eq!(hr.lin_layer_id, 8);
    assert_eq!((hr.rows, hr.cols), (proj.proj_size, proj.hidden_size));
    assert_eq!(&space[hr.range()], &param(proj, "weight_hr_l1_reverse")[..]);
    assert!(layout.bias(0, false, RnnParamSide::Projection, 0).is_none());
}
