//! The head dims cudnn-frontend 1.32 lets an SDPA node have, as it
//! validates a graph: `validate_sdpa_support_surface` of
//! `include/cudnn_frontend/node/sdpa_support_surface.h` for the forward
//! (`half`, `bfloat16` and FP8), the backward node's `pre_validate_node`
//! in `scaled_dot_product_flash_attention.h` for the backward, and the
//! Python package's `_sdpa_validate.py` (the rules it keeps of those). The
//! messages quoted are the frontend's.
//!
//! Some rules depend on the GPU and the cuDNN release. A node applies
//! [`check_any`], what no GPU and release admits; the rest
//! ([`HeadDims::check_on`]) waits for the target, when the built graph's
//! engines are asked for.

use crate::core::version::Version;

/// Which SDPA node, for its head-dim rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pass {
    /// `sdpa_forward` of `half` or `bfloat16`.
    Forward,
    /// `sdpa_forward` of FP8 (`SdpaOptions::fp8`).
    ForwardFp8,
    /// `sdpa_backward`.
    Backward,
}

/// An SDPA node's head dims, kept by the built graph for the rules that
/// depend on the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HeadDims {
    /// The node as errors name it, `sdpa_backward "name"`.
    pub(crate) node: String,
    pub(crate) pass: Pass,
    /// The head dim of `q` and `k`.
    pub(crate) d_qk: i64,
    /// The head dim of `v`.
    pub(crate) d_v: i64,
    /// A per-tensor FP8 forward (not MXFP8) whose `O` is `HALF` or
    /// `BFLOAT16` (not FP8).
    pub(crate) wide_output: bool,
    /// A forward with a block mask.
    pub(crate) block_mask: bool,
}

const BWD_SM90: &str =
    "Num hidden_dim should be less than or equal to 256 and hidden_dim should be multiple of 8";
const BWD_SM100: &str = "Num hidden_dim should be less than or equal to 128 and hidden_dim \
     should be multiple of 8 when d_qk != d_v, unless both head dims are in (256, 512] and \
     multiples of 8";
const BWD_OTHER: &str =
    "Num hidden_dim should be less than or equal to 128 and hidden_dim should be multiple of 8";
const FP8_SM90: &str =
    "hidden_dim shoud be less than or equal to 256 and hidden_dim should be multiple of 16";
const FP8_SM100_QK: &str = "hidden_dim d_qk should be less than or equal to 128 and hidden_dim \
     d_qk should be multiple of 16 unless d_qk == 192 and d_v == 128 (requires cuDNN 9.19+) or \
     d_qk == d_v == 256 (requires cuDNN 9.26+) or both head dims are in (256, 512] and \
     multiples of 16";
const BWD_192: &str = "Num hidden_dim d_v should be equal to 128 if d_qk is 192";
const BLOCK_MASK_SM100: &str = "Unified SDPA with Block_mask on SM10x requires cuDNN 9.26.0 or \
     newer due to a masked-tile initialization bug in older backends. Please upgrade cuDNN.";
const FP8_WIDE_O: &str = "sdpa fp8 forward with HALF/BFLOAT16 output is only supported on \
     Blackwell architecture with cuDNN version 9.13.0 and newer";

/// Both in `(256, 512]` and multiples of `m`: the band cudnn-frontend's
/// own engines serve on sm_10x.
fn band(d_qk: i64, d_v: i64, m: i64) -> bool {
    [d_qk, d_v]
        .iter()
        .all(|&d| d > 256 && d <= 512 && d % m == 0)
}

fn mult(d_qk: i64, d_v: i64, m: i64) -> bool {
    d_qk % m == 0 && d_v % m == 0
}

/// The refusal, as a node's `what`: `rule` is the frontend's message,
/// quoted here.
fn refusal(pass: Pass, d_qk: i64, d_v: i64, rule: &str, on: &str) -> String {
    let pass = match pass {
        Pass::Forward => "SDPA forward",
        Pass::ForwardFp8 => "FP8 SDPA forward",
        Pass::Backward => "SDPA backward",
    };
    format!("head dims d_qk {d_qk} and d_v {d_v}: cudnn-frontend 1.32 refuses the {pass}{on}: \"{rule}\"")
}

/// What no GPU and no cuDNN release admits: the head dims of `q` and `k`
/// (`d_qk`) and of `v` (`d_v`) a multiple of 8 (16 for FP8), and for the
/// backward (and FP8) both at most 256 (sm_9x) or both in `(256, 512]`
/// (sm_10x).
pub(crate) fn check_any(pass: Pass, d_qk: i64, d_v: i64) -> Result<(), String> {
    let wrong = |rule: &str, on: &str| Err(refusal(pass, d_qk, d_v, rule, on));
    match pass {
        Pass::Forward if !mult(d_qk, d_v, 8) => wrong("hidden_dim should be multiple of 8", ""),
        Pass::Forward => Ok(()),
        Pass::ForwardFp8 if !mult(d_qk, d_v, 16) => {
            wrong("hidden_dim should be multiple of 16", "")
        }
        Pass::Backward if !mult(d_qk, d_v, 8) => wrong("hidden_dim should be multiple of 8", ""),
        Pass::ForwardFp8 | Pass::Backward => {
            if (d_qk <= 256 && d_v <= 256) || band(d_qk, d_v, 8) {
                Ok(())
            } else if pass == Pass::Backward {
                wrong(
                    &format!("{BWD_SM90}\" on sm_9x, \"{BWD_SM100}\" on sm_10x, \"{BWD_OTHER}"),
                    " on every GPU",
                )
            } else {
                wrong(
                    &format!("{FP8_SM90}\" before sm_10x, \"{FP8_SM100_QK}"),
                    " on every GPU",
                )
            }
        }
    }
}

impl HeadDims {
    /// cudnn-frontend 1.32's rules for this node on a GPU of compute
    /// capability major `sm_major` with cuDNN `version`.
    pub(crate) fn check_on(&self, sm_major: u32, version: Version) -> Result<(), String> {
        let (d_qk, d_v) = (self.d_qk, self.d_v);
        check_any(self.pass, d_qk, d_v)?;
        let on = format!(" on sm_{sm_major}x with cuDNN {version}");
        let wrong = |rule: &str| Err(refusal(self.pass, d_qk, d_v, rule, &on));
        let v = |minor, patch| Version::new(9, minor, patch);
        let big = |max| d_qk > max || d_v > max;
        if self.wide_output && (sm_major < 10 || version < v(13, 0)) {
            // Not a head-dim rule, but one of the same check's
            // (`sdpa_support_surface.h`), of the same node and target.
            return Err(format!(
                "an O of HALF or BFLOAT16: cudnn-frontend 1.32 refuses the FP8 SDPA \
                 forward{on}: \"{FP8_WIDE_O}\""
            ));
        }
        if self.block_mask && sm_major == 10 && version < v(26, 0) {
            // Like the O type above: the same check's, not a head dim's.
            return Err(format!(
                "a block mask: cudnn-frontend 1.32 refuses the SDPA forward{on}: \"{BLOCK_MASK_SM100}\""
            ));
        }
        match (self.pass, sm_major) {
            (Pass::Forward, 8) if version <= v(9, 0) && big(128) => wrong(
                "head_dim should be less than or equal to 128 for backend version 9.9 or below \
                 on ampere architecture",
            ),
            (Pass::Forward, 9) if version <= v(9, 0) && big(256) => wrong(
                "head_dim should be less than or equal to 256 for backend version 9.9 or below \
                 on hopper architecture",
            ),
            (Pass::Forward, 10) if version < v(9, 0) && big(128) => wrong(
                "head_dim should be less than or equal to 128 for backend version 9.8 or below \
                 on blackwell architecture",
            ),
            (Pass::Forward, _) => Ok(()),
            (Pass::ForwardFp8, m) if m >= 10 => {
                let d192 = version >= v(19, 0) && d_qk == 192 && d_v == 128;
                let d256 = version >= v(26, 0) && d_qk == 256 && d_v == 256;
                let d512 = band(d_qk, d_v, 16);
                if (d_qk > 128 || d_qk % 16 != 0) && !d192 && !d256 && !d512 {
                    wrong(FP8_SM100_QK)
                } else if (d_v > 128 || d_v % 16 != 0) && !d256 && !d512 {
                    wrong(
                        "hidden_dim d_v should be less than or equal to 128 and hidden_dim d_v \
                         should be multiple of 16 unless d_qk == d_v == 256 (requires cuDNN \
                         9.26+) or both head dims are in (256, 512] and multiples of 16",
                    )
                } else {
                    Ok(())
                }
            }
            (Pass::ForwardFp8, _) if big(256) => wrong(FP8_SM90),
            (Pass::ForwardFp8, _) => Ok(()),
            (Pass::Backward, 9) => {
                let deepseek = version >= v(11, 0) && version < v(13, 0);
                if deepseek
                    && (129..=192).contains(&d_qk)
                    && (65..=128).contains(&d_v)
                    && d_v != 128
                    && d_qk != 192
                {
                    wrong(BWD_192)
                } else if big(256) {
                    wrong(BWD_SM90)
                } else {
                    Ok(())
                }
            }
            (Pass::Backward, 10) if version >= v(11, 0) => {
                if d_qk == 192 {
                    if d_v == 128 {
                        Ok(())
                    } else {
                        wrong(BWD_192)
                    }
                } else if (version >= v(23, 0) && d_qk == 256 && d_v == 256)
                    || band(d_qk, d_v, 8)
                    || !big(128)
                {
                    Ok(())
                } else {
                    wrong(BWD_SM100)
                }
            }
            (Pass::Backward, _) if big(128) => wrong(BWD_OTHER),
            (Pass::Backward, _) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(pass: Pass, d_qk: i64, d_v: i64, sm: u32, version: (u32, u32)) -> bool {
        let h = HeadDims {
            node: String::new(),
            pass,
            d_qk,
            d_v,
            wide_output: false,
            block_mask: false,
        };
        h.check_on(sm, Version::new(9, version.0, version.1))
            .is_ok()
    }

    #[test]
    fn the_forward_takes_multiples_of_8_of_any_size_on_cudnn_9_28() {
        for d in [32, 128, 256, 264, 512, 1000, 1024] {
            assert!(check_any(Pass::Forward, d, d).is_ok(), "{d}");
            for sm in [8, 9, 10, 12] {
                assert!(on(Pass::Forward, d, d, sm, (28, 0)), "{d} sm {sm}");
            }
        }
        let e = check_any(Pass::Forward, 100, 100).unwrap_err();
        assert!(e.contains("hidden_dim should be multiple of 8"), "{e}");
        assert!(check_any(Pass::Forward, 128, 100).is_err());
        // cuDNN 9.9 and older had ceilings per GPU.
        assert!(!on(Pass::Forward, 264, 264, 9, (9, 0)));
        assert!(on(Pass::Forward, 256, 256, 9, (9, 0)));
        assert!(!on(Pass::Forward, 136, 136, 8, (9, 0)));
        assert!(!on(Pass::Forward, 136, 136, 10, (8, 0)));
        assert!(on(Pass::Forward, 136, 136, 10, (9, 0)));
    }

    #[test]
    fn the_backward_takes_256_on_hopper_and_its_bands_on_blackwell() {
        let rows: &[((i64, i64), [bool; 3])] = &[
            // (d_qk, d_v): sm_9x, sm_10x, sm_12x on cuDNN 9.28
            ((128, 128), [true, true, true]),
            ((64, 64), [true, true, true]),
            ((136, 136), [true, false, false]),
            ((192, 128), [true, true, false]),
            ((192, 192), [true, false, false]),
            ((256, 128), [true, false, false]),
            ((256, 256), [true, true, false]),
            ((264, 264), [false, true, false]),
            ((512, 512), [false, true, false]),
            ((512, 264), [false, true, false]),
            ((520, 520), [false, false, false]),
            ((1000, 1000), [false, false, false]),
            ((512, 128), [false, false, false]),
            ((128, 512), [false, false, false]),
        ];
        for &((d_qk, d_v), want) in rows {
            let got = [9, 10, 12].map(|sm| on(Pass::Backward, d_qk, d_v, sm, (28, 0)));
            assert_eq!(got, want, "{d_qk}, {d_v}");
            // What no GPU admits is refused by the node.
            assert_eq!(
                check_any(Pass::Backward, d_qk, d_v).is_ok(),
                want.contains(&true)
            );
        }
        let e = check_any(Pass::Backward, 1000, 1000).unwrap_err();
        assert!(e.contains(BWD_SM90) && e.contains(BWD_SM100), "{e}");
        assert!(check_any(Pass::Backward, 100, 100).is_err());
        // The d 256 of sm_10x came with cuDNN 9.23.
        assert!(!on(Pass::Backward, 256, 256, 10, (22, 0)));
    }

    #[test]
    fn fp8_takes_multiples_of_16() {
        assert!(check_any(Pass::ForwardFp8, 120, 120).is_err());
        assert!(check_any(Pass::ForwardFp8, 128, 128).is_ok());
        assert!(on(Pass::ForwardFp8, 256, 256, 9, (28, 0)));
        assert!(!on(Pass::ForwardFp8, 512, 512, 9, (28, 0)));
        assert!(on(Pass::ForwardFp8, 512, 512, 10, (28, 0)));
        assert!(on(Pass::ForwardFp8, 192, 128, 10, (28, 0)));
        assert!(!on(Pass::ForwardFp8, 160, 160, 10, (28, 0)));
    }

    #[test]
    fn an_fp8_forward_writes_half_or_bfloat16_on_blackwell_from_9_13_only() {
        let h = HeadDims {
            node: "sdpa_forward \"s\"".into(),
            pass: Pass::ForwardFp8,
            d_qk: 128,
            d_v: 128,
            wide_output: true,
            block_mask: false,
        };
        let refused = h.check_on(9, Version::new(9, 28, 0)).unwrap_err();
        assert!(refused.contains("only supported on Blackwell"), "{refused}");
        assert!(h.check_on(10, Version::new(9, 12, 0)).is_err());
        assert_eq!(h.check_on(10, Version::new(9, 13, 0)), Ok(()));
        let fp8_out = HeadDims {
            wide_output: false,
            ..h
        };
        assert_eq!(fp8_out.check_on(9, Version::new(9, 28, 0)), Ok(()));
    }

    #[test]
    fn a_block_mask_on_blackwell_needs_9_26() {
        let h = HeadDims {
            node: "sdpa_forward \"s\"".into(),
            pass: Pass::Forward,
            d_qk: 128,
            d_v: 128,
            wide_output: false,
            block_mask: true,
        };
        let refused = h.check_on(10, Version::new(9, 25, 99)).unwrap_err();
        assert!(refused.contains("requires cuDNN 9.26.0"), "{refused}");
        assert_eq!(h.check_on(10, Version::new(9, 26, 0)), Ok(()));
        assert_eq!(h.check_on(9, Version::new(9, 14, 0)), Ok(()));
        let unmasked = HeadDims {
            block_mask: false,
            ..h
        };
        assert_eq!(unmasked.check_on(10, Version::new(9, 25, 0)), Ok(()));
    }
}
