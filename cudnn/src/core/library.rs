//! The loaded cuDNN: its version, its file, and checked calls into it.

use std::cell::RefCell;
use std::ffi::{c_char, c_void, CStr};
use std::mem::ManuallyDrop;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use cudnn_sys as sys;
use cudnn_sys::discovery::{Attempt, Candidate, Source};

use crate::core::error::{Error, Result, StatusError};
use crate::core::status::Status;
use crate::core::version::{CudaVersion, Version};

/// A loaded cuDNN library: its function table, version and file.
///
/// Most programs use the process-wide one through [`library`]; [`open`]
/// loads another (for example to inspect a second copy).
///
/// Not `Clone`: share it through `Arc`. It is `Send` and `Sync`: it only
/// holds the loaded library and plain function pointers, and cuDNN's
/// functions that take no handle (versions, descriptors) may be called from
/// any thread.
///
/// [`open`]: Library::open
pub struct Library {
    inner: sys::loader::Library,
    version: Version,
    /// `version` as text (`9.28.0`), made once: the algorithm cache's keys
    /// hold it, and a lookup borrows it.
    version_text: String,
    cudart: CudaVersion,
}

static_assertions::assert_impl_all!(Library: Send, Sync);

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("version", &self.version)
            .field("cudart", &self.cudart)
            .field("path", &self.path())
            .field("found_by", self.found_by())
            .finish()
    }
}

static GLOBAL: OnceLock<Arc<Library>> = OnceLock::new();
static LOADING: Mutex<()> = Mutex::new(());

/// The process-wide cuDNN, loaded by the default search on first use.
///
/// A failed search is not remembered: the next call searches again.
///
/// # Errors
/// [`Error::LibraryNotFound`] with every place tried, or
/// [`Error::UnsupportedVersion`].
#[inline]
pub fn library() -> Result<Arc<Library>> {
    match GLOBAL.get() {
        Some(lib) => Ok(Arc::clone(lib)),
        None => init(None),
    }
}

/// Loads the process-wide cuDNN from `explicit` (a folder or a file; `None`
/// for the default search) unless it is loaded already, and returns it.
/// With the `link` feature the process-wide library is the one linked at
/// build time, and `explicit` is not used.
///
/// The first successful load wins: when a library is loaded already this
/// returns it whatever `explicit` says; compare [`Library::path`] when that
/// matters.
///
/// # Trust
///
/// Loading a library runs its initialisers, native code the crate cannot
/// check; so does every cuDNN function called later. A path given here (or
/// in `CUDNN_LIB_DIR`, or a folder on the search path) is trusted as an
/// executable would be: the loader checks that each file is an ELF or PE
/// library for this machine and complete, and that the sub-libraries
/// match, which guards against mistakes, not against a hostile file. These functions stay safe to call in that sense, as
/// `std::process::Command` does for the programs it runs.
///
/// # Errors
/// As [`library`].
pub fn init(explicit: Option<&Path>) -> Result<Arc<Library>> {
    if let Some(lib) = GLOBAL.get() {
        return Ok(Arc::clone(lib));
    }
    let _guard = LOADING.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(lib) = GLOBAL.get() {
        return Ok(Arc::clone(lib));
    }
    #[cfg(feature = "link")]
    let lib = {
        let _ = explicit;
        Arc::new(Library::linked()?)
    };
    #[cfg(not(feature = "link"))]
    let lib = Arc::new(Library::open(explicit)?);
    Ok(Arc::clone(GLOBAL.get_or_init(|| lib)))
}

/// How an owner (a descriptor) holds the library that made it: one pointer,
/// an `Arc` that counts for any library but the process-wide one. That one
/// is never unloaded (its `Arc` lives in a static that is never dropped),
/// so an owner holds an uncounted copy of it: taking and dropping one costs
/// no atomic operation, which keeps building descriptors cheap, and reading
/// the library through it is one load.
pub(crate) struct LibRef {
    /// Dropped (the count given back) unless it is the process-wide library,
    /// whose copies are never counted.
    lib: ManuallyDrop<Arc<Library>>,
}

impl LibRef {
    /// The process-wide library, loaded by the default search if needed.
    #[inline]
    pub(crate) fn global() -> Result<LibRef> {
        match GLOBAL.get() {
            Some(lib) => Ok(LibRef::uncounted(lib)),
            None => init(None).map(LibRef::from),
        }
    }

    /// An uncounted copy of the process-wide library's `Arc`.
    #[inline(always)]
    fn uncounted(global: &'static Arc<Library>) -> LibRef {
        // SAFETY: a bitwise copy of the `Arc` held by `GLOBAL`, which is
        // never dropped (a `OnceLock` static, set once), so the allocation
        // outlives the copy. The copy is never dropped (`Drop` below leaves
        // copies of the process-wide library alone) and is only lent out by
        // reference, so the count stays right.
        LibRef {
            lib: ManuallyDrop::new(unsafe { std::ptr::read(global) }),
        }
    }

    /// The process-wide library's `Arc` when `lib` is that library.
    #[inline(always)]
    fn global_if(lib: &Arc<Library>) -> Option<&'static Arc<Library>> {
        GLOBAL.get().filter(|g| Arc::ptr_eq(g, lib))
    }

    /// The library, as the `Arc` the public API hands out.
    #[inline(always)]
    pub(crate) fn arc(&self) -> &Arc<Library> {
        &self.lib
    }
}

impl Drop for LibRef {
    #[inline]
    fn drop(&mut self) {
        // An owned `Arc` is never the process-wide one: `GLOBAL` is set
        // only by `init`, with an `Arc` of its own making, and every way of
        // making a `LibRef` from an `Arc` equal to it makes an uncounted copy.
        if LibRef::global_if(&self.lib).is_none() {
            // SAFETY: a counted `Arc` (not the process-wide library), dropped
            // once, here.
            unsafe { ManuallyDrop::drop(&mut self.lib) }
        }
    }
}

impl Clone for LibRef {
    #[inline]
    fn clone(&self) -> LibRef {
        LibRef::from(self.arc())
    }
}

impl std::ops::Deref for LibRef {
    type Target = Library;
    #[inline(always)]
    fn deref(&self) -> &Library {
        &self.lib
    }
}

impl From<Arc<Library>> for LibRef {
    #[inline]
    fn from(lib: Arc<Library>) -> LibRef {
        match LibRef::global_if(&lib) {
            // `lib` is dropped: its count given back.
            Some(global) => LibRef::uncounted(global),
            None => LibRef {
                lib: ManuallyDrop::new(lib),
            },
        }
    }
}

impl From<&Arc<Library>> for LibRef {
    #[inline]
    fn from(lib: &Arc<Library>) -> LibRef {
        match LibRef::global_if(lib) {
            Some(global) => LibRef::uncounted(global),
            None => LibRef {
                lib: ManuallyDrop::new(Arc::clone(lib)),
            },
        }
    }
}

static_assertions::assert_eq_size!(LibRef, usize);

/// The process-wide cuDNN's version (loading it if needed).
///
/// # Errors
/// As [`library`].
pub fn version() -> Result<Version> {
    Ok(library()?.version())
}

/// A function pointer read from the table, with its name for errors.
pub(crate) struct Call<'a, F> {
    pub(crate) lib: &'a Library,
    pub(crate) name: &'static str,
    pub(crate) f: F,
}

impl<F> Call<'_, F> {
    /// Turns the status the call returned into a `Result`.
    #[inline]
    pub(crate) fn check(&self, status: sys::cudnnStatus_t) -> Result<()> {
        self.lib.check(self.name, status)
    }
}

/// `ffi!(lib, cudnnFoo)`: the `Call` for `cudnnFoo`, or
/// `Error::NotAvailable` (returned with `?`) when the loaded library lacks it.
macro_rules! ffi {
    ($lib:expr, $name:ident) => {{
        let lib: &$crate::core::library::Library = &$lib;
        match lib.sys().$name {
            Some(f) => $crate::core::library::Call {
                lib,
                name: stringify!($name),
                f,
            },
            None => return Err(lib.not_available(stringify!($name))),
        }
    }};
}
pub(crate) use ffi;

impl Library {
    /// Loads cuDNN from `explicit` (a folder or a file), or by the default
    /// search when `None`, reads its version and prepares error reporting.
    /// Independent of the process-wide library.
    ///
    /// # Trust
    ///
    /// Loading a library runs its initialisers, native code the crate cannot
    /// check; so does every cuDNN function called later. A path given here (or
    /// in `CUDNN_LIB_DIR`, or a folder on the search path) is trusted as an
    /// executable would be: the loader checks that each file is an ELF or PE
    /// library for this machine and complete, and that the sub-libraries
    /// match, which guards against mistakes, not against a hostile file. These functions stay safe to call in that sense, as
    /// `std::process::Command` does for the programs it runs.
    ///
    /// # Errors
    /// [`Error::LibraryNotFound`] with every place tried, or
    /// [`Error::UnsupportedVersion`] for a cuDNN before 8.
    ///
    /// With the `link` feature the process-wide library is the linked one;
    /// this still loads a separate copy at run time.
    pub fn open(explicit: Option<&Path>) -> Result<Library> {
        Library::from_sys(sys::loader::Library::load_with(explicit)?)
    }

    /// The cuDNN this program was linked against (the `link` feature).
    ///
    /// # Errors
    /// As [`from_sys`](Self::from_sys).
    #[cfg(feature = "link")]
    pub fn linked() -> Result<Library> {
        Library::from_sys(sys::loader::Library::linked())
    }

    /// Wraps a library loaded by `cudnn_sys`.
    ///
    /// # Errors
    /// [`Error::UnsupportedVersion`] for a cuDNN before 8, or a status
    /// error from the version queries.
    pub fn from_sys(inner: sys::loader::Library) -> Result<Library> {
        let fns = inner.functions();
        // SAFETY: cudnnGetVersion takes nothing and returns a number; the
        // loader only accepts libraries that export it.
        let encoded = fns.cudnnGetVersion.map(|f| unsafe { f() }).unwrap_or(0);
        let mut version = Version::from_encoded(encoded);
        if let Some(get) = fns.cudnnGetProperty {
            let mut parts = [0i32; 3];
            let props = [
                sys::libraryPropertyType::MAJOR_VERSION,
                sys::libraryPropertyType::MINOR_VERSION,
                sys::libraryPropertyType::PATCH_LEVEL,
            ];
            let ok = props.iter().zip(parts.iter_mut()).all(|(p, out)| {
                // SAFETY: `out` is a valid pointer to an int.
                unsafe { get(*p, out) }.0 == 0
            });
            if ok && parts.iter().all(|p| *p >= 0) {
                version = Version::new(parts[0] as u32, parts[1] as u32, parts[2] as u32);
            }
        }
        // SAFETY: cudnnGetCudartVersion takes nothing and returns a number.
        let cudart = fns
            .cudnnGetCudartVersion
            .map(|f| unsafe { f() })
            .unwrap_or(0);
        let lib = Library {
            inner,
            version,
            version_text: version.to_string(),
            cudart: CudaVersion(cudart as u32),
        };
        if version.major < 8 {
            return Err(Error::UnsupportedVersion {
                version,
                path: lib.path().to_path_buf(),
            });
        }
        lib.install_error_callback();
        Ok(lib)
    }

    /// The library's version (`cudnnGetProperty`, `cudnnGetVersion`).
    pub fn version(&self) -> Version {
        self.version
    }

    /// [`version`](Self::version) as text, `9.28.0` (as it is written in
    /// the algorithm cache's keys).
    pub(crate) fn version_text(&self) -> &str {
        &self.version_text
    }

    /// The CUDA runtime version this cuDNN was built for
    /// (`cudnnGetCudartVersion`).
    pub fn cudart_version(&self) -> CudaVersion {
        self.cudart
    }

    /// The absolute path of the file the operating system loaded.
    pub fn path(&self) -> &Path {
        self.inner.path()
    }

    /// Where the search found it.
    pub fn found_by(&self) -> &Source {
        &self.inner.candidate().source
    }

    /// The candidate that loaded (the path or name asked for).
    pub fn candidate(&self) -> &Candidate {
        self.inner.candidate()
    }

    /// Every candidate tried before the one that loaded, and that one.
    pub fn attempts(&self) -> &[Attempt] {
        self.inner.attempts()
    }

    /// Every sub-library of the loaded major, with what loading found
    /// (loaded, or why it cannot be used). Empty for a linked library.
    pub fn sublibraries(&self) -> &[sys::sublibs::SubLibraryState] {
        self.inner.sublibraries()
    }

    /// The raw function table: the escape hatch to every cuDNN function.
    /// Calling through it is `unsafe`; [`check`](Self::check) turns the
    /// status a call returns into this crate's [`Error`].
    #[inline]
    pub fn sys(&self) -> &sys::Functions {
        self.inner.functions()
    }

    /// Whether the loaded library exports the C function `name`; `false`
    /// for a name neither major's headers declare.
    pub fn has_function(&self, name: &str) -> bool {
        self.sys().is_available(name).unwrap_or(false)
    }

    /// `Ok` when the loaded library exports the C function `name` and the
    /// sub-library that implements it is usable.
    ///
    /// # Errors
    /// [`Error::NotAvailable`], naming the function and the loaded version,
    /// or [`Error::SublibraryUnavailable`], naming the file that is missing
    /// or unusable.
    pub fn require(&self, name: &'static str) -> Result<()> {
        if self.has_function(name) {
            Ok(())
        } else {
            Err(self.not_available(name))
        }
    }

    #[cold]
    pub(crate) fn not_available(&self, function: &'static str) -> Error {
        if let Some(sub) = self.inner.unavailable_because(function) {
            let problem = sub.problem.as_deref().unwrap_or("cannot be used");
            return Error::SublibraryUnavailable {
                function,
                file: sub.file_name(),
                path: sub.path.clone(),
                reason: if problem == "missing" {
                    "is missing".to_string()
                } else {
                    format!("cannot be used: {problem}")
                },
            };
        }
        Error::NotAvailable {
            function,
            version: self.version,
            path: self.path().to_path_buf(),
        }
    }

    /// `cudnnGetErrorString`'s text for `status`.
    pub fn error_string(&self, status: sys::cudnnStatus_t) -> Option<String> {
        let f = self.sys().cudnnGetErrorString?;
        // SAFETY: cudnnGetErrorString returns a pointer to a static string
        // (or null); it is copied at once.
        let p = unsafe { f(status) };
        if p.is_null() {
            return None;
        }
        // SAFETY: non-null, NUL-terminated, static.
        Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }

    /// Turns the status returned by the C function `function` into a
    /// `Result`. On failure it reads cuDNN's reason at once: cuDNN 9's
    /// `cudnnGetLastErrorString` (thread-local, cleared when read), or the
    /// message cuDNN 8 passed to this crate's error callback on this
    /// thread. Call it right after the failing call, on the same thread.
    ///
    /// # Errors
    /// The variant of [`Error`] for the status's category.
    #[inline]
    pub fn check(&self, function: &'static str, status: sys::cudnnStatus_t) -> Result<()> {
        if status.0 == 0 {
            return Ok(());
        }
        self.failed(function, status)
    }

    #[cold]
    fn failed(&self, function: &'static str, status: sys::cudnnStatus_t) -> Result<()> {
        let message = self.take_last_error();
        Err(Error::from_status(StatusError {
            function,
            status: Status::new(status, self.version.major),
            version: self.version,
            description: self.error_string(status),
            message,
        }))
    }

    /// Reads and clears cuDNN's last error text for this thread.
    pub(crate) fn take_last_error(&self) -> Option<String> {
        if let Some(f) = self.sys().cudnnGetLastErrorString {
            let mut buf = [0 as c_char; 1024];
            // SAFETY: `buf` has room for `buf.len()` bytes; cuDNN writes a
            // NUL-terminated string of at most that size.
            unsafe { f(buf.as_mut_ptr(), buf.len()) };
            buf[buf.len() - 1] = 0;
            // SAFETY: NUL-terminated by the line above at the latest.
            let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy();
            let text = text.trim();
            return (!text.is_empty()).then(|| text.to_owned());
        }
        LAST_CALLBACK_MESSAGE
            .try_with(|m| m.borrow_mut().take())
            .ok()
            .flatten()
    }

    /// cuDNN 8 has no last-error slot; its error callback reports the same
    /// reasons. Installed once per library, for errors only.
    fn install_error_callback(&self) {
        if self.sys().cudnnGetLastErrorString.is_some() {
            return;
        }
        let Some(set) = self.sys().cudnnSetCallback else {
            return;
        };
        // CUDNN_SEV_FATAL_EN | CUDNN_SEV_ERROR_EN
        let mask =
            (1u32 << sys::cudnnSeverity_t::FATAL.0) | (1u32 << sys::cudnnSeverity_t::ERROR.0);
        // SAFETY: the callback has cuDNN's prototype, never unwinds, and
        // ignores `udata`, which may therefore be null.
        let _ = unsafe { set(mask, std::ptr::null_mut(), Some(error_callback)) };
    }
}

thread_local! {
    static LAST_CALLBACK_MESSAGE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// cuDNN 8's error callback: keeps the last message of this thread.
unsafe extern "system" fn error_callback(
    _sev: sys::cudnnSeverity_t,
    _udata: *mut c_void,
    _dbg: *const sys::cudnnDebug_t,
    msg: *const c_char,
) {
    if msg.is_null() {
        return;
    }
    // SAFETY: cuDNN passes a message valid for this call whose lines end in
    // NUL and which ends in two NULs; it is copied at once.
    let text = unsafe { callback_lines(msg) };
    let _ = LAST_CALLBACK_MESSAGE.try_with(|m| {
        if let Ok(mut slot) = m.try_borrow_mut() {
            *slot = text;
        }
    });
}

/// The reason in a cuDNN 8 callback message (its lines read
/// `CuDNN (v8905) function cudnnX() called:`, then
/// `Error: CUDNN_STATUS_...; Reason: ...`, then time and process details),
/// or `None` when it gives none.
///
/// # Safety
/// `msg` must point to NUL-separated lines ending in an empty line (two
/// NULs in a row), as cuDNN 8 passes them.
unsafe fn callback_lines(msg: *const c_char) -> Option<String> {
    let mut lines = Vec::new();
    let mut p = msg;
    // At most 64 lines: a bound in case the terminator is missing.
    for _ in 0..64 {
        // SAFETY: `p` points at the start of a NUL-terminated line.
        let line = unsafe { CStr::from_ptr(p) };
        let len = line.to_bytes().len();
        if len == 0 {
            break;
        }
        lines.push(line.to_string_lossy().trim().to_owned());
        // SAFETY: the line's NUL is followed by the next line or the final NUL.
        p = unsafe { p.add(len + 1) };
    }
    // "Error: CUDNN_STATUS_BAD_PARAM; Reason: (n <= 0) || ..." -> the reason,
    // the same text cuDNN 9's cudnnGetLastErrorString gives.
    let reasons: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once("Reason: ").map(|(_, r)| r.trim()))
        .filter(|r| !r.is_empty())
        .collect();
    (!reasons.is_empty()).then(|| reasons.join("; "))
}
