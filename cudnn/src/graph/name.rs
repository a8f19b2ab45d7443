//! [`Name`]: the name of a graph or of one of its tensors, as a built
//! graph, its configurations and its plans hold it: in place up to
//! [`INLINE`] bytes (a uid written out, an operation's output, a
//! `finalizeMode`), shared beyond. Making one of a short name allocates
//! nothing, and a copy is a copy of its bytes.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The longest name kept in place.
pub(crate) const INLINE: usize = 22;

/// A name: its bytes in place, or a shared string.
#[derive(Clone)]
pub(crate) struct Name(Repr);

#[derive(Clone)]
enum Repr {
    /// The first `len` bytes of `bytes`, copied whole from `str`s.
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Shared(Arc<str>),
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::concat([s])
    }
}

impl Name {
    /// `parts` one after the other.
    pub(crate) fn concat<const N: usize>(parts: [&str; N]) -> Name {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if len > INLINE {
            return Name(Repr::Shared(parts.concat().into()));
        }
        let mut bytes = [0; INLINE];
        let mut at = 0;
        for p in parts {
            bytes[at..at + p.len()].copy_from_slice(p.as_bytes());
            at += p.len();
        }
        // Whole `str`s, one after the other: UTF-8; `len` fits a `u8`.
        Name(Repr::Inline {
            len: len as u8,
            bytes,
        })
    }
}

impl Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                let bytes = bytes.get(..usize::from(*len)).unwrap_or_default();
                // SAFETY: an inline name's first `len` bytes are whole
                // `str`s copied one after another (`concat`, the only
                // constructor), so they are UTF-8; the fields are private
                // to this module.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Repr::Shared(s) => s,
        }
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        **self == **other
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &**self == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &**self == *other
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

static_assertions::assert_eq_size!(Name, [u64; 3]);
static_assertions::assert_impl_all!(Name: Send, Sync);

/// `n` in decimal, written at the end of `buf` (20 digits hold any
/// `usize`).
pub(crate) fn decimal(n: usize, buf: &mut [u8; 20]) -> &str {
    let (mut n, mut at) = (n, buf.len());
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || at == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_reads_back_as_it_was_given_in_place_or_shared() {
        let long = "x".repeat(INLINE + 1);
        let names = [
            "",
            "1",
            "conv_out",
            "CONV_FORWARD",
            "ü€𝄞",
            &long[1..],
            &long,
        ];
        for s in names {
            let n = Name::from(s);
            assert_eq!(&*n, s);
            assert_eq!(n, *s);
            assert_eq!(n.clone(), n);
            assert_eq!(format!("{n}|{n:?}"), format!("{s}|{s:?}"));
            assert_eq!(matches!(n.0, Repr::Inline { .. }), s.len() <= INLINE, "{s}");
        }
        let (a, b) = (Name::from("a"), Name::from(&*long));
        assert!(a != b);
        assert_eq!(Name::concat(["conv", ".", "y"]), "conv.y");
        assert_eq!(Name::concat([&long, ".", "y"]), *format!("{long}.y"));
        assert_eq!(Name::concat(["", "", ""]), "");
    }
}

#[cfg(test)]
mod decimal_tests {
    #[test]
    fn decimal_writes_what_display_writes() {
        for n in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            let mut buf = [0; 20];
            assert_eq!(super::decimal(n, &mut buf), n.to_string());
        }
    }
}
