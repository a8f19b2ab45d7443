//! Checked arithmetic of sizes: the products and sums of dims, strides and
//! counts that the crate computes from values its caller gives. Each
//! returns `None` on overflow; the caller turns that into its own typed
//! error.

#![warn(clippy::arithmetic_side_effects)]

/// An integer type that sizes are counted in (`usize`, `u64`, `i64`).
pub(crate) trait SizeInt: Copy + PartialEq {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `self + other`, `None` on overflow.
    fn add(self, other: Self) -> Option<Self>;
    /// `self - other`, `None` on overflow.
    fn sub(self, other: Self) -> Option<Self>;
    /// `self * other`, `None` on overflow.
    fn mul(self, other: Self) -> Option<Self>;
}

macro_rules! size_int {
    ($($t:ty),*) => {$(
        impl SizeInt for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn add(self, other: Self) -> Option<Self> {
                self.checked_add(other)
            }
            #[inline(always)]
            fn sub(self, other: Self) -> Option<Self> {
                self.checked_sub(other)
            }
            #[inline(always)]
            fn mul(self, other: Self) -> Option<Self> {
                self.checked_mul(other)
            }
        }
    )*};
}
size_int!(usize, u64, i64);

/// The product of `values` (1 for none), `None` on overflow.
#[inline]
pub(crate) fn product<T: SizeInt>(values: impl IntoIterator<Item = T>) -> Option<T> {
    values.into_iter().try_fold(T::ONE, T::mul)
}

/// The sum of `values` (0 for none), `None` on overflow.
#[inline]
pub(crate) fn sum<T: SizeInt>(values: impl IntoIterator<Item = T>) -> Option<T> {
    values.into_iter().try_fold(T::ZERO, T::add)
}

/// The elements a strided tensor reaches: one past its last element's
/// offset, `1 + sum((dim - 1) * stride)`; 0 when a dim is 0 (no element).
/// `None` on overflow.
#[inline]
pub(crate) fn span<T: SizeInt>(dims: &[T], strides: &[T]) -> Option<T> {
    if dims.contains(&T::ZERO) {
        return Some(T::ZERO);
    }
    dims.iter()
        .zip(strides)
        .try_fold(T::ONE, |acc, (&d, &s)| acc.add(d.sub(T::ONE)?.mul(s)?))
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn product_at_its_overflow_boundary() {
        assert_eq!(product::<usize>([]), Some(1));
        assert_eq!(product([2usize, 3, 4]), Some(24));
        let half = usize::MAX / 2;
        assert_eq!(product([half, 2]), Some(usize::MAX - 1));
        assert_eq!(product([half + 1, 2]), None);
        assert_eq!(product([1i64 << 31, 1 << 31]), Some(1 << 62));
        assert_eq!(product([1i64 << 62, 2]), None);
        assert_eq!(product([i64::MAX, 1]), Some(i64::MAX));
        assert_eq!(product([1u64 << 32, 1 << 32]), None);
        assert_eq!(product([u64::MAX, 0]), Some(0));
    }

    #[test]
    fn sum_at_its_overflow_boundary() {
        assert_eq!(sum::<usize>([]), Some(0));
        assert_eq!(sum([usize::MAX - 1, 1]), Some(usize::MAX));
        assert_eq!(sum([usize::MAX, 1]), None);
        assert_eq!(sum([i64::MAX, 1]), None);
        assert_eq!(sum([u64::MAX, 0]), Some(u64::MAX));
    }

    #[test]
    fn span_at_its_overflow_boundary() {
        assert_eq!(span::<usize>(&[], &[]), Some(1));
        assert_eq!(span(&[2usize, 3, 4, 5], &[60, 1, 15, 3]), Some(120));
        assert_eq!(span(&[1usize, 1, 2, 3], &[8, 8, 4, 1]), Some(7));
        assert_eq!(span(&[2usize, 0], &[1, 1]), Some(0));
        // 1 + (MAX - 1) * 1 is MAX; one more element overflows.
        assert_eq!(span(&[usize::MAX], &[1]), Some(usize::MAX));
        assert_eq!(span(&[usize::MAX, 2], &[1, 1]), None);
        assert_eq!(span(&[usize::MAX, 2], &[2, 1]), None);
        assert_eq!(span(&[i64::MAX, 1], &[1, 1]), Some(i64::MAX));
        assert_eq!(span(&[2i64, 2], &[i64::MAX, 1]), None);
    }
}
