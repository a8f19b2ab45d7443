//! The plain reader: a plan's graph name and tensors, in one pass over
//! the text, with no tape and no messages.
//!
//! [`ExecutionPlan::from_json`](crate::graph::ExecutionPlan::from_json)
//! runs as a program starts, with cold caches, so what it reads should
//! touch little code and little memory. This reader checks everything
//! [`PlanJson::parse`](super::PlanJson::parse) checks, in the same terms
//! (the schemas' key tables, the tensor checks of `checked_tensor`, the
//! number grammar of `number_at`), but only for plans laid out as cuDNN
//! 9.28 writes them: no white space between tokens; the operation
//! graph's `finalizeMode`, `tensors` and `nodes`, and each tensor's ten
//! members, in cuDNN's order (so no key twice, and nothing to search);
//! strings without escapes; a node's `operation` first; no subgraph; at
//! most [`MAX_TENSORS`] tensors. The device profile, which only cuDNN
//! reads, must hold the members cuDNN 9.28 writes, in its order
//! ([`PROFILE`]), each within its bound (cuDNN copies them into
//! fixed-size fields). On
//! anything else, an error included, it answers `None` and leaves the
//! text to `PlanJson::parse`, which reads it whole and says what is
//! wrong.
//!
//! What it answers is what `PlanJson::parse` answers: the tests run every
//! plan and every refused text through both, and a plan cut or changed
//! at every byte.

use super::super::device::{check_integer, check_text, field_named, DeviceField};
use super::super::extents::Extents;
use super::super::graph_tensor::GraphTensor;
use super::super::{MAX_OPERATIONS, MAX_RANK};
use super::json::{digits, key_bit, number_at, signed, stop, MAX_DEPTH};
use super::roles::{node_keys, Role};
use super::values::{is_enum_name, uid_of, Kind, SOFTMAX, SOFTMAX_READS, SOFTMAX_WRITES};
use super::{checked_tensor, fmode_training, mark_index, mark_written, schema_of, TensorFields};

/// The most tensors it reads (references are found by a linear search).
pub(super) const MAX_TENSORS: usize = 64;

/// The most keys of the objects open at one time (it keeps each open
/// object's keys, to refuse a key twice).
const MAX_KEYS: usize = 64;

/// The graph's name (its `finalizeMode`, or `plan`) and its tensors,
/// marked as [`PlanJson::parse`](super::PlanJson::parse) marks them;
/// `None` when the text is not a plain plan or not a plan at all.
pub(super) fn read(json: &str) -> Option<(&str, Vec<GraphTensor>)> {
    if u32::try_from(json.len()).is_err() {
        return None;
    }
    let mut p = Plain {
        text: json,
        at: 0,
        keys: [""; MAX_KEYS],
        open: 0,
        tensors: Vec::with_capacity(8),
    };
    let name = p.plan()?;
    Some((name, p.tensors))
}

/// An open object: where its keys start, the bits of its keys' hashes,
/// whether a member has been read.
struct Obj {
    from: usize,
    seen: u64,
    first: bool,
}

struct Plain<'a> {
    text: &'a str,
    at: usize,
    keys: [&'a str; MAX_KEYS],
    open: usize,
    /// The graph's tensors, as they are read.
    tensors: Vec<GraphTensor>,
}

impl<'a> Plain<'a> {
    /// The next byte (not read). cuDNN writes no white space between
    /// tokens, so none is read: a byte of white space there is a text
    /// this reader leaves to `PlanJson::parse`.
    fn next(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Reads `c` if it comes next.
    fn eat(&mut self, c: u8) -> bool {
        let next = self.next() == Some(c);
        self.at += usize::from(next);
        next
    }

    /// Reads `word` if it comes next.
    fn word(&mut self, word: &str) -> bool {
        self.next();
        self.lit(word)
    }

    /// Reads `lit` if the text goes on with it, as it is (no white
    /// space).
    fn lit(&mut self, lit: &str) -> bool {
        let next = self.text.as_bytes()[self.at..].starts_with(lit.as_bytes());
        if next {
            self.at += lit.len();
        }
        next
    }

    /// Reads `lit`, which the text must go on with.
    fn expect(&mut self, lit: &str) -> Option<()> {
        self.lit(lit).then_some(())
    }

    /// Opens an object.
    fn object(&mut self) -> Option<Obj> {
        self.eat(b'{').then_some(Obj {
            from: self.open,
            seen: 0,
            first: true,
        })
    }

    /// The object's next key, its colon read; `Some(None)` past its end.
    fn key(&mut self, o: &mut Obj) -> Option<Option<&'a str>> {
        let mut c = self.next()?;
        if c == b'}' {
            self.at += 1;
            self.open = o.from;
            return Some(None);
        }
        if !std::mem::take(&mut o.first) {
            if c != b',' {
                return None;
            }
            self.at += 1;
            c = self.next()?;
        }
        if c != b'"' {
            return None;
        }
        let key = self.string()?;
        let bit = key_bit(key);
        if o.seen & bit != 0 && self.keys[o.from..self.open].contains(&key) {
            return None;
        }
        o.seen |= bit;
        *self.keys.get_mut(self.open)? = key;
        self.open += 1;
        self.eat(b':').then_some(Some(key))
    }

    /// Opens an array.
    fn array(&mut self) -> Option<bool> {
        self.eat(b'[').then_some(true)
    }

    /// Whether an array has a next item (its comma read).
    fn item(&mut self, first: &mut bool) -> Option<bool> {
        let c = self.next()?;
        if c == b']' {
            self.at += 1;
            return Some(false);
        }
        if !std::mem::take(first) {
            if c != b',' {
                return None;
            }
            self.at += 1;
        }
        Some(true)
    }

    /// A string without escapes or control characters.
    fn text(&mut self) -> Option<&'a str> {
        if self.next()? != b'"' {
            return None;
        }
        self.string()
    }

    /// The string at its opening quote. (One copy, not one per caller:
    /// the reader runs with cold caches, where its size costs more than
    /// a call.)
    #[inline(never)]
    fn string(&mut self) -> Option<&'a str> {
        let from = self.at + 1;
        let rest = self.text.as_bytes().get(from..)?;
        let len = stop(rest)?;
        if rest[len] != b'"' {
            return None;
        }
        self.at = from + len + 1;
        self.text.get(from..from + len)
    }

    /// A number: `Some(Some(n))` for an integer within `i64`. Read here
    /// when it is an integer of at most 18 digits followed by the end of
    /// a value (what `number_at` reads as that integer), by `number_at`
    /// otherwise.
    fn number(&mut self) -> Option<Option<i64>> {
        let b = self.text.as_bytes();
        let negative = b.get(self.at) == Some(&b'-');
        let from = self.at + usize::from(negative);
        let (at, negated) = digits(b, from);
        let n = at - from;
        let canonical = n == 1 || (2..=18).contains(&n) && b[from] != b'0';
        if canonical && matches!(b.get(at), Some(b',' | b']' | b'}')) {
            if let Some(value) = signed(negative, negated) {
                self.at = at;
                return Some(Some(value));
            }
        }
        let (end, value) = number_at(self.text, self.at).ok()?;
        self.at = end;
        Some(value)
    }

    fn int(&mut self) -> Option<i64> {
        self.number()?
    }

    fn null(&mut self) -> bool {
        self.word("null")
    }

    fn int_or_null(&mut self) -> Option<Option<i64>> {
        if self.null() {
            Some(None)
        } else {
            self.int().map(Some)
        }
    }

    fn flag(&mut self) -> Option<bool> {
        if self.word("true") {
            Some(true)
        } else if self.word("false") {
            Some(false)
        } else {
            None
        }
    }

    /// Any value, nested `depth` deep; with `names`, its strings (not its
    /// keys) cuDNN's enum names.
    fn skip(&mut self, depth: usize, names: bool) -> Option<()> {
        match self.next()? {
            b'{' | b'[' if depth >= MAX_DEPTH / 2 => return None,
            b'{' => {
                let mut o = self.object()?;
                while self.key(&mut o)?.is_some() {
                    self.skip(depth + 1, names)?;
                }
            }
            b'[' => {
                let mut first = self.array()?;
                while self.item(&mut first)? {
                    self.skip(depth + 1, names)?;
                }
            }
            b'"' => {
                let s = self.text()?;
                if names && !is_enum_name(s) {
                    return None;
                }
            }
            b't' | b'f' => {
                self.flag()?;
            }
            b'n' => {
                if !self.null() {
                    return None;
                }
            }
            _ => {
                self.number()?;
            }
        }
        Some(())
    }

    /// The plan: its graph's name.
    fn plan(&mut self) -> Option<&'a str> {
        let mut name = None;
        let mut o = self.object()?;
        while let Some(k) = self.key(&mut o)? {
            match index_of(
                k,
                &[
                    "operationGraph",
                    "engine",
                    "GPUProfile",
                    "cudnnVersion",
                    "schemaVersion",
                ],
            ) {
                Some(0) => name = Some(self.graph()?),
                Some(1) => self.engine()?,
                Some(2) => self.profile()?,
                Some(_) => {
                    self.int_or_null()?;
                }
                None => self.skip(1, false)?,
            }
        }
        if self.next().is_some() {
            return None;
        }
        name
    }

    /// The device profile, which cuDNN copies into fixed-size fields:
    /// its members those cuDNN 9.28 writes, in its order ([`PROFILE`]; so
    /// none twice), each within its bound ([`DeviceField`]). Any other
    /// profile is `PlanJson::parse`'s, which checks it and says what is
    /// wrong.
    fn profile(&mut self) -> Option<()> {
        for &(key, shape, f) in PROFILE {
            self.expect(key)?;
            let fits = match shape {
                Shape::Int => check_integer(f, f.key, self.int()?).is_ok(),
                Shape::Ints => {
                    let (values, len) = self.ints()?;
                    len == 3
                        && values[..3]
                            .iter()
                            .all(|&i| check_integer(f, f.key, i).is_ok())
                }
                Shape::Text => check_text(f, self.text()?).is_ok(),
            };
            if !fits {
                return None;
            }
        }
        self.expect("}")
    }

    /// The engine: null, or its index an integer, its SM version one or
    /// null, its knob choices null or integers by name.
    fn engine(&mut self) -> Option<()> {
        if self.null() {
            return Some(());
        }
        let mut id = None;
        let mut o = self.object()?;
        while let Some(k) = self.key(&mut o)? {
            match index_of(k, &["engineId", "smVersion", "knobChoices"]) {
                Some(0) => id = self.int_or_null()?,
                Some(1) => {
                    self.int_or_null()?;
                }
                Some(_) if self.null() => {}
                Some(_) => {
                    let mut knobs = self.object()?;
                    while self.key(&mut knobs)?.is_some() {
                        self.int()?;
                    }
                }
                None => self.skip(2, false)?,
            }
        }
        id.map(|_| ())
    }

    /// The operation graph, its members as cuDNN writes them: its name.
    fn graph(&mut self) -> Option<&'a str> {
        self.expect("{\"finalizeMode\":")?;
        let mode = if self.null() { "plan" } else { self.text()? };
        self.expect(",\"tensors\":[")?;
        if !self.lit("]") {
            loop {
                self.tensor()?;
                if self.lit("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        self.expect(",\"nodes\":")?;
        self.nodes()?;
        self.expect("}")?;
        Some(mode)
    }

    /// A tensor, its members as cuDNN writes them (so none twice), added
    /// to the tensors: its uid not one of theirs.
    fn tensor(&mut self) -> Option<()> {
        if self.tensors.len() == MAX_TENSORS {
            return None;
        }
        self.expect("{\"name\":")?;
        let name = self.text()?;
        self.expect(",\"dataType\":")?;
        let data_type = self.text()?;
        self.expect(",\"dim\":")?;
        let dim = self.ints()?;
        self.expect(",\"stride\":")?;
        let stride = self.ints()?;
        self.expect(",\"isVirtual\":")?;
        let is_virtual = self.flag()?;
        self.expect(",\"isByValue\":")?;
        let is_by_value = self.flag()?;
        self.expect(",\"vectCount\":")?;
        self.int_or_null()?;
        self.expect(",\"vectDim\":")?;
        self.int_or_null()?;
        self.expect(",\"ptrAlignment\":")?;
        let alignment = self.int_or_null()?;
        self.expect(",\"reordering\":")?;
        let reordering = if self.null() {
            None
        } else {
            Some(self.text()?)
        };
        self.expect("}")?;
        let t = checked_tensor(TensorFields {
            name,
            data_type,
            dim: extents(dim),
            stride: extents(stride),
            is_virtual,
            is_by_value,
            alignment,
            reordering,
        })
        .ok()?;
        if self.tensors.iter().any(|o| o.uid == t.uid) {
            return None;
        }
        self.tensors.push(t);
        Some(())
    }

    /// At most `MAX_RANK` integers.
    fn ints(&mut self) -> Option<Ints> {
        let mut ints = INTS;
        let mut first = self.array()?;
        while self.item(&mut first)? {
            *ints.0.get_mut(ints.1)? = self.int()?;
            ints.1 += 1;
        }
        Some(ints)
    }

    /// The nodes: each names tensors of `tensors`, which it marks.
    fn nodes(&mut self) -> Option<()> {
        let mut count = 0;
        let mut first = self.array()?;
        while self.item(&mut first)? {
            count += 1;
            if count > MAX_OPERATIONS {
                return None;
            }
            self.node()?;
        }
        Some(())
    }

    /// A reference: a uid in canonical decimal text, of one of the
    /// tensors (its index).
    fn reference(&mut self) -> Option<usize> {
        let uid = uid_of(self.text()?)?;
        self.tensors.iter().position(|t| t.uid == uid)
    }

    /// A node, its `operation` first, each other key one of its
    /// schema's, once.
    fn node(&mut self) -> Option<()> {
        self.expect("{\"operation\":")?;
        let op = self.text()?;
        let keys = node_keys(schema_of(op)?.0);
        // The keys read, by their place in the schema's table.
        let mut seen = 0u64;
        let mut training = false;
        // Written in training, read in inference: marked at the end.
        let (mut trained, mut n_trained) = ([0; 2], 0);
        while self.member_follows()? {
            let k = self.text()?;
            self.expect(":")?;
            let (place, role) = keys.find(k)?;
            if seen & (1 << place) != 0 {
                return None;
            }
            seen |= 1 << place;
            match role {
                Role::Ref {
                    output,
                    trained: train,
                    index,
                } => {
                    let i = self.reference()?;
                    if output {
                        mark_written(&mut self.tensors[i]);
                    } else if train {
                        *trained.get_mut(n_trained)? = i;
                        n_trained += 1;
                    } else if index {
                        mark_index(&mut self.tensors[i]);
                    }
                }
                Role::Softmax => self.softmax()?,
                Role::Mode => {
                    let name = self.text()?;
                    if !is_enum_name(name) {
                        return None;
                    }
                    if k == "fmode" {
                        training = fmode_training(name)?;
                    }
                }
                Role::Attr(kind) => self.attr(kind)?,
                // A subgraph, its ends, a second operation, a key no
                // schema has.
                _ => return None,
            }
        }
        if training {
            for &i in &trained[..n_trained] {
                mark_written(&mut self.tensors[i]);
            }
        }
        Some(())
    }

    /// Whether another member of the object being read follows (its
    /// comma read), or its end (read).
    fn member_follows(&mut self) -> Option<bool> {
        match self.next()? {
            b',' => {
                self.at += 1;
                Some(true)
            }
            b'}' => {
                self.at += 1;
                Some(false)
            }
            _ => None,
        }
    }

    /// A setting of kind `kind` (as `values::attr_fits` checks it).
    fn attr(&mut self, kind: Kind) -> Option<()> {
        match kind {
            Kind::Ints(min) => {
                let (ints, len) = self.ints()?;
                ints[..len].iter().all(|&v| v >= min).then_some(())
            }
            Kind::Number => self.number().map(|_| ()),
            Kind::Count => (self.int()? >= 0).then_some(()),
            Kind::Flag => self.flag().map(|_| ()),
            Kind::Name => is_enum_name(self.text()?).then_some(()),
            Kind::Setting => self.skip(4, true),
        }
    }

    /// An SDPA forward's nested softmax, its `operation` first: its
    /// references read and marked.
    fn softmax(&mut self) -> Option<()> {
        let mut o = self.object()?;
        if self.key(&mut o)? != Some("operation") || self.text()? != SOFTMAX {
            return None;
        }
        while let Some(k) = self.key(&mut o)? {
            let write = SOFTMAX_WRITES.contains(&k);
            if !write && !SOFTMAX_READS.contains(&k) {
                return None;
            }
            let i = self.reference()?;
            if write {
                mark_written(&mut self.tensors[i]);
            }
        }
        Some(())
    }
}

/// The value of a member of the device profile.
#[derive(Clone, Copy)]
enum Shape {
    Int,
    Ints,
    Text,
}

/// The device profile as cuDNN 9.28 writes it: each member's text up to
/// its value, the value's shape, and the key's row of the bounds.
const PROFILE: &[(&str, Shape, &DeviceField)] = &[
    ("{\"maxGridSize\":", Shape::Ints, field_named("maxGridSize")),
    (
        ",\"maxBlockSize\":",
        Shape::Ints,
        field_named("maxBlockSize"),
    ),
    (
        ",\"regsPerBlock\":",
        Shape::Int,
        field_named("regsPerBlock"),
    ),
    (
        ",\"multiProcessorCount\":",
        Shape::Int,
        field_named("multiProcessorCount"),
    ),
    (
        ",\"smCountOrigin\":",
        Shape::Int,
        field_named("smCountOrigin"),
    ),
    (",\"warpSize\":", Shape::Int, field_named("warpSize")),
    (
        ",\"maxSharedMemoryPerBlock\":",
        Shape::Int,
        field_named("maxSharedMemoryPerBlock"),
    ),
    (
        ",\"maxSharedMemoryPerBlockOptin\":",
        Shape::Int,
        field_named("maxSharedMemoryPerBlockOptin"),
    ),
    (
        ",\"oversizedSharedMemoryPerBlock\":",
        Shape::Int,
        field_named("oversizedSharedMemoryPerBlock"),
    ),
    (
        ",\"reservedSharedMemoryPerBlock\":",
        Shape::Int,
        field_named("reservedSharedMemoryPerBlock"),
    ),
    (
        ",\"maxRegistersPerSM\":",
        Shape::Int,
        field_named("maxRegistersPerSM"),
    ),
    (
        ",\"maxCtasPerSM\":",
        Shape::Int,
        field_named("maxCtasPerSM"),
    ),
    (
        ",\"maxThreadsPerBlock\":",
        Shape::Int,
        field_named("maxThreadsPerBlock"),
    ),
    (
        ",\"maxThreadsPerSM\":",
        Shape::Int,
        field_named("maxThreadsPerSM"),
    ),
    (",\"pciDeviceId\":", Shape::Int, field_named("pciDeviceId")),
    (",\"isTccDriver\":", Shape::Int, field_named("isTccDriver")),
    (
        ",\"supportCoopLaunch\":",
        Shape::Int,
        field_named("supportCoopLaunch"),
    ),
    (
        ",\"totalGlobalMem\":",
        Shape::Int,
        field_named("totalGlobalMem"),
    ),
    (
        ",\"smClockRateKHz\":",
        Shape::Int,
        field_named("smClockRateKHz"),
    ),
    (
        ",\"memClockRateKHz\":",
        Shape::Int,
        field_named("memClockRateKHz"),
    ),
    (
        ",\"memoryBusWidth\":",
        Shape::Int,
        field_named("memoryBusWidth"),
    ),
    (",\"l2CacheSize\":", Shape::Int, field_named("l2CacheSize")),
    (
        ",\"cudaDeviceId\":",
        Shape::Int,
        field_named("cudaDeviceId"),
    ),
    (",\"deviceVer\":", Shape::Int, field_named("deviceVer")),
    (",\"driverVer\":", Shape::Int, field_named("driverVer")),
    (",\"deviceName\":", Shape::Text, field_named("deviceName")),
];

/// The keys of [`PROFILE`], in its order.
#[cfg(test)]
pub(super) fn profile_keys() -> impl Iterator<Item = &'static str> {
    PROFILE.iter().map(|(_, _, f)| f.key)
}

/// Up to `MAX_RANK` integers, and how many.
type Ints = ([i64; MAX_RANK], usize);

const INTS: Ints = ([0; MAX_RANK], 0);

fn extents((values, len): Ints) -> Extents {
    Extents::Few {
        values,
        len: len as u8,
    }
}

/// Where `key` is in `keys`.
#[inline(never)]
fn index_of(key: &str, keys: &[&str]) -> Option<usize> {
    keys.iter().position(|&k| k == key)
}
