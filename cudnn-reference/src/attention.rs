//! Scaled dot-product attention on the CPU: forward (with the softmax
//! statistics) and backward, as cuDNN's fused attention (the graph
//! operations `CUDNN_BACKEND_OPERATION_SDPA_FWD_DESCRIPTOR` and
//! `SDPA_BWD_DESCRIPTOR`, and the frontend's `sdpa` and `sdpa_backward`)
//! defines it, without dropout.
//!
//! # Layouts
//!
//! All tensors are dense and row-major, in the BHSD order
//! ([`AttentionGeometry`] names the sizes):
//!
//! | tensor          | shape                    |
//! |-----------------|--------------------------|
//! | `q`, `dq`       | `[B, H, S_q, D]`         |
//! | `k`, `dk`       | `[B, H_kv, S_kv, D]`     |
//! | `v`, `dv`       | `[B, H_kv, S_kv, D_v]`   |
//! | `o`, `do`       | `[B, H, S_q, D_v]`       |
//! | `stats`         | `[B, H, S_q]` (cuDNN's `[B, H, S_q, 1]`) |
//! | bias, `dbias`   | `[B or 1, H or 1, S_q, S_kv]` ([`BiasShape`]) |
//!
//! `H` is a multiple of `H_kv` (grouped-query attention; multi-query when
//! `H_kv` is 1): query head `h` reads key and value head `h / (H / H_kv)`,
//! so consecutive query heads share a key/value head.
//!
//! # What is computed
//!
//! For batch `b`, query head `h` and query position `i`, the logits over
//! the key positions `j` are
//!
//! ```text
//! s[j] = scale * dot(q[b, h, i], k[b, h_kv, j]) + bias[b, h, i, j]
//! ```
//!
//! (the bias added after the scale, broadcast over the dimensions it has
//! size 1 in), minus infinity where [`AttentionMask`] masks `(i, j)`. Then
//!
//! ```text
//! stats[b, h, i] = log(sum_j exp(s[j]))                   (natural log)
//! o[b, h, i]     = sum_j exp(s[j] - stats[b, h, i]) * v[b, h_kv, j]
//! ```
//!
//! With sink tokens ([`Attention::sink`], one logit `sink[h]` per query
//! head, gpt-oss's attention and cuDNN's `SOFTMAX_SINK_DESC`), the sink
//! joins each row's softmax as one more logit that has no value: the sums
//! over `j` in `stats` run over `[s[0], ..., s[S_kv - 1], sink[h]]`, and
//! `o` still sums over the keys only, so a row gives `exp(sink[h] -
//! stats)` of its weight to nothing.
//!
//! `stats` is cuDNN's `Stats` output, `max + ln(sum(exp(s - max)))` over
//! the row, which the backward pass takes back to recompute the
//! probabilities. A row whose every logit is masked (a query position past
//! its sequence length, or a band that leaves no key) has `o = 0` and
//! `stats = -inf`, the log of an empty sum (with a sink, `stats` is the
//! sink's logit, the log of its term alone); the backward pass gives it no
//! gradient, nor the sink any from it. Without a sink, this is the value
//! NVIDIA's own reference for cuDNN's attention tests computes for such
//! rows (cuDNN's frontend, `test/python/sdpa`); GPU
//! tests should compare the statistics of rows that are not fully masked
//! only, as what a kernel writes there is not specified.
//!
//! The backward pass, given `do`, `o` and `stats`, with `p[j] = exp(s[j] -
//! stats)` (0 where masked) and `dp[j] = dot(do[b, h, i], v[b, h_kv, j])`:
//!
//! ```text
//! delta  = dot(do[b, h, i], o[b, h, i])
//! ds[j]  = p[j] * (dp[j] - delta)            (the gradient of the logits)
//! dq     = scale * sum_j ds[j] * k[j]
//! dk[j] += scale * ds[j] * q[b, h, i]        (summed over the query heads of a group)
//! dv[j] += p[j] * do[b, h, i]
//! dbias  = ds, summed over the dimensions the bias is broadcast in
//! dsink[h] -= exp(sink[h] - stats) * delta   (summed over b and i)
//! ```
//!
//! Everything is computed in `f64` and rounded to the element type once.
//!
//! ```
//! use cudnn_reference::attention::{self, Attention, AttentionGeometry, AttentionMask};
//!
//! // One head, two positions, D = 1: with a causal mask, position 0 sees
//! // only key 0 and position 1 averages two equal logits.
//! let geometry = AttentionGeometry {
//!     batch: 1, heads: 1, kv_heads: 1, seq_q: 2, seq_kv: 2, head_dim: 1, head_dim_v: 1,
//! };
//! let op = Attention::<f64> {
//!     geometry, scale: 1.0, bias: None, mask: AttentionMask::causal(), sink: None,
//! };
//! let out = attention::forward(&op, &[1.0, 1.0], &[1.0, 1.0], &[2.0, 4.0]);
//! assert_eq!(out.o, [2.0, 3.0]);
//! assert_eq!(out.stats, [1.0, 1.0 + 2f64.ln()]);
//! ```

use super::conv::Scalar;

/// The sizes of one attention operation (see the [module
/// documentation](self) for the layouts they shape).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttentionGeometry {
    /// `B`, the batch size.
    pub batch: usize,
    /// `H`, the number of query heads (and of output heads).
    pub heads: usize,
    /// `H_kv`, the number of key and value heads; divides `heads`.
    pub kv_heads: usize,
    /// `S_q`, the (maximum) query sequence length.
    pub seq_q: usize,
    /// `S_kv`, the (maximum) key and value sequence length.
    pub seq_kv: usize,
    /// `D`, the head dimension of the queries and keys.
    pub head_dim: usize,
    /// `D_v`, the head dimension of the values and the output.
    pub head_dim_v: usize,
}

impl AttentionGeometry {
    /// Checks that every size is at least 1 and that `kv_heads` divides
    /// `heads`.
    ///
    /// # Errors
    ///
    /// A message naming the first violated rule.
    pub fn validate(&self) -> Result<(), String> {
        let sizes = [
            ("batch", self.batch),
            ("heads", self.heads),
            ("kv_heads", self.kv_heads),
            ("seq_q", self.seq_q),
            ("seq_kv", self.seq_kv),
            ("head_dim", self.head_dim),
            ("head_dim_v", self.head_dim_v),
        ];
        if let Some((name, _)) = sizes.iter().find(|(_, v)| *v == 0) {
            return Err(format!("{name} is 0"));
        }
        if !self.heads.is_multiple_of(self.kv_heads) {
            return Err(format!(
                "heads {} is not a multiple of kv_heads {}",
                self.heads, self.kv_heads
            ));
        }
        Ok(())
    }

    /// The number of elements of `q` and `dq`.
    pub fn q_len(&self) -> usize {
        self.batch * self.heads * self.seq_q * self.head_dim
    }

    /// The number of elements of `k` and `dk`.
    pub fn k_len(&self) -> usize {
        self.batch * self.kv_heads * self.seq_kv * self.head_dim
    }

    /// The number of elements of `v` and `dv`.
    pub fn v_len(&self) -> usize {
        self.batch * self.kv_heads * self.seq_kv * self.head_dim_v
    }

    /// The number of elements of `o` and `do`.
    pub fn o_len(&self) -> usize {
        self.batch * self.heads * self.seq_q * self.head_dim_v
    }

    /// The number of elements of `stats`: one per query row.
    pub fn stats_len(&self) -> usize {
        self.batch * self.heads * self.seq_q
    }

    /// The key/value head that query head `h` reads.
    fn kv_head(&self, h: usize) -> usize {
        h / (self.heads / self.kv_heads)
    }
}

/// Where the diagonal of the causal and band masks lies (cuDNN's
/// `DiagonalAlignment_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiagonalAlignment {
    /// Query position `i` is aligned with key position `i` (cuDNN's default,
    /// `TOP_LEFT`, and its deprecated `causal_mask`).
    #[default]
    TopLeft,
    /// The last query position is aligned with the last key position: query
    /// `i` with key `i + len_kv - len_q`, the lengths being the actual
    /// sequence lengths of the batch item when the mask has them
    /// (`BOTTOM_RIGHT`, cuDNN's `causal_mask_bottom_right`).
    BottomRight,
}

/// Which logits are masked (set to minus infinity before the softmax): the
/// union of the masks that are set.
///
/// With `offset` 0 for [`TopLeft`](DiagonalAlignment::TopLeft) alignment and
/// `len_kv - len_q` for [`BottomRight`](DiagonalAlignment::BottomRight),
/// query position `i` and key position `j` of batch item `b` are masked
/// when
///
/// * `right_bound` is `Some(r)` and `j - i > offset + r` (`Some(0)` is the
///   causal mask: `j <= i` is kept);
/// * `left_bound` is `Some(l)` and `j - i <= offset - l` (sliding-window
///   attention: with a causal mask, each query sees its `l` most recent
///   keys, itself included);
/// * `seq_len_q` is given and `i >= seq_len_q[b]` (the whole row: padded
///   query positions have zero output);
/// * `seq_len_kv` is given and `j >= seq_len_kv[b]`.
///
/// These are the definitions of cuDNN's `diagonal_band_right_bound`,
/// `diagonal_band_left_bound` and padding mask (`seq_len_q`,
/// `seq_len_kv`). The default masks nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AttentionMask {
    /// Where the diagonal lies.
    pub alignment: DiagonalAlignment,
    /// Keys more than this many positions right of the diagonal are masked.
    pub right_bound: Option<usize>,
    /// Keys this many positions or more left of the diagonal are masked.
    pub left_bound: Option<usize>,
    /// The actual query length of each batch item (`B` values, each at most
    /// `S_q`).
    pub seq_len_q: Option<Vec<usize>>,
    /// The actual key/value length of each batch item (`B` values, each at
    /// most `S_kv`).
    pub seq_len_kv: Option<Vec<usize>>,
}

impl AttentionMask {
    /// The top-left causal mask: query `i` sees keys `0..=i`.
    pub fn causal() -> Self {
        Self {
            right_bound: Some(0),
            ..Self::default()
        }
    }

    /// Whether the logit of query `i` and key `j` of batch item `b` is kept
    /// (not masked).
    ///
    /// # Panics
    ///
    /// If `b` is out of range of a given sequence-length vector.
    pub fn keeps(&self, g: &AttentionGeometry, b: usize, i: usize, j: usize) -> bool {
        let len_q = self.seq_len_q.as_ref().map_or(g.seq_q, |l| l[b]);
        let len_kv = self.seq_len_kv.as_ref().map_or(g.seq_kv, |l| l[b]);
        if i >= len_q || j >= len_kv {
            return false;
        }
        let offset = match self.alignment {
            DiagonalAlignment::TopLeft => 0,
            DiagonalAlignment::BottomRight => len_kv as i64 - len_q as i64,
        };
        let rel = j as i64 - i as i64;
        let right_ok = self.right_bound.is_none_or(|r| rel <= offset + r as i64);
        let left_ok = self.left_bound.is_none_or(|l| rel > offset - l as i64);
        right_ok && left_ok
    }

    fn check(&self, g: &AttentionGeometry) {
        for (name, lens, max) in [
            ("seq_len_q", &self.seq_len_q, g.seq_q),
            ("seq_len_kv", &self.seq_len_kv, g.seq_kv),
        ] {
            if let Some(lens) = lens {
                assert_eq!(
                    lens.len(),
                    g.batch,
                    "attention: {name} has {} entries for a batch of {}",
                    lens.len(),
                    g.batch
                );
                assert!(
                    lens.iter().all(|&l| l <= max),
                    "attention: {name} {lens:?} exceeds the maximum length {max}"
                );
            }
        }
    }
}

/// Which dimensions of `[B, H, S_q, S_kv]` an additive bias has; it is
/// broadcast over the others (cuDNN accepts `[1, 1, ...]`, `[1, H, ...]`,
/// `[B, 1, ...]` and `[B, H, ...]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BiasShape {
    /// The bias has a batch dimension of `B` (else 1).
    pub per_batch: bool,
    /// The bias has a head dimension of `H` (else 1).
    pub per_head: bool,
}

impl BiasShape {
    /// The number of elements of a bias of this shape (and of its
    /// gradient).
    pub fn len(&self, g: &AttentionGeometry) -> usize {
        let b = if self.per_batch { g.batch } else { 1 };
        let h = if self.per_head { g.heads } else { 1 };
        b * h * g.seq_q * g.seq_kv
    }

    /// The index of the bias element added to logit `(b, h, i, j)`.
    fn index(&self, g: &AttentionGeometry, b: usize, h: usize, i: usize, j: usize) -> usize {
        let (b, h) = (
            if self.per_batch { b } else { 0 },
            if self.per_head { h } else { 0 },
        );
        let heads = if self.per_head { g.heads } else { 1 };
        ((b * heads + h) * g.seq_q + i) * g.seq_kv + j
    }
}

/// An additive bias of the logits: its data and shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttentionBias<'a, T> {
    /// The bias, dense and row-major, [`BiasShape::len`] elements.
    pub data: &'a [T],
    /// Which dimensions it has.
    pub shape: BiasShape,
}

/// One attention operation: its sizes and attributes (what cuDNN's `sdpa`
/// and `sdpa_backward` take besides the tensors).
#[derive(Debug, Clone, PartialEq)]
pub struct Attention<'a, T> {
    /// The sizes.
    pub geometry: AttentionGeometry,
    /// The factor of `dot(q, k)` in the logits (cuDNN's `attn_scale`,
    /// commonly `1 / sqrt(D)`).
    pub scale: f64,
    /// An additive bias of the logits, if any.
    pub bias: Option<AttentionBias<'a, T>>,
    /// Which logits are masked.
    pub mask: AttentionMask,
    /// Sink tokens: one logit per query head (`H` values, cuDNN's `[1, H,
    /// 1, 1]` `FLOAT` tensor) that joins each row's softmax denominator
    /// (see the [module documentation](self)).
    pub sink: Option<&'a [f32]>,
}

/// What [`forward`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct Forward<T> {
    /// The output, `[B, H, S_q, D_v]`.
    pub o: Vec<T>,
    /// The log-sum-exp of each row of logits, `[B, H, S_q]`, in `f64`;
    /// minus infinity for a fully masked row.
    pub stats: Vec<f64>,
}

/// What [`backward`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct Backward<T> {
    /// The gradient with respect to `q`, shaped like `q`.
    pub dq: Vec<T>,
    /// The gradient with respect to `k`, shaped like `k`.
    pub dk: Vec<T>,
    /// The gradient with respect to `v`, shaped like `v`.
    pub dv: Vec<T>,
    /// The gradient with respect to the bias, shaped like it, when the
    /// operation has one (cuDNN's `dBias`).
    pub dbias: Option<Vec<T>>,
    /// The gradient with respect to the sink logits, `H` values in `f64`
    /// (cuDNN's `dSink`, `FLOAT`), when the operation has them.
    pub dsink: Option<Vec<f64>>,
}

fn to_f64_vec<T: Scalar>(data: &[T]) -> Vec<f64> {
    data.iter().map(|v| v.to_f64()).collect()
}

fn from_f64_vec<T: Scalar>(data: Vec<f64>) -> Vec<T> {
    data.into_iter().map(T::from_f64).collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The operation's inputs in `f64`, checked, and the logits of each row.
struct Inputs<'a> {
    g: &'a AttentionGeometry,
    scale: f64,
    mask: &'a AttentionMask,
    bias: Option<(Vec<f64>, BiasShape)>,
    sink: Option<Vec<f64>>,
    q: Vec<f64>,
    k: Vec<f64>,
    v: Vec<f64>,
}

impl<'a> Inputs<'a> {
    fn new<T: Scalar>(op: &'a Attention<'_, T>, q: &[T], k: &[T], v: &[T]) -> Self {
        let g = &op.geometry;
        if let Err(e) = g.validate() {
            panic!("attention: invalid geometry {g:?}: {e}");
        }
        op.mask.check(g);
        for (name, data, len) in [
            ("q", q, g.q_len()),
            ("k", k, g.k_len()),
            ("v", v, g.v_len()),
        ] {
            check_len(name, data.len(), len);
        }
        let bias = op.bias.map(|b| {
            check_len("bias", b.data.len(), b.shape.len(g));
            (to_f64_vec(b.data), b.shape)
        });
        let sink = op.sink.map(|s| {
            check_len("sink", s.len(), g.heads);
            s.iter().map(|&v| f64::from(v)).collect()
        });
        Self {
            g,
            scale: op.scale,
            mask: &op.mask,
            bias,
            sink,
            q: to_f64_vec(q),
            k: to_f64_vec(k),
            v: to_f64_vec(v),
        }
    }

    fn q_row(&self, b: usize, h: usize, i: usize) -> &[f64] {
        let d = self.g.head_dim;
        let start = ((b * self.g.heads + h) * self.g.seq_q + i) * d;
        &self.q[start..start + d]
    }

    /// The offset of key/value row `j` of batch `b`, head `hk`, in units of
    /// rows.
    fn kv_row(&self, b: usize, hk: usize, j: usize) -> usize {
        (b * self.g.kv_heads + hk) * self.g.seq_kv + j
    }

    fn k_row(&self, b: usize, hk: usize, j: usize) -> &[f64] {
        let d = self.g.head_dim;
        let start = self.kv_row(b, hk, j) * d;
        &self.k[start..start + d]
    }

    fn v_row(&self, b: usize, hk: usize, j: usize) -> &[f64] {
        let d = self.g.head_dim_v;
        let start = self.kv_row(b, hk, j) * d;
        &self.v[start..start + d]
    }

    /// The logits of row `(b, h, i)`, `None` where masked.
    fn logits(&self, b: usize, h: usize, i: usize) -> Vec<Option<f64>> {
        let hk = self.g.kv_head(h);
        let q = self.q_row(b, h, i);
        (0..self.g.seq_kv)
            .map(|j| {
                self.mask.keeps(self.g, b, i, j).then(|| {
                    let bias = self
                        .bias
                        .as_ref()
                        .map_or(0.0, |(data, shape)| data[shape.index(self.g, b, h, i, j)]);
                    self.scale * dot(q, self.k_row(b, hk, j)) + bias
                })
            })
            .collect()
    }

    /// The sink logit of query head `h`, when there are sinks.
    fn sink(&self, h: usize) -> Option<f64> {
        self.sink.as_ref().map(|s| s[h])
    }

    /// Calls `f(b, h, i, row)` for every query row, `row` being its index
    /// in `[B, H, S_q]`.
    fn for_each_row(&self, mut f: impl FnMut(usize, usize, usize, usize)) {
        let g = self.g;
        for b in 0..g.batch {
            for h in 0..g.heads {
                for i in 0..g.seq_q {
                    f(b, h, i, (b * g.heads + h) * g.seq_q + i);
                }
            }
        }
    }
}

fn check_len(name: &str, len: usize, expected: usize) {
    assert_eq!(
        len, expected,
        "attention: {name} has {len} elements but the geometry needs {expected}"
    );
}

/// The forward pass: the output and the softmax statistics (see the
/// [module documentation](self)).
///
/// # Panics
///
/// If the geometry fails [`AttentionGeometry::validate`], a tensor or the
/// bias does not have the length the geometry gives it, or a
/// sequence-length vector of the mask does not have `B` entries each at
/// most the maximum length.
pub fn forward<T: Scalar>(op: &Attention<'_, T>, q: &[T], k: &[T], v: &[T]) -> Forward<T> {
    let inputs = Inputs::new(op, q, k, v);
    let g = &op.geometry;
    let dv = g.head_dim_v;
    let mut o = vec![0.0; g.o_len()];
    let mut stats = vec![f64::NEG_INFINITY; g.stats_len()];
    inputs.for_each_row(|b, h, i, row| {
        let logits = inputs.logits(b, h, i);
        let sink = inputs.sink(h);
        let terms = || logits.iter().flatten().chain(&sink);
        let Some(max) = terms().copied().reduce(f64::max) else {
            return; // Fully masked: o stays 0, stats -inf.
        };
        let sum: f64 = terms().map(|s| (s - max).exp()).sum();
        let out = &mut o[row * dv..(row + 1) * dv];
        let hk = g.kv_head(h);
        for (j, s) in logits.iter().enumerate() {
            if let Some(s) = s {
                let p = (s - max).exp() / sum;
                for (acc, &val) in out.iter_mut().zip(inputs.v_row(b, hk, j)) {
                    *acc += p * val;
                }
            }
        }
        stats[row] = max + sum.ln();
    });
    Forward {
        o: from_f64_vec(o),
        stats,
    }
}

/// The backward pass: the gradients of `sum(o * do)` with respect to `q`,
/// `k`, `v`, the bias and the sink logits, given the forward pass's `o` and `stats` (see the
/// [module documentation](self)). `stats` may have any element type (the
/// GPU's are `f32`); the statistics of fully masked rows are not read.
///
/// # Panics
///
/// As [`forward`], and if `o` or `d_o` does not have
/// [`o_len`](AttentionGeometry::o_len) elements or `stats`
/// [`stats_len`](AttentionGeometry::stats_len).
pub fn backward<T: Scalar, S: Scalar>(
    op: &Attention<'_, T>,
    q: &[T],
    k: &[T],
    v: &[T],
    o: &[T],
    d_o: &[T],
    stats: &[S],
) -> Backward<T> {
    let inputs = Inputs::new(op, q, k, v);
    let g = &op.geometry;
    check_len("o", o.len(), g.o_len());
    check_len("do", d_o.len(), g.o_len());
    check_len("stats", stats.len(), g.stats_len());
    let (o, d_o) = (to_f64_vec(o), to_f64_vec(d_o));
    let (d, dvd) = (g.head_dim, g.head_dim_v);
    let mut dq = vec![0.0; g.q_len()];
    let mut dk = vec![0.0; g.k_len()];
    let mut dv = vec![0.0; g.v_len()];
    let mut dbias = inputs.bias.as_ref().map(|(data, _)| vec![0.0; data.len()]);
    let mut dsink = inputs.sink.as_ref().map(|s| vec![0.0; s.len()]);
    inputs.for_each_row(|b, h, i, row| {
        let logits = inputs.logits(b, h, i);
        if logits.iter().all(Option::is_none) {
            return;
        }
        let lse = stats[row].to_f64();
        let hk = g.kv_head(h);
        let d_o_row = &d_o[row * dvd..(row + 1) * dvd];
        let delta = dot(d_o_row, &o[row * dvd..(row + 1) * dvd]);
        if let (Some(ds), Some(sink)) = (dsink.as_mut(), inputs.sink(h)) {
            ds[h] -= (sink - lse).exp() * delta;
        }
        let q_row = inputs.q_row(b, h, i);
        for (j, s) in logits.iter().enumerate() {
            let Some(s) = s else { continue };
            let p = (s - lse).exp();
            let ds = p * (dot(d_o_row, inputs.v_row(b, hk, j)) - delta);
            let kv = inputs.kv_row(b, hk, j);
            for (acc, &kk) in dq[row * d..(row + 1) * d]
                .iter_mut()
                .zip(inputs.k_row(b, hk, j))
            {
                *acc += op.scale * ds * kk;
            }
            for (acc, &qq) in dk[kv * d..(kv + 1) * d].iter_mut().zip(q_row) {
                *acc += op.scale * ds * qq;
            }
            for (acc, &gg) in dv[kv * dvd..(kv + 1) * dvd].iter_mut().zip(d_o_row) {
                *acc += p * gg;
            }
            if let (Some(db), Some((_, shape))) = (dbias.as_mut(), inputs.bias.as_ref()) {
                db[shape.index(g, b, h, i, j)] += ds;
            }
        }
    });
    Backward {
        dq: from_f64_vec(dq),
        dk: from_f64_vec(dk),
        dv: from_f64_vec(dv),
        dbias: dbias.map(from_f64_vec),
        dsink,
    }
}

/// The layout of a paged K/V cache's container: `[pages, heads,
/// block_size, dim]`, dense and row-major (cuDNN's page container of
/// `SDPA_FWD` with `PAGE_TABLE_KDESC` / `PAGE_TABLE_VDESC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageLayout {
    /// The number of pages in the container.
    pub pages: usize,
    /// The key/value heads of each page.
    pub heads: usize,
    /// The positions of each page.
    pub block_size: usize,
    /// The head dim.
    pub dim: usize,
}

/// Gathers a paged cache into dense `[B, heads, seq, dim]` (BHSD): position
/// `s` of sequence `b` is position `s % block_size` of page
/// `table[b * blocks_per_seq + s / block_size]`, `table` being cuDNN's page
/// table `[B, 1, blocks_per_seq, 1]` (`blocks_per_seq = table.len() /
/// batch`). Positions of the last block past `seq` are not read.
///
/// # Panics
///
/// If `container` does not have the layout's length, `table` is not a
/// multiple of `batch` long, the table's blocks do not cover `seq`
/// positions, or an entry is not a page of the container.
pub fn gather_pages<T: Copy>(
    container: &[T],
    layout: PageLayout,
    table: &[i32],
    batch: usize,
    seq: usize,
) -> Vec<T> {
    let PageLayout {
        pages,
        heads,
        block_size,
        dim,
    } = layout;
    check_len(
        "container",
        container.len(),
        pages * heads * block_size * dim,
    );
    assert!(
        batch > 0 && table.len().is_multiple_of(batch),
        "gather_pages: a table of {} entries for a batch of {batch}",
        table.len()
    );
    let blocks = table.len() / batch;
    assert!(
        seq <= blocks * block_size,
        "gather_pages: {blocks} blocks of {block_size} do not cover {seq} positions"
    );
    let mut out = Vec::with_capacity(batch * heads * seq * dim);
    for b in 0..batch {
        for h in 0..heads {
            for s in 0..seq {
                let entry = table[b * blocks + s / block_size];
                let page = usize::try_from(entry)
                    .ok()
                    .filter(|&p| p < pages)
                    .unwrap_or_else(|| panic!("gather_pages: page {entry} of {pages}"));
                let at = ((page * heads + h) * block_size + s % block_size) * dim;
                out.extend_from_slice(&container[at..at + dim]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(
        batch: usize,
        heads: usize,
        kv_heads: usize,
        sq: usize,
        skv: usize,
    ) -> AttentionGeometry {
        AttentionGeometry {
            batch,
            heads,
            kv_heads,
            seq_q: sq,
            seq_kv: skv,
            head_dim: 2,
            head_dim_v: 1,
        }
    }

    /// The kept (i, j) pairs of batch item 0 as rows of 0s and 1s.
    fn pattern(mask: &AttentionMask, g: &AttentionGeometry) -> Vec<String> {
        (0..g.seq_q)
            .map(|i| {
                (0..g.seq_kv)
                    .map(|j| if mask.keeps(g, 0, i, j) { '1' } else { '0' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn masks_by_hand() {
        let g = geometry(1, 1, 1, 3, 5);
        assert_eq!(pattern(&AttentionMask::default(), &g), ["11111"; 3]);
        assert_eq!(
            pattern(&AttentionMask::causal(), &g),
            ["10000", "11000", "11100"]
        );
        let bottom_right = AttentionMask {
            alignment: DiagonalAlignment::BottomRight,
            ..AttentionMask::causal()
        };
        assert_eq!(pattern(&bottom_right, &g), ["11100", "11110", "11111"]);
        let window = AttentionMask {
            left_bound: Some(2),
            ..AttentionMask::causal()
        };
        assert_eq!(pattern(&window, &g), ["10000", "11000", "01100"]);
        let band = AttentionMask {
            left_bound: Some(1),
            right_bound: Some(1),
            ..AttentionMask::default()
        };
        assert_eq!(pattern(&band, &g), ["11000", "01100", "00110"]);
        let padded = AttentionMask {
            alignment: DiagonalAlignment::BottomRight,
            seq_len_q: Some(vec![2]),
            seq_len_kv: Some(vec![4]),
            ..AttentionMask::causal()
        };
        // Bottom-right against the actual lengths 2 and 4.
        assert_eq!(pattern(&padded, &g), ["11100", "11110", "00000"]);
    }

    #[test]
    fn fully_masked_rows_are_zero_with_minus_infinite_stats() {
        let g = geometry(2, 2, 1, 2, 3);
        let op = Attention::<f64> {
            geometry: g.clone(),
            scale: 0.5,
            bias: None,
            mask: AttentionMask {
                seq_len_q: Some(vec![1, 2]),
                seq_len_kv: Some(vec![3, 0]),
                ..AttentionMask::default()
            },
            sink: None,
        };
        let q: Vec<f64> = (0..g.q_len()).map(|i| i as f64 * 0.1).collect();
        let k: Vec<f64> = (0..g.k_len()).map(|i| 1.0 - i as f64 * 0.2).collect();
        let v: Vec<f64> = (0..g.v_len()).map(|i| i as f64).collect();
        let out = forward(&op, &q, &k, &v);
        // Rows (b, h, i): batch 0 keeps i = 0 of both heads; batch 1 none.
        let kept = [true, false, true, false, false, false, false, false];
        for (row, kept) in kept.into_iter().enumerate() {
            assert_eq!(out.stats[row].is_finite(), kept, "row {row}");
            assert_eq!(out.o[row] != 0.0, kept, "row {row}");
        }
        let d_o = vec![1.0; g.o_len()];
        let back = backward(&op, &q, &k, &v, &out.o, &d_o, &out.stats);
        // Rows that are masked get no gradient; batch 1 has no keys at all.
        assert_eq!(back.dq[2..4], [0.0, 0.0]);
        assert!(back.dq[8..].iter().all(|&v| v == 0.0));
        assert!(back.dk[6..].iter().chain(&back.dv[3..]).all(|&v| v == 0.0));
        assert!(back.dv[..3].iter().all(|&v| v > 0.0));
    }

    #[test]
    fn grouped_query_heads_share_keys_and_values() {
        // Two query heads on one key/value head equal two heads on copies.
        let grouped = geometry(1, 2, 1, 2, 3);
        let copied = geometry(1, 2, 2, 2, 3);
        let q: Vec<f64> = (0..grouped.q_len())
            .map(|i| (i as f64 * 0.7).sin())
            .collect();
        let k: Vec<f64> = (0..grouped.k_len())
            .map(|i| (i as f64 * 1.3).cos())
            .collect();
        let v: Vec<f64> = (0..grouped.v_len()).map(|i| i as f64 - 1.0).collect();
        let run = |g: &AttentionGeometry, k: &[f64], v: &[f64]| {
            let op = Attention::<f64> {
                geometry: g.clone(),
                scale: 0.8,
                bias: None,
                mask: AttentionMask::causal(),
                sink: None,
            };
            let out = forward(&op, &q, k, v);
            let d_o = vec![0.5; g.o_len()];
            (
                out.clone(),
                backward(&op, &q, k, v, &out.o, &d_o, &out.stats),
            )
        };
        let (fg, bg) = run(&grouped, &k, &v);
        let (fc, bc) = run(
            &copied,
            &[&k[..], &k[..]].concat(),
            &[&v[..], &v[..]].concat(),
        );
        assert_eq!(fg, fc);
        assert_eq!(bg.dq, bc.dq);
        // The grouped gradients are the sums over the copies.
        let half = k.len();
        for (i, d) in bg.dk.iter().enumerate() {
            assert!((d - (bc.dk[i] + bc.dk[half + i])).abs() < 1e-12);
        }
    }

    #[test]
    fn a_broadcast_bias_gets_the_summed_gradient() {
        let g = geometry(2, 1, 1, 1, 2);
        let q = [0.5, -0.5, 1.0, 0.25];
        let k = [1.0, 0.0, 0.0, 1.0, -1.0, 2.0, 0.5, 0.5];
        let v = [1.0, 3.0, -2.0, 0.5];
        let bias = [0.25, -0.75];
        let op = Attention {
            geometry: g.clone(),
            scale: 1.0,
            bias: Some(AttentionBias {
                data: &bias[..],
                shape: BiasShape::default(),
            }),
            mask: AttentionMask::default(),
            sink: None,
        };
        let out = forward(&op, &q, &k, &v);
        let back = backward(&op, &q, &k, &v, &out.o, &[1.0, 1.0], &out.stats);
        let db = back.dbias.expect("a bias has a gradient");
        // The gradient of a row's logits sums to 0, and so does their sum.
        assert!(db.iter().sum::<f64>().abs() < 1e-15);
        assert!(db[0].abs() > 0.1);
    }

    /// Two heads, each row's softmax over its keys and the head's sink.
    fn with_sink<'a>(g: &AttentionGeometry, sink: Option<&'a [f32]>) -> Attention<'a, f64> {
        Attention {
            geometry: g.clone(),
            scale: 0.7,
            bias: None,
            mask: AttentionMask::causal(),
            sink,
        }
    }

    #[test]
    fn a_sink_joins_each_rows_denominator() {
        let g = geometry(1, 2, 1, 2, 2);
        let q: Vec<f64> = (0..g.q_len()).map(|i| (i as f64 * 0.9).sin()).collect();
        let k: Vec<f64> = (0..g.k_len()).map(|i| (i as f64 * 0.4).cos()).collect();
        let v: Vec<f64> = (0..g.v_len()).map(|i| i as f64 + 1.0).collect();
        let plain = forward(&with_sink(&g, None), &q, &k, &v);
        // A sink of minus infinity takes no weight.
        let none = [f32::NEG_INFINITY; 2];
        assert_eq!(forward(&with_sink(&g, Some(&none)), &q, &k, &v), plain);
        // Head 0's sink 0.5, head 1's 2: each row's output shrinks by the
        // keys' share, exp(lse) / (exp(lse) + exp(sink)), and its statistic
        // is the log of the larger sum.
        let sink = [0.5f32, 2.0];
        let out = forward(&with_sink(&g, Some(&sink)), &q, &k, &v);
        for row in 0..g.stats_len() {
            let s = f64::from(sink[row / 2]);
            let lse = plain.stats[row];
            let want = lse + (1.0 + (s - lse).exp()).ln();
            assert!((out.stats[row] - want).abs() < 1e-12, "row {row}");
            let share = 1.0 / (1.0 + (s - lse).exp());
            assert!(
                (out.o[row] - plain.o[row] * share).abs() < 1e-12,
                "row {row}"
            );
        }
    }

    #[test]
    fn the_sinks_gradient_matches_finite_differences() {
        let g = geometry(2, 2, 1, 3, 3);
        let q: Vec<f64> = (0..g.q_len()).map(|i| (i as f64 * 0.3).sin()).collect();
        let k: Vec<f64> = (0..g.k_len()).map(|i| (i as f64 * 0.5).cos()).collect();
        let v: Vec<f64> = (0..g.v_len()).map(|i| (i as f64 * 0.2).sin()).collect();
        let d_o: Vec<f64> = (0..g.o_len()).map(|i| 1.0 - i as f64 * 0.1).collect();
        let sink = [0.25f32, -0.5];
        let loss = |sink: &[f32]| {
            let o = forward(&with_sink(&g, Some(sink)), &q, &k, &v).o;
            dot(&o, &d_o)
        };
        let op = with_sink(&g, Some(&sink));
        let out = forward(&op, &q, &k, &v);
        let back = backward(&op, &q, &k, &v, &out.o, &d_o, &out.stats);
        let dsink = back.dsink.expect("sinks have a gradient");
        for h in 0..2 {
            let eps = 1e-3f32;
            let (mut up, mut down) = (sink, sink);
            up[h] += eps;
            down[h] -= eps;
            let step = f64::from(up[h]) - f64::from(down[h]);
            let numeric = (loss(&up) - loss(&down)) / step;
            assert!(
                (dsink[h] - numeric).abs() < 1e-5,
                "head {h}: {} vs {numeric}",
                dsink[h]
            );
            assert!(dsink[h].abs() > 1e-3, "head {h}");
        }
        // The other gradients are those of the same softmax.
        assert!(
            backward(&with_sink(&g, None), &q, &k, &v, &out.o, &d_o, &out.stats)
                .dsink
                .is_none()
        );
    }

    #[test]
    #[should_panic(expected = "heads 3 is not a multiple of kv_heads 2")]
    fn heads_must_be_a_multiple_of_kv_heads() {
        let g = geometry(1, 3, 2, 1, 1);
        let op = Attention::<f64> {
            geometry: g,
            scale: 1.0,
            bias: None,
            mask: AttentionMask::default(),
            sink: None,
        };
        forward(&op, &[0.0; 6], &[0.0; 4], &[0.0; 2]);
    }

    #[test]
    #[should_panic(expected = "attention: seq_len_kv [3] exceeds the maximum length 2")]
    fn sequence_lengths_must_fit() {
        let op = Attention::<f64> {
            geometry: geometry(1, 1, 1, 1, 2),
            scale: 1.0,
            bias: None,
            mask: AttentionMask {
                seq_len_kv: Some(vec![3]),
                ..AttentionMask::default()
            },
            sink: None,
        };
        forward(&op, &[0.0; 2], &[0.0; 4], &[0.0; 2]);
    }

    #[test]
    fn pages_gather_by_hand() {
        // 3 pages of 2 positions, 1 head, dim 1: page p, position i holds
        // 10 p + i. Sequence 0 reads pages 2, 0; sequence 1 pages 1, 2.
        let layout = PageLayout {
            pages: 3,
            heads: 1,
            block_size: 2,
            dim: 1,
        };
        let container = [0, 1, 10, 11, 20, 21];
        let dense = gather_pages(&container, layout, &[2, 0, 1, 2], 2, 3);
        assert_eq!(dense, [20, 21, 0, 10, 11, 20]);
        // 2 heads of dim 2, pages of 1 position: heads stay apart.
        let layout = PageLayout {
            pages: 2,
            heads: 2,
            block_size: 1,
            dim: 2,
        };
        // Page 0: head 0 [1, 2], head 1 [3, 4]; page 1: [5, 6], [7, 8].
        let container = [1, 2, 3, 4, 5, 6, 7, 8];
        let dense = gather_pages(&container, layout, &[1, 0], 1, 2);
        // [B = 1, H = 2, S = 2, D = 2]: head 0 reads pages 1, 0.
        assert_eq!(dense, [5, 6, 1, 2, 7, 8, 3, 4]);
    }

    #[test]
    #[should_panic(expected = "gather_pages: page 3 of 3")]
    fn a_page_outside_the_container_panics() {
        let layout = PageLayout {
            pages: 3,
            heads: 1,
            block_size: 2,
            dim: 1,
        };
        gather_pages(&[0; 6], layout, &[3], 1, 2);
    }
}
