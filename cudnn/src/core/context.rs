//! Device identity: a CUDA context, not an ordinal (two contexts on one GPU,
//! cudarc's `CudaContext::new_non_primary`, do not share pointers).

use cudarc::driver::CudaContext;

/// Whether two contexts are the same CUDA context (not merely the same
/// device).
#[inline]
pub(crate) fn same_context(a: &CudaContext, b: &CudaContext) -> bool {
    a.cu_ctx() == b.cu_ctx()
}
