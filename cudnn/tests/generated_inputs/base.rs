//! The core: status decoding, versions, the loaded library's status
//! checks, tensor and filter descriptors, and the layout helpers.

use std::sync::Arc;

use cudnn::error::{Category, Status, StatusError};
use cudnn::load::CudaVersion;
use cudnn::sys::{self, cudnnStatus_t};
use cudnn::tensor::{extent, packed_strides, strides_are_injective};
use cudnn::{DataType, Error, FilterDescriptor, TensorDescriptor, TensorFormat, Version};

use crate::{Area, Case};

pub const AREAS: &[Area] = &[
    Area {
        name: "status",
        weight: 8,
        needs_lib: false,
        writes_files: false,
        run: status,
    },
    Area {
        name: "version",
        weight: 2,
        needs_lib: false,
        writes_files: false,
        run: version,
    },
    Area {
        name: "layout",
        weight: 5,
        needs_lib: false,
        writes_files: false,
        run: layout,
    },
    Area {
        name: "library",
        weight: 3,
        needs_lib: true,
        writes_files: false,
        run: library,
    },
    Area {
        name: "tensor",
        weight: 12,
        needs_lib: true,
        writes_files: false,
        run: tensor,
    },
    Area {
        name: "filter",
        weight: 5,
        needs_lib: true,
        writes_files: false,
        run: filter,
    },
];

/// A status value: one of either major's, near them, or anything.
fn status_value(c: &mut Case) -> u32 {
    match c.rng.below(6) {
        0 => c.rng.below(16) as u32,
        1 => 1000 * c.rng.range(0, 6) as u32 + c.rng.below(16) as u32,
        2 => c
            .rng
            .pick(&[u32::MAX, i32::MAX as u32, 1 << 31, 999, 1000, 6000, 9999]),
        _ => c.rng.next_u64() as u32,
    }
}

fn status(c: &mut Case) {
    let raw = status_value(c);
    let major = match c.rng.below(6) {
        0 => c.rng.next_u64() as u32,
        1 => c.rng.pick(&[0, 7, 10, u32::MAX]),
        2 | 3 => 8,
        _ => 9,
    };
    say!(c, "Status::new({raw}, major {major})");
    let s = Status::new(cudnnStatus_t(raw), major);
    assert_eq!((s.raw(), s.major()), (raw, major));
    assert_eq!(s.is_success(), raw == 0);
    let code = s.code_v9();
    if major >= 9 {
        assert_eq!(code, Some(raw));
    }
    if let Some(code) = code {
        assert_eq!(s.category(), Some(Category(code / 1000 * 1000)));
        assert_eq!(s.specific(), Some(code % 1000));
    } else {
        assert_eq!(s.category(), None);
    }
    let _ = s.name();
    assert!(!s.to_string().is_empty());
    if let Some(cat) = s.category() {
        let _ = (cat.name(), cat.to_string());
    }
    let e = Error::from_status(StatusError {
        function: "cudnnGenerated",
        status: s,
        version: Version::new(major, c.rng.below(100) as u32, c.rng.below(100) as u32),
        description: c.rng.coin().then(|| c.rng.text(20)),
        message: c.rng.coin().then(|| c.rng.text(40)),
    });
    assert_eq!(e.status(), Some(s));
    assert!(!e.to_string().is_empty());
    if raw != 0 {
        c.note::<()>(Err(e));
    }
}

fn version(c: &mut Case) {
    let n = match c.rng.below(4) {
        0 => c.rng.next_u64() as usize,
        1 => c
            .rng
            .pick(&[0, 8905, 9999, 89_999, 90_000, 92_800, u32::MAX as usize]),
        _ => c.rng.below(200_000) as usize,
    };
    say!(c, "Version::from_encoded({n})");
    let v = Version::from_encoded(n);
    assert_eq!(Version::from_encoded(v.encoded()), v);
    assert!(!v.to_string().is_empty());
    let parts = [
        c.rng.next_u64() as u32,
        c.rng.below(100) as u32,
        c.rng.below(100) as u32,
    ];
    let v2 = Version::new(parts[0], parts[1], parts[2]);
    let _ = Version::from_encoded(v2.encoded());
    let text = match c.rng.below(3) {
        0 => v2.to_string(),
        1 => format!("{}.{}", parts[0], c.rng.text(4)),
        _ => c.rng.text(16),
    };
    say!(c, "; Version::parse({text:?})");
    if let Some(p) = Version::parse(&text) {
        assert_eq!(Version::parse(&p.to_string()), Some(p));
    }
    let cuda = CudaVersion(c.rng.next_u64() as u32);
    let _ = (cuda.major(), cuda.minor(), cuda.to_string());
}

fn layout(c: &mut Case) {
    let rank = c.rng.rank();
    let dims = c.rng.sizes(rank);
    let strides = if c.rng.coin() {
        let n = if c.rng.one_in(5) { c.rng.rank() } else { rank };
        c.rng.sizes(n)
    } else {
        packed_strides(format(c), &dims)
    };
    say!(c, "dims {dims:?} strides {strides:?}");
    let format = format(c);
    let packed = packed_strides(format, &dims);
    let t = c.rng.enum_value(16);
    let size = cudnn::data_type_size(cudnn::sys::cudnnDataType_t(t));
    assert!(
        size.is_none_or(|s| (1..=8).contains(&s)),
        "type {t}: {size:?}"
    );
    assert_eq!(packed.len(), dims.len());
    let ext = extent(&dims, &strides);
    if dims.len() == strides.len() && dims.iter().all(|&d| d > 0) {
        let want = dims.iter().zip(&strides).try_fold(1u128, |acc, (&d, &s)| {
            acc.checked_add((d as u128 - 1).checked_mul(s as u128)?)
        });
        let want = want
            .filter(|&w| w <= usize::MAX as u128)
            .map(|w| w as usize);
        assert_eq!(ext, want);
    }
    let injective = strides_are_injective(&dims, &strides);
    if injective && dims.len() == strides.len() && !dims.contains(&0) && dims.len() <= 3 {
        // Small enough to check by brute force.
        if dims.iter().map(|&d| d as u128).product::<u128>() <= 512 {
            let mut seen = std::collections::HashSet::new();
            let mut index = vec![0usize; dims.len()];
            loop {
                let at: u128 = index
                    .iter()
                    .zip(&strides)
                    .map(|(&i, &s)| i as u128 * s as u128)
                    .sum();
                assert!(seen.insert(at), "two elements at offset {at}");
                let mut d = dims.len();
                loop {
                    if d == 0 {
                        break;
                    }
                    d -= 1;
                    index[d] += 1;
                    if index[d] < dims[d] {
                        break;
                    }
                    index[d] = 0;
                }
                if index.iter().all(|&i| i == 0) {
                    break;
                }
            }
        }
    }
}

/// A tensor format: the two packed ones mostly, else any value.
pub fn format(c: &mut Case) -> TensorFormat {
    match c.rng.below(8) {
        0..=3 => TensorFormat::NCHW,
        4 | 5 => TensorFormat::NHWC,
        6 => TensorFormat::NCHW_VECT_C,
        _ => cudnn::sys::cudnnTensorFormat_t(c.rng.enum_value(3)),
    }
}

const STATUS_NAMES: [&str; 8] = [
    "cudnnGetVersion",
    "cudnnConvolutionForward",
    "cudnnSetRNNDescriptor_v6",
    "cudnnGetLastErrorString",
    "cudnnBackendExecute",
    "cudnnFindConvolutionForwardAlgorithmEx",
    "cudnnNoSuchFunction",
    "",
];

fn library(c: &mut Case) {
    let lib = c.lib();
    let raw = status_value(c);
    say!(c, "Library::check / error_string({raw})");
    let r = lib.check("cudnnGenerated", cudnnStatus_t(raw));
    assert_eq!(r.is_ok(), raw == 0);
    if let Err(e) = &r {
        let s = e.status().expect("a status error");
        assert_eq!(s.raw(), raw);
        assert_eq!(s.major(), lib.version().major);
    }
    c.note(r);
    let _ = lib.error_string(cudnnStatus_t(raw));
    let name = if c.rng.coin() {
        c.rng.pick(&STATUS_NAMES)
    } else {
        sys::FUNCTIONS[c.rng.index(sys::FUNCTIONS.len())].name
    };
    say!(c, "; has_function / require({name:?})");
    let has = lib.has_function(name);
    let req = lib.require(name);
    assert_eq!(has, req.is_ok());
    c.note(req);
    let text = c.rng.text(30);
    let _ = lib.has_function(&text);
    if c.rng.one_in(8) {
        // Loaded already: any path gives the process-wide library back.
        let path = c.rng.path_of(0, 3);
        say!(c, "; init({})", path.display());
        if let Some(again) = c.note(cudnn::init(Some(&path))) {
            assert!(Arc::ptr_eq(&again, &lib));
        }
    }
    if c.rng.one_in(20) {
        // No machine has these devices. The ones past i32 are refused
        // before the driver is asked; the others look for the driver
        // (slow where it is missing under Wine: rarely).
        let ordinal = if c.rng.one_in(20) {
            c.rng.pick(&[65_536, 1 << 20, i32::MAX as usize])
        } else {
            c.rng.pick(&[
                i32::MAX as usize + 1,
                u32::MAX as usize,
                1 << 32,
                usize::MAX,
            ])
        };
        say!(c, "; cuda_context({ordinal})");
        let r = cudnn::cuda_context(ordinal);
        assert!(r.is_err(), "device {ordinal} exists");
        if ordinal > i32::MAX as usize {
            assert!(matches!(r, Err(Error::InvalidArgument { .. })), "{r:?}");
        }
        c.note(r);
    }
}

fn tensor(c: &mut Case) {
    any_dtype!(c, T => tensor_of::<T>(c));
}

/// Dims of `rank` values, mostly small.
fn dims(c: &mut Case, rank: usize) -> Vec<usize> {
    if c.rng.one_in(4) {
        c.rng.sizes(rank)
    } else {
        c.rng.smalls(rank)
    }
}

/// Strides for `dims`: packed (either layout, or permuted), padded,
/// overlapping, or anything.
pub fn strides_for(c: &mut Case, dims: &[usize]) -> Vec<usize> {
    let mut s = packed_strides(TensorFormat::NCHW, dims);
    match c.rng.below(8) {
        0 => s,
        1 => packed_strides(TensorFormat::NHWC, dims),
        2 => {
            // Padded rows.
            for v in &mut s {
                *v = v.saturating_mul(c.rng.range(1, 3));
            }
            s
        }
        3 => {
            // Overlapping: some stride repeated or 1.
            if let Some(v) = s.first_mut() {
                *v = c.rng.range(1, 2);
            }
            s
        }
        4 => {
            let n = if c.rng.one_in(4) {
                c.rng.rank()
            } else {
                dims.len()
            };
            c.rng.sizes(n)
        }
        6 => vec![1; dims.len()],
        5 => {
            // A permutation of the packed strides.
            for i in (1..s.len()).rev() {
                let j = c.rng.index(i + 1);
                s.swap(i, j);
            }
            s
        }
        _ => {
            if let Some(v) = s.last_mut() {
                *v = c.rng.pick(&crate::gen::EDGE_SIZES);
            }
            s
        }
    }
}

/// A tensor descriptor of `dims` made one of the ways the API offers,
/// noted in the case; `None` when refused.
pub fn make_tensor<T: DataType>(c: &mut Case, dims: &[usize]) -> Option<TensorDescriptor<T>> {
    let lib = c.lib();
    let d = match c.rng.below(4) {
        0 => {
            let strides = strides_for(c, dims);
            say!(
                c,
                "; TensorDescriptor::<{}>::with_strides_in({dims:?}, {strides:?})",
                T::NAME
            );
            let r = TensorDescriptor::<T>::with_strides_in(lib, dims, &strides);
            let d = c.note(r)?;
            assert_eq!((d.dims(), d.strides()), (dims, &strides[..]));
            d
        }
        _ => {
            let format = if c.rng.one_in(10) {
                format(c)
            } else if c.rng.coin() {
                TensorFormat::NHWC
            } else {
                TensorFormat::NCHW
            };
            say!(
                c,
                "; TensorDescriptor::<{}>::new_in({}, {dims:?})",
                T::NAME,
                format.0
            );
            let d = c.note(TensorDescriptor::<T>::new_in(lib, format, dims))?;
            assert_eq!(d.dims(), dims);
            assert_eq!(d.strides(), packed_strides(format, dims));
            d
        }
    };
    check_tensor(&d);
    Some(d)
}

/// What holds of every descriptor that was made.
pub fn check_tensor<T: DataType>(d: &TensorDescriptor<T>) {
    assert!((3..=8).contains(&d.dims().len()));
    assert!(d
        .dims()
        .iter()
        .chain(d.strides())
        .all(|&v| v >= 1 && v <= i32::MAX as usize));
    assert_eq!(Some(d.required_len()), extent(d.dims(), d.strides()));
    let _ = d.element_count();
    if let Some(f) = d.packed_format() {
        assert_eq!(d.strides(), packed_strides(f, d.dims()));
    }
    assert!(!d.as_raw().is_null());
    let _ = format!("{d:?}");
}

fn tensor_of<T: DataType>(c: &mut Case) {
    let lib = c.lib();
    let rank = c.rng.rank();
    let mut dims = dims(c, rank);
    if c.rng.one_in(20) {
        // Every dimension at the edge of cuDNN's int.
        dims.iter_mut().for_each(|d| *d = i32::MAX as usize);
    }
    match c.rng.below(5) {
        0 => {
            let (n, ch, h, w) = (c.rng.small(), c.rng.small(), c.rng.small(), c.rng.small());
            let f = format(c);
            say!(
                c,
                "TensorDescriptor::<{}>::new_4d({}, {n}, {ch}, {h}, {w})",
                T::NAME,
                f.0
            );
            let _ = TensorDescriptor::<T>::new_in(Arc::clone(&lib), f, &[n, ch, h, w]);
            if let Some(d) = c.note(TensorDescriptor::<T>::new_4d(f, n, ch, h, w)) {
                check_tensor(&d);
            }
            say!(c, "; new_1d({n}, {ch}, {w})");
            if let Some(d) = c.note(TensorDescriptor::<T>::new_1d(f, n, ch, w)) {
                assert_eq!(d.dims(), [n, ch, 1, w]);
            }
        }
        1 => {
            let strides = strides_for(c, &dims);
            say!(
                c,
                "TensorDescriptor::<{}>::with_strides({dims:?}, {strides:?})",
                T::NAME
            );
            if let Some(d) = c.note(TensorDescriptor::<T>::with_strides(&dims, &strides)) {
                check_tensor(&d);
            }
        }
        _ => {
            if let Some(d) = make_tensor::<T>(c, &dims) {
                if c.rng.one_in(3) {
                    say!(c, "; try_clone");
                    if let Some(e) = c.note(d.try_clone()) {
                        assert_eq!((e.dims(), e.strides()), (d.dims(), d.strides()));
                        assert!(Arc::ptr_eq(e.library(), d.library()));
                    }
                }
            }
        }
    }
}

fn filter(c: &mut Case) {
    any_dtype!(c, T => filter_of::<T>(c));
}

fn filter_of<T: DataType>(c: &mut Case) {
    let rank = c.rng.rank();
    let dims = dims(c, rank);
    let f = format(c);
    say!(
        c,
        "FilterDescriptor::<{}>::new_in({}, {dims:?})",
        T::NAME,
        f.0
    );
    let r = if c.rng.one_in(4) {
        FilterDescriptor::<T>::new(f, &dims)
    } else {
        FilterDescriptor::<T>::new_in(c.lib(), f, &dims)
    };
    if let Some(d) = c.note(r) {
        assert_eq!(d.dims(), dims);
        assert_eq!(d.format(), f);
        assert_eq!(
            Some(d.required_len()),
            dims.iter().try_fold(1usize, |a, &v| a.checked_mul(v))
        );
        let _ = format!("{d:?}");
        if c.rng.one_in(3) {
            if let Some(e) = c.note(d.try_clone()) {
                assert_eq!((e.dims(), e.format()), (d.dims(), d.format()));
            }
        }
    }
    if c.rng.one_in(3) {
        let (k, ch, r, s) = (c.rng.small(), c.rng.small(), c.rng.small(), c.rng.small());
        say!(c, "; new_4d({k}, {ch}, {r}, {s}) / new_1d");
        c.note(FilterDescriptor::<T>::new_4d(f, k, ch, r, s));
        c.note(FilterDescriptor::<T>::new_1d(f, k, ch, s));
    }
}
