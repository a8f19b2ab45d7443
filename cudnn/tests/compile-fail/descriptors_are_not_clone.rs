// Owning descriptors destroy their cuDNN object on drop: they are not
// `Clone` (copies are made with `try_clone`, which creates a new one).
fn cloned<T: Clone>() {}

fn main() {
    cloned::<cudnn::TensorDescriptor<f32>>();
    cloned::<cudnn::ActivationDescriptor>();
    cloned::<cudnn::ops::DropoutDescriptor>();
}
