//! Counts of the cuDNN objects the crate creates and destroys, kept only
//! with the `count-objects` feature (a test build's feature, for the leak
//! check); without it both hooks are empty and compile to nothing.
//!
//! Every owner of a cuDNN object calls [`created`] after a successful
//! create and [`destroyed`] after its destroy: the descriptor owners of
//! `raw_descriptor!` and [`Handle`](crate::Handle).

#![warn(clippy::arithmetic_side_effects)]

#[cfg(feature = "count-objects")]
mod table {
    use std::collections::BTreeMap;
    use std::sync::{Mutex, PoisonError};

    /// Kind → (created, destroyed).
    static COUNTS: Mutex<BTreeMap<&'static str, (u64, u64)>> = Mutex::new(BTreeMap::new());

    pub(super) fn add(kind: &'static str, created: u64, destroyed: u64) {
        let mut t = COUNTS.lock().unwrap_or_else(PoisonError::into_inner);
        let e = t.entry(kind).or_insert((0, 0));
        // Counts of objects: never near u64::MAX, saturating if they were.
        e.0 = e.0.saturating_add(created);
        e.1 = e.1.saturating_add(destroyed);
    }

    pub(super) fn snapshot() -> Vec<(&'static str, u64, u64)> {
        let t = COUNTS.lock().unwrap_or_else(PoisonError::into_inner);
        t.iter().map(|(k, (c, d))| (*k, *c, *d)).collect()
    }
}

/// Notes one created object of `kind`.
#[inline(always)]
pub(crate) fn created(kind: &'static str) {
    #[cfg(feature = "count-objects")]
    table::add(kind, 1, 0);
    #[cfg(not(feature = "count-objects"))]
    let _ = kind;
}

/// Notes one destroyed object of `kind`.
#[inline(always)]
pub(crate) fn destroyed(kind: &'static str) {
    #[cfg(feature = "count-objects")]
    table::add(kind, 0, 1);
    #[cfg(not(feature = "count-objects"))]
    let _ = kind;
}

/// Per kind of cuDNN object (the owner's type name, e.g. `RawTensor`,
/// `Handle`): how many this process created and destroyed through the
/// crate so far. Only with the `count-objects` feature, for leak checks;
/// not part of the stable API.
#[cfg(feature = "count-objects")]
#[doc(hidden)]
pub fn object_counts() -> Vec<(&'static str, u64, u64)> {
    table::snapshot()
}
