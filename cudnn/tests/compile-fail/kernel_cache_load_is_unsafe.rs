// A kernel cache holds compiled kernels that cuDNN runs as they are: one
// read from a file or a text is the caller's promise, so both are `unsafe`.
use std::path::Path;
use std::sync::Arc;

use cudnn::graph::KernelCache;
use cudnn::Library;

fn load(path: &Path, lib: &Arc<Library>) {
    let _ = KernelCache::load(path, lib);
    let _ = KernelCache::from_json(lib, "{}");
}

fn main() {}
