//! NVFP4 block-scaled matmul: `FP4_E2M1` values (as 4-bit codes) times
//! their `FP8_E4M3` block factors (one per 16 values along K), multiplied
//! in `f64`; and cuDNN's 128 x 4 tiling of block factors
//! (`F8_128x4`, cuBLAS's block-scaling factor layout).
//!
//! Written from the formats' definitions, not from the `cudnn` crate's
//! conversions, so that it checks them too.

/// The values of the 16 `E2M1` codes: sign bit 3, then 2 exponent bits
/// (bias 1) and 1 mantissa bit.
pub const E2M1: [f64; 16] = [
    0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0,
];

/// The elements per NVFP4 block.
pub const BLOCK: usize = 16;

/// The value of an OCP `E4M3` byte: sign, 4 exponent bits (bias 7), 3
/// mantissa bits; `S.1111.111` is NaN.
pub fn e4m3(bits: u8) -> f64 {
    let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
    let (e, m) = (i32::from((bits >> 3) & 0xF), f64::from(bits & 0x7));
    if bits & 0x7F == 0x7F {
        return f64::NAN;
    }
    let mag = if e == 0 {
        m / 8.0 * 2f64.powi(-6)
    } else {
        (1.0 + m / 8.0) * 2f64.powi(e - 7)
    };
    sign * mag
}

/// The offset of factor `(r, c)` of a `rows` x `cols` factor matrix (`r`
/// along M or N, `c` the block along K) in cuDNN's 128 x 4 tiles: tiles of
/// 128 rows by 4 columns, row-major over the padded matrix
/// (`cols.div_ceil(4)` tiles to a row of tiles), each of 512 bytes laid out
/// as `[32][4][4]`: `(r % 32) * 16 + (r % 128 / 32) * 4 + c % 4`.
pub fn tiled_offset(cols: usize, r: usize, c: usize) -> usize {
    let tiles_per_row = cols.div_ceil(4);
    let tile = (r / 128) * tiles_per_row + c / 4;
    tile * 512 + (r % 32) * 16 + (r % 128 / 32) * 4 + c % 4
}

/// `logical` (`rows` x `cols`, row-major) in 128 x 4 tiles, padded with
/// zero bytes to `rows.div_ceil(128) * 128` by `cols.div_ceil(4) * 4`.
///
/// # Panics
/// When `logical` is not `rows * cols` long.
pub fn tile_128x4(rows: usize, cols: usize, logical: &[u8]) -> Vec<u8> {
    assert_eq!(logical.len(), rows * cols, "a {rows} x {cols} matrix");
    let mut out = vec![0u8; rows.div_ceil(128) * 128 * cols.div_ceil(4) * 4];
    for r in 0..rows {
        for c in 0..cols {
            out[tiled_offset(cols, r, c)] = logical[r * cols + c];
        }
    }
    out
}

/// `C = A B` for NVFP4 operands, in `f64`: `a` the `m` x `k` codes of A
/// row-major, `b` the `n` x `k` codes of B stored column by column (B's
/// column `j` is `b[j * k..][..k]`), `sa` (`m` x `k / 16`) and `sb` (`n` x
/// `k / 16`) their `E4M3` factor bytes, row-major in that logical order.
/// `C` is `m` x `n`, row-major.
///
/// # Panics
/// When `k` is not a multiple of 16 or a slice's length is not its
/// shape's.
pub fn nvfp4_matmul(
    (m, n, k): (usize, usize, usize),
    (a, sa): (&[u8], &[u8]),
    (b, sb): (&[u8], &[u8]),
) -> Vec<f64> {
    assert_eq!(k % BLOCK, 0, "k is a multiple of {BLOCK}");
    let kb = k / BLOCK;
    assert_eq!((a.len(), sa.len()), (m * k, m * kb), "a and its factors");
    assert_eq!((b.len(), sb.len()), (n * k, n * kb), "b and its factors");
    let value = |codes: &[u8], scales: &[u8], row: usize, l: usize| {
        E2M1[usize::from(codes[row * k + l] & 0xF)] * e4m3(scales[row * kb + l / BLOCK])
    };
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k)
                .map(|l| value(a, sa, i, l) * value(b, sb, j, l))
                .sum();
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e4m3_values() {
        assert_eq!(e4m3(0x38), 1.0);
        assert_eq!(e4m3(0x40), 2.0);
        assert_eq!(e4m3(0x30), 0.5);
        assert_eq!(e4m3(0xC0), -2.0);
        assert_eq!(e4m3(0x7E), 448.0);
        assert_eq!(e4m3(0x01), 2f64.powi(-9));
        assert!(e4m3(0x7F).is_nan());
    }

    #[test]
    fn the_tiles_place_each_factor_once() {
        // 130 x 5 factors: 2 x 2 tiles of 512.
        let (rows, cols) = (130, 5);
        let logical: Vec<u8> = (0..rows * cols).map(|i| (i % 251) as u8 + 1).collect();
        let tiled = tile_128x4(rows, cols, &logical);
        assert_eq!(tiled.len(), 256 * 8);
        assert_eq!(tiled.iter().filter(|&&v| v != 0).count(), rows * cols);
        assert_eq!(tiled_offset(cols, 0, 0), 0);
        assert_eq!(tiled_offset(cols, 0, 3), 3);
        assert_eq!(tiled_offset(cols, 1, 0), 16);
        assert_eq!(tiled_offset(cols, 32, 0), 4);
        assert_eq!(tiled_offset(cols, 0, 4), 512);
        assert_eq!(tiled_offset(cols, 128, 0), 1024);
        assert_eq!(tiled[tiled_offset(cols, 129, 4)], logical[129 * cols + 4]);
    }

    #[test]
    fn a_block_scaled_product_by_hand() {
        // m = n = 1, k = 32: two blocks. A's values 1.5 then -2 (codes 3
        // and 0xC), factors 2 and 0.5; B's all 1 (code 2), factors 1, 4.
        let a: Vec<u8> = (0..32).map(|l| if l < 16 { 3 } else { 0xC }).collect();
        let b = vec![2u8; 32];
        let c = nvfp4_matmul((1, 1, 32), (&a, &[0x40, 0x30]), (&b, &[0x38, 0x48]));
        // 16 * (1.5 * 2) * (1 * 1) + 16 * (-2 * 0.5) * (1 * 4)
        assert_eq!(c, [16.0 * 3.0 - 16.0 * 4.0]);
    }
}
