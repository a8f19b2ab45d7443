//! Asking cuDNN about a network's weight space: its size, and where cuDNN
//! puts every matrix and bias in it ([`Handle::rnn_weight_layout`]).

#![warn(clippy::arithmetic_side_effects)]

use std::sync::Arc;

use cudarc::driver::DevicePtr;
use cudnn_sys as sys;

use super::config::{RnnComputesIn, RnnConfig, PROJECTION_ID};
use super::rnn_descriptor::{RawRnn, RnnDescriptor, WeightBytes};
use super::weights::{RnnParam, RnnParamKind, RnnWeightLayout};
use crate::core::dtype::ComputeType;
use crate::core::error::{ensure, Mismatch, Result};
use crate::core::handle::{ContextKey, Handle};
use crate::core::library::{ffi, Library};
use crate::core::tensor::RawTensor;

impl Handle {
    /// The size in bytes of the weight space of `rnn` (asked once per
    /// descriptor and device, then remembered).
    ///
    /// # Errors
    /// [`Mismatch::OtherLibrary`] for a descriptor of another loaded cuDNN;
    /// cuDNN's error (it needs a GPU).
    #[doc(alias = "cudnnGetRNNWeightSpaceSize")]
    pub fn rnn_weight_space_size<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<T, C>,
    ) -> Result<usize> {
        self.weight_space_bytes(&rnn.raw, &rnn.weight_bytes)
    }

    /// [`rnn_weight_space_size`](Self::rnn_weight_space_size) of the cuDNN
    /// descriptor `rnn`, remembered in `cache`.
    pub(super) fn weight_space_bytes(&self, rnn: &RawRnn, cache: &WeightBytes) -> Result<usize> {
        const F: &str = "cudnnGetRNNWeightSpaceSize";
        crate::core::launch::check_library(self.library(), F, "rnn", rnn.lib())?;
        let device = self.stream().map(|s| ContextKey::of(s.context()));
        if let (Some(d), Some((at, size))) = (device, cache.get()) {
            if d == at {
                return Ok(size);
            }
        }
        self.bind_context()?;
        let get = ffi!(self.library(), cudnnGetRNNWeightSpaceSize);
        let mut size = 0usize;
        // SAFETY: the handle and the descriptor (of the handle's library)
        // are live; `size` is a valid out-pointer.
        let status = unsafe { (get.f)(self.as_raw(), rnn.ptr(), &mut size) };
        get.check(status)?;
        if let Some(d) = device {
            cache.set(Some((d, size)));
        }
        Ok(size)
    }

    /// The weight space in elements of `T`: what a weight (or weight
    /// gradient) buffer must hold.
    ///
    /// # Errors
    /// As [`rnn_weight_space_size`](Self::rnn_weight_space_size).
    pub fn rnn_weight_space_len<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<T, C>,
    ) -> Result<usize> {
        Ok(self
            .rnn_weight_space_size(rnn)?
            .div_ceil(std::mem::size_of::<T>()))
    }

    /// Where cuDNN puts every matrix and bias of `rnn` in its weight space
    /// (`cudnnGetRNNWeightParams` for every pseudo-layer and `linLayerID`,
    /// on a scratch weight space allocated for the query). The layout to
    /// load weights with; see [`RnnWeightLayout`] for the gates.
    ///
    /// # Errors
    /// As [`rnn_weight_space_size`](Self::rnn_weight_space_size); cuDNN's
    /// and CUDA's errors; [`Mismatch::Unsupported`] when cuDNN
    /// reports a region that is not inside its weight space or not aligned
    /// to `T`.
    #[doc(alias = "cudnnGetRNNWeightParams")]
    pub fn rnn_weight_layout<T: RnnComputesIn<C>, C: ComputeType>(
        &self,
        rnn: &RnnDescriptor<T, C>,
    ) -> Result<RnnWeightLayout> {
        const F: &str = "cudnnGetRNNWeightParams";
        let config = rnn.config();
        let predicted = config.predicted_weight_layout()?;
        // Checks that `rnn` is of the handle's library, too.
        let size = self.rnn_weight_space_size(rnn)?;
        let stream = self.launch_stream(F)?;
        let scratch = stream.alloc_zeros::<u8>(size.max(1))?;
        let (base, _guard) = scratch.device_ptr(stream);
        let space = Scratch {
            base,
            size,
            elem: std::mem::size_of::<T>(),
        };
        let lib = Arc::clone(self.library());
        let m_desc = RawTensor::create(&lib)?;
        let b_desc = RawTensor::create(&lib)?;
        let get = ffi!(lib, cudnnGetRNNWeightParams);
        let mut params = Vec::new();
        for region in regions_to_ask(config) {
            let Region {
                pseudo_layer,
                layer,
                reverse,
                lin_layer_id: id,
                kind,
            } = region;
            let expected = predicted.find(layer, reverse, id, kind).is_some();
            // Both regions are asked for every time, as cuDNN's samples and
            // PyTorch do (neither passes NULL for the descriptor or address
            // it does not need); the one of `kind` is kept.
            let mut m_addr: *mut std::ffi::c_void = std::ptr::null_mut();
            let mut b_addr: *mut std::ffi::c_void = std::ptr::null_mut();
            // SAFETY: the handle and descriptors are live; the
            // weight space is a device allocation of `size` bytes
            // that cuDNN only computes addresses in; the
            // out-pointers are valid.
            let status = unsafe {
                (get.f)(
                    self.as_raw(),
                    rnn.as_raw(),
                    pseudo_layer as i32,
                    size,
                    base as *const std::ffi::c_void,
                    id as i32,
                    m_desc.ptr(),
                    &mut m_addr,
                    b_desc.ptr(),
                    &mut b_addr,
                )
            };
            let (desc, addr) = if kind == RnnParamKind::Matrix {
                (&m_desc, m_addr)
            } else {
                (&b_desc, b_addr)
            };
            match get.check(status) {
                Ok(()) => {}
                // A region this crate expects absent may be refused.
                Err(_) if !expected => continue,
                Err(e) => return Err(e),
            }
            if addr.is_null() {
                continue;
            }
            params.push(space.param_at(&lib, desc, addr, region)?);
        }
        // In weight-space order, as the prediction lists them.
        params.sort_by_key(|p| p.offset);
        Ok(RnnWeightLayout::from_regions(
            config.clone(),
            params,
            size.div_ceil(space.elem),
        ))
    }
}

/// The scratch weight space the layout is asked on: its device address,
/// its size in bytes and the element size of `T`.
#[derive(Clone, Copy)]
struct Scratch {
    base: u64,
    size: usize,
    elem: usize,
}

/// Which region cuDNN is asked for.
#[derive(Clone, Copy)]
struct Region {
    pseudo_layer: usize,
    layer: usize,
    reverse: bool,
    lin_layer_id: usize,
    kind: RnnParamKind,
}

/// Every region to ask cuDNN for, in order: for each pseudo-layer, the
/// matrices of every `linLayerID`, then the biases (none for the
/// projection).
fn regions_to_ask(config: &RnnConfig) -> Vec<Region> {
    let dirs = config.dirs();
    let mut out = Vec::new();
    for pseudo_layer in 0..config.pseudo_layers() {
        for kind in [RnnParamKind::Matrix, RnnParamKind::Bias] {
            for lin_layer_id in config.lin_layer_ids() {
                if kind == RnnParamKind::Bias && lin_layer_id == PROJECTION_ID {
                    continue;
                }
                // dirs() is 1 or 2, never 0.
                #[allow(clippy::arithmetic_side_effects)]
                let (layer, reverse) = (pseudo_layer / dirs, pseudo_layer % dirs == 1);
                out.push(Region {
                    pseudo_layer,
                    layer,
                    reverse,
                    lin_layer_id,
                    kind,
                });
            }
        }
    }
    out
}

impl Scratch {
    /// The region cuDNN described with `desc` at `addr`, as an offset in
    /// elements of `T`.
    ///
    /// # Errors
    /// cuDNN's error reading `desc`; [`Mismatch::Unsupported`] when the
    /// region is not inside the space or not aligned to `T`.
    fn param_at(
        self,
        lib: &Library,
        desc: &RawTensor,
        addr: *mut std::ffi::c_void,
        region: Region,
    ) -> Result<RnnParam> {
        const F: &str = "cudnnGetRNNWeightParams";
        let Scratch { base, size, elem } = self;
        let Region {
            pseudo_layer,
            layer,
            reverse,
            lin_layer_id: id,
            kind,
        } = region;
        let dims = tensor_dims(lib, desc)?;
        let count = dims.iter().product::<usize>();
        let (rows, cols) = region_shape(kind, &dims);
        let at = (addr as u64).wrapping_sub(base) as usize;
        let inside = (addr as u64) >= base
            && at.is_multiple_of(elem)
            && count
                .checked_mul(elem)
                .and_then(|b| b.checked_add(at))
                .is_some_and(|end| end <= size);
        ensure(inside, F, || Mismatch::Unsupported {
            what: format!(
                "cuDNN reported {count} elements ({dims:?}) at byte {at} for \
                 pseudo-layer {pseudo_layer}, linLayerID {id}, outside its weight \
                 space of {size} bytes or not aligned to {elem}"
            ),
        })?;
        // elem is size_of::<T>() of an element type, never 0.
        #[allow(clippy::arithmetic_side_effects)]
        let offset = at / elem;
        Ok(RnnParam {
            pseudo_layer,
            layer,
            reverse,
            lin_layer_id: id,
            kind,
            offset,
            rows,
            cols,
        })
    }
}

/// `(rows, cols)` of a region cuDNN describes with `dims` (`[1, rows,
/// cols]` for a matrix, `[1, rows, 1]` for a bias, in cuDNN 8 and 9): a
/// bias is a column of all its elements; a matrix's leading dimensions of 1
/// are dropped; anything else is a column.
fn region_shape(kind: RnnParamKind, dims: &[usize]) -> (usize, usize) {
    let count = dims.iter().product::<usize>();
    if kind == RnnParamKind::Bias {
        return (count, 1);
    }
    match dims {
        [.., 1, r, c] | [r, c] => (*r, *c),
        [r] => (*r, 1),
        [r, c, 1] => (*r, *c),
        _ => (count, 1),
    }
}

/// The dimensions of a tensor descriptor cuDNN filled (up to 8).
fn tensor_dims(lib: &Library, desc: &RawTensor) -> Result<Vec<usize>> {
    let get = ffi!(lib, cudnnGetTensorNdDescriptor);
    let mut data = sys::cudnnDataType_t::FLOAT;
    let mut nb = 0i32;
    let mut dims = [0i32; 8];
    let mut strides = [0i32; 8];
    // SAFETY: the descriptor is live; the arrays have room for the 8 dims
    // requested.
    let status = unsafe {
        (get.f)(
            desc.ptr(),
            8,
            &mut data,
            &mut nb,
            dims.as_mut_ptr(),
            strides.as_mut_ptr(),
        )
    };
    get.check(status)?;
    Ok(dims[..nb.clamp(0, 8) as usize]
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_shapes() {
        assert_eq!(region_shape(RnnParamKind::Matrix, &[1, 4, 3]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[1, 4, 1]), (4, 1));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[4, 3]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Matrix, &[4, 3, 1]), (4, 3));
        assert_eq!(region_shape(RnnParamKind::Bias, &[1, 4, 1]), (4, 1));
        assert_eq!(region_shape(RnnParamKind::Bias, &[4, 1, 1]), (4, 1));
    }
}
