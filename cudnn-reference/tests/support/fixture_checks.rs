//! What the fixture tests of the references share: cases that have a
//! name, the check that runs over every case and reports all failures,
//! and the worst of several errors.
//!
//! Included with `#[path]` by `tests/reference_ops.rs` and
//! `tests/reference_norm_attention.rs`.

#![allow(dead_code)]

/// A fixture case with a name, for failure messages.
pub trait Named {
    fn name(&self) -> &str;
}

/// `impl Named` for case types with a `name` field.
macro_rules! named {
    ($($case:ty),*) => {
        $(impl $crate::fixture_checks::Named for $case {
            fn name(&self) -> &str {
                &self.name
            }
        })*
    };
}

/// Runs `check` on every case and fails with the names and errors of all
/// the cases whose error exceeds `tolerance`.
pub fn check_all<C: Named>(
    what: &str,
    cases: &[C],
    generator: &str,
    tolerance: f64,
    check: impl Fn(&C) -> f64,
) {
    if let Some(report) = failures(what, cases, generator, tolerance, check) {
        panic!("{report}");
    }
}

/// Runs `check` on every case and describes the cases whose error exceeds
/// `tolerance`, with their names and errors; `None` when there are none.
pub fn failures<C: Named>(
    what: &str,
    cases: &[C],
    generator: &str,
    tolerance: f64,
    check: impl Fn(&C) -> f64,
) -> Option<String> {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let error = check(case);
            (error.is_nan() || error > tolerance)
                .then(|| format!("{}: max error {error:e}", case.name()))
        })
        .collect();
    (!failures.is_empty()).then(|| {
        format!(
            "{what}: {} of {} cases exceed {tolerance:e} (fixtures from {generator}):\n  {}",
            failures.len(),
            cases.len(),
            failures.join("\n  ")
        )
    })
}

/// The largest of several errors, NaN winning.
pub fn worst(errors: impl IntoIterator<Item = f64>) -> f64 {
    errors.into_iter().fold(0.0, |a, b| {
        if a.is_nan() || b.is_nan() {
            f64::NAN
        } else {
            a.max(b)
        }
    })
}
