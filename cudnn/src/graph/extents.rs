//! [`Extents`]: a tensor's dimensions or strides as the graph builder, a
//! built graph and a plan's tensors hold them, up to [`MAX_RANK`] in place
//! (every tensor a graph takes), so that describing a tensor allocates
//! only its name, and a plan's tensors (from a graph or from JSON) none.

#![warn(clippy::arithmetic_side_effects)]

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::graph::MAX_RANK;

/// A list of `i64`: in place up to [`MAX_RANK`] values, on the heap
/// beyond (a rank the graph's checks refuse, kept so that they can name
/// it).
#[derive(Clone)]
pub(crate) enum Extents {
    Few { values: [i64; MAX_RANK], len: u8 },
    Many(Vec<i64>),
}

impl Extents {
    /// `n` copies of `value`.
    pub(crate) fn filled(value: i64, n: usize) -> Extents {
        if n <= MAX_RANK {
            Extents::Few {
                values: [value; MAX_RANK],
                len: n as u8,
            }
        } else {
            Extents::Many(vec![value; n])
        }
    }
}

impl Default for Extents {
    fn default() -> Self {
        Extents::filled(0, 0)
    }
}

impl From<&[i64]> for Extents {
    fn from(v: &[i64]) -> Self {
        if v.len() <= MAX_RANK {
            let mut values = [0; MAX_RANK];
            values[..v.len()].copy_from_slice(v);
            Extents::Few {
                values,
                len: v.len() as u8,
            }
        } else {
            Extents::Many(v.to_vec())
        }
    }
}

impl From<Vec<i64>> for Extents {
    fn from(v: Vec<i64>) -> Self {
        if v.len() <= MAX_RANK {
            Extents::from(&v[..])
        } else {
            Extents::Many(v)
        }
    }
}

impl From<Extents> for Vec<i64> {
    fn from(e: Extents) -> Self {
        match e {
            Extents::Many(v) => v,
            few => few.to_vec(),
        }
    }
}

impl Deref for Extents {
    type Target = [i64];

    fn deref(&self) -> &[i64] {
        match self {
            Extents::Few { values, len } => &values[..usize::from(*len)],
            Extents::Many(v) => v,
        }
    }
}

impl DerefMut for Extents {
    fn deref_mut(&mut self) -> &mut [i64] {
        match self {
            Extents::Few { values, len } => &mut values[..usize::from(*len)],
            Extents::Many(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Extents {
    type Item = &'a i64;
    type IntoIter = std::slice::Iter<'a, i64>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Extents {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Extents {}

impl PartialEq<&[i64]> for Extents {
    fn eq(&self, other: &&[i64]) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<[i64; N]> for Extents {
    fn eq(&self, other: &[i64; N]) -> bool {
        **self == other[..]
    }
}

/// As the slice.
impl fmt::Debug for Extents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_values_stay_in_place_and_more_go_to_the_heap() {
        let few = Extents::from(&[1, 2, 3][..]);
        assert!(matches!(few, Extents::Few { len: 3, .. }));
        assert_eq!(&*few, &[1, 2, 3]);
        let nine: Vec<i64> = (0..9).collect();
        let many = Extents::from(nine.clone());
        assert!(matches!(many, Extents::Many(_)));
        assert_eq!(&*many, &nine[..]);
        assert_eq!(Extents::filled(1, 0).len(), 0);
        assert_eq!(&*Extents::filled(7, 9), &[7; 9]);
        assert_eq!(few, Extents::from(vec![1, 2, 3]));
        assert_ne!(few, Extents::from(vec![1, 2]));
        assert_eq!(format!("{few:?}"), "[1, 2, 3]");
    }
}
