//! The algorithm cache: choices of convolution algorithms keyed by
//! everything that changes the answer, shared between threads, saved to and
//! loaded from a file.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use crate::core::error::{Error, Result};
use crate::core::save::{read_bounded, CACHE_FILE_MAX_BYTES};

/// Which convolution direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// `cudnnConvolutionForward`.
    Forward,
    /// `cudnnConvolutionBackwardData`.
    BackwardData,
    /// `cudnnConvolutionBackwardFilter`.
    BackwardFilter,
}

/// How algorithms are chosen.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub enum SearchMode {
    /// The best allowed answer of cuDNN's heuristic (`cudnnGet*Algorithm_v7`):
    /// no GPU work.
    #[default]
    Heuristic,
    /// Run every candidate and keep the fastest allowed one
    /// (`cudnnFind*AlgorithmEx`, like `torch.backends.cudnn.benchmark`).
    Benchmark,
}

/// What an algorithm search may return.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SearchOptions {
    /// Heuristic or benchmark.
    pub mode: SearchMode,
    /// The most workspace bytes an algorithm may use; `None`: no limit.
    pub workspace_limit: Option<usize>,
    /// Only algorithms cuDNN reports deterministic.
    pub deterministic: bool,
    /// Allow tensor cores to convert f32 data down (to f16/bf16):
    /// `CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION`.
    pub allow_down_conversion: bool,
    /// Allow TF32 tensor-core math for f32 data (cuDNN's default on Ampere
    /// and later); `false` forces `CUDNN_FMA_MATH` for f32.
    pub allow_tf32: bool,
}

impl Default for SearchOptions {
    /// The heuristic, no workspace limit, any determinism, no
    /// down-conversion, TF32 allowed (cuDNN's defaults).
    fn default() -> Self {
        SearchOptions {
            mode: SearchMode::Heuristic,
            workspace_limit: None,
            deterministic: false,
            allow_down_conversion: false,
            allow_tf32: true,
        }
    }
}

/// The device part of a key: a choice made on one GPU model is not reused
/// on another.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DeviceKey {
    /// The device ordinal.
    pub ordinal: usize,
    /// Its name, for example `NVIDIA H200`.
    pub name: String,
    /// Its compute capability (major, minor).
    pub compute_capability: (i32, i32),
}

/// Everything that changes an algorithm choice.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AlgoKey {
    /// The device.
    pub device: DeviceKey,
    /// The cuDNN version, `9.28.0`.
    pub cudnn_version: String,
    /// The direction.
    pub direction: Direction,
    /// `cudnnDataType_t` of the data.
    pub data_type: u32,
    /// `cudnnDataType_t` of the computation.
    pub compute_type: u32,
    /// Input dims.
    pub x_dims: Vec<usize>,
    /// Input strides (the layout).
    pub x_strides: Vec<usize>,
    /// Filter dims.
    pub w_dims: Vec<usize>,
    /// Filter layout (`cudnnTensorFormat_t`).
    pub w_format: u32,
    /// Output dims.
    pub y_dims: Vec<usize>,
    /// Output strides.
    pub y_strides: Vec<usize>,
    /// Paddings.
    pub pads: Vec<usize>,
    /// Strides of the convolution.
    pub strides: Vec<usize>,
    /// Dilations.
    pub dilations: Vec<usize>,
    /// Groups.
    pub groups: usize,
    /// `cudnnConvolutionMode_t`.
    pub mode: u32,
    /// The search options (mode, workspace limit, determinism, math).
    pub options: SearchOptions,
}

/// An [`AlgoKey`] borrowed from where its values live (the problem's
/// descriptors, the library, the caller's options): a cache lookup without
/// building the key's ten heap allocations. Its fields are the key's, in
/// the key's order, each of a type that hashes and compares as the key's
/// own (`&str` as `String`, `&[usize]` as `Vec<usize>`, `&T` as `T`): the
/// contract of [`Borrow`] that `HashMap` lookups rely on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct KeyRef<'a> {
    pub(crate) device: &'a DeviceKey,
    pub(crate) cudnn_version: &'a str,
    pub(crate) direction: Direction,
    pub(crate) data_type: u32,
    pub(crate) compute_type: u32,
    pub(crate) x_dims: &'a [usize],
    pub(crate) x_strides: &'a [usize],
    pub(crate) w_dims: &'a [usize],
    pub(crate) w_format: u32,
    pub(crate) y_dims: &'a [usize],
    pub(crate) y_strides: &'a [usize],
    pub(crate) pads: &'a [usize],
    pub(crate) strides: &'a [usize],
    pub(crate) dilations: &'a [usize],
    pub(crate) groups: usize,
    pub(crate) mode: u32,
    pub(crate) options: &'a SearchOptions,
}

impl KeyRef<'_> {
    /// The owned key.
    pub(crate) fn to_key(self) -> AlgoKey {
        AlgoKey {
            device: self.device.clone(),
            cudnn_version: self.cudnn_version.to_owned(),
            direction: self.direction,
            data_type: self.data_type,
            compute_type: self.compute_type,
            x_dims: self.x_dims.to_vec(),
            x_strides: self.x_strides.to_vec(),
            w_dims: self.w_dims.to_vec(),
            w_format: self.w_format,
            y_dims: self.y_dims.to_vec(),
            y_strides: self.y_strides.to_vec(),
            pads: self.pads.to_vec(),
            strides: self.strides.to_vec(),
            dilations: self.dilations.to_vec(),
            groups: self.groups,
            mode: self.mode,
            options: self.options.clone(),
        }
    }
}

/// What the map's lookups see of a key, owned or borrowed.
pub(crate) trait AsKeyRef {
    fn key_ref(&self) -> KeyRef<'_>;
}

impl AsKeyRef for AlgoKey {
    fn key_ref(&self) -> KeyRef<'_> {
        // Every field named (no `..`): a field added to the key must be
        // added here too.
        let AlgoKey {
            device,
            cudnn_version,
            direction,
            data_type,
            compute_type,
            x_dims,
            x_strides,
            w_dims,
            w_format,
            y_dims,
            y_strides,
            pads,
            strides,
            dilations,
            groups,
            mode,
            options,
        } = self;
        KeyRef {
            device,
            cudnn_version,
            direction: *direction,
            data_type: *data_type,
            compute_type: *compute_type,
            x_dims,
            x_strides,
            w_dims,
            w_format: *w_format,
            y_dims,
            y_strides,
            pads,
            strides,
            dilations,
            groups: *groups,
            mode: *mode,
            options,
        }
    }
}

impl AsKeyRef for KeyRef<'_> {
    fn key_ref(&self) -> KeyRef<'_> {
        *self
    }
}

impl<'a> Borrow<dyn AsKeyRef + 'a> for AlgoKey {
    fn borrow(&self) -> &(dyn AsKeyRef + 'a) {
        self
    }
}

impl Hash for dyn AsKeyRef + '_ {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key_ref().hash(state);
    }
}

impl PartialEq for dyn AsKeyRef + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.key_ref() == other.key_ref()
    }
}

impl Eq for dyn AsKeyRef + '_ {}

/// A remembered choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CachedAlgo {
    /// The algorithm's raw value.
    pub algo: i32,
    /// The math type's raw value.
    pub math_type: i32,
    /// Workspace bytes it needed.
    pub workspace: usize,
    /// Its benchmarked time, if benchmarked.
    pub time_ms: Option<f32>,
    /// Whether cuDNN reported it deterministic.
    pub deterministic: bool,
}

#[derive(Serialize, Deserialize)]
struct CacheFile {
    format: u32,
    entries: Vec<(AlgoKey, CachedAlgo)>,
}

const FORMAT: u32 = 1;

/// Algorithm choices keyed by [`AlgoKey`]. `Sync`: share it between threads
/// (behind an `Arc` or a `static`).
#[derive(Debug, Default)]
pub struct AlgoCache {
    map: Mutex<HashMap<AlgoKey, CachedAlgo>>,
}

static_assertions::assert_impl_all!(AlgoCache: Send, Sync);

impl AlgoCache {
    /// An empty cache.
    pub fn new() -> AlgoCache {
        AlgoCache::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<AlgoKey, CachedAlgo>> {
        // A panic while holding the lock cannot leave the map half-written:
        // every update is a single insert.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The choice for `key`, if known.
    pub fn get(&self, key: &AlgoKey) -> Option<CachedAlgo> {
        self.lock().get(key).cloned()
    }

    /// The choice for a borrowed key, without building an [`AlgoKey`].
    pub(crate) fn get_ref(&self, key: KeyRef<'_>) -> Option<CachedAlgo> {
        self.lock().get(&key as &dyn AsKeyRef).cloned()
    }

    /// Remembers a choice.
    pub fn insert(&self, key: AlgoKey, value: CachedAlgo) {
        self.lock().insert(key, value);
    }

    /// The number of choices.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes every choice to `path` as JSON, in key order.
    ///
    /// The file is replaced whole: a reader, another process saving to
    /// the same path, a crash or a full disk leaves the previous file or
    /// the new one, never a mix or a truncated file.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<()> {
        let mut entries: Vec<(AlgoKey, CachedAlgo)> = self
            .lock()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let text = serde_json::to_string_pretty(&CacheFile {
            format: FORMAT,
            entries,
        })
        .map_err(|e| io_error(path, e.to_string()))?;
        crate::core::save::replace_file(path, text.as_bytes())
            .map_err(|e| io_error(path, e.to_string()))
    }

    /// Adds the choices saved in `path` (a missing file adds nothing) and
    /// returns how many were read. The file may have at most
    /// [`CACHE_FILE_MAX_BYTES`](crate::load::CACHE_FILE_MAX_BYTES) (64 MiB);
    /// [`load_with_limit`](Self::load_with_limit) takes another limit.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read, is not a regular file
    /// (a FIFO, a device, a socket or a folder: refused without waiting on
    /// it), is larger than 64 MiB (the message names the limit), or is not
    /// a cache file of this format.
    pub fn load(&self, path: &Path) -> Result<usize> {
        self.load_with_limit(path, CACHE_FILE_MAX_BYTES)
    }

    /// As [`load`](Self::load), for a file of at most `max_bytes` bytes.
    ///
    /// # Errors
    /// As [`load`](Self::load), with [`Error::Io`] (whose message names
    /// the limit) for a file larger than `max_bytes`, or one that grows
    /// past it while it is read.
    pub fn load_with_limit(&self, path: &Path, max_bytes: u64) -> Result<usize> {
        let text = match read_bounded(path, max_bytes) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(io_error(path, e.to_string())),
        };
        let file: CacheFile = serde_json::from_str(&text)
            .map_err(|e| io_error(path, format!("not an algorithm cache: {e}")))?;
        if file.format != FORMAT {
            return Err(io_error(
                path,
                format!("cache format {} (this crate reads {FORMAT})", file.format),
            ));
        }
        let n = file.entries.len();
        self.lock().extend(file.entries);
        Ok(n)
    }
}

fn io_error(path: &Path, message: String) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: usize, mode: SearchMode) -> AlgoKey {
        AlgoKey {
            device: DeviceKey {
                ordinal: 0,
                name: "NVIDIA H200".into(),
                compute_capability: (9, 0),
            },
            cudnn_version: "9.28.0".into(),
            direction: Direction::Forward,
            data_type: 0,
            compute_type: 0,
            x_dims: vec![n, 3, 8, 8],
            x_strides: vec![192, 64, 8, 1],
            w_dims: vec![4, 3, 3, 3],
            w_format: 0,
            y_dims: vec![n, 4, 8, 8],
            y_strides: vec![256, 64, 8, 1],
            pads: vec![1, 1],
            strides: vec![1, 1],
            dilations: vec![1, 1],
            groups: 1,
            mode: 1,
            options: SearchOptions {
                mode,
                ..SearchOptions::default()
            },
        }
    }

    /// A borrowed key hashes and compares as its owned key (`Borrow`'s
    /// contract), for keys that differ in every field, and a lookup by the
    /// borrowed form finds exactly its own entry.
    #[test]
    fn borrowed_keys_hash_and_compare_as_owned_ones() {
        let base = key(2, SearchMode::Heuristic);
        let mut keys = vec![base.clone(), key(3, SearchMode::Benchmark)];
        let variants: [&dyn Fn(&mut AlgoKey); 17] = [
            &|k| k.device.ordinal = 1,
            &|k| k.device.name.push('X'),
            &|k| k.device.compute_capability.1 = 1,
            &|k| k.cudnn_version = "8.9.5".into(),
            &|k| k.direction = Direction::BackwardData,
            &|k| k.data_type = 2,
            &|k| k.compute_type = 2,
            &|k| k.x_strides = vec![192, 1, 24, 3],
            &|k| k.w_dims.push(1),
            &|k| k.w_format = 1,
            &|k| k.y_dims[1] = 5,
            &|k| {
                k.y_strides.pop();
            },
            &|k| k.pads = vec![0, 1],
            &|k| k.strides = vec![2, 1],
            &|k| k.dilations = vec![1, 2],
            &|k| k.groups = 2,
            &|k| k.options.workspace_limit = Some(0),
        ];
        for change in variants {
            let mut k = base.clone();
            change(&mut k);
            keys.push(k);
        }
        let mut mode = base.clone();
        mode.mode = 0;
        keys.push(mode);
        use std::hash::BuildHasher;
        let hasher = std::hash::RandomState::new();
        let cache = AlgoCache::new();
        for (i, k) in keys.iter().enumerate() {
            let borrowed: &dyn AsKeyRef = &k.key_ref();
            assert_eq!(hasher.hash_one(k), hasher.hash_one(borrowed), "key {i}");
            assert_eq!(k.key_ref().to_key(), *k, "key {i} round trip");
            cache.insert(k.clone(), choice(i as i32));
        }
        assert_eq!(cache.len(), keys.len(), "every variant is its own key");
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(cache.get_ref(k.key_ref()), Some(choice(i as i32)));
            for (j, other) in keys.iter().enumerate() {
                let (a, b): (&dyn AsKeyRef, &dyn AsKeyRef) = (k, &other.key_ref());
                assert_eq!(a == b, i == j, "keys {i} and {j}");
            }
        }
        assert_eq!(AlgoCache::new().get_ref(base.key_ref()), None);
    }

    fn choice(algo: i32) -> CachedAlgo {
        CachedAlgo {
            algo,
            math_type: 0,
            workspace: 1 << 20,
            time_ms: Some(0.25),
            deterministic: true,
        }
    }

    #[test]
    fn choices_are_kept_per_key_and_shared_between_threads() {
        let cache = AlgoCache::new();
        assert!(cache.is_empty());
        std::thread::scope(|s| {
            for n in 1..=4 {
                let cache = &cache;
                s.spawn(move || cache.insert(key(n, SearchMode::Heuristic), choice(n as i32)));
            }
        });
        assert_eq!(cache.len(), 4);
        assert_eq!(cache.get(&key(3, SearchMode::Heuristic)), Some(choice(3)));
        // The search options are part of the key.
        assert_eq!(cache.get(&key(3, SearchMode::Benchmark)), None);
        cache.insert(key(3, SearchMode::Heuristic), choice(7));
        assert_eq!(cache.len(), 4);
        assert_eq!(cache.get(&key(3, SearchMode::Heuristic)), Some(choice(7)));
    }

    #[test]
    #[cfg_attr(miri, ignore = "a save syncs its folder, which Miri cannot do")]
    fn a_saved_cache_loads_and_bad_files_are_io_errors() {
        let cache = AlgoCache::new();
        cache.insert(key(1, SearchMode::Heuristic), choice(1));
        cache.insert(key(2, SearchMode::Benchmark), choice(2));
        let dir = crate::core::scratch_dir("algo-cache");
        let path = dir.path().join("saved");
        cache.save(&path).expect("save");
        let loaded = AlgoCache::new();
        assert_eq!(loaded.load(&path).expect("load"), 2);
        assert_eq!(loaded.get(&key(2, SearchMode::Benchmark)), Some(choice(2)));
        assert_eq!(
            loaded.load(&dir.path().join("missing")).expect("missing"),
            0
        );
        for (name, text) in [
            ("garbage", "not json"),
            ("format", r#"{"format": 2, "entries": []}"#),
        ] {
            let bad = dir.path().join(name);
            std::fs::write(&bad, text).expect("write");
            let e = AlgoCache::new().load(&bad).expect_err(name);
            assert!(
                matches!(&e, Error::Io { path, .. } if *path == bad),
                "{e:?}"
            );
        }
        let e = cache
            .save(Path::new("/no/such/dir/cache.json"))
            .expect_err("unwritable");
        assert!(matches!(e, Error::Io { .. }), "{e:?}");
    }
}
