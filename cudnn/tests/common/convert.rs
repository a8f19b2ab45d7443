//! The safe crate's RNN enums as the reference crate's own types, and back:
//! `cudnn-reference` shares no code with the crate it checks.

use cudnn::rnn::{RnnDataLayout, RnnMode};
use cudnn_reference::rnn::{RnnCell, SeqLayout};

/// cuDNN's cell as the reference's.
///
/// # Panics
///
/// On a value cuDNN does not define.
pub fn rnn_cell(mode: RnnMode) -> RnnCell {
    match mode {
        RnnMode::RNN_RELU => RnnCell::Relu,
        RnnMode::RNN_TANH => RnnCell::Tanh,
        RnnMode::LSTM => RnnCell::Lstm,
        RnnMode::GRU => RnnCell::Gru,
        other => panic!("no reference cell for RNN mode {}", other.0),
    }
}

/// The reference's cell as cuDNN's.
pub fn rnn_mode(cell: RnnCell) -> RnnMode {
    match cell {
        RnnCell::Relu => RnnMode::RNN_RELU,
        RnnCell::Tanh => RnnMode::RNN_TANH,
        RnnCell::Lstm => RnnMode::LSTM,
        RnnCell::Gru => RnnMode::GRU,
    }
}

/// cuDNN's sequence data layout as the reference's.
///
/// # Panics
///
/// On a value cuDNN does not define.
pub fn seq_layout(layout: RnnDataLayout) -> SeqLayout {
    match layout {
        RnnDataLayout::SEQ_MAJOR_UNPACKED => SeqLayout::SeqMajorUnpacked,
        RnnDataLayout::BATCH_MAJOR_UNPACKED => SeqLayout::BatchMajorUnpacked,
        RnnDataLayout::SEQ_MAJOR_PACKED => SeqLayout::SeqMajorPacked,
        other => panic!("no reference layout for RNN data layout {}", other.0),
    }
}
