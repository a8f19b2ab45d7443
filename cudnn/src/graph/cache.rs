//! A plan cache: plans keyed by graph, device and cuDNN version, with an
//! LRU size limit, saved to and loaded from a JSON file of cuDNN's plan
//! JSON.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use super::builder::OperationGraph;
use super::device::DeviceProperties;
use super::engine::Target;
use super::plan::ExecutionPlan;
use super::settings::Settings;
use crate::error::{Error, Mismatch, Result};
use crate::library::Library;

/// The file's format tag.
const FORMAT: &str = "cudnn-rs plan cache";
/// The file's layout version.
const FORMAT_VERSION: u64 = 1;

/// What a cached plan is for: a graph ([`OperationGraph::key`]), a GPU
/// ([`DeviceProperties::fingerprint`]) and a cuDNN release.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlanKey {
    graph: String,
    device: String,
    cudnn: String,
}

impl PlanKey {
    /// The key of `graph` on `device`, with the graph's library.
    pub fn new(graph: &OperationGraph, device: &DeviceProperties) -> PlanKey {
        PlanKey {
            graph: graph.key().to_owned(),
            device: device.fingerprint(),
            cudnn: graph.library().version().to_string(),
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
}

#[derive(Debug)]
struct Entry {
    json: String,
    plan: Option<ExecutionPlan>,
    last_used: u64,
}

/// Execution plans by [`PlanKey`], at most `capacity` of them (the least
/// recently used goes first), savable to a file: plans built on a machine
/// without a GPU for a described one ([`DeviceProperties`]) can be loaded
/// on the machine that has it.
///
/// A loaded entry holds cuDNN's JSON and is finalized for its device when
/// first used. Entries of other cuDNN releases than the loading library's
/// are skipped on [`load`](Self::load) (cuDNN refuses plans of another
/// version).
///
/// Not `Clone`; `Send`, not `Sync` (it owns plans).
#[derive(Debug)]
pub struct PlanCache {
    capacity: usize,
    entries: HashMap<PlanKey, Entry>,
    tick: u64,
    hits: u64,
    misses: u64,
}

static_assertions::assert_impl_all!(PlanCache: Send);
static_assertions::assert_not_impl_any!(PlanCache: Sync, Clone);

fn bad(function: &'static str, what: String) -> Error {
    Error::InvalidArgument {
        function,
        mismatch: Mismatch::BadValue { what },
    }
}

impl PlanCache {
    /// An empty cache of at most `capacity` plans.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a capacity of 0.
    pub fn new(capacity: usize) -> Result<PlanCache> {
        if capacity == 0 {
            return Err(bad(
                "PlanCache::new",
                "a capacity of 0 holds nothing".into(),
            ));
        }
        Ok(PlanCache {
            capacity,
            entries: HashMap::new(),
            tick: 0,
            hits: 0,
            misses: 0,
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

    /// Whether it holds a plan for `key`.
    pub fn contains(&self, key: &PlanKey) -> bool {
        self.entries.contains_key(key)
    }

    /// The plan for `graph` on `device`: the cached one, or one found as
    /// `settings` say ([`OperationGraph::plans`], its first plan) and
    /// cached. The plan carries `graph`'s by-value scalars (an epsilon, an
    /// attention scale), which the key leaves out.
    ///
    /// # Errors
    /// As [`OperationGraph::plans`]; as [`ExecutionPlan::from_json`] for an
    /// entry loaded from a file.
    pub fn get_or_build(
        &mut self,
        graph: &OperationGraph,
        device: &DeviceProperties,
        settings: &Settings,
    ) -> Result<&ExecutionPlan> {
        let key = PlanKey::new(graph, device);
        if self.entries.contains_key(&key) {
            self.hits += 1;
        } else {
            self.misses += 1;
            let plan = graph
                .plans(Target::Device(device), settings)?
                .into_iter()
                .next()
                .ok_or_else(|| Error::NoEngine {
                    graph: graph.name().to_owned(),
                    reason: "the plan search returned no plan".into(),
                })?;
            self.insert(key.clone(), plan)?;
        }
        self.tick += 1;
        let tick = self.tick;
        let lost = || bad("PlanCache::get_or_build", "the entry went missing".into());
        let entry = self.entries.get_mut(&key).ok_or_else(lost)?;
        entry.last_used = tick;
        if entry.plan.is_none() {
            entry.plan = Some(ExecutionPlan::from_json(
                graph.library(),
                &entry.json,
                Target::Device(device),
            )?);
        }
        let plan = entry.plan.as_mut().ok_or_else(lost)?;
        // The key leaves by-value scalars out (a plan does not depend on
        // them): this graph's values go with the plan handed out.
        plan.take_scalars_from(graph);
        Ok(plan)
    }

    /// Puts `plan` in the cache under `key` (replacing what was there),
    /// evicting the least recently used plan when full.
    ///
    /// # Errors
    /// As [`ExecutionPlan::to_json`] (cuDNN 8 has no plan JSON).
    pub fn insert(&mut self, key: PlanKey, plan: ExecutionPlan) -> Result<()> {
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
                plan: Some(plan),
                last_used: self.tick,
            },
        );
        Ok(())
    }

    /// Writes every entry (least recently used first) to `path`, as JSON.
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
        std::fs::write(path, text).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// Reads a cache written by [`save`](Self::save), for `lib`: entries of
    /// other cuDNN releases are skipped; at most `capacity` are kept (the
    /// most recently used). Returns the cache and the number skipped.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read; [`Error::InvalidArgument`]
    /// when it is not a plan cache of this format; as [`new`](Self::new).
    pub fn load(path: &Path, lib: &Arc<Library>, capacity: usize) -> Result<(PlanCache, usize)> {
        const LOAD: &str = "PlanCache::load";
        let mut cache = PlanCache::new(capacity)?;
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let doc: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| bad(LOAD, format!("{}: not JSON: {e}", path.display())))?;
        if doc.get("format").and_then(|f| f.as_str()) != Some(FORMAT)
            || doc.get("version").and_then(|v| v.as_u64()) != Some(FORMAT_VERSION)
        {
            return Err(bad(
                LOAD,
                format!(
                    "{} is not a plan cache of format {FORMAT:?} version {FORMAT_VERSION}",
                    path.display()
                ),
            ));
        }
        let list = doc
            .get("entries")
            .and_then(|e| e.as_array())
            .ok_or_else(|| bad(LOAD, format!("{}: no \"entries\" array", path.display())))?;
        let version = lib.version().to_string();
        let mut skipped = 0;
        for (i, e) in list.iter().enumerate() {
            let field = |k: &str| {
                e.get(k)
                    .and_then(|v| v.as_str())
                    .map(str::to_owned)
                    .ok_or_else(|| bad(LOAD, format!("entry {i} has no string \"{k}\"")))
            };
            let key = PlanKey {
                graph: field("graph")?,
                device: field("device")?,
                cudnn: field("cudnn")?,
            };
            let json = field("plan")?;
            if key.cudnn != version {
                skipped += 1;
                continue;
            }
            cache.tick += 1;
            if cache.entries.len() >= cache.capacity {
                if let Some(oldest) = cache
                    .entries
                    .iter()
                    .min_by_key(|(_, e)| e.last_used)
                    .map(|(k, _)| k.clone())
                {
                    cache.entries.remove(&oldest);
                    skipped += 1;
                }
            }
            cache.entries.insert(
                key,
                Entry {
                    json,
                    plan: None,
                    last_used: cache.tick,
                },
            );
        }
        Ok((cache, skipped))
    }
}
