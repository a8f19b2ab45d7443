//! Batches of sequences: [`RnnDataDescriptor`] and its checks.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudnn_sys as sys;

use super::config::RnnDataLayout;
use crate::core::descriptor::{raw_descriptor, to_c_ints};
use crate::core::dtype::DataType;
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::library::{ffi, library, Library};

raw_descriptor!(
    /// An owned `cudnnRNNDataDescriptor_t`.
    RawRnnData,
    sys::cudnnRNNDataDescriptor_t,
    cudnnCreateRNNDataDescriptor,
    cudnnDestroyRNNDataDescriptor
);

/// Checks the description of a batch of sequences without cuDNN: a known
/// layout, sizes of at least 1 that fit cuDNN's `int`, one length per
/// sequence, each in `1..=max_seq_len`, sorted longest first for the packed
/// layout, and a buffer size that fits `usize`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `check_rnn_data` (the limits are
/// those of `cudnnSetRNNDataDescriptor`): [`Mismatch::BadValue`] for what
/// is out of range or unsorted.
#[cfg(test)]
pub(crate) fn check_rnn_data(
    layout: RnnDataLayout,
    max_seq_len: usize,
    vector_size: usize,
    seq_lengths: &[usize],
) -> Result<()> {
    check_rnn_data_in(
        "check_rnn_data",
        layout,
        max_seq_len,
        vector_size,
        seq_lengths,
    )
}

/// [`check_rnn_data`] for the public function `function`.
pub(crate) fn check_rnn_data_in(
    function: &'static str,
    layout: RnnDataLayout,
    max_seq_len: usize,
    vector_size: usize,
    seq_lengths: &[usize],
) -> Result<()> {
    ensure(
        layout.0 <= RnnDataLayout::BATCH_MAJOR_UNPACKED.0,
        function,
        || Mismatch::BadValue {
            what: format!("layout {}: cuDNN's layouts are 0, 1 and 2", layout.0),
        },
    )?;
    to_c_ints(
        &[max_seq_len, vector_size, seq_lengths.len()],
        1,
        "[max_seq_len, vector_size, batch]",
        function,
    )?;
    if let Some((b, &len)) = seq_lengths
        .iter()
        .enumerate()
        .find(|(_, &l)| l == 0 || l > max_seq_len)
    {
        return Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::BadValue {
                what: format!("sequence {b} has length {len}, outside 1..={max_seq_len}"),
            },
        });
    }
    if layout == RnnDataLayout::SEQ_MAJOR_PACKED {
        let pairs = seq_lengths.iter().enumerate();
        if let Some(((b, &shorter), (longer_at, &longer))) = pairs
            .clone()
            .zip(pairs.skip(1))
            .find(|((_, a), (_, b))| a < b)
        {
            return Err(Error::InvalidArgument {
                function,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "the packed layout needs the lengths sorted longest first, but sequence \
                         {longer_at} ({longer}) is longer than sequence {b} ({shorter})"
                    ),
                },
            });
        }
    }
    ensure(
        rnn_data_len(layout, max_seq_len, seq_lengths, vector_size).is_some(),
        function,
        || Mismatch::BadValue {
            what: "the data's size overflows usize".into(),
        },
    )
}

/// Elements of a buffer of `vector_size`-element vectors in `layout`:
/// `max_seq_len * batch * vector_size` padded, `sum(seq_lengths) *
/// vector_size` packed; `None` on overflow.
pub fn rnn_data_len(
    layout: RnnDataLayout,
    max_seq_len: usize,
    seq_lengths: &[usize],
    vector_size: usize,
) -> Option<usize> {
    let vectors = if layout == RnnDataLayout::SEQ_MAJOR_PACKED {
        crate::core::size::sum(seq_lengths.iter().copied())?
    } else {
        max_seq_len.checked_mul(seq_lengths.len())?
    };
    vectors.checked_mul(vector_size)
}

/// A batch of sequences (`cudnnRNNDataDescriptor_t`) of element type `T`:
/// its layout, padded length, vector size and the length of every
/// sequence, kept on the host.
///
/// `Send`, not `Sync` (as every descriptor: cuDNN's object is set through
/// shared references). Not `Clone`: [`try_clone`](Self::try_clone) makes a
/// new cuDNN descriptor.
pub struct RnnDataDescriptor<T: DataType> {
    raw: RawRnnData,
    layout: RnnDataLayout,
    max_seq_len: usize,
    vector_size: usize,
    seq_lengths: Vec<usize>,
    fill: T,
}

impl<T: DataType> std::fmt::Debug for RnnDataDescriptor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnDataDescriptor")
            .field("type", &T::NAME)
            .field("layout", &self.layout.0)
            .field("max_seq_len", &self.max_seq_len)
            .field("vector_size", &self.vector_size)
            .field("seq_lengths", &self.seq_lengths)
            .finish()
    }
}

impl<T: DataType> RnnDataDescriptor<T> {
    /// A batch of `seq_lengths.len()` sequences of `vector_size`-element
    /// vectors, padded to `max_seq_len` steps (or packed), in `layout`,
    /// with the process-wide library. Padded output positions are filled
    /// with zeros.
    ///
    /// # Errors
    /// As `check_rnn_data`; cuDNN's error.
    #[doc(alias = "cudnnSetRNNDataDescriptor")]
    #[doc(alias = "cudnnCreateRNNDataDescriptor")]
    pub fn new(
        layout: RnnDataLayout,
        max_seq_len: usize,
        vector_size: usize,
        seq_lengths: &[usize],
    ) -> Result<Self> {
        Self::new_in(library()?, layout, max_seq_len, vector_size, seq_lengths)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        layout: RnnDataLayout,
        max_seq_len: usize,
        vector_size: usize,
        seq_lengths: &[usize],
    ) -> Result<Self> {
        check_rnn_data_in(
            "RnnDataDescriptor::new",
            layout,
            max_seq_len,
            vector_size,
            seq_lengths,
        )?;
        let raw = RawRnnData::create(lib)?;
        // SAFETY: every DataType is valid as all-zero bits (ValidAsZeroBits).
        let zero: T = unsafe { std::mem::zeroed() };
        let desc = RnnDataDescriptor {
            raw,
            layout,
            max_seq_len,
            vector_size,
            seq_lengths: seq_lengths.to_vec(),
            fill: zero,
        };
        desc.apply()?;
        Ok(desc)
    }

    fn apply(&self) -> Result<()> {
        const F: &str = "cudnnSetRNNDataDescriptor";
        let lengths = to_c_ints(&self.seq_lengths, 1, "seq_lengths", F)?;
        let set = ffi!(self.raw.lib(), cudnnSetRNNDataDescriptor);
        let mut fill = self.fill;
        // SAFETY: the descriptor is live; `lengths` holds `batch` ints (all
        // checked); `fill` is a host value of the descriptor's type, which
        // cuDNN copies.
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                T::CUDNN,
                self.layout,
                self.max_seq_len as i32,
                lengths.len() as i32,
                self.vector_size as i32,
                lengths.as_ptr(),
                (&mut fill as *mut T).cast(),
            )
        };
        set.check(status)
    }

    /// Sets the value cuDNN writes at padded output positions (zero
    /// unless changed here). On an error the fill set before is kept.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnSetRNNDataDescriptor")]
    pub fn set_padding_fill(&mut self, fill: T) -> Result<()> {
        let before = std::mem::replace(&mut self.fill, fill);
        let set = self.apply();
        if set.is_err() {
            // Back to what cuDNN held before (best effort: the error
            // returned is the first one).
            self.fill = before;
            let _ = self.apply();
        }
        set
    }

    /// A new cuDNN descriptor with the same library, layout, lengths and
    /// padding fill.
    ///
    /// # Errors
    /// cuDNN's error.
    pub fn try_clone(&self) -> Result<Self> {
        let desc = RnnDataDescriptor {
            raw: RawRnnData::create(self.library())?,
            layout: self.layout,
            max_seq_len: self.max_seq_len,
            vector_size: self.vector_size,
            seq_lengths: self.seq_lengths.clone(),
            fill: self.fill,
        };
        desc.apply()?;
        Ok(desc)
    }

    /// The layout.
    pub fn layout(&self) -> RnnDataLayout {
        self.layout
    }
    /// The padded sequence length.
    pub fn max_seq_len(&self) -> usize {
        self.max_seq_len
    }
    /// Sequences in the batch.
    pub fn batch(&self) -> usize {
        self.seq_lengths.len()
    }
    /// Elements of each vector.
    pub fn vector_size(&self) -> usize {
        self.vector_size
    }
    /// The length of every sequence.
    pub fn seq_lengths(&self) -> &[usize] {
        &self.seq_lengths
    }
    /// The padding fill.
    pub fn padding_fill(&self) -> T {
        self.fill
    }

    /// What cuDNN holds, read back with `cudnnGetRNNDataDescriptor`: the
    /// layout, padded length, vector size and sequence lengths.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNDataDescriptor")]
    pub fn query(&self) -> Result<(RnnDataLayout, usize, usize, Vec<usize>)> {
        let get = ffi!(self.raw.lib(), cudnnGetRNNDataDescriptor);
        let mut data = T::CUDNN;
        let mut layout = self.layout;
        let (mut max, mut batch, mut vector) = (0i32, 0i32, 0i32);
        let mut lengths = vec![0i32; self.seq_lengths.len()];
        let mut fill = self.fill;
        // SAFETY: the descriptor is live; `lengths` has room for the
        // `batch` ints requested; `fill` is a host value of the
        // descriptor's type.
        let status = unsafe {
            (get.f)(
                self.raw.ptr(),
                &mut data,
                &mut layout,
                &mut max,
                &mut batch,
                &mut vector,
                lengths.len() as i32,
                lengths.as_mut_ptr(),
                (&mut fill as *mut T).cast(),
            )
        };
        get.check(status)?;
        let size = |v: i32| usize::try_from(v).unwrap_or(0);
        lengths.truncate(size(batch));
        Ok((
            layout,
            size(max),
            size(vector),
            lengths.into_iter().map(size).collect(),
        ))
    }

    /// Elements a buffer must hold ([`rnn_data_len`]).
    pub fn required_len(&self) -> usize {
        // Checked at construction.
        rnn_data_len(
            self.layout,
            self.max_seq_len,
            &self.seq_lengths,
            self.vector_size,
        )
        .unwrap_or(usize::MAX)
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnRNNDataDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }
}

/// A launch checks a sequence buffer against the elements its descriptor
/// spans and the library that made it; the data has no strides.
impl<T: DataType> crate::core::launch::Described for RnnDataDescriptor<T> {
    #[inline]
    fn span(&self) -> usize {
        self.required_len()
    }
    #[inline]
    fn made_by(&self) -> &Arc<Library> {
        self.library()
    }
    #[inline]
    fn layout(&self) -> Option<(&[usize], &[usize])> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lengths() {
        let packed = RnnDataLayout::SEQ_MAJOR_PACKED;
        let padded = RnnDataLayout::BATCH_MAJOR_UNPACKED;
        assert_eq!(rnn_data_len(packed, 5, &[5, 3, 1], 2), Some(18));
        assert_eq!(rnn_data_len(padded, 5, &[5, 3, 1], 2), Some(30));
        assert_eq!(rnn_data_len(padded, usize::MAX, &[1, 1], 2), None);
        assert!(check_rnn_data(packed, 5, 2, &[5, 3, 1]).is_ok());
        assert!(check_rnn_data(packed, 5, 2, &[3, 5, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[3, 5, 1]).is_ok());
        assert!(check_rnn_data(padded, 5, 2, &[3, 6, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[3, 0, 1]).is_err());
        assert!(check_rnn_data(padded, 5, 2, &[]).is_err());
    }
}
