//! What the bridge keeps per candle CUDA device: a cuDNN handle on the
//! device's stream, the convolutions' problems, algorithm cache, search
//! options and workspace, and the graph-API layers (attention, norms), each
//! built once per shape. Looked up by candle's device id, behind a mutex
//! (one op at a time per device; the GPU work itself is asynchronous).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use candle_core::cuda_backend::DeviceId;
use candle_core::{CudaDevice, Device, Result};
use cudnn::nn::{Attention, AttentionElement, LayerNorm, NormElement, RmsNorm};
use cudnn::{AlgoCache, ConvProblem, Handle, SearchOptions, Workspace};

use crate::conv::Conv2dParams;
use crate::error::{bad_value, OrCandle};
use crate::CacheInfo;

/// A convolution problem's identity: the input and filter dims and the
/// geometry (the element type picks the map).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ConvKey {
    pub(crate) x: [usize; 4],
    pub(crate) w: [usize; 4],
    pub(crate) p: Conv2dParams,
}

/// The most entries a cache keeps: past it, it starts again empty (a model
/// uses a few shapes; a stream of new ones must not grow without end).
const CAP: usize = 64;

/// A map that is emptied when it would grow past [`CAP`].
pub(crate) struct Bounded<K, V> {
    map: HashMap<K, V>,
}

impl<K: Hash + Eq, V> Bounded<K, V> {
    fn new() -> Self {
        Bounded {
            map: HashMap::new(),
        }
    }

    /// The value of `key`, made by `make` the first time.
    pub(crate) fn get_or_make(
        &mut self,
        key: K,
        make: impl FnOnce() -> cudnn::Result<V>,
    ) -> Result<&mut V> {
        if !self.map.contains_key(&key) && self.map.len() >= CAP {
            self.map.clear();
        }
        match self.map.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => Ok(e.into_mut()),
            std::collections::hash_map::Entry::Vacant(e) => Ok(e.insert(make().or_candle()?)),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

/// The convolution problems, by element type.
pub(crate) struct Problems {
    pub(crate) f32: Bounded<ConvKey, ConvProblem<f32, f32>>,
    pub(crate) f16: Bounded<ConvKey, ConvProblem<half::f16, f32>>,
    pub(crate) bf16: Bounded<ConvKey, ConvProblem<half::bf16, f32>>,
}

/// The convolutions' state of one device.
pub(crate) struct ConvState {
    pub(crate) problems: Problems,
    pub(crate) algos: AlgoCache,
    pub(crate) options: SearchOptions,
    pub(crate) workspace: Workspace,
}

/// The key of a graph-API layer: its shape, the element type and its
/// options (floats by their bits).
pub(crate) type LayerKey<S> = (S, u32, [u32; 4]);

/// Everything kept for one device.
pub(crate) struct DeviceState {
    pub(crate) handle: Handle,
    pub(crate) conv: ConvState,
    pub(crate) attention_f16: AttentionLayers<half::f16>,
    pub(crate) attention_bf16: AttentionLayers<half::bf16>,
    pub(crate) norms_f32: NormLayers<f32>,
    pub(crate) norms_f16: NormLayers<half::f16>,
    pub(crate) norms_bf16: NormLayers<half::bf16>,
}

/// The attention layers of one element type.
pub(crate) type AttentionLayers<T> = Bounded<LayerKey<cudnn::nn::AttentionShape>, Attention<T>>;

/// The normalization layers of one element type.
pub(crate) struct NormLayers<T: NormElement> {
    pub(crate) layer_norm: Bounded<LayerKey<cudnn::nn::NormShape>, LayerNorm<T>>,
    pub(crate) rms_norm: Bounded<LayerKey<cudnn::nn::NormShape>, RmsNorm<T>>,
}

impl<T: NormElement> NormLayers<T> {
    fn new() -> Self {
        NormLayers {
            layer_norm: Bounded::new(),
            rms_norm: Bounded::new(),
        }
    }
}

/// An element type of the attention layers, with its device's cache.
pub(crate) trait AttentionElem: super::Elem + AttentionElement {
    /// The handle and this type's attention layers.
    fn layers(st: &mut DeviceState) -> (&Handle, &mut AttentionLayers<Self>);
}

impl AttentionElem for half::f16 {
    fn layers(st: &mut DeviceState) -> (&Handle, &mut AttentionLayers<Self>) {
        (&st.handle, &mut st.attention_f16)
    }
}

impl AttentionElem for half::bf16 {
    fn layers(st: &mut DeviceState) -> (&Handle, &mut AttentionLayers<Self>) {
        (&st.handle, &mut st.attention_bf16)
    }
}

/// An element type of the normalization layers, with its device's cache.
pub(crate) trait NormElem: super::Elem + NormElement {
    /// The handle and this type's normalization layers.
    fn layers(st: &mut DeviceState) -> (&Handle, &mut NormLayers<Self>);
}

impl NormElem for f32 {
    fn layers(st: &mut DeviceState) -> (&Handle, &mut NormLayers<Self>) {
        (&st.handle, &mut st.norms_f32)
    }
}

impl NormElem for half::f16 {
    fn layers(st: &mut DeviceState) -> (&Handle, &mut NormLayers<Self>) {
        (&st.handle, &mut st.norms_f16)
    }
}

impl NormElem for half::bf16 {
    fn layers(st: &mut DeviceState) -> (&Handle, &mut NormLayers<Self>) {
        (&st.handle, &mut st.norms_bf16)
    }
}

// The states move between the threads that run ops on their device.
static_assertions::assert_impl_all!(DeviceState: Send);

impl DeviceState {
    fn new(dev: &CudaDevice) -> Result<Self> {
        Ok(DeviceState {
            handle: Handle::new(dev.cuda_stream()).or_candle()?,
            conv: ConvState {
                problems: Problems {
                    f32: Bounded::new(),
                    f16: Bounded::new(),
                    bf16: Bounded::new(),
                },
                algos: AlgoCache::new(),
                options: SearchOptions::default(),
                workspace: Workspace::new(),
            },
            attention_f16: Bounded::new(),
            attention_bf16: Bounded::new(),
            norms_f32: NormLayers::new(),
            norms_f16: NormLayers::new(),
            norms_bf16: NormLayers::new(),
        })
    }

    fn info(&self) -> CacheInfo {
        let p = &self.conv.problems;
        CacheInfo {
            conv_problems: p.f32.len() + p.f16.len() + p.bf16.len(),
            conv_algorithms: self.conv.algos.len(),
            conv_workspace_bytes: self.conv.workspace.len(),
            attention_layers: self.attention_f16.len() + self.attention_bf16.len(),
            layer_norms: self.norms_f32.layer_norm.len()
                + self.norms_f16.layer_norm.len()
                + self.norms_bf16.layer_norm.len(),
            rms_norms: self.norms_f32.rms_norm.len()
                + self.norms_f16.rms_norm.len()
                + self.norms_bf16.rms_norm.len(),
        }
    }
}

type Shared = Arc<Mutex<DeviceState>>;

/// The devices' states, by candle's device id (a few devices: a list).
static STATES: Mutex<Vec<(DeviceId, Shared)>> = Mutex::new(Vec::new());

/// A lock that a panic elsewhere left poisoned still guards valid state
/// (caches of cuDNN objects): take it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn find(id: DeviceId) -> Option<Shared> {
    lock(&STATES)
        .iter()
        .find(|(d, _)| *d == id)
        .map(|(_, s)| s.clone())
}

/// The state of `dev`, made on first use.
fn state_of(dev: &CudaDevice) -> Result<Shared> {
    if let Some(s) = find(dev.id()) {
        return Ok(s);
    }
    // Made outside the registry's lock (it calls into cuDNN).
    let made = Arc::new(Mutex::new(DeviceState::new(dev)?));
    let mut states = lock(&STATES);
    if let Some((_, s)) = states.iter().find(|(d, _)| *d == dev.id()) {
        return Ok(s.clone());
    }
    states.push((dev.id(), made.clone()));
    Ok(made)
}

/// Runs `f` with the state of `dev`, locked.
pub(crate) fn with<R>(
    dev: &CudaDevice,
    f: impl FnOnce(&mut DeviceState) -> Result<R>,
) -> Result<R> {
    let shared = state_of(dev)?;
    let mut state = lock(&shared);
    f(&mut state)
}

fn cuda(function: &'static str, device: &Device) -> Result<CudaDevice> {
    match device {
        Device::Cuda(d) => Ok(d.clone()),
        other => Err(bad_value(
            function,
            format!("{:?} is not a CUDA device", other.location()),
        )),
    }
}

pub(crate) fn cache_info(device: &Device) -> Result<CacheInfo> {
    let dev = cuda("cudnn_candle::cache_info", device)?;
    Ok(find(dev.id()).map_or_else(CacheInfo::default, |s| lock(&s).info()))
}

pub(crate) fn clear_cache(device: &Device) -> Result<()> {
    let dev = cuda("cudnn_candle::clear_cache", device)?;
    // Dropped outside the registry's lock (cuDNN destroys its objects).
    let removed = {
        let mut states = lock(&STATES);
        let at = states.iter().position(|(d, _)| *d == dev.id());
        at.map(|i| states.swap_remove(i))
    };
    drop(removed);
    Ok(())
}

pub(crate) fn set_conv_search_options(device: &Device, options: SearchOptions) -> Result<()> {
    let dev = cuda("cudnn_candle::set_conv_search_options", device)?;
    with(&dev, |s| {
        s.conv.options = options;
        Ok(())
    })
}
