//! The shapes of the generated table's rows (`generated/attrs.rs`): one attribute,
//! one descriptor type, one attribute type, the bounds and majors they are
//! written with, and the macros that write a row. The lookups over the
//! table are in `info.rs`, above both.

/// Declared by cuDNN 8's headers.
pub(super) const V8: u8 = 1;
/// Declared by cuDNN 9's headers.
pub(super) const V9: u8 = 2;
/// No upper bound on the element count.
pub(super) const MANY: u32 = u32::MAX;
/// No descriptor type is known for the elements (or they are not
/// descriptors).
pub(super) const NONE: u32 = u32::MAX;
/// The elements are operations, of any operation type.
pub(super) const ANY_OPERATION: u32 = u32::MAX - 1;

/// One `cudnnBackendAttributeName_t`, as the generated table describes it.
///
/// The table is read from the headers of cuDNN 8.9.5 and 9.28 and from
/// NVIDIA's cudnn-frontend by `scripts/gen-backend-attrs.py` (a few types
/// no text states were measured on cuDNN 9.28);
/// [`source`](Self::source) says where each row's type came from.
///
/// A row is laid out for the checks every set and read makes: what they
/// read (value, descriptor, types, counts, element type, majors and the
/// names of the C calls for their errors) fills its first 64 bytes, one
/// cache line, and the row starts a line; the name and source, read only
/// for messages and the table's pages, follow in the second line.
#[derive(Debug)]
#[repr(C, align(64))]
pub struct AttributeInfo {
    pub(super) value: u32,
    pub(super) descriptor: u32,
    pub(super) types: u64,
    pub(super) min: u32,
    pub(super) max: u32,
    pub(super) element: u32,
    pub(super) majors: u8,
    /// `cudnnBackendSetAttribute(<name>)`, the function errors name.
    pub(super) set_fn: &'static str,
    /// `cudnnBackendGetAttribute(<name>)`.
    pub(super) get_fn: &'static str,
    pub(super) name: &'static str,
    pub(super) source: &'static str,
}

/// The fields the checks read lie in a row's first cache line.
const _: () = assert!(std::mem::offset_of!(AttributeInfo, get_fn) + 16 <= 64);
const _: () = assert!(std::mem::size_of::<AttributeInfo>() == 128);

/// One `cudnnBackendAttributeType_t` or `cudnnBackendDescriptorType_t`.
#[derive(Debug)]
pub(super) struct TypeInfo {
    pub(super) value: u32,
    pub(super) name: &'static str,
    pub(super) majors: u8,
}

/// One `cudnnBackendAttributeType_t`.
pub(super) type AttributeTypeInfo = TypeInfo;

/// One `cudnnBackendDescriptorType_t`, with the function names its errors
/// carry.
#[derive(Debug)]
pub(super) struct DescriptorTypeInfo {
    pub(super) ty: TypeInfo,
    /// `cudnnBackendCreateDescriptor(<name>)`.
    pub(super) create_fn: &'static str,
    /// `cudnnBackendFinalize(<name>)`.
    pub(super) finalize_fn: &'static str,
}

/// Whether the majors' bits `majors` hold cuDNN `major` (8 or 9).
#[inline]
pub(super) fn in_major(majors: u8, major: u32) -> bool {
    match major {
        8 => majors & V8 != 0,
        9 => majors & V9 != 0,
        _ => false,
    }
}

/// A row of `ATTRIBUTES`.
macro_rules! a {
    ($v:expr, $n:ident, $d:expr, $t:expr, $min:expr, $max:expr, $e:expr, $m:expr, $s:expr) => {
        $crate::graph::attr_rows::AttributeInfo {
            value: $v,
            name: stringify!($n),
            descriptor: $d,
            types: $t,
            min: $min,
            max: $max,
            element: $e,
            majors: $m,
            source: $s,
            set_fn: concat!("cudnnBackendSetAttribute(", stringify!($n), ")"),
            get_fn: concat!("cudnnBackendGetAttribute(", stringify!($n), ")"),
        }
    };
}

/// A row of `DESCRIPTOR_TYPES`.
macro_rules! d {
    ($v:expr, $n:ident, $m:expr) => {
        $crate::graph::attr_rows::DescriptorTypeInfo {
            ty: $crate::graph::attr_rows::TypeInfo {
                value: $v,
                name: stringify!($n),
                majors: $m,
            },
            create_fn: concat!("cudnnBackendCreateDescriptor(", stringify!($n), ")"),
            finalize_fn: concat!("cudnnBackendFinalize(", stringify!($n), ")"),
        }
    };
}

/// A row of `ATTRIBUTE_TYPES`.
macro_rules! t {
    ($v:expr, $n:ident, $m:expr) => {
        $crate::graph::attr_rows::TypeInfo {
            value: $v,
            name: stringify!($n),
            majors: $m,
        }
    };
}

pub(super) use {a, d, t};
