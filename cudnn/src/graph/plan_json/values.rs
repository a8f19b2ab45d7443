//! The values of a plan's nodes: tensor references (uids), settings, and
//! the softmax an SDPA forward nests (`softmax`, an
//! `OPERATION_SOFTMAX_DESCRIPTOR` of its own references).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::super::signature::NodeSig;
use super::super::MAX_RANK;
use crate::core::error::{Error, Result};

const FROM_JSON: &str = "ExecutionPlan::from_json";

/// A JSON value whose objects have no key twice, held as a tree (a node's
/// keys and values, read by [`read_node`]).
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> std::result::Result<Unique, E> {
        Ok(Unique(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> std::result::Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> std::result::Result<Unique, E> {
        Ok(Unique(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<Unique, E> {
        serde_json::Number::from_f64(v)
            .map(|n| Unique(Value::Number(n)))
            .ok_or_else(|| E::custom("a number that is not finite"))
    }
    fn visit_str<E>(self, v: &str) -> std::result::Result<Unique, E> {
        Ok(Unique(Value::String(v.to_owned())))
    }
    fn visit_string<E>(self, v: String) -> std::result::Result<Unique, E> {
        Ok(Unique(Value::String(v)))
    }
    fn visit_unit<E>(self) -> std::result::Result<Unique, E> {
        Ok(Unique(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Unique, A::Error> {
        let mut v = Vec::new();
        while let Some(Unique(x)) = seq.next_element()? {
            v.push(x);
        }
        Ok(Unique(Value::Array(v)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Unique, A::Error> {
        let mut m = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if m.contains_key(&k) {
                return Err(twice(&k));
            }
            let Unique(v) = map.next_value()?;
            m.insert(k, v);
        }
        Ok(Unique(Value::Object(m)))
    }
}

pub(super) fn twice<E: de::Error>(key: &str) -> E {
    E::custom(format!("the key {key:?} twice in one object"))
}

/// A node's value: text, borrowed from the JSON where it has no escapes
/// (references and cuDNN's names, most of a node), or any other JSON
/// value as a tree.
#[derive(Debug)]
pub(super) enum NodeValue<'a> {
    Text(Cow<'a, str>),
    Tree(Value),
}

impl NodeValue<'_> {
    pub(super) fn as_str(&self) -> Option<&str> {
        match self {
            NodeValue::Text(s) => Some(s),
            NodeValue::Tree(v) => v.as_str(),
        }
    }

    pub(super) fn as_i64(&self) -> Option<i64> {
        match self {
            NodeValue::Text(_) => None,
            NodeValue::Tree(v) => v.as_i64(),
        }
    }

    /// The value as a JSON tree (text made a JSON string).
    pub(super) fn tree(&self) -> Cow<'_, Value> {
        match self {
            NodeValue::Text(s) => Cow::Owned(Value::String(s.to_string())),
            NodeValue::Tree(v) => Cow::Borrowed(v),
        }
    }
}

/// Text borrowed where the JSON has no escapes; any other value read
/// as [`Unique`] reads it (no key twice in an object).
impl<'de: 'a, 'a> Deserialize<'de> for NodeValue<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct TextVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for TextVisitor<'a> {
            type Value = NodeValue<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Self::Value, E> {
                Ok(NodeValue::Text(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> std::result::Result<Self::Value, E> {
                Ok(NodeValue::Text(Cow::Owned(v.to_owned())))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> std::result::Result<Self::Value, E> {
                UniqueVisitor
                    .visit_bool(v)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<Self::Value, E> {
                UniqueVisitor
                    .visit_i64(v)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<Self::Value, E> {
                UniqueVisitor
                    .visit_u64(v)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<Self::Value, E> {
                UniqueVisitor
                    .visit_f64(v)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
                UniqueVisitor
                    .visit_unit()
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                seq: A,
            ) -> std::result::Result<Self::Value, A::Error> {
                UniqueVisitor
                    .visit_seq(seq)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                map: A,
            ) -> std::result::Result<Self::Value, A::Error> {
                UniqueVisitor
                    .visit_map(map)
                    .map(|Unique(t)| NodeValue::Tree(t))
            }
        }
        d.deserialize_any(TextVisitor(std::marker::PhantomData))
    }
}

/// As JSON.
impl fmt::Display for NodeValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tree())
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
fn is_setting(v: &Value) -> bool {
    match v {
        Value::String(s) => is_enum_name(s),
        Value::Array(a) => a.iter().all(is_setting),
        Value::Object(m) => m.values().all(is_setting),
        Value::Null | Value::Bool(_) | Value::Number(_) => true,
    }
}

/// Whether a setting's value is of the type cuDNN writes it with: arrays
/// of integers for a convolution's geometry, numbers for scalars,
/// booleans for flags, cuDNN's names for enumerated values; otherwise no
/// text but cuDNN's names.
pub(super) fn attr_fits(key: &str, v: &NodeValue<'_>) -> bool {
    let kind = kind_of(key);
    let v = match v {
        NodeValue::Text(s) => return matches!(kind, Kind::Name | Kind::Setting) && is_enum_name(s),
        NodeValue::Tree(v) => v,
    };
    match kind {
        Kind::Ints(min) => v.as_array().is_some_and(|a| {
            a.len() <= MAX_RANK && a.iter().all(|x| x.as_i64().is_some_and(|n| n >= min))
        }),
        Kind::Number => v.is_number(),
        Kind::Count => v.as_i64().is_some_and(|n| n >= 0),
        Kind::Flag => v.is_boolean(),
        Kind::Name => v.as_str().is_some_and(is_enum_name),
        Kind::Setting => is_setting(v),
    }
}

/// The type of a node's setting.
#[derive(Clone, Copy)]
enum Kind {
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

fn kind_of(key: &str) -> Kind {
    match key {
        "pad" | "reductionDims" => Kind::Ints(0),
        "stride" | "dilation" => Kind::Ints(1),
        "alpha" | "beta" | "alpha1" | "alpha2" | "upperClip" | "lowerClip" | "lowerClipSlope"
        | "dropoutProbability" | "output_scale" | "paddingValue" => Kind::Number,
        "axis" | "rope_dim" | "maxTotalSeqLenQ" | "maxTotalSeqLenKV" | "groupOffset" => Kind::Count,
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
    (text, value): (Option<&str>, &dyn fmt::Display),
    by_uid: &HashMap<i64, usize>,
) -> Result<i64> {
    let uid = text
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
const SOFTMAX_READS: &[&str] = &["X", "sinkDesc"];
const SOFTMAX_WRITES: &[&str] = &["Y", "statsDesc", "maxDesc", "sumExpDesc"];

/// Reads the softmax node `op` nests (`value`) into `sig`, the node's
/// signature: its references are the node's (as the builder records the
/// tensors of a nested descriptor); any other key is refused.
pub(super) fn read_softmax(
    op: &str,
    value: &NodeValue<'_>,
    by_uid: &HashMap<i64, usize>,
    sig: &mut NodeSig,
) -> Result<()> {
    let tree = value.tree();
    let fields = tree.as_object().ok_or_else(|| {
        Error::bad_value(
            FROM_JSON,
            format!("{op}'s softmax {value} is not an object"),
        )
    })?;
    if fields.get("operation").and_then(Value::as_str) != Some(SOFTMAX) {
        return Err(Error::bad_value(
            FROM_JSON,
            format!("{op}'s softmax is not an {SOFTMAX}"),
        ));
    }
    let nested = format!("{op}'s softmax");
    for (k, v) in fields {
        let k = k.as_str();
        if k == "operation" {
            continue;
        }
        if SOFTMAX_READS.contains(&k) {
            sig.reads
                .push(reference(&nested, k, (v.as_str(), v), by_uid)?);
        } else if SOFTMAX_WRITES.contains(&k) {
            sig.writes
                .push(reference(&nested, k, (v.as_str(), v), by_uid)?);
        } else {
            return Err(Error::bad_value(
                FROM_JSON,
                format!("{nested} has a key {k:?} ({v}) this crate does not know"),
            ));
        }
    }
    Ok(())
}
