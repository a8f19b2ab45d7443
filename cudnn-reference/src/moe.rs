//! The grouped matmul of a mixture-of-experts layer, forward: cuDNN's
//! `OPERATION_MOE_GROUPED_MATMUL`, the function of
//! `cudnn::graph::Graph::moe_grouped_matmul`.
//!
//! The token tensor is `[1, rows, K]` (here a row-major `rows` x `K`
//! slice), the weight `[E, K, N]` (a row-major `[E][K][N]` slice: expert
//! `e`'s `K` x `N` matrix is `weight[e * K * N..][..K * N]`), the output
//! `[1, rows, N]`, row-major. Layouts other than these are the GPU test's
//! business.
//!
//! The product works on *routed rows*. `first_token_offset` holds the
//! `G + 1` bounds of `G` groups, `G` a multiple of `E` (`E` groups per
//! batch): routed rows `first_token_offset[g]` to
//! `first_token_offset[g + 1]` (exclusive) form group `g`, which uses
//! expert `g % E`. Routed row `r` of group `g` computes
//! `source(r) · weight[g % E]` and writes it to output row `target(r)`,
//! with [`MoeRouting`] saying what the source and the target are:
//!
//! - [`MoeRouting::None`]: the routed rows are the token rows, and
//!   `source(r) = target(r) = r`;
//! - [`MoeRouting::Gather`]: the routed rows are `token_index`'s entries,
//!   `source(r) = token_index[r]` (a token row) and `target(r) = r`;
//! - [`MoeRouting::Scatter`]: the routed rows are the token rows,
//!   `source(r) = r` and `target(r) = token_index[r] * top_k +
//!   token_ks[r]`.
//!
//! Rows of the routed index space that lie in no group (before the first
//! bound, after the last, and so on) compute nothing, so [`forward`]
//! writes into a buffer the caller owns and initialises, and leaves the
//! output rows that nothing targets as the caller left them.
//!
//! Unlike most references of this crate, [`forward`] does not panic on a
//! wrong call: offsets and indices are the values a GPU test also hands to
//! cuDNN, and one out of range must be a clear error, so every length,
//! bound and index is checked and refused with a message.

use crate::conv::Scalar;

/// How the routed rows of a grouped matmul map to token rows and output
/// rows. The indices are `INT32`, as cuDNN reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoeRouting<'a> {
    /// The tokens are routed already: routed row `r` is token row `r` and
    /// writes output row `r`; the output has the token tensor's rows.
    None,
    /// Routed row `r` multiplies token row `token_index[r]` and writes
    /// output row `r`; the output has `token_index.len()` rows (`S * top_k`
    /// in practice, for `S` token rows).
    Gather {
        /// The token row of each routed row, each in `0..token_rows`.
        token_index: &'a [i32],
    },
    /// Routed row `r` multiplies token row `r` and writes output row
    /// `token_index[r] * top_k + token_ks[r]`; the token tensor has
    /// `R = S * top_k` rows, and so do the output and both index arrays.
    Scatter {
        /// The token (`0..S`, `S = R / top_k`) of each routed row.
        token_index: &'a [i32],
        /// The choice (`0..top_k`) of each routed row among its token's.
        token_ks: &'a [i32],
        /// The experts each token is routed to, at least 1.
        top_k: i32,
    },
}

/// The sizes of a grouped matmul.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoeShape {
    /// Rows of the token tensor (`S` for [`MoeRouting::Gather`], `R` for
    /// the other two).
    pub token_rows: usize,
    /// The inner dimension, `K`: columns of the token tensor and rows of
    /// each expert's weight.
    pub k: usize,
    /// The outer dimension, `N`: columns of each expert's weight and of the
    /// output.
    pub n: usize,
    /// The experts, `E`.
    pub experts: usize,
}

impl MoeShape {
    /// Checks that `k`, `n` and `experts` are at least 1 (the token rows
    /// may be 0) and that the token and weight lengths fit in a `usize`.
    ///
    /// # Errors
    ///
    /// A message describing the first problem found.
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [("k", self.k), ("n", self.n), ("experts", self.experts)] {
            if v == 0 {
                return Err(format!("{name} is 0"));
            }
        }
        self.token_len()?;
        self.weight_len()?;
        Ok(())
    }

    /// Elements of the token tensor, `token_rows * k`.
    ///
    /// # Errors
    ///
    /// When the product overflows a `usize`.
    pub fn token_len(&self) -> Result<usize, String> {
        product("the token tensor", &[self.token_rows, self.k])
    }

    /// Elements of the weight, `experts * k * n`.
    ///
    /// # Errors
    ///
    /// When the product overflows a `usize`.
    pub fn weight_len(&self) -> Result<usize, String> {
        product("the weight", &[self.experts, self.k, self.n])
    }
}

/// `dims` multiplied, or an error naming `what` when that overflows.
fn product(what: &str, dims: &[usize]) -> Result<usize, String> {
    dims.iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| format!("{what} of dims {dims:?} has more elements than a usize counts"))
}

/// An `INT32` value read from `what` at position `i` as an index in
/// `0..bound`.
fn index(what: &str, i: usize, v: i32, bound: usize) -> Result<usize, String> {
    usize::try_from(v)
        .ok()
        .filter(|&u| u < bound)
        .ok_or_else(|| format!("{what}[{i}] is {v}, outside 0..{bound}"))
}

/// Rows of the routed index space, and of the output: the token rows for
/// [`MoeRouting::None`] and [`MoeRouting::Scatter`], `token_index.len()`
/// for [`MoeRouting::Gather`].
pub fn out_rows(shape: &MoeShape, routing: &MoeRouting<'_>) -> usize {
    match routing {
        MoeRouting::Gather { token_index } => token_index.len(),
        MoeRouting::None | MoeRouting::Scatter { .. } => shape.token_rows,
    }
}

/// The expert of each of `rows` routed rows under the group bounds
/// `first_token_offset` and `experts` experts: `Some(g % experts)` for a
/// row of group `g`, `None` for a row in no group.
///
/// # Errors
///
/// When `experts` is 0, `first_token_offset` has fewer than 2 entries or a
/// number of groups (its length less 1) that is not a multiple of
/// `experts`, its first bound is negative, a bound is smaller than the one
/// before it, or the last bound is past `rows`.
pub fn experts_of_rows(
    first_token_offset: &[i32],
    experts: usize,
    rows: usize,
) -> Result<Vec<Option<usize>>, String> {
    if experts == 0 {
        return Err("experts is 0".to_owned());
    }
    let groups = first_token_offset.len().saturating_sub(1);
    if groups == 0 || !groups.is_multiple_of(experts) {
        return Err(format!(
            "first_token_offset has {} entries: {groups} groups, where the bounds of a \
             positive multiple of the {experts} experts are needed",
            first_token_offset.len()
        ));
    }
    let mut bounds = Vec::with_capacity(first_token_offset.len());
    for (i, &v) in first_token_offset.iter().enumerate() {
        let b = usize::try_from(v)
            .map_err(|_| format!("first_token_offset[{i}] is {v}, a negative bound"))?;
        if let Some(&before) = bounds.last() {
            if b < before {
                return Err(format!(
                    "first_token_offset[{i}] is {v}, below first_token_offset[{}] = {before}: \
                     the bounds decrease",
                    i - 1
                ));
            }
        }
        if b > rows {
            return Err(format!(
                "first_token_offset[{i}] is {v}, past the {rows} routed rows"
            ));
        }
        bounds.push(b);
    }
    let mut expert = vec![None; rows];
    for (g, pair) in bounds.windows(2).enumerate() {
        for e in &mut expert[pair[0]..pair[1]] {
            *e = Some(g % experts);
        }
    }
    Ok(expert)
}

/// The grouped matmul: for every routed row `r` in a group, output row
/// `target(r)` becomes `source(r) · weight[expert(r)]` (see the [module
/// documentation](self) for the routing), accumulated in `f64` and rounded
/// to `T` at the end. `out` is the whole output, [`out_rows`] x `n`,
/// row-major: the rows that no routed row targets (those of the routed
/// rows in no group) keep the values the caller put there.
///
/// Everything is checked before anything is written, so on an error `out`
/// is as it was. Every entry of the index arrays is checked, those of rows
/// in no group too.
///
/// # Errors
///
/// A message describing the first problem found: `shape` fails
/// [`MoeShape::validate`]; `token`, `weight` or `out` does not have the
/// length its shape gives; the offsets fail [`experts_of_rows`]; for
/// [`MoeRouting::Gather`], a `token_index` entry outside
/// `0..token_rows`; for [`MoeRouting::Scatter`], a `top_k` below 1, token
/// rows not a multiple of `top_k`, `token_index` or `token_ks` not one
/// entry per token row, an entry outside `0..token_rows / top_k` or
/// `0..top_k`, or two routed rows in groups that target the same output
/// row.
pub fn forward<T: Scalar>(
    shape: &MoeShape,
    token: &[T],
    weight: &[T],
    first_token_offset: &[i32],
    routing: MoeRouting<'_>,
    out: &mut [T],
) -> Result<(), String> {
    shape.validate()?;
    let MoeShape { k, n, .. } = *shape;
    let rows = out_rows(shape, &routing);
    for (what, have, need) in [
        ("token", token.len(), shape.token_len()?),
        ("weight", weight.len(), shape.weight_len()?),
        ("out", out.len(), product("the output", &[rows, n])?),
    ] {
        if have != need {
            return Err(format!(
                "{what} has {have} elements where {need} are needed ({shape:?}, {rows} output rows)"
            ));
        }
    }
    let experts = experts_of_rows(first_token_offset, shape.experts, rows)?;
    // The source (token row) and target (output row) of each routed row.
    let mut routes = Vec::with_capacity(rows);
    match routing {
        MoeRouting::None => routes.extend((0..rows).map(|r| (r, r))),
        MoeRouting::Gather { token_index } => {
            for (r, &v) in token_index.iter().enumerate() {
                routes.push((index("token_index", r, v, shape.token_rows)?, r));
            }
        }
        MoeRouting::Scatter {
            token_index,
            token_ks,
            top_k,
        } => {
            let top = usize::try_from(top_k)
                .ok()
                .filter(|&t| t >= 1)
                .ok_or_else(|| format!("top_k is {top_k}; it is at least 1"))?;
            if !rows.is_multiple_of(top) {
                return Err(format!(
                    "{rows} token rows are not a multiple of top_k {top_k}"
                ));
            }
            let tokens = rows / top;
            for (what, len) in [
                ("token_index", token_index.len()),
                ("token_ks", token_ks.len()),
            ] {
                if len != rows {
                    return Err(format!("{what} has {len} entries for {rows} token rows"));
                }
            }
            for (r, (&i, &c)) in token_index.iter().zip(token_ks).enumerate() {
                let i = index("token_index", r, i, tokens)?;
                let c = index("token_ks", r, c, top)?;
                routes.push((r, i * top + c));
            }
            // Two routed rows in groups writing one output row would leave
            // the result to the order of the writes.
            let mut written_by = vec![None; rows];
            for (r, &(_, t)) in routes.iter().enumerate() {
                if experts[r].is_none() {
                    continue;
                }
                if let Some(first) = written_by[t].replace(r) {
                    return Err(format!(
                        "routed rows {first} and {r} both write output row {t} \
                         (token_index {}, token_ks {})",
                        t / top,
                        t % top
                    ));
                }
            }
        }
    }
    let kn = k * n;
    for (&(source, target), expert) in routes.iter().zip(&experts) {
        let Some(e) = *expert else { continue };
        let x = &token[source * k..][..k];
        let w = &weight[e * kn..][..kn];
        for (j, y) in out[target * n..][..n].iter_mut().enumerate() {
            let dot: f64 = x
                .iter()
                .enumerate()
                .map(|(l, xl)| xl.to_f64() * w[l * n + j].to_f64())
                .sum();
            *y = T::from_f64(dot);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two experts with K = 2, N = 1: expert 0 sums a row, expert 1
    /// subtracts its second entry from its first.
    const WEIGHT: [f64; 4] = [1.0, 1.0, 1.0, -1.0];

    fn shape(token_rows: usize) -> MoeShape {
        MoeShape {
            token_rows,
            k: 2,
            n: 1,
            experts: 2,
        }
    }

    #[test]
    fn none_worked_by_hand() {
        // Rows 0..2 to expert 0, rows 2..3 to expert 1, row 3 in no group.
        let token = [1.0, 2.0, 3.0, 4.0, 5.0, 7.0, 9.0, 9.0];
        let mut out = [-1.0; 4];
        forward(
            &shape(4),
            &token,
            &WEIGHT,
            &[0, 2, 3],
            MoeRouting::None,
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [3.0, 7.0, -2.0, -1.0]);
    }

    #[test]
    fn gather_worked_by_hand() {
        // Token rows [1, 2] and [5, 3]; routed rows read tokens 1, 0, 1.
        // Two batches of 2 groups: groups 0..4 hold rows [0], [], [1],
        // [2], with experts 0, 1, 0, 1.
        let token = [1.0, 2.0, 5.0, 3.0];
        let mut out = [0.5; 3];
        let routing = MoeRouting::Gather {
            token_index: &[1, 0, 1],
        };
        forward(
            &shape(2),
            &token,
            &WEIGHT,
            &[0, 1, 1, 2, 3],
            routing,
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [8.0, 3.0, 2.0]);
    }

    #[test]
    fn scatter_worked_by_hand() {
        // Two tokens, top_k 2: routed row r writes output row
        // token_index[r] * 2 + token_ks[r]; row 3 is in no group.
        let token = [1.0, 2.0, 5.0, 3.0, 4.0, 4.0, 6.0, 1.0];
        let mut out = [9.0; 4];
        let routing = MoeRouting::Scatter {
            token_index: &[1, 0, 0, 1],
            token_ks: &[1, 0, 1, 0],
            top_k: 2,
        };
        forward(&shape(4), &token, &WEIGHT, &[0, 2, 3], routing, &mut out).unwrap();
        // Rows 0, 1 (expert 0): 3 -> out[3], 8 -> out[0]; row 2 (expert
        // 1): 0 -> out[1]; out[2] untouched.
        assert_eq!(out, [8.0, 0.0, 9.0, 3.0]);
    }

    #[test]
    fn experts_of_rows_marks_rows_in_no_group() {
        let e = experts_of_rows(&[1, 1, 3, 4], 3, 5).unwrap();
        assert_eq!(e, [None, Some(1), Some(1), Some(2), None]);
        assert!(experts_of_rows(&[0, 1, 2], 3, 5).is_err());
        assert!(experts_of_rows(&[0], 1, 5).is_err());
    }

    #[test]
    fn an_error_leaves_out_as_it_was() {
        let token = [1.0, 2.0, 5.0, 3.0];
        let mut out = [7.0; 2];
        let routing = MoeRouting::Gather {
            token_index: &[0, 2],
        };
        let err = forward(&shape(2), &token, &WEIGHT, &[0, 1, 2], routing, &mut out);
        assert_eq!(err, Err("token_index[1] is 2, outside 0..2".to_owned()));
        assert_eq!(out, [7.0; 2]);
    }

    #[test]
    fn f32_rounds_at_the_end() {
        let token = [1.0f32, 2.0];
        let weight = [0.5f32, 0.25, 0.0, 0.0];
        let mut out = [0.0f32];
        forward(
            &shape(1),
            &token,
            &weight,
            &[0, 1, 1],
            MoeRouting::None,
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [1.0]);
    }
}
