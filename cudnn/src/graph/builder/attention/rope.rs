//! Rotary position embeddings: `OPERATION_ROPE_FWD` (cuDNN 9.24) and
//! `OPERATION_ROPE_BWD` (9.25).

use crate::core::dtype::DType;
use cudnn_sys as sys;

use sys::cudnnBackendAttributeName_t as A;
use sys::cudnnBackendDescriptorType_t as D;
use DType as Dt;

use super::super::node::{BackendOp, Setting};
use super::super::TensorDef;
use super::super::{node, node_error, Graph, TensorId};
use super::FLOATS;
use crate::core::error::Result;
use crate::core::version::Version;

/// The options of [`Graph::rope_forward`] and [`Graph::rope_backward`].
///
/// `Default`: the whole head dim rotates and the output is not scaled
/// (cuDNN's defaults; neither attribute is set).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RopeOptions {
    /// How many entries at the end of the head dim rotate (`ROPE_DIM`):
    /// even, from 2 to `D`; the first `D - rope_dim` pass through, scaled.
    /// `None`: all `D`.
    pub rope_dim: Option<i64>,
    /// A factor of the output (`OUTPUT_SCALE`: multiplied into the cosines
    /// and sines and into the entries that pass through), finite, passed
    /// to cuDNN as an attribute. `None`: 1.
    pub output_scale: Option<f32>,
}

static_assertions::assert_impl_all!(RopeOptions: Send, Sync, Copy);

impl Graph {
    /// Rotary position embedding of `x` `[B, H, S, D]` (`D` even; any
    /// strides) by the angles `freqs` `[S, 1, 1, D]` (`FLOAT`; cuDNN takes
    /// their sine and cosine): `y` of `x`'s dims and layout (cuDNN 9.24,
    /// with its `ROPE_DIM` and `OUTPUT_SCALE` too).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error) naming the node and the
    /// tensor: a tensor of another graph or a scalar, a rank other than 4,
    /// an odd head dim, `freqs` of other dims, a type of `x` outside
    /// `FLOAT`, `HALF`, `BFLOAT16` or of `freqs` other than `FLOAT`, a
    /// `rope_dim` that is odd or outside `2..=D`, an output scale that is
    /// not finite.
    pub fn rope_forward(
        &mut self,
        x: TensorId,
        freqs: TensorId,
        options: &RopeOptions,
    ) -> Result<TensorId> {
        self.rope("Graph::rope_forward", "rope_forward", [x, freqs], options)
    }

    /// The backward of [`rope_forward`](Self::rope_forward): `dx` from `dy`
    /// and the same `freqs` and options (cuDNN 9.25).
    ///
    /// # Errors
    /// As [`rope_forward`](Self::rope_forward).
    pub fn rope_backward(
        &mut self,
        dy: TensorId,
        freqs: TensorId,
        options: &RopeOptions,
    ) -> Result<TensorId> {
        self.rope(
            "Graph::rope_backward",
            "rope_backward",
            [dy, freqs],
            options,
        )
    }

    fn rope(
        &mut self,
        function: &'static str,
        kind: &'static str,
        [x, freqs]: [TensorId; 2],
        options: &RopeOptions,
    ) -> Result<TensorId> {
        let name = self.next_op_name(kind);
        let nd = node(kind, &name);
        let ins = self.inputs(function, &nd, &[x, freqs], false)?;
        let (xi, fi) = (ins[0], ins[1]);
        let t = &self.tensors[xi];
        let fault = |what: String| node_error(function, nd, Some(t.name.to_string()), what);
        if t.dims.len() != 4 {
            return Err(fault(format!(
                "{} dimensions; rotary embeddings take [B, H, S, D]",
                t.dims.len()
            )));
        }
        let (s, d) = (t.dims[2], t.dims[3]);
        if d % 2 != 0 {
            return Err(fault(format!(
                "a head dim of {d}; rotary embeddings rotate pairs, so it is even"
            )));
        }
        if let Some(r) = options.rope_dim {
            if r < 2 || r > d || r % 2 != 0 {
                return Err(fault(format!(
                    "rope_dim {r}; it is even and from 2 to the head dim {d}"
                )));
            }
        }
        if let Some(c) = options.output_scale {
            if !c.is_finite() {
                return Err(node_error(
                    function,
                    nd,
                    None,
                    format!("output scale {c}; it is finite"),
                ));
            }
        }
        let role = if kind == "rope_forward" { "x" } else { "dy" };
        self.check_type_in(function, &nd, xi, FLOATS, role)?;
        self.check_dims_are(function, &nd, fi, &[s, 1, 1, d], "the angles of this x are")?;
        self.check_type_in(function, &nd, fi, &[Dt::FLOAT], "freqs")?;
        let (dims, strides) = (t.dims.clone(), t.strides.clone());
        let forward = kind == "rope_forward";
        let suffix = if forward { "y" } else { "dx" };
        let ids = self.add_node(
            function,
            (kind, name),
            vec![TensorDef::output(suffix, dims, strides)],
            |n| {
                let r = if forward { &ROPE_FWD } else { &ROPE_BWD };
                let mut op = BackendOp::new(kind, r.descriptor, r.since, r.needs);
                op.input(r.x, xi);
                op.input(r.freqs, fi);
                op.output(r.y, n[0]);
                if let Some(dim) = options.rope_dim {
                    op.settings.push(Setting::Int64(r.rope_dim, dim));
                }
                if let Some(c) = options.output_scale {
                    op.settings.push(Setting::Float(r.output_scale, c));
                }
                op
            },
        )?;
        Ok(ids[0])
    }
}

/// A rotary embedding's descriptor type and attributes, and the cuDNN
/// that has them: its `ROPE_DIM` and `OUTPUT_SCALE` have the operation's
/// `@since` (9.24 forward, 9.25 backward), so its gate covers them.
struct Rope {
    descriptor: D,
    x: A,
    freqs: A,
    y: A,
    rope_dim: A,
    output_scale: A,
    since: Version,
    needs: &'static str,
}

const ROPE_FWD: Rope = Rope {
    descriptor: D::OPERATION_ROPE_FWD_DESCRIPTOR,
    x: A::OPERATION_ROPE_FWD_XDESC,
    freqs: A::OPERATION_ROPE_FWD_FREQSDESC,
    y: A::OPERATION_ROPE_FWD_YDESC,
    rope_dim: A::OPERATION_ROPE_FWD_ROPE_DIM,
    output_scale: A::OPERATION_ROPE_FWD_OUTPUT_SCALE,
    since: Version::new(9, 24, 0),
    needs: "OPERATION_ROPE_FWD, @since 9.24.0",
};

const ROPE_BWD: Rope = Rope {
    descriptor: D::OPERATION_ROPE_BWD_DESCRIPTOR,
    x: A::OPERATION_ROPE_BWD_DYDESC,
    freqs: A::OPERATION_ROPE_BWD_FREQSDESC,
    y: A::OPERATION_ROPE_BWD_DXDESC,
    rope_dim: A::OPERATION_ROPE_BWD_ROPE_DIM,
    output_scale: A::OPERATION_ROPE_BWD_OUTPUT_SCALE,
    since: Version::new(9, 25, 0),
    needs: "OPERATION_ROPE_BWD, @since 9.25.0",
};
