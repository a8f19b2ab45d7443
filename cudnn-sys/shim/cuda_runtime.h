/* Minimal stand-in for the CUDA runtime headers, enough for cudnn.h.
 *
 * cudnn.h needs only a few CUDA types (streams, graphs, library property
 * queries). Generating the bindings against this file keeps them free of the
 * CUDA toolkit: the real headers are not needed, and the generated Rust types
 * are the same opaque pointers the toolkit declares. */
#ifndef CUDNN_RS_CUDA_RUNTIME_SHIM_H
#define CUDNN_RS_CUDA_RUNTIME_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include "library_types.h"

typedef struct CUstream_st *cudaStream_t;
typedef struct CUgraph_st *cudaGraph_t;

#endif
