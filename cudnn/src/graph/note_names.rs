//! Short names of the engine notes and knob types, for printing: the
//! constants of cudnn-sys's short names (without their C prefix).
use cudnn_sys as sys;

/// The short name of a knob type (`None` for a value this crate does not know).
pub(crate) fn knob_name(v: sys::cudnnBackendKnobType_t) -> Option<&'static str> {
    const NAMES: &[(sys::cudnnBackendKnobType_t, &str)] = &[
        (sys::cudnnBackendKnobType_t::SPLIT_K, "SPLIT_K"),
        (sys::cudnnBackendKnobType_t::SWIZZLE, "SWIZZLE"),
        (sys::cudnnBackendKnobType_t::TILE_SIZE, "TILE_SIZE"),
        (sys::cudnnBackendKnobType_t::USE_TEX, "USE_TEX"),
        (sys::cudnnBackendKnobType_t::EDGE, "EDGE"),
        (sys::cudnnBackendKnobType_t::KBLOCK, "KBLOCK"),
        (sys::cudnnBackendKnobType_t::LDGA, "LDGA"),
        (sys::cudnnBackendKnobType_t::LDGB, "LDGB"),
        (sys::cudnnBackendKnobType_t::CHUNK_K, "CHUNK_K"),
        (sys::cudnnBackendKnobType_t::SPLIT_H, "SPLIT_H"),
        (sys::cudnnBackendKnobType_t::WINO_TILE, "WINO_TILE"),
        (sys::cudnnBackendKnobType_t::MULTIPLY, "MULTIPLY"),
        (sys::cudnnBackendKnobType_t::SPLIT_K_BUF, "SPLIT_K_BUF"),
        (sys::cudnnBackendKnobType_t::TILEK, "TILEK"),
        (sys::cudnnBackendKnobType_t::STAGES, "STAGES"),
        (
            sys::cudnnBackendKnobType_t::REDUCTION_MODE,
            "REDUCTION_MODE",
        ),
        (
            sys::cudnnBackendKnobType_t::CTA_SPLIT_K_MODE,
            "CTA_SPLIT_K_MODE",
        ),
        (sys::cudnnBackendKnobType_t::SPLIT_K_SLC, "SPLIT_K_SLC"),
        (sys::cudnnBackendKnobType_t::IDX_MODE, "IDX_MODE"),
        (sys::cudnnBackendKnobType_t::SLICED, "SLICED"),
        (sys::cudnnBackendKnobType_t::SPLIT_RS, "SPLIT_RS"),
        (sys::cudnnBackendKnobType_t::SINGLEBUFFER, "SINGLEBUFFER"),
        (sys::cudnnBackendKnobType_t::LDGC, "LDGC"),
        (sys::cudnnBackendKnobType_t::SPECFILT, "SPECFILT"),
        (sys::cudnnBackendKnobType_t::KERNEL_CFG, "KERNEL_CFG"),
        (sys::cudnnBackendKnobType_t::WORKSPACE, "WORKSPACE"),
        (sys::cudnnBackendKnobType_t::TILE_CGA, "TILE_CGA"),
        (sys::cudnnBackendKnobType_t::TILE_CGA_M, "TILE_CGA_M"),
        (sys::cudnnBackendKnobType_t::TILE_CGA_N, "TILE_CGA_N"),
        (sys::cudnnBackendKnobType_t::BLOCK_SIZE, "BLOCK_SIZE"),
        (sys::cudnnBackendKnobType_t::OCCUPANCY, "OCCUPANCY"),
        (
            sys::cudnnBackendKnobType_t::ARRAY_SIZE_PER_THREAD,
            "ARRAY_SIZE_PER_THREAD",
        ),
        (
            sys::cudnnBackendKnobType_t::NUM_C_PER_BLOCK,
            "NUM_C_PER_BLOCK",
        ),
        (sys::cudnnBackendKnobType_t::SPLIT_COLS, "SPLIT_COLS"),
        (sys::cudnnBackendKnobType_t::TILE_ROWS, "TILE_ROWS"),
        (sys::cudnnBackendKnobType_t::TILE_COLS, "TILE_COLS"),
        (sys::cudnnBackendKnobType_t::LOAD_SIZE, "LOAD_SIZE"),
        (sys::cudnnBackendKnobType_t::STREAM_K, "STREAM_K"),
        (sys::cudnnBackendKnobType_t::SPLIT_P_SLC, "SPLIT_P_SLC"),
        (sys::cudnnBackendKnobType_t::TILE_M, "TILE_M"),
        (sys::cudnnBackendKnobType_t::TILE_N, "TILE_N"),
        (sys::cudnnBackendKnobType_t::WARP_SPEC_CFG, "WARP_SPEC_CFG"),
        (sys::cudnnBackendKnobType_t::SWAP_AB, "SWAP_AB"),
        (
            sys::cudnnBackendKnobType_t::INPUT_TMA_ENABLE,
            "INPUT_TMA_ENABLE",
        ),
        (
            sys::cudnnBackendKnobType_t::OUTPUT_TMA_ENABLE,
            "OUTPUT_TMA_ENABLE",
        ),
    ];
    NAMES.iter().find(|(k, _)| *k == v).map(|(_, n)| *n)
}

/// The short name of a behaviour note (`None` for a value this crate does not know).
pub(crate) fn behavior_name(v: sys::cudnnBackendBehaviorNote_t) -> Option<&'static str> {
    const NAMES: &[(sys::cudnnBackendBehaviorNote_t, &str)] = &[
        (
            sys::cudnnBackendBehaviorNote_t::RUNTIME_COMPILATION,
            "RUNTIME_COMPILATION",
        ),
        (
            sys::cudnnBackendBehaviorNote_t::REQUIRES_FILTER_INT8x32_REORDER,
            "REQUIRES_FILTER_INT8x32_REORDER",
        ),
        (
            sys::cudnnBackendBehaviorNote_t::REQUIRES_BIAS_INT8x32_REORDER,
            "REQUIRES_BIAS_INT8x32_REORDER",
        ),
        (
            sys::cudnnBackendBehaviorNote_t::SUPPORTS_CUDA_GRAPH_NATIVE_API,
            "SUPPORTS_CUDA_GRAPH_NATIVE_API",
        ),
        (
            sys::cudnnBackendBehaviorNote_t::CUBLASLT_DEPENDENCY,
            "CUBLASLT_DEPENDENCY",
        ),
    ];
    NAMES.iter().find(|(k, _)| *k == v).map(|(_, n)| *n)
}

/// The short name of a numerical note (`None` for a value this crate does not know).
pub(crate) fn numerical_name(v: sys::cudnnBackendNumericalNote_t) -> Option<&'static str> {
    const NAMES: &[(sys::cudnnBackendNumericalNote_t, &str)] = &[
        (sys::cudnnBackendNumericalNote_t::TENSOR_CORE, "TENSOR_CORE"),
        (
            sys::cudnnBackendNumericalNote_t::DOWN_CONVERT_INPUTS,
            "DOWN_CONVERT_INPUTS",
        ),
        (
            sys::cudnnBackendNumericalNote_t::REDUCED_PRECISION_REDUCTION,
            "REDUCED_PRECISION_REDUCTION",
        ),
        (sys::cudnnBackendNumericalNote_t::FFT, "FFT"),
        (
            sys::cudnnBackendNumericalNote_t::NONDETERMINISTIC,
            "NONDETERMINISTIC",
        ),
        (sys::cudnnBackendNumericalNote_t::WINOGRAD, "WINOGRAD"),
        (
            sys::cudnnBackendNumericalNote_t::WINOGRAD_TILE_4x4,
            "WINOGRAD_TILE_4x4",
        ),
        (
            sys::cudnnBackendNumericalNote_t::WINOGRAD_TILE_6x6,
            "WINOGRAD_TILE_6x6",
        ),
        (
            sys::cudnnBackendNumericalNote_t::WINOGRAD_TILE_13x13,
            "WINOGRAD_TILE_13x13",
        ),
        (
            sys::cudnnBackendNumericalNote_t::STRICT_NAN_PROP,
            "STRICT_NAN_PROP",
        ),
    ];
    NAMES.iter().find(|(k, _)| *k == v).map(|(_, n)| *n)
}
