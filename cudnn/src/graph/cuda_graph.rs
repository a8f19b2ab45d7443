//! CUDA graphs recorded from an execution plan (cuDNN 9.5 and later):
//! `cudnnBackendPopulateCudaGraph` and `cudnnBackendUpdateCudaGraph`.

use std::marker::PhantomData;
use std::sync::Arc;

use cudarc::driver::{sys as cu, CudaStream, SyncOnDrop};
use cudnn_sys::cudnnBackendBehaviorNote_t as Behavior;

use super::execute::bind;
use super::pack::VariantPack;
use super::plan::ExecutionPlan;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::workspace::Workspace;

const POPULATE: &str = "cudnnBackendPopulateCudaGraph";
const UPDATE: &str = "cudnnBackendUpdateCudaGraph";

/// A driver call's result as this crate's error (naming `function`).
fn cuda(function: &'static str, r: cu::CUresult) -> Result<()> {
    match r.result() {
        Ok(()) => Ok(()),
        Err(e) => match Error::from(e) {
            Error::Cuda(mut c) => {
                c.function = function;
                Err(Error::Cuda(c))
            }
            other => Err(other),
        },
    }
}

/// The buffers of a recorded pack, taken again for each launch.
trait Retake {
    /// Every buffer's uid and address for a launch on `stream`, with
    /// cudarc's guards.
    fn retake<'s>(&'s mut self, stream: &'s CudaStream) -> (Vec<(i64, u64)>, Vec<SyncOnDrop<'s>>);
}

impl Retake for VariantPack<'_> {
    fn retake<'s>(&'s mut self, stream: &'s CudaStream) -> (Vec<(i64, u64)>, Vec<SyncOnDrop<'s>>) {
        self.take(stream)
    }
}

/// A CUDA graph that runs one execution of a plan, recorded by cuDNN
/// ([`Handle::populate_cuda_graph`]) and launched on the handle's stream
/// as often as wanted.
///
/// It holds the device addresses of its variant pack's buffers and of the
/// workspace, so it borrows them (and the plan) for its whole life:
/// [`Handle::update_cuda_graph`] points it at other buffers.
///
/// Every [`launch`](Self::launch) takes each buffer again through cudarc,
/// as an execution does: the stream first waits for the buffers' earlier
/// writes (and, for the buffers it writes, reads) on other streams, and
/// after the graph is queued cudarc records the graph's reads and writes,
/// so that later work on other streams, and freeing the memory, waits for
/// the graph. The borrows keep the addresses fixed; a launch checks that
/// they are still those recorded.
///
/// Not `Clone`; `Send`, not `Sync` (CUDA graphs are not internally
/// synchronized).
pub struct PlanGraph<'a> {
    graph: cu::CUgraph,
    exec: Option<cu::CUgraphExec>,
    stream: Arc<CudaStream>,
    pack: &'a mut (dyn Retake + 'a),
    workspace: &'a mut Workspace,
    /// The buffers' uids and addresses, and the workspace's, as recorded.
    addrs: Vec<(i64, u64)>,
    workspace_addr: u64,
    _plan: PhantomData<&'a ExecutionPlan>,
}

// SAFETY: the graph and its executable are driver objects owned by this
// value and used through `&mut self` only; the driver allows their use
// from any thread, one at a time, with the context bound first (done
// before every call here). The pack and workspace it borrows are used
// through `&mut self` only; a `VariantPack` holds cudarc buffers (`Send`
// and `Sync`) by reference.
unsafe impl Send for PlanGraph<'_> {}

static_assertions::assert_impl_all!(PlanGraph<'static>: Send);
static_assertions::assert_not_impl_any!(PlanGraph<'static>: Sync, Clone);

impl std::fmt::Debug for PlanGraph<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlanGraph")
            .field("graph", &self.graph)
            .field("instantiated", &self.exec.is_some())
            .field("buffers", &self.addrs)
            .finish()
    }
}

impl Drop for PlanGraph<'_> {
    fn drop(&mut self) {
        let _ = self.stream.context().bind_to_thread();
        if let Some(exec) = self.exec.take() {
            // SAFETY: `exec` was instantiated from `graph` here and is
            // destroyed once; a failure cannot be reported from drop.
            let _ = unsafe { cu::cuGraphExecDestroy(exec) };
        }
        // SAFETY: `graph` was created here and is destroyed once.
        let _ = unsafe { cu::cuGraphDestroy(self.graph) };
    }
}

impl PlanGraph<'_> {
    /// Launches the recorded execution on the handle's stream
    /// (instantiating the graph on the first launch), with cudarc's
    /// tracking of every buffer's reads and writes (see the type).
    ///
    /// # Errors
    /// A CUDA error; [`Error::InvalidArgument`] if a buffer's address is
    /// not the one recorded.
    pub fn launch(&mut self) -> Result<()> {
        self.stream.context().bind_to_thread()?;
        let exec = match self.exec {
            Some(e) => e,
            None => {
                let mut e: cu::CUgraphExec = std::ptr::null_mut();
                // SAFETY: `graph` is a live graph; `e` is a valid
                // out-pointer.
                cuda("cuGraphInstantiateWithFlags", unsafe {
                    cu::cuGraphInstantiateWithFlags(&mut e, self.graph, 0)
                })?;
                self.exec = Some(e);
                e
            }
        };
        // The guards make the stream wait for earlier uses now, and record
        // this one when they drop, after the launch is queued.
        let (addrs, guards) = self.pack.retake(&self.stream);
        let (ws, _, ws_guard) = self.workspace.device_ptr(&self.stream);
        if addrs != self.addrs || ws != self.workspace_addr {
            return Err(Error::unsupported(
                "cuGraphLaunch",
                "a buffer of the recorded graph moved",
            ));
        }
        // SAFETY: `exec` is live and `stream` is a live stream of the
        // context bound above; the buffers it addresses are borrowed by
        // `self` and are at the addresses recorded (checked above).
        let launched = cuda("cuGraphLaunch", unsafe {
            cu::cuGraphLaunch(exec, self.stream.cu_stream())
        });
        drop(guards);
        drop(ws_guard);
        launched
    }
}

/// Refuses, before recording, a plan whose engine is not noted
/// `SUPPORTS_CUDA_GRAPH_NATIVE_API` (or whose notes are not known).
pub(crate) fn check_cuda_graph_note(function: &'static str, plan: &ExecutionPlan) -> Result<()> {
    let note = Behavior::SUPPORTS_CUDA_GRAPH_NATIVE_API;
    if plan.behavior_notes().is_some_and(|n| n.contains(&note)) {
        return Ok(());
    }
    Err(Error::invalid(
        function,
        Mismatch::EngineLacksNote {
            engine: plan.engine_index(),
            note: "SUPPORTS_CUDA_GRAPH_NATIVE_API",
            needed_by: "recording a CUDA graph (choose plans with \
                        Settings::require_cuda_graph)",
        },
    ))
}

impl Handle {
    /// Records one execution of `plan` with the buffers of `pack` into a
    /// new CUDA graph (cuDNN 9.5 and later), with the checks of
    /// [`execute`](Self::execute). The graph borrows the plan, the
    /// buffers and the workspace while it lives.
    ///
    /// Only an engine noted `SUPPORTS_CUDA_GRAPH_NATIVE_API` can be
    /// recorded: choose plans with
    /// [`Settings::require_cuda_graph`](super::Settings::require_cuda_graph)
    /// ([`EngineFilter::require_cuda_graph`](super::EngineFilter::require_cuda_graph)).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with [`Mismatch::EngineLacksNote`] for a
    /// plan whose engine lacks that note (or whose notes cuDNN does not
    /// report), before anything is recorded; as
    /// [`execute`](Self::execute); [`Error::NotAvailable`] before cuDNN
    /// 9.5; a CUDA error.
    #[doc(alias = "cudnnBackendPopulateCudaGraph")]
    pub fn populate_cuda_graph<'a>(
        &self,
        plan: &'a ExecutionPlan,
        pack: &'a mut VariantPack<'_>,
        workspace: &'a mut Workspace,
    ) -> Result<PlanGraph<'a>> {
        let l = self.launch(POPULATE)?;
        let populate = crate::core::library::ffi!(l.library(), cudnnBackendPopulateCudaGraph);
        check_cuda_graph_note(POPULATE, plan)?;
        let mut graph: cu::CUgraph = std::ptr::null_mut();
        // SAFETY: the context is bound (`launch`); `graph` is a valid
        // out-pointer.
        cuda("cuGraphCreate", unsafe { cu::cuGraphCreate(&mut graph, 0) })?;
        let owned = OwnedGraph(graph);
        let bound = bind(self, &l, plan, pack, workspace)?;
        // SAFETY: as for `cudnnBackendExecute` (see `execute`); `graph` is
        // an empty, live graph owned by `owned`.
        let status =
            unsafe { (populate.f)(l.raw(), plan.desc.ptr(), bound.vp.ptr(), owned.0.cast()) };
        let (addrs, workspace_addr) = (bound.addrs.clone(), bound.workspace.addr());
        drop(bound);
        populate.check(status)?;
        Ok(PlanGraph {
            graph: owned.release(),
            exec: None,
            stream: Arc::clone(l.stream),
            pack,
            workspace,
            addrs,
            workspace_addr,
            _plan: PhantomData,
        })
    }

    /// Points `graph`, recorded from `plan`, at the buffers of `pack` and
    /// at `workspace` (cuDNN 9.5 and later), with the checks of
    /// [`populate_cuda_graph`](Self::populate_cuda_graph); the graph then
    /// borrows these.
    ///
    /// # Errors
    /// As [`populate_cuda_graph`](Self::populate_cuda_graph).
    #[doc(alias = "cudnnBackendUpdateCudaGraph")]
    pub fn update_cuda_graph<'a>(
        &self,
        plan: &'a ExecutionPlan,
        pack: &'a mut VariantPack<'_>,
        workspace: &'a mut Workspace,
        graph: PlanGraph<'_>,
    ) -> Result<PlanGraph<'a>> {
        let l = self.launch(UPDATE)?;
        let update = crate::core::library::ffi!(l.library(), cudnnBackendUpdateCudaGraph);
        check_cuda_graph_note(UPDATE, plan)?;
        // The graph moves to the new value (the old borrows end here); the
        // old value's executable is destroyed, its graph is kept.
        let mut old = std::mem::ManuallyDrop::new(graph);
        let _ = old.stream.context().bind_to_thread();
        if let Some(e) = old.exec.take() {
            // SAFETY: the executable of the old recording, destroyed once;
            // the next launch instantiates the updated graph.
            let _ = unsafe { cu::cuGraphExecDestroy(e) };
        }
        let owned = OwnedGraph(old.graph);
        drop(std::mem::take(&mut old.addrs));
        // SAFETY: `old` is never used or dropped again, so its stream is
        // read out exactly once (and dropped here); its graph is `owned`;
        // its other fields are references and the addresses taken above.
        drop(unsafe { std::ptr::read(&old.stream) });
        l.stream.context().bind_to_thread()?;
        let bound = bind(self, &l, plan, pack, workspace)?;
        // SAFETY: as for `cudnnBackendExecute`; `owned.0` is a live graph
        // recorded from this plan.
        let status =
            unsafe { (update.f)(l.raw(), plan.desc.ptr(), bound.vp.ptr(), owned.0.cast()) };
        let (addrs, workspace_addr) = (bound.addrs.clone(), bound.workspace.addr());
        drop(bound);
        update.check(status)?;
        Ok(PlanGraph {
            graph: owned.release(),
            exec: None,
            stream: Arc::clone(l.stream),
            pack,
            workspace,
            addrs,
            workspace_addr,
            _plan: PhantomData,
        })
    }
}

/// A CUDA graph destroyed on drop unless released (into a [`PlanGraph`]).
struct OwnedGraph(cu::CUgraph);

impl OwnedGraph {
    fn release(self) -> cu::CUgraph {
        let g = self.0;
        std::mem::forget(self);
        g
    }
}

impl Drop for OwnedGraph {
    fn drop(&mut self) {
        // SAFETY: a graph created (or taken over) here, not released, is
        // destroyed once; a failure cannot be reported from drop.
        let _ = unsafe { cu::cuGraphDestroy(self.0) };
    }
}
