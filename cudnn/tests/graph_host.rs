//! The backend ("graph") API's base layer against the real library, with
//! no GPU and no handle: backend descriptors are created, their attributes
//! set, finalized and read back, all on the host. No kernel runs.
//!
//! Also: every refusal the generated attribute table makes before cuDNN is
//! called (a wrong attribute type, element count, descriptor type or major,
//! a finalized or unfinalized descriptor where the other is needed), and
//! the differences between the majors (cuDNN 8.9.5's operation graph wants
//! a handle to finalize; 9.28's does not; 8.9.5 reads a convolution's mode
//! back only as a data type).
//!
//! cuDNN 9 finalizes nothing without NVIDIA's driver library (its
//! runtime-compiled engines link `libcuda.so.1`), though it needs no GPU:
//! on Linux the real one (Debian's `libcuda1`, fetched by
//! `scripts/fetch-libcuda.sh`) is loaded first (`common::driver`).
//! Elsewhere (Windows under Wine, where no driver library exists) the tests
//! check that the first finalize is refused with the typed
//! `Error::DependencyUnavailable` naming `nvcuda.dll`, and stop there.

mod common;

use std::sync::Arc;

use cudnn::graph::backend::{attribute_info, attributes, AttributeValue, BackendDescriptor};
use cudnn::sys::{
    self, cudnnBackendAttributeName_t as A, cudnnBackendAttributeType_t as T,
    cudnnBackendDescriptorType_t as D,
};
use cudnn::{Error, Library, Mismatch};

const FLOAT: sys::cudnnDataType_t = sys::cudnnDataType_t::FLOAT;

/// The library under test: see `common::backend::graph_library`.
fn lib() -> Option<Arc<Library>> {
    common::backend::graph_library()
}

/// The `InvalidArgument` of a refusal: its function and its words.
fn refused(r: cudnn::Result<impl std::fmt::Debug>) -> (&'static str, String) {
    match r {
        Err(Error::InvalidArgument { function, mismatch }) => (function, mismatch.to_string()),
        other => panic!("expected a refusal before cuDNN is called, got {other:?}"),
    }
}

/// The process-wide library (loaded by `lib()` first).
fn global() -> Arc<Library> {
    cudnn::library().expect("the library under test is loaded")
}

/// A backend tensor of `float`s, packed, with `uid`; not finalized.
fn tensor_unfinalized(dims: &[i64], uid: i64) -> BackendDescriptor {
    common::backend::tensor(&global(), dims, uid)
}

fn tensor(dims: &[i64], uid: i64) -> BackendDescriptor {
    let mut t = tensor_unfinalized(dims, uid);
    t.finalize().expect("finalize tensor");
    t
}

/// A 2-d cross-correlation, padding 1, stride 1, computing in `float`.
fn convolution() -> BackendDescriptor {
    let mut c = common::backend::convolution(&global());
    c.finalize().expect("finalize convolution");
    c
}

/// y = conv(x, w): x `[1, 3, 8, 8]` (uid 1), w `[4, 3, 3, 3]` (uid 2), y
/// `[1, 4, 8, 8]` (uid 3); finalized.
fn conv_forward_op() -> BackendDescriptor {
    let x = tensor(&[1, 3, 8, 8], 1);
    let w = tensor(&[4, 3, 3, 3], 2);
    let y = tensor(&[1, 4, 8, 8], 3);
    let conv = convolution();
    let mut op = BackendDescriptor::new(D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR).expect("op");
    common::backend::set_conv_forward(&mut op, [&x, &w, &y], &conv);
    // The operation keeps its tensors alive: drop the caller's owners first.
    drop((x, w, y, conv));
    op.finalize().expect("finalize conv forward");
    op
}

#[test]
fn a_tensor_is_built_finalized_and_read_back() {
    let Some(_lib) = lib() else { return };
    let t = tensor(&[2, 3, 4, 5], 42);
    assert!(t.is_finalized());
    assert_eq!(t.kind(), D::TENSOR_DESCRIPTOR);
    assert_eq!(t.kind_name(), "CUDNN_BACKEND_TENSOR_DESCRIPTOR");
    assert_eq!(
        t.get::<i64>(A::TENSOR_DIMENSIONS).expect("dims"),
        [2, 3, 4, 5]
    );
    assert_eq!(
        t.get::<i64>(A::TENSOR_STRIDES).expect("strides"),
        [60, 20, 5, 1]
    );
    assert_eq!(t.get_one::<i64>(A::TENSOR_UNIQUE_ID).expect("uid"), 42);
    assert_eq!(
        t.get_one::<sys::cudnnDataType_t>(A::TENSOR_DATA_TYPE)
            .expect("data type"),
        FLOAT
    );
    assert!(!t.get_one::<bool>(A::TENSOR_IS_VIRTUAL).expect("is virtual"));
}

#[test]
fn a_wrong_type_count_or_descriptor_type_is_refused_before_cudnn() {
    let Some(_lib) = lib() else { return };
    let mut t = tensor_unfinalized(&[1, 2, 3, 4], 7);

    let (f, what) = refused(t.set(A::TENSOR_UNIQUE_ID, &[7.0f32]));
    assert_eq!(f, "cudnnBackendSetAttribute(CUDNN_ATTR_TENSOR_UNIQUE_ID)");
    assert!(
        what.contains("CUDNN_TYPE_INT64") && what.contains("CUDNN_TYPE_FLOAT"),
        "{what}"
    );

    let (f, what) = refused(t.set(A::TENSOR_UNIQUE_ID, &[7i64, 8]));
    assert_eq!(f, "cudnnBackendSetAttribute(CUDNN_ATTR_TENSOR_UNIQUE_ID)");
    assert!(what.contains("takes 1 element, not 2"), "{what}");

    let nine = [1i64; 9];
    let (_, what) = refused(t.set(A::TENSOR_DIMENSIONS, &nine));
    assert!(what.contains("takes 0 to 8 elements, not 9"), "{what}");

    let (f, what) = refused(t.set(A::CONVOLUTION_SPATIAL_DIMS, &[2i64]));
    assert_eq!(
        f,
        "cudnnBackendSetAttribute(CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS)"
    );
    assert!(
        what.contains("belongs to CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR"),
        "{what}"
    );

    let (f, _) = refused(t.get::<f64>(A::TENSOR_DIMENSIONS));
    assert_eq!(f, "cudnnBackendGetAttribute(CUDNN_ATTR_TENSOR_DIMENSIONS)");

    let (f, what) = refused(t.set(A(999_999), &[1i64]));
    assert_eq!(f, "cudnnBackendSetAttribute");
    assert!(what.contains("999999"), "{what}");

    // Nothing above reached cuDNN: the tensor is as it was, and finalizes.
    t.finalize().expect("finalize after the refusals");
    assert_eq!(t.get_one::<i64>(A::TENSOR_UNIQUE_ID).expect("uid"), 7);
}

#[test]
fn finalized_and_unfinalized_descriptors_are_kept_apart() {
    let Some(_lib) = lib() else { return };
    let loose = tensor_unfinalized(&[1, 1, 1, 1], 9);
    let mut op = BackendDescriptor::new(D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR).expect("op");
    let (_, what) = refused(op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&loose]));
    assert!(what.contains("not finalized"), "{what}");

    // A convolution where a tensor belongs.
    let conv = convolution();
    let (_, what) = refused(op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&conv]));
    assert!(
        what.contains("holds CUDNN_BACKEND_TENSOR_DESCRIPTORs, not a CUDNN_BACKEND_CONVOLUTION"),
        "{what}"
    );
    // An operation graph holds operations, of any type, and nothing else.
    let mut graph = BackendDescriptor::new(D::OPERATIONGRAPH_DESCRIPTOR).expect("graph");
    let (_, what) = refused(graph.set_descriptors(A::OPERATIONGRAPH_OPS, &[&conv]));
    assert!(what.contains("holds operations"), "{what}");

    let mut t = tensor(&[1, 1, 1, 1], 10);
    let (f, what) = refused(t.set(A::TENSOR_UNIQUE_ID, &[11i64]));
    assert_eq!(f, "cudnnBackendSetAttribute(CUDNN_ATTR_TENSOR_UNIQUE_ID)");
    assert!(what.contains("finalized"), "{what}");
    let (f, _) = refused(t.finalize());
    assert_eq!(f, "cudnnBackendFinalize(CUDNN_BACKEND_TENSOR_DESCRIPTOR)");
}

#[test]
fn a_convolution_descriptor_is_finalized_and_read_back() {
    let Some(_lib) = lib() else { return };
    let c = convolution();
    assert_eq!(
        c.get_one::<i64>(A::CONVOLUTION_SPATIAL_DIMS)
            .expect("spatial dims"),
        2
    );
    assert_eq!(
        c.get::<i64>(A::CONVOLUTION_PRE_PADDINGS).expect("pre"),
        [1, 1]
    );
    assert_eq!(
        c.get::<i64>(A::CONVOLUTION_FILTER_STRIDES)
            .expect("strides"),
        [1, 1]
    );
    // cuDNN 9.28 and 8.9.5 take the mode as CONVOLUTION_MODE but read it
    // back only as DATA_TYPE: their own BAD_PARAM, no harm done.
    match c.get_one::<sys::cudnnConvolutionMode_t>(A::CONVOLUTION_CONV_MODE) {
        Ok(mode) => assert_eq!(mode, sys::cudnnConvolutionMode_t::CROSS_CORRELATION),
        Err(Error::BadParam(s)) => {
            assert_eq!(
                s.function,
                "cudnnBackendGetAttribute(CUDNN_ATTR_CONVOLUTION_CONV_MODE)"
            )
        }
        Err(e) => panic!("{e}"),
    }
    assert_eq!(
        c.get_one::<sys::cudnnDataType_t>(A::CONVOLUTION_COMP_TYPE)
            .expect("comp type"),
        FLOAT
    );
}

#[test]
fn a_conv_forward_operation_keeps_its_tensors_and_hands_out_unfinalized_copies() {
    let Some(_lib) = lib() else { return };
    // The operation finalizes after the caller dropped its tensors.
    let op = conv_forward_op();
    let (f, what) = refused(op.get_descriptors(
        A::OPERATION_CONVOLUTION_FORWARD_X,
        D::CONVOLUTION_DESCRIPTOR,
    ));
    assert_eq!(
        f,
        "cudnnBackendGetAttribute(CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X)"
    );
    assert!(
        what.contains("holds CUDNN_BACKEND_TENSOR_DESCRIPTORs"),
        "{what}"
    );
    // cuDNN reports one tensor but does not say it filled the descriptor
    // it was given (9.28 and 8.9.5 leave it empty): it is not finalized,
    // so it cannot stand in for a tensor elsewhere.
    let got = op
        .get_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, D::TENSOR_DESCRIPTOR)
        .expect("x back");
    assert_eq!(got.len(), 1);
    assert!(!got[0].is_finalized());
    let mut other =
        BackendDescriptor::new(D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR).expect("op");
    let (_, what) = refused(other.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&got[0]]));
    assert!(what.contains("not finalized"), "{what}");
}

#[test]
fn an_operation_graph_finalizes_without_a_handle_on_9_but_not_on_8() {
    let Some(lib) = lib() else { return };
    let op = conv_forward_op();
    let mut graph = BackendDescriptor::new(D::OPERATIONGRAPH_DESCRIPTOR).expect("graph");
    graph
        .set_descriptors(A::OPERATIONGRAPH_OPS, &[&op])
        .expect("ops");
    drop(op);
    let r = graph.finalize();
    if lib.version().major >= 9 {
        r.expect("cuDNN 9 finalizes an operation graph without a handle");
        let engines = graph
            .get_one::<i64>(A::OPERATIONGRAPH_ENGINE_GLOBAL_COUNT)
            .expect("engine count");
        assert!(engines > 0, "{engines} engines for a conv forward");
    } else {
        // cuDNN 8 wants a handle ("nullptr == handle"): its own status.
        let e = r.expect_err("cuDNN 8 refuses an operation graph without a handle");
        let s = e.status_error().expect("a cuDNN status, not a refusal");
        assert_eq!(
            s.function,
            "cudnnBackendFinalize(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)"
        );
        assert!(!graph.is_finalized());
    }
}

#[test]
fn what_the_loaded_major_lacks_is_refused_by_name() {
    let Some(lib) = lib() else { return };
    let prop = BackendDescriptor::new(D::DEVICEPROP_DESCRIPTOR);
    if lib.version().major >= 9 {
        let prop = prop.expect("cuDNN 9 has DEVICEPROP descriptors");
        assert!(!prop.is_finalized());
    } else {
        let (f, what) = refused(prop);
        assert_eq!(
            f,
            "cudnnBackendCreateDescriptor(CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR)"
        );
        assert!(what.contains("not in cuDNN 8"), "{what}");
        // An attribute that only cuDNN 9 declares, on a type both have.
        let mut t = BackendDescriptor::new(D::TENSOR_DESCRIPTOR).expect("tensor");
        let (_, what) = refused(t.set(A::TENSOR_RAGGED_OFFSET_MULTIPLIER, &[1i64]));
        assert!(what.contains("not in cuDNN 8"), "{what}");
    }
    // A type no source describes (the header lists it without one) is
    // refused, whatever the major.
    let info =
        attribute_info(A::OPERATION_EXPAND_BAND_MATRIX_LOWER_BANDWIDTH).expect("in the table");
    assert_eq!(info.source(), "none");
    assert!(info.types().is_empty());
}

#[test]
fn a_descriptor_of_another_loaded_cudnn_is_refused() {
    let Some(lib) = lib() else { return };
    let other = Arc::new(Library::open(Some(lib.path())).expect("a second copy"));
    let x = tensor(&[1, 3, 8, 8], 1);
    let mut op =
        BackendDescriptor::with_library(&other, D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR)
            .expect("op of the other copy");
    assert!(Arc::ptr_eq(op.library(), &other));
    match op.set_descriptors(A::OPERATION_CONVOLUTION_FORWARD_X, &[&x]) {
        Err(Error::InvalidArgument {
            mismatch: Mismatch::OtherLibrary { descriptor, .. },
            ..
        }) => assert_eq!(descriptor, "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X"),
        other => panic!("expected OtherLibrary, got {other:?}"),
    }
}

/// The generated table, on the host alone (no cuDNN needed).
#[test]
fn the_table_describes_the_tensor_attributes() {
    let dims = attribute_info(A::TENSOR_DIMENSIONS).expect("dims");
    assert_eq!(dims.name(), "CUDNN_ATTR_TENSOR_DIMENSIONS");
    assert_eq!(dims.descriptor_type(), D::TENSOR_DESCRIPTOR);
    assert_eq!(dims.types(), [T::INT64]);
    assert_eq!((dims.min_count(), dims.max_count()), (0, Some(8)));
    assert!(dims.in_major(8) && dims.in_major(9));
    assert!(dims.source().contains("header"));
    let alpha = attribute_info(A::OPERATION_CONVOLUTION_FORWARD_ALPHA).expect("alpha");
    assert!(alpha.takes(T::FLOAT) && alpha.takes(T::DOUBLE));
    let x = attribute_info(A::OPERATION_CONVOLUTION_FORWARD_X).expect("x");
    assert_eq!(x.element_descriptor_type(), Some(D::TENSOR_DESCRIPTOR));
    let json = attribute_info(A::DEVICEPROP_JSON_REPRESENTATION).expect("json");
    assert!(!json.in_major(8) && json.in_major(9));
    assert_eq!(<u8 as AttributeValue>::TYPE, T::CHAR);
    assert!(attributes().len() > 350, "{}", attributes().len());
}

#[test]
fn a_reset_descriptor_is_empty_and_takes_attributes_again() {
    let Some(_lib) = lib() else { return };
    let mut t = tensor(&[2, 3, 4, 5], 42);
    t.reset().expect("reset");
    assert!(!t.is_finalized());
    // cuDNN no longer has the dimensions: its own NOT_INITIALIZED.
    let e = t.get::<i64>(A::TENSOR_DIMENSIONS).expect_err("emptied");
    assert!(matches!(e, Error::NotInitialized(_)), "{e}");
    t.set(A::TENSOR_DATA_TYPE, &[FLOAT]).expect("type");
    t.set(A::TENSOR_DIMENSIONS, &[1i64, 2, 3, 4]).expect("dims");
    t.set(A::TENSOR_STRIDES, &[24i64, 12, 4, 1])
        .expect("strides");
    t.set(A::TENSOR_UNIQUE_ID, &[43i64]).expect("uid");
    t.set(A::TENSOR_BYTE_ALIGNMENT, &[16i64])
        .expect("alignment");
    t.finalize().expect("finalize after reset");
    assert_eq!(t.get_one::<i64>(A::TENSOR_UNIQUE_ID).expect("uid"), 43);
    // A tensor an operation holds is not reset under it.
    let mut x = tensor(&[1, 3, 8, 8], 1);
    let w = tensor(&[4, 3, 3, 3], 2);
    let y = tensor(&[1, 4, 8, 8], 3);
    let conv = convolution();
    let mut op = BackendDescriptor::new(D::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR).expect("op");
    common::backend::set_conv_forward(&mut op, [&x, &w, &y], &conv);
    let (f, what) = refused(x.reset());
    assert_eq!(f, "cudnnBackendInitialize");
    assert!(what.contains("set into another descriptor"), "{what}");
    drop(op);
    x.reset().expect("free again once the operation is gone");
}
