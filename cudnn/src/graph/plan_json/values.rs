//! The values of a plan's nodes: tensor references (uids, checked against
//! the plan's tensors by [`UidIndex`]), settings, and the softmax an SDPA
//! forward nests (`softmax`, an `OPERATION_SOFTMAX_DESCRIPTOR` of its own
//! references).

use super::super::graph_tensor::GraphTensor;
use super::super::signature::NodeSig;
use super::super::MAX_RANK;
use super::json::Json;
use crate::core::error::{Error, Result};

const FROM_JSON: &str = "ExecutionPlan::from_json";

/// Each tensor's position by uid (sorted, no uid twice).
pub(super) struct UidIndex(Vec<(i64, usize)>);

impl UidIndex {
    /// The index of `tensors`; a uid given twice is refused (cuDNN and
    /// this crate would describe different tensors).
    pub(super) fn of(tensors: &[GraphTensor]) -> Result<UidIndex> {
        let mut by_uid: Vec<(i64, usize)> = tensors.iter().map(|t| t.uid).zip(0..).collect();
        by_uid.sort_unstable();
        if let Some(w) = by_uid.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("two tensors with uid {}", w[0].0),
            ));
        }
        Ok(UidIndex(by_uid))
    }

    pub(super) fn get(&self, uid: &i64) -> Option<&usize> {
        let at = self.0.binary_search_by_key(uid, |&(u, _)| u).ok()?;
        Some(&self.0[at].1)
    }

    pub(super) fn contains_key(&self, uid: &i64) -> bool {
        self.get(uid).is_some()
    }
}

/// A uid as the plan JSON writes it: an `i64` in canonical decimal (what
/// `std::stoll` reads the same way).
pub(super) fn uid_of(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (!digits.starts_with('0') || text == "0");
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// cuDNN's name of an enumerated value: `CUDNN_` and capitals, digits,
/// underscores.
pub(super) fn is_enum_name(s: &str) -> bool {
    s.strip_prefix("CUDNN_").is_some_and(|r| {
        !r.is_empty()
            && r.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    })
}

/// Whether `v` holds no text but cuDNN's enum names (a reference hidden
/// in a setting would reach `std::stoll`).
fn is_setting(v: Json<'_, '_>) -> bool {
    if let Some(s) = v.as_str() {
        is_enum_name(s)
    } else if let Some(mut items) = v.as_array() {
        items.all(is_setting)
    } else if let Some(mut members) = v.as_object() {
        members.all(|(_, v)| is_setting(v))
    } else {
        true
    }
}

/// Whether a setting's value is of the type cuDNN writes it with: arrays
/// of integers for a convolution's geometry, numbers for scalars,
/// booleans for flags, cuDNN's names for enumerated values; otherwise no
/// text but cuDNN's names.
pub(super) fn attr_fits(kind: Kind, v: Json<'_, '_>) -> bool {
    match kind {
        Kind::Ints(min) => v.as_array().is_some_and(|a| {
            a.len() <= MAX_RANK && a.clone().all(|x| x.as_i64().is_some_and(|n| n >= min))
        }),
        Kind::Number => v.is_number(),
        Kind::Count => v.as_i64().is_some_and(|n| n >= 0),
        Kind::Flag => v.as_bool().is_some(),
        Kind::Name => v.as_str().is_some_and(is_enum_name),
        Kind::Setting => is_setting(v),
    }
}

/// The type of a node's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// An array of at most `MAX_RANK` integers, each at least the bound.
    Ints(i64),
    Number,
    /// An integer of at least 0.
    Count,
    Flag,
    /// One of cuDNN's names.
    Name,
    /// Anything holding no text but cuDNN's names.
    Setting,
}

pub(super) fn kind_of(key: &str) -> Kind {
    match key {
        "pad" | "reductionDims" => Kind::Ints(0),
        "stride" | "dilation" => Kind::Ints(1),
        "alpha" | "beta" | "alpha1" | "alpha2" | "upperClip" | "lowerClip" | "lowerClipSlope"
        | "dropoutProbability" | "output_scale" | "paddingValue" => Kind::Number,
        "axis" | "rope_dim" | "maxTotalSeqLenQ" | "maxTotalSeqLenKV" | "groupOffset" | "topK" => {
            Kind::Count
        }
        "isDeterministic" | "unfuseFma" => Kind::Flag,
        "mathPrec" => Kind::Name,
        _ => Kind::Setting,
    }
}

/// The uid a node's `key` names: canonical decimal text of a tensor of the
/// plan.
pub(super) fn reference(
    op: &str,
    key: &str,
    value: Json<'_, '_>,
    by_uid: &UidIndex,
) -> Result<i64> {
    let uid = value
        .as_str()
        .and_then(uid_of)
        .ok_or_else(|| Error::bad_value(FROM_JSON, format!("{op}'s {key} {value} is not a uid")))?;
    if !by_uid.contains_key(&uid) {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("{op}'s {key} names uid {uid}, which no tensor has"),
        ));
    }
    Ok(uid)
}

/// The nested softmax's operation and its reference keys (cuDNN 9.28's
/// names: what it writes for the sink, statistics, maximum and sum-exp).
const SOFTMAX: &str = "CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR";
pub(super) const SOFTMAX_READS: &[&str] = &["X", "sinkDesc"];
pub(super) const SOFTMAX_WRITES: &[&str] = &["Y", "statsDesc", "maxDesc", "sumExpDesc"];

/// Reads the softmax node `op` nests (`value`) into `sig`, the node's
/// signature: its references are the node's (as the builder records the
/// tensors of a nested descriptor); any other key is refused.
pub(super) fn read_softmax(
    op: &str,
    value: Json<'_, '_>,
    by_uid: &UidIndex,
    sig: &mut NodeSig,
) -> Result<()> {
    let fields = value.as_object().ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("{op}'s softmax {value} is not an object"),
        )
    })?;
    if value.get("operation").and_then(|v| v.as_str()) != Some(SOFTMAX) {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("{op}'s softmax is not an {SOFTMAX}"),
        ));
    }
    let nested = format!("{op}'s softmax");
    for (k, v) in fields {
        if k == "operation" {
            continue;
        }
        if SOFTMAX_READS.contains(&k) {
            sig.reads.push(reference(&nested, k, v, by_uid)?);
        } else if SOFTMAX_WRITES.contains(&k) {
            sig.writes.push(reference(&nested, k, v, by_uid)?);
        } else {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("{nested} has a key {k:?} ({v}) this crate does not know"),
            ));
        }
    }
    Ok(())
}
