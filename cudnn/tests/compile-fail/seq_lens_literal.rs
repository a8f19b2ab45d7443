// Nor from a struct literal: its fields are private.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::nn::SeqLens;

fn lens<'a>(q: &'a CudaSlice<i32>, kv: &'a CudaSlice<i32>) -> SeqLens<'a> {
    SeqLens { q, kv }
}

fn main() {}
