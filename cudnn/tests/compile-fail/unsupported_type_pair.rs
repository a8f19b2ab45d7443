// bf16 data with f64 compute is no configuration cuDNN has: the problem
// type does not exist.
use cudnn::half::bf16;

fn needs_a_problem(_: cudnn::ConvProblem<bf16, f64>) {}

fn main() {}
