//! CUDA graphs recorded from an execution plan (cuDNN 9.5 and later):
//! `cudnnBackendPopulateCudaGraph` and `cudnnBackendUpdateCudaGraph`.

use std::marker::PhantomData;
use std::sync::Arc;

use cudarc::driver::{sys as cu, CudaStream};

use super::execute::{bind, VariantPack};
use super::plan::ExecutionPlan;
use crate::error::{Error, Result};
use crate::workspace::Workspace;
use crate::Handle;

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

/// A CUDA graph that runs one execution of a plan, recorded by cuDNN
/// ([`Handle::populate_cuda_graph`]) and launched on the handle's stream
/// as often as wanted.
///
/// It holds the device addresses of its variant pack's buffers and of the
/// workspace, so it borrows them (and the plan) for its whole life:
/// [`Handle::update_cuda_graph`] points it at other buffers.
///
/// Not `Clone`; `Send`, not `Sync` (CUDA graphs are not internally
/// synchronized).
pub struct PlanGraph<'a> {
    graph: cu::CUgraph,
    exec: Option<cu::CUgraphExec>,
    stream: Arc<CudaStream>,
    _borrows: PhantomData<&'a mut ()>,
}

// SAFETY: the graph and its executable are driver objects owned by this
// value and used through `&mut self` only; the driver allows their use
// from any thread, one at a time, with the context bound first (done
// before every call here).
unsafe impl Send for PlanGraph<'_> {}

static_assertions::assert_impl_all!(PlanGraph<'static>: Send);
static_assertions::assert_not_impl_any!(PlanGraph<'static>: Sync, Clone);

impl std::fmt::Debug for PlanGraph<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlanGraph")
            .field("graph", &self.graph)
            .field("instantiated", &self.exec.is_some())
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
    /// (instantiating the graph on the first launch).
    ///
    /// # Errors
    /// A CUDA error.
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
        // SAFETY: `exec` is live and `stream` is a live stream of the
        // context bound above; the buffers it addresses are borrowed by
        // `self`.
        cuda("cuGraphLaunch", unsafe {
            cu::cuGraphLaunch(exec, self.stream.cu_stream())
        })
    }
}

impl Handle {
    /// Records one execution of `plan` with the buffers of `pack` into a
    /// new CUDA graph (cuDNN 9.5 and later), with the checks of
    /// [`execute`](Self::execute). The graph borrows the plan, the
    /// buffers and the workspace while it lives.
    ///
    /// # Errors
    /// As [`execute`](Self::execute); [`Error::NotAvailable`] before cuDNN
    /// 9.5; a CUDA error.
    #[doc(alias = "cudnnBackendPopulateCudaGraph")]
    pub fn populate_cuda_graph<'a>(
        &self,
        plan: &'a ExecutionPlan,
        pack: &'a mut VariantPack<'_>,
        workspace: &'a mut Workspace,
    ) -> Result<PlanGraph<'a>> {
        let l = self.launch(POPULATE)?;
        let populate = crate::library::ffi!(l.library(), cudnnBackendPopulateCudaGraph);
        let stream = Arc::clone(l.stream);
        let mut graph: cu::CUgraph = std::ptr::null_mut();
        // SAFETY: the context is bound (`launch`); `graph` is a valid
        // out-pointer.
        cuda("cuGraphCreate", unsafe { cu::cuGraphCreate(&mut graph, 0) })?;
        let out = PlanGraph {
            graph,
            exec: None,
            stream,
            _borrows: PhantomData,
        };
        let bound = bind(self, &l, plan, pack, workspace)?;
        // SAFETY: as for `cudnnBackendExecute` (see `execute`); `graph` is
        // an empty, live graph owned by `out`.
        let status =
            unsafe { (populate.f)(l.raw(), plan.desc.ptr(), bound.vp.ptr(), out.graph.cast()) };
        drop(bound);
        populate.check(status)?;
        Ok(out)
    }

    /// Points `graph`, recorded from `plan`, at the buffers of `pack` and
    /// at `workspace` (cuDNN 9.5 and later), with the checks of
    /// [`execute`](Self::execute); the graph then borrows these.
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
        let update = crate::library::ffi!(l.library(), cudnnBackendUpdateCudaGraph);
        // The parts move to the new value (the old borrows end here); the
        // old value is never dropped, so the graph is not destroyed.
        let old = std::mem::ManuallyDrop::new(graph);
        let exec = old.exec;
        // SAFETY: `old` is never used or dropped again, so its stream is
        // read out exactly once.
        let stream = unsafe { std::ptr::read(&old.stream) };
        let out = PlanGraph {
            graph: old.graph,
            exec: None,
            stream,
            _borrows: PhantomData,
        };
        if let Some(e) = exec {
            // SAFETY: the executable of the old recording, destroyed once;
            // the next launch instantiates the updated graph.
            let _ = unsafe { cu::cuGraphExecDestroy(e) };
        }
        let bound = bind(self, &l, plan, pack, workspace)?;
        // SAFETY: as for `cudnnBackendExecute`; `out.graph` is a live graph
        // recorded from this plan.
        let status =
            unsafe { (update.f)(l.raw(), plan.desc.ptr(), bound.vp.ptr(), out.graph.cast()) };
        drop(bound);
        update.check(status)?;
        Ok(out)
    }
}
