//! Connectionist temporal classification (CTC) loss: cuDNN's legacy
//! `cudnnCTCLoss`, the loss and its gradient in one call, with the labels
//! and lengths in host memory.
//!
//! The activations (`probs`, `[T, N, A]`: time, batch, alphabet, packed,
//! `f32`) are in device memory, and so are the per-item costs (`N`) and the
//! gradient (`[T, N, A]`) it writes. Label 0 is the blank; the labels of all
//! items are concatenated, item 0's first. Because they are on the host,
//! every label and length is checked here before cuDNN sees it (the
//! errors of [`Handle::ctc_loss`](crate::Handle::ctc_loss) list the
//! checks).
//!
//! With [`LossNormalizationMode::SOFTMAX`] (what PyTorch uses) cuDNN
//! applies a softmax over the alphabet itself and returns the gradient with
//! respect to its input activations: `softmax(x) - gamma` (the CTC
//! occupation posteriors). Feeding `log_softmax(x)`, as PyTorch does, gives
//! the same result. `cudnn_reference::ctc` computes exactly this.
//!
//! The descriptor is set with `cudnnSetCTCLossDescriptor_v9` on cuDNN 9
//! (whose gradient mode is a [`CtcGradMode`]) and with
//! `cudnnSetCTCLossDescriptor_v8` on cuDNN 8 (whose gradient mode is a
//! [`NanPropagation`], `PROPAGATE_NAN` as PyTorch sets it; cuDNN 8 has no
//! out-of-bounds gradient mode, so only [`CtcGradMode::ZERO_OOB_GRADIENTS`]
//! is accepted there).

use std::sync::Arc;

use cudnn_sys as sys;

use crate::core::descriptor::raw_descriptor;
use crate::core::dtype::DType;
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::handle::Handle;
use crate::core::launch::{DeviceBuffer, DeviceBufferMut};
use crate::core::library::{ffi, library, Library};
use crate::core::modes::NanPropagation;
use crate::core::size;
use crate::core::tensor::{TensorDescriptor, TensorFormat};
use crate::core::workspace::Workspace;

/// How cuDNN computes the CTC loss (`cudnnCTCLossAlgo_t`):
/// `CtcLossAlgo::DETERMINISTIC` or `NON_DETERMINISTIC`.
///
/// Its constants (generated): `DETERMINISTIC` and `NON_DETERMINISTIC`. Each is
/// also there by its C name (`CUDNN_CTC_LOSS_ALGO_DETERMINISTIC`), which
/// `Display` writes.
pub type CtcLossAlgo = sys::cudnnCTCLossAlgo_t;

/// What the CTC loss's input is (`cudnnLossNormalizationMode_t`):
/// `LossNormalizationMode::SOFTMAX` (activations, normalized by cuDNN; the
/// gradient is with respect to them) or `NONE` (probabilities already
/// normalized).
///
/// Its constants (generated): `NONE` and `SOFTMAX`. Each is also there by its C
/// name (`CUDNN_LOSS_NORMALIZATION_NONE`), which `Display` writes.
pub type LossNormalizationMode = sys::cudnnLossNormalizationMode_t;

/// The gradient of the time steps past an item's input length
/// (`cudnnCTCGradMode_t`, cuDNN 9): `CtcGradMode::ZERO_OOB_GRADIENTS`
/// (written as zeros) or `SKIP_OOB_GRADIENTS` (left as they are).
///
/// Its constants (generated): `ZERO_OOB_GRADIENTS` and `SKIP_OOB_GRADIENTS`.
/// Each is also there by its C name (`CUDNN_CTC_ZERO_OOB_GRADIENTS`), which
/// `Display` writes.
pub type CtcGradMode = sys::cudnnCTCGradMode_t;

/// The longest label sequence cuDNN's CTC loss takes (its documented
/// limit: `CUDNN_STATUS_BAD_PARAM` beyond).
pub const CTC_MAX_LABEL_LENGTH: usize = 256;

raw_descriptor!(
    /// An owned `cudnnCTCLossDescriptor_t`.
    RawCtcLoss,
    sys::cudnnCTCLossDescriptor_t,
    cudnnCreateCTCLossDescriptor,
    cudnnDestroyCTCLossDescriptor
);

/// A CTC loss descriptor: computation in `f32`, a normalization mode, a
/// gradient mode and the longest label sequence. Not `Clone`
/// ([`try_clone`](Self::try_clone) makes a second one); `Send`, not `Sync`.
#[derive(Debug)]
pub struct CtcLossDescriptor {
    raw: RawCtcLoss,
    normalization: LossNormalizationMode,
    grad_mode: CtcGradMode,
    max_label_length: usize,
}

impl CtcLossDescriptor {
    /// A descriptor with the process-wide library.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a
    /// `max_label_length` outside `1..=256`, and on cuDNN 8 for a
    /// `grad_mode` other than `ZERO_OOB_GRADIENTS`; cuDNN's error otherwise.
    #[doc(alias = "cudnnSetCTCLossDescriptor_v9")]
    #[doc(alias = "cudnnSetCTCLossDescriptor_v8")]
    pub fn new(
        normalization: LossNormalizationMode,
        grad_mode: CtcGradMode,
        max_label_length: usize,
    ) -> Result<Self> {
        Self::new_in(library()?, normalization, grad_mode, max_label_length)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        normalization: LossNormalizationMode,
        grad_mode: CtcGradMode,
        max_label_length: usize,
    ) -> Result<Self> {
        const F: &str = "CtcLossDescriptor::new";
        let max = check_max_label_length(F, max_label_length)?;
        let major = lib.version().major;
        ensure(
            major >= 9 || grad_mode == CtcGradMode::ZERO_OOB_GRADIENTS,
            F,
            || Mismatch::Unsupported {
                what: format!("gradient mode {grad_mode} needs cuDNN 9 (loaded: {major})"),
            },
        )?;
        let raw = RawCtcLoss::create(lib)?;
        if major >= 9 {
            let set = ffi!(raw.lib(), cudnnSetCTCLossDescriptor_v9);
            // SAFETY: the descriptor is live; the rest are plain values.
            let status = unsafe { (set.f)(raw.ptr(), DType::FLOAT, normalization, grad_mode, max) };
            set.check(status)?;
        } else {
            let set = ffi!(raw.lib(), cudnnSetCTCLossDescriptor_v8);
            let nan = NanPropagation::PROPAGATE_NAN;
            // SAFETY: the descriptor is live; the rest are plain values.
            let status = unsafe { (set.f)(raw.ptr(), DType::FLOAT, normalization, nan, max) };
            set.check(status)?;
        }
        Ok(CtcLossDescriptor {
            raw,
            normalization,
            grad_mode,
            max_label_length,
        })
    }

    /// A second descriptor with the same settings, made by the same
    /// library.
    ///
    /// # Errors
    /// cuDNN's error creating or setting the new descriptor.
    pub fn try_clone(&self) -> Result<Self> {
        Self::new_in(
            Arc::clone(self.raw.lib()),
            self.normalization,
            self.grad_mode,
            self.max_label_length,
        )
    }

    /// The normalization mode.
    pub fn normalization(&self) -> LossNormalizationMode {
        self.normalization
    }

    /// The gradient mode (on cuDNN 8, always `ZERO_OOB_GRADIENTS`).
    pub fn grad_mode(&self) -> CtcGradMode {
        self.grad_mode
    }

    /// The longest label sequence a launch with it takes.
    pub fn max_label_length(&self) -> usize {
        self.max_label_length
    }

    /// The library that made it.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnCTCLossDescriptor_t {
        self.raw.ptr()
    }
}

/// `max_label_length` as cuDNN's `int`, checked to be in `1..=256`.
fn check_max_label_length(function: &'static str, max_label_length: usize) -> Result<i32> {
    ensure(
        (1..=CTC_MAX_LABEL_LENGTH).contains(&max_label_length),
        function,
        || Mismatch::BadValue {
            what: format!(
                "max_label_length = {max_label_length}: must be in 1..={CTC_MAX_LABEL_LENGTH}"
            ),
        },
    )?;
    i32::try_from(max_label_length)
        .map_err(|_| Error::bad_value(function, "max_label_length does not fit an int"))
}

/// The host arrays of a CTC launch: every item's labels concatenated, each
/// item's label count and each item's time steps.
#[derive(Debug, Clone, Copy)]
pub struct CtcLabels<'a> {
    /// Every item's labels, concatenated (item 0's first); each in `1..A`.
    pub labels: &'a [i32],
    /// `N` label counts, each at most the descriptor's `max_label_length`.
    pub label_lengths: &'a [i32],
    /// `N` input lengths, each in `1..=T`.
    pub input_lengths: &'a [i32],
}

/// The device buffers of [`Handle::ctc_loss`]: the activations `probs`
/// (`[T, N, A]`), the costs it writes (`N`) and the gradient it writes
/// (`[T, N, A]`). Named fields, so that a swap shows at the call site.
pub struct CtcLossBuffers<'a> {
    /// The activations (or, with `LossNormalizationMode::NONE`, the
    /// probabilities).
    pub probs: &'a dyn DeviceBuffer<f32>,
    /// The per-item costs, written.
    pub costs: &'a mut dyn DeviceBufferMut<f32>,
    /// The gradient, written.
    pub gradients: &'a mut dyn DeviceBufferMut<f32>,
}

/// A CTC loss problem: `T` time steps, a batch of `N`, an alphabet of `A`
/// (the blank included), its descriptor and the packed `[T, N, A]`
/// descriptors of `probs` and the gradient (one descriptor for both) and
/// `[N, 1, 1]` of the costs.
#[derive(Debug)]
pub struct CtcLossProblem {
    ctc: CtcLossDescriptor,
    probs: TensorDescriptor<f32>,
    costs: TensorDescriptor<f32>,
}

impl CtcLossProblem {
    /// A problem of `t` steps, `n` items and an alphabet of `a`, with the
    /// library of `ctc`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for a
    /// dimension of 0 or an alphabet of fewer than 2 (the blank and one
    /// label); cuDNN's error making the tensor descriptors.
    pub fn new(ctc: CtcLossDescriptor, t: usize, n: usize, a: usize) -> Result<Self> {
        ensure(a >= 2, "CtcLossProblem::new", || Mismatch::BadValue {
            what: format!("alphabet size {a}: needs the blank and at least one label"),
        })?;
        let lib = Arc::clone(ctc.library());
        let probs = TensorDescriptor::new_in(Arc::clone(&lib), TensorFormat::NCHW, &[t, n, a])?;
        let costs = TensorDescriptor::new_in(lib, TensorFormat::NCHW, &[n, 1, 1])?;
        Ok(CtcLossProblem { ctc, probs, costs })
    }

    /// The CTC loss descriptor.
    pub fn ctc(&self) -> &CtcLossDescriptor {
        &self.ctc
    }

    /// `(T, N, A)`.
    pub fn dims(&self) -> (usize, usize, usize) {
        match *self.probs.dims() {
            [t, n, a] => (t, n, a),
            _ => (0, 0, 0),
        }
    }

    /// The descriptor of `probs` and of the gradient.
    pub fn probs(&self) -> &TensorDescriptor<f32> {
        &self.probs
    }

    /// The descriptor of the costs.
    pub fn costs(&self) -> &TensorDescriptor<f32> {
        &self.costs
    }

    /// Checks the host arrays of a launch of this problem (`T`, `N`,
    /// `A`) against each other and against cuDNN's documented limits,
    /// without calling cuDNN, as [`Handle::ctc_loss`] does first: `N`
    /// label and input lengths; each input length in `1..=T`; each label
    /// length at most the descriptor's `max_label_length` (itself at most
    /// 256) and, with the item's adjacent repeated labels, at most its
    /// input length (a blank must separate repeats); the label lengths
    /// summing to `labels.len()`; each label in `1..A` (0 is the blank,
    /// not a label).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `cudnnCTCLoss`: [`Mismatch::Shape`] for a count that does not
    /// match, [`Mismatch::BadValue`] for a length or label out of range.
    pub(crate) fn check_labels(&self, labels: &CtcLabels<'_>) -> Result<()> {
        let (t, n, a) = self.dims();
        check_ctc_labels_in("cudnnCTCLoss", (t, n, a), self.ctc.max_label_length, labels)
    }
}

/// Adjacent equal labels: each needs one more time step.
fn repeats(labels: &[i32]) -> usize {
    labels.windows(2).filter(|w| w[0] == w[1]).count()
}

/// The checks of `CtcLossProblem::check_labels`, as the errors of
/// `function`.
fn check_ctc_labels_in(
    function: &'static str,
    (t, n, a): (usize, usize, usize),
    max_label_length: usize,
    labels: &CtcLabels<'_>,
) -> Result<()> {
    let CtcLabels {
        labels,
        label_lengths,
        input_lengths,
    } = *labels;
    let shape = |what: String| Error::invalid(function, Mismatch::Shape { what });
    if label_lengths.len() != n || input_lengths.len() != n {
        return Err(shape(format!(
            "{} label lengths and {} input lengths for a batch of {n}",
            label_lengths.len(),
            input_lengths.len()
        )));
    }
    let max = max_label_length.min(CTC_MAX_LABEL_LENGTH);
    let mut at = 0usize;
    for (b, (&ll, &il)) in label_lengths.iter().zip(input_lengths).enumerate() {
        let il = usize::try_from(il)
            .ok()
            .filter(|il| (1..=t).contains(il))
            .ok_or_else(|| {
                Error::bad_value(
                    function,
                    format!("input length {il} of item {b}: must be in 1..={t}"),
                )
            })?;
        let ll = usize::try_from(ll)
            .ok()
            .filter(|&ll| ll <= max)
            .ok_or_else(|| {
                Error::bad_value(
                    function,
                    format!("label length {ll} of item {b}: must be in 0..={max}"),
                )
            })?;
        let end = size::sum([at, ll])
            .filter(|&end| end <= labels.len())
            .ok_or_else(|| {
                shape(format!(
                    "the label lengths up to item {b} exceed the {} labels",
                    labels.len()
                ))
            })?;
        let item = labels.get(at..end).unwrap_or_default();
        if let Some(bad) = item
            .iter()
            .find(|&&l| l < 1 || usize::try_from(l).is_ok_and(|l| l >= a))
        {
            return Err(Error::bad_value(
                function,
                format!("label {bad} of item {b}: must be in 1..{a} (0 is the blank)"),
            ));
        }
        let need = size::sum([ll, repeats(item)]).unwrap_or(usize::MAX);
        ensure(il >= need, function, || Mismatch::BadValue {
            what: format!(
                "item {b}: input length {il} is less than its {ll} labels plus {} repeats",
                need.saturating_sub(ll)
            ),
        })?;
        at = end;
    }
    ensure(at == labels.len(), function, || Mismatch::Shape {
        what: format!(
            "the label lengths sum to {at}, there are {} labels",
            labels.len()
        ),
    })
}

impl Handle {
    /// The CTC loss of every item (into `costs`) and its gradient (into
    /// `gradients`), by `algo`; the workspace grows to what cuDNN asks.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) naming
    /// `cudnnCTCLoss`, before any GPU work: [`Mismatch::Shape`] for a
    /// count of label or input lengths other than `N`, or label lengths
    /// that do not sum to `labels.len()`; [`Mismatch::BadValue`] for an
    /// input length outside `1..=T`, a label length past the descriptor's
    /// `max_label_length` (at most 256) or, with the item's adjacent
    /// repeated labels, past its input length (a blank must separate
    /// repeats), a label outside `1..A` (0 is the blank); a short buffer,
    /// a buffer of another CUDA context or a descriptor of another loaded
    /// cuDNN. Then cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnCTCLoss")]
    #[doc(alias = "cudnnGetCTCLossWorkspaceSize")]
    pub fn ctc_loss(
        &self,
        problem: &CtcLossProblem,
        algo: CtcLossAlgo,
        labels: &CtcLabels<'_>,
        buffers: CtcLossBuffers<'_>,
        ws: &mut Workspace,
    ) -> Result<()> {
        problem.check_labels(labels)?;
        let CtcLossBuffers {
            probs,
            costs,
            gradients,
        } = buffers;
        let l = self.launch("cudnnCTCLoss")?;
        l.descriptor("ctc_loss", problem.ctc.library())?;
        let desc = problem.probs();
        let probs = l.input("probs", probs, desc)?;
        let costs = l.output("costs", costs, problem.costs())?;
        let gradients = l.output("gradients", gradients, desc)?;
        let (host_labels, label_lengths, input_lengths) = (
            labels.labels.as_ptr(),
            labels.label_lengths.as_ptr(),
            labels.input_lengths.as_ptr(),
        );
        let size = ffi!(l.library(), cudnnGetCTCLossWorkspaceSize);
        let mut bytes = 0usize;
        // SAFETY: the handle is bound to its context; the descriptors are
        // this library's; the host arrays were checked to hold N lengths
        // and the labels they count, and outlive the call; `bytes` is a
        // valid out-pointer.
        let status = unsafe {
            (size.f)(
                l.raw(),
                desc.as_raw(),
                desc.as_raw(),
                host_labels,
                label_lengths,
                input_lengths,
                algo,
                problem.ctc.as_raw(),
                &mut bytes,
            )
        };
        size.check(status)?;
        let ws = l.workspace(ws, bytes)?;
        let run = ffi!(l.library(), cudnnCTCLoss);
        // SAFETY: as for the size; probs, costs and gradients were checked
        // against their descriptors (library, context, length, no
        // overlapping outputs); the workspace holds at least `ws.len()`
        // bytes, at least what cuDNN asked for.
        let status = unsafe {
            (run.f)(
                l.raw(),
                desc.as_raw(),
                probs.ptr(),
                host_labels,
                label_lengths,
                input_lengths,
                costs.ptr(),
                desc.as_raw(),
                gradients.ptr(),
                algo,
                problem.ctc.as_raw(),
                ws.ptr(),
                ws.len(),
            )
        };
        run.check(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(dims: (usize, usize, usize), l: &[i32], ll: &[i32], il: &[i32]) -> Result<()> {
        check_ctc_labels_in(
            "check",
            dims,
            CTC_MAX_LABEL_LENGTH,
            &CtcLabels {
                labels: l,
                label_lengths: ll,
                input_lengths: il,
            },
        )
    }

    fn what(e: Error) -> (bool, String) {
        match e {
            Error::InvalidArgument { function, mismatch } => {
                assert_eq!(function, "check");
                (
                    matches!(mismatch, Mismatch::Shape { .. }),
                    mismatch.to_string(),
                )
            }
            other => panic!("expected InvalidArgument, got {other:?}"),
        }
    }

    #[test]
    fn good_labels_pass() {
        check((6, 2, 4), &[1, 2, 3, 3], &[2, 2], &[6, 3]).expect("fine");
        check((3, 1, 2), &[1, 1], &[2], &[3]).expect("repeat with room for a blank");
        check((2, 2, 2), &[], &[0, 0], &[2, 1]).expect("empty labels");
    }

    #[test]
    fn every_refusal_names_its_cause() {
        type Refusal = (
            &'static [i32],
            &'static [i32],
            &'static [i32],
            bool,
            &'static str,
        );
        let cases: [Refusal; 10] = [
            (
                &[1],
                &[1],
                &[2, 2],
                true,
                "1 label lengths and 2 input lengths",
            ),
            (
                &[1],
                &[1, 0],
                &[2],
                true,
                "2 label lengths and 1 input lengths",
            ),
            (&[1], &[1, 0], &[0, 2], false, "input length 0 of item 0"),
            (&[1], &[1, 0], &[2, 3], false, "input length 3 of item 1"),
            (&[1], &[-1, 0], &[2, 2], false, "label length -1 of item 0"),
            (&[1], &[1, 1], &[2, 2], true, "exceed the 1 labels"),
            (&[1, 2], &[1, 0], &[2, 2], true, "sum to 1, there are 2"),
            (&[0], &[1, 0], &[2, 2], false, "label 0 of item 0"),
            (&[3], &[0, 1], &[2, 2], false, "label 3 of item 1"),
            (&[1, 1], &[2, 0], &[2, 2], false, "plus 1 repeats"),
        ];
        for (l, ll, il, is_shape, text) in cases {
            let (shape, msg) = what(check((2, 2, 3), l, ll, il).expect_err(text));
            assert_eq!(shape, is_shape, "{msg}");
            assert!(msg.contains(text), "{msg} lacks {text}");
        }
    }

    #[test]
    fn label_length_limit() {
        let long = vec![1; 257];
        let il = [600];
        let (_, msg) = what(check((600, 1, 2), &long, &[257], &il).expect_err("257"));
        assert!(msg.contains("label length 257"), "{msg}");
        let e = check_ctc_labels_in(
            "check",
            (8, 1, 3),
            2,
            &CtcLabels {
                labels: &[1, 2, 1],
                label_lengths: &[3],
                input_lengths: &[8],
            },
        )
        .expect_err("over the descriptor's max");
        assert!(what(e).1.contains("must be in 0..=2"));
        // 256 alternating labels fit 256 steps.
        let ok: Vec<i32> = (0..256).map(|i| 1 + i % 2).collect();
        check((256, 1, 3), &ok, &[256], &[256]).expect("256 labels");
    }

    #[test]
    fn max_label_length_is_checked_before_cuda() {
        for bad in [0, 257] {
            let e = check_max_label_length("f", bad).expect_err("out of range");
            assert!(matches!(
                e,
                Error::InvalidArgument {
                    function: "f",
                    mismatch: Mismatch::BadValue { .. }
                }
            ));
        }
        assert_eq!(check_max_label_length("f", 256).expect("256"), 256);
    }
}
