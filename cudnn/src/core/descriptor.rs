//! RAII ownership of cuDNN's descriptor objects.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::error::{Error, Result};

/// Declares an owner of one kind of cuDNN descriptor: created by `$create`,
/// destroyed by `$destroy` on drop, `Send` (a descriptor is host memory that
/// may move between threads) and not `Sync` (setters mutate it through
/// shared references). Not `Clone`. The module that declares one may read
/// its fields: `ptr` and `lib`, the library as it is held (a new owner of
/// the same library clones it).
macro_rules! raw_descriptor {
    ($(#[$m:meta])* $name:ident, $ptr:ty, $create:ident, $destroy:ident) => {
        $(#[$m])*
        pub(crate) struct $name {
            ptr: $ptr,
            lib: $crate::core::library::LibRef,
        }

        impl $name {
            /// Creates one with `lib`.
            #[inline(always)]
            pub(crate) fn create(
                lib: impl Into<$crate::core::library::LibRef>,
            ) -> $crate::core::error::Result<Self> {
                let lib: $crate::core::library::LibRef = lib.into();
                let create = $crate::core::library::ffi!(lib, $create);
                let mut ptr: $ptr = std::ptr::null_mut();
                // SAFETY: `ptr` is a valid out-pointer for the new descriptor.
                let status = unsafe { (create.f)(&mut ptr) };
                create.check(status)?;
                if ptr.is_null() {
                    return Err($crate::core::error::Error::unsupported(
                        stringify!($create),
                        "cuDNN returned success and a null descriptor",
                    ));
                }
                $crate::core::counts::created(stringify!($name));
                Ok(Self { ptr, lib })
            }

            /// The raw descriptor; it stays owned by `self`.
            #[inline]
            pub(crate) fn ptr(&self) -> $ptr {
                self.ptr
            }

            /// The library it was created with.
            #[inline]
            pub(crate) fn lib(&self) -> &std::sync::Arc<$crate::core::library::Library> {
                self.lib.arc()
            }
        }

        impl Drop for $name {
            #[inline]
            fn drop(&mut self) {
                if let Some(destroy) = self.lib.sys().$destroy {
                    // SAFETY: `ptr` was created by this library's create
                    // function and is destroyed once, here. A failure cannot
                    // be reported from drop.
                    let _ = unsafe { destroy(self.ptr) };
                    $crate::core::counts::destroyed(stringify!($name));
                }
            }
        }

        // SAFETY: the descriptor is host memory owned by this value alone;
        // cuDNN does not tie it to a thread.
        unsafe impl Send for $name {}

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({:p})", stringify!($name), self.ptr)
            }
        }
    };
}
pub(crate) use raw_descriptor;

/// A dimension list as cuDNN's `int` array, checked: every value at least
/// `min` and at most `i32::MAX`.
pub(crate) fn to_c_ints(
    values: &[usize],
    min: usize,
    what: &str,
    function: &'static str,
) -> Result<Vec<i32>> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v < min || v > i32::MAX as usize {
                Err(Error::bad_value(
                    function,
                    format!("{what}[{i}] = {v}: must be between {min} and {}", i32::MAX),
                ))
            } else {
                Ok(v as i32)
            }
        })
        .collect()
}

/// The most dimensions a cuDNN tensor has (`CUDNN_DIM_MAX`).
pub(crate) const MAX_DIMS: usize = 8;

/// A short list of sizes kept inline (no heap allocation): dimensions,
/// strides, paddings. Derefs to a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Dims {
    len: u8,
    v: [usize; MAX_DIMS],
}

impl Dims {
    /// `None` when `s` has more than [`MAX_DIMS`] values.
    #[inline]
    pub(crate) fn new(s: &[usize]) -> Option<Dims> {
        if s.len() > MAX_DIMS {
            return None;
        }
        Some(Dims::truncated(s))
    }

    /// The first [`MAX_DIMS`] values of `s` (callers have checked its
    /// length).
    #[inline]
    pub(crate) fn truncated(s: &[usize]) -> Dims {
        // Element by element (no call to memcpy for a few words).
        let v = std::array::from_fn(|i| s.get(i).copied().unwrap_or(0));
        Dims {
            len: s.len().min(MAX_DIMS) as u8,
            v,
        }
    }

    /// The values, mutable.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [usize] {
        &mut self.v[..self.len as usize]
    }
}

impl std::ops::Deref for Dims {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        &self.v[..self.len as usize]
    }
}

impl std::fmt::Debug for Dims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

/// Up to [`MAX_DIMS`] values as cuDNN's `int`s, inline.
pub(crate) struct CInts {
    len: usize,
    v: [i32; MAX_DIMS],
}

impl CInts {
    #[inline]
    pub(crate) fn as_ptr(&self) -> *const i32 {
        self.v.as_ptr()
    }
    #[inline]
    pub(crate) fn len(&self) -> i32 {
        self.len as i32
    }
}

/// [`to_c_ints`] for at most [`MAX_DIMS`] values, without allocating.
#[inline(always)]
pub(crate) fn to_c_dims(
    values: &[usize],
    min: usize,
    what: &str,
    function: &'static str,
) -> Result<CInts> {
    if values.len() > MAX_DIMS {
        return Err(too_many(values.len(), what, function));
    }
    let mut v = [0i32; MAX_DIMS];
    for (i, &x) in values.iter().enumerate() {
        if x < min || x > i32::MAX as usize {
            return Err(out_of_range(i, x, min, what, function));
        }
        v[i] = x as i32;
    }
    Ok(CInts {
        len: values.len(),
        v,
    })
}

#[cold]
#[inline(never)]
fn too_many(n: usize, what: &str, function: &'static str) -> Error {
    Error::bad_value(
        function,
        format!("{n} {what}: cuDNN takes at most {MAX_DIMS}"),
    )
}

#[cold]
#[inline(never)]
fn out_of_range(i: usize, x: usize, min: usize, what: &str, function: &'static str) -> Error {
    Error::bad_value(
        function,
        format!("{what}[{i}] = {x}: must be between {min} and {}", i32::MAX),
    )
}
