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
use super::target::DeviceLimits;
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
/// What a key of a description holds ([`DeviceField::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldKind {
    /// A JSON string of [`min`](DeviceField::min) to
    /// [`max`](DeviceField::max) bytes of UTF-8 (not blank).
    Text,
    /// A JSON integer from [`min`](DeviceField::min) to
    /// [`max`](DeviceField::max).
    Integer,
    /// A JSON array of exactly three integers, each from
    /// [`min`](DeviceField::min) to [`max`](DeviceField::max).
    Integers3,
}

/// One key of a device description, with its bound and where the bound
/// comes from: a row of [`DeviceProperties::fields`].
///
/// cuDNN 9.28 copies the description into CUDA's `cudaDeviceProp`
/// (`driver_types.h`) or its own copy of it: fixed-size fields (a name of
/// `char[256]`, arrays of 3 `int`s, 32-bit `int`s), which it does not
/// all bound itself (a `deviceName` of 256 bytes or more aborts the
/// process or corrupts its heap). [`DeviceProperties::from_json`], and
/// [`ExecutionPlan::from_json`](super::ExecutionPlan::from_json) for the
/// device profile a plan carries, refuse a value outside the row's bound
/// before cuDNN sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DeviceField {
    /// The JSON key, as cuDNN spells it.
    pub key: &'static str,
    /// Whether cuDNN 9.28 requires it (it refuses a description without
    /// it); the others are read when present.
    pub required: bool,
    /// The JSON type.
    pub kind: FieldKind,
    /// The least value; for text, the fewest bytes.
    pub min: i64,
    /// The greatest value; for text, the most bytes of UTF-8.
    pub max: i64,
    /// The C type the value is held in: `char[256]`, `int`, `int[3]`,
    /// `size_t`.
    pub c_type: &'static str,
    /// Where the value and its bound come from: the field of CUDA's
    /// `cudaDeviceProp` or the CUDA call, and what cuDNN 9.28 does past
    /// it (measured).
    pub source: &'static str,
}

/// The greatest 32-bit `int`.
const INT_MAX: i64 = i32::MAX as i64;

/// The range of `deviceVer` (sm_30 to sm_150).
const DEVICE_VER: std::ops::RangeInclusive<i64> = 300..=1500;

/// The most bytes of UTF-8 a text value (`deviceName`) may have: cuDNN
/// copies it into CUDA's device name, `char name[256]` of `cudaDeviceProp`
/// (`driver_types.h`), which ends with a NUL. cuDNN 9.28 corrupts the
/// heap when it finalizes a description with a longer name.
pub(crate) const TEXT_MAX_BYTES: usize = 255;

/// A row of [`FIELDS`].
const fn field(
    key: &'static str,
    required: bool,
    kind: FieldKind,
    (min, max): (i64, i64),
    c_type: &'static str,
    source: &'static str,
) -> DeviceField {
    DeviceField {
        key,
        required,
        kind,
        min,
        max,
        c_type,
        source,
    }
}

/// [`FIELDS`]' kinds, types and ranges, to keep its rows short.
const TEXT: FieldKind = FieldKind::Text;
const INTEGER: FieldKind = FieldKind::Integer;
const INTEGERS_3: FieldKind = FieldKind::Integers3;
const INT: &str = "int";
/// 0 to `i32::MAX`.
const NONNEG: (i64, i64) = (0, INT_MAX);
/// 1 to `i32::MAX`.
const COUNT: (i64, i64) = (1, INT_MAX);
/// 0 or 1.
const FLAG: (i64, i64) = (0, 1);

/// The keys of a description: one row per key, its bound and its source.
///
/// "cuDNN reads int32" is measured on cuDNN 9.28: the value 2^31 is
/// refused with `BAD_PARAM` (`!json_object.Is<T>()`, no key named), and
/// negative values are taken. The lower bounds are the crate's: a count,
/// size or rate of a GPU is not negative, and it has at least one SM,
/// one thread per block and per SM, one block per SM and one thread per
/// warp.
#[rustfmt::skip]
const FIELDS: &[DeviceField] = &[
    field("deviceName", true, TEXT, (1, TEXT_MAX_BYTES as i64), "char[256]",
        "cudaDeviceProp::name, NUL-terminated: 255 bytes of UTF-8; cuDNN 9.28 aborts or \
         corrupts its heap on 256 or more (measured)"),
    field("deviceVer", true, INTEGER, (*DEVICE_VER.start(), *DEVICE_VER.end()), INT,
        "cudaDeviceProp::major * 100 + minor * 10, a multiple of 10 (sm_30 to sm_150); cuDNN \
         reads int32 and refuses below 500 (NOT_SUPPORTED_ARCH_MISMATCH)"),
    field("driverVer", true, INTEGER, NONNEG, INT,
        "cudaDriverGetVersion(int*); cuDNN reads int32"),
    field(DEVICE_ID, true, INTEGER, NONNEG, INT,
        "the device ordinal of cudaGetDevice(int*); cuDNN reads int32"),
    field("pciDeviceId", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::pciDeviceID; cuDNN reads int32"),
    field("multiProcessorCount", true, INTEGER, COUNT, INT,
        "cudaDeviceProp::multiProcessorCount; cuDNN reads int32"),
    field("maxGridSize", true, INTEGERS_3, NONNEG, "int[3]",
        "cudaDeviceProp::maxGridSize; cuDNN refuses more than 3 elements (N < \
         json_object.Size()) but takes fewer and does not check their type (measured)"),
    field("maxBlockSize", true, INTEGERS_3, NONNEG, "int[3]",
        "cudaDeviceProp::maxThreadsDim; cuDNN refuses more than 3 elements but takes fewer \
         and does not check their type (measured)"),
    field("maxThreadsPerBlock", true, INTEGER, COUNT, INT,
        "cudaDeviceProp::maxThreadsPerBlock; cuDNN reads int32"),
    field("maxThreadsPerSM", true, INTEGER, COUNT, INT,
        "cudaDeviceProp::maxThreadsPerMultiProcessor; cuDNN reads int32"),
    field("maxCtasPerSM", true, INTEGER, COUNT, INT,
        "cudaDeviceProp::maxBlocksPerMultiProcessor; cuDNN reads int32"),
    field("warpSize", true, INTEGER, COUNT, INT, "cudaDeviceProp::warpSize; cuDNN reads int32"),
    field("regsPerBlock", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::regsPerBlock; cuDNN reads int32"),
    field("maxRegistersPerSM", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::regsPerMultiprocessor; cuDNN reads int32"),
    field("maxSharedMemoryPerBlock", true, INTEGER, NONNEG, "size_t",
        "cudaDeviceProp::sharedMemPerBlock (size_t); cuDNN reads int32"),
    field("maxSharedMemoryPerBlockOptin", true, INTEGER, NONNEG, "size_t",
        "cudaDeviceProp::sharedMemPerBlockOptin (size_t); cuDNN reads int32"),
    field("reservedSharedMemoryPerBlock", true, INTEGER, NONNEG, "size_t",
        "cudaDeviceProp::reservedSharedMemPerBlock (size_t); cuDNN reads int32"),
    field("l2CacheSize", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::l2CacheSize; cuDNN reads int32"),
    field("totalGlobalMem", true, INTEGER, (0, i64::MAX), "size_t",
        "cudaDeviceProp::totalGlobalMem; cuDNN reads uint64 (refuses negatives and 2^64); \
         the crate holds it as i64"),
    field("memClockRateKHz", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::memoryClockRate (cudaDevAttrMemoryClockRate), in kHz; cuDNN reads \
         int32"),
    field("memoryBusWidth", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::memoryBusWidth, in bits; cuDNN reads int32"),
    field("smClockRateKHz", true, INTEGER, NONNEG, INT,
        "cudaDeviceProp::clockRate (cudaDevAttrClockRate), in kHz; cuDNN reads int32"),
    field("isTccDriver", true, INTEGER, FLAG, INT,
        "cudaDeviceProp::tccDriver, 1 or 0; cuDNN reads int32"),
    field("supportCoopLaunch", true, INTEGER, FLAG, INT,
        "cudaDeviceProp::cooperativeLaunch, 1 or 0; cuDNN reads int32"),
    field("smCountOrigin", false, INTEGER, FLAG, INT,
        "cuDNN's own: 0 (the full device) or 1 (a green context); cuDNN refuses others"),
    field("oversizedSharedMemoryPerBlock", false, INTEGER, NONNEG, INT,
        "cuDNN's own; cuDNN reads int32"),
];

/// The row of `key`, if it is a key of a description.
pub(crate) fn field_of(key: &str) -> Option<&'static DeviceField> {
    FIELDS.iter().find(|f| f.key == key)
}

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

/// The bound of `f`, for messages: `` `key` is int: 0 to 2147483647 ``.
fn bound(f: &DeviceField) -> String {
    match f.kind {
        FieldKind::Text => format!(
            "`{}` is {} bytes of UTF-8 at most ({})",
            f.key, f.max, f.c_type
        ),
        FieldKind::Integer | FieldKind::Integers3 => {
            format!("`{}` is {}: {} to {}", f.key, f.c_type, f.min, f.max)
        }
    }
}

/// Checks the integer `i` (`f`'s value, or an element of it, `what`)
/// against `f`'s bound.
pub(crate) fn check_integer(
    f: &DeviceField,
    what: impl std::fmt::Display,
    i: i64,
) -> std::result::Result<(), String> {
    if f.key == "deviceVer" && (i % 10 != 0 || !DEVICE_VER.contains(&i)) {
        return Err(format!(
            "`deviceVer` is {i}: it is the compute capability as major * 100 + minor * 10 (900 \
             for sm_90), a multiple of 10 from {} to {}",
            DEVICE_VER.start(),
            DEVICE_VER.end()
        ));
    }
    if i < f.min {
        let is = if i < 0 && f.min == 0 {
            format!("is negative ({i})")
        } else {
            format!("is {i}, less than {}", f.min)
        };
        return Err(format!("`{what}` {is} ({})", bound(f)));
    }
    if i > f.max {
        let is = if f.max == INT_MAX {
            format!("({i}) does not fit the 32-bit int cuDNN reads it as")
        } else {
            format!("is {i}, more than {}", f.max)
        };
        return Err(format!("`{what}` {is} ({})", bound(f)));
    }
    Ok(())
}

/// Checks the text `s` against `f`'s bound (a string value of `f`).
pub(crate) fn check_text(f: &DeviceField, s: &str) -> std::result::Result<(), String> {
    let key = f.key;
    if s.trim().is_empty() {
        return Err(format!("`{key}` is empty"));
    }
    check_text_len(f, s)
}

/// Checks the length of the text `s` against `f`'s bound in bytes (what
/// cuDNN copies into CUDA's fixed-size name), whatever else it holds.
pub(crate) fn check_text_len(f: &DeviceField, s: &str) -> std::result::Result<(), String> {
    if s.len() as u64 > f.max as u64 {
        return Err(format!(
            "`{}` has {} bytes of UTF-8, more than the {} of CUDA's device name \
             (`char name[256]` with its NUL)",
            f.key,
            s.len(),
            f.max
        ));
    }
    Ok(())
}

/// `v` as an integer of `f` (or an element of it, `what`), or why not.
fn integer(f: &DeviceField, what: &str, v: &Value) -> std::result::Result<(), String> {
    let Value::Number(n) = v else {
        return Err(format!("`{what}` is {}, not an integer", describe(v)));
    };
    match n.as_i64() {
        Some(i) => check_integer(f, what, i),
        None if n.is_u64() => Err(format!(
            "`{what}` ({n}) does not fit a 64-bit signed integer ({})",
            bound(f)
        )),
        None => Err(format!("`{what}` is {n}, not an integer")),
    }
}

/// Checks `v` against `f`.
fn check(f: &DeviceField, v: &Value) -> std::result::Result<(), String> {
    let key = f.key;
    match f.kind {
        FieldKind::Text => match v {
            Value::String(s) => check_text(f, s),
            _ => Err(format!("`{key}` is {}, not a string", describe(v))),
        },
        FieldKind::Integer => integer(f, key, v),
        FieldKind::Integers3 => match v {
            Value::Array(items) if items.len() == 3 => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| integer(f, &format!("{key}[{i}]"), item)),
            Value::Array(items) => Err(format!(
                "`{key}` has {} elements, not 3 ({})",
                items.len(),
                bound(f)
            )),
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
/// Every key cuDNN 9.28 requires is checked for presence, and every key
/// it reads for its JSON type and its bound, one row each in
/// [`fields`](Self::fields): `deviceName` a string of 1 to 255 bytes of
/// UTF-8 (CUDA's `char name[256]`); `totalGlobalMem` an integer from 0 to
/// `i64::MAX`; `maxGridSize` and `maxBlockSize` arrays of three `int`s;
/// every other an integer within a 32-bit `int` (cuDNN reads them as
/// such, and refuses a larger one without naming it), the counts at
/// least 1, the flags 0 or 1. The optional `smCountOrigin` (0 or 1) and
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
    target: OnceLock<Arc<DeviceLimits>>,
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
    /// Each key is checked against its row of [`fields`](Self::fields).
    /// `deviceVer` is the compute capability as `major * 100 + minor * 10`
    /// (900 for sm_90), so a multiple of 10 from 300 to 1500;
    /// `multiProcessorCount`, `warpSize`, `maxThreadsPerBlock`,
    /// `maxThreadsPerSM` and `maxCtasPerSM` are not 0; `isTccDriver`,
    /// `supportCoopLaunch` and `smCountOrigin` are 0 or 1; and
    /// `deviceName` is not empty and at most 255 bytes of UTF-8 (CUDA's
    /// device name is 256 bytes with its NUL), counted in bytes, not
    /// characters.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::BadValue`], whose words
    /// name the key and its bound: text that is not JSON or not a JSON
    /// object, a required key missing, a value of the wrong JSON type or
    /// outside its row's bound (a negative or fractional number, one too
    /// large for cuDNN, an array not of three integers, a name too long),
    /// or a `deviceVer` that is no compute capability.
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
        for f in FIELDS {
            match fields.get(f.key) {
                Some(v) => check(f, v).map_err(|what| Error::bad_value(FROM_JSON, what))?,
                None if f.required => {
                    return Err(Error::bad_value(
                        FROM_JSON,
                        format!("`{}` is missing (a key cuDNN requires)", f.key),
                    ))
                }
                None => {}
            }
        }
        // Checked above: a multiple of 10 from 300 to 1500.
        let ver = fields.get("deviceVer").and_then(Value::as_i64).unwrap_or(0);
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

    /// The keys of a description, one row each: its JSON type, its bound,
    /// the C type it is held in and where the bound comes from.
    /// [`from_json`](Self::from_json) refuses a value outside its row, and
    /// a required key missing; keys not in the table are kept, unchecked
    /// (cuDNN 9.28 ignores them).
    ///
    /// ```
    /// use cudnn::graph::{DeviceProperties, FieldKind};
    ///
    /// let name = DeviceProperties::fields().iter().find(|f| f.key == "deviceName");
    /// let name = name.expect("a key");
    /// assert_eq!((name.kind, name.max, name.c_type), (FieldKind::Text, 255, "char[256]"));
    /// let sms = DeviceProperties::fields().iter().find(|f| f.key == "multiProcessorCount");
    /// assert_eq!(sms.map(|f| (f.min, f.max)), Some((1, i64::from(i32::MAX))));
    /// ```
    pub fn fields() -> &'static [DeviceField] {
        FIELDS
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
        let json = d.get_string(A::DEVICEPROP_JSON_REPRESENTATION)?;
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
        let mut d = BackendDescriptor::with_library(lib, D::DEVICEPROP_DESCRIPTOR)?;
        d.set_handle(A::DEVICEPROP_HANDLE, handle)?;
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
    pub(crate) fn device_limits(&self) -> &Arc<DeviceLimits> {
        self.target.get_or_init(|| {
            Arc::new(DeviceLimits::described(
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
        let mut d = BackendDescriptor::with_library(lib, D::DEVICEPROP_DESCRIPTOR)?;
        d.set(A::DEVICEPROP_JSON_REPRESENTATION, self.json.as_bytes())?;
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

impl DeviceLimits {
    /// The target a description stands for: what a plan built for it
    /// depends on.
    pub fn of(device: &DeviceProperties) -> DeviceLimits {
        DeviceLimits::clone(device.device_limits())
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
