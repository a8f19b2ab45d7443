//! What the generated table (`generated/attrs.rs`) says about each backend attribute,
//! descriptor type and attribute type: the methods of its rows and the
//! lookups over it. The rows' types are in `attr_rows.rs`, below the table.

use cudnn_sys as sys;

use super::attr_rows::{in_major, AttributeInfo, DescriptorTypeInfo, ANY_OPERATION, MANY, NONE};
use super::attrs::{ATTRIBUTES, ATTRIBUTE_TYPES, DESCRIPTOR_TYPES};

impl AttributeInfo {
    /// The C name, for example `"CUDNN_ATTR_TENSOR_DIMENSIONS"`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The attribute, as the C enum's value.
    pub fn attribute(&self) -> sys::cudnnBackendAttributeName_t {
        sys::cudnnBackendAttributeName_t(self.value)
    }

    /// The descriptor type that has this attribute.
    pub fn descriptor_type(&self) -> sys::cudnnBackendDescriptorType_t {
        sys::cudnnBackendDescriptorType_t(self.descriptor)
    }

    /// The attribute types it takes (more than one where cuDNN accepts
    /// either, as `FLOAT` or `DOUBLE` for a scaling factor); empty when no
    /// source says, and then the typed API refuses it.
    pub fn types(&self) -> Vec<sys::cudnnBackendAttributeType_t> {
        (0..64)
            .filter(|b| self.types & (1u64 << b) != 0)
            .map(sys::cudnnBackendAttributeType_t)
            .collect()
    }

    /// Whether it takes elements of attribute type `ty`.
    #[inline]
    pub fn takes(&self, ty: sys::cudnnBackendAttributeType_t) -> bool {
        ty.0 < 64 && self.types & (1u64 << ty.0) != 0
    }

    /// The fewest elements it takes.
    pub fn min_count(&self) -> usize {
        self.min as usize
    }

    /// The most elements it takes; `None` for no bound.
    pub fn max_count(&self) -> Option<usize> {
        (self.max != MANY).then_some(self.max as usize)
    }

    /// For an attribute of backend descriptors, the type of those
    /// descriptors; `None` for other attributes, and for the operations of
    /// an operation graph, which may be of any operation type.
    pub fn element_descriptor_type(&self) -> Option<sys::cudnnBackendDescriptorType_t> {
        (self.element < ANY_OPERATION).then_some(sys::cudnnBackendDescriptorType_t(self.element))
    }

    /// Why a descriptor of type `kind` cannot be an element of this
    /// attribute; `None` when it can. (cuDNN does not always refuse a
    /// descriptor of the wrong type with a status: cuDNN 8.9.5 throws a C++
    /// exception, which ends the process.)
    pub(super) fn element_mismatch(
        &self,
        kind: sys::cudnnBackendDescriptorType_t,
    ) -> Option<String> {
        // The common case first, before any name is looked up.
        if self.element == kind.0 {
            return None;
        }
        let name = descriptor_type_name(kind).unwrap_or("?");
        match self.element {
            NONE => Some(format!(
                "the descriptor type of the elements of {} is not known to this crate",
                self.name
            )),
            ANY_OPERATION if name.starts_with("CUDNN_BACKEND_OPERATION_") => None,
            ANY_OPERATION => Some(format!("{} holds operations, not a {name}", self.name)),
            e => Some(format!(
                "{} holds {}s, not a {name}",
                self.name,
                descriptor_type_name(sys::cudnnBackendDescriptorType_t(e)).unwrap_or("?")
            )),
        }
    }

    /// Whether the headers of cuDNN `major` (8 or 9) declare it.
    #[inline]
    pub fn in_major(&self, major: u32) -> bool {
        in_major(self.majors, major)
    }

    /// Where its type and count come from: `"header"` (the documentation of
    /// cuDNN 9's descriptor types), `"frontend"` (cudnn-frontend's calls),
    /// both (`"header, frontend"`, which agree), `"header comment"` (the
    /// one-line comment after the attribute's enumerator), `"measured"`
    /// (the one type cuDNN 9.28 takes, where no text states it), `"name"` (a
    /// name ending in `DESC`: one backend descriptor) or `"none"`.
    pub fn source(&self) -> &'static str {
        self.source
    }
}

/// What the table says about attribute `name`; `None` for a value neither
/// major's headers declare.
#[inline]
pub fn attribute_info(name: sys::cudnnBackendAttributeName_t) -> Option<&'static AttributeInfo> {
    let row = *ATTRIBUTE_ROWS.get(usize::try_from(name.0).ok()?)?;
    ATTRIBUTES.get(usize::from(row))
}

/// The largest attribute value of the table, plus one.
const ATTRIBUTE_END: usize = {
    let mut end = 0;
    let mut i = 0;
    while i < ATTRIBUTES.len() {
        if ATTRIBUTES[i].value as usize >= end {
            end = ATTRIBUTES[i].value as usize + 1;
        }
        i += 1;
    }
    end
};

/// Each attribute value's row of [`ATTRIBUTES`] (`u16::MAX`: none), so
/// that a lookup, made for every attribute set or read, touches one
/// cache line of this and the row (a binary search over the rows touched
/// about ten lines of a table of about 40 KB).
static ATTRIBUTE_ROWS: [u16; ATTRIBUTE_END] = {
    assert!(ATTRIBUTES.len() < u16::MAX as usize);
    let mut rows = [u16::MAX; ATTRIBUTE_END];
    let mut i = 0;
    while i < ATTRIBUTES.len() {
        rows[ATTRIBUTES[i].value as usize] = i as u16;
        i += 1;
    }
    rows
};

/// Every attribute of the table, by value.
pub fn attributes() -> &'static [AttributeInfo] {
    ATTRIBUTES
}

#[inline]
pub(super) fn descriptor_type_info(
    kind: sys::cudnnBackendDescriptorType_t,
) -> Option<&'static DescriptorTypeInfo> {
    // The table is by value from 0 without gaps: row `kind` is `kind`'s.
    let row = DESCRIPTOR_TYPES.get(usize::try_from(kind.0).ok()?)?;
    (row.ty.value == kind.0).then_some(row)
}

/// The attributes of one descriptor type span fewer than 64 values, so a
/// descriptor records those set in a `u64`, one bit each (`value % 64`).
const _: () = {
    let mut i = 0;
    while i < ATTRIBUTES.len() {
        let mut j = i + 1;
        while j < ATTRIBUTES.len() {
            if ATTRIBUTES[j].descriptor == ATTRIBUTES[i].descriptor {
                assert!(ATTRIBUTES[j].value.abs_diff(ATTRIBUTES[i].value) < 64);
            }
            j += 1;
        }
        i += 1;
    }
};

/// The descriptor types' table is indexed by value.
const _: () = {
    let mut i = 0;
    while i < DESCRIPTOR_TYPES.len() {
        assert!(DESCRIPTOR_TYPES[i].ty.value as usize == i);
        i += 1;
    }
};

/// The C name of descriptor type `kind` (`"CUDNN_BACKEND_TENSOR_DESCRIPTOR"`);
/// `None` for a value neither major declares.
pub fn descriptor_type_name(kind: sys::cudnnBackendDescriptorType_t) -> Option<&'static str> {
    descriptor_type_info(kind).map(|d| d.ty.name)
}

/// Whether the headers of cuDNN `major` declare descriptor type `kind`.
pub fn descriptor_type_in_major(kind: sys::cudnnBackendDescriptorType_t, major: u32) -> bool {
    descriptor_type_info(kind).is_some_and(|d| in_major(d.ty.majors, major))
}

/// The C name of attribute type `ty` (`"CUDNN_TYPE_INT64"`); `None` for a
/// value neither major declares.
pub fn attribute_type_name(ty: sys::cudnnBackendAttributeType_t) -> Option<&'static str> {
    ATTRIBUTE_TYPES
        .binary_search_by_key(&ty.0, |t| t.value)
        .ok()
        .map(|i| ATTRIBUTE_TYPES[i].name)
}

/// Whether the headers of cuDNN `major` declare attribute type `ty`.
#[inline]
pub(super) fn attribute_type_in_major(ty: sys::cudnnBackendAttributeType_t, major: u32) -> bool {
    let majors = usize::try_from(ty.0)
        .ok()
        .and_then(|i| ATTRIBUTE_TYPE_MAJORS.get(i));
    majors.is_some_and(|&m| in_major(m, major))
}

/// The largest attribute type value of the table, plus one.
const ATTRIBUTE_TYPE_END: usize = {
    let mut end = 0;
    let mut i = 0;
    while i < ATTRIBUTE_TYPES.len() {
        if ATTRIBUTE_TYPES[i].value as usize >= end {
            end = ATTRIBUTE_TYPES[i].value as usize + 1;
        }
        i += 1;
    }
    end
};

/// Each attribute type value's majors (0: none declares it), checked for
/// every attribute set or read.
static ATTRIBUTE_TYPE_MAJORS: [u8; ATTRIBUTE_TYPE_END] = {
    let mut majors = [0; ATTRIBUTE_TYPE_END];
    let mut i = 0;
    while i < ATTRIBUTE_TYPES.len() {
        majors[ATTRIBUTE_TYPES[i].value as usize] = ATTRIBUTE_TYPES[i].majors;
        i += 1;
    }
    majors
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_by_value_for_binary_search() {
        assert!(ATTRIBUTES.windows(2).all(|w| w[0].value < w[1].value));
        assert!(DESCRIPTOR_TYPES
            .windows(2)
            .all(|w| w[0].ty.value < w[1].ty.value));
        assert!(ATTRIBUTE_TYPES.windows(2).all(|w| w[0].value < w[1].value));
    }

    #[test]
    fn every_attribute_belongs_to_a_known_descriptor_type() {
        for a in ATTRIBUTES {
            let d = descriptor_type_info(a.descriptor_type())
                .unwrap_or_else(|| panic!("{}: descriptor {}", a.name, a.descriptor));
            // An attribute a major declares belongs to a descriptor type
            // that major declares too.
            for major in [8, 9] {
                if a.in_major(major) {
                    assert!(in_major(d.ty.majors, major), "{} in {major}", a.name);
                }
            }
            assert!(a.min <= a.max, "{}", a.name);
            assert_eq!(a.types == 0, a.source == "none", "{}", a.name);
            // Every descriptor-valued attribute knows its elements' type.
            let desc = sys::cudnnBackendAttributeType_t::BACKEND_DESCRIPTOR;
            assert_eq!(a.takes(desc), a.element != NONE, "{}", a.name);
        }
    }
}
