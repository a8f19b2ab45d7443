//! [`VariantPack`]: the buffers and host scalars of an execution, by
//! tensor uid, and the checks of what it binds against a plan's tensors:
//! pure functions of plain facts ([`BufferFacts`], addresses, values), so
//! that they are tested without device memory.

#![warn(clippy::arithmetic_side_effects)]

use crate::core::dtype::DType;
use cudarc::driver::{CudaContext, CudaStream, SyncOnDrop};

use super::graph_tensor::GraphTensor;
use super::scalar::ScalarValue;
use super::MAX_RANK;
use crate::core::context::same_context;
use crate::core::dtype::DataType;
use crate::core::error::{Error, Mismatch, Result};
use crate::core::launch::{
    check_no_overlap, check_placed, DeviceBuffer, DeviceBufferMut, Placement,
};
use crate::core::stack::on_stack;

/// One bound buffer, type-erased: what the checks need to know of it,
/// and its address with cudarc's guard.
trait Binding<'a> {
    /// The element type of the buffer.
    fn data_type(&self) -> DType;
    /// Its length in elements.
    fn len(&self) -> usize;
    /// The CUDA context it lives in.
    fn context(&self) -> &CudaContext;
    /// Whether it may be written.
    fn writable(&self) -> bool;
    /// Its address for a launch on `stream`, with cudarc's guard: `stream`
    /// waits for the buffer's earlier writes (and, for a written buffer,
    /// reads) now, and the guard records this use when it drops.
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>);
}

struct In<'a, B: ?Sized, T> {
    buf: &'a B,
    _t: std::marker::PhantomData<T>,
}

struct Out<'a, B: ?Sized, T> {
    buf: &'a mut B,
    _t: std::marker::PhantomData<T>,
}

impl<'a, T: DataType, B: DeviceBuffer<T> + ?Sized> Binding<'a> for In<'a, B, T> {
    fn data_type(&self) -> DType {
        T::CUDNN
    }
    fn len(&self) -> usize {
        self.buf.len()
    }
    fn context(&self) -> &CudaContext {
        self.buf.stream().context()
    }
    fn writable(&self) -> bool {
        false
    }
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>) {
        self.buf.device_ptr(stream)
    }
}

impl<'a, T: DataType, B: DeviceBufferMut<T> + ?Sized> Binding<'a> for Out<'a, B, T> {
    fn data_type(&self) -> DType {
        T::CUDNN
    }
    fn len(&self) -> usize {
        self.buf.len()
    }
    fn context(&self) -> &CudaContext {
        self.buf.stream().context()
    }
    fn writable(&self) -> bool {
        true
    }
    fn ptr<'s>(&'s mut self, stream: &'s CudaStream) -> (u64, SyncOnDrop<'s>) {
        self.buf.device_ptr_mut(stream)
    }
}

/// A buffer of the pack: its uid, whether it was bound as indices
/// ([`VariantPack::index_input`]), and the buffer.
struct Entry<'a> {
    uid: i64,
    index: bool,
    binding: Box<dyn Binding<'a> + 'a>,
}

impl<'a> Entry<'a> {
    fn input<T: DataType, B: DeviceBuffer<T> + ?Sized>(uid: i64, index: bool, buf: &'a B) -> Self {
        let binding = Box::new(In::<B, T> {
            buf,
            _t: std::marker::PhantomData,
        });
        Entry {
            uid,
            index,
            binding,
        }
    }

    fn output<T: DataType, B: DeviceBufferMut<T> + ?Sized>(uid: i64, buf: &'a mut B) -> Self {
        let binding = Box::new(Out::<B, T> {
            buf,
            _t: std::marker::PhantomData,
        });
        Entry {
            uid,
            index: false,
            binding,
        }
    }

    /// What the checks know of this buffer: its placement against
    /// `stream`'s context, or (`None`, when no handle is known yet, as
    /// for [`VariantPack::prepare`]) taken as placed, to be checked at
    /// each execution.
    fn facts(&self, stream: Option<&CudaStream>) -> BufferFacts {
        let c = self.binding.context();
        BufferFacts {
            uid: self.uid,
            data_type: self.binding.data_type(),
            len: self.binding.len(),
            writable: self.binding.writable(),
            same_context: stream.is_none_or(|s| same_context(c, s.context())),
            device: c.ordinal(),
            index: self.index,
        }
    }
}

/// The buffers of an execution, by tensor uid: device buffers for the
/// graph's real tensors (inputs shared, outputs exclusive) and host values
/// for its by-value scalars. One pack serves any number of executions
/// (a training loop, [`Handle::autotune`](crate::Handle::autotune)).
///
/// Every binding is checked by [`Handle::execute`](crate::Handle::execute)
/// against its tensor in the plan, before cuDNN is called: element type,
/// length (the tensor's span, strides included;
/// an `FP4_E2M1` tensor's in [`F4E2M1x2`](crate::F4E2M1x2) pairs, half
/// its span rounded up), the handle's CUDA
/// context, the address's alignment (16 bytes for the tensors of a
/// [`Graph`](super::Graph): a view that starts inside such a block is
/// refused), no overlapping strides in an output, every real tensor bound
/// once and to a buffer, outputs bound as outputs, device-side indices
/// bound with [`index_input`](Self::index_input); every by-value scalar
/// given a value once (or known to the plan) that fits its data type, and
/// no buffer for it. So no uid reaches cuDNN twice. Only cudarc's
/// `CudaSlice`, `CudaView` and `CudaViewMut` are accepted.
///
/// A loop that runs one plan again and again prepares the pack once
/// ([`prepare`](Self::prepare)): the [`PreparedPack`] keeps these checks'
/// result, and each execution checks only the context and the addresses.
///
/// Neither `Send` nor `Sync`: its buffers are of any of the accepted
/// types behind one type, which promises neither.
#[derive(Default)]
pub struct VariantPack<'a> {
    buffers: Vec<Entry<'a>>,
    scalars: Vec<(i64, ScalarValue)>,
}

static_assertions::assert_not_impl_any!(VariantPack<'static>: Send, Sync, Clone);

impl std::fmt::Debug for VariantPack<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantPack")
            .field(
                "buffers",
                &self.buffers.iter().map(|e| e.uid).collect::<Vec<_>>(),
            )
            .field("scalars", &self.scalars)
            .finish()
    }
}

impl<'a> VariantPack<'a> {
    /// An empty pack.
    pub fn new() -> Self {
        VariantPack::default()
    }

    fn push(mut self, entry: Entry<'a>) -> Self {
        self.buffers.push(entry);
        self
    }

    /// Binds a tensor the graph reads to `buf`.
    pub fn input<T: DataType, B: DeviceBuffer<T> + ?Sized>(self, uid: i64, buf: &'a B) -> Self {
        self.push(Entry::input(uid, false, buf))
    }

    /// Binds a tensor the graph reads as device-side indices (an
    /// attention's sequence lengths or page tables:
    /// [`GraphTensor::is_index`]) to `buf`. Such a tensor bound with
    /// [`input`](Self::input) is refused.
    ///
    /// # Safety
    /// cuDNN uses the values as offsets into other buffers without checking
    /// them, and they live on the device, where this crate cannot read
    /// them before the launch. The caller guarantees that from the call of
    /// the execution (or of every launch of a CUDA graph recorded with this
    /// pack) until that work completes on the device, every value is in
    /// range:
    /// - a sequence length (`seq_len_q`, `seq_len_kv`) of batch item `b`
    ///   is from 0 to the node's sequence length (`S_q` for queries;
    ///   `S_kv` for keys and values, with paged K/V what the page tables
    ///   span);
    /// - cumulative sequence lengths (`cu_seq_len_q`, `cu_seq_len_kv`)
    ///   start at 0 and do not decrease, and each step (a batch item's
    ///   length) is at most the node's sequence length (`S_q`, `S_kv`);
    /// - a page-table entry is from 0 to the number of pages of its
    ///   container minus 1 (`num_blocks - 1`), and the entries a
    ///   sequence's length reaches are all set.
    pub unsafe fn index_input<T: DataType, B: DeviceBuffer<T> + ?Sized>(
        self,
        uid: i64,
        buf: &'a B,
    ) -> Self {
        self.push(Entry::input(uid, true, buf))
    }

    /// Binds a tensor the graph writes to `buf`.
    pub fn output<T: DataType, B: DeviceBufferMut<T> + ?Sized>(
        self,
        uid: i64,
        buf: &'a mut B,
    ) -> Self {
        self.push(Entry::output(uid, buf))
    }

    /// Gives a by-value scalar tensor its value (when the plan does not
    /// know it, as for a plan read from JSON, or to override the graph's).
    /// It is passed in the tensor's data type: an `f32` for a `HALF`
    /// tensor is converted, and a value the type cannot hold is refused
    /// (see [`ScalarValue`]).
    pub fn scalar(mut self, uid: i64, value: impl Into<ScalarValue>) -> Self {
        self.scalars.push((uid, value.into()));
        self
    }

    /// What the checks know of each buffer, for a launch on `stream`.
    pub(crate) fn facts(&self, stream: &CudaStream) -> Vec<BufferFacts> {
        self.buffers.iter().map(|e| e.facts(Some(stream))).collect()
    }

    /// The values given with [`scalar`](Self::scalar).
    pub(crate) fn scalars(&self) -> &[(i64, ScalarValue)] {
        &self.scalars
    }

    /// Every buffer's uid and address for a launch on `stream`, with
    /// cudarc's guards (drop them once the launch is queued).
    pub(crate) fn take<'s>(
        &'s mut self,
        stream: &'s CudaStream,
    ) -> (Vec<(i64, u64)>, Vec<SyncOnDrop<'s>>) {
        let mut addrs = Vec::with_capacity(self.buffers.len());
        let mut guards = Vec::with_capacity(self.buffers.len());
        for e in &mut self.buffers {
            let (addr, guard) = e.binding.ptr(stream);
            addrs.push((e.uid, addr));
            guards.push(guard);
        }
        (addrs, guards)
    }
}

/// What the checks know of one bound buffer: plain data, so that the
/// checks are pure functions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BufferFacts {
    pub(crate) uid: i64,
    pub(crate) data_type: DType,
    pub(crate) len: usize,
    pub(crate) writable: bool,
    /// Whether it lives in the handle's CUDA context.
    pub(crate) same_context: bool,
    /// The device it lives on.
    pub(crate) device: usize,
    /// Bound with [`VariantPack::index_input`].
    pub(crate) index: bool,
}

/// A graph tensor as the launch layer's checks name its buffer: `uid 7`.
struct TensorUid(i64);

impl std::fmt::Display for TensorUid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "uid {}", self.0)
    }
}

/// The refusal of `function` naming tensor `uid`, for the pack's own
/// rules (bound once, virtual, by value, indices, element type).
#[cold]
fn refuse(function: &'static str, uid: i64, what: String) -> Error {
    Error::InvalidArgument {
        function,
        mismatch: Mismatch::GraphNode {
            node: "variant pack".into(),
            tensor: Some(uid.to_string()),
            what,
        },
    }
}

/// Checks what a pack binds (`buffers`, `scalars`) against a plan's
/// `tensors` for a handle on device `device`, before any address is
/// taken: every uid names a tensor; a virtual tensor gets nothing, a
/// by-value one a value and no buffer, a real one exactly one buffer of
/// its type, long enough, in the handle's context, writable and with
/// strides that do not overlap when the graph writes it, and bound as
/// indices when it holds indices; no scalar value goes to another tensor
/// or twice.
pub(crate) fn check_bindings(
    function: &'static str,
    graph_name: &str,
    tensors: &[GraphTensor],
    buffers: &[BufferFacts],
    scalars: &[(i64, ScalarValue)],
    device: usize,
) -> Result<()> {
    let find = |uid: i64| tensors.iter().find(|t| t.uid == uid);
    for uid in buffers
        .iter()
        .map(|b| b.uid)
        .chain(scalars.iter().map(|s| s.0))
    {
        if find(uid).is_none() {
            return Err(refuse(
                function,
                uid,
                format!("the plan of {graph_name} has no tensor with this uid"),
            ));
        }
    }
    for (i, (uid, _)) in scalars.iter().enumerate() {
        if !find(*uid).is_some_and(|t| t.is_by_value) {
            return Err(refuse(
                function,
                *uid,
                "is not a by-value scalar: it takes a buffer, not a value".into(),
            ));
        }
        if scalars[..i].iter().any(|(u, _)| u == uid) {
            return Err(refuse(function, *uid, "is given a value twice".into()));
        }
    }
    for t in tensors {
        let mut bound = buffers.iter().filter(|b| b.uid == t.uid);
        let first = bound.next();
        if t.is_virtual {
            if first.is_some() {
                return Err(refuse(
                    function,
                    t.uid,
                    "is virtual: it has no buffer".into(),
                ));
            }
            continue;
        }
        if t.is_by_value {
            if first.is_some() {
                return Err(refuse(
                    function,
                    t.uid,
                    "is a by-value scalar: give its value with `scalar`, not a buffer".into(),
                ));
            }
            continue;
        }
        let Some(b) = first else {
            return Err(refuse(
                function,
                t.uid,
                "has no buffer in the variant pack".into(),
            ));
        };
        if bound.next().is_some() {
            return Err(refuse(function, t.uid, "is bound twice".into()));
        }
        check_buffer(function, t, b, device)?;
    }
    Ok(())
}

/// One real tensor's buffer.
fn check_buffer(
    function: &'static str,
    t: &GraphTensor,
    b: &BufferFacts,
    device: usize,
) -> Result<()> {
    let no = |what: String| Err(refuse(function, t.uid, what));
    if b.data_type != t.data_type {
        return no(format!(
            "holds data type {} but the buffer's elements are {}",
            t.data_type.0, b.data_type.0
        ));
    }
    // In the buffer's elements: two of an FP4_E2M1 tensor's to one.
    let Some(span) = t.buffer_len() else {
        return no("spans more elements than fit usize".into());
    };
    let name = TensorUid(t.uid);
    let placement = Placement {
        same_context: b.same_context,
        buffer_device: b.device,
        handle_device: device,
    };
    check_placed(function, &name, placement, b.len, span)?;
    if t.is_index && !b.index {
        return no(
            "holds device-side indices (sequence lengths or a page table), which cuDNN \
             follows unchecked: bind it with the unsafe `VariantPack::index_input`"
                .into(),
        );
    }
    if t.is_output {
        if !b.writable {
            return no("is written by the graph: bind it with `output`".into());
        }
        if t.dims.iter().chain(&t.strides).any(|&v| v < 0) {
            return no("is an output with a negative dimension or stride".into());
        }
        // `span` above read every value as a usize up to the first zero
        // dimension; past one the layout holds no element (and no
        // overlap), so a value beyond usize there may stand as usize::MAX.
        let size = |v: &i64| usize::try_from(*v).unwrap_or(usize::MAX);
        // Up to cuDNN's most axes on the stack.
        on_stack::<_, MAX_RANK, _>(0, t.dims.iter().map(size), |dims| {
            on_stack::<_, MAX_RANK, _>(0, t.strides.iter().map(size), |strides| {
                check_no_overlap(function, &name, dims, strides)
            })
        })?;
    }
    Ok(())
}

/// Checks each buffer's address against its tensor's alignment
/// ([`GraphTensor::alignment`]), and that no uid is bound twice.
pub(crate) fn check_addresses(
    function: &'static str,
    tensors: &[GraphTensor],
    addrs: &[(i64, u64)],
) -> Result<()> {
    for (i, &(uid, address)) in addrs.iter().enumerate() {
        if addrs[..i].iter().any(|(u, _)| *u == uid) {
            return Err(refuse(function, uid, "is bound twice".into()));
        }
        let alignment = tensors
            .iter()
            .find(|t| t.uid == uid)
            .map_or(1, |t| t.alignment.max(1));
        check_aligned(function, uid, address, alignment)?;
    }
    Ok(())
}

/// Checks that `alignment` (not 0) divides the `address` of tensor `uid`'s
/// buffer.
#[inline]
fn check_aligned(function: &'static str, uid: i64, address: u64, alignment: u64) -> Result<()> {
    if address.is_multiple_of(alignment) {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        function,
        mismatch: Mismatch::Misaligned {
            buffer: TensorUid(uid).to_string(),
            address,
            alignment,
        },
    })
}

/// The value of each by-value tensor of `tensors`, in its data type (as
/// the `u64` whose bytes hold it): the pack's, else the plan's.
pub(crate) fn scalar_words(
    function: &'static str,
    tensors: &[GraphTensor],
    scalars: &[(i64, ScalarValue)],
) -> Result<Vec<(i64, u64)>> {
    let mut out = Vec::new();
    for t in tensors.iter().filter(|t| t.is_by_value) {
        let given = scalars.iter().find(|(u, _)| *u == t.uid).map(|(_, v)| *v);
        let Some(v) = given.or(t.by_value) else {
            return Err(refuse(
                function,
                t.uid,
                "is a by-value scalar without a value: give it with `scalar`".into(),
            ));
        };
        let bytes = v
            .encode(t.data_type)
            .map_err(|why| refuse(function, t.uid, format!("is a by-value scalar: {why}")))?;
        out.push((t.uid, bytes.word()));
    }
    Ok(out)
}

mod prepared;
pub(crate) use prepared::Layout;
pub use prepared::PreparedPack;

#[cfg(test)]
mod pack_tests;
