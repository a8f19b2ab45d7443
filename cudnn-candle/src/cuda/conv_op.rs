//! conv2d as candle custom ops: the forward (whose backward runs the two
//! below), backward data and backward filter.

use candle_core::{CpuStorage, CudaStorage, CustomOp2, DType, Layout, Result, Shape, Tensor};
use cudnn::conv::{ConvBackwardDataArgs, ConvBackwardFilterArgs};
use cudnn::cudarc::driver::CudaView;
use cudnn::{
    ConvForwardArgs, ConvProblem, ConvolutionDescriptor, FilterDescriptor, Scaling,
    TensorDescriptor, TensorFormat,
};

use super::state::{self, ConvKey, DeviceState, Problems};
use super::{cpu_refused, device, device_of, output, view, Elem};
use crate::conv::Conv2dParams;
use crate::error::OrCandle;

/// An element type with its own map of problems.
trait ConvElem: Elem + cudnn::ComputesIn<f32> {
    fn problems(p: &mut Problems) -> &mut state::Bounded<ConvKey, ConvProblem<Self, f32>>;
}

impl ConvElem for f32 {
    fn problems(p: &mut Problems) -> &mut state::Bounded<ConvKey, ConvProblem<f32, f32>> {
        &mut p.f32
    }
}

impl ConvElem for half::f16 {
    fn problems(p: &mut Problems) -> &mut state::Bounded<ConvKey, ConvProblem<half::f16, f32>> {
        &mut p.f16
    }
}

impl ConvElem for half::bf16 {
    fn problems(p: &mut Problems) -> &mut state::Bounded<ConvKey, ConvProblem<half::bf16, f32>> {
        &mut p.bf16
    }
}

/// The cuDNN problem of `key`: NCHW packed input, output and filter, f32
/// compute, cross-correlation.
fn make_problem<T: ConvElem>(key: &ConvKey) -> cudnn::Result<ConvProblem<T, f32>> {
    let nchw = TensorFormat::CUDNN_TENSOR_NCHW;
    let x = TensorDescriptor::<T>::new(nchw, &key.x)?;
    let w = FilterDescriptor::<T>::new(nchw, &key.w)?;
    let mut conv =
        ConvolutionDescriptor::<f32>::new_2d(key.p.padding, key.p.stride, key.p.dilation)?;
    if key.p.groups != 1 {
        conv.set_groups(key.p.groups)?;
    }
    ConvProblem::new(x, w, conv)
}

/// Which launch.
#[derive(Debug, Clone, Copy)]
enum Pass {
    Forward,
    BackwardData,
    BackwardFilter,
}

/// The buffers of one launch: the two inputs, and the output written.
struct Buffers<'a, T> {
    a: CudaView<'a, T>,
    b: CudaView<'a, T>,
    out: &'a mut cudnn::cudarc::driver::CudaSlice<T>,
}

/// Chooses the algorithm (once per problem and options; then from the
/// cache) and runs `pass` on the device's handle and workspace.
fn run<T: ConvElem>(
    st: &mut DeviceState,
    key: ConvKey,
    pass: Pass,
    bufs: Buffers<'_, T>,
) -> Result<()> {
    let p = T::problems(&mut st.conv.problems).get_or_make(key, || make_problem::<T>(&key))?;
    let conv = (&st.conv.algos, &st.conv.options, &mut st.conv.workspace);
    launch(&st.handle, conv, p, pass, bufs).or_candle()
}

fn launch<T: ConvElem>(
    h: &cudnn::Handle,
    (cache, opts, ws): (
        &cudnn::AlgoCache,
        &cudnn::SearchOptions,
        &mut cudnn::Workspace,
    ),
    p: &ConvProblem<T, f32>,
    pass: Pass,
    Buffers { a, b, out }: Buffers<'_, T>,
) -> cudnn::Result<()> {
    let s = Scaling::default();
    match pass {
        Pass::Forward => {
            let algo = h.find_forward(
                p,
                opts,
                Some(cache),
                ws,
                &mut ConvForwardArgs {
                    x: &a,
                    w: &b,
                    y: &mut *out,
                },
            )?;
            h.convolution_forward(
                p,
                &algo,
                ws,
                ConvForwardArgs {
                    x: &a,
                    w: &b,
                    y: out,
                },
                s,
            )
        }
        Pass::BackwardData => {
            let algo = h.find_backward_data(
                p,
                opts,
                Some(cache),
                ws,
                &mut ConvBackwardDataArgs {
                    w: &b,
                    dy: &a,
                    dx: &mut *out,
                },
            )?;
            h.convolution_backward_data(
                p,
                &algo,
                ws,
                ConvBackwardDataArgs {
                    w: &b,
                    dy: &a,
                    dx: out,
                },
                s,
            )
        }
        Pass::BackwardFilter => {
            let algo = h.find_backward_filter(
                p,
                opts,
                Some(cache),
                ws,
                &mut ConvBackwardFilterArgs {
                    x: &a,
                    dy: &b,
                    dw: &mut *out,
                },
            )?;
            h.convolution_backward_filter(
                p,
                &algo,
                ws,
                ConvBackwardFilterArgs {
                    x: &a,
                    dy: &b,
                    dw: out,
                },
                s,
            )
        }
    }
}

/// One of the three launches as a candle op of two tensors.
struct ConvOp {
    name: &'static str,
    pass: Pass,
    key: ConvKey,
    out: [usize; 4],
}

impl ConvOp {
    fn launch<T: ConvElem>(
        &self,
        s1: &CudaStorage,
        l1: &Layout,
        s2: &CudaStorage,
        l2: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        let dev = device(s1);
        let a = view::<T>(self.name, "the first input", s1, l1)?;
        let b = view::<T>(self.name, "the second input", s2, l2)?;
        let mut out = dev.alloc_zeros::<T>(self.out.iter().product())?;
        state::with(dev, |st| {
            run(
                st,
                self.key,
                self.pass,
                Buffers {
                    a,
                    b,
                    out: &mut out,
                },
            )
        })?;
        Ok(output(out, dev, Shape::from(&self.out)))
    }
}

impl CustomOp2 for ConvOp {
    fn name(&self) -> &'static str {
        self.name
    }

    fn cpu_fwd(
        &self,
        _: &CpuStorage,
        _: &Layout,
        _: &CpuStorage,
        _: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        Err(cpu_refused(self.name))
    }

    fn cuda_fwd(
        &self,
        s1: &CudaStorage,
        l1: &Layout,
        s2: &CudaStorage,
        l2: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        use candle_core::backend::BackendStorage;
        match s1.dtype() {
            DType::F32 => self.launch::<f32>(s1, l1, s2, l2),
            DType::F16 => self.launch::<half::f16>(s1, l1, s2, l2),
            DType::BF16 => self.launch::<half::bf16>(s1, l1, s2, l2),
            other => candle_core::bail!("{}: {other:?} is not a convolution type", self.name),
        }
    }

    fn bwd(
        &self,
        x: &Tensor,
        w: &Tensor,
        _y: &Tensor,
        dy: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>)> {
        let dy = dy.contiguous()?;
        let dx = crate::conv2d_backward_data(&dy, w, self.key.x, &self.key.p)?;
        let dw = crate::conv2d_backward_filter(x, &dy, self.key.w, &self.key.p)?;
        Ok((Some(dx), Some(dw)))
    }
}

fn dims4(t: &Tensor) -> Result<[usize; 4]> {
    let (a, b, c, d) = t.dims4()?;
    Ok([a, b, c, d])
}

pub(crate) fn conv2d(x: &Tensor, w: &Tensor, p: Conv2dParams, y: [usize; 4]) -> Result<Tensor> {
    const F: &str = "cudnn_candle::conv2d";
    device_of(F, &[("x", x), ("w", w)])?;
    let (x, w) = (x.contiguous()?, w.contiguous()?);
    let key = ConvKey {
        x: dims4(&x)?,
        w: dims4(&w)?,
        p,
    };
    let op = ConvOp {
        name: "cudnn-conv2d",
        pass: Pass::Forward,
        key,
        out: y,
    };
    x.apply_op2(&w, op)
}

pub(crate) fn conv2d_backward_data(
    dy: &Tensor,
    w: &Tensor,
    p: Conv2dParams,
    x: [usize; 4],
) -> Result<Tensor> {
    const F: &str = "cudnn_candle::conv2d_backward_data";
    device_of(F, &[("dy", dy), ("w", w)])?;
    let (dy, w) = (dy.contiguous()?, w.contiguous()?);
    let key = ConvKey {
        x,
        w: dims4(&w)?,
        p,
    };
    let op = ConvOp {
        name: "cudnn-conv2d-backward-data",
        pass: Pass::BackwardData,
        key,
        out: x,
    };
    dy.apply_op2_no_bwd(&w, &op)
}

pub(crate) fn conv2d_backward_filter(
    x: &Tensor,
    dy: &Tensor,
    p: Conv2dParams,
    w: [usize; 4],
) -> Result<Tensor> {
    const F: &str = "cudnn_candle::conv2d_backward_filter";
    device_of(F, &[("x", x), ("dy", dy)])?;
    let (x, dy) = (x.contiguous()?, dy.contiguous()?);
    let key = ConvKey {
        x: dims4(&x)?,
        w,
        p,
    };
    let op = ConvOp {
        name: "cudnn-conv2d-backward-filter",
        pass: Pass::BackwardFilter,
        key,
        out: w,
    };
    x.apply_op2_no_bwd(&dy, &op)
}
