//! Checks the CPU reference of the grouped matmul of a mixture-of-experts
//! layer (`cudnn_reference::moe`, the oracle of the GPU tests of
//! `cudnn::graph::Graph::moe_grouped_matmul`) against fixtures computed
//! independently by JAX (a `jnp.matmul` per group, set into the output
//! with `.at[rows].set`, on the CPU, in f64): `tests/fixtures/moe.json`,
//! written by `scripts/make-fixtures.sh`; and checks that it refuses bad
//! offsets, indices and lengths with an error.
//!
//! Needs neither cuDNN nor a GPU.

use cudnn_reference::conv::max_rel_error;
use cudnn_reference::moe::{self, MoeRouting, MoeShape};
use serde::Deserialize;

/// The error tolerated between two f64 computations of the same value.
const TOLERANCE: f64 = 1e-12;

/// A case: the sizes, the routing mode and its indices, random inputs, the
/// output's initial values and JAX's output.
#[derive(Deserialize)]
struct MoeCase {
    name: String,
    mode: String,
    token_rows: usize,
    k: usize,
    n: usize,
    experts: usize,
    first_token_offset: Vec<i32>,
    token_index: Option<Vec<i32>>,
    token_ks: Option<Vec<i32>>,
    top_k: Option<i32>,
    token: Vec<f64>,
    weight: Vec<f64>,
    out_init: Vec<f64>,
    out: Vec<f64>,
}

impl MoeCase {
    fn shape(&self) -> MoeShape {
        MoeShape {
            token_rows: self.token_rows,
            k: self.k,
            n: self.n,
            experts: self.experts,
        }
    }

    fn routing(&self) -> MoeRouting<'_> {
        let index = || self.token_index.as_deref().expect("token_index");
        match self.mode.as_str() {
            "none" => MoeRouting::None,
            "gather" => MoeRouting::Gather {
                token_index: index(),
            },
            "scatter" => MoeRouting::Scatter {
                token_index: index(),
                token_ks: self.token_ks.as_deref().expect("token_ks"),
                top_k: self.top_k.expect("top_k"),
            },
            other => panic!("unknown mode {other:?}"),
        }
    }

    /// The routed rows in no group.
    fn rows_in_no_group(&self) -> usize {
        let rows = moe::out_rows(&self.shape(), &self.routing());
        let experts = moe::experts_of_rows(&self.first_token_offset, self.experts, rows)
            .unwrap_or_else(|e| panic!("case {}: {e}", self.name));
        experts.iter().filter(|e| e.is_none()).count()
    }

    fn has_empty_group(&self) -> bool {
        self.first_token_offset.windows(2).any(|b| b[0] == b[1])
    }
}

#[derive(Deserialize)]
struct Fixtures {
    generator: String,
    moe: Vec<MoeCase>,
}

#[path = "support/fixture_checks.rs"]
#[macro_use]
mod fixture_checks;

use fixture_checks::check_all;

named!(MoeCase);

#[test]
fn moe_matches_jax() {
    let f: Fixtures = serde_json::from_str(include_str!("fixtures/moe.json"))
        .expect("tests/fixtures/moe.json does not parse");
    assert!(f.generator.contains("jax"), "{}", f.generator);
    assert!(f.moe.len() >= 9, "too few cases: {}", f.moe.len());
    // Every mode, with one expert and with three, one group per expert and
    // two batches of them, an empty group, rows in no group, and (outside
    // the "none" mode) top_k 1 and 2, are among the cases.
    for mode in ["none", "gather", "scatter"] {
        let of_mode: Vec<&MoeCase> = f.moe.iter().filter(|c| c.mode == mode).collect();
        for e in [1, 3] {
            assert!(
                of_mode.iter().any(|c| c.experts == e),
                "no {mode} case with E = {e}"
            );
        }
        for batches in [1, 2] {
            assert!(
                of_mode
                    .iter()
                    .any(|c| c.first_token_offset.len() == batches * c.experts + 1),
                "no {mode} case with G = {batches} E"
            );
        }
        assert!(
            of_mode.iter().any(|c| c.has_empty_group()),
            "no {mode} case with an empty group"
        );
        assert!(
            of_mode.iter().any(|c| c.rows_in_no_group() > 0),
            "no {mode} case with rows in no group"
        );
    }
    for top_k in [1, 2] {
        assert!(
            f.moe.iter().any(|c| c.mode == "gather"
                && c.token_index.as_ref().map(Vec::len) == Some(c.token_rows * top_k)),
            "no gather case with top_k {top_k}"
        );
        assert!(
            f.moe.iter().any(|c| c.top_k == Some(top_k as i32)),
            "no scatter case with top_k {top_k}"
        );
    }
    check_all("moe", &f.moe, &f.generator, TOLERANCE, |c| {
        let mut out = c.out_init.clone();
        moe::forward(
            &c.shape(),
            &c.token,
            &c.weight,
            &c.first_token_offset,
            c.routing(),
            &mut out,
        )
        .unwrap_or_else(|e| panic!("case {}: {e}", c.name));
        max_rel_error(&out, &c.out)
    });
}

/// The rows in no group keep the output's initial values exactly.
#[test]
fn rows_in_no_group_keep_their_values() {
    let f: Fixtures = serde_json::from_str(include_str!("fixtures/moe.json"))
        .expect("tests/fixtures/moe.json does not parse");
    for c in &f.moe {
        let mut out = c.out_init.clone();
        moe::forward(
            &c.shape(),
            &c.token,
            &c.weight,
            &c.first_token_offset,
            c.routing(),
            &mut out,
        )
        .unwrap_or_else(|e| panic!("case {}: {e}", c.name));
        let untouched = out
            .chunks(c.n)
            .zip(c.out_init.chunks(c.n))
            .filter(|(a, b)| a == b)
            .count();
        // Random products never equal random initial values, so the rows
        // left as they were are exactly those no routed row writes.
        assert_eq!(untouched, c.rows_in_no_group(), "case {}", c.name);
    }
}

/// Four token rows of K = 2, two experts with N = 1.
const SHAPE: MoeShape = MoeShape {
    token_rows: 4,
    k: 2,
    n: 1,
    experts: 2,
};
const TOKEN: [f64; 8] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
const WEIGHT: [f64; 4] = [1.0, 1.0, 1.0, -1.0];

/// The error of `forward` on `SHAPE` with `offsets` and `routing`, checking
/// that the output was left alone.
fn refusal(offsets: &[i32], routing: MoeRouting<'_>) -> String {
    let rows = moe::out_rows(&SHAPE, &routing);
    let mut out = vec![0.25; rows];
    let err = moe::forward(&SHAPE, &TOKEN, &WEIGHT, offsets, routing, &mut out)
        .expect_err("a bad call was accepted");
    assert!(
        out.iter().all(|&v| v == 0.25),
        "an error wrote the output: {out:?}"
    );
    err
}

#[test]
fn the_calls_that_refusal_uses_are_accepted_when_right() {
    let mut out = [0.0; 4];
    let scatter = MoeRouting::Scatter {
        token_index: &[0, 0, 1, 1],
        token_ks: &[0, 1, 0, 1],
        top_k: 2,
    };
    moe::forward(&SHAPE, &TOKEN, &WEIGHT, &[0, 2, 4], scatter, &mut out).unwrap();
    assert_eq!(out, [3.0, 7.0, -1.0, -1.0]);
}

#[test]
fn bad_offsets_are_refused() {
    let none = MoeRouting::None;
    assert_eq!(
        refusal(&[0, 3, 2], none),
        "first_token_offset[2] is 2, below first_token_offset[1] = 3: the bounds decrease"
    );
    assert_eq!(
        refusal(&[-1, 2, 4], none),
        "first_token_offset[0] is -1, a negative bound"
    );
    assert_eq!(
        refusal(&[0, 2, 5], none),
        "first_token_offset[2] is 5, past the 4 routed rows"
    );
    // Three groups for two experts, and no group at all.
    for offsets in [&[0, 1, 2, 3][..], &[0], &[]] {
        let err = refusal(offsets, none);
        assert!(err.contains("positive multiple of the 2 experts"), "{err}");
    }
    // The bounds of a gather are checked against token_index's rows, not
    // the token tensor's.
    let gather = MoeRouting::Gather {
        token_index: &[0, 1, 2],
    };
    assert_eq!(
        refusal(&[0, 2, 4], gather),
        "first_token_offset[2] is 4, past the 3 routed rows"
    );
}

#[test]
fn out_of_range_indices_are_refused() {
    for (v, bound_err) in [
        (4, "token_index[1] is 4, outside 0..4"),
        (-1, "token_index[1] is -1, outside 0..4"),
    ] {
        let gather = MoeRouting::Gather {
            token_index: &[0, v, 1, 2],
        };
        assert_eq!(refusal(&[0, 2, 4], gather), bound_err);
    }
    // An index of a row in no group is checked too.
    let gather = MoeRouting::Gather {
        token_index: &[0, 1, 2, 9],
    };
    assert_eq!(
        refusal(&[0, 1, 2], gather),
        "token_index[3] is 9, outside 0..4"
    );
    // Scatter with top_k 2: tokens 0..2, choices 0..2.
    let scatter = |token_index, token_ks| MoeRouting::Scatter {
        token_index,
        token_ks,
        top_k: 2,
    };
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 0, 2, 1], &[0, 1, 0, 1])),
        "token_index[2] is 2, outside 0..2"
    );
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 0, 1, 1], &[0, 1, 0, -3])),
        "token_ks[3] is -3, outside 0..2"
    );
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 0, 1, 1], &[0, 1, 2, 1])),
        "token_ks[2] is 2, outside 0..2"
    );
    // Two rows in groups writing one output row.
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 1, 1, 0], &[0, 1, 1, 1])),
        "routed rows 1 and 2 both write output row 3 (token_index 1, token_ks 1)"
    );
}

#[test]
fn a_shared_target_of_a_row_in_no_group_is_accepted() {
    // Rows 1 and 2 share output row 3, but row 2 is in no group.
    let mut out = [0.5; 4];
    let scatter = MoeRouting::Scatter {
        token_index: &[0, 1, 1, 0],
        token_ks: &[0, 1, 1, 1],
        top_k: 2,
    };
    moe::forward(&SHAPE, &TOKEN, &WEIGHT, &[0, 2, 2], scatter, &mut out).unwrap();
    assert_eq!(out, [3.0, 0.5, 0.5, 7.0]);
}

#[test]
fn bad_top_k_is_refused() {
    for top_k in [0, -2] {
        let scatter = MoeRouting::Scatter {
            token_index: &[0, 0, 0, 0],
            token_ks: &[0, 0, 0, 0],
            top_k,
        };
        assert_eq!(
            refusal(&[0, 2, 4], scatter),
            format!("top_k is {top_k}; it is at least 1")
        );
    }
    let scatter = MoeRouting::Scatter {
        token_index: &[0, 0, 0, 0],
        token_ks: &[0, 1, 2, 0],
        top_k: 3,
    };
    assert_eq!(
        refusal(&[0, 2, 4], scatter),
        "4 token rows are not a multiple of top_k 3"
    );
}

#[test]
fn length_mismatches_are_refused() {
    let scatter = |token_index, token_ks| MoeRouting::Scatter {
        token_index,
        token_ks,
        top_k: 2,
    };
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 0, 1], &[0, 1, 0, 1])),
        "token_index has 3 entries for 4 token rows"
    );
    assert_eq!(
        refusal(&[0, 2, 4], scatter(&[0, 0, 1, 1], &[0, 1, 0, 1, 0])),
        "token_ks has 5 entries for 4 token rows"
    );
    let mut out = [0.0; 4];
    let none = MoeRouting::None;
    let err = moe::forward(&SHAPE, &TOKEN[..6], &WEIGHT, &[0, 2, 4], none, &mut out);
    assert!(err.unwrap_err().starts_with("token has 6 elements where 8"));
    let err = moe::forward(&SHAPE, &TOKEN, &WEIGHT[..3], &[0, 2, 4], none, &mut out);
    assert!(err
        .unwrap_err()
        .starts_with("weight has 3 elements where 4"));
    let err = moe::forward(&SHAPE, &TOKEN, &WEIGHT, &[0, 2, 4], none, &mut out[..3]);
    assert!(err.unwrap_err().starts_with("out has 3 elements where 4"));
    // A gather's output has token_index's rows.
    let gather = MoeRouting::Gather {
        token_index: &[0, 1],
    };
    let err = moe::forward(&SHAPE, &TOKEN, &WEIGHT, &[0, 1, 2], gather, &mut out);
    assert!(err.unwrap_err().starts_with("out has 4 elements where 2"));
    for (shape, what) in [
        (MoeShape { k: 0, ..SHAPE }, "k is 0"),
        (MoeShape { n: 0, ..SHAPE }, "n is 0"),
        (
            MoeShape {
                experts: 0,
                ..SHAPE
            },
            "experts is 0",
        ),
    ] {
        let err = moe::forward(&shape, &TOKEN, &WEIGHT, &[0, 2, 4], none, &mut out);
        assert_eq!(err, Err(what.to_owned()));
    }
    let huge = MoeShape {
        token_rows: usize::MAX,
        ..SHAPE
    };
    let err = moe::forward(&huge, &TOKEN, &WEIGHT, &[0, 2, 4], none, &mut out);
    assert!(err
        .unwrap_err()
        .contains("more elements than a usize counts"));
}
