//! The doctor's diagnosis and rendering over generated machine snapshots
//! (any environment, folder listings, load attempts, driver state and
//! sub-library states, paths that are not UTF-8 included): each case must
//! return without a panic. The generator is the `cudnn` crate's
//! (`cudnn/tests/generated_inputs/gen.rs`).
//!
//! - `CUDNN_GEN_SEED`: the seed (decimal or `0x` hex); printed on a
//!   failure, so that any run replays.
//! - `CUDNN_GEN_CASES`: the number of cases (default 5,000).

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

macro_rules! say {
    ($c:expr, $($arg:tt)*) => {
        $c.say(format_args!($($arg)*))
    };
}

#[path = "generated_inputs/doctor.rs"]
mod doctor;
#[allow(dead_code)]
#[path = "../../cudnn/tests/generated_inputs/gen.rs"]
mod gen;

use gen::Rng;

/// One generated case: its random stream, what it did, how many results
/// were fine.
pub struct Case {
    pub rng: Rng,
    pub desc: String,
    pub ok: u64,
}

impl Case {
    pub fn say(&mut self, args: std::fmt::Arguments<'_>) {
        let _ = self.desc.write_fmt(args);
    }
}

fn parse_seed(text: &str) -> Option<u64> {
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

#[test]
fn generated_snapshots_are_diagnosed_without_a_panic() {
    let seed = std::env::var("CUDNN_GEN_SEED")
        .ok()
        .and_then(|s| parse_seed(&s))
        .unwrap_or(0x00c0_ffee);
    let cases: u64 = std::env::var("CUDNN_GEN_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000);
    let mut ok = 0;
    for index in 0..cases {
        let mut case = Case {
            rng: Rng::for_case(seed, "doctor", index),
            desc: String::new(),
            ok: 0,
        };
        let result = catch_unwind(AssertUnwindSafe(|| doctor::doctor(&mut case)));
        if result.is_err() {
            panic!(
                "doctor:{index} (CUDNN_GEN_SEED={seed:#x}) panicked on {}",
                case.desc
            );
        }
        ok += case.ok;
    }
    assert_eq!(ok, cases);
}
