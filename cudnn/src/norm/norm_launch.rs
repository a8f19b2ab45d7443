//! The batch-normalization launches and the sizes of the `Ex` launches'
//! workspace and reserve space.

use cudnn_sys as sys;

use crate::core::dtype::Scale;
use crate::core::error::Result;
use crate::core::handle::Handle;
use crate::core::launch::{check_buffer, check_library, Launch, Ptr};
use crate::core::library::ffi;
use crate::core::modes::Scaling;
use crate::core::workspace::Workspace;

use super::norm_args::{
    BnBackwardArgs, BnBackwardExArgs, BnBackwardScaling, BnInferenceArgs, BnTrainingArgs,
    BnTrainingExArgs,
};
use super::norm_problem::{
    check_batch_norm_reserve, BatchNormProblem, BACKWARD, BACKWARD_EX, INFERENCE, TRAINING,
    TRAINING_EX,
};
use super::param::BnParam;

/// The raw descriptor of the residual `z` / `dz`: `y`'s when the problem
/// adds one, null otherwise.
fn residual_desc<T: BnParam>(p: &BatchNormProblem<T>) -> sys::cudnnTensorDescriptor_t {
    if p.has_residual() {
        p.y().as_raw()
    } else {
        std::ptr::null_mut()
    }
}

/// Checks that the fused activation, if any, is the handle library's.
fn check_activation<T: BnParam>(l: &Launch<'_>, p: &BatchNormProblem<T>) -> Result<()> {
    match p.activation_library() {
        Some(lib) => l.descriptor("activation", lib),
        None => Ok(()),
    }
}

impl Handle {
    /// Checks that every descriptor of `p` was made by the handle's library
    /// (before they are handed to a size query).
    fn check_bn_library<T: BnParam>(
        &self,
        function: &'static str,
        p: &BatchNormProblem<T>,
    ) -> Result<()> {
        let lib = self.library();
        check_library(lib, function, "x", p.x().library())?;
        check_library(lib, function, "y", p.y().library())?;
        check_library(lib, function, "param", p.param().library())?;
        if let Some(a) = p.activation_library() {
            check_library(lib, function, "activation", a)?;
        }
        Ok(())
    }

    /// Inference: `y = alpha * (scale * (x - mean) / sqrt(var + epsilon) +
    /// bias) + beta * y`, with estimated (running) statistics.
    ///
    /// Checks first with `BatchNormProblem::check_forward_inference`, then
    /// every descriptor's library and every buffer's CUDA context.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnBatchNormalizationForwardInference")]
    pub fn batch_norm_forward_inference<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
        args: BnInferenceArgs<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        problem.check_forward_inference(&args.lengths())?;
        let l = self.launch(INFERENCE)?;
        let (xd, yd, pd) = (problem.x(), problem.y(), problem.param());
        let x = l.input("x", args.x, xd)?;
        let y = l.output("y", args.y, yd)?;
        let scale = l.input("scale", args.scale, pd)?;
        let bias = l.input("bias", args.bias, pd)?;
        let mean = l.input("estimated_mean", args.estimated_mean, pd)?;
        let var = l.input("estimated_var", args.estimated_var, pd)?;
        let run = ffi!(l.library(), cudnnBatchNormalizationForwardInference);
        // SAFETY: every buffer was checked against its descriptor (the
        // parameters against the derived one), the handle's library and
        // CUDA context; the problem checked the shapes and epsilon; alpha
        // and beta have the scaling type cuDNN expects for T.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.mode(),
                scaling.alpha.as_ptr(),
                scaling.beta.as_ptr(),
                xd.as_raw(),
                x.ptr(),
                yd.as_raw(),
                y.ptr(),
                pd.as_raw(),
                scale.ptr(),
                bias.ptr(),
                mean.ptr(),
                var.ptr(),
                problem.epsilon(),
            )
        };
        run.check(status)
    }

    /// One training step: `y = alpha * bn(x) + beta * y`, normalizing `x`
    /// by the batch's own mean and variance, then scaling by `scale` and
    /// shifting by `bias`.
    ///
    /// The running statistics, when given, are updated in place:
    /// `running = (1 - factor) * running + factor * batch` (the variance
    /// unbiased). The saved statistics, when given, receive the batch's
    /// mean and inverse standard deviation, which speed up
    /// [`batch_norm_backward`](Self::batch_norm_backward). All parameter
    /// buffers have the problem's parameter descriptor.
    ///
    /// Checks first with `BatchNormProblem::check_forward_training`, then
    /// every descriptor's library and every buffer's CUDA context.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before any
    /// GPU work for a mismatch; cuDNN's and CUDA's errors.
    #[doc(alias = "cudnnBatchNormalizationForwardTraining")]
    pub fn batch_norm_forward_training<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
        args: BnTrainingArgs<'_, T>,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let factor = args.exponential_average_factor;
        problem.check_forward_training(factor, &args.lengths())?;
        let l = self.launch(TRAINING)?;
        let (xd, yd, pd) = (problem.x(), problem.y(), problem.param());
        let x = l.input("x", args.x, xd)?;
        let y = l.output("y", args.y, yd)?;
        let scale = l.input("scale", args.scale, pd)?;
        let bias = l.input("bias", args.bias, pd)?;
        let (rm, rv) = args.running.map(|r| (r.mean, r.var)).unzip();
        let (sm, sv) = args.saved.map(|s| (s.mean, s.inv_var)).unzip();
        let rm = l.opt_output("running_mean", rm, pd)?;
        let rv = l.opt_output("running_var", rv, pd)?;
        let sm = l.opt_output("saved_mean", sm, pd)?;
        let sv = l.opt_output("saved_inv_var", sv, pd)?;
        let run = ffi!(l.library(), cudnnBatchNormalizationForwardTraining);
        // SAFETY: every buffer was checked against its descriptor (the
        // parameters against the derived one), the handle's library and
        // CUDA context; the optional pairs are both null or both valid, as
        // cuDNN requires; alpha and beta have the scaling type cuDNN
        // expects for T.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.mode(),
                scaling.alpha.as_ptr(),
                scaling.beta.as_ptr(),
                xd.as_raw(),
                x.ptr(),
                yd.as_raw(),
                y.ptr(),
                pd.as_raw(),
                scale.ptr(),
                bias.ptr(),
                factor,
                rm.ptr(),
                rv.ptr(),
                problem.epsilon(),
                sm.ptr(),
                sv.ptr(),
            )
        };
        run.check(status)
    }

    /// The gradients of a training step: `dx = data.alpha * dx_bn +
    /// data.beta * dx`, and `d_scale`, `d_bias` likewise with
    /// `scaling.params`. Without saved statistics cuDNN recomputes them.
    ///
    /// Checks first with `BatchNormProblem::check_backward`, then every
    /// descriptor's library and every buffer's CUDA context.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    #[doc(alias = "cudnnBatchNormalizationBackward")]
    pub fn batch_norm_backward<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
        args: BnBackwardArgs<'_, T>,
        scaling: BnBackwardScaling<T::Scale>,
    ) -> Result<()> {
        problem.check_backward(&args.lengths())?;
        let l = self.launch(BACKWARD)?;
        let (xd, yd, pd) = (problem.x(), problem.y(), problem.param());
        let x = l.input("x", args.x, xd)?;
        let dy = l.input("dy", args.dy, yd)?;
        let dx = l.output("dx", args.dx, xd)?;
        let scale = l.input("scale", args.scale, pd)?;
        let ds = l.output("d_scale", args.d_scale, pd)?;
        let db = l.output("d_bias", args.d_bias, pd)?;
        let (sm, sv) = args.saved.map(|s| (s.mean, s.inv_var)).unzip();
        let sm = l.opt_input("saved_mean", sm, pd)?;
        let sv = l.opt_input("saved_inv_var", sv, pd)?;
        let run = ffi!(l.library(), cudnnBatchNormalizationBackward);
        // SAFETY: as in batch_norm_forward_training; the saved pair is both
        // null or both valid.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.mode(),
                scaling.data.alpha.as_ptr(),
                scaling.data.beta.as_ptr(),
                scaling.params.alpha.as_ptr(),
                scaling.params.beta.as_ptr(),
                xd.as_raw(),
                x.ptr(),
                yd.as_raw(),
                dy.ptr(),
                xd.as_raw(),
                dx.ptr(),
                pd.as_raw(),
                scale.ptr(),
                ds.ptr(),
                db.ptr(),
                problem.epsilon(),
                sm.ptr(),
                sv.ptr(),
            )
        };
        run.check(status)
    }

    /// The workspace [`batch_norm_forward_training_ex`] needs for
    /// `problem`, in bytes.
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`](crate::Mismatch::OtherLibrary) for a descriptor of another loaded cuDNN;
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) when the loaded
    /// cuDNN lacks the function; cuDNN's error for a combination it does
    /// not support.
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    #[doc(alias = "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize")]
    pub fn batch_norm_forward_training_ex_workspace_size<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
    ) -> Result<usize> {
        const F: &str = "cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize";
        self.check_bn_library(F, problem)?;
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationForwardTrainingExWorkspaceSize
        );
        let mut size = 0usize;
        // SAFETY: the handle and descriptors are live and the handle
        // library's (the residual's and activation's null when the ops use
        // none, which cuDNN accepts); `size` is a valid out-pointer.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                problem.mode(),
                problem.ops(),
                problem.x().as_raw(),
                residual_desc(problem),
                problem.y().as_raw(),
                problem.param().as_raw(),
                problem.activation_ptr(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The workspace [`batch_norm_backward_ex`] needs for `problem`, in
    /// bytes.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex_workspace_size`].
    ///
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    /// [`batch_norm_forward_training_ex_workspace_size`]: Self::batch_norm_forward_training_ex_workspace_size
    #[doc(alias = "cudnnGetBatchNormalizationBackwardExWorkspaceSize")]
    pub fn batch_norm_backward_ex_workspace_size<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
    ) -> Result<usize> {
        const F: &str = "cudnnGetBatchNormalizationBackwardExWorkspaceSize";
        self.check_bn_library(F, problem)?;
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationBackwardExWorkspaceSize
        );
        let mut size = 0usize;
        let (x, y) = (problem.x().as_raw(), problem.y().as_raw());
        // SAFETY: as in batch_norm_forward_training_ex_workspace_size (x's
        // descriptor is dx's, y's is dy's).
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                problem.mode(),
                problem.ops(),
                x,
                y,
                y,
                residual_desc(problem),
                x,
                problem.param().as_raw(),
                problem.activation_ptr(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// The reserve space, in bytes, that
    /// [`batch_norm_forward_training_ex`] fills and
    /// [`batch_norm_backward_ex`] reads for `problem`; allocate it once per
    /// input shape and keep it between the two.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex_workspace_size`].
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    /// [`batch_norm_forward_training_ex_workspace_size`]: Self::batch_norm_forward_training_ex_workspace_size
    #[doc(alias = "cudnnGetBatchNormalizationTrainingExReserveSpaceSize")]
    pub fn batch_norm_training_ex_reserve_size<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
    ) -> Result<usize> {
        const F: &str = "cudnnGetBatchNormalizationTrainingExReserveSpaceSize";
        self.check_bn_library(F, problem)?;
        self.bind_context()?;
        let get = ffi!(
            self.library(),
            cudnnGetBatchNormalizationTrainingExReserveSpaceSize
        );
        let mut size = 0usize;
        // SAFETY: as in batch_norm_forward_training_ex_workspace_size.
        let status = unsafe {
            (get.f)(
                self.as_raw(),
                problem.mode(),
                problem.ops(),
                problem.activation_ptr(),
                problem.x().as_raw(),
                &mut size,
            )
        };
        get.check(status)?;
        Ok(size)
    }

    /// A training step with the problem's fused operations: `y =
    /// act(bn(x) + z)` per its ops (see
    /// [`BatchNormProblem::set_ops`]), otherwise as
    /// [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    /// The workspace grows to what cuDNN asks; the reserve space must hold
    /// [`batch_norm_training_ex_reserve_size`] bytes (`None` when that is
    /// 0) and be passed unchanged to [`batch_norm_backward_ex`]. cuDNN
    /// fuses only some configurations (typically NHWC, `f16`,
    /// `SPATIAL_PERSISTENT`) and answers `NOT_SUPPORTED` otherwise.
    ///
    /// Checks first with `BatchNormProblem::check_forward_training_ex`,
    /// then that the loaded cuDNN has the function, every descriptor's
    /// library, every buffer's CUDA context and the reserve's size.
    ///
    /// # Errors
    /// [`Error::NotAvailable`](crate::Error::NotAvailable) when the loaded
    /// cuDNN lacks the `Ex` functions; otherwise as
    /// [`batch_norm_forward_training`](Self::batch_norm_forward_training).
    ///
    /// [`batch_norm_training_ex_reserve_size`]: Self::batch_norm_training_ex_reserve_size
    /// [`batch_norm_backward_ex`]: Self::batch_norm_backward_ex
    #[doc(alias = "cudnnBatchNormalizationForwardTrainingEx")]
    pub fn batch_norm_forward_training_ex<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
        args: BnTrainingExArgs<'_, T>,
        workspace: &mut Workspace,
        scaling: Scaling<T::Scale>,
    ) -> Result<()> {
        let factor = args.exponential_average_factor;
        problem.check_forward_training_ex(factor, &args.lengths())?;
        self.library().require(TRAINING_EX)?;
        let l = self.launch(TRAINING_EX)?;
        check_activation(&l, problem)?;
        let (xd, yd, pd) = (problem.x(), problem.y(), problem.param());
        let x = l.input("x", args.x, xd)?;
        let z = l.opt_input("z", args.z, yd)?;
        let y = l.output("y", args.y, yd)?;
        let scale = l.input("scale", args.scale, pd)?;
        let bias = l.input("bias", args.bias, pd)?;
        let (rm, rv) = args.running.map(|r| (r.mean, r.var)).unzip();
        let (sm, sv) = args.saved.map(|s| (s.mean, s.inv_var)).unzip();
        let rm = l.opt_output("running_mean", rm, pd)?;
        let rv = l.opt_output("running_var", rv, pd)?;
        let sm = l.opt_output("saved_mean", sm, pd)?;
        let sv = l.opt_output("saved_inv_var", sv, pd)?;
        let need_ws = self.batch_norm_forward_training_ex_workspace_size(problem)?;
        let need_reserve = self.batch_norm_training_ex_reserve_size(problem)?;
        let reserve_len = args.reserve.as_ref().map(|r| r.len());
        check_batch_norm_reserve(TRAINING_EX, reserve_len, need_reserve)?;
        let reserve = match args.reserve {
            Some(r) => l.scratch("reserve", r, need_reserve)?,
            None => Ptr::null(),
        };
        let ws = l.workspace(workspace, need_ws)?;
        let run = ffi!(l.library(), cudnnBatchNormalizationForwardTrainingEx);
        // SAFETY: as in batch_norm_forward_training; `z` and the activation
        // are present exactly when the ops use them (checked), `z` with y's
        // descriptor; the workspace and reserve space hold at least what
        // cuDNN asked for.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.mode(),
                problem.ops(),
                scaling.alpha.as_ptr(),
                scaling.beta.as_ptr(),
                xd.as_raw(),
                x.ptr(),
                residual_desc(problem),
                z.ptr(),
                yd.as_raw(),
                y.ptr(),
                pd.as_raw(),
                scale.ptr(),
                bias.ptr(),
                factor,
                rm.ptr(),
                rv.ptr(),
                problem.epsilon(),
                sm.ptr(),
                sv.ptr(),
                problem.activation_ptr(),
                ws.ptr(),
                ws.len(),
                reserve.ptr(),
                reserve_len.unwrap_or(0),
            )
        };
        run.check(status)
    }

    /// The gradients of [`batch_norm_forward_training_ex`]: as
    /// [`batch_norm_backward`](Self::batch_norm_backward), through the
    /// fused activation (which reads the forward output `y` and `bias`),
    /// with the residual's gradient written to `dz` (given exactly when the
    /// problem's ops add a residual). The reserve space is the one the
    /// forward step filled.
    ///
    /// Checks first with `BatchNormProblem::check_backward_ex`, then that
    /// the loaded cuDNN has the function, every descriptor's library, every
    /// buffer's CUDA context and the reserve's size.
    ///
    /// # Errors
    /// As [`batch_norm_forward_training_ex`].
    ///
    /// [`batch_norm_forward_training_ex`]: Self::batch_norm_forward_training_ex
    #[doc(alias = "cudnnBatchNormalizationBackwardEx")]
    pub fn batch_norm_backward_ex<T: BnParam>(
        &self,
        problem: &BatchNormProblem<T>,
        args: BnBackwardExArgs<'_, T>,
        workspace: &mut Workspace,
        scaling: BnBackwardScaling<T::Scale>,
    ) -> Result<()> {
        problem.check_backward_ex(&args.lengths())?;
        self.library().require(BACKWARD_EX)?;
        let l = self.launch(BACKWARD_EX)?;
        check_activation(&l, problem)?;
        let (xd, yd, pd) = (problem.x(), problem.y(), problem.param());
        let x = l.input("x", args.x, xd)?;
        let y = l.input("y", args.y, yd)?;
        let dy = l.input("dy", args.dy, yd)?;
        let dz = l.opt_output("dz", args.dz, yd)?;
        let dx = l.output("dx", args.dx, xd)?;
        let scale = l.input("scale", args.scale, pd)?;
        let bias = l.input("bias", args.bias, pd)?;
        let ds = l.output("d_scale", args.d_scale, pd)?;
        let db = l.output("d_bias", args.d_bias, pd)?;
        let (sm, sv) = args.saved.map(|s| (s.mean, s.inv_var)).unzip();
        let sm = l.opt_input("saved_mean", sm, pd)?;
        let sv = l.opt_input("saved_inv_var", sv, pd)?;
        let need_ws = self.batch_norm_backward_ex_workspace_size(problem)?;
        let need_reserve = self.batch_norm_training_ex_reserve_size(problem)?;
        let reserve_len = args.reserve.map(|r| r.len());
        check_batch_norm_reserve(BACKWARD_EX, reserve_len, need_reserve)?;
        let (rp, _gr) = match args.reserve {
            Some(r) => {
                check_buffer(l.stream, BACKWARD_EX, "reserve", r, need_reserve)?;
                let (p, g) = r.device_ptr(l.stream);
                (p, Some(g))
            }
            None => (0, None),
        };
        let ws = l.workspace(workspace, need_ws)?;
        let run = ffi!(l.library(), cudnnBatchNormalizationBackwardEx);
        // SAFETY: as in batch_norm_forward_training_ex; cuDNN only reads
        // the reserve space here, although its prototype takes it mutable.
        let status = unsafe {
            (run.f)(
                l.raw(),
                problem.mode(),
                problem.ops(),
                scaling.data.alpha.as_ptr(),
                scaling.data.beta.as_ptr(),
                scaling.params.alpha.as_ptr(),
                scaling.params.beta.as_ptr(),
                xd.as_raw(),
                x.ptr(),
                yd.as_raw(),
                y.ptr(),
                yd.as_raw(),
                dy.ptr(),
                residual_desc(problem),
                dz.ptr(),
                xd.as_raw(),
                dx.ptr(),
                pd.as_raw(),
                scale.ptr(),
                bias.ptr(),
                ds.ptr(),
                db.ptr(),
                problem.epsilon(),
                sm.ptr(),
                sv.ptr(),
                problem.activation_ptr(),
                ws.ptr(),
                ws.len(),
                rp as _,
                reserve_len.unwrap_or(0),
            )
        };
        run.check(status)
    }
}
