//! [`ScalarValue`]: the value of a by-value tensor (a host scalar cuDNN
//! reads when the work is queued), and its bytes in the tensor's data
//! type.

use crate::core::dtype::DType;
use half::{bf16, f16};

use DType as Dt;

/// The value of a scalar passed by value (`CUDNN_ATTR_TENSOR_IS_BY_VALUE`),
/// as the caller gives it. cuDNN reads it in its tensor's data type: an
/// execution converts it to that type ([`Handle::execute`](crate::Handle::execute)
/// refuses a value the type cannot hold: a fraction or an out-of-range
/// number for an integer type, a finite number too large for a
/// floating-point one, which would become infinite).
///
/// Made from `f32`, `f64`, `half::f16`, `half::bf16`, `i32` and `i64`
/// (`From`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum ScalarValue {
    /// A `float`.
    Float(f32),
    /// A `double`.
    Double(f64),
    /// A `half`.
    Half(f16),
    /// A `bfloat16`.
    BFloat16(bf16),
    /// An `int32_t`.
    Int32(i32),
    /// An `int64_t`.
    Int64(i64),
}

static_assertions::assert_impl_all!(ScalarValue: Send, Sync, Copy);

macro_rules! from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for ScalarValue {
            fn from(v: $t) -> Self {
                ScalarValue::$v(v)
            }
        }
    )*};
}

from!(f32 => Float, f64 => Double, f16 => Half, bf16 => BFloat16, i32 => Int32, i64 => Int64);

/// A value, exactly: an integer or a floating-point number.
#[derive(Debug, Clone, Copy)]
enum Exact {
    Int(i64),
    Real(f64),
}

/// The bytes of a scalar in a tensor's data type: what cuDNN reads
/// through the variant pack's pointer (at most 8 of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScalarBytes {
    /// The value's bytes in native order, in the first `len`.
    pub(crate) bytes: [u8; 8],
    pub(crate) len: usize,
}

impl ScalarBytes {
    fn of(b: &[u8]) -> ScalarBytes {
        let mut bytes = [0u8; 8];
        bytes[..b.len()].copy_from_slice(b);
        ScalarBytes {
            bytes,
            len: b.len(),
        }
    }

    /// The bytes as the `u64` whose memory holds them (an 8-byte aligned
    /// home for cuDNN to read any scalar type from).
    pub(crate) fn word(self) -> u64 {
        u64::from_ne_bytes(self.bytes)
    }
}

impl ScalarValue {
    /// The value's own data type.
    pub fn data_type(self) -> DType {
        match self {
            ScalarValue::Float(_) => Dt::FLOAT,
            ScalarValue::Double(_) => Dt::DOUBLE,
            ScalarValue::Half(_) => Dt::HALF,
            ScalarValue::BFloat16(_) => Dt::BFLOAT16,
            ScalarValue::Int32(_) => Dt::INT32,
            ScalarValue::Int64(_) => Dt::INT64,
        }
    }

    /// The value as a `f64` (integers beyond 2^53 round).
    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(self) -> f64 {
        match self.exact() {
            Exact::Int(i) => i as f64,
            Exact::Real(r) => r,
        }
    }

    fn exact(self) -> Exact {
        match self {
            ScalarValue::Float(v) => Exact::Real(f64::from(v)),
            ScalarValue::Double(v) => Exact::Real(v),
            ScalarValue::Half(v) => Exact::Real(v.to_f64()),
            ScalarValue::BFloat16(v) => Exact::Real(v.to_f64()),
            ScalarValue::Int32(v) => Exact::Int(i64::from(v)),
            ScalarValue::Int64(v) => Exact::Int(v),
        }
    }

    /// The value in `dtype`, as cuDNN reads a by-value tensor of that type,
    /// or why it does not fit: an integer type takes integers in its
    /// range; a floating-point type takes any number, rounded to the
    /// nearest it holds, but refuses a finite one it can only hold as an
    /// infinity.
    pub(crate) fn encode(self, dtype: DType) -> Result<ScalarBytes, String> {
        let name = crate::graph::builder::data_type_name(dtype);
        let v = self.exact();
        let too_large = |what: &str| format!("{} does not fit {name}: {what}", describe(v));
        Ok(match dtype {
            Dt::INT32 | Dt::INT64 => {
                let i = integer(v).map_err(too_large)?;
                if dtype == Dt::INT32 {
                    let i = i32::try_from(i).map_err(|_| too_large("out of range"))?;
                    ScalarBytes::of(&i.to_ne_bytes())
                } else {
                    ScalarBytes::of(&i.to_ne_bytes())
                }
            }
            Dt::DOUBLE => ScalarBytes::of(&self.to_f64().to_ne_bytes()),
            Dt::FLOAT => {
                let x = self.to_f64();
                #[allow(clippy::cast_possible_truncation)]
                let f = x as f32;
                finite_stays(x, f64::from(f)).map_err(|()| too_large("out of range"))?;
                ScalarBytes::of(&f.to_ne_bytes())
            }
            Dt::HALF => {
                let h = f16::from_f64(self.to_f64());
                finite_stays(self.to_f64(), h.to_f64()).map_err(|()| too_large("out of range"))?;
                ScalarBytes::of(&h.to_ne_bytes())
            }
            Dt::BFLOAT16 => {
                let h = bf16::from_f64(self.to_f64());
                finite_stays(self.to_f64(), h.to_f64()).map_err(|()| too_large("out of range"))?;
                ScalarBytes::of(&h.to_ne_bytes())
            }
            _ => return Err(format!("a by-value scalar of type {name} is not supported")),
        })
    }
}

/// `v` as an exact `i64`, or why it is not one.
#[allow(clippy::cast_possible_truncation)]
fn integer(v: Exact) -> Result<i64, &'static str> {
    match v {
        Exact::Int(i) => Ok(i),
        Exact::Real(r) if r.fract() != 0.0 || !r.is_finite() => Err("not an integer"),
        // 2^63 is the first f64 past i64::MAX; an integral f64 below it in
        // magnitude converts exactly.
        Exact::Real(r) if r >= -(2f64.powi(63)) && r < 2f64.powi(63) => Ok(r as i64),
        Exact::Real(_) => Err("out of range"),
    }
}

/// A finite `before` must stay finite `after` the conversion.
fn finite_stays(before: f64, after: f64) -> Result<(), ()> {
    if before.is_finite() && !after.is_finite() {
        Err(())
    } else {
        Ok(())
    }
}

fn describe(v: Exact) -> String {
    match v {
        Exact::Int(i) => format!("the value {i}"),
        Exact::Real(r) => format!("the value {r}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(v: impl Into<ScalarValue>, t: Dt) -> Vec<u8> {
        let b = v.into().encode(t).expect("fits");
        b.bytes[..b.len].to_vec()
    }

    fn refusal(v: impl Into<ScalarValue>, t: Dt) -> String {
        v.into().encode(t).expect_err("does not fit")
    }

    #[test]
    fn a_value_is_written_in_its_tensors_type() {
        assert_eq!(bytes(0.5f32, Dt::FLOAT), 0.5f32.to_ne_bytes());
        assert_eq!(bytes(0.5f32, Dt::DOUBLE), 0.5f64.to_ne_bytes());
        assert_eq!(bytes(0.5f32, Dt::HALF), f16::from_f32(0.5).to_ne_bytes());
        assert_eq!(
            bytes(-3i32, Dt::BFLOAT16),
            bf16::from_f32(-3.0).to_ne_bytes()
        );
        assert_eq!(bytes(7i64, Dt::INT32), 7i32.to_ne_bytes());
        assert_eq!(bytes(1i64 << 40, Dt::INT64), (1i64 << 40).to_ne_bytes());
        assert_eq!(bytes(12.0f64, Dt::INT64), 12i64.to_ne_bytes());
        // Sizes: cuDNN reads exactly the type's bytes.
        for (t, n) in [
            (Dt::HALF, 2),
            (Dt::FLOAT, 4),
            (Dt::INT32, 4),
            (Dt::DOUBLE, 8),
            (Dt::INT64, 8),
        ] {
            assert_eq!(bytes(1i32, t).len(), n);
        }
        // Non-finite values pass to floating-point types as they are.
        assert_eq!(
            bytes(f32::NEG_INFINITY, Dt::FLOAT),
            f32::NEG_INFINITY.to_ne_bytes()
        );
    }

    #[test]
    fn a_value_the_type_cannot_hold_is_refused() {
        let e = refusal(0.5f32, Dt::INT32);
        assert!(e.contains("not an integer") && e.contains("INT32"), "{e}");
        let e = refusal(1i64 << 40, Dt::INT32);
        assert!(e.contains("out of range"), "{e}");
        let e = refusal(1e6f32, Dt::HALF);
        assert!(e.contains("out of range") && e.contains("HALF"), "{e}");
        assert!(refusal(1e300f64, Dt::FLOAT).contains("out of range"));
        assert!(refusal(f64::NAN, Dt::INT64).contains("not an integer"));
        assert!(refusal(9.3e18f64, Dt::INT64).contains("out of range"));
        assert!(refusal(1i32, Dt::INT8).contains("not supported"));
        // A large value within bfloat16's range is kept (rounded).
        assert!(ScalarValue::from(1e30f32).encode(Dt::BFLOAT16).is_ok());
    }
}
