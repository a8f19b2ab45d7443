//! The checks of a raw view's parts that need no GPU
//! ([`cudnn::check_raw_parts`], which `RawDeviceView::from_raw_parts` and
//! `RawDeviceViewMut::from_raw_parts` run).

use cudnn::{check_raw_parts, Error, Mismatch};

fn refusal(r: cudnn::Result<()>) -> String {
    match r {
        Err(Error::InvalidArgument {
            function: "RawDeviceView::from_raw_parts",
            mismatch: Mismatch::BadValue { what },
        }) => what,
        other => panic!("expected a BadValue refusal, got {other:?}"),
    }
}

#[test]
fn raw_parts_are_checked_on_the_host() {
    assert!(check_raw_parts::<f32>(0x7f00_0000_0000, 1 << 20).is_ok());
    assert!(check_raw_parts::<u8>(0x7f00_0000_0001, 3).is_ok());
    assert!(refusal(check_raw_parts::<f32>(0, 4)).contains("null"));
    assert!(refusal(check_raw_parts::<f32>(0x1002, 4)).contains("aligned to 4 bytes"));
    assert!(refusal(check_raw_parts::<f64>(0x1004, 4)).contains("aligned to 8 bytes"));
    assert!(refusal(check_raw_parts::<f32>(0x1000, usize::MAX / 2)).contains("overflow"));
    assert!(refusal(check_raw_parts::<u8>(u64::MAX - 1, 4)).contains("end of the address space"));
    // Up to the last byte of the address space is fine; one more is not.
    assert!(check_raw_parts::<u8>(u64::MAX - 3, 3).is_ok());
    assert!(check_raw_parts::<u8>(u64::MAX - 3, 4).is_err());
    // The message names the rule and the value.
    let e = check_raw_parts::<cudnn::half::f16>(0x1001, 1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("0x1001") && e.contains("f16"), "{e}");
}
