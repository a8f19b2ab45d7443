//! The JSON reader under plan JSON: the text read once onto a flat tape,
//! strings borrowed from the text (those with escapes aside).
//!
//! It holds only what reading a plan needs: integers read as `i64` where
//! they fit, other numbers kept as their text, an object's members in the
//! text's order, and a key twice in one object refused (readers differ on
//! which of the two counts). Written by hand rather than through serde: a
//! plan is read as a program starts, cold, so the reader is kept small:
//! one loop, its place in the text in a local, with a stack of the open
//! arrays and objects; the tape is one allocation and the stack another
//! (plus one per string with escapes), not one per object and array.

use std::fmt;

/// How deep arrays and objects may nest (a plan nests five deep).
const MAX_DEPTH: usize = 64;

/// One value on the tape, 24 bytes. A container is followed by its
/// children (an object's as key, value, key, value), each subtree whole,
/// and records the index just past its last descendant.
#[derive(Debug)]
enum Entry<'a> {
    Null,
    Bool(bool),
    /// An integer written without fraction or exponent, within `i64`.
    Int(i64),
    /// Any other number, as its text (JSON's grammar, finite).
    Num(&'a str),
    /// A string without escapes: its text between the quotes.
    Str(&'a str),
    /// A string with escapes, decoded.
    Escaped(Box<str>),
    Arr {
        len: u32,
        end: u32,
    },
    Obj {
        len: u32,
        end: u32,
    },
}

const _: () = assert!(std::mem::size_of::<Entry<'_>>() == 24);

impl Entry<'_> {
    /// A string's text.
    fn text(&self) -> Option<&str> {
        match self {
            Entry::Str(s) => Some(s),
            Entry::Escaped(s) => Some(s),
            _ => None,
        }
    }
}

/// A document: the tape of its values, the root first.
pub(super) struct Doc<'a> {
    tape: Vec<Entry<'a>>,
}

impl<'a> Doc<'a> {
    /// The root value.
    pub(super) fn root(&self) -> Json<'_, 'a> {
        Json {
            tape: &self.tape,
            at: 0,
        }
    }
}

/// A value of a [`Doc`].
#[derive(Clone, Copy)]
pub(super) struct Json<'d, 'a> {
    tape: &'d [Entry<'a>],
    at: usize,
}

impl<'d, 'a> Json<'d, 'a> {
    fn entry(&self) -> &'d Entry<'a> {
        &self.tape[self.at]
    }

    /// The index just past this value's subtree.
    fn end(&self) -> usize {
        match self.entry() {
            Entry::Arr { end, .. } | Entry::Obj { end, .. } => *end as usize,
            _ => self.at + 1,
        }
    }

    pub(super) fn is_null(&self) -> bool {
        matches!(self.entry(), Entry::Null)
    }

    pub(super) fn is_number(&self) -> bool {
        matches!(self.entry(), Entry::Int(_) | Entry::Num(_))
    }

    pub(super) fn as_str(&self) -> Option<&'d str> {
        self.entry().text()
    }

    /// An integer written without a fraction or exponent, within `i64`.
    pub(super) fn as_i64(&self) -> Option<i64> {
        match self.entry() {
            Entry::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub(super) fn as_bool(&self) -> Option<bool> {
        match self.entry() {
            Entry::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub(super) fn as_array(&self) -> Option<Items<'d, 'a>> {
        match self.entry() {
            Entry::Arr { len, .. } => Some(Items {
                tape: self.tape,
                at: self.at + 1,
                left: *len as usize,
            }),
            _ => None,
        }
    }

    pub(super) fn as_object(&self) -> Option<Members<'d, 'a>> {
        match self.entry() {
            Entry::Obj { len, .. } => Some(Members(Items {
                tape: self.tape,
                at: self.at + 1,
                left: 2 * *len as usize,
            })),
            _ => None,
        }
    }

    /// An object's member `key`.
    pub(super) fn get(&self, key: &str) -> Option<Json<'d, 'a>> {
        self.as_object()?.find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// An array's items.
#[derive(Clone)]
pub(super) struct Items<'d, 'a> {
    tape: &'d [Entry<'a>],
    at: usize,
    left: usize,
}

impl<'d, 'a> Iterator for Items<'d, 'a> {
    type Item = Json<'d, 'a>;

    fn next(&mut self) -> Option<Json<'d, 'a>> {
        if self.left == 0 {
            return None;
        }
        let v = Json {
            tape: self.tape,
            at: self.at,
        };
        self.at = v.end();
        self.left -= 1;
        Some(v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Items<'_, '_> {}

/// An object's members, keys with their values.
#[derive(Clone)]
pub(super) struct Members<'d, 'a>(Items<'d, 'a>);

impl<'d, 'a> Iterator for Members<'d, 'a> {
    type Item = (&'d str, Json<'d, 'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let key = self.0.next()?.as_str().unwrap_or_default();
        Some((key, self.0.next()?))
    }
}

/// As compact JSON (strings as Rust writes them, close to JSON's escapes).
impl fmt::Display for Json<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.entry() {
            Entry::Null => f.write_str("null"),
            Entry::Bool(b) => write!(f, "{b}"),
            Entry::Int(n) => write!(f, "{n}"),
            Entry::Num(t) => f.write_str(t),
            Entry::Str(s) => write!(f, "{s:?}"),
            Entry::Escaped(s) => write!(f, "{s:?}"),
            Entry::Arr { .. } => {
                f.write_str("[")?;
                for (i, v) in self.as_array().into_iter().flatten().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Entry::Obj { .. } => {
                f.write_str("{")?;
                for (i, (k, v)) in self.as_object().into_iter().flatten().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{k:?}:{v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// Why a text is not JSON, and where.
#[derive(Debug)]
pub(super) struct SyntaxError {
    what: &'static str,
    at: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.what, self.at)
    }
}

/// Reads `text`: one JSON value, white space around it.
pub(super) fn parse(text: &str) -> Result<Doc<'_>, SyntaxError> {
    // About one value for every 12 bytes of cuDNN's plans.
    let mut tape = Vec::with_capacity(text.len() / 8 + 4);
    read_document(text, &mut tape)?;
    Ok(Doc { tape })
}

/// Why `text` is not JSON: `what` is wrong at byte `at`.
#[cold]
#[inline(never)]
fn syntax(what: &'static str, at: usize) -> SyntaxError {
    SyntaxError { what, at }
}

/// The document `text` onto `tape`: one value, white space around it.
/// Read in one loop, its place in the text kept in a local, with a stack
/// of the open arrays and objects (no call per value): a value goes onto
/// the tape, and an array or object is closed when its bracket comes, its
/// entry given its count and end.
fn read_document<'a>(text: &'a str, tape: &mut Vec<Entry<'a>>) -> Result<(), SyntaxError> {
    let bytes = text.as_bytes();
    let mut open: Vec<Open> = Vec::with_capacity(8);
    let mut at = 0;
    loop {
        // A value is due.
        at = space(bytes, at);
        match bytes.get(at) {
            Some(b'"') => {
                let (v, end) = string_at(text, at)?;
                tape.push(v);
                at = end;
            }
            Some(b'-' | b'0'..=b'9') => {
                let (v, end) = number_at_entry(text, at)?;
                tape.push(v);
                at = end;
            }
            Some(&b @ (b'{' | b'[')) => {
                if open.len() == MAX_DEPTH {
                    return Err(syntax("arrays and objects nested too deep", at));
                }
                let object = b == b'{';
                let slot = tape.len();
                tape.push(Entry::Null);
                at = space(bytes, at + 1);
                if bytes.get(at) == Some(if object { &b'}' } else { &b']' }) {
                    // Empty: closed now, with no item counted.
                    at += 1;
                    close(tape, slot, 0, object, at)?;
                } else {
                    let mut o = Open {
                        slot,
                        len: 0,
                        seen: 0,
                        object,
                    };
                    if object {
                        at = key(text, tape, &mut o, at)?;
                    }
                    open.push(o);
                    continue;
                }
            }
            Some(b't') => at = word(bytes, at, "true", Entry::Bool(true), tape)?,
            Some(b'f') => at = word(bytes, at, "false", Entry::Bool(false), tape)?,
            Some(b'n') => at = word(bytes, at, "null", Entry::Null, tape)?,
            Some(_) => return Err(syntax("a character that starts no value", at)),
            None => return Err(syntax("the end of the text where a value was due", at)),
        }
        // A value has ended: a comma, or the end of the innermost array or
        // object (and of those it ends), or of the text.
        loop {
            at = space(bytes, at);
            let Some(top) = open.last_mut() else {
                if at != bytes.len() {
                    return Err(syntax("text after the value", at));
                }
                return Ok(());
            };
            top.len += 1;
            let object = top.object;
            match bytes.get(at) {
                Some(b',') => {
                    if object {
                        at = key(text, tape, top, at + 1)?;
                    } else {
                        at += 1;
                    }
                    break;
                }
                Some(b'}') if object => {}
                Some(b']') if !object => {}
                _ => {
                    return Err(syntax(
                        if object {
                            "an object's members not separated by a comma"
                        } else {
                            "an array's items not separated by a comma"
                        },
                        at,
                    ))
                }
            }
            let (slot, len) = (top.slot, top.len);
            open.pop();
            at += 1;
            close(tape, slot, len, object, at)?;
        }
    }
}

/// `at`, past any white space (cuDNN writes none: one comparison then).
#[inline(always)]
fn space(bytes: &[u8], mut at: usize) -> usize {
    if bytes.get(at).is_some_and(|&b| b > b' ') {
        return at;
    }
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(at) {
        at += 1;
    }
    at
}

/// An object's key at `at` (white space before it) and its colon: the key
/// onto the tape, a key the object `o` has already refused. Returns where
/// the value is due.
#[inline(always)]
fn key<'a>(
    text: &'a str,
    tape: &mut Vec<Entry<'a>>,
    o: &mut Open,
    at: usize,
) -> Result<usize, SyntaxError> {
    let bytes = text.as_bytes();
    let at = space(bytes, at);
    if bytes.get(at) != Some(&b'"') {
        return Err(syntax("an object's key that is not a string", at));
    }
    let (key, end) = string_at(text, at)?;
    let name = key.text().unwrap_or_default();
    // The tape is searched only when the key's bit is set already.
    let bit = key_bit(name);
    let maybe_seen = o.seen & bit != 0;
    o.seen |= bit;
    if maybe_seen && key_seen(tape, o.slot + 1, name) {
        return Err(syntax("a key twice in one object", at));
    }
    tape.push(key);
    let end = space(bytes, end);
    if bytes.get(end) != Some(&b':') {
        return Err(syntax("an object's key without a colon", end));
    }
    Ok(end + 1)
}

/// Whether the object whose first key is at `first` on `tape` has `key`
/// already.
#[cold]
fn key_seen(tape: &[Entry<'_>], first: usize, key: &str) -> bool {
    let mut at = first;
    while at < tape.len() {
        if tape[at].text() == Some(key) {
            return true;
        }
        at = Json { tape, at: at + 1 }.end();
    }
    false
}

/// Gives the array or object whose entry is at `slot` its count `len` and
/// end (the tape's length); `at` is where the text is, for an error.
#[inline(always)]
fn close(
    tape: &mut [Entry<'_>],
    slot: usize,
    len: u32,
    object: bool,
    at: usize,
) -> Result<(), SyntaxError> {
    let Ok(end) = u32::try_from(tape.len()) else {
        return Err(syntax("too many values", at));
    };
    tape[slot] = if object {
        Entry::Obj { len, end }
    } else {
        Entry::Arr { len, end }
    };
    Ok(())
}

/// `word` (`true`, `false` or `null`) at `at`, its entry `v` onto the
/// tape; returns where it ends.
fn word<'a>(
    bytes: &[u8],
    at: usize,
    word: &'static str,
    v: Entry<'a>,
    tape: &mut Vec<Entry<'a>>,
) -> Result<usize, SyntaxError> {
    if !bytes[at..].starts_with(word.as_bytes()) {
        return Err(syntax("a word that is not true, false or null", at));
    }
    tape.push(v);
    Ok(at + word.len())
}

/// The string at `at` (its opening quote): borrowed when it has no
/// escapes. Returns it and where it ends.
#[inline(always)]
fn string_at(text: &str, at: usize) -> Result<(Entry<'_>, usize), SyntaxError> {
    let bytes = text.as_bytes();
    let from = at + 1;
    let rest = bytes.get(from..).unwrap_or_default();
    let stop_at = from + stop(rest).unwrap_or(rest.len());
    if bytes.get(stop_at) == Some(&b'"') {
        // Both ends are ASCII quotes: a slice on char bounds.
        return Ok((Entry::Str(&text[from..stop_at]), stop_at + 1));
    }
    escaped_string(text, from, stop_at)
}

/// The rest of a string that has an escape (or is malformed): `from` is
/// its first byte, `at` the first that ends its plain text.
#[cold]
#[inline(never)]
fn escaped_string(text: &str, from: usize, at: usize) -> Result<(Entry<'_>, usize), SyntaxError> {
    let mut r = Reader {
        text,
        bytes: text.as_bytes(),
        at,
    };
    let s = r.escaped(from)?;
    Ok((Entry::Escaped(s.into_boxed_str()), r.at))
}

/// The number at `at`: its entry and where it ends.
#[inline(always)]
fn number_at_entry(text: &str, at: usize) -> Result<(Entry<'_>, usize), SyntaxError> {
    match number_at(text, at) {
        Ok((end, Some(n))) => Ok((Entry::Int(n), end)),
        Ok((end, None)) => Ok((Entry::Num(&text[at..end]), end)),
        Err((what, at)) => Err(syntax(what, at)),
    }
}

/// An array or object being read: its entry's place on the tape, its
/// items (an object's members) so far, the bits of its keys
/// ([`key_bit`]), and which it is.
struct Open {
    slot: usize,
    len: u32,
    seen: u128,
    object: bool,
}

/// The reader of a string's escapes, at a place in the text.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

/// The bytes that end a run of a string's plain text: a quote, a
/// backslash, a control character.
static STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// A key's bit of 128, from its length, ends and middle: the keys of an
/// object are compared only when a key's bit is set already.
fn key_bit(key: &str) -> u128 {
    let b = key.as_bytes();
    let byte = |i: usize| u32::from(b.get(i).copied().unwrap_or(0));
    let hash = (b.len() as u32)
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add(byte(0).wrapping_mul(0x85EB_CA6B))
        .wrapping_add(byte(b.len() / 2).wrapping_mul(0xC2B2_AE35))
        .wrapping_add(byte(b.len().wrapping_sub(1)).wrapping_mul(0x27D4_EB2F));
    1u128 << (hash >> 25)
}

/// Where the first byte of `bytes` that ends a run of a string's plain
/// text ([`STOPS`]) is: eight bytes at a time, then one at a time.
fn stop(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    // The high bit of each byte that is 0, and possibly of bytes after
    // it (a borrow runs upwards only from a byte that is 0).
    let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut eight = [0; 8];
        eight.copy_from_slice(chunk);
        let w = u64::from_le_bytes(eight);
        // A quote, a backslash, a byte below 0x20 (the high bit clear and
        // below 0x20 after subtracting it).
        let stops = zero(w ^ (ONES * 0x22))
            | zero(w ^ (ONES * 0x5C))
            | (w.wrapping_sub(ONES * 0x20) & !w & HIGH);
        if stops != 0 {
            // The lowest flagged byte is a stop; flags above it may not be.
            return Some(at + (stops.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let rest = &bytes[at..];
    rest.iter()
        .position(|&b| STOPS[usize::from(b)])
        .map(|p| at + p)
}

/// The digits of `bytes` from `at`: where they end, and their value
/// negated while it fits (so that `i64::MIN` fits).
#[inline(always)]
pub(super) fn digits(bytes: &[u8], from: usize) -> (usize, Option<i64>) {
    let (mut at, mut short) = (from, 0u64);
    while let Some(d) = bytes
        .get(at)
        .map(|b| b.wrapping_sub(b'0'))
        .filter(|&d| d < 10)
    {
        short = short.wrapping_mul(10).wrapping_add(u64::from(d));
        at += 1;
    }
    if at - from <= 18 {
        // Below 10^18: within i64.
        return (at, Some(-(short as i64)));
    }
    let mut value = Some(0i64);
    for &b in &bytes[from..at] {
        value = value
            .and_then(|v| v.checked_mul(10))
            .and_then(|v| v.checked_sub(i64::from(b - b'0')));
    }
    (at, value)
}

/// The number of `text` at `from` (JSON's grammar, finite as an `f64`):
/// where it ends, and its value when it is an integer (no fraction, no
/// exponent) within `i64`; or why it is not a number, and where.
#[inline(always)]
fn number_at(text: &str, from: usize) -> Result<(usize, Option<i64>), (&'static str, usize)> {
    let bytes = text.as_bytes();
    let negative = bytes.get(from) == Some(&b'-');
    let int_from = from + usize::from(negative);
    let (int_end, negated) = digits(bytes, int_from);
    // An integer within i64 (nearly every number of a plan), or a
    // fraction such as `1.0` (a scale), with no leading zero and no
    // exponent: read here; anything else by the whole grammar. A
    // fraction with at most 308 integer digits is finite.
    let first = bytes.get(int_from).copied();
    let n = int_end - int_from;
    if n == 1 || (n > 1 && first != Some(b'0')) {
        match bytes.get(int_end) {
            Some(b'e' | b'E') => {}
            Some(b'.') => {
                let frac_end = digits(bytes, int_end + 1).0;
                if frac_end > int_end + 1
                    && n <= 308
                    && !matches!(bytes.get(frac_end), Some(b'e' | b'E'))
                {
                    return Ok((frac_end, None));
                }
            }
            _ => {
                if let Some(value) = signed(negative, negated) {
                    return Ok((int_end, Some(value)));
                }
            }
        }
    }
    number_grammar(text, from)
}

/// An integer's value from its digits read negated (as `digits` reads
/// them, so that `i64::MIN` fits), when it is within `i64`.
fn signed(negative: bool, negated: Option<i64>) -> Option<i64> {
    if negative {
        negated
    } else {
        negated.and_then(i64::checked_neg)
    }
}

/// [`number_at`] of a number other than a plain integer within `i64`.
#[cold]
#[inline(never)]
fn number_grammar(text: &str, from: usize) -> Result<(usize, Option<i64>), (&'static str, usize)> {
    let bytes = text.as_bytes();
    let negative = bytes.get(from) == Some(&b'-');
    let int_from = from + usize::from(negative);
    let (int_end, negated) = digits(bytes, int_from);
    let n = int_end - int_from;
    if n == 0 || (n > 1 && bytes[int_from] == b'0') {
        return Err(("a number's integer part", int_end));
    }
    let (mut frac_from, mut at) = (int_end, int_end);
    if bytes.get(at) == Some(&b'.') {
        frac_from = at + 1;
        at = digits(bytes, frac_from).0;
        if at == frac_from {
            return Err(("a number's fraction without digits", at));
        }
    }
    let frac_end = at;
    let mut exp = 0i64;
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let minus = bytes.get(at) == Some(&b'-');
        if let Some(b'+' | b'-') = bytes.get(at) {
            at += 1;
        }
        let (end, negated) = digits(bytes, at);
        if end == at {
            return Err(("a number's exponent without digits", at));
        }
        at = end;
        // Past any f64's range either way when it does not fit.
        let e = negated.and_then(i64::checked_neg).unwrap_or(i64::MAX / 2);
        exp = if minus { -e } else { e };
    }
    if at == int_end {
        if let Some(value) = signed(negative, negated) {
            return Ok((at, Some(value)));
        }
    }
    let int = &bytes[int_from..int_end];
    let frac = &bytes[frac_from..frac_end];
    if !finite(int, frac, exp, &text[from..at]) {
        return Err(("a number out of range", at));
    }
    Ok((at, None))
}

/// Whether a number with integer digits `int`, fraction digits `frac` and
/// exponent `exp` is finite as an `f64` (what `str::parse` makes of it:
/// the text `text`). Its first digit that is not 0 is digit `k - 1` of
/// the decimal point's left (`k` may be negative): below `10^308` it is
/// finite, from `10^309` on it is not; between, the first 17 digits tell
/// when they are below those of `f64::MAX` rounded up, else the text is
/// parsed.
fn finite(int: &[u8], frac: &[u8], exp: i64, text: &str) -> bool {
    let digits = || int.iter().chain(frac).copied();
    let zeros = digits().take_while(|&d| d == b'0').count();
    if zeros == int.len() + frac.len() {
        return true;
    }
    let k = (int.len() as i64 - zeros as i64).saturating_add(exp);
    match k {
        ..=308 => true,
        309 => {
            let mut first = [b'0'; 17];
            for (slot, d) in first.iter_mut().zip(digits().skip(zeros)) {
                *slot = d;
            }
            first < *b"17976931348623158" || text.parse::<f64>().is_ok_and(f64::is_finite)
        }
        _ => false,
    }
}

impl Reader<'_> {
    /// Why the text is not JSON: `what` is wrong at the current byte.
    fn fail(&self, what: &'static str) -> SyntaxError {
        syntax(what, self.at)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Moves past bytes that neither end a string nor start an escape.
    fn plain_run(&mut self) {
        let rest = &self.bytes[self.at..];
        self.at += stop(rest).unwrap_or(rest.len());
    }

    /// The rest of a string that has an escape (or is malformed), from
    /// `from`, its first byte.
    fn escaped(&mut self, from: usize) -> Result<String, SyntaxError> {
        let mut owned = String::from(&self.text[from..self.at]);
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(owned);
                }
                Some(b'\\') => {
                    self.at += 1;
                    owned.push(self.escape()?);
                }
                Some(_) => return Err(self.fail("a control character in a string")),
                None => return Err(self.fail("a string without its closing quote")),
            }
            let run = self.at;
            self.plain_run();
            owned.push_str(&self.text[run..self.at]);
        }
    }

    /// The character an escape (after its backslash) stands for.
    fn escape(&mut self) -> Result<char, SyntaxError> {
        let Some(b) = self.peek() else {
            return Err(self.fail("a string without its closing quote"));
        };
        self.at += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode(),
            _ => return Err(self.fail("an unknown escape")),
        })
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let digits = self.bytes.get(self.at..self.at + 4);
        let text = digits.and_then(|d| std::str::from_utf8(d).ok());
        let v = text
            .filter(|t| t.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|t| u32::from_str_radix(t, 16).ok())
            .ok_or_else(|| self.fail("a \\u escape without four hex digits"))?;
        self.at += 4;
        Ok(v)
    }

    /// A `\u` escape's character, a surrogate pair read whole.
    fn unicode(&mut self) -> Result<char, SyntaxError> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if !self.bytes[self.at..].starts_with(b"\\u") {
                return Err(self.fail("a lone surrogate"));
            }
            self.at += 2;
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.fail("a lone surrogate"));
            }
            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.fail("a lone surrogate"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#" {"a": [1, -2, 0.5, 1e3, true, false, null], "b\n": "x\u00e9\ud83d\ude00\"",
            "c": {"d": []}, "e": {}, "long key without escapes": "a longer text, past eight bytes"} "#;
        let doc = parse(text).expect("JSON");
        let mine = doc.root();
        let theirs: serde_json::Value = serde_json::from_str(text).expect("JSON");
        let a: Vec<_> = mine
            .get("a")
            .and_then(|a| a.as_array())
            .expect("a")
            .collect();
        assert_eq!(a.len(), 7);
        assert_eq!(a[1].as_i64(), Some(-2));
        assert_eq!(a[2].as_i64(), None);
        assert!(a[2].is_number() && a[3].is_number() && a[6].is_null());
        assert_eq!(a[4].as_bool(), Some(true));
        assert_eq!(
            mine.get("b\n").and_then(|v| v.as_str()),
            theirs["b\n"].as_str()
        );
        assert_eq!(
            mine.get("long key without escapes")
                .and_then(|v| v.as_str()),
            Some("a longer text, past eight bytes")
        );
        assert_eq!(
            mine.get("c")
                .and_then(|c| c.get("d"))
                .and_then(|d| d.as_array())
                .map(|d| d.len()),
            Some(0)
        );
        assert_eq!(
            mine.get("e").and_then(|e| e.as_object()).map(|m| m.count()),
            Some(0)
        );
        assert_eq!(mine.as_object().map(|m| m.count()), Some(5));
        let back: serde_json::Value = serde_json::from_str(&mine.to_string()).expect("JSON");
        assert_eq!(back, theirs);
    }

    #[test]
    fn refuses_what_is_not_json_or_has_a_key_twice() {
        for bad in [
            "",
            "{",
            "[1,]",
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":1,}",
            "{a:1}",
            "01",
            "-",
            "1.",
            "1e",
            "1e999",
            "\"\\x\"",
            "\"a",
            "\"\u{1}\"",
            "\"abcdefgh\u{1}ijk\"",
            "tru",
            "nul",
            "[] x",
            "\"\\ud800\"",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
            assert!(
                serde_json::from_str::<serde_json::Value>(bad).is_err(),
                "{bad:?}"
            );
        }
        for twice in [
            "{\"a\":1,\"a\":2}",
            "{\"b\":{\"a\":[1],\"a\":1}}",
            "{\"a\":{\"x\":1},\"b\":2,\"a\":3}",
        ] {
            assert!(parse(twice).is_err(), "{twice}");
        }
        assert!(parse("{\"a\":{\"a\":1},\"b\":{\"a\":2}}").is_ok());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(parse(&deep).is_err());
        let fits = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&fits).is_ok());
    }

    #[test]
    fn integers_outside_i64_are_numbers_but_not_integers() {
        let doc =
            parse("[9223372036854775807, 9223372036854775808, -9223372036854775808, -0, 1.0]")
                .expect("JSON");
        let a: Vec<_> = doc.root().as_array().expect("array").collect();
        assert_eq!(a[0].as_i64(), Some(i64::MAX));
        assert_eq!(a[1].as_i64(), None);
        assert!(a[1].is_number());
        assert_eq!(a[2].as_i64(), Some(i64::MIN));
        assert_eq!(a[3].as_i64(), Some(0));
        assert_eq!(a[4].as_i64(), None);
    }

    /// The integers and plain fractions `number_at` reads itself, it
    /// reads as the whole grammar does; the rest it leaves to the grammar.
    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn number_at_reads_integers_as_the_whole_grammar_does() {
        let numbers = [
            "",
            "-",
            "0",
            "-0",
            "7",
            "-7",
            "00",
            "01",
            "-01",
            "10",
            "1.5",
            "1.",
            "1e5",
            "1E5",
            "1e",
            "-1e-5",
            "0.5",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234",
        ];
        let long: Vec<String> = [307, 308, 309, 310]
            .iter()
            .flat_map(|&k| {
                [
                    format!("{}.5", "9".repeat(k)),
                    format!("-{}.0", "1".repeat(k)),
                ]
            })
            .collect();
        for n in numbers.into_iter().chain(long.iter().map(String::as_str)) {
            for end in ["", ",", "]", "}", " ", "x", ".", "e"] {
                let text = format!("{n}{end}");
                for from in [0, 1] {
                    let text = format!("{}{text}", " ".repeat(from));
                    assert_eq!(
                        number_at(&text, from),
                        number_grammar(&text, from),
                        "{text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn numbers_past_f64s_range_are_refused_as_str_parse_finds_them() {
        for text in [
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "17976931348623157e292",
            "0.00017976931348623158e312",
            "1.8e308",
            "9.9e308",
            "1e309",
            "1e308",
            "-1.7976931348623159e308",
            "1e-400",
            "0.0e99999999999999999999999",
            "1e99999999999999999999999",
            "1e-99999999999999999999999",
            "123456789012345678901234567890",
            "1e9223372036854775807",
            "1e9223372036854775808",
            "1e-9223372036854775808",
            "1e0000000000000000000000000309",
        ] {
            let want = text.parse::<f64>().is_ok_and(f64::is_finite);
            assert_eq!(parse(text).is_ok(), want, "{text}");
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "touches no unsafe code; slow under Miri")]
    fn stop_finds_the_first_quote_backslash_or_control_byte_as_stops_does() {
        let mut text: Vec<u8> = (0..=255u8).collect();
        text.extend((0..=255u8).rev());
        for from in 0..text.len() {
            for len in [0, 1, 7, 8, 9, 16, 17, 40] {
                let bytes = &text[from..(from + len).min(text.len())];
                let want = bytes.iter().position(|&b| STOPS[usize::from(b)]);
                assert_eq!(stop(bytes), want, "{bytes:?}");
            }
        }
        for b in 0..=255u8 {
            for at in 0..24 {
                let mut text = vec![b'a'; 24];
                text[at] = b;
                // A stop after `b`: a borrow from `b` must not hide it.
                text[23] = b'"';
                let want = text.iter().position(|&b| STOPS[usize::from(b)]);
                assert_eq!(stop(&text), want, "{b} at {at}");
            }
        }
    }

    #[test]
    fn a_string_stops_at_a_quote_backslash_or_control_byte() {
        let stops: Vec<u8> = (0..=255u8).filter(|&b| STOPS[usize::from(b)]).collect();
        let mut want: Vec<u8> = (0..0x20).collect();
        want.extend([b'"', b'\\']);
        want.sort_unstable();
        assert_eq!(stops, want);
    }
}
