//! Running a plan: the variant pack made from a checked [`VariantPack`]
//! (`pack.rs`), `cudnnBackendExecute`, and timing plans against each
//! other.

use std::ffi::c_void;
use std::sync::atomic::Ordering;

use cudarc::driver::SyncOnDrop;
use cudnn_sys as sys;
use std::sync::Arc;
use sys::{
    cudnnBackendAttributeName_t as A, cudnnBackendAttributeType_t as T,
    cudnnBackendDescriptorType_t as D,
};

use super::pack::{
    check_addresses, check_bindings, scalar_words, BufferFacts, Layout, PreparedPack, VariantPack,
};
use super::plan::ExecutionPlan;
use super::scalar::ScalarValue;
use super::target::DeviceLimits;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::WorkspacePtr;
use crate::core::library::{ffi, LibRef, Library};
use crate::core::stack::on_stack;
use crate::core::workspace::Workspace;

const EXECUTE: &str = "cudnnBackendExecute";

/// A finalized variant pack for one call, with what must outlive it:
/// cudarc's guards of every buffer and of the workspace (dropped after
/// the call, they record its reads and writes), and the host scalars it
/// points to.
pub(crate) struct Bound<'s> {
    pub(crate) vp: VariantPackDesc,
    /// The buffers' uids and addresses, as set into the pack.
    pub(crate) addrs: Vec<(i64, u64)>,
    /// The workspace, with its guard.
    pub(crate) workspace: WorkspacePtr<'s>,
    _guards: Vec<SyncOnDrop<'s>>,
    _values: Vec<u64>,
}

/// The checks of an execution of `plan` on `handle` that need no device
/// address: the plan's ([`check_plan`]), then the pack's
/// ([`check_pack`]); returns the by-value scalars' words.
fn check(
    handle: &Handle,
    l: &crate::core::launch::Launch<'_>,
    plan: &ExecutionPlan,
    pack: &VariantPack<'_>,
) -> Result<Vec<(i64, u64)>> {
    check_plan(handle, l, plan)?;
    let device = l.stream.context().ordinal();
    let facts = pack.facts(l.stream);
    check_pack(l.function, plan, &facts, pack.scalars(), device)
}

/// The checks of `plan` for an execution on `handle`: its library is the
/// handle's, a plan built with a handle runs only on that handle, and a
/// plan for a described GPU only on that GPU ([`check_device`]).
fn check_plan(
    handle: &Handle,
    l: &crate::core::launch::Launch<'_>,
    plan: &ExecutionPlan,
) -> Result<()> {
    l.descriptor("plan", plan.library())?;
    if plan.handle_id.is_some_and(|id| id != handle.id()) {
        return Err(Error::InvalidArgument {
            function: l.function,
            mismatch: Mismatch::Unsupported {
                what: "the plan was built with another handle".into(),
            },
        });
    }
    check_device(handle, l, plan)
}

/// What a pack binds (`buffers`, `scalars`) against `plan`'s tensors, for
/// a handle on device `device` (see [`check_bindings`]); returns the value
/// of each by-value scalar as the word cuDNN reads, by uid.
fn check_pack(
    function: &'static str,
    plan: &ExecutionPlan,
    buffers: &[BufferFacts],
    scalars: &[(i64, ScalarValue)],
    device: usize,
) -> Result<Vec<(i64, u64)>> {
    let tensors = plan.tensors();
    check_bindings(
        function,
        plan.graph_name(),
        tensors,
        buffers,
        scalars,
        device,
    )?;
    scalar_words(function, tensors, scalars)
}

/// A plan built for a described GPU runs only on a handle whose GPU has
/// its architecture and limits (read from the driver once per plan and
/// handle).
fn check_device(
    handle: &Handle,
    l: &crate::core::launch::Launch<'_>,
    plan: &ExecutionPlan,
) -> Result<()> {
    let Some(target) = plan.target() else {
        return Ok(());
    };
    if plan.checked_on.load(Ordering::Relaxed) == handle.id() {
        return Ok(());
    }
    let device = DeviceLimits::of_context(l.stream.context())?;
    target.check_for(l.function, &device)?;
    plan.checked_on.store(handle.id(), Ordering::Relaxed);
    Ok(())
}

/// Checks `plan` against `handle` and `pack` against `plan`, grows the
/// workspace, and makes the variant pack ([`pack_of`]).
pub(crate) fn bind<'s>(
    handle: &Handle,
    l: &crate::core::launch::Launch<'s>,
    plan: &ExecutionPlan,
    pack: &'s mut VariantPack<'_>,
    workspace: &'s mut Workspace,
) -> Result<Bound<'s>> {
    let values = check(handle, l, plan, pack)?;
    let workspace = l.workspace(workspace, plan.workspace_size())?;
    let (addrs, guards) = pack.take(l.stream);
    let (vp, words) = pack_of(l.function, plan, &addrs, values, workspace.addr())?;
    Ok(Bound {
        vp,
        addrs,
        workspace,
        _guards: guards,
        _values: words,
    })
}

/// The finalized variant pack of `plan`: every buffer's address of
/// `addrs` (checked for alignment, each uid once), every by-value
/// scalar's of `values` (in the returned words, which must outlive the
/// execution), and workspace `ws`.
fn pack_of(
    function: &'static str,
    plan: &ExecutionPlan,
    addrs: &[(i64, u64)],
    values: Vec<(i64, u64)>,
    ws: u64,
) -> Result<(VariantPackDesc, Vec<u64>)> {
    arrays_of(function, plan, addrs, values, |uids, ptrs| {
        VariantPackDesc::new(plan.library(), uids, ptrs, ws)
    })
}

/// What [`pack_of`] gives cuDNN, handed to `make`: the uids and their
/// data pointers, with the words the scalars' point to.
fn arrays_of<R>(
    function: &'static str,
    plan: &ExecutionPlan,
    addrs: &[(i64, u64)],
    values: Vec<(i64, u64)>,
    make: impl FnOnce(&[i64], &[*mut c_void]) -> Result<R>,
) -> Result<(R, Vec<u64>)> {
    check_addresses(function, plan.tensors(), addrs)?;
    // Host scalars: cuDNN reads by-value tensors when the work is queued;
    // the values live in the returned words (a heap buffer that does not
    // move), each in an 8-byte word that holds its bytes in its tensor's
    // type.
    let mut words: Vec<u64> = values.iter().map(|(_, w)| *w).collect();
    let uids = addrs.iter().chain(&values).map(|&(uid, _)| uid);
    let ptrs = addrs
        .iter()
        .map(|&(_, a)| a as *mut c_void)
        .chain(words.iter_mut().map(|w| (w as *mut u64).cast()));
    // Most packs hold a few dozen entries at most: on the stack.
    let made = on_stack::<_, 32, _>(0, uids, |uids| {
        on_stack::<_, 32, _>(std::ptr::null_mut(), ptrs, |ptrs| make(uids, ptrs))
    })?;
    Ok((made, words))
}

/// The finalized variant pack of a prepared pack's `layout`: the buffers'
/// addresses `addrs` (in the pack's order, checked for alignment), the
/// by-value scalars' words, and workspace `ws`.
fn prepared_pack_of(
    function: &'static str,
    plan: &ExecutionPlan,
    layout: &mut Layout,
    addrs: &[u64],
    ws: u64,
) -> Result<VariantPackDesc> {
    prepared_arrays(function, layout, addrs, |uids, ptrs| {
        VariantPackDesc::new(plan.library(), uids, ptrs, ws)
    })
}

/// What [`prepared_pack_of`] gives cuDNN, handed to `make`: the prepared
/// uids and their data pointers.
fn prepared_arrays<R>(
    function: &'static str,
    layout: &mut Layout,
    addrs: &[u64],
    make: impl FnOnce(&[i64], &[*mut c_void]) -> Result<R>,
) -> Result<R> {
    layout.check_aligned(function, addrs)?;
    let ptrs = addrs
        .iter()
        .map(|&a| a as *mut c_void)
        .chain(layout.words.iter_mut().map(|w| (w as *mut u64).cast()));
    let uids = &layout.uids;
    on_stack::<_, 32, _>(std::ptr::null_mut(), ptrs, |ptrs| make(uids, ptrs))
}

/// What a variant pack is given: uids, data pointers, and the words its
/// scalars' pointers point to.
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) type Given = (Vec<i64>, Vec<usize>, Vec<u64>);

/// The uids and data pointers a fresh pack (as [`host_work`]) and a
/// prepared one (as [`prepared_host_work`]) give cuDNN, with the words
/// of each's scalars, for the tests (cuDNN does not read them back).
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) fn given_to_cudnn(
    plan: &ExecutionPlan,
    buffers: &[BufferTuple],
    addrs: &[(i64, u64)],
    layout: &mut Layout,
) -> Result<[Given; 2]> {
    let values = check_pack(EXECUTE, plan, &facts_of(buffers), &[], 0)?;
    let copy = |uids: &[i64], ptrs: &[*mut c_void]| {
        Ok((uids.to_vec(), ptrs.iter().map(|&p| p as usize).collect()))
    };
    let ((uids, ptrs), words) = arrays_of(EXECUTE, plan, addrs, values, copy)?;
    let fresh = (uids, ptrs, words);
    let plain: Vec<u64> = addrs.iter().map(|a| a.1).collect();
    let (uids, ptrs) = prepared_arrays(EXECUTE, layout, &plain, copy)?;
    Ok([fresh, (uids, ptrs, layout.words.clone())])
}

/// A buffer as `execute_timing.rs` describes it: (uid, element type,
/// length in elements, written, bound as indices), in the handle's
/// context on device 0.
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) type BufferTuple = (i64, crate::core::dtype::DType, usize, bool, bool);

/// The facts of `buffers` ([`BufferTuple`]).
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) fn facts_of(buffers: &[BufferTuple]) -> Vec<BufferFacts> {
    buffers
        .iter()
        .map(|&(uid, data_type, len, writable, index)| BufferFacts {
            uid,
            data_type,
            len,
            writable,
            same_context: true,
            device: 0,
            index,
        })
        .collect()
}

/// The host-side work of [`Handle::execute`] that needs no GPU, for its
/// timing (`execute_timing.rs`): the pack's checks against `plan` (as
/// [`check_pack`], every buffer in the handle's context on device 0),
/// then the finalized variant pack of `addrs` with workspace `ws`, and
/// the scalars' words it points to.
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) fn host_work(
    plan: &ExecutionPlan,
    buffers: &[BufferTuple],
    scalars: &[(i64, ScalarValue)],
    addrs: &[(i64, u64)],
    ws: u64,
) -> Result<(VariantPackDesc, Vec<u64>)> {
    let values = check_pack(EXECUTE, plan, &facts_of(buffers), scalars, 0)?;
    pack_of(EXECUTE, plan, addrs, values, ws)
}

/// The host-side work of [`Handle::execute_prepared`] that needs no GPU,
/// for its timing: the finalized variant pack of a prepared pack's
/// `layout` (made by [`Layout::of`] from the same facts) with the
/// buffers' addresses `addrs` and workspace `ws`.
#[cfg(all(test, target_os = "linux", not(miri)))]
pub(crate) fn prepared_host_work(
    plan: &ExecutionPlan,
    layout: &mut Layout,
    addrs: &[u64],
    ws: u64,
) -> Result<VariantPackDesc> {
    prepared_pack_of(EXECUTE, plan, layout, addrs, ws)
}

/// A finalized `VARIANT_PACK`, made for one execution (or one CUDA graph's
/// population) and destroyed after it. It is the one descriptor made on
/// every execution, and its three attributes are fixed, so it is not a
/// [`BackendDescriptor`] (a shared, counted record whose every set is
/// checked against the attribute table): making one costs cuDNN's calls
/// and no allocation of the crate's.
pub(crate) struct VariantPackDesc {
    lib: LibRef,
    ptr: sys::cudnnBackendDescriptor_t,
}

impl VariantPackDesc {
    /// The finalized variant pack of `uids` at `ptrs` (one length), with
    /// workspace `ws`.
    fn new(lib: &Arc<Library>, uids: &[i64], ptrs: &[*mut c_void], ws: u64) -> Result<Self> {
        let create = ffi!(**lib, cudnnBackendCreateDescriptor);
        let set = ffi!(**lib, cudnnBackendSetAttribute);
        let finalize = ffi!(**lib, cudnnBackendFinalize);
        // Only checked here: `Drop` calls it. A library without it gets
        // `NotAvailable` before a pack is made that could not be destroyed.
        ffi!(**lib, cudnnBackendDestroyDescriptor);
        let n = match (i64::try_from(uids.len()), uids.len() == ptrs.len()) {
            (Ok(n), true) => n,
            _ => {
                return Err(Error::bad_value(
                    EXECUTE,
                    "a variant pack's arrays differ in length",
                ))
            }
        };
        let mut ptr: sys::cudnnBackendDescriptor_t = std::ptr::null_mut();
        // SAFETY: VARIANT_PACK is a descriptor type of every cuDNN 8 and 9;
        // `ptr` is a valid out-pointer.
        let status = unsafe { (create.f)(D::VARIANT_PACK_DESCRIPTOR, &mut ptr) };
        create.check(status)?;
        if ptr.is_null() {
            return Err(Error::bad_value(EXECUTE, "cuDNN made no variant pack"));
        }
        crate::core::counts::created("VariantPack");
        let vp = VariantPackDesc {
            lib: LibRef::from(lib),
            ptr,
        };
        let ws = ws as *mut c_void;
        let attrs: [(_, _, _, *const c_void); 3] = [
            (
                A::VARIANT_PACK_UNIQUE_IDS,
                T::CUDNN_TYPE_INT64,
                n,
                uids.as_ptr().cast(),
            ),
            (
                A::VARIANT_PACK_DATA_POINTERS,
                T::VOID_PTR,
                n,
                ptrs.as_ptr().cast(),
            ),
            (
                A::VARIANT_PACK_WORKSPACE,
                T::VOID_PTR,
                1,
                (&ws as *const *mut c_void).cast(),
            ),
        ];
        for (attr, ty, count, data) in attrs {
            // SAFETY: `ptr` is the live variant pack made above; `data`
            // points to `count` elements of the C type `ty` names (`uids`,
            // `ptrs`, `ws`), which outlive the call.
            let status = unsafe { (set.f)(ptr, attr, ty, count, data) };
            set.check(status)?;
        }
        // SAFETY: as above; its attributes are set.
        let status = unsafe { (finalize.f)(ptr) };
        finalize.check(status)?;
        Ok(vp)
    }

    /// The C descriptor, for `cudnnBackendExecute` and the CUDA graph calls.
    pub(crate) fn ptr(&self) -> sys::cudnnBackendDescriptor_t {
        self.ptr
    }
}

impl Drop for VariantPackDesc {
    fn drop(&mut self) {
        if let Some(destroy) = self.lib.sys().cudnnBackendDestroyDescriptor {
            // SAFETY: `ptr` was made by this library and is destroyed once.
            let _ = unsafe { destroy(self.ptr) };
            crate::core::counts::destroyed("VariantPack");
        }
    }
}

impl Handle {
    /// Runs `plan` on this handle's stream with the buffers of `pack` and
    /// scratch memory from `workspace` (grown to the plan's
    /// [`workspace_size`](ExecutionPlan::workspace_size) when smaller).
    ///
    /// Everything is checked before cuDNN is called: the plan's library
    /// is the handle's, a plan built with a handle runs only on that
    /// handle, a plan built for a described GPU only on a GPU with its
    /// architecture and limits ([`DeviceLimits`](super::DeviceLimits)), and
    /// every buffer and value fits its tensor (see [`VariantPack`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for any failed check. A buffer's checks
    /// are every launch's, with the same variants, naming the tensor as
    /// `uid 7`: [`Mismatch::BufferTooShort`], [`Mismatch::WrongDevice`],
    /// [`Mismatch::OverlappingOutput`], and [`Mismatch::Misaligned`] for a
    /// buffer whose address its tensor's alignment does not divide; the
    /// pack's own rules (a uid bound once, to a real tensor, as an output
    /// when written, as indices when it holds indices, in its tensor's
    /// element type; by-value scalars given values) are
    /// [`Mismatch::GraphNode`] naming the uid;
    /// [`Mismatch::OtherDevice`] for a plan of another GPU; a CUDA error
    /// when the workspace cannot be allocated or the GPU's limits cannot be
    /// read; cuDNN's status.
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
        let run = crate::core::library::ffi!(l.library(), cudnnBackendExecute);
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

    /// Runs a [`PreparedPack`]'s plan on this handle's stream with its
    /// buffers and scratch memory from `workspace`, as
    /// [`execute`](Self::execute) runs a [`VariantPack`], with only the
    /// checks that can have changed since the pack was prepared or a
    /// buffer rebound: the plan against this handle (library, handle,
    /// GPU), each buffer's CUDA context against the handle's, and each
    /// address's alignment. A training loop prepares once and rebinds the
    /// buffers that change.
    ///
    /// # Errors
    /// As [`execute`](Self::execute), for those checks.
    #[doc(alias = "cudnnBackendExecute")]
    pub fn execute_prepared(
        &self,
        pack: &mut PreparedPack<'_, '_>,
        workspace: &mut Workspace,
    ) -> Result<()> {
        let l = self.launch(EXECUTE)?;
        let plan = pack.plan();
        check_plan(self, &l, plan)?;
        pack.check_contexts(l.function, l.stream)?;
        let workspace = l.workspace(workspace, plan.workspace_size())?;
        let (addrs, guards, layout) = pack.take(l.stream);
        let vp = prepared_pack_of(l.function, plan, layout, &addrs, workspace.addr())?;
        let run = crate::core::library::ffi!(l.library(), cudnnBackendExecute);
        // SAFETY: the handle is live and its context and stream are bound
        // (`launch`); the plan is finalized and of the handle's library
        // (`check_plan`); the variant pack names every real tensor of the
        // plan once, with a buffer checked for type, length and (outputs)
        // exclusive, non-overlapping access when prepared or rebound, for
        // its context and alignment here, and borrowed by the pack since;
        // the workspace holds at least the plan's size; the host scalars
        // live in the pack's layout, borrowed until this returns.
        let status = unsafe { (run.f)(l.raw(), plan.desc.ptr(), vp.ptr()) };
        drop(vp);
        drop(guards);
        drop(workspace);
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
