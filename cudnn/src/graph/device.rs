//! [`DeviceProperties`]: the description of a GPU that cuDNN 9.8 and later
//! plan for, as the JSON of a `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR`.
//!
//! With one, heuristics and execution plans can be built for a GPU that is
//! not in the machine (ahead-of-time planning, a plan cache filled on a
//! build machine); [`DeviceProperties::from_handle`] reads the description
//! of the GPU a handle is on. Planning for a live handle
//! ([`Target::Handle`](super::Target::Handle)) does not go through this
//! text: cuDNN is given the handle, as cudnn-frontend does.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use cudnn_sys as sys;
use serde_json::Value;
use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;

use super::descriptor::{BackendDescriptor, SharedDescriptor};
use super::target::PlanTarget;
#[cfg(doc)]
use crate::core::error::Mismatch;
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::library::Library;
use crate::core::version::Version;

const FROM_JSON: &str = "DeviceProperties::from_json";
const FROM_HANDLE: &str = "DeviceProperties::from_handle";
const CREATE: &str = "cudnnBackendCreateDescriptor(CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)";
/// The first cuDNN with device descriptions.
const FIRST: Version = Version::new(9, 8, 0);
/// The key left out of [`DeviceProperties::fingerprint`].
const DEVICE_ID: &str = "cudaDeviceId";
/// The range of `deviceVer` (sm_30 to sm_150).
const DEVICE_VER: std::ops::RangeInclusive<i64> = 300..=1500;

/// The JSON type a key takes. cuDNN 9.28 reads every integer but
/// `totalGlobalMem` as a 32-bit `int`, and refuses larger ones without
/// naming the key.
#[derive(Clone, Copy)]
enum Kind {
    /// A string, not empty, of at most [`TEXT_MAX_BYTES`] bytes.
    Text,
    /// An integer from 0 to `i32::MAX`.
    Int,
    /// An integer from 1 to `i32::MAX`.
    Positive,
    /// An integer from 0 to `i64::MAX` (a size in bytes).
    Size,
    /// An array of three integers from 0 to `i32::MAX`.
    Int3,
    /// `smCountOrigin`: 0 (the full device) or 1 (a green context).
    Origin,
}

/// The most bytes of UTF-8 a text value (`deviceName`) may have: cuDNN
/// copies it into CUDA's device name, `char name[256]` of `cudaDeviceProp`
/// (`cuda_runtime_api.h`), which ends with a NUL. cuDNN 9.28 corrupts the
/// heap when it finalizes a description with a longer name.
const TEXT_MAX_BYTES: usize = 255;

/// The keys cuDNN 9.28 requires, with their types.
const REQUIRED: &[(&str, Kind)] = &[
    ("deviceName", Kind::Text),
    ("deviceVer", Kind::Int),
    ("driverVer", Kind::Int),
    (DEVICE_ID, Kind::Int),
    ("pciDeviceId", Kind::Int),
    ("multiProcessorCount", Kind::Positive),
    ("maxGridSize", Kind::Int3),
    ("maxBlockSize", Kind::Int3),
    ("maxThreadsPerBlock", Kind::Positive),
    ("maxThreadsPerSM", Kind::Positive),
    ("maxCtasPerSM", Kind::Positive),
    ("warpSize", Kind::Positive),
    ("regsPerBlock", Kind::Int),
    ("maxRegistersPerSM", Kind::Int),
    ("maxSharedMemoryPerBlock", Kind::Int),
    ("maxSharedMemoryPerBlockOptin", Kind::Int),
    ("reservedSharedMemoryPerBlock", Kind::Int),
    ("l2CacheSize", Kind::Int),
    ("totalGlobalMem", Kind::Size),
    ("memClockRateKHz", Kind::Int),
    ("memoryBusWidth", Kind::Int),
    ("smClockRateKHz", Kind::Int),
    ("isTccDriver", Kind::Int),
    ("supportCoopLaunch", Kind::Int),
];

/// The keys cuDNN reads when present.
const OPTIONAL: &[(&str, Kind)] = &[
    ("smCountOrigin", Kind::Origin),
    ("oversizedSharedMemoryPerBlock", Kind::Int),
];

/// The shipped descriptions (`cudnn/devices/*.json`; their sources are in
/// `cudnn/devices/README.md`).
const PRESETS: &[(&str, &str)] = &[
    ("h100-sxm", include_str!("../../devices/h100-sxm.json")),
    ("h200", include_str!("../../devices/h200.json")),
    (
        "a100-sxm4-80gb",
        include_str!("../../devices/a100-sxm4-80gb.json"),
    ),
    ("l4", include_str!("../../devices/l4.json")),
    ("l40", include_str!("../../devices/l40.json")),
    ("rtx-4090", include_str!("../../devices/rtx-4090.json")),
    ("b200", include_str!("../../devices/b200.json")),
    ("rtx-5090", include_str!("../../devices/rtx-5090.json")),
];

/// A preset name as [`PRESETS`] spells it: lowercase, with `-` for a space
/// or an underscore.
fn preset_key(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| match c {
            ' ' | '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// What a JSON value is, for messages.
fn describe(v: &Value) -> String {
    let text = v.to_string();
    let shown = if text.len() > 40 {
        let mut end = 40;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}...", &text[..end])
    } else {
        text
    };
    let kind = match v {
        Value::Null => return "null".into(),
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "the number",
        Value::String(_) => "the string",
        Value::Array(_) => "the array",
        Value::Object(_) => "an object",
    };
    format!("{kind} {shown}")
}

/// `v` as an integer from 0 to `max`, or why not.
fn integer(key: &str, v: &Value, max: i64) -> std::result::Result<i64, String> {
    let Value::Number(n) = v else {
        return Err(format!("`{key}` is {}, not an integer", describe(v)));
    };
    match n.as_i64() {
        Some(i) if i < 0 => Err(format!("`{key}` is negative ({i})")),
        Some(i) if i > max && max == i64::from(i32::MAX) => Err(format!(
            "`{key}` ({i}) does not fit the 32-bit int cuDNN reads it as"
        )),
        Some(i) if i > max => Err(format!("`{key}` is {i}, more than {max}")),
        Some(i) => Ok(i),
        None if n.is_u64() => Err(format!(
            "`{key}` ({n}) does not fit a 64-bit signed integer"
        )),
        None => Err(format!("`{key}` is {n}, not an integer")),
    }
}

/// Checks `v` against `kind`.
fn check(key: &str, kind: Kind, v: &Value) -> std::result::Result<(), String> {
    let int = i64::from(i32::MAX);
    match kind {
        Kind::Text => match v {
            Value::String(s) if s.trim().is_empty() => Err(format!("`{key}` is empty")),
            Value::String(s) if s.len() > TEXT_MAX_BYTES => Err(format!(
                "`{key}` has {} bytes of UTF-8, more than the {TEXT_MAX_BYTES} of CUDA's \
                 device name",
                s.len()
            )),
            Value::String(_) => Ok(()),
            _ => Err(format!("`{key}` is {}, not a string", describe(v))),
        },
        Kind::Int => integer(key, v, int).map(drop),
        Kind::Size => integer(key, v, i64::MAX).map(drop),
        Kind::Origin => integer(key, v, 1).map(drop),
        Kind::Positive => match integer(key, v, int)? {
            0 => Err(format!("`{key}` is 0")),
            _ => Ok(()),
        },
        Kind::Int3 => match v {
            Value::Array(items) if items.len() == 3 => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| integer(&format!("{key}[{i}]"), item, int).map(drop)),
            Value::Array(items) => Err(format!("`{key}` has {} elements, not 3", items.len())),
            _ => Err(format!(
                "`{key}` is {}, not an array of 3 integers",
                describe(v)
            )),
        },
    }
}

/// `v` as compact JSON with every object's keys sorted.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let sorted: BTreeMap<&String, &Value> = map.iter().collect();
            canonical_object(sorted.into_iter(), out);
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        leaf => out.push_str(&leaf.to_string()),
    }
}

/// The entries, in the order given, as a compact JSON object.
fn canonical_object<'a>(entries: impl Iterator<Item = (&'a String, &'a Value)>, out: &mut String) {
    out.push('{');
    for (i, (k, v)) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::String(k.clone()).to_string());
        out.push(':');
        canonical(v, out);
    }
    out.push('}');
}

/// Refuses a cuDNN without device descriptions.
fn check_library(lib: &Library) -> Result<()> {
    let v = lib.version();
    if v < FIRST {
        return Err(Error::unsupported(
            CREATE,
            format!(
                "a device description (CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR) needs cuDNN \
                     {}.{} or later; the loaded one is {v}",
                FIRST.major, FIRST.minor
            ),
        ));
    }
    Ok(())
}

/// The description of one GPU model, as cuDNN 9.8 and later take it: the
/// JSON of a `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR`
/// (`CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION`).
///
/// Made from JSON ([`from_json`](Self::from_json)), from a description
/// shipped with the crate ([`preset`](Self::preset)), or from the GPU a
/// handle is on ([`from_handle`](Self::from_handle)). It is plain data and
/// needs no library until a descriptor is made from it
/// ([`check`](Self::check)).
///
/// Every key cuDNN 9.28 requires is checked for presence and JSON type:
/// `deviceName` a string; `totalGlobalMem` an integer from 0 to `i64::MAX`;
/// `maxGridSize` and `maxBlockSize` arrays of three integers; every other
/// an integer; integers other than `totalGlobalMem` from 0 to `i32::MAX`
/// (cuDNN reads them as 32-bit `int`s, and refuses a larger one without
/// naming it). The optional `smCountOrigin` (0 or 1) and
/// `oversizedSharedMemoryPerBlock` are checked when present; keys it does
/// not know are kept (cuDNN 9.28 ignores them). It holds the description
/// as canonical JSON: compact, with sorted keys.
///
/// The finalized descriptor made from it for a library is made once and
/// kept, shared by the heuristics and plans of every clone (each holds a
/// share of it, and of its library); it is destroyed with the last
/// holder.
///
/// `Clone`, `Send` and `Sync`; two are equal when their canonical JSON is.
///
/// ```
/// use cudnn::graph::DeviceProperties;
///
/// let h100 = DeviceProperties::preset("h100-sxm").expect("shipped");
/// assert_eq!(h100.compute_capability(), (9, 0));
/// assert_eq!(h100.sm(), 90);
/// assert_eq!(h100.multiprocessor_count(), 132);
/// assert!(DeviceProperties::presets().any(|p| p == "rtx-4090"));
/// assert!(DeviceProperties::from_json(r#"{"deviceName":"x"}"#).is_err());
/// ```
#[derive(Clone)]
pub struct DeviceProperties {
    /// Canonical JSON: compact, keys sorted.
    json: String,
    /// Every key, with its value.
    fields: BTreeMap<String, Value>,
    name: String,
    capability: (u32, u32),
    /// The finalized descriptors made from it, one per library; shared by
    /// the clones.
    descriptors: Arc<Made>,
    /// [`fingerprint`](Self::fingerprint), made when first asked for.
    fingerprint: OnceLock<String>,
    /// The target of the plans built for it, made when first asked for
    /// and shared by those plans.
    target: OnceLock<Arc<PlanTarget>>,
}

static_assertions::assert_impl_all!(DeviceProperties: Send, Sync, Clone);

/// The descriptors made from a description, one per library: the first
/// library's is read without taking the lock (a process mostly loads one
/// cuDNN); the others' are in the list. Both are written under the lock.
#[derive(Default)]
struct Made {
    first: OnceLock<SharedDescriptor>,
    more: Mutex<Vec<SharedDescriptor>>,
}

impl fmt::Debug for DeviceProperties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeviceProperties")
            .field("name", &self.name)
            .field("sm", &self.sm())
            .field("json", &self.json)
            .finish()
    }
}

impl fmt::Display for DeviceProperties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (sm_{}, {} SMs)",
            self.name,
            self.sm(),
            self.multiprocessor_count()
        )
    }
}

impl PartialEq for DeviceProperties {
    fn eq(&self, other: &Self) -> bool {
        self.json == other.json
    }
}

impl Eq for DeviceProperties {}

impl std::hash::Hash for DeviceProperties {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.json.hash(state);
    }
}

impl DeviceProperties {
    /// Reads a description from its JSON (an object; the keys are listed
    /// on the type).
    ///
    /// `deviceVer` is the compute capability as `major * 100 + minor * 10`
    /// (900 for sm_90), so a multiple of 10 from 300 to 1500;
    /// `multiProcessorCount`, `warpSize`, `maxThreadsPerBlock`,
    /// `maxThreadsPerSM` and `maxCtasPerSM` are not 0, and `deviceName` is
    /// not empty and at most 255 bytes of UTF-8 (CUDA's device name is 256
    /// bytes with its NUL).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`], whose words
    /// name the key: text that is not JSON or not a JSON object, a required
    /// key missing, a value of the wrong JSON type or out of range (a
    /// negative or fractional number, one too large for cuDNN, an array not
    /// of three integers), or a `deviceVer` that is no compute capability.
    pub fn from_json(json: &str) -> Result<Self> {
        let value: Value = serde_json::from_str(json).map_err(|e| {
            Error::bad_value(FROM_JSON, format!("the description is not JSON: {e}"))
        })?;
        let Value::Object(map) = value else {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("the description is {}, not a JSON object", describe(&value)),
            ));
        };
        let fields: BTreeMap<String, Value> = map.into_iter().collect();
        for &(key, kind) in REQUIRED {
            let Some(v) = fields.get(key) else {
                return Err(Error::bad_value(
                    FROM_JSON,
                    format!("`{key}` is missing (a key cuDNN requires)"),
                ));
            };
            check(key, kind, v).map_err(|what| Error::bad_value(FROM_JSON, what))?;
        }
        for &(key, kind) in OPTIONAL {
            if let Some(v) = fields.get(key) {
                check(key, kind, v).map_err(|what| Error::bad_value(FROM_JSON, what))?;
            }
        }
        let ver = fields.get("deviceVer").and_then(Value::as_i64).unwrap_or(0);
        if ver % 10 != 0 || !DEVICE_VER.contains(&ver) {
            return Err(Error::bad_value(
                FROM_JSON,
                format!(
                    "`deviceVer` is {ver}: it is the compute capability as major * 100 + \
                     minor * 10 (900 for sm_90), a multiple of 10 from {} to {}",
                    DEVICE_VER.start(),
                    DEVICE_VER.end()
                ),
            ));
        }
        // In range: both parts fit u32.
        let capability = ((ver / 100) as u32, ((ver % 100) / 10) as u32);
        let name = fields
            .get("deviceName")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let mut json = String::with_capacity(json.len());
        canonical_object(fields.iter(), &mut json);
        Ok(DeviceProperties {
            json,
            fields,
            name,
            capability,
            descriptors: Arc::default(),
            fingerprint: OnceLock::new(),
            target: OnceLock::new(),
        })
    }

    /// A description shipped with the crate, by name (see
    /// [`presets`](Self::presets)): `"h100-sxm"`, `"h200"`,
    /// `"a100-sxm4-80gb"`, `"l4"`, `"l40"`, `"rtx-4090"`, `"b200"`,
    /// `"rtx-5090"`. The name is
    /// matched without regard to case, and a space or underscore stands
    /// for a hyphen: `"H200"`, `"RTX 4090"` and `"H100_SXM"` are found.
    ///
    /// Their numbers come from NVIDIA's public specifications, not from a
    /// device (`cudnn/devices/README.md` in the source says which are
    /// nominal); [`from_handle`](Self::from_handle) reads the real GPU.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] naming `DeviceProperties::preset` for
    /// another name; its message lists the names there are.
    pub fn preset(name: &str) -> Result<Self> {
        const F: &str = "DeviceProperties::preset";
        let wanted = preset_key(name);
        let (_, json) = PRESETS.iter().find(|(n, _)| **n == wanted).ok_or_else(|| {
            Error::bad_value(
                F,
                format!(
                    "no shipped device description is named {name:?}; the presets are {} \
                         (DeviceProperties::presets() lists them; DeviceProperties::from_json \
                         takes any other)",
                    Self::presets().collect::<Vec<_>>().join(", ")
                ),
            )
        })?;
        Self::from_json(json)
    }

    /// The names [`preset`](Self::preset) takes, as it lists them.
    pub fn presets() -> impl Iterator<Item = &'static str> {
        PRESETS.iter().map(|(name, _)| *name)
    }

    /// The description of the GPU `handle` is on, as cuDNN reads it: a
    /// `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR` with the handle, finalized,
    /// and its JSON read back (through [`from_json`](Self::from_json):
    /// keys it does not know are kept, the optional ones may be absent).
    /// Needs a CUDA GPU. For a plan cache's key or a description to save;
    /// plans for the handle itself need none
    /// ([`Target::Handle`](super::Target::Handle)).
    ///
    /// # Errors
    /// As [`check`](Self::check) for a cuDNN before 9.8; cuDNN's status
    /// when it cannot describe the device; [`Error::InvalidArgument`]
    /// naming this function when what cuDNN returns is not a description
    /// [`from_json`](Self::from_json) accepts.
    pub fn from_handle(handle: &Handle) -> Result<Self> {
        let d = Self::handle_descriptor(handle)?;
        let json = d.get_string(A::CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION)?;
        Self::from_json(&json).map_err(|e| match e {
            Error::InvalidArgument { mismatch, .. } => Error::bad_value(
                FROM_HANDLE,
                format!("cuDNN's description of the device: {mismatch}"),
            ),
            other => other,
        })
    }

    /// cuDNN's own description of the GPU `handle` is on: a
    /// `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR` with the handle, finalized
    /// (what heuristics take for a handle target; nothing is parsed).
    ///
    /// # Errors
    /// As [`check`](Self::check) for a cuDNN before 9.8; cuDNN's status.
    pub(crate) fn handle_descriptor(handle: &Handle) -> Result<BackendDescriptor> {
        let lib = handle.library();
        check_library(lib)?;
        let mut d = BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)?;
        d.set_handle(A::CUDNN_ATTR_DEVICEPROP_HANDLE, handle)?;
        d.finalize()?;
        Ok(d)
    }

    /// The description as canonical JSON (compact, keys sorted): what is
    /// set into the descriptor.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// `deviceName`, for example `NVIDIA H100 80GB HBM3`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The compute capability, `(major, minor)`: `(9, 0)` for an H100.
    pub fn compute_capability(&self) -> (u32, u32) {
        self.capability
    }

    /// The compute capability as one number, `major * 10 + minor`: 90 for
    /// sm_90.
    pub fn sm(&self) -> u32 {
        self.capability.0 * 10 + self.capability.1
    }

    /// `multiProcessorCount`, the number of SMs (at least 1).
    pub fn multiprocessor_count(&self) -> u32 {
        self.integer("multiProcessorCount")
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0)
    }

    /// The value of `key` when it is an integer that fits `i64` (any key,
    /// those cuDNN does not know included); `None` otherwise.
    pub fn integer(&self, key: &str) -> Option<i64> {
        self.fields.get(key).and_then(Value::as_i64)
    }

    /// A canonical text for cache keys: the description as
    /// [`json`](Self::json) has it, without `cudaDeviceId`, so that plans
    /// made for one GPU model serve every device of that model (device 0
    /// and device 1 of a machine share them). Every other key counts: a
    /// different driver version, clock or memory size is a different
    /// fingerprint.
    pub fn fingerprint(&self) -> String {
        self.fingerprint_str().to_owned()
    }

    /// [`fingerprint`](Self::fingerprint), made on the first call and kept.
    pub(crate) fn fingerprint_str(&self) -> &str {
        self.fingerprint.get_or_init(|| {
            let mut out = String::with_capacity(self.json.len());
            canonical_object(
                self.fields.iter().filter(|(k, _)| k.as_str() != DEVICE_ID),
                &mut out,
            );
            out
        })
    }

    /// The target of the plans built for this description, made on the
    /// first call and shared (by its clones too, once made).
    pub(crate) fn plan_target(&self) -> &Arc<PlanTarget> {
        self.target.get_or_init(|| {
            Arc::new(PlanTarget::described(
                &self.name,
                self.capability,
                |key, element| {
                    let v = self.fields.get(key)?;
                    match element {
                        None => v.as_i64(),
                        Some(i) => v.get(i)?.as_i64(),
                    }
                },
            ))
        })
    }

    /// The finalized `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR` of `lib` made
    /// from the JSON, to set into others: made on the first call for `lib`,
    /// then shared (a view of the same descriptor for every call).
    ///
    /// # Errors
    /// As [`check`](Self::check); a description `lib` refused is asked
    /// again on the next call.
    pub(crate) fn descriptor(&self, lib: &Arc<Library>) -> Result<BackendDescriptor> {
        self.with_descriptor(lib, |d| Ok(d.view()))
    }

    /// Calls `f` with [`descriptor`](Self::descriptor)'s shared descriptor,
    /// without a view of it (no count taken and given back).
    ///
    /// # Errors
    /// As [`descriptor`](Self::descriptor); `f`'s.
    #[inline]
    pub(crate) fn with_descriptor<R>(
        &self,
        lib: &Arc<Library>,
        f: impl FnOnce(&SharedDescriptor) -> Result<R>,
    ) -> Result<R> {
        if let Some(d) = self.descriptors.first.get() {
            if Arc::ptr_eq(d.library(), lib) {
                return f(d);
            }
        }
        f(&self.made_descriptor(lib)?)
    }

    /// `lib`'s descriptor when it is not the first one made: found in the
    /// list, or made (and kept) now.
    #[cold]
    #[inline(never)]
    fn made_descriptor(&self, lib: &Arc<Library>) -> Result<SharedDescriptor> {
        check_library(lib)?;
        // The list holds only finalized descriptors: a panic while it is
        // locked leaves it whole.
        let mut more = self
            .descriptors
            .more
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let first = &self.descriptors.first;
        if let Some(d) = first
            .get()
            .into_iter()
            .chain(more.iter())
            .find(|d| Arc::ptr_eq(d.library(), lib))
        {
            return Ok(d.clone());
        }
        let mut d = BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)?;
        d.set(
            A::CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION,
            self.json.as_bytes(),
        )?;
        d.finalize()?;
        let shared = d.into_shared()?;
        // Set under the lock, so it is empty here only if no one set it.
        if first.get().is_none() {
            let _ = first.set(shared.clone());
        } else {
            more.push(shared.clone());
        }
        Ok(shared)
    }

    /// Has `lib` build a device descriptor from this description and
    /// finalize it: whether this cuDNN accepts the description. The
    /// descriptor is kept for the heuristics and plans made from this
    /// description (and its clones) with `lib`; once made, this asks cuDNN
    /// nothing.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::Unsupported`] before
    /// cuDNN is called when `lib` is older than 9.8 (which has no device
    /// descriptions), naming
    /// `cudnnBackendCreateDescriptor(CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)`;
    /// cuDNN's status when it refuses the description (cuDNN 9.28:
    /// `NOT_SUPPORTED_ARCH_MISMATCH` for a `deviceVer` below 500, or for
    /// sm_90 to sm_129 with a `driverVer` below 11080).
    pub fn check(&self, lib: &Arc<Library>) -> Result<()> {
        self.descriptor(lib).map(drop)
    }
}

impl PlanTarget {
    /// The target a description stands for: what a plan built for it
    /// depends on.
    pub fn of(device: &DeviceProperties) -> PlanTarget {
        PlanTarget::clone(device.plan_target())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::Mismatch;

    /// A device name fits CUDA's `char name[256]` with its NUL: 255 bytes
    /// of UTF-8, counted in bytes, not characters.
    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn a_device_name_is_at_most_255_bytes() {
        for (unit, fits) in [("x", 255), ("é", 127), ("中", 85)] {
            for (n, ok) in [(fits, true), (fits + 1, false)] {
                let name = unit.repeat(n);
                let mut m: BTreeMap<String, Value> =
                    serde_json::from_str(PRESETS[0].1).expect("a preset parses");
                m.insert("deviceName".into(), Value::from(name.clone()));
                let json = serde_json::to_string(&m).expect("serializes");
                match DeviceProperties::from_json(&json) {
                    Ok(p) if ok => assert_eq!(p.name(), name),
                    Err(Error::InvalidArgument {
                        mismatch: Mismatch::BadValue { what },
                        ..
                    }) if !ok => assert!(
                        what.contains(&format!("`deviceName` has {} bytes", name.len())),
                        "{what}"
                    ),
                    other => panic!("{unit} x {n} ({} bytes): {other:?}", name.len()),
                }
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn every_preset_parses_and_names_its_capability() {
        for (name, json) in PRESETS {
            let p = DeviceProperties::from_json(json).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(DeviceProperties::preset(name).ok(), Some(p));
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn preset_names_match_without_case_and_with_any_separator() {
        let h200 = DeviceProperties::preset("h200").unwrap_or_else(|e| panic!("{e}"));
        for name in ["H200", " h200 ", "H200"] {
            assert_eq!(
                DeviceProperties::preset(name).ok().as_ref(),
                Some(&h200),
                "{name}"
            );
        }
        let rtx = DeviceProperties::preset("rtx-4090").unwrap_or_else(|e| panic!("{e}"));
        for name in ["RTX 4090", "rtx_4090", "Rtx-4090"] {
            assert_eq!(
                DeviceProperties::preset(name).ok().as_ref(),
                Some(&rtx),
                "{name}"
            );
        }
        let h100 = DeviceProperties::preset("H100_SXM").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(h100.multiprocessor_count(), 132);
        assert_eq!(preset_key("A100-SXM4-80GB"), "a100-sxm4-80gb");
    }

    #[test]
    fn an_unknown_preset_lists_the_names_there_are() {
        let e = match DeviceProperties::preset("h100") {
            Err(e) => e,
            Ok(p) => panic!("\"h100\" is no preset, but found {p:?}"),
        };
        match &e {
            Error::InvalidArgument {
                function: "DeviceProperties::preset",
                mismatch: Mismatch::BadValue { .. },
            } => {}
            other => panic!("{other}"),
        }
        let text = e.to_string();
        assert!(text.contains("\"h100\""), "{text}");
        for name in DeviceProperties::presets() {
            assert!(text.contains(name), "{name} missing from: {text}");
        }
        assert_eq!(DeviceProperties::presets().count(), PRESETS.len());
        assert!(DeviceProperties::preset("").is_err());
    }

    #[test]
    fn canonical_json_sorts_nested_keys_and_keeps_escapes() {
        let v: Value = serde_json::from_str(r#"{"b":[1,{"y":2,"x":"a\"b"}],"a":null}"#).unwrap();
        let mut out = String::new();
        canonical(&v, &mut out);
        assert_eq!(out, r#"{"a":null,"b":[1,{"x":"a\"b","y":2}]}"#);
    }

    #[test]
    fn describe_cuts_long_values_on_a_char_boundary() {
        let v = Value::String("é".repeat(40));
        let d = describe(&v);
        assert!(d.starts_with("the string \"é") && d.ends_with("..."), "{d}");
    }
}
