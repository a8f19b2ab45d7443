//! Why a backend descriptor refuses a call: the errors of its checks,
//! worked out and worded apart from the path of a valid call, in
//! `#[cold]` functions (so that path stays short).

use std::sync::Arc;

use cudnn_sys as sys;

use super::super::attr_rows::{AttributeInfo, DescriptorTypeInfo};
use super::super::info;
use super::{BackendDescriptor, Raw, GET, SET};
use crate::core::error::{Error, Mismatch, Result};

/// `n` elements, which do not fit `a`'s count.
#[cold]
pub(super) fn count_refused(a: &AttributeInfo, n: usize) -> Error {
    let want = match (a.min_count(), a.max_count()) {
        (1, Some(1)) => "1 element".to_string(),
        (lo, Some(hi)) if lo == hi => format!("{lo} elements"),
        (lo, Some(hi)) => format!("{lo} to {hi} elements"),
        (lo, None) => format!("at least {lo} element{}", if lo == 1 { "" } else { "s" }),
    };
    Error::bad_value(a.set_fn, format!("{} takes {want}, not {n}", a.name))
}

/// cuDNN reported success and gave no descriptor.
#[cold]
pub(super) fn null_created(info: &DescriptorTypeInfo) -> Error {
    Error::unsupported(
        info.create_fn,
        "cuDNN returned success and a null descriptor",
    )
}

/// A count of elements other than the one expected.
#[cold]
pub(super) fn not_one(a: &AttributeInfo, n: usize) -> Error {
    Error::bad_value(a.get_fn, format!("{} has {n} elements, not 1", a.name))
}

/// A count of elements not believed.
#[cold]
pub(super) fn too_many(a: &AttributeInfo, n: i64) -> Error {
    Error::unsupported(
        a.get_fn,
        format!("cuDNN reported {n} elements for {}", a.name),
    )
}

/// A second finalize.
#[cold]
pub(super) fn finalized_already(kind: &DescriptorTypeInfo) -> Error {
    Error::unsupported(
        kind.finalize_fn,
        format!("the {} is finalized already", kind.ty.name),
    )
}

/// A plan read from JSON with neither device properties nor a handle.
#[cold]
pub(super) fn json_plan_untargeted(function: &'static str) -> Error {
    Error::unsupported(
        function,
        "an execution plan read from JSON needs device properties \
         (CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP) or a handle to finalize; without either cuDNN \
         would dereference a null pointer",
    )
}

/// A descriptor set into another takes no attribute.
#[cold]
pub(super) fn shared_refused(function: &'static str, name: &str) -> Error {
    Error::unsupported(
        function,
        format!("the {name} is set into another descriptor and takes no attribute"),
    )
}

impl BackendDescriptor {
    /// Why [`check_attr`](Self::check_attr) refuses `attr`, in the order
    /// the checks are documented.
    #[cold]
    #[inline(never)]
    pub(super) fn attr_refused(
        &self,
        attr: sys::cudnnBackendAttributeName_t,
        ty: sys::cudnnBackendAttributeType_t,
        setting: bool,
    ) -> Result<&'static AttributeInfo> {
        let generic = if setting { SET } else { GET };
        let Some(a) = info::attribute_info(attr) else {
            return Err(Error::bad_value(
                generic,
                format!("attribute {} is not in the table", attr.0),
            ));
        };
        let function = if setting { a.set_fn } else { a.get_fn };
        let major = self.raw.lib.version().major;
        if !a.in_major(major) {
            return Err(Error::unsupported(
                function,
                format!("{} is not in cuDNN {major}", a.name),
            ));
        }
        if a.descriptor != self.raw.kind.ty.value {
            let owner = info::descriptor_type_name(a.descriptor_type()).unwrap_or("?");
            return Err(Error::bad_value(
                function,
                format!(
                    "{} belongs to {owner}, not to {}",
                    a.name, self.raw.kind.ty.name
                ),
            ));
        }
        if setting && self.finalized {
            return Err(Error::unsupported(
                function,
                format!(
                    "the {} is finalized and takes no more attributes",
                    self.raw.kind.ty.name
                ),
            ));
        }
        let ty_name = || info::attribute_type_name(ty).unwrap_or("?");
        if a.types == 0 {
            return Err(Error::unsupported(
                function,
                format!("the type of {} is not known to this crate", a.name),
            ));
        }
        if !a.takes(ty) {
            let takes: Vec<&str> = a
                .types()
                .into_iter()
                .map(|t| info::attribute_type_name(t).unwrap_or("?"))
                .collect();
            return Err(Error::bad_value(
                function,
                format!("{} takes {}, not {}", a.name, takes.join(" or "), ty_name()),
            ));
        }
        if !info::attribute_type_in_major(ty, major) {
            return Err(Error::unsupported(
                function,
                format!("{} is not in cuDNN {major}", ty_name()),
            ));
        }
        Ok(a)
    }

    /// Why `d`, element `i` of a list set into `a`, is refused: not
    /// finalized, of another library, or of another descriptor type than
    /// `a` holds (`Ok` for an operation in a list of any operation).
    #[cold]
    #[inline(never)]
    pub(super) fn element_refused(
        &self,
        a: &'static AttributeInfo,
        i: usize,
        d: &Raw,
        finalized: bool,
    ) -> Result<()> {
        if !finalized {
            return Err(Error::bad_value(
                a.set_fn,
                format!("{}[{i}], a {}, is not finalized", a.name, d.kind.ty.name),
            ));
        }
        if !Arc::ptr_eq(d.lib.arc(), self.library()) {
            return Err(Error::invalid(
                a.set_fn,
                Mismatch::OtherLibrary {
                    descriptor: a.name,
                    descriptor_library: d.lib.path().to_path_buf(),
                    handle_library: self.library().path().to_path_buf(),
                },
            ));
        }
        let kind = sys::cudnnBackendDescriptorType_t(d.kind.ty.value);
        match a.element_mismatch(kind) {
            Some(why) => Err(Error::bad_value(a.set_fn, format!("element {i}: {why}"))),
            None => Ok(()),
        }
    }
}
