//! Recurrent networks: configurations, descriptors, sequence data,
//! problems and their checks, the predicted weight layout and PyTorch's
//! names.

use std::sync::Arc;

use cudnn::rnn::{
    rnn_data_len, RnnClip, RnnComputesIn, RnnParam, RnnParamKind, RnnParamSide, RnnTensor,
};
use cudnn::rnn::{
    RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnProblem, RnnReserveSpace,
};
use cudnn::ComputeType;

use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "rnn",
        weight: 7,
        needs_lib: true,
        writes_files: false,
        run: rnn,
    },
    Area {
        name: "rnn-rules",
        weight: 4,
        needs_lib: false,
        writes_files: false,
        run: rnn_rules,
    },
    Area {
        name: "rnn-weights",
        weight: 4,
        needs_lib: false,
        writes_files: false,
        run: rnn_weights,
    },
];

/// An RNN configuration: mostly valid and small, sometimes anything.
fn config(c: &mut Case) -> RnnConfig {
    let mode = cudnn::sys::cudnnRNNMode_t(c.rng.enum_value(4));
    let mut config = RnnConfig::new(mode, c.rng.small(), c.rng.small(), c.rng.range(1, 3));
    if c.rng.coin() {
        config = config.bidirectional();
    }
    if c.rng.one_in(4) {
        config = config.with_projection(c.rng.small().min(c.rng.size()));
    }
    if c.rng.one_in(4) {
        config = config.with_bias_mode(cudnn::sys::cudnnRNNBiasMode_t(c.rng.enum_value(4)));
    }
    if c.rng.one_in(5) {
        config = config.with_input_mode(cudnn::sys::cudnnRNNInputMode_t(c.rng.enum_value(2)));
        if c.rng.coin() {
            config.input_size = config.hidden_size;
        }
    }
    if c.rng.one_in(6) {
        config = config.with_algo(cudnn::sys::cudnnRNNAlgo_t(c.rng.enum_value(4)));
    }
    if c.rng.one_in(6) {
        config = config.with_math_type(cudnn::sys::cudnnMathType_t(c.rng.enum_value(4)));
    }
    if c.rng.one_in(8) {
        config.direction = cudnn::sys::cudnnDirectionMode_t(c.rng.enum_value(2));
    }
    if c.rng.one_in(10) {
        config.num_layers = c.rng.size();
    }
    config
}

/// A batch of sequences: layout, padded length, lengths.
fn batch(c: &mut Case) -> (RnnDataLayout, usize, Vec<usize>) {
    let layout = cudnn::sys::cudnnRNNDataLayout_t(c.rng.enum_value(3));
    let max = c.rng.small();
    let n = if c.rng.one_in(10) {
        c.rng.range(0, 40)
    } else {
        c.rng.range(1, 4)
    };
    let mut lengths: Vec<usize> = (0..n)
        .map(|_| {
            if c.rng.one_in(8) {
                c.rng.size()
            } else {
                c.rng.range(1, max.clamp(1, 64))
            }
        })
        .collect();
    if layout == RnnDataLayout::SEQ_MAJOR_PACKED && !c.rng.one_in(4) {
        lengths.sort_unstable_by(|a, b| b.cmp(a));
    }
    (layout, max, lengths)
}

fn rnn(c: &mut Case) {
    match c.rng.below(5) {
        0 => rnn_of::<f32, f32>(c),
        1 => rnn_of::<f64, f64>(c),
        2 => rnn_of::<cudnn::half::f16, cudnn::half::f16>(c),
        3 => rnn_of::<cudnn::half::f16, f32>(c),
        _ => rnn_of::<cudnn::half::bf16, f32>(c),
    }
}

fn rnn_of<T: RnnComputesIn<C> + Fill, C: ComputeType>(c: &mut Case) {
    let lib = c.lib();
    let config = config(c);
    say!(
        c,
        "RnnDescriptor::<{}, {}>::new_in({config:?})",
        T::NAME,
        C::NAME
    );
    if c.rng.one_in(10) {
        c.note(RnnDescriptor::<T, C>::new(&config, None));
    }
    let r = RnnDescriptor::<T, C>::new_in(Arc::clone(&lib), &config, None);
    let Some(mut rnn) = c.note(r) else { return };
    assert_eq!(rnn.config(), &config);
    if c.rng.one_in(3) {
        say!(c, "; query");
        if let Some((back, data, math)) = c.note(rnn.query()) {
            assert_eq!(back, config);
            assert_eq!((data, math), (T::CUDNN, C::CUDNN));
        }
    }
    if c.rng.one_in(3) {
        let clip = RnnClip {
            mode: cudnn::sys::cudnnRNNClipMode_t(c.rng.enum_value(2)),
            nan_propagation: cudnn::sys::cudnnNanPropagation_t(c.rng.enum_value(2)),
            min: c.rng.f64(),
            max: c.rng.f64(),
        };
        say!(c, "; set_clip({clip:?})");
        let before = rnn.clip().copied();
        let r = rnn.set_clip(clip);
        if r.is_err() {
            assert_eq!(rnn.clip().copied(), before);
        }
        c.note(r);
    }
    if c.rng.one_in(5) {
        c.note(rnn.try_clone());
        c.note(rnn.try_clone_with_dropout(None));
    }
    // The layout lists about 16 regions per pseudo-layer: deep networks
    // take time and memory in proportion (rnn-weights covers the edge).
    if c.rng.one_in(4) && config.num_layers <= 4096 {
        say!(c, "; predicted_weight_layout");
        c.note(rnn.predicted_weight_layout());
    }
    let (layout, max, lengths) = batch(c);
    let vector = if c.rng.one_in(6) {
        c.rng.small()
    } else {
        config.input_size
    };
    say!(
        c,
        "; RnnDataDescriptor::new_in({}, {max}, {vector}, {lengths:?})",
        layout.0
    );
    if c.rng.one_in(10) {
        c.note(RnnDataDescriptor::<T>::new(layout, max, vector, &lengths));
    }
    let r = RnnDataDescriptor::<T>::new_in(Arc::clone(&lib), layout, max, vector, &lengths);
    let Some(mut x) = c.note(r) else { return };
    assert_eq!(x.seq_lengths(), lengths);
    assert_eq!(
        Some(x.required_len()),
        rnn_data_len(layout, max, &lengths, vector)
    );
    if c.rng.one_in(4) {
        say!(c, "; query");
        if let Some((l, m, v, s)) = c.note(x.query()) {
            assert_eq!((l, m, v, &s[..]), (layout, max, vector, &lengths[..]));
        }
    }
    if c.rng.one_in(4) {
        let fill = T::fill(c);
        say!(c, "; set_padding_fill");
        c.note(x.set_padding_fill(fill));
    }
    if c.rng.one_in(6) {
        c.note(x.try_clone());
    }
    let problem = if c.rng.one_in(3) {
        let y_vector = if c.rng.coin() {
            config.y_size()
        } else {
            c.rng.small()
        };
        let (y_layout, y_max, y_lengths) = if c.rng.one_in(4) {
            batch(c)
        } else {
            (layout, max, lengths.clone())
        };
        say!(c, "; y {} {y_max} {y_vector} {y_lengths:?}", y_layout.0);
        let Some(y) = c.note(RnnDataDescriptor::<T>::new_in(
            Arc::clone(&lib),
            y_layout,
            y_max,
            y_vector,
            &y_lengths,
        )) else {
            return;
        };
        say!(c, "; RnnProblem::with_output");
        RnnProblem::with_output(rnn, x, y)
    } else {
        say!(c, "; RnnProblem::new");
        RnnProblem::new(rnn, x)
    };
    let Some(p) = c.note(problem) else { return };
    assert_eq!(p.h().dims(), config.h_dims(lengths.len()));
    let bytes = c.rng.size();
    let tensors = [
        RnnTensor::X,
        RnnTensor::Y,
        RnnTensor::Hidden,
        RnnTensor::Cell,
        RnnTensor::Weights,
    ];
    for tensor in [0, 1, 2, 3, 4, 9] {
        let t = tensors
            .get(tensor)
            .copied()
            .unwrap_or_else(|| c.rng.pick(&tensors));
        let need = p.required_len(t, bytes);
        if t == RnnTensor::Cell {
            assert_eq!(need.is_some(), config.is_lstm());
        }
    }
    let reserve = RnnReserveSpace::new();
    assert!(reserve.is_empty() && !reserve.is_filled());
    if c.rng.one_in(5) {
        c.note(p.try_clone());
    }
    let _ = format!("{p:?}");
    if c.rng.one_in(4) {
        let (rnn, x, y) = p.into_parts();
        assert_eq!(x.seq_lengths(), y.seq_lengths());
        let _ = rnn.into_dropout();
    }
}

/// A padding fill drawn for an element type of the RNNs: an edge value or
/// any bit pattern.
trait Fill: Sized {
    fn fill(c: &mut Case) -> Self;
}

impl Fill for f32 {
    fn fill(c: &mut Case) -> f32 {
        c.rng.f32()
    }
}

impl Fill for f64 {
    fn fill(c: &mut Case) -> f64 {
        c.rng.f64()
    }
}

impl Fill for cudnn::half::f16 {
    fn fill(c: &mut Case) -> Self {
        cudnn::half::f16::from_bits(c.rng.next_u64() as u16)
    }
}

impl Fill for cudnn::half::bf16 {
    fn fill(c: &mut Case) -> Self {
        cudnn::half::bf16::from_bits(c.rng.next_u64() as u16)
    }
}

fn rnn_rules(c: &mut Case) {
    let mut config = config(c);
    if c.rng.coin() {
        config.input_size = c.rng.size();
        config.hidden_size = c.rng.size();
        config.proj_size = c.rng.size();
        config.num_layers = c.rng.size();
    }
    say!(c, "{config:?}");
    let _ = (
        config.gates(),
        config.dirs(),
        config.out_size(),
        config.y_size(),
        config.layer_input_size(c.rng.size()),
        config.pseudo_layers(),
        config.lin_layer_ids(),
        config.has_input_bias(),
        config.has_recurrent_bias(),
        config.h_dims(c.rng.size()),
        config.c_dims(c.rng.size()),
    );
    let _ = RnnClip::min_max(c.rng.f64(), c.rng.f64());
    let (layout, max, lengths) = batch(c);
    let max = if c.rng.one_in(4) { c.rng.size() } else { max };
    let vector = c.rng.size();
    say!(
        c,
        "; rnn_data_len({}, {max}, {lengths:?}, {vector})",
        layout.0
    );
    let _ = rnn_data_len(layout, max, &lengths, vector);
    let param = RnnParam {
        pseudo_layer: c.rng.size(),
        layer: c.rng.size(),
        reverse: c.rng.coin(),
        lin_layer_id: c.rng.size(),
        kind: if c.rng.coin() {
            RnnParamKind::Matrix
        } else {
            RnnParamKind::Bias
        },
        offset: c.rng.size(),
        rows: c.rng.size(),
        cols: c.rng.size(),
    };
    let range = param.range();
    assert!(range.start <= range.end || param.is_empty());
    let _ = (param.len(), param.is_empty());
}

/// Names PyTorch gives, near misses, and anything.
fn torch_name(c: &mut Case) -> String {
    let part = c.rng.pick(&[
        "weight_ih",
        "weight_hh",
        "bias_ih",
        "bias_hh",
        "weight_hr",
        "weight",
        "bias_ihh",
    ]);
    match c.rng.below(6) {
        0 => c.rng.text(24),
        1 => format!("{part}_l{}", c.rng.size()),
        2 => format!("{part}_l99999999999999999999999_reverse"),
        3 => format!("{part}_l{}_reverse", c.rng.range(0, 3)),
        _ => format!("{part}_l{}", c.rng.range(0, 3)),
    }
}

/// Whether an allocation far beyond the machine's memory fails (rather than
/// being promised and then killing the process when touched).
fn huge_allocations_fail() -> bool {
    cfg!(windows)
        || std::fs::read_to_string("/proc/sys/vm/overcommit_memory").is_ok_and(|m| m.trim() != "1")
}

fn rnn_weights(c: &mut Case) {
    if c.rng.one_in(400) && huge_allocations_fail() {
        // The deepest network cuDNN's int allows: its layout does not fit
        // in memory, which must be an error.
        let lstm = cudnn::rnn::RnnMode::LSTM;
        let config = RnnConfig::new(lstm, 1, 2, i32::MAX as usize).bidirectional();
        say!(c, "predicted_weight_layout({config:?})");
        let r = config.predicted_weight_layout();
        assert!(r.is_err(), "a layout of 2^36 regions");
        c.note(r);
        return;
    }
    let config = config(c);
    // The layout lists about 16 regions per pseudo-layer; very deep
    // networks are covered by the rules area, which builds no layout.
    if config.num_layers > 64 {
        return;
    }
    say!(c, "predicted_weight_layout({config:?})");
    let Some(layout) = c.note(config.predicted_weight_layout()) else {
        return;
    };
    let mut end = 0;
    for p in layout.params() {
        assert_eq!(p.offset, end, "regions tile the weight space");
        end = p.range().end;
    }
    assert_eq!(end, layout.len());
    let g = config.gates();
    for side in [
        RnnParamSide::Input,
        RnnParamSide::Recurrent,
        RnnParamSide::Projection,
    ] {
        let gate = if c.rng.coin() {
            c.rng.index(g)
        } else {
            c.rng.size()
        };
        let layer = if c.rng.coin() {
            c.rng.index(config.num_layers)
        } else {
            c.rng.size()
        };
        let _ = layout.lin_layer_id(side, gate);
        let _ = layout.matrix(layer, c.rng.coin(), side, gate);
        let _ = layout.bias(layer, c.rng.coin(), side, gate);
    }
    let _ = layout.find(c.rng.size(), c.rng.coin(), c.rng.size(), RnnParamKind::Bias);
    let names = layout.pytorch_names();
    let name = if !names.is_empty() && c.rng.coin() {
        names[c.rng.index(names.len())].clone()
    } else {
        torch_name(c)
    };
    let shape = layout.pytorch_shape(&name);
    assert_eq!(shape.is_some(), names.contains(&name));
    // Host copies, short when the layout is large.
    let w_len = if c.rng.coin() {
        layout.len()
    } else {
        c.rng.len_near(layout.len())
    }
    .min(1 << 16);
    let v_len = match &shape {
        Some(s) if c.rng.coin() => s.iter().product::<usize>().min(1 << 16),
        _ => c.rng.range(0, 64),
    };
    say!(
        c,
        "; {name:?} shape {shape:?}: load {v_len} values into {w_len}"
    );
    let mut weights = vec![0.0f32; w_len];
    let values: Vec<f32> = (0..v_len).map(|i| i as f32).collect();
    let r = layout.load_pytorch(&mut weights, &name, &values);
    c.note(r);
    if let Some(back) = c.note(layout.read_pytorch(&weights, &name)) {
        if back.len() == values.len() && weights.len() >= layout.len() {
            assert_eq!(back, values);
        }
    }
}
