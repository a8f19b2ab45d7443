//! Engine selection's parts: the target GPU, the engine configurations
//! cuDNN's heuristics offer (asked for by
//! [`OperationGraph::engine_configs`](super::OperationGraph::engine_configs)),
//! and the filters that mirror `torch.backends.cudnn`.

use std::sync::Arc;

use cudnn_sys as sys;
use sys::{
    cudnnBackendAttributeName_t as A, cudnnBackendBehaviorNote_t as Behavior,
    cudnnBackendDescriptorType_t as D, cudnnBackendNumericalNote_t as Numerical,
};

use super::descriptor::BackendDescriptor;
use super::device::DeviceProperties;
use super::graph_tensor::GraphTensor;
use super::name::Name;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::library::Library;

/// How cuDNN ranks engines: `HeuristicMode::A` and `INSTANT` (a fast
/// model), `B` (a slower, sometimes better one) and `FALLBACK` (engines
/// that run without the model's opinion). The default is `A`, the mode
/// cudnn-frontend asks for and [`Settings::default`](super::Settings)
/// uses.
///
/// ```
/// use cudnn::graph::{HeuristicMode, Settings};
/// assert_eq!(HeuristicMode::default(), HeuristicMode::A);
/// assert_eq!(Settings::default().heuristic_mode, HeuristicMode::default());
/// assert_eq!(HeuristicMode::A.to_string(), "CUDNN_HEUR_MODE_A");
/// ```
///
/// Its constants (generated): `INSTANT`, `B`, `FALLBACK`, `A` and
/// `MODES_COUNT`. Each is also there by its C name (`CUDNN_HEUR_MODE_INSTANT`),
/// which `Display` writes. The default is `A`.
pub type HeuristicMode = sys::cudnnBackendHeurMode_t;

/// A tunable parameter of an engine (tile sizes, split-K, kernel
/// configuration, ...), set in an engine configuration with a value.
///
/// Its constants (generated): `SPLIT_K`, `SWIZZLE`, `TILE_SIZE`, `USE_TEX`,
/// `EDGE`, `KBLOCK`, `LDGA`, `LDGB`, `CHUNK_K`, `SPLIT_H`, `WINO_TILE`,
/// `MULTIPLY`, `SPLIT_K_BUF`, `TILEK`, `STAGES`, `REDUCTION_MODE`,
/// `CTA_SPLIT_K_MODE`, `SPLIT_K_SLC`, `IDX_MODE`, `SLICED`, `SPLIT_RS`,
/// `SINGLEBUFFER`, `LDGC`, `SPECFILT`, `KERNEL_CFG`, `WORKSPACE`, `TILE_CGA`,
/// `TILE_CGA_M`, `TILE_CGA_N`, `BLOCK_SIZE`, `OCCUPANCY`,
/// `ARRAY_SIZE_PER_THREAD`, `NUM_C_PER_BLOCK`, `SPLIT_COLS`, `TILE_ROWS`,
/// `TILE_COLS`, `LOAD_SIZE`, `CTA_COUNT`, `STREAM_K`, `SPLIT_P_SLC`, `TILE_M`,
/// `TILE_N`, `WARP_SPEC_CFG`, `SWAP_AB`, `INPUT_TMA_ENABLE` and
/// `OUTPUT_TMA_ENABLE`. Each is also there by its C name
/// (`CUDNN_KNOB_TYPE_SPLIT_K`), which `Display` writes.
pub type KnobType = sys::cudnnBackendKnobType_t;

/// The GPU that engines are chosen and plans are built for, with the
/// library that plans for it.
///
/// - `Device`: a description ([`DeviceProperties`], from JSON or a shipped
///   preset) and the library that plans for it: works without a GPU
///   (cuDNN 9.8 and later), so graphs, plans and layers can be made
///   before any handle (or any GPU) exists.
/// - `Handle`: the GPU of a live handle (and its library), as
///   cudnn-frontend uses it: a graph built with that handle
///   ([`Graph::build_with`](super::Graph::build_with)) gets its heuristics
///   and engines from the handle, and a plan is given the handle. For a
///   graph built without it, cuDNN 9.8 and later describe the handle's
///   GPU themselves (a device-properties descriptor made from the
///   handle); older releases refuse. `&Handle` converts into it.
/// - Either way, no JSON of the device is parsed on the way.
///
/// A target whose library is not the graph's (or the configuration's) is
/// refused with [`Error::InvalidArgument`]
/// ([`Mismatch::OtherLibrary`]). A plan built for a description runs on a
/// handle whose GPU matches it: every execution checks the plan's
/// [`DeviceLimits`](super::DeviceLimits) against the handle's GPU and
/// refuses another before cuDNN runs.
#[derive(Debug, Clone, Copy)]
pub enum Target<'a> {
    /// A GPU described by its properties, planned with `library`.
    Device {
        /// The library the graphs are built and planned with.
        library: &'a Arc<Library>,
        /// The GPU the plans are for.
        device: &'a DeviceProperties,
    },
    /// The GPU of a handle (and its library).
    Handle(&'a Handle),
}

impl<'a> From<&'a Handle> for Target<'a> {
    fn from(handle: &'a Handle) -> Self {
        Target::Handle(handle)
    }
}

impl<'a> Target<'a> {
    /// The library that plans for the target: the description's, or the
    /// handle's.
    pub fn library(&self) -> &'a Arc<Library> {
        match *self {
            Target::Handle(h) => h.library(),
            Target::Device { library, .. } => library,
        }
    }

    /// The GPU's compute capability, `(major, minor)`: the description's,
    /// or the one the CUDA driver reports for the handle's context; `None`
    /// for a handle without a stream or a driver that does not answer.
    pub fn compute_capability(&self) -> Option<(u32, u32)> {
        match *self {
            Target::Handle(h) => h
                .stream()
                .and_then(|s| super::target::DeviceLimits::of_context(s.context()).ok())
                .map(|t| t.compute_capability()),
            Target::Device { device, .. } => Some(device.compute_capability()),
        }
    }
}

/// Which engines to keep, by the notes cuDNN attaches to each. The default
/// keeps everything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineFilter {
    /// Drop engines noted `NONDETERMINISTIC` (PyTorch's
    /// `cudnn.deterministic`).
    pub deterministic: bool,
    /// Keep tensor-core engines on `float` data, which compute in TF32
    /// (PyTorch's `cudnn.allow_tf32`). When `false`, engines noted
    /// `TENSOR_CORE` are dropped for graphs whose convolutions or matmuls
    /// read `float` operands (where tensor cores mean TF32); graphs of
    /// half-precision operands keep them, whatever the type of their
    /// statistics and intermediates.
    pub allow_tf32: bool,
    /// Keep engines noted `DOWN_CONVERT_INPUTS` (inputs converted to a
    /// narrower type first).
    pub allow_down_conversion: bool,
    /// Keep engines noted `REDUCED_PRECISION_REDUCTION`.
    pub allow_reduced_precision_reduction: bool,
    /// Keep engines whose behaviour is noted `RUNTIME_COMPILATION` (their
    /// kernels are compiled with NVRTC when the plan is built).
    pub allow_runtime_compilation: bool,
    /// Keep only engines noted `SUPPORTS_CUDA_GRAPH_NATIVE_API`: those a
    /// plan can be recorded from into a CUDA graph
    /// ([`Handle::populate_cuda_graph`](crate::Handle::populate_cuda_graph)),
    /// as cudnn-frontend filters for it.
    pub require_cuda_graph: bool,
    /// Not a filter: the number of SMs the heuristics plan for
    /// (`CUDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET`, as cudnn-frontend's
    /// `Graph::set_sm_count` sets it), to leave the others to concurrent
    /// work; `None` (the default): the whole GPU. At least 1; needs cuDNN
    /// 8.9.5 (the frontend's check).
    pub sm_count_target: Option<u32>,
    /// Drop these engines, by global index (cudnn-frontend's
    /// `deselect_engines`, which matches its engine tags by text: here an
    /// index matches only itself).
    pub deselect_engines: Vec<i64>,
    /// Drop engines with any of these numerical notes (cudnn-frontend's
    /// `deselect_numeric_notes`).
    pub deselect_numerical: Vec<Numerical>,
    /// Drop engines with any of these behaviour notes (cudnn-frontend's
    /// `deselect_behavior_notes`).
    pub deselect_behavior: Vec<Behavior>,
}

impl Default for EngineFilter {
    fn default() -> Self {
        EngineFilter {
            deterministic: false,
            allow_tf32: true,
            allow_down_conversion: true,
            allow_reduced_precision_reduction: true,
            allow_runtime_compilation: true,
            require_cuda_graph: false,
            sm_count_target: None,
            deselect_engines: Vec::new(),
            deselect_numerical: Vec::new(),
            deselect_behavior: Vec::new(),
        }
    }
}

impl EngineFilter {
    /// Why `config` is dropped, or `None` to keep it. `has_float` says
    /// whether the graph's convolutions or matmuls read `float` operands
    /// (where tensor cores mean TF32).
    pub(crate) fn rejects(&self, config: &EngineConfig, has_float: bool) -> Option<&'static str> {
        let has = |n: Numerical| config.numerical_notes().contains(&n);
        if self.deterministic && has(Numerical::NONDETERMINISTIC) {
            return Some("non-deterministic");
        }
        if !self.allow_tf32 && has_float && has(Numerical::TENSOR_CORE) {
            return Some("TF32 tensor cores");
        }
        if !self.allow_down_conversion && has(Numerical::DOWN_CONVERT_INPUTS) {
            return Some("down-converted inputs");
        }
        if !self.allow_reduced_precision_reduction && has(Numerical::REDUCED_PRECISION_REDUCTION) {
            return Some("reduced-precision reduction");
        }
        let noted = |b: Behavior| config.behavior_notes().contains(&b);
        if !self.allow_runtime_compilation && noted(Behavior::RUNTIME_COMPILATION) {
            return Some("runtime compilation");
        }
        if self.require_cuda_graph && !noted(Behavior::SUPPORTS_CUDA_GRAPH_NATIVE_API) {
            return Some("without CUDA graph support");
        }
        if self.deselect_engines.contains(&config.global_index()) {
            return Some("deselected engines");
        }
        if self.deselect_numerical.iter().any(|&n| has(n)) {
            return Some("deselected numerical notes");
        }
        if self.deselect_behavior.iter().any(|&b| noted(b)) {
            return Some("deselected behaviour notes");
        }
        None
    }
}

/// One engine configuration cuDNN offered for a graph: an engine (by its
/// global index) with its knob choices, and the notes that say how it
/// computes. Turned into an [`ExecutionPlan`](super::ExecutionPlan) for a
/// target.
///
/// Not `Clone`; `Send`, not `Sync` (it owns backend descriptors).
#[derive(Debug)]
pub struct EngineConfig {
    pub(crate) desc: BackendDescriptor,
    /// The engine's global index and notes, read from cuDNN when first
    /// asked for (the heuristics' configurations are kept without them
    /// unless a filter reads them).
    pub(crate) engine: std::cell::OnceCell<EngineInfo>,
    /// Read from cuDNN when first asked for.
    pub(crate) knobs: std::cell::OnceCell<Vec<(KnobType, i64)>>,
    /// The graph's name and tensors, shared with the graph.
    pub(crate) graph_name: Name,
    pub(crate) tensors: Arc<[GraphTensor]>,
}

static_assertions::assert_impl_all!(EngineConfig: Send);
static_assertions::assert_not_impl_any!(EngineConfig: Sync, Clone);

impl EngineConfig {
    /// The engine's global index in the graph's engine list; -1 if cuDNN
    /// does not report it (it reports it for every configuration it
    /// offers).
    pub fn global_index(&self) -> i64 {
        self.engine().index
    }

    /// The engine's numerical notes (tensor cores, down-converted inputs,
    /// non-determinism, FFT, Winograd, ...).
    pub fn numerical_notes(&self) -> &[Numerical] {
        &self.engine().numerical
    }

    /// The engine's behaviour notes (runtime compilation, cuBLASLt, ...).
    pub fn behavior_notes(&self) -> &[Behavior] {
        &self.engine().behavior
    }

    fn engine(&self) -> &EngineInfo {
        self.engine
            .get_or_init(|| config_engine(&self.desc).unwrap_or_default())
    }

    /// The knob choices of the configuration, as cuDNN reports them.
    pub fn knobs(&self) -> &[(KnobType, i64)] {
        self.knobs.get_or_init(|| read_knobs(&self.desc))
    }

    /// Whether the engine may give different results from run to run.
    pub fn is_deterministic(&self) -> bool {
        !self
            .numerical_notes()
            .contains(&Numerical::NONDETERMINISTIC)
    }

    /// The name of the graph it was offered for.
    pub fn graph_name(&self) -> &str {
        &self.graph_name
    }

    /// The library it belongs to.
    pub fn library(&self) -> &Arc<Library> {
        self.desc.library()
    }
}

/// `engine 12, knobs SPLIT_K=1 TILE_SIZE=3, notes TENSOR_CORE
/// RUNTIME_COMPILATION`: what tells configurations apart.
impl std::fmt::Display for EngineConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_engine(
            f,
            Some(self.global_index()),
            self.knobs(),
            self.numerical_notes(),
            self.behavior_notes(),
        )
    }
}

/// Writes an engine's index, knob choices (`name=value`) and notes.
pub(crate) fn write_engine(
    f: &mut std::fmt::Formatter<'_>,
    index: Option<i64>,
    knobs: &[(KnobType, i64)],
    numerical: &[Numerical],
    behavior: &[Behavior],
) -> std::fmt::Result {
    use super::note_names::{behavior_name, knob_name, numerical_name};
    match index {
        Some(i) => write!(f, "engine {i}")?,
        None => write!(f, "engine ?")?,
    }
    write!(f, ", knobs")?;
    if knobs.is_empty() {
        write!(f, " none")?;
    }
    for (k, v) in knobs {
        match knob_name(*k) {
            Some(name) => write!(f, " {name}={v}")?,
            None => write!(f, " {}={v}", k.0)?,
        }
    }
    write!(f, ", notes")?;
    if numerical.is_empty() && behavior.is_empty() {
        write!(f, " none")?;
    }
    for n in numerical {
        match numerical_name(*n) {
            Some(name) => write!(f, " {name}")?,
            None => write!(f, " numerical({})", n.0)?,
        }
    }
    for b in behavior {
        match behavior_name(*b) {
            Some(name) => write!(f, " {name}")?,
            None => write!(f, " behavior({})", b.0)?,
        }
    }
    Ok(())
}

pub(crate) const HEURISTICS: &str = "cudnnBackendFinalize(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR)";

/// The oldest cuDNN cudnn-frontend sets `ENGINEHEUR_SM_COUNT_TARGET` on.
const SM_COUNT_SINCE: crate::core::version::Version = crate::core::version::Version::new(8, 9, 5);

/// [`EngineFilter::sm_count_target`] as cuDNN takes it (an `int32_t`), or
/// its refusal: 0, above `i32::MAX`, or a cuDNN before 8.9.5.
pub(crate) fn check_sm_count_target(have: crate::core::version::Version, n: u32) -> Result<i32> {
    const F: &str = "OperationGraph::engine_configs";
    if have < SM_COUNT_SINCE {
        return Err(Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::Unsupported {
                what: format!(
                    "an SM count target needs cuDNN {SM_COUNT_SINCE} or later \
                     (CUDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET, as cudnn-frontend sets it); \
                     the loaded one is {have}"
                ),
            },
        });
    }
    match i32::try_from(n) {
        Ok(v) if v >= 1 => Ok(v),
        _ => Err(Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::BadValue {
                what: format!("an SM count target of {n}; it is 1 to {}", i32::MAX),
            },
        }),
    }
}

/// Refuses a target of another library than `lib`.
pub(crate) fn check_target_library(
    lib: &Arc<Library>,
    target: Target<'_>,
    function: &'static str,
) -> Result<()> {
    if Arc::ptr_eq(target.library(), lib) {
        return Ok(());
    }
    Err(other_library(lib, target, function))
}

#[cold]
#[inline(never)]
fn other_library(lib: &Arc<Library>, target: Target<'_>, function: &'static str) -> Error {
    Error::invalid(
        function,
        Mismatch::OtherLibrary {
            descriptor: "the graph",
            descriptor_library: lib.path().to_path_buf(),
            handle_library: target.library().path().to_path_buf(),
        },
    )
}

/// An engine's global index (-1: not reported) and its numerical and
/// behaviour notes.
#[derive(Debug)]
pub(crate) struct EngineInfo {
    pub(crate) index: i64,
    pub(crate) numerical: Vec<Numerical>,
    pub(crate) behavior: Vec<Behavior>,
}

impl Default for EngineInfo {
    fn default() -> Self {
        EngineInfo {
            index: -1,
            numerical: Vec::new(),
            behavior: Vec::new(),
        }
    }
}

/// What engine descriptor `engine` reports of itself (a list cuDNN does
/// not report is empty).
pub(crate) fn read_engine(engine: &BackendDescriptor) -> EngineInfo {
    EngineInfo {
        index: engine.get_one::<i64>(A::ENGINE_GLOBAL_INDEX).unwrap_or(-1),
        numerical: engine
            .get::<Numerical>(A::ENGINE_NUMERICAL_NOTE)
            .unwrap_or_default(),
        behavior: engine
            .get::<Behavior>(A::ENGINE_BEHAVIOR_NOTE)
            .unwrap_or_default(),
    }
}

/// What the engine of configuration `cfg` reports of itself; `None` when
/// cuDNN does not report the engine.
pub(crate) fn config_engine(cfg: &BackendDescriptor) -> Option<EngineInfo> {
    let engine = cfg
        .get_descriptors(A::ENGINECFG_ENGINE, D::ENGINE_DESCRIPTOR)
        .ok()?
        .into_iter()
        .next()?;
    Some(read_engine(&engine))
}

/// The knob choices of a configuration (none when cuDNN reports none or
/// cannot report them).
pub(crate) fn read_knobs(cfg: &BackendDescriptor) -> Vec<(KnobType, i64)> {
    let Ok(choices) = cfg.get_descriptors(A::ENGINECFG_KNOB_CHOICES, D::KNOB_CHOICE_DESCRIPTOR)
    else {
        return Vec::new();
    };
    choices
        .iter()
        .filter_map(|c| {
            let ty = c.get_one::<KnobType>(A::KNOB_CHOICE_KNOB_TYPE).ok()?;
            let v = c.get_one::<i64>(A::KNOB_CHOICE_KNOB_VALUE).ok()?;
            Some((ty, v))
        })
        .collect()
}

pub(crate) fn count(removed: &mut Vec<(&'static str, usize)>, why: &'static str) {
    match removed.iter_mut().find(|(w, _)| *w == why) {
        Some((_, n)) => *n += 1,
        None => removed.push((why, 1)),
    }
}

pub(crate) fn mode_name(mode: HeuristicMode) -> String {
    match mode {
        HeuristicMode::INSTANT => "mode INSTANT".into(),
        HeuristicMode::A => "mode A".into(),
        HeuristicMode::B => "mode B".into(),
        HeuristicMode::FALLBACK => "mode FALLBACK".into(),
        other => format!("mode {}", other.0),
    }
}

/// A heuristics query cuDNN refused: "not supported" means no engine, with
/// cuDNN's words; anything else stays as it is.
pub(crate) fn no_engine_from(graph: &str, mode: HeuristicMode, e: Error) -> Error {
    match e {
        Error::NotSupported(s) => Error::NoEngine {
            graph: graph.to_owned(),
            reason: format!(
                "cuDNN's heuristics ({}) refused the graph: {}",
                mode_name(mode),
                s
            ),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::version::Version;

    #[test]
    fn sm_count_targets_are_1_to_i32_max_from_8_9_5() {
        let v = Version::new(9, 28, 0);
        assert_eq!(check_sm_count_target(v, 66).unwrap(), 66);
        assert_eq!(check_sm_count_target(Version::new(8, 9, 5), 1).unwrap(), 1);
        for n in [0, i32::MAX as u32 + 1] {
            match check_sm_count_target(v, n) {
                Err(Error::InvalidArgument {
                    mismatch: Mismatch::BadValue { what },
                    ..
                }) => assert!(what.contains(&format!("target of {n}")), "{what}"),
                other => panic!("{n}: {other:?}"),
            }
        }
        match check_sm_count_target(Version::new(8, 9, 4), 66) {
            Err(Error::InvalidArgument {
                function: "OperationGraph::engine_configs",
                mismatch: Mismatch::Unsupported { what },
            }) => {
                assert!(what.contains("needs cuDNN 8.9.5 or later"), "{what}");
                assert!(what.contains("the loaded one is 8.9.4"), "{what}");
            }
            other => panic!("{other:?}"),
        }
    }
}
