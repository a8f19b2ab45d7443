//! [`KernelCache`]: cuDNN's kernel cache (`CUDNN_BACKEND_KERNEL_CACHE_DESCRIPTOR`,
//! cuDNN 9.4), which keeps the kernels that runtime-compiled engines
//! build for a graph marked for dynamic shapes
//! ([`Graph::set_dynamic_shapes`](super::Graph::set_dynamic_shapes)), so
//! that a plan for another shape of the graph finds them compiled.
//!
//! What it saves, measured on cuDNN 9.28 without a GPU (a described
//! H100, conv + bias + ReLU in FP16, `benches/graph_plans.rs`): the
//! dynamic-shape engines are runtime-compiled, and the first plan of a
//! process compiles their kernels (about a second). Within one process
//! cuDNN 9.28 keeps what it compiled, so a second shape plans in well
//! under a millisecond with or without this cache; what the cache adds is
//! the kernels *across* processes: saved ([`save`](KernelCache::save))
//! and loaded ([`load`](KernelCache::load)) in a fresh process, a new
//! shape plans without compiling anything.
//!
//! The descriptor is finalized when first used, for the operation graph
//! of that use (`KERNEL_CACHE_OPERATION_GRAPH`, cuDNN 9.5), as
//! cudnn-frontend 1.32 does; later plans of other shapes use it as it is.
//! Plans are finalized with it one at a time (its lock): cuDNN writes
//! kernels into it as it finalizes a plan, and does not say that two
//! finalizes may share it.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use cudnn_sys as sys;
use sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};

use super::builder::DYNAMIC_SHAPES_SINCE;
use super::descriptor::BackendDescriptor;
use super::operation_graph::OperationGraph;
use crate::core::error::{Error, Result};
use crate::core::library::Library;
use crate::core::save::{read_bounded, replace_file, CACHE_FILE_MAX_BYTES};
use crate::core::version::Version;

/// The first cuDNN whose kernel cache takes its operation graph.
const OPERATION_GRAPH_SINCE: Version = Version::new(9, 5, 0);
/// The first cuDNN that writes and reads a kernel cache as JSON.
const JSON_SINCE: Version = Version::new(9, 10, 0);
/// The first cuDNN that counts a kernel cache's entries and changes.
const COUNTS_SINCE: Version = Version::new(9, 27, 0);

/// The file layout of [`KernelCache::save`].
const FORMAT: &str = "cudnn-rs kernel cache";
const FORMAT_VERSION: u64 = 1;

/// cuDNN's kernel cache, shared by the plans of every shape of a graph
/// marked for dynamic shapes
/// ([`OperationGraph::plans_with_kernel_cache`]).
///
/// Not `Clone` (share it in an `Arc`); `Send` and `Sync`: its descriptor
/// is behind a lock.
#[derive(Debug)]
pub struct KernelCache {
    lib: Arc<Library>,
    desc: Mutex<BackendDescriptor>,
}

static_assertions::assert_impl_all!(KernelCache: Send, Sync);
static_assertions::assert_not_impl_any!(KernelCache: Clone);

/// The refusal of `what` on a cuDNN before `since`.
fn too_old(function: &'static str, lib: &Library, what: &str, since: Version) -> Error {
    Error::unsupported(
        function,
        format!(
            "{what} needs cuDNN {since} or later; the loaded cuDNN is {}",
            lib.version()
        ),
    )
}

impl KernelCache {
    /// An empty kernel cache of `lib`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with
    /// [`Mismatch::Unsupported`](crate::Mismatch::Unsupported) before cuDNN
    /// 9.4 (cuDNN 8 included); cuDNN's status.
    pub fn new(lib: &Arc<Library>) -> Result<KernelCache> {
        const F: &str = "KernelCache::new";
        if lib.version() < DYNAMIC_SHAPES_SINCE {
            return Err(too_old(F, lib, "a kernel cache", DYNAMIC_SHAPES_SINCE));
        }
        let desc = BackendDescriptor::with_library(lib, D::KERNEL_CACHE_DESCRIPTOR)?;
        Ok(KernelCache {
            lib: Arc::clone(lib),
            desc: Mutex::new(desc),
        })
    }

    /// The library it belongs to.
    pub fn library(&self) -> &Arc<Library> {
        &self.lib
    }

    /// The descriptor, locked. A poisoned lock is taken as it is: the
    /// descriptor is changed only by cuDNN's calls, which do not unwind.
    fn lock(&self) -> MutexGuard<'_, BackendDescriptor> {
        self.desc.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The descriptor, locked and finalized: on its first use, for
    /// `graph` (its operation graph from cuDNN 9.5).
    pub(crate) fn ready_for(
        &self,
        graph: &OperationGraph,
    ) -> Result<MutexGuard<'_, BackendDescriptor>> {
        let mut desc = self.lock();
        if !desc.is_finalized() {
            if self.lib.version() >= OPERATION_GRAPH_SINCE {
                desc.set_descriptor(A::KERNEL_CACHE_OPERATION_GRAPH, &graph.desc)?;
            }
            desc.finalize()?;
        }
        Ok(desc)
    }

    /// The cache as cuDNN writes it (JSON, cuDNN 9.10), its kernels
    /// included; empty before its first use.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before cuDNN 9.10; cuDNN's status.
    pub fn to_json(&self) -> Result<String> {
        const F: &str = "KernelCache::to_json";
        if self.lib.version() < JSON_SINCE {
            return Err(too_old(F, &self.lib, "a kernel cache's JSON", JSON_SINCE));
        }
        let desc = self.lock();
        if !desc.is_finalized() {
            return Ok(String::new());
        }
        desc.get_string(A::KERNEL_CACHE_JSON_REPRESENTATION)
    }

    /// A cache of `lib` holding what `json` ([`to_json`](Self::to_json))
    /// holds. The text must be one JSON object naming this cuDNN's
    /// version (`cudnnVersion`, as cuDNN writes it: `92800` for 9.28.0),
    /// and its operation graphs (the cache's and each entry's) are read
    /// as a plan's are ([`ExecutionPlan::from_json`](super::ExecutionPlan::from_json)):
    /// cuDNN 9.28 ends the process on a tensor reference that is not a
    /// number there, when it reads the cache. The rest is cuDNN's to read
    /// when the cache is first used; what it refuses is its status then.
    ///
    /// # Safety
    /// `json` must be a kernel cache cuDNN wrote ([`to_json`](Self::to_json)),
    /// unchanged: it holds compiled kernels (binaries) and the offsets and
    /// sizes of their parameters, which cuDNN loads and runs on the GPU as
    /// they are. Damaged or crafted, they can read and write memory out of
    /// bounds or run other code on the device; nothing on the host can
    /// check them. [`load`](Self::load) checks a file against the checksum
    /// [`save`](Self::save) wrote, which catches accidental damage.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before cuDNN 9.10, for text that is not
    /// such an object, names another cuDNN or has a graph that is not one
    /// of cuDNN's; cuDNN's status.
    pub unsafe fn from_json(lib: &Arc<Library>, json: &str) -> Result<KernelCache> {
        const F: &str = "KernelCache::from_json";
        if lib.version() < JSON_SINCE {
            return Err(too_old(F, lib, "a kernel cache's JSON", JSON_SINCE));
        }
        check_json(lib, json).map_err(|what| Error::bad_value(F, what))?;
        super::plan_json::check_kernel_cache(json).map_err(|what| Error::bad_value(F, what))?;
        let cache = KernelCache::new(lib)?;
        cache
            .lock()
            .set_checked_text(A::KERNEL_CACHE_JSON_REPRESENTATION, json)?;
        Ok(cache)
    }

    /// How many entries it holds (cuDNN 9.27): two shapes may share one.
    /// 0 before its first use.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before cuDNN 9.27; cuDNN's status.
    pub fn entries(&self) -> Result<i64> {
        self.count("KernelCache::entries", A::KERNEL_CACHE_ENTRY_COUNT)
    }

    /// A count of its changes (cuDNN 9.27): each insertion, replacement,
    /// removal or eviction adds one, a lookup none; it starts at 0 in
    /// each process. What tells that a new [`save`](Self::save) is worth
    /// its cost. 0 before its first use.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before cuDNN 9.27; cuDNN's status.
    pub fn revision(&self) -> Result<i64> {
        self.count("KernelCache::revision", A::KERNEL_CACHE_REVISION)
    }

    fn count(&self, function: &'static str, attr: A) -> Result<i64> {
        if self.lib.version() < COUNTS_SINCE {
            return Err(too_old(
                function,
                &self.lib,
                "a kernel cache's counts",
                COUNTS_SINCE,
            ));
        }
        let desc = self.lock();
        if !desc.is_finalized() {
            return Ok(0);
        }
        desc.get_one::<i64>(attr)
    }

    /// Writes the cache to `path`, with the cuDNN version it is of,
    /// replacing the file whole (a crash or a full disk leaves the
    /// previous file or the new one).
    ///
    /// # Errors
    /// As [`to_json`](Self::to_json); [`Error::Io`] when the file cannot
    /// be written.
    pub fn save(&self, path: &Path) -> Result<()> {
        let json = self.to_json()?;
        let doc = serde_json::json!({
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "cudnn": self.lib.version().to_string(),
            "checksum": checksum(&json),
            "cache": json,
        });
        let io = |message: String| Error::Io {
            path: path.to_path_buf(),
            message,
        };
        let text = serde_json::to_string(&doc).map_err(|e| io(e.to_string()))?;
        replace_file(path, text.as_bytes()).map_err(|e| io(e.to_string()))
    }

    /// Reads a cache written by [`save`](Self::save), for `lib`: a regular
    /// file of at most
    /// [`CACHE_FILE_MAX_BYTES`](crate::load::CACHE_FILE_MAX_BYTES), of this
    /// layout, written with the same cuDNN release, whose cache text
    /// matches the checksum `save` wrote beside it (FNV-1a, 64 bits: it
    /// catches damage, not forgery) and is checked as
    /// [`from_json`](Self::from_json) checks it. A file saved before the
    /// cache's first use gives an empty cache.
    ///
    /// # Safety
    /// As [`from_json`](Self::from_json): the file must be one
    /// [`save`](Self::save) wrote (a file that others can write is not).
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read, is not a regular file
    /// or is larger than the limit; [`Error::InvalidArgument`] when it is
    /// not a kernel cache of this layout, is of another cuDNN release or
    /// its text does not match its checksum; as
    /// [`from_json`](Self::from_json).
    pub unsafe fn load(path: &Path, lib: &Arc<Library>) -> Result<KernelCache> {
        const F: &str = "KernelCache::load";
        let text = read_bounded(path, CACHE_FILE_MAX_BYTES).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let bad = |what: String| Error::bad_value(F, format!("{}: {what}", path.display()));
        let doc: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
        if doc.get("format").and_then(|f| f.as_str()) != Some(FORMAT)
            || doc.get("version").and_then(|v| v.as_u64()) != Some(FORMAT_VERSION)
        {
            return Err(bad(format!(
                "not a kernel cache of format {FORMAT:?} version {FORMAT_VERSION}"
            )));
        }
        let version = lib.version().to_string();
        match doc.get("cudnn").and_then(|v| v.as_str()) {
            Some(v) if v == version => {}
            other => {
                return Err(bad(format!(
                    "a kernel cache of cuDNN {}, not of the loaded {version}",
                    other.unwrap_or("(none)")
                )))
            }
        }
        let json = doc
            .get("cache")
            .and_then(|c| c.as_str())
            .ok_or_else(|| bad("no \"cache\" string".into()))?;
        if doc.get("checksum").and_then(|c| c.as_str()) != Some(checksum(json).as_str()) {
            return Err(bad("its cache does not match its checksum: damaged".into()));
        }
        if json.is_empty() {
            return KernelCache::new(lib);
        }
        // SAFETY: the caller's contract: the file is one `save` wrote,
        // and its text is unchanged (its checksum).
        unsafe { KernelCache::from_json(lib, json) }
    }
}

/// FNV-1a (64 bits) of `text`, as 16 hex digits: [`KernelCache::save`]'s
/// guard against damage.
fn checksum(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// What [`KernelCache::from_json`] checks of a cache's JSON: one object
/// whose `cudnnVersion` is `lib`'s, as cuDNN writes it (`major * 10000 +
/// minor * 100 + patch`).
fn check_json(lib: &Library, json: &str) -> std::result::Result<(), String> {
    let doc: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let object = doc
        .as_object()
        .ok_or_else(|| "not a JSON object".to_owned())?;
    let v = lib.version();
    let want = u64::from(v.major) * 10_000 + u64::from(v.minor) * 100 + u64::from(v.patch);
    match object
        .get("cudnnVersion")
        .and_then(serde_json::Value::as_u64)
    {
        Some(n) if n == want => Ok(()),
        Some(n) => Err(format!(
            "a kernel cache of cuDNN version {n}, not of the loaded {v} ({want})"
        )),
        None => Err("no cudnnVersion".into()),
    }
}
