//! A finalized execution plan, made in one pass: the path of every
//! [`ExecutionPlan::new`](crate::graph::ExecutionPlan::new) and
//! [`ExecutionPlan::from_json`](crate::graph::ExecutionPlan::from_json).
//!
//! A plan is made as a program starts and after each heuristics query,
//! with caches the heuristics left cold, so its own code should be short
//! and straight. Its attributes are fixed, so the table's checks of
//! [`BackendDescriptor::set`] hold by construction, once what they would
//! refuse is ruled out here: a source or a target of another library, a
//! configuration not finalized, a plan JSON or device properties before
//! cuDNN 9. Any of those goes to the general calls instead, which make
//! the same calls and say what is wrong in their terms; a status other
//! than success is reported as the general calls report it, under the
//! same function's name, without making the calls again.

use std::sync::Arc;

use cudnn_sys as sys;
use sys::{
    cudnnBackendAttributeName_t as A, cudnnBackendAttributeType_t as T,
    cudnnBackendDescriptorType_t as D,
};

use super::super::attr_rows::DescriptorTypeInfo;
use super::super::{cublaslt, driver, info};
use super::{BackendDescriptor, Kept, Raw, SetAttrs, SharedDescriptor, DESCRIPTOR, GET, SET};
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::library::{LibRef, Library};

/// What a plan is made of.
#[derive(Clone, Copy)]
pub(crate) enum PlanSource<'a> {
    /// A finalized engine configuration.
    Config(&'a BackendDescriptor),
    /// cuDNN's JSON of a plan, checked by the caller.
    Json(&'a [u8]),
}

/// What a plan is finalized for.
#[derive(Clone, Copy)]
pub(crate) enum PlanOn<'a> {
    /// A described GPU: its finalized `DEVICEPROP` descriptor.
    Device(&'a SharedDescriptor),
    /// A handle's GPU.
    Handle(&'a Handle),
}

impl BackendDescriptor {
    /// An execution plan of `source` for `on`, finalized, and the
    /// workspace it reports. It makes the calls that
    /// [`with_library`](Self::with_library), [`set`](Self::set) of the
    /// source and the target, [`finalize`](Self::finalize) and
    /// [`get_one`](Self::get_one) of the workspace make, in that order.
    ///
    /// # Errors
    /// As those calls.
    pub(crate) fn finalized_plan(
        lib: &Arc<Library>,
        source: PlanSource<'_>,
        on: PlanOn<'_>,
    ) -> Result<(BackendDescriptor, i64)> {
        let kind = D::CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR;
        if let Some(row) = info::descriptor_type_info(kind) {
            if straight(lib, source, on) {
                if let Some(plan) = Self::plan_straight(lib, row, source, on)? {
                    return Ok(plan);
                }
            }
        }
        Self::plan_in_steps(lib, source, on)
    }

    /// The calls of [`finalized_plan`](Self::finalized_plan) through the
    /// general ones, which check each call against the table.
    #[cold]
    #[inline(never)]
    fn plan_in_steps(
        lib: &Arc<Library>,
        source: PlanSource<'_>,
        on: PlanOn<'_>,
    ) -> Result<(BackendDescriptor, i64)> {
        let mut desc =
            BackendDescriptor::with_library(lib, D::CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)?;
        match source {
            PlanSource::Config(c) => {
                desc.set_descriptor(A::CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, c)?
            }
            PlanSource::Json(json) => {
                desc.set(A::CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION, json)?
            }
        }
        match on {
            PlanOn::Device(d) => desc.set_shared(A::CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP, d)?,
            PlanOn::Handle(h) => desc.set_handle(A::CUDNN_ATTR_EXECUTION_PLAN_HANDLE, h)?,
        }
        desc.finalize()?;
        let workspace = desc.get_one::<i64>(A::CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE)?;
        Ok((desc, workspace))
    }

    /// The calls of [`finalized_plan`](Self::finalized_plan) one after the
    /// other, when [`straight`] holds, each status checked as the general
    /// calls check it. `None`, with nothing left made, where those would
    /// refuse before calling cuDNN or after (a function the library
    /// lacks, a null plan, a count of workspace sizes other than one),
    /// for [`plan_in_steps`](Self::plan_in_steps) to say why.
    fn plan_straight(
        lib: &Arc<Library>,
        row: &'static DescriptorTypeInfo,
        source: PlanSource<'_>,
        on: PlanOn<'_>,
    ) -> Result<Option<(BackendDescriptor, i64)>> {
        let f = lib.sys();
        let (Some(create), Some(set), Some(finalize), Some(get)) = (
            f.cudnnBackendCreateDescriptor,
            f.cudnnBackendSetAttribute,
            f.cudnnBackendFinalize,
            f.cudnnBackendGetAttribute,
        ) else {
            return Ok(None);
        };
        let mut ptr: sys::cudnnBackendDescriptor_t = std::ptr::null_mut();
        // SAFETY: an execution plan is a descriptor type of every cuDNN
        // with the backend API; `ptr` is a valid out-pointer.
        let status = unsafe { create(D(row.ty.value), &mut ptr) };
        if status.0 != 0 {
            return Err(failed(lib, row.create_fn, status));
        }
        if ptr.is_null() {
            return Ok(None);
        }
        // Owned from here: destroyed on the way out of a failure.
        crate::core::counts::created("BackendDescriptor");
        let mut raw = Raw {
            ptr,
            lib: LibRef::from(lib),
            kind: row,
            ty: row.ty.value,
            kept: Kept::default(),
            handles: Vec::new(),
        };
        let mut set_attrs = SetAttrs::default();
        let handle = match on {
            PlanOn::Handle(h) => h.as_raw(),
            PlanOn::Device(_) => std::ptr::null_mut(),
        };
        for (attr, ty, n, data) in [source.value(), on.value(&handle)] {
            // SAFETY: `ptr` is the live plan made above; `data` points to
            // `n` elements of type `ty` (`PlanSource::value`,
            // `PlanOn::value`): a finalized engine configuration or device
            // properties of this library, or a handle of it, each kept
            // alive with the plan (below, before it is finalized); or the
            // caller's JSON, which cuDNN copies.
            let status = unsafe { set(ptr, attr, ty, n, data) };
            if status.0 != 0 {
                return Err(set_failed(lib, attr, status));
            }
            set_attrs.insert(attr);
        }
        if let PlanSource::Config(c) = source {
            raw.kept.push(Arc::clone(&c.raw));
        }
        match on {
            PlanOn::Device(d) => raw.kept.push(Arc::clone(&d.raw)),
            PlanOn::Handle(h) => raw.handles.push(h.keep_alive()),
        }
        // What a finalize needs loaded first, as `finalize` checks it.
        driver::ensure(lib, row.finalize_fn)?;
        cublaslt::ensure(lib, row.finalize_fn)?;
        // SAFETY: `ptr` is live and not finalized; what was set into it is
        // kept alive by `raw`.
        let status = unsafe { finalize(ptr) };
        if status.0 != 0 {
            return Err(failed(lib, row.finalize_fn, status));
        }
        let Some(workspace) = workspace(lib, get, ptr)? else {
            return Ok(None);
        };
        let desc = BackendDescriptor {
            raw: Arc::new(raw),
            finalized: true,
            set_attrs,
            not_sync: std::marker::PhantomData,
        };
        Ok(Some((desc, workspace)))
    }
}

/// What `set` is given for an attribute: its name, type, count and data.
type Value = (A, T, i64, *const std::ffi::c_void);

impl PlanSource<'_> {
    /// The plan's attribute of the source, and its value.
    fn value(self) -> Value {
        match self {
            PlanSource::Config(c) => (
                A::CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG,
                DESCRIPTOR,
                1,
                std::ptr::from_ref(&c.raw.ptr).cast(),
            ),
            PlanSource::Json(json) => (
                A::CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION,
                T::CUDNN_TYPE_CHAR,
                // A slice's length fits an i64.
                json.len() as i64,
                json.as_ptr().cast(),
            ),
        }
    }
}

impl<'a> PlanOn<'a> {
    /// The plan's attribute of the target, and its value (for a handle,
    /// `handle`, its pointer).
    fn value(self, handle: &'a sys::cudnnHandle_t) -> Value {
        match self {
            PlanOn::Device(d) => (
                A::CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP,
                DESCRIPTOR,
                1,
                std::ptr::from_ref(&d.raw.ptr).cast(),
            ),
            PlanOn::Handle(_) => (
                A::CUDNN_ATTR_EXECUTION_PLAN_HANDLE,
                T::CUDNN_TYPE_HANDLE,
                1,
                std::ptr::from_ref(handle).cast(),
            ),
        }
    }
}

/// The workspace finalized plan `ptr` reports through `get`; `None` for a
/// count other than one.
fn workspace(
    lib: &Library,
    get: unsafe extern "system" fn(
        sys::cudnnBackendDescriptor_t,
        A,
        T,
        i64,
        *mut i64,
        *mut std::ffi::c_void,
    ) -> sys::cudnnStatus_t,
    ptr: sys::cudnnBackendDescriptor_t,
) -> Result<Option<i64>> {
    let (mut count, mut workspace) = (0i64, 0i64);
    let attr = A::CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE;
    // SAFETY: `ptr` is a finalized plan; `workspace` has room for the one
    // INT64 asked for, and `count` receives how many were written.
    let status = unsafe {
        get(
            ptr,
            attr,
            T::CUDNN_TYPE_INT64,
            1,
            &mut count,
            std::ptr::from_mut(&mut workspace).cast(),
        )
    };
    if status.0 != 0 {
        return Err(get_failed(lib, attr, status));
    }
    Ok((count == 1).then_some(workspace))
}

/// cuDNN's status `status` of `function`, as the general calls say it.
#[cold]
#[inline(never)]
fn failed(lib: &Library, function: &'static str, status: sys::cudnnStatus_t) -> Error {
    match lib.check(function, status) {
        Err(e) => e,
        Ok(()) => Error::unsupported(function, "cuDNN reported success as a failure"),
    }
}

/// cuDNN's status of setting `attr`.
#[cold]
#[inline(never)]
fn set_failed(lib: &Library, attr: A, status: sys::cudnnStatus_t) -> Error {
    failed(
        lib,
        info::attribute_info(attr).map_or(SET, |a| a.set_fn),
        status,
    )
}

/// cuDNN's status of reading `attr`.
#[cold]
#[inline(never)]
fn get_failed(lib: &Library, attr: A, status: sys::cudnnStatus_t) -> Error {
    failed(
        lib,
        info::attribute_info(attr).map_or(GET, |a| a.get_fn),
        status,
    )
}

/// Whether the table's checks of the plan's calls hold: the source and
/// the target of `lib`, the configuration finalized, and a plan JSON and
/// device properties only from cuDNN 9.
fn straight(lib: &Arc<Library>, source: PlanSource<'_>, on: PlanOn<'_>) -> bool {
    let nine = lib.version().major >= 9;
    let source = match source {
        PlanSource::Config(c) => {
            c.finalized
                && c.raw.ty == D::CUDNN_BACKEND_ENGINECFG_DESCRIPTOR.0
                && Arc::ptr_eq(c.library(), lib)
        }
        PlanSource::Json(_) => nine,
    };
    let on = match on {
        PlanOn::Device(d) => {
            nine && d.raw.ty == D::CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR.0
                && Arc::ptr_eq(d.raw.lib.arc(), lib)
        }
        PlanOn::Handle(h) => Arc::ptr_eq(h.library(), lib),
    };
    source && on
}
