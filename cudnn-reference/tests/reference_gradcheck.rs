//! Every backward of the CPU reference against finite differences of its
//! forward: for a loss `L = sum(forward(x) * dy)`, the backward's `dx` must
//! equal `dL/dx` estimated by central differences. Needs no GPU and no
//! cuDNN.

use cudnn_reference::activation::{self, ActivationKind};
use cudnn_reference::batchnorm::{self, BatchNormMode};
use cudnn_reference::conv::{self, ConvGeometry};
use cudnn_reference::lrn;
use cudnn_reference::pool::{self, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self, SoftmaxAlgo, SoftmaxMode};

#[path = "support/gradcheck.rs"]
mod gradcheck;

use gradcheck::{assert_close, numeric_grad, values};

#[test]
fn convolution() {
    let g = ConvGeometry {
        batch: 2,
        in_channels: 4,
        out_channels: 4,
        input: vec![5, 6],
        kernel: vec![3, 2],
        padding: vec![1, 1],
        stride: vec![2, 1],
        dilation: vec![1, 2],
        groups: 2,
        cross_correlation: false,
    };
    let x = values(g.x_len(), 1);
    let w = values(g.w_len(), 2);
    let dy = values(g.y_len(), 3);
    assert_close(
        "conv dx",
        &conv::backward_data(&g, &w, &dy),
        &numeric_grad(&x, &dy, |x| conv::forward(&g, x, &w)),
    );
    assert_close(
        "conv dw",
        &conv::backward_filter(&g, &x, &dy),
        &numeric_grad(&w, &dy, |w| conv::forward(&g, &x, w)),
    );
}

#[test]
fn pooling() {
    for mode in [
        PoolMode::Max,
        PoolMode::AverageIncludePadding,
        PoolMode::AverageExcludePadding,
    ] {
        for g in [
            PoolGeometry {
                batch: 2,
                channels: 2,
                input: vec![5, 6],
                window: vec![3, 2],
                padding: vec![1, 1],
                stride: vec![2, 2],
            },
            PoolGeometry {
                batch: 1,
                channels: 3,
                input: vec![4, 3, 5],
                window: vec![2, 2, 3],
                padding: vec![1, 0, 1],
                stride: vec![1, 2, 2],
            },
        ] {
            let x = values(g.x_len(), 4);
            let y = pool::forward(&g, mode, &x);
            let dy = values(y.len(), 5);
            let dx = pool::backward(&g, mode, &x, &y, &dy);
            assert_close(
                &format!("{mode:?} pooling"),
                &dx,
                &numeric_grad(&x, &dy, |x| pool::forward(&g, mode, x)),
            );
        }
    }
}

#[test]
fn activations() {
    // Away from the kinks of ReLU and clipped ReLU (at 0 and the ceiling).
    let x: Vec<f64> = values(64, 6)
        .into_iter()
        .map(|v| if v.abs() < 0.05 { v + 0.1 } else { v } * 2.0)
        .collect();
    for kind in [
        ActivationKind::Relu,
        ActivationKind::Sigmoid,
        ActivationKind::Tanh,
        ActivationKind::ClippedRelu { ceiling: 0.7 },
        ActivationKind::Elu { alpha: 1.3 },
        ActivationKind::Swish { beta: 0.8 },
        ActivationKind::Identity,
    ] {
        let x: Vec<f64> = x
            .iter()
            .map(|&v| if (v - 0.7).abs() < 0.05 { v + 0.1 } else { v })
            .collect();
        let y = activation::forward(kind, &x);
        let dy = values(x.len(), 7);
        let dx = activation::backward(kind, &x, &y, &dy);
        assert_close(
            &format!("{kind:?}"),
            &dx,
            &numeric_grad(&x, &dy, |x| activation::forward(kind, x)),
        );
    }
}

#[test]
fn softmaxes() {
    let (n, c, s) = (2, 5, 3);
    let x = values(n * c * s, 8);
    let dy = values(n * c * s, 9);
    for algo in [SoftmaxAlgo::Fast, SoftmaxAlgo::Accurate, SoftmaxAlgo::Log] {
        for mode in [SoftmaxMode::Instance, SoftmaxMode::Channel] {
            let y = softmax::forward(algo, mode, n, c, s, &x);
            let dx = softmax::backward(algo, mode, n, c, s, &y, &dy);
            let numeric = numeric_grad(&x, &dy, |x| softmax::forward(algo, mode, n, c, s, x));
            assert_close(&format!("{algo:?} {mode:?}"), &dx, &numeric);
        }
    }
}

#[test]
fn local_response_normalization() {
    let (n, c, s) = (2, 7, 4);
    let x = values(n * c * s, 10);
    let dy = values(n * c * s, 11);
    for n_lrn in [1, 3, 4, 5] {
        let (alpha, beta, k) = (0.9, 0.75, 1.5);
        let y = lrn::forward(n_lrn, alpha, beta, k, n, c, s, &x);
        let dx = lrn::backward(n_lrn, alpha, beta, k, n, c, s, &x, &y, &dy);
        let numeric = numeric_grad(&x, &dy, |x| lrn::forward(n_lrn, alpha, beta, k, n, c, s, x));
        assert_close(&format!("LRN n={n_lrn}"), &dx, &numeric);
    }
}

#[test]
fn batch_normalization() {
    let (n, c, s) = (3, 2, 4);
    let x = values(n * c * s, 12);
    let dy = values(n * c * s, 13);
    for mode in [BatchNormMode::Spatial, BatchNormMode::PerActivation] {
        let p = batchnorm::param_len(mode, c, s);
        let scale = values(p, 14);
        let bias = values(p, 15);
        let zeros = vec![0.0; p];
        let ones = vec![1.0; p];
        let eps = 1e-3;
        let fwd = |x: &[f64], scale: &[f64], bias: &[f64]| {
            batchnorm::training_forward::<f64, f64>(
                mode, n, c, s, eps, 0.1, x, scale, bias, &zeros, &ones,
            )
            .y
        };
        let b = batchnorm::backward::<f64, f64>(mode, n, c, s, eps, &x, &dy, &scale, None);
        assert_close(
            &format!("{mode:?} dx"),
            &b.dx,
            &numeric_grad(&x, &dy, |x| fwd(x, &scale, &bias)),
        );
        assert_close(
            &format!("{mode:?} dscale"),
            &b.dscale,
            &numeric_grad(&scale, &dy, |sc| fwd(&x, sc, &bias)),
        );
        assert_close(
            &format!("{mode:?} dbias"),
            &b.dbias,
            &numeric_grad(&bias, &dy, |bi| fwd(&x, &scale, bi)),
        );
    }
}
