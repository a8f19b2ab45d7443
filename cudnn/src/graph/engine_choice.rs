//! An engine chosen by hand: its global index and knob choices, written
//! and read as cudnn-frontend's engine tag (`eng51_k2=5_k3=0`), so that a
//! choice found once (by the heuristics, or timed by
//! [`Handle::autotune`](crate::Handle::autotune)) is saved as text and
//! pinned again in a later process through
//! [`Settings::engine`](super::Settings::engine).

use std::fmt;
use std::str::FromStr;

use cudnn_sys::cudnnBackendKnobType_t as Knob;

use super::engine::{EngineConfig, KnobType};
use super::plan::ExecutionPlan;
use crate::core::error::{Error, Result};

/// The most knob choices a choice holds (cuDNN 9.28 has 46 knob types).
pub const MAX_KNOBS: usize = 64;
/// The longest tag [`EngineChoice::from_str`] reads, in bytes.
const MAX_TAG_BYTES: usize = 2048;
/// The largest knob type read (cuDNN 9.28's largest is 45).
const MAX_KNOB_TYPE: u32 = 1023;

const F: &str = "EngineChoice";

/// An engine (its global index in the graph's engine list) and its knob
/// choices: what [`OperationGraph::engine_config`](super::OperationGraph::engine_config)
/// makes a configuration of, and what [`Settings::engine`](super::Settings::engine)
/// pins a plan search to, as cudnn-frontend's
/// `create_execution_plan(engine_id, knobs)` does.
///
/// `Display` and `FromStr` use cudnn-frontend's engine tag (its
/// `get_engine_tag`): `eng` and the index, then `_k`, a knob's type as
/// cuDNN numbers it, `=` and its value, for each knob by type. The knobs
/// are kept in that order, so two choices of the same engine and knobs are
/// equal and print the same.
///
/// ```
/// use cudnn::graph::{EngineChoice, KnobType};
/// let c: EngineChoice = "eng51_k5=0_k2=5".parse()?;
/// assert_eq!(c.global_index(), 51);
/// assert_eq!(c.knobs(), &[(KnobType::TILE_SIZE, 5), (KnobType::KBLOCK, 0)]);
/// assert_eq!(c.to_string(), "eng51_k2=5_k5=0");
/// assert!("eng51_k2=5_k2=6".parse::<EngineChoice>().is_err());
/// # Ok::<(), cudnn::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EngineChoice {
    global_index: i64,
    knobs: Vec<(KnobType, i64)>,
}

impl EngineChoice {
    /// Engine `global_index` with `knobs`, in any order.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a negative index, more than
    /// [`MAX_KNOBS`] knobs, a knob type past 1023 or a knob type twice.
    pub fn new(global_index: i64, knobs: &[(KnobType, i64)]) -> Result<EngineChoice> {
        if global_index < 0 {
            return Err(Error::bad_value(
                F,
                format!("engine index {global_index}: at least 0"),
            ));
        }
        if knobs.len() > MAX_KNOBS {
            return Err(Error::bad_value(
                F,
                format!("{} knob choices: at most {MAX_KNOBS}", knobs.len()),
            ));
        }
        let mut sorted = knobs.to_vec();
        sorted.sort_by_key(|(k, _)| k.0);
        for pair in sorted.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(Error::bad_value(
                    F,
                    format!("knob type {} chosen twice", pair[0].0 .0),
                ));
            }
        }
        if let Some((k, _)) = sorted.iter().find(|(k, _)| k.0 > MAX_KNOB_TYPE) {
            return Err(Error::bad_value(
                F,
                format!("knob type {}: at most {MAX_KNOB_TYPE}", k.0),
            ));
        }
        Ok(EngineChoice {
            global_index,
            knobs: sorted,
        })
    }

    /// The engine and knobs of `config` (one the heuristics offered, for
    /// example), as cuDNN reports them; `None` when cuDNN reports no
    /// engine index for it.
    pub fn of(config: &EngineConfig) -> Option<EngineChoice> {
        EngineChoice::new(config.global_index(), config.knobs()).ok()
    }

    /// The engine and knobs of `plan`'s configuration (the plan an
    /// autotune kept, for example), as cuDNN reports them; `None` when it
    /// reports no engine index.
    pub fn of_plan(plan: &ExecutionPlan) -> Option<EngineChoice> {
        EngineChoice::new(plan.engine_index()?, plan.knobs()).ok()
    }

    /// The engine's global index.
    pub fn global_index(&self) -> i64 {
        self.global_index
    }

    /// The knob choices, by knob type.
    pub fn knobs(&self) -> &[(KnobType, i64)] {
        &self.knobs
    }
}

/// cudnn-frontend's engine tag: `eng51_k2=5_k5=0`.
impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "eng{}", self.global_index)?;
        for (k, v) in &self.knobs {
            write!(f, "_k{}={v}", k.0)?;
        }
        Ok(())
    }
}

/// Reads cudnn-frontend's engine tag (`eng51_k2=5_k5=0`; knobs in any
/// order), as [`EngineChoice::new`] checks it; at most 2,048 bytes.
impl FromStr for EngineChoice {
    type Err = Error;

    fn from_str(tag: &str) -> Result<EngineChoice> {
        let bad = |why: &str| {
            let shown: String = tag.chars().take(64).collect();
            Error::bad_value(F, format!("engine tag {shown:?}: {why}"))
        };
        if tag.len() > MAX_TAG_BYTES {
            return Err(bad("longer than 2048 bytes"));
        }
        let rest = tag
            .strip_prefix("eng")
            .ok_or_else(|| bad("does not start with `eng`"))?;
        let mut parts = rest.split('_');
        let index = parts
            .next()
            .and_then(decimal)
            .ok_or_else(|| bad("`eng` is not followed by an engine index (decimal digits)"))?;
        let mut knobs = Vec::new();
        for part in parts {
            let (k, v) = part
                .strip_prefix('k')
                .and_then(|p| p.split_once('='))
                .ok_or_else(|| bad("a knob that is not `k<type>=<value>`"))?;
            let k = decimal(k)
                .and_then(|k| u32::try_from(k).ok())
                .ok_or_else(|| bad("a knob type that is not decimal digits within u32"))?;
            let v = signed_decimal(v)
                .ok_or_else(|| bad("a knob value that is not a decimal integer within i64"))?;
            if knobs.len() == MAX_KNOBS {
                return Err(bad("more than 64 knob choices"));
            }
            knobs.push((Knob(k), v));
        }
        EngineChoice::new(index, &knobs)
    }
}

/// `s` as a non-negative decimal within `i64`: digits only.
fn decimal(s: &str) -> Option<i64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `s` as a decimal within `i64`: digits, with a `-` before them or not.
fn signed_decimal(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        Some(digits) => decimal(digits).map(|v| -v),
        None => decimal(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_back_to_the_same_choice_in_knob_order() {
        let c: EngineChoice = "eng7_k30=-1_k2=5_k0=0".parse().expect("a tag");
        assert_eq!(c.global_index(), 7);
        assert_eq!(c.knobs(), &[(Knob(0), 0), (Knob(2), 5), (Knob(30), -1)]);
        assert_eq!(c.to_string(), "eng7_k0=0_k2=5_k30=-1");
        assert_eq!(c.to_string().parse::<EngineChoice>().expect("again"), c);
        let plain: EngineChoice = "eng0".parse().expect("no knobs");
        assert_eq!((plain.global_index(), plain.knobs()), (0, &[][..]));
        assert_eq!(
            EngineChoice::new(7, &[(Knob(30), -1), (Knob(2), 5), (Knob(0), 0)]).expect("new"),
            c
        );
    }

    #[test]
    fn malformed_tags_are_refused() {
        let long = format!("eng1{}", "_k1=1".repeat(500));
        let many: String = (0..65).map(|k| format!("_k{k}=0")).collect();
        for tag in [
            "",
            "eng",
            "eng-1",
            "eng+1",
            "engx",
            "ENG1",
            " eng1",
            "eng1 ",
            "eng1_",
            "eng1_k2",
            "eng1_k=2",
            "eng1_k2=",
            "eng1_k2=x",
            "eng1_k2=1.5",
            "eng1_k-2=1",
            "eng1_k2=1_k2=1",
            "eng1_k1024=0",
            "eng1_k4294967296=0",
            "eng99999999999999999999",
            "eng1_k2=99999999999999999999",
            "eng1_x2=1",
            &long,
            &format!("eng1{many}"),
        ] {
            let e = tag.parse::<EngineChoice>().expect_err(tag);
            assert!(matches!(e, Error::InvalidArgument { .. }), "{tag}: {e}");
        }
        assert!(EngineChoice::new(-1, &[]).is_err());
        let too_many: Vec<(KnobType, i64)> = (0..65).map(|k| (Knob(k), 0)).collect();
        assert!(EngineChoice::new(0, &too_many).is_err());
        assert!(EngineChoice::new(0, &too_many[..64]).is_ok());
    }
}
