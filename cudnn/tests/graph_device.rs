//! Device descriptions (`cudnn::graph::DeviceProperties`) against the real
//! library, with no GPU: the shipped descriptions parse and cuDNN 9.28
//! finalizes a `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR` from each; what cuDNN
//! reads back; every refusal of `from_json`; the fingerprint; the typed
//! refusal of a cuDNN before 9.8; every key of the table
//! (`DeviceProperties::fields`) at its bounds and one past them, in
//! descriptions and in a plan's device profile, what reaches cuDNN in a
//! child process (a crash there fails the test, not the runner); graph
//! and tensor names of any length, which never reach cuDNN. Only
//! descriptors and plans are built on the host: no kernel runs. One test,
//! for a GPU, reads the real device's description through a handle.
//!
//! cuDNN 9 finalizes nothing without NVIDIA's driver library (no GPU is
//! needed): on Linux the real one is loaded first (`common::driver`).
//! Elsewhere (Windows under Wine) the tests that finalize check that the
//! first finalize is refused with the typed `Error::DependencyUnavailable`
//! naming the driver library, and stop there.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use cudnn::graph::backend::BackendDescriptor;
use cudnn::graph::{DeviceField, DeviceProperties, FieldKind};
use cudnn::sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};
use cudnn::{Error, Library, Mismatch, Version};
use serde_json::Value;

const CREATE: &str = "cudnnBackendCreateDescriptor(CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)";
const FROM_JSON: &str = "DeviceProperties::from_json";

/// The keys cuDNN 9.28 requires.
const REQUIRED: &[&str] = &[
    "deviceName",
    "deviceVer",
    "driverVer",
    "cudaDeviceId",
    "pciDeviceId",
    "multiProcessorCount",
    "maxGridSize",
    "maxBlockSize",
    "maxThreadsPerBlock",
    "maxThreadsPerSM",
    "maxCtasPerSM",
    "warpSize",
    "regsPerBlock",
    "maxRegistersPerSM",
    "maxSharedMemoryPerBlock",
    "maxSharedMemoryPerBlockOptin",
    "reservedSharedMemoryPerBlock",
    "l2CacheSize",
    "totalGlobalMem",
    "memClockRateKHz",
    "memoryBusWidth",
    "smClockRateKHz",
    "isTccDriver",
    "supportCoopLaunch",
];

/// The library under test, with NVIDIA's driver library loaded first (`None` where the graph tests do not run; see
/// `common::backend::graph_library`).
fn lib() -> Option<Arc<Library>> {
    common::backend::graph_library()
}

/// Whether `lib` has device descriptions (9.8 and later).
fn has_deviceprop(lib: &Library) -> bool {
    lib.version() >= Version::new(9, 8, 0)
}

/// Whether `lib` has device descriptions (9.8 and later); when it has
/// not, checks that a description is refused with the typed error before
/// cuDNN is called.
fn takes_descriptions(lib: &Arc<Library>) -> bool {
    if has_deviceprop(lib) {
        return true;
    }
    let p = DeviceProperties::preset("l4").expect("l4");
    match p.check(lib) {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::Unsupported { what },
        }) => {
            assert_eq!(function, CREATE);
            assert!(
                what.contains("needs cuDNN 9.8 or later")
                    && what.contains(&format!("the loaded one is {}", lib.version())),
                "{what}"
            );
        }
        other => panic!("expected the typed refusal, got {other:?}"),
    }
    false
}

/// The `BadValue` words of a `from_json` refusal.
fn refusal(json: &str) -> String {
    match DeviceProperties::from_json(json) {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::BadValue { what },
        }) => {
            assert_eq!(function, FROM_JSON);
            what
        }
        other => panic!("expected a BadValue refusal of {json}, got {other:?}"),
    }
}

/// The H100 description as a JSON map, to edit.
fn h100_map() -> BTreeMap<String, Value> {
    let p = DeviceProperties::preset("h100-sxm").expect("shipped");
    serde_json::from_str(p.json()).expect("canonical JSON parses")
}

/// The H100 description with `key` set to `value` (`None`: removed).
fn h100_with(key: &str, value: Option<Value>) -> String {
    let mut m = h100_map();
    match value {
        Some(v) => m.insert(key.to_string(), v),
        None => m.remove(key),
    };
    serde_json::to_string(&m).expect("serializes")
}

/// The shipped files, read from `cudnn/devices/`: name and text.
fn shipped_files() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("devices");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("cudnn/devices")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_stem().expect("stem").to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("read"))
        })
        .collect();
    files.sort();
    files
}

/// A finalized DEVICEPROP made from `json`, as a caller of the base layer
/// makes it.
fn deviceprop(lib: &Arc<Library>, json: &str) -> cudnn::Result<BackendDescriptor> {
    let mut d = BackendDescriptor::with_library(lib, D::DEVICEPROP_DESCRIPTOR)?;
    d.set(A::DEVICEPROP_JSON_REPRESENTATION, json.as_bytes())?;
    d.finalize()?;
    Ok(d)
}

#[test]
fn every_shipped_file_is_a_preset_with_the_capability_it_says() {
    let files = shipped_files();
    let mut names: Vec<&str> = DeviceProperties::presets().collect();
    names.sort_unstable();
    let file_names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, file_names, "every file in cudnn/devices is a preset");
    assert_eq!(names.len(), 8);
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("devices/README.md"),
    )
    .expect("cudnn/devices/README.md");

    for (name, text) in &files {
        let p = DeviceProperties::preset(name).unwrap_or_else(|e| panic!("preset {name}: {e}"));
        assert_eq!(DeviceProperties::from_json(text).expect("parses"), p);
        let raw: Value = serde_json::from_str(text).expect("JSON");
        let ver = raw["deviceVer"].as_u64().expect("deviceVer");
        assert_eq!(
            p.compute_capability(),
            ((ver / 100) as u32, (ver % 100 / 10) as u32),
            "{name}"
        );
        assert_eq!(p.sm() as u64, ver / 10, "{name}");
        assert_eq!(Some(p.name()), raw["deviceName"].as_str(), "{name}");
        assert_eq!(
            p.multiprocessor_count() as u64,
            raw["multiProcessorCount"].as_u64().expect("SMs"),
            "{name}"
        );
        assert!(p.multiprocessor_count() > 0);
        // The canonical text reads back as itself, with the same values.
        let again = DeviceProperties::from_json(p.json()).expect("canonical parses");
        assert_eq!(again.json(), p.json());
        assert_eq!(serde_json::from_str::<Value>(p.json()).expect("JSON"), raw);
        assert!(!p.json().contains('\n') && !p.json().contains("\": "));
        assert!(
            readme.contains(&format!("`{name}.json`")),
            "{name} in README"
        );
    }

    let expect = [
        ("h100-sxm", (9, 0), 132),
        ("h200", (9, 0), 132),
        ("a100-sxm4-80gb", (8, 0), 108),
        ("l4", (8, 9), 58),
        ("l40", (8, 9), 142),
        ("rtx-4090", (8, 9), 128),
        ("b200", (10, 0), 148),
        ("rtx-5090", (12, 0), 170),
    ];
    for (name, cc, sms) in expect {
        let p = DeviceProperties::preset(name).expect(name);
        assert_eq!(
            (p.compute_capability(), p.multiprocessor_count()),
            (cc, sms)
        );
    }
    // Names match without regard to case; an unknown one lists the names.
    let upper = DeviceProperties::preset("H100-SXM").expect("H100-SXM");
    assert_eq!(upper.multiprocessor_count(), 132);
    let e = DeviceProperties::preset("H100").expect_err("no preset is named h100");
    let text = e.to_string();
    assert!(
        text.starts_with("DeviceProperties::preset: ") && text.contains("h100-sxm, h200"),
        "{text}"
    );
}

#[test]
fn every_preset_finalizes_as_a_deviceprop_and_reads_back() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    for name in DeviceProperties::presets() {
        let p = DeviceProperties::preset(name).expect(name);
        p.check(&lib).unwrap_or_else(|e| panic!("{name}: {e}"));
        let d = deviceprop(&lib, p.json()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(d.is_finalized());
        let back = d
            .get_string(A::DEVICEPROP_JSON_REPRESENTATION)
            .unwrap_or_else(|e| panic!("{name}: read back: {e}"));
        let read = DeviceProperties::from_json(&back)
            .unwrap_or_else(|e| panic!("{name}: cuDNN's JSON: {e}\n{back}"));
        // cuDNN 9.28 hands back the very text it was given.
        assert_eq!(back, p.json(), "{name}: read back as set");
        assert_eq!(read, p, "{name}");
    }
}

#[test]
fn the_order_of_keys_and_unknown_keys_do_not_matter_to_cudnn() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    // The pretty-printed file, keys in NVIDIA's order, as it is.
    let (_, text) = shipped_files()
        .into_iter()
        .find(|(n, _)| n == "l4")
        .expect("l4.json");
    deviceprop(&lib, &text).expect("the file as written finalizes");

    // A key cuDNN does not know is kept by from_json.
    let with_extra = h100_with("futureKey", Some(Value::from(7)));
    let p = DeviceProperties::from_json(&with_extra).expect("unknown keys are kept");
    assert_eq!(p.integer("futureKey"), Some(7));
    assert!(p.json().contains(r#""futureKey":7"#), "{}", p.json());
    p.check(&lib).expect("cuDNN ignores a key it does not know");
}

/// What a newer cuDNN may write of a GPU: keys this crate does not know,
/// of every JSON type, and neither optional key. `from_json` (which
/// `from_handle` reads cuDNN's text with) takes it, keeps every key, and
/// cuDNN 9.28 finalizes it.
#[test]
fn unknown_keys_of_any_type_and_absent_optional_keys_are_taken() {
    let mut m = h100_map();
    assert!(
        m.remove("smCountOrigin").is_none() && m.remove("oversizedSharedMemoryPerBlock").is_none()
    );
    let extra = [
        ("uuid", serde_json::json!("GPU-8f0c6d2e")),
        ("computeMode", serde_json::json!(0)),
        (
            "clockRatesMHz",
            serde_json::json!({"sm": 1980, "mem": [2619, 1593]}),
        ),
        ("migEnabled", serde_json::json!(false)),
        ("numaNode", Value::Null),
        ("ratio", serde_json::json!(0.5)),
        ("luid", serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8])),
    ];
    for (k, v) in &extra {
        m.insert((*k).to_string(), v.clone());
    }
    let text = serde_json::to_string(&m).expect("serializes");
    let p = DeviceProperties::from_json(&text).expect("unknown keys, no optional ones");
    assert_eq!(p.compute_capability(), (9, 0));
    let back: BTreeMap<String, Value> = serde_json::from_str(p.json()).expect("JSON");
    for (k, v) in &extra {
        assert_eq!(back.get(*k), Some(v), "{k} is kept");
    }
    assert!(p.fingerprint().contains("GPU-8f0c6d2e"));
    assert_eq!(p.integer("smCountOrigin"), None);
    let Some(lib) = lib() else { return };
    if takes_descriptions(&lib) {
        p.check(&lib).expect("cuDNN ignores keys it does not know");
    }
}

#[test]
fn a_missing_key_is_refused_by_name() {
    for key in REQUIRED {
        let what = refusal(&h100_with(key, None));
        assert!(what.contains(&format!("`{key}` is missing")), "{what}");
    }
    // The optional keys may be absent (the presets have neither) or present.
    let p = DeviceProperties::from_json(&h100_with("smCountOrigin", Some(Value::from(1))))
        .expect("optional key");
    assert_eq!(p.integer("smCountOrigin"), Some(1));
    let what = refusal(&h100_with(
        "oversizedSharedMemoryPerBlock",
        Some(Value::from(-1)),
    ));
    assert!(
        what.contains("`oversizedSharedMemoryPerBlock` is negative (-1)"),
        "{what}"
    );
}

#[test]
fn a_wrong_type_or_negative_value_is_refused_by_name() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "deviceName",
            "132",
            "`deviceName` is the number 132, not a string",
        ),
        ("deviceName", r#""  ""#, "`deviceName` is empty"),
        (
            "multiProcessorCount",
            r#""132""#,
            "`multiProcessorCount` is the string \"132\", not an integer",
        ),
        ("multiProcessorCount", "0", "`multiProcessorCount` is 0"),
        ("warpSize", "0", "`warpSize` is 0"),
        ("l2CacheSize", "-1", "`l2CacheSize` is negative (-1)"),
        (
            "totalGlobalMem",
            "85.5",
            "`totalGlobalMem` is 85.5, not an integer",
        ),
        (
            "totalGlobalMem",
            "1e10",
            "`totalGlobalMem` is 10000000000.0, not an integer",
        ),
        (
            "totalGlobalMem",
            "18446744073709551615",
            "`totalGlobalMem` (18446744073709551615) does not fit a 64-bit",
        ),
        (
            "multiProcessorCount",
            "2147483648",
            "`multiProcessorCount` (2147483648) does not fit the 32-bit int",
        ),
        (
            "maxGridSize",
            "[2147483648,65535,65535]",
            "`maxGridSize[0]` (2147483648) does not fit the 32-bit int",
        ),
        ("smCountOrigin", "2", "`smCountOrigin` is 2, more than 1"),
        (
            "isTccDriver",
            "false",
            "`isTccDriver` is a boolean false, not an integer",
        ),
        ("driverVer", "null", "`driverVer` is null, not an integer"),
        (
            "maxGridSize",
            "[2147483647,65535]",
            "`maxGridSize` has 2 elements, not 3",
        ),
        (
            "maxGridSize",
            "2147483647",
            "`maxGridSize` is the number 2147483647, not an array of 3 integers",
        ),
        (
            "maxBlockSize",
            "[1024,-1,64]",
            "`maxBlockSize[1]` is negative (-1)",
        ),
        (
            "maxBlockSize",
            r#"[1024,1024,"64"]"#,
            "`maxBlockSize[2]` is the string \"64\", not an integer",
        ),
    ];
    for (key, value, want) in cases {
        let v: Value = serde_json::from_str(value).expect("test value");
        let what = refusal(&h100_with(key, Some(v)));
        assert!(what.contains(want), "{key} = {value}: {what}");
    }
}

/// cuDNN refuses these too, at finalize, mostly without naming the key
/// (`!json_object.HasMember(key)`, `!json_object.Is<T>()`).
#[test]
fn cudnn_refuses_what_from_json_refuses() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    let big = Value::from(1i64 << 31);
    for (label, json) in [
        (
            "no multiProcessorCount",
            h100_with("multiProcessorCount", None),
        ),
        ("no totalGlobalMem", h100_with("totalGlobalMem", None)),
        (
            "2^31 SMs",
            h100_with("multiProcessorCount", Some(big.clone())),
        ),
        ("2^31 bytes of L2", h100_with("l2CacheSize", Some(big))),
        (
            "a string deviceVer",
            h100_with("deviceVer", Some(Value::from("900"))),
        ),
        (
            "smCountOrigin 2",
            h100_with("smCountOrigin", Some(Value::from(2))),
        ),
    ] {
        assert!(DeviceProperties::from_json(&json).is_err(), "{label}");
        let e = deviceprop(&lib, &json).expect_err(label);
        let s = e.status_error().unwrap_or_else(|| panic!("{label}: {e}"));
        assert_eq!(s.status.raw(), 2000, "{label}: BAD_PARAM, got {e}");
        eprintln!("{label}: cuDNN says {e}");
    }
    // Sizes in bytes are 64-bit for cuDNN too.
    let p =
        DeviceProperties::from_json(&h100_with("totalGlobalMem", Some(Value::from(1i64 << 40))))
            .expect("a terabyte");
    p.check(&lib).expect("cuDNN takes a 64-bit totalGlobalMem");
}

#[test]
fn a_device_ver_that_is_no_compute_capability_is_refused() {
    for ver in [905i64, 89, 290, 1510, 9000] {
        let what = refusal(&h100_with("deviceVer", Some(Value::from(ver))));
        assert!(
            what.contains(&format!("`deviceVer` is {ver}")) && what.contains("900 for sm_90"),
            "{what}"
        );
    }
    for (ver, cc, sm) in [
        (300i64, (3, 0), 30),
        (860, (8, 6), 86),
        (1210, (12, 1), 121),
    ] {
        let p = DeviceProperties::from_json(&h100_with("deviceVer", Some(Value::from(ver))))
            .expect("a capability");
        assert_eq!((p.compute_capability(), p.sm()), (cc, sm));
    }
}

#[test]
fn text_that_is_not_a_json_object_is_refused() {
    let what = refusal(r#"{"deviceName": "NVIDIA H100""#);
    assert!(what.starts_with("the description is not JSON"), "{what}");
    let what = refusal("");
    assert!(what.starts_with("the description is not JSON"), "{what}");
    let what = refusal("[1, 2, 3]");
    assert!(
        what.contains("the array [1,2,3], not a JSON object"),
        "{what}"
    );
    let what = refusal("{}");
    assert!(what.contains("`deviceName` is missing"), "{what}");
}

#[test]
fn the_fingerprint_ignores_the_device_id_and_nothing_else() {
    let base = DeviceProperties::preset("h100-sxm").expect("h100");
    let on_device_1 =
        DeviceProperties::from_json(&h100_with("cudaDeviceId", Some(Value::from(1)))).expect("1");
    assert_ne!(base, on_device_1);
    assert_ne!(base.json(), on_device_1.json());
    assert_eq!(base.fingerprint(), on_device_1.fingerprint());
    assert!(!base.fingerprint().contains("cudaDeviceId"));
    assert!(base.json().contains(r#""cudaDeviceId":0"#));

    for (key, value) in [
        ("deviceVer", Value::from(890)),
        ("driverVer", Value::from(12090)),
        ("multiProcessorCount", Value::from(114)),
        ("totalGlobalMem", Value::from(85_000_000_000i64)),
    ] {
        let other = DeviceProperties::from_json(&h100_with(key, Some(value))).expect(key);
        assert_ne!(base.fingerprint(), other.fingerprint(), "{key}");
    }
    // The key order of the input does not change it.
    let (_, text) = shipped_files()
        .into_iter()
        .find(|(n, _)| n == "h100-sxm")
        .expect("h100-sxm.json");
    let reordered: BTreeMap<String, Value> = serde_json::from_str(&text).expect("JSON");
    let reordered = serde_json::to_string_pretty(&reordered).expect("JSON");
    let p = DeviceProperties::from_json(&reordered).expect("parses");
    assert_eq!(p.fingerprint(), base.fingerprint());
    assert_eq!(p, base);
    // The distinct presets have distinct fingerprints.
    let mut prints: Vec<String> = DeviceProperties::presets()
        .map(|n| DeviceProperties::preset(n).expect(n).fingerprint())
        .collect();
    prints.sort();
    prints.dedup();
    assert_eq!(prints.len(), DeviceProperties::presets().count());
}

#[test]
fn a_cudnn_before_9_8_is_refused_before_it_is_called() {
    let Some(lib) = lib() else { return };
    if takes_descriptions(&lib) {
        let p = DeviceProperties::preset("a100-sxm4-80gb").expect("a100");
        p.check(&lib).expect("9.8 and later take a description");
        return;
    }
    // cuDNN 8 has no DEVICEPROP descriptor type at all, which the base
    // layer also says.
    if lib.version().major == 8 {
        let e = BackendDescriptor::with_library(&lib, D::DEVICEPROP_DESCRIPTOR)
            .expect_err("no DEVICEPROP in cuDNN 8");
        assert!(e.to_string().contains("is not in cuDNN 8"), "{e}");
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn the_gpu_describes_itself_through_a_handle() {
    let gpu = common::gpu::gpu();
    let lib = Arc::clone(gpu.handle.library());
    if !has_deviceprop(&lib) {
        match DeviceProperties::from_handle(&gpu.handle) {
            Err(Error::InvalidArgument { function, .. }) => assert_eq!(function, CREATE),
            other => panic!("expected the typed refusal, got {other:?}"),
        }
        return;
    }
    let p = DeviceProperties::from_handle(&gpu.handle).expect("from_handle");
    eprintln!("{p}\n{}", p.json());
    assert!(p.sm() >= 30, "{p}");
    assert!(p.multiprocessor_count() > 0, "{p}");
    assert!(!p.name().is_empty());
    // What cuDNN described it finalizes again.
    p.check(&lib).expect("its own description finalizes");
    // Compare with the shipped description of the same name, if any.
    let same = DeviceProperties::presets()
        .filter_map(|name| DeviceProperties::preset(name).ok())
        .find(|s| s.name() == p.name());
    match same {
        Some(s) => {
            assert_eq!(s.compute_capability(), p.compute_capability(), "{p}");
            assert_eq!(s.multiprocessor_count(), p.multiprocessor_count(), "{p}");
            for key in [
                "maxThreadsPerSM",
                "maxCtasPerSM",
                "maxSharedMemoryPerBlockOptin",
                "l2CacheSize",
            ] {
                eprintln!(
                    "{key}: shipped {:?}, device {:?}",
                    s.integer(key),
                    p.integer(key)
                );
            }
            assert_eq!(
                s.integer("maxSharedMemoryPerBlockOptin"),
                p.integer("maxSharedMemoryPerBlockOptin")
            );
        }
        None => eprintln!("no shipped description is named {:?}", p.name()),
    }
}

// ------------------------------------------------------------ bounds

/// The file of the texts a child checks, a JSON array of strings; set
/// only in the child.
const CHILD: &str = "CUDNN_DEVICE_CHILD_CASES";
/// What the child does with each: [`Mode`].
const CHILD_MODE: &str = "CUDNN_DEVICE_CHILD_MODE";

/// What a child does with each text it is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// `from_json`, `check`, then the plans of a small convolution for it.
    Crate,
    /// Straight to cuDNN through the base layer, without `from_json` (to
    /// see what cuDNN itself refuses); only for texts that do not crash it.
    Raw,
    /// `ExecutionPlan::from_json` of a plan for the H100 description.
    Plan,
    /// A small convolution whose graph and tensors are named after the
    /// text, built and planned for the H100 description.
    Names,
}

/// A small convolution, to plan for a description.
fn conv_fprop() -> cudnn::graph::Graph {
    named_conv("conv_fprop", "").expect("the convolution")
}

/// A small convolution named `name`, its tensors `{prefix}x` and
/// `{prefix}w`.
fn named_conv(name: &str, prefix: &str) -> cudnn::Result<cudnn::graph::Graph> {
    use cudnn::graph::{ConvOptions, Graph};
    let f = cudnn::sys::cudnnDataType_t::CUDNN_DATA_FLOAT;
    let mut g = Graph::new(name);
    let x = g.tensor(&format!("{prefix}x"), &[1, 3, 8, 8], f)?;
    let w = g.tensor(&format!("{prefix}w"), &[4, 3, 3, 3], f)?;
    let y = g.conv_fprop(x, w, &ConvOptions::new(2).padding(&[1, 1]))?;
    g.set_output(y, f)?;
    Ok(g)
}

/// What one text comes to in the child: `refused ...` (a typed error of
/// the crate, before cuDNN), `unavailable ...` (a library cuDNN needs is
/// missing), `cudnn ...` (cuDNN's status), or `ok` (for
/// [`Mode::Crate`], then the plans of a small convolution, or cuDNN's
/// reason for none).
fn outcome(lib: &Arc<Library>, text: &str, mode: Mode, plan: bool) -> String {
    use cudnn::graph::{ExecutionPlan, Settings, Target};
    let said = |e: Error| {
        let kind = if e.status_error().is_some() {
            "cudnn"
        } else if matches!(e, Error::DependencyUnavailable { .. }) {
            // cuBLASLt missing (the CUDA 13 row): refused before cuDNN.
            "unavailable"
        } else {
            "refused"
        };
        format!("{kind} {e}")
    };
    match mode {
        Mode::Raw => deviceprop(lib, text).map_or_else(said, |_| "ok".into()),
        Mode::Names => {
            let h100 = DeviceProperties::preset("h100-sxm").expect("h100");
            let built = named_conv(text, text).and_then(|g| {
                assert_eq!(g.name(), text);
                g.build_with(lib, None)
            });
            let g = match built {
                Ok(g) => g,
                Err(e) => return said(e),
            };
            // Without cuBLASLt (the CUDA 13 row), a typed refusal.
            match g.plans(
                Target::Device {
                    library: lib,
                    device: &h100,
                },
                &Settings::default(),
            ) {
                Ok(plans) => format!("ok, {} plan(s)", plans.len()),
                Err(e) => format!("ok, no plan: {e}"),
            }
        }
        Mode::Plan => {
            let h100 = DeviceProperties::preset("h100-sxm").expect("h100");
            ExecutionPlan::from_json(
                text,
                Target::Device {
                    library: lib,
                    device: &h100,
                },
            )
            .map_or_else(said, |_| "ok".into())
        }
        Mode::Crate => {
            let p = match DeviceProperties::from_json(text) {
                Ok(p) => p,
                Err(e) => return said(e),
            };
            if let Err(e) = p.check(lib) {
                return said(e);
            }
            if !plan {
                return "ok".into();
            }
            let g = conv_fprop().build_with(lib, None).expect("build");
            match g.plans(
                Target::Device {
                    library: lib,
                    device: &p,
                },
                &Settings::default(),
            ) {
                Ok(plans) => format!("ok, {} plan(s)", plans.len()),
                Err(e) => format!("ok, no plan: {e}"),
            }
        }
    }
}

/// The child: each text of [`CHILD`] as [`CHILD_MODE`] says, printing
/// `case {i}: {outcome}`.
#[test]
fn child_checks_descriptions() {
    let Some(file) = std::env::var_os(CHILD) else {
        return;
    };
    let cases = std::fs::read_to_string(file).expect("the texts");
    let cases: Vec<String> = serde_json::from_str(&cases).expect("a JSON array of strings");
    let mode = match std::env::var(CHILD_MODE).as_deref() {
        Ok("raw") => Mode::Raw,
        Ok("plan") => Mode::Plan,
        Ok("names") => Mode::Names,
        _ => Mode::Crate,
    };
    let lib = lib().expect("cuDNN in the child");
    let plan = common::backend::load_cublaslt(&lib);
    // After libtest's "test child_checks_descriptions ... " on its line.
    println!();
    for (i, text) in cases.iter().enumerate() {
        let line = outcome(&lib, text, mode, plan).replace('\n', " ");
        println!("case {i}: {line}");
    }
    println!("cases done: {}", cases.len());
}

/// Runs `cases` through [`child_checks_descriptions`] in a child process
/// and returns each one's outcome. A crash or an abort in the child (a
/// signal, a status other than 0) fails the test here, with the child's
/// output.
fn in_child(cases: &[String], mode: Mode) -> Vec<String> {
    let exe = std::env::current_exe().expect("test binary");
    let dir = common::scratch_dir("device-child");
    let file = dir.path().join("cases.json");
    std::fs::write(&file, serde_json::to_string(cases).expect("JSON")).expect("written");
    let out = std::process::Command::new(exe)
        .args([
            "--exact",
            "child_checks_descriptions",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(CHILD, &file)
        .env(
            CHILD_MODE,
            match mode {
                Mode::Crate => "crate",
                Mode::Raw => "raw",
                Mode::Plan => "plan",
                Mode::Names => "names",
            },
        )
        .stdin(std::process::Stdio::null())
        .output()
        .expect("child");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the child checking {} text(s) ({mode:?}) failed ({}): {text}",
        cases.len(),
        out.status
    );
    assert!(
        text.contains(&format!("cases done: {}", cases.len())),
        "the child did not finish: {text}"
    );
    let mut outcomes = vec![String::new(); cases.len()];
    for line in text.lines() {
        let Some((i, rest)) = line.strip_prefix("case ").and_then(|l| l.split_once(": ")) else {
            continue;
        };
        if let Ok(i) = i.parse::<usize>() {
            outcomes[i] = rest.to_string();
        }
    }
    outcomes
}

/// A value of `f` at `i` (an array of three for an array key).
fn int_value(f: &DeviceField, i: i128) -> Value {
    let one = serde_json::Number::from_i128(i).map_or(Value::Null, Value::Number);
    match f.kind {
        FieldKind::Integers3 => Value::from(vec![one.clone(), one.clone(), one]),
        _ => one,
    }
}

/// Names of 1 and of exactly the most bytes (255), in one-, two-, three-
/// and four-byte characters, and the same one character longer.
fn names_at_and_past(f: &DeviceField) -> (Vec<String>, Vec<String>) {
    let max = usize::try_from(f.max).expect("a length");
    let mut at = vec!["x".to_string()];
    let mut past = vec![String::new(), "   ".to_string()];
    for unit in ["x", "é", "中", "🦀"] {
        let fits = max / unit.len();
        at.push(unit.repeat(fits));
        past.push(unit.repeat(fits + 1));
    }
    // A name of 254 bytes then one of two bytes: 256.
    at.push(format!("{}é", "x".repeat(max - 2)));
    past.push(format!("{}é", "x".repeat(max - 1)));
    (at, past)
}

/// The H100 description with each key of the table at its bounds (in a
/// child: `from_json` takes it, cuDNN 9.28 finalizes it and plans a small
/// convolution for it, or refuses it with a status, without a crash) and
/// one past them (a typed `from_json` error naming the key and its
/// bound, before cuDNN sees it). A `deviceName` of 256 bytes aborts or
/// corrupts cuDNN 9.28.
#[test]
fn every_key_at_its_bounds_is_taken_and_one_past_is_refused() {
    let mut at: Vec<(String, String)> = Vec::new();
    for f in DeviceProperties::fields() {
        let key = f.key;
        let (fits, past): (Vec<Value>, Vec<Value>) = match f.kind {
            FieldKind::Text => {
                let (fits, past) = names_at_and_past(f);
                (
                    fits.into_iter().map(Value::from).collect(),
                    past.into_iter().map(Value::from).collect(),
                )
            }
            _ => {
                let (min, max) = (i128::from(f.min), i128::from(f.max));
                let mut past = vec![int_value(f, min - 1), int_value(f, max + 1)];
                if f.kind == FieldKind::Integers3 {
                    past.push(serde_json::json!([f.max, f.max]));
                    past.push(serde_json::json!([f.min, f.min, f.min, f.min]));
                    past.push(serde_json::json!([f.min, f.max + 1, f.min]));
                }
                (vec![int_value(f, min), int_value(f, max)], past)
            }
        };
        for v in past {
            let what = refusal(&h100_with(key, Some(v.clone())));
            assert!(what.contains(&format!("`{key}")), "{key} = {v}: {what}");
            let bound = match f.kind {
                FieldKind::Text if v.as_str().is_some_and(|s| s.trim().is_empty()) => {
                    "is empty".to_string()
                }
                FieldKind::Text => format!("more than the {}", f.max),
                _ if key == "deviceVer" => format!("from {} to {}", f.min, f.max),
                _ if v.as_array().is_some_and(|a| a.len() != 3) => "not 3".into(),
                _ => format!("{} to {}", f.min, f.max),
            };
            assert!(
                what.contains(&bound),
                "{key} = {v}: {bound:?} not in {what}"
            );
        }
        for v in fits {
            let json = h100_with(key, Some(v.clone()));
            DeviceProperties::from_json(&json).unwrap_or_else(|e| panic!("{key} = {v}: {e}"));
            at.push((format!("{key} = {v}"), json));
        }
    }
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    let texts: Vec<String> = at.iter().map(|(_, j)| j.clone()).collect();
    let outcomes = in_child(&texts, Mode::Crate);
    for ((label, _), o) in at.iter().zip(&outcomes) {
        eprintln!("{label}: {o}");
        // cuDNN 9.28 takes no capability below sm_50.
        let old = label == "deviceVer = 300";
        if old {
            assert!(
                o.starts_with("cudnn ") && o.contains("(3007)"),
                "{label}: {o}"
            );
        } else {
            assert!(o.starts_with("ok"), "{label}: {o}");
        }
    }
}

/// cuDNN 9.28 reads every integer key but `totalGlobalMem` as a 32-bit
/// `int` (2^31 is refused with `BAD_PARAM`, -1 taken), and
/// `totalGlobalMem` as a 64-bit unsigned one (-1 refused, 2^64 - 1
/// taken): what the table's C types and bounds say. In a child, straight
/// through the base layer.
#[test]
fn cudnn_reads_the_integer_keys_as_the_table_says() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    let mut cases = Vec::new();
    for f in DeviceProperties::fields() {
        if f.kind != FieldKind::Integer {
            continue;
        }
        let big = f.key == "totalGlobalMem";
        let values: [(Value, bool); 2] = if big {
            [(Value::from(-1), false), (Value::from(u64::MAX), true)]
        } else {
            [
                (Value::from(1i64 << 31), false),
                (Value::from(i32::MAX), true),
            ]
        };
        for (v, taken) in values {
            cases.push((f.key, v.clone(), taken, h100_with(f.key, Some(v))));
        }
    }
    let texts: Vec<String> = cases.iter().map(|c| c.3.clone()).collect();
    for ((key, v, taken, _), o) in cases.iter().zip(in_child(&texts, Mode::Raw)) {
        // Taken, or refused for another reason than the type (deviceVer
        // and smCountOrigin have ranges of their own in cuDNN).
        let type_refused = o.contains("(2000)") && o.contains("Is<T>");
        assert_eq!(!type_refused, *taken, "{key} = {v}: {o}");
    }
}

/// A plan's device profile (`GPUProfile`), which cuDNN 9.28 copies as it
/// does a description: at the bounds, `ExecutionPlan::from_json` gives it
/// to cuDNN, which finalizes the plan or refuses it with a status (in a
/// child); one past, it is refused before cuDNN (which aborts or crashes
/// on a `deviceName` of 256 bytes or more).
#[test]
fn a_plan_profile_at_its_bounds_reaches_cudnn_and_one_past_is_refused() {
    let plan = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/conv-plan-sm90.json"
    ))
    .expect("the plan");
    let with = |key: &str, v: &Value| {
        let mut m: serde_json::Map<String, Value> = serde_json::from_str(&plan).expect("JSON");
        m["GPUProfile"][key] = v.clone();
        serde_json::to_string(&m).expect("JSON")
    };
    let name = DeviceProperties::fields()
        .iter()
        .find(|f| f.key == "deviceName")
        .expect("deviceName");
    let (fits, past) = names_at_and_past(name);
    let mut at: Vec<(String, String)> = fits
        .iter()
        .map(|n| {
            (
                format!("{} bytes", n.len()),
                with("deviceName", &Value::from(n.as_str())),
            )
        })
        .collect();
    for (key, v) in [
        (
            "maxGridSize",
            serde_json::json!([i32::MAX, i32::MAX, i32::MAX]),
        ),
        ("multiProcessorCount", Value::from(i32::MAX)),
        ("totalGlobalMem", Value::from(i64::MAX)),
    ] {
        at.push((format!("{key} = {v}"), with(key, &v)));
    }
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    for n in &past {
        let e = cudnn::graph::ExecutionPlan::from_json(
            &with("deviceName", &Value::from(n.as_str())),
            cudnn::graph::Target::Device {
                library: &lib,
                device: &DeviceProperties::preset("h100-sxm").expect("h100"),
            },
        )
        .expect_err("a name past the bound");
        assert!(e.status_error().is_none(), "refused before cuDNN: {e}");
        assert!(
            e.to_string().contains("the device profile: `deviceName`"),
            "{e}"
        );
    }
    let texts: Vec<String> = at.iter().map(|(_, j)| j.clone()).collect();
    for ((label, _), o) in at.iter().zip(in_child(&texts, Mode::Plan)) {
        eprintln!("{label}: {o}");
        assert!(
            o == "ok" || o.starts_with("cudnn ") || o.starts_with("unavailable "),
            "{label}: {o}"
        );
    }
}

/// The base layer (`BackendDescriptor::set`) refuses, before cuDNN, a
/// description's or a plan's JSON that cuDNN 9.28 would abort or corrupt
/// its heap on: a `deviceName` of 256 bytes or more, a key twice; a
/// name of 255 bytes reaches cuDNN, which finalizes it (in a child).
#[test]
fn the_base_layer_refuses_a_device_name_cudnn_would_crash_on() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    let set_fn = "cudnnBackendSetAttribute(CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION)";
    let refused = |json: &str, want: &str| {
        let mut d = BackendDescriptor::with_library(&lib, D::DEVICEPROP_DESCRIPTOR).expect("made");
        match d.set(A::DEVICEPROP_JSON_REPRESENTATION, json.as_bytes()) {
            Err(Error::InvalidArgument {
                function,
                mismatch: Mismatch::BadValue { what },
            }) => {
                assert_eq!(function, set_fn);
                assert!(what.contains(want), "{want:?} not in {what}");
            }
            other => panic!("expected the typed refusal, got {other:?}"),
        }
    };
    let mut fits = Vec::new();
    for unit in ["x", "é", "中", "🦀"] {
        let n = 255 / unit.len();
        fits.push(h100_with("deviceName", Some(Value::from(unit.repeat(n)))));
        let long = unit.repeat(n + 1);
        refused(
            &h100_with("deviceName", Some(Value::from(long.as_str()))),
            &format!("`deviceName` has {} bytes", long.len()),
        );
    }
    // A key twice: cuDNN's reader finds the first, serde_json the last.
    let short = h100_with("deviceName", Some(Value::from("x")));
    let twice = short.replacen(
        "\"deviceName\":\"x\"",
        &format!(
            "\"deviceName\":\"{}\",\"deviceName\":\"x\"",
            "x".repeat(300)
        ),
        1,
    );
    refused(&twice, "a key twice");
    refused("{\"deviceName\":", "not JSON");
    // What cuDNN refuses itself still reaches it (a blank name, 2^31 SMs).
    fits.push(h100_with("deviceName", Some(Value::from(" "))));
    fits.push(h100_with(
        "multiProcessorCount",
        Some(Value::from(1i64 << 31)),
    ));
    let outcomes = in_child(&fits, Mode::Raw);
    for (json, o) in fits.iter().zip(&outcomes) {
        assert!(o == "ok" || o.starts_with("cudnn "), "{o}: {json}");
    }
    assert!(outcomes[..4].iter().all(|o| o == "ok"), "{outcomes:?}");
    assert!(outcomes[5].contains("(2000)"), "{outcomes:?}");

    // A plan's JSON, whose device profile cuDNN copies the same way.
    let plan = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/conv-plan-sm90.json"
    ))
    .expect("the plan");
    let mut m: serde_json::Map<String, Value> = serde_json::from_str(&plan).expect("JSON");
    m["GPUProfile"]["deviceName"] = Value::from("x".repeat(256));
    let long = serde_json::to_string(&m).expect("JSON");
    let mut p = BackendDescriptor::with_library(&lib, D::EXECUTION_PLAN_DESCRIPTOR).expect("made");
    match p.set(A::EXECUTION_PLAN_JSON_REPRESENTATION, long.as_bytes()) {
        Err(Error::InvalidArgument { function, mismatch }) => {
            assert_eq!(
                function,
                "cudnnBackendSetAttribute(CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION)"
            );
            assert!(
                mismatch.to_string().contains("`deviceName` has 256 bytes"),
                "{mismatch}"
            );
        }
        other => panic!("expected the typed refusal, got {other:?}"),
    }
    p.set(
        A::EXECUTION_PLAN_JSON_REPRESENTATION,
        plan.trim().as_bytes(),
    )
    .expect("cuDNN's own plan");
}

/// Graph and tensor names stay in the crate: cuDNN is given tensors by
/// uid, and no name is set into a descriptor (no attribute takes one), so
/// they have no bound. A convolution named with 1 to 2^20 bytes, in one-
/// to four-byte characters, with NULs and a byte-order mark, builds and
/// is planned for the H100 description (in a child).
#[test]
fn graph_and_tensor_names_of_any_length_never_reach_cudnn() {
    let Some(lib) = lib() else { return };
    if !takes_descriptions(&lib) {
        return;
    }
    let names: Vec<String> = vec![
        "a".into(),
        "x".repeat(255),
        "x".repeat(256),
        "é".repeat(128),
        "中".repeat(86),
        "🦀".repeat(64),
        "a\0b\0".into(),
        "\u{FEFF}name".into(),
        "n".repeat(1 << 20),
    ];
    for (name, o) in names.iter().zip(in_child(&names, Mode::Names)) {
        assert!(o.starts_with("ok, "), "a name of {} bytes: {o}", name.len());
    }
}
