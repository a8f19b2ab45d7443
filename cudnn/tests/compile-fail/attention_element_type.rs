// An attention layer is typed by its element: f16 buffers do not go to an
// Attention<bf16>.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::half::{bf16, f16};
use cudnn::nn::{Attention, AttentionForward};
use cudnn::Handle;

fn run(
    handle: &Handle,
    layer: &mut Attention<bf16>,
    q: &CudaSlice<f16>,
    o: &mut CudaSlice<f16>,
    stats: &mut CudaSlice<f32>,
) {
    let _ = layer.forward(
        handle,
        AttentionForward { q, k: q, v: q, o, stats, seq_lens: None, sink: None },
    );
}

fn main() {}
