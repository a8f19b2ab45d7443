//! The weight space: where every matrix and bias lies in it
//! ([`RnnWeightLayout`], predicted by this crate or asked of cuDNN), and
//! how PyTorch's tensors map onto it.

#![warn(clippy::arithmetic_side_effects)]

use std::ops::Range;

use super::config::{check_rnn_config_in, RnnConfig, RnnInputMode, PROJECTION_ID};
use crate::core::error::{ensure, Error, Mismatch, Result};
use crate::core::size;

impl RnnConfig {
    /// The weight-space layout this crate predicts for the standard
    /// algorithm, without cuDNN, densely packed: first the matrices of
    /// every pseudo-layer in turn (layer 0 forward, layer 0 reverse, layer
    /// 1 forward, ...), each pseudo-layer's input matrices (`linLayerID`
    /// `0..gates`), recurrent matrices (`gates..2 * gates`) and LSTM
    /// projection (8); then the biases of every pseudo-layer in turn, its
    /// input biases then its recurrent biases. (All matrices before all
    /// biases is the packing MXNet hands to cuDNN as its weight space, and
    /// the one ONNX's `OptimizedRNN` documents as cuDNN's; for a single
    /// pseudo-layer it is `W, R, b_W, b_R`.) A matrix is `(rows, cols)`
    /// row-major: `hidden x layer input`, `hidden x out_size`,
    /// `proj x hidden`. [`params`](RnnWeightLayout::params) lists the
    /// regions in this order, which is their order in the weight space.
    ///
    /// The prediction serves tests and planning; launches use cuDNN's own
    /// layout
    /// ([`Handle::rnn_weight_layout`](crate::Handle::rnn_weight_layout)),
    /// which the GPU tests compare with this one.
    ///
    /// # Errors
    /// As `check_rnn_config`; [`Mismatch::BadValue`] when the sizes
    /// overflow or the list of regions (about 16 per pseudo-layer) cannot
    /// be allocated.
    pub fn predicted_weight_layout(&self) -> Result<RnnWeightLayout> {
        const F: &str = "cudnnGetRNNWeightParams";
        check_rnn_config_in("RnnConfig::predicted_weight_layout", self)?;
        let overflow = || Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::BadValue {
                what: "the weight space's size overflows usize".into(),
            },
        };
        let (g, h, dirs) = (self.gates(), self.hidden_size, self.dirs());
        // gates() is at most 4.
        #[allow(clippy::arithmetic_side_effects)]
        let (g2, per_layer) = (2 * g, 4 * g + 1);
        // At most 4 * gates + 1 regions per pseudo-layer: a list that
        // cannot be allocated is an error, not the end of the process.
        let regions = self
            .pseudo_layers()
            .checked_mul(per_layer)
            .ok_or_else(overflow)?;
        let mut params = Vec::new();
        params
            .try_reserve_exact(regions)
            .map_err(|_| Error::InvalidArgument {
                function: F,
                mismatch: Mismatch::BadValue {
                    what: format!("a layout of up to {regions} regions cannot be allocated"),
                },
            })?;
        let mut offset = 0usize;
        // All matrices (every pseudo-layer), then all biases.
        let passes = (0..self.pseudo_layers())
            .map(|pl| (RnnParamKind::Matrix, pl))
            .chain((0..self.pseudo_layers()).map(|pl| (RnnParamKind::Bias, pl)));
        for (pass, pseudo_layer) in passes {
            // dirs() is 1 or 2, never 0.
            #[allow(clippy::arithmetic_side_effects)]
            let (layer, reverse) = (pseudo_layer / dirs, pseudo_layer % dirs == 1);
            let skip = layer == 0 && self.input_mode == RnnInputMode::SKIP_INPUT;
            let mut regions: Vec<(usize, RnnParamKind, usize, usize)> = Vec::new();
            if pass == RnnParamKind::Matrix {
                if !skip {
                    regions.extend(
                        (0..g)
                            .map(|id| (id, RnnParamKind::Matrix, h, self.layer_input_size(layer))),
                    );
                }
                regions.extend((g..g2).map(|id| (id, RnnParamKind::Matrix, h, self.out_size())));
                if self.proj_size > 0 {
                    regions.push((PROJECTION_ID, RnnParamKind::Matrix, self.proj_size, h));
                }
            } else {
                if self.has_input_bias() {
                    regions.extend((0..g).map(|id| (id, RnnParamKind::Bias, h, 1)));
                }
                if self.has_recurrent_bias() {
                    regions.extend((g..g2).map(|id| (id, RnnParamKind::Bias, h, 1)));
                }
            }
            for (lin_layer_id, kind, rows, cols) in regions {
                params.push(RnnParam {
                    pseudo_layer,
                    layer,
                    reverse,
                    lin_layer_id,
                    kind,
                    offset,
                    rows,
                    cols,
                });
                let len = rows.checked_mul(cols).ok_or_else(overflow)?;
                offset = offset.checked_add(len).ok_or_else(overflow)?;
            }
        }
        Ok(RnnWeightLayout {
            config: self.clone(),
            params,
            len: offset,
        })
    }
}

/// Which region of the weight space a [`RnnParam`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RnnParamKind {
    /// A weight matrix, `rows x cols` row-major.
    Matrix,
    /// A bias vector of `rows` elements.
    Bias,
}

/// What a weight matrix multiplies, or which bias it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RnnParamSide {
    /// The layer input (`W`, `b_W`; PyTorch's `weight_ih`, `bias_ih`).
    Input,
    /// The recurrent state (`R`, `b_R`; PyTorch's `weight_hh`, `bias_hh`).
    Recurrent,
    /// The LSTM output projection (PyTorch's `weight_hr`).
    Projection,
}

/// One matrix or bias in the weight space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RnnParam {
    /// cuDNN's pseudo-layer: `layer * dirs + (reverse as usize)`.
    pub pseudo_layer: usize,
    /// The layer.
    pub layer: usize,
    /// Whether it belongs to the reverse direction.
    pub reverse: bool,
    /// cuDNN's `linLayerID` (see [`RnnWeightLayout`] for the gates).
    pub lin_layer_id: usize,
    /// Matrix or bias.
    pub kind: RnnParamKind,
    /// Where it starts, in elements from the start of the weight space.
    pub offset: usize,
    /// Rows (a bias's length).
    pub rows: usize,
    /// Columns (1 for a bias).
    pub cols: usize,
}

impl RnnParam {
    /// Elements: `rows * cols` (saturating: the fields are public, and a
    /// product past `usize::MAX` describes no real region).
    pub fn len(&self) -> usize {
        self.rows.saturating_mul(self.cols)
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its elements in the weight space (the end saturates, as
    /// [`len`](Self::len) does).
    pub fn range(&self) -> Range<usize> {
        self.offset..self.offset.saturating_add(self.len())
    }
}

/// Which PyTorch tensor of a direction a name refers to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TorchPart {
    WeightIh,
    WeightHh,
    BiasIh,
    BiasHh,
    WeightHr,
}

const TORCH_PARTS: [(TorchPart, &str); 5] = [
    (TorchPart::WeightIh, "weight_ih"),
    (TorchPart::WeightHh, "weight_hh"),
    (TorchPart::BiasIh, "bias_ih"),
    (TorchPart::BiasHh, "bias_hh"),
    (TorchPart::WeightHr, "weight_hr"),
];

/// Where every matrix and bias lies in an RNN's weight space, and how
/// PyTorch's tensors map onto them.
///
/// # Gates
///
/// cuDNN numbers the matrices (and biases) of a pseudo-layer by
/// `linLayerID`; the gate order is the same as PyTorch's, so PyTorch's
/// stacked tensors split into consecutive blocks of `hidden_size` rows:
///
/// | cell | input side (`W`, `weight_ih`, `bias_ih`) | recurrent side (`R`, `weight_hh`, `bias_hh`) | projection |
/// |------|------|------|------|
/// | RNN  | 0 | 1 | |
/// | LSTM | 0 input `i`, 1 forget `f`, 2 new memory `c'` (PyTorch's `g`), 3 output `o` | 4 `i`, 5 `f`, 6 `c'`, 7 `o` | 8 (`weight_hr`, no bias) |
/// | GRU  | 0 reset `r`, 1 update `z` (cuDNN's `i`), 2 new `n` (cuDNN's `h'`) | 3 `r`, 4 `z`, 5 `n` | |
///
/// So gate `k` of `weight_ih_l{l}` (rows `k * hidden..(k + 1) * hidden`) is
/// the matrix with `linLayerID` `k` of pseudo-layer `l * dirs`, and gate
/// `k` of `weight_hh_l{l}` the one with `linLayerID` `gates + k`;
/// `_reverse` tensors belong to pseudo-layer `l * dirs + 1`. Matrices are
/// row-major `(hidden, layer input)`, `(hidden, out)` and `(proj, hidden)`,
/// PyTorch's own orientation, so blocks copy as they are.
///
/// The GRU's new gate has its recurrent bias inside the reset product:
/// PyTorch's `n = tanh(W_in x + b_in + r * (W_hn h + b_hn))` is cuDNN's
/// `h' = tanh(W_h x + r ∘ (R_h h + b_Rh) + b_Wh)`, so `bias_hh`'s third
/// block is cuDNN's recurrent bias 5 and the two biases of that gate cannot
/// be merged (with `CUDNN_RNN_SINGLE_INP_BIAS` a GRU is not a PyTorch GRU
/// whose `b_hn` is 0 unless it is). For the other gates and cells only
/// `b_ih + b_hh` matters.
///
/// Sources: PyTorch's `aten/src/ATen/native/cudnn/RNN.cpp` builds
/// `weight_ih`, `weight_hh`, `bias_ih`, `bias_hh` as views of cuDNN's
/// weight space starting at `linLayerID` 0 and `gates` and checks that the
/// gates follow each other, and `weight_hr` from `linLayerID` 8; the GRU
/// formula is cuDNN's `cudnnRNNMode_t` documentation's (quoted by
/// TensorFlow's `CudnnCompatibleGRUCell`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RnnWeightLayout {
    config: RnnConfig,
    params: Vec<RnnParam>,
    len: usize,
}

impl RnnWeightLayout {
    /// The layout of `config` with the regions `params`, in weight-space
    /// order, in a space of `len` elements.
    pub(super) fn from_regions(config: RnnConfig, params: Vec<RnnParam>, len: usize) -> Self {
        RnnWeightLayout {
            config,
            params,
            len,
        }
    }

    /// The configuration it is for.
    pub fn config(&self) -> &RnnConfig {
        &self.config
    }

    /// Every matrix and bias, in the order they lie in the weight space
    /// (by offset).
    pub fn params(&self) -> &[RnnParam] {
        &self.params
    }

    /// The weight space's size in elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the weight space is empty (never, for a valid network).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The region of `lin_layer_id`'s matrix or bias of one direction of
    /// one layer, if there is one.
    pub fn find(
        &self,
        layer: usize,
        reverse: bool,
        lin_layer_id: usize,
        kind: RnnParamKind,
    ) -> Option<&RnnParam> {
        self.params.iter().find(|p| {
            p.layer == layer
                && p.reverse == reverse
                && p.lin_layer_id == lin_layer_id
                && p.kind == kind
        })
    }

    /// cuDNN's `linLayerID` for `gate` (in the order of the table above,
    /// PyTorch's) on `side`: `gate` on the input side, `gates + gate` on
    /// the recurrent side, 8 for the projection (gate 0).
    pub fn lin_layer_id(&self, side: RnnParamSide, gate: usize) -> Option<usize> {
        let g = self.config.gates();
        match side {
            RnnParamSide::Input if gate < g => Some(gate),
            RnnParamSide::Recurrent if gate < g => g.checked_add(gate),
            RnnParamSide::Projection if gate == 0 && self.config.proj_size > 0 => {
                Some(PROJECTION_ID)
            }
            _ => None,
        }
    }

    /// The matrix of `gate` on `side`, for one direction of one layer.
    pub fn matrix(
        &self,
        layer: usize,
        reverse: bool,
        side: RnnParamSide,
        gate: usize,
    ) -> Option<&RnnParam> {
        let id = self.lin_layer_id(side, gate)?;
        self.find(layer, reverse, id, RnnParamKind::Matrix)
    }

    /// The bias of `gate` on `side` (there is none for the projection).
    pub fn bias(
        &self,
        layer: usize,
        reverse: bool,
        side: RnnParamSide,
        gate: usize,
    ) -> Option<&RnnParam> {
        let id = self.lin_layer_id(side, gate)?;
        self.find(layer, reverse, id, RnnParamKind::Bias)
    }

    /// The names of the PyTorch tensors this weight space holds, in the
    /// order of `named_parameters()` (`weight_ih_l0`, `weight_hh_l0`,
    /// `bias_ih_l0`, `bias_hh_l0`, `weight_hr_l0`, then `..._l0_reverse`,
    /// then layer 1, ...).
    pub fn pytorch_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for layer in 0..self.config.num_layers {
            for dir in 0..self.config.dirs() {
                for (_, part) in TORCH_PARTS {
                    let name = torch_name(part, layer, dir);
                    if self.torch_pieces(&name).is_some() {
                        names.push(name);
                    }
                }
            }
        }
        names
    }

    /// The shape of PyTorch's tensor `name`, if this weight space holds it.
    pub fn pytorch_shape(&self, name: &str) -> Option<Vec<usize>> {
        self.torch_pieces(name).map(|(shape, _)| shape)
    }

    /// PyTorch's tensor `name`: its shape, and the regions its consecutive
    /// blocks go to, with where each block starts in the tensor.
    fn torch_pieces(&self, name: &str) -> Option<TorchPieces> {
        let (part, layer, dir) = parse_torch_name(name)?;
        let c = &self.config;
        if layer >= c.num_layers || dir >= c.dirs() {
            return None;
        }
        let (g, h) = (c.gates(), c.hidden_size);
        // gates() is at most 4.
        #[allow(clippy::arithmetic_side_effects)]
        let g2 = 2 * g;
        let reverse = dir == 1;
        let (ids, kind, rows, cols): (Range<usize>, _, _, _) = match part {
            TorchPart::WeightIh => (0..g, RnnParamKind::Matrix, h, c.layer_input_size(layer)),
            TorchPart::WeightHh => (g..g2, RnnParamKind::Matrix, h, c.out_size()),
            TorchPart::BiasIh => (0..g, RnnParamKind::Bias, h, 1),
            TorchPart::BiasHh => (g..g2, RnnParamKind::Bias, h, 1),
            TorchPart::WeightHr => (
                PROJECTION_ID..PROJECTION_ID + 1,
                RnnParamKind::Matrix,
                c.proj_size,
                h,
            ),
        };
        let mut pieces = Vec::new();
        for (k, id) in ids.clone().enumerate() {
            let p = *self.find(layer, reverse, id, kind)?;
            pieces.push((size::product([k, rows, cols])?, p));
        }
        let blocks = ids.len();
        let shape = if kind == RnnParamKind::Bias {
            vec![size::product([blocks, rows])?]
        } else {
            vec![size::product([blocks, rows])?, cols]
        };
        Some((shape, pieces))
    }

    /// Checks `name` against this layout and a tensor of `len` elements,
    /// and returns its pieces.
    fn torch_checked(
        &self,
        name: &str,
        len: usize,
        weights: usize,
    ) -> Result<Vec<(usize, RnnParam)>> {
        const F: &str = "cudnnGetRNNWeightParams";
        let (shape, pieces) = self
            .torch_pieces(name)
            .ok_or_else(|| Error::InvalidArgument {
                function: F,
                mismatch: Mismatch::BadValue {
                    what: format!(
                        "no PyTorch tensor {name:?} in this network (it has {:?})",
                        self.pytorch_names()
                    ),
                },
            })?;
        let want = size::product(shape.iter().copied()).ok_or_else(|| Error::InvalidArgument {
            function: F,
            mismatch: Mismatch::BadValue {
                what: format!("{name}: the shape {shape:?} overflows usize"),
            },
        })?;
        ensure(len == want, F, || Mismatch::Shape {
            what: format!("{name} has {len} elements but its shape is {shape:?}"),
        })?;
        ensure(weights >= self.len, F, || Mismatch::BufferTooShort {
            buffer: "weights".into(),
            len: weights,
            required: self.len,
        })?;
        let block = want.checked_div(pieces.len()).unwrap_or(want);
        for (_, p) in &pieces {
            ensure(
                p.len() == block && p.cols == shape.get(1).copied().unwrap_or(1),
                F,
                || Mismatch::Unsupported {
                    what: format!(
                        "{name}: cuDNN's region ({} x {} for linLayerID {}) does not match \
                         PyTorch's blocks of {shape:?}",
                        p.rows, p.cols, p.lin_layer_id
                    ),
                },
            )?;
        }
        Ok(pieces)
    }

    /// Copies PyTorch's tensor `name` (flat, row-major, as
    /// `module.state_dict()[name]` holds it) into `weights`, a host copy of
    /// the weight space.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for a name this network does not have,
    /// values of the wrong length, or `weights` shorter than the layout.
    pub fn load_pytorch<T: Copy>(&self, weights: &mut [T], name: &str, values: &[T]) -> Result<()> {
        for (start, p) in self.torch_checked(name, values.len(), weights.len())? {
            weights[p.range()].copy_from_slice(&values[start..][..p.len()]);
        }
        Ok(())
    }

    /// PyTorch's tensor `name` read from `weights`, a host copy of the
    /// weight space (or of its gradient), flat and row-major.
    ///
    /// # Errors
    /// As [`load_pytorch`](Self::load_pytorch).
    pub fn read_pytorch<T: Copy>(&self, weights: &[T], name: &str) -> Result<Vec<T>> {
        let shape = self.pytorch_shape(name).unwrap_or_default();
        // An overflowing shape is refused by torch_checked.
        let len = size::product(shape.iter().copied()).unwrap_or(usize::MAX);
        let pieces = self.torch_checked(name, len, weights.len())?;
        let mut out = Vec::with_capacity(len);
        for (_, p) in pieces {
            out.extend_from_slice(&weights[p.range()]);
        }
        Ok(out)
    }
}

/// A PyTorch tensor's shape, and its blocks: where each starts in the
/// tensor, and the weight-space region it goes to.
type TorchPieces = (Vec<usize>, Vec<(usize, RnnParam)>);

/// Splits `weight_ih_l2_reverse` into (part, layer, direction).
fn parse_torch_name(name: &str) -> Option<(TorchPart, usize, usize)> {
    let (stem, dir) = match name.strip_suffix("_reverse") {
        Some(stem) => (stem, 1),
        None => (name, 0),
    };
    let (part_name, layer) = stem.rsplit_once("_l")?;
    let layer: usize = layer.parse().ok()?;
    let part = TORCH_PARTS.iter().find(|(_, n)| *n == part_name)?.0;
    Some((part, layer, dir))
}

fn torch_name(part: &str, layer: usize, dir: usize) -> String {
    format!("{part}_l{layer}{}", if dir == 1 { "_reverse" } else { "" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rnn::RnnMode;

    #[test]
    fn predicted_layout_of_a_bidirectional_lstm() {
        let c = RnnConfig::new(RnnMode::LSTM, 3, 4, 2).bidirectional();
        let l = c.predicted_weight_layout().expect("layout");
        // Per direction: layer 0: 4 x (4x3) + 4 x (4x4) + 8 x 4; layer 1:
        // 4 x (4x8) + 4 x (4x4) + 8 x 4.
        let layer0 = 4 * 12 + 4 * 16 + 8 * 4;
        let layer1 = 4 * 32 + 4 * 16 + 8 * 4;
        assert_eq!(l.len(), 2 * (layer0 + layer1));
        let f = l
            .matrix(0, false, RnnParamSide::Input, 1)
            .expect("forget gate");
        assert_eq!((f.offset, f.rows, f.cols), (12, 4, 3));
        // Every pseudo-layer's matrices come first, then every bias.
        let matrices = 2 * (4 * 12 + 4 * 16) + 2 * (4 * 32 + 4 * 16);
        let w1 = l
            .matrix(1, false, RnnParamSide::Input, 0)
            .expect("layer 1 input gate");
        assert_eq!(w1.offset, 2 * (4 * 12 + 4 * 16));
        let b0 = l
            .bias(0, false, RnnParamSide::Input, 0)
            .expect("first input bias");
        assert_eq!(b0.offset, matrices);
        assert!(l
            .params()
            .windows(2)
            .all(|w| w[0].range().end == w[1].offset));
        let r = l
            .bias(1, true, RnnParamSide::Recurrent, 3)
            .expect("output gate recurrent bias");
        assert_eq!(r.lin_layer_id, 7);
        assert_eq!(r.pseudo_layer, 3);
        assert_eq!(r.range().end, l.len());
        assert_eq!(l.pytorch_names().len(), 16);
        assert_eq!(l.pytorch_shape("weight_ih_l1_reverse"), Some(vec![16, 8]));
        assert_eq!(l.pytorch_shape("bias_hh_l0"), Some(vec![16]));
        assert_eq!(l.pytorch_shape("weight_hr_l0"), None);
    }

    #[test]
    fn pytorch_tensors_round_trip() {
        let c = RnnConfig::new(RnnMode::GRU, 2, 3, 1);
        let l = c.predicted_weight_layout().expect("layout");
        let mut w = vec![0.0f32; l.len()];
        let values: Vec<f32> = (0..9 * 3).map(|v| v as f32).collect();
        l.load_pytorch(&mut w, "weight_hh_l0", &values)
            .expect("load");
        // Gate n (the third) of the recurrent side is linLayerID 5.
        let n = l.find(0, false, 5, RnnParamKind::Matrix).expect("R_n");
        assert_eq!(&w[n.range()], &values[18..27]);
        assert_eq!(l.read_pytorch(&w, "weight_hh_l0").expect("read"), values);
        assert!(l
            .load_pytorch(&mut w, "weight_hh_l0", &values[1..])
            .is_err());
        assert!(l.load_pytorch(&mut w, "weight_hh_l1", &values).is_err());
        assert!(l
            .load_pytorch(&mut w[1..], "weight_hh_l0", &values)
            .is_err());
    }

    #[test]
    fn a_region_of_overflowing_public_fields_saturates() {
        let p = RnnParam {
            pseudo_layer: 0,
            layer: 0,
            reverse: false,
            lin_layer_id: 0,
            kind: RnnParamKind::Matrix,
            offset: usize::MAX - 1,
            rows: usize::MAX,
            cols: 3,
        };
        assert_eq!(p.len(), usize::MAX);
        assert_eq!(p.range(), usize::MAX - 1..usize::MAX);
        assert!(!p.is_empty());
    }
}
