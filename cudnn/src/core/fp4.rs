//! The OCP 4-bit floating-point element `E2M1` (cuDNN's `FP4_E2M1`,
//! NVFP4's values), held two to a byte: [`F4E2M1x2`].
//!
//! An `E2M1` code is 4 bits: sign, 2 exponent bits (bias 1), 1 mantissa
//! bit. Its magnitudes are 0, 0.5, 1, 1.5, 2, 3, 4 and 6; it has no
//! infinity and no NaN. In memory, element `2i` of a tensor is the low
//! nibble of byte `i` and element `2i + 1` its high nibble (as
//! cudnn-frontend's tests and PyTorch's `float4_e2m1fn_x2` pack them).

/// The magnitudes of codes 0 to 7 (the sign is bit 3).
const MAGNITUDES: [f32; 8] = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];

/// The sign bit of a code.
const SIGN: u8 = 0x8;

/// Two `E2M1` values in one byte: the low nibble is the first (the element
/// at the even offset), the high nibble the second. The graph API's
/// `FP4_E2M1` tensors take buffers of it: a tensor of `n` elements binds
/// `n.div_ceil(2)` of them (see [`crate::dtype::data_type_bits`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct F4E2M1x2(pub u8);

impl F4E2M1x2 {
    /// The largest magnitude, 6 (code `0x7`).
    pub const MAX: f32 = 6.0;

    /// The pair of codes `low` (first) and `high` (second); each is
    /// masked to its 4 bits.
    pub fn from_codes(low: u8, high: u8) -> F4E2M1x2 {
        F4E2M1x2((low & 0xF) | ((high & 0xF) << 4))
    }

    /// The first value's code (the low nibble) and the second's (the high
    /// nibble).
    pub fn codes(self) -> [u8; 2] {
        [self.0 & 0xF, self.0 >> 4]
    }

    /// The pair `low` (first), `high` (second), each rounded with
    /// [`code_from_f32`](Self::code_from_f32).
    pub fn from_f32(low: f32, high: f32) -> F4E2M1x2 {
        F4E2M1x2::from_codes(Self::code_from_f32(low), Self::code_from_f32(high))
    }

    /// Both values, first then second (each exact in `f32`).
    pub fn to_f32(self) -> [f32; 2] {
        let [lo, hi] = self.codes();
        [Self::code_to_f32(lo), Self::code_to_f32(hi)]
    }

    /// The first value (the low nibble).
    pub fn low(self) -> f32 {
        self.to_f32()[0]
    }

    /// The second value (the high nibble).
    pub fn high(self) -> f32 {
        self.to_f32()[1]
    }

    /// The value of a 4-bit code (the bits above the fourth are ignored).
    pub fn code_to_f32(code: u8) -> f32 {
        let m = MAGNITUDES[usize::from(code & 0x7)];
        if code & SIGN != 0 {
            -m
        } else {
            m
        }
    }

    /// The code nearest `x`, ties to the even code (mantissa bit 0); a
    /// magnitude above 6, infinities included, saturates to ±6. E2M1 has
    /// no NaN: a NaN becomes +6 (code `0x7`), as the PTX conversion
    /// `cvt.rn.satfinite.e2m1x2.f32` writes it. The sign of a value that
    /// rounds to zero is kept (`-0.1` is code `0x8`, -0).
    pub fn code_from_f32(x: f32) -> u8 {
        if x.is_nan() {
            return 0x7;
        }
        let sign = if x.is_sign_negative() { SIGN } else { 0 };
        let a = x.abs();
        if a >= Self::MAX {
            return sign | 0x7;
        }
        let mut best = 0u8;
        for (code, &m) in (0u8..).zip(&MAGNITUDES) {
            let (d, d_best) = ((a - m).abs(), (a - MAGNITUDES[usize::from(best)]).abs());
            // Every midpoint of two neighbours is exact in f32, so a tie is
            // an exact equality; the even code wins it.
            if d < d_best || (d == d_best && code % 2 == 0) {
                best = code;
            }
        }
        sign | best
    }

    /// `values` packed two to a byte, in order; an odd count leaves the
    /// last byte's high nibble +0.
    pub fn pack(values: &[f32]) -> Vec<F4E2M1x2> {
        values
            .chunks(2)
            .map(|p| F4E2M1x2::from_f32(p[0], p.get(1).copied().unwrap_or(0.0)))
            .collect()
    }

    /// The first `n` values of `pairs` (at most two per pair), in order.
    pub fn unpack(pairs: &[F4E2M1x2], n: usize) -> Vec<f32> {
        pairs.iter().flat_map(|p| p.to_f32()).take(n).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the 16 codes: its value, and back.
    #[test]
    fn every_code_has_its_value_and_round_trips() {
        let values: [f32; 16] = [
            0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0,
        ];
        for (code, &v) in (0u8..).zip(&values) {
            let got = F4E2M1x2::code_to_f32(code);
            assert_eq!(got.to_bits(), v.to_bits(), "code {code:#x}");
            assert_eq!(F4E2M1x2::code_from_f32(v), code, "{v}");
            // Low nibble first.
            let p = F4E2M1x2::from_codes(code, 15 - code);
            assert_eq!(p.0, code | ((15 - code) << 4));
            assert_eq!(p.codes(), [code, 15 - code]);
            assert_eq!(p.low().to_bits(), v.to_bits());
            assert_eq!(p.high(), values[usize::from(15 - code)]);
        }
    }

    #[test]
    fn rounds_to_nearest_even_and_saturates() {
        let cases: &[(f32, u8)] = &[
            (0.25, 0x0), // halfway 0 | 0.5: to even 0
            (0.26, 0x1), // nearer 0.5
            (0.75, 0x2), // halfway 0.5 | 1: to even 1
            (1.25, 0x2), // halfway 1 | 1.5: to even 1
            (1.75, 0x4), // halfway 1.5 | 2: to even 2
            (2.5, 0x4),  // halfway 2 | 3: to even 2
            (3.5, 0x6),  // halfway 3 | 4: to even 4
            (5.0, 0x6),  // halfway 4 | 6: to even 4
            (5.01, 0x7), // nearer 6
            (7.0, 0x7),  // beyond 6: saturates
            (1e30, 0x7),
            (f32::INFINITY, 0x7),
            (f32::NEG_INFINITY, 0xF),
            (-2.6, 0xD), // -3
            (-0.1, 0x8), // -0
            (1e-30, 0x0),
        ];
        for &(x, code) in cases {
            assert_eq!(F4E2M1x2::code_from_f32(x), code, "{x}");
        }
        assert_eq!(F4E2M1x2::code_from_f32(f32::NAN), 0x7);
        assert_eq!(F4E2M1x2::code_from_f32(-f32::NAN), 0x7);
    }

    #[test]
    fn pairs_pack_low_nibble_first() {
        let p = F4E2M1x2::from_f32(1.0, -6.0);
        assert_eq!(p.0, 0xF2);
        assert_eq!(p.to_f32(), [1.0, -6.0]);
        let packed = F4E2M1x2::pack(&[0.5, 1.5, 3.0]);
        assert_eq!(packed, [F4E2M1x2(0x31), F4E2M1x2(0x05)]);
        assert_eq!(F4E2M1x2::unpack(&packed, 3), [0.5, 1.5, 3.0]);
        assert_eq!(F4E2M1x2::unpack(&packed, 4), [0.5, 1.5, 3.0, 0.0]);
        // The bits above a code's four are ignored.
        assert_eq!(F4E2M1x2::from_codes(0x12, 0x34), F4E2M1x2(0x42));
        assert_eq!(F4E2M1x2::code_to_f32(0x17), 6.0);
    }
}
