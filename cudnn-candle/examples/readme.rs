use candle_core::{DType, Device, Tensor, Var};
use cudnn_candle::{conv2d, sdpa, Conv2dParams, SdpaParams};

fn main() -> candle_core::Result<()> {
    let dev = Device::new_cuda(0)?;
    let x = Tensor::randn(0f32, 1.0, (8, 3, 32, 32), &dev)?;
    let w = Var::randn(0f32, 0.1, (16, 3, 3, 3), &dev)?;
    let y = conv2d(&x, &w, &Conv2dParams::padded(1))?; // cuDNN's forward
    let grads = y.sqr()?.sum_all()?.backward()?; // cuDNN's backward filter
    println!("dw: {:?}", grads.get(&w).map(|g| g.dims().to_vec()));
    let q = Tensor::randn(0f32, 1.0, (2, 8, 128, 64), &dev)?.to_dtype(DType::BF16)?;
    let kv = Tensor::randn(0f32, 1.0, (2, 2, 128, 64), &dev)?.to_dtype(DType::BF16)?;
    let causal = SdpaParams {
        causal: true,
        ..SdpaParams::default()
    };
    println!("attention: {:?}", sdpa(&q, &kv, &kv, &causal, None)?.dims()); // fused, GQA
    Ok(())
}
