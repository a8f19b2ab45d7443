//! Random numbers in a graph (`OPERATION_RNG` with an `RNG_DESCRIPTOR`):
//! a Philox generator seeded and offset by two device tensors, as
//! cudnn-frontend 1.32's `rng` node sets it (the seed as a tensor, not a
//! host value, so one plan serves every seed).

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use sys::cudnnRngDistribution_t as R;
use DType as Dt;

use super::node::{BackendOp, Setting};
use super::TensorDef;
use super::{checks, node, node_error, Graph, TensorId};
use crate::core::error::Result;
use crate::core::version::Version;

/// `OPERATION_RNG_DESCRIPTOR` and `RNG_DESCRIPTOR` are `@since 9.0.0` in
/// 9.28's header.
const RNG_SINCE: Version = Version::new(9, 0, 0);

/// The distribution of [`Graph::rng`]'s numbers, with its parameters
/// (`cudnnRngDistribution_t` and the `RNG_DESCRIPTOR`'s attributes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RngDistribution {
    /// 1 with `probability` (in `[0, 1]`), else 0.
    Bernoulli {
        /// The probability of a 1.
        probability: f64,
    },
    /// Uniform in `[minimum, maximum)` (finite, `minimum < maximum`).
    Uniform {
        /// The lower bound.
        minimum: f64,
        /// The upper bound.
        maximum: f64,
    },
    /// Normal of `mean` and `standard_deviation` (finite, above 0).
    Normal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        standard_deviation: f64,
    },
}

impl RngDistribution {
    /// cuDNN's distribution and its two parameters (Bernoulli: the
    /// probability, unused; uniform: minimum, maximum; normal: mean,
    /// standard deviation), or what is wrong with them.
    pub(super) fn lower(self) -> std::result::Result<(R, [f64; 2]), String> {
        match self {
            RngDistribution::Bernoulli { probability: p } => {
                if !(0.0..=1.0).contains(&p) {
                    return Err(format!("a Bernoulli probability of {p}; it is in [0, 1]"));
                }
                Ok((R::BERNOULLI, [p, 0.0]))
            }
            RngDistribution::Uniform { minimum, maximum } => {
                if !(minimum.is_finite() && maximum.is_finite() && minimum < maximum) {
                    return Err(format!(
                        "a uniform range of [{minimum}, {maximum}); its bounds are finite and \
                         the minimum below the maximum"
                    ));
                }
                Ok((R::UNIFORM, [minimum, maximum]))
            }
            RngDistribution::Normal {
                mean,
                standard_deviation: sd,
            } => {
                if !(mean.is_finite() && sd.is_finite() && sd > 0.0) {
                    return Err(format!(
                        "a normal distribution of mean {mean} and standard deviation {sd}; \
                         both are finite and the deviation above 0"
                    ));
                }
                Ok((R::NORMAL, [mean, sd]))
            }
        }
    }
}

impl Graph {
    /// A tensor of dims `dims` (packed row-major: `<node>.y`) of random
    /// numbers from `distribution`, by cuDNN's Philox generator seeded with
    /// `seed` and offset by `offset`: `INT64` tensors of one element (all
    /// dims 1), read on the device when the plan runs.
    ///
    /// Needs cuDNN 9.0 (`OPERATION_RNG`).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming the
    /// node (and the tensor): a seed or offset of another graph, a scalar,
    /// of a dim other than 1 or a type other than `INT64`; parameters out
    /// of range; dims no tensor has (as [`tensor`](Self::tensor)).
    pub fn rng(
        &mut self,
        dims: &[i64],
        distribution: RngDistribution,
        seed: TensorId,
        offset: TensorId,
    ) -> Result<TensorId> {
        const F: &str = "Graph::rng";
        const KIND: &str = "rng";
        let name = self.next_op_name(KIND);
        let nd = node(KIND, &name);
        let ins = self.inputs(F, &nd, &[seed, offset], false)?;
        for (&i, role) in ins.iter().zip(["the seed", "the offset"]) {
            self.check_type_in(F, &nd, i, &[Dt::INT64], role)?;
            let t = &self.tensors[i];
            if t.dims.iter().any(|&d| d != 1) {
                return Err(node_error(
                    F,
                    nd,
                    Some(t.name.to_string()),
                    format!("{role} of dims {:?}; it is one element, all dims 1", t.dims),
                ));
            }
        }
        let (dist, params) = distribution
            .lower()
            .map_err(|what| node_error(F, nd, None, what))?;
        let strides = checks::packed_strides(dims);
        let new = vec![TensorDef::output("y", dims.to_vec(), strides)];
        let ids = self.add_node(F, (KIND, name), new, |n| {
            let mut op = BackendOp::rng((dist, params), [ins[0], ins[1], n[0]]);
            op.require(RNG_SINCE, "OPERATION_RNG_DESCRIPTOR, @since 9.0.0");
            op
        })?;
        Ok(ids[0])
    }
}

impl BackendOp {
    /// An RNG of distribution `dist` with its two parameters (see
    /// [`RngDistribution::lower`]) from the seed and offset tensors,
    /// writing `y`. The composite attention of cuDNN 8.9 has it, so it
    /// needs no version of its own; [`Graph::rng`] gates its node.
    pub(super) fn rng((dist, p): (R, [f64; 2]), [seed, offset, y]: [usize; 3]) -> BackendOp {
        let mut op = BackendOp::core("rng", D::OPERATION_RNG_DESCRIPTOR);
        let mut settings = vec![Setting::RngDistribution(
            A::CUDNN_ATTR_RNG_DISTRIBUTION,
            dist,
        )];
        match dist {
            R::UNIFORM => settings.extend([
                Setting::Double(A::RNG_UNIFORM_DIST_MINIMUM, p[0]),
                Setting::Double(A::RNG_UNIFORM_DIST_MAXIMUM, p[1]),
            ]),
            R::NORMAL => settings.extend([
                Setting::Double(A::RNG_NORMAL_DIST_MEAN, p[0]),
                Setting::Double(A::RNG_NORMAL_DIST_STANDARD_DEVIATION, p[1]),
            ]),
            _ => settings.push(Setting::Double(A::RNG_BERNOULLI_DIST_PROBABILITY, p[0])),
        }
        op.set(Setting::nested(
            A::OPERATION_RNG_DESC,
            D::RNG_DESCRIPTOR,
            settings,
        ));
        op.input(A::OPERATION_RNG_SEED, seed);
        op.input(A::OPERATION_RNG_OFFSET_DESC, offset);
        op.output(A::OPERATION_RNG_YDESC, y);
        op
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_lower_with_their_parameters_in_range() {
        let b = RngDistribution::Bernoulli { probability: 0.25 };
        assert_eq!(b.lower(), Ok((R::BERNOULLI, [0.25, 0.0])));
        let u = RngDistribution::Uniform {
            minimum: -1.0,
            maximum: 2.0,
        };
        assert_eq!(u.lower(), Ok((R::UNIFORM, [-1.0, 2.0])));
        let n = RngDistribution::Normal {
            mean: 0.5,
            standard_deviation: 2.0,
        };
        assert_eq!(n.lower(), Ok((R::NORMAL, [0.5, 2.0])));
        for p in [-0.1, 1.5, f64::NAN] {
            let e = RngDistribution::Bernoulli { probability: p }.lower();
            assert!(e.unwrap_err().contains("Bernoulli probability"));
        }
        for (minimum, maximum) in [(1.0, 1.0), (2.0, 1.0), (0.0, f64::INFINITY)] {
            let e = RngDistribution::Uniform { minimum, maximum }.lower();
            assert!(e.unwrap_err().contains("uniform range"));
        }
        for (mean, standard_deviation) in [(0.0, 0.0), (0.0, -1.0), (f64::NAN, 1.0)] {
            let e = RngDistribution::Normal {
                mean,
                standard_deviation,
            }
            .lower();
            assert!(e.unwrap_err().contains("normal distribution"));
        }
    }
}
