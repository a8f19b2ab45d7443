//! `cudnn::ops` causal depthwise convolution (cuDNN 9's
//! `cudnnCausalConv1dForward` / `Backward` and the channels-last
//! `cudnnCausalConv1dNwh*`, since 9.22, in `libcudnn_ext`) on a GPU against
//! the CPU reference `cudnn_reference::causal_conv1d`, itself checked
//! against PyTorch's `F.conv1d`: forward and backward, both layouts, the
//! identity and SiLU, every element type the header lists (`f64`, `f32`,
//! `f16`, `bf16`), kernel widths from 2 to 256 (one longer than the
//! sequence; channels last to 128); `dx` written over what it held,
//! `dweight` and `dbias` added to theirs (the header: accumulated with `atomicAdd`); a short buffer
//! refused before the GPU. The medium-FFT variant
//! (`cudnnFFTCausalConv1d*`, 9.26) likewise against the reference's
//! `fft_forward` / `fft_backward` (no bias, taps reversed), with its
//! 16-byte alignment and `f64` width limit refused before the GPU; where
//! cuDNN answers `NOT_SUPPORTED` (no NVRTC 12.4) the FFT test says so and
//! returns. The long-FFT variant (`cudnnLongFFTCausalConv1d*`, 9.26,
//! `kernel_size == seq_len` from 4096) against the same reference, its
//! backward reading the reserve space its forward wrote. The B2B variant
//! (`cudnnB2BCausalConv1d*`, 9.24, the fused Hyena-SE block) against the
//! reference's `b2b_forward` / `b2b_backward` (itself checked against
//! cudnn-frontend's PyTorch reference): `y` and `y_gated`, then the
//! backward from cuDNN's own `y` as stored, the three weight gradients
//! added to what their buffers held; a short buffer refused before the
//! GPU.
//!
//! Tolerances, relative to `max(1, |want|)`: `f64` `1e-10`, `f32` `1e-4`,
//! `f16` `4e-3` and `bf16` `3e-2` for the outputs in those types (their
//! rounding); the weight and bias gradients are `f32` for the half types,
//! summed over `B * L` terms: `1e-4`, `1e-2`, `4e-2`.
//!
//! The B2B outputs chain three roundings (two convolutions and a gate):
//! `f64` `1e-10`, `f32` `2e-4`, `f16` `1e-2`, `bf16` `6e-2`; its weight
//! gradients `1e-10`, `1e-3`, `2e-2`, `8e-2`.
//!
//! Where the loaded cuDNN lacks the functions (before 9.22; 9.24 for B2B)
//! the tests say so and return. All `#[ignore = "needs a CUDA GPU"]`;
//! `scripts/gpu-test.sh` runs them.

mod common;

use std::cell::RefCell;

use common::gpu::{download_flat, gpu, rounded, upload_flat, values, values_scaled, Gpu};
use cudnn::cudarc::driver::CudaSlice;

use cudnn::half::{bf16, f16};
use cudnn::ops::{
    CausalConv1dActivation, CausalConv1dB2bBackwardBuffers, CausalConv1dB2bForwardBuffers,
    CausalConv1dB2bProblem, CausalConv1dB2bShape, CausalConv1dBackwardBuffers, CausalConv1dElement,
    CausalConv1dFftBackwardBuffers, CausalConv1dFftForwardBuffers, CausalConv1dFftProblem,
    CausalConv1dForwardBuffers, CausalConv1dLayout, CausalConv1dLongFftBackwardBuffers,
    CausalConv1dLongFftForwardBuffers, CausalConv1dLongFftProblem, CausalConv1dProblem,
    CausalConv1dShape, CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE,
};
use cudnn::{DataType, Error, Mismatch, Workspace};
use cudnn_reference::causal_conv1d::{
    b2b_backward, b2b_forward, backward as ref_backward, fft_backward, fft_forward,
    forward as ref_forward, transpose_last_two, Activation, B2bShape,
};
use cudnn_reference::conv::Scalar;

/// The start of `dx` (overwritten) and of `dweight`, `dbias` (added to).
const DX_START: f64 = 7.0;
const GRAD_START: f64 = 0.5;

/// `(output tolerance, weight-gradient tolerance)` by element type.
fn tolerances<T: DataType>() -> (f64, f64) {
    match T::NAME {
        "f64" => (1e-10, 1e-10),
        "f32" => (1e-4, 1e-4),
        "f16" => (4e-3, 1e-2),
        _ => (3e-2, 4e-2),
    }
}

fn worst(got: &[f64], want: &[f64]) -> f64 {
    assert_eq!(got.len(), want.len());
    got.iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs() / w.abs().max(1.0))
        .fold(0.0, f64::max)
}

/// The shape as the reference crate's own type.
fn reference_shape(s: CausalConv1dShape) -> cudnn_reference::causal_conv1d::CausalConv1dShape {
    cudnn_reference::causal_conv1d::CausalConv1dShape {
        batch: s.batch,
        dim: s.dim,
        seq_len: s.seq_len,
        kernel_size: s.kernel_size,
    }
}

fn reference_act(act: CausalConv1dActivation) -> Activation {
    if act == CausalConv1dActivation::SILU {
        Activation::Silu
    } else {
        Activation::Identity
    }
}

/// The problem, or `None` (said) where the loaded cuDNN lacks the
/// functions.
fn problem(
    s: CausalConv1dShape,
    layout: CausalConv1dLayout,
    act: CausalConv1dActivation,
) -> Option<CausalConv1dProblem> {
    match CausalConv1dProblem::new(s, layout, act) {
        Ok(p) => Some(p),
        Err(e @ (Error::NotAvailable { .. } | Error::SublibraryUnavailable { .. })) => {
            eprintln!("not run: {e}");
            None
        }
        Err(e) => panic!("problem {s:?}: {e}"),
    }
}

/// `[B, D, L]` data and `[D, K]` weights in `layout`, and back.
struct Layout {
    layout: CausalConv1dLayout,
    s: CausalConv1dShape,
}

impl Layout {
    fn x_to(&self, x: &[f64]) -> Vec<f64> {
        match self.layout {
            CausalConv1dLayout::ChannelsLast => {
                transpose_last_two(x, self.s.batch, self.s.dim, self.s.seq_len)
            }
            _ => x.to_vec(),
        }
    }
    fn x_from(&self, x: &[f64]) -> Vec<f64> {
        match self.layout {
            CausalConv1dLayout::ChannelsLast => {
                transpose_last_two(x, self.s.batch, self.s.seq_len, self.s.dim)
            }
            _ => x.to_vec(),
        }
    }
    fn w_to(&self, w: &[f64]) -> Vec<f64> {
        match self.layout {
            CausalConv1dLayout::ChannelsLast => {
                transpose_last_two(w, 1, self.s.dim, self.s.kernel_size)
            }
            _ => w.to_vec(),
        }
    }
    fn w_from(&self, w: &[f64]) -> Vec<f64> {
        match self.layout {
            CausalConv1dLayout::ChannelsLast => {
                transpose_last_two(w, 1, self.s.kernel_size, self.s.dim)
            }
            _ => w.to_vec(),
        }
    }
}

/// Forward and backward of one problem in `T` against the reference.
fn run<T>(g: &Gpu, p: &CausalConv1dProblem, seed: u64)
where
    T: CausalConv1dElement + Scalar,
    T::Grad: Scalar,
{
    let Gpu {
        stream: st,
        handle: h,
    } = g;
    let s = p.shape();
    let lay = Layout {
        layout: p.layout(),
        s,
    };
    let act = reference_act(p.activation());
    let (tol, grad_tol) = tolerances::<T>();
    let what = format!("{} {s:?} {:?} {}", T::NAME, p.layout(), p.activation());

    let x = rounded::<T>(&values(p.x_len(), seed));
    let w_scale = 1.0 / (s.kernel_size as f64).sqrt();
    let w = rounded::<T>(&values_scaled(p.weight_len(), seed + 1, w_scale));
    let bias = rounded::<T>(&values_scaled(p.bias_len(), seed + 2, 0.5));
    let dy = rounded::<T>(&values(p.x_len(), seed + 3));

    let rs = reference_shape(s);
    let want_y = ref_forward(&x, &w, &bias, &rs, act).expect("reference forward");
    let want = ref_backward(&x, &w, &bias, &dy, &rs, act).expect("reference backward");

    let x_d = upload_flat::<T>(st, &lay.x_to(&x));
    let w_d = upload_flat::<T>(st, &lay.w_to(&w));
    let b_d = upload_flat::<T>(st, &bias);
    let dy_d = upload_flat::<T>(st, &lay.x_to(&dy));
    let mut y_d = upload_flat::<T>(st, &vec![DX_START; p.x_len()]);
    h.causal_conv1d_forward(
        p,
        CausalConv1dForwardBuffers {
            x: &x_d,
            weight: &w_d,
            bias: &b_d,
            y: &mut y_d,
        },
    )
    .unwrap_or_else(|e| panic!("{what}: forward: {e}"));
    let got_y = rounded::<T>(&lay.x_from(&download_flat(st, &y_d)));
    let e = worst(&got_y, &rounded::<T>(&want_y));
    assert!(e <= tol, "{what}: y error {e:e}");

    let mut dx_d = upload_flat::<T>(st, &vec![DX_START; p.x_len()]);
    let mut dw_d = upload_flat::<T::Grad>(st, &vec![GRAD_START; p.weight_len()]);
    let mut db_d = upload_flat::<T::Grad>(st, &vec![GRAD_START; p.bias_len()]);
    h.causal_conv1d_backward(
        p,
        CausalConv1dBackwardBuffers {
            x: &x_d,
            weight: &w_d,
            bias: &b_d,
            dy: &dy_d,
            dx: &mut dx_d,
            dweight: &mut dw_d,
            dbias: &mut db_d,
        },
    )
    .unwrap_or_else(|e| panic!("{what}: backward: {e}"));
    let got_dx = lay.x_from(&download_flat(st, &dx_d));
    let e = worst(&got_dx, &rounded::<T>(&want.dx));
    assert!(e <= tol, "{what}: dx error {e:e}");
    let added = |v: &[f64]| v.iter().map(|g| g + GRAD_START).collect::<Vec<_>>();
    let got_dw = lay.w_from(&download_flat(st, &dw_d));
    let e = worst(&got_dw, &added(&want.dw));
    assert!(
        e <= grad_tol,
        "{what}: dweight error {e:e} (added to {GRAD_START})"
    );
    let got_db = download_flat(st, &db_d);
    let e = worst(&got_db, &added(&want.dbias));
    assert!(
        e <= grad_tol,
        "{what}: dbias error {e:e} (added to {GRAD_START})"
    );
}

fn shape(batch: usize, dim: usize, seq_len: usize, kernel_size: usize) -> CausalConv1dShape {
    CausalConv1dShape {
        batch,
        dim,
        seq_len,
        kernel_size,
    }
}

/// `(shape, activation)`: widths 2 to 256, one longer than the sequence.
fn cases() -> Vec<(CausalConv1dShape, CausalConv1dActivation)> {
    use CausalConv1dActivation as A;
    vec![
        (shape(2, 4, 17, 4), A::SILU),
        (shape(1, 8, 33, 2), A::IDENTITY),
        (shape(3, 5, 6, 8), A::SILU),
        (shape(2, 64, 130, 16), A::IDENTITY),
        (shape(1, 16, 100, 32), A::SILU),
        (shape(1, 3, 300, 256), A::IDENTITY),
    ]
}

fn all_cases<T>(seed: u64)
where
    T: CausalConv1dElement + Scalar,
    T::Grad: Scalar,
{
    let g = gpu();
    for (i, (s, act)) in cases().into_iter().enumerate() {
        for layout in [
            CausalConv1dLayout::ChannelsFirst,
            CausalConv1dLayout::ChannelsLast,
        ] {
            if layout == CausalConv1dLayout::ChannelsLast
                && s.kernel_size > CAUSAL_CONV1D_NWH_MAX_KERNEL_SIZE
            {
                // Refused on the host (the host tests assert it).
                continue;
            }
            let Some(p) = problem(s, layout, act) else {
                return;
            };
            run::<T>(&g, &p, seed + 10 * i as u64);
        }
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_conv1d_f32_matches_the_reference() {
    all_cases::<f32>(100);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_conv1d_f64_matches_the_reference() {
    all_cases::<f64>(200);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_conv1d_f16_matches_the_reference() {
    all_cases::<f16>(300);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn causal_conv1d_bf16_matches_the_reference() {
    all_cases::<bf16>(400);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_short_buffer_is_refused_before_the_gpu() {
    let Gpu {
        stream: st,
        handle: h,
    } = gpu();
    let Some(p) = problem(
        shape(2, 3, 5, 4),
        CausalConv1dLayout::ChannelsFirst,
        CausalConv1dActivation::IDENTITY,
    ) else {
        return;
    };
    let x = st.alloc_zeros::<f32>(30).expect("x");
    let w = st.alloc_zeros::<f32>(12).expect("w");
    let short_bias = st.alloc_zeros::<f32>(2).expect("bias");
    let mut y = st.alloc_zeros::<f32>(30).expect("y");
    let e = h
        .causal_conv1d_forward(
            &p,
            CausalConv1dForwardBuffers {
                x: &x,
                weight: &w,
                bias: &short_bias,
                y: &mut y,
            },
        )
        .expect_err("short bias");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "cudnnCausalConv1dForward",
                mismatch: Mismatch::BufferTooShort { buffer, len: 2, required: 3 },
            } if buffer == "bias"
        ),
        "{e}"
    );
}

/// `(output tolerance, weight-gradient tolerance)` of the FFT path by
/// element type: its round-off grows with the transform's length.
fn fft_tolerances<T: DataType>() -> (f64, f64) {
    match T::NAME {
        "f64" => (1e-9, 1e-9),
        "f32" => (1e-4, 1e-3),
        "f16" => (5e-3, 5e-3),
        _ => (4e-2, 4e-2),
    }
}

/// The device buffers of one FFT case: the inputs, and `y`, `dx`,
/// `dweight` filled with 7.0 (every FFT variant writes all three).
struct FftBuffers<T> {
    x: CudaSlice<T>,
    w: CudaSlice<T>,
    dy: CudaSlice<T>,
    y: CudaSlice<T>,
    dx: CudaSlice<T>,
    dw: CudaSlice<T>,
}

/// One FFT variant's forward and backward of `s` in `T` against the
/// reference (`x_len` and `w_len` elements): `forward` fills `y`,
/// `backward` `dx` and `dweight`. Where the forward answers
/// `NOT_SUPPORTED` (NVRTC, the GPU) the case says so and returns.
fn check_fft_case<T: CausalConv1dElement + Scalar>(
    g: &Gpu,
    what: &str,
    (s, seed, x_len, w_len): (CausalConv1dShape, u64, usize, usize),
    forward: impl FnOnce(&mut FftBuffers<T>) -> Result<(), Error>,
    backward: impl FnOnce(&mut FftBuffers<T>) -> Result<(), Error>,
) {
    let st = &g.stream;
    let (tol, grad_tol) = fft_tolerances::<T>();
    let rs = reference_shape(s);
    let x = rounded::<T>(&values(x_len, seed));
    let w_scale = 1.0 / (s.kernel_size as f64).sqrt();
    let w = rounded::<T>(&values_scaled(w_len, seed + 1, w_scale));
    let dy = rounded::<T>(&values(x_len, seed + 2));
    let want_y = fft_forward(&x, &w, &rs).expect("reference forward");
    let (want_dx, want_dw) = fft_backward(&x, &w, &dy, &rs).expect("reference backward");
    let mut bufs = FftBuffers {
        x: upload_flat::<T>(st, &x),
        w: upload_flat::<T>(st, &w),
        dy: upload_flat::<T>(st, &dy),
        y: upload_flat::<T>(st, &vec![DX_START; x_len]),
        dx: upload_flat::<T>(st, &vec![DX_START; x_len]),
        dw: upload_flat::<T>(st, &vec![DX_START; w_len]),
    };
    if let Err(e) = forward(&mut bufs) {
        if common::gpu::not_supported(&e) {
            eprintln!("{what}: not supported here (NVRTC, GPU): {e}");
            return;
        }
        panic!("{what}: forward: {e}");
    }
    let e = worst(&download_flat(st, &bufs.y), &rounded::<T>(&want_y));
    assert!(e <= tol, "{what}: y error {e:e}");
    backward(&mut bufs).unwrap_or_else(|e| panic!("{what}: backward: {e}"));
    let e = worst(&download_flat(st, &bufs.dx), &rounded::<T>(&want_dx));
    assert!(e <= tol, "{what}: dx error {e:e}");
    let e = worst(&download_flat(st, &bufs.dw), &rounded::<T>(&want_dw));
    assert!(e <= grad_tol, "{what}: dweight error {e:e}");
}

/// The medium-FFT forward and backward of `s` in `T` against the
/// reference.
fn run_fft<T: CausalConv1dElement + Scalar>(g: &Gpu, s: CausalConv1dShape, seed: u64) {
    let p = match CausalConv1dFftProblem::new(s) {
        Ok(p) => p,
        Err(e @ (Error::NotAvailable { .. } | Error::SublibraryUnavailable { .. })) => {
            eprintln!("not run: {e}");
            return;
        }
        Err(e) => panic!("FFT problem {s:?}: {e}"),
    };
    let h = &g.handle;
    check_fft_case::<T>(
        g,
        &format!("FFT {} {s:?}", T::NAME),
        (s, seed, p.x_len(), p.weight_len()),
        |b| {
            h.causal_conv1d_fft_forward(
                &p,
                CausalConv1dFftForwardBuffers {
                    x: &b.x,
                    weight: &b.w,
                    y: &mut b.y,
                },
            )
        },
        |b| {
            h.causal_conv1d_fft_backward(
                &p,
                CausalConv1dFftBackwardBuffers {
                    x: &b.x,
                    weight: &b.w,
                    dy: &b.dy,
                    dx: &mut b.dx,
                    dweight: &mut b.dw,
                },
            )
        },
    );
}

fn fft_shapes() -> [CausalConv1dShape; 3] {
    [
        shape(2, 3, 512, 128),
        shape(1, 4, 1024, 256),
        shape(1, 2, 2048, 2048),
    ]
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn fft_causal_conv1d_matches_the_reference() {
    let g = gpu();
    for (i, s) in fft_shapes().into_iter().enumerate() {
        let seed = 1000 + 10 * i as u64;
        run_fft::<f32>(&g, s, seed);
        run_fft::<f64>(&g, s, seed + 1);
        run_fft::<f16>(&g, s, seed + 2);
        run_fft::<bf16>(&g, s, seed + 3);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn fft_buffers_must_be_16_byte_aligned_and_f64_kernels_at_most_4096() {
    let Gpu {
        stream: st,
        handle: h,
    } = gpu();
    let Ok(p) = CausalConv1dFftProblem::new(shape(1, 1, 128, 128)) else {
        eprintln!("not run: no FFT causal conv1d");
        return;
    };
    let x = st.alloc_zeros::<f32>(129).expect("x");
    let w = st.alloc_zeros::<f32>(128).expect("w");
    let mut y = st.alloc_zeros::<f32>(128).expect("y");
    let e = h
        .causal_conv1d_fft_forward(
            &p,
            CausalConv1dFftForwardBuffers {
                x: &x.slice(1..),
                weight: &w,
                y: &mut y,
            },
        )
        .expect_err("x 4 bytes in");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                mismatch: Mismatch::Misaligned { buffer, alignment: 16, .. },
                ..
            } if buffer == "x"
        ),
        "{e}"
    );
    let wide = CausalConv1dFftProblem::new(shape(1, 1, 8192, 8192)).expect("problem");
    let x = st.alloc_zeros::<f64>(8192).expect("x");
    let w = st.alloc_zeros::<f64>(8192).expect("w");
    let mut y = st.alloc_zeros::<f64>(8192).expect("y");
    let e = h
        .causal_conv1d_fft_forward(
            &wide,
            CausalConv1dFftForwardBuffers {
                x: &x,
                weight: &w,
                y: &mut y,
            },
        )
        .expect_err("f64 past 4096");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "cudnnFFTCausalConv1dForward",
                mismatch: Mismatch::BadValue { .. },
            }
        ),
        "{e}"
    );
}

/// The long-FFT forward and backward of `s` (`kernel_size == seq_len`) in
/// `T` against the reference, the backward reading the reserve space the
/// forward wrote.
fn run_long_fft<T: CausalConv1dElement + Scalar>(g: &Gpu, s: CausalConv1dShape, seed: u64) {
    let p = match CausalConv1dLongFftProblem::new(s) {
        Ok(p) => p,
        Err(e @ (Error::NotAvailable { .. } | Error::SublibraryUnavailable { .. })) => {
            eprintln!("not run: {e}");
            return;
        }
        Err(e) => panic!("long-FFT problem {s:?}: {e}"),
    };
    let (_, reserve_bytes) = p.buffer_sizes::<T>().expect("buffer sizes");
    let reserve = g
        .stream
        .alloc_zeros::<u8>(reserve_bytes)
        .expect("reserve space");
    let (reserve, ws) = (RefCell::new(reserve), RefCell::new(Workspace::new()));
    let (x_len, w_len) = p.lens();
    let h = &g.handle;
    check_fft_case::<T>(
        g,
        &format!("long FFT {} {s:?}", T::NAME),
        (s, seed, x_len, w_len),
        |b| {
            h.causal_conv1d_long_fft_forward(
                &p,
                CausalConv1dLongFftForwardBuffers {
                    x: &b.x,
                    weight: &b.w,
                    y: &mut b.y,
                    reserve: &mut *reserve.borrow_mut(),
                },
                &mut ws.borrow_mut(),
            )
        },
        |b| {
            h.causal_conv1d_long_fft_backward(
                &p,
                CausalConv1dLongFftBackwardBuffers {
                    dy: &b.dy,
                    dx: &mut b.dx,
                    dweight: &mut b.dw,
                    reserve: &mut *reserve.borrow_mut(),
                },
                &mut ws.borrow_mut(),
            )
        },
    );
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn long_fft_causal_conv1d_matches_the_reference() {
    let g = gpu();
    let s = shape(2, 2, 4096, 4096);
    run_long_fft::<f32>(&g, s, 2000);
    run_long_fft::<f64>(&g, s, 2001);
    run_long_fft::<f16>(&g, s, 2002);
    run_long_fft::<bf16>(&g, s, 2003);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_short_long_fft_reserve_space_is_refused_before_the_gpu() {
    let Gpu {
        stream: st,
        handle: h,
    } = gpu();
    let Ok(p) = CausalConv1dLongFftProblem::new(shape(1, 1, 4096, 4096)) else {
        eprintln!("not run: no long-FFT causal conv1d");
        return;
    };
    let (_, reserve_bytes) = p.buffer_sizes::<f32>().expect("buffer sizes");
    let x = st.alloc_zeros::<f32>(4096).expect("x");
    let w = st.alloc_zeros::<f32>(4096).expect("w");
    let mut y = st.alloc_zeros::<f32>(4096).expect("y");
    let mut reserve = st.alloc_zeros::<u8>(reserve_bytes - 16).expect("reserve");
    let e = h
        .causal_conv1d_long_fft_forward(
            &p,
            CausalConv1dLongFftForwardBuffers {
                x: &x,
                weight: &w,
                y: &mut y,
                reserve: &mut reserve,
            },
            &mut Workspace::new(),
        )
        .expect_err("a reserve space 16 bytes short");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "cudnnLongFFTCausalConv1dForward",
                ..
            }
        ),
        "{e}"
    );
}

/// `(output tolerance, weight-gradient tolerance)` of the B2B variant by
/// element type: three roundings in a row.
fn b2b_tolerances<T: DataType>() -> (f64, f64) {
    match T::NAME {
        "f64" => (1e-10, 1e-10),
        "f32" => (2e-4, 1e-3),
        "f16" => (1e-2, 2e-2),
        _ => (6e-2, 8e-2),
    }
}

fn b2b_shape(
    batch: usize,
    dim: usize,
    seq_len: usize,
    kernel_size_proj: usize,
    kernel_size_mixer: usize,
) -> CausalConv1dB2bShape {
    CausalConv1dB2bShape {
        batch,
        dim,
        seq_len,
        kernel_size_proj,
        kernel_size_mixer,
    }
}

/// The B2B problem, or `None` (said) where the loaded cuDNN lacks it.
fn b2b_problem(s: CausalConv1dB2bShape) -> Option<CausalConv1dB2bProblem> {
    match CausalConv1dB2bProblem::new(s) {
        Ok(p) => Some(p),
        Err(e @ (Error::NotAvailable { .. } | Error::SublibraryUnavailable { .. })) => {
            eprintln!("not run: {e}");
            None
        }
        Err(e) => panic!("B2B problem {s:?}: {e}"),
    }
}

/// The B2B forward and backward of one problem in `T` against the
/// reference; the backward reads cuDNN's `y` as the forward stored it.
fn run_b2b<T>(g: &Gpu, p: &CausalConv1dB2bProblem, seed: u64)
where
    T: CausalConv1dElement + Scalar,
    T::Grad: Scalar,
{
    let Gpu {
        stream: st,
        handle: h,
    } = g;
    let s = p.shape();
    let (tol, grad_tol) = b2b_tolerances::<T>();
    let what = format!("{} {s:?}", T::NAME);
    let rs = B2bShape {
        batch: s.batch,
        dim: s.dim,
        seq_len: s.seq_len,
        kernel_size_proj: s.kernel_size_proj,
        kernel_size_mixer: s.kernel_size_mixer,
    };

    let x = rounded::<T>(&values(p.x_len(), seed));
    let kp_scale = 1.0 / (s.kernel_size_proj as f64).sqrt();
    let wp = rounded::<T>(&values_scaled(p.weight_proj_len(), seed + 1, kp_scale));
    let km_scale = 1.0 / (s.kernel_size_mixer as f64).sqrt();
    let wm = rounded::<T>(&values_scaled(p.weight_mixer_len(), seed + 2, km_scale));
    let skip = rounded::<T>(&values_scaled(p.skip_bias_len(), seed + 3, 0.5));
    let dy = rounded::<T>(&values(p.y_len(), seed + 4));
    let want = b2b_forward(&x, &wp, &wm, &skip, &rs).expect("reference forward");

    let x_d = upload_flat::<T>(st, &x);
    let wp_d = upload_flat::<T>(st, &wp);
    let wm_d = upload_flat::<T>(st, &wm);
    let skip_d = upload_flat::<T>(st, &skip);
    let dy_d = upload_flat::<T>(st, &dy);
    let mut y_d = upload_flat::<T>(st, &vec![DX_START; p.y_len()]);
    let mut yg_d = upload_flat::<T>(st, &vec![DX_START; p.y_len()]);
    h.causal_conv1d_b2b_forward(
        p,
        CausalConv1dB2bForwardBuffers {
            x: &x_d,
            weight_proj: &wp_d,
            weight_mixer: &wm_d,
            skip_bias: &skip_d,
            y: &mut y_d,
            y_gated: &mut yg_d,
        },
    )
    .unwrap_or_else(|e| panic!("{what}: forward: {e}"));
    let got_y = download_flat(st, &y_d);
    let e = worst(&got_y, &rounded::<T>(&want.y));
    assert!(e <= tol, "{what}: y error {e:e}");
    let e = worst(&download_flat(st, &yg_d), &rounded::<T>(&want.y_gated));
    assert!(e <= tol, "{what}: y_gated error {e:e}");

    // The backward from the stored y, as cuDNN reads it.
    let want = b2b_backward(&x, &wp, &wm, &skip, &got_y, &dy, &rs).expect("reference backward");
    let mut dx_d = upload_flat::<T>(st, &vec![DX_START; p.x_len()]);
    let mut dwp_d = upload_flat::<T::Grad>(st, &vec![GRAD_START; p.weight_proj_len()]);
    let mut dwm_d = upload_flat::<T::Grad>(st, &vec![GRAD_START; p.weight_mixer_len()]);
    let mut dskip_d = upload_flat::<T::Grad>(st, &vec![GRAD_START; p.skip_bias_len()]);
    h.causal_conv1d_b2b_backward(
        p,
        CausalConv1dB2bBackwardBuffers {
            x: &x_d,
            weight_proj: &wp_d,
            weight_mixer: &wm_d,
            skip_bias: &skip_d,
            y: &y_d,
            dy: &dy_d,
            dx: &mut dx_d,
            dweight_proj: &mut dwp_d,
            dweight_mixer: &mut dwm_d,
            dskip_bias: &mut dskip_d,
        },
    )
    .unwrap_or_else(|e| panic!("{what}: backward: {e}"));
    let e = worst(&download_flat(st, &dx_d), &rounded::<T>(&want.dx));
    assert!(e <= tol, "{what}: dx error {e:e}");
    let added = |v: &[f64]| v.iter().map(|g| g + GRAD_START).collect::<Vec<_>>();
    for (name, got, want) in [
        ("dweight_proj", &dwp_d, &want.dw_proj),
        ("dweight_mixer", &dwm_d, &want.dw_mixer),
        ("dskip_bias", &dskip_d, &want.dskip_bias),
    ] {
        let e = worst(&download_flat(st, got), &added(want));
        assert!(
            e <= grad_tol,
            "{what}: {name} error {e:e} (added to {GRAD_START})"
        );
    }
}

/// B2B shapes: both widths from 2 to their widest, a mixer longer than
/// the sequence.
fn b2b_cases() -> [CausalConv1dB2bShape; 4] {
    [
        b2b_shape(2, 3, 9, 3, 4),
        b2b_shape(1, 2, 5, 2, 8),
        b2b_shape(2, 64, 130, 4, 7),
        b2b_shape(1, 16, 300, 32, 256),
    ]
}

fn all_b2b_cases<T>(seed: u64)
where
    T: CausalConv1dElement + Scalar,
    T::Grad: Scalar,
{
    let g = gpu();
    for (i, s) in b2b_cases().into_iter().enumerate() {
        let Some(p) = b2b_problem(s) else {
            return;
        };
        run_b2b::<T>(&g, &p, seed + 10 * i as u64);
    }
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn b2b_causal_conv1d_f32_matches_the_reference() {
    all_b2b_cases::<f32>(500);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn b2b_causal_conv1d_f64_matches_the_reference() {
    all_b2b_cases::<f64>(600);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn b2b_causal_conv1d_f16_matches_the_reference() {
    all_b2b_cases::<f16>(700);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn b2b_causal_conv1d_bf16_matches_the_reference() {
    all_b2b_cases::<bf16>(800);
}

#[test]
#[ignore = "needs a CUDA GPU"]
fn a_short_b2b_buffer_is_refused_before_the_gpu() {
    let Gpu {
        stream: st,
        handle: h,
    } = gpu();
    let Some(p) = b2b_problem(b2b_shape(2, 3, 9, 3, 4)) else {
        return;
    };
    let x = st.alloc_zeros::<f32>(p.x_len()).expect("x");
    let wp = st
        .alloc_zeros::<f32>(p.weight_proj_len())
        .expect("weight_proj");
    let wm = st
        .alloc_zeros::<f32>(p.weight_mixer_len())
        .expect("weight_mixer");
    let skip = st.alloc_zeros::<f32>(p.skip_bias_len()).expect("skip_bias");
    let mut y = st.alloc_zeros::<f32>(p.y_len()).expect("y");
    let mut short = st.alloc_zeros::<f32>(p.y_len() - 1).expect("y_gated");
    let e = h
        .causal_conv1d_b2b_forward(
            &p,
            CausalConv1dB2bForwardBuffers {
                x: &x,
                weight_proj: &wp,
                weight_mixer: &wm,
                skip_bias: &skip,
                y: &mut y,
                y_gated: &mut short,
            },
        )
        .expect_err("short y_gated");
    assert!(
        matches!(
            &e,
            Error::InvalidArgument {
                function: "cudnnB2BCausalConv1dForward",
                mismatch: Mismatch::BufferTooShort { buffer, len: 53, required: 54 },
            } if buffer == "y_gated"
        ),
        "{e}"
    );
}
