// A prepared pack's index input is rebound under the same promise as it
// was bound: every value in range, so the rebind is `unsafe` too.
use cudnn::cudarc::driver::CudaSlice;
use cudnn::graph::PreparedPack;

fn rebind<'a>(pack: &mut PreparedPack<'_, 'a>, lens: &'a CudaSlice<i32>) {
    let _ = pack.rebind_index_input(1, lens);
}

fn main() {}
