//! The launches: the forward pass (inference and training), the backward
//! passes through the data and the weights, and building the
//! persistent-dynamic kernels. Each takes the problem and a struct of
//! named buffers.

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudarc::driver::{CudaSlice, DevicePtr};
use cudnn_sys as sys;

use super::config::{RnnAlgo, RnnComputesIn, RnnForwardMode};
use super::rnn_descriptor::RnnDescriptor;
use super::rnn_problem::{Parts, ReserveStage, RnnProblem, RnnReserveSpace, RnnTensor};
use crate::core::descriptor::to_c_ints;
use crate::core::dtype::{ComputeType, DataType};
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut, Launch};
use crate::core::library::{ffi, Library};
use crate::core::workspace::Workspace;

#[cfg(doc)]
use crate::core::error::Error;

/// The buffers of a forward pass ([`Handle::rnn_forward_inference`],
/// [`Handle::rnn_forward_training`]). The states are optional: an initial
/// state not given is zeros, a final state not given is not written. The
/// cell states (`cx`, `cy`) are for LSTMs only.
pub struct RnnForwardArgs<'a, T> {
    /// The weight space, [`Handle::rnn_weight_space_len`] elements.
    pub w: &'a dyn DeviceBuffer<T>,
    /// The input sequences ([`RnnProblem::x`]).
    pub x: &'a dyn DeviceBuffer<T>,
    /// The output sequences ([`RnnProblem::y`]), written.
    pub y: &'a mut dyn DeviceBufferMut<T>,
    /// The initial hidden state ([`RnnProblem::h`]).
    pub hx: Option<&'a dyn DeviceBuffer<T>>,
    /// The initial LSTM cell state ([`RnnProblem::c`]).
    pub cx: Option<&'a dyn DeviceBuffer<T>>,
    /// The final hidden state, written.
    pub hy: Option<&'a mut dyn DeviceBufferMut<T>>,
    /// The final LSTM cell state, written.
    pub cy: Option<&'a mut dyn DeviceBufferMut<T>>,
}

/// The buffers of [`Handle::rnn_backward_data`]. The states are optional:
/// an initial state or a final-state gradient not given is zeros, an
/// initial-state gradient not given is not written. The cell states are for
/// LSTMs only.
pub struct RnnBackwardDataArgs<'a, T> {
    /// The weight space the forward pass used.
    pub w: &'a dyn DeviceBuffer<T>,
    /// The output of the training forward.
    pub y: &'a dyn DeviceBuffer<T>,
    /// The gradient of the output.
    pub dy: &'a dyn DeviceBuffer<T>,
    /// The gradient of the input, written.
    pub dx: &'a mut dyn DeviceBufferMut<T>,
    /// The initial hidden state the forward pass used.
    pub hx: Option<&'a dyn DeviceBuffer<T>>,
    /// The initial LSTM cell state the forward pass used.
    pub cx: Option<&'a dyn DeviceBuffer<T>>,
    /// The gradient of the final hidden state.
    pub dhy: Option<&'a dyn DeviceBuffer<T>>,
    /// The gradient of the final LSTM cell state.
    pub dcy: Option<&'a dyn DeviceBuffer<T>>,
    /// The gradient of the initial hidden state, written.
    pub dhx: Option<&'a mut dyn DeviceBufferMut<T>>,
    /// The gradient of the initial LSTM cell state, written.
    pub dcx: Option<&'a mut dyn DeviceBufferMut<T>>,
}

/// The buffers of [`Handle::rnn_backward_weights`].
pub struct RnnBackwardWeightsArgs<'a, T> {
    /// The input of the forward pass.
    pub x: &'a dyn DeviceBuffer<T>,
    /// The initial hidden state the forward pass used (zeros for `None`).
    pub hx: Option<&'a dyn DeviceBuffer<T>>,
    /// The output of the training forward.
    pub y: &'a dyn DeviceBuffer<T>,
    /// The weight gradient, accumulated into (`dw += ∂L/∂w`).
    pub dw: &'a mut dyn DeviceBufferMut<T>,
}

/// The weight space as a launch checks a buffer against it: its elements
/// and the library of the network.
struct WeightSpace<'l> {
    len: usize,
    lib: &'l Arc<Library>,
}

impl<'l> WeightSpace<'l> {
    /// The weight space of `wbytes` bytes of a problem's network.
    fn of<T: DataType>(p: &Parts<'l, T>, wbytes: usize) -> Self {
        WeightSpace {
            len: p
                .required_len(RnnTensor::Weights, wbytes)
                .unwrap_or(usize::MAX),
            lib: p.rnn.lib(),
        }
    }
}

impl crate::core::launch::Described for WeightSpace<'_> {
    fn span(&self) -> usize {
        self.len
    }
    fn made_by(&self) -> &Arc<Library> {
        self.lib
    }
    fn layout(&self) -> Option<(&[usize], &[usize])> {
        None
    }
}

/// `(name, tensor, len)` of the optional state buffers given, for the
/// checks that need no GPU.
/// The forward mode, the reserve space to fill and the dropout states to
/// advance: both for training, neither for inference.
fn forward_mode<'r, 's>(
    training: Option<(&'r mut RnnReserveSpace, Option<&'s mut CudaSlice<u8>>)>,
) -> (
    RnnForwardMode,
    Option<&'r mut RnnReserveSpace>,
    Option<&'s mut CudaSlice<u8>>,
) {
    match training {
        Some((r, s)) => (RnnForwardMode::TRAINING, Some(r), s),
        None => (RnnForwardMode::INFERENCE, None, None),
    }
}

impl<T> RnnForwardArgs<'_, T> {
    /// Each buffer's name, the descriptor it is checked against, and its
    /// length: the inputs, then the states given.
    fn lens(&self) -> Vec<(&'static str, RnnTensor, usize)> {
        let mut lens = vec![
            ("x", RnnTensor::X, self.x.len()),
            ("y", RnnTensor::Y, self.y.len()),
            ("w", RnnTensor::Weights, self.w.len()),
        ];
        lens.extend(state_lens(
            ["hx", "cx"],
            self.hx.map(|b| b.len()),
            self.cx.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["hy", "cy"],
            self.hy.as_ref().map(|b| b.len()),
            self.cy.as_ref().map(|b| b.len()),
        ));
        lens
    }
}

impl<T> RnnBackwardDataArgs<'_, T> {
    /// Each buffer's name, the descriptor it is checked against, and its
    /// length: the sequences, then the states given.
    fn lens(&self) -> Vec<(&'static str, RnnTensor, usize)> {
        let mut lens = vec![
            ("w", RnnTensor::Weights, self.w.len()),
            ("y", RnnTensor::Y, self.y.len()),
            ("dy", RnnTensor::Y, self.dy.len()),
            ("dx", RnnTensor::X, self.dx.len()),
        ];
        lens.extend(state_lens(
            ["hx", "cx"],
            self.hx.map(|b| b.len()),
            self.cx.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["dhy", "dcy"],
            self.dhy.map(|b| b.len()),
            self.dcy.map(|b| b.len()),
        ));
        lens.extend(state_lens(
            ["dhx", "dcx"],
            self.dhx.as_ref().map(|b| b.len()),
            self.dcx.as_ref().map(|b| b.len()),
        ));
        lens
    }
}

fn state_lens(
    names: [&'static str; 2],
    h: Option<usize>,
    c: Option<usize>,
) -> impl Iterator<Item = (&'static str, RnnTensor, usize)> {
    let h = h.map(|len| (names[0], RnnTensor::Hidden, len));
    let c = c.map(|len| (names[1], RnnTensor::Cell, len));
    h.into_iter().chain(c)
}

/// Takes the device pointers of the workspace and the reserve space for a
/// launch, checking that they hold what cuDNN asked for; their lengths and
/// pointers.
struct Scratch<'a> {
    ws: (u64, usize, Option<cudarc::driver::SyncOnDrop<'a>>),
    reserve: (u64, usize, Option<cudarc::driver::SyncOnDrop<'a>>),
}

impl<'a> Scratch<'a> {
    fn take(
        l: &Launch<'a>,
        ws: &'a mut Workspace,
        work: usize,
        reserve: Option<&'a mut Workspace>,
        reserve_need: usize,
    ) -> Result<Self> {
        let ws = ws.device_ptr(l.stream);
        ensure(ws.1 >= work, l.function, || Mismatch::WorkspaceTooSmall {
            len: ws.1,
            required: work,
        })?;
        let reserve = match reserve {
            Some(r) => r.device_ptr(l.stream),
            None => (0, 0, None),
        };
        ensure(reserve.1 >= reserve_need, l.function, || {
            Mismatch::WorkspaceTooSmall {
                len: reserve.1,
                required: reserve_need,
            }
        })?;
        Ok(Scratch { ws, reserve })
    }
}

impl Handle {
    /// Compiles the `CUDNN_RNN_ALGO_PERSIST_DYNAMIC` kernels of `rnn` for
    /// batches of `mini_batch` sequences (needed before using that
    /// algorithm).
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] for another algorithm;
    /// [`Mismatch::OtherLibrary`] for a descriptor of another loaded cuDNN;
    /// cuDNN's error.
    #[doc(alias = "cudnnBuildRNNDynamic")]
    pub fn rnn_build_dynamic<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<T, C>,
        mini_batch: usize,
    ) -> Result<()> {
        const F: &str = "cudnnBuildRNNDynamic";
        ensure(rnn.config().algo == RnnAlgo::PERSIST_DYNAMIC, F, || {
            Mismatch::Unsupported {
                what: "only CUDNN_RNN_ALGO_PERSIST_DYNAMIC is built".into(),
            }
        })?;
        let n = to_c_ints(&[mini_batch], 1, "mini_batch", F)?[0];
        let l = self.launch(F)?;
        l.descriptor("rnn", rnn.library())?;
        let build = ffi!(l.library(), cudnnBuildRNNDynamic);
        // SAFETY: the handle and descriptor (of the handle's library) are
        // live.
        let status = unsafe { (build.f)(l.raw(), rnn.as_raw(), n) };
        build.check(status)
    }

    /// The forward pass for inference: `y` and, when asked for, the final
    /// states from `x`, the weights and the initial states (zeros where
    /// `None`). No dropout is applied.
    ///
    /// Checks first: the handle has a stream; the network is of the
    /// handle's library; `x`, `y`, the weights and every state given are
    /// in the handle's CUDA context and as long as their descriptors (cell
    /// states only for an LSTM); the workspace is grown to what cuDNN
    /// asks.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] before any GPU work for a mismatch;
    /// cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnRNNForward")]
    pub fn rnn_forward_inference<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<T, C>,
        ws: &mut Workspace,
        args: RnnForwardArgs<'_, T>,
    ) -> Result<()> {
        self.rnn_forward(p.parts(), None, ws, args)
    }

    /// The forward pass for training: as
    /// [`rnn_forward_inference`](Self::rnn_forward_inference), applying the
    /// dropout between layers, and filling `reserve` (grown to what cuDNN
    /// asks) for the backward pass.
    ///
    /// Takes the problem mutably: the dropout descriptor its network owns
    /// has random-number states that this pass advances, so it holds them
    /// exclusively (and orders the launch after whatever wrote them last,
    /// their initialization say).
    ///
    /// # Errors
    /// As [`rnn_forward_inference`](Self::rnn_forward_inference), and
    /// [`Mismatch::WrongDevice`] for dropout states of another CUDA
    /// context.
    #[doc(alias = "cudnnRNNForward")]
    pub fn rnn_forward_training<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &mut RnnProblem<T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        args: RnnForwardArgs<'_, T>,
    ) -> Result<()> {
        let (parts, states) = p.parts_and_dropout_states();
        self.rnn_forward(parts, Some((reserve, states)), ws, args)
    }

    /// Both forward passes: `training` is the reserve space to fill and
    /// the dropout states to advance.
    fn rnn_forward<T: DataType>(
        &self,
        p: Parts<'_, T>,
        training: Option<(&mut RnnReserveSpace, Option<&mut CudaSlice<u8>>)>,
        ws: &mut Workspace,
        args: RnnForwardArgs<'_, T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNForward";
        let l = self.launch(F)?;
        l.descriptor("rnn", p.rnn.lib())?;
        let wbytes = self.weight_space_bytes(p.rnn, p.weight_bytes)?;
        p.check_buffers(F, wbytes, &args.lens())?;
        let weights = WeightSpace::of(&p, wbytes);
        let x = l.input("x", args.x, p.x)?;
        let y = l.output("y", args.y, p.y)?;
        let w = l.input("w", args.w, &weights)?;
        let hx = l.opt_input("hx", args.hx, p.h)?;
        let cx = l.opt_input("cx", args.cx, p.c)?;
        let hy = l.opt_output("hy", args.hy, p.h)?;
        let cy = l.opt_output("cy", args.cy, p.c)?;
        let (mode, mut reserve, states) = forward_mode(training);
        // Training advances the dropout states: held exclusively, after
        // whatever wrote them last.
        let _states = states
            .map(|s| l.scratch("dropout states", s, 0))
            .transpose()?;
        let (work, reserve_need) = self.temp_space_sizes(&p, mode)?;
        ws.reserve(l.stream, work)?;
        if let Some(r) = reserve.as_deref_mut() {
            r.reserve(l.stream, reserve_need)?;
        }
        let lengths = p.device_lengths(l.stream)?;
        let (lp, _gl) = lengths.device_ptr(l.stream);
        let (reserve_buf, reserve_need) = match reserve.as_deref_mut() {
            Some(r) => (Some(&mut r.buf), reserve_need),
            None => (None, 0),
        };
        let s = Scratch::take(&l, ws, work, reserve_buf, reserve_need)?;
        let run = ffi!(l.library(), cudnnRNNForward);
        // SAFETY: every buffer was checked against its descriptor, library
        // and context; the sequence lengths are a device copy of x's; the
        // weight space holds `wbytes` bytes, the workspace and reserve
        // space what cuDNN asked for (no reserve space for inference);
        // missing states are null, which cuDNN reads as zeros or does not
        // write; the dropout states are held for the call.
        let status = unsafe {
            (run.f)(
                l.raw(),
                p.rnn.ptr(),
                mode,
                lp as *const i32,
                p.x.as_raw(),
                x.ptr(),
                p.y.as_raw(),
                y.ptr(),
                p.h.as_raw(),
                hx.ptr(),
                hy.ptr(),
                p.c.as_raw(),
                cx.ptr(),
                cy.ptr(),
                wbytes,
                w.ptr(),
                s.ws.1,
                s.ws.0 as _,
                s.reserve.1,
                s.reserve.0 as _,
            )
        };
        drop(s);
        run.check(status)?;
        if let Some(r) = reserve {
            r.problem = p.id;
            r.stage = ReserveStage::Forward;
        }
        Ok(())
    }

    /// The backward pass through the data: `dx` and, when asked for, the
    /// gradients of the initial states, from `y` and `dy` and the gradients
    /// of the final states (zeros where `None`), after
    /// [`rnn_forward_training`](Self::rnn_forward_training) of the same
    /// problem filled `reserve` (checked). `hx` and `cx` are the initial
    /// states the forward pass used.
    ///
    /// # Errors
    /// As [`rnn_forward_inference`](Self::rnn_forward_inference);
    /// [`Mismatch::Unsupported`] for a reserve space the training forward of
    /// this problem did not fill.
    #[doc(alias = "cudnnRNNBackwardData_v8")]
    pub fn rnn_backward_data<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        args: RnnBackwardDataArgs<'_, T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNBackwardData_v8";
        let p = p.parts();
        p.check_reserve(F, reserve)?;
        let l = self.launch(F)?;
        l.descriptor("rnn", p.rnn.lib())?;
        let wbytes = self.weight_space_bytes(p.rnn, p.weight_bytes)?;
        p.check_buffers(F, wbytes, &args.lens())?;
        let RnnBackwardDataArgs {
            w,
            y,
            dy,
            dx,
            hx,
            cx,
            dhy,
            dcy,
            dhx,
            dcx,
        } = args;
        let weights = WeightSpace::of(&p, wbytes);
        let w = l.input("w", w, &weights)?;
        let y = l.input("y", y, p.y)?;
        let dy = l.input("dy", dy, p.y)?;
        let dx = l.output("dx", dx, p.x)?;
        let hx = l.opt_input("hx", hx, p.h)?;
        let cx = l.opt_input("cx", cx, p.c)?;
        let dhy = l.opt_input("dhy", dhy, p.h)?;
        let dcy = l.opt_input("dcy", dcy, p.c)?;
        let dhx = l.opt_output("dhx", dhx, p.h)?;
        let dcx = l.opt_output("dcx", dcx, p.c)?;
        let (work, reserve_need) = self.temp_space_sizes(&p, RnnForwardMode::TRAINING)?;
        reserve.check_on(l.stream, F, reserve_need)?;
        ws.reserve(l.stream, work)?;
        let lengths = p.device_lengths(l.stream)?;
        let (lp, _gl) = lengths.device_ptr(l.stream);
        let s = Scratch::take(&l, ws, work, Some(&mut reserve.buf), reserve_need)?;
        let run = ffi!(l.library(), cudnnRNNBackwardData_v8);
        // SAFETY: as in rnn_forward; the reserve space was filled by the
        // training forward of this problem (checked above).
        let status = unsafe {
            (run.f)(
                l.raw(),
                p.rnn.ptr(),
                lp as *const i32,
                p.y.as_raw(),
                y.ptr(),
                dy.ptr(),
                p.x.as_raw(),
                dx.ptr(),
                p.h.as_raw(),
                hx.ptr(),
                dhy.ptr(),
                dhx.ptr(),
                p.c.as_raw(),
                cx.ptr(),
                dcy.ptr(),
                dcx.ptr(),
                wbytes,
                w.ptr(),
                s.ws.1,
                s.ws.0 as _,
                s.reserve.1,
                s.reserve.0 as _,
            )
        };
        drop(s);
        run.check(status)?;
        reserve.stage = ReserveStage::BackwardData;
        Ok(())
    }

    /// The backward pass through the weights: adds the gradient of the
    /// weights to `dw` (`dw += ∂L/∂w`; zero it first for the gradient
    /// alone: cuDNN 8 and 9 only accumulate), from `x`, the initial hidden
    /// state the forward pass used (zeros for `None`) and `y`, after
    /// [`rnn_backward_data`](Self::rnn_backward_data) of the same problem
    /// (checked through `reserve`).
    ///
    /// # Errors
    /// As [`rnn_backward_data`](Self::rnn_backward_data).
    #[doc(alias = "cudnnRNNBackwardWeights_v8")]
    pub fn rnn_backward_weights<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        p: &RnnProblem<T, C>,
        ws: &mut Workspace,
        reserve: &mut RnnReserveSpace,
        args: RnnBackwardWeightsArgs<'_, T>,
    ) -> Result<()> {
        const F: &str = "cudnnRNNBackwardWeights_v8";
        let p = p.parts();
        let RnnBackwardWeightsArgs { x, hx, y, dw } = args;
        p.check_reserve(F, reserve)?;
        let l = self.launch(F)?;
        l.descriptor("rnn", p.rnn.lib())?;
        let wbytes = self.weight_space_bytes(p.rnn, p.weight_bytes)?;
        let mut lens = vec![
            ("x", RnnTensor::X, x.len()),
            ("y", RnnTensor::Y, y.len()),
            ("dw", RnnTensor::Weights, dw.len()),
        ];
        lens.extend(state_lens(["hx", "cx"], hx.map(|b| b.len()), None));
        p.check_buffers(F, wbytes, &lens)?;
        let weights = WeightSpace::of(&p, wbytes);
        let x = l.input("x", x, p.x)?;
        let y = l.input("y", y, p.y)?;
        let dw = l.output("dw", dw, &weights)?;
        let hx = l.opt_input("hx", hx, p.h)?;
        let (work, reserve_need) = self.temp_space_sizes(&p, RnnForwardMode::TRAINING)?;
        reserve.check_on(l.stream, F, reserve_need)?;
        ws.reserve(l.stream, work)?;
        let lengths = p.device_lengths(l.stream)?;
        let (lp, _gl) = lengths.device_ptr(l.stream);
        let s = Scratch::take(&l, ws, work, Some(&mut reserve.buf), reserve_need)?;
        let run = ffi!(l.library(), cudnnRNNBackwardWeights_v8);
        // SAFETY: as in rnn_backward_data; `dw` holds the whole weight
        // space.
        let status = unsafe {
            (run.f)(
                l.raw(),
                p.rnn.ptr(),
                sys::cudnnWgradMode_t::ADD,
                lp as *const i32,
                p.x.as_raw(),
                x.ptr(),
                p.h.as_raw(),
                hx.ptr(),
                p.y.as_raw(),
                y.ptr(),
                wbytes,
                dw.ptr(),
                s.ws.1,
                s.ws.0 as _,
                s.reserve.1,
                s.reserve.0 as _,
            )
        };
        run.check(status)
    }
}
