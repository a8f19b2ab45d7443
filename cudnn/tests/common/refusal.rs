//! What the host tests read of a refusal: the function and the mismatch
//! of an `Error::InvalidArgument`.

use cudnn::{Error, Mismatch};

/// The function and mismatch of an `InvalidArgument`; a panic for any
/// other error.
#[track_caller]
pub fn refusal(e: &Error) -> (&'static str, &Mismatch) {
    match e {
        Error::InvalidArgument { function, mismatch } => (function, mismatch),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

/// `BufferTooShort` for `buffer`.
pub fn short(buffer: &str, len: usize, required: usize) -> Mismatch {
    Mismatch::BufferTooShort {
        buffer: buffer.into(),
        len,
        required,
    }
}

/// Whether `e` refuses a value (`BadValue`).
pub fn is_bad_value(e: &Error) -> bool {
    matches!(refusal(e).1, Mismatch::BadValue { .. })
}

/// Whether `e` refuses a shape (`Shape`).
pub fn is_shape(e: &Error) -> bool {
    matches!(refusal(e).1, Mismatch::Shape { .. })
}

/// A refusal of the graph builder (`Mismatch::GraphNode`): the function,
/// the node, the tensor named and what is wrong.
#[derive(Debug)]
pub struct NodeRefusal {
    pub function: &'static str,
    pub node: String,
    pub tensor: Option<String>,
    pub what: String,
}

/// The graph-node refusal `r` is; a panic for anything else.
#[track_caller]
pub fn refused<T: std::fmt::Debug>(r: cudnn::Result<T>) -> NodeRefusal {
    match r {
        Err(Error::InvalidArgument {
            function,
            mismatch: Mismatch::GraphNode { node, tensor, what },
        }) => NodeRefusal {
            function,
            node,
            tensor,
            what,
        },
        other => panic!("expected a graph-node refusal, got {other:?}"),
    }
}

/// Checks a refusal's function, node and tensor, and that its words
/// contain `words`.
#[track_caller]
pub fn assert_refusal(
    r: &NodeRefusal,
    function: &str,
    node: &str,
    tensor: Option<&str>,
    words: &str,
) {
    assert_eq!(r.function, function, "{r:?}");
    assert_eq!(r.node, node, "{r:?}");
    assert_eq!(r.tensor.as_deref(), tensor, "{r:?}");
    assert!(r.what.contains(words), "{words:?} not in {r:?}");
}

/// `r` is a graph-node refusal of `function`, `node` and `tensor` whose
/// words contain `words`.
#[track_caller]
pub fn check_refused(
    r: cudnn::Result<impl std::fmt::Debug>,
    function: &str,
    node: &str,
    tensor: Option<&str>,
    words: &str,
) {
    assert_refusal(&refused(r), function, node, tensor, words);
}
