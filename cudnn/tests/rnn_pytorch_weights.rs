//! PyTorch's RNN weights on cuDNN's weight space, with the fixtures that
//! check the CPU reference RNN (`cudnn-reference/tests/fixtures/rnn.json`,
//! PyTorch's `nn.LSTM`, `nn.GRU` and `nn.RNN` in float64): loaded by name
//! into the layout this crate predicts (`RnnConfig::predicted_weight_layout`)
//! and read back by cuDNN's `linLayerID`s, they are PyTorch's tensors again
//! and give PyTorch's results through the reference.
//!
//! Needs neither cuDNN nor a GPU.

mod common;
#[path = "../../cudnn-reference/tests/support/rnn_fixtures.rs"]
mod rnn_fixtures;

use cudnn::rnn::{RnnBiasMode, RnnParamKind, RnnParamSide};
use cudnn::rnn::{RnnConfig, RnnWeightLayout};
use cudnn_reference::conv::max_rel_error;
use cudnn_reference::rnn::{self, DirectionWeights, RnnGeometry, RnnWeights};
use rnn_fixtures::{fixtures, Case};

/// The case's network as the safe crate's configuration.
fn config(case: &Case) -> RnnConfig {
    let mut c = RnnConfig::new(
        common::convert::rnn_mode(case.cell()),
        case.input_size,
        case.hidden_size,
        case.num_layers,
    )
    .with_projection(case.proj_size);
    if case.bidirectional {
        c = c.bidirectional();
    }
    if !case.bias {
        c = c.with_bias_mode(RnnBiasMode::NO_BIAS);
    }
    c
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
        let layout = config(&case).predicted_weight_layout().expect("layout");
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
        let layout = config(case).predicted_weight_layout().expect("layout");
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
