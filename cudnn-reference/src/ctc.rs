//! Connectionist temporal classification (CTC) loss and its gradient, as
//! cuDNN's `cudnnCTCLoss` computes them with
//! `CUDNN_LOSS_NORMALIZATION_SOFTMAX` (the mode PyTorch uses).
//!
//! # Layout
//!
//! - `x`: `[T, N, A]` packed (time, batch, alphabet), `x[(t * N + n) * A + k]`;
//!   label 0 is the blank.
//! - `labels`: every batch item's label sequence, concatenated (item 0's
//!   first); each label is in `1..A` (the blank is not a label).
//! - `label_lengths[n]`, `input_lengths[n]`: the length of item `n`'s label
//!   sequence and its number of time steps (`1..=T`; steps from
//!   `input_lengths[n]` on are padding).
//!
//! # What is computed
//!
//! With `CUDNN_LOSS_NORMALIZATION_SOFTMAX`, cuDNN treats its `probs` input as
//! *unnormalized activations*: it applies a softmax over the alphabet
//! itself, and the gradient it returns is with respect to those
//! activations, not to the probabilities. So, with `p = softmax(x)` over
//! `A` at each `(t, n)`:
//!
//! - `cost[n] = -ln P(labels_n | p)`, the negative log-likelihood summed
//!   over all CTC alignments of item `n` over its first `input_lengths[n]`
//!   steps (not divided by any length: PyTorch's `reduction='none'`);
//! - `grad[t, n, k] = d cost[n] / d x[t, n, k]
//!   = p[t, n, k] - (1 / P) * sum_{s : l'_s = k} alpha_t(s) beta_t(s)`
//!   for `t < input_lengths[n]` (`l'` the label sequence with blanks
//!   between and around), and `0` for the padding steps
//!   (`CUDNN_CTC_ZERO_OOB_GRADIENTS`, cuDNN 9's default).
//!
//! Since `softmax(log_softmax(x)) = softmax(x)`, feeding the activations or
//! their log-softmax gives the same cost and gradient; PyTorch passes
//! `log_softmax` output (its `log_probs`) to cuDNN and treats the returned
//! gradient as that of `log_probs`. The value agrees with PyTorch's own
//! autograd gradient with respect to the pre-`log_softmax` activations:
//! both are `p - gamma` (the occupation posteriors `gamma` sum to 1 over the
//! alphabet, so `log_softmax`'s backward leaves `p - gamma` unchanged). That
//! autograd gradient is what `tests/fixtures/ctc.json` records.
//!
//! Sources: cuDNN's API reference for `cudnnLossNormalizationMode_t`
//! (SOFTMAX: the input is the unnormalized activation, the gradient is with
//! respect to the activation) and the cuDNN 7 CTC sample on NVIDIA's forum
//! ("the gradient values are with respect to pre-softmax activations");
//! PyTorch's `aten/src/ATen/native/cudnn/LossCTC.cpp`
//! (`CUDNN_LOSS_NORMALIZATION_SOFTMAX` on `log_probs`, labels and lengths as
//! host `int` arrays, blank 0, only when every label length is below 256 and
//! at most its input length).
//!
//! `CUDNN_LOSS_NORMALIZATION_NONE` (probabilities in, no softmax) is not
//! modelled here.
//!
//! # Refusals
//!
//! Unlike most of this crate, lengths and labels are data the GPU test also
//! hands to cuDNN, so [`ctc_loss`] refuses bad ones with an `Err`: a wrong
//! slice length, a label outside `1..A`, a length sum that is not
//! `labels.len()`, an input length outside `1..=T`, and an item whose
//! input is too short for any alignment (fewer than its label length plus
//! its number of adjacent repeats; its loss would be infinite).

/// The lengths and labels of a CTC problem, in cuDNN's layout (see the
/// [module](self) doc).
#[derive(Debug, Clone, Copy)]
pub struct CtcShape<'a> {
    /// Time steps `T`.
    pub t: usize,
    /// Batch size `N`.
    pub n: usize,
    /// Alphabet size `A`, the blank included.
    pub a: usize,
    /// Every item's labels, concatenated.
    pub labels: &'a [i32],
    /// Each item's label count.
    pub label_lengths: &'a [i32],
    /// Each item's time steps.
    pub input_lengths: &'a [i32],
}

/// What [`ctc_loss`] returns.
#[derive(Debug, Clone, PartialEq)]
pub struct CtcOutput {
    /// `cost[n]`: the negative log-likelihood of item `n`.
    pub costs: Vec<f64>,
    /// `[T, N, A]`: the gradient of each item's cost with respect to its
    /// activations (0 on padding steps).
    pub grads: Vec<f64>,
}

/// Adjacent equal labels in `labels`: each needs one more time step (a
/// blank between them).
pub fn repeats(labels: &[i32]) -> usize {
    labels.windows(2).filter(|w| w[0] == w[1]).count()
}

/// Checks `shape` (and `x_len`, the activations' length) as the
/// [module](self) doc says, and returns each item's offset into
/// `shape.labels`.
///
/// # Errors
/// A message naming the first problem.
pub fn check(shape: &CtcShape<'_>, x_len: usize) -> Result<Vec<usize>, String> {
    let CtcShape { t, n, a, .. } = *shape;
    let want = t
        .checked_mul(n)
        .and_then(|v| v.checked_mul(a))
        .ok_or("T * N * A overflows")?;
    if x_len != want {
        return Err(format!("x has {x_len} elements, T * N * A = {want}"));
    }
    if a < 2 {
        return Err(format!("alphabet size {a}: needs the blank and a label"));
    }
    if shape.label_lengths.len() != n || shape.input_lengths.len() != n {
        return Err(format!(
            "{} label lengths and {} input lengths for a batch of {n}",
            shape.label_lengths.len(),
            shape.input_lengths.len()
        ));
    }
    let mut offsets = Vec::with_capacity(n);
    let mut at = 0usize;
    for b in 0..n {
        let (ll, il) = (shape.label_lengths[b], shape.input_lengths[b]);
        let ll = usize::try_from(ll).map_err(|_| format!("label length {ll} of item {b}"))?;
        let il = usize::try_from(il).map_err(|_| format!("input length {il} of item {b}"))?;
        if il == 0 || il > t {
            return Err(format!("input length {il} of item {b}: must be in 1..={t}"));
        }
        let end = at
            .checked_add(ll)
            .filter(|&e| e <= shape.labels.len())
            .ok_or_else(|| format!("label lengths exceed the {} labels", shape.labels.len()))?;
        let item = &shape.labels[at..end];
        if let Some(bad) = item.iter().find(|&&l| l < 1 || l as usize >= a) {
            return Err(format!("label {bad} of item {b}: must be in 1..{a}"));
        }
        let need = ll + repeats(item);
        if il < need {
            return Err(format!(
                "item {b}: input length {il} < {ll} labels + {} repeats (infinite loss)",
                need - ll
            ));
        }
        offsets.push(at);
        at = end;
    }
    if at != shape.labels.len() {
        return Err(format!(
            "label lengths sum to {at}, there are {} labels",
            shape.labels.len()
        ));
    }
    Ok(offsets)
}

/// `ln(e^a + e^b)`, exact for `-inf` operands.
fn log_add(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let m = a.max(b);
    m + ((a - m).exp() + (b - m).exp()).ln()
}

/// Log-softmax over the alphabet of every `(t, n)`.
fn log_softmax(x: &[f64], a: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(x.len());
    for row in x.chunks(a) {
        let m = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let lse = m + row.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
        out.extend(row.iter().map(|v| v - lse));
    }
    out
}

/// CTC loss and its gradient with respect to the activations `x`
/// (`[T, N, A]`), as cuDNN's `cudnnCTCLoss` with
/// `CUDNN_LOSS_NORMALIZATION_SOFTMAX` (see the [module](self) doc).
///
/// # Errors
/// As [`check`].
pub fn ctc_loss(x: &[f64], shape: &CtcShape<'_>) -> Result<CtcOutput, String> {
    let offsets = check(shape, x.len())?;
    let CtcShape { n, a, .. } = *shape;
    let lp = log_softmax(x, a);
    let mut costs = Vec::with_capacity(n);
    let mut grads = vec![0.0; x.len()];
    for (b, &off) in offsets.iter().enumerate() {
        let ll = shape.label_lengths[b] as usize;
        let il = shape.input_lengths[b] as usize;
        let item = &shape.labels[off..off + ll];
        let cost = one_item(&lp, n, a, b, item, il, &mut grads);
        costs.push(cost);
    }
    Ok(CtcOutput { costs, grads })
}

/// The cost of item `b` (labels `item`, `il` steps), its gradient written
/// into `grads`.
fn one_item(
    lp: &[f64],
    n: usize,
    a: usize,
    b: usize,
    item: &[i32],
    il: usize,
    grads: &mut [f64],
) -> f64 {
    // The extended sequence: blank, l1, blank, l2, ..., blank.
    let ext: Vec<usize> = std::iter::once(0)
        .chain(item.iter().flat_map(|&l| [l as usize, 0]))
        .collect();
    let s_len = ext.len();
    let at = |t: usize, k: usize| lp[(t * n + b) * a + k];
    let skip_ok = |s: usize| s >= 2 && ext[s] != 0 && ext[s] != ext[s - 2];
    let ninf = f64::NEG_INFINITY;

    let mut alpha = vec![vec![ninf; s_len]; il];
    alpha[0][0] = at(0, ext[0]);
    if s_len > 1 {
        alpha[0][1] = at(0, ext[1]);
    }
    for t in 1..il {
        for s in 0..s_len {
            let mut v = alpha[t - 1][s];
            if s >= 1 {
                v = log_add(v, alpha[t - 1][s - 1]);
            }
            if skip_ok(s) {
                v = log_add(v, alpha[t - 1][s - 2]);
            }
            alpha[t][s] = v + at(t, ext[s]);
        }
    }
    let mut beta = vec![vec![ninf; s_len]; il];
    beta[il - 1][s_len - 1] = at(il - 1, ext[s_len - 1]);
    if s_len > 1 {
        beta[il - 1][s_len - 2] = at(il - 1, ext[s_len - 2]);
    }
    for t in (0..il - 1).rev() {
        for s in 0..s_len {
            let mut v = beta[t + 1][s];
            if s + 1 < s_len {
                v = log_add(v, beta[t + 1][s + 1]);
            }
            if s + 2 < s_len && skip_ok(s + 2) {
                v = log_add(v, beta[t + 1][s + 2]);
            }
            beta[t][s] = v + at(t, ext[s]);
        }
    }
    let mut log_p = alpha[il - 1][s_len - 1];
    if s_len > 1 {
        log_p = log_add(log_p, alpha[il - 1][s_len - 2]);
    }
    for t in 0..il {
        // alpha_t(s) beta_t(s) counts p_t(l'_s) twice: divide it out once.
        let mut occ = vec![ninf; a];
        for s in 0..s_len {
            let k = ext[s];
            occ[k] = log_add(occ[k], alpha[t][s] + beta[t][s] - at(t, k));
        }
        let row = (t * n + b) * a;
        for (k, (g, &o)) in grads[row..row + a].iter_mut().zip(&occ).enumerate() {
            *g = at(t, k).exp() - (o - log_p).exp();
        }
    }
    -log_p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: &[f64], want: &[f64]) {
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
        }
    }

    fn shape<'a>(
        t: usize,
        n: usize,
        a: usize,
        l: &'a [i32],
        ll: &'a [i32],
        il: &'a [i32],
    ) -> CtcShape<'a> {
        CtcShape {
            t,
            n,
            a,
            labels: l,
            label_lengths: ll,
            input_lengths: il,
        }
    }

    #[test]
    fn one_step_one_label() {
        // p = softmax(0, ln 3) = (1/4, 3/4): cost -ln(3/4), grad p - onehot(1).
        let x = [0.0, 3f64.ln()];
        let out = ctc_loss(&x, &shape(1, 1, 2, &[1], &[1], &[1])).unwrap();
        close(&out.costs, &[-(0.75f64).ln()]);
        close(&out.grads, &[0.25, -0.25]);
    }

    #[test]
    fn two_steps_one_label() {
        // Uniform p = 1/2. Alignments of "1" over 2 steps: 11, 01, 10,
        // P = 3/4; label 1 is at step 0 in 2 of 3, so gamma = (1/3, 2/3).
        let out = ctc_loss(&[0.0; 4], &shape(2, 1, 2, &[1], &[1], &[2])).unwrap();
        close(&out.costs, &[-(0.75f64).ln()]);
        let g = [1.0 / 6.0, -1.0 / 6.0];
        close(&out.grads, &[g[0], g[1], g[0], g[1]]);
    }

    #[test]
    fn repeat_needs_a_blank() {
        // "11" over 3 steps has one alignment, 1 0 1: P = 1/8.
        let out = ctc_loss(&[0.0; 6], &shape(3, 1, 2, &[1, 1], &[2], &[3])).unwrap();
        close(&out.costs, &[3.0 * 2f64.ln()]);
        close(&out.grads, &[0.5, -0.5, -0.5, 0.5, 0.5, -0.5]);
        let err = ctc_loss(&[0.0; 4], &shape(2, 1, 2, &[1, 1], &[2], &[2])).unwrap_err();
        assert!(err.contains("repeats"), "{err}");
    }

    #[test]
    fn empty_label_and_padding() {
        // Item 0: no labels, all blanks over 2 steps; item 1: "1" over 1 of
        // 2 steps, the second step padding with zero gradient.
        let out = ctc_loss(&[0.0; 8], &shape(2, 2, 2, &[1], &[0, 1], &[2, 1])).unwrap();
        close(&out.costs, &[2.0 * 2f64.ln(), 2f64.ln()]);
        close(&out.grads, &[-0.5, 0.5, 0.5, -0.5, -0.5, 0.5, 0.0, 0.0]);
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let (t, n, a) = (5, 2, 4);
        let x: Vec<f64> = (0..t * n * a)
            .map(|i| ((i * 7 % 11) as f64) * 0.3 - 1.2)
            .collect();
        let (l, ll, il) = ([1, 2, 2, 3, 1], [3, 2], [5, 4]);
        let s = shape(t, n, a, &l, &ll, &il);
        let out = ctc_loss(&x, &s).unwrap();
        let h = 1e-6;
        for i in 0..x.len() {
            let (mut up, mut down) = (x.clone(), x.clone());
            up[i] += h;
            down[i] -= h;
            let cu: f64 = ctc_loss(&up, &s).unwrap().costs.iter().sum();
            let cd: f64 = ctc_loss(&down, &s).unwrap().costs.iter().sum();
            let fd = (cu - cd) / (2.0 * h);
            assert!(
                (fd - out.grads[i]).abs() < 1e-7,
                "{i}: {fd} vs {}",
                out.grads[i]
            );
        }
    }

    #[test]
    fn refusals() {
        let x = [0.0; 8];
        let bad = |l: &[i32], ll: &[i32], il: &[i32]| {
            ctc_loss(&x, &shape(2, 2, 2, l, ll, il)).unwrap_err()
        };
        assert!(bad(&[0], &[1, 0], &[2, 2]).contains("label 0"));
        assert!(bad(&[2], &[1, 0], &[2, 2]).contains("label 2"));
        assert!(bad(&[1], &[1, 1], &[2, 2]).contains("exceed"));
        assert!(bad(&[1, 1], &[1, 0], &[2, 2]).contains("sum"));
        assert!(bad(&[1], &[1, 0], &[3, 2]).contains("input length 3"));
        assert!(bad(&[1], &[1, 0], &[0, 2]).contains("input length 0"));
        assert!(bad(&[1], &[-1, 0], &[2, 2]).contains("label length -1"));
        assert!(bad(&[1], &[1], &[2, 2]).contains("batch of 2"));
        assert!(ctc_loss(&x[..7], &shape(2, 2, 2, &[1], &[1, 0], &[2, 2])).is_err());
    }
}
