// A type of the caller's that implements cudarc's safe traits, with any
// length it likes, is not a buffer the launches accept.
use std::sync::Arc;

use cudnn::cudarc::driver::{sys, CudaStream, DevicePtr, DeviceSlice, SyncOnDrop};

struct Spoof(Arc<CudaStream>);

impl DeviceSlice<f32> for Spoof {
    fn len(&self) -> usize {
        usize::MAX
    }
    fn stream(&self) -> &Arc<CudaStream> {
        &self.0
    }
}

impl DevicePtr<f32> for Spoof {
    fn device_ptr<'a>(&'a self, _: &'a CudaStream) -> (sys::CUdeviceptr, SyncOnDrop<'a>) {
        (0, SyncOnDrop::Sync(None))
    }
}

fn launch(_: &impl cudnn::DeviceBuffer<f32>) {}

fn main() {
    let spoof: Option<Spoof> = None;
    if let Some(s) = &spoof {
        launch(s);
    }
}
