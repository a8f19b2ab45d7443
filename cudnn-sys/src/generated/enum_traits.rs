// Display (the C name) and Debug (the constant and its number) for each C
// enum newtype of merged.rs, and Default for those cuDNN gives a default.
// Do not edit: scripts/gen-short-names.py rewrites this file (its docstring
// states the rule). 74 types.

impl ::core::fmt::Display for cudnnActivationMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_ACTIVATION_SIGMOID",
            1 => "CUDNN_ACTIVATION_RELU",
            2 => "CUDNN_ACTIVATION_TANH",
            3 => "CUDNN_ACTIVATION_CLIPPED_RELU",
            4 => "CUDNN_ACTIVATION_ELU",
            5 => "CUDNN_ACTIVATION_IDENTITY",
            6 => "CUDNN_ACTIVATION_SWISH",
            n => return write!(f, "cudnnActivationMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnActivationMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnActivationMode_t::SIGMOID (0)"),
            1 => f.write_str("cudnnActivationMode_t::RELU (1)"),
            2 => f.write_str("cudnnActivationMode_t::TANH (2)"),
            3 => f.write_str("cudnnActivationMode_t::CLIPPED_RELU (3)"),
            4 => f.write_str("cudnnActivationMode_t::ELU (4)"),
            5 => f.write_str("cudnnActivationMode_t::IDENTITY (5)"),
            6 => f.write_str("cudnnActivationMode_t::SWISH (6)"),
            n => write!(f, "cudnnActivationMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendAttributeName_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_ATTR_POINTWISE_MODE",
            1 => "CUDNN_ATTR_POINTWISE_MATH_PREC",
            2 => "CUDNN_ATTR_POINTWISE_NAN_PROPAGATION",
            3 => "CUDNN_ATTR_POINTWISE_RELU_LOWER_CLIP",
            4 => "CUDNN_ATTR_POINTWISE_RELU_UPPER_CLIP",
            5 => "CUDNN_ATTR_POINTWISE_RELU_LOWER_CLIP_SLOPE",
            6 => "CUDNN_ATTR_POINTWISE_ELU_ALPHA",
            7 => "CUDNN_ATTR_POINTWISE_SOFTPLUS_BETA",
            8 => "CUDNN_ATTR_POINTWISE_SWISH_BETA",
            9 => "CUDNN_ATTR_POINTWISE_AXIS",
            100 => "CUDNN_ATTR_CONVOLUTION_COMP_TYPE",
            101 => "CUDNN_ATTR_CONVOLUTION_CONV_MODE",
            102 => "CUDNN_ATTR_CONVOLUTION_DILATIONS",
            103 => "CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES",
            104 => "CUDNN_ATTR_CONVOLUTION_POST_PADDINGS",
            105 => "CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS",
            106 => "CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS",
            200 => "CUDNN_ATTR_ENGINEHEUR_MODE",
            201 => "CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH",
            202 => "CUDNN_ATTR_ENGINEHEUR_RESULTS",
            203 => "CUDNN_ATTR_ENGINEHEUR_SM_COUNT_TARGET",
            204 => "CUDNN_ATTR_ENGINEHEUR_DEVICEPROP",
            205 => "CUDNN_ATTR_ENGINEHEUR_SHARED_MEMORY_LIMIT",
            300 => "CUDNN_ATTR_ENGINECFG_ENGINE",
            301 => "CUDNN_ATTR_ENGINECFG_INTERMEDIATE_INFO",
            302 => "CUDNN_ATTR_ENGINECFG_KNOB_CHOICES",
            303 => "CUDNN_ATTR_ENGINECFG_WORKSPACE_SIZE",
            304 => "CUDNN_ATTR_ENGINECFG_SHARED_MEMORY_USED",
            400 => "CUDNN_ATTR_EXECUTION_PLAN_HANDLE",
            401 => "CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG",
            402 => "CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE",
            403 => "CUDNN_ATTR_EXECUTION_PLAN_COMPUTED_INTERMEDIATE_UIDS",
            404 => "CUDNN_ATTR_EXECUTION_PLAN_RUN_ONLY_INTERMEDIATE_UIDS",
            405 => "CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION",
            406 => "CUDNN_ATTR_EXECUTION_PLAN_KERNEL_CACHE",
            407 => "CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP",
            408 => "CUDNN_ATTR_EXECUTION_PLAN_CUDA_GRAPH_RETENTION",
            500 => "CUDNN_ATTR_INTERMEDIATE_INFO_UNIQUE_ID",
            501 => "CUDNN_ATTR_INTERMEDIATE_INFO_SIZE",
            502 => "CUDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_DATA_UIDS",
            503 => "CUDNN_ATTR_INTERMEDIATE_INFO_DEPENDENT_ATTRIBUTES",
            600 => "CUDNN_ATTR_KNOB_CHOICE_KNOB_TYPE",
            601 => "CUDNN_ATTR_KNOB_CHOICE_KNOB_VALUE",
            700 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA",
            701 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA",
            702 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC",
            703 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W",
            704 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X",
            705 => "CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y",
            706 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_ALPHA",
            707 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_BETA",
            708 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_CONV_DESC",
            709 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_W",
            710 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DX",
            711 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DY",
            712 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_ALPHA",
            713 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_BETA",
            714 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_CONV_DESC",
            715 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DW",
            716 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_X",
            717 => "CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DY",
            750 => "CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR",
            751 => "CUDNN_ATTR_OPERATION_POINTWISE_XDESC",
            752 => "CUDNN_ATTR_OPERATION_POINTWISE_BDESC",
            753 => "CUDNN_ATTR_OPERATION_POINTWISE_YDESC",
            754 => "CUDNN_ATTR_OPERATION_POINTWISE_ALPHA1",
            755 => "CUDNN_ATTR_OPERATION_POINTWISE_ALPHA2",
            756 => "CUDNN_ATTR_OPERATION_POINTWISE_DXDESC",
            757 => "CUDNN_ATTR_OPERATION_POINTWISE_DYDESC",
            758 => "CUDNN_ATTR_OPERATION_POINTWISE_TDESC",
            770 => "CUDNN_ATTR_OPERATION_GENSTATS_MODE",
            771 => "CUDNN_ATTR_OPERATION_GENSTATS_MATH_PREC",
            772 => "CUDNN_ATTR_OPERATION_GENSTATS_XDESC",
            773 => "CUDNN_ATTR_OPERATION_GENSTATS_SUMDESC",
            774 => "CUDNN_ATTR_OPERATION_GENSTATS_SQSUMDESC",
            780 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_STATS_MODE",
            781 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_MATH_PREC",
            782 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_Y_SUM_DESC",
            783 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_Y_SQ_SUM_DESC",
            784 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_SCALE_DESC",
            785 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_BIAS_DESC",
            786 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_PREV_RUNNING_MEAN_DESC",
            787 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_PREV_RUNNING_VAR_DESC",
            788 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_UPDATED_RUNNING_MEAN_DESC",
            789 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_UPDATED_RUNNING_VAR_DESC",
            790 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_SAVED_MEAN_DESC",
            791 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_SAVED_INV_STD_DESC",
            792 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_EQ_SCALE_DESC",
            793 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_EQ_BIAS_DESC",
            794 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_ACCUM_COUNT_DESC",
            795 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_EPSILON_DESC",
            796 => "CUDNN_ATTR_OPERATION_BN_FINALIZE_EXP_AVERATE_FACTOR_DESC",
            800 => "CUDNN_ATTR_OPERATIONGRAPH_HANDLE",
            801 => "CUDNN_ATTR_OPERATIONGRAPH_OPS",
            802 => "CUDNN_ATTR_OPERATIONGRAPH_ENGINE_GLOBAL_COUNT",
            803 => "CUDNN_ATTR_OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED",
            804 => "CUDNN_ATTR_OPERATIONGRAPH_IS_SAME_TOPOLOGY",
            805 => "CUDNN_ATTR_OPERATIONGRAPH_IS_OVERRIDE_SHAPE_ENABLED",
            806 => "CUDNN_ATTR_OPERATIONGRAPH_MODE",
            900 => "CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT",
            901 => "CUDNN_ATTR_TENSOR_DATA_TYPE",
            902 => "CUDNN_ATTR_TENSOR_DIMENSIONS",
            903 => "CUDNN_ATTR_TENSOR_STRIDES",
            904 => "CUDNN_ATTR_TENSOR_VECTOR_COUNT",
            905 => "CUDNN_ATTR_TENSOR_VECTORIZED_DIMENSION",
            906 => "CUDNN_ATTR_TENSOR_UNIQUE_ID",
            907 => "CUDNN_ATTR_TENSOR_IS_VIRTUAL",
            908 => "CUDNN_ATTR_TENSOR_IS_BY_VALUE",
            909 => "CUDNN_ATTR_TENSOR_REORDERING_MODE",
            910 => "CUDNN_ATTR_TENSOR_CONSTANT_VALUE",
            913 => "CUDNN_ATTR_TENSOR_RAGGED_OFFSET_DESC",
            914 => "CUDNN_ATTR_TENSOR_RAGGED_OFFSET_MULTIPLIER",
            1000 => "CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS",
            1001 => "CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS",
            1002 => "CUDNN_ATTR_VARIANT_PACK_INTERMEDIATES",
            1003 => "CUDNN_ATTR_VARIANT_PACK_WORKSPACE",
            1010 => "CUDNN_ATTR_VARIANT_PACK_OVERRIDE_UNIQUE_IDS",
            1011 => "CUDNN_ATTR_VARIANT_PACK_OVERRIDE_SHAPES",
            1012 => "CUDNN_ATTR_VARIANT_PACK_OVERRIDE_STRIDES",
            1100 => "CUDNN_ATTR_LAYOUT_INFO_TENSOR_UID",
            1101 => "CUDNN_ATTR_LAYOUT_INFO_TYPES",
            1200 => "CUDNN_ATTR_KNOB_INFO_TYPE",
            1201 => "CUDNN_ATTR_KNOB_INFO_MAXIMUM_VALUE",
            1202 => "CUDNN_ATTR_KNOB_INFO_MINIMUM_VALUE",
            1203 => "CUDNN_ATTR_KNOB_INFO_STRIDE",
            1300 => "CUDNN_ATTR_ENGINE_OPERATION_GRAPH",
            1301 => "CUDNN_ATTR_ENGINE_GLOBAL_INDEX",
            1302 => "CUDNN_ATTR_ENGINE_KNOB_INFO",
            1303 => "CUDNN_ATTR_ENGINE_NUMERICAL_NOTE",
            1304 => "CUDNN_ATTR_ENGINE_LAYOUT_INFO",
            1305 => "CUDNN_ATTR_ENGINE_BEHAVIOR_NOTE",
            1306 => "CUDNN_ATTR_ENGINE_SM_COUNT_TARGET",
            1307 => "CUDNN_ATTR_ENGINE_DEVICEPROP",
            1308 => "CUDNN_ATTR_ENGINE_DISABLE_CLUSTER_COOPERATIVE",
            1309 => "CUDNN_ATTR_ENGINE_SHARED_MEMORY_LIMIT",
            1500 => "CUDNN_ATTR_MATMUL_COMP_TYPE",
            1503 => "CUDNN_ATTR_MATMUL_PADDING_VALUE",
            1520 => "CUDNN_ATTR_OPERATION_MATMUL_ADESC",
            1521 => "CUDNN_ATTR_OPERATION_MATMUL_BDESC",
            1522 => "CUDNN_ATTR_OPERATION_MATMUL_CDESC",
            1523 => "CUDNN_ATTR_OPERATION_MATMUL_DESC",
            1524 => "CUDNN_ATTR_OPERATION_MATMUL_IRREGULARLY_STRIDED_BATCH_COUNT",
            1525 => "CUDNN_ATTR_OPERATION_MATMUL_GEMM_M_OVERRIDE_DESC",
            1526 => "CUDNN_ATTR_OPERATION_MATMUL_GEMM_N_OVERRIDE_DESC",
            1527 => "CUDNN_ATTR_OPERATION_MATMUL_GEMM_K_OVERRIDE_DESC",
            1600 => "CUDNN_ATTR_REDUCTION_OPERATOR",
            1601 => "CUDNN_ATTR_REDUCTION_COMP_TYPE",
            1602 => "CUDNN_ATTR_REDUCTION_IS_DETERMINISTIC",
            1610 => "CUDNN_ATTR_OPERATION_REDUCTION_XDESC",
            1611 => "CUDNN_ATTR_OPERATION_REDUCTION_YDESC",
            1612 => "CUDNN_ATTR_OPERATION_REDUCTION_DESC",
            1613 => "CUDNN_ATTR_OPERATION_REDUCTION_GROUP_OFFSET_DESC",
            1620 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_MATH_PREC",
            1621 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_MEAN_DESC",
            1622 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_INVSTD_DESC",
            1623 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_BN_SCALE_DESC",
            1624 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_X_DESC",
            1625 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DY_DESC",
            1626 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DBN_SCALE_DESC",
            1627 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_DBN_BIAS_DESC",
            1628 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_DY_SCALE_DESC",
            1629 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_X_SCALE_DESC",
            1630 => "CUDNN_ATTR_OPERATION_BN_BWD_WEIGHTS_EQ_BIAS",
            1640 => "CUDNN_ATTR_OPERATION_REDUCTION_DIMS",
            1641 => "CUDNN_ATTR_OPERATION_REDUCTION_INIT_VALUES",
            1642 => "CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH",
            1643 => "CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_ACCUMULATOR_UIDS",
            1644 => "CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_CURRENT_UIDS",
            1645 => "CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_OUTPUT_UIDS",
            1646 => "CUDNN_ATTR_OPERATION_REDUCTION_SUBGRAPH_COMPUTE_TYPES",
            1700 => "CUDNN_ATTR_RESAMPLE_MODE",
            1701 => "CUDNN_ATTR_RESAMPLE_COMP_TYPE",
            1702 => "CUDNN_ATTR_RESAMPLE_SPATIAL_DIMS",
            1703 => "CUDNN_ATTR_RESAMPLE_POST_PADDINGS",
            1704 => "CUDNN_ATTR_RESAMPLE_PRE_PADDINGS",
            1705 => "CUDNN_ATTR_RESAMPLE_STRIDES",
            1706 => "CUDNN_ATTR_RESAMPLE_WINDOW_DIMS",
            1707 => "CUDNN_ATTR_RESAMPLE_NAN_PROPAGATION",
            1708 => "CUDNN_ATTR_RESAMPLE_PADDING_MODE",
            1710 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_XDESC",
            1711 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_YDESC",
            1712 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_IDXDESC",
            1713 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_ALPHA",
            1714 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_BETA",
            1716 => "CUDNN_ATTR_OPERATION_RESAMPLE_FWD_DESC",
            1720 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DXDESC",
            1721 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC",
            1722 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_IDXDESC",
            1723 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_ALPHA",
            1724 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_BETA",
            1725 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_DESC",
            1726 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_XDESC",
            1727 => "CUDNN_ATTR_OPERATION_RESAMPLE_BWD_YDESC",
            1800 => "CUDNN_ATTR_OPERATION_CONCAT_AXIS",
            1801 => "CUDNN_ATTR_OPERATION_CONCAT_INPUT_DESCS",
            1802 => "CUDNN_ATTR_OPERATION_CONCAT_INPLACE_INDEX",
            1803 => "CUDNN_ATTR_OPERATION_CONCAT_OUTPUT_DESC",
            1900 => "CUDNN_ATTR_OPERATION_SIGNAL_MODE",
            1901 => "CUDNN_ATTR_OPERATION_SIGNAL_FLAGDESC",
            1902 => "CUDNN_ATTR_OPERATION_SIGNAL_VALUE",
            1903 => "CUDNN_ATTR_OPERATION_SIGNAL_XDESC",
            1904 => "CUDNN_ATTR_OPERATION_SIGNAL_YDESC",
            1950 => "CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_CONTAINER_DESC",
            1951 => "CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_YDESC",
            1952 => "CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_SEQUENCE_DESC",
            1953 => "CUDNN_ATTR_OPERATION_PAGED_CACHE_LOAD_PAGE_TABLE_DESC",
            2000 => "CUDNN_ATTR_OPERATION_NORM_FWD_MODE",
            2001 => "CUDNN_ATTR_OPERATION_NORM_FWD_PHASE",
            2002 => "CUDNN_ATTR_OPERATION_NORM_FWD_XDESC",
            2003 => "CUDNN_ATTR_OPERATION_NORM_FWD_MEAN_DESC",
            2004 => "CUDNN_ATTR_OPERATION_NORM_FWD_INV_VARIANCE_DESC",
            2005 => "CUDNN_ATTR_OPERATION_NORM_FWD_SCALE_DESC",
            2006 => "CUDNN_ATTR_OPERATION_NORM_FWD_BIAS_DESC",
            2007 => "CUDNN_ATTR_OPERATION_NORM_FWD_EPSILON_DESC",
            2008 => "CUDNN_ATTR_OPERATION_NORM_FWD_EXP_AVG_FACTOR_DESC",
            2009 => "CUDNN_ATTR_OPERATION_NORM_FWD_INPUT_RUNNING_MEAN_DESC",
            2010 => "CUDNN_ATTR_OPERATION_NORM_FWD_INPUT_RUNNING_VAR_DESC",
            2011 => "CUDNN_ATTR_OPERATION_NORM_FWD_OUTPUT_RUNNING_MEAN_DESC",
            2012 => "CUDNN_ATTR_OPERATION_NORM_FWD_OUTPUT_RUNNING_VAR_DESC",
            2013 => "CUDNN_ATTR_OPERATION_NORM_FWD_YDESC",
            2014 => "CUDNN_ATTR_OPERATION_NORM_FWD_PEER_STAT_DESCS",
            2100 => "CUDNN_ATTR_OPERATION_NORM_BWD_MODE",
            2101 => "CUDNN_ATTR_OPERATION_NORM_BWD_XDESC",
            2102 => "CUDNN_ATTR_OPERATION_NORM_BWD_MEAN_DESC",
            2103 => "CUDNN_ATTR_OPERATION_NORM_BWD_INV_VARIANCE_DESC",
            2104 => "CUDNN_ATTR_OPERATION_NORM_BWD_DYDESC",
            2105 => "CUDNN_ATTR_OPERATION_NORM_BWD_SCALE_DESC",
            2106 => "CUDNN_ATTR_OPERATION_NORM_BWD_EPSILON_DESC",
            2107 => "CUDNN_ATTR_OPERATION_NORM_BWD_DSCALE_DESC",
            2108 => "CUDNN_ATTR_OPERATION_NORM_BWD_DBIAS_DESC",
            2109 => "CUDNN_ATTR_OPERATION_NORM_BWD_DXDESC",
            2110 => "CUDNN_ATTR_OPERATION_NORM_BWD_PEER_STAT_DESCS",
            2200 => "CUDNN_ATTR_OPERATION_RESHAPE_XDESC",
            2201 => "CUDNN_ATTR_OPERATION_RESHAPE_YDESC",
            2202 => "CUDNN_ATTR_OPERATION_RESHAPE_MODE",
            2250 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_XDESC",
            2251 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_YDESC",
            2252 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_LOWER_BANDWIDTH",
            2253 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_UPPER_BANDWIDTH",
            2254 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_AXIS",
            2255 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_PAD_VALUE",
            2256 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_KV_TOKEN_OFFSET_DESC",
            2257 => "CUDNN_ATTR_OPERATION_EXPAND_BAND_MATRIX_SPECULATIVE_MASK_DESC",
            2270 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_XDESC",
            2271 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_YDESC",
            2272 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_LOWER_BANDWIDTH",
            2273 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_UPPER_BANDWIDTH",
            2274 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_AXIS",
            2275 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MATRIX_PAD_VALUE",
            2276 => "CUDNN_ATTR_OPERATION_CONTRACT_BAND_MAX_TOKEN_VALUE",
            2300 => "CUDNN_ATTR_RNG_DISTRIBUTION",
            2301 => "CUDNN_ATTR_RNG_NORMAL_DIST_MEAN",
            2302 => "CUDNN_ATTR_RNG_NORMAL_DIST_STANDARD_DEVIATION",
            2303 => "CUDNN_ATTR_RNG_UNIFORM_DIST_MAXIMUM",
            2304 => "CUDNN_ATTR_RNG_UNIFORM_DIST_MINIMUM",
            2305 => "CUDNN_ATTR_RNG_BERNOULLI_DIST_PROBABILITY",
            2310 => "CUDNN_ATTR_OPERATION_RNG_YDESC",
            2311 => "CUDNN_ATTR_OPERATION_RNG_SEED",
            2312 => "CUDNN_ATTR_OPERATION_RNG_DESC",
            2313 => "CUDNN_ATTR_OPERATION_RNG_OFFSET_DESC",
            2400 => "CUDNN_ATTR_KERNEL_CACHE_OPERATION_GRAPH",
            2401 => "CUDNN_ATTR_KERNEL_CACHE_IS_ENGINECFG_KERNEL_CACHED",
            2402 => "CUDNN_ATTR_KERNEL_CACHE_JSON_REPRESENTATION",
            2403 => "CUDNN_ATTR_KERNEL_CACHE_REVISION",
            2404 => "CUDNN_ATTR_KERNEL_CACHE_ENTRY_COUNT",
            2500 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_XDESC",
            2501 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_YDESC",
            2502 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC",
            2503 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC",
            2504 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE",
            2600 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_XDESC",
            2601 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_SCALE_DESC",
            2602 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_YDESC",
            2603 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_MATH_PREC",
            2604 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE",
            2605 => "CUDNN_ATTR_OPERATION_BLOCK_SCALE_DEQUANTIZE_NEG_SCALE",
            2700 => "CUDNN_ATTR_DEVICEPROP_DEVICE_ID",
            2701 => "CUDNN_ATTR_DEVICEPROP_HANDLE",
            2702 => "CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION",
            2800 => "CUDNN_ATTR_OPERATION_SDPA_FWD_QDESC",
            2801 => "CUDNN_ATTR_OPERATION_SDPA_FWD_KDESC",
            2802 => "CUDNN_ATTR_OPERATION_SDPA_FWD_VDESC",
            2803 => "CUDNN_ATTR_OPERATION_SDPA_FWD_ODESC",
            2804 => "CUDNN_ATTR_OPERATION_SDPA_FWD_STATSDESC",
            2805 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SCALEDESC",
            2806 => "CUDNN_ATTR_OPERATION_SDPA_FWD_BLOCK_MASK_DESC",
            2807 => "CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_KDESC",
            2808 => "CUDNN_ATTR_OPERATION_SDPA_FWD_PAGE_TABLE_VDESC",
            2809 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_QDESC",
            2810 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SEQ_LEN_KVDESC",
            2811 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH",
            2812 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH_INPUT_UID",
            2813 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SUBGRAPH_OUTPUT_UID",
            2814 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SOFTMAX_DESC",
            2815 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_SEED_DESC",
            2816 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_OFFSET_DESC",
            2817 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_RNG_DUMP_DESC",
            2818 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DROPOUT_PROBABILITY",
            2819 => "CUDNN_ATTR_OPERATION_SDPA_FWD_UNFUSE_FMA",
            2820 => "CUDNN_ATTR_OPERATION_SDPA_FWD_CU_SEQ_LEN_QDESC",
            2821 => "CUDNN_ATTR_OPERATION_SDPA_FWD_CU_SEQ_LEN_KVDESC",
            2822 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_QDESC",
            2823 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_KDESC",
            2824 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_VDESC",
            2825 => "CUDNN_ATTR_OPERATION_SDPA_FWD_DESCALE_SDESC",
            2826 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_SDESC",
            2827 => "CUDNN_ATTR_OPERATION_SDPA_FWD_SCALE_ODESC",
            2828 => "CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_SDESC",
            2829 => "CUDNN_ATTR_OPERATION_SDPA_FWD_AMAX_ODESC",
            2851 => "CUDNN_ATTR_OPERATION_SDPA_BWD_QDESC",
            2852 => "CUDNN_ATTR_OPERATION_SDPA_BWD_KDESC",
            2853 => "CUDNN_ATTR_OPERATION_SDPA_BWD_VDESC",
            2854 => "CUDNN_ATTR_OPERATION_SDPA_BWD_ODESC",
            2855 => "CUDNN_ATTR_OPERATION_SDPA_BWD_STATSDESC",
            2856 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SCALEDESC",
            2857 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_QDESC",
            2858 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SEQ_LEN_KVDESC",
            2859 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DQDESC",
            2860 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DKDESC",
            2861 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DVDESC",
            2862 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DODDESC",
            2863 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SINK_DESC",
            2864 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DSINK_DESC",
            2865 => "CUDNN_ATTR_OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_Q",
            2866 => "CUDNN_ATTR_OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_KV",
            2867 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH",
            2868 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH_INPUT_UID",
            2869 => "CUDNN_ATTR_OPERATION_SDPA_BWD_SUBGRAPH_OUTPUT_UID",
            2870 => "CUDNN_ATTR_OPERATION_SDPA_BWD_CU_SEQ_LEN_QDESC",
            2871 => "CUDNN_ATTR_OPERATION_SDPA_BWD_CU_SEQ_LEN_KVDESC",
            2872 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_SEED_DESC",
            2873 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_OFFSET_DESC",
            2874 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DROPOUT_PROBABILITY",
            2875 => "CUDNN_ATTR_OPERATION_SDPA_BWD_DBIAS_DESC",
            2900 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MODE",
            2901 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_MATH_PREC",
            2902 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC",
            2903 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_WEIGHT_DESC",
            2904 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_FIRST_TOKEN_OFFSET_DESC",
            2905 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_OUTPUT_DESC",
            2906 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_INDEX_DESC",
            2907 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOKEN_KS_DESC",
            2908 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_TOP_K",
            2951 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_MATH_PREC",
            2952 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_TOKEN_DESC",
            2953 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DWEIGHT_DESC",
            2954 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_FIRST_TOKEN_OFFSET_DESC",
            2955 => "CUDNN_ATTR_OPERATION_MOE_GROUPED_MATMUL_BWD_DOUTPUT_DESC",
            3000 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_XDESC",
            3001 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC",
            3002 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC",
            3003 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_LEFT_BOUND_DESC",
            3004 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_SHIFT_RIGHT_BOUND_DESC",
            3005 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_BDESC",
            3006 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_YDESC",
            3007 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE",
            3008 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_KVDESC",
            3009 => "CUDNN_ATTR_OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC",
            3100 => "CUDNN_ATTR_OPERATION_SOFTMAX_XDESC",
            3101 => "CUDNN_ATTR_OPERATION_SOFTMAX_YDESC",
            3102 => "CUDNN_ATTR_OPERATION_SOFTMAX_STATS_DESC",
            3103 => "CUDNN_ATTR_OPERATION_SOFTMAX_MAX_DESC",
            3104 => "CUDNN_ATTR_OPERATION_SOFTMAX_SUM_EXP_DESC",
            3105 => "CUDNN_ATTR_OPERATION_SOFTMAX_SINK_DESC",
            3106 => "CUDNN_ATTR_OPERATION_SOFTMAX_STATS_LOG2",
            3200 => "CUDNN_ATTR_OPERATION_TRANSPOSE_XDESC",
            3201 => "CUDNN_ATTR_OPERATION_TRANSPOSE_YDESC",
            3202 => "CUDNN_ATTR_OPERATION_TRANSPOSE_PERMUTATION",
            3300 => "CUDNN_ATTR_OPERATION_SLICE_XDESC",
            3301 => "CUDNN_ATTR_OPERATION_SLICE_YDESC",
            3302 => "CUDNN_ATTR_OPERATION_SLICE_START_INDICES",
            3303 => "CUDNN_ATTR_OPERATION_SLICE_LIMIT_INDICES",
            3304 => "CUDNN_ATTR_OPERATION_SLICE_STRIDES",
            3400 => "CUDNN_ATTR_OPERATION_ROPE_FWD_XDESC",
            3401 => "CUDNN_ATTR_OPERATION_ROPE_FWD_YDESC",
            3402 => "CUDNN_ATTR_OPERATION_ROPE_FWD_FREQSDESC",
            3403 => "CUDNN_ATTR_OPERATION_ROPE_FWD_OUTPUT_SCALE",
            3404 => "CUDNN_ATTR_OPERATION_ROPE_FWD_ROPE_DIM",
            3410 => "CUDNN_ATTR_OPERATION_ROPE_BWD_DYDESC",
            3411 => "CUDNN_ATTR_OPERATION_ROPE_BWD_DXDESC",
            3412 => "CUDNN_ATTR_OPERATION_ROPE_BWD_FREQSDESC",
            3413 => "CUDNN_ATTR_OPERATION_ROPE_BWD_OUTPUT_SCALE",
            3414 => "CUDNN_ATTR_OPERATION_ROPE_BWD_ROPE_DIM",
            n => return write!(f, "cudnnBackendAttributeName_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendAttributeName_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_MODE (0)"),
            1 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_MATH_PREC (1)"),
            2 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_NAN_PROPAGATION (2)"),
            3 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_RELU_LOWER_CLIP (3)"),
            4 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_RELU_UPPER_CLIP (4)"),
            5 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_RELU_LOWER_CLIP_SLOPE (5)"),
            6 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_ELU_ALPHA (6)"),
            7 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_SOFTPLUS_BETA (7)"),
            8 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_SWISH_BETA (8)"),
            9 => f.write_str("cudnnBackendAttributeName_t::POINTWISE_AXIS (9)"),
            100 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_COMP_TYPE (100)"),
            101 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_CONV_MODE (101)"),
            102 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_DILATIONS (102)"),
            103 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_FILTER_STRIDES (103)"),
            104 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_POST_PADDINGS (104)"),
            105 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_PRE_PADDINGS (105)"),
            106 => f.write_str("cudnnBackendAttributeName_t::CONVOLUTION_SPATIAL_DIMS (106)"),
            200 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_MODE (200)"),
            201 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_OPERATION_GRAPH (201)"),
            202 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_RESULTS (202)"),
            203 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_SM_COUNT_TARGET (203)"),
            204 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_DEVICEPROP (204)"),
            205 => f.write_str("cudnnBackendAttributeName_t::ENGINEHEUR_SHARED_MEMORY_LIMIT (205)"),
            300 => f.write_str("cudnnBackendAttributeName_t::ENGINECFG_ENGINE (300)"),
            301 => f.write_str("cudnnBackendAttributeName_t::ENGINECFG_INTERMEDIATE_INFO (301)"),
            302 => f.write_str("cudnnBackendAttributeName_t::ENGINECFG_KNOB_CHOICES (302)"),
            303 => f.write_str("cudnnBackendAttributeName_t::ENGINECFG_WORKSPACE_SIZE (303)"),
            304 => f.write_str("cudnnBackendAttributeName_t::ENGINECFG_SHARED_MEMORY_USED (304)"),
            400 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_HANDLE (400)"),
            401 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_ENGINE_CONFIG (401)"),
            402 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_WORKSPACE_SIZE (402)"),
            403 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_COMPUTED_INTERMEDIATE_UIDS (403)"),
            404 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_RUN_ONLY_INTERMEDIATE_UIDS (404)"),
            405 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_JSON_REPRESENTATION (405)"),
            406 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_KERNEL_CACHE (406)"),
            407 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_DEVICEPROP (407)"),
            408 => f.write_str("cudnnBackendAttributeName_t::EXECUTION_PLAN_CUDA_GRAPH_RETENTION (408)"),
            500 => f.write_str("cudnnBackendAttributeName_t::INTERMEDIATE_INFO_UNIQUE_ID (500)"),
            501 => f.write_str("cudnnBackendAttributeName_t::INTERMEDIATE_INFO_SIZE (501)"),
            502 => f.write_str("cudnnBackendAttributeName_t::INTERMEDIATE_INFO_DEPENDENT_DATA_UIDS (502)"),
            503 => f.write_str("cudnnBackendAttributeName_t::INTERMEDIATE_INFO_DEPENDENT_ATTRIBUTES (503)"),
            600 => f.write_str("cudnnBackendAttributeName_t::KNOB_CHOICE_KNOB_TYPE (600)"),
            601 => f.write_str("cudnnBackendAttributeName_t::KNOB_CHOICE_KNOB_VALUE (601)"),
            700 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_ALPHA (700)"),
            701 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_BETA (701)"),
            702 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_CONV_DESC (702)"),
            703 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_W (703)"),
            704 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_X (704)"),
            705 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_FORWARD_Y (705)"),
            706 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_ALPHA (706)"),
            707 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_BETA (707)"),
            708 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_CONV_DESC (708)"),
            709 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_W (709)"),
            710 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_DX (710)"),
            711 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_DATA_DY (711)"),
            712 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_ALPHA (712)"),
            713 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_BETA (713)"),
            714 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_CONV_DESC (714)"),
            715 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_DW (715)"),
            716 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_X (716)"),
            717 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONVOLUTION_BWD_FILTER_DY (717)"),
            750 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_PW_DESCRIPTOR (750)"),
            751 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_XDESC (751)"),
            752 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_BDESC (752)"),
            753 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_YDESC (753)"),
            754 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_ALPHA1 (754)"),
            755 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_ALPHA2 (755)"),
            756 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_DXDESC (756)"),
            757 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_DYDESC (757)"),
            758 => f.write_str("cudnnBackendAttributeName_t::OPERATION_POINTWISE_TDESC (758)"),
            770 => f.write_str("cudnnBackendAttributeName_t::OPERATION_GENSTATS_MODE (770)"),
            771 => f.write_str("cudnnBackendAttributeName_t::OPERATION_GENSTATS_MATH_PREC (771)"),
            772 => f.write_str("cudnnBackendAttributeName_t::OPERATION_GENSTATS_XDESC (772)"),
            773 => f.write_str("cudnnBackendAttributeName_t::OPERATION_GENSTATS_SUMDESC (773)"),
            774 => f.write_str("cudnnBackendAttributeName_t::OPERATION_GENSTATS_SQSUMDESC (774)"),
            780 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_STATS_MODE (780)"),
            781 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_MATH_PREC (781)"),
            782 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_Y_SUM_DESC (782)"),
            783 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_Y_SQ_SUM_DESC (783)"),
            784 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_SCALE_DESC (784)"),
            785 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_BIAS_DESC (785)"),
            786 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_PREV_RUNNING_MEAN_DESC (786)"),
            787 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_PREV_RUNNING_VAR_DESC (787)"),
            788 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_UPDATED_RUNNING_MEAN_DESC (788)"),
            789 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_UPDATED_RUNNING_VAR_DESC (789)"),
            790 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_SAVED_MEAN_DESC (790)"),
            791 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_SAVED_INV_STD_DESC (791)"),
            792 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_EQ_SCALE_DESC (792)"),
            793 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_EQ_BIAS_DESC (793)"),
            794 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_ACCUM_COUNT_DESC (794)"),
            795 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_EPSILON_DESC (795)"),
            796 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_FINALIZE_EXP_AVERATE_FACTOR_DESC (796)"),
            800 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_HANDLE (800)"),
            801 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_OPS (801)"),
            802 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_ENGINE_GLOBAL_COUNT (802)"),
            803 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_IS_DYNAMIC_SHAPE_ENABLED (803)"),
            804 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_IS_SAME_TOPOLOGY (804)"),
            805 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_IS_OVERRIDE_SHAPE_ENABLED (805)"),
            806 => f.write_str("cudnnBackendAttributeName_t::OPERATIONGRAPH_MODE (806)"),
            900 => f.write_str("cudnnBackendAttributeName_t::TENSOR_BYTE_ALIGNMENT (900)"),
            901 => f.write_str("cudnnBackendAttributeName_t::TENSOR_DATA_TYPE (901)"),
            902 => f.write_str("cudnnBackendAttributeName_t::TENSOR_DIMENSIONS (902)"),
            903 => f.write_str("cudnnBackendAttributeName_t::TENSOR_STRIDES (903)"),
            904 => f.write_str("cudnnBackendAttributeName_t::TENSOR_VECTOR_COUNT (904)"),
            905 => f.write_str("cudnnBackendAttributeName_t::TENSOR_VECTORIZED_DIMENSION (905)"),
            906 => f.write_str("cudnnBackendAttributeName_t::TENSOR_UNIQUE_ID (906)"),
            907 => f.write_str("cudnnBackendAttributeName_t::TENSOR_IS_VIRTUAL (907)"),
            908 => f.write_str("cudnnBackendAttributeName_t::TENSOR_IS_BY_VALUE (908)"),
            909 => f.write_str("cudnnBackendAttributeName_t::TENSOR_REORDERING_MODE (909)"),
            910 => f.write_str("cudnnBackendAttributeName_t::TENSOR_CONSTANT_VALUE (910)"),
            913 => f.write_str("cudnnBackendAttributeName_t::TENSOR_RAGGED_OFFSET_DESC (913)"),
            914 => f.write_str("cudnnBackendAttributeName_t::TENSOR_RAGGED_OFFSET_MULTIPLIER (914)"),
            1000 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_UNIQUE_IDS (1000)"),
            1001 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_DATA_POINTERS (1001)"),
            1002 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_INTERMEDIATES (1002)"),
            1003 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_WORKSPACE (1003)"),
            1010 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_OVERRIDE_UNIQUE_IDS (1010)"),
            1011 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_OVERRIDE_SHAPES (1011)"),
            1012 => f.write_str("cudnnBackendAttributeName_t::VARIANT_PACK_OVERRIDE_STRIDES (1012)"),
            1100 => f.write_str("cudnnBackendAttributeName_t::LAYOUT_INFO_TENSOR_UID (1100)"),
            1101 => f.write_str("cudnnBackendAttributeName_t::LAYOUT_INFO_TYPES (1101)"),
            1200 => f.write_str("cudnnBackendAttributeName_t::KNOB_INFO_TYPE (1200)"),
            1201 => f.write_str("cudnnBackendAttributeName_t::KNOB_INFO_MAXIMUM_VALUE (1201)"),
            1202 => f.write_str("cudnnBackendAttributeName_t::KNOB_INFO_MINIMUM_VALUE (1202)"),
            1203 => f.write_str("cudnnBackendAttributeName_t::KNOB_INFO_STRIDE (1203)"),
            1300 => f.write_str("cudnnBackendAttributeName_t::ENGINE_OPERATION_GRAPH (1300)"),
            1301 => f.write_str("cudnnBackendAttributeName_t::ENGINE_GLOBAL_INDEX (1301)"),
            1302 => f.write_str("cudnnBackendAttributeName_t::ENGINE_KNOB_INFO (1302)"),
            1303 => f.write_str("cudnnBackendAttributeName_t::ENGINE_NUMERICAL_NOTE (1303)"),
            1304 => f.write_str("cudnnBackendAttributeName_t::ENGINE_LAYOUT_INFO (1304)"),
            1305 => f.write_str("cudnnBackendAttributeName_t::ENGINE_BEHAVIOR_NOTE (1305)"),
            1306 => f.write_str("cudnnBackendAttributeName_t::ENGINE_SM_COUNT_TARGET (1306)"),
            1307 => f.write_str("cudnnBackendAttributeName_t::ENGINE_DEVICEPROP (1307)"),
            1308 => f.write_str("cudnnBackendAttributeName_t::ENGINE_DISABLE_CLUSTER_COOPERATIVE (1308)"),
            1309 => f.write_str("cudnnBackendAttributeName_t::ENGINE_SHARED_MEMORY_LIMIT (1309)"),
            1500 => f.write_str("cudnnBackendAttributeName_t::MATMUL_COMP_TYPE (1500)"),
            1503 => f.write_str("cudnnBackendAttributeName_t::MATMUL_PADDING_VALUE (1503)"),
            1520 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_ADESC (1520)"),
            1521 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_BDESC (1521)"),
            1522 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_CDESC (1522)"),
            1523 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_DESC (1523)"),
            1524 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_IRREGULARLY_STRIDED_BATCH_COUNT (1524)"),
            1525 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_GEMM_M_OVERRIDE_DESC (1525)"),
            1526 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_GEMM_N_OVERRIDE_DESC (1526)"),
            1527 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MATMUL_GEMM_K_OVERRIDE_DESC (1527)"),
            1600 => f.write_str("cudnnBackendAttributeName_t::REDUCTION_OPERATOR (1600)"),
            1601 => f.write_str("cudnnBackendAttributeName_t::REDUCTION_COMP_TYPE (1601)"),
            1602 => f.write_str("cudnnBackendAttributeName_t::REDUCTION_IS_DETERMINISTIC (1602)"),
            1610 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_XDESC (1610)"),
            1611 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_YDESC (1611)"),
            1612 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_DESC (1612)"),
            1613 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_GROUP_OFFSET_DESC (1613)"),
            1620 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_MATH_PREC (1620)"),
            1621 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_MEAN_DESC (1621)"),
            1622 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_INVSTD_DESC (1622)"),
            1623 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_BN_SCALE_DESC (1623)"),
            1624 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_X_DESC (1624)"),
            1625 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_DY_DESC (1625)"),
            1626 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_DBN_SCALE_DESC (1626)"),
            1627 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_DBN_BIAS_DESC (1627)"),
            1628 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_EQ_DY_SCALE_DESC (1628)"),
            1629 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_EQ_X_SCALE_DESC (1629)"),
            1630 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BN_BWD_WEIGHTS_EQ_BIAS (1630)"),
            1640 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_DIMS (1640)"),
            1641 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_INIT_VALUES (1641)"),
            1642 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_SUBGRAPH (1642)"),
            1643 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_SUBGRAPH_ACCUMULATOR_UIDS (1643)"),
            1644 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_SUBGRAPH_CURRENT_UIDS (1644)"),
            1645 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_SUBGRAPH_OUTPUT_UIDS (1645)"),
            1646 => f.write_str("cudnnBackendAttributeName_t::OPERATION_REDUCTION_SUBGRAPH_COMPUTE_TYPES (1646)"),
            1700 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_MODE (1700)"),
            1701 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_COMP_TYPE (1701)"),
            1702 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_SPATIAL_DIMS (1702)"),
            1703 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_POST_PADDINGS (1703)"),
            1704 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_PRE_PADDINGS (1704)"),
            1705 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_STRIDES (1705)"),
            1706 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_WINDOW_DIMS (1706)"),
            1707 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_NAN_PROPAGATION (1707)"),
            1708 => f.write_str("cudnnBackendAttributeName_t::RESAMPLE_PADDING_MODE (1708)"),
            1710 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_XDESC (1710)"),
            1711 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_YDESC (1711)"),
            1712 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_IDXDESC (1712)"),
            1713 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_ALPHA (1713)"),
            1714 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_BETA (1714)"),
            1716 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_FWD_DESC (1716)"),
            1720 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_DXDESC (1720)"),
            1721 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_DYDESC (1721)"),
            1722 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_IDXDESC (1722)"),
            1723 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_ALPHA (1723)"),
            1724 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_BETA (1724)"),
            1725 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_DESC (1725)"),
            1726 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_XDESC (1726)"),
            1727 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESAMPLE_BWD_YDESC (1727)"),
            1800 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONCAT_AXIS (1800)"),
            1801 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONCAT_INPUT_DESCS (1801)"),
            1802 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONCAT_INPLACE_INDEX (1802)"),
            1803 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONCAT_OUTPUT_DESC (1803)"),
            1900 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SIGNAL_MODE (1900)"),
            1901 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SIGNAL_FLAGDESC (1901)"),
            1902 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SIGNAL_VALUE (1902)"),
            1903 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SIGNAL_XDESC (1903)"),
            1904 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SIGNAL_YDESC (1904)"),
            1950 => f.write_str("cudnnBackendAttributeName_t::OPERATION_PAGED_CACHE_LOAD_CONTAINER_DESC (1950)"),
            1951 => f.write_str("cudnnBackendAttributeName_t::OPERATION_PAGED_CACHE_LOAD_YDESC (1951)"),
            1952 => f.write_str("cudnnBackendAttributeName_t::OPERATION_PAGED_CACHE_LOAD_SEQUENCE_DESC (1952)"),
            1953 => f.write_str("cudnnBackendAttributeName_t::OPERATION_PAGED_CACHE_LOAD_PAGE_TABLE_DESC (1953)"),
            2000 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_MODE (2000)"),
            2001 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_PHASE (2001)"),
            2002 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_XDESC (2002)"),
            2003 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_MEAN_DESC (2003)"),
            2004 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_INV_VARIANCE_DESC (2004)"),
            2005 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_SCALE_DESC (2005)"),
            2006 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_BIAS_DESC (2006)"),
            2007 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_EPSILON_DESC (2007)"),
            2008 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_EXP_AVG_FACTOR_DESC (2008)"),
            2009 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_INPUT_RUNNING_MEAN_DESC (2009)"),
            2010 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_INPUT_RUNNING_VAR_DESC (2010)"),
            2011 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_OUTPUT_RUNNING_MEAN_DESC (2011)"),
            2012 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_OUTPUT_RUNNING_VAR_DESC (2012)"),
            2013 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_YDESC (2013)"),
            2014 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_FWD_PEER_STAT_DESCS (2014)"),
            2100 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_MODE (2100)"),
            2101 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_XDESC (2101)"),
            2102 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_MEAN_DESC (2102)"),
            2103 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_INV_VARIANCE_DESC (2103)"),
            2104 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_DYDESC (2104)"),
            2105 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_SCALE_DESC (2105)"),
            2106 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_EPSILON_DESC (2106)"),
            2107 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_DSCALE_DESC (2107)"),
            2108 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_DBIAS_DESC (2108)"),
            2109 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_DXDESC (2109)"),
            2110 => f.write_str("cudnnBackendAttributeName_t::OPERATION_NORM_BWD_PEER_STAT_DESCS (2110)"),
            2200 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESHAPE_XDESC (2200)"),
            2201 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESHAPE_YDESC (2201)"),
            2202 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RESHAPE_MODE (2202)"),
            2250 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_XDESC (2250)"),
            2251 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_YDESC (2251)"),
            2252 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_LOWER_BANDWIDTH (2252)"),
            2253 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_UPPER_BANDWIDTH (2253)"),
            2254 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_AXIS (2254)"),
            2255 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_PAD_VALUE (2255)"),
            2256 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_KV_TOKEN_OFFSET_DESC (2256)"),
            2257 => f.write_str("cudnnBackendAttributeName_t::OPERATION_EXPAND_BAND_MATRIX_SPECULATIVE_MASK_DESC (2257)"),
            2270 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_XDESC (2270)"),
            2271 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_YDESC (2271)"),
            2272 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_LOWER_BANDWIDTH (2272)"),
            2273 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_UPPER_BANDWIDTH (2273)"),
            2274 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_AXIS (2274)"),
            2275 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MATRIX_PAD_VALUE (2275)"),
            2276 => f.write_str("cudnnBackendAttributeName_t::OPERATION_CONTRACT_BAND_MAX_TOKEN_VALUE (2276)"),
            2300 => f.write_str("cudnnBackendAttributeName_t::RNG_DISTRIBUTION (2300)"),
            2301 => f.write_str("cudnnBackendAttributeName_t::RNG_NORMAL_DIST_MEAN (2301)"),
            2302 => f.write_str("cudnnBackendAttributeName_t::RNG_NORMAL_DIST_STANDARD_DEVIATION (2302)"),
            2303 => f.write_str("cudnnBackendAttributeName_t::RNG_UNIFORM_DIST_MAXIMUM (2303)"),
            2304 => f.write_str("cudnnBackendAttributeName_t::RNG_UNIFORM_DIST_MINIMUM (2304)"),
            2305 => f.write_str("cudnnBackendAttributeName_t::RNG_BERNOULLI_DIST_PROBABILITY (2305)"),
            2310 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RNG_YDESC (2310)"),
            2311 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RNG_SEED (2311)"),
            2312 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RNG_DESC (2312)"),
            2313 => f.write_str("cudnnBackendAttributeName_t::OPERATION_RNG_OFFSET_DESC (2313)"),
            2400 => f.write_str("cudnnBackendAttributeName_t::KERNEL_CACHE_OPERATION_GRAPH (2400)"),
            2401 => f.write_str("cudnnBackendAttributeName_t::KERNEL_CACHE_IS_ENGINECFG_KERNEL_CACHED (2401)"),
            2402 => f.write_str("cudnnBackendAttributeName_t::KERNEL_CACHE_JSON_REPRESENTATION (2402)"),
            2403 => f.write_str("cudnnBackendAttributeName_t::KERNEL_CACHE_REVISION (2403)"),
            2404 => f.write_str("cudnnBackendAttributeName_t::KERNEL_CACHE_ENTRY_COUNT (2404)"),
            2500 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_QUANTIZE_XDESC (2500)"),
            2501 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_QUANTIZE_YDESC (2501)"),
            2502 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC (2502)"),
            2503 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC (2503)"),
            2504 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE (2504)"),
            2600 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_XDESC (2600)"),
            2601 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_SCALE_DESC (2601)"),
            2602 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_YDESC (2602)"),
            2603 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_MATH_PREC (2603)"),
            2604 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE (2604)"),
            2605 => f.write_str("cudnnBackendAttributeName_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_NEG_SCALE (2605)"),
            2700 => f.write_str("cudnnBackendAttributeName_t::DEVICEPROP_DEVICE_ID (2700)"),
            2701 => f.write_str("cudnnBackendAttributeName_t::DEVICEPROP_HANDLE (2701)"),
            2702 => f.write_str("cudnnBackendAttributeName_t::DEVICEPROP_JSON_REPRESENTATION (2702)"),
            2800 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_QDESC (2800)"),
            2801 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_KDESC (2801)"),
            2802 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_VDESC (2802)"),
            2803 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_ODESC (2803)"),
            2804 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_STATSDESC (2804)"),
            2805 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SCALEDESC (2805)"),
            2806 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_BLOCK_MASK_DESC (2806)"),
            2807 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_PAGE_TABLE_KDESC (2807)"),
            2808 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_PAGE_TABLE_VDESC (2808)"),
            2809 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SEQ_LEN_QDESC (2809)"),
            2810 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SEQ_LEN_KVDESC (2810)"),
            2811 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SUBGRAPH (2811)"),
            2812 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SUBGRAPH_INPUT_UID (2812)"),
            2813 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SUBGRAPH_OUTPUT_UID (2813)"),
            2814 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SOFTMAX_DESC (2814)"),
            2815 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DROPOUT_SEED_DESC (2815)"),
            2816 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DROPOUT_OFFSET_DESC (2816)"),
            2817 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DROPOUT_RNG_DUMP_DESC (2817)"),
            2818 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DROPOUT_PROBABILITY (2818)"),
            2819 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_UNFUSE_FMA (2819)"),
            2820 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_CU_SEQ_LEN_QDESC (2820)"),
            2821 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_CU_SEQ_LEN_KVDESC (2821)"),
            2822 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DESCALE_QDESC (2822)"),
            2823 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DESCALE_KDESC (2823)"),
            2824 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DESCALE_VDESC (2824)"),
            2825 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_DESCALE_SDESC (2825)"),
            2826 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SCALE_SDESC (2826)"),
            2827 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_SCALE_ODESC (2827)"),
            2828 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_AMAX_SDESC (2828)"),
            2829 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_FWD_AMAX_ODESC (2829)"),
            2851 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_QDESC (2851)"),
            2852 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_KDESC (2852)"),
            2853 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_VDESC (2853)"),
            2854 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_ODESC (2854)"),
            2855 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_STATSDESC (2855)"),
            2856 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SCALEDESC (2856)"),
            2857 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SEQ_LEN_QDESC (2857)"),
            2858 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SEQ_LEN_KVDESC (2858)"),
            2859 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DQDESC (2859)"),
            2860 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DKDESC (2860)"),
            2861 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DVDESC (2861)"),
            2862 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DODDESC (2862)"),
            2863 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SINK_DESC (2863)"),
            2864 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DSINK_DESC (2864)"),
            2865 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_Q (2865)"),
            2866 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_MAX_TOTAL_SEQ_LEN_KV (2866)"),
            2867 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SUBGRAPH (2867)"),
            2868 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SUBGRAPH_INPUT_UID (2868)"),
            2869 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_SUBGRAPH_OUTPUT_UID (2869)"),
            2870 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_CU_SEQ_LEN_QDESC (2870)"),
            2871 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_CU_SEQ_LEN_KVDESC (2871)"),
            2872 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DROPOUT_SEED_DESC (2872)"),
            2873 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DROPOUT_OFFSET_DESC (2873)"),
            2874 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DROPOUT_PROBABILITY (2874)"),
            2875 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SDPA_BWD_DBIAS_DESC (2875)"),
            2900 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_MODE (2900)"),
            2901 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_MATH_PREC (2901)"),
            2902 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_TOKEN_DESC (2902)"),
            2903 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_WEIGHT_DESC (2903)"),
            2904 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_FIRST_TOKEN_OFFSET_DESC (2904)"),
            2905 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_OUTPUT_DESC (2905)"),
            2906 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_TOKEN_INDEX_DESC (2906)"),
            2907 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_TOKEN_KS_DESC (2907)"),
            2908 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_TOP_K (2908)"),
            2951 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_BWD_MATH_PREC (2951)"),
            2952 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_BWD_TOKEN_DESC (2952)"),
            2953 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_BWD_DWEIGHT_DESC (2953)"),
            2954 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_BWD_FIRST_TOKEN_OFFSET_DESC (2954)"),
            2955 => f.write_str("cudnnBackendAttributeName_t::OPERATION_MOE_GROUPED_MATMUL_BWD_DOUTPUT_DESC (2955)"),
            3000 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_XDESC (3000)"),
            3001 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_KVDESC (3001)"),
            3002 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_SEQ_LEN_QDESC (3002)"),
            3003 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_LEFT_BOUND_DESC (3003)"),
            3004 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_SHIFT_RIGHT_BOUND_DESC (3004)"),
            3005 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_BDESC (3005)"),
            3006 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_YDESC (3006)"),
            3007 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_COMPARISON_MODE (3007)"),
            3008 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_KVDESC (3008)"),
            3009 => f.write_str("cudnnBackendAttributeName_t::OPERATION_DIAGONAL_BAND_MASK_CU_SEQ_LEN_QDESC (3009)"),
            3100 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_XDESC (3100)"),
            3101 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_YDESC (3101)"),
            3102 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_STATS_DESC (3102)"),
            3103 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_MAX_DESC (3103)"),
            3104 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_SUM_EXP_DESC (3104)"),
            3105 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_SINK_DESC (3105)"),
            3106 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SOFTMAX_STATS_LOG2 (3106)"),
            3200 => f.write_str("cudnnBackendAttributeName_t::OPERATION_TRANSPOSE_XDESC (3200)"),
            3201 => f.write_str("cudnnBackendAttributeName_t::OPERATION_TRANSPOSE_YDESC (3201)"),
            3202 => f.write_str("cudnnBackendAttributeName_t::OPERATION_TRANSPOSE_PERMUTATION (3202)"),
            3300 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SLICE_XDESC (3300)"),
            3301 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SLICE_YDESC (3301)"),
            3302 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SLICE_START_INDICES (3302)"),
            3303 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SLICE_LIMIT_INDICES (3303)"),
            3304 => f.write_str("cudnnBackendAttributeName_t::OPERATION_SLICE_STRIDES (3304)"),
            3400 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_FWD_XDESC (3400)"),
            3401 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_FWD_YDESC (3401)"),
            3402 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_FWD_FREQSDESC (3402)"),
            3403 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_FWD_OUTPUT_SCALE (3403)"),
            3404 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_FWD_ROPE_DIM (3404)"),
            3410 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_BWD_DYDESC (3410)"),
            3411 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_BWD_DXDESC (3411)"),
            3412 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_BWD_FREQSDESC (3412)"),
            3413 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_BWD_OUTPUT_SCALE (3413)"),
            3414 => f.write_str("cudnnBackendAttributeName_t::OPERATION_ROPE_BWD_ROPE_DIM (3414)"),
            n => write!(f, "cudnnBackendAttributeName_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendAttributeType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_TYPE_HANDLE",
            1 => "CUDNN_TYPE_DATA_TYPE",
            2 => "CUDNN_TYPE_BOOLEAN",
            3 => "CUDNN_TYPE_INT64",
            4 => "CUDNN_TYPE_FLOAT",
            5 => "CUDNN_TYPE_DOUBLE",
            6 => "CUDNN_TYPE_VOID_PTR",
            7 => "CUDNN_TYPE_CONVOLUTION_MODE",
            8 => "CUDNN_TYPE_HEUR_MODE",
            9 => "CUDNN_TYPE_KNOB_TYPE",
            10 => "CUDNN_TYPE_NAN_PROPOGATION",
            11 => "CUDNN_TYPE_NUMERICAL_NOTE",
            12 => "CUDNN_TYPE_LAYOUT_TYPE",
            13 => "CUDNN_TYPE_ATTRIB_NAME",
            14 => "CUDNN_TYPE_POINTWISE_MODE",
            15 => "CUDNN_TYPE_BACKEND_DESCRIPTOR",
            16 => "CUDNN_TYPE_GENSTATS_MODE",
            17 => "CUDNN_TYPE_BN_FINALIZE_STATS_MODE",
            18 => "CUDNN_TYPE_REDUCTION_OPERATOR_TYPE",
            19 => "CUDNN_TYPE_BEHAVIOR_NOTE",
            20 => "CUDNN_TYPE_TENSOR_REORDERING_MODE",
            21 => "CUDNN_TYPE_RESAMPLE_MODE",
            22 => "CUDNN_TYPE_PADDING_MODE",
            23 => "CUDNN_TYPE_INT32",
            24 => "CUDNN_TYPE_CHAR",
            25 => "CUDNN_TYPE_SIGNAL_MODE",
            26 => "CUDNN_TYPE_FRACTION",
            27 => "CUDNN_TYPE_NORM_MODE",
            28 => "CUDNN_TYPE_NORM_FWD_PHASE",
            29 => "CUDNN_TYPE_RNG_DISTRIBUTION",
            30 => "CUDNN_TYPE_MOE_GROUPED_MATMUL_MODE",
            31 => "CUDNN_TYPE_RESHAPE_MODE",
            32 => "CUDNN_TYPE_OPERATIONGRAPH_MODE",
            33 => "CUDNN_TYPE_CUDA_GRAPH_RETENTION",
            n => return write!(f, "cudnnBackendAttributeType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendAttributeType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendAttributeType_t::HANDLE (0)"),
            1 => f.write_str("cudnnBackendAttributeType_t::DATA_TYPE (1)"),
            2 => f.write_str("cudnnBackendAttributeType_t::BOOLEAN (2)"),
            3 => f.write_str("cudnnBackendAttributeType_t::INT64 (3)"),
            4 => f.write_str("cudnnBackendAttributeType_t::FLOAT (4)"),
            5 => f.write_str("cudnnBackendAttributeType_t::DOUBLE (5)"),
            6 => f.write_str("cudnnBackendAttributeType_t::VOID_PTR (6)"),
            7 => f.write_str("cudnnBackendAttributeType_t::CONVOLUTION_MODE (7)"),
            8 => f.write_str("cudnnBackendAttributeType_t::HEUR_MODE (8)"),
            9 => f.write_str("cudnnBackendAttributeType_t::KNOB_TYPE (9)"),
            10 => f.write_str("cudnnBackendAttributeType_t::NAN_PROPOGATION (10)"),
            11 => f.write_str("cudnnBackendAttributeType_t::NUMERICAL_NOTE (11)"),
            12 => f.write_str("cudnnBackendAttributeType_t::LAYOUT_TYPE (12)"),
            13 => f.write_str("cudnnBackendAttributeType_t::ATTRIB_NAME (13)"),
            14 => f.write_str("cudnnBackendAttributeType_t::POINTWISE_MODE (14)"),
            15 => f.write_str("cudnnBackendAttributeType_t::BACKEND_DESCRIPTOR (15)"),
            16 => f.write_str("cudnnBackendAttributeType_t::GENSTATS_MODE (16)"),
            17 => f.write_str("cudnnBackendAttributeType_t::BN_FINALIZE_STATS_MODE (17)"),
            18 => f.write_str("cudnnBackendAttributeType_t::REDUCTION_OPERATOR_TYPE (18)"),
            19 => f.write_str("cudnnBackendAttributeType_t::BEHAVIOR_NOTE (19)"),
            20 => f.write_str("cudnnBackendAttributeType_t::TENSOR_REORDERING_MODE (20)"),
            21 => f.write_str("cudnnBackendAttributeType_t::RESAMPLE_MODE (21)"),
            22 => f.write_str("cudnnBackendAttributeType_t::PADDING_MODE (22)"),
            23 => f.write_str("cudnnBackendAttributeType_t::INT32 (23)"),
            24 => f.write_str("cudnnBackendAttributeType_t::CHAR (24)"),
            25 => f.write_str("cudnnBackendAttributeType_t::SIGNAL_MODE (25)"),
            26 => f.write_str("cudnnBackendAttributeType_t::FRACTION (26)"),
            27 => f.write_str("cudnnBackendAttributeType_t::NORM_MODE (27)"),
            28 => f.write_str("cudnnBackendAttributeType_t::NORM_FWD_PHASE (28)"),
            29 => f.write_str("cudnnBackendAttributeType_t::RNG_DISTRIBUTION (29)"),
            30 => f.write_str("cudnnBackendAttributeType_t::MOE_GROUPED_MATMUL_MODE (30)"),
            31 => f.write_str("cudnnBackendAttributeType_t::RESHAPE_MODE (31)"),
            32 => f.write_str("cudnnBackendAttributeType_t::OPERATIONGRAPH_MODE (32)"),
            33 => f.write_str("cudnnBackendAttributeType_t::CUDA_GRAPH_RETENTION (33)"),
            n => write!(f, "cudnnBackendAttributeType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendBehaviorNote_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_BEHAVIOR_NOTE_RUNTIME_COMPILATION",
            1 => "CUDNN_BEHAVIOR_NOTE_REQUIRES_FILTER_INT8x32_REORDER",
            2 => "CUDNN_BEHAVIOR_NOTE_REQUIRES_BIAS_INT8x32_REORDER",
            3 => "CUDNN_BEHAVIOR_NOTE_SUPPORTS_CUDA_GRAPH_NATIVE_API",
            4 => "CUDNN_BEHAVIOR_NOTE_CUBLASLT_DEPENDENCY",
            5 => "CUDNN_BEHAVIOR_NOTE_TYPE_COUNT (cuDNN 9)",
            n => return write!(f, "cudnnBackendBehaviorNote_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendBehaviorNote_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendBehaviorNote_t::RUNTIME_COMPILATION (0)"),
            1 => f.write_str("cudnnBackendBehaviorNote_t::REQUIRES_FILTER_INT8x32_REORDER (1)"),
            2 => f.write_str("cudnnBackendBehaviorNote_t::REQUIRES_BIAS_INT8x32_REORDER (2)"),
            3 => f.write_str("cudnnBackendBehaviorNote_t::SUPPORTS_CUDA_GRAPH_NATIVE_API (3)"),
            4 => f.write_str("cudnnBackendBehaviorNote_t::CUBLASLT_DEPENDENCY (4)"),
            5 => f.write_str("cudnnBackendBehaviorNote_t(5): CUDNN_BEHAVIOR_NOTE_TYPE_COUNT (cuDNN 9)"),
            n => write!(f, "cudnnBackendBehaviorNote_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendDescriptorType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_BACKEND_POINTWISE_DESCRIPTOR",
            1 => "CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR",
            2 => "CUDNN_BACKEND_ENGINE_DESCRIPTOR",
            3 => "CUDNN_BACKEND_ENGINECFG_DESCRIPTOR",
            4 => "CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR",
            5 => "CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR",
            6 => "CUDNN_BACKEND_INTERMEDIATE_INFO_DESCRIPTOR",
            7 => "CUDNN_BACKEND_KNOB_CHOICE_DESCRIPTOR",
            8 => "CUDNN_BACKEND_KNOB_INFO_DESCRIPTOR",
            9 => "CUDNN_BACKEND_LAYOUT_INFO_DESCRIPTOR",
            10 => "CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR",
            11 => "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR",
            12 => "CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR",
            13 => "CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR",
            14 => "CUDNN_BACKEND_OPERATION_GEN_STATS_DESCRIPTOR",
            15 => "CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR",
            16 => "CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR",
            17 => "CUDNN_BACKEND_TENSOR_DESCRIPTOR",
            18 => "CUDNN_BACKEND_MATMUL_DESCRIPTOR",
            19 => "CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR",
            20 => "CUDNN_BACKEND_OPERATION_BN_FINALIZE_STATISTICS_DESCRIPTOR",
            21 => "CUDNN_BACKEND_REDUCTION_DESCRIPTOR",
            22 => "CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR",
            23 => "CUDNN_BACKEND_OPERATION_BN_BWD_WEIGHTS_DESCRIPTOR",
            24 => "CUDNN_BACKEND_RESAMPLE_DESCRIPTOR",
            25 => "CUDNN_BACKEND_OPERATION_RESAMPLE_FWD_DESCRIPTOR",
            26 => "CUDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR",
            27 => "CUDNN_BACKEND_OPERATION_CONCAT_DESCRIPTOR",
            28 => "CUDNN_BACKEND_OPERATION_SIGNAL_DESCRIPTOR",
            29 => "CUDNN_BACKEND_OPERATION_NORM_FORWARD_DESCRIPTOR",
            30 => "CUDNN_BACKEND_OPERATION_NORM_BACKWARD_DESCRIPTOR",
            31 => "CUDNN_BACKEND_OPERATION_RESHAPE_DESCRIPTOR",
            32 => "CUDNN_BACKEND_RNG_DESCRIPTOR",
            33 => "CUDNN_BACKEND_OPERATION_RNG_DESCRIPTOR",
            34 => "CUDNN_BACKEND_KERNEL_CACHE_DESCRIPTOR",
            35 => "CUDNN_BACKEND_OPERATION_PAGED_CACHE_LOAD_DESCRIPTOR",
            36 => "CUDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR",
            37 => "CUDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR",
            38 => "CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR",
            39 => "CUDNN_BACKEND_OPERATION_EXPAND_BAND_MATRIX_DESCRIPTOR",
            40 => "CUDNN_BACKEND_OPERATION_CONTRACT_BAND_MATRIX_DESCRIPTOR",
            41 => "CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR",
            42 => "CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR",
            43 => "CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR",
            44 => "CUDNN_BACKEND_OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR",
            45 => "CUDNN_BACKEND_OPERATION_SOFTMAX_DESCRIPTOR",
            46 => "CUDNN_BACKEND_OPERATION_TRANSPOSE_DESCRIPTOR",
            47 => "CUDNN_BACKEND_OPERATION_SLICE_DESCRIPTOR",
            48 => "CUDNN_BACKEND_OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR",
            49 => "CUDNN_BACKEND_OPERATION_ROPE_FWD_DESCRIPTOR",
            50 => "CUDNN_BACKEND_OPERATION_ROPE_BWD_DESCRIPTOR",
            n => return write!(f, "cudnnBackendDescriptorType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendDescriptorType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendDescriptorType_t::POINTWISE_DESCRIPTOR (0)"),
            1 => f.write_str("cudnnBackendDescriptorType_t::CONVOLUTION_DESCRIPTOR (1)"),
            2 => f.write_str("cudnnBackendDescriptorType_t::ENGINE_DESCRIPTOR (2)"),
            3 => f.write_str("cudnnBackendDescriptorType_t::ENGINECFG_DESCRIPTOR (3)"),
            4 => f.write_str("cudnnBackendDescriptorType_t::ENGINEHEUR_DESCRIPTOR (4)"),
            5 => f.write_str("cudnnBackendDescriptorType_t::EXECUTION_PLAN_DESCRIPTOR (5)"),
            6 => f.write_str("cudnnBackendDescriptorType_t::INTERMEDIATE_INFO_DESCRIPTOR (6)"),
            7 => f.write_str("cudnnBackendDescriptorType_t::KNOB_CHOICE_DESCRIPTOR (7)"),
            8 => f.write_str("cudnnBackendDescriptorType_t::KNOB_INFO_DESCRIPTOR (8)"),
            9 => f.write_str("cudnnBackendDescriptorType_t::LAYOUT_INFO_DESCRIPTOR (9)"),
            10 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR (10)"),
            11 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR (11)"),
            12 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR (12)"),
            13 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_POINTWISE_DESCRIPTOR (13)"),
            14 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_GEN_STATS_DESCRIPTOR (14)"),
            15 => f.write_str("cudnnBackendDescriptorType_t::OPERATIONGRAPH_DESCRIPTOR (15)"),
            16 => f.write_str("cudnnBackendDescriptorType_t::VARIANT_PACK_DESCRIPTOR (16)"),
            17 => f.write_str("cudnnBackendDescriptorType_t::TENSOR_DESCRIPTOR (17)"),
            18 => f.write_str("cudnnBackendDescriptorType_t::MATMUL_DESCRIPTOR (18)"),
            19 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_MATMUL_DESCRIPTOR (19)"),
            20 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_BN_FINALIZE_STATISTICS_DESCRIPTOR (20)"),
            21 => f.write_str("cudnnBackendDescriptorType_t::REDUCTION_DESCRIPTOR (21)"),
            22 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_REDUCTION_DESCRIPTOR (22)"),
            23 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_BN_BWD_WEIGHTS_DESCRIPTOR (23)"),
            24 => f.write_str("cudnnBackendDescriptorType_t::RESAMPLE_DESCRIPTOR (24)"),
            25 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_RESAMPLE_FWD_DESCRIPTOR (25)"),
            26 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_RESAMPLE_BWD_DESCRIPTOR (26)"),
            27 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_CONCAT_DESCRIPTOR (27)"),
            28 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_SIGNAL_DESCRIPTOR (28)"),
            29 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_NORM_FORWARD_DESCRIPTOR (29)"),
            30 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_NORM_BACKWARD_DESCRIPTOR (30)"),
            31 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_RESHAPE_DESCRIPTOR (31)"),
            32 => f.write_str("cudnnBackendDescriptorType_t::RNG_DESCRIPTOR (32)"),
            33 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_RNG_DESCRIPTOR (33)"),
            34 => f.write_str("cudnnBackendDescriptorType_t::KERNEL_CACHE_DESCRIPTOR (34)"),
            35 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_PAGED_CACHE_LOAD_DESCRIPTOR (35)"),
            36 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR (36)"),
            37 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR (37)"),
            38 => f.write_str("cudnnBackendDescriptorType_t::DEVICEPROP_DESCRIPTOR (38)"),
            39 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_EXPAND_BAND_MATRIX_DESCRIPTOR (39)"),
            40 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_CONTRACT_BAND_MATRIX_DESCRIPTOR (40)"),
            41 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_SDPA_FWD_DESCRIPTOR (41)"),
            42 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_MOE_GROUPED_MATMUL_DESCRIPTOR (42)"),
            43 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_SDPA_BWD_DESCRIPTOR (43)"),
            44 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_DIAGONAL_BAND_MASK_DESCRIPTOR (44)"),
            45 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_SOFTMAX_DESCRIPTOR (45)"),
            46 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_TRANSPOSE_DESCRIPTOR (46)"),
            47 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_SLICE_DESCRIPTOR (47)"),
            48 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_MOE_GROUPED_MATMUL_BWD_DESCRIPTOR (48)"),
            49 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_ROPE_FWD_DESCRIPTOR (49)"),
            50 => f.write_str("cudnnBackendDescriptorType_t::OPERATION_ROPE_BWD_DESCRIPTOR (50)"),
            n => write!(f, "cudnnBackendDescriptorType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendHeurMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_HEUR_MODE_INSTANT",
            1 => "CUDNN_HEUR_MODE_B",
            2 => "CUDNN_HEUR_MODE_FALLBACK",
            3 => "CUDNN_HEUR_MODE_A",
            4 => "CUDNN_HEUR_MODES_COUNT",
            n => return write!(f, "cudnnBackendHeurMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendHeurMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendHeurMode_t::INSTANT (0)"),
            1 => f.write_str("cudnnBackendHeurMode_t::B (1)"),
            2 => f.write_str("cudnnBackendHeurMode_t::FALLBACK (2)"),
            3 => f.write_str("cudnnBackendHeurMode_t::A (3)"),
            4 => f.write_str("cudnnBackendHeurMode_t::MODES_COUNT (4)"),
            n => write!(f, "cudnnBackendHeurMode_t({n})"),
        }
    }
}
/// [`CUDNN_HEUR_MODE_A`](cudnnBackendHeurMode_t::CUDNN_HEUR_MODE_A): mode A, cuDNN's fast model, which cudnn-frontend uses for its instant heuristics.
impl ::core::default::Default for cudnnBackendHeurMode_t {
    fn default() -> Self {
        cudnnBackendHeurMode_t::CUDNN_HEUR_MODE_A
    }
}
impl ::core::fmt::Display for cudnnBackendKnobType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_KNOB_TYPE_SPLIT_K",
            1 => "CUDNN_KNOB_TYPE_SWIZZLE",
            2 => "CUDNN_KNOB_TYPE_TILE_SIZE",
            3 => "CUDNN_KNOB_TYPE_USE_TEX",
            4 => "CUDNN_KNOB_TYPE_EDGE",
            5 => "CUDNN_KNOB_TYPE_KBLOCK",
            6 => "CUDNN_KNOB_TYPE_LDGA",
            7 => "CUDNN_KNOB_TYPE_LDGB",
            8 => "CUDNN_KNOB_TYPE_CHUNK_K",
            9 => "CUDNN_KNOB_TYPE_SPLIT_H",
            10 => "CUDNN_KNOB_TYPE_WINO_TILE",
            11 => "CUDNN_KNOB_TYPE_MULTIPLY",
            12 => "CUDNN_KNOB_TYPE_SPLIT_K_BUF",
            13 => "CUDNN_KNOB_TYPE_TILEK",
            14 => "CUDNN_KNOB_TYPE_STAGES",
            15 => "CUDNN_KNOB_TYPE_REDUCTION_MODE",
            16 => "CUDNN_KNOB_TYPE_CTA_SPLIT_K_MODE",
            17 => "CUDNN_KNOB_TYPE_SPLIT_K_SLC",
            18 => "CUDNN_KNOB_TYPE_IDX_MODE",
            19 => "CUDNN_KNOB_TYPE_SLICED",
            20 => "CUDNN_KNOB_TYPE_SPLIT_RS",
            21 => "CUDNN_KNOB_TYPE_SINGLEBUFFER",
            22 => "CUDNN_KNOB_TYPE_LDGC",
            23 => "CUDNN_KNOB_TYPE_SPECFILT",
            24 => "CUDNN_KNOB_TYPE_KERNEL_CFG",
            25 => "CUDNN_KNOB_TYPE_WORKSPACE",
            26 => "CUDNN_KNOB_TYPE_TILE_CGA",
            27 => "CUDNN_KNOB_TYPE_TILE_CGA_M",
            28 => "CUDNN_KNOB_TYPE_TILE_CGA_N",
            29 => "CUDNN_KNOB_TYPE_BLOCK_SIZE",
            30 => "CUDNN_KNOB_TYPE_OCCUPANCY",
            31 => "CUDNN_KNOB_TYPE_ARRAY_SIZE_PER_THREAD",
            32 => "CUDNN_KNOB_TYPE_NUM_C_PER_BLOCK",
            33 => "CUDNN_KNOB_TYPE_SPLIT_COLS",
            34 => "CUDNN_KNOB_TYPE_TILE_ROWS",
            35 => "CUDNN_KNOB_TYPE_TILE_COLS",
            36 => "CUDNN_KNOB_TYPE_LOAD_SIZE",
            37 => "CUDNN_KNOB_TYPE_CTA_COUNT",
            38 => "CUDNN_KNOB_TYPE_STREAM_K",
            39 => "CUDNN_KNOB_TYPE_SPLIT_P_SLC",
            40 => "CUDNN_KNOB_TYPE_TILE_M",
            41 => "CUDNN_KNOB_TYPE_TILE_N",
            42 => "CUDNN_KNOB_TYPE_WARP_SPEC_CFG",
            43 => "CUDNN_KNOB_TYPE_SWAP_AB",
            44 => "CUDNN_KNOB_TYPE_INPUT_TMA_ENABLE",
            45 => "CUDNN_KNOB_TYPE_OUTPUT_TMA_ENABLE",
            46 => "CUDNN_KNOB_TYPE_COUNTS (cuDNN 9)",
            n => return write!(f, "cudnnBackendKnobType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendKnobType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendKnobType_t::SPLIT_K (0)"),
            1 => f.write_str("cudnnBackendKnobType_t::SWIZZLE (1)"),
            2 => f.write_str("cudnnBackendKnobType_t::TILE_SIZE (2)"),
            3 => f.write_str("cudnnBackendKnobType_t::USE_TEX (3)"),
            4 => f.write_str("cudnnBackendKnobType_t::EDGE (4)"),
            5 => f.write_str("cudnnBackendKnobType_t::KBLOCK (5)"),
            6 => f.write_str("cudnnBackendKnobType_t::LDGA (6)"),
            7 => f.write_str("cudnnBackendKnobType_t::LDGB (7)"),
            8 => f.write_str("cudnnBackendKnobType_t::CHUNK_K (8)"),
            9 => f.write_str("cudnnBackendKnobType_t::SPLIT_H (9)"),
            10 => f.write_str("cudnnBackendKnobType_t::WINO_TILE (10)"),
            11 => f.write_str("cudnnBackendKnobType_t::MULTIPLY (11)"),
            12 => f.write_str("cudnnBackendKnobType_t::SPLIT_K_BUF (12)"),
            13 => f.write_str("cudnnBackendKnobType_t::TILEK (13)"),
            14 => f.write_str("cudnnBackendKnobType_t::STAGES (14)"),
            15 => f.write_str("cudnnBackendKnobType_t::REDUCTION_MODE (15)"),
            16 => f.write_str("cudnnBackendKnobType_t::CTA_SPLIT_K_MODE (16)"),
            17 => f.write_str("cudnnBackendKnobType_t::SPLIT_K_SLC (17)"),
            18 => f.write_str("cudnnBackendKnobType_t::IDX_MODE (18)"),
            19 => f.write_str("cudnnBackendKnobType_t::SLICED (19)"),
            20 => f.write_str("cudnnBackendKnobType_t::SPLIT_RS (20)"),
            21 => f.write_str("cudnnBackendKnobType_t::SINGLEBUFFER (21)"),
            22 => f.write_str("cudnnBackendKnobType_t::LDGC (22)"),
            23 => f.write_str("cudnnBackendKnobType_t::SPECFILT (23)"),
            24 => f.write_str("cudnnBackendKnobType_t::KERNEL_CFG (24)"),
            25 => f.write_str("cudnnBackendKnobType_t::WORKSPACE (25)"),
            26 => f.write_str("cudnnBackendKnobType_t::TILE_CGA (26)"),
            27 => f.write_str("cudnnBackendKnobType_t::TILE_CGA_M (27)"),
            28 => f.write_str("cudnnBackendKnobType_t::TILE_CGA_N (28)"),
            29 => f.write_str("cudnnBackendKnobType_t::BLOCK_SIZE (29)"),
            30 => f.write_str("cudnnBackendKnobType_t::OCCUPANCY (30)"),
            31 => f.write_str("cudnnBackendKnobType_t::ARRAY_SIZE_PER_THREAD (31)"),
            32 => f.write_str("cudnnBackendKnobType_t::NUM_C_PER_BLOCK (32)"),
            33 => f.write_str("cudnnBackendKnobType_t::SPLIT_COLS (33)"),
            34 => f.write_str("cudnnBackendKnobType_t::TILE_ROWS (34)"),
            35 => f.write_str("cudnnBackendKnobType_t::TILE_COLS (35)"),
            36 => f.write_str("cudnnBackendKnobType_t::LOAD_SIZE (36)"),
            37 => f.write_str("cudnnBackendKnobType_t::CTA_COUNT (37)"),
            38 => f.write_str("cudnnBackendKnobType_t::STREAM_K (38)"),
            39 => f.write_str("cudnnBackendKnobType_t::SPLIT_P_SLC (39)"),
            40 => f.write_str("cudnnBackendKnobType_t::TILE_M (40)"),
            41 => f.write_str("cudnnBackendKnobType_t::TILE_N (41)"),
            42 => f.write_str("cudnnBackendKnobType_t::WARP_SPEC_CFG (42)"),
            43 => f.write_str("cudnnBackendKnobType_t::SWAP_AB (43)"),
            44 => f.write_str("cudnnBackendKnobType_t::INPUT_TMA_ENABLE (44)"),
            45 => f.write_str("cudnnBackendKnobType_t::OUTPUT_TMA_ENABLE (45)"),
            46 => f.write_str("cudnnBackendKnobType_t(46): CUDNN_KNOB_TYPE_COUNTS (cuDNN 9)"),
            n => write!(f, "cudnnBackendKnobType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendLayoutType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_LAYOUT_TYPE_PREFERRED_NCHW",
            1 => "CUDNN_LAYOUT_TYPE_PREFERRED_NHWC",
            2 => "CUDNN_LAYOUT_TYPE_PREFERRED_PAD4CK",
            3 => "CUDNN_LAYOUT_TYPE_PREFERRED_PAD8CK",
            4 => "CUDNN_LAYOUT_TYPE_COUNT",
            n => return write!(f, "cudnnBackendLayoutType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendLayoutType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendLayoutType_t::NCHW (0)"),
            1 => f.write_str("cudnnBackendLayoutType_t::NHWC (1)"),
            2 => f.write_str("cudnnBackendLayoutType_t::PAD4CK (2)"),
            3 => f.write_str("cudnnBackendLayoutType_t::PAD8CK (3)"),
            4 => f.write_str("cudnnBackendLayoutType_t::COUNT (4)"),
            n => write!(f, "cudnnBackendLayoutType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendNormFwdPhase_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NORM_FWD_INFERENCE",
            1 => "CUDNN_NORM_FWD_TRAINING",
            n => return write!(f, "cudnnBackendNormFwdPhase_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendNormFwdPhase_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendNormFwdPhase_t::INFERENCE (0)"),
            1 => f.write_str("cudnnBackendNormFwdPhase_t::TRAINING (1)"),
            n => write!(f, "cudnnBackendNormFwdPhase_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_LAYER_NORM",
            1 => "CUDNN_INSTANCE_NORM",
            2 => "CUDNN_BATCH_NORM",
            3 => "CUDNN_GROUP_NORM",
            4 => "CUDNN_RMS_NORM",
            5 => "CUDNN_ADA_LAYER_NORM",
            n => return write!(f, "cudnnBackendNormMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendNormMode_t::LAYER_NORM (0)"),
            1 => f.write_str("cudnnBackendNormMode_t::INSTANCE_NORM (1)"),
            2 => f.write_str("cudnnBackendNormMode_t::BATCH_NORM (2)"),
            3 => f.write_str("cudnnBackendNormMode_t::GROUP_NORM (3)"),
            4 => f.write_str("cudnnBackendNormMode_t::RMS_NORM (4)"),
            5 => f.write_str("cudnnBackendNormMode_t::ADA_LAYER_NORM (5)"),
            n => write!(f, "cudnnBackendNormMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendNumericalNote_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NUMERICAL_NOTE_TENSOR_CORE",
            1 => "CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS",
            2 => "CUDNN_NUMERICAL_NOTE_REDUCED_PRECISION_REDUCTION",
            3 => "CUDNN_NUMERICAL_NOTE_FFT",
            4 => "CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC",
            5 => "CUDNN_NUMERICAL_NOTE_WINOGRAD",
            6 => "CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_4x4",
            7 => "CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_6x6",
            8 => "CUDNN_NUMERICAL_NOTE_WINOGRAD_TILE_13x13",
            9 => "CUDNN_NUMERICAL_NOTE_STRICT_NAN_PROP",
            10 => "CUDNN_NUMERICAL_NOTE_TYPE_COUNT (cuDNN 9)",
            n => return write!(f, "cudnnBackendNumericalNote_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendNumericalNote_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendNumericalNote_t::TENSOR_CORE (0)"),
            1 => f.write_str("cudnnBackendNumericalNote_t::DOWN_CONVERT_INPUTS (1)"),
            2 => f.write_str("cudnnBackendNumericalNote_t::REDUCED_PRECISION_REDUCTION (2)"),
            3 => f.write_str("cudnnBackendNumericalNote_t::FFT (3)"),
            4 => f.write_str("cudnnBackendNumericalNote_t::NONDETERMINISTIC (4)"),
            5 => f.write_str("cudnnBackendNumericalNote_t::WINOGRAD (5)"),
            6 => f.write_str("cudnnBackendNumericalNote_t::WINOGRAD_TILE_4x4 (6)"),
            7 => f.write_str("cudnnBackendNumericalNote_t::WINOGRAD_TILE_6x6 (7)"),
            8 => f.write_str("cudnnBackendNumericalNote_t::WINOGRAD_TILE_13x13 (8)"),
            9 => f.write_str("cudnnBackendNumericalNote_t::STRICT_NAN_PROP (9)"),
            10 => f.write_str("cudnnBackendNumericalNote_t(10): CUDNN_NUMERICAL_NOTE_TYPE_COUNT (cuDNN 9)"),
            n => write!(f, "cudnnBackendNumericalNote_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendOperationGraphMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            -1 => "CUDNN_OPERATIONGRAPH_MODE_AUTO",
            0 => "CUDNN_OPERATIONGRAPH_MODE_CONV_FORWARD",
            1 => "CUDNN_OPERATIONGRAPH_MODE_CONV_BWD_DATA",
            2 => "CUDNN_OPERATIONGRAPH_MODE_CONV_BWD_FILTER",
            17 => "CUDNN_OPERATIONGRAPH_MODE_NORM_FWD_INFER",
            18 => "CUDNN_OPERATIONGRAPH_MODE_NORM_FWD_TRAIN",
            19 => "CUDNN_OPERATIONGRAPH_MODE_NORM_BWD",
            20 => "CUDNN_OPERATIONGRAPH_MODE_GENERIC_CONV_FUSION",
            22 => "CUDNN_OPERATIONGRAPH_MODE_RESAMPLE_FWD",
            23 => "CUDNN_OPERATIONGRAPH_MODE_RESAMPLE_BWD",
            25 => "CUDNN_OPERATIONGRAPH_MODE_BLAS_MATMUL",
            26 => "CUDNN_OPERATIONGRAPH_MODE_GENERIC_MATMUL_FUSION",
            27 => "CUDNN_OPERATIONGRAPH_MODE_GENERIC_POINTWISE_FUSION",
            28 => "CUDNN_OPERATIONGRAPH_MODE_SDPA_FWD",
            29 => "CUDNN_OPERATIONGRAPH_MODE_SDPA_BWD",
            30 => "CUDNN_OPERATIONGRAPH_MODE_UNIFIED_SDPA_FWD",
            31 => "CUDNN_OPERATIONGRAPH_MODE_UNIFIED_SDPA_BWD",
            n => return write!(f, "cudnnBackendOperationGraphMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendOperationGraphMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            -1 => f.write_str("cudnnBackendOperationGraphMode_t::AUTO (-1)"),
            0 => f.write_str("cudnnBackendOperationGraphMode_t::CONV_FORWARD (0)"),
            1 => f.write_str("cudnnBackendOperationGraphMode_t::CONV_BWD_DATA (1)"),
            2 => f.write_str("cudnnBackendOperationGraphMode_t::CONV_BWD_FILTER (2)"),
            17 => f.write_str("cudnnBackendOperationGraphMode_t::NORM_FWD_INFER (17)"),
            18 => f.write_str("cudnnBackendOperationGraphMode_t::NORM_FWD_TRAIN (18)"),
            19 => f.write_str("cudnnBackendOperationGraphMode_t::NORM_BWD (19)"),
            20 => f.write_str("cudnnBackendOperationGraphMode_t::GENERIC_CONV_FUSION (20)"),
            22 => f.write_str("cudnnBackendOperationGraphMode_t::RESAMPLE_FWD (22)"),
            23 => f.write_str("cudnnBackendOperationGraphMode_t::RESAMPLE_BWD (23)"),
            25 => f.write_str("cudnnBackendOperationGraphMode_t::BLAS_MATMUL (25)"),
            26 => f.write_str("cudnnBackendOperationGraphMode_t::GENERIC_MATMUL_FUSION (26)"),
            27 => f.write_str("cudnnBackendOperationGraphMode_t::GENERIC_POINTWISE_FUSION (27)"),
            28 => f.write_str("cudnnBackendOperationGraphMode_t::SDPA_FWD (28)"),
            29 => f.write_str("cudnnBackendOperationGraphMode_t::SDPA_BWD (29)"),
            30 => f.write_str("cudnnBackendOperationGraphMode_t::UNIFIED_SDPA_FWD (30)"),
            31 => f.write_str("cudnnBackendOperationGraphMode_t::UNIFIED_SDPA_BWD (31)"),
            n => write!(f, "cudnnBackendOperationGraphMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendReshapeMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RESHAPE_VIEW_ONLY",
            1 => "CUDNN_RESHAPE_LOGICAL",
            n => return write!(f, "cudnnBackendReshapeMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendReshapeMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendReshapeMode_t::VIEW_ONLY (0)"),
            1 => f.write_str("cudnnBackendReshapeMode_t::LOGICAL (1)"),
            n => write!(f, "cudnnBackendReshapeMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBackendTensorReordering_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_TENSOR_REORDERING_NONE",
            1 => "CUDNN_TENSOR_REORDERING_INT8x32",
            2 => "CUDNN_TENSOR_REORDERING_F16x16",
            3 => "CUDNN_TENSOR_REORDERING_F8_128x4",
            n => return write!(f, "cudnnBackendTensorReordering_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBackendTensorReordering_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBackendTensorReordering_t::NONE (0)"),
            1 => f.write_str("cudnnBackendTensorReordering_t::INT8x32 (1)"),
            2 => f.write_str("cudnnBackendTensorReordering_t::F16x16 (2)"),
            3 => f.write_str("cudnnBackendTensorReordering_t::F8_128x4 (3)"),
            n => write!(f, "cudnnBackendTensorReordering_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBatchNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_BATCHNORM_PER_ACTIVATION",
            1 => "CUDNN_BATCHNORM_SPATIAL",
            2 => "CUDNN_BATCHNORM_SPATIAL_PERSISTENT",
            n => return write!(f, "cudnnBatchNormMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBatchNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBatchNormMode_t::PER_ACTIVATION (0)"),
            1 => f.write_str("cudnnBatchNormMode_t::SPATIAL (1)"),
            2 => f.write_str("cudnnBatchNormMode_t::SPATIAL_PERSISTENT (2)"),
            n => write!(f, "cudnnBatchNormMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBatchNormOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_BATCHNORM_OPS_BN",
            1 => "CUDNN_BATCHNORM_OPS_BN_ACTIVATION",
            2 => "CUDNN_BATCHNORM_OPS_BN_ADD_ACTIVATION",
            n => return write!(f, "cudnnBatchNormOps_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBatchNormOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBatchNormOps_t::BN (0)"),
            1 => f.write_str("cudnnBatchNormOps_t::BN_ACTIVATION (1)"),
            2 => f.write_str("cudnnBatchNormOps_t::BN_ADD_ACTIVATION (2)"),
            n => write!(f, "cudnnBatchNormOps_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnBnFinalizeStatsMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_BN_FINALIZE_STATISTICS_TRAINING",
            1 => "CUDNN_BN_FINALIZE_STATISTICS_INFERENCE",
            n => return write!(f, "cudnnBnFinalizeStatsMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnBnFinalizeStatsMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnBnFinalizeStatsMode_t::TRAINING (0)"),
            1 => f.write_str("cudnnBnFinalizeStatsMode_t::INFERENCE (1)"),
            n => write!(f, "cudnnBnFinalizeStatsMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnCTCGradMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CTC_ZERO_OOB_GRADIENTS",
            1 => "CUDNN_CTC_SKIP_OOB_GRADIENTS",
            n => return write!(f, "cudnnCTCGradMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnCTCGradMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnCTCGradMode_t::ZERO_OOB_GRADIENTS (0)"),
            1 => f.write_str("cudnnCTCGradMode_t::SKIP_OOB_GRADIENTS (1)"),
            n => write!(f, "cudnnCTCGradMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnCTCLossAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CTC_LOSS_ALGO_DETERMINISTIC",
            1 => "CUDNN_CTC_LOSS_ALGO_NON_DETERMINISTIC",
            n => return write!(f, "cudnnCTCLossAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnCTCLossAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnCTCLossAlgo_t::DETERMINISTIC (0)"),
            1 => f.write_str("cudnnCTCLossAlgo_t::NON_DETERMINISTIC (1)"),
            n => write!(f, "cudnnCTCLossAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnCausalConv1dActivation_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CAUSAL_CONV1D_ACTIVATION_IDENTITY",
            1 => "CUDNN_CAUSAL_CONV1D_ACTIVATION_SILU",
            n => return write!(f, "cudnnCausalConv1dActivation_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnCausalConv1dActivation_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnCausalConv1dActivation_t::IDENTITY (0)"),
            1 => f.write_str("cudnnCausalConv1dActivation_t::SILU (1)"),
            n => write!(f, "cudnnCausalConv1dActivation_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnConvolutionBwdDataAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_0",
            1 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_1",
            2 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT",
            3 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_FFT_TILING",
            4 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD",
            5 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED",
            6 => "CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT",
            n => return write!(f, "cudnnConvolutionBwdDataAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnConvolutionBwdDataAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnConvolutionBwdDataAlgo_t::ALGO_0 (0)"),
            1 => f.write_str("cudnnConvolutionBwdDataAlgo_t::ALGO_1 (1)"),
            2 => f.write_str("cudnnConvolutionBwdDataAlgo_t::FFT (2)"),
            3 => f.write_str("cudnnConvolutionBwdDataAlgo_t::FFT_TILING (3)"),
            4 => f.write_str("cudnnConvolutionBwdDataAlgo_t::WINOGRAD (4)"),
            5 => f.write_str("cudnnConvolutionBwdDataAlgo_t::WINOGRAD_NONFUSED (5)"),
            6 => f.write_str("cudnnConvolutionBwdDataAlgo_t::COUNT (6)"),
            n => write!(f, "cudnnConvolutionBwdDataAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnConvolutionBwdFilterAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_0",
            1 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1",
            2 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT",
            3 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_3",
            4 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD",
            5 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED",
            6 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT_TILING",
            7 => "CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT",
            n => return write!(f, "cudnnConvolutionBwdFilterAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnConvolutionBwdFilterAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::ALGO_0 (0)"),
            1 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::ALGO_1 (1)"),
            2 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::FFT (2)"),
            3 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::ALGO_3 (3)"),
            4 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::WINOGRAD (4)"),
            5 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::WINOGRAD_NONFUSED (5)"),
            6 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::FFT_TILING (6)"),
            7 => f.write_str("cudnnConvolutionBwdFilterAlgo_t::COUNT (7)"),
            n => write!(f, "cudnnConvolutionBwdFilterAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnConvolutionFwdAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM",
            1 => "CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM",
            2 => "CUDNN_CONVOLUTION_FWD_ALGO_GEMM",
            3 => "CUDNN_CONVOLUTION_FWD_ALGO_DIRECT",
            4 => "CUDNN_CONVOLUTION_FWD_ALGO_FFT",
            5 => "CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING",
            6 => "CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD",
            7 => "CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED",
            8 => "CUDNN_CONVOLUTION_FWD_ALGO_COUNT",
            n => return write!(f, "cudnnConvolutionFwdAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnConvolutionFwdAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnConvolutionFwdAlgo_t::IMPLICIT_GEMM (0)"),
            1 => f.write_str("cudnnConvolutionFwdAlgo_t::IMPLICIT_PRECOMP_GEMM (1)"),
            2 => f.write_str("cudnnConvolutionFwdAlgo_t::GEMM (2)"),
            3 => f.write_str("cudnnConvolutionFwdAlgo_t::DIRECT (3)"),
            4 => f.write_str("cudnnConvolutionFwdAlgo_t::FFT (4)"),
            5 => f.write_str("cudnnConvolutionFwdAlgo_t::FFT_TILING (5)"),
            6 => f.write_str("cudnnConvolutionFwdAlgo_t::WINOGRAD (6)"),
            7 => f.write_str("cudnnConvolutionFwdAlgo_t::WINOGRAD_NONFUSED (7)"),
            8 => f.write_str("cudnnConvolutionFwdAlgo_t::COUNT (8)"),
            n => write!(f, "cudnnConvolutionFwdAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnConvolutionMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CONVOLUTION",
            1 => "CUDNN_CROSS_CORRELATION",
            n => return write!(f, "cudnnConvolutionMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnConvolutionMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnConvolutionMode_t::CONVOLUTION (0)"),
            1 => f.write_str("cudnnConvolutionMode_t::CROSS_CORRELATION (1)"),
            n => write!(f, "cudnnConvolutionMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnCudaGraphRetention_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_CUDA_GRAPH_RETENTION_PER_GRAPH",
            1 => "CUDNN_CUDA_GRAPH_RETENTION_NONE",
            n => return write!(f, "cudnnCudaGraphRetention_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnCudaGraphRetention_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnCudaGraphRetention_t::PER_GRAPH (0)"),
            1 => f.write_str("cudnnCudaGraphRetention_t::NONE (1)"),
            n => write!(f, "cudnnCudaGraphRetention_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnDataType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_DATA_FLOAT",
            1 => "CUDNN_DATA_DOUBLE",
            2 => "CUDNN_DATA_HALF",
            3 => "CUDNN_DATA_INT8",
            4 => "CUDNN_DATA_INT32",
            5 => "CUDNN_DATA_INT8x4",
            6 => "CUDNN_DATA_UINT8",
            7 => "CUDNN_DATA_UINT8x4",
            8 => "CUDNN_DATA_INT8x32",
            9 => "CUDNN_DATA_BFLOAT16",
            10 => "CUDNN_DATA_INT64",
            11 => "CUDNN_DATA_BOOLEAN",
            12 => "CUDNN_DATA_FP8_E4M3",
            13 => "CUDNN_DATA_FP8_E5M2",
            14 => "CUDNN_DATA_FAST_FLOAT_FOR_FP8",
            15 => "CUDNN_DATA_FP8_E8M0",
            16 => "CUDNN_DATA_FP4_E2M1",
            17 => "CUDNN_DATA_INT4",
            18 => "CUDNN_DATA_UINT4",
            19 => "CUDNN_DATA_UINT32",
            20 => "CUDNN_DATA_COMPLEX_FP32",
            21 => "CUDNN_DATA_COMPLEX_FP64",
            22 => "CUDNN_DATA_BYTE_BOOLEAN",
            23 => "CUDNN_DATA_FP8_E5M3",
            n => return write!(f, "cudnnDataType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnDataType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnDataType_t::FLOAT (0)"),
            1 => f.write_str("cudnnDataType_t::DOUBLE (1)"),
            2 => f.write_str("cudnnDataType_t::HALF (2)"),
            3 => f.write_str("cudnnDataType_t::INT8 (3)"),
            4 => f.write_str("cudnnDataType_t::INT32 (4)"),
            5 => f.write_str("cudnnDataType_t::INT8x4 (5)"),
            6 => f.write_str("cudnnDataType_t::UINT8 (6)"),
            7 => f.write_str("cudnnDataType_t::UINT8x4 (7)"),
            8 => f.write_str("cudnnDataType_t::INT8x32 (8)"),
            9 => f.write_str("cudnnDataType_t::BFLOAT16 (9)"),
            10 => f.write_str("cudnnDataType_t::INT64 (10)"),
            11 => f.write_str("cudnnDataType_t::BOOLEAN (11)"),
            12 => f.write_str("cudnnDataType_t::FP8_E4M3 (12)"),
            13 => f.write_str("cudnnDataType_t::FP8_E5M2 (13)"),
            14 => f.write_str("cudnnDataType_t::FAST_FLOAT_FOR_FP8 (14)"),
            15 => f.write_str("cudnnDataType_t::FP8_E8M0 (15)"),
            16 => f.write_str("cudnnDataType_t::FP4_E2M1 (16)"),
            17 => f.write_str("cudnnDataType_t::INT4 (17)"),
            18 => f.write_str("cudnnDataType_t::UINT4 (18)"),
            19 => f.write_str("cudnnDataType_t::UINT32 (19)"),
            20 => f.write_str("cudnnDataType_t::COMPLEX_FP32 (20)"),
            21 => f.write_str("cudnnDataType_t::COMPLEX_FP64 (21)"),
            22 => f.write_str("cudnnDataType_t::BYTE_BOOLEAN (22)"),
            23 => f.write_str("cudnnDataType_t::FP8_E5M3 (23)"),
            n => write!(f, "cudnnDataType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnDeterminism_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NON_DETERMINISTIC",
            1 => "CUDNN_DETERMINISTIC",
            n => return write!(f, "cudnnDeterminism_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnDeterminism_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnDeterminism_t::NON_DETERMINISTIC (0)"),
            1 => f.write_str("cudnnDeterminism_t::DETERMINISTIC (1)"),
            n => write!(f, "cudnnDeterminism_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnDirectionMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_UNIDIRECTIONAL",
            1 => "CUDNN_BIDIRECTIONAL",
            n => return write!(f, "cudnnDirectionMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnDirectionMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnDirectionMode_t::UNIDIRECTIONAL (0)"),
            1 => f.write_str("cudnnDirectionMode_t::BIDIRECTIONAL (1)"),
            n => write!(f, "cudnnDirectionMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnDivNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_DIVNORM_PRECOMPUTED_MEANS",
            n => return write!(f, "cudnnDivNormMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnDivNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnDivNormMode_t::PRECOMPUTED_MEANS (0)"),
            n => write!(f, "cudnnDivNormMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnErrQueryMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_ERRQUERY_RAWCODE",
            1 => "CUDNN_ERRQUERY_NONBLOCKING",
            2 => "CUDNN_ERRQUERY_BLOCKING",
            n => return write!(f, "cudnnErrQueryMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnErrQueryMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnErrQueryMode_t::RAWCODE (0)"),
            1 => f.write_str("cudnnErrQueryMode_t::NONBLOCKING (1)"),
            2 => f.write_str("cudnnErrQueryMode_t::BLOCKING (2)"),
            n => write!(f, "cudnnErrQueryMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnFoldingDirection_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_TRANSFORM_FOLD",
            1 => "CUDNN_TRANSFORM_UNFOLD",
            n => return write!(f, "cudnnFoldingDirection_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnFoldingDirection_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnFoldingDirection_t::FOLD (0)"),
            1 => f.write_str("cudnnFoldingDirection_t::UNFOLD (1)"),
            n => write!(f, "cudnnFoldingDirection_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnForwardMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_FWD_MODE_INFERENCE",
            1 => "CUDNN_FWD_MODE_TRAINING",
            n => return write!(f, "cudnnForwardMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnForwardMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnForwardMode_t::INFERENCE (0)"),
            1 => f.write_str("cudnnForwardMode_t::TRAINING (1)"),
            n => write!(f, "cudnnForwardMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnFusedOpsConstParamLabel_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_PARAM_XDESC",
            1 => "CUDNN_PARAM_XDATA_PLACEHOLDER",
            2 => "CUDNN_PARAM_BN_MODE",
            3 => "CUDNN_PARAM_BN_EQSCALEBIAS_DESC",
            4 => "CUDNN_PARAM_BN_EQSCALE_PLACEHOLDER",
            5 => "CUDNN_PARAM_BN_EQBIAS_PLACEHOLDER",
            6 => "CUDNN_PARAM_ACTIVATION_DESC",
            7 => "CUDNN_PARAM_CONV_DESC",
            8 => "CUDNN_PARAM_WDESC",
            9 => "CUDNN_PARAM_WDATA_PLACEHOLDER",
            10 => "CUDNN_PARAM_DWDESC",
            11 => "CUDNN_PARAM_DWDATA_PLACEHOLDER",
            12 => "CUDNN_PARAM_YDESC",
            13 => "CUDNN_PARAM_YDATA_PLACEHOLDER",
            14 => "CUDNN_PARAM_DYDESC",
            15 => "CUDNN_PARAM_DYDATA_PLACEHOLDER",
            16 => "CUDNN_PARAM_YSTATS_DESC",
            17 => "CUDNN_PARAM_YSUM_PLACEHOLDER",
            18 => "CUDNN_PARAM_YSQSUM_PLACEHOLDER",
            19 => "CUDNN_PARAM_BN_SCALEBIAS_MEANVAR_DESC",
            20 => "CUDNN_PARAM_BN_SCALE_PLACEHOLDER",
            21 => "CUDNN_PARAM_BN_BIAS_PLACEHOLDER",
            22 => "CUDNN_PARAM_BN_SAVED_MEAN_PLACEHOLDER",
            23 => "CUDNN_PARAM_BN_SAVED_INVSTD_PLACEHOLDER",
            24 => "CUDNN_PARAM_BN_RUNNING_MEAN_PLACEHOLDER",
            25 => "CUDNN_PARAM_BN_RUNNING_VAR_PLACEHOLDER",
            26 => "CUDNN_PARAM_ZDESC",
            27 => "CUDNN_PARAM_ZDATA_PLACEHOLDER",
            28 => "CUDNN_PARAM_BN_Z_EQSCALEBIAS_DESC",
            29 => "CUDNN_PARAM_BN_Z_EQSCALE_PLACEHOLDER",
            30 => "CUDNN_PARAM_BN_Z_EQBIAS_PLACEHOLDER",
            31 => "CUDNN_PARAM_ACTIVATION_BITMASK_DESC",
            32 => "CUDNN_PARAM_ACTIVATION_BITMASK_PLACEHOLDER",
            33 => "CUDNN_PARAM_DXDESC",
            34 => "CUDNN_PARAM_DXDATA_PLACEHOLDER",
            35 => "CUDNN_PARAM_DZDESC",
            36 => "CUDNN_PARAM_DZDATA_PLACEHOLDER",
            37 => "CUDNN_PARAM_BN_DSCALE_PLACEHOLDER",
            38 => "CUDNN_PARAM_BN_DBIAS_PLACEHOLDER",
            n => return write!(f, "cudnnFusedOpsConstParamLabel_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnFusedOpsConstParamLabel_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnFusedOpsConstParamLabel_t::XDESC (0)"),
            1 => f.write_str("cudnnFusedOpsConstParamLabel_t::XDATA_PLACEHOLDER (1)"),
            2 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_MODE (2)"),
            3 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_EQSCALEBIAS_DESC (3)"),
            4 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_EQSCALE_PLACEHOLDER (4)"),
            5 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_EQBIAS_PLACEHOLDER (5)"),
            6 => f.write_str("cudnnFusedOpsConstParamLabel_t::ACTIVATION_DESC (6)"),
            7 => f.write_str("cudnnFusedOpsConstParamLabel_t::CONV_DESC (7)"),
            8 => f.write_str("cudnnFusedOpsConstParamLabel_t::WDESC (8)"),
            9 => f.write_str("cudnnFusedOpsConstParamLabel_t::WDATA_PLACEHOLDER (9)"),
            10 => f.write_str("cudnnFusedOpsConstParamLabel_t::DWDESC (10)"),
            11 => f.write_str("cudnnFusedOpsConstParamLabel_t::DWDATA_PLACEHOLDER (11)"),
            12 => f.write_str("cudnnFusedOpsConstParamLabel_t::YDESC (12)"),
            13 => f.write_str("cudnnFusedOpsConstParamLabel_t::YDATA_PLACEHOLDER (13)"),
            14 => f.write_str("cudnnFusedOpsConstParamLabel_t::DYDESC (14)"),
            15 => f.write_str("cudnnFusedOpsConstParamLabel_t::DYDATA_PLACEHOLDER (15)"),
            16 => f.write_str("cudnnFusedOpsConstParamLabel_t::YSTATS_DESC (16)"),
            17 => f.write_str("cudnnFusedOpsConstParamLabel_t::YSUM_PLACEHOLDER (17)"),
            18 => f.write_str("cudnnFusedOpsConstParamLabel_t::YSQSUM_PLACEHOLDER (18)"),
            19 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_SCALEBIAS_MEANVAR_DESC (19)"),
            20 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_SCALE_PLACEHOLDER (20)"),
            21 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_BIAS_PLACEHOLDER (21)"),
            22 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_SAVED_MEAN_PLACEHOLDER (22)"),
            23 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_SAVED_INVSTD_PLACEHOLDER (23)"),
            24 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_RUNNING_MEAN_PLACEHOLDER (24)"),
            25 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_RUNNING_VAR_PLACEHOLDER (25)"),
            26 => f.write_str("cudnnFusedOpsConstParamLabel_t::ZDESC (26)"),
            27 => f.write_str("cudnnFusedOpsConstParamLabel_t::ZDATA_PLACEHOLDER (27)"),
            28 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_Z_EQSCALEBIAS_DESC (28)"),
            29 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_Z_EQSCALE_PLACEHOLDER (29)"),
            30 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_Z_EQBIAS_PLACEHOLDER (30)"),
            31 => f.write_str("cudnnFusedOpsConstParamLabel_t::ACTIVATION_BITMASK_DESC (31)"),
            32 => f.write_str("cudnnFusedOpsConstParamLabel_t::ACTIVATION_BITMASK_PLACEHOLDER (32)"),
            33 => f.write_str("cudnnFusedOpsConstParamLabel_t::DXDESC (33)"),
            34 => f.write_str("cudnnFusedOpsConstParamLabel_t::DXDATA_PLACEHOLDER (34)"),
            35 => f.write_str("cudnnFusedOpsConstParamLabel_t::DZDESC (35)"),
            36 => f.write_str("cudnnFusedOpsConstParamLabel_t::DZDATA_PLACEHOLDER (36)"),
            37 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_DSCALE_PLACEHOLDER (37)"),
            38 => f.write_str("cudnnFusedOpsConstParamLabel_t::BN_DBIAS_PLACEHOLDER (38)"),
            n => write!(f, "cudnnFusedOpsConstParamLabel_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnFusedOpsPointerPlaceHolder_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_PTR_NULL",
            1 => "CUDNN_PTR_ELEM_ALIGNED",
            2 => "CUDNN_PTR_16B_ALIGNED",
            n => return write!(f, "cudnnFusedOpsPointerPlaceHolder_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnFusedOpsPointerPlaceHolder_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnFusedOpsPointerPlaceHolder_t::NULL (0)"),
            1 => f.write_str("cudnnFusedOpsPointerPlaceHolder_t::ELEM_ALIGNED (1)"),
            2 => f.write_str("cudnnFusedOpsPointerPlaceHolder_t::PTR_16B_ALIGNED (2)"),
            n => write!(f, "cudnnFusedOpsPointerPlaceHolder_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnFusedOpsVariantParamLabel_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_PTR_XDATA",
            1 => "CUDNN_PTR_BN_EQSCALE",
            2 => "CUDNN_PTR_BN_EQBIAS",
            3 => "CUDNN_PTR_WDATA",
            4 => "CUDNN_PTR_DWDATA",
            5 => "CUDNN_PTR_YDATA",
            6 => "CUDNN_PTR_DYDATA",
            7 => "CUDNN_PTR_YSUM",
            8 => "CUDNN_PTR_YSQSUM",
            9 => "CUDNN_PTR_WORKSPACE",
            10 => "CUDNN_PTR_BN_SCALE",
            11 => "CUDNN_PTR_BN_BIAS",
            12 => "CUDNN_PTR_BN_SAVED_MEAN",
            13 => "CUDNN_PTR_BN_SAVED_INVSTD",
            14 => "CUDNN_PTR_BN_RUNNING_MEAN",
            15 => "CUDNN_PTR_BN_RUNNING_VAR",
            16 => "CUDNN_PTR_ZDATA",
            17 => "CUDNN_PTR_BN_Z_EQSCALE",
            18 => "CUDNN_PTR_BN_Z_EQBIAS",
            19 => "CUDNN_PTR_ACTIVATION_BITMASK",
            20 => "CUDNN_PTR_DXDATA",
            21 => "CUDNN_PTR_DZDATA",
            22 => "CUDNN_PTR_BN_DSCALE",
            23 => "CUDNN_PTR_BN_DBIAS",
            100 => "CUDNN_SCALAR_SIZE_T_WORKSPACE_SIZE_IN_BYTES",
            101 => "CUDNN_SCALAR_INT64_T_BN_ACCUMULATION_COUNT",
            102 => "CUDNN_SCALAR_DOUBLE_BN_EXP_AVG_FACTOR",
            103 => "CUDNN_SCALAR_DOUBLE_BN_EPSILON",
            n => return write!(f, "cudnnFusedOpsVariantParamLabel_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnFusedOpsVariantParamLabel_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_XDATA (0)"),
            1 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_EQSCALE (1)"),
            2 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_EQBIAS (2)"),
            3 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_WDATA (3)"),
            4 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_DWDATA (4)"),
            5 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_YDATA (5)"),
            6 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_DYDATA (6)"),
            7 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_YSUM (7)"),
            8 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_YSQSUM (8)"),
            9 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_WORKSPACE (9)"),
            10 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_SCALE (10)"),
            11 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_BIAS (11)"),
            12 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_SAVED_MEAN (12)"),
            13 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_SAVED_INVSTD (13)"),
            14 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_RUNNING_MEAN (14)"),
            15 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_RUNNING_VAR (15)"),
            16 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_ZDATA (16)"),
            17 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_Z_EQSCALE (17)"),
            18 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_Z_EQBIAS (18)"),
            19 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_ACTIVATION_BITMASK (19)"),
            20 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_DXDATA (20)"),
            21 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_DZDATA (21)"),
            22 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_DSCALE (22)"),
            23 => f.write_str("cudnnFusedOpsVariantParamLabel_t::PTR_BN_DBIAS (23)"),
            100 => f.write_str("cudnnFusedOpsVariantParamLabel_t::SCALAR_SIZE_T_WORKSPACE_SIZE_IN_BYTES (100)"),
            101 => f.write_str("cudnnFusedOpsVariantParamLabel_t::SCALAR_INT64_T_BN_ACCUMULATION_COUNT (101)"),
            102 => f.write_str("cudnnFusedOpsVariantParamLabel_t::SCALAR_DOUBLE_BN_EXP_AVG_FACTOR (102)"),
            103 => f.write_str("cudnnFusedOpsVariantParamLabel_t::SCALAR_DOUBLE_BN_EPSILON (103)"),
            n => write!(f, "cudnnFusedOpsVariantParamLabel_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnFusedOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_FUSED_SCALE_BIAS_ACTIVATION_CONV_BNSTATS",
            1 => "CUDNN_FUSED_SCALE_BIAS_ACTIVATION_WGRAD",
            2 => "CUDNN_FUSED_BN_FINALIZE_STATISTICS_TRAINING",
            3 => "CUDNN_FUSED_BN_FINALIZE_STATISTICS_INFERENCE",
            4 => "CUDNN_FUSED_CONV_SCALE_BIAS_ADD_ACTIVATION",
            5 => "CUDNN_FUSED_SCALE_BIAS_ADD_ACTIVATION_GEN_BITMASK",
            6 => "CUDNN_FUSED_DACTIVATION_FORK_DBATCHNORM",
            n => return write!(f, "cudnnFusedOps_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnFusedOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnFusedOps_t::SCALE_BIAS_ACTIVATION_CONV_BNSTATS (0)"),
            1 => f.write_str("cudnnFusedOps_t::SCALE_BIAS_ACTIVATION_WGRAD (1)"),
            2 => f.write_str("cudnnFusedOps_t::BN_FINALIZE_STATISTICS_TRAINING (2)"),
            3 => f.write_str("cudnnFusedOps_t::BN_FINALIZE_STATISTICS_INFERENCE (3)"),
            4 => f.write_str("cudnnFusedOps_t::CONV_SCALE_BIAS_ADD_ACTIVATION (4)"),
            5 => f.write_str("cudnnFusedOps_t::SCALE_BIAS_ADD_ACTIVATION_GEN_BITMASK (5)"),
            6 => f.write_str("cudnnFusedOps_t::DACTIVATION_FORK_DBATCHNORM (6)"),
            n => write!(f, "cudnnFusedOps_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnGenStatsMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_GENSTATS_SUM_SQSUM",
            n => return write!(f, "cudnnGenStatsMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnGenStatsMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnGenStatsMode_t::SUM_SQSUM (0)"),
            n => write!(f, "cudnnGenStatsMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnGnnActivationOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_GNN_ACT_LINEAR",
            1 => "CUDNN_GNN_ACT_RELU",
            2 => "CUDNN_GNN_ACT_SIGMOID",
            3 => "CUDNN_GNN_ACT_TANH",
            4 => "CUDNN_GNN_ACT_ELU",
            5 => "CUDNN_GNN_ACT_SCALAR",
            6 => "CUDNN_GNN_ACT_LEAKY_RELU",
            n => return write!(f, "cudnnGnnActivationOp_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnGnnActivationOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnGnnActivationOp_t::LINEAR (0)"),
            1 => f.write_str("cudnnGnnActivationOp_t::RELU (1)"),
            2 => f.write_str("cudnnGnnActivationOp_t::SIGMOID (2)"),
            3 => f.write_str("cudnnGnnActivationOp_t::TANH (3)"),
            4 => f.write_str("cudnnGnnActivationOp_t::ELU (4)"),
            5 => f.write_str("cudnnGnnActivationOp_t::SCALAR (5)"),
            6 => f.write_str("cudnnGnnActivationOp_t::LEAKY_RELU (6)"),
            n => write!(f, "cudnnGnnActivationOp_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnGnnAggOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_GNN_AGG_SUM",
            1 => "CUDNN_GNN_AGG_MEAN",
            2 => "CUDNN_GNN_AGG_MAX",
            3 => "CUDNN_GNN_AGG_MIN",
            n => return write!(f, "cudnnGnnAggOp_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnGnnAggOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnGnnAggOp_t::SUM (0)"),
            1 => f.write_str("cudnnGnnAggOp_t::MEAN (1)"),
            2 => f.write_str("cudnnGnnAggOp_t::MAX (2)"),
            3 => f.write_str("cudnnGnnAggOp_t::MIN (3)"),
            n => write!(f, "cudnnGnnAggOp_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnIndicesType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_32BIT_INDICES",
            1 => "CUDNN_64BIT_INDICES",
            2 => "CUDNN_16BIT_INDICES",
            3 => "CUDNN_8BIT_INDICES",
            n => return write!(f, "cudnnIndicesType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnIndicesType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnIndicesType_t::CUDNN_32BIT_INDICES (0)"),
            1 => f.write_str("cudnnIndicesType_t::CUDNN_64BIT_INDICES (1)"),
            2 => f.write_str("cudnnIndicesType_t::CUDNN_16BIT_INDICES (2)"),
            3 => f.write_str("cudnnIndicesType_t::CUDNN_8BIT_INDICES (3)"),
            n => write!(f, "cudnnIndicesType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnLRNMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_LRN_CROSS_CHANNEL_DIM1",
            n => return write!(f, "cudnnLRNMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnLRNMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnLRNMode_t::CROSS_CHANNEL_DIM1 (0)"),
            n => write!(f, "cudnnLRNMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnLossNormalizationMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_LOSS_NORMALIZATION_NONE",
            1 => "CUDNN_LOSS_NORMALIZATION_SOFTMAX",
            n => return write!(f, "cudnnLossNormalizationMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnLossNormalizationMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnLossNormalizationMode_t::NONE (0)"),
            1 => f.write_str("cudnnLossNormalizationMode_t::SOFTMAX (1)"),
            n => write!(f, "cudnnLossNormalizationMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnMathType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_DEFAULT_MATH",
            1 => "CUDNN_TENSOR_OP_MATH",
            2 => "CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION",
            3 => "CUDNN_FMA_MATH",
            n => return write!(f, "cudnnMathType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnMathType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnMathType_t::DEFAULT_MATH (0)"),
            1 => f.write_str("cudnnMathType_t::TENSOR_OP_MATH (1)"),
            2 => f.write_str("cudnnMathType_t::TENSOR_OP_MATH_ALLOW_CONVERSION (2)"),
            3 => f.write_str("cudnnMathType_t::FMA_MATH (3)"),
            n => write!(f, "cudnnMathType_t({n})"),
        }
    }
}
/// [`CUDNN_DEFAULT_MATH`](cudnnMathType_t::CUDNN_DEFAULT_MATH): what a new convolution descriptor has until `cudnnSetConvolutionMathType`.
impl ::core::default::Default for cudnnMathType_t {
    fn default() -> Self {
        cudnnMathType_t::CUDNN_DEFAULT_MATH
    }
}
impl ::core::fmt::Display for cudnnMoeGroupedMatmulMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_MOE_GROUPED_MATMUL_MODE_NONE",
            1 => "CUDNN_MOE_GROUPED_MATMUL_MODE_GATHER",
            2 => "CUDNN_MOE_GROUPED_MATMUL_MODE_SCATTER",
            n => return write!(f, "cudnnMoeGroupedMatmulMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnMoeGroupedMatmulMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnMoeGroupedMatmulMode_t::NONE (0)"),
            1 => f.write_str("cudnnMoeGroupedMatmulMode_t::GATHER (1)"),
            2 => f.write_str("cudnnMoeGroupedMatmulMode_t::SCATTER (2)"),
            n => write!(f, "cudnnMoeGroupedMatmulMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnMultiHeadAttnWeightKind_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_MH_ATTN_Q_WEIGHTS",
            1 => "CUDNN_MH_ATTN_K_WEIGHTS",
            2 => "CUDNN_MH_ATTN_V_WEIGHTS",
            3 => "CUDNN_MH_ATTN_O_WEIGHTS",
            4 => "CUDNN_MH_ATTN_Q_BIASES",
            5 => "CUDNN_MH_ATTN_K_BIASES",
            6 => "CUDNN_MH_ATTN_V_BIASES",
            7 => "CUDNN_MH_ATTN_O_BIASES",
            n => return write!(f, "cudnnMultiHeadAttnWeightKind_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnMultiHeadAttnWeightKind_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnMultiHeadAttnWeightKind_t::Q_WEIGHTS (0)"),
            1 => f.write_str("cudnnMultiHeadAttnWeightKind_t::K_WEIGHTS (1)"),
            2 => f.write_str("cudnnMultiHeadAttnWeightKind_t::V_WEIGHTS (2)"),
            3 => f.write_str("cudnnMultiHeadAttnWeightKind_t::O_WEIGHTS (3)"),
            4 => f.write_str("cudnnMultiHeadAttnWeightKind_t::Q_BIASES (4)"),
            5 => f.write_str("cudnnMultiHeadAttnWeightKind_t::K_BIASES (5)"),
            6 => f.write_str("cudnnMultiHeadAttnWeightKind_t::V_BIASES (6)"),
            7 => f.write_str("cudnnMultiHeadAttnWeightKind_t::O_BIASES (7)"),
            n => write!(f, "cudnnMultiHeadAttnWeightKind_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnNanPropagation_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NOT_PROPAGATE_NAN",
            1 => "CUDNN_PROPAGATE_NAN",
            n => return write!(f, "cudnnNanPropagation_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnNanPropagation_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnNanPropagation_t::NOT_PROPAGATE_NAN (0)"),
            1 => f.write_str("cudnnNanPropagation_t::PROPAGATE_NAN (1)"),
            n => write!(f, "cudnnNanPropagation_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnNormAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NORM_ALGO_STANDARD",
            1 => "CUDNN_NORM_ALGO_PERSIST",
            n => return write!(f, "cudnnNormAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnNormAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnNormAlgo_t::STANDARD (0)"),
            1 => f.write_str("cudnnNormAlgo_t::PERSIST (1)"),
            n => write!(f, "cudnnNormAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NORM_PER_ACTIVATION",
            1 => "CUDNN_NORM_PER_CHANNEL",
            n => return write!(f, "cudnnNormMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnNormMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnNormMode_t::ACTIVATION (0)"),
            1 => f.write_str("cudnnNormMode_t::CHANNEL (1)"),
            n => write!(f, "cudnnNormMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnNormOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_NORM_OPS_NORM",
            1 => "CUDNN_NORM_OPS_NORM_ACTIVATION",
            2 => "CUDNN_NORM_OPS_NORM_ADD_ACTIVATION",
            n => return write!(f, "cudnnNormOps_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnNormOps_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnNormOps_t::NORM (0)"),
            1 => f.write_str("cudnnNormOps_t::NORM_ACTIVATION (1)"),
            2 => f.write_str("cudnnNormOps_t::NORM_ADD_ACTIVATION (2)"),
            n => write!(f, "cudnnNormOps_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnOpTensorOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_OP_TENSOR_ADD",
            1 => "CUDNN_OP_TENSOR_MUL",
            2 => "CUDNN_OP_TENSOR_MIN",
            3 => "CUDNN_OP_TENSOR_MAX",
            4 => "CUDNN_OP_TENSOR_SQRT",
            5 => "CUDNN_OP_TENSOR_NOT",
            n => return write!(f, "cudnnOpTensorOp_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnOpTensorOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnOpTensorOp_t::ADD (0)"),
            1 => f.write_str("cudnnOpTensorOp_t::MUL (1)"),
            2 => f.write_str("cudnnOpTensorOp_t::MIN (2)"),
            3 => f.write_str("cudnnOpTensorOp_t::MAX (3)"),
            4 => f.write_str("cudnnOpTensorOp_t::SQRT (4)"),
            5 => f.write_str("cudnnOpTensorOp_t::NOT (5)"),
            n => write!(f, "cudnnOpTensorOp_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnPaddingMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_ZERO_PAD",
            1 => "CUDNN_NEG_INF_PAD",
            2 => "CUDNN_EDGE_VAL_PAD",
            n => return write!(f, "cudnnPaddingMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnPaddingMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnPaddingMode_t::ZERO_PAD (0)"),
            1 => f.write_str("cudnnPaddingMode_t::NEG_INF_PAD (1)"),
            2 => f.write_str("cudnnPaddingMode_t::EDGE_VAL_PAD (2)"),
            n => write!(f, "cudnnPaddingMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnPointwiseMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_POINTWISE_ADD",
            1 => "CUDNN_POINTWISE_MUL",
            2 => "CUDNN_POINTWISE_MIN",
            3 => "CUDNN_POINTWISE_MAX",
            4 => "CUDNN_POINTWISE_SQRT",
            5 => "CUDNN_POINTWISE_ADD_SQUARE",
            6 => "CUDNN_POINTWISE_DIV",
            7 => "CUDNN_POINTWISE_MOD",
            8 => "CUDNN_POINTWISE_POW",
            9 => "CUDNN_POINTWISE_SUB",
            10 => "CUDNN_POINTWISE_ABS",
            11 => "CUDNN_POINTWISE_CEIL",
            12 => "CUDNN_POINTWISE_COS",
            13 => "CUDNN_POINTWISE_EXP",
            14 => "CUDNN_POINTWISE_FLOOR",
            15 => "CUDNN_POINTWISE_LOG",
            16 => "CUDNN_POINTWISE_NEG",
            17 => "CUDNN_POINTWISE_RSQRT",
            18 => "CUDNN_POINTWISE_SIN",
            19 => "CUDNN_POINTWISE_TAN",
            20 => "CUDNN_POINTWISE_ERF",
            21 => "CUDNN_POINTWISE_IDENTITY",
            22 => "CUDNN_POINTWISE_RECIPROCAL",
            23 => "CUDNN_POINTWISE_ATAN2",
            24 => "CUDNN_POINTWISE_FLOOR_MOD",
            100 => "CUDNN_POINTWISE_RELU_FWD",
            101 => "CUDNN_POINTWISE_TANH_FWD",
            102 => "CUDNN_POINTWISE_SIGMOID_FWD",
            103 => "CUDNN_POINTWISE_ELU_FWD",
            104 => "CUDNN_POINTWISE_GELU_FWD",
            105 => "CUDNN_POINTWISE_SOFTPLUS_FWD",
            106 => "CUDNN_POINTWISE_SWISH_FWD",
            107 => "CUDNN_POINTWISE_GELU_APPROX_TANH_FWD",
            200 => "CUDNN_POINTWISE_RELU_BWD",
            201 => "CUDNN_POINTWISE_TANH_BWD",
            202 => "CUDNN_POINTWISE_SIGMOID_BWD",
            203 => "CUDNN_POINTWISE_ELU_BWD",
            204 => "CUDNN_POINTWISE_GELU_BWD",
            205 => "CUDNN_POINTWISE_SOFTPLUS_BWD",
            206 => "CUDNN_POINTWISE_SWISH_BWD",
            207 => "CUDNN_POINTWISE_GELU_APPROX_TANH_BWD",
            300 => "CUDNN_POINTWISE_CMP_EQ",
            301 => "CUDNN_POINTWISE_CMP_NEQ",
            302 => "CUDNN_POINTWISE_CMP_GT",
            303 => "CUDNN_POINTWISE_CMP_GE",
            304 => "CUDNN_POINTWISE_CMP_LT",
            305 => "CUDNN_POINTWISE_CMP_LE",
            400 => "CUDNN_POINTWISE_LOGICAL_AND",
            401 => "CUDNN_POINTWISE_LOGICAL_OR",
            402 => "CUDNN_POINTWISE_LOGICAL_NOT",
            501 => "CUDNN_POINTWISE_GEN_INDEX",
            601 => "CUDNN_POINTWISE_BINARY_SELECT",
            n => return write!(f, "cudnnPointwiseMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnPointwiseMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnPointwiseMode_t::ADD (0)"),
            1 => f.write_str("cudnnPointwiseMode_t::MUL (1)"),
            2 => f.write_str("cudnnPointwiseMode_t::MIN (2)"),
            3 => f.write_str("cudnnPointwiseMode_t::MAX (3)"),
            4 => f.write_str("cudnnPointwiseMode_t::SQRT (4)"),
            5 => f.write_str("cudnnPointwiseMode_t::ADD_SQUARE (5)"),
            6 => f.write_str("cudnnPointwiseMode_t::DIV (6)"),
            7 => f.write_str("cudnnPointwiseMode_t::MOD (7)"),
            8 => f.write_str("cudnnPointwiseMode_t::POW (8)"),
            9 => f.write_str("cudnnPointwiseMode_t::SUB (9)"),
            10 => f.write_str("cudnnPointwiseMode_t::ABS (10)"),
            11 => f.write_str("cudnnPointwiseMode_t::CEIL (11)"),
            12 => f.write_str("cudnnPointwiseMode_t::COS (12)"),
            13 => f.write_str("cudnnPointwiseMode_t::EXP (13)"),
            14 => f.write_str("cudnnPointwiseMode_t::FLOOR (14)"),
            15 => f.write_str("cudnnPointwiseMode_t::LOG (15)"),
            16 => f.write_str("cudnnPointwiseMode_t::NEG (16)"),
            17 => f.write_str("cudnnPointwiseMode_t::RSQRT (17)"),
            18 => f.write_str("cudnnPointwiseMode_t::SIN (18)"),
            19 => f.write_str("cudnnPointwiseMode_t::TAN (19)"),
            20 => f.write_str("cudnnPointwiseMode_t::ERF (20)"),
            21 => f.write_str("cudnnPointwiseMode_t::IDENTITY (21)"),
            22 => f.write_str("cudnnPointwiseMode_t::RECIPROCAL (22)"),
            23 => f.write_str("cudnnPointwiseMode_t::ATAN2 (23)"),
            24 => f.write_str("cudnnPointwiseMode_t::FLOOR_MOD (24)"),
            100 => f.write_str("cudnnPointwiseMode_t::RELU_FWD (100)"),
            101 => f.write_str("cudnnPointwiseMode_t::TANH_FWD (101)"),
            102 => f.write_str("cudnnPointwiseMode_t::SIGMOID_FWD (102)"),
            103 => f.write_str("cudnnPointwiseMode_t::ELU_FWD (103)"),
            104 => f.write_str("cudnnPointwiseMode_t::GELU_FWD (104)"),
            105 => f.write_str("cudnnPointwiseMode_t::SOFTPLUS_FWD (105)"),
            106 => f.write_str("cudnnPointwiseMode_t::SWISH_FWD (106)"),
            107 => f.write_str("cudnnPointwiseMode_t::GELU_APPROX_TANH_FWD (107)"),
            200 => f.write_str("cudnnPointwiseMode_t::RELU_BWD (200)"),
            201 => f.write_str("cudnnPointwiseMode_t::TANH_BWD (201)"),
            202 => f.write_str("cudnnPointwiseMode_t::SIGMOID_BWD (202)"),
            203 => f.write_str("cudnnPointwiseMode_t::ELU_BWD (203)"),
            204 => f.write_str("cudnnPointwiseMode_t::GELU_BWD (204)"),
            205 => f.write_str("cudnnPointwiseMode_t::SOFTPLUS_BWD (205)"),
            206 => f.write_str("cudnnPointwiseMode_t::SWISH_BWD (206)"),
            207 => f.write_str("cudnnPointwiseMode_t::GELU_APPROX_TANH_BWD (207)"),
            300 => f.write_str("cudnnPointwiseMode_t::CMP_EQ (300)"),
            301 => f.write_str("cudnnPointwiseMode_t::CMP_NEQ (301)"),
            302 => f.write_str("cudnnPointwiseMode_t::CMP_GT (302)"),
            303 => f.write_str("cudnnPointwiseMode_t::CMP_GE (303)"),
            304 => f.write_str("cudnnPointwiseMode_t::CMP_LT (304)"),
            305 => f.write_str("cudnnPointwiseMode_t::CMP_LE (305)"),
            400 => f.write_str("cudnnPointwiseMode_t::LOGICAL_AND (400)"),
            401 => f.write_str("cudnnPointwiseMode_t::LOGICAL_OR (401)"),
            402 => f.write_str("cudnnPointwiseMode_t::LOGICAL_NOT (402)"),
            501 => f.write_str("cudnnPointwiseMode_t::GEN_INDEX (501)"),
            601 => f.write_str("cudnnPointwiseMode_t::BINARY_SELECT (601)"),
            n => write!(f, "cudnnPointwiseMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnPoolingMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_POOLING_MAX",
            1 => "CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING",
            2 => "CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING",
            3 => "CUDNN_POOLING_MAX_DETERMINISTIC",
            n => return write!(f, "cudnnPoolingMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnPoolingMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnPoolingMode_t::MAX (0)"),
            1 => f.write_str("cudnnPoolingMode_t::AVERAGE_COUNT_INCLUDE_PADDING (1)"),
            2 => f.write_str("cudnnPoolingMode_t::AVERAGE_COUNT_EXCLUDE_PADDING (2)"),
            3 => f.write_str("cudnnPoolingMode_t::MAX_DETERMINISTIC (3)"),
            n => write!(f, "cudnnPoolingMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNN_ALGO_STANDARD",
            1 => "CUDNN_RNN_ALGO_PERSIST_STATIC",
            2 => "CUDNN_RNN_ALGO_PERSIST_DYNAMIC",
            3 => "CUDNN_RNN_ALGO_PERSIST_STATIC_SMALL_H",
            4 => "CUDNN_RNN_ALGO_COUNT",
            n => return write!(f, "cudnnRNNAlgo_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNAlgo_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNAlgo_t::STANDARD (0)"),
            1 => f.write_str("cudnnRNNAlgo_t::PERSIST_STATIC (1)"),
            2 => f.write_str("cudnnRNNAlgo_t::PERSIST_DYNAMIC (2)"),
            3 => f.write_str("cudnnRNNAlgo_t::PERSIST_STATIC_SMALL_H (3)"),
            4 => f.write_str("cudnnRNNAlgo_t::COUNT (4)"),
            n => write!(f, "cudnnRNNAlgo_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNBiasMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNN_NO_BIAS",
            1 => "CUDNN_RNN_SINGLE_INP_BIAS",
            2 => "CUDNN_RNN_DOUBLE_BIAS",
            3 => "CUDNN_RNN_SINGLE_REC_BIAS",
            n => return write!(f, "cudnnRNNBiasMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNBiasMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNBiasMode_t::NO_BIAS (0)"),
            1 => f.write_str("cudnnRNNBiasMode_t::SINGLE_INP_BIAS (1)"),
            2 => f.write_str("cudnnRNNBiasMode_t::DOUBLE_BIAS (2)"),
            3 => f.write_str("cudnnRNNBiasMode_t::SINGLE_REC_BIAS (3)"),
            n => write!(f, "cudnnRNNBiasMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNClipMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNN_CLIP_NONE",
            1 => "CUDNN_RNN_CLIP_MINMAX",
            n => return write!(f, "cudnnRNNClipMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNClipMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNClipMode_t::NONE (0)"),
            1 => f.write_str("cudnnRNNClipMode_t::MINMAX (1)"),
            n => write!(f, "cudnnRNNClipMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNDataLayout_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_UNPACKED",
            1 => "CUDNN_RNN_DATA_LAYOUT_SEQ_MAJOR_PACKED",
            2 => "CUDNN_RNN_DATA_LAYOUT_BATCH_MAJOR_UNPACKED",
            n => return write!(f, "cudnnRNNDataLayout_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNDataLayout_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNDataLayout_t::SEQ_MAJOR_UNPACKED (0)"),
            1 => f.write_str("cudnnRNNDataLayout_t::SEQ_MAJOR_PACKED (1)"),
            2 => f.write_str("cudnnRNNDataLayout_t::BATCH_MAJOR_UNPACKED (2)"),
            n => write!(f, "cudnnRNNDataLayout_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNInputMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_LINEAR_INPUT",
            1 => "CUDNN_SKIP_INPUT",
            n => return write!(f, "cudnnRNNInputMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNInputMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNInputMode_t::LINEAR_INPUT (0)"),
            1 => f.write_str("cudnnRNNInputMode_t::SKIP_INPUT (1)"),
            n => write!(f, "cudnnRNNInputMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRNNMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNN_RELU",
            1 => "CUDNN_RNN_TANH",
            2 => "CUDNN_LSTM",
            3 => "CUDNN_GRU",
            n => return write!(f, "cudnnRNNMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRNNMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRNNMode_t::RNN_RELU (0)"),
            1 => f.write_str("cudnnRNNMode_t::RNN_TANH (1)"),
            2 => f.write_str("cudnnRNNMode_t::LSTM (2)"),
            3 => f.write_str("cudnnRNNMode_t::GRU (3)"),
            n => write!(f, "cudnnRNNMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnReduceTensorIndices_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_REDUCE_TENSOR_NO_INDICES",
            1 => "CUDNN_REDUCE_TENSOR_FLATTENED_INDICES",
            n => return write!(f, "cudnnReduceTensorIndices_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnReduceTensorIndices_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnReduceTensorIndices_t::NO_INDICES (0)"),
            1 => f.write_str("cudnnReduceTensorIndices_t::FLATTENED_INDICES (1)"),
            n => write!(f, "cudnnReduceTensorIndices_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnReduceTensorOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_REDUCE_TENSOR_ADD",
            1 => "CUDNN_REDUCE_TENSOR_MUL",
            2 => "CUDNN_REDUCE_TENSOR_MIN",
            3 => "CUDNN_REDUCE_TENSOR_MAX",
            4 => "CUDNN_REDUCE_TENSOR_AMAX",
            5 => "CUDNN_REDUCE_TENSOR_AVG",
            6 => "CUDNN_REDUCE_TENSOR_NORM1",
            7 => "CUDNN_REDUCE_TENSOR_NORM2",
            8 => "CUDNN_REDUCE_TENSOR_MUL_NO_ZEROS",
            n => return write!(f, "cudnnReduceTensorOp_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnReduceTensorOp_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnReduceTensorOp_t::ADD (0)"),
            1 => f.write_str("cudnnReduceTensorOp_t::MUL (1)"),
            2 => f.write_str("cudnnReduceTensorOp_t::MIN (2)"),
            3 => f.write_str("cudnnReduceTensorOp_t::MAX (3)"),
            4 => f.write_str("cudnnReduceTensorOp_t::AMAX (4)"),
            5 => f.write_str("cudnnReduceTensorOp_t::AVG (5)"),
            6 => f.write_str("cudnnReduceTensorOp_t::NORM1 (6)"),
            7 => f.write_str("cudnnReduceTensorOp_t::NORM2 (7)"),
            8 => f.write_str("cudnnReduceTensorOp_t::MUL_NO_ZEROS (8)"),
            n => write!(f, "cudnnReduceTensorOp_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnReorderType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_DEFAULT_REORDER",
            1 => "CUDNN_NO_REORDER",
            n => return write!(f, "cudnnReorderType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnReorderType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnReorderType_t::DEFAULT_REORDER (0)"),
            1 => f.write_str("cudnnReorderType_t::NO_REORDER (1)"),
            n => write!(f, "cudnnReorderType_t({n})"),
        }
    }
}
/// [`CUDNN_DEFAULT_REORDER`](cudnnReorderType_t::CUDNN_DEFAULT_REORDER): what a new convolution descriptor has until `cudnnSetConvolutionReorderType`.
impl ::core::default::Default for cudnnReorderType_t {
    fn default() -> Self {
        cudnnReorderType_t::CUDNN_DEFAULT_REORDER
    }
}
impl ::core::fmt::Display for cudnnResampleMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RESAMPLE_NEAREST",
            1 => "CUDNN_RESAMPLE_BILINEAR",
            2 => "CUDNN_RESAMPLE_AVGPOOL",
            3 => "CUDNN_RESAMPLE_MAXPOOL",
            4 => "CUDNN_RESAMPLE_AVGPOOL_EXCLUDE_PADDING",
            n => return write!(f, "cudnnResampleMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnResampleMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnResampleMode_t::NEAREST (0)"),
            1 => f.write_str("cudnnResampleMode_t::BILINEAR (1)"),
            2 => f.write_str("cudnnResampleMode_t::AVGPOOL (2)"),
            3 => f.write_str("cudnnResampleMode_t::MAXPOOL (3)"),
            4 => f.write_str("cudnnResampleMode_t::AVGPOOL_EXCLUDE_PADDING (4)"),
            n => write!(f, "cudnnResampleMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnRngDistribution_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_RNG_DISTRIBUTION_BERNOULLI",
            1 => "CUDNN_RNG_DISTRIBUTION_UNIFORM",
            2 => "CUDNN_RNG_DISTRIBUTION_NORMAL",
            n => return write!(f, "cudnnRngDistribution_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnRngDistribution_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnRngDistribution_t::BERNOULLI (0)"),
            1 => f.write_str("cudnnRngDistribution_t::UNIFORM (1)"),
            2 => f.write_str("cudnnRngDistribution_t::NORMAL (2)"),
            n => write!(f, "cudnnRngDistribution_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSamplerType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SAMPLER_BILINEAR",
            n => return write!(f, "cudnnSamplerType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSamplerType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSamplerType_t::BILINEAR (0)"),
            n => write!(f, "cudnnSamplerType_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSeqDataAxis_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SEQDATA_TIME_DIM",
            1 => "CUDNN_SEQDATA_BATCH_DIM",
            2 => "CUDNN_SEQDATA_BEAM_DIM",
            3 => "CUDNN_SEQDATA_VECT_DIM",
            n => return write!(f, "cudnnSeqDataAxis_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSeqDataAxis_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSeqDataAxis_t::TIME_DIM (0)"),
            1 => f.write_str("cudnnSeqDataAxis_t::BATCH_DIM (1)"),
            2 => f.write_str("cudnnSeqDataAxis_t::BEAM_DIM (2)"),
            3 => f.write_str("cudnnSeqDataAxis_t::VECT_DIM (3)"),
            n => write!(f, "cudnnSeqDataAxis_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSeverity_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SEV_FATAL",
            1 => "CUDNN_SEV_ERROR",
            2 => "CUDNN_SEV_WARNING",
            3 => "CUDNN_SEV_INFO",
            n => return write!(f, "cudnnSeverity_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSeverity_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSeverity_t::FATAL (0)"),
            1 => f.write_str("cudnnSeverity_t::ERROR (1)"),
            2 => f.write_str("cudnnSeverity_t::WARNING (2)"),
            3 => f.write_str("cudnnSeverity_t::INFO (3)"),
            n => write!(f, "cudnnSeverity_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSignalMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SIGNAL_SET",
            1 => "CUDNN_SIGNAL_WAIT",
            n => return write!(f, "cudnnSignalMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSignalMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSignalMode_t::SET (0)"),
            1 => f.write_str("cudnnSignalMode_t::WAIT (1)"),
            n => write!(f, "cudnnSignalMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSoftmaxAlgorithm_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SOFTMAX_FAST",
            1 => "CUDNN_SOFTMAX_ACCURATE",
            2 => "CUDNN_SOFTMAX_LOG",
            n => return write!(f, "cudnnSoftmaxAlgorithm_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSoftmaxAlgorithm_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSoftmaxAlgorithm_t::FAST (0)"),
            1 => f.write_str("cudnnSoftmaxAlgorithm_t::ACCURATE (1)"),
            2 => f.write_str("cudnnSoftmaxAlgorithm_t::LOG (2)"),
            n => write!(f, "cudnnSoftmaxAlgorithm_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnSoftmaxMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_SOFTMAX_MODE_INSTANCE",
            1 => "CUDNN_SOFTMAX_MODE_CHANNEL",
            n => return write!(f, "cudnnSoftmaxMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnSoftmaxMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnSoftmaxMode_t::INSTANCE (0)"),
            1 => f.write_str("cudnnSoftmaxMode_t::CHANNEL (1)"),
            n => write!(f, "cudnnSoftmaxMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnStatus_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_STATUS_SUCCESS",
            1 => "CUDNN_STATUS_NOT_INITIALIZED (cuDNN 8)",
            2 => "CUDNN_STATUS_ALLOC_FAILED (cuDNN 8)",
            3 => "CUDNN_STATUS_BAD_PARAM (cuDNN 8)",
            4 => "CUDNN_STATUS_INTERNAL_ERROR (cuDNN 8)",
            5 => "CUDNN_STATUS_INVALID_VALUE (cuDNN 8)",
            6 => "CUDNN_STATUS_ARCH_MISMATCH (cuDNN 8)",
            7 => "CUDNN_STATUS_MAPPING_ERROR (cuDNN 8)",
            8 => "CUDNN_STATUS_EXECUTION_FAILED (cuDNN 8)",
            9 => "CUDNN_STATUS_NOT_SUPPORTED (cuDNN 8)",
            10 => "CUDNN_STATUS_LICENSE_ERROR (cuDNN 8)",
            11 => "CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING (cuDNN 8)",
            12 => "CUDNN_STATUS_RUNTIME_IN_PROGRESS (cuDNN 8)",
            13 => "CUDNN_STATUS_RUNTIME_FP_OVERFLOW (cuDNN 8)",
            14 => "CUDNN_STATUS_VERSION_MISMATCH (cuDNN 8)",
            1001 => "CUDNN_STATUS_NOT_INITIALIZED (cuDNN 9)",
            1002 => "CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH",
            1003 => "CUDNN_STATUS_SERIALIZATION_VERSION_MISMATCH",
            1004 => "CUDNN_STATUS_DEPRECATED",
            1005 => "CUDNN_STATUS_LICENSE_ERROR (cuDNN 9)",
            1006 => "CUDNN_STATUS_RUNTIME_IN_PROGRESS (cuDNN 9)",
            1007 => "CUDNN_STATUS_RUNTIME_FP_OVERFLOW (cuDNN 9)",
            1008 => "CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",
            2000 => "CUDNN_STATUS_BAD_PARAM (cuDNN 9)",
            2001 => "CUDNN_STATUS_INVALID_VALUE (cuDNN 9)",
            2002 => "CUDNN_STATUS_BAD_PARAM_NULL_POINTER",
            2003 => "CUDNN_STATUS_BAD_PARAM_MISALIGNED_POINTER",
            2004 => "CUDNN_STATUS_BAD_PARAM_NOT_FINALIZED",
            2005 => "CUDNN_STATUS_BAD_PARAM_OUT_OF_BOUND",
            2006 => "CUDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT",
            2007 => "CUDNN_STATUS_BAD_PARAM_STREAM_MISMATCH",
            2008 => "CUDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH",
            2009 => "CUDNN_STATUS_BAD_PARAM_DUPLICATED_ENTRIES",
            2010 => "CUDNN_STATUS_BAD_PARAM_ATTRIBUTE_TYPE",
            2011 => "CUDNN_STATUS_BAD_PARAM_CUDA_GRAPH_MISMATCH",
            2012 => "CUDNN_STATUS_BAD_PARAM_DESCRIPTOR_TYPE",
            3000 => "CUDNN_STATUS_NOT_SUPPORTED (cuDNN 9)",
            3001 => "CUDNN_STATUS_NOT_SUPPORTED_GRAPH_PATTERN",
            3002 => "CUDNN_STATUS_NOT_SUPPORTED_SHAPE",
            3003 => "CUDNN_STATUS_NOT_SUPPORTED_DATA_TYPE",
            3004 => "CUDNN_STATUS_NOT_SUPPORTED_LAYOUT",
            3005 => "CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER",
            3006 => "CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDART",
            3007 => "CUDNN_STATUS_NOT_SUPPORTED_ARCH_MISMATCH",
            3008 => "CUDNN_STATUS_NOT_SUPPORTED_RUNTIME_PREREQUISITE_MISSING",
            3009 => "CUDNN_STATUS_NOT_SUPPORTED_SUBLIBRARY_UNAVAILABLE",
            3010 => "CUDNN_STATUS_NOT_SUPPORTED_SHARED_MEMORY_INSUFFICIENT",
            3011 => "CUDNN_STATUS_NOT_SUPPORTED_PADDING",
            3012 => "CUDNN_STATUS_NOT_SUPPORTED_BAD_LAUNCH_PARAM",
            3013 => "CUDNN_STATUS_NOT_SUPPORTED_CUDA_GRAPH_NATIVE_API",
            3014 => "CUDNN_STATUS_NOT_SUPPORTED_INVALID_DYNAMIC_SHAPE",
            4000 => "CUDNN_STATUS_INTERNAL_ERROR (cuDNN 9)",
            4001 => "CUDNN_STATUS_INTERNAL_ERROR_COMPILATION_FAILED",
            4002 => "CUDNN_STATUS_INTERNAL_ERROR_UNEXPECTED_VALUE",
            4003 => "CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED",
            4004 => "CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED",
            4005 => "CUDNN_STATUS_INTERNAL_ERROR_BAD_LAUNCH_PARAM",
            4006 => "CUDNN_STATUS_INTERNAL_ERROR_TEXTURE_CREATION_FAILED",
            5000 => "CUDNN_STATUS_EXECUTION_FAILED (cuDNN 9)",
            5001 => "CUDNN_STATUS_EXECUTION_FAILED_CUDA_DRIVER",
            5002 => "CUDNN_STATUS_EXECUTION_FAILED_CUBLAS",
            5003 => "CUDNN_STATUS_EXECUTION_FAILED_CUDART",
            5004 => "CUDNN_STATUS_EXECUTION_FAILED_CURAND",
            n => return write!(f, "cudnnStatus_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnStatus_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnStatus_t::SUCCESS (0)"),
            1 => f.write_str("cudnnStatus_t(1): CUDNN_STATUS_NOT_INITIALIZED (cuDNN 8)"),
            2 => f.write_str("cudnnStatus_t(2): CUDNN_STATUS_ALLOC_FAILED (cuDNN 8)"),
            3 => f.write_str("cudnnStatus_t(3): CUDNN_STATUS_BAD_PARAM (cuDNN 8)"),
            4 => f.write_str("cudnnStatus_t(4): CUDNN_STATUS_INTERNAL_ERROR (cuDNN 8)"),
            5 => f.write_str("cudnnStatus_t(5): CUDNN_STATUS_INVALID_VALUE (cuDNN 8)"),
            6 => f.write_str("cudnnStatus_t(6): CUDNN_STATUS_ARCH_MISMATCH (cuDNN 8)"),
            7 => f.write_str("cudnnStatus_t(7): CUDNN_STATUS_MAPPING_ERROR (cuDNN 8)"),
            8 => f.write_str("cudnnStatus_t(8): CUDNN_STATUS_EXECUTION_FAILED (cuDNN 8)"),
            9 => f.write_str("cudnnStatus_t(9): CUDNN_STATUS_NOT_SUPPORTED (cuDNN 8)"),
            10 => f.write_str("cudnnStatus_t(10): CUDNN_STATUS_LICENSE_ERROR (cuDNN 8)"),
            11 => f.write_str("cudnnStatus_t(11): CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING (cuDNN 8)"),
            12 => f.write_str("cudnnStatus_t(12): CUDNN_STATUS_RUNTIME_IN_PROGRESS (cuDNN 8)"),
            13 => f.write_str("cudnnStatus_t(13): CUDNN_STATUS_RUNTIME_FP_OVERFLOW (cuDNN 8)"),
            14 => f.write_str("cudnnStatus_t(14): CUDNN_STATUS_VERSION_MISMATCH (cuDNN 8)"),
            1001 => f.write_str("cudnnStatus_t(1001): CUDNN_STATUS_NOT_INITIALIZED (cuDNN 9)"),
            1002 => f.write_str("cudnnStatus_t::SUBLIBRARY_VERSION_MISMATCH (1002)"),
            1003 => f.write_str("cudnnStatus_t::SERIALIZATION_VERSION_MISMATCH (1003)"),
            1004 => f.write_str("cudnnStatus_t::DEPRECATED (1004)"),
            1005 => f.write_str("cudnnStatus_t(1005): CUDNN_STATUS_LICENSE_ERROR (cuDNN 9)"),
            1006 => f.write_str("cudnnStatus_t(1006): CUDNN_STATUS_RUNTIME_IN_PROGRESS (cuDNN 9)"),
            1007 => f.write_str("cudnnStatus_t(1007): CUDNN_STATUS_RUNTIME_FP_OVERFLOW (cuDNN 9)"),
            1008 => f.write_str("cudnnStatus_t::SUBLIBRARY_LOADING_FAILED (1008)"),
            2000 => f.write_str("cudnnStatus_t(2000): CUDNN_STATUS_BAD_PARAM (cuDNN 9)"),
            2001 => f.write_str("cudnnStatus_t(2001): CUDNN_STATUS_INVALID_VALUE (cuDNN 9)"),
            2002 => f.write_str("cudnnStatus_t::BAD_PARAM_NULL_POINTER (2002)"),
            2003 => f.write_str("cudnnStatus_t::BAD_PARAM_MISALIGNED_POINTER (2003)"),
            2004 => f.write_str("cudnnStatus_t::BAD_PARAM_NOT_FINALIZED (2004)"),
            2005 => f.write_str("cudnnStatus_t::BAD_PARAM_OUT_OF_BOUND (2005)"),
            2006 => f.write_str("cudnnStatus_t::BAD_PARAM_SIZE_INSUFFICIENT (2006)"),
            2007 => f.write_str("cudnnStatus_t::BAD_PARAM_STREAM_MISMATCH (2007)"),
            2008 => f.write_str("cudnnStatus_t::BAD_PARAM_SHAPE_MISMATCH (2008)"),
            2009 => f.write_str("cudnnStatus_t::BAD_PARAM_DUPLICATED_ENTRIES (2009)"),
            2010 => f.write_str("cudnnStatus_t::BAD_PARAM_ATTRIBUTE_TYPE (2010)"),
            2011 => f.write_str("cudnnStatus_t::BAD_PARAM_CUDA_GRAPH_MISMATCH (2011)"),
            2012 => f.write_str("cudnnStatus_t::BAD_PARAM_DESCRIPTOR_TYPE (2012)"),
            3000 => f.write_str("cudnnStatus_t(3000): CUDNN_STATUS_NOT_SUPPORTED (cuDNN 9)"),
            3001 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_GRAPH_PATTERN (3001)"),
            3002 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_SHAPE (3002)"),
            3003 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_DATA_TYPE (3003)"),
            3004 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_LAYOUT (3004)"),
            3005 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER (3005)"),
            3006 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_INCOMPATIBLE_CUDART (3006)"),
            3007 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_ARCH_MISMATCH (3007)"),
            3008 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_RUNTIME_PREREQUISITE_MISSING (3008)"),
            3009 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_SUBLIBRARY_UNAVAILABLE (3009)"),
            3010 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_SHARED_MEMORY_INSUFFICIENT (3010)"),
            3011 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_PADDING (3011)"),
            3012 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_BAD_LAUNCH_PARAM (3012)"),
            3013 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_CUDA_GRAPH_NATIVE_API (3013)"),
            3014 => f.write_str("cudnnStatus_t::NOT_SUPPORTED_INVALID_DYNAMIC_SHAPE (3014)"),
            4000 => f.write_str("cudnnStatus_t(4000): CUDNN_STATUS_INTERNAL_ERROR (cuDNN 9)"),
            4001 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_COMPILATION_FAILED (4001)"),
            4002 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_UNEXPECTED_VALUE (4002)"),
            4003 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_HOST_ALLOCATION_FAILED (4003)"),
            4004 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED (4004)"),
            4005 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_BAD_LAUNCH_PARAM (4005)"),
            4006 => f.write_str("cudnnStatus_t::INTERNAL_ERROR_TEXTURE_CREATION_FAILED (4006)"),
            5000 => f.write_str("cudnnStatus_t(5000): CUDNN_STATUS_EXECUTION_FAILED (cuDNN 9)"),
            5001 => f.write_str("cudnnStatus_t::EXECUTION_FAILED_CUDA_DRIVER (5001)"),
            5002 => f.write_str("cudnnStatus_t::EXECUTION_FAILED_CUBLAS (5002)"),
            5003 => f.write_str("cudnnStatus_t::EXECUTION_FAILED_CUDART (5003)"),
            5004 => f.write_str("cudnnStatus_t::EXECUTION_FAILED_CURAND (5004)"),
            n => write!(f, "cudnnStatus_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnTensorFormat_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_TENSOR_NCHW",
            1 => "CUDNN_TENSOR_NHWC",
            2 => "CUDNN_TENSOR_NCHW_VECT_C",
            n => return write!(f, "cudnnTensorFormat_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnTensorFormat_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnTensorFormat_t::NCHW (0)"),
            1 => f.write_str("cudnnTensorFormat_t::NHWC (1)"),
            2 => f.write_str("cudnnTensorFormat_t::NCHW_VECT_C (2)"),
            n => write!(f, "cudnnTensorFormat_t({n})"),
        }
    }
}
impl ::core::fmt::Display for cudnnWgradMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "CUDNN_WGRAD_MODE_ADD",
            1 => "CUDNN_WGRAD_MODE_SET",
            n => return write!(f, "cudnnWgradMode_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for cudnnWgradMode_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("cudnnWgradMode_t::ADD (0)"),
            1 => f.write_str("cudnnWgradMode_t::SET (1)"),
            n => write!(f, "cudnnWgradMode_t({n})"),
        }
    }
}
impl ::core::fmt::Display for libraryPropertyType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.pad(match self.0 {
            0 => "MAJOR_VERSION",
            1 => "MINOR_VERSION",
            2 => "PATCH_LEVEL",
            n => return write!(f, "libraryPropertyType_t({n})"),
        })
    }
}
impl ::core::fmt::Debug for libraryPropertyType_t {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.0 {
            0 => f.write_str("libraryPropertyType_t::MAJOR_VERSION (0)"),
            1 => f.write_str("libraryPropertyType_t::MINOR_VERSION (1)"),
            2 => f.write_str("libraryPropertyType_t::PATCH_LEVEL (2)"),
            n => write!(f, "libraryPropertyType_t({n})"),
        }
    }
}
