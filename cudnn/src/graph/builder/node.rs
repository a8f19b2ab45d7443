//! The one record of an operation ([`BackendOp`]), for every operation of
//! a graph: convolutions, pointwise operations, matmuls and reductions
//! (`ops.rs`), normalizations, attention, rotary embeddings, shape
//! operations, RNG, and the composite attention's operations. Each is an
//! operation descriptor type, its settings (enumerated and scalar
//! attributes, and descriptors nested in it), its tensors by attribute, an
//! optional score subgraph (a nested operation graph, for attention), and
//! the oldest cuDNN that has everything it sets. [`Graph::add_node`] adds
//! one with all its new tensors at once. Lowering ([`Graph::operation`]),
//! the graph key ([`BackendOp::key`]) and the version gate are here, once
//! for all of them; `signature.rs` reads a record's signature.

use crate::core::dtype::DType;
use std::fmt::Write as _;
use std::sync::Arc;

use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::{checks, node, node_error, Graph, NodeLabel};
use crate::core::error::{Error, Result};
use crate::core::library::Library;
use crate::core::stack::on_stack;
use crate::core::version::Version;
use crate::graph::BackendDescriptor;

/// An SDPA forward as the composite attention (`expand.rs`) reads it,
/// by tensor index.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CompositeSdpa {
    pub(super) q: usize,
    pub(super) k: usize,
    pub(super) v: usize,
    pub(super) o: usize,
    pub(super) stats: Option<usize>,
    /// The node's by-value scale.
    pub(super) scale: usize,
    pub(super) bias: Option<usize>,
    pub(super) causal: bool,
    /// The causal mask aligned bottom-right.
    pub(super) bottom_right: bool,
    /// Per-item lengths of the queries and of the keys.
    pub(super) seq: Option<(usize, usize)>,
    /// Probability, seed, offset.
    pub(super) dropout: Option<(f32, usize, usize)>,
}

/// An SDPA backward as the composite attention backward
/// (`expand/backward.rs`) reads it, by tensor index.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CompositeSdpaBackward {
    /// `q`, `k`, `v`, `o`, `d_o`, the statistics.
    pub(super) ins: [usize; 6],
    /// `dq`, `dk`, `dv`.
    pub(super) grads: [usize; 3],
    /// The node's by-value scale.
    pub(super) scale: usize,
    pub(super) bias: Option<usize>,
    pub(super) causal: bool,
    /// The causal mask aligned bottom-right.
    pub(super) bottom_right: bool,
    /// Probability, seed, offset.
    pub(super) dropout: Option<(f32, usize, usize)>,
}

/// Whether an SDPA node has a composite form: the forward or backward as
/// it reads it, or what of its options it does not express.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Composite {
    Sdpa(Box<CompositeSdpa>),
    SdpaBackward(Box<CompositeSdpaBackward>),
    Inexpressible(&'static str),
}

/// An enumerated or scalar attribute of a [`BackendOp`], or of a
/// descriptor nested in it.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Setting {
    /// A `cudnnBackendNormMode_t`.
    NormMode(A, sys::cudnnBackendNormMode_t),
    /// A `cudnnBackendNormFwdPhase_t`.
    NormPhase(A, sys::cudnnBackendNormFwdPhase_t),
    /// A `cudnnPointwiseMode_t`.
    Pointwise(A, sys::cudnnPointwiseMode_t),
    /// A `cudnnConvolutionMode_t`.
    ConvMode(A, sys::cudnnConvolutionMode_t),
    /// A `cudnnReduceTensorOp_t`.
    Reduce(A, sys::cudnnReduceTensorOp_t),
    /// A `cudnnRngDistribution_t`.
    RngDistribution(A, sys::cudnnRngDistribution_t),
    /// A `cudnnNanPropagation_t`.
    Nan(A, sys::cudnnNanPropagation_t),
    /// A `cudnnMoeGroupedMatmulMode_t`.
    MoeMode(A, sys::cudnnMoeGroupedMatmulMode_t),
    /// A ReLU's upper clip, a `double`: `FLT_MAX` when the operation
    /// computes in `FLOAT` (the type given, or the graph's for `None`),
    /// `DBL_MAX` otherwise, as cudnn-frontend 1.32's pointwise node sets it.
    UpperClip(A, Option<Dt>),
    /// A compute type: the one given, or the graph's for `None` (read
    /// when the graph is built, as [`Graph::set_compute_type`] may come
    /// after the operation).
    Compute(A, Option<Dt>),
    /// Alpha 1 and beta 0: `double` when the graph computes in `double`,
    /// `float` otherwise.
    Scaling { alpha: A, beta: A },
    /// A `float`.
    Float(A, f32),
    /// A `double`.
    Double(A, f64),
    /// An `int32_t`.
    Int32(A, i32),
    /// An array of `int32_t` (a dequantization's block sizes).
    Int32s(A, Vec<i32>),
    /// An `int64_t`.
    Int64(A, i64),
    /// An array of `int64_t` (a slice's bounds, a permutation).
    Int64s(A, Vec<i64>),
    /// A descriptor made, set and finalized when lowering (a convolution's
    /// `CONVOLUTION`, a pointwise operation's `POINTWISE`, an RNG's
    /// `RNG_DESCRIPTOR`).
    Nested(A, Nested),
}

/// A descriptor set into an operation: its type and its settings.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Nested {
    pub(super) descriptor: D,
    pub(super) settings: Vec<Setting>,
}

impl Setting {
    /// A nested descriptor of type `descriptor` with `settings`, set to
    /// attribute `attr`.
    pub(super) fn nested(attr: A, descriptor: D, settings: Vec<Setting>) -> Setting {
        Setting::Nested(
            attr,
            Nested {
                descriptor,
                settings,
            },
        )
    }

    fn key(&self, k: &mut String) {
        let _ = match self {
            Setting::NormMode(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::NormPhase(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::Pointwise(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::ConvMode(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::Reduce(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::RngDistribution(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::Nan(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::MoeMode(a, v) => write!(k, "a{}={}", a.0, v.0),
            Setting::UpperClip(a, Some(v)) => write!(k, "a{}=max{}", a.0, v.0),
            Setting::UpperClip(a, None) => write!(k, "a{}=max", a.0),
            Setting::Compute(a, Some(v)) => write!(k, "a{}=dt{}", a.0, v.0),
            Setting::Compute(a, None) => write!(k, "a{}=compute", a.0),
            Setting::Scaling { alpha, beta } => write!(k, "a{}=1,a{}=0", alpha.0, beta.0),
            Setting::Float(a, v) => write!(k, "a{}={:?}", a.0, v),
            Setting::Double(a, v) => write!(k, "a{}={:?}", a.0, v),
            Setting::Int32(a, v) => write!(k, "a{}={v}i32", a.0),
            Setting::Int32s(a, v) => write!(k, "a{}={v:?}i32", a.0),
            Setting::Int64(a, v) => write!(k, "a{}={v}", a.0),
            Setting::Int64s(a, v) => write!(k, "a{}={v:?}", a.0),
            Setting::Nested(a, n) => {
                let _ = write!(k, "a{}=d{}(", a.0, n.descriptor.0);
                for (i, s) in n.settings.iter().enumerate() {
                    if i > 0 {
                        k.push(',');
                    }
                    s.key(k);
                }
                k.write_str(")")
            }
        };
    }
}

/// A tensor of a [`BackendOp`]: the attribute it is set to, the tensor by
/// index, whether the operation reads it (an input) or writes it, and
/// whether its values are indices the device follows (sequence lengths,
/// page tables: see [`GraphTensor::is_index`](super::GraphTensor::is_index)),
/// and the attribute of the nested descriptor it is set into, if it is
/// one's (an SDPA forward's softmax, `SDPA_FWD_SOFTMAX_DESC`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot {
    pub(super) attr: A,
    pub(super) tensor: usize,
    pub(super) input: bool,
    pub(super) index: bool,
    pub(super) within: Option<A>,
}

/// A nested operation graph set into an operation (attention's score
/// modifiers): its operations, the attribute it is set to, and the
/// attributes that name its input and output tensors by uid.
#[derive(Debug, Clone)]
pub(super) struct Subgraph {
    pub(super) ops: Vec<BackendOp>,
    pub(super) attr: A,
    pub(super) input_attr: A,
    pub(super) input: usize,
    pub(super) output_attr: A,
    pub(super) output: usize,
}

/// An operation of one backend descriptor type, set attribute by attribute.
#[derive(Debug, Clone)]
pub(crate) struct BackendOp {
    /// The kind in node names and errors (`layer_norm`, `sdpa_forward`).
    pub(super) kind: &'static str,
    pub(super) descriptor: D,
    pub(super) settings: Vec<Setting>,
    pub(super) slots: Vec<Slot>,
    pub(super) subgraph: Option<Subgraph>,
    /// The oldest cuDNN with every attribute set, and what needs it
    /// (from the `@since` lines of cuDNN 9.28's `cudnn_graph.h`).
    pub(super) min_version: Version,
    pub(super) needs: &'static str,
    /// Pairs of tensors (input, output) cuDNN wants of one type (a shape
    /// operation's): a virtual output takes its input's type
    /// ([`Graph::data_type_of`]), a real one is checked when the graph is
    /// built.
    pub(super) same_type: Vec<(usize, usize)>,
    /// An SDPA forward's composite form, for a cuDNN below
    /// `min_version` (`expand.rs`); `None` for other operations.
    pub(super) composite: Option<Composite>,
    /// Whether tensor cores may compute it in TF32 when it reads `FLOAT`
    /// operands (a convolution, a matmul).
    pub(super) tf32: bool,
    /// Whether its outputs stay virtual (cuDNN's rule for a
    /// dequantization): [`Graph::set_output`] refuses them.
    pub(super) stays_virtual: bool,
    /// The form of it a cuDNN below the version gets (an SDPA forward
    /// writing only the statistics sets them as `SDPA_FWD_STATSDESC`
    /// below 9.21, where its own form nests them in its softmax), built
    /// in its place (`expand.rs`); `None` for other operations.
    pub(super) older: Option<(Version, Box<BackendOp>)>,
}

/// The version of an operation every cuDNN with the backend API has.
pub(super) const ANY_VERSION: Version = Version::new(8, 0, 0);

impl BackendOp {
    /// A new operation of `kind` on descriptor type `descriptor`, which
    /// needs cuDNN `min_version` because of `needs`.
    pub(super) fn new(
        kind: &'static str,
        descriptor: D,
        min_version: Version,
        needs: &'static str,
    ) -> BackendOp {
        BackendOp {
            kind,
            descriptor,
            settings: Vec::new(),
            slots: Vec::new(),
            subgraph: None,
            min_version,
            needs,
            same_type: Vec::new(),
            composite: None,
            tf32: false,
            stays_virtual: false,
            older: None,
        }
    }

    /// A new operation of `kind` on descriptor type `descriptor` that
    /// every cuDNN with the backend API has.
    pub(super) fn core(kind: &'static str, descriptor: D) -> BackendOp {
        BackendOp::new(kind, descriptor, ANY_VERSION, "the backend API")
    }

    /// Adds `setting`.
    pub(super) fn set(&mut self, setting: Setting) {
        self.settings.push(setting);
    }

    /// Raises the version this operation needs to `v`, because of `needs`.
    pub(super) fn require(&mut self, v: Version, needs: &'static str) {
        if v > self.min_version {
            self.min_version = v;
            self.needs = needs;
        }
    }

    pub(super) fn input(&mut self, attr: A, tensor: usize) {
        self.slots.push(Slot {
            attr,
            tensor,
            input: true,
            index: false,
            within: None,
        });
    }

    /// An input whose values the device uses as indices or bounds of
    /// other tensors (sequence lengths, page tables).
    pub(super) fn index_input(&mut self, attr: A, tensor: usize) {
        self.slots.push(Slot {
            attr,
            tensor,
            input: true,
            index: true,
            within: None,
        });
    }

    pub(super) fn output(&mut self, attr: A, tensor: usize) {
        self.slots.push(Slot {
            attr,
            tensor,
            input: false,
            index: false,
            within: None,
        });
    }

    /// A tensor of the descriptor nested in it at `within` (set with
    /// [`Setting::Nested`]), read when `input`.
    pub(super) fn nested(&mut self, within: A, attr: A, tensor: usize, input: bool) {
        self.slots.push(Slot {
            attr,
            tensor,
            input,
            index: false,
            within: Some(within),
        });
    }

    /// The tensors it reads as indices.
    pub(super) fn index_inputs(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.iter().filter(|s| s.index).map(|s| s.tensor)
    }

    /// The tensors it reads, those of its subgraph included, and those a
    /// descriptor nested in it writes (its softmax's output is read inside
    /// the operation).
    pub(super) fn inputs(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .slots
            .iter()
            .filter(|s| s.input || s.within.is_some())
            .map(|s| s.tensor)
            .collect();
        if let Some(sub) = &self.subgraph {
            v.extend([sub.input, sub.output]);
            for o in &sub.ops {
                v.extend(o.inputs());
            }
        }
        v
    }

    /// The tensors it writes (not those of its subgraph).
    pub(super) fn outputs(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.iter().filter(|s| !s.input).map(|s| s.tensor)
    }

    /// How many operations it is: one, and those of its subgraph.
    pub(super) fn count(&self) -> usize {
        1 + self.subgraph.as_ref().map_or(0, |s| s.ops.len())
    }

    /// The oldest cuDNN that has it, and why, its subgraph included.
    pub(super) fn min_version(&self) -> (Version, &'static str) {
        let mut best = (self.min_version, self.needs);
        if let Some(sub) = &self.subgraph {
            for o in &sub.ops {
                let v = o.min_version();
                if v.0 > best.0 {
                    best = v;
                }
            }
        }
        best
    }

    /// Its part of a graph's key: kind, descriptor type, settings, tensors
    /// by attribute, subgraph.
    pub(super) fn key(&self, k: &mut String) {
        let _ = write!(k, "|{}[d{}](", self.kind, self.descriptor.0);
        for (i, s) in self.settings.iter().enumerate() {
            if i > 0 {
                k.push(',');
            }
            s.key(k);
        }
        k.push(';');
        for (i, s) in self.slots.iter().enumerate() {
            let comma = if i > 0 { "," } else { "" };
            let _ = match s.within {
                Some(w) => write!(k, "{comma}a{}.a{}=t{}", w.0, s.attr.0, s.tensor + 1),
                None => write!(k, "{comma}a{}=t{}", s.attr.0, s.tensor + 1),
            };
        }
        k.push(')');
        if let Some(sub) = &self.subgraph {
            let _ = write!(k, "{{sub:in=t{},out=t{}:", sub.input + 1, sub.output + 1);
            for o in &sub.ops {
                o.key(k);
            }
            k.push('}');
        }
    }
}

impl Graph {
    /// The finalized operation descriptor of `op`: its settings (nested
    /// descriptors made and finalized), its tensors from `t` (descriptors
    /// by tensor index), and its subgraph, built and finalized as an
    /// operation graph. Every operation of a graph is lowered here.
    pub(super) fn operation(
        &self,
        lib: &Arc<Library>,
        op: &BackendOp,
        t: &[BackendDescriptor],
    ) -> Result<BackendDescriptor> {
        let mut d = BackendDescriptor::with_library(lib, op.descriptor)?;
        self.apply(lib, &mut d, &op.settings, (&op.slots, t))?;
        set_slots(&mut d, &op.slots, None, t)?;
        if let Some(sub) = &op.subgraph {
            let mut ops = Vec::with_capacity(sub.ops.len());
            for o in &sub.ops {
                ops.push(self.operation(lib, o, t)?);
            }
            let mut g = BackendDescriptor::with_library(lib, D::OPERATIONGRAPH_DESCRIPTOR)?;
            let refs: Vec<&BackendDescriptor> = ops.iter().collect();
            g.set_descriptors(A::OPERATIONGRAPH_OPS, &refs)?;
            g.finalize()?;
            d.set_descriptors(sub.attr, &[&g])?;
            d.set(sub.input_attr, &[sub.input as i64 + 1])?;
            d.set(sub.output_attr, &[sub.output as i64 + 1])?;
        }
        d.finalize()?;
        Ok(d)
    }

    /// Sets `settings` into `d`, in order; a nested descriptor gets the
    /// slots of `slots` set `within` its attribute (tensors from `t`).
    fn apply(
        &self,
        lib: &Arc<Library>,
        d: &mut BackendDescriptor,
        settings: &[Setting],
        (slots, t): (&[Slot], &[BackendDescriptor]),
    ) -> Result<()> {
        for s in settings {
            match s {
                Setting::NormMode(a, v) => d.set(*a, &[*v])?,
                Setting::NormPhase(a, v) => d.set(*a, &[*v])?,
                Setting::Pointwise(a, v) => d.set(*a, &[*v])?,
                Setting::ConvMode(a, v) => d.set(*a, &[*v])?,
                Setting::Reduce(a, v) => d.set(*a, &[*v])?,
                Setting::RngDistribution(a, v) => d.set(*a, &[*v])?,
                Setting::Nan(a, v) => d.set(*a, &[*v])?,
                Setting::MoeMode(a, v) => d.set(*a, &[*v])?,
                Setting::Compute(a, v) => d.set(*a, &[v.unwrap_or(self.compute)])?,
                Setting::UpperClip(a, v) => {
                    let clip = if v.unwrap_or(self.compute) == Dt::FLOAT {
                        f64::from(f32::MAX)
                    } else {
                        f64::MAX
                    };
                    d.set(*a, &[clip])?
                }
                Setting::Scaling { alpha, beta } => {
                    if self.compute == Dt::DOUBLE {
                        d.set(*alpha, &[1.0f64])?;
                        d.set(*beta, &[0.0f64])?;
                    } else {
                        d.set(*alpha, &[1.0f32])?;
                        d.set(*beta, &[0.0f32])?;
                    }
                }
                Setting::Float(a, v) => d.set(*a, &[*v])?,
                Setting::Double(a, v) => d.set(*a, &[*v])?,
                Setting::Int32(a, v) => d.set(*a, &[*v])?,
                Setting::Int32s(a, v) => d.set(*a, v)?,
                Setting::Int64(a, v) => d.set(*a, &[*v])?,
                Setting::Int64s(a, v) => d.set(*a, v)?,
                Setting::Nested(a, n) => {
                    let mut x = BackendDescriptor::with_library(lib, n.descriptor)?;
                    self.apply(lib, &mut x, &n.settings, (slots, t))?;
                    set_slots(&mut x, slots, Some(*a), t)?;
                    x.finalize()?;
                    d.set_descriptors(*a, &[&x])?;
                }
            }
        }
        Ok(())
    }

    /// The version gate of every operation: an operation whose descriptor
    /// or attributes the loaded cuDNN lacks is refused, naming it and the
    /// version it needs, before any descriptor is made.
    pub(super) fn check_versions(&self, function: &'static str, lib: &Library) -> Result<()> {
        self.check_versions_at(function, lib.version())
    }

    /// [`check_versions`](Self::check_versions) against version `have`.
    pub(super) fn check_versions_at(&self, function: &'static str, have: Version) -> Result<()> {
        let f8_128x4 = sys::cudnnBackendTensorReordering_t::F8_128x4;
        let reordered = self.tensors.iter().find(|t| t.reordering == Some(f8_128x4));
        if let (Some(t), true) = (reordered, have < Version::new(9, 7, 0)) {
            let nd = node("tensor", &t.name);
            let want = (
                Version::new(9, 7, 0),
                "TENSOR_REORDERING_F8_128x4, @since 9.7.0",
            );
            return Err(version_error(function, nd, want, have, ""));
        }
        for o in &self.ops {
            let b = &o.op;
            let (want, needs) = b.min_version();
            if have < want {
                let gap = match &b.composite {
                    Some(Composite::Inexpressible(what)) => format!(
                        "; the composite attention graph of older releases does not take {what}"
                    ),
                    _ => String::new(),
                };
                let nd = node(b.kind, &o.name);
                return Err(version_error(function, nd, (want, needs), have, &gap));
            }
        }
        Ok(())
    }

    /// Checks that the tensors each operation wants of one type have it (a
    /// real output made of another type than its input), naming the node
    /// and the output.
    pub(super) fn check_same_types(&self, function: &'static str) -> Result<()> {
        for o in &self.ops {
            let b = &o.op;
            for &(x, y) in &b.same_type {
                let (tx, ty) = (self.data_type_of(x), self.data_type_of(y));
                if tx != ty {
                    return Err(node_error(
                        function,
                        node(b.kind, &o.name),
                        Some(self.tensors[y].name.to_string()),
                        format!(
                            "of type {}, but {} is of type {}; cuDNN wants them of one type",
                            checks::data_type_name(ty),
                            self.tensors[x].name,
                            checks::data_type_name(tx)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Sets into `d` the tensors (from `t`) of the slots set `within` it (the
/// operation's own for `None`); consecutive slots of one attribute are one
/// array (a concatenation's inputs).
fn set_slots(
    d: &mut BackendDescriptor,
    slots: &[Slot],
    within: Option<A>,
    t: &[BackendDescriptor],
) -> Result<()> {
    let mut mine = slots.iter().filter(|s| s.within == within).peekable();
    while let Some(first) = mine.next() {
        let attr = first.attr;
        let rest = std::iter::from_fn(|| mine.next_if(|s| s.attr == attr));
        let group = std::iter::once(first).chain(rest).map(|s| &t[s.tensor]);
        on_stack::<_, 8, _>(&t[first.tensor], group, |refs| {
            d.set_descriptors(attr, refs)
        })?;
    }
    Ok(())
}

/// The refusal of a node the loaded cuDNN is too old for.
fn version_error(
    function: &'static str,
    nd: NodeLabel<'_>,
    (want, needs): (Version, &str),
    have: Version,
    gap: &str,
) -> Error {
    node_error(
        function,
        nd,
        None,
        format!("needs cuDNN {want} or later ({needs}); the loaded one is {have}{gap}"),
    )
}

#[cfg(test)]
mod node_tests;
