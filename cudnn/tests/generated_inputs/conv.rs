//! Convolution: the descriptor and its setters, both output-shape rules
//! (this crate's and cuDNN's), problems, cache keys; the
//! algorithm cache's file reader with damaged files.

use std::sync::Arc;

use cudnn::conv::{output_dims, Direction, SearchMode};
use cudnn::conv::{AlgoKey, CachedAlgo, DeviceKey};
use cudnn::{
    ActivationDescriptor, AlgoCache, ComputeType, ComputesIn, ConvProblem, ConvolutionDescriptor,
    Error, FilterDescriptor, SearchOptions,
};

use crate::base::{format, make_tensor};
use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "conv",
        weight: 14,
        needs_lib: true,
        writes_files: false,
        run: conv,
    },
    Area {
        name: "conv-rules",
        weight: 4,
        needs_lib: false,
        writes_files: false,
        run: rules,
    },
    Area {
        name: "algo-cache",
        weight: 1,
        needs_lib: false,
        writes_files: true,
        run: algo_cache,
    },
];

/// A padding: mostly 0 to 2.
fn pad(c: &mut Case) -> usize {
    if c.rng.one_in(8) {
        c.rng.size()
    } else {
        c.rng.range(0, 2)
    }
}

/// A stride or dilation: mostly 1 or 2, sometimes 0 or an edge.
fn step(c: &mut Case) -> usize {
    match c.rng.below(12) {
        0 => 0,
        1 => c.rng.size(),
        2..=4 => 2,
        _ => 1,
    }
}

/// A spatial rank, with lists that sometimes disagree in length.
fn geometry(c: &mut Case) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = match c.rng.below(10) {
        0 => c.rng.range(0, 4),
        1 => 1,
        2 | 3 => 3,
        _ => 2,
    };
    let len = |c: &mut Case| {
        if c.rng.one_in(10) {
            c.rng.range(0, 4)
        } else {
            n
        }
    };
    let (a, b, d) = (len(c), len(c), len(c));
    let pads = (0..a).map(|_| pad(c)).collect();
    let strides = (0..b).map(|_| step(c)).collect();
    let dilations = (0..d).map(|_| step(c)).collect();
    (pads, strides, dilations)
}

fn conv(c: &mut Case) {
    any_compute!(c, T, C => conv_of::<T, C>(c));
}

fn conv_of<T: ComputesIn<C>, C: ComputeType>(c: &mut Case) {
    let lib = c.lib();
    let (pads, strides, dilations) = geometry(c);
    say!(
        c,
        "ConvolutionDescriptor::<{}>::new_in({pads:?}, {strides:?}, {dilations:?})",
        C::NAME
    );
    let r = ConvolutionDescriptor::<C>::new_in(Arc::clone(&lib), &pads, &strides, &dilations);
    if c.rng.one_in(8) {
        say!(c, "; ConvolutionDescriptor::new (process-wide library)");
        let global = ConvolutionDescriptor::<C>::new(&pads, &strides, &dilations);
        assert_eq!(global.is_ok(), r.is_ok());
        c.note(global);
        if let ([p0, p1], [s0, s1], [d0, d1]) = (&pads[..], &strides[..], &dilations[..]) {
            c.note(ConvolutionDescriptor::<C>::new_2d(
                [*p0, *p1],
                [*s0, *s1],
                [*d0, *d1],
            ));
        }
    }
    let Some(mut conv) = c.note(r) else { return };
    let rank = conv.spatial_rank();
    assert_eq!(rank, pads.len().max(2));
    assert_eq!(conv.pads().len(), rank);
    assert_eq!(conv.groups(), 1);
    if c.rng.one_in(3) {
        let mode = cudnn::sys::cudnnConvolutionMode_t(c.rng.enum_value(2));
        say!(c, "; set_mode({})", mode.0);
        let before = conv.mode();
        let r = conv.set_mode(mode);
        assert_eq!(conv.mode(), if r.is_ok() { mode } else { before });
        c.note(r);
    }
    if c.rng.coin() {
        let groups = if c.rng.coin() {
            c.rng.range(1, 4)
        } else {
            c.rng.size()
        };
        say!(c, "; set_groups({groups})");
        let r = conv.set_groups(groups);
        assert_eq!(conv.groups() == groups, r.is_ok() || groups == 1);
        c.note(r);
    }
    if c.rng.one_in(3) {
        let math = cudnn::sys::cudnnMathType_t(c.rng.enum_value(4));
        say!(c, "; set_math_type({})", math.0);
        let before = conv.math_type().expect("math type");
        let r = conv.set_math_type(math);
        assert_eq!(
            conv.math_type().expect("math type"),
            if r.is_ok() { math } else { before }
        );
        c.note(r);
    }
    if c.rng.one_in(6) {
        say!(c, "; try_clone");
        if let Some(copy) = c.note(conv.try_clone()) {
            assert_eq!(
                (copy.pads(), copy.strides(), copy.dilations()),
                (conv.pads(), conv.strides(), conv.dilations())
            );
            assert_eq!((copy.groups(), copy.mode()), (conv.groups(), conv.mode()));
            assert_eq!(
                copy.math_type().expect("math type"),
                conv.math_type().expect("math type")
            );
        }
    }
    let _ = format!("{conv:?}");

    // Input and filter: usually of the right rank, channels divisible.
    let groups = conv.groups().min(8);
    let x_rank = if c.rng.one_in(8) {
        c.rng.rank()
    } else {
        rank + 2
    };
    let w_rank = if c.rng.one_in(8) {
        c.rng.rank()
    } else {
        rank + 2
    };
    let per_group = c.rng.small();
    let mut x_dims: Vec<usize> = (0..x_rank).map(|_| c.rng.small().min(16)).collect();
    if x_rank >= 2 && !c.rng.one_in(6) {
        x_dims[1] = per_group.saturating_mul(groups);
    }
    for d in x_dims.iter_mut().skip(2) {
        if !c.rng.one_in(6) {
            *d = c.rng.range(1, 12);
        }
    }
    let mut w_dims: Vec<usize> = (0..w_rank).map(|_| c.rng.small()).collect();
    if w_rank >= 2 && !c.rng.one_in(6) {
        w_dims[0] = c.rng.range(1, 3).saturating_mul(groups);
        w_dims[1] = per_group;
    }
    for d in w_dims.iter_mut().skip(2) {
        if !c.rng.one_in(6) {
            *d = c.rng.range(1, 4);
        }
    }
    if rank == 2 && pads.len() == 1 && x_rank == 4 && w_rank == 4 {
        // A 1-d convolution: height 1.
        x_dims[2] = 1;
        w_dims[2] = 1;
    }
    let Some(x) = make_tensor::<T>(c, &x_dims) else {
        return;
    };
    let w_format = format(c);
    say!(
        c,
        "; FilterDescriptor::<{}>::new_in({}, {w_dims:?})",
        T::NAME,
        w_format.0
    );
    let Some(w) = c.note(FilterDescriptor::<T>::new_in(
        Arc::clone(&lib),
        w_format,
        &w_dims,
    )) else {
        return;
    };
    let ours = conv.output_dims(&x, &w);
    let plain = output_dims(
        x.dims(),
        w.dims(),
        conv.pads(),
        conv.strides(),
        conv.dilations(),
        conv.groups(),
    );
    assert_eq!(ours.as_ref().ok(), plain.as_ref().ok());
    say!(c, "; output_dims -> {:?}", ours.as_ref().ok());
    let theirs = conv.cudnn_output_dims(&x, &w);
    say!(c, "; cudnn_output_dims -> {:?}", theirs.as_ref().ok());
    // cuDNN computes the padded input and the dilated kernel in `int`:
    // where those overflow, its answer is not compared.
    let fits = (0..rank).all(|d| {
        let padded = x.dims().get(d + 2).map_or(0, |&v| v as u128) + 2 * conv.pads()[d] as u128;
        let span = w
            .dims()
            .get(d + 2)
            .map_or(0, |&k| (k as u128).saturating_sub(1))
            * conv.dilations()[d] as u128
            + 1;
        padded <= i32::MAX as u128 && span <= i32::MAX as u128
    });
    if let (Ok(o), Ok(t), true) = (&ours, &theirs, fits) {
        let o: Vec<i64> = o.iter().map(|&v| v as i64).collect();
        assert_eq!(&o, t, "this crate's output dims and cuDNN's differ");
    }
    let ours_ok = c.note(ours);
    c.note(theirs);

    let problem = if c.rng.one_in(4) {
        let y_dims = match (&ours_ok, c.rng.coin()) {
            (Some(d), true) => d.clone(),
            _ => (0..x_rank).map(|_| c.rng.small()).collect(),
        };
        let Some(y) = make_tensor::<T>(c, &y_dims) else {
            return;
        };
        say!(c, "; ConvProblem::with_output");
        ConvProblem::with_output(x, w, conv, y)
    } else {
        say!(c, "; ConvProblem::new");
        ConvProblem::new(x, w, conv)
    };
    if let Some(p) = c.note(problem) {
        problem_checks(c, &p);
    }
}

/// What a problem offers without a GPU: its FLOPs, a copy, cache keys.
fn problem_checks<T: ComputesIn<C>, C: ComputeType>(c: &mut Case, p: &ConvProblem<T, C>) {
    assert!(p.flops() >= 0.0);
    if c.rng.one_in(8) {
        say!(c, "; try_clone");
        if let Some(q) = c.note(p.try_clone()) {
            assert_eq!((q.x().dims(), q.y().dims()), (p.x().dims(), p.y().dims()));
        }
    }
    let device = DeviceKey {
        ordinal: c.rng.size(),
        name: c.rng.text(12),
        compute_capability: (c.rng.next_u64() as i32, c.rng.next_u64() as i32),
    };
    let options = options(c);
    let direction = c.rng.pick(&[
        Direction::Forward,
        Direction::BackwardData,
        Direction::BackwardFilter,
    ]);
    let key = p.key(&device, direction, &options);
    assert_eq!(key.x_dims, p.x().dims());
    if c.rng.one_in(3) {
        let bias_dims = match c.rng.below(3) {
            0 => {
                let mut d = vec![1; p.y().dims().len()];
                d[1] = p.y().dims()[1];
                d
            }
            _ => (0..c.rng.rank()).map(|_| c.rng.small()).collect(),
        };
        if make_tensor::<T>(c, &bias_dims).is_none() {
            return;
        }
        let mode = cudnn::sys::cudnnActivationMode_t(c.rng.enum_value(7));
        say!(c, "; bias {bias_dims:?}, activation mode {}", mode.0);
        let (nan, coef) = (
            cudnn::sys::cudnnNanPropagation_t(c.rng.enum_value(2)),
            c.rng.f64(),
        );
        let act = ActivationDescriptor::new_in(Arc::clone(p.x().library()), mode, nan, coef);
        c.note(act);
    }
}

fn options(c: &mut Case) -> SearchOptions {
    SearchOptions {
        mode: if c.rng.coin() {
            SearchMode::Heuristic
        } else {
            SearchMode::Benchmark
        },
        workspace_limit: c.rng.coin().then(|| c.rng.size()),
        deterministic: c.rng.coin(),
        allow_down_conversion: c.rng.coin(),
        allow_tf32: c.rng.coin(),
    }
}

/// The plain rules, on any values.
fn rules(c: &mut Case) {
    let (pads, strides, dilations) = geometry(c);
    let x = c.rng.any_dims();
    let w = c.rng.any_dims();
    let groups = c.rng.size();
    say!(
        c,
        "output_dims({x:?}, {w:?}, {pads:?}, {strides:?}, {dilations:?}, {groups})"
    );
    if let Ok(out) = output_dims(&x, &w, &pads, &strides, &dilations, groups) {
        assert_eq!(out.len(), x.len());
        assert_eq!((out[0], out[1]), (x[0], w[0]));
        for d in 0..pads.len() {
            // (in + 2 pad - span) / stride + 1, recomputed wide.
            let span = (w[d + 2] as u128 - 1) * dilations[d] as u128 + 1;
            let padded = x[d + 2] as u128 + 2 * pads[d] as u128;
            assert_eq!(out[d + 2] as u128, (padded - span) / strides[d] as u128 + 1);
        }
    }
}

fn algo_key(c: &mut Case) -> AlgoKey {
    let dims = |c: &mut Case| {
        let n = c.rng.range(0, 6);
        c.rng.sizes(n)
    };
    AlgoKey {
        device: DeviceKey {
            ordinal: c.rng.size(),
            name: c.rng.text(16),
            compute_capability: (c.rng.next_u64() as i32, c.rng.next_u64() as i32),
        },
        cudnn_version: c.rng.text(8),
        direction: c.rng.pick(&[
            Direction::Forward,
            Direction::BackwardData,
            Direction::BackwardFilter,
        ]),
        data_type: c.rng.next_u64() as u32,
        compute_type: c.rng.next_u64() as u32,
        x_dims: dims(c),
        x_strides: dims(c),
        w_dims: dims(c),
        w_format: c.rng.next_u64() as u32,
        y_dims: dims(c),
        y_strides: dims(c),
        pads: dims(c),
        strides: dims(c),
        dilations: dims(c),
        groups: c.rng.size(),
        mode: c.rng.next_u64() as u32,
        options: options(c),
    }
}

/// Tokens a damaged file may hold in place of a number.
const TOKENS: [&str; 14] = [
    "-1",
    "1e400",
    "-1e400",
    "18446744073709551616",
    "4294967296",
    "NaN",
    "1.5",
    "null",
    "\"x\"",
    "[]",
    "{}",
    "true",
    "0",
    "99999999999999999999999999999999",
];

fn algo_cache(c: &mut Case) {
    let cache = AlgoCache::new();
    let n = c.rng.range(0, 4);
    let mut entries = Vec::new();
    for _ in 0..n {
        let key = algo_key(c);
        let value = CachedAlgo {
            algo: c.rng.next_u64() as i32,
            math_type: c.rng.next_u64() as i32,
            workspace: c.rng.size(),
            time_ms: c.rng.coin().then(|| c.rng.f32()),
            deterministic: c.rng.coin(),
        };
        cache.insert(key.clone(), value.clone());
        entries.push((key, value));
    }
    // A new file each time (rewriting one in place costs more on some file
    // systems); the scratch folder goes at the end of the run.
    let name = format!("algo-cache-{:016x}.json", c.rng.next_u64());
    let path = c.scratch_file(&name);
    say!(c, "AlgoCache with {n} entries saved to {}", path.display());
    c.note(cache.save(&path)).expect("saving to a scratch file");
    let back = AlgoCache::new();
    let loaded = c.note(back.load(&path)).expect("loading what was saved");
    assert_eq!(loaded, n);
    for (key, value) in &entries {
        let got = back.get(key);
        if value.time_ms.is_none_or(f32::is_finite) {
            assert_eq!(got.as_ref(), cache.get(key).as_ref());
        }
    }

    // Damage the file, load it again: a count or Error::Io, nothing else.
    let mut bytes = std::fs::read(&path).expect("read the scratch file");
    let how = c.rng.below(8);
    match how {
        0 => {
            let cut = c.rng.index(bytes.len() + 1);
            bytes.truncate(cut);
        }
        1 | 2 => {
            for _ in 0..c.rng.range(1, 8) {
                if !bytes.is_empty() {
                    let at = c.rng.index(bytes.len());
                    bytes[at] = c.rng.below(256) as u8;
                }
            }
        }
        3 => {
            // A number replaced by an odd token.
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let digits: Vec<usize> = text
                .char_indices()
                .filter(|(_, ch)| ch.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            if !digits.is_empty() {
                let at = digits[c.rng.index(digits.len())];
                let end = text[at..]
                    .find(|ch: char| !ch.is_ascii_digit())
                    .map_or(text.len(), |e| at + e);
                let token = c.rng.pick(&TOKENS);
                bytes = format!("{}{token}{}", &text[..at], &text[end..]).into_bytes();
            }
        }
        4 => {
            let depth = c.rng.range(1, 4000);
            bytes = format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes();
        }
        5 => {
            let format = c.rng.pick(&TOKENS);
            bytes = format!("{{\"format\": {format}, \"entries\": []}}").into_bytes();
        }
        6 => bytes = c.rng.bytes(64),
        _ => bytes
            .splice(0..0, [0xEF, 0xBB, 0xBF, 0xFF, 0xFE])
            .for_each(drop),
    }
    let path = path.with_extension("damaged");
    std::fs::write(&path, &bytes).expect("write the scratch file");
    say!(c, "; damaged ({how}) to {} bytes", bytes.len());
    let damaged = AlgoCache::new();
    let r = damaged.load(&path);
    if let Err(e) = &r {
        assert!(matches!(e, Error::Io { .. }), "{e:?}");
    }
    if let Some(n) = c.note(r) {
        assert!(damaged.len() <= n);
    }

    // Paths that are folders, missing, or not Unicode.
    let odd = match c.rng.below(4) {
        0 => c.ctx.scratch.clone(),
        1 => c.ctx.scratch.join("missing").join("cache.json"),
        2 => c.ctx.scratch.join(c.rng.os_string(10)),
        _ => c.rng.path(3),
    };
    say!(c, "; load/save at {}", odd.display());
    let r = AlgoCache::new().load(&odd);
    if let Err(e) = &r {
        assert!(matches!(e, Error::Io { .. }), "{e:?}");
    }
    c.note(r);
    if matches!(how % 2, 0) && odd.starts_with(&c.ctx.scratch) && odd.components().count() > 1 {
        // Only where a save cannot land outside the scratch folder.
        if odd == c.ctx.scratch || odd.parent().is_some_and(|p| p.ends_with("missing")) {
            let r = cache.save(&odd);
            assert!(r.is_err(), "saved into a folder or a missing folder");
            c.note(r);
        }
    }
}
