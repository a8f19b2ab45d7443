// The two comparisons of benches/graph_frontend.rs: the same conv + bias +
// ReLU graph (f32, NCHW, x 16x64x56x56, w 64x64x3x3, padding 1) taken to a
// plan for a described GPU through NVIDIA's cudnn-frontend C++ API and
// through a plain sequence of cuDNN backend calls. Both reach cuDNN through
// `cudnn_dlhandle`, the handle of the very library the Rust side loaded, so
// that the three sides run in one process against one cuDNN.
//
// Each stage of a pipeline is timed with steady_clock and reported in
// nanoseconds; a pipeline's stages run in order on one fresh graph:
//   describe    the frontend's graph of tensors and nodes (no cuDNN call)
//   build       validate + the finalized backend operation graph
//   heuristics  mode A engine configurations
//   plan        the first configuration finalized into an execution plan,
//               with its workspace size
//   serialize   the plan as bytes (the frontend's) or JSON (the backend's)
//   deserialize a plan read back from them, finalized, with its workspace size
// The raw pipeline has no describe stage (reported as 0).

#define NV_CUDNN_FRONTEND_USE_DYNAMIC_LOADING 1
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <cudnn_frontend.h>

namespace fe = cudnn_frontend;

// The frontend's dynamic loading reads every cuDNN symbol from this handle.
void *cudnn_frontend::cudnn_dlhandle = nullptr;

namespace {

constexpr int64_t N = 16, C = 64, H = 56, W = 56, K = 64, R = 3, S = 3;

using clock_type = std::chrono::steady_clock;

int64_t
since(clock_type::time_point t) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(clock_type::now() - t).count();
}

std::string g_error;
std::string g_device_json;
std::shared_ptr<fe::DeviceProperties> g_fe_device;
// The described GPU's SM version (90): the frontend asks the CUDA runtime
// for it otherwise, which needs a GPU. Its SM count is not given: the
// frontend would set it as the heuristics' SM_COUNT_TARGET, a narrower
// query (15 configurations instead of the 40 the other sides get).
int32_t g_sm_version = 0;

// ---- the frontend ----------------------------------------------------------

std::shared_ptr<fe::graph::Graph>
fe_describe() {
    auto g = std::make_shared<fe::graph::Graph>();
    g->set_name("conv_bias_relu")
        .set_io_data_type(fe::DataType_t::FLOAT)
        .set_intermediate_data_type(fe::DataType_t::FLOAT)
        .set_compute_data_type(fe::DataType_t::FLOAT);
    auto x = g->tensor(fe::graph::Tensor_attributes()
                           .set_name("x")
                           .set_dim({N, C, H, W})
                           .set_stride({C * H * W, H * W, W, 1}));
    auto w = g->tensor(fe::graph::Tensor_attributes()
                           .set_name("w")
                           .set_dim({K, C, R, S})
                           .set_stride({C * R * S, R * S, S, 1}));
    auto b = g->tensor(
        fe::graph::Tensor_attributes().set_name("bias").set_dim({1, K, 1, 1}).set_stride({K, 1, 1, 1}));
    auto conv = g->conv_fprop(
        x, w, fe::graph::Conv_fprop_attributes().set_padding({1, 1}).set_stride({1, 1}).set_dilation({1, 1}));
    auto biased = g->pointwise(conv, b, fe::graph::Pointwise_attributes().set_mode(fe::PointwiseMode_t::ADD));
    auto y      = g->pointwise(biased, fe::graph::Pointwise_attributes().set_mode(fe::PointwiseMode_t::RELU_FWD));
    // The frontend lays a convolution's output out channels-last unless
    // told otherwise; the other two sides keep x's NCHW order throughout.
    // Stated here, so that all three describe the same graph to cuDNN.
    std::vector<int64_t> nchw{K * H * W, H * W, W, 1};
    conv->set_stride(nchw);
    biased->set_stride(nchw);
    y->set_stride(nchw);
    y->set_output(true);
    g->set_device_properties(g_fe_device);
    g->set_sm_version(g_sm_version);
    return g;
}

bool
ok(fe::error_t e, char const *what) {
    if (e.is_good()) return true;
    g_error = std::string(what) + ": " + e.get_message();
    return false;
}

// ---- raw backend calls -----------------------------------------------------

#define RAW_FNS(X)                     \
    X(cudnnBackendCreateDescriptor)    \
    X(cudnnBackendDestroyDescriptor)   \
    X(cudnnBackendSetAttribute)        \
    X(cudnnBackendGetAttribute)        \
    X(cudnnBackendFinalize)

struct Raw {
#define FIELD(f) decltype(&::f) f = nullptr;
    RAW_FNS(FIELD)
#undef FIELD
} raw;

using Desc = cudnnBackendDescriptor_t;

bool g_raw_failed = false;

void
check(cudnnStatus_t s, char const *what) {
    if (s != CUDNN_STATUS_SUCCESS && !g_raw_failed) {
        g_raw_failed = true;
        g_error      = std::string(what) + ": status " + std::to_string(static_cast<int>(s));
    }
}

Desc
make(cudnnBackendDescriptorType_t t) {
    Desc d = nullptr;
    check(raw.cudnnBackendCreateDescriptor(t, &d), "cudnnBackendCreateDescriptor");
    return d;
}

template <typename T>
void
set(Desc d, cudnnBackendAttributeName_t a, cudnnBackendAttributeType_t t, int64_t n, T const *v) {
    check(raw.cudnnBackendSetAttribute(d, a, t, n, v), "cudnnBackendSetAttribute");
}

void
finalize(Desc d, char const *what) {
    check(raw.cudnnBackendFinalize(d), what);
}

void
destroy(Desc d) {
    if (d) raw.cudnnBackendDestroyDescriptor(d);
}

Desc
raw_tensor(int64_t uid, std::vector<int64_t> const &dims, bool is_virtual) {
    std::vector<int64_t> strides(dims.size());
    int64_t s = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        strides[i] = s;
        s *= dims[i];
    }
    Desc d                  = make(CUDNN_BACKEND_TENSOR_DESCRIPTOR);
    cudnnDataType_t f32     = CUDNN_DATA_FLOAT;
    int64_t alignment       = 16;
    auto n                  = static_cast<int64_t>(dims.size());
    set(d, CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid);
    set(d, CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, n, dims.data());
    set(d, CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, n, strides.data());
    set(d, CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &f32);
    set(d, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &alignment);
    set(d, CUDNN_ATTR_TENSOR_IS_VIRTUAL, CUDNN_TYPE_BOOLEAN, 1, &is_virtual);
    finalize(d, "tensor");
    return d;
}

Desc
raw_pointwise(cudnnPointwiseMode_t mode) {
    Desc d              = make(CUDNN_BACKEND_POINTWISE_DESCRIPTOR);
    cudnnDataType_t f32 = CUDNN_DATA_FLOAT;
    set(d, CUDNN_ATTR_POINTWISE_MODE, CUDNN_TYPE_POINTWISE_MODE, 1, &mode);
    set(d, CUDNN_ATTR_POINTWISE_MATH_PREC, CUDNN_TYPE_DATA_TYPE, 1, &f32);
    finalize(d, "pointwise descriptor");
    return d;
}

// Every descriptor one raw pipeline made, destroyed together.
struct RawGraph {
    std::vector<Desc> owned;
    Desc graph = nullptr;
    std::vector<Desc> configs;
    Desc plan = nullptr;
    int64_t workspace = 0;
    ~RawGraph() {
        destroy(plan);
        for (auto d : configs) destroy(d);
        destroy(graph);
        for (auto d : owned) destroy(d);
    }
    Desc
    keep(Desc d) {
        owned.push_back(d);
        return d;
    }
};

Desc g_raw_device = nullptr;

void
raw_build(RawGraph &r) {
    Desc x = r.keep(raw_tensor(1, {N, C, H, W}, false));
    Desc w = r.keep(raw_tensor(2, {K, C, R, S}, false));
    Desc b = r.keep(raw_tensor(3, {1, K, 1, 1}, false));
    Desc c = r.keep(raw_tensor(4, {N, K, H, W}, true));
    Desc a = r.keep(raw_tensor(5, {N, K, H, W}, true));
    Desc y = r.keep(raw_tensor(6, {N, K, H, W}, false));

    Desc conv                 = r.keep(make(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR));
    cudnnDataType_t f32       = CUDNN_DATA_FLOAT;
    cudnnConvolutionMode_t cc = CUDNN_CROSS_CORRELATION;
    int64_t dims = 2, one[2] = {1, 1};
    set(conv, CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &f32);
    set(conv, CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, 1, &cc);
    set(conv, CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, 1, &dims);
    set(conv, CUDNN_ATTR_CONVOLUTION_DILATIONS, CUDNN_TYPE_INT64, 2, one);
    set(conv, CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, CUDNN_TYPE_INT64, 2, one);
    set(conv, CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, CUDNN_TYPE_INT64, 2, one);
    set(conv, CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, CUDNN_TYPE_INT64, 2, one);
    finalize(conv, "convolution descriptor");

    Desc fprop   = r.keep(make(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR));
    float alpha = 1.0f, beta = 0.0f;
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &x);
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &w);
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &c);
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &conv);
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, 1, &alpha);
    set(fprop, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, 1, &beta);
    finalize(fprop, "convolution forward");

    Desc add   = r.keep(raw_pointwise(CUDNN_POINTWISE_ADD));
    Desc bias  = r.keep(make(CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR));
    set(bias, CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &add);
    set(bias, CUDNN_ATTR_OPERATION_POINTWISE_XDESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &c);
    set(bias, CUDNN_ATTR_OPERATION_POINTWISE_BDESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &b);
    set(bias, CUDNN_ATTR_OPERATION_POINTWISE_YDESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &a);
    finalize(bias, "bias");

    Desc relu_mode = r.keep(raw_pointwise(CUDNN_POINTWISE_RELU_FWD));
    Desc relu      = r.keep(make(CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR));
    set(relu, CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &relu_mode);
    set(relu, CUDNN_ATTR_OPERATION_POINTWISE_XDESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &a);
    set(relu, CUDNN_ATTR_OPERATION_POINTWISE_YDESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &y);
    finalize(relu, "relu");

    r.graph    = make(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR);
    Desc ops[] = {fprop, bias, relu};
    set(r.graph, CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 3, ops);
    finalize(r.graph, "operation graph");
}

void
raw_heuristics(RawGraph &r) {
    Desc heur               = make(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR);
    cudnnBackendHeurMode_t a = CUDNN_HEUR_MODE_A;
    set(heur, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &r.graph);
    set(heur, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &a);
    set(heur, CUDNN_ATTR_ENGINEHEUR_DEVICEPROP, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &g_raw_device);
    finalize(heur, "engine heuristics");
    int64_t count = 0;
    check(raw.cudnnBackendGetAttribute(
              heur, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &count, nullptr),
          "heuristics count");
    r.configs.resize(static_cast<size_t>(count));
    for (auto &d : r.configs) d = make(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR);
    int64_t got = 0;
    check(raw.cudnnBackendGetAttribute(
              heur, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, count, &got, r.configs.data()),
          "heuristics results");
    // cuDNN may fill fewer than it counted: keep those it filled.
    for (size_t i = static_cast<size_t>(got); i < r.configs.size(); ++i) destroy(r.configs[i]);
    r.configs.resize(static_cast<size_t>(std::min(got, count)));
    destroy(heur);
}

// Finalizes configuration `index` into a plan and reads its workspace size
// (what running it needs, and what the frontend reads too); false when it
// does not finalize.
// A plan of `config` for the described GPU, finalized, with its workspace
// size read into `workspace`; null when it does not finalize.
Desc
raw_plan(Desc config, int64_t &workspace) {
    Desc plan = make(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR);
    set(plan, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &config);
    set(plan, CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &g_raw_device);
    if (raw.cudnnBackendFinalize(plan) != CUDNN_STATUS_SUCCESS) {
        destroy(plan);
        return nullptr;
    }
    int64_t n = 0;
    check(raw.cudnnBackendGetAttribute(
              plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, &n, &workspace),
          "plan workspace size");
    return plan;
}

bool
raw_plan_at(RawGraph &r, size_t index) {
    destroy(r.plan);
    r.plan = raw_plan(r.configs[index], r.workspace);
    return r.plan != nullptr;
}

std::string
raw_serialize(RawGraph &r) {
    int64_t n = 0;
    check(raw.cudnnBackendGetAttribute(
              r.plan, CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION, CUDNN_TYPE_CHAR, 0, &n, nullptr),
          "plan JSON size");
    std::string json(static_cast<size_t>(n), '\0');
    check(raw.cudnnBackendGetAttribute(
              r.plan, CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION, CUDNN_TYPE_CHAR, n, &n, json.data()),
          "plan JSON");
    json.resize(strnlen(json.data(), json.size()));
    return json;
}

void
raw_deserialize(std::string const &json) {
    Desc plan = make(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR);
    set(plan, CUDNN_ATTR_EXECUTION_PLAN_DEVICEPROP, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &g_raw_device);
    set(plan,
        CUDNN_ATTR_EXECUTION_PLAN_JSON_REPRESENTATION,
        CUDNN_TYPE_CHAR,
        static_cast<int64_t>(json.size()),
        json.data());
    finalize(plan, "plan from JSON");
    int64_t n = 0, workspace = 0;
    check(raw.cudnnBackendGetAttribute(
              plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, &n, &workspace),
          "plan from JSON: workspace size");
    destroy(plan);
}

size_t g_raw_index = 0;

}  // namespace

extern "C" {

// The last error's text (empty when none).
char const *
gf_error() {
    return g_error.c_str();
}

// Prepares both sides: `dlhandle` is a dlopen handle of the cuDNN the Rust
// side loaded, `device_json` cuDNN's JSON of the described GPU, `sm_version`
// its compute capability (major * 10 + minor). Returns 0,
// or -1 with gf_error set. Writes the configurations each side gets and the
// index of the first that finalizes.
int
gf_init(void *dlhandle,
        char const *device_json,
        size_t len,
        int32_t sm_version,
        int64_t *fe_configs,
        int64_t *raw_configs,
        int64_t *raw_first) {
    try {
        cudnn_frontend::cudnn_dlhandle = dlhandle;
#define LOAD(f)                                                                 \
    raw.f = reinterpret_cast<decltype(&::f)>(dlsym(dlhandle, #f));              \
    if (!raw.f) {                                                               \
        g_error = "cuDNN has no " #f;                                           \
        return -1;                                                              \
    }
        RAW_FNS(LOAD)
#undef LOAD
        g_sm_version = sm_version;
        g_device_json.assign(device_json, len);
        std::vector<uint8_t> bytes(g_device_json.begin(), g_device_json.end());
        g_fe_device = std::make_shared<fe::DeviceProperties>();
        if (!ok(g_fe_device->deserialize(bytes), "frontend device properties")) return -1;

        g_raw_device = make(CUDNN_BACKEND_DEVICEPROP_DESCRIPTOR);
        set(g_raw_device,
            CUDNN_ATTR_DEVICEPROP_JSON_REPRESENTATION,
            CUDNN_TYPE_CHAR,
            static_cast<int64_t>(g_device_json.size()),
            g_device_json.data());
        finalize(g_raw_device, "device properties");
        if (g_raw_failed) return -1;

        auto g = fe_describe();
        if (!ok(g->validate(), "validate") || !ok(g->build_operation_graph(), "build_operation_graph") ||
            !ok(g->create_execution_plans({fe::HeurMode_t::A}), "create_execution_plans"))
            return -1;
        *fe_configs = g->get_execution_plan_count();

        RawGraph r;
        raw_build(r);
        raw_heuristics(r);
        if (g_raw_failed) return -1;
        *raw_configs = static_cast<int64_t>(r.configs.size());
        for (size_t i = 0; i < r.configs.size(); ++i) {
            if (raw_plan_at(r, i)) {
                g_raw_index = i;
                *raw_first  = static_cast<int64_t>(i);
                return 0;
            }
        }
        g_error = "no configuration finalizes";
        return -1;
    } catch (std::exception const &e) {
        g_error = e.what();
        return -1;
    }
}

// One frontend pipeline; `ns` gets the six stages. Returns 0 or -1.
int
gf_frontend(int64_t ns[6]) {
    try {
        auto t = clock_type::now();
        auto g = fe_describe();
        ns[0]  = since(t);
        t      = clock_type::now();
        if (!ok(g->validate(), "validate") || !ok(g->build_operation_graph(), "build_operation_graph")) return -1;
        ns[1] = since(t);
        t     = clock_type::now();
        if (!ok(g->create_execution_plans({fe::HeurMode_t::A}), "create_execution_plans")) return -1;
        ns[2] = since(t);
        t     = clock_type::now();
        if (!ok(g->check_support(), "check_support") ||
            !ok(g->build_plans(fe::BuildPlanPolicy_t::HEURISTICS_CHOICE), "build_plans"))
            return -1;
        ns[3] = since(t);
        t     = clock_type::now();
        std::vector<uint8_t> bytes;
        if (!ok(g->serialize(bytes, false), "serialize")) return -1;
        ns[4] = since(t);
        t     = clock_type::now();
        fe::graph::Graph back;
        back.set_device_properties(g_fe_device);
        back.set_sm_version(g_sm_version);
        if (!ok(back.deserialize(bytes), "deserialize")) return -1;
        ns[5] = since(t);
        return 0;
    } catch (std::exception const &e) {
        g_error = e.what();
        return -1;
    }
}

// One raw pipeline; `ns` gets the six stages (describe 0). Returns 0 or -1.
int
gf_raw(int64_t ns[6]) {
    RawGraph r;
    ns[0]  = 0;
    auto t = clock_type::now();
    raw_build(r);
    ns[1] = since(t);
    t     = clock_type::now();
    raw_heuristics(r);
    ns[2] = since(t);
    t     = clock_type::now();
    if (r.configs.size() <= g_raw_index || !raw_plan_at(r, g_raw_index)) {
        g_error = "the first configuration no longer finalizes";
        return -1;
    }
    ns[3] = since(t);
    t     = clock_type::now();
    std::string json = raw_serialize(r);
    ns[4]            = since(t);
    t                = clock_type::now();
    raw_deserialize(json);
    ns[5] = since(t);
    return g_raw_failed ? -1 : 0;
}

// `reps` runs of raw stage `stage` (1 build, 2 heuristics, 3 plan,
// 4 serialize, 5 deserialize) back to back, on inputs made before the
// clock starts (one graph, its configurations, the first plan that
// finalizes, its JSON); what each run makes is kept until the clock stops,
// as a pipeline keeps it, but deserialize's plan, which its stage destroys.
// `ns` gets the total. Returns 0 or -1.
int
gf_raw_hot(int stage, int reps, int64_t *ns) {
    try {
        RawGraph base;
        if (stage >= 2) raw_build(base);
        if (stage >= 3) raw_heuristics(base);
        if (stage >= 4 && !raw_plan_at(base, g_raw_index)) {
            g_error = "the first configuration no longer finalizes";
            return -1;
        }
        std::string json = stage == 5 ? raw_serialize(base) : std::string();
        auto n = static_cast<size_t>(reps);
        std::vector<RawGraph> graphs(stage == 1 || stage == 2 ? n : 0);
        std::vector<Desc> plans;
        std::vector<std::string> texts;
        plans.reserve(n);
        texts.reserve(n);
        Desc config = stage == 3 ? base.configs.at(g_raw_index) : nullptr;
        int64_t workspace = 0;
        auto t = clock_type::now();
        for (size_t i = 0; i < n; ++i) {
            switch (stage) {
                case 1: raw_build(graphs[i]); break;
                case 2:
                    graphs[i].graph = base.graph;
                    raw_heuristics(graphs[i]);
                    break;
                case 3: plans.push_back(raw_plan(config, workspace)); break;
                case 4: texts.push_back(raw_serialize(base)); break;
                default: raw_deserialize(json); break;
            }
        }
        *ns = since(t);
        if (std::find(plans.begin(), plans.end(), nullptr) != plans.end()) {
            g_error = "the first configuration no longer finalizes";
            g_raw_failed = true;
        }
        // The graph was lent to each heuristics run: the base destroys it.
        if (stage == 2)
            for (auto &g : graphs) g.graph = nullptr;
        for (auto p : plans) destroy(p);
        return g_raw_failed ? -1 : 0;
    } catch (std::exception const &e) {
        g_error = e.what();
        return -1;
    }
}

}  // extern "C"
