//! [`MoeExperts`]: the experts of a mixture-of-experts layer (Mixtral,
//! DeepSeek), over the graph API's grouped matmul
//! ([`Graph::moe_grouped_matmul`], cuDNN 9.15): each routed token row
//! times its expert's weight, in one cuDNN graph, forward only, in each of
//! cuDNN's routings ([`MoeMode`]).

#![warn(clippy::arithmetic_side_effects)]

use std::marker::PhantomData;

use crate::core::dtype::{DType, DataType};
use crate::core::error::{Error, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::version::Version;
use crate::core::workspace::Workspace;
use crate::graph::{Graph, MoeRouting, PlanCache, Settings, Target, TensorId, VariantPack};
use half::{bf16, f16};

use super::layer_shape::product;
use super::plans::Plans;

/// The release that has `OPERATION_MOE_GROUPED_MATMUL`.
const MOE_SINCE: Version = Version::new(9, 15, 0);

mod sealed {
    pub trait Sealed {}
}

impl sealed::Sealed for bf16 {}
impl sealed::Sealed for f16 {}

/// An element type of [`MoeExperts`] (the tokens, the weight and the
/// output): `half::bf16` or `half::f16`, the operand types of cuDNN's
/// grouped-matmul engines; computed in `f32`. Sealed.
pub trait MoeElement: DataType + sealed::Sealed {}

impl MoeElement for bf16 {}
impl MoeElement for f16 {}

/// How a [`MoeExperts`] reads its token rows and writes its output rows
/// (cuDNN's `cudnnMoeGroupedMatmulMode_t`), with `S` tokens each routed to
/// `top_k` experts: `R = S * top_k` routed rows, grouped by expert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoeMode {
    /// The token rows are routed and grouped by expert already (`R` of
    /// them): output row `r` is token row `r` times its group's expert.
    None,
    /// The token tensor holds the `S` tokens: output row `r` is token row
    /// `token_index[r]` times row `r`'s group's expert (`R` output rows,
    /// grouped by expert): the dispatch of a layer's input to its experts.
    Gather,
    /// The token rows are grouped by expert (`R` of them): the product of
    /// row `r` is written to output row `token_index[r] * top_k +
    /// token_ks[r]`, back in token order (token `t`'s `top_k` results are
    /// rows `t * top_k ..`): the combine after the experts.
    Scatter,
}

/// The sizes of a [`MoeExperts`]: `experts` weights of `out_features` x
/// `in_features`, and room for `tokens` tokens each routed to `top_k` of
/// them (`routed_rows() = tokens * top_k` rows).
///
/// The buffers, row-major:
/// - the tokens: `[tokens, in_features]` for [`MoeMode::Gather`],
///   `[routed_rows, in_features]` otherwise ([`token_len`](Self::token_len));
/// - the weight: `[experts, out_features, in_features]`, each expert's
///   matrix as PyTorch's `nn.Linear.weight` (cuDNN's `[E, K, N]` with
///   strides `[K * N, 1, K]`, as cudnn-frontend lays it out);
/// - the output: `[routed_rows, out_features]`;
/// - `first_token_offset`: `experts + 1` `i32` bounds; the indices
///   (`token_index`, `token_ks`): `routed_rows` `i32` each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoeShape {
    /// The most tokens (`S`) one call routes: the rows the layer's graph
    /// is planned for. A call with fewer says so in its bounds.
    pub tokens: usize,
    /// The experts each token is routed to.
    pub top_k: usize,
    /// The experts (`E`).
    pub experts: usize,
    /// The values of a token row (`K`).
    pub in_features: usize,
    /// The values of an output row (`N`).
    pub out_features: usize,
}

static_assertions::assert_impl_all!(MoeShape: Send, Sync, Copy);
static_assertions::assert_impl_all!(MoeMode: Send, Sync, Copy);

impl MoeShape {
    /// Checks the shape: every size at least 1, `top_k` at most
    /// `experts` (a token's experts are distinct), the routed rows within
    /// `i32` (the bounds and indices are `INT32`) and every buffer's
    /// element count within `i64` (cuDNN's dims).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with
    /// [`Mismatch::BadValue`](crate::Mismatch::BadValue) naming
    /// `MoeShape::check` and the size at fault.
    pub fn check(&self) -> Result<()> {
        self.check_in("MoeShape::check")
    }

    pub(crate) fn check_in(&self, function: &'static str) -> Result<()> {
        let sizes = [
            ("tokens", self.tokens),
            ("top_k", self.top_k),
            ("experts", self.experts),
            ("in_features", self.in_features),
            ("out_features", self.out_features),
        ];
        for (name, v) in sizes {
            if v == 0 {
                return Err(Error::bad_value(
                    function,
                    format!("{name} is 0; it is at least 1"),
                ));
            }
        }
        if self.top_k > self.experts {
            return Err(Error::bad_value(
                function,
                format!(
                    "top_k {} of {} experts; a token's experts are distinct, at most experts",
                    self.top_k, self.experts
                ),
            ));
        }
        let routed = product(function, "the routed rows", &[self.tokens, self.top_k])?;
        if routed > i32::MAX as usize {
            return Err(Error::bad_value(
                function,
                format!(
                    "{routed} routed rows (tokens * top_k); the INT32 bounds and indices \
                     count at most {}",
                    i32::MAX
                ),
            ));
        }
        let (k, n) = (self.in_features, self.out_features);
        product(function, "the tokens' element count", &[routed, k])?;
        product(
            function,
            "the weight's element count",
            &[self.experts, n, k],
        )?;
        product(function, "the output's element count", &[routed, n])?;
        Ok(())
    }

    /// The routed rows, `tokens * top_k` (saturating, for a shape
    /// [`check`](Self::check) refuses).
    pub fn routed_rows(&self) -> usize {
        self.tokens.saturating_mul(self.top_k)
    }

    /// The elements of the token buffer in `mode`: `tokens *
    /// in_features` for [`MoeMode::Gather`], `routed_rows * in_features`
    /// otherwise (saturating).
    pub fn token_len(&self, mode: MoeMode) -> usize {
        self.token_rows(mode).saturating_mul(self.in_features)
    }

    /// The elements of the weight: `experts * out_features *
    /// in_features` (saturating).
    pub fn weight_len(&self) -> usize {
        self.experts
            .saturating_mul(self.out_features)
            .saturating_mul(self.in_features)
    }

    /// The elements of the output: `routed_rows * out_features`
    /// (saturating).
    pub fn y_len(&self) -> usize {
        self.routed_rows().saturating_mul(self.out_features)
    }

    /// The entries of `first_token_offset`: `experts + 1` (saturating).
    pub fn offsets_len(&self) -> usize {
        self.experts.saturating_add(1)
    }

    /// The entries of `token_index` and of `token_ks`: `routed_rows`.
    pub fn index_len(&self) -> usize {
        self.routed_rows()
    }

    /// The rows of the token tensor in `mode`.
    fn token_rows(&self, mode: MoeMode) -> usize {
        match mode {
            MoeMode::Gather => self.tokens,
            MoeMode::None | MoeMode::Scatter => self.routed_rows(),
        }
    }
}

/// The device arrays that route a [`MoeExperts::forward`]: the group
/// bounds, and the indices of its [`MoeMode`]. cuDNN reads them on the
/// device as offsets into the other buffers, where this crate cannot check
/// them before the launch: so they are given through the `unsafe`
/// constructors, whose caller promises that they are in range (as for
/// [`VariantPack::index_input`]).
///
/// The routing of a call is in these values, not in the layer: routed row
/// `r` is in group `e` (expert `e`) when `first_token_offset[e] <= r <
/// first_token_offset[e + 1]`; rows past the last bound are in no group
/// and compute nothing, so a call with fewer tokens than the layer's
/// [`MoeShape::tokens`] ends its bounds early.
pub struct MoeRoute<'a> {
    offsets: &'a dyn DeviceBuffer<i32>,
    token_index: Option<&'a dyn DeviceBuffer<i32>>,
    token_ks: Option<&'a dyn DeviceBuffer<i32>>,
    mode: MoeMode,
}

impl<'a> MoeRoute<'a> {
    /// The route of a [`MoeMode::None`] layer: the bounds alone
    /// (`experts + 1` entries, checked when they are used).
    ///
    /// # Safety
    /// From the call that takes them until its work completes on the
    /// device, `first_token_offset` does not decrease, its first entry is
    /// at least 0 and its last at most the layer's
    /// [`routed_rows`](MoeShape::routed_rows): cuDNN reads the token rows
    /// and writes the output rows up to these bounds.
    pub unsafe fn none(first_token_offset: &'a dyn DeviceBuffer<i32>) -> Self {
        MoeRoute {
            offsets: first_token_offset,
            token_index: None,
            token_ks: None,
            mode: MoeMode::None,
        }
    }

    /// The route of a [`MoeMode::Gather`] layer: the bounds, and the token
    /// row each routed row reads (`routed_rows` entries, checked when they
    /// are used).
    ///
    /// # Safety
    /// As [`none`](Self::none) for the bounds; and from the call that
    /// takes them until its work completes on the device, every entry of
    /// `token_index` at a row in a group is from 0 to the layer's
    /// [`tokens`](MoeShape::tokens) minus 1: cuDNN reads that token row.
    pub unsafe fn gather(
        first_token_offset: &'a dyn DeviceBuffer<i32>,
        token_index: &'a dyn DeviceBuffer<i32>,
    ) -> Self {
        MoeRoute {
            offsets: first_token_offset,
            token_index: Some(token_index),
            token_ks: None,
            mode: MoeMode::Gather,
        }
    }

    /// The route of a [`MoeMode::Scatter`] layer: the bounds, the token
    /// of each routed row and its choice among the token's experts
    /// (`routed_rows` entries each, checked when they are used).
    ///
    /// # Safety
    /// As [`none`](Self::none) for the bounds; and from the call that
    /// takes them until its work completes on the device, at every row in
    /// a group, `token_index` is from 0 to the layer's
    /// [`tokens`](MoeShape::tokens) minus 1 and `token_ks` from 0 to its
    /// [`top_k`](MoeShape::top_k) minus 1: cuDNN writes output row
    /// `token_index * top_k + token_ks`. (Two rows that name the same
    /// pair write the same output row: its value is either's.)
    pub unsafe fn scatter(
        first_token_offset: &'a dyn DeviceBuffer<i32>,
        token_index: &'a dyn DeviceBuffer<i32>,
        token_ks: &'a dyn DeviceBuffer<i32>,
    ) -> Self {
        MoeRoute {
            offsets: first_token_offset,
            token_index: Some(token_index),
            token_ks: Some(token_ks),
            mode: MoeMode::Scatter,
        }
    }

    /// The mode these arrays route.
    pub fn mode(&self) -> MoeMode {
        self.mode
    }
}

/// The buffers of [`MoeExperts::forward`], laid out as [`MoeShape`] says:
/// the tokens, the experts' weight and the output of the layer's type, and
/// the route.
pub struct MoeForward<'a, T> {
    /// The token rows.
    pub token: &'a dyn DeviceBuffer<T>,
    /// The experts' weight, `[experts, out_features, in_features]`.
    pub weight: &'a dyn DeviceBuffer<T>,
    /// The group bounds and the indices of the layer's mode.
    pub route: MoeRoute<'a>,
    /// The output, `[routed_rows, out_features]`. Rows that no routed row
    /// of a group writes are left as cuDNN leaves them: do not read them.
    pub y: &'a mut dyn DeviceBufferMut<T>,
}

/// The experts of a mixture-of-experts layer: `E` weights, and a forward
/// that multiplies each routed token row by its expert's weight, in one
/// cuDNN graph (`OPERATION_MOE_GROUPED_MATMUL`, cuDNN 9.15), computed in
/// `f32`, routed as its [`MoeMode`] says. A Mixtral feed-forward is the
/// gate and up projections as a [`MoeMode::Gather`] layer over the `S`
/// tokens, the activation, then the down projection as a
/// [`MoeMode::Scatter`] layer back to token order (the router's softmax
/// and the weighted sum of each token's `top_k` rows are the caller's).
///
/// Tokens per call: the layer is planned once, at [`new`](Self::new), for
/// [`MoeShape::tokens`] tokens, and a call with fewer routes fewer rows
/// through its bounds ([`MoeRoute`]) with the same plan. The number of rows
/// per expert, and so per call, is decided on the device by the router;
/// reading it back to plan per token count would stop the stream every
/// call, while cuDNN's operation takes its bounds on the device for this
/// reason, so the layer keeps one plan for the most tokens (buffers of
/// that size) rather than a plan per count. A model that serves very
/// different batch sizes builds a layer per size class, from one
/// [`PlanCache`].
///
/// It owns its plan and a workspace; `forward` checks every buffer (type,
/// length, device) and that the route is of the layer's mode before cuDNN
/// runs. `Send` and `Sync`; not `Clone`.
///
/// ```no_run
/// use cudnn::graph::Settings;
/// use cudnn::half::bf16;
/// use cudnn::nn::{MoeExperts, MoeForward, MoeMode, MoeRoute, MoeShape};
/// use cudnn::Handle;
///
/// # fn main() -> cudnn::Result<()> {
/// let shape = MoeShape { tokens: 512, top_k: 2, experts: 8, in_features: 4096, out_features: 14336 };
/// let stream = cudnn::cuda_context(0)?.default_stream();
/// let handle = Handle::new(stream.clone())?;
/// let mut up = MoeExperts::<bf16>::new(&handle, shape, MoeMode::Gather, &Settings::default(), None)?;
/// let x = stream.alloc_zeros::<bf16>(shape.token_len(MoeMode::Gather))?;
/// let w = stream.alloc_zeros::<bf16>(shape.weight_len())?;
/// let mut h = stream.alloc_zeros::<bf16>(shape.y_len())?;
/// // The router's output, on the device: each expert's rows, and the
/// // token each routed row reads.
/// let offsets = stream.alloc_zeros::<i32>(shape.offsets_len())?;
/// let token_index = stream.alloc_zeros::<i32>(shape.index_len())?;
/// // SAFETY: the bounds do not decrease, from 0 to at most
/// // `shape.routed_rows()`, and each index in a group is below
/// // `shape.tokens` (here: all 0, every group empty).
/// let route = unsafe { MoeRoute::gather(&offsets, &token_index) };
/// up.forward(&handle, MoeForward { token: &x, weight: &w, route, y: &mut h })?;
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct MoeExperts<T: MoeElement> {
    shape: MoeShape,
    mode: MoeMode,
    plans: Plans,
    /// uids: token, weight, first_token_offset, y.
    uids: [i64; 4],
    /// uids: token_index (gather, scatter), token_ks (scatter).
    index: [Option<i64>; 2],
    workspace: Workspace,
    element: PhantomData<fn() -> T>,
}

static_assertions::assert_impl_all!(MoeExperts<half::bf16>: Send, Sync);
static_assertions::assert_not_impl_any!(MoeExperts<half::bf16>: Clone);

/// The version gate, the refusal naming `function`.
fn check_version_in(function: &'static str, version: Version) -> Result<()> {
    if version >= MOE_SINCE {
        return Ok(());
    }
    Err(Error::unsupported(
        function,
        format!(
            "the MoE grouped matmul needs cuDNN {MOE_SINCE} or later \
             (OPERATION_MOE_GROUPED_MATMUL); the loaded one is {version}"
        ),
    ))
}

impl<T: MoeElement> MoeExperts<T> {
    /// Checks what [`new`](Self::new) checks of the shape before any graph
    /// is built ([`MoeShape::check`]).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] with
    /// [`Mismatch::BadValue`](crate::Mismatch::BadValue) naming
    /// `MoeExperts::check` and the size at fault.
    pub fn check(shape: &MoeShape) -> Result<()> {
        shape.check_in("MoeExperts::check")
    }

    /// Checks a cuDNN `version` as [`new`](Self::new) does: 9.15 or later
    /// (for the tests of the gate on any loaded release).
    #[cfg(test)]
    pub(crate) fn check_version(version: Version) -> Result<()> {
        check_version_in("MoeExperts::check_version", version)
    }

    /// Builds the graph for `shape` in `mode` for `target` (a handle, or a
    /// described GPU with a library: [`Target`]), and its plan: from
    /// `cache` when given, otherwise as `settings` say.
    ///
    /// # Errors
    /// As [`check`](Self::check); [`Error::InvalidArgument`] with
    /// [`Mismatch::Unsupported`](crate::Mismatch::Unsupported) before
    /// cuDNN 9.15 (naming `MoeExperts::new`), before any graph is built; the graph
    /// builder's refusals; [`Error::NoEngine`] when no plan finalizes
    /// (cuDNN 9.28 plans it for a Hopper and a Blackwell GPU); cuDNN's
    /// status.
    pub fn new<'t>(
        target: impl Into<Target<'t>>,
        shape: MoeShape,
        mode: MoeMode,
        settings: &Settings,
        cache: Option<&mut PlanCache>,
    ) -> Result<Self> {
        const F: &str = "MoeExperts::new";
        let target = target.into();
        shape.check_in(F)?;
        check_version_in(F, target.library().version())?;
        let (graph, uids, index) = Self::graph(&shape, mode)?;
        let plans = Plans::new(target, &graph, settings, cache)?;
        Ok(MoeExperts {
            shape,
            mode,
            plans,
            uids,
            index,
            workspace: Workspace::new(),
            element: PhantomData,
        })
    }

    /// The layer's graph: the tokens `[1, rows, K]`, the weight `[E, K,
    /// N]` with strides `[K * N, 1, K]`, the bounds `[E + 1, 1, 1]` and the
    /// indices `[1, R, 1]` of `INT32`, the output `[1, R, N]`, of a checked
    /// shape.
    fn graph(shape: &MoeShape, mode: MoeMode) -> Result<(Graph, [i64; 4], [Option<i64>; 2])> {
        let dtype = T::CUDNN;
        let as_dim = |v: usize| v as i64;
        let (k, n, e) = (
            as_dim(shape.in_features),
            as_dim(shape.out_features),
            as_dim(shape.experts),
        );
        let routed = as_dim(shape.routed_rows());
        let mut g = Graph::new("moe_experts");
        let token = g.tensor("token", &[1, as_dim(shape.token_rows(mode)), k], dtype)?;
        // A checked shape's weight element count fits i64.
        #[allow(clippy::arithmetic_side_effects)]
        let (kn, bounds) = (k * n, e + 1);
        let weight = g.tensor_with_strides("weight", &[e, k, n], &[kn, 1, k], dtype)?;
        let fto = g.tensor("first_token_offset", &[bounds, 1, 1], DType::INT32)?;
        let index = |g: &mut Graph, name: &str| -> Result<TensorId> {
            g.tensor(name, &[1, routed, 1], DType::INT32)
        };
        let (routing, ids) = match mode {
            MoeMode::None => (MoeRouting::None, [None, None]),
            MoeMode::Gather => {
                let i = index(&mut g, "token_index")?;
                (MoeRouting::Gather { token_index: i }, [Some(i), None])
            }
            MoeMode::Scatter => {
                let i = index(&mut g, "token_index")?;
                let ks = index(&mut g, "token_ks")?;
                let routing = MoeRouting::Scatter {
                    token_index: i,
                    token_ks: ks,
                    // A checked shape's top_k is within i32.
                    top_k: shape.top_k as u32,
                };
                (routing, [Some(i), Some(ks)])
            }
        };
        let y = g.moe_grouped_matmul(token, weight, fto, routing)?;
        g.set_output(y, dtype)?;
        let uids = [token.uid(), weight.uid(), fto.uid(), y.uid()];
        Ok((g, uids, ids.map(|i| i.map(TensorId::uid))))
    }

    /// The shape it was built for.
    pub fn shape(&self) -> MoeShape {
        self.shape
    }

    /// Its routing mode.
    pub fn mode(&self) -> MoeMode {
        self.mode
    }

    /// The data type of its tokens, weight and output.
    pub fn data_type(&self) -> DType {
        T::CUDNN
    }

    /// The workspace its plan needs, in bytes.
    pub fn workspace_size(&self) -> usize {
        self.plans.workspace_size()
    }

    /// Writes each routed row's product with its expert's weight to its
    /// output row, on `handle`'s stream.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a route of another mode than the
    /// layer's, and as [`Handle::execute`] for a buffer that does not fit
    /// its tensor (too short, in another CUDA context) or a plan of
    /// another GPU; a CUDA error when the workspace cannot grow; cuDNN's
    /// status.
    pub fn forward(&mut self, handle: &Handle, args: MoeForward<'_, T>) -> Result<()> {
        const F: &str = "MoeExperts::forward";
        let route = &args.route;
        if route.mode != self.mode {
            return Err(Error::bad_value(
                F,
                format!(
                    "a route of mode {:?} for a layer of mode {:?}",
                    route.mode, self.mode
                ),
            ));
        }
        let [token, weight, fto, y] = self.uids;
        // SAFETY: the bounds are in range for this layer: the contract of
        // the `MoeRoute` constructor of this layer's mode (checked above).
        let mut pack = unsafe { VariantPack::new().index_input(fto, route.offsets) };
        for (uid, buf) in self.index.iter().zip([route.token_index, route.token_ks]) {
            if let (Some(uid), Some(buf)) = (*uid, buf) {
                // SAFETY: the indices are in range for this layer: the
                // contract of the constructor of its mode, which gives the
                // indices this mode's graph has (checked above).
                pack = unsafe { pack.index_input(uid, buf) };
            }
        }
        let mut pack = pack
            .input(token, args.token)
            .input(weight, args.weight)
            .output(y, args.y);
        self.plans.run(handle, &mut pack, &mut self.workspace)
    }
}
