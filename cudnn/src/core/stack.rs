//! `on_stack`: the one way the crate keeps a short list of plain values
//! on the stack and a long one on the heap (descriptor pointers set into
//! a backend descriptor, a variant pack's uids and pointers, a layout's
//! dimensions, strides and axes).

/// Calls `f` on the values of `items`, in order: in an array of `N` on the
/// stack when there are at most `N` of them, else in a `Vec` (the first
/// `N` copied over). `fill` initializes the array's unused slots, which
/// `f` does not see.
///
/// Measured against the `smallvec` crate in `benches/launch_checks.rs`:
/// a convolution forward's pre-call checks took about 10 ns more with a
/// `SmallVec` of the axes than with this array.
#[inline]
pub(crate) fn on_stack<T: Copy, const N: usize, R>(
    fill: T,
    items: impl IntoIterator<Item = T>,
    f: impl FnOnce(&mut [T]) -> R,
) -> R {
    let mut items = items.into_iter();
    let mut few = [fill; N];
    for n in 0..N {
        match items.next() {
            Some(x) => few[n] = x,
            None => return f(&mut few[..n]),
        }
    }
    match items.next() {
        None => f(&mut few),
        Some(x) => {
            let mut many = Vec::with_capacity(N + 1 + items.size_hint().0);
            many.extend_from_slice(&few);
            many.push(x);
            many.extend(items);
            f(&mut many)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::on_stack;

    fn seen<const N: usize>(items: &[u32]) -> Vec<u32> {
        on_stack::<_, N, _>(0, items.iter().copied(), |s| s.to_vec())
    }

    #[test]
    fn every_value_is_seen_in_order_on_the_stack_or_the_heap() {
        let items: Vec<u32> = (1..=9).collect();
        for len in 0..=items.len() {
            let want = &items[..len];
            assert_eq!(seen::<0>(want), want);
            assert_eq!(seen::<4>(want), want);
            assert_eq!(seen::<8>(want), want);
        }
        // The slice is the caller's to change.
        let sorted = on_stack::<_, 4, _>(0, [3, 1, 2], |s| {
            s.sort_unstable();
            s.to_vec()
        });
        assert_eq!(sorted, [1, 2, 3]);
    }
}
