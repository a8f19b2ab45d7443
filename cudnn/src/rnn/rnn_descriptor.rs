//! The network in cuDNN: [`RnnDescriptor`], which owns the dropout
//! descriptor it applies between layers.

use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::Arc;

use cudnn_sys as sys;

use super::config::{
    check_rnn_clip_in, check_rnn_config_in, RnnClip, RnnClipMode, RnnComputesIn, RnnConfig,
};
use super::weights::RnnWeightLayout;
use crate::core::descriptor::raw_descriptor;
use crate::core::dropout_descriptor::DropoutDescriptor;
use crate::core::dtype::ComputeType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::ContextKey;
use crate::core::library::{ffi, library, Library};

raw_descriptor!(
    /// An owned `cudnnRNNDescriptor_t`.
    RawRnn,
    sys::cudnnRNNDescriptor_t,
    cudnnCreateRNNDescriptor,
    cudnnDestroyRNNDescriptor
);

/// cuDNN's weight-space size in bytes, once asked, with the CUDA context
/// it was asked in.
pub(super) type WeightBytes = Cell<Option<(ContextKey, usize)>>;

/// A recurrent network (`cudnnRNNDescriptor_t`) on `T` data with math
/// precision `C`, with the dropout descriptor it applies between layers
/// when training, which it owns (cuDNN's descriptor points at it).
///
/// `Send`: it may move to another thread with its dropout descriptor. Not
/// `Sync`, on purpose: it remembers cuDNN's weight-space size in a
/// [`Cell`], and its [`DropoutDescriptor`] is not `Sync` (the training
/// forward advances the dropout states, so one network trains on one
/// thread at a time). Not `Clone`: [`try_clone`](Self::try_clone) makes a
/// new cuDNN descriptor.
pub struct RnnDescriptor<T: RnnComputesIn<C>, C: ComputeType> {
    pub(super) raw: RawRnn,
    pub(super) config: RnnConfig,
    pub(super) clip: Option<RnnClip>,
    /// Declared after `raw`, so dropped after the cuDNN descriptor that
    /// points at it.
    pub(super) dropout: Option<DropoutDescriptor>,
    pub(super) weight_bytes: WeightBytes,
    _t: PhantomData<fn() -> (T, C)>,
}

impl<T: RnnComputesIn<C>, C: ComputeType> std::fmt::Debug for RnnDescriptor<T, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RnnDescriptor")
            .field("type", &T::NAME)
            .field("math_precision", &C::NAME)
            .field("config", &self.config)
            .field("clip", &self.clip)
            .field(
                "dropout",
                &self.dropout.as_ref().map(DropoutDescriptor::probability),
            )
            .finish()
    }
}

impl<T: RnnComputesIn<C>, C: ComputeType> RnnDescriptor<T, C> {
    /// Sets `config` in a new descriptor with the process-wide library,
    /// with `dropout` between layers (none for `None`), which the
    /// descriptor keeps. Sequences may be padded (cuDNN's
    /// `CUDNN_RNN_PADDED_IO_ENABLED` is always set), so every data layout
    /// can be used.
    ///
    /// On an error `dropout` is dropped, its states freed; run
    /// `check_rnn_config` first to keep it on a bad configuration.
    ///
    /// # Errors
    /// As `check_rnn_config`; [`Mismatch::OtherLibrary`] for a dropout
    /// descriptor of another loaded cuDNN; cuDNN's error for a
    /// configuration it rejects (for example bf16 where the loaded cuDNN
    /// has no bf16 RNNs).
    #[doc(alias = "cudnnSetRNNDescriptor_v8")]
    #[doc(alias = "cudnnCreateRNNDescriptor")]
    pub fn new(config: &RnnConfig, dropout: Option<DropoutDescriptor>) -> Result<Self> {
        Self::new_in(library()?, config, dropout)
    }

    /// [`new`](Self::new) with the library `lib`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn new_in(
        lib: Arc<Library>,
        config: &RnnConfig,
        dropout: Option<DropoutDescriptor>,
    ) -> Result<Self> {
        const F: &str = "cudnnSetRNNDescriptor_v8";
        check_rnn_config_in("RnnDescriptor::new", config)?;
        if let Some(d) = &dropout {
            crate::core::launch::check_library(&lib, F, "dropout", d.library())?;
        }
        let raw = RawRnn::create(lib)?;
        let set = ffi!(raw.lib(), cudnnSetRNNDescriptor_v8);
        let proj = if config.proj_size > 0 {
            config.proj_size
        } else {
            config.hidden_size
        };
        let dropout_ptr = dropout
            .as_ref()
            .map_or(std::ptr::null_mut(), DropoutDescriptor::as_raw);
        // SAFETY: the descriptor is live; the sizes were checked to fit an
        // int; the dropout descriptor, when given, is of the same library
        // and is moved into the returned value, which drops it after the
        // RNN descriptor (field order).
        let status = unsafe {
            (set.f)(
                raw.ptr(),
                config.algo,
                config.mode,
                config.bias_mode,
                config.direction,
                config.input_mode,
                T::CUDNN,
                C::CUDNN,
                config.math_type,
                config.input_size as i32,
                config.hidden_size as i32,
                proj as i32,
                config.num_layers as i32,
                dropout_ptr,
                sys::CUDNN_RNN_PADDED_IO_ENABLED,
            )
        };
        set.check(status)?;
        Ok(RnnDescriptor {
            raw,
            config: config.clone(),
            clip: None,
            dropout,
            weight_bytes: Cell::new(None),
            _t: PhantomData,
        })
    }

    /// A new cuDNN descriptor with the same library, configuration and
    /// clipping, and no dropout.
    ///
    /// # Errors
    /// [`Mismatch::Unsupported`] when this one has a dropout descriptor:
    /// it owns its random-number states, which only a handle can copy (use
    /// [`try_clone_with_dropout`](Self::try_clone_with_dropout) with
    /// [`DropoutDescriptor::try_clone`] of [`dropout`](Self::dropout), or
    /// a new one); cuDNN's error.
    pub fn try_clone(&self) -> Result<Self> {
        ensure(self.dropout.is_none(), "cudnnSetRNNDescriptor_v8", || {
            Mismatch::Unsupported {
                what: "cloning a network with dropout: its dropout descriptor owns random-number \
                       states; give the clone its own with try_clone_with_dropout"
                    .into(),
            }
        })?;
        self.try_clone_with_dropout(None)
    }

    /// A new cuDNN descriptor with the same library, configuration and
    /// clipping, with `dropout` between layers.
    ///
    /// # Errors
    /// As [`new`](Self::new) and [`set_clip`](Self::set_clip).
    pub fn try_clone_with_dropout(&self, dropout: Option<DropoutDescriptor>) -> Result<Self> {
        let mut clone = Self::new_in(Arc::clone(self.library()), &self.config, dropout)?;
        if let Some(clip) = self.clip {
            clone.set_clip(clip)?;
        }
        Ok(clone)
    }

    /// Sets LSTM cell clipping (`CUDNN_RNN_CLIP_NONE` turns it off). On an
    /// error the clipping set before is kept.
    ///
    /// # Errors
    /// As `check_rnn_clip`; cuDNN's error.
    #[doc(alias = "cudnnRNNSetClip_v8")]
    pub fn set_clip(&mut self, clip: RnnClip) -> Result<()> {
        check_rnn_clip_in("RnnDescriptor::set_clip", &self.config, &clip)?;
        let set = ffi!(self.raw.lib(), cudnnRNNSetClip_v8);
        // SAFETY: the descriptor is live; the values are plain numbers.
        let status = unsafe {
            (set.f)(
                self.raw.ptr(),
                clip.mode,
                clip.nan_propagation,
                clip.min,
                clip.max,
            )
        };
        set.check(status)?;
        self.clip = (clip.mode != RnnClipMode::NONE).then_some(clip);
        Ok(())
    }

    /// The configuration.
    pub fn config(&self) -> &RnnConfig {
        &self.config
    }

    /// The clipping set, if any.
    pub fn clip(&self) -> Option<&RnnClip> {
        self.clip.as_ref()
    }

    /// The dropout applied between layers when training, if any.
    pub fn dropout(&self) -> Option<&DropoutDescriptor> {
        self.dropout.as_ref()
    }

    /// Gives the dropout descriptor back (to keep its states, or to give
    /// it to another network), destroying this one.
    pub fn into_dropout(self) -> Option<DropoutDescriptor> {
        let RnnDescriptor { raw, dropout, .. } = self;
        // The cuDNN descriptor that points at the dropout goes first.
        drop(raw);
        dropout
    }

    /// What cuDNN holds: the configuration read back with
    /// `cudnnGetRNNDescriptor_v8`, and the data type and math precision.
    ///
    /// # Errors
    /// cuDNN's error.
    #[doc(alias = "cudnnGetRNNDescriptor_v8")]
    pub fn query(&self) -> Result<(RnnConfig, sys::cudnnDataType_t, sys::cudnnDataType_t)> {
        let get = ffi!(self.raw.lib(), cudnnGetRNNDescriptor_v8);
        let mut c = self.config.clone();
        let (mut data, mut math) = (T::CUDNN, C::CUDNN);
        let (mut input, mut hidden, mut proj, mut layers) = (0i32, 0i32, 0i32, 0i32);
        let mut dropout: sys::cudnnDropoutDescriptor_t = std::ptr::null_mut();
        let mut aux = 0u32;
        // SAFETY: the descriptor is live; every out-pointer is valid.
        let status = unsafe {
            (get.f)(
                self.raw.ptr(),
                &mut c.algo,
                &mut c.mode,
                &mut c.bias_mode,
                &mut c.direction,
                &mut c.input_mode,
                &mut data,
                &mut math,
                &mut c.math_type,
                &mut input,
                &mut hidden,
                &mut proj,
                &mut layers,
                &mut dropout,
                &mut aux,
            )
        };
        get.check(status)?;
        let size = |v: i32| usize::try_from(v).unwrap_or(0);
        c.input_size = size(input);
        c.hidden_size = size(hidden);
        c.proj_size = if proj == hidden { 0 } else { size(proj) };
        c.num_layers = size(layers);
        Ok((c, data, math))
    }

    /// The weight-space layout predicted by this crate
    /// ([`RnnConfig::predicted_weight_layout`]).
    ///
    /// # Errors
    /// As [`RnnConfig::predicted_weight_layout`].
    pub fn predicted_weight_layout(&self) -> Result<RnnWeightLayout> {
        self.config.predicted_weight_layout()
    }

    /// The raw descriptor; it stays owned by `self`.
    pub fn as_raw(&self) -> sys::cudnnRNNDescriptor_t {
        self.raw.ptr()
    }

    /// The library it was created with.
    pub fn library(&self) -> &Arc<Library> {
        self.raw.lib()
    }
}
