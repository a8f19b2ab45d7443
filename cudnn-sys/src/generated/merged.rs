// cuDNN bindings merged from the headers of cuDNN 9.28.0, 8.9.5.
// Do not edit: `cargo run -p xtask -- bindings` rewrites this file.
// note: enum cudnnBackendBehaviorNote_t: numbering differs for 1 constants; per-major modules hold them
// note: enum cudnnBackendKnobType_t: numbering differs for 1 constants; per-major modules hold them
// note: enum cudnnBackendNumericalNote_t: numbering differs for 1 constants; per-major modules hold them
// note: enum cudnnStatus_t: numbering differs for 14 constants; per-major modules hold them

pub use self::libraryPropertyType_t as libraryPropertyType;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct CUstream_st {
    _unused: [u8; 0],
}
pub type cudaStream_t = *mut CUstream_st;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct CUgraph_st {
    _unused: [u8; 0],
}
pub type cudaGraph_t = *mut CUgraph_st;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnContext {
    _unused: [u8; 0],
}
pub type cudnnHandle_t = *mut cudnnContext;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnRuntimeTag_t {
    _unused: [u8; 0],
}
#[repr(C)]
#[derive(Debug, Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnDebugStruct {
    pub cudnn_version: ::core::ffi::c_uint,
    pub cudnnStatus: cudnnStatus_t,
    pub time_sec: ::core::ffi::c_uint,
    pub time_usec: ::core::ffi::c_uint,
    pub time_delta: ::core::ffi::c_uint,
    pub handle: cudnnHandle_t,
    pub stream: cudaStream_t,
    pub pid: ::core::ffi::c_ulonglong,
    pub tid: ::core::ffi::c_ulonglong,
    pub cudaDeviceId: ::core::ffi::c_int,
    pub reserved: [::core::ffi::c_int; 15usize],
}
impl Default for cudnnDebugStruct {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
pub type cudnnDebug_t = cudnnDebugStruct;
pub type cudnnCallback_t = ::core::option::Option<
    unsafe extern "system" fn(
        sev: cudnnSeverity_t,
        udata: *mut ::core::ffi::c_void,
        dbg: *const cudnnDebug_t,
        msg: *const ::core::ffi::c_char,
    ),
>;
pub type cudnnBackendDescriptor_t = *mut ::core::ffi::c_void;
#[repr(C)]
#[derive(Debug, Default, Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFractionStruct {
    pub numerator: i64,
    pub denominator: i64,
}
pub type cudnnFraction_t = cudnnFractionStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnTensorStruct {
    _unused: [u8; 0],
}
pub type cudnnTensorDescriptor_t = *mut cudnnTensorStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnPoolingStruct {
    _unused: [u8; 0],
}
pub type cudnnPoolingDescriptor_t = *mut cudnnPoolingStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnFilterStruct {
    _unused: [u8; 0],
}
pub type cudnnFilterDescriptor_t = *mut cudnnFilterStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnLRNStruct {
    _unused: [u8; 0],
}
pub type cudnnLRNDescriptor_t = *mut cudnnLRNStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnActivationStruct {
    _unused: [u8; 0],
}
pub type cudnnActivationDescriptor_t = *mut cudnnActivationStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnSpatialTransformerStruct {
    _unused: [u8; 0],
}
pub type cudnnSpatialTransformerDescriptor_t = *mut cudnnSpatialTransformerStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnOpTensorStruct {
    _unused: [u8; 0],
}
pub type cudnnOpTensorDescriptor_t = *mut cudnnOpTensorStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnReduceTensorStruct {
    _unused: [u8; 0],
}
pub type cudnnReduceTensorDescriptor_t = *mut cudnnReduceTensorStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnCTCLossStruct {
    _unused: [u8; 0],
}
pub type cudnnCTCLossDescriptor_t = *mut cudnnCTCLossStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnTensorTransformStruct {
    _unused: [u8; 0],
}
pub type cudnnTensorTransformDescriptor_t = *mut cudnnTensorTransformStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnDropoutStruct {
    _unused: [u8; 0],
}
pub type cudnnDropoutDescriptor_t = *mut cudnnDropoutStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnRNNStruct {
    _unused: [u8; 0],
}
pub type cudnnRNNDescriptor_t = *mut cudnnRNNStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnRNNDataStruct {
    _unused: [u8; 0],
}
pub type cudnnRNNDataDescriptor_t = *mut cudnnRNNDataStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnSeqDataStruct {
    _unused: [u8; 0],
}
pub type cudnnSeqDataDescriptor_t = *mut cudnnSeqDataStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnAttnStruct {
    _unused: [u8; 0],
}
pub type cudnnAttnDescriptor_t = *mut cudnnAttnStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnConvolutionStruct {
    _unused: [u8; 0],
}
pub type cudnnConvolutionDescriptor_t = *mut cudnnConvolutionStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct cudnnConvolutionFwdAlgoPerfStruct {
    pub algo: cudnnConvolutionFwdAlgo_t,
    pub status: cudnnStatus_t,
    pub time: f32,
    pub memory: usize,
    pub determinism: cudnnDeterminism_t,
    pub mathType: cudnnMathType_t,
    pub reserved: [::core::ffi::c_int; 3usize],
}
impl Default for cudnnConvolutionFwdAlgoPerfStruct {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
pub type cudnnConvolutionFwdAlgoPerf_t = cudnnConvolutionFwdAlgoPerfStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct cudnnConvolutionBwdDataAlgoPerfStruct {
    pub algo: cudnnConvolutionBwdDataAlgo_t,
    pub status: cudnnStatus_t,
    pub time: f32,
    pub memory: usize,
    pub determinism: cudnnDeterminism_t,
    pub mathType: cudnnMathType_t,
    pub reserved: [::core::ffi::c_int; 3usize],
}
impl Default for cudnnConvolutionBwdDataAlgoPerfStruct {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
pub type cudnnConvolutionBwdDataAlgoPerf_t = cudnnConvolutionBwdDataAlgoPerfStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnFusedOpsConstParamStruct {
    _unused: [u8; 0],
}
pub type cudnnFusedOpsConstParamPack_t = *mut cudnnFusedOpsConstParamStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnFusedOpsVariantParamStruct {
    _unused: [u8; 0],
}
pub type cudnnFusedOpsVariantParamPack_t = *mut cudnnFusedOpsVariantParamStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnFusedOpsPlanStruct {
    _unused: [u8; 0],
}
pub type cudnnFusedOpsPlan_t = *mut cudnnFusedOpsPlanStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct cudnnConvolutionBwdFilterAlgoPerfStruct {
    pub algo: cudnnConvolutionBwdFilterAlgo_t,
    pub status: cudnnStatus_t,
    pub time: f32,
    pub memory: usize,
    pub determinism: cudnnDeterminism_t,
    pub mathType: cudnnMathType_t,
    pub reserved: [::core::ffi::c_int; 3usize],
}
impl Default for cudnnConvolutionBwdFilterAlgoPerfStruct {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
pub type cudnnConvolutionBwdFilterAlgoPerf_t = cudnnConvolutionBwdFilterAlgoPerfStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnGnnCscGraph_t {
    pub cscOffsets: *const ::core::ffi::c_void,
    pub cscIndices: *const ::core::ffi::c_void,
    pub mapCscToCoo: *const ::core::ffi::c_void,
    pub mapRevToCoo: *const ::core::ffi::c_void,
    pub nSrcNodes: i64,
    pub nDstNodes: i64,
    pub nIndices: i64,
    pub idxType: cudnnDataType_t,
    pub cscRevOffsets: *const ::core::ffi::c_void,
}
impl Default for cudnnGnnCscGraph_t {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
#[repr(C)]
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct cudnnGnnMhaParams_t {
    pub activation: cudnnGnnActivationOp_t,
    pub activationAlpha: f32,
    pub numHeads: ::core::ffi::c_int,
    pub concatHeads: ::core::ffi::c_int,
}
impl Default for cudnnGnnMhaParams_t {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnAlgorithmStruct {
    _unused: [u8; 0],
}
pub type cudnnAlgorithmDescriptor_t = *mut cudnnAlgorithmStruct;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnAlgorithmPerformanceStruct {
    _unused: [u8; 0],
}
pub type cudnnAlgorithmPerformance_t = *mut cudnnAlgorithmPerformanceStruct;
#[repr(C)]
#[derive(Copy, Clone)]
pub struct cudnnAlgorithmUnionStruct {
    pub algo: cudnnAlgorithmUnionStruct_Algorithm,
}
#[repr(C)]
#[derive(Copy, Clone)]
pub union cudnnAlgorithmUnionStruct_Algorithm {
    pub convFwdAlgo: cudnnConvolutionFwdAlgo_t,
    pub convBwdFilterAlgo: cudnnConvolutionBwdFilterAlgo_t,
    pub convBwdDataAlgo: cudnnConvolutionBwdDataAlgo_t,
    pub RNNAlgo: cudnnRNNAlgo_t,
    pub CTCLossAlgo: cudnnCTCLossAlgo_t,
}
impl Default for cudnnAlgorithmUnionStruct_Algorithm {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
impl Default for cudnnAlgorithmUnionStruct {
    fn default() -> Self {
        let mut s = ::core::mem::MaybeUninit::<Self>::uninit();
        unsafe {
            ::core::ptr::write_bytes(s.as_mut_ptr(), 0, 1);
            s.assume_init()
        }
    }
}
pub type cudnnAlgorithm_t = cudnnAlgorithmUnionStruct;
pub type cudnnRNNPaddingMode_t = ::core::ffi::c_uint;
#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct cudnnPersistentRNNPlan {
    _unused: [u8; 0],
}
pub type cudnnPersistentRNNPlan_t = *mut cudnnPersistentRNNPlan;
pub type cudnnAttnQueryMap_t = ::core::ffi::c_uint;
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnActivationMode_t(pub ::core::ffi::c_uint);
impl cudnnActivationMode_t {
    pub const CUDNN_ACTIVATION_SIGMOID: cudnnActivationMode_t = cudnnActivationMode_t(0);
    pub const CUDNN_ACTIVATION_RELU: cudnnActivationMode_t = cudnnActivationMode_t(1);
    pub const CUDNN_ACTIVATION_TANH: cudnnActivationMode_t = cudnnActivationMode_t(2);
    pub const CUDNN_ACTIVATION_CLIPPED_RELU: cudnnActivationMode_t = cudnnActivationMode_t(
        3,
    );
    pub const CUDNN_ACTIVATION_ELU: cudnnActivationMode_t = cudnnActivationMode_t(4);
    pub const CUDNN_ACTIVATION_IDENTITY: cudnnActivationMode_t = cudnnActivationMode_t(
        5,
    );
    pub const CUDNN_ACTIVATION_SWISH: cudnnActivationMode_t = cudnnActivationMode_t(6);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendAttributeName_t(pub ::core::ffi::c_uint);
impl cudnnBackendAttributeName_t {
    pub const CUDNN_ATTR_POINTWISE_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        0,
    );
    pub const CUDNN_ATTR_POINTWISE_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1,
    );
    pub const CUDNN_ATTR_POINTWISE_NAN_PROPAGATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2,
    );
    pub const CUDNN_ATTR_POINTWISE_RELU_LOWER_CLIP: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3,
    );
    pub const CUDNN_ATTR_POINTWISE_RELU_UPPER_CLIP: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        4,
    );
    pub const CUDNN_ATTR_POINTWISE_RELU_LOWER_CLIP_SLOPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        5,
    );
    pub const CUDNN_ATTR_POINTWISE_ELU_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        6,
    );
    pub const CUDNN_ATTR_POINTWISE_SOFTPLUS_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        7,
    );
    pub const CUDNN_ATTR_POINTWISE_SWISH_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        8,
    );
    pub const CUDNN_ATTR_POINTWISE_AXIS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        9,
    );
    pub const CUDNN_ATTR_CONVOLUTION_COMP_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        100,
    );
    pub const CUDNN_ATTR_CONVOLUTION_CONV_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        101,
    );
    pub const CUDNN_ATTR_CONVOLUTION_DILATIONS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        102,
    );
    pub const CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        103,
    );
    pub const CUDNN_ATTR_CONVOLUTION_POST_PADDINGS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        104,
    );
    pub const CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        105,
    );
    pub const CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        106,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        200,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        201,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_RESULTS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        202,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        203,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_DEVICEPROP: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        204,
    );
    pub const CUDNN_ATTR_ENGINEHEUR_SHARED_MEMORY_LIMIT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        205,
    );
    pub const CUDNN_ATTR_ENGINECFG_ENGINE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        300,
    );
    pub const CUDNN_ATTR_ENGINECFG_INTERMEDIATE_INFO: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        301,
    );
    pub const CUDNN_ATTR_ENGINECFG_KNOB_CHOICES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        302,
    );
    pub const CUDNN_ATTR_ENGINECFG_WORKSPACE_SIZE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        303,
    );
    pub const CUDNN_ATTR_ENGINECFG_SHARED_MEMORY_USED: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        304,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_HANDLE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        400,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        401,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        402,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_COMPUTED_INTERMEDIATE_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        403,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_RUN_ONLY_INTERMEDIATE_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        404,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        405,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_KERNEL_CACHE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        406,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        407,
    );
    pub const CUDNN_ATTR_EXECUTION_PLAN_CUDA_GRAPH_RETENTION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        408,
    );
    pub const CUDNN_ATTR_INTERMEDIATE_INFO_UNIQUE_ID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        500,
    );
    pub const CUDNN_ATTR_INTERMEDIATE_INFO_SIZE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        501,
    );
    pub const CUDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_DATA_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        502,
    );
    pub const CUDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_ATTRIBUTES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        503,
    );
    pub const CUDNN_ATTR_KNOB_CHOICE_KNOB_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        600,
    );
    pub const CUDNN_ATTR_KNOB_CHOICE_KNOB_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        601,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        700,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        701,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        702,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        703,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        704,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        705,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        706,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        707,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_CONV_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        708,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_W: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        709,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DX: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        710,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        711,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        712,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        713,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_CONV_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        714,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DW: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        715,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_X: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        716,
    );
    pub const CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        717,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        750,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        751,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_BDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        752,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        753,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_ALPHA1: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        754,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_ALPHA2: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        755,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_DXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        756,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_DYDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        757,
    );
    pub const CUDNN_ATTR_OPERATION_POINTWISE_TDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        758,
    );
    pub const CUDNN_ATTR_OPERATION_GENSTATS_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        770,
    );
    pub const CUDNN_ATTR_OPERATION_GENSTATS_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        771,
    );
    pub const CUDNN_ATTR_OPERATION_GENSTATS_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        772,
    );
    pub const CUDNN_ATTR_OPERATION_GENSTATS_SUMDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        773,
    );
    pub const CUDNN_ATTR_OPERATION_GENSTATS_SQSUMDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        774,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_STATS_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        780,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        781,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_Y_SUM_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        782,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_Y_SQ_SUM_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        783,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        784,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_BIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        785,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_PREV_RUNNING_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        786,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_PREV_RUNNING_VAR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        787,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_UPDATED_RUNNING_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        788,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_UPDATED_RUNNING_VAR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        789,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_SAVED_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        790,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_SAVED_INV_STD_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        791,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_EQ_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        792,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_EQ_BIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        793,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_ACCUM_COUNT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        794,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_EPSILON_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        795,
    );
    pub const CUDNN_ATTR_OPERATION_BN_FINALIZE_EXP_AVERATE_FACTOR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        796,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_HANDLE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        800,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_OPS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        801,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_ENGINE_GLOBAL_COUNT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        802,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        803,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_IS_SAME_TOPOLOGY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        804,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_IS_OVERRIDE_SHAPE_ENABLED: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        805,
    );
    pub const CUDNN_ATTR_OPERATIONGRAPH_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        806,
    );
    pub const CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        900,
    );
    pub const CUDNN_ATTR_TENSOR_DATA_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        901,
    );
    pub const CUDNN_ATTR_TENSOR_DIMENSIONS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        902,
    );
    pub const CUDNN_ATTR_TENSOR_STRIDES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        903,
    );
    pub const CUDNN_ATTR_TENSOR_VECTOR_COUNT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        904,
    );
    pub const CUDNN_ATTR_TENSOR_VECTORIZED_DIMENSION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        905,
    );
    pub const CUDNN_ATTR_TENSOR_UNIQUE_ID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        906,
    );
    pub const CUDNN_ATTR_TENSOR_IS_VIRTUAL: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        907,
    );
    pub const CUDNN_ATTR_TENSOR_IS_BY_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        908,
    );
    pub const CUDNN_ATTR_TENSOR_REORDERING_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        909,
    );
    pub const CUDNN_ATTR_TENSOR_CONSTANT_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        910,
    );
    pub const CUDNN_ATTR_TENSOR_RAGGED_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        913,
    );
    pub const CUDNN_ATTR_TENSOR_RAGGED_OFFSET_MULTIPLIER: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        914,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1000,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1001,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_INTERMEDIATES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1002,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_WORKSPACE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1003,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_OVERRIDE_UNIQUE_IDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1010,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_OVERRIDE_SHAPES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1011,
    );
    pub const CUDNN_ATTR_VARIANT_PACK_OVERRIDE_STRIDES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1012,
    );
    pub const CUDNN_ATTR_LAYOUT_INFO_TENSOR_UID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1100,
    );
    pub const CUDNN_ATTR_LAYOUT_INFO_TYPES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1101,
    );
    pub const CUDNN_ATTR_KNOB_INFO_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1200,
    );
    pub const CUDNN_ATTR_KNOB_INFO_MAXIMUM_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1201,
    );
    pub const CUDNN_ATTR_KNOB_INFO_MINIMUM_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1202,
    );
    pub const CUDNN_ATTR_KNOB_INFO_STRIDE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1203,
    );
    pub const CUDNN_ATTR_ENGINE_OPERATION_GRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1300,
    );
    pub const CUDNN_ATTR_ENGINE_GLOBAL_INDEX: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1301,
    );
    pub const CUDNN_ATTR_ENGINE_KNOB_INFO: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1302,
    );
    pub const CUDNN_ATTR_ENGINE_NUMERICAL_NOTE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1303,
    );
    pub const CUDNN_ATTR_ENGINE_LAYOUT_INFO: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1304,
    );
    pub const CUDNN_ATTR_ENGINE_BEHAVIOR_NOTE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1305,
    );
    pub const CUDNN_ATTR_ENGINE_SM_COUNT_TARGET: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1306,
    );
    pub const CUDNN_ATTR_ENGINE_DEVICEPROP: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1307,
    );
    pub const CUDNN_ATTR_ENGINE_DISABLE_CLUSTER_COOPERATIVE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1308,
    );
    pub const CUDNN_ATTR_ENGINE_SHARED_MEMORY_LIMIT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1309,
    );
    pub const CUDNN_ATTR_MATMUL_COMP_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1500,
    );
    pub const CUDNN_ATTR_MATMUL_PADDING_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1503,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_ADESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1520,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_BDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1521,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_CDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1522,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1523,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_IRREGULARLY_STRIDED_BATCH_COUNT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1524,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_GEMM_M_OVERRIDE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1525,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_GEMM_N_OVERRIDE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1526,
    );
    pub const CUDNN_ATTR_OPERATION_MATMUL_GEMM_K_OVERRIDE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1527,
    );
    pub const CUDNN_ATTR_REDUCTION_OPERATOR: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1600,
    );
    pub const CUDNN_ATTR_REDUCTION_COMP_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1601,
    );
    pub const CUDNN_ATTR_REDUCTION_IS_DETERMINISTIC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1602,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1610,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1611,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1612,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_GROUP_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1613,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1620,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1621,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_INVSTD_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1622,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_BN_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1623,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_X_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1624,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DY_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1625,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DBN_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1626,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DBN_BIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1627,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_DY_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1628,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_X_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1629,
    );
    pub const CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_BIAS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1630,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_DIMS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1640,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_INIT_VALUES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1641,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1642,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_ACCUMULATOR_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1643,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_CURRENT_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1644,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_OUTPUT_UIDS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1645,
    );
    pub const CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_COMPUTE_TYPES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1646,
    );
    pub const CUDNN_ATTR_RESAMPLE_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1700,
    );
    pub const CUDNN_ATTR_RESAMPLE_COMP_TYPE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1701,
    );
    pub const CUDNN_ATTR_RESAMPLE_SPATIAL_DIMS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1702,
    );
    pub const CUDNN_ATTR_RESAMPLE_POST_PADDINGS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1703,
    );
    pub const CUDNN_ATTR_RESAMPLE_PRE_PADDINGS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1704,
    );
    pub const CUDNN_ATTR_RESAMPLE_STRIDES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1705,
    );
    pub const CUDNN_ATTR_RESAMPLE_WINDOW_DIMS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1706,
    );
    pub const CUDNN_ATTR_RESAMPLE_NAN_PROPAGATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1707,
    );
    pub const CUDNN_ATTR_RESAMPLE_PADDING_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1708,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1710,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1711,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_IDXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1712,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1713,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1714,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_FWD_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1716,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1720,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1721,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_IDXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1722,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_ALPHA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1723,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_BETA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1724,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1725,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1726,
    );
    pub const CUDNN_ATTR_OPERATION_RESAMPLE_BWD_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1727,
    );
    pub const CUDNN_ATTR_OPERATION_CONCAT_AXIS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1800,
    );
    pub const CUDNN_ATTR_OPERATION_CONCAT_INPUT_DESCS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1801,
    );
    pub const CUDNN_ATTR_OPERATION_CONCAT_INPLACE_INDEX: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1802,
    );
    pub const CUDNN_ATTR_OPERATION_CONCAT_OUTPUT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1803,
    );
    pub const CUDNN_ATTR_OPERATION_SIGNAL_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1900,
    );
    pub const CUDNN_ATTR_OPERATION_SIGNAL_FLAGDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1901,
    );
    pub const CUDNN_ATTR_OPERATION_SIGNAL_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1902,
    );
    pub const CUDNN_ATTR_OPERATION_SIGNAL_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1903,
    );
    pub const CUDNN_ATTR_OPERATION_SIGNAL_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1904,
    );
    pub const CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_CONTAINER_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1950,
    );
    pub const CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1951,
    );
    pub const CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_SEQUENCE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1952,
    );
    pub const CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_PAGE_TABLE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        1953,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2000,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_PHASE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2001,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2002,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2003,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_INV_VARIANCE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2004,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2005,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_BIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2006,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_EPSILON_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2007,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_EXP_AVG_FACTOR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2008,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_INPUT_RUNNING_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2009,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_INPUT_RUNNING_VAR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2010,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_OUTPUT_RUNNING_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2011,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_OUTPUT_RUNNING_VAR_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2012,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2013,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_FWD_PEER_STAT_DESCS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2014,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2100,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2101,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_MEAN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2102,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_INV_VARIANCE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2103,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_DYDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2104,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2105,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_EPSILON_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2106,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_DSCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2107,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_DBIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2108,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_DXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2109,
    );
    pub const CUDNN_ATTR_OPERATION_NORM_BWD_PEER_STAT_DESCS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2110,
    );
    pub const CUDNN_ATTR_OPERATION_RESHAPE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2200,
    );
    pub const CUDNN_ATTR_OPERATION_RESHAPE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2201,
    );
    pub const CUDNN_ATTR_OPERATION_RESHAPE_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2202,
    );
    pub const CUDNN_ATTR_OPERATION_TRANSPOSE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3200,
    );
    pub const CUDNN_ATTR_OPERATION_TRANSPOSE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3201,
    );
    pub const CUDNN_ATTR_OPERATION_TRANSPOSE_PERMUTATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3202,
    );
    pub const CUDNN_ATTR_OPERATION_SLICE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3300,
    );
    pub const CUDNN_ATTR_OPERATION_SLICE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3301,
    );
    pub const CUDNN_ATTR_OPERATION_SLICE_START_INDICES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3302,
    );
    pub const CUDNN_ATTR_OPERATION_SLICE_LIMIT_INDICES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3303,
    );
    pub const CUDNN_ATTR_OPERATION_SLICE_STRIDES: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3304,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_FWD_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3400,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_FWD_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3401,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_FWD_FREQSDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3402,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_FWD_OUTPUT_SCALE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3403,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_FWD_ROPE_DIM: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3404,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_BWD_DYDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3410,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_BWD_DXDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3411,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_BWD_FREQSDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3412,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_BWD_OUTPUT_SCALE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3413,
    );
    pub const CUDNN_ATTR_OPERATION_ROPE_BWD_ROPE_DIM: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3414,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2250,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2251,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_LOWER_BANDWIDTH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2252,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_UPPER_BANDWIDTH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2253,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_AXIS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2254,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_PAD_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2255,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_KV_TOKEN_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2256,
    );
    pub const CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_SPECULATIVE_MASK_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2257,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2270,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2271,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_LOWER_BANDWIDTH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2272,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_UPPER_BANDWIDTH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2273,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_AXIS: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2274,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_PAD_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2275,
    );
    pub const CUDNN_ATTR_OPERATION_CONTRACT_BAND_MAX_TOKEN_VALUE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2276,
    );
    pub const CUDNN_ATTR_RNG_DISTRIBUTION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2300,
    );
    pub const CUDNN_ATTR_RNG_NORMAL_DIST_MEAN: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2301,
    );
    pub const CUDNN_ATTR_RNG_NORMAL_DIST_STANDARD_DEVIATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2302,
    );
    pub const CUDNN_ATTR_RNG_UNIFORM_DIST_MAXIMUM: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2303,
    );
    pub const CUDNN_ATTR_RNG_UNIFORM_DIST_MINIMUM: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2304,
    );
    pub const CUDNN_ATTR_RNG_BERNOULLI_DIST_PROBABILITY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2305,
    );
    pub const CUDNN_ATTR_OPERATION_RNG_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2310,
    );
    pub const CUDNN_ATTR_OPERATION_RNG_SEED: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2311,
    );
    pub const CUDNN_ATTR_OPERATION_RNG_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2312,
    );
    pub const CUDNN_ATTR_OPERATION_RNG_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2313,
    );
    pub const CUDNN_ATTR_KERNEL_CACHE_OPERATION_GRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2400,
    );
    pub const CUDNN_ATTR_KERNEL_CACHE_IS_ENGINECFG_KERNEL_CACHED: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2401,
    );
    pub const CUDNN_ATTR_KERNEL_CACHE_JSON_REPRESENTATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2402,
    );
    pub const CUDNN_ATTR_KERNEL_CACHE_REVISION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2403,
    );
    pub const CUDNN_ATTR_KERNEL_CACHE_ENTRY_COUNT: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2404,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2500,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2501,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2502,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2503,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2504,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2600,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_SCALE_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2601,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2602,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2603,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2604,
    );
    pub const CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_NEG_SCALE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2605,
    );
    pub const CUDNN_ATTR_DEVICEPROP_DEVICE_ID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2700,
    );
    pub const CUDNN_ATTR_DEVICEPROP_HANDLE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2701,
    );
    pub const CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2702,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2800,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_KDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2801,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_VDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2802,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_ODESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2803,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_STATSDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2804,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SCALEDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2805,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_BLOCK_MASK_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2806,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_KDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2807,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_VDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2808,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2809,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2810,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2811,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH_INPUT_UID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2812,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH_OUTPUT_UID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2813,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SOFTMAX_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2814,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_SEED_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2815,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2816,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_RNG_DUMP_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2817,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_PROBABILITY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2818,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_UNFUSE_FMA: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2819,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_CU_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2820,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_CU_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2821,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2822,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_KDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2823,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_VDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2824,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_SDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2825,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_SDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2826,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_ODESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2827,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_SDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2828,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_ODESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2829,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2851,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_KDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2852,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_VDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2853,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_ODESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2854,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_STATSDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2855,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SCALEDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2856,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2857,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2858,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DQDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2859,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DKDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2860,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2861,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DODDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2862,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SINK_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2863,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DSINK_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2864,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_Q: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2865,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_KV: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2866,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2867,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH_INPUT_UID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2868,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH_OUTPUT_UID: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2869,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_CU_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2870,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_CU_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2871,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_SEED_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2872,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2873,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_PROBABILITY: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2874,
    );
    pub const CUDNN_ATTR_OPERATION_SDPA_BWD_DBIAS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2875,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2900,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2901,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2902,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_WEIGHT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2903,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_FIRST_TOKEN_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2904,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_OUTPUT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2905,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_INDEX_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2906,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_KS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2907,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOP_K: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2908,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_MATH_PREC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2951,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_TOKEN_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2952,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DWEIGHT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2953,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_FIRST_TOKEN_OFFSET_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2954,
    );
    pub const CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DOUTPUT_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        2955,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3000,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3001,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3002,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_LEFT_BOUND_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3003,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SHIFT_RIGHT_BOUND_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3004,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_BDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3005,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3006,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3007,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_KVDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3008,
    );
    pub const CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3009,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_XDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3100,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_YDESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3101,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_STATS_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3102,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_MAX_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3103,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_SUM_EXP_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3104,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_SINK_DESC: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3105,
    );
    pub const CUDNN_ATTR_OPERATION_SOFTMAX_STATS_LOG2: cudnnBackendAttributeName_t = cudnnBackendAttributeName_t(
        3106,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendAttributeType_t(pub ::core::ffi::c_uint);
impl cudnnBackendAttributeType_t {
    pub const CUDNN_TYPE_HANDLE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        0,
    );
    pub const CUDNN_TYPE_DATA_TYPE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        1,
    );
    pub const CUDNN_TYPE_BOOLEAN: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        2,
    );
    pub const CUDNN_TYPE_INT64: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        3,
    );
    pub const CUDNN_TYPE_FLOAT: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        4,
    );
    pub const CUDNN_TYPE_DOUBLE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        5,
    );
    pub const CUDNN_TYPE_VOID_PTR: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        6,
    );
    pub const CUDNN_TYPE_CONVOLUTION_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        7,
    );
    pub const CUDNN_TYPE_HEUR_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        8,
    );
    pub const CUDNN_TYPE_KNOB_TYPE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        9,
    );
    pub const CUDNN_TYPE_NAN_PROPOGATION: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        10,
    );
    pub const CUDNN_TYPE_NUMERICAL_NOTE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        11,
    );
    pub const CUDNN_TYPE_LAYOUT_TYPE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        12,
    );
    pub const CUDNN_TYPE_ATTRIB_NAME: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        13,
    );
    pub const CUDNN_TYPE_POINTWISE_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        14,
    );
    pub const CUDNN_TYPE_BACKEND_DESCRIPTOR: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        15,
    );
    pub const CUDNN_TYPE_GENSTATS_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        16,
    );
    pub const CUDNN_TYPE_BN_FINALIZE_STATS_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        17,
    );
    pub const CUDNN_TYPE_REDUCTION_OPERATOR_TYPE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        18,
    );
    pub const CUDNN_TYPE_BEHAVIOR_NOTE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        19,
    );
    pub const CUDNN_TYPE_TENSOR_REORDERING_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        20,
    );
    pub const CUDNN_TYPE_RESAMPLE_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        21,
    );
    pub const CUDNN_TYPE_PADDING_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        22,
    );
    pub const CUDNN_TYPE_INT32: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        23,
    );
    pub const CUDNN_TYPE_CHAR: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        24,
    );
    pub const CUDNN_TYPE_SIGNAL_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        25,
    );
    pub const CUDNN_TYPE_FRACTION: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        26,
    );
    pub const CUDNN_TYPE_NORM_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        27,
    );
    pub const CUDNN_TYPE_NORM_FWD_PHASE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        28,
    );
    pub const CUDNN_TYPE_RNG_DISTRIBUTION: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        29,
    );
    pub const CUDNN_TYPE_MOE_GROUPED_MATMUL_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        30,
    );
    pub const CUDNN_TYPE_RESHAPE_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        31,
    );
    pub const CUDNN_TYPE_OPERATIONGRAPH_MODE: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        32,
    );
    pub const CUDNN_TYPE_CUDA_GRAPH_RETENTION: cudnnBackendAttributeType_t = cudnnBackendAttributeType_t(
        33,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendBehaviorNote_t(pub ::core::ffi::c_uint);
impl cudnnBackendBehaviorNote_t {
    pub const CUDNN_BEHAVIOR_NOTE_RUNTIME_COMPILATION: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
        0,
    );
    pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_FILTER_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
        1,
    );
    pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_BIAS_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
        2,
    );
    pub const CUDNN_BEHAVIOR_NOTE_SUPPORTS_CUDA_GRAPH_NATIVE_API: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
        3,
    );
    pub const CUDNN_BEHAVIOR_NOTE_CUBLASLT_DEPENDENCY: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
        4,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendDescriptorType_t(pub ::core::ffi::c_uint);
impl cudnnBackendDescriptorType_t {
    pub const CUDNN_BACKEND_POINTWISE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        0,
    );
    pub const CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        1,
    );
    pub const CUDNN_BACKEND_ENGINE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        2,
    );
    pub const CUDNN_BACKEND_ENGINECFG_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        3,
    );
    pub const CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        4,
    );
    pub const CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        5,
    );
    pub const CUDNN_BACKEND_INTERMEDIATE_INFO_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        6,
    );
    pub const CUDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        7,
    );
    pub const CUDNN_BACKEND_KNOB_INFO_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        8,
    );
    pub const CUDNN_BACKEND_LAYOUT_INFO_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        9,
    );
    pub const CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        10,
    );
    pub const CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        11,
    );
    pub const CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        12,
    );
    pub const CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        13,
    );
    pub const CUDNN_BACKEND_OPERATION_GEN_STATS_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        14,
    );
    pub const CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        15,
    );
    pub const CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        16,
    );
    pub const CUDNN_BACKEND_TENSOR_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        17,
    );
    pub const CUDNN_BACKEND_MATMUL_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        18,
    );
    pub const CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        19,
    );
    pub const CUDNN_BACKEND_OPERATION_BN_FINALIZE_STATISTICS_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        20,
    );
    pub const CUDNN_BACKEND_REDUCTION_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        21,
    );
    pub const CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        22,
    );
    pub const CUDNN_BACKEND_OPERATION_BN_BWD_WEIGHTS_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        23,
    );
    pub const CUDNN_BACKEND_RESAMPLE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        24,
    );
    pub const CUDNN_BACKEND_OPERATION_RESAMPLE_FWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        25,
    );
    pub const CUDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        26,
    );
    pub const CUDNN_BACKEND_OPERATION_CONCAT_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        27,
    );
    pub const CUDNN_BACKEND_OPERATION_SIGNAL_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        28,
    );
    pub const CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        29,
    );
    pub const CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        30,
    );
    pub const CUDNN_BACKEND_OPERATION_RESHAPE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        31,
    );
    pub const CUDNN_BACKEND_RNG_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        32,
    );
    pub const CUDNN_BACKEND_OPERATION_RNG_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        33,
    );
    pub const CUDNN_BACKEND_KERNEL_CACHE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        34,
    );
    pub const CUDNN_BACKEND_OPERATION_PAGED_CACHE_LOAD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        35,
    );
    pub const CUDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        36,
    );
    pub const CUDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        37,
    );
    pub const CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        38,
    );
    pub const CUDNN_BACKEND_OPERATION_EXPAND_BAND_MATRIX_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        39,
    );
    pub const CUDNN_BACKEND_OPERATION_CONTRACT_BAND_MATRIX_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        40,
    );
    pub const CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        41,
    );
    pub const CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        42,
    );
    pub const CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        43,
    );
    pub const CUDNN_BACKEND_OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        44,
    );
    pub const CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        45,
    );
    pub const CUDNN_BACKEND_OPERATION_TRANSPOSE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        46,
    );
    pub const CUDNN_BACKEND_OPERATION_SLICE_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        47,
    );
    pub const CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        48,
    );
    pub const CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        49,
    );
    pub const CUDNN_BACKEND_OPERATION_ROPE_BWD_DESCRIPTOR: cudnnBackendDescriptorType_t = cudnnBackendDescriptorType_t(
        50,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendHeurMode_t(pub ::core::ffi::c_uint);
impl cudnnBackendHeurMode_t {
    pub const CUDNN_HEUR_MODE_INSTANT: cudnnBackendHeurMode_t = cudnnBackendHeurMode_t(
        0,
    );
    pub const CUDNN_HEUR_MODE_B: cudnnBackendHeurMode_t = cudnnBackendHeurMode_t(1);
    pub const CUDNN_HEUR_MODE_FALLBACK: cudnnBackendHeurMode_t = cudnnBackendHeurMode_t(
        2,
    );
    pub const CUDNN_HEUR_MODE_A: cudnnBackendHeurMode_t = cudnnBackendHeurMode_t(3);
    pub const CUDNN_HEUR_MODES_COUNT: cudnnBackendHeurMode_t = cudnnBackendHeurMode_t(4);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendKnobType_t(pub ::core::ffi::c_uint);
impl cudnnBackendKnobType_t {
    pub const CUDNN_KNOB_TYPE_SPLIT_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        0,
    );
    pub const CUDNN_KNOB_TYPE_SWIZZLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        1,
    );
    pub const CUDNN_KNOB_TYPE_TILE_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        2,
    );
    pub const CUDNN_KNOB_TYPE_USE_TEX: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        3,
    );
    pub const CUDNN_KNOB_TYPE_EDGE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(4);
    pub const CUDNN_KNOB_TYPE_KBLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(5);
    pub const CUDNN_KNOB_TYPE_LDGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(6);
    pub const CUDNN_KNOB_TYPE_LDGB: cudnnBackendKnobType_t = cudnnBackendKnobType_t(7);
    pub const CUDNN_KNOB_TYPE_CHUNK_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        8,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_H: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        9,
    );
    pub const CUDNN_KNOB_TYPE_WINO_TILE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        10,
    );
    pub const CUDNN_KNOB_TYPE_MULTIPLY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        11,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_K_BUF: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        12,
    );
    pub const CUDNN_KNOB_TYPE_TILEK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(13);
    pub const CUDNN_KNOB_TYPE_STAGES: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        14,
    );
    pub const CUDNN_KNOB_TYPE_REDUCTION_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        15,
    );
    pub const CUDNN_KNOB_TYPE_CTA_SPLIT_K_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        16,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_K_SLC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        17,
    );
    pub const CUDNN_KNOB_TYPE_IDX_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        18,
    );
    pub const CUDNN_KNOB_TYPE_SLICED: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        19,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_RS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        20,
    );
    pub const CUDNN_KNOB_TYPE_SINGLEBUFFER: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        21,
    );
    pub const CUDNN_KNOB_TYPE_LDGC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(22);
    pub const CUDNN_KNOB_TYPE_SPECFILT: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        23,
    );
    pub const CUDNN_KNOB_TYPE_KERNEL_CFG: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        24,
    );
    pub const CUDNN_KNOB_TYPE_WORKSPACE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        25,
    );
    pub const CUDNN_KNOB_TYPE_TILE_CGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        26,
    );
    pub const CUDNN_KNOB_TYPE_TILE_CGA_M: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        27,
    );
    pub const CUDNN_KNOB_TYPE_TILE_CGA_N: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        28,
    );
    pub const CUDNN_KNOB_TYPE_BLOCK_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        29,
    );
    pub const CUDNN_KNOB_TYPE_OCCUPANCY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        30,
    );
    pub const CUDNN_KNOB_TYPE_ARRAY_SIZE_PER_THREAD: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        31,
    );
    pub const CUDNN_KNOB_TYPE_NUM_C_PER_BLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        32,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        33,
    );
    pub const CUDNN_KNOB_TYPE_TILE_ROWS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        34,
    );
    pub const CUDNN_KNOB_TYPE_TILE_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        35,
    );
    pub const CUDNN_KNOB_TYPE_LOAD_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        36,
    );
    pub const CUDNN_KNOB_TYPE_CTA_COUNT: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        37,
    );
    pub const CUDNN_KNOB_TYPE_STREAM_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        38,
    );
    pub const CUDNN_KNOB_TYPE_SPLIT_P_SLC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        39,
    );
    pub const CUDNN_KNOB_TYPE_TILE_M: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        40,
    );
    pub const CUDNN_KNOB_TYPE_TILE_N: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        41,
    );
    pub const CUDNN_KNOB_TYPE_WARP_SPEC_CFG: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        42,
    );
    pub const CUDNN_KNOB_TYPE_SWAP_AB: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        43,
    );
    pub const CUDNN_KNOB_TYPE_INPUT_TMA_ENABLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        44,
    );
    pub const CUDNN_KNOB_TYPE_OUTPUT_TMA_ENABLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
        45,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendLayoutType_t(pub ::core::ffi::c_uint);
impl cudnnBackendLayoutType_t {
    pub const CUDNN_LAYOUT_TYPE_PREFERRED_NCHW: cudnnBackendLayoutType_t = cudnnBackendLayoutType_t(
        0,
    );
    pub const CUDNN_LAYOUT_TYPE_PREFERRED_NHWC: cudnnBackendLayoutType_t = cudnnBackendLayoutType_t(
        1,
    );
    pub const CUDNN_LAYOUT_TYPE_PREFERRED_PAD4CK: cudnnBackendLayoutType_t = cudnnBackendLayoutType_t(
        2,
    );
    pub const CUDNN_LAYOUT_TYPE_PREFERRED_PAD8CK: cudnnBackendLayoutType_t = cudnnBackendLayoutType_t(
        3,
    );
    pub const CUDNN_LAYOUT_TYPE_COUNT: cudnnBackendLayoutType_t = cudnnBackendLayoutType_t(
        4,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendNormFwdPhase_t(pub ::core::ffi::c_uint);
impl cudnnBackendNormFwdPhase_t {
    pub const CUDNN_NORM_FWD_INFERENCE: cudnnBackendNormFwdPhase_t = cudnnBackendNormFwdPhase_t(
        0,
    );
    pub const CUDNN_NORM_FWD_TRAINING: cudnnBackendNormFwdPhase_t = cudnnBackendNormFwdPhase_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendNormMode_t(pub ::core::ffi::c_uint);
impl cudnnBackendNormMode_t {
    pub const CUDNN_LAYER_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(0);
    pub const CUDNN_INSTANCE_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(1);
    pub const CUDNN_BATCH_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(2);
    pub const CUDNN_GROUP_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(3);
    pub const CUDNN_RMS_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(4);
    pub const CUDNN_ADA_LAYER_NORM: cudnnBackendNormMode_t = cudnnBackendNormMode_t(5);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendNumericalNote_t(pub ::core::ffi::c_uint);
impl cudnnBackendNumericalNote_t {
    pub const CUDNN_NUMERICAL_NOTE_TENSOR_CORE: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        0,
    );
    pub const CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        1,
    );
    pub const CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        2,
    );
    pub const CUDNN_NUMERICAL_NOTE_FFT: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        3,
    );
    pub const CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        4,
    );
    pub const CUDNN_NUMERICAL_NOTE_WINOGRAD: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        5,
    );
    pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_4x4: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        6,
    );
    pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_6x6: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        7,
    );
    pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_13x13: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        8,
    );
    pub const CUDNN_NUMERICAL_NOTE_STRICT_NAN_PROP: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
        9,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendOperationGraphMode_t(pub ::core::ffi::c_int);
impl cudnnBackendOperationGraphMode_t {
    pub const CUDNN_OPERATIONGRAPH_MODE_AUTO: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        -1,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_CONV_FORWARD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        0,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_CONV_BWD_DATA: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        1,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_CONV_BWD_FILTER: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        2,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_NORM_FWD_INFER: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        17,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_NORM_FWD_TRAIN: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        18,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_NORM_BWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        19,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_GENERIC_CONV_FUSION: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        20,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_RESAMPLE_FWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        22,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_RESAMPLE_BWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        23,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_BLAS_MATMUL: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        25,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_GENERIC_MATMUL_FUSION: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        26,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_GENERIC_POINTWISE_FUSION: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        27,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_SDPA_FWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        28,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_SDPA_BWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        29,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_UNIFIED_SDPA_FWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        30,
    );
    pub const CUDNN_OPERATIONGRAPH_MODE_UNIFIED_SDPA_BWD: cudnnBackendOperationGraphMode_t = cudnnBackendOperationGraphMode_t(
        31,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendReshapeMode_t(pub ::core::ffi::c_uint);
impl cudnnBackendReshapeMode_t {
    pub const CUDNN_RESHAPE_VIEW_ONLY: cudnnBackendReshapeMode_t = cudnnBackendReshapeMode_t(
        0,
    );
    pub const CUDNN_RESHAPE_LOGICAL: cudnnBackendReshapeMode_t = cudnnBackendReshapeMode_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBackendTensorReordering_t(pub ::core::ffi::c_uint);
impl cudnnBackendTensorReordering_t {
    pub const CUDNN_TENSOR_REORDERING_NONE: cudnnBackendTensorReordering_t = cudnnBackendTensorReordering_t(
        0,
    );
    pub const CUDNN_TENSOR_REORDERING_INT8x32: cudnnBackendTensorReordering_t = cudnnBackendTensorReordering_t(
        1,
    );
    pub const CUDNN_TENSOR_REORDERING_F16x16: cudnnBackendTensorReordering_t = cudnnBackendTensorReordering_t(
        2,
    );
    pub const CUDNN_TENSOR_REORDERING_F8_128x4: cudnnBackendTensorReordering_t = cudnnBackendTensorReordering_t(
        3,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBatchNormMode_t(pub ::core::ffi::c_uint);
impl cudnnBatchNormMode_t {
    pub const CUDNN_BATCHNORM_PER_ACTIVATION: cudnnBatchNormMode_t = cudnnBatchNormMode_t(
        0,
    );
    pub const CUDNN_BATCHNORM_SPATIAL: cudnnBatchNormMode_t = cudnnBatchNormMode_t(1);
    pub const CUDNN_BATCHNORM_SPATIAL_PERSISTENT: cudnnBatchNormMode_t = cudnnBatchNormMode_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBatchNormOps_t(pub ::core::ffi::c_uint);
impl cudnnBatchNormOps_t {
    pub const CUDNN_BATCHNORM_OPS_BN: cudnnBatchNormOps_t = cudnnBatchNormOps_t(0);
    pub const CUDNN_BATCHNORM_OPS_BN_ACTIVATION: cudnnBatchNormOps_t = cudnnBatchNormOps_t(
        1,
    );
    pub const CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION: cudnnBatchNormOps_t = cudnnBatchNormOps_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnBnFinalizeStatsMode_t(pub ::core::ffi::c_uint);
impl cudnnBnFinalizeStatsMode_t {
    pub const CUDNN_BN_FINALIZE_STATISTICS_TRAINING: cudnnBnFinalizeStatsMode_t = cudnnBnFinalizeStatsMode_t(
        0,
    );
    pub const CUDNN_BN_FINALIZE_STATISTICS_INFERENCE: cudnnBnFinalizeStatsMode_t = cudnnBnFinalizeStatsMode_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnCTCGradMode_t(pub ::core::ffi::c_uint);
impl cudnnCTCGradMode_t {
    pub const CUDNN_CTC_ZERO_OOB_GRADIENTS: cudnnCTCGradMode_t = cudnnCTCGradMode_t(0);
    pub const CUDNN_CTC_SKIP_OOB_GRADIENTS: cudnnCTCGradMode_t = cudnnCTCGradMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnCTCLossAlgo_t(pub ::core::ffi::c_uint);
impl cudnnCTCLossAlgo_t {
    pub const CUDNN_CTC_LOSS_ALGO_DETERMINISTIC: cudnnCTCLossAlgo_t = cudnnCTCLossAlgo_t(
        0,
    );
    pub const CUDNN_CTC_LOSS_ALGO_NON_DETERMINISTIC: cudnnCTCLossAlgo_t = cudnnCTCLossAlgo_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnCausalConv1dActivation_t(pub ::core::ffi::c_uint);
impl cudnnCausalConv1dActivation_t {
    pub const CUDNN_CAUSAL_CONV1D_ACTIVATION_IDENTITY: cudnnCausalConv1dActivation_t = cudnnCausalConv1dActivation_t(
        0,
    );
    pub const CUDNN_CAUSAL_CONV1D_ACTIVATION_SILU: cudnnCausalConv1dActivation_t = cudnnCausalConv1dActivation_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnConvolutionBwdDataAlgo_t(pub ::core::ffi::c_uint);
impl cudnnConvolutionBwdDataAlgo_t {
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_0: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        0,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_1: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        1,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        2,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT_TILING: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        3,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        4,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        5,
    );
    pub const CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT: cudnnConvolutionBwdDataAlgo_t = cudnnConvolutionBwdDataAlgo_t(
        6,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnConvolutionBwdFilterAlgo_t(pub ::core::ffi::c_uint);
impl cudnnConvolutionBwdFilterAlgo_t {
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        0,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        1,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        2,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_3: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        3,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        4,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        5,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT_TILING: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        6,
    );
    pub const CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT: cudnnConvolutionBwdFilterAlgo_t = cudnnConvolutionBwdFilterAlgo_t(
        7,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnConvolutionFwdAlgo_t(pub ::core::ffi::c_uint);
impl cudnnConvolutionFwdAlgo_t {
    pub const CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        0,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        1,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_GEMM: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        2,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_DIRECT: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        3,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_FFT: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        4,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        5,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        6,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        7,
    );
    pub const CUDNN_CONVOLUTION_FWD_ALGO_COUNT: cudnnConvolutionFwdAlgo_t = cudnnConvolutionFwdAlgo_t(
        8,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnConvolutionMode_t(pub ::core::ffi::c_uint);
impl cudnnConvolutionMode_t {
    pub const CUDNN_CONVOLUTION: cudnnConvolutionMode_t = cudnnConvolutionMode_t(0);
    pub const CUDNN_CROSS_CORRELATION: cudnnConvolutionMode_t = cudnnConvolutionMode_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnCudaGraphRetention_t(pub ::core::ffi::c_uint);
impl cudnnCudaGraphRetention_t {
    pub const CUDNN_CUDA_GRAPH_RETENTION_PER_GRAPH: cudnnCudaGraphRetention_t = cudnnCudaGraphRetention_t(
        0,
    );
    pub const CUDNN_CUDA_GRAPH_RETENTION_NONE: cudnnCudaGraphRetention_t = cudnnCudaGraphRetention_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnDataType_t(pub ::core::ffi::c_uint);
impl cudnnDataType_t {
    pub const CUDNN_DATA_FLOAT: cudnnDataType_t = cudnnDataType_t(0);
    pub const CUDNN_DATA_DOUBLE: cudnnDataType_t = cudnnDataType_t(1);
    pub const CUDNN_DATA_HALF: cudnnDataType_t = cudnnDataType_t(2);
    pub const CUDNN_DATA_INT8: cudnnDataType_t = cudnnDataType_t(3);
    pub const CUDNN_DATA_INT32: cudnnDataType_t = cudnnDataType_t(4);
    pub const CUDNN_DATA_INT8x4: cudnnDataType_t = cudnnDataType_t(5);
    pub const CUDNN_DATA_UINT8: cudnnDataType_t = cudnnDataType_t(6);
    pub const CUDNN_DATA_UINT8x4: cudnnDataType_t = cudnnDataType_t(7);
    pub const CUDNN_DATA_INT8x32: cudnnDataType_t = cudnnDataType_t(8);
    pub const CUDNN_DATA_BFLOAT16: cudnnDataType_t = cudnnDataType_t(9);
    pub const CUDNN_DATA_INT64: cudnnDataType_t = cudnnDataType_t(10);
    pub const CUDNN_DATA_BOOLEAN: cudnnDataType_t = cudnnDataType_t(11);
    pub const CUDNN_DATA_FP8_E4M3: cudnnDataType_t = cudnnDataType_t(12);
    pub const CUDNN_DATA_FP8_E5M2: cudnnDataType_t = cudnnDataType_t(13);
    pub const CUDNN_DATA_FAST_FLOAT_FOR_FP8: cudnnDataType_t = cudnnDataType_t(14);
    pub const CUDNN_DATA_FP8_E8M0: cudnnDataType_t = cudnnDataType_t(15);
    pub const CUDNN_DATA_FP4_E2M1: cudnnDataType_t = cudnnDataType_t(16);
    pub const CUDNN_DATA_INT4: cudnnDataType_t = cudnnDataType_t(17);
    pub const CUDNN_DATA_UINT4: cudnnDataType_t = cudnnDataType_t(18);
    pub const CUDNN_DATA_UINT32: cudnnDataType_t = cudnnDataType_t(19);
    pub const CUDNN_DATA_COMPLEX_FP32: cudnnDataType_t = cudnnDataType_t(20);
    pub const CUDNN_DATA_COMPLEX_FP64: cudnnDataType_t = cudnnDataType_t(21);
    pub const CUDNN_DATA_BYTE_BOOLEAN: cudnnDataType_t = cudnnDataType_t(22);
    pub const CUDNN_DATA_FP8_E5M3: cudnnDataType_t = cudnnDataType_t(23);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnDeterminism_t(pub ::core::ffi::c_uint);
impl cudnnDeterminism_t {
    pub const CUDNN_NON_DETERMINISTIC: cudnnDeterminism_t = cudnnDeterminism_t(0);
    pub const CUDNN_DETERMINISTIC: cudnnDeterminism_t = cudnnDeterminism_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnDirectionMode_t(pub ::core::ffi::c_uint);
impl cudnnDirectionMode_t {
    pub const CUDNN_UNIDIRECTIONAL: cudnnDirectionMode_t = cudnnDirectionMode_t(0);
    pub const CUDNN_BIDIRECTIONAL: cudnnDirectionMode_t = cudnnDirectionMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnDivNormMode_t(pub ::core::ffi::c_uint);
impl cudnnDivNormMode_t {
    pub const CUDNN_DIVNORM_PRECOMPUTED_MEANS: cudnnDivNormMode_t = cudnnDivNormMode_t(
        0,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnErrQueryMode_t(pub ::core::ffi::c_uint);
impl cudnnErrQueryMode_t {
    pub const CUDNN_ERRQUERY_RAWCODE: cudnnErrQueryMode_t = cudnnErrQueryMode_t(0);
    pub const CUDNN_ERRQUERY_NONBLOCKING: cudnnErrQueryMode_t = cudnnErrQueryMode_t(1);
    pub const CUDNN_ERRQUERY_BLOCKING: cudnnErrQueryMode_t = cudnnErrQueryMode_t(2);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFoldingDirection_t(pub ::core::ffi::c_uint);
impl cudnnFoldingDirection_t {
    pub const CUDNN_TRANSFORM_FOLD: cudnnFoldingDirection_t = cudnnFoldingDirection_t(0);
    pub const CUDNN_TRANSFORM_UNFOLD: cudnnFoldingDirection_t = cudnnFoldingDirection_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnForwardMode_t(pub ::core::ffi::c_uint);
impl cudnnForwardMode_t {
    pub const CUDNN_FWD_MODE_INFERENCE: cudnnForwardMode_t = cudnnForwardMode_t(0);
    pub const CUDNN_FWD_MODE_TRAINING: cudnnForwardMode_t = cudnnForwardMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFusedOpsConstParamLabel_t(pub ::core::ffi::c_uint);
impl cudnnFusedOpsConstParamLabel_t {
    pub const CUDNN_PARAM_XDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        0,
    );
    pub const CUDNN_PARAM_XDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        1,
    );
    pub const CUDNN_PARAM_BN_MODE: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        2,
    );
    pub const CUDNN_PARAM_BN_EQSCALEBIAS_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        3,
    );
    pub const CUDNN_PARAM_BN_EQSCALE_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        4,
    );
    pub const CUDNN_PARAM_BN_EQBIAS_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        5,
    );
    pub const CUDNN_PARAM_ACTIVATION_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        6,
    );
    pub const CUDNN_PARAM_CONV_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        7,
    );
    pub const CUDNN_PARAM_WDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        8,
    );
    pub const CUDNN_PARAM_WDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        9,
    );
    pub const CUDNN_PARAM_DWDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        10,
    );
    pub const CUDNN_PARAM_DWDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        11,
    );
    pub const CUDNN_PARAM_YDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        12,
    );
    pub const CUDNN_PARAM_YDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        13,
    );
    pub const CUDNN_PARAM_DYDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        14,
    );
    pub const CUDNN_PARAM_DYDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        15,
    );
    pub const CUDNN_PARAM_YSTATS_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        16,
    );
    pub const CUDNN_PARAM_YSUM_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        17,
    );
    pub const CUDNN_PARAM_YSQSUM_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        18,
    );
    pub const CUDNN_PARAM_BN_SCALEBIAS_MEANVAR_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        19,
    );
    pub const CUDNN_PARAM_BN_SCALE_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        20,
    );
    pub const CUDNN_PARAM_BN_BIAS_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        21,
    );
    pub const CUDNN_PARAM_BN_SAVED_MEAN_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        22,
    );
    pub const CUDNN_PARAM_BN_SAVED_INVSTD_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        23,
    );
    pub const CUDNN_PARAM_BN_RUNNING_MEAN_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        24,
    );
    pub const CUDNN_PARAM_BN_RUNNING_VAR_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        25,
    );
    pub const CUDNN_PARAM_ZDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        26,
    );
    pub const CUDNN_PARAM_ZDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        27,
    );
    pub const CUDNN_PARAM_BN_Z_EQSCALEBIAS_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        28,
    );
    pub const CUDNN_PARAM_BN_Z_EQSCALE_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        29,
    );
    pub const CUDNN_PARAM_BN_Z_EQBIAS_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        30,
    );
    pub const CUDNN_PARAM_ACTIVATION_BITMASK_DESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        31,
    );
    pub const CUDNN_PARAM_ACTIVATION_BITMASK_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        32,
    );
    pub const CUDNN_PARAM_DXDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        33,
    );
    pub const CUDNN_PARAM_DXDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        34,
    );
    pub const CUDNN_PARAM_DZDESC: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        35,
    );
    pub const CUDNN_PARAM_DZDATA_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        36,
    );
    pub const CUDNN_PARAM_BN_DSCALE_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        37,
    );
    pub const CUDNN_PARAM_BN_DBIAS_PLACEHOLDER: cudnnFusedOpsConstParamLabel_t = cudnnFusedOpsConstParamLabel_t(
        38,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFusedOpsPointerPlaceHolder_t(pub ::core::ffi::c_uint);
impl cudnnFusedOpsPointerPlaceHolder_t {
    pub const CUDNN_PTR_NULL: cudnnFusedOpsPointerPlaceHolder_t = cudnnFusedOpsPointerPlaceHolder_t(
        0,
    );
    pub const CUDNN_PTR_ELEM_ALIGNED: cudnnFusedOpsPointerPlaceHolder_t = cudnnFusedOpsPointerPlaceHolder_t(
        1,
    );
    pub const CUDNN_PTR_16B_ALIGNED: cudnnFusedOpsPointerPlaceHolder_t = cudnnFusedOpsPointerPlaceHolder_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFusedOpsVariantParamLabel_t(pub ::core::ffi::c_uint);
impl cudnnFusedOpsVariantParamLabel_t {
    pub const CUDNN_PTR_XDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        0,
    );
    pub const CUDNN_PTR_BN_EQSCALE: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        1,
    );
    pub const CUDNN_PTR_BN_EQBIAS: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        2,
    );
    pub const CUDNN_PTR_WDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        3,
    );
    pub const CUDNN_PTR_DWDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        4,
    );
    pub const CUDNN_PTR_YDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        5,
    );
    pub const CUDNN_PTR_DYDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        6,
    );
    pub const CUDNN_PTR_YSUM: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        7,
    );
    pub const CUDNN_PTR_YSQSUM: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        8,
    );
    pub const CUDNN_PTR_WORKSPACE: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        9,
    );
    pub const CUDNN_PTR_BN_SCALE: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        10,
    );
    pub const CUDNN_PTR_BN_BIAS: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        11,
    );
    pub const CUDNN_PTR_BN_SAVED_MEAN: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        12,
    );
    pub const CUDNN_PTR_BN_SAVED_INVSTD: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        13,
    );
    pub const CUDNN_PTR_BN_RUNNING_MEAN: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        14,
    );
    pub const CUDNN_PTR_BN_RUNNING_VAR: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        15,
    );
    pub const CUDNN_PTR_ZDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        16,
    );
    pub const CUDNN_PTR_BN_Z_EQSCALE: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        17,
    );
    pub const CUDNN_PTR_BN_Z_EQBIAS: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        18,
    );
    pub const CUDNN_PTR_ACTIVATION_BITMASK: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        19,
    );
    pub const CUDNN_PTR_DXDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        20,
    );
    pub const CUDNN_PTR_DZDATA: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        21,
    );
    pub const CUDNN_PTR_BN_DSCALE: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        22,
    );
    pub const CUDNN_PTR_BN_DBIAS: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        23,
    );
    pub const CUDNN_SCALAR_SIZE_T_WORKSPACE_SIZE_IN_BYTES: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        100,
    );
    pub const CUDNN_SCALAR_INT64_T_BN_ACCUMULATION_COUNT: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        101,
    );
    pub const CUDNN_SCALAR_DOUBLE_BN_EXP_AVG_FACTOR: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        102,
    );
    pub const CUDNN_SCALAR_DOUBLE_BN_EPSILON: cudnnFusedOpsVariantParamLabel_t = cudnnFusedOpsVariantParamLabel_t(
        103,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnFusedOps_t(pub ::core::ffi::c_uint);
impl cudnnFusedOps_t {
    pub const CUDNN_FUSED_SCALE_BIAS_ACTIVATION_CONV_BNSTATS: cudnnFusedOps_t = cudnnFusedOps_t(
        0,
    );
    pub const CUDNN_FUSED_SCALE_BIAS_ACTIVATION_WGRAD: cudnnFusedOps_t = cudnnFusedOps_t(
        1,
    );
    pub const CUDNN_FUSED_BN_FINALIZE_STATISTICS_TRAINING: cudnnFusedOps_t = cudnnFusedOps_t(
        2,
    );
    pub const CUDNN_FUSED_BN_FINALIZE_STATISTICS_INFERENCE: cudnnFusedOps_t = cudnnFusedOps_t(
        3,
    );
    pub const CUDNN_FUSED_CONV_SCALE_BIAS_ADD_ACTIVATION: cudnnFusedOps_t = cudnnFusedOps_t(
        4,
    );
    pub const CUDNN_FUSED_SCALE_BIAS_ADD_ACTIVATION_GEN_BITMASK: cudnnFusedOps_t = cudnnFusedOps_t(
        5,
    );
    pub const CUDNN_FUSED_DACTIVATION_FORK_DBATCHNORM: cudnnFusedOps_t = cudnnFusedOps_t(
        6,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnGenStatsMode_t(pub ::core::ffi::c_uint);
impl cudnnGenStatsMode_t {
    pub const CUDNN_GENSTATS_SUM_SQSUM: cudnnGenStatsMode_t = cudnnGenStatsMode_t(0);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnGnnActivationOp_t(pub ::core::ffi::c_uint);
impl cudnnGnnActivationOp_t {
    pub const CUDNN_GNN_ACT_LINEAR: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(0);
    pub const CUDNN_GNN_ACT_RELU: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(1);
    pub const CUDNN_GNN_ACT_SIGMOID: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(2);
    pub const CUDNN_GNN_ACT_TANH: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(3);
    pub const CUDNN_GNN_ACT_ELU: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(4);
    pub const CUDNN_GNN_ACT_SCALAR: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(5);
    pub const CUDNN_GNN_ACT_LEAKY_RELU: cudnnGnnActivationOp_t = cudnnGnnActivationOp_t(
        6,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnGnnAggOp_t(pub ::core::ffi::c_uint);
impl cudnnGnnAggOp_t {
    pub const CUDNN_GNN_AGG_SUM: cudnnGnnAggOp_t = cudnnGnnAggOp_t(0);
    pub const CUDNN_GNN_AGG_MEAN: cudnnGnnAggOp_t = cudnnGnnAggOp_t(1);
    pub const CUDNN_GNN_AGG_MAX: cudnnGnnAggOp_t = cudnnGnnAggOp_t(2);
    pub const CUDNN_GNN_AGG_MIN: cudnnGnnAggOp_t = cudnnGnnAggOp_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnIndicesType_t(pub ::core::ffi::c_uint);
impl cudnnIndicesType_t {
    pub const CUDNN_32BIT_INDICES: cudnnIndicesType_t = cudnnIndicesType_t(0);
    pub const CUDNN_64BIT_INDICES: cudnnIndicesType_t = cudnnIndicesType_t(1);
    pub const CUDNN_16BIT_INDICES: cudnnIndicesType_t = cudnnIndicesType_t(2);
    pub const CUDNN_8BIT_INDICES: cudnnIndicesType_t = cudnnIndicesType_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnLRNMode_t(pub ::core::ffi::c_uint);
impl cudnnLRNMode_t {
    pub const CUDNN_LRN_CROSS_CHANNEL_DIM1: cudnnLRNMode_t = cudnnLRNMode_t(0);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnLossNormalizationMode_t(pub ::core::ffi::c_uint);
impl cudnnLossNormalizationMode_t {
    pub const CUDNN_LOSS_NORMALIZATION_NONE: cudnnLossNormalizationMode_t = cudnnLossNormalizationMode_t(
        0,
    );
    pub const CUDNN_LOSS_NORMALIZATION_SOFTMAX: cudnnLossNormalizationMode_t = cudnnLossNormalizationMode_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnMathType_t(pub ::core::ffi::c_uint);
impl cudnnMathType_t {
    pub const CUDNN_DEFAULT_MATH: cudnnMathType_t = cudnnMathType_t(0);
    pub const CUDNN_TENSOR_OP_MATH: cudnnMathType_t = cudnnMathType_t(1);
    pub const CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION: cudnnMathType_t = cudnnMathType_t(
        2,
    );
    pub const CUDNN_FMA_MATH: cudnnMathType_t = cudnnMathType_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnMoeGroupedMatmulMode_t(pub ::core::ffi::c_uint);
impl cudnnMoeGroupedMatmulMode_t {
    pub const CUDNN_MOE_GROUPED_MATMUL_MODE_NONE: cudnnMoeGroupedMatmulMode_t = cudnnMoeGroupedMatmulMode_t(
        0,
    );
    pub const CUDNN_MOE_GROUPED_MATMUL_MODE_GATHER: cudnnMoeGroupedMatmulMode_t = cudnnMoeGroupedMatmulMode_t(
        1,
    );
    pub const CUDNN_MOE_GROUPED_MATMUL_MODE_SCATTER: cudnnMoeGroupedMatmulMode_t = cudnnMoeGroupedMatmulMode_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnMultiHeadAttnWeightKind_t(pub ::core::ffi::c_uint);
impl cudnnMultiHeadAttnWeightKind_t {
    pub const CUDNN_MH_ATTN_Q_WEIGHTS: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        0,
    );
    pub const CUDNN_MH_ATTN_K_WEIGHTS: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        1,
    );
    pub const CUDNN_MH_ATTN_V_WEIGHTS: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        2,
    );
    pub const CUDNN_MH_ATTN_O_WEIGHTS: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        3,
    );
    pub const CUDNN_MH_ATTN_Q_BIASES: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        4,
    );
    pub const CUDNN_MH_ATTN_K_BIASES: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        5,
    );
    pub const CUDNN_MH_ATTN_V_BIASES: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        6,
    );
    pub const CUDNN_MH_ATTN_O_BIASES: cudnnMultiHeadAttnWeightKind_t = cudnnMultiHeadAttnWeightKind_t(
        7,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnNanPropagation_t(pub ::core::ffi::c_uint);
impl cudnnNanPropagation_t {
    pub const CUDNN_NOT_PROPAGATE_NAN: cudnnNanPropagation_t = cudnnNanPropagation_t(0);
    pub const CUDNN_PROPAGATE_NAN: cudnnNanPropagation_t = cudnnNanPropagation_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnNormAlgo_t(pub ::core::ffi::c_uint);
impl cudnnNormAlgo_t {
    pub const CUDNN_NORM_ALGO_STANDARD: cudnnNormAlgo_t = cudnnNormAlgo_t(0);
    pub const CUDNN_NORM_ALGO_PERSIST: cudnnNormAlgo_t = cudnnNormAlgo_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnNormMode_t(pub ::core::ffi::c_uint);
impl cudnnNormMode_t {
    pub const CUDNN_NORM_PER_ACTIVATION: cudnnNormMode_t = cudnnNormMode_t(0);
    pub const CUDNN_NORM_PER_CHANNEL: cudnnNormMode_t = cudnnNormMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnNormOps_t(pub ::core::ffi::c_uint);
impl cudnnNormOps_t {
    pub const CUDNN_NORM_OPS_NORM: cudnnNormOps_t = cudnnNormOps_t(0);
    pub const CUDNN_NORM_OPS_NORM_ACTIVATION: cudnnNormOps_t = cudnnNormOps_t(1);
    pub const CUDNN_NORM_OPS_NORM_ADD_ACTIVATION: cudnnNormOps_t = cudnnNormOps_t(2);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnOpTensorOp_t(pub ::core::ffi::c_uint);
impl cudnnOpTensorOp_t {
    pub const CUDNN_OP_TENSOR_ADD: cudnnOpTensorOp_t = cudnnOpTensorOp_t(0);
    pub const CUDNN_OP_TENSOR_MUL: cudnnOpTensorOp_t = cudnnOpTensorOp_t(1);
    pub const CUDNN_OP_TENSOR_MIN: cudnnOpTensorOp_t = cudnnOpTensorOp_t(2);
    pub const CUDNN_OP_TENSOR_MAX: cudnnOpTensorOp_t = cudnnOpTensorOp_t(3);
    pub const CUDNN_OP_TENSOR_SQRT: cudnnOpTensorOp_t = cudnnOpTensorOp_t(4);
    pub const CUDNN_OP_TENSOR_NOT: cudnnOpTensorOp_t = cudnnOpTensorOp_t(5);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnPaddingMode_t(pub ::core::ffi::c_uint);
impl cudnnPaddingMode_t {
    pub const CUDNN_ZERO_PAD: cudnnPaddingMode_t = cudnnPaddingMode_t(0);
    pub const CUDNN_NEG_INF_PAD: cudnnPaddingMode_t = cudnnPaddingMode_t(1);
    pub const CUDNN_EDGE_VAL_PAD: cudnnPaddingMode_t = cudnnPaddingMode_t(2);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnPointwiseMode_t(pub ::core::ffi::c_uint);
impl cudnnPointwiseMode_t {
    pub const CUDNN_POINTWISE_ADD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(0);
    pub const CUDNN_POINTWISE_ADD_SQUARE: cudnnPointwiseMode_t = cudnnPointwiseMode_t(5);
    pub const CUDNN_POINTWISE_DIV: cudnnPointwiseMode_t = cudnnPointwiseMode_t(6);
    pub const CUDNN_POINTWISE_MAX: cudnnPointwiseMode_t = cudnnPointwiseMode_t(3);
    pub const CUDNN_POINTWISE_MIN: cudnnPointwiseMode_t = cudnnPointwiseMode_t(2);
    pub const CUDNN_POINTWISE_MOD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(7);
    pub const CUDNN_POINTWISE_MUL: cudnnPointwiseMode_t = cudnnPointwiseMode_t(1);
    pub const CUDNN_POINTWISE_POW: cudnnPointwiseMode_t = cudnnPointwiseMode_t(8);
    pub const CUDNN_POINTWISE_SUB: cudnnPointwiseMode_t = cudnnPointwiseMode_t(9);
    pub const CUDNN_POINTWISE_ABS: cudnnPointwiseMode_t = cudnnPointwiseMode_t(10);
    pub const CUDNN_POINTWISE_CEIL: cudnnPointwiseMode_t = cudnnPointwiseMode_t(11);
    pub const CUDNN_POINTWISE_COS: cudnnPointwiseMode_t = cudnnPointwiseMode_t(12);
    pub const CUDNN_POINTWISE_EXP: cudnnPointwiseMode_t = cudnnPointwiseMode_t(13);
    pub const CUDNN_POINTWISE_FLOOR: cudnnPointwiseMode_t = cudnnPointwiseMode_t(14);
    pub const CUDNN_POINTWISE_LOG: cudnnPointwiseMode_t = cudnnPointwiseMode_t(15);
    pub const CUDNN_POINTWISE_NEG: cudnnPointwiseMode_t = cudnnPointwiseMode_t(16);
    pub const CUDNN_POINTWISE_RSQRT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(17);
    pub const CUDNN_POINTWISE_SIN: cudnnPointwiseMode_t = cudnnPointwiseMode_t(18);
    pub const CUDNN_POINTWISE_SQRT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(4);
    pub const CUDNN_POINTWISE_TAN: cudnnPointwiseMode_t = cudnnPointwiseMode_t(19);
    pub const CUDNN_POINTWISE_ERF: cudnnPointwiseMode_t = cudnnPointwiseMode_t(20);
    pub const CUDNN_POINTWISE_IDENTITY: cudnnPointwiseMode_t = cudnnPointwiseMode_t(21);
    pub const CUDNN_POINTWISE_RECIPROCAL: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        22,
    );
    pub const CUDNN_POINTWISE_ATAN2: cudnnPointwiseMode_t = cudnnPointwiseMode_t(23);
    pub const CUDNN_POINTWISE_FLOOR_MOD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(24);
    pub const CUDNN_POINTWISE_RELU_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(100);
    pub const CUDNN_POINTWISE_TANH_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(101);
    pub const CUDNN_POINTWISE_SIGMOID_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        102,
    );
    pub const CUDNN_POINTWISE_ELU_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(103);
    pub const CUDNN_POINTWISE_GELU_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(104);
    pub const CUDNN_POINTWISE_SOFTPLUS_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        105,
    );
    pub const CUDNN_POINTWISE_SWISH_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        106,
    );
    pub const CUDNN_POINTWISE_GELU_APPROX_TANH_FWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        107,
    );
    pub const CUDNN_POINTWISE_RELU_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(200);
    pub const CUDNN_POINTWISE_TANH_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(201);
    pub const CUDNN_POINTWISE_SIGMOID_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        202,
    );
    pub const CUDNN_POINTWISE_ELU_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(203);
    pub const CUDNN_POINTWISE_GELU_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(204);
    pub const CUDNN_POINTWISE_SOFTPLUS_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        205,
    );
    pub const CUDNN_POINTWISE_SWISH_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        206,
    );
    pub const CUDNN_POINTWISE_GELU_APPROX_TANH_BWD: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        207,
    );
    pub const CUDNN_POINTWISE_CMP_EQ: cudnnPointwiseMode_t = cudnnPointwiseMode_t(300);
    pub const CUDNN_POINTWISE_CMP_NEQ: cudnnPointwiseMode_t = cudnnPointwiseMode_t(301);
    pub const CUDNN_POINTWISE_CMP_GT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(302);
    pub const CUDNN_POINTWISE_CMP_GE: cudnnPointwiseMode_t = cudnnPointwiseMode_t(303);
    pub const CUDNN_POINTWISE_CMP_LT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(304);
    pub const CUDNN_POINTWISE_CMP_LE: cudnnPointwiseMode_t = cudnnPointwiseMode_t(305);
    pub const CUDNN_POINTWISE_LOGICAL_AND: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        400,
    );
    pub const CUDNN_POINTWISE_LOGICAL_OR: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        401,
    );
    pub const CUDNN_POINTWISE_LOGICAL_NOT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        402,
    );
    pub const CUDNN_POINTWISE_GEN_INDEX: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        501,
    );
    pub const CUDNN_POINTWISE_BINARY_SELECT: cudnnPointwiseMode_t = cudnnPointwiseMode_t(
        601,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnPoolingMode_t(pub ::core::ffi::c_uint);
impl cudnnPoolingMode_t {
    pub const CUDNN_POOLING_MAX: cudnnPoolingMode_t = cudnnPoolingMode_t(0);
    pub const CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING: cudnnPoolingMode_t = cudnnPoolingMode_t(
        1,
    );
    pub const CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING: cudnnPoolingMode_t = cudnnPoolingMode_t(
        2,
    );
    pub const CUDNN_POOLING_MAX_DETERMINISTIC: cudnnPoolingMode_t = cudnnPoolingMode_t(
        3,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNAlgo_t(pub ::core::ffi::c_uint);
impl cudnnRNNAlgo_t {
    pub const CUDNN_RNN_ALGO_STANDARD: cudnnRNNAlgo_t = cudnnRNNAlgo_t(0);
    pub const CUDNN_RNN_ALGO_PERSIST_STATIC: cudnnRNNAlgo_t = cudnnRNNAlgo_t(1);
    pub const CUDNN_RNN_ALGO_PERSIST_DYNAMIC: cudnnRNNAlgo_t = cudnnRNNAlgo_t(2);
    pub const CUDNN_RNN_ALGO_PERSIST_STATIC_SMALL_H: cudnnRNNAlgo_t = cudnnRNNAlgo_t(3);
    pub const CUDNN_RNN_ALGO_COUNT: cudnnRNNAlgo_t = cudnnRNNAlgo_t(4);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNBiasMode_t(pub ::core::ffi::c_uint);
impl cudnnRNNBiasMode_t {
    pub const CUDNN_RNN_NO_BIAS: cudnnRNNBiasMode_t = cudnnRNNBiasMode_t(0);
    pub const CUDNN_RNN_SINGLE_INP_BIAS: cudnnRNNBiasMode_t = cudnnRNNBiasMode_t(1);
    pub const CUDNN_RNN_DOUBLE_BIAS: cudnnRNNBiasMode_t = cudnnRNNBiasMode_t(2);
    pub const CUDNN_RNN_SINGLE_REC_BIAS: cudnnRNNBiasMode_t = cudnnRNNBiasMode_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNClipMode_t(pub ::core::ffi::c_uint);
impl cudnnRNNClipMode_t {
    pub const CUDNN_RNN_CLIP_NONE: cudnnRNNClipMode_t = cudnnRNNClipMode_t(0);
    pub const CUDNN_RNN_CLIP_MINMAX: cudnnRNNClipMode_t = cudnnRNNClipMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNDataLayout_t(pub ::core::ffi::c_uint);
impl cudnnRNNDataLayout_t {
    pub const CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED: cudnnRNNDataLayout_t = cudnnRNNDataLayout_t(
        0,
    );
    pub const CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED: cudnnRNNDataLayout_t = cudnnRNNDataLayout_t(
        1,
    );
    pub const CUDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED: cudnnRNNDataLayout_t = cudnnRNNDataLayout_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNInputMode_t(pub ::core::ffi::c_uint);
impl cudnnRNNInputMode_t {
    pub const CUDNN_LINEAR_INPUT: cudnnRNNInputMode_t = cudnnRNNInputMode_t(0);
    pub const CUDNN_SKIP_INPUT: cudnnRNNInputMode_t = cudnnRNNInputMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRNNMode_t(pub ::core::ffi::c_uint);
impl cudnnRNNMode_t {
    pub const CUDNN_RNN_RELU: cudnnRNNMode_t = cudnnRNNMode_t(0);
    pub const CUDNN_RNN_TANH: cudnnRNNMode_t = cudnnRNNMode_t(1);
    pub const CUDNN_LSTM: cudnnRNNMode_t = cudnnRNNMode_t(2);
    pub const CUDNN_GRU: cudnnRNNMode_t = cudnnRNNMode_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnReduceTensorIndices_t(pub ::core::ffi::c_uint);
impl cudnnReduceTensorIndices_t {
    pub const CUDNN_REDUCE_TENSOR_NO_INDICES: cudnnReduceTensorIndices_t = cudnnReduceTensorIndices_t(
        0,
    );
    pub const CUDNN_REDUCE_TENSOR_FLATTENED_INDICES: cudnnReduceTensorIndices_t = cudnnReduceTensorIndices_t(
        1,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnReduceTensorOp_t(pub ::core::ffi::c_uint);
impl cudnnReduceTensorOp_t {
    pub const CUDNN_REDUCE_TENSOR_ADD: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(0);
    pub const CUDNN_REDUCE_TENSOR_MUL: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(1);
    pub const CUDNN_REDUCE_TENSOR_MIN: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(2);
    pub const CUDNN_REDUCE_TENSOR_MAX: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(3);
    pub const CUDNN_REDUCE_TENSOR_AMAX: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(4);
    pub const CUDNN_REDUCE_TENSOR_AVG: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(5);
    pub const CUDNN_REDUCE_TENSOR_NORM1: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(
        6,
    );
    pub const CUDNN_REDUCE_TENSOR_NORM2: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(
        7,
    );
    pub const CUDNN_REDUCE_TENSOR_MUL_NO_ZEROS: cudnnReduceTensorOp_t = cudnnReduceTensorOp_t(
        8,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnReorderType_t(pub ::core::ffi::c_uint);
impl cudnnReorderType_t {
    pub const CUDNN_DEFAULT_REORDER: cudnnReorderType_t = cudnnReorderType_t(0);
    pub const CUDNN_NO_REORDER: cudnnReorderType_t = cudnnReorderType_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnResampleMode_t(pub ::core::ffi::c_uint);
impl cudnnResampleMode_t {
    pub const CUDNN_RESAMPLE_NEAREST: cudnnResampleMode_t = cudnnResampleMode_t(0);
    pub const CUDNN_RESAMPLE_BILINEAR: cudnnResampleMode_t = cudnnResampleMode_t(1);
    pub const CUDNN_RESAMPLE_AVGPOOL: cudnnResampleMode_t = cudnnResampleMode_t(2);
    pub const CUDNN_RESAMPLE_AVGPOOL_INCLUDE_PADDING: cudnnResampleMode_t = cudnnResampleMode_t(
        2,
    );
    pub const CUDNN_RESAMPLE_AVGPOOL_EXCLUDE_PADDING: cudnnResampleMode_t = cudnnResampleMode_t(
        4,
    );
    pub const CUDNN_RESAMPLE_MAXPOOL: cudnnResampleMode_t = cudnnResampleMode_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnRngDistribution_t(pub ::core::ffi::c_uint);
impl cudnnRngDistribution_t {
    pub const CUDNN_RNG_DISTRIBUTION_BERNOULLI: cudnnRngDistribution_t = cudnnRngDistribution_t(
        0,
    );
    pub const CUDNN_RNG_DISTRIBUTION_UNIFORM: cudnnRngDistribution_t = cudnnRngDistribution_t(
        1,
    );
    pub const CUDNN_RNG_DISTRIBUTION_NORMAL: cudnnRngDistribution_t = cudnnRngDistribution_t(
        2,
    );
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSamplerType_t(pub ::core::ffi::c_uint);
impl cudnnSamplerType_t {
    pub const CUDNN_SAMPLER_BILINEAR: cudnnSamplerType_t = cudnnSamplerType_t(0);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSeqDataAxis_t(pub ::core::ffi::c_uint);
impl cudnnSeqDataAxis_t {
    pub const CUDNN_SEQDATA_TIME_DIM: cudnnSeqDataAxis_t = cudnnSeqDataAxis_t(0);
    pub const CUDNN_SEQDATA_BATCH_DIM: cudnnSeqDataAxis_t = cudnnSeqDataAxis_t(1);
    pub const CUDNN_SEQDATA_BEAM_DIM: cudnnSeqDataAxis_t = cudnnSeqDataAxis_t(2);
    pub const CUDNN_SEQDATA_VECT_DIM: cudnnSeqDataAxis_t = cudnnSeqDataAxis_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSeverity_t(pub ::core::ffi::c_uint);
impl cudnnSeverity_t {
    pub const CUDNN_SEV_FATAL: cudnnSeverity_t = cudnnSeverity_t(0);
    pub const CUDNN_SEV_ERROR: cudnnSeverity_t = cudnnSeverity_t(1);
    pub const CUDNN_SEV_WARNING: cudnnSeverity_t = cudnnSeverity_t(2);
    pub const CUDNN_SEV_INFO: cudnnSeverity_t = cudnnSeverity_t(3);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSignalMode_t(pub ::core::ffi::c_uint);
impl cudnnSignalMode_t {
    pub const CUDNN_SIGNAL_SET: cudnnSignalMode_t = cudnnSignalMode_t(0);
    pub const CUDNN_SIGNAL_WAIT: cudnnSignalMode_t = cudnnSignalMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSoftmaxAlgorithm_t(pub ::core::ffi::c_uint);
impl cudnnSoftmaxAlgorithm_t {
    pub const CUDNN_SOFTMAX_FAST: cudnnSoftmaxAlgorithm_t = cudnnSoftmaxAlgorithm_t(0);
    pub const CUDNN_SOFTMAX_ACCURATE: cudnnSoftmaxAlgorithm_t = cudnnSoftmaxAlgorithm_t(
        1,
    );
    pub const CUDNN_SOFTMAX_LOG: cudnnSoftmaxAlgorithm_t = cudnnSoftmaxAlgorithm_t(2);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnSoftmaxMode_t(pub ::core::ffi::c_uint);
impl cudnnSoftmaxMode_t {
    pub const CUDNN_SOFTMAX_MODE_INSTANCE: cudnnSoftmaxMode_t = cudnnSoftmaxMode_t(0);
    pub const CUDNN_SOFTMAX_MODE_CHANNEL: cudnnSoftmaxMode_t = cudnnSoftmaxMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnStatus_t(pub ::core::ffi::c_uint);
impl cudnnStatus_t {
    pub const CUDNN_STATUS_SUCCESS: cudnnStatus_t = cudnnStatus_t(0);
    pub const CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(
        1002,
    );
    pub const CUDNN_STATUS_SERIALIZATION_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(
        1003,
    );
    pub const CUDNN_STATUS_DEPRECATED: cudnnStatus_t = cudnnStatus_t(1004);
    pub const CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED: cudnnStatus_t = cudnnStatus_t(
        1008,
    );
    pub const CUDNN_STATUS_BAD_PARAM_NULL_POINTER: cudnnStatus_t = cudnnStatus_t(2002);
    pub const CUDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER: cudnnStatus_t = cudnnStatus_t(
        2003,
    );
    pub const CUDNN_STATUS_BAD_PARAM_NOT_FINALIZED: cudnnStatus_t = cudnnStatus_t(2004);
    pub const CUDNN_STATUS_BAD_PARAM_OUT_OF_BOUND: cudnnStatus_t = cudnnStatus_t(2005);
    pub const CUDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT: cudnnStatus_t = cudnnStatus_t(
        2006,
    );
    pub const CUDNN_STATUS_BAD_PARAM_STREAM_MISMATCH: cudnnStatus_t = cudnnStatus_t(
        2007,
    );
    pub const CUDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH: cudnnStatus_t = cudnnStatus_t(2008);
    pub const CUDNN_STATUS_BAD_PARAM_DUPLICATED_ENTRIES: cudnnStatus_t = cudnnStatus_t(
        2009,
    );
    pub const CUDNN_STATUS_BAD_PARAM_ATTRIBUTE_TYPE: cudnnStatus_t = cudnnStatus_t(2010);
    pub const CUDNN_STATUS_BAD_PARAM_CUDA_GRAPH_MISMATCH: cudnnStatus_t = cudnnStatus_t(
        2011,
    );
    pub const CUDNN_STATUS_BAD_PARAM_DESCRIPTOR_TYPE: cudnnStatus_t = cudnnStatus_t(
        2012,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_GRAPH_PATTERN: cudnnStatus_t = cudnnStatus_t(
        3001,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_SHAPE: cudnnStatus_t = cudnnStatus_t(3002);
    pub const CUDNN_STATUS_NOT_SUPPORTED_DATA_TYPE: cudnnStatus_t = cudnnStatus_t(3003);
    pub const CUDNN_STATUS_NOT_SUPPORTED_LAYOUT: cudnnStatus_t = cudnnStatus_t(3004);
    pub const CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER: cudnnStatus_t = cudnnStatus_t(
        3005,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDART: cudnnStatus_t = cudnnStatus_t(
        3006,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH: cudnnStatus_t = cudnnStatus_t(
        3007,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_RUNTIME_PREREQUISITE_MISSING: cudnnStatus_t = cudnnStatus_t(
        3008,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_SUBLIBRARY_UNAVAILABLE: cudnnStatus_t = cudnnStatus_t(
        3009,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_SHARED_MEMORY_INSUFFICIENT: cudnnStatus_t = cudnnStatus_t(
        3010,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_PADDING: cudnnStatus_t = cudnnStatus_t(3011);
    pub const CUDNN_STATUS_NOT_SUPPORTED_BAD_LAUNCH_PARAM: cudnnStatus_t = cudnnStatus_t(
        3012,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_CUDA_GRAPH_NATIVE_API: cudnnStatus_t = cudnnStatus_t(
        3013,
    );
    pub const CUDNN_STATUS_NOT_SUPPORTED_INVALID_DYNAMIC_SHAPE: cudnnStatus_t = cudnnStatus_t(
        3014,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_COMPILATION_FAILED: cudnnStatus_t = cudnnStatus_t(
        4001,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_UNEXPECTED_VALUE: cudnnStatus_t = cudnnStatus_t(
        4002,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED: cudnnStatus_t = cudnnStatus_t(
        4003,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED: cudnnStatus_t = cudnnStatus_t(
        4004,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_BAD_LAUNCH_PARAM: cudnnStatus_t = cudnnStatus_t(
        4005,
    );
    pub const CUDNN_STATUS_INTERNAL_ERROR_TEXTURE_CREATION_FAILED: cudnnStatus_t = cudnnStatus_t(
        4006,
    );
    pub const CUDNN_STATUS_EXECUTION_FAILED_CUDA_DRIVER: cudnnStatus_t = cudnnStatus_t(
        5001,
    );
    pub const CUDNN_STATUS_EXECUTION_FAILED_CUBLAS: cudnnStatus_t = cudnnStatus_t(5002);
    pub const CUDNN_STATUS_EXECUTION_FAILED_CUDART: cudnnStatus_t = cudnnStatus_t(5003);
    pub const CUDNN_STATUS_EXECUTION_FAILED_CURAND: cudnnStatus_t = cudnnStatus_t(5004);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnTensorFormat_t(pub ::core::ffi::c_uint);
impl cudnnTensorFormat_t {
    pub const CUDNN_TENSOR_NCHW: cudnnTensorFormat_t = cudnnTensorFormat_t(0);
    pub const CUDNN_TENSOR_NHWC: cudnnTensorFormat_t = cudnnTensorFormat_t(1);
    pub const CUDNN_TENSOR_NCHW_VECT_C: cudnnTensorFormat_t = cudnnTensorFormat_t(2);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct cudnnWgradMode_t(pub ::core::ffi::c_uint);
impl cudnnWgradMode_t {
    pub const CUDNN_WGRAD_MODE_ADD: cudnnWgradMode_t = cudnnWgradMode_t(0);
    pub const CUDNN_WGRAD_MODE_SET: cudnnWgradMode_t = cudnnWgradMode_t(1);
}
#[repr(transparent)]
#[derive(Copy, Clone, Hash, PartialEq, Eq)]
pub struct libraryPropertyType_t(pub ::core::ffi::c_uint);
impl libraryPropertyType_t {
    pub const MAJOR_VERSION: libraryPropertyType_t = libraryPropertyType_t(0);
    pub const MINOR_VERSION: libraryPropertyType_t = libraryPropertyType_t(1);
    pub const PATCH_LEVEL: libraryPropertyType_t = libraryPropertyType_t(2);
}
pub const CUDNN_GRAPH_MAJOR: u32 = 9;
pub const CUDNN_GRAPH_MINOR: u32 = 28;
pub const CUDNN_GRAPH_PATCH: u32 = 0;
pub const CUDNN_DIM_MAX: u32 = 8;
pub const CUDNN_OPS_MAJOR: u32 = 9;
pub const CUDNN_OPS_MINOR: u32 = 28;
pub const CUDNN_OPS_PATCH: u32 = 0;
pub const CUDNN_LRN_MIN_N: u32 = 1;
pub const CUDNN_LRN_MAX_N: u32 = 16;
pub const CUDNN_LRN_MIN_K: f64 = 0.00001;
pub const CUDNN_LRN_MIN_BETA: f64 = 0.01;
pub const CUDNN_BN_MIN_EPSILON: f64 = 0.0;
pub const CUDNN_ADV_MAJOR: u32 = 9;
pub const CUDNN_ADV_MINOR: u32 = 28;
pub const CUDNN_ADV_PATCH: u32 = 0;
pub const CUDNN_RNN_PADDED_IO_DISABLED: u32 = 0;
pub const CUDNN_RNN_PADDED_IO_ENABLED: u32 = 1;
pub const CUDNN_SEQDATA_DIM_COUNT: u32 = 4;
pub const CUDNN_ATTN_QUERYMAP_ALL_TO_ONE: u32 = 0;
pub const CUDNN_ATTN_QUERYMAP_ONE_TO_ONE: u32 = 1;
pub const CUDNN_ATTN_DISABLE_PROJ_BIASES: u32 = 0;
pub const CUDNN_ATTN_ENABLE_PROJ_BIASES: u32 = 2;
pub const CUDNN_ATTN_WKIND_COUNT: u32 = 8;
pub const CUDNN_CNN_MAJOR: u32 = 9;
pub const CUDNN_CNN_MINOR: u32 = 28;
pub const CUDNN_CNN_PATCH: u32 = 0;
pub const CUDNN_SM_50: u32 = 500;
pub const CUDNN_SM_52: u32 = 520;
pub const CUDNN_SM_53: u32 = 530;
pub const CUDNN_SM_60: u32 = 600;
pub const CUDNN_SM_61: u32 = 610;
pub const CUDNN_SM_62: u32 = 620;
pub const CUDNN_SM_70: u32 = 700;
pub const CUDNN_SM_72: u32 = 720;
pub const CUDNN_SM_75: u32 = 750;
pub const CUDNN_SM_80: u32 = 800;
pub const CUDNN_SM_86: u32 = 860;
pub const CUDNN_SM_87: u32 = 870;
pub const CUDNN_SM_89: u32 = 890;
pub const CUDNN_SM_90: u32 = 900;
pub const CUDNN_SM_9X_END: u32 = 999;
pub const CUDNN_MIN_DEVICE_VERSION: u32 = 500;
pub const CUDNN_OPS_INFER_MAJOR: u32 = 8;
pub const CUDNN_OPS_INFER_MINOR: u32 = 9;
pub const CUDNN_OPS_INFER_PATCH: u32 = 5;
pub const CUDNN_OPS_TRAIN_MAJOR: u32 = 8;
pub const CUDNN_OPS_TRAIN_MINOR: u32 = 9;
pub const CUDNN_OPS_TRAIN_PATCH: u32 = 5;
pub const CUDNN_ADV_INFER_MAJOR: u32 = 8;
pub const CUDNN_ADV_INFER_MINOR: u32 = 9;
pub const CUDNN_ADV_INFER_PATCH: u32 = 5;
pub const CUDNN_ADV_TRAIN_MAJOR: u32 = 8;
pub const CUDNN_ADV_TRAIN_MINOR: u32 = 9;
pub const CUDNN_ADV_TRAIN_PATCH: u32 = 5;
pub const CUDNN_CNN_INFER_MAJOR: u32 = 8;
pub const CUDNN_CNN_INFER_MINOR: u32 = 9;
pub const CUDNN_CNN_INFER_PATCH: u32 = 5;
pub const CUDNN_CNN_TRAIN_MAJOR: u32 = 8;
pub const CUDNN_CNN_TRAIN_MINOR: u32 = 9;
pub const CUDNN_CNN_TRAIN_PATCH: u32 = 5;
/**Constants whose value differs between cuDNN majors, as cuDNN 8 numbers them.

Compare a value the loaded library hands back with the module of its major.*/
pub mod v8 {
    ///The constants of [`cudnnBackendBehaviorNote_t`](super::super::cudnnBackendBehaviorNote_t) as cuDNN 8 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendBehaviorNote_t {
        use super::super::cudnnBackendBehaviorNote_t;
        pub const CUDNN_BEHAVIOR_NOTE_RUNTIME_COMPILATION: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            0,
        );
        pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_FILTER_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            1,
        );
        pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_BIAS_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            2,
        );
        pub const CUDNN_BEHAVIOR_NOTE_TYPE_COUNT: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            3,
        );
    }
    ///The constants of [`cudnnBackendKnobType_t`](super::super::cudnnBackendKnobType_t) as cuDNN 8 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendKnobType_t {
        use super::super::cudnnBackendKnobType_t;
        pub const CUDNN_KNOB_TYPE_SPLIT_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            0,
        );
        pub const CUDNN_KNOB_TYPE_SWIZZLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            1,
        );
        pub const CUDNN_KNOB_TYPE_TILE_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            2,
        );
        pub const CUDNN_KNOB_TYPE_USE_TEX: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            3,
        );
        pub const CUDNN_KNOB_TYPE_EDGE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            4,
        );
        pub const CUDNN_KNOB_TYPE_KBLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            5,
        );
        pub const CUDNN_KNOB_TYPE_LDGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            6,
        );
        pub const CUDNN_KNOB_TYPE_LDGB: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            7,
        );
        pub const CUDNN_KNOB_TYPE_CHUNK_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            8,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_H: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            9,
        );
        pub const CUDNN_KNOB_TYPE_WINO_TILE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            10,
        );
        pub const CUDNN_KNOB_TYPE_MULTIPLY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            11,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_K_BUF: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            12,
        );
        pub const CUDNN_KNOB_TYPE_TILEK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            13,
        );
        pub const CUDNN_KNOB_TYPE_STAGES: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            14,
        );
        pub const CUDNN_KNOB_TYPE_REDUCTION_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            15,
        );
        pub const CUDNN_KNOB_TYPE_CTA_SPLIT_K_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            16,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_K_SLC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            17,
        );
        pub const CUDNN_KNOB_TYPE_IDX_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            18,
        );
        pub const CUDNN_KNOB_TYPE_SLICED: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            19,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_RS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            20,
        );
        pub const CUDNN_KNOB_TYPE_SINGLEBUFFER: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            21,
        );
        pub const CUDNN_KNOB_TYPE_LDGC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            22,
        );
        pub const CUDNN_KNOB_TYPE_SPECFILT: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            23,
        );
        pub const CUDNN_KNOB_TYPE_KERNEL_CFG: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            24,
        );
        pub const CUDNN_KNOB_TYPE_WORKSPACE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            25,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            26,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA_M: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            27,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA_N: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            28,
        );
        pub const CUDNN_KNOB_TYPE_BLOCK_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            29,
        );
        pub const CUDNN_KNOB_TYPE_OCCUPANCY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            30,
        );
        pub const CUDNN_KNOB_TYPE_ARRAY_SIZE_PER_THREAD: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            31,
        );
        pub const CUDNN_KNOB_TYPE_NUM_C_PER_BLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            32,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            33,
        );
        pub const CUDNN_KNOB_TYPE_TILE_ROWS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            34,
        );
        pub const CUDNN_KNOB_TYPE_TILE_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            35,
        );
        pub const CUDNN_KNOB_TYPE_LOAD_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            36,
        );
        pub const CUDNN_KNOB_TYPE_COUNTS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            37,
        );
    }
    ///The constants of [`cudnnBackendNumericalNote_t`](super::super::cudnnBackendNumericalNote_t) as cuDNN 8 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendNumericalNote_t {
        use super::super::cudnnBackendNumericalNote_t;
        pub const CUDNN_NUMERICAL_NOTE_TENSOR_CORE: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            0,
        );
        pub const CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            1,
        );
        pub const CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            2,
        );
        pub const CUDNN_NUMERICAL_NOTE_FFT: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            3,
        );
        pub const CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            4,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            5,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_4x4: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            6,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_6x6: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            7,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_13x13: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            8,
        );
        pub const CUDNN_NUMERICAL_NOTE_TYPE_COUNT: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            9,
        );
    }
    ///The constants of [`cudnnStatus_t`](super::super::cudnnStatus_t) as cuDNN 8 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnStatus_t {
        use super::super::cudnnStatus_t;
        pub const CUDNN_STATUS_SUCCESS: cudnnStatus_t = cudnnStatus_t(0);
        pub const CUDNN_STATUS_NOT_INITIALIZED: cudnnStatus_t = cudnnStatus_t(1);
        pub const CUDNN_STATUS_ALLOC_FAILED: cudnnStatus_t = cudnnStatus_t(2);
        pub const CUDNN_STATUS_BAD_PARAM: cudnnStatus_t = cudnnStatus_t(3);
        pub const CUDNN_STATUS_INTERNAL_ERROR: cudnnStatus_t = cudnnStatus_t(4);
        pub const CUDNN_STATUS_INVALID_VALUE: cudnnStatus_t = cudnnStatus_t(5);
        pub const CUDNN_STATUS_ARCH_MISMATCH: cudnnStatus_t = cudnnStatus_t(6);
        pub const CUDNN_STATUS_MAPPING_ERROR: cudnnStatus_t = cudnnStatus_t(7);
        pub const CUDNN_STATUS_EXECUTION_FAILED: cudnnStatus_t = cudnnStatus_t(8);
        pub const CUDNN_STATUS_NOT_SUPPORTED: cudnnStatus_t = cudnnStatus_t(9);
        pub const CUDNN_STATUS_LICENSE_ERROR: cudnnStatus_t = cudnnStatus_t(10);
        pub const CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING: cudnnStatus_t = cudnnStatus_t(
            11,
        );
        pub const CUDNN_STATUS_RUNTIME_IN_PROGRESS: cudnnStatus_t = cudnnStatus_t(12);
        pub const CUDNN_STATUS_RUNTIME_FP_OVERFLOW: cudnnStatus_t = cudnnStatus_t(13);
        pub const CUDNN_STATUS_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(14);
    }
    pub const CUDNN_MAJOR: u32 = 8;
    pub const CUDNN_MINOR: u32 = 9;
    pub const CUDNN_PATCHLEVEL: u32 = 5;
    pub const CUDNN_VERSION: u32 = 8905;
    pub const CUDNN_MAX_SM_MAJOR_NUMBER: u32 = 9;
    pub const CUDNN_MAX_SM_MINOR_NUMBER: u32 = 0;
    pub const CUDNN_MAX_DEVICE_VERSION: u32 = 900;
}
/**Constants whose value differs between cuDNN majors, as cuDNN 9 numbers them.

Compare a value the loaded library hands back with the module of its major.*/
pub mod v9 {
    ///The constants of [`cudnnBackendBehaviorNote_t`](super::super::cudnnBackendBehaviorNote_t) as cuDNN 9 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendBehaviorNote_t {
        use super::super::cudnnBackendBehaviorNote_t;
        pub const CUDNN_BEHAVIOR_NOTE_RUNTIME_COMPILATION: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            0,
        );
        pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_FILTER_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            1,
        );
        pub const CUDNN_BEHAVIOR_NOTE_REQUIRES_BIAS_INT8x32_REORDER: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            2,
        );
        pub const CUDNN_BEHAVIOR_NOTE_SUPPORTS_CUDA_GRAPH_NATIVE_API: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            3,
        );
        pub const CUDNN_BEHAVIOR_NOTE_CUBLASLT_DEPENDENCY: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            4,
        );
        pub const CUDNN_BEHAVIOR_NOTE_TYPE_COUNT: cudnnBackendBehaviorNote_t = cudnnBackendBehaviorNote_t(
            5,
        );
    }
    ///The constants of [`cudnnBackendKnobType_t`](super::super::cudnnBackendKnobType_t) as cuDNN 9 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendKnobType_t {
        use super::super::cudnnBackendKnobType_t;
        pub const CUDNN_KNOB_TYPE_SPLIT_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            0,
        );
        pub const CUDNN_KNOB_TYPE_SWIZZLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            1,
        );
        pub const CUDNN_KNOB_TYPE_TILE_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            2,
        );
        pub const CUDNN_KNOB_TYPE_USE_TEX: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            3,
        );
        pub const CUDNN_KNOB_TYPE_EDGE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            4,
        );
        pub const CUDNN_KNOB_TYPE_KBLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            5,
        );
        pub const CUDNN_KNOB_TYPE_LDGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            6,
        );
        pub const CUDNN_KNOB_TYPE_LDGB: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            7,
        );
        pub const CUDNN_KNOB_TYPE_CHUNK_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            8,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_H: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            9,
        );
        pub const CUDNN_KNOB_TYPE_WINO_TILE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            10,
        );
        pub const CUDNN_KNOB_TYPE_MULTIPLY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            11,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_K_BUF: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            12,
        );
        pub const CUDNN_KNOB_TYPE_TILEK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            13,
        );
        pub const CUDNN_KNOB_TYPE_STAGES: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            14,
        );
        pub const CUDNN_KNOB_TYPE_REDUCTION_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            15,
        );
        pub const CUDNN_KNOB_TYPE_CTA_SPLIT_K_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            16,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_K_SLC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            17,
        );
        pub const CUDNN_KNOB_TYPE_IDX_MODE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            18,
        );
        pub const CUDNN_KNOB_TYPE_SLICED: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            19,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_RS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            20,
        );
        pub const CUDNN_KNOB_TYPE_SINGLEBUFFER: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            21,
        );
        pub const CUDNN_KNOB_TYPE_LDGC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            22,
        );
        pub const CUDNN_KNOB_TYPE_SPECFILT: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            23,
        );
        pub const CUDNN_KNOB_TYPE_KERNEL_CFG: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            24,
        );
        pub const CUDNN_KNOB_TYPE_WORKSPACE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            25,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            26,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA_M: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            27,
        );
        pub const CUDNN_KNOB_TYPE_TILE_CGA_N: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            28,
        );
        pub const CUDNN_KNOB_TYPE_BLOCK_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            29,
        );
        pub const CUDNN_KNOB_TYPE_OCCUPANCY: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            30,
        );
        pub const CUDNN_KNOB_TYPE_ARRAY_SIZE_PER_THREAD: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            31,
        );
        pub const CUDNN_KNOB_TYPE_NUM_C_PER_BLOCK: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            32,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            33,
        );
        pub const CUDNN_KNOB_TYPE_TILE_ROWS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            34,
        );
        pub const CUDNN_KNOB_TYPE_TILE_COLS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            35,
        );
        pub const CUDNN_KNOB_TYPE_LOAD_SIZE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            36,
        );
        pub const CUDNN_KNOB_TYPE_CTA_COUNT: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            37,
        );
        pub const CUDNN_KNOB_TYPE_STREAM_K: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            38,
        );
        pub const CUDNN_KNOB_TYPE_SPLIT_P_SLC: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            39,
        );
        pub const CUDNN_KNOB_TYPE_TILE_M: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            40,
        );
        pub const CUDNN_KNOB_TYPE_TILE_N: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            41,
        );
        pub const CUDNN_KNOB_TYPE_WARP_SPEC_CFG: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            42,
        );
        pub const CUDNN_KNOB_TYPE_SWAP_AB: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            43,
        );
        pub const CUDNN_KNOB_TYPE_INPUT_TMA_ENABLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            44,
        );
        pub const CUDNN_KNOB_TYPE_OUTPUT_TMA_ENABLE: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            45,
        );
        pub const CUDNN_KNOB_TYPE_COUNTS: cudnnBackendKnobType_t = cudnnBackendKnobType_t(
            46,
        );
    }
    ///The constants of [`cudnnBackendNumericalNote_t`](super::super::cudnnBackendNumericalNote_t) as cuDNN 9 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnBackendNumericalNote_t {
        use super::super::cudnnBackendNumericalNote_t;
        pub const CUDNN_NUMERICAL_NOTE_TENSOR_CORE: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            0,
        );
        pub const CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            1,
        );
        pub const CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            2,
        );
        pub const CUDNN_NUMERICAL_NOTE_FFT: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            3,
        );
        pub const CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            4,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            5,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_4x4: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            6,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_6x6: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            7,
        );
        pub const CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_13x13: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            8,
        );
        pub const CUDNN_NUMERICAL_NOTE_STRICT_NAN_PROP: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            9,
        );
        pub const CUDNN_NUMERICAL_NOTE_TYPE_COUNT: cudnnBackendNumericalNote_t = cudnnBackendNumericalNote_t(
            10,
        );
    }
    ///The constants of [`cudnnStatus_t`](super::super::cudnnStatus_t) as cuDNN 9 numbers them.
    #[allow(non_snake_case)]
    pub mod cudnnStatus_t {
        use super::super::cudnnStatus_t;
        pub const CUDNN_STATUS_SUCCESS: cudnnStatus_t = cudnnStatus_t(0);
        pub const CUDNN_STATUS_NOT_INITIALIZED: cudnnStatus_t = cudnnStatus_t(1001);
        pub const CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            1002,
        );
        pub const CUDNN_STATUS_SERIALIZATION_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            1003,
        );
        pub const CUDNN_STATUS_DEPRECATED: cudnnStatus_t = cudnnStatus_t(1004);
        pub const CUDNN_STATUS_LICENSE_ERROR: cudnnStatus_t = cudnnStatus_t(1005);
        pub const CUDNN_STATUS_RUNTIME_IN_PROGRESS: cudnnStatus_t = cudnnStatus_t(1006);
        pub const CUDNN_STATUS_RUNTIME_FP_OVERFLOW: cudnnStatus_t = cudnnStatus_t(1007);
        pub const CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED: cudnnStatus_t = cudnnStatus_t(
            1008,
        );
        pub const CUDNN_STATUS_BAD_PARAM: cudnnStatus_t = cudnnStatus_t(2000);
        pub const CUDNN_STATUS_BAD_PARAM_NULL_POINTER: cudnnStatus_t = cudnnStatus_t(
            2002,
        );
        pub const CUDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER: cudnnStatus_t = cudnnStatus_t(
            2003,
        );
        pub const CUDNN_STATUS_BAD_PARAM_NOT_FINALIZED: cudnnStatus_t = cudnnStatus_t(
            2004,
        );
        pub const CUDNN_STATUS_BAD_PARAM_OUT_OF_BOUND: cudnnStatus_t = cudnnStatus_t(
            2005,
        );
        pub const CUDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT: cudnnStatus_t = cudnnStatus_t(
            2006,
        );
        pub const CUDNN_STATUS_BAD_PARAM_STREAM_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            2007,
        );
        pub const CUDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            2008,
        );
        pub const CUDNN_STATUS_BAD_PARAM_DUPLICATED_ENTRIES: cudnnStatus_t = cudnnStatus_t(
            2009,
        );
        pub const CUDNN_STATUS_BAD_PARAM_ATTRIBUTE_TYPE: cudnnStatus_t = cudnnStatus_t(
            2010,
        );
        pub const CUDNN_STATUS_BAD_PARAM_CUDA_GRAPH_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            2011,
        );
        pub const CUDNN_STATUS_BAD_PARAM_DESCRIPTOR_TYPE: cudnnStatus_t = cudnnStatus_t(
            2012,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED: cudnnStatus_t = cudnnStatus_t(3000);
        pub const CUDNN_STATUS_NOT_SUPPORTED_GRAPH_PATTERN: cudnnStatus_t = cudnnStatus_t(
            3001,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_SHAPE: cudnnStatus_t = cudnnStatus_t(3002);
        pub const CUDNN_STATUS_NOT_SUPPORTED_DATA_TYPE: cudnnStatus_t = cudnnStatus_t(
            3003,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_LAYOUT: cudnnStatus_t = cudnnStatus_t(3004);
        pub const CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER: cudnnStatus_t = cudnnStatus_t(
            3005,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDART: cudnnStatus_t = cudnnStatus_t(
            3006,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH: cudnnStatus_t = cudnnStatus_t(
            3007,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_RUNTIME_PREREQUISITE_MISSING: cudnnStatus_t = cudnnStatus_t(
            3008,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_SUBLIBRARY_UNAVAILABLE: cudnnStatus_t = cudnnStatus_t(
            3009,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_SHARED_MEMORY_INSUFFICIENT: cudnnStatus_t = cudnnStatus_t(
            3010,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_PADDING: cudnnStatus_t = cudnnStatus_t(
            3011,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_BAD_LAUNCH_PARAM: cudnnStatus_t = cudnnStatus_t(
            3012,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_CUDA_GRAPH_NATIVE_API: cudnnStatus_t = cudnnStatus_t(
            3013,
        );
        pub const CUDNN_STATUS_NOT_SUPPORTED_INVALID_DYNAMIC_SHAPE: cudnnStatus_t = cudnnStatus_t(
            3014,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR: cudnnStatus_t = cudnnStatus_t(4000);
        pub const CUDNN_STATUS_INTERNAL_ERROR_COMPILATION_FAILED: cudnnStatus_t = cudnnStatus_t(
            4001,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR_UNEXPECTED_VALUE: cudnnStatus_t = cudnnStatus_t(
            4002,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED: cudnnStatus_t = cudnnStatus_t(
            4003,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED: cudnnStatus_t = cudnnStatus_t(
            4004,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR_BAD_LAUNCH_PARAM: cudnnStatus_t = cudnnStatus_t(
            4005,
        );
        pub const CUDNN_STATUS_INTERNAL_ERROR_TEXTURE_CREATION_FAILED: cudnnStatus_t = cudnnStatus_t(
            4006,
        );
        pub const CUDNN_STATUS_EXECUTION_FAILED: cudnnStatus_t = cudnnStatus_t(5000);
        pub const CUDNN_STATUS_EXECUTION_FAILED_CUDA_DRIVER: cudnnStatus_t = cudnnStatus_t(
            5001,
        );
        pub const CUDNN_STATUS_EXECUTION_FAILED_CUBLAS: cudnnStatus_t = cudnnStatus_t(
            5002,
        );
        pub const CUDNN_STATUS_EXECUTION_FAILED_CUDART: cudnnStatus_t = cudnnStatus_t(
            5003,
        );
        pub const CUDNN_STATUS_EXECUTION_FAILED_CURAND: cudnnStatus_t = cudnnStatus_t(
            5004,
        );
        pub const CUDNN_STATUS_ALLOC_FAILED: cudnnStatus_t = cudnnStatus_t(4003);
        pub const CUDNN_STATUS_INVALID_VALUE: cudnnStatus_t = cudnnStatus_t(2001);
        pub const CUDNN_STATUS_ARCH_MISMATCH: cudnnStatus_t = cudnnStatus_t(3007);
        pub const CUDNN_STATUS_MAPPING_ERROR: cudnnStatus_t = cudnnStatus_t(4006);
        pub const CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING: cudnnStatus_t = cudnnStatus_t(
            3008,
        );
        pub const CUDNN_STATUS_VERSION_MISMATCH: cudnnStatus_t = cudnnStatus_t(1002);
    }
    pub const CUDNN_MAJOR: u32 = 9;
    pub const CUDNN_MINOR: u32 = 28;
    pub const CUDNN_PATCHLEVEL: u32 = 0;
    pub const CUDNN_VERSION: u32 = 92800;
    pub const CUDNN_MAX_SM_MAJOR_NUMBER: u32 = 12;
    pub const CUDNN_MAX_SM_MINOR_NUMBER: u32 = 1;
    pub const CUDNN_MAX_DEVICE_VERSION: u32 = 1210;
}
///`cudnnActivationBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnActivationBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    activationDesc: cudnnActivationDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnActivationForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnActivationForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    activationDesc: cudnnActivationDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnAddTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnAddTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    aDesc: cudnnTensorDescriptor_t,
    A: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    cDesc: cudnnTensorDescriptor_t,
    C: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnAdvInferVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnAdvInferVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnAdvTrainVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnAdvTrainVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnAdvVersionCheck`; declared by the headers of cuDNN 9.
pub type PFN_cudnnAdvVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnB2BCausalConv1dBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnB2BCausalConv1dBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weightsProj: *const ::core::ffi::c_void,
    weightsMixer: *const ::core::ffi::c_void,
    skipBias: *const ::core::ffi::c_void,
    y: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    dx: *mut ::core::ffi::c_void,
    dweightsProj: *mut ::core::ffi::c_void,
    dweightsMixer: *mut ::core::ffi::c_void,
    dskipBias: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSizeProj: ::core::ffi::c_int,
    kernelSizeMixer: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    dwDataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnB2BCausalConv1dForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnB2BCausalConv1dForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weightsProj: *const ::core::ffi::c_void,
    weightsMixer: *const ::core::ffi::c_void,
    skipBias: *const ::core::ffi::c_void,
    y: *mut ::core::ffi::c_void,
    yGated: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSizeProj: ::core::ffi::c_int,
    kernelSizeMixer: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnBackendCreateDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendCreateDescriptor = unsafe extern "system" fn(
    descriptorType: cudnnBackendDescriptorType_t,
    descriptor: *mut cudnnBackendDescriptor_t,
) -> cudnnStatus_t;
///`cudnnBackendDestroyDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendDestroyDescriptor = unsafe extern "system" fn(
    descriptor: cudnnBackendDescriptor_t,
) -> cudnnStatus_t;
///`cudnnBackendExecute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendExecute = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    executionPlan: cudnnBackendDescriptor_t,
    variantPack: cudnnBackendDescriptor_t,
) -> cudnnStatus_t;
///`cudnnBackendFinalize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendFinalize = unsafe extern "system" fn(
    descriptor: cudnnBackendDescriptor_t,
) -> cudnnStatus_t;
///`cudnnBackendGetAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendGetAttribute = unsafe extern "system" fn(
    descriptor: cudnnBackendDescriptor_t,
    attributeName: cudnnBackendAttributeName_t,
    attributeType: cudnnBackendAttributeType_t,
    requestedElementCount: i64,
    elementCount: *mut i64,
    arrayOfElements: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnBackendInitialize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendInitialize = unsafe extern "system" fn(
    descriptor: cudnnBackendDescriptor_t,
) -> cudnnStatus_t;
///`cudnnBackendPopulateCudaGraph`; declared by the headers of cuDNN 9.
pub type PFN_cudnnBackendPopulateCudaGraph = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    executionPlan: cudnnBackendDescriptor_t,
    variantPack: cudnnBackendDescriptor_t,
    graph: cudaGraph_t,
) -> cudnnStatus_t;
///`cudnnBackendSetAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBackendSetAttribute = unsafe extern "system" fn(
    descriptor: cudnnBackendDescriptor_t,
    attributeName: cudnnBackendAttributeName_t,
    attributeType: cudnnBackendAttributeType_t,
    elementCount: i64,
    arrayOfElements: *const ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnBackendUpdateCudaGraph`; declared by the headers of cuDNN 9.
pub type PFN_cudnnBackendUpdateCudaGraph = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    executionPlan: cudnnBackendDescriptor_t,
    variantPack: cudnnBackendDescriptor_t,
    graph: cudaGraph_t,
) -> cudnnStatus_t;
///`cudnnBatchNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBatchNormalizationBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    alphaDataDiff: *const ::core::ffi::c_void,
    betaDataDiff: *const ::core::ffi::c_void,
    alphaParamDiff: *const ::core::ffi::c_void,
    betaParamDiff: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    dBnScaleBiasDesc: cudnnTensorDescriptor_t,
    bnScale: *const ::core::ffi::c_void,
    dBnScaleResult: *mut ::core::ffi::c_void,
    dBnBiasResult: *mut ::core::ffi::c_void,
    epsilon: f64,
    savedMean: *const ::core::ffi::c_void,
    savedInvVariance: *const ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnBatchNormalizationBackwardEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBatchNormalizationBackwardEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    bnOps: cudnnBatchNormOps_t,
    alphaDataDiff: *const ::core::ffi::c_void,
    betaDataDiff: *const ::core::ffi::c_void,
    alphaParamDiff: *const ::core::ffi::c_void,
    betaParamDiff: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    xData: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    yData: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dyData: *const ::core::ffi::c_void,
    dzDesc: cudnnTensorDescriptor_t,
    dzData: *mut ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dxData: *mut ::core::ffi::c_void,
    dBnScaleBiasDesc: cudnnTensorDescriptor_t,
    bnScaleData: *const ::core::ffi::c_void,
    bnBiasData: *const ::core::ffi::c_void,
    dBnScaleData: *mut ::core::ffi::c_void,
    dBnBiasData: *mut ::core::ffi::c_void,
    epsilon: f64,
    savedMean: *const ::core::ffi::c_void,
    savedInvVariance: *const ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnBatchNormalizationForwardInference`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBatchNormalizationForwardInference = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    alpha: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
    bnScale: *const ::core::ffi::c_void,
    bnBias: *const ::core::ffi::c_void,
    estimatedMean: *const ::core::ffi::c_void,
    estimatedVariance: *const ::core::ffi::c_void,
    epsilon: f64,
) -> cudnnStatus_t;
///`cudnnBatchNormalizationForwardTraining`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBatchNormalizationForwardTraining = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    alpha: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
    bnScale: *const ::core::ffi::c_void,
    bnBias: *const ::core::ffi::c_void,
    exponentialAverageFactor: f64,
    resultRunningMean: *mut ::core::ffi::c_void,
    resultRunningVariance: *mut ::core::ffi::c_void,
    epsilon: f64,
    resultSaveMean: *mut ::core::ffi::c_void,
    resultSaveInvVariance: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnBatchNormalizationForwardTrainingEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBatchNormalizationForwardTrainingEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    bnOps: cudnnBatchNormOps_t,
    alpha: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    xData: *const ::core::ffi::c_void,
    zDesc: cudnnTensorDescriptor_t,
    zData: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    yData: *mut ::core::ffi::c_void,
    bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
    bnScale: *const ::core::ffi::c_void,
    bnBias: *const ::core::ffi::c_void,
    exponentialAverageFactor: f64,
    resultRunningMean: *mut ::core::ffi::c_void,
    resultRunningVariance: *mut ::core::ffi::c_void,
    epsilon: f64,
    resultSaveMean: *mut ::core::ffi::c_void,
    resultSaveInvVariance: *mut ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnBuildRNNDynamic`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnBuildRNNDynamic = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    miniBatch: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnCTCLoss`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCTCLoss = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    probsDesc: cudnnTensorDescriptor_t,
    probs: *const ::core::ffi::c_void,
    hostLabels: *const ::core::ffi::c_int,
    hostLabelLengths: *const ::core::ffi::c_int,
    hostInputLengths: *const ::core::ffi::c_int,
    costs: *mut ::core::ffi::c_void,
    gradientsDesc: cudnnTensorDescriptor_t,
    gradients: *mut ::core::ffi::c_void,
    algo: cudnnCTCLossAlgo_t,
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnCTCLoss_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCTCLoss_v8 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algo: cudnnCTCLossAlgo_t,
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    probsDesc: cudnnTensorDescriptor_t,
    probs: *const ::core::ffi::c_void,
    labels: *const ::core::ffi::c_int,
    labelLengths: *const ::core::ffi::c_int,
    inputLengths: *const ::core::ffi::c_int,
    costs: *mut ::core::ffi::c_void,
    gradientsDesc: cudnnTensorDescriptor_t,
    gradients: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    workspace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnCausalConv1dBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnCausalConv1dBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    bias: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    dx: *mut ::core::ffi::c_void,
    dweight: *mut ::core::ffi::c_void,
    dbias: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    dwDataType: cudnnDataType_t,
    activation: cudnnCausalConv1dActivation_t,
) -> cudnnStatus_t;
///`cudnnCausalConv1dForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnCausalConv1dForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    bias: *const ::core::ffi::c_void,
    y: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    activation: cudnnCausalConv1dActivation_t,
) -> cudnnStatus_t;
///`cudnnCausalConv1dNwhBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnCausalConv1dNwhBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    bias: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    dx: *mut ::core::ffi::c_void,
    dweight: *mut ::core::ffi::c_void,
    dbias: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    dwDataType: cudnnDataType_t,
    activation: cudnnCausalConv1dActivation_t,
) -> cudnnStatus_t;
///`cudnnCausalConv1dNwhForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnCausalConv1dNwhForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    bias: *const ::core::ffi::c_void,
    y: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    activation: cudnnCausalConv1dActivation_t,
) -> cudnnStatus_t;
///`cudnnCnnInferVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCnnInferVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnCnnTrainVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCnnTrainVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnCnnVersionCheck`; declared by the headers of cuDNN 9.
pub type PFN_cudnnCnnVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnConvolutionBackwardBias`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnConvolutionBackwardBias = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dbDesc: cudnnTensorDescriptor_t,
    db: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnConvolutionBackwardData`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnConvolutionBackwardData = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    algo: cudnnConvolutionBwdDataAlgo_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnConvolutionBackwardFilter`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnConvolutionBackwardFilter = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    algo: cudnnConvolutionBwdFilterAlgo_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    beta: *const ::core::ffi::c_void,
    dwDesc: cudnnFilterDescriptor_t,
    dw: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnConvolutionBiasActivationForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnConvolutionBiasActivationForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha1: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    algo: cudnnConvolutionFwdAlgo_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    alpha2: *const ::core::ffi::c_void,
    zDesc: cudnnTensorDescriptor_t,
    z: *const ::core::ffi::c_void,
    biasDesc: cudnnTensorDescriptor_t,
    bias: *const ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnConvolutionForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnConvolutionForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    algo: cudnnConvolutionFwdAlgo_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnCopyAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCopyAlgorithmDescriptor = unsafe extern "system" fn(
    src: cudnnAlgorithmDescriptor_t,
    dest: cudnnAlgorithmDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreate`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreate = unsafe extern "system" fn(
    handle: *mut cudnnHandle_t,
) -> cudnnStatus_t;
///`cudnnCreateActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateActivationDescriptor = unsafe extern "system" fn(
    activationDesc: *mut cudnnActivationDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCreateAlgorithmDescriptor = unsafe extern "system" fn(
    algoDesc: *mut cudnnAlgorithmDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateAlgorithmPerformance`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCreateAlgorithmPerformance = unsafe extern "system" fn(
    algoPerf: *mut cudnnAlgorithmPerformance_t,
    numberToCreate: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnCreateAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateAttnDescriptor = unsafe extern "system" fn(
    attnDesc: *mut cudnnAttnDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateCTCLossDescriptor = unsafe extern "system" fn(
    ctcLossDesc: *mut cudnnCTCLossDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateConvolutionDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateConvolutionDescriptor = unsafe extern "system" fn(
    convDesc: *mut cudnnConvolutionDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateDropoutDescriptor = unsafe extern "system" fn(
    dropoutDesc: *mut cudnnDropoutDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateFilterDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateFilterDescriptor = unsafe extern "system" fn(
    filterDesc: *mut cudnnFilterDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateFusedOpsConstParamPack`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateFusedOpsConstParamPack = unsafe extern "system" fn(
    constPack: *mut cudnnFusedOpsConstParamPack_t,
    ops: cudnnFusedOps_t,
) -> cudnnStatus_t;
///`cudnnCreateFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateFusedOpsPlan = unsafe extern "system" fn(
    plan: *mut cudnnFusedOpsPlan_t,
    ops: cudnnFusedOps_t,
) -> cudnnStatus_t;
///`cudnnCreateFusedOpsVariantParamPack`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateFusedOpsVariantParamPack = unsafe extern "system" fn(
    varPack: *mut cudnnFusedOpsVariantParamPack_t,
    ops: cudnnFusedOps_t,
) -> cudnnStatus_t;
///`cudnnCreateLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateLRNDescriptor = unsafe extern "system" fn(
    normDesc: *mut cudnnLRNDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateOpTensorDescriptor = unsafe extern "system" fn(
    opTensorDesc: *mut cudnnOpTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreatePersistentRNNPlan`; declared by the headers of cuDNN 8.
pub type PFN_cudnnCreatePersistentRNNPlan = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    minibatch: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    plan: *mut cudnnPersistentRNNPlan_t,
) -> cudnnStatus_t;
///`cudnnCreatePoolingDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreatePoolingDescriptor = unsafe extern "system" fn(
    poolingDesc: *mut cudnnPoolingDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateRNNDataDescriptor = unsafe extern "system" fn(
    rnnDataDesc: *mut cudnnRNNDataDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateRNNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateRNNDescriptor = unsafe extern "system" fn(
    rnnDesc: *mut cudnnRNNDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateReduceTensorDescriptor = unsafe extern "system" fn(
    reduceTensorDesc: *mut cudnnReduceTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateSeqDataDescriptor = unsafe extern "system" fn(
    seqDataDesc: *mut cudnnSeqDataDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateSpatialTransformerDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateSpatialTransformerDescriptor = unsafe extern "system" fn(
    stDesc: *mut cudnnSpatialTransformerDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateTensorDescriptor = unsafe extern "system" fn(
    tensorDesc: *mut cudnnTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnCreateTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnCreateTensorTransformDescriptor = unsafe extern "system" fn(
    transformDesc: *mut cudnnTensorTransformDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDeriveBNTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDeriveBNTensorDescriptor = unsafe extern "system" fn(
    derivedBnDesc: cudnnTensorDescriptor_t,
    xDesc: cudnnTensorDescriptor_t,
    mode: cudnnBatchNormMode_t,
) -> cudnnStatus_t;
///`cudnnDeriveNormTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDeriveNormTensorDescriptor = unsafe extern "system" fn(
    derivedNormScaleBiasDesc: cudnnTensorDescriptor_t,
    derivedNormMeanVarDesc: cudnnTensorDescriptor_t,
    xDesc: cudnnTensorDescriptor_t,
    mode: cudnnNormMode_t,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnDestroy`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroy = unsafe extern "system" fn(
    handle: cudnnHandle_t,
) -> cudnnStatus_t;
///`cudnnDestroyActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyActivationDescriptor = unsafe extern "system" fn(
    activationDesc: cudnnActivationDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnDestroyAlgorithmDescriptor = unsafe extern "system" fn(
    algoDesc: cudnnAlgorithmDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyAlgorithmPerformance`; declared by the headers of cuDNN 8.
pub type PFN_cudnnDestroyAlgorithmPerformance = unsafe extern "system" fn(
    algoPerf: *mut cudnnAlgorithmPerformance_t,
    numberToDestroy: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnDestroyAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyAttnDescriptor = unsafe extern "system" fn(
    attnDesc: cudnnAttnDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyCTCLossDescriptor = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyConvolutionDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyConvolutionDescriptor = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyDropoutDescriptor = unsafe extern "system" fn(
    dropoutDesc: cudnnDropoutDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyFilterDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyFilterDescriptor = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyFusedOpsConstParamPack`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyFusedOpsConstParamPack = unsafe extern "system" fn(
    constPack: cudnnFusedOpsConstParamPack_t,
) -> cudnnStatus_t;
///`cudnnDestroyFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyFusedOpsPlan = unsafe extern "system" fn(
    plan: cudnnFusedOpsPlan_t,
) -> cudnnStatus_t;
///`cudnnDestroyFusedOpsVariantParamPack`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyFusedOpsVariantParamPack = unsafe extern "system" fn(
    varPack: cudnnFusedOpsVariantParamPack_t,
) -> cudnnStatus_t;
///`cudnnDestroyLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyLRNDescriptor = unsafe extern "system" fn(
    lrnDesc: cudnnLRNDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyOpTensorDescriptor = unsafe extern "system" fn(
    opTensorDesc: cudnnOpTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyPersistentRNNPlan`; declared by the headers of cuDNN 8.
pub type PFN_cudnnDestroyPersistentRNNPlan = unsafe extern "system" fn(
    plan: cudnnPersistentRNNPlan_t,
) -> cudnnStatus_t;
///`cudnnDestroyPoolingDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyPoolingDescriptor = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyRNNDataDescriptor = unsafe extern "system" fn(
    rnnDataDesc: cudnnRNNDataDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyRNNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyRNNDescriptor = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyReduceTensorDescriptor = unsafe extern "system" fn(
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroySeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroySeqDataDescriptor = unsafe extern "system" fn(
    seqDataDesc: cudnnSeqDataDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroySpatialTransformerDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroySpatialTransformerDescriptor = unsafe extern "system" fn(
    stDesc: cudnnSpatialTransformerDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyTensorDescriptor = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDestroyTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDestroyTensorTransformDescriptor = unsafe extern "system" fn(
    transformDesc: cudnnTensorTransformDescriptor_t,
) -> cudnnStatus_t;
///`cudnnDivisiveNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDivisiveNormalizationBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    normDesc: cudnnLRNDescriptor_t,
    mode: cudnnDivNormMode_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    means: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    temp: *mut ::core::ffi::c_void,
    temp2: *mut ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dXdMeansDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    dMeans: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnDivisiveNormalizationForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDivisiveNormalizationForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    normDesc: cudnnLRNDescriptor_t,
    mode: cudnnDivNormMode_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    means: *const ::core::ffi::c_void,
    temp: *mut ::core::ffi::c_void,
    temp2: *mut ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnDropoutBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDropoutBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    dropoutDesc: cudnnDropoutDescriptor_t,
    dydesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    dxdesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnDropoutForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDropoutForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    dropoutDesc: cudnnDropoutDescriptor_t,
    xdesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    ydesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnDropoutGetReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDropoutGetReserveSpaceSize = unsafe extern "system" fn(
    xdesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnDropoutGetStatesSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnDropoutGetStatesSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnFFTCausalConv1dBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnFFTCausalConv1dBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    dx: *mut ::core::ffi::c_void,
    dweight: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnFFTCausalConv1dForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnFFTCausalConv1dForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    y: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnFindConvolutionBackwardDataAlgorithm`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionBackwardDataAlgorithm = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    wDesc: cudnnFilterDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    dxDesc: cudnnTensorDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnFindConvolutionBackwardDataAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionBackwardDataAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindConvolutionBackwardFilterAlgorithm`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionBackwardFilterAlgorithm = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    dwDesc: cudnnFilterDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnFindConvolutionBackwardFilterAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionBackwardFilterAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    dwDesc: cudnnFilterDescriptor_t,
    dw: *mut ::core::ffi::c_void,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindConvolutionForwardAlgorithm`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionForwardAlgorithm = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    wDesc: cudnnFilterDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnFindConvolutionForwardAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFindConvolutionForwardAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    convDesc: cudnnConvolutionDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindRNNBackwardDataAlgorithmEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnFindRNNBackwardDataAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: *const cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    dhyDesc: cudnnTensorDescriptor_t,
    dhy: *const ::core::ffi::c_void,
    dcyDesc: cudnnTensorDescriptor_t,
    dcy: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    dxDesc: *const cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    dhxDesc: cudnnTensorDescriptor_t,
    dhx: *mut ::core::ffi::c_void,
    dcxDesc: cudnnTensorDescriptor_t,
    dcx: *mut ::core::ffi::c_void,
    findIntensity: f32,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnAlgorithmPerformance_t,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindRNNBackwardWeightsAlgorithmEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnFindRNNBackwardWeightsAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    findIntensity: f32,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnAlgorithmPerformance_t,
    workspace: *const ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    dwDesc: cudnnFilterDescriptor_t,
    dw: *mut ::core::ffi::c_void,
    reserveSpace: *const ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindRNNForwardInferenceAlgorithmEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnFindRNNForwardInferenceAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    findIntensity: f32,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnAlgorithmPerformance_t,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFindRNNForwardTrainingAlgorithmEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnFindRNNForwardTrainingAlgorithmEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    findIntensity: f32,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnAlgorithmPerformance_t,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnFusedOpsExecute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnFusedOpsExecute = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    plan: cudnnFusedOpsPlan_t,
    varPack: cudnnFusedOpsVariantParamPack_t,
) -> cudnnStatus_t;
///`cudnnGetActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetActivationDescriptor = unsafe extern "system" fn(
    activationDesc: cudnnActivationDescriptor_t,
    mode: *mut cudnnActivationMode_t,
    reluNanOpt: *mut cudnnNanPropagation_t,
    coef: *mut f64,
) -> cudnnStatus_t;
///`cudnnGetActivationDescriptorSwishBeta`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetActivationDescriptorSwishBeta = unsafe extern "system" fn(
    activationDesc: cudnnActivationDescriptor_t,
    swish_beta: *mut f64,
) -> cudnnStatus_t;
///`cudnnGetAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetAlgorithmDescriptor = unsafe extern "system" fn(
    algoDesc: cudnnAlgorithmDescriptor_t,
    algorithm: *mut cudnnAlgorithm_t,
) -> cudnnStatus_t;
///`cudnnGetAlgorithmPerformance`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetAlgorithmPerformance = unsafe extern "system" fn(
    algoPerf: cudnnAlgorithmPerformance_t,
    algoDesc: *mut cudnnAlgorithmDescriptor_t,
    status: *mut cudnnStatus_t,
    time: *mut f32,
    memory: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetAlgorithmSpaceSize`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetAlgorithmSpaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algoDesc: cudnnAlgorithmDescriptor_t,
    algoSpaceSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetAttnDescriptor = unsafe extern "system" fn(
    attnDesc: cudnnAttnDescriptor_t,
    attnMode: *mut ::core::ffi::c_uint,
    nHeads: *mut ::core::ffi::c_int,
    smScaler: *mut f64,
    dataType: *mut cudnnDataType_t,
    computePrec: *mut cudnnDataType_t,
    mathType: *mut cudnnMathType_t,
    attnDropoutDesc: *mut cudnnDropoutDescriptor_t,
    postDropoutDesc: *mut cudnnDropoutDescriptor_t,
    qSize: *mut ::core::ffi::c_int,
    kSize: *mut ::core::ffi::c_int,
    vSize: *mut ::core::ffi::c_int,
    qProjSize: *mut ::core::ffi::c_int,
    kProjSize: *mut ::core::ffi::c_int,
    vProjSize: *mut ::core::ffi::c_int,
    oProjSize: *mut ::core::ffi::c_int,
    qoMaxSeqLength: *mut ::core::ffi::c_int,
    kvMaxSeqLength: *mut ::core::ffi::c_int,
    maxBatchSize: *mut ::core::ffi::c_int,
    maxBeamSize: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetBatchNormalizationBackwardExWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetBatchNormalizationBackwardExWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    bnOps: cudnnBatchNormOps_t,
    xDesc: cudnnTensorDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    dzDesc: cudnnTensorDescriptor_t,
    dxDesc: cudnnTensorDescriptor_t,
    dBnScaleBiasDesc: cudnnTensorDescriptor_t,
    activationDesc: cudnnActivationDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    bnOps: cudnnBatchNormOps_t,
    xDesc: cudnnTensorDescriptor_t,
    zDesc: cudnnTensorDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
    activationDesc: cudnnActivationDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetBatchNormalizationTrainingExReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetBatchNormalizationTrainingExReserveSpaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnBatchNormMode_t,
    bnOps: cudnnBatchNormOps_t,
    activationDesc: cudnnActivationDescriptor_t,
    xDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCTCLossDescriptor = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: *mut cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGetCTCLossDescriptorEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCTCLossDescriptorEx = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: *mut cudnnDataType_t,
    normMode: *mut cudnnLossNormalizationMode_t,
    gradMode: *mut cudnnNanPropagation_t,
) -> cudnnStatus_t;
///`cudnnGetCTCLossDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCTCLossDescriptor_v8 = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: *mut cudnnDataType_t,
    normMode: *mut cudnnLossNormalizationMode_t,
    gradMode: *mut cudnnNanPropagation_t,
    maxLabelLength: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetCTCLossDescriptor_v9`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGetCTCLossDescriptor_v9 = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: *mut cudnnDataType_t,
    normMode: *mut cudnnLossNormalizationMode_t,
    ctcGradMode: *mut cudnnCTCGradMode_t,
    maxLabelLength: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetCTCLossWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCTCLossWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    probsDesc: cudnnTensorDescriptor_t,
    gradientsDesc: cudnnTensorDescriptor_t,
    labels: *const ::core::ffi::c_int,
    labelLengths: *const ::core::ffi::c_int,
    inputLengths: *const ::core::ffi::c_int,
    algo: cudnnCTCLossAlgo_t,
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetCTCLossWorkspaceSize_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCTCLossWorkspaceSize_v8 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algo: cudnnCTCLossAlgo_t,
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    probsDesc: cudnnTensorDescriptor_t,
    gradientsDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetCallback`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCallback = unsafe extern "system" fn(
    mask: *mut ::core::ffi::c_uint,
    udata: *mut *mut ::core::ffi::c_void,
    fptr: *mut cudnnCallback_t,
) -> cudnnStatus_t;
///`cudnnGetConvolution2dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolution2dDescriptor = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    pad_h: *mut ::core::ffi::c_int,
    pad_w: *mut ::core::ffi::c_int,
    u: *mut ::core::ffi::c_int,
    v: *mut ::core::ffi::c_int,
    dilation_h: *mut ::core::ffi::c_int,
    dilation_w: *mut ::core::ffi::c_int,
    mode: *mut cudnnConvolutionMode_t,
    computeType: *mut cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGetConvolution2dForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolution2dForwardOutputDim = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    inputTensorDesc: cudnnTensorDescriptor_t,
    filterDesc: cudnnFilterDescriptor_t,
    n: *mut ::core::ffi::c_int,
    c: *mut ::core::ffi::c_int,
    h: *mut ::core::ffi::c_int,
    w: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardDataAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardDataAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardDataAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardDataAlgorithm_v7 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    filterDesc: cudnnFilterDescriptor_t,
    diffDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    gradDesc: cudnnTensorDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardDataWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardDataWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    wDesc: cudnnFilterDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    dxDesc: cudnnTensorDescriptor_t,
    algo: cudnnConvolutionBwdDataAlgo_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardFilterAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardFilterAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardFilterAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardFilterAlgorithm_v7 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    srcDesc: cudnnTensorDescriptor_t,
    diffDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    gradDesc: cudnnFilterDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnGetConvolutionBackwardFilterWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionBackwardFilterWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    gradDesc: cudnnFilterDescriptor_t,
    algo: cudnnConvolutionBwdFilterAlgo_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetConvolutionForwardAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionForwardAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionForwardAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionForwardAlgorithm_v7 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    srcDesc: cudnnTensorDescriptor_t,
    filterDesc: cudnnFilterDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    destDesc: cudnnTensorDescriptor_t,
    requestedAlgoCount: ::core::ffi::c_int,
    returnedAlgoCount: *mut ::core::ffi::c_int,
    perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
) -> cudnnStatus_t;
///`cudnnGetConvolutionForwardWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionForwardWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    wDesc: cudnnFilterDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    algo: cudnnConvolutionFwdAlgo_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetConvolutionGroupCount`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionGroupCount = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    groupCount: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionMathType`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionMathType = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    mathType: *mut cudnnMathType_t,
) -> cudnnStatus_t;
///`cudnnGetConvolutionNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionNdDescriptor = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    arrayLengthRequested: ::core::ffi::c_int,
    arrayLength: *mut ::core::ffi::c_int,
    padA: *mut ::core::ffi::c_int,
    strideA: *mut ::core::ffi::c_int,
    dilationA: *mut ::core::ffi::c_int,
    mode: *mut cudnnConvolutionMode_t,
    computeType: *mut cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGetConvolutionNdForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionNdForwardOutputDim = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    inputTensorDesc: cudnnTensorDescriptor_t,
    filterDesc: cudnnFilterDescriptor_t,
    nbDims: ::core::ffi::c_int,
    tensorOuputDimA: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetConvolutionReorderType`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetConvolutionReorderType = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    reorderType: *mut cudnnReorderType_t,
) -> cudnnStatus_t;
///`cudnnGetCudartVersion`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetCudartVersion = unsafe extern "system" fn() -> usize;
///`cudnnGetDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetDropoutDescriptor = unsafe extern "system" fn(
    dropoutDesc: cudnnDropoutDescriptor_t,
    handle: cudnnHandle_t,
    dropout: *mut f32,
    states: *mut *mut ::core::ffi::c_void,
    seed: *mut ::core::ffi::c_ulonglong,
) -> cudnnStatus_t;
///`cudnnGetErrorString`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetErrorString = unsafe extern "system" fn(
    status: cudnnStatus_t,
) -> *const ::core::ffi::c_char;
///`cudnnGetExecutionPlanWorkspaceSize`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGetExecutionPlanWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    executionPlan: cudnnBackendDescriptor_t,
    variantPack: cudnnBackendDescriptor_t,
    workspaceSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetFilter4dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFilter4dDescriptor = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
    dataType: *mut cudnnDataType_t,
    format: *mut cudnnTensorFormat_t,
    k: *mut ::core::ffi::c_int,
    c: *mut ::core::ffi::c_int,
    h: *mut ::core::ffi::c_int,
    w: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetFilterNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFilterNdDescriptor = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
    nbDimsRequested: ::core::ffi::c_int,
    dataType: *mut cudnnDataType_t,
    format: *mut cudnnTensorFormat_t,
    nbDims: *mut ::core::ffi::c_int,
    filterDimA: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetFilterSizeInBytes`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFilterSizeInBytes = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
    size: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetFoldedConvBackwardDataDescriptors`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFoldedConvBackwardDataDescriptors = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    filterDesc: cudnnFilterDescriptor_t,
    diffDesc: cudnnTensorDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    gradDesc: cudnnTensorDescriptor_t,
    transformFormat: cudnnTensorFormat_t,
    foldedFilterDesc: cudnnFilterDescriptor_t,
    paddedDiffDesc: cudnnTensorDescriptor_t,
    foldedConvDesc: cudnnConvolutionDescriptor_t,
    foldedGradDesc: cudnnTensorDescriptor_t,
    filterFoldTransDesc: cudnnTensorTransformDescriptor_t,
    diffPadTransDesc: cudnnTensorTransformDescriptor_t,
    gradFoldTransDesc: cudnnTensorTransformDescriptor_t,
    gradUnfoldTransDesc: cudnnTensorTransformDescriptor_t,
) -> cudnnStatus_t;
///`cudnnGetFusedOpsConstParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFusedOpsConstParamPackAttribute = unsafe extern "system" fn(
    constPack: cudnnFusedOpsConstParamPack_t,
    paramLabel: cudnnFusedOpsConstParamLabel_t,
    param: *mut ::core::ffi::c_void,
    isNULL: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetFusedOpsVariantParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetFusedOpsVariantParamPackAttribute = unsafe extern "system" fn(
    varPack: cudnnFusedOpsVariantParamPack_t,
    paramLabel: cudnnFusedOpsVariantParamLabel_t,
    ptr: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetLRNDescriptor = unsafe extern "system" fn(
    normDesc: cudnnLRNDescriptor_t,
    lrnN: *mut ::core::ffi::c_uint,
    lrnAlpha: *mut f64,
    lrnBeta: *mut f64,
    lrnK: *mut f64,
) -> cudnnStatus_t;
///`cudnnGetLastErrorString`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGetLastErrorString = unsafe extern "system" fn(
    message: *mut ::core::ffi::c_char,
    max_size: usize,
);
///`cudnnGetMaxDeviceVersion`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetMaxDeviceVersion = unsafe extern "system" fn() -> usize;
///`cudnnGetMultiHeadAttnBuffers`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetMultiHeadAttnBuffers = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    attnDesc: cudnnAttnDescriptor_t,
    weightSizeInBytes: *mut usize,
    workSpaceSizeInBytes: *mut usize,
    reserveSpaceSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetMultiHeadAttnWeights`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetMultiHeadAttnWeights = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    attnDesc: cudnnAttnDescriptor_t,
    wKind: cudnnMultiHeadAttnWeightKind_t,
    weightSizeInBytes: usize,
    weights: *const ::core::ffi::c_void,
    wDesc: cudnnTensorDescriptor_t,
    wAddr: *mut *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetNormalizationBackwardWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetNormalizationBackwardWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    xDesc: cudnnTensorDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    dyDesc: cudnnTensorDescriptor_t,
    dzDesc: cudnnTensorDescriptor_t,
    dxDesc: cudnnTensorDescriptor_t,
    dNormScaleBiasDesc: cudnnTensorDescriptor_t,
    activationDesc: cudnnActivationDescriptor_t,
    normMeanVarDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetNormalizationForwardTrainingWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetNormalizationForwardTrainingWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    xDesc: cudnnTensorDescriptor_t,
    zDesc: cudnnTensorDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    normScaleBiasDesc: cudnnTensorDescriptor_t,
    activationDesc: cudnnActivationDescriptor_t,
    normMeanVarDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetNormalizationTrainingReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetNormalizationTrainingReserveSpaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    activationDesc: cudnnActivationDescriptor_t,
    xDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetOpTensorDescriptor = unsafe extern "system" fn(
    opTensorDesc: cudnnOpTensorDescriptor_t,
    opTensorOp: *mut cudnnOpTensorOp_t,
    opTensorCompType: *mut cudnnDataType_t,
    opTensorNanOpt: *mut cudnnNanPropagation_t,
) -> cudnnStatus_t;
///`cudnnGetPooling2dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetPooling2dDescriptor = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    mode: *mut cudnnPoolingMode_t,
    maxpoolingNanOpt: *mut cudnnNanPropagation_t,
    windowHeight: *mut ::core::ffi::c_int,
    windowWidth: *mut ::core::ffi::c_int,
    verticalPadding: *mut ::core::ffi::c_int,
    horizontalPadding: *mut ::core::ffi::c_int,
    verticalStride: *mut ::core::ffi::c_int,
    horizontalStride: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetPooling2dForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetPooling2dForwardOutputDim = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    inputTensorDesc: cudnnTensorDescriptor_t,
    n: *mut ::core::ffi::c_int,
    c: *mut ::core::ffi::c_int,
    h: *mut ::core::ffi::c_int,
    w: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetPoolingNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetPoolingNdDescriptor = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    nbDimsRequested: ::core::ffi::c_int,
    mode: *mut cudnnPoolingMode_t,
    maxpoolingNanOpt: *mut cudnnNanPropagation_t,
    nbDims: *mut ::core::ffi::c_int,
    windowDimA: *mut ::core::ffi::c_int,
    paddingA: *mut ::core::ffi::c_int,
    strideA: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetPoolingNdForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetPoolingNdForwardOutputDim = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    inputTensorDesc: cudnnTensorDescriptor_t,
    nbDims: ::core::ffi::c_int,
    outputTensorDimA: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetProperty`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetProperty = unsafe extern "system" fn(
    type_: libraryPropertyType,
    value: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNBackwardDataAlgorithmMaxCount`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNBackwardDataAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNBackwardWeightsAlgorithmMaxCount`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNBackwardWeightsAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNBiasMode`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNBiasMode = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    biasMode: *mut cudnnRNNBiasMode_t,
) -> cudnnStatus_t;
///`cudnnGetRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetRNNDataDescriptor = unsafe extern "system" fn(
    rnnDataDesc: cudnnRNNDataDescriptor_t,
    dataType: *mut cudnnDataType_t,
    layout: *mut cudnnRNNDataLayout_t,
    maxSeqLength: *mut ::core::ffi::c_int,
    batchSize: *mut ::core::ffi::c_int,
    vectorSize: *mut ::core::ffi::c_int,
    arrayLengthRequested: ::core::ffi::c_int,
    seqLengthArray: *mut ::core::ffi::c_int,
    paddingFill: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetRNNDescriptor_v6`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNDescriptor_v6 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    hiddenSize: *mut ::core::ffi::c_int,
    numLayers: *mut ::core::ffi::c_int,
    dropoutDesc: *mut cudnnDropoutDescriptor_t,
    inputMode: *mut cudnnRNNInputMode_t,
    direction: *mut cudnnDirectionMode_t,
    cellMode: *mut cudnnRNNMode_t,
    algo: *mut cudnnRNNAlgo_t,
    mathPrec: *mut cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGetRNNDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetRNNDescriptor_v8 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    algo: *mut cudnnRNNAlgo_t,
    cellMode: *mut cudnnRNNMode_t,
    biasMode: *mut cudnnRNNBiasMode_t,
    dirMode: *mut cudnnDirectionMode_t,
    inputMode: *mut cudnnRNNInputMode_t,
    dataType: *mut cudnnDataType_t,
    mathPrec: *mut cudnnDataType_t,
    mathType: *mut cudnnMathType_t,
    inputSize: *mut i32,
    hiddenSize: *mut i32,
    projSize: *mut i32,
    numLayers: *mut i32,
    dropoutDesc: *mut cudnnDropoutDescriptor_t,
    auxFlags: *mut u32,
) -> cudnnStatus_t;
///`cudnnGetRNNForwardInferenceAlgorithmMaxCount`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNForwardInferenceAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNForwardTrainingAlgorithmMaxCount`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNForwardTrainingAlgorithmMaxCount = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    count: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNLinLayerBiasParams`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNLinLayerBiasParams = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    pseudoLayer: ::core::ffi::c_int,
    xDesc: cudnnTensorDescriptor_t,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    linLayerID: ::core::ffi::c_int,
    linLayerBiasDesc: cudnnFilterDescriptor_t,
    linLayerBias: *mut *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetRNNLinLayerMatrixParams`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNLinLayerMatrixParams = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    pseudoLayer: ::core::ffi::c_int,
    xDesc: cudnnTensorDescriptor_t,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    linLayerID: ::core::ffi::c_int,
    linLayerMatDesc: cudnnFilterDescriptor_t,
    linLayerMat: *mut *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetRNNMatrixMathType`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNMatrixMathType = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    mType: *mut cudnnMathType_t,
) -> cudnnStatus_t;
///`cudnnGetRNNPaddingMode`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNPaddingMode = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    paddingMode: *mut ::core::ffi::c_uint,
) -> cudnnStatus_t;
///`cudnnGetRNNParamsSize`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNParamsSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    xDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGetRNNProjectionLayers`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNProjectionLayers = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    recProjSize: *mut ::core::ffi::c_int,
    outProjSize: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetRNNTempSpaceSizes`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetRNNTempSpaceSizes = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    fwdMode: cudnnForwardMode_t,
    xDesc: cudnnRNNDataDescriptor_t,
    workSpaceSize: *mut usize,
    reserveSpaceSize: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetRNNTrainingReserveSize`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNTrainingReserveSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetRNNWeightParams`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetRNNWeightParams = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    pseudoLayer: i32,
    weightSpaceSize: usize,
    weightSpace: *const ::core::ffi::c_void,
    linLayerID: i32,
    mDesc: cudnnTensorDescriptor_t,
    mAddr: *mut *mut ::core::ffi::c_void,
    bDesc: cudnnTensorDescriptor_t,
    bAddr: *mut *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetRNNWeightSpaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetRNNWeightSpaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    weightSpaceSize: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetRNNWorkspaceSize`; declared by the headers of cuDNN 8.
pub type PFN_cudnnGetRNNWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetReduceTensorDescriptor = unsafe extern "system" fn(
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
    reduceTensorOp: *mut cudnnReduceTensorOp_t,
    reduceTensorCompType: *mut cudnnDataType_t,
    reduceTensorNanOpt: *mut cudnnNanPropagation_t,
    reduceTensorIndices: *mut cudnnReduceTensorIndices_t,
    reduceTensorIndicesType: *mut cudnnIndicesType_t,
) -> cudnnStatus_t;
///`cudnnGetReductionIndicesSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetReductionIndicesSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
    aDesc: cudnnTensorDescriptor_t,
    cDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetReductionWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetReductionWorkspaceSize = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
    aDesc: cudnnTensorDescriptor_t,
    cDesc: cudnnTensorDescriptor_t,
    sizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetSeqDataDescriptor = unsafe extern "system" fn(
    seqDataDesc: cudnnSeqDataDescriptor_t,
    dataType: *mut cudnnDataType_t,
    nbDims: *mut ::core::ffi::c_int,
    nbDimsRequested: ::core::ffi::c_int,
    dimA: *mut ::core::ffi::c_int,
    axes: *mut cudnnSeqDataAxis_t,
    seqLengthArraySize: *mut usize,
    seqLengthSizeRequested: usize,
    seqLengthArray: *mut ::core::ffi::c_int,
    paddingFill: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnGetStream`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetStream = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    streamId: *mut cudaStream_t,
) -> cudnnStatus_t;
///`cudnnGetTensor4dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetTensor4dDescriptor = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    dataType: *mut cudnnDataType_t,
    n: *mut ::core::ffi::c_int,
    c: *mut ::core::ffi::c_int,
    h: *mut ::core::ffi::c_int,
    w: *mut ::core::ffi::c_int,
    nStride: *mut ::core::ffi::c_int,
    cStride: *mut ::core::ffi::c_int,
    hStride: *mut ::core::ffi::c_int,
    wStride: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetTensorNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetTensorNdDescriptor = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    nbDimsRequested: ::core::ffi::c_int,
    dataType: *mut cudnnDataType_t,
    nbDims: *mut ::core::ffi::c_int,
    dimA: *mut ::core::ffi::c_int,
    strideA: *mut ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnGetTensorSizeInBytes`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetTensorSizeInBytes = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    size: *mut usize,
) -> cudnnStatus_t;
///`cudnnGetTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetTensorTransformDescriptor = unsafe extern "system" fn(
    transformDesc: cudnnTensorTransformDescriptor_t,
    nbDimsRequested: u32,
    destFormat: *mut cudnnTensorFormat_t,
    padBeforeA: *mut i32,
    padAfterA: *mut i32,
    foldA: *mut u32,
    direction: *mut cudnnFoldingDirection_t,
) -> cudnnStatus_t;
///`cudnnGetVersion`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnGetVersion = unsafe extern "system" fn() -> usize;
///`cudnnGnnAggSimpleBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnAggSimpleBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    gradOutput: *const ::core::ffi::c_void,
    outPositions: *const ::core::ffi::c_void,
    gradNodeFeatures: *mut ::core::ffi::c_void,
    gradEdgeFeatures: *mut ::core::ffi::c_void,
    gradConcatFeatures: *mut ::core::ffi::c_void,
    nodeFeatDim: ::core::ffi::c_int,
    edgeFeatDim: ::core::ffi::c_int,
    concatFeatDim: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    aggOp: cudnnGnnAggOp_t,
) -> cudnnStatus_t;
///`cudnnGnnAggSimpleForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnAggSimpleForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    nodeFeatures: *const ::core::ffi::c_void,
    edgeFeatures: *const ::core::ffi::c_void,
    concatFeatures: *const ::core::ffi::c_void,
    output: *mut ::core::ffi::c_void,
    outPositions: *mut ::core::ffi::c_void,
    nodeFeatDim: ::core::ffi::c_int,
    edgeFeatDim: ::core::ffi::c_int,
    concatFeatDim: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    aggOp: cudnnGnnAggOp_t,
) -> cudnnStatus_t;
///`cudnnGnnMhaGatBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnMhaGatBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    gradOut: *const ::core::ffi::c_void,
    srcFeatures: *const ::core::ffi::c_void,
    dstFeatures: *const ::core::ffi::c_void,
    edgeFeatures: *const ::core::ffi::c_void,
    attnWeights: *const ::core::ffi::c_void,
    smScores: *const ::core::ffi::c_void,
    dropoutMask: *const f32,
    gradAttention: *const f32,
    gradSrcFeatures: *mut ::core::ffi::c_void,
    gradDstFeatures: *mut ::core::ffi::c_void,
    gradEdgeFeatures: *mut ::core::ffi::c_void,
    gradWeights: *mut ::core::ffi::c_void,
    gradSmScores: *mut ::core::ffi::c_void,
    gradWspaceFeat: *mut ::core::ffi::c_void,
    gradWspaceWeights: *mut ::core::ffi::c_void,
    dimNode: ::core::ffi::c_int,
    dimEdge: ::core::ffi::c_int,
    params: *const cudnnGnnMhaParams_t,
    dataType: cudnnDataType_t,
    gradDataType: cudnnDataType_t,
    gradWeightType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGnnMhaGatForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnMhaGatForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    srcFeatures: *const ::core::ffi::c_void,
    dstFeatures: *const ::core::ffi::c_void,
    edgeFeatures: *const ::core::ffi::c_void,
    attnWeights: *const ::core::ffi::c_void,
    dropoutMask: *const f32,
    output: *mut ::core::ffi::c_void,
    smScores: *mut ::core::ffi::c_void,
    dimNode: ::core::ffi::c_int,
    dimEdge: ::core::ffi::c_int,
    params: *const cudnnGnnMhaParams_t,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGnnMhaGatV2Backward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnMhaGatV2Backward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    gradOut: *const ::core::ffi::c_void,
    srcFeatures: *const ::core::ffi::c_void,
    dstFeatures: *const ::core::ffi::c_void,
    edgeFeatures: *const ::core::ffi::c_void,
    attnWeights: *const ::core::ffi::c_void,
    smScores: *const ::core::ffi::c_void,
    actScores: *const ::core::ffi::c_void,
    dropoutMask: *const f32,
    gradAttention: *const f32,
    gradSrcFeatures: *mut ::core::ffi::c_void,
    gradDstFeatures: *mut ::core::ffi::c_void,
    gradEdgeFeatures: *mut ::core::ffi::c_void,
    gradWeights: *mut ::core::ffi::c_void,
    gradSmScores: *mut ::core::ffi::c_void,
    gradWspaceFeat: *mut ::core::ffi::c_void,
    gradWspaceWeights: *mut ::core::ffi::c_void,
    dimNode: ::core::ffi::c_int,
    params: *const cudnnGnnMhaParams_t,
    dataType: cudnnDataType_t,
    gradType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGnnMhaGatV2Forward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGnnMhaGatV2Forward = unsafe extern "system" fn(
    stream: cudaStream_t,
    graph: *const cudnnGnnCscGraph_t,
    srcFeatures: *const ::core::ffi::c_void,
    dstFeatures: *const ::core::ffi::c_void,
    edgeFeatures: *const ::core::ffi::c_void,
    attnWeights: *const ::core::ffi::c_void,
    dropoutMask: *const f32,
    output: *mut ::core::ffi::c_void,
    smScores: *mut ::core::ffi::c_void,
    actScores: *mut ::core::ffi::c_void,
    dimNode: ::core::ffi::c_int,
    params: *const cudnnGnnMhaParams_t,
    dataType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnGraphVersionCheck`; declared by the headers of cuDNN 9.
pub type PFN_cudnnGraphVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnIm2Col`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnIm2Col = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    convDesc: cudnnConvolutionDescriptor_t,
    colBuffer: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnInitTransformDest`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnInitTransformDest = unsafe extern "system" fn(
    transformDesc: cudnnTensorTransformDescriptor_t,
    srcDesc: cudnnTensorDescriptor_t,
    destDesc: cudnnTensorDescriptor_t,
    destSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnLRNCrossChannelBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnLRNCrossChannelBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    normDesc: cudnnLRNDescriptor_t,
    lrnMode: cudnnLRNMode_t,
    alpha: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnLRNCrossChannelForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnLRNCrossChannelForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    normDesc: cudnnLRNDescriptor_t,
    lrnMode: cudnnLRNMode_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnLongFFTCausalConv1dBackward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnLongFFTCausalConv1dBackward = unsafe extern "system" fn(
    stream: cudaStream_t,
    dy: *const ::core::ffi::c_void,
    dx: *mut ::core::ffi::c_void,
    dweight: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    workspace: *mut ::core::ffi::c_void,
    workspaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnLongFFTCausalConv1dForward`; declared by the headers of cuDNN 9.
pub type PFN_cudnnLongFFTCausalConv1dForward = unsafe extern "system" fn(
    stream: cudaStream_t,
    x: *const ::core::ffi::c_void,
    weight: *const ::core::ffi::c_void,
    y: *mut ::core::ffi::c_void,
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    workspace: *mut ::core::ffi::c_void,
    workspaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnLongFFTCausalConv1dGetBufferSizes`; declared by the headers of cuDNN 9.
pub type PFN_cudnnLongFFTCausalConv1dGetBufferSizes = unsafe extern "system" fn(
    batch: ::core::ffi::c_int,
    dim: ::core::ffi::c_int,
    seqLen: ::core::ffi::c_int,
    kernelSize: ::core::ffi::c_int,
    dataType: cudnnDataType_t,
    workspaceSizeInBytes: *mut usize,
    reserveSpaceSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnMakeFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnMakeFusedOpsPlan = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    plan: cudnnFusedOpsPlan_t,
    constPack: cudnnFusedOpsConstParamPack_t,
    workspaceSizeInBytes: *mut usize,
) -> cudnnStatus_t;
///`cudnnMultiHeadAttnBackwardData`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnMultiHeadAttnBackwardData = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    attnDesc: cudnnAttnDescriptor_t,
    loWinIdx: *const ::core::ffi::c_int,
    hiWinIdx: *const ::core::ffi::c_int,
    devSeqLengthsDQDO: *const ::core::ffi::c_int,
    devSeqLengthsDKDV: *const ::core::ffi::c_int,
    doDesc: cudnnSeqDataDescriptor_t,
    dout: *const ::core::ffi::c_void,
    dqDesc: cudnnSeqDataDescriptor_t,
    dqueries: *mut ::core::ffi::c_void,
    queries: *const ::core::ffi::c_void,
    dkDesc: cudnnSeqDataDescriptor_t,
    dkeys: *mut ::core::ffi::c_void,
    keys: *const ::core::ffi::c_void,
    dvDesc: cudnnSeqDataDescriptor_t,
    dvalues: *mut ::core::ffi::c_void,
    values: *const ::core::ffi::c_void,
    weightSizeInBytes: usize,
    weights: *const ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnMultiHeadAttnBackwardWeights`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnMultiHeadAttnBackwardWeights = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    attnDesc: cudnnAttnDescriptor_t,
    addGrad: cudnnWgradMode_t,
    qDesc: cudnnSeqDataDescriptor_t,
    queries: *const ::core::ffi::c_void,
    kDesc: cudnnSeqDataDescriptor_t,
    keys: *const ::core::ffi::c_void,
    vDesc: cudnnSeqDataDescriptor_t,
    values: *const ::core::ffi::c_void,
    doDesc: cudnnSeqDataDescriptor_t,
    dout: *const ::core::ffi::c_void,
    weightSizeInBytes: usize,
    weights: *const ::core::ffi::c_void,
    dweights: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnMultiHeadAttnForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnMultiHeadAttnForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    attnDesc: cudnnAttnDescriptor_t,
    currIdx: ::core::ffi::c_int,
    loWinIdx: *const ::core::ffi::c_int,
    hiWinIdx: *const ::core::ffi::c_int,
    devSeqLengthsQO: *const ::core::ffi::c_int,
    devSeqLengthsKV: *const ::core::ffi::c_int,
    qDesc: cudnnSeqDataDescriptor_t,
    queries: *const ::core::ffi::c_void,
    residuals: *const ::core::ffi::c_void,
    kDesc: cudnnSeqDataDescriptor_t,
    keys: *const ::core::ffi::c_void,
    vDesc: cudnnSeqDataDescriptor_t,
    values: *const ::core::ffi::c_void,
    oDesc: cudnnSeqDataDescriptor_t,
    out: *mut ::core::ffi::c_void,
    weightSizeInBytes: usize,
    weights: *const ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnNormalizationBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    alphaDataDiff: *const ::core::ffi::c_void,
    betaDataDiff: *const ::core::ffi::c_void,
    alphaParamDiff: *const ::core::ffi::c_void,
    betaParamDiff: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    xData: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    yData: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dyData: *const ::core::ffi::c_void,
    dzDesc: cudnnTensorDescriptor_t,
    dzData: *mut ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dxData: *mut ::core::ffi::c_void,
    dNormScaleBiasDesc: cudnnTensorDescriptor_t,
    normScaleData: *const ::core::ffi::c_void,
    normBiasData: *const ::core::ffi::c_void,
    dNormScaleData: *mut ::core::ffi::c_void,
    dNormBiasData: *mut ::core::ffi::c_void,
    epsilon: f64,
    normMeanVarDesc: cudnnTensorDescriptor_t,
    savedMean: *const ::core::ffi::c_void,
    savedInvVariance: *const ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnNormalizationForwardInference`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnNormalizationForwardInference = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    alpha: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    normScaleBiasDesc: cudnnTensorDescriptor_t,
    normScale: *const ::core::ffi::c_void,
    normBias: *const ::core::ffi::c_void,
    normMeanVarDesc: cudnnTensorDescriptor_t,
    estimatedMean: *const ::core::ffi::c_void,
    estimatedVariance: *const ::core::ffi::c_void,
    zDesc: cudnnTensorDescriptor_t,
    z: *const ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    epsilon: f64,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnNormalizationForwardTraining`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnNormalizationForwardTraining = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    mode: cudnnNormMode_t,
    normOps: cudnnNormOps_t,
    algo: cudnnNormAlgo_t,
    alpha: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    xData: *const ::core::ffi::c_void,
    normScaleBiasDesc: cudnnTensorDescriptor_t,
    normScale: *const ::core::ffi::c_void,
    normBias: *const ::core::ffi::c_void,
    exponentialAverageFactor: f64,
    normMeanVarDesc: cudnnTensorDescriptor_t,
    resultRunningMean: *mut ::core::ffi::c_void,
    resultRunningVariance: *mut ::core::ffi::c_void,
    epsilon: f64,
    resultSaveMean: *mut ::core::ffi::c_void,
    resultSaveInvVariance: *mut ::core::ffi::c_void,
    activationDesc: cudnnActivationDescriptor_t,
    zDesc: cudnnTensorDescriptor_t,
    zData: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    yData: *mut ::core::ffi::c_void,
    workspace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
    groupCnt: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnOpTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnOpTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    opTensorDesc: cudnnOpTensorDescriptor_t,
    alpha1: *const ::core::ffi::c_void,
    aDesc: cudnnTensorDescriptor_t,
    A: *const ::core::ffi::c_void,
    alpha2: *const ::core::ffi::c_void,
    bDesc: cudnnTensorDescriptor_t,
    B: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    cDesc: cudnnTensorDescriptor_t,
    C: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnOpsInferVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnOpsInferVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnOpsTrainVersionCheck`; declared by the headers of cuDNN 8.
pub type PFN_cudnnOpsTrainVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnOpsVersionCheck`; declared by the headers of cuDNN 9.
pub type PFN_cudnnOpsVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnPoolingBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnPoolingBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    poolingDesc: cudnnPoolingDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnPoolingForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnPoolingForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    poolingDesc: cudnnPoolingDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnQueryRuntimeError`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnQueryRuntimeError = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rstatus: *mut cudnnStatus_t,
    mode: cudnnErrQueryMode_t,
    tag: *mut cudnnRuntimeTag_t,
) -> cudnnStatus_t;
///`cudnnRNNBackwardData`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNBackwardData = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: *const cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    dhyDesc: cudnnTensorDescriptor_t,
    dhy: *const ::core::ffi::c_void,
    dcyDesc: cudnnTensorDescriptor_t,
    dcy: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    dxDesc: *const cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    dhxDesc: cudnnTensorDescriptor_t,
    dhx: *mut ::core::ffi::c_void,
    dcxDesc: cudnnTensorDescriptor_t,
    dcx: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNBackwardDataEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNBackwardDataEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: cudnnRNNDataDescriptor_t,
    dy: *const ::core::ffi::c_void,
    dcDesc: cudnnRNNDataDescriptor_t,
    dcAttn: *const ::core::ffi::c_void,
    dhyDesc: cudnnTensorDescriptor_t,
    dhy: *const ::core::ffi::c_void,
    dcyDesc: cudnnTensorDescriptor_t,
    dcy: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    dxDesc: cudnnRNNDataDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    dhxDesc: cudnnTensorDescriptor_t,
    dhx: *mut ::core::ffi::c_void,
    dcxDesc: cudnnTensorDescriptor_t,
    dcx: *mut ::core::ffi::c_void,
    dkDesc: cudnnRNNDataDescriptor_t,
    dkeys: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNBackwardData_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRNNBackwardData_v8 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    devSeqLengths: *const i32,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *const ::core::ffi::c_void,
    dy: *const ::core::ffi::c_void,
    xDesc: cudnnRNNDataDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    hDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    dhy: *const ::core::ffi::c_void,
    dhx: *mut ::core::ffi::c_void,
    cDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    dcy: *const ::core::ffi::c_void,
    dcx: *mut ::core::ffi::c_void,
    weightSpaceSize: usize,
    weightSpace: *const ::core::ffi::c_void,
    workSpaceSize: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSize: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnRNNBackwardWeights`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNBackwardWeights = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    workSpace: *const ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    dwDesc: cudnnFilterDescriptor_t,
    dw: *mut ::core::ffi::c_void,
    reserveSpace: *const ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNBackwardWeightsEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNBackwardWeightsEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    xDesc: cudnnRNNDataDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *const ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    dwDesc: cudnnFilterDescriptor_t,
    dw: *mut ::core::ffi::c_void,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNBackwardWeights_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRNNBackwardWeights_v8 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    addGrad: cudnnWgradMode_t,
    devSeqLengths: *const i32,
    xDesc: cudnnRNNDataDescriptor_t,
    x: *const ::core::ffi::c_void,
    hDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *const ::core::ffi::c_void,
    weightSpaceSize: usize,
    dweightSpace: *mut ::core::ffi::c_void,
    workSpaceSize: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSize: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnRNNForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRNNForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    fwdMode: cudnnForwardMode_t,
    devSeqLengths: *const i32,
    xDesc: cudnnRNNDataDescriptor_t,
    x: *const ::core::ffi::c_void,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    hy: *mut ::core::ffi::c_void,
    cDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    cy: *mut ::core::ffi::c_void,
    weightSpaceSize: usize,
    weightSpace: *const ::core::ffi::c_void,
    workSpaceSize: usize,
    workSpace: *mut ::core::ffi::c_void,
    reserveSpaceSize: usize,
    reserveSpace: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnRNNForwardInference`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNForwardInference = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNForwardInferenceEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNForwardInferenceEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    xDesc: cudnnRNNDataDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    kDesc: cudnnRNNDataDescriptor_t,
    keys: *const ::core::ffi::c_void,
    cDesc: cudnnRNNDataDescriptor_t,
    cAttn: *mut ::core::ffi::c_void,
    iDesc: cudnnRNNDataDescriptor_t,
    iAttn: *mut ::core::ffi::c_void,
    qDesc: cudnnRNNDataDescriptor_t,
    queries: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNForwardTraining`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNForwardTraining = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    seqLength: ::core::ffi::c_int,
    xDesc: *const cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: *const cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNForwardTrainingEx`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNForwardTrainingEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    xDesc: cudnnRNNDataDescriptor_t,
    x: *const ::core::ffi::c_void,
    hxDesc: cudnnTensorDescriptor_t,
    hx: *const ::core::ffi::c_void,
    cxDesc: cudnnTensorDescriptor_t,
    cx: *const ::core::ffi::c_void,
    wDesc: cudnnFilterDescriptor_t,
    w: *const ::core::ffi::c_void,
    yDesc: cudnnRNNDataDescriptor_t,
    y: *mut ::core::ffi::c_void,
    hyDesc: cudnnTensorDescriptor_t,
    hy: *mut ::core::ffi::c_void,
    cyDesc: cudnnTensorDescriptor_t,
    cy: *mut ::core::ffi::c_void,
    kDesc: cudnnRNNDataDescriptor_t,
    keys: *const ::core::ffi::c_void,
    cDesc: cudnnRNNDataDescriptor_t,
    cAttn: *mut ::core::ffi::c_void,
    iDesc: cudnnRNNDataDescriptor_t,
    iAttn: *mut ::core::ffi::c_void,
    qDesc: cudnnRNNDataDescriptor_t,
    queries: *mut ::core::ffi::c_void,
    workSpace: *mut ::core::ffi::c_void,
    workSpaceSizeInBytes: usize,
    reserveSpace: *mut ::core::ffi::c_void,
    reserveSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnRNNGetClip`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNGetClip = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: *mut cudnnRNNClipMode_t,
    clipNanOpt: *mut cudnnNanPropagation_t,
    lclip: *mut f64,
    rclip: *mut f64,
) -> cudnnStatus_t;
///`cudnnRNNGetClip_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRNNGetClip_v8 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: *mut cudnnRNNClipMode_t,
    clipNanOpt: *mut cudnnNanPropagation_t,
    lclip: *mut f64,
    rclip: *mut f64,
) -> cudnnStatus_t;
///`cudnnRNNGetClip_v9`; declared by the headers of cuDNN 9.
pub type PFN_cudnnRNNGetClip_v9 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: *mut cudnnRNNClipMode_t,
    lclip: *mut f64,
    rclip: *mut f64,
) -> cudnnStatus_t;
///`cudnnRNNSetClip`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRNNSetClip = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: cudnnRNNClipMode_t,
    clipNanOpt: cudnnNanPropagation_t,
    lclip: f64,
    rclip: f64,
) -> cudnnStatus_t;
///`cudnnRNNSetClip_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRNNSetClip_v8 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: cudnnRNNClipMode_t,
    clipNanOpt: cudnnNanPropagation_t,
    lclip: f64,
    rclip: f64,
) -> cudnnStatus_t;
///`cudnnRNNSetClip_v9`; declared by the headers of cuDNN 9.
pub type PFN_cudnnRNNSetClip_v9 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    clipMode: cudnnRNNClipMode_t,
    lclip: f64,
    rclip: f64,
) -> cudnnStatus_t;
///`cudnnReduceTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnReduceTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
    indices: *mut ::core::ffi::c_void,
    indicesSizeInBytes: usize,
    workspace: *mut ::core::ffi::c_void,
    workspaceSizeInBytes: usize,
    alpha: *const ::core::ffi::c_void,
    aDesc: cudnnTensorDescriptor_t,
    A: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    cDesc: cudnnTensorDescriptor_t,
    C: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnReorderFilterAndBias`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnReorderFilterAndBias = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    filterDesc: cudnnFilterDescriptor_t,
    reorderType: cudnnReorderType_t,
    filterData: *const ::core::ffi::c_void,
    reorderedFilterData: *mut ::core::ffi::c_void,
    reorderBias: ::core::ffi::c_int,
    biasData: *const ::core::ffi::c_void,
    reorderedBiasData: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnRestoreAlgorithm`; declared by the headers of cuDNN 8.
pub type PFN_cudnnRestoreAlgorithm = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algoSpace: *mut ::core::ffi::c_void,
    algoSpaceSizeInBytes: usize,
    algoDesc: cudnnAlgorithmDescriptor_t,
) -> cudnnStatus_t;
///`cudnnRestoreDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnRestoreDropoutDescriptor = unsafe extern "system" fn(
    dropoutDesc: cudnnDropoutDescriptor_t,
    handle: cudnnHandle_t,
    dropout: f32,
    states: *mut ::core::ffi::c_void,
    stateSizeInBytes: usize,
    seed: ::core::ffi::c_ulonglong,
) -> cudnnStatus_t;
///`cudnnSaveAlgorithm`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSaveAlgorithm = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algoDesc: cudnnAlgorithmDescriptor_t,
    algoSpace: *mut ::core::ffi::c_void,
    algoSpaceSizeInBytes: usize,
) -> cudnnStatus_t;
///`cudnnScaleTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnScaleTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    alpha: *const ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetActivationDescriptor = unsafe extern "system" fn(
    activationDesc: cudnnActivationDescriptor_t,
    mode: cudnnActivationMode_t,
    reluNanOpt: cudnnNanPropagation_t,
    coef: f64,
) -> cudnnStatus_t;
///`cudnnSetActivationDescriptorSwishBeta`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetActivationDescriptorSwishBeta = unsafe extern "system" fn(
    activationDesc: cudnnActivationDescriptor_t,
    swish_beta: f64,
) -> cudnnStatus_t;
///`cudnnSetAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetAlgorithmDescriptor = unsafe extern "system" fn(
    algoDesc: cudnnAlgorithmDescriptor_t,
    algorithm: cudnnAlgorithm_t,
) -> cudnnStatus_t;
///`cudnnSetAlgorithmPerformance`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetAlgorithmPerformance = unsafe extern "system" fn(
    algoPerf: cudnnAlgorithmPerformance_t,
    algoDesc: cudnnAlgorithmDescriptor_t,
    status: cudnnStatus_t,
    time: f32,
    memory: usize,
) -> cudnnStatus_t;
///`cudnnSetAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetAttnDescriptor = unsafe extern "system" fn(
    attnDesc: cudnnAttnDescriptor_t,
    attnMode: ::core::ffi::c_uint,
    nHeads: ::core::ffi::c_int,
    smScaler: f64,
    dataType: cudnnDataType_t,
    computePrec: cudnnDataType_t,
    mathType: cudnnMathType_t,
    attnDropoutDesc: cudnnDropoutDescriptor_t,
    postDropoutDesc: cudnnDropoutDescriptor_t,
    qSize: ::core::ffi::c_int,
    kSize: ::core::ffi::c_int,
    vSize: ::core::ffi::c_int,
    qProjSize: ::core::ffi::c_int,
    kProjSize: ::core::ffi::c_int,
    vProjSize: ::core::ffi::c_int,
    oProjSize: ::core::ffi::c_int,
    qoMaxSeqLength: ::core::ffi::c_int,
    kvMaxSeqLength: ::core::ffi::c_int,
    maxBatchSize: ::core::ffi::c_int,
    maxBeamSize: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetCTCLossDescriptor = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnSetCTCLossDescriptorEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetCTCLossDescriptorEx = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: cudnnDataType_t,
    normMode: cudnnLossNormalizationMode_t,
    gradMode: cudnnNanPropagation_t,
) -> cudnnStatus_t;
///`cudnnSetCTCLossDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetCTCLossDescriptor_v8 = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: cudnnDataType_t,
    normMode: cudnnLossNormalizationMode_t,
    gradMode: cudnnNanPropagation_t,
    maxLabelLength: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetCTCLossDescriptor_v9`; declared by the headers of cuDNN 9.
pub type PFN_cudnnSetCTCLossDescriptor_v9 = unsafe extern "system" fn(
    ctcLossDesc: cudnnCTCLossDescriptor_t,
    compType: cudnnDataType_t,
    normMode: cudnnLossNormalizationMode_t,
    ctcGradMode: cudnnCTCGradMode_t,
    maxLabelLength: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetCallback`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetCallback = unsafe extern "system" fn(
    mask: ::core::ffi::c_uint,
    udata: *mut ::core::ffi::c_void,
    fptr: cudnnCallback_t,
) -> cudnnStatus_t;
///`cudnnSetConvolution2dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetConvolution2dDescriptor = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    pad_h: ::core::ffi::c_int,
    pad_w: ::core::ffi::c_int,
    u: ::core::ffi::c_int,
    v: ::core::ffi::c_int,
    dilation_h: ::core::ffi::c_int,
    dilation_w: ::core::ffi::c_int,
    mode: cudnnConvolutionMode_t,
    computeType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnSetConvolutionGroupCount`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetConvolutionGroupCount = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    groupCount: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetConvolutionMathType`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetConvolutionMathType = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    mathType: cudnnMathType_t,
) -> cudnnStatus_t;
///`cudnnSetConvolutionNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetConvolutionNdDescriptor = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    arrayLength: ::core::ffi::c_int,
    padA: *const ::core::ffi::c_int,
    filterStrideA: *const ::core::ffi::c_int,
    dilationA: *const ::core::ffi::c_int,
    mode: cudnnConvolutionMode_t,
    computeType: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnSetConvolutionReorderType`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetConvolutionReorderType = unsafe extern "system" fn(
    convDesc: cudnnConvolutionDescriptor_t,
    reorderType: cudnnReorderType_t,
) -> cudnnStatus_t;
///`cudnnSetDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetDropoutDescriptor = unsafe extern "system" fn(
    dropoutDesc: cudnnDropoutDescriptor_t,
    handle: cudnnHandle_t,
    dropout: f32,
    states: *mut ::core::ffi::c_void,
    stateSizeInBytes: usize,
    seed: ::core::ffi::c_ulonglong,
) -> cudnnStatus_t;
///`cudnnSetFilter4dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetFilter4dDescriptor = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
    dataType: cudnnDataType_t,
    format: cudnnTensorFormat_t,
    k: ::core::ffi::c_int,
    c: ::core::ffi::c_int,
    h: ::core::ffi::c_int,
    w: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetFilterNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetFilterNdDescriptor = unsafe extern "system" fn(
    filterDesc: cudnnFilterDescriptor_t,
    dataType: cudnnDataType_t,
    format: cudnnTensorFormat_t,
    nbDims: ::core::ffi::c_int,
    filterDimA: *const ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetFusedOpsConstParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetFusedOpsConstParamPackAttribute = unsafe extern "system" fn(
    constPack: cudnnFusedOpsConstParamPack_t,
    paramLabel: cudnnFusedOpsConstParamLabel_t,
    param: *const ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetFusedOpsVariantParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetFusedOpsVariantParamPackAttribute = unsafe extern "system" fn(
    varPack: cudnnFusedOpsVariantParamPack_t,
    paramLabel: cudnnFusedOpsVariantParamLabel_t,
    ptr: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetLRNDescriptor = unsafe extern "system" fn(
    normDesc: cudnnLRNDescriptor_t,
    lrnN: ::core::ffi::c_uint,
    lrnAlpha: f64,
    lrnBeta: f64,
    lrnK: f64,
) -> cudnnStatus_t;
///`cudnnSetOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetOpTensorDescriptor = unsafe extern "system" fn(
    opTensorDesc: cudnnOpTensorDescriptor_t,
    opTensorOp: cudnnOpTensorOp_t,
    opTensorCompType: cudnnDataType_t,
    opTensorNanOpt: cudnnNanPropagation_t,
) -> cudnnStatus_t;
///`cudnnSetPersistentRNNPlan`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetPersistentRNNPlan = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    plan: cudnnPersistentRNNPlan_t,
) -> cudnnStatus_t;
///`cudnnSetPooling2dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetPooling2dDescriptor = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    mode: cudnnPoolingMode_t,
    maxpoolingNanOpt: cudnnNanPropagation_t,
    windowHeight: ::core::ffi::c_int,
    windowWidth: ::core::ffi::c_int,
    verticalPadding: ::core::ffi::c_int,
    horizontalPadding: ::core::ffi::c_int,
    verticalStride: ::core::ffi::c_int,
    horizontalStride: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetPoolingNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetPoolingNdDescriptor = unsafe extern "system" fn(
    poolingDesc: cudnnPoolingDescriptor_t,
    mode: cudnnPoolingMode_t,
    maxpoolingNanOpt: cudnnNanPropagation_t,
    nbDims: ::core::ffi::c_int,
    windowDimA: *const ::core::ffi::c_int,
    paddingA: *const ::core::ffi::c_int,
    strideA: *const ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetRNNAlgorithmDescriptor`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNAlgorithmDescriptor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    algoDesc: cudnnAlgorithmDescriptor_t,
) -> cudnnStatus_t;
///`cudnnSetRNNBiasMode`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNBiasMode = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    biasMode: cudnnRNNBiasMode_t,
) -> cudnnStatus_t;
///`cudnnSetRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetRNNDataDescriptor = unsafe extern "system" fn(
    rnnDataDesc: cudnnRNNDataDescriptor_t,
    dataType: cudnnDataType_t,
    layout: cudnnRNNDataLayout_t,
    maxSeqLength: ::core::ffi::c_int,
    batchSize: ::core::ffi::c_int,
    vectorSize: ::core::ffi::c_int,
    seqLengthArray: *const ::core::ffi::c_int,
    paddingFill: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetRNNDescriptor_v6`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNDescriptor_v6 = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    hiddenSize: ::core::ffi::c_int,
    numLayers: ::core::ffi::c_int,
    dropoutDesc: cudnnDropoutDescriptor_t,
    inputMode: cudnnRNNInputMode_t,
    direction: cudnnDirectionMode_t,
    cellMode: cudnnRNNMode_t,
    algo: cudnnRNNAlgo_t,
    mathPrec: cudnnDataType_t,
) -> cudnnStatus_t;
///`cudnnSetRNNDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetRNNDescriptor_v8 = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    algo: cudnnRNNAlgo_t,
    cellMode: cudnnRNNMode_t,
    biasMode: cudnnRNNBiasMode_t,
    dirMode: cudnnDirectionMode_t,
    inputMode: cudnnRNNInputMode_t,
    dataType: cudnnDataType_t,
    mathPrec: cudnnDataType_t,
    mathType: cudnnMathType_t,
    inputSize: i32,
    hiddenSize: i32,
    projSize: i32,
    numLayers: i32,
    dropoutDesc: cudnnDropoutDescriptor_t,
    auxFlags: u32,
) -> cudnnStatus_t;
///`cudnnSetRNNMatrixMathType`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNMatrixMathType = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    mType: cudnnMathType_t,
) -> cudnnStatus_t;
///`cudnnSetRNNPaddingMode`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNPaddingMode = unsafe extern "system" fn(
    rnnDesc: cudnnRNNDescriptor_t,
    paddingMode: ::core::ffi::c_uint,
) -> cudnnStatus_t;
///`cudnnSetRNNProjectionLayers`; declared by the headers of cuDNN 8.
pub type PFN_cudnnSetRNNProjectionLayers = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    rnnDesc: cudnnRNNDescriptor_t,
    recProjSize: ::core::ffi::c_int,
    outProjSize: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetReduceTensorDescriptor = unsafe extern "system" fn(
    reduceTensorDesc: cudnnReduceTensorDescriptor_t,
    reduceTensorOp: cudnnReduceTensorOp_t,
    reduceTensorCompType: cudnnDataType_t,
    reduceTensorNanOpt: cudnnNanPropagation_t,
    reduceTensorIndices: cudnnReduceTensorIndices_t,
    reduceTensorIndicesType: cudnnIndicesType_t,
) -> cudnnStatus_t;
///`cudnnSetSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetSeqDataDescriptor = unsafe extern "system" fn(
    seqDataDesc: cudnnSeqDataDescriptor_t,
    dataType: cudnnDataType_t,
    nbDims: ::core::ffi::c_int,
    dimA: *const ::core::ffi::c_int,
    axes: *const cudnnSeqDataAxis_t,
    seqLengthArraySize: usize,
    seqLengthArray: *const ::core::ffi::c_int,
    paddingFill: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetSpatialTransformerNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetSpatialTransformerNdDescriptor = unsafe extern "system" fn(
    stDesc: cudnnSpatialTransformerDescriptor_t,
    samplerType: cudnnSamplerType_t,
    dataType: cudnnDataType_t,
    nbDims: ::core::ffi::c_int,
    dimA: *const ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetStream`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetStream = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    streamId: cudaStream_t,
) -> cudnnStatus_t;
///`cudnnSetTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
    valuePtr: *const ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSetTensor4dDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensor4dDescriptor = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    format: cudnnTensorFormat_t,
    dataType: cudnnDataType_t,
    n: ::core::ffi::c_int,
    c: ::core::ffi::c_int,
    h: ::core::ffi::c_int,
    w: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetTensor4dDescriptorEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensor4dDescriptorEx = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    dataType: cudnnDataType_t,
    n: ::core::ffi::c_int,
    c: ::core::ffi::c_int,
    h: ::core::ffi::c_int,
    w: ::core::ffi::c_int,
    nStride: ::core::ffi::c_int,
    cStride: ::core::ffi::c_int,
    hStride: ::core::ffi::c_int,
    wStride: ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetTensorNdDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensorNdDescriptor = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    dataType: cudnnDataType_t,
    nbDims: ::core::ffi::c_int,
    dimA: *const ::core::ffi::c_int,
    strideA: *const ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetTensorNdDescriptorEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensorNdDescriptorEx = unsafe extern "system" fn(
    tensorDesc: cudnnTensorDescriptor_t,
    format: cudnnTensorFormat_t,
    dataType: cudnnDataType_t,
    nbDims: ::core::ffi::c_int,
    dimA: *const ::core::ffi::c_int,
) -> cudnnStatus_t;
///`cudnnSetTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSetTensorTransformDescriptor = unsafe extern "system" fn(
    transformDesc: cudnnTensorTransformDescriptor_t,
    nbDims: u32,
    destFormat: cudnnTensorFormat_t,
    padBeforeA: *const i32,
    padAfterA: *const i32,
    foldA: *const u32,
    direction: cudnnFoldingDirection_t,
) -> cudnnStatus_t;
///`cudnnSoftmaxBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSoftmaxBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algo: cudnnSoftmaxAlgorithm_t,
    mode: cudnnSoftmaxMode_t,
    alpha: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSoftmaxForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSoftmaxForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    algo: cudnnSoftmaxAlgorithm_t,
    mode: cudnnSoftmaxMode_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSpatialTfGridGeneratorBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSpatialTfGridGeneratorBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    stDesc: cudnnSpatialTransformerDescriptor_t,
    dgrid: *const ::core::ffi::c_void,
    dtheta: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSpatialTfGridGeneratorForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSpatialTfGridGeneratorForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    stDesc: cudnnSpatialTransformerDescriptor_t,
    theta: *const ::core::ffi::c_void,
    grid: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSpatialTfSamplerBackward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSpatialTfSamplerBackward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    stDesc: cudnnSpatialTransformerDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    dxDesc: cudnnTensorDescriptor_t,
    dx: *mut ::core::ffi::c_void,
    alphaDgrid: *const ::core::ffi::c_void,
    dyDesc: cudnnTensorDescriptor_t,
    dy: *const ::core::ffi::c_void,
    grid: *const ::core::ffi::c_void,
    betaDgrid: *const ::core::ffi::c_void,
    dgrid: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSpatialTfSamplerForward`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnSpatialTfSamplerForward = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    stDesc: cudnnSpatialTransformerDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    grid: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnSubquadraticOpsVersionCheck`; declared by the headers of cuDNN 9.
pub type PFN_cudnnSubquadraticOpsVersionCheck = unsafe extern "system" fn() -> cudnnStatus_t;
///`cudnnTransformFilter`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnTransformFilter = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    transDesc: cudnnTensorTransformDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    srcDesc: cudnnFilterDescriptor_t,
    srcData: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    destDesc: cudnnFilterDescriptor_t,
    destData: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnTransformTensor`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnTransformTensor = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    alpha: *const ::core::ffi::c_void,
    xDesc: cudnnTensorDescriptor_t,
    x: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    yDesc: cudnnTensorDescriptor_t,
    y: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///`cudnnTransformTensorEx`; declared by the headers of cuDNN 8 and 9.
pub type PFN_cudnnTransformTensorEx = unsafe extern "system" fn(
    handle: cudnnHandle_t,
    transDesc: cudnnTensorTransformDescriptor_t,
    alpha: *const ::core::ffi::c_void,
    srcDesc: cudnnTensorDescriptor_t,
    srcData: *const ::core::ffi::c_void,
    beta: *const ::core::ffi::c_void,
    destDesc: cudnnTensorDescriptor_t,
    destData: *mut ::core::ffi::c_void,
) -> cudnnStatus_t;
///Every function declared by the headers of cuDNN 9.28.0, 8.9.5 (294 in all): each is `Some` when the library in use provides it.
///
/// The table is not `Clone`: its pointers are valid only while the
/// library they were read from stays loaded, so it lives beside that
/// library.
#[allow(non_snake_case)]
#[derive(Debug)]
pub struct Functions {
    ///`cudnnActivationBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnActivationBackward: Option<PFN_cudnnActivationBackward>,
    ///`cudnnActivationForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnActivationForward: Option<PFN_cudnnActivationForward>,
    ///`cudnnAddTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnAddTensor: Option<PFN_cudnnAddTensor>,
    ///`cudnnAdvInferVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnAdvInferVersionCheck: Option<PFN_cudnnAdvInferVersionCheck>,
    ///`cudnnAdvTrainVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnAdvTrainVersionCheck: Option<PFN_cudnnAdvTrainVersionCheck>,
    ///`cudnnAdvVersionCheck`; declared by the headers of cuDNN 9.
    pub cudnnAdvVersionCheck: Option<PFN_cudnnAdvVersionCheck>,
    ///`cudnnB2BCausalConv1dBackward`; declared by the headers of cuDNN 9.
    pub cudnnB2BCausalConv1dBackward: Option<PFN_cudnnB2BCausalConv1dBackward>,
    ///`cudnnB2BCausalConv1dForward`; declared by the headers of cuDNN 9.
    pub cudnnB2BCausalConv1dForward: Option<PFN_cudnnB2BCausalConv1dForward>,
    ///`cudnnBackendCreateDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendCreateDescriptor: Option<PFN_cudnnBackendCreateDescriptor>,
    ///`cudnnBackendDestroyDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendDestroyDescriptor: Option<PFN_cudnnBackendDestroyDescriptor>,
    ///`cudnnBackendExecute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendExecute: Option<PFN_cudnnBackendExecute>,
    ///`cudnnBackendFinalize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendFinalize: Option<PFN_cudnnBackendFinalize>,
    ///`cudnnBackendGetAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendGetAttribute: Option<PFN_cudnnBackendGetAttribute>,
    ///`cudnnBackendInitialize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendInitialize: Option<PFN_cudnnBackendInitialize>,
    ///`cudnnBackendPopulateCudaGraph`; declared by the headers of cuDNN 9.
    pub cudnnBackendPopulateCudaGraph: Option<PFN_cudnnBackendPopulateCudaGraph>,
    ///`cudnnBackendSetAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBackendSetAttribute: Option<PFN_cudnnBackendSetAttribute>,
    ///`cudnnBackendUpdateCudaGraph`; declared by the headers of cuDNN 9.
    pub cudnnBackendUpdateCudaGraph: Option<PFN_cudnnBackendUpdateCudaGraph>,
    ///`cudnnBatchNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBatchNormalizationBackward: Option<PFN_cudnnBatchNormalizationBackward>,
    ///`cudnnBatchNormalizationBackwardEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBatchNormalizationBackwardEx: Option<PFN_cudnnBatchNormalizationBackwardEx>,
    ///`cudnnBatchNormalizationForwardInference`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBatchNormalizationForwardInference: Option<
        PFN_cudnnBatchNormalizationForwardInference,
    >,
    ///`cudnnBatchNormalizationForwardTraining`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBatchNormalizationForwardTraining: Option<
        PFN_cudnnBatchNormalizationForwardTraining,
    >,
    ///`cudnnBatchNormalizationForwardTrainingEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBatchNormalizationForwardTrainingEx: Option<
        PFN_cudnnBatchNormalizationForwardTrainingEx,
    >,
    ///`cudnnBuildRNNDynamic`; declared by the headers of cuDNN 8 and 9.
    pub cudnnBuildRNNDynamic: Option<PFN_cudnnBuildRNNDynamic>,
    ///`cudnnCTCLoss`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCTCLoss: Option<PFN_cudnnCTCLoss>,
    ///`cudnnCTCLoss_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCTCLoss_v8: Option<PFN_cudnnCTCLoss_v8>,
    ///`cudnnCausalConv1dBackward`; declared by the headers of cuDNN 9.
    pub cudnnCausalConv1dBackward: Option<PFN_cudnnCausalConv1dBackward>,
    ///`cudnnCausalConv1dForward`; declared by the headers of cuDNN 9.
    pub cudnnCausalConv1dForward: Option<PFN_cudnnCausalConv1dForward>,
    ///`cudnnCausalConv1dNwhBackward`; declared by the headers of cuDNN 9.
    pub cudnnCausalConv1dNwhBackward: Option<PFN_cudnnCausalConv1dNwhBackward>,
    ///`cudnnCausalConv1dNwhForward`; declared by the headers of cuDNN 9.
    pub cudnnCausalConv1dNwhForward: Option<PFN_cudnnCausalConv1dNwhForward>,
    ///`cudnnCnnInferVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnCnnInferVersionCheck: Option<PFN_cudnnCnnInferVersionCheck>,
    ///`cudnnCnnTrainVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnCnnTrainVersionCheck: Option<PFN_cudnnCnnTrainVersionCheck>,
    ///`cudnnCnnVersionCheck`; declared by the headers of cuDNN 9.
    pub cudnnCnnVersionCheck: Option<PFN_cudnnCnnVersionCheck>,
    ///`cudnnConvolutionBackwardBias`; declared by the headers of cuDNN 8 and 9.
    pub cudnnConvolutionBackwardBias: Option<PFN_cudnnConvolutionBackwardBias>,
    ///`cudnnConvolutionBackwardData`; declared by the headers of cuDNN 8 and 9.
    pub cudnnConvolutionBackwardData: Option<PFN_cudnnConvolutionBackwardData>,
    ///`cudnnConvolutionBackwardFilter`; declared by the headers of cuDNN 8 and 9.
    pub cudnnConvolutionBackwardFilter: Option<PFN_cudnnConvolutionBackwardFilter>,
    ///`cudnnConvolutionBiasActivationForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnConvolutionBiasActivationForward: Option<
        PFN_cudnnConvolutionBiasActivationForward,
    >,
    ///`cudnnConvolutionForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnConvolutionForward: Option<PFN_cudnnConvolutionForward>,
    ///`cudnnCopyAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnCopyAlgorithmDescriptor: Option<PFN_cudnnCopyAlgorithmDescriptor>,
    ///`cudnnCreate`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreate: Option<PFN_cudnnCreate>,
    ///`cudnnCreateActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateActivationDescriptor: Option<PFN_cudnnCreateActivationDescriptor>,
    ///`cudnnCreateAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnCreateAlgorithmDescriptor: Option<PFN_cudnnCreateAlgorithmDescriptor>,
    ///`cudnnCreateAlgorithmPerformance`; declared by the headers of cuDNN 8.
    pub cudnnCreateAlgorithmPerformance: Option<PFN_cudnnCreateAlgorithmPerformance>,
    ///`cudnnCreateAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateAttnDescriptor: Option<PFN_cudnnCreateAttnDescriptor>,
    ///`cudnnCreateCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateCTCLossDescriptor: Option<PFN_cudnnCreateCTCLossDescriptor>,
    ///`cudnnCreateConvolutionDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateConvolutionDescriptor: Option<PFN_cudnnCreateConvolutionDescriptor>,
    ///`cudnnCreateDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateDropoutDescriptor: Option<PFN_cudnnCreateDropoutDescriptor>,
    ///`cudnnCreateFilterDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateFilterDescriptor: Option<PFN_cudnnCreateFilterDescriptor>,
    ///`cudnnCreateFusedOpsConstParamPack`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateFusedOpsConstParamPack: Option<PFN_cudnnCreateFusedOpsConstParamPack>,
    ///`cudnnCreateFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateFusedOpsPlan: Option<PFN_cudnnCreateFusedOpsPlan>,
    ///`cudnnCreateFusedOpsVariantParamPack`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateFusedOpsVariantParamPack: Option<
        PFN_cudnnCreateFusedOpsVariantParamPack,
    >,
    ///`cudnnCreateLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateLRNDescriptor: Option<PFN_cudnnCreateLRNDescriptor>,
    ///`cudnnCreateOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateOpTensorDescriptor: Option<PFN_cudnnCreateOpTensorDescriptor>,
    ///`cudnnCreatePersistentRNNPlan`; declared by the headers of cuDNN 8.
    pub cudnnCreatePersistentRNNPlan: Option<PFN_cudnnCreatePersistentRNNPlan>,
    ///`cudnnCreatePoolingDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreatePoolingDescriptor: Option<PFN_cudnnCreatePoolingDescriptor>,
    ///`cudnnCreateRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateRNNDataDescriptor: Option<PFN_cudnnCreateRNNDataDescriptor>,
    ///`cudnnCreateRNNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateRNNDescriptor: Option<PFN_cudnnCreateRNNDescriptor>,
    ///`cudnnCreateReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateReduceTensorDescriptor: Option<PFN_cudnnCreateReduceTensorDescriptor>,
    ///`cudnnCreateSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateSeqDataDescriptor: Option<PFN_cudnnCreateSeqDataDescriptor>,
    ///`cudnnCreateSpatialTransformerDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateSpatialTransformerDescriptor: Option<
        PFN_cudnnCreateSpatialTransformerDescriptor,
    >,
    ///`cudnnCreateTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateTensorDescriptor: Option<PFN_cudnnCreateTensorDescriptor>,
    ///`cudnnCreateTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnCreateTensorTransformDescriptor: Option<
        PFN_cudnnCreateTensorTransformDescriptor,
    >,
    ///`cudnnDeriveBNTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDeriveBNTensorDescriptor: Option<PFN_cudnnDeriveBNTensorDescriptor>,
    ///`cudnnDeriveNormTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDeriveNormTensorDescriptor: Option<PFN_cudnnDeriveNormTensorDescriptor>,
    ///`cudnnDestroy`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroy: Option<PFN_cudnnDestroy>,
    ///`cudnnDestroyActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyActivationDescriptor: Option<PFN_cudnnDestroyActivationDescriptor>,
    ///`cudnnDestroyAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnDestroyAlgorithmDescriptor: Option<PFN_cudnnDestroyAlgorithmDescriptor>,
    ///`cudnnDestroyAlgorithmPerformance`; declared by the headers of cuDNN 8.
    pub cudnnDestroyAlgorithmPerformance: Option<PFN_cudnnDestroyAlgorithmPerformance>,
    ///`cudnnDestroyAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyAttnDescriptor: Option<PFN_cudnnDestroyAttnDescriptor>,
    ///`cudnnDestroyCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyCTCLossDescriptor: Option<PFN_cudnnDestroyCTCLossDescriptor>,
    ///`cudnnDestroyConvolutionDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyConvolutionDescriptor: Option<PFN_cudnnDestroyConvolutionDescriptor>,
    ///`cudnnDestroyDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyDropoutDescriptor: Option<PFN_cudnnDestroyDropoutDescriptor>,
    ///`cudnnDestroyFilterDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyFilterDescriptor: Option<PFN_cudnnDestroyFilterDescriptor>,
    ///`cudnnDestroyFusedOpsConstParamPack`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyFusedOpsConstParamPack: Option<
        PFN_cudnnDestroyFusedOpsConstParamPack,
    >,
    ///`cudnnDestroyFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyFusedOpsPlan: Option<PFN_cudnnDestroyFusedOpsPlan>,
    ///`cudnnDestroyFusedOpsVariantParamPack`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyFusedOpsVariantParamPack: Option<
        PFN_cudnnDestroyFusedOpsVariantParamPack,
    >,
    ///`cudnnDestroyLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyLRNDescriptor: Option<PFN_cudnnDestroyLRNDescriptor>,
    ///`cudnnDestroyOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyOpTensorDescriptor: Option<PFN_cudnnDestroyOpTensorDescriptor>,
    ///`cudnnDestroyPersistentRNNPlan`; declared by the headers of cuDNN 8.
    pub cudnnDestroyPersistentRNNPlan: Option<PFN_cudnnDestroyPersistentRNNPlan>,
    ///`cudnnDestroyPoolingDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyPoolingDescriptor: Option<PFN_cudnnDestroyPoolingDescriptor>,
    ///`cudnnDestroyRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyRNNDataDescriptor: Option<PFN_cudnnDestroyRNNDataDescriptor>,
    ///`cudnnDestroyRNNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyRNNDescriptor: Option<PFN_cudnnDestroyRNNDescriptor>,
    ///`cudnnDestroyReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyReduceTensorDescriptor: Option<
        PFN_cudnnDestroyReduceTensorDescriptor,
    >,
    ///`cudnnDestroySeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroySeqDataDescriptor: Option<PFN_cudnnDestroySeqDataDescriptor>,
    ///`cudnnDestroySpatialTransformerDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroySpatialTransformerDescriptor: Option<
        PFN_cudnnDestroySpatialTransformerDescriptor,
    >,
    ///`cudnnDestroyTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyTensorDescriptor: Option<PFN_cudnnDestroyTensorDescriptor>,
    ///`cudnnDestroyTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDestroyTensorTransformDescriptor: Option<
        PFN_cudnnDestroyTensorTransformDescriptor,
    >,
    ///`cudnnDivisiveNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDivisiveNormalizationBackward: Option<
        PFN_cudnnDivisiveNormalizationBackward,
    >,
    ///`cudnnDivisiveNormalizationForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDivisiveNormalizationForward: Option<PFN_cudnnDivisiveNormalizationForward>,
    ///`cudnnDropoutBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDropoutBackward: Option<PFN_cudnnDropoutBackward>,
    ///`cudnnDropoutForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDropoutForward: Option<PFN_cudnnDropoutForward>,
    ///`cudnnDropoutGetReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDropoutGetReserveSpaceSize: Option<PFN_cudnnDropoutGetReserveSpaceSize>,
    ///`cudnnDropoutGetStatesSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnDropoutGetStatesSize: Option<PFN_cudnnDropoutGetStatesSize>,
    ///`cudnnFFTCausalConv1dBackward`; declared by the headers of cuDNN 9.
    pub cudnnFFTCausalConv1dBackward: Option<PFN_cudnnFFTCausalConv1dBackward>,
    ///`cudnnFFTCausalConv1dForward`; declared by the headers of cuDNN 9.
    pub cudnnFFTCausalConv1dForward: Option<PFN_cudnnFFTCausalConv1dForward>,
    ///`cudnnFindConvolutionBackwardDataAlgorithm`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionBackwardDataAlgorithm: Option<
        PFN_cudnnFindConvolutionBackwardDataAlgorithm,
    >,
    ///`cudnnFindConvolutionBackwardDataAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionBackwardDataAlgorithmEx: Option<
        PFN_cudnnFindConvolutionBackwardDataAlgorithmEx,
    >,
    ///`cudnnFindConvolutionBackwardFilterAlgorithm`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionBackwardFilterAlgorithm: Option<
        PFN_cudnnFindConvolutionBackwardFilterAlgorithm,
    >,
    ///`cudnnFindConvolutionBackwardFilterAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionBackwardFilterAlgorithmEx: Option<
        PFN_cudnnFindConvolutionBackwardFilterAlgorithmEx,
    >,
    ///`cudnnFindConvolutionForwardAlgorithm`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionForwardAlgorithm: Option<
        PFN_cudnnFindConvolutionForwardAlgorithm,
    >,
    ///`cudnnFindConvolutionForwardAlgorithmEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFindConvolutionForwardAlgorithmEx: Option<
        PFN_cudnnFindConvolutionForwardAlgorithmEx,
    >,
    ///`cudnnFindRNNBackwardDataAlgorithmEx`; declared by the headers of cuDNN 8.
    pub cudnnFindRNNBackwardDataAlgorithmEx: Option<
        PFN_cudnnFindRNNBackwardDataAlgorithmEx,
    >,
    ///`cudnnFindRNNBackwardWeightsAlgorithmEx`; declared by the headers of cuDNN 8.
    pub cudnnFindRNNBackwardWeightsAlgorithmEx: Option<
        PFN_cudnnFindRNNBackwardWeightsAlgorithmEx,
    >,
    ///`cudnnFindRNNForwardInferenceAlgorithmEx`; declared by the headers of cuDNN 8.
    pub cudnnFindRNNForwardInferenceAlgorithmEx: Option<
        PFN_cudnnFindRNNForwardInferenceAlgorithmEx,
    >,
    ///`cudnnFindRNNForwardTrainingAlgorithmEx`; declared by the headers of cuDNN 8.
    pub cudnnFindRNNForwardTrainingAlgorithmEx: Option<
        PFN_cudnnFindRNNForwardTrainingAlgorithmEx,
    >,
    ///`cudnnFusedOpsExecute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnFusedOpsExecute: Option<PFN_cudnnFusedOpsExecute>,
    ///`cudnnGetActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetActivationDescriptor: Option<PFN_cudnnGetActivationDescriptor>,
    ///`cudnnGetActivationDescriptorSwishBeta`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetActivationDescriptorSwishBeta: Option<
        PFN_cudnnGetActivationDescriptorSwishBeta,
    >,
    ///`cudnnGetAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnGetAlgorithmDescriptor: Option<PFN_cudnnGetAlgorithmDescriptor>,
    ///`cudnnGetAlgorithmPerformance`; declared by the headers of cuDNN 8.
    pub cudnnGetAlgorithmPerformance: Option<PFN_cudnnGetAlgorithmPerformance>,
    ///`cudnnGetAlgorithmSpaceSize`; declared by the headers of cuDNN 8.
    pub cudnnGetAlgorithmSpaceSize: Option<PFN_cudnnGetAlgorithmSpaceSize>,
    ///`cudnnGetAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetAttnDescriptor: Option<PFN_cudnnGetAttnDescriptor>,
    ///`cudnnGetBatchNormalizationBackwardExWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetBatchNormalizationBackwardExWorkspaceSize: Option<
        PFN_cudnnGetBatchNormalizationBackwardExWorkspaceSize,
    >,
    ///`cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize: Option<
        PFN_cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize,
    >,
    ///`cudnnGetBatchNormalizationTrainingExReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetBatchNormalizationTrainingExReserveSpaceSize: Option<
        PFN_cudnnGetBatchNormalizationTrainingExReserveSpaceSize,
    >,
    ///`cudnnGetCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCTCLossDescriptor: Option<PFN_cudnnGetCTCLossDescriptor>,
    ///`cudnnGetCTCLossDescriptorEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCTCLossDescriptorEx: Option<PFN_cudnnGetCTCLossDescriptorEx>,
    ///`cudnnGetCTCLossDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCTCLossDescriptor_v8: Option<PFN_cudnnGetCTCLossDescriptor_v8>,
    ///`cudnnGetCTCLossDescriptor_v9`; declared by the headers of cuDNN 9.
    pub cudnnGetCTCLossDescriptor_v9: Option<PFN_cudnnGetCTCLossDescriptor_v9>,
    ///`cudnnGetCTCLossWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCTCLossWorkspaceSize: Option<PFN_cudnnGetCTCLossWorkspaceSize>,
    ///`cudnnGetCTCLossWorkspaceSize_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCTCLossWorkspaceSize_v8: Option<PFN_cudnnGetCTCLossWorkspaceSize_v8>,
    ///`cudnnGetCallback`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCallback: Option<PFN_cudnnGetCallback>,
    ///`cudnnGetConvolution2dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolution2dDescriptor: Option<PFN_cudnnGetConvolution2dDescriptor>,
    ///`cudnnGetConvolution2dForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolution2dForwardOutputDim: Option<
        PFN_cudnnGetConvolution2dForwardOutputDim,
    >,
    ///`cudnnGetConvolutionBackwardDataAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardDataAlgorithmMaxCount: Option<
        PFN_cudnnGetConvolutionBackwardDataAlgorithmMaxCount,
    >,
    ///`cudnnGetConvolutionBackwardDataAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardDataAlgorithm_v7: Option<
        PFN_cudnnGetConvolutionBackwardDataAlgorithm_v7,
    >,
    ///`cudnnGetConvolutionBackwardDataWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardDataWorkspaceSize: Option<
        PFN_cudnnGetConvolutionBackwardDataWorkspaceSize,
    >,
    ///`cudnnGetConvolutionBackwardFilterAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardFilterAlgorithmMaxCount: Option<
        PFN_cudnnGetConvolutionBackwardFilterAlgorithmMaxCount,
    >,
    ///`cudnnGetConvolutionBackwardFilterAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardFilterAlgorithm_v7: Option<
        PFN_cudnnGetConvolutionBackwardFilterAlgorithm_v7,
    >,
    ///`cudnnGetConvolutionBackwardFilterWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionBackwardFilterWorkspaceSize: Option<
        PFN_cudnnGetConvolutionBackwardFilterWorkspaceSize,
    >,
    ///`cudnnGetConvolutionForwardAlgorithmMaxCount`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionForwardAlgorithmMaxCount: Option<
        PFN_cudnnGetConvolutionForwardAlgorithmMaxCount,
    >,
    ///`cudnnGetConvolutionForwardAlgorithm_v7`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionForwardAlgorithm_v7: Option<
        PFN_cudnnGetConvolutionForwardAlgorithm_v7,
    >,
    ///`cudnnGetConvolutionForwardWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionForwardWorkspaceSize: Option<
        PFN_cudnnGetConvolutionForwardWorkspaceSize,
    >,
    ///`cudnnGetConvolutionGroupCount`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionGroupCount: Option<PFN_cudnnGetConvolutionGroupCount>,
    ///`cudnnGetConvolutionMathType`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionMathType: Option<PFN_cudnnGetConvolutionMathType>,
    ///`cudnnGetConvolutionNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionNdDescriptor: Option<PFN_cudnnGetConvolutionNdDescriptor>,
    ///`cudnnGetConvolutionNdForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionNdForwardOutputDim: Option<
        PFN_cudnnGetConvolutionNdForwardOutputDim,
    >,
    ///`cudnnGetConvolutionReorderType`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetConvolutionReorderType: Option<PFN_cudnnGetConvolutionReorderType>,
    ///`cudnnGetCudartVersion`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetCudartVersion: Option<PFN_cudnnGetCudartVersion>,
    ///`cudnnGetDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetDropoutDescriptor: Option<PFN_cudnnGetDropoutDescriptor>,
    ///`cudnnGetErrorString`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetErrorString: Option<PFN_cudnnGetErrorString>,
    ///`cudnnGetExecutionPlanWorkspaceSize`; declared by the headers of cuDNN 9.
    pub cudnnGetExecutionPlanWorkspaceSize: Option<
        PFN_cudnnGetExecutionPlanWorkspaceSize,
    >,
    ///`cudnnGetFilter4dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFilter4dDescriptor: Option<PFN_cudnnGetFilter4dDescriptor>,
    ///`cudnnGetFilterNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFilterNdDescriptor: Option<PFN_cudnnGetFilterNdDescriptor>,
    ///`cudnnGetFilterSizeInBytes`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFilterSizeInBytes: Option<PFN_cudnnGetFilterSizeInBytes>,
    ///`cudnnGetFoldedConvBackwardDataDescriptors`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFoldedConvBackwardDataDescriptors: Option<
        PFN_cudnnGetFoldedConvBackwardDataDescriptors,
    >,
    ///`cudnnGetFusedOpsConstParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFusedOpsConstParamPackAttribute: Option<
        PFN_cudnnGetFusedOpsConstParamPackAttribute,
    >,
    ///`cudnnGetFusedOpsVariantParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetFusedOpsVariantParamPackAttribute: Option<
        PFN_cudnnGetFusedOpsVariantParamPackAttribute,
    >,
    ///`cudnnGetLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetLRNDescriptor: Option<PFN_cudnnGetLRNDescriptor>,
    ///`cudnnGetLastErrorString`; declared by the headers of cuDNN 9.
    pub cudnnGetLastErrorString: Option<PFN_cudnnGetLastErrorString>,
    ///`cudnnGetMaxDeviceVersion`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetMaxDeviceVersion: Option<PFN_cudnnGetMaxDeviceVersion>,
    ///`cudnnGetMultiHeadAttnBuffers`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetMultiHeadAttnBuffers: Option<PFN_cudnnGetMultiHeadAttnBuffers>,
    ///`cudnnGetMultiHeadAttnWeights`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetMultiHeadAttnWeights: Option<PFN_cudnnGetMultiHeadAttnWeights>,
    ///`cudnnGetNormalizationBackwardWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetNormalizationBackwardWorkspaceSize: Option<
        PFN_cudnnGetNormalizationBackwardWorkspaceSize,
    >,
    ///`cudnnGetNormalizationForwardTrainingWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetNormalizationForwardTrainingWorkspaceSize: Option<
        PFN_cudnnGetNormalizationForwardTrainingWorkspaceSize,
    >,
    ///`cudnnGetNormalizationTrainingReserveSpaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetNormalizationTrainingReserveSpaceSize: Option<
        PFN_cudnnGetNormalizationTrainingReserveSpaceSize,
    >,
    ///`cudnnGetOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetOpTensorDescriptor: Option<PFN_cudnnGetOpTensorDescriptor>,
    ///`cudnnGetPooling2dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetPooling2dDescriptor: Option<PFN_cudnnGetPooling2dDescriptor>,
    ///`cudnnGetPooling2dForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetPooling2dForwardOutputDim: Option<PFN_cudnnGetPooling2dForwardOutputDim>,
    ///`cudnnGetPoolingNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetPoolingNdDescriptor: Option<PFN_cudnnGetPoolingNdDescriptor>,
    ///`cudnnGetPoolingNdForwardOutputDim`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetPoolingNdForwardOutputDim: Option<PFN_cudnnGetPoolingNdForwardOutputDim>,
    ///`cudnnGetProperty`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetProperty: Option<PFN_cudnnGetProperty>,
    ///`cudnnGetRNNBackwardDataAlgorithmMaxCount`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNBackwardDataAlgorithmMaxCount: Option<
        PFN_cudnnGetRNNBackwardDataAlgorithmMaxCount,
    >,
    ///`cudnnGetRNNBackwardWeightsAlgorithmMaxCount`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNBackwardWeightsAlgorithmMaxCount: Option<
        PFN_cudnnGetRNNBackwardWeightsAlgorithmMaxCount,
    >,
    ///`cudnnGetRNNBiasMode`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNBiasMode: Option<PFN_cudnnGetRNNBiasMode>,
    ///`cudnnGetRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetRNNDataDescriptor: Option<PFN_cudnnGetRNNDataDescriptor>,
    ///`cudnnGetRNNDescriptor_v6`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNDescriptor_v6: Option<PFN_cudnnGetRNNDescriptor_v6>,
    ///`cudnnGetRNNDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetRNNDescriptor_v8: Option<PFN_cudnnGetRNNDescriptor_v8>,
    ///`cudnnGetRNNForwardInferenceAlgorithmMaxCount`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNForwardInferenceAlgorithmMaxCount: Option<
        PFN_cudnnGetRNNForwardInferenceAlgorithmMaxCount,
    >,
    ///`cudnnGetRNNForwardTrainingAlgorithmMaxCount`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNForwardTrainingAlgorithmMaxCount: Option<
        PFN_cudnnGetRNNForwardTrainingAlgorithmMaxCount,
    >,
    ///`cudnnGetRNNLinLayerBiasParams`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNLinLayerBiasParams: Option<PFN_cudnnGetRNNLinLayerBiasParams>,
    ///`cudnnGetRNNLinLayerMatrixParams`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNLinLayerMatrixParams: Option<PFN_cudnnGetRNNLinLayerMatrixParams>,
    ///`cudnnGetRNNMatrixMathType`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNMatrixMathType: Option<PFN_cudnnGetRNNMatrixMathType>,
    ///`cudnnGetRNNPaddingMode`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNPaddingMode: Option<PFN_cudnnGetRNNPaddingMode>,
    ///`cudnnGetRNNParamsSize`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNParamsSize: Option<PFN_cudnnGetRNNParamsSize>,
    ///`cudnnGetRNNProjectionLayers`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNProjectionLayers: Option<PFN_cudnnGetRNNProjectionLayers>,
    ///`cudnnGetRNNTempSpaceSizes`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetRNNTempSpaceSizes: Option<PFN_cudnnGetRNNTempSpaceSizes>,
    ///`cudnnGetRNNTrainingReserveSize`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNTrainingReserveSize: Option<PFN_cudnnGetRNNTrainingReserveSize>,
    ///`cudnnGetRNNWeightParams`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetRNNWeightParams: Option<PFN_cudnnGetRNNWeightParams>,
    ///`cudnnGetRNNWeightSpaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetRNNWeightSpaceSize: Option<PFN_cudnnGetRNNWeightSpaceSize>,
    ///`cudnnGetRNNWorkspaceSize`; declared by the headers of cuDNN 8.
    pub cudnnGetRNNWorkspaceSize: Option<PFN_cudnnGetRNNWorkspaceSize>,
    ///`cudnnGetReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetReduceTensorDescriptor: Option<PFN_cudnnGetReduceTensorDescriptor>,
    ///`cudnnGetReductionIndicesSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetReductionIndicesSize: Option<PFN_cudnnGetReductionIndicesSize>,
    ///`cudnnGetReductionWorkspaceSize`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetReductionWorkspaceSize: Option<PFN_cudnnGetReductionWorkspaceSize>,
    ///`cudnnGetSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetSeqDataDescriptor: Option<PFN_cudnnGetSeqDataDescriptor>,
    ///`cudnnGetStream`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetStream: Option<PFN_cudnnGetStream>,
    ///`cudnnGetTensor4dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetTensor4dDescriptor: Option<PFN_cudnnGetTensor4dDescriptor>,
    ///`cudnnGetTensorNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetTensorNdDescriptor: Option<PFN_cudnnGetTensorNdDescriptor>,
    ///`cudnnGetTensorSizeInBytes`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetTensorSizeInBytes: Option<PFN_cudnnGetTensorSizeInBytes>,
    ///`cudnnGetTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetTensorTransformDescriptor: Option<PFN_cudnnGetTensorTransformDescriptor>,
    ///`cudnnGetVersion`; declared by the headers of cuDNN 8 and 9.
    pub cudnnGetVersion: Option<PFN_cudnnGetVersion>,
    ///`cudnnGnnAggSimpleBackward`; declared by the headers of cuDNN 9.
    pub cudnnGnnAggSimpleBackward: Option<PFN_cudnnGnnAggSimpleBackward>,
    ///`cudnnGnnAggSimpleForward`; declared by the headers of cuDNN 9.
    pub cudnnGnnAggSimpleForward: Option<PFN_cudnnGnnAggSimpleForward>,
    ///`cudnnGnnMhaGatBackward`; declared by the headers of cuDNN 9.
    pub cudnnGnnMhaGatBackward: Option<PFN_cudnnGnnMhaGatBackward>,
    ///`cudnnGnnMhaGatForward`; declared by the headers of cuDNN 9.
    pub cudnnGnnMhaGatForward: Option<PFN_cudnnGnnMhaGatForward>,
    ///`cudnnGnnMhaGatV2Backward`; declared by the headers of cuDNN 9.
    pub cudnnGnnMhaGatV2Backward: Option<PFN_cudnnGnnMhaGatV2Backward>,
    ///`cudnnGnnMhaGatV2Forward`; declared by the headers of cuDNN 9.
    pub cudnnGnnMhaGatV2Forward: Option<PFN_cudnnGnnMhaGatV2Forward>,
    ///`cudnnGraphVersionCheck`; declared by the headers of cuDNN 9.
    pub cudnnGraphVersionCheck: Option<PFN_cudnnGraphVersionCheck>,
    ///`cudnnIm2Col`; declared by the headers of cuDNN 8 and 9.
    pub cudnnIm2Col: Option<PFN_cudnnIm2Col>,
    ///`cudnnInitTransformDest`; declared by the headers of cuDNN 8 and 9.
    pub cudnnInitTransformDest: Option<PFN_cudnnInitTransformDest>,
    ///`cudnnLRNCrossChannelBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnLRNCrossChannelBackward: Option<PFN_cudnnLRNCrossChannelBackward>,
    ///`cudnnLRNCrossChannelForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnLRNCrossChannelForward: Option<PFN_cudnnLRNCrossChannelForward>,
    ///`cudnnLongFFTCausalConv1dBackward`; declared by the headers of cuDNN 9.
    pub cudnnLongFFTCausalConv1dBackward: Option<PFN_cudnnLongFFTCausalConv1dBackward>,
    ///`cudnnLongFFTCausalConv1dForward`; declared by the headers of cuDNN 9.
    pub cudnnLongFFTCausalConv1dForward: Option<PFN_cudnnLongFFTCausalConv1dForward>,
    ///`cudnnLongFFTCausalConv1dGetBufferSizes`; declared by the headers of cuDNN 9.
    pub cudnnLongFFTCausalConv1dGetBufferSizes: Option<
        PFN_cudnnLongFFTCausalConv1dGetBufferSizes,
    >,
    ///`cudnnMakeFusedOpsPlan`; declared by the headers of cuDNN 8 and 9.
    pub cudnnMakeFusedOpsPlan: Option<PFN_cudnnMakeFusedOpsPlan>,
    ///`cudnnMultiHeadAttnBackwardData`; declared by the headers of cuDNN 8 and 9.
    pub cudnnMultiHeadAttnBackwardData: Option<PFN_cudnnMultiHeadAttnBackwardData>,
    ///`cudnnMultiHeadAttnBackwardWeights`; declared by the headers of cuDNN 8 and 9.
    pub cudnnMultiHeadAttnBackwardWeights: Option<PFN_cudnnMultiHeadAttnBackwardWeights>,
    ///`cudnnMultiHeadAttnForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnMultiHeadAttnForward: Option<PFN_cudnnMultiHeadAttnForward>,
    ///`cudnnNormalizationBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnNormalizationBackward: Option<PFN_cudnnNormalizationBackward>,
    ///`cudnnNormalizationForwardInference`; declared by the headers of cuDNN 8 and 9.
    pub cudnnNormalizationForwardInference: Option<
        PFN_cudnnNormalizationForwardInference,
    >,
    ///`cudnnNormalizationForwardTraining`; declared by the headers of cuDNN 8 and 9.
    pub cudnnNormalizationForwardTraining: Option<PFN_cudnnNormalizationForwardTraining>,
    ///`cudnnOpTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnOpTensor: Option<PFN_cudnnOpTensor>,
    ///`cudnnOpsInferVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnOpsInferVersionCheck: Option<PFN_cudnnOpsInferVersionCheck>,
    ///`cudnnOpsTrainVersionCheck`; declared by the headers of cuDNN 8.
    pub cudnnOpsTrainVersionCheck: Option<PFN_cudnnOpsTrainVersionCheck>,
    ///`cudnnOpsVersionCheck`; declared by the headers of cuDNN 9.
    pub cudnnOpsVersionCheck: Option<PFN_cudnnOpsVersionCheck>,
    ///`cudnnPoolingBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnPoolingBackward: Option<PFN_cudnnPoolingBackward>,
    ///`cudnnPoolingForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnPoolingForward: Option<PFN_cudnnPoolingForward>,
    ///`cudnnQueryRuntimeError`; declared by the headers of cuDNN 8 and 9.
    pub cudnnQueryRuntimeError: Option<PFN_cudnnQueryRuntimeError>,
    ///`cudnnRNNBackwardData`; declared by the headers of cuDNN 8.
    pub cudnnRNNBackwardData: Option<PFN_cudnnRNNBackwardData>,
    ///`cudnnRNNBackwardDataEx`; declared by the headers of cuDNN 8.
    pub cudnnRNNBackwardDataEx: Option<PFN_cudnnRNNBackwardDataEx>,
    ///`cudnnRNNBackwardData_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRNNBackwardData_v8: Option<PFN_cudnnRNNBackwardData_v8>,
    ///`cudnnRNNBackwardWeights`; declared by the headers of cuDNN 8.
    pub cudnnRNNBackwardWeights: Option<PFN_cudnnRNNBackwardWeights>,
    ///`cudnnRNNBackwardWeightsEx`; declared by the headers of cuDNN 8.
    pub cudnnRNNBackwardWeightsEx: Option<PFN_cudnnRNNBackwardWeightsEx>,
    ///`cudnnRNNBackwardWeights_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRNNBackwardWeights_v8: Option<PFN_cudnnRNNBackwardWeights_v8>,
    ///`cudnnRNNForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRNNForward: Option<PFN_cudnnRNNForward>,
    ///`cudnnRNNForwardInference`; declared by the headers of cuDNN 8.
    pub cudnnRNNForwardInference: Option<PFN_cudnnRNNForwardInference>,
    ///`cudnnRNNForwardInferenceEx`; declared by the headers of cuDNN 8.
    pub cudnnRNNForwardInferenceEx: Option<PFN_cudnnRNNForwardInferenceEx>,
    ///`cudnnRNNForwardTraining`; declared by the headers of cuDNN 8.
    pub cudnnRNNForwardTraining: Option<PFN_cudnnRNNForwardTraining>,
    ///`cudnnRNNForwardTrainingEx`; declared by the headers of cuDNN 8.
    pub cudnnRNNForwardTrainingEx: Option<PFN_cudnnRNNForwardTrainingEx>,
    ///`cudnnRNNGetClip`; declared by the headers of cuDNN 8.
    pub cudnnRNNGetClip: Option<PFN_cudnnRNNGetClip>,
    ///`cudnnRNNGetClip_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRNNGetClip_v8: Option<PFN_cudnnRNNGetClip_v8>,
    ///`cudnnRNNGetClip_v9`; declared by the headers of cuDNN 9.
    pub cudnnRNNGetClip_v9: Option<PFN_cudnnRNNGetClip_v9>,
    ///`cudnnRNNSetClip`; declared by the headers of cuDNN 8.
    pub cudnnRNNSetClip: Option<PFN_cudnnRNNSetClip>,
    ///`cudnnRNNSetClip_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRNNSetClip_v8: Option<PFN_cudnnRNNSetClip_v8>,
    ///`cudnnRNNSetClip_v9`; declared by the headers of cuDNN 9.
    pub cudnnRNNSetClip_v9: Option<PFN_cudnnRNNSetClip_v9>,
    ///`cudnnReduceTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnReduceTensor: Option<PFN_cudnnReduceTensor>,
    ///`cudnnReorderFilterAndBias`; declared by the headers of cuDNN 8 and 9.
    pub cudnnReorderFilterAndBias: Option<PFN_cudnnReorderFilterAndBias>,
    ///`cudnnRestoreAlgorithm`; declared by the headers of cuDNN 8.
    pub cudnnRestoreAlgorithm: Option<PFN_cudnnRestoreAlgorithm>,
    ///`cudnnRestoreDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnRestoreDropoutDescriptor: Option<PFN_cudnnRestoreDropoutDescriptor>,
    ///`cudnnSaveAlgorithm`; declared by the headers of cuDNN 8.
    pub cudnnSaveAlgorithm: Option<PFN_cudnnSaveAlgorithm>,
    ///`cudnnScaleTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnScaleTensor: Option<PFN_cudnnScaleTensor>,
    ///`cudnnSetActivationDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetActivationDescriptor: Option<PFN_cudnnSetActivationDescriptor>,
    ///`cudnnSetActivationDescriptorSwishBeta`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetActivationDescriptorSwishBeta: Option<
        PFN_cudnnSetActivationDescriptorSwishBeta,
    >,
    ///`cudnnSetAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnSetAlgorithmDescriptor: Option<PFN_cudnnSetAlgorithmDescriptor>,
    ///`cudnnSetAlgorithmPerformance`; declared by the headers of cuDNN 8.
    pub cudnnSetAlgorithmPerformance: Option<PFN_cudnnSetAlgorithmPerformance>,
    ///`cudnnSetAttnDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetAttnDescriptor: Option<PFN_cudnnSetAttnDescriptor>,
    ///`cudnnSetCTCLossDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetCTCLossDescriptor: Option<PFN_cudnnSetCTCLossDescriptor>,
    ///`cudnnSetCTCLossDescriptorEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetCTCLossDescriptorEx: Option<PFN_cudnnSetCTCLossDescriptorEx>,
    ///`cudnnSetCTCLossDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetCTCLossDescriptor_v8: Option<PFN_cudnnSetCTCLossDescriptor_v8>,
    ///`cudnnSetCTCLossDescriptor_v9`; declared by the headers of cuDNN 9.
    pub cudnnSetCTCLossDescriptor_v9: Option<PFN_cudnnSetCTCLossDescriptor_v9>,
    ///`cudnnSetCallback`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetCallback: Option<PFN_cudnnSetCallback>,
    ///`cudnnSetConvolution2dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetConvolution2dDescriptor: Option<PFN_cudnnSetConvolution2dDescriptor>,
    ///`cudnnSetConvolutionGroupCount`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetConvolutionGroupCount: Option<PFN_cudnnSetConvolutionGroupCount>,
    ///`cudnnSetConvolutionMathType`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetConvolutionMathType: Option<PFN_cudnnSetConvolutionMathType>,
    ///`cudnnSetConvolutionNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetConvolutionNdDescriptor: Option<PFN_cudnnSetConvolutionNdDescriptor>,
    ///`cudnnSetConvolutionReorderType`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetConvolutionReorderType: Option<PFN_cudnnSetConvolutionReorderType>,
    ///`cudnnSetDropoutDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetDropoutDescriptor: Option<PFN_cudnnSetDropoutDescriptor>,
    ///`cudnnSetFilter4dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetFilter4dDescriptor: Option<PFN_cudnnSetFilter4dDescriptor>,
    ///`cudnnSetFilterNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetFilterNdDescriptor: Option<PFN_cudnnSetFilterNdDescriptor>,
    ///`cudnnSetFusedOpsConstParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetFusedOpsConstParamPackAttribute: Option<
        PFN_cudnnSetFusedOpsConstParamPackAttribute,
    >,
    ///`cudnnSetFusedOpsVariantParamPackAttribute`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetFusedOpsVariantParamPackAttribute: Option<
        PFN_cudnnSetFusedOpsVariantParamPackAttribute,
    >,
    ///`cudnnSetLRNDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetLRNDescriptor: Option<PFN_cudnnSetLRNDescriptor>,
    ///`cudnnSetOpTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetOpTensorDescriptor: Option<PFN_cudnnSetOpTensorDescriptor>,
    ///`cudnnSetPersistentRNNPlan`; declared by the headers of cuDNN 8.
    pub cudnnSetPersistentRNNPlan: Option<PFN_cudnnSetPersistentRNNPlan>,
    ///`cudnnSetPooling2dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetPooling2dDescriptor: Option<PFN_cudnnSetPooling2dDescriptor>,
    ///`cudnnSetPoolingNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetPoolingNdDescriptor: Option<PFN_cudnnSetPoolingNdDescriptor>,
    ///`cudnnSetRNNAlgorithmDescriptor`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNAlgorithmDescriptor: Option<PFN_cudnnSetRNNAlgorithmDescriptor>,
    ///`cudnnSetRNNBiasMode`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNBiasMode: Option<PFN_cudnnSetRNNBiasMode>,
    ///`cudnnSetRNNDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetRNNDataDescriptor: Option<PFN_cudnnSetRNNDataDescriptor>,
    ///`cudnnSetRNNDescriptor_v6`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNDescriptor_v6: Option<PFN_cudnnSetRNNDescriptor_v6>,
    ///`cudnnSetRNNDescriptor_v8`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetRNNDescriptor_v8: Option<PFN_cudnnSetRNNDescriptor_v8>,
    ///`cudnnSetRNNMatrixMathType`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNMatrixMathType: Option<PFN_cudnnSetRNNMatrixMathType>,
    ///`cudnnSetRNNPaddingMode`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNPaddingMode: Option<PFN_cudnnSetRNNPaddingMode>,
    ///`cudnnSetRNNProjectionLayers`; declared by the headers of cuDNN 8.
    pub cudnnSetRNNProjectionLayers: Option<PFN_cudnnSetRNNProjectionLayers>,
    ///`cudnnSetReduceTensorDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetReduceTensorDescriptor: Option<PFN_cudnnSetReduceTensorDescriptor>,
    ///`cudnnSetSeqDataDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetSeqDataDescriptor: Option<PFN_cudnnSetSeqDataDescriptor>,
    ///`cudnnSetSpatialTransformerNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetSpatialTransformerNdDescriptor: Option<
        PFN_cudnnSetSpatialTransformerNdDescriptor,
    >,
    ///`cudnnSetStream`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetStream: Option<PFN_cudnnSetStream>,
    ///`cudnnSetTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensor: Option<PFN_cudnnSetTensor>,
    ///`cudnnSetTensor4dDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensor4dDescriptor: Option<PFN_cudnnSetTensor4dDescriptor>,
    ///`cudnnSetTensor4dDescriptorEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensor4dDescriptorEx: Option<PFN_cudnnSetTensor4dDescriptorEx>,
    ///`cudnnSetTensorNdDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensorNdDescriptor: Option<PFN_cudnnSetTensorNdDescriptor>,
    ///`cudnnSetTensorNdDescriptorEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensorNdDescriptorEx: Option<PFN_cudnnSetTensorNdDescriptorEx>,
    ///`cudnnSetTensorTransformDescriptor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSetTensorTransformDescriptor: Option<PFN_cudnnSetTensorTransformDescriptor>,
    ///`cudnnSoftmaxBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSoftmaxBackward: Option<PFN_cudnnSoftmaxBackward>,
    ///`cudnnSoftmaxForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSoftmaxForward: Option<PFN_cudnnSoftmaxForward>,
    ///`cudnnSpatialTfGridGeneratorBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSpatialTfGridGeneratorBackward: Option<
        PFN_cudnnSpatialTfGridGeneratorBackward,
    >,
    ///`cudnnSpatialTfGridGeneratorForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSpatialTfGridGeneratorForward: Option<
        PFN_cudnnSpatialTfGridGeneratorForward,
    >,
    ///`cudnnSpatialTfSamplerBackward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSpatialTfSamplerBackward: Option<PFN_cudnnSpatialTfSamplerBackward>,
    ///`cudnnSpatialTfSamplerForward`; declared by the headers of cuDNN 8 and 9.
    pub cudnnSpatialTfSamplerForward: Option<PFN_cudnnSpatialTfSamplerForward>,
    ///`cudnnSubquadraticOpsVersionCheck`; declared by the headers of cuDNN 9.
    pub cudnnSubquadraticOpsVersionCheck: Option<PFN_cudnnSubquadraticOpsVersionCheck>,
    ///`cudnnTransformFilter`; declared by the headers of cuDNN 8 and 9.
    pub cudnnTransformFilter: Option<PFN_cudnnTransformFilter>,
    ///`cudnnTransformTensor`; declared by the headers of cuDNN 8 and 9.
    pub cudnnTransformTensor: Option<PFN_cudnnTransformTensor>,
    ///`cudnnTransformTensorEx`; declared by the headers of cuDNN 8 and 9.
    pub cudnnTransformTensorEx: Option<PFN_cudnnTransformTensorEx>,
}
impl Functions {
    /// Reads every symbol from `lib`; a symbol the library lacks
    /// stays `None`.
    ///
    /// # Safety
    /// `lib` must be a cuDNN library whose exported functions have
    /// the prototypes of these headers, and it must stay loaded for
    /// as long as the returned table is used.
    pub unsafe fn load(lib: &libloading::Library) -> Self {
        Self {
            cudnnActivationBackward: symbol(lib, b"cudnnActivationBackward\0"),
            cudnnActivationForward: symbol(lib, b"cudnnActivationForward\0"),
            cudnnAddTensor: symbol(lib, b"cudnnAddTensor\0"),
            cudnnAdvInferVersionCheck: symbol(lib, b"cudnnAdvInferVersionCheck\0"),
            cudnnAdvTrainVersionCheck: symbol(lib, b"cudnnAdvTrainVersionCheck\0"),
            cudnnAdvVersionCheck: symbol(lib, b"cudnnAdvVersionCheck\0"),
            cudnnB2BCausalConv1dBackward: symbol(lib, b"cudnnB2BCausalConv1dBackward\0"),
            cudnnB2BCausalConv1dForward: symbol(lib, b"cudnnB2BCausalConv1dForward\0"),
            cudnnBackendCreateDescriptor: symbol(lib, b"cudnnBackendCreateDescriptor\0"),
            cudnnBackendDestroyDescriptor: symbol(
                lib,
                b"cudnnBackendDestroyDescriptor\0",
            ),
            cudnnBackendExecute: symbol(lib, b"cudnnBackendExecute\0"),
            cudnnBackendFinalize: symbol(lib, b"cudnnBackendFinalize\0"),
            cudnnBackendGetAttribute: symbol(lib, b"cudnnBackendGetAttribute\0"),
            cudnnBackendInitialize: symbol(lib, b"cudnnBackendInitialize\0"),
            cudnnBackendPopulateCudaGraph: symbol(
                lib,
                b"cudnnBackendPopulateCudaGraph\0",
            ),
            cudnnBackendSetAttribute: symbol(lib, b"cudnnBackendSetAttribute\0"),
            cudnnBackendUpdateCudaGraph: symbol(lib, b"cudnnBackendUpdateCudaGraph\0"),
            cudnnBatchNormalizationBackward: symbol(
                lib,
                b"cudnnBatchNormalizationBackward\0",
            ),
            cudnnBatchNormalizationBackwardEx: symbol(
                lib,
                b"cudnnBatchNormalizationBackwardEx\0",
            ),
            cudnnBatchNormalizationForwardInference: symbol(
                lib,
                b"cudnnBatchNormalizationForwardInference\0",
            ),
            cudnnBatchNormalizationForwardTraining: symbol(
                lib,
                b"cudnnBatchNormalizationForwardTraining\0",
            ),
            cudnnBatchNormalizationForwardTrainingEx: symbol(
                lib,
                b"cudnnBatchNormalizationForwardTrainingEx\0",
            ),
            cudnnBuildRNNDynamic: symbol(lib, b"cudnnBuildRNNDynamic\0"),
            cudnnCTCLoss: symbol(lib, b"cudnnCTCLoss\0"),
            cudnnCTCLoss_v8: symbol(lib, b"cudnnCTCLoss_v8\0"),
            cudnnCausalConv1dBackward: symbol(lib, b"cudnnCausalConv1dBackward\0"),
            cudnnCausalConv1dForward: symbol(lib, b"cudnnCausalConv1dForward\0"),
            cudnnCausalConv1dNwhBackward: symbol(lib, b"cudnnCausalConv1dNwhBackward\0"),
            cudnnCausalConv1dNwhForward: symbol(lib, b"cudnnCausalConv1dNwhForward\0"),
            cudnnCnnInferVersionCheck: symbol(lib, b"cudnnCnnInferVersionCheck\0"),
            cudnnCnnTrainVersionCheck: symbol(lib, b"cudnnCnnTrainVersionCheck\0"),
            cudnnCnnVersionCheck: symbol(lib, b"cudnnCnnVersionCheck\0"),
            cudnnConvolutionBackwardBias: symbol(lib, b"cudnnConvolutionBackwardBias\0"),
            cudnnConvolutionBackwardData: symbol(lib, b"cudnnConvolutionBackwardData\0"),
            cudnnConvolutionBackwardFilter: symbol(
                lib,
                b"cudnnConvolutionBackwardFilter\0",
            ),
            cudnnConvolutionBiasActivationForward: symbol(
                lib,
                b"cudnnConvolutionBiasActivationForward\0",
            ),
            cudnnConvolutionForward: symbol(lib, b"cudnnConvolutionForward\0"),
            cudnnCopyAlgorithmDescriptor: symbol(lib, b"cudnnCopyAlgorithmDescriptor\0"),
            cudnnCreate: symbol(lib, b"cudnnCreate\0"),
            cudnnCreateActivationDescriptor: symbol(
                lib,
                b"cudnnCreateActivationDescriptor\0",
            ),
            cudnnCreateAlgorithmDescriptor: symbol(
                lib,
                b"cudnnCreateAlgorithmDescriptor\0",
            ),
            cudnnCreateAlgorithmPerformance: symbol(
                lib,
                b"cudnnCreateAlgorithmPerformance\0",
            ),
            cudnnCreateAttnDescriptor: symbol(lib, b"cudnnCreateAttnDescriptor\0"),
            cudnnCreateCTCLossDescriptor: symbol(lib, b"cudnnCreateCTCLossDescriptor\0"),
            cudnnCreateConvolutionDescriptor: symbol(
                lib,
                b"cudnnCreateConvolutionDescriptor\0",
            ),
            cudnnCreateDropoutDescriptor: symbol(lib, b"cudnnCreateDropoutDescriptor\0"),
            cudnnCreateFilterDescriptor: symbol(lib, b"cudnnCreateFilterDescriptor\0"),
            cudnnCreateFusedOpsConstParamPack: symbol(
                lib,
                b"cudnnCreateFusedOpsConstParamPack\0",
            ),
            cudnnCreateFusedOpsPlan: symbol(lib, b"cudnnCreateFusedOpsPlan\0"),
            cudnnCreateFusedOpsVariantParamPack: symbol(
                lib,
                b"cudnnCreateFusedOpsVariantParamPack\0",
            ),
            cudnnCreateLRNDescriptor: symbol(lib, b"cudnnCreateLRNDescriptor\0"),
            cudnnCreateOpTensorDescriptor: symbol(
                lib,
                b"cudnnCreateOpTensorDescriptor\0",
            ),
            cudnnCreatePersistentRNNPlan: symbol(lib, b"cudnnCreatePersistentRNNPlan\0"),
            cudnnCreatePoolingDescriptor: symbol(lib, b"cudnnCreatePoolingDescriptor\0"),
            cudnnCreateRNNDataDescriptor: symbol(lib, b"cudnnCreateRNNDataDescriptor\0"),
            cudnnCreateRNNDescriptor: symbol(lib, b"cudnnCreateRNNDescriptor\0"),
            cudnnCreateReduceTensorDescriptor: symbol(
                lib,
                b"cudnnCreateReduceTensorDescriptor\0",
            ),
            cudnnCreateSeqDataDescriptor: symbol(lib, b"cudnnCreateSeqDataDescriptor\0"),
            cudnnCreateSpatialTransformerDescriptor: symbol(
                lib,
                b"cudnnCreateSpatialTransformerDescriptor\0",
            ),
            cudnnCreateTensorDescriptor: symbol(lib, b"cudnnCreateTensorDescriptor\0"),
            cudnnCreateTensorTransformDescriptor: symbol(
                lib,
                b"cudnnCreateTensorTransformDescriptor\0",
            ),
            cudnnDeriveBNTensorDescriptor: symbol(
                lib,
                b"cudnnDeriveBNTensorDescriptor\0",
            ),
            cudnnDeriveNormTensorDescriptor: symbol(
                lib,
                b"cudnnDeriveNormTensorDescriptor\0",
            ),
            cudnnDestroy: symbol(lib, b"cudnnDestroy\0"),
            cudnnDestroyActivationDescriptor: symbol(
                lib,
                b"cudnnDestroyActivationDescriptor\0",
            ),
            cudnnDestroyAlgorithmDescriptor: symbol(
                lib,
                b"cudnnDestroyAlgorithmDescriptor\0",
            ),
            cudnnDestroyAlgorithmPerformance: symbol(
                lib,
                b"cudnnDestroyAlgorithmPerformance\0",
            ),
            cudnnDestroyAttnDescriptor: symbol(lib, b"cudnnDestroyAttnDescriptor\0"),
            cudnnDestroyCTCLossDescriptor: symbol(
                lib,
                b"cudnnDestroyCTCLossDescriptor\0",
            ),
            cudnnDestroyConvolutionDescriptor: symbol(
                lib,
                b"cudnnDestroyConvolutionDescriptor\0",
            ),
            cudnnDestroyDropoutDescriptor: symbol(
                lib,
                b"cudnnDestroyDropoutDescriptor\0",
            ),
            cudnnDestroyFilterDescriptor: symbol(lib, b"cudnnDestroyFilterDescriptor\0"),
            cudnnDestroyFusedOpsConstParamPack: symbol(
                lib,
                b"cudnnDestroyFusedOpsConstParamPack\0",
            ),
            cudnnDestroyFusedOpsPlan: symbol(lib, b"cudnnDestroyFusedOpsPlan\0"),
            cudnnDestroyFusedOpsVariantParamPack: symbol(
                lib,
                b"cudnnDestroyFusedOpsVariantParamPack\0",
            ),
            cudnnDestroyLRNDescriptor: symbol(lib, b"cudnnDestroyLRNDescriptor\0"),
            cudnnDestroyOpTensorDescriptor: symbol(
                lib,
                b"cudnnDestroyOpTensorDescriptor\0",
            ),
            cudnnDestroyPersistentRNNPlan: symbol(
                lib,
                b"cudnnDestroyPersistentRNNPlan\0",
            ),
            cudnnDestroyPoolingDescriptor: symbol(
                lib,
                b"cudnnDestroyPoolingDescriptor\0",
            ),
            cudnnDestroyRNNDataDescriptor: symbol(
                lib,
                b"cudnnDestroyRNNDataDescriptor\0",
            ),
            cudnnDestroyRNNDescriptor: symbol(lib, b"cudnnDestroyRNNDescriptor\0"),
            cudnnDestroyReduceTensorDescriptor: symbol(
                lib,
                b"cudnnDestroyReduceTensorDescriptor\0",
            ),
            cudnnDestroySeqDataDescriptor: symbol(
                lib,
                b"cudnnDestroySeqDataDescriptor\0",
            ),
            cudnnDestroySpatialTransformerDescriptor: symbol(
                lib,
                b"cudnnDestroySpatialTransformerDescriptor\0",
            ),
            cudnnDestroyTensorDescriptor: symbol(lib, b"cudnnDestroyTensorDescriptor\0"),
            cudnnDestroyTensorTransformDescriptor: symbol(
                lib,
                b"cudnnDestroyTensorTransformDescriptor\0",
            ),
            cudnnDivisiveNormalizationBackward: symbol(
                lib,
                b"cudnnDivisiveNormalizationBackward\0",
            ),
            cudnnDivisiveNormalizationForward: symbol(
                lib,
                b"cudnnDivisiveNormalizationForward\0",
            ),
            cudnnDropoutBackward: symbol(lib, b"cudnnDropoutBackward\0"),
            cudnnDropoutForward: symbol(lib, b"cudnnDropoutForward\0"),
            cudnnDropoutGetReserveSpaceSize: symbol(
                lib,
                b"cudnnDropoutGetReserveSpaceSize\0",
            ),
            cudnnDropoutGetStatesSize: symbol(lib, b"cudnnDropoutGetStatesSize\0"),
            cudnnFFTCausalConv1dBackward: symbol(lib, b"cudnnFFTCausalConv1dBackward\0"),
            cudnnFFTCausalConv1dForward: symbol(lib, b"cudnnFFTCausalConv1dForward\0"),
            cudnnFindConvolutionBackwardDataAlgorithm: symbol(
                lib,
                b"cudnnFindConvolutionBackwardDataAlgorithm\0",
            ),
            cudnnFindConvolutionBackwardDataAlgorithmEx: symbol(
                lib,
                b"cudnnFindConvolutionBackwardDataAlgorithmEx\0",
            ),
            cudnnFindConvolutionBackwardFilterAlgorithm: symbol(
                lib,
                b"cudnnFindConvolutionBackwardFilterAlgorithm\0",
            ),
            cudnnFindConvolutionBackwardFilterAlgorithmEx: symbol(
                lib,
                b"cudnnFindConvolutionBackwardFilterAlgorithmEx\0",
            ),
            cudnnFindConvolutionForwardAlgorithm: symbol(
                lib,
                b"cudnnFindConvolutionForwardAlgorithm\0",
            ),
            cudnnFindConvolutionForwardAlgorithmEx: symbol(
                lib,
                b"cudnnFindConvolutionForwardAlgorithmEx\0",
            ),
            cudnnFindRNNBackwardDataAlgorithmEx: symbol(
                lib,
                b"cudnnFindRNNBackwardDataAlgorithmEx\0",
            ),
            cudnnFindRNNBackwardWeightsAlgorithmEx: symbol(
                lib,
                b"cudnnFindRNNBackwardWeightsAlgorithmEx\0",
            ),
            cudnnFindRNNForwardInferenceAlgorithmEx: symbol(
                lib,
                b"cudnnFindRNNForwardInferenceAlgorithmEx\0",
            ),
            cudnnFindRNNForwardTrainingAlgorithmEx: symbol(
                lib,
                b"cudnnFindRNNForwardTrainingAlgorithmEx\0",
            ),
            cudnnFusedOpsExecute: symbol(lib, b"cudnnFusedOpsExecute\0"),
            cudnnGetActivationDescriptor: symbol(lib, b"cudnnGetActivationDescriptor\0"),
            cudnnGetActivationDescriptorSwishBeta: symbol(
                lib,
                b"cudnnGetActivationDescriptorSwishBeta\0",
            ),
            cudnnGetAlgorithmDescriptor: symbol(lib, b"cudnnGetAlgorithmDescriptor\0"),
            cudnnGetAlgorithmPerformance: symbol(lib, b"cudnnGetAlgorithmPerformance\0"),
            cudnnGetAlgorithmSpaceSize: symbol(lib, b"cudnnGetAlgorithmSpaceSize\0"),
            cudnnGetAttnDescriptor: symbol(lib, b"cudnnGetAttnDescriptor\0"),
            cudnnGetBatchNormalizationBackwardExWorkspaceSize: symbol(
                lib,
                b"cudnnGetBatchNormalizationBackwardExWorkspaceSize\0",
            ),
            cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize: symbol(
                lib,
                b"cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize\0",
            ),
            cudnnGetBatchNormalizationTrainingExReserveSpaceSize: symbol(
                lib,
                b"cudnnGetBatchNormalizationTrainingExReserveSpaceSize\0",
            ),
            cudnnGetCTCLossDescriptor: symbol(lib, b"cudnnGetCTCLossDescriptor\0"),
            cudnnGetCTCLossDescriptorEx: symbol(lib, b"cudnnGetCTCLossDescriptorEx\0"),
            cudnnGetCTCLossDescriptor_v8: symbol(lib, b"cudnnGetCTCLossDescriptor_v8\0"),
            cudnnGetCTCLossDescriptor_v9: symbol(lib, b"cudnnGetCTCLossDescriptor_v9\0"),
            cudnnGetCTCLossWorkspaceSize: symbol(lib, b"cudnnGetCTCLossWorkspaceSize\0"),
            cudnnGetCTCLossWorkspaceSize_v8: symbol(
                lib,
                b"cudnnGetCTCLossWorkspaceSize_v8\0",
            ),
            cudnnGetCallback: symbol(lib, b"cudnnGetCallback\0"),
            cudnnGetConvolution2dDescriptor: symbol(
                lib,
                b"cudnnGetConvolution2dDescriptor\0",
            ),
            cudnnGetConvolution2dForwardOutputDim: symbol(
                lib,
                b"cudnnGetConvolution2dForwardOutputDim\0",
            ),
            cudnnGetConvolutionBackwardDataAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetConvolutionBackwardDataAlgorithmMaxCount\0",
            ),
            cudnnGetConvolutionBackwardDataAlgorithm_v7: symbol(
                lib,
                b"cudnnGetConvolutionBackwardDataAlgorithm_v7\0",
            ),
            cudnnGetConvolutionBackwardDataWorkspaceSize: symbol(
                lib,
                b"cudnnGetConvolutionBackwardDataWorkspaceSize\0",
            ),
            cudnnGetConvolutionBackwardFilterAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetConvolutionBackwardFilterAlgorithmMaxCount\0",
            ),
            cudnnGetConvolutionBackwardFilterAlgorithm_v7: symbol(
                lib,
                b"cudnnGetConvolutionBackwardFilterAlgorithm_v7\0",
            ),
            cudnnGetConvolutionBackwardFilterWorkspaceSize: symbol(
                lib,
                b"cudnnGetConvolutionBackwardFilterWorkspaceSize\0",
            ),
            cudnnGetConvolutionForwardAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetConvolutionForwardAlgorithmMaxCount\0",
            ),
            cudnnGetConvolutionForwardAlgorithm_v7: symbol(
                lib,
                b"cudnnGetConvolutionForwardAlgorithm_v7\0",
            ),
            cudnnGetConvolutionForwardWorkspaceSize: symbol(
                lib,
                b"cudnnGetConvolutionForwardWorkspaceSize\0",
            ),
            cudnnGetConvolutionGroupCount: symbol(
                lib,
                b"cudnnGetConvolutionGroupCount\0",
            ),
            cudnnGetConvolutionMathType: symbol(lib, b"cudnnGetConvolutionMathType\0"),
            cudnnGetConvolutionNdDescriptor: symbol(
                lib,
                b"cudnnGetConvolutionNdDescriptor\0",
            ),
            cudnnGetConvolutionNdForwardOutputDim: symbol(
                lib,
                b"cudnnGetConvolutionNdForwardOutputDim\0",
            ),
            cudnnGetConvolutionReorderType: symbol(
                lib,
                b"cudnnGetConvolutionReorderType\0",
            ),
            cudnnGetCudartVersion: symbol(lib, b"cudnnGetCudartVersion\0"),
            cudnnGetDropoutDescriptor: symbol(lib, b"cudnnGetDropoutDescriptor\0"),
            cudnnGetErrorString: symbol(lib, b"cudnnGetErrorString\0"),
            cudnnGetExecutionPlanWorkspaceSize: symbol(
                lib,
                b"cudnnGetExecutionPlanWorkspaceSize\0",
            ),
            cudnnGetFilter4dDescriptor: symbol(lib, b"cudnnGetFilter4dDescriptor\0"),
            cudnnGetFilterNdDescriptor: symbol(lib, b"cudnnGetFilterNdDescriptor\0"),
            cudnnGetFilterSizeInBytes: symbol(lib, b"cudnnGetFilterSizeInBytes\0"),
            cudnnGetFoldedConvBackwardDataDescriptors: symbol(
                lib,
                b"cudnnGetFoldedConvBackwardDataDescriptors\0",
            ),
            cudnnGetFusedOpsConstParamPackAttribute: symbol(
                lib,
                b"cudnnGetFusedOpsConstParamPackAttribute\0",
            ),
            cudnnGetFusedOpsVariantParamPackAttribute: symbol(
                lib,
                b"cudnnGetFusedOpsVariantParamPackAttribute\0",
            ),
            cudnnGetLRNDescriptor: symbol(lib, b"cudnnGetLRNDescriptor\0"),
            cudnnGetLastErrorString: symbol(lib, b"cudnnGetLastErrorString\0"),
            cudnnGetMaxDeviceVersion: symbol(lib, b"cudnnGetMaxDeviceVersion\0"),
            cudnnGetMultiHeadAttnBuffers: symbol(lib, b"cudnnGetMultiHeadAttnBuffers\0"),
            cudnnGetMultiHeadAttnWeights: symbol(lib, b"cudnnGetMultiHeadAttnWeights\0"),
            cudnnGetNormalizationBackwardWorkspaceSize: symbol(
                lib,
                b"cudnnGetNormalizationBackwardWorkspaceSize\0",
            ),
            cudnnGetNormalizationForwardTrainingWorkspaceSize: symbol(
                lib,
                b"cudnnGetNormalizationForwardTrainingWorkspaceSize\0",
            ),
            cudnnGetNormalizationTrainingReserveSpaceSize: symbol(
                lib,
                b"cudnnGetNormalizationTrainingReserveSpaceSize\0",
            ),
            cudnnGetOpTensorDescriptor: symbol(lib, b"cudnnGetOpTensorDescriptor\0"),
            cudnnGetPooling2dDescriptor: symbol(lib, b"cudnnGetPooling2dDescriptor\0"),
            cudnnGetPooling2dForwardOutputDim: symbol(
                lib,
                b"cudnnGetPooling2dForwardOutputDim\0",
            ),
            cudnnGetPoolingNdDescriptor: symbol(lib, b"cudnnGetPoolingNdDescriptor\0"),
            cudnnGetPoolingNdForwardOutputDim: symbol(
                lib,
                b"cudnnGetPoolingNdForwardOutputDim\0",
            ),
            cudnnGetProperty: symbol(lib, b"cudnnGetProperty\0"),
            cudnnGetRNNBackwardDataAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetRNNBackwardDataAlgorithmMaxCount\0",
            ),
            cudnnGetRNNBackwardWeightsAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetRNNBackwardWeightsAlgorithmMaxCount\0",
            ),
            cudnnGetRNNBiasMode: symbol(lib, b"cudnnGetRNNBiasMode\0"),
            cudnnGetRNNDataDescriptor: symbol(lib, b"cudnnGetRNNDataDescriptor\0"),
            cudnnGetRNNDescriptor_v6: symbol(lib, b"cudnnGetRNNDescriptor_v6\0"),
            cudnnGetRNNDescriptor_v8: symbol(lib, b"cudnnGetRNNDescriptor_v8\0"),
            cudnnGetRNNForwardInferenceAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetRNNForwardInferenceAlgorithmMaxCount\0",
            ),
            cudnnGetRNNForwardTrainingAlgorithmMaxCount: symbol(
                lib,
                b"cudnnGetRNNForwardTrainingAlgorithmMaxCount\0",
            ),
            cudnnGetRNNLinLayerBiasParams: symbol(
                lib,
                b"cudnnGetRNNLinLayerBiasParams\0",
            ),
            cudnnGetRNNLinLayerMatrixParams: symbol(
                lib,
                b"cudnnGetRNNLinLayerMatrixParams\0",
            ),
            cudnnGetRNNMatrixMathType: symbol(lib, b"cudnnGetRNNMatrixMathType\0"),
            cudnnGetRNNPaddingMode: symbol(lib, b"cudnnGetRNNPaddingMode\0"),
            cudnnGetRNNParamsSize: symbol(lib, b"cudnnGetRNNParamsSize\0"),
            cudnnGetRNNProjectionLayers: symbol(lib, b"cudnnGetRNNProjectionLayers\0"),
            cudnnGetRNNTempSpaceSizes: symbol(lib, b"cudnnGetRNNTempSpaceSizes\0"),
            cudnnGetRNNTrainingReserveSize: symbol(
                lib,
                b"cudnnGetRNNTrainingReserveSize\0",
            ),
            cudnnGetRNNWeightParams: symbol(lib, b"cudnnGetRNNWeightParams\0"),
            cudnnGetRNNWeightSpaceSize: symbol(lib, b"cudnnGetRNNWeightSpaceSize\0"),
            cudnnGetRNNWorkspaceSize: symbol(lib, b"cudnnGetRNNWorkspaceSize\0"),
            cudnnGetReduceTensorDescriptor: symbol(
                lib,
                b"cudnnGetReduceTensorDescriptor\0",
            ),
            cudnnGetReductionIndicesSize: symbol(lib, b"cudnnGetReductionIndicesSize\0"),
            cudnnGetReductionWorkspaceSize: symbol(
                lib,
                b"cudnnGetReductionWorkspaceSize\0",
            ),
            cudnnGetSeqDataDescriptor: symbol(lib, b"cudnnGetSeqDataDescriptor\0"),
            cudnnGetStream: symbol(lib, b"cudnnGetStream\0"),
            cudnnGetTensor4dDescriptor: symbol(lib, b"cudnnGetTensor4dDescriptor\0"),
            cudnnGetTensorNdDescriptor: symbol(lib, b"cudnnGetTensorNdDescriptor\0"),
            cudnnGetTensorSizeInBytes: symbol(lib, b"cudnnGetTensorSizeInBytes\0"),
            cudnnGetTensorTransformDescriptor: symbol(
                lib,
                b"cudnnGetTensorTransformDescriptor\0",
            ),
            cudnnGetVersion: symbol(lib, b"cudnnGetVersion\0"),
            cudnnGnnAggSimpleBackward: symbol(lib, b"cudnnGnnAggSimpleBackward\0"),
            cudnnGnnAggSimpleForward: symbol(lib, b"cudnnGnnAggSimpleForward\0"),
            cudnnGnnMhaGatBackward: symbol(lib, b"cudnnGnnMhaGatBackward\0"),
            cudnnGnnMhaGatForward: symbol(lib, b"cudnnGnnMhaGatForward\0"),
            cudnnGnnMhaGatV2Backward: symbol(lib, b"cudnnGnnMhaGatV2Backward\0"),
            cudnnGnnMhaGatV2Forward: symbol(lib, b"cudnnGnnMhaGatV2Forward\0"),
            cudnnGraphVersionCheck: symbol(lib, b"cudnnGraphVersionCheck\0"),
            cudnnIm2Col: symbol(lib, b"cudnnIm2Col\0"),
            cudnnInitTransformDest: symbol(lib, b"cudnnInitTransformDest\0"),
            cudnnLRNCrossChannelBackward: symbol(lib, b"cudnnLRNCrossChannelBackward\0"),
            cudnnLRNCrossChannelForward: symbol(lib, b"cudnnLRNCrossChannelForward\0"),
            cudnnLongFFTCausalConv1dBackward: symbol(
                lib,
                b"cudnnLongFFTCausalConv1dBackward\0",
            ),
            cudnnLongFFTCausalConv1dForward: symbol(
                lib,
                b"cudnnLongFFTCausalConv1dForward\0",
            ),
            cudnnLongFFTCausalConv1dGetBufferSizes: symbol(
                lib,
                b"cudnnLongFFTCausalConv1dGetBufferSizes\0",
            ),
            cudnnMakeFusedOpsPlan: symbol(lib, b"cudnnMakeFusedOpsPlan\0"),
            cudnnMultiHeadAttnBackwardData: symbol(
                lib,
                b"cudnnMultiHeadAttnBackwardData\0",
            ),
            cudnnMultiHeadAttnBackwardWeights: symbol(
                lib,
                b"cudnnMultiHeadAttnBackwardWeights\0",
            ),
            cudnnMultiHeadAttnForward: symbol(lib, b"cudnnMultiHeadAttnForward\0"),
            cudnnNormalizationBackward: symbol(lib, b"cudnnNormalizationBackward\0"),
            cudnnNormalizationForwardInference: symbol(
                lib,
                b"cudnnNormalizationForwardInference\0",
            ),
            cudnnNormalizationForwardTraining: symbol(
                lib,
                b"cudnnNormalizationForwardTraining\0",
            ),
            cudnnOpTensor: symbol(lib, b"cudnnOpTensor\0"),
            cudnnOpsInferVersionCheck: symbol(lib, b"cudnnOpsInferVersionCheck\0"),
            cudnnOpsTrainVersionCheck: symbol(lib, b"cudnnOpsTrainVersionCheck\0"),
            cudnnOpsVersionCheck: symbol(lib, b"cudnnOpsVersionCheck\0"),
            cudnnPoolingBackward: symbol(lib, b"cudnnPoolingBackward\0"),
            cudnnPoolingForward: symbol(lib, b"cudnnPoolingForward\0"),
            cudnnQueryRuntimeError: symbol(lib, b"cudnnQueryRuntimeError\0"),
            cudnnRNNBackwardData: symbol(lib, b"cudnnRNNBackwardData\0"),
            cudnnRNNBackwardDataEx: symbol(lib, b"cudnnRNNBackwardDataEx\0"),
            cudnnRNNBackwardData_v8: symbol(lib, b"cudnnRNNBackwardData_v8\0"),
            cudnnRNNBackwardWeights: symbol(lib, b"cudnnRNNBackwardWeights\0"),
            cudnnRNNBackwardWeightsEx: symbol(lib, b"cudnnRNNBackwardWeightsEx\0"),
            cudnnRNNBackwardWeights_v8: symbol(lib, b"cudnnRNNBackwardWeights_v8\0"),
            cudnnRNNForward: symbol(lib, b"cudnnRNNForward\0"),
            cudnnRNNForwardInference: symbol(lib, b"cudnnRNNForwardInference\0"),
            cudnnRNNForwardInferenceEx: symbol(lib, b"cudnnRNNForwardInferenceEx\0"),
            cudnnRNNForwardTraining: symbol(lib, b"cudnnRNNForwardTraining\0"),
            cudnnRNNForwardTrainingEx: symbol(lib, b"cudnnRNNForwardTrainingEx\0"),
            cudnnRNNGetClip: symbol(lib, b"cudnnRNNGetClip\0"),
            cudnnRNNGetClip_v8: symbol(lib, b"cudnnRNNGetClip_v8\0"),
            cudnnRNNGetClip_v9: symbol(lib, b"cudnnRNNGetClip_v9\0"),
            cudnnRNNSetClip: symbol(lib, b"cudnnRNNSetClip\0"),
            cudnnRNNSetClip_v8: symbol(lib, b"cudnnRNNSetClip_v8\0"),
            cudnnRNNSetClip_v9: symbol(lib, b"cudnnRNNSetClip_v9\0"),
            cudnnReduceTensor: symbol(lib, b"cudnnReduceTensor\0"),
            cudnnReorderFilterAndBias: symbol(lib, b"cudnnReorderFilterAndBias\0"),
            cudnnRestoreAlgorithm: symbol(lib, b"cudnnRestoreAlgorithm\0"),
            cudnnRestoreDropoutDescriptor: symbol(
                lib,
                b"cudnnRestoreDropoutDescriptor\0",
            ),
            cudnnSaveAlgorithm: symbol(lib, b"cudnnSaveAlgorithm\0"),
            cudnnScaleTensor: symbol(lib, b"cudnnScaleTensor\0"),
            cudnnSetActivationDescriptor: symbol(lib, b"cudnnSetActivationDescriptor\0"),
            cudnnSetActivationDescriptorSwishBeta: symbol(
                lib,
                b"cudnnSetActivationDescriptorSwishBeta\0",
            ),
            cudnnSetAlgorithmDescriptor: symbol(lib, b"cudnnSetAlgorithmDescriptor\0"),
            cudnnSetAlgorithmPerformance: symbol(lib, b"cudnnSetAlgorithmPerformance\0"),
            cudnnSetAttnDescriptor: symbol(lib, b"cudnnSetAttnDescriptor\0"),
            cudnnSetCTCLossDescriptor: symbol(lib, b"cudnnSetCTCLossDescriptor\0"),
            cudnnSetCTCLossDescriptorEx: symbol(lib, b"cudnnSetCTCLossDescriptorEx\0"),
            cudnnSetCTCLossDescriptor_v8: symbol(lib, b"cudnnSetCTCLossDescriptor_v8\0"),
            cudnnSetCTCLossDescriptor_v9: symbol(lib, b"cudnnSetCTCLossDescriptor_v9\0"),
            cudnnSetCallback: symbol(lib, b"cudnnSetCallback\0"),
            cudnnSetConvolution2dDescriptor: symbol(
                lib,
                b"cudnnSetConvolution2dDescriptor\0",
            ),
            cudnnSetConvolutionGroupCount: symbol(
                lib,
                b"cudnnSetConvolutionGroupCount\0",
            ),
            cudnnSetConvolutionMathType: symbol(lib, b"cudnnSetConvolutionMathType\0"),
            cudnnSetConvolutionNdDescriptor: symbol(
                lib,
                b"cudnnSetConvolutionNdDescriptor\0",
            ),
            cudnnSetConvolutionReorderType: symbol(
                lib,
                b"cudnnSetConvolutionReorderType\0",
            ),
            cudnnSetDropoutDescriptor: symbol(lib, b"cudnnSetDropoutDescriptor\0"),
            cudnnSetFilter4dDescriptor: symbol(lib, b"cudnnSetFilter4dDescriptor\0"),
            cudnnSetFilterNdDescriptor: symbol(lib, b"cudnnSetFilterNdDescriptor\0"),
            cudnnSetFusedOpsConstParamPackAttribute: symbol(
                lib,
                b"cudnnSetFusedOpsConstParamPackAttribute\0",
            ),
            cudnnSetFusedOpsVariantParamPackAttribute: symbol(
                lib,
                b"cudnnSetFusedOpsVariantParamPackAttribute\0",
            ),
            cudnnSetLRNDescriptor: symbol(lib, b"cudnnSetLRNDescriptor\0"),
            cudnnSetOpTensorDescriptor: symbol(lib, b"cudnnSetOpTensorDescriptor\0"),
            cudnnSetPersistentRNNPlan: symbol(lib, b"cudnnSetPersistentRNNPlan\0"),
            cudnnSetPooling2dDescriptor: symbol(lib, b"cudnnSetPooling2dDescriptor\0"),
            cudnnSetPoolingNdDescriptor: symbol(lib, b"cudnnSetPoolingNdDescriptor\0"),
            cudnnSetRNNAlgorithmDescriptor: symbol(
                lib,
                b"cudnnSetRNNAlgorithmDescriptor\0",
            ),
            cudnnSetRNNBiasMode: symbol(lib, b"cudnnSetRNNBiasMode\0"),
            cudnnSetRNNDataDescriptor: symbol(lib, b"cudnnSetRNNDataDescriptor\0"),
            cudnnSetRNNDescriptor_v6: symbol(lib, b"cudnnSetRNNDescriptor_v6\0"),
            cudnnSetRNNDescriptor_v8: symbol(lib, b"cudnnSetRNNDescriptor_v8\0"),
            cudnnSetRNNMatrixMathType: symbol(lib, b"cudnnSetRNNMatrixMathType\0"),
            cudnnSetRNNPaddingMode: symbol(lib, b"cudnnSetRNNPaddingMode\0"),
            cudnnSetRNNProjectionLayers: symbol(lib, b"cudnnSetRNNProjectionLayers\0"),
            cudnnSetReduceTensorDescriptor: symbol(
                lib,
                b"cudnnSetReduceTensorDescriptor\0",
            ),
            cudnnSetSeqDataDescriptor: symbol(lib, b"cudnnSetSeqDataDescriptor\0"),
            cudnnSetSpatialTransformerNdDescriptor: symbol(
                lib,
                b"cudnnSetSpatialTransformerNdDescriptor\0",
            ),
            cudnnSetStream: symbol(lib, b"cudnnSetStream\0"),
            cudnnSetTensor: symbol(lib, b"cudnnSetTensor\0"),
            cudnnSetTensor4dDescriptor: symbol(lib, b"cudnnSetTensor4dDescriptor\0"),
            cudnnSetTensor4dDescriptorEx: symbol(lib, b"cudnnSetTensor4dDescriptorEx\0"),
            cudnnSetTensorNdDescriptor: symbol(lib, b"cudnnSetTensorNdDescriptor\0"),
            cudnnSetTensorNdDescriptorEx: symbol(lib, b"cudnnSetTensorNdDescriptorEx\0"),
            cudnnSetTensorTransformDescriptor: symbol(
                lib,
                b"cudnnSetTensorTransformDescriptor\0",
            ),
            cudnnSoftmaxBackward: symbol(lib, b"cudnnSoftmaxBackward\0"),
            cudnnSoftmaxForward: symbol(lib, b"cudnnSoftmaxForward\0"),
            cudnnSpatialTfGridGeneratorBackward: symbol(
                lib,
                b"cudnnSpatialTfGridGeneratorBackward\0",
            ),
            cudnnSpatialTfGridGeneratorForward: symbol(
                lib,
                b"cudnnSpatialTfGridGeneratorForward\0",
            ),
            cudnnSpatialTfSamplerBackward: symbol(
                lib,
                b"cudnnSpatialTfSamplerBackward\0",
            ),
            cudnnSpatialTfSamplerForward: symbol(lib, b"cudnnSpatialTfSamplerForward\0"),
            cudnnSubquadraticOpsVersionCheck: symbol(
                lib,
                b"cudnnSubquadraticOpsVersionCheck\0",
            ),
            cudnnTransformFilter: symbol(lib, b"cudnnTransformFilter\0"),
            cudnnTransformTensor: symbol(lib, b"cudnnTransformTensor\0"),
            cudnnTransformTensorEx: symbol(lib, b"cudnnTransformTensorEx\0"),
        }
    }
    /// Whether the function named `name` was found: `None` when no
    /// header declares it.
    pub fn is_available(&self, name: &str) -> Option<bool> {
        match name {
            "cudnnActivationBackward" => Some(self.cudnnActivationBackward.is_some()),
            "cudnnActivationForward" => Some(self.cudnnActivationForward.is_some()),
            "cudnnAddTensor" => Some(self.cudnnAddTensor.is_some()),
            "cudnnAdvInferVersionCheck" => Some(self.cudnnAdvInferVersionCheck.is_some()),
            "cudnnAdvTrainVersionCheck" => Some(self.cudnnAdvTrainVersionCheck.is_some()),
            "cudnnAdvVersionCheck" => Some(self.cudnnAdvVersionCheck.is_some()),
            "cudnnB2BCausalConv1dBackward" => {
                Some(self.cudnnB2BCausalConv1dBackward.is_some())
            }
            "cudnnB2BCausalConv1dForward" => {
                Some(self.cudnnB2BCausalConv1dForward.is_some())
            }
            "cudnnBackendCreateDescriptor" => {
                Some(self.cudnnBackendCreateDescriptor.is_some())
            }
            "cudnnBackendDestroyDescriptor" => {
                Some(self.cudnnBackendDestroyDescriptor.is_some())
            }
            "cudnnBackendExecute" => Some(self.cudnnBackendExecute.is_some()),
            "cudnnBackendFinalize" => Some(self.cudnnBackendFinalize.is_some()),
            "cudnnBackendGetAttribute" => Some(self.cudnnBackendGetAttribute.is_some()),
            "cudnnBackendInitialize" => Some(self.cudnnBackendInitialize.is_some()),
            "cudnnBackendPopulateCudaGraph" => {
                Some(self.cudnnBackendPopulateCudaGraph.is_some())
            }
            "cudnnBackendSetAttribute" => Some(self.cudnnBackendSetAttribute.is_some()),
            "cudnnBackendUpdateCudaGraph" => {
                Some(self.cudnnBackendUpdateCudaGraph.is_some())
            }
            "cudnnBatchNormalizationBackward" => {
                Some(self.cudnnBatchNormalizationBackward.is_some())
            }
            "cudnnBatchNormalizationBackwardEx" => {
                Some(self.cudnnBatchNormalizationBackwardEx.is_some())
            }
            "cudnnBatchNormalizationForwardInference" => {
                Some(self.cudnnBatchNormalizationForwardInference.is_some())
            }
            "cudnnBatchNormalizationForwardTraining" => {
                Some(self.cudnnBatchNormalizationForwardTraining.is_some())
            }
            "cudnnBatchNormalizationForwardTrainingEx" => {
                Some(self.cudnnBatchNormalizationForwardTrainingEx.is_some())
            }
            "cudnnBuildRNNDynamic" => Some(self.cudnnBuildRNNDynamic.is_some()),
            "cudnnCTCLoss" => Some(self.cudnnCTCLoss.is_some()),
            "cudnnCTCLoss_v8" => Some(self.cudnnCTCLoss_v8.is_some()),
            "cudnnCausalConv1dBackward" => Some(self.cudnnCausalConv1dBackward.is_some()),
            "cudnnCausalConv1dForward" => Some(self.cudnnCausalConv1dForward.is_some()),
            "cudnnCausalConv1dNwhBackward" => {
                Some(self.cudnnCausalConv1dNwhBackward.is_some())
            }
            "cudnnCausalConv1dNwhForward" => {
                Some(self.cudnnCausalConv1dNwhForward.is_some())
            }
            "cudnnCnnInferVersionCheck" => Some(self.cudnnCnnInferVersionCheck.is_some()),
            "cudnnCnnTrainVersionCheck" => Some(self.cudnnCnnTrainVersionCheck.is_some()),
            "cudnnCnnVersionCheck" => Some(self.cudnnCnnVersionCheck.is_some()),
            "cudnnConvolutionBackwardBias" => {
                Some(self.cudnnConvolutionBackwardBias.is_some())
            }
            "cudnnConvolutionBackwardData" => {
                Some(self.cudnnConvolutionBackwardData.is_some())
            }
            "cudnnConvolutionBackwardFilter" => {
                Some(self.cudnnConvolutionBackwardFilter.is_some())
            }
            "cudnnConvolutionBiasActivationForward" => {
                Some(self.cudnnConvolutionBiasActivationForward.is_some())
            }
            "cudnnConvolutionForward" => Some(self.cudnnConvolutionForward.is_some()),
            "cudnnCopyAlgorithmDescriptor" => {
                Some(self.cudnnCopyAlgorithmDescriptor.is_some())
            }
            "cudnnCreate" => Some(self.cudnnCreate.is_some()),
            "cudnnCreateActivationDescriptor" => {
                Some(self.cudnnCreateActivationDescriptor.is_some())
            }
            "cudnnCreateAlgorithmDescriptor" => {
                Some(self.cudnnCreateAlgorithmDescriptor.is_some())
            }
            "cudnnCreateAlgorithmPerformance" => {
                Some(self.cudnnCreateAlgorithmPerformance.is_some())
            }
            "cudnnCreateAttnDescriptor" => Some(self.cudnnCreateAttnDescriptor.is_some()),
            "cudnnCreateCTCLossDescriptor" => {
                Some(self.cudnnCreateCTCLossDescriptor.is_some())
            }
            "cudnnCreateConvolutionDescriptor" => {
                Some(self.cudnnCreateConvolutionDescriptor.is_some())
            }
            "cudnnCreateDropoutDescriptor" => {
                Some(self.cudnnCreateDropoutDescriptor.is_some())
            }
            "cudnnCreateFilterDescriptor" => {
                Some(self.cudnnCreateFilterDescriptor.is_some())
            }
            "cudnnCreateFusedOpsConstParamPack" => {
                Some(self.cudnnCreateFusedOpsConstParamPack.is_some())
            }
            "cudnnCreateFusedOpsPlan" => Some(self.cudnnCreateFusedOpsPlan.is_some()),
            "cudnnCreateFusedOpsVariantParamPack" => {
                Some(self.cudnnCreateFusedOpsVariantParamPack.is_some())
            }
            "cudnnCreateLRNDescriptor" => Some(self.cudnnCreateLRNDescriptor.is_some()),
            "cudnnCreateOpTensorDescriptor" => {
                Some(self.cudnnCreateOpTensorDescriptor.is_some())
            }
            "cudnnCreatePersistentRNNPlan" => {
                Some(self.cudnnCreatePersistentRNNPlan.is_some())
            }
            "cudnnCreatePoolingDescriptor" => {
                Some(self.cudnnCreatePoolingDescriptor.is_some())
            }
            "cudnnCreateRNNDataDescriptor" => {
                Some(self.cudnnCreateRNNDataDescriptor.is_some())
            }
            "cudnnCreateRNNDescriptor" => Some(self.cudnnCreateRNNDescriptor.is_some()),
            "cudnnCreateReduceTensorDescriptor" => {
                Some(self.cudnnCreateReduceTensorDescriptor.is_some())
            }
            "cudnnCreateSeqDataDescriptor" => {
                Some(self.cudnnCreateSeqDataDescriptor.is_some())
            }
            "cudnnCreateSpatialTransformerDescriptor" => {
                Some(self.cudnnCreateSpatialTransformerDescriptor.is_some())
            }
            "cudnnCreateTensorDescriptor" => {
                Some(self.cudnnCreateTensorDescriptor.is_some())
            }
            "cudnnCreateTensorTransformDescriptor" => {
                Some(self.cudnnCreateTensorTransformDescriptor.is_some())
            }
            "cudnnDeriveBNTensorDescriptor" => {
                Some(self.cudnnDeriveBNTensorDescriptor.is_some())
            }
            "cudnnDeriveNormTensorDescriptor" => {
                Some(self.cudnnDeriveNormTensorDescriptor.is_some())
            }
            "cudnnDestroy" => Some(self.cudnnDestroy.is_some()),
            "cudnnDestroyActivationDescriptor" => {
                Some(self.cudnnDestroyActivationDescriptor.is_some())
            }
            "cudnnDestroyAlgorithmDescriptor" => {
                Some(self.cudnnDestroyAlgorithmDescriptor.is_some())
            }
            "cudnnDestroyAlgorithmPerformance" => {
                Some(self.cudnnDestroyAlgorithmPerformance.is_some())
            }
            "cudnnDestroyAttnDescriptor" => {
                Some(self.cudnnDestroyAttnDescriptor.is_some())
            }
            "cudnnDestroyCTCLossDescriptor" => {
                Some(self.cudnnDestroyCTCLossDescriptor.is_some())
            }
            "cudnnDestroyConvolutionDescriptor" => {
                Some(self.cudnnDestroyConvolutionDescriptor.is_some())
            }
            "cudnnDestroyDropoutDescriptor" => {
                Some(self.cudnnDestroyDropoutDescriptor.is_some())
            }
            "cudnnDestroyFilterDescriptor" => {
                Some(self.cudnnDestroyFilterDescriptor.is_some())
            }
            "cudnnDestroyFusedOpsConstParamPack" => {
                Some(self.cudnnDestroyFusedOpsConstParamPack.is_some())
            }
            "cudnnDestroyFusedOpsPlan" => Some(self.cudnnDestroyFusedOpsPlan.is_some()),
            "cudnnDestroyFusedOpsVariantParamPack" => {
                Some(self.cudnnDestroyFusedOpsVariantParamPack.is_some())
            }
            "cudnnDestroyLRNDescriptor" => Some(self.cudnnDestroyLRNDescriptor.is_some()),
            "cudnnDestroyOpTensorDescriptor" => {
                Some(self.cudnnDestroyOpTensorDescriptor.is_some())
            }
            "cudnnDestroyPersistentRNNPlan" => {
                Some(self.cudnnDestroyPersistentRNNPlan.is_some())
            }
            "cudnnDestroyPoolingDescriptor" => {
                Some(self.cudnnDestroyPoolingDescriptor.is_some())
            }
            "cudnnDestroyRNNDataDescriptor" => {
                Some(self.cudnnDestroyRNNDataDescriptor.is_some())
            }
            "cudnnDestroyRNNDescriptor" => Some(self.cudnnDestroyRNNDescriptor.is_some()),
            "cudnnDestroyReduceTensorDescriptor" => {
                Some(self.cudnnDestroyReduceTensorDescriptor.is_some())
            }
            "cudnnDestroySeqDataDescriptor" => {
                Some(self.cudnnDestroySeqDataDescriptor.is_some())
            }
            "cudnnDestroySpatialTransformerDescriptor" => {
                Some(self.cudnnDestroySpatialTransformerDescriptor.is_some())
            }
            "cudnnDestroyTensorDescriptor" => {
                Some(self.cudnnDestroyTensorDescriptor.is_some())
            }
            "cudnnDestroyTensorTransformDescriptor" => {
                Some(self.cudnnDestroyTensorTransformDescriptor.is_some())
            }
            "cudnnDivisiveNormalizationBackward" => {
                Some(self.cudnnDivisiveNormalizationBackward.is_some())
            }
            "cudnnDivisiveNormalizationForward" => {
                Some(self.cudnnDivisiveNormalizationForward.is_some())
            }
            "cudnnDropoutBackward" => Some(self.cudnnDropoutBackward.is_some()),
            "cudnnDropoutForward" => Some(self.cudnnDropoutForward.is_some()),
            "cudnnDropoutGetReserveSpaceSize" => {
                Some(self.cudnnDropoutGetReserveSpaceSize.is_some())
            }
            "cudnnDropoutGetStatesSize" => Some(self.cudnnDropoutGetStatesSize.is_some()),
            "cudnnFFTCausalConv1dBackward" => {
                Some(self.cudnnFFTCausalConv1dBackward.is_some())
            }
            "cudnnFFTCausalConv1dForward" => {
                Some(self.cudnnFFTCausalConv1dForward.is_some())
            }
            "cudnnFindConvolutionBackwardDataAlgorithm" => {
                Some(self.cudnnFindConvolutionBackwardDataAlgorithm.is_some())
            }
            "cudnnFindConvolutionBackwardDataAlgorithmEx" => {
                Some(self.cudnnFindConvolutionBackwardDataAlgorithmEx.is_some())
            }
            "cudnnFindConvolutionBackwardFilterAlgorithm" => {
                Some(self.cudnnFindConvolutionBackwardFilterAlgorithm.is_some())
            }
            "cudnnFindConvolutionBackwardFilterAlgorithmEx" => {
                Some(self.cudnnFindConvolutionBackwardFilterAlgorithmEx.is_some())
            }
            "cudnnFindConvolutionForwardAlgorithm" => {
                Some(self.cudnnFindConvolutionForwardAlgorithm.is_some())
            }
            "cudnnFindConvolutionForwardAlgorithmEx" => {
                Some(self.cudnnFindConvolutionForwardAlgorithmEx.is_some())
            }
            "cudnnFindRNNBackwardDataAlgorithmEx" => {
                Some(self.cudnnFindRNNBackwardDataAlgorithmEx.is_some())
            }
            "cudnnFindRNNBackwardWeightsAlgorithmEx" => {
                Some(self.cudnnFindRNNBackwardWeightsAlgorithmEx.is_some())
            }
            "cudnnFindRNNForwardInferenceAlgorithmEx" => {
                Some(self.cudnnFindRNNForwardInferenceAlgorithmEx.is_some())
            }
            "cudnnFindRNNForwardTrainingAlgorithmEx" => {
                Some(self.cudnnFindRNNForwardTrainingAlgorithmEx.is_some())
            }
            "cudnnFusedOpsExecute" => Some(self.cudnnFusedOpsExecute.is_some()),
            "cudnnGetActivationDescriptor" => {
                Some(self.cudnnGetActivationDescriptor.is_some())
            }
            "cudnnGetActivationDescriptorSwishBeta" => {
                Some(self.cudnnGetActivationDescriptorSwishBeta.is_some())
            }
            "cudnnGetAlgorithmDescriptor" => {
                Some(self.cudnnGetAlgorithmDescriptor.is_some())
            }
            "cudnnGetAlgorithmPerformance" => {
                Some(self.cudnnGetAlgorithmPerformance.is_some())
            }
            "cudnnGetAlgorithmSpaceSize" => {
                Some(self.cudnnGetAlgorithmSpaceSize.is_some())
            }
            "cudnnGetAttnDescriptor" => Some(self.cudnnGetAttnDescriptor.is_some()),
            "cudnnGetBatchNormalizationBackwardExWorkspaceSize" => {
                Some(self.cudnnGetBatchNormalizationBackwardExWorkspaceSize.is_some())
            }
            "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize" => {
                Some(
                    self
                        .cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize
                        .is_some(),
                )
            }
            "cudnnGetBatchNormalizationTrainingExReserveSpaceSize" => {
                Some(self.cudnnGetBatchNormalizationTrainingExReserveSpaceSize.is_some())
            }
            "cudnnGetCTCLossDescriptor" => Some(self.cudnnGetCTCLossDescriptor.is_some()),
            "cudnnGetCTCLossDescriptorEx" => {
                Some(self.cudnnGetCTCLossDescriptorEx.is_some())
            }
            "cudnnGetCTCLossDescriptor_v8" => {
                Some(self.cudnnGetCTCLossDescriptor_v8.is_some())
            }
            "cudnnGetCTCLossDescriptor_v9" => {
                Some(self.cudnnGetCTCLossDescriptor_v9.is_some())
            }
            "cudnnGetCTCLossWorkspaceSize" => {
                Some(self.cudnnGetCTCLossWorkspaceSize.is_some())
            }
            "cudnnGetCTCLossWorkspaceSize_v8" => {
                Some(self.cudnnGetCTCLossWorkspaceSize_v8.is_some())
            }
            "cudnnGetCallback" => Some(self.cudnnGetCallback.is_some()),
            "cudnnGetConvolution2dDescriptor" => {
                Some(self.cudnnGetConvolution2dDescriptor.is_some())
            }
            "cudnnGetConvolution2dForwardOutputDim" => {
                Some(self.cudnnGetConvolution2dForwardOutputDim.is_some())
            }
            "cudnnGetConvolutionBackwardDataAlgorithmMaxCount" => {
                Some(self.cudnnGetConvolutionBackwardDataAlgorithmMaxCount.is_some())
            }
            "cudnnGetConvolutionBackwardDataAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionBackwardDataAlgorithm_v7.is_some())
            }
            "cudnnGetConvolutionBackwardDataWorkspaceSize" => {
                Some(self.cudnnGetConvolutionBackwardDataWorkspaceSize.is_some())
            }
            "cudnnGetConvolutionBackwardFilterAlgorithmMaxCount" => {
                Some(self.cudnnGetConvolutionBackwardFilterAlgorithmMaxCount.is_some())
            }
            "cudnnGetConvolutionBackwardFilterAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionBackwardFilterAlgorithm_v7.is_some())
            }
            "cudnnGetConvolutionBackwardFilterWorkspaceSize" => {
                Some(self.cudnnGetConvolutionBackwardFilterWorkspaceSize.is_some())
            }
            "cudnnGetConvolutionForwardAlgorithmMaxCount" => {
                Some(self.cudnnGetConvolutionForwardAlgorithmMaxCount.is_some())
            }
            "cudnnGetConvolutionForwardAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionForwardAlgorithm_v7.is_some())
            }
            "cudnnGetConvolutionForwardWorkspaceSize" => {
                Some(self.cudnnGetConvolutionForwardWorkspaceSize.is_some())
            }
            "cudnnGetConvolutionGroupCount" => {
                Some(self.cudnnGetConvolutionGroupCount.is_some())
            }
            "cudnnGetConvolutionMathType" => {
                Some(self.cudnnGetConvolutionMathType.is_some())
            }
            "cudnnGetConvolutionNdDescriptor" => {
                Some(self.cudnnGetConvolutionNdDescriptor.is_some())
            }
            "cudnnGetConvolutionNdForwardOutputDim" => {
                Some(self.cudnnGetConvolutionNdForwardOutputDim.is_some())
            }
            "cudnnGetConvolutionReorderType" => {
                Some(self.cudnnGetConvolutionReorderType.is_some())
            }
            "cudnnGetCudartVersion" => Some(self.cudnnGetCudartVersion.is_some()),
            "cudnnGetDropoutDescriptor" => Some(self.cudnnGetDropoutDescriptor.is_some()),
            "cudnnGetErrorString" => Some(self.cudnnGetErrorString.is_some()),
            "cudnnGetExecutionPlanWorkspaceSize" => {
                Some(self.cudnnGetExecutionPlanWorkspaceSize.is_some())
            }
            "cudnnGetFilter4dDescriptor" => {
                Some(self.cudnnGetFilter4dDescriptor.is_some())
            }
            "cudnnGetFilterNdDescriptor" => {
                Some(self.cudnnGetFilterNdDescriptor.is_some())
            }
            "cudnnGetFilterSizeInBytes" => Some(self.cudnnGetFilterSizeInBytes.is_some()),
            "cudnnGetFoldedConvBackwardDataDescriptors" => {
                Some(self.cudnnGetFoldedConvBackwardDataDescriptors.is_some())
            }
            "cudnnGetFusedOpsConstParamPackAttribute" => {
                Some(self.cudnnGetFusedOpsConstParamPackAttribute.is_some())
            }
            "cudnnGetFusedOpsVariantParamPackAttribute" => {
                Some(self.cudnnGetFusedOpsVariantParamPackAttribute.is_some())
            }
            "cudnnGetLRNDescriptor" => Some(self.cudnnGetLRNDescriptor.is_some()),
            "cudnnGetLastErrorString" => Some(self.cudnnGetLastErrorString.is_some()),
            "cudnnGetMaxDeviceVersion" => Some(self.cudnnGetMaxDeviceVersion.is_some()),
            "cudnnGetMultiHeadAttnBuffers" => {
                Some(self.cudnnGetMultiHeadAttnBuffers.is_some())
            }
            "cudnnGetMultiHeadAttnWeights" => {
                Some(self.cudnnGetMultiHeadAttnWeights.is_some())
            }
            "cudnnGetNormalizationBackwardWorkspaceSize" => {
                Some(self.cudnnGetNormalizationBackwardWorkspaceSize.is_some())
            }
            "cudnnGetNormalizationForwardTrainingWorkspaceSize" => {
                Some(self.cudnnGetNormalizationForwardTrainingWorkspaceSize.is_some())
            }
            "cudnnGetNormalizationTrainingReserveSpaceSize" => {
                Some(self.cudnnGetNormalizationTrainingReserveSpaceSize.is_some())
            }
            "cudnnGetOpTensorDescriptor" => {
                Some(self.cudnnGetOpTensorDescriptor.is_some())
            }
            "cudnnGetPooling2dDescriptor" => {
                Some(self.cudnnGetPooling2dDescriptor.is_some())
            }
            "cudnnGetPooling2dForwardOutputDim" => {
                Some(self.cudnnGetPooling2dForwardOutputDim.is_some())
            }
            "cudnnGetPoolingNdDescriptor" => {
                Some(self.cudnnGetPoolingNdDescriptor.is_some())
            }
            "cudnnGetPoolingNdForwardOutputDim" => {
                Some(self.cudnnGetPoolingNdForwardOutputDim.is_some())
            }
            "cudnnGetProperty" => Some(self.cudnnGetProperty.is_some()),
            "cudnnGetRNNBackwardDataAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNBackwardDataAlgorithmMaxCount.is_some())
            }
            "cudnnGetRNNBackwardWeightsAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNBackwardWeightsAlgorithmMaxCount.is_some())
            }
            "cudnnGetRNNBiasMode" => Some(self.cudnnGetRNNBiasMode.is_some()),
            "cudnnGetRNNDataDescriptor" => Some(self.cudnnGetRNNDataDescriptor.is_some()),
            "cudnnGetRNNDescriptor_v6" => Some(self.cudnnGetRNNDescriptor_v6.is_some()),
            "cudnnGetRNNDescriptor_v8" => Some(self.cudnnGetRNNDescriptor_v8.is_some()),
            "cudnnGetRNNForwardInferenceAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNForwardInferenceAlgorithmMaxCount.is_some())
            }
            "cudnnGetRNNForwardTrainingAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNForwardTrainingAlgorithmMaxCount.is_some())
            }
            "cudnnGetRNNLinLayerBiasParams" => {
                Some(self.cudnnGetRNNLinLayerBiasParams.is_some())
            }
            "cudnnGetRNNLinLayerMatrixParams" => {
                Some(self.cudnnGetRNNLinLayerMatrixParams.is_some())
            }
            "cudnnGetRNNMatrixMathType" => Some(self.cudnnGetRNNMatrixMathType.is_some()),
            "cudnnGetRNNPaddingMode" => Some(self.cudnnGetRNNPaddingMode.is_some()),
            "cudnnGetRNNParamsSize" => Some(self.cudnnGetRNNParamsSize.is_some()),
            "cudnnGetRNNProjectionLayers" => {
                Some(self.cudnnGetRNNProjectionLayers.is_some())
            }
            "cudnnGetRNNTempSpaceSizes" => Some(self.cudnnGetRNNTempSpaceSizes.is_some()),
            "cudnnGetRNNTrainingReserveSize" => {
                Some(self.cudnnGetRNNTrainingReserveSize.is_some())
            }
            "cudnnGetRNNWeightParams" => Some(self.cudnnGetRNNWeightParams.is_some()),
            "cudnnGetRNNWeightSpaceSize" => {
                Some(self.cudnnGetRNNWeightSpaceSize.is_some())
            }
            "cudnnGetRNNWorkspaceSize" => Some(self.cudnnGetRNNWorkspaceSize.is_some()),
            "cudnnGetReduceTensorDescriptor" => {
                Some(self.cudnnGetReduceTensorDescriptor.is_some())
            }
            "cudnnGetReductionIndicesSize" => {
                Some(self.cudnnGetReductionIndicesSize.is_some())
            }
            "cudnnGetReductionWorkspaceSize" => {
                Some(self.cudnnGetReductionWorkspaceSize.is_some())
            }
            "cudnnGetSeqDataDescriptor" => Some(self.cudnnGetSeqDataDescriptor.is_some()),
            "cudnnGetStream" => Some(self.cudnnGetStream.is_some()),
            "cudnnGetTensor4dDescriptor" => {
                Some(self.cudnnGetTensor4dDescriptor.is_some())
            }
            "cudnnGetTensorNdDescriptor" => {
                Some(self.cudnnGetTensorNdDescriptor.is_some())
            }
            "cudnnGetTensorSizeInBytes" => Some(self.cudnnGetTensorSizeInBytes.is_some()),
            "cudnnGetTensorTransformDescriptor" => {
                Some(self.cudnnGetTensorTransformDescriptor.is_some())
            }
            "cudnnGetVersion" => Some(self.cudnnGetVersion.is_some()),
            "cudnnGnnAggSimpleBackward" => Some(self.cudnnGnnAggSimpleBackward.is_some()),
            "cudnnGnnAggSimpleForward" => Some(self.cudnnGnnAggSimpleForward.is_some()),
            "cudnnGnnMhaGatBackward" => Some(self.cudnnGnnMhaGatBackward.is_some()),
            "cudnnGnnMhaGatForward" => Some(self.cudnnGnnMhaGatForward.is_some()),
            "cudnnGnnMhaGatV2Backward" => Some(self.cudnnGnnMhaGatV2Backward.is_some()),
            "cudnnGnnMhaGatV2Forward" => Some(self.cudnnGnnMhaGatV2Forward.is_some()),
            "cudnnGraphVersionCheck" => Some(self.cudnnGraphVersionCheck.is_some()),
            "cudnnIm2Col" => Some(self.cudnnIm2Col.is_some()),
            "cudnnInitTransformDest" => Some(self.cudnnInitTransformDest.is_some()),
            "cudnnLRNCrossChannelBackward" => {
                Some(self.cudnnLRNCrossChannelBackward.is_some())
            }
            "cudnnLRNCrossChannelForward" => {
                Some(self.cudnnLRNCrossChannelForward.is_some())
            }
            "cudnnLongFFTCausalConv1dBackward" => {
                Some(self.cudnnLongFFTCausalConv1dBackward.is_some())
            }
            "cudnnLongFFTCausalConv1dForward" => {
                Some(self.cudnnLongFFTCausalConv1dForward.is_some())
            }
            "cudnnLongFFTCausalConv1dGetBufferSizes" => {
                Some(self.cudnnLongFFTCausalConv1dGetBufferSizes.is_some())
            }
            "cudnnMakeFusedOpsPlan" => Some(self.cudnnMakeFusedOpsPlan.is_some()),
            "cudnnMultiHeadAttnBackwardData" => {
                Some(self.cudnnMultiHeadAttnBackwardData.is_some())
            }
            "cudnnMultiHeadAttnBackwardWeights" => {
                Some(self.cudnnMultiHeadAttnBackwardWeights.is_some())
            }
            "cudnnMultiHeadAttnForward" => Some(self.cudnnMultiHeadAttnForward.is_some()),
            "cudnnNormalizationBackward" => {
                Some(self.cudnnNormalizationBackward.is_some())
            }
            "cudnnNormalizationForwardInference" => {
                Some(self.cudnnNormalizationForwardInference.is_some())
            }
            "cudnnNormalizationForwardTraining" => {
                Some(self.cudnnNormalizationForwardTraining.is_some())
            }
            "cudnnOpTensor" => Some(self.cudnnOpTensor.is_some()),
            "cudnnOpsInferVersionCheck" => Some(self.cudnnOpsInferVersionCheck.is_some()),
            "cudnnOpsTrainVersionCheck" => Some(self.cudnnOpsTrainVersionCheck.is_some()),
            "cudnnOpsVersionCheck" => Some(self.cudnnOpsVersionCheck.is_some()),
            "cudnnPoolingBackward" => Some(self.cudnnPoolingBackward.is_some()),
            "cudnnPoolingForward" => Some(self.cudnnPoolingForward.is_some()),
            "cudnnQueryRuntimeError" => Some(self.cudnnQueryRuntimeError.is_some()),
            "cudnnRNNBackwardData" => Some(self.cudnnRNNBackwardData.is_some()),
            "cudnnRNNBackwardDataEx" => Some(self.cudnnRNNBackwardDataEx.is_some()),
            "cudnnRNNBackwardData_v8" => Some(self.cudnnRNNBackwardData_v8.is_some()),
            "cudnnRNNBackwardWeights" => Some(self.cudnnRNNBackwardWeights.is_some()),
            "cudnnRNNBackwardWeightsEx" => Some(self.cudnnRNNBackwardWeightsEx.is_some()),
            "cudnnRNNBackwardWeights_v8" => {
                Some(self.cudnnRNNBackwardWeights_v8.is_some())
            }
            "cudnnRNNForward" => Some(self.cudnnRNNForward.is_some()),
            "cudnnRNNForwardInference" => Some(self.cudnnRNNForwardInference.is_some()),
            "cudnnRNNForwardInferenceEx" => {
                Some(self.cudnnRNNForwardInferenceEx.is_some())
            }
            "cudnnRNNForwardTraining" => Some(self.cudnnRNNForwardTraining.is_some()),
            "cudnnRNNForwardTrainingEx" => Some(self.cudnnRNNForwardTrainingEx.is_some()),
            "cudnnRNNGetClip" => Some(self.cudnnRNNGetClip.is_some()),
            "cudnnRNNGetClip_v8" => Some(self.cudnnRNNGetClip_v8.is_some()),
            "cudnnRNNGetClip_v9" => Some(self.cudnnRNNGetClip_v9.is_some()),
            "cudnnRNNSetClip" => Some(self.cudnnRNNSetClip.is_some()),
            "cudnnRNNSetClip_v8" => Some(self.cudnnRNNSetClip_v8.is_some()),
            "cudnnRNNSetClip_v9" => Some(self.cudnnRNNSetClip_v9.is_some()),
            "cudnnReduceTensor" => Some(self.cudnnReduceTensor.is_some()),
            "cudnnReorderFilterAndBias" => Some(self.cudnnReorderFilterAndBias.is_some()),
            "cudnnRestoreAlgorithm" => Some(self.cudnnRestoreAlgorithm.is_some()),
            "cudnnRestoreDropoutDescriptor" => {
                Some(self.cudnnRestoreDropoutDescriptor.is_some())
            }
            "cudnnSaveAlgorithm" => Some(self.cudnnSaveAlgorithm.is_some()),
            "cudnnScaleTensor" => Some(self.cudnnScaleTensor.is_some()),
            "cudnnSetActivationDescriptor" => {
                Some(self.cudnnSetActivationDescriptor.is_some())
            }
            "cudnnSetActivationDescriptorSwishBeta" => {
                Some(self.cudnnSetActivationDescriptorSwishBeta.is_some())
            }
            "cudnnSetAlgorithmDescriptor" => {
                Some(self.cudnnSetAlgorithmDescriptor.is_some())
            }
            "cudnnSetAlgorithmPerformance" => {
                Some(self.cudnnSetAlgorithmPerformance.is_some())
            }
            "cudnnSetAttnDescriptor" => Some(self.cudnnSetAttnDescriptor.is_some()),
            "cudnnSetCTCLossDescriptor" => Some(self.cudnnSetCTCLossDescriptor.is_some()),
            "cudnnSetCTCLossDescriptorEx" => {
                Some(self.cudnnSetCTCLossDescriptorEx.is_some())
            }
            "cudnnSetCTCLossDescriptor_v8" => {
                Some(self.cudnnSetCTCLossDescriptor_v8.is_some())
            }
            "cudnnSetCTCLossDescriptor_v9" => {
                Some(self.cudnnSetCTCLossDescriptor_v9.is_some())
            }
            "cudnnSetCallback" => Some(self.cudnnSetCallback.is_some()),
            "cudnnSetConvolution2dDescriptor" => {
                Some(self.cudnnSetConvolution2dDescriptor.is_some())
            }
            "cudnnSetConvolutionGroupCount" => {
                Some(self.cudnnSetConvolutionGroupCount.is_some())
            }
            "cudnnSetConvolutionMathType" => {
                Some(self.cudnnSetConvolutionMathType.is_some())
            }
            "cudnnSetConvolutionNdDescriptor" => {
                Some(self.cudnnSetConvolutionNdDescriptor.is_some())
            }
            "cudnnSetConvolutionReorderType" => {
                Some(self.cudnnSetConvolutionReorderType.is_some())
            }
            "cudnnSetDropoutDescriptor" => Some(self.cudnnSetDropoutDescriptor.is_some()),
            "cudnnSetFilter4dDescriptor" => {
                Some(self.cudnnSetFilter4dDescriptor.is_some())
            }
            "cudnnSetFilterNdDescriptor" => {
                Some(self.cudnnSetFilterNdDescriptor.is_some())
            }
            "cudnnSetFusedOpsConstParamPackAttribute" => {
                Some(self.cudnnSetFusedOpsConstParamPackAttribute.is_some())
            }
            "cudnnSetFusedOpsVariantParamPackAttribute" => {
                Some(self.cudnnSetFusedOpsVariantParamPackAttribute.is_some())
            }
            "cudnnSetLRNDescriptor" => Some(self.cudnnSetLRNDescriptor.is_some()),
            "cudnnSetOpTensorDescriptor" => {
                Some(self.cudnnSetOpTensorDescriptor.is_some())
            }
            "cudnnSetPersistentRNNPlan" => Some(self.cudnnSetPersistentRNNPlan.is_some()),
            "cudnnSetPooling2dDescriptor" => {
                Some(self.cudnnSetPooling2dDescriptor.is_some())
            }
            "cudnnSetPoolingNdDescriptor" => {
                Some(self.cudnnSetPoolingNdDescriptor.is_some())
            }
            "cudnnSetRNNAlgorithmDescriptor" => {
                Some(self.cudnnSetRNNAlgorithmDescriptor.is_some())
            }
            "cudnnSetRNNBiasMode" => Some(self.cudnnSetRNNBiasMode.is_some()),
            "cudnnSetRNNDataDescriptor" => Some(self.cudnnSetRNNDataDescriptor.is_some()),
            "cudnnSetRNNDescriptor_v6" => Some(self.cudnnSetRNNDescriptor_v6.is_some()),
            "cudnnSetRNNDescriptor_v8" => Some(self.cudnnSetRNNDescriptor_v8.is_some()),
            "cudnnSetRNNMatrixMathType" => Some(self.cudnnSetRNNMatrixMathType.is_some()),
            "cudnnSetRNNPaddingMode" => Some(self.cudnnSetRNNPaddingMode.is_some()),
            "cudnnSetRNNProjectionLayers" => {
                Some(self.cudnnSetRNNProjectionLayers.is_some())
            }
            "cudnnSetReduceTensorDescriptor" => {
                Some(self.cudnnSetReduceTensorDescriptor.is_some())
            }
            "cudnnSetSeqDataDescriptor" => Some(self.cudnnSetSeqDataDescriptor.is_some()),
            "cudnnSetSpatialTransformerNdDescriptor" => {
                Some(self.cudnnSetSpatialTransformerNdDescriptor.is_some())
            }
            "cudnnSetStream" => Some(self.cudnnSetStream.is_some()),
            "cudnnSetTensor" => Some(self.cudnnSetTensor.is_some()),
            "cudnnSetTensor4dDescriptor" => {
                Some(self.cudnnSetTensor4dDescriptor.is_some())
            }
            "cudnnSetTensor4dDescriptorEx" => {
                Some(self.cudnnSetTensor4dDescriptorEx.is_some())
            }
            "cudnnSetTensorNdDescriptor" => {
                Some(self.cudnnSetTensorNdDescriptor.is_some())
            }
            "cudnnSetTensorNdDescriptorEx" => {
                Some(self.cudnnSetTensorNdDescriptorEx.is_some())
            }
            "cudnnSetTensorTransformDescriptor" => {
                Some(self.cudnnSetTensorTransformDescriptor.is_some())
            }
            "cudnnSoftmaxBackward" => Some(self.cudnnSoftmaxBackward.is_some()),
            "cudnnSoftmaxForward" => Some(self.cudnnSoftmaxForward.is_some()),
            "cudnnSpatialTfGridGeneratorBackward" => {
                Some(self.cudnnSpatialTfGridGeneratorBackward.is_some())
            }
            "cudnnSpatialTfGridGeneratorForward" => {
                Some(self.cudnnSpatialTfGridGeneratorForward.is_some())
            }
            "cudnnSpatialTfSamplerBackward" => {
                Some(self.cudnnSpatialTfSamplerBackward.is_some())
            }
            "cudnnSpatialTfSamplerForward" => {
                Some(self.cudnnSpatialTfSamplerForward.is_some())
            }
            "cudnnSubquadraticOpsVersionCheck" => {
                Some(self.cudnnSubquadraticOpsVersionCheck.is_some())
            }
            "cudnnTransformFilter" => Some(self.cudnnTransformFilter.is_some()),
            "cudnnTransformTensor" => Some(self.cudnnTransformTensor.is_some()),
            "cudnnTransformTensorEx" => Some(self.cudnnTransformTensorEx.is_some()),
            _ => None,
        }
    }
    /// Clears the entry of the function named `name`, so that it
    /// reads as absent: `Some(true)` when it was present, `Some(false)`
    /// when it was absent already, `None` when no header declares it.
    pub fn disable(&mut self, name: &str) -> Option<bool> {
        match name {
            "cudnnActivationBackward" => {
                Some(self.cudnnActivationBackward.take().is_some())
            }
            "cudnnActivationForward" => {
                Some(self.cudnnActivationForward.take().is_some())
            }
            "cudnnAddTensor" => Some(self.cudnnAddTensor.take().is_some()),
            "cudnnAdvInferVersionCheck" => {
                Some(self.cudnnAdvInferVersionCheck.take().is_some())
            }
            "cudnnAdvTrainVersionCheck" => {
                Some(self.cudnnAdvTrainVersionCheck.take().is_some())
            }
            "cudnnAdvVersionCheck" => Some(self.cudnnAdvVersionCheck.take().is_some()),
            "cudnnB2BCausalConv1dBackward" => {
                Some(self.cudnnB2BCausalConv1dBackward.take().is_some())
            }
            "cudnnB2BCausalConv1dForward" => {
                Some(self.cudnnB2BCausalConv1dForward.take().is_some())
            }
            "cudnnBackendCreateDescriptor" => {
                Some(self.cudnnBackendCreateDescriptor.take().is_some())
            }
            "cudnnBackendDestroyDescriptor" => {
                Some(self.cudnnBackendDestroyDescriptor.take().is_some())
            }
            "cudnnBackendExecute" => Some(self.cudnnBackendExecute.take().is_some()),
            "cudnnBackendFinalize" => Some(self.cudnnBackendFinalize.take().is_some()),
            "cudnnBackendGetAttribute" => {
                Some(self.cudnnBackendGetAttribute.take().is_some())
            }
            "cudnnBackendInitialize" => {
                Some(self.cudnnBackendInitialize.take().is_some())
            }
            "cudnnBackendPopulateCudaGraph" => {
                Some(self.cudnnBackendPopulateCudaGraph.take().is_some())
            }
            "cudnnBackendSetAttribute" => {
                Some(self.cudnnBackendSetAttribute.take().is_some())
            }
            "cudnnBackendUpdateCudaGraph" => {
                Some(self.cudnnBackendUpdateCudaGraph.take().is_some())
            }
            "cudnnBatchNormalizationBackward" => {
                Some(self.cudnnBatchNormalizationBackward.take().is_some())
            }
            "cudnnBatchNormalizationBackwardEx" => {
                Some(self.cudnnBatchNormalizationBackwardEx.take().is_some())
            }
            "cudnnBatchNormalizationForwardInference" => {
                Some(self.cudnnBatchNormalizationForwardInference.take().is_some())
            }
            "cudnnBatchNormalizationForwardTraining" => {
                Some(self.cudnnBatchNormalizationForwardTraining.take().is_some())
            }
            "cudnnBatchNormalizationForwardTrainingEx" => {
                Some(self.cudnnBatchNormalizationForwardTrainingEx.take().is_some())
            }
            "cudnnBuildRNNDynamic" => Some(self.cudnnBuildRNNDynamic.take().is_some()),
            "cudnnCTCLoss" => Some(self.cudnnCTCLoss.take().is_some()),
            "cudnnCTCLoss_v8" => Some(self.cudnnCTCLoss_v8.take().is_some()),
            "cudnnCausalConv1dBackward" => {
                Some(self.cudnnCausalConv1dBackward.take().is_some())
            }
            "cudnnCausalConv1dForward" => {
                Some(self.cudnnCausalConv1dForward.take().is_some())
            }
            "cudnnCausalConv1dNwhBackward" => {
                Some(self.cudnnCausalConv1dNwhBackward.take().is_some())
            }
            "cudnnCausalConv1dNwhForward" => {
                Some(self.cudnnCausalConv1dNwhForward.take().is_some())
            }
            "cudnnCnnInferVersionCheck" => {
                Some(self.cudnnCnnInferVersionCheck.take().is_some())
            }
            "cudnnCnnTrainVersionCheck" => {
                Some(self.cudnnCnnTrainVersionCheck.take().is_some())
            }
            "cudnnCnnVersionCheck" => Some(self.cudnnCnnVersionCheck.take().is_some()),
            "cudnnConvolutionBackwardBias" => {
                Some(self.cudnnConvolutionBackwardBias.take().is_some())
            }
            "cudnnConvolutionBackwardData" => {
                Some(self.cudnnConvolutionBackwardData.take().is_some())
            }
            "cudnnConvolutionBackwardFilter" => {
                Some(self.cudnnConvolutionBackwardFilter.take().is_some())
            }
            "cudnnConvolutionBiasActivationForward" => {
                Some(self.cudnnConvolutionBiasActivationForward.take().is_some())
            }
            "cudnnConvolutionForward" => {
                Some(self.cudnnConvolutionForward.take().is_some())
            }
            "cudnnCopyAlgorithmDescriptor" => {
                Some(self.cudnnCopyAlgorithmDescriptor.take().is_some())
            }
            "cudnnCreate" => Some(self.cudnnCreate.take().is_some()),
            "cudnnCreateActivationDescriptor" => {
                Some(self.cudnnCreateActivationDescriptor.take().is_some())
            }
            "cudnnCreateAlgorithmDescriptor" => {
                Some(self.cudnnCreateAlgorithmDescriptor.take().is_some())
            }
            "cudnnCreateAlgorithmPerformance" => {
                Some(self.cudnnCreateAlgorithmPerformance.take().is_some())
            }
            "cudnnCreateAttnDescriptor" => {
                Some(self.cudnnCreateAttnDescriptor.take().is_some())
            }
            "cudnnCreateCTCLossDescriptor" => {
                Some(self.cudnnCreateCTCLossDescriptor.take().is_some())
            }
            "cudnnCreateConvolutionDescriptor" => {
                Some(self.cudnnCreateConvolutionDescriptor.take().is_some())
            }
            "cudnnCreateDropoutDescriptor" => {
                Some(self.cudnnCreateDropoutDescriptor.take().is_some())
            }
            "cudnnCreateFilterDescriptor" => {
                Some(self.cudnnCreateFilterDescriptor.take().is_some())
            }
            "cudnnCreateFusedOpsConstParamPack" => {
                Some(self.cudnnCreateFusedOpsConstParamPack.take().is_some())
            }
            "cudnnCreateFusedOpsPlan" => {
                Some(self.cudnnCreateFusedOpsPlan.take().is_some())
            }
            "cudnnCreateFusedOpsVariantParamPack" => {
                Some(self.cudnnCreateFusedOpsVariantParamPack.take().is_some())
            }
            "cudnnCreateLRNDescriptor" => {
                Some(self.cudnnCreateLRNDescriptor.take().is_some())
            }
            "cudnnCreateOpTensorDescriptor" => {
                Some(self.cudnnCreateOpTensorDescriptor.take().is_some())
            }
            "cudnnCreatePersistentRNNPlan" => {
                Some(self.cudnnCreatePersistentRNNPlan.take().is_some())
            }
            "cudnnCreatePoolingDescriptor" => {
                Some(self.cudnnCreatePoolingDescriptor.take().is_some())
            }
            "cudnnCreateRNNDataDescriptor" => {
                Some(self.cudnnCreateRNNDataDescriptor.take().is_some())
            }
            "cudnnCreateRNNDescriptor" => {
                Some(self.cudnnCreateRNNDescriptor.take().is_some())
            }
            "cudnnCreateReduceTensorDescriptor" => {
                Some(self.cudnnCreateReduceTensorDescriptor.take().is_some())
            }
            "cudnnCreateSeqDataDescriptor" => {
                Some(self.cudnnCreateSeqDataDescriptor.take().is_some())
            }
            "cudnnCreateSpatialTransformerDescriptor" => {
                Some(self.cudnnCreateSpatialTransformerDescriptor.take().is_some())
            }
            "cudnnCreateTensorDescriptor" => {
                Some(self.cudnnCreateTensorDescriptor.take().is_some())
            }
            "cudnnCreateTensorTransformDescriptor" => {
                Some(self.cudnnCreateTensorTransformDescriptor.take().is_some())
            }
            "cudnnDeriveBNTensorDescriptor" => {
                Some(self.cudnnDeriveBNTensorDescriptor.take().is_some())
            }
            "cudnnDeriveNormTensorDescriptor" => {
                Some(self.cudnnDeriveNormTensorDescriptor.take().is_some())
            }
            "cudnnDestroy" => Some(self.cudnnDestroy.take().is_some()),
            "cudnnDestroyActivationDescriptor" => {
                Some(self.cudnnDestroyActivationDescriptor.take().is_some())
            }
            "cudnnDestroyAlgorithmDescriptor" => {
                Some(self.cudnnDestroyAlgorithmDescriptor.take().is_some())
            }
            "cudnnDestroyAlgorithmPerformance" => {
                Some(self.cudnnDestroyAlgorithmPerformance.take().is_some())
            }
            "cudnnDestroyAttnDescriptor" => {
                Some(self.cudnnDestroyAttnDescriptor.take().is_some())
            }
            "cudnnDestroyCTCLossDescriptor" => {
                Some(self.cudnnDestroyCTCLossDescriptor.take().is_some())
            }
            "cudnnDestroyConvolutionDescriptor" => {
                Some(self.cudnnDestroyConvolutionDescriptor.take().is_some())
            }
            "cudnnDestroyDropoutDescriptor" => {
                Some(self.cudnnDestroyDropoutDescriptor.take().is_some())
            }
            "cudnnDestroyFilterDescriptor" => {
                Some(self.cudnnDestroyFilterDescriptor.take().is_some())
            }
            "cudnnDestroyFusedOpsConstParamPack" => {
                Some(self.cudnnDestroyFusedOpsConstParamPack.take().is_some())
            }
            "cudnnDestroyFusedOpsPlan" => {
                Some(self.cudnnDestroyFusedOpsPlan.take().is_some())
            }
            "cudnnDestroyFusedOpsVariantParamPack" => {
                Some(self.cudnnDestroyFusedOpsVariantParamPack.take().is_some())
            }
            "cudnnDestroyLRNDescriptor" => {
                Some(self.cudnnDestroyLRNDescriptor.take().is_some())
            }
            "cudnnDestroyOpTensorDescriptor" => {
                Some(self.cudnnDestroyOpTensorDescriptor.take().is_some())
            }
            "cudnnDestroyPersistentRNNPlan" => {
                Some(self.cudnnDestroyPersistentRNNPlan.take().is_some())
            }
            "cudnnDestroyPoolingDescriptor" => {
                Some(self.cudnnDestroyPoolingDescriptor.take().is_some())
            }
            "cudnnDestroyRNNDataDescriptor" => {
                Some(self.cudnnDestroyRNNDataDescriptor.take().is_some())
            }
            "cudnnDestroyRNNDescriptor" => {
                Some(self.cudnnDestroyRNNDescriptor.take().is_some())
            }
            "cudnnDestroyReduceTensorDescriptor" => {
                Some(self.cudnnDestroyReduceTensorDescriptor.take().is_some())
            }
            "cudnnDestroySeqDataDescriptor" => {
                Some(self.cudnnDestroySeqDataDescriptor.take().is_some())
            }
            "cudnnDestroySpatialTransformerDescriptor" => {
                Some(self.cudnnDestroySpatialTransformerDescriptor.take().is_some())
            }
            "cudnnDestroyTensorDescriptor" => {
                Some(self.cudnnDestroyTensorDescriptor.take().is_some())
            }
            "cudnnDestroyTensorTransformDescriptor" => {
                Some(self.cudnnDestroyTensorTransformDescriptor.take().is_some())
            }
            "cudnnDivisiveNormalizationBackward" => {
                Some(self.cudnnDivisiveNormalizationBackward.take().is_some())
            }
            "cudnnDivisiveNormalizationForward" => {
                Some(self.cudnnDivisiveNormalizationForward.take().is_some())
            }
            "cudnnDropoutBackward" => Some(self.cudnnDropoutBackward.take().is_some()),
            "cudnnDropoutForward" => Some(self.cudnnDropoutForward.take().is_some()),
            "cudnnDropoutGetReserveSpaceSize" => {
                Some(self.cudnnDropoutGetReserveSpaceSize.take().is_some())
            }
            "cudnnDropoutGetStatesSize" => {
                Some(self.cudnnDropoutGetStatesSize.take().is_some())
            }
            "cudnnFFTCausalConv1dBackward" => {
                Some(self.cudnnFFTCausalConv1dBackward.take().is_some())
            }
            "cudnnFFTCausalConv1dForward" => {
                Some(self.cudnnFFTCausalConv1dForward.take().is_some())
            }
            "cudnnFindConvolutionBackwardDataAlgorithm" => {
                Some(self.cudnnFindConvolutionBackwardDataAlgorithm.take().is_some())
            }
            "cudnnFindConvolutionBackwardDataAlgorithmEx" => {
                Some(self.cudnnFindConvolutionBackwardDataAlgorithmEx.take().is_some())
            }
            "cudnnFindConvolutionBackwardFilterAlgorithm" => {
                Some(self.cudnnFindConvolutionBackwardFilterAlgorithm.take().is_some())
            }
            "cudnnFindConvolutionBackwardFilterAlgorithmEx" => {
                Some(self.cudnnFindConvolutionBackwardFilterAlgorithmEx.take().is_some())
            }
            "cudnnFindConvolutionForwardAlgorithm" => {
                Some(self.cudnnFindConvolutionForwardAlgorithm.take().is_some())
            }
            "cudnnFindConvolutionForwardAlgorithmEx" => {
                Some(self.cudnnFindConvolutionForwardAlgorithmEx.take().is_some())
            }
            "cudnnFindRNNBackwardDataAlgorithmEx" => {
                Some(self.cudnnFindRNNBackwardDataAlgorithmEx.take().is_some())
            }
            "cudnnFindRNNBackwardWeightsAlgorithmEx" => {
                Some(self.cudnnFindRNNBackwardWeightsAlgorithmEx.take().is_some())
            }
            "cudnnFindRNNForwardInferenceAlgorithmEx" => {
                Some(self.cudnnFindRNNForwardInferenceAlgorithmEx.take().is_some())
            }
            "cudnnFindRNNForwardTrainingAlgorithmEx" => {
                Some(self.cudnnFindRNNForwardTrainingAlgorithmEx.take().is_some())
            }
            "cudnnFusedOpsExecute" => Some(self.cudnnFusedOpsExecute.take().is_some()),
            "cudnnGetActivationDescriptor" => {
                Some(self.cudnnGetActivationDescriptor.take().is_some())
            }
            "cudnnGetActivationDescriptorSwishBeta" => {
                Some(self.cudnnGetActivationDescriptorSwishBeta.take().is_some())
            }
            "cudnnGetAlgorithmDescriptor" => {
                Some(self.cudnnGetAlgorithmDescriptor.take().is_some())
            }
            "cudnnGetAlgorithmPerformance" => {
                Some(self.cudnnGetAlgorithmPerformance.take().is_some())
            }
            "cudnnGetAlgorithmSpaceSize" => {
                Some(self.cudnnGetAlgorithmSpaceSize.take().is_some())
            }
            "cudnnGetAttnDescriptor" => {
                Some(self.cudnnGetAttnDescriptor.take().is_some())
            }
            "cudnnGetBatchNormalizationBackwardExWorkspaceSize" => {
                Some(
                    self
                        .cudnnGetBatchNormalizationBackwardExWorkspaceSize
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize" => {
                Some(
                    self
                        .cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetBatchNormalizationTrainingExReserveSpaceSize" => {
                Some(
                    self
                        .cudnnGetBatchNormalizationTrainingExReserveSpaceSize
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetCTCLossDescriptor" => {
                Some(self.cudnnGetCTCLossDescriptor.take().is_some())
            }
            "cudnnGetCTCLossDescriptorEx" => {
                Some(self.cudnnGetCTCLossDescriptorEx.take().is_some())
            }
            "cudnnGetCTCLossDescriptor_v8" => {
                Some(self.cudnnGetCTCLossDescriptor_v8.take().is_some())
            }
            "cudnnGetCTCLossDescriptor_v9" => {
                Some(self.cudnnGetCTCLossDescriptor_v9.take().is_some())
            }
            "cudnnGetCTCLossWorkspaceSize" => {
                Some(self.cudnnGetCTCLossWorkspaceSize.take().is_some())
            }
            "cudnnGetCTCLossWorkspaceSize_v8" => {
                Some(self.cudnnGetCTCLossWorkspaceSize_v8.take().is_some())
            }
            "cudnnGetCallback" => Some(self.cudnnGetCallback.take().is_some()),
            "cudnnGetConvolution2dDescriptor" => {
                Some(self.cudnnGetConvolution2dDescriptor.take().is_some())
            }
            "cudnnGetConvolution2dForwardOutputDim" => {
                Some(self.cudnnGetConvolution2dForwardOutputDim.take().is_some())
            }
            "cudnnGetConvolutionBackwardDataAlgorithmMaxCount" => {
                Some(
                    self
                        .cudnnGetConvolutionBackwardDataAlgorithmMaxCount
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetConvolutionBackwardDataAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionBackwardDataAlgorithm_v7.take().is_some())
            }
            "cudnnGetConvolutionBackwardDataWorkspaceSize" => {
                Some(self.cudnnGetConvolutionBackwardDataWorkspaceSize.take().is_some())
            }
            "cudnnGetConvolutionBackwardFilterAlgorithmMaxCount" => {
                Some(
                    self
                        .cudnnGetConvolutionBackwardFilterAlgorithmMaxCount
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetConvolutionBackwardFilterAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionBackwardFilterAlgorithm_v7.take().is_some())
            }
            "cudnnGetConvolutionBackwardFilterWorkspaceSize" => {
                Some(
                    self.cudnnGetConvolutionBackwardFilterWorkspaceSize.take().is_some(),
                )
            }
            "cudnnGetConvolutionForwardAlgorithmMaxCount" => {
                Some(self.cudnnGetConvolutionForwardAlgorithmMaxCount.take().is_some())
            }
            "cudnnGetConvolutionForwardAlgorithm_v7" => {
                Some(self.cudnnGetConvolutionForwardAlgorithm_v7.take().is_some())
            }
            "cudnnGetConvolutionForwardWorkspaceSize" => {
                Some(self.cudnnGetConvolutionForwardWorkspaceSize.take().is_some())
            }
            "cudnnGetConvolutionGroupCount" => {
                Some(self.cudnnGetConvolutionGroupCount.take().is_some())
            }
            "cudnnGetConvolutionMathType" => {
                Some(self.cudnnGetConvolutionMathType.take().is_some())
            }
            "cudnnGetConvolutionNdDescriptor" => {
                Some(self.cudnnGetConvolutionNdDescriptor.take().is_some())
            }
            "cudnnGetConvolutionNdForwardOutputDim" => {
                Some(self.cudnnGetConvolutionNdForwardOutputDim.take().is_some())
            }
            "cudnnGetConvolutionReorderType" => {
                Some(self.cudnnGetConvolutionReorderType.take().is_some())
            }
            "cudnnGetCudartVersion" => Some(self.cudnnGetCudartVersion.take().is_some()),
            "cudnnGetDropoutDescriptor" => {
                Some(self.cudnnGetDropoutDescriptor.take().is_some())
            }
            "cudnnGetErrorString" => Some(self.cudnnGetErrorString.take().is_some()),
            "cudnnGetExecutionPlanWorkspaceSize" => {
                Some(self.cudnnGetExecutionPlanWorkspaceSize.take().is_some())
            }
            "cudnnGetFilter4dDescriptor" => {
                Some(self.cudnnGetFilter4dDescriptor.take().is_some())
            }
            "cudnnGetFilterNdDescriptor" => {
                Some(self.cudnnGetFilterNdDescriptor.take().is_some())
            }
            "cudnnGetFilterSizeInBytes" => {
                Some(self.cudnnGetFilterSizeInBytes.take().is_some())
            }
            "cudnnGetFoldedConvBackwardDataDescriptors" => {
                Some(self.cudnnGetFoldedConvBackwardDataDescriptors.take().is_some())
            }
            "cudnnGetFusedOpsConstParamPackAttribute" => {
                Some(self.cudnnGetFusedOpsConstParamPackAttribute.take().is_some())
            }
            "cudnnGetFusedOpsVariantParamPackAttribute" => {
                Some(self.cudnnGetFusedOpsVariantParamPackAttribute.take().is_some())
            }
            "cudnnGetLRNDescriptor" => Some(self.cudnnGetLRNDescriptor.take().is_some()),
            "cudnnGetLastErrorString" => {
                Some(self.cudnnGetLastErrorString.take().is_some())
            }
            "cudnnGetMaxDeviceVersion" => {
                Some(self.cudnnGetMaxDeviceVersion.take().is_some())
            }
            "cudnnGetMultiHeadAttnBuffers" => {
                Some(self.cudnnGetMultiHeadAttnBuffers.take().is_some())
            }
            "cudnnGetMultiHeadAttnWeights" => {
                Some(self.cudnnGetMultiHeadAttnWeights.take().is_some())
            }
            "cudnnGetNormalizationBackwardWorkspaceSize" => {
                Some(self.cudnnGetNormalizationBackwardWorkspaceSize.take().is_some())
            }
            "cudnnGetNormalizationForwardTrainingWorkspaceSize" => {
                Some(
                    self
                        .cudnnGetNormalizationForwardTrainingWorkspaceSize
                        .take()
                        .is_some(),
                )
            }
            "cudnnGetNormalizationTrainingReserveSpaceSize" => {
                Some(self.cudnnGetNormalizationTrainingReserveSpaceSize.take().is_some())
            }
            "cudnnGetOpTensorDescriptor" => {
                Some(self.cudnnGetOpTensorDescriptor.take().is_some())
            }
            "cudnnGetPooling2dDescriptor" => {
                Some(self.cudnnGetPooling2dDescriptor.take().is_some())
            }
            "cudnnGetPooling2dForwardOutputDim" => {
                Some(self.cudnnGetPooling2dForwardOutputDim.take().is_some())
            }
            "cudnnGetPoolingNdDescriptor" => {
                Some(self.cudnnGetPoolingNdDescriptor.take().is_some())
            }
            "cudnnGetPoolingNdForwardOutputDim" => {
                Some(self.cudnnGetPoolingNdForwardOutputDim.take().is_some())
            }
            "cudnnGetProperty" => Some(self.cudnnGetProperty.take().is_some()),
            "cudnnGetRNNBackwardDataAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNBackwardDataAlgorithmMaxCount.take().is_some())
            }
            "cudnnGetRNNBackwardWeightsAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNBackwardWeightsAlgorithmMaxCount.take().is_some())
            }
            "cudnnGetRNNBiasMode" => Some(self.cudnnGetRNNBiasMode.take().is_some()),
            "cudnnGetRNNDataDescriptor" => {
                Some(self.cudnnGetRNNDataDescriptor.take().is_some())
            }
            "cudnnGetRNNDescriptor_v6" => {
                Some(self.cudnnGetRNNDescriptor_v6.take().is_some())
            }
            "cudnnGetRNNDescriptor_v8" => {
                Some(self.cudnnGetRNNDescriptor_v8.take().is_some())
            }
            "cudnnGetRNNForwardInferenceAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNForwardInferenceAlgorithmMaxCount.take().is_some())
            }
            "cudnnGetRNNForwardTrainingAlgorithmMaxCount" => {
                Some(self.cudnnGetRNNForwardTrainingAlgorithmMaxCount.take().is_some())
            }
            "cudnnGetRNNLinLayerBiasParams" => {
                Some(self.cudnnGetRNNLinLayerBiasParams.take().is_some())
            }
            "cudnnGetRNNLinLayerMatrixParams" => {
                Some(self.cudnnGetRNNLinLayerMatrixParams.take().is_some())
            }
            "cudnnGetRNNMatrixMathType" => {
                Some(self.cudnnGetRNNMatrixMathType.take().is_some())
            }
            "cudnnGetRNNPaddingMode" => {
                Some(self.cudnnGetRNNPaddingMode.take().is_some())
            }
            "cudnnGetRNNParamsSize" => Some(self.cudnnGetRNNParamsSize.take().is_some()),
            "cudnnGetRNNProjectionLayers" => {
                Some(self.cudnnGetRNNProjectionLayers.take().is_some())
            }
            "cudnnGetRNNTempSpaceSizes" => {
                Some(self.cudnnGetRNNTempSpaceSizes.take().is_some())
            }
            "cudnnGetRNNTrainingReserveSize" => {
                Some(self.cudnnGetRNNTrainingReserveSize.take().is_some())
            }
            "cudnnGetRNNWeightParams" => {
                Some(self.cudnnGetRNNWeightParams.take().is_some())
            }
            "cudnnGetRNNWeightSpaceSize" => {
                Some(self.cudnnGetRNNWeightSpaceSize.take().is_some())
            }
            "cudnnGetRNNWorkspaceSize" => {
                Some(self.cudnnGetRNNWorkspaceSize.take().is_some())
            }
            "cudnnGetReduceTensorDescriptor" => {
                Some(self.cudnnGetReduceTensorDescriptor.take().is_some())
            }
            "cudnnGetReductionIndicesSize" => {
                Some(self.cudnnGetReductionIndicesSize.take().is_some())
            }
            "cudnnGetReductionWorkspaceSize" => {
                Some(self.cudnnGetReductionWorkspaceSize.take().is_some())
            }
            "cudnnGetSeqDataDescriptor" => {
                Some(self.cudnnGetSeqDataDescriptor.take().is_some())
            }
            "cudnnGetStream" => Some(self.cudnnGetStream.take().is_some()),
            "cudnnGetTensor4dDescriptor" => {
                Some(self.cudnnGetTensor4dDescriptor.take().is_some())
            }
            "cudnnGetTensorNdDescriptor" => {
                Some(self.cudnnGetTensorNdDescriptor.take().is_some())
            }
            "cudnnGetTensorSizeInBytes" => {
                Some(self.cudnnGetTensorSizeInBytes.take().is_some())
            }
            "cudnnGetTensorTransformDescriptor" => {
                Some(self.cudnnGetTensorTransformDescriptor.take().is_some())
            }
            "cudnnGetVersion" => Some(self.cudnnGetVersion.take().is_some()),
            "cudnnGnnAggSimpleBackward" => {
                Some(self.cudnnGnnAggSimpleBackward.take().is_some())
            }
            "cudnnGnnAggSimpleForward" => {
                Some(self.cudnnGnnAggSimpleForward.take().is_some())
            }
            "cudnnGnnMhaGatBackward" => {
                Some(self.cudnnGnnMhaGatBackward.take().is_some())
            }
            "cudnnGnnMhaGatForward" => Some(self.cudnnGnnMhaGatForward.take().is_some()),
            "cudnnGnnMhaGatV2Backward" => {
                Some(self.cudnnGnnMhaGatV2Backward.take().is_some())
            }
            "cudnnGnnMhaGatV2Forward" => {
                Some(self.cudnnGnnMhaGatV2Forward.take().is_some())
            }
            "cudnnGraphVersionCheck" => {
                Some(self.cudnnGraphVersionCheck.take().is_some())
            }
            "cudnnIm2Col" => Some(self.cudnnIm2Col.take().is_some()),
            "cudnnInitTransformDest" => {
                Some(self.cudnnInitTransformDest.take().is_some())
            }
            "cudnnLRNCrossChannelBackward" => {
                Some(self.cudnnLRNCrossChannelBackward.take().is_some())
            }
            "cudnnLRNCrossChannelForward" => {
                Some(self.cudnnLRNCrossChannelForward.take().is_some())
            }
            "cudnnLongFFTCausalConv1dBackward" => {
                Some(self.cudnnLongFFTCausalConv1dBackward.take().is_some())
            }
            "cudnnLongFFTCausalConv1dForward" => {
                Some(self.cudnnLongFFTCausalConv1dForward.take().is_some())
            }
            "cudnnLongFFTCausalConv1dGetBufferSizes" => {
                Some(self.cudnnLongFFTCausalConv1dGetBufferSizes.take().is_some())
            }
            "cudnnMakeFusedOpsPlan" => Some(self.cudnnMakeFusedOpsPlan.take().is_some()),
            "cudnnMultiHeadAttnBackwardData" => {
                Some(self.cudnnMultiHeadAttnBackwardData.take().is_some())
            }
            "cudnnMultiHeadAttnBackwardWeights" => {
                Some(self.cudnnMultiHeadAttnBackwardWeights.take().is_some())
            }
            "cudnnMultiHeadAttnForward" => {
                Some(self.cudnnMultiHeadAttnForward.take().is_some())
            }
            "cudnnNormalizationBackward" => {
                Some(self.cudnnNormalizationBackward.take().is_some())
            }
            "cudnnNormalizationForwardInference" => {
                Some(self.cudnnNormalizationForwardInference.take().is_some())
            }
            "cudnnNormalizationForwardTraining" => {
                Some(self.cudnnNormalizationForwardTraining.take().is_some())
            }
            "cudnnOpTensor" => Some(self.cudnnOpTensor.take().is_some()),
            "cudnnOpsInferVersionCheck" => {
                Some(self.cudnnOpsInferVersionCheck.take().is_some())
            }
            "cudnnOpsTrainVersionCheck" => {
                Some(self.cudnnOpsTrainVersionCheck.take().is_some())
            }
            "cudnnOpsVersionCheck" => Some(self.cudnnOpsVersionCheck.take().is_some()),
            "cudnnPoolingBackward" => Some(self.cudnnPoolingBackward.take().is_some()),
            "cudnnPoolingForward" => Some(self.cudnnPoolingForward.take().is_some()),
            "cudnnQueryRuntimeError" => {
                Some(self.cudnnQueryRuntimeError.take().is_some())
            }
            "cudnnRNNBackwardData" => Some(self.cudnnRNNBackwardData.take().is_some()),
            "cudnnRNNBackwardDataEx" => {
                Some(self.cudnnRNNBackwardDataEx.take().is_some())
            }
            "cudnnRNNBackwardData_v8" => {
                Some(self.cudnnRNNBackwardData_v8.take().is_some())
            }
            "cudnnRNNBackwardWeights" => {
                Some(self.cudnnRNNBackwardWeights.take().is_some())
            }
            "cudnnRNNBackwardWeightsEx" => {
                Some(self.cudnnRNNBackwardWeightsEx.take().is_some())
            }
            "cudnnRNNBackwardWeights_v8" => {
                Some(self.cudnnRNNBackwardWeights_v8.take().is_some())
            }
            "cudnnRNNForward" => Some(self.cudnnRNNForward.take().is_some()),
            "cudnnRNNForwardInference" => {
                Some(self.cudnnRNNForwardInference.take().is_some())
            }
            "cudnnRNNForwardInferenceEx" => {
                Some(self.cudnnRNNForwardInferenceEx.take().is_some())
            }
            "cudnnRNNForwardTraining" => {
                Some(self.cudnnRNNForwardTraining.take().is_some())
            }
            "cudnnRNNForwardTrainingEx" => {
                Some(self.cudnnRNNForwardTrainingEx.take().is_some())
            }
            "cudnnRNNGetClip" => Some(self.cudnnRNNGetClip.take().is_some()),
            "cudnnRNNGetClip_v8" => Some(self.cudnnRNNGetClip_v8.take().is_some()),
            "cudnnRNNGetClip_v9" => Some(self.cudnnRNNGetClip_v9.take().is_some()),
            "cudnnRNNSetClip" => Some(self.cudnnRNNSetClip.take().is_some()),
            "cudnnRNNSetClip_v8" => Some(self.cudnnRNNSetClip_v8.take().is_some()),
            "cudnnRNNSetClip_v9" => Some(self.cudnnRNNSetClip_v9.take().is_some()),
            "cudnnReduceTensor" => Some(self.cudnnReduceTensor.take().is_some()),
            "cudnnReorderFilterAndBias" => {
                Some(self.cudnnReorderFilterAndBias.take().is_some())
            }
            "cudnnRestoreAlgorithm" => Some(self.cudnnRestoreAlgorithm.take().is_some()),
            "cudnnRestoreDropoutDescriptor" => {
                Some(self.cudnnRestoreDropoutDescriptor.take().is_some())
            }
            "cudnnSaveAlgorithm" => Some(self.cudnnSaveAlgorithm.take().is_some()),
            "cudnnScaleTensor" => Some(self.cudnnScaleTensor.take().is_some()),
            "cudnnSetActivationDescriptor" => {
                Some(self.cudnnSetActivationDescriptor.take().is_some())
            }
            "cudnnSetActivationDescriptorSwishBeta" => {
                Some(self.cudnnSetActivationDescriptorSwishBeta.take().is_some())
            }
            "cudnnSetAlgorithmDescriptor" => {
                Some(self.cudnnSetAlgorithmDescriptor.take().is_some())
            }
            "cudnnSetAlgorithmPerformance" => {
                Some(self.cudnnSetAlgorithmPerformance.take().is_some())
            }
            "cudnnSetAttnDescriptor" => {
                Some(self.cudnnSetAttnDescriptor.take().is_some())
            }
            "cudnnSetCTCLossDescriptor" => {
                Some(self.cudnnSetCTCLossDescriptor.take().is_some())
            }
            "cudnnSetCTCLossDescriptorEx" => {
                Some(self.cudnnSetCTCLossDescriptorEx.take().is_some())
            }
            "cudnnSetCTCLossDescriptor_v8" => {
                Some(self.cudnnSetCTCLossDescriptor_v8.take().is_some())
            }
            "cudnnSetCTCLossDescriptor_v9" => {
                Some(self.cudnnSetCTCLossDescriptor_v9.take().is_some())
            }
            "cudnnSetCallback" => Some(self.cudnnSetCallback.take().is_some()),
            "cudnnSetConvolution2dDescriptor" => {
                Some(self.cudnnSetConvolution2dDescriptor.take().is_some())
            }
            "cudnnSetConvolutionGroupCount" => {
                Some(self.cudnnSetConvolutionGroupCount.take().is_some())
            }
            "cudnnSetConvolutionMathType" => {
                Some(self.cudnnSetConvolutionMathType.take().is_some())
            }
            "cudnnSetConvolutionNdDescriptor" => {
                Some(self.cudnnSetConvolutionNdDescriptor.take().is_some())
            }
            "cudnnSetConvolutionReorderType" => {
                Some(self.cudnnSetConvolutionReorderType.take().is_some())
            }
            "cudnnSetDropoutDescriptor" => {
                Some(self.cudnnSetDropoutDescriptor.take().is_some())
            }
            "cudnnSetFilter4dDescriptor" => {
                Some(self.cudnnSetFilter4dDescriptor.take().is_some())
            }
            "cudnnSetFilterNdDescriptor" => {
                Some(self.cudnnSetFilterNdDescriptor.take().is_some())
            }
            "cudnnSetFusedOpsConstParamPackAttribute" => {
                Some(self.cudnnSetFusedOpsConstParamPackAttribute.take().is_some())
            }
            "cudnnSetFusedOpsVariantParamPackAttribute" => {
                Some(self.cudnnSetFusedOpsVariantParamPackAttribute.take().is_some())
            }
            "cudnnSetLRNDescriptor" => Some(self.cudnnSetLRNDescriptor.take().is_some()),
            "cudnnSetOpTensorDescriptor" => {
                Some(self.cudnnSetOpTensorDescriptor.take().is_some())
            }
            "cudnnSetPersistentRNNPlan" => {
                Some(self.cudnnSetPersistentRNNPlan.take().is_some())
            }
            "cudnnSetPooling2dDescriptor" => {
                Some(self.cudnnSetPooling2dDescriptor.take().is_some())
            }
            "cudnnSetPoolingNdDescriptor" => {
                Some(self.cudnnSetPoolingNdDescriptor.take().is_some())
            }
            "cudnnSetRNNAlgorithmDescriptor" => {
                Some(self.cudnnSetRNNAlgorithmDescriptor.take().is_some())
            }
            "cudnnSetRNNBiasMode" => Some(self.cudnnSetRNNBiasMode.take().is_some()),
            "cudnnSetRNNDataDescriptor" => {
                Some(self.cudnnSetRNNDataDescriptor.take().is_some())
            }
            "cudnnSetRNNDescriptor_v6" => {
                Some(self.cudnnSetRNNDescriptor_v6.take().is_some())
            }
            "cudnnSetRNNDescriptor_v8" => {
                Some(self.cudnnSetRNNDescriptor_v8.take().is_some())
            }
            "cudnnSetRNNMatrixMathType" => {
                Some(self.cudnnSetRNNMatrixMathType.take().is_some())
            }
            "cudnnSetRNNPaddingMode" => {
                Some(self.cudnnSetRNNPaddingMode.take().is_some())
            }
            "cudnnSetRNNProjectionLayers" => {
                Some(self.cudnnSetRNNProjectionLayers.take().is_some())
            }
            "cudnnSetReduceTensorDescriptor" => {
                Some(self.cudnnSetReduceTensorDescriptor.take().is_some())
            }
            "cudnnSetSeqDataDescriptor" => {
                Some(self.cudnnSetSeqDataDescriptor.take().is_some())
            }
            "cudnnSetSpatialTransformerNdDescriptor" => {
                Some(self.cudnnSetSpatialTransformerNdDescriptor.take().is_some())
            }
            "cudnnSetStream" => Some(self.cudnnSetStream.take().is_some()),
            "cudnnSetTensor" => Some(self.cudnnSetTensor.take().is_some()),
            "cudnnSetTensor4dDescriptor" => {
                Some(self.cudnnSetTensor4dDescriptor.take().is_some())
            }
            "cudnnSetTensor4dDescriptorEx" => {
                Some(self.cudnnSetTensor4dDescriptorEx.take().is_some())
            }
            "cudnnSetTensorNdDescriptor" => {
                Some(self.cudnnSetTensorNdDescriptor.take().is_some())
            }
            "cudnnSetTensorNdDescriptorEx" => {
                Some(self.cudnnSetTensorNdDescriptorEx.take().is_some())
            }
            "cudnnSetTensorTransformDescriptor" => {
                Some(self.cudnnSetTensorTransformDescriptor.take().is_some())
            }
            "cudnnSoftmaxBackward" => Some(self.cudnnSoftmaxBackward.take().is_some()),
            "cudnnSoftmaxForward" => Some(self.cudnnSoftmaxForward.take().is_some()),
            "cudnnSpatialTfGridGeneratorBackward" => {
                Some(self.cudnnSpatialTfGridGeneratorBackward.take().is_some())
            }
            "cudnnSpatialTfGridGeneratorForward" => {
                Some(self.cudnnSpatialTfGridGeneratorForward.take().is_some())
            }
            "cudnnSpatialTfSamplerBackward" => {
                Some(self.cudnnSpatialTfSamplerBackward.take().is_some())
            }
            "cudnnSpatialTfSamplerForward" => {
                Some(self.cudnnSpatialTfSamplerForward.take().is_some())
            }
            "cudnnSubquadraticOpsVersionCheck" => {
                Some(self.cudnnSubquadraticOpsVersionCheck.take().is_some())
            }
            "cudnnTransformFilter" => Some(self.cudnnTransformFilter.take().is_some()),
            "cudnnTransformTensor" => Some(self.cudnnTransformTensor.take().is_some()),
            "cudnnTransformTensorEx" => {
                Some(self.cudnnTransformTensorEx.take().is_some())
            }
            _ => None,
        }
    }
    /// The table of the cuDNN this crate was linked against at build
    /// time (the `link` feature); functions that major does not
    /// declare are `None`.
    #[cfg(feature = "link")]
    pub fn linked() -> Self {
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnActivationBackward: Option<PFN_cudnnActivationBackward> = Some(
            linked::cudnnActivationBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnActivationBackward: Option<PFN_cudnnActivationBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnActivationForward: Option<PFN_cudnnActivationForward> = Some(
            linked::cudnnActivationForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnActivationForward: Option<PFN_cudnnActivationForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnAddTensor: Option<PFN_cudnnAddTensor> = Some(linked::cudnnAddTensor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnAddTensor: Option<PFN_cudnnAddTensor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnAdvInferVersionCheck: Option<PFN_cudnnAdvInferVersionCheck> = Some(
            linked::cudnnAdvInferVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnAdvInferVersionCheck: Option<PFN_cudnnAdvInferVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnAdvTrainVersionCheck: Option<PFN_cudnnAdvTrainVersionCheck> = Some(
            linked::cudnnAdvTrainVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnAdvTrainVersionCheck: Option<PFN_cudnnAdvTrainVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnAdvVersionCheck: Option<PFN_cudnnAdvVersionCheck> = Some(
            linked::cudnnAdvVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnAdvVersionCheck: Option<PFN_cudnnAdvVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnB2BCausalConv1dBackward: Option<PFN_cudnnB2BCausalConv1dBackward> = Some(
            linked::cudnnB2BCausalConv1dBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnB2BCausalConv1dBackward: Option<PFN_cudnnB2BCausalConv1dBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnB2BCausalConv1dForward: Option<PFN_cudnnB2BCausalConv1dForward> = Some(
            linked::cudnnB2BCausalConv1dForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnB2BCausalConv1dForward: Option<PFN_cudnnB2BCausalConv1dForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendCreateDescriptor: Option<PFN_cudnnBackendCreateDescriptor> = Some(
            linked::cudnnBackendCreateDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendCreateDescriptor: Option<PFN_cudnnBackendCreateDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendDestroyDescriptor: Option<PFN_cudnnBackendDestroyDescriptor> = Some(
            linked::cudnnBackendDestroyDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendDestroyDescriptor: Option<PFN_cudnnBackendDestroyDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendExecute: Option<PFN_cudnnBackendExecute> = Some(
            linked::cudnnBackendExecute,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendExecute: Option<PFN_cudnnBackendExecute> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendFinalize: Option<PFN_cudnnBackendFinalize> = Some(
            linked::cudnnBackendFinalize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendFinalize: Option<PFN_cudnnBackendFinalize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendGetAttribute: Option<PFN_cudnnBackendGetAttribute> = Some(
            linked::cudnnBackendGetAttribute,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendGetAttribute: Option<PFN_cudnnBackendGetAttribute> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendInitialize: Option<PFN_cudnnBackendInitialize> = Some(
            linked::cudnnBackendInitialize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendInitialize: Option<PFN_cudnnBackendInitialize> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnBackendPopulateCudaGraph: Option<PFN_cudnnBackendPopulateCudaGraph> = Some(
            linked::cudnnBackendPopulateCudaGraph,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnBackendPopulateCudaGraph: Option<PFN_cudnnBackendPopulateCudaGraph> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBackendSetAttribute: Option<PFN_cudnnBackendSetAttribute> = Some(
            linked::cudnnBackendSetAttribute,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBackendSetAttribute: Option<PFN_cudnnBackendSetAttribute> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnBackendUpdateCudaGraph: Option<PFN_cudnnBackendUpdateCudaGraph> = Some(
            linked::cudnnBackendUpdateCudaGraph,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnBackendUpdateCudaGraph: Option<PFN_cudnnBackendUpdateCudaGraph> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBatchNormalizationBackward: Option<
            PFN_cudnnBatchNormalizationBackward,
        > = Some(linked::cudnnBatchNormalizationBackward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBatchNormalizationBackward: Option<
            PFN_cudnnBatchNormalizationBackward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBatchNormalizationBackwardEx: Option<
            PFN_cudnnBatchNormalizationBackwardEx,
        > = Some(linked::cudnnBatchNormalizationBackwardEx);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBatchNormalizationBackwardEx: Option<
            PFN_cudnnBatchNormalizationBackwardEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBatchNormalizationForwardInference: Option<
            PFN_cudnnBatchNormalizationForwardInference,
        > = Some(linked::cudnnBatchNormalizationForwardInference);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBatchNormalizationForwardInference: Option<
            PFN_cudnnBatchNormalizationForwardInference,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBatchNormalizationForwardTraining: Option<
            PFN_cudnnBatchNormalizationForwardTraining,
        > = Some(linked::cudnnBatchNormalizationForwardTraining);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBatchNormalizationForwardTraining: Option<
            PFN_cudnnBatchNormalizationForwardTraining,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBatchNormalizationForwardTrainingEx: Option<
            PFN_cudnnBatchNormalizationForwardTrainingEx,
        > = Some(linked::cudnnBatchNormalizationForwardTrainingEx);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBatchNormalizationForwardTrainingEx: Option<
            PFN_cudnnBatchNormalizationForwardTrainingEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnBuildRNNDynamic: Option<PFN_cudnnBuildRNNDynamic> = Some(
            linked::cudnnBuildRNNDynamic,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnBuildRNNDynamic: Option<PFN_cudnnBuildRNNDynamic> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCTCLoss: Option<PFN_cudnnCTCLoss> = Some(linked::cudnnCTCLoss);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCTCLoss: Option<PFN_cudnnCTCLoss> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCTCLoss_v8: Option<PFN_cudnnCTCLoss_v8> = Some(linked::cudnnCTCLoss_v8);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCTCLoss_v8: Option<PFN_cudnnCTCLoss_v8> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnCausalConv1dBackward: Option<PFN_cudnnCausalConv1dBackward> = Some(
            linked::cudnnCausalConv1dBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnCausalConv1dBackward: Option<PFN_cudnnCausalConv1dBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnCausalConv1dForward: Option<PFN_cudnnCausalConv1dForward> = Some(
            linked::cudnnCausalConv1dForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnCausalConv1dForward: Option<PFN_cudnnCausalConv1dForward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnCausalConv1dNwhBackward: Option<PFN_cudnnCausalConv1dNwhBackward> = Some(
            linked::cudnnCausalConv1dNwhBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnCausalConv1dNwhBackward: Option<PFN_cudnnCausalConv1dNwhBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnCausalConv1dNwhForward: Option<PFN_cudnnCausalConv1dNwhForward> = Some(
            linked::cudnnCausalConv1dNwhForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnCausalConv1dNwhForward: Option<PFN_cudnnCausalConv1dNwhForward> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCnnInferVersionCheck: Option<PFN_cudnnCnnInferVersionCheck> = Some(
            linked::cudnnCnnInferVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCnnInferVersionCheck: Option<PFN_cudnnCnnInferVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCnnTrainVersionCheck: Option<PFN_cudnnCnnTrainVersionCheck> = Some(
            linked::cudnnCnnTrainVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCnnTrainVersionCheck: Option<PFN_cudnnCnnTrainVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnCnnVersionCheck: Option<PFN_cudnnCnnVersionCheck> = Some(
            linked::cudnnCnnVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnCnnVersionCheck: Option<PFN_cudnnCnnVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnConvolutionBackwardBias: Option<PFN_cudnnConvolutionBackwardBias> = Some(
            linked::cudnnConvolutionBackwardBias,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnConvolutionBackwardBias: Option<PFN_cudnnConvolutionBackwardBias> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnConvolutionBackwardData: Option<PFN_cudnnConvolutionBackwardData> = Some(
            linked::cudnnConvolutionBackwardData,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnConvolutionBackwardData: Option<PFN_cudnnConvolutionBackwardData> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnConvolutionBackwardFilter: Option<PFN_cudnnConvolutionBackwardFilter> = Some(
            linked::cudnnConvolutionBackwardFilter,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnConvolutionBackwardFilter: Option<PFN_cudnnConvolutionBackwardFilter> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnConvolutionBiasActivationForward: Option<
            PFN_cudnnConvolutionBiasActivationForward,
        > = Some(linked::cudnnConvolutionBiasActivationForward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnConvolutionBiasActivationForward: Option<
            PFN_cudnnConvolutionBiasActivationForward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnConvolutionForward: Option<PFN_cudnnConvolutionForward> = Some(
            linked::cudnnConvolutionForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnConvolutionForward: Option<PFN_cudnnConvolutionForward> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCopyAlgorithmDescriptor: Option<PFN_cudnnCopyAlgorithmDescriptor> = Some(
            linked::cudnnCopyAlgorithmDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCopyAlgorithmDescriptor: Option<PFN_cudnnCopyAlgorithmDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreate: Option<PFN_cudnnCreate> = Some(linked::cudnnCreate);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreate: Option<PFN_cudnnCreate> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateActivationDescriptor: Option<
            PFN_cudnnCreateActivationDescriptor,
        > = Some(linked::cudnnCreateActivationDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateActivationDescriptor: Option<
            PFN_cudnnCreateActivationDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCreateAlgorithmDescriptor: Option<PFN_cudnnCreateAlgorithmDescriptor> = Some(
            linked::cudnnCreateAlgorithmDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCreateAlgorithmDescriptor: Option<PFN_cudnnCreateAlgorithmDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCreateAlgorithmPerformance: Option<
            PFN_cudnnCreateAlgorithmPerformance,
        > = Some(linked::cudnnCreateAlgorithmPerformance);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCreateAlgorithmPerformance: Option<
            PFN_cudnnCreateAlgorithmPerformance,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateAttnDescriptor: Option<PFN_cudnnCreateAttnDescriptor> = Some(
            linked::cudnnCreateAttnDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateAttnDescriptor: Option<PFN_cudnnCreateAttnDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateCTCLossDescriptor: Option<PFN_cudnnCreateCTCLossDescriptor> = Some(
            linked::cudnnCreateCTCLossDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateCTCLossDescriptor: Option<PFN_cudnnCreateCTCLossDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateConvolutionDescriptor: Option<
            PFN_cudnnCreateConvolutionDescriptor,
        > = Some(linked::cudnnCreateConvolutionDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateConvolutionDescriptor: Option<
            PFN_cudnnCreateConvolutionDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateDropoutDescriptor: Option<PFN_cudnnCreateDropoutDescriptor> = Some(
            linked::cudnnCreateDropoutDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateDropoutDescriptor: Option<PFN_cudnnCreateDropoutDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateFilterDescriptor: Option<PFN_cudnnCreateFilterDescriptor> = Some(
            linked::cudnnCreateFilterDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateFilterDescriptor: Option<PFN_cudnnCreateFilterDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateFusedOpsConstParamPack: Option<
            PFN_cudnnCreateFusedOpsConstParamPack,
        > = Some(linked::cudnnCreateFusedOpsConstParamPack);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateFusedOpsConstParamPack: Option<
            PFN_cudnnCreateFusedOpsConstParamPack,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateFusedOpsPlan: Option<PFN_cudnnCreateFusedOpsPlan> = Some(
            linked::cudnnCreateFusedOpsPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateFusedOpsPlan: Option<PFN_cudnnCreateFusedOpsPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateFusedOpsVariantParamPack: Option<
            PFN_cudnnCreateFusedOpsVariantParamPack,
        > = Some(linked::cudnnCreateFusedOpsVariantParamPack);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateFusedOpsVariantParamPack: Option<
            PFN_cudnnCreateFusedOpsVariantParamPack,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateLRNDescriptor: Option<PFN_cudnnCreateLRNDescriptor> = Some(
            linked::cudnnCreateLRNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateLRNDescriptor: Option<PFN_cudnnCreateLRNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateOpTensorDescriptor: Option<PFN_cudnnCreateOpTensorDescriptor> = Some(
            linked::cudnnCreateOpTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateOpTensorDescriptor: Option<PFN_cudnnCreateOpTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnCreatePersistentRNNPlan: Option<PFN_cudnnCreatePersistentRNNPlan> = Some(
            linked::cudnnCreatePersistentRNNPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnCreatePersistentRNNPlan: Option<PFN_cudnnCreatePersistentRNNPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreatePoolingDescriptor: Option<PFN_cudnnCreatePoolingDescriptor> = Some(
            linked::cudnnCreatePoolingDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreatePoolingDescriptor: Option<PFN_cudnnCreatePoolingDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateRNNDataDescriptor: Option<PFN_cudnnCreateRNNDataDescriptor> = Some(
            linked::cudnnCreateRNNDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateRNNDataDescriptor: Option<PFN_cudnnCreateRNNDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateRNNDescriptor: Option<PFN_cudnnCreateRNNDescriptor> = Some(
            linked::cudnnCreateRNNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateRNNDescriptor: Option<PFN_cudnnCreateRNNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateReduceTensorDescriptor: Option<
            PFN_cudnnCreateReduceTensorDescriptor,
        > = Some(linked::cudnnCreateReduceTensorDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateReduceTensorDescriptor: Option<
            PFN_cudnnCreateReduceTensorDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateSeqDataDescriptor: Option<PFN_cudnnCreateSeqDataDescriptor> = Some(
            linked::cudnnCreateSeqDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateSeqDataDescriptor: Option<PFN_cudnnCreateSeqDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateSpatialTransformerDescriptor: Option<
            PFN_cudnnCreateSpatialTransformerDescriptor,
        > = Some(linked::cudnnCreateSpatialTransformerDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateSpatialTransformerDescriptor: Option<
            PFN_cudnnCreateSpatialTransformerDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateTensorDescriptor: Option<PFN_cudnnCreateTensorDescriptor> = Some(
            linked::cudnnCreateTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateTensorDescriptor: Option<PFN_cudnnCreateTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnCreateTensorTransformDescriptor: Option<
            PFN_cudnnCreateTensorTransformDescriptor,
        > = Some(linked::cudnnCreateTensorTransformDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnCreateTensorTransformDescriptor: Option<
            PFN_cudnnCreateTensorTransformDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDeriveBNTensorDescriptor: Option<PFN_cudnnDeriveBNTensorDescriptor> = Some(
            linked::cudnnDeriveBNTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDeriveBNTensorDescriptor: Option<PFN_cudnnDeriveBNTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDeriveNormTensorDescriptor: Option<
            PFN_cudnnDeriveNormTensorDescriptor,
        > = Some(linked::cudnnDeriveNormTensorDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDeriveNormTensorDescriptor: Option<
            PFN_cudnnDeriveNormTensorDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroy: Option<PFN_cudnnDestroy> = Some(linked::cudnnDestroy);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroy: Option<PFN_cudnnDestroy> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyActivationDescriptor: Option<
            PFN_cudnnDestroyActivationDescriptor,
        > = Some(linked::cudnnDestroyActivationDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyActivationDescriptor: Option<
            PFN_cudnnDestroyActivationDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnDestroyAlgorithmDescriptor: Option<
            PFN_cudnnDestroyAlgorithmDescriptor,
        > = Some(linked::cudnnDestroyAlgorithmDescriptor);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnDestroyAlgorithmDescriptor: Option<
            PFN_cudnnDestroyAlgorithmDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnDestroyAlgorithmPerformance: Option<
            PFN_cudnnDestroyAlgorithmPerformance,
        > = Some(linked::cudnnDestroyAlgorithmPerformance);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnDestroyAlgorithmPerformance: Option<
            PFN_cudnnDestroyAlgorithmPerformance,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyAttnDescriptor: Option<PFN_cudnnDestroyAttnDescriptor> = Some(
            linked::cudnnDestroyAttnDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyAttnDescriptor: Option<PFN_cudnnDestroyAttnDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyCTCLossDescriptor: Option<PFN_cudnnDestroyCTCLossDescriptor> = Some(
            linked::cudnnDestroyCTCLossDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyCTCLossDescriptor: Option<PFN_cudnnDestroyCTCLossDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyConvolutionDescriptor: Option<
            PFN_cudnnDestroyConvolutionDescriptor,
        > = Some(linked::cudnnDestroyConvolutionDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyConvolutionDescriptor: Option<
            PFN_cudnnDestroyConvolutionDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyDropoutDescriptor: Option<PFN_cudnnDestroyDropoutDescriptor> = Some(
            linked::cudnnDestroyDropoutDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyDropoutDescriptor: Option<PFN_cudnnDestroyDropoutDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyFilterDescriptor: Option<PFN_cudnnDestroyFilterDescriptor> = Some(
            linked::cudnnDestroyFilterDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyFilterDescriptor: Option<PFN_cudnnDestroyFilterDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyFusedOpsConstParamPack: Option<
            PFN_cudnnDestroyFusedOpsConstParamPack,
        > = Some(linked::cudnnDestroyFusedOpsConstParamPack);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyFusedOpsConstParamPack: Option<
            PFN_cudnnDestroyFusedOpsConstParamPack,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyFusedOpsPlan: Option<PFN_cudnnDestroyFusedOpsPlan> = Some(
            linked::cudnnDestroyFusedOpsPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyFusedOpsPlan: Option<PFN_cudnnDestroyFusedOpsPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyFusedOpsVariantParamPack: Option<
            PFN_cudnnDestroyFusedOpsVariantParamPack,
        > = Some(linked::cudnnDestroyFusedOpsVariantParamPack);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyFusedOpsVariantParamPack: Option<
            PFN_cudnnDestroyFusedOpsVariantParamPack,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyLRNDescriptor: Option<PFN_cudnnDestroyLRNDescriptor> = Some(
            linked::cudnnDestroyLRNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyLRNDescriptor: Option<PFN_cudnnDestroyLRNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyOpTensorDescriptor: Option<PFN_cudnnDestroyOpTensorDescriptor> = Some(
            linked::cudnnDestroyOpTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyOpTensorDescriptor: Option<PFN_cudnnDestroyOpTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnDestroyPersistentRNNPlan: Option<PFN_cudnnDestroyPersistentRNNPlan> = Some(
            linked::cudnnDestroyPersistentRNNPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnDestroyPersistentRNNPlan: Option<PFN_cudnnDestroyPersistentRNNPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyPoolingDescriptor: Option<PFN_cudnnDestroyPoolingDescriptor> = Some(
            linked::cudnnDestroyPoolingDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyPoolingDescriptor: Option<PFN_cudnnDestroyPoolingDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyRNNDataDescriptor: Option<PFN_cudnnDestroyRNNDataDescriptor> = Some(
            linked::cudnnDestroyRNNDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyRNNDataDescriptor: Option<PFN_cudnnDestroyRNNDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyRNNDescriptor: Option<PFN_cudnnDestroyRNNDescriptor> = Some(
            linked::cudnnDestroyRNNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyRNNDescriptor: Option<PFN_cudnnDestroyRNNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyReduceTensorDescriptor: Option<
            PFN_cudnnDestroyReduceTensorDescriptor,
        > = Some(linked::cudnnDestroyReduceTensorDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyReduceTensorDescriptor: Option<
            PFN_cudnnDestroyReduceTensorDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroySeqDataDescriptor: Option<PFN_cudnnDestroySeqDataDescriptor> = Some(
            linked::cudnnDestroySeqDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroySeqDataDescriptor: Option<PFN_cudnnDestroySeqDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroySpatialTransformerDescriptor: Option<
            PFN_cudnnDestroySpatialTransformerDescriptor,
        > = Some(linked::cudnnDestroySpatialTransformerDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroySpatialTransformerDescriptor: Option<
            PFN_cudnnDestroySpatialTransformerDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyTensorDescriptor: Option<PFN_cudnnDestroyTensorDescriptor> = Some(
            linked::cudnnDestroyTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyTensorDescriptor: Option<PFN_cudnnDestroyTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDestroyTensorTransformDescriptor: Option<
            PFN_cudnnDestroyTensorTransformDescriptor,
        > = Some(linked::cudnnDestroyTensorTransformDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDestroyTensorTransformDescriptor: Option<
            PFN_cudnnDestroyTensorTransformDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDivisiveNormalizationBackward: Option<
            PFN_cudnnDivisiveNormalizationBackward,
        > = Some(linked::cudnnDivisiveNormalizationBackward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDivisiveNormalizationBackward: Option<
            PFN_cudnnDivisiveNormalizationBackward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDivisiveNormalizationForward: Option<
            PFN_cudnnDivisiveNormalizationForward,
        > = Some(linked::cudnnDivisiveNormalizationForward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDivisiveNormalizationForward: Option<
            PFN_cudnnDivisiveNormalizationForward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDropoutBackward: Option<PFN_cudnnDropoutBackward> = Some(
            linked::cudnnDropoutBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDropoutBackward: Option<PFN_cudnnDropoutBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDropoutForward: Option<PFN_cudnnDropoutForward> = Some(
            linked::cudnnDropoutForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDropoutForward: Option<PFN_cudnnDropoutForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDropoutGetReserveSpaceSize: Option<
            PFN_cudnnDropoutGetReserveSpaceSize,
        > = Some(linked::cudnnDropoutGetReserveSpaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDropoutGetReserveSpaceSize: Option<
            PFN_cudnnDropoutGetReserveSpaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnDropoutGetStatesSize: Option<PFN_cudnnDropoutGetStatesSize> = Some(
            linked::cudnnDropoutGetStatesSize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnDropoutGetStatesSize: Option<PFN_cudnnDropoutGetStatesSize> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnFFTCausalConv1dBackward: Option<PFN_cudnnFFTCausalConv1dBackward> = Some(
            linked::cudnnFFTCausalConv1dBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnFFTCausalConv1dBackward: Option<PFN_cudnnFFTCausalConv1dBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnFFTCausalConv1dForward: Option<PFN_cudnnFFTCausalConv1dForward> = Some(
            linked::cudnnFFTCausalConv1dForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnFFTCausalConv1dForward: Option<PFN_cudnnFFTCausalConv1dForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionBackwardDataAlgorithm: Option<
            PFN_cudnnFindConvolutionBackwardDataAlgorithm,
        > = Some(linked::cudnnFindConvolutionBackwardDataAlgorithm);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionBackwardDataAlgorithm: Option<
            PFN_cudnnFindConvolutionBackwardDataAlgorithm,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionBackwardDataAlgorithmEx: Option<
            PFN_cudnnFindConvolutionBackwardDataAlgorithmEx,
        > = Some(linked::cudnnFindConvolutionBackwardDataAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionBackwardDataAlgorithmEx: Option<
            PFN_cudnnFindConvolutionBackwardDataAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionBackwardFilterAlgorithm: Option<
            PFN_cudnnFindConvolutionBackwardFilterAlgorithm,
        > = Some(linked::cudnnFindConvolutionBackwardFilterAlgorithm);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionBackwardFilterAlgorithm: Option<
            PFN_cudnnFindConvolutionBackwardFilterAlgorithm,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionBackwardFilterAlgorithmEx: Option<
            PFN_cudnnFindConvolutionBackwardFilterAlgorithmEx,
        > = Some(linked::cudnnFindConvolutionBackwardFilterAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionBackwardFilterAlgorithmEx: Option<
            PFN_cudnnFindConvolutionBackwardFilterAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionForwardAlgorithm: Option<
            PFN_cudnnFindConvolutionForwardAlgorithm,
        > = Some(linked::cudnnFindConvolutionForwardAlgorithm);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionForwardAlgorithm: Option<
            PFN_cudnnFindConvolutionForwardAlgorithm,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFindConvolutionForwardAlgorithmEx: Option<
            PFN_cudnnFindConvolutionForwardAlgorithmEx,
        > = Some(linked::cudnnFindConvolutionForwardAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFindConvolutionForwardAlgorithmEx: Option<
            PFN_cudnnFindConvolutionForwardAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnFindRNNBackwardDataAlgorithmEx: Option<
            PFN_cudnnFindRNNBackwardDataAlgorithmEx,
        > = Some(linked::cudnnFindRNNBackwardDataAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnFindRNNBackwardDataAlgorithmEx: Option<
            PFN_cudnnFindRNNBackwardDataAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnFindRNNBackwardWeightsAlgorithmEx: Option<
            PFN_cudnnFindRNNBackwardWeightsAlgorithmEx,
        > = Some(linked::cudnnFindRNNBackwardWeightsAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnFindRNNBackwardWeightsAlgorithmEx: Option<
            PFN_cudnnFindRNNBackwardWeightsAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnFindRNNForwardInferenceAlgorithmEx: Option<
            PFN_cudnnFindRNNForwardInferenceAlgorithmEx,
        > = Some(linked::cudnnFindRNNForwardInferenceAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnFindRNNForwardInferenceAlgorithmEx: Option<
            PFN_cudnnFindRNNForwardInferenceAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnFindRNNForwardTrainingAlgorithmEx: Option<
            PFN_cudnnFindRNNForwardTrainingAlgorithmEx,
        > = Some(linked::cudnnFindRNNForwardTrainingAlgorithmEx);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnFindRNNForwardTrainingAlgorithmEx: Option<
            PFN_cudnnFindRNNForwardTrainingAlgorithmEx,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnFusedOpsExecute: Option<PFN_cudnnFusedOpsExecute> = Some(
            linked::cudnnFusedOpsExecute,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnFusedOpsExecute: Option<PFN_cudnnFusedOpsExecute> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetActivationDescriptor: Option<PFN_cudnnGetActivationDescriptor> = Some(
            linked::cudnnGetActivationDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetActivationDescriptor: Option<PFN_cudnnGetActivationDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetActivationDescriptorSwishBeta: Option<
            PFN_cudnnGetActivationDescriptorSwishBeta,
        > = Some(linked::cudnnGetActivationDescriptorSwishBeta);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetActivationDescriptorSwishBeta: Option<
            PFN_cudnnGetActivationDescriptorSwishBeta,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetAlgorithmDescriptor: Option<PFN_cudnnGetAlgorithmDescriptor> = Some(
            linked::cudnnGetAlgorithmDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetAlgorithmDescriptor: Option<PFN_cudnnGetAlgorithmDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetAlgorithmPerformance: Option<PFN_cudnnGetAlgorithmPerformance> = Some(
            linked::cudnnGetAlgorithmPerformance,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetAlgorithmPerformance: Option<PFN_cudnnGetAlgorithmPerformance> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetAlgorithmSpaceSize: Option<PFN_cudnnGetAlgorithmSpaceSize> = Some(
            linked::cudnnGetAlgorithmSpaceSize,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetAlgorithmSpaceSize: Option<PFN_cudnnGetAlgorithmSpaceSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetAttnDescriptor: Option<PFN_cudnnGetAttnDescriptor> = Some(
            linked::cudnnGetAttnDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetAttnDescriptor: Option<PFN_cudnnGetAttnDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetBatchNormalizationBackwardExWorkspaceSize: Option<
            PFN_cudnnGetBatchNormalizationBackwardExWorkspaceSize,
        > = Some(linked::cudnnGetBatchNormalizationBackwardExWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetBatchNormalizationBackwardExWorkspaceSize: Option<
            PFN_cudnnGetBatchNormalizationBackwardExWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize: Option<
            PFN_cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize,
        > = Some(linked::cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize: Option<
            PFN_cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetBatchNormalizationTrainingExReserveSpaceSize: Option<
            PFN_cudnnGetBatchNormalizationTrainingExReserveSpaceSize,
        > = Some(linked::cudnnGetBatchNormalizationTrainingExReserveSpaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetBatchNormalizationTrainingExReserveSpaceSize: Option<
            PFN_cudnnGetBatchNormalizationTrainingExReserveSpaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCTCLossDescriptor: Option<PFN_cudnnGetCTCLossDescriptor> = Some(
            linked::cudnnGetCTCLossDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCTCLossDescriptor: Option<PFN_cudnnGetCTCLossDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCTCLossDescriptorEx: Option<PFN_cudnnGetCTCLossDescriptorEx> = Some(
            linked::cudnnGetCTCLossDescriptorEx,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCTCLossDescriptorEx: Option<PFN_cudnnGetCTCLossDescriptorEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCTCLossDescriptor_v8: Option<PFN_cudnnGetCTCLossDescriptor_v8> = Some(
            linked::cudnnGetCTCLossDescriptor_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCTCLossDescriptor_v8: Option<PFN_cudnnGetCTCLossDescriptor_v8> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGetCTCLossDescriptor_v9: Option<PFN_cudnnGetCTCLossDescriptor_v9> = Some(
            linked::cudnnGetCTCLossDescriptor_v9,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGetCTCLossDescriptor_v9: Option<PFN_cudnnGetCTCLossDescriptor_v9> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCTCLossWorkspaceSize: Option<PFN_cudnnGetCTCLossWorkspaceSize> = Some(
            linked::cudnnGetCTCLossWorkspaceSize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCTCLossWorkspaceSize: Option<PFN_cudnnGetCTCLossWorkspaceSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCTCLossWorkspaceSize_v8: Option<
            PFN_cudnnGetCTCLossWorkspaceSize_v8,
        > = Some(linked::cudnnGetCTCLossWorkspaceSize_v8);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCTCLossWorkspaceSize_v8: Option<
            PFN_cudnnGetCTCLossWorkspaceSize_v8,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCallback: Option<PFN_cudnnGetCallback> = Some(
            linked::cudnnGetCallback,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCallback: Option<PFN_cudnnGetCallback> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolution2dDescriptor: Option<
            PFN_cudnnGetConvolution2dDescriptor,
        > = Some(linked::cudnnGetConvolution2dDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolution2dDescriptor: Option<
            PFN_cudnnGetConvolution2dDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolution2dForwardOutputDim: Option<
            PFN_cudnnGetConvolution2dForwardOutputDim,
        > = Some(linked::cudnnGetConvolution2dForwardOutputDim);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolution2dForwardOutputDim: Option<
            PFN_cudnnGetConvolution2dForwardOutputDim,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardDataAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionBackwardDataAlgorithmMaxCount,
        > = Some(linked::cudnnGetConvolutionBackwardDataAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardDataAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionBackwardDataAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardDataAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionBackwardDataAlgorithm_v7,
        > = Some(linked::cudnnGetConvolutionBackwardDataAlgorithm_v7);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardDataAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionBackwardDataAlgorithm_v7,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardDataWorkspaceSize: Option<
            PFN_cudnnGetConvolutionBackwardDataWorkspaceSize,
        > = Some(linked::cudnnGetConvolutionBackwardDataWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardDataWorkspaceSize: Option<
            PFN_cudnnGetConvolutionBackwardDataWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardFilterAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionBackwardFilterAlgorithmMaxCount,
        > = Some(linked::cudnnGetConvolutionBackwardFilterAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardFilterAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionBackwardFilterAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardFilterAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionBackwardFilterAlgorithm_v7,
        > = Some(linked::cudnnGetConvolutionBackwardFilterAlgorithm_v7);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardFilterAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionBackwardFilterAlgorithm_v7,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionBackwardFilterWorkspaceSize: Option<
            PFN_cudnnGetConvolutionBackwardFilterWorkspaceSize,
        > = Some(linked::cudnnGetConvolutionBackwardFilterWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionBackwardFilterWorkspaceSize: Option<
            PFN_cudnnGetConvolutionBackwardFilterWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionForwardAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionForwardAlgorithmMaxCount,
        > = Some(linked::cudnnGetConvolutionForwardAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionForwardAlgorithmMaxCount: Option<
            PFN_cudnnGetConvolutionForwardAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionForwardAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionForwardAlgorithm_v7,
        > = Some(linked::cudnnGetConvolutionForwardAlgorithm_v7);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionForwardAlgorithm_v7: Option<
            PFN_cudnnGetConvolutionForwardAlgorithm_v7,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionForwardWorkspaceSize: Option<
            PFN_cudnnGetConvolutionForwardWorkspaceSize,
        > = Some(linked::cudnnGetConvolutionForwardWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionForwardWorkspaceSize: Option<
            PFN_cudnnGetConvolutionForwardWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionGroupCount: Option<PFN_cudnnGetConvolutionGroupCount> = Some(
            linked::cudnnGetConvolutionGroupCount,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionGroupCount: Option<PFN_cudnnGetConvolutionGroupCount> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionMathType: Option<PFN_cudnnGetConvolutionMathType> = Some(
            linked::cudnnGetConvolutionMathType,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionMathType: Option<PFN_cudnnGetConvolutionMathType> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionNdDescriptor: Option<
            PFN_cudnnGetConvolutionNdDescriptor,
        > = Some(linked::cudnnGetConvolutionNdDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionNdDescriptor: Option<
            PFN_cudnnGetConvolutionNdDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionNdForwardOutputDim: Option<
            PFN_cudnnGetConvolutionNdForwardOutputDim,
        > = Some(linked::cudnnGetConvolutionNdForwardOutputDim);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionNdForwardOutputDim: Option<
            PFN_cudnnGetConvolutionNdForwardOutputDim,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetConvolutionReorderType: Option<PFN_cudnnGetConvolutionReorderType> = Some(
            linked::cudnnGetConvolutionReorderType,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetConvolutionReorderType: Option<PFN_cudnnGetConvolutionReorderType> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetCudartVersion: Option<PFN_cudnnGetCudartVersion> = Some(
            linked::cudnnGetCudartVersion,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetCudartVersion: Option<PFN_cudnnGetCudartVersion> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetDropoutDescriptor: Option<PFN_cudnnGetDropoutDescriptor> = Some(
            linked::cudnnGetDropoutDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetDropoutDescriptor: Option<PFN_cudnnGetDropoutDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetErrorString: Option<PFN_cudnnGetErrorString> = Some(
            linked::cudnnGetErrorString,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetErrorString: Option<PFN_cudnnGetErrorString> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGetExecutionPlanWorkspaceSize: Option<
            PFN_cudnnGetExecutionPlanWorkspaceSize,
        > = Some(linked::cudnnGetExecutionPlanWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGetExecutionPlanWorkspaceSize: Option<
            PFN_cudnnGetExecutionPlanWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFilter4dDescriptor: Option<PFN_cudnnGetFilter4dDescriptor> = Some(
            linked::cudnnGetFilter4dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFilter4dDescriptor: Option<PFN_cudnnGetFilter4dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFilterNdDescriptor: Option<PFN_cudnnGetFilterNdDescriptor> = Some(
            linked::cudnnGetFilterNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFilterNdDescriptor: Option<PFN_cudnnGetFilterNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFilterSizeInBytes: Option<PFN_cudnnGetFilterSizeInBytes> = Some(
            linked::cudnnGetFilterSizeInBytes,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFilterSizeInBytes: Option<PFN_cudnnGetFilterSizeInBytes> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFoldedConvBackwardDataDescriptors: Option<
            PFN_cudnnGetFoldedConvBackwardDataDescriptors,
        > = Some(linked::cudnnGetFoldedConvBackwardDataDescriptors);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFoldedConvBackwardDataDescriptors: Option<
            PFN_cudnnGetFoldedConvBackwardDataDescriptors,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFusedOpsConstParamPackAttribute: Option<
            PFN_cudnnGetFusedOpsConstParamPackAttribute,
        > = Some(linked::cudnnGetFusedOpsConstParamPackAttribute);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFusedOpsConstParamPackAttribute: Option<
            PFN_cudnnGetFusedOpsConstParamPackAttribute,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetFusedOpsVariantParamPackAttribute: Option<
            PFN_cudnnGetFusedOpsVariantParamPackAttribute,
        > = Some(linked::cudnnGetFusedOpsVariantParamPackAttribute);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetFusedOpsVariantParamPackAttribute: Option<
            PFN_cudnnGetFusedOpsVariantParamPackAttribute,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetLRNDescriptor: Option<PFN_cudnnGetLRNDescriptor> = Some(
            linked::cudnnGetLRNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetLRNDescriptor: Option<PFN_cudnnGetLRNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGetLastErrorString: Option<PFN_cudnnGetLastErrorString> = Some(
            linked::cudnnGetLastErrorString,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGetLastErrorString: Option<PFN_cudnnGetLastErrorString> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetMaxDeviceVersion: Option<PFN_cudnnGetMaxDeviceVersion> = Some(
            linked::cudnnGetMaxDeviceVersion,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetMaxDeviceVersion: Option<PFN_cudnnGetMaxDeviceVersion> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetMultiHeadAttnBuffers: Option<PFN_cudnnGetMultiHeadAttnBuffers> = Some(
            linked::cudnnGetMultiHeadAttnBuffers,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetMultiHeadAttnBuffers: Option<PFN_cudnnGetMultiHeadAttnBuffers> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetMultiHeadAttnWeights: Option<PFN_cudnnGetMultiHeadAttnWeights> = Some(
            linked::cudnnGetMultiHeadAttnWeights,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetMultiHeadAttnWeights: Option<PFN_cudnnGetMultiHeadAttnWeights> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetNormalizationBackwardWorkspaceSize: Option<
            PFN_cudnnGetNormalizationBackwardWorkspaceSize,
        > = Some(linked::cudnnGetNormalizationBackwardWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetNormalizationBackwardWorkspaceSize: Option<
            PFN_cudnnGetNormalizationBackwardWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetNormalizationForwardTrainingWorkspaceSize: Option<
            PFN_cudnnGetNormalizationForwardTrainingWorkspaceSize,
        > = Some(linked::cudnnGetNormalizationForwardTrainingWorkspaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetNormalizationForwardTrainingWorkspaceSize: Option<
            PFN_cudnnGetNormalizationForwardTrainingWorkspaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetNormalizationTrainingReserveSpaceSize: Option<
            PFN_cudnnGetNormalizationTrainingReserveSpaceSize,
        > = Some(linked::cudnnGetNormalizationTrainingReserveSpaceSize);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetNormalizationTrainingReserveSpaceSize: Option<
            PFN_cudnnGetNormalizationTrainingReserveSpaceSize,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetOpTensorDescriptor: Option<PFN_cudnnGetOpTensorDescriptor> = Some(
            linked::cudnnGetOpTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetOpTensorDescriptor: Option<PFN_cudnnGetOpTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetPooling2dDescriptor: Option<PFN_cudnnGetPooling2dDescriptor> = Some(
            linked::cudnnGetPooling2dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetPooling2dDescriptor: Option<PFN_cudnnGetPooling2dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetPooling2dForwardOutputDim: Option<
            PFN_cudnnGetPooling2dForwardOutputDim,
        > = Some(linked::cudnnGetPooling2dForwardOutputDim);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetPooling2dForwardOutputDim: Option<
            PFN_cudnnGetPooling2dForwardOutputDim,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetPoolingNdDescriptor: Option<PFN_cudnnGetPoolingNdDescriptor> = Some(
            linked::cudnnGetPoolingNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetPoolingNdDescriptor: Option<PFN_cudnnGetPoolingNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetPoolingNdForwardOutputDim: Option<
            PFN_cudnnGetPoolingNdForwardOutputDim,
        > = Some(linked::cudnnGetPoolingNdForwardOutputDim);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetPoolingNdForwardOutputDim: Option<
            PFN_cudnnGetPoolingNdForwardOutputDim,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetProperty: Option<PFN_cudnnGetProperty> = Some(
            linked::cudnnGetProperty,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetProperty: Option<PFN_cudnnGetProperty> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNBackwardDataAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNBackwardDataAlgorithmMaxCount,
        > = Some(linked::cudnnGetRNNBackwardDataAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNBackwardDataAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNBackwardDataAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNBackwardWeightsAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNBackwardWeightsAlgorithmMaxCount,
        > = Some(linked::cudnnGetRNNBackwardWeightsAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNBackwardWeightsAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNBackwardWeightsAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNBiasMode: Option<PFN_cudnnGetRNNBiasMode> = Some(
            linked::cudnnGetRNNBiasMode,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNBiasMode: Option<PFN_cudnnGetRNNBiasMode> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetRNNDataDescriptor: Option<PFN_cudnnGetRNNDataDescriptor> = Some(
            linked::cudnnGetRNNDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetRNNDataDescriptor: Option<PFN_cudnnGetRNNDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNDescriptor_v6: Option<PFN_cudnnGetRNNDescriptor_v6> = Some(
            linked::cudnnGetRNNDescriptor_v6,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNDescriptor_v6: Option<PFN_cudnnGetRNNDescriptor_v6> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetRNNDescriptor_v8: Option<PFN_cudnnGetRNNDescriptor_v8> = Some(
            linked::cudnnGetRNNDescriptor_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetRNNDescriptor_v8: Option<PFN_cudnnGetRNNDescriptor_v8> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNForwardInferenceAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNForwardInferenceAlgorithmMaxCount,
        > = Some(linked::cudnnGetRNNForwardInferenceAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNForwardInferenceAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNForwardInferenceAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNForwardTrainingAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNForwardTrainingAlgorithmMaxCount,
        > = Some(linked::cudnnGetRNNForwardTrainingAlgorithmMaxCount);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNForwardTrainingAlgorithmMaxCount: Option<
            PFN_cudnnGetRNNForwardTrainingAlgorithmMaxCount,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNLinLayerBiasParams: Option<PFN_cudnnGetRNNLinLayerBiasParams> = Some(
            linked::cudnnGetRNNLinLayerBiasParams,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNLinLayerBiasParams: Option<PFN_cudnnGetRNNLinLayerBiasParams> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNLinLayerMatrixParams: Option<
            PFN_cudnnGetRNNLinLayerMatrixParams,
        > = Some(linked::cudnnGetRNNLinLayerMatrixParams);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNLinLayerMatrixParams: Option<
            PFN_cudnnGetRNNLinLayerMatrixParams,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNMatrixMathType: Option<PFN_cudnnGetRNNMatrixMathType> = Some(
            linked::cudnnGetRNNMatrixMathType,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNMatrixMathType: Option<PFN_cudnnGetRNNMatrixMathType> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNPaddingMode: Option<PFN_cudnnGetRNNPaddingMode> = Some(
            linked::cudnnGetRNNPaddingMode,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNPaddingMode: Option<PFN_cudnnGetRNNPaddingMode> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNParamsSize: Option<PFN_cudnnGetRNNParamsSize> = Some(
            linked::cudnnGetRNNParamsSize,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNParamsSize: Option<PFN_cudnnGetRNNParamsSize> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNProjectionLayers: Option<PFN_cudnnGetRNNProjectionLayers> = Some(
            linked::cudnnGetRNNProjectionLayers,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNProjectionLayers: Option<PFN_cudnnGetRNNProjectionLayers> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetRNNTempSpaceSizes: Option<PFN_cudnnGetRNNTempSpaceSizes> = Some(
            linked::cudnnGetRNNTempSpaceSizes,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetRNNTempSpaceSizes: Option<PFN_cudnnGetRNNTempSpaceSizes> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNTrainingReserveSize: Option<PFN_cudnnGetRNNTrainingReserveSize> = Some(
            linked::cudnnGetRNNTrainingReserveSize,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNTrainingReserveSize: Option<PFN_cudnnGetRNNTrainingReserveSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetRNNWeightParams: Option<PFN_cudnnGetRNNWeightParams> = Some(
            linked::cudnnGetRNNWeightParams,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetRNNWeightParams: Option<PFN_cudnnGetRNNWeightParams> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetRNNWeightSpaceSize: Option<PFN_cudnnGetRNNWeightSpaceSize> = Some(
            linked::cudnnGetRNNWeightSpaceSize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetRNNWeightSpaceSize: Option<PFN_cudnnGetRNNWeightSpaceSize> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnGetRNNWorkspaceSize: Option<PFN_cudnnGetRNNWorkspaceSize> = Some(
            linked::cudnnGetRNNWorkspaceSize,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnGetRNNWorkspaceSize: Option<PFN_cudnnGetRNNWorkspaceSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetReduceTensorDescriptor: Option<PFN_cudnnGetReduceTensorDescriptor> = Some(
            linked::cudnnGetReduceTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetReduceTensorDescriptor: Option<PFN_cudnnGetReduceTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetReductionIndicesSize: Option<PFN_cudnnGetReductionIndicesSize> = Some(
            linked::cudnnGetReductionIndicesSize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetReductionIndicesSize: Option<PFN_cudnnGetReductionIndicesSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetReductionWorkspaceSize: Option<PFN_cudnnGetReductionWorkspaceSize> = Some(
            linked::cudnnGetReductionWorkspaceSize,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetReductionWorkspaceSize: Option<PFN_cudnnGetReductionWorkspaceSize> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetSeqDataDescriptor: Option<PFN_cudnnGetSeqDataDescriptor> = Some(
            linked::cudnnGetSeqDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetSeqDataDescriptor: Option<PFN_cudnnGetSeqDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetStream: Option<PFN_cudnnGetStream> = Some(linked::cudnnGetStream);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetStream: Option<PFN_cudnnGetStream> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetTensor4dDescriptor: Option<PFN_cudnnGetTensor4dDescriptor> = Some(
            linked::cudnnGetTensor4dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetTensor4dDescriptor: Option<PFN_cudnnGetTensor4dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetTensorNdDescriptor: Option<PFN_cudnnGetTensorNdDescriptor> = Some(
            linked::cudnnGetTensorNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetTensorNdDescriptor: Option<PFN_cudnnGetTensorNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetTensorSizeInBytes: Option<PFN_cudnnGetTensorSizeInBytes> = Some(
            linked::cudnnGetTensorSizeInBytes,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetTensorSizeInBytes: Option<PFN_cudnnGetTensorSizeInBytes> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetTensorTransformDescriptor: Option<
            PFN_cudnnGetTensorTransformDescriptor,
        > = Some(linked::cudnnGetTensorTransformDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetTensorTransformDescriptor: Option<
            PFN_cudnnGetTensorTransformDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnGetVersion: Option<PFN_cudnnGetVersion> = Some(linked::cudnnGetVersion);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnGetVersion: Option<PFN_cudnnGetVersion> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnAggSimpleBackward: Option<PFN_cudnnGnnAggSimpleBackward> = Some(
            linked::cudnnGnnAggSimpleBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnAggSimpleBackward: Option<PFN_cudnnGnnAggSimpleBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnAggSimpleForward: Option<PFN_cudnnGnnAggSimpleForward> = Some(
            linked::cudnnGnnAggSimpleForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnAggSimpleForward: Option<PFN_cudnnGnnAggSimpleForward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnMhaGatBackward: Option<PFN_cudnnGnnMhaGatBackward> = Some(
            linked::cudnnGnnMhaGatBackward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnMhaGatBackward: Option<PFN_cudnnGnnMhaGatBackward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnMhaGatForward: Option<PFN_cudnnGnnMhaGatForward> = Some(
            linked::cudnnGnnMhaGatForward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnMhaGatForward: Option<PFN_cudnnGnnMhaGatForward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnMhaGatV2Backward: Option<PFN_cudnnGnnMhaGatV2Backward> = Some(
            linked::cudnnGnnMhaGatV2Backward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnMhaGatV2Backward: Option<PFN_cudnnGnnMhaGatV2Backward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGnnMhaGatV2Forward: Option<PFN_cudnnGnnMhaGatV2Forward> = Some(
            linked::cudnnGnnMhaGatV2Forward,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGnnMhaGatV2Forward: Option<PFN_cudnnGnnMhaGatV2Forward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnGraphVersionCheck: Option<PFN_cudnnGraphVersionCheck> = Some(
            linked::cudnnGraphVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnGraphVersionCheck: Option<PFN_cudnnGraphVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnIm2Col: Option<PFN_cudnnIm2Col> = Some(linked::cudnnIm2Col);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnIm2Col: Option<PFN_cudnnIm2Col> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnInitTransformDest: Option<PFN_cudnnInitTransformDest> = Some(
            linked::cudnnInitTransformDest,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnInitTransformDest: Option<PFN_cudnnInitTransformDest> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnLRNCrossChannelBackward: Option<PFN_cudnnLRNCrossChannelBackward> = Some(
            linked::cudnnLRNCrossChannelBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnLRNCrossChannelBackward: Option<PFN_cudnnLRNCrossChannelBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnLRNCrossChannelForward: Option<PFN_cudnnLRNCrossChannelForward> = Some(
            linked::cudnnLRNCrossChannelForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnLRNCrossChannelForward: Option<PFN_cudnnLRNCrossChannelForward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnLongFFTCausalConv1dBackward: Option<
            PFN_cudnnLongFFTCausalConv1dBackward,
        > = Some(linked::cudnnLongFFTCausalConv1dBackward);
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnLongFFTCausalConv1dBackward: Option<
            PFN_cudnnLongFFTCausalConv1dBackward,
        > = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnLongFFTCausalConv1dForward: Option<
            PFN_cudnnLongFFTCausalConv1dForward,
        > = Some(linked::cudnnLongFFTCausalConv1dForward);
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnLongFFTCausalConv1dForward: Option<
            PFN_cudnnLongFFTCausalConv1dForward,
        > = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnLongFFTCausalConv1dGetBufferSizes: Option<
            PFN_cudnnLongFFTCausalConv1dGetBufferSizes,
        > = Some(linked::cudnnLongFFTCausalConv1dGetBufferSizes);
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnLongFFTCausalConv1dGetBufferSizes: Option<
            PFN_cudnnLongFFTCausalConv1dGetBufferSizes,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnMakeFusedOpsPlan: Option<PFN_cudnnMakeFusedOpsPlan> = Some(
            linked::cudnnMakeFusedOpsPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnMakeFusedOpsPlan: Option<PFN_cudnnMakeFusedOpsPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnMultiHeadAttnBackwardData: Option<PFN_cudnnMultiHeadAttnBackwardData> = Some(
            linked::cudnnMultiHeadAttnBackwardData,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnMultiHeadAttnBackwardData: Option<PFN_cudnnMultiHeadAttnBackwardData> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnMultiHeadAttnBackwardWeights: Option<
            PFN_cudnnMultiHeadAttnBackwardWeights,
        > = Some(linked::cudnnMultiHeadAttnBackwardWeights);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnMultiHeadAttnBackwardWeights: Option<
            PFN_cudnnMultiHeadAttnBackwardWeights,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnMultiHeadAttnForward: Option<PFN_cudnnMultiHeadAttnForward> = Some(
            linked::cudnnMultiHeadAttnForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnMultiHeadAttnForward: Option<PFN_cudnnMultiHeadAttnForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnNormalizationBackward: Option<PFN_cudnnNormalizationBackward> = Some(
            linked::cudnnNormalizationBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnNormalizationBackward: Option<PFN_cudnnNormalizationBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnNormalizationForwardInference: Option<
            PFN_cudnnNormalizationForwardInference,
        > = Some(linked::cudnnNormalizationForwardInference);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnNormalizationForwardInference: Option<
            PFN_cudnnNormalizationForwardInference,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnNormalizationForwardTraining: Option<
            PFN_cudnnNormalizationForwardTraining,
        > = Some(linked::cudnnNormalizationForwardTraining);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnNormalizationForwardTraining: Option<
            PFN_cudnnNormalizationForwardTraining,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnOpTensor: Option<PFN_cudnnOpTensor> = Some(linked::cudnnOpTensor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnOpTensor: Option<PFN_cudnnOpTensor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnOpsInferVersionCheck: Option<PFN_cudnnOpsInferVersionCheck> = Some(
            linked::cudnnOpsInferVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnOpsInferVersionCheck: Option<PFN_cudnnOpsInferVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnOpsTrainVersionCheck: Option<PFN_cudnnOpsTrainVersionCheck> = Some(
            linked::cudnnOpsTrainVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnOpsTrainVersionCheck: Option<PFN_cudnnOpsTrainVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnOpsVersionCheck: Option<PFN_cudnnOpsVersionCheck> = Some(
            linked::cudnnOpsVersionCheck,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnOpsVersionCheck: Option<PFN_cudnnOpsVersionCheck> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnPoolingBackward: Option<PFN_cudnnPoolingBackward> = Some(
            linked::cudnnPoolingBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnPoolingBackward: Option<PFN_cudnnPoolingBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnPoolingForward: Option<PFN_cudnnPoolingForward> = Some(
            linked::cudnnPoolingForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnPoolingForward: Option<PFN_cudnnPoolingForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnQueryRuntimeError: Option<PFN_cudnnQueryRuntimeError> = Some(
            linked::cudnnQueryRuntimeError,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnQueryRuntimeError: Option<PFN_cudnnQueryRuntimeError> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNBackwardData: Option<PFN_cudnnRNNBackwardData> = Some(
            linked::cudnnRNNBackwardData,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNBackwardData: Option<PFN_cudnnRNNBackwardData> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNBackwardDataEx: Option<PFN_cudnnRNNBackwardDataEx> = Some(
            linked::cudnnRNNBackwardDataEx,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNBackwardDataEx: Option<PFN_cudnnRNNBackwardDataEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRNNBackwardData_v8: Option<PFN_cudnnRNNBackwardData_v8> = Some(
            linked::cudnnRNNBackwardData_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRNNBackwardData_v8: Option<PFN_cudnnRNNBackwardData_v8> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNBackwardWeights: Option<PFN_cudnnRNNBackwardWeights> = Some(
            linked::cudnnRNNBackwardWeights,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNBackwardWeights: Option<PFN_cudnnRNNBackwardWeights> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNBackwardWeightsEx: Option<PFN_cudnnRNNBackwardWeightsEx> = Some(
            linked::cudnnRNNBackwardWeightsEx,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNBackwardWeightsEx: Option<PFN_cudnnRNNBackwardWeightsEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRNNBackwardWeights_v8: Option<PFN_cudnnRNNBackwardWeights_v8> = Some(
            linked::cudnnRNNBackwardWeights_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRNNBackwardWeights_v8: Option<PFN_cudnnRNNBackwardWeights_v8> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRNNForward: Option<PFN_cudnnRNNForward> = Some(linked::cudnnRNNForward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRNNForward: Option<PFN_cudnnRNNForward> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNForwardInference: Option<PFN_cudnnRNNForwardInference> = Some(
            linked::cudnnRNNForwardInference,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNForwardInference: Option<PFN_cudnnRNNForwardInference> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNForwardInferenceEx: Option<PFN_cudnnRNNForwardInferenceEx> = Some(
            linked::cudnnRNNForwardInferenceEx,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNForwardInferenceEx: Option<PFN_cudnnRNNForwardInferenceEx> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNForwardTraining: Option<PFN_cudnnRNNForwardTraining> = Some(
            linked::cudnnRNNForwardTraining,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNForwardTraining: Option<PFN_cudnnRNNForwardTraining> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNForwardTrainingEx: Option<PFN_cudnnRNNForwardTrainingEx> = Some(
            linked::cudnnRNNForwardTrainingEx,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNForwardTrainingEx: Option<PFN_cudnnRNNForwardTrainingEx> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNGetClip: Option<PFN_cudnnRNNGetClip> = Some(linked::cudnnRNNGetClip);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNGetClip: Option<PFN_cudnnRNNGetClip> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRNNGetClip_v8: Option<PFN_cudnnRNNGetClip_v8> = Some(
            linked::cudnnRNNGetClip_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRNNGetClip_v8: Option<PFN_cudnnRNNGetClip_v8> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnRNNGetClip_v9: Option<PFN_cudnnRNNGetClip_v9> = Some(
            linked::cudnnRNNGetClip_v9,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnRNNGetClip_v9: Option<PFN_cudnnRNNGetClip_v9> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRNNSetClip: Option<PFN_cudnnRNNSetClip> = Some(linked::cudnnRNNSetClip);
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRNNSetClip: Option<PFN_cudnnRNNSetClip> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRNNSetClip_v8: Option<PFN_cudnnRNNSetClip_v8> = Some(
            linked::cudnnRNNSetClip_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRNNSetClip_v8: Option<PFN_cudnnRNNSetClip_v8> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnRNNSetClip_v9: Option<PFN_cudnnRNNSetClip_v9> = Some(
            linked::cudnnRNNSetClip_v9,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnRNNSetClip_v9: Option<PFN_cudnnRNNSetClip_v9> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnReduceTensor: Option<PFN_cudnnReduceTensor> = Some(
            linked::cudnnReduceTensor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnReduceTensor: Option<PFN_cudnnReduceTensor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnReorderFilterAndBias: Option<PFN_cudnnReorderFilterAndBias> = Some(
            linked::cudnnReorderFilterAndBias,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnReorderFilterAndBias: Option<PFN_cudnnReorderFilterAndBias> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnRestoreAlgorithm: Option<PFN_cudnnRestoreAlgorithm> = Some(
            linked::cudnnRestoreAlgorithm,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnRestoreAlgorithm: Option<PFN_cudnnRestoreAlgorithm> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnRestoreDropoutDescriptor: Option<PFN_cudnnRestoreDropoutDescriptor> = Some(
            linked::cudnnRestoreDropoutDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnRestoreDropoutDescriptor: Option<PFN_cudnnRestoreDropoutDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSaveAlgorithm: Option<PFN_cudnnSaveAlgorithm> = Some(
            linked::cudnnSaveAlgorithm,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSaveAlgorithm: Option<PFN_cudnnSaveAlgorithm> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnScaleTensor: Option<PFN_cudnnScaleTensor> = Some(
            linked::cudnnScaleTensor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnScaleTensor: Option<PFN_cudnnScaleTensor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetActivationDescriptor: Option<PFN_cudnnSetActivationDescriptor> = Some(
            linked::cudnnSetActivationDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetActivationDescriptor: Option<PFN_cudnnSetActivationDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetActivationDescriptorSwishBeta: Option<
            PFN_cudnnSetActivationDescriptorSwishBeta,
        > = Some(linked::cudnnSetActivationDescriptorSwishBeta);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetActivationDescriptorSwishBeta: Option<
            PFN_cudnnSetActivationDescriptorSwishBeta,
        > = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetAlgorithmDescriptor: Option<PFN_cudnnSetAlgorithmDescriptor> = Some(
            linked::cudnnSetAlgorithmDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetAlgorithmDescriptor: Option<PFN_cudnnSetAlgorithmDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetAlgorithmPerformance: Option<PFN_cudnnSetAlgorithmPerformance> = Some(
            linked::cudnnSetAlgorithmPerformance,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetAlgorithmPerformance: Option<PFN_cudnnSetAlgorithmPerformance> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetAttnDescriptor: Option<PFN_cudnnSetAttnDescriptor> = Some(
            linked::cudnnSetAttnDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetAttnDescriptor: Option<PFN_cudnnSetAttnDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetCTCLossDescriptor: Option<PFN_cudnnSetCTCLossDescriptor> = Some(
            linked::cudnnSetCTCLossDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetCTCLossDescriptor: Option<PFN_cudnnSetCTCLossDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetCTCLossDescriptorEx: Option<PFN_cudnnSetCTCLossDescriptorEx> = Some(
            linked::cudnnSetCTCLossDescriptorEx,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetCTCLossDescriptorEx: Option<PFN_cudnnSetCTCLossDescriptorEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetCTCLossDescriptor_v8: Option<PFN_cudnnSetCTCLossDescriptor_v8> = Some(
            linked::cudnnSetCTCLossDescriptor_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetCTCLossDescriptor_v8: Option<PFN_cudnnSetCTCLossDescriptor_v8> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnSetCTCLossDescriptor_v9: Option<PFN_cudnnSetCTCLossDescriptor_v9> = Some(
            linked::cudnnSetCTCLossDescriptor_v9,
        );
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnSetCTCLossDescriptor_v9: Option<PFN_cudnnSetCTCLossDescriptor_v9> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetCallback: Option<PFN_cudnnSetCallback> = Some(
            linked::cudnnSetCallback,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetCallback: Option<PFN_cudnnSetCallback> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetConvolution2dDescriptor: Option<
            PFN_cudnnSetConvolution2dDescriptor,
        > = Some(linked::cudnnSetConvolution2dDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetConvolution2dDescriptor: Option<
            PFN_cudnnSetConvolution2dDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetConvolutionGroupCount: Option<PFN_cudnnSetConvolutionGroupCount> = Some(
            linked::cudnnSetConvolutionGroupCount,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetConvolutionGroupCount: Option<PFN_cudnnSetConvolutionGroupCount> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetConvolutionMathType: Option<PFN_cudnnSetConvolutionMathType> = Some(
            linked::cudnnSetConvolutionMathType,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetConvolutionMathType: Option<PFN_cudnnSetConvolutionMathType> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetConvolutionNdDescriptor: Option<
            PFN_cudnnSetConvolutionNdDescriptor,
        > = Some(linked::cudnnSetConvolutionNdDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetConvolutionNdDescriptor: Option<
            PFN_cudnnSetConvolutionNdDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetConvolutionReorderType: Option<PFN_cudnnSetConvolutionReorderType> = Some(
            linked::cudnnSetConvolutionReorderType,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetConvolutionReorderType: Option<PFN_cudnnSetConvolutionReorderType> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetDropoutDescriptor: Option<PFN_cudnnSetDropoutDescriptor> = Some(
            linked::cudnnSetDropoutDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetDropoutDescriptor: Option<PFN_cudnnSetDropoutDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetFilter4dDescriptor: Option<PFN_cudnnSetFilter4dDescriptor> = Some(
            linked::cudnnSetFilter4dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetFilter4dDescriptor: Option<PFN_cudnnSetFilter4dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetFilterNdDescriptor: Option<PFN_cudnnSetFilterNdDescriptor> = Some(
            linked::cudnnSetFilterNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetFilterNdDescriptor: Option<PFN_cudnnSetFilterNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetFusedOpsConstParamPackAttribute: Option<
            PFN_cudnnSetFusedOpsConstParamPackAttribute,
        > = Some(linked::cudnnSetFusedOpsConstParamPackAttribute);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetFusedOpsConstParamPackAttribute: Option<
            PFN_cudnnSetFusedOpsConstParamPackAttribute,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetFusedOpsVariantParamPackAttribute: Option<
            PFN_cudnnSetFusedOpsVariantParamPackAttribute,
        > = Some(linked::cudnnSetFusedOpsVariantParamPackAttribute);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetFusedOpsVariantParamPackAttribute: Option<
            PFN_cudnnSetFusedOpsVariantParamPackAttribute,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetLRNDescriptor: Option<PFN_cudnnSetLRNDescriptor> = Some(
            linked::cudnnSetLRNDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetLRNDescriptor: Option<PFN_cudnnSetLRNDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetOpTensorDescriptor: Option<PFN_cudnnSetOpTensorDescriptor> = Some(
            linked::cudnnSetOpTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetOpTensorDescriptor: Option<PFN_cudnnSetOpTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetPersistentRNNPlan: Option<PFN_cudnnSetPersistentRNNPlan> = Some(
            linked::cudnnSetPersistentRNNPlan,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetPersistentRNNPlan: Option<PFN_cudnnSetPersistentRNNPlan> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetPooling2dDescriptor: Option<PFN_cudnnSetPooling2dDescriptor> = Some(
            linked::cudnnSetPooling2dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetPooling2dDescriptor: Option<PFN_cudnnSetPooling2dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetPoolingNdDescriptor: Option<PFN_cudnnSetPoolingNdDescriptor> = Some(
            linked::cudnnSetPoolingNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetPoolingNdDescriptor: Option<PFN_cudnnSetPoolingNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNAlgorithmDescriptor: Option<PFN_cudnnSetRNNAlgorithmDescriptor> = Some(
            linked::cudnnSetRNNAlgorithmDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNAlgorithmDescriptor: Option<PFN_cudnnSetRNNAlgorithmDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNBiasMode: Option<PFN_cudnnSetRNNBiasMode> = Some(
            linked::cudnnSetRNNBiasMode,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNBiasMode: Option<PFN_cudnnSetRNNBiasMode> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetRNNDataDescriptor: Option<PFN_cudnnSetRNNDataDescriptor> = Some(
            linked::cudnnSetRNNDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetRNNDataDescriptor: Option<PFN_cudnnSetRNNDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNDescriptor_v6: Option<PFN_cudnnSetRNNDescriptor_v6> = Some(
            linked::cudnnSetRNNDescriptor_v6,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNDescriptor_v6: Option<PFN_cudnnSetRNNDescriptor_v6> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetRNNDescriptor_v8: Option<PFN_cudnnSetRNNDescriptor_v8> = Some(
            linked::cudnnSetRNNDescriptor_v8,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetRNNDescriptor_v8: Option<PFN_cudnnSetRNNDescriptor_v8> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNMatrixMathType: Option<PFN_cudnnSetRNNMatrixMathType> = Some(
            linked::cudnnSetRNNMatrixMathType,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNMatrixMathType: Option<PFN_cudnnSetRNNMatrixMathType> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNPaddingMode: Option<PFN_cudnnSetRNNPaddingMode> = Some(
            linked::cudnnSetRNNPaddingMode,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNPaddingMode: Option<PFN_cudnnSetRNNPaddingMode> = None;
        #[cfg(any(cudnn_link_major = "8"))]
        let cudnnSetRNNProjectionLayers: Option<PFN_cudnnSetRNNProjectionLayers> = Some(
            linked::cudnnSetRNNProjectionLayers,
        );
        #[cfg(not(any(cudnn_link_major = "8")))]
        let cudnnSetRNNProjectionLayers: Option<PFN_cudnnSetRNNProjectionLayers> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetReduceTensorDescriptor: Option<PFN_cudnnSetReduceTensorDescriptor> = Some(
            linked::cudnnSetReduceTensorDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetReduceTensorDescriptor: Option<PFN_cudnnSetReduceTensorDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetSeqDataDescriptor: Option<PFN_cudnnSetSeqDataDescriptor> = Some(
            linked::cudnnSetSeqDataDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetSeqDataDescriptor: Option<PFN_cudnnSetSeqDataDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetSpatialTransformerNdDescriptor: Option<
            PFN_cudnnSetSpatialTransformerNdDescriptor,
        > = Some(linked::cudnnSetSpatialTransformerNdDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetSpatialTransformerNdDescriptor: Option<
            PFN_cudnnSetSpatialTransformerNdDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetStream: Option<PFN_cudnnSetStream> = Some(linked::cudnnSetStream);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetStream: Option<PFN_cudnnSetStream> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensor: Option<PFN_cudnnSetTensor> = Some(linked::cudnnSetTensor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensor: Option<PFN_cudnnSetTensor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensor4dDescriptor: Option<PFN_cudnnSetTensor4dDescriptor> = Some(
            linked::cudnnSetTensor4dDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensor4dDescriptor: Option<PFN_cudnnSetTensor4dDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensor4dDescriptorEx: Option<PFN_cudnnSetTensor4dDescriptorEx> = Some(
            linked::cudnnSetTensor4dDescriptorEx,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensor4dDescriptorEx: Option<PFN_cudnnSetTensor4dDescriptorEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensorNdDescriptor: Option<PFN_cudnnSetTensorNdDescriptor> = Some(
            linked::cudnnSetTensorNdDescriptor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensorNdDescriptor: Option<PFN_cudnnSetTensorNdDescriptor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensorNdDescriptorEx: Option<PFN_cudnnSetTensorNdDescriptorEx> = Some(
            linked::cudnnSetTensorNdDescriptorEx,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensorNdDescriptorEx: Option<PFN_cudnnSetTensorNdDescriptorEx> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSetTensorTransformDescriptor: Option<
            PFN_cudnnSetTensorTransformDescriptor,
        > = Some(linked::cudnnSetTensorTransformDescriptor);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSetTensorTransformDescriptor: Option<
            PFN_cudnnSetTensorTransformDescriptor,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSoftmaxBackward: Option<PFN_cudnnSoftmaxBackward> = Some(
            linked::cudnnSoftmaxBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSoftmaxBackward: Option<PFN_cudnnSoftmaxBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSoftmaxForward: Option<PFN_cudnnSoftmaxForward> = Some(
            linked::cudnnSoftmaxForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSoftmaxForward: Option<PFN_cudnnSoftmaxForward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSpatialTfGridGeneratorBackward: Option<
            PFN_cudnnSpatialTfGridGeneratorBackward,
        > = Some(linked::cudnnSpatialTfGridGeneratorBackward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSpatialTfGridGeneratorBackward: Option<
            PFN_cudnnSpatialTfGridGeneratorBackward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSpatialTfGridGeneratorForward: Option<
            PFN_cudnnSpatialTfGridGeneratorForward,
        > = Some(linked::cudnnSpatialTfGridGeneratorForward);
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSpatialTfGridGeneratorForward: Option<
            PFN_cudnnSpatialTfGridGeneratorForward,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSpatialTfSamplerBackward: Option<PFN_cudnnSpatialTfSamplerBackward> = Some(
            linked::cudnnSpatialTfSamplerBackward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSpatialTfSamplerBackward: Option<PFN_cudnnSpatialTfSamplerBackward> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnSpatialTfSamplerForward: Option<PFN_cudnnSpatialTfSamplerForward> = Some(
            linked::cudnnSpatialTfSamplerForward,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnSpatialTfSamplerForward: Option<PFN_cudnnSpatialTfSamplerForward> = None;
        #[cfg(any(cudnn_link_major = "9"))]
        let cudnnSubquadraticOpsVersionCheck: Option<
            PFN_cudnnSubquadraticOpsVersionCheck,
        > = Some(linked::cudnnSubquadraticOpsVersionCheck);
        #[cfg(not(any(cudnn_link_major = "9")))]
        let cudnnSubquadraticOpsVersionCheck: Option<
            PFN_cudnnSubquadraticOpsVersionCheck,
        > = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnTransformFilter: Option<PFN_cudnnTransformFilter> = Some(
            linked::cudnnTransformFilter,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnTransformFilter: Option<PFN_cudnnTransformFilter> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnTransformTensor: Option<PFN_cudnnTransformTensor> = Some(
            linked::cudnnTransformTensor,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnTransformTensor: Option<PFN_cudnnTransformTensor> = None;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        let cudnnTransformTensorEx: Option<PFN_cudnnTransformTensorEx> = Some(
            linked::cudnnTransformTensorEx,
        );
        #[cfg(not(any(cudnn_link_major = "8", cudnn_link_major = "9")))]
        let cudnnTransformTensorEx: Option<PFN_cudnnTransformTensorEx> = None;
        Self {
            cudnnActivationBackward,
            cudnnActivationForward,
            cudnnAddTensor,
            cudnnAdvInferVersionCheck,
            cudnnAdvTrainVersionCheck,
            cudnnAdvVersionCheck,
            cudnnB2BCausalConv1dBackward,
            cudnnB2BCausalConv1dForward,
            cudnnBackendCreateDescriptor,
            cudnnBackendDestroyDescriptor,
            cudnnBackendExecute,
            cudnnBackendFinalize,
            cudnnBackendGetAttribute,
            cudnnBackendInitialize,
            cudnnBackendPopulateCudaGraph,
            cudnnBackendSetAttribute,
            cudnnBackendUpdateCudaGraph,
            cudnnBatchNormalizationBackward,
            cudnnBatchNormalizationBackwardEx,
            cudnnBatchNormalizationForwardInference,
            cudnnBatchNormalizationForwardTraining,
            cudnnBatchNormalizationForwardTrainingEx,
            cudnnBuildRNNDynamic,
            cudnnCTCLoss,
            cudnnCTCLoss_v8,
            cudnnCausalConv1dBackward,
            cudnnCausalConv1dForward,
            cudnnCausalConv1dNwhBackward,
            cudnnCausalConv1dNwhForward,
            cudnnCnnInferVersionCheck,
            cudnnCnnTrainVersionCheck,
            cudnnCnnVersionCheck,
            cudnnConvolutionBackwardBias,
            cudnnConvolutionBackwardData,
            cudnnConvolutionBackwardFilter,
            cudnnConvolutionBiasActivationForward,
            cudnnConvolutionForward,
            cudnnCopyAlgorithmDescriptor,
            cudnnCreate,
            cudnnCreateActivationDescriptor,
            cudnnCreateAlgorithmDescriptor,
            cudnnCreateAlgorithmPerformance,
            cudnnCreateAttnDescriptor,
            cudnnCreateCTCLossDescriptor,
            cudnnCreateConvolutionDescriptor,
            cudnnCreateDropoutDescriptor,
            cudnnCreateFilterDescriptor,
            cudnnCreateFusedOpsConstParamPack,
            cudnnCreateFusedOpsPlan,
            cudnnCreateFusedOpsVariantParamPack,
            cudnnCreateLRNDescriptor,
            cudnnCreateOpTensorDescriptor,
            cudnnCreatePersistentRNNPlan,
            cudnnCreatePoolingDescriptor,
            cudnnCreateRNNDataDescriptor,
            cudnnCreateRNNDescriptor,
            cudnnCreateReduceTensorDescriptor,
            cudnnCreateSeqDataDescriptor,
            cudnnCreateSpatialTransformerDescriptor,
            cudnnCreateTensorDescriptor,
            cudnnCreateTensorTransformDescriptor,
            cudnnDeriveBNTensorDescriptor,
            cudnnDeriveNormTensorDescriptor,
            cudnnDestroy,
            cudnnDestroyActivationDescriptor,
            cudnnDestroyAlgorithmDescriptor,
            cudnnDestroyAlgorithmPerformance,
            cudnnDestroyAttnDescriptor,
            cudnnDestroyCTCLossDescriptor,
            cudnnDestroyConvolutionDescriptor,
            cudnnDestroyDropoutDescriptor,
            cudnnDestroyFilterDescriptor,
            cudnnDestroyFusedOpsConstParamPack,
            cudnnDestroyFusedOpsPlan,
            cudnnDestroyFusedOpsVariantParamPack,
            cudnnDestroyLRNDescriptor,
            cudnnDestroyOpTensorDescriptor,
            cudnnDestroyPersistentRNNPlan,
            cudnnDestroyPoolingDescriptor,
            cudnnDestroyRNNDataDescriptor,
            cudnnDestroyRNNDescriptor,
            cudnnDestroyReduceTensorDescriptor,
            cudnnDestroySeqDataDescriptor,
            cudnnDestroySpatialTransformerDescriptor,
            cudnnDestroyTensorDescriptor,
            cudnnDestroyTensorTransformDescriptor,
            cudnnDivisiveNormalizationBackward,
            cudnnDivisiveNormalizationForward,
            cudnnDropoutBackward,
            cudnnDropoutForward,
            cudnnDropoutGetReserveSpaceSize,
            cudnnDropoutGetStatesSize,
            cudnnFFTCausalConv1dBackward,
            cudnnFFTCausalConv1dForward,
            cudnnFindConvolutionBackwardDataAlgorithm,
            cudnnFindConvolutionBackwardDataAlgorithmEx,
            cudnnFindConvolutionBackwardFilterAlgorithm,
            cudnnFindConvolutionBackwardFilterAlgorithmEx,
            cudnnFindConvolutionForwardAlgorithm,
            cudnnFindConvolutionForwardAlgorithmEx,
            cudnnFindRNNBackwardDataAlgorithmEx,
            cudnnFindRNNBackwardWeightsAlgorithmEx,
            cudnnFindRNNForwardInferenceAlgorithmEx,
            cudnnFindRNNForwardTrainingAlgorithmEx,
            cudnnFusedOpsExecute,
            cudnnGetActivationDescriptor,
            cudnnGetActivationDescriptorSwishBeta,
            cudnnGetAlgorithmDescriptor,
            cudnnGetAlgorithmPerformance,
            cudnnGetAlgorithmSpaceSize,
            cudnnGetAttnDescriptor,
            cudnnGetBatchNormalizationBackwardExWorkspaceSize,
            cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize,
            cudnnGetBatchNormalizationTrainingExReserveSpaceSize,
            cudnnGetCTCLossDescriptor,
            cudnnGetCTCLossDescriptorEx,
            cudnnGetCTCLossDescriptor_v8,
            cudnnGetCTCLossDescriptor_v9,
            cudnnGetCTCLossWorkspaceSize,
            cudnnGetCTCLossWorkspaceSize_v8,
            cudnnGetCallback,
            cudnnGetConvolution2dDescriptor,
            cudnnGetConvolution2dForwardOutputDim,
            cudnnGetConvolutionBackwardDataAlgorithmMaxCount,
            cudnnGetConvolutionBackwardDataAlgorithm_v7,
            cudnnGetConvolutionBackwardDataWorkspaceSize,
            cudnnGetConvolutionBackwardFilterAlgorithmMaxCount,
            cudnnGetConvolutionBackwardFilterAlgorithm_v7,
            cudnnGetConvolutionBackwardFilterWorkspaceSize,
            cudnnGetConvolutionForwardAlgorithmMaxCount,
            cudnnGetConvolutionForwardAlgorithm_v7,
            cudnnGetConvolutionForwardWorkspaceSize,
            cudnnGetConvolutionGroupCount,
            cudnnGetConvolutionMathType,
            cudnnGetConvolutionNdDescriptor,
            cudnnGetConvolutionNdForwardOutputDim,
            cudnnGetConvolutionReorderType,
            cudnnGetCudartVersion,
            cudnnGetDropoutDescriptor,
            cudnnGetErrorString,
            cudnnGetExecutionPlanWorkspaceSize,
            cudnnGetFilter4dDescriptor,
            cudnnGetFilterNdDescriptor,
            cudnnGetFilterSizeInBytes,
            cudnnGetFoldedConvBackwardDataDescriptors,
            cudnnGetFusedOpsConstParamPackAttribute,
            cudnnGetFusedOpsVariantParamPackAttribute,
            cudnnGetLRNDescriptor,
            cudnnGetLastErrorString,
            cudnnGetMaxDeviceVersion,
            cudnnGetMultiHeadAttnBuffers,
            cudnnGetMultiHeadAttnWeights,
            cudnnGetNormalizationBackwardWorkspaceSize,
            cudnnGetNormalizationForwardTrainingWorkspaceSize,
            cudnnGetNormalizationTrainingReserveSpaceSize,
            cudnnGetOpTensorDescriptor,
            cudnnGetPooling2dDescriptor,
            cudnnGetPooling2dForwardOutputDim,
            cudnnGetPoolingNdDescriptor,
            cudnnGetPoolingNdForwardOutputDim,
            cudnnGetProperty,
            cudnnGetRNNBackwardDataAlgorithmMaxCount,
            cudnnGetRNNBackwardWeightsAlgorithmMaxCount,
            cudnnGetRNNBiasMode,
            cudnnGetRNNDataDescriptor,
            cudnnGetRNNDescriptor_v6,
            cudnnGetRNNDescriptor_v8,
            cudnnGetRNNForwardInferenceAlgorithmMaxCount,
            cudnnGetRNNForwardTrainingAlgorithmMaxCount,
            cudnnGetRNNLinLayerBiasParams,
            cudnnGetRNNLinLayerMatrixParams,
            cudnnGetRNNMatrixMathType,
            cudnnGetRNNPaddingMode,
            cudnnGetRNNParamsSize,
            cudnnGetRNNProjectionLayers,
            cudnnGetRNNTempSpaceSizes,
            cudnnGetRNNTrainingReserveSize,
            cudnnGetRNNWeightParams,
            cudnnGetRNNWeightSpaceSize,
            cudnnGetRNNWorkspaceSize,
            cudnnGetReduceTensorDescriptor,
            cudnnGetReductionIndicesSize,
            cudnnGetReductionWorkspaceSize,
            cudnnGetSeqDataDescriptor,
            cudnnGetStream,
            cudnnGetTensor4dDescriptor,
            cudnnGetTensorNdDescriptor,
            cudnnGetTensorSizeInBytes,
            cudnnGetTensorTransformDescriptor,
            cudnnGetVersion,
            cudnnGnnAggSimpleBackward,
            cudnnGnnAggSimpleForward,
            cudnnGnnMhaGatBackward,
            cudnnGnnMhaGatForward,
            cudnnGnnMhaGatV2Backward,
            cudnnGnnMhaGatV2Forward,
            cudnnGraphVersionCheck,
            cudnnIm2Col,
            cudnnInitTransformDest,
            cudnnLRNCrossChannelBackward,
            cudnnLRNCrossChannelForward,
            cudnnLongFFTCausalConv1dBackward,
            cudnnLongFFTCausalConv1dForward,
            cudnnLongFFTCausalConv1dGetBufferSizes,
            cudnnMakeFusedOpsPlan,
            cudnnMultiHeadAttnBackwardData,
            cudnnMultiHeadAttnBackwardWeights,
            cudnnMultiHeadAttnForward,
            cudnnNormalizationBackward,
            cudnnNormalizationForwardInference,
            cudnnNormalizationForwardTraining,
            cudnnOpTensor,
            cudnnOpsInferVersionCheck,
            cudnnOpsTrainVersionCheck,
            cudnnOpsVersionCheck,
            cudnnPoolingBackward,
            cudnnPoolingForward,
            cudnnQueryRuntimeError,
            cudnnRNNBackwardData,
            cudnnRNNBackwardDataEx,
            cudnnRNNBackwardData_v8,
            cudnnRNNBackwardWeights,
            cudnnRNNBackwardWeightsEx,
            cudnnRNNBackwardWeights_v8,
            cudnnRNNForward,
            cudnnRNNForwardInference,
            cudnnRNNForwardInferenceEx,
            cudnnRNNForwardTraining,
            cudnnRNNForwardTrainingEx,
            cudnnRNNGetClip,
            cudnnRNNGetClip_v8,
            cudnnRNNGetClip_v9,
            cudnnRNNSetClip,
            cudnnRNNSetClip_v8,
            cudnnRNNSetClip_v9,
            cudnnReduceTensor,
            cudnnReorderFilterAndBias,
            cudnnRestoreAlgorithm,
            cudnnRestoreDropoutDescriptor,
            cudnnSaveAlgorithm,
            cudnnScaleTensor,
            cudnnSetActivationDescriptor,
            cudnnSetActivationDescriptorSwishBeta,
            cudnnSetAlgorithmDescriptor,
            cudnnSetAlgorithmPerformance,
            cudnnSetAttnDescriptor,
            cudnnSetCTCLossDescriptor,
            cudnnSetCTCLossDescriptorEx,
            cudnnSetCTCLossDescriptor_v8,
            cudnnSetCTCLossDescriptor_v9,
            cudnnSetCallback,
            cudnnSetConvolution2dDescriptor,
            cudnnSetConvolutionGroupCount,
            cudnnSetConvolutionMathType,
            cudnnSetConvolutionNdDescriptor,
            cudnnSetConvolutionReorderType,
            cudnnSetDropoutDescriptor,
            cudnnSetFilter4dDescriptor,
            cudnnSetFilterNdDescriptor,
            cudnnSetFusedOpsConstParamPackAttribute,
            cudnnSetFusedOpsVariantParamPackAttribute,
            cudnnSetLRNDescriptor,
            cudnnSetOpTensorDescriptor,
            cudnnSetPersistentRNNPlan,
            cudnnSetPooling2dDescriptor,
            cudnnSetPoolingNdDescriptor,
            cudnnSetRNNAlgorithmDescriptor,
            cudnnSetRNNBiasMode,
            cudnnSetRNNDataDescriptor,
            cudnnSetRNNDescriptor_v6,
            cudnnSetRNNDescriptor_v8,
            cudnnSetRNNMatrixMathType,
            cudnnSetRNNPaddingMode,
            cudnnSetRNNProjectionLayers,
            cudnnSetReduceTensorDescriptor,
            cudnnSetSeqDataDescriptor,
            cudnnSetSpatialTransformerNdDescriptor,
            cudnnSetStream,
            cudnnSetTensor,
            cudnnSetTensor4dDescriptor,
            cudnnSetTensor4dDescriptorEx,
            cudnnSetTensorNdDescriptor,
            cudnnSetTensorNdDescriptorEx,
            cudnnSetTensorTransformDescriptor,
            cudnnSoftmaxBackward,
            cudnnSoftmaxForward,
            cudnnSpatialTfGridGeneratorBackward,
            cudnnSpatialTfGridGeneratorForward,
            cudnnSpatialTfSamplerBackward,
            cudnnSpatialTfSamplerForward,
            cudnnSubquadraticOpsVersionCheck,
            cudnnTransformFilter,
            cudnnTransformTensor,
            cudnnTransformTensorEx,
        }
    }
}
/// Name and declaring majors of every function in [`Functions`], in
/// the same order.
pub static FUNCTIONS: &[crate::FunctionInfo] = &[
    crate::FunctionInfo {
        name: "cudnnActivationBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnActivationForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnAddTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnAdvInferVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnAdvTrainVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnAdvVersionCheck",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnB2BCausalConv1dBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnB2BCausalConv1dForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendCreateDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendDestroyDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendExecute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendFinalize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendGetAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendInitialize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendPopulateCudaGraph",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendSetAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBackendUpdateCudaGraph",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBatchNormalizationBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBatchNormalizationBackwardEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBatchNormalizationForwardInference",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBatchNormalizationForwardTraining",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBatchNormalizationForwardTrainingEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnBuildRNNDynamic",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCTCLoss",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCTCLoss_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCausalConv1dBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCausalConv1dForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCausalConv1dNwhBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCausalConv1dNwhForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCnnInferVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCnnTrainVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCnnVersionCheck",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnConvolutionBackwardBias",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnConvolutionBackwardData",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnConvolutionBackwardFilter",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnConvolutionBiasActivationForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnConvolutionForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCopyAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreate",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateActivationDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateAlgorithmPerformance",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateAttnDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateCTCLossDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateConvolutionDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateDropoutDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateFilterDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateFusedOpsConstParamPack",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateFusedOpsPlan",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateFusedOpsVariantParamPack",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateLRNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateOpTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreatePersistentRNNPlan",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreatePoolingDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateRNNDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateRNNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateReduceTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateSeqDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateSpatialTransformerDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnCreateTensorTransformDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDeriveBNTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDeriveNormTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroy",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyActivationDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyAlgorithmPerformance",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyAttnDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyCTCLossDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyConvolutionDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyDropoutDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyFilterDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyFusedOpsConstParamPack",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyFusedOpsPlan",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyFusedOpsVariantParamPack",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyLRNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyOpTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyPersistentRNNPlan",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyPoolingDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyRNNDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyRNNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyReduceTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroySeqDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroySpatialTransformerDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDestroyTensorTransformDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDivisiveNormalizationBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDivisiveNormalizationForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDropoutBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDropoutForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDropoutGetReserveSpaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnDropoutGetStatesSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFFTCausalConv1dBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFFTCausalConv1dForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionBackwardDataAlgorithm",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionBackwardDataAlgorithmEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionBackwardFilterAlgorithm",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionBackwardFilterAlgorithmEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionForwardAlgorithm",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindConvolutionForwardAlgorithmEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindRNNBackwardDataAlgorithmEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindRNNBackwardWeightsAlgorithmEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindRNNForwardInferenceAlgorithmEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnFindRNNForwardTrainingAlgorithmEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnFusedOpsExecute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetActivationDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetActivationDescriptorSwishBeta",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetAlgorithmPerformance",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetAlgorithmSpaceSize",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetAttnDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetBatchNormalizationBackwardExWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetBatchNormalizationTrainingExReserveSpaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossDescriptorEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossDescriptor_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossDescriptor_v9",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCTCLossWorkspaceSize_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCallback",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolution2dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolution2dForwardOutputDim",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardDataAlgorithmMaxCount",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardDataAlgorithm_v7",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardDataWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardFilterAlgorithmMaxCount",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardFilterAlgorithm_v7",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionBackwardFilterWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionForwardAlgorithmMaxCount",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionForwardAlgorithm_v7",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionForwardWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionGroupCount",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionMathType",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionNdForwardOutputDim",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetConvolutionReorderType",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetCudartVersion",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetDropoutDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetErrorString",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetExecutionPlanWorkspaceSize",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFilter4dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFilterNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFilterSizeInBytes",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFoldedConvBackwardDataDescriptors",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFusedOpsConstParamPackAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetFusedOpsVariantParamPackAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetLRNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetLastErrorString",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetMaxDeviceVersion",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetMultiHeadAttnBuffers",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetMultiHeadAttnWeights",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetNormalizationBackwardWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetNormalizationForwardTrainingWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetNormalizationTrainingReserveSpaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetOpTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetPooling2dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetPooling2dForwardOutputDim",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetPoolingNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetPoolingNdForwardOutputDim",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetProperty",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNBackwardDataAlgorithmMaxCount",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNBackwardWeightsAlgorithmMaxCount",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNBiasMode",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNDescriptor_v6",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNDescriptor_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNForwardInferenceAlgorithmMaxCount",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNForwardTrainingAlgorithmMaxCount",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNLinLayerBiasParams",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNLinLayerMatrixParams",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNMatrixMathType",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNPaddingMode",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNParamsSize",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNProjectionLayers",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNTempSpaceSizes",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNTrainingReserveSize",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNWeightParams",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNWeightSpaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetRNNWorkspaceSize",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetReduceTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetReductionIndicesSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetReductionWorkspaceSize",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetSeqDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetStream",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetTensor4dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetTensorNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetTensorSizeInBytes",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetTensorTransformDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGetVersion",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnAggSimpleBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnAggSimpleForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnMhaGatBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnMhaGatForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnMhaGatV2Backward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGnnMhaGatV2Forward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnGraphVersionCheck",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnIm2Col",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnInitTransformDest",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnLRNCrossChannelBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnLRNCrossChannelForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnLongFFTCausalConv1dBackward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnLongFFTCausalConv1dForward",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnLongFFTCausalConv1dGetBufferSizes",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnMakeFusedOpsPlan",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnMultiHeadAttnBackwardData",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnMultiHeadAttnBackwardWeights",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnMultiHeadAttnForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnNormalizationBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnNormalizationForwardInference",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnNormalizationForwardTraining",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnOpTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnOpsInferVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnOpsTrainVersionCheck",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnOpsVersionCheck",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnPoolingBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnPoolingForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnQueryRuntimeError",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardData",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardDataEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardData_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardWeights",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardWeightsEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNBackwardWeights_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNForwardInference",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNForwardInferenceEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNForwardTraining",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNForwardTrainingEx",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNGetClip",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNGetClip_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNGetClip_v9",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNSetClip",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNSetClip_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRNNSetClip_v9",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnReduceTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnReorderFilterAndBias",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnRestoreAlgorithm",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnRestoreDropoutDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSaveAlgorithm",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnScaleTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetActivationDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetActivationDescriptorSwishBeta",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetAlgorithmPerformance",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetAttnDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetCTCLossDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetCTCLossDescriptorEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetCTCLossDescriptor_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetCTCLossDescriptor_v9",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetCallback",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetConvolution2dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetConvolutionGroupCount",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetConvolutionMathType",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetConvolutionNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetConvolutionReorderType",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetDropoutDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetFilter4dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetFilterNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetFusedOpsConstParamPackAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetFusedOpsVariantParamPackAttribute",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetLRNDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetOpTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetPersistentRNNPlan",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetPooling2dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetPoolingNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNAlgorithmDescriptor",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNBiasMode",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNDescriptor_v6",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNDescriptor_v8",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNMatrixMathType",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNPaddingMode",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetRNNProjectionLayers",
        majors: &[8u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetReduceTensorDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetSeqDataDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetSpatialTransformerNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetStream",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensor4dDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensor4dDescriptorEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensorNdDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensorNdDescriptorEx",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSetTensorTransformDescriptor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSoftmaxBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSoftmaxForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSpatialTfGridGeneratorBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSpatialTfGridGeneratorForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSpatialTfSamplerBackward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSpatialTfSamplerForward",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnSubquadraticOpsVersionCheck",
        majors: &[9u32],
    },
    crate::FunctionInfo {
        name: "cudnnTransformFilter",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnTransformTensor",
        majors: &[8u32, 9u32],
    },
    crate::FunctionInfo {
        name: "cudnnTransformTensorEx",
        majors: &[8u32, 9u32],
    },
];
#[cfg(feature = "link")]
mod linked {
    #[allow(unused_imports)]
    use super::*;
    extern "system" {
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnActivationBackward(
            handle: cudnnHandle_t,
            activationDesc: cudnnActivationDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnActivationForward(
            handle: cudnnHandle_t,
            activationDesc: cudnnActivationDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnAddTensor(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            aDesc: cudnnTensorDescriptor_t,
            A: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            cDesc: cudnnTensorDescriptor_t,
            C: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnAdvInferVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnAdvTrainVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnAdvVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnB2BCausalConv1dBackward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weightsProj: *const ::core::ffi::c_void,
            weightsMixer: *const ::core::ffi::c_void,
            skipBias: *const ::core::ffi::c_void,
            y: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            dx: *mut ::core::ffi::c_void,
            dweightsProj: *mut ::core::ffi::c_void,
            dweightsMixer: *mut ::core::ffi::c_void,
            dskipBias: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSizeProj: ::core::ffi::c_int,
            kernelSizeMixer: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            dwDataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnB2BCausalConv1dForward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weightsProj: *const ::core::ffi::c_void,
            weightsMixer: *const ::core::ffi::c_void,
            skipBias: *const ::core::ffi::c_void,
            y: *mut ::core::ffi::c_void,
            yGated: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSizeProj: ::core::ffi::c_int,
            kernelSizeMixer: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendCreateDescriptor(
            descriptorType: cudnnBackendDescriptorType_t,
            descriptor: *mut cudnnBackendDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendDestroyDescriptor(
            descriptor: cudnnBackendDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendExecute(
            handle: cudnnHandle_t,
            executionPlan: cudnnBackendDescriptor_t,
            variantPack: cudnnBackendDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendFinalize(
            descriptor: cudnnBackendDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendGetAttribute(
            descriptor: cudnnBackendDescriptor_t,
            attributeName: cudnnBackendAttributeName_t,
            attributeType: cudnnBackendAttributeType_t,
            requestedElementCount: i64,
            elementCount: *mut i64,
            arrayOfElements: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendInitialize(
            descriptor: cudnnBackendDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnBackendPopulateCudaGraph(
            handle: cudnnHandle_t,
            executionPlan: cudnnBackendDescriptor_t,
            variantPack: cudnnBackendDescriptor_t,
            graph: cudaGraph_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBackendSetAttribute(
            descriptor: cudnnBackendDescriptor_t,
            attributeName: cudnnBackendAttributeName_t,
            attributeType: cudnnBackendAttributeType_t,
            elementCount: i64,
            arrayOfElements: *const ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnBackendUpdateCudaGraph(
            handle: cudnnHandle_t,
            executionPlan: cudnnBackendDescriptor_t,
            variantPack: cudnnBackendDescriptor_t,
            graph: cudaGraph_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBatchNormalizationBackward(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            alphaDataDiff: *const ::core::ffi::c_void,
            betaDataDiff: *const ::core::ffi::c_void,
            alphaParamDiff: *const ::core::ffi::c_void,
            betaParamDiff: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            dBnScaleBiasDesc: cudnnTensorDescriptor_t,
            bnScale: *const ::core::ffi::c_void,
            dBnScaleResult: *mut ::core::ffi::c_void,
            dBnBiasResult: *mut ::core::ffi::c_void,
            epsilon: f64,
            savedMean: *const ::core::ffi::c_void,
            savedInvVariance: *const ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBatchNormalizationBackwardEx(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            bnOps: cudnnBatchNormOps_t,
            alphaDataDiff: *const ::core::ffi::c_void,
            betaDataDiff: *const ::core::ffi::c_void,
            alphaParamDiff: *const ::core::ffi::c_void,
            betaParamDiff: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            xData: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            yData: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dyData: *const ::core::ffi::c_void,
            dzDesc: cudnnTensorDescriptor_t,
            dzData: *mut ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dxData: *mut ::core::ffi::c_void,
            dBnScaleBiasDesc: cudnnTensorDescriptor_t,
            bnScaleData: *const ::core::ffi::c_void,
            bnBiasData: *const ::core::ffi::c_void,
            dBnScaleData: *mut ::core::ffi::c_void,
            dBnBiasData: *mut ::core::ffi::c_void,
            epsilon: f64,
            savedMean: *const ::core::ffi::c_void,
            savedInvVariance: *const ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBatchNormalizationForwardInference(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            alpha: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
            bnScale: *const ::core::ffi::c_void,
            bnBias: *const ::core::ffi::c_void,
            estimatedMean: *const ::core::ffi::c_void,
            estimatedVariance: *const ::core::ffi::c_void,
            epsilon: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBatchNormalizationForwardTraining(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            alpha: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
            bnScale: *const ::core::ffi::c_void,
            bnBias: *const ::core::ffi::c_void,
            exponentialAverageFactor: f64,
            resultRunningMean: *mut ::core::ffi::c_void,
            resultRunningVariance: *mut ::core::ffi::c_void,
            epsilon: f64,
            resultSaveMean: *mut ::core::ffi::c_void,
            resultSaveInvVariance: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBatchNormalizationForwardTrainingEx(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            bnOps: cudnnBatchNormOps_t,
            alpha: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            xData: *const ::core::ffi::c_void,
            zDesc: cudnnTensorDescriptor_t,
            zData: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            yData: *mut ::core::ffi::c_void,
            bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
            bnScale: *const ::core::ffi::c_void,
            bnBias: *const ::core::ffi::c_void,
            exponentialAverageFactor: f64,
            resultRunningMean: *mut ::core::ffi::c_void,
            resultRunningVariance: *mut ::core::ffi::c_void,
            epsilon: f64,
            resultSaveMean: *mut ::core::ffi::c_void,
            resultSaveInvVariance: *mut ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnBuildRNNDynamic(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            miniBatch: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCTCLoss(
            handle: cudnnHandle_t,
            probsDesc: cudnnTensorDescriptor_t,
            probs: *const ::core::ffi::c_void,
            hostLabels: *const ::core::ffi::c_int,
            hostLabelLengths: *const ::core::ffi::c_int,
            hostInputLengths: *const ::core::ffi::c_int,
            costs: *mut ::core::ffi::c_void,
            gradientsDesc: cudnnTensorDescriptor_t,
            gradients: *mut ::core::ffi::c_void,
            algo: cudnnCTCLossAlgo_t,
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCTCLoss_v8(
            handle: cudnnHandle_t,
            algo: cudnnCTCLossAlgo_t,
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            probsDesc: cudnnTensorDescriptor_t,
            probs: *const ::core::ffi::c_void,
            labels: *const ::core::ffi::c_int,
            labelLengths: *const ::core::ffi::c_int,
            inputLengths: *const ::core::ffi::c_int,
            costs: *mut ::core::ffi::c_void,
            gradientsDesc: cudnnTensorDescriptor_t,
            gradients: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            workspace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnCausalConv1dBackward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            bias: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            dx: *mut ::core::ffi::c_void,
            dweight: *mut ::core::ffi::c_void,
            dbias: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            dwDataType: cudnnDataType_t,
            activation: cudnnCausalConv1dActivation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnCausalConv1dForward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            bias: *const ::core::ffi::c_void,
            y: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            activation: cudnnCausalConv1dActivation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnCausalConv1dNwhBackward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            bias: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            dx: *mut ::core::ffi::c_void,
            dweight: *mut ::core::ffi::c_void,
            dbias: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            dwDataType: cudnnDataType_t,
            activation: cudnnCausalConv1dActivation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnCausalConv1dNwhForward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            bias: *const ::core::ffi::c_void,
            y: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            activation: cudnnCausalConv1dActivation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCnnInferVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCnnTrainVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnCnnVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnConvolutionBackwardBias(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dbDesc: cudnnTensorDescriptor_t,
            db: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnConvolutionBackwardData(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            algo: cudnnConvolutionBwdDataAlgo_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnConvolutionBackwardFilter(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            algo: cudnnConvolutionBwdFilterAlgo_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            beta: *const ::core::ffi::c_void,
            dwDesc: cudnnFilterDescriptor_t,
            dw: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnConvolutionBiasActivationForward(
            handle: cudnnHandle_t,
            alpha1: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            algo: cudnnConvolutionFwdAlgo_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            alpha2: *const ::core::ffi::c_void,
            zDesc: cudnnTensorDescriptor_t,
            z: *const ::core::ffi::c_void,
            biasDesc: cudnnTensorDescriptor_t,
            bias: *const ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnConvolutionForward(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            algo: cudnnConvolutionFwdAlgo_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCopyAlgorithmDescriptor(
            src: cudnnAlgorithmDescriptor_t,
            dest: cudnnAlgorithmDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreate(handle: *mut cudnnHandle_t) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateActivationDescriptor(
            activationDesc: *mut cudnnActivationDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCreateAlgorithmDescriptor(
            algoDesc: *mut cudnnAlgorithmDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCreateAlgorithmPerformance(
            algoPerf: *mut cudnnAlgorithmPerformance_t,
            numberToCreate: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateAttnDescriptor(
            attnDesc: *mut cudnnAttnDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateCTCLossDescriptor(
            ctcLossDesc: *mut cudnnCTCLossDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateConvolutionDescriptor(
            convDesc: *mut cudnnConvolutionDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateDropoutDescriptor(
            dropoutDesc: *mut cudnnDropoutDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateFilterDescriptor(
            filterDesc: *mut cudnnFilterDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateFusedOpsConstParamPack(
            constPack: *mut cudnnFusedOpsConstParamPack_t,
            ops: cudnnFusedOps_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateFusedOpsPlan(
            plan: *mut cudnnFusedOpsPlan_t,
            ops: cudnnFusedOps_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateFusedOpsVariantParamPack(
            varPack: *mut cudnnFusedOpsVariantParamPack_t,
            ops: cudnnFusedOps_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateLRNDescriptor(
            normDesc: *mut cudnnLRNDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateOpTensorDescriptor(
            opTensorDesc: *mut cudnnOpTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnCreatePersistentRNNPlan(
            rnnDesc: cudnnRNNDescriptor_t,
            minibatch: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            plan: *mut cudnnPersistentRNNPlan_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreatePoolingDescriptor(
            poolingDesc: *mut cudnnPoolingDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateRNNDataDescriptor(
            rnnDataDesc: *mut cudnnRNNDataDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateRNNDescriptor(
            rnnDesc: *mut cudnnRNNDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateReduceTensorDescriptor(
            reduceTensorDesc: *mut cudnnReduceTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateSeqDataDescriptor(
            seqDataDesc: *mut cudnnSeqDataDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateSpatialTransformerDescriptor(
            stDesc: *mut cudnnSpatialTransformerDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateTensorDescriptor(
            tensorDesc: *mut cudnnTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnCreateTensorTransformDescriptor(
            transformDesc: *mut cudnnTensorTransformDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDeriveBNTensorDescriptor(
            derivedBnDesc: cudnnTensorDescriptor_t,
            xDesc: cudnnTensorDescriptor_t,
            mode: cudnnBatchNormMode_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDeriveNormTensorDescriptor(
            derivedNormScaleBiasDesc: cudnnTensorDescriptor_t,
            derivedNormMeanVarDesc: cudnnTensorDescriptor_t,
            xDesc: cudnnTensorDescriptor_t,
            mode: cudnnNormMode_t,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroy(handle: cudnnHandle_t) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyActivationDescriptor(
            activationDesc: cudnnActivationDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnDestroyAlgorithmDescriptor(
            algoDesc: cudnnAlgorithmDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnDestroyAlgorithmPerformance(
            algoPerf: *mut cudnnAlgorithmPerformance_t,
            numberToDestroy: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyAttnDescriptor(
            attnDesc: cudnnAttnDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyCTCLossDescriptor(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyConvolutionDescriptor(
            convDesc: cudnnConvolutionDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyDropoutDescriptor(
            dropoutDesc: cudnnDropoutDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyFilterDescriptor(
            filterDesc: cudnnFilterDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyFusedOpsConstParamPack(
            constPack: cudnnFusedOpsConstParamPack_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyFusedOpsPlan(plan: cudnnFusedOpsPlan_t) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyFusedOpsVariantParamPack(
            varPack: cudnnFusedOpsVariantParamPack_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyLRNDescriptor(lrnDesc: cudnnLRNDescriptor_t) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyOpTensorDescriptor(
            opTensorDesc: cudnnOpTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnDestroyPersistentRNNPlan(
            plan: cudnnPersistentRNNPlan_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyPoolingDescriptor(
            poolingDesc: cudnnPoolingDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyRNNDataDescriptor(
            rnnDataDesc: cudnnRNNDataDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyRNNDescriptor(rnnDesc: cudnnRNNDescriptor_t) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyReduceTensorDescriptor(
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroySeqDataDescriptor(
            seqDataDesc: cudnnSeqDataDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroySpatialTransformerDescriptor(
            stDesc: cudnnSpatialTransformerDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyTensorDescriptor(
            tensorDesc: cudnnTensorDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDestroyTensorTransformDescriptor(
            transformDesc: cudnnTensorTransformDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDivisiveNormalizationBackward(
            handle: cudnnHandle_t,
            normDesc: cudnnLRNDescriptor_t,
            mode: cudnnDivNormMode_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            means: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            temp: *mut ::core::ffi::c_void,
            temp2: *mut ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dXdMeansDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            dMeans: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDivisiveNormalizationForward(
            handle: cudnnHandle_t,
            normDesc: cudnnLRNDescriptor_t,
            mode: cudnnDivNormMode_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            means: *const ::core::ffi::c_void,
            temp: *mut ::core::ffi::c_void,
            temp2: *mut ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDropoutBackward(
            handle: cudnnHandle_t,
            dropoutDesc: cudnnDropoutDescriptor_t,
            dydesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            dxdesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDropoutForward(
            handle: cudnnHandle_t,
            dropoutDesc: cudnnDropoutDescriptor_t,
            xdesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            ydesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDropoutGetReserveSpaceSize(
            xdesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnDropoutGetStatesSize(
            handle: cudnnHandle_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnFFTCausalConv1dBackward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            dx: *mut ::core::ffi::c_void,
            dweight: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnFFTCausalConv1dForward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            y: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionBackwardDataAlgorithm(
            handle: cudnnHandle_t,
            wDesc: cudnnFilterDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            dxDesc: cudnnTensorDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionBackwardDataAlgorithmEx(
            handle: cudnnHandle_t,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionBackwardFilterAlgorithm(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            dwDesc: cudnnFilterDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionBackwardFilterAlgorithmEx(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            dwDesc: cudnnFilterDescriptor_t,
            dw: *mut ::core::ffi::c_void,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionForwardAlgorithm(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            wDesc: cudnnFilterDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFindConvolutionForwardAlgorithmEx(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            convDesc: cudnnConvolutionDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnFindRNNBackwardDataAlgorithmEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: *const cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            dhyDesc: cudnnTensorDescriptor_t,
            dhy: *const ::core::ffi::c_void,
            dcyDesc: cudnnTensorDescriptor_t,
            dcy: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            dxDesc: *const cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            dhxDesc: cudnnTensorDescriptor_t,
            dhx: *mut ::core::ffi::c_void,
            dcxDesc: cudnnTensorDescriptor_t,
            dcx: *mut ::core::ffi::c_void,
            findIntensity: f32,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnAlgorithmPerformance_t,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnFindRNNBackwardWeightsAlgorithmEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            findIntensity: f32,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnAlgorithmPerformance_t,
            workspace: *const ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            dwDesc: cudnnFilterDescriptor_t,
            dw: *mut ::core::ffi::c_void,
            reserveSpace: *const ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnFindRNNForwardInferenceAlgorithmEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            findIntensity: f32,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnAlgorithmPerformance_t,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnFindRNNForwardTrainingAlgorithmEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            findIntensity: f32,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnAlgorithmPerformance_t,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnFusedOpsExecute(
            handle: cudnnHandle_t,
            plan: cudnnFusedOpsPlan_t,
            varPack: cudnnFusedOpsVariantParamPack_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetActivationDescriptor(
            activationDesc: cudnnActivationDescriptor_t,
            mode: *mut cudnnActivationMode_t,
            reluNanOpt: *mut cudnnNanPropagation_t,
            coef: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetActivationDescriptorSwishBeta(
            activationDesc: cudnnActivationDescriptor_t,
            swish_beta: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetAlgorithmDescriptor(
            algoDesc: cudnnAlgorithmDescriptor_t,
            algorithm: *mut cudnnAlgorithm_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetAlgorithmPerformance(
            algoPerf: cudnnAlgorithmPerformance_t,
            algoDesc: *mut cudnnAlgorithmDescriptor_t,
            status: *mut cudnnStatus_t,
            time: *mut f32,
            memory: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetAlgorithmSpaceSize(
            handle: cudnnHandle_t,
            algoDesc: cudnnAlgorithmDescriptor_t,
            algoSpaceSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetAttnDescriptor(
            attnDesc: cudnnAttnDescriptor_t,
            attnMode: *mut ::core::ffi::c_uint,
            nHeads: *mut ::core::ffi::c_int,
            smScaler: *mut f64,
            dataType: *mut cudnnDataType_t,
            computePrec: *mut cudnnDataType_t,
            mathType: *mut cudnnMathType_t,
            attnDropoutDesc: *mut cudnnDropoutDescriptor_t,
            postDropoutDesc: *mut cudnnDropoutDescriptor_t,
            qSize: *mut ::core::ffi::c_int,
            kSize: *mut ::core::ffi::c_int,
            vSize: *mut ::core::ffi::c_int,
            qProjSize: *mut ::core::ffi::c_int,
            kProjSize: *mut ::core::ffi::c_int,
            vProjSize: *mut ::core::ffi::c_int,
            oProjSize: *mut ::core::ffi::c_int,
            qoMaxSeqLength: *mut ::core::ffi::c_int,
            kvMaxSeqLength: *mut ::core::ffi::c_int,
            maxBatchSize: *mut ::core::ffi::c_int,
            maxBeamSize: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetBatchNormalizationBackwardExWorkspaceSize(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            bnOps: cudnnBatchNormOps_t,
            xDesc: cudnnTensorDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            dzDesc: cudnnTensorDescriptor_t,
            dxDesc: cudnnTensorDescriptor_t,
            dBnScaleBiasDesc: cudnnTensorDescriptor_t,
            activationDesc: cudnnActivationDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            bnOps: cudnnBatchNormOps_t,
            xDesc: cudnnTensorDescriptor_t,
            zDesc: cudnnTensorDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            bnScaleBiasMeanVarDesc: cudnnTensorDescriptor_t,
            activationDesc: cudnnActivationDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetBatchNormalizationTrainingExReserveSpaceSize(
            handle: cudnnHandle_t,
            mode: cudnnBatchNormMode_t,
            bnOps: cudnnBatchNormOps_t,
            activationDesc: cudnnActivationDescriptor_t,
            xDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossDescriptor(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: *mut cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossDescriptorEx(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: *mut cudnnDataType_t,
            normMode: *mut cudnnLossNormalizationMode_t,
            gradMode: *mut cudnnNanPropagation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossDescriptor_v8(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: *mut cudnnDataType_t,
            normMode: *mut cudnnLossNormalizationMode_t,
            gradMode: *mut cudnnNanPropagation_t,
            maxLabelLength: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossDescriptor_v9(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: *mut cudnnDataType_t,
            normMode: *mut cudnnLossNormalizationMode_t,
            ctcGradMode: *mut cudnnCTCGradMode_t,
            maxLabelLength: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossWorkspaceSize(
            handle: cudnnHandle_t,
            probsDesc: cudnnTensorDescriptor_t,
            gradientsDesc: cudnnTensorDescriptor_t,
            labels: *const ::core::ffi::c_int,
            labelLengths: *const ::core::ffi::c_int,
            inputLengths: *const ::core::ffi::c_int,
            algo: cudnnCTCLossAlgo_t,
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCTCLossWorkspaceSize_v8(
            handle: cudnnHandle_t,
            algo: cudnnCTCLossAlgo_t,
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            probsDesc: cudnnTensorDescriptor_t,
            gradientsDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCallback(
            mask: *mut ::core::ffi::c_uint,
            udata: *mut *mut ::core::ffi::c_void,
            fptr: *mut cudnnCallback_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolution2dDescriptor(
            convDesc: cudnnConvolutionDescriptor_t,
            pad_h: *mut ::core::ffi::c_int,
            pad_w: *mut ::core::ffi::c_int,
            u: *mut ::core::ffi::c_int,
            v: *mut ::core::ffi::c_int,
            dilation_h: *mut ::core::ffi::c_int,
            dilation_w: *mut ::core::ffi::c_int,
            mode: *mut cudnnConvolutionMode_t,
            computeType: *mut cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolution2dForwardOutputDim(
            convDesc: cudnnConvolutionDescriptor_t,
            inputTensorDesc: cudnnTensorDescriptor_t,
            filterDesc: cudnnFilterDescriptor_t,
            n: *mut ::core::ffi::c_int,
            c: *mut ::core::ffi::c_int,
            h: *mut ::core::ffi::c_int,
            w: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardDataAlgorithmMaxCount(
            handle: cudnnHandle_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardDataAlgorithm_v7(
            handle: cudnnHandle_t,
            filterDesc: cudnnFilterDescriptor_t,
            diffDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            gradDesc: cudnnTensorDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdDataAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardDataWorkspaceSize(
            handle: cudnnHandle_t,
            wDesc: cudnnFilterDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            dxDesc: cudnnTensorDescriptor_t,
            algo: cudnnConvolutionBwdDataAlgo_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardFilterAlgorithmMaxCount(
            handle: cudnnHandle_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardFilterAlgorithm_v7(
            handle: cudnnHandle_t,
            srcDesc: cudnnTensorDescriptor_t,
            diffDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            gradDesc: cudnnFilterDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionBwdFilterAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionBackwardFilterWorkspaceSize(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            gradDesc: cudnnFilterDescriptor_t,
            algo: cudnnConvolutionBwdFilterAlgo_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionForwardAlgorithmMaxCount(
            handle: cudnnHandle_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionForwardAlgorithm_v7(
            handle: cudnnHandle_t,
            srcDesc: cudnnTensorDescriptor_t,
            filterDesc: cudnnFilterDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            destDesc: cudnnTensorDescriptor_t,
            requestedAlgoCount: ::core::ffi::c_int,
            returnedAlgoCount: *mut ::core::ffi::c_int,
            perfResults: *mut cudnnConvolutionFwdAlgoPerf_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionForwardWorkspaceSize(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            wDesc: cudnnFilterDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            algo: cudnnConvolutionFwdAlgo_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionGroupCount(
            convDesc: cudnnConvolutionDescriptor_t,
            groupCount: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionMathType(
            convDesc: cudnnConvolutionDescriptor_t,
            mathType: *mut cudnnMathType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionNdDescriptor(
            convDesc: cudnnConvolutionDescriptor_t,
            arrayLengthRequested: ::core::ffi::c_int,
            arrayLength: *mut ::core::ffi::c_int,
            padA: *mut ::core::ffi::c_int,
            strideA: *mut ::core::ffi::c_int,
            dilationA: *mut ::core::ffi::c_int,
            mode: *mut cudnnConvolutionMode_t,
            computeType: *mut cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionNdForwardOutputDim(
            convDesc: cudnnConvolutionDescriptor_t,
            inputTensorDesc: cudnnTensorDescriptor_t,
            filterDesc: cudnnFilterDescriptor_t,
            nbDims: ::core::ffi::c_int,
            tensorOuputDimA: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetConvolutionReorderType(
            convDesc: cudnnConvolutionDescriptor_t,
            reorderType: *mut cudnnReorderType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetCudartVersion() -> usize;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetDropoutDescriptor(
            dropoutDesc: cudnnDropoutDescriptor_t,
            handle: cudnnHandle_t,
            dropout: *mut f32,
            states: *mut *mut ::core::ffi::c_void,
            seed: *mut ::core::ffi::c_ulonglong,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetErrorString(status: cudnnStatus_t) -> *const ::core::ffi::c_char;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGetExecutionPlanWorkspaceSize(
            handle: cudnnHandle_t,
            executionPlan: cudnnBackendDescriptor_t,
            variantPack: cudnnBackendDescriptor_t,
            workspaceSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFilter4dDescriptor(
            filterDesc: cudnnFilterDescriptor_t,
            dataType: *mut cudnnDataType_t,
            format: *mut cudnnTensorFormat_t,
            k: *mut ::core::ffi::c_int,
            c: *mut ::core::ffi::c_int,
            h: *mut ::core::ffi::c_int,
            w: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFilterNdDescriptor(
            filterDesc: cudnnFilterDescriptor_t,
            nbDimsRequested: ::core::ffi::c_int,
            dataType: *mut cudnnDataType_t,
            format: *mut cudnnTensorFormat_t,
            nbDims: *mut ::core::ffi::c_int,
            filterDimA: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFilterSizeInBytes(
            filterDesc: cudnnFilterDescriptor_t,
            size: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFoldedConvBackwardDataDescriptors(
            handle: cudnnHandle_t,
            filterDesc: cudnnFilterDescriptor_t,
            diffDesc: cudnnTensorDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            gradDesc: cudnnTensorDescriptor_t,
            transformFormat: cudnnTensorFormat_t,
            foldedFilterDesc: cudnnFilterDescriptor_t,
            paddedDiffDesc: cudnnTensorDescriptor_t,
            foldedConvDesc: cudnnConvolutionDescriptor_t,
            foldedGradDesc: cudnnTensorDescriptor_t,
            filterFoldTransDesc: cudnnTensorTransformDescriptor_t,
            diffPadTransDesc: cudnnTensorTransformDescriptor_t,
            gradFoldTransDesc: cudnnTensorTransformDescriptor_t,
            gradUnfoldTransDesc: cudnnTensorTransformDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFusedOpsConstParamPackAttribute(
            constPack: cudnnFusedOpsConstParamPack_t,
            paramLabel: cudnnFusedOpsConstParamLabel_t,
            param: *mut ::core::ffi::c_void,
            isNULL: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetFusedOpsVariantParamPackAttribute(
            varPack: cudnnFusedOpsVariantParamPack_t,
            paramLabel: cudnnFusedOpsVariantParamLabel_t,
            ptr: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetLRNDescriptor(
            normDesc: cudnnLRNDescriptor_t,
            lrnN: *mut ::core::ffi::c_uint,
            lrnAlpha: *mut f64,
            lrnBeta: *mut f64,
            lrnK: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGetLastErrorString(
            message: *mut ::core::ffi::c_char,
            max_size: usize,
        );
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetMaxDeviceVersion() -> usize;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetMultiHeadAttnBuffers(
            handle: cudnnHandle_t,
            attnDesc: cudnnAttnDescriptor_t,
            weightSizeInBytes: *mut usize,
            workSpaceSizeInBytes: *mut usize,
            reserveSpaceSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetMultiHeadAttnWeights(
            handle: cudnnHandle_t,
            attnDesc: cudnnAttnDescriptor_t,
            wKind: cudnnMultiHeadAttnWeightKind_t,
            weightSizeInBytes: usize,
            weights: *const ::core::ffi::c_void,
            wDesc: cudnnTensorDescriptor_t,
            wAddr: *mut *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetNormalizationBackwardWorkspaceSize(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            xDesc: cudnnTensorDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            dyDesc: cudnnTensorDescriptor_t,
            dzDesc: cudnnTensorDescriptor_t,
            dxDesc: cudnnTensorDescriptor_t,
            dNormScaleBiasDesc: cudnnTensorDescriptor_t,
            activationDesc: cudnnActivationDescriptor_t,
            normMeanVarDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetNormalizationForwardTrainingWorkspaceSize(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            xDesc: cudnnTensorDescriptor_t,
            zDesc: cudnnTensorDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            normScaleBiasDesc: cudnnTensorDescriptor_t,
            activationDesc: cudnnActivationDescriptor_t,
            normMeanVarDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetNormalizationTrainingReserveSpaceSize(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            activationDesc: cudnnActivationDescriptor_t,
            xDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetOpTensorDescriptor(
            opTensorDesc: cudnnOpTensorDescriptor_t,
            opTensorOp: *mut cudnnOpTensorOp_t,
            opTensorCompType: *mut cudnnDataType_t,
            opTensorNanOpt: *mut cudnnNanPropagation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetPooling2dDescriptor(
            poolingDesc: cudnnPoolingDescriptor_t,
            mode: *mut cudnnPoolingMode_t,
            maxpoolingNanOpt: *mut cudnnNanPropagation_t,
            windowHeight: *mut ::core::ffi::c_int,
            windowWidth: *mut ::core::ffi::c_int,
            verticalPadding: *mut ::core::ffi::c_int,
            horizontalPadding: *mut ::core::ffi::c_int,
            verticalStride: *mut ::core::ffi::c_int,
            horizontalStride: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetPooling2dForwardOutputDim(
            poolingDesc: cudnnPoolingDescriptor_t,
            inputTensorDesc: cudnnTensorDescriptor_t,
            n: *mut ::core::ffi::c_int,
            c: *mut ::core::ffi::c_int,
            h: *mut ::core::ffi::c_int,
            w: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetPoolingNdDescriptor(
            poolingDesc: cudnnPoolingDescriptor_t,
            nbDimsRequested: ::core::ffi::c_int,
            mode: *mut cudnnPoolingMode_t,
            maxpoolingNanOpt: *mut cudnnNanPropagation_t,
            nbDims: *mut ::core::ffi::c_int,
            windowDimA: *mut ::core::ffi::c_int,
            paddingA: *mut ::core::ffi::c_int,
            strideA: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetPoolingNdForwardOutputDim(
            poolingDesc: cudnnPoolingDescriptor_t,
            inputTensorDesc: cudnnTensorDescriptor_t,
            nbDims: ::core::ffi::c_int,
            outputTensorDimA: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetProperty(
            type_: libraryPropertyType,
            value: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNBackwardDataAlgorithmMaxCount(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNBackwardWeightsAlgorithmMaxCount(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNBiasMode(
            rnnDesc: cudnnRNNDescriptor_t,
            biasMode: *mut cudnnRNNBiasMode_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetRNNDataDescriptor(
            rnnDataDesc: cudnnRNNDataDescriptor_t,
            dataType: *mut cudnnDataType_t,
            layout: *mut cudnnRNNDataLayout_t,
            maxSeqLength: *mut ::core::ffi::c_int,
            batchSize: *mut ::core::ffi::c_int,
            vectorSize: *mut ::core::ffi::c_int,
            arrayLengthRequested: ::core::ffi::c_int,
            seqLengthArray: *mut ::core::ffi::c_int,
            paddingFill: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNDescriptor_v6(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            hiddenSize: *mut ::core::ffi::c_int,
            numLayers: *mut ::core::ffi::c_int,
            dropoutDesc: *mut cudnnDropoutDescriptor_t,
            inputMode: *mut cudnnRNNInputMode_t,
            direction: *mut cudnnDirectionMode_t,
            cellMode: *mut cudnnRNNMode_t,
            algo: *mut cudnnRNNAlgo_t,
            mathPrec: *mut cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetRNNDescriptor_v8(
            rnnDesc: cudnnRNNDescriptor_t,
            algo: *mut cudnnRNNAlgo_t,
            cellMode: *mut cudnnRNNMode_t,
            biasMode: *mut cudnnRNNBiasMode_t,
            dirMode: *mut cudnnDirectionMode_t,
            inputMode: *mut cudnnRNNInputMode_t,
            dataType: *mut cudnnDataType_t,
            mathPrec: *mut cudnnDataType_t,
            mathType: *mut cudnnMathType_t,
            inputSize: *mut i32,
            hiddenSize: *mut i32,
            projSize: *mut i32,
            numLayers: *mut i32,
            dropoutDesc: *mut cudnnDropoutDescriptor_t,
            auxFlags: *mut u32,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNForwardInferenceAlgorithmMaxCount(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNForwardTrainingAlgorithmMaxCount(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            count: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNLinLayerBiasParams(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            pseudoLayer: ::core::ffi::c_int,
            xDesc: cudnnTensorDescriptor_t,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            linLayerID: ::core::ffi::c_int,
            linLayerBiasDesc: cudnnFilterDescriptor_t,
            linLayerBias: *mut *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNLinLayerMatrixParams(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            pseudoLayer: ::core::ffi::c_int,
            xDesc: cudnnTensorDescriptor_t,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            linLayerID: ::core::ffi::c_int,
            linLayerMatDesc: cudnnFilterDescriptor_t,
            linLayerMat: *mut *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNMatrixMathType(
            rnnDesc: cudnnRNNDescriptor_t,
            mType: *mut cudnnMathType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNPaddingMode(
            rnnDesc: cudnnRNNDescriptor_t,
            paddingMode: *mut ::core::ffi::c_uint,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNParamsSize(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            xDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNProjectionLayers(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            recProjSize: *mut ::core::ffi::c_int,
            outProjSize: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetRNNTempSpaceSizes(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            fwdMode: cudnnForwardMode_t,
            xDesc: cudnnRNNDataDescriptor_t,
            workSpaceSize: *mut usize,
            reserveSpaceSize: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNTrainingReserveSize(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetRNNWeightParams(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            pseudoLayer: i32,
            weightSpaceSize: usize,
            weightSpace: *const ::core::ffi::c_void,
            linLayerID: i32,
            mDesc: cudnnTensorDescriptor_t,
            mAddr: *mut *mut ::core::ffi::c_void,
            bDesc: cudnnTensorDescriptor_t,
            bAddr: *mut *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetRNNWeightSpaceSize(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            weightSpaceSize: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnGetRNNWorkspaceSize(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetReduceTensorDescriptor(
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
            reduceTensorOp: *mut cudnnReduceTensorOp_t,
            reduceTensorCompType: *mut cudnnDataType_t,
            reduceTensorNanOpt: *mut cudnnNanPropagation_t,
            reduceTensorIndices: *mut cudnnReduceTensorIndices_t,
            reduceTensorIndicesType: *mut cudnnIndicesType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetReductionIndicesSize(
            handle: cudnnHandle_t,
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
            aDesc: cudnnTensorDescriptor_t,
            cDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetReductionWorkspaceSize(
            handle: cudnnHandle_t,
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
            aDesc: cudnnTensorDescriptor_t,
            cDesc: cudnnTensorDescriptor_t,
            sizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetSeqDataDescriptor(
            seqDataDesc: cudnnSeqDataDescriptor_t,
            dataType: *mut cudnnDataType_t,
            nbDims: *mut ::core::ffi::c_int,
            nbDimsRequested: ::core::ffi::c_int,
            dimA: *mut ::core::ffi::c_int,
            axes: *mut cudnnSeqDataAxis_t,
            seqLengthArraySize: *mut usize,
            seqLengthSizeRequested: usize,
            seqLengthArray: *mut ::core::ffi::c_int,
            paddingFill: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetStream(
            handle: cudnnHandle_t,
            streamId: *mut cudaStream_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetTensor4dDescriptor(
            tensorDesc: cudnnTensorDescriptor_t,
            dataType: *mut cudnnDataType_t,
            n: *mut ::core::ffi::c_int,
            c: *mut ::core::ffi::c_int,
            h: *mut ::core::ffi::c_int,
            w: *mut ::core::ffi::c_int,
            nStride: *mut ::core::ffi::c_int,
            cStride: *mut ::core::ffi::c_int,
            hStride: *mut ::core::ffi::c_int,
            wStride: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetTensorNdDescriptor(
            tensorDesc: cudnnTensorDescriptor_t,
            nbDimsRequested: ::core::ffi::c_int,
            dataType: *mut cudnnDataType_t,
            nbDims: *mut ::core::ffi::c_int,
            dimA: *mut ::core::ffi::c_int,
            strideA: *mut ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetTensorSizeInBytes(
            tensorDesc: cudnnTensorDescriptor_t,
            size: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetTensorTransformDescriptor(
            transformDesc: cudnnTensorTransformDescriptor_t,
            nbDimsRequested: u32,
            destFormat: *mut cudnnTensorFormat_t,
            padBeforeA: *mut i32,
            padAfterA: *mut i32,
            foldA: *mut u32,
            direction: *mut cudnnFoldingDirection_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnGetVersion() -> usize;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnAggSimpleBackward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            gradOutput: *const ::core::ffi::c_void,
            outPositions: *const ::core::ffi::c_void,
            gradNodeFeatures: *mut ::core::ffi::c_void,
            gradEdgeFeatures: *mut ::core::ffi::c_void,
            gradConcatFeatures: *mut ::core::ffi::c_void,
            nodeFeatDim: ::core::ffi::c_int,
            edgeFeatDim: ::core::ffi::c_int,
            concatFeatDim: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            aggOp: cudnnGnnAggOp_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnAggSimpleForward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            nodeFeatures: *const ::core::ffi::c_void,
            edgeFeatures: *const ::core::ffi::c_void,
            concatFeatures: *const ::core::ffi::c_void,
            output: *mut ::core::ffi::c_void,
            outPositions: *mut ::core::ffi::c_void,
            nodeFeatDim: ::core::ffi::c_int,
            edgeFeatDim: ::core::ffi::c_int,
            concatFeatDim: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            aggOp: cudnnGnnAggOp_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnMhaGatBackward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            gradOut: *const ::core::ffi::c_void,
            srcFeatures: *const ::core::ffi::c_void,
            dstFeatures: *const ::core::ffi::c_void,
            edgeFeatures: *const ::core::ffi::c_void,
            attnWeights: *const ::core::ffi::c_void,
            smScores: *const ::core::ffi::c_void,
            dropoutMask: *const f32,
            gradAttention: *const f32,
            gradSrcFeatures: *mut ::core::ffi::c_void,
            gradDstFeatures: *mut ::core::ffi::c_void,
            gradEdgeFeatures: *mut ::core::ffi::c_void,
            gradWeights: *mut ::core::ffi::c_void,
            gradSmScores: *mut ::core::ffi::c_void,
            gradWspaceFeat: *mut ::core::ffi::c_void,
            gradWspaceWeights: *mut ::core::ffi::c_void,
            dimNode: ::core::ffi::c_int,
            dimEdge: ::core::ffi::c_int,
            params: *const cudnnGnnMhaParams_t,
            dataType: cudnnDataType_t,
            gradDataType: cudnnDataType_t,
            gradWeightType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnMhaGatForward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            srcFeatures: *const ::core::ffi::c_void,
            dstFeatures: *const ::core::ffi::c_void,
            edgeFeatures: *const ::core::ffi::c_void,
            attnWeights: *const ::core::ffi::c_void,
            dropoutMask: *const f32,
            output: *mut ::core::ffi::c_void,
            smScores: *mut ::core::ffi::c_void,
            dimNode: ::core::ffi::c_int,
            dimEdge: ::core::ffi::c_int,
            params: *const cudnnGnnMhaParams_t,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnMhaGatV2Backward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            gradOut: *const ::core::ffi::c_void,
            srcFeatures: *const ::core::ffi::c_void,
            dstFeatures: *const ::core::ffi::c_void,
            edgeFeatures: *const ::core::ffi::c_void,
            attnWeights: *const ::core::ffi::c_void,
            smScores: *const ::core::ffi::c_void,
            actScores: *const ::core::ffi::c_void,
            dropoutMask: *const f32,
            gradAttention: *const f32,
            gradSrcFeatures: *mut ::core::ffi::c_void,
            gradDstFeatures: *mut ::core::ffi::c_void,
            gradEdgeFeatures: *mut ::core::ffi::c_void,
            gradWeights: *mut ::core::ffi::c_void,
            gradSmScores: *mut ::core::ffi::c_void,
            gradWspaceFeat: *mut ::core::ffi::c_void,
            gradWspaceWeights: *mut ::core::ffi::c_void,
            dimNode: ::core::ffi::c_int,
            params: *const cudnnGnnMhaParams_t,
            dataType: cudnnDataType_t,
            gradType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGnnMhaGatV2Forward(
            stream: cudaStream_t,
            graph: *const cudnnGnnCscGraph_t,
            srcFeatures: *const ::core::ffi::c_void,
            dstFeatures: *const ::core::ffi::c_void,
            edgeFeatures: *const ::core::ffi::c_void,
            attnWeights: *const ::core::ffi::c_void,
            dropoutMask: *const f32,
            output: *mut ::core::ffi::c_void,
            smScores: *mut ::core::ffi::c_void,
            actScores: *mut ::core::ffi::c_void,
            dimNode: ::core::ffi::c_int,
            params: *const cudnnGnnMhaParams_t,
            dataType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnGraphVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnIm2Col(
            handle: cudnnHandle_t,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            convDesc: cudnnConvolutionDescriptor_t,
            colBuffer: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnInitTransformDest(
            transformDesc: cudnnTensorTransformDescriptor_t,
            srcDesc: cudnnTensorDescriptor_t,
            destDesc: cudnnTensorDescriptor_t,
            destSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnLRNCrossChannelBackward(
            handle: cudnnHandle_t,
            normDesc: cudnnLRNDescriptor_t,
            lrnMode: cudnnLRNMode_t,
            alpha: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnLRNCrossChannelForward(
            handle: cudnnHandle_t,
            normDesc: cudnnLRNDescriptor_t,
            lrnMode: cudnnLRNMode_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnLongFFTCausalConv1dBackward(
            stream: cudaStream_t,
            dy: *const ::core::ffi::c_void,
            dx: *mut ::core::ffi::c_void,
            dweight: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            workspace: *mut ::core::ffi::c_void,
            workspaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnLongFFTCausalConv1dForward(
            stream: cudaStream_t,
            x: *const ::core::ffi::c_void,
            weight: *const ::core::ffi::c_void,
            y: *mut ::core::ffi::c_void,
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            workspace: *mut ::core::ffi::c_void,
            workspaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnLongFFTCausalConv1dGetBufferSizes(
            batch: ::core::ffi::c_int,
            dim: ::core::ffi::c_int,
            seqLen: ::core::ffi::c_int,
            kernelSize: ::core::ffi::c_int,
            dataType: cudnnDataType_t,
            workspaceSizeInBytes: *mut usize,
            reserveSpaceSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnMakeFusedOpsPlan(
            handle: cudnnHandle_t,
            plan: cudnnFusedOpsPlan_t,
            constPack: cudnnFusedOpsConstParamPack_t,
            workspaceSizeInBytes: *mut usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnMultiHeadAttnBackwardData(
            handle: cudnnHandle_t,
            attnDesc: cudnnAttnDescriptor_t,
            loWinIdx: *const ::core::ffi::c_int,
            hiWinIdx: *const ::core::ffi::c_int,
            devSeqLengthsDQDO: *const ::core::ffi::c_int,
            devSeqLengthsDKDV: *const ::core::ffi::c_int,
            doDesc: cudnnSeqDataDescriptor_t,
            dout: *const ::core::ffi::c_void,
            dqDesc: cudnnSeqDataDescriptor_t,
            dqueries: *mut ::core::ffi::c_void,
            queries: *const ::core::ffi::c_void,
            dkDesc: cudnnSeqDataDescriptor_t,
            dkeys: *mut ::core::ffi::c_void,
            keys: *const ::core::ffi::c_void,
            dvDesc: cudnnSeqDataDescriptor_t,
            dvalues: *mut ::core::ffi::c_void,
            values: *const ::core::ffi::c_void,
            weightSizeInBytes: usize,
            weights: *const ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnMultiHeadAttnBackwardWeights(
            handle: cudnnHandle_t,
            attnDesc: cudnnAttnDescriptor_t,
            addGrad: cudnnWgradMode_t,
            qDesc: cudnnSeqDataDescriptor_t,
            queries: *const ::core::ffi::c_void,
            kDesc: cudnnSeqDataDescriptor_t,
            keys: *const ::core::ffi::c_void,
            vDesc: cudnnSeqDataDescriptor_t,
            values: *const ::core::ffi::c_void,
            doDesc: cudnnSeqDataDescriptor_t,
            dout: *const ::core::ffi::c_void,
            weightSizeInBytes: usize,
            weights: *const ::core::ffi::c_void,
            dweights: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnMultiHeadAttnForward(
            handle: cudnnHandle_t,
            attnDesc: cudnnAttnDescriptor_t,
            currIdx: ::core::ffi::c_int,
            loWinIdx: *const ::core::ffi::c_int,
            hiWinIdx: *const ::core::ffi::c_int,
            devSeqLengthsQO: *const ::core::ffi::c_int,
            devSeqLengthsKV: *const ::core::ffi::c_int,
            qDesc: cudnnSeqDataDescriptor_t,
            queries: *const ::core::ffi::c_void,
            residuals: *const ::core::ffi::c_void,
            kDesc: cudnnSeqDataDescriptor_t,
            keys: *const ::core::ffi::c_void,
            vDesc: cudnnSeqDataDescriptor_t,
            values: *const ::core::ffi::c_void,
            oDesc: cudnnSeqDataDescriptor_t,
            out: *mut ::core::ffi::c_void,
            weightSizeInBytes: usize,
            weights: *const ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnNormalizationBackward(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            alphaDataDiff: *const ::core::ffi::c_void,
            betaDataDiff: *const ::core::ffi::c_void,
            alphaParamDiff: *const ::core::ffi::c_void,
            betaParamDiff: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            xData: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            yData: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dyData: *const ::core::ffi::c_void,
            dzDesc: cudnnTensorDescriptor_t,
            dzData: *mut ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dxData: *mut ::core::ffi::c_void,
            dNormScaleBiasDesc: cudnnTensorDescriptor_t,
            normScaleData: *const ::core::ffi::c_void,
            normBiasData: *const ::core::ffi::c_void,
            dNormScaleData: *mut ::core::ffi::c_void,
            dNormBiasData: *mut ::core::ffi::c_void,
            epsilon: f64,
            normMeanVarDesc: cudnnTensorDescriptor_t,
            savedMean: *const ::core::ffi::c_void,
            savedInvVariance: *const ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnNormalizationForwardInference(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            alpha: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            normScaleBiasDesc: cudnnTensorDescriptor_t,
            normScale: *const ::core::ffi::c_void,
            normBias: *const ::core::ffi::c_void,
            normMeanVarDesc: cudnnTensorDescriptor_t,
            estimatedMean: *const ::core::ffi::c_void,
            estimatedVariance: *const ::core::ffi::c_void,
            zDesc: cudnnTensorDescriptor_t,
            z: *const ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            epsilon: f64,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnNormalizationForwardTraining(
            handle: cudnnHandle_t,
            mode: cudnnNormMode_t,
            normOps: cudnnNormOps_t,
            algo: cudnnNormAlgo_t,
            alpha: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            xData: *const ::core::ffi::c_void,
            normScaleBiasDesc: cudnnTensorDescriptor_t,
            normScale: *const ::core::ffi::c_void,
            normBias: *const ::core::ffi::c_void,
            exponentialAverageFactor: f64,
            normMeanVarDesc: cudnnTensorDescriptor_t,
            resultRunningMean: *mut ::core::ffi::c_void,
            resultRunningVariance: *mut ::core::ffi::c_void,
            epsilon: f64,
            resultSaveMean: *mut ::core::ffi::c_void,
            resultSaveInvVariance: *mut ::core::ffi::c_void,
            activationDesc: cudnnActivationDescriptor_t,
            zDesc: cudnnTensorDescriptor_t,
            zData: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            yData: *mut ::core::ffi::c_void,
            workspace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
            groupCnt: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnOpTensor(
            handle: cudnnHandle_t,
            opTensorDesc: cudnnOpTensorDescriptor_t,
            alpha1: *const ::core::ffi::c_void,
            aDesc: cudnnTensorDescriptor_t,
            A: *const ::core::ffi::c_void,
            alpha2: *const ::core::ffi::c_void,
            bDesc: cudnnTensorDescriptor_t,
            B: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            cDesc: cudnnTensorDescriptor_t,
            C: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnOpsInferVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnOpsTrainVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnOpsVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnPoolingBackward(
            handle: cudnnHandle_t,
            poolingDesc: cudnnPoolingDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnPoolingForward(
            handle: cudnnHandle_t,
            poolingDesc: cudnnPoolingDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnQueryRuntimeError(
            handle: cudnnHandle_t,
            rstatus: *mut cudnnStatus_t,
            mode: cudnnErrQueryMode_t,
            tag: *mut cudnnRuntimeTag_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNBackwardData(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: *const cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            dhyDesc: cudnnTensorDescriptor_t,
            dhy: *const ::core::ffi::c_void,
            dcyDesc: cudnnTensorDescriptor_t,
            dcy: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            dxDesc: *const cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            dhxDesc: cudnnTensorDescriptor_t,
            dhx: *mut ::core::ffi::c_void,
            dcxDesc: cudnnTensorDescriptor_t,
            dcx: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNBackwardDataEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: cudnnRNNDataDescriptor_t,
            dy: *const ::core::ffi::c_void,
            dcDesc: cudnnRNNDataDescriptor_t,
            dcAttn: *const ::core::ffi::c_void,
            dhyDesc: cudnnTensorDescriptor_t,
            dhy: *const ::core::ffi::c_void,
            dcyDesc: cudnnTensorDescriptor_t,
            dcy: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            dxDesc: cudnnRNNDataDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            dhxDesc: cudnnTensorDescriptor_t,
            dhx: *mut ::core::ffi::c_void,
            dcxDesc: cudnnTensorDescriptor_t,
            dcx: *mut ::core::ffi::c_void,
            dkDesc: cudnnRNNDataDescriptor_t,
            dkeys: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRNNBackwardData_v8(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            devSeqLengths: *const i32,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *const ::core::ffi::c_void,
            dy: *const ::core::ffi::c_void,
            xDesc: cudnnRNNDataDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            hDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            dhy: *const ::core::ffi::c_void,
            dhx: *mut ::core::ffi::c_void,
            cDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            dcy: *const ::core::ffi::c_void,
            dcx: *mut ::core::ffi::c_void,
            weightSpaceSize: usize,
            weightSpace: *const ::core::ffi::c_void,
            workSpaceSize: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSize: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNBackwardWeights(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            workSpace: *const ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            dwDesc: cudnnFilterDescriptor_t,
            dw: *mut ::core::ffi::c_void,
            reserveSpace: *const ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNBackwardWeightsEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            xDesc: cudnnRNNDataDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *const ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            dwDesc: cudnnFilterDescriptor_t,
            dw: *mut ::core::ffi::c_void,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRNNBackwardWeights_v8(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            addGrad: cudnnWgradMode_t,
            devSeqLengths: *const i32,
            xDesc: cudnnRNNDataDescriptor_t,
            x: *const ::core::ffi::c_void,
            hDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *const ::core::ffi::c_void,
            weightSpaceSize: usize,
            dweightSpace: *mut ::core::ffi::c_void,
            workSpaceSize: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSize: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRNNForward(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            fwdMode: cudnnForwardMode_t,
            devSeqLengths: *const i32,
            xDesc: cudnnRNNDataDescriptor_t,
            x: *const ::core::ffi::c_void,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            hy: *mut ::core::ffi::c_void,
            cDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            cy: *mut ::core::ffi::c_void,
            weightSpaceSize: usize,
            weightSpace: *const ::core::ffi::c_void,
            workSpaceSize: usize,
            workSpace: *mut ::core::ffi::c_void,
            reserveSpaceSize: usize,
            reserveSpace: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNForwardInference(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNForwardInferenceEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            xDesc: cudnnRNNDataDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            kDesc: cudnnRNNDataDescriptor_t,
            keys: *const ::core::ffi::c_void,
            cDesc: cudnnRNNDataDescriptor_t,
            cAttn: *mut ::core::ffi::c_void,
            iDesc: cudnnRNNDataDescriptor_t,
            iAttn: *mut ::core::ffi::c_void,
            qDesc: cudnnRNNDataDescriptor_t,
            queries: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNForwardTraining(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            seqLength: ::core::ffi::c_int,
            xDesc: *const cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: *const cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNForwardTrainingEx(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            xDesc: cudnnRNNDataDescriptor_t,
            x: *const ::core::ffi::c_void,
            hxDesc: cudnnTensorDescriptor_t,
            hx: *const ::core::ffi::c_void,
            cxDesc: cudnnTensorDescriptor_t,
            cx: *const ::core::ffi::c_void,
            wDesc: cudnnFilterDescriptor_t,
            w: *const ::core::ffi::c_void,
            yDesc: cudnnRNNDataDescriptor_t,
            y: *mut ::core::ffi::c_void,
            hyDesc: cudnnTensorDescriptor_t,
            hy: *mut ::core::ffi::c_void,
            cyDesc: cudnnTensorDescriptor_t,
            cy: *mut ::core::ffi::c_void,
            kDesc: cudnnRNNDataDescriptor_t,
            keys: *const ::core::ffi::c_void,
            cDesc: cudnnRNNDataDescriptor_t,
            cAttn: *mut ::core::ffi::c_void,
            iDesc: cudnnRNNDataDescriptor_t,
            iAttn: *mut ::core::ffi::c_void,
            qDesc: cudnnRNNDataDescriptor_t,
            queries: *mut ::core::ffi::c_void,
            workSpace: *mut ::core::ffi::c_void,
            workSpaceSizeInBytes: usize,
            reserveSpace: *mut ::core::ffi::c_void,
            reserveSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNGetClip(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: *mut cudnnRNNClipMode_t,
            clipNanOpt: *mut cudnnNanPropagation_t,
            lclip: *mut f64,
            rclip: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRNNGetClip_v8(
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: *mut cudnnRNNClipMode_t,
            clipNanOpt: *mut cudnnNanPropagation_t,
            lclip: *mut f64,
            rclip: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnRNNGetClip_v9(
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: *mut cudnnRNNClipMode_t,
            lclip: *mut f64,
            rclip: *mut f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRNNSetClip(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: cudnnRNNClipMode_t,
            clipNanOpt: cudnnNanPropagation_t,
            lclip: f64,
            rclip: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRNNSetClip_v8(
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: cudnnRNNClipMode_t,
            clipNanOpt: cudnnNanPropagation_t,
            lclip: f64,
            rclip: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnRNNSetClip_v9(
            rnnDesc: cudnnRNNDescriptor_t,
            clipMode: cudnnRNNClipMode_t,
            lclip: f64,
            rclip: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnReduceTensor(
            handle: cudnnHandle_t,
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
            indices: *mut ::core::ffi::c_void,
            indicesSizeInBytes: usize,
            workspace: *mut ::core::ffi::c_void,
            workspaceSizeInBytes: usize,
            alpha: *const ::core::ffi::c_void,
            aDesc: cudnnTensorDescriptor_t,
            A: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            cDesc: cudnnTensorDescriptor_t,
            C: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnReorderFilterAndBias(
            handle: cudnnHandle_t,
            filterDesc: cudnnFilterDescriptor_t,
            reorderType: cudnnReorderType_t,
            filterData: *const ::core::ffi::c_void,
            reorderedFilterData: *mut ::core::ffi::c_void,
            reorderBias: ::core::ffi::c_int,
            biasData: *const ::core::ffi::c_void,
            reorderedBiasData: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnRestoreAlgorithm(
            handle: cudnnHandle_t,
            algoSpace: *mut ::core::ffi::c_void,
            algoSpaceSizeInBytes: usize,
            algoDesc: cudnnAlgorithmDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnRestoreDropoutDescriptor(
            dropoutDesc: cudnnDropoutDescriptor_t,
            handle: cudnnHandle_t,
            dropout: f32,
            states: *mut ::core::ffi::c_void,
            stateSizeInBytes: usize,
            seed: ::core::ffi::c_ulonglong,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSaveAlgorithm(
            handle: cudnnHandle_t,
            algoDesc: cudnnAlgorithmDescriptor_t,
            algoSpace: *mut ::core::ffi::c_void,
            algoSpaceSizeInBytes: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnScaleTensor(
            handle: cudnnHandle_t,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            alpha: *const ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetActivationDescriptor(
            activationDesc: cudnnActivationDescriptor_t,
            mode: cudnnActivationMode_t,
            reluNanOpt: cudnnNanPropagation_t,
            coef: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetActivationDescriptorSwishBeta(
            activationDesc: cudnnActivationDescriptor_t,
            swish_beta: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetAlgorithmDescriptor(
            algoDesc: cudnnAlgorithmDescriptor_t,
            algorithm: cudnnAlgorithm_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetAlgorithmPerformance(
            algoPerf: cudnnAlgorithmPerformance_t,
            algoDesc: cudnnAlgorithmDescriptor_t,
            status: cudnnStatus_t,
            time: f32,
            memory: usize,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetAttnDescriptor(
            attnDesc: cudnnAttnDescriptor_t,
            attnMode: ::core::ffi::c_uint,
            nHeads: ::core::ffi::c_int,
            smScaler: f64,
            dataType: cudnnDataType_t,
            computePrec: cudnnDataType_t,
            mathType: cudnnMathType_t,
            attnDropoutDesc: cudnnDropoutDescriptor_t,
            postDropoutDesc: cudnnDropoutDescriptor_t,
            qSize: ::core::ffi::c_int,
            kSize: ::core::ffi::c_int,
            vSize: ::core::ffi::c_int,
            qProjSize: ::core::ffi::c_int,
            kProjSize: ::core::ffi::c_int,
            vProjSize: ::core::ffi::c_int,
            oProjSize: ::core::ffi::c_int,
            qoMaxSeqLength: ::core::ffi::c_int,
            kvMaxSeqLength: ::core::ffi::c_int,
            maxBatchSize: ::core::ffi::c_int,
            maxBeamSize: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetCTCLossDescriptor(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetCTCLossDescriptorEx(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: cudnnDataType_t,
            normMode: cudnnLossNormalizationMode_t,
            gradMode: cudnnNanPropagation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetCTCLossDescriptor_v8(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: cudnnDataType_t,
            normMode: cudnnLossNormalizationMode_t,
            gradMode: cudnnNanPropagation_t,
            maxLabelLength: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnSetCTCLossDescriptor_v9(
            ctcLossDesc: cudnnCTCLossDescriptor_t,
            compType: cudnnDataType_t,
            normMode: cudnnLossNormalizationMode_t,
            ctcGradMode: cudnnCTCGradMode_t,
            maxLabelLength: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetCallback(
            mask: ::core::ffi::c_uint,
            udata: *mut ::core::ffi::c_void,
            fptr: cudnnCallback_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetConvolution2dDescriptor(
            convDesc: cudnnConvolutionDescriptor_t,
            pad_h: ::core::ffi::c_int,
            pad_w: ::core::ffi::c_int,
            u: ::core::ffi::c_int,
            v: ::core::ffi::c_int,
            dilation_h: ::core::ffi::c_int,
            dilation_w: ::core::ffi::c_int,
            mode: cudnnConvolutionMode_t,
            computeType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetConvolutionGroupCount(
            convDesc: cudnnConvolutionDescriptor_t,
            groupCount: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetConvolutionMathType(
            convDesc: cudnnConvolutionDescriptor_t,
            mathType: cudnnMathType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetConvolutionNdDescriptor(
            convDesc: cudnnConvolutionDescriptor_t,
            arrayLength: ::core::ffi::c_int,
            padA: *const ::core::ffi::c_int,
            filterStrideA: *const ::core::ffi::c_int,
            dilationA: *const ::core::ffi::c_int,
            mode: cudnnConvolutionMode_t,
            computeType: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetConvolutionReorderType(
            convDesc: cudnnConvolutionDescriptor_t,
            reorderType: cudnnReorderType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetDropoutDescriptor(
            dropoutDesc: cudnnDropoutDescriptor_t,
            handle: cudnnHandle_t,
            dropout: f32,
            states: *mut ::core::ffi::c_void,
            stateSizeInBytes: usize,
            seed: ::core::ffi::c_ulonglong,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetFilter4dDescriptor(
            filterDesc: cudnnFilterDescriptor_t,
            dataType: cudnnDataType_t,
            format: cudnnTensorFormat_t,
            k: ::core::ffi::c_int,
            c: ::core::ffi::c_int,
            h: ::core::ffi::c_int,
            w: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetFilterNdDescriptor(
            filterDesc: cudnnFilterDescriptor_t,
            dataType: cudnnDataType_t,
            format: cudnnTensorFormat_t,
            nbDims: ::core::ffi::c_int,
            filterDimA: *const ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetFusedOpsConstParamPackAttribute(
            constPack: cudnnFusedOpsConstParamPack_t,
            paramLabel: cudnnFusedOpsConstParamLabel_t,
            param: *const ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetFusedOpsVariantParamPackAttribute(
            varPack: cudnnFusedOpsVariantParamPack_t,
            paramLabel: cudnnFusedOpsVariantParamLabel_t,
            ptr: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetLRNDescriptor(
            normDesc: cudnnLRNDescriptor_t,
            lrnN: ::core::ffi::c_uint,
            lrnAlpha: f64,
            lrnBeta: f64,
            lrnK: f64,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetOpTensorDescriptor(
            opTensorDesc: cudnnOpTensorDescriptor_t,
            opTensorOp: cudnnOpTensorOp_t,
            opTensorCompType: cudnnDataType_t,
            opTensorNanOpt: cudnnNanPropagation_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetPersistentRNNPlan(
            rnnDesc: cudnnRNNDescriptor_t,
            plan: cudnnPersistentRNNPlan_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetPooling2dDescriptor(
            poolingDesc: cudnnPoolingDescriptor_t,
            mode: cudnnPoolingMode_t,
            maxpoolingNanOpt: cudnnNanPropagation_t,
            windowHeight: ::core::ffi::c_int,
            windowWidth: ::core::ffi::c_int,
            verticalPadding: ::core::ffi::c_int,
            horizontalPadding: ::core::ffi::c_int,
            verticalStride: ::core::ffi::c_int,
            horizontalStride: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetPoolingNdDescriptor(
            poolingDesc: cudnnPoolingDescriptor_t,
            mode: cudnnPoolingMode_t,
            maxpoolingNanOpt: cudnnNanPropagation_t,
            nbDims: ::core::ffi::c_int,
            windowDimA: *const ::core::ffi::c_int,
            paddingA: *const ::core::ffi::c_int,
            strideA: *const ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNAlgorithmDescriptor(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            algoDesc: cudnnAlgorithmDescriptor_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNBiasMode(
            rnnDesc: cudnnRNNDescriptor_t,
            biasMode: cudnnRNNBiasMode_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetRNNDataDescriptor(
            rnnDataDesc: cudnnRNNDataDescriptor_t,
            dataType: cudnnDataType_t,
            layout: cudnnRNNDataLayout_t,
            maxSeqLength: ::core::ffi::c_int,
            batchSize: ::core::ffi::c_int,
            vectorSize: ::core::ffi::c_int,
            seqLengthArray: *const ::core::ffi::c_int,
            paddingFill: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNDescriptor_v6(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            hiddenSize: ::core::ffi::c_int,
            numLayers: ::core::ffi::c_int,
            dropoutDesc: cudnnDropoutDescriptor_t,
            inputMode: cudnnRNNInputMode_t,
            direction: cudnnDirectionMode_t,
            cellMode: cudnnRNNMode_t,
            algo: cudnnRNNAlgo_t,
            mathPrec: cudnnDataType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetRNNDescriptor_v8(
            rnnDesc: cudnnRNNDescriptor_t,
            algo: cudnnRNNAlgo_t,
            cellMode: cudnnRNNMode_t,
            biasMode: cudnnRNNBiasMode_t,
            dirMode: cudnnDirectionMode_t,
            inputMode: cudnnRNNInputMode_t,
            dataType: cudnnDataType_t,
            mathPrec: cudnnDataType_t,
            mathType: cudnnMathType_t,
            inputSize: i32,
            hiddenSize: i32,
            projSize: i32,
            numLayers: i32,
            dropoutDesc: cudnnDropoutDescriptor_t,
            auxFlags: u32,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNMatrixMathType(
            rnnDesc: cudnnRNNDescriptor_t,
            mType: cudnnMathType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNPaddingMode(
            rnnDesc: cudnnRNNDescriptor_t,
            paddingMode: ::core::ffi::c_uint,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8"))]
        pub fn cudnnSetRNNProjectionLayers(
            handle: cudnnHandle_t,
            rnnDesc: cudnnRNNDescriptor_t,
            recProjSize: ::core::ffi::c_int,
            outProjSize: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetReduceTensorDescriptor(
            reduceTensorDesc: cudnnReduceTensorDescriptor_t,
            reduceTensorOp: cudnnReduceTensorOp_t,
            reduceTensorCompType: cudnnDataType_t,
            reduceTensorNanOpt: cudnnNanPropagation_t,
            reduceTensorIndices: cudnnReduceTensorIndices_t,
            reduceTensorIndicesType: cudnnIndicesType_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetSeqDataDescriptor(
            seqDataDesc: cudnnSeqDataDescriptor_t,
            dataType: cudnnDataType_t,
            nbDims: ::core::ffi::c_int,
            dimA: *const ::core::ffi::c_int,
            axes: *const cudnnSeqDataAxis_t,
            seqLengthArraySize: usize,
            seqLengthArray: *const ::core::ffi::c_int,
            paddingFill: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetSpatialTransformerNdDescriptor(
            stDesc: cudnnSpatialTransformerDescriptor_t,
            samplerType: cudnnSamplerType_t,
            dataType: cudnnDataType_t,
            nbDims: ::core::ffi::c_int,
            dimA: *const ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetStream(
            handle: cudnnHandle_t,
            streamId: cudaStream_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensor(
            handle: cudnnHandle_t,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
            valuePtr: *const ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensor4dDescriptor(
            tensorDesc: cudnnTensorDescriptor_t,
            format: cudnnTensorFormat_t,
            dataType: cudnnDataType_t,
            n: ::core::ffi::c_int,
            c: ::core::ffi::c_int,
            h: ::core::ffi::c_int,
            w: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensor4dDescriptorEx(
            tensorDesc: cudnnTensorDescriptor_t,
            dataType: cudnnDataType_t,
            n: ::core::ffi::c_int,
            c: ::core::ffi::c_int,
            h: ::core::ffi::c_int,
            w: ::core::ffi::c_int,
            nStride: ::core::ffi::c_int,
            cStride: ::core::ffi::c_int,
            hStride: ::core::ffi::c_int,
            wStride: ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensorNdDescriptor(
            tensorDesc: cudnnTensorDescriptor_t,
            dataType: cudnnDataType_t,
            nbDims: ::core::ffi::c_int,
            dimA: *const ::core::ffi::c_int,
            strideA: *const ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensorNdDescriptorEx(
            tensorDesc: cudnnTensorDescriptor_t,
            format: cudnnTensorFormat_t,
            dataType: cudnnDataType_t,
            nbDims: ::core::ffi::c_int,
            dimA: *const ::core::ffi::c_int,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSetTensorTransformDescriptor(
            transformDesc: cudnnTensorTransformDescriptor_t,
            nbDims: u32,
            destFormat: cudnnTensorFormat_t,
            padBeforeA: *const i32,
            padAfterA: *const i32,
            foldA: *const u32,
            direction: cudnnFoldingDirection_t,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSoftmaxBackward(
            handle: cudnnHandle_t,
            algo: cudnnSoftmaxAlgorithm_t,
            mode: cudnnSoftmaxMode_t,
            alpha: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSoftmaxForward(
            handle: cudnnHandle_t,
            algo: cudnnSoftmaxAlgorithm_t,
            mode: cudnnSoftmaxMode_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSpatialTfGridGeneratorBackward(
            handle: cudnnHandle_t,
            stDesc: cudnnSpatialTransformerDescriptor_t,
            dgrid: *const ::core::ffi::c_void,
            dtheta: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSpatialTfGridGeneratorForward(
            handle: cudnnHandle_t,
            stDesc: cudnnSpatialTransformerDescriptor_t,
            theta: *const ::core::ffi::c_void,
            grid: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSpatialTfSamplerBackward(
            handle: cudnnHandle_t,
            stDesc: cudnnSpatialTransformerDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            dxDesc: cudnnTensorDescriptor_t,
            dx: *mut ::core::ffi::c_void,
            alphaDgrid: *const ::core::ffi::c_void,
            dyDesc: cudnnTensorDescriptor_t,
            dy: *const ::core::ffi::c_void,
            grid: *const ::core::ffi::c_void,
            betaDgrid: *const ::core::ffi::c_void,
            dgrid: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnSpatialTfSamplerForward(
            handle: cudnnHandle_t,
            stDesc: cudnnSpatialTransformerDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            grid: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "9"))]
        pub fn cudnnSubquadraticOpsVersionCheck() -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnTransformFilter(
            handle: cudnnHandle_t,
            transDesc: cudnnTensorTransformDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            srcDesc: cudnnFilterDescriptor_t,
            srcData: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            destDesc: cudnnFilterDescriptor_t,
            destData: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnTransformTensor(
            handle: cudnnHandle_t,
            alpha: *const ::core::ffi::c_void,
            xDesc: cudnnTensorDescriptor_t,
            x: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            yDesc: cudnnTensorDescriptor_t,
            y: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
        #[cfg(any(cudnn_link_major = "8", cudnn_link_major = "9"))]
        pub fn cudnnTransformTensorEx(
            handle: cudnnHandle_t,
            transDesc: cudnnTensorTransformDescriptor_t,
            alpha: *const ::core::ffi::c_void,
            srcDesc: cudnnTensorDescriptor_t,
            srcData: *const ::core::ffi::c_void,
            beta: *const ::core::ffi::c_void,
            destDesc: cudnnTensorDescriptor_t,
            destData: *mut ::core::ffi::c_void,
        ) -> cudnnStatus_t;
    }
}
