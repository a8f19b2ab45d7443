//! Running a plan: the variant pack (every graph tensor's buffer, by uid,
//! checked), `cudnnBackendExecute`, and timing plans against each other.

use std::ffi::c_void;

use cudarc::driver::{CudaStream, SyncOnDrop};
use cudnn_sys as sys;
use sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};

use super::descriptor::BackendDescriptor;
use super::plan::{ExecutionPlan, PlanTensor};
use crate::core::dtype::DataType;
use crate::error::{Error, Mismatch, Result};
use crate::launch::{same_context, strides_are_injective, DeviceBuffer, DeviceBufferMut};
use crate::workspace::Workspace;
use crate::Handle;

const EXECUTE: &str = "cudnnBackendExecute";

/// One bound buffer, type-erased: checks itself against its tensor, then
/// hands out its address with cudarc's guard.
trait Binding<'a> {
    /// The element type of the buffer.
    fn data_type(&self) -> sys::cudnnDataType_t;
    /// Its length in elements.
    fn len(&self) -> usize;
    /// Whether it lives in `stream`'s context, and on which device.
    fn device(&self, stream: &CudaStream) -> (bool, usize);
    /// Whether it may be written.
    fn writable(&self) -> bool;
    /// Its address for a launch on `stream`, with cudarc's guard.
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>);
}

struct In<'a, B: ?Sized, T> {
    buf: &'a B,
    _t: std::marker::PhantomData<T>,
}

struct Out<'a, B: ?Sized, T> {
    buf: &'a mut B,
    _t: std::marker::PhantomData<T>,
}

impl<'a, T: DataType, B: DeviceBuffer<T> + ?Sized> Binding<'a> for In<'a, B, T> {
    fn data_type(&self) -> sys::cudnnDataType_t {
        T::CUDNN
    }
    fn len(&self) -> usize {
        self.buf.len()
    }
    fn device(&self, stream: &CudaStream) -> (bool, usize) {
        let c = self.buf.stream().context();
        (same_context(c, stream.context()), c.ordinal())
    }
    fn writable(&self) -> bool {
        false
    }
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>) {
        self.buf.device_ptr(stream)
    }
}

impl<'a, T: DataType, B: DeviceBufferMut<T> + ?Sized> Binding<'a> for Out<'a, B, T> {
    fn data_type(&self) -> sys::cudnnDataType_t {
        T::CUDNN
    }
    fn len(&self) -> usize {
        self.buf.len()
    }
    fn device(&self, stream: &CudaStream) -> (bool, usize) {
        let c = self.buf.stream().context();
        (same_context(c, stream.context()), c.ordinal())
    }
    fn writable(&self) -> bool {
        true
    }
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>) {
        self.buf.device_ptr_mut(stream)
    }
}

/// The buffers of an execution, by tensor uid: device buffers for the
/// graph's real tensors (inputs shared, outputs exclusive) and host values
/// for its by-value scalars. One pack serves any number of executions
/// (a training loop, [`Handle::autotune`]).
///
/// Every buffer is checked by [`Handle::execute`] against its tensor in the
/// plan: element type, length (the tensor's span, strides included), the
/// handle's CUDA context, no overlapping strides in an output, every real
/// tensor bound once, and outputs bound as outputs. Only cudarc's
/// `CudaSlice`, `CudaView` and `CudaViewMut` are accepted.
#[derive(Default)]
pub struct VariantPack<'a> {
    buffers: Vec<(i64, Box<dyn Binding<'a> + 'a>)>,
    scalars: Vec<(i64, f32)>,
}

impl std::fmt::Debug for VariantPack<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantPack")
            .field(
                "buffers",
                &self.buffers.iter().map(|(u, _)| *u).collect::<Vec<_>>(),
            )
            .field("scalars", &self.scalars)
            .finish()
    }
}

impl<'a> VariantPack<'a> {
    /// An empty pack.
    pub fn new() -> Self {
        VariantPack::default()
    }

    /// Binds a tensor the graph reads to `buf`.
    pub fn input<T: DataType, B: DeviceBuffer<T> + ?Sized>(mut self, uid: i64, buf: &'a B) -> Self {
        let b: Box<dyn Binding<'a> + 'a> = Box::new(In::<B, T> {
            buf,
            _t: std::marker::PhantomData,
        });
        self.buffers.push((uid, b));
        self
    }

    /// Binds a tensor the graph writes to `buf`.
    pub fn output<T: DataType, B: DeviceBufferMut<T> + ?Sized>(
        mut self,
        uid: i64,
        buf: &'a mut B,
    ) -> Self {
        let b: Box<dyn Binding<'a> + 'a> = Box::new(Out::<B, T> {
            buf,
            _t: std::marker::PhantomData,
        });
        self.buffers.push((uid, b));
        self
    }

    /// Gives a by-value scalar tensor its value (when the plan does not
    /// know it: a plan read from JSON).
    pub fn scalar(mut self, uid: i64, value: f32) -> Self {
        self.scalars.push((uid, value));
        self
    }
}

fn refuse(tensor: &PlanTensor, what: String) -> Error {
    Error::InvalidArgument {
        function: EXECUTE,
        mismatch: Mismatch::GraphNode {
            node: "variant pack".into(),
            tensor: Some(tensor.uid.to_string()),
            what,
        },
    }
}

/// Checks every binding of `pack` against `plan` on `stream`: all pure
/// checks, before any pointer is taken.
fn check_pack(plan: &ExecutionPlan, pack: &VariantPack<'_>, stream: &CudaStream) -> Result<()> {
    for (uid, _) in &pack.buffers {
        if plan.tensor(*uid).is_none() {
            return Err(Error::InvalidArgument {
                function: EXECUTE,
                mismatch: Mismatch::GraphNode {
                    node: "variant pack".into(),
                    tensor: Some(uid.to_string()),
                    what: format!(
                        "the plan of {} has no tensor with this uid",
                        plan.graph_name()
                    ),
                },
            });
        }
    }
    for t in plan.tensors() {
        if t.is_virtual {
            if pack.buffers.iter().any(|(u, _)| *u == t.uid) {
                return Err(refuse(t, "is virtual: it has no buffer".into()));
            }
            continue;
        }
        if t.is_by_value {
            if t.by_value.is_none() && !pack.scalars.iter().any(|(u, _)| *u == t.uid) {
                return Err(refuse(t, "is a by-value scalar without a value".into()));
            }
            continue;
        }
        let mut bound = pack.buffers.iter().filter(|(u, _)| *u == t.uid);
        let Some((_, b)) = bound.next() else {
            return Err(refuse(t, "has no buffer in the variant pack".into()));
        };
        if bound.next().is_some() {
            return Err(refuse(t, "is bound twice".into()));
        }
        if b.data_type() != t.data_type {
            return Err(refuse(
                t,
                format!(
                    "holds data type {} but the buffer's elements are {}",
                    t.data_type.0,
                    b.data_type().0
                ),
            ));
        }
        let span = t
            .span()
            .ok_or_else(|| refuse(t, "spans more elements than fit usize".into()))?;
        if b.len() < span {
            return Err(refuse(
                t,
                format!("spans {span} elements but the buffer holds {}", b.len()),
            ));
        }
        let (same, device) = b.device(stream);
        if !same {
            return Err(refuse(
                t,
                format!(
                    "its buffer is on device {device}, not in the handle's CUDA context (device {})",
                    stream.context().ordinal()
                ),
            ));
        }
        if t.written {
            if !b.writable() {
                return Err(refuse(
                    t,
                    "is written by the graph: bind it with `output`".into(),
                ));
            }
            let dims: Option<Vec<usize>> =
                t.dims.iter().map(|&d| usize::try_from(d).ok()).collect();
            let strides: Option<Vec<usize>> =
                t.strides.iter().map(|&s| usize::try_from(s).ok()).collect();
            let injective = match (dims, strides) {
                (Some(d), Some(s)) => strides_are_injective(&d, &s),
                _ => false,
            };
            if !injective {
                return Err(refuse(t, "is an output whose strides overlap".into()));
            }
        }
    }
    Ok(())
}

/// A finalized variant pack for one call, with what must outlive it:
/// cudarc's guards of every buffer, and the host scalars it points to.
pub(crate) struct Bound<'s> {
    pub(crate) vp: BackendDescriptor,
    _guards: Vec<SyncOnDrop<'s>>,
    _workspace: Option<SyncOnDrop<'s>>,
    _values: Vec<f32>,
}

/// Checks `plan` against `handle` and `pack` against `plan`, grows the
/// workspace, and makes the variant pack.
pub(crate) fn bind<'s>(
    handle: &Handle,
    l: &crate::launch::Launch<'s>,
    plan: &ExecutionPlan,
    pack: &'s mut VariantPack<'_>,
    workspace: &'s mut Workspace,
) -> Result<Bound<'s>> {
    l.descriptor("plan", plan.library())?;
    if plan.handle_id.is_some_and(|id| id != handle.id()) {
        return Err(Error::InvalidArgument {
            function: l.function,
            mismatch: Mismatch::Unsupported {
                what: "the plan was built with another handle".into(),
            },
        });
    }
    check_pack(plan, pack, l.stream)?;
    workspace.reserve(l.stream, plan.workspace_size())?;

    let mut uids = Vec::new();
    let mut ptrs: Vec<*mut c_void> = Vec::new();
    let mut guards = Vec::new();
    let VariantPack { buffers, scalars } = pack;
    for (uid, b) in buffers.iter_mut() {
        let (addr, guard) = b.ptr(l.stream);
        uids.push(*uid);
        ptrs.push(addr as *mut c_void);
        guards.push(guard);
    }
    // Host scalars: cuDNN reads by-value tensors when the work is queued;
    // the values live in `Bound` (a heap buffer that does not move).
    let by_value: Vec<&PlanTensor> = plan.tensors().iter().filter(|t| t.is_by_value).collect();
    let mut values: Vec<f32> = by_value
        .iter()
        .map(|t| {
            scalars
                .iter()
                .find(|(u, _)| *u == t.uid)
                .map(|(_, v)| *v)
                .or(t.by_value)
                .unwrap_or(0.0)
        })
        .collect();
    for (t, v) in by_value.iter().zip(values.iter_mut()) {
        uids.push(t.uid);
        ptrs.push((v as *mut f32).cast());
    }
    let (ws_addr, _, ws_guard) = workspace.device_ptr(l.stream);
    let mut vp =
        BackendDescriptor::with_library(l.library(), D::CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR)?;
    vp.set(A::CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, &uids)?;
    vp.set_pointers(A::CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, &ptrs)?;
    vp.set_pointers(
        A::CUDNN_ATTR_VARIANT_PACK_WORKSPACE,
        &[ws_addr as *mut c_void],
    )?;
    vp.finalize()?;
    Ok(Bound {
        vp,
        _guards: guards,
        _workspace: ws_guard,
        _values: values,
    })
}

impl Handle {
    /// Runs `plan` on this handle's stream with the buffers of `pack` and
    /// scratch memory from `workspace` (grown to the plan's
    /// [`workspace_size`](ExecutionPlan::workspace_size) when smaller).
    ///
    /// Everything is checked before cuDNN is called: the plan's library
    /// is the handle's, a plan built with a handle runs only on that
    /// handle, and every buffer fits its tensor (see [`VariantPack`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for any failed check (naming the tensor's
    /// uid); a CUDA error when the workspace cannot be allocated; cuDNN's
    /// status.
    #[doc(alias = "cudnnBackendExecute")]
    #[doc(alias = "CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR")]
    pub fn execute(
        &self,
        plan: &ExecutionPlan,
        pack: &mut VariantPack<'_>,
        workspace: &mut Workspace,
    ) -> Result<()> {
        let l = self.launch(EXECUTE)?;
        let bound = bind(self, &l, plan, pack, workspace)?;
        let run = crate::library::ffi!(l.library(), cudnnBackendExecute);
        // SAFETY: the handle is live and its context and stream are bound
        // (`launch`); the plan is finalized and of the handle's library; the
        // variant pack (`bind`) names every real tensor of the plan once,
        // with a buffer checked for type, length, context and (outputs)
        // exclusive, non-overlapping access; the workspace holds at least
        // the plan's size; host scalars live in `bound` until this returns.
        let status = unsafe { (run.f)(l.raw(), plan.desc.ptr(), bound.vp.ptr()) };
        drop(bound);
        run.check(status)
    }

    /// Times each of `plans` on this handle (`runs` executions each, after
    /// one warm-up) with the buffers of `pack`, and returns the index of
    /// the fastest with its mean time in milliseconds: the autotune of
    /// [`Settings::benchmark`](super::Settings::benchmark). The outputs'
    /// contents are overwritten by the runs.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty `plans` or `runs` of 0; as
    /// [`execute`](Self::execute); a CUDA error from the timing events.
    pub fn autotune(
        &self,
        plans: &[ExecutionPlan],
        runs: usize,
        workspace: &mut Workspace,
        pack: &mut VariantPack<'_>,
    ) -> Result<(usize, f32)> {
        if plans.is_empty() || runs == 0 {
            return Err(Error::InvalidArgument {
                function: "Handle::autotune",
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "{} plans and {runs} runs: needs at least one of each",
                        plans.len()
                    ),
                },
            });
        }
        let stream = self.launch(EXECUTE)?.stream.clone();
        let timing = Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
        let mut best: Option<(usize, f32)> = None;
        for (i, plan) in plans.iter().enumerate() {
            self.execute(plan, pack, workspace)?;
            let start = stream.record_event(timing)?;
            for _ in 0..runs {
                self.execute(plan, pack, workspace)?;
            }
            let end = stream.record_event(timing)?;
            end.synchronize()?;
            let ms = start.elapsed_ms(&end)? / runs as f32;
            if best.is_none_or(|(_, b)| ms < b) {
                best = Some((i, ms));
            }
        }
        best.ok_or_else(|| Error::InvalidArgument {
            function: "Handle::autotune",
            mismatch: Mismatch::BadValue {
                what: "no plan was timed".into(),
            },
        })
    }
}
