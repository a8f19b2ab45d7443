// A read-only raw view cannot be passed where a launch writes: only a
// RawDeviceViewMut is a DeviceBufferMut.
use cudnn::{Handle, TensorDescriptor};
use cudnn::handle::RawDeviceView;

fn fill(handle: &Handle, desc: &TensorDescriptor<f32>, mut y: RawDeviceView<f32>) {
    let _ = handle.set_tensor(desc, &mut y, 1.0);
}

fn main() {}
