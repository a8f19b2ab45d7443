//! The doctor's smoke test: a real convolution on GPU 0, compared with the
//! CPU.

use cudnn::Error;

use super::SmokeTest;

/// A 3x3 convolution of a small image on GPU 0, compared with the CPU
/// reference.
pub(crate) fn smoke_test() -> SmokeTest {
    match run_smoke_test() {
        Ok(detail) => SmokeTest {
            passed: true,
            detail,
        },
        Err(detail) => SmokeTest {
            passed: false,
            detail,
        },
    }
}

fn run_smoke_test() -> Result<String, String> {
    use cudnn::conv::ConvProblem;
    use cudnn::conv::ConvolutionDescriptor;
    use cudnn::conv::SearchOptions;
    use cudnn::tensor::FilterDescriptor;
    use cudnn::tensor::TensorDescriptor;
    use cudnn::tensor::TensorFormat;
    use cudnn::Handle;
    use cudnn::Workspace;
    let s = |e: Error| e.to_string();
    let x: [f32; SMOKE_X_LEN] = std::array::from_fn(|i| ((i * 7 % 13) as f32 - 6.0) / 6.0);
    let w: [f32; SMOKE_W_LEN] = std::array::from_fn(|i| ((i * 5 % 11) as f32 - 5.0) / 5.0);
    let ctx = cudnn::cuda_context(0).map_err(s)?;
    let stream = ctx.default_stream();
    let handle = Handle::new(stream.clone()).map_err(s)?;
    let nchw = TensorFormat::NCHW;
    let p = ConvProblem::new(
        TensorDescriptor::<f32>::new(nchw, &[1, 2, 6, 6]).map_err(s)?,
        FilterDescriptor::<f32>::new(nchw, &[3, 2, 3, 3]).map_err(s)?,
        ConvolutionDescriptor::<f32>::new(&[1, 1], &[1, 1], &[1, 1]).map_err(s)?,
    )
    .map_err(s)?;
    let xd = stream.clone_htod(&x).map_err(|e| s(e.into()))?;
    let wd = stream.clone_htod(&w).map_err(|e| s(e.into()))?;
    let mut yd = stream
        .alloc_zeros::<f32>(SMOKE_Y_LEN)
        .map_err(|e| s(e.into()))?;
    let mut ws = Workspace::new();
    let options = SearchOptions {
        allow_tf32: false,
        ..SearchOptions::default()
    };
    let mut args = cudnn::conv::ConvForwardArgs {
        x: &xd,
        w: &wd,
        y: &mut yd,
    };
    let algo = handle
        .find_forward(&p, &options, None, &mut ws, &mut args)
        .map_err(s)?;
    handle
        .convolution_forward(&p, &algo, &mut ws, args, cudnn::Scaling::default())
        .map_err(s)?;
    let got = stream.clone_dtoh(&yd).map_err(|e| s(e.into()))?;
    let err = smoke_max_rel_error(&got, &smoke_conv_cpu(&x, &w));
    if err < 1e-4 {
        Ok(format!(
            "a 3x3 convolution ({:?}) matched the CPU reference (max relative error {err:.1e})",
            algo.algo()
        ))
    } else {
        Err(format!(
            "a 3x3 convolution ({:?}) differs from the CPU reference: max relative error {err:.1e}",
            algo.algo()
        ))
    }
}

// The smoke test's convolution: a 1x2x6x6 image (NCHW) and a 3x2x3x3 filter,
// padding 1, stride 1, giving 1x3x6x6.
const SMOKE_C: usize = 2;
const SMOKE_K: usize = 3;
const SMOKE_HW: usize = 6;
const SMOKE_R: usize = 3;
const SMOKE_X_LEN: usize = SMOKE_C * SMOKE_HW * SMOKE_HW;
const SMOKE_W_LEN: usize = SMOKE_K * SMOKE_C * SMOKE_R * SMOKE_R;
const SMOKE_Y_LEN: usize = SMOKE_K * SMOKE_HW * SMOKE_HW;

/// The smoke test's convolution on the CPU, accumulated in `f64`: the
/// direct 2-d cross-correlation (what cuDNN's `CUDNN_CROSS_CORRELATION`
/// computes) with zero padding of 1.
fn smoke_conv_cpu(x: &[f32; SMOKE_X_LEN], w: &[f32; SMOKE_W_LEN]) -> [f64; SMOKE_Y_LEN] {
    let mut y = [0.0; SMOKE_Y_LEN];
    for k in 0..SMOKE_K {
        for oh in 0..SMOKE_HW {
            for ow in 0..SMOKE_HW {
                let mut acc = 0.0f64;
                for c in 0..SMOKE_C {
                    for r in 0..SMOKE_R {
                        for t in 0..SMOKE_R {
                            // Input row oh + r - 1 and column ow + t - 1;
                            // outside the image is the zero padding.
                            let (Some(ih), Some(iw)) =
                                ((oh + r).checked_sub(1), (ow + t).checked_sub(1))
                            else {
                                continue;
                            };
                            if ih >= SMOKE_HW || iw >= SMOKE_HW {
                                continue;
                            }
                            let xv = x[(c * SMOKE_HW + ih) * SMOKE_HW + iw];
                            let wv = w[((k * SMOKE_C + c) * SMOKE_R + r) * SMOKE_R + t];
                            acc += f64::from(xv) * f64::from(wv);
                        }
                    }
                }
                y[(k * SMOKE_HW + oh) * SMOKE_HW + ow] = acc;
            }
        }
    }
    y
}

/// The largest `|got - want| / max(1, |want|)`: relative where `|want| > 1`,
/// absolute below. A NaN, or lengths that differ, give infinity.
fn smoke_max_rel_error(got: &[f32], want: &[f64]) -> f64 {
    if got.len() != want.len() {
        return f64::INFINITY;
    }
    got.iter().zip(want).fold(0.0, |worst: f64, (&a, &b)| {
        let a = f64::from(a);
        let err = if a == b {
            0.0
        } else {
            (a - b).abs() / b.abs().max(1.0)
        };
        worst.max(if err.is_nan() { f64::INFINITY } else { err })
    })
}
