//! SDPA as a candle custom op of `q`, `k`, `v`: the forward keeps the
//! softmax statistics in the op, and the backward runs cuDNN's SDPA
//! backward with them.

use std::sync::Mutex;

use candle_core::{
    CpuStorage, CudaDevice, CudaStorage, CustomOp3, DType, Layout, Result, Shape, Tensor,
};
use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::Settings;
use cudnn::nn::{Attention, AttentionBackward, AttentionForward};

use super::state::{self, AttentionElem, DeviceState, LayerKey};
use super::{cpu_refused, device, device_of, output, tensor_of, view, Held};
use crate::attention::{SdpaProblem, SeqLens};
use crate::error::{bad_value, OrCandle};

const NAME: &str = "cudnn-sdpa";

fn key(p: &SdpaProblem) -> LayerKey<cudnn::nn::AttentionShape> {
    let o = &p.options;
    let window = o
        .sliding_window
        .map_or(0, |w| u32::try_from(w).unwrap_or(u32::MAX));
    let flags = u32::from(o.causal) | u32::from(o.padding) << 1 | u32::from(o.scale.is_some()) << 2;
    let scale = o.scale.map_or(0, f32::to_bits);
    (p.shape, p.dtype.0, [flags, window, scale, 0])
}

/// The device's layer for `p`, built on first use.
fn layer<'s, T: AttentionElem>(
    st: &'s mut DeviceState,
    p: &SdpaProblem,
) -> Result<(&'s cudnn::Handle, &'s mut Attention<T>)> {
    let (handle, layers) = T::layers(st);
    let layer = layers.get_or_make(key(p), || {
        Attention::<T>::new(handle, p.shape, p.options, &Settings::default(), None)
    })?;
    Ok((handle, layer))
}

struct Sdpa {
    problem: SdpaProblem,
    seq_lens: Option<SeqLens>,
    /// The forward's softmax statistics, `[B, H, S_q, 1]` f32, for the
    /// backward.
    stats: Mutex<Option<CudaSlice<f32>>>,
}

impl Sdpa {
    fn forward<T: AttentionElem>(
        &self,
        q: (&CudaStorage, &Layout),
        k: (&CudaStorage, &Layout),
        v: (&CudaStorage, &Layout),
    ) -> Result<(CudaStorage, Shape)> {
        let dev = device(q.0);
        let (qv, kv, vv) = (
            view::<T>(NAME, "q", q.0, q.1)?,
            view::<T>(NAME, "k", k.0, k.1)?,
            view::<T>(NAME, "v", v.0, v.1)?,
        );
        let shape = self.problem.shape;
        let mut o = dev.alloc_zeros::<T>(shape.q_len())?;
        let mut stats = dev.alloc_zeros::<f32>(shape.stats_len())?;
        let lens = self
            .seq_lens
            .as_ref()
            .map(|l| (Held::of(&l.q), Held::of(&l.kv)));
        let lens = match &lens {
            Some((q, kv)) => Some((
                q.view::<i32>(NAME, "seq_lens.q")?,
                kv.view::<i32>(NAME, "seq_lens.kv")?,
            )),
            None => None,
        };
        state::with(dev, |st| {
            let (handle, layer) = layer::<T>(st, &self.problem)?;
            // SAFETY: the lengths came through `crate::SeqLens::new`, whose
            // caller promised cuDNN's ranges for this call and its backward.
            let seq_lens = lens
                .as_ref()
                .map(|(q, kv)| unsafe { cudnn::nn::SeqLens::new(q, kv) });
            let args = AttentionForward {
                q: &qv,
                k: &kv,
                v: &vv,
                o: &mut o,
                stats: &mut stats,
                seq_lens,
                sink: None,
            };
            layer.forward(handle, args).or_candle()
        })?;
        *self.stats.lock().unwrap_or_else(|p| p.into_inner()) = Some(stats);
        Ok(output(o, dev, q.1.shape().clone()))
    }

    fn backward<T: AttentionElem>(&self, dev: &CudaDevice, t: [&Tensor; 5]) -> Result<[Tensor; 3]> {
        let [q, k, v, o, d_o] = t;
        let held = [q, k, v, o, d_o].map(Held::of);
        let [qv, kv, vv, ov, dov] = [("q", 0), ("k", 1), ("v", 2), ("o", 3), ("d_o", 4)]
            .map(|(name, i)| held[i].view::<T>(NAME, name));
        let (qv, kv, vv, ov, dov) = (qv?, kv?, vv?, ov?, dov?);
        let lens = self
            .seq_lens
            .as_ref()
            .map(|l| (Held::of(&l.q), Held::of(&l.kv)));
        let lens = match &lens {
            Some((q, kv)) => Some((
                q.view::<i32>(NAME, "seq_lens.q")?,
                kv.view::<i32>(NAME, "seq_lens.kv")?,
            )),
            None => None,
        };
        let shape = self.problem.shape;
        let mut dq = dev.alloc_zeros::<T>(shape.q_len())?;
        let mut dk = dev.alloc_zeros::<T>(shape.kv_len())?;
        let mut dv = dev.alloc_zeros::<T>(shape.kv_len())?;
        let stats = self.stats.lock().unwrap_or_else(|p| p.into_inner());
        let Some(stats) = stats.as_ref() else {
            return Err(bad_value(
                NAME,
                "the backward ran before the forward".into(),
            ));
        };
        state::with(dev, |st| {
            let (handle, layer) = layer::<T>(st, &self.problem)?;
            // SAFETY: the lengths came through `crate::SeqLens::new`, whose
            // caller promised cuDNN's ranges for this call and its backward.
            let seq_lens = lens
                .as_ref()
                .map(|(q, kv)| unsafe { cudnn::nn::SeqLens::new(q, kv) });
            let args = AttentionBackward {
                q: &qv,
                k: &kv,
                v: &vv,
                o: &ov,
                d_o: &dov,
                stats,
                dq: &mut dq,
                dk: &mut dk,
                dv: &mut dv,
                seq_lens,
                sink: None,
                dsink: None,
            };
            layer.backward(handle, args).or_candle()
        })?;
        Ok([
            tensor_of(dq, dev, q.shape()),
            tensor_of(dk, dev, k.shape()),
            tensor_of(dv, dev, v.shape()),
        ])
    }
}

impl CustomOp3 for Sdpa {
    fn name(&self) -> &'static str {
        NAME
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
        Err(cpu_refused(NAME))
    }

    fn cuda_fwd(
        &self,
        q: &CudaStorage,
        ql: &Layout,
        k: &CudaStorage,
        kl: &Layout,
        v: &CudaStorage,
        vl: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        use candle_core::backend::BackendStorage;
        match q.dtype() {
            DType::F16 => self.forward::<half::f16>((q, ql), (k, kl), (v, vl)),
            DType::BF16 => self.forward::<half::bf16>((q, ql), (k, kl), (v, vl)),
            other => candle_core::bail!("{NAME}: {other:?} is not an attention type"),
        }
    }

    fn bwd(
        &self,
        q: &Tensor,
        k: &Tensor,
        v: &Tensor,
        o: &Tensor,
        d_o: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>, Option<Tensor>)> {
        let dev = device_of(
            NAME,
            &[("q", q), ("k", k), ("v", v), ("o", o), ("d_o", d_o)],
        )?;
        let d_o = d_o.contiguous()?;
        let t = [q, k, v, o, &d_o];
        let [dq, dk, dv] = match q.dtype() {
            DType::F16 => self.backward::<half::f16>(&dev, t)?,
            DType::BF16 => self.backward::<half::bf16>(&dev, t)?,
            other => candle_core::bail!("{NAME}: {other:?} is not an attention type"),
        };
        Ok((Some(dq), Some(dk), Some(dv)))
    }
}

pub(crate) fn sdpa(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    problem: SdpaProblem,
    seq_lens: Option<&SeqLens>,
) -> Result<Tensor> {
    const F: &str = "cudnn_candle::sdpa";
    let mut on = vec![("q", q), ("k", k), ("v", v)];
    if let Some(l) = seq_lens {
        on.extend([("seq_lens.q", &l.q), ("seq_lens.kv", &l.kv)]);
    }
    device_of(F, &on)?;
    let seq_lens = match seq_lens {
        Some(l) => Some(SeqLens {
            q: l.q.contiguous()?,
            kv: l.kv.contiguous()?,
        }),
        None => None,
    };
    let (q, k, v) = (q.contiguous()?, k.contiguous()?, v.contiguous()?);
    let op = Sdpa {
        problem,
        seq_lens,
        stats: Mutex::new(None),
    };
    q.apply_op3(&k, &v, op)
}
