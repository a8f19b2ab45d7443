//! Recurrent networks on a GPU against the CPU reference: forward
//! (inference and training), backward data and backward weights of every
//! cell, uni- and bidirectional multi-layer stacks, variable-length batches
//! in every data layout, LSTM projections and clipping, bias and input
//! modes, f64, f32 and f16; weights loaded by PyTorch name through the
//! layout cuDNN reports, which is compared with the crate's prediction;
//! dropout descriptors; the launch checks that need a device.
//!
//! All `#[ignore = "needs a CUDA GPU"]`; `scripts/gpu-test.sh` runs them.

mod common;

use common::convert::{rnn_cell, seq_layout};
use common::gpu::{download_flat, gpu, rounded, to_type, upload_flat, values, values_scaled, Gpu};
use cudnn::cudarc::driver::CudaSlice;
use cudnn::half::f16;
use cudnn::ops::DropoutDescriptor;
use cudnn::rnn::{
    RnnBackwardDataArgs, RnnBackwardWeightsArgs, RnnBiasMode, RnnClip, RnnComputesIn,
    RnnForwardArgs, RnnForwardMode, RnnInputMode, RnnParamKind,
};
use cudnn::rnn::{
    RnnConfig, RnnDataDescriptor, RnnDataLayout, RnnDescriptor, RnnMode, RnnProblem,
    RnnReserveSpace, RnnWeightLayout,
};
use cudnn::{ComputeType, DeviceBuffer, DeviceBufferMut, Error, MathType, Mismatch, Workspace};
use cudnn_reference::conv::{max_rel_error, Scalar};
use cudnn_reference::rnn::{self, RnnGeometry, RnnWeights};

const SEQ_MAJOR: RnnDataLayout = RnnDataLayout::SEQ_MAJOR_UNPACKED;
const BATCH_MAJOR: RnnDataLayout = RnnDataLayout::BATCH_MAJOR_UNPACKED;
const PACKED: RnnDataLayout = RnnDataLayout::SEQ_MAJOR_PACKED;

const MODES: [RnnMode; 4] = [
    RnnMode::RNN_RELU,
    RnnMode::RNN_TANH,
    RnnMode::LSTM,
    RnnMode::GRU,
];

/// One GPU case: a network, a batch and what to run it with.
#[derive(Clone, Debug)]
struct Case {
    name: String,
    config: RnnConfig,
    layout: RnnDataLayout,
    lengths: Vec<usize>,
    /// Initial states given (else zeros), and final-state gradients.
    states: bool,
    clip: Option<(f64, f64)>,
}

impl Case {
    fn new(name: &str, config: RnnConfig, layout: RnnDataLayout, lengths: &[usize]) -> Self {
        Case {
            name: name.into(),
            config,
            layout,
            lengths: lengths.to_vec(),
            states: true,
            clip: None,
        }
    }

    fn geometry(&self) -> RnnGeometry {
        let c = &self.config;
        RnnGeometry {
            cell: rnn_cell(c.mode),
            input_size: c.input_size,
            hidden_size: c.hidden_size,
            proj_size: c.proj_size,
            num_layers: c.num_layers,
            bidirectional: c.dirs() == 2,
            skip_input: c.input_mode == RnnInputMode::SKIP_INPUT,
            // cuDNN keeps the bounds in f32 (0.4 becomes 0.4000000059...):
            // an f64 run matches the reference only with those bounds.
            clip: self
                .clip
                .map(|(lo, hi)| (f64::from(lo as f32), f64::from(hi as f32))),
            max_seq_len: *self.lengths.iter().max().expect("a sequence"),
            batch: self.lengths.len(),
            seq_lengths: self.lengths.clone(),
        }
    }
}

/// The prediction of the weight-space layout against cuDNN's (both list
/// their regions by offset): the same regions, shapes and offsets for the
/// configurations whose packing is documented by example (both biases,
/// linear input, no projection: every pseudo-layer's matrices, then every
/// pseudo-layer's biases); for
/// the others (projection, skip input, single or no biases) differences are
/// reported, and the numerical checks, which go through cuDNN's own layout,
/// decide.
fn check_prediction(c: &RnnConfig, actual: &RnnWeightLayout) {
    let predicted = c.predicted_weight_layout().expect("prediction");
    let shapes = |l: &RnnWeightLayout| {
        let mut v: Vec<_> = l
            .params()
            .iter()
            .map(|p| {
                (
                    p.pseudo_layer,
                    p.lin_layer_id,
                    p.kind == RnnParamKind::Bias,
                    p.rows,
                    p.cols,
                )
            })
            .collect();
        v.sort_unstable();
        v
    };
    let documented = c.bias_mode == RnnBiasMode::DOUBLE_BIAS
        && c.input_mode == RnnInputMode::LINEAR_INPUT
        && c.proj_size == 0;
    if documented {
        assert_eq!(shapes(&predicted), shapes(actual), "regions of {c:?}");
        assert_eq!(predicted.params(), actual.params(), "offsets of {c:?}");
        assert_eq!(predicted.len(), actual.len(), "size of {c:?}");
    } else if predicted.params() != actual.params() || predicted.len() != actual.len() {
        eprintln!(
            "note: cuDNN packs {c:?} differently from the prediction:\n  cuDNN {:?}\n  predicted {:?}",
            actual.params(),
            predicted.params()
        );
    }
}

fn dyn_ref<T>(b: &Option<CudaSlice<T>>) -> Option<&dyn DeviceBuffer<T>> {
    b.as_ref().map(|b| b as &dyn DeviceBuffer<T>)
}

fn dyn_mut<T>(b: &mut Option<CudaSlice<T>>) -> Option<&mut dyn DeviceBufferMut<T>> {
    b.as_mut().map(|b| b as &mut dyn DeviceBufferMut<T>)
}

/// A forward pass's buffers without states (zeros in, nothing out).
fn args<'a, T>(
    w: &'a CudaSlice<T>,
    x: &'a CudaSlice<T>,
    y: &'a mut CudaSlice<T>,
) -> RnnForwardArgs<'a, T> {
    RnnForwardArgs {
        w,
        x,
        y,
        hx: None,
        cx: None,
        hy: None,
        cy: None,
    }
}

/// Backward-data buffers without states, `y` also as `dy`.
fn data_args<'a, T>(
    w: &'a CudaSlice<T>,
    y: &'a CudaSlice<T>,
    dx: &'a mut CudaSlice<T>,
) -> RnnBackwardDataArgs<'a, T> {
    RnnBackwardDataArgs {
        w,
        y,
        dy: y,
        dx,
        hx: None,
        cx: None,
        dhy: None,
        dcy: None,
        dhx: None,
        dcx: None,
    }
}

/// Runs `case` through every launch in `T` data with `C` math and compares
/// with the reference; returns the largest error seen.
fn run<T: RnnComputesIn<C> + Scalar, C: ComputeType>(
    gpu: &Gpu,
    case: &Case,
    dropout: Option<DropoutDescriptor>,
    tol: f64,
) -> f64 {
    let (s, handle) = (&gpu.stream, &gpu.handle);
    let c = &case.config;
    let g = case.geometry();
    let label = format!("{} ({}/{})", case.name, T::NAME, C::NAME);
    let lstm = c.is_lstm();
    let zero = T::from_f64(0.0);

    let mut rnn = RnnDescriptor::<T, C>::new(c, dropout).expect("rnn descriptor");
    if let Some((lo, hi)) = case.clip {
        rnn.set_clip(RnnClip::min_max(lo, hi)).expect("clip");
    }
    let layout = handle.rnn_weight_layout(&rnn).expect("weight layout");
    check_prediction(c, &layout);
    assert_eq!(
        layout.len(),
        handle.rnn_weight_space_len(&rnn).expect("weight space")
    );
    let x_desc =
        RnnDataDescriptor::<T>::new(case.layout, g.max_seq_len, c.input_size, &case.lengths)
            .expect("x descriptor");
    let mut p = RnnProblem::new(rnn, x_desc).expect("problem");

    // PyTorch-named weights, loaded into cuDNN's weight space by name.
    let mut w = RnnWeights::<f64>::zeros(&g, c.has_input_bias(), c.has_recurrent_bias());
    for (i, name) in w.names().into_iter().enumerate() {
        let v = w.get_mut(&name).expect("present");
        *v = rounded::<T>(&values_scaled(v.len(), 100 + i as u64, 0.5));
    }
    let mut space = vec![zero; layout.len()];
    for name in w.names() {
        let v = w.get(&name).expect("present");
        layout
            .load_pytorch(&mut space, &name, &to_type::<T>(v))
            .expect("load by name");
    }
    let w_dev = s.clone_htod(&space).expect("weights");

    // Sequence data: the reference's padded sequence-major layout, moved to
    // the case's layout; padded positions 0.
    let pad = |mut v: Vec<f64>, vector: usize| {
        for (b, &len) in case.lengths.iter().enumerate() {
            for t in len..g.max_seq_len {
                let at = (t * g.batch + b) * vector;
                v[at..at + vector].fill(0.0);
            }
        }
        v
    };
    let upload_seq = |v: &[f64], vector: usize| -> CudaSlice<T> {
        let host = rnn::to_layout(
            seq_layout(case.layout),
            &to_type::<T>(v),
            g.max_seq_len,
            &case.lengths,
            vector,
            zero,
        );
        s.clone_htod(&host).expect("upload")
    };
    let download_seq = |b: &CudaSlice<T>, vector: usize| -> Vec<f64> {
        let host = s.clone_dtoh(b).expect("download");
        rnn::from_layout(
            seq_layout(case.layout),
            &host,
            g.max_seq_len,
            &case.lengths,
            vector,
            zero,
        )
        .iter()
        .map(|v| v.to_f64())
        .collect()
    };
    let y_size = c.y_size();
    let x = rounded::<T>(&pad(values(g.x_len(), 1), c.input_size));
    let dy = rounded::<T>(&pad(values(g.y_len(), 2), y_size));
    let h0 = case.states.then(|| rounded::<T>(&values(g.h_len(), 3)));
    let c0 = (case.states && lstm).then(|| rounded::<T>(&values(g.c_len(), 4)));
    let dhy = case.states.then(|| rounded::<T>(&values(g.h_len(), 5)));
    let dcy = (case.states && lstm).then(|| rounded::<T>(&values(g.c_len(), 6)));
    let up = |v: &Option<Vec<f64>>| v.as_ref().map(|v| upload_flat::<T>(s, v));
    let x_dev = upload_seq(&x, c.input_size);
    let dy_dev = upload_seq(&dy, y_size);
    let (h0_dev, c0_dev, dhy_dev, dcy_dev) = (up(&h0), up(&c0), up(&dhy), up(&dcy));

    let want = rnn::forward(&g, &w, &x, h0.as_deref(), c0.as_deref());
    let grads = rnn::backward(
        &g,
        &w,
        &x,
        h0.as_deref(),
        c0.as_deref(),
        &dy,
        dhy.as_deref(),
        dcy.as_deref(),
    );

    let alloc = |n: usize| s.alloc_zeros::<T>(n.max(1)).expect("alloc");
    let mut ws = Workspace::new();
    let mut worst = 0.0f64;
    let mut check = |what: &str, got: &[f64], want: &[f64]| {
        let e = max_rel_error(got, want);
        assert!(e <= tol, "{label}: {what} max error {e:e} > {tol:e}");
        worst = worst.max(e);
    };

    // Inference.
    let mut y_dev = alloc(p.y().required_len());
    let mut hy_dev = Some(alloc(g.h_len()));
    let mut cy_dev = lstm.then(|| alloc(g.c_len()));
    handle
        .rnn_forward_inference(
            &p,
            &mut ws,
            RnnForwardArgs {
                w: &w_dev,
                x: &x_dev,
                y: &mut y_dev,
                hx: dyn_ref(&h0_dev),
                cx: dyn_ref(&c0_dev),
                hy: dyn_mut(&mut hy_dev),
                cy: dyn_mut(&mut cy_dev),
            },
        )
        .expect("forward inference");
    let y_inference = download_seq(&y_dev, y_size);
    if case.clip.is_some() {
        // How far cuDNN's output is from the reference with clipping and
        // from the one without: tells a different clipping rule apart from
        // clipping that is not applied.
        let unclipped = rnn::forward(
            &RnnGeometry {
                clip: None,
                ..g.clone()
            },
            &w,
            &x,
            h0.as_deref(),
            c0.as_deref(),
        );
        eprintln!(
            "{label}: inference y error against the clipped reference {:e}, the unclipped one {:e}; \
             cy {:e} / {:e}",
            max_rel_error(&y_inference, &want.y),
            max_rel_error(&y_inference, &unclipped.y),
            cy_dev.as_ref().map_or(0.0, |c| max_rel_error(&download_flat(s, c), &want.cy)),
            cy_dev.as_ref().map_or(0.0, |c| max_rel_error(&download_flat(s, c), &unclipped.cy)),
        );
    }
    check("inference y", &y_inference, &want.y);
    check(
        "inference hy",
        &download_flat(s, hy_dev.as_ref().expect("hy")),
        &want.hy,
    );
    if let Some(cy) = &cy_dev {
        check("inference cy", &download_flat(s, cy), &want.cy);
    }

    // Training, then backward data and weights.
    let (_, reserve_size) = handle
        .rnn_temp_space_sizes(&p, RnnForwardMode::TRAINING)
        .expect("sizes");
    assert!(reserve_size > 0, "{label}: training needs a reserve space");
    let mut reserve = RnnReserveSpace::new();
    let mut y_dev = alloc(p.y().required_len());
    handle
        .rnn_forward_training(
            &mut p,
            &mut ws,
            &mut reserve,
            RnnForwardArgs {
                w: &w_dev,
                x: &x_dev,
                y: &mut y_dev,
                hx: dyn_ref(&h0_dev),
                cx: dyn_ref(&c0_dev),
                hy: None,
                cy: None,
            },
        )
        .expect("forward training");
    assert!(reserve.is_filled() && reserve.len() >= reserve_size);
    check("training y", &download_seq(&y_dev, y_size), &want.y);

    let mut dx_dev = alloc(p.x().required_len());
    let mut dhx_dev = case.states.then(|| alloc(g.h_len()));
    let mut dcx_dev = (case.states && lstm).then(|| alloc(g.c_len()));
    handle
        .rnn_backward_data(
            &p,
            &mut ws,
            &mut reserve,
            RnnBackwardDataArgs {
                w: &w_dev,
                y: &y_dev,
                dy: &dy_dev,
                dx: &mut dx_dev,
                hx: dyn_ref(&h0_dev),
                cx: dyn_ref(&c0_dev),
                dhy: dyn_ref(&dhy_dev),
                dcy: dyn_ref(&dcy_dev),
                dhx: dyn_mut(&mut dhx_dev),
                dcx: dyn_mut(&mut dcx_dev),
            },
        )
        .expect("backward data");
    check("dx", &download_seq(&dx_dev, c.input_size), &grads.dx);
    if let Some(dhx) = &dhx_dev {
        check("dhx", &download_flat(s, dhx), &grads.dhx);
    }
    if let Some(dcx) = &dcx_dev {
        check("dcx", &download_flat(s, dcx), &grads.dcx);
    }

    let mut dw_dev = alloc(layout.len());
    for round in 1..=2 {
        handle
            .rnn_backward_weights(
                &p,
                &mut ws,
                &mut reserve,
                RnnBackwardWeightsArgs {
                    x: &x_dev,
                    hx: dyn_ref(&h0_dev),
                    y: &y_dev,
                    dw: &mut dw_dev,
                },
            )
            .expect("backward weights");
        // cuDNN accumulates: the second round doubles the first.
        let dw_host = s.clone_dtoh(&dw_dev).expect("dw");
        for name in w.names() {
            let got: Vec<f64> = layout
                .read_pytorch(&dw_host, &name)
                .expect("read by name")
                .iter()
                .map(|v| v.to_f64() / round as f64)
                .collect();
            let want = grads.dw.get(&name).expect("gradient");
            check(&format!("d{name} (round {round})"), &got, want);
        }
    }
    worst
}

fn f64_and_f32(gpu: &Gpu, case: &Case) {
    let e64 = run::<f64, f64>(gpu, case, None, 1e-9);
    let mut f32_case = case.clone();
    f32_case.config.math_type = MathType::FMA_MATH;
    let e32 = run::<f32, f32>(gpu, &f32_case, None, 2e-4);
    eprintln!("{}: max error f64 {e64:e}, f32 {e32:e}", case.name);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_cell_bidirectional_multi_layer_variable_lengths() {
    let gpu = gpu();
    for mode in MODES {
        let c = RnnConfig::new(mode, 5, 6, 3).bidirectional();
        let case = Case::new(&format!("mode {}", mode.0), c, SEQ_MAJOR, &[5, 2, 7, 1]);
        f64_and_f32(&gpu, &case);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_cell_unidirectional_one_layer() {
    let gpu = gpu();
    for mode in MODES {
        let c = RnnConfig::new(mode, 3, 4, 1);
        f64_and_f32(
            &gpu,
            &Case::new(
                &format!("mode {} 1 layer", mode.0),
                c,
                SEQ_MAJOR,
                &[4, 4, 2],
            ),
        );
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn every_data_layout() {
    let gpu = gpu();
    for (layout, lengths) in [
        (SEQ_MAJOR, &[3, 6, 1][..]),
        (BATCH_MAJOR, &[3, 6, 1][..]),
        (PACKED, &[6, 3, 3, 1][..]),
    ] {
        for mode in [RnnMode::LSTM, RnnMode::GRU] {
            let c = RnnConfig::new(mode, 4, 5, 2).bidirectional();
            f64_and_f32(
                &gpu,
                &Case::new(
                    &format!("layout {} mode {}", layout.0, mode.0),
                    c,
                    layout,
                    lengths,
                ),
            );
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn lstm_projection_and_clipping() {
    let gpu = gpu();
    let proj = RnnConfig::new(RnnMode::LSTM, 4, 8, 2)
        .bidirectional()
        .with_projection(3);
    f64_and_f32(&gpu, &Case::new("projection", proj, SEQ_MAJOR, &[4, 1, 3]));
    let mut clipped = Case::new(
        "clipping",
        RnnConfig::new(RnnMode::LSTM, 4, 6, 2),
        BATCH_MAJOR,
        &[5, 3],
    );
    clipped.clip = Some((-0.3, 0.4));
    let mut tiny = Case::new(
        "tiny clipping",
        RnnConfig::new(RnnMode::LSTM, 2, 2, 1),
        SEQ_MAJOR,
        &[3],
    );
    tiny.clip = Some((-0.3, 0.4));
    // One step past the bounds from the start: the initial cell state lies
    // outside them, which tells clipping on read from clipping the new state.
    f64_and_f32(&gpu, &tiny);
    f64_and_f32(&gpu, &clipped);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn bias_and_input_modes_and_zero_states() {
    let gpu = gpu();
    for mode in MODES {
        for bias in [
            RnnBiasMode::NO_BIAS,
            RnnBiasMode::SINGLE_INP_BIAS,
            RnnBiasMode::SINGLE_REC_BIAS,
        ] {
            let c = RnnConfig::new(mode, 3, 4, 2).with_bias_mode(bias);
            f64_and_f32(
                &gpu,
                &Case::new(
                    &format!("mode {} bias {}", mode.0, bias.0),
                    c,
                    SEQ_MAJOR,
                    &[3, 2],
                ),
            );
        }
        let skip = RnnConfig::new(mode, 5, 5, 2)
            .bidirectional()
            .with_input_mode(RnnInputMode::SKIP_INPUT);
        f64_and_f32(
            &gpu,
            &Case::new(
                &format!("mode {} skip input", mode.0),
                skip,
                SEQ_MAJOR,
                &[3, 4],
            ),
        );
        let mut zero = Case::new(
            &format!("mode {} zero states", mode.0),
            RnnConfig::new(mode, 3, 4, 2).bidirectional(),
            PACKED,
            &[4, 2],
        );
        zero.states = false;
        f64_and_f32(&gpu, &zero);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn half_precision() {
    let gpu = gpu();
    for mode in MODES {
        let c = RnnConfig::new(mode, 8, 8, 2).bidirectional();
        let case = Case::new(&format!("f16 mode {}", mode.0), c, SEQ_MAJOR, &[4, 3]);
        let e = run::<f16, f32>(&gpu, &case, None, 3e-2);
        eprintln!("{}: max error {e:e}", case.name);
    }
}

fn dropout(gpu: &Gpu, p: f32) -> DropoutDescriptor {
    let size = gpu.handle.dropout_states_size().expect("states size");
    let states = gpu.stream.alloc_zeros::<u8>(size).expect("states");
    DropoutDescriptor::new(&gpu.handle, p, 1234, states).expect("dropout")
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn dropout_between_layers() {
    let gpu = gpu();
    // A dropout of 0 changes nothing, in training too.
    let none = dropout(&gpu, 0.0);
    let c = RnnConfig::new(RnnMode::LSTM, 4, 6, 3).bidirectional();
    let case = Case::new("dropout 0", c.clone(), SEQ_MAJOR, &[5, 3]);
    run::<f64, f64>(&gpu, &case, Some(none), 1e-9);

    // A dropout of 0.5 leaves inference alone and changes training.
    let half = dropout(&gpu, 0.5);
    let rnn = RnnDescriptor::<f32, f32>::new(&c, Some(half)).expect("rnn");
    assert_eq!(rnn.dropout().map(DropoutDescriptor::probability), Some(0.5));
    let layout = gpu.handle.rnn_weight_layout(&rnn).expect("layout");
    let x_desc = RnnDataDescriptor::<f32>::new(SEQ_MAJOR, 5, 4, &[5, 3]).expect("x");
    let mut p = RnnProblem::new(rnn, x_desc).expect("problem");
    let s = &gpu.stream;
    let w_dev = upload_flat::<f32>(s, &values_scaled(layout.len(), 9, 0.5));
    let x_dev = upload_flat::<f32>(s, &values(p.x().required_len(), 8));
    let mut ws = Workspace::new();
    let mut reserve = RnnReserveSpace::new();
    let mut y_inf = s.alloc_zeros::<f32>(p.y().required_len()).expect("y");
    let mut y_train = s.alloc_zeros::<f32>(p.y().required_len()).expect("y");
    gpu.handle
        .rnn_forward_inference(&p, &mut ws, args(&w_dev, &x_dev, &mut y_inf))
        .expect("inference");
    gpu.handle
        .rnn_forward_training(
            &mut p,
            &mut ws,
            &mut reserve,
            args(&w_dev, &x_dev, &mut y_train),
        )
        .expect("training");
    let (a, b) = (
        s.clone_dtoh(&y_inf).expect("y"),
        s.clone_dtoh(&y_train).expect("y"),
    );
    assert_ne!(
        a, b,
        "dropout 0.5 between layers changes the training output"
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn temporary_and_weight_space_sizes() {
    let gpu = gpu();
    for mode in MODES {
        let c = RnnConfig::new(mode, 5, 7, 2).bidirectional();
        let rnn = RnnDescriptor::<f32, f32>::new(&c, None).expect("rnn");
        let bytes = gpu.handle.rnn_weight_space_size(&rnn).expect("size");
        let predicted = c.predicted_weight_layout().expect("prediction");
        assert_eq!(bytes, predicted.len() * 4, "mode {}", mode.0);
        let x = RnnDataDescriptor::<f32>::new(BATCH_MAJOR, 6, 5, &[6, 2, 4]).expect("x");
        let p = RnnProblem::new(rnn, x).expect("problem");
        let (_, inference_reserve) = gpu
            .handle
            .rnn_temp_space_sizes(&p, RnnForwardMode::INFERENCE)
            .expect("inference sizes");
        let (_, training_reserve) = gpu
            .handle
            .rnn_temp_space_sizes(&p, RnnForwardMode::TRAINING)
            .expect("training sizes");
        assert_eq!(inference_reserve, 0);
        assert!(training_reserve > 0);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn launches_check_before_running() {
    let gpu = gpu();
    let s = &gpu.stream;
    let c = RnnConfig::new(RnnMode::GRU, 3, 4, 1);
    let rnn = RnnDescriptor::<f32, f32>::new(&c, None).expect("rnn");
    let wlen = gpu.handle.rnn_weight_space_len(&rnn).expect("len");
    let x_desc = RnnDataDescriptor::<f32>::new(SEQ_MAJOR, 4, 3, &[4, 2]).expect("x");
    let mut p = RnnProblem::new(rnn, x_desc).expect("problem");
    let w = s.alloc_zeros::<f32>(wlen).expect("w");
    let x = s.alloc_zeros::<f32>(p.x().required_len()).expect("x");
    let mut y = s.alloc_zeros::<f32>(p.y().required_len()).expect("y");
    let mut short_y = s.alloc_zeros::<f32>(p.y().required_len() - 1).expect("y");
    let short_w = s.alloc_zeros::<f32>(wlen - 1).expect("w");
    let mut ws = Workspace::new();
    let kind = |e: Error| match e {
        Error::InvalidArgument { mismatch, .. } => mismatch,
        other => panic!("expected InvalidArgument, got {other:?}"),
    };

    let e = gpu
        .handle
        .rnn_forward_inference(&p, &mut ws, args(&w, &x, &mut short_y))
        .expect_err("short y");
    assert!(matches!(
        kind(e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "y"
    ));
    let e = gpu
        .handle
        .rnn_forward_inference(&p, &mut ws, args(&short_w, &x, &mut y))
        .expect_err("short w");
    assert!(matches!(
        kind(e),
        Mismatch::BufferTooShort { buffer, .. } if buffer == "w"
    ));
    let cell = s.alloc_zeros::<f32>(64).expect("c");
    let e = gpu
        .handle
        .rnn_forward_inference(
            &p,
            &mut ws,
            RnnForwardArgs {
                cx: Some(&cell),
                ..args(&w, &x, &mut y)
            },
        )
        .expect_err("GRU cell state");
    assert!(matches!(kind(e), Mismatch::Unsupported { .. }));

    // Backward without training, and weights before data.
    let mut reserve = RnnReserveSpace::new();
    let mut dx = s.alloc_zeros::<f32>(p.x().required_len()).expect("dx");
    let mut dw = s.alloc_zeros::<f32>(wlen).expect("dw");
    let e = gpu
        .handle
        .rnn_backward_data(&p, &mut ws, &mut reserve, data_args(&w, &y, &mut dx))
        .expect_err("no training forward");
    assert!(matches!(kind(e), Mismatch::Unsupported { .. }));
    gpu.handle
        .rnn_forward_training(&mut p, &mut ws, &mut reserve, args(&w, &x, &mut y))
        .expect("training");
    let e = gpu
        .handle
        .rnn_backward_weights(
            &p,
            &mut ws,
            &mut reserve,
            RnnBackwardWeightsArgs {
                x: &x,
                hx: None,
                y: &y,
                dw: &mut dw,
            },
        )
        .expect_err("weights before data");
    assert!(matches!(kind(e), Mismatch::Unsupported { .. }));
    // Another problem's reserve space is refused too.
    let rnn2 = RnnDescriptor::<f32, f32>::new(&c, None).expect("rnn");
    let x2 = RnnDataDescriptor::<f32>::new(SEQ_MAJOR, 4, 3, &[4, 2]).expect("x");
    let p2 = RnnProblem::new(rnn2, x2).expect("problem");
    let e = gpu
        .handle
        .rnn_backward_data(&p2, &mut ws, &mut reserve, data_args(&w, &y, &mut dx))
        .expect_err("other problem");
    assert!(matches!(kind(e), Mismatch::Unsupported { .. }));
    // A persistent-dynamic build of a standard descriptor is refused.
    let e = gpu
        .handle
        .rnn_build_dynamic(p.rnn(), 2)
        .expect_err("not persistent");
    assert!(matches!(kind(e), Mismatch::Unsupported { .. }));
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_network_of_another_loaded_library_is_refused_at_launch() {
    let gpu = gpu();
    let s = &gpu.stream;
    let other = std::sync::Arc::new(cudnn::Library::open(None).expect("a second copy"));
    let c = RnnConfig::new(RnnMode::GRU, 3, 4, 1);
    let rnn = RnnDescriptor::<f32, f32>::new_in(std::sync::Arc::clone(&other), &c, None)
        .expect("rnn of the other library");
    let other_library = |e: Error, function: &str| match e {
        Error::InvalidArgument {
            function: f,
            mismatch: Mismatch::OtherLibrary { descriptor, .. },
        } => {
            assert_eq!((f, descriptor), (function, "rnn"));
        }
        e => panic!("expected OtherLibrary, got {e:?}"),
    };
    let size = "cudnnGetRNNWeightSpaceSize";
    other_library(
        gpu.handle.rnn_weight_space_size(&rnn).expect_err("size"),
        size,
    );
    other_library(
        gpu.handle.rnn_weight_layout(&rnn).expect_err("layout"),
        size,
    );
    let wlen = c.predicted_weight_layout().expect("layout").len();
    let x_desc = RnnDataDescriptor::<f32>::new_in(other, SEQ_MAJOR, 4, 3, &[4, 2]).expect("x");
    let mut p = RnnProblem::new(rnn, x_desc).expect("one library");
    other_library(
        gpu.handle
            .rnn_temp_space_sizes(&p, RnnForwardMode::TRAINING)
            .expect_err("sizes"),
        "cudnnGetRNNTempSpaceSizes",
    );
    let w = s.alloc_zeros::<f32>(wlen).expect("w");
    let x = s.alloc_zeros::<f32>(p.x().required_len()).expect("x");
    let mut y = s.alloc_zeros::<f32>(p.y().required_len()).expect("y");
    let mut ws = Workspace::new();
    let mut reserve = RnnReserveSpace::new();
    other_library(
        gpu.handle
            .rnn_forward_inference(&p, &mut ws, args(&w, &x, &mut y))
            .expect_err("inference"),
        "cudnnRNNForward",
    );
    other_library(
        gpu.handle
            .rnn_forward_training(&mut p, &mut ws, &mut reserve, args(&w, &x, &mut y))
            .expect_err("training"),
        "cudnnRNNForward",
    );
    assert!(!reserve.is_filled());
}
