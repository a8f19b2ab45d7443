// An inference layer has no backward: asking it for gradients does not
// compile.
use cudnn::half::bf16;
use cudnn::nn::AttentionInference;
use cudnn::Handle;

fn run(handle: &Handle, layer: &mut AttentionInference<bf16>) {
    let _ = layer.backward(handle);
}

fn main() {}
