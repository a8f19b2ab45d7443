// A cuDNN handle must not be used by two threads at once: `Handle` is not
// `Sync`, so `&Handle` cannot be shared across threads.
fn shared_across_threads<T: Sync>() {}

fn main() {
    shared_across_threads::<cudnn::Handle>();
}
