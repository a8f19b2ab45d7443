//! Paged K/V caches of the attention forward (`SDPA_FWD_PAGE_TABLE_KDESC`
//! and `PAGE_TABLE_VDESC`, cuDNN 9.15): `k` and `v` are containers of
//! pages `[num_blocks, H_kv, block_size, D]`, and a page table per
//! container, `[B, 1, blocks_per_seq, 1]` `INT32`, maps block `n` of
//! sequence `b` to the container's page `table[b, 0, n, 0]`.
//!
//! The checks are pure functions of dims and options; the node's
//! `S_kv` is the span the page tables cover, `min(blocks_k * block_k,
//! blocks_v * block_v)`, as cuDNN's frontend infers it, and each table
//! has `ceil(S_kv / block)` entries, as cuDNN documents.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;

use DType as Dt;

use super::{Dims, SdpaOptions};
use crate::core::error::Result;
use crate::graph::builder::{node_error, Graph, NodeLabel, TensorId};

/// Paged K/V caches for [`Graph::sdpa_forward`]: with
/// [`SdpaOptions::paged`], the `k` and `v` it takes are containers of
/// pages, `[num_blocks, H_kv, block_size, D]` (each its own number of
/// pages and block size), and these page tables map each sequence's
/// blocks to pages.
///
/// Each table is `[B, 1, blocks_per_seq, 1]`, `INT32`: entry `n` of
/// sequence `b` is the index of the container's page that holds keys (or
/// values) `n * block_size .. (n + 1) * block_size` of that sequence. The
/// attention's key length `S_kv` is what the tables span,
/// `min(blocks_per_seq_k * block_size_k, blocks_per_seq_v *
/// block_size_v)`; each sequence's actual length is its entry of
/// [`SdpaOptions::seq_len_kv`], which paged attention requires (with
/// `seq_len_q`: a padding mask).
///
/// cuDNN 9.15 or later; forward only, without a bias, a mask or dropout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SdpaPagedKv {
    /// The page table of the key container.
    pub page_table_k: TensorId,
    /// The page table of the value container.
    pub page_table_v: TensorId,
}

static_assertions::assert_impl_all!(SdpaPagedKv: Send, Sync, Copy);

/// What paged K/V is not offered with, by the options that ask for it:
/// the first one set.
pub(super) fn refused_option(options: &SdpaOptions) -> Option<&'static str> {
    [
        (options.bias.is_some(), "a bias"),
        (options.causal, "a causal mask"),
        (options.right_bound.is_some(), "a right bound"),
        (options.sliding_window.is_some(), "a sliding window"),
        (options.dropout.is_some(), "dropout"),
    ]
    .into_iter()
    .find_map(|(set, what)| set.then_some(what))
}

/// Checks a page table's dims against the batch `b`: `[b, 1, n, 1]`
/// with `n` at least 1.
pub(super) fn check_table_dims(dims: &[i64], b: i64) -> std::result::Result<i64, String> {
    match dims {
        [tb, 1, n, 1] if *tb == b && *n >= 1 => Ok(*n),
        _ => Err(format!(
            "dims {dims:?}; a page table is [B, 1, blocks_per_seq, 1] with B = {b}"
        )),
    }
}

/// The key length the tables span (`min` of each table's blocks times its
/// container's block size), checked: each table has `ceil(S_kv / block)`
/// entries. The error names the table (0 for K, 1 for V) and the rule.
pub(super) fn spanned_len(
    [blocks_k, block_k]: [i64; 2],
    [blocks_v, block_v]: [i64; 2],
) -> std::result::Result<i64, (usize, String)> {
    let span = |which: usize, blocks: i64, block: i64| {
        crate::core::size::product([blocks, block])
            .ok_or_else(|| (which, format!("{blocks} blocks of {block} overflow i64")))
    };
    let skv = span(0, blocks_k, block_k)?.min(span(1, blocks_v, block_v)?);
    for (which, blocks, block) in [(0, blocks_k, block_k), (1, blocks_v, block_v)] {
        // Graph dims are at least 1, so skv >= 1 and block >= 1: this is
        // ceil(skv / block), at most skv.
        #[allow(clippy::arithmetic_side_effects)]
        let need = (skv - 1) / block + 1;
        if blocks != need {
            return Err((
                which,
                format!(
                    "{blocks} blocks per sequence of {block}; the tables span S_kv = {skv}, \
                     which takes ceil({skv} / {block}) = {need}"
                ),
            ));
        }
    }
    Ok(skv)
}

/// The dims of a paged attention over `q` and the containers `k`, `v`
/// with the tables of `paged`, checked, and the tables' indices.
pub(super) fn paged_dims(
    g: &Graph,
    function: &'static str,
    nd: &NodeLabel<'_>,
    [q, k, v]: [usize; 3],
    paged: &SdpaPagedKv,
    options: &SdpaOptions,
) -> Result<(Dims, [usize; 2])> {
    let fail = |tensor: Option<String>, what: String| node_error(function, nd, tensor, what);
    if let Some(what) = refused_option(options) {
        return Err(fail(
            None,
            format!("paged K/V with {what}; paged attention is offered without"),
        ));
    }
    if options.seq_len_q.is_none() || options.seq_len_kv.is_none() {
        return Err(fail(
            None,
            "paged K/V without seq_len_q and seq_len_kv; paged attention takes both \
             (a padding mask)"
                .into(),
        ));
    }
    let types = super::forward_types(options);
    let mut dims = g.attention_dims(function, nd, [q, k, v], true, types)?;
    let tables = g.inputs(
        function,
        nd,
        &[paged.page_table_k, paged.page_table_v],
        false,
    )?;
    let mut blocks = [0; 2];
    for (n, (&t, role)) in tables
        .iter()
        .zip(["page_table_k", "page_table_v"])
        .enumerate()
    {
        let name = || Some(g.tensors[t].name.to_string());
        blocks[n] = check_table_dims(&g.tensors[t].dims, dims.b).map_err(|w| fail(name(), w))?;
        g.check_type_in(function, nd, t, &[Dt::INT32], role)?;
    }
    let block = |i: usize| g.tensors[i].dims[2];
    dims.skv = spanned_len([blocks[0], block(k)], [blocks[1], block(v)])
        .map_err(|(which, w)| fail(Some(g.tensors[tables[which]].name.to_string()), w))?;
    Ok((dims, [tables[0], tables[1]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_b_1_n_1() {
        assert_eq!(check_table_dims(&[2, 1, 3, 1], 2), Ok(3));
        for bad in [&[3, 1, 3, 1][..], &[2, 2, 3, 1], &[2, 1, 3, 2], &[2, 1, 3]] {
            let e = check_table_dims(bad, 2).unwrap_err();
            assert!(e.contains("[B, 1, blocks_per_seq, 1] with B = 2"), "{e}");
        }
    }

    #[test]
    fn the_tables_span_s_kv_block_by_block() {
        assert_eq!(spanned_len([4, 16], [4, 16]), Ok(64));
        // Other block sizes: 3 blocks of 16 and 2 of 32 span 48 and 64;
        // 48 keys take 2 blocks of 32.
        assert_eq!(spanned_len([3, 16], [2, 32]), Ok(48));
        let (which, e) = spanned_len([4, 16], [4, 32]).unwrap_err();
        assert_eq!(which, 1, "{e}");
        assert!(e.contains("ceil(64 / 32) = 2"), "{e}");
        let (which, e) = spanned_len([8, 16], [1, 32]).unwrap_err();
        assert_eq!(which, 0, "{e}");
        assert!(e.contains("ceil(32 / 16) = 2"), "{e}");
        let (which, e) = spanned_len([4, 16], [i64::MAX, 2]).unwrap_err();
        assert_eq!(which, 1, "{e}");
        assert!(e.contains("overflow i64"), "{e}");
    }

    #[test]
    fn paged_refuses_the_score_modifiers_and_dropout() {
        assert_eq!(refused_option(&SdpaOptions::default()), None);
        let causal = SdpaOptions {
            causal: true,
            sliding_window: Some(4),
            ..SdpaOptions::default()
        };
        assert_eq!(refused_option(&causal), Some("a causal mask"));
        let window = SdpaOptions {
            sliding_window: Some(4),
            ..SdpaOptions::default()
        };
        assert_eq!(refused_option(&window), Some("a sliding window"));
        let right = SdpaOptions {
            right_bound: Some(4),
            ..SdpaOptions::default()
        };
        assert_eq!(refused_option(&right), Some("a right bound"));
    }
}
