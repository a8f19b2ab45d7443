// A view of another framework's memory vouches for what the host cannot
// check (the pointer is live device memory of that context, ordered with
// the launches): its constructor is `unsafe`.
use std::sync::Arc;

use cudnn::cudarc::driver::CudaStream;
use cudnn::handle::RawDeviceView;

fn view(stream: &Arc<CudaStream>, ptr: u64, len: usize) -> cudnn::Result<RawDeviceView<f32>> {
    RawDeviceView::from_raw_parts(ptr, len, stream)
}

fn main() {}
