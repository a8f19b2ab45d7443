//! The attention forward's block-sparse mask (`SDPA_FWD_BLOCK_MASK_DESC`,
//! cuDNN 9.14; unified operation only).
//!
//! cuDNN 9.28's header describes the mask as `INT8` of dims `[B, H_q,
//! ceil(S_q / 128), ceil(S_kv / 128)]`, one element per 128 x 128 tile of
//! the scores. Its heuristics say otherwise, and they are what this
//! module checks: asked for a described B200 (the frontend's
//! `set_block_mask` the same), cuDNN 9.28 offers an engine only when the
//! last dim is `ceil(ceil(S_kv / 128) / 8)`, the key tiles of a row packed
//! eight to a byte, `INT8` or `UINT8`, with the batch and the heads
//! given in full (a 1 to broadcast either has no engine). Measured with
//! `S_kv` 512, 1024, 1100 and 2048 (4, 8, 9 and 16 tiles: 1, 1, 2 and 2
//! bytes) and `S_q` 300 and 512; every other last dim tried (the
//! header's, 1 too few) had no engine. For a described H100 it offers no
//! engine with a mask at all.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;

use DType as Dt;

use super::{Dims, SdpaOptions};
use crate::core::error::Result;
use crate::graph::builder::{node_error, Graph, NodeLabel};

/// The side of a square tile of scores that one mask bit covers.
pub(crate) const TILE: i64 = 128;

/// Key tiles per byte of the mask's last dim.
const TILES_PER_BYTE: i64 = 8;

/// The mask's element types.
const MASK_TYPES: &[Dt] = &[Dt::INT8, Dt::UINT8];

/// `ceil(n / d)` of a positive `n` and `d`; `None` for others.
fn ceil_div(n: i64, d: i64) -> Option<i64> {
    if n < 1 || d < 1 {
        return None;
    }
    n.checked_sub(1)?.checked_div(d)?.checked_add(1)
}

/// The dims of the block mask of an attention of `dims`: `[B, H_q,
/// ceil(S_q / 128), ceil(ceil(S_kv / 128) / 8)]`.
pub(super) fn mask_dims(dims: &Dims) -> Option<[i64; 4]> {
    let rows = ceil_div(dims.sq, TILE)?;
    let tiles = ceil_div(dims.skv, TILE)?;
    let bytes = ceil_div(tiles, TILES_PER_BYTE)?;
    Some([dims.b, dims.hq, rows, bytes])
}

impl Graph {
    /// The forward's block mask, checked: of this graph, not a scalar,
    /// `INT8` or `UINT8`, of [`mask_dims`]; `None` without one.
    pub(super) fn sdpa_block_mask(
        &self,
        function: &'static str,
        nd: &NodeLabel<'_>,
        options: &SdpaOptions,
        dims: &Dims,
    ) -> Result<Option<usize>> {
        let Some(t) = options.block_mask else {
            return Ok(None);
        };
        let i = self.inputs(function, nd, &[t], false)?[0];
        let want = mask_dims(dims).ok_or_else(|| {
            node_error(
                function,
                nd,
                None,
                format!("S_q {} or S_kv {} out of range", dims.sq, dims.skv),
            )
        })?;
        self.check_dims_are(
            function,
            nd,
            i,
            &want,
            "the block mask is [B, H_q, ceil(S_q / 128), ceil(ceil(S_kv / 128) / 8)] (a bit per \
             128 x 128 tile of scores, eight key tiles to a byte) =",
        )?;
        self.check_type_in(function, nd, i, MASK_TYPES, "the block mask")?;
        Ok(Some(i))
    }
}

#[cfg(test)]
mod tests {
    use super::{ceil_div, mask_dims, Dims};

    fn dims(sq: i64, skv: i64) -> Dims {
        Dims {
            b: 2,
            hq: 8,
            sq,
            skv,
            dv: 128,
            d: 128,
        }
    }

    #[test]
    fn the_mask_packs_eight_key_tiles_to_a_byte() {
        // The four shapes cuDNN 9.28 planned for a described B200.
        assert_eq!(mask_dims(&dims(512, 512)), Some([2, 8, 4, 1]));
        assert_eq!(mask_dims(&dims(512, 1024)), Some([2, 8, 4, 1]));
        assert_eq!(mask_dims(&dims(512, 1100)), Some([2, 8, 4, 2]));
        assert_eq!(mask_dims(&dims(300, 2048)), Some([2, 8, 3, 2]));
        assert_eq!(mask_dims(&dims(1, 1)), Some([2, 8, 1, 1]));
        assert_eq!(mask_dims(&dims(0, 512)), None);
        assert_eq!(ceil_div(i64::MAX, 128), Some(i64::MAX / 128 + 1));
        assert_eq!(ceil_div(5, 0), None);
    }
}
