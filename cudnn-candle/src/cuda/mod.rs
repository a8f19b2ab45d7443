//! The ops on candle's CUDA backend: candle `CustomOp`s whose forward and
//! backward run cuDNN through cudnn-rs, on the device's stream, with the
//! cuDNN objects kept per device ([`state`]).

mod attention_op;
mod conv_op;
mod norm_op;
mod state;

use candle_core::backend::BackendStorage;
use candle_core::cuda_backend::{CudaDType, CudaStorage};
use candle_core::op::BackpropOp;
use candle_core::{CudaDevice, Device, Layout, Result, Shape, Storage, Tensor};
use cudnn::cudarc::driver::{CudaSlice, CudaView, DeviceRepr, ValidAsZeroBits};

pub(crate) use attention_op::sdpa;
pub(crate) use conv_op::{conv2d, conv2d_backward_data, conv2d_backward_filter};
pub(crate) use norm_op::{layer_norm, rms_norm};
pub(crate) use state::{cache_info, clear_cache, set_conv_search_options};

use crate::error::{bad_shape, bad_value};

/// An element type the ops run on: candle's, cudarc's and cudnn-rs's.
pub(crate) trait Elem: CudaDType + DeviceRepr + ValidAsZeroBits + cudnn::DataType {}
impl Elem for f32 {}
impl Elem for half::f16 {}
impl Elem for half::bf16 {}

/// The CUDA device every tensor of `tensors` is on.
pub(crate) fn device_of(function: &'static str, tensors: &[(&str, &Tensor)]) -> Result<CudaDevice> {
    let mut found: Option<(&str, CudaDevice)> = None;
    for &(name, t) in tensors {
        let Device::Cuda(d) = t.device() else {
            return Err(bad_value(
                function,
                format!(
                    "{name} is on {:?}; cuDNN runs on CUDA tensors",
                    t.device().location()
                ),
            ));
        };
        match &found {
            None => found = Some((name, d.clone())),
            Some((first, f)) if f.id() != d.id() => {
                return Err(bad_value(
                    function,
                    format!(
                        "{first} is on {:?} but {name} on {:?}; they are on one device",
                        Device::Cuda(f.clone()).location(),
                        t.device().location()
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    found
        .map(|(_, d)| d)
        .ok_or_else(|| bad_value(function, "no tensor given".into()))
}

/// The elements `layout` spans of a contiguous layout of `s`.
pub(crate) fn view<'a, T: CudaDType>(
    function: &'static str,
    name: &str,
    s: &'a CudaStorage,
    layout: &Layout,
) -> Result<CudaView<'a, T>> {
    if !layout.is_contiguous() {
        return Err(bad_shape(
            function,
            format!("{name} is not contiguous ({layout:?})"),
        ));
    }
    let start = layout.start_offset();
    let n = layout.shape().elem_count();
    s.as_cuda_slice::<T>()?
        .try_slice(start..start + n)
        .ok_or_else(|| {
            bad_shape(
                function,
                format!("{name}'s layout {layout:?} runs past its storage"),
            )
        })
}

/// The CUDA storage of a tensor of this device, read-locked, and its layout.
pub(crate) struct Held<'a> {
    guard: candle_core::StorageRef<'a>,
    layout: &'a Layout,
}

impl<'a> Held<'a> {
    pub(crate) fn of(t: &'a Tensor) -> Held<'a> {
        let (guard, layout) = t.storage_and_layout();
        Held { guard, layout }
    }

    /// Its elements as a view of `T`.
    pub(crate) fn view<T: CudaDType>(
        &self,
        function: &'static str,
        name: &str,
    ) -> Result<CudaView<'_, T>> {
        match &*self.guard {
            Storage::Cuda(s) => view(function, name, s, self.layout),
            _ => Err(bad_value(function, format!("{name} is not a CUDA tensor"))),
        }
    }
}

/// A tensor with no autograd history made of `slice`, of `shape`.
pub(crate) fn tensor_of<T: Elem>(slice: CudaSlice<T>, dev: &CudaDevice, shape: &Shape) -> Tensor {
    let storage = Storage::Cuda(CudaStorage::wrap_cuda_slice(slice, dev.clone()));
    Tensor::from_storage(storage, shape.clone(), BackpropOp::none(), false)
}

/// The storage a forward returns, and its shape.
pub(crate) fn output<T: Elem>(
    slice: CudaSlice<T>,
    dev: &CudaDevice,
    shape: Shape,
) -> (CudaStorage, Shape) {
    (CudaStorage::wrap_cuda_slice(slice, dev.clone()), shape)
}

/// The device of a storage.
pub(crate) fn device(s: &CudaStorage) -> &CudaDevice {
    s.device()
}

/// A refusal of an op given CPU storage (the public functions check the
/// device first, so this is not reached through them).
pub(crate) fn cpu_refused(function: &'static str) -> candle_core::Error {
    bad_value(function, "cuDNN runs on CUDA tensors, not CPU ones".into())
}
