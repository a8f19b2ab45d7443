//! A plan cache: plans keyed by graph, device, cuDNN version and the
//! settings that choose a plan, with an LRU size limit, saved to and
//! loaded from a JSON file of cuDNN's plan JSON.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::device::DeviceProperties;
use super::engine::Target;
use super::operation_graph::OperationGraph;
use super::plan::ExecutionPlan;
use super::plan_json::PlanJson;
use super::settings::Settings;
use crate::core::error::{Error, Result};
use crate::core::library::Library;
use crate::core::save::{read_bounded, CACHE_FILE_MAX_BYTES};

/// The file's format tag.
const FORMAT: &str = "cudnn-rs plan cache";
/// The file's layout version: 2 since keys hold the settings
/// ([`PlanKey::settings`]); a file of version 1 is refused as any other
/// version is.
const FORMAT_VERSION: u64 = 2;

/// What a cached plan is for: a graph ([`OperationGraph::key`]), a GPU
/// ([`DeviceProperties::fingerprint`]), a cuDNN release and the
/// [`Settings`] that choose the plan ([`settings`](Self::settings)).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlanKey {
    graph: String,
    device: String,
    cudnn: String,
    settings: String,
}

impl PlanKey {
    /// The key of `graph` on `device` found as `settings` say, with the
    /// graph's library.
    pub fn new(graph: &OperationGraph, device: &DeviceProperties, settings: &Settings) -> PlanKey {
        PlanKey {
            graph: graph.key().to_owned(),
            device: device.fingerprint_str().to_owned(),
            cudnn: graph.library().version().to_string(),
            settings: settings_fingerprint(settings),
        }
    }

    /// The graph part.
    pub fn graph(&self) -> &str {
        &self.graph
    }

    /// The device part.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// The cuDNN version part (`9.28.0`).
    pub fn cudnn_version(&self) -> &str {
        &self.cudnn
    }

    /// The settings part: the [`Settings`] fields that change which plan
    /// [`PlanCache::get_or_build`] takes, as text, the mode as cuDNN's
    /// value; for the defaults
    /// `deterministic=0;allow_tf32=1;allow_runtime_compilation=1;require_cuda_graph=0;heuristic_mode=3;sm_count_target=all`.
    /// `benchmark` and `benchmark_limit` are left out: they say how many
    /// plans [`OperationGraph::plans`] returns, not which comes first, and
    /// the cache keeps the first.
    pub fn settings(&self) -> &str {
        &self.settings
    }
}

/// The [`PlanKey::settings`] text of `settings`. Every field is named, so
/// that a new one is a compile error here until it is keyed or left out
/// on purpose.
fn settings_fingerprint(settings: &Settings) -> String {
    let Settings {
        benchmark: _,
        benchmark_limit: _,
        deterministic,
        allow_tf32,
        allow_runtime_compilation,
        require_cuda_graph,
        heuristic_mode,
        sm_count_target,
        engine,
        deselect_engines,
        deselect_numerical,
        deselect_behavior,
    } = settings;
    let sm = sm_count_target.map_or_else(|| "all".to_owned(), |n| n.to_string());
    let mut text = format!(
        "deterministic={};allow_tf32={};allow_runtime_compilation={};require_cuda_graph={};\
         heuristic_mode={};sm_count_target={sm}",
        u8::from(*deterministic),
        u8::from(*allow_tf32),
        u8::from(*allow_runtime_compilation),
        u8::from(*require_cuda_graph),
        heuristic_mode.0,
    );
    // The choices added later are named only when made, so that the
    // defaults' text (and the files saved with it) stays as it was.
    if let Some(choice) = engine {
        text.push_str(&format!(";engine={choice}"));
    }
    let lists = [
        ("deselect_engines", deselect_engines.clone()),
        (
            "deselect_numerical",
            deselect_numerical.iter().map(|n| i64::from(n.0)).collect(),
        ),
        (
            "deselect_behavior",
            deselect_behavior.iter().map(|b| i64::from(b.0)).collect(),
        ),
    ];
    for (name, mut values) in lists {
        if values.is_empty() {
            continue;
        }
        // A set: its order and repeats choose nothing.
        values.sort_unstable();
        values.dedup();
        let values: Vec<String> = values.iter().map(i64::to_string).collect();
        text.push_str(&format!(";{name}={}", values.join(",")));
    }
    text
}

/// Why a [`PlanCache`] let an entry go: at [`PlanCache::load`] (the
/// first four, in [`LoadReport::dropped`]) or when a graph first asked for
/// it in [`PlanCache::get_or_build`] (the last two, in
/// [`PlanCache::drops`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum DropReason {
    /// At load: the entry is of another cuDNN release than the loading
    /// library's (cuDNN refuses plans of another version); the entry's
    /// version.
    OtherCudnn {
        /// The release the entry names (`9.27.0`).
        version: String,
    },
    /// At load: its plan JSON is not a plan
    /// [`ExecutionPlan::from_json`] reads; the reader's error.
    Unreadable(Error),
    /// At load: a later entry of the file has the same key and replaced
    /// it.
    Replaced,
    /// At load: the file holds more entries than the capacity; the least
    /// recently used go.
    OverCapacity,
    /// When used: its plan is not one for the graph asked for
    /// ([`OperationGraph::plan_from_json`]'s error, which names the first
    /// difference).
    OtherGraph(Error),
    /// When used: cuDNN did not finalize its plan for the device
    /// ([`ExecutionPlan::from_json`]'s error).
    NotFinalized(Error),
}

impl std::fmt::Display for DropReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DropReason::OtherCudnn { version } => write!(f, "a plan of cuDNN {version}"),
            DropReason::Unreadable(e) => write!(f, "a plan JSON that is not read: {e}"),
            DropReason::Replaced => f.write_str("replaced by a later entry of the same key"),
            DropReason::OverCapacity => f.write_str("over the cache's capacity"),
            DropReason::OtherGraph(e) => write!(f, "a plan for another graph: {e}"),
            DropReason::NotFinalized(e) => write!(f, "a plan cuDNN does not finalize: {e}"),
        }
    }
}

/// An entry a [`PlanCache`] let go: its key and why.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct DroppedPlan {
    /// The entry's key.
    pub key: PlanKey,
    /// Why it went.
    pub reason: DropReason,
}

/// What [`PlanCache::load`] read: how many entries it kept and each entry
/// of the file it did not keep, in the file's order (an entry dropped for
/// capacity when a later one came in, at that point).
///
/// Kept entries are checked only when a graph first asks for them
/// ([`PlanCache::get_or_build`]): one that then proves to hold a plan for
/// another graph, or one cuDNN does not finalize, is dropped there and
/// reported by [`PlanCache::drops`], not here.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct LoadReport {
    /// How many entries the loaded cache holds.
    pub kept: usize,
    /// The entries of the file it does not hold, with why.
    pub dropped: Vec<DroppedPlan>,
}

#[derive(Debug)]
struct Entry {
    json: String,
    plan: Option<Arc<ExecutionPlan>>,
    last_used: u64,
    /// Whether its plan was found to be for its key's graph.
    checked: bool,
}

/// Execution plans by [`PlanKey`], at most `capacity` of them (the least
/// recently used goes first), savable to a file: plans built on a machine
/// without a GPU for a described one ([`DeviceProperties`]) can be loaded
/// on the machine that has it.
///
/// A key holds the [`Settings`] that choose a plan
/// ([`PlanKey::settings`]): a plan found with `deterministic` is not handed
/// out to a caller who asked without it, nor the other way round, and the
/// same goes for `allow_tf32`, `allow_runtime_compilation`,
/// `require_cuda_graph`, `heuristic_mode` and `sm_count_target`.
///
/// A loaded entry holds cuDNN's JSON and is finalized for its device when
/// first used. Entries of other cuDNN releases than the loading library's
/// are skipped on [`load`](Self::load) (cuDNN refuses plans of another
/// version), and so are entries whose plan JSON is not one
/// [`ExecutionPlan::from_json`] reads.
///
/// What comes from a file (or through [`insert`](Self::insert)) is checked
/// before it is handed out: the first time an entry is used, its plan's
/// tensors and operations (each operation's kind, modes and tensors) must
/// be those of the graph asked for
/// ([`OperationGraph::plan_from_json`]). An entry that holds a plan for
/// another graph, or whose plan cuDNN does not finalize, is dropped and
/// the plan built again: [`dropped`](Self::dropped) counts them and
/// [`drops`](Self::drops) lists each with its key and reason. What
/// [`load`](Self::load) itself refuses it returns in its [`LoadReport`].
///
/// Not `Clone`; `Send` and `Sync` (its plans are shared,
/// `Arc<ExecutionPlan>`).
#[derive(Debug)]
pub struct PlanCache {
    capacity: usize,
    entries: HashMap<PlanKey, Entry>,
    tick: u64,
    hits: u64,
    misses: u64,
    dropped: u64,
    /// The entries dropped when used, with why (at most one per entry
    /// loaded or inserted).
    drops: Vec<DroppedPlan>,
}

static_assertions::assert_impl_all!(PlanCache: Send, Sync);
static_assertions::assert_not_impl_any!(PlanCache: Clone);

impl PlanCache {
    /// An empty cache of at most `capacity` plans.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a capacity of 0.
    pub fn new(capacity: usize) -> Result<PlanCache> {
        if capacity == 0 {
            return Err(Error::bad_value(
                "PlanCache::new",
                "a capacity of 0 holds nothing",
            ));
        }
        Ok(PlanCache {
            capacity,
            entries: HashMap::new(),
            tick: 0,
            hits: 0,
            misses: 0,
            dropped: 0,
            drops: Vec::new(),
        })
    }

    /// How many plans it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The most plans it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Lookups that found a plan.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// Lookups that built one.
    pub fn misses(&self) -> u64 {
        self.misses
    }

    /// Entries dropped when used because they did not hold a plan for
    /// their key's graph, or one cuDNN finalizes.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The entries dropped when used ([`get_or_build`](Self::get_or_build)),
    /// oldest first, each with its key and reason
    /// ([`DropReason::OtherGraph`] or [`DropReason::NotFinalized`]), since
    /// the cache was made or last [`take_drops`](Self::take_drops). Only an
    /// entry that came from a file or through [`insert`](Self::insert) can
    /// be dropped, so the list holds at most one per such entry.
    pub fn drops(&self) -> &[DroppedPlan] {
        &self.drops
    }

    /// Takes the list [`drops`](Self::drops) returns, leaving it empty
    /// ([`dropped`](Self::dropped) keeps counting).
    pub fn take_drops(&mut self) -> Vec<DroppedPlan> {
        std::mem::take(&mut self.drops)
    }

    /// Whether it holds a plan for `key`.
    pub fn contains(&self, key: &PlanKey) -> bool {
        self.entries.contains_key(key)
    }

    /// Removes the plan for `key`; whether there was one.
    pub fn remove(&mut self, key: &PlanKey) -> bool {
        self.entries.remove(key).is_some()
    }

    /// The plan for `graph` on `device` found as `settings` say: the one
    /// cached under their key ([`PlanKey::new`]), or the first plan of
    /// [`OperationGraph::plans`], cached. The plan handed out is shared
    /// with the cache, and carries `graph`'s by-value scalars (an epsilon,
    /// an attention scale), which the key leaves out: for a graph whose
    /// scalars differ from those of the plan cached, the cache keeps a
    /// plan of the same cuDNN descriptor with this graph's tensors.
    ///
    /// A cached entry is first checked against `graph` (see the type's
    /// docs); one that fails is dropped, with its reason added to
    /// [`drops`](Self::drops), and the plan built again, never handed out.
    ///
    /// # Errors
    /// As [`OperationGraph::plans`] (a cached entry's failure is not an
    /// error: the plan is built again).
    pub fn get_or_build(
        &mut self,
        graph: &OperationGraph,
        device: &DeviceProperties,
        settings: &Settings,
    ) -> Result<Arc<ExecutionPlan>> {
        let key = PlanKey::new(graph, device, settings);
        let found = (self.entries.get_mut(&key)).map(|entry| ready(entry, graph, device));
        if let Some(Ok(())) = found {
            self.hits += 1;
        } else {
            if let Some(Err(reason)) = found {
                self.entries.remove(&key);
                self.dropped += 1;
                self.drops.push(DroppedPlan {
                    key: key.clone(),
                    reason,
                });
            }
            self.misses += 1;
            let plan = graph
                .plans(
                    Target::Device {
                        library: graph.library(),
                        device,
                    },
                    settings,
                )?
                .into_iter()
                .next()
                .ok_or_else(|| Error::NoEngine {
                    graph: graph.name().to_owned(),
                    reason: "the plan search returned no plan".into(),
                })?;
            self.put(key.clone(), plan, true)?;
        }
        self.tick += 1;
        let tick = self.tick;
        let lost = || Error::bad_value("PlanCache::get_or_build", "the entry went missing");
        let entry = self.entries.get_mut(&key).ok_or_else(lost)?;
        entry.last_used = tick;
        let plan = entry.plan.as_mut().ok_or_else(lost)?;
        // The key leaves by-value scalars out (a plan does not depend on
        // them), and a plan read from JSON may lack tensors cuDNN does not
        // write: this graph's tensors go with the plan handed out.
        graph.adopt(plan)?;
        Ok(Arc::clone(plan))
    }

    /// Puts `plan` in the cache under `key` (replacing what was there),
    /// evicting the least recently used plan when full.
    ///
    /// # Errors
    /// As [`ExecutionPlan::to_json`] (cuDNN 8 has no plan JSON).
    pub fn insert(&mut self, key: PlanKey, plan: ExecutionPlan) -> Result<()> {
        self.put(key, plan, false)
    }

    /// Inserts `plan`; `checked` when it was built from the key's graph.
    fn put(&mut self, key: PlanKey, plan: ExecutionPlan, checked: bool) -> Result<()> {
        let json = plan.to_json()?;
        self.tick += 1;
        if !self.entries.contains_key(&key) && self.entries.len() >= self.capacity {
            if let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.last_used)
                .map(|(k, _)| k.clone())
            {
                self.entries.remove(&oldest);
            }
        }
        self.entries.insert(
            key,
            Entry {
                json,
                plan: Some(Arc::new(plan)),
                last_used: self.tick,
                checked,
            },
        );
        Ok(())
    }

    /// Writes every entry (least recently used first) to `path`, as JSON.
    ///
    /// The file is replaced whole: a reader, another process saving to
    /// the same path, a crash or a full disk leaves the previous file or
    /// the new one, never a mix or a truncated file.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<()> {
        let mut entries: Vec<(&PlanKey, &Entry)> = self.entries.iter().collect();
        entries.sort_by_key(|(_, e)| e.last_used);
        let list: Vec<serde_json::Value> = entries
            .into_iter()
            .map(|(k, e)| {
                serde_json::json!({
                    "graph": k.graph,
                    "device": k.device,
                    "cudnn": k.cudnn,
                    "settings": k.settings,
                    "plan": e.json,
                })
            })
            .collect();
        let doc = serde_json::json!({
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "entries": list,
        });
        let text = serde_json::to_string_pretty(&doc).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        crate::core::save::replace_file(path, text.as_bytes()).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// Reads a cache written by [`save`](Self::save), for `lib`: entries of
    /// other cuDNN releases and entries whose plan JSON is not a plan
    /// [`ExecutionPlan::from_json`] reads are skipped; of a key given twice
    /// the later entry is kept; at most `capacity` are kept (the most
    /// recently used). Returns the cache and a [`LoadReport`]: how many
    /// entries it kept, and each entry skipped with its key and reason.
    ///
    /// The kept plans are checked against their graphs when first asked
    /// for ([`get_or_build`](Self::get_or_build)); what fails then is
    /// reported by [`drops`](Self::drops).
    ///
    /// The file must be of this crate's current layout (version 2). A file
    /// of another version, version 1 included (written before keys held
    /// the settings, so its entries cannot say which settings found their
    /// plans), is refused whole with [`Error::InvalidArgument`], as any
    /// file that is not a plan cache of this format: no entry of it is
    /// read. Plans are rebuilt by [`get_or_build`](Self::get_or_build) and
    /// the file written again by [`save`](Self::save).
    ///
    /// The file may have at most
    /// [`CACHE_FILE_MAX_BYTES`](crate::load::CACHE_FILE_MAX_BYTES) (64 MiB);
    /// [`load_with_limit`](Self::load_with_limit) takes another limit.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read, is not a regular file (a
    /// FIFO, a device, a socket or a folder: refused without waiting on
    /// it) or is larger than 64 MiB (the message names the limit);
    /// [`Error::InvalidArgument`]
    /// when it is not a plan cache of this format and version (2), or an
    /// entry lacks one of its strings (`graph`, `device`, `cudnn`,
    /// `settings`, `plan`); as [`new`](Self::new).
    pub fn load(
        path: &Path,
        lib: &Arc<Library>,
        capacity: usize,
    ) -> Result<(PlanCache, LoadReport)> {
        PlanCache::load_with_limit(path, lib, capacity, CACHE_FILE_MAX_BYTES)
    }

    /// As [`load`](Self::load), for a file of at most `max_bytes` bytes.
    ///
    /// # Errors
    /// As [`load`](Self::load), with [`Error::Io`] (whose message names
    /// the limit) for a file larger than `max_bytes`, or one that grows
    /// past it while it is read.
    pub fn load_with_limit(
        path: &Path,
        lib: &Arc<Library>,
        capacity: usize,
        max_bytes: u64,
    ) -> Result<(PlanCache, LoadReport)> {
        let mut cache = PlanCache::new(capacity)?;
        let doc = read_cache_file(path, max_bytes)?;
        let list = doc
            .get("entries")
            .and_then(|e| e.as_array())
            .ok_or_else(|| {
                Error::bad_value(LOAD, format!("{}: no \"entries\" array", path.display()))
            })?;
        let version = lib.version().to_string();
        let mut dropped = Vec::new();
        for (i, e) in list.iter().enumerate() {
            let field = |k: &str| {
                e.get(k)
                    .and_then(|v| v.as_str())
                    .map(str::to_owned)
                    .ok_or_else(|| {
                        Error::bad_value(LOAD, format!("entry {i} has no string \"{k}\""))
                    })
            };
            let key = PlanKey {
                graph: field("graph")?,
                device: field("device")?,
                cudnn: field("cudnn")?,
                settings: field("settings")?,
            };
            let json = field("plan")?;
            if key.cudnn != version {
                let version = key.cudnn.clone();
                let reason = DropReason::OtherCudnn { version };
                dropped.push(DroppedPlan { key, reason });
                continue;
            }
            if let Err(e) = PlanJson::tensors(&json) {
                let reason = DropReason::Unreadable(e);
                dropped.push(DroppedPlan { key, reason });
                continue;
            }
            dropped.extend(cache.insert_loaded(key, json));
        }
        let kept = cache.len();
        Ok((cache, LoadReport { kept, dropped }))
    }

    /// Puts a plan read from a file under `key`, not yet finalized: a key
    /// seen before in the file is replaced by the later entry, and a full
    /// cache drops its least recently used. Returns the entry that let go,
    /// if any.
    fn insert_loaded(&mut self, key: PlanKey, json: String) -> Option<DroppedPlan> {
        self.tick += 1;
        let entry = Entry {
            json,
            plan: None,
            last_used: self.tick,
            checked: false,
        };
        if let Some(old) = self.entries.get_mut(&key) {
            *old = entry;
            let reason = DropReason::Replaced;
            return Some(DroppedPlan { key, reason });
        }
        let mut dropped = None;
        if self.entries.len() >= self.capacity {
            if let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.last_used)
                .map(|(k, _)| k.clone())
            {
                self.entries.remove(&oldest);
                let reason = DropReason::OverCapacity;
                dropped = Some(DroppedPlan {
                    key: oldest,
                    reason,
                });
            }
        }
        self.entries.insert(key, entry);
        dropped
    }
}

const LOAD: &str = "PlanCache::load";

/// The JSON of the plan cache file at `path`, of at most `max_bytes`
/// bytes, checked to be of this crate's format and version.
fn read_cache_file(path: &Path, max_bytes: u64) -> Result<serde_json::Value> {
    let text = read_bounded(path, max_bytes).map_err(|e| Error::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let doc: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| Error::bad_value(LOAD, format!("{}: not JSON: {e}", path.display())))?;
    if doc.get("format").and_then(|f| f.as_str()) != Some(FORMAT)
        || doc.get("version").and_then(|v| v.as_u64()) != Some(FORMAT_VERSION)
    {
        return Err(Error::bad_value(
            LOAD,
            format!(
                "{} is not a plan cache of format {FORMAT:?} version {FORMAT_VERSION}",
                path.display()
            ),
        ));
    }
    Ok(doc)
}

/// Makes `entry` ready to hand out for `graph`: its plan checked against
/// the graph once, and finalized for `device` when it was read from a file.
/// The error is why the entry must go.
fn ready(
    entry: &mut Entry,
    graph: &OperationGraph,
    device: &DeviceProperties,
) -> std::result::Result<(), DropReason> {
    if !entry.checked {
        graph
            .check_plan_json(&entry.json)
            .map_err(DropReason::OtherGraph)?;
        entry.checked = true;
    }
    if entry.plan.is_none() {
        let target = Target::Device {
            library: graph.library(),
            device,
        };
        let plan =
            ExecutionPlan::from_json(&entry.json, target).map_err(DropReason::NotFinalized)?;
        entry.plan = Some(Arc::new(plan));
    }
    Ok(())
}
