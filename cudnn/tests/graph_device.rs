//! Device descriptions (`cudnn::graph::DeviceProperties`) against the real
//! library, with no GPU: the shipped descriptions parse and cuDNN 9.28
//! finalizes a `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR` from each; what cuDNN
//! reads back; every refusal of `from_json`; the fingerprint; the typed
//! refusal of a cuDNN before 9.8. Only descriptors are built on the host:
//! no kernel runs. One test, for a GPU, reads the real device's
//! description through a handle.
//!
//! cuDNN 9 finalizes nothing without NVIDIA's driver library (no GPU is
//! needed): on Linux the real one is loaded first (`common::driver`).
//! Elsewhere (Windows under Wine) the tests that finalize check that the
//! first finalize is refused with the typed `Error::DependencyUnavailable`
//! naming the driver library, and stop there.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use cudnn::graph::{BackendDescriptor, DeviceProperties};
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

/// CUDA's device name is `char name[256]` with its NUL: a name of 255
/// bytes of UTF-8 finalizes in cuDNN, and one of 256 bytes is refused by
/// `from_json` before cuDNN sees it (cuDNN 9.28 corrupts the heap with it).
#[test]
fn a_device_name_of_255_bytes_finalizes_and_one_of_256_is_refused() {
    let Some(lib) = lib() else { return };
    for unit in ["x", "é", "中"] {
        let fits = 255 / unit.len();
        let name = unit.repeat(fits);
        let p =
            DeviceProperties::from_json(&h100_with("deviceName", Some(Value::from(name.clone()))))
                .unwrap_or_else(|e| panic!("{} bytes: {e}", name.len()));
        if takes_descriptions(&lib) {
            p.check(&lib)
                .unwrap_or_else(|e| panic!("a name of {} bytes: {e}", name.len()));
        }
        let long = unit.repeat(fits + 1);
        let what = refusal(&h100_with("deviceName", Some(Value::from(long.clone()))));
        assert!(
            what.contains(&format!("`deviceName` has {} bytes of UTF-8", long.len())),
            "{what}"
        );
    }
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
