// An attention layer's sequence lengths are made only through the
// `unsafe` `SeqLens::new`, whose caller promises they are in range.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::nn::SeqLens;

fn made<'a>(q: &'a CudaSlice<i32>, kv: &'a CudaSlice<i32>) -> SeqLens<'a> {
    SeqLens::new(q, kv)
}

fn main() {}
