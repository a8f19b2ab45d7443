//! The small op families: activation, pooling, LRN, softmax and dropout
//! (the part without a handle).

use cudnn::ops::pooling_output_dims;
use cudnn::ops::{
    ActivationProblem, DropoutDescriptor, DropoutProblem, LrnDescriptor, LrnProblem,
    PoolingDescriptor, PoolingProblem, SoftmaxProblem,
};
use cudnn::{ActivationDescriptor, DataType, NanPropagation, TensorDescriptor};

use crate::base::make_tensor;
use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "activation",
        weight: 5,
        needs_lib: true,
        writes_files: false,
        run: activation,
    },
    Area {
        name: "pooling",
        weight: 7,
        needs_lib: true,
        writes_files: false,
        run: pooling,
    },
    Area {
        name: "lrn",
        weight: 3,
        needs_lib: true,
        writes_files: false,
        run: lrn,
    },
    Area {
        name: "softmax",
        weight: 2,
        needs_lib: true,
        writes_files: false,
        run: softmax,
    },
    Area {
        name: "dropout",
        weight: 3,
        needs_lib: true,
        writes_files: false,
        run: dropout,
    },
    Area {
        name: "op-rules",
        weight: 3,
        needs_lib: false,
        writes_files: false,
        run: rules,
    },
];

fn nan(c: &mut Case) -> NanPropagation {
    cudnn::sys::cudnnNanPropagation_t(c.rng.enum_value(2))
}

/// Dims of a generated rank, mostly small.
pub fn dims(c: &mut Case) -> Vec<usize> {
    let rank = c.rng.rank();
    c.rng.smalls(rank)
}

/// `dims`, or (sometimes) other dims.
pub fn like(c: &mut Case, dims: &[usize]) -> Vec<usize> {
    if c.rng.one_in(5) {
        self::dims(c)
    } else {
        dims.to_vec()
    }
}

/// Two tensors of usually the same dims.
fn pair<T: DataType>(c: &mut Case) -> Option<(TensorDescriptor<T>, TensorDescriptor<T>)> {
    let d = dims(c);
    let x = make_tensor::<T>(c, &d)?;
    let other = like(c, &d);
    let y = make_tensor::<T>(c, &other)?;
    Some((x, y))
}

fn activation(c: &mut Case) {
    any_dtype!(c, T => activation_of::<T>(c));
}

fn activation_of<T: DataType>(c: &mut Case) {
    let mode = cudnn::sys::cudnnActivationMode_t(c.rng.enum_value(7));
    let nan = nan(c);
    let coef = c.rng.f64();
    say!(
        c,
        "ActivationDescriptor::new_in({}, {}, {coef})",
        mode.0,
        nan.0
    );
    if c.rng.one_in(8) {
        c.note(ActivationDescriptor::new(mode, coef));
    }
    let Some(act) = c.note(ActivationDescriptor::new_in(c.lib(), mode, nan, coef)) else {
        return;
    };
    assert_eq!((act.mode(), act.nan_propagation()), (mode, nan));
    assert!(act.coef().to_bits() == coef.to_bits());
    if c.rng.one_in(4) {
        say!(c, "; try_clone");
        c.note(act.try_clone());
    }
    let Some((x, y)) = pair::<T>(c) else { return };
    let problem = if c.rng.one_in(3) {
        say!(c, "; ActivationProblem::same_descriptor");
        ActivationProblem::same_descriptor(act, x)
    } else {
        say!(c, "; ActivationProblem::new");
        match c.note(ActivationProblem::new(act, x, y)) {
            Some(p) => p,
            None => return,
        }
    };
    assert_eq!(problem.x().dims(), problem.y().dims());
}

fn pooling(c: &mut Case) {
    any_dtype!(c, T => pooling_of::<T>(c));
}

fn pooling_of<T: DataType>(c: &mut Case) {
    let n = match c.rng.below(8) {
        0 => c.rng.range(0, 5),
        1 => 3,
        _ => 2,
    };
    let len = |c: &mut Case| {
        if c.rng.one_in(10) {
            c.rng.range(0, 4)
        } else {
            n
        }
    };
    let (a, b, s) = (len(c), len(c), len(c));
    let window: Vec<usize> = (0..a)
        .map(|_| {
            if c.rng.one_in(8) {
                c.rng.size()
            } else {
                c.rng.range(1, 4)
            }
        })
        .collect();
    let padding: Vec<usize> = (0..b)
        .map(|i| match c.rng.below(10) {
            0 => c.rng.size(),
            // The largest padding a window allows.
            1 => window.get(i).map_or(0, |w| w.saturating_sub(1)),
            _ => c.rng.range(0, 1),
        })
        .collect();
    let stride: Vec<usize> = (0..s)
        .map(|_| {
            if c.rng.one_in(8) {
                c.rng.size()
            } else {
                c.rng.range(1, 3)
            }
        })
        .collect();
    let mode = cudnn::sys::cudnnPoolingMode_t(c.rng.enum_value(4));
    let nan = nan(c);
    say!(
        c,
        "PoolingDescriptor::new_in({}, {}, {window:?}, {padding:?}, {stride:?})",
        mode.0,
        nan.0
    );
    if c.rng.one_in(8) {
        c.note(PoolingDescriptor::new(mode, &window, &padding, &stride));
    }
    let Some(pool) = c.note(PoolingDescriptor::new_in(
        c.lib(),
        mode,
        nan,
        &window,
        &padding,
        &stride,
    )) else {
        return;
    };
    assert_eq!(
        (pool.window(), pool.padding(), pool.stride()),
        (&window[..], &padding[..], &stride[..])
    );
    assert_eq!((pool.mode(), pool.nan_propagation()), (mode, nan));
    if c.rng.one_in(5) {
        c.note(pool.try_clone());
    }
    let x_rank = if c.rng.one_in(8) { c.rng.rank() } else { n + 2 };
    let mut x_dims: Vec<usize> = (0..x_rank).map(|_| c.rng.small()).collect();
    for d in x_dims.iter_mut().skip(2) {
        if !c.rng.one_in(6) {
            *d = c.rng.range(1, 12);
        }
    }
    let Some(x) = make_tensor::<T>(c, &x_dims) else {
        return;
    };
    let ours = pool.output_dims(&x);
    let plain = pooling_output_dims(x.dims(), &window, &padding, &stride);
    assert_eq!(ours.as_ref().ok(), plain.as_ref().ok());
    let theirs = pool.cudnn_output_dims(&x);
    say!(
        c,
        "; output_dims {:?} cuDNN {:?}",
        ours.as_ref().ok(),
        theirs.as_ref().ok()
    );
    // cuDNN pads in `int`: where that overflows, its answer is not compared.
    let fits = x
        .dims()
        .iter()
        .skip(2)
        .zip(&padding)
        .all(|(&x, &p)| (x as u128 + 2 * p as u128) <= i32::MAX as u128);
    if let (Ok(o), Ok(t), true) = (&ours, &theirs, fits) {
        let o: Vec<i64> = o.iter().map(|&v| v as i64).collect();
        assert_eq!(&o, t, "this crate's pooled dims and cuDNN's differ");
    }
    let ours = c.note(ours);
    c.note(theirs);
    let problem = if c.rng.one_in(3) {
        let y_dims = match (&ours, c.rng.coin()) {
            (Some(d), true) => d.clone(),
            _ => like(c, &x_dims),
        };
        let Some(y) = make_tensor::<T>(c, &y_dims) else {
            return;
        };
        say!(c, "; PoolingProblem::with_output");
        PoolingProblem::with_output(pool, x, y)
    } else {
        say!(c, "; PoolingProblem::new");
        PoolingProblem::new(pool, x)
    };
    let Some(p) = c.note(problem) else { return };
    let _ = (p.x().required_len(), p.y().required_len());
    let _ = p.pooling().window();
}

fn lrn(c: &mut Case) {
    any_dtype!(c, T => lrn_of::<T>(c));
}

fn lrn_of<T: DataType>(c: &mut Case) {
    let n = if c.rng.one_in(5) {
        c.rng.next_u64() as u32
    } else {
        c.rng.range(0, 17) as u32
    };
    let (alpha, beta, k) = (
        c.rng.param(0.0, 1.0),
        c.rng.param(0.0, 2.0),
        c.rng.param(0.0, 3.0),
    );
    say!(c, "LrnDescriptor::new_in({n}, {alpha}, {beta}, {k})");
    if c.rng.one_in(8) {
        c.note(LrnDescriptor::new(n, alpha, beta, k));
    }
    let r = LrnDescriptor::new_in(c.lib(), n, alpha, beta, k);
    let Some(desc) = c.note(r) else { return };
    let p = desc.parameters();
    assert_eq!(p.0, n);
    if c.rng.one_in(5) {
        c.note(desc.try_clone());
    }
    let Some((x, y)) = pair::<T>(c) else { return };
    let problem = if c.rng.one_in(3) {
        LrnProblem::same_descriptor(desc, x)
    } else {
        say!(c, "; LrnProblem::new");
        match c.note(LrnProblem::new(desc, x, y)) {
            Some(p) => p,
            None => return,
        }
    };
    let _ = (problem.x().required_len(), problem.y().required_len());
    let _ = problem.lrn().parameters();
}

fn softmax(c: &mut Case) {
    any_dtype!(c, T => softmax_of::<T>(c));
}

fn softmax_of<T: DataType>(c: &mut Case) {
    let algo = cudnn::sys::cudnnSoftmaxAlgorithm_t(c.rng.enum_value(3));
    let mode = cudnn::sys::cudnnSoftmaxMode_t(c.rng.enum_value(2));
    let Some((x, y)) = pair::<T>(c) else { return };
    say!(c, "; SoftmaxProblem({}, {})", algo.0, mode.0);
    let p = if c.rng.one_in(3) {
        SoftmaxProblem::same_descriptor(algo, mode, x)
    } else {
        match c.note(SoftmaxProblem::new(algo, mode, x, y)) {
            Some(p) => p,
            None => return,
        }
    };
    assert_eq!((p.algorithm(), p.mode()), (algo, mode));
    let _ = (p.x().required_len(), p.y().required_len());
}

fn dropout(c: &mut Case) {
    any_dtype!(c, T => dropout_of::<T>(c));
}

fn dropout_of<T: DataType>(c: &mut Case) {
    let d = dims(c);
    let Some(x) = make_tensor::<T>(c, &d) else {
        return;
    };
    say!(c, "; reserve_space_size");
    c.note(DropoutDescriptor::reserve_space_size(&x));
    let problem = if c.rng.one_in(3) {
        say!(c, "; DropoutProblem::same_descriptor");
        DropoutProblem::same_descriptor(x)
    } else {
        let other = like(c, &d);
        let Some(y) = make_tensor::<T>(c, &other) else {
            return;
        };
        say!(c, "; DropoutProblem::new");
        DropoutProblem::new(x, y)
    };
    let Some(p) = c.note(problem) else { return };
    assert_eq!(
        (p.x().dims(), p.reserve_size()),
        (
            p.y().dims(),
            DropoutDescriptor::reserve_space_size(p.x()).expect("asked before")
        )
    );
}

/// The shape rules, on any values.
fn rules(c: &mut Case) {
    let x = c.rng.any_dims();
    let n = c.rng.range(0, 4);
    let (w, p, s) = (c.rng.sizes(n), c.rng.sizes(n), c.rng.sizes(n));
    say!(c, "; pooling_output_dims({x:?}, {w:?}, {p:?}, {s:?})");
    if let Ok(out) = pooling_output_dims(&x, &w, &p, &s) {
        for d in 0..n {
            let padded = x[d + 2] as u128 + 2 * p[d] as u128;
            assert_eq!(
                out[d + 2] as u128,
                (padded - w[d] as u128) / s[d] as u128 + 1
            );
        }
    }
}
