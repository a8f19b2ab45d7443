//! Checks the CPU references of cuDNN's other operations — pooling,
//! activations, softmax, LRN, batch normalisation and tensor arithmetic
//! (`cudnn_reference::{pool, activation, softmax, lrn, batchnorm,
//! tensor_ops}`), the oracles the GPU tests compare cuDNN with — against
//! fixtures computed independently by JAX (`jax.lax.reduce_window`,
//! `jax.nn` and `jax.vjp` on the CPU, in f64) and NumPy:
//! `tests/fixtures/ops.json`, written by `scripts/make-fixtures.sh`.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::activation::{self, ActivationKind};
use cudnn_reference::batchnorm::{self, BatchNormMode};
use cudnn_reference::conv::max_rel_error;
use cudnn_reference::lrn;
use cudnn_reference::pool::{self, PoolGeometry, PoolMode};
use cudnn_reference::softmax::{self, SoftmaxAlgo, SoftmaxMode};
use cudnn_reference::tensor_ops::{self, OpTensorOp, ReduceOp};
use serde::Deserialize;

/// The error tolerated between two f64 computations of the same value.
const TOLERANCE: f64 = 1e-9;

/// A pooling case: a geometry and mode, random `x` and `dy`, and JAX's `y`
/// and `dx`.
#[derive(Deserialize)]
struct PoolCase {
    name: String,
    mode: String,
    batch: usize,
    channels: usize,
    input: Vec<usize>,
    window: Vec<usize>,
    padding: Vec<usize>,
    stride: Vec<usize>,
    x: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
}

/// An activation case: the function (`coef` is its ceiling, alpha or
/// beta), random `x` and `dy`, and JAX's `y` and `dx`.
#[derive(Deserialize)]
struct ActivationCase {
    name: String,
    kind: String,
    coef: f64,
    x: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
}

/// A softmax case over an `(n, c, spatial_len)` tensor.
#[derive(Deserialize)]
struct SoftmaxCase {
    name: String,
    algo: String,
    mode: String,
    n: usize,
    c: usize,
    spatial_len: usize,
    x: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
}

/// An LRN case: cuDNN's `lrnN`, `lrnAlpha`, `lrnBeta`, `lrnK` and an
/// `(n, c, spatial_len)` tensor.
#[derive(Deserialize)]
struct LrnCase {
    name: String,
    n_lrn: usize,
    alpha: f64,
    beta: f64,
    k: f64,
    n: usize,
    c: usize,
    spatial_len: usize,
    x: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    dx: Vec<f64>,
}

/// A batch normalisation case: inputs of the training and inference
/// forward passes and of the backward pass, and what JAX and NumPy make of
/// them.
#[derive(Deserialize)]
struct BatchNormCase {
    name: String,
    mode: String,
    n: usize,
    c: usize,
    spatial_len: usize,
    eps: f64,
    factor: f64,
    x: Vec<f64>,
    scale: Vec<f64>,
    bias: Vec<f64>,
    running_mean: Vec<f64>,
    running_var: Vec<f64>,
    dy: Vec<f64>,
    y: Vec<f64>,
    new_running_mean: Vec<f64>,
    new_running_var: Vec<f64>,
    saved_mean: Vec<f64>,
    saved_inv_std: Vec<f64>,
    y_inference: Vec<f64>,
    dx: Vec<f64>,
    dscale: Vec<f64>,
    dbias: Vec<f64>,
}

/// A reduction case: `a` reduced to `c_dims` by every operation, and the
/// indices of the minimum, maximum and largest absolute value.
#[derive(Deserialize)]
struct ReduceCase {
    name: String,
    a_dims: Vec<usize>,
    c_dims: Vec<usize>,
    a: Vec<f64>,
    add: Vec<f64>,
    mul: Vec<f64>,
    min: Vec<f64>,
    max: Vec<f64>,
    amax: Vec<f64>,
    avg: Vec<f64>,
    norm1: Vec<f64>,
    norm2: Vec<f64>,
    mul_no_zeros: Vec<f64>,
    min_indices: Vec<u32>,
    max_indices: Vec<u32>,
    amax_indices: Vec<u32>,
}

/// An `op_tensor` case: `op(alpha1 * a, alpha2 * b) + beta * c`.
#[derive(Deserialize)]
struct OpTensorCase {
    name: String,
    op: String,
    dims: Vec<usize>,
    b_dims: Vec<usize>,
    alpha1: f64,
    alpha2: f64,
    beta: f64,
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
    result: Vec<f64>,
}

/// An `add_tensor` case: `alpha * a + beta * c`, `a` broadcast.
#[derive(Deserialize)]
struct AddTensorCase {
    name: String,
    a_dims: Vec<usize>,
    c_dims: Vec<usize>,
    alpha: f64,
    beta: f64,
    a: Vec<f64>,
    c: Vec<f64>,
    result: Vec<f64>,
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    pool: Vec<PoolCase>,
    activation: Vec<ActivationCase>,
    softmax: Vec<SoftmaxCase>,
    lrn: Vec<LrnCase>,
    batchnorm: Vec<BatchNormCase>,
    reduce: Vec<ReduceCase>,
    op_tensor: Vec<OpTensorCase>,
    add_tensor: Vec<AddTensorCase>,
}

/// A fixture case, known by its name.
#[path = "support/fixture_checks.rs"]
#[macro_use]
mod fixture_checks;

use fixture_checks::{check_all, worst};

named!(
    PoolCase,
    ActivationCase,
    SoftmaxCase,
    LrnCase,
    BatchNormCase,
    ReduceCase,
    OpTensorCase,
    AddTensorCase
);

fn fixtures() -> Fixtures {
    let fixtures: Fixtures = serde_json::from_str(include_str!("fixtures/ops.json"))
        .expect("tests/fixtures/ops.json does not parse");
    assert!(
        fixtures.generator.contains("jax"),
        "unexpected generator {:?}",
        fixtures.generator
    );
    let counts = [
        ("pool", fixtures.pool.len(), 12),
        ("activation", fixtures.activation.len(), 7),
        ("softmax", fixtures.softmax.len(), 12),
        ("lrn", fixtures.lrn.len(), 4),
        ("batchnorm", fixtures.batchnorm.len(), 4),
        ("reduce", fixtures.reduce.len(), 5),
        ("op_tensor", fixtures.op_tensor.len(), 6),
        ("add_tensor", fixtures.add_tensor.len(), 2),
    ];
    for (section, len, least) in counts {
        assert!(len >= least, "too few {section} cases: {len} < {least}");
    }
    fixtures
}

impl PoolCase {
    fn geometry(&self) -> PoolGeometry {
        let g = PoolGeometry {
            batch: self.batch,
            channels: self.channels,
            input: self.input.clone(),
            window: self.window.clone(),
            padding: self.padding.clone(),
            stride: self.stride.clone(),
        };
        assert_eq!(g.validate(), Ok(()), "case {}", self.name);
        let lens = [
            ("x", self.x.len(), g.x_len()),
            ("dx", self.dx.len(), g.x_len()),
            ("y", self.y.len(), g.y_len()),
            ("dy", self.dy.len(), g.y_len()),
        ];
        for (what, len, expected) in lens {
            assert_eq!(len, expected, "case {}: {what} length", self.name);
        }
        g
    }

    fn mode(&self) -> PoolMode {
        match self.mode.as_str() {
            "max" => PoolMode::Max,
            "average_include_padding" => PoolMode::AverageIncludePadding,
            "average_exclude_padding" => PoolMode::AverageExcludePadding,
            other => panic!("case {}: unknown pooling mode {other:?}", self.name),
        }
    }
}

impl ActivationCase {
    fn kind(&self) -> ActivationKind {
        match self.kind.as_str() {
            "relu" => ActivationKind::Relu,
            "sigmoid" => ActivationKind::Sigmoid,
            "tanh" => ActivationKind::Tanh,
            "clipped_relu" => ActivationKind::ClippedRelu { ceiling: self.coef },
            "elu" => ActivationKind::Elu { alpha: self.coef },
            "swish" => ActivationKind::Swish { beta: self.coef },
            "identity" => ActivationKind::Identity,
            other => panic!("case {}: unknown activation {other:?}", self.name),
        }
    }
}

impl SoftmaxCase {
    fn algo(&self) -> SoftmaxAlgo {
        match self.algo.as_str() {
            "fast" => SoftmaxAlgo::Fast,
            "accurate" => SoftmaxAlgo::Accurate,
            "log" => SoftmaxAlgo::Log,
            other => panic!("case {}: unknown softmax algorithm {other:?}", self.name),
        }
    }

    fn mode(&self) -> SoftmaxMode {
        match self.mode.as_str() {
            "instance" => SoftmaxMode::Instance,
            "channel" => SoftmaxMode::Channel,
            other => panic!("case {}: unknown softmax mode {other:?}", self.name),
        }
    }
}

impl BatchNormCase {
    fn mode(&self) -> BatchNormMode {
        match self.mode.as_str() {
            "spatial" => BatchNormMode::Spatial,
            "per_activation" => BatchNormMode::PerActivation,
            other => panic!("case {}: unknown batch norm mode {other:?}", self.name),
        }
    }
}

impl OpTensorCase {
    fn op(&self) -> OpTensorOp {
        match self.op.as_str() {
            "add" => OpTensorOp::Add,
            "mul" => OpTensorOp::Mul,
            "min" => OpTensorOp::Min,
            "max" => OpTensorOp::Max,
            "sqrt" => OpTensorOp::Sqrt,
            "not" => OpTensorOp::Not,
            other => panic!("case {}: unknown tensor op {other:?}", self.name),
        }
    }
}

#[test]
fn pool_forward_matches_jax() {
    let f = fixtures();
    check_all("pool::forward", &f.pool, &f.generator, TOLERANCE, |case| {
        max_rel_error(
            &pool::forward(&case.geometry(), case.mode(), &case.x),
            &case.y,
        )
    });
}

#[test]
fn pool_backward_matches_jax() {
    let f = fixtures();
    check_all("pool::backward", &f.pool, &f.generator, TOLERANCE, |case| {
        let dx = pool::backward(&case.geometry(), case.mode(), &case.x, &case.y, &case.dy);
        max_rel_error(&dx, &case.dx)
    });
}

#[test]
fn activation_forward_matches_jax() {
    let f = fixtures();
    check_all(
        "activation::forward",
        &f.activation,
        &f.generator,
        TOLERANCE,
        |case| max_rel_error(&activation::forward(case.kind(), &case.x), &case.y),
    );
}

#[test]
fn activation_backward_matches_jax() {
    let f = fixtures();
    check_all(
        "activation::backward",
        &f.activation,
        &f.generator,
        TOLERANCE,
        |case| {
            let dx = activation::backward(case.kind(), &case.x, &case.y, &case.dy);
            max_rel_error(&dx, &case.dx)
        },
    );
}

#[test]
fn softmax_forward_matches_jax() {
    let f = fixtures();
    check_all(
        "softmax::forward",
        &f.softmax,
        &f.generator,
        TOLERANCE,
        |case| {
            let (n, c, s) = (case.n, case.c, case.spatial_len);
            let y = softmax::forward(case.algo(), case.mode(), n, c, s, &case.x);
            max_rel_error(&y, &case.y)
        },
    );
}

#[test]
fn softmax_backward_matches_jax() {
    let f = fixtures();
    check_all(
        "softmax::backward",
        &f.softmax,
        &f.generator,
        TOLERANCE,
        |case| {
            let (n, c, s) = (case.n, case.c, case.spatial_len);
            let dx = softmax::backward(case.algo(), case.mode(), n, c, s, &case.y, &case.dy);
            max_rel_error(&dx, &case.dx)
        },
    );
}

#[test]
fn lrn_forward_matches_jax() {
    let f = fixtures();
    check_all("lrn::forward", &f.lrn, &f.generator, TOLERANCE, |case| {
        let y = lrn::forward(
            case.n_lrn,
            case.alpha,
            case.beta,
            case.k,
            case.n,
            case.c,
            case.spatial_len,
            &case.x,
        );
        max_rel_error(&y, &case.y)
    });
}

#[test]
fn lrn_backward_matches_jax() {
    let f = fixtures();
    check_all("lrn::backward", &f.lrn, &f.generator, TOLERANCE, |case| {
        let dx = lrn::backward(
            case.n_lrn,
            case.alpha,
            case.beta,
            case.k,
            case.n,
            case.c,
            case.spatial_len,
            &case.x,
            &case.y,
            &case.dy,
        );
        max_rel_error(&dx, &case.dx)
    });
}

#[test]
fn batchnorm_training_forward_matches_jax() {
    let f = fixtures();
    check_all(
        "batchnorm::training_forward",
        &f.batchnorm,
        &f.generator,
        TOLERANCE,
        |case| {
            let out = batchnorm::training_forward(
                case.mode(),
                case.n,
                case.c,
                case.spatial_len,
                case.eps,
                case.factor,
                &case.x,
                &case.scale,
                &case.bias,
                &case.running_mean,
                &case.running_var,
            );
            worst([
                max_rel_error(&out.y, &case.y),
                max_rel_error(&out.running_mean, &case.new_running_mean),
                max_rel_error(&out.running_var, &case.new_running_var),
                max_rel_error(&out.saved_mean, &case.saved_mean),
                max_rel_error(&out.saved_inv_std, &case.saved_inv_std),
            ])
        },
    );
}

#[test]
fn batchnorm_inference_forward_matches_numpy() {
    let f = fixtures();
    check_all(
        "batchnorm::inference_forward",
        &f.batchnorm,
        &f.generator,
        TOLERANCE,
        |case| {
            let y = batchnorm::inference_forward(
                case.mode(),
                case.n,
                case.c,
                case.spatial_len,
                case.eps,
                &case.x,
                &case.scale,
                &case.bias,
                &case.running_mean,
                &case.running_var,
            );
            max_rel_error(&y, &case.y_inference)
        },
    );
}

#[test]
fn batchnorm_backward_matches_jax() {
    let f = fixtures();
    check_all(
        "batchnorm::backward",
        &f.batchnorm,
        &f.generator,
        TOLERANCE,
        |case| {
            // With the saved statistics, and computing them again from x.
            let saved = Some((&case.saved_mean[..], &case.saved_inv_std[..]));
            worst([saved, None].into_iter().flat_map(|saved| {
                let grads = batchnorm::backward(
                    case.mode(),
                    case.n,
                    case.c,
                    case.spatial_len,
                    case.eps,
                    &case.x,
                    &case.dy,
                    &case.scale,
                    saved,
                );
                [
                    max_rel_error(&grads.dx, &case.dx),
                    max_rel_error(&grads.dscale, &case.dscale),
                    max_rel_error(&grads.dbias, &case.dbias),
                ]
            }))
        },
    );
}

#[test]
fn reduce_matches_numpy() {
    let f = fixtures();
    check_all(
        "tensor_ops::reduce",
        &f.reduce,
        &f.generator,
        TOLERANCE,
        |case| {
            let expected = [
                (ReduceOp::Add, &case.add),
                (ReduceOp::Mul, &case.mul),
                (ReduceOp::Min, &case.min),
                (ReduceOp::Max, &case.max),
                (ReduceOp::Amax, &case.amax),
                (ReduceOp::Avg, &case.avg),
                (ReduceOp::Norm1, &case.norm1),
                (ReduceOp::Norm2, &case.norm2),
                (ReduceOp::MulNoZeros, &case.mul_no_zeros),
            ];
            worst(expected.into_iter().map(|(op, expected)| {
                let c = tensor_ops::reduce(op, &case.a_dims, &case.a, &case.c_dims);
                max_rel_error(&c, expected)
            }))
        },
    );
}

#[test]
fn reduce_indices_match_numpy() {
    let f = fixtures();
    // The error is the number of indices that differ.
    check_all(
        "tensor_ops::reduce_indices",
        &f.reduce,
        &f.generator,
        0.0,
        |case| {
            let expected = [
                (ReduceOp::Min, &case.min_indices),
                (ReduceOp::Max, &case.max_indices),
                (ReduceOp::Amax, &case.amax_indices),
            ];
            let wrong: usize = expected
                .into_iter()
                .map(|(op, expected)| {
                    let indices =
                        tensor_ops::reduce_indices(op, &case.a_dims, &case.a, &case.c_dims);
                    assert_eq!(indices.len(), expected.len(), "case {}: {op:?}", case.name);
                    indices.iter().zip(expected).filter(|(a, b)| a != b).count()
                })
                .sum();
            wrong as f64
        },
    );
}

#[test]
fn op_tensor_matches_numpy() {
    let f = fixtures();
    check_all(
        "tensor_ops::op_tensor",
        &f.op_tensor,
        &f.generator,
        TOLERANCE,
        |case| {
            let c = tensor_ops::op_tensor(
                case.op(),
                &case.dims,
                case.alpha1,
                &case.a,
                case.alpha2,
                &case.b_dims,
                &case.b,
                case.beta,
                &case.c,
            );
            max_rel_error(&c, &case.result)
        },
    );
}

#[test]
fn add_tensor_matches_numpy() {
    let f = fixtures();
    check_all(
        "tensor_ops::add_tensor",
        &f.add_tensor,
        &f.generator,
        TOLERANCE,
        |case| {
            let c = tensor_ops::add_tensor(
                case.alpha,
                &case.a_dims,
                &case.a,
                case.beta,
                &case.c_dims,
                &case.c,
            );
            max_rel_error(&c, &case.result)
        },
    );
}
