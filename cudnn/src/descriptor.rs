//! RAII ownership of cuDNN's descriptor objects.

/// Declares an owner of one kind of cuDNN descriptor: created by `$create`,
/// destroyed by `$destroy` on drop, `Send` (a descriptor is host memory that
/// may move between threads) and not `Sync` (setters mutate it through
/// shared references). Not `Clone`.
macro_rules! raw_descriptor {
    ($(#[$m:meta])* $name:ident, $ptr:ty, $create:ident, $destroy:ident) => {
        $(#[$m])*
        pub(crate) struct $name {
            ptr: $ptr,
            lib: std::sync::Arc<$crate::Library>,
        }

        impl $name {
            /// Creates one with `lib`.
            pub(crate) fn create(lib: std::sync::Arc<$crate::Library>) -> $crate::Result<Self> {
                let create = $crate::library::ffi!(lib, $create);
                let mut ptr: $ptr = std::ptr::null_mut();
                // SAFETY: `ptr` is a valid out-pointer for the new descriptor.
                let status = unsafe { (create.f)(&mut ptr) };
                create.check(status)?;
                if ptr.is_null() {
                    return Err($crate::Error::InvalidArgument {
                        function: stringify!($create),
                        mismatch: $crate::Mismatch::Unsupported {
                            what: "cuDNN returned success and a null descriptor".into(),
                        },
                    });
                }
                Ok(Self { ptr, lib })
            }

            /// The raw descriptor; it stays owned by `self`.
            pub(crate) fn ptr(&self) -> $ptr {
                self.ptr
            }

            /// The library it was created with.
            pub(crate) fn lib(&self) -> &std::sync::Arc<$crate::Library> {
                &self.lib
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                if let Some(destroy) = self.lib.sys().$destroy {
                    // SAFETY: `ptr` was created by this library's create
                    // function and is destroyed once, here. A failure cannot
                    // be reported from drop.
                    let _ = unsafe { destroy(self.ptr) };
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
) -> crate::Result<Vec<i32>> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v < min || v > i32::MAX as usize {
                Err(crate::Error::InvalidArgument {
                    function,
                    mismatch: crate::Mismatch::BadValue {
                        what: format!("{what}[{i}] = {v}: must be between {min} and {}", i32::MAX),
                    },
                })
            } else {
                Ok(v as i32)
            }
        })
        .collect()
}
