// Kernels of the LeNet example that cuDNN has no operation for: the
// gradient of the cross-entropy loss and the Adam update. Compiled to PTX by
// scripts/gen-ptx.py (NVRTC); the example loads generated/lenet.ptx at run time.

// d(loss)/d(logits) for a mean cross-entropy over the batch, given the
// log-softmax `logp` (batch x classes): (softmax - one_hot(label)) * scale,
// with scale = 1 / batch.
extern "C" __global__ void xent_grad(const float* logp, const int* labels, float* grad,
                                     int batch, int classes, float scale) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < batch * classes) {
        int b = i / classes;
        int c = i - b * classes;
        float target = (c == labels[b]) ? 1.0f : 0.0f;
        grad[i] = (expf(logp[i]) - target) * scale;
    }
}

// One Adam step on n parameters. bc1 = 1 - beta1^t, bc2 = 1 - beta2^t.
extern "C" __global__ void adam(float* w, const float* g, float* m, float* v, int n,
                                float lr, float beta1, float beta2, float eps,
                                float bc1, float bc2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float gi = g[i];
        float mi = beta1 * m[i] + (1.0f - beta1) * gi;
        float vi = beta2 * v[i] + (1.0f - beta2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        float mhat = mi / bc1;
        float vhat = vi / bc2;
        w[i] -= lr * mhat / (sqrtf(vhat) + eps);
    }
}
