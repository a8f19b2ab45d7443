// A problem is typed by its element type: an f32 activation problem cannot
// run on f64 buffers.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::ops::ActivationProblem;
use cudnn::{Handle, Scaling};

fn run(handle: &Handle, p: &ActivationProblem<f32>, x: &CudaSlice<f64>, y: &mut CudaSlice<f64>) {
    let _ = handle.activation_forward(p, x, y, Scaling::default());
}

fn main() {}
