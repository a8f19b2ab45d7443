//! [`PreparedPack`]: a [`VariantPack`] checked once against a plan, its
//! uids in the order cuDNN takes them, so that an execution
//! ([`Handle::execute_prepared`](crate::Handle::execute_prepared)) takes
//! only the addresses; and [`Layout`], what preparing learnt, as plain
//! data (tested without device memory, timed by `execute_timing.rs`).
//!
//! cuDNN's variant pack descriptor cannot be changed once finalized, so a
//! prepared pack, as cudnn-frontend's executions do
//! (`detail::create_variant_pack` in `backend/execution_helpers.h`, called
//! on every `execute`, the uid-ordered `std::vector<void*>` one included),
//! makes a fresh one per execution from the uids kept here: what it saves
//! is the checks, not the descriptor.

use cudarc::driver::{CudaStream, SyncOnDrop};

use super::{
    check_aligned, check_bindings, check_buffer, refuse, scalar_words, BufferFacts, Entry,
    TensorUid, VariantPack,
};
use crate::core::dtype::DataType;
use crate::core::error::Result;
use crate::core::launch::{check_placed, DeviceBuffer, DeviceBufferMut, Placement};
use crate::graph::graph_tensor::GraphTensor;
use crate::graph::plan::ExecutionPlan;
use crate::graph::scalar::ScalarValue;

const PREPARE: &str = "VariantPack::prepare";
const REBIND: &str = "PreparedPack::rebind";

/// A [`VariantPack`] checked against one plan ([`VariantPack::prepare`]),
/// for executions that take only the addresses:
/// [`Handle::execute_prepared`](crate::Handle::execute_prepared).
///
/// Preparing runs every check of [`Handle::execute`](crate::Handle::execute)
/// on the pack that needs no handle (each uid, element type, length,
/// written or read, indices, no overlap in an output, the by-value
/// scalars' values) and keeps the uids in the order cuDNN takes them and
/// each buffer's tensor and alignment. An execution then checks only what
/// can change: the plan against the handle (its library, handle and
/// GPU, as `execute` does), each buffer's CUDA context against the
/// handle's, and each address's alignment; and makes the variant pack
/// descriptor (cuDNN's cannot be changed once finalized: cudnn-frontend
/// also makes one per execution).
///
/// A buffer is changed with [`rebind_input`](Self::rebind_input),
/// [`rebind_output`](Self::rebind_output) or
/// [`rebind_index_input`](Self::rebind_index_input): the new buffer is
/// checked against its tensor at once, as the pack's was (element type,
/// length, written or read, indices), and a refused one leaves the old
/// binding in place. Rebinding, not a closure given to each execution,
/// because a rebind is checked where it is made (the error names the
/// call that caused it), the buffers that did not change are not looked
/// at again, and an execution's signature stays that of
/// [`execute`](crate::Handle::execute). The new buffer is borrowed for the
/// pack's whole life (`'a`), as the pack's buffers are: rebind to buffers
/// that outlive the prepared pack (a double buffer, a pool), or prepare
/// again.
///
/// The pack borrows its plan (`'p`): it runs only that plan, which the
/// borrow proves without a check. By-value scalars keep the values they
/// had when prepared.
///
/// ```no_run
/// # use cudnn::cudarc::driver::CudaSlice;
/// # use cudnn::graph::{ExecutionPlan, VariantPack};
/// # use cudnn::{Handle, Workspace};
/// # fn steps(
/// #     handle: &Handle,
/// #     plan: &ExecutionPlan,
/// #     batches: &[CudaSlice<f32>],
/// #     w: &CudaSlice<f32>,
/// #     y: &mut CudaSlice<f32>,
/// #     (x_uid, w_uid, y_uid): (i64, i64, i64),
/// # ) -> cudnn::Result<()> {
/// let mut workspace = Workspace::new();
/// let mut pack = VariantPack::new()
///     .input(x_uid, &batches[0])
///     .input(w_uid, w)
///     .output(y_uid, y)
///     .prepare(plan)?;
/// for x in batches {
///     pack.rebind_input(x_uid, x)?; // checked here: type, length
///     handle.execute_prepared(&mut pack, &mut workspace)?;
/// }
/// # Ok(())
/// # }
/// ```
///
/// Not `Clone` (it holds exclusive borrows of the outputs), and neither
/// `Send` nor `Sync`, as the [`VariantPack`] it is made from: it binds
/// buffers of any of the accepted types behind one type, which promises
/// neither.
pub struct PreparedPack<'p, 'a> {
    plan: &'p ExecutionPlan,
    buffers: Vec<Entry<'a>>,
    layout: Layout,
}

static_assertions::assert_not_impl_any!(PreparedPack<'static, 'static>: Send, Sync, Clone);

impl std::fmt::Debug for PreparedPack<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreparedPack")
            .field("plan", &self.plan.graph_name())
            .field("uids", &self.layout.uids)
            .finish()
    }
}

/// What preparing learnt of a pack against a plan's tensors, as plain
/// data: for each buffer, in the pack's order, its tensor's index among
/// the plan's tensors and its alignment; the uids as cuDNN takes them
/// (the buffers', then the by-value scalars'); each scalar's word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layout {
    tensor: Vec<usize>,
    alignment: Vec<u64>,
    pub(crate) uids: Vec<i64>,
    pub(crate) words: Vec<u64>,
}

impl Layout {
    /// Checks `buffers` and `scalars` against `tensors` as an execution
    /// does ([`check_bindings`], every buffer taken as in the handle's
    /// context: that is checked at each execution) and lays them out.
    pub(crate) fn of(
        function: &'static str,
        graph_name: &str,
        tensors: &[GraphTensor],
        buffers: &[BufferFacts],
        scalars: &[(i64, ScalarValue)],
    ) -> Result<Layout> {
        check_bindings(function, graph_name, tensors, buffers, scalars, 0)?;
        let values = scalar_words(function, tensors, scalars)?;
        let mut tensor = Vec::with_capacity(buffers.len());
        let mut alignment = Vec::with_capacity(buffers.len());
        for b in buffers {
            // Found: `check_bindings` refused any other uid.
            let Some(i) = tensors.iter().position(|t| t.uid == b.uid) else {
                return Err(no_tensor(function, graph_name, b.uid));
            };
            tensor.push(i);
            alignment.push(tensors.get(i).map_or(1, |t| t.alignment.max(1)));
        }
        let uids = buffers
            .iter()
            .map(|b| b.uid)
            .chain(values.iter().map(|v| v.0))
            .collect();
        let words = values.iter().map(|v| v.1).collect();
        Ok(Layout {
            tensor,
            alignment,
            uids,
            words,
        })
    }

    /// The buffers' uids, in the pack's order.
    fn buffer_uids(&self) -> &[i64] {
        self.uids.get(..self.tensor.len()).unwrap_or_default()
    }

    /// Checks buffer `b` for the tensor it rebinds, as preparing checked
    /// the old one ([`check_buffer`]: type, length, written or read,
    /// indices, no overlap in an output), and returns its slot. `b`'s
    /// placement is checked at each execution.
    pub(crate) fn rebind_slot(
        &self,
        function: &'static str,
        graph_name: &str,
        tensors: &[GraphTensor],
        b: &BufferFacts,
    ) -> Result<usize> {
        let slot = self.buffer_uids().iter().position(|&u| u == b.uid);
        let tensor = slot
            .and_then(|s| self.tensor.get(s))
            .and_then(|&i| tensors.get(i));
        let (Some(slot), Some(t)) = (slot, tensor) else {
            if tensors.iter().any(|t| t.uid == b.uid) {
                return Err(refuse(
                    function,
                    b.uid,
                    "takes no buffer: it is virtual or a by-value scalar".into(),
                ));
            }
            return Err(no_tensor(function, graph_name, b.uid));
        };
        check_buffer(function, t, b, b.device)?;
        Ok(slot)
    }

    /// Checks each buffer's address of `addrs` (one per buffer, in the
    /// pack's order) against its tensor's alignment.
    pub(crate) fn check_aligned(&self, function: &'static str, addrs: &[u64]) -> Result<()> {
        let each = self.buffer_uids().iter().zip(&self.alignment).zip(addrs);
        for ((&uid, &alignment), &address) in each {
            check_aligned(function, uid, address, alignment)?;
        }
        Ok(())
    }
}

#[cold]
fn no_tensor(function: &'static str, graph_name: &str, uid: i64) -> crate::core::error::Error {
    refuse(
        function,
        uid,
        format!("the plan of {graph_name} has no tensor with this uid"),
    )
}

impl<'a> VariantPack<'a> {
    /// Checks this pack against `plan` once, for executions that take only
    /// the addresses ([`PreparedPack`],
    /// [`Handle::execute_prepared`](crate::Handle::execute_prepared)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for any
    /// binding [`Handle::execute`](crate::Handle::execute) would refuse,
    /// with the same mismatch, but for the buffers' CUDA context and
    /// addresses, checked at each execution.
    pub fn prepare<'p>(self, plan: &'p ExecutionPlan) -> Result<PreparedPack<'p, 'a>> {
        let facts: Vec<BufferFacts> = self.buffers.iter().map(|e| e.facts(None)).collect();
        let layout = Layout::of(
            PREPARE,
            plan.graph_name(),
            plan.tensors(),
            &facts,
            &self.scalars,
        )?;
        Ok(PreparedPack {
            plan,
            buffers: self.buffers,
            layout,
        })
    }
}

impl<'p, 'a> PreparedPack<'p, 'a> {
    /// The plan it was prepared against.
    pub fn plan(&self) -> &'p ExecutionPlan {
        self.plan
    }

    /// The uids cuDNN is given, in its order: the buffers' (in the order
    /// they were bound), then the by-value scalars'.
    pub fn uids(&self) -> &[i64] {
        &self.layout.uids
    }

    fn rebind(&mut self, entry: Entry<'a>) -> Result<()> {
        let facts = entry.facts(None);
        let (name, tensors) = (self.plan.graph_name(), self.plan.tensors());
        let slot = self.layout.rebind_slot(REBIND, name, tensors, &facts)?;
        // A slot of the layout is one of the buffers'.
        let Some(old) = self.buffers.get_mut(slot) else {
            return Err(refuse(REBIND, facts.uid, "has no buffer slot".into()));
        };
        *old = entry;
        Ok(())
    }

    /// Binds tensor `uid`, which the graph reads, to `buf` in place of its
    /// buffer.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument), and the
    /// old buffer stays bound, when `uid` names no buffer of the plan, or
    /// `buf` does not fit it as [`VariantPack`] describes (its element type,
    /// length; a written tensor takes
    /// [`rebind_output`](Self::rebind_output), an index tensor
    /// [`rebind_index_input`](Self::rebind_index_input)).
    pub fn rebind_input<T: DataType, B: DeviceBuffer<T> + ?Sized>(
        &mut self,
        uid: i64,
        buf: &'a B,
    ) -> Result<()> {
        self.rebind(Entry::input(uid, false, buf))
    }

    /// Binds tensor `uid`, which the graph reads as device-side indices, to
    /// `buf` in place of its buffer.
    ///
    /// # Safety
    /// As [`VariantPack::index_input`]: every value of `buf` is in range
    /// from each execution's call until that work completes.
    ///
    /// # Errors
    /// As [`rebind_input`](Self::rebind_input).
    pub unsafe fn rebind_index_input<T: DataType, B: DeviceBuffer<T> + ?Sized>(
        &mut self,
        uid: i64,
        buf: &'a B,
    ) -> Result<()> {
        self.rebind(Entry::input(uid, true, buf))
    }

    /// Binds tensor `uid`, which the graph writes, to `buf` in place of its
    /// buffer.
    ///
    /// # Errors
    /// As [`rebind_input`](Self::rebind_input).
    pub fn rebind_output<T: DataType, B: DeviceBufferMut<T> + ?Sized>(
        &mut self,
        uid: i64,
        buf: &'a mut B,
    ) -> Result<()> {
        self.rebind(Entry::output(uid, buf))
    }

    /// Checks that every buffer lives in `stream`'s CUDA context.
    pub(crate) fn check_contexts(&self, function: &'static str, stream: &CudaStream) -> Result<()> {
        for e in &self.buffers {
            let f = e.facts(Some(stream));
            if !f.same_context {
                let placement = Placement {
                    same_context: false,
                    buffer_device: f.device,
                    handle_device: stream.context().ordinal(),
                };
                check_placed(function, &TensorUid(e.uid), placement, f.len, 0)?;
            }
        }
        Ok(())
    }

    /// Every buffer's address for a launch on `stream`, in the pack's
    /// order, with cudarc's guards (drop them once the launch is queued),
    /// and the layout they go into.
    pub(crate) fn take<'s>(
        &'s mut self,
        stream: &'s CudaStream,
    ) -> (Vec<u64>, Vec<SyncOnDrop<'s>>, &'s mut Layout) {
        let mut addrs = Vec::with_capacity(self.buffers.len());
        let mut guards = Vec::with_capacity(self.buffers.len());
        for e in &mut self.buffers {
            let (addr, guard) = e.binding.ptr(stream);
            addrs.push(addr);
            guards.push(guard);
        }
        (addrs, guards, &mut self.layout)
    }
}

#[cfg(test)]
mod prepared_tests;
