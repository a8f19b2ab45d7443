//! What `cudnn-consumer` does: use the `cudnn` crate the way a dependent
//! program does, and report what worked as one JSON object.
//!
//! It loads the process-wide library ([`cudnn::library`], which honours
//! `CUDNN_LIB_DIR` and the rest of the search), then makes one call per op
//! family that needs no GPU:
//!
//! | key          | call                                                        | cuDNN 8       | cuDNN 9 |
//! | ------------ | ----------------------------------------------------------- | ------------- | ------- |
//! | `tensor`     | a 4-d tensor descriptor                                     | ops_infer     | ops     |
//! | `activation` | a ReLU activation descriptor                                | ops_infer     | ops     |
//! | `conv`       | a convolution problem and cuDNN's own output dimensions     | cnn_infer     | cnn     |
//! | `rnn`        | an LSTM descriptor, without dropout                         | adv_infer     | adv     |
//!
//! With `CUDNN_CONSUMER_RUNTIME_DEPS` set it then creates an
//! engine-heuristics descriptor (`runtime_deps`), before which the crate
//! loads cuBLASLt and NVRTC, and reports where they were loaded from
//! (`cublaslt_path`, `nvrtc_path`).
//!
//! and finally the doctor's finding codes (`doctor`), its findings
//! (`doctor_findings`) and the copies of cuDNN it found in search order
//! (`doctor_copies`: path, major, status such as `loaded` or
//! `other-major`, and what led the search there). Each outcome is `"ok"` or
//! `"error: <the error's Display>"`, with `<key>_kind` naming the
//! [`cudnn::Error`] variant. For example:
//!
//! ```text
//! {"load":"ok","version":"9.28.0","path":"/x/libcudnn.so.9","found_by":"CUDNN_LIB_DIR",
//!  "tensor":"ok","activation":"ok","conv":"ok","conv_dims":[1,8,8,8],"rnn":"ok",
//!  "doctor":["no-gpu"],"doctor_findings":[{"code":"no-gpu","message":"..."}],
//!  "doctor_copies":[{"path":"/x/libcudnn.so.9","major":9,"status":"loaded","found_by":"CUDNN_LIB_DIR"}]}
//! ```
//!
//! The binary exits with 0 whenever it ran to the end, whatever the
//! outcomes, so that a caller can tell a typed error from a process that was
//! killed.
//! Progress goes to stderr, one line per step, so that a crash shows where
//! it happened.

use cudnn::rnn::{RnnConfig, RnnDescriptor, RnnMode};
use cudnn::{
    ActivationDescriptor, ActivationMode, ConvProblem, ConvolutionDescriptor, FilterDescriptor,
    TensorDescriptor, TensorFormat,
};
use serde_json::{json, Map, Value};

/// The name of `e`'s variant, from its alternate `Debug` form
/// (`SublibraryUnavailable: ...`); works for variants added later.
pub fn variant_name(e: &cudnn::Error) -> String {
    format!("{e:#?}")
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Records the outcome of one step under `key` (and `<key>_kind`).
fn record<T>(out: &mut Map<String, Value>, key: &str, result: &cudnn::Result<T>) {
    match result {
        Ok(_) => {
            eprintln!("cudnn-consumer: {key}: ok");
            out.insert(key.into(), "ok".into());
        }
        Err(e) => {
            let kind = variant_name(e);
            eprintln!("cudnn-consumer: {key}: {kind}: {e}");
            out.insert(key.into(), format!("error: {e}").into());
            out.insert(format!("{key}_kind"), kind.into());
        }
    }
}

fn conv_dims() -> cudnn::Result<Vec<i64>> {
    let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
    let problem = ConvProblem::new(
        TensorDescriptor::<f32>::new(nchw, &[1, 3, 8, 8])?,
        FilterDescriptor::<f32>::new(nchw, &[8, 3, 3, 3])?,
        ConvolutionDescriptor::<f32>::new(&[1, 1], &[1, 1], &[1, 1])?,
    )?;
    problem.conv().cudnn_output_dims(problem.x(), problem.w())
}

/// An engine-heuristics descriptor, before which the crate loads what
/// cuDNN 9's engines open at run time (cuBLASLt, required; NVRTC, when it
/// is found): `runtime_deps`, and where each was loaded from
/// (`cublaslt_path`, `nvrtc_path`: the file mapped into this process, on
/// Linux; `null` when none is).
fn runtime_deps(out: &mut Map<String, Value>) {
    use cudnn::sys::cudnnBackendDescriptorType_t as D;
    eprintln!("cudnn-consumer: engine heuristics (cuBLASLt, NVRTC)");
    let heur =
        cudnn::graph::backend::BackendDescriptor::new(D::CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR);
    record(out, "runtime_deps", &heur);
    drop(heur);
    for (key, prefix) in [
        ("cublaslt_path", "libcublasLt.so"),
        ("nvrtc_path", "libnvrtc.so"),
    ] {
        out.insert(key.into(), mapped(prefix).map_or(Value::Null, Value::from));
    }
}

/// The file mapped into this process whose name starts with `prefix`.
fn mapped(prefix: &str) -> Option<String> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    maps.lines()
        .filter_map(|l| l.split_whitespace().nth(5))
        .find(|p| {
            p.rsplit('/')
                .next()
                .is_some_and(|name| name.starts_with(prefix))
        })
        .map(str::to_string)
}

/// Runs every step and returns the report (the binary prints it).
pub fn probe() -> Map<String, Value> {
    let mut out = Map::new();

    eprintln!("cudnn-consumer: loading cuDNN");
    let lib = cudnn::library();
    record(&mut out, "load", &lib);
    if let Ok(lib) = &lib {
        out.insert("version".into(), lib.version().to_string().into());
        out.insert("path".into(), lib.path().display().to_string().into());
        out.insert("found_by".into(), lib.found_by().to_string().into());
    }

    eprintln!("cudnn-consumer: tensor descriptor");
    let tensor = TensorDescriptor::<f32>::new(TensorFormat::CUDNN_TENSOR_NCHW, &[2, 3, 4, 5]);
    record(&mut out, "tensor", &tensor);
    drop(tensor);

    eprintln!("cudnn-consumer: activation descriptor");
    let activation = ActivationDescriptor::new(ActivationMode::CUDNN_ACTIVATION_RELU, 0.0);
    record(&mut out, "activation", &activation);
    drop(activation);

    eprintln!("cudnn-consumer: convolution problem");
    let conv = conv_dims();
    record(&mut out, "conv", &conv);
    if let Ok(dims) = &conv {
        out.insert("conv_dims".into(), json!(dims));
    }

    eprintln!("cudnn-consumer: RNN descriptor");
    let rnn = RnnDescriptor::<f32, f32>::new(&RnnConfig::new(RnnMode::CUDNN_LSTM, 4, 8, 1), None);
    record(&mut out, "rnn", &rnn);
    drop(rnn);

    if std::env::var_os("CUDNN_CONSUMER_RUNTIME_DEPS").is_some() {
        runtime_deps(&mut out);
    }

    eprintln!("cudnn-consumer: doctor");
    let report = cudnn_doctor::report();
    out.insert(
        "doctor".into(),
        json!(report.findings.iter().map(|f| f.code).collect::<Vec<_>>()),
    );
    out.insert(
        "doctor_findings".into(),
        json!(report
            .findings
            .iter()
            .map(|f| json!({"code": f.code, "severity": f.severity, "message": f.message}))
            .collect::<Vec<_>>()),
    );
    out.insert(
        "doctor_copies".into(),
        json!(report
            .candidates
            .iter()
            .map(|c| json!({
                "path": c.path.display().to_string(),
                "major": c.major,
                "status": c.status,
                "found_by": c.found_by,
            }))
            .collect::<Vec<_>>()),
    );

    eprintln!("cudnn-consumer: done");
    out
}
