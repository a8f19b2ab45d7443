//! What each key of a node names, per operation: [`Role`], looked up in
//! one small table per schema ([`NodeKeys`]).
//!
//! [`role_in_lists`] says it from a schema's lists, first match first;
//! each schema's table is made from it once, on first use, and the
//! readers ask the table: its keys lie side by side, so a lookup touches
//! a few cache lines and compares each key as four words, where the
//! lists take a pointer per key.

use std::sync::OnceLock;

use super::values::{kind_of, Kind};
use super::{Schema, SCHEMAS, SDPA_FWD};

/// What a key of a node of a schema names, first match first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A tensor: one the node writes (`output`), writes in training only
    /// (`trained`), reads as device-side indices (`index`: a key
    /// starting `seqLen`, `cuSeqLen` or `pageTable`; 9.28 writes
    /// `seqLenQ`, `seqLenKV`, `cuSeqLenQ`, `cuSeqLenKV`, `pageTableK`,
    /// `pageTableV` for the attention forward, with `Desc` after them for
    /// the backward and the diagonal band mask; a MoE grouped matmul's
    /// `firstTokenOffset`, `tokenIndex` and `tokenKs`), or reads.
    Ref {
        output: bool,
        trained: bool,
        index: bool,
    },
    /// An SDPA forward's nested softmax.
    Softmax,
    Operation,
    /// The score subgraph, and its ends: only in a node that may hold
    /// one, and not inside a subgraph.
    Subgraph,
    SubgraphEnd,
    Mode,
    Attr(Kind),
    Unknown,
}

/// A MoE grouped matmul's tensors read on the device as offsets and
/// indices.
const MOE_INDICES: &[&str] = &["firstTokenOffset", "tokenIndex", "tokenKs"];

/// Keys of a node with a subgraph that name its tensors by uid, as numbers.
const SUBGRAPH_UIDS: &[&str] = &["subgraphInputUid", "subgraphOutputUid"];

/// What `key` of a node of `schema` names, from the schema's lists.
fn role_in_lists(schema: &Schema, key: &str) -> Role {
    let output = schema.outputs.contains(&key);
    let trained = schema.training_outputs.contains(&key);
    if output || trained || schema.inputs.contains(&key) {
        let index = ["seqLen", "cuSeqLen", "pageTable"]
            .iter()
            .any(|p| key.starts_with(p))
            || MOE_INDICES.contains(&key);
        Role::Ref {
            output,
            trained,
            index,
        }
    } else if key == "softmax" && schema.operation == SDPA_FWD {
        Role::Softmax
    } else if key == "operation" {
        Role::Operation
    } else if key == "subgraph" && schema.subgraph {
        Role::Subgraph
    } else if SUBGRAPH_UIDS.contains(&key) && schema.subgraph {
        Role::SubgraphEnd
    } else if schema.modes.contains(&key) {
        Role::Mode
    } else if schema.attrs.contains(&key) {
        Role::Attr(kind_of(key))
    } else {
        Role::Unknown
    }
}

/// The longest key a table holds (the longest of the schemas' is 26
/// bytes; a test checks that each fits).
const KEY_BYTES: usize = 32;

/// One key of a schema's table: its bytes, padded with zeros, its length
/// and its role.
struct Key {
    bytes: [u8; KEY_BYTES],
    len: u8,
    role: Role,
}

/// The keys of a node of one schema that name something, each with its
/// role; at most 64, so that a node's keys read fit in a `u64`.
pub(super) struct NodeKeys {
    keys: Box<[Key]>,
}

impl NodeKeys {
    /// The table of `schema`: every key its lists name, in the order
    /// `role_in_lists` tries them, once each.
    fn of(schema: &Schema) -> NodeKeys {
        let lists: [&[&str]; 7] = [
            schema.outputs,
            schema.training_outputs,
            schema.inputs,
            &["softmax", "operation", "subgraph"],
            SUBGRAPH_UIDS,
            schema.modes,
            schema.attrs,
        ];
        let mut keys: Vec<Key> = Vec::new();
        for &key in lists.iter().flat_map(|l| l.iter()) {
            let role = role_in_lists(schema, key);
            let fits = key.len() <= KEY_BYTES;
            let known = keys.iter().any(|k| k.text() == key.as_bytes());
            if role != Role::Unknown && fits && !known && keys.len() < 64 {
                let mut bytes = [0; KEY_BYTES];
                bytes[..key.len()].copy_from_slice(key.as_bytes());
                keys.push(Key {
                    bytes,
                    len: key.len() as u8,
                    role,
                });
            }
        }
        NodeKeys { keys: keys.into() }
    }

    /// `key`'s place in the table and its role; `None` for a key this
    /// schema does not name.
    pub(super) fn find(&self, key: &str) -> Option<(u32, Role)> {
        if key.len() > KEY_BYTES {
            return None;
        }
        let mut bytes = [0; KEY_BYTES];
        bytes[..key.len()].copy_from_slice(key.as_bytes());
        let at = self
            .keys
            .iter()
            .position(|k| usize::from(k.len) == key.len() && k.bytes == bytes)?;
        Some((at as u32, self.keys[at].role))
    }

    /// What `key` names ([`Role::Unknown`] when nothing).
    pub(super) fn role(&self, key: &str) -> Role {
        self.find(key).map_or(Role::Unknown, |(_, role)| role)
    }
}

impl Key {
    fn text(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// The table of the schema at `index` in [`SCHEMAS`] (made on first use).
pub(super) fn node_keys(index: usize) -> &'static NodeKeys {
    static TABLES: OnceLock<Box<[NodeKeys]>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| SCHEMAS.iter().map(NodeKeys::of).collect());
    &tables[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each schema's table answers what its lists answer, for every key
    /// any schema names and for keys none does; every key fits.
    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn the_tables_answer_as_the_lists_do() {
        let mut all: Vec<&str> = vec!["softmax", "operation", "subgraph", "", "x", "seqLenQQ"];
        all.extend(SUBGRAPH_UIDS);
        for s in SCHEMAS {
            for list in [s.outputs, s.training_outputs, s.inputs, s.modes, s.attrs] {
                for &key in list {
                    assert!(key.len() <= KEY_BYTES, "{key}");
                    all.push(key);
                }
            }
        }
        let long = "a".repeat(KEY_BYTES + 1);
        all.push(&long);
        for (i, s) in SCHEMAS.iter().enumerate() {
            let table = node_keys(i);
            for &key in &all {
                assert_eq!(
                    table.role(key),
                    role_in_lists(s, key),
                    "{} {key}",
                    s.operation
                );
            }
        }
    }
}
