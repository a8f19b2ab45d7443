//! A plan's target read from descriptions, and the check of the GPU it
//! runs on.

use super::*;
use crate::graph::device::DeviceProperties;

fn preset(name: &str) -> DeviceProperties {
    DeviceProperties::preset(name).expect("preset")
}

/// `device` with `key` set to `value`.
fn with(device: &DeviceProperties, key: &str, value: serde_json::Value) -> DeviceLimits {
    let mut m: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(device.json()).expect("JSON");
    m.insert(key.into(), value);
    let text = serde_json::Value::Object(m).to_string();
    DeviceLimits::of(&DeviceProperties::from_json(&text).expect("a description"))
}

#[test]
fn a_target_reads_every_limit_of_a_description() {
    let h200 = DeviceLimits::of(&preset("h200"));
    assert_eq!(h200.compute_capability(), (9, 0));
    assert_eq!(h200.limit("multiProcessorCount"), Some(132));
    assert_eq!(h200.limit("maxSharedMemoryPerBlockOptin"), Some(232_448));
    assert_eq!(h200.limit("maxGridSize[0]"), Some(2_147_483_647));
    assert_eq!(h200.limit("maxBlockSize[2]"), Some(64));
    assert_eq!(h200.limit("totalGlobalMem"), None);
    assert!(DeviceLimits::limit_keys().all(|k| h200.limit(k).is_some_and(|v| v > 0)));
    assert!(h200.to_string().contains("sm_90, 132 SMs"), "{h200}");
}

#[test]
#[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
fn a_plan_runs_only_where_its_limits_are_the_same() {
    let h200 = preset("h200");
    let target = DeviceLimits::of(&h200);
    // An H100 SXM differs from an H200 only in memory (size, clock, bus
    // width): the bus width counts, as cuDNN counts it.
    let h100 = DeviceLimits::of(&preset("h100-sxm"));
    let e = target.check_runs_on(&h100).expect_err("another bus width");
    assert!(
        e.to_string()
            .contains("`memoryBusWidth` differs (6144 and 5120)"),
        "{e}"
    );
    match target.check_runs_on(&DeviceLimits::of(&preset("a100-sxm4-80gb"))) {
        Err(Mismatch::OtherDevice {
            planned_for, what, ..
        }) => {
            assert!(planned_for.contains("sm_90"), "{planned_for}");
            assert!(
                what.contains("architecture differs (sm_90 and sm_80)"),
                "{what}"
            );
        }
        other => panic!("{other:?}"),
    }
    // An H100 PCIe: sm_90 with 114 SMs.
    let pcie = with(&h200, "multiProcessorCount", 114.into());
    let e = target.check_runs_on(&pcie).expect_err("fewer SMs");
    assert!(
        e.to_string()
            .contains("`multiProcessorCount` differs (132 and 114)"),
        "{e}"
    );
    for (key, value) in [
        ("maxSharedMemoryPerBlockOptin", serde_json::json!(101_376)),
        ("maxThreadsPerBlock", serde_json::json!(512)),
        ("maxGridSize", serde_json::json!([65535, 65535, 65535])),
        ("regsPerBlock", serde_json::json!(32768)),
    ] {
        let e = target
            .check_runs_on(&with(&h200, key, value))
            .expect_err(key);
        assert!(e.to_string().contains(&format!("`{key}")), "{e}");
    }
    for (key, value) in [
        ("deviceName", serde_json::json!("NVIDIA H200 NVL")),
        ("pciDeviceId", serde_json::json!(9009)),
        ("totalGlobalMem", serde_json::json!(1i64 << 36)),
        ("smClockRateKHz", serde_json::json!(1_000_000)),
        ("memClockRateKHz", serde_json::json!(2_619_000)),
        ("cudaDeviceId", serde_json::json!(3)),
    ] {
        target.check_runs_on(&with(&h200, key, value)).expect(key);
    }
    let e = target
        .check_for("cudnnBackendExecute", &pcie)
        .expect_err("fewer SMs");
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                function: "cudnnBackendExecute",
                mismatch: Mismatch::OtherDevice { .. }
            }
        ),
        "{e:?}"
    );
}
