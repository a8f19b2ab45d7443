//! One recurrent computation: [`RnnProblem`] (the network with its input,
//! output and state descriptors, checked against each other), the reserve
//! space of training ([`RnnReserveSpace`]), and cuDNN's temporary-space
//! sizes.

#![warn(clippy::arithmetic_side_effects)]

use std::cell::{Cell, OnceCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cudarc::driver::{CudaSlice, CudaStream};

use super::config::{RnnComputesIn, RnnConfig, RnnDataLayout, RnnForwardMode};
use super::data::RnnDataDescriptor;
use super::rnn_descriptor::{RawRnn, RnnDescriptor, WeightBytes};
use crate::core::descriptor::to_c_ints;
use crate::core::dropout_descriptor::DropoutDescriptor;
use crate::core::dtype::{ComputeType, DataType};
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::handle::{ContextKey, Handle};
use crate::core::library::ffi;
use crate::core::tensor::{TensorDescriptor, TensorFormat};
use crate::core::workspace::Workspace;

/// Gives each problem a number, so that a reserve space can tell which
/// problem filled it.
static NEXT_PROBLEM_ID: AtomicU64 = AtomicU64::new(1);

/// Sizes remembered with the CUDA context they were asked in.
type SizesOnDevice = Cell<Option<(ContextKey, (usize, usize))>>;

/// Which tensor of an [`RnnProblem`] a buffer holds, for
/// `RnnProblem::check_buffers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RnnTensor {
    /// `x` or `dx`.
    X,
    /// `y` or `dy`.
    Y,
    /// A hidden state: `hx`, `hy` or their gradients.
    Hidden,
    /// An LSTM cell state: `cx`, `cy` or their gradients.
    Cell,
    /// The weight space or its gradient.
    Weights,
}

/// One recurrent computation: the network, the input and output sequence
/// descriptors (same layout and lengths, same library) and the state
/// descriptors, checked against each other once. Also keeps a device copy
/// of the sequence lengths, made at the first launch, and cuDNN's sizes.
///
/// `Send`, not `Sync` (as [`RnnDescriptor`], whose dropout states the
/// training forward advances: [`Handle::rnn_forward_training`] takes the
/// problem mutably; the kept sizes and lengths are in cells). Not `Clone`:
/// [`try_clone`](Self::try_clone) makes new cuDNN descriptors.
pub struct RnnProblem<T: RnnComputesIn<C>, C: ComputeType> {
    rnn: RnnDescriptor<T, C>,
    x: RnnDataDescriptor<T>,
    y: RnnDataDescriptor<T>,
    h: TensorDescriptor<T>,
    c: TensorDescriptor<T>,
    id: u64,
    device_lengths: OnceCell<CudaSlice<i32>>,
    /// cuDNN's (workspace, reserve) sizes per forward mode, with the device
    /// they were asked for.
    temp_sizes: [SizesOnDevice; 2],
}

impl<T: RnnComputesIn<C>, C: ComputeType> std::fmt::Debug for RnnProblem<T, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnProblem")
            .field("rnn", &self.rnn)
            .field("x", &self.x)
            .field("y", &self.y)
            .finish()
    }
}

impl<T: RnnComputesIn<C>, C: ComputeType> RnnProblem<T, C> {
    /// A problem whose output has `x`'s layout and lengths and
    /// `dirs * out_size` elements per vector.
    ///
    /// # Errors
    /// As [`with_output`](Self::with_output); cuDNN's errors for the
    /// descriptors it makes.
    pub fn new(rnn: RnnDescriptor<T, C>, x: RnnDataDescriptor<T>) -> Result<Self> {
        const F: &str = "RnnProblem::new";
        // Checked before `y` is made from it, so that the refusal names
        // this function rather than the descriptor's.
        check_vector_size(F, rnn.config(), x.vector_size())?;
        let y = RnnDataDescriptor::new_in(
            Arc::clone(x.library()),
            x.layout(),
            x.max_seq_len(),
            rnn.config().y_size(),
            x.seq_lengths(),
        )?;
        Self::with_output_in(F, rnn, x, y)
    }

    /// A problem with the output descriptor given.
    ///
    /// # Errors
    /// [`Mismatch::Shape`] when `x`'s vectors are not `input_size` long,
    /// `y`'s not `dirs * out_size`, or the two differ in layout, padded
    /// length or sequence lengths; [`Mismatch::OtherLibrary`] when `x` or
    /// `y` was made by another loaded cuDNN than `rnn`.
    pub fn with_output(
        rnn: RnnDescriptor<T, C>,
        x: RnnDataDescriptor<T>,
        y: RnnDataDescriptor<T>,
    ) -> Result<Self> {
        Self::with_output_in("RnnProblem::with_output", rnn, x, y)
    }

    /// [`with_output`](Self::with_output), its refusals naming `function`.
    fn with_output_in(
        function: &'static str,
        rnn: RnnDescriptor<T, C>,
        x: RnnDataDescriptor<T>,
        y: RnnDataDescriptor<T>,
    ) -> Result<Self> {
        check_rnn_problem_in(
            function,
            rnn.config(),
            (
                x.layout(),
                x.max_seq_len(),
                x.vector_size(),
                x.seq_lengths(),
            ),
            (
                y.layout(),
                y.max_seq_len(),
                y.vector_size(),
                y.seq_lengths(),
            ),
        )?;
        let lib = Arc::clone(rnn.library());
        crate::core::launch::check_library(&lib, function, "x", x.library())?;
        crate::core::launch::check_library(&lib, function, "y", y.library())?;
        let batch = x.batch();
        let nchw = TensorFormat::NCHW;
        let h = TensorDescriptor::new_in(Arc::clone(&lib), nchw, &rnn.config().h_dims(batch))?;
        let c = TensorDescriptor::new_in(lib, nchw, &rnn.config().c_dims(batch))?;
        Ok(RnnProblem {
            rnn,
            x,
            y,
            h,
            c,
            id: NEXT_PROBLEM_ID.fetch_add(1, Ordering::Relaxed),
            device_lengths: OnceCell::new(),
            temp_sizes: [Cell::new(None), Cell::new(None)],
        })
    }

    /// A new problem with new cuDNN descriptors of the same settings
    /// ([`RnnDescriptor::try_clone`], [`RnnDataDescriptor::try_clone`]).
    /// It is another problem: a reserve space filled by one is refused by
    /// the other.
    ///
    /// # Errors
    /// As [`RnnDescriptor::try_clone`] (a network with dropout is refused);
    /// cuDNN's errors.
    pub fn try_clone(&self) -> Result<Self> {
        Self::with_output(
            self.rnn.try_clone()?,
            self.x.try_clone()?,
            self.y.try_clone()?,
        )
    }

    /// The network.
    pub fn rnn(&self) -> &RnnDescriptor<T, C> {
        &self.rnn
    }
    /// The input descriptor (also `dx`'s).
    pub fn x(&self) -> &RnnDataDescriptor<T> {
        &self.x
    }
    /// The output descriptor (also `dy`'s).
    pub fn y(&self) -> &RnnDataDescriptor<T> {
        &self.y
    }
    /// The hidden-state descriptor `(layers * dirs, batch, out_size)`.
    pub fn h(&self) -> &TensorDescriptor<T> {
        &self.h
    }
    /// The cell-state descriptor `(layers * dirs, batch, hidden_size)`.
    pub fn c(&self) -> &TensorDescriptor<T> {
        &self.c
    }

    /// The descriptors back, to reuse the network with other data.
    pub fn into_parts(
        self,
    ) -> (
        RnnDescriptor<T, C>,
        RnnDataDescriptor<T>,
        RnnDataDescriptor<T>,
    ) {
        (self.rnn, self.x, self.y)
    }

    /// Elements a buffer of `tensor` must hold; for the weights,
    /// `weight_space_bytes` (cuDNN's size) in elements, rounded up.
    /// `None` for the cell state of a network that is not an LSTM.
    pub fn required_len(&self, tensor: RnnTensor, weight_space_bytes: usize) -> Option<usize> {
        self.parts().required_len(tensor, weight_space_bytes)
    }

    /// Checks buffer lengths for a launch of `function` (the part of a
    /// launch's checks that needs no GPU): every `(name, tensor, len)` must
    /// hold what its descriptor needs, the weight space
    /// `weight_space_bytes`; a cell state given to a network without cells
    /// is refused.
    ///
    /// # Errors
    /// [`Mismatch::BufferTooShort`] naming the first short buffer;
    /// [`Mismatch::Unsupported`] for a cell state without an LSTM.
    #[cfg(test)]
    pub(crate) fn check_buffers(
        &self,
        function: &'static str,
        weight_space_bytes: usize,
        buffers: &[(&'static str, RnnTensor, usize)],
    ) -> Result<()> {
        self.parts()
            .check_buffers(function, weight_space_bytes, buffers)
    }

    /// Checks that `reserve` may be used by `function`
    /// (`"cudnnRNNBackwardData_v8"` or `"cudnnRNNBackwardWeights_v8"`):
    /// backward data needs the reserve space just as a training forward of
    /// this problem filled it (backward data writes to it, so a second
    /// backward data would not read what the forward pass left); backward
    /// weights needs it after backward data, which leaves in it what the
    /// weight gradients are computed from.
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] saying what must run first.
    #[cfg(test)]
    pub(crate) fn check_reserve(
        &self,
        function: &'static str,
        reserve: &RnnReserveSpace,
    ) -> Result<()> {
        self.parts().check_reserve(function, reserve)
    }

    /// What a launch reads of the problem.
    pub(super) fn parts(&self) -> Parts<'_, T> {
        Parts {
            rnn: &self.rnn.raw,
            config: &self.rnn.config,
            weight_bytes: &self.rnn.weight_bytes,
            x: &self.x,
            y: &self.y,
            h: &self.h,
            c: &self.c,
            id: self.id,
            device_lengths: &self.device_lengths,
            temp_sizes: &self.temp_sizes,
        }
    }

    /// What a launch reads of the problem, and the dropout states, which
    /// the training forward advances (borrowed exclusively).
    pub(super) fn parts_and_dropout_states(
        &mut self,
    ) -> (Parts<'_, T>, Option<&mut CudaSlice<u8>>) {
        let RnnProblem {
            rnn,
            x,
            y,
            h,
            c,
            id,
            device_lengths,
            temp_sizes,
        } = self;
        let RnnDescriptor {
            raw,
            config,
            weight_bytes,
            dropout,
            ..
        } = rnn;
        let parts = Parts {
            rnn: raw,
            config,
            weight_bytes,
            x,
            y,
            h,
            c,
            id: *id,
            device_lengths,
            temp_sizes,
        };
        (parts, dropout.as_mut().map(DropoutDescriptor::states_mut))
    }
}

/// The parts of an [`RnnProblem`] a launch reads, borrowed apart from the
/// dropout states.
pub(super) struct Parts<'p, T: DataType> {
    pub(super) rnn: &'p RawRnn,
    pub(super) config: &'p RnnConfig,
    pub(super) weight_bytes: &'p WeightBytes,
    pub(super) x: &'p RnnDataDescriptor<T>,
    pub(super) y: &'p RnnDataDescriptor<T>,
    pub(super) h: &'p TensorDescriptor<T>,
    pub(super) c: &'p TensorDescriptor<T>,
    pub(super) id: u64,
    device_lengths: &'p OnceCell<CudaSlice<i32>>,
    temp_sizes: &'p [SizesOnDevice; 2],
}

/// The sequence lengths on a launch's device: the problem's kept copy, or
/// one made for this launch.
pub(super) enum DeviceLengths<'p> {
    Kept(&'p CudaSlice<i32>),
    Fresh(CudaSlice<i32>),
}

impl std::ops::Deref for DeviceLengths<'_> {
    type Target = CudaSlice<i32>;
    fn deref(&self) -> &CudaSlice<i32> {
        match self {
            DeviceLengths::Kept(s) => s,
            DeviceLengths::Fresh(s) => s,
        }
    }
}

impl<'p, T: DataType> Parts<'p, T> {
    /// As [`RnnProblem::required_len`].
    pub(super) fn required_len(
        &self,
        tensor: RnnTensor,
        weight_space_bytes: usize,
    ) -> Option<usize> {
        Some(match tensor {
            RnnTensor::X => self.x.required_len(),
            RnnTensor::Y => self.y.required_len(),
            RnnTensor::Hidden => self.h.required_len(),
            RnnTensor::Cell if self.config.is_lstm() => self.c.required_len(),
            RnnTensor::Cell => return None,
            RnnTensor::Weights => weight_space_bytes.div_ceil(std::mem::size_of::<T>()),
        })
    }

    /// As [`RnnProblem::check_buffers`].
    pub(super) fn check_buffers(
        &self,
        function: &'static str,
        weight_space_bytes: usize,
        buffers: &[(&'static str, RnnTensor, usize)],
    ) -> Result<()> {
        for &(buffer, tensor, len) in buffers {
            let required = self
                .required_len(tensor, weight_space_bytes)
                .ok_or_else(|| Error::InvalidArgument {
                    function,
                    mismatch: Mismatch::Unsupported {
                        what: format!(
                            "`{buffer}` is a cell state, but mode {} has no cells (LSTM only)",
                            self.config.mode.0
                        ),
                    },
                })?;
            ensure(len >= required, function, || Mismatch::BufferTooShort {
                buffer: buffer.into(),
                len,
                required,
            })?;
        }
        Ok(())
    }

    /// As [`RnnProblem::check_reserve`].
    pub(super) fn check_reserve(
        &self,
        function: &'static str,
        reserve: &RnnReserveSpace,
    ) -> Result<()> {
        let weights = function == "cudnnRNNBackwardWeights_v8";
        let need = if weights {
            ReserveStage::BackwardData
        } else {
            ReserveStage::Forward
        };
        ensure(
            reserve.problem == self.id && reserve.stage == need,
            function,
            || Mismatch::Unsupported {
                what: if reserve.problem != self.id || reserve.stage == ReserveStage::Empty {
                    "the reserve space was not filled by rnn_forward_training of this problem"
                        .into()
                } else if weights {
                    "backward weights needs the reserve space after rnn_backward_data".into()
                } else {
                    "rnn_backward_data already ran on this reserve space: run \
                     rnn_forward_training again first"
                        .into()
                },
            },
        )
    }

    /// The sequence lengths on `stream`'s device: the kept copy, or a new
    /// one when the copy is on another device.
    pub(super) fn device_lengths(&self, stream: &Arc<CudaStream>) -> Result<DeviceLengths<'p>> {
        const F: &str = "cudnnRNNForward";
        let upload = || -> Result<CudaSlice<i32>> {
            let lengths = to_c_ints(self.x.seq_lengths(), 1, "seq_lengths", F)?;
            Ok(stream.clone_htod(&lengths)?)
        };
        if self.device_lengths.get().is_none() {
            let copy = upload()?;
            let _ = self.device_lengths.set(copy);
        }
        match self.device_lengths.get() {
            Some(copy) if crate::core::context::same_context(copy.context(), stream.context()) => {
                Ok(DeviceLengths::Kept(copy))
            }
            _ => Ok(DeviceLengths::Fresh(upload()?)),
        }
    }
}

/// Checks a problem's data against its network without cuDNN: `x`'s
/// vectors are `input_size` long, `y`'s `dirs * out_size`, and the two
/// agree in layout, padded length and sequence lengths. Each side is
/// `(layout, max_seq_len, vector_size, seq_lengths)`.
///
/// # Errors
/// [`Error::InvalidArgument`] naming `check_rnn_problem` with a
/// [`Mismatch::Shape`] that says which of `cudnnRNNForward`'s
/// requirements is not met.
#[cfg(test)]
pub(crate) fn check_rnn_problem(
    config: &RnnConfig,
    x: (RnnDataLayout, usize, usize, &[usize]),
    y: (RnnDataLayout, usize, usize, &[usize]),
) -> Result<()> {
    check_rnn_problem_in("check_rnn_problem", config, x, y)
}

/// `x`'s vectors are the network's input size.
fn check_vector_size(function: &'static str, config: &RnnConfig, x: usize) -> Result<()> {
    ensure(x == config.input_size, function, || Mismatch::Shape {
        what: format!(
            "x has vectors of {x} elements but the network's input size is {} \
             (cudnnRNNForward takes x of the input size)",
            config.input_size
        ),
    })
}

/// [`check_rnn_problem`], its refusals naming `function`.
fn check_rnn_problem_in(
    function: &'static str,
    config: &RnnConfig,
    x: (RnnDataLayout, usize, usize, &[usize]),
    y: (RnnDataLayout, usize, usize, &[usize]),
) -> Result<()> {
    check_vector_size(function, config, x.2)?;
    ensure(y.2 == config.y_size(), function, || Mismatch::Shape {
        what: format!(
            "y has vectors of {} elements but the network outputs {} ({} directions x {})",
            y.2,
            config.y_size(),
            config.dirs(),
            config.out_size()
        ),
    })?;
    ensure(x.0 == y.0 && x.1 == y.1, function, || Mismatch::Shape {
        what: format!(
            "x (layout {}, {} steps) and y (layout {}, {} steps) differ",
            x.0 .0, x.1, y.0 .0, y.1
        ),
    })?;
    ensure(x.3 == y.3, function, || Mismatch::Shape {
        what: format!("x's sequence lengths {:?} differ from y's {:?}", x.3, y.3),
    })
}

/// What a reserve space holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ReserveStage {
    Empty,
    Forward,
    BackwardData,
}

/// The reserve space of training: filled by
/// [`Handle::rnn_forward_training`], used and updated by
/// [`Handle::rnn_backward_data`], then used by
/// [`Handle::rnn_backward_weights`]. It remembers which problem filled it
/// and how far the backward pass went, and the launches check that.
///
/// Not `Clone`.
#[derive(Debug)]
pub struct RnnReserveSpace {
    pub(super) buf: Workspace,
    pub(super) problem: u64,
    pub(super) stage: ReserveStage,
}

impl Default for RnnReserveSpace {
    fn default() -> Self {
        Self::new()
    }
}

impl RnnReserveSpace {
    /// An empty reserve space; the training forward allocates it.
    pub fn new() -> Self {
        RnnReserveSpace {
            buf: Workspace::new(),
            problem: 0,
            stage: ReserveStage::Empty,
        }
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing is allocated.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a training forward filled it (for any problem).
    pub fn is_filled(&self) -> bool {
        self.stage != ReserveStage::Empty
    }

    /// Checks that the filled reserve space is on `stream`'s device and
    /// holds `bytes`.
    pub(super) fn check_on(
        &self,
        stream: &CudaStream,
        function: &'static str,
        bytes: usize,
    ) -> Result<()> {
        match self.buf.slice() {
            Some(b) => crate::core::launch::check_buffer(stream, function, "reserve", b, bytes),
            None => ensure(bytes == 0, function, || Mismatch::BufferTooShort {
                buffer: "reserve".into(),
                len: 0,
                required: bytes,
            }),
        }
    }

    /// Makes it at least `bytes` long on `stream`'s device, keeping the
    /// memory when it is big enough.
    pub(super) fn reserve(&mut self, stream: &Arc<CudaStream>, bytes: usize) -> Result<()> {
        self.stage = ReserveStage::Empty;
        self.buf.reserve(stream, bytes)
    }
}

impl Handle {
    /// The workspace and reserve-space sizes in bytes cuDNN needs for `p`
    /// in `mode` (the reserve space is 0 for inference; backward passes
    /// use the training sizes). Asked once per problem, mode and device.
    ///
    /// # Errors
    /// [`Mismatch::BadValue`] for an unknown mode;
    /// [`Mismatch::OtherLibrary`] for a problem of another loaded cuDNN;
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNTempSpaceSizes")]
    pub fn rnn_temp_space_sizes<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<T, C>,
        mode: RnnForwardMode,
    ) -> Result<(usize, usize)> {
        self.temp_space_sizes(&p.parts(), mode)
    }

    /// [`rnn_temp_space_sizes`](Self::rnn_temp_space_sizes) of a problem's
    /// parts.
    pub(super) fn temp_space_sizes<T: DataType>(
        &self,
        p: &Parts<'_, T>,
        mode: RnnForwardMode,
    ) -> Result<(usize, usize)> {
        const F: &str = "cudnnGetRNNTempSpaceSizes";
        ensure(mode.0 <= RnnForwardMode::TRAINING.0, F, || {
            Mismatch::BadValue {
                what: format!("forward mode {}", mode.0),
            }
        })?;
        // The problem's descriptors are all of the network's library.
        crate::core::launch::check_library(self.library(), F, "rnn", p.rnn.lib())?;
        let cell = &p.temp_sizes[mode.0 as usize];
        let device = self.stream().map(|s| ContextKey::of(s.context()));
        if let (Some(d), Some((at, sizes))) = (device, cell.get()) {
            if d == at {
                return Ok(sizes);
            }
        }
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetRNNTempSpaceSizes);
        let (mut work, mut reserve) = (0usize, 0usize);
        // SAFETY: the handle and descriptors (of the handle's library) are
        // live; the out-pointers are valid.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                p.rnn.ptr(),
                mode,
                p.x.as_raw(),
                &mut work,
                &mut reserve,
            )
        };
        get.check(status)?;
        if let Some(d) = device {
            cell.set(Some((d, (work, reserve))));
        }
        Ok((work, reserve))
    }
}
