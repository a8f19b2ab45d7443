//! Layer norm (of `x`, weight and bias) and RMS norm (of `x` and weight)
//! as candle custom ops: the forward keeps its statistics in the op, the
//! backward runs cuDNN's with them. Weight and bias are f32 on the device.

use std::sync::Mutex;

use candle_core::{
    CpuStorage, CudaDevice, CudaStorage, CustomOp2, CustomOp3, DType, Layout, Result, Shape, Tensor,
};
use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::Settings;
use cudnn::nn::{
    LayerNorm, LayerNormBackward, LayerNormForward, RmsNorm, RmsNormBackward, RmsNormForward,
};

use super::state::{self, DeviceState, LayerKey, NormElem};
use super::{cpu_refused, device, device_of, output, tensor_of, view, Held};
use crate::error::{bad_value, OrCandle};
use crate::norm::NormProblem;

fn key(p: &NormProblem) -> LayerKey<cudnn::nn::NormShape> {
    (p.shape, p.dtype.0, [p.epsilon.to_bits(), 0, 0, 0])
}

fn layer_norm_of<'s, T: NormElem>(
    st: &'s mut DeviceState,
    p: &NormProblem,
) -> Result<(&'s cudnn::Handle, &'s mut LayerNorm<T>)> {
    let (handle, layers) = T::layers(st);
    let layer = layers.layer_norm.get_or_make(key(p), || {
        LayerNorm::<T>::new(handle, p.shape, p.epsilon, &Settings::default(), None)
    })?;
    Ok((handle, layer))
}

fn rms_norm_of<'s, T: NormElem>(
    st: &'s mut DeviceState,
    p: &NormProblem,
) -> Result<(&'s cudnn::Handle, &'s mut RmsNorm<T>)> {
    let (handle, layers) = T::layers(st);
    let layer = layers.rms_norm.get_or_make(key(p), || {
        RmsNorm::<T>::new(handle, p.shape, p.epsilon, &Settings::default(), None)
    })?;
    Ok((handle, layer))
}

fn missing(name: &'static str) -> candle_core::Error {
    bad_value(name, "the backward ran before the forward".into())
}

const LN: &str = "cudnn-layer-norm";
const RMS: &str = "cudnn-rms-norm";

struct LayerNormOp {
    problem: NormProblem,
    /// The forward's mean and inverse standard deviation, `rows` f32 each.
    stats: Mutex<Option<(CudaSlice<f32>, CudaSlice<f32>)>>,
}

impl LayerNormOp {
    fn forward<T: NormElem>(
        &self,
        x: (&CudaStorage, &Layout),
        s: (&CudaStorage, &Layout),
        b: (&CudaStorage, &Layout),
    ) -> Result<(CudaStorage, Shape)> {
        let dev = device(x.0);
        let xv = view::<T>(LN, "x", x.0, x.1)?;
        let sv = view::<f32>(LN, "weight", s.0, s.1)?;
        let bv = view::<f32>(LN, "bias", b.0, b.1)?;
        let shape = self.problem.shape;
        let mut y = dev.alloc_zeros::<T>(shape.x_len())?;
        let mut mean = dev.alloc_zeros::<f32>(shape.stats_len())?;
        let mut inv = dev.alloc_zeros::<f32>(shape.stats_len())?;
        state::with(dev, |st| {
            let (handle, layer) = layer_norm_of::<T>(st, &self.problem)?;
            let args = LayerNormForward {
                x: &xv,
                scale: &sv,
                bias: &bv,
                y: &mut y,
                mean: &mut mean,
                inv_variance: &mut inv,
            };
            layer.forward(handle, args).or_candle()
        })?;
        *self.stats.lock().unwrap_or_else(|p| p.into_inner()) = Some((mean, inv));
        Ok(output(y, dev, x.1.shape().clone()))
    }

    fn backward<T: NormElem>(
        &self,
        dev: &CudaDevice,
        x: &Tensor,
        w: &Tensor,
        b: &Tensor,
        dy: &Tensor,
    ) -> Result<[Tensor; 3]> {
        let (hx, hw, hdy) = (Held::of(x), Held::of(w), Held::of(dy));
        let (xv, wv, dyv) = (
            hx.view::<T>(LN, "x")?,
            hw.view::<f32>(LN, "weight")?,
            hdy.view::<T>(LN, "dy")?,
        );
        let shape = self.problem.shape;
        let mut dx = dev.alloc_zeros::<T>(shape.x_len())?;
        let mut dscale = dev.alloc_zeros::<f32>(shape.param_len())?;
        let mut dbias = dev.alloc_zeros::<f32>(shape.param_len())?;
        let stats = self.stats.lock().unwrap_or_else(|p| p.into_inner());
        let (mean, inv) = stats.as_ref().ok_or_else(|| missing(LN))?;
        state::with(dev, |st| {
            let (handle, layer) = layer_norm_of::<T>(st, &self.problem)?;
            let args = LayerNormBackward {
                x: &xv,
                dy: &dyv,
                scale: &wv,
                mean,
                inv_variance: inv,
                dx: &mut dx,
                dscale: &mut dscale,
                dbias: &mut dbias,
            };
            layer.backward(handle, args).or_candle()
        })?;
        Ok([
            tensor_of(dx, dev, x.shape()),
            tensor_of(dscale, dev, w.shape()),
            tensor_of(dbias, dev, b.shape()),
        ])
    }
}

impl CustomOp3 for LayerNormOp {
    fn name(&self) -> &'static str {
        LN
    }

    fn cpu_fwd(
        &self,
        _: &CpuStorage,
        _: &Layout,
        _: &CpuStorage,
        _: &Layout,
        _: &CpuStorage,
        _: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        Err(cpu_refused(LN))
    }

    fn cuda_fwd(
        &self,
        x: &CudaStorage,
        xl: &Layout,
        s: &CudaStorage,
        sl: &Layout,
        b: &CudaStorage,
        bl: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        use candle_core::backend::BackendStorage;
        match x.dtype() {
            DType::F32 => self.forward::<f32>((x, xl), (s, sl), (b, bl)),
            DType::F16 => self.forward::<half::f16>((x, xl), (s, sl), (b, bl)),
            DType::BF16 => self.forward::<half::bf16>((x, xl), (s, sl), (b, bl)),
            other => candle_core::bail!("{LN}: {other:?} is not a normalization type"),
        }
    }

    fn bwd(
        &self,
        x: &Tensor,
        w: &Tensor,
        b: &Tensor,
        _y: &Tensor,
        dy: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>, Option<Tensor>)> {
        let dev = device_of(LN, &[("x", x), ("weight", w), ("bias", b), ("dy", dy)])?;
        let dy = dy.contiguous()?;
        let [dx, dw, db] = match x.dtype() {
            DType::F32 => self.backward::<f32>(&dev, x, w, b, &dy)?,
            DType::F16 => self.backward::<half::f16>(&dev, x, w, b, &dy)?,
            DType::BF16 => self.backward::<half::bf16>(&dev, x, w, b, &dy)?,
            other => candle_core::bail!("{LN}: {other:?} is not a normalization type"),
        };
        Ok((Some(dx), Some(dw), Some(db)))
    }
}

struct RmsNormOp {
    problem: NormProblem,
    /// The forward's inverse root mean square, `rows` f32.
    stats: Mutex<Option<CudaSlice<f32>>>,
}

impl RmsNormOp {
    fn forward<T: NormElem>(
        &self,
        x: (&CudaStorage, &Layout),
        s: (&CudaStorage, &Layout),
    ) -> Result<(CudaStorage, Shape)> {
        let dev = device(x.0);
        let xv = view::<T>(RMS, "x", x.0, x.1)?;
        let sv = view::<f32>(RMS, "weight", s.0, s.1)?;
        let shape = self.problem.shape;
        let mut y = dev.alloc_zeros::<T>(shape.x_len())?;
        let mut inv = dev.alloc_zeros::<f32>(shape.stats_len())?;
        state::with(dev, |st| {
            let (handle, layer) = rms_norm_of::<T>(st, &self.problem)?;
            let args = RmsNormForward {
                x: &xv,
                scale: &sv,
                y: &mut y,
                inv_rms: &mut inv,
            };
            layer.forward(handle, args).or_candle()
        })?;
        *self.stats.lock().unwrap_or_else(|p| p.into_inner()) = Some(inv);
        Ok(output(y, dev, x.1.shape().clone()))
    }

    fn backward<T: NormElem>(
        &self,
        dev: &CudaDevice,
        x: &Tensor,
        w: &Tensor,
        dy: &Tensor,
    ) -> Result<[Tensor; 2]> {
        let (hx, hw, hdy) = (Held::of(x), Held::of(w), Held::of(dy));
        let (xv, wv, dyv) = (
            hx.view::<T>(RMS, "x")?,
            hw.view::<f32>(RMS, "weight")?,
            hdy.view::<T>(RMS, "dy")?,
        );
        let shape = self.problem.shape;
        let mut dx = dev.alloc_zeros::<T>(shape.x_len())?;
        let mut dscale = dev.alloc_zeros::<f32>(shape.param_len())?;
        let stats = self.stats.lock().unwrap_or_else(|p| p.into_inner());
        let inv = stats.as_ref().ok_or_else(|| missing(RMS))?;
        state::with(dev, |st| {
            let (handle, layer) = rms_norm_of::<T>(st, &self.problem)?;
            let args = RmsNormBackward {
                x: &xv,
                dy: &dyv,
                scale: &wv,
                inv_rms: inv,
                dx: &mut dx,
                dscale: &mut dscale,
            };
            layer.backward(handle, args).or_candle()
        })?;
        Ok([
            tensor_of(dx, dev, x.shape()),
            tensor_of(dscale, dev, w.shape()),
        ])
    }
}

impl CustomOp2 for RmsNormOp {
    fn name(&self) -> &'static str {
        RMS
    }

    fn cpu_fwd(
        &self,
        _: &CpuStorage,
        _: &Layout,
        _: &CpuStorage,
        _: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        Err(cpu_refused(RMS))
    }

    fn cuda_fwd(
        &self,
        x: &CudaStorage,
        xl: &Layout,
        s: &CudaStorage,
        sl: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        use candle_core::backend::BackendStorage;
        match x.dtype() {
            DType::F32 => self.forward::<f32>((x, xl), (s, sl)),
            DType::F16 => self.forward::<half::f16>((x, xl), (s, sl)),
            DType::BF16 => self.forward::<half::bf16>((x, xl), (s, sl)),
            other => candle_core::bail!("{RMS}: {other:?} is not a normalization type"),
        }
    }

    fn bwd(
        &self,
        x: &Tensor,
        w: &Tensor,
        _y: &Tensor,
        dy: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>)> {
        let dev = device_of(RMS, &[("x", x), ("weight", w), ("dy", dy)])?;
        let dy = dy.contiguous()?;
        let [dx, dw] = match x.dtype() {
            DType::F32 => self.backward::<f32>(&dev, x, w, &dy)?,
            DType::F16 => self.backward::<half::f16>(&dev, x, w, &dy)?,
            DType::BF16 => self.backward::<half::bf16>(&dev, x, w, &dy)?,
            other => candle_core::bail!("{RMS}: {other:?} is not a normalization type"),
        };
        Ok((Some(dx), Some(dw)))
    }
}

/// `t` as contiguous f32 (a candle op, so its gradient flows back to `t`'s
/// own type).
fn f32_param(t: &Tensor) -> Result<Tensor> {
    t.to_dtype(DType::F32)?.contiguous()
}

pub(crate) fn layer_norm(
    x: &Tensor,
    w: &Tensor,
    b: &Tensor,
    problem: NormProblem,
) -> Result<Tensor> {
    device_of(
        "cudnn_candle::layer_norm",
        &[("x", x), ("weight", w), ("bias", b)],
    )?;
    let (x, w, b) = (x.contiguous()?, f32_param(w)?, f32_param(b)?);
    let op = LayerNormOp {
        problem,
        stats: Mutex::new(None),
    };
    x.apply_op3(&w, &b, op)
}

pub(crate) fn rms_norm(x: &Tensor, w: &Tensor, problem: NormProblem) -> Result<Tensor> {
    device_of("cudnn_candle::rms_norm", &[("x", x), ("weight", w)])?;
    let (x, w) = (x.contiguous()?, f32_param(w)?);
    let op = RmsNormOp {
        problem,
        stats: Mutex::new(None),
    };
    x.apply_op2(&w, op)
}
