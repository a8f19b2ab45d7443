//! What the types promise, checked by the compiler: each file of
//! `tests/compile-fail/` must fail to compile with the error recorded
//! beside it (trybuild).
//!
//! Ignored by default (each case is a compiler run); `.ci/run` runs it with
//! `--ignored`.

#[test]
#[ignore = "compiles each case; .ci/run runs it"]
fn the_types_refuse_misuse() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/compile-fail/*.rs");
}
