//! The OCP 8-bit floating-point elements, [`F8E4M3`] and [`F8E5M2`]: one
//! byte each, converted to and from `f32` by the OCP FP8 rules (round to
//! nearest, ties to even; saturating).

/// The layout of one OCP FP8 format.
struct Format {
    /// Mantissa bits.
    man: u32,
    /// Exponent bias.
    bias: i32,
    /// The bits of the largest finite value.
    max_bits: u8,
    /// The bits of the NaN a conversion writes (its sign is the input's).
    nan_bits: u8,
    /// Whether an all-ones exponent holds infinities (E5M2) or values
    /// (E4M3, whose only non-finite pattern is `S.1111.111`, NaN).
    ieee_specials: bool,
}

const E4M3: Format = Format {
    man: 3,
    bias: 7,
    max_bits: 0x7E,
    nan_bits: 0x7F,
    ieee_specials: false,
};

const E5M2: Format = Format {
    man: 2,
    bias: 15,
    max_bits: 0x7B,
    nan_bits: 0x7E,
    ieee_specials: true,
};

impl Format {
    /// `x` rounded to nearest (ties to even); a magnitude at or above the
    /// largest finite value (infinities too) saturates to it; NaN stays NaN.
    fn encode(&self, x: f32) -> u8 {
        let sign = if x.is_sign_negative() { 0x80 } else { 0 };
        let a = f64::from(x.abs());
        if a.is_nan() {
            return sign | self.nan_bits;
        }
        let max = self.decode_magnitude(self.max_bits);
        if a >= max {
            return sign | self.max_bits;
        }
        if a == 0.0 {
            return sign;
        }
        let min_exp = 1 - self.bias;
        // The unbiased exponent of `a` (exact: an f64 made from an f32).
        let exp = ((a.to_bits() >> 52) as i32 & 0x7FF) - 1023;
        let mut quantum = exp.max(min_exp) - self.man as i32;
        // `a` in units of the format's spacing at its exponent, an exact
        // scaling by a power of two, then rounded ties-to-even.
        let units = (a * 2f64.powi(-quantum)).round_ties_even();
        // At most 2^(man + 1), so the cast is exact.
        let mut n = units as u32;
        if n == 1 << (self.man + 1) {
            n >>= 1;
            quantum += 1;
        }
        let bits = if n < 1 << self.man {
            // Subnormal (or zero): exponent field 0.
            n
        } else {
            let field = (quantum + self.man as i32 + self.bias) as u32;
            (field << self.man) | (n - (1 << self.man))
        };
        // Below `max`, so at most `max_bits`: seven bits.
        sign | (bits as u8)
    }

    /// The value of the seven magnitude bits of `bits`.
    fn decode_magnitude(&self, bits: u8) -> f64 {
        let bits = u32::from(bits & 0x7F);
        let field = bits >> self.man;
        let mantissa = f64::from(bits & ((1 << self.man) - 1));
        let all_ones = (1 << (7 - self.man)) - 1;
        if self.ieee_specials && field == all_ones {
            return if mantissa == 0.0 {
                f64::INFINITY
            } else {
                f64::NAN
            };
        }
        if !self.ieee_specials && bits == 0x7F {
            return f64::NAN;
        }
        let scale = f64::from(1u32 << self.man);
        if field == 0 {
            mantissa / scale * 2f64.powi(1 - self.bias)
        } else {
            (1.0 + mantissa / scale) * 2f64.powi(field as i32 - self.bias)
        }
    }

    /// The value of `bits`, exact in `f32`.
    fn decode(&self, bits: u8) -> f32 {
        let m = self.decode_magnitude(bits);
        // Every FP8 value is an f32, so the narrowing is exact.
        let m = m as f32;
        if bits & 0x80 != 0 {
            -m
        } else {
            m
        }
    }
}

macro_rules! fp8_type {
    ($(#[$doc:meta])* $name:ident, $format:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $name(pub u8);

        impl $name {
            /// The largest finite value.
            pub const MAX: $name = $name($format.max_bits);
            /// The NaN [`from_f32`](Self::from_f32) writes for a positive NaN.
            pub const NAN: $name = $name($format.nan_bits);

            /// `x` rounded to the nearest value, ties to even; a magnitude
            /// beyond the largest finite value, infinities included,
            /// saturates to it (OCP's saturating conversion, CUDA's
            /// `__NV_SATFINITE`); a NaN stays NaN, with its sign.
            pub fn from_f32(x: f32) -> $name {
                $name($format.encode(x))
            }

            /// The value (every one is exact in `f32`).
            pub fn to_f32(self) -> f32 {
                $format.decode(self.0)
            }

            /// Whether the bits are a NaN.
            pub fn is_nan(self) -> bool {
                self.to_f32().is_nan()
            }
        }

        impl From<$name> for f32 {
            fn from(v: $name) -> f32 {
                v.to_f32()
            }
        }
    };
}

fp8_type!(
    /// An OCP `E4M3` value (cuDNN's `FP8_E4M3`): sign, 4 exponent bits
    /// (bias 7), 3 mantissa bits. No infinities; `S.1111.111` is NaN; the
    /// largest finite value is 448 (`0x7E`), the smallest subnormal 2^-9.
    F8E4M3,
    E4M3
);

fp8_type!(
    /// An OCP `E5M2` value (cuDNN's `FP8_E5M2`): sign, 5 exponent bits
    /// (bias 15), 2 mantissa bits, IEEE-style infinities (`0x7C`) and NaNs
    /// (`0x7D..=0x7F`); the largest finite value is 57344 (`0x7B`), the
    /// smallest subnormal 2^-16.
    F8E5M2,
    E5M2
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e4m3_bit_patterns() {
        let cases: &[(f32, u8)] = &[
            (0.0, 0x00),
            (-0.0, 0x80),
            (1.0, 0x38),
            (-2.0, 0xC0),
            (240.0, 0x77),
            (448.0, 0x7E),
            (-448.0, 0xFE),
            (2f32.powi(-6), 0x08),       // smallest normal
            (2f32.powi(-9), 0x01),       // smallest subnormal
            (7.0 * 2f32.powi(-9), 0x07), // largest subnormal
        ];
        for &(x, bits) in cases {
            assert_eq!(F8E4M3::from_f32(x).0, bits, "{x}");
            assert_eq!(F8E4M3(bits).to_f32().to_bits(), x.to_bits(), "{bits:#x}");
        }
        assert_eq!(F8E4M3::MAX.to_f32(), 448.0);
        assert!(F8E4M3(0x7F).is_nan() && F8E4M3(0xFF).is_nan());
        assert!(!F8E4M3(0x7E).is_nan());
    }

    #[test]
    fn e4m3_rounds_to_nearest_even_and_saturates() {
        let cases: &[(f32, u8)] = &[
            (1.0625, 0x38),               // halfway 1.0 | 1.125: to even 1.0
            (1.1875, 0x3A),               // halfway 1.125 | 1.25: to even 1.25
            (1.07, 0x39),                 // nearer 1.125
            (2f32.powi(-10), 0x00),       // halfway 0 | 2^-9: to even 0
            (3.0 * 2f32.powi(-10), 0x02), // halfway 1 | 2 subnormal units
            (2f32.powi(-11), 0x00),
            (15.0 * 2f32.powi(-10), 0x08), // 7.5 units rounds up to the normal 2^-6
            (464.0, 0x7E),                 // halfway 448 | 480: saturates
            (500.0, 0x7E),
            (1e30, 0x7E),
            (f32::INFINITY, 0x7E),
            (f32::NEG_INFINITY, 0xFE),
            (-1e-30, 0x80),
        ];
        for &(x, bits) in cases {
            assert_eq!(F8E4M3::from_f32(x).0, bits, "{x}");
        }
        assert_eq!(F8E4M3::from_f32(f32::NAN).0, 0x7F);
        assert_eq!(F8E4M3::from_f32(-f32::NAN).0, 0xFF);
    }

    #[test]
    fn e5m2_bit_patterns() {
        let cases: &[(f32, u8)] = &[
            (1.0, 0x3C),
            (-1.5, 0xBE),
            (57344.0, 0x7B),
            (2f32.powi(-14), 0x04),       // smallest normal
            (2f32.powi(-16), 0x01),       // smallest subnormal
            (3.0 * 2f32.powi(-16), 0x03), // largest subnormal
        ];
        for &(x, bits) in cases {
            assert_eq!(F8E5M2::from_f32(x).0, bits, "{x}");
            assert_eq!(F8E5M2(bits).to_f32().to_bits(), x.to_bits(), "{bits:#x}");
        }
        assert_eq!(F8E5M2::MAX.to_f32(), 57344.0);
        assert_eq!(F8E5M2(0x7C).to_f32(), f32::INFINITY);
        assert_eq!(F8E5M2(0xFC).to_f32(), f32::NEG_INFINITY);
        for bits in [0x7D, 0x7E, 0x7F, 0xFF] {
            assert!(F8E5M2(bits).is_nan(), "{bits:#x}");
        }
    }

    #[test]
    fn e5m2_rounds_to_nearest_even_and_saturates() {
        let cases: &[(f32, u8)] = &[
            (1.125, 0x3C),          // halfway 1.0 | 1.25: to even 1.0
            (1.375, 0x3E),          // halfway 1.25 | 1.5: to even 1.5
            (2f32.powi(-17), 0x00), // halfway 0 | 2^-16
            (3.0 * 2f32.powi(-17), 0x02),
            (61440.0, 0x7B), // halfway 57344 | 65536: saturates
            (f32::INFINITY, 0x7B),
            (-1e9, 0xFB),
        ];
        for &(x, bits) in cases {
            assert_eq!(F8E5M2::from_f32(x).0, bits, "{x}");
        }
        assert_eq!(F8E5M2::from_f32(f32::NAN).0, 0x7E);
    }

    #[test]
    fn every_value_round_trips() {
        for bits in 0..=255u8 {
            let a = F8E4M3(bits);
            if !a.is_nan() {
                assert_eq!(F8E4M3::from_f32(a.to_f32()), a, "{bits:#x}");
            }
            let b = F8E5M2(bits);
            if b.to_f32().is_finite() {
                assert_eq!(F8E5M2::from_f32(b.to_f32()), b, "{bits:#x}");
            }
        }
    }

    #[test]
    fn values_between_neighbours_round_to_the_nearer() {
        // Every pair of adjacent positive finite values: a point a quarter
        // of the gap above the lower goes down, three quarters goes up.
        for bits in 0..0x7Eu8 {
            let (lo, hi) = (F8E4M3(bits).to_f32(), F8E4M3(bits + 1).to_f32());
            let gap = hi - lo;
            assert_eq!(F8E4M3::from_f32(lo + gap / 4.0).0, bits);
            assert_eq!(F8E4M3::from_f32(lo + 3.0 * gap / 4.0).0, bits + 1);
        }
        for bits in 0..0x7Bu8 {
            let (lo, hi) = (F8E5M2(bits).to_f32(), F8E5M2(bits + 1).to_f32());
            let gap = hi - lo;
            assert_eq!(F8E5M2::from_f32(lo + gap / 4.0).0, bits);
            assert_eq!(F8E5M2::from_f32(lo + 3.0 * gap / 4.0).0, bits + 1);
        }
    }
}
