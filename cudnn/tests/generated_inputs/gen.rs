//! The generator: a seeded splitmix64 stream and the values the cases draw
//! from it, biased towards the edges (0, 1, `i32::MAX` and one past it,
//! `u32::MAX`, `usize::MAX`, sizes whose products overflow, NaN and the
//! infinities, strings and paths that are not UTF-8).

use std::ffi::OsString;
use std::path::PathBuf;

/// splitmix64: one `u64` of state, every seed a good stream.
#[derive(Debug, Clone)]
pub struct Rng(u64);

/// Mixes `x` into a well-spread `u64` (splitmix64's finaliser).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A stable hash of a name (FNV-1a), to give each area its own streams.
pub fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Sizes on and around every edge a size check has.
pub const EDGE_SIZES: [usize; 26] = [
    0,
    1,
    2,
    3,
    7,
    8,
    9,
    16,
    255,
    256,
    46_340,
    46_341,
    65_535,
    65_536,
    1 << 20,
    i32::MAX as usize - 1,
    i32::MAX as usize,
    i32::MAX as usize + 1,
    u32::MAX as usize,
    1 << 32,
    1 << 40,
    usize::MAX / 2,
    usize::MAX / 2 + 1,
    usize::MAX - 1,
    usize::MAX,
    usize::MAX / 3,
];

/// `f64`s that every float check must survive.
pub const EDGE_F64: [f64; 16] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    1e-5,
    1e-300,
    f64::MIN_POSITIVE,
    f64::EPSILON,
    1e300,
    f64::MAX,
    f64::MIN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    -f64::NAN,
];

impl Rng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The stream of case `index` of the area `area` under `seed`: each case
    /// replays on its own.
    pub fn for_case(seed: u64, area: &str, index: u64) -> Rng {
        Rng(mix(seed
            ^ mix(name_hash(area))
            ^ mix(index.wrapping_add(1))))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// A `usize` in `0..n`.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.index(hi.saturating_sub(lo).saturating_add(1))
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// One element of `items` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// A size: mostly small and valid (1 to 8), else an edge or any value.
    pub fn size(&mut self) -> usize {
        match self.below(20) {
            0..=13 => self.range(1, 8),
            14 | 15 => self.pick(&EDGE_SIZES),
            16 => 0,
            17 => self.range(9, 300),
            18 => self.next_u64() as usize,
            _ => (self.next_u64() >> self.below(64)) as usize,
        }
    }

    /// A size that is usually valid for cuDNN (1 to 6), sometimes an edge.
    pub fn small(&mut self) -> usize {
        if self.one_in(12) {
            self.size()
        } else {
            self.range(1, 6)
        }
    }

    /// A length of a buffer: mostly near `required` (just short, exact,
    /// longer), else an edge.
    pub fn len_near(&mut self, required: usize) -> usize {
        match self.below(8) {
            0 => required.saturating_sub(1),
            1..=3 => required,
            4 => required.saturating_add(self.index(16)),
            5 => 0,
            6 => self.pick(&EDGE_SIZES),
            _ => self.next_u64() as usize,
        }
    }

    /// A rank: mostly 3 to 5, sometimes anything from 0 to 10.
    pub fn rank(&mut self) -> usize {
        if self.one_in(6) {
            self.range(0, 10)
        } else {
            self.range(3, 5)
        }
    }

    /// Dims of a generated [`rank`](Self::rank), each a [`size`](Self::size).
    pub fn any_dims(&mut self) -> Vec<usize> {
        let rank = self.rank();
        self.sizes(rank)
    }

    /// A path of `lo..=hi` components (see [`path`](Self::path)).
    pub fn path_of(&mut self, lo: usize, hi: usize) -> PathBuf {
        let parts = self.range(lo, hi);
        self.path(parts)
    }

    /// `n` values of [`small`](Self::small).
    pub fn smalls(&mut self, n: usize) -> Vec<usize> {
        (0..n).map(|_| self.small()).collect()
    }

    /// `n` values of [`size`](Self::size).
    pub fn sizes(&mut self, n: usize) -> Vec<usize> {
        (0..n).map(|_| self.size()).collect()
    }

    /// A `u32` raw value of a C enum: mostly one of the first `known`
    /// (valid) values, else an edge or anything.
    pub fn enum_value(&mut self, known: u32) -> u32 {
        match self.below(10) {
            0 => self.pick(&[known, known + 1, 100, 1000, i32::MAX as u32, u32::MAX]),
            1 => self.next_u64() as u32,
            _ => self.below(u64::from(known.max(1))) as u32,
        }
    }

    /// An `f64`: an edge value or a plain number.
    pub fn f64(&mut self) -> f64 {
        match self.below(4) {
            0 => self.pick(&EDGE_F64),
            1 => f64::from_bits(self.next_u64()),
            _ => (self.next_u64() % 2001) as f64 / 100.0 - 10.0,
        }
    }

    /// An `f64` that is usually a reasonable positive parameter.
    pub fn param(&mut self, lo: f64, hi: f64) -> f64 {
        if self.one_in(4) {
            self.f64()
        } else {
            lo + (hi - lo) * (self.next_u64() % 1_000_001) as f64 / 1e6
        }
    }

    /// An `f32` from [`f64`](Self::f64), or any bit pattern.
    pub fn f32(&mut self) -> f32 {
        if self.one_in(5) {
            f32::from_bits(self.next_u64() as u32)
        } else {
            self.f64() as f32
        }
    }

    /// A short string: ASCII, edge characters, or any `char`s.
    pub fn text(&mut self, max: usize) -> String {
        let n = self.index(max + 1);
        (0..n)
            .map(|_| match self.below(6) {
                0 => self.pick(&['\0', '/', '\\', '.', ':', '"', ' ', '_', '\u{FEFF}', 'é']),
                1 => char::from_u32(self.below(0x11_0000) as u32).unwrap_or('?'),
                _ => char::from(b'a' + self.below(26) as u8),
            })
            .collect()
    }

    /// Bytes that are often not UTF-8.
    pub fn bytes(&mut self, max: usize) -> Vec<u8> {
        let n = self.index(max + 1);
        (0..n)
            .map(|_| match self.below(4) {
                0 => self.pick(&[0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0]),
                _ => self.below(256) as u8,
            })
            .collect()
    }

    /// An `OsString` that is often not Unicode (on Windows: unpaired
    /// surrogates; elsewhere: bytes that are not UTF-8).
    pub fn os_string(&mut self, max: usize) -> OsString {
        if self.coin() {
            return OsString::from(self.text(max));
        }
        non_unicode(self, max)
    }

    /// A path made of `parts` components of [`os_string`](Self::os_string)
    /// or of names the search looks for, with either separator.
    pub fn path(&mut self, parts: usize) -> PathBuf {
        let mut out = OsString::new();
        if self.coin() {
            out.push(self.pick(&["/", "C:\\", "\\\\server\\share\\", "", "./", "Z:"]));
        }
        for i in 0..parts {
            if i > 0 {
                out.push(self.pick(&["/", "\\", "//", "/./", "/../"]));
            }
            if self.coin() {
                out.push(self.pick(&NAMES));
            } else {
                out.push(self.os_string(12));
            }
        }
        PathBuf::from(out)
    }
}

/// Names the library search and the sub-library checks react to.
pub const NAMES: [&str; 24] = [
    "lib",
    "lib64",
    "bin",
    "Lib",
    "Library",
    "site-packages",
    "nvidia",
    "cudnn",
    "python3.12",
    "python3.9",
    "python2.7",
    "python3.",
    "python3.99999999999999",
    "v9.1",
    "v8.9",
    "v",
    "12.6",
    "13.0",
    "libcudnn.so.9",
    "libcudnn.so.8",
    "cudnn64_9.dll",
    "CUDNN64_8.DLL",
    "libcudnn_ops.so.9",
    "NVIDIA",
];

#[cfg(unix)]
fn non_unicode(rng: &mut Rng, max: usize) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(rng.bytes(max).into_iter().filter(|&b| b != b'/').collect())
}

#[cfg(windows)]
fn non_unicode(rng: &mut Rng, max: usize) -> OsString {
    use std::os::windows::ffi::OsStringExt;
    let n = rng.index(max + 1);
    let wide: Vec<u16> = (0..n)
        .map(|_| match rng.below(3) {
            0 => rng.pick(&[0xD800, 0xDBFF, 0xDC00, 0xDFFF]),
            _ => 0x20 + rng.below(0x5F) as u16,
        })
        .filter(|&w| w != u16::from(b'\\') && w != u16::from(b'/'))
        .collect();
    OsString::from_wide(&wide)
}

#[cfg(not(any(unix, windows)))]
fn non_unicode(rng: &mut Rng, max: usize) -> OsString {
    OsString::from(rng.text(max))
}
