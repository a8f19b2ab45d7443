// cuDNN follows device-side indices (sequence lengths, page tables)
// without checking them: binding them is `unsafe`, with the caller's
// promise that every value is in range.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::VariantPack;

fn bind(lens: &CudaSlice<i32>) -> VariantPack<'_> {
    VariantPack::new().index_input(1, lens)
}

fn main() {}
