//! [`BackendDescriptor`]: an owned `cudnnBackendDescriptor_t` with typed,
//! table-checked attributes.

use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::Arc;

use cudnn_sys as sys;
use sys::{cudnnBackendAttributeName_t as A, cudnnBackendDescriptorType_t as D};

use super::attr_rows::{in_major, AttributeInfo, DescriptorTypeInfo};
use super::info;
use super::value::AttributeValue;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::handle::HandleKeepAlive;
use crate::core::library::{ffi, LibRef, Library};
use crate::core::stack::on_stack;

mod refused;

use refused::{
    count_refused, finalized_already, json_plan_untargeted, not_one, null_created, shared_refused,
    too_many,
};

const SET: &str = "cudnnBackendSetAttribute";
const GET: &str = "cudnnBackendGetAttribute";
const CREATE: &str = "cudnnBackendCreateDescriptor";
/// The most elements a getter allocates for (a plan's JSON is some
/// kilobytes; a larger count is not believed).
const MAX_ELEMENTS: usize = 1 << 26;
/// The descriptors first offered for a list of backend descriptors whose
/// length cuDNN reports as 0 (more are offered when it says there are).
const UNBOUNDED_FIRST_TRY: usize = 16;

/// The attribute type of descriptor elements.
const DESCRIPTOR: sys::cudnnBackendAttributeType_t =
    sys::cudnnBackendAttributeType_t::BACKEND_DESCRIPTOR;

/// The owned C descriptor, shared (through `Arc`) by the
/// [`BackendDescriptor`] that made it and by the descriptors it was set
/// into, which keep it alive; with what it refers to, kept alive as long
/// as it lives: the descriptors set into it, and the cuDNN handles.
/// So a plan keeps its engine configuration, the engine, its operation
/// graph and that graph's handle alive, whatever the caller drops first.
struct Raw {
    ptr: sys::cudnnBackendDescriptor_t,
    lib: LibRef,
    kind: &'static DescriptorTypeInfo,
    /// `kind`'s value, kept beside the pointer for the checks of each call.
    ty: u32,
    /// The descriptors set into this one (dropped after it is destroyed).
    kept: Kept,
    /// The handles set into this one.
    handles: Vec<HandleKeepAlive>,
}

impl Drop for Raw {
    fn drop(&mut self) {
        if let Some(destroy) = self.lib.sys().cudnnBackendDestroyDescriptor {
            // SAFETY: `ptr` was created by this library's
            // cudnnBackendCreateDescriptor and is destroyed once, here, when
            // the last owner lets go. A failure cannot be reported from drop.
            let _ = unsafe { destroy(self.ptr) };
            crate::core::counts::destroyed("BackendDescriptor");
        }
    }
}

/// The call behind the setters: `n` elements of `ty` at `data`, set as
/// attribute `a` of `raw`.
fn set_raw(
    raw: &Raw,
    a: &'static AttributeInfo,
    ty: sys::cudnnBackendAttributeType_t,
    n: usize,
    data: *const std::ffi::c_void,
) -> Result<()> {
    let lib = &*raw.lib;
    let set = ffi!(lib, cudnnBackendSetAttribute);
    // SAFETY: `ptr` is a live descriptor of this library; `data` points to
    // `n` elements of the C type `ty` names (the caller's buffer, which
    // outlives the call); `n` came from a slice, so it fits i64.
    let status = unsafe { (set.f)(raw.ptr, a.attribute(), ty, n as i64, data) };
    lib.check(a.set_fn, status)
}

/// Refuses the text of a `CHAR` attribute that cuDNN 9.28 would end the
/// process or corrupt its heap on (see [`BackendDescriptor::set`]).
fn check_text(a: &'static AttributeInfo, text: &[u8]) -> Result<()> {
    let checked = match a.attribute() {
        A::DEVICEPROP_JSON_REPRESENTATION => super::plan_json::check_raw_device(text),
        A::EXECUTION_PLAN_JSON_REPRESENTATION => super::plan_json::check_raw_plan(text),
        // Its kernels (binaries and their parameters) run as they are:
        // only `KernelCache::from_json`, `unsafe`, sets it.
        A::KERNEL_CACHE_JSON_REPRESENTATION => Err("a kernel cache's JSON holds kernels cuDNN \
            runs as they are: set it through the unsafe KernelCache::from_json"
            .to_owned()),
        _ => Ok(()),
    };
    checked.map_err(|what| Error::bad_value(a.set_fn, what))
}

// SAFETY: the descriptor is host memory owned by this value; cuDNN does not
// tie it to a thread, and the last `Arc` may drop it on any thread (the
// handles it keeps are `Send` and `Sync`).
unsafe impl Send for Raw {}
// SAFETY: shared references to a `Raw` exist in three places: its
// `BackendDescriptor`, which is not `Sync` and calls cuDNN through it; the
// descriptors it was set into, which only keep it alive; and, for a
// finalized descriptor made shared ([`SharedDescriptor`]), the views handed
// out to be set into others, which call cuDNN on nothing but the
// descriptors they are set into. A descriptor is set into another only once
// finalized, and a finalized descriptor takes no attribute (the wrapper
// refuses before calling cuDNN), so concurrent uses only read it. Its
// `kept` and `handles` change only through `Arc::get_mut`, while it is not
// shared.
unsafe impl Sync for Raw {}

/// A cuDNN backend ("graph") descriptor of one [descriptor
/// type](sys::cudnnBackendDescriptorType_t): a tensor, a convolution, an
/// operation, an operation graph, an engine configuration, a plan, ...
///
/// Attributes are set and read with typed methods; before each call the
/// generated table ([`attribute_info`](super::backend::attribute_info)) is consulted,
/// and a wrong descriptor type, attribute type, element count or major is
/// [`Error::InvalidArgument`] without calling cuDNN. Errors name the C
/// function and the attribute, for example
/// `cudnnBackendSetAttribute(CUDNN_ATTR_TENSOR_DIMENSIONS)`.
///
/// Once [`finalize`](Self::finalize)d, a descriptor takes no more
/// attributes and can be set into others
/// ([`set_descriptors`](Self::set_descriptors)), which keep it alive, and
/// with it what was set into it (transitively).
///
/// Not `Clone`; `Send`, not `Sync`.
#[doc(alias = "cudnnBackendDestroyDescriptor")]
pub struct BackendDescriptor {
    raw: Arc<Raw>,
    finalized: bool,
    /// The attributes set so far (for the rules checked at finalize).
    set_attrs: SetAttrs,
    not_sync: PhantomData<Cell<()>>,
}

/// The attributes set into a descriptor, one bit each: bit `value % 64`
/// of an attribute of its descriptor type (whose values span fewer than
/// 64, so no two share a bit: asserted over the table in `info.rs`).
#[derive(Debug, Default, Clone, Copy)]
struct SetAttrs(u64);

impl SetAttrs {
    fn bit(attr: sys::cudnnBackendAttributeName_t) -> u64 {
        1 << (attr.0 % 64)
    }

    fn contains(self, attr: sys::cudnnBackendAttributeName_t) -> bool {
        self.0 & Self::bit(attr) != 0
    }

    fn insert(&mut self, attr: sys::cudnnBackendAttributeName_t) {
        self.0 |= Self::bit(attr);
    }

    fn clear(&mut self) {
        self.0 = 0;
    }
}

/// The descriptors set into a descriptor: the first four in place (all a
/// plan, an engine configuration, an engine or a convolution, pointwise
/// or matmul operation keeps), the others in a list.
#[derive(Default)]
struct Kept {
    first: [Option<Arc<Raw>>; 4],
    others: Vec<Arc<Raw>>,
}

impl Kept {
    fn push(&mut self, d: Arc<Raw>) {
        match self.first.iter_mut().find(|slot| slot.is_none()) {
            Some(slot) => *slot = Some(d),
            None => self.others.push(d),
        }
    }

    fn len(&self) -> usize {
        self.first.iter().flatten().count() + self.others.len()
    }

    fn clear(&mut self) {
        *self = Kept::default();
    }
}

impl Extend<Arc<Raw>> for Kept {
    fn extend<I: IntoIterator<Item = Arc<Raw>>>(&mut self, iter: I) {
        for d in iter {
            self.push(d);
        }
    }
}

static_assertions::assert_impl_all!(BackendDescriptor: Send);
static_assertions::assert_not_impl_any!(BackendDescriptor: Sync, Clone);

impl std::fmt::Debug for BackendDescriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackendDescriptor")
            .field("kind", &self.raw.kind.ty.name)
            .field("ptr", &self.raw.ptr)
            .field("finalized", &self.finalized)
            .field("kept", &self.raw.kept.len())
            .finish()
    }
}

/// A finalized backend descriptor shared between threads and owners,
/// never changed again: set into others through [`view`](Self::view)
/// (each keeps it alive), destroyed when the last holder lets go. For a
/// descriptor that many others take, made once (a described GPU's
/// `CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR`).
///
/// `Clone`, `Send` and `Sync`.
#[derive(Clone)]
pub(crate) struct SharedDescriptor {
    raw: Arc<Raw>,
}

static_assertions::assert_impl_all!(SharedDescriptor: Send, Sync, Clone);

impl std::fmt::Debug for SharedDescriptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedDescriptor")
            .field("kind", &self.raw.kind.ty.name)
            .field("ptr", &self.raw.ptr)
            .finish()
    }
}

impl SharedDescriptor {
    /// The library it was created with.
    pub(crate) fn library(&self) -> &Arc<Library> {
        self.raw.lib.arc()
    }

    /// A finalized descriptor of the same C descriptor, to set into others
    /// ([`BackendDescriptor::set_descriptors`]). It takes no attribute
    /// (finalized, and shared, so neither [`BackendDescriptor::reset`] nor
    /// `keep` applies to it); dropping it lets go of one share.
    pub(crate) fn view(&self) -> BackendDescriptor {
        BackendDescriptor {
            raw: Arc::clone(&self.raw),
            finalized: true,
            set_attrs: SetAttrs::default(),
            not_sync: PhantomData,
        }
    }
}

impl BackendDescriptor {
    /// Another owner of the same C descriptor, finalized as this one is:
    /// it takes no attribute (finalized, and shared, so neither
    /// [`reset`](Self::reset) nor `keep` applies to it); dropping it lets
    /// go of one share. For a finalized descriptor only (`None` else).
    pub(crate) fn share_finalized(&self) -> Option<BackendDescriptor> {
        self.finalized.then(|| BackendDescriptor {
            raw: Arc::clone(&self.raw),
            finalized: true,
            set_attrs: SetAttrs::default(),
            not_sync: PhantomData,
        })
    }
}

impl BackendDescriptor {
    /// Creates an empty descriptor of type `kind` with the process-wide
    /// library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a type the loaded major does not
    /// declare; as [`crate::library`]; cuDNN's status.
    #[doc(alias = "cudnnBackendCreateDescriptor")]
    pub fn new(kind: sys::cudnnBackendDescriptorType_t) -> Result<Self> {
        Self::create(LibRef::global()?, kind)
    }

    /// As [`new`](Self::new), with `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_library(
        lib: &Arc<Library>,
        kind: sys::cudnnBackendDescriptorType_t,
    ) -> Result<Self> {
        Self::create(LibRef::from(lib), kind)
    }

    fn create(lib: LibRef, kind: sys::cudnnBackendDescriptorType_t) -> Result<Self> {
        let info = match info::descriptor_type_info(kind) {
            Some(info)
                if in_major(info.ty.majors, lib.version().major)
                    && kind != D::ENGINEHEUR_DESCRIPTOR =>
            {
                info
            }
            _ => Self::create_checked(&lib, kind)?,
        };
        let create = ffi!(lib, cudnnBackendCreateDescriptor);
        let mut ptr: sys::cudnnBackendDescriptor_t = std::ptr::null_mut();
        // SAFETY: `kind` is a descriptor type this major declares and `ptr`
        // is a valid out-pointer for the new descriptor.
        let status = unsafe { (create.f)(kind, &mut ptr) };
        lib.check(info.create_fn, status)?;
        if ptr.is_null() {
            return Err(null_created(info));
        }
        crate::core::counts::created("BackendDescriptor");
        Ok(BackendDescriptor {
            raw: Arc::new(Raw {
                ptr,
                lib,
                kind: info,
                ty: info.ty.value,
                kept: Kept::default(),
                handles: Vec::new(),
            }),
            finalized: false,
            set_attrs: SetAttrs::default(),
            not_sync: PhantomData,
        })
    }

    /// The row of `kind`, for a type [`create`](Self::create) does not pass
    /// straight through: one not in the table or not in the loaded major
    /// (refused), and the heuristics, which need cuBLASLt first.
    #[cold]
    #[inline(never)]
    fn create_checked(
        lib: &Library,
        kind: sys::cudnnBackendDescriptorType_t,
    ) -> Result<&'static DescriptorTypeInfo> {
        let major = lib.version().major;
        let Some(info) = info::descriptor_type_info(kind) else {
            return Err(Error::bad_value(
                CREATE,
                format!("descriptor type {} is not in the table", kind.0),
            ));
        };
        if !in_major(info.ty.majors, major) {
            return Err(Error::unsupported(
                info.create_fn,
                format!("{} is not in cuDNN {major}", info.ty.name),
            ));
        }
        if kind == D::ENGINEHEUR_DESCRIPTOR {
            // cuDNN 9.28 ends the process here when its precompiled engines
            // cannot load cuBLASLt.
            super::cublaslt::ensure(lib, info.create_fn)?;
        }
        Ok(info)
    }

    /// Its descriptor type.
    pub fn kind(&self) -> sys::cudnnBackendDescriptorType_t {
        sys::cudnnBackendDescriptorType_t(self.raw.kind.ty.value)
    }

    /// The C name of its descriptor type.
    pub fn kind_name(&self) -> &'static str {
        self.raw.kind.ty.name
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib.arc()
    }

    /// Whether [`finalize`](Self::finalize) succeeded.
    pub fn is_finalized(&self) -> bool {
        self.finalized
    }

    /// The descriptor, finalized, as a value to share between threads.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when it is not finalized.
    pub(crate) fn into_shared(self) -> Result<SharedDescriptor> {
        if !self.finalized {
            return Err(Error::unsupported(
                "BackendDescriptor::into_shared",
                format!("the {} is not finalized", self.raw.kind.ty.name),
            ));
        }
        Ok(SharedDescriptor { raw: self.raw })
    }

    /// Records that cuDNN completed this descriptor, for the attributes
    /// whose getters are known to fill the descriptors they are given (the
    /// engine configurations of a heuristics query).
    pub(crate) fn assume_finalized(&mut self) {
        self.finalized = true;
    }

    /// Keeps `other` alive as long as this descriptor lives, as if it had
    /// been set into it: for descriptors cuDNN filled in that refer to it
    /// (the engine configurations of a heuristics query refer to its
    /// operation graph).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when this descriptor is set into another
    /// already (never for one cuDNN just filled in).
    pub(crate) fn keep(&mut self, other: &BackendDescriptor) -> Result<()> {
        let raw = self.unshared("BackendDescriptor::keep")?;
        raw.kept.push(Arc::clone(&other.raw));
        Ok(())
    }

    /// The raw descriptor; it stays owned by `self`.
    pub(crate) fn ptr(&self) -> sys::cudnnBackendDescriptor_t {
        self.raw.ptr
    }

    /// The table's row for `attr`, checked against this descriptor: it is
    /// declared by the loaded major, belongs to this descriptor type and
    /// takes elements of type `ty`. `setting` adds: not finalized yet.
    ///
    /// Every check is one test here; which one failed is worked out, and
    /// said, apart ([`attr_refused`](Self::attr_refused)), so that the
    /// path a valid call takes stays short.
    #[inline]
    fn check_attr(
        &self,
        attr: sys::cudnnBackendAttributeName_t,
        ty: sys::cudnnBackendAttributeType_t,
        setting: bool,
    ) -> Result<&'static AttributeInfo> {
        if let Some(a) = info::attribute_info(attr) {
            let major = self.raw.lib.version().major;
            if a.descriptor == self.raw.ty
                && a.takes(ty)
                && !(setting && self.finalized)
                && a.in_major(major)
                && info::attribute_type_in_major(ty, major)
            {
                return Ok(a);
            }
        }
        self.attr_refused(attr, ty, setting)
    }

    /// `n` elements fit `a`'s count.
    #[inline]
    fn check_count(a: &AttributeInfo, n: usize) -> Result<()> {
        if n >= a.min_count() && a.max_count().is_none_or(|max| n <= max) {
            return Ok(());
        }
        Err(count_refused(a, n))
    }

    /// Sets attribute `attr` to `values`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`], without calling cuDNN, when the table
    /// says `attr` belongs to another descriptor type, takes another
    /// attribute type or another number of elements, or is not in the
    /// loaded major, or when the descriptor is finalized; cuDNN's status
    /// otherwise (a value it refuses). A device description's JSON
    /// (`CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION`) and a plan's JSON
    /// (`CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION`) are checked for
    /// what cuDNN 9.28 would end the process or corrupt its heap on, and
    /// refused with [`Error::InvalidArgument`]: text that is not one JSON
    /// value with no key twice in an object, a `deviceName` of more than
    /// 255 bytes (CUDA's `char name[256]`); a plan's JSON as
    /// [`ExecutionPlan::from_json`](super::ExecutionPlan::from_json)
    /// checks it. The rest of a description is cuDNN's to refuse.
    #[doc(alias = "cudnnBackendSetAttribute")]
    pub fn set<T: AttributeValue>(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        values: &[T],
    ) -> Result<()> {
        let a = self.check_attr(attr, T::TYPE, true)?;
        Self::check_count(a, values.len())?;
        if let Some(text) = T::as_text(values) {
            check_text(a, text)?;
        }
        if let Some(raw) = T::raw_slice(values) {
            return self.set_raw(a, T::TYPE, raw.len(), raw.as_ptr().cast());
        }
        // Most attributes take one to a few values: on the stack.
        let raw = values.iter().map(|v| v.to_raw());
        on_stack::<_, 8, _>(T::ZERO, raw, |raw| {
            self.set_raw(a, T::TYPE, raw.len(), raw.as_ptr().cast())
        })
    }

    /// Sets text attribute `attr` to `text`, which the caller has
    /// already checked as [`set`](Self::set) checks it (a plan's JSON,
    /// read by [`PlanJson::parse`](super::plan_json::PlanJson::parse)
    /// before it is set): the table's checks of `set`, without reading
    /// the text a second time.
    ///
    /// # Errors
    /// As [`set`](Self::set), less the text's check.
    pub(crate) fn set_checked_text(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        text: &str,
    ) -> Result<()> {
        let ty = sys::cudnnBackendAttributeType_t::CHAR;
        let a = self.check_attr(attr, ty, true)?;
        Self::check_count(a, text.len())?;
        self.set_raw(a, ty, text.len(), text.as_ptr().cast())
    }

    /// Sets attribute `attr`, whose elements are backend descriptors, to
    /// `descriptors`; `self` keeps them alive from then on.
    ///
    /// # Errors
    /// As [`set`](Self::set); also [`Error::InvalidArgument`] when one of
    /// `descriptors` is not finalized, was made by another loaded cuDNN, or
    /// is not of the descriptor type `attr` holds (cuDNN 8.9.5 would end
    /// the process on that).
    pub fn set_descriptors(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        descriptors: &[&BackendDescriptor],
    ) -> Result<()> {
        let unfinalized = descriptors.iter().position(|d| !d.finalized);
        match descriptors.first() {
            None => self.set_elements(attr, &[], None),
            // `first` fills the slots on the stack that are not used.
            Some(first) => {
                on_stack::<_, 8, _>(&first.raw, descriptors.iter().map(|d| &d.raw), |raws| {
                    self.set_elements(attr, raws, unfinalized)
                })
            }
        }
    }

    /// Sets attribute `attr` to the one descriptor `d`, as
    /// [`set_descriptors`](Self::set_descriptors) does.
    ///
    /// # Errors
    /// As [`set_descriptors`](Self::set_descriptors).
    pub(crate) fn set_descriptor(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        d: &BackendDescriptor,
    ) -> Result<()> {
        self.set_one(attr, &d.raw, d.finalized)
    }

    /// Sets attribute `attr` to the one shared descriptor `d`, as
    /// [`set_descriptors`](Self::set_descriptors) does a view of it.
    ///
    /// # Errors
    /// As [`set_descriptors`](Self::set_descriptors).
    pub(crate) fn set_shared(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        d: &SharedDescriptor,
    ) -> Result<()> {
        self.set_one(attr, &d.raw, true)
    }

    /// [`set_descriptors`](Self::set_descriptors) of the descriptors
    /// `elements`, of which the first not finalized is `unfinalized`.
    fn set_elements(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        elements: &[&Arc<Raw>],
        unfinalized: Option<usize>,
    ) -> Result<()> {
        let a = self.check_elements(attr, elements, unfinalized)?;
        // Refused before cuDNN holds them if they could not be kept.
        let raw = self.unshared(a.set_fn)?;
        // Most attributes take one to a few descriptors: on the stack.
        let ptrs = elements.iter().map(|d| d.ptr);
        on_stack::<_, 8, _>(std::ptr::null_mut(), ptrs, |ptrs| {
            set_raw(raw, a, DESCRIPTOR, ptrs.len(), ptrs.as_ptr().cast())
        })?;
        raw.kept.extend(elements.iter().map(|d| Arc::clone(d)));
        self.set_attrs.insert(a.attribute());
        Ok(())
    }

    /// [`set_elements`](Self::set_elements) of the one descriptor `d`,
    /// finalized or not: no list built on the stack, and one `push` to
    /// keep it (a plan's engine configuration and device properties, on
    /// the path of every plan made or read from JSON).
    fn set_one(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        d: &Arc<Raw>,
        finalized: bool,
    ) -> Result<()> {
        let a = self.check_elements(attr, &[d], (!finalized).then_some(0))?;
        let raw = self.unshared(a.set_fn)?;
        set_raw(raw, a, DESCRIPTOR, 1, std::ptr::from_ref(&d.ptr).cast())?;
        raw.kept.push(Arc::clone(d));
        self.set_attrs.insert(a.attribute());
        Ok(())
    }

    /// The checks of [`set_elements`](Self::set_elements): `attr` takes
    /// descriptors, as many as `elements`, each finalized (but
    /// `unfinalized`), of this library and of the type `attr` holds.
    #[inline]
    fn check_elements(
        &self,
        attr: sys::cudnnBackendAttributeName_t,
        elements: &[&Arc<Raw>],
        unfinalized: Option<usize>,
    ) -> Result<&'static AttributeInfo> {
        let a = self.check_attr(attr, DESCRIPTOR, true)?;
        Self::check_count(a, elements.len())?;
        for (i, d) in elements.iter().enumerate() {
            if unfinalized == Some(i)
                || !Arc::ptr_eq(d.lib.arc(), self.library())
                || a.element != d.ty
            {
                self.element_refused(a, i, d, unfinalized != Some(i))?;
            }
        }
        Ok(a)
    }

    /// The raw descriptor, to record what it keeps alive: never shared
    /// while attributes can be set (a descriptor is set into others only
    /// once finalized, and then takes none), so this refuses nothing
    /// reachable.
    fn unshared(&mut self, function: &'static str) -> Result<&mut Raw> {
        let name = self.raw.kind.ty.name;
        Arc::get_mut(&mut self.raw).ok_or_else(|| shared_refused(function, name))
    }

    /// Empties the descriptor in place: it becomes a new, unfinalized
    /// descriptor of the same type, with no attribute set (reading one
    /// back is cuDNN's `NOT_INITIALIZED`), and lets go of the descriptors
    /// that were set into it.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] while it is set into another descriptor
    /// (which relies on its content); cuDNN's status (the descriptor is
    /// then left as it was).
    #[doc(alias = "cudnnBackendInitialize")]
    pub fn reset(&mut self) -> Result<()> {
        if Arc::strong_count(&self.raw) > 1 {
            return Err(Error::unsupported(
                "cudnnBackendInitialize",
                format!(
                    "the {} is set into another descriptor, which relies on its content",
                    self.raw.kind.ty.name
                ),
            ));
        }
        let lib = &*self.raw.lib;
        let init = ffi!(lib, cudnnBackendInitialize);
        // SAFETY: `ptr` is a live descriptor of this library, owned by
        // `self`; the descriptors and handles set into it stay alive until
        // cuDNN has let go of them (they are released below, after the
        // call).
        let status = unsafe { (init.f)(self.raw.ptr) };
        init.check(status)?;
        self.finalized = false;
        self.set_attrs.clear();
        let raw = self.unshared("cudnnBackendInitialize")?;
        raw.kept.clear();
        raw.handles.clear();
        Ok(())
    }

    /// Sets attribute `attr`, of type `HANDLE`, to `handle`, which must be
    /// of this descriptor's library. The descriptor keeps the cuDNN handle
    /// alive (a share of it, see [`Handle`](crate::Handle)) for as long as
    /// it lives, so cuDNN never reads a destroyed handle through it, even
    /// after the `Handle` is dropped.
    ///
    /// # Errors
    /// As [`set`](Self::set); [`Error::InvalidArgument`] for a handle of
    /// another loaded cuDNN.
    pub(crate) fn set_handle(
        &mut self,
        attr: sys::cudnnBackendAttributeName_t,
        handle: &crate::core::handle::Handle,
    ) -> Result<()> {
        let ty = sys::cudnnBackendAttributeType_t::HANDLE;
        let a = self.check_attr(attr, ty, true)?;
        if !Arc::ptr_eq(handle.library(), self.library()) {
            return Err(Error::invalid(
                a.set_fn,
                Mismatch::OtherLibrary {
                    descriptor: a.name,
                    descriptor_library: self.library().path().to_path_buf(),
                    handle_library: handle.library().path().to_path_buf(),
                },
            ));
        }
        self.unshared(a.set_fn)?;
        let ptr = handle.as_raw();
        self.set_raw(a, ty, 1, (&ptr as *const sys::cudnnHandle_t).cast())?;
        self.unshared(a.set_fn)?.handles.push(handle.keep_alive());
        Ok(())
    }

    /// The call behind the setters ([`set_raw`]), recorded as set.
    fn set_raw(
        &mut self,
        a: &'static AttributeInfo,
        ty: sys::cudnnBackendAttributeType_t,
        n: usize,
        data: *const std::ffi::c_void,
    ) -> Result<()> {
        set_raw(&self.raw, a, ty, n, data)?;
        self.set_attrs.insert(a.attribute());
        Ok(())
    }

    /// Whether attribute `attr` was set.
    fn has(&self, attr: sys::cudnnBackendAttributeName_t) -> bool {
        self.set_attrs.contains(attr)
    }

    /// What the library itself does not check before a finalize, and
    /// would end the process on:
    /// - an execution plan read from JSON with neither device properties
    ///   nor a handle (9.28 dereferences a null pointer);
    /// - anything that starts cuDNN 9's precompiled engines without
    ///   cuBLASLt;
    /// - any finalize of cuDNN 9 without NVIDIA's driver library, which
    ///   its runtime-compiled engines link (cuDNN's own error names
    ///   neither).
    fn check_finalize_rules(&self) -> Result<()> {
        let kind = self.kind();
        let function = self.raw.kind.finalize_fn;
        super::driver::ensure(&self.raw.lib, function)?;
        if kind == D::EXECUTION_PLAN_DESCRIPTOR
            && self.has(A::EXECUTION_PLAN_JSON_REPRESENTATION)
            && !self.has(A::EXECUTION_PLAN_DEVICEPROP)
            && !self.has(A::EXECUTION_PLAN_HANDLE)
        {
            return Err(json_plan_untargeted(function));
        }
        if matches!(
            kind,
            D::ENGINE_DESCRIPTOR | D::ENGINECFG_DESCRIPTOR | D::EXECUTION_PLAN_DESCRIPTOR
        ) {
            super::cublaslt::ensure(&self.raw.lib, function)?;
        }
        Ok(())
    }

    /// Reads attribute `attr`: every element cuDNN reports.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`], without calling cuDNN, as for
    /// [`set`](Self::set) (a finalized descriptor can be read); cuDNN's
    /// status otherwise (for example an attribute it does not report back).
    #[doc(alias = "cudnnBackendGetAttribute")]
    pub fn get<T: AttributeValue>(&self, attr: sys::cudnnBackendAttributeName_t) -> Result<Vec<T>> {
        let a = self.check_attr(attr, T::TYPE, false)?;
        let mut cap = self.capacity(a, T::TYPE)?;
        loop {
            let mut buf = vec![T::ZERO; cap];
            let n = self.get_raw(a, T::TYPE, cap, buf.as_mut_ptr().cast())?;
            if n <= cap {
                buf.truncate(n);
                return Ok(buf.into_iter().map(T::from_raw).collect());
            }
            cap = n;
        }
    }

    /// Reads attribute `attr` and expects exactly one element.
    ///
    /// # Errors
    /// As [`get`](Self::get); [`Error::InvalidArgument`] when cuDNN reports
    /// another number of elements.
    pub fn get_one<T: AttributeValue>(&self, attr: sys::cudnnBackendAttributeName_t) -> Result<T> {
        let a = self.check_attr(attr, T::TYPE, false)?;
        let mut one = T::ZERO;
        match self.get_raw(a, T::TYPE, 1, (&mut one as *mut T::Raw).cast())? {
            1 => Ok(T::from_raw(one)),
            n => Err(not_one(a, n)),
        }
    }

    /// Reads a string attribute (`CHAR` elements, such as a plan's JSON)
    /// up to its first NUL.
    ///
    /// # Errors
    /// As [`get`](Self::get); [`Error::InvalidArgument`] when the bytes are
    /// not UTF-8.
    pub fn get_string(&self, attr: sys::cudnnBackendAttributeName_t) -> Result<String> {
        let ty = <u8 as AttributeValue>::TYPE;
        let a = self.check_attr(attr, ty, false)?;
        let mut cap = self.capacity(a, ty)?;
        let mut bytes = loop {
            // Not zero-filled first: cuDNN writes what it reports.
            let mut buf: Vec<u8> = Vec::with_capacity(cap);
            let n = self.get_raw(a, ty, cap, buf.as_mut_ptr().cast())?;
            if n <= cap {
                // SAFETY: `buf` has room for `cap` bytes and cuDNN wrote
                // `n` of them: cudnnBackendGetAttribute writes the least of
                // the count it reports and the count requested (`cap`), and
                // `n <= cap` (for `cap` 0, no array is passed and `n` is 0).
                unsafe { buf.set_len(n) };
                break buf;
            }
            cap = n;
        };
        // Up to the first NUL (a word-at-a-time search).
        if let Ok(text) = std::ffi::CStr::from_bytes_until_nul(&bytes) {
            let end = text.count_bytes();
            bytes.truncate(end);
        }
        String::from_utf8(bytes).map_err(|e| Error::bad_value(a.get_fn, format!("not UTF-8: {e}")))
    }

    /// Reads attribute `attr`, whose elements are backend descriptors: new
    /// descriptors of type `kind` are created and handed to cuDNN to fill
    /// in.
    ///
    /// They come back as not [finalized](Self::is_finalized), because
    /// cuDNN does not say whether it filled them: for an operation's
    /// tensors, 9.28 and 8.9.5 report one element and leave the descriptor
    /// empty. So they cannot be set into other descriptors.
    ///
    /// # Errors
    /// As [`get`](Self::get); [`Error::InvalidArgument`] when `kind` is not
    /// the descriptor type `attr` holds.
    pub fn get_descriptors(
        &self,
        attr: sys::cudnnBackendAttributeName_t,
        kind: sys::cudnnBackendDescriptorType_t,
    ) -> Result<Vec<BackendDescriptor>> {
        let a = self.check_attr(attr, DESCRIPTOR, false)?;
        if let Some(why) = a.element_mismatch(kind) {
            return Err(Error::bad_value(a.get_fn, why));
        }
        // Asked for the count with a null array, cuDNN 9.28 answers 0 for
        // some lists that are not empty (an engine configuration's knob
        // choices): then ask with room for some.
        let mut cap = match self.capacity(a, DESCRIPTOR)? {
            0 if a.max_count().is_none() => UNBOUNDED_FIRST_TRY,
            n => n,
        };
        loop {
            let mut out = Vec::with_capacity(cap);
            for _ in 0..cap {
                out.push(Self::create(self.raw.lib.clone(), kind)?);
            }
            let mut ptrs: Vec<sys::cudnnBackendDescriptor_t> =
                out.iter().map(|d| d.raw.ptr).collect();
            let n = self.get_raw(a, DESCRIPTOR, cap, ptrs.as_mut_ptr().cast())?;
            if n <= cap {
                out.truncate(n);
                return Ok(out);
            }
            cap = n;
        }
    }

    /// How many elements to ask for: the table's bound, or for an
    /// unbounded attribute the count cuDNN reports now.
    fn capacity(
        &self,
        a: &'static AttributeInfo,
        ty: sys::cudnnBackendAttributeType_t,
    ) -> Result<usize> {
        match a.max_count() {
            Some(max) => Ok(max),
            None => self.get_raw(a, ty, 0, std::ptr::null_mut()),
        }
    }

    /// The call behind the getters: up to `cap` elements of `ty` into
    /// `data` (not read when `cap` is 0: then only the count is asked for,
    /// with a null array as cuDNN documents); returns the count cuDNN
    /// reports (which may exceed `cap`).
    fn get_raw(
        &self,
        a: &'static AttributeInfo,
        ty: sys::cudnnBackendAttributeType_t,
        cap: usize,
        data: *mut std::ffi::c_void,
    ) -> Result<usize> {
        let lib = &*self.raw.lib;
        let get = ffi!(lib, cudnnBackendGetAttribute);
        let mut n: i64 = 0;
        let data = if cap == 0 { std::ptr::null_mut() } else { data };
        // SAFETY: `ptr` is a live descriptor of this library; `data` has
        // room for `cap` elements of the C type `ty` names (for descriptor
        // elements: `cap` live descriptors of the requested type), and
        // cuDNN writes at most `cap` of them (none, with a null array, for
        // 0); `n` is a valid out-pointer.
        let status = unsafe { (get.f)(self.raw.ptr, a.attribute(), ty, cap as i64, &mut n, data) };
        lib.check(a.get_fn, status)?;
        match usize::try_from(n) {
            Ok(n) if n <= MAX_ELEMENTS => Ok(n),
            _ => Err(too_many(a, n)),
        }
    }

    /// Finalizes the descriptor: cuDNN checks its attributes and completes
    /// it. It takes no attributes afterwards.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when it is finalized already; cuDNN's
    /// status otherwise (a missing or inconsistent attribute, or, for some
    /// descriptor types, what the machine lacks).
    #[doc(alias = "cudnnBackendFinalize")]
    pub fn finalize(&mut self) -> Result<()> {
        let kind = self.raw.kind;
        if self.finalized {
            return Err(finalized_already(kind));
        }
        self.check_finalize_rules()?;
        let lib = &*self.raw.lib;
        let finalize = ffi!(lib, cudnnBackendFinalize);
        // SAFETY: `ptr` is a live, not yet finalized descriptor of this
        // library; the descriptors set into it are kept alive by `self`.
        let status = unsafe { (finalize.f)(self.raw.ptr) };
        lib.check(kind.finalize_fn, status)?;
        self.finalized = true;
        Ok(())
    }
}
